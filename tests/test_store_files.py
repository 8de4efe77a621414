"""What the files on disk survive: crashes mid-write, corrupt files, older layouts, a second process."""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path

import pytest

from companion.errors import StoreError
from companion.store import SCHEMA_VERSION, StoreCorrupt, StoreLocked, atomic, open_store
from companion.store.migrations import MIGRATIONS
from companion.store.folder import BackupKind

SESSION = "1" * 32


def session(actions, session_id=SESSION):
    return {"id": session_id, "game": "trek12", "title": "Dunai", "setup": {}, "players": [],
            "actions": [{"n": n} for n in range(actions)], "redo": [],
            "created": "2026-03-01T17:00:00Z", "updated": f"2026-03-01T18:00:{actions:02d}Z"}


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".tmp-" in p.name or p.name.endswith(".pending"))


class Crash(BaseException):
    """Stands for the process dying at this point (nothing after it runs)."""


# -- atomic writes ------------------------------------------------------------------------------------------


def test_write_keeps_the_previous_version_as_bak(tmp_path):
    target = tmp_path / "doc.json"
    atomic.write_json_atomic(target, {"v": 1}, keep_backup=True)
    atomic.write_json_atomic(target, {"v": 2}, keep_backup=True)
    assert json.loads(target.read_text()) == {"v": 2}
    assert json.loads((tmp_path / "doc.json.bak").read_text()) == {"v": 1}
    assert leftovers(tmp_path) == []


def test_interrupted_between_temp_file_and_replace_leaves_the_old_file(file_store, monkeypatch):
    file_store.sessions.save(session(3))
    folder = file_store.data_dir
    good = (folder / "sessions.json").read_bytes()

    def die_before_rename(src, dst):
        if ".tmp-" in str(src) and str(dst).endswith("sessions.json"):
            assert Path(src).stat().st_size > 0  # the new content was fully written first
            raise Crash
        os.replace(src, dst)

    monkeypatch.setattr(atomic, "_replace", die_before_rename)
    with pytest.raises(Crash):
        file_store.sessions.save(session(4))
    assert (folder / "sessions.json").read_bytes() == good
    # the store did not pretend the save happened
    assert len(file_store.sessions.get(SESSION)["actions"]) == 3
    monkeypatch.undo()
    file_store.close()
    with open_store(folder) as reopened:
        assert reopened.notices == []
        assert len(reopened.sessions.get(SESSION)["actions"]) == 3
    assert leftovers(folder) == []


def test_a_process_killed_between_temp_file_and_replace_leaves_the_old_file(tmp_data_dir, run_python):
    with open_store(tmp_data_dir) as first:
        first.sessions.save(session(3))
    result = run_python(f"""
        import os
        from companion.store import atomic, open_store
        store = open_store({str(tmp_data_dir)!r})
        real = atomic._replace
        def die(src, dst):
            if ".tmp-" in str(src) and str(dst).endswith("sessions.json"):
                os._exit(17)
            real(src, dst)
        atomic._replace = die
        record = store.sessions.get({SESSION!r})
        record["actions"].append({{"n": 3}})
        store.sessions.save(record)
        print("the save returned")
    """)
    assert result.returncode == 17, result.stderr
    assert "returned" not in result.stdout
    assert any(".tmp-" in p.name for p in tmp_data_dir.iterdir())  # the half-done write is still there
    with open_store(tmp_data_dir) as reopened:
        assert reopened.notices == []
        assert len(reopened.sessions.get(SESSION)["actions"]) == 3
    assert leftovers(tmp_data_dir) == []


def test_a_failed_write_says_so_and_the_store_still_matches_the_disk(file_store, monkeypatch):
    file_store.players.add("Ann")

    def disk_full(path, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic, "_write_synced", disk_full)
    with pytest.raises(StoreError, match="No space left on device; the previously saved version is intact"):
        file_store.players.add("Bob")
    monkeypatch.undo()
    assert [p.name for p in file_store.players.list()] == ["Ann"]
    file_store.players.add("Bob")
    assert [p.name for p in file_store.players.list()] == ["Ann", "Bob"]


