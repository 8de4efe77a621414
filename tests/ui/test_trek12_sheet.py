"""Where a Trek 12 sheet's circles are drawn: at their own positions, within the width given, never on top of
each other, and large enough to tap."""

from __future__ import annotations

import itertools
import math

import pytest

from companion.games.trek12.data import SHEET_NAMES, crowded_circles, load_sheet, sheet_from_dict
from companion.ui.trek12.sheet import sheet_layout

PHONE = 360 - 24       # the play screen's sheet on a 360 px phone
TAP = 24               # the least circle a finger is sure to hit (WCAG 2.2, Target Size)


def _sheet(spots, links=None):
    return sheet_from_dict({"circles": [{"id": i, "x": x, "y": y} for i, (x, y) in enumerate(spots)],
                            "links": links if links is not None else [[i, i + 1] for i in range(len(spots) - 1)]})


def _apart(layout) -> bool:
    return all(math.dist(a, b) >= layout.diameter - 1e-6
               for a, b in itertools.combinations(layout.centres.values(), 2))


def test_a_sheet_in_one_row_is_drawn_as_that_row_within_the_width():
    # It was redrawn as a 3 x 3 grid, its chain of links turned into long diagonals.
    row = _sheet([(i, 0) for i in range(8)])
    layout = sheet_layout(row, 366, 400)
    assert len({y for _, y in layout.centres.values()}) == 1
    assert [layout.centres[i][0] for i in range(8)] == sorted(layout.centres[i][0] for i in range(8))
    assert layout.width <= 366 and layout.diameter >= TAP


def test_one_short_link_never_pushes_circles_past_the_width():
    # Circle 1 at 0.05 from circle 0, the others 1 apart: the circles were 6 px dots and three of them lay at
    # 416-496 px, past a 390 px phone's edge. Such a file is refused at import; a game already on it still
    # draws inside the screen.
    spots = [(0, 0), (0.05, 0), (2, 0), (3, 0), (0.5, 0.87), (1.5, 0.87), (2.5, 0.87), (1, 1.73), (2, 1.73),
             (3, 1.73)]
    spread = _sheet(spots)
    assert crowded_circles(spread) is not None
    layout = sheet_layout(spread, 366, 500)
    assert layout.width <= 366
    assert all(x + layout.diameter / 2 <= 366 for x, _ in layout.centres.values())
    assert _apart(layout)


def test_circles_closer_than_any_link_do_not_cover_each_other():
    # Unlinked circles 0.5 apart, links 1 long: drawn by the links' spacing, the two circles overlapped.
    sheet = _sheet([(0, 0), (1, 0), (2, 0), (0, 1), (0.5, 1), (2, 1)], links=[[0, 1], [1, 2], [0, 3], [2, 5]])
    assert _apart(sheet_layout(sheet, 366, 400))


def test_the_widest_sheet_taken_has_circles_to_tap_on_a_small_phone():
    # The import takes a sheet up to 10 of its closest spacings across: the limit is where 24 px circles fit.
    widest = _sheet([(i % 11, i // 11) for i in range(22)])
    assert crowded_circles(widest) is None
    layout = sheet_layout(widest, PHONE, 160)
    assert layout.width <= PHONE and layout.diameter >= TAP


@pytest.mark.parametrize("name", SHEET_NAMES)
@pytest.mark.parametrize("room", [(PHONE, 160), (PHONE, 100), (120, 72), (PHONE, 600)])
def test_a_sheet_stays_within_the_room_it_is_given(name, room):
    # The play screen's sheet has a room of its own above the dice that does not scroll (160 px on a small
    # phone): drawn taller to keep its circles large, Kagkot's bottom row was cut in half; a New Ascent
    # thumbnail grew 40 px past its 72.
    width, height = room
    layout = sheet_layout(load_sheet(name), width, height)
    assert layout.width <= width + 1e-6 and layout.height <= height + 1e-6 and _apart(layout)
    assert max(y for _x, y in layout.centres.values()) + layout.diameter / 2 <= height + 1e-6
