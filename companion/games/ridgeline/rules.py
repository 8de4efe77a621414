"""Ridgeline at the table, hand by hand: the seats, the route, each hand's result, camps, fatigue, the end.

The cards are played with the real deck; the companion records each hand's result (who went out, who pitched
and so climbed a camp, the cards every other seat was left holding) and keeps the climb and the fatigue.
A game is the fold of `apply` over those results, so undo and resume come from replaying them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Sequence, TypeAlias

from companion.errors import IllegalAction, InvalidInput
from companion.games.ridgeline.cards import Card, cards_fatigue, parse_cards, supply_problem
from companion.games.ridgeline.data import Camp, Route, RouteId, load
from companion.i18n.message import msg, reason_of
from companion.inputs import quote, text_problem

__all__ = [
    "SeatName",
    "Phase",
    "ActionKind",
    "Seat",
    "Setup",
    "HandResult",
    "Action",
    "SeatHand",
    "HandRecord",
    "NextHand",
    "State",
    "make_setup",
    "parse_route",
    "parse_hand",
    "hand_problem",
    "MAX_NAME",
    "MAX_HANDS",
    "new_game",
    "legal_actions",
    "next_hand",
    "most_in_hand",
    "ended_reason",
    "apply",
    "in_hand",
]

SeatName: TypeAlias = str  # a seat is named by its player's name; unique at the table

_HAND_KEYS = ("went_out", "pitched", "left")
MAX_NAME = 40        # a seat's name, as the roster's names
# The most hands a game is taken to have: a table clears at least a camp every few hands, and a Ridge game
# is some 10-20 hands; the rulebook sets no limit, so this only stops a file of endless hands.
MAX_HANDS = 500


class Phase(Enum):
    """Whether hands are still being played."""

    PLAYING = "playing"
    OVER = "over"


class ActionKind(Enum):
    """What can be recorded: the companion's only action is a finished hand's result."""

    HAND = "hand"


@dataclass(frozen=True)
class Seat:
    """A seat at the table: the player's name, and their roster id when they have one."""

    name: SeatName
    player_id: str | None = None


@dataclass(frozen=True)
class Setup:
    """Who sits where (in the order the deal passes, to the left), the route and who deals first."""

    seats: tuple[Seat, ...]
    route: Route
    first_dealer: int  # index into seats
    # Each hand's cards left are checked against what a hand can hold (`hand_problem`). False only for a
    # game saved before the companion checked them, so it replays as it was recorded.
    checked: bool = True

    @property
    def names(self) -> tuple[SeatName, ...]:
        """The seats' names in seating order."""
        return tuple(seat.name for seat in self.seats)


@dataclass(frozen=True)
class HandResult:
    """The action: how one hand ended. `left` lists every seat but the one who went out, in seat order."""

    went_out: SeatName
    pitched: tuple[SeatName, ...]
    left: tuple[tuple[SeatName, tuple[Card, ...]], ...]
    kind: ActionKind = field(default=ActionKind.HAND, compare=False)

    def cards_of(self, seat: SeatName) -> tuple[Card, ...]:
        """The cards listed for a seat (none for the seat who went out)."""
        return next((cards for name, cards in self.left if name == seat), ())

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON: the same shape as a hand of the score file."""
        return {
            "went_out": self.went_out,
            "pitched": list(self.pitched),
            "left": {name: [card.code for card in cards] for name, cards in self.left},
        }


Action: TypeAlias = HandResult  # the one action the companion records


@dataclass(frozen=True)
class SeatHand:
    """One seat's outcome of a hand: the climb after camps advance, and that hand's fatigue ('Fatigue')."""

    seat: SeatName
    went_out: bool
    pitched: bool
    cleared_camp: int | None  # the camp number cleared this hand
    camps_cleared: int
    camps_left: int
    cards: tuple[Card, ...]
    card_fatigue: int
    camp_fatigue: int

    @property
    def fatigue(self) -> int:
        """The hand's fatigue: the cards left in hand plus 25 per camp not cleared."""
        return self.card_fatigue + self.camp_fatigue


@dataclass(frozen=True)
class HandRecord:
    """A played hand: who dealt and led, the deal size, the result and every seat's outcome."""

    number: int
    dealer: SeatName
    leader: SeatName
    deal_size: int
    result: HandResult
    seats: tuple[SeatHand, ...]
    summit: tuple[SeatName, ...]  # the seats who cleared the route's last camp in this hand

    def seat(self, name: SeatName) -> SeatHand:
        """One seat's outcome."""
        return next(s for s in self.seats if s.seat == name)


