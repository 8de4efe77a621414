"""Starting a game and the play route: what every game's screens do the same way.

`start_game` starts a game in progress from a new-game screen and opens its table. `/play/<game>/<id>`
first decides what to show: the game in progress, or its end once saved to History.

`/play/<game>/<id>` keeps its address when the game is finished (the session's id becomes the history
record's), so a reload, a shared link or the back button after the last move still lands somewhere true:
the table while the game is in progress, the finished game's own summary once it is in History, and a
plain message when it is neither (abandoned, or never there).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.ui.common.widgets import first_capital, message_card, screen_view

__all__ = ["in_progress_or_finished", "start_game"]

NOT_IN_PROGRESS = ("This game is not in progress", "It may have been finished (see History) or abandoned.")


def in_progress_or_finished(app: Any, session_id: str, game: str, *, table: Callable[[], ft.View],
                            finished: Callable[[Mapping], ft.View], title: str, key: str,
                            missing: tuple[str, str] = NOT_IN_PROGRESS) -> ft.View:
    """The view for `/play/<game>/<session_id>`: `table()` for a game in progress, `finished(record)` for
    one of this game saved to History, else a message (`missing`: its heading and words) keyed `key`."""
    if app.store.sessions.get(session_id) is not None:
        return table()
    record = app.store.history.get(session_id)
    if record is not None and record.get("game") == game:
        return finished(record)
    heading, words = missing
    return screen_view(title, [message_card(ft.Icons.SEARCH_OFF_ROUNDED, heading, words, key=key)])


def start_game(app: Any, game: str, prepare: Callable[[], tuple[Mapping, Sequence[str], str]],
               report: Callable[[str], None], *, words: Callable[[object], str] = first_capital) -> None:
    """Start a game of `game` from what `prepare()` gives (its setup, the roster ids of its players, its
    title) and open its table. A refusal, from `prepare` or from the engine checking the setup
    (`CompanionError`), is handed to `report` as `words(refusal)`, and nothing is started."""
    try:
        setup, players, title = prepare()
        session = app.keeper.start(game, dict(setup), list(players), title)
    except CompanionError as exc:
        report(words(exc))
        return
    app.changed()
    ft.context.page.navigate(f"/play/{game}/{session.id}")
