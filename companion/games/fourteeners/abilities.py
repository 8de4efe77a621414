"""The ability vocabulary of 14ers: a closed grammar for what cards, Hikers, Accolades and Weather do.

Every ability is an item or a list of items. An item is an effect with an optional condition:

- effects: `{"points": n}`, `{"endurance"|"technique"|"utility": n}`, `{"utility": n, "only_for_class": [4]}`,
  and the flags `{"meets_hazard": true}`, `{"ignores_weather": true}`;
- conditions: `{"per": FILTER, EFFECT...}` (times the tucked cards matching), `{"if_none": FILTER, ...}`,
  `{"if_any": FILTER, ...}`, `{"if_most": FILTER, ...}` (no rival has more), `{"per_empty_side": EFFECT}`,
  `{"per_guide": EFFECT, "filter": GUIDE_FILTER}`;
- a FILTER matches tucked cards by `class`, `side`, `icon` (each a value or a list meaning any of them;
  every key given must match). Every tucked card counts with its Class and icons whatever its side.

data/fourteeners/vocabulary.json lists the names, the words and the templates; this module implements
each entry and refuses, at load, a vocabulary entry it does not implement (closed), so growing the
vocabulary means one data entry and one evaluator here (extensible).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from string import Formatter
from typing import TYPE_CHECKING, Any, Iterable, Sequence, TypeAlias

from companion.errors import DataError, InvalidInput
from companion.i18n.message import Message, msg, msgn
from companion.inputs import quote

from .data import CLASSES, ClassNumber, HikerLetter, Icon, Side, VocabularyData, load_data
from .wording import and_words, clauses, or_words

if TYPE_CHECKING:
    # Only for types: catalog.py builds on this module, so the import cannot run at load time.
    from .catalog import Card

__all__ = [
    "Condition", "EffectKind", "CategoryKind", "WeatherKind",
    "Filter", "Effect", "AbilityItem", "Ability", "Category", "WeatherEffect",
    "Counted", "Tucked", "Tableau", "Attributes", "PointsLine",
    "vocabulary", "check_vocabulary", "parse_ability", "parse_filter", "parse_category", "parse_weather",
    "ability_to_doc", "filter_to_doc", "category_to_doc", "weather_to_doc",
    "class_label", "attribute_amounts", "describe_ability", "describe_item", "describe_filter", "describe_category",
    "describe_weather",
    "attributes", "points_lines", "multiplier", "category_count", "undescribed",
]


class Condition(str, Enum):
    """When, and how many times, an ability item's effect applies."""

    ALWAYS = "always"
    PER = "per"
    IF_NONE = "if_none"
    IF_ANY = "if_any"
    IF_MOST = "if_most"
    PER_EMPTY_SIDE = "per_empty_side"
    PER_GUIDE = "per_guide"


class EffectKind(str, Enum):
    """What an ability item gives: points at the end, attributes for gaining Climbs, or a flag."""

    POINTS = "points"
    ENDURANCE = "endurance"
    TECHNIQUE = "technique"
    UTILITY = "utility"
    MEETS_HAZARD = "meets_hazard"
    IGNORES_WEATHER = "ignores_weather"


class CategoryKind(str, Enum):
    """An Accolade side's category: who best meets it ('Accolades')."""

    MOST = "most"
    FEWEST = "fewest"


class WeatherKind(str, Enum):
    """What a round's Weather may do ('Weather': raise costs, block a side, or Fog's late reveal)."""

    EXTRA = "extra"
    BLOCK_SIDE = "block_side"
    REVEAL_AT_END = "reveal_at_end"


_NUMBER_LIMIT = 99


@dataclass(frozen=True)
class Filter:
    """Matches tucked cards by Class, side and icon; an empty field matches anything."""

    classes: tuple[ClassNumber, ...] = ()
    sides: tuple[Side, ...] = ()
    icons: tuple[Icon, ...] = ()

    def matches(self, card: Card, side: Side | None) -> bool:
        """True when the card (tucked under `side`, None for a Guide) meets every key given."""
        if self.classes and card.klass not in self.classes:
            return False
        if self.sides and side not in self.sides:
            return False
        if self.icons and not any(icon in card.icons for icon in self.icons):
            return False
        return True


