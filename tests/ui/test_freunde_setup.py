"""Freunde's new-game screen in-process: players from the roster, board side, weather presets, the solo game."""

from __future__ import annotations

import flet as ft
import pytest
from harness import walk

from companion.sessions import SessionKeeper
from companion.ui.common import registry
from companion.ui.freunde.screens import FreundeNewGame, FreundePlay


@pytest.fixture(autouse=True)
def freunde_screens():
    """The real screens registered (another test module may have put a stand-in in their place)."""
    registry.register_game_screen("freunde", new_game=FreundeNewGame, play=FreundePlay)
    yield


async def test_a_two_player_game_set_up_by_tapping(open_ui, store):
    ann, bob, cy = (store.players.add(name) for name in ("Ann", "Bob", "Cy"))
    ui = await open_ui()
    await ui.click("home-game-freunde")
    assert ui.route == "/games/freunde"
    assert ui.get("fr-new-start").disabled
    await ui.click(f"fr-new-seat-{bob.id}")
    await ui.click(f"fr-new-seat-{ann.id}")
    await ui.click(f"fr-new-seat-{cy.id}")
    await ui.click(f"fr-new-seat-{cy.id}")          # Cy sits down and gets up again
    # The heading counts players (each plays two climbers), not climbers.
    assert ui.get("fr-new-count").value == "Players · 2 of 1–5"
    await ui.click(f"fr-new-starter-{ann.id}")
    # The winter side is offered, marked unverified; the summer side is chosen back.
    await ui.click("fr-new-board-winter")
    assert "Unverified" in ui.text()
    await ui.click("fr-new-board-summer")
    # Tile 6's last day has no readable altitude band: the game does not start until it is given.
    await ui.click("fr-new-tile-1-summer-6")
    assert ui.get("fr-new-tile-2-summer-6").disabled             # a tile is laid once: not for days 4-6 too
    await ui.click("fr-new-tile-2-summer-1")
    await ui.click("fr-new-tile-1-summer-1")                     # days 1-3 take it: days 4-6 are left open
    assert ui.find("fr-new-day-3") is not None and ui.find("fr-new-day-4") is None
    await ui.click("fr-new-tile-1-summer-6")
    assert ui.get("fr-new-day-3").value == "−2 acclimatization, zones not readable: choose them"
    await ui.click("fr-new-start")
    ui.get("fr-new-problem")
    assert "Day 3: choose the altitude zones the snow covers" in ui.text()
    assert not SessionKeeper(store).in_progress()
    await ui.click("fr-new-day-3-zone-7000")
    await ui.click("fr-new-day-3-zone-8000")
    await ui.click("fr-new-start")

    [session] = SessionKeeper(store).in_progress()
    assert ui.route == f"/play/freunde/{session.id}"
    assert session.players == (bob.id, ann.id)
    assert session.title == "Summer board, summer weather"
    setup = session.setup
    assert setup["players"] == [{"id": bob.id, "name": "Bob"}, {"id": ann.id, "name": "Ann"}]
    assert (setup["board"], setup["weather_season"], setup["start_player"]) == ("summer", "summer", 1)
    assert setup["weather"] == [
        {"label": "cloud", "accl": 1, "move": 0, "zones": [6000, 7000, 8000]},
        {"label": "sun", "accl": 0, "move": 0, "zones": []},
        {"label": "snow", "accl": 2, "move": 0, "zones": [7000, 8000]},
    ]
    # The play screen opens on the first step: Ann starts, the forecast shows the tile laid out.
    assert ui.get("fr-turn-title").value == "Turn 1 of 18"
    assert ui.get("fr-start-player").value == "Ann"
    assert ui.get("fr-forecast-1-text").value == "−1 ≥6k"
    assert ui.get("fr-forecast-3-text").value == "−2 ≥7k"
    assert ui.get("fr-forecast-4-text").value == "not entered"


async def test_one_player_is_the_solo_game_with_tracked_risk_tokens(open_ui, store):
    sol = store.players.add("Sol")
    ui = await open_ui(route="/games/freunde")
    await ui.click(f"fr-new-seat-{sol.id}")
    ui.get("fr-new-solo")
    await ui.click("fr-new-season-winter")          # no winter tile is known: days are entered at the table
    assert ui.find("fr-new-tile-1-none") is None
    await ui.click("fr-new-track-risk")
    await ui.click("fr-new-face-1-2")
    await ui.click("fr-new-start")
    [session] = SessionKeeper(store).in_progress()
    assert session.setup["weather_season"] == "winter" and session.setup["weather"] == []
    assert session.setup["risk_face_up"] == [1, 1, 2]
    assert session.title == "Summer board, winter weather (solo)"


async def test_an_empty_roster_leads_to_players(open_ui):
    ui = await open_ui(route="/games/freunde")
    ui.get("fr-new-empty")
    await ui.click("fr-new-players")
    assert ui.route == "/games/freunde/players"          # above the new game, so back returns to it


