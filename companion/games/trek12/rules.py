"""Trek 12 rules: dice options, where a number may go, Fixed Lines, Mapped Zones, Max and Assist cards.

Pure functions over frozen values. A sheet's fill is a `Board`: one tuple of per-circle values plus a few
integers used as bitmasks over the circle indices (filled, skulls, "not yet linked upward/downward",
zones), so that listing the legal moves and applying one stay cheap enough for thousands of simulated
games per second. Everything public speaks in circle ids; indices stay inside this module.

The rulings behind the choices made here are in docs/rulings.md (Trek 12 section).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum
from itertools import combinations
from operator import itemgetter
from typing import Any, Iterable, TypeAlias

from companion.errors import IllegalAction, InvalidInput
from companion.games.trek12.data import CircleId, Sheet, members
from companion.i18n.message import N_, Message, msg, msgn
from companion.inputs import MAX_DIGITS, quote

__all__ = [
    "LINK_QUESTION",
    "MAX_LINK_QUESTION",
    "Op",
    "OPS",
    "Assist",
    "CARD_NAMES",
    "CARD_IDS",
    "Roll",
    "ROLLS",
    "Ruleset",
    "Action",
    "Turn",
    "LinkChoice",
    "OptionStatus",
    "Board",
    "State",
    "Cell",
    "SKULL",
    "MAX_ASSISTS",
    "ZONE_CARD_VALUES",
    "MAX_CARD_VALUES",
    "new_game",
    "cash",
    "with_cards",
    "legal_actions",
    "apply",
    "why_not",
    "link_choices",
    "max_link_choices",
    "options",
    "circle_reason",
    "playable_circles",
    "compass_reason",
    "is_complete",
    "fill_board",
    "parse_circle_id",
]

EMPTY = -1
_SKULL = -2          # a skull in Board.values: not a number (rulebook, Terrain Types)
SKULL = "skull"      # how a skull is shown in public data and JSON
MAX_ASSISTS = 3      # rulebook: "You can never have more than 3 Assist cards"
ZONE_CARD_VALUES = (0, 1, 2)   # a new zone of these earns the player a card (Expedition Mode)
MAX_CARD_VALUES = (1, 2)       # Max earns his from zones of 1s or 2s (Free Solo, Solo Expeditions)

Cell: TypeAlias = "int | str | None"   # a number, "skull", or None for an empty circle


class Op(IntEnum):
    """The five ways to combine the dice (rulebook, How to Play step a); the int is the option's row."""

    LOWER = 0
    HIGHER = 1
    DIFFERENCE = 2
    SUM = 3
    PRODUCT = 4

    @property
    def label(self) -> str:
        """The option's name in files: lower, higher, difference, sum, product."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: Any) -> "Op":
        """The option named `text`; InvalidInput lists the five names otherwise."""
        if isinstance(text, str) and text.strip().lower() in _OP_NAMES:
            return _OP_NAMES[text.strip().lower()]
        raise InvalidInput(f"unknown dice option {quote(text)}; use one of {', '.join(_OP_NAMES)}")


OPS: tuple[Op, ...] = tuple(Op)
_OP_NAMES = {op.label: op for op in OPS}
# The options as a reason names them ("the difference boxes are full"), for the player to read.
_OP_WORDS: dict[Op, Message] = {
    # i18n: a dice option in a reason: "the lower boxes are full", "the Tent allows a sum, not the lower option"
    Op.LOWER: msg("lower"),
    # i18n: a dice option in a reason: "the higher boxes are full"
    Op.HIGHER: msg("higher"),
    # i18n: a dice option in a reason: "the difference boxes are full" (red die minus yellow, or the reverse)
    Op.DIFFERENCE: msg("difference"),
    # i18n: a dice option in a reason: "the sum boxes are full"
    Op.SUM: msg("sum"),
    # i18n: a dice option in a reason: "the product boxes are full"
    Op.PRODUCT: msg("product"),
}


class Assist(Enum):
    """The Assist cards with an effect during an Ascent (rulebook, The Assist cards)."""

    COMPASS = "compass"
    ROPE = "rope"
    TENT = "tent"
    SCHNAPPS = "schnapps"

    @classmethod
    def parse(cls, text: Any) -> "Assist":
        """The card named `text`; InvalidInput lists the four names otherwise."""
        for card in cls:
            if isinstance(text, str) and text.strip().lower() == card.value:
                return card
        raise InvalidInput(f"unknown Assist card {quote(text)}; use one of {', '.join(c.value for c in cls)}")


_CARD_ORDER = {card: n for n, card in enumerate(Assist)}
# The cards by the names printed on them ("used the Rope"), for the engines' and the screens' words.
CARD_NAMES: dict[Assist, Message] = {
    # i18n: the Assist card (the name printed on it)
    Assist.COMPASS: msg("Compass"),
    # i18n: the Assist card (the name printed on it)
    Assist.ROPE: msg("Rope"),
    # i18n: the Assist card (the name printed on it)
    Assist.TENT: msg("Tent"),
    # i18n: the Assist card (the name printed on it)
    Assist.SCHNAPPS: msg("Schnapps"),
}
# The cards as a reason names them, by their ids in lower case ("the compass card is not held").
CARD_IDS: dict[Assist, Message] = {
    # i18n: an Assist card in a reason: "the compass card is not held"
    Assist.COMPASS: msg("compass"),
    # i18n: an Assist card in a reason: "the rope card is not held"
    Assist.ROPE: msg("rope"),
    # i18n: an Assist card in a reason: "the tent card is not held"
    Assist.TENT: msg("tent"),
    # i18n: an Assist card in a reason: "the schnapps card is not held"
    Assist.SCHNAPPS: msg("schnapps"),
}


@dataclass(frozen=True)
class Roll:
    """A roll of the red die (1-6) and the yellow die (0-5), with the five option results worked out."""

    red: int
    yellow: int
    values: tuple[int, int, int, int, int] = field(init=False, repr=False, compare=False)
    best: int = field(init=False, repr=False, compare=False)
    code: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name, value, low, high in (("red", self.red, 1, 6), ("yellow", self.yellow, 0, 5)):
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise InvalidInput(f"the {name} die shows {low} to {high}, not {quote(value)}")
        r, y = self.red, self.yellow
        values = (min(r, y), max(r, y), abs(r - y), r + y, r * y)
        object.__setattr__(self, "values", values)
        # Max takes the highest of the five results (Free Solo Mode).
        object.__setattr__(self, "best", max(values))
        object.__setattr__(self, "code", (r - 1) * 6 + y)

    @classmethod
    def of(cls, red: int, yellow: int) -> "Roll":
        """The (shared, immutable) Roll for these dice; InvalidInput when a die is out of range."""
        roll = _ROLLS.get((red, yellow)) if type(red) is int and type(yellow) is int else None
        return roll if roll is not None else cls(red, yellow)

    def value(self, op: Op) -> int:
        """The result of dice option `op` for this roll (rulebook, How to Play step a)."""
        return self.values[op]


_ROLLS: dict[tuple[int, int], Roll] = {(r, y): Roll(r, y) for r in range(1, 7) for y in range(6)}
ROLLS: tuple[Roll, ...] = tuple(_ROLLS.values())


@dataclass(frozen=True)
class Ruleset:
    """Table rules that change play; `merge_lines` lets a number join two Fixed Lines (designer's FAQ)."""

    merge_lines: bool = False

    @classmethod
    def from_dict(cls, raw: Any) -> "Ruleset":
        """Parse `{"merge_lines": bool}` (missing or null means the rulebook's defaults)."""
        if raw is None:
            return cls()
        if not isinstance(raw, dict):
            raise InvalidInput(f"'ruleset' must be an object like {{\"merge_lines\": false}}, not {quote(raw)}")
        unknown = sorted(set(raw) - {"merge_lines"})
        if unknown:
            raise InvalidInput(f"unknown ruleset option {quote(unknown[0])}; known: merge_lines")
        merge = raw.get("merge_lines", False)
        if not isinstance(merge, bool):
            raise InvalidInput(f"ruleset option 'merge_lines' must be true or false, not {quote(merge)}")
        return cls(merge_lines=merge)

    def to_dict(self) -> dict[str, Any]:
        """The ruleset as JSON."""
        return {"merge_lines": self.merge_lines}


@dataclass(frozen=True)
class Action:
    """One turn: the dice, the option ticked, the circle written in, and the choices the rules leave open.

    `links`: the touching circles the new number is linked to (None: whatever the rules force, which must
    be unambiguous). `max_links` likewise for Max's number. `assists`: cards used this turn; `rope`: the
    new circle and the circle two steps away that the Rope links; `take`/`give_back`: a card taken after a
    new zone of 0s, 1s or 2s (and the one returned when that makes four), when cards are tracked.
    """

    roll: Roll
    op: Op
    circle: CircleId
    links: tuple[CircleId, ...] | None = None
    max_links: tuple[CircleId, ...] | None = None
    assists: tuple[Assist, ...] = ()
    rope: tuple[CircleId, CircleId] | None = None
    take: Assist | None = None
    give_back: Assist | None = None
    # True when anything beyond option, circle and links is set: lets `apply` skip those checks.
    extras: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "extras", bool(self.max_links is not None or self.assists or self.rope is not None
                                                or self.take is not None or self.give_back is not None))

    def to_dict(self) -> dict[str, Any]:
        """The turn in the game-file format (docs/formats.md); only the keys in use."""
        doc: dict[str, Any] = {"dice": [self.roll.red, self.roll.yellow], "op": self.op.label,
                               "circle": self.circle}
        if self.links is not None:
            doc["links"] = list(self.links)
        if self.max_links is not None:
            doc["max_links"] = list(self.max_links)
        if self.assists:
            doc["assist"] = self.assists[0].value if len(self.assists) == 1 else [a.value for a in self.assists]
        if self.rope is not None:
            doc["rope"] = list(self.rope)
        if self.take is not None:
            doc["take"] = self.take.value
        if self.give_back is not None:
            doc["give_back"] = self.give_back.value
        return doc

    @classmethod
    def from_dict(cls, doc: Any) -> "Action":
        """Parse a turn object of a game file; InvalidInput names the bad field."""
        if not isinstance(doc, dict):
            raise InvalidInput(f"a turn must be an object with dice, op and circle, not {quote(doc)}")
        unknown = sorted(str(k) for k in doc if k not in _TURN_KEYS)
        if unknown:
            raise InvalidInput(f"unknown turn field {quote(unknown[0])}; a turn has {', '.join(_TURN_KEYS)}")
        for need in ("dice", "op", "circle"):
            if need not in doc:
                raise InvalidInput(f"a turn needs {quote(need)}")
        dice = doc["dice"]
        if not isinstance(dice, (list, tuple)) or len(dice) != 2:
            raise InvalidInput(f"'dice' must be [red, yellow], not {quote(dice)}")
        roll = Roll.of(*dice)
        op = Op.parse(doc["op"])
        circle = parse_circle_id(doc["circle"], "circle")
        links = _parse_id_list(doc.get("links"), "links")
        max_links = _parse_id_list(doc.get("max_links"), "max_links")
        raw_cards = doc.get("assist")
        if raw_cards is None:
            cards: tuple[Assist, ...] = ()
        elif isinstance(raw_cards, list):
            cards = tuple(Assist.parse(c) for c in raw_cards)
        else:
            cards = (Assist.parse(raw_cards),)
        rope = doc.get("rope")
        if rope is not None:
            pair = _parse_id_list(rope, "rope")
            if pair is None or len(pair) != 2:
                raise InvalidInput(f"'rope' must be a pair of circle ids [new circle, far circle], not {quote(rope)}")
            rope = (pair[0], pair[1])
        take = None if doc.get("take") is None else Assist.parse(doc["take"])
        give_back = None if doc.get("give_back") is None else Assist.parse(doc["give_back"])
        return cls(roll, op, circle, links, max_links, cards, rope, take, give_back)


