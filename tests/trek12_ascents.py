"""Whole Trek 12 Ascents of random legal moves, for tests that need a finished sheet (the review, History, the
cards cashed at the end)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.games.trek12 import session as engine
from companion.games.trek12.rules import ROLLS, Roll, legal_actions


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


def fill_sheets(keeper, session_id: str, seed: int = 4):
    """Every sheet of a game under way (a `SessionKeeper`'s) filled with random legal turns, no card played or
    taken: the table at the Ascent's end."""
    rng = random.Random(seed)
    table = keeper.state(session_id)
    while not table.complete:
        seat = engine.current_player(table)
        roll = table.roll or rng.choice(ROLLS)
        moves = [m for m in legal_actions(table.states[seat], roll) if not m.assists and m.take is None]
        keeper.act(session_id, dict(rng.choice(moves).to_dict(), player=seat))
        table = keeper.state(session_id)
    return table
