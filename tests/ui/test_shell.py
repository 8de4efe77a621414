"""The app shell in-process: home, every screen reachable and back again, honest pages, game screens."""

from __future__ import annotations

import flet as ft
import pytest
from harness import walk

from companion.games import GAMES
from companion.ui.common import registry
from companion.ui.common.widgets import screen_view
from companion.ui.shell.home import HOME_GAMES

SHORTCUTS = {"home-players": ("/players", "Players"), "home-history": ("/history", "History"),
             "home-settings": ("/settings", "Settings")}


async def test_home_lists_the_four_games_expeditions_and_the_shortcuts(open_ui):
    ui = await open_ui()
    assert ui.route == "/" and ui.view_routes == ["/"]
    text = ui.text()
    for title in ("Trek 12: Himalaya", "14ers", "Ridgeline", "Freunde", "Trek 12 Expeditions"):
        assert title in text
    for key in ("home-game-trek12", "home-game-fourteeners", "home-game-ridgeline", "home-game-freunde",
                "home-game-expedition", *SHORTCUTS):
        ui.get(key)
    # Nothing is in progress, so there is nothing to resume.
    assert ui.find("home-resume-title") is None


@pytest.mark.parametrize("key", sorted(SHORTCUTS))
async def test_each_shortcut_opens_its_screen_and_back_returns_home(open_ui, key):
    route, title = SHORTCUTS[key]
    ui = await open_ui()
    await ui.click(key)
    assert ui.route == route
    assert ui.view_routes == ["/", route]  # home stays underneath, so the app bar shows a back arrow
    assert ui.top.appbar.title.value == title
    await ui.back()  # Android back button
    assert ui.route == "/" and ui.view_routes == ["/"]


@pytest.fixture
def screens_restored():
    """Whatever the test registers or removes, the real screens are back afterwards."""
    registry.discover_game_screens()
    before = {game: registry.game_screen(game) for game in GAMES}
    yield
    for game, screen in before.items():
        if screen is None:
            registry.unregister_game_screen(game)
        else:
            registry.register_game_screen(game, new_game=screen.new_game, play=screen.play, sheet=screen.sheet)


@pytest.mark.parametrize("game", HOME_GAMES)
async def test_a_game_without_a_screen_says_so_honestly(open_ui, screens_restored, game):
    registry.unregister_game_screen(game)  # as in a version where the game's screens have not landed
    ui = await open_ui()
    assert "Not yet available" in ui.text()
    await ui.click(f"home-game-{game}")
    assert ui.route == f"/games/{game}"
    assert ui.view_routes == ["/", f"/games/{game}"]
    ui.get("game-unavailable")
    assert f"{GAMES[game].title} is not yet available in this version" in ui.text()
    await ui.click("go-home")
    assert ui.route == "/"


async def test_deep_links_open_with_home_underneath(open_ui):
    ui = await open_ui(route="/settings")
    assert ui.view_routes == ["/", "/settings"]
    await ui.go("/history")
    assert ui.view_routes == ["/", "/history"]
    await ui.back()
    assert ui.view_routes == ["/"]


async def test_unknown_addresses_and_games_are_reported(open_ui):
    ui = await open_ui()
    await ui.go("/no/such/place")
    ui.get("not-found")
    assert "/no/such/place" in ui.text()
    await ui.click("go-home")
    assert ui.route == "/"
    await ui.go("/games/chess")
    ui.get("game-unknown")
    assert "'chess'" in ui.text()


@ft.component
def _FakeNewGame() -> ft.View:
    return screen_view("Ridgeline setup", [ft.Text("Choose the players", key="fake-setup")])


@ft.component
def _FakePlay(session_id: str) -> ft.View:
    return screen_view("Ridgeline", [ft.Text(f"playing {session_id}", key="fake-play")])


@pytest.fixture
def ridgeline_screen(screens_restored):
    registry.register_game_screen("ridgeline", new_game=_FakeNewGame, play=_FakePlay)
    registry.unregister_game_screen("freunde")
    yield


