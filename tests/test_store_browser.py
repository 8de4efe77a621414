"""The store's browser backend: every save reaches IndexedDB (a stand-in, tests/browser_fs.py), reloading the
page gives the same data, copies never overlap and never lose the last save, errors are kept and reported;
the store's after_save hook itself; and the store running inside Pyodide under Node."""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from browser_fs import MS, Entry, FakeFS, SyncFailed, folder_entries, once, without_lock

from companion.browser.storage import BrowserFolder, BrowserStorageError, open_browser_store
from companion.errors import InvalidInput, StoreError
from companion.i18n import tr, use_language
from companion.ui.common.widgets import said
from companion.store import atomic, history, open_store

REPO = Path(__file__).resolve().parents[1]
V1 = Path(__file__).resolve().parent / "store_v1"
GAME = {"game": "trek12", "finished": "2026-03-01T18:00:00Z", "title": "Dunai", "detail": {"lines": [10, 12]},
        "session": None, "players": [{"id": None, "name": "Max", "score": 60, "winner": False}]}
# A Ridgeline table that replays (an import replays every game in progress through its rules).
SESSION = {"id": "5" * 32, "game": "ridgeline", "title": "Evening", "setup": {"seats": ["Cy", "Dee"], "route": "ridge"},
           "players": [], "actions": [], "redo": [], "created": "2026-03-01T17:00:00Z",
           "updated": "2026-03-01T17:20:00Z"}


async def open_here(folder: Path, database: dict | None = None, **options):
    """A stand-in FS over `folder` (sharing `database`, the stand-in IndexedDB, when given) and the store
    opened through it, with the copy that opening started finished."""
    fs = FakeFS(asyncio.get_running_loop(), database)
    store, kept = await open_browser_store(fs, str(folder), wrap_callback=once, **options)
    await kept.settled()
    return fs, store, kept


def in_step(fs: FakeFS, folder: Path) -> bool:
    """IndexedDB holds exactly what the folder holds (but the process lock, which is not data)."""
    return without_lock(fs.stored(folder)) == without_lock(folder_entries(folder))


def copies(fs: FakeFS) -> int:
    """How many copies into IndexedDB were started."""
    return fs.syncs.count(False)


def backup_document() -> dict:
    """A backup with a player, a setting, a game in progress and finished games in two months."""
    with open_store(memory=True) as other:
        ann = other.players.add("Zoe")
        other.settings.set("theme", "dark")
        other.sessions.save({**SESSION, "players": [ann.id]})
        other.history.add({**GAME, "title": "Imported", "finished": "2025-12-24T18:00:00Z"})
        other.history.add({**GAME, "title": "Imported too", "finished": "2026-01-02T18:00:00Z"})
        return other.export_all()


def restore_previous_main(store) -> None:
    [bak] = [b for b in store.backups() if b.path.name == "companion.json.bak"]
    store.restore_backup(bak.path)


# Each kind of save: (what to do first, the save, a file that must then hold the given bytes in IndexedDB).
SAVES = {
    "player added": (None, lambda s: s.players.add("Ann"), "companion.json", b'"Ann"'),
    "player renamed": (lambda s: s.players.add("Ann"),
                       lambda s: s.players.rename(s.players.find("Ann").id, "Anna"), "companion.json", b'"Anna"'),
    "setting": (None, lambda s: s.settings.set("theme", "dark"), "companion.json", b'"dark"'),
    "session saved": (None, lambda s: s.sessions.save(SESSION), "sessions.json", b'"Evening"'),
    "session deleted": (lambda s: s.sessions.save(SESSION), lambda s: s.sessions.delete(SESSION["id"]),
                        "sessions.json", b'"sessions":{}'),
    "history added": (None, lambda s: s.history.add(GAME), "history/2026-03.json", b'"Dunai"'),
    "history deleted": (lambda s: s.history.add({**GAME, "id": "7" * 32}), lambda s: s.history.delete("7" * 32),
                        "history/2026-03.json", b'"history":{}'),
    "general table": (None, lambda s: s.table("hall_of_fame").insert({"id": "dunai-1", "score": 81}),
                      "hall_of_fame.json", b'"dunai-1"'),
    "import": (None, lambda s: s.import_all(backup_document()), "history/2025-12.json", b'"Imported"'),
    "import without history": (None, lambda s: s.import_all({**backup_document(), "history": []}),
                               "companion.json", b'"Zoe"'),
    "restore from backup": (lambda s: (s.settings.set("theme", "dark"), s.settings.set("theme", "light")),
                            restore_previous_main, "companion.json", b'"dark"'),
}


