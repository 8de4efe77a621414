"""Route `/games/expedition`: a new Expedition — its players clockwise (on this device or on paper, or Max in
solo), the Lead Climber, how the Assist cards are handled, and the deck's make-up.

The setup document comes from `companion.store.hall_of_fame.expedition_setup`, which adds the Hall of Fame records
and the envelopes used up as they stand now; the engine checks it when the session keeper starts it.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.games.expedition import session as engine
from companion.games.expedition.data import DECK_SETTING, default_deck, expedition_sheets, parse_deck
from companion.games.expedition.rules import NAME_MAX
from companion.games.trek12.rules import Assist
from companion.games.trek12.solo import MAX_NAME, takes_max_name
from companion.i18n import N_, _, msg, ngettext
from companion.store import hall_of_fame
from companion.ui.expedition.hall import HALL_ROUTE, hall_route
from companion.ui.expedition.parts import card_chip, card_name, panel, stepper
from companion.ui.common.routing import left_the_roster, start_game
from companion.ui.common.services import use_app, use_latest_state
from companion.ui.common.widgets import (
    and_list,
    bind,
    choice_tile,
    labelled,
    labelled_value,
    message_card,
    roster_needed,
    screen_view,
    section_title,
    toggle_pill, sentence)

__all__ = ["ExpeditionNewGame", "HALL_ROUTE", "CARD_MODES", "saved_deck", "DeckEditor"]

GAME = engine.GAME_ID

# How the Assist cards are handled: (setup value, title, one line of help); the words are marked for the
# catalogs and translated where they are shown.
CARD_MODES = (
    ("drawn", N_("The app draws them"), N_("A shuffled deck of 16 in the app: just tap Draw at each Ascent.")),
    ("typed", N_("From the real deck"), N_("Turn the cards over at the table and tap in what came up.")),
    ("off", N_("Not tracked"), N_("Keep the cards on the table; type each score with its cards cashed.")),
)


def saved_deck(store: Any) -> tuple[dict[str, int], bool]:
    """The deck make-up new Expeditions use (the saved setting, else the default) and whether it is the default."""
    raw = store.settings.get(DECK_SETTING)
    if raw is not None:
        try:
            return parse_deck(raw, f"the setting {DECK_SETTING!r}").to_dict(), False
        except CompanionError:
            pass  # an unreadable setting: offer the default, and saving from the editor replaces it
    return default_deck().to_dict(), True


def expedition_title(solo: bool, day: date) -> str:
    """The title on home's Resume list: every Expedition climbs the same three sheets, so the day it set off
    tells two of them apart (the players are listed beside it). Kept with the game in English, with its
    words (a Message) so home says it in the player's language."""
    if solo:
        return msg("Solo Expedition against Max, set off {day}", day=day)
    return msg("Expedition, set off {day}", day=day)


