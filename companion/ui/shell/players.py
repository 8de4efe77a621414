"""The Players screen: the roster every game picks from — add, rename, recolour, remove."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import flet as ft

from companion.errors import CompanionError
from companion.games.words import short_text
from companion.i18n import N_, Message, _, ngettext, tr
from companion.store import PALETTE
from companion.store.records import FIELD_PROBLEM, NAME_MAX
from companion.store.stats import player_key
from companion.ui.common.services import focus_soon, use_app, use_field_text, use_latest_state
from companion.ui.common.widgets import (and_list, bind, colour_dot, dialog_text, empty_state, field_error, labelled,
                                         message_card, readable_on, said, screen_view, section_title, titled)
from companion.ui.shell.history import stats_route

__all__ = ["PlayersScreen", "player_palette"]


def player_palette() -> tuple[str, ...]:
    """The colours offered for players: the store's palette, so a picked colour is one it also hands out."""
    return PALETTE


# Spoken names for the store's palette (screen readers say "Colour pink", not a hex code).
_COLOUR_NAMES = {
    "#d62828": N_("red"), "#1d70b8": N_("blue"), "#2a9d3a": N_("green"), "#f4a300": N_("amber"),
    "#7b3fa0": N_("purple"), "#00897b": N_("teal"), "#e4572e": N_("orange"), "#5c6bc0": N_("indigo"),
    "#8d6e63": N_("brown"), "#c2185b": N_("pink"), "#558b2f": N_("olive"), "#546e7a": N_("slate"),
}

# The store names the record and field for the command line and logs; a form already shows which field.
_FIELD_PREFIX = re.compile(r"^[\w ]+: field '(\w+)' ")
# The most of a name the rename field's label shows ("New name for …"): it has one line at 360 px.
_LABEL_NAME = 16


@dataclass(frozen=True)
class _Edit:
    """A player being renamed or recoloured in place."""

    player_id: str
    name: str
    colour: str
    error: str | None = None
    # The name and colour when the form opened: only what the form changed is saved, so a rename or recolour
    # made meanwhile in another tab is not undone by saving the other field here.
    opened_name: str = ""
    opened_colour: str = ""
    full: bool = False      # the name typed has the most characters a name may have


