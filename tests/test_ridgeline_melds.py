"""The meld checker: each requirement kind at its edges, the first reason, the keep rule and lay-offs."""

from __future__ import annotations

import pytest

from companion.games.ridgeline.cards import Card, Colour, parse_card
from companion.games.ridgeline.data import Camp, Kind, Requirement, load
from companion.games.ridgeline.melds import (
    TableGroup,
    group_problem,
    keep_problem,
    lay_off_options,
    pitch_problem,
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in text.split())


def problem(kind: Kind, size: int, text: str, target: int | None = None) -> str | None:
    return group_problem(Requirement(kind, size, target), cards(text))


# --- sets ---


def test_a_set_is_one_rank_and_may_be_longer_than_its_minimum():
    assert problem(Kind.SET, 3, "G7 P7 E7") is None
    assert problem(Kind.SET, 3, "G7 G7 P7 E7 R:S7") is None  # two copies and a Rope: five 7s
    assert problem(Kind.SET, 3, "G7 P7 E8") == "set mixes ranks 7 and 8"
    assert problem(Kind.SET, 3, "G7 P7") == "set has 2 cards; it needs at least 3"
    assert problem(Kind.SET, 4, "G7 P7 R:E7") == "set has 3 cards; it needs at least 4"


# --- runs ---


def test_a_run_is_consecutive_without_gaps_or_duplicates():
    assert problem(Kind.RUN, 4, "G5 P6 E7 D8") is None
    assert problem(Kind.RUN, 4, "D8 G5 E7 P6") is None  # order of staging does not matter
    assert problem(Kind.RUN, 4, "G4 P5 E7 D8") == "run has a gap between 5 and 7"
    assert problem(Kind.RUN, 4, "G5 P6 E6 D7") == "run has two 6s; a run has no duplicate ranks"
    assert problem(Kind.RUN, 4, "G5 P6 E7") == "run has 3 cards; it needs at least 4"


def test_a_run_through_10_stops_at_10():
    assert problem(Kind.RUN, 6, "G5 P6 E7 D8 S9 G10") is None
    assert problem(Kind.RUN, 3, "G1 P2 E3 D4 S5 G6 P7 E8 D9 S10") is None  # the longest run there is
    # Nothing comes after 10: a 10 and a 1 are not consecutive.
    assert problem(Kind.RUN, 3, "G9 P10 E1") == "run has a gap between 1 and 9"


def test_a_rope_fills_a_gap_in_a_run():
    assert problem(Kind.RUN, 4, "G4 P5 R:E6 D7") is None
    assert problem(Kind.RUN, 4, "G4 P5 R:E5 D7") == "run has two 5s; a run has no duplicate ranks"


# --- colour groups and colour runs ---


def test_a_colour_group_is_one_colour_of_any_ranks():
    assert problem(Kind.COLOUR_GROUP, 4, "G1 G1 G5 G9") is None
    assert problem(Kind.COLOUR_GROUP, 4, "G1 G3 P5 G9") == "colour group mixes Glacier and Pine"
    assert problem(Kind.COLOUR_GROUP, 5, "G1 G3 G5 G9") == "colour group has 4 cards; it needs at least 5"


def test_a_colour_run_is_one_colour_and_a_run():
    assert problem(Kind.COLOUR_RUN, 4, "E3 E4 E5 E6") is None
    assert problem(Kind.COLOUR_RUN, 4, "E3 E4 P5 E6") == "colour run mixes Ember and Pine"
    assert problem(Kind.COLOUR_RUN, 4, "E3 E4 E6 E7") == "colour run has a gap between 4 and 6"
    assert problem(Kind.COLOUR_RUN, 6, "E5 E6 E7 E8 E9 E10") is None
    assert problem(Kind.COLOUR_RUN, 6, "E5 E6 E7 E8 E9") == "colour run has 5 cards; it needs at least 6"


# --- spreads ---


def test_a_spread_is_exactly_five_cards_one_of_each_colour():
    assert problem(Kind.SPREAD, 5, "G1 P9 E4 D4 S10") is None
    assert problem(Kind.SPREAD, 5, "G1 P9 P4 D4 S10") == "spread has two Pine cards"
    assert problem(Kind.SPREAD, 5, "G1 P9 E4 D4") == "spread has 4 cards; it needs exactly 5, one of each colour"


def test_a_six_card_spread_is_refused():
    # A sixth card must repeat a colour, and that is the first thing wrong with it.
    assert problem(Kind.SPREAD, 5, "G1 P9 E4 D4 S10 G2") == "spread has two Glacier cards"
    assert problem(Kind.SPREAD, 5, "G1 P9 E4 D4 S10 R:G2") == "spread has two Glacier cards"


