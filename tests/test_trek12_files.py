"""`companion score trek12 FILE`: game documents, filled-sheet documents, Max, and every refusal."""

from __future__ import annotations

import json

import pytest

from companion.errors import IllegalAction, InvalidInput
from companion.games.trek12.data import load_sheet
from companion.games.trek12.files import check_file, format_check, format_score, play_game, score_file

KEYS = ["lines", "zones", "line_bonus", "zone_bonus", "skulls", "orphans", "penalty", "total", "complete"]

# Dunai: 8 touches 2, 3, 6, 7, 9, 10; 9 touches 7, 8, 10, 11; 10 touches 3, 4, 8, 9, 11, 12.
GAME = {
    "sheet": "dunai",
    "turns": [
        {"dice": [3, 2], "op": "sum", "circle": 8},          # 5
        {"dice": [4, 0], "op": "higher", "circle": 9},       # 4: links to the 5
        {"dice": [6, 0], "op": "higher", "circle": 10},      # 6: links to the 5 (line 4-5-6)
        {"dice": [6, 2], "op": "product", "circle": 7},      # 12
        {"dice": [2, 2], "op": "product", "circle": 3},      # 4: the 5 is linked downward already
    ],
}


def test_a_game_document_is_replayed_and_scored():
    result = score_file(GAME)
    assert list(result) == KEYS
    assert result["lines"] == [{"circles": [9, 8, 10], "points": 8}]
    assert result["zones"] == []
    # Line 4-5-6: 6 + 2 = 8, bonus 1; orphans: the 12 and the second 4 (-6).
    assert (result["line_bonus"], result["zone_bonus"], result["orphans"], result["penalty"]) == (1, 0, 2, 6)
    assert result["total"] == 3 and result["complete"] is False
    json.dumps(result)


def test_a_game_against_max_adds_his_score_and_the_winner():
    doc = dict(GAME, solo="max")
    result = score_file(doc)
    assert list(result) == KEYS + ["max", "winner"]
    assert list(result["max"]) == KEYS
    # Max writes 6, 4, 6, 12, 4: a zone of 6s (8, 10), orphans 4, 12, 4 at +3 each.
    assert result["max"]["zones"] == [{"circles": [8, 10], "value": 6, "points": 7}]
    assert result["max"]["orphans"] == 3 and result["max"]["penalty"] == 0
    assert result["max"]["total"] == 7 + 9
    assert result["winner"] == "max"


def test_ambiguous_links_need_links_and_given_links_are_checked():
    doc = {"sheet": "dunai", "turns": [
        {"dice": [4, 0], "op": "higher", "circle": 8},
        {"dice": [4, 0], "op": "higher", "circle": 10},
        {"dice": [3, 2], "op": "sum", "circle": 9},          # a 5 touching two lone 4s
    ]}
    with pytest.raises(IllegalAction, match=r"^turn 3: ambiguous links: .*\[8\] or \[10\]"):
        score_file(doc)
    doc["turns"][2]["links"] = [10]
    assert score_file(doc)["lines"] == [{"circles": [10, 9], "points": 6}]
    doc["turns"][2]["links"] = [7]
    with pytest.raises(IllegalAction, match="turn 3: links \\[7\\] are not allowed"):
        score_file(doc)


def test_an_illegal_turn_names_the_turn_and_the_rule():
    doc = {"sheet": "dunai", "turns": [{"dice": [3, 2], "op": "sum", "circle": 8}] * 2}
    with pytest.raises(IllegalAction, match="turn 2: circle 8 is already filled"):
        score_file(doc)
    doc = {"sheet": "dunai", "turns": [{"dice": [3, 2], "op": "sum", "circle": 8},
                                       {"dice": [3, 7], "op": "sum", "circle": 9}]}
    with pytest.raises(InvalidInput, match="turn 2: the yellow die shows 0 to 5"):
        score_file(doc)


def test_an_inline_sheet_object_and_merge_lines():
    sheet = {"name": "Row", "circles": [{"id": i, "x": i, "y": 0} for i in range(5)],
             "links": [[i, i + 1] for i in range(4)]}
    turns = [{"dice": [3, 0], "op": "higher", "circle": 0},
             {"dice": [4, 0], "op": "higher", "circle": 1},
             {"dice": [6, 0], "op": "higher", "circle": 2},   # a lone 6 between the line and circle 3
             {"dice": [6, 1], "op": "sum", "circle": 3},
             {"dice": [5, 0], "op": "higher", "circle": 4}]
    result = score_file({"sheet": sheet, "turns": turns})
    assert [ln["circles"] for ln in result["lines"]] == [[0, 1], [2, 3]]
    assert result["complete"] is True
    merged = score_file({"sheet": sheet, "ruleset": {"merge_lines": True}, "turns": turns})
    assert merged["lines"] == result["lines"]  # nothing to merge here: the 5 touches only the 6


