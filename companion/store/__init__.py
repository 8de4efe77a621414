"""The store: the only code that touches saved files. tinydb behind small repositories, written atomically.

    from companion.store import open_store
    store = open_store(data_dir)          # one per process and folder; StoreLocked if another has it
    store.players.add("Ann")
    store.close()

`open_store(data_dir, after_save=hook)` calls `hook()` after every change that reached the folder (the browser
backend copies the folder into IndexedDB from it: `companion.browser.storage`).

See `store.py` for the files a data folder holds and `docs/formats.md` (Backup) for the backup file.
"""

from companion.store.backup import FORMAT as BACKUP_FORMAT
from companion.store.backup import VERSION as BACKUP_VERSION
from companion.store.backup import ImportReport
from companion.store.lock import StoreLocked
from companion.store.migrations import SCHEMA_VERSION
from companion.store.repos import (
    PALETTE, HistoryRepo, Player, PlayerId, PlayerRepo, SessionRepo, SettingsRepo, TableRepo,
)
from companion.store.storage import StoreCorrupt
from companion.store.folder import BackupInfo, BackupKind, Store, data_folder, holds_saved_data, open_store

__all__ = [
    "open_store",
    "data_folder",
    "holds_saved_data",
    "Store",
    "Player",
    "PlayerId",
    "PlayerRepo",
    "SessionRepo",
    "HistoryRepo",
    "SettingsRepo",
    "TableRepo",
    "BackupInfo",
    "BackupKind",
    "ImportReport",
    "StoreLocked",
    "StoreCorrupt",
    "SCHEMA_VERSION",
    "BACKUP_FORMAT",
    "BACKUP_VERSION",
    "PALETTE",
]
