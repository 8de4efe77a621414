"""Helpers for the Trek 12 tests: small sheets, a way to write a chosen number, an independent (slow,
set-based) model of the legal moves, and the invariant checks of DESIGN.md item 9. The few tests here
make sure the checks themselves catch broken states."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from companion.games.trek12.data import Sheet, sheet_from_dict
from companion.games.trek12.rules import OPS, ROLLS, SKULL, Action, Op, Roll, State, apply, legal_actions
from companion.games.trek12.scoring import score, score_board

__all__ = ["make_sheet", "hub_sheet", "roll_for", "write", "reference_moves", "engine_moves",
           "check_invariants", "random_game"]


def make_sheet(n: int, links, *, dangerous=(), op_limit: int = 4, name: str = "Test") -> Sheet:
    """A small sheet with circles 0..n-1 laid out in a row."""
    return sheet_from_dict({
        "name": name,
        "circles": [{"id": i, "x": i, "y": 0, "dangerous": i in dangerous} for i in range(n)],
        "links": [list(pair) for pair in links],
        "op_limit": op_limit,
    })


def hub_sheet(n: int, links, *, dangerous=(), op_limit: int = 8) -> Sheet:
    """Circles 1..n with `links`, plus a dangerous hub circle 0 touching every one of them.

    A skull in the hub as the first move makes every other circle playable in any order, so a test can
    lay out exactly the position it needs; a skull never links, so the hub does not disturb lines.
    """
    return make_sheet(n + 1, [(0, i) for i in range(1, n + 1)] + list(links),
                      dangerous=(0,) + tuple(dangerous), op_limit=op_limit, name="Hub")


def roll_for(state: State, value: int) -> tuple[Roll, Op]:
    """A roll and an option with boxes left that give `value` (the first found, deterministic)."""
    for roll in ROLLS:
        for op in OPS:
            if roll.values[op] == value and state.ops[op] < state.sheet.op_limit:
                return roll, op
    raise AssertionError(f"no roll gives {value} with the boxes left")


def write(state: State, circle: int, value: int, links=None, **extra) -> State:
    """Play the turn that writes `value` (a number, or anything over the limit for a skull) in `circle`."""
    roll, op = roll_for(state, value)
    return apply(state, Action(roll, op, circle, None if links is None else tuple(links), **extra))


def drawn_links(before: State, after: State, circle: int, *, max_sheet: bool = False) -> frozenset[int]:
    """The circles the new number in `circle` was linked to, read from the Fixed Lines after the move."""
    board = after.max_board if max_sheet else after.board
    line = board.line_of(circle)
    if line is None:
        return frozenset()
    k = line.index(circle)
    return frozenset(line[max(k - 1, 0):k] + line[k + 1:k + 2])


def _line_facts(board):
    lines = board.fixed_lines()
    line_of = {c: n for n, line in enumerate(lines) for c in line}

    def linked_up(c):
        return c in line_of and lines[line_of[c]][-1] != c

    def linked_down(c):
        return c in line_of and lines[line_of[c]][0] != c

    return line_of, linked_up, linked_down


def _options(sheet: Sheet, board, circle: int, v: int, merge: bool) -> list[frozenset[int]]:
    """Every maximal set of links for v in `circle`, by brute force over subsets (the rulebook read
    literally: at most one link each way, to a free end of a consecutive number, touching at most one
    existing line unless merge_lines; draw whenever you can)."""
    if v > sheet.circle(circle).limit:
        return [frozenset()]
    cells = board.cells()
    line_of, linked_up, linked_down = _line_facts(board)
    cands = []
    for nb in sheet.neighbours(circle):
        if cells.get(nb) == v - 1 and not linked_up(nb):
            cands.append((nb, "down"))
        if cells.get(nb) == v + 1 and not linked_down(nb):
            cands.append((nb, "up"))
    valid = []
    for size in range(3):
        for sub in itertools.combinations(cands, size):
            if len({d for _, d in sub}) != len(sub):
                continue
            if len({line_of[c] for c, _ in sub if c in line_of}) > 1 and not merge:
                continue
            valid.append(frozenset(c for c, _ in sub))
    return [s for s in valid if not any(s < t for t in valid)]


def reference_moves(state: State, roll: Roll) -> set[tuple]:
    """The legal moves as (op, circle, links, max links), computed from public data only."""
    sheet = state.sheet
    cells = state.board.cells()
    empty = [c for c in sheet.ids if c not in cells]
    if not empty:
        return set()
    places = [c for c in empty if any(n in cells for n in sheet.neighbours(c))] if cells else empty
    merge = state.ruleset.merge_lines
    moves = set()
    for op in OPS:
        if state.ops[op] >= sheet.op_limit:
            continue
        v = roll.values[op]
        for c in places:
            mine = _options(sheet, state.board, c, v, merge)
            his = _options(sheet, state.max_board, c, roll.best, merge) if state.max_board else [None]
            for a in mine:
                for b in his:
                    moves.add((op, c, a, b))
    return moves


def engine_moves(state: State, roll: Roll) -> set[tuple]:
    """The engine's legal moves in the same shape, with forced links read back from the result."""
    moves = set()
    actions = legal_actions(state, roll)
    for action in actions:
        after = apply(state, action)
        mine = drawn_links(state, after, action.circle)
        if action.links is not None:
            assert mine == frozenset(action.links)
        his = None
        if state.max_board is not None:
            his = drawn_links(state, after, action.circle, max_sheet=True)
            if action.max_links is not None:
                assert his == frozenset(action.max_links)
        moves.add((action.op, action.circle, mine, his))
    plain = [a for a in actions if not a.assists]
    assert len(set(map(_key, plain))) == len(plain), "the same move is listed twice"
    return moves


