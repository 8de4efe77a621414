"""The Hall of Fame and the used-up Challenge envelopes: what the Trek 12 box keeps between Expeditions.

Pure values and rules; the app keeps the documents in its store (companion/store/hall_of_fame.py). Per sheet the
Hall of Fame lists every record ever written, oldest first: the date, who, the score. The standing record is
the highest score (the earliest of equal ones, since equalling a record does not beat it); every other line
is struck out (rulebook, Earn a Reputation: "strikes out the old one").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from companion.errors import InvalidInput
from companion.games.expedition.data import ENVELOPES, EnvelopeNo, SheetKey, expedition_sheets
from companion.games.expedition.rules import NAME_MAX, NOTE_MAX, SCORE_MAX, SCORE_MIN, Record, State, parse_date
from companion.games.trek12.data import Sheet
from companion.i18n.message import msg
from companion.inputs import quote

__all__ = [
    "Entry",
    "Line",
    "Column",
    "Hall",
    "OpenedEnvelope",
    "entry_id_for",
    "envelope_id_for",
    "build_hall",
    "standing_record",
    "setup_records",
    "entries_from_state",
    "envelopes_from_state",
    "opened_numbers",
]

_ENTRY_KEYS = ("id", "sheet", "date", "names", "score", "expedition")
_ENVELOPE_KEYS = ("id", "number", "date", "opener", "note", "expedition")
_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")


@dataclass(frozen=True)
class Entry:
    """One line of the Hall of Fame: a sheet's record as written on a date, by whom (several when tied)."""

    id: str
    sheet: SheetKey
    date: str
    names: tuple[str, ...]
    score: int
    expedition: str | None = None  # the Expedition that wrote it; None when typed in from the booklet

    def to_doc(self) -> dict[str, Any]:
        """The stored document (docs/formats.md, Trek 12 Expeditions: the Hall of Fame)."""
        return {"id": self.id, "sheet": self.sheet, "date": self.date, "names": list(self.names),
                "score": self.score, "expedition": self.expedition}

    @classmethod
    def from_doc(cls, doc: Any) -> "Entry":
        """A stored document back as an Entry; InvalidInput names the record and the field."""
        where = _where("hall_of_fame", doc)
        _keys(doc, _ENTRY_KEYS, where)
        sheets = [s.key for s in expedition_sheets()]
        if doc["sheet"] not in sheets:
            raise InvalidInput(msg("{where}: 'sheet' must be one of {sheets}, not {value}", where=where,
                                   sheets=", ".join(sheets), value=quote(doc["sheet"])))
        day = parse_date(doc["date"], f"{where}: 'date'")
        if day is None:
            raise InvalidInput(msg("{where}: 'date' is missing", where=where))
        names = doc["names"]
        if (not isinstance(names, list) or not names
                or not all(isinstance(n, str) and 0 < len(n.strip()) <= NAME_MAX for n in names)):
            raise InvalidInput(msg("{where}: 'names' must list 1 or more names of 1-{limit} characters", where=where,
                                   limit=NAME_MAX))
        if type(doc["score"]) is not int or not SCORE_MIN <= doc["score"] <= SCORE_MAX:
            raise InvalidInput(msg("{where}: 'score' must be a whole number from {low} to {high}, not {value}",
                                   where=where, low=SCORE_MIN, high=SCORE_MAX, value=quote(doc["score"])))
        expedition = doc["expedition"]
        if expedition is not None and not isinstance(expedition, str):
            raise InvalidInput(msg("{where}: 'expedition' must be an Expedition id or null", where=where))
        return cls(doc["id"], doc["sheet"], day, tuple(n.strip() for n in names), doc["score"], expedition)


@dataclass(frozen=True)
class Line:
    """An entry as the Hall of Fame shows it: struck out unless it is the standing record."""

    entry: Entry
    struck: bool


@dataclass(frozen=True)
class Column:
    """One sheet's column of the Hall of Fame, oldest line first."""

    sheet: Sheet
    lines: tuple[Line, ...]

    @property
    def record(self) -> Entry | None:
        """The standing record of the sheet, or None when nobody has written one."""
        return next((line.entry for line in self.lines if not line.struck), None)


@dataclass(frozen=True)
class Hall:
    """The whole Hall of Fame, one column per Expedition sheet (the lowest Summit score first), and any unreadable
    stored documents (each a sentence naming it), which are left out."""

    columns: tuple[Column, ...]
    problems: tuple[str, ...] = ()

    def column(self, sheet: SheetKey) -> Column:
        """The column of a sheet by key."""
        for column in self.columns:
            if column.sheet.key == sheet:
                return column
        raise InvalidInput(msg("the Hall of Fame has no column {sheet}", sheet=quote(sheet)))


@dataclass(frozen=True)
class OpenedEnvelope:
    """A Challenge envelope used up: its number, when, who opened it and the note of what it held."""

    id: str
    number: EnvelopeNo
    date: str | None
    opener: str | None
    note: str
    expedition: str | None = None

    def to_doc(self) -> dict[str, Any]:
        """The stored document (docs/formats.md, Trek 12 Expeditions: envelopes)."""
        return {"id": self.id, "number": self.number, "date": self.date, "opener": self.opener,
                "note": self.note, "expedition": self.expedition}

    @classmethod
    def from_doc(cls, doc: Any) -> "OpenedEnvelope":
        """A stored document back as an OpenedEnvelope; InvalidInput names the record and the field."""
        where = _where("envelopes", doc)
        _keys(doc, _ENVELOPE_KEYS, where)
        number = doc["number"]
        if type(number) is not int or not 1 <= number <= ENVELOPES:
            raise InvalidInput(msg("{where}: 'number' must be 1 to {last}, not {value}", where=where, last=ENVELOPES,
                                   value=quote(number)))
        opener = doc["opener"]
        if opener is not None and (not isinstance(opener, str) or not 0 < len(opener.strip()) <= NAME_MAX):
            raise InvalidInput(msg("{where}: 'opener' must be a name or null", where=where))
        note = doc["note"]
        if not isinstance(note, str) or len(note) > NOTE_MAX:
            raise InvalidInput(msg("{where}: 'note' must be text of at most {limit} characters", where=where,
                                   limit=NOTE_MAX))
        expedition = doc["expedition"]
        if expedition is not None and not isinstance(expedition, str):
            raise InvalidInput(msg("{where}: 'expedition' must be an Expedition id or null", where=where))
        return cls(doc["id"], number, parse_date(doc["date"], f"{where}: 'date'"),
                   None if opener is None else opener.strip(), note, expedition)