async def winter_board_editor(open_ui, store):
    """The new game's editor of the winter board, Ann and Bob seated."""
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui(route="/games/freunde")
    await ui.click(f"fr-new-seat-{ann.id}")
    await ui.click(f"fr-new-seat-{bob.id}")
    await ui.click("fr-new-board-winter")
    await ui.click("fr-new-board-edit")
    return ui


async def test_the_unverified_winter_board_is_corrected_before_the_game(open_ui, store):
    ui = await winter_board_editor(open_ui, store)
    # A space's numbers: tap it, then change them.
    await ui.click("fr-edit-space-h")
    await ui.click("fr-edit-vp-plus")
    await ui.click("fr-edit-accl-minus")
    assert ui.get("fr-edit-vp").value == "2" and ui.get("fr-edit-accl").value == "0"
    # Links: cutting base camp off is refused with the board check's reason; a new link is kept.
    await ui.click("fr-edit-mode-links")
    await ui.click("fr-edit-space-l")
    await ui.click("fr-edit-space-BASE_CAMP")
    assert "cannot be reached from the summit" in ui.get("fr-edit-problem").value
    await ui.click("fr-edit-space-l")                 # let go of l
    await ui.click("fr-edit-space-g")
    await ui.click("fr-edit-space-i")
    assert ui.get("fr-edit-message").value == "Linked g and i."
    assert ui.get("fr-edit-changes").value == "2 changes from the board as read."
    await ui.click("fr-edit-save")
    assert ui.get("fr-new-board-changes").value == "Corrected here: 2 changes."
    # The editor's arrow leads back to the new game with the corrections kept.
    await ui.click("fr-new-board-edit")
    await ui.click("fr-edit-back")
    assert ui.route == "/games/freunde" and ui.get("fr-new-board-changes").value == "Corrected here: 2 changes."
    await ui.click("fr-new-start")

    [session] = SessionKeeper(store).in_progress()
    board = session.setup["board"]
    assert board["spaces"]["h"] == {"zone": 5000, "vp": 2, "cost": 1, "accl": 0}
    assert ["g", "i"] in board["edges"] and board["verified"] is False
    assert board["title"] == "Winter board (harder route), corrected at the table"
    state = SessionKeeper(store).state(session.id)
    assert state.board.space("h").vp == 2 and "i" in state.board.neighbours["g"]
    assert "unverified" in ui.get("fr-legend-unverified").value


async def test_board_corrections_tapped_faster_than_the_screen_is_redrawn_are_all_kept(open_ui, store):
    # Each change was made to the board as last drawn: VP then cost on one space kept only the cost, and the
    # second space of a link tapped before the first was drawn as tapped started a new link instead.
    ui = await winter_board_editor(open_ui, store)
    await ui.click("fr-edit-space-h")
    await ui._event(ui.get("fr-edit-vp-plus"), "click", settle=False)
    await ui._event(ui.get("fr-edit-cost-plus"), "click", settle=False)
    await ui._event(ui.get("fr-edit-zone-6000"), "click")
    assert (ui.get("fr-edit-vp").value, ui.get("fr-edit-cost").value) == ("2", "2")
    await ui.click("fr-edit-space-h")                 # close its sheet
    # Links, then its two spaces, each tapped before the tap before it was drawn.
    await ui._event(ui.get("fr-edit-mode-links"), "click", settle=False)
    await ui._event(ui.get("fr-edit-space-g"), "click", settle=False)
    await ui._event(ui.get("fr-edit-space-i"), "click")
    assert ui.get("fr-edit-message").value == "Linked g and i."
    await ui.click("fr-edit-save")
    await ui.click("fr-new-start")
    board = SessionKeeper(store).in_progress()[0].setup["board"]
    assert board["spaces"]["h"] == {"zone": 6000, "vp": 2, "cost": 2, "accl": 1}
    assert ["g", "i"] in board["edges"]


async def test_android_back_in_the_board_editor_returns_to_the_setup_with_its_choices(open_ui, store):
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui()
    await ui.click("home-game-freunde")
    await ui.click(f"fr-new-seat-{bob.id}")
    await ui.click(f"fr-new-seat-{ann.id}")
    await ui.click("fr-new-board-winter")
    await ui.click("fr-new-board-edit")
    await ui.click("fr-edit-space-h")
    await ui.click("fr-edit-vp-plus")
    await ui.click("fr-edit-save")
    assert ui.get("fr-new-board-changes").value == "Corrected here: 1 change."
    # Back in the editor is Cancel: the unsaved change is dropped, the setup is as it was left.
    await ui.click("fr-new-board-edit")
    await ui.click("fr-edit-space-h")
    await ui.click("fr-edit-cost-plus")
    await ui.back()
    assert ui.route == "/games/freunde" and ui.find("fr-edit-save") is None
    assert ui.get("fr-new-board-changes").value == "Corrected here: 1 change."
    assert "Bob, seat 1" in ui.texts() and "Ann, seat 2" in ui.texts()
    # A client that asks the view before popping (can_pop off) gets the same answer.
    await ui.click("fr-new-board-edit")
    assert ui.top.can_pop is False
    await ui.session.dispatch_event(ui.top._i, "confirm_pop", None)
    await ui.settle()
    assert ui.route == "/games/freunde" and ui.get("fr-new-board-changes").value == "Corrected here: 1 change."
    # Once the editor is closed, back from the new game goes home as everywhere else.
    await ui.back()
    assert ui.route == "/"


