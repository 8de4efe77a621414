"""Files between the companion and the person using it, never by a path that came from a browser.

Served to browsers (`companion --web`), the app runs on one computer and every tab is an untrusted client:
whatever a client sends, a typed path or the `path` field of a file dialog's answer, must not be read or
written on that computer. So files leave as downloads (`FilePicker.save_file` with the bytes; the browser
saves them on its own device) and arrive as uploads (`pick_files(with_data=True)`: only the bytes the
device sent are used). Only in a desktop window, which the serving process marks (`Shell.desktop`, never
the client's own `page.web`), does the person at the screen own this computer's files: there the system's
save and open dialogs give paths, and this module writes and reads them.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

import flet as ft

from companion.errors import InvalidInput
from companion.store.atomic import write_bytes_atomic

__all__ = ["Picked", "save_bytes", "pick_file", "parse_json", "read_limited", "file_size"]


@dataclass(frozen=True)
class Picked:
    """One chosen file: its name (without folders, for messages) and its contents."""

    name: str
    data: bytes


async def save_bytes(desktop: bool, data: bytes, name: str, *, title: str, extension: str) -> str | None:
    """Hand `data` to the person as a file named `name`: how it went ("downloaded as …", "saved to …"), or
    None when the desktop save dialog was cancelled.

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
        raise InvalidInput(f"the save dialog could not open here ({exc})") from None
    if not desktop:
        return f"downloaded as {name}"
    if not answer:
        return None
    target = Path(answer)
    await asyncio.to_thread(write_bytes_atomic, target, data)
    return f"saved to {target}"


async def pick_file(desktop: bool, *, title: str, extension: str, limit: int, what: str) -> Picked | None:
    """Let the person choose one file and return its contents, or None when the dialog was cancelled.

    From a browser only the uploaded bytes count: an answer naming a path but carrying no bytes is
    refused and the path is never opened. In a desktop window the chosen path is read. A file larger
    than `limit` is refused, naming `what` it should have been ("a backup"). InvalidInput says why.
    """
    try:
        files = await ft.FilePicker().pick_files(
            dialog_title=title, file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=[extension],
            with_data=not desktop)
    except (RuntimeError, TimeoutError) as exc:
        raise InvalidInput(f"the file dialog could not open here ({exc})") from None
    if not files:
        return None
    chosen = files[0]
    # The name is the device's to choose: shown on one line, without any folders it may carry.
    name = " ".join(PurePath(str(chosen.name or "")).name.split()) or "the file"
    if desktop and chosen.path:
        data = await asyncio.to_thread(read_limited, Path(chosen.path), limit, what)
    elif chosen.bytes is not None:
        data = bytes(chosen.bytes)
    else:
        raise InvalidInput(f"the contents of {name} did not arrive from this device; choose the file again")
    if len(data) > limit:
        raise InvalidInput(f"the file {name} is {file_size(len(data))}; {what} is at most {file_size(limit)}")
    return Picked(name, data)


def parse_json(data: bytes) -> Any:
    """The JSON document in a file's bytes; InvalidInput says why they are not one (callers name the file)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InvalidInput("it is not a text file") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"it is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); "
                           "it may be cut short") from None
    except RecursionError:
        raise InvalidInput("it is nested too deeply to be a companion file") from None


def read_limited(path: Path, limit: int, what: str) -> bytes:
    """A file's bytes from this computer's disk (desktop window only), refused above `limit` bytes."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise InvalidInput(f"there is no file at {path}") from None
    if path.is_dir():
        raise InvalidInput(f"{path} is a folder, not {what}")
    if size > limit:
        raise InvalidInput(f"the file {path.name} is {file_size(size)}; {what} is at most {file_size(limit)}")
    try:
        return path.read_bytes()
    except OSError as exc:
        raise InvalidInput(f"{path} could not be read: {exc.strerror or exc}") from None


def file_size(n: int) -> str:
    """A byte count in words: '512 bytes', '12 KB', '3.4 MB'."""
    if n < 1024:
        return f"{n} bytes"
    if n < 1024 * 1024:
        return f"{n / 1024:.0f} KB"
    return f"{n / 1024 / 1024:.1f} MB"
