"""Route `/hall-of-fame`: the Trek 12 Hall of Fame, kept forever — per sheet every record written (date, who,
score), the older ones struck out — and the Challenge envelopes used up, with what they held.

Records written by Expeditions follow their Expedition (undo and abandon take them back); lines from the
booklet's own Hall of Fame, and envelopes opened before the app was used, are typed in here and can be
removed again (with undo).
"""

from __future__ import annotations

import re

from datetime import date
import flet as ft

from companion.errors import CompanionError
from companion.games.expedition.challenges import challenge
from companion.games.expedition.data import ENVELOPES, expedition_sheets
from companion.games.expedition.halloffame import Column, Line, OpenedEnvelope
from companion.games.words import number as number_words
from companion.i18n import _, tr
from companion.store import hall_of_fame
from companion.ui.common.services import use_app, use_field_text, use_latest_state
from companion.ui.common.widgets import (
    and_list,
    bind,
    labelled,
    message_card,
    screen_view,
    section_title,
    toggle_pill, sentence)
from companion.ui.expedition.forms import (POINTS_TYPED, above_twice_summit, day_problem, names_problem, parse_points,
                                          points_problem)
from companion.ui.expedition.parts import day_words, high_points_dialog, panel

__all__ = ["HallOfFameScreen", "HALL_ROUTE", "hall_route"]

HALL_ROUTE = "/hall-of-fame"
# The screens that open the Hall of Fame above themselves, so that Back returns to them (shell/app.py's ROUTES).
_ABOVE = (re.compile(r"/games/expedition"), re.compile(r"/play/expedition/[^/]+"), re.compile(r"/history/[^/]+/game"))
_VIOLET = "#7E57C2"


def hall_route(route: str | None) -> str:
    """The Hall of Fame opened from `route`: above a new Expedition, a running or finished one, or a finished
    one opened from History, so Back returns there (with the new Expedition's choices kept); above home
    from anywhere else."""
    here = (route or "").split("?", 1)[0].rstrip("/")
    return f"{here}{HALL_ROUTE}" if any(p.fullmatch(here) for p in _ABOVE) else HALL_ROUTE


