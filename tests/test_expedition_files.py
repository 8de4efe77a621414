"""`companion score expedition FILE [--json]`: the output shape, and the files it refuses (exit status 2)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import InvalidInput
from companion.games.expedition.files import format_score, score_file

GOOD = {
    "players": ["Ann", "Bob"],
    "records": {"dunai": 80, "kagkot": None},
    "ascents": [
        {"sheet": "dunai", "scores": {"Ann": 70, "Bob": 82}},
        {"sheet": "kagkot", "scores": {"Ann": 75, "Bob": 60}},
    ],
}


def _run(tmp_path, doc, *flags):
    path = tmp_path / "expedition.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return main(["score", "expedition", str(path), *flags])


def test_json_output_shape(tmp_path, capsys):
    assert _run(tmp_path, GOOD, "--json") == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"players", "ascents", "totals", "records", "complete", "winner", "decided_by"}
    assert result["players"] == ["Ann", "Bob"]
    first = result["ascents"][0]
    assert set(first) == {"ascent", "sheet", "summit", "record_before", "scores", "stars", "new_record"}
    assert (first["ascent"], first["sheet"], first["summit"], first["record_before"]) == (1, "dunai", 65, 80)
    assert set(first["stars"]["Ann"]) == {"summit", "race", "record", "total"}
    # Two Ascents of three: no winner yet, and the records the two Ascents wrote.
    assert (result["complete"], result["winner"], result["decided_by"]) == (False, None, None)
    assert result["records"] == {"dunai": 82, "kagkot": 75, "dhaulagiri": None}


def test_text_output_names_every_star(tmp_path, capsys):
    assert _run(tmp_path, GOOD) == 0
    text = capsys.readouterr().out
    assert "Ascent 1: Dunai (summit 65+, record 80)" in text
    assert "Bob" in text and "summit 1  race 1  record 1  = 3 stars" in text
    assert "new record: 82 by Bob" in text
    assert "Records: Dunai 82, Kagkot 75, Dhaulagiri none" in text
    assert "Winner: not yet (2 of 3 Ascents scored)" in text


def test_text_output_of_a_shared_win():
    doc = {"players": ["Ann", "Bob"], "ascents": [
        {"sheet": "dunai", "scores": {"Ann": 60, "Bob": 60}},
        {"sheet": "kagkot", "scores": {"Ann": 60, "Bob": 60}},
        {"sheet": "dhaulagiri", "scores": {"Ann": 60, "Bob": 60}}]}
    assert format_score(score_file(doc)).endswith("Winner: Ann & Bob (stars and totals tied: shared)")


@pytest.mark.parametrize("doc, message", [
    ({**GOOD, "ascents": [{"sheet": "kagkot", "scores": {"Ann": 1, "Bob": 2}}]},
     "Ascent 1 is out of order: it must be Dunai (summit 65+), not Kagkot"),
    ({**GOOD, "ascents": [GOOD["ascents"][0], {"sheet": "dhaulagiri", "scores": {"Ann": 1, "Bob": 2}}]},
     "Ascent 2 is out of order: it must be Kagkot"),
    ({**GOOD, "ascents": [GOOD["ascents"][0], GOOD["ascents"][0]]}, "Ascent 2 is out of order"),
    ({**GOOD, "ascents": [{"sheet": "dunai", "scores": {"Ann": 1, "Bob": 2, "Cy": 3}}]},
     "unknown player 'Cy'; the players are Ann, Bob"),
    ({**GOOD, "ascents": [{"sheet": "dunai", "scores": {"Ann": 70.5, "Bob": 2}}]},
     "Ann's score must be a whole number, not 70.5"),
    ({**GOOD, "ascents": [{"sheet": "dunai", "scores": {"Ann": "70", "Bob": 2}}]}, "must be a whole number"),
    ({**GOOD, "ascents": [{"sheet": "dunai", "scores": {"Ann": True, "Bob": 2}}]}, "must be a whole number"),
    ({**GOOD, "ascents": [{"sheet": "dunai", "scores": {"Ann": 1}}]}, "no score for Bob"),
    ({**GOOD, "ascents": [{"sheet": "everest", "scores": {"Ann": 1, "Bob": 2}}]}, "unknown Ascent sheet 'everest'"),
    ({**GOOD, "records": {"dunai": 70.0}}, "'records.dunai' must be a score"),
    ({**GOOD, "records": {"k2": 70}}, "unknown sheet 'k2'"),
    ({**GOOD, "players": ["Ann", "ann"]}, "already taken"),
    ({**GOOD, "winner": "Ann"}, "unknown field 'winner'"),
    ({**GOOD, "ascents": GOOD["ascents"] * 2}, "has 3 Ascents, not 4"),
])
def test_refused_files_exit_2_naming_the_problem(tmp_path, capsys, doc, message):
    with pytest.raises(InvalidInput, match=re.escape(message)):
        score_file(doc)
    assert _run(tmp_path, doc, "--json") == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err and captured.err.count("\n") == 1


def test_comments_are_ignored_and_no_ascents_is_an_empty_expedition():
    result = score_file({"_note": "before the first Ascent", "players": ["Ann", "Max"], "ascents": []})
    assert result["ascents"] == [] and result["winner"] is None
    assert result["totals"] == {"Ann": {"stars": 0, "score": 0}, "Max": {"stars": 0, "score": 0}}


def test_one_player_alone_is_refused_since_solo_play_is_against_max():
    # Free Solo Mode: "face off against a seasoned alpinist named Max"; the file lists him as a player.
    with pytest.raises(InvalidInput, match="one player alone plays the Expedition against Max: list \"Max\" "
                                           "as the second player"):
        score_file({"players": ["Ann"], "ascents": []})


def test_the_documented_example_gives_the_documented_result():
    text = (Path(__file__).resolve().parents[1] / "docs" / "formats.md").read_text(encoding="utf-8")
    section = text.split("## Trek 12 Expeditions", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```json\n(.*?)```", section, re.S)
    result = score_file(json.loads(blocks[0]))
    documented = json.loads(blocks[1])
    assert result["ascents"][0] == documented["ascents"][0]
    for key in ("players", "totals", "records", "complete", "winner", "decided_by"):
        assert result[key] == documented[key], key
