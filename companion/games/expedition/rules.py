"""Trek 12 Expedition rules: three Ascents, the Assist cards around them, stars, records, envelopes and Max.

An Expedition is its `Setup` plus a list of actions; `apply(state, action)` returns the next `State` and
never changes the one given. The Ascents themselves (the sheets) are played with the Trek 12 engine or on
paper: this engine takes each Ascent's sheet points, the cards picked, used and cashed, and the challenges
met. Rulings: docs/rulings.md (Trek 12 Expeditions); action and setup formats: docs/formats.md.
"""

from __future__ import annotations

from random import Random
from collections import Counter
from dataclasses import dataclass, replace
from datetime import date
from enum import Enum
from typing import Any, Iterable, Mapping, TypeAlias, Union

from companion.errors import IllegalAction, InvalidInput
from companion.games.expedition.data import (
    ENVELOPES,
    Deck,
    EnvelopeNo,
    default_deck,
    expedition_sheets,
    parse_deck,
)
from companion.games.expedition.scoring import (
    CARD_POINTS,
    Standing,
    Stars,
    TieBreak,
    ascent_stars,
    best_indices,
    new_record,
    ranked,
    standings,
    winners,
)
from companion.games.expedition.challenges import challenges_met
from companion.games.trek12 import session as sheet_engine
from companion.games.trek12.data import Sheet
from companion.games.trek12.rules import MAX_ASSISTS, MAX_CARD_VALUES, ZONE_CARD_VALUES, Action as Turn, Assist, with_cards
from companion.games.trek12.scoring import score as sheet_score
from companion.games.trek12.session import Table
from companion.games.trek12.solo import MAX_NAME, max_score
from companion.games.expedition.wording import CARD_IDS, and_list, card_id_count, comma_list
from companion.i18n.message import msg, msgn
from companion.inputs import quote, text_problem

__all__ = [
    "SeatNo",
    "max_takes_none",
    "max_takes_one",
    "in_play_at_turns",
    "ASCENTS",
    "REVEAL_BASE",
    "SOLO_TABLE",
    "NAME_MAX",
    "SCORE_MIN",
    "SCORE_MAX",
    "NOTE_MAX",
    "PLAYERS_MAX",
    "CardMode",
    "Phase",
    "ActionType",
    "Seat",
    "Record",
    "Setup",
    "Reveal",
    "Pick",
    "Picks",
    "Use",
    "ScoreAscent",
    "OpenEnvelope",
    "StartSheet",
    "SheetTurn",
    "Action",
    "RevealRecord",
    "Envelope",
    "AscentResult",
    "State",
    "parse_setup",
    "check_new_setup",
    "parse_action",
    "parse_date",
    "parse_record",
    "new_expedition",
    "apply",
    "expected",
    "reveal_count",
    "lead_order",
    "current_records",
    "sealed_envelopes",
    "standing",
    "ranking",
    "winner",
    "sheet_seats",
    "sheet_results",
]

SeatNo: TypeAlias = int   # a player's place at the table, clockwise from the first listed
ASCENTS = 3               # rulebook, Expedition Mode: "you undertake three Ascents"
REVEAL_BASE = (3, 2, 1)   # Assist Cards: reveal 3, 2, 1 + the number of players at Ascents 1, 2, 3
SOLO_TABLE = 2            # Solo Expeditions: "Use the Assist cards with the 2-player setup"
NAME_MAX = 40             # as the roster's names
# A sheet's score, as an Expedition takes it: a printed sheet's 19 circles score between about -60 (every
# circle a skull or an orphan) and 300 (lines, zones, both bonuses and three cards), so this is room to spare.
SCORE_MIN, SCORE_MAX = -999, 999
NOTE_MAX = 2000           # an envelope's note: a few sentences of what it said
PLAYERS_MAX = 20          # a history record names at most 20 players
DICE_SEEDS = 2**63        # the Trek 12 table's range for the app's dice seed

_SETUP_KEYS = ("players", "solo", "lead", "records", "cards", "deck", "seed", "opened", "max_given")
_PLAYER_KEYS = ("id", "name", "paper")
_RECORD_KEYS = ("score", "names", "date")
_PICK_KEYS = ("player", "card", "give_back", "zone")
_ACTION_KEYS = {
    "reveal": ("type", "cards"),
    "pick": ("type", "picks"),
    "use": ("type", "player", "card"),
    "score": ("type", "scores", "cash", "challenges", "date"),
    "open": ("type", "note"),
    "sheet": ("type", "dice_seed", "ruleset", "drop"),
    "turn": ("type", "player", "dice", "op", "circle", "links", "max_links", "assist", "rope"),
}


class CardMode(Enum):
    """Who draws the Assist cards: the app (seeded), the players from the real deck (typed), or nobody."""

    DRAWN = "drawn"
    TYPED = "typed"
    OFF = "off"


class Phase(Enum):
    """Where the Expedition stands: before an Ascent's reveal, climbing, an envelope to open, or over."""

    REVEAL = "reveal"
    CLIMB = "climb"
    ENVELOPE = "envelope"
    OVER = "over"


class ActionType(Enum):
    """The actions an Expedition takes, named by the "type" of an action document."""

    REVEAL = "reveal"
    PICK = "pick"
    USE = "use"
    SCORE = "score"
    OPEN = "open"
    SHEET = "sheet"
    TURN = "turn"


@dataclass(frozen=True)
class Seat:
    """A player of the Expedition: a saved player's id (None for a guest or Max), name, paper or app sheet."""

    id: str | None
    name: str
    paper: bool = False
    is_max: bool = False


@dataclass(frozen=True)
class Record:
    """A Hall of Fame record: the score, who holds it (several when tied), and the date it was written."""

    score: int
    names: tuple[str, ...] = ()
    date: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """{"score", "names", "date"} as setups and results write it."""
        return {"score": self.score, "names": list(self.names), "date": self.date}


@dataclass(frozen=True)
class Setup:
    """An Expedition as it began: players clockwise, Ascent sheets, records as they stood, cards, envelopes."""

    seats: tuple[Seat, ...]
    sheets: tuple[Sheet, ...]
    records: tuple[Record | None, ...]
    cards: CardMode
    deck: Deck
    seed: int | None
    lead: SeatNo
    opened: tuple[EnvelopeNo, ...]
    # Max is given a card while one is in play at his turn to pick (`max_takes_one`): set by the app for the
    # Expeditions it starts; one saved before the check, or a file without it, is read as it was played.
    max_given: bool = False

    @property
    def solo(self) -> bool:
        """True in a solo Expedition against Max (Free Solo Mode, Solo Expeditions)."""
        return any(seat.is_max for seat in self.seats)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names in seat order (Max last in a solo Expedition)."""
        return tuple(seat.name for seat in self.seats)

    @property
    def table_size(self) -> int:
        """The number of players the Assist reveal counts: 2 in solo, else the players."""
        return SOLO_TABLE if self.solo else len(self.seats)


@dataclass(frozen=True)
class Reveal:
    """Put an Ascent's Assist cards into play: typed as drawn from the real deck, or None for the app to draw."""

    cards: tuple[Assist, ...] | None