Turn = Action  # the game file calls them turns
_TURN_KEYS = ("dice", "op", "circle", "links", "max_links", "assist", "rope", "take", "give_back")


@dataclass(frozen=True)
class LinkChoice:
    """One way to draw the Fixed Line links of a new number: the circle below (v-1) and above (v+1).

    `rope` is set when the Rope card links one of them from two steps away.
    """

    down: CircleId | None
    up: CircleId | None
    rope: CircleId | None = None

    @property
    def links(self) -> tuple[CircleId, ...]:
        """The touching circles linked (what a turn's `links` lists), lowest id first."""
        return tuple(sorted(c for c in (self.down, self.up) if c is not None and c != self.rope))

    @property
    def ends(self) -> tuple[CircleId, ...]:
        """Every circle linked to the new number, the Rope's far end included."""
        return tuple(sorted(c for c in (self.down, self.up) if c is not None))


@dataclass(frozen=True)
class OptionStatus:
    """One row of the Dice Options table for a roll: its result, boxes used and left, and why not."""

    op: Op
    value: int
    used: int
    left: int
    reason: str | None


@dataclass(frozen=True)
class Board:
    """One filled (or partly filled) Ascent sheet: numbers, skulls, Fixed Lines and Mapped Zones.

    values[i] is the number in circle index i (EMPTY -1, skull -2). Masks are over circle indices.
    `up_free`/`down_free`: numbers not yet linked to the next/previous number. `lines`: each Fixed Line
    as circle indices from its lowest number to its highest. `zones`: masks of the equal-number
    connected groups of 2 or more circles. `ropes`: the line links drawn with the Rope between circles
    two steps apart (id pairs, lowest first); every other link joins touching circles.
    """

    sheet: Sheet
    values: tuple[int, ...]
    filled: int
    skulls: int
    frontier: int
    vmask: tuple[int, ...]
    up_free: int
    down_free: int
    lines: tuple[tuple[int, ...], ...]
    zones: tuple[int, ...]
    zoned: int
    ropes: tuple[tuple[CircleId, CircleId], ...] = ()

    @classmethod
    def empty(cls, sheet: Sheet) -> "Board":
        """A blank sheet (rulebook, Setup)."""
        return _board(sheet, (EMPTY,) * sheet.n, 0, 0, 0, (0,) * 14, 0, 0, (), (), 0)

    def cell(self, circle_id: CircleId) -> Cell:
        """What circle `circle_id` holds: a number, "skull", or None when empty."""
        v = self.values[self.sheet.index[circle_id]]
        return None if v == EMPTY else SKULL if v == _SKULL else v

    def cells(self) -> dict[CircleId, int | str]:
        """Every filled circle's content by id (numbers and "skull")."""
        ids = self.sheet.ids
        return {ids[i]: (SKULL if v == _SKULL else v) for i, v in enumerate(self.values) if v != EMPTY}

    @property
    def complete(self) -> bool:
        """True when every circle is filled (rulebook, End of the Game)."""
        return self.filled == self.sheet.full

    def fixed_lines(self) -> tuple[tuple[CircleId, ...], ...]:
        """Each Fixed Line as circle ids from its lowest number to its highest, in the order drawn."""
        ids = self.sheet.ids
        return tuple(tuple(ids[i] for i in line) for line in self.lines)

    def zone_list(self) -> tuple[tuple[CircleId, ...], ...]:
        """Each Mapped Zone as circle ids, lowest id first, in the order the zones appeared."""
        ids = self.sheet.ids
        return tuple(tuple(ids[i] for i in members(z)) for z in self.zones)

    def orphans(self) -> tuple[CircleId, ...]:
        """Numbers in neither a Fixed Line nor a Mapped Zone (rulebook, Penalties: Orphan Circles)."""
        return tuple(self.sheet.ids[i] for i in members(_orphan_mask(self)))

    def line_of(self, circle_id: CircleId) -> tuple[CircleId, ...] | None:
        """The Fixed Line through a circle, or None."""
        i = self.sheet.index[circle_id]
        for line in self.lines:
            if i in line:
                return tuple(self.sheet.ids[j] for j in line)
        return None


