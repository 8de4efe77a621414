"""Trek 12 Expeditions for the app: an Expedition is its setup plus its list of action documents.

`start(setup)` checks the setup (players, solo, records as they stood, cards, envelopes already opened) and
returns the state before the first Ascent; `apply(state, action)` applies one action document ("reveal",
"pick", "use", "score", "open"; docs/formats.md); `summary(state)` gives the history record's fields once
the three Ascents are scored. The session keeper saves the Expedition after every action.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.errors import CompanionError, IllegalAction
from companion.games.expedition import rules
from companion.games.expedition.files import report
from companion.games.expedition.rules import ASCENTS, State
from companion.games.trek12.rules import Assist
from companion.games.trek12.session import CARD_WORDS, turn_words
from companion.games.words import UNRECOGNISED, and_list, count, number, safely, short_text

__all__ = ["GAME_ID", "start", "apply", "summary", "title", "describe_action"]

GAME_ID = "expedition"


def start(setup: dict[str, Any]) -> State:
    """The Expedition before Ascent 1 for a setup document (Setup for an Expedition)."""
    return rules.new_expedition(rules.parse_setup(setup))


def apply(state: State, action: dict[str, Any]) -> State:
    """The Expedition after one action document; InvalidInput / IllegalAction say why it is refused."""
    return rules.apply(state, rules.parse_action(state, action))


def describe_action(state: State, action: dict[str, Any]) -> str:
    """One entry in words, from the Expedition as it stood before it: "Ascent 1 (Dunai): revealed 2 Ropes,
    a Tent ...", "Ascent 2, picks after round 6: Ann took the Rope", "Ascent 1 (Dunai) scored: Ann 70, Bo 85
    (82 + 1 card cashed)"; never raises (an unreadable entry is "An entry the game does not recognise")."""
    return safely(_describe, state, action)


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


def _describe(state: State, doc: Any) -> str:
    if not isinstance(doc, dict):
        return UNRECOGNISED
    action = rules.parse_action(state, doc)
    names = state.setup.names
    ascent = f"Ascent {state.ascent}"
    if isinstance(action, rules.Reveal):
        cards = action.cards
        if cards is None:
            # The app draws from its seeded deck: the cards are known once the draw is made.
            after = _after(state, action)
            if after is None or not after.reveals:
                return f"{ascent} ({state.sheet.name}): the app reveals the Assist cards"
            cards = after.reveals[-1].cards
        return f"{ascent} ({state.sheet.name}): revealed {_cards(cards)}"
    if isinstance(action, rules.Picks):
        table = state.table
        when = f", picks after round {table.round - 1}" if table is not None and table.round > 1 else " picks"
        return f"{ascent}{when}: " + "; ".join(_pick(names, pick) for pick in action.picks)
    if isinstance(action, rules.Use):
        return f"{ascent}, {names[action.player]}: used the {CARD_WORDS[action.card]}"
    if isinstance(action, rules.ScoreAscent):
        return _score(state, action)
    if isinstance(action, rules.OpenEnvelope):
        pending = state.envelopes[-1] if state.phase is rules.Phase.ENVELOPE and state.envelopes else None
        what = "An envelope opened" if pending is None else \
            f"Envelope {pending.number} opened by {names[pending.opener]}"
        return what + (f": \u201c{short_text(action.note)}\u201d" if action.note else "")
    if isinstance(action, rules.StartSheet):
        if action.drop:
            return f"{ascent}: the sheet in the app set aside; the Ascent goes on on paper"
        merge = isinstance(action.ruleset, dict) and action.ruleset.get("merge_lines") is True
        return f"{ascent} ({state.sheet.name}): the sheet is played in the app" + \
            (", a number may join two Fixed Lines" if merge else "")
    # A turn written on the app's sheet: the Trek 12 turn in words, with the round and the player.
    table = state.table
    when = f", round {table.round}" if table is not None else ""
    return (f"{ascent}{when}, {names[action.player]}: "
            + turn_words(state.sheet, action.turn, solo=state.setup.solo))


def _after(state: State, action: rules.Action) -> State | None:
    try:
        return rules.apply(state, action)
    except CompanionError:
        return None


def _pick(names: tuple[str, ...], pick: rules.Pick) -> str:
    zone = f" for a zone of {pick.zone}s" if pick.zone is not None else ""
    if pick.card is None:
        return f"{names[pick.player]} took no card{zone}"
    words = f"{names[pick.player]} took the {CARD_WORDS[pick.card]}{zone}"
    if pick.give_back is not None:
        words += f" (gave back the {CARD_WORDS[pick.give_back]})"
    return words


def _score(state: State, action: rules.ScoreAscent) -> str:
    names = state.setup.names
    after = _after(state, action)
    head = f"Ascent {state.ascent} ({state.sheet.name}) scored: "
    if after is None or not after.results:
        # Not scorable from here: what was typed, the sheets' own points left out.
        parts = [f"{name} {number(points)}" for name, points in zip(names, action.points) if points is not None]
        return head + (", ".join(parts) or "the sheets' points")
    result = after.results[-1]
    parts = []
    for name, points, cashed, total in zip(names, result.points, result.cashed, result.totals):
        if cashed:
            parts.append(f"{name} {number(total)} ({number(points)} + {count(len(cashed), 'card')} cashed)")
        else:
            parts.append(f"{name} {number(total)}")
    words = head + ", ".join(parts)
    met = [(name, envelopes) for name, envelopes in zip(names, result.met) if envelopes]
    if met:
        words += "; challenges met: " + ", ".join(f"{name} {and_list(str(e) for e in envelopes)}"
                                                  for name, envelopes in met)
    if result.date:
        words += f"; {result.date}"
    return words


def _cards(cards: tuple[Assist, ...]) -> str:
    counts = Counter(cards)
    return and_list(f"{n} {_PLURALS[card]}" if n > 1 else f"a {CARD_WORDS[card]}"
                    for card, n in sorted(counts.items(), key=lambda kv: list(Assist).index(kv[0]))) or "no cards"


_PLURALS = {Assist.COMPASS: "Compasses", Assist.ROPE: "Ropes", Assist.TENT: "Tents", Assist.SCHNAPPS: "Schnapps"}
