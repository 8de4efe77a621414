"""Fixtures for the in-process UI tests: an in-memory store and `open_ui()` tabs over it (see harness.py)."""

from __future__ import annotations

import uuid
from datetime import datetime, timezone

import pytest
from harness import UiApp, new_hub  # tests/ui is on sys.path (rootdir-less test folder)


@pytest.fixture
def store():
    """A fresh in-memory store: no files, no lock."""
    from companion.store import open_store

    opened = open_store(memory=True)
    yield opened
    opened.close()


@pytest.fixture
async def hub():
    """One simulated server's pubsub: tabs opened with it see each other's changes."""
    return new_hub()


@pytest.fixture
async def open_ui(store, hub):
    """Open a tab of the app over `store`; `await open_ui(route="/players", width=1280)`. Closed after.

    Served to browsers by default; `open_ui(desktop=True)` is the app in a desktop window instead.
    """
    from companion.ui.shell.app import build_main

    mains = {}                 # one shell per process: the tabs of one kind share it
    tabs: list[UiApp] = []

    async def opener(*, desktop: bool = False, **options) -> UiApp:
        options.setdefault("hub", hub)
        if desktop not in mains:
            mains[desktop] = build_main(store, desktop=desktop)
        tab = UiApp(mains[desktop], **options)
        tabs.append(tab)
        return await tab.start()

    yield opener
    for tab in tabs:
        await tab.close()


@pytest.fixture
def save_session(store):
    """Write a game in progress straight into the store, as an earlier run of the app left it; returns its id.

    No engine is involved, so this works for games whose rules have not landed; screens of games that
    have an engine should start sessions with `SessionKeeper(store).start(...)` instead.
    """

    def save(game: str, title: str, players=(), actions=(), updated: datetime | None = None) -> str:
        now = (updated or datetime.now(timezone.utc)).isoformat()
        session_id = uuid.uuid4().hex
        store.sessions.save({"id": session_id, "game": game, "title": title, "setup": {}, "players": list(players),
                             "actions": list(actions), "redo": [], "created": now, "updated": now})
        return session_id

    return save