@dataclass(frozen=True)
class Effect:
    """A number of points or attributes, or a flag (amount 1); Utility may be limited to some Classes."""

    kind: EffectKind
    amount: int
    only_for_class: tuple[ClassNumber, ...] = ()


@dataclass(frozen=True)
class AbilityItem:
    """One effect under one condition; `filter` is the condition's FILTER (or the Guide filter)."""

    condition: Condition
    effect: Effect
    filter: Filter | None = None


Ability: TypeAlias = tuple[AbilityItem, ...]


@dataclass(frozen=True)
class Category:
    """An Accolade side: most (or fewest) tucked cards matching a filter."""

    kind: CategoryKind
    filter: Filter


@dataclass(frozen=True)
class WeatherEffect:
    """One effect of a Weather: extra Endurance/Technique costs, a blocked side, or revealing late."""

    kind: WeatherKind
    endurance: int = 0
    technique: int = 0
    side: Side | None = None
    only_for_class: tuple[ClassNumber, ...] = ()


@dataclass(frozen=True)
class Counted:
    """Points the players counted by hand for a tucked Plan whose printed text the vocabulary cannot say."""

    points: int
    note: str = ""

    @property
    def text(self) -> str:
        """The line's words: 'N ★, as counted by the players (note)'."""
        if self.note:
            # i18n: points (★) of a Plan the players counted by hand; {note} is what they typed
            return msg("{n} ★, as counted by the players ({note})", n=self.points, note=self.note)
        # i18n: points (★) of a Plan the players counted by hand
        return msg("{n} ★, as counted by the players", n=self.points)


@dataclass(frozen=True)
class Tucked:
    """A Climb tucked under a Hiker, showing one side; `counted` replaces that side's ability when scoring."""

    card: Card
    side: Side
    counted: Counted | None = None

    @property
    def ability(self) -> Ability | None:
        """The shown side's ability, as evaluated (none for a Plan counted by hand: its points are given)."""
        return () if self.counted is not None else self.card.ability(self.side)


@dataclass(frozen=True)
class Tableau:
    """One player's Hiker, tucked Climbs and hired Guides: what every ability looks at."""

    hiker: HikerLetter
    tucked: tuple[Tucked, ...] = ()
    guides: tuple[Card, ...] = ()
    hiker_ability: Ability = ()

    def count(self, match: Filter) -> int:
        """Tucked cards matching a filter; a card's corner counts whatever side it shows."""
        return sum(1 for t in self.tucked if match.matches(t.card, t.side))

    def on_side(self, side: Side) -> tuple[Card, ...]:
        """The cards tucked under one side."""
        return tuple(t.card for t in self.tucked if t.side is side)

    def empty_sides(self) -> int:
        """How many of the four sides have no tucked Climb."""
        return sum(1 for side in Side if not self.on_side(side))


@dataclass(frozen=True)
class Attributes:
    """What a Hiker brings to a Climb now: Endurance, Technique, Utility (general and per Class), flags."""

    endurance: int
    technique: int
    utility: int
    class_utility: tuple[int, ...]          # Utility usable only towards Class k, at index k - 1
    meets_hazard: bool
    ignores_weather: bool

    def utility_towards(self, klass: ClassNumber) -> int:
        """All Utility usable towards a Climb of this Class ('Utility can be used as Endurance or Technique')."""
        return max(0, self.utility) + max(0, self.class_utility[klass - 1])


@dataclass(frozen=True)
class PointsLine:
    """Points one ability item scores: its source (card or Hiker), side, text and points."""

    source: str
    side: Side | None
    text: str
    points: int
    by_hand: bool = False


# --- the vocabulary ----------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def vocabulary() -> VocabularyData:
    """The vocabulary data, refused at load if it names anything this module does not implement."""
    return check_vocabulary(load_data().vocabulary)


def check_vocabulary(vocab: VocabularyData) -> VocabularyData:
    """Refuse a vocabulary entry without an implementation here: the vocabulary is closed."""
    for names, enum, what in (
        ([spec.name for spec in vocab.effects], EffectKind, "effects"),
        ([spec.name for spec in vocab.conditions], Condition, "conditions"),
        ([name for name, _ in vocab.accolade_categories], CategoryKind, "accolade_categories"),
        ([spec.name for spec in vocab.weather_effects], WeatherKind, "weather_effects"),
    ):
        known = {member.value for member in enum}
        for name in names:
            if name not in known:
                raise DataError(f"vocabulary.json: {what}.{name}: the companion does not implement it; "
                                f"implemented: {', '.join(sorted(known))}")
    if vocab.condition(Condition.ALWAYS.value) is None:
        raise DataError("vocabulary.json: conditions.always: the plain effect must be listed")
    return vocab


