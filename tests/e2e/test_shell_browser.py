"""The app in a real browser: home, Players, a player added, and still there after a reload."""

from __future__ import annotations

import pytest

from companion.store import open_store
from companion.bench.browser import enable_semantics, named, open_app, start_app, wait_http

pytestmark = pytest.mark.e2e


def test_a_player_added_in_the_browser_survives_a_reload(playwright, tmp_path):
    data_dir = tmp_path / "data"
    with start_app(data_dir, log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, url) as page:
            page.locator('[flt-semantics-identifier="home-players"]').click()
            field = page.get_by_role("textbox").first
            field.wait_for(timeout=30_000)
            field.click()
            # Flutter swaps the semantics node for a real editing element on focus; keys sent before
            # that element exists never reach the field.
            page.wait_for_selector("input, textarea", state="attached", timeout=30_000)
            page.wait_for_timeout(300)
            page.keyboard.type("Ngawang", delay=20)
            page.wait_for_function(
                "() => [...document.querySelectorAll('input, textarea')].some(e => e.value === 'Ngawang')",
                timeout=30_000)
            page.wait_for_timeout(500)  # the text reaches the server as change events; let them land
            page.locator('[flt-semantics-identifier="player-add"]').click()
            # The roster row's own button, so the typed text in the field cannot satisfy the wait.
            _wait_for_label(page, "Rename Ngawang")
            page.wait_for_timeout(1000)  # the accessibility tree updates before the canvas repaints
            page.screenshot(path=str(tmp_path / "players.png"))

            page.reload()
            enable_semantics(page)
            assert page.url.rstrip("/").endswith("/players")  # the reload stays on the same screen
            _wait_for_label(page, "Rename Ngawang")
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "players-after-reload.png"))
    assert (tmp_path / "players-after-reload.png").stat().st_size > 0
    store = open_store(data_dir)  # the app has stopped: the player is on disk, not only in its memory
    try:
        assert [player.name for player in store.players.list()] == ["Ngawang"]
    finally:
        store.close()


def _wait_for_label(page, label: str) -> None:
    """Wait for a control with this accessible label; on failure, say what the screen did show."""
    try:
        page.locator(named(label)).first.wait_for(timeout=30_000, state="attached")
    except Exception:
        shown = page.eval_on_selector_all(
            "flt-semantics", "els => els.map(e => e.getAttribute('aria-label') || e.textContent).filter(Boolean)")
        values = page.eval_on_selector_all("input, textarea", "els => els.map(e => e.value)")
        raise AssertionError(f"no {label!r} on screen; labels: {shown[:40]}; fields: {values}") from None
