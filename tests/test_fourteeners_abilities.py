"""The ability vocabulary: each item by hand, filters, words, and refusals that name the field."""

from __future__ import annotations

import pytest

from companion.errors import InvalidInput
from companion.games.fourteeners.abilities import (
    Tableau, Tucked, attributes, describe_ability, parse_ability, points_lines,
)
from companion.games.fourteeners.catalog import parse_card
from companion.games.fourteeners.data import Side
from test_fourteeners_fixtures import card


def tuck(doc: dict, side: str) -> Tucked:
    return Tucked(parse_card(doc), Side(side))


def hiker(*tucked: Tucked, guides: tuple = (), letter: str = "A") -> Tableau:
    return Tableau(hiker=letter, tucked=tucked, guides=tuple(parse_card(g) for g in guides))


def total_points(me: Tableau, rivals: tuple = ()) -> int:
    return sum(line.points for line in points_lines(me, rivals))


def test_counter_cards_start_at_1_endurance_2_technique() -> None:
    attrs = attributes(hiker())
    assert (attrs.endurance, attrs.technique, attrs.utility) == (1, 2, 0)
    assert attrs.class_utility == (0, 0, 0, 0)
    assert not attrs.meets_hazard and not attrs.ignores_weather


def test_flat_points_endurance_technique_utility() -> None:
    me = hiker(tuck(card("Cap", 3, capstone={"points": 5}), "capstone"),
               tuck(card("E", 1, training={"endurance": 2}), "training"),
               tuck(card("T", 1, training={"technique": 3}), "training"),
               tuck(card("U", 2, gear={"utility": 1}), "gear"))
    attrs = attributes(me)
    assert (attrs.endurance, attrs.technique, attrs.utility) == (3, 5, 1)
    assert total_points(me) == 5


def test_only_the_tucked_side_is_active() -> None:
    doc = card("Both", 2, capstone={"points": 5}, training={"endurance": 4})
    assert attributes(hiker(tuck(doc, "capstone"))).endurance == 1
    assert total_points(hiker(tuck(doc, "training"))) == 0


def test_utility_only_for_class_counts_towards_that_class_only() -> None:
    me = hiker(tuck(card("Pack", 2, gear={"utility": 2, "only_for_class": [4]}), "gear"))
    attrs = attributes(me)
    assert attrs.utility == 0
    assert attrs.class_utility == (0, 0, 0, 2)
    assert attrs.utility_towards(4) == 2 and attrs.utility_towards(3) == 0


def test_per_filter_counts_every_tucked_card_by_corner_whatever_its_side() -> None:
    # "+1 Technique per Class III Climb tucked under this Hiker": corners count on every side.
    training = card("Drill", 3, training={"per": {"class": 3}, "technique": 1})
    me = hiker(tuck(training, "training"),
               tuck(card("G", 3, gear={"utility": 0}), "gear"),
               tuck(card("C", 3, capstone={"points": 1}), "capstone"),
               tuck(card("P", 2, plans={"points": 0}), "plans"))
    assert attributes(me).technique == 2 + 3


@pytest.mark.parametrize("effect,field", [("endurance", "endurance"), ("technique", "technique"),
                                          ("utility", "utility")])
def test_per_with_each_attribute(effect: str, field: str) -> None:
    me = hiker(tuck(card("X", 1, training={"per": {"side": "gear"}, effect: 1}), "training"),
               tuck(card("G1", 1, gear={"points": 0}), "gear"),
               tuck(card("G2", 2, gear={"points": 0}), "gear"))
    start = {"endurance": 1, "technique": 2, "utility": 0}[field]
    assert getattr(attributes(me), field) == start + 2


def test_per_points_and_the_plans_card_counts_itself() -> None:
    plan = card("Plan", 2, icons=("hazard",), plans={"per": {"icon": "hazard"}, "points": 1})
    me = hiker(tuck(plan, "plans"), tuck(card("H", 3, icons=("hazard", "photo"), capstone={"points": 0}), "capstone"),
               tuck(card("N", 1, training={"endurance": 0}), "training"))
    assert total_points(me) == 2


