"""Finished games on disk: one file per month of `finished`, and an index so that starting reads none of them.

    history/2026-11.json      the games finished in November 2026 (UTC), in tinydb's layout {"history": {...}}
    history/2026-11.json.bak  that file's previous version
    history/index.json        per month: how many games of each kind, their ids, and the month file's
                              size, modification time and inode when it was summed up

Adding or deleting a game rewrites its month's file and the index, never the whole history; opening the
History list reads the newest month files until a page is full. Statistics read every month once, on first
use, and keep them.

The month files are the saved data; the index only sums them up. Each summary carries the fingerprint of the
file it was made from, and a month file whose fingerprint no longer matches (a crash between saving the month
and the index, a file put back by hand) is read again at start, so the index can never hide a game or show
one that is gone. A missing or unusable index is rebuilt from the month files; it is never moved aside, as
nothing is lost with it. An unreadable month file is moved aside and reported like any other file (when it
is found: at start if it changed, else when it is first read), and the other months carry on. So is a month
the index lists whose file is gone while its .bak is still there: the store never removes a month file
without taking it out of the index, so it was deleted, and the .bak is its last good copy.
"""

from __future__ import annotations

import bisect
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeAlias

from companion.errors import InvalidInput, StoreError
from companion.games import GAMES
from companion.i18n.message import N_, msg, reason_of
from companion.store import records
from companion.store.atomic import Unreadable, encode_json, fsync_dir, read_json_file, write_bytes_atomic
from companion.store.layout import HISTORY_DIR, HISTORY_INDEX, MONTH_PATTERN, month_file
from companion.store.records import RecordId, describe
from companion.store.storage import Database, RawData, check_shape

__all__ = [
    "Month",
    "MonthSummary",
    "MonthFiles",
    "SetAside",
    "Changed",
    "TABLE",
    "INDEX_FORMAT",
    "INDEX_VERSION",
    "month_of",
    "month_title",
    "check_history_keys",
    "check_month",
]

Month: TypeAlias = str                    # "2026-11": the UTC year and month games finished in
Fingerprint: TypeAlias = tuple[int, int, int]  # size, modification time (ns), inode of a month file
# Moves an unreadable file aside and tells the user: (file relative to the data folder, reason, at start);
# reason None: the file is missing while its .bak is there.
SetAside: TypeAlias = Callable[[str, str | None, bool], None]
# Told after each change that reached the data folder (the store's after_save hangs off it).
Changed: TypeAlias = Callable[[], None]
# One game in a month's time order: (finished, id, game, player ids). Finished times are canonical UTC
# text, so text order is time order; the unique id breaks ties.
_Entry: TypeAlias = tuple[str, str, str, frozenset]

TABLE = "history"
INDEX_FORMAT = "companion-history-index"
INDEX_VERSION = 1
_MONTH_NAMES = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
                N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))


def month_of(finished: str) -> Month:
    """The month a game belongs to: the year and month of its canonical UTC `finished` time."""
    return finished[:7]


def month_title(month: Month) -> str:
    """"2026-11" as "November 2026", for messages (a Message: a screen says it in its language)."""
    # i18n: a month of a year, "November 2026"
    return msg("{month} {year}", month=msg(_MONTH_NAMES[int(month[5:7]) - 1]), year=int(month[:4]))


def check_history_keys(doc: dict[str, Any], where: str) -> str:
    """The fields the history's index relies on: id, game, a readable finished time (returned in the saved
    UTC form), a list of players."""
    records.check_id(doc.get("id"), where)
    records.check_game(doc.get("game"), where)
    finished = records.check_timestamp(doc.get("finished"), where, "finished")
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise InvalidInput(f"{where}: field 'players' is not a list of players")
    return finished


