"""Ridgeline for the app: start a table from a setup dict, record hands from JSON-able action dicts, and
summarise a finished game for the history. Undo and resume replay the actions from `start`."""

from __future__ import annotations

from typing import Any

from companion.errors import IllegalAction, InvalidInput
from companion.games.ridgeline import rules
from companion.games.ridgeline.cards import Card
from companion.games.ridgeline.rules import Seat, State
from companion.games.ridgeline.scoring import score
from companion.games.words import UNRECOGNISED, safely
from companion.inputs import quote

__all__ = ["GAME_ID", "start", "apply", "summary", "describe_action", "setup_options"]

GAME_ID = "ridgeline"
_SETUP_KEYS = ("seats", "route", "first_dealer", "checked")


def start(setup: dict) -> State:
    """A new table from {"seats": [name or {"id", "name"}, ...], "route": "ridge" | "sprint",
    "first_dealer": name, "checked": true} ('Players': two to six seats; Ridge unless Sprint is chosen; seat 1
    deals first when no dealer is named). The app writes `"checked": true` into every setup: each hand's cards
    left are then checked against what a hand can hold (`rules.hand_problem`); a setup without it was saved
    before that check and replays its hands as they were recorded."""
    if not isinstance(setup, dict):
        raise InvalidInput(f"a Ridgeline setup must be an object with {', '.join(_SETUP_KEYS)}")
    unknown = [key for key in setup if key not in _SETUP_KEYS]
    if unknown:
        raise InvalidInput(f"unknown setup key {quote(unknown[0])}; a setup has {', '.join(_SETUP_KEYS)}")
    seats = setup.get("seats")
    if not isinstance(seats, list):
        raise InvalidInput(f"'seats' must be a list of players, not {quote(seats)}")
    checked = setup.get("checked", False)
    if not isinstance(checked, bool):
        raise InvalidInput(f"'checked' must be true or false, not {quote(checked)}")
    return rules.new_game(rules.make_setup([_seat(entry) for entry in seats], setup.get("route"),
                                           setup.get("first_dealer"), checked=checked))


def apply(state: State, action: dict) -> State:
    """Record one hand's result, given as {"went_out", "pitched", "left"} (the score file's hand shape)."""
    number = len(state.hands) + 1
    if state.over:
        raise IllegalAction(f"hand {number}: {rules.ended_reason(state)}")
    try:
        result = rules.parse_hand(action, state.setup.names)
    except (InvalidInput, IllegalAction) as exc:
        raise type(exc)(f"hand {number}: {exc}") from None
    return rules.apply(state, result)


def describe_action(state: State, action: dict) -> str:
    """One hand's entry in words, from the table as it stood before it: "Hand 3 (Bo dealt): Ann went out;
    Ann pitched camp 3, Cy camp 2; cards left: Bo 4, Cy 1"; never raises (an unreadable entry is "An entry
    the game does not recognise")."""
    return safely(_describe, state, action)


def summary(state: State) -> dict:
    """The history record's fields for a finished game: {"players": [{"id"?, "name", "score", "winner"}],
    "detail": {...}}, the score being the last hand's fatigue (lower is better), with the hand-by-hand
    detail shown at the end ('Fatigue', 'Winning')."""
    if not state.over:
        raise IllegalAction("the game is not over: nobody has cleared the summit yet")
    breakdown = score(state)
    route = state.setup.route
    players = []
    for seat, standing in zip(state.setup.seats, breakdown.seats):
        player = {"name": seat.name, "score": standing.fatigue, "winner": standing.winner}
        if seat.player_id is not None:
            player["id"] = seat.player_id
        # Without an id the keeper takes the session's player at this seat's place.
        players.append(player)
    return {
        "players": players,
        "detail": {
            "route": route.id,
            "route_name": route.name,
            "camps": list(route.camps),
            "lower_is_better": True,
            "winner": list(state.winners),
            "standings": [
                {"name": s.seat, "camps_cleared": s.camps_cleared, "cards": _codes(s.cards),
                 "card_fatigue": s.card_fatigue, "camp_fatigue": s.camp_fatigue, "fatigue": s.fatigue}
                for s in breakdown.seats
            ],
            "hands": [
                {
                    "hand": record.number,
                    "dealer": record.dealer,
                    "went_out": record.result.went_out,
                    "pitched": list(record.result.pitched),
                    "seats": {
                        s.seat: {"camps_cleared": s.camps_cleared, "fatigue": s.fatigue, "left": _codes(s.cards)}
                        for s in record.seats
                    },
                }
                for record in state.hands
            ],
        },
    }


def _describe(state: State, action: Any) -> str:
    if not isinstance(action, dict):
        return UNRECOGNISED
    names = state.setup.names
    result = rules.parse_hand(action, names)
    number = len(state.hands) + 1
    dealer = names[(state.setup.first_dealer + number - 1) % len(names)]
    words = f"Hand {number} ({dealer} dealt): {result.went_out} went out"
    route = state.route
    camps = []
    for name in result.pitched:
        done = state.camps_cleared(name)
        if done >= route.length:
            camps.append(f"{name} pitched past the summit")
        else:
            camp = route.camps[done]
            summit = " (the summit)" if done + 1 == route.length else ""
            camps.append(f"{name} camp {camp}{summit}" if camps else f"{name} pitched camp {camp}{summit}")
    words += "; " + (", ".join(camps) if camps else "nobody pitched")
    left = [(name, len(cards)) for name, cards in result.left if cards]
    if left:
        words += "; cards left: " + ", ".join(f"{name} {n}" for name, n in left)
    return words


def _seat(entry: Any) -> Seat:
    if isinstance(entry, str):
        return Seat(entry)
    if isinstance(entry, dict) and set(entry) <= {"id", "name"} and "name" in entry:
        player_id = entry.get("id")
        if player_id is not None and not isinstance(player_id, str):
            raise InvalidInput(f"seat id {quote(player_id)} must be a string or null")
        if not isinstance(entry["name"], str):
            raise InvalidInput(f"seat name {quote(entry['name'])} must be a string")
        return Seat(entry["name"], player_id)
    raise InvalidInput(f"a seat is a name or {{\"id\", \"name\"}}, not {quote(entry)}")


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [card.code for card in cards]


def setup_options(setup: dict[str, Any]) -> list[dict[str, Any]]:
    """What of a table's setup can be corrected once hands are recorded: the route (Ridge or Sprint) and who
    dealt first. Each option is {"label", "choices": [{"label", "setup", "current"}]}; the seats are the
    table itself, not corrected here."""
    seats = setup.get("seats") if isinstance(setup.get("seats"), list) else []
    names = [seat.get("name") if isinstance(seat, dict) else seat for seat in seats]
    names = [name for name in names if isinstance(name, str)]
    route = setup.get("route") or "ridge"
    dealer = setup.get("first_dealer") or (names[0] if names else None)
    routes = [{"label": label, "setup": {**setup, "route": value}, "current": route == value}
              for value, label in (("ridge", "Ridge"), ("sprint", "Sprint"))]
    dealers = [{"label": name, "setup": {**setup, "first_dealer": name}, "current": dealer == name}
               for name in names]
    return [{"label": "Route", "choices": routes}, {"label": "First dealer", "choices": dealers}]
