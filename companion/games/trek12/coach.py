"""The Trek 12 coach: which move to make for this roll, ranked by the final score it can expect.

Every move weighed comes from the rules engine's `legal_actions` (options, circles, link choices, Max's
link choices, and the Compass, Tent and Rope when the player holds them), so the coach never proposes a
move the rules refuse. Each move is applied by the engine; the position after it is then valued:

- exactly when it is the end (a full sheet) or when one circle is left (every roll, every last move);
- otherwise by playouts: the rest of the game played many times on random dice by a fast greedy policy
  (`playout.py`), the same dice for every move compared, the weaker half of the moves dropped after each
  round (successive halving) so that the close ones get most of the games.

Pure like the rules: randomness only from the `random.Random` passed in, and no clock unless the caller
passes one with a time budget. Cards held count +3 each (their value if cashed at the end), so a card is
played only when it is worth more than that. Against Max the player's own score is what is ranked; where
the player chooses Max's links, the coach picks those that leave Max's sheet scoring least.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Callable

from companion.errors import IllegalAction
from companion.games.trek12 import playout as sim
from companion.games.trek12.rules import Action, Roll, State, apply, legal_actions
from companion.games.trek12.scoring import total

__all__ = ["Ranked", "Advice", "DEFAULT_PLAYOUTS", "advise"]

DEFAULT_PLAYOUTS = 1500   # playouts per decision, shared among the moves (about 0.3 s on a laptop)
_FIRST_ROUND = 4          # playouts per move in the first round of successive halving


@dataclass(frozen=True)
class Ranked:
    """One move and the final score it expects (`exact`: worked out over every roll, not sampled)."""

    action: Action
    expected: float
    playouts: int
    exact: bool


@dataclass(frozen=True)
class Advice:
    """The moves for a roll, best first (`best` is `moves[0].action`)."""

    moves: tuple[Ranked, ...]

    @property
    def best(self) -> Action:
        """The move the coach recommends."""
        return self.moves[0].action


def advise(state: State, roll: Roll, rng: Random, *, playouts: int = DEFAULT_PLAYOUTS,
           time_budget: float | None = None, clock: Callable[[], float] | None = None) -> Advice:
    """Rank every legal move for `roll` by expected final score (see the module docstring).

    `playouts` caps the simulated games; with `time_budget` (seconds, measured by `clock`) the search also
    stops when the time is up, after the first round. IllegalAction when the sheet is full.
    """
    if time_budget is not None and clock is None:
        raise ValueError("a time budget needs a clock to measure it")
    actions = legal_actions(state, roll)
    if not actions:
        raise IllegalAction("the sheet is full: there is no move to advise")
    merge = state.ruleset.merge_lines
    tracked = state.assists is not None
    cands = _candidates(state, actions)
    results: dict[int, Ranked] = {}
    open_ids = []
    positions = []
    for n, (action, after) in enumerate(cands):
        pos = sim.from_board(after.board, after.ops, len(after.assists) if tracked else 0)
        empty = pos.empty
        if empty <= 1:
            results[n] = Ranked(action, sim.exact_value(pos, merge), 0, True)
        else:
            open_ids.append(n)
        positions.append(pos)
    sampled: list[Ranked] = []
    if open_ids:
        start = clock() if clock is not None else 0.0
        stats = _halving(positions, open_ids, rng, merge, playouts,
                         None if time_budget is None else (lambda: clock() - start > time_budget))
        # Moves that survived more rounds of halving first, then by their estimate.
        for n in sorted(stats, key=lambda n: (-stats[n][2], -stats[n][0])):
            sampled.append(Ranked(cands[n][0], stats[n][0], stats[n][1], False))
    ranked = _merge_exact(sampled, list(results.values()))
    return Advice(tuple(ranked))


def _merge_exact(sampled: list[Ranked], exact: list[Ranked]) -> list[Ranked]:
    # Sampled moves keep their halving order; each exact one goes before the first sampled move whose
    # estimate it reaches.
    out = []
    exact = sorted(exact, key=lambda r: -r.expected)
    for r in sampled:
        while exact and exact[0].expected >= r.expected:
            out.append(exact.pop(0))
        out.append(r)
    return out + exact


def _candidates(state: State, actions: tuple[Action, ...]) -> list[tuple[Action, State]]:
    """One entry per distinct move of the player; Max's link choice is the one leaving him least."""
    groups: dict[tuple, tuple[Action, State, int]] = {}
    for action in actions:
        after = apply(state, action)
        key = (action.op, action.circle, action.links, action.assists, action.rope)
        his = total(after.max_board, max_rules=True) if after.max_board is not None else 0
        held = groups.get(key)
        if held is None or his < held[2]:
            groups[key] = (action, after, his)
    return [(a, s) for a, s, _ in groups.values()]


def _halving(positions, open_ids, rng, merge, playouts, out_of_time):
    """Successive halving over the open moves with common dice; {move: (mean, playouts, rounds survived)}."""
    alive = list(open_ids)
    sums = {n: 0 for n in alive}
    counts = {n: 0 for n in alive}
    level = {n: 0 for n in alive}
    dice: list[list[int]] = []
    length = max(positions[n].empty for n in alive)
    rounds = max(1, (len(alive) - 1).bit_length())
    budget = playouts
    used = 0
    per = max(_FIRST_ROUND, budget // (rounds * len(alive)))
    rnd = 0
    while True:
        want = counts[alive[0]] + per
        while len(dice) < want:
            dice.append([int(rng.random() * 36) for _ in range(length)])
        for n in alive:
            base = positions[n]
            s = 0
            for j in range(counts[n], want):
                s += sim.playout(base.copy(), rng, merge, dice=dice[j])
            sums[n] += s
            used += want - counts[n]
            counts[n] = want
        rnd += 1
        for n in alive:
            level[n] = rnd
        if len(alive) <= 1 or used >= budget or (out_of_time is not None and out_of_time()):
            break
        alive.sort(key=lambda n: -sums[n] / counts[n])
        alive = alive[:max(1, (len(alive) + 1) // 2)]
        left = budget - used
        per = max(_FIRST_ROUND, left // (max(1, (len(alive) - 1).bit_length()) * len(alive)))
    return {n: (sums[n] / counts[n], counts[n], level[n]) for n in sums}
