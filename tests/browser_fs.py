"""A stand-in for Emscripten's FS with IDBFS, over a real folder, for the store's browser backend tests.

It behaves as Emscripten's IDBFS does (read from its source): `syncfs` lists the folder's entries and
their modification times when called, and finishes later (here: on the event loop's next turns, as
IndexedDB answers later), when it compares the listed times, to the millisecond, with the stored ones,
copies the entries whose times differ with their content *as it is then*, removes the stored entries that
were not listed, and calls back with None or an error. A listed file that is gone by then is an error
(IDBFS's lstat fails), while the other entries are still copied. `syncfs(True, cb)` works the other way
round and sets each file's time to the stored one. The "IndexedDB" is `database`: {mount point: {path
relative to it: Entry}}, which a second FS can share to model reloading the page.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

MS = 1_000_000
# The store's process lock: its pid text is rewritten at every open and emptied at close; it is not data.
LOCK_FILE = "companion.lock"


@dataclass(frozen=True)
class Entry:
    """One stored entry: its time in milliseconds (as IDBFS keeps it) and a file's bytes (None: folder)."""

    mtime: int
    data: bytes | None


class SyncFailed(Exception):
    """An error a test makes IndexedDB answer with."""


class FakeFS:
    """Emscripten's FS as far as companion.browser.storage uses it, with one IDBFS over real folders."""

    IDBFS = object()

    def __init__(self, loop: asyncio.AbstractEventLoop, database: dict[str, dict[str, Entry]] | None = None):
        self.loop = loop
        self.database = database if database is not None else {}
        self.filesystems = SimpleNamespace(IDBFS=self.IDBFS)
        self.mounts: dict[str, Any] = {}
        self.syncs: list[bool] = []   # the populate flag of each syncfs call, in order
        self.running = 0
        self.most_at_once = 0
        self.finished = 0
        self.failures: list[BaseException | str] = []       # errors for the next copies into the database
        self.fill_failures: list[BaseException | str] = []  # errors for the next fillings from it

    # -- the FS calls ------------------------------------------------------------------------------------

    def mkdirTree(self, path: str, mode: int = 0o777) -> None:  # noqa: N802 - Emscripten's name
        os.makedirs(path, exist_ok=True)

    def mount(self, fs_type: Any, opts: Any, mountpoint: str) -> None:
        assert fs_type is self.IDBFS, "only IDBFS is modelled"
        assert mountpoint not in self.mounts, f"{mountpoint} is already mounted"
        assert os.path.isdir(mountpoint), f"{mountpoint} does not exist"
        # A fresh mount starts empty (it hides what was there); a stand-in cannot hide files, so it refuses them.
        assert not os.listdir(mountpoint), f"{mountpoint} is not empty"
        self.mounts[mountpoint] = fs_type

    def syncfs(self, populate: bool, callback: Callable[..., None]) -> None:
        mount = self._mount_of_all()
        self.syncs.append(populate)
        self.running += 1
        self.most_at_once = max(self.most_at_once, self.running)
        listed = None if populate else _listing(Path(mount))
        failures = self.fill_failures if populate else self.failures
        failure = failures.pop(0) if failures else None
        # Later, as IndexedDB answers later: two turns of the loop (opening the database, then its cursor).
        self.loop.call_soon_threadsafe(self.loop.call_soon, self._finish, mount, populate, listed, failure, callback)

    # -- what tests look at --------------------------------------------------------------------------------

    def stored(self, mountpoint: str | Path) -> dict[str, bytes | None]:
        """The stored entries of a mount: {relative path: bytes, or None for a folder}."""
        return {path: entry.data for path, entry in self.database.get(str(mountpoint), {}).items()}

    # -- internals -----------------------------------------------------------------------------------------

    def _mount_of_all(self) -> str:
        # syncfs works on every IDBFS mount; the tests mount one at a time.
        assert len(self.mounts) == 1, f"syncfs with {len(self.mounts)} mounts"
        return next(iter(self.mounts))

    def _finish(self, mount: str, populate: bool, listed: dict[str, int] | None, failure: Any,
                callback: Callable[..., None]) -> None:
        self.running -= 1
        self.finished += 1
        if failure is not None:
            callback(failure)
            return
        error = _populate(Path(mount), self.database.setdefault(mount, {})) if populate else \
            _persist(Path(mount), listed or {}, self.database.setdefault(mount, {}))
        callback(error)


def folder_entries(folder: str | Path) -> dict[str, bytes | None]:
    """A folder's entries as the database keeps them: {relative path: bytes, or None for a folder}."""
    root = Path(folder)
    found: dict[str, bytes | None] = {}
    for path in sorted(root.rglob("*")):
        name = path.relative_to(root).as_posix()
        found[name] = None if path.is_dir() else path.read_bytes()
    return found


def without_lock(entries: dict[str, bytes | None]) -> dict[str, bytes | None]:
    """Entries without the store's process lock file (see LOCK_FILE)."""
    return {name: data for name, data in entries.items() if name != LOCK_FILE}


def once(function: Callable[..., None]) -> Callable[..., None]:
    """Like pyodide.ffi.create_once_callable: the wrapped function may be called one time only."""
    calls = []

    def call_once(*args: Any) -> None:
        assert not calls, "a callback made with create_once_callable was called twice"
        calls.append(args)
        function(*args)

    return call_once


def _listing(root: Path) -> dict[str, int]:
    listed = {}
    for path in root.rglob("*"):
        try:
            listed[path.relative_to(root).as_posix()] = os.lstat(path).st_mtime_ns // MS
        except FileNotFoundError:
            continue
    return listed


def _persist(root: Path, listed: dict[str, int], stored: dict[str, Entry]) -> Exception | None:
    error = None
    for name in sorted(listed):
        old = stored.get(name)
        if old is not None and old.mtime == listed[name]:
            continue
        path = root / name
        try:
            stat = os.lstat(path)
            data = None if path.is_dir() else path.read_bytes()
        except FileNotFoundError as exc:
            error = error or exc
            continue
        stored[name] = Entry(stat.st_mtime_ns // MS, data)
    for name in sorted(set(stored) - set(listed), reverse=True):
        del stored[name]
    return error


def _populate(root: Path, stored: dict[str, Entry]) -> Exception | None:
    for name in sorted(stored):
        entry = stored[name]
        path = root / name
        if path.exists() and os.lstat(path).st_mtime_ns // MS == entry.mtime:
            continue
        if entry.data is None:
            path.mkdir(parents=True, exist_ok=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(entry.data)
        os.utime(path, ns=(entry.mtime * MS, entry.mtime * MS))
    for path in sorted(root.rglob("*"), reverse=True):
        if path.relative_to(root).as_posix() not in stored:
            path.rmdir() if path.is_dir() else path.unlink()
    return None
