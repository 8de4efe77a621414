"""Starting a game and the play route: what every game's screens do the same way.

`start_game` starts a game in progress from a new-game screen and opens its table; on `/play/<game>/<id>`
a game's screen shows the game in progress, or its end once saved to History.

`/play/<game>/<id>` keeps its address when the game is finished (the session's id becomes the history
record's), so a reload, a shared link or the back button after the last move still lands somewhere true:
the table while the game is in progress, the finished game's own summary once it is in History.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.i18n import N_, _, ngettext
from companion.ui.common.widgets import and_list, first_capital, message_card, screen_view

__all__ = ["in_progress_or_finished", "start_game", "confirm_ready", "finish_game", "replay_record", "replayed",
           "damaged_record", "left_the_roster"]

log = logging.getLogger(__name__)

# "The <what> was not saved: ...", whole, for each thing a game screen saves to History.
_NOT_SAVED = {
    "game": N_("The game was not saved: {reason}"),
    "Ascent": N_("The Ascent was not saved: {reason}"),
    "Expedition": N_("The Expedition was not saved: {reason}"),
}


def in_progress_or_finished(app: Any, session_id: str, *, table: Callable[[], ft.View],
                            finished: Callable[[Mapping], ft.View]) -> ft.View:
    """A game's view at `/play/<game>/<session_id>`: `table()` while it is in progress, `finished(record)`
    once it is in History. The shell's route (`shell/routes.PlayScreen`) shows a game's play screen only
    for one or the other and says itself when a game is neither; the last line only covers a game
    abandoned from another tab in the moment before that route redraws."""
    if app.store.sessions.get(session_id) is not None:
        return table()
    record = app.store.history.get(session_id)
    if record is not None:
        return finished(record)
    return screen_view("", [message_card(
        ft.Icons.SEARCH_OFF_ROUNDED, _("This game is not in progress"),
        _("It is not in History either: it was abandoned (perhaps on another device) or deleted, or this link is "
          "wrong."), key="play-missing")])


def damaged_record(title: str, error: Exception, *, after: Sequence[ft.Control] = ()) -> ft.View:
    """A finished game whose saved breakdown cannot be read (an imported file brought it so): said in words,
    instead of the screen failing half drawn, with `after` below (a way on the game's screen offers, such as
    back to the Expedition a sheet was played for). History keeps the record, its players and scores."""
    log.warning("a finished game's breakdown cannot be shown: %r", error)
    return screen_view(title, [message_card(
        ft.Icons.ERROR_OUTLINE_ROUNDED, _("This game cannot be opened"),
        _("Its saved score breakdown is damaged, perhaps by an imported file. History still lists its players "
          "and scores."), key="record-broken", tone="warning"), *after])


def left_the_roster(app: Any, seats: Sequence[str]) -> tuple[tuple[str, ...], str | None]:
    """The players chosen on a new-game screen (`seats`, roster ids) that are still on the roster, and the
    refusal to start naming those removed since they were chosen (on another device: their chips vanished
    without a word, and the game started without them); None when nobody left."""
    current = {player.id for player in app.store.players.list()}
    kept = tuple(pid for pid in seats if pid in current)
    gone: list[str] = []     # the names of those removed, then "2 players" for those with none left
    nameless = 0
    for pid in seats:
        if pid not in current:
            try:
                gone.append(app.store.players.get(pid).name)
            except CompanionError:          # deleted outright (a restored copy of the roster): no name left
                nameless += 1
    count = len(gone) + nameless
    if nameless:
        # i18n: in a list of players removed from the roster, those whose names are gone: "Ann and 2 players"
        gone.append(ngettext("{n} player", "{n} players", nameless).format(n=nameless))
    if not gone:
        return kept, None
    return kept, first_capital(ngettext(
        "{names} was removed from the roster meanwhile (on another device) and is no longer chosen. Check who "
        "plays, then start again.",
        "{names} were removed from the roster meanwhile (on another device) and are no longer chosen. Check who "
        "plays, then start again.", count).format(names=and_list(gone)))


# A tap of Start while the table of the game just started in the same tab has not opened yet is not a second
# game; after this long without the table, Start works again (a table that never opened holds nothing back).
_OPENING_AT_MOST_SECONDS = 10.0
OPENING = "opening"       # in a tab's keeps: (when, session id) of the game started whose table is opening


def start_game(app: Any, game: str, prepare: Callable[[], tuple[Mapping, Sequence[str], str]],
               report: Callable[[str], None], *, words: Callable[[object], str] = first_capital) -> None:
    """Start a game of `game` from what `prepare()` gives (its setup, the roster ids of its players, its
    title) and open its table. A refusal, from `prepare` or from the engine checking the setup
    (`CompanionError`), is handed to `report` as `words(refusal)`, and nothing is started. A tap of Start
    again before the table has opened starts nothing (two or three quick taps started as many games, one
    table opened and the others left in progress on the home screen)."""
    opening = app.tab.get(OPENING)
    if opening is not None and time.monotonic() - opening[0] < _OPENING_AT_MOST_SECONDS:
        return
    try:
        setup, players, title = prepare()
        session = app.keeper.start(game, dict(setup), list(players), title)
    except CompanionError as exc:
        report(words(exc))
        return
    app.tab[OPENING] = (time.monotonic(), session.id)       # until its table opens (`table_opened`)
    app.changed()
    ft.context.page.navigate(f"/play/{game}/{session.id}")


def table_opened(app: Any, session_id: str) -> None:
    """The table of `session_id` is on screen: a game started in this tab is no longer opening."""
    opening = app.tab.get(OPENING)
    if opening is not None and opening[1] == session_id:
        app.tab.pop(OPENING, None)


def confirm_ready(app: Any, session_id: str) -> None:
    """Confirm a correction that is ready, before what follows the corrected game's end (saving it, a Trek 12
    player's cards cashed): its end is the one on screen. A correction still waiting is left as it is."""
    correction = app.keeper.correction(session_id)
    if correction is not None and not correction.done and correction.ready:
        app.keeper.confirm_correction(session_id)


