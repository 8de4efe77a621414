"""The repositories: players, sessions, history, settings and general tables over tinydb tables.

Records are found by their stable `id` (uuid4 hex) through an index of tinydb document ids; tinydb's
counters never leave this module. Everything handed out is a copy, so a caller changing a returned dict
cannot change what is saved.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, TypeAlias, TypeVar

from tinydb.table import Table

from companion.errors import InvalidInput
from companion.i18n.message import N_, msg
from companion.store import records
from companion.store.atomic import gc_paused
from companion.store.history import MonthFiles
from companion.store.records import RecordId, copy_json, describe
from companion.store.storage import Database

__all__ = [
    "PlayerId",
    "PALETTE",
    "Player",
    "PlayerRepo",
    "SessionRepo",
    "HistoryRepo",
    "SettingsRepo",
    "TableRepo",
    "name_order",
]

PlayerId: TypeAlias = RecordId
Clock: TypeAlias = Callable[[], str]
Mutex: TypeAlias = AbstractContextManager[Any]  # the store's threading.RLock
_Method = TypeVar("_Method", bound=Callable[..., Any])
# Why a removed player cannot be changed, by the change asked for.
_REMOVED_REFUSALS = {
    "rename": N_("cannot rename “{name}”: the player has been removed from the roster"),
    "recolour": N_("cannot recolour “{name}”: the player has been removed from the roster"),
}


def _locked(method: _Method) -> _Method:
    """Run a repository method holding the store's mutex: Flet calls handlers from several threads, and
    tinydb's read-change-write of a table must not interleave."""

    @functools.wraps(method)
    def locked(self: Any, *args: Any, **kwargs: Any) -> Any:
        with self._mutex:
            return method(self, *args, **kwargs)

    return locked  # type: ignore[return-value]

# Twelve colours far enough apart to tell players' pieces and chart lines apart, in the order new players
# get them.
PALETTE: tuple[str, ...] = (
    "#d62828", "#1d70b8", "#2a9d3a", "#f4a300", "#7b3fa0", "#00897b",
    "#e4572e", "#5c6bc0", "#8d6e63", "#c2185b", "#558b2f", "#546e7a",
)


@dataclass(frozen=True)
class Player:
    """A roster player: reused by every game; `removed` players stay for the history that names them."""

    id: PlayerId
    name: str
    colour: str
    removed: bool
    created: str

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Player:
        """The player a stored record describes."""
        return cls(record["id"], record["name"], record["colour"], record["removed"], record["created"])

    def to_record(self) -> dict[str, Any]:
        """The stored form of the player."""
        return {"id": self.id, "name": self.name, "colour": self.colour, "removed": self.removed,
                "created": self.created}


# Letters that are not a base letter with an accent in Unicode, filed under the letter they are read as.
_FILED_AS = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "ß": "ss", "æ": "ae", "œ": "oe",
                           "ı": "i", "ŧ": "t", "ħ": "h"})


def name_order(name: str) -> str:
    """How a name is filed in a list of names: by its letters without accents or case ("Émile" under E,
    "Łukasz" under L, "Jürgen" under J), as a phone's contacts are, in every language alike. Names equal
    this way are ordered by the caller (their own text next, then an id)."""
    bare = unicodedata.normalize("NFKD", name.casefold().translate(_FILED_AS))
    return "".join(c for c in bare if not unicodedata.combining(c))


class _Records:
    """The documents of one tinydb table, found by a unique key field through a doc-id index."""

    def __init__(self, db: Database, table: str, key: str = "id") -> None:
        self._db = db
        self._table_name = table
        self._key = key
        self._index: dict[str, int] | None = None
        self._generation = -1

    @property
    def table(self) -> Table:
        return self._db.table(self._table_name)

    def index(self) -> dict[str, int]:
        if self._index is None or self._generation != self._db.generation:
            self._generation = self._db.generation
            self._index = {doc[self._key]: doc.doc_id for doc in self.table}
        return self._index

    def raw(self, key: str) -> dict[str, Any] | None:
        """The stored document itself (not a copy): for reading inside this package only."""
        doc_id = self.index().get(key)
        if doc_id is None:
            return None
        return self._db.raw()[self._table_name][str(doc_id)]

    def get(self, key: str) -> dict[str, Any] | None:
        doc = self.raw(key)
        return None if doc is None else copy_json(doc)

    def raw_all(self) -> Iterator[dict[str, Any]]:
        return iter(self._db.raw().get(self._table_name, {}).values())

    def __contains__(self, key: str) -> bool:
        return key in self.index()

    def __len__(self) -> int:
        return len(self.index())

    def put(self, doc: dict[str, Any]) -> None:
        """Insert `doc`, or replace the document with the same key wholesale."""
        index = self.index()
        key = doc[self._key]
        try:
            if key in index:
                self.table.update(_replace_with(doc), doc_ids=[index[key]])
            else:
                index[key] = self.table.insert(doc)
        except BaseException:
            self._index = None
            raise

    def remove(self, key: str) -> dict[str, Any] | None:
        index = self.index()
        if key not in index:
            return None
        doc = self.get(key)
        try:
            self.table.remove(doc_ids=[index[key]])
        except BaseException:
            self._index = None
            raise
        del index[key]
        return doc