def test_a_multi_file_commit_interrupted_after_its_commit_point_is_finished_on_open(tmp_path, monkeypatch):
    for name in ("a.json", "b.json", "c.json"):
        atomic.write_json_atomic(tmp_path / name, {"v": 1})
    renamed = []

    def die_on_second(src, dst):
        if str(src).endswith(".pending"):
            if renamed:
                raise Crash
            renamed.append(dst)
        os.replace(src, dst)

    monkeypatch.setattr(atomic, "_replace", die_on_second)
    with pytest.raises(Crash):
        atomic.commit_files(tmp_path, {"a.json": b'{"v": 2}', "b.json": b'{"v": 2}', "c.json": None})
    monkeypatch.undo()
    assert json.loads((tmp_path / "a.json").read_text()) == {"v": 2}
    assert json.loads((tmp_path / "b.json").read_text()) == {"v": 1}  # a mix, until the folder is opened
    assert (tmp_path / "c.json").exists()
    assert atomic.recover_commit(tmp_path) is True
    assert json.loads((tmp_path / "b.json").read_text()) == {"v": 2}
    assert not (tmp_path / "c.json").exists() and (tmp_path / "c.json.bak").exists()
    assert not (tmp_path / atomic.JOURNAL_NAME).exists()


def test_a_multi_file_commit_reaches_into_a_subfolder_and_is_finished_after_a_crash(tmp_path, monkeypatch):
    atomic.write_json_atomic(tmp_path / "a.json", {"v": 1})
    renamed = []

    def die_on_second(src, dst):
        if str(src).endswith(".pending"):
            if renamed:
                raise Crash
            renamed.append(dst)
        os.replace(src, dst)

    monkeypatch.setattr(atomic, "_replace", die_on_second)
    with pytest.raises(Crash):
        atomic.commit_files(tmp_path, {"a.json": b'{"v": 2}', "history/2026-11.json": b'{"v": 2}'})
    monkeypatch.undo()
    assert not (tmp_path / "history" / "2026-11.json").exists()  # created the folder, not yet the file
    assert atomic.recover_commit(tmp_path) is True
    assert json.loads((tmp_path / "history" / "2026-11.json").read_text()) == {"v": 2}
    assert json.loads((tmp_path / "a.json").read_text()) == {"v": 2}
    assert leftovers(tmp_path) == [] and leftovers(tmp_path / "history") == []


@pytest.mark.parametrize("name", ["../outside.json", "/etc/passwd", "history/../../x.json", "a\\b.json", ""])
def test_a_journal_naming_files_outside_the_folder_is_not_followed(tmp_path, name):
    (tmp_path / atomic.JOURNAL_NAME).write_text(json.dumps({"files": [name], "remove": []}))
    assert atomic.recover_commit(tmp_path) is False
    assert not (tmp_path / atomic.JOURNAL_NAME).exists()
    with pytest.raises(ValueError, match="not a file name inside the folder"):
        atomic.commit_files(tmp_path, {name: b"{}"})


def test_leftovers_of_a_crash_are_removed_in_subfolders_too(tmp_path):
    (tmp_path / "history").mkdir()
    (tmp_path / "history" / "2026-11.json.tmp-1a2b3c4d").write_text("{")
    (tmp_path / "history" / "2026-11.json.pending").write_text("{")
    (tmp_path / "history" / "2026-11.json").write_text("{}")
    removed = atomic.remove_leftovers(tmp_path, ["history"])
    assert sorted(removed) == ["history/2026-11.json.pending", "history/2026-11.json.tmp-1a2b3c4d"]
    assert sorted(p.name for p in (tmp_path / "history").iterdir()) == ["2026-11.json"]


def test_a_multi_file_commit_interrupted_before_its_commit_point_changes_nothing(tmp_data_dir, monkeypatch):
    with open_store(tmp_data_dir) as first:
        first.players.add("Ann")
    real = atomic.write_bytes_atomic

    def die_writing_journal(path, data, **kw):
        if path.name == atomic.JOURNAL_NAME:
            raise Crash
        real(path, data, **kw)

    store = open_store(tmp_data_dir)
    monkeypatch.setattr(atomic, "write_bytes_atomic", die_writing_journal)
    doc = store.export_all()
    doc["players"] = [{"id": "b" * 32, "name": "Bob", "colour": "#000000", "removed": False,
                       "created": "2026-01-01T00:00:00Z"}]
    doc["history"] = [{"id": "c" * 32, "game": "trek12", "finished": "2026-01-01T00:00:00Z", "title": "",
                       "players": [{"id": "b" * 32, "name": "Bob", "score": 1, "winner": True}], "detail": {},
                       "session": None}]
    with pytest.raises(Crash):
        store.import_all(doc)
    monkeypatch.undo()
    store.close()
    with open_store(tmp_data_dir) as reopened:
        assert [p.name for p in reopened.players.list()] == ["Ann"]
        assert reopened.history.count() == 0
    assert leftovers(tmp_data_dir) == []


