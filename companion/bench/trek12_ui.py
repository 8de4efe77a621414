"""`companion bench trek12_ui`: how long the Trek 12 play screen takes from a circle tap to the updated sheet.

Usage: companion bench trek12_ui [--games N] [--sheet dunai] [--seed S] [--no-max] [--memory]

Runs the real app in-process with the UI test harness (`tests/ui/harness.py`: a real Flet session and page
over a fake client that encodes every message as the real transports do), and plays scripted Ascents by
tapping: the dice faces, an option, then the circle. The figure is the time of the circle tap alone: the
handler, the engine's move, the session saved to the store (on disk unless --memory), the whole screen
rebuilt, diffed and encoded for the client, and the effects settled. The browser's own painting is not
included (see `companion bench startup` for what a browser adds). Turns are drawn from the engine's legal
moves whose links the rules force, so every circle tap writes a move. CPU time is printed beside the wall
clock, since a shared machine skews the latter.

Needs a source checkout: the harness lives with the tests, not in the installed package.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from companion.games.trek12 import session as engine
from companion.games.trek12.data import SHEET_NAMES
from companion.games.trek12.rules import Op, Roll, legal_actions

__all__ = ["main", "script"]

_HARNESS = Path(__file__).resolve().parents[2] / "tests" / "ui"


def script(setup: dict, seed: int) -> list[dict]:
    """A whole Ascent of legal turns with forced links, chosen with a seeded generator."""
    rng = random.Random(seed)
    table = engine.start(setup)
    turns = []
    while not table.complete:
        roll = Roll.of(rng.randint(1, 6), rng.randint(0, 5))
        plain = [a for a in legal_actions(table.states[0], roll) if a.links is None and a.max_links is None]
        if not plain:
            continue
        turn = rng.choice(plain).to_dict()
        table = engine.apply(table, turn)
        turns.append(turn)
    return turns


def main(argv: list[str]) -> int:
    """Play the scripted Ascents by tapping and print the circle tap's median, 90th percentile and worst."""
    parser = argparse.ArgumentParser(prog="companion bench trek12_ui")
    parser.add_argument("--games", type=int, default=3, help="Ascents to play (19 circle taps each)")
    parser.add_argument("--sheet", default="dunai", choices=SHEET_NAMES)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--no-max", action="store_true", help="play without Max (one sheet to fill, not two)")
    parser.add_argument("--memory", action="store_true", help="keep the store in memory instead of on disk")
    args = parser.parse_args(argv)
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    if not (_HARNESS / "harness.py").exists():
        print(f"this benchmark needs the UI test harness at {_HARNESS / 'harness.py'} (a source checkout)",
              file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="trek12-ui-bench-") as folder:
        taps, others = asyncio.run(_play(args, Path(folder)))
    where = "in memory" if args.memory else "on disk"
    print(f"Trek 12 play screen, in-process harness: {args.games} Ascent(s) on {args.sheet}"
          f"{'' if args.no_max else ' against Max'}, store {where}, seed {args.seed}")
    _report("circle tap -> updated sheet", taps)
    _report("dice face or option tap (for comparison)", others)
    return 0


async def _play(args: argparse.Namespace, folder: Path) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    sys.path.insert(0, str(_HARNESS))
    from harness import UiApp  # noqa: PLC0415 - only in a source checkout

    from companion.sessions import SessionKeeper  # noqa: PLC0415 - keeps `--help` light
    from companion.store import open_store  # noqa: PLC0415
    from companion.ui.shell.app import build_main  # noqa: PLC0415
    from companion.ui.common.registry import register_game_screen  # noqa: PLC0415
    from companion.ui.trek12.screens import Trek12NewGame, Trek12Play  # noqa: PLC0415

    register_game_screen("trek12", new_game=Trek12NewGame, play=Trek12Play)
    store = open_store(memory=True) if args.memory else open_store(folder / "data")
    taps: list[tuple[float, float]] = []
    others: list[tuple[float, float]] = []
    try:
        player = store.players.add("Bench")
        main = build_main(store)
        for game in range(args.games):
            setup = {"sheet": args.sheet, "solo": None if args.no_max else "max",
                     "players": [{"id": player.id, "name": player.name}], "dice_seed": args.seed + game}
            session = SessionKeeper(store).start("trek12", setup, [player.id], args.sheet.title())
            ui = await UiApp(main, route=f"/play/trek12/{session.id}").start()
            try:
                for turn in script(setup, args.seed + game):
                    red, yellow = turn["dice"]
                    for key in (f"t12-red-{red}", f"t12-yellow-{yellow}", f"t12-op-{turn['op']}"):
                        others.append(await _tap(ui, key))
                    value = Roll.of(red, yellow).value(Op.parse(turn["op"]))
                    taps.append(await _tap(ui, f"t12-circle-{turn['circle']}"))
                    if ui.find("t12-skull-confirm") is not None:
                        await ui.click("t12-skull-confirm")  # a skull asks first: not a finished tap
                        taps.pop()
                    _check_written(ui, turn["circle"], value)
            finally:
                await ui.close()
    finally:
        store.close()
    return taps, others


async def _tap(ui, key: str) -> tuple[float, float]:
    """Tap a control and wait until the screen has settled; the harness's search for the control by key
    (a walk over the whole tree that a real client never does) happens before the clock starts."""
    control = ui.get(key)
    if getattr(control, "disabled", False):
        raise AssertionError(f"{key!r} is disabled")
    wall, cpu = time.perf_counter(), time.process_time()
    await ui.session.dispatch_event(control._i, "click", None)
    await ui.settle()
    return time.perf_counter() - wall, time.process_time() - cpu


def _check_written(ui, circle: int, value: int) -> None:
    control = ui.get(f"t12-circle-{circle}")
    texts = [c.value for c in _walk(control) if type(c).__name__ == "Text"]
    if texts and texts != [str(value)]:
        raise AssertionError(f"circle {circle} shows {texts}, not {value}: the tap did not update the sheet")


def _walk(control):
    from harness import walk  # noqa: PLC0415

    return walk(control)


def _report(what: str, times: list[tuple[float, float]]) -> None:
    if not times:
        print(f"{what}: no taps measured")
        return
    wall = sorted(t[0] * 1000 for t in times)
    cpu = sorted(t[1] * 1000 for t in times)
    p90 = wall[min(len(wall) - 1, int(0.9 * len(wall)))]
    print(f"{what}: {len(wall)} taps; wall ms median {statistics.median(wall):.1f}, 90th {p90:.1f}, "
          f"worst {wall[-1]:.1f}; CPU ms median {statistics.median(cpu):.1f}")