async def test_a_registered_game_screen_is_enabled_and_opened(open_ui, ridgeline_screen, save_session, store):
    ui = await open_ui()
    tile_texts = [c.value for c in _texts_under(ui.get("home-game-ridgeline"))]
    assert "Not yet available" not in tile_texts
    other_texts = [c.value for c in _texts_under(ui.get("home-game-freunde"))]
    assert "Not yet available" in other_texts
    await ui.click("home-game-ridgeline")
    assert ui.get("fake-setup").value == "Choose the players"

    session_id = save_session("ridgeline", "Friday")
    await ui.go(f"/play/ridgeline/{session_id}")
    assert ui.get("fake-play").value == f"playing {session_id}"

    # Once finished, the game's history record keeps the session's id and its screen still shows it.
    store.sessions.delete(session_id)
    store.history.add({"id": session_id, "game": "ridgeline", "finished": "2026-03-01T18:00:00+00:00",
                       "title": "Friday", "players": [{"id": None, "name": "Ann", "score": 9, "winner": True}],
                       "detail": {}, "session": None})
    await ui.go("/")
    await ui.go(f"/play/ridgeline/{session_id}")
    assert ui.get("fake-play").value == f"playing {session_id}"


def test_registering_a_screen_for_an_unknown_game_is_refused():
    from companion.errors import InvalidInput

    with pytest.raises(InvalidInput, match="unknown game 'chess'"):
        registry.register_game_screen("chess", new_game=_FakeNewGame, play=_FakePlay)


def _texts_under(control):
    return [c for c in walk(control) if isinstance(c, ft.Text)]



@pytest.mark.parametrize("language", ["en", "fr", "de", "pl"])
async def test_each_games_description_on_home_is_shown_whole_on_a_phone(open_ui, store, language):
    # About 240 px of a 390 px phone are left for the words beside the game's badge and arrow; the estimate
    # (layout_check.text_width) errs on the wide side.
    from layout_check import text_width

    from companion.i18n import tr, use_language

    store.settings.set("language", language)
    ui = await open_ui()
    for game, entry in GAMES.items():
        with use_language(language):
            blurb = tr(entry.blurb)
        [text] = [c for c in walk(ui.get(f"home-game-{game}")) if isinstance(c, ft.Text) and c.value == blurb]
        assert text_width(blurb, 13) <= text.max_lines * 240, (game, blurb)


@pytest.mark.parametrize("language", ["pl", "en"])
async def test_a_game_in_progress_keeps_its_saved_date_on_one_line(open_ui, store, save_session, language):
    # Polish cards broke the date inside it: "zapisano 4" / "gru 2026, 22:35".
    from companion.ui.common.widgets import format_when

    ann = store.players.add("Ann")
    session_id = save_session("ridgeline", "Sprint", players=[ann.id])
    store.settings.set("language", language)
    ui = await open_ui(route="/")
    when = format_when(store.sessions.get(session_id)["updated"])
    day = when.split(",")[0]
    assert " " in day                                        # "4 gru 2026": words a line could break between
    shown = " ".join(t.value for t in walk(ui.get(f"home-resume-{session_id}")) if isinstance(t, ft.Text))
    assert day.replace(" ", "\u00a0") in shown and day not in shown


async def test_a_tab_whose_connection_dropped_is_not_sent_a_redraw_it_cannot_run(open_ui, store):
    # Another tab saving while this one's connection is down: nothing is scheduled for it (a browser that
    # comes back starts a new session), and no redraw is left half started ("coroutine ... was never
    # awaited" in the log).
    import asyncio
    import gc
    import warnings

    away = await open_ui(route="/players")
    here = await open_ui(route="/players")
    await away.session.disconnect(60)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        await here.type("player-name", "Ann")
        await here.click("player-add")
        for _ in range(20):
            await asyncio.sleep(0.01)
        gc.collect()
    assert [str(w.message) for w in caught if "never awaited" in str(w.message)] == []
    assert [p.name for p in store.players.list()] == ["Ann"]


def test_a_change_of_the_latest_value_is_made_unless_it_refuses():
    from companion.ui.common.services import Refused, update_unless_refused

    held = {"value": (1,)}

    def set_value(change):                       # as Flet's setter: an updater is given the latest value
        held["value"] = change(held["value"]) if callable(change) else change

    def add(n):
        return lambda latest: Refused(f"{n} is too many") if len(latest) >= 2 else latest + (n,)

    assert update_unless_refused(set_value, add(2)) is None and held["value"] == (1, 2)
    assert update_unless_refused(set_value, add(3)) == "3 is too many" and held["value"] == (1, 2)
