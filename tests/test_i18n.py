"""The language layer: numbers and dates per language, plural forms, engine messages, the pseudo-language."""

from __future__ import annotations

import pickle
from datetime import date, datetime

import pytest

from companion import i18n
from companion.i18n import Message, _, format_date, format_datetime, format_number, msg, msgn, tr, use_language


@pytest.mark.parametrize(("code", "expected"), [
    ("en", ["1,234.5", "12,345", "0.3", "−7" if False else "-7", "1,000"]),
    ("fr", ["1\u00a0234,5", "12\u00a0345", "0,3", "-7", "1\u00a0000"]),
    ("de", ["1.234,5", "12.345", "0,3", "-7", "1.000"]),
    # CLDR: Polish leaves a four-digit number ungrouped.
    ("pl", ["1234,5", "12\u00a0345", "0,3", "-7", "1000"]),
])
def test_numbers_in_each_language(code, expected):
    with use_language(code):
        got = [format_number(1234.5, 1), format_number(12345), format_number(0.3), format_number(-7),
               format_number(1000)]
    assert got == expected


def test_a_negative_value_that_rounds_to_nothing_has_no_sign():
    # A coach's expectation of -0.4 points is shown as 0, not -0; -0.6 is still -1.
    with use_language("de"):
        assert [format_number(-0.4, 0), format_number(-0.04, 1), format_number(-0.6, 0), format_number(-0.05, 2),
                format_number(-0.0)] == ["0", "0,0", "-1", "-0,05", "0"]


def test_a_whole_number_grouped_in_a_message_is_grouped_the_languages_way():
    # "zwischen -1,000,000 und 1,000,000" read in German as numbers with decimals.
    refusal = msg("{where}: field {field} must be a whole number between {low:,} and {high:,}, not {value}",
                  where="history[0]", field="'score'", low=-1_000_000, high=1_000_000, value="'x'")
    counted = msgn("{n:,} finished game", "{n:,} finished games", 12345)
    expected = {"en": ("-1,000,000", "1,000,000", "12,345"), "de": ("-1.000.000", "1.000.000", "12.345"),
                "fr": ("-1\u00a0000\u00a0000", "1\u00a0000\u00a0000", "12\u00a0345"),
                "pl": ("-1\u00a0000\u00a0000", "1\u00a0000\u00a0000", "12\u00a0345")}
    for code, (low, high, games) in expected.items():
        with use_language(code):
            assert f"{low} " in tr(refusal) and f" {high}" in tr(refusal), tr(refusal)
            assert tr(counted).startswith(games), tr(counted)
    # Any other format of a number is an int's, and True stays True.
    assert tr(msg("{n:>3}|{flag}", n=7, flag=True)) == "  7|True"


def test_a_half_is_rounded_up_as_people_round_by_hand():
    # Four scores of 19, -5, 27 and 8 average 12.25: "12.3", as a player checking by hand finds, not "12.2";
    # 5 wins of 8 games are 63%.
    assert [format_number(12.25, 1), format_number(10.25, 1), format_number(2.25, 1), format_number(2.675, 2),
            format_number(-12.25, 1), format_number(0.5, 0), format_number(12.24, 1)] == [
        "12.3", "10.3", "2.3", "2.68", "-12.3", "1", "12.2"]
    assert i18n.format_percent(5 / 8) == "63%" and i18n.format_percent(1 / 8) == "13%"


@pytest.mark.parametrize(("code", "medium", "long", "moment"), [
    ("en", "12 Mar 2026", "12 March 2026", "12 Mar 2026, 15:05"),
    ("fr", "12 mars 2026", "12 mars 2026", "12 mars 2026, 15:05"),
    ("de", "12.03.2026", "12. März 2026", "12.03.2026, 15:05"),
    ("pl", "12 mar 2026", "12 marca 2026", "12 mar 2026, 15:05"),
])
def test_dates_in_each_language(code, medium, long, moment):
    with use_language(code):
        assert format_date(date(2026, 3, 12)) == medium
        assert format_date(date(2026, 3, 12), "long") == long
        assert format_datetime(datetime(2026, 3, 12, 15, 5)) == moment


