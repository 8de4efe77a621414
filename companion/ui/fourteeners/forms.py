"""What the 14ers editors hold while someone fills them in: cards, abilities, filters and Accolade halves.

These are plain frozen values (no Flet here) so a screen keeps one in `use_state` and replaces it on every
tap. Each form turns into the catalog's JSON (`to_doc`) and is checked by the engine's own parse functions
(`parse_card`, `parse_ability`, `parse_category`, `parse_accolade`), so the messages a player sees are the
ones the catalog import gives. The choices offered come from the vocabulary in data, so a new vocabulary
entry appears in the editor without code here.
"""

from __future__ import annotations

import types
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any, Union, get_args, get_origin, get_type_hints

from companion.games.fourteeners.abilities import (
    Ability, AbilityItem, Category, Filter, WeatherEffect, filter_to_doc, parse_ability, parse_category,
    describe_category, parse_weather, vocabulary,
)
from companion.games.fourteeners.catalog import AccoladeCard, Card, card_to_doc, parse_accolade, parse_card
from companion.games.fourteeners.data import CLASSES, Icon, Side
from companion.i18n import N_, Message, _, msg, tr

__all__ = [
    "FilterForm", "ItemForm", "AbilityForm", "CardForm", "CategoryForm", "AccoladeForm", "WeatherEffectForm",
    "WeatherForm", "TuckForm", "GUIDE", "side_form",
    "condition_label", "effect_label", "CONDITION_NAMES", "EFFECT_NAMES", "filter_domains", "side_label",
    "icon_label", "roman", "half_label", "accolade_title", "form_doc", "form_from_doc",
]

# Short labels for the vocabulary's names on chips; a name missing here is shown from the vocabulary itself.
_CONDITION_LABELS = {
    "always": N_("Always"), "per": N_("Per card"), "if_none": N_("If none"), "if_any": N_("If any"),
    "if_most": N_("If most"), "per_empty_side": N_("Per empty side"), "per_guide": N_("Per Guide"),
}
_EFFECT_LABELS = {
    "points": N_("Points"), "endurance": N_("Endurance"), "technique": N_("Technique"), "utility": N_("Utility"),
    "meets_hazard": N_("Meets Hazard"), "ignores_weather": N_("Ignores Weather"),
}
# The printed words of data/fourteeners/vocabulary.json that screens show on their own (side and icon names),
# marked here so the catalogs carry them; `side_label` and `icon_label` say them in the player's language.
_VOCABULARY_WORDS = (N_("Capstone"), N_("Gear"), N_("Training"), N_("Plans"), N_("Alt route"), N_("Hazard"),
                     N_("Photo"))
# An Accolade card's halves (and a Hiker card's sides), by their stored value.
_HALVES = {"basic": N_("Basic"), "advanced": N_("Advanced")}
# i18n: an Accolade card's half, in lower case inside a line ("Summit Fever (basic): most Climbs")
_HALVES_LOWER = {"basic": N_("basic"), "advanced": N_("advanced")}
# The filter keys of the vocabulary and the field of FilterForm each fills.
_DOMAIN_FIELDS = {"classes": "classes", "sides": "sides", "icons": "icons"}


# The names the forms know, as the engine writes them in a refusal's path ("ability[0].meets_hazard").
CONDITION_NAMES = frozenset(_CONDITION_LABELS)
EFFECT_NAMES = frozenset(_EFFECT_LABELS)


def condition_label(name: str) -> str:
    """A condition's name on a chip ('Per card' for per)."""
    return _(_CONDITION_LABELS[name]) if name in _CONDITION_LABELS else name.replace("_", " ").capitalize()


def effect_label(name: str) -> str:
    """An effect's name on a chip."""
    return _(_EFFECT_LABELS[name]) if name in _EFFECT_LABELS else name.replace("_", " ").capitalize()


def side_label(side: Side | str) -> str:
    """A side as the cards print it (Capstone, Gear, Training, Plans), in the player's language."""
    return tr(vocabulary().side_name(Side(side)))


def icon_label(icon: Icon | str) -> str:
    """An icon as the cards name it (Alt route, Hazard, Photo), in the player's language."""
    return tr(vocabulary().icon_name(Icon(icon)))


def accolade_title(category: Category, name: str | None = None, side: Any = None) -> str:
    """An Accolade as the screens say it: "Gear Head · Basic: most Climbs tucked as Gear", or only what it
    counts when the card was described at the table without a name."""
    text = tr(describe_category(category))
    if not name:
        return text
    title = f"{name} · {half_label(side)}" if side else name
    return _("{title}: {text}").format(title=title, text=text)


