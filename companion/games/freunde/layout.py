"""A schematic drawing of a Freunde board, computed from its links alone (no drawing positions are published).

The data files hold the board's facts (spaces, links, zones, points, costs) but not where the printed board
puts each space. Screens draw the board from `board_layout`: rows counted in links from base camp (the
summit on top), a trail of single spaces folded into switchbacks so the drawing stays short on a phone, and
spaces in a row ordered and spread so that links cross as little as they can. It is a pure function of the
board: the same board always gets the same drawing, an edited board gets its own. It is not the printed
board's geometry, and every screen that shows it says so (LAYOUT_NOTE).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping

from companion.games.freunde.data import Board, SpaceId
from companion.i18n.message import N_

__all__ = ["BoardLayout", "board_layout", "LAYOUT_NOTE"]

LAYOUT_NOTE = N_("Schematic drawing: the spaces, links and numbers are the board's, but the positions are "
                  "worked out by the app from the links, not copied from the printed board.")

_MIN_GAP = 0.2        # the closest two spaces of a row may be, as a share of the drawing's width
_EDGE = 0.06          # no space closer than this to either side
_SWEEPS = 4           # ordering sweeps (up and down) of the barycentre heuristic
_SPREADS = 8          # rounds of pulling each space towards its linked spaces


@dataclass(frozen=True)
class BoardLayout:
    """Where each space goes: x from 0 (left) to 1 (right), row from 0 (base camp) up to rows - 1 (summit)."""

    x: Mapping[SpaceId, float]
    row: Mapping[SpaceId, int]
    rows: int
    widest: int                       # most spaces in one row

    def y(self, space: SpaceId) -> float:
        """Height in the drawing from 0 (top row) to 1 (bottom row)."""
        return 1.0 - self.row[space] / max(1, self.rows - 1)


def board_layout(board: Board) -> BoardLayout:
    """A schematic layout of the board: rows by links from base camp, switchbacks, few crossings."""
    # Only the links, base camp and summit shape the drawing; screens redraw often, so it is worked out once.
    return _layout(tuple(sorted(board.spaces)), tuple(tuple(sorted(e)) for e in board.edges), board.base_camp,
                   board.summit)


@dataclass(frozen=True)
class _Graph:
    neighbours: Mapping[SpaceId, tuple[SpaceId, ...]]
    base_camp: SpaceId
    summit: SpaceId


@lru_cache(maxsize=32)
def _layout(spaces: tuple[SpaceId, ...], edges: tuple[tuple[SpaceId, ...], ...], base_camp: SpaceId,
            summit: SpaceId) -> BoardLayout:
    neighbours: dict[SpaceId, list[SpaceId]] = {s: [] for s in spaces}
    for a, b in edges:
        neighbours[a].append(b)
        neighbours[b].append(a)
    board = _Graph({s: tuple(sorted(n)) for s, n in neighbours.items()}, base_camp, summit)
    layers = _layers(board)
    rows, fixed = _fold(board, layers)
    order = _order(board, rows, fixed)
    x = _spread(board, order, fixed)
    row_of = {space: index for index, row in enumerate(order) for space in row}
    return BoardLayout(x=x, row=row_of, rows=len(order), widest=max(len(r) for r in order))


# ---------------------------------------------------------------------------------------------------------

def _layers(board: _Graph) -> list[list[SpaceId]]:
    """Spaces grouped by their distance in links from base camp (the summit is kept alone on top)."""
    distance = {board.base_camp: 0}
    frontier = [board.base_camp]
    while frontier:
        following = []
        for space in frontier:
            for other in board.neighbours[space]:
                if other not in distance:
                    distance[other] = distance[space] + 1
                    following.append(other)
        frontier = following
    # The summit ends the climb: draw it alone above everything, even above a side branch as long.
    distance[board.summit] = max((d for s, d in distance.items() if s != board.summit), default=0) + 1
    layers: list[list[SpaceId]] = [[] for _ in range(max(distance.values()) + 1)]
    for space in sorted(distance, key=_natural):
        layers[distance[space]].append(space)
    return [layer for layer in layers if layer]


def _fold(board: _Graph, layers: list[list[SpaceId]]) -> tuple[list[list[SpaceId]], dict[SpaceId, float]]:
    """Fold runs of one-space layers into rows of two (a switchback); their x is fixed."""
    rows: list[list[SpaceId]] = []
    fixed: dict[SpaceId, float] = {}
    run: list[SpaceId] = []
    turn = 0

    def flush() -> None:
        nonlocal turn
        pairs = [run[i:i + 2] for i in range(0, len(run), 2)]
        for pair in pairs:
            if len(pair) == 2:
                left_first = turn % 2 == 0
                fixed[pair[0]], fixed[pair[1]] = (0.28, 0.72) if left_first else (0.72, 0.28)
                rows.append(pair if left_first else pair[::-1])
                turn += 1
            else:
                rows.append(pair)
        run.clear()

    for layer in layers:
        if len(layer) == 1 and layer[0] != board.summit:
            run.append(layer[0])
            continue
        flush()
        rows.append(list(layer))
    flush()
    return rows, fixed


def _order(board: _Graph, rows: list[list[SpaceId]], fixed: Mapping[SpaceId, float]) -> list[list[SpaceId]]:
    """Order each row by the mean position of its linked spaces in the rows below, then above (barycentres)."""
    order = [list(row) for row in rows]
    position = _positions(order, fixed)
    row_of = {space: index for index, row in enumerate(order) for space in row}
    sweeps = [range(1, len(order)), range(len(order) - 2, -1, -1)] * _SWEEPS
    for direction, sweep in enumerate(sweeps):
        below = direction % 2 == 0
        for index in sweep:
            row = order[index]
            if any(space in fixed for space in row):
                continue

            def centre(space: SpaceId) -> float:
                linked = [position[o] for o in board.neighbours[space]
                          if (row_of[o] < index if below else row_of[o] > index)]
                return sum(linked) / len(linked) if linked else position[space]

            row.sort(key=lambda s: (centre(s), position[s]))
            position.update(_even(row))
    _transpose(board, order, fixed)
    return order


def _transpose(board: _Graph, order: list[list[SpaceId]], fixed: Mapping[SpaceId, float]) -> None:
    """Move single spaces to the place in their row where the drawing has the fewest crossings (sifting),
    until no move helps."""
    best = _total(board, order)
    improved = True
    while improved:
        improved = False
        for row in order:
            if any(space in fixed for space in row):
                continue
            for space in list(row):
                start = row.index(space)
                row.remove(space)
                scores = []
                for place in range(len(row) + 1):
                    row.insert(place, space)
                    scores.append((_total(board, order), place != start, place))
                    row.remove(space)
                score, _, place = min(scores)
                row.insert(place, space)
                if score < best:
                    best, improved = score, True


def _total(board: _Graph, order: list[list[SpaceId]]) -> int:
    return sum(_crossings(board, order, index) for index in range(len(order)))


def _crossings(board: _Graph, order: list[list[SpaceId]], index: int) -> int:
    """Link crossings between row `index` and the rows just below and above it, plus the spaces a link
    within the row passes over (worse than a crossing: it looks like a link to the space passed)."""
    place = {space: (r, i) for r, row in enumerate(order) for i, space in enumerate(row)}
    total = 3 * sum(abs(place[a][1] - place[b][1]) - 1 for a in order[index] for b in board.neighbours[a]
                if place[b][0] == index and a < b)
    for other in (index - 1, index + 1):
        if not 0 <= other < len(order):
            continue
        links = [(place[a][1], place[b][1]) for a in order[index] for b in board.neighbours[a]
                 if place[b][0] == other]
        total += sum(1 for n, (a1, b1) in enumerate(links) for a2, b2 in links[n + 1:]
                     if (a1 - a2) * (b1 - b2) < 0)
    return total


def _spread(board: _Graph, order: list[list[SpaceId]], fixed: Mapping[SpaceId, float]) -> dict[SpaceId, float]:
    """Pull each space towards the spaces it links to, keeping each row's order and a minimum gap."""
    position = _positions(order, fixed)
    for _ in range(_SPREADS):
        for row in order:
            if any(space in fixed for space in row):
                continue
            wanted = []
            for space in row:
                linked = [position[o] for o in board.neighbours[space]]
                target = sum(linked) / len(linked) if linked else position[space]
                wanted.append((position[space] + target) / 2)
            for space, value in zip(row, _separate(wanted)):
                position[space] = value
    # Centre the drawing and let it use the full width: pulling towards linked spaces leaves it narrow
    # and leaning to one side, and a phone has no width to spare.
    low, high = min(position.values()), max(position.values())
    if high - low < 1e-9:
        return {space: 0.5 for space in position}
    scale = (1.0 - 2 * _EDGE) / (high - low)
    return {space: round(_EDGE + (value - low) * scale, 4) for space, value in position.items()}


