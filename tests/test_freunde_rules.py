"""Freunde rules by hand-worked cases: the acclimatization check, movement costs and ropes, stacking limits
per player count, the risk token and its penalty, tents, hands and the reshuffle, weather and the forecast."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import IllegalAction, InvalidInput
from companion.games.freunde import rules as R
from companion.games.freunde.data import parse_card
from companion.games.freunde.rules import (
    ClimberAction, Draw, EndActions, PayRisk, Phase, PlayCards, SetWeather, TakeRisk, Weather,
)
from companion.games.freunde.scoring import score

SUN = "sun"


def cards(*codes: str):
    return tuple(parse_card(c) for c in codes)


def game(players=("Ann", "Bob"), weather=(SUN,) * 18, **extra):
    doc = {"players": list(players), "weather": list(weather), **extra}
    return R.new_game(R.setup_from_doc(doc))


def put(state, player, label, space, acc=None, tent=None, best_vp=None):
    """Place a climber (test set-up only), as if it had got there in earlier turns."""
    p = state.players[player]
    board = state.board
    climbers = []
    for c in p.climbers:
        if c.label == label:
            c = replace(c, space=space,
                        acclimatization=c.acclimatization if acc is None else acc,
                        tent=c.tent if tent is None else tent,
                        best_vp=max(c.best_vp, board.space(space).vp) if best_vp is None else best_vp)
        climbers.append(c)
    players = state.players[:player] + (replace(p, climbers=tuple(climbers)),) + state.players[player + 1:]
    return replace(state, players=players)


def play_all(state, plays):
    for player, codes in plays.items():
        state = R.apply(state, PlayCards(player, cards(*codes)))
    return state


def finish_actions(state):
    """Every remaining player ends the action phase without acting."""
    turn = state.turn
    while not state.over and state.turn == turn and state.phase is Phase.ACTIONS:
        state = R.apply(state, EndActions(state.acting))
    return state


def climber(state, player, label):
    return state.players[player].climber(label)


QUIET = {0: ("A0", "A1", "A1"), 1: ("A0", "A1", "A1")}   # no movement: a tie at 0, nobody takes a token
# The same cards for everybody each turn of a deck cycle: always a tie, so no risk token.
CYCLE = [("A0", "A1", "A1"), ("A2", "A3", "M1"), ("M1", "M1", "M1"), ("M1", "M2", "M2"), ("M2", "M3", "M3"),
         ("R1/2", "R1/3", "R2/3")]


def quiet(state):
    """Everybody plays the same cards (a tie) and nobody acts."""
    hand = CYCLE[(state.turn - 1) % 6]
    return finish_actions(play_all(state, {i: hand for i in R.active_players(state)}))


# --- the acclimatization check --------------------------------------------------------------------------

def test_check_caps_at_six():
    # Base camp +1 on 6 would make 7: capped to 6.
    state = put(game(), 0, "A", "BASE_CAMP", acc=6)
    state = finish_actions(play_all(state, QUIET))
    check = next(c for c in state.log[0].checks if (c.player, c.climber) == (0, "A"))
    assert (check.before, check.space_mod, check.raw, check.after) == (6, 1, 7, 6)
    assert climber(state, 0, "A").acclimatization == 6


def test_weather_only_in_affected_zones():
    cloud = {"accl": 1, "zones": [7000, 8000], "label": "cloud"}
    state = game(weather=[cloud] + [SUN] * 17)
    state = put(state, 0, "A", "S21", acc=4)     # 7000 zone, modifier -1: 4 - 1 - 1 = 2
    state = put(state, 0, "B", "S16", acc=4)     # 6000 zone, modifier 0, not covered: stays 4
    state = put(state, 1, "A", "S26", acc=5)     # 8000 zone, modifier -2: 5 - 2 - 1 = 2
    state = finish_actions(play_all(state, QUIET))
    after = {(c.player, c.climber): (c.weather, c.after) for c in state.log[0].checks}
    assert after[(0, "A")] == (-1, 2)
    assert after[(0, "B")] == (0, 4)
    assert after[(1, "A")] == (-1, 2)
    assert after[(1, "B")] == (0, 2)             # base camp, not covered: 1 + 1


def test_a_tent_of_the_team_shelters_both_climbers():
    # Rulebook p.6/p.8: a tent of the player's colour gives +1 to either climber, not only the one that
    # pitched it. Both of Ann's climbers stand on S23 (modifier -2); only A's tent is there.
    state = game(players=("Ann", "Bob", "Cy"))
    state = put(state, 0, "A", "S23", acc=3, tent="S23")
    state = put(state, 0, "B", "S23", acc=3)
    state = put(state, 1, "A", "S23", acc=3)     # Bob's climber on the same space: not his colour
    state = finish_actions(play_all(state, {0: QUIET[0], 1: QUIET[0], 2: QUIET[0]}))
    after = {(c.player, c.climber): (c.tent, c.after) for c in state.log[0].checks}
    assert after[(0, "A")] == (1, 2)             # 3 - 2 + 1
    assert after[(0, "B")] == (1, 2)             # 3 - 2 + 1: the team-mate's tent
    assert after[(1, "A")] == (0, 1)             # 3 - 2


def test_a_dead_climbers_tent_still_shelters_its_team_mate():
    state = put(game(), 0, "A", "S23", acc=3, tent="S21")
    state = put(state, 0, "B", "S21", acc=2)     # S21: modifier -1
    a = state.players[0].climber("A")
    dead = replace(a, alive=False, space=None, died_turn=1, died_space="S23")
    state = replace(state, players=(replace(state.players[0], climbers=(dead, state.players[0].climber("B"))),)
                    + state.players[1:])
    state = finish_actions(play_all(state, QUIET))
    check = next(c for c in state.log[0].checks if (c.player, c.climber) == (0, "B"))
    assert (check.tent, check.after) == (1, 2)   # 2 - 1 + 1


def test_tent_elsewhere_gives_nothing():
    state = put(game(), 0, "A", "S21", acc=3, tent="S19")
    state = finish_actions(play_all(state, QUIET))
    assert state.log[0].checks[0].tent == 0 and state.log[0].checks[0].after == 2


def test_death_at_zero_scores_one():
    state = put(game(), 0, "A", "S25", acc=1, best_vp=6)    # S25: modifier -1 -> 0: dies
    state = finish_actions(play_all(state, QUIET))
    dead = climber(state, 0, "A")
    assert not dead.alive and dead.died_turn == 1 and dead.died_space == "S25" and dead.space is None
    assert state.log[0].checks[0].died
    ann = score(state).players[0]
    assert [c.score for c in ann.climbers] == [1, 1] and ann.total == 2   # 6 VP reached, but dead: 1


def test_survives_at_one():
    state = put(game(), 0, "A", "S25", acc=2)               # 2 - 1 = 1: alive
    state = finish_actions(play_all(state, QUIET))
    assert climber(state, 0, "A").alive and climber(state, 0, "A").acclimatization == 1


def test_check_preview_matches_the_check():
    state = put(game(), 0, "A", "S23", acc=4, tent="S23")
    state = play_all(state, QUIET)
    preview = R.check_preview(state)
    state = finish_actions(state)
    assert preview == state.log[0].checks


def test_the_cap_of_six_comes_at_the_end_of_the_check():
    # Rulebook p.8: the level is lowered to 6 at the end of the check. A3 on 5 makes 8; on S23 (-2) with a
    # team tent (+1) and sun: 8 - 2 + 1 = 7, then capped: 6 (the old cap at the card gave 6 - 2 + 1 = 5).
    state = put(game(), 0, "A", "S23", acc=5, tent="S23")
    state = play_all(state, {0: ("A3", "A0", "A1"), 1: QUIET[1]})
    state = R.apply(state, ClimberAction(0, "A", cards("A3")))
    assert climber(state, 0, "A").acclimatization == 8
    state = finish_actions(state)
    check = state.log[0].checks[0]
    assert (check.before, check.space_mod, check.tent, check.weather, check.raw, check.after) == (8, -2, 1, 0, 7, 6)
    assert climber(state, 0, "A").acclimatization == 6


def test_a_risk_payment_now_or_later_gives_the_same_result():
    # Solo, token of 1: A3 on 5 with the point taken with the action, or paid afterwards: 7 either way.
    def base():
        state = put(game(("Sol",)), 0, "A", "S23", acc=5)
        state = play_all(state, {0: ("A3", "A0", "A1")})
        return R.apply(state, TakeRisk(1))
    now = R.apply(base(), ClimberAction(0, "A", cards("A3"), risk_accl=1))
    later = R.apply(R.apply(base(), ClimberAction(0, "A", cards("A3"))), PayRisk(0, "A", 1))
    assert climber(now, 0, "A").acclimatization == climber(later, 0, "A").acclimatization == 7
    assert finish_actions(now).log[0].checks == finish_actions(later).log[0].checks     # 7 - 2 = 5


# --- the risk token --------------------------------------------------------------------------------------

def test_highest_movement_total_takes_the_risk_token():
    state = play_all(game(), {0: ("M3", "M2", "A1"), 1: ("M2", "M2", "A1")})
    assert state.phase is Phase.RISK and state.risk_taker == 0 and state.movement == (5, 4)


def test_tie_for_the_highest_total_means_nobody_takes_one():
    state = play_all(game(("Ann", "Bob", "Cy")), {0: ("M3", "M2", "A1"), 1: ("M2", "M3", "A0"),
                                                  2: ("M1", "A1", "A1")})
    assert state.phase is Phase.ACTIONS and state.risk_taker is None


def test_rope_counts_its_up_value_for_risk():
    # R1/3 + M1 = 2 (not 4) against M1 + M1 = 2: a tie.
    state = play_all(game(), {0: ("R1/3", "M1", "A0"), 1: ("M1", "M1", "A0")})
    assert state.movement == (2, 2) and state.risk_taker is None


def test_solo_always_takes_a_risk_token():
    state = play_all(game(("Sol",)), {0: ("A0", "A1", "A1")})
    assert state.phase is Phase.RISK and state.risk_taker == 0 and state.movement == (0,)


def test_risk_penalty_only_on_a_climber_that_moved_or_got_acclimatization_points():
    state = play_all(game(), {0: ("M3", "M2", "A0"), 1: ("M1", "A0", "A1")})
    state = R.apply(state, TakeRisk(2))
    state = R.apply(state, ClimberAction(0, "A", cards("M3"), ("S1", "S2")))
    # Rulebook p.7: B, given only A0, neither moved nor got acclimatization points: not eligible.
    with pytest.raises(IllegalAction, match=r"turn 1: only a climber that moves .*rulebook p\.7"):
        R.apply(state, ClimberAction(0, "B", cards("A0"), risk_accl=1))
    state = R.apply(state, ClimberAction(0, "B", cards("A0")))
    assert R.risk_eligible(state, 0) == ("A",)
    with pytest.raises(IllegalAction, match=r"turn 1: .*moved or got acclimatization points"):
        R.apply(state, PayRisk(0, "B", 1))
    # A moved: it can. M2 is left unused: it absorbs 2, so nothing more is owed at the end.
    assert R.risk_uncovered(state, 0) == 0
    paid = R.apply(state, PayRisk(0, "A", 2))
    assert climber(paid, 0, "A").acclimatization == -1         # 1 - 2: dies at the check unless raised
    assert R.risk_owed(paid, 0) == 0


def test_a_climber_given_movement_cards_it_did_not_move_with_is_not_eligible():
    state = play_all(game(), {0: ("M3", "M2", "A1"), 1: ("M1", "A0", "A1")})
    state = R.apply(state, TakeRisk(1))
    with pytest.raises(IllegalAction, match="rulebook p.7"):
        R.apply(state, ClimberAction(0, "A", cards("M3"), risk_accl=1))
    # The point may come off the card it holds (no climber loses acclimatization).
    state = R.apply(state, ClimberAction(0, "A", cards("M3"), risk_move=1))
    assert climber(state, 0, "A").acclimatization == 1 and R.risk_owed(state, 0) == 0


def test_risk_penalty_off_an_unused_played_card():
    # Hand-worked: Ann plays M3 M2 A1 and takes a token of 2. A moves S1 > S2 with M3 (3 points, 2 used);
    # B gets A1 (1 to 2). M2 goes to nobody: the 2 points come off it when Ann ends, nobody loses
    # acclimatization. Check on S2 (+1): A 1 + 1 = 2, B at base camp 2 + 1 = 3.
    state = play_all(game(), {0: ("M3", "M2", "A1"), 1: ("M1", "A0", "A1")})
    state = R.apply(state, TakeRisk(2))
    state = R.apply(state, ClimberAction(0, "A", cards("M3"), ("S1", "S2")))
    state = R.apply(state, ClimberAction(0, "B", cards("A1")))
    assert R.risk_card_points(state, 0) == 2 and R.risk_uncovered(state, 0) == 0
    state = R.apply(state, EndActions(0))
    assert R.risk_owed(state, 0) == 0
    state = finish_actions(state)
    after = {(c.player, c.climber): c.after for c in state.log[0].checks}
    assert after[(0, "A")] == 2 and after[(0, "B")] == 3


def test_risk_penalty_must_be_paid_before_ending():
    # Token of 2; A moves one space with M3 + M2, B gets A1: no unused card is left to absorb it.
    state = play_all(game(), {0: ("M3", "M2", "A1"), 1: ("M1", "A0", "A1")})
    state = R.apply(state, TakeRisk(2))
    state = R.apply(state, ClimberAction(0, "A", cards("M3", "M2"), ("S1",)))
    state = R.apply(state, ClimberAction(0, "B", cards("A1")))
    with pytest.raises(IllegalAction, match="still owes 2"):
        R.apply(state, EndActions(0))


def test_risk_without_any_card_used_has_no_effect_on_climbers():
    state = play_all(game(), {0: ("M3", "M2", "A1"), 1: ("M1", "A0", "A1")})
    state = R.apply(state, TakeRisk(1))
    state = R.apply(state, EndActions(0))     # nobody used a card: the point comes off an unused card
    assert state.acting == 1
    assert [c.acclimatization for c in state.players[0].climbers] == [1, 1]


def test_risk_off_movement_reduces_the_points():
    state = play_all(game(), {0: ("M3", "M1", "A1"), 1: ("M1", "A0", "A1")})
    state = R.apply(state, TakeRisk(1))
    # M3 + M1 = 4, one off for risk: 3 points reach S3 (1 + 1 + 1) but not S5 (4).
    assert set(R.destinations(state, 0, "A", cards("M3", "M1"), risk_move=1)) == {"S1", "S2", "S3", "S4"}
    with pytest.raises(IllegalAction, match="cannot afford"):
        R.apply(state, ClimberAction(0, "A", cards("M3", "M1"), ("S1", "S2", "S3", "S5"), risk_move=1))
    state = R.apply(state, ClimberAction(0, "A", cards("M3", "M1"), ("S1", "S2", "S3"), risk_move=1))
    assert R.risk_owed(state, 0) == 0 and climber(state, 0, "A").acclimatization == 1


def test_risk_off_acclimatization_card_points():
    # Acclimatization 6, A2 given, 1 risk point taken off it: 6 + 2 - 1 = 7 until the check caps it.
    state = put(game(), 0, "A", "BASE_CAMP", acc=6)
    state = play_all(state, {0: ("M3", "M2", "A2"), 1: ("M1", "A0", "A1")})
    state = R.apply(state, TakeRisk(1))
    state = R.apply(state, ClimberAction(0, "A", cards("A2"), risk_accl=1))
    assert climber(state, 0, "A").acclimatization == 7


def test_face_up_risk_tokens_are_tracked_when_entered():
    state = play_all(game(risk_face_up=[0, 1, 1]), {0: ("M3", "M2", "A1"), 1: ("M1", "A0", "A1")})
    with pytest.raises(IllegalAction, match="face-up risk tokens are 0, 1, 1"):
        R.apply(state, TakeRisk(2, revealed=1))
    with pytest.raises(IllegalAction, match="turned face up"):
        R.apply(state, TakeRisk(0))
    state = R.apply(state, TakeRisk(0, revealed=2))
    assert state.risk_face_up == (1, 1, 2)
    assert dict(state.risk_supply) == {0: 3, 1: 11, 2: 5}


# --- movement --------------------------------------------------------------------------------------------

def test_destinations_and_costs_from_base_camp():
    state = play_all(game(), {0: ("M3", "A0", "A1"), 1: QUIET[1]})
    state = R.apply(state, TakeRisk(1))
    reach = R.destinations(state, 0, "A", cards("M3"))
    assert {s: r.cost for s, r in reach.items()} == {"S1": 1, "S2": 2, "S3": 3, "S4": 3}
    assert reach["S4"].path == ("S1", "S2", "S4")


def test_entry_cost_is_the_gold_number():
    # S6 costs 2: base camp > S1 > S2 > S4 > S6 = 1 + 1 + 1 + 2 = 5.
    state = play_all(game(), {0: ("M3", "M2", "A1"), 1: QUIET[1]})
    state = R.apply(state, TakeRisk(1))
    assert R.destinations(state, 0, "A", cards("M3", "M2"))["S6"].cost == 5
    assert "S6" not in R.destinations(state, 0, "A", cards("M3"))


def test_too_expensive_names_the_turn_and_rule():
    state = play_all(game(), {0: ("M3", "M2", "A1"), 1: QUIET[1]})
    state = R.apply(state, TakeRisk(1))
    with pytest.raises(IllegalAction, match=r"turn 1: Ann's climber A cannot afford it: the path "
                                            r"S1 > S2 > S4 > S6 costs 5.*give 3"):
        R.apply(state, ClimberAction(0, "A", cards("M3"), ("S1", "S2", "S4", "S6")))


def test_steps_must_follow_links():
    state = play_all(game(), {0: ("M3", "M2", "A1"), 1: QUIET[1]})
    state = R.apply(state, TakeRisk(1))
    with pytest.raises(IllegalAction, match="cannot step from base camp to S2"):
        R.apply(state, ClimberAction(0, "A", cards("M3"), ("S2",)))


def test_movement_cards_combine_but_a_card_is_not_split():
    state = R.apply(play_all(game(), {0: ("M1", "M1", "A1"), 1: QUIET[1]}), TakeRisk(0))
    state = R.apply(state, ClimberAction(0, "A", cards("M1", "M1"), ("S1", "S2")))  # 1 + 1 combined
    with pytest.raises(IllegalAction, match="left of this turn's cards"):
        R.apply(state, ClimberAction(0, "B", cards("M1"), ("S1",)))                  # both M1 used


def test_rope_down_value_pays_only_downhill_steps():
    state = put(game(), 0, "A", "S16", acc=4)
    state = R.apply(play_all(state, {0: ("R1/3", "A0", "A1"), 1: QUIET[1]}), TakeRisk(0))
    # S16 > S14 (2) > S10 (1): both steps down; the rope's 3 pays them.
    assert R.destinations(state, 0, "A", cards("R1/3"))["S10"].cost == 3
    # Up S16 > S17 costs 3: only the up value 1 can pay.
    assert "S17" not in R.destinations(state, 0, "A", cards("R1/3"))
    with pytest.raises(IllegalAction, match="pays only for steps down"):
        R.apply(state, ClimberAction(0, "A", cards("R1/3"), ("S17",)))
    state = R.apply(state, ClimberAction(0, "A", cards("R1/3"), ("S14", "S10")))
    assert climber(state, 0, "A").space == "S10" and climber(state, 0, "A").best_vp == 3


def test_within_one_zone_up_and_down_follow_the_board_as_drawn():
    # All 5000 m spaces have 1 point: S3 is drawn below S5 and S2 (docs/rulings.md, "Up and down the
    # mountain"), so a Rope's down-only 3 takes a climber from S5 down to S3, and not on up to S2.
    state = put(game(), 0, "A", "S5")
    state = R.apply(play_all(state, {0: ("R1/3", "A0", "A1"), 1: QUIET[1]}), TakeRisk(0))
    reach = R.destinations(state, 0, "A", cards("R1/3"))
    assert {"S3", "S4", "S7"} <= set(reach) and "S2" not in reach


def test_winter_surcharge_in_affected_zones():
    boots = {"accl": 0, "move": 1, "zones": [5000], "label": "wind"}
    state = play_all(game(weather=[boots] + [SUN] * 17), {0: ("M3", "A0", "A1"), 1: QUIET[1]})
    state = R.apply(state, TakeRisk(1))
    assert R.entry_cost(state, "S1") == 2 and R.tent_cost(state, "S1") == 2
    assert R.entry_cost(state, "S13") == 2                               # 6000 zone: not covered
    assert {s: r.cost for s, r in R.destinations(state, 0, "A", cards("M3")).items()} == {"S1": 2}


def test_dead_climber_cannot_move():
    state = put(game(), 0, "A", "S25", acc=1)
    state = finish_actions(play_all(state, QUIET))        # dies on turn 1
    state = play_all(state, {0: ("M3", "M2", "A2"), 1: ("A3", "M1", "M1")})
    state = R.apply(R.apply(state, TakeRisk(1)), EndActions(1))      # Bob starts turn 2
    with pytest.raises(IllegalAction, match="turn 2: Ann's climber A died on turn 1"):
        R.apply(state, ClimberAction(0, "A", cards("M3"), ()))


def test_players_act_in_turn_order_and_the_start_player_passes_left():
    state = play_all(game(), QUIET)
    assert state.acting == 0
    with pytest.raises(IllegalAction, match="Ann's turn to act"):
        R.apply(state, EndActions(1))
    state = finish_actions(state)
    assert state.turn == 2 and state.start_player == 1
    state = play_all(state, {0: CYCLE[1], 1: CYCLE[1]})
    assert state.acting == 1


# --- stacking limits -------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, space, limit", [
    (2, "S1", 2), (3, "S1", 3), (4, "S1", 3), (5, "S1", 4),          # 5000-6000
    (2, "S13", 2), (3, "S13", 2), (4, "S13", 3), (5, "S13", 3),      # 6000-7000
    (2, "S21", 1), (3, "S21", 2), (4, "S21", 2), (5, "S21", 2),      # 7000-8000
    (2, "S26", 1), (3, "S26", 1), (4, "S26", 1), (5, "S26", 1),      # 8000+
    (1, "S13", 2), (1, "S21", 1),                                    # solo: the 2-player limits
])
def test_stacking_limit_per_player_count(players, space, limit):
    names = ("Ann", "Bob", "Cy", "Di", "Ed")[:players]
    assert R.stacking_limit(game(names), space) == limit


def test_base_camp_has_no_limit_and_the_five_player_extra_climber_is_optional():
    five = ("Ann", "Bob", "Cy", "Di", "Ed")
    assert R.stacking_limit(game(five), "BASE_CAMP") is None
    assert R.stacking_limit(game(five, extra_high_climber=True), "S21") == 3
    assert R.stacking_limit(game(five, extra_high_climber=True), "S26") == 2
    assert R.stacking_limit(game(five, extra_high_climber=True), "S13") == 3
    with pytest.raises(InvalidInput, match="5-player option"):
        game(("Ann", "Bob"), extra_high_climber=True)


def test_stacking_limit_applies_at_the_end_of_a_move_only():
    state = put(game(), 1, "A", "S26", acc=5)
    state = put(state, 0, "A", "S25", acc=5)
    state = play_all(state, {0: ("M3", "M3", "A1"), 1: QUIET[1]})
    state = R.apply(state, TakeRisk(1))
    reach = R.destinations(state, 0, "A", cards("M3", "M3"))
    assert not reach["S26"].stop and "8000 m and above" in reach["S26"].reason
    with pytest.raises(IllegalAction, match=r"turn 1: Ann's climber A cannot end its move on S26: .*at most|"
                                            r"turn 1: Ann's climber A cannot end its move on S26: .*limit"):
        R.apply(state, ClimberAction(0, "A", cards("M3"), ("S26",)))
    # Passing through the full S26 to the summit is allowed: 3 + 3.
    state = R.apply(state, ClimberAction(0, "A", cards("M3", "M3"), ("S26", "SUMMIT")))
    a = climber(state, 0, "A")
    assert a.space == "SUMMIT" and a.best_vp == 10 and a.summit_at == (1, 1)


def test_the_summit_touched_during_a_move_counts():
    # Rulebook p.6: the scoring pawn moves at once. Ann's A on S26 (7 VP, acclimatization 5) steps onto the
    # summit with M3 and back down to S26 with M3 (3 + 3): best 10 VP and the first on the summit; the check
    # on S26 (-2): 5 - 2 = 3. Ann scores 10 + 1 = 11 against Bob's 1 + 1.
    state = put(game(), 0, "A", "S26", acc=5)
    state = play_all(state, {0: ("M3", "M3", "A1"), 1: QUIET[1]})
    state = R.apply(state, TakeRisk(0))
    state = R.apply(state, ClimberAction(0, "A", cards("M3", "M3"), ("SUMMIT", "S26")))
    a = climber(state, 0, "A")
    assert a.space == "S26" and a.best_vp == 10 and a.summit_at == (1, 1)
    state = finish_actions(state)
    assert climber(state, 0, "A").acclimatization == 3
    ann = score(state).players[0]
    assert ann.total == 11 and ann.first_summit == (1, 1)


def test_stacking_with_three_players_in_the_7000_zone():
    state = game(("Ann", "Bob", "Cy"))
    state = put(state, 1, "A", "S22", acc=5)
    state = put(state, 0, "A", "S20", acc=5)
    state = put(state, 0, "B", "S20", acc=5)
    state = play_all(state, {0: ("M2", "M2", "A1"), 1: QUIET[0], 2: QUIET[0]})
    state = R.apply(state, TakeRisk(0))
    state = R.apply(state, ClimberAction(0, "A", cards("M2"), ("S22",)))     # 2 of 2 on S22
    with pytest.raises(IllegalAction, match="limit in the 7000-8000 m zone is 2 climber"):
        R.apply(state, ClimberAction(0, "B", cards("M2"), ("S22",)))


# --- tents ---------------------------------------------------------------------------------------------

def test_tent_costs_the_entry_cost_again_and_is_one_per_climber():
    state = play_all(game(), {0: ("M3", "M2", "A1"), 1: QUIET[1]})
    state = R.apply(state, TakeRisk(1))
    # S1 (1) + S2 (1) + S4 (1), tent on S4 (1) = 4 of M3 + M2.
    state = R.apply(state, ClimberAction(0, "A", cards("M3", "M2"), ("S1", "S2", "S4"), tent=True,
                                         risk_move=1))
    assert climber(state, 0, "A").tent == "S4"
    state = finish_actions(state)
    assert state.log[0].checks[0].tent == 1 and state.log[0].checks[0].after == 3   # 1 + 1 space + 1 tent
    state = play_all(state, {0: ("M3", "M2", "A2"), 1: ("M1", "A2", "A3")})
    state = R.apply(R.apply(state, TakeRisk(1)), EndActions(1))      # Bob starts turn 2
    with pytest.raises(IllegalAction, match="already pitched its tent"):
        R.apply(state, ClimberAction(0, "A", cards("M3"), (), tent=True))


def test_tent_on_a_two_cost_space_needs_two_points():
    state = put(game(), 0, "A", "S4")
    state = play_all(state, {0: ("M2", "A0", "A1"), 1: QUIET[1]})
    state = R.apply(state, TakeRisk(1))
    with pytest.raises(IllegalAction, match="the tent costs 2"):
        R.apply(state, ClimberAction(0, "A", cards("M2"), ("S6",), tent=True))


# --- hands and the reshuffle ------------------------------------------------------------------------------

def test_a_card_is_not_played_twice_before_the_reshuffle():
    state = finish_actions(play_all(game(), {0: ("M3", "M3", "A0"), 1: ("M3", "M3", "A0")}))
    with pytest.raises(IllegalAction, match=r"turn 2: Ann cannot play Move 3, Move 1, Acclimatize \+1: only these cards"):
        R.apply(state, PlayCards(0, cards("M3", "M1", "A1")))
    # The cards by their names in every language, in brackets where a sentence would decline them ("nie może
    # zagrać Ruch 3" wanted "Ruchu 3").
    from companion.i18n import tr, use_language

    with pytest.raises(IllegalAction) as refused:
        R.apply(state, PlayCards(0, cards("M3", "M1", "A1")))
    with use_language("pl"):
        assert "Ann nie może zagrać tych kart (Ruch 3, Ruch 1, Aklimatyzacja +1): " in str(tr(refused.value.args[0]))


def test_six_turns_use_the_deck_then_it_is_reshuffled():
    plays = [("M1", "M1", "M1"), ("M1", "M1", "M2"), ("M2", "M2", "M3"),
             ("M3", "R1/2", "R1/3"), ("R2/3", "A0", "A1"), ("A1", "A2", "A3")]
    state = game()
    for turn, hand in enumerate(plays, 1):
        ann = state.players[0].hand
        assert ann.size == (3 if turn == 6 else 6) and ann.deck_size == max(0, 12 - 3 * (turn - 1))
        if turn >= 5:
            assert R.hand_cards(state, 0) is not None      # the draw pile is empty: the hand is known
        state = finish_actions(play_all(state, {0: hand, 1: hand}))
    assert R.hand_cards(state, 0) is None and state.players[0].hand.size == 6
    assert len(state.players[0].hand.unplayed) == 18


def test_known_hand_limits_the_play():
    state = R.apply(game(), Draw(0, cards("M1", "M1", "M2", "A0", "A1", "R1/3")))
    assert R.hand_cards(state, 0) == cards("A0", "A1", "M1", "M1", "M2", "R1/3")
    with pytest.raises(IllegalAction, match="the hand holds"):
        R.apply(state, PlayCards(0, cards("M3", "M1", "A0")))
    state = R.apply(state, PlayCards(0, cards("M2", "M1", "A0")))
    assert state.players[0].hand.known == cards("A1", "M1", "R1/3")


def test_draw_must_come_from_the_draw_pile():
    state = finish_actions(play_all(game(), {0: ("M3", "M3", "A3"), 1: QUIET[1]}))
    with pytest.raises(IllegalAction, match="cannot have drawn Move 3:"):
        R.apply(state, Draw(0, cards("M3")))


def test_exactly_three_cards():
    with pytest.raises(IllegalAction, match="exactly 3 cards"):
        R.apply(game(), PlayCards(0, cards("M3", "M2")))


# --- weather and the forecast -------------------------------------------------------------------------------

def test_forecast_shows_the_two_tiles_in_view():
    state = game(weather=[])
    assert [d.day for d in R.forecast(state)] == [1, 2, 3, 4, 5, 6]
    state = R.apply(state, SetWeather(1, Weather()))
    for _ in range(3):
        state = quiet(R.apply(state, SetWeather(state.turn, Weather())))
    assert state.turn == 4 and [d.day for d in R.forecast(state)] == [4, 5, 6, 7, 8, 9]
    assert R.forecast(state)[0].today and not R.forecast(state)[1].today


def test_todays_weather_is_needed_before_acting_and_locked_after():
    state = play_all(game(weather=[]), QUIET)
    assert R.waiting_for(state)[0] is R.ActionType.WEATHER
    with pytest.raises(IllegalAction, match="enter day 1's weather"):
        R.apply(state, EndActions(0))
    state = R.apply(state, SetWeather(1, Weather(accl=1, zones=frozenset({8000}), label="cloud")))
    state = R.apply(state, EndActions(0))
    with pytest.raises(IllegalAction, match="already in play"):
        R.apply(state, SetWeather(1, Weather()))
    assert R.apply(state, SetWeather(5, Weather())).weather[4] == Weather()


def test_preset_with_unreadable_band_needs_zones():
    with pytest.raises(InvalidInput, match="give the zones"):
        R.weather_from_doc({"tile": "summer-6", "day": 3})
    snow = R.weather_from_doc({"tile": "summer-6", "day": 3, "zones": [7000, 8000]})
    assert snow == Weather(accl=2, move=0, zones=frozenset({7000, 8000}), label="snow")
    assert R.weather_from_doc({"tile": "summer-1", "day": 2}).zones == frozenset({7000, 8000})


# --- solo ---------------------------------------------------------------------------------------------

def test_solo_game_ends_at_once_when_a_climber_dies():
    state = put(game(("Sol",)), 0, "A", "S23", acc=2, best_vp=6)
    state = put(state, 0, "B", "S21", acc=4, best_vp=5)
    state = R.apply(play_all(state, {0: ("A0", "A1", "A1")}), TakeRisk(0))
    state = R.apply(state, ClimberAction(0, "B", cards("A0")))     # uses a card, takes no penalty (0)
    state = R.apply(state, EndActions(0))
    assert state.over and state.ended_early and state.turn == 1    # S23: 2 - 2 = 0: A dies
    result = score(state)
    assert result.players[0].total == 1 + 5 and result.winners == ()
    assert result.solo_rank is not None and result.solo_rank.id == "zeglarz"
    with pytest.raises(IllegalAction, match="game is over"):
        R.apply(state, PlayCards(0, cards("M1", "M1", "M1")))


def test_legal_actions_are_all_accepted():
    state = play_all(game(), {0: ("M3", "R1/3", "A1"), 1: QUIET[1]})
    state = R.apply(state, TakeRisk(2))
    options = R.legal_actions(state)
    assert any(isinstance(a, ClimberAction) and a.path for a in options)
    for action in options:
        assert R.why_illegal(state, action) is None, action


def test_route_to_finds_the_cheapest_path_or_says_what_it_costs():
    state = play_all(game(), {0: ("M3", "M2", "A1"), 1: QUIET[1]})
    state = R.apply(state, TakeRisk(1))
    assert R.route_to(state, 0, "A", cards("M3", "M2"), "S6") == ("S1", "S2", "S4", "S6")
    with pytest.raises(IllegalAction, match=r"turn 1: Ann's climber A cannot afford to reach S6: the cheapest "
                                            r"path costs 5 plus 1 risk point, and the movement cards "
                                            r"\(Move 3\) give 3"):
        R.route_to(state, 0, "A", cards("M3"), "S6", risk_move=1)
    # The cards in words, as the table says them (a rope with both its values), not as a file writes them.
    with pytest.raises(IllegalAction, match=r"the movement cards \(Move 1, Rope 1 or 3 down\) give 2"):
        R.route_to(state, 0, "A", cards("M1", "R1/3"), "S6")


def test_movement_points_with_ropes():
    assert R.movement_points(cards("M2", "R1/3", "A2")) == (3, 5)
    assert R.can_pay(cards("R1/3"), 3, downhill=3) and not R.can_pay(cards("R1/3"), 3, downhill=2)
    assert not R.can_pay(cards("M2"), 2, tent=1)
