"""The shapes of saved records, checked at the door: on every save and for every record of an import.

Each `*_record` function takes a record as given (from the app or from a backup file), refuses anything
malformed with an InvalidInput that names the record and the field, and returns a fresh, normalised copy
(timestamps in one canonical UTC form, colours in lower case), so nothing the caller keeps a reference to
can change what is stored.
"""

from __future__ import annotations


import json
import math
import re
import unicodedata
import uuid
from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any, NoReturn, TypeAlias

from companion.errors import InvalidInput
from companion.i18n import LANGUAGES, PSEUDO, SYSTEM
from companion.i18n.message import N_, Message, message_doc, message_from_doc, msg
from companion.inputs import encodable
from companion.games import GAMES
from companion.games.words import and_list

__all__ = [
    "RecordId",
    "MAX_TEXT",
    "MAX_DEPTH",
    "MAX_ITEMS",
    "NAME_MAX",
    "TITLE_MAX",
    "new_id",
    "timestamp",
    "check_id",
    "check_doc_id",
    "check_text",
    "check_timestamp",
    "check_json",
    "check_player_name",
    "check_colour",
    "check_game",
    "player_record",
    "history_record",
    "session_record",
    "same_play",
    "setting_entry",
    "table_doc",
    "copy_json",
    "describe",
    "message_doc",
    "message_words",
    "said_in_place",
    "message_from_doc",
    "FIELD_PROBLEM",
]

RecordId: TypeAlias = str  # uuid4().hex: 32 lower-case hexadecimal digits

# Limits for anything stored: generous for real play, small enough that a hostile file cannot
# make the app slow or the data folder huge.
MAX_TEXT = 10_000
MAX_KEY = 200
MAX_DEPTH = 32
MAX_ITEMS = 100_000
MAX_INT = 2**63 - 1
MAX_SCORE = 1_000_000
MAX_PLAYERS = 20
NAME_MAX = 40
OTHER_NAME_MAX = 100  # names in history may be opponents such as "Gerry", not only roster players
TITLE_MAX = 200
SETTING_KEY_MAX = 100

_ID_RE = re.compile(r"[0-9a-f]{32}")
_DOC_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}")
_COLOUR_RE = re.compile(r"#[0-9a-fA-F]{6}")
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f]")

_PLAYER_KEYS = ("id", "name", "colour", "removed", "created")
_HISTORY_KEYS = ("id", "game", "finished", "title", "players", "detail", "session")
_HISTORY_PLAYER_KEYS = ("name", "score", "winner")
_SESSION_KEYS = ("id", "game", "title", "setup", "players", "actions", "redo", "created", "updated")
_THEMES = ("system", "light", "dark")
_LANGUAGE_CHOICES = (SYSTEM, PSEUDO)       # the device's language, and the pseudo-language that shows unmarked text
# A refusal that names the record and the field ("player: field 'name' must not be empty"): {problem} is what
# is wrong with the field, so a form that shows the field can say just that (the Players screen).
# i18n: {where} names a saved record, {field} one of its fields in quotes
FIELD_PROBLEM = N_("{where}: field {field} {problem}")


def new_id() -> RecordId:
    """A fresh stable record id (uuid4 hex), never a tinydb counter."""
    return uuid.uuid4().hex


def timestamp(moment: datetime) -> str:
    """The canonical stored form of a time: ISO 8601 in UTC with microseconds, so text order is time order."""
    if moment.tzinfo is None:
        raise InvalidInput(f"time {moment!r} has no time zone; saved times are UTC")
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds")


_JSON_WORDS: dict[Any, str] = {None: "null", True: "true", False: "false"}


def describe(value: Any) -> str:
    """A short printable form of a value for an error message (long text is cut, never echoed whole). Null,
    true and false are spelled as in JSON, the form of every file and document refused: Python's "None" told
    someone reading their file nothing."""
    if value is None or type(value) is bool:
        text = _JSON_WORDS[value]
    elif isinstance(value, (list, dict)):
        # Inside a list or an object too: "[None]" or "{'winner': False}" was no more the file's spelling.
        try:
            text = json.dumps(value, ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError, RecursionError):
            text = repr(value)
    else:
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_id(value: Any, where: str, field: str = "id") -> RecordId:
    """A record id must be 32 lower-case hexadecimal digits (uuid4().hex)."""
    if type(value) is not str or not _ID_RE.fullmatch(value):
        _fail(where, field, msg("must be a record id of 32 lower-case hexadecimal digits, not {value}",
                                value=describe(value)))
    return value


