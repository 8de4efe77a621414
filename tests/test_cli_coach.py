"""`companion coach trek12`: the answer's shape, turns that append to the game as they are, --stdio one
answer per line, and bad input as one line (exit 2) or as that line's {"error"}."""

from __future__ import annotations

import dataclasses
import io
import json
import subprocess
import sys

import pytest

from companion.cli import main
from companion.games.trek12.files import play_game
from companion.games.trek12.rules import ROLLS, Action, Roll, apply, legal_actions
from companion.games.trek12.scoring import score

GAME = {"sheet": "dunai", "ruleset": {"merge_lines": True},
        "turns": [{"dice": [3, 2], "op": "sum", "circle": 8}, {"dice": [4, 0], "op": "higher", "circle": 9}],
        "roll": [6, 3]}


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def write(tmp_path, doc, name="game.json"):
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    return str(path)


def check_answer(doc, answer):
    assert set(answer) == {"best", "moves", "ms"} | ({"schnapps"} if "schnapps" in doc.get("assists", ()) else set())
    assert isinstance(answer["ms"], float) and answer["ms"] >= 0
    moves = answer["moves"]
    assert 1 <= len(moves) <= 10
    assert answer["best"] == moves[0]["turn"]
    expected = [m["expected"] for m in moves]
    assert expected == sorted(expected, reverse=True)
    state = play_game({k: v for k, v in doc.items() if k != "roll"})
    legal = set(legal_actions(state, Roll.of(*doc["roll"])))
    for move in moves:
        assert Action.from_dict(move["turn"]) in legal
        # The turn goes into the game document as it is, and the game still replays.
        play_game({**{k: v for k, v in doc.items() if k != "roll"}, "turns": doc["turns"] + [move["turn"]]})


def test_json_answer_has_the_best_turn_and_at_most_ten_moves(capsys, tmp_path):
    status, out, err = run(capsys, "coach", "trek12", write(tmp_path, GAME), "--json", "--playouts", "150")
    assert status == 0 and err == ""
    check_answer(GAME, json.loads(out))


def test_the_same_document_gets_the_same_answer(capsys, tmp_path):
    path = write(tmp_path, GAME)
    first = json.loads(run(capsys, "coach", "trek12", path, "--json", "--playouts", "100")[1])
    again = json.loads(run(capsys, "coach", "trek12", path, "--json", "--playouts", "100")[1])
    assert first["moves"] == again["moves"]


def test_solo_and_cards_give_turns_with_max_links_and_card_plays(capsys, tmp_path):
    doc = {"sheet": "kagkot", "solo": "max", "assists": ["compass", "tent"], "turns": [], "roll": [5, 4]}
    status, out, _ = run(capsys, "coach", "trek12", write(tmp_path, doc), "--json", "--playouts", "100")
    assert status == 0
    check_answer(doc, json.loads(out))


def test_a_custom_sheet_and_the_rulebook_reading(capsys, tmp_path):
    sheet = {"name": "Loop", "circles": [{"id": i} for i in range(6)],
             "links": [[i, (i + 1) % 6] for i in range(6)], "op_limit": 2}
    doc = {"sheet": sheet, "ruleset": {"merge_lines": False},
           "turns": [{"dice": [2, 1], "op": "sum", "circle": 0}], "roll": [4, 2]}
    status, out, _ = run(capsys, "coach", "trek12", write(tmp_path, doc), "--json", "--playouts", "50")
    assert status == 0
    check_answer(doc, json.loads(out))


def test_a_schnapps_held_is_weighed_beside_the_moves(capsys, tmp_path):
    # One circle left: every value is exact, so the answer can be checked against the engine.
    sheet = {"name": "Loop", "circles": [{"id": i} for i in range(4)],
             "links": [[i, (i + 1) % 4] for i in range(4)], "op_limit": 2}
    turns = [{"dice": [2, 1], "op": "sum", "circle": 0}, {"dice": [4, 0], "op": "higher", "circle": 1},
             {"dice": [5, 0], "op": "higher", "circle": 2}]
    doc = {"sheet": sheet, "assists": ["schnapps"], "turns": turns, "roll": [6, 5]}
    status, out, _ = run(capsys, "coach", "trek12", write(tmp_path, doc), "--json", "--playouts", "50")
    assert status == 0
    answer = json.loads(out)
    check_answer(doc, answer)
    state = play_game({k: v for k, v in doc.items() if k != "roll"})
    without = dataclasses.replace(state, assists=())
    best = {roll: max(score(apply(without, a)).total for a in legal_actions(without, roll)) for roll in ROLLS}
    again = sum(best.values()) / 36
    keep = best[Roll.of(6, 5)] + 3
    assert answer["schnapps"] == {"drink": again > keep, "again": round(again, 2), "keep": round(keep, 2),
                                  "error": 0.0}
    status, out, _ = run(capsys, "coach", "trek12", write(tmp_path, doc), "--playouts", "50")
    assert out.splitlines()[-2].startswith("Schnapps: " + ("drink it" if again > keep else "keep this roll"))


