"""Hand-worked Trek 12 positions, one per rule and per line ruling (docs/rulings.md, Trek 12).

Most positions use a "hub" sheet: circles 1..n as each test needs them, plus a dangerous circle 0 touching
all of them that takes a skull first, so any circle may be filled next (a skull counts as filled).
"""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction, InvalidInput
from companion.games.trek12.data import load_sheet
from companion.games.trek12.rules import (
    Action,
    Assist,
    LinkChoice,
    Op,
    Roll,
    Ruleset,
    apply,
    circle_reason,
    legal_actions,
    link_choices,
    max_link_choices,
    new_game,
    options,
    playable_circles,
    why_not,
)
from companion.games.trek12.scoring import score_board
from companion.games.trek12.solo import max_score
from test_trek12_support import engine_moves, hub_sheet, reference_moves, roll_for, write


def hub_game(n, links, *, dangerous=(), **kw):
    """A new game on a hub sheet whose hub already holds a skull."""
    state = new_game(hub_sheet(n, links, dangerous=dangerous), **kw)
    return write(state, 0, 9)


# --- dice options -----------------------------------------------------------------------------------

def test_the_five_options_give_the_rulebook_example():
    # Rulebook: "with a roll of 1 and 4, the options give 1, 4, 3, 5, or 4".
    for roll in (Roll.of(1, 4), Roll.of(4, 1)):
        assert [roll.value(op) for op in Op] == [1, 4, 3, 5, 4]
    assert Roll.of(1, 4).best == 5
    assert Roll.of(3, 0).values == (0, 3, 3, 3, 0)


@pytest.mark.parametrize("dice", [(0, 1), (7, 1), (1, 6), (1, -1), (True, 1), (2.0, 1)])
def test_dice_out_of_range_are_refused(dice):
    with pytest.raises(InvalidInput, match="die shows"):
        Roll.of(*dice)


def test_each_option_has_op_limit_boxes():
    sheet = load_sheet("dunai")
    state = new_game(sheet)
    roll = Roll.of(2, 2)
    for circle in (0, 2, 3, 4):
        state = apply(state, Action(roll, Op.SUM, circle))
    assert state.ops_left(Op.SUM) == 0
    with pytest.raises(IllegalAction, match=r"turn 5: the sum boxes are full \(4 of 4 used\)"):
        apply(state, Action(roll, Op.SUM, 5))
    assert all(a.op != Op.SUM for a in legal_actions(state, roll))
    table = {o.op: o for o in options(state, roll)}
    assert table[Op.SUM].left == 0 and "full" in table[Op.SUM].reason
    assert table[Op.LOWER].reason is None and table[Op.LOWER].value == 2


def test_a_full_option_table_leaves_only_the_open_options():
    sheet = load_sheet("dunai")
    state = new_game(sheet)
    path = [0, 2, 3, 4, 5, 10, 12, 11, 9, 8, 6, 7, 13, 14, 15, 16, 17, 18, 1]
    roll = Roll.of(6, 0)  # 0s and 6s only: nothing ever links, so no choices get in the way
    for n, op in enumerate([Op.LOWER] * 4 + [Op.HIGHER] * 4 + [Op.DIFFERENCE] * 4 + [Op.PRODUCT] * 4):
        state = apply(state, Action(roll, op, path[n]))
    # Sixteen boxes ticked: only the sum is left, for three more rounds.
    assert {a.op for a in legal_actions(state, roll)} == {Op.SUM}
    for op in (Op.LOWER, Op.HIGHER, Op.DIFFERENCE, Op.PRODUCT):
        assert "boxes are full" in why_not(state, Action(roll, op, path[16]))


# --- where a number may go --------------------------------------------------------------------------