def half_label(half: Any, *, lower: bool = False) -> str:
    """An Accolade half ('basic' or AccoladeSide.BASIC) as the screens name it: 'Basic', or 'basic' in a line."""
    value = str(getattr(half, "value", half))
    table = _HALVES_LOWER if lower else _HALVES
    if value in table:
        return _(table[value])
    return value if lower else value.capitalize()


def roman(klass: int) -> str:
    """A Class as its Roman numeral."""
    return vocabulary().class_name(klass)


def filter_domains(*, guide: bool = False) -> tuple[tuple[str, str, tuple[tuple[Any, str], ...]], ...]:
    """The filter keys offered, each as (key, domain, ((value, label), ...)), from the vocabulary."""
    vocab = vocabulary()
    keys = vocab.guide_filter_keys if guide else vocab.filter_keys
    values: dict[str, tuple[tuple[Any, str], ...]] = {
        "classes": tuple((k, _("Class {numeral}").format(numeral=roman(k))) for k in CLASSES),
        "sides": tuple((s.value, side_label(s)) for s in Side),
        "icons": tuple((i.value, icon_label(i)) for i in Icon),
    }
    return tuple((key, domain, values[domain]) for key, domain in keys if domain in values)


@dataclass(frozen=True)
class FilterForm:
    """Which tucked cards an ability or Accolade counts: any of these Classes, sides and icons."""

    classes: tuple[int, ...] = ()
    sides: tuple[str, ...] = ()
    icons: tuple[str, ...] = ()

    def toggled(self, domain: str, value: Any) -> FilterForm:
        """The filter with one value added or removed."""
        current: tuple[Any, ...] = getattr(self, _DOMAIN_FIELDS[domain])
        chosen = tuple(v for v in current if v != value) if value in current else current + (value,)
        return replace(self, **{_DOMAIN_FIELDS[domain]: _ordered(domain, chosen)})

    def has(self, domain: str, value: Any) -> bool:
        """True when the value is chosen."""
        return value in getattr(self, _DOMAIN_FIELDS[domain])

    def to_doc(self, *, guide: bool = False) -> dict[str, Any]:
        """The FILTER document (only the keys a Guide filter has, for Guides)."""
        doc: dict[str, Any] = {}
        for key, domain, _values in filter_domains(guide=guide):
            chosen = list(getattr(self, _DOMAIN_FIELDS[domain]))
            if chosen:
                doc[key] = chosen[0] if len(chosen) == 1 else chosen
        return doc

    @classmethod
    def from_filter(cls, match: Filter | None) -> FilterForm:
        """The form showing a parsed filter."""
        if match is None:
            return cls()
        doc = filter_to_doc(match)

        def listed(key: str) -> tuple[Any, ...]:
            raw = doc.get(key, [])
            return tuple(raw if isinstance(raw, list) else [raw])

        return cls(classes=listed("class"), sides=listed("side"), icons=listed("icon"))


@dataclass(frozen=True)
class ItemForm:
    """One ability item being edited: its condition, its effect and amount, and the filter it counts."""

    condition: str = "always"
    effect: str = "points"
    amount: int = 1
    only_for_class: tuple[int, ...] = ()
    filter: FilterForm = field(default_factory=FilterForm)

    @property
    def has_amount(self) -> bool:
        """Numbers (points, attributes) have an amount; flags do not."""
        spec = vocabulary().effect(self.effect)
        return spec is not None and spec.type == "number"

    @property
    def can_restrict(self) -> bool:
        """True when the effect may be limited to some Classes (Utility towards Class IV Climbs)."""
        spec = vocabulary().effect(self.effect)
        return spec is not None and spec.restrict is not None

    @property
    def filter_kind(self) -> str | None:
        """'filter' for a FILTER over tucked cards, 'guide' for a Guide filter, None when the condition has none."""
        spec = vocabulary().condition(self.condition)
        if spec is None:
            return None
        if spec.value == "filter":
            return "filter"
        if any(kind == "guide_filter" for _key, kind in spec.extra):
            return "guide"
        return None

    def to_doc(self) -> dict[str, Any]:
        """The item in the catalog's JSON format, shaped by the vocabulary's condition and effect specs."""
        vocab = vocabulary()
        spec = vocab.effect(self.effect)
        effect: dict[str, Any] = {self.effect: self.amount if spec is None or spec.type == "number" else True}
        if spec is not None and spec.restrict and self.only_for_class:
            effect[spec.restrict] = list(self.only_for_class)
        condition = vocab.condition(self.condition)
        if condition is None or condition.value == "none":
            return effect
        if condition.value == "filter":
            return {self.condition: self.filter.to_doc(), **effect}
        doc: dict[str, Any] = {self.condition: effect}
        for key, kind in condition.extra:
            match = self.filter.to_doc(guide=kind == "guide_filter")
            if match:
                doc[key] = match
        return doc

    @classmethod
    def from_item(cls, item: AbilityItem) -> ItemForm:
        """The form showing a parsed ability item."""
        return cls(condition=item.condition.value, effect=item.effect.kind.value, amount=item.effect.amount,
                   only_for_class=item.effect.only_for_class, filter=FilterForm.from_filter(item.filter))


