"""The Trek 12 screen of a sheet started for an Expedition's Ascent leads back to that Expedition, while the
sheet is played, once it is complete and after it is saved; a plain Ascent offers no such way."""

from __future__ import annotations

import flet as ft
import pytest

from harness import walk

import companion.ui.expedition.screens  # noqa: F401 - registers the Expedition screens the button leads to
from companion.games.expedition.scoring import sheet_points
from companion.games.trek12 import session as trek12
from companion.games.trek12.rules import ROLLS, legal_actions
from companion.sessions import SessionKeeper
from companion.store import hall_of_fame
from companion.ui.common import registry
from companion.ui.expedition.panels import _sheet_finished
from companion.ui.expedition.sheets import SHEET_TABLE, SheetLink
from companion.ui.trek12.screens import Trek12NewGame, Trek12Play


@pytest.fixture(autouse=True)
def trek12_screens():
    """The real screens registered (another test module may have put a stand-in in their place)."""
    registry.register_game_screen("trek12", new_game=Trek12NewGame, play=Trek12Play)
    yield


def expedition_sheet(store, *, solo: bool) -> tuple[str, str]:
    """An Expedition saved by an earlier version, whose first Ascent's sheet was started as a Trek 12 game
    of its own and linked in the store's `expedition_sheets` table: (Expedition id, Trek 12 session id)."""
    ann = store.players.add("Ann")
    bob = None if solo else store.players.add("Bob")
    keeper = SessionKeeper(store)
    players = [{"id": ann.id, "name": "Ann", "paper": False}]
    if bob is not None:
        players.append({"id": bob.id, "name": "Bob", "paper": True})
    setup = hall_of_fame.expedition_setup(store, players, solo=solo, lead="Ann", cards="off")
    expedition = keeper.start("expedition", setup, [p["id"] for p in players], "Expedition")
    sheet = keeper.start("trek12", {"sheet": "dunai", "solo": "max" if solo else None, "dice_seed": 11,
                                    "players": [{"id": ann.id, "name": "Ann"}]},
                         [ann.id], "Dunai · Expedition Ascent 1")
    seats = [0, 1] if solo else [0]
    store.table(SHEET_TABLE).upsert(SheetLink(sheet.id, expedition.id, 1, tuple(seats)).to_doc())
    return expedition.id, sheet.id


def play_out(store, session_id: str) -> None:
    """Fill every circle with the first legal turn of a fixed sequence of rolls."""
    keeper = SessionKeeper(store)
    table = keeper.state(session_id)
    n = 0
    while not table.complete:
        keeper.act(session_id, legal_actions(table.states[0], ROLLS[n % len(ROLLS)])[0].to_dict())
        table = keeper.state(session_id)
        n += 1


async def test_back_to_the_expedition_while_the_sheet_is_played(open_ui, store):
    expedition, sheet = expedition_sheet(store, solo=True)
    ui = await open_ui(route=f"/play/trek12/{sheet}", width=390, height=844)
    ui.get("t12-tab-max")  # the solo Expedition's sheet is played against Max
    button = ui.get("t12-expedition")
    assert button.content == "Back to the Expedition"
    await ui.click("t12-expedition")
    assert ui.route == f"/play/expedition/{expedition}"
    # The Expedition's own screen, offering to go on with the sheet started for this Ascent.
    assert ui.get("exp-sheet-open").content == "Continue the sheet in the app"


async def test_back_to_the_expedition_once_the_sheet_is_complete_and_after_it_is_saved(open_ui, store):
    expedition, sheet = expedition_sheet(store, solo=False)
    play_out(store, sheet)
    points = sheet_points(trek12.breakdowns(SessionKeeper(store).state(sheet))[0][1])
    ui = await open_ui(route=f"/play/trek12/{sheet}", width=1280, height=800)
    ui.get("t12-finish")  # the complete sheet, not yet saved
    # In a desktop's 400-pixel side panel the scoring tables go one under the other: a ResponsiveRow would
    # put two abreast by the page's width and squeeze each into half the panel.
    table = ui.get("t12-sum-0")
    assert not any(isinstance(c, ft.ResponsiveRow) and table in walk(c) for c in walk(ui.top))
    ui.get("t12-expedition")
    await ui.click("t12-finish")
    assert store.history.get(sheet) is not None and ui.route == f"/play/trek12/{sheet}"
    ui.get("t12-final-when")  # the saved summary
    assert ui.get("t12-review-0").content == "Review my choices"      # the coach reviews it as any Ascent
    assert ui.get("t12-expedition").content == "Back to the Expedition"
    await ui.click("t12-expedition")
    assert ui.route == f"/play/expedition/{expedition}"
    ui.get("exp-sheet-done")  # the Expedition sees the saved sheet, ready to be scored
    assert ui.get("exp-sheet-done-text").value == "Ann's sheet is finished"
    # One tap scores it: the form opens with Ann's points from the sheet, Bob's (on paper) to be typed.
    await ui.click("exp-score-open")
    assert ui.get("exp-score-0-points").value == str(points) and ui.get("exp-score-0-points").read_only
    assert ui.get("exp-score-1-points").value == "" and not ui.get("exp-score-1-points").read_only


