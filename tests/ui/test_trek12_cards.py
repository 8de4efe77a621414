"""Assist cards on the Trek 12 play screen: the Rope, the Tent and the Schnapps used from the screen, a fourth
card taken by giving one back, and Max's cards; each turn checked against the engine's record of it."""

from __future__ import annotations

import flet as ft
import pytest
from harness import merged_words_said_twice, names_said_twice, spoken, walk
from trek12_ascents import fill_sheets

from companion.games.trek12.rules import Op, Roll
from companion.sessions import SessionKeeper
from companion.ui.common import registry
from companion.ui.trek12.screens import Trek12NewGame, Trek12Play
from companion.ui.trek12.turn import app_roll


@pytest.fixture(autouse=True)
def trek12_screens():
    registry.register_game_screen("trek12", new_game=Trek12NewGame, play=Trek12Play)
    yield


def start(store, cards, *, names=("Ann",), solo=False, sheet="dunai", seed=3, max_cards=0):
    players = [store.players.add(name) for name in names]
    setup = {"sheet": sheet, "solo": "max" if solo else None, "dice_seed": seed,
             "players": [{"id": p.id, "name": p.name, "assists": list(cards)} for p in players]}
    if max_cards:
        setup["max_assists"] = max_cards
    return SessionKeeper(store).start("trek12", setup, [p.id for p in players], sheet.title())


def label(ui, key: str) -> str:
    for control in walk(ui.top):
        if type(control).__name__ == "Semantics" and getattr(control, "identifier", None) == key:
            return control.label
    raise AssertionError(f"no semantics node {key!r}")


async def enter_roll(ui, roll: Roll) -> None:
    await ui.click(f"t12-red-{roll.red}")
    await ui.click(f"t12-yellow-{roll.yellow}")


async def test_the_rope_links_a_number_two_circles_away(open_ui, store):
    session = start(store, ["rope"])
    keeper = SessionKeeper(store)
    keeper.act(session.id, {"dice": [5, 0], "op": "higher", "circle": 4})
    keeper.act(session.id, {"dice": [6, 3], "op": "sum", "circle": 3})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(6, 0))
    await ui.click("t12-card-rope")
    assert "in use" in ui.get("t12-card-rope-name").value
    await ui.click("t12-op-higher")
    await ui.click("t12-circle-8")  # two steps from the 5 in circle 4
    assert "Rope: tap the 5 or 7 two circles away" in ui.get("t12-status").value
    assert "tap to link" in label(ui, "t12-circle-4")
    await ui.click("t12-circle-4")
    state = keeper.state(session.id).states[0]
    assert state.board.ropes == ((4, 8),) and state.board.fixed_lines() == ((4, 8),)
    assert state.assists == ()
    assert keeper.get(session.id).actions[-1]["rope"] == [8, 4]


async def test_the_rope_refuses_a_circle_with_nothing_to_link(open_ui, store):
    session = start(store, ["rope"])
    SessionKeeper(store).act(session.id, {"dice": [5, 0], "op": "higher", "circle": 4})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(2, 0))
    await ui.click("t12-card-rope")
    await ui.click("t12-op-higher")
    await ui.click("t12-circle-3")
    assert "The Rope has nothing to link from circle 3" in ui.get("t12-status").value
    assert len(SessionKeeper(store).get(session.id).actions) == 1


