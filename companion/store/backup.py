"""The backup file: everything the companion saved, as one JSON document, and the all-or-nothing import.

An import checks the whole document before it changes anything: the format name and version, every
record's fields, types and sizes, unknown fields, id shapes, duplicates, and that every player a game
names is in the file or already on this device. Only then is it merged by stable id (records already
here are kept as they are) and written in one commit across the files it touches.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.errors import InvalidInput
from companion.games.fourteeners.catalog import CATALOG_FORMAT
from companion.games.words import comma_list
from companion.i18n.message import Message, msg, msgn
from companion.store import records
from companion.store.atomic import gc_paused
from companion.store.hall_of_fame import ENVELOPE_TABLE, HALL_TABLE
from companion.store.history import TABLE as HISTORY_TABLE
from companion.store.history import month_of
from companion.store.layout import (
    CORRECTIONS_TABLE, DEVICE_SETTINGS, DRAFTS_TABLE, FOURTEENERS_CATALOG_TABLE, MAIN_FILE, REOPENED_TABLE,
    RESERVED_NAMES, SESSION_TABLES, SESSIONS_FILE, TABLE_NAME_PATTERN, month_file, month_of_file, table_file,
)
from companion.store.records import copy_json, describe
from companion.store.repos import PALETTE
from companion.store.storage import RawData, with_docs

if TYPE_CHECKING:
    from companion.store.folder import Store

__all__ = ["FORMAT", "VERSION", "DEVICE_SETTINGS", "ImportReport", "ImportUndo", "export_document", "import_document",
           "undo_import"]

FORMAT = "companion-backup"
VERSION = 1
MAX_RECORDS = 1_000_000

_SECTIONS = ("players", "settings", "sessions", "history", "tables")
# How many records of a section an import added, in words, by section.
_LABELS = {
    "players": lambda n: msgn("{n:,} player", "{n:,} players", n),
    "settings": lambda n: msgn("{n:,} setting", "{n:,} settings", n),
    "sessions": lambda n: msgn("{n:,} game in progress", "{n:,} games in progress", n),
    "history": lambda n: msgn("{n:,} finished game", "{n:,} finished games", n),
    # The tables the app keeps (their names are the constants of the modules that own them).
    HALL_TABLE: lambda n: msgn("{n:,} Hall of Fame record", "{n:,} Hall of Fame records", n),
    ENVELOPE_TABLE: lambda n: msgn("{n:,} opened Challenge envelope", "{n:,} opened Challenge envelopes", n),
    CORRECTIONS_TABLE: lambda n: msgn("{n:,} correction under way", "{n:,} corrections under way", n),
    REOPENED_TABLE: lambda n: msgn("{n:,} game taken back from History", "{n:,} games taken back from History", n),
    # One document per game whose hints are on, and one per player's review.
    "coach": lambda n: msgn("{n:,} coach hint setting or review", "{n:,} coach hint settings and reviews", n),
    "expedition_sheets": lambda n: msgn("{n:,} Expedition Ascent sheet", "{n:,} Expedition Ascent sheets", n),
    FOURTEENERS_CATALOG_TABLE: lambda n: msgn("{n:,} 14ers card catalog", "{n:,} 14ers card catalogs", n),
    # A form half filled in during a game (a Ridgeline hand), kept so that a reload finds it.
    DRAFTS_TABLE: lambda n: msgn("{n:,} form half filled in", "{n:,} forms half filled in", n),
}


@dataclass(frozen=True)
class ImportUndo:
    """What one import changed, file by file, to take it back while nothing has been saved since
    (`undo_import`): each file's content before (None: a month that held no games) and after."""

    before: dict[str, RawData | None]
    after: dict[str, RawData]