def test_without_json_the_advice_is_readable(capsys, tmp_path):
    status, out, err = run(capsys, "coach", "trek12", write(tmp_path, GAME), "--playouts", "100")
    assert status == 0 and err == ""
    first = out.splitlines()[0]
    assert first.startswith("Best: ") and "in circle" in first and "expects" in first


@pytest.mark.parametrize("doc, words", [
    ("{not json", ["not valid JSON"]),
    ({**GAME, "roll": [7, 1]}, ["'roll'", "red die"]),
    ({k: v for k, v in GAME.items() if k != "roll"}, ["roll"]),
    ({**GAME, "roll": "6,3"}, ["'roll' must be [red, yellow]"]),
    ({**GAME, "turns": [{"dice": [3, 2], "op": "sum", "circle": 8}, {"dice": [1, 1], "op": "sum", "circle": 0}]},
     ["turn 2"]),
    ({**GAME, "sheet": "everest"}, ["unknown sheet"]),
    ({**GAME, "bonus": 1}, ["unknown field 'bonus'"]),
])
def test_bad_input_is_one_line_on_stderr_and_exit_2(capsys, tmp_path, doc, words):
    status, out, err = run(capsys, "coach", "trek12", write(tmp_path, doc), "--json")
    assert status == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("companion: error: ")
    for word in words:
        assert word in lines[0]


def test_a_full_sheet_and_usage_mistakes_are_refused(capsys, tmp_path):
    import random

    from companion.games.trek12.data import load_sheet
    from companion.games.trek12.rules import ROLLS, apply, new_game

    rng = random.Random(3)
    state = new_game(load_sheet("dunai"))
    turns = []
    while not state.complete:
        action = rng.choice(legal_actions(state, rng.choice(ROLLS)))
        turns.append(action.to_dict())
        state = apply(state, action)
    status, _, err = run(capsys, "coach", "trek12", write(tmp_path, {"sheet": "dunai", "turns": turns, "roll": [1, 1]}))
    assert status == 2 and "full" in err
    assert run(capsys, "coach", "trek12")[0] == 2                      # neither a file nor --stdio
    assert run(capsys, "coach", "trek12", "x.json", "--stdio")[0] == 2  # both
    assert run(capsys, "coach", "ridgeline", write(tmp_path, GAME))[0] == 2
    status, _, err = run(capsys, "coach", "trek12", write(tmp_path, GAME), "--playouts", "0")
    assert status == 2 and "--playouts" in err
    # A number of games no decision could play: refused in a line, not left to fill the memory.
    status, out, err = run(capsys, "coach", "trek12", write(tmp_path, GAME), "--playouts", "10" * 12)
    assert status == 2 and out == "" and err.count("\n") == 1 and "--playouts must be from 1 to 100,000" in err


def test_an_unknown_field_is_named_with_the_fields_a_coach_document_has(capsys, tmp_path):
    status, _, err = run(capsys, "coach", "trek12", write(tmp_path, {**GAME, "foo": 1}), "--json")
    assert status == 2
    assert err.strip().endswith("known: sheet, ruleset, solo, turns, assists, max_assists, last_ascent, roll"), err
    status, _, err = run(capsys, "coach", "trek12", write(tmp_path, {**GAME, "cash": ["rope"]}), "--json")
    assert status == 2 and "'cash' is for a finished game" in err
    status, out, _ = run(capsys, "coach", "trek12", write(tmp_path, {**GAME, "cash": None}), "--json",
                         "--playouts", "40")
    assert status == 0 and json.loads(out)["moves"]


def test_expected_figures_are_always_numbers_with_a_point(capsys, tmp_path):
    # On the last circle the values are exact, and a whole number came out as 17 rather than 17.0.
    ring = {"name": "Ring", "circles": [{"id": n} for n in range(5)],
            "links": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0]]}
    doc = {"sheet": ring, "ruleset": {"merge_lines": True}, "roll": [5, 0],
           "turns": [{"dice": [3, 0], "op": "higher", "circle": 0}, {"dice": [4, 0], "op": "higher", "circle": 1},
                     {"dice": [6, 1], "op": "sum", "circle": 4}, {"dice": [6, 0], "op": "higher", "circle": 3}]}
    status, out, _ = run(capsys, "coach", "trek12", write(tmp_path, doc), "--json")
    assert status == 0
    expected = [m["expected"] for m in json.loads(out)["moves"]]
    assert expected and all(isinstance(x, float) for x in expected), expected


