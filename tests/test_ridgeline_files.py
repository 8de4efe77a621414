"""`companion score ridgeline` and `companion check ridgeline`: the exact output shapes and the errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.ridgeline.files import check_file, format_check, format_score, score_file


def run(capsys, tmp_path, command, doc, *flags):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    status = main([command, "ridgeline", str(path), *flags])
    out, err = capsys.readouterr()
    return status, out, err


EXAMPLE = {"seats": ["A", "B", "C"], "route": "ridge",
           "hands": [{"went_out": "A", "pitched": ["A", "C"], "left": {"B": ["G7", "W", "R"], "C": ["P3"]}}]}


def test_the_score_file_prints_each_hands_camps_and_fatigue_then_over_and_winner(capsys, tmp_path):
    status, out, err = run(capsys, tmp_path, "score", EXAMPLE, "--json")
    assert status == 0 and err == ""
    assert json.loads(out) == {
        "hands": [{"hand": 1, "seats": {"A": {"camps_cleared": 1, "fatigue": 225},
                                        "B": {"camps_cleared": 0, "fatigue": 287},
                                        "C": {"camps_cleared": 1, "fatigue": 228}}}],
        "over": False,
        "winner": [],
    }


def test_the_documented_example_gives_the_documented_result():
    text = (Path(__file__).resolve().parents[1] / "docs" / "formats.md").read_text(encoding="utf-8")
    section = text.split("### `companion score ridgeline FILE [--json]`", 1)[1].split("\n### ", 1)[0]
    example, output = (json.loads(block) for block in re.findall(r"```json\n(.*?)```", section, re.S)[:2])
    assert example == EXAMPLE
    assert score_file(example) == output


def test_a_finished_sprint_names_the_winner_and_text_output_reads_well(capsys, tmp_path):
    climb = {"went_out": "A", "pitched": ["A", "B"], "left": {"B": ["S2"]}}
    doc = {"seats": ["A", "B"], "route": "sprint",
           "hands": [climb] * 4 + [{"went_out": "B", "pitched": ["A", "B"], "left": {"A": ["G4"]}}]}
    result = score_file(doc)
    assert result["over"] is True and result["winner"] == ["B"]
    assert result["hands"][-1]["seats"] == {"A": {"camps_cleared": 5, "fatigue": 4},
                                            "B": {"camps_cleared": 5, "fatigue": 0}}
    status, out, _ = run(capsys, tmp_path, "score", doc)
    assert status == 0
    assert out.splitlines()[-3:] == ["  A  camps  5  fatigue    4", "  B  camps  5  fatigue    0", "Winner: B"]
    assert format_score(score_file({"seats": ["A", "B"], "hands": []})).endswith("nobody has cleared the summit yet.")


def test_a_shared_win_lists_every_winner():
    climb = {"went_out": "A", "pitched": ["A", "B", "C"], "left": {"B": ["G1"], "C": ["P1"]}}
    doc = {"seats": ["A", "B", "C"], "route": "sprint",
           "hands": [climb] * 4 + [{"went_out": "A", "pitched": ["B", "C"], "left": {"B": ["G9"], "C": ["E9"]}}]}
    result = score_file(doc)
    assert result["winner"] == ["B", "C"]
    assert format_score(result).endswith("Shared win: B, C")


@pytest.mark.parametrize("doc, message", [
    ({**EXAMPLE, "hands": [{"went_out": "A", "pitched": [], "left": {"B": ["G7", "Z1"], "C": []}}]},
     "hand 1: left['B'], card 2: 'Z1' is not a card code"),
    ({**EXAMPLE, "hands": [{"went_out": "D", "pitched": [], "left": {"B": ["G1"], "C": ["G2"]}}]},
     "hand 1: went_out names 'D', who is not at the table (A, B, C)"),
    ({**EXAMPLE, "hands": [EXAMPLE["hands"][0],
                           {"went_out": "A", "pitched": ["E"], "left": {"B": ["G1"], "C": ["G2"]}}]},
     "hand 2: pitched names 'E', who is not at the table"),
    ({"seats": ["A", "B"], "route": "sprint",
      "hands": [{"went_out": "A", "pitched": ["A"], "left": {"B": ["G1"]}}] * 6},
     "hand 6: the game ended in hand 5 when A cleared the summit; no more hands can be played"),
    ({**EXAMPLE, "hands": [{"went_out": "A", "pitched": [], "left": {"B": ["G7"], "C": []}}]},
     "hand 1: C did not go out, so C still holds at least one card (only the seat who went out empties its "
     "hand); list the cards C was left holding"),
    ({**EXAMPLE, "hands": [{"went_out": "A", "pitched": ["C"],
                            "left": {"B": ["G7"], "C": ["G1", "G2", "G3", "G4"]}}]},
     "hand 1: C pitched camp 1, staging at least 7 cards, then discarded, so C holds at most 3 of the 10 dealt, "
     "not 4"),
    ({"seats": ["A", "B"], "hands": [{"went_out": "A", "pitched": [], "left": {"B": ["G1"]}}] * 501},
     "'hands' lists 501 hands; a game file holds at most 500"),
    ({"seats": ["A", "B" * 41], "hands": []}, "seat name 'BBBB"),
    ({"seats": ["A", "B\x00"], "hands": []}, "seat name 'B\\x00' holds a line break or control character"),
    ({**EXAMPLE, "route": "north face"}, "route 'north face' is not a route"),
    ({"seats": ["A"], "hands": []}, "a table has 2 to 6 seats, not 1"),
    ({"seats": ["A", "B"]}, "needs 'hands'"),
    ({**EXAMPLE, "players": []}, "unknown key 'players'"),
    ([1, 2], "must be a JSON object"),
])
def test_score_errors_are_one_line_with_exit_status_2(capsys, tmp_path, doc, message):
    status, out, err = run(capsys, tmp_path, "score", doc, "--json")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_the_meld_checker_answers_valid_or_the_first_reason(capsys, tmp_path):
    doc = {"route": "ridge", "camp": 3, "groups": [["G7", "P7", "R:E6"], ["G7", "P7", "E7"]], "kept": ["D2"]}
    status, out, _ = run(capsys, tmp_path, "check", doc, "--json")
    assert status == 0 and json.loads(out) == {"valid": True}
    doc = {"route": "ridge", "camp": 5, "groups": [["G4", "P5", "E7", "D8"], ["G1", "P2", "E3", "D4"]],
           "kept": ["S9"]}
    assert check_file(doc) == {"valid": False, "reason": "run has a gap between 5 and 7"}
    doc = {"camp": 2, "groups": [["G7", "P7", "E7"], ["G1", "P2", "P3", "D4", "S5"]], "kept": ["S9"]}
    assert check_file(doc) == {"valid": False, "reason": "spread has two Pine cards"}
    assert format_check(check_file(doc)) == "Not valid: spread has two Pine cards."


def test_the_pitch_finder_answers_possible_groups_and_fatigue_left(capsys, tmp_path):
    doc = {"route": "sprint", "camp": 7, "hand": ["G2", "P2", "E2", "G5", "P5", "D5", "E9", "S9", "R", "D1", "W"]}
    status, out, _ = run(capsys, tmp_path, "check", doc, "--json")
    result = json.loads(out)
    assert status == 0 and set(result) == {"possible", "groups", "fatigue_left"}
    assert result["possible"] is True and result["fatigue_left"] == 11
    assert sorted(sorted(g) for g in result["groups"]) == [["D5", "G5", "P5"], ["E2", "G2", "P2"],
                                                           ["E9", "R:G9", "S9"]]
    # The groups the finder shows pass the checker.
    assert check_file({"route": "sprint", "camp": 7, "groups": result["groups"], "kept": ["D1", "W"]}) == {
        "valid": True}
    impossible = check_file({"camp": 10, "hand": ["G1", "P2", "W"]})
    assert impossible == {"possible": False, "groups": [], "fatigue_left": 13}


@pytest.mark.parametrize("doc, message", [
    ({"route": "sprint", "camp": 3, "hand": ["G1"]}, "camp 3 is not on the Sprint route (camps 1, 2, 5, 7, 9)"),
    ({"camp": 11, "hand": ["G1"]}, "camp 11 is not on the Ridge route"),
    ({"camp": True, "hand": ["G1"]}, "camp True is not on the Ridge route"),
    ({"camp": 1, "hand": ["G1", "Q1"]}, "hand, card 2: 'Q1' is not a card code"),
    ({"camp": 1, "hand": ["G1", "R:G2"]}, "hand, card 2: R:G2 is a declared Rope; a Rope in hand is written R"),
    ({"camp": 1, "hand": ["G1"] * 13}, "the hand has 13 cards; a hand holds at most 12"),
    ({"camp": 1, "hand": ["G1", "G1", "G1"]}, "the hand is impossible: only two Glacier 1 cards exist"),
    ({"camp": 1, "groups": [["G1"]], "kept": ["R:G1"]}, "kept, card 1: R:G1 is a declared Rope"),
    ({"camp": 1, "groups": [["G1"]]}, "'kept' is missing"),
    ({"camp": 1, "groups": [["G1"]], "kept": [], "hand": []}, "give either 'groups' and 'kept'"),
    ({"camp": 1}, "give either 'groups' and 'kept' to check a pitch, or 'hand' to find one"),
    ({"camp": 1, "hand": [], "kept": []}, "'kept' goes with 'groups'"),
    ({"hand": []}, "needs 'camp'"),
    ({"camp": 1, "groups": "G1 G2"}, "'groups' must be a list of groups"),
    # Cards that cannot all be in one hand are not a pitch at all (docs/rulings.md, "The supply").
    ({"camp": 7, "groups": [["G1", "P1", "E1"], ["G1", "P1", "E1"], ["G1", "S1", "D1"]], "kept": ["D4"]},
     "the cards staged and kept are impossible: only two Glacier 1 cards exist, but 3 are listed"),
    ({"camp": 7, "groups": [["R:G1"] * 3, ["R:G2"] * 3, ["R:G3", "G3"]], "kept": ["D4"]},
     "the cards staged and kept are impossible: only six Ropes exist, but 7 are listed"),
    ({"camp": 7, "groups": [["G1"]] * 100_000, "kept": ["D4"]},
     "'groups' has 100,000 groups; they are staged from one hand, which holds at most 12 cards"),
    ({"camp": 7, "groups": [["G1"] * 100_000], "kept": ["D4"]},
     "100,001 cards are staged and kept, but a hand holds at most 12"),
    ({"camp": 7, "groups": [["G1", "P1", "E1"], ["G2", "P2", "E2"], ["G3", "P3", "E3", "S3"]],
      "kept": ["D4", "D5", "D6"]},
     "13 cards are staged and kept, but a hand holds at most 12"),
    ({"camp": 1, "hand": ["G1"] * 100_000}, "the hand has 100,000 cards; a hand holds at most 12"),
])
def test_check_errors_are_one_line_with_exit_status_2(capsys, tmp_path, doc, message):
    status, out, err = run(capsys, tmp_path, "check", doc, "--json")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_a_wrong_pitch_is_an_answer_not_an_error():
    # A Whiteout or an undeclared Rope in a group, or the wrong number of groups, is a reason the pitch is
    # not valid.
    assert check_file({"camp": 7, "groups": [["G1", "P1", "W"], ["G2", "P2", "E2"], ["G3", "P3", "E3"]],
                       "kept": ["D4"]})["reason"].startswith("set has a Whiteout")
    assert check_file({"camp": 7, "groups": [["G1", "P1", "E1"], ["G2", "P2", "E2"]],
                       "kept": ["D4"]})["reason"] == "camp 7 needs 3 groups (set of 3, set of 3, set of 3), not 2"
