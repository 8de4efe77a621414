"""Small helpers the engines share to put an entry into words for people (each session's `describe_action`).

Pure text functions: no game rules here, only how a list, a count or a free-text note is shown on one line.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from companion.i18n.message import Message, msg, msgn

__all__ = ["UNRECOGNISED", "MINUS", "and_list", "clauses", "comma_list", "count", "number", "short_text", "signed",
           "safely"]

# What the history shows for an entry an engine cannot read: the entry stays listed (it can still be deleted)
# rather than the whole history failing over it.
UNRECOGNISED = msg("An entry the game does not recognise")
MINUS = "\u2212"          # the printed minus sign, not the hyphen
_NOTE_MAX = 60            # a typed note is cut to this many characters in a one-line description


def and_list(items: Iterable[str]) -> str:
    """'Ann', 'Ann and Bo', 'Ann, Bo and Cy': a Message, so a screen says it in its language (`tr`); an item
    that is itself a Message (a card's name) is said in that language too, any other (a name) as it is."""
    words = [item if isinstance(item, Message) else str(item) for item in items]
    if len(words) <= 1:
        return words[0] if words else ""
    # i18n: the end of a list of two or more things: "Ann, Bo and Cy" ({first} may itself be a list)
    return msg("{first} and {last}", first=comma_list(words[:-1]), last=words[-1])


def comma_list(items: Iterable[str]) -> str:
    """'Ann', 'Ann, Bo', 'Ann, Bo, Cy': a Message when there are two or more (see `and_list`)."""
    words = [item if isinstance(item, Message) else str(item) for item in items]
    if not words:
        return ""
    joined = words[0]
    for word in words[1:]:
        # i18n: two items of a list, one after the other: "Ann, Bo" ({first} may itself be a list)
        joined = msg("{first}, {next}", first=joined, next=word)
    return joined


def clauses(items: Iterable[str]) -> str:
    """Clauses or descriptions one after another, joined by '; ': a Message from two on (see `and_list`), so
    each language writes its own separator (French puts a non-breaking space before the semicolon)."""
    words = [item if isinstance(item, Message) else str(item) for item in items]
    if not words:
        return ""
    joined = words[-1]
    for word in reversed(words[:-1]):
        # i18n: two clauses or descriptions one after the other ("+1 Endurance; 2 ★ per Class III Climb")
        joined = msg("{first}; {rest}", first=word, rest=joined)
    return joined


# The counted words the engines use, each with its plural, so the catalogs carry every form a language has.
_COUNTED: dict[tuple[str, str], Callable[[int], Message]] = {
    ("Climb", "Climbs"): lambda n: msgn("{n} Climb", "{n} Climbs", n),
    ("Guide", "Guides"): lambda n: msgn("{n} Guide", "{n} Guides", n),
    ("card", "cards"): lambda n: msgn("{n} card", "{n} cards", n),
    ("risk point", "risk points"): lambda n: msgn("{n} risk point", "{n} risk points", n),
}


def count(number: int, singular: str, plural: str | None = None) -> str:
    """'1 Climb', '3 Climbs', '0 Guides': a Message with the language's own plural forms (`msgn`)."""
    plural = plural or singular + "s"
    known = _COUNTED.get((singular, plural))
    if known is not None and isinstance(number, int) and not isinstance(number, bool):
        return known(number)
    # A word the catalogs do not list: the English sentence, said as it is in every language.
    return f"{number} {singular if number == 1 else plural}"


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
    flat = " ".join(text.split())
    if not flat:
        return UNRECOGNISED
    # A Message already on one line is kept as it is, so a screen can still say it in its language.
    return text if flat == text else flat
