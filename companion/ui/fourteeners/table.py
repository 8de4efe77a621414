"""How a 14ers table is drawn: each tableau as a Hiker card with its four edges, the forecast, the scores.

A Hiker card shows the Capstones tucked along its top edge, Gear on the left, Training on the right and
Plans along the bottom, as the cards sit under a real Hiker; the attributes come from the engine
(`rules.player_attributes`), never from arithmetic here.
"""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from companion.games.fourteeners.abilities import Attributes, Tucked, describe_ability
from companion.games.fourteeners.catalog import Card
from companion.games.fourteeners.data import CLASSES, Icon, Side, load_data
from companion.games.fourteeners.rules import State, WeatherNow, player_attributes, weather_named
from companion.games.fourteeners.scoring import ScoreBreakdown
from companion.i18n import _, ngettext, tr
from companion.ui.common.widgets import first_capital, labelled_value, longest_word
from companion.ui.fourteeners.forms import roman, side_label
from companion.ui.fourteeners.names import shown_name
from companion.ui.fourteeners.parts import (
    ACCENT, SIDE_COLOURS, SIDE_ICONS, card_said, class_badge, icon_glyphs, points_words, slug, stat_chip,
)

__all__ = ["hiker_card", "attribute_chips", "forecast_strip", "weather_icon", "score_table", "score_details",
           "winner_box"]

_WEATHER_ICONS = {
    "Clear Skies": ft.Icons.WB_SUNNY_ROUNDED,
    "Fog": ft.Icons.FOGGY,
    "Rain": ft.Icons.WATER_DROP_ROUNDED,
    "Mud": ft.Icons.GRAIN_ROUNDED,
    "Blizzard": ft.Icons.AC_UNIT_ROUNDED,
    "Sleet": ft.Icons.THUNDERSTORM_ROUNDED,
    "Heat": ft.Icons.THERMOSTAT_ROUNDED,
    "Snow": ft.Icons.SNOWING,
}


def weather_icon(name: str) -> ft.IconData:
    """The glyph for a Weather by its forecast name (a cloud for any other)."""
    return _WEATHER_ICONS.get(name, ft.Icons.CLOUD_ROUNDED)


def attribute_chips(attrs: Attributes, *, key: str) -> ft.Control:
    """Endurance, Technique and Utility (with any Utility only for some Classes) and the flags, as pills."""
    chips: list[ft.Control] = [
        stat_chip(ft.Icons.HIKING_ROUNDED, _("Endurance {n}").format(n=attrs.endurance), key=f"{key}-endurance",
                  strong=True),
        stat_chip(ft.Icons.TERRAIN_ROUNDED, _("Technique {n}").format(n=attrs.technique), key=f"{key}-technique",
                  strong=True),
        stat_chip(ft.Icons.BACKPACK_ROUNDED, _("Utility {n}").format(n=attrs.utility), key=f"{key}-utility",
                  strong=True),
    ]
    for klass in CLASSES:
        extra = attrs.class_utility[klass - 1]
        if extra:
            chips.append(stat_chip(ft.Icons.BACKPACK_ROUNDED,
                                   _("{extra:+d} Utility for Class {numeral}").format(extra=extra,
                                                                                      numeral=roman(klass)),
                                   key=f"{key}-utility-{klass}", colour=SIDE_COLOURS[Side.GEAR]))
    if attrs.meets_hazard:
        chips.append(stat_chip(ft.Icons.WARNING_AMBER_ROUNDED, _("Meets Hazards"), key=f"{key}-hazard",
                               colour="#C53030"))
    if attrs.ignores_weather:
        chips.append(stat_chip(ft.Icons.UMBRELLA_ROUNDED, _("Ignores Weather"), key=f"{key}-weather",
                               colour="#2B6CB0"))
    return ft.Row(chips, wrap=True, spacing=6, run_spacing=6, key=key)


