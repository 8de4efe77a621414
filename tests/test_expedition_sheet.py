"""An Expedition's Ascent played on the app's sheet: the sheet draws its Assist cards from the Expedition's
cards in play, in the rulebook's order, and gives them back; the Expedition and the sheet never disagree.

Rulebook passages (shared/rules/trek12.txt, Expedition Mode): "Each time you create a new Zone made of 0s,
1s, or 2s, you may take one of the revealed Assist cards"; "When several players need to pick a card at the
same time, start with the Lead Climber and go clockwise. The last player involved becomes the new Lead
Climber"; "If there are no Assist cards left when it is your turn to pick, you don't get one, but you still
take the Lead Climber card"; "discard one of your Assist cards (put it back in the box)".
"""

from __future__ import annotations

import random
import re

import pytest

from companion.errors import IllegalAction, InvalidInput
from companion.games.expedition import session
from companion.games.expedition.rules import ActionType, expected, sheet_results, sheet_seats
from companion.games.trek12.rules import ROLLS, Assist, apply as play, legal_actions
from companion.games.trek12.scoring import score

ROPE, TENT, COMPASS, SCHNAPPS = Assist.ROPE, Assist.TENT, Assist.COMPASS, Assist.SCHNAPPS


def act(state, **action):
    return session.apply(state, action)


def refused(error, message, state, **action):
    with pytest.raises(error, match=re.escape(message)):
        act(state, **action)


def _moves(state, seat, rng, *, earn=None, max_earn=None, cards=()):
    """Legal turns for an app seat this round (no card taken), optionally only those that do (not) make a
    new zone for the player or for Max, and that use exactly `cards`."""
    table = state.table
    index = sheet_seats(state).index(seat)
    roll = table.roll or rng.choice(ROLLS)
    out = []
    for move in legal_actions(table.states[index], roll):
        if set(move.assists) != set(cards):
            continue
        after = play(table.states[index], move)
        if earn is not None and after.earned != earn:
            continue
        if max_earn is not None and after.max_earned != max_earn:
            continue
        out.append(move)
    return out


def turn(state, seat, rng, **want):
    """Write one legal turn for `seat` (one that matches `want` when the roll allows; else any)."""
    name = state.setup.names[seat]
    moves = _moves(state, seat, rng, **want) or _moves(state, seat, rng, cards=want.get("cards", ()))
    return act(state, type="turn", player=name, **rng.choice(moves).to_dict())


def picks_of_none(state):
    return act(state, type="pick", picks=[{"player": state.setup.names[n], "card": None} for n in state.due])


def test_the_sheet_takes_the_expeditions_cards_and_the_rounds_picks_go_in_lead_order():
    state = session.start({"players": ["Ann", "Bob", {"name": "Cy", "paper": True}], "lead": "Bob"})
    state = act(state, type="reveal", cards=["rope", "rope", "tent", "compass", "schnapps", "tent"])
    state = act(state, type="pick", picks=[{"player": "Cy", "card": "tent"}])  # a paper player, earlier
    assert expected(state)[0] is ActionType.SHEET
    state = act(state, type="sheet", dice_seed=5)
    assert sheet_seats(state) == (0, 1) and [s.assists for s in state.table.states] == [(), ()]
    refused(IllegalAction, "a card is not taken in the turn", state, type="turn", player="Ann",
            dice=[3, 2], op="sum", circle=8, take="rope")
    refused(IllegalAction, "Cy plays on paper", state, type="turn", player="Cy", dice=[3, 2], op="sum", circle=8)
    rng = random.Random(2)
    # Rounds without a new zone until one where both make one.
    while True:
        ann_earns = bool(_moves(state, 0, rng, earn=True)) if state.table.roll is None else False
        if state.table.round > 1 and ann_earns:
            break
        state = turn(state, 0, rng, earn=False)
        state = turn(state, 1, rng, earn=False)
        assert state.due == ()
    state = turn(state, 0, rng, earn=True)
    assert state.due == ()  # the round is not over: Bob has still to write
    state = turn(state, 1, rng, earn=True) if _moves(state, 1, rng, earn=True) else turn(state, 1, rng)
    bob_earned = state.table.states[1].earned
    assert state.due == ((0, 1) if bob_earned else (0,))
    assert expected(state) == (ActionType.PICK,)
    refused(IllegalAction, "the round's picks come first", state, type="turn", player="Ann",
            dice=[1, 1], op="sum", circle=0)
    refused(IllegalAction, "Ann", state, type="pick", picks=[{"player": "Cy", "card": "rope"}])
    if not bob_earned:
        refused(IllegalAction, "Bob made no new zone", state, type="pick",
                picks=[{"player": "Ann", "card": "rope"}, {"player": "Bob", "card": "rope"}])
        state = act(state, type="pick", picks=[{"player": "Ann", "card": "rope"}, {"player": "Cy", "card": "rope"}])
        # From the Lead Climber (Bob) clockwise: Cy, then Ann, who is last and leads now.
        assert state.lead == 0
    else:
        state = act(state, type="pick", picks=[{"player": "Ann", "card": "rope"}, {"player": "Bob", "card": "rope"}])
        assert state.lead == 0  # Bob leads, so he picks first and Ann, after him, is last
    assert state.hands[0] == (ROPE,) and state.table.states[0].assists == (ROPE,)
    assert all(sheet.assists == state.hands[n] for n, sheet in zip(sheet_seats(state), state.table.states))
    refused(IllegalAction, "Ann's sheet is played in the app: a card is used there", state,
            type="use", player="Ann", card="rope")