async def test_the_tent_adds_the_dice_with_the_sum_boxes_full(open_ui, store):
    session = start(store, ["tent"])
    keeper = SessionKeeper(store)
    for circle in (8, 7, 9, 6):
        keeper.act(session.id, {"dice": [2, 2], "op": "sum", "circle": circle})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(3, 2))
    assert ui.get("t12-op-sum").disabled
    await ui.click("t12-card-tent")
    assert not ui.get("t12-op-sum").disabled and ui.get("t12-op-product").disabled
    assert "Tent is for a sum" in ui.get("t12-op-product").tooltip.message
    # A closed option and the dice are said once: their labels hold the reason and the tap; the tooltips
    # shown to a finger held on them are not said again.
    assert names_said_twice(ui.top) == [] and merged_words_said_twice(ui.top) == []
    [tile] = [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == "t12-op-product"]
    assert len(spoken(tile)) == 1 and "Tent is for a sum" in spoken(tile)[0], spoken(tile)
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-11")
    state = keeper.state(session.id).states[0]
    assert state.board.cell(11) == 5 and state.tents == 1 and state.assists == ()
    assert state.ops[3] == 4  # no box ticked: the Tent's cross goes outside the table
    # ... where the sheet shows it from then on, beside the sum's boxes, and says it ("Draw a cross outside the
    # table, on the same line"): nothing showed the Tent had been played.
    await enter_roll(ui, Roll.of(1, 1))
    [tile] = [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == "t12-op-sum"]
    assert tile.label.endswith("; 1 Tent played"), tile.label
    assert any(isinstance(c, ft.Icon) and c.icon == ft.Icons.CLOSE_ROUNDED for c in walk(ui.get("t12-op-sum")))
    # Within the 48 px a tile has inside on a 360 px phone, the dice beside it, with five boxes and two Tents
    # too (a cross and its count beside 8 px boxes ran past the tile's edge).
    from layout_check import natural

    from companion.ui.trek12.panels import option_row
    from companion.ui.trek12.turn import OptionView

    foot = ui.get("t12-op-sum").content.content.controls[-1]
    assert natural(foot) <= 48, natural(foot)
    for limit, used in ((4, 4), (5, 2)):
        row = option_row([OptionView(Op.SUM, 6, limit - used, used, None)], None, on_pick=lambda op: None,
                         limit=limit, tents=2)
        [tile] = [c for c in walk(row) if getattr(c, "key", None) == "t12-op-sum"]
        assert natural(tile.content.content.controls[-1]) <= 48, (limit, natural(tile.content.content.controls[-1]))


async def test_the_schnapps_rolls_again_for_the_player_using_it(open_ui, store):
    session = start(store, ["schnapps"], names=("Ann", "Bob"), seed=21)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    # Ann writes first this round: the Schnapps waits until everyone else has written.
    await ui.click("t12-card-schnapps")
    assert "after all the other players have filled a circle this round (Bob still to write)" in ui.get("t12-status").value
    await enter_roll(ui, Roll.of(1, 1))
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-8")
    # Bob drinks: the dice are his to roll again, from the game's seed.
    assert ui.find("t12-red-1") is None
    await ui.click("t12-card-schnapps")
    assert "Schnapps: roll again" in ui.get("t12-status").value
    await ui.click("t12-roll")
    again = app_roll(21, 1, 1)
    assert ui.get("t12-op-sum-value").value == str(again.red + again.yellow)
    # The new result must be accepted ('The Assist cards'): the card is not taken back over the new dice,
    # which brought back the roll it replaced.
    await ui.click("t12-card-schnapps")
    assert ui.get("t12-status").value == "The Schnapps is drunk: the new result must be accepted."
    assert ui.get("t12-op-sum-value").value == str(again.red + again.yellow)
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-8")
    actions = SessionKeeper(store).get(session.id).actions
    assert actions[-1]["dice"] == [again.red, again.yellow] and actions[-1]["assist"] == "schnapps"
    table = SessionKeeper(store).state(session.id)
    assert table.round == 2 and table.states[1].assists == ()


