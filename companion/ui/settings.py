"""The Settings screen: light or dark theme, where the saved data lives, backup and restore, and the play
history as a spreadsheet (CSV).

A backup is the store's full export (`Store.export_all`) as one JSON file; restoring it goes through
`Store.import_all`, which checks the whole file first and changes nothing when any part is wrong. Files
travel two ways: through the device's own save and open dialogs (a download and a file upload in a
browser), or by a file path on the computer running the companion (in web mode: the server's disk).
"""

from __future__ import annotations

import asyncio
import json
import os
import tempfile
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path

import flet as ft

from companion import __version__, stats
from companion.errors import CompanionError, InvalidInput
from companion.ui.services import ThemeChoice, use_app
from companion.ui.widgets import labelled, screen_view, section_title

__all__ = ["SettingsScreen", "BackupPanel", "CsvPanel", "MAX_BACKUP_BYTES", "default_file"]

# The largest backup file read: 10,000 finished games make about 25 MB, so this leaves ample room while
# refusing to read a file that cannot be a backup into memory.
MAX_BACKUP_BYTES = 256 * 1024 * 1024

_THEME_LABELS = {
    ThemeChoice.SYSTEM: ("System", ft.Icons.BRIGHTNESS_AUTO_ROUNDED),
    ThemeChoice.LIGHT: ("Light", ft.Icons.LIGHT_MODE_ROUNDED),
    ThemeChoice.DARK: ("Dark", ft.Icons.DARK_MODE_ROUNDED),
}


