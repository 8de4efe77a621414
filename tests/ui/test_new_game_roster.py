"""Every new-game screen: a player chosen there and removed from the roster meanwhile (on another device) is
named in a refusal to start, not dropped without a word from the game that starts."""

from __future__ import annotations

import flet as ft
import pytest

from harness import walk
from companion.sessions import SessionKeeper
from companion.ui.common import registry
from companion.ui.expedition.screens import ExpeditionNewGame, ExpeditionPlay, ExpeditionSheet
from companion.ui.fourteeners.screens import FourteenersGame, FourteenersNewGame
from companion.ui.freunde.screens import FreundeNewGame, FreundePlay
from companion.ui.ridgeline.screens import RidgelineNewGame, RidgelinePlay
from companion.ui.trek12.screens import Trek12NewGame, Trek12Play


@pytest.fixture(autouse=True)
def real_screens():
    """The real screens registered (another test module may have put a stand-in in their place)."""
    registry.register_game_screen("trek12", new_game=Trek12NewGame, play=Trek12Play)
    registry.register_game_screen("ridgeline", new_game=RidgelineNewGame, play=RidgelinePlay)
    registry.register_game_screen("freunde", new_game=FreundeNewGame, play=FreundePlay)
    registry.register_game_screen("fourteeners", new_game=FourteenersNewGame, play=FourteenersGame)
    registry.register_game_screen("expedition", new_game=ExpeditionNewGame, play=ExpeditionPlay,
                                  sheet=ExpeditionSheet)
    yield


# game: (the key of a player's chip, of the Start button, of the refusal shown)
SCREENS = {
    "trek12": ("t12-new-seat-{id}", "t12-new-start", "t12-new-problem"),
    "ridgeline": ("rl-new-seat-{id}", "rl-new-start", "rl-new-problem"),
    "freunde": ("fr-new-seat-{id}", "fr-new-start", "fr-new-problem"),
    "expedition": ("exp-new-seat-{id}", "exp-new-start", "exp-new-problem"),
    "fourteeners": ("ft-add-{id}", "ft-start", "ft-setup-error"),
}


@pytest.mark.parametrize("game", list(SCREENS))
async def test_a_player_removed_meanwhile_is_named_and_the_game_does_not_start_without_them(open_ui, store, game):
    seat, start, problem = SCREENS[game]
    ann, bob, cy = (store.players.add(name) for name in ("Ann", "Bob", "Cy"))
    ui = await open_ui(route=f"/games/{game}")
    for player in (ann, bob, cy):
        await ui.click(seat.format(id=player.id))
    store.players.remove(bob.id)                 # on another phone at the table
    await ui.click(start)
    said = " ".join(c.value for c in walk(ui.get(problem)) if isinstance(getattr(c, "value", None), str))
    assert "Bob was removed from the roster meanwhile (on another device)" in said, said
    assert SessionKeeper(store).in_progress() == []
    if game == "trek12":
        # Seen and accepted: the next tap starts the Ascent with the players still chosen.
        await ui.click(start)
        [session] = SessionKeeper(store).in_progress()
        assert session.players == (ann.id, cy.id)


async def test_14ers_players_moved_after_a_removal_still_name_the_player_removed(open_ui, store):
    # The 14ers screen edits the order it shows: a move after Bob's removal dropped him from the choices, and
    # Start then began with Cy and Ann without a word.
    seat, start, problem = SCREENS["fourteeners"]
    ann, bob, cy = (store.players.add(name) for name in ("Ann", "Bob", "Cy"))
    ui = await open_ui(route="/games/fourteeners")
    for player in (ann, bob, cy):
        await ui.click(seat.format(id=player.id))
    store.players.remove(bob.id)                 # on another phone at the table
    await ui.click("ft-seat-2-up")               # the screen drawn again: Ann and Cy shown
    await ui.click("ft-seat-1-up")               # Cy first
    await ui.click(start)
    said = " ".join(c.value for c in walk(ui.get(problem)) if isinstance(getattr(c, "value", None), str))
    assert "Bob was removed from the roster meanwhile" in said, said
    assert SessionKeeper(store).in_progress() == []


def test_players_deleted_outright_are_counted_not_named_alike(store):
    from types import SimpleNamespace

    from companion.ui.common.routing import left_the_roster

    ann = store.players.add("Ann")
    store.players.remove(ann.id)
    kept, said = left_the_roster(SimpleNamespace(store=store), [ann.id, "f" * 32, "e" * 32])
    assert kept == ()
    assert said.startswith("Ann and 2 players were removed from the roster meanwhile"), said
    _, said = left_the_roster(SimpleNamespace(store=store), ["f" * 32])
    assert said.startswith("1 player was removed from the roster meanwhile"), said


@pytest.mark.parametrize("game", ["trek12", "ridgeline", "freunde", "expedition"])
async def test_a_name_as_long_as_a_name_may_be_keeps_its_chip_on_the_screen(open_ui, store, game):
    # At 390 px a seat chip for "Marie-Christine de La Tour-d'Auvergne Mo" ran off the screen, its "place 2"
    # with it: the name is now cut with "…" inside the chip, and said whole.
    from layout_check import layout_problems

    from companion import i18n
    from companion.store.records import NAME_MAX

    seat = SCREENS[game][0]
    long_name = "Marie-Christine de La Tour-d'Auvergne Montmorency"[:NAME_MAX]
    players = [store.players.add(name) for name in ("Élodie", long_name)]
    token = i18n._forced.set(i18n.PSEUDO)  # noqa: SLF001 - every translated word 40% longer, marked
    try:
        ui = await open_ui(route=f"/games/{game}")
        for player in players:
            await ui.click(seat.format(id=player.id))
        assert layout_problems(ui.top) == []
        [label] = [c.label for c in walk(ui.top) if isinstance(c, ft.Semantics)
                   and c.identifier == seat.format(id=players[1].id)]
        assert label.startswith(long_name)
    finally:
        i18n._forced.reset(token)  # noqa: SLF001
