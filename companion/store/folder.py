"""The store: one open data folder (or an in-memory stand-in) and its repositories.

Files in a data folder:

- `companion.json`: the meta table (layout version), players, settings
- `sessions.json`: games in progress (the only file an autosave writes)
- `history/<YYYY-MM>.json`: finished games, one file per month; `history/index.json`: what each holds
- `<table>.json`: one per general table (expeditions, hall_of_fame, ...)
- `<file>.bak`: the previous good version of each file; `<name>.backup-<time>.json`: kept copies;
  `<name>.corrupt-<time>.json`: unreadable files moved aside (month files' copies stay in `history/`)
- `pending-notices.json`: the notices about damaged files that wait for the player's decision (see `pending`)
- `companion.lock`: held by the process that has the folder open

A damaged file is one that cannot be read, or one that is missing while its `.bak` is still there: a file
the store has written is never removed by it (a file an upgrade retired is recorded as such), so its
absence means it was deleted, and starting empty would let the next saves replace the `.bak`, its last
good copy. Either way the `.bak` is kept under a name no save touches and offered, and the notice stays
(at every start, in every program that opens the folder) until the player restores it or goes on without.
"""

from __future__ import annotations

import functools
import logging
import os
import re
import threading
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from enum import Enum
from pathlib import Path
from typing import Any

from companion.errors import InvalidInput, StoreError
from companion.i18n.message import N_, Message, msg, reason_of
from companion.paths import default_data_path
from companion.store import atomic, migrations, records
from companion.store.atomic import Unreadable, read_json_file
from companion.store.history import TABLE as HISTORY_TABLE
from companion.store.history import MonthFiles, check_history_keys, check_month, month_of, month_title
from companion.store.layout import (
    DEVICE_SETTINGS, HISTORY_DIR, LEGACY_HISTORY_FILE, MAIN_FILE, MONTH_PATTERN, REOPENED_TABLE, RESERVED_NAMES,
    SESSIONS_FILE, TABLE_NAME_PATTERN, month_file, month_of_file, table_file,
)
from companion.store.lock import ProcessLock
from companion.store.pending import Pending, PendingNotices
from companion.store.records import describe, timestamp
from companion.store.repos import HistoryRepo, PlayerRepo, SessionRepo, SettingsRepo, TableRepo
from companion.store.storage import Database, RawData, StoreCorrupt, check_shape, with_docs

__all__ = ["Store", "open_store", "AfterSave", "BackupInfo", "BackupKind", "what_file_holds"]

_log = logging.getLogger(__name__)

_STEM = r"(?P<stem>[a-z][a-z0-9_]{0,39})"
_MONTH_STEM = r"(?P<stem>\d{4}-(?:0[1-9]|1[0-2]))"
_STAMP = r"(?P<stamp>\d{8}T\d{6}Z(?:-\d+)?)"
_WHAT = {
    MAIN_FILE: N_("the record of players and settings"),
    SESSIONS_FILE: N_("the list of games in progress"),
    LEGACY_HISTORY_FILE: N_("the history of finished games"),
    # The tables the games keep beside them (`Store.table`), by their file's name. The words stand inside a
    # sentence ("Restored: the list of ..., as it was saved ..."), as a month's ("the games finished in May").
    "corrections.json": N_("the record of corrected entries"),
    "reopened.json": N_("the list of games reopened from History"),
    "coach.json": N_("the record of the Trek 12 coach's hints and reviews"),
    "hall_of_fame.json": N_("the Hall of Fame"),
    "envelopes.json": N_("the record of the Challenge envelopes"),
    "expedition_sheets.json": N_("the list of Expedition sheets played in the app"),
    "fourteeners_catalog.json": N_("the 14ers card catalog"),
    "drafts.json": N_("the record of forms half filled in during games"),
}
# The start-up notice for a change a crash interrupted, which this start completed, by the change's label.
_COMPLETED = {
    "an import": N_("An import was interrupted last time; it has now been completed."),
    "undoing an import": N_("Undoing an import was interrupted last time; it has now been completed."),
    "an upgrade of the saved data": N_("An upgrade of the saved data was interrupted last time; it has now been "
                                       "completed."),
    "finishing a game": N_("Finishing a game was interrupted last time; it has now been completed."),
    "restoring a copy of the whole history": N_("Restoring a copy of the whole history was interrupted last time; "
                                                "it has now been completed."),
}

Clock = Callable[[], datetime]
# Called with no arguments once a store call's changes have reached the data folder (see open_store).
AfterSave = Callable[[], None]


class BackupKind(str, Enum):
    """What a kept file is."""

    PREVIOUS = "previous"        # <file>.bak: the version before the last save
    KEPT = "kept"                # <name>.backup-<time>.json: a copy kept before an upgrade or a quarantine
    QUARANTINED = "quarantined"  # <name>.corrupt-<time>.json: a file that could not be read, moved aside



def _patterns(stem: str) -> tuple[tuple[BackupKind, re.Pattern[str]], ...]:
    return (
        (BackupKind.PREVIOUS, re.compile(stem + r"\.json\.bak")),
        (BackupKind.KEPT, re.compile(stem + r"\.backup-" + _STAMP + r"\.json")),
        (BackupKind.QUARANTINED, re.compile(stem + r"\.corrupt-" + _STAMP + r"\.json")),
    )


