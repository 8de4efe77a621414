"""tinydb underneath: an atomic JSON file Storage, and a write-through cache Middleware in front of it.

tinydb's own JSONStorage rewrites its file in place, so a crash half-way through a write leaves a broken
file; `AtomicJSONStorage` replaces the file whole instead (see `atomic`). tinydb reads the whole file on
every query; `WriteThroughCache` keeps the data in memory after the first read (like tinydb's
CachingMiddleware) but, unlike it, writes every change to the file before returning, so a save is durable
the moment it returns.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.middlewares import Middleware
from tinydb.storages import MemoryStorage, Storage
from tinydb.table import Table

from companion.errors import StoreError
from companion.i18n.message import msg, reason_of
from companion.store.atomic import Unreadable, encode_json, read_json_file, write_bytes_atomic

__all__ = ["StoreCorrupt", "AtomicJSONStorage", "WriteThroughCache", "Database", "check_shape", "RawData", "with_docs"]

# What tinydb keeps per file: {table name: {str(doc id): document}}.
RawData = dict[str, dict[str, dict[str, Any]]]


def with_docs(raw: RawData, table: str, docs: list[dict[str, Any]]) -> RawData:
    """A new tinydb content with `docs` appended to `table`, leaving `raw` (the live cache) untouched."""
    out = dict(raw)
    rows = dict(raw.get(table, {}))
    next_id = max((int(k) for k in rows), default=0) + 1
    for doc in docs:
        rows[str(next_id)] = doc
        next_id += 1
    out[table] = rows
    return out


class StoreCorrupt(StoreError):
    """A saved file cannot be used as it is (not JSON, or not shaped like the companion's data)."""


def check_shape(data: Any) -> RawData:
    """Refuse content that is not tinydb's {table: {doc id: document}} layout; Unreadable says where."""
    if not isinstance(data, dict):
        # i18n: why a saved file cannot be read: its JSON is not the tables of records the app writes
        raise Unreadable(msg("it does not hold tables of records"))
    for table_name, table in data.items():
        if not isinstance(table, dict):
            # i18n: why a saved file cannot be read: one of its tables ({table}, quoted) is not a set of records
            raise Unreadable(msg("its table {table} is not a set of records", table=repr(table_name)))
        for doc_id, doc in table.items():
            if not doc_id.isdigit() or not isinstance(doc, dict):
                # i18n: why a saved file cannot be read: in its table {table}, the record {record} is malformed
                raise Unreadable(msg("its table {table} has a malformed record {record}", table=repr(table_name),
                                     record=repr(doc_id)))
    return data


class AtomicJSONStorage(Storage):
    """A tinydb Storage over one JSON file, replaced atomically on each write, the previous one kept as .bak."""

    def __init__(self, path: Path, *, keep_backup: bool = True, changed: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.path = Path(path)
        self.keep_backup = keep_backup
        # Told after each write that reached the folder (the store's after_save runs off it); None: nobody.
        self.changed = changed

    def read(self) -> RawData | None:
        """The file's tables, None when there is no file yet; StoreCorrupt when its content is unusable."""
        if not self.path.exists():
            return None
        try:
            return check_shape(read_json_file(self.path))
        except Unreadable as exc:
            raise StoreCorrupt(msg("{file} in the data folder cannot be read: {reason}", file=self.path.name,
                                   reason=reason_of(exc))) from None
        except OSError as exc:
            raise StoreError(msg("cannot read {file} in the data folder: {reason}", file=self.path.name,
                                 reason=str(exc.strerror or exc))) from None

    def write(self, data: RawData) -> None:
        """Replace the file with `data`; on failure the previous file is left exactly as it was."""
        try:
            payload = encode_json(data)
        except (TypeError, ValueError) as exc:
            raise StoreError(f"cannot save {self.path.name}: the data is not plain JSON ({exc})") from None
        try:
            write_bytes_atomic(self.path, payload, keep_backup=self.keep_backup)
        except OSError as exc:
            raise StoreError(msg("could not save {file} in the data folder: {reason}; the previously saved version "
                                 "is intact", file=self.path.name, reason=str(exc.strerror or exc))) from None
        if self.changed is not None:
            self.changed()


class WriteThroughCache(Middleware):
    """Reads come from memory after the first; every write reaches the storage before it returns."""

    def __init__(self, storage_cls: Callable[[], Storage]) -> None:
        super().__init__(storage_cls)
        self.cache: RawData | None = None
        self.closed = False

    def read(self) -> RawData:
        """The cached tables (read from the storage once)."""
        if self.cache is None:
            self.cache = self.storage.read() or {}
        return self.cache

    def write(self, data: RawData) -> None:
        """Write through to the storage, then cache; a failed write leaves memory matching the file."""
        if self.closed:
            raise StoreError(msg("the store has been closed; open it again to save"))
        try:
            self.storage.write(data)
        except BaseException:
            # tinydb changed the cached dict in place before calling write: forget it, so the next
            # read comes from the file, which still holds the last good save.
            self.cache = None
            raise
        self.cache = data

    def prime(self, data: RawData) -> None:
        """Start from data already read and checked (opening reads each file once)."""
        self.cache = data


class Database:
    """One saved file (or its in-memory stand-in) as a tinydb database with a write-through cache."""

    def __init__(self, name: str, path: Path | None, data: RawData | None,
                 changed: Callable[[], None] | None = None) -> None:
        self.name = name
        self.path = path
        storage_cls: Callable[[], Storage] = (
            (lambda: AtomicJSONStorage(path, changed=changed)) if path else MemoryStorage
        )
        self._cache = WriteThroughCache(storage_cls)
        self._cache()  # creates the storage instance behind the middleware
        self._cache.prime(data if data is not None else {})
        self._tinydb = TinyDB(storage=lambda: self._cache)
        # Bumped whenever the content is replaced wholesale (restore, import) so indexes rebuild.
        self.generation = 0

    def table(self, name: str) -> Table:
        """The tinydb table `name` of this file."""
        return self._tinydb.table(name)

    def raw(self) -> RawData:
        """The cached content; callers must not change it."""
        return self._cache.read()

    def write(self, data: RawData) -> None:
        """Replace the whole content through the atomic storage (the old file becomes the .bak)."""
        self._cache.write(data)
        self._renew()

    def adopt(self, data: RawData) -> None:
        """Take content that is already on disk (written by a multi-file commit) as the cached state."""
        self._cache.prime(data)
        self._renew()

    def close(self) -> None:
        """Refuse further writes (the folder's lock is about to be released)."""
        self._cache.closed = True

    def _renew(self) -> None:
        # tinydb tables remember their next document id; after wholesale replacement they must be
        # recreated or a later insert could reuse an id that the new content already has.
        self._tinydb = TinyDB(storage=lambda: self._cache)
        self.generation += 1