@dataclass(frozen=True)
class AbilityForm:
    """A side's ability being edited: one item or several (each its own condition and effect)."""

    items: tuple[ItemForm, ...] = (ItemForm(),)

    def to_doc(self) -> dict[str, Any] | list[dict[str, Any]]:
        """One object for one item, a list otherwise (the catalog's ABILITY)."""
        docs = [item.to_doc() for item in self.items]
        return docs[0] if len(docs) == 1 else docs

    def parse(self, where: str = "ability") -> Ability:
        """The ability as the engine reads it; InvalidInput names the field at fault."""
        return parse_ability(self.to_doc(), where)

    def with_item(self, index: int, item: ItemForm) -> AbilityForm:
        """The form with one item replaced."""
        return replace(self, items=self.items[:index] + (item,) + self.items[index + 1:])

    def without_item(self, index: int) -> AbilityForm:
        """The form with one item removed (the last one stays: an ability has at least one item here)."""
        if len(self.items) <= 1:
            return self
        return replace(self, items=self.items[:index] + self.items[index + 1:])

    def added(self) -> AbilityForm:
        """The form with a new item at the end."""
        return replace(self, items=self.items + (ItemForm(),))

    @classmethod
    def from_ability(cls, ability: Ability | None) -> AbilityForm:
        """The form showing a parsed ability (a fresh one-item form for none)."""
        if not ability:
            return cls()
        return cls(items=tuple(ItemForm.from_item(item) for item in ability))


@dataclass(frozen=True)
class CardForm:
    """A Climb card being described: name, Class, requirements, icons and each side (None = not described)."""

    name: str = ""
    klass: int = 1
    endurance: int = 0
    technique: int = 0
    icons: tuple[str, ...] = ()          # the "hazard" icon is also the Hazard requirement: one chip sets both
    sides: tuple[AbilityForm | None, ...] = (None, None, None, None)     # in Side order

    @property
    def hazard(self) -> bool:
        """The Hazard requirement, which is the Hazard icon."""
        return Icon.HAZARD.value in self.icons

    def side(self, side: Side) -> AbilityForm | None:
        """The ability form of one side, None while it is not described."""
        return self.sides[list(Side).index(side)]

    def with_side(self, side: Side, form: AbilityForm | None) -> CardForm:
        """The form with one side's ability set or cleared."""
        sides = list(self.sides)
        sides[list(Side).index(side)] = form
        return replace(self, sides=tuple(sides))

    def toggled_icon(self, icon: str) -> CardForm:
        """The form with one corner icon added or removed."""
        icons = tuple(i for i in self.icons if i != icon) if icon in self.icons else self.icons + (icon,)
        return replace(self, icons=_ordered("icons", icons))

    def to_doc(self) -> dict[str, Any]:
        """The CARD document."""
        return {"name": self.name, "class": self.klass, "endurance": self.endurance, "technique": self.technique,
                "icons": list(self.icons),
                "sides": {side.value: None if form is None else form.to_doc()
                          for side, form in zip(Side, self.sides)}}

    def parse(self, where: str = "card") -> Card:
        """The card as the catalog reads it; InvalidInput names the field at fault."""
        return parse_card(self.to_doc(), where)

    @classmethod
    def from_card(cls, card: Card) -> CardForm:
        """The form showing a catalog card."""
        return cls(name=card.name, klass=card.klass, endurance=card.endurance, technique=card.technique,
                   icons=tuple(i.value for i in card.icons),
                   sides=tuple(None if ability is None else AbilityForm.from_ability(ability)
                               for ability in card.sides))


