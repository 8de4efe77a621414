"""The Hall of Fame screen: lines copied from the booklet (struck out when beaten), removed with undo, envelopes
opened on paper; a new Expedition is judged against them, and abandoning one, or deleting it from History,
takes its records back (the envelopes it opened stay used up)."""

from __future__ import annotations

import asyncio
from datetime import date, timedelta

import companion.ui.expedition.screens  # noqa: F401 - registers the Expedition screens
from companion.sessions import SessionKeeper
from companion.i18n import format_date
from companion.store import hall_of_fame
from test_expedition_play import reveal, score, set_off


async def test_a_shared_record_names_its_holders_in_the_players_language(open_ui, store):
    # The new-Expedition screen joined a shared record's names with "&", English left in every language.
    hall_of_fame.add_record(store, "dunai", ["Bea", "Cy"], 72, "2026-05-01")
    store.players.add("Ann")
    ui = await open_ui(route="/games/expedition")
    assert ui.get("exp-new-record-dunai").value == "72 · Bea and Cy"
    polish = await open_ui(route="/games/expedition", locales=["pl-PL"])
    for _ in range(100):                        # the page's language arrives with the page's first answers
        if polish.get("exp-new-record-dunai").value != "72 · Bea and Cy":
            break
        await asyncio.sleep(0.05)
        await polish.settle()
    assert polish.get("exp-new-record-dunai").value == "72 · Bea i\xa0Cy"


async def test_booklet_lines_and_envelopes_typed_in(open_ui, store):
    ui = await open_ui(route="/hall-of-fame")
    ui.get("hall-dunai-empty")
    await ui.click("hall-add-record")
    await ui.click("hall-form-sheet-kagkot")
    await ui.type("hall-form-names", "Dora, Eli", settle=False)
    await ui.type("hall-form-score", "77", settle=False)
    await ui.type("hall-form-date", "2024-08-02", settle=False)
    await ui.click("hall-form-save")
    assert ui.get("hall-kagkot-record").value == "77"
    assert ui.get("hall-kagkot-0-names").value == "Dora and Eli"
    # The day under the names, which have the line's width but for the mark and the score (a column of its own
    # for the day left a long surname 88 px at 360, broken inside the word).
    assert ui.get("hall-kagkot-0-day").value == format_date(date(2024, 8, 2))
    # A score that is not a number is refused, naming what to type.
    await ui.click("hall-add-record")
    await ui.type("hall-form-names", "Fay", settle=False)
    await ui.click("hall-form-save")
    assert ui.get("hall-form-problem").value == "Type the record's score as a whole number."
    # "81.5" reaches the check whole and is refused, rather than losing its point and saving 815.
    await ui.type("hall-form-score", "81.5", settle=False)
    await ui.click("hall-form-save")
    assert ui.get("hall-form-problem").value == "Type the record's score as a whole number."
    assert ui.get("hall-form-score").value == "81.5"
    # Each mistake is said in the form's own words (never a file field's name such as 'date'), and nothing
    # is saved until all is well.
    for field, typed, said in (
            ("hall-form-score", "1000", "A record's score is between −999 and 999, not 1000."),
            ("hall-form-date", "2025-13-01", "Type the date as year-month-day, like {today}, not “2025-13-01”."),
            ("hall-form-date", "1.5.2025", "Type the date as year-month-day, like {today}, not “1.5.2025”."),
            ("hall-form-date", "{tomorrow}", "{tomorrow} is still to come: type the day it happened."),
            ("hall-form-names", "Fay, " + "F" * 41,
             "A name has at most 40 characters; “" + "F" * 41 + "” has 41.")):
        await ui.type("hall-form-score", "81", settle=False)
        await ui.type("hall-form-date", "", settle=False)
        await ui.type("hall-form-names", "Fay", settle=False)
        today = date.today()        # the form's today, read when it is used (a run may pass midnight)
        tomorrow = (today + timedelta(days=1)).isoformat()
        await ui.type(field, typed.format(tomorrow=tomorrow), settle=False)
        await ui.click("hall-form-save")
        assert ui.get("hall-form-problem").value == said.format(today=today.isoformat(), tomorrow=tomorrow)
        assert [line.entry.names for line in hall_of_fame.hall(store).column("kagkot").lines] == [("Dora", "Eli")]
    await ui.type("hall-form-names", "Fay", settle=False)
    await ui.type("hall-form-score", "81", settle=False)
    await ui.type("hall-form-date", "2025-01-05", settle=False)
    await ui.click("hall-form-sheet-kagkot")
    await ui.click("hall-form-save")
    # The higher, later line stands; the older one is struck out.
    assert [ui.get(f"hall-kagkot-{i}").data for i in (0, 1)] == ["struck", "record"]
    assert ui.get("hall-kagkot-record").value == "81"
    # Removed by mistake, then put back with undo.
    await ui.click("hall-kagkot-1-remove")
    assert ui.get("hall-kagkot-record").value == "77"
    await ui.click("hall-undo")
    assert ui.get("hall-kagkot-record").value == "81"

    await ui.click("hall-add-envelope")
    await ui.click("hall-form-envelope-2")
    await ui.type("hall-form-note", "Draw two cards at the next Ascent", settle=False)
    await ui.click("hall-form-save")
    assert ui.get("hall-envelope-2-0-note").value == "“Draw two cards at the next Ascent”"

    # A new Expedition sees the record and the envelope as they stand now.
    store.players.add("Ann")
    await ui.go("/games/expedition")
    assert ui.get("exp-new-record-kagkot").value == "81 · Fay"
    assert ui.get("exp-new-sealed").value == "Envelopes still sealed: 1, 3, 4, 5, 6"


