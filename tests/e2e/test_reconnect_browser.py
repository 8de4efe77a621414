"""A phone that loses the connection for a few seconds (the Wi-Fi drops, the screen sleeps): when the
browser connects again, the screen answers taps as before. After such a reconnection the screen once
looked as it was but never changed again, though its taps were saved; later it froze for a minute and more
while the browser merged in the old session's whole page. The browser now gets a new session. While the
connection is lost the page says so, in the app's language, where Flet's client said "Working..."."""

from __future__ import annotations

import pytest

from companion.bench.browser import enable_semantics, open_app, start_app, wait_http
from companion.sessions import SessionKeeper
from companion.store import open_store
from cut_link import CutLink
from taps import failure_shot, wait_for_text

pytestmark = pytest.mark.e2e


def test_a_screen_answers_taps_after_its_connection_came_back(playwright, tmp_path):
    store = open_store(tmp_path / "data")
    try:
        ann = store.players.add("Ann")
        setup = {"sheet": "dunai", "solo": None, "players": [{"id": ann.id, "name": "Ann"}]}
        session = SessionKeeper(store).start("trek12", setup, [ann.id], "Dunai")
    finally:
        store.close()
    failure_shot(tmp_path / "failure.png")
    with start_app(tmp_path / "data", log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        link = CutLink(int(url.rsplit(":", 1)[1]))
        try:
            with open_app(playwright, f"{link.url}/play/trek12/{session.id}") as page:
                wait_for_text(page, "Tap the red and the yellow dice faces")
                link.cut()
                # Meanwhile the page says what happened, where Flet's client said "Working..." as if busy.
                lost = page.locator("#companion-lost")
                lost.wait_for(state="visible", timeout=15_000)
                assert "connection to the computer running the companion is lost" in lost.inner_text()
                # Said of a phone off the network as of a stopped companion ("once the companion runs again" read
                # as if it had stopped).
                assert "once it can reach the companion again (this device and the computer on the network" in lost.inner_text()
                assert lost.get_attribute("lang") == "en" and lost.get_attribute("role") == "alert"
                # A page the server no longer lets in would wait for ever: a reload is offered beside the words.
                assert lost.get_by_role("button", name="Reload").count() == 1
                page.wait_for_timeout(2_000)
                # The browser connects again by itself, at its own pace (its retries are spaced out): the taps
                # are made once its next connection is open, not after a guess at how long that takes.
                with page.expect_event("websocket", timeout=60_000) as again:
                    link.restore()
                socket = again.value
                socket.wait_for_event("framereceived", timeout=30_000)
                lost.wait_for(state="detached", timeout=10_000)     # connected again: the notice goes
                page.wait_for_timeout(2_000)          # the new session's screen drawn
                enable_semantics(page)                # a no-op unless the new drawing turned the tree off
                page.get_by_text("Red die shows 3").first.click()
                page.get_by_text("Yellow die shows 2").first.click()
                wait_for_text(page, "Choose how to use the dice")
        finally:
            link.close()