@dataclass(frozen=True)
class ImportReport:
    """What an import added, what it left alone because this device already had it (`skipped`; of those, the
    ones the backup holds otherwise than this device: `kept`, as they are here), and the players renamed or
    given another colour (`recoloured`: their names) to be told apart from this device's."""

    added: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    renamed: tuple[tuple[str, str], ...] = ()     # (the name in the backup, the name given here)
    recoloured: tuple[str, ...] = ()
    kept: dict[str, int] = field(default_factory=dict)
    undo: ImportUndo | None = field(default=None, compare=False, repr=False)   # None: nothing was changed
    forward: int = 0      # games in progress here that the backup had further on, taken as the backup has them
    closed: int = 0       # games in progress here that the backup has finished from where they stood here

    @property
    def total_added(self) -> int:
        """How many records the import added."""
        return sum(self.added.values())

    def __str__(self) -> str:
        return str(self.words())

    def _forward_words(self) -> Message:
        # i18n: after "; " or in a list: games in progress this device had, which the backup had played further
        # (every move made here, and more): taken as the backup has them
        return msgn("{n} game in progress brought up to the backup's later moves",
                    "{n} games in progress brought up to the backup's later moves", self.forward)

    def _closed_words(self) -> Message:
        # i18n: what an import did, first or after "; ", or in a list: games in progress this device had, which the
        # backup holds finished (played on from every move made here to the end, on the other device): now in
        # History, no longer here
        return msgn("{n} game in progress finished in the backup, moved to History",
                    "{n} games in progress finished in the backup, moved to History", self.closed)

    def _added_words(self) -> list[Message]:
        # A game closed here is said once, as closed: its record is among the finished games added.
        added = {**self.added, "history": self.added.get("history", 0) - self.closed}
        return [_count(n, section) for section, n in added.items() if n]

    def changed_words(self) -> Message | None:
        """What taking the import back undoes, in words: what it added, counted by kind, and the games in progress
        it brought forward ("6 players, 48 finished games, 1 game in progress brought up to the backup's later
        moves"); None when it changed nothing."""
        parts = self._added_words()
        if self.forward:
            parts.append(self._forward_words())
        if self.closed:
            parts.append(self._closed_words())
        return comma_list(parts) if parts else None

    def words(self) -> Message:
        """What the import did, in words: a Message, which a screen says in its language (`tr`)."""
        added = self._added_words()
        # A game closed here is what the import did, said first when it added nothing else ("nothing new to add"
        # beside it read as a contradiction).
        text = (msg("added {records}", records=comma_list(added)) if added else self._closed_words() if self.closed
                else msg("nothing new to add"))
        same = [_count(n - self.kept.get(section, 0), section) for section, n in self.skipped.items()
                if n > self.kept.get(section, 0)]
        if same:
            # i18n: what an import left alone, after "; ": "already on this device, unchanged: 6 players,
            # 7 finished games" (said of the records, which differ in gender and number: no agreement)
            more = msg("already on this device, unchanged: {records}", records=comma_list(same))
            # i18n: what an import did, then "; " and what it left alone
            text = msg("{done}; {more}", done=text, more=more)
        if self.forward:
            text = msg("{done}; {more}", done=text, more=self._forward_words())
        if self.closed and added:
            text = msg("{done}; {more}", done=text, more=self._closed_words())
        kept = [_count(n, section) for section, n in self.kept.items() if n]
        if kept:
            # i18n: after "; ": records the backup holds otherwise than this device (a player renamed since, a
            # game corrected), which the import left as this device has them: "different in the backup, kept as
            # they are here: 1 player, 1 finished game" (no agreement with the records, as above)
            more = msg("different in the backup, kept as they are here: {records}", records=comma_list(kept))
            text = msg("{done}; {more}", done=text, more=more)
        if self.renamed:
            # i18n: a player renamed by an import: the backup's name, then the one given here ("Ann as Ann (2)");
            # in words, since the app's font has no arrow
            names = comma_list([msg("{old} as {new}", old=old, new=new) for old, new in self.renamed])
            text = msg("{done}; {more}", done=text, more=msg("renamed to keep names unique: {names}", names=names))
        if self.recoloured:
            # i18n: after an import, players whose colour a player of this device already had
            text = msg("{done}; {more}", done=text, more=msg("given a colour no one here has: {names}",
                                                             names=", ".join(self.recoloured)))
        if self.skipped.get(FOURTEENERS_CATALOG_TABLE):
            # One catalog per device: the backup's is not merged card by card into this one.
            text = msg("{done}; {more}", done=text, more=msg(
                "this device's 14ers card catalog was kept: to add the backup's cards, export its catalog on the "
                "other device and import it under 14ers, Cards, Share"))
        return text


def export_document(store: Store) -> dict[str, Any]:
    """Every saved record in a stable order, so two exports of the same data are identical."""
    with gc_paused():
        return _export(store)


