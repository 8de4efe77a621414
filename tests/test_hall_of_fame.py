"""The Hall of Fame: struck-out lines and the standing record, kept in the store through Expeditions, undo,
abandoning, and an export/import round trip."""

from __future__ import annotations

from datetime import date

import pytest

from companion.errors import InvalidInput
from companion.games.expedition import session
from companion.games.expedition.data import DECK_SETTING
from companion.games.expedition.halloffame import Entry, build_hall, entry_id_for, standing_record
from companion.store import hall_of_fame
from companion.store import open_store


def entry(ident, sheet, day, score, *names):
    return Entry(ident, sheet, day, names or ("Ann",), score)


def test_only_the_standing_record_is_not_struck_out():
    hall = build_hall([entry("b", "dunai", "2025-05-01", 72, "Bob"), entry("a", "dunai", "2025-01-01", 66),
                       entry("c", "kagkot", "2025-02-01", 70, "Cy")])
    dunai = hall.column("dunai")
    assert [(line.entry.id, line.struck) for line in dunai.lines] == [("a", True), ("b", False)]
    assert dunai.record.names == ("Bob",)
    assert hall.column("kagkot").record.score == 70 and hall.column("dhaulagiri").record is None
    assert [c.sheet.key for c in hall.columns] == ["dunai", "kagkot", "dhaulagiri"]


def test_equalling_a_record_does_not_take_it():
    first, same = entry("z", "dunai", "2025-01-01", 70), entry("a", "dunai", "2025-06-01", 70, "Bob")
    assert standing_record([same, first]) is first
    # On one day, the higher score came later (it beat the other).
    low, high = entry("x", "dunai", "2025-01-01", 70), entry("y", "dunai", "2025-01-01", 75)
    assert [line.entry.id for line in build_hall([high, low]).column("dunai").lines] == ["x", "y"]


def test_entries_are_checked_naming_the_field():
    good = entry("e1", "dunai", "2025-01-01", 70).to_doc()
    assert Entry.from_doc(good) == entry("e1", "dunai", "2025-01-01", 70)
    for change, message in [({"sheet": "k2"}, "'sheet' must be one of"), ({"score": "70"}, "'score' must be"),
                            ({"names": []}, "'names' must list"), ({"date": "01/02/2025"}, "'date' must be"),
                            ({"extra": 1}, "unknown field 'extra'")]:
        with pytest.raises(InvalidInput, match=message):
            Entry.from_doc({**good, **change})


def test_records_typed_in_from_the_booklet(store):
    added = hall_of_fame.add_record(store, "Kagkot", ["Ann"], 77, "2024-08-01")
    assert hall_of_fame.hall(store).column("kagkot").record == added
    assert hall_of_fame.expedition_setup(store, ["Ann", "Bob"])["records"]["kagkot"] == {
        "score": 77, "names": ["Ann"], "date": "2024-08-01"}
    with pytest.raises(InvalidInput, match="unknown Ascent sheet 'k2'"):
        hall_of_fame.add_record(store, "k2", ["Ann"], 77)
    assert hall_of_fame.remove_record(store, added.id)["score"] == 77
    assert hall_of_fame.hall(store).column("kagkot").record is None


def test_a_line_or_an_envelope_from_the_booklet_is_not_dated_ahead(store):
    # Both are of games already played: a day still to come is a typing mistake, and would strike out the
    # true record until that day.
    today = lambda: date(2026, 3, 1)  # noqa: E731
    with pytest.raises(InvalidInput, match="2026-03-02 is still to come: type the day it happened"):
        hall_of_fame.add_record(store, "dunai", ["Ann"], 70, "2026-03-02", today=today)
    with pytest.raises(InvalidInput, match="2026-03-02 is still to come"):
        hall_of_fame.add_envelope(store, 2, "", day="2026-03-02", today=today)
    assert hall_of_fame.add_record(store, "dunai", ["Ann"], 70, "2026-03-01", today=today).date == "2026-03-01"
    assert hall_of_fame.add_envelope(store, 2, "", day="2026-03-01", today=today).date == "2026-03-01"
    assert [line.entry.names for line in hall_of_fame.hall(store).column("dunai").lines] == [("Ann",)]


def test_an_unreadable_line_is_named_and_left_out(store):
    hall_of_fame.add_record(store, "dunai", ["Ann"], 70, "2024-08-01")
    store.table(hall_of_fame.HALL_TABLE).insert({"id": "bad", "sheet": "dunai", "score": "lots"})
    hall = hall_of_fame.hall(store)
    assert hall.column("dunai").record.score == 70
    assert len(hall.problems) == 1 and "hall_of_fame record 'bad'" in hall.problems[0]


def _scored(records=None):
    state = session.start({"players": ["Ann", "Bob"], "cards": "off", "records": records or {}})
    state = session.apply(state, {"type": "score", "scores": {"Ann": 70, "Bob": 80}, "date": "2026-03-01",
                                  "challenges": {"Ann": [2]}})
    return session.apply(state, {"type": "open", "note": "inside: a map"})


