"""Ridgeline's screens in-process: a new table, hands entered by tapping cards, undo/redo, refusals, resume and
the end of the game, each checked against what the engine says."""

from __future__ import annotations

import asyncio
import re

import pytest
import flet as ft
from harness import UiApp, abandon_through_the_dialog, focused, spoken, walk

from companion.games.ridgeline.cards import parse_cards
from companion.games.ridgeline.rules import next_hand
from companion.games.ridgeline.scoring import fatigue_preview, score
from companion.sessions import SessionKeeper
from companion.ui.common import registry
from companion.ui.ridgeline.screens import Panel, RidgelineNewGame, RidgelinePlay


@pytest.fixture(autouse=True)
def ridgeline_screens():
    """The real screens registered (another test module may have put a stand-in in their place)."""
    registry.register_game_screen("ridgeline", new_game=RidgelineNewGame, play=RidgelinePlay)
    yield


def seat_table(store, names=("Ann", "Bob", "Cy"), route="ridge", dealer=None, hands=()):
    """A table of roster players started through the keeper, with `hands` already recorded."""
    players = [store.players.add(name) for name in names]
    keeper = SessionKeeper(store)
    setup = {"seats": [{"id": p.id, "name": p.name} for p in players], "route": route,
             "first_dealer": dealer, "checked": True}
    session = keeper.start("ridgeline", setup, [p.id for p in players], f"{route} test")
    for hand in hands:
        keeper.act(session.id, hand)
    return session


def engine_state(store, session_id):
    return SessionKeeper(store).state(session_id)


def shown_fatigue(ui, count):
    return [ui.get(f"rl-seat-{i}-fatigue").value for i in range(count)]


def engine_fatigue(store, session_id):
    return [str(seat.fatigue) for seat in score(engine_state(store, session_id)).seats]


async def open_panel(ui, panel: Panel) -> None:
    """Tap a destination of the bottom navigation bar (the client sets the index, then reports the change)."""
    nav = ui.get("rl-nav")
    ui.session.apply_patch(nav._i, {"selected_index": int(panel)})
    await ui.session.dispatch_event(nav._i, "change", str(int(panel)))
    await ui.settle()


async def tap_cards(ui, prefix: str, *codes: str) -> None:
    for code in codes:
        if code.startswith("R:"):
            await ui.click(f"{prefix}-pick-R")
            code = code[2:]
        await ui.click(f"{prefix}-pick-{code}")


async def test_a_new_table_from_the_roster(open_ui, store):
    ann, bob, cy = (store.players.add(name) for name in ("Ann", "Bob", "Cy"))
    ui = await open_ui()
    await ui.click("home-game-ridgeline")
    assert ui.route == "/games/ridgeline"
    assert ui.get("rl-new-start").disabled  # nobody seated yet
    # Seating order is the order of the taps: Bob sits first, then Ann; Cy sits down and gets up again.
    await ui.click(f"rl-new-seat-{bob.id}")
    await ui.click(f"rl-new-seat-{ann.id}")
    await ui.click(f"rl-new-seat-{cy.id}")
    await ui.click(f"rl-new-seat-{cy.id}")
    assert ui.get("rl-new-order").value == "Seating: 1. Bob, 2. Ann"
    await ui.click("rl-new-route-sprint")
    await ui.click(f"rl-new-dealer-{ann.id}")
    await ui.click("rl-new-start")

    [session] = SessionKeeper(store).in_progress()
    assert ui.route == f"/play/ridgeline/{session.id}"
    assert session.players == (bob.id, ann.id)
    assert session.setup == {"seats": [{"id": bob.id, "name": "Bob"}, {"id": ann.id, "name": "Ann"}],
                             "route": "sprint", "first_dealer": "Ann", "checked": True}
    coming = next_hand(engine_state(store, session.id))
    assert (ui.get("rl-dealer").value, ui.get("rl-leader").value) == (coming.dealer, coming.leader) == ("Ann", "Bob")
    assert ui.get("rl-deal-size").value == "10 cards"
    assert ui.get("rl-seat-0-camp").value == "Camp 1: Colour group of 4 and a run of 3"
    assert shown_fatigue(ui, 2) == ["—", "—"]  # no hand scored yet
    ui.get("rl-history-empty")


async def test_an_empty_roster_leads_to_players(open_ui):
    ui = await open_ui(route="/games/ridgeline")
    ui.get("rl-new-empty")
    await ui.click("rl-new-players")
    assert ui.route == "/games/ridgeline/players"          # above the new game, so back returns to it
    await ui.type("player-name", "Ann")
    await ui.click("player-add")
    await ui.back()
    assert ui.route == "/games/ridgeline" and ui.find("rl-new-empty") is None and "Ann" in ui.text()


