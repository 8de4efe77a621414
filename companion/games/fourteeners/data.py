"""The facts of 14ers that the rulebook states, loaded from data/fourteeners/*.json and checked at the door.

The deck's structure (39 Climbs: 8/14/10/7 by Class, cards per Class by player count), the Hikers (starting
attributes from the Counter cards, the A/B and C/D assignment by player order, Hiker D's restriction),
Gerry's solo table, the July and August forecasts and the ability vocabulary. No card's printed text is
here: the owner's card catalog (`catalog.py`) describes the cards.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeAlias

from companion.errors import DataError
from companion.i18n.message import N_, Message, msg
from companion.inputs import quote

__all__ = [
    "ClassNumber", "HikerLetter", "CLASSES", "Side", "Icon",
    "VOCABULARY_WORDS", "DeckData", "HikerCard", "HikerData", "SoloData", "Forecast", "ForecastData",
    "EffectSpec", "ConditionSpec", "WeatherSpec", "VocabularyData", "GameData",
    "data_dir", "load_data",
]

ClassNumber: TypeAlias = int
HikerLetter: TypeAlias = str

CLASSES: tuple[ClassNumber, ...] = (1, 2, 3, 4)

# The words of data/fourteeners/vocabulary.json and forecasts.json that people read, marked for the
# catalogs: the engine says them with `msg(text)` and a screen translates them by their English text
# (`tr`). A word changed in a data file must change here too, or it is shown in English.
VOCABULARY_WORDS = (
    # i18n: the side of a Hiker card for Climbs that score fixed points (printed on the cards)
    N_("Capstone"),
    # i18n: the side of a Hiker card for Climbs that give Utility and bonuses (printed on the cards)
    N_("Gear"),
    # i18n: the side of a Hiker card for Climbs that raise Endurance, Technique and Utility (printed)
    N_("Training"),
    # i18n: the side of a Hiker card for Climbs that score variable points (printed on the cards)
    N_("Plans"),
    # i18n: the Alternate Route icon in a Climb card's corner
    N_("Alt route"),
    # i18n: the Hazard (triangle) icon in a Climb card's corner
    N_("Hazard"),
    # i18n: the Photo icon in a Climb card's corner
    N_("Photo"),
    # i18n: an ability's effect: {n} points (★) at the end of the game
    N_("{n} ★"),
    # i18n: an ability's effect on an attribute, with its sign ("+1 Endurance")
    N_("{n:+d} Endurance"),
    # i18n: an ability's effect on an attribute, with its sign ("+1 Technique")
    N_("{n:+d} Technique"),
    # i18n: an ability's effect on an attribute, with its sign ("+1 Utility")
    N_("{n:+d} Utility"),
    # i18n: {classes} is "Class IV" or "Class III or IV"
    N_("{n:+d} Utility towards {classes} Climbs"),
    N_("meets Hazard requirements"),
    N_("ignores the Weather"),
    # i18n: {filter} is "Climb tucked as Gear", "Class III Climb with a Hazard icon"...
    N_("{effect} per {filter}"),
    # i18n: {filter} is "Climb tucked as Gear", "Class III Climb with a Hazard icon"...
    N_("{effect} if no {filter}"),
    # i18n: {filter} is "Climb tucked as Gear", "Class III Climb with a Hazard icon"...
    N_("{effect} if any {filter}"),
    # i18n: {filters} is "Climbs tucked as Gear", "Class III Climbs with a Hazard icon"...
    N_("{effect} if no rival has more {filters}"),
    N_("{effect} per side with no tucked Climb"),
    # i18n: {guide_filter} is empty, " of Class III" or " with a Photo icon" (with its leading space)
    N_("{effect} per Guide{guide_filter}"),
    # i18n: an Accolade category; {filters} is "Climbs tucked as Gear", "Class III Climbs"...
    N_("most {filters}"),
    # i18n: an Accolade category; {filters} is "Climbs tucked as Gear", "Class III Climbs"...
    N_("fewest {filters}"),
    # i18n: a Weather effect; {costs} is "1 Endurance", "1 Endurance and 1 Technique"
    N_("Climbs cost {costs} more"),
    # i18n: a Weather effect; {side} is a side of the Hiker card ("Gear")
    N_("no Climbs may be tucked as {side}"),
    # i18n: the Fog's Weather effect
    N_("reveal a Climb at the end of the turn, not the start"),
    # i18n: a Weather Forecast card, the month it covers
    N_("July"),
    # i18n: a Weather Forecast card, the month it covers
    N_("August"),
)


class Side(str, Enum):
    """The four sides of a Hiker card a Climb can be tucked under ('Tuck the Gained Climb Card')."""

    CAPSTONE = "capstone"
    GEAR = "gear"
    TRAINING = "training"
    PLANS = "plans"


class Icon(str, Enum):
    """The characteristic icons in a Climb card's corner ('Climb Cards': Alt route, Hazard, Photo)."""

    ALT = "alt"
    HAZARD = "hazard"
    PHOTO = "photo"


