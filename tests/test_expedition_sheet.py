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


def _moves(state, seat, roll, *, earn=None, max_earn=None, cards=()):
    """Legal turns for an app seat with this roll (no card taken), optionally only those that do (not) make
    a new zone for the player or for Max, and that use exactly `cards`."""
    table = state.table
    index = sheet_seats(state).index(seat)
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


def turn(state, seat, rng, *, roll=None, **want):
    """Write one legal turn for `seat` with the round's roll (or `roll`, or a random one): one that matches
    `want` when the roll allows, else any."""
    name = state.setup.names[seat]
    fixed = state.table.roll or roll
    moves = []
    for _ in range(1 if fixed else 30):  # the dice are the players' to enter: look for a roll that fits
        roll = fixed or rng.choice(ROLLS)
        moves = _moves(state, seat, roll, **want)
        if moves:
            break
    moves = moves or _moves(state, seat, roll, cards=want.get("cards", ()))
    return act(state, type="turn", player=name, **rng.choice(moves).to_dict())


def picks_of_none(state):
    return act(state, type="pick", picks=[{"player": state.setup.names[n], "card": None} for n in state.due])


def test_the_sheet_takes_the_expeditions_cards_and_the_rounds_picks_go_in_lead_order():
    state = session.start({"players": ["Ann", "Bob", {"name": "Cy", "paper": True}], "lead": "Bob"})
    state = act(state, type="reveal", cards=["rope", "rope", "tent", "compass", "schnapps", "tent"])
    state = act(state, type="pick", picks=[{"player": "Cy", "card": "tent"}])  # a paper player, earlier
    assert state.lead == 2
    assert expected(state)[0] is ActionType.SHEET
    state = act(state, type="sheet", dice_seed=5)
    assert sheet_seats(state) == (0, 1) and [s.assists for s in state.table.states] == [(), ()]
    refused(IllegalAction, "a card is not taken in the turn", state, type="turn", player="Ann",
            dice=[3, 2], op="sum", circle=8, take="rope")
    refused(IllegalAction, "Cy plays on paper", state, type="turn", player="Cy", dice=[3, 2], op="sum", circle=8)
    rng = random.Random(2)
    # Rounds without a new zone until a roll with which Ann makes one.
    while True:
        roll = rng.choice(ROLLS)
        if state.table.round > 1 and _moves(state, 0, roll, earn=True):
            break
        state = turn(state, 0, rng, roll=roll, earn=False)
        state = turn(state, 1, rng, earn=False)
        assert state.due == ()
    state = turn(state, 0, rng, roll=roll, earn=True)
    assert state.table.states[0].earned and state.due == ()  # the round is not over: Bob has still to write
    state = turn(state, 1, rng, earn=True)
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
        # Cy leads since his pick before the sheet: Cy, then Ann, who is last and leads now.
        assert state.lead == 0 and state.hands[2] == (ROPE, TENT)
    else:
        state = act(state, type="pick", picks=[{"player": "Ann", "card": "rope"}, {"player": "Bob", "card": "rope"}])
        # From the Lead Climber (Cy, since his pick before the sheet) clockwise: Ann, then Bob, who leads now.
        assert state.lead == 1 and state.hands[1] == (ROPE,)
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
            circle=_moves(state, 0, rng.choice(ROLLS))[0].circle, assist="tent")
    # Give Ann a Tent through a round's picks, then use it.
    while not state.due or 0 not in state.due:
        state = turn(state, 0, rng, earn=True)
        state = turn(state, 1, rng, earn=False)
        if state.due and 0 not in state.due:
            state = picks_of_none(state)
    state = act(state, type="pick", picks=[{"player": state.setup.names[n], "card": "tent" if n == 0 else None}
                                           for n in state.due])
    assert state.hands[0] == (TENT,) and state.pool.count(TENT) == 1
    tent_turns = _moves(state, 0, rng.choice(ROLLS), cards=(TENT,))
    while not tent_turns:
        state = turn(state, 0, rng, earn=False)
        state = turn(state, 1, rng, earn=False)
        if state.due:
            state = picks_of_none(state)
        tent_turns = _moves(state, 0, rng.choice(ROLLS), cards=(TENT,))
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


