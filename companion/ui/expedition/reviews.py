"""The coach's review of an Expedition's Ascent whose sheet was played in the app, as a Trek 12 Ascent has it:
each player's rounds against the coach's moves on the same dice.

An Ascent's sheet lives inside the Expedition, between the picks and the cards used, so its review is made from
the Expedition's own actions (`companion.games.expedition.session.ascent_played`). It is kept in the store's
`coach` table under the game id `<expedition id>:ascent:<n>` with the digest of the actions up to the sheet's
last turn: what came later (the scoring, the next Ascents) leaves it as it is, a correction before it makes it
stale. It is offered on the full sheet, under each scored Ascent on the Stars panel, and in History.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.i18n import _
from companion.games.expedition.session import ascent_played
from companion.games.trek12.review import Played
from companion.ui.trek12.coaching import ReviewPanel, entries_digest

__all__ = ["ascent_reviews", "review_id"]

_COLUMN = 640            # the screens' single column at its widest
_KNOWN: dict[tuple[str, int, str], tuple[Played, str] | None] = {}   # by Expedition, Ascent and entries


def review_id(expedition_id: str, ascent: int) -> str:
    """The game id an Ascent's review is kept under."""
    return f"{expedition_id}:ascent:{ascent}"


def ascent_reviews(expedition_id: str, setup: Mapping[str, Any], actions: Sequence[Any], ascent: int, *,
                   width: float | None = None) -> list[ft.Control]:
    """One review panel per player of the Ascent's sheet in the app (Max plays by his rules: none for him),
    or nothing when that sheet was not played in the app to its last circle. `width`: the panels' (None:
    the screen's column)."""
    found = _played(expedition_id, setup, actions, ascent)
    if found is None:
        return []
    played, digest = found
    if width is None:
        width = min(float(ft.context.page.width or 390), _COLUMN) - 32
    seats = played.start.seats
    # Named wherever the Expedition has other players (on paper too): "Review my choices" on a table's shared
    # device did not say whose sheet it was.
    players = setup.get("players")
    named = len(seats) > 1 or (isinstance(players, Sequence) and len(players) > 1)
    # The sheet's hints were seeded with the Expedition's id (its sheet is played inside it).
    return [ReviewPanel(game_id=review_id(expedition_id, ascent), digest=digest, played=played, seat=seat,
                        width=width, name=seats[seat].name if named else None, hints=expedition_id,
                        keys=f"exp-review-{ascent}", key=f"exp-review-panel-{ascent}-{seat}",
                        # Said with its Ascent: the Stars panel holds a review for each ("Review my choices" twice).
                        about=_("Ascent {number}").format(number=ascent))
            for seat in range(len(seats))]


def _played(expedition_id: str, setup: Mapping[str, Any], actions: Sequence[Any],
            ascent: int) -> tuple[Played, str] | None:
    """The Ascent's sheet replayed, with the digest of the entries up to its last turn (replayed once per
    state of the Expedition: the screens redraw it on every tap)."""
    key = (expedition_id, ascent, entries_digest(list(actions)))
    if key not in _KNOWN:
        if len(_KNOWN) > 16:
            _KNOWN.clear()
        try:
            found = ascent_played(dict(setup), list(actions), ascent)
        except (CompanionError, TypeError, ValueError):
            found = None
        _KNOWN[key] = None if found is None else (found[0], entries_digest(list(actions[:found[1]])))
    return _KNOWN[key]