@dataclass(frozen=True)
class NextHand:
    """What the table needs before dealing: the hand number, dealer, leader, deal size and each seat's camp."""

    number: int
    dealer: SeatName
    leader: SeatName
    deal_size: int
    camps: tuple[tuple[SeatName, Camp], ...]


@dataclass(frozen=True)
class State:
    """A game of Ridgeline after some hands."""

    setup: Setup
    hands: tuple[HandRecord, ...] = ()
    cleared: tuple[int, ...] = ()  # camps cleared per seat, in seat order
    phase: Phase = Phase.PLAYING
    winners: tuple[SeatName, ...] = ()

    @property
    def over(self) -> bool:
        """True once a hand has ended with someone on the summit ('Winning')."""
        return self.phase is Phase.OVER

    @property
    def route(self) -> Route:
        """The route being climbed."""
        return self.setup.route

    def camps_cleared(self, seat: SeatName) -> int:
        """How many camps of the route a seat has cleared."""
        return self.cleared[self.setup.names.index(seat)]

    def camp_of(self, seat: SeatName) -> Camp | None:
        """The camp a seat is working on, or None once they have cleared the route."""
        done = self.camps_cleared(seat)
        route = self.setup.route
        return load().camps[route.camps[done]] if done < route.length else None


def parse_route(value: Any) -> Route:
    """A route by id ('The route': Ridge, the default, or Sprint); None means the default."""
    data = load()
    if value is None:
        return data.default_route
    if not isinstance(value, str) or value not in data.routes:
        raise InvalidInput(f"route {quote(value)} is not a route; choose {' or '.join(map(repr, data.routes))}")
    return data.routes[value]


def make_setup(seats: Sequence[Seat], route: RouteId | None = None, first_dealer: SeatName | None = None, *,
               checked: bool = True) -> Setup:
    """Check and build a table ('Players': two to six seats, seat 1 deals first unless told otherwise).
    `checked=False` only for a game saved before hands were checked (`Setup.checked`)."""
    deck = load().deck
    if not deck.min_seats <= len(seats) <= deck.max_seats:
        raise InvalidInput(f"a table has {deck.min_seats} to {deck.max_seats} seats, not {len(seats)}")
    seen: set[str] = set()
    for seat in seats:
        if not isinstance(seat.name, str) or not seat.name.strip():
            raise InvalidInput(f"seat name {quote(seat.name)} must be a non-empty string")
        problem = text_problem(seat.name, max_len=MAX_NAME, what=f"seat name {quote(seat.name)}")
        if problem:
            raise InvalidInput(problem)
        if seat.name.casefold() in seen:
            raise InvalidInput(f"seat {quote(seat.name)} is at the table twice")
        seen.add(seat.name.casefold())
    ids = [seat.player_id for seat in seats if seat.player_id is not None]
    if len(set(ids)) != len(ids):
        raise InvalidInput("a player can take only one seat at the table")
    names = [seat.name for seat in seats]
    if first_dealer is None:
        dealer = 0
    elif isinstance(first_dealer, str) and first_dealer in names:
        dealer = names.index(first_dealer)
    else:
        raise InvalidInput(f"first dealer {quote(first_dealer)} is not at the table ({', '.join(names)})")
    return Setup(tuple(seats), parse_route(route), dealer, checked)


def new_game(setup: Setup) -> State:
    """A game before its first hand: nobody has cleared a camp."""
    return State(setup=setup, cleared=(0,) * len(setup.seats))


def legal_actions(state: State) -> tuple[ActionKind, ...]:
    """What may be recorded now: a hand's result until a hand ends with someone on the summit ('Winning')."""
    return () if state.over else (ActionKind.HAND,)


def most_in_hand(state: State) -> int:
    """The most cards a seat can hold when pitching in the hand being played: its deal plus the turn's draw
    ('A hand': ten dealt in the first hand, eleven after; 'A turn': one drawn before pitching); once the game
    is over, the most any hand can hold."""
    coming = next_hand(state)
    deck = load().deck
    return coming.deal_size + deck.draw_per_turn if coming is not None else deck.max_hand


