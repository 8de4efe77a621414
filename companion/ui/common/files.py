"""Files between the companion and the person using it, never by a path that came from a browser.

Served to browsers (`companion --web`), the app runs on one computer and every tab is an untrusted client:
whatever a client sends, a typed path or the `path` field of a file dialog's answer, must not be read or
written on that computer. So files leave as downloads (`FilePicker.save_file` with the bytes; the browser
saves them on its own device) and arrive as uploads (Flet's PickFiles action with `with_data=True`, run
by the client inside the tap, since browsers open a file picker only then: only the bytes the device sent
are used). Only in a desktop window, which the serving process marks (`Shell.desktop`, never
the client's own `page.web`), does the person at the screen own this computer's files: there the system's
save and open dialogs give paths, and this module writes and reads them.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath
from typing import Any

import flet as ft

from companion.errors import InvalidInput
from companion.i18n import Message, _, format_number, msg, ngettext
from companion.inputs import NoSuchFile, parse_bytes, read_bytes
from companion.store.atomic import write_bytes_atomic
from companion.ui.common.services import off_loop

__all__ = ["Picked", "FilePick", "save_bytes", "use_file_pick", "parse_json", "read_limited", "file_size"]


@dataclass(frozen=True)
class Picked:
    """One chosen file: its name (without folders, for messages) and its contents."""

    name: str
    data: bytes


async def save_bytes(desktop: bool, data: bytes, name: str, *, title: str, extension: str) -> str | None:
    """Hand `data` to the person as a file named `name`: how it went ("downloaded as …", "saved to …", a
    `Message`: say it with `tr`), or None when the desktop save dialog was cancelled.

    In a browser the bytes go to the device as a download and nothing is written here, whatever the
    client answers. In a desktop window the system's save dialog picks the path and the file is written
    here in full (atomically): Flet's desktop client writes `src_bytes` itself with some versions of its
    file dialog plugin and not with others, so writing it again makes both the same.
    """
    try:
        answer = await ft.FilePicker().save_file(
            dialog_title=title, file_name=name, src_bytes=data, file_type=ft.FilePickerFileType.CUSTOM,
            allowed_extensions=[extension])
    except (RuntimeError, TimeoutError) as exc:
        raise InvalidInput(msg("the save dialog could not open here ({reason})", reason=str(exc))) from None
    if not desktop:
        # i18n: how a file left: "Backup downloaded as climbing-companion-backup-2026-03-01.json (12 KB)."
        return msg("downloaded as {name}", name=name)
    if not answer:
        return None
    target = Path(answer)
    await off_loop(write_bytes_atomic, target, data)
    # i18n: how a file left: "Backup saved to /home/ann/backup.json (12 KB)."
    return msg("saved to {path}", path=str(target))


@dataclass(frozen=True)
class FilePick:
    """What `use_file_pick` gives a screen for one "choose a file" button: `action=pick.action,
    on_click=pick.click`.

    In a browser `action` is the client-side PickFiles (the picker opens inside the tap, the only moment
    a browser allows it) and `click` does nothing; in a desktop window `action` is None and `click` opens
    the system's dialog.
    """

    action: ft.PickFiles | None
    click: Callable[[], Awaitable[None]]


def use_file_pick(desktop: bool, *, title: str, extension: str, limit: int, what: str,
                  on_file: Callable[[Callable[[], Awaitable[Picked | None]]], Awaitable[None]]) -> FilePick:
    """A hook for a button that brings one file in.

    When the person has chosen a file, `on_file(read)` is called: `await read()` inside the screen's own
    error handling gives the file as `Picked`, None when the dialog was cancelled, or raises InvalidInput
    (the contents did not arrive from the device, the file is larger than `limit`, named as `what` it
    should have been, e.g. "a backup").

    From a browser (the serving process says so: `desktop` False, never the client's `page.web`) the pick
    is Flet's PickFiles action with `with_data=True`, and the selection arrives at the FilePicker's
    `on_result`: only the bytes the device sent count, a path in the answer is never opened. The picker
    lives as long as the component (kept in a ref, so the button's action and the dialog that may carry
    it all reach the same one). In a desktop window the system's open dialog gives a path that is read here.
    """
    latest = ft.use_ref(None)
    latest.current = (on_file, limit, what)

    async def arrived(e: ft.FilePickerResultEvent) -> None:
        files = e.files
        if not files:
            return   # cancelled
        handle, most, kind = latest.current

        async def read() -> Picked:
            return _uploaded(files[0], most, kind)
        await handle(read)

    picker = ft.use_ref(lambda: None if desktop else ft.FilePicker(on_result=arrived))

    async def click() -> None:
        if not desktop:
            return   # the client opened the picker itself; the file arrives at on_result
        handle, most, kind = latest.current

        async def read() -> Picked | None:
            return await _pick_on_desktop(title=title, extension=extension, limit=most, what=kind)
        await handle(read)

    action = None if picker.current is None else ft.PickFiles(
        picker.current, dialog_title=title, file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=[extension],
        with_data=True)
    return FilePick(action, click)


def _uploaded(chosen: Any, limit: int, what: str) -> Picked:
    """A file a browser sent: its bytes only. Anything else in the answer (a path above all) is ignored."""
    name = _shown_name(getattr(chosen, "name", None))
    data = getattr(chosen, "bytes", None)
    if isinstance(data, list):
        try:
            data = bytes(data)
        except (TypeError, ValueError):
            data = None
    if not isinstance(data, (bytes, bytearray)):
        raise InvalidInput(msg("the contents of {name} did not arrive from this device; choose the file again",
                               name=name))
    return _within(name, bytes(data), limit, what)


async def _pick_on_desktop(*, title: str, extension: str, limit: int, what: str) -> Picked | None:
    """The system's open dialog (desktop window only): the chosen path is read here."""
    try:
        files = await ft.FilePicker().pick_files(
            dialog_title=title, file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=[extension])
    except (RuntimeError, TimeoutError) as exc:
        raise InvalidInput(msg("the file dialog could not open here ({reason})", reason=str(exc))) from None
    if not files:
        return None
    chosen = files[0]
    name = _shown_name(chosen.name)
    if chosen.path:
        data = await off_loop(read_limited, Path(chosen.path), limit, what)
    elif chosen.bytes is not None:
        data = bytes(chosen.bytes)
    else:
        raise InvalidInput(msg("the contents of {name} did not arrive from this device; choose the file again",
                               name=name))
    return _within(name, data, limit, what)


def _shown_name(raw: Any) -> str:
    """The name is the device's to choose: shown on one line, without any folders it may carry."""
    # A Windows device names the file with its folders after backslashes ("C:\\Users\\Ann\\backup.json"), which
    # PurePath leaves whole where the app runs on anything else.
    return " ".join(PureWindowsPath(str(raw or "")).name.split()) or _("the file")


def _within(name: str, data: bytes, limit: int, what: str) -> Picked:
    if len(data) > limit:
        raise InvalidInput(_too_large(name, len(data), limit, what))
    return Picked(name, data)


def _too_large(name: str, size: int, limit: int, what: str) -> str:
    # i18n: {what} is the kind of file expected, such as "a backup"
    return msg("the file {name} is {size}; {what} is at most {limit}", name=name, size=file_size(size), what=what,
               limit=file_size(limit))


def parse_json(data: bytes) -> Any:
    """The JSON document in a file's bytes, read as strictly as the command line reads files
    (companion/inputs.py: no key twice, no overlong number, no broken character); InvalidInput says why they
    are not one (callers name the file)."""
    try:
        return parse_bytes(data, bom=True)      # UTF-16 too, as a text editor saves "Unicode"
    except UnicodeError:
        # A text saved in another encoding (Latin-1, say) is a text file too: what it is not is UTF-8.
        raise InvalidInput(msg("it is not a UTF-8 text file")) from None
    except json.JSONDecodeError as exc:
        raise InvalidInput(_json_problem(exc)) from None
    except RecursionError:
        raise InvalidInput(msg("it is nested too deeply to be a companion file")) from None


def read_limited(path: Path, limit: int, what: str) -> bytes:
    """A regular file's bytes from this computer's disk (desktop window only), refused above `limit` bytes
    (a FIFO or a device is refused unread, companion/inputs.py)."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise InvalidInput(msg("there is no file at {path}", path=str(path))) from None
    if path.is_dir():
        # i18n: {what} is the kind of file expected, such as "a backup"
        raise InvalidInput(msg("{path} is a folder, not {what}", path=str(path), what=what))
    if size > limit:
        raise InvalidInput(_too_large(path.name, size, limit, what))
    try:
        return read_bytes(path, limit, what)
    except NoSuchFile:
        raise InvalidInput(msg("there is no file at {path}", path=str(path))) from None


def file_size(n: int) -> str:
    """A byte count in words, as every refused file says it: '512 bytes', '12 KB', '3 MB', '3.4 MB' (the
    command line's `companion.inputs.size_text`, in the language in force), the figure and its unit on one
    line ("(20" and "KB)" were wrapped apart)."""
    if n < 1024:
        text = ngettext("{n} bytes", "{n} bytes", n).format(n=n)
    elif n < 1024 * 1024:
        # i18n: a file's size in kilobytes
        text = _("{size} KB").format(size=format_number(n / 1024, 0, group=False))
    else:
        mb = n / 1024 / 1024
        # i18n: a file's size in megabytes
        text = _("{size} MB").format(size=format_number(mb, 0 if mb == int(mb) else 1, group=False))
    return text.replace(" ", "\u00a0")


def _json_problem(exc: json.JSONDecodeError) -> Message:
    """What is wrong with a text that is not JSON, in words a player can act on (not the parser's English)."""
    if not exc.doc.strip():
        # i18n: a picked file holds nothing (or only spaces)
        return msg("the file is empty")
    if exc.pos <= len(exc.doc) - len(exc.doc.lstrip()):
        # i18n: a picked file's text does not even start as JSON (a note, a web page, another kind of file)
        return msg("it is not a JSON file (it does not start as one)")
    if exc.pos >= len(exc.doc.rstrip()) or exc.msg.startswith("Unterminated string"):
        # i18n: a picked file's JSON stops before it is complete, as a file copied or downloaded in part does
        return msg("it is cut short (its JSON stops before the end, at line {line}, column {column})",
                   line=exc.lineno, column=exc.colno)
    # i18n: a picked file's JSON breaks somewhere in the middle (edited by hand, or damaged)
    return msg("it is not valid JSON (line {line}, column {column})", line=exc.lineno, column=exc.colno)