async def test_the_first_to_write_can_let_the_others_write_first_to_drink_the_schnapps(open_ui, store):
    # Ann, first at the table, could never drink: the Schnapps waits for the others, and the screen always gave
    # the turn to the first seat still to write, so Bob's sheet was never the one played on before Ann's.
    session = start(store, ["schnapps"], names=("Ann", "Bob", "Cy"), seed=21)
    SessionKeeper(store).act(session.id, {"player": 2, "dice": [1, 1], "op": "sum", "circle": 8})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    assert ui.find("t12-after-others") is None              # offered only once the Schnapps is refused
    await ui.click("t12-card-schnapps")
    assert "(Bob still to write)" in ui.get("t12-status").value
    await ui.click("t12-after-others")
    assert label(ui, "t12-tab-1").endswith("to play")
    await ui.click("t12-op-sum")                            # the round's roll, as Cy wrote it
    await ui.close()
    ui = await open_ui(route=f"/play/trek12/{session.id}")  # a reload keeps whose turn it is with the form
    assert label(ui, "t12-tab-1").endswith("to play")
    await ui.click("t12-circle-8")
    table = SessionKeeper(store).state(session.id)
    assert table.played == (False, True, True)
    # Now Ann is the last to write: her Schnapps rolls again.
    await ui.click("t12-card-schnapps")
    assert "Schnapps: roll again" in ui.get("t12-status").value
    await ui.click("t12-roll")
    again = app_roll(21, 1, 0)
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-8")
    actions = SessionKeeper(store).get(session.id).actions
    assert actions[-1]["dice"] == [again.red, again.yellow] and actions[-1]["assist"] == "schnapps"
    assert SessionKeeper(store).state(session.id).round == 2


async def test_the_dice_entered_stay_for_the_player_let_write_first(open_ui, store):
    session = start(store, ["schnapps"], names=("Ann", "Bob"), seed=21)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(4, 2))
    await ui.click("t12-card-schnapps")
    await ui.click("t12-after-others")
    assert label(ui, "t12-tab-1").endswith("to play")
    await ui.click("t12-op-sum")                            # no dice to enter again: the round's are in
    await ui.click("t12-circle-8")
    assert SessionKeeper(store).get(session.id).actions[-1] == {"player": 1, "dice": [4, 2], "op": "sum",
                                                                 "circle": 8}


async def test_a_seat_waiting_to_drink_is_kept_beside_the_game_for_a_reload_and_every_phone(open_ui, store):
    # The choice lived on one phone's screen: a reload, or the next seat writing and then a reload, gave the turn
    # back to Ann; another phone on the game still showed Ann's turn.
    session = start(store, ["schnapps"], names=("Ann", "Bob", "Cy"), seed=21)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    other = await open_ui(route=f"/play/trek12/{session.id}")
    await ui.click("t12-card-schnapps")                     # before any dice: the form holds nothing else
    await ui.click("t12-after-others")
    assert label(ui, "t12-tab-1").endswith("to play")
    await other.settle()
    assert label(other, "t12-tab-1").endswith("to play") and not label(other, "t12-tab-0").endswith("to play")
    await ui.close()
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    assert label(ui, "t12-tab-1").endswith("to play")
    await enter_roll(ui, Roll.of(4, 2))
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-8")                          # Bob writes: Cy is next, not Ann
    assert label(ui, "t12-tab-2").endswith("to play")
    await ui.close()
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    assert label(ui, "t12-tab-2").endswith("to play")
    # Cy holds no Schnapps and writes; Ann, last, drinks.
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-8")
    await ui.click("t12-card-schnapps")
    assert "Schnapps: roll again" in ui.get("t12-status").value


async def test_only_one_seat_a_round_waits_to_drink_its_schnapps(open_ui, store):
    # Bob, with a Schnapps too, was offered to let Ann and Cy write first once Ann had let him: the turn went back
    # to Ann, who waited as well, and the two could hand it back and forth.
    session = start(store, ["schnapps"], names=("Ann", "Bob", "Cy"), seed=21)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await ui.click("t12-card-schnapps")
    await ui.click("t12-after-others")
    await ui.click("t12-card-schnapps")                     # Bob's, refused: Ann and Cy still to write
    assert "still to write" in ui.get("t12-status").value
    assert ui.find("t12-after-others") is None
    assert label(ui, "t12-tab-1").endswith("to play")