@pytest.mark.parametrize("doc, error, message", [
    ({"sheet": "everest", "turns": []}, InvalidInput, "unknown sheet 'everest'"),
    ({"sheet": {"name": "X", "circles": [], "links": []}, "turns": []}, InvalidInput, "no circles"),
    ({"sheet": {"name": "X", "circles": [{"id": 1, "x": 0, "y": 0}, {"id": 1, "x": 1, "y": 0}], "links": []},
      "turns": []}, InvalidInput, "duplicate circle id 1"),
    ({"sheet": {"name": "X", "circles": [{"id": 1, "x": 0, "y": 0}, {"id": 2, "x": 1, "y": 0}],
                "links": [[1, 3]]}, "turns": []}, InvalidInput, "unknown circle 3"),
    ({"sheet": "dunai"}, InvalidInput, "needs \"turns\""),
    ({"sheet": "dunai", "turns": [], "circles": {}}, InvalidInput, "both"),
    ({"sheet": "dunai", "turns": {}}, InvalidInput, "'turns' must be a list"),
    ({"sheet": "dunai", "turns": [], "solo": "gerry"}, InvalidInput, "'solo' must be"),
    ({"sheet": "dunai", "turns": [], "ruleset": {"merge": True}}, InvalidInput, "unknown ruleset option"),
    ({"sheet": "dunai", "turns": [], "players": 2}, InvalidInput, "unknown field 'players'"),
    ([1, 2], InvalidInput, "JSON object"),
])
def test_malformed_documents_are_refused(doc, error, message):
    with pytest.raises(error, match=message):
        score_file(doc)


# --- filled sheets ------------------------------------------------------------------------------------

FILLED = {"sheet": "dunai",
          "circles": {"8": 5, "9": 4, "10": 6, "7": "skull", "3": 6, "2": 2},
          "lines": [[9, 8, 10]]}


def test_a_filled_sheet_is_scored():
    result = score_file(FILLED)
    assert list(result) == KEYS
    assert result["lines"] == [{"circles": [9, 8, 10], "points": 8}]
    assert result["zones"] == [{"circles": [3, 10], "value": 6, "points": 7}]
    # 8 + 7 + line bonus 1 - skull 3 - orphan 2 (3) = 10
    assert (result["skulls"], result["orphans"], result["total"]) == (1, 1, 10)


def test_a_filled_line_may_be_listed_from_either_end():
    doc = dict(FILLED, lines=[[10, 8, 9]])
    assert score_file(doc)["lines"] == [{"circles": [9, 8, 10], "points": 8}]


@pytest.mark.parametrize("lines, message", [
    ([[9, 10, 8]], "do not touch|not consecutive"),
    ([[8, 2]], "not consecutive"),
    ([[9, 8], [8, 10]], "already in another Fixed Line"),
    ([[7, 8]], "holds a skull"),
    ([[11, 9]], "is empty"),
    ([[9]], "at least 2"),
    ([[9, 99]], "not on the Dunai sheet"),
    ([[2, 3]], "do not touch|not consecutive"),
])
def test_filled_lines_are_checked(lines, message):
    with pytest.raises((IllegalAction, InvalidInput), match=message):
        score_file(dict(FILLED, lines=lines))


def test_filled_circles_are_checked():
    with pytest.raises(IllegalAction, match="circle 3 holds 9, above the 6"):
        score_file({"sheet": "kagkot", "circles": {"3": 9}, "lines": []})
    with pytest.raises(InvalidInput, match="circle 4 holds 13"):
        score_file({"sheet": "dunai", "circles": {"4": 13}, "lines": []})
    with pytest.raises(InvalidInput, match="not a circle id"):
        score_file({"sheet": "dunai", "circles": {"four": 3}, "lines": []})


def test_a_filled_sheet_with_max_and_a_rope():
    doc = {"sheet": "dunai", "circles": {"0": 4, "1": 6, "2": 5}, "lines": [[1, 2]],
           "max": {"circles": {"0": 9, "1": 9, "2": 9}, "lines": []}}
    with pytest.raises(IllegalAction, match="do not touch"):
        score_file(doc)
    doc["ropes"] = [[1, 2]]   # 1 and 2 are two steps apart, across circle 0
    result = score_file(doc)
    assert result["lines"] == [{"circles": [2, 1], "points": 7}]
    assert result["max"]["zones"][0]["points"] == 11 and result["winner"] == "max"
    doc["circles"]["1"] = 9
    with pytest.raises(IllegalAction, match="not consecutive"):
        score_file(doc)
    doc["ropes"] = [[1, 3]]
    with pytest.raises(IllegalAction, match="two steps apart"):
        score_file(doc)