# --- parsing -------------------------------------------------------------------------------------------------

def parse_ability(value: Any, where: str) -> Ability:
    """Read an ABILITY (one vocabulary item or a list of them); InvalidInput names the field at fault."""
    if isinstance(value, dict):
        return (_parse_item(value, where),)
    if isinstance(value, list):
        return tuple(_parse_item(item, f"{where}[{index}]") for index, item in enumerate(value))
    # i18n: {where} is the field at fault ("card.sides.gear[1]"), kept first; {kind} is "a list", "null"...
    raise InvalidInput(msg("{where}: an ability must be an object or a list of objects, not {kind}",
                           where=where, kind=_kind(value)))


def parse_filter(value: Any, where: str, *, guide: bool = False) -> Filter:
    """Read a FILTER over tucked cards (class, side, icon) or, for Guides, over class and icon."""
    vocab = vocabulary()
    keys = dict(vocab.guide_filter_keys if guide else vocab.filter_keys)
    if not isinstance(value, dict):
        raise InvalidInput(msg("{where}: a filter must be an object such as {{\"class\": 3}}, not {kind}",
                               where=where, kind=_kind(value)))
    fields: dict[str, tuple[Any, ...]] = {"classes": (), "sides": (), "icons": ()}
    for key, raw in value.items():
        if key not in keys:
            raise InvalidInput(msg("{where}: unknown filter key {key}; keys: {keys}", where=where, key=quote(key),
                                   keys=", ".join(keys)))
        domain = keys[key]
        items = raw if isinstance(raw, list) else [raw]
        if not items:
            at_field = f"{where}.{key}"
            raise InvalidInput(msg("{where}: an empty list matches nothing; leave the key out instead",
                                   where=at_field))
        fields[domain] = tuple(sorted({_domain_value(domain, item, f"{where}.{key}") for item in items},
                                      key=_order))
    return Filter(**fields)


def parse_category(value: Any, where: str) -> Category:
    """Read an Accolade side's category, e.g. {"most": FILTER}."""
    vocab = vocabulary()
    names = [name for name, _ in vocab.accolade_categories]
    if not isinstance(value, dict) or len(value) != 1:
        raise InvalidInput(msg("{where}: a category must be one key of {names} with a filter, "
                               "such as {{\"most\": {{\"side\": \"gear\"}}}}", where=where, names=", ".join(names)))
    (key, raw), = value.items()
    if key not in names:
        raise InvalidInput(msg("{where}: unknown category {key}; categories: {names}", where=where, key=quote(key),
                               names=", ".join(names)))
    return Category(CategoryKind(key), parse_filter(raw, f"{where}.{key}"))


def parse_weather(value: Any, where: str) -> tuple[WeatherEffect, ...]:
    """Read a Weather's effects: a list (empty for no effect) of extra costs, a blocked side or a late reveal."""
    vocab = vocabulary()
    items = value if isinstance(value, list) else [value]
    effects = []
    for index, raw in enumerate(items):
        at = f"{where}[{index}]" if isinstance(value, list) else where
        if not isinstance(raw, dict):
            raise InvalidInput(msg("{where}: a Weather effect must be an object, not {kind}", where=at,
                                   kind=_kind(raw)))
        kinds = [key for key in raw if vocab.weather_effect(key) is not None]
        names = ", ".join(spec.name for spec in vocab.weather_effects)
        if len(kinds) != 1:
            raise InvalidInput(msg("{where}: a Weather effect needs exactly one of {names}", where=at, names=names))
        kind = WeatherKind(kinds[0])
        allowed = {kind.value} | ({"only_for_class"} if kind is WeatherKind.EXTRA else set())
        for key in raw:
            if key not in allowed:
                raise InvalidInput(msg("{where}: unknown key {key}; allowed: {allowed}", where=at, key=quote(key),
                                       allowed=", ".join(sorted(allowed))))
        body = raw[kind.value]
        if kind is WeatherKind.EXTRA:
            if not isinstance(body, dict) or not body or set(body) - {"endurance", "technique"}:
                at_field = f"{at}.extra"
                raise InvalidInput(msg("{where}: must be an object with endurance and/or technique, "
                                       "such as {{\"endurance\": 1}}", where=at_field))
            endurance = _number(body.get("endurance", 0), f"{at}.extra.endurance", 0, 9)
            technique = _number(body.get("technique", 0), f"{at}.extra.technique", 0, 9)
            classes = _classes(raw["only_for_class"], f"{at}.only_for_class") if "only_for_class" in raw else ()
            effects.append(WeatherEffect(kind, endurance=endurance, technique=technique, only_for_class=classes))
        elif kind is WeatherKind.BLOCK_SIDE:
            effects.append(WeatherEffect(kind, side=_domain_value("sides", body, f"{at}.block_side")))
        else:
            if body is not True:
                at_field = f"{at}.{kind.value}"
                raise InvalidInput(msg("{where}: must be true", where=at_field))
            effects.append(WeatherEffect(kind))
    return tuple(effects)


