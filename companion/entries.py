"""A game's entries in words, newest last: the history of a game in progress lists them (newest first) so a
player can find an old entry to edit or delete.

Pure: it folds the actions through the game's session module (`start`, `apply`, `describe_action`) and reads
no clock, file or screen.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from companion.games.words import UNRECOGNISED

__all__ = ["describe_entries"]


def describe_entries(engine: ModuleType, setup: dict[str, Any], actions: list[dict[str, Any]]) -> list[str]:
    """Each action in words, described from the state just before it (the fold of the setup and the actions
    before it). Once an action no longer applies (the engine refuses it), it and every later one are described
    from the last state reached, so an entry that broke the game can still be found and deleted; never
    raises. `engine` is a game's session module, e.g. `companion.games.trek12.session`."""
    # The engines refuse what they cannot play with CompanionError; anything else an old or edited entry
    # trips over is treated the same way, since the history must open whatever it holds.
    try:
        state = engine.start(setup)
    except Exception:  # noqa: BLE001
        return [UNRECOGNISED] * len(actions)
    words = []
    stuck = False
    for action in actions:
        words.append(engine.describe_action(state, action))
        if stuck:
            continue
        try:
            state = engine.apply(state, action)
        except Exception:  # noqa: BLE001 - as above: the entries after it keep the last state reached
            stuck = True
    return words
