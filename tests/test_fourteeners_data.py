"""The shipped 14ers data: the rulebook's facts, a "source" in every file, and bad files refused by field."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.errors import DataError
from companion.games.fourteeners.abilities import check_vocabulary
from companion.games.fourteeners.data import Side, data_dir, load_data


def test_every_data_file_names_its_source() -> None:
    files = sorted(data_dir().glob("*.json"))
    assert {f.name for f in files} == {"deck.json", "hikers.json", "solo.json", "forecasts.json",
                                       "vocabulary.json"}
    for path in files:
        assert "rulebook" in json.loads(path.read_text(encoding="utf-8"))["source"]


def test_the_deck_and_the_setup_table() -> None:
    deck = load_data().deck
    assert deck.class_counts == (8, 14, 10, 7) and sum(deck.class_counts) == 39
    assert deck.deck_counts(3) == (6, 9, 9, 6)
    assert (deck.rounds, deck.revealed_at_start) == (9, 3)
    # Two players: 5 Class I on top, then 6 II, 6 III, and 4 IV at the bottom.
    assert [deck.class_of_draw(2, i) for i in range(22)] == [1] * 5 + [2] * 6 + [3] * 6 + [4] * 4 + [None]
    assert [deck.accolade_points(n) for n in (1, 2, 3, 4)] == [4, 2, 1, 1]


def test_hikers_gerry_and_forecasts() -> None:
    data = load_data()
    assert (data.hikers.start_endurance, data.hikers.start_technique, data.hikers.start_utility) == (1, 2, 0)
    assert data.hikers.no_capstones == {"D"}
    assert data.hikers.groups(3) == (0, 1, 1)
    assert (data.solo.name, data.solo.hiker, data.solo.hires_guides, data.solo.accolade) == ("Gerry", "C", False,
                                                                                               False)
    assert data.solo.tuck_by_class == (Side.TRAINING, Side.PLANS, Side.CAPSTONE, Side.CAPSTONE)
    assert data.forecasts.weather(3) == "Fog" and data.forecasts.month(9).name == "August"


def copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "fourteeners"
    shutil.copytree(data_dir(), target)
    return target


def edit(folder: Path, name: str, change) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads((folder / name).read_text(encoding="utf-8"))
    change(doc)
    (folder / name).write_text(json.dumps(doc), encoding="utf-8")


@pytest.mark.parametrize("name,change,message", [
    ("deck.json", lambda d: d.pop("source"), "deck.json: source: is missing"),
    ("deck.json", lambda d: d["classes"].update({"2": "many"}), "deck.json: classes.2: must be a whole number"),
    ("deck.json", lambda d: d["deck_by_players"]["4"].update({"1": 9}),
     "deck.json: deck_by_players.4.1: 9 cards, but the deck has only 8"),
    ("hikers.json", lambda d: d["start"].pop("technique"), "hikers.json: start.technique: is missing"),
    ("hikers.json", lambda d: d["assignment"]["3"].update({"C/D": 1}), "hikers.json: assignment.3: 1 \\+ 1 Hikers"),
    ("solo.json", lambda d: d["tuck_by_class"].update({"2": "backpack"}),
     "solo.json: tuck_by_class.2: 'backpack' is not a side"),
    ("forecasts.json", lambda d: d["forecasts"][1]["rounds"].pop("9"), "forecasts.json: forecasts: rounds"),
    ("vocabulary.json", lambda d: d["effects"]["points"].update(type="dice"), "vocabulary.json: effects.points.type"),
])
def test_a_bad_data_file_is_refused_naming_file_and_field(  # type: ignore[no-untyped-def]
        tmp_path: Path, name: str, change, message: str) -> None:
    folder = copy_data(tmp_path)
    edit(folder, name, change)
    with pytest.raises(DataError, match=message):
        load_data(folder)


def test_the_vocabulary_is_closed(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    edit(folder, "vocabulary.json", lambda d: d["conditions"].update(
        per_rival={"value": "filter", "multiplies": True, "text": "{effect} per rival"}))
    with pytest.raises(DataError, match="conditions.per_rival: the companion does not implement it"):
        check_vocabulary(load_data(folder).vocabulary)
