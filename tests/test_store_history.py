"""Finished games kept one file per month: what a page reads, what a save writes, crashes, damage, the upgrade."""

from __future__ import annotations

import json
import os
import random
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from companion.store import BACKUP_FORMAT, BACKUP_VERSION, SCHEMA_VERSION, atomic, open_store
from companion.store import history as month_files
from companion.store.folder import BackupKind

V1 = Path(__file__).resolve().parent / "store_v1"
GAMES = ("trek12", "fourteeners", "ridgeline", "freunde")
ANN, BOB = "a" * 32, "b" * 32


class Crash(BaseException):
    """Stands for the process dying at this point (nothing after it runs)."""


def game(finished: str, game_id: str | None = None, kind: str = "trek12", players=(ANN,)) -> dict:
    return {"id": game_id, "game": kind, "finished": finished, "title": "Dunai", "detail": {"k": finished},
            "session": None, "players": [{"id": p, "name": p[:3], "score": 50, "winner": True} for p in players]}


def spread(count: int, seed: int = 7) -> list[dict]:
    """Games over about eight months, of every kind, Ann in all, Bob in some, a few on the same second."""
    rng = random.Random(seed)
    start = datetime(2025, 9, 1, tzinfo=timezone.utc)
    games = []
    for n in range(count):
        moment = start + timedelta(hours=rng.randrange(24 * 240))
        if n % 9 == 0 and games:
            moment = datetime.fromisoformat(games[-1]["finished"])
        players = (ANN, BOB) if rng.random() < 0.5 else (ANN,)
        games.append(game(moment.isoformat(), f"{n:032x}", GAMES[n % 4], players))
    return games


def with_roster(store) -> None:
    """Ann and Bob with fixed ids, as an import brings them."""
    store.import_all({"format": BACKUP_FORMAT, "version": BACKUP_VERSION, "players": [
        {"id": pid, "name": name, "colour": "#d62828", "removed": False, "created": "2025-01-01T00:00:00Z"}
        for pid, name in ((ANN, "Ann"), (BOB, "Bob"))]})