def hiker_card(state: State, index: int, *, key: str, current: bool = False) -> ft.Control:
    """One player's tableau drawn as a Hiker card: tucked Climbs on its four edges, Guides under it."""
    player = state.players[index]
    attrs = player_attributes(state, index)
    tucked = {side: [t for t in player.tucked if t.side is side] for side in Side}
    hikers = load_data().hikers
    card = hikers.cards[hikers.group_of(player.hiker)]
    facts = [_("Hiker {letter}").format(letter=player.hiker),
             _("takes the rightmost Climb") if player.gerry else
             _("Advanced side") if player.hiker == card.advanced else _("Basic side")]
    if player.hiker in hikers.no_capstones:
        facts.append(_("never tucks Capstones"))
    subtitle = " · ".join(facts)
    header = ft.Row(spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        ft.Container(
            width=44, height=44, border_radius=ft.BorderRadius.all(10),
            bgcolor="#5A6B7B" if player.gerry else ACCENT, alignment=ft.Alignment.CENTER,
            # The words beside it say "Hiker A": the drawn letter, here and in the middle, is not said again.
            content=ft.Semantics(exclude_semantics=True, content=ft.Text(
                player.hiker, size=22, weight=ft.FontWeight.W_700, color=ft.Colors.WHITE))),
        ft.Column(spacing=0, tight=True, expand=True, controls=[
            ft.Text(player.name, size=17, weight=ft.FontWeight.W_700, key=f"{key}-name"),
            ft.Text(subtitle, size=12, color=ft.Colors.ON_SURFACE_VARIANT)]),
        *([ft.Container(padding=ft.Padding.symmetric(horizontal=8, vertical=2), border_radius=ft.BorderRadius.all(8),
                        bgcolor=ft.Colors.PRIMARY,
                        # i18n: a badge on the tableau of the player whose turn it is
                        content=ft.Text(_("To play"), size=11, weight=ft.FontWeight.W_600,
                                        color=ft.Colors.ON_PRIMARY))] if current else []),
    ])
    middle = ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
        _edge(Side.GEAR, tucked[Side.GEAR], key, expand=True),
        ft.Container(
            width=58, height=112, border_radius=ft.BorderRadius.all(12),
            gradient=ft.LinearGradient(begin=ft.Alignment.TOP_CENTER, end=ft.Alignment.BOTTOM_CENTER,
                                       colors=["#C5CAE9", "#7986CB"] if not player.gerry else ["#CFD8DC", "#78909C"]),
            alignment=ft.Alignment.CENTER,
            content=ft.Semantics(exclude_semantics=True, content=ft.Column(
                spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                    ft.Icon(ft.Icons.SMART_TOY_ROUNDED if player.gerry else ft.Icons.HIKING_ROUNDED, size=26,
                            color=ft.Colors.WHITE),
                    ft.Text(player.hiker, size=26, weight=ft.FontWeight.W_800, color=ft.Colors.WHITE)])),
        ),
        _edge(Side.TRAINING, tucked[Side.TRAINING], key, expand=True),
    ])
    body: list[ft.Control] = [
        header,
        attribute_chips(attrs, key=f"{key}-attrs"),
        _edge(Side.CAPSTONE, tucked[Side.CAPSTONE], key, horizontal=True),
        middle,
        _edge(Side.PLANS, tucked[Side.PLANS], key, horizontal=True),
    ]
    if player.guides or not player.gerry:
        body.append(_guides(player.guides, key))
    return ft.Container(
        key=key,
        border_radius=ft.BorderRadius.all(20),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(2, ft.Colors.PRIMARY if current else ft.Colors.OUTLINE_VARIANT),
        padding=12,
        content=ft.Column(body, spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
    )


def _edge(side: Side, cards: Sequence[Tucked], key: str, *, horizontal: bool = False,
          expand: bool = False) -> ft.Control:
    """One edge of the Hiker card: its side's name and count, and the Climbs tucked there."""
    colour = SIDE_COLOURS[side]
    items: list[ft.Control] = [_tucked(t, f"{key}-{side.value}-{slug(t.card.name)}") for t in cards]
    if not items:
        items = [ft.Text(_("Nothing tucked"), size=11, italic=True, color=ft.Colors.ON_SURFACE_VARIANT)]
    name = side_label(side).upper()
    # A long name in capitals ("ENTRAÎNEMENT") is wider than a column beside the Hiker on a 360 px phone: it broke
    # inside the word. In a language with such a name both columns' headings are drawn a size smaller, without
    # their icons (the box's colour and its name say the side), so that the two stay alike.
    long_name = side in _COLUMNS and any(longest_word(side_label(other).upper()) >= 10 for other in _COLUMNS)
    title = ft.Row(spacing=4, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        *([] if long_name else [ft.Icon(SIDE_ICONS[side], size=14, color=colour)]),
        # A loose flex: a long side name ("ENTRAÎNEMENT") wraps inside the edge rather than running off it, its
        # count kept with the dot before it (at 390 px the 0 of "ENTRAÎNEMENT · 0" stood on a line alone).
        # In the theme's text colour: the side's own colour, on its tint, was under 4.5:1 in one theme or the other.
        ft.Text(f"{name} ·\u00a0{len(cards)}", size=10 if long_name else 11, weight=ft.FontWeight.W_700,
                color=ft.Colors.ON_SURFACE,
                key=f"{key}-{side.value}-count", expand=True, expand_loose=True)])
    content = (ft.Row(items, wrap=True, spacing=6, run_spacing=6) if horizontal
               else ft.Column(items, spacing=6, tight=True))
    # A node of its own, its words kept together: the Gear and Training edges lie side by side, and read by their
    # place on screen Gear's "Nothing tucked" came before Gear's own name.
    return ft.Semantics(container=True, expand=expand, content=ft.Container(
        key=f"{key}-{side.value}",
        expand=expand,
        border_radius=ft.BorderRadius.all(12),
        bgcolor=ft.Colors.with_opacity(0.07, colour),
        border=ft.Border.all(1, ft.Colors.with_opacity(0.35, colour)),
        padding=8,
        content=ft.Column([title, content], spacing=6, tight=True),
    ))


