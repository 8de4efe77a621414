"""The Trek 12 play screen in-process: a whole seeded Ascent entered by tapping, the score shown against the
engine's, undo/redo, refusals, link choices (the player's and Max's), skulls, cards, pass-and-play and
resuming, each checked against what the engine says for the same turns."""

from __future__ import annotations

import random

import flet as ft
import pytest
from harness import UiApp, abandon_through_the_dialog, spoken, walk

from companion.games.trek12.rules import Roll, legal_actions
from companion.games.trek12.scoring import score
from companion.games.trek12.solo import max_score
from companion.sessions import SessionKeeper
from companion.store import open_store
from companion.ui.common import registry
from companion.ui.shell.app import build_main
from companion.ui.trek12.panels import number_text
from companion.ui.trek12.screens import Trek12NewGame, Trek12Play
from companion.ui.trek12.turn import app_roll


@pytest.fixture(autouse=True)
def trek12_screens():
    """The real screens registered (another test module may have put a stand-in in their place)."""
    registry.register_game_screen("trek12", new_game=Trek12NewGame, play=Trek12Play)
    yield


def start(store, *, sheet="dunai", solo=False, names=("Ann",), cards=None, seed=7, merge=False):
    players = [store.players.add(name) for name in names]
    seats = []
    for player in players:
        seat = {"id": player.id, "name": player.name}
        if cards is not None:
            seat["assists"] = list(cards)
        seats.append(seat)
    setup = {"sheet": sheet, "solo": "max" if solo else None, "players": seats, "dice_seed": seed}
    if merge:
        setup["ruleset"] = {"merge_lines": True}
    return SessionKeeper(store).start("trek12", setup, [p.id for p in players], sheet.title())


def table_of(store, session_id):
    return SessionKeeper(store).state(session_id)


def shown(ui, key: str) -> str:
    """The text a circle (or any keyed container) shows: its Text values joined."""
    control = ui.get(key)
    return " ".join(c.value for c in walk(control) if type(c).__name__ == "Text" and isinstance(c.value, str))


def label(ui, key: str) -> str:
    """A circle's semantics label (the description a screen reader and the browser test read)."""
    for root in [ui.top]:
        for control in walk(root):
            if type(control).__name__ == "Semantics" and getattr(control, "identifier", None) == key:
                return control.label
    raise AssertionError(f"no semantics node {key!r}")


async def enter_roll(ui, roll: Roll) -> None:
    await ui.click(f"t12-red-{roll.red}")
    await ui.click(f"t12-yellow-{roll.yellow}")


async def play_turn(ui, action, *, table) -> None:
    """Enter one turn by taps: dice (unless the round's roll is already fixed), option, circle, then any
    link choice the screen asks for (tapping the action's link circles), Max's likewise, and skulls."""
    if ui.find("t12-red-1") is not None:
        await enter_roll(ui, action.roll)
    await ui.click(f"t12-op-{action.op.label}")
    await ui.click(f"t12-circle-{action.circle}")
    if ui.find("t12-skull-confirm") is not None:
        await ui.click("t12-skull-confirm")
    if ui.find("t12-link-0") is not None:
        for cid in action.links:
            if ui.find("t12-link-0") is None:
                break
            await ui.click(f"t12-circle-{cid}")
    if ui.find("t12-maxlink-0") is not None:
        for cid in action.max_links:
            if ui.find("t12-maxlink-0") is None:
                break
            await ui.click(f"t12max-circle-{cid}")


async def test_a_new_ascent_from_the_roster(open_ui, store):
    ann = store.players.add("Ann")
    store.players.add("Bob")
    ui = await open_ui()
    await ui.click("home-game-trek12")
    assert ui.route == "/games/trek12"
    assert ui.get("t12-new-start").disabled  # nobody chosen yet
    await ui.click("t12-new-sheet-kagkot")
    await ui.click(f"t12-new-seat-{ann.id}")
    await ui.click("t12-new-solo")
    await ui.click("t12-new-start")
    [session] = SessionKeeper(store).in_progress()
    assert ui.route == f"/play/trek12/{session.id}"
    assert session.setup["sheet"] == "kagkot" and session.setup["solo"] == "max"
    assert session.setup["players"] == [{"id": ann.id, "name": "Ann"}]
    assert isinstance(session.setup["dice_seed"], int)
    assert ui.get("t12-title").value == "Kagkot"
    # The sheet's name is the screen's heading, as the other games' titles are.
    assert any(isinstance(n, ft.Semantics) and n.header and n.content is ui.get("t12-title") for n in walk(ui.top))
    assert ui.get("t12-round").value == "Round 1 of 19 · summit\u00a070+"          # the summit wraps whole
    ui.get("t12-tab-max")


async def test_a_whole_seeded_ascent_by_tapping_shows_the_engines_scores(open_ui, store):
    session = start(store, sheet="dhaulagiri", solo=True)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    rng = random.Random(2024)
    choices_seen = 0
    for round_number in range(1, 20):
        table = table_of(store, session.id)
        assert ui.get("t12-round").value.startswith(f"Round {round_number} of 19")
        roll = Roll.of(rng.randint(1, 6), rng.randint(0, 5))
        action = rng.choice(legal_actions(table.states[0], roll))
        choices_seen += action.links is not None or action.max_links is not None
        await play_turn(ui, action, table=table)
        after = table_of(store, session.id)
        assert len(SessionKeeper(store).get(session.id).actions) == round_number, ui.get("t12-status").value
        state = after.states[0]
        assert state.board.cells()[action.circle] == after.states[0].board.cell(action.circle)
        # What the screen shows is the engine's score for the same turns, the player's and Max's.
        if ui.find("t12-score-total") is not None:
            assert ui.get("t12-score-total").value == number_text(score(state).total)
        assert ui.get("t12-tab-0-total").value == number_text(score(state).total)
        assert ui.get("t12-tab-max-total").value == number_text(max_score(state).total)
        cell = state.board.cell(action.circle)
        if ui.find(f"t12-circle-{action.circle}") is not None:
            assert label(ui, f"t12-circle-{action.circle}").startswith(
                f"Circle {action.circle}: {'skull' if cell == 'skull' else cell}")
    final = table_of(store, session.id)
    assert final.complete
    # The end summary: both scoring tables, the summit, and who won.
    mine, his = score(final.states[0]), max_score(final.states[0])
    assert ui.get("t12-sum-0-total").value == number_text(mine.total)
    assert ui.get("t12-sum-1-total").value == number_text(his.total)
    # The total is said with its name, not as a bare number after "Final score".
    assert f"Final score: {number_text(mine.total)}" in spoken(ui.get("t12-sum-0"))
    assert number_text(mine.total) not in spoken(ui.get("t12-sum-0"))
    # Each table a node of its own: two abreast were read row by row across both (your penalties and final
    # score after all of Max's table).
    for table in ("t12-sum-0", "t12-sum-1"):
        node = ui.get(table).content
        assert isinstance(node, ft.Semantics) and node.container, table
    reached = mine.total >= 75
    assert ("reached" in ui.get("t12-sum-0-summit").value) and (("not reached" in ui.get("t12-sum-0-summit").value)
                                                                 != reached)
    result = ui.get("t12-result-text").value
    assert ("beats Max" in result) if mine.total > his.total else ("Max wins" in result or "tie" in result.lower())
    assert ui.get("t12-result-icon").icon == ft.Icons.EMOJI_EVENTS_ROUNDED       # a game against Max: a trophy
    assert (ui.find("t12-sum-0-winner") is not None) == (mine.total >= his.total)
    await ui.click("t12-finish")
    record = store.history.get(session.id)
    assert record is not None and store.sessions.get(session.id) is None
    assert [p["score"] for p in record["players"]] == [mine.total, his.total]
    assert record["detail"]["sheet"] == "dhaulagiri"
    # The same address now shows the saved summary, with the final sheets drawn from the record.
    assert ui.route == f"/play/trek12/{session.id}"
    assert ui.get("t12-sum-0-total").value == number_text(mine.total)
    assert any(k.startswith("t12-final-") for k in ui.keys())


