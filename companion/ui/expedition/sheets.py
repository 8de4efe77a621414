"""An Expedition's Ascent sheet played in the app: a Trek 12 session started for it, and its result read back.

The Expedition engine takes each Ascent's sheet points, cards and challenges met; when the players on this
device play the sheet on the Trek 12 screen instead of on paper, this module starts that Trek 12 session
(the Ascent's sheet, the players' held Assist cards, Max in a solo Expedition) and remembers which Ascent it
belongs to in the store table `expedition_sheets` (one document per Trek 12 session, so it travels in every
backup). Once the Trek 12 session is finished (its history record keeps the session's id), `sheet_result`
reads each sheet's score from the record: the points the Expedition's "score" takes (`sheet_points`: the
cards kept on the sheet are cashed by the Expedition itself) and the challenges the sheet meets.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from companion.errors import CompanionError, InvalidInput
from companion.games.expedition.challenges import challenges_met
from companion.games.expedition.data import EnvelopeNo
from companion.games.expedition.rules import CardMode, SeatNo, State
from companion.games.expedition.scoring import sheet_points
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
    "start_sheet",
    "sheet_result",
    "forget_sheets",
    "expedition_of_sheet",
]

SHEET_TABLE = "expedition_sheets"
TREK12 = "trek12"
_DICE_SEEDS = 2**63  # the Trek 12 setup's range for the app's dice seed


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


def start_sheet(store: Any, keeper: Any, expedition_id: str, state: State, *, seed: int | None = None) -> SheetLink:
    """Start the current Ascent's sheet as a Trek 12 session for the players on this device (with the Assist
    cards they hold, and Max with his in a solo Expedition); the link is saved before this returns."""
    seats = app_seats(state)
    if not seats:
        raise InvalidInput("every player of this Expedition plays on paper, so no sheet is played in the app")
    setup_seats = state.setup.seats
    tracked = state.setup.cards is not CardMode.OFF
    players = []
    ids = []
    for n in seats:
        seat = setup_seats[n]
        if seat.is_max:
            continue
        entry: dict[str, Any] = {"id": seat.id, "name": seat.name}
        if tracked:
            entry["assists"] = [card.value for card in state.hands[n]]
        players.append(entry)
        if seat.id is not None:
            ids.append(seat.id)
    solo = state.setup.solo
    setup: dict[str, Any] = {
        "sheet": state.sheet.key,
        "solo": "max" if solo else None,
        "players": players,
        # The Trek 12 screen rolls the app's dice from this seed, so its rolls replay after undo or a restart.
        "dice_seed": seed if seed is not None else random.SystemRandom().randrange(_DICE_SEEDS),
    }
    if solo and tracked:
        max_seat = next(n for n, s in enumerate(setup_seats) if s.is_max)
        if state.hands[max_seat]:
            setup["max_assists"] = len(state.hands[max_seat])
    title = f"{state.sheet.name} · Expedition Ascent {state.ascent}"
    session = keeper.start(TREK12, setup, ids, title)
    link = SheetLink(session.id, expedition_id, state.ascent, seats)
    store.table(SHEET_TABLE).upsert(link.to_doc())
    return link


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
    out = []
    for seat, doc in zip(link.seats, scores):
        try:
            is_max = state.setup.seats[seat].is_max
            breakdown = _breakdown(doc, max_rules=is_max)
        except (KeyError, TypeError, ValueError, IndexError):
            return None
        met = () if is_max else challenges_met(breakdown)
        out.append(SeatResult(seat, sheet_points(breakdown), met, breakdown.assists, breakdown.total))
    return SheetResult(tuple(out), bool(detail.get("complete", True)))


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