def mtimes(folder: Path) -> dict[str, int]:
    return {p.relative_to(folder).as_posix(): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


def index_matches_the_months(folder: Path) -> bool:
    """The index sums up exactly the month files there are: their ids, counts per game and fingerprints."""
    index = json.loads((folder / "history" / "index.json").read_text())
    months = {}
    for path in (folder / "history").glob("[0-9][0-9][0-9][0-9]-[0-9][0-9].json"):
        docs = json.loads(path.read_text())["history"].values()
        stat = path.stat()
        games: dict[str, int] = {}
        for doc in docs:
            games[doc["game"]] = games.get(doc["game"], 0) + 1
        months[path.name[:-5]] = ([stat.st_size, stat.st_mtime_ns, stat.st_ino], games, sorted(d["id"] for d in docs))
    found = {month: (entry["file"], entry["games"], sorted(entry["ids"])) for month, entry in index["months"].items()}
    return found == months


def newest_first(games: list[dict]) -> list[str]:
    return [g["id"] for g in sorted(games, key=lambda g: (datetime.fromisoformat(g["finished"]), g["id"]),
                                    reverse=True)]


# -- the list across months ---------------------------------------------------------------------------------


def test_pages_filters_and_counts_across_months_match_the_whole_list(store):
    games = spread(60)
    with_roster(store)
    for record in games:
        store.history.add(record)
    expected = newest_first(games)
    assert [r["id"] for r in store.history.list()] == expected
    for limit, offset in [(1, 0), (5, 0), (7, 3), (20, 17), (50, 40), (10, 59), (10, 60), (3, 100)]:
        page = [r["id"] for r in store.history.list(limit=limit, offset=offset)]
        assert page == expected[offset:offset + limit], (limit, offset)
    for kind in GAMES:
        mine = newest_first([g for g in games if g["game"] == kind])
        assert [r["id"] for r in store.history.list(game=kind, limit=4, offset=2)] == mine[2:6]
        assert store.history.count(game=kind) == len(mine)
    bobs = newest_first([g for g in games if len(g["players"]) == 2])
    assert [r["id"] for r in store.history.list(player_id=BOB, offset=3, limit=5)] == bobs[3:8]
    assert store.history.count(player_id=BOB) == len(bobs)
    freunde_bob = [i for i in bobs if int(i, 16) % 4 == 3]
    assert [r["id"] for r in store.history.list(game="freunde", player_id=BOB)] == freunde_bob
    assert store.history.count() == 60


def test_the_same_list_after_reopening_from_the_index(tmp_data_dir):
    games = spread(60)
    with open_store(tmp_data_dir) as first:
        with_roster(first)
        for record in games:
            first.history.add(record)
        first.history.delete(games[10]["id"])
    expected = [i for i in newest_first(games) if i != games[10]["id"]]
    with open_store(tmp_data_dir) as store:
        assert store.notices == []
        assert store.history.count() == 59
        assert [r["id"] for r in store.history.list(limit=6, offset=30)] == expected[30:36]
        assert [r["id"] for r in store.history.list()] == expected
        assert store.history.get(games[10]["id"]) is None
        assert store.history.get(games[11]["id"])["detail"] == games[11]["detail"]


# -- what is read and written -------------------------------------------------------------------------------


def test_starting_reads_only_the_index_and_a_page_only_the_newest_months(tmp_data_dir, monkeypatch):
    with open_store(tmp_data_dir) as first:
        with_roster(first)
        for month, day in [(1, 5), (1, 20), (2, 3), (3, 1), (3, 9)]:
            first.history.add(game(f"2026-{month:02d}-{day:02d}T18:00:00Z", players=(ANN, BOB)))
    reads: list[str] = []
    real = month_files.read_json_file
    monkeypatch.setattr(month_files, "read_json_file",
                        lambda path: reads.append(Path(path).relative_to(tmp_data_dir).as_posix()) or real(path))
    with open_store(tmp_data_dir) as store:
        assert reads == ["history/index.json"]
        assert store.history.count() == 5 and store.history.count(game="trek12") == 5
        assert reads == ["history/index.json"]
        assert [r["finished"][:10] for r in store.history.list(limit=2)] == ["2026-03-09", "2026-03-01"]
        assert reads[1:] == ["history/2026-03.json"]
        store.history.list(limit=3)
        assert reads[1:] == ["history/2026-03.json", "history/2026-02.json"]
        assert len(store.history.list(player_id=BOB)) == 5  # statistics read every month, once
        assert reads[1:] == ["history/2026-03.json", "history/2026-02.json", "history/2026-01.json"]
        store.history.list(player_id=ANN)
        assert len(reads) == 4


def test_finishing_or_deleting_a_game_rewrites_only_its_month_and_the_index(tmp_data_dir):
    with open_store(tmp_data_dir) as store:
        with_roster(store)
        store.sessions.save({"id": "5" * 32, "game": "trek12", "title": "x", "setup": {}, "players": [],
                             "actions": [], "redo": [], "created": "2026-01-01T00:00:00Z",
                             "updated": "2026-01-01T00:00:00Z"})
        for finished in ("2026-01-05T18:00:00Z", "2026-02-03T18:00:00Z", "2026-03-01T18:00:00Z"):
            store.history.add(game(finished))
        before = mtimes(tmp_data_dir)
        february = store.history.add(game("2026-02-20T18:00:00Z"))
        changed = {name for name, time in mtimes(tmp_data_dir).items() if before.get(name) != time}
        assert changed == {"history/2026-02.json", "history/2026-02.json.bak", "history/index.json"}
        before = mtimes(tmp_data_dir)
        store.history.restore(store.history.delete(february))
        changed = {name for name, time in mtimes(tmp_data_dir).items() if before.get(name) != time}
        assert changed == {"history/2026-02.json", "history/2026-02.json.bak", "history/index.json"}


def test_an_import_rewrites_only_the_months_that_gain_games(tmp_data_dir):
    with open_store(tmp_data_dir) as store:
        with_roster(store)
        for finished in ("2026-01-05T18:00:00Z", "2026-02-03T18:00:00Z"):
            store.history.add(game(finished))
        doc = store.export_all()
        doc["history"] += [game("2026-02-10T18:00:00Z", "c" * 32), game("2025-12-24T18:00:00Z", "d" * 32)]
        before = mtimes(tmp_data_dir)
        report = store.import_all(doc)
        assert report.added["history"] == 2 and report.skipped["history"] == 2
        changed = {name for name, time in mtimes(tmp_data_dir).items() if before.get(name) != time}
        assert changed == {"history/2026-02.json", "history/2026-02.json.bak", "history/2025-12.json",
                           "history/index.json"}
        assert [r["finished"][:7] for r in store.history.list()] == ["2026-02", "2026-02", "2026-01", "2025-12"]
    with open_store(tmp_data_dir) as again:
        assert sorted(r["id"] for r in again.history.list()) == sorted(g["id"] for g in doc["history"])
        assert again.export_all()["players"] == doc["players"]


def test_an_import_interrupted_after_its_commit_point_is_completed_on_opening(tmp_data_dir, monkeypatch):
    games = spread(30)
    with open_store(tmp_data_dir) as store:
        with_roster(store)
        doc = store.export_all()
        doc["history"] = games
        renamed = []

        def die_on_third_month(src, dst):
            if str(src).endswith(".pending"):
                if len(renamed) == 2:
                    raise Crash
                renamed.append(dst)
            os.replace(src, dst)

        monkeypatch.setattr(atomic, "_replace", die_on_third_month)
        with pytest.raises(Crash):
            store.import_all(doc)
        monkeypatch.undo()
    with open_store(tmp_data_dir) as reopened:
        assert reopened.notices == ["An import was interrupted last time; it has now been completed."]
        assert [r["id"] for r in reopened.history.list()] == newest_first(games)
        assert reopened.history.count() == 30


# -- the index is a summary, never the truth ----------------------------------------------------------------


@pytest.mark.parametrize("when", ["adding", "deleting"])
def test_a_crash_between_saving_a_month_and_the_index_loses_nothing(tmp_data_dir, monkeypatch, when):
    with open_store(tmp_data_dir) as store:
        with_roster(store)
        kept = store.history.add(game("2026-03-01T18:00:00Z"))
        real = month_files.write_bytes_atomic

        def die_saving_the_index(path, data, **kw):
            if path.name == "index.json":
                raise Crash
            real(path, data, **kw)

        monkeypatch.setattr(month_files, "write_bytes_atomic", die_saving_the_index)
        with pytest.raises(Crash):
            if when == "adding":
                store.history.add(game("2026-03-02T18:00:00Z", "c" * 32))
            else:
                store.history.delete(kept)
        monkeypatch.undo()
    with open_store(tmp_data_dir) as reopened:
        assert reopened.notices == []
        # asked before any list reads the month: the count and the ids come from the rebuilt index
        assert reopened.history.count() == (2 if when == "adding" else 0)
        assert ("c" * 32 in reopened.history) == (when == "adding")
        assert (kept in reopened.history) == (when == "adding")
        ids = [r["id"] for r in reopened.history.list()]
        assert ids == (["c" * 32, kept] if when == "adding" else [])
    index = json.loads((tmp_data_dir / "history" / "index.json").read_text())
    stat = (tmp_data_dir / "history" / "2026-03.json").stat()
    assert index["months"]["2026-03"]["file"] == [stat.st_size, stat.st_mtime_ns, stat.st_ino]


def test_a_process_killed_while_saving_the_index_keeps_the_game(tmp_data_dir, run_python):
    with open_store(tmp_data_dir) as first:
        with_roster(first)
        first.history.add(game("2026-03-01T18:00:00Z"))
    result = run_python(f"""
        import os
        from companion.store import history, open_store
        store = open_store({str(tmp_data_dir)!r})
        real = history.write_bytes_atomic
        def die(path, data, **kw):
            if path.name == "index.json":
                os._exit(17)
            real(path, data, **kw)
        history.write_bytes_atomic = die
        store.history.add({game("2026-03-05T18:00:00Z", "c" * 32)!r})
        print("the save returned")
    """)
    assert result.returncode == 17, result.stderr
    with open_store(tmp_data_dir) as reopened:
        assert reopened.notices == []
        assert [r["finished"][:10] for r in reopened.history.list()] == ["2026-03-05", "2026-03-01"]


@pytest.mark.parametrize("damage", ["missing", "not json", "another format", "wrong counts"])
def test_a_missing_or_unusable_index_is_rebuilt_from_the_months_without_a_notice(tmp_data_dir, damage):
    games = spread(25)
    with open_store(tmp_data_dir) as first:
        with_roster(first)
        for record in games:
            first.history.add(record)
        doc = first.export_all()
    index = tmp_data_dir / "history" / "index.json"
    content = json.loads(index.read_text())
    if damage == "missing":
        index.unlink()
    elif damage == "not json":
        index.write_text('{"months": {')
    elif damage == "another format":
        index.write_text(json.dumps({**content, "version": 99}))
    else:
        month = sorted(content["months"])[-1]
        content["months"][month]["ids"] = content["months"][month]["ids"][1:]  # counts no longer add up
        index.write_text(json.dumps(content))
    with open_store(tmp_data_dir) as store:
        assert store.notices == []
        assert store.history.count() == 25
        assert store.export_all() == doc
    assert index_matches_the_months(tmp_data_dir)
    assert not [p for p in tmp_data_dir.rglob("*") if ".corrupt-" in p.name]


def test_a_month_file_removed_by_hand_leaves_the_other_months(tmp_data_dir):
    with open_store(tmp_data_dir) as first:
        with_roster(first)
        for finished in ("2026-01-05T18:00:00Z", "2026-02-03T18:00:00Z", "2026-03-01T18:00:00Z"):
            first.history.add(game(finished))
    (tmp_data_dir / "history" / "2026-02.json").unlink()
    with open_store(tmp_data_dir) as store:
        assert store.history.count() == 2
        assert [r["finished"][:7] for r in store.history.list()] == ["2026-03", "2026-01"]


# -- damaged month files ------------------------------------------------------------------------------------


def test_a_month_damaged_in_place_is_set_aside_when_first_read_and_its_copy_restores_it(tmp_data_dir):
    with open_store(tmp_data_dir) as first:
        with_roster(first)
        first.history.add(game("2026-02-03T18:00:00Z"))
        first.history.add(game("2026-03-01T18:00:00Z", "c" * 32))
        first.history.add(game("2026-03-09T18:00:00Z", "d" * 32))  # 2026-03.json.bak holds the game before
    march = tmp_data_dir / "history" / "2026-03.json"
    stat = march.stat()
    with open(march, "r+b") as handle:  # a flipped byte: same size, same file, same time, as disk decay leaves it
        handle.write(b"[")
    os.utime(march, ns=(stat.st_atime_ns, stat.st_mtime_ns))

    with open_store(tmp_data_dir) as store:
        assert store.notices == []  # nothing at start: the index still matches the file
        assert [r["finished"][:7] for r in store.history.list()] == ["2026-02"]
        [notice] = store.notices
        assert notice.startswith("history/2026-03.json could not be read (it is not valid JSON")
        assert "the companion carries on without the games finished in March 2026" in notice
        assert store.history.count() == 1 and "c" * 32 not in store.history
        [aside] = [b for b in store.backups() if b.kind is BackupKind.QUARANTINED]
        assert aside.file == "history/2026-03.json" and aside.path.parent.name == "history"
        [offered] = store.offered_backups()
        assert offered.file == "history/2026-03.json" and offered.path.name in notice
        store.restore_backup(offered.path)
        assert [r["id"] for r in store.history.list(limit=1)] == ["c" * 32]
        assert store.history.count() == 2
    with open_store(tmp_data_dir) as reopened:
        assert reopened.notices == []
        assert [r["finished"][:7] for r in reopened.history.list()] == ["2026-03", "2026-02"]


def test_a_game_copied_into_a_second_month_file_sets_that_month_aside(tmp_data_dir):
    with open_store(tmp_data_dir) as first:
        with_roster(first)
        first.history.add(game("2026-02-03T18:00:00Z", "c" * 32))
        first.history.add(game("2026-03-01T18:00:00Z", "d" * 32))
    march = tmp_data_dir / "history" / "2026-03.json"
    data = json.loads(march.read_text())
    data["history"]["2"] = {**data["history"]["1"], "id": "c" * 32}  # February's game id, by hand
    march.write_text(json.dumps(data))
    with open_store(tmp_data_dir) as store:
        [notice] = store.notices
        assert notice.startswith(f"history/2026-03.json could not be read (it holds the game {'c' * 32!r}, "
                                 "which history/2026-02.json holds too)")
        assert [r["id"] for r in store.history.list()] == ["c" * 32]


def test_a_game_filed_under_the_wrong_month_sets_the_file_aside(tmp_data_dir):
    with open_store(tmp_data_dir) as first:
        with_roster(first)
        first.history.add(game("2026-03-01T18:00:00Z"))
        first.history.add(game("2026-02-01T18:00:00Z"))
    march = tmp_data_dir / "history" / "2026-03.json"
    data = json.loads(march.read_text())
    data["history"]["1"]["finished"] = "2026-04-01T18:00:00.000000+00:00"
    march.write_text(json.dumps(data))
    with open_store(tmp_data_dir) as store:
        [notice] = store.notices
        assert "history/2026-03.json could not be read (its history record 1 finished in 2026-04" in notice
        assert [r["finished"][:7] for r in store.history.list()] == ["2026-02"]


def test_a_month_s_previous_version_is_a_backup_that_can_be_restored(file_store):
    with_roster(file_store)
    first = file_store.history.add(game("2026-03-01T18:00:00Z"))
    second = file_store.history.add(game("2026-03-02T18:00:00Z"))
    [bak] = [b for b in file_store.backups() if b.kind is BackupKind.PREVIOUS and b.file.startswith("history/")]
    assert bak.file == "history/2026-03.json" and bak.path.name == "2026-03.json.bak"
    file_store.restore_backup(bak.path)
    assert [r["id"] for r in file_store.history.list()] == [first]
    assert second not in file_store.history and file_store.history.count() == 1
    file_store.restore_backup(bak.path)  # and back: the replaced file became the .bak
    assert [r["id"] for r in file_store.history.list()] == [second, first]


def test_deleting_the_last_game_of_a_month_and_undoing_it(tmp_data_dir):
    with open_store(tmp_data_dir) as store:
        with_roster(store)
        only = store.history.add(game("2026-03-01T18:00:00Z"))
        store.history.add(game("2026-02-01T18:00:00Z"))
        record = store.history.delete(only)
    with open_store(tmp_data_dir) as store:
        assert store.history.count() == 1 and store.history.count(game="trek12") == 1
        assert store.history.restore(record) == only
    with open_store(tmp_data_dir) as store:
        assert [r["id"] for r in store.history.list(limit=1)] == [only]


# -- the upgrade from data version 1 (one history.json) -----------------------------------------------------


def version_1_folder(tmp_path: Path) -> Path:
    """A copy of the folder a companion of data version 1 wrote (see tests/store_v1/make_folder.py)."""
    folder = tmp_path / "data"
    shutil.copytree(V1 / "folder", folder)
    return folder


def expected_export() -> dict:
    return json.loads((V1 / "expected.json").read_text(encoding="utf-8"))


def test_a_version_1_folder_upgrades_with_every_record_intact(tmp_path):
    folder = version_1_folder(tmp_path)
    original = (folder / "history.json").read_bytes()
    expected = expected_export()
    with open_store(folder) as store:
        [notice] = store.notices
        assert notice.startswith(f"Your saved data was upgraded from version 1 to {SCHEMA_VERSION}.")
        assert "history.backup-" in notice
        assert store.export_all() == expected
        assert [r["id"] for r in store.history.list()] == [g["id"] for g in reversed(expected["history"])]
        # 2026-01-31T23:30 at UTC-2 is in February in UTC, so it is filed there
        february = json.loads((folder / "history" / "2026-02.json").read_text())["history"]
        assert [g["finished"] for g in february.values()] == ["2026-02-01T01:30:00.000000+00:00",
                                                              "2026-02-14T20:00:00.000000+00:00"]
    months = sorted(p.name for p in (folder / "history").glob("*.json"))
    assert months == sorted({f"{g['finished'][:7]}.json" for g in expected["history"]} | {"index.json"})
    assert not (folder / "history.json").exists()
    assert (folder / "history.json.bak").read_bytes() == original  # the old file is kept, twice
    [kept] = folder.glob("history.backup-*.json")
    assert kept.read_bytes() == original
    assert json.loads((folder / "companion.json").read_text())["meta"]["1"] == {"key": "schema",
                                                                                 "value": SCHEMA_VERSION}
    with open_store(folder) as again:
        assert again.notices == []
        assert again.export_all() == expected


def test_an_upgrade_interrupted_before_its_commit_point_changes_nothing(tmp_path, monkeypatch):
    folder = version_1_folder(tmp_path)
    before = {name: (folder / name).read_bytes() for name in os.listdir(folder)}
    real = atomic.write_bytes_atomic

    def die_writing_journal(path, data, **kw):
        if path.name == atomic.JOURNAL_NAME:
            raise Crash
        real(path, data, **kw)

    monkeypatch.setattr(atomic, "write_bytes_atomic", die_writing_journal)
    with pytest.raises(Crash):
        open_store(folder)
    monkeypatch.undo()
    after = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and ".backup-" not in p.name}
    assert after == {**before, "companion.lock": after["companion.lock"]}
    assert not [p for p in folder.rglob("*.json") if p.parent.name == "history"]
    with open_store(folder) as store:  # the upgrade runs again, from the start
        assert store.export_all() == expected_export()


