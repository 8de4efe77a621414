"""The app in a real browser: home, Players, a player added, and still there after a reload."""

from __future__ import annotations

import pytest

from companion.store import open_store
from companion.bench.browser import enable_semantics, open_app, start_app, wait_http

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
            field.fill("Ngawang")
            page.locator('[flt-semantics-identifier="player-add"]').click()
            page.get_by_text("Ngawang").first.wait_for(timeout=30_000)
            page.wait_for_timeout(1000)  # the accessibility tree updates before the canvas repaints
            page.screenshot(path=str(tmp_path / "players.png"))

            page.reload()
            enable_semantics(page)
            assert page.url.rstrip("/").endswith("/players")  # the reload stays on the same screen
            page.get_by_text("Ngawang").first.wait_for(timeout=30_000)
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "players-after-reload.png"))
    assert (tmp_path / "players-after-reload.png").stat().st_size > 0
    store = open_store(data_dir)  # the app has stopped: the player is on disk, not only in its memory
    try:
        assert [player.name for player in store.players.list()] == ["Ngawang"]
    finally:
        store.close()
