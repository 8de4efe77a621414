"""The 14ers card catalog in the app: list, add, edit and delete Climb cards and Accolades; share as a file.

The editors build the catalog's JSON from chips and steppers (no typing beyond names) and let the engine's
parse functions judge it, so a refusal reads exactly as a refused import would. The ability editor here is
also what the play screen uses to describe a side on the spot.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, Generic, TypeVar

import flet as ft

from companion.errors import CompanionError, InvalidInput
from companion.games.fourteeners.abilities import (
    ability_to_doc, describe_ability, describe_category, describe_weather, vocabulary, weather_to_doc,
)
from companion.games.fourteeners.catalog import (
    AccoladeSide, Catalog, card_to_doc, edited_accolade, edited_card, lowest_points, merge, name_key, with_hiker,
    with_weather, without_accolade, without_card,
)
from companion.games.fourteeners.data import CLASSES, Icon, Side, load_data
from companion.i18n import N_, _, ngettext, tr
from companion.ui.fourteeners.forms import (
    AbilityForm, AccoladeForm, CardForm, CategoryForm, FilterForm, ItemForm, WeatherEffectForm, WeatherForm,
    CONDITION_NAMES, EFFECT_NAMES, condition_label, effect_label, filter_domains, half_label, icon_label, roman,
    side_form, side_label,
)
from companion.ui.common.files import save_bytes, use_file_pick
from companion.ui.fourteeners.catalog import (
    EXPORT_NAME, MAX_CATALOG_BYTES, catalog_bytes, catalog_from_bytes, load_catalog, save_catalog,
)
from companion.ui.fourteeners.table import weather_icon
from companion.ui.fourteeners.parts import (
    ICON_GLYPHS,
    SIDE_COLOURS,
    card_line,
    chip_row,
    choice_chip,
    climb_words,
    panel,
    points_words,
    problem_text,
    requirement_words,
    side_tag,
    slug,
    stepper,
)
from companion.ui.common.services import FieldText, kept, use_app, use_back_cancels, use_field_text, use_latest_state
from companion.ui.common.widgets import (bind, confirm_dialog, dialog_text, first_capital, labelled, labelled_value,
                                         message_card, said, section_title, sentence, tell, titled)

F = TypeVar("F", CardForm, AccoladeForm)   # the form a catalog editor changes

__all__ = [
    "Editing", "ability_editor", "filter_editor", "category_editor", "part_of", "described_part", "GONE", "readable",
    "CatalogList", "CatalogShare", "CardEditor", "card_fields", "side_section", "AccoladeEditor", "HikerEditor",
    "WeatherEditor",
]

# What the catalog tab shows: the list (None), or ("card" | "accolade", name or None for a new one),
# ("hiker", letter) or ("weather", name).
Editing = tuple[str, str | None] | None

_WEATHER_KINDS = {"extra": N_("Extra cost"), "block_side": N_("Blocks a side"),
                  "reveal_at_end": N_("Reveal at the end")}
_PATH_PREFIX = re.compile(r"^(card|accolade|ability|category)\.sides\.(capstone|gear|training|plans)")


def readable(exc: Exception) -> str:
    """An engine refusal for a form, in the player's language: 'card.sides.gear[1].per: ...' reads
    'Gear side (item 2, Per card): ...', the vocabulary's names said as the form's chips say them."""
    text = said(exc)
    head, colon, message = text.partition(": ")
    if not colon:
        return sentence(_chip_words(text))
    head = head.rstrip()        # a language that puts a space before its colon
    message = _chip_words(message)
    match = _PATH_PREFIX.match(head)
    if match:
        parts = _path_words(head[match.end():])
        side = side_label(match.group(2))
        # i18n: where a form's refusal is: a card's side, and the item and field inside it ("Gear side (item 2, per)")
        place = (_("{side} side ({where})").format(side=side, where=", ".join(parts)) if parts
                 else _("{side} side").format(side=side))
        return sentence(_("{where}: {problem}").format(where=place, problem=message))
    rest = re.sub(r"^(card|accolade|ability|category)(?=[.\[]|$)", "", head, flags=re.IGNORECASE)
    parts = _path_words(rest)
    return sentence(_("{where}: {problem}").format(where=", ".join(parts) if parts else head, problem=message))


def _path_words(path: str) -> list[str]:
    """'[0].meets_hazard' -> ['item 1', 'Meets Hazard']: an item by its number, a field by its chip's name."""
    path = re.sub(r"^\.?\[(\d+)\]", lambda m: _("item {n}").format(n=int(m.group(1)) + 1) + ".", path)
    return [_field_label(part) for part in path.split(".") if part.strip()]


def _field_label(name: str) -> str:
    if name in CONDITION_NAMES:
        return condition_label(name)
    if name in EFFECT_NAMES:
        return effect_label(name)
    if name in _FORM_FIELDS:
        return _(_FORM_FIELDS[name])
    return name


# A card's own fields as its form labels them, where a refusal names one ("Name: empty; ...").
_FORM_FIELDS = {"name": N_("Name"), "class": N_("Class"), "side": N_("Side"), "category": N_("Category"),
                # i18n: the catalog's whole list of cards, where a refusal is about their number
                "cards": N_("The catalog")}


def _chip_words(text: str) -> str:
    """The vocabulary's names written as keys ('if_most', 'meets_hazard') said as the chips say them; plain
    words such as 'per' or 'points' inside a sentence are left as they are."""
    return re.sub(r"\b[a-z]+(?:_[a-z]+)+\b", lambda m: _field_label(m.group(0)), text)


def _saved(app, close: Callable[[], None], set_error: Callable[[str | None], None], write: Callable[[], None], *,
           page: ft.Page | None = None, told: str | None = None) -> None:
    """An editor's save or delete: `write` (the catalog saved, or the game corrected), then the screens redrawn and
    the editor closed; a refusal is said in the editor, which stays open with what the player typed.

    With `told` (a change of the catalog, said in those words at the foot of `page`), the change can be taken
    back with one tap for a few seconds, as long as nothing changed the catalog since: a card saved with a wrong
    figure over the one that was right could only be typed again from the printed card. (A game's own
    correction is undone with the game's Undo.)"""
    try:
        before = load_catalog(app.store) if told is not None else None
    except CompanionError:
        before = None           # an unreadable catalog being replaced: nothing to go back to
    try:
        write()
    except CompanionError as exc:
        set_error(readable(exc))
        return
    app.changed()
    close()
    if page is None or told is None:
        return
    try:
        after = load_catalog(app.store)
    except CompanionError:
        after = None
    if before is None or after is None:
        tell(page, told, "ftc-saved")           # nothing to go back to: said, without an Undo
        return

    def undo() -> None:
        try:
            if load_catalog(app.store) != after:
                tell(page, _("Not undone: the catalog was changed since."), "ftc-undo-problem")
                return
            save_catalog(app.store, before)
        except CompanionError as exc:
            tell(page, _("Not undone: {reason}").format(reason=said(exc)), "ftc-undo-problem")
            return
        # That change only: a second save before it leaves the first one standing.
        tell(page, _("Undone: your catalog is as it was before that change."), "ftc-undone")
        app.changed()

    tell(page, told, "ftc-saved", action=ft.SnackBarAction(_("Undo"), key="ftc-undo", on_click=undo),
         duration=ft.Duration(seconds=_UNDO_SECONDS), behavior=ft.SnackBarBehavior.FLOATING)