async def test_a_turn_begun_for_one_seat_is_not_written_for_the_seat_let_play_first_on_another_phone(open_ui, store):
    # Ann's dice and Plus were on one phone when another let Bob and Cy write first: the first phone then showed
    # Bob's turn with Ann's option chosen, and a tap on a circle wrote it as Bob's.
    session = start(store, ["schnapps"], names=("Ann", "Bob", "Cy"), seed=21)
    b = await open_ui(route=f"/play/trek12/{session.id}")
    a = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(b, Roll.of(4, 2))
    await b.click("t12-op-sum")
    await a.click("t12-card-schnapps")
    await a.click("t12-after-others")
    await b.settle()
    assert label(b, "t12-tab-1").endswith("to play")
    assert b.get("t12-status").value.startswith("Another device changed the game meanwhile")
    await b.click("t12-circle-8")                           # no option chosen for Bob: nothing is written
    assert SessionKeeper(store).get(session.id).actions == ()


async def test_a_schnapps_drunk_and_rolled_is_found_again_after_a_reload(open_ui, store):
    session = start(store, ["schnapps"], solo=True, seed=8)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(1, 0))
    await ui.click("t12-card-schnapps")
    await ui.click("t12-roll")
    await ui.close()
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    again = app_roll(8, 1, 0)
    assert ui.get("t12-op-sum-value").value == str(again.red + again.yellow)
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-8")
    turn = SessionKeeper(store).get(session.id).actions[-1]
    assert turn["dice"] == [again.red, again.yellow] and turn["assist"] == "schnapps"


async def test_a_fourth_card_means_giving_one_back(open_ui, store):
    session = start(store, ["compass", "rope", "tent"])
    keeper = SessionKeeper(store)
    keeper.act(session.id, {"dice": [2, 0], "op": "higher", "circle": 8})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(2, 0))
    await ui.click("t12-op-higher")
    await ui.click("t12-circle-9")
    assert "A new zone of 2s" in ui.get("t12-status").value
    await ui.click("t12-take-schnapps")
    assert "give one back" in ui.get("t12-status").value
    await ui.click("t12-giveback-compass")
    state = keeper.state(session.id).states[0]
    assert [c.value for c in state.assists] == ["rope", "tent", "schnapps"]
    turn = keeper.get(session.id).actions[-1]
    assert (turn["take"], turn["give_back"]) == ("schnapps", "compass")


async def test_on_a_phone_the_card_to_take_has_the_held_cards_room(open_ui, store):
    # On a phone where the options share the dice's place (Kagkot at 390 x 780, or two players' tabs at 844),
    # the five choices' second row was cut off, and the "Compass" to take stood right above the held one.
    session = start(store, ["compass", "rope"], sheet="kagkot")   # a sheet tall enough to leave the options
    keeper = SessionKeeper(store)                                   # no line of their own there
    keeper.act(session.id, {"dice": [2, 0], "op": "higher", "circle": 0})
    ui = await open_ui(route=f"/play/trek12/{session.id}", width=390, height=780)
    await enter_roll(ui, Roll.of(2, 0))
    assert ui.find("t12-cards") is not None
    await ui.click("t12-op-higher")
    await ui.click("t12-circle-1")
    assert ui.find("t12-take-compass") is not None and ui.find("t12-cards") is None
    assert ui.get("t12-choice-area").height >= 40 + 2 * (40 + 6) + 6      # the picked line and two rows
    # Each card drawn by its name under the question, said as what the tap does: "Take the Compass" and the
    # rest took a line each at 360 px in French, and "No card" fell below the area's edge.
    drawn = [c.value for c in walk(ui.get("t12-take-compass")) if isinstance(c, ft.Text)]
    assert drawn == ["Compass"] and "Take the Compass" in spoken(ui.get("t12-take"))
    await ui.click("t12-take-schnapps")
    assert ui.find("t12-cards") is not None                              # back once the card is taken