@pytest.mark.parametrize(("code", "expected"), [("en", "75%"), ("fr", "75\u00a0%"), ("de", "75\u00a0%"),
                                              ("pl", "75%")])
def test_a_percentage_in_each_language(code, expected):
    with use_language(code):
        assert i18n.format_percent(0.749) == expected


def test_an_engine_message_is_its_english_sentence_and_keeps_what_translation_needs():
    reason = msg("the {op} boxes are full ({used} of {limit} used)", op=msg("Difference"), used=3, limit=3)
    assert reason == "the Difference boxes are full (3 of 3 used)"
    assert isinstance(reason, str) and reason.msgid.startswith("the {op}")
    again = pickle.loads(pickle.dumps(reason))
    assert again == reason and again.msgid == reason.msgid and again.args["used"] == 3
    with use_language("en"):
        assert tr(reason) == reason


def test_a_counted_message_takes_the_right_english_form_and_keeps_its_count():
    assert msgn("{n} Climb", "{n} Climbs", 1) == "1 Climb"
    assert msgn("{n} Climb by {who}", "{n} Climbs by {who}", 3, who="Ann") == "3 Climbs by Ann"
    assert pickle.loads(pickle.dumps(msgn("{n} Climb", "{n} Climbs", 2))).n == 2


def test_the_pseudo_language_marks_every_word_and_keeps_placeholders():
    with use_language(i18n.PSEUDO):
        said = i18n._("Round {round} of {total}")
        assert "{round}" in said and "{total}" in said
        assert said.format(round=3, total=12).startswith("[")
        assert i18n.pseudo("Settings") == "[Šéţţîñĝš····]"     # every word 40% longer
        nested = tr(msg("the {op} boxes are full", op=msg("Difference")))
        assert i18n.is_pseudo(nested)
        # Data passed to a message (a name) stays as it is.
        assert "Ann" in tr(msg("{name} is climbing", name="Ann"))


def test_device_locales_pick_the_first_language_spoken_here():
    assert i18n.match_locales(["ja-JP", "de-AT", "fr"]) == "de"
    assert i18n.match_locales(["pl_PL"]) == "pl"
    assert i18n.match_locales(["ja"]) == "en"
    assert i18n.match_locales([None, ""]) == "en"


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language"):
        with use_language("es"):
            pass


def test_a_broken_translation_never_hides_the_reason(monkeypatch):
    reason = msg("{n} circles are left", n=3)
    monkeypatch.setattr(i18n, "_", lambda text: "{missing} broken")
    with use_language("fr"):
        assert tr(reason) == "3 circles are left"


def test_a_finished_games_words_are_kept_beside_its_english_and_a_tampered_entry_is_ignored():
    from companion.store import open_store
    from companion.store.records import said_in_place

    store = open_store(memory=True)
    try:
        verdict = msg("{player} wins with {points}.", player="Ann", points=13)
        game_id = store.history.add({"game": "fourteeners", "title": msgn("{n} player", "{n} players", 2),
                                     "players": [{"name": "Ann", "score": 13, "winner": True}],
                                     "detail": {"verdict": verdict}, "session": None})
        record = store.history.get(game_id)
        assert record["title"] == "2 players" and record["detail"]["verdict"] == "Ann wins with 13."
        assert type(record["detail"]["verdict"]) is str
        with use_language("de"):
            shown = said_in_place(record)
            assert tr(shown["detail"]["verdict"]) != "Ann wins with 13." and "13" in tr(shown["detail"]["verdict"])
        # Words that no longer read as the stored text (a file edited by hand) are ignored: the English stands.
        record["words"][-1]["args"]["points"] = 99
        assert not isinstance(said_in_place(record)["detail"]["verdict"], Message)
        record["words"].append({"at": ["detail", "nowhere", 3], "id": "x"})
        said_in_place(record)
    finally:
        store.close()


