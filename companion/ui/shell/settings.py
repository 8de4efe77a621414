"""The Settings screen: light or dark theme, where the saved data lives, backup and restore, the earlier
versions the data folder keeps (`copies.py`), and the play history as a spreadsheet (CSV).

A backup is the store's full export (`Store.export_all`) as one JSON file; restoring it goes through
`Store.import_all`, which checks the whole file first and changes nothing when any part is wrong. Files
travel only through the device's own dialogs (`companion.ui.common.files`): a download and an upload in a
browser, the system's save and open dialogs in a desktop window. No path is ever typed, and a browser
is not told where the data folder is.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, NamedTuple

import flet as ft

from companion import __version__
from companion.errors import CompanionError, InvalidInput
from companion.inputs import BACKUP_BYTES, WEB_FILE_BYTES
from companion.store import stats
from companion.store.atomic import encode_json
from companion.ui.common.files import file_size, parse_json, save_bytes, use_file_pick
from companion.ui.common.services import ThemeChoice, kept, off_loop, use_app
from companion.ui.common.widgets import (announced, bind, confirm_dialog, labelled, said, screen_view, section_title,
                                         sentence, surface)
from companion.i18n import N_, Message, _, format_number, msg, ngettext, tr
from companion.ui.shell.copies import KeptCopiesPanel
from companion.ui.shell.history import roster_names
from companion.ui.shell.language import LanguagePanel, own_choice_note
from companion.ui.shell.lan import LanCodePanel, lan_for_this_tab

__all__ = ["SettingsScreen", "BackupPanel", "CsvPanel", "MAX_BACKUP_BYTES", "file_name"]

# The largest backup file read, the same as `companion import` reads (companion/inputs.py); from a browser that
# a computer serves, at most what such a browser may send (`WEB_FILE_BYTES`, see `BackupPanel`).
MAX_BACKUP_BYTES = BACKUP_BYTES

_THEME_LABELS = {
    # i18n: the theme that follows the device's light or dark setting
    ThemeChoice.SYSTEM: (N_("System"), ft.Icons.BRIGHTNESS_AUTO_ROUNDED),
    # i18n: the light theme
    ThemeChoice.LIGHT: (N_("Light"), ft.Icons.LIGHT_MODE_ROUNDED),
    # i18n: the dark theme
    ThemeChoice.DARK: (N_("Dark"), ft.Icons.DARK_MODE_ROUNDED),
}


@ft.component
def SettingsScreen() -> ft.View:
    """Route `/settings`: the theme applies at once and is remembered; where the data is kept; backups."""
    app = use_app()
    theme = app.theme()
    # A phone on the Wi-Fi that chose none follows the computer's: no segment is its own choice then.
    following = app.own is not None and app.own.theme is None
    problem, set_problem = ft.use_state(None)

    def choose_theme(e: ft.Event) -> None:
        selected = e.data if isinstance(e.data, list) and e.data else e.control.selected
        if app.own is not None:        # a phone on the Wi-Fi: its own choice, not the household's
            # None selected (a second tap before the redraw came): the computer's again, as the buttons show.
            app.own.choose("theme", ThemeChoice.from_setting(selected[0]).value if selected else None)
            return
        choice = ThemeChoice.from_setting(selected[0] if selected else None)
        if choice == app.theme():
            return
        try:
            app.store.settings.set("theme", choice.value)
        except CompanionError as exc:
            set_problem(_("The theme was not saved: {reason}").format(reason=said(exc)))
            return
        set_problem(None)
        app.changed()

    body: list[ft.Control] = [
        section_title(_("Appearance")),
        surface(
            ft.Column(
                spacing=12,
                tight=True,
                controls=[
                    ft.Text(_("Theme"), weight=ft.FontWeight.W_600),
                    labelled(
                        "settings-theme",
                        ft.SegmentedButton(
                            key="settings-theme",
                            selected=[] if following else [theme.value],
                            allow_empty_selection=following,
                            show_selected_icon=False,
                            segments=[
                                ft.Segment(value=choice.value, label=ft.Text(_(label)))
                                for choice, (label, icon) in _THEME_LABELS.items()
                            ],
                            on_change=choose_theme,
                        ),
                    ),
                    ft.Text(
                        _("System follows your device's light or dark setting."),
                        size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                    *(_own_theme(app, theme, following) if app.own is not None else []),
                    *([ft.Text(problem, key="settings-problem", color=ft.Colors.ERROR)] if problem else []),
                ],
            )
        ),
        section_title(_("Language"), key="settings-language-title"),
        LanguagePanel(),
        section_title(_("Your data")),
        surface(_where_data_is(app.store.data_dir, app.shell.desktop, app.shell.device, app.shell.storage_kept,
                               app.shell.secure_page)),
        section_title(_("Backup"), key="settings-backup-title"),
        BackupPanel(),
        *([section_title(_("Earlier versions"), key="settings-copies-title"), KeptCopiesPanel()]
          if app.store.data_dir is not None else []),
        section_title(_("Spreadsheet"), key="settings-csv-title"),
        CsvPanel(),
        *([section_title(_("Playing on the Wi-Fi"), key="settings-lan-title"), LanCodePanel()]
          if lan_for_this_tab(app) is not None else []),
        section_title(_("About")),
        surface(
            ft.Text(_("Climbing Companion {version}").format(version=__version__), key="settings-version",
                    color=ft.Colors.ON_SURFACE_VARIANT)
        ),
    ]
    return screen_view(_("Settings"), body)


def _own_theme(app, theme: ThemeChoice, following: bool) -> list[ft.Control]:
    """On a phone on the Wi-Fi, under the theme: whose it is, and the way back to the computer's."""
    label = _(_THEME_LABELS[theme][0])
    if following:
        # i18n: on a phone on the Wi-Fi that chose no theme of its own; {theme} is Light, Dark or System
        return [ft.Text(_("As the computer: {theme}").format(theme=label), key="settings-theme-computer-now",
                        size=13), own_choice_note("settings-theme-own")]
    return [own_choice_note("settings-theme-own"),
            labelled("settings-theme-computer", ft.TextButton(
                _("Follow the computer's theme"), key="settings-theme-computer",
                on_click=lambda: app.own.choose("theme", None)))]