# -- unreadable files ---------------------------------------------------------------------------------------


# Each reason in French too: the notice was French around an English reason ("ids.json n'a pas pu être lu (its
# table 't12solo' is not a set of records)").
@pytest.mark.parametrize("content, reason, french", [
    (b'{"sessions": {"1": {"id": "x"', "not valid JSON", "ce n'est pas du JSON valide"),
    (b"", "empty", "le fichier est vide"),
    (b"\xff\xfe\x00", "not UTF-8", "ce n'est pas du texte UTF-8 (octet 0)"),
    (b"[1, 2, 3]", "does not hold tables", "il ne contient pas de tables d'enregistrements"),
    (b'{"sessions": []}', "is not a set of records", "sa table 'sessions' n'est pas un ensemble d'enregistrements"),
])
def test_a_corrupt_file_is_moved_aside_reported_and_its_backup_offered(tmp_data_dir, content, reason, french):
    from companion.i18n import tr, use_language

    with open_store(tmp_data_dir) as first:
        first.sessions.save(session(2))
        first.sessions.save(session(5))  # sessions.json.bak now holds the 2-action version
    (tmp_data_dir / "sessions.json").write_bytes(content)

    store = open_store(tmp_data_dir)
    [notice] = store.notices
    assert "sessions.json could not be read" in notice and reason in notice
    with use_language("fr"):
        assert french in tr(notice)
    assert store.sessions.list() == []
    [aside] = [p for p in tmp_data_dir.iterdir() if ".corrupt-" in p.name]
    assert aside.read_bytes() == content  # never overwritten, kept byte for byte
    assert aside.name in notice
    [offered] = store.offered_backups()
    assert offered.kind is BackupKind.KEPT and offered.path.name in notice
    kinds = {b.kind for b in store.backups()}
    assert kinds == {BackupKind.KEPT, BackupKind.QUARANTINED, BackupKind.PREVIOUS}

    # saving twice rotates sessions.json.bak, but the offered copy is untouched
    store.sessions.save(session(1, "2" * 32))
    store.sessions.save(session(1, "2" * 32))
    store.restore_backup(offered.path)
    assert len(store.sessions.get(SESSION)["actions"]) == 2
    with pytest.raises(StoreCorrupt, match="cannot be read"):
        store.restore_backup(aside)
    store.close()
    with open_store(tmp_data_dir) as reopened:
        assert reopened.notices == []
        assert len(reopened.sessions.get(SESSION)["actions"]) == 2


def test_a_truncated_month_of_history_is_quarantined_and_the_rest_still_loads(tmp_data_dir):
    with open_store(tmp_data_dir) as first:
        first.players.add("Ann")
        for finished in ("2026-02-27T20:00:00Z", "2026-03-01T18:00:00Z"):
            first.history.add({"game": "trek12", "title": "Dunai", "detail": {}, "session": None,
                               "finished": finished, "players": [{"name": "Max", "score": 50, "winner": True}]})
    march = tmp_data_dir / "history" / "2026-03.json"
    march.write_bytes(march.read_bytes()[:40])
    with open_store(tmp_data_dir) as store:
        [notice] = store.notices
        assert notice.startswith("history/2026-03.json could not be read (it is not valid JSON")
        assert "moved aside to history/2026-03.corrupt-" in notice
        assert "started without the games finished in March 2026" in notice
        assert "There is no earlier copy" in notice
        assert [r["finished"][:10] for r in store.history.list()] == ["2026-02-27"]
        assert store.history.count() == 1
        assert [p.name for p in store.players.list()] == ["Ann"]