_UNDO_SECONDS = 10      # how long a catalog change can be taken back with one tap


def _saved_words(name: str) -> str:
    # i18n: after a card, an Accolade, a Hiker or a Weather card was saved in the 14ers catalog (with Undo)
    return _("{name} is saved in your catalog.").format(name=" ".join(name.split()))


def _removed_words(name: str) -> str:
    # i18n: after a card or an Accolade was deleted from the 14ers catalog (with Undo)
    return _("{name} is taken out of your catalog.").format(name=name)


# --- ability, filter and category editors ---------------------------------------------------------------------

# The editors below give their `on_change` changes of the latest form (functions of it), not forms made from the
# one drawn: of two taps made faster than the screen is redrawn, the second undid the first (two Classes of a
# filter, an effect then its amount).
Change = Callable[[Any], Any]
GONE = object()     # what `part_of`'s `get` gives for a part the latest whole no longer has


def part_of(on_change: Callable[[Change], None], get: Callable[[Any], Any],
            put: Callable[[Any, Any], Any]) -> Callable[[Change], None]:
    """Changes of a part (an item, a filter, a side) made changes of the whole that holds it: `get` reads the part
    from the latest whole (`GONE`: it went since, and the change is dropped), `put` gives the whole with the part
    changed."""
    def change_part(change: Change) -> None:
        def changed(whole: Any) -> Any:
            part = get(whole)
            return whole if part is GONE else put(whole, change(part))
        on_change(changed)
    return change_part


def _entry_of(on_change: Callable[[Change], None], field: str, index: int, count: int) -> Callable[[Change], None]:
    """Changes of the entry drawn at `index` of `count` in the tuple `field` (an ability's items, a Weather's
    effects): dropped once an entry was removed since (the one at `index` may then be another), kept when one was
    only added after it."""
    def get(form: Any) -> Any:
        entries = getattr(form, field)
        return entries[index] if count <= len(entries) else GONE

    def put(form: Any, entry: Any) -> Any:
        entries = getattr(form, field)
        return replace(form, **{field: entries[:index] + (entry,) + entries[index + 1:]})

    return part_of(on_change, get, put)


def _without_entry(field: str, least: int, index: int, count: int, form: Any) -> Any:
    """The form without the entry drawn at `index` of `count` in the tuple `field`, unless one was removed since
    (a second tap of the same cross would take the next one), or `least` are left (an ability keeps one item)."""
    entries = getattr(form, field)
    if not index < len(entries) or len(entries) < count or len(entries) <= least:
        return form
    return replace(form, **{field: entries[:index] + entries[index + 1:]})


def described_part(on_change: Callable[[Change], None]) -> Callable[[Change], None]:
    """Changes of an ability (or an Accolade half) that may be left undescribed (None): dropped once it is."""
    return part_of(on_change, lambda form: GONE if form is None else form, lambda _old, new: new)


def _toggled_class(klass: int, item: ItemForm) -> ItemForm:
    return replace(item, only_for_class=_toggle(item.only_for_class, klass))