@ft.component
def ExpeditionNewGame() -> ft.View:
    """Route `/games/expedition`: who climbs (clockwise), on this device or on paper, Max, the Lead Climber and
    the cards; then start."""
    app = use_app()
    seats, set_seats, seats_now = use_latest_state(())
    paper, set_paper, paper_now = use_latest_state({})
    solo, set_solo = ft.use_state(False)
    lead, set_lead = ft.use_state(None)
    cards, set_cards = ft.use_state("typed")
    editing, set_editing = ft.use_state(False)
    problem, set_problem = ft.use_state(None)

    players = app.store.players.list()
    by_id = {p.id: p for p in players}
    chosen = [by_id[pid] for pid in seats if pid in by_id]
    solo_on = solo and len(chosen) == 1
    first = lead if lead in [p.id for p in chosen] else (chosen[0].id if chosen else None)
    hall = hall_of_fame.hall(app.store)
    opened = hall_of_fame.envelopes(app.store)

    def toggle_seat(player_id: str) -> None:
        set_problem(None)
        current = seats_now.current
        set_seats(tuple(p for p in current if p != player_id) if player_id in current else current + (player_id,))

    def set_where(player_id: str, on_paper: bool) -> None:
        set_paper({**paper_now.current, player_id: on_paper})

    def start() -> None:
        kept, gone = left_the_roster(app, seats_now.current)
        if gone:
            set_seats(kept)
            set_problem(gone)
            return
        people = [by_id[pid] for pid in seats_now.current if pid in by_id]
        if not people:
            set_problem(_("Choose who climbs first."))
            return
        with_max = solo and len(people) == 1
        if with_max and takes_max_name(people[0].name):
            set_problem(_("In a solo Expedition the name {name} is taken by Max; rename the player first.").format(
                name=MAX_NAME))
            return
        entries = [{"id": p.id, "name": p.name[:NAME_MAX], "paper": bool(paper_now.current.get(p.id, False))}
                   for p in people]
        leader = first if first in [p.id for p in people] else people[0].id
        start_game(app, GAME, lambda: (
            hall_of_fame.expedition_setup(app.store, entries, solo=with_max, lead=by_id[leader].name, cards=cards),
            [p.id for p in people], expedition_title(with_max, date.today())), set_problem, words=sentence)

    if not players:
        return screen_view(_("New Expedition"), roster_needed(
            "exp", _("An Expedition keeps every player's stars over three Ascents. Add the climbers to the "
                     "roster first.")))

    body: list[ft.Control] = [
        # The rulebook's order is by the Summit's score ("from the easiest to the hardest"): "the lowest summit"
        # read as the mountain's height.
        ft.Text(_("Three Ascents, from the easiest to the hardest: {ascents}. Stars for the summit, the race and "
                  "records; the most stars wins.").format(ascents=", ".join(
                      # i18n: an Ascent and its Summit score in the Expedition's order: "Dunai (65+)"
                      _("{sheet} ({summit}+)").format(sheet=sheet.name, summit=sheet.summit)
                      for sheet in expedition_sheets())),
                key="exp-new-intro", size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        section_title(_("Climbers · {n}").format(n=len(chosen))),
        ft.Text(_("Tap them clockwise around the table."), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            toggle_pill(f"exp-new-seat-{p.id}", p.name, p.id in seats, bind(toggle_seat, p.id), colour=p.colour,
                        # i18n: a player's place at the table, counted clockwise
                        sub=_("seat {n}").format(n=seats.index(p.id) + 1) if p.id in seats and len(seats) > 1
                        else None)
            for p in players
        ]),
    ]
    if chosen:
        body.append(section_title(_("Where each sheet is played")))
        for person in chosen:
            on_paper = bool(paper.get(person.id, False))
            # The name on a line of its own and the two choices under it: beside a name, a phone had room
            # for only part of it, and the choices broke onto lines of their own anyway.
            body.append(ft.Column(key=f"exp-new-where-{person.id}", spacing=6, tight=True, controls=[
                ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                    ft.Container(width=14, height=14, border_radius=ft.BorderRadius.all(7), bgcolor=person.colour),
                    ft.Text(person.name, weight=ft.FontWeight.W_600, expand=True, max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS),
                ]),
                ft.Row(spacing=8, wrap=True, run_spacing=6, controls=[
                    # Said with the player's name: every player has the same two choices.
                    toggle_pill(f"exp-new-app-{person.id}", _("This device"), not on_paper,
                                bind(set_where, person.id, False), icon=ft.Icons.PHONE_ANDROID_ROUNDED,
                                said=labelled_value(person.name, _("This device")), one_of=True),
                    # i18n: the player's sheet is played on paper (not in the app)
                    toggle_pill(f"exp-new-paper-{person.id}", _("Paper"), on_paper,
                                bind(set_where, person.id, True), icon=ft.Icons.EDIT_NOTE_ROUNDED,
                                said=labelled_value(person.name, _("Paper")), one_of=True),
                ]),
            ]))
        body.append(ft.Text(_("A sheet on this device is played on the Trek 12 screen and its score comes back by "
                              "itself; a paper sheet's score is typed in."), size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    # i18n: a heading: how the Expedition is played (with others, or solo against Max)
    body.append(section_title(_("Mode")))
    body.append(toggle_pill("exp-new-solo", _("Solo Expedition against Max"), solo_on, bind(set_solo, not solo),
                            icon=ft.Icons.SMART_TOY_ROUNDED, disabled=len(chosen) > 1,
                            sub=_("One climber against Max") if len(chosen) <= 1 else _("Only with one climber")))
    if len(chosen) > 1:
        body.append(section_title(_("Lead Climber · the oldest player")))
        body.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            toggle_pill(f"exp-new-lead-{p.id}", p.name, p.id == first, bind(set_lead, p.id), colour=p.colour,
                        # i18n: said by a screen reader for the toggle making a player Lead Climber ("Ann as Lead
                        # Climber")
                        said=_("{name} as Lead Climber").format(name=p.name), one_of=True)
            for p in chosen
        ]))
    body.append(section_title(_("Assist cards")))
    body.append(ft.Column(spacing=8, tight=True, controls=[
        choice_tile(f"exp-new-cards-{value}", _(title), _(text), cards == value, bind(set_cards, value))
        for value, title, text in CARD_MODES
    ]))
    if cards != "off":
        body.append(DeckEditor(open_=editing, on_toggle=lambda: set_editing(not editing)))
    body.append(_hall_summary(hall, opened))
    if problem:
        body.append(message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, _("The Expedition was not started"), problem,
                                 key="exp-new-problem", tone="warning"))
    # Playing alone is playing against Max (Free Solo Mode): one climber needs the solo switch on.
    ready = len(chosen) > 1 or solo_on
    label = (_("Set off on the Expedition") if ready else _("Choose who climbs") if not chosen
             else _("Alone: turn on Solo against Max, or add a climber"))
    body.append(labelled("exp-new-start", ft.FilledButton(
        label, key="exp-new-start",
        icon=ft.Icons.FLAG_ROUNDED, disabled=not ready, on_click=start,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=20, vertical=18)))))
    actions = [labelled("exp-new-hall", ft.IconButton(
        ft.Icons.WORKSPACE_PREMIUM_ROUNDED, key="exp-new-hall", tooltip=_("Hall of Fame"),
        on_click=lambda: ft.context.page.navigate(hall_route(ft.context.page.route))))]
    return screen_view(_("New Expedition"), body, actions=actions)