def test_the_text_form_reads_like_the_scoring_table():
    text = format_score(score_file(dict(GAME, solo="max")))
    assert "Fixed Line 9-8-10: 8" in text and "Total: 3 (sheet not complete)" in text
    assert "Max:" in text and "  Orphans: 3, +9 for Max" in text and text.endswith("Winner: Max")


def test_check_file_on_a_sheet_and_on_documents():
    assert check_file(load_sheet("kagkot").to_dict())["dangerous"] == [3, 4, 10, 15]
    assert check_file(load_sheet("kagkot").to_dict())["warnings"] == []
    apart = check_file({"circles": [{"id": 1}, {"id": 2}]})
    assert apart["ok"] and apart["warnings"][0].startswith("circle 2 cannot be reached")
    assert "warning: circle 2 cannot be reached" in format_check(apart)
    # What the app refuses at import is said before a file is taken to the phone.
    stacked = check_file({"circles": [{"id": 1, "x": 0, "y": 0}, {"id": 2, "x": 0, "y": 0}], "links": [[1, 2]]})
    assert stacked["warnings"] == ["circles 1 and 2 are both at (0, 0): one would hide the other; give each "
                                   "circle a place of its own"]
    assert check_file(GAME) == {"ok": True, "kind": "game", "turns": 5, "complete": False}
    assert check_file(FILLED)["kind"] == "filled"


def test_the_command_line_prints_json_and_fails_with_one_line(tmp_path, capsys):
    from companion.cli import main

    good = tmp_path / "game.json"
    good.write_text(json.dumps(GAME))
    assert main(["score", "trek12", str(good), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == score_file(GAME)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"sheet": "dunai", "turns": GAME["turns"][:1] * 2}))
    assert main(["score", "trek12", str(bad), "--json"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "turn 2" in err and "already filled" in err


def test_the_documented_example_game():
    # The game document shown in docs/formats.md (Trek 12): a forced link written out, a Rope across 10.
    doc = {"sheet": "dunai", "ruleset": {"merge_lines": False}, "solo": "max",
           "assists": ["rope"], "max_assists": 0,
           "turns": [{"dice": [3, 2], "op": "sum", "circle": 8},
                     {"dice": [4, 0], "op": "higher", "circle": 9, "links": [8]},
                     {"dice": [2, 1], "op": "sum", "circle": 11},
                     {"dice": [3, 3], "op": "sum", "circle": 12, "assist": "rope", "rope": [12, 8]}]}
    state = play_game(doc)
    assert state.board.fixed_lines() == ((11, 9, 8, 12),) and state.board.ropes == ((8, 12),)
    assert state.assists == ()
    assert state.max_board.fixed_lines() == ((11, 9),)
    result = score_file(doc)
    assert result["lines"] == [{"circles": [11, 9, 8, 12], "points": 9}] and result["line_bonus"] == 3


def test_play_game_returns_the_state():
    state = play_game(GAME)
    assert state.turn == 5 and state.board.cell(7) == 12
    assert state.sheet is load_sheet("dunai")


def _golden(name):
    from pathlib import Path

    doc = json.loads((Path(__file__).parent / "golden" / "trek12" / f"{name}.json").read_text(encoding="utf-8"))
    return dict(doc["setup"], turns=[step["turn"] for step in doc["steps"]])


def test_a_game_counts_only_the_cards_it_cashes_and_max_his_on_the_last_ascent():
    game = _golden("kagkot-max-cards-seed5")   # Ann ends holding a Rope, Max one card
    kept = score_file(game)
    assert "assists" not in kept and "assists" not in kept["max"]
    cashed = score_file(dict(game, cash=["rope"]))
    assert cashed["assists"] == 1 and cashed["total"] == kept["total"] + 3
    last = score_file(dict(game, cash=["rope"], last_ascent=True))
    assert last["max"]["assists"] == 1 and last["max"]["total"] == kept["max"]["total"] + 3
    assert "Assist cards cashed: 1 (+3)" in format_score(last)


@pytest.mark.parametrize("extra, error, message", [
    ({"cash": ["compass"]}, IllegalAction, "'cash': the compass card is not held"),
    ({"cash": "rope"}, InvalidInput, "'cash' must be a list"),
    ({"cash": ["joker"]}, InvalidInput, "unknown Assist card 'joker'"),
    ({"last_ascent": "yes"}, InvalidInput, "'last_ascent' must be true or false"),
])
def test_bad_cashing_is_refused(extra, error, message):
    with pytest.raises(error, match=message):
        score_file(dict(_golden("kagkot-max-cards-seed5"), **extra))


def test_cash_needs_a_full_sheet_and_tracked_cards():
    with pytest.raises(IllegalAction, match="'cash': cards are cashed when scoring"):
        score_file(dict(GAME, assists=["rope"], cash=["rope"]))
    with pytest.raises(IllegalAction, match="'cash': Assist cards are not tracked"):
        score_file(dict(_golden("dunai-seed1"), cash=[]))
