"""Atomic file writes: whoever reads a file sees the old version or the new one, never half of either.

A write goes to a temporary file in the same folder, is flushed and fsynced, then renamed over the live
file with `os.replace` (atomic on POSIX and Windows), and the folder itself is fsynced so the rename
survives a power cut. The live file's previous version is kept as `<name>.bak` (a hard link, so keeping it
costs no copy). Several files that must change together (an import, an upgrade) are committed through a
small journal, `pending-commit.json`, that is rolled forward when the folder is next opened. The files of a
commit are named relative to the folder and may sit in its subfolders ("history/2026-11.json").
"""

from __future__ import annotations

import gc
import json
import os
import secrets
import shutil
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.i18n.message import msg

__all__ = [
    "JOURNAL_NAME",
    "Unreadable",
    "encode_json",
    "write_bytes_atomic",
    "write_json_atomic",
    "read_json_file",
    "fsync_dir",
    "commit_files",
    "recover_commit",
    "commit_label",
    "remove_leftovers",
    "keep_copy",
    "gc_paused",
]

JOURNAL_NAME = "pending-commit.json"
PENDING_SUFFIX = ".pending"
TEMP_MARK = ".tmp-"
BACKUP_SUFFIX = ".bak"

# The one rename every write goes through; crash tests replace it to stop a write half-way.
_replace = os.replace


class Unreadable(Exception):
    """A file's content cannot be used: empty, not UTF-8, not JSON, or nested beyond reason."""


def encode_json(doc: Any, *, indent: int | None = None) -> bytes:
    """The UTF-8 JSON text of a document; NaN and Infinity are refused since JSON has neither."""
    separators = (",", ":") if indent is None else (",", ": ")
    text = json.dumps(doc, ensure_ascii=False, allow_nan=False, indent=indent, separators=separators)
    return (text + "\n").encode("utf-8")


def write_json_atomic(path: Path, doc: Any, *, keep_backup: bool = False, indent: int | None = None) -> None:
    """Write a JSON document to `path` atomically (the old file stays whole until the new one is)."""
    write_bytes_atomic(Path(path), encode_json(doc, indent=indent), keep_backup=keep_backup)


def write_bytes_atomic(path: Path, data: bytes, *, keep_backup: bool = False) -> None:
    """Replace `path` with `data` atomically; with keep_backup the previous version becomes `<name>.bak`."""
    folder = path.parent
    temp = folder / f"{path.name}{TEMP_MARK}{secrets.token_hex(4)}"
    _write_synced(temp, data)
    try:
        if keep_backup:
            _rotate_backup(path)
        _replace(temp, path)
    except BaseException:
        _unlink_quietly(temp)
        raise
    fsync_dir(folder)


