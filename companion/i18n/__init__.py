"""The player's language: gettext catalogs, plural forms, numbers and dates, per tab.

Screens write `_("Players")`, `ngettext("{n} Ascent", "{n} Ascents", n).format(n=n)`, and `tr(reason)` for
what an engine returned (`companion.i18n.message`). The catalogs are the standard gettext ones: `.po`
sources under `data/locale/<lang>/LC_MESSAGES/companion.po`, compiled to the `.mo` beside them (Babel
extracts and compiles them: `python -m companion.i18n.catalogs`); the runtime reads the `.mo` with the
standard library's `gettext`, so it runs the same in CPython, in the browser's Python and on a phone. Number
and date conventions come from the Unicode CLDR through Babel, kept as `data/locale/formats.json`.

The language in force is the tab's: each Flet page is bound to one (`bind_page`), read back through Flet's
page context, so two browsers served by one computer may read two languages. Code outside a page (the
command line, a worker thread) reads the process default, English unless `set_default` says otherwise;
`use_language` forces one for a block (tests, a worker started from a tab).
"""

from __future__ import annotations

import asyncio
import gettext
import json
import re
import sys
import weakref
from decimal import ROUND_HALF_UP, Decimal
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime
from functools import lru_cache
from typing import Any

from companion.i18n.message import Message, N_, msg, msgn, reason_of

__all__ = [
    "_", "ngettext", "npgettext", "N_", "msg", "msgn", "Message", "reason_of", "tr", "LANGUAGES", "PSEUDO", "SYSTEM",
    "current", "set_default", "use_language", "bind_page", "locale_tag", "device_language", "match_locales", "language_name",
    "format_number", "format_percent", "format_date", "format_datetime", "pseudo", "is_pseudo", "catalog_dir",
]

# The languages a player may choose, by their own name (never translated: a player looking for their
# language reads it in that language).
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "de": "Deutsch", "pl": "Polski"}
# The setting's value for "follow the device".
SYSTEM = "system"
# A language for tests only: every translated string accented and made 40% longer, so a string left in
# English or a label cut short shows at once. Never offered to players.
PSEUDO = "xx"
_DOMAIN = "companion"

_forced: ContextVar[str | None] = ContextVar("companion_language", default=None)
_page_language: dict[int, str] = {}
_default = "en"


def catalog_dir():
    """The folder holding `<lang>/LC_MESSAGES/companion.po|mo`, `companion.pot` and `formats.json`."""
    from companion.paths import data_root  # noqa: PLC0415 - paths reads the filesystem; import on use

    return data_root() / "locale"


# --- which language ------------------------------------------------------------------------------------

def _flet_page() -> Any:
    # Only when Flet is already loaded: the engines and the command line never import it.
    context = sys.modules.get("flet.controls.context")
    if context is None:
        return None
    return context._context_page.get()  # noqa: SLF001 - Flet keeps the tab's page in this context variable


def current() -> str:
    """The language in force here: a forced one, else this tab's, else the process default."""
    forced = _forced.get()
    if forced:
        return forced
    page = _flet_page()
    if page is not None:
        code = _page_language.get(id(page))
        if code:
            return code
    return _default


def _known(code: str) -> str:
    if code == PSEUDO or code in LANGUAGES:
        return code
    raise ValueError(f"unknown language {code!r}: expected one of {', '.join(LANGUAGES)}")


def set_default(code: str) -> None:
    """The language outside any tab (a phone or browser build has one user: its tab's language)."""
    global _default
    _default = _known(code)


@contextmanager
def use_language(code: str) -> Iterator[None]:
    """Force `code` for the block, whatever the tab says."""
    token = _forced.set(_known(code))
    try:
        yield
    finally:
        _forced.reset(token)


def bind_page(page: Any, code: str) -> None:
    """Make `code` the language of every string made for this tab (Flet page) from now on."""
    _known(code)
    key = id(page)
    if key not in _page_language:
        try:
            weakref.finalize(page, _page_language.pop, key, None)
        except TypeError:  # not weakly referable: keep the entry (one per tab, a few bytes)
            pass
    _page_language[key] = code


def locale_tag(item: object) -> str | None:
    """A Flet `Locale` (or what a client sent for one) as a tag such as "de-AT"."""
    if isinstance(item, str):
        return item
    code = getattr(item, "language_code", None)
    if code is None and isinstance(item, dict):
        code = item.get("language_code")
    return code


