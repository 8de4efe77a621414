"""Trek 12 scoring (rulebook, End of the Game): Fixed Lines, Mapped Zones, bonuses, skulls and orphans.

Max's sheet is scored by the same code with his Free Solo rule: each orphan is worth +3 instead of -3.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.trek12.data import CircleId, members
from companion.games.trek12.rules import Board, State

__all__ = [
    "SKULL_POINTS",
    "ORPHAN_POINTS",
    "CARD_POINTS",
    "LineScore",
    "ZoneScore",
    "ScoreBreakdown",
    "score",
    "score_board",
    "total",
    "penalty_parts",
    "lowest_score",
]

SKULL_POINTS = 3   # rulebook, Penalties: "For each skull, you lose 3 points"
ORPHAN_POINTS = 3  # an orphan is a skull drawn next to a number: -3 (Max: +3, Free Solo Mode)
CARD_POINTS = 3    # rulebook, Assist cards: "Each discarded card is worth a 3-point bonus"


@dataclass(frozen=True)
class LineScore:
    """A Fixed Line (ids from its lowest number to its highest) and its points: highest + 1 per other."""

    circles: tuple[CircleId, ...]
    points: int


@dataclass(frozen=True)
class ZoneScore:
    """A Mapped Zone (ids, lowest first), its number, and its points: number + 1 per other circle."""

    circles: tuple[CircleId, ...]
    value: int
    points: int


@dataclass(frozen=True)
class ScoreBreakdown:
    """A sheet's score as on the paper scoring table; `total` is the sum of the parts.

    total = lines + zones + line_bonus + zone_bonus - penalty + 3 x assists, and for Max also + 3 x orphans
    (his penalty counts skulls only). `assists`: cards cashed at the end, +3 each (cards only held count nothing).
    """

    lines: tuple[LineScore, ...]
    zones: tuple[ZoneScore, ...]
    line_bonus: int
    zone_bonus: int
    skulls: int
    orphans: int
    penalty: int
    assists: int
    total: int
    complete: bool
    max_rules: bool = False

    @property
    def orphan_points(self) -> int:
        """What the orphans add to the total: -3 each inside the penalty, or +3 each for Max."""
        return ORPHAN_POINTS * self.orphans if self.max_rules else -ORPHAN_POINTS * self.orphans

    def parts_total(self) -> int:
        """The total recomputed from the parts (the invariant every score keeps)."""
        orphan_bonus = ORPHAN_POINTS * self.orphans if self.max_rules else 0
        return (sum(line.points for line in self.lines) + sum(zone.points for zone in self.zones)
                + self.line_bonus + self.zone_bonus - self.penalty + orphan_bonus + CARD_POINTS * self.assists)

    def to_dict(self) -> dict[str, Any]:
        """The breakdown in the command line's JSON shape (docs/formats.md, Trek 12)."""
        doc: dict[str, Any] = {
            "lines": [{"circles": list(line.circles), "points": line.points} for line in self.lines],
            "zones": [{"circles": list(z.circles), "value": z.value, "points": z.points} for z in self.zones],
            "line_bonus": self.line_bonus,
            "zone_bonus": self.zone_bonus,
            "skulls": self.skulls,
            "orphans": self.orphans,
            "penalty": self.penalty,
            "total": self.total,
            "complete": self.complete,
        }
        if self.assists:
            doc["assists"] = self.assists
        return doc


def score(state: State) -> ScoreBreakdown:
    """The player's score (rulebook, End of the Game), with +3 for each card cashed at the end (How to use
    Assist cards: "each player may discard ... Each discarded card is worth a 3-point bonus"); cards only
    held count nothing."""
    return score_board(state.board, assists=len(state.cashed) if state.cashed else 0)


