"""Route `/games/trek12`: a new Ascent — the sheet (printed or imported), who plays on this device, Max.

The setup is checked by the engine (`session.start`, through the session keeper), an imported sheet by
`sheet_from_dict`, `sheet_warnings` and `drawing_problems`; their messages are shown as they come. A sheet
file arrives through the device's file dialog (an upload in a browser, see `companion.ui.common.files`), never
by a typed path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.errors import CompanionError, InvalidInput
from companion.games.trek12.data import (SHEET_NAMES, Sheet, drawing_problems, load_sheet, sheet_from_dict,
                                         sheet_warnings)
from companion.games.trek12.rules import MAX_ASSISTS, Assist, Board
from companion.games.trek12.solo import MAX_NAME, takes_max_name
from companion.i18n import Message, _, msg, ngettext
from companion.ui.common.files import FilePick, parse_json, use_file_pick
from companion.ui.common.routing import left_the_roster, start_game
from companion.ui.common.services import use_app, use_latest_state
from companion.ui.common.widgets import (
    announced,
    bind,
    labelled,
    message_card,
    roster_needed,
    screen_view,
    seat_chip,
    section_title, said)
from companion.ui.trek12.sheet import sheet_control, sheet_layout
from companion.ui.trek12.turn import CARD_NAMES, new_seed

__all__ = ["Trek12NewGame", "Imported", "sheet_from_text", "MAX_SHEET_BYTES"]

GAME = "trek12"
_FILE = "file"
# The largest sheet file taken: a printed sheet is about 3 KB, so this is room for any home-made peak.
MAX_SHEET_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Imported:
    """A sheet read from a file: the document (kept in the session's setup) and the checked sheet."""

    doc: dict[str, Any]
    sheet: Sheet
    origin: str


def sheet_from_text(text: bytes, origin: str) -> Imported:
    """Parse and check a sheet file's bytes (docs/formats.md, Sheet file); DataError/InvalidInput name the
    field, and a sheet that cannot be played to the end, or not drawn with its circles apart and large enough
    to tap, is refused with the reason."""
    try:
        doc = parse_json(text)
    except InvalidInput as exc:
        raise InvalidInput(msg("{file}: {reason}", file=origin, reason=_reason(exc))) from None
    sheet = sheet_from_dict(doc, origin=origin)
    problems = sheet_warnings(sheet)
    if problems:
        raise InvalidInput(msg("{file}: the sheet {name} cannot be played to the end: {problem}", file=origin,
                               name=sheet.name, problem=problems[0]))
    drawing = drawing_problems(doc, sheet)
    if drawing:
        raise InvalidInput(msg("{file}: {reason}", file=origin, reason=drawing[0]))
    return Imported(doc, sheet, origin)


def _reason(exc: Exception) -> str:
    """What an exception says, as the Message it was raised with when it was."""
    words = exc.args[0] if len(exc.args) == 1 else None
    return words if isinstance(words, Message) else str(exc)


@ft.component
def Trek12NewGame() -> ft.View:
    """Route `/games/trek12`: choose the sheet, the players on this device, Max, cards; then start."""
    app = use_app()
    choice, set_choice = ft.use_state("dunai")
    imported, set_imported, imported_now = use_latest_state(None)
    import_error, set_import_error = ft.use_state(None)
    seats, set_seats, seats_now = use_latest_state(())
    solo, set_solo = ft.use_state(False)
    merge, set_merge = ft.use_state(False)
    cards_on, set_cards_on = ft.use_state(False)
    hands, set_hands, hands_now = use_latest_state({})
    max_cards, set_max_cards = ft.use_state(0)
    last, set_last = ft.use_state(False)
    problem, set_problem = ft.use_state(None)

    players = app.store.players.list()
    by_id = {p.id: p for p in players}
    chosen = [by_id[pid] for pid in seats if pid in by_id]
    solo_on = solo and len(chosen) == 1
    width = min(float(ft.context.page.width or 390), 640.0) - 32

    def toggle_seat(player_id: str) -> None:
        set_problem(None)
        current = seats_now.current
        set_seats(tuple(p for p in current if p != player_id) if player_id in current else current + (player_id,))

    async def sheet_in(read) -> None:
        try:
            chosen = await read()
            if chosen is None:
                return
            result = sheet_from_text(chosen.data, chosen.name)
        except CompanionError as exc:
            # The sheet loaded before stays: a wrong file picked after it changes nothing, and says so. The
            # reason begins with the file name.
            kept = imported_now.current
            if kept is None:
                set_import_error(_("Not loaded: {reason}").format(reason=said(exc)))
            else:
                # i18n: a sheet file refused ("Not loaded: wall.json: …") while the one loaded before stays in use
                set_import_error(_("Not loaded: {reason}. The sheet {name} stays chosen.").format(
                    reason=said(exc), name=kept.sheet.name))
            return
        set_imported(result)
        set_import_error(None)

    # `what` goes into the file dialog's reasons ("… a sheet file is at most 1 MB"): a Message, said with them.
    pick = use_file_pick(app.shell.desktop, title=_("Choose a Trek 12 sheet file"), extension="json",
                         limit=MAX_SHEET_BYTES, what=msg("a sheet file"), on_file=sheet_in)

    def change_hand(player_id: str, card: Assist | None, remove_at: int | None = None) -> None:
        current = dict(hands_now.current)
        held = list(current.get(player_id, ()))
        if remove_at is not None and 0 <= remove_at < len(held):
            held.pop(remove_at)
        elif card is not None and len(held) < MAX_ASSISTS:
            held.append(card)
        current[player_id] = tuple(held)
        set_hands(current)

    def start() -> None:
        kept, gone = left_the_roster(app, seats_now.current)
        if gone:
            set_seats(kept)
            set_problem(gone)
            return
        people = [by_id[pid] for pid in seats_now.current if pid in by_id]
        if not people:
            set_problem(_("Choose who plays on this device."))
            return
        if choice == _FILE:
            if imported is None:
                set_problem(_("Choose a sheet file first, or a printed sheet."))
                return
            sheet_value: Any = imported.doc
            title = imported.sheet.name
        else:
            sheet_value = choice
            title = load_sheet(choice).name
        with_max = solo and len(people) == 1
        if with_max and takes_max_name(people[0].name):
            set_problem(_("In a solo Ascent the name {name} is taken by Max; rename the player first.").format(
                name=MAX_NAME))
            return
        seated = []
        for person in people:
            seat: dict[str, Any] = {"id": person.id, "name": person.name}
            if cards_on:
                seat["assists"] = [card.value for card in hands_now.current.get(person.id, ())]
            seated.append(seat)
        setup: dict[str, Any] = {"sheet": sheet_value, "solo": "max" if with_max else None, "players": seated,
                                 "dice_seed": new_seed()}
        if merge:
            setup["ruleset"] = {"merge_lines": True}
        if with_max and cards_on and max_cards:
            setup["max_assists"] = max_cards
        if with_max and cards_on and last:
            setup["last_ascent"] = True
        start_game(app, GAME, lambda: (setup, [p.id for p in people], title), set_problem)

    if not players:
        return screen_view(_("New Ascent"), roster_needed(
            "t12",
            _("Trek 12 keeps each player's sheets and scores. Add yourself (and anyone playing with "
              "you) to the roster first.")))

    tiles: list[ft.Control] = []
    for name in SHEET_NAMES:
        sheet = load_sheet(name)
        danger = sum(c.dangerous for c in sheet.circles)
        if danger:
            # i18n: a printed sheet's summary: "Summit 60+ · 4 dangerous circles"
            text = ngettext("Summit {summit}+ · {n} dangerous circle", "Summit {summit}+ · {n} dangerous circles",
                            danger).format(summit=sheet.summit, n=danger)
        else:
            text = _("Summit {summit}+ · no dangerous circles").format(summit=sheet.summit)
        tiles.append(_sheet_tile(f"t12-new-sheet-{name}", sheet, text, choice == name, bind(set_choice, name), width))
    tiles.append(_import_tile(choice == _FILE, imported, import_error, bind(set_choice, _FILE), pick, width))

    # i18n: a heading: the Ascent sheet to play
    body: list[ft.Control] = [section_title(_("Sheet")), ft.Column(spacing=8, tight=True, controls=tiles)]
    body.append(section_title(_("Players on this device · {count}").format(count=len(chosen))))
    body.append(ft.Text(_("Everyone here uses the same dice each round and takes turns on this device."), size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT))
    body.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        seat_chip(f"t12-new-seat-{p.id}", p.name, p.colour, p.id in seats, bind(toggle_seat, p.id),
                  mark=_("seat {n}").format(n=seats.index(p.id) + 1) if p.id in seats and len(seats) > 1 else None)
        for p in players
    ]))
    # i18n: a heading: how the Ascent is played (alone against Max, with Assist cards...)
    body.append(section_title(_("Mode")))
    body.append(_toggle_tile("t12-new-solo", _("Free Solo against Max"),
                             _("Max fills the circle you fill, with the best result of each roll.") if len(chosen) <= 1
                             else _("Only with one player on this device."),
                             solo_on, bind(set_solo, not solo), disabled=len(chosen) > 1))
    body.append(_toggle_tile("t12-new-cards", _("Assist cards (Expedition)"),
                             _("Hold and use Compass, Rope, Tent and Schnapps; a new zone of 0s, 1s or 2s earns one."),
                             cards_on, bind(set_cards_on, not cards_on)))
    if cards_on:
        for person in chosen:
            body.append(_hand_editor(person.id, person.name, hands.get(person.id, ()), change_hand))
        if solo_on:
            body.append(_max_cards(max_cards, set_max_cards))
            body.append(_toggle_tile("t12-new-last", _("The Expedition's last Ascent"),
                                     _("Max discards all his cards at the end, +3 each (Solo Expeditions); before "
                                       "the last Ascent he keeps them."), last, bind(set_last, not last)))
    body.append(_toggle_tile("t12-new-merge", _("A number may join two Fixed Lines"),
                             _("As the designer's FAQ allows; the rulebook keeps one line per number."),
                             merge, bind(set_merge, not merge)))
    if problem:
        body.append(message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, _("The Ascent was not started"), problem,
                                 key="t12-new-problem", tone="warning"))
    ready = bool(chosen) and (choice != _FILE or imported is not None)
    label = (_("Start the Ascent") if ready else
             _("Choose who plays") if not chosen else _("Choose a sheet file first"))
    body.append(labelled("t12-new-start", ft.FilledButton(
        label, key="t12-new-start", icon=ft.Icons.HIKING_ROUNDED, disabled=not ready, on_click=start,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=20, vertical=18)))))
    return screen_view(_("New Ascent"), body)


