"""`companion bench coach`: how well and how fast the Trek 12 coach plays, game after game.

Plays N games per sheet, every decision taken by the coach (or, for comparison, by its playout policy
alone, or uniformly at random), on dice drawn from a generator seeded by --seed and the game's number only:
every method and every sheet sees the same dice in game g, so two runs compare pair by pair. Prints per
sheet the mean final score, its standard deviation, and the median, 90th percentile and mean CPU time
per decision on one thread (the wall-clock median beside it, since a busy machine slows only the latter).
A sheet marked "(v)" is one whose coach plays its playouts greedy on the learned value shipped for it;
`--no-value` plays them by the fast policy there too.

Two variants are compared pair by pair: `--record FILE` appends every game's total to FILE (a JSON line per
game, written as each game ends, so a run cut short keeps what it finished), and `--compare FILE` prints, under
each sheet, this run's mean difference from the games FILE recorded on the same dice, with its standard
error. `--first K` starts at game K, so that one run can be split over several processes.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import statistics
import time

from companion.games.trek12 import playout as sim
from companion.games.trek12.coach import advise
from companion.games.trek12.data import SHEET_NAMES, load_sheet
from companion.games.trek12.rules import ROLLS, Action, Ruleset, apply, legal_actions, new_game
from companion.games.trek12.scoring import score
from companion.games.trek12.value import for_sheet

__all__ = ["main", "play_game", "METHODS"]

METHODS = ("coach", "policy", "random")


def play_game(sheet, merge: bool, game: int, seed: int, method: str = "coach",
              playouts: int | None = None, learned: bool = True) -> tuple[int, list[float], list[float]]:
    """One game: (final total, CPU seconds per decision, wall seconds per decision)."""
    dice = random.Random(f"trek12-coach-bench/{seed}/{game}")
    rng = random.Random(f"trek12-coach-bench/{seed}/{game}/coach")
    state = new_game(sheet, Ruleset(merge_lines=merge))
    cpu: list[float] = []
    wall: list[float] = []
    while not state.complete:
        roll = ROLLS[dice.randrange(36)]
        c0, w0 = time.process_time(), time.perf_counter()
        if method == "coach":
            action = advise(state, roll, rng, playouts=playouts, learned=learned).best
        elif method == "policy":
            action = _policy_action(state, roll, merge, rng)
        else:
            moves = legal_actions(state, roll)
            action = moves[rng.randrange(len(moves))]
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        state = apply(state, action)
    return score(state).total, cpu, wall


def main(argv: list[str]) -> int:
    """Print the coach's figures per sheet (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="companion bench coach", description=__doc__.splitlines()[0])
    parser.add_argument("--sheet", choices=SHEET_NAMES, action="append",
                        help="a sheet to play (repeat for several; default all three)")
    parser.add_argument("--games", type=int, default=100, help="games per sheet (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the dice (default 1)")
    parser.add_argument("--ruleset", choices=("merge", "rulebook"), default="merge",
                        help="joining lines: merge (a number may join two lines) or rulebook (default merge)")
    parser.add_argument("--method", choices=METHODS, default="coach",
                        help="who decides: the coach, its playout policy alone, or random (default coach)")
    parser.add_argument("--playouts", type=int, default=None,
                        help="the coach's playouts per decision (default: by the stage of the game, as the "
                             "coach's own default)")
    parser.add_argument("--no-value", dest="learned", action="store_false",
                        help="the coach's playouts by its fast policy on every sheet, as where no learned value "
                             "is shipped (to measure what the value adds)")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (default 0)")
    parser.add_argument("--record", metavar="FILE", help="append each game's total to FILE (JSON lines)")
    parser.add_argument("--compare", metavar="FILE",
                        help="print the paired difference from the games FILE recorded on the same dice")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.first < 0:
        parser.error("--first must be 0 or more")
    if args.playouts is not None and args.playouts < 1:
        parser.error("--playouts must be at least 1")
    try:
        recorded = _recorded(args.compare) if args.compare else None
    except (OSError, ValueError) as exc:
        parser.error(f"--compare: {exc}")
    try:
        record = open(args.record, "a", encoding="utf-8") if args.record else None
    except OSError as exc:
        parser.error(f"--record: cannot write {args.record}: {exc.strerror or exc}")
    merge = args.ruleset == "merge"
    print(f"Trek 12 coach ({args.method}, {args.playouts or 'default'} playouts, {args.ruleset} reading), {args.games} games "
          f"per sheet, seed {args.seed}, Python {platform.python_version()}")
    for name in args.sheet or SHEET_NAMES:
        sheet = load_sheet(name)
        uses_value = args.method == "coach" and args.learned and for_sheet(sheet, merge) is not None
        totals: list[int] = []
        cpu: list[float] = []
        wall: list[float] = []
        games = range(args.first, args.first + args.games)
        for game in games:
            t, c, w = play_game(sheet, merge, game, args.seed, args.method, args.playouts, args.learned)
            totals.append(t)
            cpu += c
            wall += w
            if record is not None:
                record.write(json.dumps({"sheet": name, "ruleset": args.ruleset, "seed": args.seed, "game": game,
                                         "method": args.method, "playouts": args.playouts,
                                         "value": uses_value, "total": t,
                                         "decisions": len(c), "cpu_s": round(sum(c), 4)}) + "\n")
                record.flush()
        sd = statistics.stdev(totals) if len(totals) > 1 else 0.0
        p90 = statistics.quantiles(cpu, n=10)[-1] if len(cpu) > 1 else cpu[0]
        print(f"{sheet.name + (' (v)' if uses_value else ''):<15} mean {statistics.mean(totals):6.1f}  sd {sd:5.1f}  "
              f"per decision: median {statistics.median(cpu) * 1e3:6.1f} ms, p90 {p90 * 1e3:6.1f} ms, "
              f"mean {statistics.mean(cpu) * 1e3:6.1f} ms (CPU; wall median {statistics.median(wall) * 1e3:.1f} ms)"
              f"  [{len(totals)} games, {len(cpu)} decisions]", flush=True)
        if recorded is not None:
            print("  " + _paired(args.compare, recorded, name, args.ruleset, args.seed, dict(zip(games, totals))),
                  flush=True)
    if record is not None:
        record.close()
    return 0


