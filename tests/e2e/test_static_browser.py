"""The static build (`companion build web`) in a real browser, served by a plain static file server.

Python runs inside the page (Pyodide): a player is added and three rounds of a Trek 12 Ascent against Max
are tapped in; a reload finds the game exactly where it was; with the server stopped, a reload starts the
app from the service worker's copy with the game still there, and the coach's hint is worked out in the
page, the options answering the dice before it comes; a second tab says the companion is open
elsewhere (in the language chosen in Settings once there is one) and starts by itself once the first tab is
closed. While Python starts, the page says so in the player's language. Nothing is ever asked of another
host.
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from companion.bench.browser import (CHROMIUM, CHROMIUM_ARGS, enable_semantics, guard_requests, serve_folder,
                                     stop_process, tap)
from companion.bench.trek12_browser import (add_player, by_id, forced_turns, round_selector, start_ascent_against_max,
                                            sheet_texts, tap_turn, wait)
from companion.browser.build import build_web
from taps import points
from companion.games.trek12 import session as engine
from companion.games.trek12.scoring import score
from companion.games.trek12.solo import max_score

pytestmark = pytest.mark.e2e

WIDTH, HEIGHT = 390, 844
NAME = "Ann"
SHEET = "dunai"
ROUNDS = 3
SHOTS = Path("/tmp/static-shots")     # a copy of the screenshots, for a look outside pytest's tmp folders
FIRST_START_MS = 120_000              # Pyodide's first start while the service worker caches ~67 MB
START_MS = 60_000


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The static build, made once, served by `python -m http.server`: (url, server process, folder). The
    test stops the server to go offline."""
    root = tmp_path_factory.mktemp("static")
    build_web(root / "site")
    with serve_folder(root / "site", log=root / "server.log") as (url, proc):
        yield url, proc, root / "site"


