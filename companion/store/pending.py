"""Damaged files waiting for the player's decision, kept in the data folder until they decide.

When opening finds a file it cannot use (unreadable, or missing while its `.bak` is still there), the file is
set aside, its last good copy is kept under a name no save touches, and a notice says so. Whichever program
opened the folder (the app, `companion export`, `companion import`), the notice must reach the player, and it
must stay until they have decided: restore the kept copy, or go on without it. So each such notice is written
to `pending-notices.json` and read back at every start until then:

    {"format": "companion-pending-notices", "version": 1,
     "notices": [{"file": "sessions.json", "notice": "sessions.json could not be read ...",
                  "kept": "sessions.backup-20261102T081500Z.json"}]}

`file` is the damaged file and `kept` the copy the notice offers (null when there is none), both relative to
the data folder. A notice may also keep `message`, its catalog id and arguments, so that it is shown in the
player's language at a later start too (the English `notice` is what counts when the two differ). The file
is written atomically with the folder's lock held, and removed when nothing waits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import StoreError
from companion.i18n.message import msg, reason_of
from companion.store.atomic import Unreadable, encode_json, fsync_dir, read_json_file, write_bytes_atomic
from companion.store.layout import PENDING_NOTICES_FILE
from companion.store.records import message_doc, message_from_doc

__all__ = ["FORMAT", "VERSION", "Pending", "PendingNotices"]

FORMAT = "companion-pending-notices"
VERSION = 1


@dataclass(frozen=True)
class Pending:
    """One notice about a damaged file that the player has not yet decided on."""

    file: str          # the damaged file, e.g. "sessions.json" or "history/2026-11.json"
    notice: str        # the notice as it was first given (a Message while it is one)
    kept: str | None   # the copy it offers to restore, or None


class PendingNotices:
    """The notices waiting in a data folder (none, and nothing written, for an in-memory store)."""

    def __init__(self, folder: Path | None, entries: Iterable[Pending] = (),
                 changed: Callable[[], None] | None = None) -> None:
        self.folder = folder
        self.entries: list[Pending] = list(entries)
        self._changed = changed

    @classmethod
    def load(cls, folder: Path, changed: Callable[[], None] | None = None) -> PendingNotices:
        """The notices a data folder keeps; an unusable file becomes one notice saying what may be missing."""
        path = folder / PENDING_NOTICES_FILE
        if not path.exists():
            return cls(folder, (), changed)
        try:
            entries = _entries(read_json_file(path))
        except Unreadable as exc:
            reason = reason_of(exc)
        except OSError as exc:
            reason = exc.strerror or str(exc)
        else:
            return cls(folder, entries, changed)
        # Written atomically, so this was edited or damaged by hand: what it held cannot be known, but every copy
        # it could have offered is still in the folder. One notice says so, until the player has read it; the
        # file is replaced at the next change (nothing is written here: a folder of a newer version, which has
        # yet to be refused, must be left untouched).
        notice = msg("{file} could not be read ({reason}), so notices about damaged files from an earlier start "
                     "may be missing. Every copy kept in the data folder is still there: the files named "
                     ".backup-<time>.json can be restored.", file=PENDING_NOTICES_FILE, reason=reason)
        return cls(folder, [Pending(PENDING_NOTICES_FILE, notice, None)], changed)

    def files(self) -> set[str]:
        """The damaged files that wait for a decision."""
        return {entry.file for entry in self.entries}

    def about(self, file: str) -> list[Pending]:
        """The waiting notices about one file."""
        return [entry for entry in self.entries if entry.file == file]

    def with_notice(self, notice: str) -> list[Pending]:
        """The waiting entries that give this notice."""
        return [entry for entry in self.entries if entry.notice == notice]

    def add(self, entry: Pending) -> None:
        """Keep a new notice until the player decides (written before this returns)."""
        self.entries.append(entry)
        self._save()

    def settle(self, entries: Iterable[Pending]) -> None:
        """The player has decided: these notices are no longer given."""
        settled = list(entries)
        if settled:
            self.entries = [entry for entry in self.entries if entry not in settled]
            self._save()

    def _save(self) -> None:
        if self.folder is None:
            return
        path = self.folder / PENDING_NOTICES_FILE
        try:
            if self.entries:
                doc = {"format": FORMAT, "version": VERSION, "notices": [_doc(e) for e in self.entries]}
                write_bytes_atomic(path, encode_json(doc, indent=1))
            elif path.exists():
                path.unlink()
                fsync_dir(self.folder)
            else:
                return
        except OSError as exc:
            raise StoreError(msg("could not save {file} in the data folder: {reason}", file=PENDING_NOTICES_FILE,
                                 reason=str(exc.strerror or exc))) from None
        if self._changed is not None:
            self._changed()


def _entries(doc: Any) -> list[Pending]:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        # i18n: why the file of notices still to show cannot be read: it is not such a file
        raise Unreadable(msg("it is not a list of notices"))
    if doc.get("version") != VERSION:
        # i18n: why a saved file cannot be read: it was written by a newer version of the app ({version} quoted)
        raise Unreadable(msg("it is of version {version}, which this companion does not know",
                             version=repr(doc.get("version"))))
    notices = doc.get("notices")
    if not isinstance(notices, list):
        raise Unreadable(msg("it holds no list of notices"))
    entries = []
    for item in notices:
        if not (isinstance(item, dict) and _name(item.get("file")) and isinstance(item.get("notice"), str)
                and item["notice"].strip() and (item.get("kept") is None or _name(item.get("kept")))):
            raise Unreadable(msg("one of its notices is malformed"))
        notice = item["notice"]
        if item.get("message") is not None:
            notice = message_from_doc(item["message"], notice)
        entries.append(Pending(item["file"], notice, item.get("kept")))
    return entries


def _doc(entry: Pending) -> dict[str, Any]:
    doc = {"file": entry.file, "notice": str(entry.notice), "kept": entry.kept}
    message = message_doc(entry.notice)
    if message is not None:
        doc["message"] = message
    return doc


def _name(value: Any) -> bool:
    """A file name inside the data folder ("sessions.json", "history/2026-11.json"), never above it."""
    if not isinstance(value, str) or "\\" in value:
        return False
    return all(part == Path(part).name and part not in ("", ".", "..") for part in value.split("/"))