async def test_two_hands_entered_by_tapping_cards_show_the_engines_fatigue(open_ui, store):
    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await ui.click("rl-end-hand")
    assert ui.get("rl-hand-title").value == "Hand 1 · Ann dealt 10 cards"

    await ui.click("rl-out-0")  # Ann went out, so she is marked as having pitched too
    await ui.click("rl-pitched-2")  # and Cy pitched
    # Bob's cards are being entered first (Ann holds none).
    await tap_cards(ui, "rl-hand", "G7", "W", "R")
    state = engine_state(store, session.id)
    assert ui.get("rl-hand-fatigue-1").value == str(fatigue_preview(state, "Bob", parse_cards(["G7", "W", "R"], "t"),
                                                                      False))
    assert ui.get("rl-hand-fatigue-1").value == "287"  # 7 + 10 + 20 + 25 x 10 camps
    assert ui.get("rl-hand-fatigue-0").value == "225"  # Ann: no cards, one camp cleared
    await ui.click("rl-left-1-card-W-1")  # tapped by mistake: take it out again
    assert ui.get("rl-hand-fatigue-1").value == "277"
    await ui.click("rl-left-2")
    await tap_cards(ui, "rl-hand", "S10")
    await ui.type("rl-hand-codes", "p2 e5")  # typing codes works too
    # Named by a label, which stays over the field once it holds text (a hint alone left a filled field nameless
    # to a screen reader).
    assert ui.get("rl-hand-codes").label == "Or type codes: G7 S10 R W" and not ui.get("rl-hand-codes").hint_text
    # Each letter is said: the faces show a colour and a number, and no letter of "P3" was explained.
    assert ui.get("rl-hand-codes").helper == ("G\u00a0Glacier · P\u00a0Pine · E\u00a0Ember · D\u00a0Dusk · "
                                               "S\u00a0Sunstone · R\u00a0Rope · W\u00a0Whiteout")
    await ui.submit("rl-hand-codes")
    assert ui.get("rl-hand-codes").value == ""  # ready for more
    assert ui.get("rl-hand-fatigue-2").value == str(10 + 2 + 5 + 225)
    await ui.click("rl-hand-submit")

    session_now = SessionKeeper(store).get(session.id)
    assert session_now.actions == ({"went_out": "Ann", "pitched": ["Ann", "Cy"],
                                    "left": {"Bob": ["G7", "R"], "Cy": ["S10", "P2", "E5"]}},)
    assert ui.get("rl-notice-text").value == "Hand 1 recorded."
    assert shown_fatigue(ui, 3) == engine_fatigue(store, session.id) == ["225", "277", "242"]
    assert [ui.get(f"rl-history-1-{i}").value for i in range(3)] == ["225", "277", "242"]
    # A screen reader hears each cell in words, with the seat's name and its marks (it heard "225", "1/10").
    said = [c.label for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.exclude_semantics
            and isinstance(c.label, str) and c.label.startswith("Hand 1, ")]
    assert said == ["Hand 1, Ann: 225 fatigue; 1 camp cleared of 10; went out; pitched",
                    "Hand 1, Bob: 277 fatigue; 0 camps cleared of 10",
                    "Hand 1, Cy: 242 fatigue; 1 camp cleared of 10; pitched"]
    assert ui.get("rl-hand-number").value == "Hand 2"
    assert ui.get("rl-deal-size").value == "11 cards"
    # Each fact of the coming hand is said with its label, each seat's tile as one line, and the table of hands
    # says no bare number: it heard "Deals, Leads, Deal, Bob, Cy, 11 cards", "—", "fatigue", "#", "1".
    assert spoken(ui.get("rl-coming"))[:3] == ["Hand 2", "Deals: Bob", "Leads: Cy"]
    assert "Deal: 11 cards" in spoken(ui.get("rl-coming"))
    assert spoken(ui.get("rl-seat-1")) == ["Bob: 277 fatigue; Deals; Camp 1: Colour group of 4 and a run of 3; "
                                           "0 camps cleared of 10"]
    assert not [w for w in spoken(ui.get("rl-history")) if w.isdigit() or w == "#"], spoken(ui.get("rl-history"))
    assert (ui.get("rl-dealer").value, ui.get("rl-leader").value) == ("Bob", "Cy")
    assert ui.get("rl-seat-0-camp").value == "Camp 2: Set of 3 and a spread of 5"

    # Hand 2: Bob goes out and pitches, Ann is stuck with a Rope and a Whiteout.
    await ui.click("rl-end-hand")
    await ui.click("rl-out-1")
    await tap_cards(ui, "rl-hand", "R", "W")  # Ann's, the first seat still holding cards
    await ui.click("rl-left-2")
    await tap_cards(ui, "rl-hand", "D9", "D9")
    await ui.click("rl-hand-submit")
    assert shown_fatigue(ui, 3) == engine_fatigue(store, session.id) == ["255", "225", "243"]
    assert [ui.get(f"rl-history-2-{i}").value for i in range(3)] == ["255", "225", "243"]
    assert ui.get("rl-hand-number").value == "Hand 3"