@dataclass(frozen=True)
class Pick:
    """One player's pick after a new zone of 0s, 1s or 2s: the card taken (None: none), the one given back."""

    player: SeatNo
    card: Assist | None
    give_back: Assist | None = None
    zone: int | None = None


@dataclass(frozen=True)
class Picks:
    """Every pick of one round: made in Lead Climber order, whatever order they are listed in."""

    picks: tuple[Pick, ...]


@dataclass(frozen=True)
class Use:
    """A player discards a card during the Ascent for its effect (it goes back in the box)."""

    player: SeatNo
    card: Assist


@dataclass(frozen=True)
class ScoreAscent:
    """An Ascent's end: each sheet's points (before cards), the cards cashed, the challenges met, the date."""

    points: tuple[int, ...]
    cash: tuple[tuple[Assist, ...], ...]
    met: tuple[tuple[EnvelopeNo, ...], ...]
    date: str | None = None


@dataclass(frozen=True)
class OpenEnvelope:
    """The envelope due is opened; the note says what it held (its contents are not in the rulebook)."""

    note: str


@dataclass(frozen=True)
class StartSheet:
    """The Ascent's sheet played in the app by the players not on paper (and Max): a Trek 12 table whose
    Assist cards are the Expedition's own, `dice_seed` for the app's dice, `ruleset` the Trek 12 one."""

    dice_seed: int | None
    ruleset: dict[str, Any] | None = None
    drop: bool = False  # stop playing the sheet in the app (the players go on on paper); its turns are dropped


@dataclass(frozen=True)
class SheetTurn:
    """One turn written on the app's sheet by a player of the Expedition (a Trek 12 turn without a card
    taken: on an Expedition's sheet cards are picked with the round's picks, in Lead Climber order)."""

    player: SeatNo
    turn: dict[str, Any]


Action: TypeAlias = Union[Reveal, Picks, Use, ScoreAscent, OpenEnvelope, StartSheet, SheetTurn]


@dataclass(frozen=True)
class RevealRecord:
    """What an Ascent's reveal put into play, and whether the played cards were shuffled back in first."""

    ascent: int
    cards: tuple[Assist, ...]
    reshuffled: bool


@dataclass(frozen=True)
class Envelope:
    """An envelope opened during this Expedition: number, Ascent, who opened it, the note (None until typed)."""

    number: EnvelopeNo
    ascent: int
    opener: SeatNo
    note: str | None


@dataclass(frozen=True)
class AscentResult:
    """One scored Ascent: per player sheet points, cards cashed, totals, stars and challenges met."""

    number: int
    sheet: Sheet
    points: tuple[int, ...]
    cashed: tuple[tuple[Assist, ...], ...]
    totals: tuple[int, ...]
    stars: tuple[Stars, ...]
    record_before: Record | None
    record: Record | None
    met: tuple[tuple[EnvelopeNo, ...], ...]
    envelope: EnvelopeNo | None
    date: str | None


@dataclass(frozen=True)
class State:
    """The Expedition now: the Ascent (1-3), phase, Lead Climber, cards held, in play, in the deck and box."""

    setup: Setup
    ascent: int
    phase: Phase
    lead: SeatNo
    hands: tuple[tuple[Assist, ...], ...]
    pool: tuple[Assist, ...]
    deck: tuple[Assist, ...]
    box: tuple[Assist, ...]
    shuffles: int
    reveals: tuple[RevealRecord, ...]
    results: tuple[AscentResult, ...]
    envelopes: tuple[Envelope, ...]
    # The Ascent's sheet played in the app (a Trek 12 table of the players in `sheet_seats`, Max with the
    # first), its dice seed, and the seats that made a new zone in the round just ended and pick next.
    table: Table | None = None
    dice_seed: int | None = None
    due: tuple[SeatNo, ...] = ()

    @property
    def sheet(self) -> Sheet:
        """The sheet of the current (or last) Ascent."""
        return self.setup.sheets[self.ascent - 1]

    @property
    def over(self) -> bool:
        """True once the three Ascents are scored and any envelope due is opened."""
        return self.phase is Phase.OVER


# -- setup ----------------------------------------------------------------------------------------------


def parse_setup(doc: Any) -> Setup:
    """Check an Expedition setup document (docs/formats.md, Trek 12 Expeditions); InvalidInput names the field."""
    if not isinstance(doc, dict):
        raise InvalidInput(f"an Expedition setup must be an object with \"players\", not {quote(doc)}")
    _check_keys(doc, _SETUP_KEYS, "the Expedition setup")
    solo = _parse_solo(doc.get("solo"))
    seats = _parse_players(doc.get("players"), solo)
    if solo:
        seats = seats + (Seat(None, MAX_NAME, paper=False, is_max=True),)
    sheets = expedition_sheets()
    records = _parse_records(doc.get("records"), sheets)
    raw_mode = doc.get("cards", CardMode.TYPED.value)
    try:
        mode = CardMode(raw_mode)
    except ValueError:
        raise InvalidInput(f"'cards' must be one of {', '.join(m.value for m in CardMode)}, "
                           f"not {quote(raw_mode)}") from None
    deck = default_deck() if doc.get("deck") is None else parse_deck(doc["deck"], "'deck'")
    seed = doc.get("seed")
    if mode is CardMode.DRAWN:
        if type(seed) is not int:
            raise InvalidInput(f"'seed' must be a whole number when the app draws the cards, not {quote(seed)}")
    elif seed is not None:
        raise InvalidInput("'seed' is only for an Expedition whose cards the app draws (\"cards\": \"drawn\")")
    lead = 0 if doc.get("lead") is None else _seat_of(seats, doc["lead"], "'lead'")
    if seats[lead].is_max:
        raise InvalidInput(msg("the Lead Climber card starts with a player, not Max (the oldest player takes it)"))
    opened = _parse_envelopes(doc.get("opened"), "'opened'")
    max_given = doc.get("max_given", False)
    if type(max_given) is not bool:
        raise InvalidInput(f"'max_given' must be true or false, not {quote(max_given)}")
    return Setup(seats, sheets, records, mode, deck, seed, lead, opened, max_given)


def check_new_setup(setup: Setup) -> None:
    """What a new Expedition must be beyond a readable setup: one player alone plays against Max (Free Solo
    Mode). Saved Expeditions set off before this check still open, so it is not part of `parse_setup`."""
    if len(setup.seats) == 1:
        raise InvalidInput(msg("one player alone plays the Expedition against Max (Free Solo Mode): set "
                               "\"solo\": \"max\", or add the other players"))