@ft.component
def HallOfFameScreen() -> ft.View:
    """Route `/hall-of-fame`: each sheet's records, oldest first with all but the standing one struck out; the
    envelopes used up; forms to copy in the booklet's lines and envelopes opened before."""
    app = use_app()
    adding, set_adding = ft.use_state(None)  # None, "record" or "envelope"
    sheet, set_sheet = ft.use_state(expedition_sheets()[0].key)
    number, set_number, number_now = use_latest_state(None)
    # Typed texts are never state: a redraw must not send a field an older text than it shows (FieldText).
    # One date for both forms: only one of them is open at a time, and opening either empties it.
    names = use_field_text()
    score = use_field_text()
    day = use_field_text()
    note = use_field_text()
    problem, set_problem = ft.use_state(None)
    removed, set_removed = ft.use_state(None)  # (table, document) of the last line removed, for undo
    doubting, set_doubting = ft.use_state(None)  # the holders of a score above twice the Summit, to confirm

    ft.use_dialog(high_points_dialog("hall-high", doubting[0], doubting[1], lambda: add_record(True),
                                     lambda: set_doubting(None)) if doubting else None)

    hall = hall_of_fame.hall(app.store)
    opened = hall_of_fame.envelopes(app.store)

    def open_form(kind: str | None) -> None:
        set_adding(kind)
        set_problem(None)
        for text in (names, score, day, note):
            text.set("")
        set_number(None)

    def add_record(confirmed: bool = False) -> None:
        set_doubting(None)
        holders = [n.strip() for n in names.text.replace("&", ",").split(",") if n.strip()]
        points = parse_points(score.text)
        if not holders:
            set_problem(_("Type who holds the record (several names separated by commas)."))
            return
        if points is None:
            set_problem(_("Type the record's score as a whole number."))
            return
        wrong = names_problem(holders) or points_problem(points) or day_problem(day.text, date.today())
        if wrong is not None:
            set_problem(wrong)
            return
        summit = _summit(sheet)
        if not confirmed and above_twice_summit(points, summit):
            # As the Expedition's scoring asks: a slip ("999") would stand as the record, and strike out the
            # real one, until the line is removed by hand. An earlier refusal is answered: not left under it.
            set_problem(None)
            set_doubting((tuple(holders), summit))
            return
        try:
            hall_of_fame.add_record(app.store, sheet, holders, points, day.text.strip() or None)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        open_form(None)
        set_removed(None)
        app.changed()

    def add_envelope() -> None:
        chosen = number_now.current
        if chosen is None:
            set_problem(_("Choose the envelope's number."))
            return
        wrong = day_problem(day.text, date.today())
        if wrong is not None:
            set_problem(wrong)
            return
        try:
            hall_of_fame.add_envelope(app.store, chosen, note.text, day=day.text.strip() or None)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        open_form(None)
        set_removed(None)
        app.changed()

    def remove(table: str, doc_id: str) -> None:
        try:
            if table == hall_of_fame.HALL_TABLE:
                doc = hall_of_fame.remove_record(app.store, doc_id)
            else:
                doc = hall_of_fame.remove_envelope(app.store, doc_id)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        set_removed((table, doc))
        app.changed()

    def put_back() -> None:
        if removed is None:
            return
        table, doc = removed
        try:
            app.store.table(table).upsert(doc)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        set_removed(None)
        app.changed()

    body: list[ft.Control] = [
        ft.Text(_("The best score ever climbed on each sheet. Beating the record that stood when an Expedition "
                  "began earns a star; the best of those writes the new line and the old one is struck out."),
                size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    if hall.problems:
        body.append(message_card(ft.Icons.WARNING_AMBER_ROUNDED, _("Some lines could not be read"),
                                 " ".join(sentence(p) for p in hall.problems), key="hall-problems", tone="warning"))
    if removed is not None:
        body.append(ft.Container(
            key="hall-removed", border_radius=ft.BorderRadius.all(14), bgcolor=ft.Colors.TERTIARY_CONTAINER,
            padding=ft.Padding.only(left=14, right=6, top=4, bottom=4),
            content=ft.Row(spacing=8, controls=[
                ft.Text(_("Removed."), expand=True, color=ft.Colors.ON_TERTIARY_CONTAINER),
                labelled("hall-undo", ft.TextButton(_("Undo"), key="hall-undo", on_click=put_back)),
            ])))
    for column in hall.columns:
        body.append(_column_card(column, on_remove=remove))

    body.append(section_title(_("Challenge envelopes")))
    body.append(_envelopes_card(opened, on_remove=remove))

    if adding == "record":
        body.append(_record_form(sheet, set_sheet, names, score, day, problem,
                                 on_save=lambda: add_record(), on_cancel=bind(open_form, None)))
    elif adding == "envelope":
        used = {e.number for e in opened}
        body.append(_envelope_form(number, set_number, used, note, day, problem,
                                   on_save=add_envelope, on_cancel=bind(open_form, None)))
    else:
        if problem:
            body.append(message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, _("Not changed"), problem, key="hall-problem",
                                     tone="warning"))
        body.append(ft.Row(wrap=True, alignment=ft.MainAxisAlignment.END, spacing=8, controls=[
            labelled("hall-add-envelope", ft.OutlinedButton(
                # i18n: opens the form for a Challenge envelope opened before the app was used (a verb first)
                _("Add an envelope opened before"), key="hall-add-envelope", icon=ft.Icons.DRAFTS_ROUNDED,
                on_click=bind(open_form, "envelope"))),
            labelled("hall-add-record", ft.FilledTonalButton(
                _("Copy a line from the booklet"), key="hall-add-record", icon=ft.Icons.EDIT_NOTE_ROUNDED,
                on_click=bind(open_form, "record"))),
        ]))
    return screen_view(_("Hall of Fame"), body)


def _column_card(column: Column, *, on_remove) -> ft.Control:
    sheet = column.sheet
    key = f"hall-{sheet.key}"
    rows: list[ft.Control] = []
    for index, line in enumerate(column.lines):
        rows.append(_line_row(f"{key}-{index}", line, on_remove=on_remove))
    if not rows:
        rows.append(ft.Text(_("No record yet: the first Expedition's best score writes it."), key=f"{key}-empty",
                            size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    record = column.record
    return ft.Container(
        key=key,
        border_radius=ft.BorderRadius.all(18),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=14,
        content=ft.Column(tight=True, spacing=6, controls=[
            ft.Row(spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                ft.Container(width=40, height=40, border_radius=ft.BorderRadius.all(12), bgcolor=_VIOLET,
                             alignment=ft.Alignment.CENTER,
                             content=ft.Icon(ft.Icons.TERRAIN_ROUNDED, color=ft.Colors.WHITE, size=24)),
                ft.Column(expand=True, spacing=0, tight=True, controls=[
                    ft.Text(sheet.name, size=17, weight=ft.FontWeight.W_700),
                    ft.Text(_("Summit {summit}+").format(summit=sheet.summit), size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT),
                ]),
                ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END, controls=[
                    ft.Text("—" if record is None else number_words(record.score), key=f"{key}-record", size=24,
                            weight=ft.FontWeight.W_800, color=_VIOLET if record is not None else None),
                    # i18n: under the standing record's score of a sheet
                    ft.Text(_("record"), size=11, color=ft.Colors.ON_SURFACE_VARIANT),
                ]),
            ]),
            ft.Divider(height=6),
            *rows,
        ]),
    )


def _summit(sheet_key: str) -> int | None:
    """The Summit of an Expedition's sheet, by its key."""
    return next((sheet.summit for sheet in expedition_sheets() if sheet.key == sheet_key), None)


def _line_row(key: str, line: Line, *, on_remove) -> ft.Control:
    entry = line.entry
    struck = line.struck
    style = ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH, decoration_thickness=2) if struck else None
    colour = ft.Colors.ON_SURFACE_VARIANT if struck else None
    names = and_list(list(entry.names))
    # i18n: a Hall of Fame line read aloud: its date, who, the score, and whether it still stands
    spoken = (_("{date}, {names}, {score}, struck out") if struck
              else _("{date}, {names}, {score}, the standing record")).format(date=day_words(entry.date), names=names,
                                                                              score=entry.score)
    # The line's words are said by its label alone (said with them, each would be heard twice); the button
    # to remove it, or the flag of an Expedition's line, stays a node of its own beside them.
    controls: list[ft.Control] = [ft.Semantics(label=spoken, exclude_semantics=True, expand=True, content=ft.Row(
        spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Icon(ft.Icons.WORKSPACE_PREMIUM_ROUNDED if not struck else ft.Icons.HISTORY_ROUNDED, size=18,
                    color=_VIOLET if not struck else ft.Colors.OUTLINE),
            # The day under the names: in a column of its own beside them it left a name 88 px at 360, where
            # "Lüdenscheidt" broke inside the word.
            ft.Column(expand=True, spacing=0, tight=True, controls=[
                ft.Text(names, weight=ft.FontWeight.W_600 if not struck else None, color=colour, style=style,
                        key=f"{key}-names"),
                ft.Text(day_words(entry.date), size=12, color=ft.Colors.ON_SURFACE_VARIANT, style=style,
                        key=f"{key}-day"),
            ]),
            ft.Text(number_words(entry.score), width=40, text_align=ft.TextAlign.RIGHT, size=16,
                    weight=ft.FontWeight.W_700 if not struck else None, color=colour, style=style,
                    key=f"{key}-score"),
        ]))]
    if entry.expedition is None:
        controls.append(labelled(f"{key}-remove", ft.IconButton(
            ft.Icons.DELETE_OUTLINE_ROUNDED, key=f"{key}-remove", tooltip=_("Remove this line"), icon_size=20,
            on_click=bind(on_remove, hall_of_fame.HALL_TABLE, entry.id))))
    else:
        controls.append(ft.Container(width=40, alignment=ft.Alignment.CENTER, content=ft.Icon(
            ft.Icons.FLAG_ROUNDED, size=16, color=ft.Colors.OUTLINE, tooltip=_("Written by an Expedition in the app"))))
    return ft.Row(key=key, data="struck" if struck else "record", spacing=8,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=controls)