# The data folder's own files, and the month files' copies, which stay beside them in history/.
_BACKUP_PATTERNS = {"": _patterns(_STEM), HISTORY_DIR: _patterns(_MONTH_STEM)}


@dataclass(frozen=True)
class BackupInfo:
    """A copy of a saved file kept in the data folder, and what restoring it would replace."""

    path: Path
    file: str       # the live file it is a copy of, e.g. "sessions.json" or "history/2026-11.json"
    kind: BackupKind
    modified: str   # when the content was written (ISO 8601 UTC)
    size: int       # bytes

    @property
    def restorable(self) -> bool:
        """Quarantined files could not be read; the other copies were good when kept."""
        return self.kind is not BackupKind.QUARANTINED

    @property
    def holds(self) -> Message:
        """What the live file it is a copy of holds (see `what_file_holds`)."""
        return what_file_holds(self.file)

    def describe(self) -> str:
        """One line for a list of backups."""
        what = {BackupKind.PREVIOUS: "previous version", BackupKind.KEPT: "kept copy",
                BackupKind.QUARANTINED: "unreadable, moved aside"}[self.kind]
        return f"{self.file}: {what}, saved {self.modified[:16].replace('T', ' ')} UTC ({self.size:,} bytes)"


def _locked(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def locked(self: Store, *args: Any, **kwargs: Any) -> Any:
        with self.mutex:
            return method(self, *args, **kwargs)

    return locked


class Store:
    """An open data folder: players, sessions, history, settings, general tables, backups."""

    def __init__(self, *, data_dir: Path | None, databases: dict[str, Database], months: MonthFiles,
                 lock: ProcessLock | None, notices: list[str], clock: Clock, offered: list[Path] | None = None,
                 schema_version: int = migrations.SCHEMA_VERSION, saving: _SavingMutex | None = None,
                 pending: PendingNotices | None = None) -> None:
        self.data_dir = data_dir
        self.schema_version = schema_version
        # The notices to show: those about damaged files still waiting for a decision (from this start or an
        # earlier one), then this start's others. Both lists grow after opening too (a month file found
        # unreadable when first read), and shrink as the player decides (dismiss_notice, restore_backup).
        self.notices = notices
        self._offered = offered if offered is not None else []
        self._pending = pending if pending is not None else PendingNotices(None)
        self._dbs = databases
        self._months = months
        self._lock = lock
        self._clock = clock
        self._tables: dict[str, TableRepo] = {}
        # Held by every repository call: Flet runs event handlers on several threads at once. With an
        # after_save hook it also calls the hook once the outermost call holding it has changed files.
        self.mutex: Any = threading.RLock() if saving is None else saving
        # Where saves are copied on after they reach the folder (the browser's IndexedDB), the coroutine
        # function that waits for the copies under way and raises StoreError when the last one failed: set
        # by the one who makes the copies. A screen awaits it before it says a large change (an import) is
        # kept; None where a save is kept once it is in the folder.
        self.persisted: Callable[[], Awaitable[None]] | None = None
        self._changed = None if saving is None else saving.changed
        # A plain function, not the bound self.now: repositories holding the store would make a reference
        # cycle, and a closed store (with its whole history in memory) would wait for a full collection.
        stamp = functools.partial(_stamp_now, clock)
        self.players = PlayerRepo(databases[MAIN_FILE], stamp, self.mutex)
        self.settings = SettingsRepo(databases[MAIN_FILE], self.mutex)
        self.sessions = SessionRepo(databases[SESSIONS_FILE], self.mutex)
        self.history = HistoryRepo(months, stamp, self.mutex)
        self.closed = False

    def __repr__(self) -> str:
        return f"<Store {self.data_dir or 'in memory'}>"

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def memory(self) -> bool:
        """True for an in-memory store (nothing is written to disk)."""
        return self.data_dir is None

    def now(self) -> str:
        """The current time in the stored form (canonical ISO 8601 UTC)."""
        return _stamp_now(self._clock)

    @_locked
    def table(self, name: str) -> TableRepo:
        """A general table of documents by "id", kept in its own file `<name>.json`."""
        if not isinstance(name, str) or not TABLE_NAME_PATTERN.fullmatch(name) or name in RESERVED_NAMES:
            raise InvalidInput(f"table name {describe(name)} must be 1-40 lower-case letters, digits or _ "
                               f"starting with a letter, and not one of {', '.join(sorted(RESERVED_NAMES))}")
        repo = self._tables.get(name)
        if repo is None:
            repo = self._tables[name] = TableRepo(self._database(table_file(name)), name, self.mutex)
        return repo

    @_locked
    def table_names(self) -> list[str]:
        """The general tables this folder has (or that were used since opening)."""
        return sorted(file[:-5] for file in self._dbs if file not in (MAIN_FILE, SESSIONS_FILE))

    @_locked
    def backups(self) -> list[BackupInfo]:
        """The previous-good copies, kept copies and quarantined files in the data folder, newest first."""
        if self.data_dir is None:
            return []
        found = []
        for sub, patterns in _BACKUP_PATTERNS.items():
            folder = self.data_dir / sub
            if folder.is_dir():
                found.extend(info for entry in folder.iterdir() if (info := _backup_info(entry, sub, patterns)))
        return sorted(found, key=lambda b: (b.modified, b.restorable, b.path.name), reverse=True)

    @_locked
    def offered_backups(self) -> list[BackupInfo]:
        """The copies the notices offer (kept when a damaged file was set aside), in their order."""
        by_path = {b.path: b for b in self.backups()}
        return [by_path[path] for path in self._offered if path in by_path]

    @_locked
    def dismiss_notice(self, notice: str) -> None:
        """The player has read a notice and goes on without restoring the copy it offers: it is shown no more.

        A damaged file's notice is kept in the data folder until this (or restoring a copy of that file);
        dismissing it also gives the file, where it is still missing, its fresh empty content, so that the next
        start does not take its absence for new damage.
        """
        settled = self._pending.with_notice(notice)
        if settled:
            self._check_open()
            for entry in settled:
                self._start_afresh(entry.file)
            self._pending.settle(settled)
        self.notices[:] = [n for n in self.notices if n != notice]

    @_locked
    def restore_backup(self, path: Path | str, *, listed: str | None = None) -> None:
        """Make a kept copy the live file again, atomically (the replaced live file becomes the .bak).

        Notices waiting for a decision about that file are settled: restoring one of its copies is the decision.
        `listed`: the copy's `modified` time as the player was shown it; when the copy has been written since (a
        save replaced a .bak), nothing is restored, since it no longer holds what the player chose.
        """
        self._check_open()
        if self.data_dir is None:
            raise StoreError(msg("an in-memory store keeps no backups"))
        path = Path(path)
        path = path if path.is_absolute() else self.data_dir / path
        info = next((b for b in self.backups() if b.path == path), None)
        if info is None:
            raise StoreError(msg("{file} is not one of the copies kept in the data folder", file=path.name))
        if listed is not None and info.modified != listed:
            raise StoreError(msg("{file} was saved again since the copies were listed, so it no longer holds the "
                                 "version chosen; nothing was restored", file=path.name))
        try:
            data = check_shape(read_json_file(path))
            _check_records(info.file, data)
        except Unreadable as exc:
            raise StoreCorrupt(msg("{file} cannot be read ({reason}); it is kept only so that nothing is thrown away",
                                   file=path.name, reason=reason_of(exc))) from None
        except OSError as exc:
            raise StoreError(msg("cannot read {file} in the data folder: {reason}", file=info.path.name,
                                 reason=str(exc.strerror or exc))) from None
        if info.file == MAIN_FILE:
            version = migrations.schema_version_of(data)
            if version != self.schema_version:
                raise StoreError(msg("{file} holds data version {version}, but this folder is at version {current}; "
                                     "it cannot be restored over it", file=path.name, version=version,
                                     current=self.schema_version))
            data = self._keep_device_settings(self._keep_named_players(data))
        month = month_of_file(info.file)
        if month is not None:
            self._months.replace(month, data)
        elif info.file == LEGACY_HISTORY_FILE:
            self._restore_whole_history(data)
        else:
            self._database(info.file).write(data)
        settled = self._pending.about(info.file)
        if settled:
            self._pending.settle(settled)
            gone = {entry.notice for entry in settled}
            self.notices[:] = [n for n in self.notices if n not in gone]

    def _keep_device_settings(self, main: RawData) -> RawData:
        """An earlier copy of the roster and settings, with this device's own settings as they are now (the join
        code: a device that joined may restore a copy, and must not change or remove the code it joined by)."""
        live = [doc for doc in self._database(MAIN_FILE).raw().get("settings", {}).values()
                if doc.get("key") in DEVICE_SETTINGS]
        out = dict(main)
        out["settings"] = {k: doc for k, doc in main.get("settings", {}).items()
                           if not (isinstance(doc, dict) and doc.get("key") in DEVICE_SETTINGS)}
        return with_docs(out, "settings", live)

    def _keep_named_players(self, main: RawData) -> RawData:
        """An earlier roster, with the players that History or a game in progress names added back as removed.

        An older roster may predate a player who has played since. Without them, History would name an id the
        roster does not know, and a backup made afterwards could not be imported anywhere; as removed players
        they keep their name and colour, stay off the roster, and can be brought back."""
        live = {doc["id"]: doc for doc in self._database(MAIN_FILE).raw().get("players", {}).values()}
        restored = {doc.get("id") for doc in main.get("players", {}).values()}
        named = {entry["id"] for doc in self._months.all_docs() for entry in doc.get("players", ())
                 if entry.get("id") is not None}
        for doc in self._database(SESSIONS_FILE).raw().get("sessions", {}).values():
            named.update(doc.get("players", ()))
        missing = sorted(i for i in named if i not in restored and i in live)
        return with_docs(main, "players", [{**live[i], "removed": True} for i in missing]) if missing else main

    def _restore_whole_history(self, data: RawData) -> None:
        """Make a copy of version 1's single history.json the whole history again, split into month files.

        Such copies are kept by the upgrade to version 2 (and as its .bak); the games in them have the same
        shape, so restoring one replaces every month file with its months (other months are removed, each
        kept as its .bak), all in one commit.
        """
        files: dict[str, RawData] = {LEGACY_HISTORY_FILE: data}
        migrations.split_history_by_month(files)
        changes: dict[str, RawData | None] = dict(files)
        for month in list(self._months_present()):
            changes.setdefault(month_file(month), None)
        self._commit(changes, "restoring a copy of the whole history")

    def _months_present(self) -> list[str]:
        if self.data_dir is None or not (self.data_dir / HISTORY_DIR).is_dir():
            return []
        return sorted(entry.name[:-5] for entry in (self.data_dir / HISTORY_DIR).iterdir()
                      if entry.name.endswith(".json") and MONTH_PATTERN.fullmatch(entry.name[:-5]))

    @_locked
    def export_all(self) -> dict[str, Any]:
        """The whole saved data as one backup document (see docs/formats.md, Backup)."""
        from companion.store.backup import export_document

        return export_document(self)

    @_locked
    def import_all(self, doc: dict[str, Any]):
        """Check a backup document completely, then merge it by id in one commit; InvalidInput changes nothing."""
        from companion.store.backup import import_document

        self._check_open()
        return import_document(self, doc)

    @_locked
    def undo_import(self, undo) -> None:
        """Take back an import (its report's `undo`) while nothing has been saved since in the files it changed;
        InvalidInput, changing nothing, once something has."""
        from companion.store.backup import undo_import

        self._check_open()
        undo_import(self, undo)

    @_locked
    def finish_session(self, session_id: str, record: dict[str, Any], *, replacing: bool = False) -> str:
        """Move a game from the games in progress to History in one step (its record's id is returned).

        The record is checked as `history.add` checks it; its month file and sessions.json are then written in
        one commit, so a crash leaves the game either still in progress or finished, never both. `replacing`:
        the game was reopened from History for a correction, and its record replaces the one with its id in
        the same commit (the record keeps its finished time, so its month).
        """
        self._check_open()
        sessions = self._dbs[SESSIONS_FILE].raw().get("sessions", {})
        doc_id = next((key for key, doc in sessions.items() if doc["id"] == session_id), None)
        if doc_id is None:
            raise InvalidInput(f"there is no game in progress with id {describe(session_id)}")
        doc = self.history.checked(record, replacing=replacing)
        month = month_of(doc["finished"])
        content = self._months.content(month)
        games = content.get(HISTORY_TABLE, {})
        if replacing:
            games = {key: value for key, value in games.items() if value.get("id") != doc["id"]}
            if self.history.get(doc["id"]) is not None and len(games) == len(content.get(HISTORY_TABLE, {})):
                raise InvalidInput(f"the game {doc['id']!r} to correct is not in the month of its finished time")
        next_id = max((int(key) for key in games), default=0) + 1
        self._commit({
            month_file(month): {**content, HISTORY_TABLE: {**games, str(next_id): doc}},
            SESSIONS_FILE: {**self._dbs[SESSIONS_FILE].raw(),
                            "sessions": {key: value for key, value in sessions.items() if key != doc_id}},
        }, "finishing a game")
        return doc["id"]

    @_locked
    def close(self) -> None:
        """Stop writing and release the folder's lock (idempotent)."""
        if self.closed:
            return
        self.closed = True
        for db in self._dbs.values():
            db.close()
        self._months.close()
        if self._lock is not None:
            self._lock.release()

    # -- package-internal: used by backup.py --------------------------------------------------------

    def _database(self, file: str) -> Database:
        db = self._dbs.get(file)
        if db is None:
            path = None if self.data_dir is None else self.data_dir / file
            db = self._dbs[file] = Database(file, path, None, self._changed)
            if self.closed:
                db.close()
        return db

    @_locked
    def _commit(self, changes: dict[str, RawData | None], label: str) -> None:
        """Write several files' new content together (all or nothing; None removes a month file), then use it.

        `label` names the change ("an import") for the notice if a crash leaves it to the next start.
        """
        self._check_open()
        if self.data_dir is not None:
            try:
                payloads = {file: None if data is None else atomic.encode_json(data) for file, data in changes.items()}
                atomic.commit_files(self.data_dir, payloads, label=label)
            except OSError as exc:
                raise StoreError(msg("could not save in the data folder: {reason}; nothing was changed",
                                     reason=str(exc.strerror or exc))) from None
            if self._changed is not None:
                self._changed()
        months = False
        for file, data in changes.items():
            month = month_of_file(file)
            if month is not None:
                self._months.adopt(month, data)
                months = True
            elif data is not None:
                self._database(file).adopt(data)
        if months:
            self._months.save_index()

    def _check_open(self) -> None:
        if self.closed:
            raise StoreError(msg("the store has been closed; open it again to save"))

    def _start_afresh(self, file: str) -> None:
        """Write a damaged file's current (fresh) content where the file is still missing."""
        if self.data_dir is None or (self.data_dir / file).exists() or not _core_or_table(file):
            return
        db = self._database(file)
        db.write(db.raw())

    def _close_finished_sessions(self) -> None:
        """Take out of the games in progress those that History holds exactly as they are.

        Versions before `finish_session` saved a finished game to History and then removed it from the games
        in progress; one stopped between the two left the game in both, and finishing it again kept nothing
        new. The game was finished: this completes what was done. A game whose play differs from what History
        holds (a copy of it finished elsewhere and imported) stays in progress, and so does one taken back from
        History for a correction: its entries are History's until the correction is confirmed.
        """
        # (the table is asked for only where its file is there: asking adds it to the folder's tables)
        reopened = self.table(REOPENED_TABLE) if table_file(REOPENED_TABLE) in self._dbs else None
        for doc in list(self._dbs[SESSIONS_FILE].raw().get("sessions", {}).values()):
            if doc["id"] in self._months and (reopened is None or reopened.get(doc["id"]) is None):
                finished = self._months.get(doc["id"])
                if finished is not None and records.same_play(finished, doc):
                    self.sessions.delete(doc["id"])


def data_folder(data_dir: Path | str | None = None) -> Path:
    """The folder `open_store(data_dir)` opens (`~` expanded; the default one when None or empty, as an unset
    variable gives `--data-dir ""`), not made."""
    return Path(data_dir).expanduser() if data_dir else default_data_path()


def holds_saved_data(data_dir: Path | str | None = None) -> bool:
    """Whether the folder `open_store(data_dir)` would open holds the app's files (or their kept copies): a
    folder mistyped, or one of another kind, does not."""
    folder = data_folder(data_dir)
    own = (MAIN_FILE, SESSIONS_FILE, HISTORY_DIR, LEGACY_HISTORY_FILE)
    return any((folder / name).exists() or (folder / (name + atomic.BACKUP_SUFFIX)).exists() for name in own)


def open_store(data_dir: Path | str | None = None, *, memory: bool = False, clock: Clock | None = None,
               migration_steps: Sequence[migrations.Migration] | None = None,
               after_save: AfterSave | None = None) -> Store:
    """Open the data folder (`data_folder(data_dir)`, made if need be), or an in-memory store with memory=True.

    `after_save`, when given, is called with no arguments after every store call whose changes reached the
    data folder: saves of every kind, history month files and their index, restores, imports, and opening
    itself (which may upgrade, finish an interrupted commit, move unreadable files aside or create files),
    so that a copy of the folder kept elsewhere (the browser's persistent storage) can follow it. It runs
    once per call, however many files the call wrote (several calls inside one `with store.mutex:` count as
    one), with the store's mutex held, after the files are complete; it must not block and must not save
    through the store. A call whose every change failed does not call it (atomic writes leave the folder as
    it was), nor does a failed open (the copy kept elsewhere still holds the folder as it was before opening,
    which the next open treats the same way); a call that failed after some change had completed (the
    history folder made before its month file could not be written) does, as that change is in the folder.
    An in-memory store never calls it.

    If `after_save` raises, the change stays saved in the folder and in the open store, and the store call
    raises StoreError (chained to the hook's error) saying the copy kept elsewhere may be behind: a data
    loss risk must reach the person, who can then export a backup, and a later successful save brings the
    copy up to date. When the store call failed anyway, its own error is raised and the hook's is logged.
    An open whose after_save raises closes the store again before raising.
    """
    clock = clock or _utc_now
    steps = migrations.MIGRATIONS if migration_steps is None else tuple(migration_steps)
    if memory:
        main: RawData = {}
        migrations.set_schema_version(main, len(steps) + 1)
        dbs = {MAIN_FILE: Database(MAIN_FILE, None, main),
               SESSIONS_FILE: Database(SESSIONS_FILE, None, {})}
        return Store(data_dir=None, databases=dbs, months=MonthFiles(None), lock=None, notices=[], clock=clock,
                     schema_version=len(steps) + 1)
    folder = data_folder(data_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the data folder {folder}: {exc.strerror or exc}") from None
    if not folder.is_dir():
        raise StoreError(f"the data folder {folder} is not a folder")
    folder = folder.resolve()
    lock = ProcessLock(folder)
    lock.acquire()
    if after_save is None:
        try:
            return _open_folder(folder, lock, clock, steps, None)
        except BaseException:
            lock.release()
            raise
    return _open_saving(folder, lock, clock, steps, _SavingMutex(after_save))


def _open_saving(folder: Path, lock: ProcessLock, clock: Clock, steps: Sequence[migrations.Migration],
                 saving: _SavingMutex) -> Store:
    """Open with an after_save hook: whatever opening changed is handed on once, when it has succeeded."""
    store = None
    try:
        with saving:
            try:
                store = _open_folder(folder, lock, clock, steps, saving)
            except BaseException:
                saving.discard()
                raise
            saving.changed()
    except BaseException:
        if store is not None:
            store.close()
        else:
            lock.release()
        raise
    return store


class _SavingMutex:
    """The store's mutex when open_store was given after_save: a re-entrant lock that calls after_save once,
    as its outermost holder lets go, if files in the data folder changed meanwhile.

    Every store and repository call holds the mutex, so one call (or several inside one `with store.mutex:`,
    as SessionKeeper holds it) makes one after_save however many files it wrote.
    """

    def __init__(self, after_save: AfterSave) -> None:
        self._lock = threading.RLock()
        self._after_save = after_save
        self._depth = 0
        self._pending = False

    def __enter__(self) -> _SavingMutex:
        self._lock.acquire()
        self._depth += 1
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        try:
            if self._depth == 1 and self._pending:
                self._pending = False
                self._call(failed=exc_type is not None)
        finally:
            self._depth -= 1
            self._lock.release()

    def changed(self) -> None:
        """Note that a change reached the folder: after_save runs when the outermost holder lets go."""
        with self:
            self._pending = True

    def discard(self) -> None:
        """Forget the changes noted so far (an open that failed hands nothing on)."""
        with self:
            self._pending = False

    def _call(self, *, failed: bool) -> None:
        try:
            self._after_save()
        except Exception as exc:
            if failed:
                # The store call's own error is the one to raise; this one must still be seen somewhere.
                _log.warning("after_save failed after a store call that failed too: %s", exc, exc_info=True)
                return
            failure = f"{type(exc).__name__}: {exc}"
            raise StoreError(msg(
                "the change is saved in the data folder, but handing it on after the save failed ({reason}); the "
                "copy kept outside the folder (the browser's storage) may be behind until a later save hands it "
                "on. Export a backup to be safe", reason=failure)) from exc


def _open_folder(folder: Path, lock: ProcessLock, clock: Clock,
                 steps: Sequence[migrations.Migration], saving: _SavingMutex | None) -> Store:
    changed = None if saving is None else saving.changed
    pending = PendingNotices.load(folder, changed)
    notices = [entry.notice for entry in pending.entries]
    offered = [folder / entry.kept for entry in pending.entries if entry.kept]
    damage = _Damage(folder, pending, notices, offered)
    stamp = _file_stamp(clock())
    label = atomic.commit_label(folder)
    if atomic.recover_commit(folder):
        if label in _COMPLETED:
            notices.append(msg(_COMPLETED[label]))
        elif label:
            notices.append(msg("{what} was interrupted last time; it has now been completed.",
                               what=label[:1].upper() + label[1:]))
        else:
            notices.append(msg("An import or upgrade was interrupted last time; it has now been completed."))
    atomic.remove_leftovers(folder, (HISTORY_DIR,))

    # The version comes first: files written by a newer version must be refused untouched, not taken
    # for damaged ones and moved aside.
    target = len(steps) + 1
    loaded: dict[str, RawData | None] = {MAIN_FILE: _load(folder, MAIN_FILE, stamp, damage)}
    version = migrations.schema_version_of(loaded[MAIN_FILE])
    if version is None:
        version = target  # a new folder, or its main file was unreadable: nothing older to convert
    if version > target:
        raise StoreError(
            f"the data in {folder} was saved by a newer version of the companion (data version {version}; "
            f"this version reads up to {target}); update the companion to open it"
        )
    _report_missing(folder, loaded[MAIN_FILE], stamp, damage)
    names = [SESSIONS_FILE] + _table_files(folder)
    if version < target:
        # An upgrade hands every file to its steps: the older layout's history.json and any month files.
        names += [LEGACY_HISTORY_FILE] + [month_file(month) for month in _month_files(folder)]
    for name in names:
        loaded[name] = _load(folder, name, stamp, damage)
    if loaded.get(LEGACY_HISTORY_FILE) is not None:
        # The games' shape is the same in every version so far, and splitting them by month needs readable
        # times: a history.json whose games cannot be used is set aside before the upgrade, as it would be after.
        _check_or_set_aside(folder, LEGACY_HISTORY_FILE, loaded, stamp, damage)
    if version < target:
        _upgrade(folder, loaded, version, steps, stamp, notices)
    loaded.pop(LEGACY_HISTORY_FILE, None)  # not part of the current layout (a step that kept it has no reader)
    for name in list(loaded):
        if loaded[name] is not None:
            _check_or_set_aside(folder, name, loaded, stamp, damage)
    if loaded[MAIN_FILE] is None:
        main: RawData = {}
        migrations.set_schema_version(main, target)
        atomic.write_bytes_atomic(folder / MAIN_FILE, atomic.encode_json(main), keep_backup=True)
        loaded[MAIN_FILE] = main

    preloaded = {}
    for name in list(loaded):
        month = month_of_file(name)
        if month is not None:
            data = loaded.pop(name)
            if data is not None:
                preloaded[month] = data

    def set_aside(file: str, reason: str | None, at_start: bool) -> None:
        # A month file found unreadable (or missing beside its .bak: reason None), while opening or when first
        # read later: the store hands out the same lists. This holds no reference to the store: a cycle would
        # keep a closed store (with all the history it read) alive until a full garbage collection, which then
        # pauses for a second.
        if reason is None and file in pending.files():
            return  # reported before, still waiting for the player
        damage.report(file, *_quarantine(folder, file, reason, _file_stamp(clock()), at_start=at_start,
                                         changed=changed))

    months = MonthFiles.open(folder, preloaded, set_aside, changed)
    dbs = {name: Database(name, folder / name, data, changed) for name, data in loaded.items() if data is not None}
    dbs.setdefault(SESSIONS_FILE, Database(SESSIONS_FILE, folder / SESSIONS_FILE, None, changed))
    store = Store(data_dir=folder, databases=dbs, months=months, lock=lock, notices=notices, clock=clock,
                  offered=offered, schema_version=target, saving=saving, pending=pending)
    store._close_finished_sessions()
    return store


class _Damage:
    """Where a damaged file is reported: the folder's pending notices (kept until the player decides), and the
    start's notices and offered copies that the store hands out. Holds no reference to the store."""

    def __init__(self, folder: Path, pending: PendingNotices, notices: list[str], offered: list[Path]) -> None:
        self.folder = folder
        self.pending = pending
        self.notices = notices
        self.offered = offered

    def report(self, file: str, notice: str, kept: Path | None) -> None:
        """Keep the notice in the folder first, then give it at this start."""
        self.pending.add(Pending(file, notice, None if kept is None else _relative(self.folder, kept)))
        self.notices.append(notice)
        if kept is not None:
            self.offered.append(kept)


def _report_missing(folder: Path, main: RawData | None, stamp: str, damage: _Damage) -> None:
    """Report the files that are gone while their .bak is still there: deleted by hand, not new (module doc).

    Month files are the history's to check: the index says which months there are.
    """
    retired = migrations.retired_files(main)
    waiting = damage.pending.files()
    for name in [MAIN_FILE, SESSIONS_FILE, *_tables_with_backups(folder)]:
        if name in retired or name in waiting or (folder / name).exists():
            continue
        if (folder / (name + atomic.BACKUP_SUFFIX)).exists():
            damage.report(name, *_quarantine(folder, name, None, stamp))


def _check_or_set_aside(folder: Path, name: str, loaded: dict[str, RawData | None], stamp: str,
                        damage: _Damage) -> None:
    data = loaded[name]
    assert data is not None
    try:
        _check_records(name, data)
    except Unreadable as exc:
        damage.report(name, *_quarantine(folder, name, reason_of(exc), stamp))
        loaded[name] = None


def _upgrade(folder: Path, loaded: dict[str, RawData | None], version: int,
             steps: Sequence[migrations.Migration], stamp: str, notices: list[str]) -> None:
    files = {name: data for name, data in loaded.items() if data is not None}
    before = sorted(files)
    reached = migrations.migrate(files, version, steps)
    for name, data in files.items():
        try:
            check_shape(data)
        except Unreadable as exc:
            raise StoreError(f"upgrading the saved data produced a malformed {name} ({exc}); "
                             "nothing was changed") from None
    kept = []
    for name in before:
        if (folder / name).exists():
            copy = _unique(folder / f"{name[:-5]}.backup-{stamp}.json")
            atomic.keep_copy(folder / name, copy)
            kept.append(_relative(folder, copy))
    retired = [name for name in before if name not in files]
    # A retired file's content stays as its .bak with no live file beside it: not to be taken for a deletion.
    migrations.add_retired(files[MAIN_FILE], [name for name in retired if _core_or_table(name)])
    changes: dict[str, bytes | None] = {name: atomic.encode_json(data) for name, data in files.items()}
    changes.update({name: None for name in retired})
    atomic.commit_files(folder, changes, label="an upgrade of the saved data")
    for name in before:
        if name not in files:
            del loaded[name]
    loaded.update(files)
    notices.append(msg("Your saved data was upgraded from version {old} to {new}. Copies of the files as they were "
                       "are kept: {files}.", old=version, new=reached, files=", ".join(kept)))


def _load(folder: Path, name: str, stamp: str, damage: _Damage) -> RawData | None:
    path = folder / name
    if not path.exists():
        return None
    try:
        return check_shape(read_json_file(path))
    except Unreadable as exc:
        damage.report(name, *_quarantine(folder, name, reason_of(exc), stamp))
        return None
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror or exc}; nothing was changed. Check that the "
                         "folder is readable and try again") from None


