"""Freunde's building blocks for the screens: cards, climbers, the acclimatization track, chips, words.

Cards are kept in screen state as their codes (M2, A1, R1/3: `companion.games.freunde.data.Card.code`),
hashable and JSON-able; screens show the card, never the code. Movement cards are green and acclimatization
cards blue, as on the printed cards; a rope shows both its values. What is legal and every number shown
comes from the engine (`companion.games.freunde.rules`); these helpers only draw and word it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import flet as ft

from companion.errors import CompanionError
from companion.games.freunde.data import CardKind, Zone, parse_card
from companion.games.freunde.rules import (
    MAX_ACCLIMATIZATION, ClimberCheck, State, Weather, weather_name, zone_words,
)
from companion.i18n import _, ngettext, tr
from companion.ui.common.services import use_step
from companion.ui.common.widgets import and_list, labelled, labelled_value, longest_word, readable_on

__all__ = [
    "FALLBACK_COLOUR", "ZONE_COLOURS", "ZONE_INK", "MOVE_COLOUR", "ACCL_COLOUR", "ROPE_COLOUR",
    "card_sort_key", "card_face", "card_words", "cards_words", "pawn", "accl_track", "accl_words", "chip", "stepper",
    "zone_label", "weather_words", "weather_icon", "check_terms", "check_sentence", "signed", "info_line", "player_colours",
    "weather_label", ]

FALLBACK_COLOUR = "#78909C"
# Altitude zones, from meadow to snow: light enough for dark ink in both themes.
ZONE_COLOURS: dict[Zone, str] = {5000: "#C5E1A5", 6000: "#D7CCC8", 7000: "#B3CDE0", 8000: "#F1F4F8"}
ZONE_INK = "#1B1B1F"
MOVE_COLOUR = "#2E7D32"
ROPE_COLOUR = "#6D4C41"
ACCL_COLOUR = "#1565C0"
_WHITE = "#FFFFFF"
_INK = "#1B1B1F"           # the dark ink on a light card

# A player's avatar: a figure, not an initial, since the letters on the board are the climbers, A and B: Bartek's
# "B" stood beside "A: 3 · B: 1" like his climber B.
PLAYER_ICON = ft.Icons.PERSON_ROUNDED


def card_sort_key(code: str) -> tuple:
    """Movement cards, then ropes, then acclimatization cards, each by value: how a hand is fanned."""
    return parse_card(code).hand_order


def card_words(code: str) -> str:
    """A card in words: 'Move 2', 'Rope 1 or 3 down', 'Acclimatize +1'."""
    card = parse_card(code)
    if card.kind is CardKind.MOVE:
        # i18n: a movement card, as printed on the card
        return _("Move {value}").format(value=card.value)
    if card.kind is CardKind.ROPE:
        # i18n: a rope card: its value in any direction, or its larger value going down
        return _("Rope {value} or {down} down").format(value=card.value, down=card.down)
    # i18n: an acclimatization card, as printed on the card
    return _("Acclimatize +{value}").format(value=card.value)


def cards_words(codes: Iterable[str]) -> str:
    """Cards in words, in hand order, listed as the language lists things ("Move 1, Acclimatize +0 and
    Acclimatize +3", as the entries say them); 'no cards' for none."""
    shown = sorted(codes, key=card_sort_key)
    return and_list([card_words(c) for c in shown]) or _("no cards")


def weather_label(label: str) -> str:
    """A weather symbol's name with a capital, in the player's language: 'Snow' (a typed label as it is)."""
    return tr(weather_name(label)).capitalize()


def card_face(code: str, *, key: str | None = None, width: float = 44, height: float = 60,
              on_click: Callable[[], None] | None = None, selected: bool = False, count: int | None = None,
              dim: bool = False, action: str | None = None) -> ft.Control:
    """A card as printed: green movement value, a rope's any-way and down-only values, blue acclimatization.

    `count` puts a small "×n" in the corner (how many are available); `selected` rings the card.
    """
    card = parse_card(code)
    if card.kind is CardKind.ACCLIMATIZATION:
        colour, icon, big = ACCL_COLOUR, ft.Icons.FAVORITE_ROUNDED, f"+{card.value}"
    elif card.kind is CardKind.ROPE:
        colour, icon, big = ROPE_COLOUR, ft.Icons.LINK_ROUNDED, f"{card.value}|{card.down}"
    else:
        colour, icon, big = MOVE_COLOUR, ft.Icons.HIKING_ROUNDED, str(card.value)
    size = round(height * (0.3 if card.kind is CardKind.ROPE else 0.38))
    inner: list[ft.Control] = [
        ft.Icon(icon, size=round(height * 0.24), color=_WHITE),
        ft.Text(big, size=size, weight=ft.FontWeight.W_700, color=_WHITE, text_align=ft.TextAlign.CENTER),
    ]
    stack: list[ft.Control] = [ft.Container(
        width=width, height=height, alignment=ft.Alignment.CENTER,
        content=ft.Column(inner, spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER,
                          horizontal_alignment=ft.CrossAxisAlignment.CENTER),
    )]
    if count is not None:
        stack.append(ft.Container(
            right=2, top=2, padding=ft.Padding.symmetric(horizontal=4), border_radius=6, bgcolor=_WHITE,
            content=ft.Text(f"×{count}", key=f"{key}-count" if key else None, size=10, weight=ft.FontWeight.W_700,
                            color=colour),
        ))
    face = ft.Container(
        key=key,
        width=width,
        height=height,
        bgcolor=colour,
        opacity=0.35 if dim else 1.0,
        border=ft.Border.all(3, ft.Colors.ON_SURFACE) if selected else None,
        border_radius=ft.BorderRadius.all(8),
        ink=on_click is not None,
        on_click=on_click,
        # Said by the label, once ("Add Move 1, 5 available 1 ×5" read the face's own words after it).
        content=ft.Semantics(exclude_semantics=True, content=ft.Stack(stack, width=width, height=height)),
    )
    label = card_words(code)
    if count is not None:
        # i18n: a card read aloud, and how many of it are available: "Move 2, 3 available"
        label = ngettext("{card}, {n} available", "{card}, {n} available", count).format(card=label, n=count)
    # Merged: the label, the state and the tap are one node; built afresh (its own key) when the card turns
    # tappable: patched in place, the browser's accessibility tree lost the node's identifier.
    # i18n: what tapping a card does, then the card: "Add Move 2, 3 available"
    spoken = _("{action} {card}").format(action=action, card=label) if action else label
    return ft.MergeSemantics(key=f"{key}@{'tap' if on_click else 'still'}" if key else None,
                             content=ft.Semantics(
        key=f"{key}-{'tap' if on_click else 'still'}" if key else None, identifier=key,
        label=spoken,
        # A card offered for an action stays a button when it cannot be taken now (none left):
        # a disabled one, not words that say "Add" with nothing to tap.
        button=on_click is not None or action is not None,
        disabled=True if action is not None and on_click is None else None,
        selected=selected if on_click is not None else None, content=face))


def pawn(colour: str, label: str, *, size: float = 18, dead: bool = False, ring: bool = False) -> ft.Control:
    """A climber's pawn: a disc in the player's colour with its letter; a dead climber is hollow."""
    ink = readable_on(colour, _INK)
    return ft.Container(
        width=size, height=size, shape=ft.BoxShape.CIRCLE,
        bgcolor=None if dead else colour,
        border=ft.Border.all(3 if ring else (2 if dead else 1.5),
                             ft.Colors.ON_SURFACE if ring else (colour if dead else ft.Colors.SURFACE)),
        alignment=ft.Alignment.CENTER,
        content=ft.Text(label, size=round(size * 0.55), weight=ft.FontWeight.W_700,
                        color=colour if dead else ink),
    )


def accl_track(value: int, *, key: str | None = None, alive: bool = True, size: float = 14) -> ft.Control:
    """The acclimatization track: a pip per point up to 6, red at 1, amber at 2, green above (what is at
    stake); during the action phase cards may lift it above 6 until the check caps it (shown as +N)."""
    shown = max(0, min(MAX_ACCLIMATIZATION, value))
    fill = ft.Colors.ERROR if shown <= 1 else ("#F9A825" if shown == 2 else "#2E7D32")
    pips: list[ft.Control] = [
        ft.Container(width=size, height=size, border_radius=ft.BorderRadius.all(size / 2),
                     bgcolor=fill if alive and n <= shown else None,
                     border=ft.Border.all(1.5, fill if alive and n <= shown else ft.Colors.OUTLINE_VARIANT))
        for n in range(1, MAX_ACCLIMATIZATION + 1)]
    if alive and value > MAX_ACCLIMATIZATION:
        pips.append(ft.Text(f"+{value - MAX_ACCLIMATIZATION}", size=round(size * 0.8), weight=ft.FontWeight.W_700,
                            color=fill))
    return ft.Semantics(label=accl_words(value, alive=alive), exclude_semantics=True,
                        content=ft.Row(pips, key=key, spacing=3, tight=True))


def accl_words(value: int, *, alive: bool = True) -> str:
    """The acclimatization track in words, as a screen reader hears it: "acclimatization 3 of 6"."""
    if not alive:
        return _("dead")
    if value <= MAX_ACCLIMATIZATION:
        # A true minus sign, as the check writes it: a risk penalty can take the marker below 0 before it.
        return _("acclimatization {value} of {most}").format(value=_number(value), most=MAX_ACCLIMATIZATION)
    return _("acclimatization {value}, at most {most} after the check").format(value=value, most=MAX_ACCLIMATIZATION)


def chip(key: str, label: str, selected: bool, on_click: Callable[[], None] | None, *,
         icon: ft.IconData | None = None, colour: str | None = None, disabled: bool = False,
         height: float = 44, spoken: str | None = None, expand: bool = False, compact: bool = False,
         width: float | None = None, fill: bool = False) -> ft.Control:
    """A rounded toggle, filled when selected; at least 44 px high for a thumb. `fill`: the chip is given a
    width (it stands alone in a column): a label longer than that width wraps onto a second line, as one
    given `expand` or `width` does, instead of running off the chip."""
    parts: list[ft.Control] = []
    if selected and icon is None and not compact:
        parts.append(ft.Icon(ft.Icons.CHECK_ROUNDED, size=16, color=ft.Colors.ON_PRIMARY_CONTAINER))
    if icon is not None:
        parts.append(ft.Icon(icon, size=18, color=colour or (
            ft.Colors.ON_PRIMARY_CONTAINER if selected else ft.Colors.ON_SURFACE_VARIANT)))
    elif colour is not None:
        parts.append(ft.Container(width=12, height=12, border_radius=ft.BorderRadius.all(6), bgcolor=colour))
    bounded = expand or width is not None or fill
    parts.append(ft.Text(label, weight=ft.FontWeight.W_600 if selected else ft.FontWeight.W_500,
                         no_wrap=not bounded, max_lines=2 if bounded else None,
                         # A bounded chip lets its label take the room left beside the icon (a loose flex:
                         # no wider than the label needs), so a long word wraps inside the chip.
                         expand=bounded or None, expand_loose=bounded,
                         text_align=ft.TextAlign.CENTER if bounded else None,
                         # Smaller for a long label, or a long word that would break inside it at 360 px
                         # ("Sommerplättche" / "n" beside its icon).
                         size=13 if compact or bounded and (len(label) > 18 or longest_word(label) > 12)
                         else None,
                         color=ft.Colors.ON_PRIMARY_CONTAINER if selected else ft.Colors.ON_SURFACE))
    if compact and selected and icon is not None:
        parts = parts[-2:]
    box = ft.Container(
        key=key,
        height=height,
        width=width,
        expand=1 if expand else None,
        padding=ft.Padding.symmetric(horizontal=10 if compact else 12),
        border_radius=ft.BorderRadius.all(height / 2),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT),
        opacity=0.45 if disabled else 1.0,
        disabled=disabled or on_click is None,
        ink=True,
        on_click=on_click,
        alignment=ft.Alignment.CENTER if expand or width else None,
        # Said by the label, once ("At the table At the table" read the label, then the same words again).
        content=ft.Semantics(exclude_semantics=True, content=ft.Row(
            parts, tight=True, spacing=6, alignment=ft.MainAxisAlignment.CENTER,
            vertical_alignment=ft.CrossAxisAlignment.CENTER)),
    )
    # Merged: the label, the state and the tap are one node.
    semantics = labelled(key, box, label=spoken or label, button=True, selected=selected)
    # In a Row only a direct child can expand, and Semantics cannot: wrap it in a Container that does.
    return ft.Container(content=semantics, expand=1) if expand else semantics


