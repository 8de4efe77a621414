"""Random-play checks (DESIGN.md item 9): seeded random games through `legal_actions` on the three
printed sheets and on random small graphs. After every move the invariants hold, the engine's moves
equal an independent brute-force model's, and replaying the turn list rebuilds the same state."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.trek12.data import SHEET_NAMES, load_sheet, sheet_from_dict
from companion.games.trek12.rules import ROLLS, Action, Assist, Ruleset, apply, legal_actions, new_game, why_not
from test_trek12_support import check_invariants, engine_moves, random_game, reference_moves

_FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def small_sheets(draw):
    """A connected random graph of 2-9 circles, some dangerous, with enough option boxes."""
    n = draw(st.integers(2, 9))
    links = {(draw(st.integers(0, i - 1)), i) for i in range(1, n)}  # a random spanning tree
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    links |= set(draw(st.lists(st.sampled_from(pairs), max_size=n * 2)))
    dangerous = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    op_limit = draw(st.integers(max(1, -(-n // 5)), 4))
    return sheet_from_dict({
        "name": "Random",
        "circles": [{"id": i * 3 + 1, "x": i, "y": i % 2, "dangerous": dangerous[i]} for i in range(n)],
        "links": [[a * 3 + 1, b * 3 + 1] for a, b in sorted(links)],
        "op_limit": op_limit,
    })


def _play_and_check(state, seed, *, compare_reference=True):
    rng = random.Random(seed)

    def on_move(before, roll, action, after):
        check_invariants(after)
        if compare_reference:
            assert engine_moves(before, roll) == reference_moves(before, roll)

    final, turns = random_game(state, rng, on_move=on_move)
    assert final.complete and final.turn == final.sheet.n
    assert legal_actions(final, ROLLS[0]) == ()
    # Replaying the turn list, through its JSON form, rebuilds exactly the same state.
    again = state
    for action in turns:
        again = apply(again, Action.from_dict(action.to_dict()))
    assert again == final
    return final


@_FAST
@given(name=st.sampled_from(SHEET_NAMES), seed=st.integers(0, 2**32), merge=st.booleans(), solo=st.booleans())
def test_random_games_on_the_printed_sheets(name, seed, merge, solo):
    state = new_game(load_sheet(name), Ruleset(merge_lines=merge), solo=solo)
    _play_and_check(state, seed)


@_FAST
@given(sheet=small_sheets(), seed=st.integers(0, 2**32), merge=st.booleans(), solo=st.booleans())
def test_random_games_on_random_small_graphs(sheet, seed, merge, solo):
    state = new_game(sheet, Ruleset(merge_lines=merge), solo=solo)
    _play_and_check(state, seed)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sheet=st.one_of(st.sampled_from(SHEET_NAMES).map(load_sheet), small_sheets()),
       seed=st.integers(0, 2**32), solo=st.booleans(),
       hand=st.lists(st.sampled_from([Assist.COMPASS, Assist.ROPE, Assist.TENT]), max_size=3))
def test_random_games_using_assist_cards(sheet, seed, solo, hand):
    """With cards held, the listed moves include card uses; each is legal and the invariants hold."""
    state = new_game(sheet, solo=solo, assists=hand)
    rng = random.Random(seed)
    used = set()
    turns = []
    start = state
    while not state.complete:
        roll = rng.choice(ROLLS)
        actions = legal_actions(state, roll)
        card_moves = [a for a in actions if a.assists]
        # Prefer card moves now and then so that every kind gets exercised.
        action = rng.choice(card_moves) if card_moves and rng.random() < 0.3 else rng.choice(actions)
        for a in card_moves:
            assert why_not(state, a) is None, (a, why_not(state, a))
        if action.assists:
            used |= set(action.assists)
        state = apply(state, action)
        turns.append(action)
        check_invariants(state)
        assert len(state.assists) == len(hand) - sum(len(a.assists) for a in turns)
    again = start
    for action in turns:
        again = apply(again, Action.from_dict(action.to_dict()))
    assert again == state


def test_a_large_home_made_sheet_plays_to_the_end():
    """45 circles in a 9 x 5 grid (ids far apart): bitmasks wider than the printed sheets' 19 circles."""
    ids = {(x, y): 1000 + 7 * (y * 9 + x) for x in range(9) for y in range(5)}
    links = [[ids[x, y], ids[x + 1, y]] for x in range(8) for y in range(5)]
    links += [[ids[x, y], ids[x, y + 1]] for x in range(9) for y in range(4)]
    links += [[ids[x, y], ids[x + 1, y + 1]] for x in range(8) for y in range(4)]
    sheet = sheet_from_dict({"name": "Grid", "op_limit": 9, "links": links,
                             "circles": [{"id": cid, "x": x, "y": y, "dangerous": (x + y) % 4 == 0}
                                         for (x, y), cid in ids.items()]})
    for seed in range(3):
        final = _play_and_check(new_game(sheet, Ruleset(merge_lines=seed == 1), solo=seed == 2), seed)
        assert len(final.board.cells()) == 45
