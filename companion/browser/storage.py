"""The data folder on the browser's persistent storage: Emscripten's IDBFS, synced after every save.

Inside a page, Python's files live in memory (Emscripten's file system). IDBFS keeps a copy of one folder
in IndexedDB, but only when told: `FS.syncfs(true, cb)` fills the folder from IndexedDB (once, before the
store opens) and `FS.syncfs(false, cb)` copies the folder into IndexedDB. The store calls `saved()` after
every change (its after_save hook), which starts a copy without waiting for it; a save made while one is
running is copied by one more run right after it, so the last save is never left behind and two copies
never run at once.

A save is thus kept in IndexedDB a moment after the screen shows it. Where that moment matters, the store's
`persisted` (`BrowserFolder.kept`) waits for it: an import says it is done only once its copy is made (or
says that the copy failed), so a reload right after the message cannot lose it. For every other save,
`on_busy` is told when copying starts and when it is all done: the page (`client/companion.js`) then asks
before it is reloaded or closed meanwhile (a move shown on the sheet and the page reloaded at once was lost).

Why not IDBFS's own `autoPersist`: it drops the errors of its copies, and an error here (a full disk, storage
the browser took back) must reach the person while the page still holds the data.

IDBFS decides what to copy by comparing each file's modification time, to the millisecond, with the time
it stored. Browsers coarsen their clocks (to 1 ms, to 100 ms in some privacy modes), so a file saved again
within the same tick could keep the stored time and never be copied. Every save here writes a new file
and renames it over the old one, so a file with a new identity (inode) but an old time has changed:
`saved()` moves its time on by a millisecond before the copy starts.

Known limit: IDBFS lists the files when a copy starts and reads them when IndexedDB is ready. A save in
between is copied by the next run, which starts as soon as that one ends; until then IndexedDB may hold a
file list older than the files' content.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.errors import StoreError
from companion.i18n.message import msg
from companion.store import Store, open_store

__all__ = ["BrowserStorageError", "BrowserFolder", "open_browser_store"]

log = logging.getLogger(__name__)

# Wraps a Python function so JavaScript can call it (once): pyodide.ffi.create_once_callable in a page.
WrapCallback = Callable[[Callable[..., None]], Any]

_MS = 1_000_000  # nanoseconds in IDBFS's unit of time


class BrowserStorageError(StoreError):
    """The browser's persistent storage (IndexedDB) could not be read or written."""


