"""Freunde for the app: a game is its setup plus its list of JSON action documents (shared/DESIGN.md).

`start(setup)` checks the setup and returns the state before turn 1; `apply(state, action)` applies one
action document ({"type": "play" | "risk" | "climber" | "pay_risk" | "done" | "weather" | "draw" |
"rules", ...}, the shapes in docs/formats.md); `summary(state)` gives a finished game's history record fields.
"""

from __future__ import annotations

from typing import Any

from companion.errors import IllegalAction
from companion.games.freunde import rules
from companion.games.freunde.data import Card, CardKind
from companion.games.freunde.files import result_from_state
from companion.games.freunde.rules import State
from companion.games.words import MINUS, UNRECOGNISED, and_list, count, safely

__all__ = ["GAME_ID", "start", "apply", "summary", "title", "stamped", "older_rules", "switched",
           "switch_to_printed", "why_no_switch", "describe_action"]

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


def describe_action(state: State, action: dict[str, Any]) -> str:
    """One entry in words, from the game as it stood before it: "Turn 4, Ann's climber A moved from S2 to S5
    with Move 2 and Move 1; pitched its tent", "Turn 4, Bo took a risk token of 2", "Day 5's weather: snow (−1
    acclimatization in the 7000 m zone)"; never raises (an unreadable entry is "An entry the game does not
    recognise")."""
    return safely(_describe, state, action)


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


def _describe(state: State, doc: Any) -> str:
    if not isinstance(doc, dict):
        return UNRECOGNISED
    action = rules.action_from_doc(state, doc)
    turn = f"Turn {state.turn}"
    if isinstance(action, rules.SetWeather):
        days = (action.weather,) + action.later
        if len(days) == 1:
            return f"Day {action.day}'s weather: {_weather(action.weather)}"
        last = action.day + len(days) - 1
        return f"Weather of days {action.day}\u2013{last}: " + "; ".join(_weather(day) for day in days)
    if isinstance(action, rules.SwitchRules):
        which = "the printed rules" if action.rules == rules.PRINTED_RULES else "the companion's earlier readings"
        return f"From turn {state.turn} on: {which}"
    if isinstance(action, rules.TakeRisk):
        taker = state.risk_taker
        who = f", {state.players[taker].name}" if taker is not None else ""
        words = f"{turn}{who} took a risk token of {action.value}"
        return words + (f" (a {action.revealed} turned face up)" if action.revealed is not None else "")
    name = state.players[action.player].name
    if isinstance(action, rules.Draw):
        return f"{turn}, {name} drew {_cards(action.cards)}"
    if isinstance(action, rules.PlayCards):
        return f"{turn}, {name} played {_cards(action.cards)}"
    if isinstance(action, rules.EndActions):
        return f"{turn}, {name} is done"
    if isinstance(action, rules.PayRisk):
        return f"{turn}, {name} paid {count(action.amount, 'risk point')} off climber {action.climber}'s acclimatization"
    return f"{turn}, {name}'s climber {action.climber} " + _climber_words(state, action)


def _climber_words(state: State, action: rules.ClimberAction) -> str:
    start = _space(state, state.players[action.player].climber(action.climber).space)
    if action.path:
        words = f"moved from {start} to {_space(state, action.path[-1])}"
    elif action.tent:
        words = f"pitched its tent on {start}"
    elif any(card.kind is CardKind.ACCLIMATIZATION for card in action.cards):
        words = f"acclimatized on {start}"
    else:
        words = f"stayed on {start}"
    if action.cards:
        words += f" with {_cards(action.cards)}"
    if action.path and action.tent:
        words += "; pitched its tent"
    if action.risk_move:
        words += f"; {count(action.risk_move, 'risk point')} off its movement"
    if action.risk_accl:
        words += f"; {count(action.risk_accl, 'risk point')} off its acclimatization"
    return words


def _cards(cards: tuple[Card, ...]) -> str:
    """Cards as the table says them: 'Move 2', 'Rope 1 or 3 down', 'Acclimatize +1'."""
    return and_list(_card(card) for card in cards) or "no cards"


def _card(card: Card) -> str:
    if card.kind is CardKind.MOVE:
        return f"Move {card.value}"
    if card.kind is CardKind.ROPE:
        return f"Rope {card.value} or {card.down} down"
    return f"Acclimatize +{card.value}"


def _space(state: State, space: Any) -> str:
    if space == state.board.base_camp:
        return "base camp"
    if space == state.board.summit:
        return "the summit"
    return str(space)


def _weather(weather: rules.Weather) -> str:
    if weather.calm:
        return weather.label
    effects = []
    if weather.accl:
        effects.append(f"{MINUS}{weather.accl} acclimatization")
    if weather.move:
        effects.append(f"+{weather.move} movement per space")
    zones = sorted(weather.zones)
    where = f"in the {and_list(f'{zone} m' for zone in zones)} zone{'s' if len(zones) > 1 else ''}"
    return f"{weather.label} ({' and '.join(effects)} {where})"
