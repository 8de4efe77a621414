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
from companion.i18n.message import Message, msg
from companion.inputs import quote

__all__ = ["GAME_ID", "start", "apply", "summary", "describe_action", "setup_options", "route_words"]

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
        raise IllegalAction(rules.in_hand(number, IllegalAction(rules.ended_reason(state))))
    try:
        result = rules.parse_hand(action, state.setup.names)
    except (InvalidInput, IllegalAction) as exc:
        raise type(exc)(rules.in_hand(number, exc)) from None
    return rules.apply(state, result)


def describe_action(state: State, action: dict) -> str:
    """One hand's entry in words, from the table as it stood before it: "Hand 3 (Bo dealt): Ann went out;
    Ann pitched camp 3, Cy camp 2; cards left: Bo 4, Cy 1"; never raises (an unreadable entry is "An entry
    the game does not recognise"). The words are a `Message`, so the entries list can say them in the player's
    language."""
    made: list[str] = []

    def describe(state: State, action: Any) -> str:
        made.append(_describe(state, action))
        return made[-1]

    text = safely(describe, state, action)
    # `safely` hands back plain text; the sentence itself, when it is the same, keeps its catalog id.
    return made[0] if made and isinstance(made[0], Message) and made[0] == text else text


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
            # Who cleared the route in the last hand: the lowest fatigue among them won ('Winning').
            "summit": list(state.hands[-1].summit),
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
    route = state.route
    camps: list[str] = []
    for name in result.pitched:
        done = state.camps_cleared(name)
        if done >= route.length:
            # i18n: an entry of the game's history; {name} is a player's name
            camps.append(msg("{name} pitched past the summit", name=name))
            continue
        camp = route.camps[done]
        summit = done + 1 == route.length
        if not camps and summit:
            # i18n: an entry of the game's history; {name} is a player's name, {camp} a camp number
            camps.append(msg("{name} pitched camp {camp} (the summit)", name=name, camp=camp))
        elif not camps:
            # i18n: an entry of the game's history; {name} is a player's name, {camp} a camp number
            camps.append(msg("{name} pitched camp {camp}", name=name, camp=camp))
        elif summit:
            # i18n: one more seat that pitched, after "Ann pitched camp 3, "; {camp} is a camp number
            camps.append(msg("{name} camp {camp} (the summit)", name=name, camp=camp))
        else:
            # i18n: one more seat that pitched, after "Ann pitched camp 3, "; {camp} is a camp number
            camps.append(msg("{name} camp {camp}", name=name, camp=camp))
    # i18n: an entry of the game's history, "Hand 3 (Bo dealt): Ann went out; Ann pitched camp 3"
    words = msg("Hand {number} ({dealer} dealt): {name} went out; {pitched}", number=number, dealer=dealer,
                name=result.went_out, pitched=_listed(camps) if camps else msg("nobody pitched"))
    left = [(name, len(cards)) for name, cards in result.left if cards]
    if left:
        # i18n: a seat's cards left in hand, in a list: "Bo 4"
        seats = _listed([msg("{name} {count}", name=name, count=n) for name, n in left])
        # i18n: an entry of the game's history, then how many cards each seat was left holding: "Bo 4, Cy 1"
        words = msg("{entry}; cards left: {seats}", entry=words, seats=seats)
    return words


def _listed(items: list[str]) -> str:
    """Items one after another, "Ann pitched camp 3, Cy camp 2", each said in the player's language."""
    said = items[0]
    for item in items[1:]:
        # i18n: a list going on by one more item: "Ann pitched camp 3, Cy camp 2"
        said = msg("{items}, {item}", items=said, item=item)
    return said


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
    routes = [{"label": _ROUTE_WORDS[value], "setup": {**setup, "route": value}, "current": route == value}
              for value in ("ridge", "sprint")]
    dealers = [{"label": name, "setup": {**setup, "first_dealer": name}, "current": dealer == name}
               for name in names]
    # i18n: the seat who deals the first hand of a Ridgeline game
    first_dealer = msg("First dealer")
    # i18n: the Ridgeline route climbed (Ridge or Sprint)
    return [{"label": msg("Route"), "choices": routes}, {"label": first_dealer, "choices": dealers}]


def route_words(route_id: Any, name: str) -> Message | str:
    """A route's name for people ('The route'): a shipped route's in the player's language where a screen says
    it (English on the command line), a route of another data file as that file names it."""
    word = _ROUTE_WORDS.get(route_id) if isinstance(route_id, str) else None
    return word if word is not None and word == name else name


# The shipped routes' names (data/ridgeline/camps.json), said in the player's language.
_ROUTE_WORDS = {
    # i18n: the full Ridgeline route (all ten camps), by its name
    "ridge": msg("Ridge"),
    # i18n: the short Ridgeline route (five camps), by its name
    "sprint": msg("Sprint"),
}
