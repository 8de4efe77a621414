"""The pitch finder: every camp solvable on constructed hands, exact against a brute-force reference, and
every answer accepted by the meld checker."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import lru_cache

import pytest

from companion.bench.ridgeline import random_hands
from companion.errors import InvalidInput
from companion.games.ridgeline.cards import ROPE, WHITEOUT, Card, CardKind, Colour, cards_fatigue, parse_card, trail
from companion.games.ridgeline.data import Camp, Kind, Requirement, load
from companion.games.ridgeline.finder import find_pitch, search_pitch
from companion.games.ridgeline.melds import group_problem, keep_problem, pitch_problem


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in text.split())


def codes(group) -> list[str]:
    return [card.code for card in group]


def assert_sound(camp: Camp, hand, pitch) -> None:
    """The answer is a legal pitch made of exactly the hand's cards, with the fatigue it claims."""
    assert pitch_problem(camp, pitch.groups, pitch.kept) is None
    used = [card.undeclared() for group in pitch.groups for card in group] + list(pitch.kept)
    assert Counter(used) == Counter(hand)
    assert pitch.fatigue_left == cards_fatigue(pitch.kept)


# One constructed hand per camp of the route, each clearable with exactly one card kept back.
CONSTRUCTED = {
    1: ("G2 G5 G8 G9 P4 E5 D6 S1", "S1"),
    2: ("P7 E7 S7 G1 P2 E3 D4 S5 D1", "D1"),
    3: ("G10 P6 E4 D5 D5 S5 P1", "P1"),
    4: ("E3 E4 E5 E6 G9 P9 S9 D1", "D1"),
    5: ("P2 G1 E3 D4 S6 S7 G8 P9 D10", "S6"),
    6: ("G3 P3 E3 D3 S3 D1 D2 D4 D5 D6 G1", "G1"),
    7: ("G2 P2 E2 G5 P5 D5 E9 S9 R D1", "D1"),
    8: ("E6 G1 P2 E3 D4 S5 G7 P5 E3 S1", "S1"),
    9: ("S4 S5 S6 S7 S8 G2 P1 E1 D1 R G1", "G1"),
    10: ("D5 D6 D7 D8 D9 D10 G4 P4 E4 R S1", "S1"),
}


@pytest.mark.parametrize("number", range(1, 11))
def test_every_camp_is_solved_on_a_constructed_hand(number):
    data = load()
    camp = data.camps[number]
    hand_text, kept = CONSTRUCTED[number]
    hand = cards(hand_text)
    pitch = find_pitch(camp, hand)
    assert pitch is not None, camp.label
    assert_sound(camp, hand, pitch)
    assert len(pitch.groups) == len(camp.requirements)
    # The kept card is the cheapest spare (another card of the same rank would do as well).
    assert len(pitch.kept) == 1 and pitch.fatigue_left == cards_fatigue(cards(kept))


@pytest.mark.parametrize("route", ["ridge", "sprint"])
def test_every_camp_of_both_routes_is_reachable_by_the_finder(route):
    data = load()
    for number in data.routes[route].camps:
        hand_text, _ = CONSTRUCTED[number]
        assert find_pitch(data.camps[number], cards(hand_text)) is not None


@pytest.mark.parametrize("number", range(1, 11))
def test_removing_a_needed_card_makes_the_constructed_hand_fail(number):
    # Each constructed hand is tight: without its first card (a needed one) the camp cannot be cleared.
    camp = load().camps[number]
    hand = cards(CONSTRUCTED[number][0])
    assert find_pitch(camp, hand[1:]) is None


def test_the_finder_prefers_the_way_that_leaves_the_lowest_fatigue():
    camp = load().camps[7]  # three sets of 3
    hand = cards("G2 P2 E2 D2 G9 P9 E9 G5 P5 E5 S1")
    pitch = find_pitch(camp, hand)
    # D2 goes onto the set of 2s rather than staying in hand; only S1 is left.
    assert codes(pitch.kept) == ["S1"] and pitch.fatigue_left == 1
    assert_sound(camp, hand, pitch)


def test_the_finder_uses_ropes_because_a_rope_left_in_hand_costs_20():
    camp = load().camps[3]  # tally of 20, set of 3
    hand = cards("G10 P5 E5 G7 P7 E7 R S2")
    pitch = find_pitch(camp, hand)
    assert pitch.fatigue_left == 2  # the Rope is pitched, S2 is kept
    assert ROPE not in pitch.kept
    assert_sound(camp, hand, pitch)


