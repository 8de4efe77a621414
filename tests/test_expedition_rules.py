"""Expedition rules: Assist cards around the Ascents, the Lead Climber, envelopes and Max (rulebook, Expedition
Mode and Solo Expeditions). Each case is worked by hand from the rulebook's text."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from companion.errors import IllegalAction, InvalidInput
from companion.games.expedition import session
from companion.games.expedition.challenges import challenge, challenges_met
from companion.games.expedition.data import default_deck, parse_deck, sheet_for
from companion.games.expedition.rules import (ActionType, Phase, Record, current_records, expected,
                                             in_play_at_turns, lead_order, sealed_envelopes)
from companion.games.trek12.rules import Assist, fill_board
from companion.games.trek12.scoring import score_board

COMPASS, ROPE, TENT, SCHNAPPS = Assist.COMPASS, Assist.ROPE, Assist.TENT, Assist.SCHNAPPS


def start(players=("Ann", "Bob"), **setup):
    return session.start({"players": list(players), **setup})


def act(state, **action):
    return session.apply(state, action)


def scores(state, points=None, **extra):
    names = state.setup.names
    return act(state, type="score", scores=points or {n: 50 for n in names}, **extra)


def refused(error, message, state, **action):
    with pytest.raises(error, match=re.escape(message)):
        act(state, **action)


# -- reveal -----------------------------------------------------------------------------------------------

def test_default_deck_is_sixteen_cards_four_of_each_kind():
    deck = default_deck()
    assert deck.size == 16 and deck.to_dict() == {"compass": 4, "rope": 4, "tent": 4, "schnapps": 4}
    assert parse_deck({"compass": 6, "rope": 6, "tent": 2, "schnapps": 2}).size == 16
    with pytest.raises(InvalidInput, match="holds 15 cards; the box has 16"):
        parse_deck({"compass": 6, "rope": 5, "tent": 2, "schnapps": 2})
    with pytest.raises(InvalidInput, match="unknown Assist card 'ice axe'"):
        parse_deck({"compass": 4, "rope": 4, "tent": 4, "schnapps": 4, "ice axe": 0})


def _reveal_counts(players):
    state = start(players=players, cards="drawn", seed=7)
    counts = []
    for _ in range(3):
        before = len(state.pool)
        state = act(state, type="reveal")
        counts.append(len(state.pool) - before)
        state = scores(state)
    return counts


def test_reveal_counts_players_plus_three_two_one():
    assert _reveal_counts(("Ann", "Bob")) == [5, 4, 3]
    assert _reveal_counts(("Ann", "Bob", "Cy")) == [6, 5, 4]
    # The rulebook's example, 8 cards for 5 players; then 7; Ascent 3 wants 6 but the deck has 1 left and no
    # card was played to shuffle back in, so only that one comes out.
    assert _reveal_counts(("Ann", "Bob", "Cy", "Dan", "Eve")) == [8, 7, 1]


def test_typed_reveal_must_name_exactly_the_count():
    state = start()
    refused(IllegalAction, "Ascent 1 reveals 5 Assist cards (3 + 2 players), not 4", state,
            type="reveal", cards=["rope", "rope", "tent", "tent"])
    refused(IllegalAction, "name the 5 Assist cards revealed", state, type="reveal")
    refused(IllegalAction, "the deck holds no more rope card", state,
            type="reveal", cards=["rope"] * 5)
    refused(InvalidInput, "unknown Assist card 'axe'", state, type="reveal", cards=["axe"] * 5)
    state = act(state, type="reveal", cards=["rope", "rope", "tent", "compass", "schnapps"])
    assert state.pool == (COMPASS, ROPE, ROPE, TENT, SCHNAPPS)
    assert len(state.deck) == 11 and state.phase is Phase.CLIMB
    refused(IllegalAction, "already in play", state, type="reveal", cards=["rope"] * 4)


def test_drawn_reveal_is_the_seeded_deck_and_refuses_typed_cards():
    one = act(start(cards="drawn", seed=3), type="reveal")
    two = act(start(cards="drawn", seed=3), type="reveal")
    assert one.pool == two.pool and one.deck == two.deck and len(one.deck) == 11
    refused(IllegalAction, "the app draws", start(cards="drawn", seed=3), type="reveal", cards=["rope"] * 5)
    with pytest.raises(InvalidInput, match="'seed' must be a whole number"):
        start(cards="drawn")


def test_not_enough_cards_shuffles_the_played_ones_back():
    five = ("Ann", "Bob", "Cy", "Dan", "Eve")
    state = start(players=five)
    state = act(state, type="reveal", cards=["compass"] * 4 + ["rope"] * 4)                    # 8 left
    state = scores(state)
    state = act(state, type="reveal", cards=["tent"] * 4 + ["schnapps"] * 3)                   # 1 left
    state = act(state, type="pick", picks=[{"player": "Ann", "card": "compass"}])
    state = act(state, type="use", player="Ann", card="compass")
    state = act(state, type="pick", picks=[{"player": "Bob", "card": "rope"}])
    state = scores(state, cash={"Bob": ["rope"]})
    assert state.deck == (SCHNAPPS,) and state.box == (COMPASS, ROPE)
    # Ascent 3 needs 6; the deck's 1 plus the 2 played cards make 3, all revealed.
    refused(IllegalAction, "reveals 3 Assist cards (only 3 cards are left in the deck after shuffling", state,
            type="reveal", cards=["schnapps"] * 6)
    state = act(state, type="reveal", cards=["schnapps", "rope", "compass"])
    assert state.deck == () and state.box == () and state.reveals[-1].reshuffled


def test_drawn_reshuffle_is_seeded_too():
    def run():
        state = start(players=("Ann", "Bob", "Cy", "Dan", "Eve"), cards="drawn", seed=11)
        state = scores(act(state, type="reveal"))
        state = act(state, type="reveal")
        card = state.pool[0]
        state = act(state, type="pick", picks=[{"player": "Ann", "card": card.value}])
        state = act(state, type="use", player="Ann", card=card.value)
        return act(scores(state), type="reveal")

    one, two = run(), run()
    assert one.reveals[-1].reshuffled and one.reveals[-1].cards == two.reveals[-1].cards
    assert len(one.reveals[-1].cards) == 2 and one.deck == ()


# -- picks and the Lead Climber ---------------------------------------------------------------------------

def four(**setup):
    state = start(players=("Ann", "Bob", "Cy", "Dan"), lead="Cy", **setup)
    return act(state, type="reveal", cards=["rope", "tent", "tent", "compass", "compass", "schnapps", "schnapps"])


def test_simultaneous_picks_go_from_the_lead_climber_clockwise_and_the_last_leads():
    state = four()
    assert lead_order(state) == (2, 3, 0, 1)
    # Listed in any order; Cy picks first, then Dan, then Ann: Dan gets the only Rope before Ann.
    picks = [{"player": "Ann", "card": "rope"}, {"player": "Dan", "card": "rope"}, {"player": "Cy", "card": "tent"}]
    refused(IllegalAction, "Ann cannot take a rope: none is left in play (Cy, Dan picked before Ann this round)",
            state, type="pick", picks=picks)
    picks[0]["card"] = "tent"
    state = act(state, type="pick", picks=picks)
    assert state.hands == ((TENT,), (), (TENT,), (ROPE,))
    assert state.lead == 0  # Ann, the last player involved, takes the Lead Climber card


def test_no_card_left_still_makes_the_last_player_lead_climber():
    state = four()
    state = act(state, type="pick", picks=[{"player": "Dan", "card": "rope"}])
    assert state.lead == 3
    # Bob (after Dan, Ann) has no Rope left: he takes nothing but the Lead Climber card.
    state = act(state, type="pick", picks=[{"player": "Bob", "card": None}, {"player": "Ann", "card": "tent"}])
    assert state.hands[1] == () and state.lead == 1


def test_a_player_picks_once_a_round():
    refused(IllegalAction, "Ann is listed twice", four(), type="pick",
            picks=[{"player": "Ann", "card": "tent"}, {"player": "ann", "card": "tent"}])


def test_at_most_three_cards_a_fourth_means_giving_one_back_into_play():
    state = four()
    for card in ("tent", "compass", "schnapps"):
        state = act(state, type="pick", picks=[{"player": "Ann", "card": card}])
    assert state.hands[0] == (COMPASS, TENT, SCHNAPPS)
    refused(IllegalAction, "Ann holds 3 Assist cards: taking a rope means putting one of them back", state,
            type="pick", picks=[{"player": "Ann", "card": "rope"}])
    refused(IllegalAction, "Ann does not hold a rope to give back", state,
            type="pick", picks=[{"player": "Ann", "card": "tent", "give_back": "rope"}])
    # Ann (after the Lead Climber, Ann) takes the Rope and gives back her Tent; Bob, next, may take it.
    state = act(state, type="pick", picks=[{"player": "Ann", "card": "rope", "give_back": "tent"},
                                           {"player": "Bob", "card": "tent"}])
    assert state.hands[0] == (COMPASS, ROPE, SCHNAPPS) and state.hands[1] == (TENT,)
    assert state.pool.count(TENT) == 1  # two Tents revealed: Ann's came back and Bob took one


def test_give_back_only_when_taking_a_fourth():
    refused(IllegalAction, "Ann holds 0 cards; a card is given back only when taking a fourth", four(),
            type="pick", picks=[{"player": "Ann", "card": "tent", "give_back": "tent"}])


def test_a_card_is_earned_by_a_new_zone_of_0s_1s_or_2s():
    refused(IllegalAction, "a card is earned only by a new zone of 0s, 1s or 2s, not of 3s", four(),
            type="pick", picks=[{"player": "Ann", "card": "tent", "zone": 3}])
    assert act(four(), type="pick", picks=[{"player": "Ann", "card": "tent", "zone": 0}]).hands[0] == (TENT,)


def test_unused_cards_and_cards_left_in_play_carry_to_the_next_ascent():
    state = four()
    state = act(state, type="pick", picks=[{"player": "Ann", "card": "rope"}])
    state = scores(state)
    assert state.ascent == 2 and state.phase is Phase.REVEAL
    assert state.hands[0] == (ROPE,)
    left = state.pool
    state = act(state, type="reveal", cards=["rope", "rope", "tent", "tent", "compass", "schnapps"])
    assert len(state.pool) == len(left) + 6 and state.hands[0] == (ROPE,)


def test_using_a_card_discards_it_to_the_box():
    state = act(four(), type="pick", picks=[{"player": "Ann", "card": "rope"}])
    refused(IllegalAction, "Bob does not hold a rope", state, type="use", player="Bob", card="rope")
    state = act(state, type="use", player="Ann", card="rope")
    assert state.hands[0] == () and state.box == (ROPE,)


def test_cashing_cards_adds_three_each_to_the_ascent_total():
    state = four()
    state = act(state, type="pick", picks=[{"player": "Ann", "card": "rope"}])
    state = act(state, type="pick", picks=[{"player": "Ann", "card": "tent"}])
    refused(IllegalAction, "Bob cannot cash a tent", state, type="score",
            scores={"Ann": 60, "Bob": 60, "Cy": 60, "Dan": 60}, cash={"Bob": ["tent"]})
    state = scores(state, {"Ann": 60, "Bob": 64, "Cy": 60, "Dan": 60}, cash={"Ann": ["rope", "tent"]})
    result = state.results[0]
    assert result.points[0] == 60 and result.totals[0] == 66 and result.cashed[0] == (ROPE, TENT)
    # With the two cards Ann reaches Dunai's 65 and outscores Bob's 64: summit and race.
    assert (result.stars[0].summit, result.stars[0].race, result.stars[1].race) == (1, 1, 0)
    assert state.hands[0] == () and state.box == (ROPE, TENT)


def test_actions_out_of_phase_are_refused():
    state = start()
    refused(IllegalAction, "Ascent 1 has not started: reveal its Assist cards first", state,
            type="pick", picks=[{"player": "Ann", "card": "rope"}])
    assert expected(state) == (ActionType.REVEAL,)
    off = start(cards="off")
    assert expected(off) == (ActionType.SHEET, ActionType.SCORE)
    assert expected(start(players=("Ann", {"name": "Bob", "paper": True}, ), cards="off")) == \
        (ActionType.SHEET, ActionType.SCORE)
    assert expected(start(players=({"name": "Ann", "paper": True}, {"name": "Bob", "paper": True}),
                          cards="off")) == (ActionType.SCORE,)
    refused(IllegalAction, "Assist cards are not tracked", off, type="reveal", cards=[])
    refused(IllegalAction, "not tracked", off, type="score", scores={"Ann": 1, "Bob": 1}, cash={"Ann": ["rope"]})


def test_malformed_actions_name_the_field():
    state = four()
    refused(InvalidInput, "unknown Expedition action type 'jump'", state, type="jump")
    refused(InvalidInput, "unknown Expedition action type", state, type=[])   # not a crash on a list
    refused(InvalidInput, "unknown field 'cards' in a 'use' action", state, type="use", player="Ann", cards=[])
    refused(InvalidInput, "'picks[0]': 'player': unknown player 'Zed'", state, type="pick",
            picks=[{"player": "Zed", "card": "rope"}])
    refused(InvalidInput, "'date' must be a date like", state, type="score",
            scores={"Ann": 1, "Bob": 1, "Cy": 1, "Dan": 1}, date="yesterday")


# -- envelopes ------------------------------------------------------------------------------------------

def test_only_the_leftmost_sealed_envelope_met_opens_by_its_own_challenger():
    state = start(players=("Ann", "Bob", "Cy"), cards="off")
    state = scores(state, {"Ann": 80, "Bob": 60, "Cy": 70}, challenges={"Ann": [3], "Bob": [4], "Cy": [2, 4]})
    # Envelope 2 is the leftmost met (by Cy only); 3 and 4 stay sealed even though met.
    assert state.phase is Phase.ENVELOPE and expected(state) == (ActionType.OPEN,)
    pending = state.envelopes[-1]
    assert (pending.number, state.setup.names[pending.opener], pending.note) == (2, "Cy", None)
    refused(IllegalAction, "open envelope 2 first", state, type="score", scores={"Ann": 1, "Bob": 1, "Cy": 1})
    state = act(state, type="open", note="  a new rule for the Tent  ")
    assert state.envelopes[-1].note == "a new rule for the Tent" and state.ascent == 2
    assert state.results[0].envelope == 2
    refused(IllegalAction, "no envelope is due", state, type="open", note="")


def test_the_highest_scorer_who_met_it_opens():
    state = start(players=("Ann", "Bob", "Cy"), cards="off")
    state = scores(state, {"Ann": 90, "Bob": 70, "Cy": 75}, challenges={"Bob": [1], "Cy": [1]})
    assert state.setup.names[state.envelopes[-1].opener] == "Cy"


def test_equal_scores_the_first_from_the_lead_climber_clockwise_opens():
    state = start(players=("Ann", "Bob", "Cy"), lead="Bob", cards="off")
    state = scores(state, {"Ann": 70, "Bob": 60, "Cy": 70}, challenges={"Ann": [5], "Cy": [5]})
    assert state.setup.names[state.envelopes[-1].opener] == "Cy"  # Bob leads: Cy comes before Ann


def test_envelopes_opened_before_stay_used_up_and_a_met_one_later_opens():
    state = start(cards="off", opened=[1, 2])
    state = scores(state, challenges={"Ann": [1, 2]})
    assert state.phase is Phase.CLIMB and state.ascent == 2 and state.envelopes == ()
    state = act(scores(state, challenges={"Bob": [1, 6]}), type="open", note="")
    state = scores(state, challenges={"Ann": [6], "Bob": [3]})
    assert [e.number for e in state.envelopes] == [6, 3]
    assert state.phase is Phase.ENVELOPE
    state = act(state, type="open", note="three")
    assert state.over


def test_challenges_are_read_from_a_played_sheet():
    dunai = sheet_for("dunai")
    # Three 7s touching (6, 7, 8), five 4s in a chain (9-13), two 11s (0, 1).
    zones = fill_board(dunai, {6: 7, 7: 7, 8: 7, 9: 4, 10: 4, 11: 4, 12: 4, 13: 4, 0: 11, 1: 11}, [])
    assert challenges_met(zones) == (1, 2, 5)
    # A line 0..8 along circles 18, 17, ..., 10: exactly 9 circles long.
    line = fill_board(dunai, {18: 0, 17: 1, 16: 2, 15: 3, 14: 4, 13: 5, 12: 6, 11: 7, 10: 8},
                      [[18, 17, 16, 15, 14, 13, 12, 11, 10]])
    assert challenges_met(line) == (3,)
    assert challenges_met(score_board(line)) == (3,)
    # One circle short of each is no challenge met: "exactly".
    short = fill_board(dunai, {6: 7, 7: 7, 9: 4, 10: 4, 11: 4, 12: 4}, [])
    assert challenges_met(short) == ()
    assert challenge(4).text == "a Mapped Zone of exactly 7 circles"


# -- Max --------------------------------------------------------------------------------------------------

def solo(**setup):
    return start(players=("Ann",), solo="max", **setup)


def test_solo_uses_the_two_player_reveal():
    state = act(solo(cards="drawn", seed=1), type="reveal")
    assert len(state.pool) == 5 and state.setup.names == ("Ann", "Max")


def test_max_takes_cards_from_zones_of_1s_or_2s_chosen_by_the_player_never_a_fourth():
    state = act(solo(), type="reveal", cards=["rope", "rope", "tent", "compass", "schnapps"])
    refused(IllegalAction, "Max earns a card only from a new zone of 1s or 2s, not of 0s", state,
            type="pick", picks=[{"player": "Max", "card": "rope", "zone": 0}])
    for card in ("rope", "tent", "compass"):
        state = act(state, type="pick", picks=[{"player": "Max", "card": card, "zone": 2}])
    assert state.hands[1] == (COMPASS, ROPE, TENT)
    refused(IllegalAction, "Max holds 3 Assist cards already; never take a 4th for him", state,
            type="pick", picks=[{"player": "Max", "card": "rope"}])
    refused(IllegalAction, "Max never gives a card back", state,
            type="pick", picks=[{"player": "Max", "card": "rope", "give_back": "tent"}])
    refused(IllegalAction, "Max never uses his Assist cards during the Ascents", state,
            type="use", player="Max", card="rope")
    refused(IllegalAction, "Max cashes no cards himself", state, type="score",
            scores={"Ann": 60, "Max": 60}, cash={"Max": ["rope"]})


def test_max_is_given_a_card_while_any_is_in_play_and_he_holds_fewer_than_three():
    # A player "may take" a card; for Max "you choose it for him among those available": the player could
    # deny him the card (worth 3 to him on the last Ascent, and the Lead Climber card with it).
    state = act(solo(max_given=True), type="reveal", cards=["rope", "rope", "tent", "compass", "schnapps"])
    refused(IllegalAction, "Max earns a card from his new zone: choose one for him among those in play (1 compass, "
            "2 rope, 1 tent, 1 schnapps)", state, type="pick", picks=[{"player": "Max", "card": None, "zone": 1}])
    # The player may go without.
    state = act(state, type="pick", picks=[{"player": "Ann", "card": None}, {"player": "Max", "card": "rope"}])
    assert state.hands == ((), (ROPE,)) and state.lead == 1
    # An Expedition begun before the check (its setup without "max_given"), or a file without it, is read as
    # it was played.
    old = act(solo(), type="reveal", cards=["rope", "rope", "tent", "compass", "schnapps"])
    assert act(old, type="pick", picks=[{"player": "Max", "card": None, "zone": 1}]).hands[1] == ()
    with pytest.raises(InvalidInput, match="'max_given' must be true or false, not 'yes'"):
        solo(max_given="yes")


def test_max_goes_without_a_card_when_none_is_left_at_his_turn_to_pick():
    state = act(solo(max_given=True), type="reveal", cards=["rope", "rope", "tent", "compass", "schnapps"])
    for card in ("rope", "tent"):
        state = act(state, type="pick", picks=[{"player": "Ann", "card": card}])
    state = act(state, type="pick", picks=[{"player": "Max", "card": "compass"}])
    # Max leads now: he picks first, then Ann takes the last card.
    state = act(state, type="pick", picks=[{"player": "Max", "card": "rope"}, {"player": "Ann", "card": "schnapps"}])
    assert state.pool == () and state.lead == 0
    state = act(state, type="pick", picks=[{"player": "Max", "card": None, "zone": 1}])
    assert state.hands[1] == (COMPASS, ROPE) and state.lead == 1


def test_each_picker_sees_the_cards_those_before_left_and_gave_back():
    # What a form shows each player while the round's picks are chosen, before Record: the same pool the
    # picks' check then uses, from the Lead Climber clockwise.
    state = start(("Ann", "Bob", "Cem"))
    state = act(state, type="reveal", cards=["rope", "tent", "compass", "schnapps", "rope", "tent"])
    for card in ("rope", "tent", "compass"):
        state = act(state, type="pick", picks=[{"player": "Bob", "card": card}])
    assert state.lead == 1 and state.pool == (ROPE, TENT, SCHNAPPS)
    # Bob leads and holds three: taking the Schnapps he puts his Compass back, which Cem then takes; Ann picks
    # after Cem. A card chosen that none is left of (Ann's Schnapps) changes nothing.
    turns = in_play_at_turns(state, {0: (SCHNAPPS, None), 1: (SCHNAPPS, COMPASS), 2: (COMPASS, None)})
    pool = Counter({ROPE: 1, TENT: 1, SCHNAPPS: 1})
    assert turns == {1: pool, 2: Counter({ROPE: 1, TENT: 1, COMPASS: 1}), 0: Counter({ROPE: 1, TENT: 1})}
    # Nothing chosen yet: everyone sees the whole pool.
    assert in_play_at_turns(state, {0: (None, None), 2: (None, None)}) == {2: pool, 0: pool}
    after = act(state, type="pick", picks=[{"player": "Bob", "card": "schnapps", "give_back": "compass"},
                                           {"player": "Cem", "card": "compass"}, {"player": "Ann", "card": "rope"}])
    assert after.pool == (TENT,)


def test_max_meets_challenges_like_anyone_and_his_envelope_is_used_up():
    # Max is scored "according to the Expedition rules, applying Max's special rules", and none of those is
    # about envelopes: the leftmost envelope met by anyone opens, Max's included (docs/rulings.md).
    state = act(solo(), type="reveal", cards=["rope", "rope", "tent", "compass", "schnapps"])
    state = act(state, type="score", scores={"Ann": 60, "Max": 70}, challenges={"Ann": [4], "Max": [1]})
    assert state.phase.value == "envelope"
    assert state.envelopes[-1].number == 1 and state.envelopes[-1].opener == 1
    state = act(state, type="open", note="")
    assert 1 not in sealed_envelopes(state)


def test_max_cashes_all_his_cards_on_the_last_ascent_only():
    state = act(solo(), type="reveal", cards=["rope", "rope", "tent", "compass", "schnapps"])
    state = act(state, type="pick", picks=[{"player": "Max", "card": "rope", "zone": 1}])
    state = scores(state, {"Ann": 70, "Max": 70})
    assert state.results[0].totals == (70, 70) and state.hands[1] == (ROPE,)
    state = act(state, type="reveal", cards=["tent", "tent", "schnapps", "compass"])
    state = act(state, type="pick", picks=[{"player": "Max", "card": "tent", "zone": 2}])
    state = scores(state, {"Ann": 70, "Max": 70})
    state = act(state, type="reveal", cards=["compass", "compass", "schnapps"])
    state = scores(state, {"Ann": 74, "Max": 70})
    last = state.results[2]
    assert last.points == (74, 70) and last.cashed[1] == (ROPE, TENT) and last.totals == (74, 76)
    assert state.hands[1] == () and state.over
    # Max's 76 is the Dhaulagiri summit (75+) and the race, and the first record is his.
    assert last.stars[1].summit == 5 and last.stars[1].race == 3 and last.stars[0].race == 0
    assert current_records(state)[2] == Record(76, ("Max",), None)


def test_max_beats_a_record_like_anyone():
    state = solo(cards="off", records={"dunai": {"score": 68, "names": ["Ann"], "date": "2025-06-01"}})
    state = scores(state, {"Ann": 60, "Max": 69}, date="2026-03-01")
    assert state.results[0].stars[1].record == 1
    assert current_records(state)[0] == Record(69, ("Max",), "2026-03-01")


def test_solo_setup_rules():
    with pytest.raises(InvalidInput, match="one player against Max, not 2 players"):
        start(players=("Ann", "Bob"), solo="max")
    with pytest.raises(InvalidInput, match="the name 'Max' is Max's"):
        start(players=("max",), solo="max")
    with pytest.raises(InvalidInput, match="starts with a player, not Max"):
        solo(lead="Max")
    # Free Solo Mode: one player alone plays against Max, so a new Expedition of one player without him is
    # refused; one saved before that rule still opens.
    from companion.games.expedition.rules import check_new_setup, parse_setup

    with pytest.raises(InvalidInput, match="one player alone plays the Expedition against Max"):
        check_new_setup(parse_setup({"players": ["Ann"]}))
    check_new_setup(parse_setup({"players": ["Ann"], "solo": "max"}))
    old = scores(start(players=("Ann",), cards="off"), {"Ann": 70})
    assert old.results[0].totals == (70,)


def test_a_sheet_played_in_the_app_gives_its_points_without_its_cards():
    from companion.games.expedition.scoring import sheet_points

    board = fill_board(sheet_for("dunai"), {6: 7, 7: 7, 8: 7}, [])
    kept_two = score_board(board, assists=2)
    assert kept_two.total == score_board(board).total + 6
    assert sheet_points(kept_two) == score_board(board).total