def test_a_hand_edited_record_the_app_cannot_use_is_moved_aside_too(tmp_data_dir):
    with open_store(tmp_data_dir) as first:
        first.players.add("Ann")
        first.sessions.save(session(2))
    data = json.loads((tmp_data_dir / "sessions.json").read_text())
    data["sessions"]["1"]["players"] = "everyone"
    (tmp_data_dir / "sessions.json").write_text(json.dumps(data))
    with open_store(tmp_data_dir) as store:
        [notice] = store.notices
        assert "sessions.json could not be read (its sessions record 1: field 'players' must be a list" in notice
        assert store.sessions.list() == []
        assert [p.name for p in store.players.list()] == ["Ann"]
        [aside] = [b for b in store.backups() if b.kind is BackupKind.QUARANTINED]
        with pytest.raises(StoreCorrupt, match="field 'players' must be a list"):
            store.restore_backup(aside.path)


def test_a_corrupt_main_file_offers_its_backup(tmp_data_dir):
    with open_store(tmp_data_dir) as first:
        first.players.add("Ann")
        first.players.add("Bob")
    (tmp_data_dir / "companion.json").write_text("{not json")
    with open_store(tmp_data_dir) as store:
        assert "record of players and settings" in store.notices[0]
        assert store.players.list() == []
        store.restore_backup(store.offered_backups()[0].path)
        assert [p.name for p in store.players.list()] == ["Ann"]  # the copy before Bob was added


def test_restoring_the_bak_swaps_it_with_the_live_file(file_store):
    file_store.settings.set("theme", "dark")
    file_store.settings.set("theme", "light")
    [bak] = [b for b in file_store.backups() if b.kind is BackupKind.PREVIOUS]
    assert bak.file == "companion.json" and bak.restorable
    file_store.restore_backup(bak.path.name)
    assert file_store.settings.get("theme") == "dark"
    file_store.restore_backup(bak.path)  # and back again: nothing is lost by restoring
    assert file_store.settings.get("theme") == "light"


def test_a_copy_saved_again_since_it_was_listed_is_not_restored(file_store):
    file_store.players.add("Ann")
    file_store.players.add("Bob")
    [listed] = [b for b in file_store.backups() if b.file == "companion.json"]
    assert listed.holds == "the record of players and settings"
    file_store.players.add("Cy")  # the .bak now holds Ann and Bob, not the Ann the player was shown
    with pytest.raises(StoreError, match="saved again since the copies were listed"):
        file_store.restore_backup(listed.path, listed=listed.modified)
    assert [p.name for p in file_store.players.list()] == ["Ann", "Bob", "Cy"]
    [again] = [b for b in file_store.backups() if b.file == "companion.json"]
    file_store.restore_backup(again.path, listed=again.modified)
    assert [p.name for p in file_store.players.list()] == ["Ann", "Bob"]


def test_an_earlier_roster_keeps_the_players_that_history_names_so_a_backup_still_imports(file_store):
    ann = file_store.players.add("Ann")
    bob = file_store.players.add("Bob")               # the roster's copy now holds Ann alone
    file_store.history.add({"game": "ridgeline", "title": "Sprint", "detail": {}, "finished": "2026-03-01T18:00:00Z",
                            "session": None, "players": [{"id": ann.id, "name": "Ann", "score": 12, "winner": True},
                                                         {"id": bob.id, "name": "Bob", "score": 30, "winner": False}]})
    [copy] = [b for b in file_store.backups() if b.file == "companion.json"]
    file_store.restore_backup(copy.path, listed=copy.modified)
    # Bob was not on that roster; History still names him, so he stays, off the roster, as a removed player.
    assert [p.name for p in file_store.players.list()] == ["Ann"]
    assert file_store.players.get(bob.id).removed and file_store.players.get(bob.id).name == "Bob"
    with open_store(memory=True) as fresh:
        fresh.import_all(file_store.export_all())
        assert [p.name for p in fresh.players.list(include_removed=True)] == ["Ann", "Bob"]
        assert fresh.history.count() == 1
    file_store.players.restore(bob.id)
    assert [p.name for p in file_store.players.list()] == ["Ann", "Bob"]


