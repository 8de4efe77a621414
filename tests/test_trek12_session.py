"""The app's Trek 12 session API: setup, shared rolls, pass-and-play rounds, Max, and the history record."""

from __future__ import annotations

import random

import pytest

from companion.errors import IllegalAction, InvalidInput
from companion.games.trek12 import session
from companion.games.trek12.files import score_file
from companion.games.trek12.rules import ROLLS, legal_actions


def test_a_solo_game_played_to_the_end_gives_the_history_record():
    table = session.start({"sheet": "dunai", "solo": "max",
                           "players": [{"id": "p1", "name": "Ann"}]})
    rng = random.Random(7)
    turns = []
    while not table.complete:
        action = rng.choice(legal_actions(table.states[0], rng.choice(ROLLS))).to_dict()
        table = session.apply(table, action)
        turns.append(action)
    record = session.summary(table)
    expected = score_file({"sheet": "dunai", "solo": "max", "turns": turns})
    assert record["game"] == "trek12" and record["title"] == "Dunai"
    ann, max_ = record["players"]
    assert ann == {"id": "p1", "name": "Ann", "score": expected["total"],
                   "winner": expected["winner"] in ("player", "tie")}
    assert max_["id"] is None and max_["name"] == "Max" and max_["score"] == expected["max"]["total"]
    detail = record["detail"]
    assert detail["sheet"] == "dunai" and detail["rounds"] == 19 and detail["complete"]
    assert detail["solo"] == "max"  # the record says Max played, without its setup
    assert [s["name"] for s in detail["scores"]] == ["Ann", "Max"]
    assert detail["scores"][0]["total"] == expected["total"]
    assert detail["scores"][0]["summit_reached"] == (expected["total"] >= 65)
    assert table.round == 20


def test_players_share_each_rounds_roll():
    table = session.start({"sheet": "kagkot", "players": ["Ann", {"id": "b", "name": "Bo"}]})
    table = session.apply(table, {"dice": [3, 2], "op": "sum", "circle": 8})   # Ann, by default
    assert session.current_player(table) == 1
    with pytest.raises(IllegalAction, match="round 1 was rolled 3 \\(red\\) and 2 \\(yellow\\)"):
        session.apply(table, {"dice": [4, 2], "op": "sum", "circle": 8, "player": 1})
    with pytest.raises(IllegalAction, match="Ann has already written a number in round 1"):
        session.apply(table, {"dice": [3, 2], "op": "sum", "circle": 7, "player": 0})
    table = session.apply(table, {"dice": [3, 2], "op": "lower", "circle": 0, "player": 1})
    assert table.round == 2 and table.roll is None and session.current_player(table) == 0
    # A Schnapps re-roll keeps the player's own dice.
    table = session.apply(table, {"dice": [1, 1], "op": "sum", "circle": 7})
    table = session.apply(table, {"dice": [6, 5], "op": "sum", "circle": 1, "assist": "schnapps"})
    assert table.states[1].board.cell(1) == 11


def test_illegal_turns_name_the_player_and_the_rule():
    table = session.start({"sheet": "dunai", "players": ["Ann"]})
    table = session.apply(table, {"dice": [3, 2], "op": "sum", "circle": 8})
    with pytest.raises(IllegalAction, match="Ann, turn 2: circle 18 touches no filled circle"):
        session.apply(table, {"dice": [3, 2], "op": "sum", "circle": 18})


@pytest.mark.parametrize("setup, message", [
    ({"sheet": "dunai", "solo": "max", "players": ["Ann", "Bo"]}, "one player against Max"),
    ({"sheet": "dunai", "players": []}, "non-empty list"),
    ({"sheet": "dunai", "players": [{"name": ""}]}, "'name'"),
    ({"sheet": "dunai", "colour": "red"}, "unknown Trek 12 setup field 'colour'"),
    ({"sheet": "nowhere"}, "unknown sheet"),
    ({"sheet": "dunai", "max_assists": 2}, "no Max"),
    ({"sheet": {"circles": [{"id": 1}, {"id": 2}], "links": []}}, "cannot be played to the end: circle 2"),
    ({"sheet": "dunai", "solo": "max", "max_assists": 4}, "Max holds 0 to 3"),
    ({"sheet": "dunai", "players": [{"name": "Ann", "assists": ["rope"] * 4}]}, "at most 3"),
    ({"sheet": "dunai", "dice_seed": "7"}, "'dice_seed' must be a whole number"),
    ({"sheet": "dunai", "dice_seed": -1}, "'dice_seed' must be a whole number"),
])
def test_bad_setups_are_refused(setup, message):
    with pytest.raises(InvalidInput, match=message):
        session.start(setup)


def test_the_app_dice_seed_is_kept_in_the_setup_and_changes_nothing_else():
    plain = session.start({"sheet": "dunai", "players": ["Ann"]})
    seeded = session.start({"sheet": "dunai", "players": ["Ann"], "dice_seed": 12345})
    assert seeded == plain


def test_a_tie_makes_every_tied_player_a_winner():
    table = session.start({"sheet": "dunai", "players": ["Ann", "Bo"]})
    for circle in (8, 9):
        for seat in (0, 1):
            table = session.apply(table, {"dice": [6, 0], "op": "higher", "circle": circle, "player": seat})
    record = session.summary(table)
    assert [p["winner"] for p in record["players"]] == [True, True]
    assert record["detail"]["complete"] is False
    assert record["detail"]["solo"] is None


def test_a_guest_named_max_at_a_table_is_not_marked_as_the_solo_opponent():
    table = session.start({"sheet": "dunai", "players": [{"id": "p1", "name": "Ann"}, "Max"]})
    for seat in (0, 1):
        table = session.apply(table, {"dice": [3, 2], "op": "sum", "circle": 8, "player": seat})
    record = session.summary(table)
    assert [(p["id"], p["name"]) for p in record["players"]] == [("p1", "Ann"), (None, "Max")]
    assert record["detail"]["solo"] is None


def test_tracked_cards_from_the_setup():
    table = session.start({"sheet": "dunai", "players": [{"name": "Ann", "assists": ["compass"]}]})
    table = session.apply(table, {"dice": [3, 2], "op": "sum", "circle": 0})
    table = session.apply(table, {"dice": [3, 2], "op": "sum", "circle": 18, "assist": "compass"})
    assert table.states[0].assists == ()
    with pytest.raises(IllegalAction, match="not held"):
        session.apply(table, {"dice": [3, 2], "op": "sum", "circle": 14, "assist": "compass"})
