"""The facts of Freunde, loaded from data/freunde/*.json and checked at the door.

The two board sides (spaces with altitude zone, victory points, entry cost and acclimatization modifier,
and the links between them), the stacking limits by zone and player count, each player's 18-card deck,
the risk tokens, the summer weather tiles offered as editable presets, and the solo rank table. Every
error names the file and the field.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, TypeAlias

from companion.errors import DataError, InvalidInput
from companion.games.words import comma_list
from companion.i18n.message import Message, msg, msgn
from companion.inputs import quote, text_problem

__all__ = [
    "SpaceId", "Zone", "ZONES", "CardKind", "Card", "Space", "Board", "StackingTable", "DeckData",
    "RiskTokenData", "PresetDay", "WeatherPresets", "SoloRank", "SoloRankTable", "GameData",
    "data_dir", "load_data", "load_board", "board_from_doc", "parse_card", "BOARD_NAMES", "BOARD_TITLES",
    "CORRECTED", "board_title", "no_space",
]

SpaceId: TypeAlias = str
Zone: TypeAlias = int            # lower bound of an altitude band in metres: 5000, 6000, 7000 or 8000

ZONES: tuple[Zone, ...] = (5000, 6000, 7000, 8000)
BOARD_NAMES: tuple[str, ...] = ("summer", "winter")
# The shipped boards' titles (data/freunde/board_*.json) in words to translate, and what a winter board
# corrected at the table adds to its title (the new-game screen writes it into the setup).
BOARD_TITLES = {
    "summer": msg("Summer board (easier route)"),
    "winter": msg("Winter board (harder route)"),
}
CORRECTED = ", corrected at the table"

_MAX_SPACES = 200               # a board is a small hand-drawn graph; anything larger is not a board
_MAX_LABEL = 100                # a board's id and title
_MAX_SPACE_ID = 20              # a space id ("S23")


class CardKind(str, Enum):
    """The three kinds of card in a player's deck (rule sheet 'Cardlist')."""

    MOVE = "move"
    ROPE = "rope"
    ACCLIMATIZATION = "acclimatization"


_KIND_ORDER = {CardKind.MOVE: 0, CardKind.ROPE: 1, CardKind.ACCLIMATIZATION: 2}


@dataclass(frozen=True)
class Card:
    """One card: movement value, acclimatization value, or a rope's up and down values."""

    kind: CardKind
    value: int                  # movement points, acclimatization points, or a rope's any-direction value
    down: int = 0               # a rope's larger value, usable only to move down

    @property
    def code(self) -> str:
        """The card as written in game files: M2, A1, R1/3."""
        if self.kind is CardKind.ROPE:
            return f"R{self.value}/{self.down}"
        return ("M" if self.kind is CardKind.MOVE else "A") + str(self.value)

    @property
    def hand_order(self) -> tuple[int, int, int]:
        """Where the card stands in a hand as it is fanned and said: movement cards, then ropes, then
        acclimatization cards, each by value."""
        return (_KIND_ORDER[self.kind], self.value, self.down)

    @property
    def risk_points(self) -> int:
        """Movement counted for the risk token: a move card's value, a rope's up value ('Risk')."""
        return 0 if self.kind is CardKind.ACCLIMATIZATION else self.value

    def __str__(self) -> str:
        return self.code


def parse_card(text: Any) -> Card:
    """A card code (M1-M3, A0-A3, R<up>/<down>) as a Card; InvalidInput names the bad code."""
    if not isinstance(text, str):
        raise InvalidInput(f"a card is written as a code such as 'M2', 'A1' or 'R1/3', not {quote(text)}")
    code = text.strip().upper()
    try:
        if code.startswith("R") and "/" in code:
            up, down = code[1:].split("/", 1)
            return Card(CardKind.ROPE, int(up), int(down))
        if code[:1] in ("M", "A") and code[1:].isdigit():
            kind = CardKind.MOVE if code[0] == "M" else CardKind.ACCLIMATIZATION
            return Card(kind, int(code[1:]))
    except ValueError:
        pass
    raise InvalidInput(f"unknown card {quote(text)}: cards are written M1-M3 (movement), A0-A3 "
                       "(acclimatization) or R<up>/<down> such as R1/3 (rope)")