def check_doc_id(value: Any, where: str, field: str = "id") -> str:
    """A document id in a general table: 1-64 letters, digits or `_.:-`, starting with a letter or digit."""
    if type(value) is not str or not _DOC_ID_RE.fullmatch(value):
        _fail(where, field, msg("must be 1-64 letters, digits or _.:- starting with a letter or digit, not {value}",
                                value=describe(value)))
    return value


def check_text(value: Any, where: str, field: str, *, min_len: int = 0, max_len: int = MAX_TEXT) -> str:
    """Text of a bounded length that can be saved as UTF-8 (an engine's `Message` is kept as its English)."""
    if type(value) is Message:
        value = str(value)
    if type(value) is not str:
        _fail(where, field, msg("must be text, not {value}", value=describe(value)))
    if len(value) > max_len:
        _fail(where, field, msg("is {length:,} characters long; the limit is {limit:,}", length=len(value),
                                limit=max_len))
    if len(value) < min_len:
        _fail(where, field, msg("must not be empty") if min_len == 1
              else msg("needs at least {n} characters", n=min_len))
    if not value.isascii() and not encodable(value):
        _fail(where, field, msg("contains a broken character (an unpaired surrogate) that cannot be saved"))
    return value


def check_timestamp(value: Any, where: str, field: str) -> str:
    """An ISO 8601 time with its time zone, returned in the canonical UTC form."""
    if type(value) is not str or len(value) > 64:
        _fail(where, field, msg("must be an ISO 8601 time such as 2025-05-01T18:30:00Z, not {value}",
                                value=describe(value)))
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        _fail(where, field, msg("must be an ISO 8601 time such as 2025-05-01T18:30:00Z, not {value}",
                                value=describe(value)))
    if moment.tzinfo is None:
        _fail(where, field, msg("{value} must say its time zone (for example end in Z for UTC)", value=describe(value)))
    try:
        return timestamp(moment)
    except OverflowError:     # the year 1 or 9999 moved past the calendar's ends by its time zone
        _fail(where, field, msg("{value} is not a time in UTC between the years 1 and 9999", value=describe(value)))


def check_json(value: Any, where: str, field: str) -> Any:
    """JSON data (text, numbers, true/false, null, lists, objects) within the size limits; returns a copy."""
    try:
        return _copy_checked(value, 0)
    except _Bad as bad:
        inner = "".join(reversed(bad.path))
        name = field + inner if field else inner.lstrip(".") or "(record)"
        _fail(where, name if len(name) <= 80 else name[:77] + "...", bad.problem)


def check_player_name(value: Any, where: str = "player", field: str = "name") -> str:
    """Player names are 1-40 characters after trimming spaces, on one line; composed (Unicode NFC), so that
    "Zoë" typed either way is the same name, and with at least one visible character (a name of zero-width
    spaces would show as a blank row)."""
    if type(value) is not str:
        _fail(where, field, msg("must be text, not {value}", value=describe(value)))
    name = _trim_invisible(unicodedata.normalize("NFC", value))
    if not name:
        _fail(where, field, msg("must not be empty"))
    if len(name) > NAME_MAX:
        _fail(where, field, msg("{name} is {length} characters long; names have at most {limit}",
                                name=describe(name), length=len(name), limit=NAME_MAX))
    if _CONTROL_RE.search(name):
        _fail(where, field, msg("{name} contains a line break or control character", name=describe(name)))
    return check_text(name, where, field, max_len=NAME_MAX)


def _trim_invisible(text: str) -> str:
    """`text` without the spaces and invisible formatting characters (zero-width spaces, joiners) at its ends."""
    start, end = 0, len(text)
    while start < end and (text[start].isspace() or unicodedata.category(text[start]) == "Cf"):
        start += 1
    while end > start and (text[end - 1].isspace() or unicodedata.category(text[end - 1]) == "Cf"):
        end -= 1
    return text[start:end]


def check_colour(value: Any, where: str = "player", field: str = "colour") -> str:
    """Colours are "#rrggbb" hexadecimal; stored in lower case."""
    if type(value) is not str or not _COLOUR_RE.fullmatch(value):
        _fail(where, field, msg("must be a colour written #rrggbb, such as #1d70b8, not {value}",
                                value=describe(value)))
    return value.lower()


def check_game(value: Any, where: str, field: str = "game") -> str:
    """A game id must be one of the registry's games; the refusal names them as the app shows them."""
    if type(value) is not str or value not in GAMES:
        # i18n: a saved game (in a backup) of a game the app does not have: {value} is what the file says,
        # {games} the app's games by their titles ("Trek 12: Himalaya, 14ers and Freunde")
        _fail(where, field, msg("names a game this companion does not know, {value}; it knows {games}",
                                value=describe(value), games=and_list([entry.title for entry in GAMES.values()])))
    return value


