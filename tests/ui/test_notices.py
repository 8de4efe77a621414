"""Start-up notices from the store on home: a damaged file set aside, the kept copy restored on request."""

from __future__ import annotations

import pytest

from companion.store import open_store


@pytest.fixture
def store(tmp_path):
    """A data folder whose main file was damaged after two good saves: the store starts with a notice."""
    first = open_store(tmp_path)
    first.players.add("Ann")
    first.players.add("Bob")  # the save before this one is kept as companion.json.bak
    first.close()
    (tmp_path / "companion.json").write_text('{"players": {"1": ', encoding="utf-8")
    opened = open_store(tmp_path)
    assert opened.notices and opened.offered_backups()
    yield opened
    opened.close()


async def test_damaged_file_notice_offers_the_kept_copy(open_ui, store):
    ui = await open_ui()
    banner = ui.get("home-notice-0")
    assert "companion.json could not be read" in ui.text()
    assert banner is not None and store.players.list() == []

    await ui.click("home-notice-0-restore")
    assert "Restore the kept copy?" in ui.text()
    await ui.click("home-notice-0-restore-cancel")
    assert store.players.list() == []

    await ui.click("home-notice-0-restore")
    await ui.click("home-notice-0-restore-confirm")
    assert ui.find("home-notice-0") is None
    assert [p.name for p in store.players.list()] == ["Ann"]  # the copy saved before the last save
    await ui.click("home-players")
    assert "Ann" in ui.texts()


async def test_a_notice_can_be_dismissed_for_every_tab(open_ui, store):
    first = await open_ui()
    second = await open_ui()
    second.get("home-notice-0")
    await first.click("home-notice-0-dismiss")
    assert first.find("home-notice-0") is None
    assert second.find("home-notice-0") is None
    third = await open_ui()
    assert third.find("home-notice-0") is None
