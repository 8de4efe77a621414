"""Joining on the Wi-Fi in a real browser: the code page, a wrong code, the right one, then the app.

The LAN server is run by tests/web/lan_server.py, which meets every connection as another device (the
browser here can only connect from this computer, whose own tabs need no code).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.bench.browser import CHROMIUM, CHROMIUM_ARGS, enable_semantics, free_port, wait_http

pytestmark = pytest.mark.e2e

LAN_SERVER = Path(__file__).resolve().parents[1] / "web" / "lan_server.py"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def test_a_phone_joins_with_the_code(playwright, tmp_path):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with open(tmp_path / "server.log", "wb") as log:
        proc = subprocess.Popen([sys.executable, str(LAN_SERVER), str(port), str(tmp_path / "data"), "20261201"],
                                stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_http(url, proc, any_status=True)
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
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
            finally:
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=20)
