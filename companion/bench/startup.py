"""`companion bench startup`: seconds from `companion --web` to the first HTTP 200 and to the app in Chromium.

Usage: companion bench startup [--runs N] [--text WORD]
The app counts as visible when the home screen's text is in the browser's accessibility tree.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from companion.bench.browser import CHROMIUM, CHROMIUM_ARGS, enable_semantics, start_app, wait_http


def main(argv: list[str]) -> int:
    """Start the web app N times on a fresh data folder and print both start-up times."""
    parser = argparse.ArgumentParser(prog="companion bench startup")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--text", default="Players", help="text that shows the home screen is up")
    args = parser.parse_args(argv)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("this benchmark needs the test extras: uv run --extra test companion bench startup")
        return 2
    if not Path(CHROMIUM).exists():
        print(f"this benchmark needs Chromium at {CHROMIUM} (apt-get install chromium)")
        return 2
    http_times, visible_times = [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            for _ in range(args.runs):
                with tempfile.TemporaryDirectory() as tmp, start_app(Path(tmp)) as (url, proc):
                    start = time.perf_counter()
                    wait_http(url, proc)
                    http_times.append(time.perf_counter() - start)
                    page = browser.new_page(viewport={"width": 390, "height": 844})
                    page.goto(url)
                    enable_semantics(page)
                    page.get_by_text(args.text).first.wait_for(timeout=60_000)
                    visible_times.append(time.perf_counter() - start)
                    page.close()
        finally:
            browser.close()
    print(f"runs: {args.runs}")
    print(f"first HTTP 200 after start (s): median {statistics.median(http_times):.2f}  worst {max(http_times):.2f}")
    print(f"app visible in Chromium after start (s): median {statistics.median(visible_times):.2f}  "
          f"worst {max(visible_times):.2f}")
    return 0
