"""The names of the files in a data folder and of the general tables (shared by the store's modules)."""

from __future__ import annotations

import re

__all__ = ["MAIN_FILE", "SESSIONS_FILE", "HISTORY_FILE", "TABLE_NAME_PATTERN", "RESERVED_NAMES", "table_file"]

MAIN_FILE = "companion.json"      # meta (layout version), players, settings
SESSIONS_FILE = "sessions.json"   # games in progress: the only file an autosave writes
HISTORY_FILE = "history.json"     # finished games
TABLE_NAME_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,39}")
# Names a general table cannot take: the core files and the tables inside companion.json.
RESERVED_NAMES = frozenset({"companion", "sessions", "history", "meta", "players", "settings"})


def table_file(name: str) -> str:
    """The file a general table is kept in."""
    return f"{name}.json"