def stepper(key: str, label: str, value: int, low: int, high: int, on_change: Callable[[int], None],
            *, note: str | None = None) -> ft.Control:
    """A number with − and + buttons (48 px), between low and high. A screen reader hears the label with its
    value ("On its acclimatization: 2"), not the number apart after it with nothing to say what. Taps faster
    than the screen is redrawn all count (`use_step`)."""
    return _Stepper(key, label, value, low, high, on_change, note)


@ft.component
def _Stepper(name: str, label: str, value: int, low: int, high: int, on_change: Callable[[int], None],
             note: str | None) -> ft.Control:
    key = name
    step = use_step(value, low, high, on_change)
    return ft.Row(
        spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            ft.Column(expand=True, spacing=0, tight=True, controls=[
                ft.Semantics(label=labelled_value(label, value), exclude_semantics=True,
                             content=ft.Text(label, weight=ft.FontWeight.W_500)),
                *([ft.Text(note, size=12, color=ft.Colors.ON_SURFACE_VARIANT)] if note else []),
            ]),
            labelled(f"{key}-minus", ft.IconButton(
                ft.Icons.REMOVE_ROUNDED, key=f"{key}-minus", disabled=value <= low,
                tooltip=_("{label}: one less").format(label=label), on_click=lambda: step(-1))),
            ft.Semantics(exclude_semantics=True, content=ft.Text(
                str(value), key=key, size=18, weight=ft.FontWeight.W_700, width=28, text_align=ft.TextAlign.CENTER)),
            labelled(f"{key}-plus", ft.IconButton(
                ft.Icons.ADD_ROUNDED, key=f"{key}-plus", disabled=value >= high,
                tooltip=_("{label}: one more").format(label=label), on_click=lambda: step(1))),
        ],
    )