async def test_undo_and_redo_any_number_of_moves(open_ui, store):
    session = start(store)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    assert ui.get("t12-undo").disabled and ui.get("t12-redo").disabled
    turns = [(Roll.of(3, 2), "sum", 8), (Roll.of(4, 0), "higher", 9), (Roll.of(6, 1), "difference", 10)]
    for roll, op, circle in turns:
        await enter_roll(ui, roll)
        await ui.click(f"t12-op-{op}")
        await ui.click(f"t12-circle-{circle}")
    assert [shown(ui, f"t12-circle-{c}") for c in (8, 9, 10)] == ["5", "4", "5"]
    total_after_three = ui.get("t12-score-total").value
    await ui.click("t12-undo")
    await ui.click("t12-undo")
    assert [shown(ui, f"t12-circle-{c}") for c in (8, 9, 10)] == ["5", "", ""]
    assert ui.get("t12-round").value.startswith("Round 2 of 19")
    assert ui.get("t12-score-total").value == number_text(score(table_of(store, session.id).states[0]).total)
    # The dice of the move undone are already entered again: one tap on the option puts it back.
    assert ui.get("t12-op-higher-value").value == "4"
    await ui.click("t12-redo")
    await ui.click("t12-redo")
    assert [shown(ui, f"t12-circle-{c}") for c in (8, 9, 10)] == ["5", "4", "5"]
    assert ui.get("t12-score-total").value == total_after_three
    assert ui.get("t12-redo").disabled


async def test_a_refused_tap_says_why_in_a_line(open_ui, store):
    session = start(store)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await ui.click("t12-circle-8")
    assert "Enter the roll first" in ui.get("t12-status").value
    await enter_roll(ui, Roll.of(3, 2))
    await ui.click("t12-circle-8")
    assert "Choose how to use the dice first" in ui.get("t12-status").value
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-8")
    await enter_roll(ui, Roll.of(2, 2))
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-18")  # far from circle 8
    status = ui.get("t12-status").value
    assert "Circle 18 touches no filled circle" in status
    assert ui.dialogs() == []  # a line, not a dialog
    assert shown(ui, "t12-circle-18") == ""
    assert len(SessionKeeper(store).get(session.id).actions) == 1


async def test_an_ascent_that_cannot_be_replayed_says_why_and_can_be_abandoned(open_ui, store):
    # A hand-edited backup brought a move onto circle 999: the Ascent could not be opened, and nothing on its
    # screen could take it off the home screen (other games offer Abandon there).
    session = start(store)
    keeper = SessionKeeper(store)
    keeper.act(session.id, {"dice": [3, 2], "op": "sum", "circle": 8})
    record = store.sessions.get(session.id)
    store.sessions.save({**record, "actions": [{**record["actions"][0], "circle": 999}]})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    ui.get("t12-broken")
    assert "circle 999" in ui.text()
    await abandon_through_the_dialog(ui, store, "t12-broken", session.id)


async def test_closed_options_are_disabled_and_say_why(open_ui, store):
    session = start(store)
    keeper = SessionKeeper(store)
    for circle in (8, 7, 9, 6):
        keeper.act(session.id, {"dice": [2, 2], "op": "sum", "circle": circle})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(2, 2))
    tile = ui.get("t12-op-sum")
    assert tile.disabled and tile.tooltip.message == "The sum boxes are full (4 of 4 used)"
    assert "closed: the sum boxes are full" in label(ui, "t12-op-sum")
    assert not ui.get("t12-op-product").disabled


async def after_rounds(open_ui, store, rounds: list[tuple[int, int]], **setup):
    """An Ascent with each (number, circle) of `rounds` written as Higher of the number and 0, opened on its
    screen: (screen, keeper, session)."""
    session = start(store, **setup)
    keeper = SessionKeeper(store)
    for value, circle in rounds:
        keeper.act(session.id, {"dice": [value, 0], "op": "higher", "circle": circle})
    return await open_ui(route=f"/play/trek12/{session.id}"), keeper, session


async def at_a_link_choice(open_ui, store):
    """Solo against Max: 4s in circles 7 and 9, then a 5 (Higher of 5 and 0) tapped into circle 8 between them,
    which can link either way: (screen, keeper, session)."""
    ui, keeper, session = await after_rounds(open_ui, store, [(4, 7), (4, 9)], solo=True)
    await enter_roll(ui, Roll.of(5, 0))
    await ui.click("t12-op-higher")
    await ui.click("t12-circle-8")
    return ui, keeper, session


async def test_two_link_choices_both_fit_under_the_sheet_on_a_small_phone(open_ui, store):
    # Kagkot on a 375x667 phone, in French: the 5 in circle 8 links to the 4 in circle 6 or the one in 7. The
    # choices had the dice's room (102 px): under the two-line "Plus grande valeur 5 dans la case 8", the
    # second button showed its top half, with nothing to say the area scrolled.
    store.settings.set("language", "fr")
    session = start(store, sheet="kagkot", cards=["rope"])
    keeper = SessionKeeper(store)
    for value, circle in [(4, 6), (1, 4), (4, 7)]:
        keeper.act(session.id, {"dice": [value, 0], "op": "higher", "circle": circle})
    ui = await open_ui(route=f"/play/trek12/{session.id}", width=375, height=667)
    await enter_roll(ui, Roll.of(5, 0))
    await ui.click("t12-op-higher")
    await ui.click("t12-circle-8")
    assert {ui.get("t12-link-0").content, ui.get("t12-link-1").content} == {
        "Lier à 4 dans la case 6", "Lier à 4 dans la case 7"}
    # Its header row (a 40 px button beside what was picked), then a 40 px button a row, 6 px apart.
    assert ui.get("t12-choice-area").height >= 40 + 6 + 40 + 6 + 40


async def test_link_choices_take_no_more_than_the_sheet_can_give(open_ui, store):
    # On a 320x568 phone with two sheets the sheet has 24 px to give: the choices take those (and scroll in
    # the rest) rather than push what is under them off a screen that does not scroll.
    session = start(store, sheet="kagkot", names=("Ann", "Bob"))
    keeper = SessionKeeper(store)
    for value, circle in [(4, 6), (1, 4), (4, 7)]:
        for seat in (0, 1):
            keeper.act(session.id, {"dice": [value, 0], "op": "higher", "circle": circle, "player": seat})
    ui = await open_ui(route=f"/play/trek12/{session.id}", width=320, height=568)
    await enter_roll(ui, Roll.of(5, 0))
    before = ui.get("t12-sheet-room").height
    await ui.click("t12-op-higher")
    await ui.click("t12-circle-8")
    assert ui.find("t12-link-1") is not None
    after, choices = ui.get("t12-sheet-room").height, ui.get("t12-choice-area").height
    assert after == 160 < before and after + choices == before + 2 * 48 + 6, (before, after, choices)


