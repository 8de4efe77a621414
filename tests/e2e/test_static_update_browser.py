"""A newer static build reaches a browser that already runs an older one, and the player chooses when.

The old build is served and opened; a player is added and the service worker takes over the page. A newer
build is then written into the same folder. The page finds it, installs it beside the running one and says
so, while the old copy keeps serving the page; only "Update now" switches: the page reloads under the new
version, the old copy is gone, and the player added before is still there. Nothing is asked of another host.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import companion.browser.build as build
from companion.bench.browser import CHROMIUM, CHROMIUM_ARGS, enable_semantics, guard_requests, named, serve_folder
from companion.bench.trek12_browser import add_player, by_id, wait

pytestmark = pytest.mark.e2e

WIDTH, HEIGHT = 390, 844
NAME = "Lhakpa"
SHOTS = Path("/tmp/static-shots")
FIRST_START_MS = 120_000      # Pyodide's first start while the service worker caches the whole build
START_MS = 60_000
INSTALL_MS = 120_000          # the newer worker caches every file of its build before it is offered
OLD_COLOUR, NEW_COLOUR = build.BACKGROUND_COLOUR, "#FAFAF5"
UPDATE_TEXT = "A new version of the companion is ready. Everything you entered is saved."

# What the page sees of its service worker: which caches exist, which workers wait or run, and the
# manifest as the controlling worker answers it (its background colour tells one build from the other).
_STATE = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const manifest = await (await fetch("manifest.json", {cache: "no-store"})).json();
    return {
        caches: (await caches.keys()).filter((name) => name.startsWith("companion-")).sort(),
        controlled: !!navigator.serviceWorker.controller,
        active: !!(registration && registration.active),
        waiting: !!(registration && registration.waiting),
        background: manifest.background_color,
    };
}"""


def test_a_newer_build_is_offered_and_taken_only_when_the_player_says(playwright, tmp_path, monkeypatch):
    site = tmp_path / "site"
    old = build.build_web(site).version
    assert _sw_version(site) == old
    console: list[str] = []
    with serve_folder(site, log=tmp_path / "server.log") as (url, _server):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, service_workers="allow")
            outside = guard_requests(context, url)
            context.on("serviceworker", lambda worker: _listen(worker, "service worker", console))
            page = context.new_page()
            _listen(page, "page", console)
            page.on("worker", lambda worker: _listen(worker, "worker", console))
            page.on("pageerror", lambda error: console.append(f"[page] page error: {error}"))

            # The old build: the app starts, a player is added, its service worker takes the page over.
            page.goto(f"{url}/")
            enable_semantics(page)
            wait(page, by_id("home-players"), FIRST_START_MS)
            add_player(page, NAME)
            wait(page, by_id("home-players"))
            page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=FIRST_START_MS)
            before = page.evaluate(_STATE)
            assert before == {"caches": [f"companion-{old}"], "controlled": True, "active": True,
                              "waiting": False, "background": OLD_COLOUR}, before

            # A newer build in the same folder: a different version, which the page is asked to look for.
            monkeypatch.setattr(build, "BACKGROUND_COLOUR", NEW_COLOUR)
            new = build.build_web(site).version
            assert new != old and _sw_version(site) == new
            page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
            banner = page.locator("#companion-update")
            banner.wait_for(state="visible", timeout=INSTALL_MS)
            assert UPDATE_TEXT in banner.inner_text(), banner.inner_text()
            assert banner.get_by_role("button", name="Update now").is_visible()
            _shot(page, tmp_path, "update-offered.png")

            # Offered, not taken: the new worker waits beside the old, which still answers the page.
            page.wait_for_timeout(2000)
            offered = page.evaluate(_STATE)
            assert offered == {"caches": sorted([f"companion-{old}", f"companion-{new}"]), "controlled": True,
                               "active": True, "waiting": True, "background": OLD_COLOUR}, offered

            # "Later" puts the notice away (it covers a game's tabs); the next start offers the update again.
            banner.get_by_role("button", name="Later").click()
            banner.wait_for(state="detached", timeout=START_MS)
            page.reload()
            enable_semantics(page)
            wait(page, by_id("home-players"), START_MS)
            banner.wait_for(state="visible", timeout=INSTALL_MS)
            assert page.evaluate(_STATE)["background"] == OLD_COLOUR
            page.evaluate("() => { window.companionBeforeUpdate = true; }")

            # The player says when: the page reloads under the new version.
            with page.expect_navigation(timeout=START_MS):
                banner.get_by_role("button", name="Update now").click()
            page.wait_for_load_state("load")
            assert page.evaluate("() => window.companionBeforeUpdate === undefined"), "the page did not reload"
            enable_semantics(page)
            wait(page, by_id("home-players"), START_MS)
            page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=START_MS)
            after = page.evaluate(_STATE)
            assert after == {"caches": [f"companion-{new}"], "controlled": True, "active": True,
                             "waiting": False, "background": NEW_COLOUR}, after
            assert page.locator("#companion-update").count() == 0

            # Everything entered before the update is still there.
            page.locator(by_id("home-players")).first.click()
            wait(page, named(f"Rename {NAME}"), START_MS)
            _shot(page, tmp_path, "update-taken-players.png")

            assert outside == [], f"requests to other hosts: {outside}"
        except BaseException:
            print("\n".join(["console:"] + console[-80:]))
            raise
        finally:
            (tmp_path / "console.log").write_text("\n".join(console) + "\n", encoding="utf-8")
            browser.close()


def _sw_version(site: Path) -> str:
    found = re.search(r'^const VERSION = "([0-9a-f]+)";$', (site / "sw.js").read_text(encoding="utf-8"), re.M)
    assert found, "sw.js names no version"
    return found.group(1)


def _listen(source, name: str, console: list[str]) -> None:
    source.on("console", lambda message: console.append(f"[{name}] {message.type}: {message.text}"))


def _shot(page, folder: Path, name: str) -> None:
    """A screenshot at the phone's size, kept in the test's folder and copied to /tmp/static-shots/."""
    page.wait_for_timeout(1000)
    path = folder / name
    page.screenshot(path=str(path))
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, SHOTS / name)