def test_a_card_is_always_kept_back_to_discard():
    camp = Camp(0, (Requirement(Kind.SET, 3),))
    exact = cards("G4 P4 E4")
    assert find_pitch(camp, exact) is None  # pitching all three would leave nothing to discard
    pitch = find_pitch(camp, cards("G4 P4 E4 D4"))
    assert len(pitch.kept) == 1 and pitch.fatigue_left == 4


def test_a_lone_whiteout_is_not_a_card_to_discard_but_two_are():
    camp = Camp(0, (Requirement(Kind.SET, 3),))
    assert find_pitch(camp, cards("G4 P4 E4 W")) is None
    pitch = find_pitch(camp, cards("G4 P4 E4 W W"))
    assert codes(pitch.kept) == ["W", "W"] and pitch.fatigue_left == 20
    # With a spare trail card the Whiteout may stay too.
    pitch = find_pitch(camp, cards("G4 P4 E4 D4 S4 W"))
    assert codes(pitch.kept) in (["G4", "W"], ["P4", "W"], ["E4", "W"], ["D4", "W"], ["S4", "W"])


def test_when_everything_could_be_pitched_the_cheapest_card_is_kept():
    camp = Camp(0, (Requirement(Kind.RUN, 3),))
    hand = cards("G3 P4 E5 D6 R")
    pitch = find_pitch(camp, hand)
    assert codes(pitch.kept) == ["G3"]  # keep the 3 rather than the 20-point Rope or a higher card
    assert_sound(camp, hand, pitch)


def test_impossible_hands_are_refused():
    camp = load().camps[1]
    with pytest.raises(InvalidInput, match="only two Glacier 7 cards exist"):
        find_pitch(camp, cards("G7 G7 G7 P1"))
    with pytest.raises(InvalidInput, match="only six Ropes exist"):
        find_pitch(camp, (ROPE,) * 7 + cards("G1"))


def test_an_empty_hand_or_only_whiteouts_clears_nothing():
    camp = load().camps[1]
    assert find_pitch(camp, ()) is None
    assert find_pitch(camp, (WHITEOUT,) * 3) is None


def test_hard_hands_are_solved():
    data = load()
    # Ten cards of one rank and two Ropes: three sets of 3 with plenty of ways to split them.
    sevens = tuple(trail(c, 7) for c in Colour for _ in range(2)) + (ROPE, ROPE)
    pitch = find_pitch(data.camps[7], sevens)
    assert pitch.fatigue_left == 7
    assert_sound(data.camps[7], sevens, pitch)
    # Twelve cards of one colour against a spread and a colour group needing many Ropes: impossible.
    glacier = cards("G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G1 G2")
    assert find_pitch(data.camps[6], glacier) is None
    pitch = find_pitch(data.camps[1], glacier)
    assert pitch.fatigue_left == 1
    assert_sound(data.camps[1], glacier, pitch)


# --- the brute-force reference -------------------------------------------------------------------------


def _declarations(kind: Kind) -> list[Card]:
    """Every card a Rope could usefully play as for this kind: colour is irrelevant to sets, runs and
    tallies, rank to colour groups and spreads."""
    if kind in (Kind.SET, Kind.RUN, Kind.TALLY):
        return [Card(CardKind.ROPE, Colour.GLACIER, r) for r in range(1, 11)]
    if kind in (Kind.COLOUR_GROUP, Kind.SPREAD):
        return [Card(CardKind.ROPE, c, 1) for c in Colour]
    return [Card(CardKind.ROPE, c, r) for c in Colour for r in range(1, 11)]


@lru_cache(maxsize=None)
def _group_ok(req: Requirement, real: tuple[Card, ...], ropes: int) -> bool:
    for declared in itertools.combinations_with_replacement(_declarations(req.kind), ropes):
        if group_problem(req, real + declared) is None:
            return True
    return False


def brute_force(camp: Camp, hand: tuple[Card, ...]) -> int | None:
    """The lowest fatigue left over every assignment of each card to a group or to the hand."""
    best = None
    slots = len(camp.requirements)
    for assignment in itertools.product(range(slots + 1), repeat=len(hand)):
        groups = [[] for _ in range(slots)]
        kept = []
        for card, slot in zip(hand, assignment):
            (kept if slot == slots else groups[slot]).append(card)
        if keep_problem(kept):
            continue
        ok = True
        for req, group in zip(camp.requirements, groups):
            if any(card.is_whiteout for card in group):
                ok = False
                break
            real = tuple(sorted((c for c in group if c.is_trail), key=lambda c: (c.rank, c.colour.value)))
            if not _group_ok(req, real, sum(c.is_rope for c in group)):
                ok = False
                break
        if ok:
            fatigue = cards_fatigue(kept)
            best = fatigue if best is None else min(best, fatigue)
    return best