_COLUMNS = (Side.GEAR, Side.TRAINING)      # the sides drawn as columns beside the Hiker


def _tucked(tucked: Tucked, key: str) -> ft.Control:
    """A tucked Climb: its corner (Class and icons, which every ability counts) and the side's ability."""
    ability = tucked.ability
    words = (points_words(tucked.counted.text) if tucked.counted is not None else points_words(describe_ability(ability))
             if ability is not None else _("side not described yet"))
    glyphs = icon_glyphs(tucked.card.icons, size=13)
    # One node, said in the order a sighted player reads the tile: Capstones lie side by side in a row, and left
    # to the drawn nodes the names of the row were said before their points.
    return ft.Semantics(label=", ".join(card_said(tucked.card, words)), exclude_semantics=True, content=ft.Container(
        key=key,
        padding=ft.Padding.symmetric(horizontal=8, vertical=6),
        border_radius=ft.BorderRadius.all(8),
        bgcolor=ft.Colors.SURFACE,
        border=ft.Border.only(left=ft.BorderSide(3, SIDE_COLOURS[tucked.side])),
        content=ft.Column(spacing=2, tight=True, controls=[
            ft.Row(spacing=4, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                class_badge(tucked.card.klass, size=11),
                ft.Text(tucked.card.name, size=12, weight=ft.FontWeight.W_600, max_lines=2,
                        overflow=ft.TextOverflow.ELLIPSIS, expand=True, expand_loose=True),
                *(glyphs if len(glyphs) < 2 else [])]),
            # Two icons beside the name left it a letter or two in a narrow column ("Pe" / "a…" at 360 px): they
            # go under it.
            *([ft.Row(glyphs, spacing=4, tight=True)] if len(glyphs) >= 2 else []),
            ft.Text(words, size=11, color=ft.Colors.ERROR if ability is None else ft.Colors.ON_SURFACE_VARIANT),
        ]),
    ))