# The upgrade of that folder renames: 4 kept copies, the journal (its commit point), then each file with
# its .bak (companion, hall_of_fame, 14 months, sessions) and history.json to its .bak (27: the commit is
# finished and its journal removed), and last the new history index.
@pytest.mark.parametrize("renames", [2, 4, 5, 15, 26, 27])
def test_a_process_killed_during_the_upgrade_leaves_all_or_nothing(tmp_path, run_python, renames):
    """Killed after `renames` renames: before the journal nothing has changed, after it the next start
    finishes the upgrade; either way every record is there."""
    folder = version_1_folder(tmp_path)
    result = run_python(f"""
        import os
        from companion.store import atomic, open_store
        real, done = atomic._replace, []
        def die(src, dst):
            if len(done) == {renames}:
                os._exit(17)
            done.append(dst)
            real(src, dst)
        atomic._replace = die
        open_store({str(folder)!r})
        print("opened")
    """)
    assert result.returncode == 17, (result.stdout, result.stderr)
    with open_store(folder) as store:
        if renames < 5:  # died before the commit point: the folder was still version 1, upgraded now
            [notice] = store.notices
            assert notice.startswith("Your saved data was upgraded from version 1")
        elif renames < 27:  # died inside the commit: finished now
            assert store.notices == ["An upgrade of the saved data was interrupted last time; it has now been "
                                     "completed."]
        else:  # died writing the index: rebuilt from the month files, nothing to tell
            assert store.notices == []
        assert store.export_all() == expected_export()
        assert store.schema_version == SCHEMA_VERSION
    assert not (folder / "history.json").exists()


