"""An Expedition's Ascent sheets kept as Trek 12 games of their own, as earlier versions played them.

The sheet of an Ascent now lives inside the Expedition (the Expedition's "sheet" and "turn" actions, played on
the Trek 12 screen at `/play/expedition/<id>/sheet`), so its cards are the Expedition's. Expeditions saved by
earlier versions may still have a sheet started as a separate Trek 12 session, remembered in the store table
`expedition_sheets` (one document per Trek 12 session, so it travels in every backup). This module reads
those links: whether that sheet is still being played, and once it is finished (its history record keeps the
session's id) each seat's points for the Expedition's "score" (`sheet_points`: the cards the sheet counted
are cashed by the Expedition itself) and the challenges it meets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from companion.errors import CompanionError, InvalidInput
from companion.games.expedition.challenges import challenges_met
from companion.games.expedition.data import EnvelopeNo
from companion.games.expedition.rules import SeatNo, State
from companion.games.expedition.scoring import sheet_points
from companion.games.trek12 import session as trek12
from companion.ui.common.routing import replay_record
from companion.games.trek12.scoring import LineScore, ScoreBreakdown, ZoneScore

__all__ = [
    "SHEET_TABLE",
    "TREK12",
    "SheetLink",
    "SheetStatus",
    "SeatResult",
    "SheetResult",
    "app_seats",
    "sheet_link",
    "sheet_status",
    "sheet_result",
    "forget_sheets",
    "expedition_of_sheet",
]

SHEET_TABLE = "expedition_sheets"
TREK12 = "trek12"


class SheetStatus(Enum):
    """Where an Ascent's sheet in the app stands: none started, being played, finished, or gone (abandoned)."""

    NONE = "none"
    PLAYING = "playing"
    FINISHED = "finished"
    GONE = "gone"


@dataclass(frozen=True)
class SheetLink:
    """A Trek 12 session played for one Ascent of an Expedition, and the Expedition seats on it (Max last)."""

    session_id: str
    expedition: str
    ascent: int
    seats: tuple[SeatNo, ...]

    def to_doc(self) -> dict[str, Any]:
        """The stored document of the `expedition_sheets` table."""
        return {"id": self.session_id, "expedition": self.expedition, "ascent": self.ascent,
                "seats": list(self.seats)}

    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> SheetLink:
        """A stored document back as a link; InvalidInput when it was edited out of shape."""
        seats = doc.get("seats")
        if (not isinstance(doc.get("id"), str) or not isinstance(doc.get("expedition"), str)
                or type(doc.get("ascent")) is not int or not isinstance(seats, list)
                or not all(type(s) is int for s in seats)):
            raise InvalidInput(f"{SHEET_TABLE} record {doc.get('id')!r} is not a sheet link")
        return cls(doc["id"], doc["expedition"], doc["ascent"], tuple(seats))


@dataclass(frozen=True)
class SeatResult:
    """One Expedition seat's sheet as played in the app: points for the Expedition, challenges, cards kept."""

    seat: SeatNo
    points: int
    met: tuple[EnvelopeNo, ...]
    kept: int
    total: int


@dataclass(frozen=True)
class SheetResult:
    """A finished sheet's scores per seat, and whether every circle was filled before it was saved."""

    seats: tuple[SeatResult, ...]
    complete: bool

    def for_seat(self, seat: SeatNo) -> SeatResult | None:
        """The result of one seat, or None when that seat did not play on the sheet."""
        return next((r for r in self.seats if r.seat == seat), None)


def app_seats(state: State) -> tuple[SeatNo, ...]:
    """The seats whose sheet can be played on this device: the players not on paper, and Max with them."""
    seats = state.setup.seats
    players = tuple(n for n, seat in enumerate(seats) if not seat.paper and not seat.is_max)
    if not players:
        return ()
    return players + tuple(n for n, seat in enumerate(seats) if seat.is_max)


def sheet_link(store: Any, expedition_id: str, ascent: int) -> SheetLink | None:
    """The sheet started in the app for this Expedition's Ascent (the latest one), or None."""
    found = None
    for doc in store.table(SHEET_TABLE).find(expedition=expedition_id, ascent=ascent):
        try:
            found = SheetLink.from_doc(doc)
        except InvalidInput:
            continue
    return found