def check_month(month: Month, data: RawData) -> None:
    """Refuse a month file whose games the store could not use (Unreadable names the first bad one).

    Besides the index's fields, each game must be in its own month's file with its time in the saved UTC
    form, since pages are put together month by month in text order.
    """
    seen: set[str] = set()
    for doc_id, doc in data.get(TABLE, {}).items():
        # i18n: a record of a saved file, in why the file cannot be read: "its history record 3"
        where = msg("its {table} record {record}", table=TABLE, record=doc_id)
        try:
            finished = check_history_keys(doc, where)
        except InvalidInput as exc:
            raise Unreadable(reason_of(exc)) from None
        if finished != doc["finished"]:
            # i18n: why a saved month of History cannot be read: a game's time is not written as the app writes it
            raise Unreadable(msg("{where}: field 'finished' {value} is not in the saved UTC form", where=where,
                                 value=describe(doc["finished"])))
        if month_of(finished) != month:
            # i18n: why a saved month of History cannot be read: a game in it finished in another month
            raise Unreadable(msg("{where} finished in {finished}, so it does not belong in {month}", where=where,
                                 finished=month_of(finished), month=month))
        if doc["id"] in seen:
            # i18n: why a saved file cannot be read: two of its records have one id (or key)
            raise Unreadable(msg("{where} repeats the {key} {value}", where=where, key="id", value=describe(doc["id"])))
        seen.add(doc["id"])


@dataclass
class MonthSummary:
    """What one month file holds, as the index keeps it: game ids, how many of each game, its fingerprint."""

    ids: set[RecordId]
    games: dict[str, int]
    fingerprint: Fingerprint | None = None

    @property
    def count(self) -> int:
        """How many games the month holds."""
        return len(self.ids)

    @classmethod
    def of(cls, docs: Iterable[dict[str, Any]], fingerprint: Fingerprint | None) -> MonthSummary:
        """The summary of a month's games."""
        ids: set[RecordId] = set()
        games: dict[str, int] = {}
        for doc in docs:
            ids.add(doc["id"])
            games[doc["game"]] = games.get(doc["game"], 0) + 1
        return cls(ids, games, fingerprint)


class _Month:
    """One month file that has been read: its tinydb database, each game's place in it, its time order."""

    def __init__(self, file: str, path: Path | None, data: RawData, changed: Changed | None = None) -> None:
        self.db = Database(file, path, data, changed)
        table = data.get(TABLE, {})
        self.doc_ids = {doc["id"]: int(doc_id) for doc_id, doc in table.items()}
        self.entries = sorted(_entry(doc) for doc in table.values())

    def raw(self, game_id: RecordId) -> dict[str, Any]:
        return self.db.raw()[TABLE][str(self.doc_ids[game_id])]

    def docs(self) -> Iterable[dict[str, Any]]:
        return self.db.raw().get(TABLE, {}).values()

    def insert(self, doc: dict[str, Any]) -> None:
        # Written through to the file before it returns; on failure nothing here has changed.
        self.doc_ids[doc["id"]] = self.db.table(TABLE).insert(doc)
        bisect.insort(self.entries, _entry(doc))

    def remove(self, game_id: RecordId) -> dict[str, Any]:
        doc = records.copy_json(self.raw(game_id))
        self.db.table(TABLE).remove(doc_ids=[self.doc_ids[game_id]])
        del self.doc_ids[game_id]
        entry = _entry(doc)
        position = bisect.bisect_left(self.entries, entry)
        if position < len(self.entries) and self.entries[position] == entry:
            del self.entries[position]
        else:  # cannot happen while entries mirror the file; rebuilding is the safe answer if it does
            self.entries = sorted(_entry(d) for d in self.docs())
        return doc