def test_only_kept_copies_can_be_restored(file_store, tmp_path):
    stranger = tmp_path / "elsewhere.json"
    stranger.write_text("{}")
    with pytest.raises(StoreError, match="not one of the copies kept"):
        file_store.restore_backup(stranger)


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads every file")
def test_a_file_that_cannot_be_read_is_left_alone(tmp_data_dir):
    with open_store(tmp_data_dir) as first:
        first.history.add({"game": "trek12", "title": "", "detail": {}, "finished": "2026-03-01T18:00:00Z",
                           "session": None, "players": [{"name": "Max", "score": 50, "winner": True}]})
    # A month file is not read at start when the index sums it up, but the start still refuses to go on
    # without it rather than miss it later.
    history = tmp_data_dir / "history" / "2026-03.json"
    history.chmod(0)
    try:
        with pytest.raises(StoreError, match="cannot read .*2026-03.json"):
            open_store(tmp_data_dir)
    finally:
        history.chmod(0o600)
    assert not [p for p in tmp_data_dir.rglob("*") if ".corrupt-" in p.name]


# -- layout versions ----------------------------------------------------------------------------------------


def names_become_fields(files):
    """Test step after the real ones: players used to have "nick"; now they have "name"."""
    for player in files["companion.json"].get("players", {}).values():
        player["name"] = player.pop("nick")


def settings_move_to_main(files):
    """Test step after that: settings lived in prefs.json; now companion.json keeps them."""
    prefs = files.pop("prefs.json", {}).get("prefs", {})
    files["companion.json"]["settings"] = {
        doc_id: {"key": doc["key"], "value": doc["value"]} for doc_id, doc in prefs.items()
    }
    # Step order matters: this step relies on step 1 having renamed the field already.
    for player in files["companion.json"]["players"].values():
        assert "nick" not in player


# The real steps first, then two made-up later ones: the made-up folder below is version 1 in every other way.
STEPS = MIGRATIONS + (names_become_fields, settings_move_to_main)


def make_version_1_folder(folder: Path) -> None:
    folder.mkdir()
    player = {"id": "a" * 32, "nick": "Ann", "colour": "#d62828", "removed": False,
              "created": "2025-01-01T00:00:00+00:00"}
    (folder / "companion.json").write_text(json.dumps({"players": {"1": player}}))
    (folder / "prefs.json").write_text(json.dumps({"prefs": {"1": {"key": "theme", "value": "dark"}}}))
    (folder / "history.json").write_text(json.dumps({"history": {}}))


def test_an_older_folder_is_migrated_in_order_and_the_originals_kept(tmp_data_dir):
    make_version_1_folder(tmp_data_dir)
    original = (tmp_data_dir / "companion.json").read_bytes()
    with open_store(tmp_data_dir, migration_steps=STEPS) as store:
        [notice] = store.notices
        assert f"upgraded from version 1 to {len(STEPS) + 1}" in notice
        assert [p.name for p in store.players.list()] == ["Ann"]
        assert store.settings.get("theme") == "dark"
        kept = [b for b in store.backups() if b.kind is BackupKind.KEPT and b.file == "companion.json"]
        assert kept and kept[0].path.read_bytes() == original
        assert store.table_names() == []  # prefs.json was retired by step 2, not left as a table
    assert not (tmp_data_dir / "prefs.json").exists()
    assert (tmp_data_dir / "prefs.json.bak").exists()
    meta = json.loads((tmp_data_dir / "companion.json").read_text())["meta"]
    # prefs.json.bak beside no prefs.json is a retired file, not one deleted by hand
    assert list(meta.values()) == [{"key": "schema", "value": len(STEPS) + 1},
                                   {"key": "retired", "value": ["prefs.json"]}]
    with open_store(tmp_data_dir, migration_steps=STEPS) as again:
        assert again.notices == []


def test_a_failing_migration_changes_nothing(tmp_data_dir):
    make_version_1_folder(tmp_data_dir)
    before = {p.name: p.read_bytes() for p in tmp_data_dir.iterdir()}

    def broken(files):
        raise KeyError("players")

    with pytest.raises(StoreError, match="from version 1 to 2 failed in broken"):
        open_store(tmp_data_dir, migration_steps=(broken,))
    after = {p.name: p.read_bytes() for p in tmp_data_dir.iterdir() if p.name != "companion.lock"}
    assert after == before
    with open_store(tmp_data_dir, migration_steps=STEPS):
        pass  # the lock was released