@pytest.mark.parametrize("kind", SAVES)
async def test_every_kind_of_save_starts_a_copy_that_reaches_indexeddb(tmp_data_dir, kind):
    before, save, file, expected = SAVES[kind]
    fs, store, kept = await open_here(tmp_data_dir)
    with store:
        if before is not None:
            before(store)
            await kept.settled()
        started = copies(fs)
        save(store)
        assert kept.pending and copies(fs) == started + 1  # started at once, without waiting for it
        await kept.settled()
        assert kept.last_error is None
        assert expected in fs.stored(tmp_data_dir)[file]
        assert in_step(fs, tmp_data_dir)


async def test_an_upgrade_at_open_reaches_indexeddb(tmp_data_dir):
    # What a companion of data version 1 left in this browser's IndexedDB.
    database = {str(tmp_data_dir): {path.name: Entry(1_700_000_000_000, path.read_bytes())
                                    for path in (V1 / "folder").iterdir()}}
    expected = json.loads((V1 / "expected.json").read_text(encoding="utf-8"))
    fs, store, kept = await open_here(tmp_data_dir, database)
    with store:
        [notice] = store.notices
        assert "upgraded from version 1" in notice
        stored = fs.stored(tmp_data_dir)
        assert "history.json" not in stored and "history/index.json" in stored
        assert any(name.startswith("history.backup-") for name in stored)
        assert in_step(fs, tmp_data_dir)
    shutil.rmtree(tmp_data_dir)
    _, again, _ = await open_here(tmp_data_dir, fs.database)  # the next page load finds it upgraded
    with again:
        assert again.notices == []
        assert again.export_all() == expected