def test_first_number_anywhere_then_next_to_a_filled_circle():
    state = new_game(load_sheet("dunai"))
    assert len(playable_circles(state)) == 19
    state = apply(state, Action(Roll.of(3, 2), Op.SUM, 18))
    assert playable_circles(state) == (17,)
    with pytest.raises(IllegalAction, match="turn 2: circle 0 touches no filled circle"):
        apply(state, Action(Roll.of(3, 2), Op.SUM, 0))
    assert circle_reason(state, 18) == "circle 18 is already filled"
    with pytest.raises(IllegalAction, match="circle 18 is already filled"):
        apply(state, Action(Roll.of(3, 2), Op.SUM, 18))
    assert "not on the Dunai sheet" in why_not(state, Action(Roll.of(3, 2), Op.SUM, 19))


def test_a_skull_first_counts_as_filled_and_takes_no_links():
    sheet = load_sheet("kagkot")  # circle 3 is dangerous; it touches 1, 2 and 5
    state = apply(new_game(sheet), Action(Roll.of(6, 2), Op.PRODUCT, 3))  # 12 > 6: a skull
    assert state.board.cell(3) == "skull"
    assert set(playable_circles(state)) == {1, 2, 5}
    state = apply(state, Action(Roll.of(6, 1), Op.HIGHER, 5))  # a 6 next to the skull: no line
    assert state.board.fixed_lines() == () and state.board.cell(5) == 6


@pytest.mark.parametrize("value, dangerous, expected", [
    (12, False, 12), (15, False, "skull"), (30, False, "skull"), (6, True, 6), (7, True, "skull"), (0, True, 0),
])
def test_normal_circles_take_0_to_12_dangerous_ones_0_to_6(value, dangerous, expected):
    state = hub_game(1, [], dangerous=(1,) if dangerous else ())
    state = write(state, 1, value)
    assert state.board.cell(1) == expected


# --- Fixed Lines ------------------------------------------------------------------------------------

def test_a_touching_consecutive_number_is_linked_without_asking():
    state = hub_game(2, [(1, 2)])
    state = write(write(state, 1, 4), 2, 5)
    assert state.board.fixed_lines() == ((1, 2),)


def test_both_directions_are_linked_to_lone_numbers():
    state = hub_game(3, [(1, 2), (2, 3)])
    state = write(write(state, 1, 4), 3, 6)
    state = write(state, 2, 5)
    assert state.board.fixed_lines() == ((1, 2, 3),)


def test_two_candidates_of_one_value_the_player_chooses():
    state = hub_game(3, [(1, 3), (2, 3)])
    state = write(write(state, 1, 4), 2, 4)
    roll, op = roll_for(state, 5)
    assert link_choices(state, roll, op, 3) == (LinkChoice(1, None), LinkChoice(2, None))
    message = why_not(state, Action(roll, op, 3))
    assert message.startswith("ambiguous links") and "[1] or [2]" in message
    with pytest.raises(IllegalAction, match="turn 4: ambiguous links"):
        apply(state, Action(roll, op, 3))
    with pytest.raises(IllegalAction, match="must be linked to"):
        apply(state, Action(roll, op, 3, (1, 2)))  # one link per direction
    with pytest.raises(IllegalAction, match="must be linked to"):
        apply(state, Action(roll, op, 3, ()))  # drawing is mandatory
    after = apply(state, Action(roll, op, 3, (2,)))
    assert after.board.fixed_lines() == ((2, 3),)
    assert after.board.orphans() == (1,)
    listed = {a.links for a in legal_actions(state, roll) if a.circle == 3 and a.op == op}
    assert listed == {(1,), (2,)}


def test_a_line_and_a_lone_number_are_both_linked():
    # Line 2-3 in circles 1-2, a lone 5 in circle 4; a 4 in circle 3 touches the 3 and the 5.
    state = hub_game(4, [(1, 2), (2, 3), (3, 4)])
    state = write(write(write(state, 1, 2), 2, 3), 4, 5)
    assert state.board.fixed_lines() == ((1, 2),)
    roll, op = roll_for(state, 4)
    assert len(link_choices(state, roll, op, 3)) == 1
    state = apply(state, Action(roll, op, 3))
    assert state.board.fixed_lines() == ((1, 2, 3, 4),)


