"""The layout version of a data folder, and the ordered steps that bring an older folder up to date.

`MIGRATIONS[i]` turns a folder of version i+1 into version i+2, so the current version is
`len(MIGRATIONS) + 1`. A step receives every saved file's content, by file name relative to the folder
("companion.json", "sessions.json", "history/2026-11.json", "<table>.json", and the files of older layouts
such as version 1's "history.json"), as tinydb's {table: {doc id: record}} data, and changes it in place (it
may add and remove files). Opening a folder runs the missing steps in order, keeps a copy of each
file as it was, and commits all the files together, so an interrupted upgrade never leaves a mix.

When the saved layout changes, append a step here; never edit or reorder a released one. Whatever else
changes, companion.json keeps tinydb's layout and its meta table, so that an older companion can read the
version and refuse the folder without touching it.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, Sequence
from typing import Any, TypeAlias

from companion.errors import StoreError
from companion.store import records
from companion.store.layout import MAIN_FILE

__all__ = ["FolderData", "Migration", "MIGRATIONS", "SCHEMA_VERSION", "schema_version_of", "set_schema_version",
           "migrate", "split_history_by_month", "retired_files", "add_retired"]

FolderData: TypeAlias = MutableMapping[str, dict[str, dict[str, dict[str, Any]]]]
Migration: TypeAlias = Callable[[FolderData], None]

META_TABLE = "meta"
SCHEMA_KEY = "schema"
# The general tables' files an upgrade retired: their last content stays as <name>.bak without a live file,
# which must not be taken for a file deleted by hand.
RETIRED_KEY = "retired"


def split_history_by_month(files: FolderData) -> None:
    """Version 1 -> 2: the one history.json becomes one file per month of `finished`, history/<YYYY-MM>.json.

    A long history made every finished game rewrite all of it; a month's file stays small. Games keep every
    field; within a month they are numbered in time order. Only the "history" table is carried over (version
    1 wrote no other into that file); the file as it was is kept by the upgrade like every file.
    """
    # Names are spelt out rather than taken from layout.py: a released step must not change with later layouts.
    old = files.pop("history.json", None)
    if old is None:
        return
    by_month: dict[str, list[dict[str, Any]]] = {}
    for doc_id, doc in old.get("history", {}).items():
        # Version 1 saved times in this form already; a hand-edited one is brought to it (or refused, naming it).
        finished = records.check_timestamp(doc.get("finished"), f"history.json record {doc_id}", "finished")
        by_month.setdefault(finished[:7], []).append({**doc, "finished": finished})
    for month, docs in sorted(by_month.items()):
        docs.sort(key=lambda d: (d["finished"], str(d.get("id"))))
        files[f"history/{month}.json"] = {"history": {str(n): doc for n, doc in enumerate(docs, 1)}}


# Version 1 was the first released layout: companion.json (meta, players, settings), sessions.json,
# history.json and one file per general table. Version 2 splits the history by month.
MIGRATIONS: tuple[Migration, ...] = (split_history_by_month,)
SCHEMA_VERSION = len(MIGRATIONS) + 1


def schema_version_of(main: dict[str, dict[str, dict[str, Any]]] | None) -> int | None:
    """The version recorded in companion.json's meta table; 1 when the file has none; None without a file."""
    if main is None:
        return None
    for doc in main.get(META_TABLE, {}).values():
        if doc.get("key") == SCHEMA_KEY:
            value = doc.get("value")
            if type(value) is not int or value < 1:
                raise StoreError(f"{MAIN_FILE} records a data version {value!r} that makes no sense; "
                                 "restore a backup or move the file aside")
            return value
    return 1


def set_schema_version(main: dict[str, dict[str, dict[str, Any]]], version: int) -> None:
    """Record `version` in companion.json's meta table (in place)."""
    meta = main.setdefault(META_TABLE, {})
    for doc in meta.values():
        if doc.get("key") == SCHEMA_KEY:
            doc["value"] = version
            return
    next_id = max((int(k) for k in meta), default=0) + 1
    meta[str(next_id)] = {"key": SCHEMA_KEY, "value": version}


def retired_files(main: dict[str, dict[str, dict[str, Any]]] | None) -> set[str]:
    """The files an upgrade retired, as companion.json's meta table records them."""
    for doc in (main or {}).get(META_TABLE, {}).values():
        if doc.get("key") == RETIRED_KEY and isinstance(doc.get("value"), list):
            return {name for name in doc["value"] if isinstance(name, str)}
    return set()


def add_retired(main: dict[str, dict[str, dict[str, Any]]], names: Sequence[str]) -> None:
    """Record in companion.json's meta table (in place) that an upgrade retired these files."""
    if not names:
        return
    meta = main.setdefault(META_TABLE, {})
    for doc in meta.values():
        if doc.get("key") == RETIRED_KEY:
            doc["value"] = sorted(retired_files(main) | set(names))
            return
    next_id = max((int(k) for k in meta), default=0) + 1
    meta[str(next_id)] = {"key": RETIRED_KEY, "value": sorted(names)}


def migrate(files: FolderData, version: int, steps: Sequence[Migration]) -> int:
    """Run the steps from `version` up to the newest, in order; returns the version reached."""
    target = len(steps) + 1
    for number in range(version, target):
        step = steps[number - 1]
        try:
            step(files)
        except StoreError:
            raise
        except Exception as exc:
            name = getattr(step, "__name__", repr(step))
            raise StoreError(f"upgrading the saved data from version {number} to {number + 1} failed "
                             f"in {name}: {exc}; nothing was changed") from exc
    files.setdefault(MAIN_FILE, {})
    set_schema_version(files[MAIN_FILE], target)
    return target