class MonthFiles:
    """The finished games of a data folder (or of an in-memory store), month by month.

    Package-internal: `HistoryRepo` is the interface; the store's opening, restore and import use the rest.
    Every method is called with the store's mutex held.
    """

    def __init__(self, folder: Path | None, set_aside: SetAside | None = None, changed: Changed | None = None) -> None:
        self.folder = folder
        self._set_aside = set_aside
        self._changed = changed
        self._summaries: dict[Month, MonthSummary] = {}
        self._open: dict[Month, _Month] = {}
        self._where: dict[RecordId, Month] = {}
        self._dirty = False
        self._starting = False
        self.closed = False

    @classmethod
    def open(cls, folder: Path, preloaded: dict[Month, RawData], set_aside: SetAside,
             changed: Changed | None = None) -> MonthFiles:
        """The history of a data folder: summaries from the index, month files read only where it is stale.

        `preloaded` holds months already read and checked (by an upgrade), so they are not read twice.
        """
        months = cls(folder, set_aside, changed)
        months._starting = True
        try:
            months._start(preloaded)
        finally:
            months._starting = False
        return months

    # -- queries ---------------------------------------------------------------------------------------

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._where

    def ids(self) -> Iterable[RecordId]:
        """Every finished game's id (from the index: no month file is read)."""
        return self._where.keys()

    def count(self, game: str | None = None) -> int:
        """How many finished games there are (of one game), from the index."""
        if game is None:
            return len(self._where)
        return sum(summary.games.get(game, 0) for summary in self._summaries.values())

    def get(self, game_id: RecordId) -> dict[str, Any] | None:
        """The stored record (not a copy) of one game; reads its month file if needed."""
        month = self._where.get(game_id)
        opened = None if month is None else self._month(month)
        if opened is None or game_id not in opened.doc_ids:
            return None
        return opened.raw(game_id)

    def newest(self, game: str | None = None, player_id: str | None = None,
               skip: int = 0) -> Iterator[dict[str, Any]]:
        """Stored records newest first, of one game and/or with one player, after skipping `skip` of them.

        Months are read newest first and only as far as the caller iterates; months without the game, and
        (when no player is asked for) whole months inside `skip`, are passed by their counts unread.
        """
        for month in sorted(self._summaries, reverse=True):
            summary = self._summaries.get(month)
            if summary is None:  # set aside meanwhile
                continue
            size = summary.count if game is None else summary.games.get(game, 0)
            if size == 0:
                continue
            if player_id is None and skip >= size:
                skip -= size
                continue
            opened = self._month(month)
            if opened is None:
                continue
            for entry in reversed(opened.entries):
                if (game is not None and entry[2] != game) or (player_id is not None and player_id not in entry[3]):
                    continue
                if skip:
                    skip -= 1
                    continue
                yield opened.raw(entry[1])

    def all_docs(self) -> Iterator[dict[str, Any]]:
        """Every stored record (not copies), oldest month first; reads every month file."""
        for month in sorted(self._summaries):
            opened = self._month(month)
            if opened is not None:
                yield from opened.docs()

    def content(self, month: Month) -> RawData:
        """A month file's current content (empty for a month without games); callers must not change it."""
        opened = self._month(month) if month in self._summaries else None
        return {} if opened is None else opened.db.raw()

    # -- changes ---------------------------------------------------------------------------------------

    def add(self, doc: dict[str, Any]) -> None:
        """Save a checked record in its month's file (created if needed), then update the index."""
        self._check_open()
        month = month_of(doc["finished"])
        opened = self._month(month) if month in self._summaries else None
        fresh = opened is None
        if fresh:
            self._make_folder()
            opened = _Month(month_file(month), self._path(month), {}, self._changed)
        try:
            opened.insert(doc)
        except BaseException:
            if not fresh:
                # The file still holds the last good save; read it again on next use.
                self._open.pop(month, None)
            raise
        if fresh:
            self._open[month] = opened
            self._summaries[month] = MonthSummary(set(), {})
        summary = self._summaries[month]
        summary.ids.add(doc["id"])
        summary.games[doc["game"]] = summary.games.get(doc["game"], 0) + 1
        self._where[doc["id"]] = month
        self._saved(month)

    def remove(self, game_id: RecordId) -> dict[str, Any] | None:
        """Delete one game from its month's file and return it (None when there is no such game)."""
        self._check_open()
        month = self._where.get(game_id)
        opened = None if month is None else self._month(month)
        if opened is None or game_id not in opened.doc_ids:
            return None
        try:
            doc = opened.remove(game_id)
        except BaseException:
            self._open.pop(month, None)
            raise
        summary = self._summaries[month]
        summary.ids.discard(game_id)
        left = summary.games.get(doc["game"], 0) - 1
        if left > 0:
            summary.games[doc["game"]] = left
        else:
            summary.games.pop(doc["game"], None)
        del self._where[game_id]
        self._saved(month)
        return doc

    def replace(self, month: Month, data: RawData) -> None:
        """Make checked content a month's file (restoring a kept copy); the live file becomes the .bak."""
        self._check_open()
        ids = {doc["id"] for doc in data.get(TABLE, {}).values()}
        for game_id in ids:
            other = self._where.get(game_id)
            if other is not None and other != month:
                raise StoreError(f"the copy of {month_file(month)} holds the game {game_id!r}, which "
                                 f"{month_file(other)} holds too; it cannot be restored beside it")
        self._make_folder()
        live = self._open.get(month) or _Month(month_file(month), self._path(month), {}, self._changed)
        live.db.write(data)
        self._open.pop(month, None)
        self._attach(month, data, self._fingerprint(month))
        self.save_index()

    def adopt(self, month: Month, data: RawData | None) -> None:
        """Take a month file that a multi-file commit has just written (None: removed) as the live state.

        The caller saves the index once after adopting everything the commit wrote.
        """
        self._forget(month)
        if data is not None:
            self._attach(month, data, self._fingerprint(month))
        self._dirty = True

    def save_index(self) -> None:
        """Write the index (atomically; a failure only costs reading the stale months at the next start)."""
        if self.folder is None:
            return
        months = {}
        for month in sorted(self._summaries):
            summary = self._summaries[month]
            if summary.fingerprint is not None:
                months[month] = {"file": list(summary.fingerprint), "games": dict(sorted(summary.games.items())),
                                 "ids": list(summary.ids)}
        if not months and not (self.folder / HISTORY_DIR).is_dir():
            return
        self._make_folder()
        doc = {"format": INDEX_FORMAT, "version": INDEX_VERSION, "months": months}
        try:
            write_bytes_atomic(self.folder / HISTORY_INDEX, encode_json(doc))
        except OSError:
            # The month files already hold the change; a stale index is noticed and rebuilt at start.
            self._dirty = True
        else:
            self._dirty = False
            if self._changed is not None:
                self._changed()

    def close(self) -> None:
        """Refuse further writes."""
        self.closed = True
        for opened in self._open.values():
            opened.db.close()

    # -- internals -------------------------------------------------------------------------------------

    def _start(self, preloaded: dict[Month, RawData]) -> None:
        assert self.folder is not None
        folder = self.folder / HISTORY_DIR
        found: dict[Month, Fingerprint] = {}
        if folder.is_dir():
            for entry in folder.iterdir():
                month = entry.name[:-5]
                if entry.name.endswith(".json") and MONTH_PATTERN.fullmatch(month) and entry.is_file():
                    found[month] = _fingerprint_of(entry)
        index = _read_index(self.folder / HISTORY_INDEX)
        self._dirty = set(index) != set(found)
        for month in sorted(set(index) - set(found)):
            if self._backup_of(month).exists():
                self._report(month, None)
        for month in sorted(found):
            if month in preloaded:
                self._attach(month, preloaded[month], found[month])
                self._dirty = True
                continue
            summary = index.get(month)
            if summary is not None and summary.fingerprint == found[month]:
                path = self._path(month)
                if not os.access(path, os.R_OK):
                    raise StoreError(f"cannot read {month_file(month)} in the data folder: permission denied; "
                                     "nothing was changed. Check that the folder is readable and try again")
                self._add_summary(month, summary)
            else:
                self._dirty = True
                self._read(month)
        if self._dirty:
            self.save_index()

    def _month(self, month: Month) -> _Month | None:
        """A month's games, its file read on first use (None when it had to be set aside)."""
        opened = self._open.get(month)
        if opened is None and month in self._summaries and self.folder is not None:
            opened = self._read(month)
            if self._dirty:
                self.save_index()
        return opened

    def _read(self, month: Month) -> _Month | None:
        """Read and check a month file and take it in; an unusable file is set aside and forgotten."""
        path = self._path(month)
        assert path is not None
        try:
            fingerprint = self._fingerprint(month)
            data = check_shape(read_json_file(path))
            check_month(month, data)
        except FileNotFoundError:
            self._forget(month)  # removed by hand since the index was written
            if self._backup_of(month).exists():
                self._report(month, None)
            return None
        except Unreadable as exc:
            self._forget(month)
            self._report(month, reason_of(exc))
            return None
        except OSError as exc:
            raise StoreError(f"cannot read {month_file(month)} in the data folder: {exc.strerror or exc}; nothing "
                             "was changed. Check that the folder is readable and try again") from None
        return self._attach(month, data, fingerprint)

    def _attach(self, month: Month, data: RawData, fingerprint: Fingerprint | None) -> _Month | None:
        """Take in a month's content, read or written; its summary replaces what the index said."""
        summary = MonthSummary.of(data.get(TABLE, {}).values(), fingerprint)
        if not self._add_summary(month, summary):
            return None
        opened = self._open[month] = _Month(month_file(month), self._path(month), data, self._changed)
        if self.closed:
            opened.db.close()
        return opened

    def _add_summary(self, month: Month, summary: MonthSummary) -> bool:
        old = self._summaries.get(month)
        for game_id in summary.ids:
            other = self._where.get(game_id)
            if other is not None and other != month:
                # A game can be in one month only; this copy of it (put there by hand) makes the file unusable.
                self._forget(month)
                self._report(month, f"it holds the game {game_id!r}, which {month_file(other)} holds too")
                return False
        if old is not None:
            if old.ids == summary.ids and old.games == summary.games and old.fingerprint == summary.fingerprint:
                self._summaries[month] = summary
                return True
            for game_id in old.ids - summary.ids:
                if self._where.get(game_id) == month:
                    del self._where[game_id]
            self._dirty = True
        for game_id in summary.ids:
            self._where[game_id] = month
        self._summaries[month] = summary
        return True

    def _forget(self, month: Month) -> None:
        summary = self._summaries.pop(month, None)
        if summary is not None:
            for game_id in summary.ids:
                if self._where.get(game_id) == month:
                    del self._where[game_id]
            self._dirty = True
        opened = self._open.pop(month, None)
        if opened is not None:
            opened.db.close()

    def _backup_of(self, month: Month) -> Path:
        assert self.folder is not None
        return self.folder / (month_file(month) + ".bak")

    def _report(self, month: Month, reason: str | None) -> None:
        if self._set_aside is not None:
            self._set_aside(month_file(month), reason, self._starting)

    def _saved(self, month: Month) -> None:
        self._summaries[month].fingerprint = self._fingerprint(month)
        self.save_index()

    def _fingerprint(self, month: Month) -> Fingerprint | None:
        path = self._path(month)
        return None if path is None else _fingerprint_of(path)

    def _path(self, month: Month) -> Path | None:
        return None if self.folder is None else self.folder / month_file(month)

    def _make_folder(self) -> None:
        if self.folder is None:
            return
        folder = self.folder / HISTORY_DIR
        if not folder.is_dir():
            folder.mkdir()
            if self._changed is not None:
                self._changed()
            fsync_dir(self.folder)  # the new folder's entry must survive a power cut with its files

    def _check_open(self) -> None:
        if self.closed:
            raise StoreError("the store has been closed; open it again to save")


