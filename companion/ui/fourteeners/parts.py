"""Small pieces the 14ers screens share: choice chips, number steppers, panels, Class badges and icons.

Everything here is a plain function returning controls, so screens keep their state in one place and pass
handlers down. Tap targets are at least 40 px high with room around them; every control a test or a
browser needs has a stable `key` and semantics identifier.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.games.fourteeners.abilities import class_label
from companion.games.fourteeners.catalog import Card, name_key
from companion.games.fourteeners.data import Icon, Side
from companion.games.fourteeners.rules import GainCheck
from companion.i18n import _, tr
from companion.ui.common.services import use_step
from companion.ui.common.widgets import announced, labelled, labelled_value, star_points
from companion.ui.fourteeners.forms import icon_label, roman, side_label

__all__ = [
    "ACCENT", "SIDE_COLOURS", "SIDE_ICONS", "ICON_GLYPHS", "slug",
    "choice_chip", "chip_row", "stepper", "panel", "class_badge", "icon_glyphs", "requirement_chips",
    "stat_chip", "card_line", "card_said", "side_tag", "problem_text", "points_words", "requirement_mini",
]

# The 14ers accent on home, and one colour per side of the Hiker card so a side reads at a glance.
ACCENT = "#3F51B5"
SIDE_COLOURS: dict[Side, str] = {
    Side.CAPSTONE: "#B7791F",
    Side.GEAR: "#2B6CB0",
    Side.TRAINING: "#2F855A",
    Side.PLANS: "#6B46C1",
}
SIDE_ICONS: dict[Side, ft.IconData] = {
    Side.CAPSTONE: ft.Icons.STAR_ROUNDED,
    Side.GEAR: ft.Icons.BACKPACK_ROUNDED,
    Side.TRAINING: ft.Icons.FITNESS_CENTER_ROUNDED,
    Side.PLANS: ft.Icons.MAP_ROUNDED,
}
ICON_GLYPHS: dict[Icon, ft.IconData] = {
    Icon.ALT: ft.Icons.DIRECTIONS_CAR_ROUNDED,
    Icon.HAZARD: ft.Icons.WARNING_AMBER_ROUNDED,
    Icon.PHOTO: ft.Icons.PHOTO_CAMERA_ROUNDED,
}

_SLUG = re.compile(r"[^a-z0-9]+")


def slug(name: str) -> str:
    """A card name as a key fragment: 'Mt. of the Holy Cross' -> 'mt-of-the-holy-cross'."""
    return _SLUG.sub("-", name_key(name)).strip("-") or "card"



def choice_chip(key: str, label: str, selected: bool, on_click: Callable[[], Any] | None, *,
                icon: ft.IconData | None = None, colour: str | None = None, disabled: bool = False,
                tooltip: str | None = None, wide: bool = False, toggle: bool = False,
                said: str | None = None, wraps: bool = False) -> ft.Control:
    """A rounded chip that is on or off; a tick shows when it is on; `wide` for a sentence that may wrap.
    `toggle`: one of chips each on or off by itself (the Weather, an icon), said as a switch, on or off; else
    one choice of several (a tab, a side), said as the one chosen. `said`: the words a screen reader says
    instead of the label, where the label's figures need their words. `wraps`: a chip among others in a
    wrapping row keeps its own size and wraps its words only when they do not fit the row."""
    tint = colour or ft.Colors.PRIMARY
    content: list[ft.Control] = []
    if selected:
        content.append(ft.Icon(ft.Icons.CHECK_ROUNDED, size=16, color=ft.Colors.ON_SECONDARY_CONTAINER))
    elif icon is not None:
        content.append(ft.Icon(icon, size=16, color=ft.Colors.OUTLINE if disabled else tint))
    content.append(ft.Text(label, size=13, weight=ft.FontWeight.W_500, expand=wide or wraps, expand_loose=wraps,
                           color=ft.Colors.OUTLINE if disabled else
                           ft.Colors.ON_SECONDARY_CONTAINER if selected else ft.Colors.ON_SURFACE))
    row = ft.Row(content, spacing=6, tight=not wide, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    named_by_tooltip = bool(tooltip) and label.casefold() in tooltip.casefold()
    if said is not None:
        row = ft.Semantics(exclude_semantics=True, content=row)
    chip = ft.Semantics(
        identifier=key,
        label=said,
        selected=selected,
        toggled=selected if toggle else None,
        button=True,
        disabled=disabled,
        content=ft.Container(
            key=key,
            # No alignment: an aligned Container stretches to the row's width; padding gives the 40 px height.
            padding=ft.Padding.symmetric(horizontal=12, vertical=10),
            border_radius=ft.BorderRadius.all(14 if wide else 20),
            bgcolor=ft.Colors.SECONDARY_CONTAINER if selected else None,
            border=ft.Border.all(1, ft.Colors.SECONDARY_CONTAINER if selected else ft.Colors.OUTLINE_VARIANT),
            on_click=None if disabled else on_click,
            disabled=disabled,
            tooltip=tooltip,
            ink=not disabled,
            # A tooltip that says the label ("Class II" over "II") names the chip alone: the label is not said again.
            content=ft.Semantics(exclude_semantics=named_by_tooltip, content=row) if named_by_tooltip else row,
        ),
    )
    # A tooltip makes a node of its own, with the tap: merged, the chip is one button with the tooltip's name,
    # not a button inside a button. So does the tap under words of its own (`said`): merged, the chip is one
    # button with those words, not a nameless button inside a named node that does nothing.
    return ft.MergeSemantics(content=chip) if tooltip or said is not None else chip


def chip_row(chips: Sequence[ft.Control], *, label: str | None = None) -> ft.Control:
    """Chips that wrap onto more lines on a narrow phone, with an optional small label above."""
    row = ft.Row(list(chips), wrap=True, spacing=6, run_spacing=6)
    if label is None:
        return row
    return ft.Column([ft.Text(label, size=12, color=ft.Colors.ON_SURFACE_VARIANT), row], spacing=4, tight=True)


def stepper(key: str, label: str, value: int, on_change: Callable[[int], Any], *, low: int = 0,
            high: int = 20, icon: ft.IconData | None = None) -> ft.Control:
    """A number set with minus and plus buttons: no keyboard needed at the table. A screen reader hears the
    label with its value ("Required Endurance: 2"), not the number apart after it with nothing to say what.
    Taps faster than the screen is redrawn all count (`use_step`)."""
    return _Stepper(key, label, value, on_change, low, high, icon)


@ft.component
def _Stepper(name: str, label: str, value: int, on_change: Callable[[int], Any], low: int, high: int,
             icon: ft.IconData | None) -> ft.Control:
    key = name
    step = use_step(value, low, high, on_change)
    return ft.Row(
        spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            *([ft.Icon(icon, size=20, color=ft.Colors.ON_SURFACE_VARIANT)] if icon else []),
            ft.Semantics(label=labelled_value(label, value), exclude_semantics=True, expand=True,
                         content=ft.Text(label, size=14)),
            labelled(f"{key}-minus", ft.IconButton(
                ft.Icons.REMOVE_ROUNDED, key=f"{key}-minus", tooltip=_("{label}: one less").format(label=label),
                disabled=value <= low, on_click=lambda: step(-1))),
            ft.Container(
                width=36, alignment=ft.Alignment.CENTER,
                content=ft.Semantics(exclude_semantics=True, content=ft.Text(
                    str(value), key=f"{key}-value", size=18, weight=ft.FontWeight.W_600)),
            ),
            labelled(f"{key}-plus", ft.IconButton(
                ft.Icons.ADD_ROUNDED, key=f"{key}-plus", tooltip=_("{label}: one more").format(label=label),
                disabled=value >= high, on_click=lambda: step(1))),
        ],
    )


def panel(controls: Sequence[ft.Control], *, key: str | None = None, tone: str = "plain",
          padding: int = 16, spacing: int = 12) -> ft.Control:
    """A rounded section of a screen; tone 'raised' for the one thing to do now, 'warning' for trouble."""
    bgcolor = {
        "plain": ft.Colors.SURFACE_CONTAINER_LOW,
        "raised": ft.Colors.SURFACE_CONTAINER_HIGH,
        "warning": ft.Colors.ERROR_CONTAINER,
        "good": ft.Colors.with_opacity(0.10, "#2F855A"),
    }.get(tone, ft.Colors.SURFACE_CONTAINER_LOW)
    return ft.Container(
        key=key,
        border_radius=ft.BorderRadius.all(16),
        bgcolor=bgcolor,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT) if tone in ("plain", "raised") else None,
        padding=padding,
        content=ft.Column(list(controls), spacing=spacing, tight=True,
                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
    )


def class_badge(klass: int, *, size: int = 13) -> ft.Control:
    """The Class in a card's corner, as a small dark tab with its Roman numeral."""
    return ft.Semantics(
        label=_("Class {numeral}").format(numeral=roman(klass)),
        content=ft.Container(
            padding=ft.Padding.symmetric(horizontal=6, vertical=1),
            border_radius=ft.BorderRadius.all(6),
            bgcolor=ft.Colors.INVERSE_SURFACE,
            # The label says it ("Class II"): the numeral is not said again after it.
            content=ft.Semantics(exclude_semantics=True, content=ft.Text(
                roman(klass), size=size, weight=ft.FontWeight.W_700, color=ft.Colors.ON_INVERSE_SURFACE)),
        ),
    )