def what_file_holds(name: str) -> Message:
    """What a data folder's file holds, for messages: "the games finished in March 2026" for
    "history/2026-03.json", "the list of games in progress" for "sessions.json", "the expeditions records"."""
    month = month_of_file(name)
    if month is not None:
        return msg("the games finished in {month}", month=month_title(month))
    if name in _WHAT:
        return msg(_WHAT[name])
    return msg("the {table} records", table=name[:-5].replace("_", " "))


def _quarantine(folder: Path, name: str, reason: str | None, stamp: str, *, at_start: bool = True,
                changed: Callable[[], None] | None = None) -> tuple[str, Path | None]:
    """Move an unreadable file aside (never overwrite it), keep its .bak safe, and say so in one notice.

    `name` is relative to the folder ("sessions.json", "history/2026-11.json"); the copies stay beside it.
    `reason` None: the file is missing while its .bak is there, which is reported the same way.
    """
    stem = name[:-5]
    what = what_file_holds(name)
    backup = folder / (name + atomic.BACKUP_SUFFIX)
    if reason is None:
        previous = _relative(folder, backup)
        text = (msg("{file} is missing from the data folder, though its previous version {previous} is there. The "
                    "companion started without {what}.", file=name, previous=previous, what=what) if at_start else
                msg("{file} is missing from the data folder, though its previous version {previous} is there. The "
                    "companion carries on without {what}.", file=name, previous=previous, what=what))
    else:
        aside = _unique(folder / f"{stem}.corrupt-{stamp}.json")
        os.replace(folder / name, aside)
        if changed is not None:
            changed()
        atomic.fsync_dir(aside.parent)
        moved = _relative(folder, aside)
        text = (msg("{file} could not be read ({reason}). It was moved aside to {aside} and the companion started "
                    "without {what}.", file=name, reason=reason, aside=moved, what=what) if at_start else
                msg("{file} could not be read ({reason}). It was moved aside to {aside} and the companion carries "
                    "on without {what}.", file=name, reason=reason, aside=moved, what=what))
    if backup.exists() and _readable(backup):
        # The .bak is replaced by the next save, so keep it under a name no save ever touches.
        kept = _unique(folder / f"{stem}.backup-{stamp}.json")
        atomic.keep_copy(backup, kept)
        saved = _file_time(kept)
        more = msg("The copy saved {saved} UTC is kept as {kept}; restore it to get that data back.",
                   saved=saved[:16].replace("T", " "), kept=_relative(folder, kept))
        if changed is not None:
            changed()
        return _then(text, more), kept
    if reason is None:
        return _then(text, msg("That copy cannot be read either, so there is nothing to restore; it stays in the "
                               "folder.")), None
    return _then(text, msg("There is no earlier copy of it to restore.")), None


