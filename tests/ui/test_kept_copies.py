"""Settings' earlier versions: the copies the data folder keeps, listed newest first, each good one restorable."""

from __future__ import annotations

import flet as ft
import pytest
from harness import spoken, walk
import test_pseudo_language
from test_pseudo_language import problems

from companion.store import open_store

SESSION = "6" * 32
pseudo = test_pseudo_language.pseudo  # the fixture running a test in each language


def _game(actions: int) -> dict:
    return {"id": SESSION, "game": "ridgeline", "title": "Camp night", "setup": {}, "players": [],
            "actions": [{"n": n} for n in range(actions)], "redo": [], "created": "2026-03-01T17:00:00Z",
            "updated": f"2026-03-01T18:00:{actions:02d}Z"}


def _two_saves(folder) -> None:
    """The roster saved twice (its .bak holds Ann alone) and a game saved twice (its .bak: two actions)."""
    with open_store(folder) as first:
        first.players.add("Ann")
        first.players.add("Bob")
        first.sessions.save(_game(2))
        first.sessions.save(_game(5))


def _roster_damaged(folder) -> None:
    """The roster saved twice, then damaged: the next start sets it aside and keeps its .bak as a copy."""
    with open_store(folder) as first:
        first.players.add("Ann")
        first.players.add("Bob")
    (folder / "companion.json").write_text('{"players": {"1": ', encoding="utf-8")


@pytest.fixture
def store(request, tmp_path):
    """A data folder prepared by `_two_saves` (or the test's parameter), opened."""
    getattr(request, "param", _two_saves)(tmp_path)
    opened = open_store(tmp_path)
    yield opened
    opened.close()


def _rows(ui) -> dict[str, str]:
    """Each listed copy's key and its words."""
    return {str(row.key): " ".join(t.value for t in walk(row) if isinstance(t, ft.Text))
            for row in walk(ui.top) if str(row.key or "").startswith("settings-copy-")
            and str(row.key).count("-") == 2}


def _row_of(ui, what: str) -> str:
    [key] = [key for key, words in _rows(ui).items() if what in words]
    return key


async def test_settings_lists_the_kept_copies_newest_first(open_ui, store):
    ui = await open_ui(route="/settings")
    rows = _rows(ui)
    assert len(rows) == len(store.backups()) == 2
    assert "The list of games in progress" in rows["settings-copy-0"]  # saved last
    assert "The record of players and settings" in rows["settings-copy-1"]
    assert all("Previous version, saved" in words for words in rows.values())
    assert ui.find("settings-copies-none") is None
    # Each row's Restore says what it restores: tabbed to, the buttons were all "Restore…".
    said = {n.identifier: n.label for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier}
    assert said["settings-copy-0-restore"] == "Restore the list of games in progress…"
    assert said["settings-copy-1-restore"] == "Restore the record of players and settings…"
    [node] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "settings-copy-0-restore"]
    assert spoken(node) == [node.label]                 # "Restore…" drawn on it is not said after it


async def test_restoring_a_copy_asks_first_and_can_be_undone_from_the_list(open_ui, store):
    ui = await open_ui(route="/settings")
    roster = _row_of(ui, "record of players")
    await ui.click(f"{roster}-restore")
    assert "Restore this copy?" in ui.text()
    assert "This replaces the record of players and settings with the copy saved" in ui.get(
        "settings-copy-restore-text").value
    # A dialog's width on a desktop too, not buttons stretched across the window.
    assert ui.get("settings-copy-restore-box").width <= 420
    await ui.click("settings-copy-restore-cancel")
    assert [p.name for p in store.players.list()] == ["Ann", "Bob"]

    await ui.click(f"{roster}-restore")
    await ui.click("settings-copy-restore-confirm")
    assert [p.name for p in store.players.list()] == ["Ann"]  # the version before Bob was added
    assert ui.get("settings-copies-result").value.startswith("Restored: the record of players and settings, as it "
                                                             "was saved")
    assert len(store.sessions.get(SESSION)["actions"]) == 5  # only that file changed

    await ui.go("/players")
    assert "Bob" not in ui.texts()
    await ui.go("/settings")
    await ui.click(f"{_row_of(ui, 'record of players')}-restore")  # the replaced version, Bob included
    await ui.click("settings-copy-restore-confirm")
    assert [p.name for p in store.players.list()] == ["Ann", "Bob"]