def icon_glyphs(icons: Sequence[Icon], *, size: int = 15, colour: str | None = None) -> list[ft.Control]:
    """A card's corner icons (Alt route, Hazard, Photo) as small glyphs with their names for screen readers."""
    # The tooltip names the glyph for a screen reader too: a label of its own made it "Photo, Photo".
    return [ft.Icon(ICON_GLYPHS[icon], size=size, color=colour or ft.Colors.ON_SURFACE_VARIANT,
                    tooltip=icon_label(icon)) for icon in icons]


def stat_chip(icon: ft.IconData, text: str, *, key: str | None = None, colour: str | None = None,
              strong: bool = False) -> ft.Control:
    """A small pill with an icon and a value, e.g. Endurance 3."""
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=8, vertical=4),
        border_radius=ft.BorderRadius.all(12),
        bgcolor=ft.Colors.with_opacity(0.14, colour) if colour else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        content=ft.Row(
            spacing=4, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[ft.Icon(icon, size=15, color=colour or ft.Colors.ON_SURFACE_VARIANT),
                      ft.Text(text, key=key, size=12,
                              weight=ft.FontWeight.W_600 if strong else ft.FontWeight.W_500)],
        ),
    )


def requirement_words(card: Card, check: GainCheck | None = None, weather: str | None = None) -> tuple[str, str]:
    """A Climb's Endurance and Technique requirements in words, as the gain `check` (if any) counts them this
    round; where the round's Weather (`weather`, its name in the player's language) adds to one, it says so, so
    a tile never shows a number the card does not: "2 Endurance (Rain +1)"."""
    def words(template: str, printed: int, extra: int) -> str:
        text = template.format(n=printed + extra)
        if weather is None or not extra:
            return text
        # i18n: a Climb's requirement raised by this round's Weather: "2 Endurance (Rain +1)"
        return _("{requirement} ({weather} {extra:+d})").format(requirement=text, weather=weather, extra=extra)

    return (words(_("{n} Endurance"), card.endurance, check.weather_endurance if check else 0),
            words(_("{n} Technique"), card.technique, check.weather_technique if check else 0))