# --- back to JSON --------------------------------------------------------------------------------------------

def ability_to_doc(ability: Ability) -> dict[str, Any] | list[dict[str, Any]]:
    """The catalog's JSON form of an ability: one object for one item, else a list."""
    docs = [_item_to_doc(item) for item in ability]
    return docs[0] if len(docs) == 1 else docs


def filter_to_doc(match: Filter) -> dict[str, Any]:
    """The JSON form of a filter: a single value stays a value, several become a list."""
    doc: dict[str, Any] = {}
    for key, values in (("class", match.classes), ("side", match.sides), ("icon", match.icons)):
        plain = [v.value if isinstance(v, Enum) else v for v in values]
        if plain:
            doc[key] = plain[0] if len(plain) == 1 else plain
    return doc


def category_to_doc(category: Category) -> dict[str, Any]:
    """The JSON form of an Accolade category."""
    return {category.kind.value: filter_to_doc(category.filter)}


def weather_to_doc(effects: Sequence[WeatherEffect]) -> list[dict[str, Any]]:
    """The JSON form of a Weather's effects."""
    docs: list[dict[str, Any]] = []
    for effect in effects:
        if effect.kind is WeatherKind.EXTRA:
            costs = {k: v for k, v in (("endurance", effect.endurance), ("technique", effect.technique)) if v}
            doc: dict[str, Any] = {"extra": costs or {"endurance": 0}}
            if effect.only_for_class:
                doc["only_for_class"] = list(effect.only_for_class)
        elif effect.kind is WeatherKind.BLOCK_SIDE:
            assert effect.side is not None
            doc = {"block_side": effect.side.value}
        else:
            doc = {effect.kind.value: True}
        docs.append(doc)
    return docs


# --- words for people ----------------------------------------------------------------------------------------

def describe_ability(ability: Ability | None) -> str:
    """An ability in words, from the vocabulary's templates (e.g. '+1 Endurance per Climb tucked as Gear')."""
    if ability is None:
        # i18n: a card side's ability, before anyone says what the card prints
        return msg("not described yet")
    if not ability:
        # i18n: a card side's ability: it does nothing
        return msg("no ability")
    return clauses(describe_item(item) for item in ability)


def describe_item(item: AbilityItem) -> str:
    """One ability item in words."""
    vocab = vocabulary()
    spec = vocab.condition(item.condition.value)
    assert spec is not None
    match = item.filter or Filter()
    guide_words = describe_filter(match, plural=False, guide=True) if item.condition is Condition.PER_GUIDE else ""
    return _template(spec.text, {
        "effect": lambda: _effect_text(item.effect),
        "filter": lambda: describe_filter(match, plural=False),
        "filters": lambda: describe_filter(match, plural=True),
        "guide_filter": lambda: guide_words,
    })


