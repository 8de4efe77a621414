"""What the correction tests of every game share: a game replayed by its engine, and the entries as saved."""

from __future__ import annotations

from typing import Any


def replay_game(engine: Any, setup: dict, docs: list[dict]) -> Any:
    """The state after these entries, from the setup, by the game's own engine."""
    state = engine.start(setup)
    for doc in docs:
        state = engine.apply(state, doc)
    return state


def saved(store: Any, game_id: str) -> list[dict]:
    """The game's entries as saved (during a correction: the game untouched by it)."""
    return store.sessions.get(game_id)["actions"]