async def test_a_link_choice_is_asked_and_honoured_for_the_player_and_for_max(open_ui, store):
    ui, keeper, session = await at_a_link_choice(open_ui, store)
    # The 5 touches two lone 4s: both are offered, on the sheet and as buttons; nothing is written yet.
    assert "can link more than one way" in ui.get("t12-status").value
    assert "tap to link" in label(ui, "t12-circle-7") and "tap to link" in label(ui, "t12-circle-9")
    assert {ui.get("t12-link-0").content, ui.get("t12-link-1").content} == {
        "Link to 4 in circle 7", "Link to 4 in circle 9"}
    assert len(keeper.get(session.id).actions) == 2
    # A look at Max's sheet meanwhile: the link buttons go with the player's sheet, and come back with it.
    await ui.click("t12-tab-max")
    assert ui.find("t12-link-0") is None
    await ui.click("t12-own-sheet")
    assert ui.find("t12-link-0") is not None
    await ui.click("t12-circle-9")
    # Max wrote the same 5 (the best of 5 and 0) and has the same choice: his sheet comes up to ask.
    assert "Max's 5 can link more than one way" in ui.get("t12-status").value
    assert "tap to link" in label(ui, "t12max-circle-7")
    await ui.click("t12max-circle-7")
    state = keeper.state(session.id).states[0]
    assert state.board.fixed_lines() == ((9, 8),)
    assert state.max_board.fixed_lines() == ((7, 8),)
    assert keeper.get(session.id).actions[-1] == {"dice": [5, 0], "op": "higher", "circle": 8, "links": [9],
                                                  "max_links": [7], "player": 0}
    # Back on the player's sheet, with Max's score live in his tab.
    assert ui.get("t12-tab-max-total").value == number_text(max_score(state).total)
    await ui.click("t12-tab-max")
    assert shown(ui, "t12max-circle-8") == "5"
    assert ui.get("t12max-score-total").value == number_text(max_score(state).total)


async def test_undo_during_a_link_choice_takes_back_the_circle_not_the_round_before(open_ui, store):
    # Undo mid-choice took back the previous round and the turn tapped in with it; Redo gave back the round only.
    ui, keeper, session = await at_a_link_choice(open_ui, store)
    assert ui.find("t12-link-0") is not None
    undo = ui.get("t12-undo")
    assert not undo.disabled and undo.tooltip == "Take back the circle tapped"
    await ui.click("t12-undo")
    assert len(keeper.get(session.id).actions) == 2                 # the rounds played stay
    assert ui.find("t12-link-0") is None and ui.get("t12-op-higher-value").value == "5"     # dice and option too
    last = keeper.get(session.id).actions[-1]["circle"]
    assert ui.get("t12-undo").tooltip == f"Undo the last move: circle {last}"       # the round before, now
    await ui.click("t12-circle-8")                                  # the circle again, and the choice
    assert ui.find("t12-link-0") is not None
    # Max's link, asked on his sheet: Undo takes the circle back there too, and shows the player's sheet again.
    await ui.click("t12-circle-9")
    assert "Max's 5 can link more than one way" in ui.get("t12-status").value
    await ui.click("t12-undo")
    assert len(keeper.get(session.id).actions) == 2 and ui.find("t12-circle-8") is not None
    assert "Max's sheet" not in ui.get("t12-status").value


async def test_undo_while_the_ropes_far_circle_is_chosen_takes_back_the_circle(open_ui, store):
    ui, keeper, session = await after_rounds(open_ui, store, [(4, 7), (1, 6)], cards=["rope"])
    await enter_roll(ui, Roll.of(5, 0))
    await ui.click("t12-card-rope")
    await ui.click("t12-op-higher")
    await ui.click("t12-circle-2")                                  # the Rope's far circle is asked for
    assert "Rope" in ui.get("t12-status").value
    assert ui.get("t12-undo").tooltip == "Take back the circle tapped"
    await ui.click("t12-undo")
    assert len(keeper.get(session.id).actions) == 2 and "Rope" not in ui.get("t12-status").value


async def test_link_choices_have_the_room_of_the_options_and_never_spill_over_them(open_ui, store):
    session = start(store, names=("Amélie", "Bruno"))
    keeper = SessionKeeper(store)
    for circle in (7, 9):
        keeper.act(session.id, {"dice": [4, 0], "op": "higher", "circle": circle, "player": 0})
        keeper.act(session.id, {"dice": [4, 0], "op": "higher", "circle": circle, "player": 1})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    assert ui.find("t12-op-higher") is not None       # the dice and the options share the screen here
    await enter_roll(ui, Roll.of(5, 0))
    await ui.click("t12-op-higher")
    await ui.click("t12-circle-8")
    assert ui.find("t12-link-1") is not None
    # The option is decided: the choices (two rows of buttons on a phone) take the options' place, and scroll
    # within their height if they need still more, instead of being drawn over the next row.
    assert ui.find("t12-op-higher") is None
    choices = ui.get("t12-choices")
    assert choices.scroll is not None
    area = next(c for c in walk(ui.top) if type(c).__name__ == "Container" and c.content is choices)
    assert area.height >= 2 * 48 + 6 + 76


async def test_another_players_sheet_shown_says_whose_turn_it_is_and_leads_back(open_ui, store):
    session = start(store, names=("Amélie", "Bruno"))
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(5, 3))
    await ui.click("t12-op-sum")
    await ui.click("t12-tab-1")
    # Bruno's sheet is shown while Amélie places her 8: the line under it says so, not "Amélie: tap a circle".
    words = ui.get("t12-status").value
    assert words == "This is Bruno's sheet. It is Amélie's turn: tap here for their sheet."
    # Nothing of Amélie's turn stands under Bruno's sheet, to be taken for his.
    assert ui.find("t12-op-sum") is None and ui.find("t12-red-5") is None
    await ui.click("t12-own-sheet")
    assert "Amélie: Tap a highlighted circle" in ui.get("t12-status").value
    await ui.click("t12-circle-8")
    assert SessionKeeper(store).get(session.id).actions[0]["circle"] == 8
    # The phone passes to Bruno: Undo says it takes back Amélie's move, not one of his own.
    assert ui.get("t12-undo").tooltip == "Undo the last move: Amélie, circle 8"
    # Undone, Redo says whose move it puts back, as Undo said whose it took back.
    await ui.click("t12-undo")
    assert ui.get("t12-redo").tooltip == "Redo the move undone: Amélie, circle 8"


async def test_maxs_sheet_shown_on_the_players_turn_leads_back_to_their_own(open_ui, store):
    session = start(store, solo=True)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await ui.click("t12-tab-max")
    assert ui.get("t12-status").value == "This is Max's sheet. Tap here for your own sheet to play."
    await ui.click("t12-own-sheet")
    assert ui.get("t12-status").value == "Tap the red and the yellow dice faces as rolled, or Roll."
    # Alone against Max, Undo says which circle it empties.
    await enter_roll(ui, Roll.of(5, 3))
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-8")
    assert ui.get("t12-undo").tooltip == "Undo the last move: circle 8"
    await ui.click("t12-undo")
    assert ui.get("t12-redo").tooltip == "Redo the move undone: circle 8"


def test_the_score_says_each_count_of_the_penalty_box_with_its_own_points():
    # Max's "1 skull, 5 orphans (+12)" was heard as what his orphans alone gave.
    from companion.ui.trek12.panels import score_strip

    score = {"lines": [], "zones": [], "line_bonus": 0, "zone_bonus": 0, "skulls": 1, "orphans": 5, "assists": 0,
             "total": 12}
    [node] = [c for c in walk(score_strip(score, max_rules=True)) if isinstance(c, ft.Semantics) and c.label]
    assert node.label == "Score 12: lines 0, zones 0, bonuses 0, 1 skull (\u22123), 5 orphans (+15)", node.label