def test_two_lines_without_merge_lines_the_player_picks_one():
    # Line 3-4 in circles 1-2 and line 6-7 in circles 4-5; a 5 in circle 3 touches the 4 and the 6.
    state = hub_game(5, [(1, 2), (2, 3), (3, 4), (4, 5)])
    for circle, value in ((1, 3), (2, 4), (5, 7), (4, 6)):
        state = write(state, circle, value)
    assert sorted(state.board.fixed_lines()) == [(1, 2), (4, 5)]
    roll, op = roll_for(state, 5)
    assert link_choices(state, roll, op, 3) == (LinkChoice(2, None), LinkChoice(None, 4))
    assert "[2] or [4]" in why_not(state, Action(roll, op, 3))
    with pytest.raises(IllegalAction, match="merge_lines"):
        apply(state, Action(roll, op, 3, (2, 4)))
    up = apply(state, Action(roll, op, 3, (4,)))
    assert sorted(up.board.fixed_lines()) == [(1, 2), (3, 4, 5)]
    down = apply(state, Action(roll, op, 3, (2,)))
    assert sorted(down.board.fixed_lines()) == [(1, 2, 3), (4, 5)]


def test_two_lines_with_merge_lines_become_one():
    state = hub_game(5, [(1, 2), (2, 3), (3, 4), (4, 5)], ruleset=Ruleset(merge_lines=True))
    for circle, value in ((1, 3), (2, 4), (5, 7), (4, 6)):
        state = write(state, circle, value)
    roll, op = roll_for(state, 5)
    assert link_choices(state, roll, op, 3) == (LinkChoice(2, 4),)
    state = apply(state, Action(roll, op, 3))
    assert state.board.fixed_lines() == ((1, 2, 3, 4, 5),)


def test_two_lines_and_a_lone_number_either_join_the_lone_one_or_take_the_other_line():
    # The 5 in circle 6 touches the top of line 3-4 (circle 2), a lone 4 (circle 5) and the bottom of
    # line 6-7 (circle 3). Joining both lines is not allowed, so: lone 4 + line 6-7, or line 3-4 alone.
    state = hub_game(6, [(1, 2), (3, 4), (2, 6), (5, 6), (3, 6)])
    for circle, value in ((1, 3), (2, 4), (4, 7), (3, 6), (5, 4)):
        state = write(state, circle, value)
    roll, op = roll_for(state, 5)
    assert set(link_choices(state, roll, op, 6)) == {LinkChoice(5, 3), LinkChoice(2, None)}
    assert engine_moves(state, roll) == reference_moves(state, roll)
    state = apply(state, Action(roll, op, 6, (3, 5)))
    assert sorted(state.board.fixed_lines()) == [(1, 2), (5, 6, 3, 4)]


def test_a_number_already_on_the_line_is_not_linked_again():
    # Rulebook: "on a Fixed Line 5-6-7, if you write another 6 next to the 7, you may not connect them."
    state = hub_game(4, [(1, 2), (2, 3), (3, 4), (1, 4)])
    for circle, value in ((1, 5), (2, 6), (3, 7)):
        state = write(state, circle, value)
    assert state.board.fixed_lines() == ((1, 2, 3),)
    roll, op = roll_for(state, 6)
    assert link_choices(state, roll, op, 4) == (LinkChoice(None, None),)
    with pytest.raises(IllegalAction, match="has no touching number it may link to"):
        apply(state, Action(roll, op, 4, (3,)))
    state = apply(state, Action(roll, op, 4))
    assert state.board.fixed_lines() == ((1, 2, 3),)
    assert state.board.orphans() == (4,)


def test_a_line_grows_from_either_end_only():
    state = hub_game(4, [(1, 2), (2, 3), (2, 4)])
    state = write(write(state, 1, 4), 2, 5)
    state = write(state, 3, 6)   # grows the top
    state = write(state, 4, 4)   # touches the 5, but the 5 is already linked downward
    assert state.board.fixed_lines() == ((1, 2, 3),)
    assert state.board.orphans() == (4,)