def test_a_card_used_on_the_sheet_goes_back_in_the_box_and_a_card_not_held_is_refused():
    state = session.start({"players": ["Ann", "Bob"]})
    state = act(state, type="reveal", cards=["tent", "tent", "compass", "rope", "schnapps"])
    state = act(state, type="sheet", dice_seed=None)
    rng = random.Random(4)
    state = turn(state, 0, rng)
    state = turn(state, 1, rng)
    if state.due:
        state = picks_of_none(state)
    refused(IllegalAction, "the tent card is not held", state, type="turn", player="Ann", dice=[6, 5], op="sum",
            circle=_moves(state, 0, rng)[0].circle, assist="tent")
    # Give Ann a Tent through a round's picks, then use it.
    while not state.due or 0 not in state.due:
        state = turn(state, 0, rng, earn=True)
        state = turn(state, 1, rng, earn=False)
        if state.due and 0 not in state.due:
            state = picks_of_none(state)
    state = act(state, type="pick", picks=[{"player": state.setup.names[n], "card": "tent" if n == 0 else None}
                                           for n in state.due])
    assert state.hands[0] == (TENT,) and state.pool.count(TENT) == 1
    tent_turns = _moves(state, 0, rng, cards=(TENT,))
    while not tent_turns:
        state = turn(state, 0, rng, earn=False)
        state = turn(state, 1, rng, earn=False)
        if state.due:
            state = picks_of_none(state)
        tent_turns = _moves(state, 0, rng, cards=(TENT,))
    box = state.box
    state = act(state, type="turn", player="Ann", **tent_turns[0].to_dict())
    assert state.hands[0] == () and state.table.states[0].assists == () and state.box == tuple(sorted(
        box + (TENT,), key=list(Assist).index))


def test_an_earner_with_no_card_left_still_takes_the_lead_climber_card():
    state = session.start({"players": ["Ann"] + [{"name": n, "paper": True} for n in ("Bob", "Cy", "Di")]})
    state = act(state, type="reveal", cards=["rope", "rope", "tent", "tent", "compass", "compass", "schnapps"])
    for name, cards in (("Bob", ["rope", "rope", "tent"]), ("Cy", ["tent", "compass", "compass"]),
                        ("Di", ["schnapps"])):
        for card in cards:
            state = act(state, type="pick", picks=[{"player": name, "card": card}])
    assert state.pool == () and state.lead == 3
    state = act(state, type="sheet", dice_seed=1)
    rng = random.Random(9)
    while not state.due:
        state = turn(state, 0, rng, earn=True)
    refused(IllegalAction, "cannot take a rope: none is left in play", state, type="pick",
            picks=[{"player": "Ann", "card": "rope"}])
    state = act(state, type="pick", picks=[{"player": "Ann", "card": None}])
    assert state.lead == 0 and state.hands[0] == ()