def test_a_folder_from_a_newer_version_is_refused_untouched(tmp_data_dir):
    tmp_data_dir.mkdir()
    main = {"meta": {"1": {"key": "schema", "value": 99}}, "players": {}}
    (tmp_data_dir / "companion.json").write_text(json.dumps(main))
    # a layout this version does not know, which must not be taken for a damaged file
    (tmp_data_dir / "history.json").write_text('["a newer layout"]')
    before = {p.name: p.read_bytes() for p in tmp_data_dir.iterdir()}
    with pytest.raises(StoreError, match="newer version of the companion .data version 99"):
        open_store(tmp_data_dir)
    assert {p.name: p.read_bytes() for p in tmp_data_dir.iterdir() if p.name != "companion.lock"} == before


def test_a_new_folder_is_stamped_with_the_current_version(tmp_data_dir):
    with open_store(tmp_data_dir):
        pass
    meta = json.loads((tmp_data_dir / "companion.json").read_text())["meta"]
    assert list(meta.values()) == [{"key": "schema", "value": SCHEMA_VERSION}]


# -- one process per folder ---------------------------------------------------------------------------------

OPEN_AND_REPORT = """
    import sys
    from companion.store import StoreLocked, open_store
    try:
        store = open_store({folder!r})
    except StoreLocked as exc:
        print(exc)
        sys.exit(3)
    print("opened", [p.name for p in store.players.list()])
    {then}
"""


def test_a_second_process_is_refused_with_a_clear_message(file_store, run_python):
    file_store.players.add("Ann")
    result = run_python(OPEN_AND_REPORT.format(folder=str(file_store.data_dir), then="store.close()"))
    assert result.returncode == 3, result.stderr
    assert result.stdout.strip() == (f"the companion is already running on {file_store.data_dir} "
                                     f"(process {os.getpid()}); close it first")
    file_store.close()
    result = run_python(OPEN_AND_REPORT.format(folder=str(file_store.data_dir), then="store.close()"))
    assert result.stdout.strip() == "opened ['Ann']"


def test_a_second_open_in_the_same_process_is_refused(file_store):
    with pytest.raises(StoreLocked, match="already open in this program"):
        open_store(file_store.data_dir)
    file_store.players.add("Ann")  # the first store is unaffected


def test_the_lock_of_a_dead_process_is_taken_over(tmp_data_dir, run_python):
    result = run_python(OPEN_AND_REPORT.format(folder=str(tmp_data_dir),
                                               then="store.players.add('Ann'); import os; os._exit(0)"))
    assert result.stdout.startswith("opened"), result.stderr
    assert (tmp_data_dir / "companion.lock").read_text().strip().isdigit()  # it never cleaned up
    with open_store(tmp_data_dir) as store:
        assert [p.name for p in store.players.list()] == ["Ann"]


@pytest.mark.skipif(os.name != "posix", reason="Windows refuses to delete a file another process holds open")
def test_deleting_the_lock_file_lets_no_second_process_in(file_store, run_python):
    file_store.players.add("Ann")
    (file_store.data_dir / "companion.lock").unlink()
    result = run_python(OPEN_AND_REPORT.format(folder=str(file_store.data_dir), then="store.players.add('Bob')"))
    assert result.returncode == 3, result.stderr
    # companion.lock named the holder; without it the refusal cannot, but it still refuses
    assert result.stdout.strip() == f"the companion is already running on {file_store.data_dir} (another process); " \
                                    "close it first"
    with pytest.raises(StoreLocked, match="already open in this program"):
        open_store(file_store.data_dir)
    file_store.players.add("Cid")  # the first store carries on, alone
    file_store.close()
    result = run_python(OPEN_AND_REPORT.format(folder=str(file_store.data_dir), then="store.close()"))
    assert result.stdout.strip() == "opened ['Ann', 'Cid']", result.stderr


@pytest.mark.skipif(os.name != "posix", reason="the folder itself is locked on POSIX systems only")
def test_a_folder_that_cannot_be_locked_falls_back_on_the_lock_file(tmp_data_dir, monkeypatch):
    from companion.store import lock

    real = lock.fcntl.flock

    def no_folder_locks(fd, operation):
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(errno.ENOLCK, "No locks available")
        real(fd, operation)

    monkeypatch.setattr(lock.fcntl, "flock", no_folder_locks)
    with open_store(tmp_data_dir) as store:
        assert not store._lock.on_folder and store._lock.held
        with pytest.raises(StoreLocked, match="already open in this program"):
            open_store(tmp_data_dir)


