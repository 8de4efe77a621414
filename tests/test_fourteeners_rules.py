"""The rules reducer: setup tables, reveals in deck order, the gain check, Guides, Hiker D, Weather, turns."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.errors import IllegalAction, InvalidInput
from companion.games.fourteeners import rules
from companion.games.fourteeners.abilities import Tableau, Tucked, parse_ability, parse_category
from companion.games.fourteeners.catalog import AccoladeSide, Catalog, import_catalog, parse_card
from companion.games.fourteeners.data import Side
from companion.games.fourteeners.rules import (
    AccoladeChoice, Describe, Gain, GuideHire, Ignore, Pass, Phase, PlayerSetup, Reveal, Setup,
)
from test_fourteeners_fixtures import card, catalog_doc, synthetic_catalog_doc

MOST_GEAR = AccoladeChoice(parse_category({"most": {"side": "gear"}}, "accolade"))


def c(name: str, klass: int, e: int = 0, t: int = 0, **kw: object):
    return parse_card(card(name, klass, e, t, **kw))


def game(players: int = 2, *, weather: bool = False, catalog: Catalog | None = None,
         advanced: tuple[bool, ...] = ()) -> rules.State:
    seats = tuple(PlayerSetup(f"P{i + 1}", advanced=(advanced[i] if i < len(advanced) else False))
                  for i in range(players))
    return rules.new_game(Setup(seats, weather=weather, accolade=None if players == 1 else MOST_GEAR,
                                catalog=catalog or import_catalog(synthetic_catalog_doc())))


def position(state: rules.State, *, round_number: int = 1, turn: int = 0, phase: Phase = Phase.GAIN,
             row: tuple = (), tucked: tuple = (), drawn: int = 3) -> rules.State:
    """A position in the middle of a game, for checking one rule at a time."""
    player = replace(state.players[turn], tucked=tuple(tucked))
    players = state.players[:turn] + (player,) + state.players[turn + 1:]
    cards = state.cards + tuple(x for x in row if state.card(x.name) is None) + tuple(
        t.card for t in tucked if state.card(t.card.name) is None)
    return replace(state, round=round_number, turn=turn, phase=phase, row=tuple(row), players=players,
                   drawn=drawn, cards=cards)


# --- setup --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players,counts", [(1, [5, 6, 6, 4]), (2, [5, 6, 6, 4]), (3, [6, 9, 9, 6]),
                                            (4, [8, 14, 10, 7])])
def test_cards_per_class_for_the_player_count(players: int, counts: list[int]) -> None:
    assert list(rules.deck_counts(players).values()) == counts


def test_player_counts_outside_1_to_4_are_refused() -> None:
    with pytest.raises(InvalidInput, match="1-4 players"):
        rules.deck_counts(5)


@pytest.mark.parametrize("advanced,letters", [
    ((False,), ("A",)), ((True,), ("B",)),
    ((False, False), ("A", "C")), ((False, True), ("A", "D")),
    ((False, False, False), ("A", "C", "C")),
    ((False, True, False, True), ("A", "B", "C", "D")),
])
def test_hikers_by_player_order(advanced: tuple[bool, ...], letters: tuple[str, ...]) -> None:
    assert rules.hiker_letters(advanced) == letters


def test_random_accolade_and_side_come_from_a_seeded_random() -> None:
    catalog = import_catalog(synthetic_catalog_doc())
    draws = {rules.draw_accolade(catalog, random.Random(seed)) for seed in range(40)}
    assert {(d.name, d.side) for d in draws} == {(n, s) for n in ("Gear Head", "Shutterbug") for s in AccoladeSide}
    assert rules.draw_accolade(catalog, random.Random(7)) == rules.draw_accolade(catalog, random.Random(7))
    with pytest.raises(InvalidInput, match="no Accolade card is described"):
        rules.draw_accolade(Catalog(), random.Random(1))


def test_solo_adds_gerry_with_hiker_c_and_no_accolade() -> None:
    state = game(1)
    assert [(p.name, p.hiker, p.gerry) for p in state.players] == [("P1", "A", False), ("Gerry", "C", True)]
    with pytest.raises(InvalidInput, match="without an Accolade"):
        rules.new_game(Setup((PlayerSetup("Ann"),), accolade=MOST_GEAR))
    with pytest.raises(InvalidInput, match="needs an Accolade"):
        rules.new_game(Setup((PlayerSetup("Ann"), PlayerSetup("Bo"))))
    with pytest.raises(InvalidInput, match="same name"):
        rules.new_game(Setup((PlayerSetup("Ann"), PlayerSetup("ann ")), accolade=MOST_GEAR))


# --- reveals ------------------------------------------------------------------------------------------------

def test_reveals_follow_the_deck_stacked_class_i_on_top() -> None:
    state = game(2)
    assert rules.expected_class(state) == 1
    with pytest.raises(IllegalAction, match="card 1 of the deck for 2 players is Class I"):
        rules.apply(state, Reveal("Peak 2-1"))
    for number in range(1, 6):
        state = rules.apply(state, Reveal(f"Peak 1-{number}")) if state.phase is not Phase.GAIN else state
        if state.phase is Phase.GAIN:
            state = rules.apply(state, Gain(state.row[0].name, Side.TRAINING))
    assert state.drawn == 5 and rules.expected_class(state) == 2


def test_a_card_is_revealed_once_and_unknown_names_are_refused() -> None:
    state = rules.apply(game(2), Reveal("Peak 1-1"))
    with pytest.raises(IllegalAction, match="already been revealed"):
        rules.apply(state, Reveal("peak 1-1"))
    with pytest.raises(InvalidInput, match="not in the catalog"):
        rules.apply(state, Reveal("Pikes Peak"))


def test_a_card_described_on_the_spot_joins_the_game_and_is_offered_for_saving() -> None:
    catalog = import_catalog(catalog_doc([card("Known", 1, plans={"points": 1}),
                                          card("Later", 3, plans={"points": 1})]))
    state = game(2, catalog=catalog)
    state = rules.apply(state, Reveal(c("Mt. Elbert", 1, 1, 1, icons=("photo",))))
    assert state.card("mt. elbert") is not None and state.row[0].name == "Mt. Elbert"
    assert [x.name for x in rules.cards_to_save(state)] == ["Mt. Elbert"]
    with pytest.raises(IllegalAction, match="described differently in the catalog"):
        rules.apply(state, Reveal(c("Known", 1, 1, 1)))
    # Described as a card of this draw's Class, but of another in the catalog: the Class is the reason (revealing
    # it by name, as the refusal above advises, is refused too).
    with pytest.raises(IllegalAction, match="^'Later' is Class III, but card 2 of the deck for 2 players is Class I "):
        rules.apply(state, Reveal(c("Later", 1, 1, 1)))
    state = rules.apply(state, Reveal("Known"))
    state = rules.apply(state, Describe("Known", Side.GEAR, parse_ability({"utility": 1}, "a")))
    assert [x.name for x in rules.cards_to_save(state)] == ["Known", "Mt. Elbert"]
    # Revealed again, described otherwise (a slip of the form): it is on the table already, and that is said
    # first, under its name as the table knows it, in quotation marks rather than as Python writes a string.
    with pytest.raises(IllegalAction, match="^“Mt. Elbert” has already been revealed this game"):
        rules.apply(state, Reveal(c("mt. elbert", 1, 2, 0)))


def test_setup_reveals_three_then_the_first_turn_reveals() -> None:
    state = game(2)
    for number in (1, 2, 3):
        assert state.phase is Phase.SETUP
        state = rules.apply(state, Reveal(f"Peak 1-{number}"))
    assert (state.round, state.turn, state.phase, len(state.row)) == (1, 0, Phase.REVEAL, 3)
    with pytest.raises(IllegalAction, match="must reveal a Climb first"):
        rules.apply(state, Gain("Peak 1-1", Side.TRAINING))
    # A second reveal in the turn: the Fog is named only in a game that plays the Weather.
    state = rules.apply(state, Reveal("Peak 1-4"))
    with pytest.raises(IllegalAction, match=r"^P1 reveals at the start of the turn, not now: gain a revealed Climb"):
        rules.apply(state, Reveal("Peak 1-5"))
    with pytest.raises(IllegalAction, match=r"^P1 reveals at the start of the turn \(with Fog, at its end\), not now"):
        rules.apply(replace(state, setup=replace(state.setup, weather=True)), Reveal("Peak 1-5"))


# --- the gain check -----------------------------------------------------------------------------------------

CLASS_IV_PACK = c("Pack", 2, gear={"utility": 2, "only_for_class": [4]})


def test_utility_restricted_to_class_iv_opens_a_class_iv_climb_only() -> None:
    me = Tableau("A", (Tucked(CLASS_IV_PACK, Side.GEAR),))
    high = rules.check_climb(c("High", 4, 3, 2), me)
    assert high.possible
    assert high.utility == rules.UtilityUse(endurance=2, technique=0, class_utility=2, utility=0)
    assert "2 Utility as Endurance" in high.reason and "only for Class IV" in high.reason
    mid = rules.check_climb(c("Mid", 3, 3, 2), me)
    assert not mid.possible and "2 short" in mid.reason
    assert [o.ignores for o in mid.guides] == [(Ignore.REQUIREMENTS,)]
    assert mid.guides[0].affordable and mid.guides_available == 1


def test_class_utility_is_spent_before_general_utility() -> None:
    me = Tableau("A", (Tucked(CLASS_IV_PACK, Side.GEAR), Tucked(c("Sack", 1, gear={"utility": 2}), Side.GEAR)))
    check = rules.check_climb(c("High", 4, 2, 4), me)
    assert check.possible
    assert check.utility == rules.UtilityUse(endurance=1, technique=2, class_utility=2, utility=1)
    assert not rules.check_climb(c("High2", 4, 3, 5), me).possible


def test_hazard_and_requirements_need_two_guides() -> None:
    # The rulebook's Mt. of the Holy Cross: one Endurance short and a Hazard requirement.
    cross = c("Cross", 3, 2, 2, hazard=True)
    alone = rules.check_climb(cross, Tableau("A"))
    assert not alone.possible
    assert "Hazard requirement" in alone.reason and "1 short" in alone.reason
    assert [o.ignores for o in alone.guides] == [(Ignore.REQUIREMENTS, Ignore.HAZARD)]
    assert not alone.guides[0].affordable
    two = Tableau("A", (Tucked(c("X", 1, training={"endurance": 0}), Side.TRAINING),
                        Tucked(c("Y", 1, training={"technique": 0}), Side.TRAINING)))
    assert rules.check_climb(cross, two).guides[0].affordable
    rope = Tableau("A", (Tucked(c("Rope", 1, gear={"meets_hazard": True}), Side.GEAR),))
    assert [o.ignores for o in rules.check_climb(cross, rope).guides] == [(Ignore.REQUIREMENTS,)]


def test_hiker_d_never_tucks_capstones_even_with_a_guide() -> None:
    check = rules.check_climb(c("Easy", 1), Tableau("D", (Tucked(c("T", 1, training={"endurance": 0}),
                                                                 Side.TRAINING),)))
    assert check.possible and Side.CAPSTONE not in check.sides
    assert dict(check.blocked)[Side.CAPSTONE].startswith("Hiker D can never tuck")
    assert all(Side.CAPSTONE not in o.sides for o in check.guides)
    state = game(2, advanced=(False, True))
    state = position(state, turn=1, row=(c("Easy", 1, capstone={"points": 2}),),
                     tucked=(Tucked(c("T", 1, training={"endurance": 0}), Side.TRAINING),))
    with pytest.raises(IllegalAction, match="Hiker D can never tuck"):
        rules.apply(state, Gain("Easy", Side.CAPSTONE, (GuideHire("T", Ignore.WEATHER),)))


def test_a_guides_changes_take_effect_next_turn() -> None:
    # Hiring the +2 Class IV Utility Gear as a Guide still lets its Utility count for this gain.
    state = game(2)
    high = c("High", 4, 3, 2, hazard=True, training={"technique": 1})
    state = position(state, round_number=8, row=(high,),
                     tucked=(Tucked(CLASS_IV_PACK, Side.GEAR),), drawn=18)
    after = rules.apply(state, Gain("High", Side.TRAINING, (GuideHire("Pack", Ignore.HAZARD),)))
    ann = after.players[0]
    assert [t.card.name for t in ann.tucked] == ["High"] and [g.name for g in ann.guides] == ["Pack"]
    assert rules.player_attributes(after, 0).class_utility == (0, 0, 0, 0)
    without = position(state, round_number=8, row=(high,), tucked=(Tucked(CLASS_IV_PACK, Side.GEAR),), drawn=18)
    with pytest.raises(IllegalAction, match="Hazard requirement"):
        rules.apply(without, Gain("High", Side.TRAINING))


def test_guides_must_be_tucked_and_each_ignores_one_thing() -> None:
    state = position(game(2), row=(c("Easy", 1, training={"endurance": 1}),),
                     tucked=(Tucked(c("A1", 1, gear={"utility": 0}), Side.GEAR),
                             Tucked(c("A2", 1, gear={"utility": 0}), Side.GEAR)))
    with pytest.raises(IllegalAction, match="not tucked under P1's Hiker"):
        rules.apply(state, Gain("Easy", Side.TRAINING, (GuideHire("Nope"),)))
    with pytest.raises(IllegalAction, match="each Guide ignores one thing"):
        rules.apply(state, Gain("Easy", Side.TRAINING, (GuideHire("A1", Ignore.HAZARD),
                                                         GuideHire("A2", Ignore.HAZARD))))
    # A Guide may be hired without need.
    after = rules.apply(state, Gain("Easy", Side.TRAINING, (GuideHire("A1"),)))
    assert [g.name for g in after.players[0].guides] == ["A1"]


def test_an_undescribed_side_is_described_on_the_spot() -> None:
    state = position(game(2), row=(c("Blank", 1),))
    with pytest.raises(InvalidInput, match="not described yet"):
        rules.apply(state, Gain("Blank", Side.PLANS))
    after = rules.apply(state, Gain("Blank", Side.PLANS, ability=parse_ability({"points": 2}, "a")))
    assert after.players[0].tucked[0].card.ability(Side.PLANS) == parse_ability({"points": 2}, "a")
    assert after.card("Blank").ability(Side.PLANS) is not None


def test_describe_fills_a_blank_side_everywhere_and_corrects_a_wrong_one() -> None:
    blank = c("Blank", 2, plans={"points": 1})
    state = position(game(2), tucked=(Tucked(blank, Side.PLANS),), row=(c("Other", 1),))
    after = rules.apply(state, Describe("blank", Side.GEAR, parse_ability({"utility": 1}, "a")))
    assert after.players[0].tucked[0].card.ability(Side.GEAR) is not None
    # A tucked side described wrongly is described again, in place; the score follows, no turn is undone.
    fixed = rules.apply(after, Describe("Blank", Side.PLANS, parse_ability({"points": 3}, "a")))
    assert fixed.players[0].tucked[0].card.ability(Side.PLANS) == parse_ability({"points": 3}, "a")
    assert fixed.turn == after.turn and fixed.round == after.round and "described again" in fixed.log[-1]


def test_a_capstone_of_negative_points_is_refused_during_the_game_as_in_the_catalog() -> None:
    # Such a side would be saved to the catalog at the end and make the whole catalog unreadable.
    blank = c("Blank", 2, plans={"points": 1})
    state = position(game(2), tucked=(Tucked(blank, Side.PLANS),), row=(c("Other", 1),))
    minus = parse_ability({"points": -1}, "a")
    with pytest.raises(InvalidInput, match=r"Blank: a Capstone scores a fixed number of points, 0 or more .*not -1"):
        rules.apply(state, Describe("Blank", Side.CAPSTONE, minus))
    with pytest.raises(InvalidInput, match="a Capstone scores a fixed number of points"):
        rules.apply(state, Gain("Other", Side.CAPSTONE, (), minus))
    assert rules.apply(state, Describe("Blank", Side.CAPSTONE, parse_ability({"points": 0}, "a")))
    assert rules.apply(state, Describe("Blank", Side.GEAR, parse_ability({"points": -1}, "a")))


def test_a_card_corner_hiker_and_weather_are_corrected_during_the_game() -> None:
    from companion.games.fourteeners import session
    from companion.games.fourteeners.scoring import score_tableaus, Entry

    tucked = c("Cross", 3, 2, 2, plans={"per": {"icon": "photo"}, "points": 2}, capstone={"points": 5})
    state = position(game(2), tucked=(Tucked(tucked, Side.PLANS),), row=(c("Other", 1),))
    before = score_tableaus([Entry("P1", rules.tableau(state, 0))], None).player("P1").plans
    doc = dict(rules.action_to_doc(rules.Correct(tucked)))
    doc["card"] = dict(doc["card"], icons=["photo"])        # the Photo in the corner was missed
    after = session.apply(state, doc)
    assert score_tableaus([Entry("P1", rules.tableau(after, 0))], None).player("P1").plans == before + 2
    with pytest.raises(IllegalAction, match="its Class cannot change"):
        session.apply(after, dict(doc, card=dict(doc["card"], **{"class": 2})))
    with pytest.raises(InvalidInput, match="has not been revealed"):
        session.apply(after, dict(doc, card=dict(doc["card"], name="Nowhere")))
    hiker = session.apply(after, {"type": "hiker", "hiker": "A", "ability": {"points": 2}})
    assert hiker.setup.catalog.hiker_ability("A") == parse_ability({"points": 2}, "a")
    weather = session.apply(after, {"type": "weather", "weather": "Rain", "effects": [{"block_side": "gear"}]})
    assert weather.setup.catalog.weather_effects("Rain")[0].side is Side.GEAR
    with pytest.raises(InvalidInput, match="the rulebook defines Fog"):
        session.apply(after, {"type": "weather", "weather": "Fog", "effects": []})
    # Each survives the round trip through the saved action.
    for action in (rules.Correct(tucked), rules.DescribeHiker("A", None)):
        assert rules.parse_action(rules.action_to_doc(action)) == action


def test_pass_only_when_nothing_can_be_gained() -> None:
    hard = c("Hard", 1, 5, 5, training={"endurance": 1})
    state = position(game(2), row=(hard,))
    assert rules.can_pass(state)
    assert rules.legal_actions(state) == (Pass(),)
    after = rules.apply(state, Pass())
    assert after.players[0].passes == 1 and after.turn == 1
    easy = position(game(2), row=(c("Easy", 1, training={"endurance": 1}),))
    with pytest.raises(IllegalAction, match="must tuck one"):
        rules.apply(easy, Pass())


# --- Weather ------------------------------------------------------------------------------------------------

def test_weather_round_by_round() -> None:
    state = game(2, weather=True)
    names = [rules.weather_now(replace(state, round=r)).name for r in range(1, 10)]
    assert names == ["Clear Skies", "Clear Skies", "Fog", "Rain", "Mud", "Blizzard", "Sleet", "Heat", "Snow"]
    assert rules.weather_now(replace(state, round=4)).forecast == "July"
    assert rules.weather_now(replace(state, round=6)).forecast == "August"
    assert rules.weather_now(replace(game(2), round=4)) is None


def test_rain_raises_costs_unless_a_guide_or_an_ability_ignores_it() -> None:
    climb = c("Wet", 2, 1, 2, training={"endurance": 1})
    state = position(game(2, weather=True), round_number=4, row=(climb,), drawn=9,
                     tucked=(Tucked(c("T", 1, training={"technique": 0}), Side.TRAINING),))
    check = rules.gain_check(state, 0, "Wet")
    assert not check.possible and check.endurance == 2 and "Rain adds 1 Endurance" in check.reason
    assert [o.ignores for o in check.guides] == [(Ignore.REQUIREMENTS,), (Ignore.WEATHER,)]
    after = rules.apply(state, Gain("Wet", Side.TRAINING, (GuideHire("T", Ignore.WEATHER),)))
    assert after.players[0].tucked[-1].card.name == "Wet"
    shelter = position(game(2, weather=True), round_number=4, row=(climb,), drawn=9,
                       tucked=(Tucked(c("Tarp", 1, gear={"ignores_weather": True}), Side.GEAR),))
    assert rules.gain_check(shelter, 0, "Wet").possible


def test_mud_blocks_a_side_and_a_weather_guide_opens_it() -> None:
    climb = c("Muddy", 2, 0, 0, gear={"utility": 1}, plans={"points": 1})
    state = position(game(2, weather=True), round_number=5, row=(climb,), drawn=12,
                     tucked=(Tucked(c("T", 1, training={"technique": 0}), Side.TRAINING),))
    check = rules.gain_check(state, 0, "Muddy")
    assert check.possible and Side.GEAR not in check.sides
    assert "Mud blocks the Gear side" in dict(check.blocked)[Side.GEAR]
    assert [(o.ignores, Side.GEAR in o.sides) for o in check.guides] == [((Ignore.WEATHER,), True)]
    with pytest.raises(IllegalAction, match="Mud blocks"):
        rules.apply(state, Gain("Muddy", Side.GEAR))
    assert rules.apply(state, Gain("Muddy", Side.GEAR, (GuideHire("T", Ignore.WEATHER),))).players[0].guides


def test_a_side_inside_a_sentence_is_the_word_the_cards_and_the_buttons_print() -> None:
    # "la météo Boue bloque le côté équipement" beside a "Glisser côté Équipement" button: the side is the
    # printed term, capitalised, in every sentence and language.
    from companion.i18n import tr, use_language

    climb = c("Muddy", 2, 0, 0, gear={"utility": 1}, plans={"points": 1})
    state = position(game(2, weather=True), round_number=5, row=(climb,), drawn=12)
    blocked = dict(rules.gain_check(state, 0, "Muddy").blocked)[Side.GEAR]
    assert blocked == "Mud blocks the Gear side this round"
    with use_language("fr"):
        assert tr(blocked).endswith("bloque le côté Équipement cette manche"), tr(blocked)
    with use_language("pl"):
        assert tr(blocked).endswith("„Sprzęt”"), tr(blocked)


def test_a_weather_that_blocks_two_sides_blocks_both() -> None:
    # 'Weather': "Block you from adding new Climbs to one tableau side" -- a card that blocks two lists both.
    doc = synthetic_catalog_doc()
    doc["weather"]["Mud"] = [{"block_side": "gear"}, {"block_side": "plans"}]
    climb = c("Muddy", 2, 0, 0, gear={"utility": 1}, plans={"points": 1})
    state = position(game(2, weather=True, catalog=import_catalog(doc)), round_number=5, row=(climb,), drawn=12,
                     tucked=(Tucked(c("T", 1, training={"technique": 0}), Side.TRAINING),))
    check = rules.gain_check(state, 0, "Muddy")
    assert check.possible and Side.GEAR not in check.sides and Side.PLANS not in check.sides
    assert {Side.GEAR, Side.PLANS} <= set(dict(check.blocked))
    for side in (Side.GEAR, Side.PLANS):
        with pytest.raises(IllegalAction, match="Mud blocks"):
            rules.apply(state, Gain("Muddy", side))


def test_undescribed_weather_is_flagged() -> None:
    state = position(game(2, weather=True, catalog=import_catalog(catalog_doc([]))), round_number=4,
                     row=(c("Any", 2),), drawn=9)
    check = rules.gain_check(state, 0, "Any")
    assert check.possible and check.weather_note and "Rain" in check.weather_note


def test_fog_reveals_at_the_end_of_the_turn() -> None:
    state = game(2, weather=True)
    rng = random.Random(3)
    while state.round < 3:
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    assert state.round == 3 and state.phase is Phase.GAIN and len(state.row) == 3
    assert "at the end of the turn" in rules.prompt(replace(state, phase=Phase.REVEAL))
    state = rules.apply(state, next(a for a in rules.legal_actions(state) if isinstance(a, Gain)))
    assert (state.turn, state.phase, len(state.row)) == (0, Phase.REVEAL, 2)
    state = rules.apply(state, rules.legal_actions(state)[0])
    assert (state.turn, state.phase) == (1, Phase.GAIN)


def test_a_guide_may_ignore_the_fog_and_the_player_reveals_first() -> None:
    # 'Using a Guide': a Guide ignores a "Weather limitation (see page 17)"; page 17's Fog is "limiting you to
    # 3 revealed Climb options that round". Ignoring it, the player reveals at the start and chooses among 4.
    state = game(2, weather=True)
    rng = random.Random(3)
    while state.round < 3:
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    assert rules.can_ignore_fog(state) and "unless a Guide ignores the Weather" in rules.prompt(state)
    # The header follows the player's choice to reveal first, and then that the gain owes a Guide.
    assert "reveal a Class" in rules.prompt(state, reveal_first=True)
    assert "a Guide hired with the gain ignores the Fog" in rules.prompt(state, reveal_first=True)
    assert state.players[0].tucked, "a tucked Climb to hire as a Guide"
    early = rules.apply(state, rules.revealable(state)[0])
    assert early.phase is Phase.GAIN and len(early.row) == 4 and early.fog_ignored
    assert not rules.can_ignore_fog(early)
    assert "with the Guide who ignores the Fog (you revealed first)" in rules.prompt(early)
    new_card = early.row[-1].name
    plain = next(a for a in rules.legal_actions(early) if isinstance(a, Gain) and not a.guides)
    with pytest.raises(IllegalAction, match="revealed at the start despite the Fog: hire a Guide"):
        rules.apply(early, plain)
    with pytest.raises(IllegalAction, match="undo the reveal to pass"):
        rules.apply(early, rules.Pass())
    guide = state.players[0].tucked[0].card.name
    target = next(a for a in rules.legal_actions(early) if isinstance(a, Gain) and a.card == new_card)
    after = rules.apply(early, Gain(new_card, target.side, (GuideHire(guide, Ignore.WEATHER),)))
    # The turn ends with the gain: no second reveal, and the next player's turn starts (with the Fog, by gaining).
    assert (after.turn, after.phase, len(after.row), after.fog_ignored) == (1, Phase.GAIN, 3, False)
    assert after.players[0].guides[-1].name == guide


def test_with_nothing_to_hire_as_a_guide_the_fog_is_kept_to() -> None:
    # Revealing first binds the turn to a Guide's hire: with no tucked Climb the player could then neither gain
    # nor pass, so the Fog's reveal at the end is the only way, and the early reveal is refused up front.
    state = game(2, weather=True)
    rng = random.Random(3)
    while state.round < 3:
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    bare = replace(state, players=(replace(state.players[0], tucked=()),) + state.players[1:])
    assert not rules.can_ignore_fog(bare) and "unless a Guide" not in rules.prompt(bare)
    with pytest.raises(IllegalAction, match="has no tucked Climb to hire as a Guide against the Fog"):
        rules.apply(bare, rules.revealable(bare)[0])


def test_a_player_whose_abilities_ignore_the_weather_reveals_first_without_a_guide() -> None:
    # No Guide is owed: the header does not ask for one, before the reveal or after it.
    state = game(2, weather=True)
    rng = random.Random(3)
    while state.round < 3:
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    boots = Tucked(c("Boots", 1, gear=[{"ignores_weather": True}]), Side.GEAR)
    able = replace(state, players=(replace(state.players[0], tucked=(boots,)),) + state.players[1:])
    assert rules.can_ignore_fog(able) and not rules.fog_needs_guide(able)
    assert "unless you reveal first: your abilities ignore the Weather" in rules.prompt(able)
    assert "Guide" not in str(rules.prompt(able))
    assert "your abilities ignore the Fog" in rules.prompt(able, reveal_first=True)
    early = rules.apply(able, rules.revealable(able)[0])
    assert early.fog_ignored and not rules.weather_guide_owed(early)
    assert rules.prompt(early).endswith("gain a revealed Climb and tuck it.")


# --- turns and actions --------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_nine_rounds_use_the_whole_deck(players: int) -> None:
    state = game(players)
    rng = random.Random(players)
    turns = 0
    while state.phase is not Phase.FINISHED:
        action = rng.choice(rules.legal_actions(state))
        turns += isinstance(action, (Gain, Pass))
        state = rules.apply(state, action)
    assert turns == 9 * players
    assert state.drawn == sum(rules.deck_counts(players).values())
    assert sum(len(p.tucked) + len(p.guides) + p.passes for p in state.players) == 9 * players
    with pytest.raises(IllegalAction, match="game is over"):
        rules.apply(state, Pass())


def test_actions_round_trip_through_json() -> None:
    actions = [Reveal("Peak 1-1"), Reveal(c("New", 2, 1, 1, icons=("alt",), gear={"utility": 1})), Pass(),
               Gain("X", Side.GEAR, (GuideHire("Y", Ignore.HAZARD), GuideHire("Z")),
                    parse_ability({"utility": 1}, "a")),
               Describe("X", Side.PLANS, parse_ability([{"points": 1}, {"per_guide": {"points": 1}}], "a"))]
    for action in actions:
        assert rules.parse_action(rules.action_to_doc(action)) == action


@pytest.mark.parametrize("doc,message", [
    ({"type": "climb"}, "type: 'climb' is not an action"),
    ({"type": "gain", "card": "X", "side": "hat"}, "side: 'hat' is not a side"),
    ({"type": "gain", "card": "X", "side": "gear", "guides": [{"card": "Y", "ignores": "rain"}]},
     r"guides\[0\].ignores: 'rain'"),
    ({"type": "gain", "card": "", "side": "gear"}, "card: must be a card name"),
    ({"type": "reveal", "card": card("N", 9)}, "card.class: must be 1, 2, 3 or 4"),
    ({"type": "reveal", "card": {"name": "N", "class": 1}}, "card.endurance: is missing"),
    ({"type": "pass", "card": "X"}, "card: not part of a pass action"),
    ({"type": "describe", "card": "X", "side": "gear"}, "ability: is missing"),
    ("pass", "an action must be an object"),
])
def test_malformed_actions_name_the_field(doc: object, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        rules.parse_action(doc)


def test_after_revealing_first_in_fog_the_guide_owed_for_the_fog_counts_against_the_others() -> None:
    # Revealed first despite the Fog, the player owes a Guide ignoring the Weather with this gain. With one
    # tucked Climb, a Climb out of reach "with a Guide" ignoring its requirements would need that same card
    # twice: it was badged and offered, and its Tuck button stayed disabled without a word.
    fog_round = next(n for n in range(1, 12) if rules.weather_now(position(game(2, weather=True), round_number=n))
                     .reveal_at_end)
    steep = c("Steep", 2, 3, 0, gear={"utility": 1})
    state = replace(position(game(2, weather=True), round_number=fog_round, row=(steep,), drawn=9,
                             tucked=(Tucked(c("T", 1, training={"technique": 0}), Side.TRAINING),)), fog_ignored=True)
    check = rules.gain_check(state, 0, "Steep")
    assert not check.possible
    alone = [option for option in check.guides if option.ignores == (Ignore.REQUIREMENTS,)]
    assert alone and not alone[0].affordable and alone[0].needed == 2   # the Fog's Guide and this one, one tucked
    with pytest.raises(IllegalAction):
        rules.apply(state, Gain("Steep", Side.GEAR, (GuideHire("T", Ignore.REQUIREMENTS),)))
    # Nothing else is gainable: no pass either (the Fog's Guide is owed with a gain), only undoing the reveal.
    assert not rules.can_pass(state) and rules.early_reveal_stuck(state)
    with pytest.raises(IllegalAction, match="undo the reveal to pass"):
        rules.apply(state, rules.Pass())
    assert not rules.early_reveal_stuck(replace(state, fog_ignored=False))
    # Without the Fog owed, the same Guide is within reach.
    assert [o for o in rules.gain_check(replace(state, fog_ignored=False), 0, "Steep").guides
            if o.ignores == (Ignore.REQUIREMENTS,)][0].affordable


def test_a_shortfall_says_all_the_utility_usable_on_the_climb_and_counts_what_is_missing() -> None:
    # "... et 1 Polyvalence pour la Classe IV : il manque 1 point(s)": that Utility came from a Gear giving +1
    # Utility for every Climb, and "point(s)" read as score points. The count has plural forms of its own.
    me = Tableau("A", (Tucked(c("Sack", 1, gear={"utility": 1}), Side.GEAR),))
    for endurance, missing in ((3, 1), (4, 2)):
        check = rules.check_climb(c("High", 4, endurance, 2), me)
        assert not check.possible
        assert check.reason.endswith(f"Technique and 1 Utility usable on this Climb: {missing} short"), check.reason
        assert "Class IV" not in check.reason
        assert check.reason.plural is not None and check.reason.n == missing


def test_an_accolade_category_reads_as_polish_without_a_dash_for_the_case() -> None:
    # "najwięcej – Szczyty z ikoną Zdjęcie": "najwięcej" wants the genitive, which the filter's words (in the
    # nominative) cannot give; the cards are counted, and the filter named after them.
    from companion.games.fourteeners.abilities import describe_category, parse_category
    from companion.i18n import tr, use_language

    with use_language("pl"):
        assert tr(describe_category(parse_category({"most": {"icon": "photo"}}, "x"))) == \
            "najwięcej kart (Szczyty z ikoną Zdjęcie)"
        assert tr(describe_category(parse_category({"fewest": {"class": 4}}, "x"))).startswith("najmniej kart (")


def test_a_catalog_card_described_on_the_spot_as_printed_is_that_card() -> None:
    """The reveal form describes the corner only: a card typed exactly as the catalog prints it (its sides left
    to the catalog) was refused as "described differently"; a side described otherwise still is."""
    catalog = import_catalog(catalog_doc([card("Known", 1, 2, 1, icons=("photo", "hazard"), plans={"points": 1})]))
    state = rules.apply(game(2, catalog=catalog), Reveal(c("known", 1, 2, 1, icons=("hazard", "photo"))))
    assert state.row[0] == catalog.card("Known")                  # the catalog's card, its Plans side with it
    assert rules.cards_to_save(state) == ()
    for other in (c("Known", 1, 2, 2, icons=("photo", "hazard")), c("Known", 1, 2, 1, icons=("photo",)),
                  c("Known", 1, 2, 1, icons=("photo", "hazard"), plans={"points": 2})):
        with pytest.raises(IllegalAction, match="described differently in the catalog"):
            rules.apply(game(2, catalog=catalog), Reveal(other))