def test_french_elides_de_and_que_before_a_name_that_starts_with_a_vowel():
    with use_language("fr"):
        play = _("Play {name}'s cards")
        assert play.format(name="Amélie") == "Jouer les cartes d'Amélie"
        assert play.format(name="Émile") == "Jouer les cartes d'Émile"
        assert play.format(name="Bruno") == "Jouer les cartes de Bruno"
        assert play.format(name="Yann") == "Jouer les cartes de Yann"      # y is a consonant here
        assert tr(msg("Play {name}'s cards", name="Olivier")) == "Jouer les cartes d'Olivier"
        assert _("{name}'s hand").format(name="Ugo") == "Main d'Ugo"
        assert _("{name}'s hand").format(name="onze") == "Main de onze"
        # A colour is named after "Couleur :", not "Couleur d'ambre" (nor "Couleur bleu", whose adjective
        # would have to agree: "bleue").
        assert _("Colour {name}").format(name=_("amber")) == "Couleur\u00a0: ambre"
        assert _("Colour {name}").format(name=_("blue")) == "Couleur\u00a0: bleu"
    with use_language("de"):
        assert _("Play {name}'s cards").format(name="Amélie") == "Karten von Amélie spielen"


def test_french_joins_a_preposition_and_a_places_article():
    # A Freunde move said "est allé de camp de base à S1", "s'est acclimaté sur camp de base" and
    # "s'est déplacé en le sommet": the place is only known when the sentence is formatted.
    who = {"turn": 1, "name": "Bruno", "climber": "A"}
    moved = "Turn {turn}, {name}'s climber {climber} moved {start} {end}"
    acclimatized = "Turn {turn}, {name}'s climber {climber} acclimatized {where}"
    with use_language("fr"):
        assert tr(msg(moved, start=msg("from base camp"), end=msg("to {space}", space="S1"), **who)) == (
            "Tour 1, l'alpiniste A de Bruno est allé du camp de base à S1")
        assert tr(msg(moved, start=msg("from {space}", space="S24"), end=msg("to the summit"), **who)) == (
            "Tour 1, l'alpiniste A de Bruno est allé de S24 au sommet")
        assert tr(msg(acclimatized, where=msg("in base camp"), **who)) == (
            "Tour 1, l'alpiniste A de Bruno s'est acclimaté au camp de base")
        assert tr(msg(acclimatized, where=msg("on the summit"), **who)) == (
            "Tour 1, l'alpiniste A de Bruno s'est acclimaté sur le sommet")
        assert tr(msg(acclimatized, where=msg("at {space}", space="S5"), **who)) == (
            "Tour 1, l'alpiniste A de Bruno s'est acclimaté sur S5")
    # German and English too: "auf Basislager", "auf der Gipfel", "acclimatized on base camp"; and a move "von
    # Basislager" and "nach der Gipfel".
    with use_language("de"):
        assert tr(msg(moved, start=msg("from base camp"), end=msg("to {space}", space="S1"), **who)) == (
            "Runde 1, Bergsteiger A von Bruno ging vom Basislager nach S1")
        assert tr(msg(moved, start=msg("from {space}", space="S24"), end=msg("to the summit"), **who)) == (
            "Runde 1, Bergsteiger A von Bruno ging von S24 zum Gipfel")
        assert tr(msg(acclimatized, where=msg("in base camp"), **who)) == (
            "Runde 1, Bergsteiger A von Bruno akklimatisierte sich im Basislager")
        assert tr(msg(acclimatized, where=msg("on the summit"), **who)) == (
            "Runde 1, Bergsteiger A von Bruno akklimatisierte sich auf dem Gipfel")
    with use_language("en"):
        assert tr(msg(acclimatized, where=msg("in base camp"), **who)) == (
            "Turn 1, Bruno's climber A acclimatized in base camp")
    with use_language("fr"):
        # The move being planned: "vers le camp de base", as "vers le sommet" (the article, no contraction).
        assert _("to {space} for {cost}").format(space=_("base camp"), cost=1) == "vers le camp de base pour 1"
        assert _("to {space} for {cost}").format(space=_("the summit"), cost=6) == "vers le sommet pour 6"
        assert _("to {space} for {cost}").format(space="S5", cost=2) == "vers S5 pour 2"
        # A name is not a place: "de Bruno", and a player called "Le Roux" keeps "de Le Roux".
        assert _("{name}'s hand").format(name="Le Roux") == "Main de Le Roux"


