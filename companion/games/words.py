"""Small helpers the engines share to put an entry into words for people (each session's `describe_action`).

Pure text functions: no game rules here, only how a list, a count or a free-text note is shown on one line.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

__all__ = ["UNRECOGNISED", "MINUS", "and_list", "count", "number", "short_text", "signed", "safely"]

# What the history shows for an entry an engine cannot read: the entry stays listed (it can still be deleted)
# rather than the whole history failing over it.
UNRECOGNISED = "An entry the game does not recognise"
MINUS = "\u2212"          # the printed minus sign, not the hyphen
_NOTE_MAX = 60            # a typed note is cut to this many characters in a one-line description


def and_list(items: Iterable[str]) -> str:
    """'Ann', 'Ann and Bo', 'Ann, Bo and Cy'."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def count(number: int, singular: str, plural: str | None = None) -> str:
    """'1 Climb', '3 Climbs', '0 Guides'."""
    return f"{number} {singular if number == 1 else (plural or singular + 's')}"


def number(value: int) -> str:
    """A whole number for people, a negative one with the printed minus sign: '70', '−19'."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(number: int) -> str:
    """A change in points or acclimatization as people write it: '+2', '−1' (a true minus sign), '0'."""
    if number > 0:
        return f"+{number}"
    if number < 0:
        return f"{MINUS}{-number}"
    return "0"


def short_text(text: str, limit: int = _NOTE_MAX) -> str:
    """Free text typed by a player on one short line: line breaks and runs of spaces become one space, and
    text over `limit` characters is cut with '…'."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[:limit - 1].rstrip() + "…"


def safely(describe: Callable[[Any, Any], str], state: Any, action: Any) -> str:
    """`describe(state, action)`, or UNRECOGNISED when the action cannot be read.

    A history lists entries that no longer fit the game (an edited backup, an entry made by an older
    version), so describing one must never fail: any error from reading the action means "not recognised".
    The result is always a single non-empty line.
    """
    try:
        text = describe(state, action)
    except Exception:  # noqa: BLE001 - any unreadable entry is shown as such, never raised
        return UNRECOGNISED
    if not isinstance(text, str):
        return UNRECOGNISED
    text = " ".join(text.split())
    return text or UNRECOGNISED
