"""Where the game data and the user's saved data are found."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import companion
from companion import paths


def test_data_root_is_the_checkout_data_folder():
    root = paths.data_root()
    assert root == Path(companion.__file__).resolve().parents[1] / "data"
    assert root.is_dir()


def test_the_flet_storage_folder_wins_and_is_created(monkeypatch, tmp_path):
    target = tmp_path / "flet" / "storage" / "data"
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(target))
    assert paths.default_data_dir() == target
    assert target.is_dir()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_DATA_HOME is the Linux convention")
def test_otherwise_the_per_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", "  ")  # blank counts as unset
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    folder = paths.default_data_dir()
    assert folder == tmp_path / "xdg" / "companion"
    assert folder.is_dir()