class BrowserFolder:
    """The data folder at `path` in Emscripten's file system `fs`, kept in IndexedDB through IDBFS.

    `fs` is `pyodide_js.FS` in a page (tests pass a stand-in with `mkdirTree`, `mount`, `filesystems.IDBFS`
    and `syncfs`). `wrap_callback` turns the Python function `syncfs` calls back into something JavaScript
    can call: by default `pyodide.ffi.create_once_callable`, or the function itself outside Pyodide.
    """

    def __init__(self, fs: Any, path: str, *, wrap_callback: WrapCallback | None = None) -> None:
        self.fs = fs
        self.path = path
        self._wrap = wrap_callback
        self._lock = threading.Lock()  # saves may come from several threads in CPython; none in a page
        self._mounted = False
        self._loaded = False
        self._running = False  # a copy into IndexedDB is under way
        self._again = False    # a save came while it ran: one more copy is due when it ends
        self._waiters: list[asyncio.Future[None]] = []
        self._last_error: str | None = None
        # Told the reason when a copy into IndexedDB fails (after a success, again at the next failure).
        self.on_failure: Callable[[str], None] | None = None
        # Told True when copying into IndexedDB starts, False when no copy is running or due any more.
        self.on_busy: Callable[[bool], None] | None = None
        # Per file: the identity and latest time seen, so a replaced file always gets a later time.
        self._times: dict[str, tuple[int, int]] = {}

    @property
    def loaded(self) -> bool:
        """True once the folder has been filled from IndexedDB (only then are saves copied back)."""
        return self._loaded

    @property
    def pending(self) -> bool:
        """True while a copy into IndexedDB is running or due."""
        with self._lock:
            return self._running

    @property
    def last_error(self) -> str | None:
        """Why the latest copy into IndexedDB failed; None once a later one succeeds."""
        return self._last_error

    async def mount(self) -> None:
        """Create the folder, mount IDBFS there and fill it from IndexedDB; BrowserStorageError if that fails.

        A folder whose filling failed is never copied back: copying would make IndexedDB match the empty
        folder, deleting what it holds.
        """
        if self._mounted:
            raise BrowserStorageError(f"{self.path} is already mounted")
        try:
            self.fs.mkdirTree(self.path)
            self.fs.mount(self.fs.filesystems.IDBFS, None, self.path)
        except Exception as exc:
            raise BrowserStorageError(f"cannot mount the browser's storage at {self.path}: {_describe(exc)}") from None
        self._mounted = True
        loop = asyncio.get_running_loop()
        done: asyncio.Future[str | None] = loop.create_future()

        def filled(error: Any = None) -> None:
            # JavaScript passes null or undefined on success, an Error (or a message) on failure.
            loop.call_soon_threadsafe(_settle, done, _describe(error) if error else None)

        try:
            self.fs.syncfs(True, self._callback(filled))
        except Exception as exc:
            done.set_result(_describe(exc))
        error = await done
        if error is not None:
            raise BrowserStorageError(f"the data saved in this browser cannot be read ({error}); nothing was "
                                      "changed. Reload the page to try again")
        self._loaded = True
        self._note_times()

    def saved(self) -> None:
        """The store's after_save: start copying the folder into IndexedDB, or queue one more copy."""
        if not self._loaded:
            self._last_error = "the folder was not filled from the browser's storage, so it is not copied back"
            log.warning("companion: a save at %s is not kept in the browser: %s", self.path, self._last_error)
            return
        self._note_times()
        with self._lock:
            if self._running:
                self._again = True
                return
            self._running = True
        self._tell_busy(True)
        self._start()

    async def settled(self) -> None:
        """Wait until no copy into IndexedDB is running or due (see last_error for how the last one went)."""
        loop = asyncio.get_running_loop()
        while True:
            with self._lock:
                if not self._running:
                    return
                waiter: asyncio.Future[None] = loop.create_future()
                self._waiters.append(waiter)
            await waiter

    async def kept(self) -> None:
        """Wait for the copies under way; BrowserStorageError when the last one failed (the changes are then
        in the page only, and lost when it closes)."""
        await self.settled()
        if self._last_error is not None:
            # i18n: after an import in a phone's browser; {why} is the browser's own words (English)
            raise BrowserStorageError(msg("the change is in this page, but saving it into this browser's storage "
                                          "failed ({why}): it may be lost when the page closes, so download a "
                                          "backup now", why=self._last_error))

    # -- internals -------------------------------------------------------------------------------------

    def _start(self) -> None:
        callback = self._callback(self._finished)
        try:
            self.fs.syncfs(False, callback)
        except Exception as exc:
            destroy = getattr(callback, "destroy", None)
            if destroy is not None:
                destroy()
            self._finished(exc)

    def _finished(self, error: Any = None) -> None:
        if error:
            first = self._last_error is None
            self._last_error = _describe(error)
            log.warning("companion: copying %s into the browser's storage failed: %s", self.path, self._last_error)
            if first and self.on_failure is not None:
                self.on_failure(self._last_error)
        else:
            self._last_error = None
        with self._lock:
            again, self._again = self._again, False
            if not again:
                self._running = False
                waiters, self._waiters = self._waiters, []
        if again:
            self._start()
            return
        self._tell_busy(False)
        for waiter in waiters:
            waiter.get_loop().call_soon_threadsafe(_settle, waiter, None)

    def _tell_busy(self, busy: bool) -> None:
        if self.on_busy is not None:
            try:
                self.on_busy(busy)
            except Exception as exc:  # noqa: BLE001 - the page not hearing it must never stop a save
                log.warning("companion: cannot tell the page whether a save is being kept: %s", _describe(exc))

    def _callback(self, function: Callable[..., None]) -> Any:
        if self._wrap is None:
            try:
                from pyodide.ffi import create_once_callable  # noqa: PLC0415 - exists only in Pyodide
            except ImportError:
                self._wrap = _as_is
            else:
                self._wrap = create_once_callable
        return self._wrap(function)

    def _note_times(self) -> None:
        """Give every file replaced since it was last seen a time later than any it had (see the module)."""
        seen: dict[str, tuple[int, int]] = {}
        for folder, _dirs, files in os.walk(self.path):
            for name in files:
                path = os.path.join(folder, name)
                try:
                    stat = os.stat(path)
                except OSError:
                    continue
                mtime = stat.st_mtime_ns // _MS
                before = self._times.get(path)
                if before is not None and before[0] != stat.st_ino and mtime <= before[1]:
                    mtime = before[1] + 1
                    try:
                        os.utime(path, ns=(stat.st_atime_ns, mtime * _MS))
                    except OSError as exc:
                        log.warning("companion: cannot set the time of %s: %s", path, exc)
                        continue
                seen[path] = (stat.st_ino, mtime if before is None else max(mtime, before[1]))
        self._times = seen


async def open_browser_store(fs: Any, path: str, *, wrap_callback: WrapCallback | None = None,
                             **options: Any) -> tuple[Store, BrowserFolder]:
    """Mount the browser's storage at `path`, then open the store there with every save copied back.

    `options` go to `open_store` (clock, migration_steps). BrowserStorageError when the saved data cannot
    be read from IndexedDB; the store's own errors as `open_store` raises them.
    """
    folder = BrowserFolder(fs, path, wrap_callback=wrap_callback)
    await folder.mount()
    store = open_store(Path(path), after_save=folder.saved, **options)
    folder.on_failure = lambda why: _tell(store, why)
    store.persisted = folder.kept
    return store, folder


def _tell(store: Store, why: str) -> None:
    """A failed copy into IndexedDB, among the notices the home screen shows until they are dismissed."""
    # i18n: a notice on the home screen of the app in a phone's browser; {why} is the browser's own words
    notice = msg("Saving into this browser's storage failed ({why}). What was entered since may be lost when the "
                 "page closes: download a backup in Settings.", why=why)
    if notice not in store.notices:
        store.notices.append(notice)


def _settle(future: asyncio.Future[Any], value: Any) -> None:
    if not future.done():
        future.set_result(value)


def _as_is(function: Callable[..., None]) -> Callable[..., None]:
    return function


def _describe(error: Any) -> str:
    text = str(error)
    return text if text and text != "None" else repr(error)
