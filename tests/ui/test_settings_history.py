"""Settings (theme, data folder) and History in-process."""

from __future__ import annotations

import flet as ft
from harness import walk

from companion.ui.shell.history import PAGE_SIZE


async def test_theme_follows_the_system_by_default_and_switches_at_once(open_ui, store):
    ui = await open_ui()
    assert ui.page.theme_mode == ft.ThemeMode.SYSTEM
    await ui.click("home-settings")
    assert ui.get("settings-theme").selected == ["system"]
    await ui.select("settings-theme", "dark")
    assert ui.page.theme_mode == ft.ThemeMode.DARK
    assert store.settings.get("theme") == "dark"
    assert ui.get("settings-theme").selected == ["dark"]
    await ui.select("settings-theme", "light")
    assert ui.page.theme_mode == ft.ThemeMode.LIGHT
    assert store.settings.get("theme") == "light"


async def test_saved_theme_applies_at_start_and_in_other_tabs(open_ui, store):
    store.settings.set("theme", "dark")
    first = await open_ui()
    assert first.page.theme_mode == ft.ThemeMode.DARK
    second = await open_ui(route="/settings")
    await second.select("settings-theme", "system")
    assert first.page.theme_mode == ft.ThemeMode.SYSTEM


async def test_settings_shows_where_data_is_kept(open_ui, store):
    ui = await open_ui(route="/settings")
    shown = ui.get("settings-data-dir").value
    if store.data_dir is None:
        assert "Memory only" in shown
    else:
        assert shown == str(store.data_dir)


async def test_a_store_in_memory_offers_no_earlier_versions(open_ui, store):
    assert store.data_dir is None  # nothing is written, so no copy is kept either
    ui = await open_ui(route="/settings")
    assert ui.find("settings-copies-title") is None and ui.find("settings-copies-none") is None
    ui.get("settings-backup-title")


async def test_history_empty_state(open_ui):
    ui = await open_ui(route="/history")
    ui.get("history-empty")
    assert "No finished games yet" in ui.text()


def _finished(store, day: int, title: str, players):
    return store.history.add({"game": "ridgeline", "finished": f"2026-03-{day:02d}T18:00:00+00:00",
                              "title": title, "players": players, "detail": {}, "session": None})


async def test_history_shows_date_game_title_players_scores_and_winner(open_ui, store):
    ann = store.players.add("Ann")
    older = _finished(store, 1, "First camp", [{"id": ann.id, "name": "Ann", "score": 12, "winner": False},
                                               {"id": None, "name": "Gerry", "score": 20, "winner": True}])
    newer = _finished(store, 2, "Second camp", [{"id": ann.id, "name": "Ann", "score": 44, "winner": True}])
    ui = await open_ui(route="/history")
    assert ui.find("history-empty") is None
    cards = [c for c in walk(ui.top) if str(c.key or "").startswith("history-") and str(c.key).count("-") == 1]
    assert [c.key for c in cards] == [f"history-{newer}", f"history-{older}"]  # newest first
    first = [t.value for t in walk(ui.get(f"history-{newer}")) if isinstance(t, ft.Text)]
    assert "Ridgeline" in first and "Second camp" in first and "Ann" in first and "44" in first
    assert any("2 Mar 2026" in t or "3 Mar 2026" in t for t in first)  # local date of the finish
    ui.get(f"history-{older}-winner-1")  # Gerry won the first one
    assert ui.find(f"history-{older}-winner-0") is None


async def test_a_player_alone_gets_no_trophy_as_statistics_count_no_win(open_ui, store):
    ann = store.players.add("Ann")
    alone = store.history.add({"game": "trek12", "finished": "2026-03-03T18:00:00+00:00", "title": "Dunai",
                               "players": [{"id": ann.id, "name": "Ann", "score": 71, "winner": True}],
                               "detail": {"solo": None}, "session": None})
    ui = await open_ui(route="/history")
    ui.get(f"history-{alone}-player-0")
    assert ui.find(f"history-{alone}-winner-0") is None
    await ui.click(f"history-{alone}")
    ui.get(f"history-{alone}-player-0")   # the record's own card
    assert ui.find(f"history-{alone}-winner-0") is None
    assert "winner" not in ui.text().casefold()


async def test_long_history_shows_a_page_at_a_time(open_ui, store):
    for day in range(PAGE_SIZE + 5):
        _finished(store, 1 + day % 28, f"Game {day}", [{"id": None, "name": "Ann", "score": day, "winner": True}])
    ui = await open_ui(route="/history")
    shown = [c for c in walk(ui.top) if str(c.key or "").startswith("history-") and str(c.key).count("-") == 1
             and c.key != "history-more"]
    assert len(shown) == PAGE_SIZE
    await ui.click("history-more")
    shown = [c for c in walk(ui.top) if str(c.key or "").startswith("history-") and str(c.key).count("-") == 1
             and c.key != "history-more"]
    assert len(shown) == PAGE_SIZE + 5
    assert ui.find("history-more") is None