# -- finishing a game: one step -----------------------------------------------------------------------------


def game_at_its_end(folder: Path, engine) -> str:
    """A folder with one game in progress whose last move is made: finishing it is all that is left."""
    from companion.sessions import SessionKeeper

    with open_store(folder) as store:
        keeper = SessionKeeper(store, engines={"trek12": engine})
        ann = store.players.add("Ann")
        sid = keeper.start("trek12", {"target": 3}, [ann.id], "Dunai").id
        keeper.act(sid, {"add": 3})
    return sid


def test_finishing_a_game_stopped_at_any_write_leaves_it_in_progress_or_finished_never_both(
        tmp_path, counter_engine, monkeypatch):
    from companion.sessions import SessionKeeper

    writes: list[str] = []
    real_replace, real_write = atomic._replace, atomic._write_synced

    def counting(crash_at):
        def replace(src, dst):
            step(f"rename {Path(src).name} -> {Path(dst).name}")
            real_replace(src, dst)

        def write(path, data):
            step(f"write {Path(path).name}")
            real_write(path, data)

        def step(what):
            if len(writes) == crash_at:
                raise Crash(what)
            writes.append(what)

        monkeypatch.setattr(atomic, "_replace", replace)
        monkeypatch.setattr(atomic, "_write_synced", write)

    # One finish uncut, to learn every write it makes, then one finish stopped before each of them.
    sid = game_at_its_end(tmp_path / "whole", counter_engine)
    with open_store(tmp_path / "whole") as store:
        counting(crash_at=-1)
        SessionKeeper(store, engines={"trek12": counter_engine}).finish(sid)
        monkeypatch.undo()
    steps, outcomes = list(writes), []
    assert len(steps) >= 6, steps  # both files, the journal, the renames and the history index
    for crash_at, what in enumerate(steps):
        folder = tmp_path / f"stopped-{crash_at}"
        sid = game_at_its_end(folder, counter_engine)
        store = open_store(folder)
        writes.clear()
        counting(crash_at)
        with pytest.raises(Crash):
            SessionKeeper(store, engines={"trek12": counter_engine}).finish(sid)
        monkeypatch.undo()
        store.close()
        with open_store(folder) as reopened:
            keeper = SessionKeeper(reopened, engines={"trek12": counter_engine})
            in_progress, finished = sid in reopened.sessions, sid in reopened.history
            assert in_progress != finished, f"stopped before {what}: in progress {in_progress}, finished {finished}"
            if in_progress:
                keeper.finish(sid)  # and finishing it now records it once
            assert reopened.history.count() == 1 and keeper.in_progress() == []
            assert reopened.history.get(sid)["session"]["actions"] == [{"add": 3}]
        outcomes.append(finished)
    assert outcomes[0] is False and outcomes[-1] is True  # both ends were reached


def test_a_process_killed_between_the_two_saves_of_finish_has_finished_the_game(tmp_data_dir, run_python,
                                                                                counter_engine):
    sid = game_at_its_end(tmp_data_dir, counter_engine)
    result = run_python(f"""
        import os
        import counter_engine
        from companion.sessions import SessionKeeper
        from companion.store import atomic, open_store
        store = open_store({str(tmp_data_dir)!r})
        real = atomic._replace
        def die(src, dst):
            # the month file is in place; sessions.json is next
            if str(src).endswith("sessions.json.pending"):
                os._exit(17)
            real(src, dst)
        atomic._replace = die
        SessionKeeper(store, engines={{"trek12": counter_engine}}).finish({sid!r})
        print("finish returned")
    """)
    assert result.returncode == 17, result.stderr
    assert sid in json.dumps(json.loads((tmp_data_dir / "sessions.json").read_text()))  # still there on disk
    with open_store(tmp_data_dir) as store:
        assert store.notices == ["Finishing a game was interrupted last time; it has now been completed."]
        assert store.sessions.list() == []
        assert store.history.get(sid)["session"]["actions"] == [{"add": 3}]


