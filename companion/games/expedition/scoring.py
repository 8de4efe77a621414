"""Expedition scoring: Reputation stars per Ascent, the Hall of Fame record, and the Expedition's winner.

Pure functions over Ascent totals (rulebook, Earn a Reputation and Building Up the Ascents); the rulings
they apply are in docs/rulings.md (Trek 12 Expeditions).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from companion.games.trek12.data import Sheet
from companion.games.trek12.scoring import ScoreBreakdown
from companion.inputs import quote

__all__ = [
    "CARD_POINTS",
    "Stars",
    "Standing",
    "TieBreak",
    "sheet_points",
    "ascent_stars",
    "new_record",
    "best_indices",
    "standings",
    "ranked",
    "winners",
]

CARD_POINTS = 3  # rulebook, How to use Assist cards: "Each discarded card is worth a 3-point bonus"


@dataclass(frozen=True)
class Stars:
    """One player's Reputation stars for one Ascent, by kind (rulebook, Earn a Reputation)."""

    summit: int = 0
    race: int = 0
    record: int = 0

    @property
    def total(self) -> int:
        """All the stars of the Ascent."""
        return self.summit + self.race + self.record

    def to_dict(self) -> dict[str, int]:
        """{"summit", "race", "record", "total"} as the command line prints it."""
        return {"summit": self.summit, "race": self.race, "record": self.record, "total": self.total}


@dataclass(frozen=True)
class Standing:
    """A player's Expedition so far: stars and the sum of the Ascent totals."""

    stars: int
    score: int


class TieBreak(Enum):
    """How the winner was decided (rulebook, Building Up the Ascents)."""

    STARS = "stars"    # one player has the most stars
    SCORE = "score"    # stars tied, the highest total across the Ascents decides
    SHARED = "shared"  # stars and totals tied: the win is shared


def sheet_points(breakdown: ScoreBreakdown) -> int:
    """A sheet played in the app as an Expedition's "score" takes it: its total without the cards it kept,
    which the Expedition cashes itself (rulebook, How to use Assist cards: +3 each when scoring)."""
    return breakdown.total - CARD_POINTS * breakdown.assists


def ascent_stars(sheet: Sheet, totals: Sequence[int], record_before: int | None) -> tuple[Stars, ...]:
    """Stars per player: summit at or above it, race to the highest (ties all), record above the old one."""
    if sheet.stars is None or sheet.summit is None:
        raise ValueError(f"sheet {quote(sheet.key)} has no summit or stars, so it cannot be an Expedition Ascent")
    if not totals:
        return ()
    top = max(totals)
    out = []
    for total in totals:
        out.append(Stars(
            summit=sheet.stars.summit if total >= sheet.summit else 0,
            # "The highest-scoring player always wins those stars, even if they did not reach the Summit";
            # ties: "the player(s) with the highest score" -- every one of them.
            race=sheet.stars.race if total == top else 0,
            # Only a record that stood when the Expedition began can be beaten; "beat" is strictly more.
            record=sheet.stars.record if record_before is not None and total > record_before else 0,
        ))
    return tuple(out)


def new_record(totals: Sequence[int], record_before: int | None) -> int | None:
    """The score the Hall of Fame gets from this Ascent: the best total when it beats the old record (or none
    stood yet), else None (rulebook, Earn a Reputation: the Hall of Fame)."""
    if not totals:
        return None
    best = max(totals)
    if record_before is None or best > record_before:
        return best
    return None


def best_indices(totals: Sequence[int]) -> tuple[int, ...]:
    """The players with the highest total (they write the record, together when tied)."""
    if not totals:
        return ()
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)


def standings(stars: Sequence[Sequence[Stars]], totals: Sequence[Sequence[int]], players: int) -> tuple[Standing, ...]:
    """Each player's stars and total score summed over the Ascents played (per Ascent: one entry per player)."""
    out = []
    for p in range(players):
        out.append(Standing(sum(ascent[p].total for ascent in stars), sum(ascent[p] for ascent in totals)))
    return tuple(out)


def ranked(table: Sequence[Standing]) -> tuple[int, ...]:
    """The players best first, as the winner is found: most stars, then the highest total (seat order among
    those still tied)."""
    return tuple(sorted(range(len(table)), key=lambda i: (-table[i].stars, -table[i].score, i)))


def winners(table: Sequence[Standing]) -> tuple[tuple[int, ...], TieBreak]:
    """The winner(s): most stars, then the highest total; still tied, shared (Building Up the Ascents)."""
    if not table:
        return (), TieBreak.SHARED
    most = max(s.stars for s in table)
    first = [i for i, s in enumerate(table) if s.stars == most]
    if len(first) == 1:
        return (first[0],), TieBreak.STARS
    best = max(table[i].score for i in first)
    second = tuple(i for i in first if table[i].score == best)
    return second, TieBreak.SCORE if len(second) == 1 else TieBreak.SHARED