@ft.component
def SettingsScreen() -> ft.View:
    """Route `/settings`: the theme applies at once and is remembered; the data folder is shown."""
    app = use_app()
    theme = app.shell.theme()
    problem, set_problem = ft.use_state(None)

    def choose_theme(e: ft.Event) -> None:
        selected = e.data if isinstance(e.data, list) and e.data else e.control.selected
        choice = ThemeChoice.from_setting(selected[0] if selected else None)
        if choice == app.shell.theme():
            return
        try:
            app.store.settings.set("theme", choice.value)
        except CompanionError as exc:
            set_problem(f"The theme was not saved: {exc}")
            return
        set_problem(None)
        app.changed()

    folder = app.store.data_dir
    body: list[ft.Control] = [
        section_title("Appearance"),
        _panel(
            ft.Column(
                spacing=12,
                tight=True,
                controls=[
                    ft.Text("Theme", weight=ft.FontWeight.W_600),
                    labelled(
                        "settings-theme",
                        ft.SegmentedButton(
                            key="settings-theme",
                            selected=[theme.value],
                            show_selected_icon=False,
                            segments=[
                                ft.Segment(value=choice.value, label=ft.Text(label), icon=ft.Icon(icon))
                                for choice, (label, icon) in _THEME_LABELS.items()
                            ],
                            on_change=choose_theme,
                        ),
                    ),
                    ft.Text(
                        "System follows your device's light or dark setting.",
                        size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                    *([ft.Text(problem, key="settings-problem", color=ft.Colors.ERROR)] if problem else []),
                ],
            )
        ),
        section_title("Your data"),
        _panel(
            ft.Row(
                spacing=12,
                vertical_alignment=ft.CrossAxisAlignment.START,
                controls=[
                    ft.Icon(ft.Icons.FOLDER_OUTLINED, color=ft.Colors.ON_SURFACE_VARIANT),
                    ft.Column(
                        expand=True,
                        spacing=4,
                        tight=True,
                        controls=[
                            ft.Text("Saved in", weight=ft.FontWeight.W_600),
                            ft.Text(
                                str(folder) if folder else "Memory only: nothing is written to disk.",
                                key="settings-data-dir",
                                selectable=True,
                                size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            ),
                        ],
                    ),
                ],
            )
        ),
        section_title("Backup", key="settings-backup-title"),
        BackupPanel(),
        section_title("Spreadsheet", key="settings-csv-title"),
        CsvPanel(),
        section_title("About"),
        _panel(
            ft.Text(f"Climbing Companion {__version__}", key="settings-version",
                    color=ft.Colors.ON_SURFACE_VARIANT)
        ),
    ]
    return screen_view("Settings", body)


def _panel(content: ft.Control) -> ft.Control:
    return ft.Container(
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=16,
        content=content,
    )


def default_file(kind: str, now: datetime | None = None) -> Path:
    """Where a backup ('json') or history ('csv') is saved unless the player types another path."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%d")
    name = f"climbing-companion-backup-{stamp}.json" if kind == "json" else f"climbing-companion-history-{stamp}.csv"
    return Path.home() / name


@ft.component
def BackupPanel() -> ft.Control:
    """Export everything to one JSON file and import one back (checked in full first, merged without duplicates)."""
    app = use_app()
    page = ft.context.page
    # The typed path lives in a ref so typing never redraws the field (a redraw per keystroke drops letters).
    path_now = ft.use_ref(str(default_file("json")))
    outcome, set_outcome = ft.use_state(None)   # (good, message)
    busy, set_busy = ft.use_state(False)

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
            name = default_file("json").name
            data = await asyncio.to_thread(_backup_bytes, app.store)
            saved = await ft.FilePicker().save_file(dialog_title="Save the backup", file_name=name, src_bytes=data,
                                                    file_type=ft.FilePickerFileType.CUSTOM,
                                                    allowed_extensions=["json"])
            if not saved and not page.web:
                return None   # the save dialog was cancelled
            return True, f"Backup saved as {saved or name} ({_size(len(data))})."
        await run(work)

    async def save_here() -> None:
        async def work():
            target = _target(path_now.current)
            data = await asyncio.to_thread(_backup_bytes, app.store)
            await asyncio.to_thread(_write_atomic, target, data)
            return True, f"Backup saved to {target} ({_size(len(data))})."
        await run(work)

    async def import_here() -> None:
        async def work():
            source = _target(path_now.current)
            data = await asyncio.to_thread(_read_file, source)
            return await _import(app, data, source.name)
        await run(work)

    async def pick() -> None:
        async def work():
            files = await ft.FilePicker().pick_files(
                dialog_title="Choose a backup file", file_type=ft.FilePickerFileType.CUSTOM,
                allowed_extensions=["json"], with_data=True)
            if not files:
                return None
            chosen = files[0]
            if chosen.bytes is not None:
                data = bytes(chosen.bytes)
                if len(data) > MAX_BACKUP_BYTES:
                    raise InvalidInput(f"{chosen.name} is {_size(len(data))}; a backup is at most "
                                       f"{_size(MAX_BACKUP_BYTES)}")
            elif chosen.path:
                data = await asyncio.to_thread(_read_file, Path(chosen.path))
            else:
                raise InvalidInput(f"{chosen.name} could not be read from this device")
            return await _import(app, data, chosen.name)
        await run(work)

    where = "the computer running the companion" if page.web else "this device"
    controls: list[ft.Control] = [
        ft.Text("One JSON file holds everything: players, history, games in progress, Expeditions, the Hall of "
                "Fame, the 14ers catalog and settings. Importing checks the whole file first and adds only what "
                "is new; a file with any problem changes nothing.", size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Column(spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, controls=[
            labelled("settings-backup-download", ft.FilledTonalButton(
                "Download a backup", key="settings-backup-download", icon=ft.Icons.DOWNLOAD_ROUNDED,
                on_click=download, disabled=busy)),
            labelled("settings-backup-pick", ft.FilledTonalButton(
                "Import a backup file…", key="settings-backup-pick", icon=ft.Icons.UPLOAD_FILE_ROUNDED,
                on_click=pick, disabled=busy)),
        ]),
        ft.Divider(height=8),
        ft.Text(f"Or by a file path on {where}:", size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        labelled("settings-backup-path", ft.TextField(
            key="settings-backup-path", label="Backup file", value=str(default_file("json")), dense=True,
            on_change=lambda e: _remember(path_now, e))),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            labelled("settings-backup-save", ft.OutlinedButton(
                "Save here", key="settings-backup-save", icon=ft.Icons.SAVE_ALT_ROUNDED, on_click=save_here,
                disabled=busy)),
            labelled("settings-backup-import", ft.OutlinedButton(
                "Import this file", key="settings-backup-import", icon=ft.Icons.FILE_OPEN_OUTLINED,
                on_click=import_here, disabled=busy)),
        ]),
    ]
    controls.extend(_outcome(outcome, busy, "settings-backup-result"))
    return _panel(ft.Column(controls, spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))


@ft.component
def CsvPanel() -> ft.Control:
    """The play history as a CSV file for spreadsheets: one row per player per game."""
    app = use_app()
    page = ft.context.page
    path_now = ft.use_ref(str(default_file("csv")))
    outcome, set_outcome = ft.use_state(None)
    busy, set_busy = ft.use_state(False)

    async def export(to_path: bool) -> None:
        set_busy(True)
        try:
            text, rows = await asyncio.to_thread(_history_csv, app.store)
            # A byte-order mark tells spreadsheet programs the file is UTF-8, so accented names survive.
            data = text.encode("utf-8-sig")
            if to_path:
                target = _target(path_now.current)
                await asyncio.to_thread(_write_atomic, target, data)
                where = str(target)
            else:
                name = default_file("csv").name
                saved = await ft.FilePicker().save_file(dialog_title="Save the history", file_name=name,
                                                        src_bytes=data, file_type=ft.FilePickerFileType.CUSTOM,
                                                        allowed_extensions=["csv"])
                if not saved and not page.web:
                    return
                where = saved or name
        except (CompanionError, OSError, ValueError) as exc:
            set_outcome((False, _sentence(exc)))
        else:
            set_outcome((True, f"{rows:,} row{'s' if rows != 1 else ''} saved to {where}."))
        finally:
            set_busy(False)

    async def download() -> None:
        await export(False)

    async def save_here() -> None:
        await export(True)

    where = "the computer running the companion" if page.web else "this device"
    controls: list[ft.Control] = [
        ft.Text("The play history as a CSV file: one row per player per game, with the game, date, title, "
                "score and winner. Opens in any spreadsheet.", size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Column(tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, controls=[
            labelled("settings-csv-download", ft.FilledTonalButton(
                "Download the history (CSV)", key="settings-csv-download", icon=ft.Icons.TABLE_VIEW_ROUNDED,
                on_click=download, disabled=busy))]),
        ft.Text(f"Or save it on {where}:", size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        labelled("settings-csv-path", ft.TextField(
            key="settings-csv-path", label="CSV file", value=str(default_file("csv")), dense=True,
            on_change=lambda e: _remember(path_now, e))),
        ft.Row([labelled("settings-csv-save", ft.OutlinedButton(
            "Save here", key="settings-csv-save", icon=ft.Icons.SAVE_ALT_ROUNDED, on_click=save_here,
            disabled=busy))]),
    ]
    controls.extend(_outcome(outcome, busy, "settings-csv-result"))
    return _panel(ft.Column(controls, spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))


async def _import(app, data: bytes, name: str) -> tuple[bool, str]:
    """Parse and import a backup; the store checks every record before it changes anything."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise InvalidInput(f"The file {name} was not imported: it is not a text file, so it cannot be a backup") from None
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"The file {name} was not imported: it is not valid JSON (line {exc.lineno}, column "
                           f"{exc.colno}: {exc.msg}); it may be cut short") from None
    try:
        report = await asyncio.to_thread(app.store.import_all, doc)
    except InvalidInput as exc:
        raise InvalidInput(f"The file {name} was not imported: {exc}") from None
    app.changed()
    return True, f"Imported {name}: {report}."