def player_record(doc: Any, where: str) -> dict[str, Any]:
    """A roster player: id, name, colour, removed, created (nothing else)."""
    _check_keys(doc, where, _PLAYER_KEYS)
    removed = doc["removed"]
    if type(removed) is not bool:
        _fail(where, "removed", msg("must be true or false, not {value}", value=describe(removed)))
    return {
        "id": check_id(doc["id"], where),
        "name": check_player_name(doc["name"], where),
        "colour": check_colour(doc["colour"], where),
        "removed": removed,
        "created": check_timestamp(doc["created"], where, "created"),
    }


def history_record(doc: Any, where: str) -> dict[str, Any]:
    """A finished game: id, game, finished, title, players (name, score, winner, optional id), detail, session,
    and `corrected` (when an entry was corrected after it finished) where it was."""
    _check_keys(doc, where, _HISTORY_KEYS, optional=("corrected", "words"))
    players = doc["players"]
    if type(players) is not list or not 1 <= len(players) <= MAX_PLAYERS:
        _fail(where, "players", msg("must be a list of 1 to {limit} players, not {value}",
                                    limit=MAX_PLAYERS, value=describe(players)))
    detail = doc["detail"]
    if type(detail) is not dict:
        _fail(where, "detail", msg("must be an object, not {value}", value=describe(detail)))
    words = doc["words"] if "words" in doc else message_words({"title": doc["title"], "detail": detail})
    if type(words) is not list:
        _fail(where, "words", msg("must be a list, not {value}", value=describe(words)))
    return {
        "id": check_id(doc["id"], where),
        "game": check_game(doc["game"], where),
        "finished": check_timestamp(doc["finished"], where, "finished"),
        "title": check_text(doc["title"], where, "title", max_len=TITLE_MAX),
        "players": [_history_player(entry, where, f"players[{i}]") for i, entry in enumerate(players)],
        "detail": check_json(detail, where, "detail"),
        "session": _history_session(doc["session"], where),
        **({"corrected": check_timestamp(doc["corrected"], where, "corrected")} if "corrected" in doc else {}),
        **({"words": check_json(words, where, "words")} if words else {}),
    }


def message_words(doc: Any) -> list[dict[str, Any]]:
    """Where `doc` holds an engine's words (a `Message`: a verdict, an outcome, a title), each as
    `{"at": [key or index, ...], "id", "args"...}` (`message_doc`): a finished game keeps them beside its
    English text so History says them in the player's language (`said_in_place`)."""
    found: list[dict[str, Any]] = []

    def visit(node: Any, at: list[Any], depth: int) -> None:
        if depth > MAX_DEPTH:
            return
        if isinstance(node, Message):
            found.append({"at": list(at), **message_doc(node)})
        elif isinstance(node, dict):
            for key, value in node.items():
                visit(value, [*at, str(key)], depth + 1)
        elif isinstance(node, (list, tuple)):
            for index, value in enumerate(node):
                visit(value, [*at, index], depth + 1)

    visit(doc, [], 0)
    return found


def said_in_place(record: dict[str, Any]) -> dict[str, Any]:
    """A history record (or a game in progress) whose title and detail hold again the `Message`s kept in its
    `words` (each only where it still reads exactly the stored text). The record is not changed: only the
    dicts and lists on the way to a Message are copied, so a screen can call this for every card it draws."""
    words = record.get("words")
    if not isinstance(words, list) or not words:
        return record
    out = dict(record)
    for entry in words:
        at = entry.get("at") if isinstance(entry, dict) else None
        if not isinstance(at, list) or not at or at[0] not in ("title", "detail"):
            continue
        parent: Any = out
        try:
            for step in at[:-1]:
                child = parent[step]
                if not isinstance(child, (dict, list)):
                    raise TypeError(step)
                child = dict(child) if isinstance(child, dict) else list(child)   # copied on the way down
                parent[step] = child
                parent = child
            text = parent[at[-1]]
        except (KeyError, IndexError, TypeError):
            continue
        if isinstance(text, str):
            parent[at[-1]] = message_from_doc(entry, text)
    return out