def finish_game(app: Any, session_id: str, report: Callable[[str], None], *, what: str = "game") -> None:
    """Save a game that is over to History (its screen then shows the summary at the same address, or at the
    record's own when History already held another ending of this game); a refusal reaches `report` as
    "The <what> was not saved: ..." and the game stays in progress. A correction ready to be confirmed is
    confirmed first: its end is the one on screen."""
    try:
        # The end on screen is the corrected game's, ready to be confirmed: saving it confirms it (the keeper
        # refused the save, and said so in words that left the player to find Confirm above).
        confirm_ready(app, session_id)
        game = app.keeper.get(session_id).game
        record_id = app.keeper.finish(session_id)
    except CompanionError as exc:
        template = _NOT_SAVED.get(what)
        reason = first_capital(exc)
        # A thing this module has no sentence of its own for is named as the screen named it.
        report(_(template).format(reason=reason) if template is not None
               else _("The {what} was not saved: {reason}").format(what=what, reason=reason))
        return
    app.changed()
    if record_id != session_id:
        # History held another ending of this game under its id, so this one was kept under a new one.
        ft.context.page.navigate(f"/play/{game}/{record_id}")


def replay_record(engine: Any, record: Mapping[str, Any]) -> Any | None:
    """The final state of a finished game from its history record's setup and actions, through the game's
    session engine (`start`, `apply`); None when the record keeps none, or they no longer replay."""

    def fold(setup: dict, actions: list[dict]) -> Any:
        state = engine.start(setup)
        for action in actions:
            state = engine.apply(state, action)
        return state

    return replayed(record, fold)


def replayed(record: Mapping[str, Any], replay: Callable[[dict, list[dict]], Any]) -> Any | None:
    """`replay(setup, actions)` of the game a history record keeps; None when it keeps none, or its setup and
    actions no longer replay (a record written by another version, or damaged)."""
    kept = record.get("session")
    if not isinstance(kept, Mapping):
        return None
    try:
        return replay(dict(kept.get("setup") or {}), [dict(action) for action in kept.get("actions") or []])
    except (CompanionError, TypeError, AttributeError, ValueError):
        return None
