"""Starting a Trek 12 Ascent: the sheet (printed or from a file, checked with the file's own errors), the
players on this device, Max, Assist cards, the merge variant; and what a small phone shows."""

from __future__ import annotations

import json

import flet as ft
import pytest
from file_dialogs import answer_files, uploaded
from harness import merged_words_said_twice, names_said_twice, nameless_icon_buttons, spoken, walk

from companion.games.trek12.rules import Roll
from companion.sessions import SessionKeeper
from companion.ui.common import registry
from companion.ui.trek12.screens import Trek12NewGame, Trek12Play


@pytest.fixture(autouse=True)
def trek12_screens():
    registry.register_game_screen("trek12", new_game=Trek12NewGame, play=Trek12Play)
    yield


HOME_MADE = {
    "name": "Island Peak",
    "summit": 30,
    "circles": [{"id": i, "x": i % 3, "y": i // 3, "dangerous": i == 4} for i in range(6)],
    "links": [[0, 1], [1, 2], [3, 4], [4, 5], [0, 3], [1, 4], [2, 5]],
}


async def test_an_empty_roster_leads_to_players(open_ui):
    ui = await open_ui(route="/games/trek12")
    ui.get("t12-new-empty")
    await ui.click("t12-new-players")
    assert ui.route == "/games/trek12/players"          # above the new game, so back returns to it


async def test_a_home_made_sheet_from_a_file_is_checked_played_and_drawn(open_ui, store):
    ann = store.players.add("Ann")
    ui = await open_ui(route="/games/trek12")
    await ui.click("t12-new-sheet-file")
    await ui.click(f"t12-new-seat-{ann.id}")
    assert ui.get("t12-new-start").disabled  # no file loaded yet
    answer_files(ui, picked=[uploaded("island.json", json.dumps(HOME_MADE).encode("utf-8"))])
    await ui.click("t12-new-pick")
    assert ui.get("t12-new-file-summary").value == "Island Peak · 6 circles · summit 30+"
    ui.get("t12-new-file-preview-circle-5")  # the sheet is drawn before it is chosen
    await ui.click("t12-new-start")
    [session] = SessionKeeper(store).in_progress()
    assert session.setup["sheet"] == HOME_MADE and session.title == "Island Peak"
    assert ui.get("t12-title").value == "Island Peak"
    assert ui.get("t12-round").value == "Round 1 of 6 · summit\u00a030+"
    await ui.click("t12-red-6")
    await ui.click("t12-yellow-3")
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-4")  # dangerous on this sheet too
    await ui.click("t12-skull-confirm")
    assert SessionKeeper(store).state(session.id).states[0].board.cell(4) == "skull"


@pytest.mark.parametrize("content, message", [
    ({**HOME_MADE, "circles": HOME_MADE["circles"] + [{"id": 0}]}, "duplicate circle id 0"),
    ({**HOME_MADE, "links": [[0, 9]]}, "link [0, 9] names unknown circle 9"),
    ({**HOME_MADE, "links": [[0, 1]]}, "cannot be played to the end"),
    ({**HOME_MADE, "circles": [{**c, "x": 0.05} if c["id"] == 1 else c for c in HOME_MADE["circles"]]},
     "bad.json: circles 0 and 1 are too close together to be drawn apart: (0, 0) and (0.05, 0) are 0.05 apart"),
    ({**HOME_MADE, "circles": [{**c, "x": 1, "y": 1} if c["id"] == 5 else c for c in HOME_MADE["circles"]]},
     "bad.json: circles 4 and 5 are both at (1, 1): one would hide the other"),
    ({**HOME_MADE, "circles": [{"id": c["id"]} if c["id"] == 5 else c for c in HOME_MADE["circles"]]},
     "bad.json: circles[5] (id 5): field 'x' is missing; give every circle x and y, or none of them"),
    ("{not json", "bad.json: it is not valid JSON"),
    (b"\x89PNG\r\n", "bad.json: it is not a UTF-8 text file"),
])
async def test_a_bad_sheet_file_is_refused_with_its_reason(open_ui, store, content, message):
    store.players.add("Ann")
    data = content if isinstance(content, bytes) else (
        content if isinstance(content, str) else json.dumps(content)).encode("utf-8")
    ui = await open_ui(route="/games/trek12")
    await ui.click("t12-new-sheet-file")
    answer_files(ui, picked=[uploaded("bad.json", data)])
    await ui.click("t12-new-pick")
    assert message in ui.get("t12-new-file-error").value
    assert ui.get("t12-new-start").disabled
    # Said as it appears (it was a plain text a screen reader was not told of).
    error = ui.get("t12-new-file-error")
    assert any(isinstance(c, ft.Semantics) and c.live_region and any(d is error for d in walk(c))
               for c in walk(ui.top))


async def test_a_bad_file_after_a_good_one_keeps_the_good_sheet(open_ui, store):
    ann = store.players.add("Ann")
    ui = await open_ui(route="/games/trek12")
    await ui.click("t12-new-sheet-file")
    await ui.click(f"t12-new-seat-{ann.id}")
    answer_files(ui, picked=[uploaded("island.json", json.dumps(HOME_MADE).encode("utf-8"))])
    await ui.click("t12-new-pick")
    twice = {**HOME_MADE, "circles": HOME_MADE["circles"] + [{"id": 0, "x": 5, "y": 5}]}
    answer_files(ui, picked=[uploaded("wall.json", json.dumps(twice).encode("utf-8"))])
    await ui.click("t12-new-pick")
    assert ui.get("t12-new-file-error").value == ("Not loaded: wall.json: circles[6]: duplicate circle id 0. "
                                                  "The sheet Island Peak stays chosen.")
    assert ui.get("t12-new-file-summary").value == "Island Peak · 6 circles · summit 30+"
    ui.get("t12-new-file-preview-circle-5")
    await ui.click("t12-new-start")
    [session] = SessionKeeper(store).in_progress()
    assert session.setup["sheet"] == HOME_MADE


async def test_the_sheet_read_from_a_file_is_named_once_not_circle_by_circle(open_ui, store):
    store.players.add("Ann")
    ui = await open_ui(route="/games/trek12")
    await ui.click("t12-new-sheet-file")
    answer_files(ui, picked=[uploaded("island.json", json.dumps(HOME_MADE).encode("utf-8"))])
    await ui.click("t12-new-pick")
    ui.get("t12-new-file-preview-circle-5")           # drawn, as the printed sheets' previews are
    words = spoken(ui.top)
    assert not [w for w in words if w.startswith("Circle ")]
    [tile] = [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == "t12-new-sheet-file"]
    assert "Island Peak · 6 circles · summit 30+" in spoken(tile)


def _left_and_top(ui, key: str) -> tuple[float, float]:
    """Where the circle with `key` is placed on its sheet (the innermost placed box around it)."""
    target = ui.get(key)
    placed = [c for c in walk(ui.top) if isinstance(c, ft.Container) and c.left is not None
              and any(d is target for d in walk(c))]
    return placed[-1].left, placed[-1].top


async def test_a_sheet_in_one_row_is_drawn_as_its_row_on_a_phone(open_ui, store):
    """Eight circles given in a row were redrawn as a 3 x 3 grid with long diagonal links."""
    store.players.add("Ann")
    row = {"name": "Ridge", "circles": [{"id": i, "x": i, "y": 0} for i in range(8)],
           "links": [[i, i + 1] for i in range(7)], "op_limit": 2}
    ui = await open_ui(route="/games/trek12", width=390, height=800)
    await ui.click("t12-new-sheet-file")
    answer_files(ui, picked=[uploaded("ridge.json", json.dumps(row).encode("utf-8"))])
    await ui.click("t12-new-pick")
    spots = [_left_and_top(ui, f"t12-new-file-preview-circle-{i}") for i in range(8)]
    assert len({top for _, top in spots}) == 1
    lefts = [left for left, _ in spots]
    assert lefts == sorted(lefts) and lefts[-1] + ui.get("t12-new-file-preview-circle-7").width <= 390 - 32 - 24


async def test_a_sheet_file_too_big_is_refused_unread(open_ui, store, monkeypatch):
    monkeypatch.setattr("companion.ui.trek12.setup.MAX_SHEET_BYTES", 100)
    store.players.add("Ann")
    ui = await open_ui(route="/games/trek12")
    await ui.click("t12-new-sheet-file")
    answer_files(ui, picked=[uploaded("island.json", json.dumps(HOME_MADE).encode("utf-8"))])
    await ui.click("t12-new-pick")
    assert ui.get("t12-new-file-error").value.startswith("Not loaded: the file island.json is ")
    assert ui.get("t12-new-file-error").value.endswith("; a sheet file is at most 100\u00a0bytes")
    assert ui.get("t12-new-start").disabled


async def test_several_players_cards_and_the_merge_variant(open_ui, store):
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui(route="/games/trek12")
    await ui.click("t12-new-sheet-dhaulagiri")
    await ui.click(f"t12-new-seat-{bob.id}")
    await ui.click(f"t12-new-seat-{ann.id}")
    assert ui.get("t12-new-solo").disabled  # Max plays against one player
    await ui.click("t12-new-cards")
    await ui.click(f"t12-new-hand-{bob.id}-add-rope")
    await ui.click(f"t12-new-hand-{bob.id}-add-tent")
    # Each card held is one node named by its tap ("Remove the Rope, Rope" was said).
    assert merged_words_said_twice(ui.top) == [] and names_said_twice(ui.top) == []
    [chip] = [c for c in walk(ui.top)
              if isinstance(c, ft.Semantics) and c.identifier == f"t12-new-hand-{bob.id}-remove-0"]
    assert spoken(chip) == ["Remove the Rope from Bob's hand"]
    # Every player's hand has the same buttons: each says whose hand it changes, and a seat says its place.
    [add] = [c for c in walk(ui.top)
             if isinstance(c, ft.Semantics) and c.identifier == f"t12-new-hand-{ann.id}-add-tent"]
    assert spoken(add) == ["Add the Tent to Ann's hand"]
    [seat] = [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == f"t12-new-seat-{ann.id}"]
    assert spoken(seat) == ["Ann, seat 2"]
    await ui.click(f"t12-new-hand-{bob.id}-remove-0")
    # The count of cards held decides the plural ("1 cartes sur 3" was read in French).
    assert ui.get(f"t12-new-hand-{bob.id}-count").value == "Bob holds 1 card from earlier Ascents (at most 3)"
    assert ui.get(f"t12-new-hand-{ann.id}-count").value == "Ann holds 0 cards from earlier Ascents (at most 3)"
    # The option names its source as the entries' setup correction does ("Merge Fixed Lines (designer's FAQ)"),
    # not "the designers' variant".
    assert "As the designer's FAQ allows" in " ".join(spoken(next(
        c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == "t12-new-merge")))
    await ui.click("t12-new-merge")
    await ui.click("t12-new-start")
    [session] = SessionKeeper(store).in_progress()
    assert session.players == (bob.id, ann.id)
    assert session.setup["players"] == [{"id": bob.id, "name": "Bob", "assists": ["tent"]},
                                        {"id": ann.id, "name": "Ann", "assists": []}]
    assert session.setup["ruleset"] == {"merge_lines": True} and session.setup["solo"] is None
    ui.get("t12-card-tent")  # Bob plays first and holds the Tent


async def test_max_can_start_with_cards(open_ui, store):
    ann = store.players.add("Ann")
    ui = await open_ui(route="/games/trek12")
    await ui.click(f"t12-new-seat-{ann.id}")
    await ui.click("t12-new-solo")
    await ui.click("t12-new-cards")
    # The - and + are named for a screen reader (they were a bare "button"), as is every icon button here.
    assert ui.get("t12-new-max-cards-plus").tooltip == "One more card for Max"
    assert ui.get("t12-new-max-cards-minus").tooltip == "One card fewer for Max"
    assert nameless_icon_buttons(ui.top) == []
    await ui.click("t12-new-max-cards-plus")
    await ui.click("t12-new-max-cards-plus")
    assert ui.get("t12-new-max-cards").value == "2 cards"
    await ui.click("t12-new-start")
    [session] = SessionKeeper(store).in_progress()
    assert session.setup["max_assists"] == 2 and session.setup["solo"] == "max"


async def test_a_small_phone_shows_the_options_in_place_of_the_dice(open_ui, store):
    ann = store.players.add("Ann")
    setup = {"sheet": "kagkot", "solo": "max", "players": [{"id": ann.id, "name": "Ann"}], "dice_seed": 5}
    session = SessionKeeper(store).start("trek12", setup, [ann.id], "Kagkot")
    ui = await open_ui(route=f"/play/trek12/{session.id}", width=360, height=640)
    assert ui.find("t12-op-sum") is None  # no room for both: the dice first
    await ui.click("t12-red-5")
    await ui.click("t12-yellow-2")
    assert ui.find("t12-red-1") is None and ui.get("t12-op-sum-value").value == "7"
    await ui.click("t12-dice-change")  # a wrong face: back to the dice
    await ui.click("t12-red-4")
    await ui.click("t12-yellow-2")
    assert ui.get("t12-op-sum-value").value == str(Roll.of(4, 2).value(3))


@pytest.mark.parametrize("name", ["Max", " max "])
async def test_a_player_named_max_cannot_climb_against_max(open_ui, store, name):
    """Against Max, a player of that name would make two tabs, two score lines and a winner all called "Max":
    the Ascent is refused until the player is renamed, and nothing is started. With others it is a name like
    any other."""
    player = store.players.add(name)
    ui = await open_ui(route="/games/trek12")
    await ui.click(f"t12-new-seat-{player.id}")
    await ui.click("t12-new-solo")
    await ui.click("t12-new-start")
    assert "In a solo Ascent the name Max is taken by Max; rename the player first." in ui.text()
    assert ui.route == "/games/trek12" and SessionKeeper(store).in_progress() == []
    await ui.click("t12-new-solo")            # with the switch off, Max does not climb
    await ui.click("t12-new-start")
    assert ui.route.startswith("/play/trek12/")
