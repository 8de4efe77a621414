"""`companion bench store`: how the store behaves with a long history.

Usage: companion bench store [--games 10000] [--players 12] [--saves 200] [--runs 5] [--seed 1]
                             [--data-dir EMPTY_FOLDER]

Generates finished games across Trek 12, 14ers, Ridgeline and Freunde for a roster of players (records
shaped like the engines' history records: players and scores, a per-player breakdown, the setup and every
action), imports them into a fresh data folder, then measures from freshly opened stores:

- autosave: saving a mid-sized game in progress after each of N actions (median, 95th percentile, worst)
- opening History: opening the store, the newest 50 games and the total count
- a player's statistics input: every game of one player (the first one after opening reads every month)
- finishing a game: adding one record to the long history (rewrites its month's file and the index)
- deleting a game and undoing it
- the size of the data folder
- once: upgrading a folder of data version 1 (one history.json) holding the same games

Each time is wall-clock time; the CPU time this process used is printed beside it, so that figures from a
machine shared with other work can be told apart from the store's own cost.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from companion.store import BACKUP_FORMAT, BACKUP_VERSION, open_store
from companion.store.atomic import encode_json
from companion.store.records import new_id, timestamp

__all__ = ["main", "generate_games"]

GAMES = ("trek12", "fourteeners", "ridgeline", "freunde")
NAMES = ("Ann", "Bob", "Chiara", "Dev", "Emma", "Femi", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lena",
         "Mara", "Nils", "Olga", "Pia", "Quinn", "Rafa", "Sami", "Tove")
SHEETS = (("dunai", "Dunai", 65), ("kagkot", "Kagkot", 70), ("dhaulagiri", "Dhaulagiri", 75))
PAGE = 50


def main(argv: list[str]) -> int:
    """Generate the history, then print the figures (plain numbers with units)."""
    parser = argparse.ArgumentParser(prog="companion bench store", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="finished games to generate (10000)")
    parser.add_argument("--players", type=int, default=12, help="players on the roster (12)")
    parser.add_argument("--saves", type=int, default=200, help="autosaves to time (200)")
    parser.add_argument("--runs", type=int, default=5, help="fresh opens to time History over (5)")
    parser.add_argument("--seed", type=int, default=1, help="seed for the generated games")
    parser.add_argument("--data-dir", help="an empty folder to build the data in (default: a temporary one)")
    args = parser.parse_args(argv)
    if not 1 <= args.players <= len(NAMES):
        parser.error(f"--players must be between 1 and {len(NAMES)}")
    if args.games < 1 or args.saves < 1 or args.runs < 1:
        parser.error("--games, --saves and --runs must be at least 1")

    with _folder(args.data_dir) as folder:
        _run(folder, args)
    return 0


def generate_games(rng: random.Random, players: list[dict[str, Any]], count: int,
                   newest: datetime) -> Iterator[dict[str, Any]]:
    """`count` finished-game records, one every few hours back from `newest`, across the four games."""
    moment = newest
    for _ in range(count):
        moment -= timedelta(minutes=rng.randint(30, 600))
        game = rng.choice(GAMES)
        solo = rng.random() < 0.3
        seated = rng.sample(players, 1 if solo else rng.randint(2, min(4, len(players))))
        yield _RECORD_MAKERS[game](rng, seated, solo, timestamp(moment))


def _run(folder: Path, args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    print(f"data folder: {folder}")

    started = time.perf_counter()
    roster = _build(folder, rng, args)
    players = [{"id": p.id, "name": p.name} for p in roster]
    built = time.perf_counter() - started
    months = sorted((folder / "history").glob("[0-9][0-9][0-9][0-9]-[0-9][0-9].json"))
    month_sizes = [p.stat().st_size for p in months]
    index = (folder / "history" / "index.json").stat().st_size
    live = sum((folder / n).stat().st_size for n in ("companion.json", "sessions.json")) + sum(month_sizes) + index
    everything = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    print(f"generated and imported {args.games:,} finished games across {', '.join(GAMES)} "
          f"for {args.players} players in {built:.1f} s")
    print(f"database size on disk: {live / 1e6:.1f} MB in the live files ({live / args.games / 1e3:.1f} kB per "
          f"game): {len(months)} month files in history/, {statistics.median(month_sizes) / 1e3:.0f} kB median, "
          f"{max(month_sizes) / 1e3:.0f} kB largest; history/index.json {index / 1e3:.0f} kB; "
          f"{everything / 1e6:.1f} MB with the .bak copies")

    # Opening History: a fresh store (reads the small files and the history's index), the first page and the count.
    opens, pages, totals = _Times(), _Times(), _Times()
    for _ in range(args.runs):
        with totals.measure():
            with opens.measure():
                store = open_store(folder)
            with pages.measure():
                page = store.history.list(limit=PAGE)
                count = store.history.count()
        store.close()
        assert len(page) == min(PAGE, args.games) and count == args.games
    print(f"open History from a fresh start ({args.runs} runs): open store {opens.median()}; "
          f"newest {PAGE} + count {pages.median()}; together {totals.median()}, worst {totals.worst()}")

    with open_store(folder) as store:
        # A player's statistics input: every game that player took part in.
        per_player, sizes = _Times(), []
        for player in roster:
            with per_player.measure():
                games = store.history.list(player_id=player.id)
            sizes.append(len(games))
        print(f"a player's statistics input (all their games, {min(sizes):,}-{max(sizes):,} games each, "
              f"{len(roster)} players): first after opening {per_player.first()}; {per_player.median()}, "
              f"worst {per_player.worst()}")

        # Autosave: a mid-sized game in progress saved after every action.
        record = _session_record(rng, players[:3], actions=60)
        saves = _Times()
        for _ in range(args.saves):
            record["actions"].append(_trek12_action(rng, rng.randrange(3)))
            record["updated"] = store.now()
            with saves.measure():
                store.sessions.save(record)
        sessions_size = (folder / "sessions.json").stat().st_size
        print(f"autosave ({args.saves} saves of a game growing from 61 to {60 + args.saves} actions, "
              f"sessions.json {sessions_size / 1e3:.0f} kB, each flushed to disk): {saves.median()}, "
              f"95th percentile {saves.percentile(95)}, worst {saves.worst()}")

        # Finishing a game: one record added to the long history (rewrites its month's file and the index).
        finishes = _Times()
        added = []
        for record in generate_games(rng, players, 5, datetime.now(timezone.utc) + timedelta(days=1)):
            with finishes.measure():
                added.append(store.history.add(record))
        print(f"finishing a game (adding to {args.games:,} stored, 5 times; rewrites its month's file and "
              f"history/index.json): {finishes.median()}, worst {finishes.worst()}")

        # Deleting a game from History and undoing it: an older month's file each time.
        deletes, undos = _Times(), _Times()
        for record in store.history.list(limit=5, offset=args.games // 2):
            with deletes.measure():
                gone = store.history.delete(record["id"])
            with undos.measure():
                store.history.restore(gone)
        print(f"deleting a game and undoing it (5 times, half-way back in history): delete {deletes.median()}, "
              f"worst {deletes.worst()}; undo {undos.median()}, worst {undos.worst()}")

        export = _Times()
        with export.measure():
            doc = store.export_all()
        print(f"export of everything ({len(doc['history']):,} games): {export.first()}")
    with tempfile.TemporaryDirectory(prefix="companion-bench-v1-") as tmp:
        old = Path(tmp) / "data"
        _write_version_1(old, doc)
        del doc  # the export is not what an upgrading app has in memory
        upgrade = _Times()
        with upgrade.measure():
            store = open_store(old)
        count = store.history.count()
        store.close()
        print(f"once: upgrading a version 1 folder ({count:,} games in one history.json) to month files: "
              f"{upgrade.first()}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    if load is not None:
        print(f"load average over the last minute: {load:.1f} on {os.cpu_count()} CPUs")


def _build(folder: Path, rng: random.Random, args: argparse.Namespace) -> list[Any]:
    """Fill the data folder: the roster, the finished games (one import), a few games in progress.

    A function of its own so that the store which built the data, with every game in memory, is freed
    before anything is timed (freeing it takes a tenth of a second that the app never spends).
    """
    with open_store(folder) as store:
        roster = [store.players.add(name) for name in NAMES[: args.players]]
        players = [{"id": p.id, "name": p.name} for p in roster]
        history = list(generate_games(rng, players, args.games, datetime.now(timezone.utc)))
        store.import_all({"format": BACKUP_FORMAT, "version": BACKUP_VERSION, "history": history})
        for _ in range(3):  # a few other games in progress, as on a real table
            store.sessions.save(_session_record(rng, rng.sample(players, 2), actions=30))
    return roster


def _write_version_1(folder: Path, doc: dict[str, Any]) -> None:
    """A folder as data version 1 kept it: the roster in companion.json, every finished game in history.json."""
    folder.mkdir()
    main = {"meta": {"1": {"key": "schema", "value": 1}},
            "players": {str(n): p for n, p in enumerate(doc["players"], 1)}}
    (folder / "companion.json").write_bytes(encode_json(main))
    history = {"history": {str(n): g for n, g in enumerate(doc["history"], 1)}}
    (folder / "history.json").write_bytes(encode_json(history))


@contextmanager
def _folder(given: str | None) -> Iterator[Path]:
    if given is None:
        with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp:
            yield Path(tmp) / "data"
        return
    folder = Path(given).expanduser()
    if folder.exists() and any(folder.iterdir()):
        raise SystemExit(f"companion bench store: {folder} is not empty; give an empty or new folder so no "
                         "saved data is mixed with generated games")
    yield folder


class _Times:
    """Wall-clock and CPU seconds of repeated measurements, printed as "median 1.2 ms (CPU 1.0 ms)"."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    @contextmanager
    def measure(self) -> Iterator[None]:
        wall, cpu = time.perf_counter(), time.process_time()
        yield
        self.wall.append(time.perf_counter() - wall)
        self.cpu.append(time.process_time() - cpu)

    def first(self) -> str:
        return _pair(self.wall[0], self.cpu[0])

    def median(self) -> str:
        return "median " + _pair(statistics.median(self.wall), statistics.median(self.cpu))

    def percentile(self, pct: int) -> str:
        index = min(len(self.wall) - 1, round(pct / 100 * (len(self.wall) - 1)))
        return _pair(sorted(self.wall)[index], sorted(self.cpu)[index])

    def worst(self) -> str:
        return _pair(max(self.wall), max(self.cpu))