async def test_orphans_are_counted_beside_the_skulls(open_ui, store):
    # A lone number is an orphan: the player's costs 3, Max's earns him 3 (his Special Bonus). "1 skull"
    # over Max's +3 would say the opposite of what happened, and over the player's -3 a skull not drawn.
    session = start(store, solo=True)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    table = table_of(store, session.id)
    assert ", bonuses 0, 0 skulls (0), " in label(ui, "t12-score")             # nothing in the box yet
    action = next(a for a in legal_actions(table.states[0], Roll.of(3, 2)) if not a.links)
    await play_turn(ui, action, table=table)
    his = max_score(table_of(store, session.id).states[0]).to_dict()
    assert (his["skulls"], his["orphans"]) == (0, 1)
    assert ", 1 orphan (−3), " in label(ui, "t12-score")
    assert ui.get("t12-score-penalty").value == "\u22123"        # a true minus, as "1 × −3" beside it
    assert shown(ui, f"t12-orphan-{action.circle}") == "" and label(ui, f"t12-circle-{action.circle}").endswith(
        ", orphan")                                                              # the player's: a skull tag
    await ui.click("t12-tab-max")
    assert ", 1 orphan (+3), " in label(ui, "t12max-score")
    assert ui.get("t12max-score-penalty").value == "+3"
    # On Max's sheet the orphan is tagged with what it earns him, not with a penalty's skull.
    assert shown(ui, f"t12max-orphan-{action.circle}") == "+3"
    assert "orphan, +3 for Max" in label(ui, f"t12max-circle-{action.circle}")
    assert spoken(ui.get(f"t12max-orphan-{action.circle}")) == []       # said by the circle, not as a bare "+3"


async def test_a_number_over_the_limit_asks_before_the_skull(open_ui, store):
    session = start(store, sheet="kagkot")
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(4, 3))
    await ui.click("t12-op-sum")
    # Every circle is open to the first number; a dangerous one keeps its own thick dark ring among them.
    circle_3, circle_1 = ui.get("t12-circle-3"), ui.get("t12-circle-1")
    assert circle_3.border.top.width > circle_1.border.top.width
    assert circle_3.border.top.color != circle_1.border.top.color
    await ui.click("t12-circle-3")  # dangerous: takes 0 to 6
    assert "dangerous" in label(ui, "t12-circle-3")
    assert "7 is more than circle 3 takes (at most 6): it becomes a skull." in ui.text()
    await ui.click("t12-skull-cancel")
    assert not SessionKeeper(store).get(session.id).actions and shown(ui, "t12-circle-3") == ""
    await ui.click("t12-circle-3")
    await ui.click("t12-skull-confirm")
    assert table_of(store, session.id).states[0].board.cell(3) == "skull"
    assert label(ui, "t12-circle-3").startswith("Circle 3: skull")
    assert ui.get("t12-score-total").value == "\u22123"


async def test_the_app_rolls_seeded_dice_and_holds_the_roll_for_every_player(open_ui, store):
    session = start(store, names=("Ann", "Bob"), seed=99)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    assert "Ann:" in ui.get("t12-status").value
    await ui.click("t12-roll")
    roll = app_roll(99, 1)
    assert ui.get("t12-op-sum-value").value == str(roll.red + roll.yellow)
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-8")
    # Bob uses the same roll: no dice to enter, and he cannot change them.
    assert ui.find("t12-red-1") is None and ui.find("t12-dice-change") is None
    assert "Bob:" in ui.get("t12-status").value
    assert ui.get("t12-op-product-value").value == str(roll.red * roll.yellow)
    await ui.click("t12-op-product")
    await ui.click("t12-circle-0")
    table = table_of(store, session.id)
    assert table.round == 2 and [s.board.filled.bit_count() for s in table.states] == [1, 1]
    assert [a["dice"] for a in SessionKeeper(store).get(session.id).actions] == [[roll.red, roll.yellow]] * 2
    # Ann plays first again; Bob's sheet is one tab away, read-only, with his live score.
    assert "Ann:" in ui.get("t12-status").value
    await ui.click("t12-tab-1")
    assert shown(ui, "t12-seat1-circle-0") == str(roll.red * roll.yellow)
    assert ui.get("t12-tab-1-total").value == number_text(score(table.states[1]).total)
    await ui.click("t12-seat1-circle-5")  # nothing happens on someone else's sheet
    assert table_of(store, session.id).states[1].board.cell(5) is None
    await ui.click("t12-tab-0")
    # Undo then Roll again: the same seeded dice.
    await ui.click("t12-undo")
    await ui.click("t12-undo")
    assert ui.get("t12-red-1") is not None  # the dice are Ann's to enter again
    await ui.click("t12-roll")
    assert ui.get("t12-op-sum-value").value == str(roll.red + roll.yellow)


async def test_cards_are_used_and_taken_from_this_screen(open_ui, store):
    session = start(store, cards=["compass"])
    keeper = SessionKeeper(store)
    keeper.act(session.id, {"dice": [1, 0], "op": "higher", "circle": 8})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    # A second 1 beside the first makes a new zone of 1s: the screen offers a card.
    await enter_roll(ui, Roll.of(1, 0))
    await ui.click("t12-op-higher")
    await ui.click("t12-circle-9")
    assert "A new zone of 1s: take an Assist card?" in ui.get("t12-status").value
    assert not keeper.get(session.id).actions[1:]
    await ui.click("t12-take-rope")
    state = keeper.state(session.id).states[0]
    assert state.assists is not None and sorted(c.value for c in state.assists) == ["compass", "rope"]
    assert keeper.get(session.id).actions[-1]["take"] == "rope"
    # The Compass: circles touching nothing filled light up instead, and the card is spent.
    await enter_roll(ui, Roll.of(3, 3))
    await ui.click("t12-card-compass")
    await ui.click("t12-op-sum")
    assert "playable" in label(ui, "t12-circle-18") and "playable" not in label(ui, "t12-circle-10")
    await ui.click("t12-circle-18")
    state = keeper.state(session.id).states[0]
    assert state.board.cell(18) == 6 and [c.value for c in state.assists] == ["rope"]
    assert ui.find("t12-card-compass") is None and ui.find("t12-card-rope") is not None


async def test_the_game_resumes_exactly_after_the_app_is_stopped(tmp_path):
    data = tmp_path / "data"
    store = open_store(data)
    try:
        session = start(store, sheet="kagkot", solo=True)
        ui = await UiApp(build_main(store), route=f"/play/trek12/{session.id}").start()
        for roll, op, circle in [(Roll.of(2, 1), "sum", 8), (Roll.of(3, 1), "product", 7)]:
            await enter_roll(ui, roll)
            await ui.click(f"t12-op-{op}")
            await ui.click(f"t12-circle-{circle}")
        assert len(SessionKeeper(store).get(session.id).actions) == 2
        before = [label(ui, f"t12-circle-{c}") for c in range(19)]
        total = ui.get("t12-score-total").value
        await ui.close()
    finally:
        store.close()
    store = open_store(data)  # a new process would do the same: everything comes back from the files
    try:
        ui = await UiApp(build_main(store), route=f"/play/trek12/{session.id}").start()
        try:
            assert [label(ui, f"t12-circle-{c}") for c in range(19)] == before
            assert ui.get("t12-score-total").value == total
            assert ui.get("t12-round").value.startswith("Round 3 of 19")
            assert not ui.get("t12-undo").disabled
        finally:
            await ui.close()
    finally:
        store.close()