def _guides(guides: Sequence[Card], key: str) -> ft.Control:
    """The Guides hired: discarded Climbs beside the Hiker, each with a Photo worth a point at the end."""
    photos = sum(1 for card in guides if Icon.PHOTO in card.icons)
    chips: list[ft.Control] = []
    for card in guides:
        chips.append(ft.Semantics(label=", ".join(card_said(card)), exclude_semantics=True, content=ft.Container(
            key=f"{key}-guide-{slug(card.name)}",
            padding=ft.Padding.symmetric(horizontal=8, vertical=4), border_radius=ft.BorderRadius.all(8),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            content=ft.Row(spacing=4, tight=True, controls=[
                class_badge(card.klass, size=11), ft.Text(card.name, size=12), *icon_glyphs(card.icons, size=13)]))))
    if not chips:
        # i18n: no Guide is hired yet
        chips = [ft.Text(_("None hired"), size=11, italic=True, color=ft.Colors.ON_SURFACE_VARIANT)]
    # A no-break space before each count, as on the sides' headings ("GUIDES · 0" could leave the 0 alone).
    title = " ·\u00a0".join([_("Guides").upper(), str(len(guides))]
                       + ([ngettext("{n} with a Photo", "{n} with a Photo", photos).format(n=photos)]
                          if photos else []))
    return ft.Column(spacing=6, tight=True, controls=[
        ft.Row(spacing=4, controls=[ft.Icon(ft.Icons.SUPPORT_ROUNDED, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
                                    ft.Text(title, size=11, weight=ft.FontWeight.W_700,
                                            color=ft.Colors.ON_SURFACE_VARIANT, key=f"{key}-guides-count")]),
        ft.Row(chips, wrap=True, spacing=6, run_spacing=6)])


def forecast_strip(state: State, weather: WeatherNow) -> ft.Control:
    """The July and August forecast as nine cells, the current round marked, and this round's effect."""
    forecasts = load_data().forecasts
    cells: list[ft.Control] = []
    for forecast in forecasts.forecasts:
        for number, name in forecast.rounds:
            now = number == state.round
            past = number < state.round
            cells.append(ft.Container(
                key=f"ft-forecast-{number}",
                expand=True, height=48, border_radius=ft.BorderRadius.all(8),
                bgcolor=ft.Colors.PRIMARY if now else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                opacity=0.45 if past else 1.0,
                # Which round is now, and which are played, said as the colours show them.
                # i18n: the round of the Weather forecast being played
                tooltip=(_("Round {number} (now): {weather}") if now else
                         # i18n: a round of the Weather forecast already played
                         _("Round {number} (played): {weather}") if past else
                         _("Round {number}: {weather}")).format(number=number, weather=tr(name)),
                alignment=ft.Alignment.CENTER,
                # The tooltip says the round and its Weather: the drawn number is not said again after it.
                content=ft.Semantics(exclude_semantics=True, content=ft.Column(
                    spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                        ft.Text(str(number), size=10,
                                color=ft.Colors.ON_PRIMARY if now else ft.Colors.ON_SURFACE_VARIANT),
                        ft.Icon(weather_icon(name), size=18,
                                color=ft.Colors.ON_PRIMARY if now else ft.Colors.ON_SURFACE_VARIANT)])),
            ))
    upcoming = ""
    if state.round < load_data().deck.rounds:
        upcoming_name = forecasts.weather(state.round + 1)
        # i18n: the next round's Weather and what it does; the effect may end in brackets of its own ("+1
        # Technique (Class III or IV only)"), so it is not put in brackets here
        upcoming = _("Next round: {weather} – {effect}.").format(
            weather=tr(upcoming_name), effect=tr(weather_named(state.setup.catalog, upcoming_name).text))
    return ft.Column(spacing=6, tight=True, controls=[
        ft.Row(cells, spacing=3),
        ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
            ft.Icon(weather_icon(weather.name), color=ft.Colors.PRIMARY),
            ft.Column(spacing=0, tight=True, expand=True, controls=[
                # A month's name starts the line: Polish writes "lipiec" in small letters within a sentence.
                ft.Text(_("{title}: {text}").format(
                    title=f"{first_capital(tr(weather.forecast))} · {tr(weather.name)}", text=tr(weather.text)),
                    key="ft-weather-now",
                        size=13,
                        weight=ft.FontWeight.W_600),
                *([ft.Text(upcoming, key="ft-weather-next", size=12, color=ft.Colors.ON_SURFACE_VARIANT)]
                  if upcoming else [])])]),
    ])


_GAP = 10   # between the score table's columns: a name ending at one column's right edge stays apart from the next


# What a 360 px phone leaves the players' columns of the score table, gaps included, beside the parts' names.
_NAMES_ROOM = 213


_SMALLEST_NAME = 10     # below this a name over its column is too small to read


def _name_size(result: ScoreBreakdown) -> int:
    """The size that fits the longest word of every name over its column on a 360 px phone: 14, or smaller (three
    players leave each about 60 px, and "Agnieszka" was broken as "Agnieszk" / "a"); below `_SMALLEST_NAME`
    when even that size is too wide (`score_table` then lists the players one under another)."""
    count = len(result.players)
    column = (_NAMES_ROOM - _GAP * count) / max(count, 1)
    longest = max((longest_word(p.name) for p in result.players), default=1)
    return min(14, int(column / (max(longest, 1) * 0.56)))


