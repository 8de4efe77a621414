"""The Hall of Fame and the used-up Challenge envelopes, kept forever in the store.

Two general tables: `hall_of_fame` (one document per line of the booklet's Hall of Fame) and `envelopes`
(one per envelope opened). Both are plain store tables, so they travel in every export and import. The
rules behind them are pure (companion.games.expedition.halloffame); this module reads and writes them and
gives a new Expedition the records and envelopes as they stand when it begins.

An Expedition in progress writes its records and envelopes through `sync_expedition` after every change
(and undo), under ids of its own, so replaying, undoing or syncing twice never adds a second line;
`withdraw_expedition` takes its records back when an Expedition is abandoned (an envelope opened stays used
up: rulebook, "Once opened, an envelope is used up").
"""

from __future__ import annotations

import random
from datetime import date
from typing import Any, Callable

from companion.errors import InvalidInput
from companion.i18n.message import msg
from companion.games.expedition.data import DECK_SETTING, EnvelopeNo, SheetKey, parse_deck, sheet_for
from companion.games.expedition.halloffame import (
    Entry,
    Hall,
    OpenedEnvelope,
    build_hall,
    entries_from_state,
    envelopes_from_state,
    opened_numbers,
    setup_records,
)
from companion.games.expedition.rules import State, check_new_setup, parse_date, parse_setup

__all__ = [
    "HALL_TABLE",
    "ENVELOPE_TABLE",
    "hall",
    "add_record",
    "remove_record",
    "envelopes",
    "add_envelope",
    "remove_envelope",
    "expedition_setup",
    "sync_expedition",
    "withdraw_expedition",
]

HALL_TABLE = "hall_of_fame"
ENVELOPE_TABLE = "envelopes"


def hall(store: Any) -> Hall:
    """The Hall of Fame as it stands: every sheet's lines, struck out but the record; bad documents named."""
    entries, problems = _load(store.table(HALL_TABLE).all(), Entry.from_doc)
    return build_hall(entries, problems)


def add_record(store: Any, sheet: SheetKey, names: list[str], score: int, day: str | None = None,
               *, today: Callable[[], date] = date.today) -> Entry:
    """Write a record typed in from the booklet (the Hall of Fame of games played before the app)."""
    from companion.store.records import new_id

    key = sheet_for(sheet).key
    if not isinstance(names, list) or not names:
        raise InvalidInput(msg("a record needs at least one name"))
    entry = Entry.from_doc({"id": new_id(), "sheet": key, "date": _not_ahead(parse_date(day), today) or
                            today().isoformat(), "names": names, "score": score, "expedition": None})
    store.table(HALL_TABLE).insert(entry.to_doc())
    return entry


def remove_record(store: Any, entry_id: str) -> dict[str, Any]:
    """Delete one line (a record typed in by mistake); returns its document so it can be put back."""
    doc = store.table(HALL_TABLE).delete(entry_id)
    if doc is None:
        raise InvalidInput(msg("the Hall of Fame has no line with id {id}", id=repr(entry_id)))
    return doc


def envelopes(store: Any) -> tuple[OpenedEnvelope, ...]:
    """The envelopes used up, by number then date (an unreadable document is left out)."""
    found, _ = _load(store.table(ENVELOPE_TABLE).all(), OpenedEnvelope.from_doc)
    return tuple(sorted(found, key=lambda e: (e.number, e.date or "", e.id)))


def add_envelope(store: Any, number: EnvelopeNo, note: str = "", opener: str | None = None,
                 day: str | None = None, *, today: Callable[[], date] = date.today) -> OpenedEnvelope:
    """Mark an envelope opened outside the app (earlier Expeditions on paper), with a note of what it held."""
    from companion.store.records import new_id

    if isinstance(note, str):
        note = note.strip()
    envelope = OpenedEnvelope.from_doc({"id": new_id(), "number": number, "date": _not_ahead(parse_date(day), today),
                                        "opener": opener, "note": note, "expedition": None})
    store.table(ENVELOPE_TABLE).insert(envelope.to_doc())
    return envelope


def _not_ahead(day: str | None, today: Callable[[], date]) -> str | None:
    """A day typed in from the booklet, refused when it is still to come (a record or an envelope of games
    already played)."""
    if day is not None and day > today().isoformat():
        raise InvalidInput(msg("{day} is still to come: type the day it happened", day=day))
    return day


