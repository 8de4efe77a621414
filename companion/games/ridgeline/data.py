"""Ridgeline's facts as data: the deck, the camps' requirements and the two routes (data/ridgeline/*.json)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeAlias

from companion.errors import DataError
from companion.i18n.message import N_, msg
from companion.inputs import quote

__all__ = [
    "CampNumber",
    "RouteId",
    "Kind",
    "Requirement",
    "Camp",
    "Route",
    "Deck",
    "RidgelineData",
    "COLOUR_LETTERS",
    "COLOUR_NAMES",
    "data_folder",
    "load",
    "load_from",
]

CampNumber: TypeAlias = int  # the number printed in the rulebook's camp table, 1-10
RouteId: TypeAlias = str  # "ridge" or "sprint"

# The card notation (G7, S10, R, R:G7, W) is fixed by the command-line formats; deck.json must agree.
COLOUR_LETTERS: tuple[str, ...] = ("G", "P", "E", "D", "S")
COLOUR_NAMES: tuple[str, ...] = ("Glacier", "Pine", "Ember", "Dusk", "Sunstone")
_RANKS = (1, 10)


class Kind(Enum):
    """The six kinds of requirement a camp is built from ('The route')."""

    SET = "set"
    RUN = "run"
    COLOUR_GROUP = "colour_group"
    COLOUR_RUN = "colour_run"
    SPREAD = "spread"
    TALLY = "tally"

    @property
    def word(self) -> str:
        """The kind as people say it: 'colour group' (a `Message`: the screens say it in the player's language)."""
        return msg(_KIND_WORDS[self])

    @property
    def can_grow(self) -> bool:
        """Sets, runs, colour groups and colour runs take lay-offs; spreads and tallies never grow."""
        return self not in (Kind.SPREAD, Kind.TALLY)

    @property
    def uses_colour(self) -> bool:
        """Whether a card's colour can change whether a group of this kind is legal."""
        return self in (Kind.COLOUR_GROUP, Kind.COLOUR_RUN, Kind.SPREAD)


# The kinds as people say them, and a requirement of each kind with its size (a tally's: its target). Marked
# for the catalogs here, said in the player's language where a screen shows them.
_KIND_WORDS: dict[Kind, str] = {
    # i18n: a Ridgeline meld kind: cards of one rank (the rulebook's term)
    Kind.SET: N_("set"),
    # i18n: a Ridgeline meld kind: consecutive ranks (the rulebook's term)
    Kind.RUN: N_("run"),
    # i18n: a Ridgeline meld kind: cards of one colour (the rulebook's term)
    Kind.COLOUR_GROUP: N_("colour group"),
    # i18n: a Ridgeline meld kind: consecutive ranks in one colour (the rulebook's term)
    Kind.COLOUR_RUN: N_("colour run"),
    # i18n: a Ridgeline meld kind: one card of each colour (the rulebook's term)
    Kind.SPREAD: N_("spread"),
    # i18n: a Ridgeline meld kind: cards whose ranks add up to a target (the rulebook's term)
    Kind.TALLY: N_("tally"),
}
_KIND_LABELS: dict[Kind, str] = {
    # i18n: a Ridgeline requirement: a set of at least {amount} cards
    Kind.SET: N_("set of {amount}"),
    # i18n: a Ridgeline requirement: a run of at least {amount} cards
    Kind.RUN: N_("run of {amount}"),
    # i18n: a Ridgeline requirement: a colour group of at least {amount} cards
    Kind.COLOUR_GROUP: N_("colour group of {amount}"),
    # i18n: a Ridgeline requirement: a colour run of at least {amount} cards
    Kind.COLOUR_RUN: N_("colour run of {amount}"),
    # i18n: a Ridgeline requirement: a spread of exactly {amount} cards, one of each colour
    Kind.SPREAD: N_("spread of {amount}"),
    # i18n: a Ridgeline requirement: cards whose ranks add up to exactly {amount}
    Kind.TALLY: N_("tally of {amount}"),
}


@dataclass(frozen=True)
class Requirement:
    """One requirement of a camp: a kind, the fewest cards it needs, and a tally's exact target."""

    kind: Kind
    size: int  # a spread is exactly this many cards; every other kind needs at least this many
    target: int | None = None  # tallies only: the exact sum of the ranks

    @property
    def label(self) -> str:
        """'run of 4', 'spread of 5', 'tally of 20'."""
        amount = self.target if self.kind is Kind.TALLY else self.size
        return msg(_KIND_LABELS[self.kind], amount=amount)


@dataclass(frozen=True)
class Camp:
    """A camp of the route: cleared by pitching every requirement in one turn."""

    number: CampNumber
    requirements: tuple[Requirement, ...]
    name: str | None = None

    @property
    def label(self) -> str:
        """'camp 3' or 'camp 10 (Summit)' (the camp's name is the data's, shown as it is)."""
        if self.name:
            return msg("camp {number} ({name})", number=self.number, name=self.name)
        return msg("camp {number}", number=self.number)

    @property
    def uses_colour(self) -> bool:
        """Whether any requirement of the camp cares about colour."""
        return any(req.kind.uses_colour for req in self.requirements)


@dataclass(frozen=True)
class Route:
    """A route: the camps a seat climbs, in order; the last one is its summit."""

    id: RouteId
    name: str
    camps: tuple[CampNumber, ...]
    default: bool

    @property
    def length(self) -> int:
        """How many camps the route has."""
        return len(self.camps)


@dataclass(frozen=True)
class Deck:
    """The deck's composition, the deal and the card fatigue values."""

    colours: tuple[str, ...]
    colour_names: tuple[str, ...]
    rank_min: int
    rank_max: int
    copies: int
    ropes: int
    whiteouts: int
    rope_fatigue: int
    whiteout_fatigue: int
    min_seats: int
    max_seats: int
    first_deal: int
    later_deal: int
    draw_per_turn: int

    @property
    def max_hand(self) -> int:
        """The most cards a hand can hold: the later deal plus the turn's draw."""
        return max(self.first_deal, self.later_deal) + self.draw_per_turn


@dataclass(frozen=True)
class RidgelineData:
    """Everything loaded from data/ridgeline/."""

    deck: Deck
    camps: dict[CampNumber, Camp]
    routes: dict[RouteId, Route]
    camp_fatigue: int
    source: str

    @property
    def default_route(self) -> Route:
        """The route used when none is chosen (Ridge)."""
        return next(route for route in self.routes.values() if route.default)


def data_folder() -> Path:
    """The folder holding Ridgeline's data files."""
    from companion.paths import data_root

    return data_root() / "ridgeline"


@lru_cache(maxsize=1)
def load() -> RidgelineData:
    """Load and check the shipped data once."""
    return load_from(data_folder())


def load_from(folder: Path) -> RidgelineData:
    """Load and check deck.json and camps.json from a folder; DataError names the file and field."""
    deck_doc = _read(folder / "deck.json")
    camps_doc = _read(folder / "camps.json")
    deck = _deck(_Fields("deck.json", deck_doc))
    camps_fields = _Fields("camps.json", camps_doc)
    camps_fields.string("source")
    tally_min = camps_fields.integer("tally_min_cards", 1, 10)
    camps: dict[CampNumber, Camp] = {}
    for index, camp_doc in enumerate(camps_fields.items("camps")):
        camp = _camp(camps_fields.child(f"camps[{index}]", camp_doc), deck, tally_min)
        if camp.number in camps:
            raise DataError(f"camps.json: camps[{index}].number {camp.number} appears twice")
        camps[camp.number] = camp
    routes: dict[RouteId, Route] = {}
    for index, route_doc in enumerate(camps_fields.items("routes")):
        route = _route(camps_fields.child(f"routes[{index}]", route_doc), camps)
        if route.id in routes:
            raise DataError(f"camps.json: routes[{index}].id {quote(route.id)} appears twice")
        routes[route.id] = route
    if sum(route.default for route in routes.values()) != 1:
        raise DataError("camps.json: routes must mark exactly one route as default")
    return RidgelineData(
        deck=deck,
        camps=camps,
        routes=routes,
        camp_fatigue=camps_fields.integer("camp_fatigue", 0, 1000),
        source=f"{deck_doc['source']}; {camps_doc['source']}",
    )


# --- private helpers -------------------------------------------------------------------------------


def _read(path: Path) -> dict[str, Any]:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(f"{path.name}: the data file is missing from {path.parent}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"{path.name}: cannot be read as JSON ({exc})") from None
    if not isinstance(doc, dict):
        raise DataError(f"{path.name}: must be a JSON object")
    return doc


class _Fields:
    """Typed access to one JSON object, with errors naming the file and the field path."""

    def __init__(self, file: str, doc: Any, path: str = "") -> None:
        if not isinstance(doc, dict):
            raise DataError(f"{file}: {path or 'the file'} must be an object")
        self.file, self.doc, self.path = file, doc, path

    def _where(self, key: str) -> str:
        return f"{self.file}: field '{self.path + '.' if self.path else ''}{key}'"

    def get(self, key: str) -> Any:
        if key not in self.doc:
            raise DataError(f"{self._where(key)} is missing")
        return self.doc[key]

    def integer(self, key: str, low: int, high: int) -> int:
        value = self.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise DataError(f"{self._where(key)} must be a whole number from {low} to {high}, not {quote(value)}")
        return value

    def string(self, key: str) -> str:
        value = self.get(key)
        if not isinstance(value, str) or not value.strip():
            raise DataError(f"{self._where(key)} must be a non-empty string, not {quote(value)}")
        return value

    def boolean(self, key: str) -> bool:
        value = self.get(key)
        if not isinstance(value, bool):
            raise DataError(f"{self._where(key)} must be true or false, not {quote(value)}")
        return value

    def items(self, key: str) -> list[Any]:
        value = self.get(key)
        if not isinstance(value, list) or not value:
            raise DataError(f"{self._where(key)} must be a non-empty list")
        return value

    def child(self, key: str, doc: Any) -> "_Fields":
        return _Fields(self.file, doc, f"{self.path + '.' if self.path else ''}{key}")


def _deck(fields: _Fields) -> Deck:
    fields.string("source")
    colours = fields.items("colours")
    letters = tuple(fields.child(f"colours[{i}]", c).string("letter") for i, c in enumerate(colours))
    names = tuple(fields.child(f"colours[{i}]", c).string("name") for i, c in enumerate(colours))
    if letters != COLOUR_LETTERS or names != COLOUR_NAMES:
        raise DataError(
            "deck.json: field 'colours' must be "
            + ", ".join(f"{l} {n}" for l, n in zip(COLOUR_LETTERS, COLOUR_NAMES))
            + " in that order, to match the card notation"
        )
    rank_min, rank_max = fields.integer("rank_min", 1, 1), fields.integer("rank_max", 10, 10)
    fatigue = fields.child("fatigue", fields.get("fatigue"))
    seats = fields.child("seats", fields.get("seats"))
    deal = fields.child("deal", fields.get("deal"))
    deck = Deck(
        colours=letters,
        colour_names=names,
        rank_min=rank_min,
        rank_max=rank_max,
        copies=fields.integer("copies", 1, 10),
        ropes=fields.integer("ropes", 0, 20),
        whiteouts=fields.integer("whiteouts", 0, 20),
        rope_fatigue=fatigue.integer("rope", 0, 1000),
        whiteout_fatigue=fatigue.integer("whiteout", 0, 1000),
        min_seats=seats.integer("min", 1, 20),
        max_seats=seats.integer("max", 1, 20),
        first_deal=deal.integer("first_hand", 1, 30),
        later_deal=deal.integer("later_hands", 1, 30),
        draw_per_turn=fields.integer("draw_per_turn", 0, 5),
    )
    if deck.min_seats > deck.max_seats:
        raise DataError("deck.json: field 'seats.min' is larger than 'seats.max'")
    return deck


def _camp(fields: _Fields, deck: Deck, tally_min: int) -> Camp:
    number = fields.integer("number", 1, 99)
    name = fields.string("name") if "name" in fields.doc else None
    requirements = []
    for index, req_doc in enumerate(fields.items("requirements")):
        req = fields.child(f"requirements[{index}]", req_doc)
        raw_kind = req.get("kind")
        try:
            kind = Kind(raw_kind)
        except ValueError:
            known = ", ".join(k.value for k in Kind)
            raise DataError(f"{req._where('kind')} must be one of {known}, not {quote(raw_kind)}") from None
        length = deck.rank_max - deck.rank_min + 1
        if kind is Kind.SPREAD:
            # A spread is exactly one card of each colour, so its size follows from the deck.
            if "size" in req.doc and req.doc["size"] != len(deck.colours):
                raise DataError(f"{req._where('size')} of a spread must be {len(deck.colours)}")
            requirements.append(Requirement(kind, len(deck.colours)))
        elif kind is Kind.TALLY:
            target = req.integer("target", tally_min, tally_min * deck.rank_max * 4)
            requirements.append(Requirement(kind, tally_min, target))
        else:
            high = length if kind in (Kind.RUN, Kind.COLOUR_RUN) else 4 * length
            requirements.append(Requirement(kind, req.integer("size", 1, high)))
    return Camp(number, tuple(requirements), name)


def _route(fields: _Fields, camps: dict[CampNumber, Camp]) -> Route:
    route_id = fields.string("id")
    numbers = fields.items("camps")
    for index, number in enumerate(numbers):
        if number not in camps or isinstance(number, bool):
            raise DataError(f"{fields._where(f'camps[{index}]')} names camp {quote(number)}, which is not in 'camps'")
    if len(set(numbers)) != len(numbers):
        raise DataError(f"{fields._where('camps')} names a camp twice")
    return Route(route_id, fields.string("name"), tuple(numbers), fields.boolean("default"))
