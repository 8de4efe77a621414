"""Benchmark: milliseconds to open the History screen with 10,000 finished games stored.

    uv run python tests/ui/bench_history.py [--games N] [--runs N]

Runs the real app in-process (the UI harness) over an in-memory store filled through a backup import,
taps History on home and waits until the screen is built, encoded and mounted; prints the median and
the worst of the runs. The browser's own painting is not included (see `companion bench startup`).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import UiApp  # noqa: E402

from companion.store import BACKUP_FORMAT, BACKUP_VERSION, open_store  # noqa: E402
from companion.ui.shell.app import build_main  # noqa: E402
from companion.ui.shell.history import PAGE_SIZE  # noqa: E402


def _backup(games: int) -> dict:
    ann, bob = uuid.uuid4().hex, uuid.uuid4().hex
    created = "2025-01-01T00:00:00+00:00"
    players = [{"id": pid, "name": name, "colour": colour, "removed": False, "created": created}
               for pid, name, colour in ((ann, "Ann", "#d62828"), (bob, "Bob", "#1d70b8"))]
    history = [
        {"id": uuid.uuid4().hex, "game": ("trek12", "ridgeline", "freunde", "fourteeners")[i % 4],
         "finished": f"{2000 + i // 336:04d}-{1 + i // 28 % 12:02d}-{1 + i % 28:02d}T18:00:00+00:00",
         "title": f"Game {i}",
         "players": [{"id": ann, "name": "Ann", "score": i % 90, "winner": i % 2 == 0},
                     {"id": bob, "name": "Bob", "score": 45, "winner": i % 2 == 1}],
         "detail": {}, "session": None}
        for i in range(games)
    ]
    return {"format": BACKUP_FORMAT, "version": BACKUP_VERSION, "players": players, "settings": {},
            "sessions": [], "history": history, "tables": {}}


async def _measure(games: int, runs: int) -> list[float]:
    store = open_store(memory=True)
    store.import_all(_backup(games))
    assert store.history.count() == games
    ui = await UiApp(build_main(store)).start()
    times = []
    try:
        for _ in range(runs):
            start = time.perf_counter()
            await ui.click("home-history")
            times.append(time.perf_counter() - start)
            cards = [k for k in ui.keys() if k.startswith("history-") and k.count("-") == 1 and k != "history-more"]
            assert ui.route == "/history" and len(cards) == min(PAGE_SIZE, games)
            await ui.back()
    finally:
        await ui.close()
        store.close()
    return times


def main(argv: list[str] | None = None) -> int:
    """Print the time to open History over a large history."""
    parser = argparse.ArgumentParser(prog="bench_history")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args(argv)
    times = asyncio.run(_measure(args.games, args.runs))
    print(f"finished games stored: {args.games:,}; runs: {args.runs}")
    print(f"open History (ms): median {statistics.median(times) * 1000:.1f}  worst {max(times) * 1000:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