async def device_language(page: Any, waits: Sequence[float] = (2, 4, 8)) -> str | None:
    """The language of the device a Flet page shows on, as its client reports its locales (`match_locales`);
    None when the client cannot say (an older client, no answer to any of the questions).

    Asked again when no answer comes within each of `waits` seconds: a tab reloaded after the server restarted
    lost the first question (its client was still taking up the session it had before), and the app stayed in
    English for a Polish phone."""
    for wait in waits:
        try:
            info = await asyncio.wait_for(page.get_device_info(), timeout=wait)
        except asyncio.TimeoutError:
            continue
        except Exception:  # noqa: BLE001 - whatever the client fails with, it has not said
            return None
        return match_locales(locale_tag(item) for item in (getattr(info, "locales", None) or []))
    return None


def match_locales(tags: Iterable[str | None]) -> str:
    """The first of the device's locales ("de-AT", "pl_PL", "fr") we speak, else English."""
    for tag in tags:
        if not tag:
            continue
        lang = str(tag).replace("_", "-").split("-")[0].lower()
        if lang in LANGUAGES:
            return lang
    return "en"


def language_name(code: str) -> str:
    """A language's own name ("Deutsch")."""
    return LANGUAGES.get(code, code)


# --- the catalogs --------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _catalog(code: str) -> gettext.NullTranslations:
    path = catalog_dir() / code / "LC_MESSAGES" / f"{_DOMAIN}.mo"
    try:
        with open(path, "rb") as fp:
            return gettext.GNUTranslations(fp)
    except OSError:
        # A build without catalogs still works, in English, rather than failing to start.
        return gettext.NullTranslations()


def _(text: str) -> str:
    """`text` in the language in force (itself in English, or when the catalog has no translation)."""
    code = current()
    if code == "en" or not text:
        return text
    if code == PSEUDO:
        return pseudo(text)
    return _with_grammar(code, _catalog(code).gettext(text))


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence that fits the count `n` (Polish has three); format it with `n` after."""
    return _plural(singular, plural, n, lambda catalog: catalog.ngettext(singular, plural, n))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """As `ngettext`, for words whose English is also another message's ("Game" the game played, "Game" which
    of the games): `context` keeps them apart in the catalogs."""
    return _plural(singular, plural, n, lambda catalog: catalog.npgettext(context, singular, plural, n))


def _plural(singular: str, plural: str, n: int, translated: Any) -> str:
    """English's form for `n`, the pseudo-language's, or what `translated` finds in the language's catalog."""
    code = current()
    if code == "en":
        return singular if n == 1 else plural
    if code == PSEUDO:
        return pseudo(singular if n == 1 else plural)
    return _with_grammar(code, translated(_catalog(code)))


class _FrenchText(str):
    """A French sentence whose `format` elides "de" and "que" before a value that starts with a vowel, as
    French writes them: "les cartes de {name}" with Amélie is "les cartes d'Amélie", with Bruno "de Bruno". A
    name or a card is only known when the sentence is formatted, so the translation cannot do it itself.

    So too a preposition before a place with its article: "de {start} à {end}" from base camp to the summit
    is "du camp de base au sommet", not "de camp de base à le sommet" (Freunde's places, said in a sentence
    that also takes a space's printed id: "de S5 à S6")."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        def contract(match: Any) -> str:
            preposition, value = match.group(1), kwargs.get(match.group(2))
            text = value if isinstance(value, str) else ""
            if text in _FRENCH_PLACES_WITHOUT_ARTICLE:
                article, noun = "le", text
            elif text.startswith(("le ", "les ")):
                article, noun = text.split(" ", 1)
            else:
                return match.group(0)
            joined = _FRENCH_CONTRACTIONS.get((preposition.lower(), article))
            if joined is None:
                if text not in _FRENCH_PLACES_WITHOUT_ARTICLE:
                    return match.group(0)      # "sur le sommet" as it is
                joined = "au"                   # "sur camp de base": "au camp de base"
            if preposition[:1].isupper():
                joined = joined.capitalize()
            return joined + " " + noun.replace("{", "{{").replace("}", "}}")

        def elide(match: Any) -> str:
            value = kwargs.get(match.group(2))
            text = value if isinstance(value, str) else ""
            if text[:1] in _FRENCH_VOWELS and not text.lower().startswith(_FRENCH_NOT_ELIDED):
                word = match.group(1)
                return word[:-1] + "'" + match.group(0)[len(word) + 1:]
            return match.group(0)

        return str.format(_FRENCH_ELISION.sub(elide, _FRENCH_PLACE.sub(contract, self)), *args, **kwargs)

    def format_map(self, mapping: Any) -> str:
        return self.format(**mapping)


_FRENCH_ELISION = re.compile(r"(?<![\w'’])([Dd]e|[Qq]ue) \{(\w+)[^{}]*\}")
_FRENCH_VOWELS = frozenset("AEIOUÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜaeiouàâäæéèêëîïôöœùûü")
_FRENCH_NOT_ELIDED = ("onze", "onzième")          # "de onze": French does not elide before eleven
_FRENCH_PLACE = re.compile(r"(?<![\w'’])([Dd]e|[Àà]|[Ee]n|[Ss]ur|[Vv]ers) \{(\w+)\}")
_FRENCH_CONTRACTIONS = {("de", "le"): "du", ("à", "le"): "au", ("en", "le"): "au",
                        ("de", "les"): "des", ("à", "les"): "aux", ("en", "les"): "aux",
                        ("vers", "le"): "vers le", ("vers", "les"): "vers les"}     # no contraction: the article
# A place said without its article on its own (a label: "camp de base") that takes "le" after a preposition.
_FRENCH_PLACES_WITHOUT_ARTICLE = frozenset({"camp de base"})


def _with_grammar(code: str, text: str) -> str:
    return _FrenchText(text) if code == "fr" and "{" in text else text


class _Grouped(int):
    """A whole number in a message: "{n:,}" groups its digits the language's way ("1.000.000" in German, not
    "1,000,000", which reads as one with decimals there); any other format as an int's."""

    def __format__(self, spec: str) -> str:
        return format_number(int(self)) if spec == "," else int(self).__format__(spec)


