"""Games in progress: listed under Resume on home, opened at /play/<game>/<id>, abandoned on request."""

from __future__ import annotations

import uuid
from datetime import datetime, timezone

import pytest
from harness import walk

from companion.sessions import SessionKeeper
from companion.ui.common import registry


@pytest.fixture
def trek12_without_screen():
    """Trek 12 as a game whose screen is not in this version (its real screen is put back afterwards)."""
    screen = registry.game_screen("trek12")
    registry.unregister_game_screen("trek12")
    yield
    if screen is not None:
        registry.register_game_screen("trek12", new_game=screen.new_game, play=screen.play, sheet=screen.sheet)


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


async def test_a_game_titled_with_its_players_names_does_not_name_them_twice(open_ui, store, save_session,
                                                                            trek12_without_screen):
    ann, cleo = store.players.add("Ann"), store.players.add("Cleo")
    session_id = save_session("trek12", "Ann, Cleo", players=[ann.id, cleo.id])
    ui = await open_ui()
    card_text = " ".join(str(c.value) for c in walk(ui.get(f"home-resume-{session_id}"))
                         if hasattr(c, "value") and isinstance(c.value, str))
    assert card_text.count("Ann, Cleo") == 1 and "0 moves" in card_text


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
    # A finished game opens its summary here: one that is neither is not "maybe finished (see History)".
    assert "see History" not in ui.text() and "not in History either" in ui.text()


def resume_text(ui, session_id: str) -> str:
    card = ui.get(f"home-resume-{session_id}")
    return " ".join(str(c.value) for c in walk(card) if hasattr(c, "value") and isinstance(c.value, str))


async def test_each_game_in_progress_says_how_far_it_got_in_its_own_words(open_ui, store, save_session):
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    keeper = SessionKeeper(store)
    trek = keeper.start("trek12", {"sheet": "dunai", "players": [{"id": ann.id, "name": "Ann"}], "dice_seed": 7},
                        [ann.id], "Dunai").id
    keeper.act(trek, {"dice": [3, 2], "op": "sum", "circle": 8})
    ridge = keeper.start("ridgeline", {"seats": [{"id": p.id, "name": p.name} for p in (ann, bob)],
                                       "route": "ridge", "first_dealer": None, "checked": True},
                         [ann.id, bob.id], "Ridge").id
    broken = save_session("trek12", "Kagkot", players=[ann.id])      # entries that do not replay
    store.sessions.save({**store.sessions.get(broken), "actions": [{"dice": [9, 9]}]})
    ui = await open_ui()
    assert "Round 2 of 19" in resume_text(ui, trek) and "move" not in resume_text(ui, trek)
    assert "No hand recorded yet" in resume_text(ui, ridge)
    assert "1 move" in resume_text(ui, broken)                    # said as it is, its screen says why
    store.settings.set("language", "de")
    ui = await open_ui()
    assert "Runde 2 von 19" in resume_text(ui, trek) and "Noch keine Runde erfasst" in resume_text(ui, ridge)
