"""What people hand the companion, checked at the door: JSON documents from files, standard input or uploads.

Every command that reads a file (`companion score`, `check`, `import`, a 14ers file's catalog path) and every
screen that takes one in reads it here, so the same rules hold everywhere (docs/formats.md, "Limits"):

- only a regular file is opened: a folder, a FIFO, a device such as /dev/zero or a socket is refused before
  anything is read from it (and the file is opened without blocking, so one swapped in meanwhile cannot hang
  the reader);
- nothing beyond the caller's size limit is read: each format has its own limit, well above any real file;
- the text is UTF-8 JSON read strictly: a key given twice in one object, a whole number of more than
  `MAX_DIGITS` digits, NaN or Infinity, a number too large for a float, and text holding a broken character
  (an unpaired surrogate, which no file can store) are refused, naming what was found.

`quote(value)` is how an error message shows a value it refuses: Python's repr, cut to `QUOTE_CHARS`
characters and "…", so a message stays one short line whatever the file holds.
"""

from __future__ import annotations

import codecs
import json
import math
import os
import re
import stat
from collections.abc import Iterator
from typing import Any, BinaryIO

from companion.errors import InvalidInput
from companion.i18n.message import msg

__all__ = [
    "BACKUP_BYTES",
    "WEB_FILE_BYTES",
    "BOM",
    "QUOTE_CHARS",
    "MAX_DIGITS",
    "NoSuchFile",
    "quote",
    "text_problem",
    "loads",
    "parse_bytes",
    "read_bytes",
    "read_stream",
    "read_json",
    "size_text",
    "encodable",
]

# The largest backup read (`companion import`, Settings): 10,000 finished games make about 25 MB, so this
# holds a lifetime of play while refusing to read into memory a file that cannot be a backup.
BACKUP_BYTES = 256 * 1024 * 1024
# The largest file brought in from a browser that a computer serves (a backup picked on a phone that joined
# the computer's Wi-Fi server, say): it reaches the server whole in one websocket message, which the server
# holds several times over while reading it, so a device on the Wi-Fi must not send hundreds of megabytes.
# 32 MiB is more than 10,000 finished games; a larger backup is imported on the computer itself (`companion
# import`, or the desktop window).
WEB_FILE_BYTES = 32 * 1024 * 1024
QUOTE_CHARS = 60
# The longest whole number read: far beyond any count, score or seed (2**63 has 19 digits), and far below
# where Python refuses to turn a number into text (4,300 digits).
MAX_DIGITS = 30