@dataclass(frozen=True)
class State:
    """A player's Ascent in progress: their sheet, option boxes, cards, and Max's sheet in Free Solo.

    `assists` is None when cards are not tracked (any card may be used, none is held or cashed); else
    the cards held. `earned`/`max_earned` report that the last turn created a new zone that earns a card.
    `cashed` holds the cards the player discarded for +3 each at the end (`cash`; None until decided);
    `last_ascent` says Max discards all his cards for +3 each at the end (an Expedition's last Ascent).
    """

    sheet: Sheet
    ruleset: Ruleset
    board: Board
    ops: tuple[int, int, int, int, int]
    tents: int
    assists: tuple[Assist, ...] | None
    max_board: Board | None
    max_assists: int
    turn: int
    earned: bool
    max_earned: bool
    cashed: tuple[Assist, ...] | None = None
    last_ascent: bool = False

    @property
    def complete(self) -> bool:
        """True when every circle is filled: 19 rounds on the printed sheets (rulebook, End of the Game)."""
        return self.board.filled == self.sheet.full

    @property
    def solo(self) -> bool:
        """True in Free Solo Mode against Max."""
        return self.max_board is not None

    def ops_left(self, op: Op) -> int:
        """Boxes left for a dice option (rulebook, How to Play step b)."""
        return self.sheet.op_limit - self.ops[op]


def new_game(sheet: Sheet, ruleset: Ruleset | None = None, *, solo: bool = False,
             assists: Iterable[Assist] | None = None, max_assists: int = 0, last_ascent: bool = False) -> State:
    """A fresh Ascent (rulebook, Setup); `assists` are cards held from earlier Ascents (None: untracked);
    `last_ascent`: Max cashes every card he holds at the end (Solo Expeditions, the last Ascent)."""
    held = None if assists is None else _sorted_cards(assists)
    if held is not None and len(held) > MAX_ASSISTS:
        raise InvalidInput(f"a player holds at most {MAX_ASSISTS} Assist cards, not {len(held)}")
    if not isinstance(max_assists, int) or isinstance(max_assists, bool) or not 0 <= max_assists <= MAX_ASSISTS:
        raise InvalidInput(f"Max holds 0 to {MAX_ASSISTS} Assist cards, not {quote(max_assists)}")
    if last_ascent and not solo:
        raise InvalidInput("'last_ascent' is about Max's cards; the game has no Max (\"solo\": \"max\")")
    board = Board.empty(sheet)
    state = _state(sheet, ruleset or Ruleset(), board, (0, 0, 0, 0, 0), 0, held,
                   board if solo else None, max_assists if solo else 0, 0, False, False)
    state.__dict__["last_ascent"] = bool(last_ascent)
    return state


def cash(state: State, cards: Iterable[Assist]) -> State:
    """The end of the Ascent: the player discards `cards` (any of those still held) for +3 each and keeps the
    rest for the next Ascent (rulebook, How to use Assist cards: "each player may discard some or all of their
    remaining Assist cards"). Once per Ascent, on a full sheet, in a game that tracks the cards."""
    chosen = tuple(cards)
    if state.assists is None:
        raise IllegalAction(msg("Assist cards are not tracked in this game, so none can be cashed; list the "
                                "cards held at the start to track them"))
    if state.cashed is not None:
        raise IllegalAction(msg("the cards are already cashed at this Ascent's end ({cards})",
                                cards=_card_names(state.cashed)))
    if not state.complete:
        empty = state.sheet.n - state.board.filled.bit_count()
        raise IllegalAction(msgn("cards are cashed when scoring, at the end of the Ascent; {n} circle still empty",
                                 "cards are cashed when scoring, at the end of the Ascent; {n} circles still empty",
                                 empty))
    hand = list(state.assists)
    for card in chosen:
        if card not in hand:
            raise IllegalAction(_not_held(card, state.assists))
        hand.remove(card)
    return with_cards(state, _sorted_cards(hand), cashed=_sorted_cards(chosen))


def with_cards(state: State, assists: Iterable[Assist] | None = None, *, max_assists: int | None = None,
               cashed: Iterable[Assist] | None = None) -> State:
    """The same Ascent with the cards held set from outside: an Expedition's picks, which draw from the cards
    in play that this engine does not see (the sheet's own rules then check each card used)."""
    new = _new(State)
    new.__dict__.update(state.__dict__)
    if assists is not None:
        held = _sorted_cards(assists)
        if len(held) > MAX_ASSISTS:
            raise InvalidInput(f"a player holds at most {MAX_ASSISTS} Assist cards, not {len(held)}")
        new.__dict__["assists"] = held
    if max_assists is not None:
        if state.max_board is None or not 0 <= max_assists <= MAX_ASSISTS:
            raise InvalidInput(f"Max holds 0 to {MAX_ASSISTS} Assist cards, not {max_assists!r}")
        new.__dict__["max_assists"] = max_assists
    if cashed is not None:
        new.__dict__["cashed"] = _sorted_cards(cashed)
    return new


def is_complete(state: State) -> bool:
    """True when the Ascent is over: every circle filled (rulebook, End of the Game)."""
    return state.board.filled == state.sheet.full


def apply(state: State, action: Action) -> State:
    """Play one turn (rulebook, How to Play; rulings in docs/rulings.md); IllegalAction names turn and rule."""
    result = _step(state, action)
    if isinstance(result, str):
        raise IllegalAction(msg("turn {turn}: {reason}", turn=state.turn + 1, reason=result))
    return result  # type: ignore[return-value]


def why_not(state: State, action: Action) -> str | None:
    """The reason `action` is not allowed now (box full, circle taken or not adjacent, links...), or None."""
    try:
        result = _step(state, action)
    except (TypeError, AttributeError, IndexError, KeyError):
        return msg("{turn} is not a well-formed turn", turn=quote(action))
    return result if isinstance(result, str) else None  # type: ignore[return-value]


