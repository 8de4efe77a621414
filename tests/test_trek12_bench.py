"""`companion bench trek12` runs and prints its three figures (their values are not judged here)."""

from __future__ import annotations

import random

from companion.bench import trek12 as bench
from companion.games.trek12.data import load_sheet


def test_the_benchmark_prints_its_three_figures(capsys):
    assert bench.main(["--games", "5", "--sheet", "kagkot", "--solo"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Trek 12 engine on kagkot with Max")
    assert out[1].startswith("apply + rescore:") and " us per turn" in out[1]
    assert out[2].startswith("legal moves, mid-game:") and "moves on average" in out[2]
    assert out[3].startswith("random complete games:") and "games/s" in out[3]


def test_a_benchmark_game_is_a_complete_legal_game():
    sheet = load_sheet("dhaulagiri")
    # The same seed gives the same game, so the benchmark's work is reproducible.
    assert bench.random_game(sheet, random.Random(3)) == bench.random_game(sheet, random.Random(3))
    assert isinstance(bench.random_game(sheet, random.Random(4), solo=True), int)
