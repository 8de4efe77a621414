"""Golden Trek 12 playthroughs (DESIGN.md item 8): replay each recorded game turn by turn and compare the
sheets, boxes, cards and score after every turn with the transcript written by tests/golden/make_trek12.py."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from companion.games.trek12.files import play_game, score_file
from companion.games.trek12.rules import Action, apply

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = sorted((GOLDEN / "trek12").glob("*.json"))


def _maker():
    spec = importlib.util.spec_from_file_location("make_trek12", GOLDEN / "make_trek12.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MAKER = _maker()


def test_every_scenario_has_its_golden_file():
    assert sorted(p.stem for p in FILES) == sorted(MAKER.SCENARIOS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_replaying_the_turns_gives_the_recorded_transcript(path):
    golden = json.loads(path.read_text(encoding="utf-8"))
    state = play_game(dict(golden["setup"], turns=[]))
    for n, step in enumerate(golden["steps"], 1):
        state = apply(state, Action.from_dict(step["turn"]))
        expected = {k: v for k, v in step.items() if k != "turn"}
        assert MAKER.snapshot(state) == expected, f"{path.stem}: turn {n} differs"
    assert state.complete
    # The command line scores the same game to the same final numbers.
    result = score_file(dict(golden["setup"], turns=[s["turn"] for s in golden["steps"]]))
    assert {k: v for k, v in result.items() if k not in ("max", "winner")} == golden["steps"][-1]["score"]


@pytest.mark.parametrize("name", ["dunai-seed1", "dhaulagiri-max-seed3"])
def test_the_script_reproduces_its_files(name):
    on_disk = json.loads((GOLDEN / "trek12" / f"{name}.json").read_text(encoding="utf-8"))
    assert MAKER.document(name) == on_disk