@ft.component
def PlayersScreen() -> ft.View:
    """Route `/players`: the roster, with an add form on top and edit/remove on every row."""
    app = use_app()
    # Typed names are never state: a redraw must not send a field an older text than it shows (FieldText).
    name = use_field_text()
    edit_name = use_field_text()
    colour, set_colour, colour_now = use_latest_state(None)
    error, set_error = ft.use_state(None)
    edit, set_edit, edit_now = use_latest_state(None)
    edit_field = ft.use_ref(None)
    rename_buttons = ft.use_ref(dict)      # each row's Rename button, by player id, as last drawn
    rename_buttons.current = {}             # ... this drawing's only: a row gone since is not focused
    edited = ft.use_ref(None)               # the player whose rename form was open when last drawn
    add_field = ft.use_ref(None)
    submits = ft.use_ref(0)
    submitted, set_submitted = ft.use_state(0)     # Enter pressed in the add field, counted

    async def focus_edit() -> None:
        # Focused as the form opens: the keyboard types into it at once, and the list scrolls it into view (the
        # last player's form opened below the fold, and typing went nowhere). `autofocus` is not enough: it
        # acts only on a field present when the page is first drawn. Once it closes (saved, cancelled, Escape)
        # the focus goes back to the row's Rename button: left to itself it fell to the page, and the next Tab
        # started again at the app bar.
        was, edited.current = edited.current, edit.player_id if edit is not None else None
        if edit_now.current is not None:
            await focus_soon(edit_field.current)
        elif was is not None:
            # A row drawn no more (the player removed from another device meanwhile) has no button here.
            await focus_soon(rename_buttons.current.get(was))

    ft.use_effect(focus_edit, [edit.player_id if edit is not None else None])

    async def focus_add() -> None:
        # Enter in a field lets the focus go: the next name, or the refused one corrected, is typed at once.
        if submitted:
            await focus_soon(add_field.current)

    ft.use_effect(focus_add, [submitted])
    removing, set_removing = ft.use_state(None)
    page = ft.context.page
    escape = ft.use_ref(None)       # the handler set on the page, to take off when the screen goes

    def on_key(event: ft.KeyboardEvent) -> None:
        # Escape cancels a rename on a keyboard, as the form's Cancel button does (and as it closes a dialog).
        if event.key == "Escape" and edit_now.current is not None:
            set_edit(None)

    # The page hears keys only while a rename is open and no dialog is over it: an Escape that closes the
    # Remove dialog is the dialog's, and the rename under it stays. (A handler on every tab's page for as long
    # as the roster is shown also kept closed tabs' memory longer: fifty tabs on the Players screen.)
    renaming = edit is not None and removing is None

    def listen_for_escape() -> None:
        if renaming:
            escape.current = page.on_keyboard_event = on_key
            page.update()

    def stop_listening() -> None:
        if escape.current is not None and page.on_keyboard_event is escape.current:
            page.on_keyboard_event = None
            try:
                page.update()
            except RuntimeError:
                pass        # the tab itself closed
        escape.current = None

    ft.use_effect(listen_for_escape, dependencies=[renaming], cleanup=stop_listening)
    problem, set_problem = ft.use_state(None)
    back, set_back = ft.use_state(None)            # (good, sentence) after bringing a removed player back
    namesake, set_namesake = ft.use_state(None)    # the id of a removed player whose name is typed to add
    full, set_full = ft.use_state(False)           # the name typed to add is as long as a name may be

    players = app.store.players.list()
    removed = [p for p in app.store.players.list(include_removed=True) if p.removed]
    palette = player_palette()

    def add(anew: bool = False) -> None:
        # A removed player of this name: ask first. A new player of the same name would be someone else, with
        # none of their games, and the removed one could then not be brought back under it.
        twin = app.store.players.find(name.text, removed=True)
        if twin is not None and not anew and app.store.players.find(name.text) is None:
            set_namesake(twin.id)
            return
        set_namesake(None)
        try:
            app.store.players.add(name.text, colour_now.current)
        except CompanionError as exc:  # InvalidInput for the name; StoreError if it cannot be saved
            set_error(_sentence(exc))
            return
        name.set("")
        set_colour(None)
        set_error(None)
        set_full(False)
        app.changed()

    def submit_name() -> None:
        add()
        submits.current += 1
        set_submitted(submits.current)

    def typed_name() -> None:
        if error:
            set_error(None)
        if namesake is not None:
            set_namesake(None)
        if (len(name.text) >= NAME_MAX) != full:
            set_full(not full)

    def save_edit() -> None:
        edit = edit_now.current
        if edit is None:
            return
        edit = replace(edit, name=edit_name.text)
        wrote = False
        try:
            current = app.store.players.get(edit.player_id)
            if edit.name != edit.opened_name and edit.name != current.name:
                app.store.players.rename(edit.player_id, edit.name)
                wrote = True
            if edit.colour != edit.opened_colour and edit.colour != current.colour:
                app.store.players.recolour(edit.player_id, edit.colour)
                wrote = True
        except CompanionError as exc:
            set_edit(replace(edit, error=_sentence(exc)))
            if wrote:
                app.changed()
            return
        set_edit(None)
        app.changed()

    def update_edit(**changes) -> None:
        if edit_now.current is not None:
            set_edit(replace(edit_now.current, **changes))

    def start_edit(player) -> None:
        edit_name.set(player.name)
        set_edit(_Edit(player.id, player.name, player.colour, opened_name=player.name, opened_colour=player.colour,
                       full=len(player.name) >= NAME_MAX))

    def type_edit_name() -> None:
        # Typing redraws nothing (the field keeps its own text); only a shown error is cleared.
        current = edit_now.current
        if current is not None and current.error is not None:
            update_edit(error=None)
        if current is not None and (len(edit_name.text) >= NAME_MAX) != current.full:
            update_edit(full=not current.full)

    def confirm_remove() -> None:
        player_id = removing
        set_removing(None)
        if player_id is None:
            return
        try:
            app.store.players.remove(player_id)
        except CompanionError as exc:
            set_problem(_sentence(exc))
            return
        set_problem(None)
        if edit_now.current is not None and edit_now.current.player_id == player_id:
            set_edit(None)
        app.changed()

    def bring_back(player) -> None:
        set_namesake(None)
        try:
            app.store.players.restore(player.id)
        except CompanionError as exc:
            # The store refuses a name a current player has taken: say who, and what to do about it.
            taken = app.store.players.find(player.name)
            set_back((False, _("{name} cannot come back while {other} is on the roster: rename that player "
                               "first.").format(name=player.name, other=taken.name) if taken is not None
                      else _sentence(exc)))
            return
        set_back((True, _("{name} is back on the roster, with every game they played.").format(name=player.name)))
        app.changed()

    removing_player = next((p for p in players if p.id == removing), None)
    remove_words = _("They leave the roster. Games they already played stay in History under their name.")
    if removing_player is not None:
        playing = _playing(app, removing_player.id)
        if playing:
            remove_words += " " + ngettext(
                "They are at the table of a game in progress: it stays, and can still be finished.",
                "They are at the table of {n} games in progress: these stay, and can still be finished.",
                playing).format(n=playing)
    ft.use_dialog(
        ft.AlertDialog(
            modal=False,  # Escape (or a tap beside it) cancels, as its Cancel button does
            **titled(_("Remove {name}?").format(name=removing_player.name)),
            content=dialog_text(remove_words, key="player-remove-words"),
            actions=[
                labelled("player-remove-cancel", ft.TextButton(_("Cancel"), key="player-remove-cancel",
                                                               on_click=lambda: set_removing(None))),
                labelled("player-remove-confirm", ft.FilledButton(
                    _("Remove"), key="player-remove-confirm", on_click=confirm_remove,
                    style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR))),
            ],
            on_dismiss=lambda: set_removing(None),
        )
        if removing_player is not None
        else None
    )

    add_field.current = name.bind(ft.TextField(
        key="player-name",
        # i18n: the label of the field for a player's name (a person's: Polish "Imię", not "Nazwa")
        label=_("Player's name"),
        hint_text=_("Who plays?"),
        error=field_error(error, "player-name-error"),     # wraps: its advice comes last
        helper=_full_note(full),
        max_length=NAME_MAX,
        counter="",       # no running count: a screen reader said it at every keystroke
        autofocus=False,
        on_change=typed_name,
        on_submit=submit_name,
    ))
    add_form = ft.Container(
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=16,
        content=ft.Column(
            spacing=12,
            tight=True,
            controls=[
                labelled("player-name", add_field.current),
                ft.Text(_("Colour") if colour else _("Colour: the next free one, or pick one"), size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT),
                _colour_picker("player-colour", palette, colour, set_colour, allow_auto=True,
                               taken=_holders(players)),
                *_namesake_card(next((p for p in removed if p.id == namesake), None), add_anew=bind(add, True),
                                bring_back=lambda player: (name.set(""), bring_back(player))),
                ft.Row(
                    alignment=ft.MainAxisAlignment.END,
                    controls=[
                        labelled(
                            "player-add",
                            ft.FilledButton(
                                _("Add player"),
                                key="player-add",
                                icon=ft.Icons.PERSON_ADD_ALT_1_ROUNDED,
                                on_click=lambda: add(),
                                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=20, vertical=14)),
                            ),
                        )
                    ],
                ),
            ],
        ),
    )

    body: list[ft.Control] = [add_form, section_title(_count(len(players)), key="players-count")]
    if problem:
        body.append(message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, _("The player was not removed"), problem,
                                 key="players-problem", tone="warning"))
    if not players:
        body.append(
            empty_state(
                ft.Icons.GROUPS_ROUNDED,
                _("No players yet"),
                _("Add the people you play with; every game can then pick them."),
                key="players-empty",
            )
        )
    for player in players:
        if edit is not None and edit.player_id == player.id:
            body.append(_edit_row(edit, edit_name, palette, update_edit, type_edit_name, lambda: set_edit(None),
                                  save_edit, edit_field, playing=_playing(app, player.id),
                                  taken=_holders(players, but=player.id)))
        else:
            body.append(
                _player_row(
                    player,
                    on_edit=bind(start_edit, player),
                    on_remove=bind(set_removing, player.id),
                    buttons=rename_buttons.current,
                )
            )
    if removed or back is not None:
        body.append(_removed_section(removed, back, bring_back))
    return screen_view(_("Players"), body)


