"""Trek 12 scoring worked by hand (rulebook, End of the Game), Max's orphans, and kept cards."""

from __future__ import annotations

import pytest

from companion.games.trek12.data import load_sheet
from companion.games.trek12.rules import Assist, fill_board, new_game
from companion.games.trek12.scoring import score, score_board, total
from test_trek12_support import make_sheet, write

# A path 0-1-2-...-7 plus a link 1-6.
PATH = make_sheet(8, [(i, i + 1) for i in range(7)] + [(1, 6)])


def test_lines_zones_bonuses_and_a_skull_by_hand():
    board = fill_board(PATH, {0: 1, 1: 2, 2: 3, 3: 3, 4: 3, 5: "skull", 6: 9, 7: 9}, [[0, 1, 2]])
    result = score_board(board)
    # Line 1-2-3: 3 + 2 = 5. Zone of 3s (2, 3, 4): 3 + 2 = 5. Zone of 9s (6, 7): 9 + 1 = 10.
    # Longest line 3 circles: bonus 1; largest zone 3 circles: bonus 1. One skull: -3.
    assert [(ln.circles, ln.points) for ln in result.lines] == [((0, 1, 2), 5)]
    assert [(z.circles, z.value, z.points) for z in result.zones] == [((2, 3, 4), 3, 5), ((6, 7), 9, 10)]
    assert (result.line_bonus, result.zone_bonus) == (1, 1)
    assert (result.skulls, result.orphans, result.penalty) == (1, 0, 3)
    assert result.total == 5 + 5 + 10 + 1 + 1 - 3 == 19 == total(board)
    assert result.complete


def test_orphans_cost_3_and_a_skull_is_not_also_an_orphan():
    board = fill_board(PATH, {0: 1, 1: 2, 2: 3, 3: 3, 4: 3, 5: "skull", 6: 9, 7: 5}, [[0, 1, 2]])
    result = score_board(board)
    # The 9 and the 5 are orphans now; the skull counts once, as a skull.
    assert (result.skulls, result.orphans, result.penalty) == (1, 2, 9)
    assert result.total == 5 + 5 + 1 + 1 - 9 == 3


def test_max_orphans_score_plus_3_and_his_skulls_still_cost_3():
    board = fill_board(PATH, {0: 1, 1: 2, 2: 3, 3: 3, 4: 3, 5: "skull", 6: 9, 7: 5}, [[0, 1, 2]])
    result = score_board(board, max_rules=True, assists=2)
    assert (result.skulls, result.orphans, result.penalty) == (1, 2, 3)
    assert result.total == 5 + 5 + 1 + 1 - 3 + 6 + 6 == 21 == total(board, max_rules=True, assists=2)
    assert result.to_dict()["assists"] == 2


@pytest.mark.parametrize("size, bonus", [(0, 0), (1, 0), (2, 0), (3, 1), (4, 3), (5, 6), (6, 10), (7, 15),
                                         (8, 20), (9, 25), (10, 30), (13, 45), (19, 75), (25, 105)])
def test_the_bonus_table_with_5_per_circle_over_9(size, bonus):
    assert load_sheet("dunai").bonus_for(size) == bonus


def test_bonus_counts_once_for_the_longest_line_and_once_for_the_largest_zone():
    sheet = make_sheet(10, [(i, i + 1) for i in range(9)])
    cells = {0: 1, 1: 2, 2: 3, 3: 4, 4: 9, 5: 5, 6: 6, 7: 7, 8: 7, 9: 7}
    board = fill_board(sheet, cells, [[0, 1, 2, 3], [5, 6, 7]])
    result = score_board(board)
    # Lines of 4 and 3 circles: one bonus, for 4 (3 points). Zone of 7s (7, 8, 9): bonus 1.
    assert (result.line_bonus, result.zone_bonus) == (3, 1)
    assert [ln.points for ln in result.lines] == [4 + 3, 7 + 2]
    assert result.orphans == 1   # the 9


def test_a_sheet_with_no_lines_or_zones_scores_only_penalties():
    board = fill_board(PATH, {0: 5, 2: 9, 4: "skull"}, [])
    result = score_board(board)
    assert (result.lines, result.zones, result.line_bonus, result.zone_bonus) == ((), (), 0, 0)
    assert result.total == -9 and not result.complete


def test_output_order_is_by_lowest_number_then_circle():
    sheet = make_sheet(6, [(0, 1), (2, 3), (4, 5), (1, 2), (3, 4)])
    board = fill_board(sheet, {0: 7, 1: 8, 2: 2, 3: 3, 4: 8, 5: 7}, [[5, 4], [1, 0], [2, 3]])
    assert [ln.circles for ln in score_board(board).lines] == [(2, 3), (0, 1), (5, 4)]


def test_cards_kept_are_worth_3_each_when_tracked():
    sheet = load_sheet("dunai")
    state = new_game(sheet, assists=[Assist.ROPE, Assist.TENT])
    state = write(state, 0, 5)
    assert score(state).assists == 2 and score(state).total == -3 + 6
    assert score(new_game(sheet)).to_dict() == {
        "lines": [], "zones": [], "line_bonus": 0, "zone_bonus": 0, "skulls": 0, "orphans": 0, "penalty": 0,
        "total": 0, "complete": False}


def test_penalty_parts_say_what_skulls_orphans_and_cards_add_for_the_player_and_for_max():
    from companion.games.trek12.scoring import penalty_parts

    doc = {"skulls": 2, "orphans": 3, "assists": 1, "penalty": 15}
    player = penalty_parts(doc)
    assert (player["skulls"], player["orphans"], player["cards"]) == (-6, -9, 3)
    assert player["skulls"] + player["orphans"] == -doc["penalty"]
    max_doc = {"skulls": 2, "orphans": 3, "penalty": 6}
    his = penalty_parts(max_doc, max_rules=True)
    assert (his["per_orphan"], his["orphans"], his["cards"]) == (3, 9, 0)
    assert his["skulls"] == -max_doc["penalty"]