@dataclass(frozen=True)
class Space:
    """One space of the board: altitude zone, victory points, entry cost and acclimatization modifier."""

    id: SpaceId
    zone: Zone
    vp: int
    cost: int
    accl: int


@dataclass(frozen=True)
class Board:
    """A board side: spaces, links, base camp and summit; `verified` False for sides read by eye."""

    id: str
    title: str
    route: str                                  # "easy" or "hard": the column of the solo rank table
    verified: bool
    source: str
    base_camp: SpaceId
    summit: SpaceId
    spaces: Mapping[SpaceId, Space]
    edges: tuple[tuple[SpaceId, SpaceId], ...]
    neighbours: Mapping[SpaceId, tuple[SpaceId, ...]]
    height: Mapping[SpaceId, tuple[int, int]]   # ordering key: higher key = higher on the mountain

    def space(self, space_id: SpaceId) -> Space:
        """The space with this id; InvalidInput names the board when there is none."""
        try:
            return self.spaces[space_id]
        except KeyError:
            raise InvalidInput(no_space(self.id, space_id)) from None

    def is_down(self, origin: SpaceId, target: SpaceId) -> bool:
        """True when a step from origin to target goes down the mountain (see docs/rulings.md, ropes)."""
        return self.height[target] < self.height[origin]

    def to_doc(self) -> dict[str, Any]:
        """The board as a JSON document in the data-file shape, for editing and saving in a session."""
        return {
            "id": self.id, "title": self.title, "route": self.route, "verified": self.verified,
            "source": self.source, "base_camp": self.base_camp, "summit": self.summit,
            "spaces": {s.id: {"zone": s.zone, "vp": s.vp, "cost": s.cost, "accl": s.accl}
                       for s in self.spaces.values()},
            "edges": [list(edge) for edge in self.edges],
        }


@dataclass(frozen=True)
class StackingTable:
    """Climbers a space may hold at the end of a move, by zone and player count (board diagrams)."""

    limits: Mapping[Zone, Mapping[int, int]]
    labels: Mapping[Zone, str]
    extra_players: int                          # the player count with the optional extra climber
    extra_zones: frozenset[Zone]
    extra_climbers: int
    solo_players: int                           # solo plays with this player count's limits

    def limit(self, zone: Zone, players: int, extra: bool = False) -> int:
        """The stacking limit of a zone for this many players (solo uses the 2-player limits)."""
        count = self.solo_players if players == 1 else players
        base = self.limits[zone][count]
        if extra and count == self.extra_players and zone in self.extra_zones:
            return base + self.extra_climbers
        return base


@dataclass(frozen=True)
class DeckData:
    """A player's deck (18 cards), the hand size and how many cards are played each turn."""

    cards: tuple[Card, ...]
    hand_size: int
    play_per_turn: int

    @property
    def kinds(self) -> frozenset[Card]:
        """The distinct cards of the deck."""
        return frozenset(self.cards)

    def check_card(self, card: Card) -> Card:
        """The card if the deck has one like it; InvalidInput otherwise."""
        if card not in self.kinds:
            known = ", ".join(sorted({c.code for c in self.cards}))
            raise InvalidInput(f"{card.code} is not a card of the Freunde deck (cards: {known})")
        return card


@dataclass(frozen=True)
class RiskTokenData:
    """The risk tokens: how many of each value, and how many lie face up."""

    counts: Mapping[int, int]
    face_up: int


@dataclass(frozen=True)
class PresetDay:
    """One day of a known weather tile; zones None where the printed band could not be read."""

    symbol: str
    accl: int
    move: int
    zones: frozenset[Zone] | None
    zones_read: str


@dataclass(frozen=True)
class WeatherPresets:
    """Known weather tiles by id ('summer-1' ...), three days each, offered as editable presets."""

    tiles: Mapping[str, tuple[str, tuple[PresetDay, ...]]]   # id -> (season, days)
    source: str

    def day(self, tile: Any, day: Any) -> PresetDay:
        """Day 1-3 of a preset tile; InvalidInput names the known tiles otherwise."""
        if not isinstance(tile, str) or tile not in self.tiles:
            raise InvalidInput(f"unknown weather tile {quote(tile)}; known: {', '.join(self.tiles)}")
        days = self.tiles[tile][1]
        if not isinstance(day, int) or isinstance(day, bool) or not 1 <= day <= len(days):
            raise InvalidInput(f"weather tile {tile} has days 1-{len(days)}, not {quote(day)}")
        return days[day - 1]