def _pair(wall: float, cpu: float) -> str:
    return f"{wall * 1000:.1f} ms (CPU {cpu * 1000:.1f} ms)"


def _scores(rng: random.Random, seated: list[dict[str, Any]], low: int, high: int,
            lower_is_better: bool = False) -> list[dict[str, Any]]:
    scores = [rng.randint(low, high) for _ in seated]
    best = min(scores) if lower_is_better else max(scores)
    return [{"id": p["id"], "name": p["name"], "score": s, "winner": s == best}
            for p, s in zip(seated, scores, strict=True)]


def _trek12_action(rng: random.Random, player: int) -> dict[str, Any]:
    return {"player": player, "dice": [rng.randint(0, 5), rng.randint(0, 5)],
            "op": rng.choice(["low", "high", "sum", "diff", "mul"]), "circle": f"c{rng.randint(1, 19)}"}


def _trek12(rng: random.Random, seated: list[dict[str, Any]], solo: bool, finished: str) -> dict[str, Any]:
    key, name, summit = rng.choice(SHEETS)
    players = _scores(rng, seated, 30, 95)
    if solo:
        players.append({"id": None, "name": "Max", "score": rng.randint(30, 90), "winner": False})
    scores = [{"name": p["name"], "summit_reached": p["score"] >= summit,
               "lines": [rng.randint(2, 12) for _ in range(rng.randint(2, 5))],
               "zones": [rng.randint(3, 20) for _ in range(rng.randint(2, 5))],
               "highest_line": rng.randint(5, 12), "largest_zone": rng.randint(3, 12), "penalties": rng.randint(0, 15),
               "total": p["score"]} for p in players]
    actions = [_trek12_action(rng, seat) for _ in range(19) for seat in range(len(seated))]
    return {"id": new_id(), "game": "trek12", "finished": finished, "title": name, "players": players,
            "detail": {"sheet": key, "summit": summit, "rounds": 19, "complete": True, "scores": scores},
            "session": {"setup": {"sheet": key, "ruleset": "trek", "solo": solo, "players": seated},
                        "actions": actions}}


