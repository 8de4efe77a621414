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
    # History lists each part of a score: Max's orphans earn him 3 each, which his parts must show, or his
    # lines, zones and bonuses less his penalty would not reach his total.
    mine, his = detail["scores"]
    assert "orphan_bonus" not in mine and his["orphan_bonus"] == 3 * his["orphans"]
    for part in (mine, his):
        assert (sum(x["points"] for x in part["lines"]) + sum(x["points"] for x in part["zones"]) + part["line_bonus"]
                + part["zone_bonus"] - part["penalty"] + part.get("orphan_bonus", 0)) == part["total"]


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


def test_the_schnapps_is_refused_by_the_engine_before_everyone_else_has_written():
    # The Schnapps: "Reroll the dice after all the other players have filled one of their circles."
    table = session.start({"sheet": "kagkot", "players": [{"name": "Ann", "assists": ["schnapps"]}, "Bo", "Cy"]})
    with pytest.raises(IllegalAction, match="Ann, the Schnapps re-rolls only after all the other players have "
                                            "filled a circle this round \\(Bo, Cy still to write\\)"):
        session.apply(table, {"dice": [6, 5], "op": "sum", "circle": 8, "assist": "schnapps", "player": 0})
    table = session.apply(table, {"dice": [3, 2], "op": "sum", "circle": 8, "player": 1})
    assert session.schnapps_refusal(table, 0) is not None
    table = session.apply(table, {"dice": [3, 2], "op": "sum", "circle": 8, "player": 2})
    assert session.schnapps_refusal(table, 0) is None
    table = session.apply(table, {"dice": [6, 5], "op": "sum", "circle": 8, "assist": "schnapps", "player": 0})
    assert table.states[0].board.cell(8) == 11 and table.states[0].assists == ()
    # Alone at the table there is nobody to wait for.
    alone = session.start({"sheet": "kagkot", "players": [{"name": "Ann", "assists": ["schnapps"]}]})
    assert session.schnapps_refusal(alone, 0) is None


def _fill(table, seed=3):
    rng = random.Random(seed)
    while not table.complete:
        seat = session.current_player(table)
        roll = table.roll or rng.choice(ROLLS)
        moves = [a for a in legal_actions(table.states[seat], roll) if not a.assists and a.take is None]
        table = session.apply(table, dict(rng.choice(moves).to_dict(), player=seat))
    return table


def test_each_tracked_player_says_which_cards_they_cash_and_only_those_count():
    table = _fill(session.start({"sheet": "dunai", "players": [{"name": "Ann", "assists": ["rope", "tent"]},
                                                               {"name": "Bo", "assists": []}, "Cy"]}))
    assert table.complete and not table.scored and session.cashing_seat(table) == 0
    before = {name: b.total for name, b in session.breakdowns(table)}
    with pytest.raises(IllegalAction, match="Ann: the compass card is not held"):
        session.apply(table, {"cash": ["compass"]})
    table = session.apply(table, {"cash": ["tent"]})
    # Bo tracks his cards but holds none: he has nothing to decide, and the Ascent can be saved at once.
    assert table.scored and session.cashing_seat(table) is None
    session.summary(table)
    # A game saved when he was still asked replays as it was: his empty choice, by seat or as the default.
    assert session.apply(table, {"cash": [], "player": 1}).scored
    table = session.apply(table, {"cash": []})
    assert table.scored and session.cashing_seat(table) is None
    after = {name: b.total for name, b in session.breakdowns(table)}
    assert after == {"Ann": before["Ann"] + 3, "Bo": before["Bo"], "Cy": before["Cy"]}
    record = session.summary(table)
    assert record["detail"]["scores"][0]["assists"] == 1 and record["players"][0]["score"] == before["Ann"] + 3
    with pytest.raises(IllegalAction, match="every player has cashed"):
        session.apply(table, {"cash": []})


def test_cards_are_not_cashed_before_the_sheets_are_full():
    table = session.start({"sheet": "dunai", "players": [{"name": "Ann", "assists": ["rope"]}]})
    with pytest.raises(IllegalAction, match="the sheets are not full yet"):
        session.apply(table, {"cash": ["rope"]})


def test_free_solo_with_cards_treats_max_and_the_player_by_the_same_rule():
    # Neither counts a card only held; on an Expedition's last Ascent Max discards all of his (Solo
    # Expeditions) and the player may cash hers.
    setup = {"sheet": "dunai", "solo": "max", "players": [{"name": "Ann", "assists": ["rope"]}], "max_assists": 2}
    table = _fill(session.start(setup))
    _, (_, his) = session.breakdowns(table)
    assert his.assists == 0
    last = _fill(session.start(dict(setup, last_ascent=True)))
    last = session.apply(last, {"cash": ["rope"]})
    (_, mine), (_, his_last) = session.breakdowns(last)
    assert his_last.assists == 2 and his_last.total == his.total + 6 and mine.assists == 1


def test_an_ascent_is_not_saved_before_every_tracked_player_has_cashed():
    table = _fill(session.start({"sheet": "dunai", "players": [{"name": "Ann", "assists": ["rope"]}]}))
    with pytest.raises(IllegalAction, match="Ann has still to say which Assist cards they cash"):
        session.summary(table)
    assert session.summary(session.apply(table, {"cash": []}))["players"][0]["name"] == "Ann"


def _finished(sheet) -> dict:
    table = session.start({"sheet": sheet, "players": [{"id": "p1", "name": "Ann"}]})
    rng = random.Random(3)
    while not table.complete:
        table = session.apply(table, rng.choice(legal_actions(table.states[0], rng.choice(ROLLS))).to_dict())
    return session.summary(table)["detail"]


def test_a_home_made_sheet_is_never_recorded_as_a_printed_one():
    from companion.games.trek12.data import load_sheet

    printed = load_sheet("dunai").to_dict()
    copy = {k: v for k, v in printed.items() if k != "source"}
    assert _finished(copy)["sheet"] == "dunai" and "sheet_name" not in _finished(copy)
    # Named "Dunai" and otherwise the same but for its summit: a sheet of its own, named in the record.
    own = _finished({**copy, "summit": 30})
    assert own["sheet"].startswith("own-") and own["sheet_name"] == "Dunai"
    assert _finished({**copy, "summit": 30})["sheet"] == own["sheet"]            # the same sheet: the same key
    other = _finished({**copy, "summit": 31})
    assert other["sheet"] not in (own["sheet"], "dunai")


def test_the_record_says_which_reading_of_joining_lines_the_ascent_was_played_under():
    # The same turns score differently under the two readings, so History keeps which one was played.
    for ruleset, merged in ((None, False), ({"merge_lines": True}, True)):
        table = session.start({"sheet": "dunai", "ruleset": ruleset, "players": [{"id": "p1", "name": "Ann"}]})
        rng = random.Random(5)
        while not table.complete:
            table = session.apply(table, rng.choice(legal_actions(table.states[0], rng.choice(ROLLS))).to_dict())
        assert session.summary(table)["detail"]["merge_lines"] is merged
