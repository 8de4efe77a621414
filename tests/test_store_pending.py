"""A damaged file's notice, and its kept copy, last until the player decides: whoever opened the folder first.

Damaged means unreadable, or missing while its .bak is still there (a deletion, not a new folder).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion import cli
from companion.errors import StoreError
from companion.store import open_store
from companion.store.folder import BackupKind
from companion.store.layout import PENDING_NOTICES_FILE

SESSION = "1" * 32


def session(actions, session_id=SESSION):
    return {"id": session_id, "game": "trek12", "title": "Dunai", "setup": {}, "players": [],
            "actions": [{"n": n} for n in range(actions)], "redo": [],
            "created": "2026-03-01T17:00:00Z", "updated": f"2026-03-01T18:00:{actions:02d}Z"}


def finished(day):
    return {"game": "trek12", "title": f"Game {day}", "detail": {}, "session": None,
            "finished": f"2026-03-{day:02d}T18:00:00Z", "players": [{"name": "Max", "score": day, "winner": True}]}


def two_saves_of_sessions(folder: Path) -> None:
    """sessions.json with the game five actions in, its .bak with the game two actions in."""
    with open_store(folder) as first:
        first.players.add("Ann")
        first.sessions.save(session(2))
        first.sessions.save(session(5))


def damaged(folder: Path) -> None:
    two_saves_of_sessions(folder)
    (folder / "sessions.json").write_bytes(b'{"sessions": {"1": ')


def deleted(folder: Path) -> None:
    two_saves_of_sessions(folder)
    (folder / "sessions.json").unlink()


def run_cli(args, capsys) -> tuple[int, str, str]:
    status = cli.main(args)
    out, err = capsys.readouterr()
    return status, out, err


# -- the notice lasts until the player decides -------------------------------------------------------------


@pytest.mark.parametrize("damage", [damaged, deleted])
def test_a_damaged_files_notice_is_given_at_every_start_until_the_player_decides(tmp_data_dir, damage):
    damage(tmp_data_dir)
    with open_store(tmp_data_dir) as first:
        [notice] = first.notices
        [copy] = first.offered_backups()
        assert copy.kind is BackupKind.KEPT and copy.path.name in notice
        first.sessions.save(session(1, "2" * 32))  # the app carries on; the notice is not settled by it
        first.sessions.save(session(2, "2" * 32))  # and sessions.json.bak is replaced: the kept copy is not
    for _ in range(2):
        with open_store(tmp_data_dir) as again:
            assert again.notices == [notice]
            assert again.offered_backups() == [copy]
    with open_store(tmp_data_dir) as deciding:
        deciding.restore_backup(copy.path)
        assert deciding.notices == []
        assert len(deciding.sessions.get(SESSION)["actions"]) == 2
    with open_store(tmp_data_dir) as after:
        assert after.notices == [] and after.offered_backups() == []
        assert len(after.sessions.get(SESSION)["actions"]) == 2
    assert not (tmp_data_dir / PENDING_NOTICES_FILE).exists()


@pytest.mark.parametrize("damage", [damaged, deleted])
def test_choosing_not_to_restore_settles_the_notice_and_keeps_the_copy(tmp_data_dir, damage):
    damage(tmp_data_dir)
    with open_store(tmp_data_dir) as first:
        [notice] = first.notices
        [copy] = first.offered_backups()
    with open_store(tmp_data_dir) as deciding:
        deciding.dismiss_notice(notice)
        assert deciding.notices == []
    # sessions.json starts afresh now, so its absence is not taken for a new deletion at the next start
    assert json.loads((tmp_data_dir / "sessions.json").read_text()) == {}
    with open_store(tmp_data_dir) as after:
        assert after.notices == [] and after.sessions.list() == []
        assert copy.path.exists() and copy in after.backups()  # still there, should they change their mind
        after.restore_backup(copy.path)
        assert len(after.sessions.get(SESSION)["actions"]) == 2


def test_other_notices_are_given_once(tmp_data_dir, monkeypatch):
    from companion.store import atomic

    with open_store(tmp_data_dir) as first:
        first.players.add("Ann")
        real = atomic._replace

        def die_on_second_rename(src, dst):
            if str(src).endswith(".pending") and "sessions" in str(src):
                raise KeyboardInterrupt  # stands for the process dying here
            real(src, dst)

        monkeypatch.setattr(atomic, "_replace", die_on_second_rename)
        first.sessions.save(session(1))
        doc = first.export_all()
        # A game that replays: an import refuses one that does not.
        doc["sessions"] = [{**session(0, "3" * 32), "setup": {"sheet": "dunai"},
                            "actions": [{"dice": [3, 2], "op": "sum", "circle": 8}]}]
        doc["history"] = [{**finished(1), "id": "4" * 32}]
        with pytest.raises(KeyboardInterrupt):
            first.import_all(doc)
        monkeypatch.undo()
    with open_store(tmp_data_dir) as store:
        assert store.notices == ["An import was interrupted last time; it has now been completed."]
    with open_store(tmp_data_dir) as store:
        assert store.notices == []


def test_a_notice_from_a_month_found_damaged_after_start_is_kept_too(tmp_data_dir):
    with open_store(tmp_data_dir) as first:
        first.history.add(finished(1))
        first.history.add(finished(2))  # history/2026-03.json.bak: one game
    march = tmp_data_dir / "history" / "2026-03.json"
    before = march.stat()
    march.write_bytes(b"[" + march.read_bytes()[1:])  # same size and (below) time: the index trusts it
    os.utime(march, ns=(before.st_atime_ns, before.st_mtime_ns))
    with open_store(tmp_data_dir) as store:
        assert store.notices == []
        store.history.list()
        [notice] = store.notices
        assert "history/2026-03.json could not be read" in notice and "carries on without" in notice
    with open_store(tmp_data_dir) as store:
        assert store.notices == [notice]
        store.restore_backup(store.offered_backups()[0].path)
        assert [r["title"] for r in store.history.list()] == ["Game 1"]
    with open_store(tmp_data_dir) as store:
        assert store.notices == []


def test_an_unreadable_list_of_notices_says_so_until_read(tmp_data_dir):
    with open_store(tmp_data_dir):
        pass
    (tmp_data_dir / PENDING_NOTICES_FILE).write_text("{")
    with open_store(tmp_data_dir) as store:
        [notice] = store.notices
        assert notice.startswith(f"{PENDING_NOTICES_FILE} could not be read (it is not valid JSON")
    with open_store(tmp_data_dir) as store:
        assert store.notices == [notice]
        store.dismiss_notice(notice)
    assert not (tmp_data_dir / PENDING_NOTICES_FILE).exists()
    with open_store(tmp_data_dir) as store:
        assert store.notices == []


def test_a_notice_that_cannot_be_settled_says_why_and_stays(file_store, monkeypatch):
    from companion.store import atomic

    file_store.sessions.save(session(2))
    file_store.sessions.save(session(5))
    folder = file_store.data_dir
    file_store.close()
    (folder / "sessions.json").unlink()
    store = open_store(folder)
    try:
        [notice] = store.notices

        def disk_full(path, data):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(atomic, "_write_synced", disk_full)
        with pytest.raises(StoreError, match="No space left on device"):
            store.dismiss_notice(notice)
        monkeypatch.undo()
        assert store.notices == [notice]
    finally:
        store.close()
    with open_store(folder) as again:
        assert again.notices == [notice]


# -- a missing file beside its .bak is damage, not a fresh start --------------------------------------------


def test_a_deleted_sessions_file_is_reported_and_its_bak_kept_from_the_next_saves(tmp_data_dir):
    deleted(tmp_data_dir)
    bak = (tmp_data_dir / "sessions.json.bak").read_bytes()
    with open_store(tmp_data_dir) as store:
        [notice] = store.notices
        assert notice.startswith("sessions.json is missing from the data folder, though its previous version "
                                 "sessions.json.bak is there. The companion started without the list of games "
                                 "in progress. The copy saved ")
        assert notice.endswith("restore it to get that data back.")
        assert store.sessions.list() == []
        [copy] = store.offered_backups()
        assert copy.path.read_bytes() == bak
        # the first save leaves the .bak alone (there was no live file to rotate), the next ones replace it
        for n in range(3):
            store.sessions.save(session(n + 1, "2" * 32))
        assert (tmp_data_dir / "sessions.json.bak").read_bytes() != bak
        assert copy.path.read_bytes() == bak
        store.restore_backup(copy.path)
        assert len(store.sessions.get(SESSION)["actions"]) == 2


def test_a_deleted_main_file_is_reported_and_its_players_can_come_back(tmp_data_dir):
    with open_store(tmp_data_dir) as first:
        first.players.add("Ann")
        first.players.add("Bob")
    (tmp_data_dir / "companion.json").unlink()
    with open_store(tmp_data_dir) as store:
        [notice] = store.notices
        assert notice.startswith("companion.json is missing") and "without the record of players and settings" in notice
        assert store.players.list() == []
        store.restore_backup(store.offered_backups()[0].path)
        assert [p.name for p in store.players.list()] == ["Ann"]


def test_a_deleted_table_file_is_reported(tmp_data_dir):
    with open_store(tmp_data_dir) as first:
        first.table("expeditions").insert({"id": "e1", "name": "K2"})
        first.table("expeditions").insert({"id": "e2", "name": "Nanga Parbat"})
    (tmp_data_dir / "expeditions.json").unlink()
    with open_store(tmp_data_dir) as store:
        [notice] = store.notices
        assert notice.startswith("expeditions.json is missing") and "without the expeditions records" in notice
        store.restore_backup(store.offered_backups()[0].path)
        assert [d["name"] for d in store.table("expeditions").all()] == ["K2"]


def test_a_deleted_month_of_history_is_reported(tmp_data_dir):
    with open_store(tmp_data_dir) as first:
        for day in (1, 2):
            first.history.add(finished(day))
    (tmp_data_dir / "history" / "2026-03.json").unlink()
    with open_store(tmp_data_dir) as store:
        [notice] = store.notices
        assert notice.startswith("history/2026-03.json is missing from the data folder, though its previous "
                                 "version history/2026-03.json.bak is there")
        assert "without the games finished in March 2026" in notice
        assert store.history.count() == 0
        store.restore_backup(store.offered_backups()[0].path)
        assert [r["title"] for r in store.history.list()] == ["Game 1"]
    with open_store(tmp_data_dir) as store:
        assert store.notices == [] and store.history.count() == 1


def test_a_missing_file_with_an_unreadable_bak_is_reported_without_a_copy(tmp_data_dir):
    deleted(tmp_data_dir)
    (tmp_data_dir / "sessions.json.bak").write_text("{")
    with open_store(tmp_data_dir) as store:
        [notice] = store.notices
        assert notice.endswith("That copy cannot be read either, so there is nothing to restore; it stays in the "
                               "folder.")
        assert store.offered_backups() == []
        store.dismiss_notice(notice)
    with open_store(tmp_data_dir) as store:
        assert store.notices == []


def test_a_new_folder_and_a_folder_without_copies_start_quietly(tmp_data_dir):
    with open_store(tmp_data_dir) as store:
        assert store.notices == []
        store.sessions.save(session(1))  # sessions.json with no .bak yet
    (tmp_data_dir / "sessions.json").unlink()
    with open_store(tmp_data_dir) as store:
        assert store.notices == []  # nothing was kept, so nothing can be offered or lost


# -- every way in reports it the same way ------------------------------------------------------------------


@pytest.mark.parametrize("damage", [damaged, deleted])
def test_export_and_import_report_the_damage_every_time_and_leave_it_for_the_app(tmp_data_dir, tmp_path, capsys,
                                                                               damage):
    damage(tmp_data_dir)
    backup = tmp_path / "backup.json"
    status, out, err = run_cli(["export", str(backup), "--data-dir", str(tmp_data_dir)], capsys)
    assert status == 0 and out.startswith("Backup written to")
    [line] = err.splitlines()
    assert line.startswith("companion: sessions.json ") and "sessions.backup-" in line
    status, out, again = run_cli(["import", str(backup), "--data-dir", str(tmp_data_dir)], capsys)
    assert status == 0 and out.startswith(f"Imported {backup}")
    assert again == err  # the same notice, word for word, while the player has not decided
    with open_store(tmp_data_dir) as app:  # the app started afterwards offers the copy
        assert [f"companion: {n}" for n in app.notices] == [line]
        [copy] = app.offered_backups()
        assert copy.path.name in line
        app.restore_backup(copy.path)
    status, out, err = run_cli(["export", str(backup), "--data-dir", str(tmp_data_dir)], capsys)
    assert status == 0 and err == ""