def test_a_document_with_a_byte_order_mark_is_refused_in_words_a_player_can_act_on(capsys, tmp_path, monkeypatch):
    # Python's own words were "Unexpected UTF-8 BOM (decode using utf-8-sig)", for a programmer.
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(GAME).encode())
    status, out, err = run(capsys, "coach", "trek12", str(path), "--json")
    assert status == 2 and out == ""
    assert err == f"companion: error: {path} begins with a byte-order mark; save it as plain UTF-8, without one\n"
    stdin = io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + json.dumps(GAME).encode() + b"\n"))
    monkeypatch.setattr(sys, "stdin", stdin)
    status, out, err = run(capsys, "coach", "trek12", "--stdio")
    assert status == 0 and json.loads(out) == {
        "error": "the line begins with a byte-order mark; JSON text is plain UTF-8, without one"}


def test_stdio_stops_quietly_when_its_reader_goes_away():
    # `... --stdio | head -c 20`: the reader closes the pipe; the coach stops without a traceback.
    proc = subprocess.Popen([sys.executable, "-m", "companion", "coach", "trek12", "--stdio", "--playouts", "20"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdin.write(json.dumps(GAME).encode() + b"\n")
    proc.stdin.flush()
    proc.stdout.readline()
    proc.stdout.close()                   # the reader is gone
    try:
        for _ in range(3):
            proc.stdin.write(json.dumps(GAME).encode() + b"\n")
            proc.stdin.flush()
        proc.stdin.close()
    except BrokenPipeError:
        pass
    assert proc.wait(timeout=60) == 1
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert err == "", err


def test_stdio_answers_each_line_and_goes_on_after_a_bad_one(capsys, monkeypatch):
    lines = [json.dumps(GAME), "not json", "", json.dumps({**GAME, "roll": [9, 9]}),
             json.dumps({"sheet": "dhaulagiri", "turns": [], "roll": [1, 0]})]
    stdin = io.TextIOWrapper(io.BytesIO(("\n".join(lines) + "\n").encode()))
    monkeypatch.setattr(sys, "stdin", stdin)
    status, out, err = run(capsys, "coach", "trek12", "--stdio", "--playouts", "60")
    assert status == 0 and err == ""
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == 4  # the blank line gets no answer
    check_answer(GAME, answers[0])
    assert "not valid JSON" in answers[1]["error"]
    assert "red die" in answers[2]["error"]
    check_answer({"sheet": "dhaulagiri", "turns": [], "roll": [1, 0]}, answers[3])


def test_stdio_says_where_a_line_cut_short_ends(capsys, monkeypatch):
    # It said "at column 1" (of the line after it, the line break being read as part of the document).
    cut = '{"sheet": "dunai", "turns": [], "roll": [1,'
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO((cut + "\n" + cut + "\r\n").encode())))
    status, out, _ = run(capsys, "coach", "trek12", "--stdio")
    assert status == 0
    assert [json.loads(line) for line in out.splitlines()] == \
        [{"error": f"not valid JSON: Expecting value at column {len(cut) + 1}"}] * 2


def test_stdio_answers_a_fault_of_its_own_as_that_lines_error_and_goes_on(capsys, monkeypatch):
    # A program driving whole games must not lose its conversation to one document the coach fails on (a
    # bug): that line gets an error saying so, the traceback goes to stderr, and the next line is answered.
    from companion.games.trek12 import files

    real = files.coach_file

    def flaky(doc, *args, **kwargs):
        if doc.get("roll") == [1, 1]:
            raise IndexError("tuple index out of range")
        return real(doc, *args, **kwargs)

    monkeypatch.setattr(files, "coach_file", flaky)
    lines = [json.dumps({**GAME, "roll": [1, 1]}), json.dumps(GAME)]
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(("\n".join(lines) + "\n").encode())))
    status, out, err = run(capsys, "coach", "trek12", "--stdio", "--playouts", "40")
    assert status == 0
    first, second = [json.loads(line) for line in out.splitlines()]
    assert first == {"error": "the coach failed on this document (a fault in the program: IndexError: tuple index "
                              "out of range); the next lines are still read"}
    check_answer(GAME, second)
    assert "Traceback" in err and "IndexError" in err