def _recorded(path: str) -> dict[tuple[str, str, int, int], int]:
    """The totals a --record FILE holds, by (sheet, ruleset, seed, game); ValueError naming a bad line."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                key = (str(row["sheet"]), str(row["ruleset"]), int(row["seed"]), int(row["game"]))
                out[key] = int(row["total"])
            except (ValueError, KeyError, TypeError) as exc:
                raise ValueError(f"{path}, line {n}: not a recorded game ({exc})") from None
    return out


def _paired(path: str, recorded, sheet: str, ruleset: str, seed: int, totals: dict[int, int]) -> str:
    """This run against the recorded games of the same sheet and dice: mean difference and its standard error."""
    pairs = [(t, recorded[(sheet, ruleset, seed, g)]) for g, t in totals.items() if (sheet, ruleset, seed, g) in recorded]
    if not pairs:
        return f"against {path}: no recorded game of this sheet on the same dice (seed {seed}, {ruleset} reading)"
    diffs = [t - r for t, r in pairs]
    # One pair has no spread to measure: its difference is given without an error.
    spread = f" ± {statistics.stdev(diffs) / math.sqrt(len(diffs)):.2f}" if len(diffs) > 1 else ""
    return (f"against {path}: {statistics.mean(diffs):+.2f}{spread} per game (paired, {len(pairs)} "
            f"{'game' if len(pairs) == 1 else 'games'}; recorded mean {statistics.mean(r for _, r in pairs):.1f}, "
            f"this run {statistics.mean(t for t, _ in pairs):.1f})")


def _policy_action(state, roll, merge: bool, rng: random.Random) -> Action:
    # The playout policy's own pick (ties broken as in the playouts), found among the engine's legal moves.
    pos = sim.from_board(state.board, state.ops)
    pick = sim._policy_move(pos, roll.values, merge, sim.DEFAULT_WEIGHTS, rng)
    k, i, d, u, _ = pick
    sheet = state.sheet
    want = sorted(sheet.ids[x] for x in (d, u) if x >= 0)
    for action in legal_actions(state, roll):
        if int(action.op) == k and action.circle == sheet.ids[i] and not action.assists:
            if action.links is None or sorted(action.links) == want:
                return action
    raise AssertionError("the policy's move is not among the legal moves")


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