async def test_undo_and_redo_replay_the_hands(open_ui, store):
    first = {"went_out": "Ann", "pitched": ["Ann"], "left": {"Bob": ["G1"], "Cy": ["W"]}}
    second = {"went_out": "Cy", "pitched": ["Cy", "Bob"], "left": {"Ann": ["S5"], "Bob": ["G2"]}}
    session = seat_table(store, hands=[first, second])
    keeper = SessionKeeper(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    assert ui.get("rl-redo").disabled and not ui.get("rl-undo").disabled
    after_two = shown_fatigue(ui, 3)

    await ui.click("rl-undo")
    assert keeper.get(session.id).actions == (first,)
    assert ui.get("rl-hand-number").value == "Hand 2"
    assert shown_fatigue(ui, 3) == engine_fatigue(store, session.id) == ["225", "251", "260"]
    assert ui.find("rl-history-2") is None
    await ui.click("rl-undo")
    assert ui.get("rl-undo").disabled and not ui.get("rl-redo").disabled
    assert shown_fatigue(ui, 3) == ["—", "—", "—"]

    await ui.click("rl-redo")
    assert ui.get("rl-notice-text").value == "Hand 1 redone."
    await open_panel(ui, Panel.FIND)  # undo and redo work from every panel and show the table
    await ui.click("rl-redo")
    assert ui.get("rl-notice-text").value == "Hand 2 redone."
    assert keeper.get(session.id).actions == (first, second)
    assert shown_fatigue(ui, 3) == after_two == engine_fatigue(store, session.id)
    assert ui.get("rl-redo").disabled


def scrolled_to(ui, key: str) -> int:
    """How many times the screen was scrolled to the control keyed `key` (scroll_to with a scroll key)."""
    from flet.messaging.protocol import MessageAction

    return sum(1 for m in ui.client.sent if m.action == MessageAction.INVOKE_METHOD
               and m.body.name == "scroll_to" and m.body.args.get("scroll_key") == key)


async def test_a_hand_the_rules_refuse_shows_the_reason(open_ui, store):
    session = seat_table(store, names=("Ann", "Bob"))
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.HAND)
    await ui.click("rl-hand-submit")
    assert "Choose who went out first." in ui.text()
    # A refusal speaks of the hand as it was: clearing the hand takes it away.
    await ui.click("rl-hand-clear")
    assert "Choose who went out first." not in ui.text()

    await ui.click("rl-out-0")
    # Eleven cards after a first deal of ten cannot be left in hand.
    await tap_cards(ui, "rl-hand", "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "G10", "P1")
    before = scrolled_to(ui, "rl-hand-problem")
    await ui.click("rl-hand-submit")
    ui.get("rl-hand-problem")
    assert ("Hand 1: Bob is left holding 11 cards, but the deal was 10 and every turn ends with at most that "
            "many in hand") in ui.text()
    assert SessionKeeper(store).get(session.id).actions == ()
    # Said below the seat just tapped in, it may sit below the fold: the screen goes to it (once it is drawn).
    await asyncio.sleep(0.3)
    await ui.settle()
    assert scrolled_to(ui, "rl-hand-problem") == before + 1
    # The entry stays as it was, to be corrected; once it changes, the old reason no longer stands.
    region = next(c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.live_region
                  and any(getattr(d, "key", None) == ft.ScrollKey("rl-hand-problem") or
                          getattr(d, "key", None) == "rl-hand-problem" for d in walk(c.content)))
    await ui.click("rl-left-1-card-P1-1")
    assert ui.find("rl-hand-problem") is None
    # Its live region went with it, not turned into the node of the button below: brought back, such a node
    # was drawn empty in the browser, a refusal a screen reader found no words in.
    now = next((c for c in walk(ui.top) if getattr(c, "_i", None) == region._i), None)
    assert now is None or (isinstance(now, ft.Semantics) and now.live_region and not now.identifier), now
    await ui.click("rl-hand-submit")
    assert ui.find("rl-hand-problem") is None
    assert len(SessionKeeper(store).get(session.id).actions) == 1

    # A third copy of a card cannot exist: refused at the tap, beside the picker.
    await open_panel(ui, Panel.HAND)
    await ui.click("rl-out-1")
    await tap_cards(ui, "rl-hand", "S4", "S4", "S4")
    assert ui.get("rl-hand-pick-problem").value == "Only two Sunstone 4 cards exist, but 3 are listed"


async def test_resume_after_reopening_the_store(tmp_path):
    from companion.store import open_store
    from companion.ui.shell.app import build_main

    folder = tmp_path / "data"
    store = open_store(folder)
    session = seat_table(store, hands=[{"went_out": "Bob", "pitched": ["Bob", "Ann"],
                                        "left": {"Ann": ["G3", "R"], "Cy": ["W", "W"]}}])
    store.close()

    reopened = open_store(folder)
    ui = UiApp(build_main(reopened))
    try:
        await ui.start()
        await ui.click(f"home-resume-{session.id}")
        assert ui.route == f"/play/ridgeline/{session.id}"
        assert ui.get("rl-hand-number").value == "Hand 2"
        assert shown_fatigue(ui, 3) == engine_fatigue(reopened, session.id) == ["248", "225", "270"]
        assert ui.get("rl-history-1-0").value == "248"
        # The game carries on from where it was.
        await ui.click("rl-end-hand")
        await ui.click("rl-out-2")
        await tap_cards(ui, "rl-hand", "G9")      # Ann's
        await ui.click("rl-left-1")
        await tap_cards(ui, "rl-hand", "P9")
        await ui.click("rl-hand-submit")
        assert len(SessionKeeper(reopened).get(session.id).actions) == 2
    finally:
        await ui.close()
        reopened.close()


async def test_the_summit_ends_the_game_and_it_lands_in_history(open_ui, store):
    climb = {"went_out": "Ann", "pitched": ["Ann"], "left": {"Bob": ["G2"]}}
    session = seat_table(store, names=("Ann", "Bob"), route="sprint", hands=[climb] * 4)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    assert ui.get("rl-seat-0-camp").value == "Camp 9: Colour run of 5 and a spread of 5"

    await ui.click("rl-end-hand")
    await ui.click("rl-out-0")
    await tap_cards(ui, "rl-hand", "E9")
    await ui.click("rl-hand-submit")
    state = engine_state(store, session.id)
    assert state.over and state.winners == ("Ann",)
    assert ui.get("rl-winners").value == "Ann wins the climb"
    assert ui.get("rl-seat-0-camp").value == "Route cleared: on the summit"
    assert shown_fatigue(ui, 2) == engine_fatigue(store, session.id) == ["0", "134"]
    await open_panel(ui, Panel.HAND)
    ui.get("rl-hand-over")  # no more hands
    await open_panel(ui, Panel.FIND)
    ui.get("rl-find-over")  # nor a turn to find a pitch for
    assert ui.find("rl-find-seat-1") is None
    await open_panel(ui, Panel.TABLE)

    await ui.click("rl-finish")
    assert store.sessions.get(session.id) is None
    record = store.history.get(session.id)
    assert record["game"] == "ridgeline"
    assert [(p["name"], p["score"], p["winner"]) for p in record["players"]] == [("Ann", 0, True),
                                                                                ("Bob", 134, False)]
    # The same address now shows the final standings.
    assert ui.route == f"/play/ridgeline/{session.id}"
    assert ui.get("rl-winners").value == "Ann wins the climb"
    assert ui.get("rl-final-0-fatigue").value == "0" and ui.get("rl-final-1-fatigue").value == "134"
    # Each line is said in the order it is read, the name first (a long name in two lines came after its camps).
    said = [c.label for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.exclude_semantics
            and isinstance(c.label, str) and "fatigue; " in c.label and not c.label.startswith("Hand ")]
    assert said[0].startswith("Ann: 0 fatigue; 5 camps cleared of 5; Winner"), said
    assert said[1].startswith("Bob: 134 fatigue; "), said
    assert ui.get("rl-history-5-1").value == "134"
    await ui.click("rl-final-history")
    assert ui.route == "/history"
    ui.get(f"history-{session.id}")
    assert "sprint test" in ui.text()


async def test_a_game_can_be_abandoned_after_confirming(open_ui, store):
    from companion.ui.common.drafts import DRAFTS_TABLE

    session = seat_table(store, names=("Ann", "Bob"))
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await ui.click("rl-end-hand")
    await ui.click("rl-out-1")                  # a hand begun is kept beside the game...
    assert store.table(DRAFTS_TABLE).get(session.id) is not None
    await open_panel(ui, Panel.TABLE)
    await abandon_through_the_dialog(ui, store, "rl", session.id)
    assert store.table(DRAFTS_TABLE).get(session.id) is None        # ...and goes with it
    assert ui.find(f"home-resume-{session.id}") is None


async def test_a_saved_game_that_cannot_be_replayed_says_why_and_can_be_abandoned(open_ui, store, save_session):
    session_id = save_session("ridgeline", "Broken", actions=[{"went_out": "Zed", "pitched": [], "left": {}}])
    ui = await open_ui(route=f"/play/ridgeline/{session_id}")
    ui.get("rl-broken")
    assert "cannot be replayed" in ui.text()
    await ui.click("rl-abandon")
    await ui.click("rl-abandon-confirm")
    assert store.sessions.get(session_id) is None


async def test_correcting_who_went_out_moves_the_pitch_mark_with_it(open_ui, store):
    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.HAND)
    await ui.click("rl-out-0")  # Ann by mistake: she is marked as having pitched
    # Said, since her chip turned on by itself: tapping it as the next question's answer would take it off.
    assert ui.get("rl-pitched-marked").value == ("Ann is marked as pitched with going out: a hand empties by "
                                                 "pitching. Tap Ann above if they did not pitch.")
    await ui.click("rl-pitched-2")  # Cy really did pitch
    await ui.click("rl-out-1")  # it was Bob who went out
    assert "Bob is marked" in ui.get("rl-pitched-marked").value
    # Ann holds no card entered yet: no figure ("0", on the summit, read as done).
    assert ui.get("rl-hand-fatigue-0").value == "—"
    await tap_cards(ui, "rl-hand", "G4")      # Ann's
    assert ui.get("rl-hand-fatigue-0").value == "254"  # 4 + 25 × 10: Ann's camp no longer advances
    await ui.click("rl-left-2")
    await tap_cards(ui, "rl-hand", "W")
    await ui.click("rl-pitched-1")  # Bob went out without pitching (docs/rulings.md): the note goes
    assert ui.find("rl-pitched-marked") is None
    # ... and another says it, before Record: answering the second question by tapping the chip that going
    # out turned on recorded nine hands of a camp that never moved, without a word.
    assert ui.get("rl-out-unpitched").value == (
        "Bob went out without pitching: a hand empties that way only when draws were skipped (nothing legal to "
        "draw). Tap Bob above if they pitched.")
    await ui.click("rl-pitched-1")
    assert ui.find("rl-out-unpitched") is None
    await ui.click("rl-hand-submit")
    [action] = SessionKeeper(store).get(session.id).actions
    assert action == {"went_out": "Bob", "pitched": ["Bob", "Cy"], "left": {"Ann": ["G4"], "Cy": ["W"]}}