@dataclass(frozen=True)
class SoloRank:
    """A solo rank: id, English name and the name printed in the rulebook."""

    id: str
    name: str
    printed: str


@dataclass(frozen=True)
class SoloRankTable:
    """The solo rank table: the lowest score of each rank by route and weather season."""

    ranks: tuple[SoloRank, ...]                             # best first
    minimums: Mapping[str, Mapping[str, int]]               # "easy/summer" -> rank id -> lowest score

    def rank(self, score: int, route: str, season: str) -> SoloRank:
        """The best rank whose lowest score the solo score reaches (rulebook solo table)."""
        column = self.minimums[f"{route}/{season}"]
        for rank in self.ranks:
            if score >= column[rank.id]:
                return rank
        return self.ranks[-1]


@dataclass(frozen=True)
class GameData:
    """Everything Freunde's rules read from data/freunde/."""

    boards: Mapping[str, Board]
    stacking: StackingTable
    deck: DeckData
    risk: RiskTokenData
    weather: WeatherPresets
    solo: SoloRankTable


def no_space(board_id: str, space_id: Any, *, where: str = "") -> Message:
    """The refusal of a space the board does not have, in words a screen translates; `where` ("path") says
    which field named it."""
    space = quote(space_id)
    if board_id == "winter":
        reason = msg("there is no space {space} on the winter board", space=space)
    elif board_id == "summer":
        reason = msg("there is no space {space} on the summer board", space=space)
    else:
        reason = msg("there is no space {space} on the {board} board", space=space, board=board_id)
    # i18n: {where} is the field of a turn that named the space ("path"), {reason} the refusal
    return msg("{where}: {reason}", where=msg("path"), reason=reason) if where == "path" else reason


def board_title(board_id: Any, title: Any) -> str:
    """A board's title for people: a shipped board's (as shipped, or corrected at the table) translatable, any
    other title (an edited board's) as it is."""
    known = BOARD_TITLES.get(board_id) if isinstance(board_id, str) else None
    text = str(title)
    if known is not None and text == known:
        return known
    if known is not None and text == known + CORRECTED:
        # i18n: the winter board's title once the players corrected it against their own board
        return msg("{board}, corrected at the table", board=known)
    return text


def data_dir() -> Path:
    """The folder holding Freunde's data files (data/freunde in a checkout)."""
    from companion.paths import data_root

    return data_root() / "freunde"


@lru_cache(maxsize=1)
def load_data() -> GameData:
    """Load and check every Freunde data file once."""
    folder = data_dir()
    stacking = _stacking(_read(folder, "stacking.json"), "stacking.json")
    boards = {
        name: board_from_doc(_read(folder, f"board_{name}.json"), f"board_{name}.json", stacking)
        for name in BOARD_NAMES
    }
    for name, board in boards.items():
        if board.id != name:
            raise DataError(f"board_{name}.json: id: must be {quote(name)}, not {quote(board.id)}")
    return GameData(
        boards=boards,
        stacking=stacking,
        deck=_deck(_read(folder, "cards.json"), "cards.json"),
        risk=_risk(_read(folder, "risk_tokens.json"), "risk_tokens.json"),
        weather=_weather(_read(folder, "weather_tiles.json"), "weather_tiles.json"),
        solo=_solo(_read(folder, "solo_ranks.json"), "solo_ranks.json"),
    )


def load_board(name: str) -> Board:
    """The shipped board side 'summer' (as published) or 'winter' (read by eye, unverified)."""
    boards = load_data().boards
    if name not in boards:
        raise InvalidInput(f"unknown board {quote(name)}; the boards are {', '.join(boards)} "
                           "(or give an edited board as an object)")
    return boards[name]


