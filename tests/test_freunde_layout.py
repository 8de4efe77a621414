"""The schematic board drawing: every space placed, the summit alone on top, base camp at the bottom, no two
spaces of a row on top of each other, and the same drawing for the same board."""

from __future__ import annotations

import pytest

from companion.games.freunde.data import load_board
from companion.games.freunde.layout import _MIN_GAP, board_layout


@pytest.mark.parametrize("name", ["summer", "winter"])
def test_every_space_has_a_place_inside_the_drawing(name):
    board = load_board(name)
    layout = board_layout(board)
    assert set(layout.x) == set(layout.row) == set(board.spaces)
    assert all(0.0 <= x <= 1.0 for x in layout.x.values())
    assert layout.row[board.base_camp] == 0
    top = layout.rows - 1
    assert [s for s, r in layout.row.items() if r == top] == [board.summit]
    assert layout.y(board.summit) == 0.0 and layout.y(board.base_camp) == 1.0
    # A phone-sized drawing: the trail of single spaces is folded, so there are fewer rows than steps.
    assert layout.rows < max(len(board.spaces) // 2, 16)


@pytest.mark.parametrize("name", ["summer", "winter"])
def test_spaces_of_a_row_keep_apart_and_links_climb_at_most_one_row(name):
    board = load_board(name)
    layout = board_layout(board)
    rows: dict[int, list[float]] = {}
    for space, row in layout.row.items():
        rows.setdefault(row, []).append(layout.x[space])
    for xs in rows.values():
        xs.sort()
        assert all(b - a >= _MIN_GAP - 1e-6 for a, b in zip(xs, xs[1:]))
    assert all(abs(layout.row[a] - layout.row[b]) <= 1 for a, b in board.edges)


def test_the_same_board_gets_the_same_drawing_and_an_edited_board_its_own():
    board = load_board("winter")
    assert board_layout(board) == board_layout(load_board("winter"))
    from companion.games.freunde.data import board_from_doc

    doc = board.to_doc()
    doc["spaces"]["Z"] = {"zone": 5000, "vp": 1, "cost": 1, "accl": 0}
    doc["edges"].append(["BASE_CAMP", "Z"])
    edited = board_layout(board_from_doc(doc, "edited"))
    assert "Z" in edited.x and edited.row["Z"] == 1
