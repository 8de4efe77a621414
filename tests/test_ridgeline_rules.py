"""Ridgeline hand by hand: the deal, the climb, fatigue after camps advance, the end and the winners."""

from __future__ import annotations

import random
import re

import pytest

from companion.errors import IllegalAction, InvalidInput
from companion.games.ridgeline.cards import ROPE, WHITEOUT, Colour, trail
from companion.games.ridgeline.rules import (
    ActionKind,
    HandResult,
    Seat,
    apply,
    legal_actions,
    make_setup,
    new_game,
    next_hand,
    most_in_hand,
    hand_problem,
    parse_hand,
)
from companion.games.ridgeline.scoring import score


def table(*names, route=None, first=None):
    return new_game(make_setup([Seat(name) for name in names], route, first))


def hand(state, went_out, pitched, left):
    return apply(state, parse_hand({"went_out": went_out, "pitched": pitched, "left": left}, state.setup.names))


def test_the_deal_passes_left_and_the_seat_on_the_dealers_left_leads():
    state = table("A", "B", "C", "D", first="C")
    seen = []
    for _ in range(5):
        coming = next_hand(state)
        seen.append((coming.number, coming.dealer, coming.leader, coming.deal_size))
        state = hand(state, "A", [], {"B": ["G1"], "C": ["G2"], "D": ["G3"]})
    assert seen == [(1, "C", "D", 10), (2, "D", "A", 11), (3, "A", "B", 11), (4, "B", "C", 11), (5, "C", "D", 11)]
    assert state.hands[0].dealer == "C" and state.hands[1].leader == "A"


def test_a_seat_holds_its_deal_and_one_draw_at_most_when_pitching():
    # 'A hand': ten dealt in the first hand, eleven after; 'A turn': one drawn before pitching.
    state = table("A", "B")
    assert most_in_hand(state) == 11
    assert most_in_hand(hand(state, "A", [], {"B": ["G1"]})) == 12


def test_seat_one_deals_first_by_default():
    assert next_hand(table("A", "B")).dealer == "A"


def test_the_issues_example_hand():
    state = hand(table("A", "B", "C"), "A", ["A", "C"], {"B": ["G7", "W", "R"], "C": ["P3"]})
    record = state.hands[0]
    assert [(s.seat, s.camps_cleared, s.fatigue) for s in record.seats] == [("A", 1, 225), ("B", 0, 287),
                                                                               ("C", 1, 228)]
    b = record.seat("B")
    assert (b.card_fatigue, b.camp_fatigue, b.camps_left) == (37, 250, 10)
    assert record.seat("A").cleared_camp == 1 and b.cleared_camp is None


def test_fatigue_is_the_latest_hands_not_a_running_total():
    state = hand(table("A", "B"), "A", ["A"], {"B": ["S10", "S10"]})
    assert score(state).seats[1].fatigue == 20 + 250
    state = hand(state, "B", ["B"], {"A": ["G1"]})
    standings = score(state).seats
    assert [(s.seat, s.camps_cleared, s.fatigue) for s in standings] == [("A", 1, 1 + 225), ("B", 1, 225)]


def test_sprint_counts_25_per_camp_left_on_its_five_camps_and_names_each_seats_camp():
    state = table("A", "B", route="sprint")
    state = hand(state, "A", ["A"], {"B": ["W"]})
    state = hand(state, "A", ["A"], {"B": ["W"]})
    assert state.camp_of("A").number == 5 and state.camp_of("B").number == 1
    assert state.hands[-1].seat("A").fatigue == 3 * 25
    assert state.hands[-1].seat("B").fatigue == 10 + 5 * 25


def sprint_to_the_last_camp(*names):
    """A Sprint table where every seat has cleared four camps (each pitched in four hands)."""
    state = table(*names, route="sprint")
    for _ in range(4):
        state = hand(state, names[0], list(names), {name: ["W"] for name in names[1:]})
    assert all(state.camp_of(name).number == 9 for name in names)
    return state


def test_a_sole_summit_clearer_wins():
    state = sprint_to_the_last_camp("A", "B", "C")
    state = hand(state, "B", ["A"], {"A": ["R"], "C": ["G1"]})
    assert state.over and state.winners == ("A",)
    assert state.hands[-1].summit == ("A",)
    assert legal_actions(state) == () and next_hand(state) is None
    # B went out with no cards, but has not finished the climb; A pitched the last camp's ten cards of the
    # eleven dealt, so A holds one card at most.
    assert state.hands[-1].seat("A").fatigue == 20 < state.hands[-1].seat("B").fatigue == 25


def test_several_clearers_the_lowest_fatigue_among_them_wins():
    state = sprint_to_the_last_camp("A", "B", "C")
    state = hand(state, "A", ["A", "B", "C"], {"B": ["G3"], "C": ["G2"]})
    assert state.winners == ("A",)  # went out: no cards left
    state = sprint_to_the_last_camp("A", "B", "C")
    state = hand(state, "A", ["B", "C"], {"B": ["G3"], "C": ["P2"]})
    assert state.winners == ("C",)