def _export(store: Store) -> dict[str, Any]:
    main = store._database(MAIN_FILE).raw()
    sessions = _table(store, SESSIONS_FILE, "sessions")
    in_progress = {doc["id"] for doc in sessions}
    tables = {}
    for name in store.table_names():
        docs = list(store._database(table_file(name)).raw().get(name, {}).values())
        if name in SESSION_TABLES:
            # A correction, a mark of a game taken back or a half-filled form belongs to a game in progress; one
            # an older version left behind its game's end means nothing on another device.
            docs = [d for d in docs if d.get("id") in in_progress]
        if docs:
            tables[name] = [copy_json(d) for d in sorted(docs, key=lambda d: d["id"])]
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": _sorted_copies(main.get("players", {}).values(), "created"),
        "settings": {doc["key"]: copy_json(doc["value"])
                     for doc in sorted(main.get("settings", {}).values(), key=lambda d: d["key"])
                     if doc["key"] not in DEVICE_SETTINGS},
        "sessions": _sorted_copies(sessions, "created"),
        "history": _sorted_copies(store._months.all_docs(), "finished"),
        "tables": tables,
    }


def import_document(store: Store, doc: Any) -> ImportReport:
    """Validate the whole backup, then merge what is new in one commit; InvalidInput changes nothing."""
    with gc_paused():
        checked = _validate(store, doc)
        return _merge(store, checked)


@dataclass
class _Checked:
    players: list[dict[str, Any]]
    settings: dict[str, Any]
    sessions: list[dict[str, Any]]
    history: list[dict[str, Any]]
    tables: dict[str, list[dict[str, Any]]]
    ahead: frozenset[str] = frozenset()    # games in progress here that the backup has further on
    closed: frozenset[str] = frozenset()   # games in progress here that the backup has finished from there


def _further_on(here: dict[str, Any], there: dict[str, Any]) -> bool:
    """The backup's copy of a game in progress is this device's game played further: the same game, setup
    and players, every entry made here followed by more, and nothing undone here since (an undone move
    waiting for Redo says this device took the game elsewhere). Taking it loses nothing of this device's."""
    theirs = there.get("actions") or []
    return (here.get("players") == there.get("players") and len(theirs) > len(here.get("actions") or [])
            and _played_on(here, there.get("game"), there.get("setup"), theirs))


def _played_on(here: dict[str, Any], game: Any, setup: Any, theirs: list[Any]) -> bool:
    """`theirs` are this device's game in progress (`here`) played on: the same game and setup, every entry
    made here first, and nothing undone here since (an undone move waiting for Redo says this device took the
    game elsewhere)."""
    mine = here.get("actions") or []
    return (here.get("game") == game and here.get("setup") == setup and not here.get("redo")
            and len(theirs) >= len(mine) and theirs[:len(mine)] == mine)


def _finished_from(here: dict[str, Any], record: dict[str, Any]) -> bool:
    """The backup's finished record is this device's game in progress played on to its end: the same game and
    setup, every entry made here followed by the record's others, nothing undone here since. Left in progress
    here, it would be finished again as another game, and the one game counted twice."""
    played = record.get("session")
    if not isinstance(played, dict) or not isinstance(played.get("actions"), list):
        return False
    return _played_on(here, record.get("game"), played.get("setup"), played["actions"])


