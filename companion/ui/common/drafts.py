"""A form half filled in on a game's screen, kept in the store as it changes (a Ridgeline hand's cards,
an Expedition's scoring, a Trek 12 turn's dice, a 14ers turn's Climb, Guides and card described, the Climb
being added to a finished 14ers game's tableau, a Freunde climber's action).

A phone's browser may close a page it is not showing, and a reload starts every screen afresh: what was
tapped into a form that is not yet an entry would be lost with it. The form's draft is kept beside the
game, one per game, with the mark of the entries it was begun after (`entries_mark`): a draft whose game
has moved on since (an entry made on another device, a correction begun) is not brought back. The game's
end, its abandonment or a submitted form takes it away.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from companion.errors import CompanionError
from companion.store.layout import DRAFTS_TABLE
from companion.ui.common.entries import Mark, entries_mark
from companion.ui.common.registry import keep_beside_games

__all__ = ["DRAFTS_TABLE", "kept_draft", "keep_draft", "kept_with_state", "put_back", "set_aside"]

keep_beside_games(DRAFTS_TABLE)     # a game abandoned, or deleted from History, takes its draft along

_log = logging.getLogger(__name__)


def kept_draft(store: Any, game_id: str, form: str, mark: Mark) -> Mapping[str, Any] | None:
    """The draft of `form` kept for this game after the entries `mark`, or None (none kept, another form's,
    begun after other entries, or unreadable)."""
    try:
        doc = store.table(DRAFTS_TABLE).get(game_id)
    except CompanionError as exc:
        _log.warning("the draft of game %s could not be read: %s", game_id, exc)
        return None
    if not isinstance(doc, Mapping) or doc.get("form") != form or doc.get("mark") != list(mark):
        return None
    draft = doc.get("draft")
    return draft if isinstance(draft, Mapping) else None


def keep_draft(store: Any, game_id: str, form: str, mark: Mark, draft: Mapping[str, Any] | None) -> None:
    """Keep the draft of `form` as it now is (None, or an empty form: nothing to keep). A draft that cannot be
    written is only logged: the form on screen goes on as it is, as it did before drafts were kept."""
    try:
        table = store.table(DRAFTS_TABLE)
        if draft and store.sessions.get(game_id) is None:
            return      # the game has ended (on this screen's last drawing, or on another device): nothing to fill
        if draft:
            table.upsert({"id": game_id, "form": form, "mark": list(mark), "draft": dict(draft)})
        elif (kept := table.get(game_id)) is not None and kept.get("form") == form:
            # Only its own form's: one form of a game is in use at a time (an Expedition's scoring opens once its
            # sheet is done, and the sheet's turn is forgotten as its last move is written), so clearing one
            # never takes another away.
            table.delete(game_id)
    except CompanionError as exc:
        _log.warning("the draft of game %s could not be kept: %s", game_id, exc)


def set_aside(store: Any, game_id: str) -> Mapping[str, Any] | None:
    """The game's draft as it is kept (its form, the mark of its entries and what was filled in), to be put back
    as it was (`put_back`): a correction cancelled leaves the game as it was, the form half filled in too."""
    try:
        doc = store.table(DRAFTS_TABLE).get(game_id)
    except CompanionError as exc:
        _log.warning("the draft of game %s could not be read: %s", game_id, exc)
        return None
    return dict(doc) if isinstance(doc, Mapping) else None


def put_back(store: Any, game_id: str, doc: Mapping[str, Any] | None) -> None:
    """Keep `doc` (from `set_aside`) as the game's draft again, in place of any other; None: keep none. Its mark
    still decides whether a screen brings it back (not once the game has moved on since)."""
    try:
        table = store.table(DRAFTS_TABLE)
        if doc is None:
            table.delete(game_id)
        elif store.sessions.get(game_id) is not None:
            table.upsert({**doc, "id": game_id})
    except CompanionError as exc:
        _log.warning("the draft of game %s could not be put back: %s", game_id, exc)


def kept_with_state(app: Any, game_id: str, form: str) -> tuple[Mapping[str, Any], Any] | None:
    """The draft of `form` kept for this game after its entries as they stand, with the game's state to read it
    against (a draft names seats, cards and entries of that game); None when none was kept, the game has moved
    on since, or it cannot be replayed."""
    doc = kept_draft(app.store, game_id, form, entries_mark(app, game_id))
    if doc is None:
        return None
    try:
        return doc, app.keeper.state(game_id)
    except CompanionError:
        return None