def session_record(doc: Any, where: str) -> dict[str, Any]:
    """A game in progress: its setup, players (ids), actions and undone actions, created and updated times,
    and the `words` of its title where the title is an engine's or a screen's `Message` (see `message_words`)."""
    _check_keys(doc, where, _SESSION_KEYS, optional=("words",))
    words = doc["words"] if "words" in doc else message_words({"title": doc["title"]})
    if type(words) is not list:
        _fail(where, "words", msg("must be a list, not {value}", value=describe(words)))
    setup = doc["setup"]
    if type(setup) is not dict:
        _fail(where, "setup", msg("must be an object, not {value}", value=describe(setup)))
    players = doc["players"]
    if type(players) is not list or len(players) > MAX_PLAYERS:
        _fail(where, "players", msg("must be a list of at most {limit} player ids, not {value}",
                                    limit=MAX_PLAYERS, value=describe(players)))
    ids = [check_id(p, where, f"players[{i}]") for i, p in enumerate(players)]
    if len(set(ids)) != len(ids):
        _fail(where, "players", msg("names the same player twice"))
    return {
        "id": check_id(doc["id"], where),
        "game": check_game(doc["game"], where),
        "title": check_text(doc["title"], where, "title", max_len=TITLE_MAX),
        "setup": check_json(setup, where, "setup"),
        "players": ids,
        "actions": _action_list(doc["actions"], where, "actions"),
        "redo": _action_list(doc["redo"], where, "redo"),
        "created": check_timestamp(doc["created"], where, "created"),
        "updated": check_timestamp(doc["updated"], where, "updated"),
        **({"words": check_json(words, where, "words")} if words else {}),
    }


def same_play(finished: dict[str, Any], session: dict[str, Any]) -> bool:
    """A finished game's record keeps exactly this game in progress: its game, setup and actions."""
    kept = finished.get("session")
    return (finished.get("game") == session.get("game") and isinstance(kept, dict)
            and kept.get("setup") == session.get("setup") and kept.get("actions") == list(session.get("actions", ())))


def setting_entry(key: Any, value: Any, where: str = "setting") -> tuple[str, Any]:
    """A setting: a short text key and a JSON value; "theme" is one of system, light, dark."""
    key = check_text(key, where, "key", min_len=1, max_len=SETTING_KEY_MAX)
    value = check_json(value, f"{where} {key!r}", "value")
    if key == "theme" and value not in _THEMES:
        _fail(f"{where} 'theme'", "value", msg("must be one of {choices}, not {value}", choices=", ".join(_THEMES),
                                               value=describe(value)))
    if key == "language" and not (isinstance(value, str) and (value in _LANGUAGE_CHOICES or value in LANGUAGES)):
        _fail(f"{where} 'language'", "value", msg("must be one of {choices}, not {value}", value=describe(value),
                                                  choices=", ".join(_LANGUAGE_CHOICES + tuple(LANGUAGES))))
    return key, value


def table_doc(doc: Any, where: str) -> dict[str, Any]:
    """A document of a general table: an object with a well-formed "id", the rest any JSON data."""
    if not isinstance(doc, Mapping):
        _fail(where, "(record)", msg("must be an object, not {value}", value=describe(doc)))
    if "id" not in doc:
        _fail(where, "id", msg("is missing"))
    check_doc_id(doc["id"], where)
    return check_json(dict(doc), where, "")


def copy_json(value: Any) -> Any:
    """A deep copy of JSON data already known to be valid (what the store hands out)."""
    t = type(value)
    if t is dict:
        return {k: copy_json(v) for k, v in value.items()}
    if t is list:
        return [copy_json(v) for v in value]
    return value


def _history_player(entry: Any, where: str, field: str) -> dict[str, Any]:
    if not isinstance(entry, Mapping):
        _fail(where, field, msg("must be an object with name, score and winner, not {value}", value=describe(entry)))
    unknown = sorted(set(entry) - set(_HISTORY_PLAYER_KEYS) - {"id"}, key=str)
    if unknown:
        _fail(where, f"{field}.{unknown[0]}", msg("is not a known field (a player has id, name, score, winner)"))
    for key in _HISTORY_PLAYER_KEYS:
        if key not in entry:
            _fail(where, f"{field}.{key}", msg("is missing"))
    player_id = entry.get("id")
    score, winner = entry["score"], entry["winner"]
    if type(score) is not int or not -MAX_SCORE <= score <= MAX_SCORE:
        _fail(where, f"{field}.score", msg("must be a whole number between {low:,} and {high:,}, not {value}",
                                           low=-MAX_SCORE, high=MAX_SCORE, value=describe(score)))
    if type(winner) is not bool:
        _fail(where, f"{field}.winner", msg("must be true or false, not {value}", value=describe(winner)))
    name = check_text(entry["name"], where, f"{field}.name", min_len=1, max_len=OTHER_NAME_MAX)
    return {
        "id": None if player_id is None else check_id(player_id, where, f"{field}.id"),
        "name": name,
        "score": score,
        "winner": winner,
    }