async def test_a_copy_saved_again_after_the_list_was_shown_is_not_restored(open_ui, store):
    ui = await open_ui(route="/settings")
    games = _row_of(ui, "games in progress")
    await ui.click(f"{games}-restore")
    store.sessions.save(_game(7))  # another tab saves: the .bak now holds the game five actions in
    await ui.click("settings-copy-restore-confirm")
    result = ui.get("settings-copies-result").value
    assert result.startswith("Nothing was restored:") and "saved again since the copies were listed" in result
    assert len(store.sessions.get(SESSION)["actions"]) == 7
    await ui.click(f"{_row_of(ui, 'games in progress')}-restore")  # the list shows the copy as it is now
    await ui.click("settings-copy-restore-confirm")
    assert len(store.sessions.get(SESSION)["actions"]) == 5


@pytest.mark.parametrize("store", [_roster_damaged], indirect=True)
async def test_an_unreadable_file_set_aside_is_listed_without_restore(open_ui, store):
    ui = await open_ui(route="/settings")
    rows = _rows(ui)
    [aside] = [key for key, words in rows.items() if "Unreadable, set aside" in words]
    assert ui.find(f"{aside}-restore") is None
    [kept] = [key for key, words in rows.items() if "Copy kept" in words]
    await ui.click(f"{kept}-restore")
    await ui.click("settings-copy-restore-confirm")
    assert [p.name for p in store.players.list()] == ["Ann"]
    await ui.go("/")
    assert ui.find("home-notice-0") is None  # restoring the copy was the decision the notice waited for



@pytest.mark.parametrize("store", [lambda folder: None], indirect=True)
async def test_a_new_data_folder_says_no_copies_are_kept_yet(open_ui, store):
    ui = await open_ui(route="/settings")
    assert "No copies yet" in ui.get("settings-copies-none").value
    assert _rows(ui) == {}
    await ui.go("/players")
    store.players.add("Ann")
    store.players.add("Bob")
    await ui.go("/settings")
    assert ui.find("settings-copies-none") is None and len(_rows(ui)) == 1


@pytest.mark.parametrize("store", [_roster_damaged], indirect=True)
async def test_the_list_and_its_dialog_are_translated_and_fit_a_phone(open_ui, store, pseudo):
    ui = await open_ui(route="/settings")
    rows = _rows(ui)
    assert len(rows) >= 2  # the damaged file set aside and its kept copy, at least
    found = problems(ui, set(), "/settings copies")
    kept = next(key for key in rows if ui.find(f"{key}-restore") is not None)
    await ui.click(f"{kept}-restore")
    found += problems(ui, set(), "/settings restore dialog")
    await ui.click("settings-copy-restore-confirm")
    found += problems(ui, set(), "/settings restored")
    assert not found, "\n".join(found)


async def test_a_copys_restore_button_is_named_in_the_players_language(open_ui, store):
    store.settings.set("language", "de")
    ui = await open_ui(route="/settings")
    said = {n.identifier: n.label for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier}
    assert said["settings-copy-0-restore"] == "Die Liste der laufenden Partien wiederherstellen…"


async def test_a_copy_s_words_after_a_colon_are_not_capitalised(open_ui, store):
    # French puts the file's words inside the sentence: "Remplacé : Le registre…" had a capital there.
    store.settings.set("language", "fr")
    ui = await open_ui(route="/settings")
    await ui.click(f"{_row_of(ui, 'registre des joueurs')}-restore")
    text = ui.get("settings-copy-restore-text").value
    assert text.startswith("Cela remplace le registre des joueurs et des réglages par la copie"), text
    await ui.click("settings-copy-restore-confirm")
    result = ui.get("settings-copies-result").value
    assert ": le registre des joueurs et des réglages" in result, result