def new_expedition(setup: Setup) -> State:
    """The Expedition before its first Ascent (rulebook, Setup for an Expedition: the deck shuffled)."""
    if setup.cards is CardMode.DRAWN:
        cards = list(setup.deck.cards())
        Random(setup.seed).shuffle(cards)
        deck = tuple(cards)
    elif setup.cards is CardMode.TYPED:
        deck = _sorted(setup.deck.cards())  # the real deck's order is unknown: only what is left counts
    else:
        deck = ()
    phase = Phase.CLIMB if setup.cards is CardMode.OFF else Phase.REVEAL
    return State(setup, 1, phase, setup.lead, ((),) * len(setup.seats), (), deck, (), 0, (), (), ())


# -- actions --------------------------------------------------------------------------------------------


def parse_action(state: State, doc: Any) -> Action:
    """An action document ({"type": "reveal" | "pick" | "use" | "score" | "open", ...}) for this Expedition."""
    if not isinstance(doc, dict):
        raise InvalidInput(f"an Expedition action must be an object with a \"type\", not {quote(doc)}")
    kind = doc.get("type")
    if not isinstance(kind, str) or kind not in _ACTION_KEYS:
        raise InvalidInput(f"unknown Expedition action type {quote(kind)}; use one of {', '.join(_ACTION_KEYS)}")
    if kind == "turn" and ("take" in doc or "give_back" in doc):
        raise IllegalAction(msg("on an Expedition's sheet a card is not taken in the turn: the players who made a "
                                "new zone pick together once the round is over, from the Lead Climber clockwise "
                                "(a \"pick\" action)"))
    _check_keys(doc, _ACTION_KEYS[kind], f"a {quote(kind)} action")
    seats = state.setup.seats
    if kind == "reveal":
        raw = doc.get("cards")
        return Reveal(None if raw is None else _parse_cards(raw, "'cards'"))
    if kind == "pick":
        raw = doc.get("picks")
        if not isinstance(raw, list) or not raw:
            raise InvalidInput("'picks' must list the players picking this round, like "
                               "[{\"player\": \"Ann\", \"card\": \"rope\"}]")
        return Picks(tuple(_parse_pick(seats, item, n) for n, item in enumerate(raw)))
    if kind == "use":
        if "card" not in doc or "player" not in doc:
            raise InvalidInput("a 'use' action names the \"player\" and the \"card\" discarded")
        return Use(_seat_of(seats, doc["player"], "'player'"), _parse_card(doc["card"], "'card'"))
    if kind == "score":
        return _parse_score(seats, doc)
    if kind == "sheet":
        seed = doc.get("dice_seed")
        if seed is not None and (type(seed) is not int or not 0 <= seed < DICE_SEEDS):
            raise InvalidInput(f"'dice_seed' must be a whole number from 0 to 2**63 - 1, or null, not {seed!r}")
        ruleset = doc.get("ruleset")
        if ruleset is not None and not isinstance(ruleset, dict):
            raise InvalidInput(f"'ruleset' must be an object like {{\"merge_lines\": false}}, not {ruleset!r}")
        drop = doc.get("drop", False)
        if not isinstance(drop, bool):
            raise InvalidInput(f"'drop' must be true or false, not {drop!r}")
        return StartSheet(seed, ruleset, drop)
    if kind == "turn":
        if "player" not in doc:
            raise InvalidInput("a 'turn' action names the \"player\" writing on the sheet")
        seat = _seat_of(seats, doc["player"], "'player'")
        return SheetTurn(seat, {k: v for k, v in doc.items() if k not in ("type", "player")})
    note = doc.get("note", "")
    if not isinstance(note, str) or len(note) > NOTE_MAX:
        raise InvalidInput(msg("'note' must be text of at most {limit} characters", limit=NOTE_MAX))
    return OpenEnvelope(note.strip())


def apply(state: State, action: Action) -> State:
    """The Expedition after one action; IllegalAction names the rule when it is not allowed now."""
    if isinstance(action, Reveal):
        return _reveal(state, action)
    if isinstance(action, Picks):
        return _picks(state, action)
    if isinstance(action, Use):
        return _use(state, action)
    if isinstance(action, ScoreAscent):
        return _score(state, action)
    if isinstance(action, OpenEnvelope):
        return _open(state, action)
    if isinstance(action, StartSheet):
        return _start_sheet(state, action)
    if isinstance(action, SheetTurn):
        return _sheet_turn(state, action)
    raise InvalidInput(f"not an Expedition action: {quote(action)}")


def expected(state: State) -> tuple[ActionType, ...]:
    """The action types allowed now (for the screens: what to offer next)."""
    if state.phase is Phase.REVEAL:
        return (ActionType.REVEAL,)
    if state.phase is Phase.ENVELOPE:
        return (ActionType.OPEN,)
    if state.phase is Phase.CLIMB:
        if state.due:
            return (ActionType.PICK,)
        sheet: tuple[ActionType, ...] = ()
        if state.table is None:
            sheet = (ActionType.SHEET,) if sheet_seats(state) else ()
            if state.setup.cards is CardMode.OFF:
                return sheet + ((ActionType.PICK,) if state.setup.solo else ()) + (ActionType.SCORE,)
            return sheet + (ActionType.PICK, ActionType.USE, ActionType.SCORE)
        # A sheet in the app: its turns, its picks when a round ends, and the score once it is full; players
        # on paper still pick and use cards between. SHEET here is dropping it.
        paper = any(seat.paper for seat in state.setup.seats) and state.setup.cards is not CardMode.OFF
        during = (ActionType.TURN,) if not state.table.complete else (ActionType.SCORE,)
        return during + ((ActionType.PICK, ActionType.USE) if paper else ()) + (ActionType.SHEET,)
    return ()
    return ()


def reveal_count(setup: Setup, ascent: int) -> int:
    """Cards put into play at an Ascent's start: 3, 2, 1 + the number of players (2 in solo)."""
    return REVEAL_BASE[ascent - 1] + setup.table_size


def lead_order(state: State, seats: Iterable[SeatNo] | None = None) -> tuple[SeatNo, ...]:
    """Seats from the Lead Climber clockwise (all seats, or only those given): the order of picks and cashing."""
    n = len(state.setup.seats)
    chosen = range(n) if seats is None else seats
    return tuple(sorted(chosen, key=lambda s: (s - state.lead) % n))


def max_takes_none(state: State, seat: SeatNo) -> bool:
    """Max holding his limit of cards: none is taken for him in a round's picks ("don't take a 4th for him"),
    though he is still in the round (and may become Lead Climber)."""
    return state.setup.seats[seat].is_max and len(state.hands[seat]) >= MAX_ASSISTS


