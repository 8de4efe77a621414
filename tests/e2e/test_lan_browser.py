"""Joining on the Wi-Fi in a real browser: the code page, a wrong code, the right one, then the app; the QR
code's link after another site's page sent the server wrong codes by the dozen.

The LAN server is run by tests/web/lan_server.py, which meets every connection as another device (the
browser here can only connect from this computer, whose own tabs need no code).
"""

from __future__ import annotations

import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.bench.browser import CHROMIUM, CHROMIUM_ARGS, enable_semantics, free_port, serve_folder, wait_http
from companion.server.guard import MAX_WRONG_ALL

pytestmark = pytest.mark.e2e

LAN_SERVER = Path(__file__).resolve().parents[1] / "web" / "lan_server.py"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@contextmanager
def _lan_browser(playwright, tmp_path):
    """The LAN test server with the code 2026 1201, and a browser: (the server's address, the browser)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with open(tmp_path / "server.log", "wb") as log:
        proc = subprocess.Popen([sys.executable, str(LAN_SERVER), str(port), str(tmp_path / "data"), "20261201"],
                                stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_http(url, proc, any_status=True)
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                yield url, browser
            finally:
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=20)


def test_a_phone_joins_with_the_code(playwright, tmp_path):
    with _lan_browser(playwright, tmp_path) as (url, browser):
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(url + "/players")
        assert page.title().startswith("Join the table")
        page.fill("#code", "1111 2222")
        page.click("button[type=submit]")
        page.wait_for_selector("text=That is not the code")
        page.fill("#code", "2026 1201")
        page.screenshot(path=str(SCREENSHOTS / "lan-join.png"))
        page.click("button[type=submit]")
        enable_semantics(page)           # the app itself, now that the device is admitted
        # On the page the phone asked for (the form once sent every phone home).
        page.locator('[flt-semantics-identifier="player-name"]').wait_for(timeout=30_000)
        assert page.url == url + "/players"   # and the code does not stay in the address bar
        cookies = {c["name"]: c for c in page.context.cookies()}
        assert cookies["companion_join"]["httpOnly"]
        # A phone that joined is not shown the join code.
        assert page.locator('[flt-semantics-identifier="lan-code"]').count() == 0


def test_another_sites_pictures_cannot_spend_the_wrong_codes(playwright, tmp_path):
    # A page on another site (here "localhost", another site than "127.0.0.1") loads the server's address with
    # a code as pictures, more than the whole network's allowance of wrong codes. None is counted: the QR
    # code's link, opened next in the same browser (its cookies included), still lets the phone in.
    with _lan_browser(playwright, tmp_path) as (url, browser):
        site = tmp_path / "site"
        site.mkdir()
        pictures = "".join(f'<img src="{url}/players?code={n:08d}">' for n in range(MAX_WRONG_ALL + 5))
        (site / "index.html").write_text(f"<!doctype html><title>elsewhere</title>{pictures}", encoding="utf-8")
        with serve_folder(site) as (elsewhere, _):
            phone = browser.new_context(viewport={"width": 390, "height": 844})
            page = phone.new_page()
            answered, again = [], []
            page.on("response", lambda response: answered.append(response.status) if "code=" in response.url
                    else None)
            page.on("request", lambda request: again.append(request.url) if "seen=1" in request.url else None)
            page.goto(elsewhere.replace("127.0.0.1", "localhost") + "/index.html", wait_until="load")
            page.wait_for_function("Array.from(document.images).every(i => i.complete)", timeout=20_000)
            # Each picture reached the server and was sent back once to set the cookie, and came back without it
            # (the browser keeps no such cookie from another site's picture, nor sends one with it).
            assert answered.count(303) == len(again) == MAX_WRONG_ALL + 5, (answered, again)
            qr = phone.new_page()
            qr.goto(url + "/players?code=20261201")
            enable_semantics(qr)
            qr.locator('[flt-semantics-identifier="player-name"]').wait_for(timeout=30_000)
            assert qr.url == url + "/players"


def test_a_phone_is_asked_for_the_new_code_by_itself_after_the_computer_restarts(playwright, tmp_path):
    # After a restart the server lets the phone in only once it has joined again: its page retried for ever
    # behind "the page goes on by itself once the companion runs again". It now asks the server now and then
    # while the connection is lost, and goes to the join page as soon as the server shows it one.
    port = free_port()
    url = f"http://127.0.0.1:{port}"

    def serve(code: str, log_name: str) -> subprocess.Popen:
        with open(tmp_path / log_name, "wb") as log:
            proc = subprocess.Popen([sys.executable, str(LAN_SERVER), str(port), str(tmp_path / "data"), code],
                                    stdout=log, stderr=subprocess.STDOUT)
        wait_http(url, proc, any_status=True)
        return proc

    proc = serve("20261201", "server.log")
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(url + "/players")
        page.fill("#code", "2026 1201")
        page.click("button[type=submit]")
        enable_semantics(page)
        page.locator('[flt-semantics-identifier="player-name"]').wait_for(timeout=30_000)
        proc.terminate()
        proc.wait(timeout=20)
        page.locator("#companion-lost").wait_for(state="visible", timeout=15_000)
        proc = serve("20261202", "server-again.log")
        page.wait_for_selector("#code", timeout=30_000)
        assert page.title().startswith("Join the table") and page.url == url + "/players"
        page.fill("#code", "2026 1202")
        page.click("button[type=submit]")
        enable_semantics(page)
        page.locator('[flt-semantics-identifier="player-name"]').wait_for(timeout=30_000)
    finally:
        browser.close()
        proc.terminate()
        proc.wait(timeout=20)
