"""Where things live: the shipped game data, and the folder that keeps the user's saved data."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from companion.errors import DataError, StoreError

__all__ = ["APP_NAME", "STORAGE_ENV", "data_root", "default_data_dir", "default_data_path"]

APP_NAME = "companion"
# Set by `flet run` and by built apps (phones): the app's private folder that survives app updates.
STORAGE_ENV = "FLET_APP_STORAGE_DATA"

_PACKAGE = Path(__file__).resolve().parent


def data_root() -> Path:
    """The game data folder: the installed `companion/_data`, or `<checkout>/data` when run from source."""
    # The wheel force-includes data/ as companion/_data; a checkout (or an editable install) has the
    # data/ folder next to the package instead.
    for candidate in (_PACKAGE / "_data", _PACKAGE.parent / "data"):
        if candidate.is_dir():
            return candidate
    raise DataError(
        f"the game data folder is missing: looked for {_PACKAGE / '_data'} and {_PACKAGE.parent / 'data'}; "
        "reinstall the companion"
    )


def default_data_path() -> Path:
    """Where saved data is kept by default: $FLET_APP_STORAGE_DATA when set, else the per-user data folder
    (not made: `default_data_dir` makes it)."""
    configured = os.environ.get(STORAGE_ENV, "").strip()
    return Path(configured).expanduser() if configured else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def default_data_dir() -> Path:
    """The folder for saved data (`default_data_path`); created."""
    folder = default_data_path()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the data folder {folder}: {exc.strerror or exc}") from None
    return folder