def max_takes_one(state: State, seat: SeatNo, in_play: Counter) -> bool:
    """Max in a round's picks with cards `in_play` at his turn to pick: one must be chosen for him ("you choose it
    for him among those available", Solo Expeditions), where a player "may take" one. Not at three, nor with
    the cards left out of the app (what is in play is not known there), nor in an Expedition begun before
    the check (`Setup.max_given`)."""
    return (state.setup.max_given and state.setup.seats[seat].is_max and state.setup.cards is not CardMode.OFF
            and not max_takes_none(state, seat) and any(n > 0 for n in in_play.values()))


def in_play_at_turns(state: State,
                     picks: Mapping[SeatNo, tuple[Assist | None, Assist | None]]) -> dict[SeatNo, Counter]:
    """The cards in play at each picker's turn in a round's picks, `picks` being each picker's card taken and
    card given back (None where not chosen yet): from the Lead Climber clockwise, a pick takes its card from
    what those before it left, after putting back the card it gives back when the hand is full (rulebook, How
    to get an Assist card), as `apply` will. A card none is left of, or a card given back not held, is left
    out here: the picks' check on Record says why."""
    pool = Counter(state.pool)
    out: dict[SeatNo, Counter] = {}
    for seat in lead_order(state, picks):
        out[seat] = +pool
        card, give_back = picks[seat]
        if card is None or pool[card] == 0:
            continue
        hand = list(state.hands[seat])
        full = not state.setup.seats[seat].is_max and len(hand) >= MAX_ASSISTS
        _take(pool, hand, card, give_back if full and give_back in hand else None)
    return out


def _take(pool: Counter, hand: list[Assist], card: Assist, give_back: Assist | None) -> None:
    """One pick: the card given back (a fourth taken) goes back into play, then the card taken leaves it."""
    if give_back is not None:
        hand.remove(give_back)
        pool[give_back] += 1
    pool[card] -= 1
    hand.append(card)


def sheet_seats(state: State) -> tuple[SeatNo, ...]:
    """The players whose sheet is played in the app (not on paper), seat order; Max plays with them."""
    return tuple(n for n, seat in enumerate(state.setup.seats) if not seat.paper and not seat.is_max)


def sheet_results(state: State) -> dict[SeatNo, tuple[int, tuple[EnvelopeNo, ...]]]:
    """Per seat on the app's sheet (Max included): the sheet's points for the "score" action (cards cashed
    not counted) and the challenges it meets; empty when no sheet is played in the app."""
    if state.table is None:
        return {}
    out: dict[SeatNo, tuple[int, tuple[EnvelopeNo, ...]]] = {}
    for seat, sheet_state in zip(sheet_seats(state), state.table.states):
        breakdown = sheet_score(sheet_state)
        out[seat] = (breakdown.total - CARD_POINTS * breakdown.assists, challenges_met(breakdown))
    if state.table.solo:
        breakdown = max_score(state.table.states[0])
        out[_max_seat(state)] = (breakdown.total - CARD_POINTS * breakdown.assists, challenges_met(breakdown))
    return out


def current_records(state: State) -> tuple[Record | None, ...]:
    """The Hall of Fame record of each Ascent sheet now: as it began, or as this Expedition rewrote it."""
    records = list(state.setup.records)
    for result in state.results:
        if result.record is not None:
            records[result.number - 1] = result.record
    return tuple(records)


def sealed_envelopes(state: State) -> tuple[EnvelopeNo, ...]:
    """The envelopes still sealed: neither opened before this Expedition nor during it."""
    gone = set(state.setup.opened) | {e.number for e in state.envelopes}
    return tuple(n for n in range(1, ENVELOPES + 1) if n not in gone)


def standing(state: State) -> tuple[Standing, ...]:
    """Each player's stars and total so far (the home screen's stars)."""
    return standings([r.stars for r in state.results], [r.totals for r in state.results], len(state.setup.seats))


def ranking(state: State) -> tuple[SeatNo, ...]:
    """The seats best first by the standing so far: most stars, then the highest total."""
    return ranked(standing(state))


def winner(state: State) -> tuple[tuple[SeatNo, ...], TieBreak | None]:
    """The winner(s) once the three Ascents are scored, and how it was decided; ((), None) before."""
    if len(state.results) < ASCENTS:
        return (), None
    return winners(standing(state))


# -- the actions' effects -------------------------------------------------------------------------------


def _reveal(state: State, action: Reveal) -> State:
    setup = state.setup
    if setup.cards is CardMode.OFF:
        raise IllegalAction(msg("Assist cards are not tracked in this Expedition"))
    if state.phase is not Phase.REVEAL:
        raise IllegalAction(msg("the cards of Ascent {ascent} are already in play; they are revealed once, "
                                "at the start of the Ascent", ascent=state.ascent))
    need = reveal_count(setup, state.ascent)
    deck, box, shuffles = state.deck, state.box, state.shuffles
    reshuffled = False
    if len(deck) < need and box:
        # "If there are not enough cards left at the start of an Ascent, shuffle the cards already played
        # back into the deck."
        combined = list(deck + box)
        if setup.cards is CardMode.DRAWN:
            shuffles += 1
            Random(f"{setup.seed}:{shuffles}").shuffle(combined)
            deck = tuple(combined)
        else:
            deck = _sorted(combined)
        box = ()
        reshuffled = True
    count = min(need, len(deck))
    if setup.cards is CardMode.DRAWN:
        if action.cards is not None:
            raise IllegalAction(msg("the app draws the Assist cards in this Expedition; reveal without naming cards"))
        drawn, deck = deck[:count], deck[count:]
    else:
        if action.cards is None:
            raise IllegalAction(msg("name the {count} Assist cards revealed from the deck for Ascent {ascent}",
                                    count=count, ascent=state.ascent))
        if len(action.cards) != count:
            if count < need and reshuffled:
                why = msg("only {count} cards are left in the deck after shuffling the played ones back in",
                          count=count)
            elif count < need:
                why = msg("only {count} cards are left in the deck", count=count)
            else:
                why = msg("{base} + {players} players", base=REVEAL_BASE[state.ascent - 1],
                          players=setup.table_size)
            raise IllegalAction(msg("Ascent {ascent} reveals {count} Assist cards ({why}), not {given}",
                                    ascent=state.ascent, count=count, why=why, given=len(action.cards)))
        left = Counter(deck)
        for card in action.cards:
            if left[card] == 0:
                if reshuffled:
                    raise IllegalAction(msg("the deck holds no more {card} card: {left} are left in it (the played "
                                            "cards were shuffled back in); check the deck's make-up in Settings",
                                            card=CARD_IDS[card], left=_card_list(deck)))
                raise IllegalAction(msg("the deck holds no more {card} card: {left} are left in it; check the "
                                        "deck's make-up in Settings", card=CARD_IDS[card], left=_card_list(deck)))
            left[card] -= 1
        drawn = action.cards
        deck = _sorted(left.elements())
    record = RevealRecord(state.ascent, tuple(drawn), reshuffled)
    return replace(state, phase=Phase.CLIMB, pool=_sorted(state.pool + tuple(drawn)), deck=deck, box=box,
                   shuffles=shuffles, reveals=state.reveals + (record,))


