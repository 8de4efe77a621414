"""Trek 12 Expeditions' standings as pictures: the three Ascents, every player's stars by kind, the winner.

Shared by the play screen (Stars panel, the finished Expedition) and the home screen's Resume tile. All
figures come from the engine: `standing` (stars and totals), each `AscentResult` (totals, stars, records),
`winner`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.games.expedition.rules import ASCENTS, AscentResult, Phase, State, ranking, standing, winner
from companion.games.expedition.scoring import CARD_POINTS, Stars, TieBreak
from companion.games.words import number as number_words
from companion.i18n import _, ngettext
from companion.ui.expedition.parts import (
    FALLBACK_COLOUR,
    badge,
    day_words,
    card_words,
    star_icons,
    star_legend,
    stars_count,
    stars_words,
)
from companion.ui.common.widgets import and_list, colour_dot, labelled_value

__all__ = [
    "seat_colours",
    "stars_so_far",
    "ascent_track",
    "standings_card",
    "ascent_card",
    "winner_card",
    "resume_picture",
    "winner_words",
]


def seat_colours(store: Any, state: State) -> list[str]:
    """Each seat's roster colour (removed players keep theirs); Max and unknown players get slate grey."""
    try:
        roster = {p.id: p.colour for p in store.players.list(include_removed=True)}
    except CompanionError:
        roster = {}
    return [roster.get(seat.id or "", FALLBACK_COLOUR) for seat in state.setup.seats]


def stars_so_far(state: State) -> list[Stars]:
    """Each seat's stars over the Ascents scored, by kind (the engine's `standing` gives the same totals)."""
    out = []
    for seat in range(len(state.setup.seats)):
        out.append(Stars(summit=sum(r.stars[seat].summit for r in state.results),
                         race=sum(r.stars[seat].race for r in state.results),
                         record=sum(r.stars[seat].record for r in state.results)))
    return out


def ascent_track(state: State, *, key: str = "exp-track") -> ft.Control:
    """The three Ascents side by side: done (tick), the one being climbed (filled), the ones to come."""
    items: list[ft.Control] = []
    for number, sheet in enumerate(state.setup.sheets, start=1):
        done = number <= len(state.results)
        current = number == state.ascent and not state.over and not done
        colour = ft.Colors.PRIMARY if current else ft.Colors.TERTIARY if done else ft.Colors.OUTLINE
        items.append(ft.Container(
            key=f"{key}-{number}",
            expand=1,
            padding=ft.Padding.symmetric(horizontal=8, vertical=10),
            border_radius=ft.BorderRadius.all(14),
            bgcolor=ft.Colors.PRIMARY_CONTAINER if current else ft.Colors.SURFACE_CONTAINER_LOW,
            border=ft.Border.all(2 if current else 1, colour),
            content=ft.Column(spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                ft.Row(tight=True, spacing=4, alignment=ft.MainAxisAlignment.CENTER, controls=[
                    ft.Icon(ft.Icons.CHECK_CIRCLE_ROUNDED if done else ft.Icons.TERRAIN_ROUNDED, size=16,
                            color=colour),
                    # A loose flex: where "Aufstieg 2" does not fit beside the icon in a third of the phone,
                    # it takes a second line rather than running off the box.
                    ft.Text(_("Ascent {number}").format(number=number), size=11, color=ft.Colors.ON_SURFACE_VARIANT,
                            expand=True, expand_loose=True, text_align=ft.TextAlign.CENTER),
                ]),
                ft.Text(sheet.name, size=15, weight=ft.FontWeight.W_700,
                        color=ft.Colors.ON_PRIMARY_CONTAINER if current else ft.Colors.ON_SURFACE),
                ft.Text(f"{sheet.summit}+", size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            ]),
        ))
    # Said once, in words, the boxes' words after where the Expedition stands ("Ascent 2 of 3, Kagkot; 1 scored:
    # Ascent 1 Dunai 65+, ..."): the boxes themselves are not said again after them.
    boxes = ", ".join(f"{_('Ascent {number}').format(number=number)} {sheet.name} {sheet.summit}+"
                      for number, sheet in enumerate(state.setup.sheets, start=1))
    return ft.Semantics(
        label=labelled_value(_track_words(state), boxes),
        content=ft.Semantics(exclude_semantics=True, content=ft.Row(items, key=key, spacing=8)),
    )