@dataclass(frozen=True)
class DeckData:
    """The Climb deck: how many cards of each Class exist and go into a game of N players."""

    rounds: int
    revealed_at_start: int
    class_counts: tuple[int, ...]                      # index = Class - 1
    deck_by_players: tuple[tuple[int, tuple[int, ...]], ...]
    draw_order: tuple[ClassNumber, ...]
    accolade_cards: int
    accolade_points_by_tied: tuple[tuple[int, int], ...]
    guide_photo_points: int

    def deck_counts(self, players: int) -> tuple[int, ...]:
        """Cards of each Class in the Climb deck for this many players ('Shared Setup' table)."""
        for count, classes in self.deck_by_players:
            if count == players:
                return classes
        raise DataError(f"deck.json: deck_by_players has no row for {players} players")

    def deck_size(self, players: int) -> int:
        """How many Climbs the deck holds for this many players."""
        return sum(self.deck_counts(players))

    def class_of_draw(self, players: int, index: int) -> ClassNumber | None:
        """The Class of the index-th card drawn (0-based): the deck is stacked Class I on top to IV at the bottom."""
        counts = self.deck_counts(players)
        for klass in self.draw_order:
            if index < counts[klass - 1]:
                return klass
            index -= counts[klass - 1]
        return None

    def accolade_points(self, tied: int) -> int:
        """Accolade points each for this many players best meeting the category ('Accolades')."""
        for count, points in self.accolade_points_by_tied:
            if count == tied:
                return points
        raise DataError(f"deck.json: accolade_points_by_tied has no entry for {tied} tied players")


@dataclass(frozen=True)
class HikerCard:
    """One two-sided Hiker card: its Basic and Advanced letters."""

    card: str
    copies: int
    basic: HikerLetter
    advanced: HikerLetter


@dataclass(frozen=True)
class HikerData:
    """Hikers: the Counter cards' starting attributes, the cards and who gets which ('Player Setup')."""

    start_endurance: int
    start_technique: int
    start_utility: int
    cards: tuple[HikerCard, ...]
    no_capstones: frozenset[HikerLetter]
    assignment: tuple[tuple[int, tuple[int, int]], ...]   # players -> (A/B count, C/D count)

    @property
    def letters(self) -> tuple[HikerLetter, ...]:
        """Every Hiker letter, A to D."""
        return tuple(letter for card in self.cards for letter in (card.basic, card.advanced))

    def groups(self, players: int) -> tuple[int, ...]:
        """Index into `cards` for each seat in player order: A/B to the first seats, C/D to the last."""
        for count, (ab, cd) in self.assignment:
            if count == players:
                return (0,) * ab + (1,) * cd
        raise DataError(f"hikers.json: assignment has no row for {players} players")

    def letter(self, group: int, advanced: bool) -> HikerLetter:
        """The letter of a Hiker card's Basic or Advanced side."""
        card = self.cards[group]
        return card.advanced if advanced else card.basic

    def group_of(self, letter: HikerLetter) -> int:
        """Which Hiker card a letter is printed on."""
        for index, card in enumerate(self.cards):
            if letter in (card.basic, card.advanced):
                return index
        raise DataError(f"hikers.json: no Hiker card has the letter {quote(letter)}")


