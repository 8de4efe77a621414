"""Ridgeline for the app: start a table from a setup dict, record hands from JSON-able action dicts, and
summarise a finished game for the history. Undo and resume replay the actions from `start`."""

from __future__ import annotations

from typing import Any

from companion.errors import IllegalAction, InvalidInput
from companion.games.ridgeline import rules
from companion.games.ridgeline.cards import Card
from companion.games.ridgeline.rules import Seat, State
from companion.games.ridgeline.scoring import score
from companion.inputs import quote

__all__ = ["GAME_ID", "start", "apply", "summary"]

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