def next_hand(state: State) -> NextHand | None:
    """The coming hand's dealer (passing left from the first dealer), leader (dealer's left) and deal size
    (ten on the first hand, eleven after: 'A hand'), or None once the game is over."""
    if state.over:
        return None
    number = len(state.hands) + 1
    dealer, leader, size = _deal(state.setup, number)
    camps = tuple((name, state.camp_of(name)) for name in state.setup.names)
    return NextHand(number, dealer, leader, size, camps)  # type: ignore[arg-type]


def parse_hand(doc: Any, seats: Sequence[SeatName]) -> HandResult:
    """Read a hand's result from JSON ({"went_out", "pitched", "left"}); InvalidInput names what is wrong."""
    if not isinstance(doc, dict):
        raise InvalidInput(f"a hand must be an object with {', '.join(_HAND_KEYS)}, not {quote(doc)}")
    unknown = [key for key in doc if key not in _HAND_KEYS]
    if unknown:
        raise InvalidInput(f"unknown key {quote(unknown[0])}; a hand has {', '.join(_HAND_KEYS)}")
    for key in _HAND_KEYS:
        if key not in doc:
            raise InvalidInput(f"{quote(key)} is missing")
    went_out = doc["went_out"]
    _check_seat(went_out, seats, "went_out")
    pitched = doc["pitched"]
    if not isinstance(pitched, list):
        raise InvalidInput(f"'pitched' must be a list of seats, not {quote(pitched)}")
    for name in pitched:
        _check_seat(name, seats, "pitched")
    if len(set(pitched)) != len(pitched):
        twice = next(name for name in pitched if pitched.count(name) > 1)
        raise InvalidInput(f"'pitched' names {quote(twice)} twice")
    left = doc["left"]
    if not isinstance(left, dict):
        raise InvalidInput(f"'left' must map each seat to the cards left in their hand, not {quote(left)}")
    for name in left:
        _check_seat(name, seats, "left")
    hands = []
    for name in seats:
        if name in left:
            cards = parse_cards(left[name], f"left[{quote(name)}]")
            declared = next((card for card in cards if card.declared), None)
            if declared is not None:
                raise InvalidInput(f"left[{quote(name)}]: {declared.code} is a declared Rope; a Rope in hand is "
                                   "written R")
            # The seat who went out may be listed with no cards; `apply` refuses any cards for them.
            if name != went_out or cards:
                hands.append((name, cards))
        elif name != went_out:
            raise InvalidInput(f"'left' has no entry for {name}; list the cards {name} was left holding")
    order = {name: index for index, name in enumerate(seats)}
    return HandResult(went_out, tuple(sorted(pitched, key=order.__getitem__)), tuple(hands))


def hand_problem(state: State, result: HandResult) -> str | None:
    """Why the cards listed cannot be what the seats were left holding at the end of the coming hand, or None
    (docs/rulings.md, Ridgeline, "What a hand can hold"): only the seat who went out has an empty hand ('A
    turn': discarding the last card goes out, a pitch keeps a card back, a lone Whiteout is kept), and a seat
    that pitched staged at least its camp's requirements, then discarded, so it holds at most the deal less
    those cards ('A hand', 'A turn'). The screens ask about a hand this refuses before recording it."""
    _, _, size = _deal(state.setup, len(state.hands) + 1)
    for name in state.setup.names:
        if name == result.went_out:
            continue
        cards = result.cards_of(name)
        if not cards:
            # i18n: {name} is a player's name
            return msg("{name} did not go out, so {name} still holds at least one card (only the seat who went "
                       "out empties its hand); list the cards {name} was left holding", name=name)
        camp = state.camp_of(name) if name in result.pitched else None
        if camp is not None:
            staged = sum(requirement.size for requirement in camp.requirements)
            if len(cards) > size - staged:
                # i18n: {name} is a player's name; {camp} a camp number; the others are numbers of cards
                return msg("{name} pitched camp {camp}, staging at least {staged} cards, then discarded, so {name} "
                           "holds at most {most} of the {size} dealt, not {held}", name=name, camp=camp.number,
                           staged=staged, most=size - staged, size=size, held=len(cards))
    return None


def ended_reason(state: State) -> str | None:
    """Why no more hands can be recorded ('Winning': the hand that puts anyone on the summit ends the
    game), or None while the game goes on."""
    if not state.over:
        return None
    last = state.hands[-1]
    # i18n: {names} are the players who reached the summit, "Ann" or "Ann and Bo"
    return msg("the game ended in hand {number} when {names} cleared the summit; no more hands can be played",
               number=last.number, names=_names(last.summit))


