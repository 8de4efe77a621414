"""Where the Trek 12 play screen reads and writes its Ascent: a Trek 12 game of its own, or the sheet of an
Expedition's Ascent, which lives inside the Expedition (so the two screens share one list of actions and can
never disagree about the cards).

Both give the screen the same things: the table (`companion.games.trek12.session.Table`), the saved game's
facts a turn's draft depends on (`SheetFacts`), and `act` / `undo` / `redo` through the session keeper.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from companion.errors import IllegalAction
from companion.games.expedition.rules import State as ExpeditionState, sheet_seats
from companion.games.trek12.session import Table

__all__ = ["SheetFacts", "SheetSource", "TrekSource", "ExpeditionSource"]


@dataclass(frozen=True)
class SheetFacts:
    """What the screen's draft of a turn depends on: the dice seed, how many actions are saved (a draft
    belongs to one count), the actions undone (the first one's dice come back after an undo), undo/redo;
    `entries`, the saved actions themselves (Undo takes back only what the screen showed)."""

    dice_seed: int | None
    actions: int
    redo: tuple[Mapping[str, Any], ...]
    can_undo: bool
    can_redo: bool
    entries: tuple[Any, ...] = ()
    correcting: bool = False      # an old entry's correction is under way: undo and redo wait for it


class SheetSource(Protocol):
    """The Ascent the play screen shows; `expedition` is the Expedition's session id when it has one."""

    expedition: str | None

    def facts(self) -> SheetFacts: ...

    def table(self) -> Table: ...

    def act(self, doc: dict[str, Any]) -> None: ...

    def undo(self, seen: tuple[Any, ...] | None = None) -> None: ...

    def redo(self, seen: tuple[Any, ...] | None = None) -> None: ...


class TrekSource:
    """A Trek 12 game in progress (`/play/trek12/<id>`), possibly an older Expedition sheet kept apart."""

    def __init__(self, keeper: Any, session_id: str, expedition: str | None = None) -> None:
        self._keeper = keeper
        self._id = session_id
        self.expedition = expedition

    def facts(self) -> SheetFacts:
        session = self._keeper.get(self._id)
        return SheetFacts(session.setup.get("dice_seed"), len(session.actions), tuple(session.redo),
                          session.can_undo, session.can_redo, session.actions, session.correcting)

    def table(self) -> Table:
        return self._keeper.state(self._id)

    def act(self, doc: dict[str, Any]) -> None:
        self._keeper.act(self._id, doc)

    def undo(self, seen: tuple[Any, ...] | None = None) -> None:
        self._keeper.undo(self._id, seen=seen)

    def redo(self, seen: tuple[Any, ...] | None = None) -> None:
        self._keeper.redo(self._id, seen=seen)


class ExpeditionSource:
    """The sheet of the current Ascent of an Expedition (`/play/expedition/<id>/sheet`): a turn is the
    Expedition's "turn" action, and undo takes back the Expedition's last action, whichever it was."""

    def __init__(self, keeper: Any, expedition_id: str) -> None:
        self._keeper = keeper
        self.expedition = expedition_id

    def state(self) -> ExpeditionState:
        return self._keeper.state(self.expedition)

    def facts(self) -> SheetFacts:
        session = self._keeper.get(self.expedition)
        state = self.state()
        # Only an undone turn gives its dice back; an undone pick or scoring has none.
        redo = tuple(doc for doc in session.redo[:1] if isinstance(doc, Mapping) and doc.get("type") == "turn")
        return SheetFacts(state.dice_seed, len(session.actions), redo, session.can_undo, session.can_redo,
                          session.actions, session.correcting)

    def table(self) -> Table:
        table = self.state().table
        if table is None:
            raise IllegalAction("no sheet of this Ascent is being played in the app")
        return table

    def act(self, doc: dict[str, Any]) -> None:
        state = self.state()
        seats = sheet_seats(state)
        seat = doc.get("player")
        body = {k: v for k, v in doc.items() if k != "player"}
        if type(seat) is not int or not 0 <= seat < len(seats):
            raise IllegalAction(f"no player {seat!r} on this sheet")
        self._keeper.act(self.expedition, {"type": "turn", "player": state.setup.names[seats[seat]], **body})

    def undo(self, seen: tuple[Any, ...] | None = None) -> None:
        self._keeper.undo(self.expedition, seen=seen)

    def redo(self, seen: tuple[Any, ...] | None = None) -> None:
        self._keeper.redo(self.expedition, seen=seen)