def _fourteeners(rng: random.Random, seated: list[dict[str, Any]], solo: bool, finished: str) -> dict[str, Any]:
    players = _scores(rng, seated, 20, 70)
    if solo:
        players.append({"id": None, "name": "Gerry", "score": rng.randint(20, 70), "winner": False})
    detail = {"players": [{"name": p["name"], "hiker": rng.randint(0, 10), "accolade": rng.randint(0, 8),
                           "plans": rng.randint(0, 20), "capstones": rng.randint(0, 15), "photos": rng.randint(0, 9),
                           "total": p["score"], "lines": [{"peak": f"p{rng.randint(1, 40)}",
                                                           "points": rng.randint(1, 9)} for _ in range(4)]}
                          for p in players],
              "winner": [p["name"] for p in players if p["winner"]], "weather": rng.random() < 0.5}
    actions = []
    for _ in range(9):
        for seat in range(len(seated)):
            actions.append({"type": "reveal", "player": seat, "card": f"k{rng.randint(1, 60)}"})
            actions.append({"type": "gain", "player": seat, "card": f"k{rng.randint(1, 60)}",
                            "guides": [f"g{rng.randint(1, 12)}"]})
    return {"id": new_id(), "game": "fourteeners", "finished": finished,
            "title": "Solo against Gerry" if solo else f"{len(seated)} players", "players": players,
            "detail": detail, "session": {"setup": {"players": seated, "weather": detail["weather"],
                                                    "accolade": None if solo else "random",
                                                    "seed": rng.randint(1, 10**6)}, "actions": actions}}