def test_a_skull_takes_no_links():
    state = hub_game(2, [(1, 2)], dangerous=(2,))
    state = write(state, 1, 6)
    roll, op = roll_for(state, 7)
    with pytest.raises(IllegalAction, match="a skull takes no links"):
        apply(state, Action(roll, op, 2, (1,)))
    state = apply(state, Action(roll, op, 2))
    assert state.board.cell(2) == "skull" and state.board.fixed_lines() == ()


def test_zero_links_only_upward():
    state = hub_game(2, [(1, 2)])
    state = write(write(state, 1, 1), 2, 0)
    assert state.board.fixed_lines() == ((2, 1),)


# --- Mapped Zones -----------------------------------------------------------------------------------

def test_zones_appear_grow_and_merge():
    state = hub_game(5, [(1, 2), (3, 4), (2, 5), (5, 3)])
    state = write(write(state, 1, 3), 2, 3)
    assert state.board.zone_list() == ((1, 2),)
    state = write(write(state, 3, 3), 4, 3)
    assert sorted(state.board.zone_list()) == [(1, 2), (3, 4)]
    state = write(state, 5, 3)
    assert state.board.zone_list() == ((1, 2, 3, 4, 5),)


def test_a_circle_can_be_in_a_line_and_a_zone():
    state = hub_game(3, [(1, 2), (2, 3)])
    state = write(write(write(state, 1, 4), 2, 5), 3, 5)
    assert state.board.fixed_lines() == ((1, 2),)
    assert state.board.zone_list() == ((2, 3),)
    assert state.board.orphans() == ()


def test_a_new_zone_of_0s_1s_or_2s_is_reported():
    state = hub_game(4, [(1, 2), (3, 4)])
    state = write(state, 1, 2)
    assert not state.earned
    state = write(state, 2, 2)
    assert state.earned                         # a new zone of 2s
    state = write(write(state, 3, 5), 4, 5)
    assert not state.earned                     # a zone of 5s earns nothing


def test_growing_an_existing_zone_earns_nothing():
    state = hub_game(3, [(1, 2), (2, 3)])
    state = write(write(state, 1, 1), 2, 1)
    assert state.earned
    state = write(state, 3, 1)
    assert not state.earned


# --- Max (Free Solo) --------------------------------------------------------------------------------

def test_max_writes_the_best_result_in_the_players_circle():
    state = new_game(load_sheet("dhaulagiri"), solo=True)  # circle 0 is dangerous
    state = apply(state, Action(Roll.of(3, 2), Op.LOWER, 1))
    assert state.board.cell(1) == 2 and state.max_board.cell(1) == 6
    state = apply(state, Action(Roll.of(2, 2), Op.LOWER, 0))  # Max's 4 fits the dangerous circle
    assert state.max_board.cell(0) == 4
    state = apply(state, Action(Roll.of(4, 2), Op.LOWER, 3))  # Max: 8
    assert state.max_board.cell(3) == 8 and state.board.cell(3) == 2
    assert state.ops == (3, 0, 0, 0, 0)   # Max keeps no option table


def test_max_gets_a_skull_where_his_result_is_too_big():
    state = new_game(load_sheet("kagkot"), solo=True)   # circle 3 is dangerous
    state = apply(state, Action(Roll.of(4, 2), Op.DIFFERENCE, 3))
    assert state.board.cell(3) == 2 and state.max_board.cell(3) == "skull"