def test_an_unusable_game_in_a_version_1_history_sets_the_file_aside_and_the_rest_upgrades(tmp_path):
    folder = version_1_folder(tmp_path)
    data = json.loads((folder / "history.json").read_text(encoding="utf-8"))
    data["history"]["3"]["finished"] = "last Tuesday"
    (folder / "history.json").write_text(json.dumps(data), encoding="utf-8")
    expected = expected_export()
    with open_store(folder) as store:
        aside, upgraded = store.notices
        assert aside.startswith("history.json could not be read (its history record 3: field 'finished' must "
                                "be an ISO 8601 time")
        assert upgraded.startswith("Your saved data was upgraded from version 1")
        assert store.history.count() == 0
        assert store.export_all() == {**expected, "history": []}
        # the offered copy is version 1's previous history.json, which restores as month files
        [offered] = store.offered_backups()
        assert offered.file == "history.json"
        store.restore_backup(offered.path)
        assert store.history.count() == len(expected["history"]) + 1  # the .bak still had the deleted game


def test_a_kept_copy_of_the_version_1_history_restores_the_whole_history(tmp_path):
    folder = version_1_folder(tmp_path)
    expected = expected_export()
    with open_store(folder) as store:
        store.history.delete(expected["history"][0]["id"])
        store.history.add(game("2027-05-01T18:00:00Z", "c" * 32))
        [kept] = [b for b in store.backups() if b.kind is BackupKind.KEPT and b.file == "history.json"]
        store.restore_backup(kept.path)
        assert [r["id"] for r in store.history.list()] == [g["id"] for g in reversed(expected["history"])]
        assert "c" * 32 not in store.history
    assert not (folder / "history" / "2027-05.json").exists()
    assert (folder / "history" / "2027-05.json.bak").exists()  # the month it removed is kept as its .bak
    with open_store(folder) as again:
        assert again.notices == []
        assert again.export_all()["history"] == expected["history"]


def test_a_version_1_folder_without_finished_games_upgrades(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "companion.json").write_text(json.dumps({"meta": {"1": {"key": "schema", "value": 1}}}))
    with open_store(folder) as store:
        assert store.history.count() == 0 and store.history.list() == []
        store.history.add(game("2026-03-01T18:00:00Z"))
    with open_store(folder) as again:
        assert again.history.count() == 1