@dataclass(frozen=True)
class CategoryForm:
    """An Accolade half being described: most (or fewest) tucked cards matching a filter."""

    kind: str = "most"
    filter: FilterForm = field(default_factory=FilterForm)

    def to_doc(self) -> dict[str, Any]:
        """The CATEGORY document."""
        return {self.kind: self.filter.to_doc()}

    def parse(self, where: str = "category") -> Category:
        """The category as the engine reads it."""
        return parse_category(self.to_doc(), where)

    @classmethod
    def from_category(cls, category: Category | None) -> CategoryForm:
        """The form showing a parsed category."""
        if category is None:
            return cls()
        return cls(kind=category.kind.value, filter=FilterForm.from_filter(category.filter))


@dataclass(frozen=True)
class AccoladeForm:
    """An Accolade card being described: its name and each half (None = not described)."""

    name: str = ""
    basic: CategoryForm | None = None
    advanced: CategoryForm | None = None

    def to_doc(self) -> dict[str, Any]:
        """The Accolade document of the catalog."""
        return {"name": self.name, "basic": None if self.basic is None else self.basic.to_doc(),
                "advanced": None if self.advanced is None else self.advanced.to_doc()}

    def parse(self, where: str = "accolade") -> AccoladeCard:
        """The Accolade card as the catalog reads it."""
        return parse_accolade(self.to_doc(), where)

    @classmethod
    def from_card(cls, card: AccoladeCard) -> AccoladeForm:
        """The form showing a catalog Accolade."""
        return cls(name=card.name,
                   basic=None if card.basic is None else CategoryForm.from_category(card.basic),
                   advanced=None if card.advanced is None else CategoryForm.from_category(card.advanced))


@dataclass(frozen=True)
class WeatherEffectForm:
    """One effect of a Weather card being described: extra costs, a blocked side, or a late reveal."""

    kind: str = "extra"
    endurance: int = 1
    technique: int = 0
    only_for_class: tuple[int, ...] = ()
    side: str = Side.GEAR.value

    def to_doc(self) -> dict[str, Any]:
        """The WEATHER effect document, shaped by the vocabulary's kind of value."""
        spec = vocabulary().weather_effect(self.kind)
        value = spec.value if spec is not None else "flag"
        if value == "costs":
            costs = {k: v for k, v in (("endurance", self.endurance), ("technique", self.technique)) if v}
            doc: dict[str, Any] = {self.kind: costs or {"endurance": 0}}
            if self.only_for_class:
                doc["only_for_class"] = list(self.only_for_class)
            return doc
        if value == "side":
            return {self.kind: self.side}
        return {self.kind: True}

    @classmethod
    def from_effect(cls, effect: WeatherEffect) -> WeatherEffectForm:
        """The form showing a parsed Weather effect."""
        return cls(kind=effect.kind.value, endurance=effect.endurance, technique=effect.technique,
                   only_for_class=effect.only_for_class,
                   side=effect.side.value if effect.side is not None else Side.GEAR.value)


@dataclass(frozen=True)
class WeatherForm:
    """A Weather card being described: its effects (none at all is a card with no effect)."""

    effects: tuple[WeatherEffectForm, ...] = (WeatherEffectForm(),)

    def to_doc(self) -> list[dict[str, Any]]:
        """The list of WEATHER effects."""
        return [effect.to_doc() for effect in self.effects]

    def parse(self, where: str = "weather") -> tuple[WeatherEffect, ...]:
        """The effects as the engine reads them."""
        return parse_weather(self.to_doc(), where)

    def with_effect(self, index: int, effect: WeatherEffectForm) -> WeatherForm:
        """The form with one effect replaced."""
        return replace(self, effects=self.effects[:index] + (effect,) + self.effects[index + 1:])

    @classmethod
    def from_effects(cls, effects: tuple[WeatherEffect, ...] | None) -> WeatherForm:
        """The form showing a Weather's described effects (a fresh one-effect form when undescribed)."""
        if effects is None:
            return cls()
        return cls(effects=tuple(WeatherEffectForm.from_effect(e) for e in effects))


GUIDE = "guide"       # TuckForm.side for a hired Guide: a Climb discarded beside the Hiker, no side shown


