"""Keep the gettext catalogs: extract, merge, compile and check them with Babel (a development tool).

    uv run --extra test python -m companion.i18n.catalogs all      # extract + update + compile + formats
    uv run --extra test python -m companion.i18n.catalogs check    # what tests/test_i18n_catalogs.py checks

`extract` reads every `_()`, `ngettext()`, `npgettext()` (with its context), `N_()`, `msg()` and `msgn()` in
the package into `data/locale/companion.pot`;
`update` merges it into each language's `.po` (new messages empty, vanished ones dropped, never guessed);
`compile` writes the `.mo` the app reads; `formats` writes `formats.json`, the number and date conventions
of each language from the CLDR data Babel carries. Nothing here runs in the app.
"""

from __future__ import annotations

import io
from datetime import datetime, timezone
import json
import re
import sys
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from companion import __version__
from companion.i18n import LANGUAGES, catalog_dir

__all__ = ["KEYWORDS", "extract", "update", "compile_all", "write_formats", "check_catalog", "problems",
           "placeholders", "main"]

TRANSLATED = [code for code in LANGUAGES if code != "en"]
KEYWORDS = {"_": None, "N_": None, "msg": None, "ngettext": (1, 2), "msgn": (1, 2), "npgettext": ((1, "c"), 2, 3)}
PACKAGE = Path(__file__).resolve().parents[1]
_SKIP = ("bench/", "i18n/catalogs.py")
# Dates in the headers stay put, so a catalog changes only when its messages do.
_STABLE = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _pot_path() -> Path:
    return catalog_dir() / "companion.pot"


def _po_path(code: str) -> Path:
    return catalog_dir() / code / "LC_MESSAGES" / "companion.po"


def extract() -> Catalog:
    """Every marked message of the package, in a template catalog."""
    template = Catalog(project="companion", version=__version__, msgid_bugs_address="", charset="utf-8",
                       creation_date=_STABLE, revision_date=_STABLE, fuzzy=False)
    template.header_comment = "# Messages of the climbing companion."
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("i18n:",),
        strip_comment_tags=True,
    ):
        if filename.replace("\\", "/").startswith(_SKIP):
            continue
        if not message or (isinstance(message, tuple) and not message[0]):
            continue
        template.add(message, None, [(f"companion/{filename}", lineno)], auto_comments=comments,
                     context=context, flags=("python-brace-format",) if "{" in str(message) else ())
    return template


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=110, sort_output=False, omit_header=False, include_lineno=False)
    path.write_bytes(buf.getvalue())


def _read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp, locale=code)


def update(template: Catalog | None = None) -> None:
    """Write the template and merge it into every language's `.po`."""
    template = template or extract()
    _write(template, _pot_path())
    for code in TRANSLATED:
        path = _po_path(code)
        if path.exists():
            catalog = _read(path, code)
        else:
            catalog = Catalog(locale=Locale.parse(code), project="companion", version=__version__,
                              charset="utf-8", creation_date=_STABLE, revision_date=_STABLE, fuzzy=False,
                              last_translator="companion", language_team=LANGUAGES[code])
        catalog.header_comment = f"# {LANGUAGES[code]} messages of the climbing companion."
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        catalog.fuzzy = False  # the header: a fuzzy header is left out of the .mo, and its plural rule with it
        _write(catalog, path)


def _mo_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def compile_all() -> None:
    """Write each language's `.mo` from its `.po`."""
    for code in TRANSLATED:
        catalog = _read(_po_path(code), code)
        _po_path(code).with_suffix(".mo").write_bytes(_mo_bytes(catalog))


def write_formats() -> None:
    """Each language's decimal and grouping signs, date patterns and month names, from the CLDR."""
    table = {}
    for code in LANGUAGES:
        loc = Locale.parse(code)
        table[code] = {
            "decimal": loc.number_symbols["latn"]["decimal"],
            "group": loc.number_symbols["latn"]["group"],
            "minus": loc.number_symbols["latn"]["minusSign"],
            # CLDR: Polish and Spanish leave four-digit numbers ungrouped ("1000"), others group them.
            "group_four": code not in ("pl",),
            "date": {w: loc.date_formats[w].pattern for w in ("short", "medium", "long")},
            "time": loc.time_formats["short"].pattern,
            "datetime": loc.datetime_formats["medium"].replace("'", ""),
            "months_abbr": [loc.months["stand-alone"]["abbreviated"][m] for m in range(1, 13)],
            "months_wide": [loc.months["stand-alone"]["wide"][m] for m in range(1, 13)],
            "months_wide_format": [loc.months["format"]["wide"][m] for m in range(1, 13)],
            # What follows a percentage: "%" in English and Polish, a no-break space and "%" in French and German.
            "percent_suffix": loc.percent_formats[None].pattern.rsplit("0", 1)[-1],
            "am": loc.day_periods["format"]["abbreviated"]["am"],
            "pm": loc.day_periods["format"]["abbreviated"]["pm"],
        }
    # English as the app has always written it: "3 Mar 2026, 14:05" (day first, a 24-hour clock).
    table["en"].update({"date": {"short": "d/M/yy", "medium": "d MMM y", "long": "d MMMM y"}, "time": "HH:mm"})
    # The narrow no-break space (French grouping, English "3:05 PM") is missing from the app's offline font;
    # the ordinary no-break space keeps the same meaning and is in every font.
    table = json.loads(json.dumps(table).replace("\\u202f", "\\u00a0"))
    path = catalog_dir() / "formats.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(table, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")