# Small camps, each with the hand sizes tried: from a card short of clearing to two spare cards.
SMALL_CAMPS = [
    (Camp(101, (Requirement(Kind.SET, 2), Requirement(Kind.RUN, 2))), (4, 7)),
    (Camp(102, (Requirement(Kind.COLOUR_GROUP, 2), Requirement(Kind.TALLY, 3, 7))), (5, 7)),
    (Camp(103, (Requirement(Kind.SPREAD, 5),)), (5, 8)),
    (Camp(104, (Requirement(Kind.COLOUR_RUN, 3), Requirement(Kind.SET, 2))), (5, 7)),
    (Camp(105, (Requirement(Kind.RUN, 2), Requirement(Kind.RUN, 2))), (4, 7)),
    (Camp(106, (Requirement(Kind.SET, 2), Requirement(Kind.SET, 2), Requirement(Kind.SET, 2))), (6, 7)),
    (Camp(107, (Requirement(Kind.TALLY, 3, 9), Requirement(Kind.COLOUR_RUN, 2))), (5, 7)),
    (Camp(108, (Requirement(Kind.SPREAD, 5), Requirement(Kind.SET, 2))), (7, 8)),
]


def _small_hand(rng: random.Random, size: int) -> tuple[Card, ...]:
    # A narrow rank range makes small hands clear camps often enough to test the optimum, not just "no".
    top = rng.choice((3, 4, 6))
    deck = [trail(c, r) for c in Colour for r in range(1, top + 1) for _ in range(2)]
    ropes = rng.choice((0, 0, 1, 1, 2))
    whiteouts = rng.choice((0, 0, 0, 1, 2))
    hand = rng.sample(deck, size - ropes - whiteouts) + [ROPE] * ropes + [WHITEOUT] * whiteouts
    rng.shuffle(hand)
    return tuple(hand)


@pytest.mark.parametrize("camp, sizes", SMALL_CAMPS, ids=lambda value: str(getattr(value, "number", "")))
def test_the_finder_matches_brute_force_on_small_hands(camp, sizes):
    rng = random.Random(camp.number)
    cleared = 0
    for _ in range(30):
        hand = _small_hand(rng, rng.randint(*sizes))
        pitch = find_pitch(camp, hand)
        expected = brute_force(camp, hand)
        assert (pitch.fatigue_left if pitch else None) == expected, codes(hand)
        if pitch:
            cleared += 1
            assert_sound(camp, hand, pitch)
    assert cleared >= 3  # the sample exercises the optimum, not only impossibility


@pytest.mark.parametrize("number", [3, 7])
def test_the_finder_matches_brute_force_on_real_camps(number):
    camp = load().camps[number]
    rng = random.Random(number)
    for _ in range(6):
        hand = _small_hand(rng, 7)
        pitch = find_pitch(camp, hand)
        assert (pitch.fatigue_left if pitch else None) == brute_force(camp, hand), codes(hand)


def test_answers_on_random_full_hands_are_legal_pitches():
    data = load()
    hands = random_hands(random.Random(2024), 40)
    found = 0
    for camp in data.camps.values():
        for hand in hands:
            pitch = find_pitch(camp, hand)
            if pitch is not None:
                found += 1
                assert_sound(camp, hand, pitch)
    assert found > 40


def test_the_benchmark_prints_worst_and_median_per_camp(capsys):
    from companion.bench.ridgeline import main

    assert main(["--hands", "4", "--repeat", "1", "--camps", "7,8,10"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("pitch finder: 4 random 12-card hands with 0-2 Ropes")
    assert [line.split(":")[0].strip() for line in lines[1:]] == ["camp 7", "camp 8", "camp 10 (Summit)", "all"]
    assert all("worst" in line and "median" in line for line in lines[1:])
    assert main(["--camps", "12"]) == 2


def test_benchmark_hands_are_twelve_cards_with_at_most_two_ropes():
    hands = random_hands(random.Random(1), 200)
    assert all(len(hand) == 12 and hand.count(ROPE) <= 2 for hand in hands)
    assert {hand.count(ROPE) for hand in hands} == {0, 1, 2}
    assert random_hands(random.Random(1), 5) == hands[:5]  # seeded: the same hands every run


def test_a_hand_making_the_camp_only_with_every_card_is_told_apart_from_one_far_from_it():
    camp = load().camps[1]
    exact = cards("G1 G4 G7 G9 P3 E4 D5")           # camp 1 laid out with every card: none left to discard
    assert search_pitch(camp, exact) == (None, True)
    assert search_pitch(camp, exact + cards("W")) == (None, True)
    assert search_pitch(camp, exact + cards("S8"))[0] == find_pitch(camp, exact + cards("S8")) is not None
    assert search_pitch(camp, cards("G1 P2 E9")) == (None, False)
