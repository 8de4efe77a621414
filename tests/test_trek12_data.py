"""Trek 12 sheet files: the shipped sheets match the reference, and bad sheets are refused by name."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.errors import DataError
from companion.games.trek12.data import (LEAST_SPACING, SHEET_NAMES, closest_circles, crowded_circles, drawn_positions,
                                         load_sheet, record_key, sheet_from_dict, sheet_warnings, unplaced_circle)

REFERENCE = Path("/work/shared/reference/trek12_sheets.json")
GOOD = {
    "name": "Home",
    "summit": 40,
    "stars": {"summit": 1, "race": 1, "record": 1},
    "circles": [{"id": 0, "x": 0, "y": 0}, {"id": 5, "x": 1, "y": 0, "dangerous": True},
                {"id": 9, "x": 2, "y": 0}],
    "links": [[0, 5], [5, 9]],
    "bonus": {"3": 1, "4": 3, "per_extra": 2},
    "op_limit": 1,
    "source": "drawn at home",
}


@pytest.mark.parametrize("name", SHEET_NAMES)
def test_shipped_sheets_have_19_circles_and_a_source(name):
    sheet = load_sheet(name)
    assert sheet.n == 19 and sheet.ids == tuple(range(19))
    assert sheet.op_limit == 4 and "trek12_sheets.json" in sheet.source
    assert sheet.bonus_for(9) == 25 and sheet.bonus_for(10) == 30


@pytest.mark.skipif(not REFERENCE.exists(), reason="the shared reference folder is not beside this checkout")
@pytest.mark.parametrize("name", SHEET_NAMES)
def test_shipped_sheets_match_the_reference(name):
    ref = json.loads(REFERENCE.read_text())["sheets"][name]
    sheet = load_sheet(name)
    assert [(c.x, c.y) for c in sheet.circles] == [tuple(xy) for xy in ref["cells"]]
    assert [c.id for c in sheet.circles if c.dangerous] == ref["dangerous"]
    assert sorted(map(tuple, ref["edges"])) == sorted(sheet.links)
    assert sheet.summit == ref["summit"]
    assert (sheet.stars.summit, sheet.stars.race, sheet.stars.record) == tuple(ref["stars"])


def test_sheet_summits_and_dangerous_circles():
    assert [load_sheet(n).summit for n in SHEET_NAMES] == [65, 70, 75]
    assert [c.id for c in load_sheet("kagkot").circles if c.dangerous] == [3, 4, 10, 15]
    assert load_sheet("dunai").neighbours(8) == (2, 3, 6, 7, 9, 10)


def test_a_home_made_sheet_loads_and_round_trips():
    sheet = sheet_from_dict(GOOD)
    assert sheet.key == "home" and sheet.n == 3 and sheet.circle(5).limit == 6
    assert sheet.touching(0, 5) and not sheet.touching(0, 9)
    assert sheet.bonus_for(5) == 5 and sheet.bonus_for(2) == 0
    assert sheet_from_dict(sheet.to_dict()) == sheet


def _broken(**changes):
    doc = copy.deepcopy(GOOD)
    for key, value in changes.items():
        if value is None:
            doc.pop(key)
        else:
            doc[key] = value
    return doc


@pytest.mark.parametrize("doc, message", [
    (_broken(links=[[0, 5], [5, 7]]), r"links\[1\]: link \[5, 7\] names unknown circle 7"),
    (_broken(circles=[{"id": 0, "x": 0, "y": 0}, {"id": 0, "x": 1, "y": 0}]), "duplicate circle id 0"),
    (_broken(circles=[]), "'circles' has no circles"),
    (_broken(circles=None), "'circles' has no circles"),
    (_broken(circles=[{"id": 0, "x": 0, "y": 0}], links=[]), "needs at least 2"),
    (_broken(links=[[0, 0], [5, 9]]), "joins circle 0 to itself"),
    (_broken(circles=[{"id": -1, "x": 0, "y": 0}, {"id": 2, "x": 0, "y": 0}]), "field 'id'"),
    (_broken(circles=[{"id": 0, "x": "a", "y": 0}, {"id": 1, "x": 0, "y": 0}]), "field 'x'"),
    (_broken(circles=[{"x": 0, "y": 0}, {"id": 1}]), r"circles\[0\]: field 'id' is missing"),
    (_broken(bonus={"3": 1, "per_extra": -5}), "field 'bonus.per_extra' must be a whole number 0 or more, not -5"),
    (_broken(bonus={"3": -100}), "field 'bonus.3' must be a whole number 0 or more, not -100"),
    (_broken(stars={"summit": -1, "race": 1, "record": 1}), "field 'stars.summit' must be a whole number 0 or more"),
    (_broken(summit=-5), "field 'summit' must be a whole number of points, 0 or more, or null, not -5"),
    (_broken(name=""), "field 'name'"),
    (_broken(links="0-5"), "field 'links' must be a list"),
    (_broken(op_limit=0), "field 'op_limit'"),
    (_broken(bonus={"3": 1, "5": 6}), "no entry for size 4"),
    (_broken(stars={"summit": 1}), "field 'stars'"),
    (_broken(colour="red"), "unknown field 'colour'"),
    ("dunai", "must be a JSON object"),
])
def test_bad_sheets_are_refused_naming_the_problem(doc, message):
    with pytest.raises(DataError, match=message):
        sheet_from_dict(doc, origin="home.json")


def test_sheets_that_cannot_be_finished_load_with_warnings():
    # A filled sheet or part of a game on them can still be scored; starting a game in the app is refused.
    assert sheet_warnings(load_sheet("dunai")) == []
    apart = sheet_from_dict(_broken(links=[[0, 5]]))
    assert [w.split(" cannot")[0] for w in sheet_warnings(apart)] == ["circle 9"]
    big = sheet_from_dict({"circles": [{"id": i} for i in range(11)], "links": [[i, i + 1] for i in range(10)],
                           "op_limit": 2})
    assert sheet_warnings(big) == ["op_limit 2 gives only 10 boxes for 11 circles, so the sheet cannot be "
                                   "filled (one box per round)"]


def test_a_minimal_sheet_needs_only_its_circles():
    sheet = sheet_from_dict({"circles": [{"id": 3}, {"id": 4}], "links": [[3, 4]]})
    assert sheet.name == "Home-made sheet" and sheet.op_limit == 4 and sheet.bonus_for(10) == 30
    assert [(c.x, c.y, c.dangerous) for c in sheet.circles] == [(0, 0, False), (1, 0, False)]


def test_circles_without_positions_are_laid_out_in_a_row_then_a_grid():
    row = sheet_from_dict({"circles": [{"id": i} for i in range(6)]})
    assert [(c.x, c.y) for c in row.circles] == [(i, 0) for i in range(6)]
    assert drawn_positions(row) == tuple((float(i), 0.0) for i in range(6))
    grid = sheet_from_dict({"circles": [{"id": i} for i in range(8)]})
    # The file's content stays a row (a game saved on it keeps its name in Statistics); it is drawn in rows.
    assert [(c.x, c.y) for c in grid.circles] == [(i, 0) for i in range(8)]
    # Each row turns back under the end of the last: 2 and 3, 5 and 6 (linked in a chain, as often) touch, where
    # a row starting again at the left drew their link as a long diagonal almost through other circles.
    assert drawn_positions(grid) == ((0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1), (0, 2), (1, 2))
    assert crowded_circles(grid) is None
    big = sheet_from_dict({"circles": [{"id": i} for i in range(100)]})
    assert crowded_circles(big) is None and record_key(big) == record_key(sheet_from_dict(big.to_dict()))
    assert crowded_circles(sheet_from_dict({"circles": [{"id": i} for i in range(121)]})) is None
    # More, the app's own places are too close: said so, not as places the file never wrote.
    assert crowded_circles(sheet_from_dict({"circles": [{"id": i} for i in range(130)]})) == (
        "130 circles without positions are too many to draw apart on a phone: give each circle x and y (without "
        "them, a sheet has at most 121)")


def test_given_positions_are_kept_even_in_one_row():
    # Eight circles in a row were moved into a 3 x 3 grid, their links drawn as long diagonals.
    row = sheet_from_dict({"circles": [{"id": i, "x": i, "y": 0} for i in range(8)],
                           "links": [[i, i + 1] for i in range(7)]})
    assert [(c.x, c.y) for c in row.circles] == [(i, 0) for i in range(8)]
    assert drawn_positions(row) == tuple((float(i), 0.0) for i in range(8))
    assert crowded_circles(row) is None


@pytest.mark.parametrize("circles, field", [
    ([{"id": 0, "x": 0, "y": 0}, {"id": 1}], r"circles\[1\] \(id 1\): field 'x' is missing"),
    ([{"id": 0}, {"id": 1, "x": 1, "y": 0}], r"circles\[0\] \(id 0\): field 'x' is missing"),
    ([{"id": 0, "x": 0, "y": 0}, {"id": 1, "x": 1}], r"circles\[1\] \(id 1\): field 'y' is missing"),
])
def test_positions_are_given_for_every_circle_or_none(circles, field):
    # A circle left out was put at (its place in the file, 0): on another circle, or far from the rest. Such a
    # file is refused where it comes in (the app's import, `companion check`); a game saved on one still loads.
    import re

    doc = {"circles": circles, "links": [[0, 1]]}
    assert re.match(field + "; give every circle x and y, or none of them", unplaced_circle(doc))
    assert sheet_from_dict(doc, origin="home.json").n == 2
    assert unplaced_circle({"circles": [{"id": 0}, {"id": 1}]}) is None


@pytest.mark.parametrize("name", SHEET_NAMES)
def test_the_printed_sheets_are_far_from_crowded(name):
    sheet = load_sheet(name)
    assert crowded_circles(sheet) is None
    xs, ys = [c.x for c in sheet.circles], [c.y for c in sheet.circles]
    size = max(max(xs) - min(xs), max(ys) - min(ys))
    assert closest_circles(sheet)[2] >= 1.4 * LEAST_SPACING * size


def _spots(*moved):
    doc = copy.deepcopy(GOOD)
    doc.update(circles=[{"id": i, "x": i % 4, "y": i // 4} for i in range(12)],
               links=[[i, i + 1] for i in range(11)], op_limit=4)
    for cid, x, y in moved:
        doc["circles"][cid].update(x=x, y=y)
    return sheet_from_dict(doc)


def test_circles_too_close_for_the_sheet_are_named_with_their_places():
    # The sheet is 3 across: circles nearer than 0.3 would be drawn too small to tap on a phone.
    assert crowded_circles(_spots((1, 0.3, 0))) is None
    crowded = _spots((1, 0.29, 0))
    assert sheet_warnings(crowded) == []           # a game on it can still be played and scored
    assert crowded_circles(crowded) == (
        "circles 0 and 1 are too close together to be drawn apart: (0, 0) and (0.29, 0) are 0.29 apart on a "
        "sheet 3 across; no two circles may be closer than a tenth of that (0.3), or a phone draws them too small "
        "to tap")
    wide = _spots((11, 40, 2))                     # one circle far away makes the sheet 40 across
    assert crowded_circles(wide).startswith("circles 0 and 1 are too close together to be drawn apart: (0, 0) and "
                                            "(1, 0) are 1 apart on a sheet 40 across")


def test_circles_in_one_place_are_named():
    assert crowded_circles(_spots((9, 2, 2))) == (
        "circles 9 and 10 are both at (2, 2): one would hide the other; give each circle a place of its own")
    together = sheet_from_dict({"circles": [{"id": i, "x": 0, "y": 0} for i in range(3)]})
    assert crowded_circles(together).startswith("circles 0 and 1 are both at (0, 0)")
    # A hair apart is one place as the message writes places: not "(0, 0) and (0, 0) are 0 apart".
    assert crowded_circles(_spots((1, 1e-12, 0))).startswith("circles 0 and 1 are both at (0, 0)")


def test_unknown_sheet_name():
    with pytest.raises(DataError, match="unknown Trek 12 sheet 'everest'"):
        load_sheet("everest")
