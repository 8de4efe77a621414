"""Words with their catalog id: what a rules engine returns when a person will read it.

An engine stays free of any UI and of the current language. When it explains a refusal or names a thing,
it returns `msg("the {op} boxes are full", op=...)`: a `Message`, which *is* the English sentence (a `str`,
so the command line, the logs and every English contract read exactly as before) and also remembers the
catalog id and the arguments, so a screen can say it in the player's language (`companion.i18n.tr`).

`N_` marks a constant for the catalogs without translating it; the screen translates it when it shows it.
"""

from __future__ import annotations

from datetime import date
from typing import Any

__all__ = ["Message", "msg", "msgn", "N_", "reason_of", "message_doc", "message_from_doc"]


class Message(str):
    """An English sentence (the `str` value) that keeps its catalog id and its arguments."""

    msgid: str
    args: dict[str, Any]
    plural: str | None   # the English plural, for a sentence that depends on a count
    n: int | None        # the count (also the {n} of the sentence)

    def __new__(cls, msgid: str, /, *, _plural: str | None = None, _n: int | None = None, **args: Any) -> Message:
        shown = {k: _english_date(v) if isinstance(v, date) else v for k, v in args.items()}
        if _plural is not None:
            template = msgid if _n == 1 else _plural
            text = template.format(n=_n, **shown)
        else:
            text = msgid.format(**shown) if args else msgid
        made = super().__new__(cls, text)
        made.msgid = msgid
        made.args = args
        made.plural = _plural
        made.n = _n
        return made

    def __reduce__(self):  # pickles and copies keep the id and arguments
        return (_rebuild, (self.msgid, self.args, self.plural, self.n))


def _rebuild(msgid: str, args: dict[str, Any], plural: str | None = None, n: int | None = None) -> Message:
    return Message(msgid, _plural=plural, _n=n, **args)


def _english_date(day: date) -> str:
    """A date argument in the English sentence: "3 Mar 2026" (a screen says it the language's way)."""
    return f"{day.day} {_MONTHS[day.month - 1]} {day.year}"


_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def msg(msgid: str, /, **args: Any) -> Message:
    """The English sentence `msgid.format(**args)`, translatable later by `companion.i18n.tr`."""
    return Message(msgid, **args)


def msgn(singular: str, plural: str, n: int, /, **args: Any) -> Message:
    """The sentence for the count `n` ("{n} Climb" / "{n} Climbs"), formatted with `n` and `args`; a
    language with more plural forms (Polish) picks its own when it is translated."""
    return Message(singular, _plural=plural, _n=n, **args)


def N_(text: str) -> str:  # noqa: N802 - the gettext convention for "mark, do not translate yet"
    """Mark `text` for the catalogs; it is translated where it is shown."""
    return text


def reason_of(exc: BaseException) -> str:
    """What an error says, as the `Message` it was raised with when it was (so a screen can translate it),
    else as its text."""
    if len(exc.args) == 1 and isinstance(exc.args[0], Message):
        return exc.args[0]
    return str(exc)


# Words inside words deeper than this are not read back (a file edited by hand cannot make it recurse).
_MAX_DEPTH = 32


def message_doc(value: Any) -> dict[str, Any] | None:
    """A `Message` (a reason an engine gave, a notice) as JSON data, to keep beside its text so that it can be
    said in the player's language after it was saved and read back (`message_from_doc`); None for plain text.
    An argument that is not a Message, text, a number or null is kept as its text."""
    if not isinstance(value, Message):
        return None
    args: dict[str, Any] = {}
    for key, arg in value.args.items():
        if isinstance(arg, Message):
            args[key] = {"message": message_doc(arg)}
        elif isinstance(arg, date):
            args[key] = {"date": arg.isoformat()}
        elif arg is None or type(arg) in (bool, int, float):
            args[key] = arg
        else:
            args[key] = str(arg)
    doc: dict[str, Any] = {"id": str(value.msgid), "args": args}
    if value.plural is not None:
        doc["plural"] = str(value.plural)
        doc["n"] = value.n
    return doc


def message_from_doc(doc: Any, text: str) -> str:
    """The `Message` kept by `message_doc`, when it still reads exactly `text`; otherwise `text` itself (a
    file edited by hand, or written by another version, never changes what is shown)."""
    try:
        made = _message(doc, 0)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError):
        return text
    return made if made == text else text


def _message(doc: Any, depth: int) -> Message:
    if not isinstance(doc, dict) or not isinstance(doc.get("id"), str) or depth > _MAX_DEPTH:
        raise ValueError("not a message")
    raw = doc.get("args") or {}
    if not isinstance(raw, dict):
        raise ValueError("not a message")
    args = {str(key): (date.fromisoformat(arg["date"]) if "date" in arg else _message(arg["message"], depth + 1))
            if isinstance(arg, dict) else arg for key, arg in raw.items()}
    plural = doc.get("plural")
    if plural is not None:
        if not isinstance(plural, str) or type(doc.get("n")) is not int:
            raise ValueError("not a message")
        return Message(doc["id"], _plural=plural, _n=doc["n"], **args)
    return Message(doc["id"], **args)