@ft.component
def DeckEditor(open_: bool, on_toggle) -> ft.Control:
    """The Assist deck's make-up (the setting `expedition_deck`): copies of each kind, adding up to 16."""
    app = use_app()
    deck, is_default = saved_deck(app.store)
    draft, set_draft, draft_now = use_latest_state(None)
    problem, set_problem = ft.use_state(None)
    counts = dict(draft if draft is not None else deck)
    size = default_deck().size
    total = sum(counts.values())

    def change(card: Assist, delta: int) -> None:
        # A change of the latest counts: two taps faster than the screen is redrawn both count.
        def changed(latest: dict | None) -> dict:
            current = dict(latest if latest is not None else deck)
            current[card.value] = max(0, current.get(card.value, 0) + delta)
            return current

        set_draft(changed)
        set_problem(None)

    def save() -> None:
        # The latest counts: a − or + tapped just before Save, not yet drawn, is saved with the rest (or the
        # deck it leaves is refused as it should be).
        latest = draft_now.current
        try:
            checked = parse_deck(dict(latest if latest is not None else deck), "the deck").to_dict()
            app.store.settings.set(DECK_SETTING, checked)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        set_draft(None)
        on_toggle()
        app.changed()

    def reset() -> None:
        try:
            app.store.settings.delete(DECK_SETTING)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        set_draft(None)
        set_problem(None)
        app.changed()

    # i18n: the copies of one Assist card in the deck ("4 Rope", the name as printed); "{card}: {n}" reads as well
    summary = ", ".join(_("{n} {card}").format(n=n, card=card_name(Assist(k))) for k, n in deck.items() if n)
    header = ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        ft.Icon(ft.Icons.STYLE_ROUNDED, color=ft.Colors.PRIMARY),
        ft.Column(expand=True, spacing=0, tight=True, controls=[
            ft.Text(_("The deck's make-up"), weight=ft.FontWeight.W_600),
            # i18n: {cards} is the deck's make-up ("4 Compass, 4 Rope, 4 Tent, 4 Schnapps")
            ft.Text((_("{cards} (the app's default)") if is_default else _("{cards} (your box)")).format(
                cards=summary), key="exp-deck-summary",
                    size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ]),
        labelled("exp-deck-edit", ft.TextButton(_("Close") if open_ else _("Edit"), key="exp-deck-edit",
                                                on_click=lambda: (set_draft(None), on_toggle()))),
    ])
    controls: list[ft.Control] = [header]
    if open_:
        controls.append(ft.Text(_("The rulebook gives {size} Assist cards in four kinds but not how many of each; "
                                  "set your box's copies. New Expeditions use them; those under way keep theirs.")
                                .format(size=size),
                                size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        for card in Assist:
            n = counts.get(card.value, 0)
            controls.append(ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                ft.Container(expand=True, content=ft.Row([card_chip(card, small=True)])),
                stepper(f"exp-deck-{card.value}", n, bind(change, card, -1), bind(change, card, 1),
                        minus_disabled=n == 0, label=card_name(card)),
            ]))
        good = total == size
        if good:
            counted = ngettext("{total} of {n} card", "{total} of {n} cards", size).format(total=total, n=size)
        elif total > size:
            counted = ngettext("{total} of {n} card: {off} too many", "{total} of {n} cards: {off} too many",
                               size).format(total=total, n=size, off=total - size)
        else:
            counted = ngettext("{total} of {n} card: {off} short", "{total} of {n} cards: {off} short",
                               size).format(total=total, n=size, off=size - total)
        controls.append(ft.Text(counted,
                                key="exp-deck-total", weight=ft.FontWeight.W_600,
                                color=None if good else ft.Colors.ERROR))
        if problem:
            controls.append(ft.Text(problem, key="exp-deck-problem", color=ft.Colors.ERROR))
        controls.append(ft.Row(alignment=ft.MainAxisAlignment.END, spacing=8, controls=[
            labelled("exp-deck-reset", ft.TextButton(_("Use the default"), key="exp-deck-reset", on_click=reset,
                                                     disabled=is_default and draft is None)),
            labelled("exp-deck-save", ft.FilledTonalButton(_("Save the make-up"), key="exp-deck-save",
                                                           icon=ft.Icons.SAVE_ROUNDED, on_click=save,
                                                           disabled=not good)),
        ]))
    return panel(controls, key="exp-deck", padding=12)


