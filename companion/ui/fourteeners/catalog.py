"""Where the owner's 14ers card catalog is kept: one document in the store, and one JSON file to share.

The store's general table `fourteeners_catalog` holds a single document `{"id": "catalog", "catalog":
CATALOG}` where CATALOG is the catalog file's own format (`docs/formats.md`, 14ers), so the saved copy,
the exported file and a game's setup snapshot are the same JSON. Every game copies the catalog into its
setup when it starts, so editing the catalog later never changes a game already played or in progress.
The shared file travels as bytes (a download and an upload in a browser, see `companion.ui.common.files`): this
module never opens a path.
"""

from __future__ import annotations

import json
from typing import Any

from companion.errors import InvalidInput
from companion.games.fourteeners.catalog import EMPTY, Card, Catalog, export_catalog, import_catalog, with_card
from companion.games.fourteeners.data import Side
from companion.i18n.message import msg
from companion.store.atomic import encode_json
from companion.store.layout import FOURTEENERS_CATALOG_TABLE
from companion.ui.common.files import parse_json

__all__ = ["CATALOG_TABLE", "CATALOG_ID", "EXPORT_NAME", "MAX_CATALOG_BYTES", "load_catalog", "save_catalog",
           "catalog_bytes", "catalog_from_bytes", "new_to", "kept_in"]

CATALOG_TABLE = FOURTEENERS_CATALOG_TABLE
CATALOG_ID = "catalog"
EXPORT_NAME = "14ers-catalog.json"
# The largest catalog file taken: a whole deck described in full is about 60 KB.
MAX_CATALOG_BYTES = 4 * 1024 * 1024

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


def catalog_bytes(catalog: Catalog) -> bytes:
    """The catalog as the shared file's bytes (docs/formats.md, 14ers catalog)."""
    return encode_json(export_catalog(catalog), indent=1)


def catalog_from_bytes(data: bytes, name: str) -> Catalog:
    """Read a shared catalog file; InvalidInput if it is not JSON, DataError naming the field if it is refused."""
    try:
        doc = parse_json(data)
    except InvalidInput as exc:
        # The reason stays what parse_json said (a Message when it has one), so a screen can translate it.
        reason = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)
        raise InvalidInput(msg("{file}: {problem}", file=name, problem=reason)) from None
    return import_catalog(doc)


def new_to(catalog: Catalog, cards: Any) -> list[Card]:
    """The cards that would add to the catalog: cards it lacks, or sides it has blank and they describe."""
    pending = []
    for card in cards:
        mine = catalog.card(card.name)
        if mine is None or any(mine.ability(s) is None and card.ability(s) is not None for s in Side):
            pending.append(card)
    return pending


def kept_in(catalog: Catalog, cards: Any) -> Catalog:
    """The catalog with these cards kept: new cards added, blank sides of known cards filled, nothing
    already described replaced."""
    updated = catalog
    for card in cards:
        mine = updated.card(card.name)
        if mine is not None:
            for side in Side:
                if mine.ability(side) is None and card.ability(side) is not None:
                    mine = mine.with_side(side, card.ability(side))
            card = mine
        updated = with_card(updated, card)
    return updated