async def test_on_a_phone_the_held_cards_stay_while_a_link_is_chosen(open_ui, store):
    # A card may still be played while a link is chosen (it goes back to the circle): the cards stay shown.
    session = start(store, ["compass", "rope"], sheet="kagkot")
    keeper = SessionKeeper(store)
    for doc in ({"dice": [5, 0], "op": "higher", "circle": 7}, {"dice": [2, 0], "op": "difference", "circle": 8},
                {"dice": [1, 1], "op": "sum", "circle": 4}):
        keeper.act(session.id, doc)
    ui = await open_ui(route=f"/play/trek12/{session.id}", width=390, height=780)
    await enter_roll(ui, Roll.of(1, 0))
    await ui.click("t12-op-higher")
    await ui.click("t12-circle-6")                  # the 1 may join the 2 in circle 8 or the 2 in circle 4
    assert ui.find("t12-link-0") is not None and ui.find("t12-card-compass") is not None


async def test_the_hint_asks_for_no_roll_while_a_card_is_chosen(open_ui, store):
    # The roll is in and written: while the card for the new zone is chosen, "Enter the roll" was wrong.
    session = start(store, ["compass", "rope", "tent"])
    keeper = SessionKeeper(store)
    keeper.act(session.id, {"dice": [2, 0], "op": "higher", "circle": 8})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await ui.click("t12-hint")
    assert ui.get("t12-hint-text").value == "Enter the roll to see the coach's move."
    await enter_roll(ui, Roll.of(2, 0))
    await ui.click("t12-op-higher")
    await ui.click("t12-circle-9")
    assert "A new zone of 2s" in ui.get("t12-status").value
    assert ui.find("t12-hint-text") is None
    await ui.click("t12-take-schnapps")
    assert "give one back" in ui.get("t12-status").value
    assert ui.find("t12-hint-text") is None
    await ui.click("t12-giveback-compass")
    assert ui.get("t12-hint-text").value == "Enter the roll to see the coach's move."


async def test_a_schnapps_put_away_again_brings_back_the_dice_entered(open_ui, store):
    # Alone against Max: the dice entered, the Schnapps tapped by mistake and put away: the dice were gone.
    session = start(store, ["schnapps"], solo=True)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(3, 4))
    assert ui.get("t12-op-sum-value").value == "7"
    await ui.click("t12-card-schnapps")                    # new dice to enter
    assert ui.find("t12-op-sum-value") is None or ui.get("t12-op-sum-value").value != "7"
    assert ui.get("t12-status").value == "Schnapps: roll again, tap the new dice faces or Roll."
    await ui.close()                                       # a reload in between keeps the roll set aside
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await ui.click("t12-card-schnapps")                    # put away: the roll entered is back
    assert ui.get("t12-op-sum-value").value == "7"
    await ui.click("t12-op-sum")
    await ui.click("t12-circle-8")
    turn = SessionKeeper(store).get(session.id).actions[-1]
    assert turn["dice"] == [3, 4] and "assist" not in turn


async def test_no_card_taken_when_the_player_says_so(open_ui, store):
    session = start(store, [])
    SessionKeeper(store).act(session.id, {"dice": [1, 0], "op": "higher", "circle": 8})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    ui.get("t12-cards-none")
    await enter_roll(ui, Roll.of(1, 0))
    await ui.click("t12-op-higher")
    await ui.click("t12-circle-9")
    assert "A new zone of 1s" in ui.get("t12-status").value
    # While the card is offered, nothing under it says "No Assist cards held. A new zone … earns one."
    assert ui.find("t12-cards-none") is None
    await ui.click("t12-take-none")
    ui.get("t12-cards-none")
    state = SessionKeeper(store).state(session.id).states[0]
    assert state.assists == () and state.board.cell(9) == 1
    assert "take" not in SessionKeeper(store).get(session.id).actions[-1]


async def test_max_earns_cards_and_his_count_is_shown(open_ui, store):
    session = start(store, [], solo=True, max_cards=1)
    keeper = SessionKeeper(store)
    # Max writes the best result of each roll: [1, 0] gives him 1s, twice side by side, a new zone of 1s.
    keeper.act(session.id, {"dice": [1, 0], "op": "higher", "circle": 8})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(1, 0))
    await ui.click("t12-op-lower")  # the player's 0 makes no zone; Max's 1 does
    await ui.click("t12-circle-9")
    assert keeper.state(session.id).states[0].max_assists == 2
    await ui.click("t12-tab-max")
    assert ui.get("t12max-cards").value == "Max holds 2 Assist cards, cashed at an Expedition's end"


