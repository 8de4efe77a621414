"""Trek 12 Expeditions for the app: an Expedition is its setup plus its list of action documents.

`start(setup)` checks the setup (players, solo, records as they stood, cards, envelopes already opened) and
returns the state before the first Ascent; `apply(state, action)` applies one action document ("reveal",
"pick", "use", "score", "open"; docs/formats.md); `summary(state)` gives the history record's fields once
the three Ascents are scored. The session keeper saves the Expedition after every action.
"""

from __future__ import annotations

from typing import Any

from companion.errors import IllegalAction
from companion.games.expedition import rules
from companion.games.expedition.files import report
from companion.games.expedition.rules import ASCENTS, State

__all__ = ["GAME_ID", "start", "apply", "summary", "title"]

GAME_ID = "expedition"


def start(setup: dict[str, Any]) -> State:
    """The Expedition before Ascent 1 for a setup document (Setup for an Expedition)."""
    return rules.new_expedition(rules.parse_setup(setup))


def apply(state: State, action: dict[str, Any]) -> State:
    """The Expedition after one action document; InvalidInput / IllegalAction say why it is refused."""
    return rules.apply(state, rules.parse_action(state, action))


def title(state: State) -> str:
    """A short title for lists: the Ascents, and Max in solo."""
    route = ", ".join(sheet.name for sheet in state.setup.sheets)
    return f"Expedition: {route}" + (" (solo against Max)" if state.setup.solo else "")


def summary(state: State) -> dict[str, Any]:
    """History record fields of a finished Expedition: each player's stars as the score, the winner(s), detail."""
    if not state.over:
        done = len(state.results)
        more = "an envelope is still to be opened" if done == ASCENTS else f"{done} of {ASCENTS} Ascents are scored"
        raise IllegalAction(f"the Expedition is not over: {more}")
    won, _ = rules.winner(state)
    table = rules.standing(state)
    players = [{"id": seat.id, "name": seat.name, "score": s.stars, "winner": n in won}
               for n, (seat, s) in enumerate(zip(state.setup.seats, table))]
    return {"game": GAME_ID, "title": title(state), "players": players, "detail": report(state, detail=True)}