def _envelopes_card(opened: tuple[OpenedEnvelope, ...], *, on_remove) -> ft.Control:
    by_number: dict[int, list[OpenedEnvelope]] = {}
    for envelope in opened:
        by_number.setdefault(envelope.number, []).append(envelope)
    rows: list[ft.Control] = []
    for number in range(1, ENVELOPES + 1):
        item = challenge(number)
        said = tr(item.text)
        said = said[:1].upper() + said[1:]
        found = by_number.get(number, [])
        key = f"hall-envelope-{number}"
        if not found:
            rows.append(ft.Row(key=key, spacing=10, controls=[
                ft.Icon(ft.Icons.MAIL_ROUNDED, size=20, color=ft.Colors.OUTLINE),
                ft.Column(expand=True, spacing=0, tight=True, controls=[
                    # i18n: an envelope's number, still sealed
                    ft.Text(_("{number} · sealed").format(number=number), weight=ft.FontWeight.W_600),
                    ft.Text(said, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                ]),
            ]))
            continue
        for index, envelope in enumerate(found):
            who = ", ".join(p for p in (envelope.opener, day_words(envelope.date) if envelope.date else None) if p)
            controls: list[ft.Control] = [
                ft.Icon(ft.Icons.DRAFTS_ROUNDED, size=20, color="#00796B"),
                ft.Column(expand=True, spacing=0, tight=True, controls=[
                    # i18n: an envelope's number, opened; {who} is who opened it and the date
                    ft.Text((_("{number} · opened by {who}") if who else _("{number} · opened")).format(
                        number=number, who=who), weight=ft.FontWeight.W_600),
                    ft.Text(said, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                    # i18n: what a player typed, in the language's quotation marks
                    *([ft.Text(_("“{note}”").format(note=envelope.note), size=13, italic=True,
                               key=f"{key}-{index}-note")]
                      if envelope.note else []),
                ]),
            ]
            if envelope.expedition is None:
                controls.append(labelled(f"{key}-{index}-remove", ft.IconButton(
                    ft.Icons.DELETE_OUTLINE_ROUNDED, key=f"{key}-{index}-remove", icon_size=20,
                    tooltip=_("Seal it again (opened by mistake)"),
                    on_click=bind(on_remove, hall_of_fame.ENVELOPE_TABLE, envelope.id))))
            rows.append(ft.Row(key=key if index == 0 else f"{key}-{index}", spacing=10,
                               vertical_alignment=ft.CrossAxisAlignment.START, controls=controls))
    return panel(rows, key="hall-envelopes", padding=14)


def _record_form(sheet: str, set_sheet, names, score, day, problem: str | None, *, on_save,
                 on_cancel) -> ft.Control:
    return panel([
        ft.Text(_("A line from the booklet's Hall of Fame"), size=16, weight=ft.FontWeight.W_700),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            toggle_pill(f"hall-form-sheet-{s.key}", s.name, s.key == sheet, bind(set_sheet, s.key), one_of=True)
            for s in expedition_sheets()
        ]),
        labelled("hall-form-names", names.bind(ft.TextField(
            key="hall-form-names", label=_("Who (several: separate with commas)"),
            max_length=120, counter=""))),      # no running count, said at every keystroke
        ft.Row(spacing=12, controls=[
            ft.Container(expand=1, content=labelled("hall-form-score", score.bind(ft.TextField(
                key="hall-form-score", label=_("Score"), keyboard_type=ft.KeyboardType.NUMBER,
                input_filter=ft.InputFilter(regex_string=POINTS_TYPED, allow=True, replacement_string=""))))),
            ft.Container(expand=2, content=labelled("hall-form-date", day.bind(ft.TextField(
                key="hall-form-date", label=_("Date"), hint_text=date.today().isoformat(),
                # i18n: how to type the date (year-month-day, as the field takes it), and what an empty one means
                helper=_("YYYY-MM-DD; empty: today"))))),
        ]),
        *([ft.Text(problem, key="hall-form-problem", color=ft.Colors.ERROR)] if problem else []),
        ft.Row(alignment=ft.MainAxisAlignment.END, spacing=8, controls=[
            labelled("hall-form-cancel", ft.TextButton(_("Cancel"), key="hall-form-cancel", on_click=on_cancel)),
            labelled("hall-form-save", ft.FilledButton(_("Add the line"), key="hall-form-save",
                                                       icon=ft.Icons.CHECK_ROUNDED, on_click=on_save)),
        ]),
    ], key="hall-form", tone="high")


