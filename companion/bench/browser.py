"""Driving the real app in a browser: start `companion --web`, wait for it, open Debian's Chromium.

Shared by the startup benchmark and the browser tests. Needs the test extras (playwright) and
/usr/bin/chromium; never downloads a browser.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "free_port", "start_app", "run_python", "wait_http", "open_app",
           "enable_semantics", "wait_for", "tap", "named", "serve_folder", "stop_process", "guard_requests"]

CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
# Without swiftshader Flutter's canvas stays blank in headless Chromium; the networking flags stop
# Chromium from trying to reach the outside world from a machine that has no network.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--enable-unsafe-swiftshader",
    "--use-angle=swiftshader",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def free_port() -> int:
    """A TCP port on the loopback address that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def start_app(data_dir: Path, port: int | None = None, log: Path | None = None) -> Iterator[tuple[str, subprocess.Popen]]:
    """Run `python -m companion --web` on a free port with its own data folder; stop it afterwards."""
    port = port or free_port()
    command = ["-m", "companion", "--web", "--port", str(port), "--data-dir", str(data_dir)]
    with run_python(command, log) as proc:
        yield f"http://127.0.0.1:{port}", proc


@contextmanager
def run_python(arguments: list[str], log: Path | None = None, *, env: dict[str, str] | None = None,
               cwd: Path | None = None) -> Iterator[subprocess.Popen]:
    """Run this Python with `arguments` (output to `log`), as a served app is run; stop it afterwards."""
    full_env = dict(os.environ, FLET_FORCE_WEB_SERVER="1", **(env or {}))
    full_env.pop("FLET_APP_STORAGE_DATA", None)
    out = open(log, "wb") if log else subprocess.DEVNULL
    proc = subprocess.Popen([sys.executable, *arguments], stdout=out, stderr=subprocess.STDOUT, env=full_env,
                            cwd=cwd)
    try:
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if log:
            out.close()


def wait_http(url: str, proc: subprocess.Popen | None = None, timeout: float = 60.0, *,
              any_status: bool = False) -> float:
    """Poll `url` until it answers 200 (or anything at all, with `any_status`); returns the seconds waited.
    Raises if the app exits or times out."""
    start = time.perf_counter()
    while True:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the app exited with status {proc.returncode} before answering")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return time.perf_counter() - start
        except urllib.error.HTTPError:
            if any_status:
                return time.perf_counter() - start
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if time.perf_counter() - start > timeout:
            raise TimeoutError(f"{url} did not answer within {timeout:.0f} s")
        time.sleep(0.02)


def enable_semantics(page) -> None:
    """Turn on Flutter's accessibility tree so roles, labels and identifiers become selectable."""
    page.wait_for_selector("flutter-view", timeout=60_000)
    deadline = time.monotonic() + 60
    # The placeholder appears once Flutter has started; a click before the first frame can be lost,
    # so click until the tree of semantics nodes shows up.
    while True:
        placeholder = page.locator("flt-semantics-placeholder")
        if placeholder.count():
            placeholder.first.evaluate("el => el.click()")
        try:
            page.wait_for_selector("flt-semantics[role], flt-semantics-host flt-semantics", timeout=3_000,
                                   state="attached")
            return
        except Exception:
            if time.monotonic() > deadline:
                raise TimeoutError("the app's accessibility tree never appeared") from None


def wait_for(page, selector: str, timeout: float = 30_000) -> None:
    """Wait for an element of the page; on failure, say what the screen did show (its accessible texts)."""
    try:
        page.locator(selector).first.wait_for(timeout=timeout, state="attached")
    except Exception:
        shown = page.eval_on_selector_all(
            "flt-semantics", "els => els.map(e => e.getAttribute('aria-label') || e.textContent).filter(Boolean)")
        raise AssertionError(f"nothing matches {selector!r}; the screen shows: {shown[:40]}") from None


def named(text: str, identifier: str | None = None, *, then_comma: bool = False) -> str:
    """A selector for the semantics node whose accessible name is `text` (or, with `then_comma`, `text` followed
    by ", …", as "Circle 3: 5, in a line"), with this identifier when one is given. Flutter puts a node's name
    in its aria-label when the node has children, and in its own text when it is a leaf (a merged button is
    one), so both are matched."""
    where = f'[flt-semantics-identifier="{identifier}"]' if identifier else "flt-semantics"
    pattern = "^" + "".join("\\" + ch if ch in "\\^$.|?*+()[]{}/" else ch for ch in text) + \
        ("(,|$)" if then_comma else "$")
    quoted = pattern.replace("\\", "\\\\").replace('"', '\\"')
    options = [f'{where}[aria-label="{text}"]', f'{where}:text-matches("{quoted}")']
    if then_comma:
        options.append(f'{where}[aria-label^="{text},"]')
    return ", ".join(options)


def tap(page, identifier: str, timeout: float = 30_000) -> None:
    """Tap the control with this `ft.Semantics` identifier (or `labelled` key) once it is on screen."""
    selector = f'[flt-semantics-identifier="{identifier}"]'
    wait_for(page, selector, timeout)
    page.locator(selector).first.click(timeout=timeout)


@contextmanager
def open_app(playwright, url: str, width: int = 390, height: int = 844) -> Iterator[object]:
    """A headless Chromium page at a phone's size with the app loaded and its semantics turned on."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(url)
        enable_semantics(page)
        yield page
    finally:
        browser.close()


@contextmanager
def serve_folder(folder: Path | str, port: int | None = None,
                 log: Path | None = None) -> Iterator[tuple[str, subprocess.Popen]]:
    """Serve `folder` as plain static files (Python's http.server on the loopback address), as any static
    host would; yields `(url, proc)` once it answers. The server may be stopped early (`proc.terminate()`,
    to go offline mid-test); it is stopped afterwards in any case."""
    port = port or free_port()
    out = open(log, "wb") if log else subprocess.DEVNULL
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                             "--directory", str(folder)], stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_http(f"{url}/", proc, timeout=30)
        yield url, proc
    finally:
        stop_process(proc)
        if log:
            out.close()


def stop_process(proc: subprocess.Popen, timeout: float = 10.0) -> None:
    """Stop a process started here (terminate, then kill) and reap it; nothing happens if it has ended."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def guard_requests(context, url: str) -> list[str]:
    """Let a Playwright BrowserContext reach only the origin of `url`: every request elsewhere is aborted
    and its URL recorded in the returned list (which the caller checks is empty).

    In Chromium, `context.route` sees the requests of the context's pages and of their dedicated workers,
    and also those a service worker sends itself (its precache, its `fetch()` on a cache miss) as long as
    the context was created with `service_workers="allow"` (Playwright's default); a request the service
    worker answers from its cache never reaches the network, so it is not seen and needs no guard.
    `data:` and `blob:` URLs never reach a route."""
    allowed = _origin(url)
    outside: list[str] = []

    def handle(route) -> None:
        request_url = route.request.url
        if _origin(request_url) == allowed:
            route.fallback()
        else:
            outside.append(request_url)
            route.abort("blockedbyclient")

    context.route("**/*", handle)
    return outside


def _origin(url: str) -> tuple[str, str, int | None]:
    parts = urllib.parse.urlsplit(url)
    port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    return parts.scheme, (parts.hostname or ""), port
