"""End scoring by hand: the rulebook's example, every Accolade tie rule, Photos, and the winner's tie-breaks."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.games.fourteeners.abilities import Tableau, Tucked, parse_category
from companion.games.fourteeners.catalog import parse_card
from companion.games.fourteeners.data import Side
from companion.games.fourteeners.scoring import Entry, score_tableaus
from test_fourteeners_fixtures import card

_serial = iter(range(10_000))


def tuck(klass: int, side: str, ability: object = None, icons: tuple[str, ...] = ()) -> Tucked:
    name = f"Card {next(_serial)}"
    doc = card(name, klass, icons=icons, **{side: ability if ability is not None else {"points": 0}})
    return Tucked(parse_card(doc), Side(side))


def guide(klass: int, icons: tuple[str, ...] = ()) -> object:
    return parse_card(card(f"Guide {next(_serial)}", klass, icons=icons))


def entry(name: str, *tucked: Tucked, guides: tuple = (), hiker: str = "A", gerry: bool = False) -> Entry:
    return Entry(name, Tableau(hiker=hiker, tucked=tucked, guides=tuple(guides)), gerry)


def test_the_rulebooks_scoring_example_makes_18() -> None:
    # 'Scoring Example': Accolade tied with the opponent at 3 Class I and II cards (2), Plans a: 3 cards with
    # a Hazard icon (3), Plans b: no Gear tucked (2), two Capstones (10), two Guides of which one has a Photo (1).
    ann = entry(
        "Ann",
        tuck(2, "plans", {"per": {"icon": "hazard"}, "points": 1}, icons=("hazard",)),
        tuck(1, "plans", {"if_none": {"side": "gear"}, "points": 2}),
        tuck(3, "capstone", {"points": 4}, icons=("hazard",)),
        tuck(4, "capstone", {"points": 6}, icons=("hazard", "alt")),
        tuck(1, "training", {"endurance": 1}),
        # Guides are Class I and II: they would lift Ann to 5 if they counted for the Accolade.
        guides=(guide(2, ("photo",)), guide(1)),
    )
    bo = entry("Bo", tuck(2, "capstone", {"points": 3}), tuck(2, "gear", {"utility": 1}),
               tuck(1, "training", {"technique": 1}), hiker="C")
    result = score_tableaus([ann, bo], parse_category({"most": {"class": [1, 2]}}, "accolade"))
    mine = result.player("Ann")
    assert (mine.accolade, mine.plans, mine.capstones, mine.photos) == (2, 5, 10, 1)
    assert mine.total == 2 + 3 + 2 + 10 + 1 == 18
    assert result.accolade is not None and result.accolade.counts == (("Ann", 3), ("Bo", 3))
    assert result.player("Bo").total == 2 + 3
    assert result.winners == ("Ann",)
    assert sorted(line.points for line in mine.lines) == [2, 3, 4, 6]


GEAR = parse_category({"most": {"side": "gear"}}, "accolade")


def gear_player(name: str, gears: int) -> Entry:
    return entry(name, *(tuck(1 + i % 4, "gear", {"utility": 0}) for i in range(gears)))


@pytest.mark.parametrize("gears,points", [
    ([3, 1], [4, 0]),             # one player best meets the category: 4
    ([2, 2, 1], [2, 2, 0]),       # 2 tied: 2 each
    ([2, 2, 2, 1], [1, 1, 1, 0]),  # 3 tied: 1 each
    ([1, 1, 1, 1], [1, 1, 1, 1]),  # 4 tied: 1 each
    ([0, 0], [0, 0]),             # nobody has any Gear: nobody meets "most Gear"
    ([1, 0, 0], [4, 0, 0]),
])
def test_accolade_tie_rules(gears: list[int], points: list[int]) -> None:
    entries = [gear_player(f"P{i}", n) for i, n in enumerate(gears)]
    result = score_tableaus(entries, GEAR)
    assert [p.accolade for p in result.players] == points


def test_fewest_category_counts_zero_as_best() -> None:
    fewest = parse_category({"fewest": {"side": "gear"}}, "accolade")
    result = score_tableaus([gear_player("A", 0), gear_player("B", 2), gear_player("C", 0)], fewest)
    assert [p.accolade for p in result.players] == [2, 0, 2]


def test_guides_do_not_count_for_the_accolade() -> None:
    photo = parse_category({"most": {"icon": "photo"}}, "accolade")
    a = entry("A", tuck(1, "gear", icons=("photo",)), guides=(guide(2, ("photo",)), guide(3, ("photo",))))
    b = entry("B", tuck(1, "gear", icons=("photo",)), tuck(2, "gear", icons=("photo",)))
    result = score_tableaus([a, b], photo)
    assert [p.accolade for p in result.players] == [0, 4]
    assert result.player("A").photos == 2


def test_gerry_has_no_accolade_but_counts_as_a_rival() -> None:
    plan = {"if_most": {"side": "capstone"}, "points": 3}
    you = entry("You", tuck(2, "plans", plan), tuck(3, "capstone", {"points": 1}))
    gerry = entry("Gerry", tuck(3, "capstone", {"points": 2}), tuck(4, "capstone", {"points": 2}),
                  hiker="C", gerry=True)
    result = score_tableaus([you, gerry], GEAR)
    assert result.player("You").plans == 0        # Gerry has more Capstones than you
    assert result.player("Gerry").accolade == 0
    assert result.accolade is not None and result.accolade.counts == (("You", 0),)


def test_tie_goes_to_the_fewest_capstone_points() -> None:
    a = entry("A", tuck(3, "capstone", {"points": 6}), tuck(2, "plans", {"points": 2}))
    b = entry("B", tuck(3, "capstone", {"points": 4}), tuck(2, "plans", {"points": 4}))
    result = score_tableaus([a, b], None)
    assert result.player("A").total == result.player("B").total == 8
    assert result.winners == ("B",)


def test_still_tied_the_victory_is_shared() -> None:
    a = entry("A", tuck(3, "capstone", {"points": 5}), tuck(2, "plans", {"points": 1}))
    b = entry("B", tuck(3, "capstone", {"points": 5}), tuck(1, "plans", {"points": 1}))
    c = entry("C", tuck(3, "capstone", {"points": 3}))
    assert score_tableaus([a, b, c], None).winners == ("A", "B")


def test_points_on_gear_count_with_plans_not_capstones() -> None:
    a = entry("A", tuck(2, "gear", [{"utility": 1}, {"points": 2}]), tuck(1, "capstone", {"points": 1}))
    mine = score_tableaus([a], None).player("A")
    assert (mine.plans, mine.capstones, mine.total) == (2, 1, 3)


def test_an_undescribed_tucked_side_cannot_be_scored() -> None:
    blank = Tucked(parse_card(card("Blank Peak", 2)), Side.PLANS)
    with pytest.raises(IllegalAction, match="Blank Peak"):
        score_tableaus([entry("A", blank)], None)