def test_a_tie_among_clearers_is_shared():
    state = sprint_to_the_last_camp("A", "B", "C")
    state = hand(state, "A", ["B", "C"], {"B": ["G3"], "C": ["P3"]})
    assert state.winners == ("B", "C")
    assert [s.winner for s in score(state).seats] == [False, True, True]


def test_no_hand_after_the_game_ended():
    state = sprint_to_the_last_camp("A", "B")
    state = hand(state, "A", ["A"], {"B": ["G1"]})
    with pytest.raises(IllegalAction, match="hand 6: the game ended in hand 5 when A cleared the summit"):
        hand(state, "A", [], {"B": ["G1"]})


@pytest.mark.parametrize("doc, message", [
    ({"went_out": "Z", "pitched": [], "left": {"B": []}}, "went_out names 'Z', who is not at the table (A, B)"),
    ({"went_out": "A", "pitched": ["Q"], "left": {"B": []}}, "pitched names 'Q', who is not at the table"),
    ({"went_out": "A", "pitched": [], "left": {"B": [], "Y": []}}, "left names 'Y', who is not at the table"),
    ({"went_out": "A", "pitched": ["A", "A"], "left": {"B": []}}, "'pitched' names 'A' twice"),
    ({"went_out": "A", "pitched": [], "left": {}}, "'left' has no entry for B"),
    ({"went_out": "A", "pitched": [], "left": {"B": ["G7", "X9"]}}, "left['B'], card 2: 'X9' is not a card"),
    ({"went_out": "A", "pitched": [], "left": {"B": ["R:G7"]}}, "R:G7 is a declared Rope"),
    ({"went_out": "A", "pitched": [], "left": {"B": []}, "dealer": "A"}, "unknown key 'dealer'"),
    ({"went_out": "A", "left": {"B": []}}, "'pitched' is missing"),
    ("A went out", "a hand must be an object"),
])
def test_malformed_hands_are_invalid_input(doc, message):
    state = table("A", "B")
    with pytest.raises(InvalidInput, match=re.escape(message)):
        apply(state, parse_hand(doc, state.setup.names))


def test_a_result_built_in_code_is_checked_too():
    state = table("A", "B")
    with pytest.raises(InvalidInput, match="hand 1: went_out names 'Z', who is not at the table"):
        apply(state, HandResult("Z", (), (("B", ()),)))
    with pytest.raises(InvalidInput, match="hand 1: 'left' has no entry for B"):
        apply(state, HandResult("A", ("A",), ()))


def test_rule_breaking_hands_are_illegal():
    state = table("A", "B", "C")
    with pytest.raises(IllegalAction, match="hand 1: A went out, so A holds no cards"):
        hand(state, "A", ["A"], {"A": ["G1"], "B": ["G2"], "C": ["G3"]})
    with pytest.raises(IllegalAction, match="hand 1: B is left holding 11 cards, but the deal was 10"):
        hand(state, "A", ["A"], {"B": [f"G{r}" for r in range(1, 11)] + ["W"], "C": ["P1"]})
    with pytest.raises(InvalidInput, match="hand 1: the hands left are impossible: only two Pine 3 cards exist"):
        hand(state, "A", [], {"B": ["P3", "P3"], "C": ["P3"]})
    # The seat who went out may be listed with an empty hand.
    assert hand(state, "A", ["A"], {"A": [], "B": ["G1"], "C": ["G2"]}).hands[0].seat("A").fatigue == 225


def test_only_the_seat_who_went_out_holds_no_cards():
    """'A turn': discarding the last card goes out; a pitch keeps a card back; a lone Whiteout is kept."""
    state = table("A", "B", "C")
    with pytest.raises(IllegalAction, match=re.escape(
            "hand 1: C did not go out, so C still holds at least one card (only the seat who went out empties "
            "its hand); list the cards C was left holding")):
        hand(state, "A", ["A", "C"], {"B": ["G7", "W", "R"], "C": []})
    assert hand_problem(state, parse_hand({"went_out": "A", "pitched": [], "left": {"B": ["W"], "C": ["G1"]}},
                                          state.setup.names)) is None


@pytest.mark.parametrize("camp_cleared, route, most", [
    (0, "ridge", 10 - 7),     # camp 1: colour group of 4 and run of 3
    (1, "ridge", 11 - 8),     # camp 2: set of 3 and spread of 5 (the second hand deals eleven)
    (2, "ridge", 11 - 6),     # camp 3: tally (three cards or more) and set of 3
    (4, "sprint", 11 - 10),   # Sprint's camp 9: colour run of 5 and spread of 5
])
def test_a_seat_that_pitched_holds_at_most_the_deal_less_its_camps_cards(camp_cleared, route, most):
    """'A hand', 'A turn': a pitch stages every requirement at its size, then the seat discards."""
    names = ("A", "B")
    state = table(*names, route=route)
    for _ in range(camp_cleared):
        state = hand(state, "B", ["A"], {"A": ["W"]})
    cards = [f"{c}{r}" for c in "GPEDS" for r in range(1, 3)][:most + 1]
    ok = hand(state, "B", ["A"], {"A": cards[:most]})
    assert ok.hands[-1].seat("A").camps_cleared == camp_cleared + 1
    with pytest.raises(IllegalAction, match=f"A pitched camp .*so A holds at most {most} of the .* not {most + 1}"):
        hand(state, "B", ["A"], {"A": cards})
    # Without the pitch the same cards are fine: the deal is the only limit.
    assert hand(state, "B", [], {"A": cards}).hands[-1].seat("A").camps_cleared == camp_cleared