def score_board(board: Board, *, max_rules: bool = False, assists: int = 0) -> ScoreBreakdown:
    """Score one sheet: lines, zones, bonuses, -3 per skull and per orphan (Max: orphans +3)."""
    sheet = board.sheet
    ids = sheet.ids
    values = board.values
    same_ids = sheet.ids_are_indices  # the printed sheets: no id translation needed
    lines = []
    longest = 0
    for line in sorted(board.lines, key=lambda ln: (values[ln[0]], ids[ln[0]])):
        size = len(line)
        if size > longest:
            longest = size
        lines.append(_make(LineScore, circles=line if same_ids else tuple(map(ids.__getitem__, line)),
                           points=values[line[-1]] + size - 1))
    zones = []
    largest = 0
    for mask in board.zones:
        circles = members(mask)
        size = len(circles)
        if size > largest:
            largest = size
        value = values[circles[0]]
        zones.append(_make(ZoneScore, circles=circles if same_ids else tuple(sorted(map(ids.__getitem__, circles))),
                           value=value, points=value + size - 1))
    if len(zones) > 1:
        zones.sort(key=lambda z: (z.value, z.circles[0]))
    skulls = board.skulls.bit_count()
    orphans = _orphans(board)
    line_bonus = sheet.bonus_for(longest)
    zone_bonus = sheet.bonus_for(largest)
    if max_rules:
        penalty = SKULL_POINTS * skulls
        extra = ORPHAN_POINTS * orphans
    else:
        penalty = SKULL_POINTS * skulls + ORPHAN_POINTS * orphans
        extra = 0
    points = sum(x.points for x in lines) + sum(z.points for z in zones)
    total_points = points + line_bonus + zone_bonus - penalty + extra + CARD_POINTS * assists
    return _make(ScoreBreakdown, lines=tuple(lines), zones=tuple(zones), line_bonus=line_bonus,
                 zone_bonus=zone_bonus, skulls=skulls, orphans=orphans, penalty=penalty, assists=assists,
                 total=total_points, complete=board.filled == sheet.full, max_rules=max_rules)


def total(board: Board, *, max_rules: bool = False, assists: int = 0) -> int:
    """Just the total of `score_board`, without building the breakdown (for simulations)."""
    sheet = board.sheet
    values = board.values
    points = 0
    longest = 0
    for line in board.lines:
        size = len(line)
        points += values[line[-1]] + size - 1
        if size > longest:
            longest = size
    largest = 0
    for mask in board.zones:
        size = mask.bit_count()
        points += values[(mask & -mask).bit_length() - 1] + size - 1
        if size > largest:
            largest = size
    bonus = sheet.bonus_by_size
    points += bonus[longest] + bonus[largest]
    orphans = _orphans(board)
    points -= SKULL_POINTS * board.skulls.bit_count()
    points += ORPHAN_POINTS * orphans if max_rules else -ORPHAN_POINTS * orphans
    return points + CARD_POINTS * assists


def _make(cls, **fields):
    # Fills a new frozen instance without the per-field setattr of the dataclass __init__ (rescoring runs
    # after every move); every field is given, so the result equals cls(**fields).
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


def _orphans(board: Board) -> int:
    numbers = board.filled & ~board.skulls
    lone = board.up_free & board.down_free  # numbers linked in neither direction
    return (numbers & lone & ~board.zoned).bit_count()


def lowest_score(sheet: Any) -> int:
    """The least a sheet can score: every circle a skull (rulebook, Penalties: 3 points lost for each); every
    other part of a score, and cards cashed, only adds."""
    return -SKULL_POINTS * len(sheet.circles)


def penalty_parts(doc: Mapping[str, Any], *, max_rules: bool = False) -> dict[str, int]:
    """What skulls, orphans and cashed cards add to a score document's total, and per item (rulebook,
    Penalties; Max's Special Bonus; Assist cards at +3), for a scoring table that shows each row."""
    per_orphan = ORPHAN_POINTS if max_rules else -ORPHAN_POINTS
    cards = int(doc.get("assists", 0))
    return {
        "per_skull": -SKULL_POINTS, "skulls": -SKULL_POINTS * int(doc["skulls"]),
        "per_orphan": per_orphan, "orphans": per_orphan * int(doc["orphans"]),
        "per_card": CARD_POINTS, "cards": CARD_POINTS * cards,
    }
