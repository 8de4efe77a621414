"""Games in progress: listed under Resume on home, opened at /play/<game>/<id>, abandoned on request."""

from __future__ import annotations

import uuid
from datetime import datetime, timezone

import pytest
from harness import walk

from companion.ui.common import registry


@pytest.fixture
def trek12_without_screen():
    """Trek 12 as a game whose screen is not in this version (its real screen is put back afterwards)."""
    screen = registry.game_screen("trek12")
    registry.unregister_game_screen("trek12")
    yield
    if screen is not None:
        registry.register_game_screen("trek12", new_game=screen.new_game, play=screen.play)


async def test_resume_a_session_from_home(open_ui, store, save_session, trek12_without_screen):
    ann = store.players.add("Ann")
    bob = store.players.add("Bob")
    session_id = save_session("trek12", "Dunai", players=[ann.id, bob.id])
    ui = await open_ui()
    ui.get("home-resume-title")
    card = ui.get(f"home-resume-{session_id}")
    card_text = " ".join(str(c.value) for c in walk(card) if hasattr(c, "value") and isinstance(c.value, str))
    assert "Dunai" in card_text and "Trek 12: Himalaya" in card_text and "Ann, Bob" in card_text
    assert "0 moves" in card_text

    await ui.click(f"home-resume-{session_id}")
    assert ui.route == f"/play/trek12/{session_id}"
    assert ui.view_routes == ["/", f"/play/trek12/{session_id}"]
    # Without the game's screen the page says so and the saved game is untouched.
    ui.get("play-unavailable")
    assert "not yet available in this version" in ui.text()
    assert ui.get("play-fact-0").value == "Ann, Bob"
    assert store.sessions.get(session_id) is not None
    await ui.back()
    assert ui.route == "/"
    ui.get(f"home-resume-{session_id}")


async def test_newest_session_is_listed_first(open_ui, store, save_session):
    second = save_session("freunde", "Newer", updated=datetime(2026, 3, 2, 12, 0, tzinfo=timezone.utc))
    first = save_session("ridgeline", "Older", updated=datetime(2026, 3, 1, 12, 0, tzinfo=timezone.utc))
    ui = await open_ui()
    order = [c.key for c in walk(ui.top) if str(c.key or "").startswith("home-resume-") and c.key != "home-resume-title"
             and hasattr(c, "on_click")]
    assert order == [f"home-resume-{second}", f"home-resume-{first}"]


async def test_abandon_a_session_after_confirming(open_ui, store, save_session):
    session_id = save_session("fourteeners", "Longs Peak")
    ui = await open_ui()
    await ui.click(f"home-resume-{session_id}")
    await ui.click("play-abandon")
    assert "Abandon this game?" in ui.text()
    await ui.click("play-abandon-cancel")
    assert store.sessions.get(session_id) is not None
    await ui.click("play-abandon")
    await ui.click("play-abandon-confirm")
    assert store.sessions.get(session_id) is None
    assert ui.route == "/"
    assert ui.find("home-resume-title") is None


async def test_a_session_that_is_gone_is_reported(open_ui):
    ui = await open_ui(route=f"/play/trek12/{uuid.uuid4().hex}")
    ui.get("play-missing")
    assert "not in progress" in ui.text()