def sheet_status(store: Any, link: SheetLink | None) -> SheetStatus:
    """Whether the linked Trek 12 session is still being played, finished into History, or gone."""
    if link is None:
        return SheetStatus.NONE
    if store.sessions.get(link.session_id) is not None:
        return SheetStatus.PLAYING
    record = store.history.get(link.session_id)
    if record is not None and record.get("game") == TREK12:
        return SheetStatus.FINISHED
    return SheetStatus.GONE


def sheet_result(store: Any, link: SheetLink, state: State) -> SheetResult | None:
    """The finished sheet's points and challenges per seat from its history record (None until finished, or
    when the record's detail cannot be read)."""
    record = store.history.get(link.session_id)
    if record is None or record.get("game") != TREK12:
        return None
    detail = record.get("detail")
    if not isinstance(detail, Mapping):
        return None
    scores = detail.get("scores")
    if not isinstance(scores, Sequence) or len(scores) != len(link.seats):
        return None
    held = _held_at_end(record)
    out = []
    for index, (seat, doc) in enumerate(zip(link.seats, scores)):
        try:
            is_max = state.setup.seats[seat].is_max
            breakdown = _breakdown(doc, max_rules=is_max)
        except (KeyError, TypeError, ValueError, IndexError):
            return None
        # Max's sheet meets challenges like anyone's (docs/rulings.md). The cards the sheet ended with come
        # from replaying it (its score counts only the cards cashed there, none since cashing moved to the
        # Expedition); a record that no longer replays falls back on its score.
        kept = held[index] if held is not None and index < len(held) else breakdown.assists
        out.append(SeatResult(seat, sheet_points(breakdown), challenges_met(breakdown), kept, breakdown.total))
    return SheetResult(tuple(out), bool(detail.get("complete", True)))


def _held_at_end(record: Mapping[str, Any]) -> list[int] | None:
    """How many cards each sheet of a finished Trek 12 record held at its end (players, then Max)."""
    table = replay_record(trek12, record)
    if table is None:
        return None
    counts = [len(state.assists or ()) + len(state.cashed or ()) for state in table.states]
    if table.solo:
        counts.append(table.states[0].max_assists)
    return counts


def expedition_of_sheet(store: Any, session_id: str) -> str | None:
    """The Expedition a Trek 12 session was started for (so its screen can lead back to it), or None."""
    doc = store.table(SHEET_TABLE).get(session_id)
    return doc.get("expedition") if isinstance(doc, dict) and isinstance(doc.get("expedition"), str) else None


def forget_sheets(store: Any, expedition_id: str) -> int:
    """Remove the sheet links of an Expedition that was abandoned or saved to History; how many went."""
    table = store.table(SHEET_TABLE)
    removed = 0
    for doc in table.find(expedition=expedition_id):
        try:
            table.delete(doc["id"])
            removed += 1
        except (CompanionError, KeyError):
            continue
    return removed


def _breakdown(doc: Any, *, max_rules: bool) -> ScoreBreakdown:
    """A Trek 12 score as the history record's detail keeps it (ScoreBreakdown.to_dict) back as a breakdown."""
    if not isinstance(doc, Mapping):
        raise TypeError("a sheet's score must be an object")
    lines = tuple(LineScore(tuple(int(c) for c in line["circles"]), int(line["points"])) for line in doc["lines"])
    zones = tuple(ZoneScore(tuple(int(c) for c in zone["circles"]), int(zone["value"]), int(zone["points"]))
                  for zone in doc["zones"])
    return ScoreBreakdown(lines=lines, zones=zones, line_bonus=int(doc["line_bonus"]),
                          zone_bonus=int(doc["zone_bonus"]), skulls=int(doc["skulls"]), orphans=int(doc["orphans"]),
                          penalty=int(doc["penalty"]), assists=int(doc.get("assists", 0)), total=int(doc["total"]),
                          complete=bool(doc.get("complete", True)), max_rules=max_rules)
