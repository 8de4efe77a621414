"""The catalogs: every message translated in every language with the English placeholders, the `.mo` the
app reads compiled from the `.po`, and the plural forms each language needs."""

from __future__ import annotations

import gettext
import re

import pytest
from babel.messages.catalog import Catalog

from companion import i18n
from companion.i18n.catalogs import TRANSLATED, check_catalog, placeholders, problems


def test_every_catalog_is_complete_compiled_and_keeps_the_placeholders():
    found = problems()
    assert not found, "\n".join(found[:40]) + (f"\n... and {len(found) - 40} more" if len(found) > 40 else "")


def _catalog(code: str, *messages) -> Catalog:
    catalog = Catalog(locale=code)
    for msgid, string in messages:
        catalog.add(msgid, string)
    return catalog


def test_the_check_finds_an_untranslated_message_and_a_placeholder_that_changed():
    catalog = _catalog("de", ("Round {round} of {total}", "Runde {runde} von {total}"),
                       ("Players", ""), (("{n} game", "{n} games"), ("{n} Spiel", "Spiele")))
    found = check_catalog("de", catalog, {"Round {round} of {total}", "Players", "{n} game", "Undo"})
    assert any("placeholders" in f and "Round" in f for f in found)
    assert any("untranslated" in f and "Players" in f for f in found)
    assert any("placeholders" in f and "{n} game" in f for f in found)
    assert any("not in the catalog" in f and "Undo" in f for f in found)


def test_a_message_with_a_context_is_checked_apart_from_the_same_english_without_one():
    # "Game" (which of the games, translated) and "Game" in the context "count of games" (untranslated): the
    # check took the one for the other, and a caption left untranslated passed.
    catalog = _catalog("de", ("Game", "Spiel"))
    catalog.add(("Game", "Games"), ("", ""), context="count of games")
    found = check_catalog("de", catalog, {"Game", "count of games\x04Game"})
    assert any("untranslated" in f and "count of games" in f for f in found), found
    assert not any("untranslated" in f and "'Game'" in f for f in found), found


def test_polish_needs_three_plural_forms():
    catalog = _catalog("pl", (("{n} game", "{n} games"), ("{n} gra", "{n} gry")))
    assert any("2 plural forms, expected 3" in f for f in check_catalog("pl", catalog, {"{n} game"}))


def test_placeholders_are_read_as_str_format_reads_them():
    assert placeholders("{n} of {total:,} ({pct:.0%}) {{literal}}") == ["n", "pct:.0%", "total:,"]


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_compiled_catalog_has_the_languages_plural_rule(code):
    with open(i18n.catalog_dir() / code / "LC_MESSAGES" / "companion.mo", "rb") as fp:
        translations = gettext.GNUTranslations(fp)
    plural = translations.plural
    expected = {
        # CLDR: French "one" is 0 and 1; a whole million ("de millions") has its own form.
        "fr": {0: 0, 1: 0, 2: 2, 5: 2, 100: 2, 1_000_000: 1},
        "de": {0: 1, 1: 0, 2: 1, 5: 1, 21: 1},
        "pl": {0: 2, 1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 14: 2, 21: 2, 22: 1, 25: 2, 102: 1, 112: 2},
    }[code]
    assert {n: plural(n) for n in expected} == expected


@pytest.mark.parametrize(("code", "forms"), [
    ("en", {1: "1 game", 2: "2 games", 5: "5 games"}),
    ("fr", {0: "0 partie", 1: "1 partie", 2: "2 parties", 5: "5 parties"}),
    ("de", {0: "0 Partien", 1: "1 Partie", 2: "2 Partien", 5: "5 Partien"}),
    ("pl", {1: "1 gra", 2: "2 gry", 4: "4 gry", 5: "5 gier", 12: "12 gier", 22: "22 gry", 25: "25 gier"}),
])
def test_a_count_reads_right_in_each_language(code, forms):
    with i18n.use_language(code):
        said = {n: i18n.ngettext("{n} game", "{n} games", n).format(n=n) for n in forms}
    assert said == forms


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_translation_uses_a_sign_the_apps_font_lacks(code):
    # The Roboto the app ships has no arrows: "ruch S8 → S9" showed a box for the arrow in the Polish entries.
    lacking = "\u2190\u2192\u21d2"
    with open(i18n.catalog_dir() / code / "LC_MESSAGES" / "companion.mo", "rb") as compiled:
        texts = list(gettext.GNUTranslations(compiled)._catalog.values())
    assert texts and not [t for t in texts if any(c in t for c in lacking)]


def test_french_keeps_its_punctuation_on_the_line_of_the_word_before():
    # French spaces ";" ":" "!" "?" "»" off the word before, with a space that never breaks: a plain space let
    # "Déjà posées :" and "… ce tour-ci ;" wrap with the sign alone at the start of the next line.
    with open(i18n.catalog_dir() / "fr" / "LC_MESSAGES" / "companion.mo", "rb") as compiled:
        texts = [t for key, t in gettext.GNUTranslations(compiled)._catalog.items() if key and isinstance(t, str)]
    assert texts and [t for t in texts if re.search(r" [;:!?»]|« ", t)] == []
