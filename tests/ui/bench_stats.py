"""Benchmark: opening Statistics and a player's statistics over 10,000 finished games of 12 players.

    uv run python tests/ui/bench_stats.py [--games N] [--runs N]

Runs the real app in-process (the UI harness) over an in-memory store filled through a backup import, with
records shaped as the engines write them (Trek 12 breakdowns with Max, Ridgeline fatigue, 14ers against
Gerry, Freunde solo, Expedition stars). Prints, median and worst of the runs:
- the time to read the history into statistics (`stats.read` of `history.list()`), the part done on a
  worker thread for a long history;
- opening `/stats` from History until the numbers are on screen (read included: the data changed);
- opening one player's statistics from the overview (the history already read by the tab);
- the same player's page after a change to the saved data (read again).
The browser's own painting is not included.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics as st
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import UiApp  # noqa: E402

from companion.store import stats  # noqa: E402
from companion.store import BACKUP_FORMAT, BACKUP_VERSION, open_store  # noqa: E402
from companion.ui.shell.app import build_main  # noqa: E402
from companion.ui.shell.history import stats_route  # noqa: E402


def _sheet(name: str, total: int, rng: random.Random) -> dict:
    return {"name": name, "summit_reached": total >= 65,
            "lines": [{"circles": [rng.randrange(19) for _ in range(3)], "points": rng.randrange(12)}
                      for _ in range(rng.randrange(2, 6))],
            "zones": [{"circles": [1, 2], "value": rng.randrange(7), "points": 3} for _ in range(rng.randrange(1, 5))],
            "line_bonus": 1, "zone_bonus": 1, "skulls": 1, "orphans": 3, "penalty": 12, "total": total,
            "complete": True}


def _record(i: int, roster: list[dict], rng: random.Random) -> dict:
    kind = i % 5
    when = f"{2000 + i // 336:04d}-{1 + i // 28 % 12:02d}-{1 + i % 28:02d}T18:00:00+00:00"
    chosen = rng.sample(roster, 3)

    def seat(p: dict, score: int) -> dict:
        return {"id": p["id"], "name": p["name"], "score": score, "winner": False}

    if kind == 0:      # Trek 12 at a table of three
        players = [seat(p, rng.randrange(-10, 110)) for p in chosen]
        detail = {"sheet": "dunai", "summit": 65, "rounds": 19, "complete": True,
                  "scores": [_sheet(p["name"], p["score"], rng) for p in players]}
        game, title = "trek12", "Dunai"
    elif kind == 1:    # Trek 12 Free Solo against Max
        players = [seat(chosen[0], rng.randrange(0, 100)), {"id": None, "name": "Max", "score": rng.randrange(30, 80),
                                                            "winner": False}]
        detail = {"sheet": "kagkot", "summit": 80, "rounds": 19, "complete": True,
                  "scores": [_sheet(p["name"], p["score"], rng) for p in players]}
        game, title = "trek12", "Kagkot"
    elif kind == 2:    # Ridgeline: fatigue, lower is better
        players = [seat(p, rng.randrange(0, 150)) for p in chosen]
        detail = {"route": "sprint", "lower_is_better": True,
                  "standings": [{"name": p["name"], "fatigue": p["score"]} for p in players],
                  "hands": [{"hand": h, "seats": {p["name"]: {"fatigue": p["score"]} for p in players}}
                            for h in range(1, 8)]}
        game, title = "ridgeline", "Sprint"
    elif kind == 3:    # 14ers against Gerry
        players = [seat(chosen[0], rng.randrange(10, 60)), {"id": None, "name": "Gerry",
                                                            "score": rng.randrange(10, 60), "winner": False}]
        detail = {"players": [{"name": p["name"], "gerry": p["id"] is None, "total": p["score"]} for p in players],
                  "outcome": ""}
        game, title = "fourteeners", "Solo against Gerry"
    else:              # an Expedition of two
        players = [seat(p, rng.randrange(0, 9)) for p in chosen[:2]]
        detail = {"solo": False, "ascents": [
            {"ascent": n, "stars": {p["name"]: {"summit": 1, "race": rng.randrange(2), "record": 0, "total": 2}
                                    for p in players}} for n in (1, 2, 3)]}
        game, title = "expedition", "Expedition"
    low = game == "ridgeline"
    best = (min if low else max)(p["score"] for p in players)
    for p in players:
        p["winner"] = p["score"] == best
    return {"id": uuid.uuid4().hex, "game": game, "finished": when, "title": title, "players": players,
            "detail": detail, "session": None}


def _backup(games: int) -> tuple[dict, list[dict]]:
    rng = random.Random(8)
    created = "2025-01-01T00:00:00+00:00"
    roster = [{"id": uuid.uuid4().hex, "name": f"Climber {n + 1}", "colour": "#1d70b8", "removed": False,
               "created": created} for n in range(12)]
    history = [_record(i, roster, rng) for i in range(games)]
    return ({"format": BACKUP_FORMAT, "version": BACKUP_VERSION, "players": roster, "settings": {},
             "sessions": [], "history": history, "tables": {}}, roster)


async def _until(ui: UiApp, key: str, timeout: float = 120.0) -> None:
    """Let the app work (a long history is read on a worker thread) until `key` is on screen."""
    deadline = time.perf_counter() + timeout
    while ui.find(key) is None:
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{key!r} never appeared")
        await asyncio.sleep(0.005)
        await ui.settle()


async def _measure(games: int, runs: int) -> dict[str, list[float]]:
    store = open_store(memory=True)
    doc, roster = _backup(games)
    store.import_all(doc)
    assert store.history.count() == games
    player = stats.player_key(roster[0]["id"], roster[0]["name"])
    times: dict[str, list[float]] = {"read": [], "overview": [], "player": [], "player after a change": []}
    ui = await UiApp(build_main(store), route="/history").start()
    try:
        for _ in range(runs):
            start = time.perf_counter()
            stats.read(store.history.list())
            times["read"].append(time.perf_counter() - start)

            store.settings.set("bench", time.time())    # a change to the saved data: read again
            ui.page.pubsub.send_all_on_topic("companion.store-changed", "changed")
            await ui.settle()
            start = time.perf_counter()
            await ui.click("history-open-stats")
            await _until(ui, f"stats-player-{player}")
            times["overview"].append(time.perf_counter() - start)

            start = time.perf_counter()
            await ui.click(f"stats-player-{player}")
            await _until(ui, "pstats-plays")
            times["player"].append(time.perf_counter() - start)

            await ui.go("/history")
            ui.page.pubsub.send_all_on_topic("companion.store-changed", "changed")
            await ui.settle()
            start = time.perf_counter()
            await ui.go(stats_route(player))       # a deep link: nothing read yet since the change
            await _until(ui, "pstats-plays")
            times["player after a change"].append(time.perf_counter() - start)
            await ui.go("/history")
    finally:
        await ui.close()
        store.close()
    return times


def main(argv: list[str] | None = None) -> int:
    """Print the times to read the history for statistics and to open the Statistics screens."""
    parser = argparse.ArgumentParser(prog="bench_stats")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    times = asyncio.run(_measure(args.games, args.runs))
    print(f"finished games stored: {args.games:,} (12 players); runs: {args.runs}")
    for name, values in times.items():
        print(f"{name} (ms): median {st.median(values) * 1000:.1f}  worst {max(values) * 1000:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
