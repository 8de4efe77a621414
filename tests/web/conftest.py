"""Fixtures for the websocket tests: the real `companion --web` server in a subprocess over a fresh data folder.

    async def test_something(server):
        async with await connect(server.url, route="/players") as tab:
            ...
        assert "Ann" in server.stop_and_read_players()

The client (`client.py`) speaks Flet's websocket protocol as a browser tab does; see its docstring.
"""

from __future__ import annotations

import os
import subprocess
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.bench.browser import free_port, run_python, wait_http
from procstats import rss_kb  # tests/web is on sys.path (rootdir-less test folder)

__all__ = ["Server"]


@dataclass
class Server:
    """A running app server: its address, process, data folder and log file."""

    url: str
    proc: subprocess.Popen
    data_dir: Path
    log: Path
    _stack: ExitStack = field(repr=False, default_factory=ExitStack)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.poll() is None

    def rss_kb(self) -> int:
        """The server's resident memory (VmRSS) in KiB."""
        return rss_kb(self.pid)

    def stop(self) -> None:
        """Stop the server (idempotent); its data folder is then free to open."""
        self._stack.close()

    def log_text(self) -> str:
        try:
            return self.log.read_text(errors="replace")
        except OSError:
            return ""

    def stop_and_read_players(self) -> list[str]:
        """Stop the server, then open its data folder and return the roster's names in order."""
        from companion.store import open_store

        self.stop()
        store = open_store(self.data_dir)
        try:
            return [p.name for p in store.players.list()]
        finally:
            store.close()


REPO = Path(__file__).resolve().parents[2]
# The source tree the server runs from: this checkout unless COMPANION_WEB_SOURCE names another
# (e.g. a clean `git archive` of a commit, to compare two versions under the same tests).
SOURCE = Path(os.environ.get("COMPANION_WEB_SOURCE", REPO))


@contextmanager
def run_server(data_dir: Path, log: Path, port: int | None = None, env: dict[str, str] | None = None,
               lan_code: str | None = None):
    """`python -m companion --web` from SOURCE on a free port with its own data folder; stopped afterwards.

    With `lan_code`, the server is the LAN one (tests/web/lan_server.py) with that join code, meeting
    every connection as another device on the network.
    """
    port = port or free_port()
    if lan_code is None:
        command = ["-m", "companion", "--web", "--port", str(port), "--data-dir", str(data_dir)]
    else:
        command = [str(Path(__file__).with_name("lan_server.py")), str(port), str(data_dir), lan_code]
    with run_python(command, log, env=env, cwd=SOURCE) as proc:
        yield f"http://127.0.0.1:{port}", proc


def start_server(tmp_path: Path, name: str = "server", env: dict[str, str] | None = None,
                 lan_code: str | None = None) -> Server:
    """Start `companion --web` over a fresh data folder under `tmp_path` and wait until it answers
    (with `lan_code`, the LAN server: see `run_server`)."""
    data_dir = tmp_path / f"{name}-data"
    log = tmp_path / f"{name}.log"
    stack = ExitStack()
    url, proc = stack.enter_context(run_server(data_dir, log, env=env, lan_code=lan_code))
    server = Server(url=url, proc=proc, data_dir=data_dir, log=log, _stack=stack)
    try:
        wait_http(url, proc, timeout=60, any_status=lan_code is not None)
    except BaseException:
        stack.close()
        raise
    return server


@pytest.fixture
def server(tmp_path):
    """A fresh server for one test; stopped afterwards (its log shows in a failed test's report)."""
    running = start_server(tmp_path)
    try:
        yield running
    finally:
        running.stop()
        # pytest shows this only for a failed test: the server's own account of what went wrong.
        print(running.log_text()[-4000:])