def _picks(state: State, action: Picks) -> State:
    setup = state.setup
    off = setup.cards is CardMode.OFF
    if off and setup.solo:
        # Cards left out of the app are the players' business on the table, but Max's are still counted
        # here: his +3 each on the last Ascent and his limit of three depend on them.
        if state.phase is not Phase.CLIMB:
            raise IllegalAction(msg("cards are picked during an Ascent; {why}", why=_not_climbing(state)))
        for pick in action.picks:
            if not setup.seats[pick.player].is_max:
                raise IllegalAction(msg("Assist cards are not tracked in this Expedition; only Max's are counted, "
                                        "so {name}'s pick stays on the table", name=setup.seats[pick.player].name))
    else:
        _need_cards(state, "picked")
    seen: set[int] = set()
    for pick in action.picks:
        if pick.player in seen:
            raise IllegalAction(msg("{name} is listed twice; a player picks at most once a round (one number "
                                    "written, at most one new zone)", name=setup.seats[pick.player].name))
        seen.add(pick.player)
    on_sheet = set(sheet_seats(state)) | ({_max_seat(state)} if setup.solo else set()) \
        if state.table is not None else set()
    missing = [setup.seats[n].name for n in state.due if n not in seen]
    if missing:
        raise IllegalAction(msg("{names} made a new zone on the sheet this round and must be in the round's picks "
                                "(with no card, when none is wanted or left)", names=and_list(missing)))
    extra = [setup.seats[n].name for n in seen if n in on_sheet and n not in state.due]
    if extra:
        raise IllegalAction(msg("{names} made no new zone of 0s, 1s or 2s on the sheet in the round just played, "
                                "so picks no card", names=comma_list(extra)))
    hands = list(state.hands)
    pool = Counter(state.pool)
    order = lead_order(state, [p.player for p in action.picks])
    by_seat = {p.player: p for p in action.picks}
    before: list[str] = []
    for seat_no in order:
        pick = by_seat[seat_no]
        seat = setup.seats[seat_no]
        allowed = MAX_CARD_VALUES if seat.is_max else ZONE_CARD_VALUES
        if pick.zone is not None and pick.zone not in allowed:
            if seat.is_max:
                raise IllegalAction(msg("{name}: Max earns a card only from a new zone of 1s or 2s, not of {zone}s",
                                        name=seat.name, zone=pick.zone))
            raise IllegalAction(msg("{name}: a card is earned only by a new zone of 0s, 1s or 2s, not of {zone}s",
                                    name=seat.name, zone=pick.zone))
        hand = list(hands[seat_no])
        if pick.card is None:
            if pick.give_back is not None:
                raise IllegalAction(msg("{name} gives back a card only when taking a fourth", name=seat.name))
            if max_takes_one(state, seat_no, pool):
                raise IllegalAction(msg("Max earns a card from his new zone: choose one for him among those in play "
                                        "({in_play}); he takes none only when he holds {limit} or none is left",
                                        in_play=_card_list(tuple((+pool).elements())), limit=MAX_ASSISTS))
        else:
            if not off and pool[pick.card] == 0:
                in_play = _card_list(tuple(pool.elements()))
                if before:
                    raise IllegalAction(msg("{name} cannot take a {card}: none is left in play ({before} picked "
                                            "before {name} this round); in play: {in_play}", name=seat.name,
                                            card=CARD_IDS[pick.card], before=comma_list(before), in_play=in_play))
                raise IllegalAction(msg("{name} cannot take a {card}: none is left in play; in play: {in_play}",
                                        name=seat.name, card=CARD_IDS[pick.card], in_play=in_play))
            if seat.is_max:
                if pick.give_back is not None:
                    raise IllegalAction(msg("Max never gives a card back; he keeps what he has"))
                if len(hand) >= MAX_ASSISTS:
                    raise IllegalAction(msg("Max holds {limit} Assist cards already; never take a 4th for him",
                                            limit=MAX_ASSISTS))
            elif len(hand) >= MAX_ASSISTS:
                if pick.give_back is None:
                    raise IllegalAction(msg("{name} holds {limit} Assist cards: taking a {card} means putting one "
                                            "of them back into play ('give_back')", name=seat.name,
                                            limit=MAX_ASSISTS, card=CARD_IDS[pick.card]))
                if pick.give_back not in hand:
                    raise IllegalAction(msg("{name} does not hold a {card} to give back (holds {held})",
                                            name=seat.name, card=CARD_IDS[pick.give_back],
                                            held=_card_list(tuple(hand))))
            elif pick.give_back is not None:
                raise IllegalAction(msg("{name} holds {count} cards; a card is given back only when taking a "
                                        "fourth", name=seat.name, count=len(hand)))
            _take(pool, hand, pick.card, pick.give_back)
        hands[seat_no] = _sorted(hand)
        before.append(seat.name)
    # "The last player involved becomes the new Lead Climber" -- with or without a card.
    after = replace(state, hands=tuple(hands), pool=_sorted(pool.elements()), lead=order[-1], due=())
    return _synced(after)


def _use(state: State, action: Use) -> State:
    _need_cards(state, "used")
    seat = state.setup.seats[action.player]
    if seat.is_max:
        raise IllegalAction(msg("Max never uses his Assist cards during the Ascents; he keeps them"))
    if state.table is not None and action.player in sheet_seats(state):
        raise IllegalAction(msg("{name}'s sheet is played in the app: a card is used there, with the turn it "
                                "helps", name=seat.name))
    hand = list(state.hands[action.player])
    if action.card not in hand:
        raise IllegalAction(msg("{name} does not hold a {card} (holds {held})", name=seat.name,
                                card=CARD_IDS[action.card], held=_card_list(tuple(hand))))
    hand.remove(action.card)
    hands = _with(state.hands, action.player, _sorted(hand))
    # "discard one of your Assist cards (put it back in the box)": with the played cards, for a reshuffle.
    return replace(state, hands=hands, box=_sorted(state.box + (action.card,)))