def remove_envelope(store: Any, envelope_id: str) -> dict[str, Any]:
    """Forget an envelope marked opened by mistake; returns its document."""
    doc = store.table(ENVELOPE_TABLE).delete(envelope_id)
    if doc is None:
        raise InvalidInput(msg("no opened envelope has id {id}", id=repr(envelope_id)))
    return doc


def expedition_setup(store: Any, players: list[Any], *, solo: bool = False, lead: Any = None,
                     cards: str = "typed", seed: int | None = None) -> dict[str, Any]:
    """A new Expedition's setup: the players, the records and envelopes as they stand now, the deck from
    Settings (or the default), and a fresh seed when the app draws the cards and none is given."""
    setup: dict[str, Any] = {
        "players": players,
        "solo": "max" if solo else None,
        "lead": lead,
        "records": setup_records(hall(store)),
        "cards": cards,
        "opened": opened_numbers(envelopes(store)),
    }
    if solo:
        setup["max_given"] = True       # Max is given a card while one is in play (rules.max_takes_one)
    saved_deck = store.settings.get(DECK_SETTING)
    if saved_deck is not None and cards != "off":
        setup["deck"] = parse_deck(saved_deck, f"the setting {DECK_SETTING!r}").to_dict()
    if cards == "drawn" and seed is None:
        # The shuffles must replay identically, so the seed is chosen once here and kept in the setup.
        seed = random.SystemRandom().randrange(2**31)
    if seed is not None:
        setup["seed"] = seed
    check_new_setup(parse_setup(setup))
    return setup


def sync_expedition(store: Any, expedition_id: str, state: State, *,
                    today: Callable[[], date] = date.today) -> None:
    """Make the stored records and envelopes match what this Expedition has written so far (after every
    action, undo and redo): new lines added, changed ones rewritten, undone ones removed."""
    table = store.table(HALL_TABLE)
    mine = {doc["id"]: doc for doc in table.find(expedition=expedition_id)}
    # An Ascent scored without a date keeps the date its record was first written on.
    dates = {doc.get("sheet"): doc.get("date") for doc in mine.values()}
    for result in state.results:
        dates.setdefault(result.sheet.key, today().isoformat())
    wanted = {e.id: e.to_doc() for e in entries_from_state(state, expedition_id, dates)}
    _converge(table, mine, wanted)

    table = store.table(ENVELOPE_TABLE)
    mine = {doc["id"]: doc for doc in table.find(expedition=expedition_id)}
    env_dates = {doc.get("number"): doc.get("date") for doc in mine.values()}
    for envelope in state.envelopes:
        env_dates.setdefault(envelope.number, today().isoformat())
    wanted = {e.id: e.to_doc() for e in envelopes_from_state(state, expedition_id, env_dates)}
    _converge(table, mine, wanted)


def withdraw_expedition(store: Any, expedition_id: str) -> int:
    """Remove every record an abandoned Expedition wrote; how many went. The envelopes it opened stay used up
    (a paper envelope is not sealed again), no longer tied to it: listed as one entered by hand is, and
    removable as it is, should one have been marked opened by mistake."""
    table = store.table(HALL_TABLE)
    removed = 0
    for doc in table.find(expedition=expedition_id):
        table.delete(doc["id"])
        removed += 1
    table = store.table(ENVELOPE_TABLE)
    for doc in table.find(expedition=expedition_id):
        table.upsert({**doc, "expedition": None})
    return removed


def _converge(table: Any, have: dict[str, dict[str, Any]], wanted: dict[str, dict[str, Any]]) -> None:
    for doc_id in have:
        if doc_id not in wanted:
            table.delete(doc_id)
    for doc_id, doc in wanted.items():
        if have.get(doc_id) != doc:
            table.upsert(doc)


def _load(docs: list[dict[str, Any]], parse: Callable[[Any], Any]) -> tuple[list[Any], list[str]]:
    # A document an import brought in unchecked is named and left out, so one bad line cannot hide the rest.
    found, problems = [], []
    for doc in docs:
        try:
            found.append(parse(doc))
        except InvalidInput as exc:
            problems.append(str(exc))
    return found, problems

