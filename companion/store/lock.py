"""One companion per data folder: an OS lock on `companion.lock` that dies with the process holding it.

`flock` (POSIX) and `msvcrt.locking` (Windows) locks belong to the open file, so the operating system
drops them when the process exits or is killed: a lock left by a dead process is simply taken over, and
the pid written into the file is only there to name the holder in the refusal.
"""

from __future__ import annotations

import os
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


class StoreLocked(StoreError):
    """Another live process has the data folder open."""


class ProcessLock:
    """The data folder's process lock."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / LOCK_NAME
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._fd is not None

    def acquire(self) -> None:
        """Take the lock or raise StoreLocked naming the folder and the process that has it."""
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
        except OSError as exc:
            raise StoreError(f"cannot use the data folder {self.folder}: {exc.strerror or exc}") from None
        try:
            _lock(fd)
        except OSError:
            holder = _read_pid(fd)
            os.close(fd)
            raise StoreLocked(_refusal(self.folder, holder)) from None
        try:
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        except OSError:
            pass  # the pid only improves the message another process would print
        self._fd = fd

    def release(self) -> None:
        """Give the lock up (the file stays: deleting it could let two processes lock different files)."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)
        except OSError:
            pass
        _unlock(fd)
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


def _read_pid(fd: int) -> int | None:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