@pytest.mark.parametrize("index_fails", [False, True], ids=["index saved", "index not saved"])
async def test_a_month_set_aside_when_first_read_reaches_indexeddb(tmp_data_dir, monkeypatch, index_fails):
    fs, store, kept = await open_here(tmp_data_dir)
    store.history.add(GAME)
    store.close()
    # Reopened in the same page, the index still matches the month file, so the file is read on first use.
    store = open_store(tmp_data_dir, after_save=kept.saved)
    await kept.settled()
    month = tmp_data_dir / "history" / "2026-03.json"
    stat = month.stat()
    with open(month, "r+b") as handle:  # damaged in place: same size, same time, same inode
        handle.write(b"x")
    os.utime(month, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    if index_fails:  # then moving the file aside is the only change, and must be handed on by itself
        monkeypatch.setattr(history, "write_bytes_atomic", disk_full)
    with store:
        started = copies(fs)
        assert store.history.list() == []
        assert "history/2026-03.json could not be read" in store.notices[-1]
        assert copies(fs) == started + 1
        await kept.settled()
        stored = fs.stored(tmp_data_dir)
        assert "history/2026-03.json" not in stored
        assert any(name.startswith("history/2026-03.corrupt-") for name in stored)
        assert in_step(fs, tmp_data_dir)


async def test_reloading_the_page_gives_the_same_data(tmp_data_dir):
    fs, store, kept = await open_here(tmp_data_dir)
    with store:
        store.import_all(backup_document())
        ann = store.players.add("Ann")
        store.sessions.save({**SESSION, "id": "6" * 32, "players": [ann.id]})
        store.history.add({**GAME, "players": [{"id": ann.id, "name": "Ann", "score": 70, "winner": True}]})
        store.table("expeditions").insert({"id": "e1", "peaks": 3})
        store.settings.set("theme", "light")
        saved = store.export_all()
    await kept.settled()
    # A new page: its file system starts empty and is filled from the same IndexedDB.
    shutil.rmtree(tmp_data_dir)
    fs2, again, kept2 = await open_here(tmp_data_dir, fs.database)
    with again:
        assert again.notices == []
        assert again.export_all() == saved
        assert fs2.syncs[0] is True  # filled before the store opened
        assert in_step(fs2, tmp_data_dir)


async def test_saves_during_a_copy_are_copied_once_right_after_it(tmp_data_dir):
    fs, store, kept = await open_here(tmp_data_dir)
    with store:
        started = copies(fs)
        store.players.add("Ann")             # starts a copy, which lists the files now
        assert fs.running == 1
        store.history.add(GAME)              # a new file while that copy runs
        store.settings.set("theme", "dark")  # and another save: still one more copy, not two
        assert copies(fs) == started + 1
        await kept.settled()
        assert copies(fs) == started + 2
        assert fs.most_at_once == 1
        assert not kept.pending
        assert "history/2026-03.json" in fs.stored(tmp_data_dir)
        assert in_step(fs, tmp_data_dir)


async def test_settled_returns_at_once_when_nothing_is_due(tmp_data_dir):
    fs, store, kept = await open_here(tmp_data_dir)
    with store:
        finished = fs.finished
        await asyncio.wait_for(kept.settled(), timeout=1)
        store.players.list()  # reading changes nothing: no copy
        assert not kept.pending and fs.finished == finished


async def test_a_failed_copy_is_reported_and_cleared_by_the_next_one(tmp_data_dir, caplog):
    fs, store, kept = await open_here(tmp_data_dir)
    with store:
        fs.failures.append(SyncFailed("QuotaExceededError: the quota has been exceeded"))
        with caplog.at_level(logging.WARNING, logger="companion.browser.storage"):
            store.players.add("Ann")
            await kept.settled()
        assert "QuotaExceededError" in kept.last_error
        assert "QuotaExceededError" in caplog.text
        # The player is told on the home screen (the store's notices), once, until they dismiss it.
        told = [n for n in store.notices if "QuotaExceededError" in n]
        assert len(told) == 1 and "download a backup" in told[0]
        with use_language("fr"):                   # said in the player's language, as every other notice
            assert tr(told[0]).startswith("L'enregistrement dans le stockage de ce navigateur a échoué")
        assert b'"Ann"' not in fs.stored(tmp_data_dir)["companion.json"]
        store.settings.set("theme", "dark")
        await kept.settled()
        assert kept.last_error is None
        assert b'"Ann"' in fs.stored(tmp_data_dir)["companion.json"]
        assert in_step(fs, tmp_data_dir)


async def test_a_copy_that_cannot_even_start_is_reported(tmp_data_dir, monkeypatch):
    fs, store, kept = await open_here(tmp_data_dir)
    with store:
        def refuses(populate, callback):
            raise RuntimeError("InvalidStateError: the database connection is closing")

        monkeypatch.setattr(fs, "syncfs", refuses)
        store.players.add("Ann")
        assert "InvalidStateError" in kept.last_error and not kept.pending
        monkeypatch.undo()
        store.players.add("Bob")
        await kept.settled()
        assert kept.last_error is None and in_step(fs, tmp_data_dir)


async def test_a_file_saved_again_within_one_tick_of_the_clock_is_still_copied(tmp_data_dir, monkeypatch):
    fs = FakeFS(asyncio.get_running_loop())
    kept = BrowserFolder(fs, str(tmp_data_dir), wrap_callback=once)
    await kept.mount()
    main = tmp_data_dir / "companion.json"

    def coarse_clock_then_saved():
        # A browser clock that has not moved since the last copy: the new file has the time IndexedDB holds.
        stored = fs.database.get(str(tmp_data_dir), {}).get("companion.json")
        if stored is not None:
            os.utime(main, ns=(stored.mtime * MS, stored.mtime * MS))
        kept.saved()

    with open_store(tmp_data_dir, after_save=coarse_clock_then_saved) as store:
        await kept.settled()
        for theme in ("dark", "light", "system"):
            store.settings.set("theme", theme)
            await kept.settled()
            assert f'"{theme}"'.encode() in fs.stored(tmp_data_dir)["companion.json"]
        assert in_step(fs, tmp_data_dir)
        # Without moving the time on, IDBFS would take the file for unchanged and keep the old one.
        monkeypatch.setattr(BrowserFolder, "_note_times", lambda self: None)
        store.settings.set("theme", "dark")
        await kept.settled()
        assert b'"system"' in fs.stored(tmp_data_dir)["companion.json"]


async def test_a_folder_that_could_not_be_filled_is_never_copied_back(tmp_data_dir):
    database = {str(tmp_data_dir): {"companion.json": Entry(1_700_000_000_000, b"{}\n")}}
    fs = FakeFS(asyncio.get_running_loop(), database)
    fs.fill_failures.append("ReferenceError: indexedDB is not defined")
    with pytest.raises(BrowserStorageError, match="cannot be read .*indexedDB is not defined"):
        await open_browser_store(fs, str(tmp_data_dir), wrap_callback=once)
    kept = BrowserFolder(fs, str(tmp_data_dir) + "-other", wrap_callback=once)
    fs.mounts.clear()
    fs.fill_failures.append(SyncFailed("UnknownError: the storage is unavailable"))
    with pytest.raises(BrowserStorageError, match="UnknownError"):
        await kept.mount()
    kept.saved()  # copying the unfilled folder would make IndexedDB empty: refused
    assert copies(fs) == 0 and "not filled" in kept.last_error
    assert fs.stored(tmp_data_dir) == {"companion.json": b"{}\n"}


# -- the hook itself ------------------------------------------------------------------------------------------


def disk_full(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def counting():
    calls: list[int] = []
    return calls, lambda: calls.append(1)


def test_after_save_runs_once_per_store_call_that_changed_files(tmp_data_dir):
    calls, hook = counting()
    with open_store(tmp_data_dir, after_save=hook) as store:
        assert len(calls) == 1  # opening wrote companion.json
        store.players.add("Ann")
        assert len(calls) == 2
        store.history.add(GAME)  # the month file, then the index: one call
        assert len(calls) == 3
        store.players.list(), store.history.list(), store.backups(), store.export_all(), store.table_names()
        assert len(calls) == 3
        with store.mutex:  # several saves held together, as SessionKeeper does: one call
            store.sessions.save(SESSION)
            store.settings.set("theme", "dark")
        assert len(calls) == 4
        store.import_all(backup_document())
        assert len(calls) == 5
        restore_previous_main(store)
        assert len(calls) == 6
        with pytest.raises(InvalidInput):
            store.players.add("Ann")  # refused before anything was written
        assert len(calls) == 6
    assert len(calls) == 6  # closing saves nothing
    with open_store(tmp_data_dir, after_save=hook):
        assert len(calls) == 7  # every open hands on what it may have changed
    with open_store(memory=True, after_save=hook) as memory:
        memory.players.add("Ann")
    assert len(calls) == 7  # an in-memory store has no folder to hand on


def test_a_failed_save_does_not_call_after_save(tmp_data_dir, monkeypatch):
    calls, hook = counting()
    with open_store(tmp_data_dir, after_save=hook) as store:
        store.history.add(GAME)
        doc = backup_document()
        before = len(calls)

        monkeypatch.setattr(atomic, "_write_synced", disk_full)
        with pytest.raises(StoreError, match="No space left"):
            store.players.add("Ann")
        with pytest.raises(StoreError, match="No space left"):
            store.history.add({**GAME, "title": "Second"})
        with pytest.raises(StoreError, match="No space left"):
            store.import_all(doc)
        assert len(calls) == before
        monkeypatch.undo()
        store.players.add("Ann")
        assert len(calls) == before + 1


async def test_a_failed_save_starts_no_copy(tmp_data_dir, monkeypatch):
    fs, store, kept = await open_here(tmp_data_dir)
    with store:
        started = copies(fs)
        monkeypatch.setattr(atomic, "_replace", lambda src, dst: (_ for _ in ()).throw(OSError(errno.EIO, "I/O")))
        with pytest.raises(StoreError):
            store.settings.set("theme", "dark")
        monkeypatch.undo()
        assert copies(fs) == started and not kept.pending


def test_an_error_from_after_save_is_raised_once_the_save_is_made(tmp_data_dir, caplog):
    failing = []

    def hook():
        if failing:
            raise RuntimeError("the copy could not be started")

    with open_store(tmp_data_dir, after_save=hook) as store:
        failing.append(True)
        with pytest.raises(StoreError, match="saved in the data folder.*may be behind") as raised:
            store.players.add("Ann")
        assert isinstance(raised.value.__cause__, RuntimeError)
        assert [p.name for p in store.players.list()] == ["Ann"]  # kept in the open store
        # When the store call fails as well, its own error is raised and the hook's is logged.
        with caplog.at_level(logging.WARNING, logger="companion.store.folder"):
            with pytest.raises(InvalidInput, match="already a player"), store.mutex:
                store.players.add("Bob")
                store.players.add("bob")
        assert "the copy could not be started" in caplog.text
    with open_store(tmp_data_dir) as again:
        assert [p.name for p in again.players.list()] == ["Ann", "Bob"]  # both saves are in the folder
    # An open whose hook fails closes the store again: the folder is not left locked.
    with pytest.raises(StoreError, match="may be behind"):
        open_store(tmp_data_dir, after_save=hook)
    with open_store(tmp_data_dir) as again:
        assert len(again.players.list()) == 2


def test_a_failed_open_does_not_call_after_save(tmp_data_dir):
    with open_store(tmp_data_dir) as store:
        store.players.add("Ann")
    main = tmp_data_dir / "companion.json"
    main.write_text(main.read_text().replace('"value":2', '"value":99'))
    calls, hook = counting()
    with pytest.raises(StoreError, match="newer version"):
        open_store(tmp_data_dir, after_save=hook)
    assert calls == []


# -- inside Pyodide ---------------------------------------------------------------------------------------------


PYODIDE_SCRIPT = r"""
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";

const py = await loadPyodide({ indexURL: "%(pyodide)s/" });
py.mountNodeFS("/host/repo", "%(repo)s");
py.mountNodeFS("/host/tinydb", "%(tinydb)s");
py.mountNodeFS("/host/platformdirs", "%(platformdirs)s");
const result = await py.runPythonAsync(`
import json, shutil, sys
skip = shutil.ignore_patterns("__pycache__")
shutil.copytree("/host/repo/companion", "/lib/app/companion", ignore=skip)
shutil.copytree("/host/tinydb", "/lib/app/tinydb", ignore=skip)
shutil.copytree("/host/platformdirs", "/lib/app/platformdirs", ignore=skip)
sys.path.insert(0, "/lib/app")

import threading
try:
    threading.Thread(target=print).start()
    threads = True
except RuntimeError:
    threads = False

from companion.store import open_store
calls = []
store = open_store("/data", after_save=lambda: calls.append(1))
ann = store.players.add("Ann")
store.settings.set("theme", "dark")
store.history.add({"game": "trek12", "finished": "2026-03-01T18:00:00Z", "title": "Dunai", "session": None,
                   "detail": {}, "players": [{"id": ann.id, "name": "Ann", "score": 60, "winner": True}]})
store.close()
store = open_store("/data", after_save=lambda: calls.append(1))
found = {"players": [p.name for p in store.players.list()], "theme": store.settings.get("theme"),
         "games": store.history.count(), "calls": len(calls), "threads": threads}
store.close()

# IDBFS itself: Node has no IndexedDB, so filling the folder must fail, loudly, and nothing is copied back.
import pyodide_js
from companion.browser.storage import BrowserFolder, BrowserStorageError
folder = BrowserFolder(pyodide_js.FS, "/browser-data")
try:
    await folder.mount()
    found["mount"] = "mounted"
except BrowserStorageError as exc:
    found["mount"] = str(exc)
folder.saved()
found["unfilled"] = folder.last_error
# A copy that IndexedDB refuses comes back through create_once_callable and is kept as last_error.
folder._loaded = True
folder.saved()
await folder.settled()
found["copy"] = folder.last_error
json.dumps(found)
`);
console.log("RESULT " + result);
"""


def test_the_store_runs_inside_pyodide(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    import flet_web
    import platformdirs
    import tinydb

    pyodide = Path(flet_web.__file__).resolve().parent / "web" / "pyodide"
    if not (pyodide / "pyodide.mjs").exists():
        pytest.skip("flet-web ships no Pyodide here")
    script = tmp_path / "store.mjs"
    script.write_text(PYODIDE_SCRIPT % {
        "pyodide": pyodide.as_posix(), "repo": REPO.as_posix(),
        "tinydb": Path(tinydb.__file__).resolve().parent.as_posix(),
        "platformdirs": Path(platformdirs.__file__).resolve().parent.as_posix(),
    }, encoding="utf-8")
    run = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    lines = [line for line in run.stdout.splitlines() if line.startswith("RESULT ")]
    assert run.returncode == 0 and lines, (run.stdout[-3000:], run.stderr[-3000:])
    found = json.loads(lines[-1][len("RESULT "):])
    assert found["threads"] is False  # really the platform without threads
    assert found["players"] == ["Ann"] and found["theme"] == "dark" and found["games"] == 1
    assert found["calls"] == 5  # open, three saves, open again
    assert "indexedDB is not defined" in found["mount"]
    assert "not filled" in found["unfilled"]
    assert "indexedDB is not defined" in found["copy"]


async def test_a_page_load_does_not_read_every_month_of_the_history_again(tmp_data_dir, monkeypatch):
    # In a browser each load rebuilds the folder from IndexedDB: same sizes and times, new inodes.
    monkeypatch.setattr(history, "sys", type("EmscriptenSys", (), {"platform": "emscripten"}))
    fs, store, kept = await open_here(tmp_data_dir)
    with store:
        for month in ("01", "02", "03"):
            store.history.add({**GAME, "finished": f"2026-{month}-01T18:00:00Z"})
    await kept.settled()
    shutil.rmtree(tmp_data_dir)
    read: list[str] = []
    real_read = history.read_json_file

    def counting(path):
        read.append(Path(path).name)
        return real_read(path)

    monkeypatch.setattr(history, "read_json_file", counting)
    _fs2, again, _kept2 = await open_here(tmp_data_dir, fs.database)
    with again:
        # Opening trusts the index's summaries of the months (reading them is left to who needs them).
        assert read == ["index.json"]
        assert again.history.count() == 3
        assert again.history.list()[0]["finished"].startswith("2026-03")


async def test_an_import_is_said_to_be_kept_only_once_it_is_in_indexeddb(tmp_data_dir, monkeypatch):
    # The Settings screen's import: its message comes after the copy into IndexedDB, so a reload right
    # after it cannot come first and lose the import. IndexedDB answers a fifth of a second late here.
    from types import SimpleNamespace

    from companion.ui.shell.settings import _import

    fs, store, kept = await open_here(tmp_data_dir)
    finish = fs._finish
    monkeypatch.setattr(fs, "_finish", lambda *args: fs.loop.call_later(0.2, finish, *args))
    with store:
        app = SimpleNamespace(store=store, changed=lambda: None)
        good, words, _undo, _what = await _import(app, json.dumps(backup_document()).encode("utf-8"),
                                                  "backup.json")
        assert good and words.startswith("Imported backup.json")
        assert not kept.pending and in_step(fs, tmp_data_dir)
        assert b'"Zoe"' in fs.stored(tmp_data_dir)["companion.json"]


async def test_an_import_whose_copy_into_indexeddb_fails_says_so(tmp_data_dir):
    from types import SimpleNamespace

    from companion.ui.shell.settings import _import

    fs, store, kept = await open_here(tmp_data_dir)
    with store:
        fs.failures.append(SyncFailed("QuotaExceededError: the quota has been exceeded"))
        app = SimpleNamespace(store=store, changed=lambda: None)
        with pytest.raises(StoreError, match="QuotaExceededError.*download a backup now") as refused:
            await _import(app, json.dumps(backup_document()).encode("utf-8"), "backup.json")
        with use_language("de"):
            assert "Sicherung" in said(refused.value)
        assert [p.name for p in store.players.list()] == ["Zoe"]     # in the page, as the message says


async def test_the_page_that_says_the_data_cannot_be_opened_speaks_the_devices_language():
    from types import SimpleNamespace

    from companion.browser.app import _said_to_device
    from companion.i18n.message import msg

    class Page:
        def __init__(self, locales):
            self.locales = locales

        async def get_device_info(self):
            if self.locales is None:
                raise RuntimeError("this client cannot say")
            return SimpleNamespace(locales=[SimpleNamespace(language_code=code) for code in self.locales])

    words = msg("The saved data in this browser cannot be opened: {reason}", reason=msg("the file is empty"))
    assert await _said_to_device(Page(["pl", "en"]), words) == (
        "Nie można otworzyć danych zapisanych w tej przeglądarce: plik jest pusty")
    assert await _said_to_device(Page(None), words) == words


def test_a_store_on_a_plain_folder_has_nothing_more_to_wait_for(tmp_data_dir):
    with open_store(tmp_data_dir) as store:
        assert store.persisted is None


async def test_the_page_is_told_while_a_save_is_being_copied_and_once_all_are_kept(tmp_data_dir):
    # Reloaded in the moment between the screen showing a move and its copy into IndexedDB, the page lost the
    # move: it is told when copying starts and when every copy is done, so that it can ask before it goes.
    fs, store, kept = await open_here(tmp_data_dir)
    told: list[bool] = []
    kept.on_busy = told.append
    with store:
        store.players.add("Ann")
        store.players.add("Bob")        # while the first copy runs: one more is due, no second "busy"
        assert told == [True] and kept.pending
        await kept.settled()
        assert told == [True, False]
        assert b'"Bob"' in fs.stored(tmp_data_dir)["companion.json"]
        kept.on_busy = lambda busy: (_ for _ in ()).throw(RuntimeError("the channel is closed"))
        store.players.add("Cy")         # a page that cannot be told never stops a save
        await kept.settled()
        assert b'"Cy"' in fs.stored(tmp_data_dir)["companion.json"]


def test_the_saving_teller_says_busy_on_the_pages_channel():
    from companion.browser.app import saving_teller

    posted: list[str] = []
    tell = saving_teller(type("Channel", (), {"postMessage": lambda self, data: posted.append(data)})())
    tell(True)
    tell(False)
    assert [json.loads(p) for p in posted] == [{"saving": True}, {"saving": False}]
