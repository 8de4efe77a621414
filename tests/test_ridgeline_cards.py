"""The card notation (G7, S10, R, R:G7, W), card fatigue and the deck's supply."""

from __future__ import annotations

import pytest

from companion.errors import InvalidInput
from companion.games.ridgeline.cards import (
    ROPE,
    WHITEOUT,
    CardKind,
    Colour,
    card_fatigue,
    cards_fatigue,
    parse_card,
    parse_cards,
    supply_problem,
    trail,
)


def test_every_code_reads_back_to_itself():
    codes = [f"{c.value}{r}" for c in Colour for r in range(1, 11)]
    codes += ["R", "W"] + [f"R:{code}" for code in codes]
    for code in codes:
        assert parse_card(code).code == code
    assert parse_card("S10") == trail(Colour.SUNSTONE, 10)
    assert parse_card("R") == ROPE and parse_card("W") == WHITEOUT
    declared = parse_card("R:G7")
    assert declared.kind is CardKind.ROPE and declared.colour is Colour.GLACIER and declared.rank == 7
    assert declared.plays_as_trail and not declared.is_trail and declared.undeclared() == ROPE
    assert declared.title == "Rope as Glacier 7"


@pytest.mark.parametrize("code", ["G0", "G11", "G07", "X7", "g7", "R:W", "R:R", "R:", "", " G7", "W1", 7, None])
def test_bad_codes_are_refused_with_the_notation(code):
    with pytest.raises(InvalidInput, match="is not a card code: a card is a colour letter"):
        parse_card(code)


def test_a_bad_code_in_a_list_names_its_place():
    with pytest.raises(InvalidInput, match=r"left\['B'\], card 2: 'Q3' is not a card code"):
        parse_cards(["G1", "Q3"], "left['B']")
    with pytest.raises(InvalidInput, match="must be a list of card codes"):
        parse_cards("G1 G2", "hand")


def test_fatigue_is_rank_per_trail_card_10_per_whiteout_and_20_per_rope():
    assert card_fatigue(parse_card("G7")) == 7
    assert card_fatigue(parse_card("S10")) == 10
    assert card_fatigue(WHITEOUT) == 10
    assert card_fatigue(ROPE) == 20
    assert cards_fatigue(parse_cards(["G7", "W", "R"], "hand")) == 37
    assert cards_fatigue(()) == 0


def test_the_supply_is_two_of_each_card_six_ropes_five_whiteouts():
    assert supply_problem(parse_cards(["G7", "G7", "P7"], "x")) is None
    assert supply_problem(parse_cards(["G7", "G7", "G7"], "x")) == "only two Glacier 7 cards exist, but 3 are listed"
    assert supply_problem([ROPE] * 6) is None
    assert supply_problem([ROPE] * 6 + [parse_card("R:G1")]) == "only six Ropes exist, but 7 are listed"
    assert supply_problem([WHITEOUT] * 6) == "only five Whiteouts exist, but 6 are listed"
