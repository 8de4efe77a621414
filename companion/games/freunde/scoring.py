"""Freunde's end of game ('Score'): each climber scores the best victory points it reached, 1 if it died;
a player scores both climbers; the highest total wins, a tie goes to the tied player whose climber reached
the summit first, and otherwise the tied players share the win. Solo games get a rank instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.freunde.data import SoloRank
from companion.games.freunde.rules import Climber, ClimberLabel, PlayerIndex, State
from companion.games.freunde.solo import solo_rank

__all__ = ["ClimberScore", "PlayerScore", "ScoreBreakdown", "climber_score", "score"]


@dataclass(frozen=True)
class ClimberScore:
    """One climber's part of the score."""

    label: ClimberLabel
    best_vp: int
    alive: bool
    score: int
    summit_at: tuple[int, int] | None      # (turn, action number) of its first arrival on the summit
    died_turn: int | None


@dataclass(frozen=True)
class PlayerScore:
    """One player's score: both climbers and the total."""

    index: PlayerIndex
    name: str
    id: str | None
    climbers: tuple[ClimberScore, ...]
    total: int
    first_summit: tuple[int, int] | None   # earliest summit arrival of a climber still alive


@dataclass(frozen=True)
class ScoreBreakdown:
    """The score of every player, the winners and how the tie was broken, and the solo rank."""

    players: tuple[PlayerScore, ...]
    finished: bool
    ended_early: bool
    winners: tuple[PlayerIndex, ...]       # empty until the game is over, and in solo games
    tie_break: str | None                  # "summit" when the summit rule decided, "shared" for a draw
    solo_rank: SoloRank | None


def climber_score(climber: Climber) -> int:
    """Best victory points reached, or 1 for a climber that died ('His score drops to 1 if he dies')."""
    return climber.best_vp if climber.alive else 1


def score(state: State) -> ScoreBreakdown:
    """Score every player; winners and the solo rank once the game is over ('Score', solo rank table)."""
    players = []
    for index, player in enumerate(state.players):
        climbers = tuple(
            ClimberScore(c.label, c.best_vp, c.alive, climber_score(c), c.summit_at, c.died_turn)
            for c in player.climbers
        )
        # A dead climber's victory-point pawn drops to 1, so it no longer sits on the summit flag.
        summits = [c.summit_at for c in player.climbers if c.alive and c.summit_at is not None]
        players.append(PlayerScore(index, player.name, player.id, climbers,
                                   sum(c.score for c in climbers), min(summits) if summits else None))
    winners: tuple[PlayerIndex, ...] = ()
    tie_break = None
    if state.over and not state.setup.solo:
        best = max(p.total for p in players)
        leaders = [p for p in players if p.total == best]
        if len(leaders) == 1:
            winners = (leaders[0].index,)
        else:
            summiteers = [p for p in leaders if p.first_summit is not None]
            if summiteers:
                first = min(summiteers, key=lambda p: p.first_summit)  # type: ignore[arg-type,return-value]
                winners, tie_break = (first.index,), "summit"
            else:
                winners, tie_break = tuple(p.index for p in leaders), "shared"
    rank = solo_rank(state) if state.over else None
    return ScoreBreakdown(tuple(players), state.over, state.ended_early, winners, tie_break, rank)
