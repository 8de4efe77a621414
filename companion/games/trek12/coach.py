"""The Trek 12 coach: which move to make for this roll, ranked by the final score it can expect.

Every move weighed comes from the rules engine's `legal_actions` (options, circles, link choices, Max's
link choices, and the Compass, Tent and Rope when the player holds them), so the coach never proposes a
move the rules refuse. Each move is applied by the engine; the position after it is then valued:

- exactly when it is the end (a full sheet) or when one or two circles are left (every roll, every
  move on each of them; cards are not played on those imagined last turns);
- otherwise by playouts: the rest of the game played many times on random dice by a fast greedy policy
  (`playout.py`, which plays no cards), the same dice for every move compared, the weaker half of the
  moves dropped after each round (successive halving) so that the close ones get most of the games. On a
  sheet whose learned value is shipped for the game's reading (`value.py`), the playouts are played greedy
  on that value instead: it plays far better than the fast policy (in the 80s rather than the 60s alone),
  so the playouts' games are nearer to the coach's own, at about two and a half times the cost of a move.

Pure like the rules: randomness only from the `random.Random` passed in, and no clock unless the caller
passes one with a time budget. Cards held count +3 each (their value if cashed at the end), so a card is
played only when it is worth more than that; a move that makes a new zone of 0s, 1s or 2s counts the card
it earns (while fewer than three are held), and so do the playouts. Against Max the player's own score is
what is ranked; where the player chooses Max's links, the coach picks those that leave Max's sheet scoring
least.

The Schnapps (a new roll) is not a move for this roll, so `advise` leaves it out; `reroll` weighs it: the
best move for each of the 26 distinct rolls, the card gone, against the best for the roll on the table with
the card kept (its +3, or a worse roll later that it could replace), every roll valued alike.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from random import Random
from typing import Callable, Iterator, Sequence

from companion.errors import IllegalAction
from companion.games.trek12 import playout as sim
from companion.games.trek12 import value as learned_value
from companion.games.trek12.rules import MAX_ASSISTS, ROLLS, Action, Assist, Roll, State, apply, legal_actions
from companion.games.trek12.scoring import CARD_POINTS, total
from companion.i18n.message import msg

__all__ = ["Ranked", "Advice", "Reroll", "EARLY_STEPS", "LATE_STEPS", "VALUE_SHARE", "playouts_for", "advise", "reroll",
           "reroll_steps", "after_schnapps", "compare", "margin"]

# Playouts per decision by default, counted in circles they fill: a playout from a fuller sheet is
# shorter, so it gets more of them for the same time. The first half of the game (more than half the
# sheet empty) gets a larger share: its choices shape the sheet, and its playouts are the longest.
# On one thread of a small 2-core machine that is about 0.15-0.3 s a decision in the second half of the
# game and 0.8-1.3 s in the first: a median of 0.2-0.28 s and a mean of 0.43-0.6 s over whole games
# (`companion bench coach`, when this was set; the figures below were measured later, on a faster machine
# of the same size). The second half's choices are closer to even: with 15,500 steps there
# instead of 8,500 the coach scored no better (-0.2 +- 0.4 points a game, 180 games paired on the same dice).
LATE_STEPS = 8500
EARLY_STEPS = 36000
# A playout greedy on a learned value (`value.py`) costs about two and a half times one by the fast policy;
# such playouts get this share of a decision's budget, counted in the fast policy's playouts. With two thirds
# a decision takes about half as long again as with the fast policy (medians of 155-175 ms against 108-112,
# means of 370-395 ms against 225-230 on Kagkot and Dhaulagiri, 20 games each: `companion bench coach`, with
# and without `--no-value`), well within the 0.3 s median and 1 s mean a decision may take.
VALUE_SHARE = 2 / 3
_FIRST_ROUND = 4          # playouts per move at least in the first round of successive halving
_SINGLE = 100             # playouts to value the only move there is (nothing to choose between)
_REROLL_SHARE = 10        # the Schnapps: each distinct roll gets this fraction of a decision's playouts
_REROLL_REPEATS = 4       # ... and the roll on the table is weighed this many times over (see `reroll_steps`)
# The distinct rolls (the five results and Max's number) and how many of the 36 give each.
_DISTINCT = tuple({(r.values, r.best): r for r in ROLLS}.values())
_WEIGHTS = Counter((r.values, r.best) for r in ROLLS)


@dataclass(frozen=True)
class Ranked:
    """One move and the final score it expects (`exact`: worked out over every roll, not sampled)."""

    action: Action
    expected: float
    playouts: int
    exact: bool


@dataclass(frozen=True)
class Reroll:
    """The Schnapps weighed: the final score expected after drinking it (a new roll, the card used) and
    after keeping the roll on the table (the card kept: +3 at the end, or drunk on a worse roll later),
    valued the same way."""

    again: float
    keep: float
    error: float = 0.0     # the standard error of again - keep (0 when both are exact)

    @property
    def drink(self) -> bool:
        """True when a new roll is worth more than this one with the card, by more than the estimates' own
        error: a sampled margin smaller than that is noise, and drinking on it gives the card up for nothing."""
        return self.again - self.keep > self.error


@dataclass(frozen=True)
class Advice:
    """The moves for a roll, best first (`best` is `moves[0].action`)."""

    moves: tuple[Ranked, ...]

    @property
    def best(self) -> Action:
        """The move the coach recommends."""
        return self.moves[0].action


def playouts_for(empty: int, circles: int) -> int:
    """The default number of playouts for a decision with `empty` of the sheet's `circles` still empty."""
    steps = EARLY_STEPS if 2 * empty > circles + 1 else LATE_STEPS
    return max(1, steps // max(1, empty - 1))


def advise(state: State, roll: Roll, rng: Random, *, playouts: int | None = None,
           time_budget: float | None = None, clock: Callable[[], float] | None = None,
           weights: sim.Weights = sim.DEFAULT_WEIGHTS, learned: bool = True) -> Advice:
    """Rank every legal move for `roll` by expected final score (see the module docstring).

    `playouts` caps the simulated games, counted as the fast policy's (None: `playouts_for` the stage of
    the game); playouts greedy on the sheet's learned value cost more each and are played `VALUE_SHARE` as
    many. `learned=False` plays the fast policy with `weights` even where the sheet has a learned value.
    With `time_budget` (seconds, measured by `clock`) the search also stops when the time is up, after the
    first round. IllegalAction when the sheet is full.
    """
    if time_budget is not None and clock is None:
        raise ValueError("a time budget needs a clock to measure it")
    actions = legal_actions(state, roll)
    if not actions:
        if state.complete:
            raise IllegalAction(msg("the sheet is full: there is no move to advise"))
        raise IllegalAction(msg("no move is possible for this roll: no empty circle touches a filled one, or "
                                "the boxes of every option it gives are used"))
    merge = state.ruleset.merge_lines
    tracked = state.assists is not None
    cands = _candidates(state, actions)
    positions = [sim.from_board(after.board, after.ops, _cards_after(after), earn=tracked) for _, after in cands]
    if positions[0].empty <= 2:
        # Each move fills one circle, so every move leaves as many empty circles. Two take a few
        # milliseconds each to solve exactly (the last circle's worth is shared between first moves).
        ranked = [Ranked(action, sim.exact_value(pos, merge), 0, True) for (action, _), pos in zip(cands, positions)]
        ranked.sort(key=lambda r: -r.expected)
        return Advice(tuple(ranked))
    if playouts is None:
        playouts = playouts_for(state.sheet.n - state.board.filled.bit_count(), state.sheet.n)
    play, share = _player(state, weights, learned)
    start = clock() if clock is not None else 0.0
    stats = _halving(positions, rng, merge, max(1, round(playouts * share)), play,
                     None if time_budget is None else (lambda: clock() - start > time_budget), paired=tracked)
    ranked = [Ranked(cands[n][0], mean, count, False) for n, mean, count in stats]
    return Advice(tuple(ranked))


def compare(state: State, moves: Sequence[Action], rng: Random, *, playouts: int) -> tuple[float, ...]:
    """The final score each of `moves` (legal for the same roll) can expect, valued afresh: every move
    played out `playouts` times (counted as the fast policy's, like `advise`'s) on the same dice, exactly
    when one or two circles are left after it.

    The estimates of `advise` are right for choosing, not for measuring what a choice cost: the winner's
    mean is the highest of several noisy means (so a little high), and a move dropped early is valued on
    the dice that made it look worst (so too low). A move against the coach's, each valued on dice that
    chose neither, measures the difference between them without that slant."""
    return tuple(sum(finals) / len(finals) for finals in _paired(state, moves, rng, playouts))


def margin(state: State, first: Action, second: Action, rng: Random, *, playouts: int) -> tuple[float, float, float]:
    """`compare` for two moves, with the standard error of the difference between the two values (0 when
    both are exact): each playout of one is paired with the other's on the same dice, so the error is that
    of the mean of their differences, far below either value's own."""
    one, two = _paired(state, (first, second), rng, playouts)
    count = len(one)
    a, b = sum(one) / count, sum(two) / count
    if count < 2:
        return a, b, 0.0
    gaps = [x - y for x, y in zip(one, two)]
    mean = a - b
    return a, b, (sum((g - mean) ** 2 for g in gaps) / (count - 1) / count) ** 0.5


def _paired(state: State, moves: Sequence[Action], rng: Random, playouts: int) -> list[list[float]]:
    """Each move's final scores for `compare`, played out on the same dice (one exact value when one or two
    circles are left after it)."""
    merge = state.ruleset.merge_lines
    tracked = state.assists is not None
    afters = [apply(state, move) for move in moves]
    positions = [sim.from_board(after.board, after.ops, _cards_after(after), earn=tracked) for after in afters]
    if not positions:
        return []
    if positions[0].empty <= 2:
        return [[sim.exact_value(pos, merge)] for pos in positions]
    play, share = _player(state)
    count = max(1, round(playouts * share))
    length = max(pos.empty for pos in positions)
    finals: list[list[float]] = [[] for _ in positions]
    for _ in range(count):
        dice = [int(rng.random() * 36) for _ in range(length)]
        stream = rng.getrandbits(64)
        for n, pos in enumerate(positions):
            finals[n].append(play(pos.copy(), Random(stream), merge, dice))
    return finals


def reroll(state: State, roll: Roll, rng: Random, *, playouts: int | None = None) -> Reroll | None:
    """Weigh drinking the Schnapps against keeping `roll` (None when the player holds no Schnapps): all of
    `reroll_steps` at once.
    """
    weighed = None
    for weighed in reroll_steps(state, roll, rng, playouts=playouts):
        pass
    return weighed


def reroll_steps(state: State, roll: Roll, rng: Random, *, playouts: int | None = None) -> Iterator[Reroll | None]:
    """`reroll` a roll at a time, for a screen that must answer taps while it weighs (a browser has no
    threads): None after each roll is weighed (the one on the table several times), then the `Reroll`
    (nothing at all when the player holds no Schnapps). The weighing:

    Each of the 26 distinct rolls is advised with a tenth of a decision's playouts (`playouts`, None: the
    stage's default) on the sheet without the card, and the move chosen is then valued afresh by as many
    playouts again: the estimate that chose a move among many is too kind to it (by several points with so
    few playouts), a fresh one is not. A new roll is worth the average of those values, weighted by how
    many of the 36 rolls give each. Keeping this one is worth its own value, plus the card: its +3 at the
    end, and the chance to drink it on a worse roll later. Its own value is the average of `_REROLL_REPEATS`
    such weighings, with their spread as its variance (at least their playouts' noise): with so few
    playouts the move chosen varies from seed to seed, and its value by several points early on, and
    keeping rests on this one roll while a new roll averages 26. The chance to drink later is valued as a
    stopping problem over the turns left after this one, each taken to bring a roll as this turn's rolls do:
    with the gain g of drinking on a roll (a new roll's worth less that roll's with the card), the chance
    over k turns is W(k) = E[max(g, W(k - 1))], W(0) = 0; the last circle has no later turn, so there it is
    only the +3.
    Drinking is advised only when a new roll is better by more than the standard error of the two sampled
    estimates (`Reroll.error`): early in the game every roll is worth about the same, and taking this turn's
    rolls for the later ones undervalues the chance to wait, so margins within the noise are not acted on.
    A second Schnapps held is counted at +3, not as a second chance. Whether the table allows the Schnapps
    now (after every other player has written) is the table's rule, not this function's.
    """
    if state.assists is None or Assist.SCHNAPPS not in state.assists or state.complete:
        return
    without = after_schnapps(state)
    hand = without.assists
    if playouts is None:
        playouts = playouts_for(state.sheet.n - state.board.filled.bit_count(), state.sheet.n)
    share = max(_FIRST_ROUND * 8, playouts // _REROLL_SHARE)
    play, cost = _player(state)
    fresh = max(_FIRST_ROUND * 8, round(share * cost))
    merge = state.ruleset.merge_lines
    worth: dict[tuple, float] = {}
    spread: dict[tuple, float] = {}          # the variance of each roll's estimate (0 when exact)
    mine = (roll.values, roll.best)

    def weighed(r: Roll) -> tuple[float, float | None]:
        # A roll's move chosen with the share of playouts, then its value afresh and that value's variance
        # (None: the value is exact, and so is the choice).
        try:
            chosen = advise(without, r, rng, playouts=share).moves[0]
        except IllegalAction:
            # No move for this roll (a sheet in pieces): the sheet stays as it is.
            return float(total(without.board) + CARD_POINTS * len(hand)), None
        if chosen.exact:
            return chosen.expected, None
        after = apply(without, chosen.action)
        pos = sim.from_board(after.board, after.ops, _cards_after(after), earn=True)
        finals = [play(pos.copy(), rng, merge) for _ in range(fresh)]
        best = sum(finals) / fresh
        return best, sum((f - best) ** 2 for f in finals) / (fresh - 1) / fresh

    for r in _DISTINCT:
        key = (r.values, r.best)
        if key != mine:
            worth[key], variance = weighed(r)
            spread[key] = variance or 0.0
            yield None
            continue
        # The roll on the table decides alone what keeping is worth: it is weighed several times over and
        # averaged. With a share of the playouts the move chosen for it varies from seed to seed, and with it
        # the value (by several points early on); the repeats' own spread is in its variance.
        values = []
        noise = 0.0
        for _ in range(_REROLL_REPEATS):
            value, variance = weighed(r)
            yield None
            if variance is None:            # exact: once is enough
                worth[key], spread[key] = value, 0.0
                break
            values.append(value)
            noise += variance
        else:
            count = len(values)
            worth[key] = sum(values) / count
            between = sum((v - worth[key]) ** 2 for v in values) / (count - 1) / count if count > 1 else 0.0
            spread[key] = max(between, noise / count / count)
    again = sum(best * _WEIGHTS[key] for key, best in worth.items()) / len(ROLLS)
    later = 0.0
    for _ in range(state.sheet.n - state.board.filled.bit_count() - 1):     # the turns after this one
        later = sum(max(again - best - CARD_POINTS, later) * _WEIGHTS[key] for key, best in worth.items()) / len(ROLLS)
    error = (sum(v * (_WEIGHTS[key] / len(ROLLS)) ** 2 for key, v in spread.items()) + spread[mine]) ** 0.5
    yield Reroll(again, worth[mine] + CARD_POINTS + later, error)


def after_schnapps(state: State) -> State:
    """The player's state with one Schnapps gone from the hand: the one drunk this turn, whose new roll is
    the roll to advise (ValueError when none is held)."""
    if state.assists is None or Assist.SCHNAPPS not in state.assists:
        raise ValueError("no Schnapps is held")
    hand = list(state.assists)
    hand.remove(Assist.SCHNAPPS)
    return replace(state, assists=tuple(hand))


def _player(state: State, weights: sim.Weights = sim.DEFAULT_WEIGHTS, learned: bool = True):
    """How this state's playouts are played, and the share of the playouts they get: greedy on the learned
    value shipped for the sheet's layout and reading (`VALUE_SHARE` of them), unless `learned` is False or
    there is none; else by the fast policy with `weights` (all of them)."""
    table = learned_value.for_sheet(state.sheet, state.ruleset.merge_lines) if learned else None
    if table is not None:
        greedy = table.greedy()
        return (lambda p, rng, merge, dice=None: greedy.playout(p, rng, merge, dice)), VALUE_SHARE
    return (lambda p, rng, merge, dice=None: sim.playout(p, rng, merge, weights, dice)), 1.0


def _cards_after(after: State) -> int:
    """Cards the player holds after a move, counting one earned by a new zone of 0s, 1s or 2s (0: untracked)."""
    if after.assists is None:
        return 0
    held = len(after.assists)
    return held + 1 if after.earned and held < MAX_ASSISTS else held


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


def _halving(positions, rng, merge, playouts, play, out_of_time, paired=False) -> list[tuple[int, float, int]]:
    """Successive halving over the moves, every move played on the same dice: (move, estimate, playouts),
    best first.

    `paired` (cards tracked): each playout also breaks the policy's ties with a stream of its own, the same
    for every move. A card played and the same move without it leave the same sheet but for a box or a
    card, so their playouts then run alike and the difference between them is measured, not drowned in
    the noise of two unrelated games; without that, among twice as many moves each played a few times,
    a card move often came first by luck (a Compass on the first turn, where it does nothing, expected
    94 against 80 for the same move keeping the card).

    Each move's estimate is the winner's mean plus the move's difference from the winner on the dice both
    were played on, so a move dropped early is compared on equal terms; it is never above the winner's,
    since a move is dropped only when its mean falls below that of every move kept, the winner included.
    """
    alive = list(range(len(positions)))
    results: list[list[int]] = [[] for _ in positions]
    dice: list[list[int]] = []
    streams: list[int] = []
    length = max(p.empty for p in positions)
    budget = playouts if len(alive) > 1 else min(playouts, _SINGLE)
    used = 0
    while True:
        rounds = max(1, (len(alive) - 1).bit_length())
        left = budget - used
        per = max(1, min(_FIRST_ROUND, left // len(alive)), left // (rounds * len(alive)))
        want = len(results[alive[0]]) + per
        while len(dice) < want:
            dice.append([int(rng.random() * 36) for _ in range(length)])
            if paired:
                streams.append(rng.getrandbits(64))
        for n in alive:
            base = positions[n]
            out = results[n]
            for j in range(len(out), want):
                out.append(play(base.copy(), Random(streams[j]) if paired else rng, merge, dice[j]))
                used += 1
        alive.sort(key=lambda n: -sum(results[n]))
        if len(alive) <= 1 or used >= budget or (out_of_time is not None and out_of_time()):
            break
        alive = alive[:(len(alive) + 1) // 2]
    win = alive[0]
    top = results[win]
    mean = sum(top) / len(top)
    ranked = []
    for n, out in enumerate(results):
        c = len(out)
        ranked.append((n, mean + (sum(out) - sum(top[:c])) / c, c))
    ranked.sort(key=lambda r: (r[0] != win, -r[1]))
    return ranked
