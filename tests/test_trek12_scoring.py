"""Trek 12 scoring worked by hand (rulebook, End of the Game), Max's orphans, and kept cards."""

from __future__ import annotations

import random

import pytest

from companion.games.trek12.data import load_sheet
from companion.errors import IllegalAction, InvalidInput
from companion.games.trek12.rules import Assist, apply as play, cash, fill_board, legal_actions, new_game
from companion.games.trek12.scoring import score, score_board, total
from test_trek12_support import ROLLS, make_sheet, write

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


def _full(state):
    """Fill every circle with legal random turns (no cards used), from a fixed seed."""
    rng = random.Random(7)
    while not state.complete:
        moves = [a for a in legal_actions(state, rng.choice(ROLLS)) if not a.assists]
        state = play(state, rng.choice(moves))
    return state


def test_cards_only_held_count_nothing_and_cashed_cards_count_3_each():
    # How to use Assist cards: "each player may discard some or all of their remaining Assist cards. Each
    # discarded card is worth a 3-point bonus. You start the next Ascent with the Assist cards you did not use."
    sheet = load_sheet("dunai")
    state = new_game(sheet, assists=[Assist.ROPE, Assist.TENT])
    state = write(state, 0, 5)
    assert score(state).assists == 0 and score(state).total == -3
    full = _full(new_game(sheet, assists=[Assist.ROPE, Assist.TENT]))
    base = score(full).total
    kept_all = cash(full, [])
    assert score(kept_all).total == base and kept_all.assists == (Assist.ROPE, Assist.TENT)
    one = cash(full, [Assist.TENT])
    assert score(one).assists == 1 and score(one).total == base + 3
    assert one.assists == (Assist.ROPE,) and one.cashed == (Assist.TENT,)
    both = cash(full, [Assist.ROPE, Assist.TENT])
    assert score(both).total == base + 6 and both.assists == ()
    assert score(new_game(sheet)).to_dict() == {
        "lines": [], "zones": [], "line_bonus": 0, "zone_bonus": 0, "skulls": 0, "orphans": 0, "penalty": 0,
        "total": 0, "complete": False}


def test_cashing_is_refused_before_the_end_twice_for_cards_not_held_and_when_untracked():
    sheet = load_sheet("dunai")
    state = write(new_game(sheet, assists=[Assist.ROPE]), 0, 5)
    with pytest.raises(IllegalAction, match="at the end of the Ascent; 18 circles still empty"):
        cash(state, [Assist.ROPE])
    full = _full(new_game(sheet, assists=[Assist.ROPE]))
    with pytest.raises(IllegalAction, match="the compass card is not held"):
        cash(full, [Assist.COMPASS])
    with pytest.raises(IllegalAction, match="already cashed"):
        cash(cash(full, [Assist.ROPE]), [])
    with pytest.raises(IllegalAction, match="not tracked"):
        cash(_full(new_game(sheet)), [])


def test_max_cashes_all_his_cards_only_on_the_last_ascent():
    # Solo Expeditions: "Max never uses his Assist cards during the Ascents -- he keeps them ... During the
    # last Ascent, Max discards all the Assist cards he collected over the three Ascents, gaining a 3-point
    # bonus per card."
    from companion.games.trek12.solo import max_score

    sheet = load_sheet("dunai")
    early = new_game(sheet, solo=True, max_assists=2)
    last = new_game(sheet, solo=True, max_assists=2, last_ascent=True)
    assert max_score(early).assists == 0 and "assists" not in max_score(early).to_dict()
    assert max_score(last).assists == 2 and max_score(last).total == max_score(early).total + 6
    assert max_score(last).to_dict()["assists"] == 2
    with pytest.raises(InvalidInput, match="no Max"):
        new_game(sheet, last_ascent=True)


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


def test_the_least_a_sheet_can_score_is_every_circle_a_skull():
    from companion.games.trek12.data import load_sheet
    from companion.games.trek12.scoring import lowest_score

    assert [lowest_score(load_sheet(name)) for name in ("dunai", "kagkot", "dhaulagiri")] == [-57, -57, -57]