async def half_entered(open_ui, store):
    """Ann and Bob's Ascent with Ann's turn half entered on a tab now closed (dice 4 and 2, Times): its session."""
    session = start(store, names=("Ann", "Bob"))
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(4, 2))
    await ui.click("t12-op-product")
    await ui.close()
    return session


async def test_a_turn_half_entered_is_found_again_after_a_reload(open_ui, store):
    from companion.ui.common.drafts import DRAFTS_TABLE

    session = await half_entered(open_ui, store)
    # The page is loaded again (or the phone closed it meanwhile): the dice and the option are still there,
    # so one tap on a circle writes Ann's turn.
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    assert ui.get("t12-op-product-value").value == "8"
    await ui.click("t12-circle-8")
    assert list(SessionKeeper(store).get(session.id).actions) == [
        {"dice": [4, 2], "op": "product", "circle": 8, "player": 0}]
    # Written: nothing is kept any more; Bob's turn starts from the round's dice, with no option chosen.
    assert store.table(DRAFTS_TABLE).all() == []
    await ui.close()
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await ui.click("t12-circle-8")
    assert "Choose how to use the dice first" in ui.get("t12-status").value
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-8")
    assert SessionKeeper(store).get(session.id).actions[-1] == {"dice": [4, 2], "op": "sum", "circle": 8, "player": 1}


async def test_a_kept_turn_is_dropped_once_the_game_has_moved_on(open_ui, store):
    session = await half_entered(open_ui, store)
    # Another device wrote Ann's turn meanwhile: what was kept here was her turn, not Bob's.
    SessionKeeper(store).act(session.id, {"dice": [4, 2], "op": "sum", "circle": 8, "player": 0})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await ui.click("t12-circle-8")
    assert "Choose how to use the dice first" in ui.get("t12-status").value


def test_a_kept_turn_that_does_not_fit_the_game_is_not_brought_back(store):
    from companion.ui.trek12.turn import Draft, turn_doc, turn_from_doc

    # Ann, first to write this round, may not drink her Schnapps yet: a kept turn that did is not brought back.
    early = start(store, names=("Ann", "Bob"), cards=("schnapps",))
    assert turn_from_doc({"cards": ["schnapps"]}, table_of(store, early.id), 0, 7) is None
    SessionKeeper(store).act(early.id, {"dice": [6, 5], "op": "sum", "circle": 8, "player": 0})
    assert turn_from_doc({"cards": ["schnapps"]}, table_of(store, early.id), 1, 7) is not None    # Bob, last

    session = start(store, names=("Cy", "Di"), cards=("tent",))
    SessionKeeper(store).act(session.id, {"dice": [6, 5], "op": "sum", "circle": 8, "player": 0})
    table = table_of(store, session.id)           # round 1: Bob writes with Ann's dice, 6 and 5
    bob = turn_from_doc({"red": 6, "yellow": 5, "cards": ["tent"], "op": "sum"}, table, 1, 7)
    assert turn_doc(bob) == {"red": 6, "yellow": 5, "cards": ["tent"], "op": "sum"}
    assert turn_from_doc({}, table, 1, 7) == Draft(red=6, yellow=5)
    for doc in ({"red": 2, "yellow": 5},                        # not the round's dice
                {"red": 6, "yellow": 5, "rolled": True},        # not the app's roll for this round
                {"red": 6, "yellow": 5, "cards": ["compass"]},  # a card Bob does not hold
                {"red": 6, "yellow": 5, "cards": ["schnapps"]},
                {"red": 6, "yellow": 5, "op": "divide"},
                {"red": 7, "yellow": 5}, {"red": True, "yellow": 5}, {"cards": "tent"}, ["red", 6]):
        assert turn_from_doc(doc, table, 1, 7) is None, doc


async def test_a_kept_turn_is_dropped_when_an_earlier_move_was_replaced_meanwhile(open_ui, store):
    # As many moves as before, but not the same ones: another device undid the first move and wrote another
    # in its place (a correction confirmed does the same). The turn kept here was begun on the first one.
    session = start(store)
    keeper = SessionKeeper(store)
    keeper.act(session.id, {"dice": [3, 2], "op": "sum", "circle": 8, "player": 0})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(4, 2))
    await ui.click("t12-op-product")
    await ui.close()
    keeper.undo(session.id)
    keeper.act(session.id, {"dice": [3, 2], "op": "sum", "circle": 9, "player": 0})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    assert ui.get("t12-status").value == "Tap the red and the yellow dice faces as rolled, or Roll."


async def test_undo_forgets_the_turn_kept(open_ui, store):
    from companion.ui.common.drafts import DRAFTS_TABLE

    session = start(store)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(3, 2))
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-8")
    await enter_roll(ui, Roll.of(6, 5))
    assert store.table(DRAFTS_TABLE).get(session.id)["draft"] == {"red": 6, "yellow": 5}
    await ui.click("t12-undo")
    assert store.table(DRAFTS_TABLE).get(session.id) is None


async def test_resume_from_home_and_abandon_after_confirming(open_ui, store):
    session = start(store)
    SessionKeeper(store).act(session.id, {"dice": [3, 2], "op": "sum", "circle": 8})
    ui = await open_ui()
    await ui.click(f"home-resume-{session.id}")
    assert ui.route == f"/play/trek12/{session.id}"
    assert shown(ui, "t12-circle-8") == "5"
    await ui.click("t12-abandon")
    assert "Abandon this Ascent?" in ui.text()
    await ui.click("t12-abandon-cancel")
    await abandon_through_the_dialog(ui, store, "t12", session.id)


async def test_a_saved_table_with_a_guest_named_max_is_not_shown_as_free_solo(open_ui, store):
    ann = store.players.add("Ann")
    keeper = SessionKeeper(store)
    setup = {"sheet": "dunai", "players": [{"id": ann.id, "name": "Ann"}, {"id": None, "name": "Max"}]}
    session = keeper.start("trek12", setup, [ann.id], "Dunai")
    for circle in (8, 9):
        keeper.act(session.id, {"dice": [6, 0], "op": "higher", "circle": circle, "player": 0})
        keeper.act(session.id, {"dice": [6, 0], "op": "sum", "circle": circle, "player": 1})
    keeper.finish(session.id)
    assert store.history.get(session.id)["detail"]["solo"] is None
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    # Max here is a guest at the table: a win shared by two players, not "A tie with Max" of Free Solo.
    assert ui.get("t12-result-text").value.startswith("Ann and Max share the win")


def _tile_height_needed(tile) -> float:
    """The height a Dice Option tile's column takes, as Flutter lays it out: each text line at its size times
    its line height (the theme's 1.43 unless the text sets its own), a name at its most lines, the boxes,
    the gaps, the padding and the border (a Container's border is inside its height)."""
    import flet as ft

    column = tile.content
    if isinstance(column, ft.Semantics):          # the visible texts, kept out of what is read aloud
        column = column.content
    heights = []
    for part in column.controls:
        if isinstance(part, ft.Text):
            spacing = part.style.height if part.style is not None and part.style.height else 1.43
            heights.append((part.max_lines or 1) * (part.size or 14) * spacing)
        else:
            heights.append(8)                                # the row of boxes (or its "full" word at 11 px)
    padding = tile.padding.top + tile.padding.bottom
    border = 2 * max(side.width for side in (tile.border.top, tile.border.bottom))
    return sum(heights) + column.spacing * (len(heights) - 1) + padding + border