def _validate(store: Store, doc: Any) -> _Checked:
    if not isinstance(doc, dict):
        raise InvalidInput(msg("this is not a companion backup (the file holds {value}, not an object)",
                               value=describe(doc)))
    if doc.get("format") == CATALOG_FORMAT:
        raise InvalidInput(msg("this is a 14ers card catalog, not a backup; import it under 14ers, Cards, "
                               "Share"))
    if doc.get("format") is None:
        raise InvalidInput(msg("this is not a companion backup (a backup starts with \"format\": "
                               "\"companion-backup\")"))
    if doc["format"] != FORMAT:
        raise InvalidInput(msg("this is not a companion backup (its format is {format}, expected {expected})",
                               format=describe(doc["format"]), expected=repr(FORMAT)))
    version = doc.get("version")
    if version is None:
        raise InvalidInput(msg("this backup does not say its version (a backup starts with \"format\": "
                               "\"companion-backup\", \"version\": 1)"))
    if type(version) is not int or version < 1:
        raise InvalidInput(msg("backup version {version} is not a version number", version=describe(version)))
    if version > VERSION:
        raise InvalidInput(msg("this backup has version {version}, made by a newer companion; this one reads "
                               "version {known}. Update the companion to import it", version=version, known=VERSION))
    unknown = sorted(k for k in doc if k not in ("format", "version") + _SECTIONS)
    if unknown:
        raise InvalidInput(msg("backup: field {field} is not a known section (expected: format, version, {sections})",
                               field=describe(unknown[0]), sections=", ".join(_SECTIONS)))

    players = [records.player_record(item, _where("players", i, item))
               for i, item in enumerate(_list(doc, "players"))]
    _refuse_duplicates(players, "players")
    current: dict[str, str] = {}
    for player in players:
        if not player["removed"]:
            key = player["name"].casefold()
            if key in current:
                raise InvalidInput(msg("players: “{first}” and “{second}” are both current players with the same "
                                       "name", first=current[key], second=player["name"]))
            current[key] = player["name"]

    settings_doc = doc.get("settings", {})
    if not isinstance(settings_doc, dict):
        raise InvalidInput(msg("backup: field {field} must be an object, not {value}", field="'settings'",
                               value=describe(settings_doc)))
    settings = dict(records.setting_entry(key, value, "settings") for key, value in settings_doc.items())
    settings = {key: value for key, value in settings.items() if key not in DEVICE_SETTINGS}

    sessions = [records.session_record(item, _where("sessions", i, item))
                for i, item in enumerate(_list(doc, "sessions"))]
    _refuse_duplicates(sessions, "sessions")
    history = [records.history_record(item, _where("history", i, item))
               for i, item in enumerate(_list(doc, "history"))]
    _refuse_duplicates(history, "history")
    for i, record in enumerate(history):
        problem = _inconsistent(record)
        if problem is not None:
            # i18n: a backup refused: {where} names the finished game in the file, {problem} what does not add up
            raise InvalidInput(msg("{where}: {problem}", where=_where("history", i, record), problem=problem))

    tables_doc = doc.get("tables", {})
    if not isinstance(tables_doc, dict):
        raise InvalidInput(msg("backup: field {field} must be an object, not {value}", field="'tables'",
                               value=describe(tables_doc)))
    tables = {}
    for name, items in tables_doc.items():
        _check_table_name(name)
        section = "tables." + name
        if not isinstance(items, list) or len(items) > MAX_RECORDS:
            raise InvalidInput(msg("{where}: must be a list of records, not {value}", where=section,
                                   value=describe(items)))
        tables[name] = [records.table_doc(item, _where(section, i, item)) for i, item in enumerate(items)]
        _refuse_duplicates(tables[name], section)

    known_players = {p["id"] for p in players} | set(_main_ids(store, "players"))
    for i, record in enumerate(history):
        for j, entry in enumerate(record["players"]):
            if entry["id"] is not None and entry["id"] not in known_players:
                where, field = f"history[{i}] (id {record['id']!r})", f"players[{j}].id"
                raise InvalidInput(msg("{where}: field {field} names player {player}, who is neither in the backup "
                                       "nor on this device", where=where, field=repr(field), player=repr(entry["id"])))
    for i, record in enumerate(sessions):
        # The seats of its setup too: a finished game's record takes its players' ids from them.
        seats = record["setup"].get("players")
        named = [(f"players[{j}]", player_id) for j, player_id in enumerate(record["players"])] + [
            (f"setup.players[{j}].id", seat["id"]) for j, seat in enumerate(seats if isinstance(seats, list) else [])
            if isinstance(seat, dict) and isinstance(seat.get("id"), str)]
        for field, player_id in named:
            if player_id not in known_players:
                where = f"sessions[{i}] (id {record['id']!r})"
                raise InvalidInput(msg("{where}: field {field} names player {player}, who is neither in the backup "
                                       "nor on this device", where=where, field=repr(field), player=repr(player_id)))
    # Every game in progress it adds must replay through its rules, or it would come in as a game nobody can
    # open (a backup edited by hand, a move onto a circle the sheet does not have): refused whole, as any bad
    # record.
    from companion.sessions import SessionKeeper      # here, not above: the keeper loads the games' engines

    keeper = SessionKeeper(store)
    # Only those the import would add or bring forward: one this device finished stays finished, and one it
    # has otherwise than the backup, as it is here, unless the backup has it further on (`_further_on`) and
    # no correction of it is under way here.
    here_docs = {doc["id"]: doc for doc in _table(store, SESSIONS_FILE, "sessions")}
    finished = set(store._months.ids())
    ahead = frozenset(record["id"] for record in sessions
                      if record["id"] in here_docs and record["id"] not in finished
                      and _further_on(here_docs[record["id"]], record) and not _correcting(keeper, record["id"]))
    for i, record in enumerate(sessions):
        if (record["id"] in here_docs or record["id"] in finished) and record["id"] not in ahead:
            continue
        try:
            keeper.check_replays(record)
        except InvalidInput as exc:
            # i18n: a backup refused: {where} names the game in the file, {reason} why it cannot be replayed
            raise InvalidInput(msg("{where}: {reason}", where=_where("sessions", i, record),
                                   reason=exc.args[0] if exc.args else str(exc))) from None
    # A game the backup finished from where this device left it: closed here as the record comes in (one this
    # device is correcting is left as it is, and so is one this device finished already).
    # One the backup also has in progress (taken back from History there) is brought forward or kept as above.
    in_backup = {record["id"] for record in sessions}
    closed = frozenset(record["id"] for record in history
                       if record["id"] in here_docs and record["id"] not in finished and record["id"] not in in_backup
                       and _finished_from(here_docs[record["id"]], record) and not _correcting(keeper, record["id"]))
    return _Checked(players, settings, sessions, history, tables, ahead, closed)