# --- tallies ---


def test_a_tally_is_three_or_more_cards_summing_exactly_to_the_target():
    assert problem(Kind.TALLY, 3, "G10 P6 E4", 20) is None
    assert problem(Kind.TALLY, 3, "G1 P2 E3 D4 S5 G5", 20) is None
    assert problem(Kind.TALLY, 3, "G10 P6 E3", 20) == "tally sums to 19, not 20"
    assert problem(Kind.TALLY, 3, "G10 P6 E5", 20) == "tally sums to 21, not 20"


def test_a_tally_of_two_cards_is_refused_even_at_the_target():
    assert problem(Kind.TALLY, 3, "G10 P10", 20) == "tally has 2 cards; it needs at least 3"
    assert problem(Kind.TALLY, 3, "G10 R:P5", 15) == "tally has 2 cards; it needs at least 3"


# --- rules for every kind ---


@pytest.mark.parametrize("kind, size", [(Kind.SET, 3), (Kind.RUN, 3), (Kind.COLOUR_GROUP, 3),
                                        (Kind.COLOUR_RUN, 3), (Kind.SPREAD, 5), (Kind.TALLY, 3)])
def test_a_group_of_only_ropes_does_not_count(kind, size):
    declared = {Kind.SET: "R:G7 R:P7 R:E7", Kind.RUN: "R:G5 R:P6 R:E7", Kind.COLOUR_GROUP: "R:G1 R:G5 R:G9",
                Kind.COLOUR_RUN: "R:G5 R:G6 R:G7", Kind.SPREAD: "R:G1 R:P1 R:E1 R:D1 R:S1",
                Kind.TALLY: "R:G5 R:P5 R:E5"}[kind]
    target = 15 if kind is Kind.TALLY else None
    word = kind.word
    assert problem(kind, size, declared, target) == (
        f"{word} has only Ropes; every requirement needs at least one real trail card")
    # One real card in place of a Rope makes the same group legal.
    first, *rest = declared.split()
    assert problem(kind, size, " ".join([first[2:], *rest]), target) is None


def test_whiteouts_empty_groups_and_undeclared_ropes_are_refused():
    assert problem(Kind.SET, 3, "G7 P7 W") == "set has a Whiteout; a Whiteout is not a trail card and cannot be pitched"
    assert problem(Kind.SET, 3, "G7 P7 R") == (
        "set has an undeclared Rope; declare it as the card it plays as, such as R:G7")
    assert group_problem(Requirement(Kind.RUN, 3), ()) == "run has no cards"


# --- a whole pitch ---


def test_a_whole_pitch_is_valid_and_keeps_a_card():
    camp3 = load().camps[3]
    assert pitch_problem(camp3, [cards("G7 P7 R:E6"), cards("G7 P7 E7")], cards("D2")) is None


def test_a_third_copy_of_a_card_is_refused():
    camp3 = load().camps[3]
    found = pitch_problem(camp3, [cards("G7 P7 R:E6"), cards("G7 P7 E7")], cards("G7"))
    assert found.reason == "only two Glacier 7 cards exist, but 3 are listed" and found.group is None
    # A Rope declared as Glacier 7 is still a Rope and uses up no copy.
    assert pitch_problem(camp3, [cards("G7 P7 R:E6"), cards("G7 P7 R:G7")], cards("D2")) is None


def test_the_first_reason_follows_the_camps_requirement_order():
    camp5 = load().camps[5]  # two runs of 4
    found = pitch_problem(camp5, [cards("G1 P2 E3 D4"), cards("G5 P6 E8 D9")], cards("S1"))
    assert (found.reason, found.group) == ("run has a gap between 6 and 8", 1)
    found = pitch_problem(camp5, [cards("G1 P2 E4 D5"), cards("G5 P6 E8 D9")], cards("S1"))
    assert (found.reason, found.group) == ("run has a gap between 2 and 4", 0)


def test_the_number_of_groups_is_checked_first():
    camp7 = load().camps[7]
    found = pitch_problem(camp7, [cards("G1 P1 E1"), cards("G2 P2 E2")], cards("G7 G7 G7"))
    assert found.reason == "camp 7 needs 3 groups (set of 3, set of 3, set of 3), not 2"


def test_a_pitch_must_keep_a_card_back_to_discard():
    camp7 = load().camps[7]
    groups = [cards("G1 P1 E1"), cards("G2 P2 E2"), cards("G3 P3 E3")]
    assert pitch_problem(camp7, groups, ()).reason == (
        "keep at least one card back to discard; you cannot pitch the last card in your hand")
    assert pitch_problem(camp7, groups, cards("W")).reason == (
        "a lone Whiteout cannot be discarded; keep a trail card or a Rope back to discard as well")
    assert pitch_problem(camp7, groups, cards("W W")) is None  # one Whiteout is spent, one is kept
    assert pitch_problem(camp7, groups, cards("R")) is None
    assert keep_problem(cards("R:G1")) == "a Rope kept in hand is not declared; write it as R"


