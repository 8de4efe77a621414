"""Freunde scoring by hand-worked cases: best victory points, 1 for the dead, the summit tie-break, shared
wins, and the solo rank."""

from __future__ import annotations

from dataclasses import replace

from companion.games.freunde import rules as R
from companion.games.freunde.rules import Phase
from companion.games.freunde.scoring import climber_score, score


def finished(players, climbers, solo_season="summer", board="summer"):
    """A game over after turn 18 with the climbers as given: {(player, label): fields}."""
    state = R.new_game(R.setup_from_doc({"players": list(players), "board": board,
                                         "weather_season": solo_season}))
    new_players = []
    for index, player in enumerate(state.players):
        new_climbers = tuple(replace(c, **climbers.get((index, c.label), {})) for c in player.climbers)
        new_players.append(replace(player, climbers=new_climbers))
    return replace(state, players=tuple(new_players), phase=Phase.OVER, turn=18)


DEAD = {"alive": False, "space": None, "died_turn": 9}


def test_best_points_and_one_for_the_dead():
    climber = R.Climber("A", "S16", 3, best_vp=7)
    assert climber_score(climber) == 7
    assert climber_score(replace(climber, alive=False)) == 1


def test_highest_total_wins():
    state = finished(("Ann", "Bob"), {(0, "A"): {"best_vp": 6}, (0, "B"): {"best_vp": 5},
                                      (1, "A"): {"best_vp": 10, **DEAD}, (1, "B"): {"best_vp": 7}})
    result = score(state)
    assert [p.total for p in result.players] == [11, 8]
    assert result.winners == (0,) and result.tie_break is None


def test_tie_goes_to_the_first_on_the_summit():
    state = finished(("Ann", "Bob", "Cy"), {
        (0, "A"): {"best_vp": 10, "summit_at": (12, 40)}, (0, "B"): {"best_vp": 2},
        (1, "A"): {"best_vp": 10, "summit_at": (11, 52)}, (1, "B"): {"best_vp": 2},
        (2, "A"): {"best_vp": 5}, (2, "B"): {"best_vp": 5},
    })
    result = score(state)
    assert [p.total for p in result.players] == [12, 12, 10]
    assert result.winners == (1,) and result.tie_break == "summit"


def test_same_turn_summit_goes_by_action_order():
    state = finished(("Ann", "Bob"), {
        (0, "A"): {"best_vp": 10, "summit_at": (12, 41)}, (1, "A"): {"best_vp": 10, "summit_at": (12, 40)}})
    assert score(state).winners == (1,)


def test_a_dead_summiteer_does_not_break_the_tie():
    # Ann's summiteer died (scores 1); Bob never reached the summit: no tie-break, a shared win.
    state = finished(("Ann", "Bob"), {
        (0, "A"): {"best_vp": 10, "summit_at": (5, 10), **DEAD}, (0, "B"): {"best_vp": 6},
        (1, "A"): {"best_vp": 4}, (1, "B"): {"best_vp": 3},
    })
    result = score(state)
    assert [p.total for p in result.players] == [7, 7]
    assert result.winners == (0, 1) and result.tie_break == "shared"


def test_no_winner_before_the_end():
    state = replace(finished(("Ann", "Bob"), {(0, "A"): {"best_vp": 6}}), phase=Phase.PLAY, turn=9)
    result = score(state)
    assert not result.finished and result.winners == () and result.players[0].total == 7


def test_solo_rank_by_route_and_season():
    full = {(0, "A"): {"best_vp": 10}, (0, "B"): {"best_vp": 7}}
    assert score(finished(("Sol",), full)).solo_rank.id == "alpinista"            # easy/summer: 16-17
    assert score(finished(("Sol",), full, "winter")).solo_rank.id == "himalaista"  # easy/winter: 17-20
    assert score(finished(("Sol",), full, "winter", "winter")).solo_rank.id == "himalaista"
    result = score(finished(("Sol",), {(0, "A"): {"best_vp": 6}, (0, "B"): {"best_vp": 4}}))
    assert result.players[0].total == 10 and result.solo_rank.id == "zeglarz"     # below 11
    assert result.winners == ()