# Where a finished game's record keeps each player's total in its own breakdown (a list of entries with a
# "name"), as the game's summary writes it beside the players' scores, and History shows it.
_BREAKDOWN_TOTALS = {
    "trek12": ("scores", "total"),
    "ridgeline": ("standings", "fatigue"),
    "fourteeners": ("players", "total"),
    "freunde": ("players", "score"),
}
# Scores that cannot be below 0: fatigue, and an Expedition's stars.
_NEVER_NEGATIVE = ("ridgeline", "expedition")


def _inconsistent(record: dict[str, Any]) -> Message | None:
    """What does not add up in a finished game's record, or None: a player's score other than the one its own
    breakdown gives them, or a score the game cannot give. The scores and the breakdown are written together
    when a game ends, so a record that disagrees with itself was changed by hand; imported, it would show one
    number in History and count another in Statistics. Who won is not checked against the scores: records
    written by earlier versions, and by hand for a game played on paper, need not follow today's tie-breaks."""
    game = record["game"]
    players = record["players"]
    detail = record.get("detail")
    detail = detail if isinstance(detail, dict) else {}
    own: list[tuple[str, Any]] = []           # (name, total) as the breakdown lists them
    if game in _BREAKDOWN_TOTALS:
        section, key = _BREAKDOWN_TOTALS[game]
        entries = detail.get(section)
        own = [(entry["name"], entry[key]) for entry in (entries if isinstance(entries, list) else [])
               if isinstance(entry, dict) and isinstance(entry.get("name"), str) and key in entry]
    elif game == "expedition" and isinstance(detail.get("totals"), dict):
        own = [(name, t["stars"]) for name, t in detail["totals"].items() if isinstance(t, dict) and "stars" in t]
    # Told apart by name: a name twice in one game (a guest named as a player) is not compared.
    names = [player["name"] for player in players] + [name for name, _total in own]
    totals = {name: total for name, total in own if names.count(name) == 2}
    for player in players:
        name, score = player["name"], player["score"]
        if name in totals and totals[name] != score:
            return msg("{name}'s score is {score}, but the game's own breakdown gives {total}", name=name,
                       score=score, total=describe(totals[name]))
        if game in _NEVER_NEGATIVE and score < 0:
            return msg("{name}'s score is {score}, below 0, which this game never gives", name=name, score=score)
    return None