def test_one_ridgeline_camp_is_said_in_the_singular():
    from companion.ui.ridgeline.table import camps_cleared

    with use_language("fr"):
        assert camps_cleared(1, 5) == "1 camp validé sur 5" and camps_cleared(3, 10) == "3 camps validés sur 10"
    assert camps_cleared(1, 5) == "1 camp cleared of 5"


def test_a_label_and_its_value_are_written_as_french_writes_them():
    from companion.ui.common.widgets import labelled_value

    with use_language("fr"):
        assert labelled_value("A", 12) == "A\xa0: 12"
    assert labelled_value("A", 12) == "A: 12"


def test_an_empty_list_of_cards_reads_as_no_cards_in_french_not_nothing():
    # "Cartes : rien" said "nothing" of a list of cards, and "Bruno (néant)" read stiffly in a sentence: cards are
    # "aucune carte"; "néant" stays French's word for an empty entry of any gender in a game's breakdown.
    from companion.ui.expedition.parts import card_words
    from companion.ui.shell.record import value_text

    with use_language("fr"):
        assert card_words(()) == "aucune carte" and value_text([]) == "néant"
    assert card_words(()) == "no cards"


def test_the_parts_of_an_entry_are_joined_as_french_writes_a_semicolon():
    # "Amélie a pris une Boussole; Benoît a pris une Corde": French puts a no-break space before ";".
    from companion.games.expedition.wording import semicolon_list

    with use_language("fr"):
        assert tr(semicolon_list(["A", "B", "C"])) == "A\xa0; B\xa0; C"
    assert tr(semicolon_list(["A", "B"])) == "A; B"


def test_the_device_is_asked_its_language_again_when_a_question_goes_unanswered():
    # A tab reloaded after the server restarted lost the first question: a Polish phone stayed in English.
    import asyncio
    from types import SimpleNamespace

    from companion.i18n import device_language

    class Page:
        asked = 0

        async def get_device_info(self):
            self.asked += 1
            if self.asked == 1:
                await asyncio.sleep(60)             # never answered
            return SimpleNamespace(locales=[SimpleNamespace(language_code="pl")])

    page = Page()
    assert asyncio.run(device_language(page, waits=(0.05, 1))) == "pl" and page.asked == 2

    class Silent:
        async def get_device_info(self):
            await asyncio.sleep(60)

    assert asyncio.run(device_language(Silent(), waits=(0.01, 0.01))) is None


def test_an_assist_card_taken_or_cashed_has_its_article_in_french_and_german():
    # "Élodie prend Boussole", "Élodie encaisse Tente": French names a card with its article (all four Assist
    # cards are feminine); German, whose cards differ in gender, names the card ("nimmt die Karte Kompass").
    from companion.games.trek12.rules import Assist
    from companion.ui.expedition.parts import card_name

    with use_language("fr"):
        assert _("{name} takes {card}").format(name="Élodie", card=card_name(Assist.COMPASS)) == \
            "Élodie prend la Boussole"
        assert _("{name} cashes {card}").format(name="Élodie", card=card_name(Assist.TENT)) == \
            "Élodie encaisse la Tente"
        # The hand's chips, read aloud: "utilise Corde", "rend Boussole".
        assert _("{name} uses {card}").format(name="Élodie", card=card_name(Assist.ROPE)) == "Élodie utilise la Corde"
        assert _("{name} gives back {card}").format(name="Élodie", card=card_name(Assist.COMPASS)) == \
            "Élodie rend la Boussole"
    with use_language("de"):
        assert _("{name} takes {card}").format(name="Anna", card=card_name(Assist.COMPASS)) == \
            "Anna nimmt die Karte Kompass"
        assert _("{name} gives back {card}").format(name="Anna", card=card_name(Assist.COMPASS)) == \
            "Anna gibt die Karte Kompass zurück"