def test_a_game_left_both_finished_and_in_progress_by_an_older_version_is_closed_on_open(tmp_data_dir,
                                                                                       counter_engine):
    from companion.sessions import SessionKeeper

    sid = game_at_its_end(tmp_data_dir, counter_engine)
    other = "9" * 32
    with open_store(tmp_data_dir) as store:
        keeper = SessionKeeper(store, engines={"trek12": counter_engine})
        ann = store.players.list()[0]
        # An older version saved History first, then removed the game in progress, and was stopped between.
        done = store.sessions.get(sid)
        store.history.add({"id": sid, "game": "trek12", "title": "Dunai", "detail": {},
                           "session": {"setup": done["setup"], "actions": done["actions"]},
                           "players": [{"id": ann.id, "name": "Ann", "score": 1, "winner": True}]})
        # A game whose id History holds with another play (an imported copy finished elsewhere) is not that.
        store.sessions.save({**done, "id": other, "actions": [{"add": 1}]})
        store.history.add({"id": other, "game": "trek12", "title": "Dunai", "detail": {},
                           "session": {"setup": done["setup"], "actions": [{"add": 2}, {"add": 1}]},
                           "players": [{"id": ann.id, "name": "Ann", "score": 2, "winner": True}]})
    with open_store(tmp_data_dir) as store:
        assert store.notices == []
        assert [s["id"] for s in store.sessions.list()] == [other]
        assert store.history.count() == 2
        keeper = SessionKeeper(store, engines={"trek12": counter_engine})
        keeper.act(other, {"add": 2})
        kept = keeper.finish(other)
        assert kept != other and store.history.count() == 3  # the new ending is kept, not dropped
        assert store.history.get(kept)["session"]["actions"] == [{"add": 1}, {"add": 2}]


def test_every_table_the_app_keeps_is_named_in_words():
    # Settings' "Earlier versions" said "The fourteeners catalog records" and "The corrections records".
    import companion.ui.expedition.screens  # noqa: F401 - every game's screens, with the tables they keep
    import companion.ui.fourteeners.screens  # noqa: F401
    import companion.ui.trek12.screens  # noqa: F401
    from companion.store.folder import what_file_holds
    from companion.store.layout import CORRECTIONS_TABLE, REOPENED_TABLE
    from companion.store.hall_of_fame import ENVELOPE_TABLE, HALL_TABLE
    from companion.ui.expedition.sheets import SHEET_TABLE
    from companion.ui.fourteeners.catalog import CATALOG_TABLE
    from companion.ui.trek12.coaching import COACH_TABLE

    tables = (CATALOG_TABLE, CORRECTIONS_TABLE, REOPENED_TABLE, ENVELOPE_TABLE, HALL_TABLE, SHEET_TABLE, COACH_TABLE)
    said = {table: str(what_file_holds(f"{table}.json")) for table in tables}
    assert not [words for words in said.values() if words.endswith(" records")], said
    assert said[CATALOG_TABLE] == "the 14ers card catalog"


@pytest.mark.parametrize("kept_now", [True, False])
def test_restoring_an_earlier_roster_keeps_this_computers_join_code(file_store, kept_now):
    # Any joined phone can restore an earlier copy of the roster and settings: it removed the join code kept
    # on the computer, or brought back one the owner had replaced. The code is the computer's, as an import
    # already treats it.
    from companion.store.layout import LAN_CODE_SETTING

    file_store.settings.set(LAN_CODE_SETTING, "OLDCODE42")
    file_store.settings.set("theme", "dark")
    earlier = (file_store.data_dir / "companion.json").read_bytes()      # the copy: old code, dark theme
    if kept_now:
        file_store.settings.set(LAN_CODE_SETTING, "NEWCODE77")
    else:
        file_store.settings.delete(LAN_CODE_SETTING)
    file_store.settings.set("theme", "light")
    (file_store.data_dir / "companion.json.bak").write_bytes(earlier)
    [bak] = [b for b in file_store.backups() if b.kind is BackupKind.PREVIOUS and b.file == "companion.json"]
    file_store.restore_backup(bak.path)
    assert file_store.settings.get("theme") == "dark"                     # the rest is restored
    assert file_store.settings.get(LAN_CODE_SETTING) == ("NEWCODE77" if kept_now else None)
