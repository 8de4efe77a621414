"""Freunde data files: the published facts load as stated, and bad data is refused naming file and field."""

from __future__ import annotations

import copy
import json
import shutil
from collections import Counter

import pytest

from companion.errors import DataError, InvalidInput
from companion.games.freunde import data as D


@pytest.fixture()
def data_copy(tmp_path, monkeypatch):
    """A writable copy of data/freunde that load_data reads instead of the shipped one."""
    folder = tmp_path / "freunde"
    shutil.copytree(D.data_dir(), folder)
    monkeypatch.setattr(D, "data_dir", lambda: folder)
    D.load_data.cache_clear()
    yield folder
    D.load_data.cache_clear()


def edit(folder, name, change):
    path = folder / name
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_summer_board_as_published():
    board = D.load_board("summer")
    assert board.verified and board.route == "easy" and len(board.spaces) == 28 and len(board.edges) == 34
    assert board.space("SUMMIT") == D.Space("SUMMIT", 8000, 10, 3, -2)
    assert board.space("S6").cost == 2 and board.space("S23") == D.Space("S23", 7000, 6, 3, -2)
    assert board.space("BASE_CAMP") == D.Space("BASE_CAMP", 5000, 1, 1, 1)
    assert set(board.neighbours["S14"]) == {"S10", "S11", "S13", "S16"}


def test_winter_board_is_marked_unverified():
    board = D.load_board("winter")
    assert not board.verified and board.route == "hard" and board.summit == "A_SUMMIT"
    assert "Unverified" in board.source


def test_down_the_mountain_follows_victory_points_then_distance_from_the_summit():
    board = D.load_board("summer")
    assert board.is_down("S14", "S10") and not board.is_down("S10", "S14")      # 2 VP to 1 VP
    assert board.is_down("S10", "S9")              # both 1 VP; S9 is farther from the summit
    assert not board.is_down("S18", "S19")         # 3 VP to 4 VP is up
    assert board.is_down("S1", "BASE_CAMP")


def test_deck_is_the_eighteen_cards_of_the_rule_sheet():
    deck = D.load_data().deck
    assert len(deck.cards) == 18 and deck.hand_size == 6 and deck.play_per_turn == 3
    assert Counter(c.code for c in deck.cards) == {
        "M1": 5, "M2": 3, "M3": 2, "R1/2": 1, "R1/3": 1, "R2/3": 1, "A0": 1, "A1": 2, "A2": 1, "A3": 1}


def test_risk_tokens_and_presets():
    data = D.load_data()
    assert dict(data.risk.counts) == {0: 4, 1: 11, 2: 5} and data.risk.face_up == 3
    assert len(data.weather.tiles) == 6
    assert data.weather.day("summer-6", 3).zones is None
    with pytest.raises(InvalidInput, match="unknown weather tile 'winter-1'"):
        data.weather.day("winter-1", 1)


@pytest.mark.parametrize("route, season, score, rank", [
    ("easy", "summer", 20, "himalaista"), ("easy", "summer", 17, "alpinista"),
    ("easy", "summer", 16, "alpinista"), ("easy", "summer", 15, "taternik"),
    ("easy", "summer", 11, "taternik"), ("easy", "summer", 10, "zeglarz"),
    ("easy", "winter", 17, "himalaista"), ("easy", "winter", 14, "taternik"),
    ("hard", "summer", 15, "alpinista"), ("hard", "summer", 9, "zeglarz"),
    ("hard", "winter", 16, "himalaista"), ("hard", "winter", 14, "alpinista"),
    ("hard", "winter", 13, "taternik"), ("hard", "winter", 2, "zeglarz"),
])
def test_solo_rank_table(route, season, score, rank):
    assert D.load_data().solo.rank(score, route, season).id == rank


@pytest.mark.parametrize("text, card", [
    ("M2", D.Card(D.CardKind.MOVE, 2)), ("a0", D.Card(D.CardKind.ACCLIMATIZATION, 0)),
    (" R1/3 ", D.Card(D.CardKind.ROPE, 1, 3)),
])
def test_card_codes(text, card):
    assert D.parse_card(text) == card and D.parse_card(card.code) == card


@pytest.mark.parametrize("text", ["X1", "M", "R1-3", "", 3, None])
def test_bad_card_codes(text):
    with pytest.raises(InvalidInput, match="card"):
        D.parse_card(text)


def test_card_not_in_the_deck():
    with pytest.raises(InvalidInput, match="M4 is not a card of the Freunde deck"):
        D.load_data().deck.check_card(D.parse_card("M4"))