def _merge(store: Store, checked: _Checked) -> ImportReport:
    added: dict[str, int] = {}
    skipped: dict[str, int] = {}
    renamed: list[tuple[str, str]] = []
    recoloured: list[str] = []
    changes: dict[str, RawData | None] = {}

    main = MAIN_FILE
    here_players = list(store._database(main).raw().get("players", {}).values())
    have = {p["id"] for p in here_players}
    taken = {p["name"].casefold() for p in here_players if not p["removed"]}
    here_colours = {p["colour"] for p in here_players if not p["removed"]}
    # ... and those the newcomers bring, which a recoloured one must not take from a newcomer after it.
    colours = here_colours | {p["colour"] for p in checked.players if p["id"] not in have and not p["removed"]}
    kept: dict[str, int] = {}
    here_by_id = {p["id"]: p for p in here_players}
    kept["players"] = sum(1 for p in checked.players
                          if p["id"] in have and not _as_imported(p, here_by_id[p["id"]], here_players))
    new_players = []
    for player in checked.players:
        if player["id"] in have:
            continue
        if not player["removed"]:
            name = _free_name(player["name"], taken)
            if name != player["name"]:
                renamed.append((player["name"], name))
                player = {**player, "name": name}
            # Two current players of one colour could not be told apart on a sheet or a chart (every device gives
            # its first player the palette's first colour): a newcomer in a colour of this device's players takes
            # the first colour no one has. The backup's own players keep theirs, alike or not, as they were.
            free = [c for c in PALETTE if c not in colours]
            if player["colour"] in here_colours and free:
                recoloured.append(name)
                player = {**player, "colour": free[0]}
            taken.add(name.casefold())
            colours.add(player["colour"])
        new_players.append(player)
    _tally(added, skipped, "players", len(new_players), len(checked.players))

    here_settings = {doc["key"]: doc.get("value") for doc in _table(store, MAIN_FILE, "settings")}
    have_settings = set(here_settings)
    kept["settings"] = sum(1 for k, v in checked.settings.items() if k in here_settings and v != here_settings[k])
    new_settings = [{"key": k, "value": v} for k, v in checked.settings.items() if k not in have_settings]
    _tally(added, skipped, "settings", len(new_settings), len(checked.settings))
    if new_players or new_settings:
        raw = with_docs(store._database(main).raw(), "players", new_players)
        changes[main] = with_docs(raw, "settings", new_settings)

    finished = set(store._months.ids())  # from the history's index: no month file is read
    # A session whose id is in history was finished here already (a finished game keeps its session's id).
    here_sessions = {doc["id"]: doc for doc in _table(store, SESSIONS_FILE, "sessions")}
    have_sessions = set(here_sessions) | finished
    # A game the backup has in progress and this device finished since is this device's newer state of it.
    # One the backup has further on than this device (played on after the backup's device took it) is
    # brought forward: `checked.ahead`, replayed with the rest.
    forward = [s for s in checked.sessions if s["id"] in checked.ahead]
    kept["sessions"] = sum(1 for s in checked.sessions if s["id"] not in checked.ahead and (
        (s["id"] in here_sessions and s != here_sessions[s["id"]]) or s["id"] in finished))
    new_sessions = [s for s in checked.sessions if s["id"] not in have_sessions]
    _tally(added, skipped, "sessions", len(new_sessions), len(checked.sessions) - len(forward))
    if new_sessions or forward or checked.closed:
        raw = _with_replaced(store._database(SESSIONS_FILE).raw(), "sessions", forward)
        raw = _without(raw, "sessions", checked.closed)
        changes[SESSIONS_FILE] = with_docs(raw, "sessions", new_sessions)

    new_history = [h for h in checked.history if h["id"] not in finished]
    kept["history"] = sum(1 for h in checked.history if h["id"] in finished and h != store._months.get(h["id"]))
    _tally(added, skipped, "history", len(new_history), len(checked.history))
    by_month: dict[str, list[dict[str, Any]]] = {}
    for record in new_history:
        by_month.setdefault(month_of(record["finished"]), []).append(record)
    for month, docs in sorted(by_month.items()):
        # Only the months that gain games are rewritten, each with the games it already had.
        changes[month_file(month)] = with_docs(store._months.content(month), HISTORY_TABLE, docs)

    # A game brought forward comes with them too, where this device has none of its own (the phone's
    # half-filled turn, its mark of a game taken back from History).
    arriving = {s["id"] for s in new_sessions} | checked.ahead
    for name, docs in checked.tables.items():
        file = table_file(name)
        here_docs = {doc["id"]: doc for doc in _table(store, file, name)} if file in store._dbs else {}
        existing = set(here_docs)
        kept[name] = sum(1 for d in docs if d["id"] in here_docs and d != here_docs[d["id"]])
        new_docs = [d for d in docs if d["id"] not in existing]
        total = len(docs)
        if name in SESSION_TABLES:
            # A correction under way (or a game taken back from History) comes with its game only: one for a
            # game this device has in progress already is left as this device has it (none). One for a game not
            # in progress here and not arriving (finished here, or left behind by an older version) is nothing
            # to this device: not counted.
            kept[name] += sum(1 for d in new_docs if d["id"] not in arriving and d["id"] in here_sessions)
            total -= sum(1 for d in new_docs if d["id"] not in arriving and d["id"] not in here_sessions)
            new_docs = [d for d in new_docs if d["id"] in arriving]
        _tally(added, skipped, name, len(new_docs), total)
        if new_docs:
            store.table(name)  # registers the table so later lookups find the committed file
            changes[file] = with_docs(store._database(file).raw(), name, new_docs)

    # A game closed as its record comes in leaves nothing behind, as finishing it here would not: its half-filled
    # form, a correction confirmed (kept for its one-tap undo).
    for name in SESSION_TABLES if checked.closed else ():
        file = table_file(name)
        if file in changes or file in store._dbs:
            raw = changes.get(file) or store._database(file).raw()
            if any(row.get("id") in checked.closed for row in raw.get(name, {}).values()):
                changes[file] = _without(raw, name, checked.closed)

    undo = None
    if changes:
        undo = ImportUndo(before={file: _content(store, file) for file in changes},
                          after={file: copy_json(data) for file, data in changes.items()})
        store._commit(changes, "an import")
    return ImportReport(added, skipped, tuple(renamed), tuple(recoloured), {k: n for k, n in kept.items() if n},
                        undo, forward=len(forward), closed=len(checked.closed))