def test_a_ridgeline_camp_says_each_requirement_in_polish_in_one_form():
    # "Zestaw 3 kart i wachlarz z 5 kart": the first requirement and the ones after it were worded two ways.
    from companion.games.ridgeline.data import load
    from companion.ui.ridgeline.parts import camp_words

    camps = load().camps
    with use_language("pl"):
        said = {number: camp_words(camp) for number, camp in camps.items()}
    import re

    # The old forms: "zestaw 3 kart", "sekwens 4 kart", "wachlarz 5 kart", "grupa 4 kart w kolorze".
    old_form = re.compile(r"(?i)(zestaw|sekwens|wachlarz|grupa) \d")
    assert not [words for words in said.values() if old_form.search(words)], said
    assert said[2] == "Zestaw z 3 kart i\xa0wachlarz z 5 kart"


def test_german_says_the_hazard_ability_one_way_and_a_waiting_button_without_maintenance():
    # One ability was named three ways ("Meistert Gefahren", "erfüllt Gefahrenanforderungen", "Erfüllt Gefahr");
    # it is named as docs/glossary.md names it. "Einträge warten" also reads "service the entries".
    with use_language("de"):
        assert _("Meets Hazard") == _("Meets Hazards") == "Meistert Gefahren"
        assert _("meets Hazard requirements") == "meistert Gefahren"
        assert "warten" not in _("Entries wait: confirm or cancel the correction first")


def test_a_rulebook_section_cited_in_a_refusal_is_quoted_as_each_language_quotes():
    # "('Neue Gipfelkarte aufdecken')": the English-style quotes stayed in German, French and Polish.
    text = "the solo variant is played without an Accolade ('Solo Variant')"
    with use_language("de"):
        assert _(text).endswith("(„Solovariante“)"), _(text)
    with use_language("fr"):
        assert _(text).endswith("(«\u00a0Solo Variant\u00a0»)"), _(text)
    with use_language("pl"):
        assert "(„" in _(text) and _(text).endswith("”)"), _(text)


def test_german_trek12_merge_option_and_schnapps_advice_say_what_they_mean():
    # "Eine Zahl darf zu zwei Seilrouten gehören" said the opposite of the option (the two lines become one;
    # no number is in two); "dieser Wurf … erwartet 4 Punkte" had a roll expecting points.
    with use_language("de"):
        assert _("A number may join two Fixed Lines") == "Eine Zahl darf zwei Seilrouten zu einer verbinden"
        advice = _("Keep the Schnapps: this roll with the card kept expects {gap} more than a new roll.")
        assert "erwartet" not in advice and "lässt {gap} mehr erwarten" in advice


def test_max_holding_one_card_is_said_to_keep_his_card_not_his_1_card():
    from companion.i18n import ngettext

    said = {}
    for code in ("en", "fr", "de", "pl"):
        with use_language(code):
            said[code] = ngettext("Max keeps his card until the last Ascent",
                                  "Max keeps his {n} cards until the last Ascent", 1).format(n=1)
    assert said == {"en": "Max keeps his card until the last Ascent",
                    "fr": "Max garde sa carte jusqu'à la dernière Ascension",
                    "de": "Max behält seine Karte bis zum letzten Aufstieg",
                    "pl": "Max zatrzymuje swoją kartę do ostatniej trasy"}