def board_from_doc(doc: Any, origin: str, stacking: StackingTable | None = None) -> Board:
    """Check a board document (a data file or an edited board in a setup) and build the Board."""
    zones = tuple(stacking.limits) if stacking is not None else ZONES
    _require_object(doc, origin, "")
    _no_unknown(doc, origin, "", {"source", "id", "title", "route", "verified", "base_camp", "summit",
                                  "spaces", "edges"})
    board_id = _label(_string(doc, origin, "id"), origin, "id")
    title = _label(_string(doc, origin, "title"), origin, "title")
    route = _string(doc, origin, "route")
    if route not in ("easy", "hard"):
        raise DataError(f"{origin}: route: must be 'easy' or 'hard', not {quote(route)}")
    verified = doc.get("verified")
    if not isinstance(verified, bool):
        raise DataError(f"{origin}: verified: must be true or false, not {quote(verified)}")
    source = _string(doc, origin, "source")
    raw_spaces = doc.get("spaces")
    if not isinstance(raw_spaces, dict) or not raw_spaces:
        raise DataError(f"{origin}: spaces: must be a non-empty object of spaces")
    if len(raw_spaces) > _MAX_SPACES:
        raise DataError(f"{origin}: spaces: at most {_MAX_SPACES} spaces, not {len(raw_spaces)}")
    spaces: dict[SpaceId, Space] = {}
    for space_id, raw in raw_spaces.items():
        if not space_id.strip():
            raise DataError(f"{origin}: spaces: a space id must not be blank")
        where = f"spaces.{_label(space_id, origin, 'spaces', _MAX_SPACE_ID)}"
        _require_object(raw, origin, where)
        _no_unknown(raw, origin, where, {"zone", "vp", "cost", "accl"})
        zone = _int(raw, origin, where, "zone")
        if zone not in zones:
            raise DataError(f"{origin}: {where}.zone: must be one of {', '.join(map(str, zones))}, "
                            f"not {zone}")
        vp = _int(raw, origin, where, "vp", low=1, high=99)
        cost = _int(raw, origin, where, "cost", low=1, high=9)
        accl = _int(raw, origin, where, "accl", low=-6, high=6)
        spaces[space_id] = Space(space_id, zone, vp, cost, accl)
    base_camp = _string(doc, origin, "base_camp")
    summit = _string(doc, origin, "summit")
    for field, value in (("base_camp", base_camp), ("summit", summit)):
        if value not in spaces:
            raise DataError(f"{origin}: {field}: {quote(value)} is not one of the spaces")
    if spaces[summit].vp != max(s.vp for s in spaces.values()):
        # i18n: a board that cannot be played: where ("the corrected board"), then the problem
        raise DataError(msg("{origin}: {problem}", origin=origin, problem=msg(
            "summit: {summit} must carry the most victory points on the board", summit=summit)))
    raw_edges = doc.get("edges")
    if not isinstance(raw_edges, list) or not raw_edges:
        raise DataError(f"{origin}: edges: must be a non-empty list of [space, space] pairs")
    edges: list[tuple[SpaceId, SpaceId]] = []
    seen: set[frozenset[SpaceId]] = set()
    for index, edge in enumerate(raw_edges):
        where = f"edges[{index}]"
        if (not isinstance(edge, list) or len(edge) != 2
                or not all(isinstance(end, str) for end in edge)):
            raise DataError(f"{origin}: {where}: must be a pair of space ids, not {quote(edge)}")
        a, b = edge
        for end in (a, b):
            if end not in spaces:
                raise DataError(f"{origin}: {where}: {quote(end)} is not one of the spaces")
        if a == b:
            raise DataError(f"{origin}: {where}: links {a} to itself")
        if frozenset(edge) in seen:
            raise DataError(f"{origin}: {where}: the link {a}-{b} is listed twice")
        seen.add(frozenset(edge))
        edges.append((a, b))
    neighbours: dict[SpaceId, list[SpaceId]] = {s: [] for s in spaces}
    for a, b in edges:
        neighbours[a].append(b)
        neighbours[b].append(a)
    distance = _distances(neighbours, summit)
    unreachable = sorted(s for s in spaces if s not in distance)
    if unreachable:
        # Base camp in words, as every screen says it ("BASE_CAMP" is the board file's id).
        named = [msg("base camp") if s == base_camp else s for s in unreachable]
        # i18n: a board that cannot be played: where ("the corrected board"), then the problem
        raise DataError(msg("{origin}: {problem}", origin=origin, problem=msgn(
            "edges: {spaces} cannot be reached from the summit (every space must link to the rest of the board)",
            "edges: {spaces} cannot be reached from the summit (every space must link to the rest of the board)",
            len(unreachable), spaces=comma_list(named))))
    # Height: victory points mark altitude; among equal points, farther from the summit is lower.
    height = {s: (spaces[s].vp, -distance[s]) for s in spaces}
    return Board(
        id=board_id, title=title, route=route, verified=verified, source=source,
        base_camp=base_camp, summit=summit, spaces=spaces, edges=tuple(edges),
        neighbours={s: tuple(sorted(n)) for s, n in neighbours.items()}, height=height,
    )