def apply(state: State, action: HandResult) -> State:
    """Record a hand: pitching seats climb one camp, every seat's fatigue is scored after camps advance, and
    a hand that ends with anyone on the summit ends the game ('A hand', 'Fatigue', 'Winning')."""
    number = len(state.hands) + 1
    try:
        return _apply(state, action, number)
    except (InvalidInput, IllegalAction) as exc:
        raise type(exc)(in_hand(number, exc)) from None


def in_hand(number: int, exc: BaseException) -> str:
    """'hand 3: <what the error says>', kept as a sentence a screen can say in the player's language."""
    # i18n: {number} is the hand's number; {reason} says what is wrong with it
    return msg("hand {number}: {reason}", number=number, reason=reason_of(exc))


# --- private helpers -------------------------------------------------------------------------------------


def _names(names: Sequence[SeatName]) -> str:
    """'Ann', 'Ann and Bo', 'Ann and Bo and Cy': players' names (data) joined in the player's language."""
    said = names[0] if names else ""
    for name in names[1:]:
        # i18n: one more player's name in a list: "Ann and Bo"
        said = msg("{names} and {name}", names=said, name=name)
    return said


def _check_seat(name: Any, seats: Sequence[SeatName], where: str) -> None:
    if not isinstance(name, str) or name not in seats:
        raise InvalidInput(f"{where} names {quote(name)}, who is not at the table ({', '.join(seats)})")


def _deal(setup: Setup, number: int) -> tuple[SeatName, SeatName, int]:
    count = len(setup.seats)
    dealer = (setup.first_dealer + number - 1) % count
    deck = load().deck
    size = deck.first_deal if number == 1 else deck.later_deal
    return setup.names[dealer], setup.names[(dealer + 1) % count], size


def _apply(state: State, action: HandResult, number: int) -> State:
    if state.over:
        raise IllegalAction(ended_reason(state))
    names = state.setup.names
    _check_seat(action.went_out, names, "went_out")
    for name in action.pitched:
        _check_seat(name, names, "pitched")
    if len(set(action.pitched)) != len(action.pitched):
        raise InvalidInput("'pitched' names a seat twice")
    listed = [name for name, _ in action.left]
    for name in listed:
        _check_seat(name, names, "left")
    for name in names:
        if name != action.went_out and name not in listed:
            raise InvalidInput(f"'left' has no entry for {name}; list the cards {name} was left holding")
    if action.cards_of(action.went_out):
        raise IllegalAction(
            f"{action.went_out} went out, so {action.went_out} holds no cards; leave them out of 'left'")
    dealer, leader, size = _deal(state.setup, number)
    for name, cards in action.left:
        if len(cards) > size:
            # i18n: {name} is a player's name; {count} and {size} are numbers of cards (always more than one)
            raise IllegalAction(msg("{name} is left holding {count} cards, but the deal was {size} and every turn "
                                    "ends with at most that many in hand", name=name, count=len(cards), size=size))
    supply = supply_problem(card for _, cards in action.left for card in cards)
    if supply:
        # i18n: {reason} says which cards cannot all exist, "only two Glacier 7 cards exist, but 3 are listed"
        raise InvalidInput(msg("the hands left are impossible: {reason}", reason=supply))
    problem = hand_problem(state, action) if state.setup.checked else None
    if problem:
        raise IllegalAction(problem)

    data = load()
    route = state.setup.route
    cleared = list(state.cleared)
    outcomes, summit = [], []
    for index, name in enumerate(names):
        pitched = name in action.pitched
        camp = route.camps[cleared[index]] if pitched else None
        if pitched:
            cleared[index] += 1
            if cleared[index] == route.length:
                summit.append(name)
        cards = () if name == action.went_out else action.cards_of(name)
        camps_left = route.length - cleared[index]
        outcomes.append(SeatHand(name, name == action.went_out, pitched, camp, cleared[index], camps_left,
                                 cards, cards_fatigue(cards), data.camp_fatigue * camps_left))
    record = HandRecord(number, dealer, leader, size, action, tuple(outcomes), tuple(summit))
    if not summit:
        return State(state.setup, state.hands + (record,), tuple(cleared))
    # A sole clearer wins; several clearers: the lowest fatigue among them, and a tie there is shared.
    lowest = min(record.seat(name).fatigue for name in summit)
    winners = tuple(name for name in summit if record.seat(name).fatigue == lowest)
    return State(state.setup, state.hands + (record,), tuple(cleared), Phase.OVER, winners)