@pytest.mark.parametrize("checked", [True, False])
async def test_a_seat_left_blank_is_asked_for_its_cards_before_the_hand_is_recorded(open_ui, store, checked):
    """Only the seat who went out empties its hand ('A turn'): a blank seat is a seat not entered yet, so the
    screen asks for its cards and opens it, even in a game saved before the engine checked this."""
    players = [store.players.add(name) for name in ("Ann", "Bob", "Cy")]
    setup = {"seats": [{"id": p.id, "name": p.name} for p in players], "route": "ridge", "checked": checked}
    session = SessionKeeper(store).start("ridgeline", setup, [p.id for p in players], "blank seats")
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.HAND)
    await ui.click("rl-out-0")
    await tap_cards(ui, "rl-hand", "G7")           # Bob's; Cy is left blank
    await ui.click("rl-hand-submit")
    assert SessionKeeper(store).get(session.id).actions == ()
    ui.get("rl-hand-problem")
    assert ("Cy did not go out, so Cy still holds at least one card (only the seat who went out empties its hand); "
            "list the cards Cy was left holding") in ui.text()
    await tap_cards(ui, "rl-hand", "W")            # the card picker is open on Cy now
    ui.get("rl-left-2-card-W-1")
    await ui.click("rl-hand-submit")
    [action] = SessionKeeper(store).get(session.id).actions
    assert action == {"went_out": "Ann", "pitched": ["Ann"], "left": {"Bob": ["G7"], "Cy": ["W"]}}


async def test_a_seat_that_pitched_cannot_be_left_holding_more_than_its_camp_allows(open_ui, store):
    session = seat_table(store, names=("Ann", "Bob"))
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.HAND)
    await ui.click("rl-out-0")
    await ui.click("rl-pitched-1")
    await tap_cards(ui, "rl-hand", "G1", "G2", "G3", "G4")
    await ui.click("rl-hand-submit")
    assert ("Bob pitched camp 1, staging at least 7 cards, then discarded, so Bob holds at most 3 of the 10 dealt, "
            "not 4") in ui.text()
    assert SessionKeeper(store).get(session.id).actions == ()