def describe_filter(match: Filter, *, plural: bool = False, guide: bool = False) -> str:
    """A filter in words: 'Class III Climb tucked as Gear with a Hazard icon' (or the Guide qualifier)."""
    vocab = vocabulary()
    classes = or_words(vocab.class_name(k) for k in match.classes)
    icons = or_words(vocab.icon_name(i) for i in match.icons)
    if guide:
        # The Guides an ability counts, after "per Guide" (a leading space, or nothing).
        if classes and icons:
            # i18n: after "per Guide", with its leading space; {classes} is "III" or "III or IV", {icons} "Photo"
            return msg(" of Class {classes} with a {icons} icon", classes=classes, icons=icons)
        if classes:
            # i18n: after "per Guide", with its leading space; {classes} is "III" or "III or IV"
            return msg(" of Class {classes}", classes=classes)
        if icons:
            # i18n: after "per Guide", with its leading space; {icons} is "Photo" or "Alt route or Photo"
            return msg(" with a {icons} icon", icons=icons)
        return ""
    if classes:
        # i18n: {classes} is "III" or "III or IV"
        climbs = msg("Class {classes} Climbs", classes=classes) if plural else msg("Class {classes} Climb",
                                                                                    classes=classes)
    else:
        climbs = msg("Climbs") if plural else msg("Climb")
    sides = or_words(vocab.side_name(s) for s in match.sides)
    if sides and icons:
        if plural:
            # i18n: {climbs} is "Climbs" or "Class III Climbs"; {sides} "Gear"; {icons} "Hazard"
            return msg("{climbs} tucked as {sides} with a {icons} icon", climbs=climbs, sides=sides, icons=icons)
        # i18n: {climb} is "Climb" or "Class III Climb"; {sides} "Gear"; {icons} "Hazard"
        return msg("{climb} tucked as {sides} with a {icons} icon", climb=climbs, sides=sides, icons=icons)
    if sides:
        if plural:
            # i18n: {climbs} is "Climbs" or "Class III Climbs"; {sides} is "Gear" or "Gear or Training"
            return msg("{climbs} tucked as {sides}", climbs=climbs, sides=sides)
        # i18n: {climb} is "Climb" or "Class III Climb"; {sides} is "Gear" or "Gear or Training"
        return msg("{climb} tucked as {sides}", climb=climbs, sides=sides)
    if icons:
        if plural:
            # i18n: {climbs} is "Climbs" or "Class III Climbs"; {icons} is "Hazard" or "Alt route or Photo"
            return msg("{climbs} with a {icons} icon", climbs=climbs, icons=icons)
        # i18n: {climb} is "Climb" or "Class III Climb"; {icons} is "Hazard" or "Alt route or Photo"
        return msg("{climb} with a {icons} icon", climb=climbs, icons=icons)
    return climbs


def class_label(klass: ClassNumber) -> str:
    """A Class as the cards print it: 'Class III'."""
    # i18n: a Class of Climb cards; {classes} is a Roman numeral ("III") or a choice of them ("III or IV")
    return msg("Class {classes}", classes=vocabulary().class_name(klass))


def describe_category(category: Category) -> str:
    """An Accolade category in words, e.g. 'most Climbs tucked as Gear'."""
    text = dict(vocabulary().accolade_categories)[category.kind.value]
    return _template(text, {"filters": lambda: describe_filter(category.filter, plural=True),
                            "filter": lambda: describe_filter(category.filter)})


def describe_weather(effects: Sequence[WeatherEffect] | None) -> str:
    """A Weather's effects in words; None means the card has not been described yet."""
    if effects is None:
        # i18n: a Weather card's effect, before anyone says what the card prints
        return msg("effect not described yet")
    if not effects:
        # i18n: a Weather card's effect: it does nothing
        return msg("no effect")
    vocab = vocabulary()
    parts = []
    for effect in effects:
        spec = vocab.weather_effect(effect.kind.value)
        assert spec is not None
        costs = and_words(attribute_amounts(effect.endurance, effect.technique))
        # i18n: what a Weather adds to a Climb's cost, when it adds nothing
        costs = costs or msg("nothing")
        text = _template(spec.text, {
            "costs": lambda: costs,
            "side": lambda: vocab.side_name(effect.side) if effect.side else "",
        })
        if effect.only_for_class:
            # i18n: a Weather effect for some Classes only; {classes} is "IV" or "III or IV"
            text = msg("{effect} (Class {classes} only)", effect=text,
                       classes=or_words(vocab.class_name(k) for k in effect.only_for_class))
        parts.append(text)
    return clauses(parts)


def attribute_amounts(endurance: int, technique: int) -> list[str]:
    """'1 Endurance' and '2 Technique' (what is not zero), each a `Message`, to list with `and_words`."""
    parts = []
    if endurance:
        # i18n: an amount of the Endurance attribute (a requirement or a cost)
        parts.append(msgn("{n} Endurance", "{n} Endurance", endurance))
    if technique:
        # i18n: an amount of the Technique attribute (a requirement or a cost)
        parts.append(msgn("{n} Technique", "{n} Technique", technique))
    return parts