def _correcting(keeper: Any, session_id: str) -> bool:
    """A correction of this game is under way here (as the keeper reads it: one kept for another state of the
    game, which an undone import can leave behind, is not)."""
    correction = keeper.correction(session_id)
    return correction is not None and not correction.done


def _with_replaced(raw: RawData, table: str, docs: list[dict[str, Any]]) -> RawData:
    """A new tinydb content with each of `docs` in place of the document of its id, leaving `raw` untouched."""
    if not docs:
        return raw
    by_id = {doc["id"]: doc for doc in docs}
    out = dict(raw)
    out[table] = {key: by_id.get(row.get("id"), row) for key, row in raw.get(table, {}).items()}
    return out


def _without(raw: RawData, table: str, ids: frozenset[str]) -> RawData:
    """A new tinydb content without the documents of these ids in `table`, leaving `raw` untouched."""
    if not ids:
        return raw
    out = dict(raw)
    out[table] = {key: row for key, row in raw.get(table, {}).items() if row.get("id") not in ids}
    return out


def _content(store: Store, file: str) -> RawData | None:
    """A copy of a file's content as the store has it; None for a month that holds no games (no file)."""
    month = month_of_file(file)
    if month is not None:
        return copy_json(store._months.content(month)) or None
    return copy_json(store._database(file).raw())


def undo_import(store: Store, undo: ImportUndo) -> None:
    """Put every file an import changed back as it was, in one commit, if nothing was saved in them since;
    InvalidInput (nothing changed) otherwise."""
    from companion.store.folder import what_file_holds  # noqa: PLC0415 - the folder module imports this one

    for file, after in undo.after.items():
        month = month_of_file(file)
        now = store._months.content(month) if month is not None else store._database(file).raw()
        if now != after:
            raise InvalidInput(msg("the import cannot be undone any more: {what} changed since. Earlier versions "
                                   "in Settings can still bring back a file as it was saved",
                                   what=what_file_holds(file)))
    begun = _corrected_since(store, undo)
    if begun:
        raise InvalidInput(msg("the import cannot be undone any more: a correction of {games}, which it brought, "
                               "was begun since. Confirm or cancel it first", games=comma_list(begun)))
    orphaned = _orphaned_players(store, undo)
    if orphaned:
        raise InvalidInput(msg("the import cannot be undone any more: a game saved since names {players}, whom it "
                               "brought. Earlier versions in Settings can still bring back a file as it was saved",
                               players=comma_list(orphaned)))
    # A month file the import created is removed (None): it held no games.
    store._commit(dict(undo.before), "undoing an import")


def _corrected_since(store: Store, undo: ImportUndo) -> list[str]:
    """The titles of the games in progress an import added or brought forward that have a correction under
    way: taking the import back would leave it correcting entries the game no longer has."""
    if SESSIONS_FILE not in undo.after:
        return []
    from companion.sessions import SessionKeeper  # noqa: PLC0415 - the keeper loads the games' engines

    before = {doc["id"]: doc for doc in ((undo.before.get(SESSIONS_FILE) or {}).get("sessions") or {}).values()}
    brought = [doc for doc in (undo.after[SESSIONS_FILE].get("sessions") or {}).values()
               if before.get(doc["id"]) != doc]
    keeper = SessionKeeper(store)
    return [repr(doc["title"] if isinstance(doc.get("title"), str) and doc["title"] else doc.get("game"))
            for doc in brought if _correcting(keeper, doc["id"])]


def _orphaned_players(store: Store, undo: ImportUndo) -> list[str]:
    """The names of the players an import brought whom a game saved since in another file names (a game
    begun with them, or finished): taking the import back would leave that game naming nobody, and every
    backup of this device would then be refused ("names player …, who is neither in the backup nor on this
    device")."""
    if MAIN_FILE not in undo.after:
        return []
    before = {doc["id"] for doc in ((undo.before.get(MAIN_FILE) or {}).get("players") or {}).values()}
    brought = {doc["id"]: doc.get("name", "") for doc in (undo.after[MAIN_FILE].get("players") or {}).values()
               if doc["id"] not in before}
    if not brought:
        return []
    named: set[str] = set()
    if SESSIONS_FILE not in undo.after:
        for doc in store._database(SESSIONS_FILE).raw().get("sessions", {}).values():
            named.update(p for p in doc.get("players", ()) if p in brought)
    undone = {month_of_file(file) for file in undo.after} - {None}
    for doc in store._months.all_docs():
        if month_of(doc["finished"]) not in undone:
            named.update(entry.get("id") for entry in doc.get("players", ()) if entry.get("id") in brought)
    return sorted(brought[player] for player in named)