async def test_a_saved_game_names_its_route_in_the_players_language(open_ui, store):
    # "Szczyt trasy Ridge zdobyty…" once saved, where the game had said "Grań" before.
    climb = {"went_out": "Ann", "pitched": ["Ann"], "left": {"Bob": ["G2"]}}
    session = seat_table(store, names=("Ann", "Bob"), route="ridge", hands=[climb] * 10)
    assert engine_state(store, session.id).over
    SessionKeeper(store).finish(session.id)
    store.settings.set("language", "pl")
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    assert ui.get("rl-winners-why").value.startswith("Szczyt trasy Grań zdobyty")


async def test_the_words_a_screen_reader_hears_are_joined_the_players_languages_way(open_ui, store):
    # French sets a non-breaking space before a semicolon, as everywhere else in the app: the standings and the
    # cells of the table of hands read "0 de fatigue; 10 camps…" where every other sentence had " ; ".
    climb = {"went_out": "Ann", "pitched": ["Ann"], "left": {"Bob": ["G2"]}}
    session = seat_table(store, names=("Ann", "Bob"), route="ridge", hands=[climb] * 10)
    SessionKeeper(store).finish(session.id)
    store.settings.set("language", "fr")
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    said = [c.label for c in walk(ui.top) if isinstance(c, ft.Semantics) and isinstance(c.label, str)
            and "fatigue" in c.label]
    standing = [label for label in said if label.startswith("Ann\u00a0: ")]
    assert standing and all("fatigue\u00a0; " in label for label in standing), said
    assert not [label for label in said if re.search("[^\u00a0];", label)], said


async def test_a_card_the_deck_has_no_more_of_is_refused_at_the_tap(open_ui, store):
    # Two of each trail card: a third Sunstone 10 was taken, and refused only on Record, below the fold.
    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await ui.click("rl-end-hand")
    await ui.click("rl-out-0")
    await tap_cards(ui, "rl-hand", "S10", "S10")
    await ui.click("rl-left-2")                                   # Cy: the pair is in Bob's hand already
    await tap_cards(ui, "rl-hand", "S10")
    assert ui.get("rl-hand-pick-problem").value == "Only two Sunstone 10 cards exist, but 3 are listed"
    assert [k for k in ui.keys() if k.startswith("rl-left-2-card-")] == ["rl-left-2-card-empty"]


async def test_a_hand_half_entered_is_found_again_after_a_reload(open_ui, store):
    from companion.ui.common.drafts import DRAFTS_TABLE

    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await ui.click("rl-end-hand")
    await ui.click("rl-out-2")
    await tap_cards(ui, "rl-hand", "G9", "S5")      # Ann's
    await ui.close()
    # The page is loaded again (or the phone closed it meanwhile): Cy went out, Ann's cards are still there.
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    assert ui.get("rl-nav").selected_index == Panel.HAND       # it opens where the hand was being entered
    await ui.click("rl-left-1")
    await tap_cards(ui, "rl-hand", "P9")
    await ui.click("rl-hand-submit")
    hand, = SessionKeeper(store).get(session.id).actions
    assert hand == {"went_out": "Cy", "pitched": ["Cy"], "left": {"Ann": ["G9", "S5"], "Bob": ["P9"]}}
    # Recorded: nothing is kept any more, and the next hand's form starts empty.
    assert store.table(DRAFTS_TABLE).all() == []


async def test_a_kept_hand_is_dropped_once_the_game_has_moved_on(open_ui, store):
    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await ui.click("rl-end-hand")
    await ui.click("rl-out-2")
    await tap_cards(ui, "rl-hand", "G9")
    await ui.close()
    # Another device recorded the hand meanwhile: the form kept here was for that hand, not the next one.
    SessionKeeper(store).act(session.id, {"went_out": "Bob", "pitched": ["Bob"], "left": {"Ann": ["G3"], "Cy": ["W"]}})
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await ui.click("rl-end-hand")
    assert ui.find("rl-left-0-card-G9-1") is None
    await ui.click("rl-hand-submit")
    assert "Choose who went out first." in ui.text()


def test_a_kept_hand_that_does_not_fit_the_table_brings_back_only_what_does():
    from companion.ui.ridgeline.hand import HandDraft

    names = ("Ann", "Bob", "Cy")
    kept = HandDraft(went_out="Cy", pitched=("Ann", "Cy"), left=(("Ann", ("G9", "S5")),), active="Bob")
    assert HandDraft.from_doc(kept.to_doc(), names) == kept
    assert HandDraft().to_doc() == {}
    # Another table's seat, a code that is no card, a document of another shape: left out, never an error.
    doc = {"went_out": "Zed", "pitched": "Ann", "left": [["Ann", ["G9", "X99", 5]], ["Zed", ["G1"]], "G2"],
           "active": 3}
    assert HandDraft.from_doc(doc, names) == HandDraft(left=(("Ann", ("G9",)),))
    assert HandDraft.from_doc(["G9"], names) == HandDraft()