def info_line(icon: ft.IconData, text: str, *, key: str | None = None, colour: str | None = None,
              size: float = 13) -> ft.Control:
    """A small icon and a sentence: facts under a heading."""
    return ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
        ft.Icon(icon, size=16, color=colour or ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(text, key=key, size=size, expand=True, color=colour or ft.Colors.ON_SURFACE_VARIANT),
    ])


_METRES = re.compile(r"(\d) m\b")


def unbroken_metres(text: str) -> str:
    """An altitude's unit kept on the line of its number ("(5000-6000" over "m)" in a narrow card)."""
    return _METRES.sub("\\1\u00a0m", text)


def zone_label(state_or_labels, zone: Zone) -> str:
    """A zone as printed beside the stacking diagrams: '7000-8000 m'."""
    labels = state_or_labels.stacking.labels if isinstance(state_or_labels, State) else state_or_labels
    label = labels.get(zone)
    # i18n: an altitude in metres
    said = tr(zone_words(label)) if label is not None else _("{zone} m").format(zone=zone)
    return unbroken_metres(str(said))


def weather_icon(label: str) -> ft.IconData:
    """The symbol of a weather label: sun, cloud, snow, storm, wind."""
    return {
        "sun": ft.Icons.WB_SUNNY_ROUNDED, "cloud": ft.Icons.CLOUD_ROUNDED, "snow": ft.Icons.AC_UNIT_ROUNDED,
        "storm": ft.Icons.THUNDERSTORM_ROUNDED, "wind": ft.Icons.AIR_ROUNDED,
    }.get(label, ft.Icons.CLOUD_QUEUE_ROUNDED)