async def test_on_the_last_ascent_max_s_cards_are_cashed_with_it(open_ui, store):
    # "cashed at an Expedition's end" stood over Max's sheet on the last Ascent, when he cashes them with it.
    players = [store.players.add("Ann")]
    setup = {"sheet": "dunai", "solo": "max", "dice_seed": 3, "max_assists": 2, "last_ascent": True,
             "players": [{"id": players[0].id, "name": "Ann", "assists": []}]}
    session = SessionKeeper(store).start("trek12", setup, [players[0].id], "Dunai")
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await ui.click("t12-tab-max")
    assert ui.get("t12max-cards").value == "Max holds 2 Assist cards, cashed when this Ascent is scored"


async def test_max_s_cards_are_said_whole_on_a_small_phone_in_polish(open_ui, store):
    # "Max ma 1 kartę asysty, wymienianą na punkty na koniec Eksp…" ran off a 360-pixel screen.
    from layout_check import layout_problems

    session = start(store, [], solo=True, max_cards=1)
    store.settings.set("language", "pl")
    ui = await open_ui(route=f"/play/trek12/{session.id}", width=360)
    await ui.click("t12-tab-max")
    assert ui.get("t12max-cards").value.startswith("Max ma 1 kartę asysty")
    assert layout_problems(ui.top, 360, every_label=True) == []


async def test_alone_the_schnapps_rolls_again_once_the_dice_are_in(open_ui, store):
    session = start(store, ["schnapps"], solo=True, seed=8)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await ui.click("t12-card-schnapps")
    assert "Enter this round's dice first" in ui.get("t12-status").value
    await enter_roll(ui, Roll.of(1, 0))
    await ui.click("t12-card-schnapps")
    await ui.click("t12-roll")
    again = app_roll(8, 1, 0)
    await ui.click("t12-op-product")
    await ui.click("t12-circle-8")
    turn = SessionKeeper(store).get(session.id).actions[-1]
    assert turn["dice"] == [again.red, again.yellow] and turn["assist"] == "schnapps"
    state = SessionKeeper(store).state(session.id).states[0]
    # Max imitates the player's turn as played: the re-rolled dice's best result.
    assert state.max_board.cell(8) in (again.best, "skull")


async def test_at_the_end_each_player_chooses_the_cards_to_cash(open_ui, store):
    from companion.games.trek12 import session as trek12

    session = start(store, ["rope", "tent"], names=("Ann", "Bo"))
    keeper = SessionKeeper(store)
    table = fill_sheets(keeper, session.id)
    before = {name: b.total for name, b in trek12.breakdowns(table)}
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    assert "Ann: cash Assist cards?" in ui.text()
    assert ui.get("t12-finish").disabled  # the cards are cashed (or kept) first
    # Cards still to cash can change the totals: nobody is named the winner yet.
    assert ui.find("t12-result") is None
    assert not any(ui.find(f"t12-sum-{i}-winner") for i in (0, 1))
    assert ui.get("t12-cash-done").content == "Keep every card"
    [node] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "t12-cash-0-1"]
    assert node.label == "Cash the Tent (+3)"        # not "Tent +3": said as what choosing it does
    await ui.click("t12-cash-0-1")  # the Tent
    assert ui.get("t12-cash-done").content == "Cash 1 card (+3)"
    await ui.click("t12-cash-done")
    assert "Bo: cash Assist cards?" in ui.text()
    await ui.click("t12-cash-done")  # Bo keeps both for the next Ascent
    assert ui.find("t12-cash") is None
    top = max(before["Ann"] + 3, before["Bo"])
    assert str(top) in ui.get("t12-result-text").value
    await ui.click("t12-finish")
    record = store.history.get(session.id)
    scores = {p["name"]: p["score"] for p in record["players"]}
    assert scores == {"Ann": before["Ann"] + 3, "Bo": before["Bo"]}
    assert record["detail"]["scores"][0]["assists"] == 1