def test_filter_keys_must_all_match_and_lists_mean_any() -> None:
    plan = card("Plan", 1, plans={"per": {"class": [3, 4], "side": "capstone", "icon": "photo"}, "points": 2})
    me = hiker(tuck(plan, "plans"),
               tuck(card("A", 3, icons=("photo",), capstone={"points": 0}), "capstone"),      # matches
               tuck(card("B", 4, icons=("photo", "alt"), capstone={"points": 0}), "capstone"),  # matches
               tuck(card("C", 2, icons=("photo",), capstone={"points": 0}), "capstone"),      # wrong class
               tuck(card("D", 3, icons=("photo",), gear={"points": 0}), "gear"),              # wrong side
               tuck(card("E", 4, icons=("hazard",), capstone={"points": 0}), "capstone"))     # wrong icon
    assert total_points(me) == 4


def test_if_none_and_if_any() -> None:
    none = card("N", 1, plans={"if_none": {"side": "gear"}, "points": 2})
    anyp = card("Y", 1, plans={"if_any": {"icon": "photo"}, "points": 3})
    me = hiker(tuck(none, "plans"), tuck(anyp, "plans"))
    assert total_points(me) == 2
    with_gear = hiker(tuck(none, "plans"), tuck(anyp, "plans"),
                      tuck(card("G", 2, icons=("photo",), gear={"utility": 1}), "gear"))
    assert total_points(with_gear) == 3


def test_if_most_compares_with_every_rival_and_a_tie_still_counts() -> None:
    plan = card("Most", 1, plans={"if_most": {"side": "capstone"}, "points": 4})
    me = hiker(tuck(plan, "plans"), tuck(card("C1", 3, capstone={"points": 0}), "capstone"))
    level = hiker(tuck(card("R1", 3, capstone={"points": 0}), "capstone"), letter="C")
    ahead = hiker(tuck(card("R2", 3, capstone={"points": 0}), "capstone"),
                  tuck(card("R3", 4, capstone={"points": 0}), "capstone"), letter="C")
    assert total_points(me, (hiker(letter="C"),)) == 4
    assert total_points(me, (level,)) == 4
    assert total_points(me, (level, ahead)) == 0
    nothing = hiker(tuck(plan, "plans"))
    assert total_points(nothing, (hiker(letter="C"),)) == 0      # the most of nothing is not "most"


def test_per_empty_side_the_rulebooks_gear() -> None:
    # "Gives one Utility per side with no tucked Climbs": no Capstones tucked gives +1.
    gear = card("Pack", 2, gear={"per_empty_side": {"utility": 1}})
    me = hiker(tuck(gear, "gear"), tuck(card("T", 1, training={"endurance": 0}), "training"),
               tuck(card("P", 1, plans={"points": 0}), "plans"))
    assert attributes(me).utility == 1
    assert attributes(hiker(tuck(gear, "gear"))).utility == 3


def test_per_guide_with_and_without_a_filter() -> None:
    every = card("All", 1, plans={"per_guide": {"points": 1}})
    photos = card("Pics", 1, plans={"per_guide": {"points": 2}, "filter": {"icon": "photo"}})
    guides = (card("G1", 2, icons=("photo",)), card("G2", 2), card("G3", 3, icons=("photo", "alt")))
    assert total_points(hiker(tuck(every, "plans"), guides=guides)) == 3
    assert total_points(hiker(tuck(photos, "plans"), guides=guides)) == 4


def test_flags_meet_hazard_and_ignore_weather() -> None:
    me = hiker(tuck(card("Rope", 2, gear=[{"meets_hazard": True}, {"if_any": {"side": "plans"},
                                                                     "ignores_weather": True}]), "gear"))
    attrs = attributes(me)
    assert attrs.meets_hazard and not attrs.ignores_weather
    with_plan = Tableau("A", me.tucked + (tuck(card("P", 1, plans={"points": 0}), "plans"),))
    assert attributes(with_plan).ignores_weather


def test_hiker_printed_ability_counts() -> None:
    me = Tableau("B", hiker_ability=parse_ability({"utility": 1}, "hikers.B"))
    assert attributes(me).utility == 1