def weather_words(weather: Weather | None, labels=None, *, short: bool = False) -> str:
    """A day's weather in words: 'No effect', 'Snow: −2 acclimatization, +1 per space in 7000 m and above'."""
    if weather is None:
        return _("Not entered yet")
    if weather.calm:
        return _("No effect") if short else _("{weather}: no effect").format(weather=weather_label(weather.label))
    effects = []
    if weather.accl:
        effects.append(_("−{accl} acclimatization").format(accl=weather.accl))
    if weather.move:
        effects.append(_("+{move} movement per space").format(move=weather.move))
    where = _zones_words(weather.zones, labels)
    if short:
        return f"{' '.join(effects)} · {where}"
    # i18n: a day's weather: "Snow: −2 acclimatization, +1 movement per space in 7000 m and above"
    return _("{weather}: {effects} in {zones}").format(weather=weather_label(weather.label),
                                                         effects=", ".join(effects), zones=where)


def check_terms(check: ClimberCheck) -> list[tuple[str, int]]:
    """The check's terms as (what, points): the marker before, the space, a tent, the weather."""
    terms = [("before", check.before), ("space", check.space_mod)]
    if check.tent:
        terms.append(("tent", check.tent))
    terms.append(("weather", check.weather))
    return terms


def check_sentence(check: ClimberCheck) -> str:
    """The acclimatization check written out: '4 −2 space +1 tent −1 weather = 2', the cap, the death."""
    # i18n: the acclimatization check written out: the marker before, then the space's modifier ("4 −2 space")
    text = _("{before} {space} space").format(before=_number(check.before), space=signed(check.space_mod))
    if check.tent:
        # i18n: the check written out so far, then a tent's +1 ("4 −2 space +1 tent")
        text = _("{sum} {tent} tent").format(sum=text, tent=signed(check.tent))
    # i18n: the check written out so far, then the weather and the result ("4 −2 space −1 weather = 1")
    text = _("{sum} {weather} weather = {total}").format(sum=text, weather=signed(check.weather),
                                                         total=_number(check.raw))
    if check.raw > MAX_ACCLIMATIZATION:
        text = _("{sum}, capped at {most}").format(sum=text, most=MAX_ACCLIMATIZATION)
    if check.died:
        text = _("{sum}: below 1, dies (scores 1)").format(sum=text)
    return text