def tr(value: Any) -> Any:
    """What an engine returned, said in the language in force: a `Message` by its id and arguments (an
    argument that is itself a `Message` is said the same way, a date the language's way; any other argument,
    such as a name, is data and kept as it is), any other string looked up as it is; anything else (None, a
    number) unchanged."""
    if isinstance(value, Message):
        args = {k: tr(v) if isinstance(v, Message) else format_date(v) if isinstance(v, date)
                else _Grouped(v) if type(v) is int else v for k, v in value.args.items()}
        if value.plural is not None:
            args["n"] = _Grouped(value.n) if type(value.n) is int else value.n
            template = ngettext(value.msgid, value.plural, value.n)
        else:
            template = _(value.msgid)
        try:
            return template.format(**args) if args else template
        except (KeyError, IndexError, ValueError):  # a broken translation never hides the reason
            return str(value)
    if isinstance(value, str):
        return _(value)
    return value


# --- the pseudo-language -------------------------------------------------------------------------------

_ACCENTED = str.maketrans(
    "abcdeghiklnorstuyzABCDEGHIKLNORSTUYZ",
    "åƀçđéĝĥîķľñöŕšţûýžÅƁÇĐÉĜĤÎĶĽÑÖŔŠŢÛÝŽ",
)


def pseudo(text: str) -> str:
    """`text` accented and 40% longer, inside [ ]: every word grows by 40% (long words are what breaks a
    layout in German and Polish), placeholders ({n}, {name:>3}) kept as they are."""
    out: list[str] = []
    depth = 0
    word = 0
    letters = 0

    def end_word() -> None:
        nonlocal word
        if word:
            out.append("·" * ((word * 2 + 4) // 5))
            word = 0

    for ch in text:
        if ch == "{":
            end_word()
            depth += 1
        if depth:
            out.append(ch)
        elif ch.isalpha():
            out.append(ch.translate(_ACCENTED))
            word += 1
            letters += 1
        else:
            end_word()
            out.append(ch)
        if ch == "}" and depth:
            depth -= 1
    end_word()
    return "[" + "".join(out) + "]" if letters else text


def is_pseudo(text: str) -> bool:
    """True when every letter of `text` stands inside a pseudo-language [ ] span."""
    depth = 0
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(depth - 1, 0)
        elif depth == 0 and ch.isascii() and ch.isalpha():
            return False
    return True


# --- numbers and dates ---------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _formats() -> dict[str, Any]:
    try:
        return json.loads((catalog_dir() / "formats.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _conventions() -> dict[str, Any]:
    code = current()
    table = _formats()
    if code == PSEUDO:
        return _pseudo_conventions()
    return table.get(code if code in LANGUAGES else "en") or table.get("en") or _ENGLISH


@lru_cache(maxsize=1)
def _pseudo_conventions() -> dict[str, Any]:
    english = _formats().get("en") or _ENGLISH
    said = dict(english)
    for key in ("months_abbr", "months_wide", "months_wide_format"):
        if english.get(key):
            said[key] = [pseudo(name) for name in english[key]]
    return said


_ENGLISH = {
    "decimal": ".", "group": ",", "minus": "-",
    "date": {"short": "d/M/yy", "medium": "d MMM y", "long": "d MMMM y"},
    "time": "HH:mm", "datetime": "{1}, {0}",
    "months_abbr": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    "months_wide": ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                    "October", "November", "December"],
    "months_wide_format": None,
    "percent_suffix": "%",
    "am": "AM", "pm": "PM",
}


def format_number(value: float | int, digits: int | None = None, *, group: bool = True) -> str:
    """`value` with the language's decimal and grouping signs; `digits` fixed decimals (None: as it is)."""
    conv = _conventions()
    if digits is None:
        text = str(value) if isinstance(value, int) else repr(float(value))
        if text.endswith(".0"):
            text = text[:-2]
    else:
        text = _fixed(value, digits)
    text = text.lstrip("-")
    # A value that rounds to nothing has no sign: -0.4 to no decimals is "0", not "-0".
    negative = value < 0 and text.strip("0.") != ""
    whole, _dot, frac = text.partition(".")
    if group and len(whole) > 4 or (group and len(whole) == 4 and conv.get("group_four", True)):
        parts = []
        while len(whole) > 3:
            parts.insert(0, whole[-3:])
            whole = whole[:-3]
        parts.insert(0, whole)
        whole = conv["group"].join(parts)
    out = whole + (conv["decimal"] + frac if frac else "")
    return (conv.get("minus", "-") + out) if negative else out


def _fixed(value: float | int, digits: int) -> str:
    """`value` to `digits` decimals, a half rounded away from zero as people round by hand: an average of
    12.25 is 12.3, 5 of 8 is 63%. (Python's own formatting rounds an exact half to even: 12.2, 62%.) The
    shortest decimal that is the float is rounded, so 2.675 is 2.68 as it reads, not its binary 2.67499…."""
    exact = Decimal(value) if isinstance(value, int) else Decimal(repr(float(value)))
    if not exact.is_finite():
        return f"{value:.{digits}f}"
    return f"{exact.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP):f}"


def format_percent(rate: float) -> str:
    """A rate from 0 to 1 as a whole percentage the language's way: "75%", "75 %"."""
    return format_number(rate * 100, 0) + _conventions().get("percent_suffix", "%")


def _pattern(pattern: str, moment: datetime | date, conv: dict[str, Any]) -> str:
    out: list[str] = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "'":
            end = pattern.find("'", i + 1)
            end = len(pattern) if end < 0 else end
            out.append(pattern[i + 1:end] or "'")
            i = end + 1
            continue
        j = i
        while j < len(pattern) and pattern[j] == ch:
            j += 1
        run = j - i
        i = j
        if ch == "y":
            out.append(f"{moment.year % 100:02d}" if run == 2 else str(moment.year))
        elif ch in "ML":
            month = moment.month
            if run >= 4:
                names = conv["months_wide"] if ch == "L" else (conv.get("months_wide_format") or conv["months_wide"])
                out.append(names[month - 1])
            elif run == 3:
                out.append(conv["months_abbr"][month - 1])
            else:
                out.append(f"{month:0{run}d}")
        elif ch == "d":
            out.append(f"{moment.day:0{run}d}")
        elif ch in "Hhma" and isinstance(moment, datetime):
            if ch == "H":
                out.append(f"{moment.hour:0{run}d}")
            elif ch == "h":
                out.append(f"{(moment.hour % 12) or 12:0{run}d}")
            elif ch == "m":
                out.append(f"{moment.minute:0{run}d}")
            else:
                out.append(conv["am"] if moment.hour < 12 else conv["pm"])
        elif ch.isalpha():
            continue  # a field we do not show (era, weekday...): left out rather than printed raw
        else:
            out.append(ch * run)
    return "".join(out).strip()


def format_date(day: date | datetime, width: str = "medium") -> str:
    """A date as the language writes it ("12 mars 2026", "12.03.2026"): width short, medium or long."""
    conv = _conventions()
    return _pattern(conv["date"][width], day, conv)


def format_datetime(moment: datetime, width: str = "medium") -> str:
    """A date and time as the language writes them."""
    conv = _conventions()
    day = _pattern(conv["date"][width], moment, conv)
    time = _pattern(conv["time"], moment, conv)
    return conv.get("datetime", "{1}, {0}").replace("{1}", day).replace("{0}", time)