def legal_actions(state: State, roll: Roll) -> tuple[Action, ...]:
    """Every legal turn for this roll: option x circle x link choice (x Max's link choice, x cards held).

    A turn whose links the rules force has `links=None`; where the player must choose, one action per
    choice with explicit `links` (and `max_links`). Schnapps is not listed: it replaces the roll.
    """
    board = state.board
    sheet = state.sheet
    filled = board.filled
    if filled == sheet.full:
        return ()
    cand = board.frontier if filled else sheet.full
    merge = state.ruleset.merge_lines
    values = roll.values
    ops = state.ops
    limit = sheet.op_limit
    rows = sheet.memo.get(roll.code)
    if rows is None:
        rows = _plain_rows(sheet, roll)
    mspecial: dict[int, tuple[tuple[int, int], ...]] = {}
    mb = state.max_board
    if mb is not None and _may_choose(mb, roll.best, merge):
        _, mspec = _split(mb, cand, roll.best, merge)
        mspecial = dict(mspec)
    vm = board.vmask
    up_free = board.up_free
    down_free = board.down_free
    lone = up_free & down_free
    pickers = sheet.pickers
    take_all = pickers.get(cand)
    if take_all is None:
        if len(pickers) > _PICKER_CACHE:
            pickers.clear()  # a bounded memo: started afresh when it grows too big
        take_all = pickers[cand] = _getter(members(cand))
    out: list[Action] = []
    split_for: dict[int, tuple[Any, Any]] | None = None
    for k in range(5):
        if ops[k] >= limit:
            continue
        v = values[k]
        row = rows[k]
        if not mspecial:
            if v > 12:
                out.extend(take_all(row))
                continue
            dm = vm[v - 1] & up_free
            um = vm[v + 1] & down_free
            # At most one free v-1 end and one free v+1 end, not both line ends: no circle can have a
            # choice, so every candidate's links are forced (the usual case, decided without a call;
            # the same test as _may_choose, inlined).
            if not (dm & (dm - 1) or um & (um - 1) or (dm and um and not merge and dm & ~lone and um & ~lone)):
                out.extend(take_all(row))
                continue
        if split_for is None:
            split_for = {}
        entry = split_for.get(v)
        if entry is None:
            entry = split_for[v] = _split(board, cand, v, merge)
        plain, special = entry
        if mspecial:
            for i in (members(cand) if plain is None else plain):
                if i in mspecial:
                    for mp in mspecial[i]:
                        out.append(_linked_action(sheet, roll, k, i, None, mp))
                else:
                    out.append(row[i])
        elif plain is None:
            out.extend(take_all(row))
        elif plain:
            out.extend(_getter(plain)(row))
        for i, choices in special:
            for p in choices:
                for mp in mspecial.get(i, _ONE_NONE):
                    out.append(_linked_action(sheet, roll, k, i, p, mp))
    if state.assists:
        out.extend(_card_actions(state, roll))
    return tuple(out)


def link_choices(state: State, roll: Roll, op: Op, circle: CircleId, *,
                 rope: CircleId | None = None) -> tuple[LinkChoice, ...]:
    """The ways the rules allow to link the number `op` gives at `circle` (one entry: nothing to choose)."""
    sheet = state.sheet
    board = state.board
    i = _index(sheet, circle)
    v = roll.values[op]
    far = -1
    if rope is not None:
        far = _index(sheet, rope)
        fv = board.values[far]
        reachable = sheet.adj2[i] >> far & 1 and v <= sheet.limits[i]
        if not reachable or not ((fv == v - 1 and board.up_free >> far & 1)
                                 or (fv == v + 1 and board.down_free >> far & 1)):
            return ()
    return _link_choice_objects(sheet, _choices(board, i, v, state.ruleset.merge_lines, far), far)


def max_link_choices(state: State, roll: Roll, circle: CircleId) -> tuple[LinkChoice, ...]:
    """The ways Max's number (the roll's best result) may be linked at `circle`; the player picks one."""
    if state.max_board is None:
        raise IllegalAction("there is no Max in this game")
    i = _index(state.sheet, circle)
    return _link_choice_objects(state.sheet, _choices(state.max_board, i, roll.best, state.ruleset.merge_lines),
                                -1)


def options(state: State, roll: Roll) -> tuple[OptionStatus, ...]:
    """The Dice Options table for a roll: each option's result, boxes used/left, and why it is closed."""
    limit = state.sheet.op_limit
    out = []
    for op in OPS:
        used = state.ops[op]
        reason = _boxes_full(op, used, limit) if used >= limit else None
        out.append(OptionStatus(op, roll.values[op], used, max(limit - used, 0), reason))
    return tuple(out)


def circle_reason(state: State, circle: CircleId, *, compass: bool = False) -> str | None:
    """Why a number may not go in `circle` now (taken, not adjacent, sheet full), or None when it may."""
    sheet = state.sheet
    if circle not in sheet.index:
        return _not_on_sheet(circle, sheet)
    return _circle_problem(state.board, sheet.index[circle], circle, compass)


def compass_reason(state: State) -> str | None:
    """Why the Compass cannot be played now (no empty circle touches no filled one: 'Compass', write in a
    circle touching no filled circle), or None when it can."""
    if playable_circles(state, compass=True):
        return None
    return msg("every empty circle touches a filled one: the Compass has no circle to write in")


def playable_circles(state: State, *, compass: bool = False) -> tuple[CircleId, ...]:
    """The circles a number may go in now (rulebook, How to Play step c; the Compass's own circles)."""
    b = state.board
    sheet = state.sheet
    if compass:
        mask = sheet.full & ~b.filled & ~b.frontier
    else:
        mask = b.frontier if b.filled else (0 if b.filled == sheet.full else sheet.full)
    return tuple(sheet.ids[i] for i in members(mask))


def fill_board(sheet: Sheet, cells: dict[CircleId, Cell], lines: list[list[CircleId]],
               ropes: Iterable[tuple[CircleId, CircleId]] = ()) -> Board:
    """A Board from a filled sheet: its circles and its Fixed Lines, each checked (touching, consecutive,
    unique, disjoint); `ropes` are links drawn with the Rope (two steps apart); zones are found as the
    rulebook says (Mapping Zones)."""
    n = sheet.n
    rope_set: set[tuple[int, int]] = set()
    for pair in ropes:
        a, b = pair
        for cid in (a, b):
            if cid not in sheet.index:
                raise InvalidInput(f"rope {list(pair)}: circle {quote(cid)} is not on the {sheet.name} sheet")
        if not sheet.adj2[sheet.index[a]] >> sheet.index[b] & 1:
            raise IllegalAction(f"rope {list(pair)}: the Rope links circles two steps apart, across one circle")
        rope_set.add((min(a, b), max(a, b)))
    rope_used: set[tuple[int, int]] = set()
    values = [EMPTY] * n
    for cid, cell in cells.items():
        if cid not in sheet.index:
            raise InvalidInput(f"circle {quote(cid)} is not on the {sheet.name} sheet")
        i = sheet.index[cid]
        if cell is None:
            continue
        if cell == SKULL:
            values[i] = _SKULL
            continue
        if not isinstance(cell, int) or isinstance(cell, bool) or cell < 0:
            raise InvalidInput(f"circle {cid} holds {quote(cell)}: a number 0-12 or \"skull\" is expected")
        if cell > sheet.limits[i]:
            kind = "dangerous" if sheet.circles[i].dangerous else "normal"
            raise IllegalAction(f"circle {cid} holds {cell}, above the {sheet.limits[i]} a {kind} circle takes; "
                                "it must be a skull (rulebook, Terrain Types)")
        values[i] = cell
    filled = skulls = 0
    vm = [0] * 14
    for i, v in enumerate(values):
        if v == EMPTY:
            continue
        filled |= 1 << i
        if v == _SKULL:
            skulls |= 1 << i
        else:
            vm[v] |= 1 << i
    numbers = filled & ~skulls
    up_free = down_free = numbers
    used = 0
    line_tuples: list[tuple[int, ...]] = []
    if not isinstance(lines, list):
        raise InvalidInput(f"'lines' must be a list of lines (lists of circle ids), not {quote(lines)}")
    for n_line, raw in enumerate(lines, 1):
        ids = _parse_id_list(raw, f"lines[{n_line - 1}]")
        if ids is None or len(ids) < 2:
            raise InvalidInput(f"line {n_line} must list at least 2 circle ids in path order, not {quote(raw)}")
        idx = []
        for cid in ids:
            if cid not in sheet.index:
                raise InvalidInput(f"line {n_line}: circle {cid} is not on the {sheet.name} sheet")
            i = sheet.index[cid]
            if values[i] < 0:
                what = "is empty" if values[i] == EMPTY else "holds a skull, which is not a number"
                raise IllegalAction(f"line {n_line}: circle {cid} {what}; a Fixed Line joins numbers")
            idx.append(i)
        if values[idx[0]] > values[idx[-1]]:
            idx.reverse()
        for a, b in zip(idx, idx[1:]):
            ida, idb = sheet.ids[a], sheet.ids[b]
            if (min(ida, idb), max(ida, idb)) in rope_set:
                rope_used.add((min(ida, idb), max(ida, idb)))
            elif not sheet.adj[a] >> b & 1:
                raise IllegalAction(f"line {n_line}: circles {ida} and {idb} do not touch")
            if values[b] != values[a] + 1:
                raise IllegalAction(f"line {n_line}: {values[a]} (circle {ida}) and {values[b]} (circle {idb}) "
                                    "are not consecutive numbers along the line")
        if len(set(idx)) != len(idx):
            raise IllegalAction(f"line {n_line} passes through a circle twice; its numbers must be unique")
        for i in idx:
            if used >> i & 1:
                raise IllegalAction(f"line {n_line}: circle {sheet.ids[i]} is already in another Fixed Line; "
                                    "no number may be part of more than one line")
            used |= 1 << i
        up_free &= ~_mask(idx[:-1])
        down_free &= ~_mask(idx[1:])
        line_tuples.append(tuple(idx))
    zones = []
    seen = 0
    for i in range(n):
        if values[i] < 0 or seen >> i & 1:
            continue
        comp = _component(sheet, vm[values[i]], i)
        seen |= comp
        if comp & (comp - 1):
            zones.append(comp)
    zoned = 0
    for z in zones:
        zoned |= z
    frontier = 0
    for i in members(filled):
        frontier |= sheet.adj[i]
    frontier &= ~filled
    unused = sorted(rope_set - rope_used)
    if unused:
        raise IllegalAction(f"rope {list(unused[0])} is not a link of any line")
    return _board(sheet, tuple(values), filled, skulls, frontier, tuple(vm), up_free, down_free,
                  tuple(line_tuples), tuple(zones), zoned, tuple(sorted(rope_used)))