# ---------------------------------------------------------------------------------------------------------

def _read(folder: Path, name: str) -> Any:
    path = folder / name
    try:
        with path.open(encoding="utf-8") as handle:
            doc = json.load(handle)
    except FileNotFoundError:
        raise DataError(f"{name}: the data file is missing from {folder}") from None
    except json.JSONDecodeError as exc:
        raise DataError(f"{name}: not valid JSON: {exc.msg} at line {exc.lineno}") from None
    _require_object(doc, name, "")
    source = doc.get("source")
    if not isinstance(source, str) or not source.strip():
        raise DataError(f"{name}: source: every data file says where its facts come from")
    return doc


def _require_object(value: Any, origin: str, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DataError(f"{origin}: {where or 'the document'}: must be an object, not {type(value).__name__}")
    return value


def _no_unknown(doc: dict, origin: str, where: str, known: set[str]) -> None:
    unknown = sorted(set(doc) - known)
    if unknown:
        prefix = f"{where}." if where else ""
        raise DataError(f"{origin}: {prefix}{unknown[0]}: unknown field (known: {', '.join(sorted(known))})")


def _label(text: str, origin: str, field: str, most: int = _MAX_LABEL) -> str:
    """A name the result shows (a board's id and title, a space id): one line of at most `most` characters."""
    problem = text_problem(text, max_len=most, what=quote(text))
    if problem:
        raise DataError(f"{origin}: {field}: {problem}")
    return text


def _string(doc: dict, origin: str, field: str) -> str:
    value = doc.get(field)
    if not isinstance(value, str) or not value.strip():
        raise DataError(f"{origin}: {field}: must be a non-empty string, not {quote(value)}")
    return value


def _int(doc: dict, origin: str, where: str, field: str, *, low: int | None = None,
         high: int | None = None) -> int:
    value = doc.get(field)
    name = f"{where}.{field}" if where else field
    if not isinstance(value, int) or isinstance(value, bool):
        raise DataError(f"{origin}: {name}: must be a whole number, not {quote(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise DataError(f"{origin}: {name}: must be between {low} and {high}, not {value}")
    return value


def _distances(neighbours: Mapping[SpaceId, list[SpaceId]], start: SpaceId) -> dict[SpaceId, int]:
    distance = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for space in frontier:
            for other in neighbours[space]:
                if other not in distance:
                    distance[other] = distance[space] + 1
                    following.append(other)
        frontier = following
    return distance


def _stacking(doc: dict, origin: str) -> StackingTable:
    _no_unknown(doc, origin, "", {"source", "zones", "optional_extra", "solo_uses_players"})
    raw = doc.get("zones")
    if not isinstance(raw, dict) or not raw:
        raise DataError(f"{origin}: zones: must be an object of zones")
    limits: dict[Zone, dict[int, int]] = {}
    labels: dict[Zone, str] = {}
    for key, entry in raw.items():
        where = f"zones.{key}"
        if not key.isdigit() or int(key) not in ZONES:
            raise DataError(f"{origin}: {where}: a zone is one of {', '.join(map(str, ZONES))}")
        _require_object(entry, origin, where)
        _no_unknown(entry, origin, where, {"label", "limits"})
        label = entry.get("label")
        if not isinstance(label, str) or not label.strip():
            raise DataError(f"{origin}: {where}.label: must be a non-empty string")
        per_count = entry.get("limits")
        if not isinstance(per_count, dict) or set(per_count) != {"2", "3", "4", "5"}:
            raise DataError(f"{origin}: {where}.limits: must give the limit for 2, 3, 4 and 5 players")
        limits[int(key)] = {int(n): _int(per_count, origin, f"{where}.limits", n, low=1, high=10)
                            for n in per_count}
        labels[int(key)] = label
    if set(limits) != set(ZONES):
        raise DataError(f"{origin}: zones: must list every zone {', '.join(map(str, ZONES))}")
    extra = _require_object(doc.get("optional_extra"), origin, "optional_extra")
    _no_unknown(extra, origin, "optional_extra", {"players", "zones", "climbers"})
    extra_players = _int(extra, origin, "optional_extra", "players", low=2, high=5)
    extra_zones = extra.get("zones")
    if not isinstance(extra_zones, list) or not all(isinstance(z, str) and z.isdigit()
                                                    and int(z) in limits for z in extra_zones):
        raise DataError(f"{origin}: optional_extra.zones: must be a list of zones such as \"7000\"")
    solo = _int(doc, origin, "", "solo_uses_players", low=2, high=5)
    return StackingTable(
        limits=limits, labels=labels, extra_players=extra_players,
        extra_zones=frozenset(int(z) for z in extra_zones),
        extra_climbers=_int(extra, origin, "optional_extra", "climbers", low=1, high=5),
        solo_players=solo,
    )


def _deck(doc: dict, origin: str) -> DeckData:
    _no_unknown(doc, origin, "", {"source", "deck", "hand_size", "play_per_turn"})
    raw = doc.get("deck")
    if not isinstance(raw, list) or not raw:
        raise DataError(f"{origin}: deck: must be a non-empty list of card kinds")
    cards: list[Card] = []
    for index, entry in enumerate(raw):
        where = f"deck[{index}]"
        _require_object(entry, origin, where)
        kind = entry.get("kind")
        if kind == "rope":
            _no_unknown(entry, origin, where, {"kind", "up", "down", "count"})
            up = _int(entry, origin, where, "up", low=1, high=9)
            down = _int(entry, origin, where, "down", low=1, high=9)
            if down <= up:
                raise DataError(f"{origin}: {where}.down: a rope's down value must exceed its up value")
            card = Card(CardKind.ROPE, up, down)
        elif kind in ("move", "acclimatization"):
            _no_unknown(entry, origin, where, {"kind", "value", "count"})
            low = 1 if kind == "move" else 0
            value = _int(entry, origin, where, "value", low=low, high=9)
            card = Card(CardKind(kind), value)
        else:
            raise DataError(f"{origin}: {where}.kind: must be move, rope or acclimatization, not {quote(kind)}")
        cards.extend([card] * _int(entry, origin, where, "count", low=1, high=18))
    hand = _int(doc, origin, "", "hand_size", low=1, high=18)
    play = _int(doc, origin, "", "play_per_turn", low=1, high=hand)
    if len(cards) % play or len(cards) < hand:
        raise DataError(f"{origin}: deck: {len(cards)} cards must be a multiple of play_per_turn ({play}) "
                        f"and at least a hand ({hand})")
    if len(Counter(c.code for c in cards)) != len(set(cards)):
        raise DataError(f"{origin}: deck: two card kinds share a code")
    return DeckData(tuple(sorted(cards, key=lambda c: c.code)), hand, play)


def _risk(doc: dict, origin: str) -> RiskTokenData:
    _no_unknown(doc, origin, "", {"source", "tokens", "face_up"})
    raw = doc.get("tokens")
    if not isinstance(raw, dict) or not raw:
        raise DataError(f"{origin}: tokens: must map token values to how many there are")
    counts: dict[int, int] = {}
    for key in raw:
        if not key.isdigit():
            raise DataError(f"{origin}: tokens.{key}: a token value is a whole number of at least 0")
        counts[int(key)] = _int(raw, origin, "tokens", key, low=1, high=99)
    face_up = _int(doc, origin, "", "face_up", low=1, high=sum(counts.values()))
    return RiskTokenData(counts=dict(sorted(counts.items())), face_up=face_up)


def _weather(doc: dict, origin: str) -> WeatherPresets:
    _no_unknown(doc, origin, "", {"source", "tiles"})
    raw = doc.get("tiles")
    if not isinstance(raw, dict):
        raise DataError(f"{origin}: tiles: must be an object of tiles")
    tiles: dict[str, tuple[str, tuple[PresetDay, ...]]] = {}
    for tile_id, tile in raw.items():
        where = f"tiles.{tile_id}"
        _require_object(tile, origin, where)
        _no_unknown(tile, origin, where, {"season", "days"})
        season = tile.get("season")
        if season not in ("summer", "winter"):
            raise DataError(f"{origin}: {where}.season: must be summer or winter, not {quote(season)}")
        days_raw = tile.get("days")
        if not isinstance(days_raw, list) or len(days_raw) != 3:
            raise DataError(f"{origin}: {where}.days: a weather tile shows three days")
        days = []
        for index, day in enumerate(days_raw):
            at = f"{where}.days[{index}]"
            _require_object(day, origin, at)
            _no_unknown(day, origin, at, {"symbol", "accl", "move", "zones", "zones_read"})
            symbol = day.get("symbol")
            if not isinstance(symbol, str) or not symbol:
                raise DataError(f"{origin}: {at}.symbol: must name the symbol (sun, cloud, snow ...)")
            zones_raw = day.get("zones")
            if zones_raw is None:
                zones = None
            elif isinstance(zones_raw, list) and all(z in ZONES for z in zones_raw):
                zones = frozenset(zones_raw)
            else:
                raise DataError(f"{origin}: {at}.zones: must be null or a list of zones "
                                f"({', '.join(map(str, ZONES))})")
            read = day.get("zones_read")
            if not isinstance(read, str):
                raise DataError(f"{origin}: {at}.zones_read: must say how the band was read")
            days.append(PresetDay(symbol, _int(day, origin, at, "accl", low=0, high=6),
                                  _int(day, origin, at, "move", low=0, high=6), zones, read))
        tiles[tile_id] = (season, tuple(days))
    return WeatherPresets(tiles=tiles, source=doc["source"])


def _solo(doc: dict, origin: str) -> SoloRankTable:
    _no_unknown(doc, origin, "", {"source", "ranks", "tables"})
    raw_ranks = doc.get("ranks")
    if not isinstance(raw_ranks, list) or not raw_ranks:
        raise DataError(f"{origin}: ranks: must list the ranks, best first")
    ranks = []
    for index, entry in enumerate(raw_ranks):
        where = f"ranks[{index}]"
        _require_object(entry, origin, where)
        _no_unknown(entry, origin, where, {"id", "name", "printed"})
        ranks.append(SoloRank(*(_string(entry, f"{origin}: {where}", f) for f in ("id", "name", "printed"))))
    ids = [r.id for r in ranks]
    tables = doc.get("tables")
    columns = {f"{route}/{season}" for route in ("easy", "hard") for season in ("summer", "winter")}
    if not isinstance(tables, dict) or set(tables) != columns:
        raise DataError(f"{origin}: tables: must have the columns {', '.join(sorted(columns))}")
    minimums: dict[str, dict[str, int]] = {}
    for column, table in tables.items():
        where = f"tables.{column}"
        if not isinstance(table, dict) or set(table) != set(ids):
            raise DataError(f"{origin}: {where}: must give the lowest score of each rank {', '.join(ids)}")
        values = [_int(table, origin, where, rank_id, low=0, high=40) for rank_id in ids]
        if values != sorted(values, reverse=True) or len(set(values)) != len(values):
            raise DataError(f"{origin}: {where}: lowest scores must fall from the best rank to the last")
        if values[-1] != 0:
            raise DataError(f"{origin}: {where}.{ids[-1]}: the last rank must start at 0")
        minimums[column] = dict(zip(ids, values))
    return SoloRankTable(ranks=tuple(ranks), minimums=minimums)
