"""`companion bench trek12`: how fast the Trek 12 engine plays, measured on this machine.

Prints three figures: the median time to apply one turn and rescore the sheet; the median time to list
every legal move on a mid-game turn; and how many random complete games one thread plays per second of
CPU time (each turn: roll, list the legal moves, pick one uniformly, link choices included; the sheet is
scored at the end), with the wall-clock rate beside it since a busy machine slows the latter.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from companion.games.trek12.data import SHEET_NAMES, load_sheet
from companion.games.trek12.rules import ROLLS, Ruleset, apply, legal_actions, new_game
from companion.games.trek12.scoring import score

__all__ = ["main", "random_game", "measure"]


def random_game(sheet, rng: random.Random, *, solo: bool = False, merge: bool = False) -> int:
    """Play one game with uniformly chosen legal moves and return the player's total."""
    state = new_game(sheet, Ruleset(merge_lines=merge) if merge else None, solo=solo)
    full = sheet.full
    uniform = rng.random  # index = floor(u * n): uniform over the n moves (to 2**-53), cheaper than choice()
    while state.board.filled != full:
        moves = legal_actions(state, ROLLS[int(uniform() * 36)])
        state = apply(state, moves[int(uniform() * len(moves))])
    return score(state).total


def measure(sheet_name: str = "dunai", *, games: int = 3000, seed: int = 12, solo: bool = False,
            samples: int = 200) -> dict[str, float]:
    """The three figures as numbers: apply_us, legal_us, legal_moves, games_per_s."""
    sheet = load_sheet(sheet_name)
    rng = random.Random(seed)
    moves = []
    mid = []
    for _ in range(samples):
        state = new_game(sheet, solo=solo)
        while not state.complete:
            roll = rng.choice(ROLLS)
            actions = legal_actions(state, roll)
            if state.turn == sheet.n // 2:
                mid.append((state, roll, len(actions)))
            action = rng.choice(actions)
            moves.append((state, action))
            state = apply(state, action)
    apply_us = _median_us([lambda s=s, a=a: score(apply(s, a)) for s, a in moves])
    legal_us = _median_us([lambda s=s, r=r: legal_actions(s, r) for s, r, _ in mid])
    played = random.Random(seed + 1)
    for _ in range(min(200, games)):  # warm the per-sheet move tables before timing
        random_game(sheet, played, solo=solo)
    # CPU time is what one thread spends; the wall clock also counts time the machine gave to others.
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for _ in range(games):
        random_game(sheet, played, solo=solo)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {"apply_us": apply_us, "legal_us": legal_us, "apply_samples": len(moves), "legal_samples": len(mid),
            "legal_moves": statistics.mean(n for _, _, n in mid), "games": games,
            "games_per_s": games / cpu, "games_per_s_wall": games / wall}


def main(argv: list[str]) -> int:
    """Print the Trek 12 engine's figures (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="companion bench trek12", description=__doc__.splitlines()[0])
    parser.add_argument("--sheet", choices=SHEET_NAMES, default="dunai")
    parser.add_argument("--games", type=int, default=3000, help="random complete games to time (default 3000)")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--solo", action="store_true", help="play against Max as well")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    r = measure(args.sheet, games=args.games, seed=args.seed, solo=args.solo)
    print(f"Trek 12 engine on {args.sheet}{' with Max' if args.solo else ''} "
          f"(Python {platform.python_version()}, seed {args.seed})")
    print(f"apply + rescore:       median {r['apply_us']:.1f} us per turn ({r['apply_samples']} turns)")
    print(f"legal moves, mid-game: median {r['legal_us']:.1f} us per listing "
          f"({r['legal_moves']:.1f} moves on average, {r['legal_samples']} turns)")
    print(f"random complete games: {r['games_per_s']:,.0f} games/s, one thread, by CPU time "
          f"({r['games_per_s_wall']:,.0f} by the wall clock; {r['games']} games, uniform over the legal moves)")
    return 0


def _median_us(calls, repeat: int = 5) -> float:
    # Each call is timed over a few repeats (best kept) so the clock's resolution does not dominate.
    timings = []
    clock = time.perf_counter
    for call in calls:
        best = float("inf")
        for _ in range(repeat):
            t0 = clock()
            call()
            best = min(best, clock() - t0)
        timings.append(best)
    return statistics.median(timings) * 1e6


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