def test_max_link_choices_are_the_players_to_make():
    state = hub_game(3, [(1, 3), (2, 3)], solo=True)
    # Rolls (2, 3): Max writes 6; the player a 3. Give Max two 5s around circle 3.
    roll = Roll.of(2, 3)
    state = apply(state, Action(Roll.of(5, 0), Op.HIGHER, 1))
    state = apply(state, Action(Roll.of(5, 0), Op.HIGHER, 2))
    assert state.max_board.cell(1) == 5 and state.max_board.cell(2) == 5
    assert max_link_choices(state, roll, 3) == (LinkChoice(1, None), LinkChoice(2, None))
    with pytest.raises(IllegalAction, match="ambiguous links: Max's 6 in circle 3.*max_links"):
        apply(state, Action(roll, Op.LOWER, 3))
    after = apply(state, Action(roll, Op.LOWER, 3, max_links=(2,)))
    assert after.max_board.fixed_lines() == ((2, 3),)
    assert {a.max_links for a in legal_actions(state, roll) if a.circle == 3} == {(1,), (2,)}


def test_max_earns_a_card_for_a_new_zone_of_1s_or_2s_never_more_than_3():
    state = hub_game(8, [(1, 2), (3, 4), (5, 6), (7, 8)], solo=True)
    ones = Roll.of(1, 0)  # every option 0 or 1: Max writes 1
    for a, b in ((1, 2), (3, 4), (5, 6)):
        state = apply(state, Action(ones, Op.LOWER, a))
        state = apply(state, Action(ones, Op.LOWER, b))
        assert state.max_earned
    assert state.max_assists == 3
    state = apply(state, Action(ones, Op.HIGHER, 7))
    state = apply(state, Action(ones, Op.HIGHER, 8))
    assert state.max_earned and state.max_assists == 3
    # He holds three cards, but an Ascent's total leaves them out: he cashes them only on an
    # Expedition's last Ascent.
    assert max_score(state).total == score_board(state.max_board, max_rules=True).total
    assert "assists" not in max_score(state).to_dict()


def test_max_earns_for_2s_but_not_for_a_zone_of_other_numbers():
    state = hub_game(4, [(1, 2), (3, 4)], solo=True)
    twos = Roll.of(1, 1)      # lower 1, higher 1, difference 0, sum 2, product 1: Max writes 2
    state = apply(state, Action(twos, Op.DIFFERENCE, 1))
    state = apply(state, Action(twos, Op.DIFFERENCE, 2))
    assert state.max_earned and state.max_assists == 1
    assert state.earned           # the player made a zone of 0s meanwhile
    threes = Roll.of(2, 1)    # Max writes 3
    state = apply(state, Action(threes, Op.LOWER, 3))
    state = apply(state, Action(threes, Op.LOWER, 4))
    assert not state.max_earned and state.max_assists == 1


# --- Assist cards -----------------------------------------------------------------------------------

def test_compass_writes_where_nothing_is_filled_nearby():
    state = apply(new_game(load_sheet("dunai")), Action(Roll.of(3, 2), Op.SUM, 0))
    far = Action(Roll.of(3, 2), Op.SUM, 18, assists=(Assist.COMPASS,))
    state2 = apply(state, far)   # untracked cards: the file says it was used
    assert state2.board.cell(18) == 5
    near = Action(Roll.of(3, 2), Op.SUM, 1, assists=(Assist.COMPASS,))
    assert "the Compass is for a circle touching no filled circle" in why_not(state, near)
    assert set(playable_circles(state, compass=True)) == set(range(19)) - {0, 1, 2}


def test_cards_must_be_held_when_tracked():
    state = new_game(load_sheet("dunai"), assists=[Assist.COMPASS])
    state = apply(state, Action(Roll.of(3, 2), Op.SUM, 0))
    tent = Action(Roll.of(3, 2), Op.SUM, 1, assists=(Assist.TENT,))
    assert why_not(state, tent).startswith("the tent card is not held")
    compass_moves = [a for a in legal_actions(state, Roll.of(3, 2)) if a.assists]
    assert compass_moves and all(a.assists == (Assist.COMPASS,) for a in compass_moves)
    assert {a.circle for a in compass_moves} == set(range(19)) - {0, 1, 2}
    state = apply(state, compass_moves[0])
    assert state.assists == ()