async def test_a_hand_form_another_device_changed_under_it_is_not_entered_unseen(open_ui, store):
    # Phone B began correcting hand 1 while phone A was entering hand 2: A's form became hand 1 as it was
    # entered, without a word, and A's next tap entered it as B's correction.
    hand = {"went_out": "Bob", "pitched": ["Bob"], "left": {"Ann": ["G3"], "Cy": ["W"]}}
    session = seat_table(store, hands=[hand])
    keeper = SessionKeeper(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await ui.click("rl-end-hand")
    await ui.click("rl-out-2")
    keeper.begin_correction(session.id, 0)                     # the other phone
    await ui.click("rl-hand-submit")
    correction = keeper.correction(session.id)
    assert correction is not None and not correction.done and correction.waiting is not None   # nothing entered
    said = " ".join(c.value for c in walk(ui.get("rl-hand-problem")) if isinstance(c, ft.Text))
    assert "The hands changed meanwhile (on another device" in said, said
    assert "the hand the correction asks for" in said, said        # not "the hand to enter next": it is hand 1
    # Seen and checked, it is entered as the correction asks.
    await ui.click("rl-hand-submit")
    assert keeper.correction(session.id).waiting is None


async def test_this_devices_own_undo_is_not_another_devices_change(open_ui, store):
    hand = {"went_out": "Bob", "pitched": ["Bob"], "left": {"Ann": ["G3"], "Cy": ["W"]}}
    session = seat_table(store, hands=[hand, hand])
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await ui.click("rl-end-hand")
    await ui.click("rl-out-2")
    await open_panel(ui, Panel.TABLE)
    await ui.click("rl-undo")
    await open_panel(ui, Panel.HAND)
    await ui.click("rl-out-2")
    await ui.click("rl-hand-submit")
    said = " ".join(c.value for c in walk(ui.get("rl-hand-problem")) if isinstance(c, ft.Text)) \
        if ui.find("rl-hand-problem") is not None else ""
    assert "Another device" not in said, said


async def test_typed_codes_keep_the_keyboard_in_their_field(open_ui, store):
    # Enter added the typed cards and let the focus go to the page: the next codes went nowhere, and the next
    # Tab started again at the app bar.
    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}", width=1280)
    await ui.click("rl-end-hand")
    await ui.click("rl-out-0")
    await ui.click("rl-left-1")
    await ui.type("rl-hand-codes", "G7 S3")
    ui.client.sent.clear()
    await ui.submit("rl-hand-codes")
    assert ui.find("rl-left-1-card-G7-1") is not None and ui.find("rl-left-1-card-S3-1") is not None
    # What they are worth is said as fatigue: "2 cards · 10 in hand" read as ten cards.
    assert "2 cards in hand · 10 fatigue" in " ".join(
        t.value for t in walk(ui.get("rl-left-1")) if isinstance(t, ft.Text)), ui.text()
    await focused(ui, "rl-hand-codes")
    await ui.type("rl-hand-codes", "Q9")                       # refused: still where the correction is typed
    ui.client.sent.clear()
    await ui.submit("rl-hand-codes")
    assert ui.find("rl-hand-codes-error") is not None
    await focused(ui, "rl-hand-codes")
    # Emptied (a browser's clear reaches the server as a value, its change event may come later) and entered:
    # nothing is refused any more, and the old complaint goes.
    ui.session.apply_patch(ui.get("rl-hand-codes")._i, {"value": ""})
    await ui.submit("rl-hand-codes")
    assert ui.find("rl-hand-codes-error") is None
    # The meld checker's and the pitch finder's fields too.
    for panel, field, codes, added in ((Panel.CHECK, "rl-check-codes", "G7 G8 G9", "rl-check-g0-G9-1"),
                                       (Panel.FIND, "rl-find-codes", "S1 S2", "rl-find-card-S2-1")):
        await open_panel(ui, panel)
        await ui.type(field, codes)
        ui.client.sent.clear()
        await ui.submit(field)
        assert ui.find(added) is not None
        await focused(ui, field)


def went_out(ui, seat: int) -> bool:
    """Whether the hand form shows this seat as the one who went out."""
    return any(n.selected for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == f"rl-out-{seat}")


