"""Files and the two ways the app is run (companion.ui.common.files): served to browsers, no path from a client is
ever read or written and no server path is shown; in a desktop window the system's dialogs' paths are used.

Every screen that moves a file is covered: Settings (backup, CSV), the 14ers catalog, the Trek 12 sheet.
"""

from __future__ import annotations

import json

import flet as ft
import pytest
from file_dialogs import Pick, answer_files, pick_calls, save_calls, uploaded
from harness import UiApp, walk

import companion.ui.fourteeners.screens  # noqa: F401  (registers the 14ers screens)
from companion.games.fourteeners.catalog import import_catalog
from companion.inputs import WEB_FILE_BYTES
from companion.store import open_store
from companion.ui.common import registry
from companion.ui.fourteeners.catalog import load_catalog
from companion.ui.shell.app import build_main
from companion.ui.trek12.screens import Trek12NewGame, Trek12Play
from test_fourteeners_fixtures import synthetic_catalog_doc

SHEET = {
    "name": "Island Peak",
    "summit": 30,
    "circles": [{"id": i, "x": i % 3, "y": i // 3, "dangerous": i == 4} for i in range(6)],
    "links": [[0, 1], [1, 2], [3, 4], [4, 5], [0, 3], [1, 4], [2, 5]],
}


@pytest.fixture(autouse=True)
def trek12_screens():
    registry.register_game_screen("trek12", new_game=Trek12NewGame, play=Trek12Play)


def a_path_only(path) -> dict:
    """What a hostile client may send as a pick result in web mode: a path on the server, no bytes."""
    return {"id": 0, "name": path.name, "size": path.stat().st_size, "path": str(path)}


def backup_with(name: str) -> bytes:
    """A valid backup holding one player called `name`."""
    other = open_store(memory=True)
    try:
        other.players.add(name)
        return json.dumps(other.export_all()).encode("utf-8")
    finally:
        other.close()


async def open_screen(open_ui, screen: str, *, desktop: bool = False) -> UiApp:
    """A tab on the screen that takes files: 'settings', 'catalog' (14ers, Cards tab) or 'sheet' (Trek 12)."""
    if screen == "settings":
        return await open_ui(route="/settings", desktop=desktop)
    if screen == "catalog":
        ui = await open_ui(route="/games/fourteeners", desktop=desktop)
        await ui.click("ft-tab-cards")
        return ui
    ui = await open_ui(route="/games/trek12", desktop=desktop)
    await ui.click("t12-new-sheet-file")
    return ui


PICK_BUTTON = {"settings": "settings-backup-pick", "catalog": "ftc-import", "sheet": "t12-new-pick"}
RESULT = {"settings": "settings-backup-result", "catalog": "ftc-share-result", "sheet": "t12-new-file-error"}


def files_for(screen: str, tmp_path):
    """A valid file for the screen on this computer's disk, and how to tell it was taken in."""
    path = tmp_path / "on-the-server.json"
    if screen == "settings":
        path.write_bytes(backup_with("Mallory"))
        return path, lambda store, ui: any(p.name == "Mallory" for p in store.players.list())
    if screen == "catalog":
        path.write_text(json.dumps(synthetic_catalog_doc()), encoding="utf-8")
        return path, lambda store, ui: load_catalog(store).cards != ()
    path.write_text(json.dumps(SHEET), encoding="utf-8")
    return path, lambda store, ui: ui.get("t12-new-file-summary").value.startswith("Island Peak")


# --- served to browsers -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("screen", ["settings", "catalog", "sheet"])
async def test_no_screen_has_a_path_field_in_web_mode(open_ui, store, screen):
    store.players.add("Ann")
    ui = await open_screen(open_ui, screen)
    assert [c.key for c in walk(ui.top) if isinstance(c, ft.TextField)] == []
    assert {"settings-backup-path", "settings-csv-path", "ftc-path", "t12-new-path"}.isdisjoint(ui.keys())


@pytest.mark.parametrize("screen", ["settings", "catalog", "sheet"])
async def test_a_pick_naming_a_server_path_is_refused_unread_in_web_mode(open_ui, store, tmp_path, screen):
    store.players.add("Ann")
    path, taken_in = files_for(screen, tmp_path)
    before = store.export_all()
    ui = await open_screen(open_ui, screen)
    answer_files(ui, picked=[a_path_only(path)])
    await ui.click(PICK_BUTTON[screen])
    assert pick_calls(ui)[-1] == Pick("action", pick_calls(ui)[-1].args)   # opened by the client, in the tap
    assert pick_calls(ui)[-1].args["with_data"] is True
    assert "contents of on-the-server.json did not arrive from this device" in ui.get(RESULT[screen]).value
    assert not taken_in(store, ui) and store.export_all() == before

    # A client claiming to be a desktop window (its own page properties) changes nothing.
    ui.session.apply_page_patch({"web": False, "platform": "linux"})
    await ui.click(PICK_BUTTON[screen])
    assert "did not arrive from this device" in ui.get(RESULT[screen]).value
    assert not taken_in(store, ui) and store.export_all() == before


async def test_uploaded_bytes_are_used_and_a_path_beside_them_is_ignored(open_ui, store, tmp_path):
    server_file = tmp_path / "server.json"
    server_file.write_bytes(backup_with("Mallory"))
    ui = await open_ui(route="/settings")
    answer_files(ui, picked=[{**uploaded("mine.json", backup_with("Ann")), "path": str(server_file)}])
    await ui.click("settings-backup-pick")
    assert [p.name for p in store.players.list()] == ["Ann"]
    assert "Imported mine.json" in ui.get("settings-backup-result").value
    # Said as it appears, below the button a screen reader user has just tapped.
    result = ui.get("settings-backup-result")
    assert any(isinstance(c, ft.Semantics) and c.live_region and any(d is result for d in walk(c))
               for c in walk(ui.top))


@pytest.mark.parametrize("screen", ["settings", "catalog", "sheet", "replace"])
async def test_in_web_mode_the_picker_opens_in_the_tap_and_the_server_never_asks_for_it(open_ui, store, screen):
    store.players.add("Ann")
    ui = await open_screen(open_ui, "catalog" if screen == "replace" else screen)
    if screen == "replace":
        await ui.click("ftc-import-replace")
        button = ui.get("ftc-replace-confirm")              # the confirmation's own button carries the pick
    else:
        button = ui.get(PICK_BUTTON[screen])
    action = button.action
    assert isinstance(action, ft.PickFiles) and action.with_data and action.allowed_extensions == ["json"]
    assert action.file_picker in ui.page._services._services   # registered with the page: the client knows it
    await ui.click(button.key)                                 # the person cancels the browser's picker
    assert pick_calls(ui) == [] and not [m for m in ui.client.sent if getattr(m.body, "name", None) == "pick_files"]


async def test_in_web_mode_a_cancelled_or_malformed_upload_changes_nothing(open_ui, store):
    before = store.export_all()
    ui = await open_ui(route="/settings")
    answer_files(ui, picked=[])                                # cancelled: nothing said, nothing changed
    await ui.click("settings-backup-pick")
    assert ui.find("settings-backup-result") is None and store.export_all() == before
    for junk in ("not bytes", [300, 1], {"a": 1}):
        answer_files(ui, picked=[{"id": 0, "name": "../../x.json", "size": 3, "bytes": junk}])
        await ui.click("settings-backup-pick")
        assert "contents of x.json did not arrive from this device" in ui.get("settings-backup-result").value
    answer_files(ui, picked=[{**uploaded("mine.json", backup_with("Ann")), "bytes": list(backup_with("Ann"))}])
    await ui.click("settings-backup-pick")                     # bytes as a list of numbers are bytes too
    assert [p.name for p in store.players.list()] == ["Ann"]


async def test_a_browser_served_by_a_computer_brings_in_a_backup_of_at_most_32_mb(open_ui, store, tmp_path):
    # A backup reaches the server whole in one message: from a browser it serves, a backup is refused above
    # 32 MB, and the screen says so before the pick (a larger message closes the tab's connection unsaid).
    big = backup_with("Ann") + b" " * (WEB_FILE_BYTES + 10)          # valid JSON, just over the limit
    ui = await open_ui(route="/settings")
    # The size on one line with its unit (a no-break space): "(20" and "KB)" were wrapped apart.
    assert ui.get("settings-backup-limit").value.startswith("From this browser a backup of up to 32\u00a0MB")
    answer_files(ui, picked=[uploaded("big.json", big)])
    await ui.click("settings-backup-pick")
    said = ui.get("settings-backup-result").value
    assert said.startswith("The file big.json is 32") and "a backup is at most 32\u00a0MB" in said, said
    assert store.players.list() == []
    # The desktop window reads the file itself, up to 256 MB (as `companion import` does).
    path = tmp_path / "big.json"
    path.write_bytes(big)
    desktop = await open_ui(route="/settings", desktop=True)
    assert desktop.find("settings-backup-limit") is None
    answer_files(desktop, picked=[a_path_only(path)])
    await desktop.click("settings-backup-pick")
    assert [p.name for p in store.players.list()] == ["Ann"]


async def test_a_phones_own_app_brings_in_a_backup_over_32_mb(store):
    # A phone's own app runs Python on the device: nothing is sent to a server.
    big = backup_with("Ann") + b" " * (WEB_FILE_BYTES + 10)
    ui = await UiApp(build_main(store, device="phone"), route="/settings").start()
    try:
        assert ui.find("settings-backup-limit") is None
        answer_files(ui, picked=[uploaded("big.json", big)])
        await ui.click("settings-backup-pick")
        assert [p.name for p in store.players.list()] == ["Ann"], ui.get("settings-backup-result").value
    finally:
        await ui.close()


async def test_the_browser_build_brings_in_a_backup_of_at_most_32_mb(store):
    # Read into the page's Python, a file of a few hundred MB overflowed its memory: the tab crashed unsaid.
    # The page script refuses a larger file before it is read (companion.js); the screen says the limit.
    big = backup_with("Ann") + b" " * (WEB_FILE_BYTES + 10)
    ui = await UiApp(build_main(store, device="browser"), route="/settings").start()
    try:
        assert ui.get("settings-backup-limit").value == ("This browser imports a backup of up to 32\u00a0MB (more than "
                                                         "10,000 finished games).")
        answer_files(ui, picked=[uploaded("big.json", big)])
        await ui.click("settings-backup-pick")
        assert "a backup is at most 32\u00a0MB" in ui.get("settings-backup-result").value
        assert store.players.list() == []
    finally:
        await ui.close()


@pytest.mark.parametrize("button", ["settings-backup-download", "settings-csv-download", "ftc-export"])
async def test_a_save_answer_naming_a_server_path_writes_nothing_in_web_mode(open_ui, store, tmp_path, button):
    store.players.add("Ann")
    target = tmp_path / ".bashrc"
    target.write_text("the owner's own file\n", encoding="utf-8")
    ui = await open_screen(open_ui, "catalog" if button == "ftc-export" else "settings")
    answer_files(ui, saved_to=str(target))
    ui.session.apply_page_patch({"web": False, "platform": "linux"})   # and it claims to be a desktop window
    await ui.click(button)
    (call,) = save_calls(ui)
    assert call.args["src_bytes"]                                       # the file went to the device ...
    assert target.read_text(encoding="utf-8") == "the owner's own file\n"   # ... and nothing was written here
    assert [p.name for p in tmp_path.iterdir()] == [".bashrc"]
    assert str(target) not in ui.text() and "downloaded as" in ui.text()


async def test_settings_never_shows_a_browser_where_the_data_folder_is(tmp_path):
    folder = tmp_path / "server-data"
    store = open_store(folder)
    try:
        web = await UiApp(build_main(store), route="/settings").start()
        desktop = await UiApp(build_main(store, desktop=True), route="/settings").start()
        try:
            assert str(folder) not in web.text() and str(tmp_path) not in web.text()
            assert web.find("settings-data-dir") is None
            assert "download a backup" in web.get("settings-data-where").value
            assert desktop.get("settings-data-dir").value == str(folder)
        finally:
            await web.close()
            await desktop.close()
    finally:
        store.close()


# --- a desktop window -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("screen", ["settings", "catalog", "sheet"])
async def test_a_desktop_window_reads_the_picked_path(open_ui, store, tmp_path, screen):
    store.players.add("Ann")
    path, taken_in = files_for(screen, tmp_path)
    ui = await open_screen(open_ui, screen, desktop=True)
    answer_files(ui, picked=[a_path_only(path)])
    await ui.click(PICK_BUTTON[screen])
    assert pick_calls(ui)[-1].via == "call"                 # the system's dialog, opened from here
    assert pick_calls(ui)[-1].args["with_data"] is False    # the bytes are read here, not sent over
    assert taken_in(store, ui)


async def test_a_desktop_pick_of_a_missing_or_huge_file_is_refused(open_ui, store, tmp_path, monkeypatch):
    monkeypatch.setattr("companion.ui.shell.settings.MAX_BACKUP_BYTES", 100)
    ui = await open_ui(route="/settings", desktop=True)
    answer_files(ui, picked=[{"id": 0, "name": "gone.json", "size": 1, "path": str(tmp_path / "gone.json")}])
    await ui.click("settings-backup-pick")
    assert ui.get("settings-backup-result").value == f"There is no file at {tmp_path / 'gone.json'}."
    big = tmp_path / "big.json"
    big.write_bytes(backup_with("Mallory"))
    answer_files(ui, picked=[a_path_only(big)])
    await ui.click("settings-backup-pick")
    assert ui.get("settings-backup-result").value.startswith("The file big.json is ")
    assert store.players.list() == []


@pytest.mark.parametrize("button, check", [
    ("settings-backup-download", lambda store, data: json.loads(data) == store.export_all()),
    ("settings-csv-download", lambda store, data: data.startswith(b"\xef\xbb\xbfrecord_id,")),
    ("ftc-export", lambda store, data: import_catalog(json.loads(data)) == load_catalog(store)),
])
async def test_a_desktop_window_saves_where_the_save_dialog_says(open_ui, store, tmp_path, button, check):
    store.players.add("Ann")
    target = tmp_path / "chosen" / "file.out"
    target.parent.mkdir()
    ui = await open_screen(open_ui, "catalog" if button == "ftc-export" else "settings", desktop=True)
    answer_files(ui, saved_to=None)                            # the dialog was cancelled: nothing happens
    await ui.click(button)
    assert not target.exists() and "saved to" not in ui.text()
    answer_files(ui, saved_to=str(target))
    await ui.click(button)
    assert check(store, target.read_bytes())
    assert f"saved to {target}" in ui.text()


@pytest.mark.parametrize("device, where, loses", [("browser", "Kept in this browser", "Clearing this site's data"),
                                                   ("phone", "Kept on this phone", "Uninstalling the app")])
async def test_settings_says_the_data_is_kept_on_the_device_that_runs_the_app(tmp_path, device, where, loses):
    store = open_store(tmp_path / "data")
    try:
        ui = await UiApp(build_main(store, device=device), route="/settings").start()
        try:
            text = ui.text()
            assert where in text and "computer running the companion" not in text
            assert loses in ui.get("settings-data-where").value
            assert str(tmp_path) not in text and ui.find("settings-data-dir") is None
        finally:
            await ui.close()
    finally:
        store.close()


async def test_a_browser_that_may_clear_the_data_is_said_on_home_until_dismissed_and_in_settings(tmp_path):
    store = open_store(tmp_path / "data")
    try:
        # Safari clears a site's data after a week without a visit unless it is on the home screen, and any
        # browser may when space runs low, unless it promised to keep it (navigator.storage.persisted()).
        ui = await UiApp(build_main(store, device="browser", storage_kept=False), route="/").start()
        assert "may clear" in ui.text() and ui.find("home-storage-dismiss") is not None
        # Said for what it leads to: beside home's own Settings, two buttons were both "Settings".
        [node] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "home-storage-backup"]
        assert node.label == "Settings, to download a backup"
        await ui.click("home-storage-backup")
        assert "may clear" in ui.get("settings-data-where").value
        await ui.go("/")
        await ui.click("home-storage-dismiss")
        assert ui.find("home-storage-dismiss") is None
        await ui.close()
        ui = await UiApp(build_main(store, device="browser", storage_kept=False), route="/").start()
        assert ui.find("home-storage-dismiss") is None          # dismissed for good, not only until a restart
        await ui.close()
    finally:
        store.close()
    for kept in (True, None):          # promised, or the browser cannot say: nothing on home, in a fresh store
        store = open_store(tmp_path / f"data-{kept}")
        try:
            ui = await UiApp(build_main(store, device="browser", storage_kept=kept), route="/").start()
            assert ui.find("home-storage-dismiss") is None and "may clear" not in ui.text()
            await ui.go("/settings")
            assert ("promised to keep them" in ui.get("settings-data-where").value) is bool(kept)
            assert "may clear" not in ui.get("settings-data-where").value
            await ui.close()
        finally:
            store.close()


async def test_a_page_opened_over_plain_http_from_another_computer_says_to_keep_to_one_tab(tmp_path):
    # There the browser gives the page no service worker and no Web Locks: two tabs overwrote each other's
    # players without a word, while Settings said the games "work with no network".
    store = open_store(tmp_path / "data")
    try:
        ui = await UiApp(build_main(store, device="browser", secure_page=False), route="/").start()
        ui.get("home-insecure")
        assert "two tabs open at once save over each other's players and games" in ui.text()
        await ui.go("/settings")
        where = ui.get("settings-data-where").value
        assert "keep it in one tab" in where and "work with no network" not in where
        await ui.close()
        for secure in (True, None):     # https or this computer's own address, or a browser that cannot say
            ui = await UiApp(build_main(store, device="browser", secure_page=secure), route="/").start()
            assert ui.find("home-insecure") is None
            await ui.go("/settings")
            assert "work with no network" in ui.get("settings-data-where").value
            await ui.close()
    finally:
        store.close()


def test_the_page_is_asked_whether_it_is_a_secure_context(monkeypatch):
    import sys
    from types import SimpleNamespace

    from companion.browser.app import _secure_page

    assert _secure_page() is None                                   # outside a browser: cannot say
    for answer in (False, True):
        monkeypatch.setitem(sys.modules, "js", SimpleNamespace(isSecureContext=answer))
        assert _secure_page() is answer
    monkeypatch.setitem(sys.modules, "js", SimpleNamespace())
    assert _secure_page() is None


async def test_the_static_build_tells_the_page_the_language_chosen_in_settings(tmp_path):
    """The page's own notices (a second tab waiting, a new build) are made before Python starts: the app tells
    the page which language Settings holds as it starts and at each change, as JSON on a BroadcastChannel."""
    from companion.browser.app import language_teller

    class Channel:
        def __init__(self) -> None:
            self.posted: list[dict] = []

        def postMessage(self, data: str) -> None:  # noqa: N802 - the browser's name
            self.posted.append(json.loads(data))

    channel = Channel()
    store = open_store(tmp_path / "data")
    try:
        store.settings.set("language", "de")
        ui = await UiApp(build_main(store, device="browser", language_told=language_teller(channel)),
                         route="/settings").start()
        assert channel.posted == [{"language": "de"}]
        await ui.click("settings-language-fr")
        await ui.click("settings-language-system")
        assert channel.posted == [{"language": "de"}, {"language": "fr"}, {"language": "system"}]
        await ui.close()
    finally:
        store.close()
    assert language_teller() is None        # outside a browser there is no channel to tell


def test_the_page_is_told_when_the_screen_shown_says_no_language():
    """The static build's page covers Flet's "Working..." until the app says its language; the page saying the
    data cannot be opened says none, and tells the page it is shown instead, or it stayed covered."""
    from companion.browser.app import tell_shown

    posted: list[dict] = []

    class Channel:
        def postMessage(self, data: str) -> None:  # noqa: N802 - the browser's name
            posted.append(json.loads(data))

    tell_shown(Channel())
    assert posted == [{"shown": True}]
    tell_shown()                            # outside a browser there is no channel: nothing to tell, no error


async def test_an_import_is_taken_back_with_one_tap_until_something_is_saved_after_it(open_ui, store):
    store.players.add("Ann")
    before = store.export_all()
    ui = await open_ui(route="/settings")
    answer_files(ui, picked=[uploaded("friend.json", backup_with("Ann"))])
    await ui.click("settings-backup-pick")
    assert [p.name for p in store.players.list()] == ["Ann", "Ann (2)"]
    # A look at who came in, and back: the import can still be taken back.
    await ui.go("/players")
    await ui.go("/settings")
    # The same file again by mistake changes nothing: the first import can still be taken back, as the earlier
    # one, since the line above speaks of the second of the same name. A tap on it says first what it takes
    # away (read as "undo this import", it took the whole first import without a word).
    await ui.click("settings-backup-pick")
    assert "nothing new to add" in ui.get("settings-backup-result").value
    assert ui.get("settings-backup-undo").content == "Undo the earlier import of friend.json"
    imported = store.export_all()
    await ui.click("settings-backup-undo")
    [dialog] = ui.dialogs()
    assert dialog.semantics_label == "Undo the earlier import of friend.json?"
    assert ui.get("settings-backup-undo-words").value == ("This takes back what that import did: 1 player. The "
                                                          "files picked since changed nothing.")
    await ui.click("settings-backup-undo-cancel")
    assert store.export_all() == imported and not ui.dialogs()
    await ui.click("settings-backup-undo")
    await ui.click("settings-backup-undo-confirm")
    assert store.export_all() == before
    assert ui.get("settings-backup-result").value == (
        "The import of friend.json is undone: what it added is gone, the rest is as it was.")
    assert ui.find("settings-backup-undo") is None

    # Imported again, then a player added: the import is part of what was saved since, and stays.
    await ui.click("settings-backup-pick")
    store.players.add("Cy")
    after = store.export_all()
    await ui.click("settings-backup-undo")
    assert store.export_all() == after
    assert ui.get("settings-backup-result").value.startswith(
        "The import cannot be undone any more: the record of players and settings changed since.")
    assert ui.find("settings-backup-undo") is None


async def test_after_a_refused_file_the_undo_names_the_earlier_import_and_asks_first(open_ui, store):
    # Under "The file cut.json was not imported … Nothing was changed" the button still said "Undo this import"
    # and took back the earlier file's import at once, without a word.
    store.players.add("Ann")
    ui = await open_ui(route="/settings")
    answer_files(ui, picked=[uploaded("friend.json", backup_with("Ann"))])
    await ui.click("settings-backup-pick")
    imported = store.export_all()
    answer_files(ui, picked=[uploaded("cut.json", b'{"format": "companion-backup", "vers')])
    await ui.click("settings-backup-pick")
    assert ui.get("settings-backup-result").value.startswith("The file cut.json was not imported")
    assert ui.get("settings-backup-undo").content == "Undo the earlier import of friend.json"
    await ui.click("settings-backup-undo")
    [dialog] = ui.dialogs()
    assert dialog.semantics_label == "Undo the earlier import of friend.json?"
    await ui.click("settings-backup-undo-cancel")
    assert store.export_all() == imported
    # Refused before it is read (its contents never came): the same.
    ui2 = await open_ui(route="/settings")
    answer_files(ui2, picked=[uploaded("friend.json", backup_with("Ann"))])
    await ui2.click("settings-backup-pick")
    answer_files(ui2, picked=[{"id": 0, "name": "lost.json", "size": 10, "bytes": None}])
    await ui2.click("settings-backup-pick")
    assert "lost.json" in ui2.get("settings-backup-result").value
    assert ui2.get("settings-backup-undo").content == "Undo the earlier import of friend.json"


@pytest.mark.parametrize("sent", ["C:\\Users\\Łukasz\\Pobrane\\kopia żółć.json", "/home/serwer/kopia żółć.json"])
async def test_a_file_is_named_without_the_folders_its_device_sent(open_ui, store, sent):
    # A name sent with Windows folders was shown whole: "Imported C:\Users\Łukasz\Pobrane\kopia żółć.json".
    store.players.add("Ann")
    ui = await open_ui(route="/settings")
    answer_files(ui, picked=[uploaded(sent, backup_with("Ann"))])
    await ui.click("settings-backup-pick")
    assert ui.get("settings-backup-result").value.startswith("Imported kopia żółć.json: ")


async def test_the_undo_of_an_earlier_import_names_a_long_file_in_full_on_a_phone(open_ui, store):
    # The name is the only thing that tells which import is undone: the app's own backup name ran off a
    # 390-pixel screen on one line ("Undo the earlier import of climbing-co…").
    from layout_check import layout_problems

    store.players.add("Ann")
    ui = await open_ui(route="/settings")
    name = "climbing-companion-backup-2026-12-07.json"
    answer_files(ui, picked=[uploaded(name, backup_with("Ann"))])
    await ui.click("settings-backup-pick")
    await ui.click("settings-backup-pick")
    assert ui.get("settings-backup-undo").content == f"Undo the earlier import of {name}"
    assert [p for p in layout_problems(ui.top, every_label=True) if name in p] == []