def _where_data_is(folder, desktop: bool, device: str | None = None, kept: bool | None = None,
                   secure: bool | None = None) -> ft.Control:
    """The data folder's path in a desktop window; on a phone or in the browser build, that the data is kept
    there (in a browser, whether it promised to keep it: `kept`; whether the page can work offline and keep a
    second tab out: `secure`, see `Shell.secure_page`); a browser served by a computer is only told the data
    is not on its device."""
    if folder is None:
        title, words, key = _("Saved in"), _("Memory only: nothing is written to disk."), "settings-data-dir"
    elif device == "browser" and not desktop:
        title, key = _("Kept in this browser"), "settings-data-where"
        if secure is False:
            words = _("Players and games are saved in this browser as they change. Opened over plain http at a "
                      "network address, the page does not work without the network, and two tabs open at once "
                      "save over each other: keep it in one tab. Clearing this site's data in the browser's "
                      "settings deletes them: download a backup below to keep a copy elsewhere.")
        else:
            words = _("Players and games are saved in this browser as they change, and work with no network. "
                      "Clearing this site's data in the browser's settings deletes them: download a backup below "
                      "to keep a copy elsewhere.")
        if kept is not None:
            words = " ".join((words, storage_words(kept)))
    elif device is not None and not desktop:
        title, key = _("Kept on this phone"), "settings-data-where"
        words = _("Players and games are saved on this phone as they change, and work with no network. "
                  "Uninstalling the app deletes them: download a backup below to keep a copy elsewhere.")
    elif desktop:
        title, words, key = _("Saved in"), str(folder), "settings-data-dir"
    else:
        title, key = _("Kept on the computer running the companion"), "settings-data-where"
        words = _("Every device that opens the companion shares the same players and games, saved on that "
                  "computer as they change. To keep a copy on this device, download a backup below; "
                  "importing it later adds back whatever is missing.")
    return ft.Row(
        spacing=12,
        vertical_alignment=ft.CrossAxisAlignment.START,
        controls=[
            ft.Icon(ft.Icons.FOLDER_OUTLINED if desktop else ft.Icons.PHONE_ANDROID_OUTLINED if device
                    else ft.Icons.DNS_OUTLINED,
                    color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Column(expand=True, spacing=4, tight=True, controls=[
                ft.Text(title, weight=ft.FontWeight.W_600),
                # Only the folder is selectable, to be copied: selectable text is a read-only text field to a
                # screen reader, and a sentence is better read as one.
                ft.Text(words, key=key, selectable=desktop, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            ]),
        ],
    )


def storage_words(kept: bool) -> str:
    """Whether the browser running the app promised to keep its data, in a sentence."""
    if kept:
        return _("This browser has promised to keep them, even when it runs short of space.")
    # i18n: Safari deletes a website's saved data after seven days of use without a visit to it, unless the
    # website was added to the home screen
    return _("This browser has not promised to keep them: it may clear them when it runs short of space, or "
             "(Safari) after a week without a visit unless the companion is on the home screen.")


def file_name(kind: str, now: datetime | None = None) -> str:
    """The suggested name of a backup ('json') or of the history as a spreadsheet ('csv'), dated today."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%d")
    return f"climbing-companion-backup-{stamp}.json" if kind == "json" else f"climbing-companion-history-{stamp}.csv"


@ft.component
def BackupPanel() -> ft.Control:
    """Export everything to one JSON file and import one back (checked in full first, merged without duplicates)."""
    app = use_app()
    desktop = app.shell.desktop
    outcome, set_outcome = ft.use_state(None)   # (good, message)
    busy, set_busy = ft.use_state(False)
    # This tab's last import that changed something, to take back (`_Undo`): kept by the tab, so that a look at
    # the players or History brought in does not lose it.
    undo, set_kept_undo = ft.use_state(lambda: app.tab.get(_UNDO))
    asking, set_asking = ft.use_state(False)     # an earlier import's undo, waiting for "Undo it"

    def set_undo(value) -> None:
        app.tab[_UNDO] = value
        set_kept_undo(value)

    async def run(work: Callable[[], Awaitable[tuple[bool, str] | None]]) -> None:
        set_busy(True)
        try:
            result = await work()
        except (CompanionError, OSError, ValueError) as exc:
            set_outcome((False, _sentence(exc)))
        else:
            if result is not None:
                set_outcome(result)
        finally:
            set_busy(False)

    async def download() -> None:
        async def work():
            data = await off_loop(_backup_bytes, app.store)
            went = await save_bytes(desktop, data, file_name("json"), title=_("Save the backup"), extension="json")
            if went is None:
                return None   # the save dialog was cancelled
            # i18n: {went} says where it went: "downloaded as <file name>" or "saved to <path>"
            return True, lambda: _("Backup {went} ({size}).").format(went=tr(went), size=file_size(len(data)))
        await run(work)

    async def bring_in(read) -> None:
        async def work():
            try:
                chosen = await read()
                if chosen is None:
                    return None
                good, words, made, added = await _import(app, chosen.data, chosen.name)
            except (CompanionError, OSError, ValueError):
                # Refused (a file too large, one whose contents never came, one that is no backup), the line
                # above speaks of this file: the import before it is the earlier one, and taking it back asks
                # first ("Undo this import" under a refusal undid another file at once).
                if undo is not None:
                    set_undo(undo._replace(latest=False))
                raise
            if made is not None:
                set_undo(_Undo(chosen.name, made, True, added))
            elif undo is not None:
                # This file changed nothing (the same file again): the import before it can
                # still be taken back, as the earlier one, since the line above now speaks of this file (which
                # may have the same name).
                set_undo(undo._replace(latest=False))
            return good, words
        await run(work)

    async def take_back() -> None:
        if undo is not None and not undo.latest:
            # The line above speaks of another file, which added nothing: what this takes away is said first.
            set_asking(True)
            return
        await confirmed()

    async def confirmed() -> None:
        set_asking(False)
        if undo is None:
            return
        name, made = undo.name, undo.made

        async def work():
            # Tried once: taken back, or refused because something was saved since (then it never can be).
            set_undo(None)
            await off_loop(app.store.undo_import, made)
            await kept(app.store)
            app.changed()
            return True, msg("The import of {name} is undone: what it added is gone, the rest is as it was.",
                             name=name)
        await run(work)

    # A browser served by a computer sends the file to it in one message, which the server caps (a larger one
    # closes the tab's connection before a word can be said here): said before the pick. The browser build
    # reads it into the page's Python, whose memory a file of a few hundred MB overflows (the tab crashed):
    # the same limit, which the page script keeps (companion.js). A desktop window and a phone's own app read
    # the file where Python runs, up to a whole backup's limit.
    served = not desktop and app.shell.device is None
    in_page = app.shell.device == "browser"
    limit = min(MAX_BACKUP_BYTES, WEB_FILE_BYTES) if served or in_page else MAX_BACKUP_BYTES
    pick = use_file_pick(desktop, title=_("Choose a backup file"), extension="json", limit=limit,
                         what=msg("a backup"), on_file=bring_in)

    controls: list[ft.Control] = [
        ft.Text(_("One JSON file holds everything: players, history, games in progress, Expeditions, the Hall of "
                  "Fame, the 14ers catalog and settings. Importing checks the whole file first and adds only what "
                  "is new; a file with any problem changes nothing."), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Column(spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, controls=[
            labelled("settings-backup-download", ft.FilledTonalButton(
                _("Save a backup…") if desktop else _("Download a backup"), key="settings-backup-download",
                icon=ft.Icons.DOWNLOAD_ROUNDED, on_click=download, disabled=busy)),
            labelled("settings-backup-pick", ft.FilledTonalButton(
                _("Import a backup file…"), key="settings-backup-pick", icon=ft.Icons.UPLOAD_FILE_ROUNDED,
                action=pick.action, on_click=pick.click, disabled=busy)),
        ]),
    ]
    if served:
        controls.append(ft.Text(_("From this browser a backup of up to {size} can be imported (more than 10,000 "
                                  "finished games); a larger one is imported on the computer running the "
                                  "companion.").format(size=file_size(limit)),
                                key="settings-backup-limit", size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    elif in_page:
        # i18n: in the app that runs inside the browser (no computer serving it), under the button that imports
        # a backup
        controls.append(ft.Text(_("This browser imports a backup of up to {size} (more than 10,000 finished "
                                  "games).").format(size=file_size(limit)),
                                key="settings-backup-limit", size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    controls.extend(_outcome(outcome, busy, "settings-backup-result"))
    if undo is not None and not busy:
        # Right after an import (a friend's file brought in by mistake): one tap takes it all back.
        # The whole width, so that a long file name (the app's own backups are named
        # "climbing-companion-backup-<date>.json") wraps instead of running off a phone's screen.
        controls.append(ft.Row(controls=[ft.Container(expand=True, content=labelled("settings-backup-undo",
            ft.OutlinedButton(
                _("Undo this import") if undo.latest else _("Undo the earlier import of {name}").format(name=undo.name),
                key="settings-backup-undo", icon=ft.Icons.UNDO_ROUNDED, on_click=take_back)))]))
    ft.use_dialog(confirm_dialog(
        "settings-backup-undo", _("Undo the earlier import of {name}?").format(name=undo.name),
        # i18n: {records} says what the earlier import did, "6 players, 48 finished games" (and "1 game in progress
        # brought up to the backup's later moves")
        _("This takes back what that import did: {records}. The files picked since changed nothing.").format(
            records=tr(undo.changed) if undo.changed is not None else "—"),
        # i18n: the button that takes back an earlier import of a backup
        _("Undo it"), confirmed, bind(set_asking, False), cancel=_("Keep it"))
        if asking and undo is not None and not busy else None)
    return surface(ft.Column(controls, spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))


@ft.component
def CsvPanel() -> ft.Control:
    """The play history as a CSV file for spreadsheets: one row per player per game."""
    app = use_app()
    desktop = app.shell.desktop
    outcome, set_outcome = ft.use_state(None)
    busy, set_busy = ft.use_state(False)

    async def download() -> None:
        set_busy(True)
        try:
            text, rows = await off_loop(_history_csv, app.store)
            # A byte-order mark tells spreadsheet programs the file is UTF-8, so accented names survive.
            went = await save_bytes(desktop, text.encode("utf-8-sig"), file_name("csv"), title=_("Save the history"),
                                    extension="csv")
        except (CompanionError, OSError, ValueError) as exc:
            set_outcome((False, _sentence(exc)))
        else:
            if went is not None:
                # i18n: {went} says where they went: "downloaded as <file name>" or "saved to <path>"
                set_outcome((True, lambda: ngettext("{n} row {went}.", "{n} rows {went}.", rows).format(
                    n=format_number(rows), went=tr(went))))
        finally:
            set_busy(False)

    controls: list[ft.Control] = [
        ft.Text(_("The play history as a CSV file: one row per player per game, with the game, date, title, "
                  "score and winner. Opens in any spreadsheet."), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Column(tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, controls=[
            labelled("settings-csv-download", ft.FilledTonalButton(
                _("Save the history (CSV)…") if desktop else _("Download the history (CSV)"),
                key="settings-csv-download",
                icon=ft.Icons.TABLE_VIEW_ROUNDED, on_click=download, disabled=busy))]),
    ]
    controls.extend(_outcome(outcome, busy, "settings-csv-result"))
    return surface(ft.Column(controls, spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))


_UNDO = "backup-undo"     # the tab's key for the import that can be undone


class _Undo(NamedTuple):
    """An import that can be taken back: its file's name, what takes it back, whether it is the latest file
    picked (False once another, changing nothing, was picked since) and what it changed, in words."""

    name: str
    made: Any
    latest: bool
    changed: Message | None


async def _import(app, data: bytes, name: str) -> tuple[bool, Message, Any, Message | None]:
    """Parse and import a backup; the store checks every record before it changes anything. Also returns what
    takes the import back (None when it changed nothing) and what that takes back, in words."""
    try:
        doc = parse_json(data)
        report = await off_loop(app.store.import_all, doc)
    except InvalidInput as exc:
        raise InvalidInput(_("The file {name} was not imported: {reason}. Nothing was changed").format(
            name=name, reason=said(exc).rstrip("."))) from None
    await kept(app.store)
    app.changed()
    # A Message, said when shown: in the language in force then (the language may change while it is shown).
    words = msg("Imported {name}: {report}.", name=name, report=report.words())
    return True, words, report.undo, report.changed_words()


def _backup_bytes(store) -> bytes:
    return encode_json(store.export_all(), indent=1)


def _history_csv(store) -> tuple[str, int]:
    games = stats.read(store.history.list())
    rows = sum(len(seats) for _, seats in games.entries)
    return stats.history_csv(games, roster_names(store)), rows


def _outcome(outcome, busy: bool, key: str) -> list[ft.Control]:
    if busy:
        return [ft.Row(spacing=8, controls=[ft.ProgressRing(width=16, height=16, stroke_width=2),
                                            ft.Text(_("Working…"), size=13)])]
    if outcome is None:
        return []
    good, message = outcome
    # Said in the language in force each time it is shown (a Message, or a sentence made anew), so a change of
    # language in the same visit changes it too.
    if isinstance(message, Message):
        message = tr(message)
    elif callable(message):
        message = message()
    # Said as it appears (a live region), as a sighted player sees it appear below the button tapped.
    return [announced(ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
        ft.Icon(ft.Icons.CHECK_CIRCLE_ROUNDED if good else ft.Icons.ERROR_OUTLINE_ROUNDED,
                color="#2F855A" if good else ft.Colors.ERROR, size=18),
        ft.Text(message, key=key, size=13, expand=True,
                color=None if good else ft.Colors.ERROR),
    ]), key=f"{key}-announced")]


def _sentence(exc: BaseException) -> str:
    """A failed backup, import or CSV as a sentence; a file system error says what failed."""
    if isinstance(exc, OSError) and exc.strerror:
        if exc.filename:
            return sentence(_("the file could not be written or read ({file}): {reason}").format(
                file=exc.filename, reason=exc.strerror))
        return sentence(_("the file could not be written or read: {reason}").format(reason=exc.strerror))
    return sentence(exc)