def climb_words(card: Card, check: GainCheck | None = None, weather: str | None = None) -> list[str]:
    """A Climb as a screen reader says it, in one order wherever a card is a button: name, Class, requirements
    (see `requirement_words`), corner icons. Left to the drawn nodes, a list row was "Photo, Class I, Peak 1-2,
    Endurance, 1, Technique, 1", the name in the middle and each number apart from what it counts."""
    return [card.name, tr(class_label(card.klass)), *requirement_words(card, check, weather),
            *(icon_label(icon) for icon in card.icons)]


def card_said(card: Card, *words: str) -> list[str]:
    """A card of a tableau, a Guide or a card of the catalog's list, said in one order: name, Class, corner
    icons, then `words` (what it scores). Left to the drawn nodes, one corner icon's name came first, and
    another was lost; in a row of tucked Climbs the names of the row came before their points."""
    return [card.name, tr(class_label(card.klass)), *(icon_label(icon) for icon in card.icons), *words]


def requirement_chips(card: Card, check: GainCheck | None = None, weather: str | None = None) -> list[ft.Control]:
    """A Climb's requirements (as the gain `check` counts them, with the Weather's part: see
    `requirement_words`) and its Hazard requirement."""
    endurance_words, technique_words = requirement_words(card, check, weather)
    chips = [
        stat_chip(ft.Icons.HIKING_ROUNDED, endurance_words),
        stat_chip(ft.Icons.TERRAIN_ROUNDED, technique_words),
    ]
    if card.hazard:
        # The Hazard icon in the card's corner, named beside its name, is this requirement: said once.
        # i18n: a Climb's Hazard requirement (the Hazard icon in its corner)
        chips.append(ft.Semantics(exclude_semantics=True, content=stat_chip(
            ft.Icons.REPORT_ROUNDED, _("Hazard"), colour="#C53030")))
    return chips