def _as_imported(there: dict[str, Any], here: dict[str, Any], here_players: list[dict[str, Any]]) -> bool:
    """Whether this device has the backup's player as it is, or as an import here brought them in: renamed to
    be told apart ("Ann (2)", `_free_name`) or given a colour no one else had (`_merge`). The same file
    imported again then finds them unchanged, not "different in the backup"."""
    if there == here:
        return True
    if {k: v for k, v in there.items() if k not in ("name", "colour")} != \
            {k: v for k, v in here.items() if k not in ("name", "colour")}:
        return False
    if there["name"] != here["name"]:
        # The name `_free_name` gives the backup's name with a number after it, and no other.
        number = re.fullmatch(r".* \(([0-9]+)\)", here["name"])
        suffix = f" ({number[1]})" if number else ""
        if not number or int(number[1]) < 2 or \
                here["name"] != there["name"][: records.NAME_MAX - len(suffix)].rstrip() + suffix:
            return False
    others = {p["colour"] for p in here_players if p["id"] != here["id"] and not p["removed"]}
    return there["colour"] == here["colour"] or there["colour"] in others


def _free_name(name: str, taken: set[str]) -> str:
    if name.casefold() not in taken:
        return name
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = name[: records.NAME_MAX - len(suffix)].rstrip() + suffix
        if candidate.casefold() not in taken:
            return candidate
        number += 1


def _tally(added: dict[str, int], skipped: dict[str, int], section: str, new: int, total: int) -> None:
    added[section] = added.get(section, 0) + new
    skipped[section] = skipped.get(section, 0) + total - new


def _count(n: int, section: str) -> Message:
    words = _LABELS.get(section)
    if words is not None:
        return words(n)
    # i18n: {section} is the name of a table of saved records that this version does not know (made by a
    # newer one), such as "expedition_ascents"
    return msgn("{n:,} {section} record", "{n:,} {section} records", n, section=section)


def _list(doc: dict[str, Any], section: str) -> list[Any]:
    value = doc.get(section, [])
    if not isinstance(value, list):
        raise InvalidInput(msg("backup: field {field} must be a list of records, not {value}", field=repr(section),
                               value=describe(value)))
    if len(value) > MAX_RECORDS:
        raise InvalidInput(msg("backup: field {field} has {n:,} records; the limit is {limit:,}", field=repr(section),
                               n=len(value), limit=MAX_RECORDS))
    return value


def _where(section: str, index: int, item: Any) -> str:
    record_id = item.get("id") if isinstance(item, dict) else None
    return f"{section}[{index}] (id {describe(record_id)})" if isinstance(record_id, str) else f"{section}[{index}]"


def _refuse_duplicates(docs: list[dict[str, Any]], section: str) -> None:
    seen: dict[str, int] = {}
    for index, doc in enumerate(docs):
        if doc["id"] in seen:
            where, other = (f"{section}[{i}]" for i in (index, seen[doc["id"]]))
            raise InvalidInput(msg("{where}: id {id} is already used by {other}", where=where, id=repr(doc["id"]),
                                   other=other))
        seen[doc["id"]] = index


def _check_table_name(name: Any) -> None:
    if not isinstance(name, str) or not TABLE_NAME_PATTERN.fullmatch(name) or name in RESERVED_NAMES:
        raise InvalidInput(msg("tables: {name} is not a table name (1-40 lower-case letters, digits or _, starting "
                               "with a letter, and not one of {reserved})", name=describe(name),
                               reserved=", ".join(sorted(RESERVED_NAMES))))


def _sorted_copies(docs: Iterable[dict[str, Any]], time_field: str) -> list[dict[str, Any]]:
    return [copy_json(d) for d in sorted(docs, key=lambda d: (d[time_field], d["id"]))]


def _table(store: Store, file: str, table: str) -> Iterable[dict[str, Any]]:
    return store._database(file).raw().get(table, {}).values()


def _main_ids(store: Store, table: str, key: str = "id") -> Iterable[str]:
    return (doc[key] for doc in _table(store, MAIN_FILE, table))