def _until_max_picks(state, rng):
    """Play Ann's rounds, preferring those where Max alone makes a new zone of 1s or 2s, until he has to
    pick; rounds where only Ann made one end with her taking no card."""
    while 1 not in state.due:
        if state.due:
            state = picks_of_none(state)
        state = turn(state, 0, rng, max_earn=True)
    return state


def test_max_on_the_sheet_earns_from_1s_and_2s_and_takes_the_card_chosen_for_him():
    state = session.start({"players": ["Ann"], "solo": "max"})
    state = act(state, type="reveal", cards=["rope", "rope", "tent", "compass", "schnapps"])
    state = act(state, type="sheet", dice_seed=3)
    state = _until_max_picks(state, random.Random(11))
    assert 1 in state.due and state.table.states[0].max_earned
    state = act(state, type="pick", picks=[{"player": state.setup.names[n], "card": "tent" if n == 1 else None}
                                           for n in state.due])
    assert state.hands[1] == (TENT,) and state.table.states[0].max_assists == 1 and state.lead == 1


def test_max_at_three_is_in_the_round_with_no_card_and_may_take_the_lead():
    # "don't take a 4th for him"; like a player who finds no card left, he is still involved in the round.
    state = session.start({"players": ["Ann"], "solo": "max"})
    state = act(state, type="reveal", cards=["rope", "rope", "tent", "compass", "schnapps"])
    for card in ("rope", "tent", "compass"):
        state = act(state, type="pick", picks=[{"player": "Max", "card": card}])
    state = act(state, type="pick", picks=[{"player": "Ann", "card": None}])  # Ann leads again
    state = act(state, type="sheet", dice_seed=3)
    assert state.table.states[0].max_assists == 3 and state.lead == 0
    state = _until_max_picks(state, random.Random(11))
    assert 1 in state.due
    others = [{"player": "Ann", "card": None}] if 0 in state.due else []
    refused(IllegalAction, "Max holds 3 Assist cards already; never take a 4th for him", state, type="pick",
            picks=[{"player": "Max", "card": "rope"}] + others)
    state = act(state, type="pick", picks=[{"player": "Max", "card": None}] + others)
    assert state.lead == 1 and len(state.hands[1]) == 3  # Max, after Ann from her lead, takes the lead and state.table.states[0].max_assists == 3
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
    # A challenge ticked that the sheet does not meet is named alone ("envelopes none, not 3" said nothing).
    unmet = [n for n in range(1, 7) if n not in _met]
    refused(IllegalAction, f"Ann's sheet in the app does not meet the challenge of envelope {unmet[0]}", state,
            type="score", scores={"Bob": 60}, challenges={"Ann": [*_met, unmet[0]]})
    refused(IllegalAction, f"Ann's sheet in the app does not meet the challenges of envelopes {unmet[0]} and "
            f"{unmet[1]}", state, type="score", scores={"Bob": 60}, challenges={"Ann": unmet[:2]})
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


def test_the_sheet_can_be_set_aside_for_paper_and_is_done_with_once_the_ascent_is_scored():
    state = session.start({"players": ["Ann", "Bob"], "cards": "off"})
    state = act(state, type="sheet", dice_seed=1)
    rng = random.Random(1)
    state = turn(turn(state, 0, rng), 1, rng)
    refused(IllegalAction, "the Ascent is scored once every circle is filled", state, type="score",
            scores={"Ann": 50, "Bob": 40})
    assert ActionType.SHEET in expected(state)
    paper = act(state, type="sheet", drop=True)      # a player leaves: the table goes on on paper
    assert paper.table is None and paper.due == ()
    paper = act(paper, type="score", scores={"Ann": 50, "Bob": 40})
    assert paper.results[0].totals == (50, 40)
    refused(IllegalAction, "no sheet of Ascent 2 is being played", paper, type="sheet", drop=True)
    # Scored from a full sheet, the Ascent leaves no sheet behind for the next one.
    full = act(state, type="sheet", drop=True)
    full = act(full, type="sheet", dice_seed=2)
    while not full.table.complete:
        full = turn(turn(full, 0, rng), 1, rng)
    full = act(full, type="score", scores={})
    assert full.table is None and full.ascent == 2 and expected(full)[0] is ActionType.SHEET