_FIELD = re.compile(r"(?<!\{)\{([^{}]*)\}(?!\})")


def placeholders(text: str) -> list[str]:
    """The format fields of a message, sorted ("{n}", "{name}"), as `str.format` would read them."""
    return sorted(_FIELD.findall(text))


def _key(message: Any) -> str:
    """A message's id as the catalogs tell messages apart: its English, after its context and gettext's
    separator when it has one ("count of games\x04Game", apart from "Game")."""
    english = message.id if isinstance(message.id, str) else message.id[0]
    return f"{message.context}\x04{english}" if message.context else english


def check_catalog(code: str, catalog: Catalog, wanted: set[str]) -> list[str]:
    """What is wrong with one language's catalog against the English messages `wanted` (their ids): a
    message missing or no longer used, untranslated or fuzzy, a plural form missing, a placeholder that
    differs from the English."""
    found: list[str] = []
    have = {_key(m): m for m in catalog if m.id}
    for missing in sorted(wanted - set(have)):
        found.append(f"{code}: not in the catalog (run update): {missing!r}")
    for key in sorted(set(have) - wanted):
        found.append(f"{code}: no longer used (run update): {key!r}")
    for key, message in have.items():
        if key not in wanted:
            continue
        plural = isinstance(message.id, tuple)
        strings = list(message.string) if isinstance(message.string, (tuple, list)) else [message.string]
        if message.fuzzy:
            found.append(f"{code}: fuzzy: {key!r}")
        if plural and len(strings) != catalog.num_plurals:
            found.append(f"{code}: {len(strings)} plural forms, expected {catalog.num_plurals}: {key!r}")
        if not all(strings):
            found.append(f"{code}: untranslated: {key!r}")
            continue
        if plural:
            # Every form says the count the English says; a form may leave out a field only where the English
            # singular does (Polish "jedna gra" for "one game").
            english = set(placeholders(message.id[0])) | set(placeholders(message.id[1]))
            optional = english - set(placeholders(message.id[0]))
            for string in strings:
                got = set(placeholders(string))
                if not got <= english or not (english - optional) <= got:
                    found.append(f"{code}: placeholders {sorted(got)} differ from the English {sorted(english)}: "
                                 f"{key!r}")
                    break
        elif placeholders(strings[0]) != placeholders(message.id):
            found.append(f"{code}: placeholders {placeholders(strings[0])} differ from the English "
                         f"{placeholders(message.id)}: {key!r}")
    return found


def problems() -> list[str]:
    """What is wrong with the catalogs: `check_catalog` for every language, and a `.mo` not compiled from its
    `.po`."""
    found: list[str] = []
    wanted = {_key(m) for m in extract() if m.id}
    for code in TRANSLATED:
        path = _po_path(code)
        if not path.exists():
            found.append(f"{code}: no catalog at {path}")
            continue
        catalog = _read(path, code)
        found.extend(check_catalog(code, catalog, wanted))
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != _mo_bytes(catalog):
            found.append(f"{code}: {mo.name} is not compiled from the .po (run compile)")
    return found


def main(argv: list[str] | None = None) -> int:
    args = (argv if argv is not None else sys.argv[1:]) or ["all"]
    for step in args:
        if step == "extract":
            _write(extract(), _pot_path())
        elif step == "update":
            update()
        elif step == "compile":
            compile_all()
        elif step == "formats":
            write_formats()
        elif step == "all":
            update()
            compile_all()
            write_formats()
        elif step == "check":
            found = problems()
            for line in found:
                print(line)
            print(f"{len(found)} problem(s)")
            if found:
                return 1
        else:
            print(f"unknown step {step!r}: extract, update, compile, formats, all or check", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