@dataclass(frozen=True)
class TuckForm:
    """A Climb entered into a finished tableau: its corner and what its shown side scores at the end.

    Only what end scoring needs: Class and icons; a Capstone's points; a Plan's rule from the vocabulary,
    or its points counted by hand with a note; for Gear or Training, nothing unless it scores points. A
    Guide needs only its corner. `base` is the catalog card being completed (its corner is then printed and
    only the missing side is asked); `index` the entry being changed, None for a new one.
    """

    seat: int
    side: str                                   # a Side value, or GUIDE
    index: int | None = None
    spot: bool = False                          # the form is open (else: picking from the catalog)
    base: Card | None = None
    klass: int = 0                              # 0: not chosen yet (a Climb entered on the spot)
    icons: tuple[str, ...] = ()
    points: int = 0                             # a Capstone's points (0: not chosen yet), or a Plan's counted
    counted: bool = False                       # a Plan counted by hand
    ability: AbilityForm | None = None          # a Plan's rule; Gear or Training points (None: scores nothing)

    def toggled_icon(self, icon: str) -> TuckForm:
        """The form with one corner icon added or removed."""
        icons = tuple(i for i in self.icons if i != icon) if icon in self.icons else self.icons + (icon,)
        return replace(self, icons=_ordered("icons", icons))

    def missing(self) -> Message | None:
        """What the form still needs before it can be added: a Class or a Capstone's points nobody chose (taken
        as Class I and 0 points, a slip would change Plans, the Accolade and the score without a word)."""
        if self.base is None and self.klass not in CLASSES:
            return msg("Choose the card's Class: Plans and the Accolade count by it.")
        if self.side == Side.CAPSTONE.value and self.points <= 0:
            return msg("Choose the points printed on the Capstone.")
        return None

    def side_ability(self) -> Any:
        """The shown side's ABILITY as entered (None for a Plan counted by hand; [] when it scores nothing)."""
        if self.side == Side.CAPSTONE.value:
            return {"points": self.points}
        if self.side == Side.PLANS.value:
            return None if self.counted else (self.ability or AbilityForm(items=(PLAN_ITEM,))).to_doc()
        return [] if self.ability is None else self.ability.to_doc()

    def card_doc(self, name: str) -> dict[str, Any]:
        """The CARD: the catalog card with this side described, or a card entered on the spot."""
        if self.base is not None:
            doc = card_to_doc(self.base)
            if self.side != GUIDE and not (self.side == Side.PLANS.value and self.counted):
                doc["sides"][self.side] = self.side_ability()
            return doc
        sides = {} if self.side == GUIDE else {self.side: self.side_ability()}
        return {"name": name, "class": self.klass, "endurance": 0, "technique": 0, "icons": list(self.icons),
                "sides": sides}

    def entry_doc(self, name: str, note: str = "") -> dict[str, Any]:
        """The TUCKED entry (or the Guide entry) of final.py's `tableau` action."""
        doc: dict[str, Any] = {"card": self.card_doc(name)}
        if self.side == GUIDE:
            return doc
        doc["side"] = self.side
        if self.side == Side.PLANS.value and self.counted:
            doc["counted"] = {"points": self.points, **({"note": note} if note.strip() else {})}
        return doc

    def parse(self, name: str) -> Card:
        """The card as the engine reads it; InvalidInput names the field at fault."""
        return parse_card(self.card_doc(name), "card")

    @classmethod
    def for_card(cls, seat: int, side: str, card: Card, index: int | None, *, counted: tuple[int, str] | None
                 = None, from_catalog: bool = False) -> TuckForm:
        """The form showing a Climb of a tableau (or a catalog card whose shown side is to be described)."""
        ability = card.ability(Side(side)) if side != GUIDE else None
        points = counted[0] if counted else 0
        form = cls(seat=seat, side=side, index=index, spot=True, base=card if from_catalog else None,
                   klass=card.klass, icons=tuple(i.value for i in card.icons), points=points,
                   counted=counted is not None)
        if side == Side.CAPSTONE.value and ability:
            form = replace(form, points=sum(item.effect.amount for item in ability))
        elif side != GUIDE and side != Side.CAPSTONE.value and ability:
            form = replace(form, ability=AbilityForm.from_ability(ability))
        return form


# A Plan's first guess: points per card matching a filter, the commonest printed shape ('Scoring Example').
PLAN_ITEM = ItemForm(condition="per", effect="points", amount=1)


def side_form(side: Side | str | None) -> AbilityForm:
    """A fresh form for a side's ability, starting on what that side gives ('Climb Cards'): a Training side
    Endurance ("Training increases your hikers' attributes"; a Training side taken as the form came scored a
    point), Gear Utility, a Plan points per card, a Capstone points. Every effect stays on offer: a house-made
    card may print another (docs/rulings.md)."""
    value = getattr(side, "value", side)
    if value == Side.PLANS.value:
        return AbilityForm(items=(PLAN_ITEM,))
    if value == Side.GEAR.value:
        return AbilityForm(items=(ItemForm(effect="utility"),))
    if value == Side.TRAINING.value:
        return AbilityForm(items=(ItemForm(effect="endurance"),))
    return AbilityForm()