# --- evaluation ----------------------------------------------------------------------------------------------

def multiplier(item: AbilityItem, me: Tableau, rivals: Sequence[Tableau] = ()) -> int:
    """How many times an item's effect applies to this tableau ('All abilities are always active')."""
    return _MULTIPLIERS[item.condition](item, me, rivals)


def attributes(me: Tableau, rivals: Sequence[Tableau] = ()) -> Attributes:
    """The Hiker's attributes: the Counter cards' start plus every active Training, Gear and other ability."""
    hikers = load_data().hikers
    totals = {EffectKind.ENDURANCE: hikers.start_endurance, EffectKind.TECHNIQUE: hikers.start_technique,
              EffectKind.UTILITY: hikers.start_utility}
    per_class = [0] * len(CLASSES)
    flags = {EffectKind.MEETS_HAZARD: False, EffectKind.IGNORES_WEATHER: False}
    for _, _, item in _active_items(me):
        if isinstance(item, Counted):
            continue
        kind = item.effect.kind
        if kind is EffectKind.POINTS:
            continue
        times = multiplier(item, me, rivals)
        if kind in flags:
            flags[kind] = flags[kind] or times > 0
        elif kind is EffectKind.UTILITY and item.effect.only_for_class:
            for klass in item.effect.only_for_class:
                per_class[klass - 1] += item.effect.amount * times
        else:
            totals[kind] += item.effect.amount * times
    return Attributes(
        endurance=totals[EffectKind.ENDURANCE],
        technique=totals[EffectKind.TECHNIQUE],
        utility=totals[EffectKind.UTILITY],
        class_utility=tuple(per_class),
        meets_hazard=flags[EffectKind.MEETS_HAZARD],
        ignores_weather=flags[EffectKind.IGNORES_WEATHER],
    )


def points_lines(me: Tableau, rivals: Sequence[Tableau] = ()) -> tuple[PointsLine, ...]:
    """Every points item of the tableau with what it scores now (Plans on the whole tableau, Capstones)."""
    lines = []
    for source, side, item in _active_items(me):
        if isinstance(item, Counted):
            lines.append(PointsLine(source, side, item.text, item.points, by_hand=True))
        elif item.effect.kind is EffectKind.POINTS:
            points = item.effect.amount * multiplier(item, me, rivals)
            lines.append(PointsLine(source, side, describe_item(item), points))
    return tuple(lines)


def category_count(category: Category, me: Tableau) -> int:
    """The Accolade count of one tableau: its tucked cards matching the category (Guides do not count)."""
    return me.count(category.filter)


def undescribed(me: Tableau) -> tuple[Tucked, ...]:
    """Tucked cards whose shown side has no ability described yet (they cannot be evaluated)."""
    return tuple(t for t in me.tucked if t.ability is None)


# --- private helpers ----------------------------------------------------------------------------------------

def _active_items(me: Tableau) -> Iterable[tuple[str, Side | None, AbilityItem | Counted]]:
    """Every active item in tableau order; a Plan counted by hand stands as its Counted points."""
    for item in me.hiker_ability:
        # i18n: a Hiker by the letter on its card ("Hiker C")
        yield msg("Hiker {letter}", letter=me.hiker), None, item
    for tucked in me.tucked:
        if tucked.counted is not None:
            yield tucked.card.name, tucked.side, tucked.counted
        for item in tucked.ability or ():
            yield tucked.card.name, tucked.side, item


def _always(item: AbilityItem, me: Tableau, rivals: Sequence[Tableau]) -> int:
    return 1


def _per(item: AbilityItem, me: Tableau, rivals: Sequence[Tableau]) -> int:
    assert item.filter is not None
    return me.count(item.filter)


def _if_none(item: AbilityItem, me: Tableau, rivals: Sequence[Tableau]) -> int:
    assert item.filter is not None
    return int(me.count(item.filter) == 0)


def _if_any(item: AbilityItem, me: Tableau, rivals: Sequence[Tableau]) -> int:
    assert item.filter is not None
    return int(me.count(item.filter) > 0)