def standings_card(state: State, colours: Sequence[str], *, key: str = "exp-standing") -> ft.Control:
    """The Expedition so far: per player the stars drawn by kind, their count, the points and the Lead Climber."""
    table = standing(state)
    kinds = stars_so_far(state)
    won, _how = winner(state)
    rows: list[ft.Control] = []
    # At the end the players are listed as they finished: by stars, then (the rulebook's tie-break) by total,
    # the winner first; before, in their seats, so that no one's row moves while the Ascents are scored.
    order = ranking(state) if state.over else range(len(state.setup.seats))
    for seat in order:
        info, stars, mark = state.setup.seats[seat], kinds[seat], table[seat]
        tags: list[ft.Control] = []
        if seat == state.lead and not state.over:
            tags.append(badge(_("Lead Climber"), icon=ft.Icons.FLAG_ROUNDED, key=f"{key}-{seat}-lead"))
        if info.is_max:
            # i18n: a tag beside Max (his name is just before it): he is the solo opponent
            tags.append(badge(_("solo opponent"), icon=ft.Icons.SMART_TOY_ROUNDED, key=f"{key}-{seat}-max"))
        elif info.paper:
            # i18n: a tag beside a player whose sheet is played on paper (not in the app)
            tags.append(badge(_("paper"), icon=ft.Icons.EDIT_NOTE_ROUNDED))
        if seat in won:
            tags.append(badge(_("winner") if len(won) == 1 else _("shared win"), icon=ft.Icons.EMOJI_EVENTS_ROUNDED,
                              colour="#B8860B", key=f"{key}-{seat}-winner"))
        # One node to a screen reader: "Ann, Lead Climber, 4 stars (summit 3, race 1), 152 pts"; the count
        # beside the stars is in their words already.
        rows.append(ft.MergeSemantics(content=ft.Container(
            key=f"{key}-{seat}",
            padding=ft.Padding.symmetric(vertical=6),
            content=ft.Row(spacing=12, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
                colour_dot(colours[seat], info.name, size=34),
                ft.Column(expand=True, spacing=3, tight=True, controls=[
                    ft.Row(wrap=True, spacing=6, run_spacing=4,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                               ft.Text(info.name, size=16, weight=ft.FontWeight.W_600), *tags]),
                    star_icons(stars, size=20, key=f"{key}-{seat}-stars"),
                ]),
                ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END, controls=[
                    ft.Semantics(exclude_semantics=True, content=ft.Row(tight=True, spacing=2, controls=[
                        ft.Text(str(mark.stars), key=f"{key}-{seat}-count", size=22, weight=ft.FontWeight.W_700),
                        ft.Icon(ft.Icons.STAR_ROUNDED, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
                    ])),
                    # i18n: points, abbreviated under a player's stars
                    ft.Text(_("{points} pts").format(points=mark.score), key=f"{key}-{seat}-score", size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT),
                ]),
            ]),
        )))
    return ft.Container(
        key=key,
        border_radius=ft.BorderRadius.all(18),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=ft.Padding.only(left=14, right=14, top=8, bottom=10),
        content=ft.Column(tight=True, spacing=0, controls=[*rows, ft.Container(height=4), star_legend()]),
    )


