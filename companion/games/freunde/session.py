"""Freunde for the app: a game is its setup plus its list of JSON action documents (shared/DESIGN.md).

`start(setup)` checks the setup and returns the state before turn 1; `apply(state, action)` applies one
action document ({"type": "play" | "risk" | "climber" | "pay_risk" | "done" | "weather" | "draw" |
"rules", ...}, the shapes in docs/formats.md); `summary(state)` gives a finished game's history record fields.
"""

from __future__ import annotations

from typing import Any

from companion.errors import IllegalAction
from companion.games.freunde import rules
from companion.games.freunde.files import result_from_state
from companion.games.freunde.rules import State

__all__ = ["GAME_ID", "start", "apply", "summary", "title", "stamped", "older_rules", "switched",
           "switch_to_printed", "why_no_switch"]

GAME_ID = "freunde"


def start(setup: dict[str, Any]) -> State:
    """The state before turn 1 for a setup document (players, board, weather_season ...). A stored setup
    without "rules" is a game saved before the printed rulings: it replays under the earlier readings, so
    its past turns stay as they were played (docs/rulings.md, "Rulesets")."""
    return rules.new_game(rules.setup_from_doc(setup, default_rules=rules.EARLIER_RULES))


def stamped(setup: dict[str, Any]) -> dict[str, Any]:
    """The setup document of a new game, marked with the rulings it is played under."""
    return {**setup, "rules": rules.PRINTED_RULES}


def older_rules(state: State) -> bool:
    """True for a game started under the companion's earlier readings of four rules (team tents, the cap
    after the check, who bears the risk, victory points during a move), switched since or not."""
    return state.setup.ruleset == rules.EARLIER_RULES


def switched(state: State) -> bool:
    """True once a game started under the earlier readings follows the printed rules."""
    return older_rules(state) and rules.printed_rules(state)


def switch_to_printed() -> dict[str, Any]:
    """The action document that plays the rest of an older game by the printed rules (between turns)."""
    return {"type": rules.ActionType.RULES.value, "rules": rules.PRINTED_RULES}


def why_no_switch(state: State) -> str | None:
    """Why the game cannot switch to the printed rules now, or None."""
    return rules.why_no_switch(state)


def apply(state: State, action: dict[str, Any]) -> State:
    """The state after one action document; InvalidInput / IllegalAction say why it is refused."""
    return rules.apply(state, rules.action_from_doc(state, action))


def title(state: State) -> str:
    """A short title for lists: board side and weather season."""
    side = "Summer board" if state.board.id == "summer" else (
        "Winter board" if state.board.id == "winter" else state.board.title)
    return f"{side}, {state.setup.season} weather" + (" (solo)" if state.setup.solo else "")


def summary(state: State) -> dict[str, Any]:
    """History record fields of a finished game: game, title, players with score and winner, detail."""
    if not state.over:
        raise IllegalAction(f"turn {state.turn}: the game is not over yet; it ends after turn {rules.TURNS}"
                            " (or when a climber dies in a solo game)")
    result = result_from_state(state)
    detail = {key: value for key, value in result.items() if key != "turns"}
    return {
        "game": GAME_ID,
        "title": title(state),
        # A player without a roster id in the setup is left to the keeper, which maps seats to the
        # session's players in order.
        "players": [
            {**({"id": p["id"]} if p["id"] is not None else {}), "name": p["name"], "score": p["score"],
             "winner": p["winner"]}
            for p in result["players"]
        ],
        "detail": detail,
    }