def test_several_players_sheets_finished_are_spoken_of_as_sheets():
    assert _sheet_finished(["Ann", "Bob"], "Ann and Bob", complete=True) == "The sheets of Ann and Bob are finished"
    assert _sheet_finished(["Ann"], "Ann", complete=False) == "Ann's sheet is finished (saved before the end)"


async def test_a_plain_ascent_has_no_way_to_an_expedition(open_ui, store):
    ann = store.players.add("Ann")
    keeper = SessionKeeper(store)
    setup = {"sheet": "dunai", "solo": "max", "players": [{"id": ann.id, "name": "Ann"}], "dice_seed": 3}
    session = keeper.start("trek12", setup, [ann.id], "Dunai")
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    ui.get("t12-title")
    assert ui.find("t12-expedition") is None
    play_out(store, session.id)
    await ui.go("/")
    await ui.go(f"/play/trek12/{session.id}")
    await ui.click("t12-finish")
    ui.get("t12-final-when")
    assert ui.find("t12-expedition") is None
    assert "Back to the Expedition" not in ui.text()


async def test_a_sheet_of_an_earlier_version_is_saved_with_its_cards_kept_for_the_expedition(open_ui, store):
    # Its cards are cashed on the Expedition: the sheet saves without asking, and the Expedition sees the
    # cards the sheet ended with.
    from companion.ui.expedition.sheets import sheet_link, sheet_result

    ann = store.players.add("Ann")
    keeper = SessionKeeper(store)
    setup = hall_of_fame.expedition_setup(store, [{"id": ann.id, "name": "Ann", "paper": False},
                                                  {"id": None, "name": "Bob", "paper": True}], lead="Ann")
    expedition = keeper.start("expedition", setup, [ann.id], "Expedition")
    keeper.act(expedition.id, {"type": "reveal", "cards": ["rope", "rope", "tent", "tent", "compass"]})
    keeper.act(expedition.id, {"type": "pick", "picks": [{"player": "Ann", "card": "rope"}]})
    sheet = keeper.start("trek12", {"sheet": "dunai", "dice_seed": 11,
                                    "players": [{"id": ann.id, "name": "Ann", "assists": ["rope"]}]},
                         [ann.id], "Dunai · Expedition Ascent 1")
    store.table(SHEET_TABLE).upsert(SheetLink(sheet.id, expedition.id, 1, (0,)).to_doc())
    play_out(store, sheet.id)
    ui = await open_ui(route=f"/play/trek12/{sheet.id}")
    assert ui.find("t12-cash") is None  # no cashing here: the Expedition does it
    await ui.click("t12-finish")
    assert store.history.get(sheet.id) is not None
    state = keeper.state(expedition.id)
    result = sheet_result(store, sheet_link(store, expedition.id, 1), state)
    assert result is not None and result.for_seat(0).kept == 1 == len(state.hands[0])


async def test_a_damaged_saved_sheet_still_leads_back_to_its_expedition(open_ui, store):
    # An imported backup may bring an Expedition's saved sheet with a breakdown of the wrong shape: the screen
    # says it cannot be opened, and the Expedition, where the Ascent is scored, stays one tap away.
    expedition, sheet = expedition_sheet(store, solo=False)
    store.sessions.delete(sheet)
    store.history.add({"id": sheet, "game": "trek12", "finished": "2026-03-10T20:00:00Z", "title": "Dunai",
                       "players": [{"id": None, "name": "Ann", "score": 5, "winner": True}],
                       "detail": {"scores": 5, "players": 5}, "session": None})
    ui = await open_ui(route=f"/play/trek12/{sheet}", width=390, height=844)
    ui.get("record-broken")
    assert ui.get("t12-expedition").content == "Back to the Expedition"
    await ui.click("t12-expedition")
    assert ui.route == f"/play/expedition/{expedition}"