@pytest.mark.parametrize("language", ["en", "de", "fr", "pl"])
@pytest.mark.parametrize("names", [("Ann",), ("Ann", "Bartholomew")])
async def test_a_dice_option_shows_its_whole_name_result_and_boxes(open_ui, store, language, names):
    # In French a name takes two lines ("Plus grande valeur"): with the theme's line height the boxes
    # under the result were cut off at the bottom of the tile, at phone size.
    session = start(store, sheet="kagkot", names=names)
    store.settings.set("language", language)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll(6, 5))
    if len(names) > 1:                             # the second player sees the round's roll on a row of its own
        await ui.click("t12-op-sum")
        await ui.click("t12-circle-10")
        if ui.find("t12-skull-confirm") is not None:
            await ui.click("t12-skull-confirm")
    tiles = [c for c in walk(ui.top) if str(getattr(c, "key", "") or "").startswith("t12-op-")
             and getattr(c, "height", None) and getattr(c, "content", None) is not None]
    assert len(tiles) == 5
    for tile in tiles:
        assert _tile_height_needed(tile) <= tile.height, (tile.key, _tile_height_needed(tile), tile.height)


@pytest.mark.parametrize("language", ["en", "de", "fr", "pl"])
def test_a_dice_options_name_fits_its_tile_beside_the_dice_on_a_small_phone(language):
    # At 360 x 640 the round's dice stand beside the five tiles, each 56 px wide: French showed
    # "Plus / grande va…" and "Différenc / e".
    from layout_check import text_width
    from companion.i18n import _, use_language
    from companion.ui.trek12.panels import _name_size
    from companion.ui.trek12.turn import OP_NAMES

    # The chosen tile's 2 px border on each side, and no padding there (German "Differenz" broke inside the word
    # once chosen: "Differen / z").
    inside = 56 - 4
    with use_language(language):
        for name in OP_NAMES.values():
            text, lines = _(name), [""]
            size = _name_size(text)
            for word in text.split():
                joined = f"{lines[-1]} {word}".strip()
                if text_width(joined, size) <= inside:
                    lines[-1] = joined
                else:
                    lines.append(word)
            assert len([line for line in lines if line]) <= 2, (text, lines)
            assert all(text_width(line, size) <= inside for line in lines), (text, lines, size)


async def test_long_names_leave_each_sheet_tab_its_score(open_ui, store):
    # A long name pushed its tab's score out of sight: the name is cut, the score stays.
    from layout_check import layout_problems

    session = start(store, names=("Bartholomew Montgomery", "Maximiliane Rosenthal"), solo=False)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    problems = [p for p in layout_problems(ui.top, every_label=True) if "t12-tab" in p]
    # The name may be cut ("one line ... cut"), the tab's row must not overflow ("needs N px of M").
    assert [p for p in problems if "needs" in p] == [] and problems, problems
    assert ui.get("t12-tab-0-total").value == "0"


async def test_a_tap_after_another_device_wrote_the_turn_says_so(open_ui, store):
    # Two phones on one game: Bob's phone had the dice in when Ann's phone wrote Bob's turn. The next tap on
    # Bob's phone said "Enter the roll first", as if his own dice had been lost.
    session = start(store)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(3, 2))
    SessionKeeper(store).act(session.id, {"player": 0, "dice": [3, 2], "op": "sum", "circle": 8})
    await ui.click("t12-op-sum")
    status = ui.get("t12-status").value
    assert status.startswith("Another device changed the game meanwhile: the turn starts again from the game as "
                             "it is now."), status
    assert len(SessionKeeper(store).get(session.id).actions) == 1         # nothing written twice
    await ui.click("t12-red-4")
    assert "Another device" not in ui.get("t12-status").value           # said once
    # This device's own undo is no other device's move: nothing is said of one.
    await enter_roll(ui, Roll.of(2, 2))
    await ui.click("t12-undo")
    await ui.click("t12-red-5")
    assert "Another device" not in ui.get("t12-status").value


async def test_undo_on_a_screen_another_device_changed_takes_back_nothing(open_ui, store):
    # Two phones tapped Undo to take back Cleo's move: the second took back Bert's as well. Undo takes back
    # the move the screen showed last, or nothing; an undo made elsewhere is not "a move written".
    session = start(store, names=("Ann", "Bert"))
    keeper = SessionKeeper(store)
    keeper.act(session.id, {"player": 0, "dice": [3, 2], "op": "sum", "circle": 8})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    keeper.undo(session.id)                                             # the other phone's Undo
    await ui.click("t12-undo")
    assert keeper.get(session.id).actions == () and len(keeper.get(session.id).redo) == 1
    assert ui.get("t12-status").value.startswith("The game changed meanwhile (on another device, or by a tap made "
                                                 "twice); nothing was undone")


async def test_a_circle_refused_is_said_in_a_whole_sentence(open_ui, store):
    # The reason ends in a bracket, "(a skull counts as filled)", and was shown without its full stop.
    session = start(store)
    SessionKeeper(store).act(session.id, {"player": 0, "dice": [3, 2], "op": "difference", "circle": 9})
    state = table_of(store, session.id).states[0]
    roll = Roll.of(4, 1)
    near = {a.circle for a in legal_actions(state, roll)}
    far = next(c for c in range(state.sheet.n) if c not in near and c != 9)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, roll)
    await ui.click("t12-op-sum")
    await ui.click(f"t12-circle-{far}")
    assert ui.get("t12-status").value == (f"Circle {far} touches no filled circle; after the first number each one "
                                           "goes next to a filled circle (a skull counts as filled).")


def test_the_scoring_tables_negative_points_have_a_true_minus_sign():
    # "Skulls 8 × −3 … -24": the rule's minus was a true one, the points' a hyphen.
    from companion.games.trek12.data import load_sheet
    from companion.games.trek12.rules import new_game
    from companion.ui.trek12.panels import scoring_table

    doc = score(new_game(load_sheet("dunai"))).to_dict() | {"skulls": 3, "orphans": 2, "total": -15}
    table = scoring_table(0, "Ann", doc, summit=None, winner=False, max_rules=False)
    texts = {c.key: c.value for c in walk(table) if isinstance(c, ft.Text) and c.key}
    assert (texts["t12-sum-0-skulls"], texts["t12-sum-0-orphans"]) == ("\u22129", "\u22126")
    assert [v for k, v in texts.items() if isinstance(v, str) and "-" in v and not k.endswith("-total")] == []


def test_each_scoring_table_row_is_read_as_one_line_label_first():
    # "Fixed Lines 8 7 5 5 7 32 2 3 4 5 Mapped Zones 6 6 7 33": boxes wrapping onto a second line were read by
    # their place on screen, half a row before its label.
    from companion.games.trek12.data import load_sheet
    from companion.games.trek12.rules import new_game
    from companion.ui.trek12.panels import scoring_table

    line = {"circles": [1, 2, 3], "points": 8}
    doc = score(new_game(load_sheet("dunai"))).to_dict() | {
        "lines": [line, line | {"points": 5}], "skulls": 2, "total": 7}
    said = [c.label for c in walk(scoring_table(0, "Ann", doc, summit=None, winner=False, max_rules=False))
            if isinstance(c, ft.Semantics) and c.exclude_semantics]
    # Nothing counted, or one Fixed Line whose points are the row's: said once ("Mapped Zones: none; 0" was two).
    assert said[:4] == ["Fixed Lines: 8, 5; 13", "Mapped Zones: 0", "Longest line: 3 circles; +0", "Largest zone: +0"]
    assert "Skulls: 2 × \u22123; \u22126" in said
    doc["lines"] = [line]
    said = [c.label for c in walk(scoring_table(0, "Ann", doc, summit=None, winner=False, max_rules=False))
            if isinstance(c, ft.Semantics) and c.exclude_semantics]
    assert said[0] == "Fixed Lines: 8", said