def _replace_with(doc: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def replace(stored: dict[str, Any]) -> None:
        stored.clear()
        stored.update(doc)
    return replace


class PlayerRepo:
    """The roster: names unique among current players (ignoring case), soft removal keeps history whole."""

    def __init__(self, db: Database, clock: Clock, mutex: Mutex) -> None:
        self._records = _Records(db, "players")
        self._clock = clock
        self._mutex = mutex

    @_locked
    def list(self, include_removed: bool = False) -> list[Player]:
        """Players by name (current ones only unless asked)."""
        players = [Player.from_record(doc) for doc in self._records.raw_all()
                   if include_removed or not doc["removed"]]
        return sorted(players, key=lambda p: (name_order(p.name), p.name, p.id))

    @_locked
    def get(self, player_id: PlayerId) -> Player:
        """A player by id, removed ones included (history shows their names)."""
        doc = self._records.raw(player_id) if isinstance(player_id, str) else None
        if doc is None:
            raise InvalidInput(f"there is no player with id {describe(player_id)}")
        return Player.from_record(doc)

    @_locked
    def find(self, name: str, *, removed: bool = False) -> Player | None:
        """The current player with this name (ignoring case and surrounding spaces), if any; with `removed`, a
        removed player of that name (the last one recorded, when several were)."""
        wanted = unicodedata.normalize("NFC", name).strip().casefold() if isinstance(name, str) else None
        docs = [doc for doc in self._records.raw_all() if bool(doc["removed"]) == removed
                and unicodedata.normalize("NFC", doc["name"]).casefold() == wanted]
        return Player.from_record(docs[-1]) if docs else None

    @_locked
    def add(self, name: str, colour: str | None = None) -> Player:
        """A new player; without a colour, the first palette colour no current player has."""
        name = records.check_player_name(name)
        self._refuse_taken(name, None)
        colour = self._next_colour() if colour is None else records.check_colour(colour)
        player = Player(records.new_id(), name, colour, False, self._clock())
        self._records.put(player.to_record())
        return player

    @_locked
    def rename(self, player_id: PlayerId, name: str) -> Player:
        """Give a current player a new name (unique among current players)."""
        player = self._current(player_id, "rename")
        name = records.check_player_name(name)
        self._refuse_taken(name, player.id)
        return self._save(Player(player.id, name, player.colour, False, player.created))

    @_locked
    def recolour(self, player_id: PlayerId, colour: str) -> Player:
        """Give a current player a new colour."""
        player = self._current(player_id, "recolour")
        return self._save(Player(player.id, player.name, records.check_colour(colour), False, player.created))

    @_locked
    def remove(self, player_id: PlayerId) -> None:
        """Soft removal: the player leaves the roster; past games keep their name and id."""
        player = self.get(player_id)
        if not player.removed:
            self._save(Player(player.id, player.name, player.colour, True, player.created))

    @_locked
    def restore(self, player_id: PlayerId) -> Player:
        """Bring a removed player back (undo of a removal), if nobody current has taken the name; in their
        colour unless a current player has it now (a player added since took it as free), else in the colour
        a new player would get, so that no two current players are drawn alike."""
        player = self.get(player_id)
        if player.removed:
            self._refuse_taken(player.name, player.id)
            taken = {doc["colour"] for doc in self._records.raw_all() if not doc["removed"]}
            colour = self._next_colour() if player.colour in taken else player.colour
            player = self._save(Player(player.id, player.name, colour, False, player.created))
        return player

    def _current(self, player_id: PlayerId, verb: str) -> Player:
        player = self.get(player_id)
        if player.removed:
            raise InvalidInput(msg(_REMOVED_REFUSALS[verb], name=player.name))
        return player

    def _save(self, player: Player) -> Player:
        self._records.put(player.to_record())
        return player

    def _refuse_taken(self, name: str, own_id: PlayerId | None) -> None:
        other = self.find(name)
        if other is not None and other.id != own_id:
            raise InvalidInput(msg("there is already a player called “{name}”; choose another name",
                                   name=other.name))

    def _next_colour(self) -> str:
        used = [doc["colour"] for doc in self._records.raw_all() if not doc["removed"]]
        for colour in PALETTE:
            if colour not in used:
                return colour
        # Twelve or more players: reuse the colour fewest of them have.
        return min(PALETTE, key=lambda c: (used.count(c), PALETTE.index(c)))


class SessionRepo:
    """Games in progress, in their own file so saving one never rewrites the history."""

    def __init__(self, db: Database, mutex: Mutex) -> None:
        self._records = _Records(db, "sessions")
        self._mutex = mutex

    @_locked
    def save(self, record: dict[str, Any]) -> None:
        """Insert or replace a session record (checked first); durable when this returns."""
        where = f"session {describe(record.get('id')) if isinstance(record, dict) else ''}".strip()
        self._records.put(records.session_record(record, where))

    @_locked
    def get(self, session_id: RecordId) -> dict[str, Any] | None:
        """A copy of the session record, or None."""
        return self._records.get(session_id) if isinstance(session_id, str) else None

    @_locked
    def list(self) -> list[dict[str, Any]]:
        """All sessions, most recently updated first."""
        docs = sorted(self._records.raw_all(), key=lambda d: (d["updated"], d["id"]), reverse=True)
        return [copy_json(doc) for doc in docs]

    @_locked
    def delete(self, session_id: RecordId) -> None:
        """Forget a session (nothing happens when it is already gone)."""
        if isinstance(session_id, str):
            self._records.remove(session_id)

    @_locked
    def __contains__(self, session_id: object) -> bool:
        return isinstance(session_id, str) and session_id in self._records


class HistoryRepo:
    """Finished games, newest first, kept one file per month (see `history`): adding or deleting a game
    rewrites one month, and a page of the list reads only the newest months."""

    def __init__(self, months: MonthFiles, clock: Clock, mutex: Mutex) -> None:
        self._months = months
        self._clock = clock
        self._mutex = mutex

    @_locked
    def add(self, record: dict[str, Any]) -> RecordId:
        """Add a finished game (id and finished time filled in when absent); returns its id."""
        doc = self.checked(record)
        self._months.add(doc)
        return doc["id"]

    @_locked
    def checked(self, record: dict[str, Any], *, replacing: bool = False) -> dict[str, Any]:
        """The record as `add` would save it (id and finished time filled in); InvalidInput says what is wrong.
        `replacing`: the record takes the place of the game with its id (a correction), which must be there."""
        if not isinstance(record, dict):
            raise InvalidInput(f"a history record must be an object, not {describe(record)}")
        record = dict(record)
        if record.get("id") is None:
            record["id"] = records.new_id()
        record.setdefault("finished", self._clock())
        doc = records.history_record(record, f"history record {describe(record['id'])}")
        if replacing != (doc["id"] in self._months):
            raise InvalidInput(f"history already holds a game with id {doc['id']!r}" if not replacing else
                               f"history holds no game with id {doc['id']!r} to correct")
        return doc

    @_locked
    def get(self, game_id: RecordId) -> dict[str, Any] | None:
        """A copy of one finished game, or None."""
        doc = self._months.get(game_id) if isinstance(game_id, str) else None
        return None if doc is None else copy_json(doc)

    @_locked
    def list(self, game: str | None = None, player_id: str | None = None, limit: int | None = None,
             offset: int = 0) -> list[dict[str, Any]]:
        """Finished games newest first, optionally of one game and/or with one player; a page by limit/offset."""
        if limit is not None and (type(limit) is not int or limit < 0):
            raise InvalidInput(f"limit must be a whole number of games (0 or more), not {describe(limit)}")
        if type(offset) is not int or offset < 0:
            raise InvalidInput(f"offset must be a whole number (0 or more), not {describe(offset)}")
        if game is not None:
            records.check_game(game, "history filter")
        if limit == 0:
            return []
        wanted = []
        with gc_paused():
            for doc in self._months.newest(game, player_id, skip=offset):
                wanted.append(copy_json(doc))
                if limit is not None and len(wanted) >= limit:
                    break
        return wanted

    @_locked
    def count(self, game: str | None = None, player_id: str | None = None) -> int:
        """How many finished games there are (of one game and/or with one player)."""
        if game is not None:
            records.check_game(game, "history filter")
        if player_id is None:
            return self._months.count(game)
        return sum(1 for _ in self._months.newest(game, player_id))

    @_locked
    def delete(self, game_id: RecordId) -> dict[str, Any]:
        """Delete a finished game and return it, so the deletion can be undone with `restore`."""
        doc = self._months.remove(game_id) if isinstance(game_id, str) else None
        if doc is None:
            raise InvalidInput(msg("history holds no game with id {id}", id=describe(game_id)))
        return doc

    @_locked
    def restore(self, record: dict[str, Any]) -> RecordId:
        """Put back a deleted game with its id (undo of delete); a game already there is left alone."""
        if isinstance(record, dict) and isinstance(record.get("id"), str) and record["id"] in self._months:
            return record["id"]
        return self.add(record)

    @_locked
    def __contains__(self, game_id: object) -> bool:
        return isinstance(game_id, str) and game_id in self._months


class SettingsRepo:
    """Small preferences by key ("theme": system, light or dark)."""

    def __init__(self, db: Database, mutex: Mutex) -> None:
        self._records = _Records(db, "settings", key="key")
        self._mutex = mutex

    @_locked
    def get(self, key: str, default: Any = None) -> Any:
        """The value saved for `key`, or `default`."""
        doc = self._records.raw(key) if isinstance(key, str) else None
        return default if doc is None else copy_json(doc["value"])

    @_locked
    def set(self, key: str, value: Any) -> None:
        """Save a value (checked: text key, JSON value, known keys' allowed values)."""
        key, value = records.setting_entry(key, value)
        self._records.put({"key": key, "value": value})

    @_locked
    def delete(self, key: str) -> None:
        """Forget a setting (so its default applies again)."""
        if isinstance(key, str):
            self._records.remove(key)

    @_locked
    def all(self) -> dict[str, Any]:
        """Every saved setting."""
        return {doc["key"]: copy_json(doc["value"]) for doc in self._records.raw_all()}


class TableRepo:
    """A general table of documents by "id" in its own file, for features that keep their own records."""

    def __init__(self, db: Database, name: str, mutex: Mutex) -> None:
        self.name = name
        self._records = _Records(db, name)
        self._mutex = mutex

    @_locked
    def insert(self, doc: dict[str, Any]) -> str:
        """Add a new document (an id is made when it has none); an id already present is refused."""
        if isinstance(doc, dict) and "id" not in doc:
            doc = {"id": records.new_id(), **doc}
        doc = records.table_doc(doc, f"{self.name} record")
        if doc["id"] in self._records:
            raise InvalidInput(f"{self.name} already holds a record with id {doc['id']!r}")
        self._records.put(doc)
        return doc["id"]

    @_locked
    def upsert(self, doc: dict[str, Any]) -> str:
        """Insert the document, or replace the one with the same id wholesale."""
        doc = records.table_doc(doc, f"{self.name} record")
        self._records.put(doc)
        return doc["id"]

    @_locked
    def get(self, doc_id: str) -> dict[str, Any] | None:
        """A copy of one document, or None."""
        return self._records.get(doc_id) if isinstance(doc_id, str) else None

    @_locked
    def all(self) -> list[dict[str, Any]]:
        """Copies of every document, oldest first."""
        return [copy_json(doc) for doc in self._records.raw_all()]

    @_locked
    def find(self, **equals: Any) -> list[dict[str, Any]]:
        """Copies of the documents whose fields equal the given values, oldest first."""
        return [copy_json(doc) for doc in self._records.raw_all()
                if all(k in doc and doc[k] == v for k, v in equals.items())]

    @_locked
    def delete(self, doc_id: str) -> dict[str, Any] | None:
        """Remove a document and return it (None when there was none)."""
        return self._records.remove(doc_id) if isinstance(doc_id, str) else None

    @_locked
    def count(self) -> int:
        """How many documents the table holds."""
        return len(self._records)