async def test_abandoning_an_expedition_takes_its_records_back(open_ui, store):
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui()
    exp = await set_off(ui, [ann, bob], paper=[ann, bob])
    # The counters stop at the copies left in the deck (4 Ropes by default).
    for _ in range(4):
        await ui.click("exp-reveal-rope-plus")
    assert ui.get("exp-reveal-rope-plus").disabled
    await reveal(ui, tent=1)
    await score(ui, {0: 70, 1: 64}, met={1: [1]})
    await ui.type("exp-envelope-note", "Play the next Ascent on the back")
    await ui.click("exp-envelope-open")
    assert [line.entry.names for line in hall_of_fame.hall(store).column("dunai").lines] == [("Ann",)]
    coach = store.table("coach")                 # the coach's settings and reviews of its sheets go along
    coach.upsert({"id": exp, "hint": True})
    coach.upsert({"id": f"{exp}:ascent:1:review:0", "entries": "0123456789abcdef", "review": {}})
    await ui.click("exp-abandon")
    assert "The envelopes it opened stay used up." in ui.text()
    await ui.click("exp-abandon-confirm")
    assert ui.route == "/"
    assert SessionKeeper(store).in_progress() == []
    assert hall_of_fame.hall(store).column("dunai").lines == ()
    assert store.history.get(exp) is None
    assert coach.all() == []
    # The envelope Bob opened is used up for good: a paper envelope is not sealed again. It stays in the Hall
    # of Fame with its note, as one opened before the app; if it was marked by mistake, it can be sealed there.
    [envelope] = hall_of_fame.envelopes(store)
    assert (envelope.number, envelope.opener, envelope.note) == (1, "Bob", "Play the next Ascent on the back")
    await ui.go("/hall-of-fame")
    assert ui.find("hall-envelope-1-0-remove") is not None
    await ui.go("/games/expedition")
    assert ui.get("exp-new-sealed").value == "Envelopes still sealed: 2, 3, 4, 5, 6"


