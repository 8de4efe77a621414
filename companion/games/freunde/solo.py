"""Freunde's solo game (rulebook, solo rules): the 2-player stacking limits, a risk token every turn, the
game over at once when a climber dies, and the rank table at the end.

Freunde has no automated opponent; the solo player plays against the rank table. The stacking limits and
the risk token are applied by `rules` (`StackingTable.limit`, `rules._reveal`); this module scores the end.
"""

from __future__ import annotations

from companion.games.freunde.data import GameData, SoloRank, load_data
from companion.games.freunde.rules import State

__all__ = ["is_solo", "solo_score", "solo_rank", "ended_by_death"]


def is_solo(state: State) -> bool:
    """True for a one-player game."""
    return state.setup.solo


def ended_by_death(state: State) -> bool:
    """True when a solo game ended before turn 18 because a climber died ('the game ends at once')."""
    return is_solo(state) and state.ended_early


def solo_score(state: State) -> int:
    """Both climbers' best victory points, 1 for a dead one (solo: survivor's points + 1 for the dead)."""
    from companion.games.freunde.scoring import climber_score

    return sum(climber_score(c) for c in state.players[0].climbers)


def solo_rank(state: State, data: GameData | None = None) -> SoloRank | None:
    """The rank the solo score earns for this route and weather season; None outside solo play."""
    if not is_solo(state):
        return None
    table = (data or load_data()).solo
    return table.rank(solo_score(state), state.board.route, state.setup.season)