def _ridgeline(rng: random.Random, seated: list[dict[str, Any]], solo: bool, finished: str) -> dict[str, Any]:
    if len(seated) < 2:  # Ridgeline needs two to six players
        seated = seated + [{"id": None, "name": "Guest"}]
    players = _scores(rng, seated, 10, 120, lower_is_better=True)
    hands = []
    for number in range(1, rng.randint(4, 8)):
        hands.append({"hand": number, "dealer": seated[number % len(seated)]["name"],
                      "went_out": rng.choice(seated)["name"], "pitched": [f"{rng.randint(1, 13)}S"],
                      "seats": {p["name"]: {"camps_cleared": rng.randint(0, 5), "fatigue": rng.randint(0, 40),
                                            "left": [f"{rng.randint(1, 13)}H" for _ in range(rng.randint(0, 4))]}
                                for p in seated}})
    actions = [{"went_out": h["went_out"], "pitched": h["pitched"],
                "left": {n: s["left"] for n, s in h["seats"].items()}} for h in hands]
    return {"id": new_id(), "game": "ridgeline", "finished": finished, "title": "Ridge", "players": players,
            "detail": {"route": "ridge", "route_name": "Ridge", "lower_is_better": True, "hands": hands,
                       "winner": [p["name"] for p in players if p["winner"]]},
            "session": {"setup": {"seats": seated, "route": "ridge"}, "actions": actions}}


def _freunde(rng: random.Random, seated: list[dict[str, Any]], solo: bool, finished: str) -> dict[str, Any]:
    players = _scores(rng, seated, 5, 60)
    actions = []
    for _turn in range(12):
        actions.append({"type": "weather", "tile": f"w{rng.randint(1, 12)}"})
        for seat in range(len(seated)):
            actions.append({"type": "play", "player": seat, "card": rng.randint(1, 9),
                            "climber": rng.choice(["a", "b"]), "to": f"s{rng.randint(1, 40)}"})
            actions.append({"type": "done", "player": seat})
    detail = {"players": [{"name": p["name"], "score": p["score"],
                           "climbers": [{"space": f"s{rng.randint(1, 40)}", "altitude": rng.randint(0, 8000),
                                         "acclimatized": rng.randint(0, 5)} for _ in range(2)],
                           "risk": rng.randint(0, 6)} for p in players],
              "board": "summer", "season": "summer", "solo": solo}
    return {"id": new_id(), "game": "freunde", "finished": finished, "title": "Summer board, summer weather",
            "players": players, "detail": detail,
            "session": {"setup": {"players": seated, "board": "summer", "weather_season": "summer"},
                        "actions": actions}}


_RECORD_MAKERS: dict[str, Callable[..., dict[str, Any]]] = {
    "trek12": _trek12, "fourteeners": _fourteeners, "ridgeline": _ridgeline, "freunde": _freunde,
}


def _session_record(rng: random.Random, seated: list[dict[str, Any]], actions: int) -> dict[str, Any]:
    now = timestamp(datetime.now(timezone.utc))
    return {"id": new_id(), "game": "trek12", "title": "Dunai",
            "setup": {"sheet": "dunai", "ruleset": "trek", "solo": False, "players": seated},
            "players": [p["id"] for p in seated],
            "actions": [_trek12_action(rng, rng.randrange(len(seated))) for _ in range(actions)],
            "redo": [], "created": now, "updated": now}