def _then(first: Message, second: Message) -> Message:
    """Two sentences of one notice, one after the other."""
    # i18n: two whole sentences of one notice, one after the other; keep them in this order
    return msg("{first} {second}", first=first, second=second)


def _check_records(name: str, data: RawData) -> None:
    """Refuse a file whose records the repositories could not use (Unreadable names the first bad one).

    The small files are checked completely; history and general tables, which can hold thousands of
    records, are checked for the fields their indexes rely on (everything else was checked when saved).
    """
    month = month_of_file(name)
    if month is not None:
        check_month(month, data)
        return
    if name == MAIN_FILE:
        checks = {"players": lambda doc, where: records.player_record(doc, where),
                  "settings": lambda doc, where: records.setting_entry(doc.get("key"), doc.get("value"), where)}
    elif name == SESSIONS_FILE:
        checks = {"sessions": records.session_record}
    elif name == LEGACY_HISTORY_FILE:
        checks = {"history": check_history_keys}
    else:
        checks = {name[:-5]: lambda doc, where: records.check_doc_id(doc.get("id"), where)}
    for table, check in checks.items():
        seen: set[Any] = set()
        key = "key" if table == "settings" else "id"
        for doc_id, doc in data.get(table, {}).items():
            # i18n: a record of a saved file, in why the file cannot be read: "its history record 3"
            where = msg("its {table} record {record}", table=table, record=doc_id)
            try:
                check(doc, where)
            except InvalidInput as exc:
                raise Unreadable(reason_of(exc)) from None
            if doc.get(key) in seen:
                # i18n: why a saved file cannot be read: two of its records have one id (or key)
                raise Unreadable(msg("{where} repeats the {key} {value}", where=where, key=key,
                                     value=describe(doc.get(key))))
            seen.add(doc.get(key))


