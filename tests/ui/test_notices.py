"""Start-up notices from the store on home: a damaged file set aside, the copy that notice offers restored."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.store import open_store
from companion.store.folder import BackupKind

SESSION = "5" * 32


def session(actions: int) -> dict:
    return {"id": SESSION, "game": "ridgeline", "title": "Camp night", "setup": {}, "players": [],
            "actions": [{"n": n} for n in range(actions)], "redo": [], "created": "2026-03-01T17:00:00Z",
            "updated": f"2026-03-01T18:00:{actions:02d}Z"}


def finished(day: int) -> dict:
    return {"game": "ridgeline", "finished": f"2026-03-{day:02d}T18:00:00Z", "title": f"Game {day}", "detail": {},
            "session": None, "players": [{"id": None, "name": "Guest", "score": day, "winner": True}]}


def damaged_main_file(folder: Path) -> None:
    """The main file damaged after two good saves: its kept copy has Ann only."""
    with open_store(folder) as first:
        first.players.add("Ann")
        first.players.add("Bob")  # the save before this one is kept as companion.json.bak
    (folder / "companion.json").write_text('{"players": {"1": ', encoding="utf-8")


def two_damaged_files_and_newer_copies(folder: Path) -> None:
    """companion.json and sessions.json damaged, each with its own kept copy, and other files' copies newer.

    Newest first, the folder's copies are: the two damaged files set aside, then the history month's
    .bak, and only then the two copies the notices offer. Restoring "the newest copy", or the first one
    offered, for every notice would bring back the wrong file.
    """
    with open_store(folder) as first:
        first.players.add("Ann")
        first.players.add("Bob")
        first.sessions.save(session(2))
        first.sessions.save(session(5))  # sessions.json.bak: the game two actions in
        first.history.add(finished(1))
        first.history.add(finished(2))
        first.history.add(finished(3))  # history/2026-03.json.bak: two games, newer than both kept copies
    (folder / "companion.json").write_text('{"players": {"1": ', encoding="utf-8")
    (folder / "sessions.json").write_bytes(b"\x00\x00")


def month_damaged_in_place(folder: Path) -> None:
    """A history month whose bytes changed without its size or time changing: found only when first read."""
    with open_store(folder) as first:
        first.players.add("Ann")
        first.history.add(finished(1))
        first.history.add(finished(2))  # history/2026-03.json.bak: one game
    march = folder / "history" / "2026-03.json"
    stat = march.stat()
    with open(march, "r+b") as handle:
        handle.write(b"[")
    os.utime(march, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def games_deleted_after_an_export(folder: Path) -> None:
    """sessions.json deleted beside its .bak, and found so by `companion export` before the app started."""
    with open_store(folder) as first:
        first.sessions.save(session(2))
        first.sessions.save(session(5))  # sessions.json.bak: the game two actions in
    (folder / "sessions.json").unlink()
    with open_store(folder) as exporting:
        exporting.export_all()


FOLDERS = {"main": damaged_main_file, "two": two_damaged_files_and_newer_copies, "month": month_damaged_in_place,
           "deleted": games_deleted_after_an_export}


@pytest.fixture
def store(request, tmp_path):
    """A data folder left damaged (see FOLDERS; the main file unless a test asks for another), opened."""
    FOLDERS[getattr(request, "param", "main")](tmp_path)
    opened = open_store(tmp_path)
    yield opened
    opened.close()


async def test_damaged_file_notice_offers_the_kept_copy(open_ui, store):
    assert store.notices and store.offered_backups()
    ui = await open_ui()
    banner = ui.get("home-notice-0")
    assert "companion.json could not be read" in ui.text()
    assert banner is not None and store.players.list() == []

    await ui.click("home-notice-0-restore")
    assert "Restore the kept copy?" in ui.text()
    await ui.click("home-notice-0-restore-cancel")
    assert store.players.list() == []

    await ui.click("home-notice-0-restore")
    await ui.click("home-notice-0-restore-confirm")
    assert ui.find("home-notice-0") is None
    assert [p.name for p in store.players.list()] == ["Ann"]  # the copy saved before the last save
    await ui.click("home-players")
    assert "Ann" in ui.texts()


@pytest.mark.parametrize("store", ["two"], indirect=True)
async def test_each_notice_restores_the_copy_it_offers_not_the_newest_one(open_ui, store):
    newest = store.backups()
    assert [b.kind for b in newest[:2]] == [BackupKind.QUARANTINED] * 2
    assert newest[2].file == "history/2026-03.json"  # a good copy, newer than either offered one
    main_copy, sessions_copy = store.offered_backups()
    assert (main_copy.file, sessions_copy.file) == ("companion.json", "sessions.json")
    ui = await open_ui()
    notices = ui.text()
    assert "companion.json could not be read" in notices and "sessions.json could not be read" in notices

    # The second notice first: its copy is the games in progress as they were two actions in.
    await ui.click("home-notice-1-restore")
    assert "sessions.json is replaced by the copy saved" in ui.text()
    await ui.click("home-notice-1-restore-confirm")
    assert len(store.sessions.get(SESSION)["actions"]) == 2
    assert store.players.list() == []  # the roster's notice was not touched
    assert store.history.count() == 3  # nor the newer history copy
    assert "sessions.json could not be read" not in ui.text()

    await ui.click("home-notice-0-restore")
    assert "companion.json is replaced by the copy saved" in ui.text()
    await ui.click("home-notice-0-restore-confirm")
    assert [p.name for p in store.players.list()] == ["Ann"]
    assert len(store.sessions.get(SESSION)["actions"]) == 2 and store.history.count() == 3
    assert ui.find("home-notice-0") is None and ui.find("home-notice-1") is None


@pytest.mark.parametrize("store", ["month"], indirect=True)
async def test_a_month_found_damaged_after_start_is_offered_on_home(open_ui, store):
    assert store.notices == []
    ui = await open_ui()
    assert ui.find("home-notice-0") is None
    await ui.go("/history")  # reading the month finds the damage
    await ui.go("/")
    notice = ui.text()
    assert "history/2026-03.json could not be read" in notice
    assert "carries on without the games finished in March 2026" in notice
    await ui.click("home-notice-0-restore")
    assert "history/2026-03.json is replaced by the copy saved" in ui.text()
    await ui.click("home-notice-0-restore-confirm")
    assert [r["title"] for r in store.history.list()] == ["Game 1"]
    assert ui.find("home-notice-0") is None


async def test_a_notice_can_be_dismissed_for_every_tab(open_ui, store):
    first = await open_ui()
    second = await open_ui()
    second.get("home-notice-0")
    await first.click("home-notice-0-dismiss")
    assert first.find("home-notice-0") is None
    assert second.find("home-notice-0") is None
    third = await open_ui()
    assert third.find("home-notice-0") is None


@pytest.mark.parametrize("store", ["deleted"], indirect=True)
async def test_damage_found_by_an_earlier_command_is_offered_until_the_player_decides(open_ui, store, tmp_path):
    ui = await open_ui()
    assert "sessions.json is missing from the data folder" in ui.text()
    assert ui.find("home-notice-0-restore") is not None
    assert ui.get("home-notice-0-dismiss").content == "Don't restore"
    await ui.click("home-notice-0-dismiss")
    assert ui.find("home-notice-0") is None
    assert store.sessions.list() == []
    store.close()
    with open_store(tmp_path) as next_start:
        assert next_start.notices == []  # decided: not asked again
        kept = [b for b in next_start.backups() if b.kind is BackupKind.KEPT]
        assert [b.file for b in kept] == ["sessions.json"]  # and the copy is still there


@pytest.mark.parametrize("store", ["deleted"], indirect=True)
async def test_a_notice_not_decided_on_comes_back_at_the_next_start(open_ui, store, tmp_path):
    ui = await open_ui()
    notice = ui.text()
    assert "sessions.json is missing" in notice
    store.close()
    with open_store(tmp_path) as next_start:
        assert len(next_start.notices) == 1 and next_start.notices[0] in notice
        next_start.restore_backup(next_start.offered_backups()[0].path)
        assert len(next_start.sessions.get(SESSION)["actions"]) == 2