@dataclass(frozen=True)
class SoloData:
    """Gerry, the simulated solo opponent ('Solo Variant')."""

    name: str
    hiker: HikerLetter
    tuck_by_class: tuple[Side, ...]                      # index = Class - 1
    hires_guides: bool
    accolade: bool


@dataclass(frozen=True)
class Forecast:
    """One Weather Forecast card: its month, its label and the Weather of each round it covers."""

    name: str
    label: str
    rounds: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class ForecastData:
    """The July and August forecasts and the Weather effects the rulebook itself defines."""

    forecasts: tuple[Forecast, ...]
    rulebook_effects: tuple[tuple[str, Any], ...]          # raw effect lists, parsed by abilities.py

    def weather(self, round_number: int) -> str:
        """The Weather of a round ('Weather': July covers Rounds 1-5, August Rounds 6-9)."""
        for forecast in self.forecasts:
            for number, name in forecast.rounds:
                if number == round_number:
                    return name
        raise DataError(f"forecasts.json: no forecast covers round {round_number}")

    def month(self, round_number: int) -> Forecast:
        """The forecast card that covers a round."""
        for forecast in self.forecasts:
            if any(number == round_number for number, _ in forecast.rounds):
                return forecast
        raise DataError(f"forecasts.json: no forecast covers round {round_number}")

    @property
    def names(self) -> tuple[str, ...]:
        """Every Weather named on the forecasts, in round order, without repeats."""
        seen: list[str] = []
        for forecast in self.forecasts:
            for _, name in forecast.rounds:
                if name not in seen:
                    seen.append(name)
        return tuple(seen)


@dataclass(frozen=True)
class EffectSpec:
    """One effect of the ability vocabulary: a number (points, attributes) or a flag."""

    name: str
    type: str                      # "number" | "flag"
    text: str
    restrict: str | None
    restricted_text: str | None


@dataclass(frozen=True)
class ConditionSpec:
    """One condition of the ability vocabulary: when and how many times its effect applies."""

    name: str
    value: str                     # "none" | "filter" | "effect"
    multiplies: bool
    text: str
    extra: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class WeatherSpec:
    """One kind of Weather effect the catalog may describe."""

    name: str
    value: str                     # "costs" | "side" | "flag"
    text: str


@dataclass(frozen=True)
class VocabularyData:
    """The closed ability vocabulary: names, display words and templates; code implements each entry."""

    side_names: tuple[tuple[Side, str], ...]
    icon_names: tuple[tuple[Icon, str], ...]
    class_names: tuple[tuple[ClassNumber, str], ...]
    effects: tuple[EffectSpec, ...]
    conditions: tuple[ConditionSpec, ...]
    filter_keys: tuple[tuple[str, str], ...]
    guide_filter_keys: tuple[tuple[str, str], ...]
    accolade_categories: tuple[tuple[str, str], ...]
    weather_effects: tuple[WeatherSpec, ...]

    def side_name(self, side: Side) -> Message:
        """The printed word for a side (a `Message`: see VOCABULARY_WORDS)."""
        return msg(dict(self.side_names)[side])

    def icon_name(self, icon: Icon) -> Message:
        """The printed word for an icon (a `Message`: see VOCABULARY_WORDS)."""
        return msg(dict(self.icon_names)[icon])

    def class_name(self, klass: ClassNumber) -> str:
        """The Roman numeral of a Class."""
        return dict(self.class_names)[klass]

    def effect(self, name: str) -> EffectSpec | None:
        """The effect called `name`, or None."""
        return next((spec for spec in self.effects if spec.name == name), None)

    def condition(self, name: str) -> ConditionSpec | None:
        """The condition called `name`, or None."""
        return next((spec for spec in self.conditions if spec.name == name), None)

    def weather_effect(self, name: str) -> WeatherSpec | None:
        """The Weather effect called `name`, or None."""
        return next((spec for spec in self.weather_effects if spec.name == name), None)


@dataclass(frozen=True)
class GameData:
    """Everything in data/fourteeners/."""

    deck: DeckData
    hikers: HikerData
    solo: SoloData
    forecasts: ForecastData
    vocabulary: VocabularyData