def card_line(card: Card, *, trailing: Sequence[ft.Control] = (), subtitle: str | None = None,
              size: int = 15) -> ft.Control:
    """A card in one line: Class badge, name, corner icons; optional words under it."""
    top = ft.Row(
        spacing=8,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[class_badge(card.klass),
                  ft.Text(card.name, size=size, weight=ft.FontWeight.W_600, expand=True, max_lines=2,
                          overflow=ft.TextOverflow.ELLIPSIS),
                  *icon_glyphs(card.icons), *trailing],
    )
    if subtitle is None:
        return top
    return ft.Column([top, ft.Text(subtitle, size=12, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=2, tight=True)


def side_tag(side: Side, *, count: int | None = None) -> ft.Control:
    """A side's name with its colour and icon, e.g. the heading of a Hiker card's edge."""
    text = side_label(side).upper() + (f" · {count}" if count is not None else "")
    return ft.Row(
        spacing=4, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[ft.Icon(SIDE_ICONS[side], size=14, color=SIDE_COLOURS[side]),
                  ft.Text(text, size=11, weight=ft.FontWeight.W_700, color=SIDE_COLOURS[side])],
    )


def problem_text(message: str | None, *, key: str) -> list[ft.Control]:
    """An inline refusal under a form (nothing when there is none), said as it appears: a screen reader heard
    nothing after "Add" was refused."""
    if not message:
        return []
    return [announced(ft.Container(
        key=f"{key}-box",
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border_radius=ft.BorderRadius.all(10),
        bgcolor=ft.Colors.ERROR_CONTAINER,
        content=ft.Row(
            spacing=8, vertical_alignment=ft.CrossAxisAlignment.START,
            controls=[ft.Icon(ft.Icons.ERROR_OUTLINE_ROUNDED, size=18, color=ft.Colors.ON_ERROR_CONTAINER),
                      ft.Text(message, key=key, size=13, color=ft.Colors.ON_ERROR_CONTAINER, expand=True)],
        ),
    ))]


def points_words(text: str) -> str:
    """Engine wording for screens, in the player's language: '3 ★' becomes '3 points' (the app's offline font
    has no star glyph)."""
    return star_points(tr(text))


def requirement_mini(card: Card) -> list[ft.Control]:
    """A Climb's requirements in a few pixels: Endurance, Technique and the Hazard mark, for a list row."""
    def pair(icon: ft.IconData, value: int, label: str) -> ft.Control:
        return ft.Row(spacing=2, tight=True, controls=[
            ft.Icon(icon, size=15, color=ft.Colors.ON_SURFACE_VARIANT, semantics_label=label),
            ft.Text(str(value), size=14, weight=ft.FontWeight.W_600)])

    out = [pair(ft.Icons.HIKING_ROUNDED, card.endurance, _("Endurance")),
           pair(ft.Icons.TERRAIN_ROUNDED, card.technique, _("Technique"))]
    if card.hazard:
        out.append(ft.Icon(ft.Icons.REPORT_ROUNDED, size=17, color="#C53030",
                           tooltip=_("Hazard requirement")))
    return out