def entry_id_for(expedition_id: str, sheet: SheetKey) -> str:
    """The id of the record an Expedition writes for a sheet: one per Expedition and sheet, so writing it
    again (after an undo and redo) replaces it instead of adding a second line."""
    return f"expedition:{expedition_id}:{sheet}"


def envelope_id_for(expedition_id: str, number: EnvelopeNo) -> str:
    """The id of an envelope opened during an Expedition (one per Expedition and envelope)."""
    return f"expedition:{expedition_id}:envelope{number}"


def build_hall(entries: Iterable[Entry], problems: Iterable[str] = ()) -> Hall:
    """Every sheet's column: lines oldest first (date, then score), all struck out but the standing record."""
    by_sheet: dict[str, list[Entry]] = {}
    for entry in entries:
        by_sheet.setdefault(entry.sheet, []).append(entry)
    columns = []
    for sheet in expedition_sheets():
        ordered = sorted(by_sheet.get(sheet.key, ()), key=_order)
        record = standing_record(ordered)
        columns.append(Column(sheet, tuple(Line(e, e is not record) for e in ordered)))
    return Hall(tuple(columns), tuple(problems))


def standing_record(entries: Iterable[Entry]) -> Entry | None:
    """The standing record among one sheet's entries: the highest score, the earliest of equal ones."""
    best = None
    for entry in sorted(entries, key=_order):
        if best is None or entry.score > best.score:  # only a strictly higher score beats a record
            best = entry
    return best


def setup_records(hall: Hall) -> dict[SheetKey, dict[str, Any] | None]:
    """The records as they stand, in the shape an Expedition setup takes ("records")."""
    out: dict[str, dict[str, Any] | None] = {}
    for column in hall.columns:
        record = column.record
        out[column.sheet.key] = None if record is None else Record(record.score, record.names, record.date).to_dict()
    return out


def entries_from_state(state: State, expedition_id: str, dates: dict[SheetKey, str]) -> tuple[Entry, ...]:
    """The Hall of Fame lines an Expedition has written so far: one per Ascent whose best total made a record;
    `dates` gives the date for an Ascent scored without one."""
    out = []
    for result in state.results:
        record = result.record
        if record is None:
            continue
        day = record.date or dates.get(result.sheet.key)
        if day is None:
            raise InvalidInput(msg("the record of {sheet} needs a date", sheet=result.sheet.name))
        out.append(Entry(entry_id_for(expedition_id, result.sheet.key), result.sheet.key, day, record.names,
                         record.score, expedition_id))
    return tuple(out)


def envelopes_from_state(state: State, expedition_id: str, dates: dict[int, str | None]) -> tuple[OpenedEnvelope, ...]:
    """The envelopes an Expedition has opened (with their note typed), with the Ascent's date or `dates`."""
    names = state.setup.names
    by_ascent = {r.number: r for r in state.results}
    out = []
    for envelope in state.envelopes:
        if envelope.note is None:
            continue  # still to be opened at the table; written once its note is typed
        day = by_ascent[envelope.ascent].date or dates.get(envelope.number)
        out.append(OpenedEnvelope(envelope_id_for(expedition_id, envelope.number), envelope.number, day,
                                  names[envelope.opener], envelope.note, expedition_id))
    return tuple(out)


def opened_numbers(envelopes: Iterable[OpenedEnvelope]) -> list[EnvelopeNo]:
    """The envelope numbers used up, for an Expedition setup's "opened"."""
    return sorted({e.number for e in envelopes})


def _order(entry: Entry) -> tuple[str, int, str]:
    # Oldest first; on one day a higher score came later (it beat the other), then the id keeps it stable.
    return (entry.date, entry.score, entry.id)


def _where(table: str, doc: Any) -> str:
    ident = doc.get("id") if isinstance(doc, dict) else None
    # i18n: {table} is the name of a stored table (hall_of_fame, envelopes), kept as it is
    return msg("{table} record {id}", table=table, id=quote(ident)) if ident is not None else \
        msg("{table} record", table=table)


def _keys(doc: Any, keys: tuple[str, ...], where: str) -> None:
    if not isinstance(doc, dict):
        raise InvalidInput(msg("{where} must be an object, not {value}", where=where, value=quote(doc)))
    missing = [k for k in keys if k not in doc]
    if missing:
        raise InvalidInput(msg("{where}: field {field} is missing", where=where, field=quote(missing[0])))
    unknown = sorted(str(k) for k in doc if k not in keys)
    if unknown:
        raise InvalidInput(msg("{where}: unknown field {field}; known: {known}", where=where,
                               field=quote(unknown[0]), known=", ".join(keys)))
    if not isinstance(doc["id"], str) or not _ID.fullmatch(doc["id"]):
        raise InvalidInput(msg("{where}: 'id' must be 1-64 letters, digits or _.:-", where=where))