def _ordered(domain: str, values: tuple[Any, ...]) -> tuple[Any, ...]:
    # Keep the printed order (Classes I-IV, sides and icons as the vocabulary lists them) whatever the taps.
    order: list[Any] = {"classes": list(CLASSES), "sides": [s.value for s in Side],
                        "icons": [i.value for i in Icon]}[domain]
    return tuple(sorted(values, key=lambda v: order.index(v) if v in order else len(order)))


# --- a form as it stands, kept and read back ------------------------------------------------------------------

_LONGEST_TEXT = 200          # a name field holds 60 characters; anything far longer was not typed in a form
_LARGEST_NUMBER = 99         # a stepper goes to 20


def form_doc(form: Any) -> Any:
    """A form exactly as it stands, half filled in or not, as plain JSON values (`form_from_doc` reads it back).

    Unlike `to_doc`, which is the catalog's JSON and needs a finished form, this keeps whatever the player
    has tapped so far: a card with no name yet, an ability on a condition its effect does not allow."""
    if is_dataclass(form) and not isinstance(form, type):
        return {f.name: form_doc(getattr(form, f.name)) for f in fields(form)}
    if isinstance(form, tuple):
        return [form_doc(value) for value in form]
    return form


def form_from_doc(kind: Any, doc: Any) -> Any:
    """The form of type `kind` that `form_doc` wrote, with the defaults for what the document leaves out.
    ValueError when it is not one: a value of the wrong type, a name the vocabulary or the game does not
    know, a number or a text no form could hold."""
    origin = get_origin(kind)
    if origin is Union or origin is types.UnionType:
        choices = [a for a in get_args(kind) if a is not type(None)]
        if doc is None and len(choices) < len(get_args(kind)):
            return None
        if len(choices) != 1:
            raise ValueError(f"no form reads {kind}")
        return form_from_doc(choices[0], doc)
    if origin is tuple:
        if not isinstance(doc, list):
            raise ValueError(f"a list was expected, not {doc!r}")
        args = get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(form_from_doc(args[0], value) for value in doc)
        if len(doc) != len(args):
            raise ValueError(f"{len(args)} values were expected, not {len(doc)}")
        return tuple(form_from_doc(arg, value) for arg, value in zip(args, doc))
    if is_dataclass(kind):
        if not isinstance(doc, dict):
            raise ValueError(f"a {kind.__name__} was expected, not {doc!r}")
        hints = get_type_hints(kind)
        unknown = set(doc) - set(hints)
        if unknown:
            raise ValueError(f"{kind.__name__} has no {sorted(unknown)[0]}")
        form = kind(**{name: form_from_doc(hints[name], value) for name, value in doc.items()})
        _check_form(form)
        return form
    if kind is bool and isinstance(doc, bool):
        return doc
    if kind is int and isinstance(doc, int) and not isinstance(doc, bool) and abs(doc) <= _LARGEST_NUMBER:
        return doc
    if kind is str and isinstance(doc, str) and len(doc) <= _LONGEST_TEXT:
        return doc
    raise ValueError(f"{doc!r} is not a {getattr(kind, '__name__', kind)} a form holds")


def _check_form(form: Any) -> None:
    # What the screens look up by name must be a name they know.
    icons = {i.value for i in Icon}
    sides = {s.value for s in Side}
    if isinstance(form, FilterForm):
        ok = set(form.classes) <= set(CLASSES) and set(form.sides) <= sides and set(form.icons) <= icons
    elif isinstance(form, ItemForm):
        vocab = vocabulary()
        ok = (vocab.condition(form.condition) is not None and vocab.effect(form.effect) is not None
              and set(form.only_for_class) <= set(CLASSES))
    elif isinstance(form, AbilityForm):
        ok = bool(form.items)
    elif isinstance(form, CardForm):
        ok = form.klass in CLASSES and set(form.icons) <= icons and len(form.sides) == len(Side)
    elif isinstance(form, TuckForm):
        ok = (form.klass in CLASSES or form.klass == 0) and set(form.icons) <= icons and (
            form.side == GUIDE or form.side in sides)
    else:
        ok = True
    if not ok:
        raise ValueError(f"{type(form).__name__} names what the game does not know")