# --- pieces -------------------------------------------------------------------------------------------------


def _sheet_tile(key: str, sheet: Sheet, text: str, selected: bool, on_click, width: float) -> ft.Control:
    preview_w = min(120.0, width * 0.34)
    layout = sheet_layout(sheet, preview_w, 72)
    preview = ft.Semantics(exclude_semantics=True, content=sheet_control(sheet, Board.empty(sheet), layout,
                                                                         prefix=f"{key}-preview"))
    # i18n: a sheet's tile read aloud: its name, then its summary
    # Merged: one button with the name, the chosen mark and the tap (the named node did nothing otherwise).
    return labelled(key, label=_("{sheet}: {summary}").format(sheet=sheet.name, summary=text), button=True,
                    selected=selected, control=ft.Container(
        key=key, ink=True, on_click=on_click, border_radius=16,
        padding=ft.Padding.symmetric(horizontal=12, vertical=10),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(2 if selected else 1, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT),
        # Its words are the label's already: not said twice.
        content=ft.Semantics(exclude_semantics=True, content=ft.Row(spacing=12, controls=[
            ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED_ROUNDED if selected else ft.Icons.RADIO_BUTTON_UNCHECKED_ROUNDED,
                    color=ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE),
            ft.Column(expand=True, spacing=0, tight=True, controls=[
                ft.Text(sheet.name, size=16, weight=ft.FontWeight.W_600),
                ft.Text(text, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            ]),
            preview,
        ])),
    ))


