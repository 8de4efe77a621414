"""Ridgeline's data files: the camp table and routes as the rulebook prints them, and checked at the door."""

from __future__ import annotations

import json
import shutil

import pytest

from companion.errors import DataError
from companion.games.ridgeline.data import Kind, data_folder, load, load_from

# The rulebook's camp table ('The route'), written out independently of the data file.
RULEBOOK_CAMPS = {
    1: [("colour_group", 4), ("run", 3)],
    2: [("set", 3), ("spread", 5)],
    3: [("tally", 20), ("set", 3)],
    4: [("colour_run", 4), ("set", 3)],
    5: [("run", 4), ("run", 4)],
    6: [("spread", 5), ("colour_group", 5)],
    7: [("set", 3), ("set", 3), ("set", 3)],
    8: [("run", 6), ("tally", 15)],
    9: [("colour_run", 5), ("spread", 5)],
    10: [("colour_run", 6), ("set", 4)],
}


def test_the_camps_are_the_rulebooks_table():
    data = load()
    found = {
        number: [(req.kind.value, req.target if req.kind is Kind.TALLY else req.size) for req in camp.requirements]
        for number, camp in data.camps.items()
    }
    assert found == RULEBOOK_CAMPS
    assert data.camps[10].label == "camp 10 (Summit)"
    assert all(req.size == 3 for camp in data.camps.values() for req in camp.requirements if req.kind is Kind.TALLY)


def test_the_routes_and_the_deck():
    data = load()
    assert data.routes["ridge"].camps == tuple(range(1, 11))
    assert data.routes["sprint"].camps == (1, 2, 5, 7, 9)
    assert data.default_route.id == "ridge"
    deck = data.deck
    assert (deck.copies, deck.ropes, deck.whiteouts) == (2, 6, 5)
    assert (deck.rope_fatigue, deck.whiteout_fatigue, data.camp_fatigue) == (20, 10, 25)
    assert (deck.first_deal, deck.later_deal, deck.max_hand) == (10, 11, 12)
    assert (deck.min_seats, deck.max_seats) == (2, 6)
    assert "ridgeline.txt" in data.source


@pytest.fixture
def copy(tmp_path):
    for name in ("deck.json", "camps.json"):
        shutil.copy(data_folder() / name, tmp_path / name)

    def edit(name, change):
        path = tmp_path / name
        doc = json.loads(path.read_text())
        change(doc)
        path.write_text(json.dumps(doc))
        return tmp_path

    return edit


def test_a_bad_requirement_kind_names_the_file_and_field(copy):
    folder = copy("camps.json", lambda doc: doc["camps"][2]["requirements"][0].update(kind="pair"))
    with pytest.raises(DataError, match=r"camps.json: field 'camps\[2\].requirements\[0\].kind' must be one of"):
        load_from(folder)


def test_a_route_naming_a_missing_camp_is_refused(copy):
    folder = copy("camps.json", lambda doc: doc["routes"][1]["camps"].append(11))
    with pytest.raises(DataError, match=r"routes\[1\].camps\[5\]' names camp 11"):
        load_from(folder)


def test_a_missing_field_and_a_wrong_colour_are_refused(copy):
    folder = copy("deck.json", lambda doc: doc.pop("ropes"))
    with pytest.raises(DataError, match="deck.json: field 'ropes' is missing"):
        load_from(folder)
    folder = copy("deck.json", lambda doc: doc.update(ropes=6, colours=doc["colours"][::-1]))
    with pytest.raises(DataError, match="deck.json: field 'colours' must be G Glacier"):
        load_from(folder)


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(DataError, match="deck.json: the data file is missing"):
        load_from(tmp_path)