def _if_most(item: AbilityItem, me: Tableau, rivals: Sequence[Tableau]) -> int:
    # Having "the most" needs at least one matching card; a tie with a rival still counts (docs/rulings.md).
    assert item.filter is not None
    mine = me.count(item.filter)
    return int(mine > 0 and all(mine >= rival.count(item.filter) for rival in rivals))


def _per_empty_side(item: AbilityItem, me: Tableau, rivals: Sequence[Tableau]) -> int:
    return me.empty_sides()


def _per_guide(item: AbilityItem, me: Tableau, rivals: Sequence[Tableau]) -> int:
    match = item.filter or Filter()
    return sum(1 for card in me.guides if match.matches(card, None))


_MULTIPLIERS = {
    Condition.ALWAYS: _always,
    Condition.PER: _per,
    Condition.IF_NONE: _if_none,
    Condition.IF_ANY: _if_any,
    Condition.IF_MOST: _if_most,
    Condition.PER_EMPTY_SIDE: _per_empty_side,
    Condition.PER_GUIDE: _per_guide,
}


def _parse_item(value: Any, where: str) -> AbilityItem:
    vocab = vocabulary()
    if not isinstance(value, dict):
        raise InvalidInput(msg("{where}: an ability item must be an object such as {{\"points\": 5}}, "
                               "not {kind}", where=where, kind=_kind(value)))
    named = [key for key in value if key != Condition.ALWAYS.value and vocab.condition(key) is not None]
    if len(named) > 1:
        raise InvalidInput(msg("{where}: one item has one condition, not {conditions}; use a list of items",
                               where=where, conditions=and_words(named)))
    spec = vocab.condition(named[0] if named else Condition.ALWAYS.value)
    assert spec is not None
    condition = Condition(spec.name)
    rest = {key: raw for key, raw in value.items() if key != spec.name}
    match: Filter | None = None
    if spec.value == "filter":
        match = parse_filter(value[spec.name], f"{where}.{spec.name}")
        effect = _parse_effect(rest, where, multiplied=spec.multiplies)
    elif spec.value == "effect":
        extra = dict(spec.extra)
        for key in rest:
            if key not in extra:
                allowed = ", ".join(extra) or msg("nothing else")
                raise InvalidInput(msg("{where}: unknown key {key} beside {condition}; allowed: {allowed}",
                                       where=where, key=quote(key), condition=quote(spec.name), allowed=allowed))
        for key, kind in extra.items():
            if key in rest:
                match = parse_filter(rest[key], f"{where}.{key}", guide=kind == "guide_filter")
        effect = _parse_effect(value[spec.name], f"{where}.{spec.name}", multiplied=spec.multiplies)
    else:
        effect = _parse_effect(rest, where, multiplied=False)
    return AbilityItem(condition, effect, match)


def _parse_effect(value: Any, where: str, *, multiplied: bool) -> Effect:
    vocab = vocabulary()
    if not isinstance(value, dict):
        raise InvalidInput(msg("{where}: an effect must be an object such as {{\"utility\": 1}}, not {kind}",
                               where=where, kind=_kind(value)))
    kinds = [key for key in value if vocab.effect(key) is not None]
    names = ", ".join(spec.name for spec in vocab.effects)
    if len(kinds) != 1:
        # i18n: no effect found in an ability item
        found = and_words(kinds) if kinds else msg("none")
        raise InvalidInput(msg("{where}: an item has exactly one effect of {names} (found {found}); "
                               "use a list of items for several", where=where, names=names, found=found))
    spec = vocab.effect(kinds[0])
    assert spec is not None
    for key in value:
        if key != spec.name and not (key == spec.restrict):
            conditions = ", ".join(c.name for c in vocab.conditions if c.name != Condition.ALWAYS.value)
            if spec.restrict:
                raise InvalidInput(msg("{where}: unknown key {key}; an item is one effect ({names}), optionally "
                                       "one condition ({conditions}) and {restrict}", where=where, key=quote(key),
                                       names=names, conditions=conditions, restrict=spec.restrict))
            raise InvalidInput(msg("{where}: unknown key {key}; an item is one effect ({names}), optionally one "
                                   "condition ({conditions})", where=where, key=quote(key), names=names,
                                   conditions=conditions))
    kind = EffectKind(spec.name)
    if spec.type == "flag":
        if value[spec.name] is not True:
            at_field = f"{where}.{spec.name}"
            raise InvalidInput(msg("{where}: must be true", where=at_field))
        if multiplied:
            at_field = f"{where}.{spec.name}"
            raise InvalidInput(msg("{where}: a flag cannot be counted per card; use it alone or with if_none, "
                                   "if_any or if_most", where=at_field))
        return Effect(kind, 1)
    amount = _number(value[spec.name], f"{where}.{spec.name}", -_NUMBER_LIMIT, _NUMBER_LIMIT)
    classes = _classes(value[spec.restrict], f"{where}.{spec.restrict}") if spec.restrict in value else ()
    return Effect(kind, amount, classes)