def _import_tile(selected: bool, imported: Imported | None, error: str | None, on_select, pick: FilePick,
                 width: float) -> ft.Control:
    header = ft.Row(spacing=12, controls=[
        ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED_ROUNDED if selected else ft.Icons.RADIO_BUTTON_UNCHECKED_ROUNDED,
                color=ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE),
        ft.Column(expand=True, spacing=0, tight=True, controls=[
            ft.Text(_("A sheet file"), size=16, weight=ft.FontWeight.W_600),
            ft.Text(_file_summary(imported), size=13, color=ft.Colors.ON_SURFACE_VARIANT, key="t12-new-file-summary"),
        ]),
        ft.Icon(ft.Icons.UPLOAD_FILE_ROUNDED, color=ft.Colors.ON_SURFACE_VARIANT),
    ])
    controls: list[ft.Control] = [ft.Semantics(identifier="t12-new-sheet-file", button=True, selected=selected,
                                               content=ft.Container(key="t12-new-sheet-file", ink=True,
                                                                    on_click=on_select, content=header))]
    if selected:
        controls.append(ft.Row(alignment=ft.MainAxisAlignment.END, spacing=8, controls=[
            labelled("t12-new-pick", ft.FilledTonalButton(
                _("Choose another file…") if imported else _("Choose the file…"), key="t12-new-pick",
                icon=ft.Icons.FOLDER_OPEN_ROUNDED, action=pick.action, on_click=pick.click)),
        ]))
        if error:
            # Said as it appears, as a sighted player sees it appear under the button tapped.
            controls.append(announced(ft.Text(error, key="t12-new-file-error", size=13, color=ft.Colors.ERROR)))
        if imported is not None:
            layout = sheet_layout(imported.sheet, width - 24, 200)
            # A picture, as the printed sheets' are: the tile above says which sheet it is ("Circle 0: empty"
            # was read for every circle).
            controls.append(ft.Row(alignment=ft.MainAxisAlignment.CENTER, controls=[ft.Semantics(
                exclude_semantics=True, content=sheet_control(imported.sheet, Board.empty(imported.sheet), layout,
                                                              prefix="t12-new-file-preview"))]))
    return ft.Container(
        border_radius=16, padding=ft.Padding.symmetric(horizontal=12, vertical=10),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(2 if selected else 1, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT),
        content=ft.Column(spacing=8, tight=True, controls=controls),
    )