def test_an_expedition_writes_its_records_once_and_takes_them_back(store):
    hall_of_fame.add_record(store, "dunai", ["Cy"], 75, "2025-01-01")
    state = _scored({"dunai": 75})
    for _ in range(2):  # syncing again (replay, redo) changes nothing
        hall_of_fame.sync_expedition(store, "exp1", state)
    column = hall_of_fame.hall(store).column("dunai")
    assert [(line.entry.names, line.entry.score, line.struck) for line in column.lines] == [
        (("Cy",), 75, True), (("Bob",), 80, False)]
    assert column.record.id == entry_id_for("exp1", "dunai") and column.record.date == "2026-03-01"
    assert [(e.number, e.opener, e.note) for e in hall_of_fame.envelopes(store)] == [(2, "Ann", "inside: a map")]
    # Undo of the scoring: the record and the envelope go again.
    hall_of_fame.sync_expedition(store, "exp1", session.start({"players": ["Ann", "Bob"], "cards": "off"}))
    assert hall_of_fame.hall(store).column("dunai").record.names == ("Cy",)
    assert hall_of_fame.envelopes(store) == ()
    hall_of_fame.sync_expedition(store, "exp1", state)
    assert hall_of_fame.withdraw_expedition(store, "exp1") == 1
    assert hall_of_fame.hall(store).column("dunai").record.names == ("Cy",)
    # Abandoned, the Expedition's envelope stays used up ("Once opened, an envelope is used up"), with its note,
    # no longer tied to it: as one entered by hand, it can be removed if it was marked opened by mistake.
    [kept] = hall_of_fame.envelopes(store)
    assert (kept.number, kept.opener, kept.note, kept.expedition) == (2, "Ann", "inside: a map", None)
    hall_of_fame.remove_envelope(store, kept.id)
    assert hall_of_fame.envelopes(store) == ()


def test_an_ascent_without_a_date_keeps_the_date_first_written(store):
    state = session.start({"players": ["Ann", "Bob"], "cards": "off"})
    state = session.apply(state, {"type": "score", "scores": {"Ann": 70, "Bob": 60}})
    hall_of_fame.sync_expedition(store, "e", state, today=lambda: date(2026, 1, 2))
    hall_of_fame.sync_expedition(store, "e", state, today=lambda: date(2026, 9, 9))
    assert hall_of_fame.hall(store).column("dunai").record.date == "2026-01-02"


def test_a_new_expedition_of_one_player_is_against_max(store):
    with pytest.raises(InvalidInput, match="one player alone plays the Expedition against Max"):
        hall_of_fame.expedition_setup(store, ["Ann"])
    assert hall_of_fame.expedition_setup(store, ["Ann"], solo=True)["solo"] == "max"


def test_the_deck_setting_goes_into_a_new_expedition(store):
    store.settings.set(DECK_SETTING, {"compass": 5, "rope": 5, "tent": 3, "schnapps": 3})
    setup = hall_of_fame.expedition_setup(store, ["Ann", "Bob"], cards="drawn", seed=4)
    assert setup["deck"] == {"compass": 5, "rope": 5, "tent": 3, "schnapps": 3}
    assert session.start(setup).setup.deck.size == 16 and setup["seed"] == 4
    drawn = hall_of_fame.expedition_setup(store, ["Ann", "Bob"], cards="drawn")
    assert type(drawn["seed"]) is int  # chosen once, so the saved Expedition replays the same shuffles
    assert "seed" not in hall_of_fame.expedition_setup(store, ["Ann", "Bob"])
    store.settings.set(DECK_SETTING, {"compass": 5})
    with pytest.raises(InvalidInput, match="holds 5 cards; the box has 16"):
        hall_of_fame.expedition_setup(store, ["Ann"])


def test_the_hall_of_fame_survives_export_and_import(tmp_path):
    source = open_store(tmp_path / "one")
    try:
        hall_of_fame.add_record(source, "dunai", ["Ann"], 66, "2024-01-01")
        hall_of_fame.sync_expedition(source, "exp1", _scored({"dunai": 66}))
        hall_of_fame.add_envelope(source, 5, "opened on paper last year", "Dee", "2024-12-24")
        before = hall_of_fame.hall(source)
        envelopes = hall_of_fame.envelopes(source)
        backup = source.export_all()
    finally:
        source.close()
    assert {"hall_of_fame", "envelopes"} <= set(backup["tables"])

    target = open_store(tmp_path / "two")
    try:
        report = target.import_all(backup)
        assert report.added["hall_of_fame"] == 2 and report.added["envelopes"] == 2
        assert target.import_all(backup).added.get("hall_of_fame", 0) == 0  # merged by id: no duplicates
    finally:
        target.close()
    reopened = open_store(tmp_path / "two")
    try:
        assert hall_of_fame.hall(reopened) == before
        assert hall_of_fame.envelopes(reopened) == envelopes
        assert [line.struck for line in hall_of_fame.hall(reopened).column("dunai").lines] == [True, False]
        assert reopened.export_all()["tables"] == backup["tables"]
    finally:
        reopened.close()
