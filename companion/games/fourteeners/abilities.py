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
from typing import TYPE_CHECKING, Any, Iterable, Sequence, TypeAlias

from companion.errors import DataError, InvalidInput
from companion.inputs import quote

from .data import CLASSES, ClassNumber, HikerLetter, Icon, Side, VocabularyData, load_data

if TYPE_CHECKING:
    # Only for types: catalog.py builds on this module, so the import cannot run at load time.
    from .catalog import Card

__all__ = [
    "Condition", "EffectKind", "CategoryKind", "WeatherKind",
    "Filter", "Effect", "AbilityItem", "Ability", "Category", "WeatherEffect",
    "Counted", "Tucked", "Tableau", "Attributes", "PointsLine",
    "vocabulary", "check_vocabulary", "parse_ability", "parse_filter", "parse_category", "parse_weather",
    "ability_to_doc", "filter_to_doc", "category_to_doc", "weather_to_doc",
    "class_label", "describe_ability", "describe_item", "describe_filter", "describe_category", "describe_weather",
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
        return f"{self.points} ★, as counted by the players" + (f" ({self.note})" if self.note else "")


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
    raise InvalidInput(f"{where}: an ability must be an object or a list of objects, not {_kind(value)}")


def parse_filter(value: Any, where: str, *, guide: bool = False) -> Filter:
    """Read a FILTER over tucked cards (class, side, icon) or, for Guides, over class and icon."""
    vocab = vocabulary()
    keys = dict(vocab.guide_filter_keys if guide else vocab.filter_keys)
    if not isinstance(value, dict):
        raise InvalidInput(f"{where}: a filter must be an object such as {{\"class\": 3}}, not {_kind(value)}")
    fields: dict[str, tuple[Any, ...]] = {"classes": (), "sides": (), "icons": ()}
    for key, raw in value.items():
        if key not in keys:
            raise InvalidInput(f"{where}: unknown filter key {quote(key)}; keys: {', '.join(keys)}")
        domain = keys[key]
        items = raw if isinstance(raw, list) else [raw]
        if not items:
            raise InvalidInput(f"{where}.{key}: an empty list matches nothing; leave the key out instead")
        fields[domain] = tuple(sorted({_domain_value(domain, item, f"{where}.{key}") for item in items},
                                      key=_order))
    return Filter(**fields)


def parse_category(value: Any, where: str) -> Category:
    """Read an Accolade side's category, e.g. {"most": FILTER}."""
    vocab = vocabulary()
    names = [name for name, _ in vocab.accolade_categories]
    if not isinstance(value, dict) or len(value) != 1:
        raise InvalidInput(f"{where}: a category must be one key of {', '.join(names)} with a filter, "
                           f"such as {{\"most\": {{\"side\": \"gear\"}}}}")
    (key, raw), = value.items()
    if key not in names:
        raise InvalidInput(f"{where}: unknown category {quote(key)}; categories: {', '.join(names)}")
    return Category(CategoryKind(key), parse_filter(raw, f"{where}.{key}"))


def parse_weather(value: Any, where: str) -> tuple[WeatherEffect, ...]:
    """Read a Weather's effects: a list (empty for no effect) of extra costs, a blocked side or a late reveal."""
    vocab = vocabulary()
    items = value if isinstance(value, list) else [value]
    effects = []
    for index, raw in enumerate(items):
        at = f"{where}[{index}]" if isinstance(value, list) else where
        if not isinstance(raw, dict):
            raise InvalidInput(f"{at}: a Weather effect must be an object, not {_kind(raw)}")
        kinds = [key for key in raw if vocab.weather_effect(key) is not None]
        names = ", ".join(spec.name for spec in vocab.weather_effects)
        if len(kinds) != 1:
            raise InvalidInput(f"{at}: a Weather effect needs exactly one of {names}")
        kind = WeatherKind(kinds[0])
        allowed = {kind.value} | ({"only_for_class"} if kind is WeatherKind.EXTRA else set())
        for key in raw:
            if key not in allowed:
                raise InvalidInput(f"{at}: unknown key {quote(key)}; allowed: {', '.join(sorted(allowed))}")
        body = raw[kind.value]
        if kind is WeatherKind.EXTRA:
            if not isinstance(body, dict) or not body or set(body) - {"endurance", "technique"}:
                raise InvalidInput(f"{at}.extra: must be an object with endurance and/or technique, "
                                   f"such as {{\"endurance\": 1}}")
            endurance = _number(body.get("endurance", 0), f"{at}.extra.endurance", 0, 9)
            technique = _number(body.get("technique", 0), f"{at}.extra.technique", 0, 9)
            classes = _classes(raw["only_for_class"], f"{at}.only_for_class") if "only_for_class" in raw else ()
            effects.append(WeatherEffect(kind, endurance=endurance, technique=technique, only_for_class=classes))
        elif kind is WeatherKind.BLOCK_SIDE:
            effects.append(WeatherEffect(kind, side=_domain_value("sides", body, f"{at}.block_side")))
        else:
            if body is not True:
                raise InvalidInput(f"{at}.{kind.value}: must be true")
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
        return "not described yet"
    if not ability:
        return "no ability"
    return "; ".join(describe_item(item) for item in ability)


def describe_item(item: AbilityItem) -> str:
    """One ability item in words."""
    vocab = vocabulary()
    spec = vocab.condition(item.condition.value)
    assert spec is not None
    match = item.filter or Filter()
    guide_words = describe_filter(match, plural=False, guide=True) if item.condition is Condition.PER_GUIDE else ""
    return spec.text.format_map({
        "effect": _effect_text(item.effect),
        "filter": describe_filter(match, plural=False),
        "filters": describe_filter(match, plural=True),
        "guide_filter": guide_words,
    })


def describe_filter(match: Filter, *, plural: bool = False, guide: bool = False) -> str:
    """A filter in words: 'Class III Climb tucked as Gear with a Hazard icon' (or the Guide qualifier)."""
    vocab = vocabulary()
    classes = " or ".join(vocab.class_name(k) for k in match.classes)
    icons = " or ".join(vocab.icon_name(i) for i in match.icons)
    if guide:
        words = (f" of Class {classes}" if classes else "") + (f" with a {icons} icon" if icons else "")
        return words
    words = (f"Class {classes} " if classes else "") + ("Climbs" if plural else "Climb")
    if match.sides:
        words += " tucked as " + " or ".join(vocab.side_name(s) for s in match.sides)
    if icons:
        words += f" with a {icons} icon"
    return words


def class_label(klass: ClassNumber) -> str:
    """A Class as the cards print it: 'Class III'."""
    return f"Class {vocabulary().class_name(klass)}"


def describe_category(category: Category) -> str:
    """An Accolade category in words, e.g. 'most Climbs tucked as Gear'."""
    text = dict(vocabulary().accolade_categories)[category.kind.value]
    return text.format_map({"filters": describe_filter(category.filter, plural=True),
                            "filter": describe_filter(category.filter)})


def describe_weather(effects: Sequence[WeatherEffect] | None) -> str:
    """A Weather's effects in words; None means the card has not been described yet."""
    if effects is None:
        return "effect not described yet"
    if not effects:
        return "no effect"
    vocab = vocabulary()
    parts = []
    for effect in effects:
        spec = vocab.weather_effect(effect.kind.value)
        assert spec is not None
        costs = " and ".join(f"{n} {name}" for n, name in ((effect.endurance, "Endurance"),
                                                           (effect.technique, "Technique")) if n)
        text = spec.text.format_map({
            "costs": costs or "nothing",
            "side": vocab.side_name(effect.side) if effect.side else "",
        })
        if effect.only_for_class:
            text += " (Class " + " or ".join(vocab.class_name(k) for k in effect.only_for_class) + " only)"
        parts.append(text)
    return "; ".join(parts)


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
        yield f"Hiker {me.hiker}", None, item
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
        raise InvalidInput(f"{where}: an ability item must be an object such as {{\"points\": 5}}, "
                           f"not {_kind(value)}")
    named = [key for key in value if key != Condition.ALWAYS.value and vocab.condition(key) is not None]
    if len(named) > 1:
        raise InvalidInput(f"{where}: one item has one condition, not {' and '.join(named)}; "
                           f"use a list of items")
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
                allowed = ", ".join(extra) or "nothing else"
                raise InvalidInput(f"{where}: unknown key {quote(key)} beside {quote(spec.name)}; allowed: {allowed}")
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
        raise InvalidInput(f"{where}: an effect must be an object such as {{\"utility\": 1}}, not {_kind(value)}")
    kinds = [key for key in value if vocab.effect(key) is not None]
    names = ", ".join(spec.name for spec in vocab.effects)
    if len(kinds) != 1:
        found = " and ".join(kinds) if kinds else "none"
        raise InvalidInput(f"{where}: an item has exactly one effect of {names} (found {found}); "
                           f"use a list of items for several")
    spec = vocab.effect(kinds[0])
    assert spec is not None
    for key in value:
        if key != spec.name and not (key == spec.restrict):
            conditions = ", ".join(c.name for c in vocab.conditions if c.name != Condition.ALWAYS.value)
            raise InvalidInput(f"{where}: unknown key {quote(key)}; an item is one effect ({names}), "
                               f"optionally one condition ({conditions})"
                               + (f" and {spec.restrict}" if spec.restrict else ""))
    kind = EffectKind(spec.name)
    if spec.type == "flag":
        if value[spec.name] is not True:
            raise InvalidInput(f"{where}.{spec.name}: must be true")
        if multiplied:
            raise InvalidInput(f"{where}.{spec.name}: a flag cannot be counted per card; "
                               f"use it alone or with if_none, if_any or if_most")
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
        classes = "Class " + " or ".join(vocab.class_name(k) for k in effect.only_for_class)
        return spec.restricted_text.format(n=effect.amount, classes=classes)
    return spec.text.format(n=effect.amount)


def _domain_value(domain: str, raw: Any, where: str) -> Any:
    if domain == "classes":
        if isinstance(raw, bool) or not isinstance(raw, int) or raw not in CLASSES:
            raise InvalidInput(f"{where}: {quote(raw)} is not a Class; Classes are 1, 2, 3 and 4")
        return raw
    enum: type[Side] | type[Icon] = Side if domain == "sides" else Icon
    try:
        return enum(raw)
    except ValueError:
        article = "an icon" if domain == "icons" else "a side"
        raise InvalidInput(f"{where}: {quote(raw)} is not {article}; "
                           f"{domain}: {', '.join(member.value for member in enum)}") from None


def _order(value: Any) -> Any:
    if isinstance(value, Side):
        return list(Side).index(value)
    if isinstance(value, Icon):
        return list(Icon).index(value)
    return value


def _classes(raw: Any, where: str) -> tuple[ClassNumber, ...]:
    items = raw if isinstance(raw, list) else [raw]
    if not items:
        raise InvalidInput(f"{where}: name at least one Class (1-4)")
    return tuple(sorted({_domain_value("classes", item, where) for item in items}))


def _number(raw: Any, where: str, low: int, high: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        raise InvalidInput(f"{where}: must be a whole number from {low} to {high}, not {quote(raw)}")
    return raw


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", type(None): "null"}.get(
        type(value), type(value).__name__)