def test_max_on_the_sheet_earns_from_1s_and_2s_picks_with_the_player_and_never_a_fourth():
    state = session.start({"players": ["Ann"], "solo": "max"})
    state = act(state, type="reveal", cards=["rope", "rope", "tent", "compass", "schnapps"])
    state = act(state, type="sheet", dice_seed=3)
    rng = random.Random(11)
    taken = 0
    while not state.table.complete:
        state = turn(state, 0, rng, earn=False, max_earn=True)
        if state.due:
            assert 1 in state.due or state.table.states[0].earned
            if 1 in state.due:
                card = [c for c in state.pool if c is not SCHNAPPS][:1]
                if len(state.hands[1]) >= 3 or not card:
                    if len(state.hands[1]) >= 3:
                        refused(IllegalAction, "Max holds 3 Assist cards already", state, type="pick",
                                picks=[{"player": "Max", "card": state.pool[0].value}])
                    state = picks_of_none(state)
                else:
                    picks = [{"player": "Max", "card": card[0].value}] + \
                        [{"player": "Ann", "card": None} for n in state.due if n == 0]
                    state = act(state, type="pick", picks=picks)
                    taken += 1
            else:
                state = picks_of_none(state)
        assert state.table.states[0].max_assists == len(state.hands[1]) <= 3
    assert taken >= 1
    refused(InvalidInput, "'scores' has no score for Ann", session.start({"players": ["Ann", "Bob"], "cards": "off"}),
            type="score", scores={"Bob": 3})


def test_the_ascent_is_scored_from_the_sheet_once_full_with_only_the_cards_cashed():
    state = session.start({"players": ["Ann", {"name": "Bob", "paper": True}], "cards": "typed"})
    state = act(state, type="reveal", cards=["rope", "rope", "tent", "compass", "schnapps"])
    state = act(state, type="pick", picks=[{"player": "Bob", "card": "compass"}])
    state = act(state, type="sheet", dice_seed=8)
    refused(IllegalAction, "the Ascent is scored once every circle is filled", state, type="score",
            scores={"Bob": 60})
    rng = random.Random(5)
    while not state.table.complete:
        state = turn(state, 0, rng)
        if state.due:
            card = state.pool[0].value if state.pool and len(state.hands[0]) < 3 else None
            state = act(state, type="pick", picks=[{"player": "Ann", "card": card}])
    points, _met = sheet_results(state)[0]
    held = state.hands[0]
    assert held and score(state.table.states[0]).assists == 0  # held cards count nothing by themselves
    refused(IllegalAction, f"Ann's sheet in the app scores {points} before cards, not {points + 1}", state,
            type="score", scores={"Ann": points + 1, "Bob": 60})
    state = act(state, type="score", scores={"Bob": 60}, cash={"Ann": [held[0].value], "Bob": ["compass"]})
    result = state.results[0]
    assert result.points == (points, 60) and result.totals == (points + 3, 63)
    assert state.hands[0] == held[1:] and state.table is None and state.phase.value == "reveal"


def test_a_solo_expedition_with_cards_off_still_counts_maxs_cards():
    state = session.start({"players": ["Ann"], "solo": "max", "cards": "off"})
    assert ActionType.PICK in expected(state)
    refused(IllegalAction, "only Max's are counted, so Ann's pick stays on the table", state, type="pick",
            picks=[{"player": "Ann", "card": "rope"}])
    for card in ("rope", "tent", "rope"):
        state = act(state, type="pick", picks=[{"player": "Max", "card": card}])
    refused(IllegalAction, "Max holds 3 Assist cards already", state, type="pick",
            picks=[{"player": "Max", "card": "rope"}])
    for points in (70, 70):
        state = act(state, type="score", scores={"Ann": points, "Max": 60})
    state = act(state, type="score", scores={"Ann": 80, "Max": 60})
    assert state.results[-1].totals == (80, 69) and state.over
