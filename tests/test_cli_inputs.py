"""The hostile inputs the command line must refuse in one short line (exit status 2), each shape on its own.

tests/test_cli_fuzz.py throws bent files at every command; here every shape that once gave a traceback, hung
or ran for long has a plain test, on the command it was found with.
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest

from companion.cli import MAX_ERROR_LINE, main, one_line


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def refused(capsys, *argv: str) -> str:
    """Run a command that must be refused; its one line of error, without the 'companion: error: ' prefix."""
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "", (status, out, err)
    assert err.endswith("\n") and err.count("\n") == 1, err[:500]
    assert len(err) - 1 <= MAX_ERROR_LINE, err[:500]
    assert err.startswith("companion: error: ")
    return err[len("companion: error: "):-1]


def write(tmp_path: Path, text: str, name: str = "file.json") -> str:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return str(path)


GAMES = ["trek12", "expedition", "14ers", "ridgeline", "freunde"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("command", ["score", "check"])
def test_a_number_of_thousands_of_digits_anywhere_is_refused(capsys, tmp_path, command, game):
    line = refused(capsys, command, game, write(tmp_path, '{"x": [' + "7" * 5000 + "]}"))
    assert "a whole number of 5,000 digits" in line or "there is no check" in line


@pytest.mark.parametrize("game", GAMES)
def test_duplicate_keys_are_refused_naming_the_key(capsys, tmp_path, game):
    assert "the key 'Ann' appears twice in one object" in refused(
        capsys, "score", game, write(tmp_path, '{"players": {"Ann": 70, "Ann": 80}}'))


def test_the_expedition_example_with_a_score_given_twice(capsys, tmp_path):
    doc = ('{"players": ["Ann", "Bob"], "ascents": [{"sheet": "dunai", '
           '"scores": {"Ann": 70, "Bob": 60, "Ann": 80}}]}')
    assert refused(capsys, "score", "expedition", write(tmp_path, doc)).startswith("the key 'Ann' appears twice")


@pytest.mark.parametrize("flags", [(), ("--json",)])
def test_a_broken_character_in_a_key_or_a_name_is_refused_in_either_output(capsys, tmp_path, flags):
    for doc in ('{"seats": ["\\ud800", "B"], "hands": []}', '{"\\udc00": 1}',
                '{"players": ["Ann\\udfff"], "ascents": []}'):
        assert "broken character" in refused(capsys, "score", "ridgeline", write(tmp_path, doc), *flags)


def test_an_import_of_a_device_or_a_fifo_is_refused_unread(capsys, tmp_path):
    started = time.perf_counter()
    line = refused(capsys, "import", "/dev/zero", "--data-dir", str(tmp_path / "data"))
    assert line == "/dev/zero is a device, not a file; a backup is read only from a regular file"
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.json"
        os.mkfifo(fifo)
        done: list[str] = []
        worker = threading.Thread(target=lambda: done.append(refused(capsys, "score", "ridgeline", str(fifo))),
                                  daemon=True)
        worker.start()
        worker.join(timeout=20)
        assert done and "is a FIFO (named pipe), not a file" in done[0]
    assert time.perf_counter() - started < 20


def test_a_file_over_its_formats_limit_is_refused_before_it_is_read(capsys, tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(40 * 1024 * 1024)
    started = time.perf_counter()
    assert refused(capsys, "score", "14ers", str(big)) == f"{big} is 40 MB; a 14ers file is at most 4 MB"
    assert refused(capsys, "score", "ridgeline", str(big)) == f"{big} is 40 MB; a Ridgeline file is at most 1 MB"
    assert time.perf_counter() - started < 5


def test_standard_input_is_read_up_to_the_limit(capsys, monkeypatch):
    import io
    import sys

    class Stdin:
        buffer = io.BytesIO(b" " * (2 * 1024 * 1024))

    monkeypatch.setattr(sys, "stdin", Stdin)
    assert refused(capsys, "score", "ridgeline", "-") == (
        "standard input holds more than 1 MB; a Ridgeline file is at most 1 MB")
    Stdin.buffer = io.BytesIO(json.dumps({"seats": ["A", "B"], "hands": []}).encode())
    assert run(capsys, "score", "ridgeline", "-", "--json")[1] == '{"hands": [], "over": false, "winner": []}\n'


def test_an_error_line_is_one_line_of_at_most_300_characters_whatever_the_message():
    line = one_line("companion: error: " + "x\n\ty " * 1000 + "\ud800\x00")
    assert "\n" not in line and len(line) == MAX_ERROR_LINE and line.endswith("…")
    assert one_line("companion: error: a \ud800 b \x07") == "companion: error: a \\ud800 b \\x07"
    assert one_line("short") == "short"


@pytest.mark.parametrize("path, words", [
    ("/dev/zero", "catalog: /dev/zero is a device, not a file; a catalog file is read only from a regular file"),
    ("~nobody-here/cards.json", "catalog: no such file '~nobody-here/cards.json'"),
    ("a\x00b", "catalog: no such file 'a\\x00b'"),
    ("x" * 5000, "catalog: cannot read 'xxxxx"),
])
def test_a_14ers_catalog_path_is_read_through_the_same_door(capsys, tmp_path, path, words):
    doc = {"catalog": path, "players": [{"name": "Ann", "hiker": "A"}]}
    assert refused(capsys, "score", "14ers", write(tmp_path, json.dumps(doc))).startswith(words)


def test_a_14ers_catalog_path_naming_a_fifo_does_not_hang(capsys, tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("FIFOs are POSIX")
    os.mkfifo(tmp_path / "cards.json")
    doc = {"catalog": str(tmp_path / "cards.json"), "players": [{"name": "Ann", "hiker": "A"}]}
    done: list[str] = []
    worker = threading.Thread(target=lambda: done.append(
        refused(capsys, "score", "14ers", write(tmp_path, json.dumps(doc)))), daemon=True)
    worker.start()
    worker.join(timeout=20)
    assert done and "cards.json is a FIFO (named pipe), not a file" in done[0]


@pytest.mark.parametrize("circles, words", [
    ({"9" * 5000: 1}, "'circles' key: '99999"),
    ({"--5": 1}, "'circles' key: '--5' is not a circle id"),
    ({"²": 1}, "'circles' key: '²' is not a circle id"),
])
def test_a_trek12_circle_id_that_is_no_number_is_refused(capsys, tmp_path, circles, words):
    doc = {"sheet": "dunai", "circles": circles}
    assert words in refused(capsys, "score", "trek12", write(tmp_path, json.dumps(doc)))
    turn = {"sheet": "dunai", "turns": [{"dice": [3, 2], "op": "sum", "circle": next(iter(circles))}]}
    assert "is not a circle id" in refused(capsys, "score", "trek12", write(tmp_path, json.dumps(turn)))


def test_a_home_made_sheets_bonus_sizes_stay_within_a_sheet(capsys, tmp_path):
    sheet = {"circles": [{"id": 0}, {"id": 1}], "bonus": {"3": 1, "99999999999": 2}}
    assert refused(capsys, "check", "trek12", write(tmp_path, json.dumps(sheet))) == (
        "sheet file: field 'bonus' key '99999999999' must be a size such as \"3\", from 1 to 400 circles")


def test_three_huge_expedition_scores_are_refused_not_summed(capsys, tmp_path):
    doc = {"players": ["Ann", "Bob"], "ascents": [{"sheet": sheet, "scores": {"Ann": 10**29, "Bob": 1}}
                                                  for sheet in ("dunai", "kagkot", "dhaulagiri")]}
    assert refused(capsys, "score", "expedition", write(tmp_path, json.dumps(doc))) == (
        "ascents[0]: 'scores': Ann's score must be between -999 and 999 (a sheet scores far inside that), "
        "not 100000000000000000000000000000")
    doc = {"players": ["Ann", "Bob"], "records": {"dunai": -1000}, "ascents": []}
    assert "'records.dunai' must be between -999 and 999" in refused(
        capsys, "score", "expedition", write(tmp_path, json.dumps(doc)))


@pytest.mark.parametrize("name, words", [
    ("Ann\x00", "the name 'Ann\\x00' holds a line break or control character"),
    ("A" * 100_000, "'name' must be 1-40 characters, not 'AAAA"),
])
def test_an_expedition_name_is_one_short_line(capsys, tmp_path, name, words):
    doc = {"players": ["Bob", name], "ascents": []}
    assert words in refused(capsys, "score", "expedition", write(tmp_path, json.dumps(doc)))


def _fourteeners(**changes):
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from test_fourteeners_files import example

    return json.loads(json.dumps(example(**changes)))      # a copy: the example's catalog is shared


def test_a_14ers_file_of_thousands_of_cards_is_refused_before_they_are_read(capsys, tmp_path):
    doc = _fourteeners()
    doc["players"][0]["tucked"] = doc["players"][0]["tucked"] * 20_000
    started = time.perf_counter()
    assert refused(capsys, "score", "14ers", write(tmp_path, json.dumps(doc))) == (
        "players[0]: 100,002 Climbs tucked or hired as Guides, but a player gains one Climb a turn for 9 rounds")
    doc = _fourteeners()
    doc["catalog"] = dict(doc["catalog"], cards=doc["catalog"]["cards"] * 3000)
    assert refused(capsys, "score", "14ers", write(tmp_path, json.dumps(doc))) == (
        "catalog: cards: 9,000 Class I cards, but the deck has 8")
    doc["catalog"]["cards"] = [{"class": 9}] * 40
    assert refused(capsys, "score", "14ers", write(tmp_path, json.dumps(doc))) == (
        "catalog: cards: 40 cards, but the deck has 39 Climbs")
    assert time.perf_counter() - started < 5


def test_a_capstone_never_takes_points_away(capsys, tmp_path):
    doc = _fourteeners()
    doc["catalog"]["cards"][2]["sides"]["capstone"] = {"points": -4}
    assert refused(capsys, "score", "14ers", write(tmp_path, json.dumps(doc))) == (
        "catalog: cards[2].sides.capstone: a Capstone scores a fixed number of points, 0 or more ('Climb Cards'), "
        "not -4")


@pytest.mark.parametrize("name, words", [
    ("Ann\x00", "players[0].name: the name 'Ann\\x00' holds a line break or control character"),
    ("A" * 100_000, "players[0].name: the name 'AAAA"),
])
def test_a_14ers_player_name_is_one_short_line(capsys, tmp_path, name, words):
    doc = _fourteeners()
    doc["players"][0]["name"] = name
    assert refused(capsys, "score", "14ers", write(tmp_path, json.dumps(doc))).startswith(words)


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-05:00"])
def test_an_import_with_a_time_beyond_the_calendar_is_refused(capsys, tmp_path, moment):
    backup = {"format": "companion-backup", "version": 1,
              "players": [{"id": "a" * 32, "name": "Ann", "colour": "#d62828", "removed": False, "created": moment}]}
    line = refused(capsys, "import", write(tmp_path, json.dumps(backup)), "--data-dir", str(tmp_path / "data"))
    assert line == (f"players[0] (id '{'a' * 32}'): field 'created' '{moment}' is not a time in UTC between the "
                    "years 1 and 9999")


def test_an_import_refuses_a_repeated_key_and_a_broken_character(capsys, tmp_path):
    text = '{"format": "companion-backup", "version": 1, "settings": {"theme": "dark", "theme": "light"}}'
    assert refused(capsys, "import", write(tmp_path, text), "--data-dir", str(tmp_path / "data")) == (
        "the key 'theme' appears twice in one object; give each key once")
    text = '{"format": "companion-backup", "version": 1, "settings": {"\\ud800": 1}}'
    assert "broken character" in refused(capsys, "import", write(tmp_path, text), "--data-dir", str(tmp_path / "d"))


@pytest.mark.parametrize("tile", [["summer-1"], {"id": "summer-1"}, 3])
def test_a_freunde_weather_tile_that_is_not_a_tiles_name_is_refused(capsys, tmp_path, tile):
    doc = {"setup": {"players": ["Ann", "Bob"]}, "weather": [{"tile": tile, "day": 1}], "turns": []}
    assert "unknown weather tile" in refused(capsys, "score", "freunde", write(tmp_path, json.dumps(doc)))


def test_a_freunde_name_is_one_line(capsys, tmp_path):
    doc = {"setup": {"players": ["Ann", "Bob\nCy"]}, "weather": [], "turns": []}
    assert refused(capsys, "score", "freunde", write(tmp_path, json.dumps(doc))) == (
        "setup.players[1]: the name 'Bob\\nCy' holds a line break or control character")


def test_names_a_result_shows_are_one_short_line(capsys, tmp_path):
    sheet = {"name": "Island\x00Peak", "circles": [{"id": 0}, {"id": 1}]}
    assert refused(capsys, "check", "trek12", write(tmp_path, json.dumps(sheet))) == (
        "sheet file: field 'name': 'Island\\x00Peak' holds a line break or control character")
    board = json.loads((Path(__file__).parents[1] / "data" / "freunde" / "board_summer.json").read_text("utf-8"))
    board["title"] = "T" * 100_000
    doc = {"setup": {"players": ["Ann"], "board": board}, "weather": [], "turns": []}
    assert refused(capsys, "score", "freunde", write(tmp_path, json.dumps(doc))).startswith(
        "setup.board: title: 'TTTT")
