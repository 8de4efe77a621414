"""Shared fixtures: a store on every backend, a data folder, a tiny game engine, and a child-process runner."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[1]

# Screens show a time in the machine's own zone, and the tests' games are dated in UTC: a machine east of UTC+6
# showed a game finished at 18:00 UTC on the next day. The tests (and the servers they start, which inherit the
# environment) read every time in UTC.
os.environ["TZ"] = "UTC"
if hasattr(time, "tzset"):
    time.tzset()

# A counting game just rich enough to exercise sessions: reach the target by adding 1, 2 or 3.
COUNTER_ENGINE = textwrap.dedent('''
    """Counting game used by the store and session tests."""
    from dataclasses import dataclass

    from companion.errors import IllegalAction, InvalidInput


    @dataclass(frozen=True)
    class State:
        target: int
        total: int
        moves: tuple


    def start(setup):
        target = setup.get("target")
        if type(target) is not int or not 1 <= target <= 1_000_000:
            raise InvalidInput(f"target must be a whole number from 1 to 1,000,000, not {target!r}")
        return State(target, 0, ())


    def apply(state, action):
        add = action.get("add")
        if type(add) is not int or add not in (1, 2, 3):
            raise InvalidInput(f"add must be 1, 2 or 3, not {add!r}")
        if state.total + add > state.target:
            raise IllegalAction(f"adding {add} to {state.total} would pass the target {state.target}")
        return State(state.target, state.total + add, state.moves + (add,))


    def summary(state):
        if state.total != state.target:
            raise IllegalAction(f"the game is not finished: {state.total} of {state.target}")
        return {"players": [{"score": len(state.moves), "winner": True}], "detail": {"moves": list(state.moves)}}
''')


@pytest.fixture
def tmp_data_dir(tmp_path: Path) -> Path:
    """A data folder path that does not exist yet (opening the store creates it)."""
    return tmp_path / "data"


@pytest.fixture(params=["memory", "file", "browser"])
def store(request: pytest.FixtureRequest, tmp_data_dir: Path):
    """An open store in memory, on files, and on files kept in a stand-in for the browser's IndexedDB:
    every repository test runs on all three (see `browser_store` for what the third one checks)."""
    from companion.store import open_store

    if request.param == "browser":
        yield from browser_store(tmp_data_dir)
        return
    opened = open_store(memory=True) if request.param == "memory" else open_store(tmp_data_dir)
    yield opened
    opened.close()


def browser_store(folder: Path):
    """A store opened by `open_browser_store` over a stand-in IDBFS (tests/browser_fs.py), as a generator.

    The repository tests are synchronous, as the store is: the copies into the stand-in IndexedDB that
    their saves start wait on this fixture's event loop, which runs while the store opens and once the test
    is over. So the first save's copy lists the files early and the later saves must queue one more copy.
    Then every copy must have finished without error, never two at once, and IndexedDB must hold exactly
    the folder: a save that started no copy, or a queued copy that was lost, fails the test.
    """
    import asyncio

    from browser_fs import FakeFS, folder_entries, once, without_lock

    from companion.browser.storage import open_browser_store

    loop = asyncio.new_event_loop()
    try:
        fs = FakeFS(loop)
        opened, kept = loop.run_until_complete(open_browser_store(fs, str(folder), wrap_callback=once))
        try:
            loop.run_until_complete(kept.settled())
            yield opened
            loop.run_until_complete(kept.settled())
            assert kept.last_error is None, kept.last_error
            assert fs.most_at_once == 1
            assert without_lock(fs.stored(folder)) == without_lock(folder_entries(folder))
        finally:
            opened.close()
    finally:
        loop.close()


@pytest.fixture
def file_store(tmp_data_dir: Path):
    """An open file-backed store in `tmp_data_dir`."""
    from companion.store import open_store

    opened = open_store(tmp_data_dir)
    yield opened
    opened.close()


@pytest.fixture(scope="session")
def engine_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding `counter_engine.py`, for child processes to put on their path."""
    folder = tmp_path_factory.mktemp("engines")
    (folder / "counter_engine.py").write_text(COUNTER_ENGINE, encoding="utf-8")
    return folder


@pytest.fixture
def counter_engine(engine_dir: Path) -> ModuleType:
    """The counting game as an engine module (start, apply, summary)."""
    spec = importlib.util.spec_from_file_location("counter_engine", engine_dir / "counter_engine.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def run_python(engine_dir: Path):
    """Run Python code in a child process (with the counter engine importable); returns CompletedProcess."""

    def run(code: str, *, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                              timeout=timeout, cwd=REPO, env=child_env(engine_dir))

    return run


@pytest.fixture
def spawn_python(engine_dir: Path):
    """Start Python code in a child process with piped output (the caller waits for or kills it)."""
    children: list[subprocess.Popen] = []

    def spawn(code: str) -> subprocess.Popen:
        child = subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, cwd=REPO, env=child_env(engine_dir))
        children.append(child)
        return child

    yield spawn
    for child in children:
        if child.poll() is None:
            child.kill()
        child.wait(timeout=30)
        child.stdout.close()
        child.stderr.close()


def child_env(engine_dir: Path) -> dict[str, str]:
    """The environment for child processes: the repository and the engine folder on the import path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), str(engine_dir), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env