@pytest.mark.parametrize(("entries", "words"), [
    ([("Amélie", 55, True), ("Bruno", 47, False)], "Amélie wins with 55 points"),
    ([("Amélie", 1, True), ("Bruno", 1, True)], "Amélie and Bruno share the win with 1 point"),
    ([("Amélie", -4, True)], "Amélie scores \u22124 points"),
    ([("Ann", -10, False), ("Max", 33, True)], "Max wins, 33 to \u221210"),
])
def test_the_result_says_the_winning_score_in_points(entries, words):
    from companion.ui.trek12.screens import _result_banner

    banner = _result_banner(entries, entries[-1][0] == "Max")
    assert [c.value for c in walk(banner) if getattr(c, "key", None) == "t12-result-text"] == [words]


def _read_aloud(node) -> list[str]:
    """The texts a screen reader reads under `node` besides its label (none inside an excluded subtree)."""
    if isinstance(node, ft.Semantics) and node.exclude_semantics:
        return []
    out = [node.value] if isinstance(node, ft.Text) and node.value else []
    for name in ("content", "controls"):
        value = getattr(node, name, None)
        for child in (value if isinstance(value, list) else [value] if value is not None else []):
            out.extend(_read_aloud(child))
    return out


async def test_a_tab_a_dice_option_and_the_score_are_read_once(open_ui, store):
    # "Ann's sheet, 0 points Ann 0", "Higher 5, 4 of 4 boxes left Higher 5": the label, then the same words.
    session = start(store, names=("Ann", "Bob"))
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(4, 2))
    for key in ("t12-tab-0", "t12-op-sum", "t12-score"):
        [node] = [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == key]
        assert node.label and _read_aloud(node.content) == [], (key, node.label, _read_aloud(node.content))
        # One node with its tap: apart, the browser offered the label unfocusable and the tap as a nameless button.
        assert any(isinstance(m, ft.MergeSemantics) and m.content is node for m in walk(ui.top)), key
    # What the pencil and the tick on a tab show is said too.
    tabs = {c.identifier: c.label for c in walk(ui.top) if isinstance(c, ft.Semantics)
            and str(c.identifier).startswith("t12-tab-")}
    assert tabs == {"t12-tab-0": "Ann's sheet, 0 points, to play", "t12-tab-1": "Bob's sheet, 0 points"}
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-8")
    assert [c.label for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == "t12-tab-0"] == [
        "Ann's sheet, −3 points, played"]


async def test_the_scoring_table_in_its_dialog_names_the_player_once(open_ui, store):
    # "Ann's scoring table" was followed by a heading "Ann".
    session = start(store, names=("Ann", "Bob"))
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await ui.click("t12-score")
    [dialog] = ui.dialogs()
    said = [t.value for t in walk(dialog) if isinstance(t, ft.Text) and isinstance(t.value, str)]
    assert said.count("Ann's scoring table") == 1 and "Ann" not in said, said
    # During the Ascent the summit is still to reach, not missed ("Summit 65+ not reached (65 short)").
    assert ui.get("t12-details-0-summit").value == "Summit 65+: 65 points to go"


@pytest.mark.parametrize("language", ["de", "fr", "pl"])
async def test_the_score_boxes_keep_their_words_whole_on_a_360_pixel_phone(open_ui, store, language):
    # German at 360 px broke "Kletterzonen (2)" and "Bonuspunkte" inside the word ("Kletterzone / n").
    from layout_check import layout_problems

    session = start(store)
    store.settings.set("language", language)
    ui = await open_ui(route=f"/play/trek12/{session.id}", width=360)
    problems = [p for p in layout_problems(ui.top, every_label=True) if "score" in p]
    assert problems == []


async def test_a_turn_half_entered_that_another_device_overtook_is_said_at_once(open_ui, store):
    # Phone A had the dice and an option in when phone B wrote the turn: A's sheet went back to "Tap the red
    # and the yellow dice" without a word, and the reason came only with A's next tap.
    session = start(store)
    a = await open_ui(route=f"/play/trek12/{session.id}")
    b = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(a, Roll.of(3, 2))
    await a.click("t12-op-sum")
    await enter_roll(b, Roll.of(4, 2))
    await b.click("t12-op-product")
    await b.click("t12-circle-8")
    await a.settle()
    status = a.get("t12-status").value
    assert status.startswith("Another device changed the game meanwhile: the turn starts again from the game as "
                             "it is now."), status
    # And what to do now: the guide line went, and only the tabs said whose turn it was.
    assert status.endswith(" Tap the red and the yellow dice faces as rolled, or Roll."), status
    await a.click("t12-red-5")
    assert "Another device" not in a.get("t12-status").value           # said once, not again at the next tap
    assert len(SessionKeeper(store).get(session.id).actions) == 1


async def test_a_tap_refused_after_another_device_overtook_the_turn_still_says_why(open_ui, store):
    # Two phones wrote the same seat's turn at once: the slower one, having shown "Another device changed the
    # game meanwhile", then said only "Enter the roll first" for its circle, as if its own dice were lost.
    session = start(store)
    a = await open_ui(route=f"/play/trek12/{session.id}")
    b = await open_ui(route=f"/play/trek12/{session.id}")
    for phone in (a, b):
        await enter_roll(phone, Roll.of(3, 2))
        await phone.click("t12-op-product")
    await b.click("t12-circle-8")
    await a.settle()
    assert a.get("t12-status").value.startswith("Another device changed the game meanwhile")
    await a.click("t12-circle-9")
    status = a.get("t12-status").value
    assert status.startswith("Another device changed the game meanwhile: the turn starts again from the game as "
                             "it is now. Enter the roll first"), status
    assert len(SessionKeeper(store).get(session.id).actions) == 1


async def round_2_rolled(open_ui, store, roll: Roll):
    """A one-player Ascent with its first turn written (3 and 2 for 5 in circle 8), open on its screen with `roll`
    tapped in for round 2: (the game, the screen)."""
    session = start(store)
    SessionKeeper(store).act(session.id, {"player": 0, "dice": [3, 2], "op": "sum", "circle": 8})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, roll)
    return session, ui


async def test_a_correction_begun_on_this_device_is_not_said_to_come_from_another(open_ui, store):
    session, ui = await round_2_rolled(open_ui, store, Roll.of(4, 2))
    await ui.click("t12-op-product")
    await ui.click("ent-open")
    await ui.click("ent-edit-0")
    assert "Another device" not in ui.get("t12-status").value


async def test_a_refusal_of_a_turn_another_device_replaced_gives_way_to_saying_so(open_ui, store):
    session = start(store)
    a = await open_ui(route=f"/play/trek12/{session.id}")
    b = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(a, Roll.of(3, 2))
    await a.click("t12-circle-8")                      # no option yet: refused
    assert a.get("t12-status").value.startswith("Choose how to use the dice first")
    await enter_roll(b, Roll.of(4, 2))
    await b.click("t12-op-product")
    await b.click("t12-circle-8")
    await a.settle()
    assert a.get("t12-status").value.startswith("Another device changed the game meanwhile")