def test_a_hand_holds_at_most_twelve_cards():
    camp7 = load().camps[7]
    groups = [cards("G1 P1 E1 D1"), cards("G2 P2 E2 D2"), cards("G3 P3 E3 D3")]
    assert pitch_problem(camp7, groups, cards("S9")).reason == (
        "13 cards are staged and kept, but a hand holds at most 12")


def test_groups_of_a_synthetic_camp_are_checked_in_order():
    camp = Camp(0, (Requirement(Kind.SPREAD, 5), Requirement(Kind.TALLY, 3, 10)))
    found = pitch_problem(camp, [cards("G1 P2 E3 D4 S5"), cards("G1 P2 E3")], cards("D9"))
    assert (found.reason, found.group) == ("tally sums to 6, not 10", 1)


# --- lay-offs ---


def test_lay_offs_go_onto_sets_runs_and_colour_groups_but_not_spreads_or_tallies():
    table = [
        TableGroup(Kind.SET, cards("G7 P7 E7")),
        TableGroup(Kind.RUN, cards("G4 P5 E6")),
        TableGroup(Kind.COLOUR_RUN, cards("D2 D3 D4")),
        TableGroup(Kind.COLOUR_GROUP, cards("S1 S5 S9")),
        TableGroup(Kind.SPREAD, cards("G1 P1 E1 D1 S1")),
        TableGroup(Kind.TALLY, cards("G5 P5 E5")),
    ]
    hand = cards("D7 S3 D5 G6 R W")
    found = {(o.card, o.group): o for o in lay_off_options(hand, table)}
    assert set(found) == {(0, 0), (0, 1), (1, 1), (1, 3), (2, 2), (4, 0), (4, 1), (4, 2), (4, 3)}
    # D7 goes on the set and extends the run 4-5-6; S3 starts the run at 3 and joins the Sunstone group.
    assert found[(0, 0)].ranks == (7,)
    # G6 would duplicate the run's 6, so it has nowhere to go.
    assert not any(card == 3 for card, _ in found)
    # A Rope can extend the run at either end, in any colour, but the colour run only in Dusk.
    assert found[(4, 1)].ranks == (3, 7) and len(found[(4, 1)].colours) == 5
    assert found[(4, 2)].ranks == (1, 5) and found[(4, 2)].colours == (Colour.DUSK,)
    assert found[(4, 3)].ranks == tuple(range(1, 11)) and found[(4, 3)].colours == (Colour.SUNSTONE,)
    assert found[(4, 0)].ranks == (7,)


def test_groups_may_be_staged_in_any_order_but_reasons_follow_the_camps_order():
    camp3 = load().camps[3]
    tally, set_of_3 = cards("G10 S5 D5"), cards("G7 P7 R:E7")
    assert pitch_problem(camp3, [tally, set_of_3], cards("D2")) is None
    assert pitch_problem(camp3, [set_of_3, tally], cards("D2")) is None
    wrong = pitch_problem(camp3, [set_of_3, cards("G10 S5 D4")], cards("D2"))
    assert wrong is not None and wrong.reason == "tally sums to 21, not 20" and wrong.group == 0


def test_the_checkers_german_reasons_name_their_group_alike():
    # "Fächer hat zwei Gletscher-Karten." stood beside "Die Folge hat eine Lücke …" and "Satz hat 2 Karten": an
    # article for some kinds, none for others. A reason naming any kind says it first, then what is wrong.
    from companion.i18n import tr, use_language
    from companion.ui.common.widgets import first_capital

    with use_language("de"):
        said = [first_capital(tr(problem(kind, size, text))) for kind, size, text in (
            (Kind.RUN, 3, "G9 P10 E1"), (Kind.SET, 3, "G7 P7"), (Kind.COLOUR_RUN, 3, "G4 G4 G5"),
            (Kind.SPREAD, 4, "G1 G2 P3 E4"), (Kind.SET, 3, "G7 P8 E7"))]
    assert said == ["Folge: Lücke zwischen 1 und 9", "Satz: 2 Karten; nötig sind mindestens 3",
                    "Farbfolge: zwei Karten mit dem Wert 4; eine Folge hat keine doppelten Werte",
                    "Der Fächer hat zwei Gletscher-Karten", "Der Satz mischt die Werte 7 und 8"]
