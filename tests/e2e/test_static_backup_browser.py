"""Backups in the static build: with Python running in the page, a backup is still a download to the
device, and an import is a file chosen on it, which lands in the browser's own storage and outlives a
reload."""

from __future__ import annotations

import json

import pytest

from companion.bench.browser import (CHROMIUM, CHROMIUM_ARGS, enable_semantics, guard_requests, named, serve_folder,
                                     tap, wait_for)
from companion.bench.trek12_browser import add_player, by_id, wait
from companion.browser.build import build_web
from companion.inputs import WEB_FILE_BYTES
from companion.store import BACKUP_FORMAT

pytestmark = pytest.mark.e2e

NAME = "Pemba"
FIRST_START_MS = 120_000


def _fresh_page(browser, url: str, route: str = ""):
    """A new browser profile (its own IndexedDB and service worker) at `route` of the app."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="allow")
    outside = guard_requests(context, url)
    page = context.new_page()
    page.goto(f"{url}/{route}")
    enable_semantics(page)
    return context, page, outside


def test_a_backup_downloaded_from_the_static_build_imports_into_another_browser(playwright, tmp_path):
    build_web(tmp_path / "site")
    backup = tmp_path / "downloaded-backup.json"
    with serve_folder(tmp_path / "site", log=tmp_path / "server.log") as (url, _server):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            context, page, outside = _fresh_page(browser, url)
            wait(page, by_id("home-players"), FIRST_START_MS)
            add_player(page, NAME)
            tap(page, "home-settings")
            wait_for(page, 'flt-semantics:has-text("Kept in this browser")')
            with page.expect_download(timeout=30_000) as download:
                tap(page, "settings-backup-download")
            assert download.value.suggested_filename.startswith("climbing-companion-backup-")
            download.value.save_as(backup)
            wait_for(page, 'flt-semantics:has-text("Backup downloaded as")')
            context.close()
            assert outside == []
            doc = json.loads(backup.read_text(encoding="utf-8"))
            assert doc["format"] == BACKUP_FORMAT and [p["name"] for p in doc["players"]] == [NAME]

            # Another browser (profile): nothing kept yet; the file chosen there is imported into its storage.
            context, page, outside = _fresh_page(browser, url, "#/settings")
            wait(page, by_id("settings-backup-pick"), FIRST_START_MS)
            with page.expect_file_chooser(timeout=30_000) as chooser:
                tap(page, "settings-backup-pick")
            chooser.value.set_files(str(backup))
            wait_for(page, f'flt-semantics:has-text("Imported {backup.name}")')
            # A file larger than a backup may be here is refused before it is read: a few hundred MB read into
            # the page's Python crashed the tab without a word.
            huge = tmp_path / "huge.json"
            with huge.open("wb") as out:
                out.write(b'{"format": "' + b"x" * (WEB_FILE_BYTES + 1024 * 1024) + b'"}')
            with page.expect_file_chooser(timeout=30_000) as chooser:
                tap(page, "settings-backup-pick")
            chooser.value.set_files(str(huge))
            refusal = page.locator("#companion-too-big")
            refusal.wait_for(state="visible", timeout=15_000)
            assert refusal.inner_text().startswith(
                "huge.json is 33.1\u00a0MB: a file larger than 32\u00a0MB cannot be opened in this browser.")
            page.get_by_role("button", name="OK").click()
            page.goto(f"{url}/#/players")       # a reload: the roster comes back from IndexedDB
            page.reload()
            enable_semantics(page)
            wait_for(page, named(f"Rename {NAME}"), FIRST_START_MS)
            context.close()
            assert outside == []
        finally:
            browser.close()