def _score(state: State, action: ScoreAscent) -> State:
    setup = state.setup
    if state.phase is not Phase.CLIMB:
        raise IllegalAction(_not_climbing(state))
    seats = setup.seats
    if state.table is not None:
        if not state.table.complete:
            raise IllegalAction(msg("the sheet played in the app is at round {round} of {rounds}: the Ascent is "
                                    "scored once every circle is filled", round=state.table.round,
                                    rounds=state.sheet.n))
        if state.due:
            raise IllegalAction(msg("the last round's picks come first: {names} made a new zone",
                                    names=and_list(seats[n].name for n in state.due)))
    from_sheet = sheet_results(state)
    sealed = set(sealed_envelopes(state))
    points = list(action.points)
    met = list(action.met)
    for n, (sheet_points_, sheet_met) in from_sheet.items():
        if points[n] is None:
            points[n] = sheet_points_
        elif points[n] != sheet_points_:
            raise IllegalAction(msg("{name}'s sheet in the app scores {points} before cards, not {given}",
                                    name=seats[n].name, points=sheet_points_, given=points[n]))
        unmet = sorted(set(met[n]) - set(sheet_met))
        if unmet:
            raise IllegalAction(msgn("{name}'s sheet in the app does not meet the challenge of envelope {envelopes}",
                                     "{name}'s sheet in the app does not meet the challenges of envelopes "
                                     "{envelopes}", len(unmet), name=seats[n].name,
                                     envelopes=and_list(map(str, unmet))))
        met[n] = tuple(e for e in sheet_met if e in sealed)
    missing = [seats[n].name for n, p in enumerate(points) if p is None]
    if missing:
        raise InvalidInput(msg("'scores' has no score for {names}", names=comma_list(missing)))
    action = replace(action, points=tuple(points), met=tuple(met))
    last = state.ascent == ASCENTS
    hands = list(state.hands)
    cashed: list[tuple[Assist, ...]] = []
    box = list(state.box)
    for n, seat in enumerate(seats):
        cards = action.cash[n]
        if seat.is_max:
            if cards:
                raise IllegalAction(msg("Max cashes no cards himself: he keeps them and discards all of them on "
                                        "the last Ascent, which the app does"))
            # Solo Expeditions: "During the last Ascent, Max discards all the Assist cards he collected ... gaining
            # a 3-point bonus per card."
            cards = hands[n] if last else ()
        elif cards and setup.cards is CardMode.OFF:
            raise IllegalAction(msg("Assist cards are not tracked in this Expedition; count cashed cards in the "
                                    "score"))
        left = list(hands[n])
        for card in cards:
            if card not in left:
                raise IllegalAction(msg("{name} cannot cash a {card}: holds {held}", name=seat.name,
                                        card=CARD_IDS[card], held=_card_list(hands[n])))
            left.remove(card)
        hands[n] = _sorted(left)
        box.extend(cards)
        cashed.append(_sorted(cards))
    totals = tuple(p + CARD_POINTS * len(c) for p, c in zip(action.points, cashed))
    number = state.ascent
    sheet = setup.sheets[number - 1]
    before = setup.records[number - 1]
    stars = ascent_stars(sheet, totals, None if before is None else before.score)
    best = new_record(totals, None if before is None else before.score)
    record = None
    if best is not None:
        record = Record(best, tuple(seats[i].name for i in best_indices(totals)), action.date)
    envelope = _due_envelope(state, action.met, totals)
    result = AscentResult(number, sheet, action.points, tuple(cashed), totals, stars, before, record, action.met,
                          None if envelope is None else envelope.number, action.date)
    # The Ascent is over: its sheet in the app (if any) is done with; the results keep what it scored.
    next_state = replace(state, hands=tuple(hands), box=_sorted(box), results=state.results + (result,),
                         table=None, dice_seed=None, due=())
    if envelope is not None:
        return replace(next_state, phase=Phase.ENVELOPE, envelopes=state.envelopes + (envelope,))
    return _next_ascent(next_state)


def _open(state: State, action: OpenEnvelope) -> State:
    if state.phase is not Phase.ENVELOPE:
        raise IllegalAction(msg("no envelope is due: one opens only after an Ascent in which a player met a "
                                "challenge still sealed"))
    pending = state.envelopes[-1]
    opened = replace(pending, note=action.note)
    return _next_ascent(replace(state, envelopes=state.envelopes[:-1] + (opened,)))


def _next_ascent(state: State) -> State:
    if state.ascent == ASCENTS:
        return replace(state, phase=Phase.OVER)
    phase = Phase.CLIMB if state.setup.cards is CardMode.OFF else Phase.REVEAL
    return replace(state, ascent=state.ascent + 1, phase=phase, table=None, dice_seed=None, due=())


def _start_sheet(state: State, action: StartSheet) -> State:
    setup = state.setup
    if state.phase is not Phase.CLIMB:
        raise IllegalAction(msg("the sheet is played during an Ascent; {why}", why=_not_climbing(state)))
    if action.drop:
        # The table goes on on paper: the sheet's turns go, while every card picked or used stays as it was
        # (those happened at the table); the Ascent is then scored from the paper sheets.
        if state.table is None:
            raise IllegalAction(msg("no sheet of Ascent {ascent} is being played in the app", ascent=state.ascent))
        return replace(state, table=None, dice_seed=None, due=())
    if state.table is not None:
        raise IllegalAction(msg("the sheet of Ascent {ascent} is already being played in the app",
                                ascent=state.ascent))
    seats = sheet_seats(state)
    if not seats:
        raise IllegalAction(msg("every player of this Expedition plays on paper, so no sheet is played in the "
                                "app"))
    tracked = setup.cards is not CardMode.OFF
    players = []
    for n in seats:
        entry: dict[str, Any] = {"id": setup.seats[n].id, "name": setup.seats[n].name}
        if tracked:
            entry["assists"] = [card.value for card in state.hands[n]]
        players.append(entry)
    doc: dict[str, Any] = {"sheet": state.sheet.key, "ruleset": action.ruleset, "players": players,
                           "dice_seed": action.dice_seed}
    if setup.solo:
        # Max holds what the Expedition gave him; on the last Ascent he discards all of them (Solo Expeditions).
        doc.update(solo="max", max_assists=len(state.hands[_max_seat(state)]), last_ascent=state.ascent == ASCENTS)
    table = replace(sheet_engine.start(doc), shared_cards=True)
    return replace(state, table=table, dice_seed=action.dice_seed, due=())


def _sheet_turn(state: State, action: SheetTurn) -> State:
    setup = state.setup
    seat = setup.seats[action.player]
    table = state.table
    if state.phase is not Phase.CLIMB:
        raise IllegalAction(msg("turns are written during an Ascent; {why}", why=_not_climbing(state)))
    if table is None:
        raise IllegalAction(msg("no sheet of Ascent {ascent} is played in the app; start it first",
                                ascent=state.ascent))
    if seat.is_max:
        raise IllegalAction(msg("Max writes in the circle the player fills, with the player's turn"))
    seats = sheet_seats(state)
    if action.player not in seats:
        raise IllegalAction(msg("{name} plays on paper; only the players on the app's sheet write turns here",
                                name=seat.name))
    if state.due:
        raise IllegalAction(msg("the round's picks come first: {names} made a new zone and pick an Assist card "
                                "(or none) before the next round",
                                names=and_list(setup.seats[n].name for n in state.due)))
    index = seats.index(action.player)
    used = Turn.from_dict(action.turn).assists
    after = sheet_engine.apply(table, dict(action.turn, player=index))
    hands, box = state.hands, state.box
    if setup.cards is not CardMode.OFF and used:
        # "discard one of your Assist cards (put it back in the box) to immediately benefit from its effect"
        hand = list(hands[action.player])
        for card in used:
            hand.remove(card)  # the sheet's rules checked that it is held
        hands = _with(hands, action.player, _sorted(hand))
        box = _sorted(box + used)
    due: tuple[SeatNo, ...] = ()
    if after.round > table.round or after.complete:
        # The round is over: whoever made a new zone of 0s, 1s or 2s (Max: 1s or 2s) picks now, together,
        # from the Lead Climber clockwise ("When several players need to pick a card at the same time").
        picking = [seats[i] for i, s in enumerate(after.states) if s.earned] if setup.cards is not CardMode.OFF \
            else []
        if after.solo and after.states[0].max_earned:
            picking.append(_max_seat(state))
        due = tuple(picking)
    return _synced(replace(state, table=after, hands=hands, box=box, due=due))