def _item_to_doc(item: AbilityItem) -> dict[str, Any]:
    effect: dict[str, Any] = {item.effect.kind.value: item.effect.amount
                              if item.effect.kind not in (EffectKind.MEETS_HAZARD, EffectKind.IGNORES_WEATHER)
                              else True}
    if item.effect.only_for_class:
        effect["only_for_class"] = list(item.effect.only_for_class)
    spec = vocabulary().condition(item.condition.value)
    assert spec is not None
    if spec.value == "none":
        return effect
    if spec.value == "filter":
        assert item.filter is not None
        return {item.condition.value: filter_to_doc(item.filter), **effect}
    doc: dict[str, Any] = {item.condition.value: effect}
    if item.filter is not None and filter_to_doc(item.filter):
        for key, _ in spec.extra:
            doc[key] = filter_to_doc(item.filter)
    return doc


def _effect_text(effect: Effect) -> str:
    vocab = vocabulary()
    spec = vocab.effect(effect.kind.value)
    assert spec is not None
    if effect.only_for_class and spec.restricted_text:
        classes = msg("Class {classes}", classes=or_words(vocab.class_name(k) for k in effect.only_for_class))
        return Message(spec.restricted_text, n=effect.amount, classes=classes)
    return Message(spec.text, n=effect.amount) if "{" in spec.text else msg(spec.text)


def _template(text: str, fields: dict[str, Any]) -> str:
    """A vocabulary template said as a `Message` (its words are marked in data.VOCABULARY_WORDS), with the
    fields it names; "{effect}" alone is the field itself."""
    names = list(dict.fromkeys(name for _, name, _, _ in Formatter().parse(text) if name))
    if len(names) == 1 and text == "{" + names[0] + "}":
        return fields[names[0]]()
    return Message(text, **{name: fields[name]() for name in names}) if names else msg(text)


def _domain_value(domain: str, raw: Any, where: str) -> Any:
    if domain == "classes":
        if isinstance(raw, bool) or not isinstance(raw, int) or raw not in CLASSES:
            raise InvalidInput(msg("{where}: {value} is not a Class; Classes are 1, 2, 3 and 4", where=where,
                                   value=quote(raw)))
        return raw
    enum: type[Side] | type[Icon] = Side if domain == "sides" else Icon
    try:
        return enum(raw)
    except ValueError:
        values = ", ".join(member.value for member in enum)
        if domain == "icons":
            raise InvalidInput(msg("{where}: {value} is not an icon; icons: {values}", where=where, value=quote(raw),
                                   values=values)) from None
        raise InvalidInput(msg("{where}: {value} is not a side; sides: {values}", where=where, value=quote(raw),
                               values=values)) from None


def _order(value: Any) -> Any:
    if isinstance(value, Side):
        return list(Side).index(value)
    if isinstance(value, Icon):
        return list(Icon).index(value)
    return value


def _classes(raw: Any, where: str) -> tuple[ClassNumber, ...]:
    items = raw if isinstance(raw, list) else [raw]
    if not items:
        raise InvalidInput(msg("{where}: name at least one Class (1-4)", where=where))
    return tuple(sorted({_domain_value("classes", item, where) for item in items}))


def _number(raw: Any, where: str, low: int, high: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        raise InvalidInput(msg("{where}: must be a whole number from {low} to {high}, not {value}", where=where,
                               low=low, high=high, value=quote(raw)))
    return raw


def _kind(value: Any) -> str:
    kinds = {dict: msg("an object"), list: msg("a list"), str: msg("a string"), bool: msg("true/false"),
             type(None): "null"}
    return kinds.get(type(value), type(value).__name__)