async def test_the_board_editor_names_base_camp_and_the_summit_in_words(open_ui, store):
    # "Space A_SUMMIT" and "Linked BASE_CAMP and g." showed the board file's ids in every language.
    ui = await winter_board_editor(open_ui, store)
    await ui.click("fr-edit-space-A_SUMMIT")
    assert "The summit" in ui.text() and "A_SUMMIT" not in ui.text()
    await ui.click("fr-edit-mode-links")
    # A board cut in two names base camp in words too.
    await ui.click("fr-edit-space-l")
    await ui.click("fr-edit-space-BASE_CAMP")
    assert "cannot be reached from the summit" in ui.get("fr-edit-problem").value
    assert "BASE_CAMP" not in ui.get("fr-edit-problem").value and "base camp" in ui.get("fr-edit-problem").value
    await ui.click("fr-edit-space-l")                 # let go of l
    await ui.click("fr-edit-space-BASE_CAMP")
    assert ui.get("fr-edit-message").value == (
        "Space chosen: base camp. Now tap the space to link with it, or the same space again to let go.")
    await ui.click("fr-edit-space-g")
    assert ui.get("fr-edit-message").value == "Linked base camp and g."


@pytest.mark.parametrize(("language", "expected"), [
    ("fr", "Liens\u00a0: inaccessible depuis le sommet\u00a0: camp de base (chaque case"),
    ("de", "Verbindungen: vom Gipfel aus nicht erreichbar: Basislager (jedes Feld"),
    ("pl", "Krawędzie: ze szczytu nie da się dojść do pól: pole startowe (każde pole")])
async def test_a_board_cut_in_two_names_base_camp_in_the_players_language(open_ui, store, language, expected):
    # Base camp said in words sat where the sentence wanted a space's id: "pól pole startowe", "camp de base
    # n'est pas", "Basislager ist": the spaces out of reach now follow a colon.
    store.settings.set("language", language)
    ui = await winter_board_editor(open_ui, store)
    await ui.click("fr-edit-mode-links")
    await ui.click("fr-edit-space-l")
    await ui.click("fr-edit-space-BASE_CAMP")
    assert ui.get("fr-edit-problem").value.startswith(expected)


@pytest.mark.parametrize("language", ["de", "fr", "pl"])
async def test_five_players_extra_climber_choice_fits_a_phone(open_ui, store, language):
    # "Extra climber above 7000 m (by agreement)" ran off its chip in every language but English.
    from layout_check import layout_problems

    players = [store.players.add(name) for name in ("Ann", "Bob", "Cy", "Di", "Ed")]
    store.settings.set("language", language)
    ui = await open_ui(route="/games/freunde")
    for player in players:
        await ui.click(f"fr-new-seat-{player.id}")
    ui.get("fr-new-extra")
    assert [p for p in layout_problems(ui.top, every_label=True) if "fr-new-extra" in p] == []


@pytest.mark.parametrize("language", ["de", "fr", "pl"])
async def test_the_weather_tiles_choice_fits_a_small_phone_whole_words(open_ui, store, language):
    # At 360 px German "Sommerplättchen" broke inside the word beside its icon ("Sommerplättche" / "n").
    from layout_check import layout_problems

    store.players.add("Ann")
    store.settings.set("language", language)
    ui = await open_ui(route="/games/freunde")
    await ui.click("fr-new-season-winter")
    assert [p for p in layout_problems(ui.top, 360, every_label=True) if "fr-new-season" in p] == []


async def test_players_seated_faster_than_the_screen_is_redrawn_all_sit_down(open_ui, store):
    # Each tap seated the players drawn plus one: of two tapped before a redraw, one sat down.
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui(route="/games/freunde")
    first, second = ui.get(f"fr-new-seat-{bob.id}"), ui.get(f"fr-new-seat-{ann.id}")
    await ui._event(first, "click", settle=False)
    await ui._event(second, "click")
    assert ui.get("fr-new-count").value == "Players · 2 of 1–5"


async def test_a_weather_tile_chosen_at_setup_is_said_with_its_days(open_ui, store):
    # "Tile 1" and "At the table" were said twice, once for days 1-3 and once for days 4-6, with nothing to
    # say which row a screen reader was in.
    store.players.add("Ann")
    ui = await open_ui(route="/games/freunde")
    said = {n.identifier: n.label for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier}
    assert said["fr-new-tile-1-summer-1"] == "Days 1–3, Tile 1"
    assert said["fr-new-tile-2-none"] == "Days 4–6, At the table"