def _history_session(value: Any, where: str) -> dict[str, Any] | None:
    if value is None:
        return None
    _check_keys(value, where, ("setup", "actions"), field="session")
    setup = value["setup"]
    if type(setup) is not dict:
        _fail(where, "session.setup", msg("must be an object, not {value}", value=describe(setup)))
    return {
        "setup": check_json(setup, where, "session.setup"),
        "actions": _action_list(value["actions"], where, "session.actions"),
    }


def _action_list(value: Any, where: str, field: str) -> list[dict[str, Any]]:
    if type(value) is not list:
        _fail(where, field, msg("must be a list of actions, not {value}", value=describe(value)))
    if len(value) > MAX_ITEMS:
        _fail(where, field, msg("has {n:,} actions; the limit is {limit:,}", n=len(value), limit=MAX_ITEMS))
    for i, action in enumerate(value):
        if type(action) is not dict:
            _fail(where, f"{field}[{i}]", msg("must be an object, not {value}", value=describe(action)))
    return check_json(value, where, field)


def _check_keys(doc: Any, where: str, keys: tuple[str, ...], *, field: str = "",
                optional: tuple[str, ...] = ()) -> None:
    label = field or "(record)"
    if not isinstance(doc, Mapping):
        _fail(where, label, msg("must be an object, not {value}", value=describe(doc)))
    prefix = f"{field}." if field else ""
    unknown = sorted((k for k in doc if k not in keys and k not in optional), key=str)
    if unknown:
        _fail(where, prefix + str(unknown[0]), msg("is not a known field (expected: {keys})", keys=", ".join(keys)))
    for key in keys:
        if key not in doc:
            _fail(where, prefix + key, msg("is missing"))


def _fail(where: str, field: str, problem: str) -> NoReturn:
    # A Message: a screen that knows the field says the problem in its language (the Players screen).
    if field:
        raise InvalidInput(msg(FIELD_PROBLEM, where=where, field=repr(field), problem=problem))
    raise InvalidInput(msg("{where}: {problem}", where=where, problem=problem))






class _Bad(Exception):
    """A problem deep inside JSON data; the path is collected on the way out so the check stays fast."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.path: list[str] = []


def _copy_checked(value: Any, depth: int) -> Any:
    t = type(value)
    if t is Message:  # an engine's words are stored as the English they are (JSON has no other kind of text)
        value, t = str(value), str
    if t is str:
        if len(value) > MAX_TEXT:
            raise _Bad(msg("is {length:,} characters long; the limit is {limit:,}", length=len(value), limit=MAX_TEXT))
        if not value.isascii() and not encodable(value):
            raise _Bad(msg("contains a broken character (an unpaired surrogate) that cannot be saved"))
        return value
    if t is int:
        if -MAX_INT <= value <= MAX_INT:
            return value
        raise _Bad(msg("is a number too large to keep"))
    if value is None or t is bool:
        return value
    if t is float:
        if math.isfinite(value):
            return value
        raise _Bad(msg("is {value}, which JSON cannot hold", value=str(value)))
    if t is dict:
        if depth >= MAX_DEPTH:
            raise _Bad(msg("is nested more than {limit} levels deep", limit=MAX_DEPTH))
        if len(value) > MAX_ITEMS:
            raise _Bad(msg("has {n:,} entries; the limit is {limit:,}", n=len(value), limit=MAX_ITEMS))
        out = {}
        for key, item in value.items():
            if type(key) is not str:
                raise _Bad(msg("has a key {key} that is not text", key=describe(key)))
            if len(key) > MAX_KEY:
                raise _Bad(msg("has a key {length:,} characters long; the limit is {limit}",
                               length=len(key), limit=MAX_KEY))
            try:
                out[key] = _copy_checked(item, depth + 1)
            except _Bad as bad:
                bad.path.append(f".{key}" if key.isidentifier() else f"[{key!r}]")
                raise
        return out
    if t is list or t is tuple:
        if depth >= MAX_DEPTH:
            raise _Bad(msg("is nested more than {limit} levels deep", limit=MAX_DEPTH))
        if len(value) > MAX_ITEMS:
            raise _Bad(msg("has {n:,} items; the limit is {limit:,}", n=len(value), limit=MAX_ITEMS))
        items = []
        for index, item in enumerate(value):
            try:
                items.append(_copy_checked(item, depth + 1))
            except _Bad as bad:
                bad.path.append(f"[{index}]")
                raise
        return items
    raise _Bad(msg("must be JSON data (text, number, true/false, null, list or object), not a {kind}", kind=t.__name__))
