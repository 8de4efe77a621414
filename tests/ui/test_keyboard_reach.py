"""A control that takes a tap takes the keyboard's focus too: on a desktop (or a phone with a keyboard), Tab
reaches it and Enter or Space acts as the tap. In Flet a tappable Container is focusable only with `ink`:
without it the Trek 12 sheet's circles and dice, the Freunde board and the colour swatches could be tapped
but never reached by keyboard, so a game could not be played without a pointer."""

from __future__ import annotations

import flet as ft
from harness import walk

import companion.ui.freunde.screens  # noqa: F401  (registers the screens)
import companion.ui.trek12.screens  # noqa: F401
from companion.games.freunde import rules as freunde_rules
from companion.sessions import SessionKeeper


def unreachable(ui) -> list[str]:
    """Tappable Containers the keyboard cannot reach (no ink), by key."""
    return sorted(str(c.key) for c in walk(ui.top)
                  if isinstance(c, ft.Container) and c.on_click is not None and not c.ink and not c.disabled)


async def test_the_trek12_sheet_dice_and_score_are_reached_by_keyboard(open_ui, store):
    ann = store.players.add("Ann")
    setup = {"sheet": "dunai", "solo": None, "players": [{"id": ann.id, "name": "Ann"}], "dice_seed": 7}
    session = SessionKeeper(store).start("trek12", setup, [ann.id], "Dunai")
    ui = await open_ui(route=f"/play/trek12/{session.id}", width=1280)
    keys = {str(c.key) for c in walk(ui.top) if isinstance(c, ft.Container) and c.on_click is not None}
    assert {"t12-circle-0", "t12-red-1", "t12-yellow-0"} <= keys
    assert unreachable(ui) == []


async def test_the_freunde_board_and_the_players_colours_are_reached_by_keyboard(open_ui, store):
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    doc = {"players": [{"id": p.id, "name": p.name} for p in (ann, bob)], "board": "summer",
           "weather_season": "summer", "rules": freunde_rules.RULESET}
    keeper = SessionKeeper(store)
    session = keeper.start("freunde", doc, [ann.id, bob.id], "test")
    for action in ({"type": "weather", "day": 1, "weather": "sun"},
                   {"type": "play", "player": "Ann", "cards": ["M1", "M1", "A1"]},
                   {"type": "play", "player": "Bob", "cards": ["M1", "A0", "A1"]}, {"type": "risk", "value": 0}):
        keeper.act(session.id, action)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")
    assert "fr-space-S1" in ui.keys() and unreachable(ui) == []
    players = await open_ui(route="/players")
    assert unreachable(players) == []