# --- validation errors name the file and the field ------------------------------------------------------

def _board_doc():
    return D.load_board("summer").to_doc()


@pytest.mark.parametrize("change, message", [
    (lambda d: d["spaces"]["S6"].update(cost=0), r"x\.json: spaces\.S6\.cost: must be between 1 and 9, not 0"),
    (lambda d: d["spaces"]["S6"].update(zone=5500), r"x\.json: spaces\.S6\.zone: must be one of"),
    (lambda d: d["spaces"]["S6"].update(vp="1"), r"x\.json: spaces\.S6\.vp: must be a whole number"),
    (lambda d: d["spaces"]["S6"].update(height=3), r"x\.json: spaces\.S6\.height: unknown field"),
    (lambda d: d["edges"].append(["S6", "S99"]), r"x\.json: edges\[34\]: 'S99' is not one of the spaces"),
    (lambda d: d["edges"].append(["S7", "S6"]), r"x\.json: edges\[34\]: the link S7-S6 is listed twice"),
    (lambda d: d["edges"].append(["S7", "S7"]), r"x\.json: edges\[34\]: links S7 to itself"),
    (lambda d: d.update(summit="S26"), r"x\.json: summit: S26 must carry the most victory points"),
    (lambda d: d.update(base_camp="CAMP"), r"x\.json: base_camp: 'CAMP' is not one of the spaces"),
    (lambda d: d.update(route="medium"), r"x\.json: route: must be 'easy' or 'hard'"),
    (lambda d: d["spaces"].update(LONELY={"zone": 5000, "vp": 1, "cost": 1, "accl": 0}),
     r"x\.json: edges: LONELY cannot be reached"),
])
def test_board_validation_names_the_field(change, message):
    doc = copy.deepcopy(_board_doc())
    change(doc)
    with pytest.raises(DataError, match=message):
        D.board_from_doc(doc, "x.json")


def test_board_round_trips_through_its_document():
    board = D.load_board("winter")
    assert D.board_from_doc(board.to_doc(), "again") == board


@pytest.mark.parametrize("name, change, message", [
    ("board_summer.json", lambda d: d["spaces"]["S1"].update(accl=9),
     r"board_summer\.json: spaces\.S1\.accl: must be between -6 and 6"),
    ("board_winter.json", lambda d: d.update(id="summer"), r"board_winter\.json: id: must be 'winter'"),
    ("cards.json", lambda d: d.pop("source"), r"cards\.json: source: every data file says where"),
    ("cards.json", lambda d: d["deck"][0].update(count=4),
     r"cards\.json: deck: 17 cards must be a multiple of play_per_turn"),
    ("cards.json", lambda d: d["deck"][3].update(down=1),
     r"cards\.json: deck\[3\]\.down: a rope's down value must exceed"),
    ("stacking.json", lambda d: d["zones"]["7000"]["limits"].pop("3"),
     r"stacking\.json: zones\.7000\.limits: must give the limit for 2, 3, 4 and 5 players"),
    ("stacking.json", lambda d: d["zones"]["8000"]["limits"].update({"2": 0}),
     r"stacking\.json: zones\.8000\.limits\.2: must be between 1 and 10"),
    ("risk_tokens.json", lambda d: d["tokens"].update({"x": 1}),
     r"risk_tokens\.json: tokens\.x: a token value is a whole number"),
    ("weather_tiles.json", lambda d: d["tiles"]["summer-2"]["days"][0].update(zones=[6500]),
     r"weather_tiles\.json: tiles\.summer-2\.days\[0\]\.zones: must be null or a list of zones"),
    ("solo_ranks.json", lambda d: d["tables"]["easy/summer"].update(alpinista=25),
     r"solo_ranks\.json: tables\.easy/summer: lowest scores must fall"),
])
def test_data_file_errors_name_file_and_field(data_copy, name, change, message):
    edit(data_copy, name, change)
    with pytest.raises(DataError, match=message):
        D.load_data()


def test_missing_and_broken_files(data_copy):
    (data_copy / "risk_tokens.json").unlink()
    with pytest.raises(DataError, match=r"risk_tokens\.json: the data file is missing"):
        D.load_data()
    (data_copy / "risk_tokens.json").write_text("{oops", encoding="utf-8")
    D.load_data.cache_clear()
    with pytest.raises(DataError, match=r"risk_tokens\.json: not valid JSON"):
        D.load_data()