async def test_a_player_holding_no_card_is_not_asked_to_cash_any(open_ui, store):
    # At a table of three, the two players without a card were each asked "cash Assist cards?" ("… holds no
    # Assist card") and Save waited on a tap from each that decided nothing.
    players = [store.players.add(name) for name in ("Ann", "Bo", "Cy")]
    hands = {"Ann": [], "Bo": ["rope"], "Cy": []}
    setup = {"sheet": "dunai", "solo": None, "dice_seed": 3,
             "players": [{"id": p.id, "name": p.name, "assists": hands[p.name]} for p in players]}
    keeper = SessionKeeper(store)
    session = keeper.start("trek12", setup, [p.id for p in players], "Dunai")
    table = fill_sheets(keeper, session.id)
    held = {name: len(state.assists) for name, state in zip(hands, table.states)}
    assert held == {"Ann": 0, "Bo": 1, "Cy": 0}
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    asked = [name for name in hands if f"{name}: cash Assist cards?" in ui.text()]
    assert asked == ["Bo"]
    await ui.click("t12-cash-done")      # Bo keeps his Rope
    assert ui.find("t12-cash") is None and not ui.get("t12-finish").disabled
    await ui.click("t12-finish")
    assert store.history.get(session.id) is not None


def test_max_s_scoring_box_counts_his_cards_beside_his_skulls():
    # On an Expedition's last Ascent Max's cards count +3 each in his box: "1 skull" over +9 said nothing of them.
    from companion.games.trek12.rules import fill_board
    from companion.games.trek12.scoring import penalty_parts, score_board
    from companion.ui.trek12.panels import score_strip
    from test_trek12_support import make_sheet

    path = make_sheet(8, [(i, i + 1) for i in range(7)] + [(1, 6)])
    board = fill_board(path, {0: 1, 1: 2, 2: 3, 3: 3, 4: 3, 5: "skull", 6: 9, 7: 5}, [[0, 1, 2]])
    doc = score_board(board, max_rules=True, assists=2).to_dict()
    parts = penalty_parts(doc, max_rules=True)
    assert parts["skulls"] + parts["orphans"] + parts["cards"] == -3 + 6 + 6
    strip = score_strip(doc, prefix="t12max-score", max_rules=True)
    shown = [c.value for c in walk(strip) if isinstance(c, ft.Text)]
    assert "1 skull, 2 orphans, 2 cards" in shown and "+9" in shown, shown
    assert strip.content.label.endswith(", 1 skull (\u22123), 2 orphans (+6), 2 cards (+6)"), strip.content.label


async def test_a_circle_only_the_compass_allows_says_so_when_it_is_refused(open_ui, store):
    # The coach advised "circle 10, with the Compass"; tapped without the Compass, the refusal named only the
    # rule, not the card in hand that lifts it.
    session = start(store, ["compass"])
    keeper = SessionKeeper(store)
    keeper.act(session.id, {"dice": [5, 0], "op": "higher", "circle": 4})
    state = keeper.state(session.id).states[0]
    far = next(c for c in range(state.sheet.n) if c != 4 and not state.sheet.adj[c] >> 4 & 1)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await enter_roll(ui, Roll.of(3, 0))
    await ui.click("t12-op-higher")
    await ui.click(f"t12-circle-{far}")
    said = ui.get("t12-status").value
    assert f"Circle {far} touches no filled circle" in said and "Compass" in said, said
    await ui.click("t12-card-compass")
    await ui.click(f"t12-circle-{far}")
    if ui.find("t12-done") is not None:
        await ui.click("t12-done")
    assert keeper.state(session.id).states[0].board.filled >> far & 1
    # Without a Compass in hand, the refusal says only the rule.
    other = start(store, [], names=("Bo",))
    keeper.act(other.id, {"dice": [5, 0], "op": "higher", "circle": 4})
    ui = await open_ui(route=f"/play/trek12/{other.id}")
    await enter_roll(ui, Roll.of(3, 0))
    await ui.click("t12-op-higher")
    await ui.click(f"t12-circle-{far}")
    assert "Compass" not in ui.get("t12-status").value


