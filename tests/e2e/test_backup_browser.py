"""Backups in a real browser: a download from Settings to the device, then an upload into a fresh server.

Served to browsers, the companion never reads or writes a path a tab sends: the backup leaves as a download
(Chromium saves it, Playwright keeps it) and comes back as a file chosen in the browser's own file chooser.
"""

from __future__ import annotations

import json

import pytest

from companion.bench.browser import enable_semantics, named, open_app, start_app, tap, wait_for, wait_http
from companion.store import BACKUP_FORMAT, open_store

pytestmark = pytest.mark.e2e

NAME = "Ngawang"


def test_a_backup_downloaded_in_the_browser_restores_into_a_fresh_server(playwright, tmp_path):
    backup = tmp_path / "downloaded-backup.json"
    with start_app(tmp_path / "first", log=tmp_path / "first.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, url) as page:
            tap(page, "home-players")
            _type(page, "player-name", NAME)
            tap(page, "player-add")
            wait_for(page, named(f"Rename {NAME}"))     # the roster's row, not the typed text

            _open(page, f"{url}/settings")
            assert str(tmp_path) not in page.content()           # the data folder is not shown to a browser
            with page.expect_download(timeout=30_000) as download:
                tap(page, "settings-backup-download")
            assert download.value.suggested_filename.startswith("climbing-companion-backup-")
            download.value.save_as(backup)
            wait_for(page, 'flt-semantics:has-text("Backup downloaded as")')
    doc = json.loads(backup.read_text(encoding="utf-8"))
    assert doc["format"] == BACKUP_FORMAT and [p["name"] for p in doc["players"]] == [NAME]

    fresh = tmp_path / "fresh"
    with start_app(fresh, log=tmp_path / "fresh.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, f"{url}/settings") as page:
            with page.expect_file_chooser(timeout=30_000) as chooser:
                tap(page, "settings-backup-pick")
            chooser.value.set_files(str(backup))
            wait_for(page, f'flt-semantics:has-text("Imported {backup.name}")')
            page.wait_for_timeout(1000)                           # the canvas repaints after the tree
            page.screenshot(path=str(tmp_path / "settings-imported.png"))

            _open(page, f"{url}/players")
            wait_for(page, named(f"Rename {NAME}"))
    store = open_store(fresh)                                     # the server has stopped: it is on disk
    try:
        assert [p.name for p in store.players.list()] == [NAME]
    finally:
        store.close()


def _open(page, address: str) -> None:
    page.goto(address)
    enable_semantics(page)


def _type(page, identifier: str, text: str) -> None:
    """Tap a text field, wait until Flutter edits it, type, and let the change events reach the server."""
    tap(page, identifier)
    page.wait_for_selector("input, textarea", state="attached", timeout=30_000)
    page.wait_for_timeout(300)          # keys sent before Flutter's editing element takes over are lost
    page.keyboard.type(text, delay=40)
    page.wait_for_function(f"() => [...document.querySelectorAll('input, textarea')].some(e => e.value === {text!r})",
                           timeout=30_000)
    page.wait_for_timeout(500)


@pytest.mark.parametrize("mode", ["merge", "replace"])
def test_a_14ers_catalog_is_uploaded_in_the_browser(playwright, tmp_path, mode):
    """The catalog import's file chooser opens from the tap itself, also behind the Replace confirmation."""
    from test_fourteeners_fixtures import synthetic_catalog_doc   # tests/ is on sys.path

    catalog = tmp_path / "14ers-catalog.json"
    catalog.write_text(json.dumps(synthetic_catalog_doc()), encoding="utf-8")
    with start_app(tmp_path / "data", log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, f"{url}/games/fourteeners") as page:
            tap(page, "ft-tab-cards")
            if mode == "replace":
                tap(page, "ftc-import-replace")
                button = "ftc-replace-confirm"
            else:
                button = "ftc-import"
            with page.expect_file_chooser(timeout=30_000) as chooser:
                tap(page, button)
            chooser.value.set_files(str(catalog))
            # The outcome line sits below the long card list, out of the accessibility tree's view; the
            # list's own count at the top says the cards arrived.
            cards = len(synthetic_catalog_doc()["cards"])
            wait_for(page, f'flt-semantics:has-text("{cards} of {cards} Climb cards")')
    store = open_store(tmp_path / "data")
    try:
        from companion.ui.fourteeners.catalog import load_catalog
        assert len(load_catalog(store).cards) == len(synthetic_catalog_doc()["cards"])
    finally:
        store.close()


def test_a_file_too_large_to_send_is_refused_in_the_players_language(playwright, tmp_path):
    """A file over the largest a browser may send (`WEB_FILE_BYTES`) closed the tab's connection, and the page
    came back as if nothing had been picked, without a word. The page now keeps it from being sent and says
    why, in the app's language; a file within the limit is imported after it as ever."""
    from companion.inputs import WEB_FILE_BYTES

    store = open_store(tmp_path / "data")
    try:
        store.settings.set("language", "de")
    finally:
        store.close()
    huge = tmp_path / "huge$&{size}.json"           # said as it is named, its "$&" and braces left alone
    with huge.open("wb") as out:
        out.write(b'{"format": "' + b"x" * (WEB_FILE_BYTES + 1024 * 1024) + b'"}')
    small = tmp_path / "small.json"
    small.write_text(json.dumps({"format": BACKUP_FORMAT, "version": 1, "players": []}), encoding="utf-8")
    with start_app(tmp_path / "data", log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, f"{url}/settings") as page:
            with page.expect_file_chooser(timeout=30_000) as chooser:
                tap(page, "settings-backup-pick")
            chooser.value.set_files(str(huge))
            refusal = page.locator("#companion-too-big")
            refusal.wait_for(state="visible", timeout=15_000)
            assert refusal.get_attribute("lang") == "de"
            # Its size rounded up: a file just over the limit is not said to be of the limit's size.
            assert refusal.inner_text().startswith(
                "huge$&{size}.json hat 33,1\u00a0MB: Eine Datei über 32\u00a0MB lässt sich")
            page.wait_for_timeout(3_000)
            assert page.locator("#companion-lost").count() == 0          # the connection stayed open
            page.get_by_role("button", name="OK").click()
            assert refusal.count() == 0
            with page.expect_file_chooser(timeout=30_000) as chooser:
                tap(page, "settings-backup-pick")
            chooser.value.set_files(str(small))
            wait_for(page, 'flt-semantics:has-text("small.json importiert")')