def test_tent_sums_once_more_with_the_boxes_full():
    state = new_game(load_sheet("dunai"), assists=[Assist.TENT])
    roll = Roll.of(2, 2)
    for circle in (0, 2, 3, 4):
        state = apply(state, Action(roll, Op.SUM, circle))
    with pytest.raises(IllegalAction, match="the Tent allows a sum, not the lower option"):
        apply(state, Action(roll, Op.LOWER, 5, assists=(Assist.TENT,)))
    state = apply(state, Action(roll, Op.SUM, 5, assists=(Assist.TENT,)))
    assert state.board.cell(5) == 4 and state.ops[Op.SUM] == 4 and state.tents == 1
    assert state.assists == ()


def test_rope_links_across_one_circle():
    # Path 1-2-3: a 4 in circle 1, a 9 in circle 2; the 5 in circle 3 ropes to the 4 across the 9.
    state = hub_game(3, [(1, 2), (2, 3)])
    state = write(write(state, 1, 4), 2, 9)
    roll, op = roll_for(state, 5)
    rope = Action(roll, op, 3, assists=(Assist.ROPE,), rope=(3, 1))
    assert link_choices(state, roll, op, 3, rope=1) == (LinkChoice(1, None, rope=1),)
    state = apply(state, rope)
    assert state.board.fixed_lines() == ((1, 3),)
    assert state.board.ropes == ((1, 3),)


def test_rope_rules_two_steps_consecutive_free_end():
    state = hub_game(4, [(1, 2), (2, 3), (3, 4)])
    state = write(write(state, 1, 4), 2, 5)    # line 4-5 in circles 1-2: the 4 is linked upward
    roll, op = roll_for(state, 5)
    wrong = [
        (Action(roll, op, 3, assists=(Assist.ROPE,), rope=(3, 2)), "not separated by exactly one circle"),
        (Action(roll, op, 3, assists=(Assist.ROPE,), rope=(3, 1)), "with that end already linked"),
        (Action(roll, op, 3, assists=(Assist.ROPE,), rope=(4, 2)), "must include the circle written"),
        (Action(roll, op, 3, assists=(Assist.ROPE,)), "the Rope needs 'rope'"),
        (Action(roll, op, 3, rope=(3, 1)), "the Rope card is not used"),
    ]
    for action, reason in wrong:
        assert reason in why_not(state, action), action
    six, op6 = roll_for(state, 7)
    assert "holds 4" in why_not(state, Action(six, op6, 3, assists=(Assist.ROPE,), rope=(3, 1)))


def test_rope_across_an_empty_circle_and_the_other_direction_still_links():
    # Circles 1 (a 4), 2 (empty), 3 (new 5), 4 (a lone 6 touching 3): the rope takes the 4, the 6 links too.
    state = hub_game(4, [(1, 2), (2, 3), (3, 4)])
    state = write(write(state, 1, 4), 4, 6)
    roll, op = roll_for(state, 5)
    state = apply(state, Action(roll, op, 3, (4,), assists=(Assist.ROPE,), rope=(1, 3)))
    assert state.board.fixed_lines() == ((1, 3, 4),)


def test_schnapps_turn_records_the_new_dice():
    state = new_game(load_sheet("dunai"), assists=[Assist.SCHNAPPS])
    turn = Action(Roll.of(6, 5), Op.PRODUCT, 0, assists=(Assist.SCHNAPPS,))
    assert turn.to_dict()["dice"] == [6, 5] and turn.to_dict()["assist"] == "schnapps"
    state = apply(state, turn)
    assert state.board.cell(0) == "skull" and state.assists == ()
    assert all(Assist.SCHNAPPS not in a.assists for a in legal_actions(state, Roll.of(1, 1)))