def _file_summary(imported: Imported | None) -> str:
    """The sheet file tile's second line: the sheet read, or what the tile is for."""
    if imported is None:
        return _("Your own sheet, in the sheet file format (JSON)")
    sheet = imported.sheet
    if sheet.summit is None:
        return ngettext("{name} · {n} circle", "{name} · {n} circles", sheet.n).format(name=sheet.name, n=sheet.n)
    return ngettext("{name} · {n} circle · summit {summit}+", "{name} · {n} circles · summit {summit}+",
                    sheet.n).format(name=sheet.name, n=sheet.n, summit=sheet.summit)


def _toggle_tile(key: str, title: str, text: str, on: bool, on_click, *, disabled: bool = False) -> ft.Control:
    # i18n: a setting read aloud: its title, then what it does
    said = _("{title}: {text}").format(title=title, text=text)
    words = ft.Row(spacing=12, controls=[
        ft.Column(expand=True, spacing=0, tight=True, controls=[
            ft.Text(title, size=15, weight=ft.FontWeight.W_600),
            ft.Text(text, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ]),
        ft.Icon(ft.Icons.TOGGLE_ON_ROUNDED if on else ft.Icons.TOGGLE_OFF_OUTLINED, size=36,
                color=ft.Colors.PRIMARY if on else ft.Colors.OUTLINE),
    ])
    tile = ft.Container(
        key=key, ink=True, on_click=on_click, disabled=disabled, opacity=0.5 if disabled else 1.0, border_radius=16,
        padding=ft.Padding.symmetric(horizontal=12, vertical=10),
        bgcolor=ft.Colors.SECONDARY_CONTAINER if on else ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        # Its words are the label: not said again after it.
        content=ft.Semantics(exclude_semantics=True, content=words))
    # One node with its tap (else the tap is a nameless button of its own).
    return labelled(key, tile, label=said, button=True, toggled=on)


def _hand_editor(player_id: str, name: str, held: tuple[Assist, ...], change) -> ft.Control:
    key = f"t12-new-hand-{player_id}"
    chips: list[ft.Control] = []
    for index, card in enumerate(held):
        # One node named by what the tap does ("Remove the Compass"); the card's name drawn, and the same words
        # shown to a finger held on it, are not said again.
        # i18n: a button: take this Assist card out of the hand a player brings to the Ascent
        remove = _("Remove the {card} from {name}'s hand").format(card=_(CARD_NAMES[card]), name=name)
        chips.append(labelled(f"{key}-remove-{index}", ft.Container(
            key=f"{key}-remove-{index}", on_click=bind(change, player_id, None, index), ink=True, border_radius=16,
            padding=ft.Padding.symmetric(horizontal=10, vertical=6), bgcolor=ft.Colors.TERTIARY_CONTAINER,
            tooltip=ft.Tooltip(message=remove, exclude_from_semantics=True),
            content=ft.Semantics(exclude_semantics=True, content=ft.Row(tight=True, spacing=4, controls=[
                ft.Text(_(CARD_NAMES[card]), color=ft.Colors.ON_TERTIARY_CONTAINER, weight=ft.FontWeight.W_600),
                ft.Icon(ft.Icons.CLOSE_ROUNDED, size=16, color=ft.Colors.ON_TERTIARY_CONTAINER)])),
        ), label=remove, button=True))
    if len(held) < MAX_ASSISTS:
        for card in Assist:
            # Named with the player's: every player's hand has the same four buttons.
            # i18n: a button: add this Assist card to the hand a player brings to the Ascent
            add = _("Add the {card} to {name}'s hand").format(card=_(CARD_NAMES[card]), name=name)
            chips.append(labelled(f"{key}-add-{card.value}", ft.TextButton(
                key=f"{key}-add-{card.value}", on_click=bind(change, player_id, card),
                content=ft.Semantics(exclude_semantics=True, content=ft.Text(f"+ {_(CARD_NAMES[card])}"))),
                label=add, button=True))
    return ft.Container(
        key=key, padding=ft.Padding.only(left=12, right=12, bottom=4),
        content=ft.Column(spacing=4, tight=True, controls=[
            # i18n: the cards a player brings to this Ascent, out of the most a player may hold
            ft.Text(ngettext("{name} holds {count} card from earlier Ascents (at most {n})",
                             "{name} holds {count} cards from earlier Ascents (at most {n})", len(held)).format(
                name=name, count=len(held), n=MAX_ASSISTS), size=13, weight=ft.FontWeight.W_500,
                key=f"{key}-count"),
            ft.Row(wrap=True, spacing=6, run_spacing=4, controls=chips),
        ]))


def _max_cards(count: int, set_count) -> ft.Control:
    return ft.Container(padding=ft.Padding.only(left=12, right=12), content=ft.Row(spacing=4, controls=[
        # i18n: before a count of Assist cards set with - and + buttons: "Max holds  [-] 2 cards [+]"
        ft.Text(_("Max holds"), size=13, expand=True, weight=ft.FontWeight.W_500),
        labelled("t12-new-max-cards-minus", ft.IconButton(
            ft.Icons.REMOVE_ROUNDED, key="t12-new-max-cards-minus", disabled=count <= 0,
            # i18n: the button taking one Assist card from what Max holds at the start (a screen reader's name)
            tooltip=_("One card fewer for Max"), on_click=bind(set_count, max(0, count - 1)))),
        ft.Text(ngettext("{n} card", "{n} cards", count).format(n=count), key="t12-new-max-cards"),
        labelled("t12-new-max-cards-plus", ft.IconButton(
            ft.Icons.ADD_ROUNDED, key="t12-new-max-cards-plus", disabled=count >= MAX_ASSISTS,
            # i18n: the button giving Max one more Assist card at the start (a screen reader's name)
            tooltip=_("One more card for Max"), on_click=bind(set_count, min(MAX_ASSISTS, count + 1)))),
    ]))