def _readable(path: Path) -> bool:
    try:
        check_shape(read_json_file(path))
    except (Unreadable, OSError):
        return False
    return True


def _core_or_table(file: str) -> bool:
    """companion.json, sessions.json or a general table's file: the files a data folder keeps by name."""
    stem, dot, ext = file.partition(".")
    return file in (MAIN_FILE, SESSIONS_FILE) or (
        ext == "json" and TABLE_NAME_PATTERN.fullmatch(stem) is not None and stem not in RESERVED_NAMES)


def _tables_with_backups(folder: Path) -> list[str]:
    """The general tables' files that have a .bak (whether or not the file itself is there)."""
    names = []
    for entry in folder.iterdir():
        if entry.name.endswith(".json" + atomic.BACKUP_SUFFIX):
            name = entry.name[:-len(atomic.BACKUP_SUFFIX)]
            if _core_or_table(name) and name not in (MAIN_FILE, SESSIONS_FILE) and entry.is_file():
                names.append(name)
    return sorted(names)


def _table_files(folder: Path) -> list[str]:
    names = []
    for entry in folder.iterdir():
        stem, dot, ext = entry.name.partition(".")
        if ext == "json" and TABLE_NAME_PATTERN.fullmatch(stem) and stem not in RESERVED_NAMES and entry.is_file():
            names.append(entry.name)
    return sorted(names)


