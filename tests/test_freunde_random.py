"""Seeded random games through legal_actions to the end (any player count, both boards, random weather):
the invariants hold after every action, every chosen action survives the JSON round trip, and the game
ends after 18 turns or, in solo, at the first death."""

from __future__ import annotations

import random
import pytest

from companion.games.freunde import rules as R
from companion.games.freunde import session
from companion.games.freunde.scoring import climber_score, score


def random_weather(rng: random.Random) -> list:
    days = []
    for _ in range(18):
        if rng.random() < 0.4:
            days.append("sun")
        else:
            low = rng.choice([5000, 6000, 7000, 8000])
            days.append({"accl": rng.choice([0, 1, 2]), "move": rng.choice([0, 0, 1]),
                         "zones": [z for z in (5000, 6000, 7000, 8000) if z >= low]})
    return days


def check_invariants(state: R.State) -> None:
    board = state.board
    for space in board.spaces:
        limit = R.stacking_limit(state, space)
        assert limit is None or len(R.occupants(state, space)) <= limit, space
    for player in state.players:
        assert len(player.hand.unplayed) % 3 == 0 and player.hand.size <= 6
        for climber in player.climbers:
            if climber.alive:
                assert climber.space in board.spaces
                # Cards may lift the marker above 6 during the action phase; the check brings it back.
                assert climber.acclimatization <= R.MAX_ACCLIMATIZATION or state.phase is R.Phase.ACTIONS
                assert climber.best_vp >= board.space(climber.space).vp     # it stood here
            else:
                assert climber.space is None and climber_score(climber) == 1
            assert climber.tent is None or climber.tent in board.spaces
    for record in state.log:
        for check in record.checks:
            assert check.after == min(6, check.raw) and check.died == (check.after < 1)
    result = score(state)
    for entry in result.players:
        assert entry.total == sum(c.score for c in entry.climbers)


@pytest.mark.parametrize("seed", range(16))
def test_random_game(seed):
    rng = random.Random(seed)
    players = ["Ann", "Bob", "Cy", "Di", "Ed"][:rng.randint(1, 5)]
    setup = {"players": players, "board": rng.choice(["summer", "winter"]),
             "weather_season": rng.choice(["summer", "winter"]), "weather": random_weather(rng),
             "extra_high_climber": len(players) == 5 and rng.random() < 0.5}
    state = session.start(setup)
    steps = 0
    while not state.over:
        options = R.legal_actions(state)
        assert options, R.waiting_for(state)
        # Lean towards acting rather than ending a player's turn at once, so climbers get somewhere.
        climbs = [a for a in options if isinstance(a, R.ClimberAction) and a.path]
        action = rng.choice(climbs if climbs and rng.random() < 0.8 else options)
        doc = R.action_to_doc(state, action)
        assert R.action_from_doc(state, doc) == action
        state = session.apply(state, doc)
        check_invariants(state)
        steps += 1
        assert steps < 2000
    deaths = sum(1 for r in state.log for c in r.checks if c.died)
    if len(players) == 1:
        assert (len(state.log) == 18) or (state.ended_early and deaths >= 1)
    else:
        assert len(state.log) == 18 or not R.active_players(state)
    if len(players) > 1:
        assert score(state).winners