def test_stdio_talks_line_by_line_with_a_program():
    # A real pipe: each answer arrives (flushed) before the next document is sent.
    proc = subprocess.Popen([sys.executable, "-m", "companion", "coach", "trek12", "--stdio", "--playouts", "40"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for doc in (GAME, {"sheet": "kagkot", "turns": [], "roll": [2, 2]}):
            proc.stdin.write(json.dumps(doc) + "\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())
            assert answer["best"] == answer["moves"][0]["turn"]
        proc.stdin.write("[1, 2]\n")
        proc.stdin.flush()
        assert "error" in json.loads(proc.stdout.readline())
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
        proc.stdout.close()
        proc.stderr.close()


def test_the_coach_benchmark_prints_a_line_per_sheet(capsys):
    from companion.bench import coach as bench

    assert bench.main(["--sheet", "kagkot", "--games", "2", "--playouts", "20", "--ruleset", "rulebook"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Trek 12 coach (coach, 20 playouts, rulebook reading), 2 games per sheet")
    assert out[1].startswith("Kagkot") and "mean" in out[1] and "median" in out[1] and "p90" in out[1]
    # The same seed plays the same games.
    assert bench.play_game(bench.load_sheet("dunai"), True, 0, 1, "policy")[0] == \
        bench.play_game(bench.load_sheet("dunai"), True, 0, 1, "policy")[0]


def test_the_coach_benchmark_marks_a_sheet_played_on_its_learned_value_and_can_leave_it_out(tmp_path, capsys):
    from companion.bench import coach as bench

    record = tmp_path / "runs.jsonl"
    for extra in ([], ["--no-value"]):
        assert bench.main(["--sheet", "kagkot", "--sheet", "dunai", "--games", "1", "--playouts", "30",
                           "--record", str(record), *extra]) == 0
    out = capsys.readouterr().out.splitlines()
    lines = [line for line in out if "mean" in line]
    assert [line.split("  ")[0].strip() for line in lines] == ["Kagkot (v)", "Dunai", "Kagkot", "Dunai"]
    rows = [json.loads(line) for line in record.read_text().splitlines()]
    assert [(r["sheet"], r["value"]) for r in rows] == [("kagkot", True), ("dunai", False),
                                                        ("kagkot", False), ("dunai", False)]


def test_the_coach_benchmark_records_games_and_compares_two_runs_pair_by_pair(tmp_path, capsys):
    from companion.bench import coach as bench

    record = tmp_path / "policy.jsonl"
    assert bench.main(["--sheet", "kagkot", "--games", "3", "--method", "policy", "--record", str(record)]) == 0
    rows = [json.loads(line) for line in record.read_text().splitlines()]
    sheet = bench.load_sheet("kagkot")
    policy = [bench.play_game(sheet, True, g, 1, "policy")[0] for g in range(3)]
    assert [(r["sheet"], r["game"], r["total"]) for r in rows] == [("kagkot", g, t) for g, t in enumerate(policy)]
    capsys.readouterr()

    # The same method on games 1-3: the two it shares with the record pair up exactly.
    assert bench.main(["--sheet", "kagkot", "--games", "3", "--first", "1", "--method", "policy",
                       "--compare", str(record)]) == 0
    assert "+0.00 ± 0.00 per game (paired, 2 games" in capsys.readouterr().out

    # Random play on the same dice: each game's difference from the recorded policy game.
    assert bench.main(["--sheet", "kagkot", "--games", "3", "--method", "random", "--compare", str(record)]) == 0
    random_totals = [bench.play_game(sheet, True, g, 1, "random")[0] for g in range(3)]
    diff = sum(r - p for r, p in zip(random_totals, policy)) / 3
    assert diff < -20
    assert f"against {record}: {diff:+.2f} ± " in capsys.readouterr().out

    # A single pair: its difference, with no error to give.
    assert bench.main(["--sheet", "kagkot", "--games", "1", "--first", "2", "--method", "random",
                       "--compare", str(record)]) == 0
    assert f"against {record}: {random_totals[2] - policy[2]:+.2f} per game (paired, 1 game;" in capsys.readouterr().out

    # Other dice (another seed) pair with nothing.
    assert bench.main(["--sheet", "kagkot", "--games", "1", "--seed", "2", "--method", "policy",
                       "--compare", str(record)]) == 0
    assert "no recorded game of this sheet on the same dice (seed 2, merge reading)" in capsys.readouterr().out


def test_the_coach_benchmark_refuses_a_file_that_is_not_a_record(tmp_path, capsys):
    from companion.bench import coach as bench

    bad = tmp_path / "notes.txt"
    bad.write_text('{"sheet": "kagkot", "ruleset": "merge", "seed": 1, "game": 0, "total": 50}\nhello\n')
    with pytest.raises(SystemExit) as stop:
        bench.main(["--sheet", "kagkot", "--games", "1", "--method", "policy", "--compare", str(bad)])
    assert stop.value.code == 2
    assert f"--compare: {bad}, line 2: not a recorded game" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench.main(["--games", "1", "--compare", str(tmp_path / "missing.jsonl")])
    assert "--compare: " in capsys.readouterr().err
