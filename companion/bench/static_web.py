"""`companion bench static_web`: the static build (Python in the page) beside `companion --web`.

Prints, all measured in this run on this machine, in headless Chromium at a phone's size:
- the built folder's size and what takes the space;
- the time from opening the URL to the home screen: on a first visit (a new browser profile, everything
  fetched from the static server) and on a visit served from the service worker's cache with the server
  stopped;
- the time from tapping a circle to the sheet showing the number written there, as a median over a
  scripted Ascent's rounds against Max, in the static build and in `companion --web` (same turns, same
  machine, same run), with their ratio;
- Trek 12 random games per second inside the browser (Pyodide, the page's main thread) and in CPython,
  with their ratio: `companion.bench.trek12.measure`, the same code in both.

Needs the test extras (playwright) and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["main"]

NAME = "Ann"
SHEET = "dunai"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="companion bench static_web", description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=3, help="first visits to time (each a new profile)")
    parser.add_argument("--rounds", type=int, default=12, help="rounds tapped in each mode (at most 19)")
    parser.add_argument("--games", type=int, default=300, help="random Trek 12 games per engine figure")
    args = parser.parse_args(argv)
    if not (1 <= args.visits <= 20 and 1 <= args.rounds <= 19 and 10 <= args.games <= 100_000):
        print("--visits 1..20, --rounds 1..19, --games 10..100000", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 - test extra

    from companion.bench.browser import serve_folder, start_app, wait_http  # noqa: PLC0415
    from companion.browser.build import build_web  # noqa: PLC0415

    with tempfile.TemporaryDirectory(prefix="companion-static-") as scratch:
        root = Path(scratch)
        report = build_web(root / "site")
        print("\n".join(report.lines()))
        with sync_playwright() as pw:
            browser = _launch(pw)
            try:
                with serve_folder(root / "site", log=root / "static.log") as (url, server):
                    firsts = [_first_visit(browser, url) for _ in range(args.visits)]
                    engine_rate = _engine_rate(browser, url, args.games)
                    static_taps, cached = _static_session(browser, url, server, args.rounds)
                with start_app(root / "data", log=root / "web.log") as (web_url, proc):
                    wait_http(web_url, proc)
                    web_first = _first_visit(browser, web_url)
                    web_taps = _tap_session(browser, web_url, args.rounds)
            finally:
                browser.close()
    from companion.bench.trek12 import measure  # noqa: PLC0415

    cpython_rate = measure(SHEET, games=args.games)["games_per_s"]

    print(f"\nhome screen after opening the URL, static build, first visit (new profile): "
          f"median {statistics.median(firsts):.1f} s of {len(firsts)} ({', '.join(f'{t:.1f}' for t in firsts)})")
    print(f"home screen, static build, served from the service worker's cache, server stopped: {cached:.1f} s")
    print(f"home screen, companion --web, first visit: {web_first:.1f} s")
    static_ms, web_ms = _ms(static_taps), _ms(web_taps)
    print(f"\ncircle tap to updated sheet, median of {len(static_taps)} rounds: static build {static_ms:.0f} ms "
          f"(90th {_p90(static_taps):.0f}), companion --web {web_ms:.0f} ms (90th {_p90(web_taps):.0f}); "
          f"static / web = {static_ms / web_ms:.2f}")
    print(f"\nTrek 12 random games per second ({SHEET}, {args.games} games, one thread, wall clock): "
          f"in the browser {engine_rate:.0f}, in CPython {cpython_rate:.0f} "
          f"({sys.implementation.name} {sys.version.split()[0]}); browser / CPython = {engine_rate / cpython_rate:.2f}")
    return 0


def _launch(pw):
    from companion.bench.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: PLC0415

    return pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


def _context(browser):
    return browser.new_context(viewport={"width": 390, "height": 844}, service_workers="allow")


def _home(page, url: str, timeout: float = 120_000) -> float:
    """Open `url` and return the seconds until the home screen's controls are on screen."""
    from companion.bench.browser import enable_semantics  # noqa: PLC0415
    from companion.bench.trek12_browser import by_id, wait  # noqa: PLC0415

    began = time.perf_counter()
    page.goto(url)
    enable_semantics(page)
    wait(page, by_id("home-players"), timeout)
    return time.perf_counter() - began


def _first_visit(browser, url: str) -> float:
    context = _context(browser)
    try:
        return _home(context.new_page(), f"{url}/")
    finally:
        context.close()


def _static_session(browser, url: str, server, rounds: int) -> tuple[list[float], float]:
    """Taps in the static build; then, the server stopped, a visit served from the service worker's cache."""
    from companion.bench.browser import stop_process  # noqa: PLC0415

    context = _context(browser)
    try:
        page = context.new_page()
        _home(page, f"{url}/")
        taps = _play(page, rounds)
        _wait_for_offline_copy(page)
        page.close()
        stop_process(server)
        cached = _home(context.new_page(), f"{url}/")
    finally:
        context.close()
    return taps, cached


def _engine_rate(browser, url: str, games: int) -> float:
    """Random Trek 12 games per second in Pyodide on a page of the build's origin (the app not started)."""
    context = _context(browser)
    try:
        page = context.new_page()
        page.goto(f"{url}/companion-build.json")
        figures = json.loads(page.evaluate(ENGINE_JS, games))
        return figures["games_per_s"]
    finally:
        context.close()


def _tap_session(browser, url: str, rounds: int) -> list[float]:
    context = _context(browser)
    try:
        page = context.new_page()
        _home(page, f"{url}/")
        return _play(page, rounds)
    finally:
        context.close()


def _play(page, rounds: int) -> list[float]:
    """Add a player, start an Ascent against Max, tap `rounds` turns; the circle taps' times."""
    from companion.bench.trek12_browser import add_player, forced_turns, start_ascent_against_max, tap_turn  # noqa: PLC0415
    from companion.games.trek12 import session as engine  # noqa: PLC0415

    add_player(page, NAME)
    player_id, _session = start_ascent_against_max(page, SHEET)
    table = engine.start({"sheet": SHEET, "solo": "max", "players": [{"id": player_id, "name": NAME}]})
    times = []
    for turn in forced_turns(table, rounds, seed=21):
        table = engine.apply(table, turn)
        times.append(tap_turn(page, turn, table))
    return times


def _wait_for_offline_copy(page, timeout: float = 120.0) -> None:
    """Wait until the service worker has cached the whole build and controls the page."""
    deadline = time.monotonic() + timeout
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    while time.monotonic() < deadline:
        if page.evaluate("() => !!navigator.serviceWorker.controller"):
            return
        page.wait_for_timeout(250)
    raise TimeoutError("the service worker never took control of the page")


def _ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def _p90(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))] * 1000


ENGINE_JS = """async (games) => {
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", document.baseURI).href);
  const py = await loadPyodide();
  const archive = await (await fetch("app.tar.gz")).arrayBuffer();
  py.unpackArchive(archive, "gztar");
  await py.loadPackage(["platformdirs"]);
  return py.runPython(`
import json
from companion.bench.trek12 import measure
json.dumps(measure("dunai", games=${games}))
`);
}"""