def test_a_game_saved_before_hands_were_checked_replays_as_recorded():
    state = new_game(make_setup([Seat("A"), Seat("B")], checked=False))
    assert hand(state, "A", ["A", "B"], {"B": []}).hands[0].seat("B").card_fatigue == 0


def test_eleven_cards_are_fine_from_the_second_hand():
    state = hand(table("A", "B"), "A", [], {"B": ["W"]})
    eleven = [f"G{r}" for r in range(1, 11)] + ["W"]
    assert hand(state, "A", [], {"B": eleven}).hands[-1].seat("B").card_fatigue == 55 + 10


@pytest.mark.parametrize("names, route, first, message", [
    (["A"], None, None, "a table has 2 to 6 seats, not 1"),
    (["A", "B", "C", "D", "E", "F", "G"], None, None, "a table has 2 to 6 seats, not 7"),
    (["Ann", "ann"], None, None, "seat 'ann' is at the table twice"),
    (["A", ""], None, None, "seat name '' must be a non-empty string"),
    (["A", "B"], "everest", None, "route 'everest' is not a route; choose 'ridge' or 'sprint'"),
    (["A", "B"], None, "C", "first dealer 'C' is not at the table"),
])
def test_bad_tables_are_refused(names, route, first, message):
    with pytest.raises(InvalidInput, match=message):
        make_setup([Seat(name) for name in names], route, first)


def test_random_games_keep_the_climb_and_fatigue_consistent():
    """Seeded random tables: deal real hands, record random results; check the invariants of every hand."""
    rng = random.Random(66)
    deck = [trail(c, r) for c in Colour for r in range(1, 11) for _ in range(2)] + [ROPE] * 6 + [WHITEOUT] * 5
    for _ in range(30):
        names = [f"P{i}" for i in range(rng.randint(2, 6))]
        state = table(*names, route=rng.choice(["ridge", "sprint"]), first=rng.choice(names))
        while ActionKind.HAND in legal_actions(state):
            size = next_hand(state).deal_size
            shuffled = rng.sample(deck, len(deck))
            out = rng.choice(names)
            pitched = [n for n in names if rng.random() < 0.4]
            # What a hand can hold: one card or more, and a seat that pitched kept at most the deal less
            # its camp's cards (rules.hand_problem).
            most = {n: size - sum(r.size for r in state.camp_of(n).requirements) if n in pitched else size
                    for n in names}
            left = {name: [c.code for c in shuffled[i * size:i * size + rng.randint(1, most[name])]]
                    for i, name in enumerate(names) if name != out}
            before = state
            state = hand(state, out, pitched, left)
            record = state.hands[-1]
            for i, seat in enumerate(record.seats):
                assert seat.camps_cleared == before.cleared[i] + seat.pitched
                assert seat.camp_fatigue == 25 * (state.route.length - seat.camps_cleared)
                assert seat.fatigue == seat.card_fatigue + seat.camp_fatigue
                assert seat.card_fatigue == sum(c.rank if c.is_trail else (20 if c.is_rope else 10)
                                                for c in seat.cards)
            assert state.over == any(s.camps_cleared == state.route.length for s in record.seats)
        assert set(state.winners) <= set(state.hands[-1].summit) and state.winners
        best = min(state.hands[-1].seat(n).fatigue for n in state.hands[-1].summit)
        assert all(state.hands[-1].seat(n).fatigue == best for n in state.winners)
        # Replaying the same results gives the same game: undo and resume rely on it.
        again = table(*names, route=state.route.id, first=state.setup.names[state.setup.first_dealer])
        for record in state.hands:
            again = apply(again, record.result)
        assert again == state


def test_the_fatigue_preview_matches_the_recorded_hand():
    from companion.games.ridgeline.cards import parse_cards
    from companion.games.ridgeline.scoring import fatigue_preview

    state = hand(table("A", "B", "C"), "A", ["A"], {"B": ["W"], "C": ["W"]})
    left = parse_cards(["G7", "W", "R"], "left")
    assert fatigue_preview(state, "B", left, pitched=True) == 37 + 9 * 25
    after = hand(state, "C", ["B"], {"A": ["G1"], "B": ["G7", "W", "R"]})
    assert after.hands[-1].seat("B").fatigue == 37 + 9 * 25
    assert fatigue_preview(state, "A", (), pitched=False) == 9 * 25
    with pytest.raises(InvalidInput, match="'Z' is not at the table"):
        fatigue_preview(state, "Z", (), pitched=False)