def _synced(state: State) -> State:
    """The app's sheet holding the Expedition's cards: the players' hands, and Max's count."""
    table = state.table
    if table is None:
        return state
    tracked = state.setup.cards is not CardMode.OFF
    states = []
    for n, sheet_state in zip(sheet_seats(state), table.states):
        cards = state.hands[n] if tracked else None
        max_cards = len(state.hands[_max_seat(state)]) if table.solo else None
        states.append(with_cards(sheet_state, cards, max_assists=max_cards))
    return replace(state, table=replace(table, states=tuple(states)))


def _max_seat(state: State) -> SeatNo:
    return next(n for n, seat in enumerate(state.setup.seats) if seat.is_max)


def _due_envelope(state: State, met: tuple[tuple[EnvelopeNo, ...], ...], totals: tuple[int, ...]) -> Envelope | None:
    # "open only the leftmost still-available envelope" met this Ascent; "If several players met the same
    # challenge, the highest-scoring one for that Ascent opens it"; equal totals: the first of them from the
    # Lead Climber clockwise (docs/rulings.md).
    for number in sealed_envelopes(state):
        who = [s for s in range(len(totals)) if number in met[s]]
        if who:
            top = max(totals[s] for s in who)
            opener = next(s for s in lead_order(state, who) if totals[s] == top)
            return Envelope(number, state.ascent, opener, None)
    return None


def _need_cards(state: State, verb: str) -> None:
    if state.setup.cards is CardMode.OFF:
        raise IllegalAction(msg("Assist cards are not tracked in this Expedition"))
    if state.phase is not Phase.CLIMB:
        why = _not_climbing(state)
        if verb == "used":
            raise IllegalAction(msg("cards are used during an Ascent; {why}", why=why))
        raise IllegalAction(msg("cards are picked during an Ascent; {why}", why=why))


def _not_climbing(state: State) -> str:
    if state.phase is Phase.REVEAL:
        return msg("Ascent {ascent} has not started: reveal its Assist cards first", ascent=state.ascent)
    if state.phase is Phase.ENVELOPE:
        return msg("Ascent {ascent} is scored; open envelope {envelope} first", ascent=state.ascent,
                   envelope=state.envelopes[-1].number)
    return msg("the Expedition is over: its three Ascents are scored")


# -- parsing --------------------------------------------------------------------------------------------


def parse_date(raw: Any, where: str = "'date'") -> str | None:
    """A calendar date "YYYY-MM-DD" (or None); InvalidInput otherwise."""
    if raw is None:
        return None
    if isinstance(raw, str) and len(raw) == 10:
        try:
            return date.fromisoformat(raw).isoformat()
        except ValueError:
            pass
    raise InvalidInput(msg("{where} must be a date like \"2026-03-01\", not {value}", where=where, value=quote(raw)))


def parse_record(raw: Any, where: str) -> Record | None:
    """A record as it stood: null, a score, or {"score", "names", "date"}."""
    if raw is None:
        return None
    if _is_int(raw):
        return Record(_bounded(raw, where))
    if not isinstance(raw, dict):
        raise InvalidInput(f"{where} must be a score, an object {{\"score\", \"names\", \"date\"}} or null, "
                           f"not {quote(raw)}")
    _check_keys(raw, _RECORD_KEYS, where)
    score = raw.get("score")
    if not _is_int(score):
        raise InvalidInput(f"{where}: 'score' must be a whole number, not {quote(score)}")
    score = _bounded(score, f"{where}: 'score'")
    names = raw.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) and _name_problem(n) is None for n in names):
        raise InvalidInput(f"{where}: 'names' must be a list of names (1-{NAME_MAX} characters, on one line)")
    return Record(score, tuple(n.strip() for n in names), parse_date(raw.get("date"), f"{where}: 'date'"))


def _parse_solo(raw: Any) -> bool:
    if raw is None:
        return False
    if isinstance(raw, str) and raw.strip().lower() == "max":
        return True
    raise InvalidInput(f"'solo' must be \"max\" or null, not {quote(raw)}")


def _parse_players(raw: Any, solo: bool) -> tuple[Seat, ...]:
    if not isinstance(raw, list) or not raw:
        raise InvalidInput("'players' must be a non-empty list of players, clockwise (names, or objects "
                           "{\"id\", \"name\", \"paper\"})")
    if solo and len(raw) != 1:
        raise InvalidInput(msg("a solo Expedition is one player against Max, not {count} players", count=len(raw)))
    if len(raw) > PLAYERS_MAX:
        raise InvalidInput(msg("an Expedition here takes at most {limit} players, not {count}", limit=PLAYERS_MAX,
                               count=len(raw)))
    seats = []
    taken: dict[str, str] = {}
    for n, item in enumerate(raw, 1):
        if isinstance(item, str):
            item = {"name": item}
        if not isinstance(item, dict):
            raise InvalidInput(f"player {n} must be a name or an object {{\"id\", \"name\", \"paper\"}}, "
                               f"not {quote(item)}")
        _check_keys(item, _PLAYER_KEYS, f"player {n}")
        pid = item.get("id")
        if pid is not None and not isinstance(pid, str):
            raise InvalidInput(f"player {n}: 'id' must be a player id or null, not {quote(pid)}")
        name = item.get("name")
        if not isinstance(name, str) or not 0 < len(name.strip()) <= NAME_MAX:
            raise InvalidInput(msg("player {n}: 'name' must be 1-{limit} characters, not {name}", n=n, limit=NAME_MAX,
                                   name=quote(name)))
        problem = _name_problem(name)
        if problem:
            raise InvalidInput(msg("player {n}: {problem}", n=n, problem=problem))
        name = name.strip()
        key = name.casefold()
        if key in taken:
            raise InvalidInput(msg("player {n}: the name {name} is already taken by {other}; names must differ",
                                   n=n, name=quote(name), other=quote(taken[key])))
        if solo and key == MAX_NAME.casefold():
            raise InvalidInput(msg("player {n}: in a solo Expedition the name {name} is Max's", n=n,
                                   name=quote(MAX_NAME)))
        taken[key] = name
        paper = item.get("paper", False)
        if not isinstance(paper, bool):
            raise InvalidInput(f"player {n}: 'paper' must be true or false, not {quote(paper)}")
        seats.append(Seat(pid, name, paper))
    return tuple(seats)