def _playing(app, player_id: str) -> int:
    """How many games in progress the player is at (none when they cannot be read)."""
    try:
        return sum(1 for session in app.keeper.in_progress() if player_id in session.players)
    except CompanionError:
        return 0


def _player_row(player, *, on_edit, on_remove, buttons: dict) -> ft.Control:
    """One roster row: colour avatar, name, rename and remove buttons (the Rename button put in `buttons` under
    the player's id, to be focused)."""
    rename = buttons[player.id] = ft.IconButton(
        ft.Icons.EDIT_OUTLINED, key=f"player-{player.id}-rename", tooltip=_("Rename {name}").format(name=player.name),
        on_click=on_edit)
    return ft.Container(
        key=f"player-{player.id}",
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        padding=ft.Padding.only(left=12, right=4, top=6, bottom=6),
        content=ft.Row(
            spacing=12,
            controls=[
                colour_dot(player.colour, player.name),
                ft.Text(player.name, size=16, weight=ft.FontWeight.W_500, expand=True,
                        key=f"player-{player.id}-name"),
                labelled(
                    f"player-{player.id}-stats",
                    ft.IconButton(ft.Icons.INSIGHTS_ROUNDED, key=f"player-{player.id}-stats",
                                  tooltip=_("Statistics for {name}").format(name=player.name),
                                  on_click=lambda: ft.context.page.navigate(stats_route(
                                      player_key(player.id, player.name), under=_roster_route(ft.context.page)))),
                ),
                labelled(f"player-{player.id}-rename", rename),
                labelled(
                    f"player-{player.id}-remove",
                    ft.IconButton(ft.Icons.DELETE_OUTLINE_ROUNDED, key=f"player-{player.id}-remove",
                                  tooltip=_("Remove {name}").format(name=player.name), on_click=on_remove),
                ),
            ],
        ),
    )