def _positions(order: list[list[SpaceId]], fixed: Mapping[SpaceId, float]) -> dict[SpaceId, float]:
    position: dict[SpaceId, float] = {}
    for row in order:
        position.update({s: fixed[s] for s in row if s in fixed} if all(s in fixed for s in row) else _even(row))
    return position


def _even(row: list[SpaceId]) -> dict[SpaceId, float]:
    """A row's spaces spread evenly across the drawing, centred."""
    count = len(row)
    gap = min(1.0 - 2 * _EDGE, _MIN_GAP * 1.5 * (count - 1)) / max(1, count - 1)
    start = 0.5 - gap * (count - 1) / 2
    return {space: start + gap * index for index, space in enumerate(row)}


def _separate(values: list[float]) -> list[float]:
    """The values in their order, at least _MIN_GAP apart, inside the drawing, moved as little as needed."""
    count = len(values)
    gap = min(_MIN_GAP, (1.0 - 2 * _EDGE) / max(1, count - 1))
    out = list(values)
    for index in range(count):                     # push right, from the left edge
        low = _EDGE if index == 0 else out[index - 1] + gap
        out[index] = max(out[index], low)
    for index in range(count - 1, -1, -1):         # push left, from the right edge
        high = 1.0 - _EDGE if index == count - 1 else out[index + 1] - gap
        out[index] = min(out[index], high)
    return out


def _natural(space: SpaceId) -> tuple:
    """S2 before S10: space ids sorted with their numbers as numbers, for a stable drawing."""
    digits = "".join(ch for ch in space if ch.isdigit())
    return (space.rstrip("0123456789"), int(digits) if digits else -1, space)