def parse_circle_id(raw: Any, what: str) -> CircleId:
    """A circle id from JSON: an integer, or a string of digits (object keys are strings)."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    text = raw.strip() if isinstance(raw, str) else ""
    digits = text[1:] if text.startswith("-") else text
    if digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS:
        return int(text)
    raise InvalidInput(f"{what}: {quote(raw)} is not a circle id (a whole number)")


# ---------------------------------------------------------------------------------------------------
# Internals. Indices, not ids, from here on.

_NO_LINK: tuple[tuple[int, int], ...] = ((-1, -1),)
_PICKER_CACHE = 1 << 16  # distinct candidate sets remembered per sheet (about 10,000 in 5,000 Dunai games)
_ONE_NONE: tuple[None] = (None,)
_new = object.__new__


def _board(sheet: Sheet, values: tuple[int, ...], filled: int, skulls: int, frontier: int,
           vmask: tuple[int, ...], up_free: int, down_free: int, lines: tuple[tuple[int, ...], ...],
           zones: tuple[int, ...], zoned: int, ropes: tuple[tuple[CircleId, CircleId], ...] = ()) -> Board:
    # Builds the frozen Board without the dataclass __init__'s per-field setattr: this runs every move.
    b = _new(Board)
    b.__dict__.update(sheet=sheet, values=values, filled=filled, skulls=skulls, frontier=frontier,
                      vmask=vmask, up_free=up_free, down_free=down_free, lines=lines, zones=zones,
                      zoned=zoned, ropes=ropes)
    return b


def _state(sheet: Sheet, ruleset: Ruleset, board: Board, ops: tuple[int, ...], tents: int,
           assists: tuple[Assist, ...] | None, max_board: Board | None, max_assists: int, turn: int,
           earned: bool, max_earned: bool) -> State:
    s = _new(State)
    s.__dict__.update(sheet=sheet, ruleset=ruleset, board=board, ops=ops, tents=tents, assists=assists,
                      max_board=max_board, max_assists=max_assists, turn=turn, earned=earned,
                      max_earned=max_earned, cashed=None, last_ascent=False)
    return s


def _mask(indices: Iterable[int]) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


def _component(sheet: Sheet, allowed: int, start: int) -> int:
    comp = frontier = 1 << start
    while frontier:
        grow = 0
        for j in members(frontier):
            grow |= sheet.adj[j]
        frontier = grow & allowed & ~comp
        comp |= frontier
    return comp


def _orphan_mask(board: Board) -> int:
    numbers = board.filled & ~board.skulls
    linked = numbers & ~(board.up_free & board.down_free)
    return numbers & ~linked & ~board.zoned


def _index(sheet: Sheet, circle: Any) -> int:
    i = sheet.index.get(circle)
    if i is None:
        raise InvalidInput(f"circle {quote(circle)} is not on the {sheet.name} sheet")
    return i


def _sorted_cards(cards: Iterable[Assist]) -> tuple[Assist, ...]:
    out = []
    for card in cards:
        if not isinstance(card, Assist):
            card = Assist.parse(card)
        out.append(card)
    return tuple(sorted(out, key=_CARD_ORDER.__getitem__))


def _parse_id_list(raw: Any, what: str) -> tuple[CircleId, ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, (list, tuple)):
        raise InvalidInput(f"'{what}' must be a list of circle ids, not {quote(raw)}")
    return tuple(parse_circle_id(x, what) for x in raw)


def _choices(board: Board, i: int, v: int, merge: bool, rope: int = -1) -> tuple[tuple[int, int], ...]:
    """The legal (down, up) link pairs for number v at index i (-1: no link that way); see rulings."""
    sheet = board.sheet
    if v > sheet.limits[i]:
        return _NO_LINK
    vm = board.vmask
    up_free = board.up_free
    down_free = board.down_free
    adj = sheet.adj[i]
    # vm has 14 entries with vm[13] == 0, so vm[v - 1] for v == 0 reads vm[-1] == 0: no -1 to link to.
    D = adj & vm[v - 1] & up_free
    U = adj & vm[v + 1] & down_free
    if rope >= 0:
        # The caller checked the far end; its number says which direction the Rope takes.
        if board.values[rope] == v - 1:
            D = 1 << rope
        else:
            U = 1 << rope
    elif not (D & (D - 1)) and not (U & (U - 1)):
        # At most one candidate each way: the common case, decided without building sets.
        if not D:
            return ((-1, U.bit_length() - 1),) if U else _NO_LINK
        if not U or merge or (D | U) & up_free & down_free:
            return ((D.bit_length() - 1, U.bit_length() - 1),)
        return ((D.bit_length() - 1, -1), (-1, U.bit_length() - 1))
    # Several candidates: every maximal compatible pair. Two candidates that are both already in lines
    # (necessarily different lines) are incompatible unless merge_lines; a direction is left unlinked
    # only when no candidate that way is compatible with the other direction's pick.
    lone = up_free & down_free
    ds = members(D) or (-1,)
    us = members(U) or (-1,)
    out = []
    d_ok = set()
    u_ok = set()
    for d in ds:
        for u in us:
            if d < 0 or u < 0 or merge or lone >> d & 1 or lone >> u & 1:
                out.append((d, u))
                d_ok.add(d)
                u_ok.add(u)
    if U:
        out.extend((d, -1) for d in ds if d >= 0 and d not in d_ok)
    if D:
        out.extend((-1, u) for u in us if u >= 0 and u not in u_ok)
    if rope >= 0:
        out = [p for p in out if rope in p]
    return tuple(out)


def _may_choose(board: Board, v: int, merge: bool) -> bool:
    """False when no circle can have a choice of links for v: at most one free v-1 end and one free v+1
    end on the sheet, and not both of them line ends (without merge_lines)."""
    if v > 12:
        return False
    vm = board.vmask
    dm = vm[v - 1] & board.up_free
    um = vm[v + 1] & board.down_free
    lone = board.up_free & board.down_free
    return bool(dm & (dm - 1) or um & (um - 1) or (dm and um and not merge and dm & ~lone and um & ~lone))


def _split(board: Board, cand: int, v: int, merge: bool) -> tuple[Any, tuple[tuple[int, Any], ...]]:
    """Candidate circles for number v: those whose links are forced (None: all of them), and those with
    a choice, with their choices.

    Worked out for all circles at once with masks: a circle has a choice exactly when it touches two
    free v-1 ends, or two free v+1 ends, or (without merge_lines) a v-1 line end and a v+1 line end.
    """
    if v > 12:
        return None, ()
    vm = board.vmask
    up_free = board.up_free
    down_free = board.down_free
    dm = vm[v - 1] & up_free
    um = vm[v + 1] & down_free
    if not (dm | um):
        return None, ()
    adj = board.sheet.adj
    twice = 0
    if dm & (dm - 1):
        once = 0
        for j in members(dm):
            a = adj[j]
            twice |= once & a
            once |= a
    if um & (um - 1):
        once = 0
        for j in members(um):
            a = adj[j]
            twice |= once & a
            once |= a
    if dm and um and not merge:
        lone = up_free & down_free
        line_d = dm & ~lone
        line_u = um & ~lone
        if line_d and line_u:
            near_d = near_u = 0
            for j in members(line_d):
                near_d |= adj[j]
            for j in members(line_u):
                near_u |= adj[j]
            twice |= near_d & near_u
    special = twice & cand
    if special and v > 6:
        special &= board.sheet.normal_mask  # a dangerous circle gets a skull: nothing to link
    if not special:
        return None, ()
    return members(cand & ~special), tuple((i, _choices(board, i, v, merge)) for i in members(special))


def _getter(indices: Any) -> Any:
    """A C-level picker of these positions from a row, always returning a tuple."""
    if len(indices) > 1:
        return itemgetter(*indices)
    if indices:
        only = indices[0]
        return lambda row: (row[only],)
    return lambda row: ()


def _plain_rows(sheet: Sheet, roll: Roll) -> tuple[tuple[Action, ...], ...]:
    # One shared Action per (roll, option, circle) with forced links: listing moves then builds no objects.
    rows = tuple(tuple(Action(roll, op, cid) for cid in sheet.ids) for op in OPS)
    sheet.memo[roll.code] = rows
    return rows


def _linked_action(sheet: Sheet, roll: Roll, k: int, i: int, pick: tuple[int, int] | None,
                   mpick: tuple[int, int] | None) -> Action:
    key = (roll.code, k, i, pick, mpick)
    action = sheet.memo.get(key)
    if action is None:
        ids = sheet.ids
        links = None if pick is None else tuple(sorted(ids[x] for x in pick if x >= 0))
        mlinks = None if mpick is None else tuple(sorted(ids[x] for x in mpick if x >= 0))
        action = sheet.memo[key] = Action(roll, OPS[k], ids[i], links, mlinks)
    return action


def _link_choice_objects(sheet: Sheet, choices: tuple[tuple[int, int], ...], rope: int) -> tuple[LinkChoice, ...]:
    ids = sheet.ids
    return tuple(LinkChoice(ids[d] if d >= 0 else None, ids[u] if u >= 0 else None,
                            ids[rope] if rope >= 0 else None) for d, u in choices)


def _describe(sheet: Sheet, choices: tuple[tuple[int, int], ...], rope: int = -1) -> str:
    ids = sheet.ids
    shown = [str(sorted(ids[x] for x in c if x >= 0 and x != rope)) for c in choices]
    out: str = shown[0] if shown else ""
    for more in shown[1:]:
        # i18n: link choices, each a list of circle ids: "[3] or [5]"
        out = msg("{choices} or {choice}", choices=out, choice=more)
    return out


# A turn that does not say which of several links it makes: a screen asks it in its own words (a correction's
# replay that stops there), so the two questions are named here once.
LINK_QUESTION = N_("ambiguous links: the {value} in circle {circle} may be linked to {choices}; say which in 'links'")
MAX_LINK_QUESTION = N_("ambiguous links: Max's {value} in circle {circle} may be linked to {choices}; say which in "
                       "'max_links'")


def _pick(sheet: Sheet, choices: tuple[tuple[int, int], ...], links: tuple[CircleId, ...] | None, rope: int,
          who: str, v: int, circle: CircleId) -> tuple[int, int] | str:
    mine = who == "the"
    if links is None:
        if len(choices) == 1:
            return choices[0]
        described = _describe(sheet, choices, rope)
        return msg(LINK_QUESTION if mine else MAX_LINK_QUESTION, value=v, circle=circle, choices=described)
    want = set()
    for cid in links:
        j = sheet.index.get(cid)
        if j is None:
            return msg("link to circle {circle}: no such circle on the {sheet} sheet", circle=quote(cid),
                       sheet=sheet.name)
        want.add(j)
    if len(want) != len(links):
        return msg("links {links} name a circle twice", links=list(links))
    want.discard(rope)
    for c in choices:
        if {x for x in c if x >= 0 and x != rope} == want:
            return c
    if choices is _NO_LINK or choices == _NO_LINK:
        if mine:
            return msg("links {links} are not allowed: the {value} in circle {circle} has no touching number it "
                       "may link to (a v-1 not yet linked upward or a v+1 not yet linked downward)",
                       links=list(links), value=v, circle=circle)
        return msg("links {links} are not allowed: Max's {value} in circle {circle} has no touching number it "
                   "may link to (a v-1 not yet linked upward or a v+1 not yet linked downward)",
                   links=list(links), value=v, circle=circle)
    described = _describe(sheet, choices, rope)
    if mine:
        return msg("links {links} are not allowed: the {value} in circle {circle} must be linked to {choices} "
                   "(every direction that can be linked is linked; one Fixed Line only unless merge_lines)",
                   links=list(links), value=v, circle=circle, choices=described)
    return msg("links {links} are not allowed: Max's {value} in circle {circle} must be linked to {choices} "
               "(every direction that can be linked is linked; one Fixed Line only unless merge_lines)",
               links=list(links), value=v, circle=circle, choices=described)


def _circle_problem(board: Board, i: int, circle: CircleId, compass: bool) -> str | None:
    sheet = board.sheet
    filled = board.filled
    if filled == sheet.full:
        return _sheet_full(sheet)
    if filled >> i & 1:
        return _already_filled(circle)
    if compass:
        near = sheet.adj[i] & filled
        if near:
            return msg("circle {circle} touches filled circle {near}; the Compass is for a circle touching no "
                       "filled circle", circle=circle, near=sheet.ids[near.bit_length() - 1])
        return None
    if filled and not board.frontier >> i & 1:
        return msg("circle {circle} touches no filled circle; after the first number each one goes next to a "
                   "filled circle (a skull counts as filled)", circle=circle)
    return None


# The reasons given in more than one place, each one message.

def _sheet_full(sheet: Sheet) -> Message:
    return msgn("the sheet is full: its {n} circle is filled", "the sheet is full: all {n} circles are filled",
                sheet.n)


def _already_filled(circle: CircleId) -> Message:
    return msg("circle {circle} is already filled", circle=circle)


def _not_on_sheet(circle: Any, sheet: Sheet) -> Message:
    return msg("circle {circle} is not on the {sheet} sheet", circle=quote(circle), sheet=sheet.name)


def _boxes_full(op: Op, used: int, limit: int) -> Message:
    return msg("the {op} boxes are full ({used} of {limit} used)", op=_OP_WORDS[op], used=used, limit=limit)


def _not_held(card: Assist, held: tuple[Assist, ...]) -> Message:
    return msg("the {card} card is not held (cards held: {cards})", card=CARD_IDS[card], cards=_card_names(held))


def _rope_unused() -> Message:
    return msg("'rope' is given but the Rope card is not used this turn")


def _write(board: Board, i: int, v: int, d: int, u: int) -> tuple[Board, bool]:
    """Write v (or _SKULL) at index i and draw the links to d/u (-1: none); returns (board, new zone?)."""
    bd = board.__dict__
    sheet = bd["sheet"]
    bit = 1 << i
    filled = bd["filled"] | bit
    adj = sheet.adj
    frontier = (bd["frontier"] | adj[i]) & ~filled
    old = bd["values"]
    values = old[:i] + (v,) + old[i + 1:]
    new = _new(Board)
    nd = new.__dict__
    if v < 0:
        nd.update(bd)
        nd["values"] = values
        nd["filled"] = filled
        nd["skulls"] = bd["skulls"] | bit
        nd["frontier"] = frontier
        return new, False
    vm = bd["vmask"]
    same = adj[i] & vm[v]
    # Start from a copy of the old board's fields and overwrite what this number changes.
    nd.update(bd)
    nd["values"] = values
    nd["filled"] = filled
    nd["frontier"] = frontier
    nd["vmask"] = vm[:v] + (vm[v] | bit,) + vm[v + 1:]
    up_free = bd["up_free"] | bit
    down_free = bd["down_free"] | bit
    if d >= 0 or u >= 0:
        low: tuple[int, ...] = (d,) if d >= 0 else ()
        high: tuple[int, ...] = (u,) if u >= 0 else ()
        rest = []
        for line in bd["lines"]:
            if d >= 0 and line[-1] == d:
                low = line
            elif u >= 0 and line[0] == u:
                high = line
            else:
                rest.append(line)
        rest.append(low + (i,) + high)
        nd["lines"] = tuple(rest)
        if d >= 0:
            up_free &= ~(1 << d)
            down_free &= ~bit
        if u >= 0:
            down_free &= ~(1 << u)
            up_free &= ~bit
    nd["up_free"] = up_free
    nd["down_free"] = down_free
    if not same:
        return new, False
    merged = bit | same
    zoned = bd["zoned"]
    if same & zoned:
        keep = []
        for z in bd["zones"]:
            if z & same:
                merged |= z
            else:
                keep.append(z)
        keep.append(merged)
        nd["zones"] = tuple(keep)
        nd["zoned"] = zoned | merged
        return new, False
    # Only lone circles of v touch it: the zone did not exist before (a card for 0s, 1s, 2s).
    nd["zones"] = bd["zones"] + (merged,)
    nd["zoned"] = zoned | merged
    return new, True


def _step(state: State, action: Action) -> State | str:
    """Validate and play one turn; returns the new state, or the reason it is not allowed."""
    sd = state.__dict__
    sheet = sd["sheet"]
    board = sd["board"]
    filled = board.filled
    if filled == sheet.full:
        return _sheet_full(sheet)
    ad = action.__dict__
    circle = ad["circle"]
    i = sheet.index.get(circle)
    if i is None:
        return _not_on_sheet(circle, sheet)
    if filled >> i & 1:
        return _already_filled(circle)
    roll = ad["roll"]
    k = ad["op"]
    cards = ad["assists"]
    links = ad["links"]
    extras = ad["extras"]
    rope = -1
    tent = False
    if cards:
        checked = _check_cards(state, action, i)
        if isinstance(checked, str):
            return checked  # type: ignore[return-value]
        tent, rope = checked  # type: ignore[misc]
    else:
        if filled and not board.frontier >> i & 1:
            return _circle_problem(board, i, circle, False)  # type: ignore[return-value]
        if extras and ad["rope"] is not None:
            return _rope_unused()
    ops = sd["ops"]
    if tent:
        if k != 3:  # Op.SUM
            return msg("the Tent allows a sum, not the {op} option", op=_OP_WORDS[OPS[k]])
    elif ops[k] >= sheet.op_limit:
        return _boxes_full(OPS[k], sheet.op_limit, sheet.op_limit)
    v = roll.values[k]
    merge = sd["ruleset"].merge_lines
    if v > sheet.limits[i]:
        if links:
            return msg("circle {circle} gets a skull ({value} is over the {limit} it takes), and a skull takes no "
                       "links", circle=circle, value=v, limit=sheet.limits[i])
        if rope >= 0:
            return msg("the Rope links numbers, but circle {circle} gets a skull ({value} is over {limit})",
                       circle=circle, value=v, limit=sheet.limits[i])
        pick = _NO_LINK[0]
        written = _SKULL
    else:
        if rope >= 0:
            fv = board.values[rope]
            ok = (fv == v - 1 and board.up_free >> rope & 1) or (fv == v + 1 and board.down_free >> rope & 1)
            if not ok:
                if fv in (v - 1, v + 1):
                    return msg("the Rope links {value} to a {below} not yet linked upward or a {above} not yet "
                               "linked downward; circle {far} holds {held} with that end already linked",
                               value=v, below=v - 1, above=v + 1, far=sheet.ids[rope], held=_show(fv))
                return msg("the Rope links {value} to a {below} not yet linked upward or a {above} not yet linked "
                           "downward; circle {far} holds {held}", value=v, below=v - 1, above=v + 1,
                           far=sheet.ids[rope], held=_show(fv))
        if rope < 0 and links is None:
            adj = sheet.adj[i]
            vm = board.vmask
            if not (adj & vm[v - 1] & board.up_free or adj & vm[v + 1] & board.down_free):
                choices = _NO_LINK  # nothing touching to link: skip the general search
            else:
                choices = _choices(board, i, v, merge)
        else:
            choices = _choices(board, i, v, merge, rope)
        if links is None and len(choices) == 1:
            pick = choices[0]
        else:
            pick = _pick(sheet, choices, links, rope, "the", v, circle)  # type: ignore[assignment]
            if isinstance(pick, str):
                return pick  # type: ignore[return-value]
        written = v
    mb = sd["max_board"]
    if mb is not None:
        mv = roll.best
        if mv > 12 or not (sheet.adj[i] & ((mb.vmask[mv - 1] & mb.up_free) | (mb.vmask[mv + 1] & mb.down_free))):
            mchoices = _NO_LINK  # nothing touching for Max's number to link to
        else:
            mchoices = _choices(mb, i, mv, merge)
        max_links = ad["max_links"]
        if max_links is None and len(mchoices) == 1:
            mpick = mchoices[0]
        else:
            if mv > sheet.limits[i] and max_links:
                return msg("Max's {value} in circle {circle} is a skull, which takes no links", value=mv,
                           circle=circle)
            mpick = _pick(sheet, mchoices, max_links, -1, "Max's", mv, circle)  # type: ignore[assignment]
            if isinstance(mpick, str):
                return mpick  # type: ignore[return-value]
    elif extras and ad["max_links"] is not None:
        return msg("'max_links' is given but there is no Max in this game")
    new_board, new_zone = _write(board, i, written, pick[0], pick[1])
    if rope >= 0:
        pair = (min(circle, sheet.ids[rope]), max(circle, sheet.ids[rope]))
        new_board.__dict__["ropes"] = tuple(sorted(new_board.ropes + (pair,)))  # still private to this call
    earned = new_zone and v in ZONE_CARD_VALUES
    held = sd["assists"]
    if extras and (cards or ad["take"] is not None or ad["give_back"] is not None):
        held = _next_hand(state, action, earned)  # type: ignore[assignment]
        if isinstance(held, str):
            return held  # type: ignore[return-value]
    new = _new(State)
    nd = new.__dict__
    nd.update(sd)
    nd["board"] = new_board
    if not tent:
        nd["ops"] = ops[:k] + (ops[k] + 1,) + ops[k + 1:]
    else:
        nd["tents"] = sd["tents"] + 1
    nd["assists"] = held
    nd["turn"] = sd["turn"] + 1
    nd["earned"] = earned
    if mb is not None:
        mv = roll.best
        max_board, mnew = _write(mb, i, mv if mv <= sheet.limits[i] else _SKULL, mpick[0], mpick[1])
        max_earned = mnew and mv in MAX_CARD_VALUES
        nd["max_board"] = max_board
        nd["max_earned"] = max_earned
        if max_earned and sd["max_assists"] < MAX_ASSISTS:
            nd["max_assists"] = sd["max_assists"] + 1
    return new


def _show(v: int) -> str:
    # i18n: what a circle holds: "circle 7 holds nothing"
    return msg("nothing") if v == EMPTY else msg("a skull") if v == _SKULL else str(v)


def _check_cards(state: State, action: Action, i: int) -> tuple[bool, int] | str:
    """Check the cards used this turn; returns (tent used, rope far index or -1), or the reason not."""
    sheet = state.sheet
    board = state.board
    cards = action.assists
    if len(set(cards)) != len(cards):
        return msg("each kind of Assist card may be used once per turn")
    held = state.assists
    if held is not None:
        for card in cards:
            if card not in held:
                return _not_held(card, held)
    compass = Assist.COMPASS in cards
    problem = _circle_problem(board, i, action.circle, compass)
    if problem:
        return problem
    rope = -1
    if Assist.ROPE in cards:
        pair = action.rope
        if pair is None:
            return msg("the Rope needs 'rope': [new circle, circle two steps away]")
        if action.circle not in pair:
            return msg("'rope' {pair} must include the circle written in this turn ({circle})", pair=list(pair),
                       circle=action.circle)
        far_id = pair[1] if pair[0] == action.circle else pair[0]
        far = sheet.index.get(far_id)
        if far is None:
            return msg("'rope' names circle {circle}, which is not on the {sheet} sheet", circle=quote(far_id),
                       sheet=sheet.name)
        if not sheet.adj2[i] >> far & 1:
            return msg("the Rope links circles two steps apart; circles {circle} and {far} are not separated by "
                       "exactly one circle", circle=action.circle, far=far_id)
        rope = far
    elif action.rope is not None:
        return _rope_unused()
    return Assist.TENT in cards, rope


def _next_hand(state: State, action: Action, earned: bool) -> tuple[Assist, ...] | None | str:
    held = state.assists
    take, give_back = action.take, action.give_back
    if held is None:
        if take is not None or give_back is not None:
            return msg("Assist cards are not tracked in this game, so none can be taken; list the cards held at "
                       "the start to track them")
        return None
    hand = list(held)
    for card in action.assists:
        hand.remove(card)
    if take is not None:
        if not earned:
            return msg("a card is taken only on a turn that creates a new zone of 0s, 1s or 2s (Expedition Mode)")
        if len(hand) >= MAX_ASSISTS:
            if give_back is None:
                return msgn("you already hold {n} card ({cards}); taking one means giving one back ('give_back')",
                            "you already hold {n} cards ({cards}); taking one means giving one back ('give_back')",
                            MAX_ASSISTS, cards=_card_names(tuple(hand)))
            if give_back not in hand:
                return msg("'give_back' {card} is not a card you hold ({cards})", card=CARD_IDS[give_back],
                           cards=_card_names(tuple(hand)))
            hand.remove(give_back)
        elif give_back is not None:
            return _give_back_only()
        hand.append(take)
    elif give_back is not None:
        return _give_back_only()
    return _sorted_cards(hand)


def _give_back_only() -> Message:
    return msgn("'give_back' is only for taking a card while holding {n}",
                "'give_back' is only for taking a card while holding {n}", MAX_ASSISTS)


def _card_names(cards: tuple[Assist, ...]) -> str:
    if not cards:
        # i18n: the Assist cards held: none
        return msg("none")
    out: str = CARD_IDS[cards[0]]
    for card in cards[1:]:
        # i18n: Assist cards listed one after the other: "compass, rope"
        out = msg("{cards}, {card}", cards=out, card=CARD_IDS[card])
    return out


def _max_picks(state: State, roll: Roll, i: int) -> tuple[tuple[int, int] | None, ...]:
    if state.max_board is None:
        return _ONE_NONE
    ch = _choices(state.max_board, i, roll.best, state.ruleset.merge_lines)
    return _ONE_NONE if len(ch) == 1 else ch


def _card_actions(state: State, roll: Roll) -> list[Action]:
    """Turns that use held Compass, Tent or Rope cards (several may be used in one round)."""
    held = state.assists or ()
    sheet = state.sheet
    board = state.board
    ids = sheet.ids
    merge = state.ruleset.merge_lines
    usable = [c for c in (Assist.COMPASS, Assist.TENT, Assist.ROPE) if c in held]
    normal_cand = board.frontier if board.filled else sheet.full
    compass_cand = sheet.full & ~board.filled & ~board.frontier
    vm = board.vmask
    out: list[Action] = []
    for size in range(1, len(usable) + 1):
        for subset in combinations(usable, size):
            cand = compass_cand if Assist.COMPASS in subset else normal_cand
            if Assist.TENT in subset:
                ks = [Op.SUM]
            else:
                ks = [op for op in OPS if state.ops[op] < sheet.op_limit]
            for k in ks:
                v = roll.values[k]
                for i in members(cand):
                    mpicks = _max_picks(state, roll, i)
                    if Assist.ROPE in subset:
                        if v > sheet.limits[i]:
                            continue
                        fars = sheet.adj2[i] & ((vm[v - 1] & board.up_free) | (vm[v + 1] & board.down_free))
                        for far in members(fars):
                            for p in _choices(board, i, v, merge, far):
                                links = tuple(sorted(ids[x] for x in p if x >= 0 and x != far))
                                for mp in mpicks:
                                    out.append(Action(roll, k, ids[i], links, _ids_of(ids, mp), subset,
                                                      (ids[i], ids[far])))
                    else:
                        for p in _choices(board, i, v, merge):
                            links = tuple(sorted(ids[x] for x in p if x >= 0))
                            for mp in mpicks:
                                out.append(Action(roll, k, ids[i], links, _ids_of(ids, mp), subset))
    return out


def _ids_of(ids: tuple[CircleId, ...], pick: tuple[int, int] | None) -> tuple[CircleId, ...] | None:
    return None if pick is None else tuple(sorted(ids[x] for x in pick if x >= 0))