def _envelope_form(number: int | None, set_number, used: set[int], note, day, problem: str | None, *,
                   on_save, on_cancel) -> ft.Control:
    return panel([
        ft.Text(_("An envelope opened before"), size=16, weight=ft.FontWeight.W_700),
        ft.Text(_("Opened in an Expedition played on paper: it stays used up for every Expedition here."), size=12,
                color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            toggle_pill(f"hall-form-envelope-{n}", str(n), n == number, bind(set_number, n), disabled=n in used,
                        one_of=True)
            for n in range(1, ENVELOPES + 1)
        ]),
        labelled("hall-form-note", note.bind(ft.TextField(
            key="hall-form-note", label=_("What it held"), multiline=True, min_lines=2, max_length=2000))),
        labelled("hall-form-date", day.bind(ft.TextField(
            # i18n: the date's form as the field takes it (year-month-day)
            key="hall-form-date", label=_("Date (optional)"), hint_text=_("YYYY-MM-DD")))),
        *([ft.Text(problem, key="hall-form-problem", color=ft.Colors.ERROR)] if problem else []),
        ft.Row(alignment=ft.MainAxisAlignment.END, spacing=8, controls=[
            labelled("hall-form-cancel", ft.TextButton(_("Cancel"), key="hall-form-cancel", on_click=on_cancel)),
            labelled("hall-form-save", ft.FilledButton(_("Mark it opened"), key="hall-form-save",
                                                       icon=ft.Icons.CHECK_ROUNDED, on_click=on_save)),
        ]),
    ], key="hall-form", tone="high")