def test_the_rulebooks_training_and_gear_example() -> None:
    # 'Tuck the Gained Climb Card': 2 Gear, 3 Training, 2 Plans, three Class III corners, no Capstones.
    me = hiker(
        tuck(card("Gear1", 2, gear={"per_empty_side": {"utility": 1}}), "gear"),
        tuck(card("Gear2", 3, gear={"utility": 2, "only_for_class": [4]}), "gear"),
        tuck(card("Tr1", 1, training={"endurance": 1}), "training"),
        tuck(card("Tr2", 3, training={"per": {"side": "gear"}, "endurance": 1}), "training"),
        tuck(card("Tr3", 3, training={"per": {"class": 3}, "technique": 1}), "training"),
        tuck(card("Pl1", 2, plans={"points": 0}), "plans"),
        tuck(card("Pl2", 1, plans={"points": 0}), "plans"),
    )
    attrs = attributes(me)
    # 1 + 1 + 2 Endurance (the rulebook's text says 3; see docs/rulings.md), 2 + 3 Technique, 1 Utility,
    # and +2 Utility only towards Class IV.
    assert (attrs.endurance, attrs.technique, attrs.utility) == (4, 5, 1)
    assert attrs.utility_towards(4) == 3 and attrs.utility_towards(2) == 1


def test_words_from_the_vocabulary_templates() -> None:
    ability = parse_ability([{"per": {"side": "gear"}, "endurance": 1}, {"utility": 2, "only_for_class": [4]},
                             {"per": {"class": 3}, "technique": 1}, {"per": {"icon": "hazard"}, "points": 1},
                             {"if_none": {"side": "gear"}, "points": 2}], "x")
    assert describe_ability(ability) == (
        "+1 Endurance per Climb tucked as Gear; +2 Utility towards Class IV Climbs; "
        "+1 Technique per Class III Climb; 1 ★ per Climb with a Hazard icon; 2 ★ if no Climb tucked as Gear")
    assert describe_ability(None) == "not described yet"


@pytest.mark.parametrize("value,field", [
    ({"pointz": 5}, "x: an item has exactly one effect"),
    ({"points": "5"}, "x.points: must be a whole number"),
    ({"points": True}, "x.points: must be a whole number"),
    ({"points": 1, "endurance": 1}, "found points and endurance"),
    ({"per": {"klass": 3}, "points": 1}, "x.per: unknown filter key 'klass'"),
    ({"per": {"class": 5}, "points": 1}, "x.per.class: 5 is not a Class"),
    ({"per": {"side": "hat"}, "points": 1}, "x.per.side: 'hat' is not a side"),
    ({"per": {"icon": "car"}, "points": 1}, "x.per.icon: 'car' is not an icon"),
    ({"per": {"class": []}, "points": 1}, "x.per.class: an empty list"),
    ({"per": {"class": 3}, "if_none": {"class": 4}, "points": 1}, "one condition, not per and if_none"),
    ({"per": {"class": 3}, "meets_hazard": True}, "x.meets_hazard: a flag cannot be counted"),
    ({"meets_hazard": 1}, "x.meets_hazard: must be true"),
    ({"points": 1, "only_for_class": [4]}, "x: unknown key 'only_for_class'"),
    ({"utility": 1, "only_for_class": [9]}, "x.only_for_class: 9 is not a Class"),
    ({"per_empty_side": 1}, "x.per_empty_side: an effect must be an object"),
    ({"per_guide": {"points": 1}, "filter": {"side": "gear"}}, "x.filter: unknown filter key 'side'"),
    ({"per_empty_side": {"utility": 1}, "filter": {}}, "x: unknown key 'filter' beside 'per_empty_side'"),
    ([{"points": 1}, "two"], "x[1]: an ability item must be an object"),
    ("five points", "x: an ability must be an object or a list"),
])
def test_bad_abilities_are_refused_naming_the_field(value: object, field: str) -> None:
    with pytest.raises(InvalidInput, match=field.replace("(", r"\(").replace("[", r"\[")):
        parse_ability(value, "x")