def _key(action: Action):
    return (action.op, action.circle, action.links, action.max_links)


def _components(sheet: Sheet, cells: dict) -> list[frozenset[int]]:
    seen: set[int] = set()
    comps = []
    for c, v in cells.items():
        if c in seen or v == SKULL:
            continue
        comp = {c}
        todo = [c]
        while todo:
            for nb in sheet.neighbours(todo.pop()):
                if nb not in comp and cells.get(nb) == v:
                    comp.add(nb)
                    todo.append(nb)
        seen |= comp
        comps.append(frozenset(comp))
    return comps


def _check_board(sheet: Sheet, board, breakdown, *, max_rules: bool, assists: int) -> None:
    cells = board.cells()
    for a, b in board.ropes:  # a Rope link joins circles exactly two steps apart
        assert not sheet.touching(a, b) and set(sheet.neighbours(a)) & set(sheet.neighbours(b))
    in_line: set[int] = set()
    longest = 0
    line_points = 0
    for line in board.fixed_lines():
        assert len(line) >= 2, f"a line of one circle: {line}"
        assert len(set(line)) == len(line), f"line {line} repeats a circle"
        for a, b in zip(line, line[1:]):
            assert sheet.touching(a, b) or (min(a, b), max(a, b)) in board.ropes, f"line {line}: {a}, {b} apart"
            assert cells[a] != SKULL and cells[b] == cells[a] + 1, f"line {line} is not consecutive"
        assert not in_line & set(line), f"circle in two lines: {in_line & set(line)}"
        in_line |= set(line)
        longest = max(longest, len(line))
        line_points += cells[line[-1]] + len(line) - 1
    zones = [z for z in _components(sheet, cells) if len(z) >= 2]
    assert sorted(map(sorted, zones)) == sorted(map(sorted, board.zone_list())), "zones are not the components"
    zoned = set().union(*zones) if zones else set()
    largest = max(map(len, zones), default=0)
    zone_points = sum(cells[next(iter(z))] + len(z) - 1 for z in zones)
    skulls = sum(1 for v in cells.values() if v == SKULL)
    orphans = sum(1 for c, v in cells.items() if v != SKULL and c not in in_line and c not in zoned)
    assert breakdown.skulls == skulls and breakdown.orphans == orphans
    expected = (line_points + zone_points + sheet.bonus_for(longest) + sheet.bonus_for(largest) - 3 * skulls
                + (3 if max_rules else -3) * orphans + 3 * assists)
    assert breakdown.total == expected == breakdown.parts_total()
    assert breakdown.complete == (len(cells) == sheet.n)


def check_invariants(state: State) -> None:
    """DESIGN.md item 9 on the player's sheet and Max's: lines, zones, orphans, and the score's sum."""
    sheet = state.sheet
    assert len(state.board.cells()) == state.turn
    assert sum(state.ops) + state.tents == state.turn
    assert all(0 <= used <= sheet.op_limit for used in state.ops)
    # Only cards cashed at the end count; held cards count nothing until then.
    cashed = len(state.cashed) if state.cashed else 0
    _check_board(sheet, state.board, score(state), max_rules=False, assists=cashed)
    if state.max_board is not None:
        assert set(state.max_board.cells()) == set(state.board.cells()), "Max fills the player's circles"
        assert 0 <= state.max_assists <= 3
        _check_board(sheet, state.max_board, score_board(state.max_board, max_rules=True,
                                                         assists=state.max_assists),
                     max_rules=True, assists=state.max_assists)


def random_game(state: State, rng: random.Random, *, on_move=None) -> tuple[State, list[Action]]:
    """Play to the end with uniformly chosen legal moves; returns the final state and the turns."""
    turns = []
    while not state.complete:
        roll = rng.choice(ROLLS)
        actions = legal_actions(state, roll)
        action = rng.choice(actions)
        before = state
        state = apply(state, action)
        turns.append(action)
        if on_move:
            on_move(before, roll, action, state)
    return state, turns


# --- the checks above must themselves be able to fail --------------------------------------------------

def test_invariants_catch_a_broken_line():
    sheet = hub_sheet(3, [(1, 2), (2, 3)])
    state = write(sheet_state(sheet), 0, 9)
    state = write(state, 1, 4)
    state = write(state, 2, 5)
    check_invariants(state)
    # Rewire the line so it claims circles 1 and 3, which do not touch.
    bad_board = replace(state.board, lines=((1, 3),))
    with pytest.raises(AssertionError):
        check_invariants(replace(state, board=bad_board))


def test_reference_model_sees_the_forced_link():
    sheet = hub_sheet(2, [(1, 2)])
    state = write(write(sheet_state(sheet), 0, 9), 1, 4)
    roll = Roll.of(5, 0)  # higher gives 5
    assert (Op.HIGHER, 2, frozenset({1}), None) in reference_moves(state, roll)
    assert reference_moves(state, roll) == engine_moves(state, roll)


def sheet_state(sheet: Sheet, **kw) -> State:
    """A new game on `sheet` (keyword arguments as for rules.new_game)."""
    from companion.games.trek12.rules import new_game

    return new_game(sheet, **kw)
