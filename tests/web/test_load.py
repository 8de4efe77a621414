"""Fifty browser tabs on one server: each types a name on /players and adds it while the others save.

Every tab's typed text must survive the other tabs' saves (each save redraws every other tab), every
name must reach the store exactly as typed, every tab must then show all fifty, and no session may
crash. The server's memory must come back near where it started within a minute after the tabs close
(closed sessions are dropped at Flet's next sweep, within 10 s, and their memory handed back); the
figures are printed (run with -s): at start, with fifty tabs open, and when it came back.
"""

from __future__ import annotations

import asyncio
import random
import time

import pytest
from client import connect
from procstats import format_mb

pytestmark = pytest.mark.slow

TABS = 50
# "Near its start", against a server of about 76 MB that grows by about 100 MB with fifty tabs: what stays
# is fifty players, caches, the one closed session Flet holds until its next sweep, and heap pages that
# are never quite free; 13 to 34 MB over a dozen runs here (the same code 16 MB in one run and 29 MB in the
# next, and more after the whole suite). A server that kept closed sessions kept 77 MB.
NEAR_START_KB = 40 * 1024
RELEASE_WITHIN = 75.0        # seconds: Flet's sweep (every 10 s) and the trim (10 s), with room for a slow machine
# How long a tab waits for its own name, and then for everyone's: what is asserted is that every name
# arrives, not how fast (the time is printed). On a machine half as fast as usual the fifty adds took
# 30 s in all, and a 15 s wait failed every tab though each name was saved.
SAVE_WAIT = 90.0


def roster(tab) -> list[str]:
    """The names in the roster rows on a tab's screen (not the add form's field)."""
    return [c["value"] for c in tab.controls()
            if c.get("_c") == "Text" and str(c.get("key", "")).startswith("player-")
            and str(c.get("key", "")).endswith("-name")]


async def _one_tab(url: str, name: str, rng: random.Random, opened: asyncio.Barrier):
    tab = await connect(url, route="/players")
    try:
        await tab.wait_key("player-name", timeout=30)
        await opened.wait()                       # everybody is on /players before anybody types
        await asyncio.sleep(rng.uniform(0, 0.5))
        # Typing one key at a time, as a phone keyboard sends it, while other tabs are saving.
        await tab.type("player-name", name, per_char=True, delay=rng.uniform(0.005, 0.03))
        await asyncio.sleep(rng.uniform(0, 0.3))   # the gap between the last key and the tap
        shown = tab.get("player-name").value
        await tab.click("player-add")
        try:
            await tab.wait_for(lambda t: name in roster(t), timeout=SAVE_WAIT)
        except TimeoutError:
            raise AssertionError(f"{name!r} not added: the field showed {shown!r} at the tap; "
                                 f"now {tab.get('player-name').get('error')!r}") from None
        return tab
    except BaseException:
        await tab.close()
        raise


async def test_fifty_tabs_add_players_at_once(tmp_path):
    from conftest import start_server

    server = start_server(tmp_path)
    names = [f"Climber {i:02d}" for i in range(TABS)]
    report: list[str] = []
    tabs = []
    try:
        rss_start = server.rss_kb()
        opened = asyncio.Barrier(TABS)
        rng = random.Random(20261201)
        started = time.perf_counter()
        results = await asyncio.wait_for(
            asyncio.gather(*(_one_tab(server.url, n, random.Random(rng.random()), opened) for n in names),
                           return_exceptions=True),
            timeout=120 + SAVE_WAIT,
        )
        elapsed_add = time.perf_counter() - started
        tabs = [r for r in results if not isinstance(r, BaseException)]
        failures = [f"{n}: {r!r}" for n, r in zip(names, results) if isinstance(r, BaseException)]
        # Every tab sees everyone's saved name on its screen (a save redraws the other tabs).
        await asyncio.gather(*(t.wait_for(lambda c: set(roster(c)) >= set(names), timeout=SAVE_WAIT)
                               for t in tabs), return_exceptions=True)
        stale = {i: sorted(set(names) - set(roster(t))) for i, t in enumerate(tabs)}
        stale = {i: missing for i, missing in stale.items() if missing}
        rss_open = server.rss_kb()
        crashes = [c for t in tabs for c in t.crashes]
        patch_errors = [e for t in tabs for e in t.patch_errors]
        for t in tabs:
            await t.close()
        tabs = []
        closed_at = time.perf_counter()
        rss_closed = server.rss_kb()
        while rss_closed > rss_start + NEAR_START_KB and time.perf_counter() - closed_at < RELEASE_WITHIN:
            await asyncio.sleep(2)
            rss_closed = server.rss_kb()
        released_after = time.perf_counter() - closed_at
        assert server.alive(), "the server died"
        report += [
            f"{TABS} tabs typed and added their names in {elapsed_add:.2f} s",
            f"server RSS: start {format_mb(rss_start)}, {TABS} tabs open {format_mb(rss_open)}, "
            f"{released_after:.0f} s after they closed {format_mb(rss_closed)}",
        ]
        assert not failures, "tabs failed:\n" + "\n".join(failures)
        assert not stale, f"{len(stale)} tabs do not show every saved name, e.g. {next(iter(stale.items()))}"
        assert not crashes, "a session crashed:\n" + "\n".join(crashes[:3])
        assert not patch_errors, "\n".join(patch_errors[:3])
        assert rss_closed <= rss_start + NEAR_START_KB, (
            f"memory did not come back within {RELEASE_WITHIN:.0f} s: {format_mb(rss_closed)} against "
            f"{format_mb(rss_start)} at start")
    finally:
        for t in tabs:
            await t.close()
        print("\n" + "\n".join(report))
    saved = server.stop_and_read_players()
    assert sorted(saved) == sorted(names), f"missing {sorted(set(names) - set(saved))}, extra {sorted(set(saved) - set(names))}"