async def test_an_expedition_deleted_from_history_takes_its_records_along_until_undone(open_ui, store):
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    hall_of_fame.add_record(store, "kagkot", ["Dora"], 60, "2024-05-01")     # typed from the booklet: it stays
    ui = await open_ui()
    exp = await set_off(ui, [ann, bob], paper=[ann, bob])
    for cards, points, met in (({"rope": 2, "tent": 1, "compass": 1, "schnapps": 1}, {0: 70, 1: 75}, {1: [1]}),
                               ({"tent": 2, "schnapps": 1, "compass": 1}, {0: 80, 1: 69}, None),
                               ({"rope": 1, "compass": 1, "schnapps": 1}, {0: 74, 1: 76}, None)):
        await reveal(ui, **cards)
        await score(ui, points, met=met)
        if ui.find("exp-envelope-open") is not None:
            await ui.click("exp-envelope-open")
    await ui.click("exp-finish")
    records = store.table("hall_of_fame").find(expedition=exp)
    opened = store.table("envelopes").find(expedition=exp)
    assert len(records) == 3 and len(opened) == 1
    await ui.go(f"/history/{exp}")
    # A finished Expedition's breakdown says nothing of where one in progress stands ("Phase: over",
    # "Over: Yes", "Ascent 3", "Deck left 4"), and tells an Ascent's two lines of points apart.
    shown = ui.texts()
    for gone in ("Phase", "Over", "Deck left", "In play", "Complete", "Points"):
        assert gone not in shown, gone
    assert "Points on the sheet" in shown and "Scores with cards cashed" in shown
    await ui.click("record-delete")
    assert store.history.get(exp) is None
    assert store.table("hall_of_fame").find(expedition=exp) == []
    # The envelope opened stays used up (a paper envelope is not sealed again), no longer tied to the game.
    assert store.table("envelopes").all() == [{**opened[0], "expedition": None}]
    assert [line.entry.names for line in hall_of_fame.hall(store).column("kagkot").lines] == [("Dora",)]
    said = ui.get("history-deleted").value
    assert said.endswith(". Its 3 Hall of Fame lines went with it. The envelope it opened stays used up."), said
    await ui.click("history-undo")
    assert store.history.get(exp) is not None
    assert sorted(store.table("hall_of_fame").find(expedition=exp), key=lambda d: d["id"]) == \
        sorted(records, key=lambda d: d["id"])
    assert store.table("envelopes").find(expedition=exp) == opened


def test_an_envelope_opened_without_a_note_shows_no_empty_note_in_history():
    # History read "Ascent 3, Note: " with nothing after it, an empty row under the envelope.
    from companion.ui.common.registry import breakdown_words

    detail = {"over": True, "ascents": [
        {"number": 1, "envelope": {"number": 1, "opener": "Ann", "note": ""}},
        {"number": 2, "envelope": {"number": 2, "opener": "Bob", "note": "Draw a card"}},
        {"number": 3, "envelope": None}]}
    shown = breakdown_words("expedition", detail)["ascents"]
    assert shown[0]["envelope"] == {"number": 1, "opener": "Ann"}
    assert shown[1]["envelope"] == {"number": 2, "opener": "Bob", "note": "Draw a card"}
    assert shown[2]["envelope"] is None


async def test_a_booklet_line_above_twice_the_summit_is_asked_about_before_it_stands(open_ui, store):
    # "Dora, 999" was saved at once, struck out the real record, and blocked every record star after it.
    ui = await open_ui(route="/hall-of-fame")
    await ui.click("hall-add-record")
    await ui.click("hall-form-sheet-dunai")
    await ui.click("hall-form-save")                                     # no names: refused
    assert ui.find("hall-form-problem") is not None
    await ui.type("hall-form-names", "Dora", settle=False)
    await ui.type("hall-form-score", "999", settle=False)
    await ui.click("hall-form-save")
    assert ui.find("hall-form-problem") is None                          # answered: not left under the question
    assert ui.get("hall-high-words").value == ("Dora: more than twice the Summit of 65. A typing slip would stand "
                                               "in the Hall of Fame.")
    await ui.click("hall-high-cancel")                                   # "Change them": nothing written
    assert ui.find("hall-dunai-0-names") is None
    await ui.type("hall-form-score", "131", settle=False)
    await ui.click("hall-form-save")
    await ui.click("hall-high-confirm")                                  # kept: a score can be that high
    assert ui.get("hall-dunai-record").value == "131"
    await ui.click("hall-add-record")
    await ui.click("hall-form-sheet-dunai")
    await ui.type("hall-form-names", "Eli", settle=False)
    await ui.type("hall-form-score", "130", settle=False)
    await ui.click("hall-form-save")                                     # twice the Summit: no question
    assert ui.find("hall-high-words") is None and ui.get("hall-dunai-record").value == "131"