def _backup_bytes(store) -> bytes:
    return json.dumps(store.export_all(), ensure_ascii=False, indent=1).encode("utf-8")


def _history_csv(store) -> tuple[str, int]:
    games = stats.read(store.history.list())
    rows = sum(len(seats) for _, seats in games.entries)
    return stats.history_csv(games), rows


def _target(typed: str | None) -> Path:
    text = (typed or "").strip()
    if not text:
        raise InvalidInput("type the path of the file first")
    return Path(text).expanduser()


def _read_file(path: Path) -> bytes:
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise InvalidInput(f"there is no file at {path}") from None
    if path.is_dir():
        raise InvalidInput(f"{path} is a folder, not a backup file")
    if size > MAX_BACKUP_BYTES:
        raise InvalidInput(f"{path.name} is {_size(size)}; a backup is at most {_size(MAX_BACKUP_BYTES)}")
    return path.read_bytes()


def _write_atomic(path: Path, data: bytes) -> None:
    """Write the whole file or nothing: a temporary file beside it, flushed, then renamed over it."""
    folder = path.parent
    if not folder.is_dir():
        raise InvalidInput(f"the folder {folder} does not exist")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _remember(ref, e: ft.Event) -> None:
    ref.current = e.control.value or ""


def _outcome(outcome, busy: bool, key: str) -> list[ft.Control]:
    if busy:
        return [ft.Row(spacing=8, controls=[ft.ProgressRing(width=16, height=16, stroke_width=2),
                                            ft.Text("Working…", size=13)])]
    if outcome is None:
        return []
    good, message = outcome
    return [ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
        ft.Icon(ft.Icons.CHECK_CIRCLE_ROUNDED if good else ft.Icons.ERROR_OUTLINE_ROUNDED,
                color="#2F855A" if good else ft.Colors.ERROR, size=18),
        ft.Text(message, key=key, size=13, expand=True,
                color=None if good else ft.Colors.ERROR),
    ])]


def _sentence(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        where = f" ({exc.filename})" if exc.filename else ""
        text = f"the file could not be written or read{where}: {exc.strerror}"
    else:
        text = str(exc)
    text = text[:1].upper() + text[1:]
    if isinstance(exc, InvalidInput) and "not imported" in text:
        text += ". Nothing was changed"
    return text if text.endswith(".") else text + "."


def _size(n: int) -> str:
    if n < 1024:
        return f"{n} bytes"
    if n < 1024 * 1024:
        return f"{n / 1024:.0f} KB"
    return f"{n / 1024 / 1024:.1f} MB"