_ELLIPSIS = "…"
_BROKEN = re.compile("[\ud800-\udfff]|\\\\u[dD][89a-fA-F]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


class NoSuchFile(InvalidInput):
    """The path names nothing (a caller may say where relative paths start)."""


def quote(value: Any, limit: int = QUOTE_CHARS) -> str:
    """A value as an error message shows it: its repr when that is at most `limit` characters, else the
    first `limit` characters and "…". Only that much of the value is ever turned into text."""
    text = _short_repr(value, limit + 1, 0)
    return text if len(text) <= limit else text[:limit] + _ELLIPSIS


def text_problem(text: str, *, max_len: int, what: str = "it") -> str | None:
    """Why a text cannot be used as a name or label (empty, longer than `max_len`, a line break or control
    character, a broken character), or None. `text` is taken as given: strip it first where spaces don't
    count."""
    # A Message (the English sentence, which a screen says in its language): `what` may be one too.
    if not text:
        # i18n: {what} names a text, such as "the name 'Ann'" or "the note"
        return msg("{what} is empty", what=what)
    if len(text) > max_len:
        return msg("{what} is {length:,} characters long; at most {limit} are allowed", what=what, length=len(text),
                   limit=max_len)
    if _CONTROL.search(text):
        return msg("{what} holds a line break or control character", what=what)
    if _BROKEN.search(text) and not encodable(text):
        return msg("{what} holds a broken character (an unpaired surrogate)", what=what)
    return None


def loads(text: str) -> Any:
    """Parse JSON text strictly; json.JSONDecodeError or RecursionError as json.loads raises them, and
    InvalidInput for a repeated key, an overlong or unusable number, or a broken character."""
    doc = json.loads(text, object_pairs_hook=_object, parse_int=_whole, parse_float=_decimal,
                     parse_constant=_constant)
    if _BROKEN.search(text):
        _refuse_broken(doc)
    return doc


BOM = b"\xef\xbb\xbf"    # the UTF-8 byte-order mark some editors write at the start of a file


def parse_bytes(data: bytes, *, bom: bool = False) -> Any:
    """Parse a file's bytes as strict JSON (`loads`); UnicodeDecodeError when they are not UTF-8. With `bom`
    a UTF-8 byte-order mark at the start is skipped, and a text with UTF-16's mark (what a text editor saves as
    "Unicode", as Windows Notepad offers) is read as the same text; UTF-32 stays refused, though its mark
    begins as UTF-16's."""
    if bom and data[:4] in (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE):
        raise UnicodeDecodeError("utf-32", data, 0, 4, "UTF-32 is not read")
    if bom and data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        data = data.decode("utf-16").encode("utf-8")
    return loads(data.decode("utf-8-sig" if bom else "utf-8"))


def read_bytes(path: str | os.PathLike[str], limit: int, what: str) -> bytes:
    """A regular file's bytes, at most `limit` of them; InvalidInput (NoSuchFile for a missing path) says
    why not, naming the path and `what` the file should have been ("a Ridgeline file")."""
    shown = _shown(path)
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError, ValueError):
        raise NoSuchFile(msg("no such file: {file}", file=shown)) from None
    except OSError as exc:
        raise InvalidInput(_cannot_read(shown, exc)) from None
    _check_kind(info, shown, what, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise NoSuchFile(msg("no such file: {file}", file=shown)) from None
    except OSError as exc:
        raise InvalidInput(_cannot_read(shown, exc)) from None
    try:
        _check_kind(os.fstat(fd), shown, what, limit)  # the path may name something else by now
        chunks = list(_read_up_to(fd, limit + 1))
    except OSError as exc:
        raise InvalidInput(_cannot_read(shown, exc)) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        # i18n: {what} is the kind of file expected, such as "a backup"
        raise InvalidInput(msg("{file} is larger than {limit}; {what} is at most {limit}", file=shown,
                               limit=size_text(limit), what=what))
    return data


def _cannot_read(shown: str, exc: OSError) -> str:
    # {reason} is the system's own words, as it gives them
    return msg("cannot read {file}: {reason}", file=shown, reason=str(exc.strerror or exc))


def read_stream(stream: BinaryIO, limit: int, what: str) -> bytes:
    """At most `limit` bytes from a stream (standard input); InvalidInput when it holds more."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise InvalidInput(f"standard input holds more than {size_text(limit)}; {what} is at most "
                           f"{size_text(limit)}")
    return data


def read_json(file: str | os.PathLike[str], limit: int, what: str, *, stdin: BinaryIO | None = None,
              bom: bool = False) -> Any:
    """The strict JSON document in a file, or in `stdin` when `file` is "-"; every problem is one
    InvalidInput naming the file (`read_bytes`, `loads`). With `bom` a UTF-8 byte-order mark at the start is
    skipped (`parse_bytes`)."""
    if str(file) == "-" and stdin is not None:
        data, shown = read_stream(stdin, limit, what), "standard input"
    else:
        data, shown = read_bytes(file, limit, what), _shown(file)
    if not bom and data.startswith(BOM):
        # Python's words for it tell a programmer which codec to use; a player needs to know what to save.
        raise InvalidInput(msg("{file} begins with a byte-order mark; save it as plain UTF-8, without one",
                               file=shown))
    if not data.removeprefix(BOM).strip():
        # i18n: a file read (a backup, a sheet, a game file) holds nothing, or only spaces and line breaks
        raise InvalidInput(msg("{file} is empty", file=shown))       # not "Expecting value at line 1 column 1"
    try:
        return parse_bytes(data, bom=bom)
    except UnicodeDecodeError:
        raise InvalidInput(msg("{file} is not a UTF-8 text file", file=shown)) from None
    except json.JSONDecodeError as exc:
        # Python's words end in " at" where the place follows ("Unterminated string starting at"): said once.
        problem = exc.msg[:-3] if exc.msg.endswith(" at") else exc.msg
        raise InvalidInput(msg("not valid JSON: {problem} at line {line} column {column}", problem=problem,
                               line=exc.lineno, column=exc.colno)) from None
    except RecursionError:
        raise InvalidInput(msg("the file is nested too deeply to be {what}", what=what)) from None


def size_text(n: int) -> str:
    """A byte count in words: '512 bytes', '64 KB', '1 MB', '3.5 MB'."""
    if n < 1024:
        return f"{n} bytes"
    if n < 1024 * 1024:
        return f"{n / 1024:.0f} KB"
    mb = n / 1024 / 1024
    return f"{mb:.0f} MB" if mb == int(mb) else f"{mb:.1f} MB"


# --- private helpers -------------------------------------------------------------------------------------


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    doc = dict(pairs)
    if len(doc) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise InvalidInput(msg("the key {key} appears twice in one object; give each key once",
                                       key=quote(key)))
            seen.add(key)
    return doc


def _whole(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > MAX_DIGITS:
        raise InvalidInput(msg("a whole number of {digits:,} digits ({start}…) is too long; numbers here have at "
                               "most {limit} digits", digits=digits, start=text[:20], limit=MAX_DIGITS))
    return int(text)


def _decimal(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InvalidInput(msg("the number {number} is too large to use", number=quote(text, 30)[1:-1]))
    return value


def _constant(name: str) -> Any:
    raise InvalidInput(msg("{name} is not a number JSON allows", name=name))


def _refuse_broken(doc: Any) -> None:
    """Walk the document (without recursion) for text no file can hold: a lone surrogate from a \\ud800 escape."""
    stack = [doc]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if not encodable(value):
                raise InvalidInput(msg("the text {text} holds a broken character (an unpaired surrogate, "
                                       "written \\ud800-\\udfff without its pair)", text=quote(value)))
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def encodable(text: str) -> bool:
    """True when the text can be written as UTF-8 (no unpaired surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_kind(info: os.stat_result, shown: str, what: str, limit: int) -> None:
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise InvalidInput(msg("{file} is a folder, not a file", file=shown))
    if not stat.S_ISREG(mode):
        kind = (msg("a FIFO (named pipe)") if stat.S_ISFIFO(mode) else msg("a device") if stat.S_ISCHR(mode) or
                stat.S_ISBLK(mode) else msg("a socket") if stat.S_ISSOCK(mode) else msg("not a regular file"))
        # i18n: {kind} is what the path is instead, such as "a device"; {what} the kind of file expected
        raise InvalidInput(msg("{file} is {kind}, not a file; {what} is read only from a regular file", file=shown,
                               kind=kind, what=what))
    if info.st_size > limit:
        raise InvalidInput(msg("{file} is {size}; {what} is at most {limit}", file=shown,
                               size=size_text(info.st_size), what=what, limit=size_text(limit)))


def _read_up_to(fd: int, most: int) -> Iterator[bytes]:
    left = most
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            return
        left -= len(chunk)
        yield chunk


def _shown(path: str | os.PathLike[str]) -> str:
    """A path as messages show it: as typed when it is short and printable, else quoted and cut."""
    text = os.fspath(path)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "backslashreplace")
    if len(text) <= 120 and text.isprintable() and encodable(text):
        return text
    return quote(text, 120)


def _short_repr(value: Any, budget: int, depth: int) -> str:
    """repr(value) when it fits in `budget` characters; otherwise a text longer than `budget` that starts
    like it, built from as little of the value as that takes."""
    kind = type(value)
    if kind is str:
        return repr(value) if len(value) <= budget else repr(value[:budget])
    if kind is int:
        if value.bit_length() <= 3 * budget:
            return repr(value)
        digits = int(value.bit_length() * 0.30103)    # at most one short of the true count
        head = str(abs(value) // 10 ** max(digits - budget - 1, 0))
        return ("-" if value < 0 else "") + head
    if kind in (list, tuple, dict):
        text = {list: "[", tuple: "(", dict: "{"}[kind]
        if depth > budget:
            return text * (budget + 1)
        for index, item in enumerate(value.items() if kind is dict else value):
            if index:
                text += ", "
            if kind is dict:
                text += _short_repr(item[0], budget - len(text), depth + 1) + ": "
                if len(text) > budget:
                    return text
                item = item[1]
            text += _short_repr(item, budget - len(text), depth + 1)
            if len(text) > budget:
                return text
        return repr(value)    # every part fitted, so repr itself is short
    return repr(value)