def _entry(doc: dict[str, Any]) -> _Entry:
    players = frozenset(p.get("id") for p in doc.get("players", ()) if p.get("id"))
    return (doc["finished"], doc["id"], doc["game"], players)


def _fingerprint_of(path: Path) -> Fingerprint:
    # Every save replaces the file with a new one (new inode) while the previous one lives on as the .bak,
    # so the inode alone tells a rewritten month apart; size and time cover systems without inodes.
    # In a browser the folder is rebuilt from IndexedDB at every page load, each file with a new inode but
    # its size and its time to the millisecond kept (companion.browser.storage also moves a rewritten
    # file's time on), so there the inode would only make every month be read again at every start.
    stat = os.stat(path)
    if sys.platform == "emscripten":
        return (stat.st_size, stat.st_mtime_ns // 1_000_000 * 1_000_000, 0)
    return (stat.st_size, stat.st_mtime_ns, stat.st_ino)


def _read_index(path: Path) -> dict[Month, MonthSummary]:
    """The month summaries of a usable index; months whose entry is unusable are left out (read instead)."""
    try:
        doc = read_json_file(path)
    except (Unreadable, OSError):
        return {}
    if not isinstance(doc, dict) or doc.get("format") != INDEX_FORMAT or doc.get("version") != INDEX_VERSION:
        return {}
    months = doc.get("months")
    if not isinstance(months, dict):
        return {}
    found = {}
    for month, entry in months.items():
        summary = _summary_from_index(month, entry)
        if summary is not None:
            found[month] = summary
    return found


def _summary_from_index(month: Any, entry: Any) -> MonthSummary | None:
    if not isinstance(month, str) or not MONTH_PATTERN.fullmatch(month) or not isinstance(entry, dict):
        return None
    file, games, ids = entry.get("file"), entry.get("games"), entry.get("ids")
    if not (isinstance(file, list) and len(file) == 3 and all(type(n) is int for n in file)):
        return None
    if not (isinstance(ids, list) and all(type(i) is str and len(i) == 32 for i in ids)):
        return None
    if not (isinstance(games, dict) and all(g in GAMES and type(n) is int and n > 0 for g, n in games.items())):
        return None
    unique = set(ids)
    if len(unique) != len(ids) or sum(games.values()) != len(ids):
        return None
    return MonthSummary(unique, dict(games), (file[0], file[1], file[2]))