def score_table(result: ScoreBreakdown) -> ft.Control:
    """The end score, part by part (Accolade, Plans, Capstones, Guides with a Photo, total), a column a player
    (one under another where the names do not fit their columns)."""
    # Solo against Gerry is played without an Accolade ('Solo play'): no row of zeros for it.
    rows = ([(_("Accolade"), "accolade")] if result.accolade is not None else []) + [
        (_("Plans"), "plans"), (_("Capstones"), "capstones"), (_("Guides with a Photo"), "photos"),
        (_("Total"), "total")]

    def cell(text: str, *, key: str, strong: bool, expand: bool) -> ft.Control:
        return ft.Container(expand=expand, alignment=ft.Alignment.CENTER_RIGHT, content=ft.Text(
            text, key=key, size=15 if strong else 14, weight=ft.FontWeight.W_700 if strong else ft.FontWeight.W_500,
            max_lines=1, overflow=ft.TextOverflow.ELLIPSIS))

    # To a screen reader each number says whose it is and what it counts ("Ann, Plans: 2"): read one after
    # another, the bare numbers of a table said nothing of either. The names above and the parts beside are
    # said by those words.
    def number(p, i: int, label: str, field: str, expand: bool = True) -> ft.Control:
        return ft.Semantics(
            # i18n: one number of the end score table read aloud: "Ann, Plans: 2"
            label=_("{name}, {part}: {points}").format(name=p.name, part=label, points=getattr(p, field)),
            exclude_semantics=True, expand=expand,
            content=cell(str(getattr(p, field)), key=f"ft-score-{i}-{field}", strong=field == "total", expand=expand))

    # A long name wraps onto up to three lines rather than being cut short: cut, "Cem-Max…" beside "Bernd"
    # told neither whose column was whose.
    name_size = _name_size(result)
    if name_size < _SMALLEST_NAME:
        # Four players' columns leave about 43 px a name on a phone: "Dominique-Alexandre" and even "Alexandre"
        # broke inside the word ("Dominiq / ue- / Alexan…"). Listed one under another, each name has the row.
        return _score_list(result, rows, number)
    lines: list[ft.Control] = [ft.Semantics(exclude_semantics=True, content=ft.Row(
        spacing=_GAP, vertical_alignment=ft.CrossAxisAlignment.END, controls=[
            ft.Container(width=86),
            *[ft.Container(expand=True, alignment=ft.Alignment.BOTTOM_RIGHT, content=ft.Text(
                p.name, key=f"ft-score-name-{i}", size=name_size, weight=ft.FontWeight.W_700, text_align=ft.TextAlign.RIGHT,
                color=ft.Colors.PRIMARY if p.name in result.winners else None, max_lines=3,
                overflow=ft.TextOverflow.ELLIPSIS)) for i, p in enumerate(result.players)]]))]
    for label, field in rows:
        total = field == "total"
        lines.append(ft.Divider(height=1) if total else ft.Container(height=0))
        lines.append(ft.Row(spacing=_GAP, controls=[
            ft.Container(width=86, content=ft.Semantics(exclude_semantics=True, content=ft.Text(
                label, size=13, weight=ft.FontWeight.W_600 if total else None, color=ft.Colors.ON_SURFACE_VARIANT))),
            *[number(p, i, label, field) for i, p in enumerate(result.players)]]))
    return ft.Container(
        key="ft-score-table", border_radius=ft.BorderRadius.all(16), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), padding=14,
        content=ft.Column(lines, spacing=6, tight=True))


def _score_list(result: ScoreBreakdown, rows: list[tuple[str, str]], number) -> ft.Control:
    """The end score with each player on lines of their own: the name and the total, then each part with its
    points (said as in the table: "Ann, Plans: 2")."""
    lines: list[ft.Control] = []
    for i, p in enumerate(result.players):
        if i:
            lines.append(ft.Divider(height=1))
        parts = [ft.Row(tight=True, spacing=6, controls=[
            _unsaid(ft.Text(label, size=13, color=ft.Colors.ON_SURFACE_VARIANT)),
            number(p, i, label, field, expand=False)])
            for label, field in rows if field != "total"]
        [(total_label, _total)] = [row for row in rows if row[1] == "total"]
        lines.append(ft.Row(spacing=_GAP, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
            ft.Semantics(exclude_semantics=True, expand=True, content=ft.Text(
                p.name, key=f"ft-score-name-{i}", size=15, weight=ft.FontWeight.W_700,
                color=ft.Colors.PRIMARY if p.name in result.winners else None)),
            ft.Row(tight=True, spacing=6, controls=[
                _unsaid(ft.Text(total_label, size=13, color=ft.Colors.ON_SURFACE_VARIANT)),
                number(p, i, total_label, "total", expand=False)])]))
        lines.append(ft.Row(wrap=True, spacing=14, run_spacing=2, controls=parts))
    return ft.Container(
        key="ft-score-table", border_radius=ft.BorderRadius.all(16), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), padding=14,
        content=ft.Column(lines, spacing=6, tight=True))


