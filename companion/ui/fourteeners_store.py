"""Where the owner's 14ers card catalog is kept: one document in the store, and one JSON file to share.

The store's general table `fourteeners_catalog` holds a single document `{"id": "catalog", "catalog":
CATALOG}` where CATALOG is the catalog file's own format (`docs/formats.md`, 14ers), so the saved copy,
the exported file and a game's setup snapshot are the same JSON. Every game copies the catalog into its
setup when it starts, so editing the catalog later never changes a game already played or in progress.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.errors import DataError, InvalidInput, StoreError
from companion.games.fourteeners.catalog import EMPTY, Catalog, export_catalog, import_catalog
from companion.store.atomic import Unreadable, read_json_file, write_json_atomic

__all__ = ["CATALOG_TABLE", "CATALOG_ID", "EXPORT_NAME", "load_catalog", "save_catalog", "default_export_path",
           "export_to_file", "import_from_file"]

CATALOG_TABLE = "fourteeners_catalog"
CATALOG_ID = "catalog"
EXPORT_NAME = "14ers-catalog.json"

# Parsed catalogs by their JSON text: every screen reads the catalog on each redraw, parsing it once is enough.
_parsed: dict[str, Catalog] = {}


def load_catalog(store: Any) -> Catalog:
    """The saved catalog (empty until the owner describes a card); DataError if the saved copy is unusable."""
    doc = store.table(CATALOG_TABLE).get(CATALOG_ID)
    if doc is None or doc.get("catalog") is None:
        return EMPTY
    text = json.dumps(doc["catalog"], sort_keys=True)
    catalog = _parsed.get(text)
    if catalog is None:
        catalog = import_catalog(doc["catalog"])
        if len(_parsed) > 16:
            _parsed.clear()
        _parsed[text] = catalog
    return catalog


def save_catalog(store: Any, catalog: Catalog) -> None:
    """Keep the catalog in the store (replacing the saved one); StoreError if it cannot be written."""
    store.table(CATALOG_TABLE).upsert({"id": CATALOG_ID, "catalog": export_catalog(catalog)})


def default_export_path(store: Any) -> str:
    """Where the export goes unless the owner types another path: the data folder, else the home folder."""
    folder = getattr(store, "data_dir", None) or Path.home()
    return str(Path(folder) / EXPORT_NAME)


def export_to_file(catalog: Catalog, path: str) -> Path:
    """Write the catalog as one JSON file (written whole or not at all); the path written."""
    target = _path(path)
    if target.is_dir():
        target = target / EXPORT_NAME
    if not target.parent.is_dir():
        raise InvalidInput(f"the folder {str(target.parent)!r} does not exist")
    try:
        write_json_atomic(target, export_catalog(catalog), indent=1)
    except OSError as exc:
        raise StoreError(f"{str(target)!r} could not be written: {exc.strerror or exc}") from None
    return target


def import_from_file(path: str) -> Catalog:
    """Read a catalog file; InvalidInput if it cannot be read, DataError naming the field if it is refused."""
    source = _path(path)
    try:
        doc = read_json_file(source)
    except FileNotFoundError:
        raise InvalidInput(f"there is no file {str(source)!r}") from None
    except IsADirectoryError:
        raise InvalidInput(f"{str(source)!r} is a folder; give the catalog file's path") from None
    except OSError as exc:
        raise InvalidInput(f"{str(source)!r} could not be read: {exc.strerror or exc}") from None
    except Unreadable as exc:
        raise DataError(f"{source.name}: {exc}") from None
    return import_catalog(doc)


def _path(raw: str) -> Path:
    text = (raw or "").strip()
    if not text:
        raise InvalidInput("give the path of the catalog file")
    return Path(text).expanduser()
