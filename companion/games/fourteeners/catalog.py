"""The owner's card catalog: the 39 Climb cards, the Accolades, the Hikers' printed abilities and the Weather.

The rulebook lists none of these, so the owner describes them once (in the app's editor, or a JSON file)
and can share the catalog as one JSON document:

    {"format": "fourteeners-catalog", "version": 1,
     "cards": [CARD, ...],
     "accolades": [{"name", "basic": CATEGORY | null, "advanced": CATEGORY | null}, ...],
     "hikers": {"A": ABILITY | null, ...},
     "weather": {"Rain": [WEATHER_EFFECT, ...] | null, ...}}

A CARD is `{"name", "class": 1-4, "endurance", "technique", "hazard": bool, "icons": [...], "sides":
{"capstone": ABILITY | null, "gear": ..., "training": ..., "plans": ...}}`; a side left out or null is not
described yet. The Hazard requirement and the Hazard corner icon are one printed fact ('Climb Cards': "Hazard
(triangle icon)"; 'Gain a Revealed Climb Card': "Hazard is a third requirement"): a card has it when either
says so (older catalogs could disagree), and it is written both ways. Importing checks everything and refuses a bad file with the field named (DataError).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache
from typing import Any, Sequence, TypeAlias

from companion.errors import DataError, InvalidInput
from companion.i18n.message import msg
from companion.inputs import quote, text_problem

from .abilities import (
    Ability, Category, EffectKind, WeatherEffect, ability_to_doc, category_to_doc, class_label, parse_ability, parse_category,
    parse_weather, weather_to_doc,
)
from .data import CLASSES, ClassNumber, HikerLetter, Icon, Side, load_data
from .wording import reason

__all__ = [
    "CardName", "CATALOG_FORMAT", "CATALOG_VERSION", "AccoladeSide", "Card", "AccoladeCard", "Catalog",
    "EMPTY", "check_side", "lowest_points", "parse_card", "card_to_doc", "parse_accolade", "accolade_to_doc", "import_catalog",
    "export_catalog",
    "with_card", "without_card", "with_accolade", "without_accolade", "with_hiker", "with_weather", "merge",
    "name_key", "edited_card", "edited_accolade",
]

CardName: TypeAlias = str

CATALOG_FORMAT = "fourteeners-catalog"
CATALOG_VERSION = 1
_NAME_LIMIT = 60
_REQUIREMENT_LIMIT = 20
_CARD_KEYS = ("name", "class", "endurance", "technique", "hazard", "icons", "sides")


class AccoladeSide(str, Enum):
    """Which half of an Accolade card is used this game ('Shared Setup' step 3)."""

    BASIC = "basic"
    ADVANCED = "advanced"


def lowest_points(side: Side | None) -> int | None:
    """The fewest points an ability on `side` may give, or None where the cards set no floor: a Capstone
    scores a fixed number of points, 0 or more ('Climb Cards'). `check_side` refuses less, and a form
    describing a side stops its points there."""
    return 0 if side is Side.CAPSTONE else None


def check_side(side: Side, ability: Ability | None, where: str) -> None:
    """Refuse an ability that no card prints on `side`: fewer points than `lowest_points` (a Capstone's).

    The catalog's files and the sides described during a game are checked alike, so a card saved from a
    game to the catalog can always be read back."""
    lowest = lowest_points(side)
    if lowest is None:
        return
    for item in ability or ():
        if item.effect.kind is EffectKind.POINTS and item.effect.amount < lowest:
            raise InvalidInput(msg("{where}: a Capstone scores a fixed number of points, 0 or more ('Climb "
                                   "Cards'), not {points}", where=where, points=item.effect.amount))


@dataclass(frozen=True)
class Card:
    """One Climb card: name, Class, requirements, corner icons and the ability of each side (None = not described)."""

    name: CardName
    klass: ClassNumber
    endurance: int
    technique: int
    icons: tuple[Icon, ...]                    # the Hazard icon is also the Hazard requirement
    sides: tuple[Ability | None, ...]          # in Side order: capstone, gear, training, plans

    @property
    def hazard(self) -> bool:
        """The Hazard requirement: the Hazard icon in the card's corner (one printed fact)."""
        return Icon.HAZARD in self.icons

    def ability(self, side: Side) -> Ability | None:
        """The ability printed on one side, or None while it is not described."""
        return self.sides[list(Side).index(side)]

    def with_side(self, side: Side, ability: Ability | None) -> Card:
        """The same card with one side's ability described (or cleared); a side no printed card has is refused."""
        check_side(side, ability, self.name)
        sides = list(self.sides)
        sides[list(Side).index(side)] = ability
        return replace(self, sides=tuple(sides))

    @property
    def described(self) -> bool:
        """True when all four sides are described."""
        return all(ability is not None for ability in self.sides)


@dataclass(frozen=True)
class AccoladeCard:
    """One Accolade card: the category on its Basic and Advanced sides (None = not described)."""

    name: str
    basic: Category | None
    advanced: Category | None

    def category(self, side: AccoladeSide) -> Category | None:
        """The category printed on one half."""
        return self.basic if side is AccoladeSide.BASIC else self.advanced


@dataclass(frozen=True)
class Catalog:
    """The owner's description of the cards; lookups by name ignore case and surrounding spaces."""

    cards: tuple[Card, ...] = ()
    accolades: tuple[AccoladeCard, ...] = ()
    hikers: tuple[tuple[HikerLetter, Ability | None], ...] = ()
    weather: tuple[tuple[str, tuple[WeatherEffect, ...] | None], ...] = ()
    source: str | None = None

    def card(self, name: str) -> Card | None:
        """The card with this name, or None."""
        key = name_key(name)
        return next((card for card in self.cards if name_key(card.name) == key), None)

    def accolade(self, name: str) -> AccoladeCard | None:
        """The Accolade card with this name, or None."""
        key = name_key(name)
        return next((card for card in self.accolades if name_key(card.name) == key), None)

    def hiker_ability(self, letter: HikerLetter) -> Ability:
        """A Hiker side's printed ability as described (nothing when not described)."""
        return dict(self.hikers).get(letter) or ()

    def weather_effects(self, name: str) -> tuple[WeatherEffect, ...] | None:
        """A Weather's effects: the rulebook's own for Clear Skies and Fog, else the owner's, else None."""
        rulebook = _rulebook_weather()
        if name in rulebook:
            return rulebook[name]
        return dict(self.weather).get(name)


EMPTY = Catalog()


def name_key(name: str) -> str:
    """How names compare: case and surrounding or repeated spaces do not matter."""
    return " ".join(name.split()).casefold()


def parse_card(doc: Any, where: str = "card") -> Card:
    """Read a CARD in the catalog's format; InvalidInput names the field at fault."""
    if not isinstance(doc, dict):
        # i18n: {where} is the field at fault ("cards[3]"), kept first; {keys} and {kind} are as the file has them
        raise InvalidInput(msg("{where}: a card must be an object with {keys}, not {kind}", where=where,
                               keys=", ".join(_CARD_KEYS), kind=type(doc).__name__))
    for key in doc:
        if key not in _CARD_KEYS:
            raise InvalidInput(msg("{where}: unknown key {key}; a card has {keys}", where=where, key=quote(key),
                                   keys=", ".join(_CARD_KEYS)))
    for key in _CARD_KEYS:
        if key not in doc and key != "hazard":
            at_field = f"{where}.{key}"
            raise InvalidInput(msg("{where}: is missing", where=at_field))
    name = _name(doc["name"], f"{where}.name")
    klass = doc["class"]
    if isinstance(klass, bool) or not isinstance(klass, int) or klass not in CLASSES:
        at_field = f"{where}.class"
        raise InvalidInput(msg("{where}: must be 1, 2, 3 or 4 (Class I-IV), not {value}", where=at_field,
                               value=quote(klass)))
    hazard = doc.get("hazard", False)
    if not isinstance(hazard, bool):
        at_field = f"{where}.hazard"
        raise InvalidInput(msg("{where}: must be true or false (whether the Climb has a Hazard requirement), "
                               "not {value}", where=at_field, value=quote(hazard)))
    icons = doc["icons"]
    if not isinstance(icons, list):
        at_field = f"{where}.icons"
        raise InvalidInput(msg("{where}: must be a list of {icons}", where=at_field,
                               icons=", ".join(i.value for i in Icon)))
    parsed_icons: list[Icon] = []
    for index, raw in enumerate(icons):
        try:
            icon = Icon(raw)
        except ValueError:
            at_field = f"{where}.icons[{index}]"
            raise InvalidInput(msg("{where}: {value} is not an icon; icons: {values}",
                                   where=at_field, value=quote(raw),
                                   values=", ".join(i.value for i in Icon))) from None
        if icon in parsed_icons:
            at_field = f"{where}.icons[{index}]"
            raise InvalidInput(msg("{where}: {value} is listed twice", where=at_field,
                                   value=quote(raw)))
        parsed_icons.append(icon)
    if hazard and Icon.HAZARD not in parsed_icons:
        parsed_icons.append(Icon.HAZARD)  # a catalog that gave the requirement without its icon
    sides = doc["sides"]
    if not isinstance(sides, dict):
        at_field = f"{where}.sides"
        raise InvalidInput(msg("{where}: must be an object with {sides}", where=at_field,
                               sides=", ".join(s.value for s in Side)))
    for key in sides:
        if key not in {s.value for s in Side}:
            at_field = f"{where}.sides"
            raise InvalidInput(msg("{where}: unknown side {key}; sides: {sides}", where=at_field,
                                   key=quote(key), sides=", ".join(s.value for s in Side)))
    abilities = tuple(
        None if sides.get(side.value) is None else parse_ability(sides[side.value], f"{where}.sides.{side.value}")
        for side in Side
    )
    check_side(Side.CAPSTONE, abilities[list(Side).index(Side.CAPSTONE)], f"{where}.sides.capstone")
    return Card(
        name=name,
        klass=klass,
        endurance=_requirement(doc["endurance"], f"{where}.endurance"),
        technique=_requirement(doc["technique"], f"{where}.technique"),
        icons=tuple(sorted(parsed_icons, key=list(Icon).index)),
        sides=abilities,
    )


def card_to_doc(card: Card) -> dict[str, Any]:
    """A card in the catalog's JSON format (undescribed sides as null)."""
    return {
        "name": card.name,
        "class": card.klass,
        "endurance": card.endurance,
        "technique": card.technique,
        "hazard": card.hazard,
        "icons": [icon.value for icon in card.icons],
        "sides": {side.value: None if card.ability(side) is None else ability_to_doc(card.ability(side) or ())
                  for side in Side},
    }


def parse_accolade(doc: Any, where: str = "accolade") -> AccoladeCard:
    """Read one Accolade card, `{"name", "basic": CATEGORY | null, "advanced": ...}` ('Accolades')."""
    if not isinstance(doc, dict):
        raise InvalidInput(msg("{where}: must be an object with name, basic and advanced", where=where))
    for key in doc:
        if key not in ("name", "basic", "advanced"):
            raise InvalidInput(msg("{where}: unknown key {key}; an Accolade has name, basic and advanced",
                                   where=where, key=quote(key)))
    name = _name(doc.get("name"), f"{where}.name")
    halves = [None if doc.get(side.value) is None
              else parse_category(doc[side.value], f"{where}.{side.value}") for side in AccoladeSide]
    return AccoladeCard(name, halves[0], halves[1])


def accolade_to_doc(card: AccoladeCard) -> dict[str, Any]:
    """An Accolade card in the catalog's JSON format (undescribed halves as null)."""
    return {"name": card.name,
            "basic": None if card.basic is None else category_to_doc(card.basic),
            "advanced": None if card.advanced is None else category_to_doc(card.advanced)}


def import_catalog(doc: Any) -> Catalog:
    """Read and check a whole catalog document; DataError names the field of the first problem."""
    try:
        return _import(doc)
    except InvalidInput as exc:
        # i18n: {where} is "catalog", the file; {problem} what is wrong with it
        raise DataError(msg("{where}: {problem}", where="catalog", problem=reason(exc))) from None


def export_catalog(catalog: Catalog) -> dict[str, Any]:
    """The catalog as one JSON document that `import_catalog` reads back unchanged."""
    doc: dict[str, Any] = {"format": CATALOG_FORMAT, "version": CATALOG_VERSION}
    if catalog.source is not None:
        doc["source"] = catalog.source
    return doc | {
        "cards": [card_to_doc(card) for card in catalog.cards],
        "accolades": [accolade_to_doc(card) for card in catalog.accolades],
        "hikers": {letter: None if ability is None else ability_to_doc(ability)
                   for letter, ability in catalog.hikers},
        "weather": {name: None if effects is None else weather_to_doc(effects)
                    for name, effects in catalog.weather},
    }


def with_card(catalog: Catalog, card: Card) -> Catalog:
    """The catalog with this card added, or replacing the card of the same name (the editor's save)."""
    cards = [c for c in catalog.cards if name_key(c.name) != name_key(card.name)]
    updated = replace(catalog, cards=tuple(cards) + (card,))
    _check_counts(updated.cards)
    return updated


def without_card(catalog: Catalog, name: str) -> Catalog:
    """The catalog without the named card; InvalidInput if there is none."""
    if catalog.card(name) is None:
        raise InvalidInput(msg("no card named {name} in the catalog", name=quote(name)))
    return replace(catalog, cards=tuple(c for c in catalog.cards if name_key(c.name) != name_key(name)))


def with_accolade(catalog: Catalog, accolade: AccoladeCard) -> Catalog:
    """The catalog with this Accolade card added or replacing the one of the same name."""
    kept = tuple(a for a in catalog.accolades if name_key(a.name) != name_key(accolade.name))
    limit = load_data().deck.accolade_cards
    if len(kept) + 1 > limit:
        raise InvalidInput(msg("{where}: the game has {limit} Accolade cards", where="accolades", limit=limit))
    return replace(catalog, accolades=kept + (accolade,))


def edited_card(catalog: Catalog, original: str | None, card: Card) -> Catalog:
    """The card editor's save: `card` added (`original` None) or put in place of the card named `original`,
    perhaps renamed; InvalidInput when its name is another card's."""
    clash = catalog.card(card.name)
    if clash is not None and (original is None or name_key(original) != name_key(card.name)):
        # i18n: {name} is a card's name as the player typed it, in the language's quotation marks
        raise InvalidInput(msg("a card named “{name}” is already in the catalog; edit that one instead",
                               name=clash.name))
    base = without_card(catalog, original) if original and catalog.card(original) is not None else catalog
    return with_card(base, card)


def edited_accolade(catalog: Catalog, original: str | None, accolade: AccoladeCard) -> Catalog:
    """The Accolade editor's save, as `edited_card`."""
    clash = catalog.accolade(accolade.name)
    if clash is not None and (original is None or name_key(original) != name_key(accolade.name)):
        # i18n: {name} is an Accolade's name as the player typed it, in the language's quotation marks
        raise InvalidInput(msg("an Accolade named “{name}” is already in the catalog", name=clash.name))
    base = without_accolade(catalog, original) if original and catalog.accolade(original) is not None else catalog
    return with_accolade(base, accolade)


def without_accolade(catalog: Catalog, name: str) -> Catalog:
    """The catalog without the named Accolade card; InvalidInput if there is none."""
    if catalog.accolade(name) is None:
        raise InvalidInput(msg("no Accolade named {name} in the catalog", name=quote(name)))
    return replace(catalog, accolades=tuple(a for a in catalog.accolades if name_key(a.name) != name_key(name)))


def with_hiker(catalog: Catalog, letter: HikerLetter, ability: Ability | None) -> Catalog:
    """The catalog with a Hiker side's printed ability described (or cleared with None)."""
    letters = load_data().hikers.letters
    if letter not in letters:
        raise InvalidInput(msg("{where}: {value} is not a Hiker; Hikers: {letters}", where="hikers",
                               value=quote(letter), letters=", ".join(letters)))
    hikers = {k: v for k, v in catalog.hikers if k != letter}
    if ability is not None:
        hikers[letter] = ability
    return replace(catalog, hikers=tuple(sorted(hikers.items())))


def with_weather(catalog: Catalog, name: str, effects: tuple[WeatherEffect, ...] | None) -> Catalog:
    """The catalog with a Weather card's effects described (None clears them); the rulebook's own are refused."""
    names = load_data().forecasts.names
    if name not in names:
        raise InvalidInput(msg("{where}: {value} is on no forecast; Weathers: {names}", where="weather",
                               value=quote(name), names=", ".join(names)))
    if name in _rulebook_weather():
        at_field = f"weather.{name}"
        raise InvalidInput(msg("{where}: the rulebook defines {name}; it cannot be redescribed",
                               where=at_field, name=name))
    described = {k: v for k, v in catalog.weather if k != name}
    if effects is not None:
        described[name] = effects
    # Kept in forecast order so the exported file reads like the forecast cards.
    return replace(catalog, weather=tuple((n, described[n]) for n in names if n in described))


def merge(base: Catalog, incoming: Catalog) -> Catalog:
    """Import a shared catalog into one's own: incoming entries replace those of the same name, others stay.
    InvalidInput when the two together hold more cards of a Class, or more Accolades, than the deck (said of
    the catalog they would make, not of the first card too many)."""
    names = {name_key(card.name) for card in incoming.cards}
    cards = tuple(card for card in base.cards if name_key(card.name) not in names) + incoming.cards
    deck = load_data().deck
    for klass in CLASSES:
        have = sum(1 for card in cards if card.klass == klass)
        if have > deck.class_counts[klass - 1]:
            # i18n: a shared catalog merged into the player's own would hold too many cards of one Class
            raise InvalidInput(msg("{where}: merged with yours, {count:,} {klass} cards, but the deck has {deck}",
                                   where="cards", count=have, klass=class_label(klass),
                                   deck=deck.class_counts[klass - 1]))
    names = {name_key(accolade.name) for accolade in incoming.accolades}
    accolades = tuple(a for a in base.accolades if name_key(a.name) not in names) + incoming.accolades
    if len(accolades) > deck.accolade_cards:
        # i18n: a shared catalog merged into the player's own would hold too many Accolade cards
        raise InvalidInput(msg("{where}: merged with yours, {count:,} Accolade cards, but the game has {limit}",
                               where="accolades", count=len(accolades), limit=deck.accolade_cards))
    merged = replace(base, cards=cards, accolades=accolades)
    hikers = dict(merged.hikers)
    hikers.update({k: v for k, v in incoming.hikers if v is not None})
    weather = dict(merged.weather)
    weather.update({k: v for k, v in incoming.weather if v is not None})
    return replace(merged, hikers=tuple(sorted(hikers.items())), weather=tuple(weather.items()))


# --- private helpers ------------------------------------------------------------------------------------------

def _import(doc: Any) -> Catalog:
    if not isinstance(doc, dict):
        raise InvalidInput(msg("must be a JSON object with \"format\": {format}", format=quote(CATALOG_FORMAT)))
    if doc.get("format") == "companion-backup":     # the whole app's backup (companion.store.backup)
        raise InvalidInput(msg("this is a backup of the whole companion, not a 14ers catalog: import it in "
                               "Settings, under Backup"))
    allowed = {"format", "version", "source", "cards", "accolades", "hikers", "weather"}
    for key in doc:
        if key not in allowed:
            raise InvalidInput(msg("unknown key {key}; a catalog has {keys}", key=quote(key),
                                   keys=", ".join(sorted(allowed))))
    if doc.get("format") != CATALOG_FORMAT:
        raise InvalidInput(msg("{where}: must be {format}, not {value}", where="format", format=quote(CATALOG_FORMAT),
                               value=quote(doc.get("format"))))
    if doc.get("version") != CATALOG_VERSION:
        raise InvalidInput(msg("{where}: this companion reads version {version}, not {value}", where="version",
                               version=CATALOG_VERSION, value=quote(doc.get("version"))))
    if "source" in doc and not isinstance(doc["source"], str):
        raise InvalidInput(msg("{where}: must be text", where="source"))
    raw_cards = doc.get("cards", [])
    if not isinstance(raw_cards, list):
        raise InvalidInput(msg("{where}: must be a list of cards", where="cards"))
    deck = sum(load_data().deck.class_counts)
    if len(raw_cards) > deck:   # counted before any card is read; by Class when the cards say theirs
        _check_counts([_Counted(raw.get("class")) for raw in raw_cards if isinstance(raw, dict)])
        raise InvalidInput(msg("{where}: {count:,} cards, but the deck has {deck} Climbs", where="cards",
                               count=len(raw_cards), deck=deck))
    cards: list[Card] = []
    names: set[str] = set()
    for index, raw in enumerate(raw_cards):
        card = parse_card(raw, f"cards[{index}]")
        if name_key(card.name) in names:
            at_field = f"cards[{index}].name"
            # i18n: {where} is the file's field ("cards[3].name"); {name} a card's name, in the language's quotes
            raise InvalidInput(msg("{where}: “{name}” is already in the catalog", where=at_field,
                                   name=card.name))
        names.add(name_key(card.name))
        cards.append(card)
    _check_counts(tuple(cards))
    return Catalog(cards=tuple(cards), accolades=_accolades(doc.get("accolades", [])),
                   hikers=_hikers(doc.get("hikers", {})), weather=_weather(doc.get("weather", {})),
                   source=doc.get("source"))


def _accolades(raw: Any) -> tuple[AccoladeCard, ...]:
    if not isinstance(raw, list):
        raise InvalidInput(msg("{where}: must be a list of Accolade cards", where="accolades"))
    limit = load_data().deck.accolade_cards
    if len(raw) > limit:
        raise InvalidInput(msg("{where}: {count} Accolade cards, but the game has {limit}", where="accolades",
                               count=len(raw), limit=limit))
    cards: list[AccoladeCard] = []
    for index, entry in enumerate(raw):
        where = f"accolades[{index}]"
        card = parse_accolade(entry, where)
        if any(name_key(other.name) == name_key(card.name) for other in cards):
            at_field = f"{where}.name"
            # i18n: {where} is the file's field ("cards[3].name"); {name} a card's name, in the language's quotes
            raise InvalidInput(msg("{where}: “{name}” is already in the catalog", where=at_field,
                                   name=card.name))
        cards.append(card)
    return tuple(cards)


def _hikers(raw: Any) -> tuple[tuple[HikerLetter, Ability | None], ...]:
    letters = load_data().hikers.letters
    if not isinstance(raw, dict):
        raise InvalidInput(msg("{where}: must be an object from Hiker letter to ability", where="hikers"))
    hikers = []
    for letter, ability in raw.items():
        if letter not in letters:
            raise InvalidInput(msg("{where}: {value} is not a Hiker; Hikers: {letters}", where="hikers",
                               value=quote(letter), letters=", ".join(letters)))
        hikers.append((letter, None if ability is None else parse_ability(ability, f"hikers.{letter}")))
    return tuple(sorted(hikers))


def _weather(raw: Any) -> tuple[tuple[str, tuple[WeatherEffect, ...] | None], ...]:
    forecasts = load_data().forecasts
    if not isinstance(raw, dict):
        raise InvalidInput(msg("{where}: must be an object from Weather name to its effects", where="weather"))
    entries = []
    for name, effects in raw.items():
        if name not in forecasts.names:
            raise InvalidInput(msg("{where}: {value} is on no forecast; Weathers: {names}", where="weather",
                                   value=quote(name), names=", ".join(forecasts.names)))
        if name in _rulebook_weather():
            at_field = f"weather.{name}"
            raise InvalidInput(msg("{where}: the rulebook defines {name}; it cannot be redescribed",
                                   where=at_field, name=name))
        entries.append((name, None if effects is None else parse_weather(effects, f"weather.{name}")))
    return tuple(entries)


@lru_cache(maxsize=1)
def _rulebook_weather() -> dict[str, tuple[WeatherEffect, ...]]:
    # Cached and never mutated: the rulebook's own Weather effects (Clear Skies, Fog).
    return {name: parse_weather(raw, f"forecasts.json: rulebook_effects.{name}")
            for name, raw in load_data().forecasts.rulebook_effects}


@dataclass(frozen=True)
class _Counted:
    """A card not read yet, counted by the Class it gives."""

    klass: Any


def _check_counts(cards: Sequence[Card | _Counted]) -> None:
    deck = load_data().deck
    for klass in CLASSES:
        have = sum(1 for card in cards if card.klass == klass)
        if have > deck.class_counts[klass - 1]:
            raise InvalidInput(msg("{where}: {count:,} {klass} cards, but the deck has {deck}", where="cards",
                                   count=have, klass=class_label(klass), deck=deck.class_counts[klass - 1]))


def _name(raw: Any, where: str) -> str:
    if isinstance(raw, str) and not raw.strip():
        # i18n: a card's name left empty (or only spaces), in a form or a catalog file
        raise InvalidInput(msg("{where}: empty; every card needs a name", where=where))
    if not isinstance(raw, str):
        raise InvalidInput(msg("{where}: must be a non-empty name, not {value}", where=where, value=quote(raw)))
    name = " ".join(raw.split())
    if len(name) > _NAME_LIMIT:
        raise InvalidInput(msg("{where}: {count:,} characters; names are at most {limit}", where=where,
                               count=len(name), limit=_NAME_LIMIT))
    problem = text_problem(name, max_len=_NAME_LIMIT, what=f"the name {quote(name)}")
    if problem:
        raise InvalidInput(msg("{where}: {problem}", where=where, problem=problem))
    return name


def _requirement(raw: Any, where: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= _REQUIREMENT_LIMIT:
        raise InvalidInput(msg("{where}: must be a whole number from {low} to {high}, not {value}", where=where,
                               low=0, high=_REQUIREMENT_LIMIT, value=quote(raw)))
    return raw