def read_json_file(path: Path) -> Any:
    """Parse a JSON file; Unreadable says why the content is unusable, OSError means it could not be read."""
    raw = Path(path).read_bytes()
    if not raw.strip():
        raise Unreadable(msg("the file is empty"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        # i18n: why a saved file cannot be read: its bytes are not UTF-8 text from byte {byte} on
        raise Unreadable(msg("it is not UTF-8 text (byte {byte})", byte=exc.start)) from None
    try:
        with gc_paused():
            return json.loads(text)
    except json.JSONDecodeError as exc:
        raise Unreadable(msg("it is not valid JSON (line {line}, column {column})", line=exc.lineno,
                             column=exc.colno)) from None
    except RecursionError:
        # i18n: why a saved file cannot be read: its JSON nests lists or objects far deeper than any saved data
        raise Unreadable(msg("it is nested too deeply to be saved data")) from None


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX); a no-op where folders cannot be opened (Windows)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    except OSError:
        # Some file systems (network shares, a few FUSE mounts) refuse fsync on folders; the rename
        # itself is still atomic there.
        pass
    finally:
        os.close(fd)


def commit_files(folder: Path, files: Mapping[str, bytes | None], *, label: str | None = None) -> None:
    """Replace (or, for None, remove) several files in `folder` together: after a crash all change or none.

    `label` says what the change is ("an import"), for the notice of a commit finished at the next start.
    """
    names = sorted(name for name, data in files.items() if data is not None)
    removed = sorted(name for name, data in files.items() if data is None)
    for name in names + removed:
        if not _is_relative_name(name):
            raise ValueError(f"{name!r} is not a file name inside the folder")
    folders = _folders(folder, names + removed)
    for sub in folders:
        if not sub.is_dir():
            sub.mkdir(parents=True)
            fsync_dir(sub.parent)
    written: list[Path] = []
    try:
        for name in names:
            pending = folder / (name + PENDING_SUFFIX)
            _unlink_quietly(pending)
            written.append(pending)
            _write_synced(pending, files[name])
        for sub in folders:
            fsync_dir(sub)
        # The journal is the commit point: once it exists, opening the folder finishes the renames.
        journal = {"files": names, "remove": removed, **({"label": label} if label else {})}
        write_bytes_atomic(folder / JOURNAL_NAME, encode_json(journal))
    except BaseException:
        for pending in written:
            _unlink_quietly(pending)
        raise
    _finish_commit(folder, names, removed)


def recover_commit(folder: Path) -> bool:
    """Finish a multi-file commit a crash interrupted after its commit point; True when there was one."""
    journal = folder / JOURNAL_NAME
    if not journal.exists():
        return False
    try:
        doc = read_json_file(journal)
        names, removed = doc["files"], doc.get("remove", [])
        if not all(isinstance(v, list) and all(_is_relative_name(n) for n in v) for v in (names, removed)):
            raise Unreadable("unexpected content")
    except (Unreadable, KeyError, TypeError, AttributeError):
        # Written atomically, so an unusable journal was edited by hand: nothing is known to be committed.
        journal.unlink()
        fsync_dir(folder)
        return False
    _finish_commit(folder, names, removed)
    return True


def commit_label(folder: Path) -> str | None:
    """What the commit waiting in `folder`'s journal is (its `label`), if there is one and it says."""
    try:
        label = read_json_file(folder / JOURNAL_NAME).get("label")
    except (OSError, Unreadable, AttributeError):
        return None
    return label if isinstance(label, str) and label.strip() else None


def remove_leftovers(folder: Path, subfolders: Iterable[str] = ()) -> list[str]:
    """Delete temporary and uncommitted files a crash left behind (call with the folder's lock held)."""
    removed = []
    for sub in [folder, *(folder / name for name in subfolders)]:
        if not sub.is_dir():
            continue
        gone = []
        for entry in sub.iterdir():
            if entry.is_file() and (TEMP_MARK in entry.name or entry.name.endswith(PENDING_SUFFIX)):
                _unlink_quietly(entry)
                gone.append(entry.relative_to(folder).as_posix())
        if gone:
            fsync_dir(sub)
        removed.extend(gone)
    return removed


def keep_copy(source: Path, target: Path, *, sync: bool = True) -> None:
    """Keep a copy of `source` as `target` (a hard link where possible, else a synced byte copy)."""
    temp = target.with_name(f"{target.name}{TEMP_MARK}{secrets.token_hex(4)}")
    _link_or_copy(source, temp)
    try:
        _replace(temp, target)
    except BaseException:
        _unlink_quietly(temp)
        raise
    if sync:
        fsync_dir(target.parent)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause Python's cycle collector while building many containers at once.

    Parsing or copying thousands of records makes the collector run again and again over every object the
    store already holds in memory, which made opening a 10,000-game history about four times slower.
    JSON data has no reference cycles, so nothing is lost by collecting afterwards instead.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _finish_commit(folder: Path, names: Iterable[str], removed: Iterable[str] = ()) -> None:
    names, removed = list(names), list(removed)
    for name in names:
        pending = folder / (name + PENDING_SUFFIX)
        if pending.exists():
            _rotate_backup(folder / name)
            _replace(pending, folder / name)
    for name in removed:
        # A removed file's last content stays as its .bak rather than vanishing.
        if (folder / name).exists():
            _replace(folder / name, folder / (name + BACKUP_SUFFIX))
    for sub in _folders(folder, names + removed):
        fsync_dir(sub)
    (folder / JOURNAL_NAME).unlink(missing_ok=True)
    fsync_dir(folder)


def _folders(folder: Path, names: Iterable[str]) -> list[Path]:
    """The folders the named files sit in (the folder itself first), each once."""
    found = {folder: None}
    for name in names:
        found.setdefault((folder / name).parent, None)
    return list(found)


def _write_synced(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        _unlink_quietly(path)
        raise


def _rotate_backup(path: Path) -> None:
    # The live file is known good (it was read successfully or written by us), so it becomes the backup.
    if not path.exists():
        return
    # The caller fsyncs the folder once after its own rename, which covers this one too.
    keep_copy(path, path.with_name(path.name + BACKUP_SUFFIX), sync=False)


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        _link(source, target)
    except OSError:
        # No hard links here (FAT storage cards, some sandboxes, WebAssembly, whose os has no link at
        # all): copy the bytes and make them durable.
        shutil.copyfile(source, target)
        with open(target, "rb+") as handle:
            os.fsync(handle.fileno())


def _link(source: Path, target: Path) -> None:
    if not hasattr(os, "link"):
        raise OSError(f"no hard links on this platform: {target.name}")
    os.link(source, target)


def _unlink_quietly(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass


def _is_relative_name(name: Any) -> bool:
    """A name such as "sessions.json" or "history/2026-11.json": inside the folder, never above it."""
    if not isinstance(name, str) or "\\" in name:
        return False
    return all(part == Path(part).name and part not in ("", ".", "..") for part in name.split("/"))