async def test_letting_the_others_write_first_is_no_turn_changed_under_the_screen(open_ui, store):
    # Ann rolled in the app, then let the others write first, to drink her Schnapps after them. When Bob wrote
    # on his own phone, as she had asked, her screen said "Another device changed the game meanwhile".
    session = start(store, ["schnapps"], names=("Ann", "Bob", "Cy"), seed=21)
    ann = await open_ui(route=f"/play/trek12/{session.id}")
    await ann.click("t12-roll")
    await ann.click("t12-card-schnapps")
    await ann.click("t12-after-others")
    bob = await open_ui(route=f"/play/trek12/{session.id}")
    await bob.click("t12-op-sum")
    await bob.click("t12-circle-8")
    assert len(SessionKeeper(store).get(session.id).actions) == 1
    await ann.settle()
    assert "Another device" not in ann.get("t12-status").value


async def test_a_card_held_is_one_node_saying_what_it_does_and_against_max_the_schnapps_is_his_roll_too(
        open_ui, store):
    # A screen reader heard "Compass: write in a circle …" then "Compass" again; and against Max the Schnapps
    # said "roll again for you alone", while Max writes from the new roll too (docs/rulings.md).
    session = start(store, ["compass", "schnapps"], solo=True)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    for card, does in (("compass", "write in a circle touching no filled circle"),
                       ("schnapps", "roll again; Max writes from the new roll too")):
        [node] = [c for c in walk(ui.top) if isinstance(c, ft.MergeSemantics) and c.key == f"t12-card-{card}@on"]
        assert spoken(node) == [f"{card.title()}: {does}"]
    await ui.click("t12-card-compass")
    [node] = [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == "t12-card-compass"]
    assert node.label == "Compass: write in a circle touching no filled circle" and node.toggled   # "in use" once
    # At a table of players, the new roll is the drinker's alone.
    other = start(store, ["schnapps"], names=("Bo",))
    ui = await open_ui(route=f"/play/trek12/{other.id}")
    [node] = [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == "t12-card-schnapps"]
    assert node.label == "Schnapps: roll again for you alone"


async def test_the_dice_entered_are_said_once_on_a_phone(open_ui, store):
    # "Change the dice" (the tooltip) was said before "Red 3, yellow 2, tap to change", which says it.
    session = start(store, [], sheet="kagkot")
    ui = await open_ui(route=f"/play/trek12/{session.id}", width=360, height=640)   # the options take the dice's place
    await enter_roll(ui, Roll.of(3, 2))
    [dice] = [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == "t12-dice-change"]
    assert spoken(dice) == ["Red 3, yellow 2, tap to change"]


def test_the_compass_is_not_taken_up_when_every_empty_circle_touches_a_filled_one():
    """Once every empty circle touches a filled one the Compass has nowhere to write: turned on, it asked for a
    tap no circle could answer, and said why only after one. It is refused at once, with the reason."""
    from companion.games.trek12.data import sheet_from_dict
    from companion.games.trek12.rules import Action, Assist, apply, new_game, playable_circles
    from companion.ui.trek12.turn import Draft, toggle_card

    sheet = sheet_from_dict({"name": "Three", "summit": 10, "circles": [{"id": i, "x": i, "y": 0} for i in range(3)],
                             "links": [[0, 1], [1, 2]]})
    state = new_game(sheet, assists=(Assist.COMPASS,))
    draft, problem = toggle_card(state, Draft(), Assist.COMPASS)      # an empty sheet: any circle will do
    assert problem is None and Assist.COMPASS in draft.cards
    state = apply(state, Action.from_dict({"dice": [2, 1], "op": "sum", "circle": 1}))
    assert playable_circles(state, compass=True) == ()
    draft, problem = toggle_card(state, Draft(), Assist.COMPASS)
    assert Assist.COMPASS not in draft.cards
    assert problem == "Every empty circle touches a filled one: the Compass has no circle to write in."
