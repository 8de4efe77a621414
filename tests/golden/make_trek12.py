"""Write the Trek 12 golden playthroughs: `uv run python tests/golden/make_trek12.py`.

Each file in tests/golden/trek12/ is one seeded game played with uniformly chosen legal moves: its setup
and, after every turn, the turn itself, both sheets (numbers, lines, zones), the option boxes, the cards
and the score. tests/test_trek12_golden.py replays the turns and compares every step, so any change in
the rules' behaviour shows up as a diff to review (and, when intended, to regenerate with this script).
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.games.trek12.files import play_game
from companion.games.trek12.rules import ROLLS, Assist, State, apply, legal_actions
from companion.games.trek12.scoring import score
from companion.games.trek12.solo import max_score

FOLDER = Path(__file__).resolve().parent / "trek12"

HOME_SHEET = {
    "name": "Practice Wall",
    "summit": 20,
    "circles": [{"id": i * 10, "x": i % 3, "y": i // 3, "dangerous": i in (2, 6)} for i in range(8)],
    "links": [[0, 10], [10, 20], [0, 30], [10, 40], [20, 50], [30, 40], [40, 50], [30, 60], [40, 70],
              [60, 70], [10, 30]],
    "op_limit": 2,
    "source": "a small wall for the tests",
}

# name -> (setup of the game document without turns, seed, chance of using a card when one can be used)
SCENARIOS: dict[str, tuple[dict[str, Any], int, float]] = {
    "dunai-seed1": ({"sheet": "dunai"}, 1, 0.0),
    "kagkot-merge-seed2": ({"sheet": "kagkot", "ruleset": {"merge_lines": True}}, 2, 0.0),
    "dhaulagiri-max-seed3": ({"sheet": "dhaulagiri", "solo": "max"}, 3, 0.0),
    "dunai-cards-seed4": ({"sheet": "dunai", "assists": ["compass", "rope", "tent"]}, 4, 0.5),
    "kagkot-max-cards-seed5": ({"sheet": "kagkot", "solo": "max", "assists": ["rope"], "max_assists": 1}, 5, 0.5),
    "home-sheet-seed6": ({"sheet": HOME_SHEET}, 6, 0.0),
}


def snapshot(state: State) -> dict[str, Any]:
    """Everything a player sees after a turn, as JSON."""
    out: dict[str, Any] = {
        "cells": {str(k): v for k, v in sorted(state.board.cells().items())},
        "lines": [list(line) for line in state.board.fixed_lines()],
        "ropes": [list(pair) for pair in state.board.ropes],
        "zones": [list(zone) for zone in state.board.zone_list()],
        "ops": list(state.ops),
        "tents": state.tents,
        "assists": None if state.assists is None else [card.value for card in state.assists],
        "earned": state.earned,
        "score": score(state).to_dict(),
    }
    if state.max_board is not None:
        out["max"] = {
            "cells": {str(k): v for k, v in sorted(state.max_board.cells().items())},
            "lines": [list(line) for line in state.max_board.fixed_lines()],
            "zones": [list(zone) for zone in state.max_board.zone_list()],
            "assists": state.max_assists,
            "earned": state.max_earned,
            "score": max_score(state).to_dict(),
        }
    return out


def play(setup: dict[str, Any], seed: int, card_chance: float) -> list[dict[str, Any]]:
    """One seeded game: uniform legal moves, sometimes a card, a card taken whenever one is earned."""
    rng = random.Random(seed)
    state = play_game(dict(setup, turns=[]))
    steps = []
    while not state.complete:
        actions = legal_actions(state, rng.choice(ROLLS))
        with_cards = [a for a in actions if a.assists]
        if with_cards and rng.random() < card_chance:
            action = rng.choice(with_cards)
        else:
            action = rng.choice([a for a in actions if not a.assists])
        after = apply(state, action)
        if after.earned and after.assists is not None:
            take = rng.choice(list(Assist))
            give_back = rng.choice(after.assists) if len(after.assists) >= 3 else None
            action = replace(action, take=take, give_back=give_back)
            after = apply(state, action)
        state = after
        steps.append({"turn": action.to_dict(), **snapshot(state)})
    return steps


def document(name: str) -> dict[str, Any]:
    """The golden file's content for one scenario."""
    setup, seed, chance = SCENARIOS[name]
    return {"about": f"Trek 12 golden playthrough {name}; written by tests/golden/make_trek12.py",
            "setup": setup, "seed": seed, "steps": play(setup, seed, chance)}


def main() -> int:
    """Write every scenario's file."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name in SCENARIOS:
        path = FOLDER / f"{name}.json"
        path.write_text(json.dumps(document(name), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(FOLDER.parents[2])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