def _month_files(folder: Path) -> list[str]:
    history = folder / HISTORY_DIR
    if not history.is_dir():
        return []
    return sorted(entry.name[:-5] for entry in history.iterdir()
                  if entry.name.endswith(".json") and MONTH_PATTERN.fullmatch(entry.name[:-5]) and entry.is_file())


def _backup_info(entry: Path, sub: str, patterns: tuple[tuple[BackupKind, re.Pattern[str]], ...]) -> BackupInfo | None:
    for kind, pattern in patterns:
        match = pattern.fullmatch(entry.name)
        if match and entry.is_file():
            stat = entry.stat()
            file = f"{sub}/{match['stem']}.json" if sub else f"{match['stem']}.json"
            return BackupInfo(entry, file, kind, _file_time(entry), stat.st_size)
    return None


def _relative(folder: Path, path: Path) -> str:
    return path.relative_to(folder).as_posix()


def _file_time(path: Path) -> str:
    return timestamp(datetime.fromtimestamp(path.stat().st_mtime, timezone.utc))


def _unique(path: Path) -> Path:
    candidate, number = path, 2
    while candidate.exists():
        candidate = path.with_name(f"{path.name[:-5]}-{number}.json")
        number += 1
    return candidate


def _file_stamp(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def _stamp_now(clock: Clock) -> str:
    return timestamp(clock())


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)