def test_an_ascent_played_in_the_app_replays_for_the_coachs_review():
    """The review weighs each turn on the sheet as it stood, with the cards held then: a card picked after a
    round is in the player's hand from the next turn on, as the Expedition gave it."""
    from companion.games.trek12 import review

    setup = {"players": ["Ann", {"name": "Bob", "paper": True}], "cards": "typed"}
    docs: list[dict] = []

    def do(state, **action):
        docs.append(action)
        return act(state, **action)

    state = do(session.start(setup), type="reveal", cards=["rope", "rope", "tent", "compass", "schnapps"])
    state = do(state, type="sheet", dice_seed=8)
    rng = random.Random(5)
    picked_before = None                    # the number of turns written when Ann first picked a card
    while not state.table.complete:
        assert session.ascent_played(setup, docs, 1) is None     # not to its last circle yet
        roll = rng.choice(ROLLS)
        moves = _moves(state, 0, roll) or _moves(state, 0, rng.choice(ROLLS))
        move = rng.choice(moves)
        state = do(state, type="turn", player="Ann", **move.to_dict())
        if state.due:
            card = state.pool[0].value if state.pool and len(state.hands[0]) < 3 else None
            if card is not None and picked_before is None:
                picked_before = sum(1 for d in docs if d["type"] == "turn")
            state = do(state, type="pick", picks=[{"player": "Ann", "card": card}])
    assert picked_before is not None
    full = len(docs)
    played, upto = session.ascent_played(setup, docs, 1)
    assert upto == full - (docs[-1]["type"] == "pick")
    assert played.end == state.table and played.start.states[0].assists == ()
    assert len(played.turns) == played.seat_turns(0) == state.table.sheet.n
    held = [table.states[0].assists for table, _turn in played.turns]
    assert held[picked_before - 1] == () and len(held[picked_before]) == 1
    assert all(turn["player"] == 0 and "type" not in turn for _table, turn in played.turns)
    # Each turn knows how many of the Expedition's entries were saved before it: the count its hint was
    # seeded with on the sheet's screen, so the review weighs the turn as the hint did.
    assert [docs[n]["type"] for n in played.entries] == ["turn"] * len(played.turns)
    assert [docs[n]["circle"] for n in played.entries] == [turn["circle"] for _table, turn in played.turns]
    reviewed = list(review.rounds_of(played, 0, seed="t", playouts=40))
    assert [r.round for r in reviewed] == list(range(1, state.table.sheet.n + 1))
    assert all(r.cost == 0 and r.coachs for r in reviewed if str(r.played) == str(r.best))    # the coach's own move
    assert reviewed == list(review.rounds_of(played, 0, seed="t", playouts=40))      # the same figures again
    assert review.finish_of(played, 0, tuple(reviewed), seed="t", playouts=40).final == score(state.table.states[0]).total
    # Scored and gone on to the next Ascent, the sheet is still there to review; the next Ascent has none yet.
    state = do(state, type="score", scores={"Bob": 60})
    assert session.ascent_played(setup, docs, 1) == (played, upto)
    assert session.ascent_played(setup, docs, 2) is None
    # A sheet set aside for paper has nothing to review.
    assert session.ascent_played(setup, docs[:full] + [{"type": "sheet", "drop": True}], 1) is None
    assert session.ascent_played(setup, docs[:3] + [{"type": "nonsense"}], 1) is None