def _hall_summary(hall, opened) -> ft.Control:
    """The records this Expedition will be judged against, and the envelopes already used up."""
    lines: list[ft.Control] = []
    for column in hall.columns:
        record = column.record
        text = _("no record yet") if record is None else f"{record.score} · {and_list(list(record.names))}"
        lines.append(ft.Row(spacing=8, controls=[
            ft.Text(column.sheet.name, width=92, weight=ft.FontWeight.W_600),
            ft.Text(text, key=f"exp-new-record-{column.sheet.key}", expand=True,
                    color=ft.Colors.ON_SURFACE_VARIANT if record is None else None),
        ]))
    used = sorted({e.number for e in opened})
    sealed = [n for n in range(1, 7) if n not in used]
    lines.append(ft.Text(_("Envelopes still sealed: {numbers}").format(numbers=", ".join(str(n) for n in sealed))
                         if sealed else _("Every envelope has been opened"), key="exp-new-sealed", size=12,
                         color=ft.Colors.ON_SURFACE_VARIANT))
    return panel([
        ft.Row(spacing=8, controls=[
            ft.Icon(ft.Icons.WORKSPACE_PREMIUM_ROUNDED, color="#7E57C2"),
            ft.Text(_("Records to beat"), weight=ft.FontWeight.W_600, expand=True),
            labelled("exp-new-hall-open", ft.TextButton(_("Hall of Fame"), key="exp-new-hall-open",
                                                        on_click=lambda: ft.context.page.navigate(hall_route(ft.context.page.route)))),
        ]),
        *lines,
    ], key="exp-new-hall-summary", padding=12)