def test_the_static_build_plays_resumes_offline_and_keeps_one_tab(playwright, served, tmp_path):
    url, server, site = served
    home = f"{url}/"
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    console: list[str] = []
    try:
        context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, service_workers="allow")
        outside = guard_requests(context, url)
        context.on("serviceworker", lambda worker: _listen(worker, "service worker", console))
        page = _new_page(context, "tab 1", console)

        # First visit: Flet's client, Pyodide and the app start from the server.
        began = time.perf_counter()
        page.goto(home)
        enable_semantics(page)
        wait(page, by_id("home-players"), FIRST_START_MS)
        print(f"\nfirst visit to the home screen: {time.perf_counter() - began:.1f} s")
        # The notice that Python is starting (Flet's client would say "Working..." under it) makes way for the app.
        page.locator("#companion-starting").wait_for(state="detached", timeout=START_MS)
        _shot(page, tmp_path, "1-home.png")

        # A player on the roster; a new Ascent on the Dunai sheet, Ann alone against Max.
        add_player(page, NAME)
        player_id, session_id = start_ascent_against_max(page, SHEET)

        # Three rounds tapped in: dice, option, circle. The engine only picks turns that are legal and
        # whose links the rules force, from the setup the screen was given.
        table = engine.start({"sheet": SHEET, "solo": "max", "players": [{"id": player_id, "name": NAME}]})
        for turn in forced_turns(table, ROUNDS, seed=7):
            table = engine.apply(table, turn)
            tap_turn(page, turn, table)
        wait(page, round_selector(ROUNDS + 1))
        sheet = sheet_texts(page)
        _check_sheet(sheet, table)
        _shot(page, tmp_path, "2-sheet-after-three-rounds.png")

        # While a save is still being copied into the browser's storage, leaving the page asks first (reloaded at
        # once, the move just shown was lost); once it is kept, nothing is asked. The app says which on the page's
        # channel: said here by hand, the page's own state at this moment being a matter of milliseconds.
        asked: list[str] = []

        def stay(dialog) -> None:
            asked.append(dialog.type)
            dialog.dismiss()

        page.on("dialog", stay)
        _say_saving(page, True)
        with contextlib.suppress(PlaywrightError):
            page.reload(timeout=3000)
        assert asked == ["beforeunload"], asked
        _say_saving(page, False)
        page.remove_listener("dialog", stay)

        # A reload resumes the Ascent exactly: the same round, circles and live scores.
        _reload_to_sheet(page, sheet, "reload")

        # The offline copy is complete and serves this page.
        expected = _precache_count(site)
        cached = _wait_for_offline_copy(page, expected)
        assert cached == expected, f"the service worker cached {cached} of {expected} files"

        # No server at all: the reload starts from the service worker's cache, the game still there.
        stop_process(server)
        assert server.poll() is not None
        with pytest.raises((urllib.error.URLError, ConnectionError)):
            urllib.request.urlopen(home, timeout=5)
        _reload_to_sheet(page, sheet, "offline reload")
        _shot(page, tmp_path, "3-sheet-after-offline-reload.png")

        # The coach's hint, worked out inside the page, offline, where there are no threads: the options
        # answer the dice at once, then the coach's move comes.
        tap(page, "t12-hint", START_MS)
        wait(page, 'flt-semantics:has-text("Enter the roll to see the coach\'s move.")')
        tap(page, "t12-red-3", START_MS)
        began = time.perf_counter()
        tap(page, "t12-yellow-4", START_MS)
        wait(page, 'flt-semantics:has-text("Choose how to use the dice.")')
        options = time.perf_counter() - began
        wait(page, 'flt-semantics:has-text("Coach (expecting ")', START_MS)
        print(f"hint: the options after {options:.2f} s, the coach's move after {time.perf_counter() - began:.2f} s")
        _shot(page, tmp_path, "3b-hint.png")

        # A second tab of the same browser: the data has an owner, so it says so and does not start. The
        # notice comes before the app's catalogs can: it is said in the browser's language (German here).
        second = _new_page(context, "tab 2", console)
        second.add_init_script("Object.defineProperty(navigator, 'languages', {get: () => ['de-AT', 'en']})")
        second.goto(home)
        notice = second.locator("#companion-elsewhere")
        notice.wait_for(state="visible", timeout=START_MS)
        text = notice.inner_text()
        assert "schon in einem anderen Tab oder Fenster dieses Browsers offen" in text, text
        # Marked as German, so that a screen reader says it in German, though the page is in English.
        assert notice.get_attribute("lang") == "de"
        # It covers the whole page: Flet's client under it would say "Working..." (in English) as if starting.
        box, view = notice.bounding_box(), second.viewport_size
        assert box is not None and (box["x"], box["y"], box["width"], box["height"]) == (
            0, 0, view["width"], view["height"]), (box, view)
        second.wait_for_timeout(3000)         # time enough for Python to be on its way, were it starting
        # Flet's python.js says "Starting up Python worker" and creates the worker only once the tab may
        # connect (companion.js makes it wait for the data's lock): neither has happened in this tab.
        assert not second.workers, [worker.url for worker in second.workers]
        assert not [line for line in console if line.startswith("[tab 2]") and "Python worker" in line]
        _shot(second, tmp_path, "4-second-tab-open-elsewhere.png")

        # French chosen in the first tab's Settings: the waiting tab says its notice again in French, and so
        # does it after a reload, though the browser still asks for German. A French player with a phone in
        # another language never meets the one notice in that other language.
        page.get_by_role("button", name="Back").first.click(timeout=START_MS)
        tap(page, "home-settings", START_MS)
        tap(page, "settings-language-fr", START_MS)
        french = "déjà ouverte dans un autre onglet ou une autre fenêtre de ce navigateur"
        second.wait_for_function(f"() => document.getElementById('companion-elsewhere').innerText.includes({french!r})",
                                 timeout=START_MS)
        second.reload()
        notice.wait_for(state="visible", timeout=START_MS)
        assert french in notice.inner_text(), notice.inner_text()
        assert notice.get_attribute("lang") == "fr"

        # The tab in use reloaded (pulled down on a phone): it keeps the data, and the tab in the background
        # goes on waiting. The reload let the lock go for a moment, and the waiting tab took it: the player's own
        # tab then said the companion was open elsewhere.
        page.bring_to_front()
        page.reload()
        enable_semantics(page)
        wait(page, by_id("settings-language-fr"), START_MS)
        assert page.locator("#companion-elsewhere").count() == 0
        assert notice.is_visible()

        # The first tab closes: the second takes the data over by itself once it is in use, the Ascent among
        # its games. While Python starts, the page says so in French, not Flet's "Working..." in English; the
        # app's first screen takes its place.
        began = time.perf_counter()
        page.close()
        second.bring_to_front()
        notice.wait_for(state="detached", timeout=START_MS)
        cover = second.locator("#companion-starting")
        cover.wait_for(state="visible", timeout=START_MS)
        assert (cover.inner_text().strip(), cover.get_attribute("lang")) == ("Démarrage de l'app…", "fr")
        _shot(second, tmp_path, "5a-second-tab-starting.png")
        enable_semantics(second)
        wait(second, by_id(f"home-resume-{session_id}"), START_MS)
        cover.wait_for(state="detached", timeout=START_MS)
        print(f"second tab, first tab closed, to the home screen: {time.perf_counter() - began:.1f} s")
        _shot(second, tmp_path, "5-second-tab-started.png")

        assert outside == [], f"requests to other hosts: {outside}"
    except BaseException:
        print("\n".join(["console:"] + console[-80:]))
        raise
    finally:
        (tmp_path / "console.log").write_text("\n".join(console) + "\n", encoding="utf-8")
        browser.close()