def level(value: int) -> str:
    """An acclimatization level, below zero with a real minus sign, as every other figure shows it: "−1"."""
    return f"−{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """+1, −2, ±0 with a real minus sign."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"−{-value}"
    return "±0"


def _number(value: int) -> str:
    """A plain number with a real minus sign (a risk penalty can take the marker below 0 before the check)."""
    return f"−{-value}" if value < 0 else str(value)


def player_colours(store, state: State) -> list[str]:
    """Each seat's roster colour (removed players keep theirs); a grey for seats without a roster player."""
    try:
        roster = {p.id: p.colour for p in store.players.list(include_removed=True)}
    except CompanionError:  # a roster that cannot be read must not stop the game being drawn
        roster = {}
    colours = []
    spare = ["#B23A48", "#1F6F78", "#8D6E00", "#3F51B5", "#6A3FB0"]
    for index, player in enumerate(state.players):
        colours.append(roster.get(player.id or "", spare[index % len(spare)]))
    # Two seats with the same roster colour would be impossible to tell apart on the board.
    seen: Counter[str] = Counter()
    for index, colour in enumerate(colours):
        seen[colour] += 1
        if seen[colour] > 1:
            colours[index] = spare[index % len(spare)]
    return colours


def _zones_words(zones: Sequence[Zone] | frozenset[Zone], labels=None) -> str:
    ordered = sorted(zones)
    if not ordered:
        return _("no zone")
    names = [zone_label(labels if labels is not None else {}, z) for z in ordered]
    if len(ordered) > 1 and ordered[-1] == 8000 and all(b - a == 1000 for a, b in zip(ordered, ordered[1:])):
        return unbroken_metres(_("{zone} m and above").format(zone=ordered[0]))     # as zone_label keeps it
    return ", ".join(names)
