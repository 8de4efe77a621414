"""The names of the files in a data folder and of the general tables (shared by the store's modules)."""

from __future__ import annotations

import re

__all__ = [
    "MAIN_FILE", "SESSIONS_FILE", "HISTORY_DIR", "HISTORY_INDEX", "LEGACY_HISTORY_FILE", "MONTH_PATTERN",
    "PENDING_NOTICES_FILE", "TABLE_NAME_PATTERN", "RESERVED_NAMES", "CORRECTIONS_TABLE", "REOPENED_TABLE",
    "DRAFTS_TABLE", "SESSION_TABLES", "FOURTEENERS_CATALOG_TABLE", "LAN_CODE_SETTING", "STORAGE_WARNING_SETTING",
    "LANGUAGE_SETTING", "DEVICE_SETTINGS", "table_file", "month_file", "month_of_file",
]

MAIN_FILE = "companion.json"      # meta (layout version), players, settings
SESSIONS_FILE = "sessions.json"   # games in progress: the only file an autosave writes
HISTORY_DIR = "history"           # finished games: one file per month, history/<YYYY-MM>.json
HISTORY_INDEX = "history/index.json"  # what each month file holds, so starting reads none of them
LEGACY_HISTORY_FILE = "history.json"  # data version 1 kept every finished game in this one file
# Notices about damaged files kept until the player decides (the "-" keeps it from being taken for a table).
PENDING_NOTICES_FILE = "pending-notices.json"
MONTH_PATTERN = re.compile(r"\d{4}-(?:0[1-9]|1[0-2])")
TABLE_NAME_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,39}")
# Names a general table cannot take: the core files and the tables inside companion.json.
RESERVED_NAMES = frozenset({"companion", "sessions", "history", "meta", "players", "settings"})
# General tables whose documents belong to a game in progress, by its id (an old entry being corrected, a
# finished game taken back from History): a backup brings them in only with their game, never onto another
# copy of it that has moved on since.
CORRECTIONS_TABLE = "corrections"
REOPENED_TABLE = "reopened"
# A form half filled in on a game's screen (a Ridgeline hand's cards), kept so that a reload or a phone that
# closed the page finds it as it was (companion/ui/common/drafts.py).
DRAFTS_TABLE = "drafts"
SESSION_TABLES = (CORRECTIONS_TABLE, REOPENED_TABLE, DRAFTS_TABLE)
# The 14ers card catalog: one document per device (companion/ui/fourteeners/catalog.py); a backup's is not
# merged into it, and an import says so.
FOURTEENERS_CATALOG_TABLE = "fourteeners_catalog"
# The setting that keeps the LAN join code (companion/server/lan.py): it stays on its device, never exported
# in a backup nor taken from one.
LAN_CODE_SETTING = "lan_code"
# The setting that keeps dismissed, in a browser that has not promised to keep the data, the home screen's
# warning that it may clear it (ui/shell/home.py): another browser's answer is its own.
STORAGE_WARNING_SETTING = "storage_warning"
# Settings that belong to this device and never travel in a backup, nor come back with an earlier copy of the
# settings: the LAN join code kept in Settings admits any device that knows it at every start, so a backup
# must not carry it to another computer, nor a file picked or a copy restored by a device that joined set it
# here; a browser's storage warning dismissed is that browser's. The language is the choice of whoever holds
# the device: a friend's backup brought in switched the whole app to the friend's language.
LANGUAGE_SETTING = "language"
DEVICE_SETTINGS = frozenset({LAN_CODE_SETTING, STORAGE_WARNING_SETTING, LANGUAGE_SETTING})


def table_file(name: str) -> str:
    """The file a general table is kept in."""
    return f"{name}.json"


def month_file(month: str) -> str:
    """The file (relative to the data folder) holding the games finished in `month` ("2026-11")."""
    return f"{HISTORY_DIR}/{month}.json"


def month_of_file(name: str) -> str | None:
    """The month a file name such as "history/2026-11.json" holds, or None for any other file."""
    folder, slash, base = name.partition("/")
    if slash and folder == HISTORY_DIR and base.endswith(".json") and MONTH_PATTERN.fullmatch(base[:-5]):
        return base[:-5]
    return None