# --- the game ----------------------------------------------------------------------------------------------




def _reload_to_sheet(page, sheet: dict, what: str) -> None:
    """Reload the page and check the sheet comes back exactly as `sheet`; prints how long it took."""
    began = time.perf_counter()
    page.reload()
    enable_semantics(page)
    wait(page, round_selector(ROUNDS + 1), START_MS)
    print(f"{what} to the sheet: {time.perf_counter() - began:.1f} s")
    assert sheet_texts(page) == sheet



def _check_sheet(texts: dict, table) -> None:
    """The screen agrees with the engine: each circle, both totals."""
    state = table.states[0]
    for circle in range(state.sheet.n):
        shown = texts.get(f"t12-circle-{circle}", "")
        cell = state.board.cell(circle)
        assert re.match(rf"Circle {circle}: {'empty' if cell is None else cell}(,|$)", shown), (circle, shown)
    assert f"{NAME}'s sheet, {points(score(state).total)}" in texts.get("t12-tab-0", ""), texts
    assert f"Max's sheet, {points(max_score(state).total)}" in texts.get("t12-tab-max", ""), texts
    assert texts["round"] == [f"Round {ROUNDS + 1} of {state.sheet.n}"], texts["round"]




# --- the offline copy --------------------------------------------------------------------------------------


def _precache_count(site: Path) -> int:
    """How many URLs the build's sw.js caches when it installs."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    listed = re.search(r"const FILES = (\[.*?\]);", text, re.S)
    assert listed, "sw.js lists no files"
    return len(json.loads(listed.group(1)))


def _wait_for_offline_copy(page, expected: int) -> int:
    """Wait until the service worker is active and controls the page (reloading once if it does not) and
    return how many requests its cache holds."""
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    controlled = page.evaluate("() => !!navigator.serviceWorker.controller")
    print(f"service worker active; it controls the page {'already' if controlled else 'after a reload'}")
    if not controlled:
        page.reload()
        enable_semantics(page)
        wait(page, round_selector(ROUNDS + 1), START_MS)
        assert page.evaluate("() => !!navigator.serviceWorker.controller"), "no service worker controls the page"
    count = page.evaluate("""async () => {
        const names = (await caches.keys()).filter((name) => name.startsWith("companion-"));
        if (names.length !== 1) { return -names.length; }
        return (await (await caches.open(names[0])).keys()).length;
    }""")
    print(f"offline copy: {count} of the {expected} files sw.js lists")
    return count


# --- the page ----------------------------------------------------------------------------------------------


def _say_saving(page, busy: bool) -> None:
    """Tell the page, as its app does, whether a save is still being copied into the browser's storage."""
    page.evaluate("(busy) => new BroadcastChannel('climbing-companion').postMessage(JSON.stringify({saving: busy}))",
                  busy)
    page.wait_for_timeout(300)


def _new_page(context, name: str, console: list[str]):
    page = context.new_page()
    _listen(page, name, console)
    page.on("worker", lambda worker: _listen(worker, f"{name} worker", console))
    page.on("pageerror", lambda error: console.append(f"[{name}] page error: {error}"))
    return page


def _listen(source, name: str, console: list[str]) -> None:
    source.on("console", lambda message: console.append(f"[{name}] {message.type}: {message.text}"))





def _shot(page, folder: Path, name: str) -> None:
    """A screenshot at the phone's size, once the canvas has caught up with the accessibility tree; kept in the
    test's folder and copied to /tmp/static-shots/."""
    page.wait_for_timeout(1000)
    path = folder / name
    page.screenshot(path=str(path))
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, SHOTS / name)
