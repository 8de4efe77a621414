"""Browser tests: the real `companion --web` in Debian's headless Chromium, driven by Playwright.

They are skipped with a message where Chromium or Playwright is missing, except under CI (CI=true),
where `.ci/run` installs Chromium and a missing browser is a failure, not a skip.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.bench.browser import CHROMIUM


def _require(condition: bool, why: str) -> None:
    if condition:
        return
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run in CI: {why}")
    pytest.skip(why)


@pytest.fixture
def playwright():
    """A Playwright driver for one test. Not shared further: its event loop runs until it stops, and the
    asyncio tests that follow need none to be running."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _require(False, "playwright is not installed (uv run --extra test pytest)")
    _require(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as pw:
        yield pw