def ascent_card(state: State, result: AscentResult, colours: Sequence[str]) -> ft.Control:
    """One scored Ascent: the stars on offer, each player's total (and the cards cashed in it) and stars,
    the record beaten or first written, and the envelope it opened."""
    sheet = result.sheet
    key = f"exp-ascent-{result.number}"
    before = result.record_before
    if before is None:
        # Said of a scored Ascent, whose best total may have written the first (the line under the players).
        record_line = _("No record before this Ascent")
    elif before.names:
        record_line = _("Record to beat: {score} ({names})").format(score=number_words(before.score),
                                                                      names=", ".join(before.names))
    else:
        record_line = _("Record to beat: {score}").format(score=number_words(before.score))
    rows: list[ft.Control] = []
    for seat, info in enumerate(state.setup.seats):
        cashed = result.cashed[seat]
        points_text = number_words(result.totals[seat])
        # i18n: an Ascent's total explained: "70 on the sheet + 6 for 2 Ropes"
        sub = (_("{points} on the sheet + {bonus} for {cards}").format(
            points=number_words(result.points[seat]), bonus=CARD_POINTS * len(cashed), cards=card_words(cashed))
            if cashed else None)
        # One node to a screen reader: "Ann, 2 stars (summit 1, race 1), 74".
        line = ft.MergeSemantics(content=ft.Row(
            key=f"{key}-{seat}", spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                colour_dot(colours[seat], info.name, size=26),
                # The stars under the name, as the standings have them: beside nine stars and the total a
                # name had 45 px at 360 and broke inside its words ("Anne / gret / Mülle / r-Lüd…").
                ft.Column(expand=True, spacing=2, tight=True, controls=[
                    ft.Text(info.name, weight=ft.FontWeight.W_600),
                    star_icons(result.stars[seat], size=18, key=f"{key}-{seat}-stars"),
                ]),
                ft.Container(width=40, alignment=ft.Alignment.CENTER_RIGHT, content=ft.Text(
                    points_text, key=f"{key}-{seat}-total", size=16, weight=ft.FontWeight.W_700)),
            ]))
        # The cards cashed under the whole row (beside eight stars they were squeezed to a word a line), in
        # line with the name.
        rows.append(ft.Column(spacing=0, tight=True, controls=[line, ft.Container(
            padding=ft.Padding.only(left=36), content=ft.Text(sub, key=f"{key}-{seat}-cashed", size=11,
                                                              color=ft.Colors.ON_SURFACE_VARIANT))])
                    if sub else line)
    footer: list[ft.Control] = []
    if result.record is not None:
        footer.append(_footer_line(ft.Icons.WORKSPACE_PREMIUM_ROUNDED, "#7E57C2",
                                   _("New record {score} by {names}").format(
                                       score=number_words(result.record.score),
                                       names=and_list(list(result.record.names))),
                                   key=f"{key}-record"))
    opened = next((e for e in state.envelopes if e.ascent == result.number), None)
    if opened is not None:
        names = state.setup.names
        if opened.note:
            text = _("Envelope {number} opened by {name}: “{note}”").format(
                number=opened.number, name=names[opened.opener], note=opened.note)
        elif opened.note is None:
            # i18n: an envelope being opened, its note not yet saved
            text = _("Envelope {number}: {name} opens it now").format(
                number=opened.number, name=names[opened.opener])
        else:
            text = _("Envelope {number} opened by {name}").format(number=opened.number, name=names[opened.opener])
        footer.append(_footer_line(ft.Icons.MARK_EMAIL_READ_ROUNDED, "#00796B", text, key=f"{key}-envelope"))
    return ft.Container(
        key=key,
        border_radius=ft.BorderRadius.all(18),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=14,
        content=ft.Column(tight=True, spacing=8, controls=[
            ft.Row(spacing=8, controls=[
                ft.Text(_("Ascent {number} · {sheet}").format(number=result.number, sheet=sheet.name), size=16,
                        weight=ft.FontWeight.W_700, expand=True),
                *([ft.Text(day_words(result.date), key=f"{key}-date", size=12, color=ft.Colors.ON_SURFACE_VARIANT)]
                  if result.date else []),
            ]),
            ft.Text(_("Summit {summit}+").format(summit=sheet.summit), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(record_line, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Divider(height=4),
            *rows,
            *footer,
        ]),
    )


def winner_card(state: State, colours: Sequence[str], *, key: str = "exp-winner") -> ft.Control | None:
    """The winner (or the shared win) once the three Ascents are scored, and how it was decided."""
    won, how = winner(state)
    if not won:
        return None
    names = state.setup.names
    return ft.Container(
        key=key,
        border_radius=ft.BorderRadius.all(20),
        gradient=ft.LinearGradient(begin=ft.Alignment.TOP_LEFT, end=ft.Alignment.BOTTOM_RIGHT,
                                   colors=["#F6C453", "#E8A200"]),
        padding=18,
        content=ft.Row(spacing=14, controls=[
            ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, size=44, color="#5D4300"),
            ft.Column(expand=True, spacing=2, tight=True, controls=[
                ft.Text(winner_words(state), key=f"{key}-names", size=20, weight=ft.FontWeight.W_700,
                        color="#3E2C00"),
                ft.Text(_decided_words(how, won, state), key=f"{key}-how", size=13, color="#3E2C00"),
            ]),
            ft.Row(tight=True, spacing=-6, controls=[colour_dot(colours[s], names[s], size=30) for s in won]),
        ]),
    )


def winner_words(state: State) -> str:
    """'Ann wins the Expedition', 'Ann and Bob share the win', or '' before the end."""
    won, _how = winner(state)
    names = [state.setup.names[s] for s in won]
    if not names:
        return ""
    if len(names) == 1:
        return _("{name} wins the Expedition").format(name=names[0])
    # i18n: {names} is every winner but the last, separated by commas ("Ann, Bo"); {last} the last one
    return _("{names} and {last} share the win").format(names=", ".join(names[:-1]), last=names[-1])


def resume_picture(state: State, colours: Sequence[str], *, key: str) -> ft.Control:
    """The Resume tile's picture: which Ascent, and every player's stars so far drawn as stars."""
    kinds = stars_so_far(state)
    table = standing(state)
    if state.over:
        where = _("All three Ascents scored · save it to History")
    elif state.phase is Phase.ENVELOPE:
        where = _("Ascent {number} scored · an envelope to open").format(number=state.ascent)
    else:
        where = _("Ascent {number} of {total} · {sheet}").format(number=state.ascent, total=ASCENTS,
                                                                 sheet=state.sheet.name)
    groups: list[ft.Control] = []
    for seat, info in enumerate(state.setup.seats):
        # One node a player, "Ann: 2 stars (summit 1, race 1)": in the tile (one merged button) a name as text and
        # the stars as a label were said apart, every name first, then every player's stars.
        groups.append(ft.Semantics(label=labelled_value(info.name, stars_words(kinds[seat])), exclude_semantics=True,
                                   content=ft.Row(key=f"{key}-{seat}", tight=True, spacing=4,
                                                  vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Container(width=10, height=10, border_radius=ft.BorderRadius.all(5), bgcolor=colours[seat]),
            ft.Text(info.name, size=12, weight=ft.FontWeight.W_600),
            star_icons(kinds[seat], size=14, empty="·"),
            ft.Text(str(table[seat].stars), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ])))
    return ft.Column(key=key, spacing=2, tight=True, controls=[
        ft.Text(where, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row(groups, wrap=True, spacing=12, run_spacing=2),
    ])


def _footer_line(icon: ft.IconData, colour: str, text: str, *, key: str) -> ft.Control:
    return ft.Row(key=key, spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
        ft.Icon(icon, size=18, color=colour),
        ft.Text(text, size=13, expand=True),
    ])


def _decided_words(how: TieBreak | None, won: tuple[int, ...], state: State) -> str:
    table = standing(state)
    first = table[won[0]]
    if how is TieBreak.STARS:
        # i18n: {stars} is "4 stars"; {n} the points (English says "points" for every count)
        return ngettext("Most stars: {stars} · {n} points over the three Ascents",
                        "Most stars: {stars} · {n} points over the three Ascents", first.score).format(
            stars=stars_count(first.stars), n=first.score)
    if how is TieBreak.SCORE:
        # i18n: {stars} is a number of stars; {n} the points (English says "points" for every count)
        return ngettext("Stars tied at {stars}; the highest total, {n} points, decides",
                        "Stars tied at {stars}; the highest total, {n} points, decides", first.score).format(
            stars=first.stars, n=first.score)
    # i18n: {stars} is "4 stars"; {n} the points (English says "points" for every count)
    return ngettext("Tied on {stars} and {n} points: the win is shared",
                    "Tied on {stars} and {n} points: the win is shared", first.score).format(
        stars=stars_count(first.stars), n=first.score)


def _track_words(state: State) -> str:
    done = len(state.results)
    if state.over:
        return _("All three Ascents are scored")
    # i18n: {done} is how many Ascents are scored so far
    return ngettext("Ascent {number} of {total}, {sheet}; {done} scored", "Ascent {number} of {total}, {sheet}; "
                    "{done} scored", done).format(number=state.ascent, total=ASCENTS, sheet=state.sheet.name, done=done)