def _namesake_card(player, *, add_anew, bring_back) -> list[ft.Control]:
    """The question when the name typed is a removed player's: bring them back, or add someone new."""
    if player is None:
        return []
    return [message_card(
        ft.Icons.HISTORY_ROUNDED, _("{name} was removed from the roster").format(name=player.name),
        _("Their games are still in History. Bring {name} back with those games, or add a new player with the same "
          "name?").format(name=player.name),
        key="player-namesake",
        actions=[labelled("player-add-anew", ft.TextButton(_("Add a new player"), key="player-add-anew",
                                                           on_click=add_anew)),
                 labelled("player-namesake-restore", ft.FilledTonalButton(
                     _("Bring {name} back").format(name=player.name), key="player-namesake-restore",
                     icon=ft.Icons.UNDO_ROUNDED, on_click=bind(bring_back, player)))])]


def _removed_section(removed, back, bring_back) -> ft.Control:
    """Removed players (by the Remove button, or by restoring an earlier roster in Settings), each of whom can
    be brought back with their games; and what the last Bring back did."""
    rows: list[ft.Control] = []
    if removed:
        rows.append(section_title(ngettext("Removed · {n} player", "Removed · {n} players", len(removed)).format(
            n=len(removed)), key="players-removed-title"))
        rows.append(ft.Text(_("Their games stay in History. Bring one back to pick them in new games again."),
                            size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if back is not None:
        good, sentence = back
        rows.append(ft.Text(sentence, key="players-back-result", size=13, color=None if good else ft.Colors.ERROR))
    for player in removed:
        rows.append(ft.Row(key=f"player-{player.id}-removed", spacing=12, controls=[
            colour_dot(player.colour, player.name),
            ft.Text(player.name, size=15, expand=True, color=ft.Colors.ON_SURFACE_VARIANT),
            labelled(f"player-{player.id}-restore", ft.TextButton(
                _("Bring back"), key=f"player-{player.id}-restore", icon=ft.Icons.UNDO_ROUNDED,
                tooltip=_("Bring {name} back to the roster").format(name=player.name),
                on_click=bind(bring_back, player))),
        ]))
    return ft.Column(rows, spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _full_note(full: bool) -> str | None:
    """Said under a name field once the name is as long as a name may be: the field takes no more, and a longer
    name pasted in is cut there, which nothing else would say."""
    # i18n: under a player's name field when it is full: it takes no more characters
    return _("{limit} characters, the most a name can have").format(limit=NAME_MAX) if full else None


def _edit_row(edit: _Edit, edit_name, palette, update_edit, type_edit_name, cancel_edit, save_edit,
              field_ref, playing: int = 0, taken: dict[str, list[str]] | None = None) -> ft.Control:
    """A roster row turned into a small form: new name, new colour, save or cancel (`field_ref` is given the
    name field, to be focused); `playing`: the games in progress the player is at, which keep their name."""
    field = edit_name.bind(ft.TextField(
        key="player-edit-name",
        # Whose name it is: beside the add form's field, both were "Player's name" to a screen reader.
        # i18n: the label of the field that renames a player ("New name for Zoë")
        # A long name is cut: a floating label has one line, and a whole name of 40 ran over the field's border.
        label=_("New name for {name}").format(name=short_text(edit.opened_name, _LABEL_NAME)),
        error=field_error(edit.error, "player-edit-name-error"),     # wraps: its advice comes last
        helper=_full_note(edit.full),
        max_length=NAME_MAX,
        counter="",       # no running count: a screen reader said it at every keystroke
        on_change=lambda: type_edit_name(),
        on_submit=lambda: save_edit(),
    ))
    field_ref.current = field
    return ft.Container(
        key=f"player-{edit.player_id}",
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        padding=12,
        content=ft.Column(
            spacing=12,
            tight=True,
            controls=[
                labelled("player-edit-name", field),
                # A game's entries name its players as they began, so a game in progress keeps the old name (its
                # colour follows the roster); History then says who played as whom.
                *([ft.Text(ngettext(
                    "The game in progress they are at keeps the name it began with; History will say who played "
                    "as whom.",
                    "The {n} games in progress they are at keep the name they began with; History will say who "
                    "played as whom.", playing).format(n=playing), key="player-edit-playing", size=12,
                    color=ft.Colors.ON_SURFACE_VARIANT)] if playing else []),
                _colour_picker("player-edit-colour", palette, edit.colour,
                               lambda c: update_edit(colour=c), allow_auto=False, taken=taken),
                ft.Row(
                    alignment=ft.MainAxisAlignment.END,
                    controls=[
                        labelled("player-edit-cancel", ft.TextButton(_("Cancel"), key="player-edit-cancel",
                                                                     on_click=cancel_edit)),
                        labelled(
                            "player-edit-save",
                            ft.FilledButton(_("Save"), key="player-edit-save", on_click=save_edit),
                        ),
                    ],
                ),
            ],
        ),
    )


def _colour_picker(prefix: str, palette, selected: str | None, choose, *, allow_auto: bool,
                   taken: dict[str, list[str]] | None = None) -> ft.Control:
    """A row of colour chips; with `allow_auto` the first chip means "the next free colour". A colour another
    player has (`taken`: colour, lower case, to the names of those who have it) shows a figure and says their
    names: two players of one colour were told apart on no screen, and nothing said the colour was had."""
    chips: list[ft.Control] = []
    if allow_auto:
        chips.append(_chip(f"{prefix}-auto", None, selected is None, lambda: choose(None), _("Next free colour")))
    for colour in palette:
        holders = (taken or {}).get(colour.lower(), [])
        label = _colour_words(colour)
        if holders:
            # i18n: a colour chip of the Players screen: a colour other players already have ("Colour green;
            # Cy has it", "Colour green; Cy and Dee have it")
            label = ngettext("{colour}; {names} has it", "{colour}; {names} have it", len(holders)).format(
                colour=label, names=and_list(holders))
        chips.append(_chip(f"{prefix}-{colour.lstrip('#').lower()}", colour,
                           selected is not None and selected.lower() == colour.lower(),
                           bind(choose, colour), label, taken=bool(holders)))
    return ft.Row(chips, wrap=True, spacing=4, run_spacing=4)


def _chip(key: str, colour: str | None, selected: bool, on_click, label: str, *,
          taken: bool = False) -> ft.Control:
    """One 48 px tap target holding a colour swatch, ringed when selected; a figure on it when another player
    has the colour (`taken`)."""
    mark: ft.Control | None = None
    if selected:
        mark = ft.Icon(ft.Icons.CHECK_ROUNDED, size=18, color=ft.Colors.WHITE if colour else ft.Colors.ON_SURFACE)
    elif colour is None:
        mark = ft.Icon(ft.Icons.AUTO_AWESOME_ROUNDED, size=16, color=ft.Colors.ON_SURFACE_VARIANT)
    elif taken:
        # A figure: the label says whose (an initial was said again after it).
        mark = ft.Icon(ft.Icons.PERSON_ROUNDED, size=16, color=readable_on(colour))
    swatch = ft.Container(
        width=32,
        height=32,
        border_radius=ft.BorderRadius.all(16),
        bgcolor=colour or ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        alignment=ft.Alignment.CENTER,
        content=mark,
    )
    return ft.Semantics(
        identifier=key,
        label=label,
        selected=selected,
        button=True,
        content=ft.Container(
            key=key,
            width=48,
            height=48,
            border_radius=ft.BorderRadius.all(24),
            border=ft.Border.all(2, ft.Colors.PRIMARY) if selected else None,
            alignment=ft.Alignment.CENTER,
            on_click=on_click,
            ink=True,               # focusable by keyboard (Tab, then Enter or Space)
            content=swatch,
        ),
    )


def _holders(players, but: str | None = None) -> dict[str, list[str]]:
    """Whose each colour is (lower case, to the players who have it), leaving out `but`."""
    held: dict[str, list[str]] = {}
    for player in players:
        if player.id != but:
            held.setdefault(player.colour.lower(), []).append(player.name)
    return held


def _colour_words(colour: str) -> str:
    """A colour chip as a screen reader says it: "Colour pink"."""
    name = _COLOUR_NAMES.get(colour.lower())
    return _("Colour {name}").format(name=_(name) if name is not None else colour)


def _count(n: int) -> str:
    return _("Roster") if n == 0 else ngettext("Roster · {n} player", "Roster · {n} players", n).format(n=n)


# The field a refusal is about, as the form under it names it: "The name must not be empty".
_FIELDS = {
    # i18n: {problem} is what is wrong with the name, such as "must not be empty"
    "'name'": N_("The name {problem}"),
    # i18n: {problem} is what is wrong with the colour
    "'colour'": N_("The colour {problem}"),
}


def _sentence(exc: Exception) -> str:
    """The store's refusal as a sentence under the field: "player: field 'name' must ..." reads "The name must ..."."""
    reason = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], Message) else None
    if reason is not None and reason.msgid == FIELD_PROBLEM and reason.args.get("field") in _FIELDS:
        text = _(_FIELDS[reason.args["field"]]).format(problem=tr(reason.args.get("problem", "")))
    else:
        text = _FIELD_PREFIX.sub(lambda m: f"The {m.group(1)} ", said(exc).strip(), count=1)
    return text[:1].upper() + text[1:] if text else _("That is not allowed.")


def _roster_route(page: ft.Page) -> str:
    """The roster's own address (on its own, or opened from a new game's screen), for a player's statistics
    opened from it to sit on it: back returns to the roster there."""
    route = (page.route or "").rstrip("/")
    return route if route.endswith("/players") else "/players"