def data_dir() -> Path:
    """The folder holding 14ers' data files (data/fourteeners/ in a checkout, companion/_data when installed)."""
    try:
        from companion.paths import data_root
    except ImportError:
        # Until companion.paths lands, a checkout keeps data/ three levels above this package.
        return Path(__file__).resolve().parents[3] / "data" / "fourteeners"
    return data_root() / "fourteeners"


@lru_cache(maxsize=4)
def load_data(folder: Path | None = None) -> GameData:
    """Load and check every 14ers data file; DataError names the file and field of the first problem."""
    root = folder if folder is not None else data_dir()
    data = GameData(
        deck=_load_deck(_read(root, "deck.json")),
        hikers=_load_hikers(_read(root, "hikers.json")),
        solo=_load_solo(_read(root, "solo.json")),
        forecasts=_load_forecasts(_read(root, "forecasts.json")),
        vocabulary=_load_vocabulary(_read(root, "vocabulary.json")),
    )
    _cross_check(data)
    return data


# --- reading and checking -------------------------------------------------------------------------------

class _Doc:
    """A JSON object with the file name and path, so every complaint names both."""

    def __init__(self, file: str, value: Any, path: str = "") -> None:
        self.file, self.value, self.path = file, value, path
        if not isinstance(value, dict):
            self.fail(f"must be an object, not {type(value).__name__}")

    def fail(self, message: str, key: str | None = None) -> DataError:
        where = self._at(key) if key is not None else (self.path or "(top level)")
        raise DataError(f"{self.file}: {where}: {message}")

    def _at(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def get(self, key: str) -> Any:
        if key not in self.value:
            self.fail("is missing", key)
        return self.value[key]

    def obj(self, key: str) -> _Doc:
        return _Doc(self.file, self.get(key), self._at(key))

    def integer(self, key: str, low: int, high: int) -> int:
        value = self.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(f"must be a whole number from {low} to {high}, not {quote(value)}", key)
        return value

    def text(self, key: str) -> str:
        value = self.get(key)
        if not isinstance(value, str) or not value.strip():
            self.fail(f"must be a non-empty string, not {quote(value)}", key)
        return value

    def flag(self, key: str) -> bool:
        value = self.get(key)
        if not isinstance(value, bool):
            self.fail(f"must be true or false, not {quote(value)}", key)
        return value

    def array(self, key: str) -> list[Any]:
        value = self.get(key)
        if not isinstance(value, list):
            self.fail(f"must be a list, not {type(value).__name__}", key)
        return value

    def int_keys(self, low: int, high: int) -> list[tuple[int, Any]]:
        pairs = []
        for key, value in self.value.items():
            if not key.isdigit() or not low <= int(key) <= high:
                self.fail(f"key {quote(key)} must be a number from {low} to {high}")
            pairs.append((int(key), value))
        return sorted(pairs)


def _read(root: Path, name: str) -> _Doc:
    path = root / name
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(f"{name}: the data file is missing from {root}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise DataError(f"{name}: not valid JSON ({exc})") from None
    doc = _Doc(name, raw)
    doc.text("source")
    return doc


def _class_row(doc: _Doc, key: str) -> tuple[int, ...]:
    row = doc.obj(key)
    pairs = row.int_keys(1, 4)
    if [klass for klass, _ in pairs] != list(CLASSES):
        row.fail("must give a count for each Class 1, 2, 3 and 4")
    return tuple(row.integer(str(klass), 0, 39) for klass, _ in pairs)


def _load_deck(doc: _Doc) -> DeckData:
    by_players = doc.obj("deck_by_players")
    rows = tuple((count, _class_row(by_players, str(count))) for count, _ in by_players.int_keys(1, 4))
    if [count for count, _ in rows] != [1, 2, 3, 4]:
        by_players.fail("must have a row for 1, 2, 3 and 4 players")
    order = doc.array("draw_order")
    if sorted(order) != list(CLASSES):
        doc.fail("must list each Class 1-4 once", "draw_order")
    points = doc.obj("accolade_points_by_tied")
    return DeckData(
        rounds=doc.integer("rounds", 1, 20),
        revealed_at_start=doc.integer("revealed_at_start", 0, 10),
        class_counts=_class_row(doc, "classes"),
        deck_by_players=rows,
        draw_order=tuple(order),
        accolade_cards=doc.integer("accolade_cards", 0, 20),
        accolade_points_by_tied=tuple((n, points.integer(str(n), 0, 20)) for n, _ in points.int_keys(1, 4)),
        guide_photo_points=doc.integer("guide_photo_points", 0, 10),
    )


def _load_hikers(doc: _Doc) -> HikerData:
    start = doc.obj("start")
    cards = []
    for index, raw in enumerate(doc.array("cards")):
        card = _Doc(doc.file, raw, f"cards[{index}]")
        cards.append(HikerCard(card.text("card"), card.integer("copies", 1, 4),
                               card.text("basic"), card.text("advanced")))
    letters = [letter for card in cards for letter in (card.basic, card.advanced)]
    if len(set(letters)) != len(letters):
        doc.fail("a Hiker letter appears twice", "cards")
    no_capstones = doc.array("no_capstones")
    for letter in no_capstones:
        if letter not in letters:
            doc.fail(f"{quote(letter)} is not a Hiker letter", "no_capstones")
    assignment = doc.obj("assignment")
    rows = []
    for count, _ in assignment.int_keys(1, 4):
        row = assignment.obj(str(count))
        groups = (row.integer(cards[0].card, 0, 4), row.integer(cards[1].card, 0, 4))
        rows.append((count, groups))
    return HikerData(
        start_endurance=start.integer("endurance", 0, 20),
        start_technique=start.integer("technique", 0, 20),
        start_utility=start.integer("utility", 0, 20),
        cards=tuple(cards),
        no_capstones=frozenset(no_capstones),
        assignment=tuple(rows),
    )


def _load_solo(doc: _Doc) -> SoloData:
    tuck = doc.obj("tuck_by_class")
    sides = []
    for klass, value in tuck.int_keys(1, 4):
        try:
            sides.append(Side(value))
        except ValueError:
            tuck.fail(f"{quote(value)} is not a side; sides: {', '.join(s.value for s in Side)}", str(klass))
    if len(sides) != len(CLASSES):
        tuck.fail("must give a side for each Class 1-4")
    if doc.text("reveal_to") != "left" or doc.text("takes") != "rightmost":
        doc.fail("Gerry's row is implemented as 'reveal_to': 'left', 'takes': 'rightmost'")
    return SoloData(name=doc.text("name"), hiker=doc.text("hiker"), tuck_by_class=tuple(sides),
                    hires_guides=doc.flag("hires_guides"), accolade=doc.flag("accolade"))


def _load_forecasts(doc: _Doc) -> ForecastData:
    forecasts = []
    for index, raw in enumerate(doc.array("forecasts")):
        card = _Doc(doc.file, raw, f"forecasts[{index}]")
        rounds = card.obj("rounds")
        pairs = []
        for number, name in rounds.int_keys(1, 20):
            if not isinstance(name, str) or not name.strip():
                rounds.fail(f"must name a Weather, not {quote(name)}", str(number))
            pairs.append((number, name))
        forecasts.append(Forecast(card.text("name"), card.text("label"), tuple(pairs)))
    effects = doc.obj("rulebook_effects")
    return ForecastData(tuple(forecasts), tuple(effects.value.items()))


def _named(doc: _Doc, key: str, enum: type[Enum]) -> tuple[tuple[Any, str], ...]:
    table = doc.obj(key)
    values = {member.value: member for member in enum}
    if set(table.value) != set(values):
        table.fail(f"must name exactly {', '.join(values)}")
    return tuple((values[name], table.text(name)) for name in values)


def _load_vocabulary(doc: _Doc) -> VocabularyData:
    classes = doc.obj("classes")
    class_names = tuple((klass, classes.text(str(klass))) for klass, _ in classes.int_keys(1, 4))
    effects_doc = doc.obj("effects")
    effects = []
    for name in effects_doc.value:
        spec = effects_doc.obj(name)
        kind = spec.text("type")
        if kind not in ("number", "flag"):
            spec.fail(f"must be 'number' or 'flag', not {quote(kind)}", "type")
        restrict = spec.value.get("restrict")
        if restrict not in (None, "only_for_class"):
            spec.fail(f"the only restriction is 'only_for_class', not {quote(restrict)}", "restrict")
        effects.append(EffectSpec(name, kind, spec.text("text"), restrict,
                                  spec.text("restricted_text") if restrict else None))
    conditions_doc = doc.obj("conditions")
    conditions = []
    for name in conditions_doc.value:
        spec = conditions_doc.obj(name)
        value = spec.text("value")
        if value not in ("none", "filter", "effect"):
            spec.fail(f"must be 'none', 'filter' or 'effect', not {quote(value)}", "value")
        extra = spec.value.get("extra", {})
        if not isinstance(extra, dict) or any(v not in ("filter", "guide_filter") for v in extra.values()):
            spec.fail("extra keys must each be a 'filter' or 'guide_filter'", "extra")
        conditions.append(ConditionSpec(name, value, spec.flag("multiplies"), spec.text("text"),
                                        tuple(extra.items())))
    domains = {"classes", "sides", "icons"}
    filters = []
    for key in ("filter", "guide_filter"):
        table = doc.obj(key)
        for field, domain in table.value.items():
            if domain not in domains:
                table.fail(f"must be one of {', '.join(sorted(domains))}, not {quote(domain)}", field)
        filters.append(tuple(table.value.items()))
    categories = doc.obj("accolade_categories")
    weather_doc = doc.obj("weather_effects")
    weather = []
    for name in weather_doc.value:
        spec = weather_doc.obj(name)
        value = spec.text("value")
        if value not in ("costs", "side", "flag"):
            spec.fail(f"must be 'costs', 'side' or 'flag', not {quote(value)}", "value")
        weather.append(WeatherSpec(name, value, spec.text("text")))
    return VocabularyData(
        side_names=_named(doc, "sides", Side),
        icon_names=_named(doc, "icons", Icon),
        class_names=class_names,
        effects=tuple(effects),
        conditions=tuple(conditions),
        filter_keys=filters[0],
        guide_filter_keys=filters[1],
        accolade_categories=tuple((name, categories.obj(name).text("text")) for name in categories.value),
        weather_effects=tuple(weather),
    )


def _cross_check(data: GameData) -> None:
    """Facts that span files: the deck rows fit the deck, every Hiker named exists, rounds are covered."""
    deck, hikers = data.deck, data.hikers
    if sum(deck.class_counts) <= 0:
        raise DataError("deck.json: classes: the deck is empty")
    for players, counts in deck.deck_by_players:
        for klass, (wanted, have) in enumerate(zip(counts, deck.class_counts), start=1):
            if wanted > have:
                raise DataError(f"deck.json: deck_by_players.{players}.{klass}: {wanted} cards, "
                                f"but the deck has only {have} Class {klass} Climbs")
        turns = deck.rounds * (players + 1 if players == 1 else players)
        if deck.revealed_at_start + turns > deck.deck_size(players):
            raise DataError(f"deck.json: deck_by_players.{players}: {deck.deck_size(players)} cards cannot "
                            f"supply {deck.revealed_at_start} revealed Climbs and {turns} turns")
    for players, (ab, cd) in hikers.assignment:
        if ab + cd != players:
            raise DataError(f"hikers.json: assignment.{players}: {ab} + {cd} Hikers for {players} players")
        if ab > hikers.cards[0].copies or cd > hikers.cards[1].copies:
            raise DataError(f"hikers.json: assignment.{players}: more Hikers than cards")
    if data.solo.hiker not in hikers.letters:
        raise DataError(f"solo.json: hiker: {quote(data.solo.hiker)} is not a Hiker letter")
    covered = sorted(number for f in data.forecasts.forecasts for number, _ in f.rounds)
    if covered != list(range(1, deck.rounds + 1)):
        raise DataError(f"forecasts.json: forecasts: rounds {covered} do not cover rounds 1-{deck.rounds}")
    names = set(data.forecasts.names)
    for name, _ in data.forecasts.rulebook_effects:
        if name not in names:
            raise DataError(f"forecasts.json: rulebook_effects: {quote(name)} is on no forecast")