async def test_a_screen_that_only_watched_another_phone_enter_a_turn_says_nothing_of_it(open_ui, store):
    # The computer's screen, opened while a phone had the dice in, showed that turn (it is kept beside the
    # game); when the phone wrote it, the computer said "Another device changed the game meanwhile", at every
    # turn after, though nothing had been tapped on it.
    session = start(store)
    phone = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(phone, Roll.of(3, 2))
    watcher = await open_ui(route=f"/play/trek12/{session.id}")
    await phone.click("t12-op-sum")
    await phone.click("t12-circle-8")
    await watcher.settle()
    assert len(SessionKeeper(store).get(session.id).actions) == 1
    assert "Another device" not in watcher.get("t12-status").value
    await enter_roll(watcher, Roll.of(4, 1))                            # a tap on it says nothing of it either
    assert "Another device" not in watcher.get("t12-status").value


def test_a_home_made_sheets_many_boxes_are_counted_not_drawn_off_the_tile():
    """A sheet with ten boxes an option drew ten boxes in a tile a fifth of a phone wide, off its edge: past
    five they are counted ("3/10"); the printed sheets' four are still drawn one by one."""
    from companion.games.trek12.rules import Op
    from companion.ui.trek12.panels import option_row
    from companion.ui.trek12.turn import OptionView

    def foot(limit: int) -> list:
        views = [OptionView(op, 4, limit - 3, 3, None) for op in Op]
        row = option_row(views, None, on_pick=lambda op: None, limit=limit)
        tile = next(c for c in walk(row) if getattr(c, "key", None) == "t12-op-sum")
        return [c for c in walk(tile) if isinstance(c, (ft.Text, ft.Container)) and
                (isinstance(c, ft.Text) and "/" in str(c.value) or getattr(c, "width", None) == 8)]

    assert [c.value for c in foot(10)] == ["3/10"]
    assert len(foot(4)) == 4 and all(isinstance(c, ft.Container) for c in foot(4))


@pytest.mark.parametrize("name", ["dunai", "kagkot", "dhaulagiri"])
def test_maxs_plus_3_on_an_orphan_stays_inside_the_sheet_on_a_small_phone(name):
    # The green "+3" on Max's orphan circle 18 of Kagkot was cut off by the sheet's right edge at 360 px.
    from companion.games.trek12.data import load_sheet
    from companion.games.trek12.rules import Board
    from companion.ui.trek12.sheet import sheet_control, sheet_layout

    sheet = load_sheet(name)

    class EveryCircleOrphan:
        """A blank sheet whose every circle counts as an orphan: a badge drawn for each."""

        def __init__(self) -> None:
            self._board = Board.empty(sheet)

        def __getattr__(self, attribute):
            return getattr(self._board, attribute)

        def orphans(self):
            return sheet.ids

    from flet.components.component import Renderer

    for width, height in ((328, 300), (336, 160)):     # a phone's sheet, and Max's at its smallest
        layout = sheet_layout(sheet, width, height)
        with Renderer().with_context():        # the circles are components: drawn only within a renderer
            drawn = sheet_control(sheet, EveryCircleOrphan(), layout, prefix="s", max_rules=True)
        badges = {str(c.key)[len("s-orphan-"):]: c for c in walk(drawn) if str(c.key or "").startswith("s-orphan-")}
        assert len(badges) == len(sheet.ids)
        assert all(0 <= b.left and b.left + b.width <= layout.width + 0.01 for b in badges.values())
        # ... and clear of the circle's number: to one side of its centre.
        centres = {str(cid): x for cid, (x, _y) in layout.centres.items()}
        assert all(b.left > centres[cid] or b.left + b.width < centres[cid] for cid, b in badges.items())


def dice_chosen(ui) -> set[str]:
    return {n.identifier for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.selected
            and str(n.identifier or "").startswith(("t12-red-", "t12-yellow-"))}


async def test_dice_tapped_in_are_still_there_after_a_correction_cancelled(open_ui, store):
    # Cancel leaves the game as it was: the dice tapped for the round before the entries were opened too.
    session, ui = await round_2_rolled(open_ui, store, Roll.of(5, 4))
    await ui.click("ent-open")
    await ui.click("ent-edit-0")
    await ui.click("ent-cancel")
    assert dice_chosen(ui) == {"t12-red-5", "t12-yellow-4"}
    assert "Another device" not in ui.get("t12-status").value
    again = await open_ui(route=f"/play/trek12/{session.id}")        # kept beside the game, as before
    assert dice_chosen(again) == {"t12-red-5", "t12-yellow-4"}
    # Confirmed, the correction changed the game: the turn starts afresh from it.
    await ui.click("ent-edit-0")
    await enter_roll(ui, Roll.of(3, 2))
    await ui.click("t12-op-product")
    await ui.click("t12-circle-8")
    await ui.click("ent-confirm")
    assert SessionKeeper(store).get(session.id).actions[0]["op"] == "product"
    assert dice_chosen(ui) == set()


async def test_a_turn_another_device_wrote_does_not_come_back_after_a_cancelled_correction(open_ui, store):
    # The turn tapped here was written on another device before the correction began: cancelled, it gave back
    # those dice, kept for the next turn, where a reload showed them ready to write.
    session, ui = await round_2_rolled(open_ui, store, Roll.of(5, 4))
    await ui.click("t12-op-sum")
    SessionKeeper(store).act(session.id, {"player": 0, "dice": [1, 1], "op": "sum", "circle": 2})
    await ui.settle()
    await ui.click("ent-open")
    await ui.click("ent-edit-0")
    await ui.click("ent-cancel")
    assert dice_chosen(ui) == set()
    assert dice_chosen(await open_ui(route=f"/play/trek12/{session.id}")) == set()


async def test_a_correction_cancelled_on_another_device_gives_nothing_back_later(open_ui, store):
    # Cancelled on a phone, the correction left the turn set aside here; the next one begun and cancelled here
    # gave back that old turn, not the one tapped since.
    session, ui = await round_2_rolled(open_ui, store, Roll.of(5, 4))
    await ui.click("ent-open")
    await ui.click("ent-edit-0")
    phone = await open_ui(route=f"/play/trek12/{session.id}")
    await phone.click("ent-cancel")
    await ui.settle()
    await enter_roll(ui, Roll.of(2, 1))
    if ui.find("ent-edit-0") is None:
        await ui.click("ent-open")
    await ui.click("ent-edit-0")
    await ui.click("ent-cancel")
    assert dice_chosen(ui) == {"t12-red-2", "t12-yellow-1"}


async def test_a_seat_waiting_to_drink_still_waits_after_a_cancelled_correction(open_ui, store):
    # Ann let the others write first to drink her Schnapps after them; a correction begun and cancelled gave the
    # turn back to Ann with Bob's option, and said another device had changed the game.
    from test_trek12_cards import label, start as start_with

    session = start_with(store, ["schnapps"], names=("Ann", "Bob", "Cy"), seed=21)
    SessionKeeper(store).act(session.id, {"player": 2, "dice": [1, 1], "op": "sum", "circle": 8})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await ui.click("t12-card-schnapps")
    await ui.click("t12-after-others")
    assert label(ui, "t12-tab-1").endswith("to play")
    await ui.click("t12-op-sum")
    await ui.click("ent-open")
    await ui.click("ent-edit-0")
    await ui.click("ent-cancel")
    assert label(ui, "t12-tab-1").endswith("to play")
    assert "Another device" not in ui.get("t12-status").value