def _parse_records(raw: Any, sheets: tuple[Sheet, ...]) -> tuple[Record | None, ...]:
    if raw is None:
        return (None,) * len(sheets)
    if not isinstance(raw, dict):
        raise InvalidInput(f"'records' must map sheet names to the record standing (a score or null), not {quote(raw)}")
    keys = [s.key for s in sheets]
    for key in raw:
        if key not in keys:
            raise InvalidInput(f"'records': unknown sheet {quote(key)}; an Expedition climbs {', '.join(keys)}")
    return tuple(parse_record(raw.get(key), f"'records.{key}'") for key in keys)


def _parse_envelopes(raw: Any, where: str) -> tuple[EnvelopeNo, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(_is_int(n) and 1 <= n <= ENVELOPES for n in raw):
        raise InvalidInput(f"{where} must list envelope numbers 1 to {ENVELOPES}, not {quote(raw)}")
    if len(set(raw)) != len(raw):
        raise InvalidInput(f"{where} lists an envelope twice: {quote(raw)}")
    return tuple(sorted(raw))


def _parse_card(raw: Any, where: str) -> Assist:
    try:
        return Assist.parse(raw)
    except InvalidInput as exc:
        raise InvalidInput(f"{where}: {exc}") from None


def _parse_cards(raw: Any, where: str) -> tuple[Assist, ...]:
    if not isinstance(raw, list):
        raise InvalidInput(f"{where} must be a list of Assist card names, not {quote(raw)}")
    return tuple(_parse_card(c, f"{where}[{n}]") for n, c in enumerate(raw))


def _parse_pick(seats: tuple[Seat, ...], item: Any, n: int) -> Pick:
    where = f"'picks[{n}]'"
    if not isinstance(item, dict) or "player" not in item:
        raise InvalidInput(f"{where} must be an object {{\"player\", \"card\", \"give_back\", \"zone\"}}")
    _check_keys(item, _PICK_KEYS, where)
    seat = _seat_of(seats, item["player"], f"{where}: 'player'")
    card = None if item.get("card") is None else _parse_card(item["card"], f"{where}: 'card'")
    give_back = None if item.get("give_back") is None else _parse_card(item["give_back"], f"{where}: 'give_back'")
    zone = item.get("zone")
    if zone is not None and not _is_int(zone):
        raise InvalidInput(f"{where}: 'zone' must be the number of the new zone, not {quote(zone)}")
    return Pick(seat, card, give_back, zone)


def _parse_score(seats: tuple[Seat, ...], doc: dict[str, Any]) -> ScoreAscent:
    raw = doc.get("scores")
    if not isinstance(raw, dict):
        raise InvalidInput("'scores' must map every player to the points of their sheet, like {\"Ann\": 70}")
    points: list[int | None] = [None] * len(seats)
    for key, value in raw.items():
        seat = _seat_of(seats, key, "'scores'")
        if not _is_int(value):
            raise InvalidInput(msg("'scores': {name}'s score must be a whole number, not {value}",
                                   name=seats[seat].name, value=quote(value)))
        if not SCORE_MIN <= value <= SCORE_MAX:
            raise InvalidInput(msg("'scores': {name}'s score must be between {low} and {high} (a sheet scores far "
                                   "inside that), not {value}", name=seats[seat].name, low=SCORE_MIN, high=SCORE_MAX,
                                   value=quote(value)))
        if points[seat] is not None:
            raise InvalidInput(msg("'scores' gives {name} two scores", name=seats[seat].name))
        points[seat] = value
    cash = _per_seat(seats, doc.get("cash"), "'cash'", lambda v, w: _parse_cards(v, w))
    met = _per_seat(seats, doc.get("challenges"), "'challenges'", lambda v, w: _parse_envelopes(v, w))
    return ScoreAscent(tuple(points), cash, met, parse_date(doc.get("date")))  # type: ignore[arg-type]


def _per_seat(seats: tuple[Seat, ...], raw: Any, where: str, parse: Any) -> tuple[tuple[Any, ...], ...]:
    out: list[tuple[Any, ...]] = [()] * len(seats)
    if raw is None:
        return tuple(out)
    if not isinstance(raw, dict):
        raise InvalidInput(f"{where} must map players to lists, not {quote(raw)}")
    seen: set[int] = set()
    for key, value in raw.items():
        seat = _seat_of(seats, key, where)
        if seat in seen:
            raise InvalidInput(f"{where} names {seats[seat].name} twice")
        seen.add(seat)
        out[seat] = parse(value, f"{where}.{seats[seat].name}")
    return tuple(out)


def _seat_of(seats: tuple[Seat, ...], raw: Any, where: str) -> SeatNo:
    if _is_int(raw) and 0 <= raw < len(seats):
        return raw
    if isinstance(raw, str):
        wanted = raw.strip().casefold()
        for n, seat in enumerate(seats):
            if seat.name.casefold() == wanted:
                return n
    names = ", ".join(seat.name for seat in seats)
    raise InvalidInput(f"{where}: unknown player {quote(raw)}; the players are {names}")


def _check_keys(doc: dict[str, Any], known: tuple[str, ...], what: str) -> None:
    for key in doc:
        if key not in known:
            raise InvalidInput(f"unknown field {quote(key)} in {what}; known: {', '.join(known)}")


def _is_int(value: Any) -> bool:
    return type(value) is int


def _bounded(value: int, where: str) -> int:
    if not SCORE_MIN <= value <= SCORE_MAX:
        raise InvalidInput(msg("{where} must be between {low} and {high} (a sheet scores far inside that), not "
                               "{value}", where=where, low=SCORE_MIN, high=SCORE_MAX, value=quote(value)))
    return value


def _name_problem(name: str) -> str | None:
    return text_problem(name.strip(), max_len=NAME_MAX, what=f"the name {quote(name)}")


_CARD_ORDER = {card: n for n, card in enumerate(Assist)}


def _sorted(cards: Any) -> tuple[Assist, ...]:
    # Cards held or in play have no order; one canonical order makes equal states compare equal.
    return tuple(sorted(cards, key=_CARD_ORDER.__getitem__))


def _with(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1:]


def _card_list(cards: tuple[Assist, ...]) -> str:
    if not cards:
        # i18n: no Assist cards (held, in play or left in the deck)
        return msg("none")
    counts = Counter(cards)
    return comma_list(card_id_count(card, n) for card, n in sorted(counts.items(), key=lambda kv: _CARD_ORDER[kv[0]]))
