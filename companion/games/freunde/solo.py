"""Freunde's solo game (rulebook, solo rules): the 2-player stacking limits, a risk token every turn, the
game over at once when a climber dies, and the rank table at the end.

Freunde has no automated opponent; the solo player plays against the rank table. The stacking limits and
the risk token are applied by `rules` (`StackingTable.limit`, `rules._reveal`); this module scores the end.
"""

from __future__ import annotations

from companion.games.freunde.data import GameData, SoloRank, load_data
from companion.games.freunde.rules import State
from companion.i18n.message import Message, msg

__all__ = ["is_solo", "solo_score", "solo_rank", "ended_by_death", "RANK_NAMES", "rank_name"]

# The English names of the solo ranks (data/freunde/solo_ranks.json), by rank id, in words to translate; the
# rank's printed name ("Himalaista") is the rulebook's and is shown as printed.
RANK_NAMES: dict[str, Message] = {
    # i18n: a solo rank (the rulebook's "Himalaista"): the best
    "himalaista": msg("Himalayan climber"),
    # i18n: a solo rank (the rulebook's "Alpinista"): the second best
    "alpinista": msg("Alpinist"),
    # i18n: a solo rank (the rulebook's "Taternik", a climber of the Tatra mountains): the third
    "taternik": msg("Tatra climber"),
    # i18n: a solo rank (the rulebook's "Żeglarz", a sailor: no mountaineer at all): the last
    "zeglarz": msg("Sailor"),
}


def rank_name(rank_id: object, name: object) -> str:
    """A solo rank's name for people: the translatable name of a shipped rank, any other name as it is."""
    known = RANK_NAMES.get(rank_id) if isinstance(rank_id, str) else None
    return known if known is not None and known == name else str(name)


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