async def test_a_hand_being_entered_is_not_lost_to_undo_or_redo(open_ui, store):
    # Hand 3 half entered (Cy went out), then Undo tapped: the form was dropped without a word, and Redo, which
    # put hand 2 back, did not bring it back. Redo over a form being typed replaced it with the hand undone.
    hand = {"went_out": "Bob", "pitched": ["Bob"], "left": {"Ann": ["G3"], "Cy": ["W"]}}
    session = seat_table(store, hands=[hand, hand])
    keeper = SessionKeeper(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await ui.click("rl-end-hand")
    await ui.click("rl-out-2")
    await ui.click("rl-undo")
    assert ui.get("rl-notice-text").value == "Hand 2 undone. Redo puts it back, with the hand 3 you were entering."
    # The page reloaded (a phone closed it), then Redo: the form comes back there too, as the notice promised.
    reloaded = await open_ui(route=f"/play/ridgeline/{session.id}")
    await reloaded.click("rl-redo")
    assert reloaded.get("rl-notice-text").value == "Hand 2 redone, with the form of hand 3 as it was left."
    await open_panel(reloaded, Panel.HAND)
    assert reloaded.get("rl-hand-title").value.startswith("Hand 3 ") and went_out(reloaded, 2)
    await reloaded.click("rl-undo")
    await ui.settle()
    await open_panel(ui, Panel.HAND)
    assert ui.get("rl-hand-title").value.startswith("Hand 2 ") and not went_out(ui, 2)
    await ui.click("rl-redo")
    assert ui.get("rl-notice-text").value == "Hand 2 redone, with the hand 3 you were entering."
    await open_panel(ui, Panel.HAND)
    assert ui.get("rl-hand-title").value.startswith("Hand 3 ") and went_out(ui, 2)    # as tapped before the Undo
    # Kept for a reload too, as any form being typed is.
    again = await open_ui(route=f"/play/ridgeline/{session.id}")
    assert again.get("rl-hand-title").value.startswith("Hand 3 ") and went_out(again, 2)

    # Undone again, and hand 2 being typed anew: Redo does not put the old hand 2 over it.
    await open_panel(ui, Panel.TABLE)
    await ui.click("rl-undo")
    await ui.click("rl-end-hand")
    await ui.click("rl-out-0")
    await ui.click("rl-redo")
    assert keeper.get(session.id).actions == (hand,)
    said = [c.value for c in walk(ui.get("rl-table-problem")) if isinstance(c, ft.Text)]
    assert said[-1] == ("Redo waits: it would put back hand 2 as it was entered, in place of the one you are "
                        "entering. Record yours, or clear it under End hand, first."), said
    await ui.click("rl-end-hand")
    assert went_out(ui, 0)                                             # the form as it was
    await ui.click("rl-hand-clear")
    await ui.click("rl-redo")
    assert keeper.get(session.id).actions == (hand, hand)
    # The hand 3 form tapped before that Undo still comes back: typing in hand 2's form took the one form the
    # store keeps for the game, not this one.
    assert ui.get("rl-notice-text").value == "Hand 2 redone, with the hand 3 you were entering."
    await ui.click("rl-end-hand")
    assert went_out(ui, 2)

    # A seat only chosen is nothing entered: Undo and Redo say nothing of a form, and Redo does not wait.
    await ui.click("rl-hand-clear")
    await ui.click("rl-left-1")
    await ui.click("rl-undo")
    assert ui.get("rl-notice-text").value == "Hand 2 undone. Redo puts it back."
    await ui.click("rl-redo")
    assert ui.get("rl-notice-text").value == "Hand 2 redone."


async def two_pages_after_two_hands(open_ui, store):
    """Two pages (two devices) on a game of two hands recorded: (first, second, session)."""
    hand = {"went_out": "Bob", "pitched": ["Bob"], "left": {"Ann": ["G3"], "Cy": ["W"]}}
    session = seat_table(store, hands=[hand, hand])
    first = await open_ui(route=f"/play/ridgeline/{session.id}")
    second = await open_ui(route=f"/play/ridgeline/{session.id}")
    return first, second, session


async def test_redo_gives_each_page_the_form_it_was_typing(open_ui, store):
    # A typed hand 3 (Cy went out), then C typed it otherwise (Ann went out), which the store keeps; A's Undo
    # and Redo brought back C's form as "the hand 3 you were entering".
    a, c, session = await two_pages_after_two_hands(open_ui, store)
    await a.click("rl-end-hand")
    await a.click("rl-out-2")
    await c.click("rl-end-hand")
    await c.click("rl-out-0")
    await a.click("rl-undo")
    await c.settle()
    await a.click("rl-redo")
    assert a.get("rl-notice-text").value == "Hand 2 redone, with the hand 3 you were entering."
    await open_panel(a, Panel.HAND)
    assert went_out(a, 2) and not went_out(a, 0)
    # Undone on A, redone on C, which typed nothing since: the form left is not said to be C's own.
    await a.click("rl-undo")
    await c.settle()
    await c.click("rl-redo")
    assert c.get("rl-notice-text").value == "Hand 2 redone, with the form of hand 3 as it was left."
    await open_panel(c, Panel.HAND)
    assert went_out(c, 2)


async def two_phones_one_entering(open_ui, store):
    """One hand recorded, two phones on the game; phone A has begun hand 2 (Cy went out): (a, b)."""
    hand = {"went_out": "Bob", "pitched": ["Bob"], "left": {"Ann": ["G3"], "Cy": ["W"]}}
    session = seat_table(store, hands=[hand])
    a = await open_ui(route=f"/play/ridgeline/{session.id}")
    b = await open_ui(route=f"/play/ridgeline/{session.id}")
    await a.click("rl-end-hand")
    await a.click("rl-out-2")
    return a, b


async def test_a_hand_overtaken_by_a_correction_ready_on_another_device_says_what_to_do(open_ui, store):
    # Phone B deleted hand 1 in a correction, ready to confirm: phone A's form was said to show "the hand the
    # correction asks for", though a ready correction asks for none.
    a, b = await two_phones_one_entering(open_ui, store)
    await b.click("ent-open")
    await b.click("ent-delete-0")
    assert b.get("ent-title").value == "The correction is ready"
    await a.settle()
    said = " ".join(c.value for c in walk(a.get("rl-hand-changed")) if isinstance(c, ft.Text))
    assert "an old entry's correction is ready. Confirm or cancel it before entering a hand." in said, said


async def test_another_devices_form_does_not_come_back_with_this_devices_redo(open_ui, store):
    # Phone A was entering hand 2 when phone B tapped Undo, then Redo: B was given A's form, and told it was
    # the one entering it.
    a, b = await two_phones_one_entering(open_ui, store)
    await b.click("rl-undo")
    await b.click("rl-redo")
    assert b.get("rl-notice-text").value == "Hand 1 redone."
    await b.click("rl-end-hand")
    assert not went_out(b, 2)


async def test_a_hand_half_entered_that_another_device_overtook_is_said_at_once(open_ui, store):
    # Phone A had tapped who went out when phone B undid the last hand: A's form became the hand undone, with
    # nothing said until A tapped Record, and then at the foot of a long form.
    a, b = await two_phones_one_entering(open_ui, store)
    assert a.find("rl-hand-changed") is None
    await b.click("rl-undo")
    await a.settle()
    said = " ".join(c.value for c in walk(a.get("rl-hand-changed")) if isinstance(c, ft.Text))
    assert "The hands changed meanwhile (on another device" in said and "hand to enter next" in said, said
    keys = [c.key for c in walk(a.top) if c.key in ("rl-hand-changed", "rl-out-0")]
    assert keys == ["rl-hand-changed", "rl-out-0"]            # above the form, where the eye is
    await a.click("rl-out-1")                                   # the next tap starts the hand afresh: said once
    assert a.find("rl-hand-changed") is None



async def test_a_hand_recorded_on_another_device_meanwhile_is_named_not_to_be_typed_again(open_ui, store):
    # Phone B recorded hand 2 while phone A was typing it: A's Record was refused with "the form now shows the
    # hand to enter next. Check it, then enter it.", which read as typing the same hand again, as hand 3.
    a, _ = await two_phones_one_entering(open_ui, store)
    game_id = a.route.rsplit("/", 1)[1]
    SessionKeeper(store).act(game_id, {"went_out": "Cy", "pitched": ["Cy"], "left": {"Ann": ["G4"], "Bob": ["S2"]}})
    await a.click("rl-hand-submit")
    said = " ".join(c.value for c in walk(a.get("rl-hand-problem")) if isinstance(c, ft.Text))
    assert ("Hand 2 was recorded meanwhile (on another device, or by a tap made twice): check it on the Table; "
            "if it is not the hand entered here, correct it from the entries. The form now shows the next hand."
            in said), said
    assert len(SessionKeeper(store).state(game_id).hands) == 2            # nothing entered unseen



async def test_hands_changed_before_the_one_recorded_meanwhile_are_not_said_as_only_recorded(open_ui, store):
    # Another device undid hand 1, entered it otherwise, then recorded hand 2: "Hand 2 was recorded meanwhile"
    # alone hid that hand 1 had changed too.
    a, _ = await two_phones_one_entering(open_ui, store)
    game_id = a.route.rsplit("/", 1)[1]
    keeper = SessionKeeper(store)
    keeper.undo(game_id)
    keeper.act(game_id, {"went_out": "Ann", "pitched": ["Ann"], "left": {"Bob": ["G4"], "Cy": ["S2"]}})
    keeper.act(game_id, {"went_out": "Cy", "pitched": ["Cy"], "left": {"Ann": ["G4"], "Bob": ["S2"]}})
    await a.click("rl-hand-submit")
    said = " ".join(c.value for c in walk(a.get("rl-hand-problem")) if isinstance(c, ft.Text))
    assert "The hands changed meanwhile (on another device" in said and "was recorded meanwhile" not in said, said


async def test_the_others_on_the_summit_are_named_with_their_fatigue(open_ui, store):
    # 'Winning': several seats cleared the route on the last hand and the lowest fatigue takes the ridge; the
    # card says who else reached the summit, live and once saved.
    climb = {"went_out": "Ann", "pitched": ["Ann", "Bob"], "left": {"Bob": ["G2"], "Cy": ["G3"]}}
    session = seat_table(store, route="sprint", hands=[climb] * 5)
    state = engine_state(store, session.id)
    assert state.over and state.winners == ("Ann",) and state.hands[-1].summit == ("Ann", "Bob")
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    assert ui.get("rl-winners").value == "Ann wins the climb"
    assert ui.get("rl-winners-why").value == ("Summit of the Sprint route cleared with 0 fatigue. "
                                              "Also on the summit, with more fatigue: Bob (2).")
    await ui.click("rl-finish")
    assert ui.get("rl-winners-why").value.endswith("Also on the summit, with more fatigue: Bob (2).")


async def test_a_notice_goes_once_another_device_changes_the_hands(open_ui, store):
    # The computer's Undo said "Hand 2 undone. Redo puts it back."; a phone's Redo put it back, and the computer
    # still said so above hand 3, with nothing left to redo.
    computer, phone, _session = await two_pages_after_two_hands(open_ui, store)
    await computer.click("rl-undo")
    assert computer.get("rl-notice-text").value == "Hand 2 undone. Redo puts it back."
    await phone.click("rl-redo")
    await computer.settle()
    assert computer.find("rl-notice-text") is None
    assert phone.get("rl-notice-text").value == "Hand 2 redone."


async def test_a_card_tapped_just_before_another_seat_is_opened_stays_with_its_seat(open_ui, store):
    # Zoë's Whiteout, tapped just before Bob's box, vanished when the tap on the box was handled before the
    # screen had redrawn; the hand was then refused for a card she does hold.
    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await ui.click("rl-end-hand")
    await ui.click("rl-out-0")
    await ui.click("rl-left-2")
    card, other_seat = ui.get("rl-hand-pick-W"), ui.get("rl-left-1")
    await ui._event(card, "click", settle=False)
    await ui._event(other_seat, "click")
    assert ui.find("rl-left-2-card-W-1") is not None


async def test_a_third_copy_of_a_card_tapped_quickly_is_refused_at_the_tap(open_ui, store):
    # The deck's supply was checked against the cards drawn while the tap added to the latest: a settled G7
    # and two quick ones left three G7 in a hand (the deck has two), refused only on Record.
    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await ui.click("rl-end-hand")
    await ui.click("rl-out-0")
    await ui.click("rl-left-2")
    await ui.click("rl-hand-pick-G7")
    card = ui.get("rl-hand-pick-G7")
    await ui._event(card, "click", settle=False)
    await ui._event(card, "click")
    assert ui.find("rl-left-2-card-G7-2") is not None and ui.find("rl-left-2-card-G7-3") is None


async def test_start_tapped_again_while_the_table_opens_starts_one_game(open_ui, store):
    # Two or three quick taps on Start started as many games: one table opened, the others stayed in progress.
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui(route="/games/ridgeline")
    await ui.click(f"rl-new-seat-{ann.id}")
    await ui.click(f"rl-new-seat-{bob.id}")
    start = ui.get("rl-new-start")
    for _ in range(3):
        await ui._event(start, "click", settle=False)
    await ui.settle()
    assert len(store.sessions.list()) == 1


def test_six_seats_marks_of_one_who_went_out_on_the_summit_are_whole_on_a_phone():
    # Six seats leave a cell about 45 px on a 360 px phone: "⚑ ↑ 3/10" lost its 0, and the winner's
    # "⚑ ↑ 10/10", the cell the table most wants read, was wider still.
    import flet as ft
    from layout_check import layout_problems

    from companion.ui.ridgeline.table import HandRow, SeatCell, hands_table

    names = ["Ania", "Bartek", "Celina", "Darek", "Żaneta", "Grzegorz"]
    cells = tuple(SeatCell(fatigue=5 if i == 5 else 215, camps_cleared=10, pitched=True, went_out=i == 5)
                  for i in range(6))
    table = hands_table([HandRow(number=10, dealer="Darek", cells=cells)], names, {}, 10)
    view = ft.View(route="/", controls=[ft.Container(padding=16, content=table)])
    assert [p for p in layout_problems(view, 360, every_label=True) if "10/10" in p] == []