def test_taking_a_card_after_a_new_zone_of_low_numbers():
    state = new_game(hub_sheet(4, [(1, 2), (3, 4)]), assists=[])
    state = write(state, 0, 9)
    roll, op = roll_for(state, 0)
    state = apply(state, Action(roll, op, 1))
    assert why_not(state, Action(roll, op, 3, take=Assist.ROPE)).startswith("a card is taken only")
    state = apply(state, Action(roll, op, 2, take=Assist.ROPE))
    assert state.earned and state.assists == (Assist.ROPE,)


def test_a_fourth_card_means_giving_one_back():
    state = new_game(hub_sheet(2, [(1, 2)]), assists=[Assist.ROPE, Assist.TENT, Assist.TENT])
    state = write(write(state, 0, 9), 1, 1)
    roll, op = roll_for(state, 1)
    assert "giving one back" in why_not(state, Action(roll, op, 2, take=Assist.COMPASS))
    assert "not a card you hold" in why_not(state, Action(roll, op, 2, take=Assist.COMPASS,
                                                          give_back=Assist.SCHNAPPS))
    state = apply(state, Action(roll, op, 2, take=Assist.COMPASS, give_back=Assist.ROPE))
    assert state.assists == (Assist.COMPASS, Assist.TENT, Assist.TENT)


def test_untracked_games_take_no_cards():
    state = hub_game(2, [(1, 2)])
    state = write(state, 1, 1)
    roll, op = roll_for(state, 1)
    assert "not tracked" in why_not(state, Action(roll, op, 2, take=Assist.ROPE))


def test_max_links_without_max_are_refused():
    state = hub_game(1, [])
    roll, op = roll_for(state, 3)
    assert "no Max" in why_not(state, Action(roll, op, 1, max_links=()))


# --- turns as data ----------------------------------------------------------------------------------

def test_turns_round_trip_through_their_json_form():
    turn = Action(Roll.of(4, 1), Op.SUM, 7, (6,), (8, 9), (Assist.ROPE, Assist.TENT), (7, 5), Assist.COMPASS,
                  Assist.TENT)
    doc = turn.to_dict()
    assert doc == {"dice": [4, 1], "op": "sum", "circle": 7, "links": [6], "max_links": [8, 9],
                   "assist": ["rope", "tent"], "rope": [7, 5], "take": "compass", "give_back": "tent"}
    assert Action.from_dict(doc) == turn
    assert Action.from_dict({"dice": [4, 1], "op": "SUM", "circle": "7"}) == Action(Roll.of(4, 1), Op.SUM, 7)


@pytest.mark.parametrize("doc, message", [
    ({"dice": [4, 1], "op": "plus", "circle": 7}, "unknown dice option 'plus'"),
    ({"dice": [4], "op": "sum", "circle": 7}, "'dice' must be"),
    ({"dice": [4, 6], "op": "sum", "circle": 7}, "yellow die shows 0 to 5"),
    ({"dice": [4, 1], "op": "sum"}, "a turn needs 'circle'"),
    ({"dice": [4, 1], "op": "sum", "circle": "x"}, "not a circle id"),
    ({"dice": [4, 1], "op": "sum", "circle": 7, "link": [6]}, "unknown turn field 'link'"),
    ({"dice": [4, 1], "op": "sum", "circle": 7, "assist": "map"}, "unknown Assist card 'map'"),
    ({"dice": [4, 1], "op": "sum", "circle": 7, "links": 6}, "'links' must be a list"),
    ({"dice": [4, 1], "op": "sum", "circle": 7, "rope": [7]}, "'rope' must be a pair"),
])
def test_malformed_turns_are_refused_naming_the_field(doc, message):
    with pytest.raises(InvalidInput, match=message):
        Action.from_dict(doc)


def test_apply_never_changes_the_state_it_is_given():
    state = hub_game(2, [(1, 2)])
    before = (state.board, state.ops, state.turn)
    after = write(state, 1, 4)
    assert (state.board, state.ops, state.turn) == before
    assert after.turn == state.turn + 1 and after.board.cell(1) == 4 and state.board.cell(1) is None