def _unsaid(words: ft.Control) -> ft.Control:
    """Words a screen reader does not hear: the number beside them says them already ("Ann, Plans: 2")."""
    return ft.Semantics(exclude_semantics=True, content=words)


def winner_box(text: str, *, trophy: bool) -> ft.Control:
    """Who won, in words, with a trophy beside them; a mountain instead where `trophy` is False (a solo game
    Gerry won or tied: the trophy said the opposite of the words)."""
    return ft.Container(
        key="ft-winner-box", border_radius=ft.BorderRadius.all(16), padding=16,
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
        content=ft.Row(spacing=12, controls=[
            ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED if trophy else ft.Icons.LANDSCAPE_ROUNDED, key="ft-winner-icon",
                    size=32, color="#B7791F" if trophy else ft.Colors.ON_PRIMARY_CONTAINER),
            ft.Text(text, key="ft-winner", size=17, weight=ft.FontWeight.W_600, expand=True,
                    color=ft.Colors.ON_PRIMARY_CONTAINER)]))


def _points_row(icon: ft.Control, words: str, points: int, key: str, *, text: str | None = None,
               counted: bool = False) -> ft.Control:
    """One line of what scored: its icon, what it is (with `text`, how it scores), its points in a column of
    their own. Said as one line, its points once: a Capstone's text is its points already ("Peak 2-5
    (Capstones): 6 points"), and so is a Plan's `counted` by hand ("3 points, as counted by the players"); a
    Plan's says how it counts ("1 point per Climb tucked as Gear"), and what it scored follows; the bare
    number in its column is not said after them."""
    scored = ngettext("{n} point", "{n} points", points).format(n=points)
    # "counted by hand", unless the words say so already ("3 points, as counted by the players")
    marked = None if counted else getattr(icon, "semantics_label", None)
    said = [words, *([marked] if marked else []), *([] if counted or text == scored else [scored])]
    return ft.Semantics(label=", ".join(said), exclude_semantics=True, content=ft.Row(
        spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
            icon, ft.Text(words, size=12, expand=True),
            ft.Text(str(points), size=13, weight=ft.FontWeight.W_600, key=key)]))


def score_details(result: ScoreBreakdown) -> list[ft.Control]:
    """What scored, line by line, for each player (every points ability on the tableau)."""
    blocks: list[ft.Control] = []
    names = tuple(p.name for p in result.players)      # a card named after its player, in this language
    for index, player in enumerate(result.players):
        # Gerry's name already says whose tableau it is; his Hiker is shown on his tableau.
        items: list[ft.Control] = [ft.Text(player.name, size=14, weight=ft.FontWeight.W_600,
                                           key=f"ft-lines-{index}-name")]
        for number, line in enumerate(player.lines):
            # i18n: points from the ability printed on the player's Hiker card, not from a tucked side
            side = side_label(line.side) if line.side is not None else _("Hiker")
            items.append(_points_row(
                ft.Icon(ft.Icons.PAN_TOOL_ROUNDED if line.by_hand else
                        SIDE_ICONS[line.side] if line.side is not None else ft.Icons.PERSON_ROUNDED, size=16,
                        semantics_label=_("counted by hand") if line.by_hand else None,
                        color=SIDE_COLOURS[line.side] if line.side is not None else ft.Colors.ON_SURFACE_VARIANT),
                labelled_value(_("{card} ({side})").format(card=shown_name(tr(line.source), names), side=side),
                               points_words(line.text)),
                line.points, f"ft-line-{index}-{number}", text=points_words(line.text), counted=line.by_hand))
        # The Accolade and the Guides' Photos score beside the lines, their points in the same column.
        if result.accolade is not None and player.accolade:
            items.append(_points_row(ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, size=16, color="#B7791F"),
                                     _("Accolade"), player.accolade, f"ft-line-{index}-accolade"))
        if player.photos:
            camera = ft.Icon(ft.Icons.PHOTO_CAMERA_ROUNDED, size=16, color=ft.Colors.ON_SURFACE_VARIANT)
            # i18n: the points for the hired Guides whose card shows a Photo, one line of the end score
            items.append(_points_row(camera, _("Guides with a Photo"), player.photos, f"ft-line-{index}-photos"))
        if len(items) == 1:
            items.append(ft.Text(_("Nothing scored."), size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        blocks.append(ft.Container(padding=ft.Padding.only(left=4, top=4), content=ft.Column(items, spacing=4,
                                                                                            tight=True)))
    return blocks
