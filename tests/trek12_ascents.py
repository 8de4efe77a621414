"""A whole Trek 12 Ascent of random legal moves, for tests that need a finished sheet (the review, History)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.games.trek12 import session as engine
from companion.games.trek12.rules import Roll, legal_actions


def random_ascent(setup: dict, seed: int, *, keep: Callable[[Any], bool] = lambda action: True) -> list[dict]:
    """The turns, as stored, of an Ascent played to the last circle by seeded random legal moves (of those
    `keep` accepts: a test may leave out the ones that need a choice on screen)."""
    rng, table, docs = random.Random(seed), engine.start(setup), []
    while not table.complete:
        actions = [a for a in legal_actions(table.states[0], Roll.of(rng.randint(1, 6), rng.randint(0, 5)))
                   if keep(a)]
        if actions:
            docs.append({**rng.choice(actions).to_dict(), "player": 0})
            table = engine.apply(table, docs[-1])
    return docs