def ability_editor(prefix: str, form: AbilityForm, on_change: Callable[[Change], None], *,
                   side: Side | None = None) -> ft.Control:
    """Edit one side's ability: each item's condition, effect, amount, Class limit and filter, with a preview.
    Points stop where the engine sets the side's floor (`catalog.lowest_points`: a Capstone's 0): the stepper
    went on below, to a refusal only once the card was tucked. `on_change` is given changes of the latest form."""
    vocab = vocabulary()
    blocks: list[ft.Control] = []
    for index, item in enumerate(form.items):
        at = f"{prefix}-i{index}"
        set_item = _entry_of(on_change, "items", index, len(form.items))
        header: list[ft.Control] = [ft.Text(_("Item {n}").format(n=index + 1) if len(form.items) > 1 else _("Ability"),
                                            size=13, weight=ft.FontWeight.W_600, expand=True)]
        if len(form.items) > 1:
            header.append(labelled(f"{at}-remove", ft.IconButton(
                ft.Icons.CLOSE_ROUNDED, key=f"{at}-remove", tooltip=_("Remove item {n}").format(n=index + 1),
                on_click=bind(on_change, partial(_without_entry, "items", 1, index, len(form.items))))))
        parts: list[ft.Control] = [ft.Row(header, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
        parts.append(chip_row([
            choice_chip(f"{at}-effect-{spec.name}", effect_label(spec.name), item.effect == spec.name,
                        bind(set_item, partial(replace, effect=spec.name)))
            # i18n: the effect an ability item gives (points, Endurance...)
            for spec in vocab.effects], label=_("Gives")))
        if item.has_amount:
            floor = lowest_points(side) if item.effect == "points" else None
            lowest = -9 if floor is None else floor
            parts.append(stepper(f"{at}-amount", _("Amount"), item.amount,
                                 lambda n, change=set_item: change(partial(replace, amount=n)), low=lowest, high=30))
        if item.can_restrict:
            parts.append(chip_row([
                choice_chip(f"{at}-only-{k}", roman(k), k in item.only_for_class,
                            bind(set_item, partial(_toggled_class, k)), toggle=True,
                            said=_("Class {numeral}").format(numeral=roman(k)))     # not a bare "II"
                for k in CLASSES], label=_("Only towards Climbs of Class (none: any Climb)")))
        parts.append(chip_row([
            choice_chip(f"{at}-cond-{spec.name}", condition_label(spec.name), item.condition == spec.name,
                        bind(set_item, partial(replace, condition=spec.name)))
            # i18n: the condition of an ability item (always, per card, if none...)
            for spec in vocab.conditions], label=_("When")))
        if item.filter_kind is not None:
            parts.extend(filter_editor(at, item.filter,
                                       part_of(set_item, lambda it: it.filter,
                                               lambda it, chosen: replace(it, filter=chosen)),
                                       guide=item.filter_kind == "guide"))
        blocks.append(ft.Container(
            padding=ft.Padding.only(left=12, top=4, bottom=4),
            border=ft.Border.only(left=ft.BorderSide(3, ft.Colors.OUTLINE_VARIANT)),
            content=ft.Column(parts, spacing=8, tight=True),
        ))
    blocks.append(ft.Row([labelled(f"{prefix}-add-item", ft.TextButton(
        _("Add another item"), key=f"{prefix}-add-item", icon=ft.Icons.ADD_ROUNDED,
        on_click=bind(on_change, AbilityForm.added)))]))
    try:
        words = points_words(describe_ability(form.parse()))
        blocks.append(_preview(f"{prefix}-preview", words))
    except InvalidInput as exc:
        blocks.extend(problem_text(readable(exc), key=f"{prefix}-problem"))
    return ft.Column(blocks, spacing=8, tight=True)


def filter_editor(prefix: str, form: FilterForm, on_change: Callable[[Change], None], *,
                  guide: bool = False) -> list[ft.Control]:
    """Chips choosing which cards count, by Class, side and icon (any chosen value; nothing chosen: all);
    `on_change` is given changes of the latest filter."""
    labels = {"classes": _("Cards of Class"), "sides": _("Tucked as"), "icons": _("With the icon")}
    if guide:
        labels = {"classes": _("Guides of Class"), "icons": _("Guides with the icon")}
    rows: list[ft.Control] = []
    for key, domain, values in filter_domains(guide=guide):
        rows.append(chip_row([
            choice_chip(f"{prefix}-{key}-{value}", roman(value) if domain == "classes" else label,
                        form.has(domain, value),
                        bind(on_change, partial(FilterForm.toggled, domain=domain, value=value)),
                        icon=ICON_GLYPHS[Icon(value)] if domain == "icons" else None,
                        colour=SIDE_COLOURS[Side(value)] if domain == "sides" else None, toggle=True,
                        # A bare "II" said nothing of what it was.
                        said=_("Class {numeral}").format(numeral=roman(value)) if domain == "classes" else None)
            for value, label in values], label=labels.get(domain, key)))
    return rows


def category_editor(prefix: str, form: CategoryForm, on_change: Callable[[Change], None], *,
                    described: bool = True) -> ft.Control:
    """Edit an Accolade half: most or fewest tucked cards matching a filter, with a preview; `described`
    False while nothing was tapped yet (the preview then asks for it). `on_change` is given changes of the latest
    half."""
    kinds = [name for name, _text in vocabulary().accolade_categories]
    # i18n: an Accolade category: the player with the most (or the fewest) matching tucked cards scores it
    kind_words = {"most": _("Most"), "fewest": _("Fewest")}
    parts: list[ft.Control] = [chip_row([
        # Nothing chosen until a tap describes it: "Most" ticked read as a choice the players had made.
        choice_chip(f"{prefix}-kind-{kind}", kind_words.get(kind) or kind.capitalize(),
                    described and form.kind == kind, bind(on_change, partial(replace, kind=kind)))
        for kind in kinds], label=_("Who scores"))]
    parts.extend(filter_editor(prefix, form.filter, part_of(on_change, lambda half: half.filter,
                                                            lambda half, chosen: replace(half, filter=chosen))))
    if not described:
        parts.append(_preview(f"{prefix}-preview", _("Tap who scores and which tucked cards count.")))
        return ft.Column(parts, spacing=8, tight=True)
    try:
        parts.append(_preview(f"{prefix}-preview", tr(describe_category(form.parse()))))
    except InvalidInput as exc:
        parts.extend(problem_text(readable(exc), key=f"{prefix}-problem"))
    return ft.Column(parts, spacing=8, tight=True)


def _clause(exc: Exception) -> str:
    """A refusal to follow 'Not imported:' (lower-case start, one full stop)."""
    text = said(exc).strip()
    return text if text.endswith(".") else text + "."


def _preview(key: str, words: str) -> ft.Control:
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border_radius=ft.BorderRadius.all(10),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        content=ft.Row(spacing=8, controls=[
            ft.Icon(ft.Icons.FORMAT_QUOTE_ROUNDED, size=18, color=ft.Colors.PRIMARY),
            ft.Text(words, key=key, size=13, italic=True, expand=True)]),
    )


def _toggle(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    return tuple(sorted(set(values) ^ {value}))


# --- the catalog list -----------------------------------------------------------------------------------------

@ft.component
def CatalogList(set_editing: Callable[[Editing], None]) -> ft.Control:
    """The catalog: Climb cards by Class, Accolades, and sharing the catalog as one JSON file."""
    app = use_app()
    try:
        catalog = load_catalog(app.store)
        broken = None
    except CompanionError as exc:
        catalog, broken = Catalog(), said(exc)
    deck = load_data().deck
    described = sum(1 for card in catalog.cards if card.described)
    body: list[ft.Control] = []
    if broken:
        body.append(message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, _("The saved catalog cannot be read"),
                                 _("{problem} Replace it with an exported copy (Share, below) to edit it "
                                   "again.").format(problem=broken),
                                 key="ftc-broken", tone="warning"))
    body.append(panel([
        ft.Text(_("Your cards"), size=18, weight=ft.FontWeight.W_600),
        ft.Text(_("The rulebook prints no card texts: describe each Climb once (Class, requirements, icons and the "
                  "ability on each side) and every new game uses it. Cards not described yet can still be entered "
                  "during a game."), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        # i18n: {total} and {accolade_cards} are the game's own numbers of Climb and Accolade cards
        ft.Text(_("{n} of {total} Climb cards · {described} fully described · {accolades} of {accolade_cards} "
                  "Accolades").format(n=len(catalog.cards), total=sum(deck.class_counts), described=described,
                                      accolades=len(catalog.accolades), accolade_cards=deck.accolade_cards),
                key="ftc-summary", size=13, weight=ft.FontWeight.W_500),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            labelled("ftc-add-card", ft.FilledButton(_("Add Climb card"), key="ftc-add-card", icon=ft.Icons.ADD_ROUNDED,
                                                     disabled=broken is not None,
                                                     on_click=bind(set_editing, ("card", None)))),
            labelled("ftc-add-accolade", ft.OutlinedButton(
                _("Add Accolade"), key="ftc-add-accolade", icon=ft.Icons.EMOJI_EVENTS_ROUNDED,
                disabled=broken is not None or len(catalog.accolades) >= deck.accolade_cards,
                on_click=bind(set_editing, ("accolade", None)))),
        ]),
    ]))
    for klass in CLASSES:
        cards = sorted((c for c in catalog.cards if c.klass == klass), key=lambda c: name_key(c.name))
        body.append(section_title(_("Class {numeral} · {n} of {total}").format(
                                      numeral=roman(klass), n=len(cards), total=deck.class_counts[klass - 1]),
                                  key=f"ftc-class-{klass}-title"))
        if not cards:
            body.append(ft.Text(_("None described yet."), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        for card in cards:
            open_sides = [side_label(s) for s in Side if card.ability(s) is None]
            sides = (_("all sides described") if not open_sides
                     else _("to describe: {sides}").format(sides=", ".join(open_sides)))
            # i18n: a Climb's Hazard requirement (the Hazard icon in its corner)
            facts = " · ".join([*requirement_words(card), *([_("Hazard")] if card.hazard else []), sides])
            key = f"ftc-card-{slug(card.name)}"
            body.append(labelled(key, ft.Container(       # one button named by the card (see parts.climb_words)
                key=key, ink=True, on_click=bind(set_editing, ("card", card.name)),
                border_radius=ft.BorderRadius.all(14), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                padding=ft.Padding.symmetric(horizontal=14, vertical=10),
                content=ft.Semantics(exclude_semantics=True, content=card_line(card, subtitle=facts, trailing=[
                    ft.Icon(ft.Icons.CHEVRON_RIGHT_ROUNDED, color=ft.Colors.ON_SURFACE_VARIANT)])),
            ), label=", ".join([*climb_words(card), sides]), button=True))
    body.append(section_title(_("Accolades · {n} of {total}").format(n=len(catalog.accolades),
                                                                     total=deck.accolade_cards),
                              key="ftc-accolades-title"))
    if not catalog.accolades:
        body.append(ft.Text(_("None described yet. A game of 2-4 players can still type its Accolade."), size=13,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    for accolade in sorted(catalog.accolades, key=lambda a: name_key(a.name)):
        halves = " · ".join(_("{title}: {text}").format(
            title=half_label(side),
            text=tr(describe_category(c)) if (c := accolade.category(side)) else _("not described"))
            for side in AccoladeSide)
        key = f"ftc-accolade-{slug(accolade.name)}"
        body.append(labelled(key, ft.Container(
            key=key, ink=True, on_click=bind(set_editing, ("accolade", accolade.name)),
            border_radius=ft.BorderRadius.all(14), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            padding=ft.Padding.symmetric(horizontal=14, vertical=10),
            content=ft.Row(spacing=10, controls=[
                ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, color="#B7791F"),
                ft.Column([ft.Text(accolade.name, size=15, weight=ft.FontWeight.W_600),
                           ft.Text(halves, size=12, color=ft.Colors.ON_SURFACE_VARIANT)],
                          spacing=2, tight=True, expand=True),
                ft.Icon(ft.Icons.CHEVRON_RIGHT_ROUNDED, color=ft.Colors.ON_SURFACE_VARIANT)]),
        )))
    body.append(section_title(_("Hikers' printed abilities"), key="ftc-hikers-title"))
    hikers = load_data().hikers
    described_hikers = dict(catalog.hikers)
    for card in hikers.cards:
        for letter, advanced in ((card.basic, False), (card.advanced, True)):
            ability = described_hikers.get(letter)
            words = points_words(describe_ability(ability)) if ability is not None else _("not described")
            # i18n: {card} is the Hiker card ("A/B"), {ability} the ability printed on that side
            subtitle = (_("Advanced side of {card} · {ability}") if advanced
                        else _("Basic side of {card} · {ability}")).format(card=card.card, ability=words)
            body.append(_list_row(f"ftc-hiker-{letter.lower()}", ft.Icons.HIKING_ROUNDED,
                                  _("Hiker {letter}").format(letter=letter), subtitle,
                                  None if broken else bind(set_editing, ("hiker", letter))))
    body.append(section_title(_("Weather cards"), key="ftc-weather-title"))
    forecasts = load_data().forecasts
    for forecast in forecasts.forecasts:
        for number, name in forecast.rounds:
            effects = catalog.weather_effects(name)
            fixed = name in _rulebook_weathers()
            words = tr(describe_weather(effects))
            if fixed:
                # i18n: a Weather whose effect the rulebook itself gives (Clear Skies, Fog)
                words = _("{effect} (the rulebook's)").format(effect=words)
            body.append(_list_row(f"ftc-weather-{slug(name)}-{number}", weather_icon(name),
                                  _("{weather} · round {number}").format(weather=tr(name), number=number),
                                  f"{first_capital(tr(forecast.name))} · {words}",
                                  None if fixed or broken else bind(set_editing, ("weather", name))))
    body.append(section_title(_("Share"), key="ftc-share-title"))
    # Keyed: the rows above it come and go with the catalog (an import adds them), and its message must stay.
    body.append(CatalogShare(key="ftc-share-panel"))
    return ft.Column(body, spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _list_row(key: str, icon: ft.IconData, title: str, subtitle: str, on_click) -> ft.Control:
    return labelled(key, ft.Container(
        key=key, ink=on_click is not None, on_click=on_click,
        border_radius=ft.BorderRadius.all(14), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        padding=ft.Padding.symmetric(horizontal=14, vertical=10),
        content=ft.Row(spacing=10, controls=[
            ft.Icon(icon, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Column([ft.Text(title, size=15, weight=ft.FontWeight.W_600),
                       ft.Text(subtitle, key=f"{key}-words", size=12, color=ft.Colors.ON_SURFACE_VARIANT)],
                      spacing=2, tight=True, expand=True),
            *([ft.Icon(ft.Icons.CHEVRON_RIGHT_ROUNDED, color=ft.Colors.ON_SURFACE_VARIANT)] if on_click else [])]),
    ))


def _rulebook_weathers() -> set[str]:
    return {name for name, _effects in load_data().forecasts.rulebook_effects}


@ft.component
def CatalogShare() -> ft.Control:
    """Export the catalog as one JSON file (a download in a browser), or import one (merged, or replacing yours)."""
    app = use_app()
    desktop = app.shell.desktop
    outcome, set_outcome = ft.use_state(None)        # (good: bool, message)
    replacing, set_replacing = ft.use_state(False)

    async def export() -> None:
        try:
            catalog = load_catalog(app.store)
            went = await save_bytes(desktop, catalog_bytes(catalog), EXPORT_NAME, title=_("Save the 14ers catalog"),
                                    extension="json")
        except CompanionError as exc:
            set_outcome((False, _("Not exported: {problem}").format(problem=_clause(exc))))
            return
        if went is not None:
            cards = len(catalog.cards)
            # i18n: {where} says where the file went ("downloaded as 14ers-catalog.json")
            set_outcome((True, ngettext("Exported {n} Climb cards and {accolades} Accolades, {where}.",
                                        "Exported {n} Climb cards and {accolades} Accolades, {where}.",
                                        cards).format(n=cards, accolades=len(catalog.accolades), where=tr(went))))

    async def bring_in(mode: str, read) -> None:
        try:
            chosen = await read()
            if chosen is None:
                return
            incoming = catalog_from_bytes(chosen.data, chosen.name)
            # Replacing never reads the saved catalog, so an unreadable one can still be replaced.
            updated = incoming if mode == "replace" else merge(load_catalog(app.store), incoming)
            save_catalog(app.store, updated)
        except CompanionError as exc:
            set_outcome((False, _("Not imported: {problem}").format(problem=_clause(exc))))
            return
        try:
            await kept(app.store)
        except CompanionError as exc:
            app.changed()
            set_outcome((False, sentence(exc)))
            return
        cards = len(incoming.cards)
        if mode == "replace":
            words = ngettext("Imported {n} Climb cards and {accolades} Accolades from {file}, replacing yours. "
                             "The catalog now has {total} Climb cards.",
                             "Imported {n} Climb cards and {accolades} Accolades from {file}, replacing yours. "
                             "The catalog now has {total} Climb cards.", cards)
        else:
            words = ngettext("Imported {n} Climb cards and {accolades} Accolades from {file}, merged into yours "
                             "(cards of the same name replaced). The catalog now has {total} Climb cards.",
                             "Imported {n} Climb cards and {accolades} Accolades from {file}, merged into yours "
                             "(cards of the same name replaced). The catalog now has {total} Climb cards.", cards)
        set_outcome((True, words.format(n=cards, accolades=len(incoming.accolades), file=chosen.name,
                                        total=len(updated.cards))))
        app.changed()

    def pick_for(mode: str):
        return use_file_pick(desktop, title=_("Choose a 14ers catalog file"), extension="json",
                             limit=MAX_CATALOG_BYTES, what=_("a catalog file"),
                             on_file=lambda read: bring_in(mode, read))

    merge_pick = pick_for("merge")
    replace_pick = pick_for("replace")   # carried by the confirmation's button: the pick happens inside that tap

    async def confirm_replace() -> None:
        set_replacing(False)
        await replace_pick.click()

    ft.use_dialog(
        ft.AlertDialog(
            modal=False,  # Escape (or a tap beside it) cancels, as its Cancel button does
            **titled(_("Replace your catalog?")),
            content=dialog_text(_("Every card and Accolade you described is replaced by those of the file you choose "
                              "next. Games already started keep the cards they began with.")),
            actions=[
                labelled("ftc-replace-cancel", ft.TextButton(_("Cancel"), key="ftc-replace-cancel",
                                                             on_click=lambda: set_replacing(False))),
                labelled("ftc-replace-confirm", ft.FilledButton(_("Choose the file…"), key="ftc-replace-confirm",
                                                                action=replace_pick.action,
                                                                on_click=confirm_replace)),
            ],
            on_dismiss=lambda: set_replacing(False),
        ) if replacing else None
    )

    controls: list[ft.Control] = [
        ft.Text(_("One JSON file holds the whole catalog, to keep a copy or give it to a friend with the same "
                  "game."), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            labelled("ftc-export", ft.FilledTonalButton(_("Export…") if desktop else _("Download"), key="ftc-export",
                                                        icon=ft.Icons.DOWNLOAD_ROUNDED, on_click=export)),
            labelled("ftc-import", ft.FilledTonalButton(_("Import and merge…"), key="ftc-import",
                                                        icon=ft.Icons.UPLOAD_FILE_ROUNDED,
                                                        action=merge_pick.action, on_click=merge_pick.click)),
            labelled("ftc-import-replace", ft.TextButton(_("Replace mine…"), key="ftc-import-replace",
                                                         on_click=lambda: set_replacing(True))),
        ]),
    ]
    if outcome is not None:
        good, message = outcome
        if good:
            controls.append(ft.Row(spacing=8, controls=[
                ft.Icon(ft.Icons.CHECK_CIRCLE_ROUNDED, color="#2F855A", size=18),
                ft.Text(message, key="ftc-share-result", size=13, expand=True)]))
        else:
            controls.extend(problem_text(message, key="ftc-share-result"))
    return panel(controls, key="ftc-share")


# --- the card editor ------------------------------------------------------------------------------------------

def _game_state(app, game: str):
    """The game in progress being corrected (a 14ers session id)."""
    return app.keeper.state(game)


def _leave_guard(close: Callable[[], None], changed: Callable[[], bool], prefix: str, leave_ref: Any = None
                 ) -> tuple[Callable[[], None], ft.AlertDialog | None]:
    """Leaving an editor by Back (the app bar's arrow, Android's back): at once when nothing was changed, else
    after asking, since what was changed is not saved (Cancel stays a plain way out). Returns the way to leave
    (also put in `leave_ref`, for the screen's arrow) and the question while it is asked (keys
    `<prefix>-drop-*`)."""
    asking, set_asking = ft.use_state(False)

    def leave() -> None:
        if changed():       # asked now: typing into a field redraws nothing
            set_asking(True)
        else:
            close()

    if leave_ref is not None:
        leave_ref.current = leave
    use_back_cancels(leave)
    dialog = confirm_dialog(f"{prefix}-drop", _("Drop the changes?"),
                            _("What you changed here is not saved yet."), _("Drop the changes"), close,
                            lambda: set_asking(False), cancel=_("Keep editing")) if asking else None
    return leave, dialog


@dataclass(frozen=True)
class _FormEdit(Generic[F]):
    """One catalog editor's form as it is being changed (`_use_editing`): the form, the name field (drawn from
    this, never from `form.name`: see `card_fields`), the refusal shown, and the delete and leave questions."""

    prefix: str
    form: F
    latest: Any            # a ref to the form the latest taps left, drawn or not
    name: FieldText
    error: str | None
    set_form: Callable[[F], None]
    set_error: Callable[[str | None], None]
    deleting: bool
    set_deleting: Callable[[bool], None]
    dropping: ft.AlertDialog | None
    close: Callable[[], None]

    def change(self, new: F | Callable[[F], F]) -> None:
        """The form changed (a new form, or a change of the latest one): a refusal said of the old one no longer
        holds."""
        self.set_form(new)
        self.set_error(None)

    def use_dialogs(self, name: str | None, warning: str, delete: Callable[[], None]) -> None:
        """The question shown: deleting the card called `name` (None: a new one, never deleted), else dropping
        the changes when leaving by Back."""
        def confirmed() -> None:
            self.set_deleting(False)
            delete()

        ft.use_dialog(confirm_dialog(f"{self.prefix}-delete", _("Delete {name}?").format(name=name), warning,
                                     _("Delete"), confirmed, lambda: self.set_deleting(False))
                      if self.deleting and name is not None else self.dropping)

    def foot(self, deletable: bool, save_label: str, save: Callable[[], None]) -> list[ft.Control]:
        """The refusal, if any, then the row of Delete (when `deletable`), Cancel and Save."""
        buttons: list[ft.Control] = []
        if deletable:
            buttons.append(labelled(f"{self.prefix}-delete", ft.TextButton(
                _("Delete"), key=f"{self.prefix}-delete", icon=ft.Icons.DELETE_OUTLINE_ROUNDED,
                on_click=lambda: self.set_deleting(True), style=ft.ButtonStyle(color=ft.Colors.ERROR))))
        buttons.append(ft.Container(expand=True))
        buttons.append(labelled(f"{self.prefix}-cancel", ft.TextButton(_("Cancel"), key=f"{self.prefix}-cancel",
                                                                       on_click=self.close)))
        buttons.append(labelled(f"{self.prefix}-save", ft.FilledButton(
            save_label, key=f"{self.prefix}-save", icon=ft.Icons.SAVE_ROUNDED, on_click=save)))
        return [*problem_text(self.error, key=f"{self.prefix}-error"),
                ft.Row(buttons, vertical_alignment=ft.CrossAxisAlignment.CENTER)]


def _use_editing(initial: Callable[[], F], close: Callable[[], None], prefix: str, leave_ref: Any) -> _FormEdit[F]:
    """The hooks of a catalog editor (keys `<prefix>-*`): its form, first as `initial` makes it; leaving by Back
    asks first when the form, or its name but for spaces, differs from what was opened (see `_leave_guard`)."""
    # The latest form, for Save: a chip tapped just before it is in it, though not drawn yet.
    form, set_form, latest = use_latest_state(initial)
    opened = ft.use_ref(None)
    if opened.current is None:
        opened.current = form
    name = use_field_text(form.name)
    error, set_error = ft.use_state(None)
    deleting, set_deleting = ft.use_state(False)

    def changed() -> bool:
        return replace(form, name="") != replace(opened.current, name="") or \
            " ".join(name.text.split()) != " ".join(opened.current.name.split())

    _leave, dropping = _leave_guard(close, changed, prefix, leave_ref)
    return _FormEdit(prefix, form, latest, name, error, set_form, set_error, deleting, set_deleting, dropping, close)


@ft.component
def CardEditor(original: str | None, close: Callable[[], None], game: str | None = None, leave_ref: Any = None
               ) -> ft.Control:
    """Add or edit one Climb card: Class, requirements, Hazard, icons, and each side's ability. With `game` (a
    14ers session id), correct the card as that game met it: the correction replaces its description in the
    game (tucked sides included) and scoring follows; its name and Class stay, and no turn is undone.
    `leave_ref` is given the way to leave by Back, asking first when something was changed."""
    app = use_app()
    page = ft.context.page
    catalog = load_catalog(app.store)
    existing = (_game_state(app, game).card(original) if game is not None and original
                else catalog.card(original) if original else None)
    edit = _use_editing(lambda: CardForm.from_card(existing) if existing else CardForm(), close, "ftc", leave_ref)
    form, change, name = edit.form, edit.change, edit.name
    # The games in progress that keep this card, counted once when the editor opens (each game's state, replayed
    # if it is not cached), not at every keystroke.
    keeping = ft.use_ref(None)

    def write() -> None:
        current = edit.latest.current
        if game is not None and existing is not None:
            fixed = replace(current, name=existing.name, klass=existing.klass).parse()
            app.keeper.act(game, {"type": "correct", "card": card_to_doc(fixed)})
        else:
            save_catalog(app.store, edited_card(catalog, original, replace(current, name=name.text).parse()))

    def save() -> None:
        _saved(app, close, edit.set_error, write, page=page,
               told=_saved_words(name.text) if game is None else None)

    edit.use_dialogs(existing.name if existing is not None else None,
                     _("The card leaves your catalog. Games already started keep their copy of it."),
                     lambda: _saved(app, close, edit.set_error,
                                    lambda: save_catalog(app.store, without_card(catalog, original or "")),
                                    page=page, told=_removed_words(existing.name if existing else "")))
    if game is not None and existing is not None:
        body: list[ft.Control] = [
            ft.Text(_("Correct {name}").format(name=existing.name), size=20, weight=ft.FontWeight.W_600,
                    key="ftc-title"),
            ft.Text(_("Describe the card as printed. The correction replaces it in this game, tucked sides "
                      "included, and the scores follow; the turns already played stand."), size=13,
                    color=ft.Colors.ON_SURFACE_VARIANT),
            *card_fields("ftc", form, change, name, fixed_class=existing.klass)[1:],
        ]
    else:
        body = card_fields("ftc", form, change, name)
        if keeping.current is None:
            keeping.current = _games_keeping(app, original) if original else 0
        begun = keeping.current
        if begun:
            # A fixed misprint was taken for fixed in the game on the table too, which keeps its own copy.
            body.insert(0, ft.Text(ngettext(
                "A game in progress keeps this card as it was when the game began: to change it there, use "
                "\u201cCorrect a card, a Hiker or the Weather\u201d on the game's screen.",
                "{n} games in progress keep this card as it was when they began: to change it there, use "
                "\u201cCorrect a card, a Hiker or the Weather\u201d on each game's screen.", begun).format(n=begun),
                key="ftc-begun", size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    for side in Side:
        body.append(side_section("ftc", side, form.side(side),
                                 part_of(change, partial(CardForm.side, side=side),
                                         partial(_with_side, side))))
    body.extend(edit.foot(existing is not None and game is None,
                          _("Save the correction") if game is not None else _("Save card"), save))
    return ft.Column(body, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _games_keeping(app, name: str) -> int:
    """How many 14ers games in progress, played turn by turn, know a card of this name (from their copy of the
    catalog, or described at the table): each keeps its own. A finished game being scored from its tableaus
    is left out: its cards are entries of the tableaus, changed there, and it has no card to correct."""
    count = 0
    for session in app.keeper.in_progress():
        if session.game != "fourteeners" or session.setup.get("final"):
            continue
        try:
            known = app.keeper.state(session.id).card(name)
        except CompanionError:
            continue            # a game that cannot be replayed says so on its own screen
        count += known is not None
    return count


def card_fields(prefix: str, form: CardForm, change: Callable[[Callable[[CardForm], CardForm]], None],
                name: FieldText, *, fixed_class: int | None = None,
                on_submit: Callable[[], None] | None = None) -> list[ft.Control]:
    """The corner of a card: name, Class (unless fixed by the deck), requirements, Hazard and icons. Each control
    gives `change` a change of the latest form, not a form made from the one drawn: Endurance then Technique
    tapped before a redraw kept only the Technique.

    The name field is drawn from `name`, never from `form.name`: the form follows the field (each change
    copies `name.text` into it), so a redraw never sends the field an older text than it shows. `on_submit`
    is what Enter in the name does (the form's own button, where the corner is all there is to fill in).
    """
    controls: list[ft.Control] = [labelled(f"{prefix}-name", name.bind(ft.TextField(
        key=f"{prefix}-name", label=_("Name"), max_length=60, counter="",   # no count said at every keystroke
        on_change=lambda: change(partial(replace, name=name.text)),
        on_submit=(lambda: on_submit()) if on_submit is not None else None)))]
    if fixed_class is None:
        controls.append(chip_row([
            choice_chip(f"{prefix}-class-{k}", _("Class {numeral}").format(numeral=roman(k)), form.klass == k,
                        bind(change, partial(replace, klass=k))) for k in CLASSES], label=_("Class")))
    else:
        controls.append(ft.Text(_("Class {numeral}: the Class of this draw from the deck").format(
                                    numeral=roman(fixed_class)), size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT))
    controls.append(panel([
        stepper(f"{prefix}-endurance", _("Endurance needed"), form.endurance,
                lambda n: change(partial(replace, endurance=n)), icon=ft.Icons.HIKING_ROUNDED),
        stepper(f"{prefix}-technique", _("Technique needed"), form.technique,
                lambda n: change(partial(replace, technique=n)), icon=ft.Icons.TERRAIN_ROUNDED),
        # The Hazard icon is the Hazard requirement ('Climb Cards'): one chip, so they never disagree.
        chip_row([choice_chip(f"{prefix}-hazard", _("Hazard (icon and requirement)"), form.hazard,
                              bind(change, partial(CardForm.toggled_icon, icon=Icon.HAZARD.value)),
                              icon=ICON_GLYPHS[Icon.HAZARD], toggle=True)]),
    ], padding=12, spacing=4))
    controls.append(chip_row([
        choice_chip(f"{prefix}-icon-{icon.value}", icon_label(icon), icon.value in form.icons,
                    bind(change, partial(CardForm.toggled_icon, icon=icon.value)), icon=ICON_GLYPHS[icon],
                    toggle=True)
        for icon in Icon if icon is not Icon.HAZARD],
        label=_("Other corner icons")))
    return controls


def _with_side(side: Side, card: CardForm, form: AbilityForm | None) -> CardForm:
    return card.with_side(side, form)


def _switched(blank: Callable[[], Any], form: Any) -> Any:
    """A "Described" switch tapped (a card's side, an Accolade half, a Hiker): described from `blank`, or left
    undescribed."""
    return None if form is not None else blank()


def side_section(prefix: str, side: Side, form: AbilityForm | None,
                 change: Callable[[Change], None]) -> ft.Control:
    """One side of a card: described (with the ability editor) or left for later; `change` is given changes of
    the side's latest form (None: not described)."""
    at = f"{prefix}-{side.value}"
    # One word shown and said, on or off (the tick shows which): a voice command says the word it sees.
    switch = _("Described")
    header = ft.Row(vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        ft.Container(content=side_tag(side), expand=True),
        # Said with the side it is for, "Described: Capstone", on or off: four sides each said only "Describe"; and
        # one name whatever its state, as a switch's is ("Describe" became "Described" as it was turned on).
        choice_chip(f"{at}-on", switch, form is not None, bind(change, partial(_switched, partial(side_form, side))),
                    said=labelled_value(_("Described"), side_label(side)), toggle=True),
    ])
    controls: list[ft.Control] = [header]
    if form is not None:
        controls.append(ability_editor(at, form, described_part(change), side=side))
    else:
        controls.append(ft.Text(_("Not described yet: it can be described when the card is tucked."), size=12,
                                color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Container(
        key=f"{at}-section",
        border_radius=ft.BorderRadius.all(14),
        border=ft.Border.all(1, ft.Colors.with_opacity(0.5, SIDE_COLOURS[side])),
        padding=12,
        content=ft.Column(controls, spacing=8, tight=True),
    )


# --- the Accolade editor --------------------------------------------------------------------------------------

@ft.component
def AccoladeEditor(original: str | None, close: Callable[[], None], leave_ref: Any = None) -> ft.Control:
    """Add or edit one Accolade card: its name and the category on its Basic and Advanced halves. `leave_ref`
    is given the way to leave by Back, asking first when something was changed."""
    app = use_app()
    page = ft.context.page
    catalog = load_catalog(app.store)
    existing = catalog.accolade(original) if original else None
    edit = _use_editing(lambda: AccoladeForm.from_card(existing) if existing else AccoladeForm(basic=CategoryForm()),
                        close, "fta", leave_ref)
    form, change, name = edit.form, edit.change, edit.name

    def save() -> None:
        _saved(app, close, edit.set_error, lambda: save_catalog(
            app.store, edited_accolade(catalog, original, replace(edit.latest.current, name=name.text).parse())),
            page=page, told=_saved_words(name.text))

    edit.use_dialogs(existing.name if existing is not None else None,
                     _("The Accolade leaves your catalog. Games already started keep theirs."),
                     lambda: _saved(app, close, edit.set_error,
                                    lambda: save_catalog(app.store, without_accolade(catalog, original or "")),
                                    page=page, told=_removed_words(existing.name if existing else "")))
    body: list[ft.Control] = [labelled("fta-name", name.bind(ft.TextField(
        key="fta-name", label=_("Name"), max_length=60, counter="",   # no count said at every keystroke
        on_change=lambda: change(partial(replace, name=name.text)))))]
    for half in AccoladeSide:
        current = form.basic if half is AccoladeSide.BASIC else form.advanced
        at = f"fta-{half.value}"

        set_half = part_of(change, partial(_accolade_half, half), partial(_with_accolade_half, half))
        controls: list[ft.Control] = [ft.Row(vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Text(_("Basic half") if half is AccoladeSide.BASIC else _("Advanced half"), size=15,
                    weight=ft.FontWeight.W_600, expand=True),
            choice_chip(f"{at}-on", _("Described"), current is not None,
                        bind(set_half, partial(_switched, CategoryForm)), toggle=True,
                        said=labelled_value(_("Described"), _("Basic half") if half is AccoladeSide.BASIC
                                            else _("Advanced half"))),
        ])]
        if current is not None:
            controls.append(category_editor(at, current, described_part(set_half)))
        else:
            controls.append(ft.Text(_("Not described yet."), size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        body.append(panel(controls, key=f"{at}-section", padding=12, spacing=8))
    body.extend(edit.foot(existing is not None, _("Save Accolade"), save))
    return ft.Column(body, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _accolade_half(half: AccoladeSide, form: AccoladeForm) -> CategoryForm | None:
    return form.basic if half is AccoladeSide.BASIC else form.advanced


def _with_accolade_half(half: AccoladeSide, form: AccoladeForm, value: CategoryForm | None) -> AccoladeForm:
    return replace(form, basic=value) if half is AccoladeSide.BASIC else replace(form, advanced=value)


# --- Hikers and Weather cards ---------------------------------------------------------------------------------

@ft.component
def HikerEditor(letter: str, close: Callable[[], None], game: str | None = None) -> ft.Control:
    """Describe the ability printed on one Hiker side (active all game, like a tucked card's); with `game`, in
    that game only (the game keeps its own copy of the catalog)."""
    use_back_cancels(close)
    app = use_app()
    page = ft.context.page
    catalog = _game_state(app, game).setup.catalog if game is not None else load_catalog(app.store)
    current = dict(catalog.hikers).get(letter)
    form, set_form, latest = use_latest_state(lambda: None if current is None else AbilityForm.from_ability(current))
    error, set_error = ft.use_state(None)

    def change(new: Change) -> None:
        """A change of the latest form (so quick taps all count): a refusal said of the old one no longer holds."""
        set_form(new)
        set_error(None)

    def write() -> None:
        ability = None if latest.current is None else latest.current.parse(f"hikers.{letter}")
        if game is not None:
            app.keeper.act(game, {"type": "hiker", "hiker": letter,
                                  "ability": None if ability is None else ability_to_doc(ability)})
        else:
            save_catalog(app.store, with_hiker(catalog, letter, ability))

    def save() -> None:
        _saved(app, close, set_error, write, page=page,
               told=_saved_words(_("Hiker {letter}").format(letter=letter)) if game is None else None)

    body: list[ft.Control] = [
        ft.Text(_("Hiker {letter}").format(letter=letter), size=20, weight=ft.FontWeight.W_600),
        ft.Text(_("The ability printed on this Hiker side. It counts like a tucked card's, all game long."), size=13,
                color=ft.Colors.ON_SURFACE_VARIANT),
        chip_row([choice_chip("fth-on", _("Described"), form is not None,
                              bind(change, partial(_switched, AbilityForm)), toggle=True)]),
    ]
    if form is not None:
        body.append(ability_editor("fth", form, described_part(change)))
    body.extend(problem_text(error, key="fth-error"))
    body.append(_save_row("fth", _("Save Hiker"), save, close))
    return ft.Column(body, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.component
def WeatherEditor(name: str, close: Callable[[], None], game: str | None = None) -> ft.Control:
    """Describe what a Weather card does: extra Endurance or Technique costs, a blocked side, or nothing; with
    `game`, in that game only."""
    use_back_cancels(close)
    app = use_app()
    page = ft.context.page
    catalog = _game_state(app, game).setup.catalog if game is not None else load_catalog(app.store)
    current = dict(catalog.weather).get(name)
    form, set_form, latest = use_latest_state(lambda: WeatherForm.from_effects(current))
    error, set_error = ft.use_state(None)

    def change(new: Change) -> None:
        """A change of the latest form (so quick taps all count): a refusal said of the old one no longer holds."""
        set_form(new)
        set_error(None)

    def write(clear: bool) -> None:
        parsed = None if clear else latest.current.parse(f"weather.{name}")
        if game is not None:
            app.keeper.act(game, {"type": "weather", "weather": name,
                                  "effects": None if parsed is None else weather_to_doc(parsed)})
        else:
            save_catalog(app.store, with_weather(catalog, name, parsed))

    def save(clear: bool = False) -> None:
        _saved(app, close, set_error, lambda: write(clear), page=page,
               told=_saved_words(tr(name)) if game is None else None)

    rounds = [_("round {number}").format(number=n)
              for f in load_data().forecasts.forecasts for n, w in f.rounds if w == name]
    body: list[ft.Control] = [
        ft.Text(tr(name), size=20, weight=ft.FontWeight.W_600),
        # i18n: {rounds} lists the rounds this Weather card is on the forecast for ("round 6, round 9")
        ft.Text(_("On the forecast for {rounds}. Describe what the card does to every player that round; a card "
                  "with no effect has none listed.").format(rounds=", ".join(rounds)), size=13,
                color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    kinds = [spec.name for spec in vocabulary().weather_effects]
    count = len(form.effects)
    for index, effect in enumerate(form.effects):
        at = f"ftw-e{index}"
        # Changes of the effect drawn here, dropped once an effect was removed since (as an ability's items).
        set_effect = _entry_of(change, "effects", index, count)
        parts: list[ft.Control] = [ft.Row(vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Text(_("Effect {n}").format(n=index + 1), size=13, weight=ft.FontWeight.W_600, expand=True),
            labelled(f"{at}-remove", ft.IconButton(
                ft.Icons.CLOSE_ROUNDED, key=f"{at}-remove", tooltip=_("Remove effect {n}").format(n=index + 1),
                on_click=bind(change, partial(_without_entry, "effects", 0, index, count))))])]
        parts.append(chip_row([choice_chip(f"{at}-kind-{kind}", _(_WEATHER_KINDS[kind]) if kind in _WEATHER_KINDS
                                           else kind, effect.kind == kind,
                                           bind(set_effect, partial(replace, kind=kind))) for kind in kinds]))
        spec = vocabulary().weather_effect(effect.kind)
        if spec is not None and spec.value == "costs":
            parts.append(stepper(f"{at}-endurance", _("More Endurance"), effect.endurance,
                                 lambda n, set_it=set_effect: set_it(partial(replace, endurance=n)), high=9,
                                 icon=ft.Icons.HIKING_ROUNDED))
            parts.append(stepper(f"{at}-technique", _("More Technique"), effect.technique,
                                 lambda n, set_it=set_effect: set_it(partial(replace, technique=n)), high=9,
                                 icon=ft.Icons.TERRAIN_ROUNDED))
            parts.append(chip_row([choice_chip(f"{at}-only-{k}", roman(k), k in effect.only_for_class,
                                               bind(set_effect, partial(_toggled_class, k)), toggle=True,
                                               said=_("Class {numeral}").format(numeral=roman(k)))
                                   for k in CLASSES],
                                  label=_("Only for Climbs of Class (none: every Climb)")))
        elif spec is not None and spec.value == "side":
            parts.append(chip_row([choice_chip(f"{at}-side-{side.value}", side_label(side), effect.side == side.value,
                                               bind(set_effect, partial(replace, side=side.value)),
                                               colour=SIDE_COLOURS[side]) for side in Side],
                                  label=_("No Climb may be tucked as")))
        body.append(panel(parts, key=f"{at}-section", padding=12, spacing=8))
    body.append(ft.Row([labelled("ftw-add", ft.TextButton(
        _("Add an effect"), key="ftw-add", icon=ft.Icons.ADD_ROUNDED, on_click=bind(change, _with_new_effect)))]))
    try:
        body.append(_preview("ftw-preview", tr(describe_weather(form.parse(f"weather.{name}")))))
    except InvalidInput as exc:
        body.extend(problem_text(readable(exc), key="ftw-problem"))
    body.extend(problem_text(error, key="ftw-error"))
    buttons: list[ft.Control] = []
    if current is not None:
        buttons.append(labelled("ftw-clear", ft.TextButton(_("Not described"), key="ftw-clear",
                                                           on_click=lambda: save(clear=True))))
    buttons.append(ft.Container(expand=True))
    buttons.append(labelled("ftw-cancel", ft.TextButton(_("Cancel"), key="ftw-cancel", on_click=close)))
    buttons.append(labelled("ftw-save", ft.FilledButton(_("Save"), key="ftw-save", icon=ft.Icons.SAVE_ROUNDED,
                                                        on_click=lambda: save())))
    body.append(ft.Row(buttons, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return ft.Column(body, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _with_new_effect(form: WeatherForm) -> WeatherForm:
    return replace(form, effects=form.effects + (WeatherEffectForm(),))


def _save_row(prefix: str, label: str, save, close) -> ft.Control:
    return ft.Row(alignment=ft.MainAxisAlignment.END, controls=[
        labelled(f"{prefix}-cancel", ft.TextButton(_("Cancel"), key=f"{prefix}-cancel", on_click=close)),
        labelled(f"{prefix}-save", ft.FilledButton(label, key=f"{prefix}-save", icon=ft.Icons.SAVE_ROUNDED,
                                                   on_click=save))])
