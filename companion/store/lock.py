"""One companion per data folder: an OS lock that dies with the process holding it.

`flock` (POSIX) and `msvcrt.locking` (Windows) locks belong to the open file, so the operating system
drops them when the process exits or is killed: a lock left by a dead process is simply taken over, and
the pid written into `companion.lock` is only there to name the holder in the refusal.

A lock on `companion.lock` alone does not survive the file being deleted: the next process would create a
new file, lock that one and get in beside the first. So on POSIX the lock is held on the data folder
itself (`flock` on a descriptor of the folder), which no deletion inside it can undo; `companion.lock` is
locked as well, so that an older companion, which knows only that file, is still kept out. Windows cannot
open a folder as a file, but it refuses to delete a file that a process holds open, so `companion.lock`
is enough there. Where a folder cannot be locked (some network file systems refuse `flock` on folders)
the lock on `companion.lock` is all there is, as before. WebAssembly (a page's Python) has a single
process and no locks that mean anything.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

from companion.errors import StoreError

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
try:
    import msvcrt
except ImportError:  # everything else
    msvcrt = None  # type: ignore[assignment]

__all__ = ["LOCK_NAME", "StoreLocked", "ProcessLock"]

LOCK_NAME = "companion.lock"
# Windows locks byte ranges and a locked range cannot be read by others, so the lock sits past the pid.
_WINDOWS_LOCK_OFFSET = 4096
# What flock answers when another open file holds the lock (anything else: this folder cannot be locked).
_HELD_ELSEWHERE = frozenset({errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES})
# The folders this process holds: a second open here is named as such even when companion.lock is gone.
_HELD_HERE: set[Path] = set()


class StoreLocked(StoreError):
    """Another live process has the data folder open."""


class ProcessLock:
    """The data folder's process lock."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_NAME
        self._fd: int | None = None
        self._folder_fd: int | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._fd is not None

    @property
    def on_folder(self) -> bool:
        """True while the lock is held on the folder itself, so deleting companion.lock lets nobody in."""
        return self._folder_fd is not None

    def acquire(self) -> None:
        """Take the lock or raise StoreLocked naming the folder and the process that has it."""
        if self.folder in _HELD_HERE:
            raise StoreLocked(_refusal(self.folder, os.getpid()))
        folder_fd = self._lock_folder()
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
        except OSError as exc:
            _close_folder(folder_fd)
            raise StoreError(f"cannot use the data folder {self.folder}: {exc.strerror or exc}") from None
        try:
            _lock(fd)
        except OSError:
            holder = _read_pid(fd)
            os.close(fd)
            _close_folder(folder_fd)
            raise StoreLocked(_refusal(self.folder, holder)) from None
        try:
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        except OSError:
            pass  # the pid only improves the message another process would print
        self._fd = fd
        self._folder_fd = folder_fd
        _HELD_HERE.add(self.folder)

    def release(self) -> None:
        """Give the lock up (the file stays: deleting it could let two processes lock different files)."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        _HELD_HERE.discard(self.folder)
        try:
            os.ftruncate(fd, 0)
        except OSError:
            pass
        _unlock(fd)
        os.close(fd)
        folder_fd, self._folder_fd = self._folder_fd, None
        _close_folder(folder_fd)

    def _lock_folder(self) -> int | None:
        """Lock the folder's own descriptor (None where folders cannot be locked); StoreLocked when it is held."""
        if fcntl is None or sys.platform == "emscripten":
            return None
        try:
            fd = os.open(self.folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        except OSError:
            return None  # a folder this system will not open as a file: companion.lock alone guards it
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno not in _HELD_ELSEWHERE:
                return None  # e.g. NFS, where flock on a folder fails with EBADF or ENOLCK
            raise StoreLocked(_refusal(self.folder, _read_pid_file(self.path))) from None
        return fd


def _close_folder(fd: int | None) -> None:
    # Closing the descriptor drops its flock.
    if fd is not None:
        os.close(fd)


def _refusal(folder: Path, holder: int | None) -> str:
    if holder == os.getpid():
        return f"the data folder {folder} is already open in this program; use the store that is open"
    process = f"process {holder}" if holder else "another process"
    return f"the companion is already running on {folder} ({process}); close it first"


def _lock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    elif msvcrt is not None:
        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    # Neither exists only on single-process platforms (WebAssembly), where there is nobody to exclude.


def _unlock(fd: int) -> None:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
        elif msvcrt is not None:
            os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    except OSError:
        pass  # closing the file releases it anyway


def _read_pid_file(path: Path) -> int | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    except OSError:
        return None  # deleted by hand: the holder cannot be named
    try:
        return _read_pid(fd)
    finally:
        os.close(fd)


def _read_pid(fd: int) -> int | None:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
