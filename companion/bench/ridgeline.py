"""`companion bench ridgeline`: the pitch finder's worst and median time on random 12-card hands.

Usage: companion bench ridgeline [--hands N] [--seed S] [--camps 7,8,10] [--repeat R]
Each hand is a Rope count drawn from 0-2, then trail cards drawn without replacement from the 100-card trail
deck to make 12 cards. The same hands are tried against every camp listed. As with `timeit`, the garbage
collector is paused while a call is timed, so a collection triggered by earlier allocations is not charged
to whichever call happens to be running. Each hand is timed --repeat times and its fastest run kept (as
`timeit.repeat` advises), so a hand's figure is the finder's cost rather than another process taking the CPU;
--repeat 1 reports single runs.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time

from companion.games.ridgeline.cards import ROPE, Colour, trail
from companion.games.ridgeline.data import load
from companion.games.ridgeline.finder import find_pitch

__all__ = ["main", "random_hands"]


def random_hands(rng: random.Random, count: int, size: int = 12, max_ropes: int = 2):
    """`count` random hands of `size` cards holding 0 to `max_ropes` Ropes, drawn from a seeded generator."""
    deck = load().deck
    trail_deck = [trail(colour, rank) for colour in Colour
                  for rank in range(deck.rank_min, deck.rank_max + 1) for _ in range(deck.copies)]
    hands = []
    for _ in range(count):
        ropes = rng.randint(0, max_ropes)
        hands.append(tuple(rng.sample(trail_deck, size - ropes)) + (ROPE,) * ropes)
    return hands


def main(argv: list[str]) -> int:
    """Time find_pitch on each hand for each camp and print worst and median milliseconds."""
    parser = argparse.ArgumentParser(prog="companion bench ridgeline")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--camps", default="7,8,10", help="camp numbers, comma separated")
    parser.add_argument("--repeat", type=int, default=3, help="runs per hand; the fastest is kept")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeat < 1:
        print("--hands and --repeat must be at least 1", file=sys.stderr)
        return 2
    data = load()
    try:
        camps = [data.camps[int(number)] for number in args.camps.split(",")]
    except (KeyError, ValueError):
        print(f"--camps must list camp numbers from {min(data.camps)} to {max(data.camps)}", file=sys.stderr)
        return 2
    hands = random_hands(random.Random(args.seed), args.hands)
    find_pitch(camps[0], hands[0])  # load the data files before timing
    print(f"pitch finder: {len(hands)} random 12-card hands with 0-2 Ropes (seed {args.seed}), "
          f"fastest of {args.repeat} run{'s' if args.repeat != 1 else ''} per hand")
    every = []
    for camp in camps:
        times, possible = [], 0
        for hand in hands:
            runs = []
            for _ in range(args.repeat):
                gc.disable()
                try:
                    start = time.perf_counter()
                    pitch = find_pitch(camp, hand)
                    runs.append((time.perf_counter() - start) * 1000)
                finally:
                    gc.enable()
            times.append(min(runs))
            possible += pitch is not None
        every.extend(times)
        print(f"{camp.label:>17}: worst {max(times):7.2f} ms  median {statistics.median(times):6.3f} ms  "
              f"clearable {possible}/{len(hands)}")
    print(f"{'all':>17}: worst {max(every):7.2f} ms  median {statistics.median(every):6.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
