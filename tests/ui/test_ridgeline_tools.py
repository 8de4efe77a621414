"""Ridgeline's table tools in-process: the meld checker's verdicts, the pitch finder's answer and the lay-off
helper, each compared with the engine's own answer for the cards tapped in."""

from __future__ import annotations

import flet as ft
import pytest
from harness import spoken, walk

from companion.games.ridgeline.cards import parse_card, parse_cards
from companion.games.ridgeline.data import load
from companion.games.ridgeline.finder import find_pitch
from companion.games.ridgeline.melds import pitch_problem
from companion.sessions import SessionKeeper
from companion.ui.common import registry
from companion.ui.ridgeline.parts import laid_out
from companion.ui.ridgeline.screens import Panel, RidgelineNewGame, RidgelinePlay
from test_ridgeline_play import open_panel, seat_table, tap_cards
from test_screen_reader import live


@pytest.fixture(autouse=True)
def ridgeline_screens():
    registry.register_game_screen("ridgeline", new_game=RidgelineNewGame, play=RidgelinePlay)
    yield


def tray_codes(ui, prefix: str) -> list[str]:
    """The cards shown in a tray, in order, read back from their keys (`<prefix>-<code>-<n>`)."""
    keys = [str(c.key) for c in walk(ui.top) if str(c.key or "").startswith(prefix + "-")
            and not str(c.key).endswith("-empty")]
    return [key[len(prefix) + 1:key.rindex("-")] for key in keys]


def verdict(ui) -> tuple[str, str]:
    return ui.get("rl-check-verdict-title").value, ui.get("rl-check-verdict-text").value


async def test_the_meld_checker_gives_valid_or_the_first_reason(open_ui, store):
    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.CHECK)
    assert verdict(ui)[0] == "Stage the groups to check them"

    await ui.click("rl-check-camp-3")
    assert ui.get("rl-check-camp-words").value == "Camp 3: Tally of 20 and a set of 3"
    # The tally: Glacier 10, Pine 9, and a Rope declared as Ember 1 (tap Rope, then the card it plays as).
    await tap_cards(ui, "rl-check", "G10", "P9", "R:E1")
    assert tray_codes(ui, "rl-check-g0") == ["G10", "P9", "R:E1"]
    await ui.click("rl-check-slot-1")
    await tap_cards(ui, "rl-check", "G4", "P4", "S4")
    await ui.click("rl-check-slot-2")
    await tap_cards(ui, "rl-check", "W")
    camp = load().camps[3]
    groups = [parse_cards(["G10", "P9", "R:E1"], "t"), parse_cards(["G4", "P4", "S4"], "t")]
    reason = pitch_problem(camp, groups, parse_cards(["W"], "t")).reason
    assert reason.startswith("a lone Whiteout cannot be discarded")
    assert verdict(ui) == ("Not valid", reason[:1].upper() + reason[1:] + ".")

    await tap_cards(ui, "rl-check", "D2")
    assert pitch_problem(camp, groups, parse_cards(["W", "D2"], "t")) is None
    assert verdict(ui) == ("Valid", "This pitch clears camp 3.")

    # Taking a card out of the tally breaks it again, with the engine's reason.
    await ui.click("rl-check-g0-P9-1")
    # The group at fault is named as its tray is.
    assert verdict(ui) == ("Not valid", "Group 1: Tally sums to 11, not 20.")

    # Another camp starts a fresh staging; a run with a gap is named as such.
    await ui.click("rl-check-camp-5")
    assert tray_codes(ui, "rl-check-g0") == []
    await tap_cards(ui, "rl-check", "G5", "P6", "E8", "S9")
    assert verdict(ui) == ("Not valid", "Group 1: Run has a gap between 6 and 8.")
    # Codes can be typed as well, Ropes declared as R:<card>.
    await ui.click("rl-check-slot-1")
    await ui.type("rl-check-codes", "d1 r:d2 d3 d4")
    await ui.submit("rl-check-codes")
    assert tray_codes(ui, "rl-check-g1") == ["D1", "R:D2", "D3", "D4"]
    assert verdict(ui)[1] == "Group 1: Run has a gap between 6 and 8."


async def test_the_pitch_finder_answers_for_the_seats_camp(open_ui, store):
    # After one hand Ann (who pitched) is on camp 2, Bob still on camp 1.
    session = seat_table(store, names=("Ann", "Bob"), hands=[{"went_out": "Ann", "pitched": ["Ann"],
                                                               "left": {"Bob": ["W"]}}])
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.FIND)
    await ui.click("rl-find-seat-1")
    assert ui.get("rl-find-camp").value == "Camp 1: Colour group of 4 and a run of 3"
    hand = ["G1", "G2", "G3", "G9", "P5", "P6", "P7", "W", "R"]
    await tap_cards(ui, "rl-find", *hand)

    pitch = find_pitch(load().camps[1], parse_cards(hand, "t"))
    assert pitch is not None
    assert ui.get("rl-find-answer-title").value == "Camp 1 can be cleared"
    assert ui.get("rl-find-fatigue").value == str(pitch.fatigue_left)
    for index, group in enumerate(pitch.groups):
        assert tray_codes(ui, f"rl-find-group-{index}") == [card.code for card in group]
    assert sorted(tray_codes(ui, "rl-find-kept")) == sorted(card.code for card in pitch.kept)
    # Each group is said as one, its heading then its cards: node by node the headings came together and the
    # cards after them, under none.
    said = spoken(ui.get("rl-find-answer"))
    first = ", ".join(str(parse_card(code).title) for code in laid_out(card.code for card in pitch.groups[0]))
    assert f"Colour group of 4: {first}" in said, said
    assert f"Fatigue left in hand: {pitch.fatigue_left}" in said, said

    # Ann's camp 2 (a set of 3 and a spread of 5) cannot be made from the same hand.
    await ui.click("rl-find-seat-0")
    assert find_pitch(load().camps[2], parse_cards(hand, "t")) is None
    assert ui.get("rl-find-answer-title").value == "Camp 2 cannot be cleared this turn"
    assert ui.get("rl-find-answer-text").value == "Nothing is pitched: the hand holds 63 fatigue."

    # A hand holds at most twelve cards.
    await tap_cards(ui, "rl-find", "S1", "S2", "S3")
    await tap_cards(ui, "rl-find", "S4")
    assert ui.get("rl-find-pick-problem").value == "A hand holds at most 12 cards"
    assert len(tray_codes(ui, "rl-find-card")) == 12


async def test_the_pitch_finder_lays_each_group_out_by_rank(open_ui, store):
    # The search's own order put a Rope last ("G10, Rope as Glacier 9"), and a run of 2-3-4-5-6 read "Ember 2,
    # Pine 4, Pine 5, Pine 6, Rope as Glacier 3": hard to check, or to lay down, as shown.
    session = seat_table(store, names=("Ann", "Bob"))
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.FIND)
    await ui.click("rl-find-seat-1")
    await tap_cards(ui, "rl-find", "E2", "P4", "P5", "P6", "G1", "G5", "G8", "G10", "W")
    await ui.click("rl-find-pick-R")
    assert tray_codes(ui, "rl-find-group-0") == ["G1", "G5", "G8", "R:G9", "G10"]
    assert tray_codes(ui, "rl-find-group-1") == ["P4", "P5", "P6"]


async def test_the_pitch_finder_holds_the_first_hands_eleven_cards_at_most(open_ui, store):
    # Ten dealt and one drawn: a twelfth card was let in on the first hand.
    session = seat_table(store, names=("Ann", "Bob"))
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.FIND)
    await tap_cards(ui, "rl-find", "G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "G10", "P1")
    await tap_cards(ui, "rl-find", "P2")
    assert ui.get("rl-find-pick-problem").value == "A hand holds at most 11 cards"
    assert len(tray_codes(ui, "rl-find-card")) == 11


async def lay_off_helper(open_ui, store):
    """Ann and Bob's table with the lay-off helper open: (session, ui)."""
    session = seat_table(store, names=("Ann", "Bob"))
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.LAY_OFF)
    return session, ui


async def test_the_lay_off_helper_lists_what_fits_after_pitching(open_ui, store):
    session, ui = await lay_off_helper(open_ui, store)
    await ui.click("rl-lay-add-run")
    await tap_cards(ui, "rl-lay", "G5", "G6", "G7")
    await ui.click("rl-lay-add-set")
    await tap_cards(ui, "rl-lay", "P3", "E4")
    assert ui.get("rl-lay-g1-problem").value == "Not a legal group: set mixes ranks 3 and 4."
    await ui.click("rl-lay-g1-card-E4-1")
    await tap_cards(ui, "rl-lay", "S3", "D3")
    await ui.click("rl-lay-hand-box")
    await tap_cards(ui, "rl-lay", "G8", "R", "P1")
    assert ui.get("rl-lay-answer-title").value == "Pitch first"
    # Once the camp is pitched, a later turn of the hand may lay off too ('Pitch, or lay off, or do neither').
    assert "I have pitched this hand" in ui.texts()

    await ui.click("rl-lay-pitched")
    assert ui.get("rl-lay-answer-title").value == "3 lay-offs possible"
    options = [" ".join(str(c.value) for c in walk(ui.get(f"rl-lay-option-{i}")) if hasattr(c, "value")
                        and isinstance(c.value, str)) for i in range(3)]
    assert options == ["8 onto group 1 (run)", "onto group 1 (run) as a 4 or 8, any colour",
                       "onto group 2 (set) as a 3, any colour"]
    # Heard card by card, each with where it goes (not three "onto group" first and the cards after them).
    said = spoken(ui.get("rl-lay-answer"))
    assert [line for line in said if "onto group" in line] == [
        "Glacier 8: onto group 1 (run)", "Rope: onto group 1 (run) as a 4 or 8, any colour",
        "Rope: onto group 2 (set) as a 3, any colour"], said
    assert SessionKeeper(store).get(session.id).actions == ()  # the tools never record anything


async def test_a_group_on_the_table_holds_a_rope_played_as_a_card(open_ui, store):
    # A Rope on the table plays as a card: the lay-off helper took only a plain R there and refused "R:E7".
    _session, ui = await lay_off_helper(open_ui, store)
    await ui.click("rl-lay-pitched")
    await ui.click("rl-lay-add-set")
    await tap_cards(ui, "rl-lay", "G7", "P7", "R:E7")
    assert ui.find("rl-lay-g0-problem") is None
    assert tray_codes(ui, "rl-lay-g0-card") == ["G7", "P7", "R:E7"]
    await ui.type("rl-lay-codes", "R:S7 zz9")
    await ui.submit("rl-lay-codes")
    assert ui.get("rl-lay-codes-error").value.startswith("The typed cards, card 2: 'ZZ9' is not a card code")
    assert live(ui, "rl-lay-codes-error")       # said as it appears
    await ui.type("rl-lay-codes", "R:S7")
    assert ui.find("rl-lay-codes-error") is None  # typing again takes the complaint away
    await ui.submit("rl-lay-codes")
    assert ui.find("rl-lay-pick-problem") is None and len(tray_codes(ui, "rl-lay-g0-card")) == 4
    await ui.click("rl-lay-hand-box")
    await tap_cards(ui, "rl-lay", "D7")
    assert ui.get("rl-lay-answer-title").value == "1 lay-off possible"
    # In the hand a Rope stays plain: the helper says what it may be played as.
    await ui.type("rl-lay-codes", "R:G7")
    await ui.submit("rl-lay-codes")
    # Said under the field, where the keyboard leaves it in sight, not under the picker.
    assert ui.get("rl-lay-codes-error").value == "A Rope in hand is written R, not R:G7"
    assert ui.find("rl-lay-pick-problem") is None
    await ui.click("rl-lay-pick-R")
    assert tray_codes(ui, "rl-lay-hand-card") == ["D7", "R"]


@pytest.mark.parametrize("language", ["pl", "de", "fr"])
async def test_the_rope_button_while_declaring_fits_a_phone(open_ui, store, language):
    # "Lina: teraz dotknij jej karty" was cut to "Lina: teraz dotknij jej" in the meld checker.
    from layout_check import layout_problems

    session = seat_table(store)
    store.settings.set("language", language)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.CHECK)
    await ui.click("rl-check-pick-R")
    assert ui.find("rl-check-declaring") is not None
    assert layout_problems(ui.top, every_label=True) == []


async def test_the_whiteout_button_greyed_while_a_rope_is_declared_is_said_to_be_disabled(open_ui, store):
    # Merged with its tap into one node, the button was said to be enabled while it could not be tapped.
    from harness import spoken_enabled_but_disabled

    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.CHECK)
    await ui.click("rl-check-pick-R")
    whiteout = next(c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == "rl-check-pick-W")
    assert whiteout.disabled
    assert spoken_enabled_but_disabled(ui.top) == []


async def test_the_checkers_answer_sits_above_the_picker_of_the_box_being_filled(open_ui, store):
    # Below the last box, the answer was out of sight while cards were tapped in the first ones (on a desktop
    # window as on a phone): it follows the box being filled.
    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.CHECK)
    await ui.click("rl-check-camp-3")

    def order() -> list[str]:
        keys = [str(c.key) for c in walk(ui.top) if c.key is not None]
        return [k for k in keys if k == "rl-check-verdict" or k.startswith("rl-check-box-")
                or k == "rl-check-codes"]

    assert order()[:3] == ["rl-check-box-0", "rl-check-verdict", "rl-check-codes"]
    await ui.click("rl-check-slot-2")
    assert order()[-3:] == ["rl-check-box-2", "rl-check-verdict", "rl-check-codes"]


async def test_the_pitch_finder_says_why_a_hand_that_makes_the_camp_with_every_card_cannot_pitch(open_ui, store):
    # Exactly the seven cards of camp 1 answered "cannot be cleared" with only the hand's fatigue, which read
    # as the finder being wrong: the rule is the card kept back to discard.
    session = seat_table(store, names=("Ann", "Bob"))
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.FIND)
    await ui.click("rl-find-seat-0")
    hand = ["G1", "G4", "G7", "G9", "P3", "E4", "D5"]
    await tap_cards(ui, "rl-find", *hand)
    assert find_pitch(load().camps[1], parse_cards(hand, "t")) is None
    assert ui.get("rl-find-answer-title").value == "Camp 1 cannot be cleared this turn"
    assert ui.get("rl-find-answer-text").value.startswith(
        "These cards make the camp only with every one of them, and a card must be kept back to discard")
    # One card more, and the camp is pitched with it kept back.
    await tap_cards(ui, "rl-find", "S8")
    assert ui.get("rl-find-answer-title").value == "Camp 1 can be cleared"
    # A hand far from the camp is told only its fatigue.
    await ui.click("rl-find-clear")
    await tap_cards(ui, "rl-find", "G1", "P2", "E9")
    assert ui.get("rl-find-answer-text").value == "Nothing is pitched: the hand holds 12 fatigue."


async def test_a_card_tapped_just_before_another_box_is_opened_stays_in_its_box(open_ui, store):
    # A tap on another box, handled before the screen had redrawn after a card's tap, set the whole draft as it
    # was last drawn: the card vanished without a word, and the checker then ruled a legal pitch illegal.
    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.CHECK)
    await ui.click("rl-check-slot-0")
    card, other_box = ui.get("rl-check-pick-G7"), ui.get("rl-check-slot-1")
    await ui._event(card, "click", settle=False)
    await ui._event(other_box, "click")
    assert tray_codes(ui, "rl-check-g0") == ["G7"]
    assert ui.find("rl-check-picker-1") is not None          # ... and the other box is the one open now


async def test_the_finders_seat_and_cards_tapped_in_quick_succession_both_hold(open_ui, store):
    # A seat's chip tapped just after a card dropped the card; a card tapped just after a seat's chip put the
    # seat back to the one drawn (Bob's camp 1 became Ann's camp 2).
    session = seat_table(store, names=("Ann", "Bob"), hands=[{"went_out": "Ann", "pitched": ["Ann"],
                                                               "left": {"Bob": ["W"]}}])
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.FIND)
    card, seat = ui.get("rl-find-pick-G7"), ui.get("rl-find-seat-1")
    await ui._event(card, "click", settle=False)
    await ui._event(seat, "click")
    assert tray_codes(ui, "rl-find-card") == ["G7"] and ui.get("rl-find-camp").value.startswith("Camp 1")
    seat, card = ui.get("rl-find-seat-0"), ui.get("rl-find-pick-P7")
    await ui._event(seat, "click", settle=False)
    await ui._event(card, "click")
    assert ui.get("rl-find-camp").value.startswith("Camp 2")
    assert tray_codes(ui, "rl-find-card") == ["G7", "P7"]


async def test_a_camp_chosen_just_before_a_card_stays_chosen_in_the_checker(open_ui, store):
    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.CHECK)
    camp, card = ui.get("rl-check-camp-2"), ui.get("rl-check-pick-G7")
    await ui._event(camp, "click", settle=False)
    await ui._event(card, "click")
    assert ui.get("rl-check-camp-words").value.startswith("Camp 2")
    assert tray_codes(ui, "rl-check-g0") == ["G7"]


async def test_players_seated_at_a_new_table_faster_than_a_redraw_all_sit_down(open_ui, store):
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui(route="/games/ridgeline")
    first, second = ui.get(f"rl-new-seat-{bob.id}"), ui.get(f"rl-new-seat-{ann.id}")
    await ui._event(first, "click", settle=False)
    await ui._event(second, "click")
    assert not ui.get("rl-new-start").disabled                # a table of two can start


async def test_the_lay_off_helpers_add_buttons_say_what_they_add(open_ui, store):
    # Named "Set", "Run", "Colour group" alone, they said neither that they add a group nor where.
    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.LAY_OFF)
    assert ui.get("rl-lay-add-set").tooltip == "Add a group on the table: set"
    assert "Add a group on the table: colour run" in spoken(ui.top)


async def test_a_card_for_the_kept_cards_tapped_just_after_another_camp_is_kept_in_that_camp(open_ui, store):
    # The box's place was the drawn camp's: camp 1's cards kept back (its third box) went into camp 7's third
    # set when camp 7 was tapped just before the card.
    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.CHECK)
    await ui.click("rl-check-slot-2")                 # camp 1: two groups, then the cards kept back
    camp, card = ui.get("rl-check-camp-7"), ui.get("rl-check-pick-G7")
    await ui._event(camp, "click", settle=False)      # camp 7: three groups, then the cards kept back
    await ui._event(card, "click")
    assert tray_codes(ui, "rl-check-g2") == [] and tray_codes(ui, "rl-check-g3") == ["G7"]
    await ui.click("rl-check-pick-G8")                # the box the card went into is the one still open
    assert tray_codes(ui, "rl-check-g3") == ["G7", "G8"] and tray_codes(ui, "rl-check-g0") == []


async def test_a_box_tapped_just_before_a_card_of_the_box_open_stays_open(open_ui, store):
    # The card goes into the box whose picker it was tapped on, and the box tapped just before it is the one
    # open afterwards (the card's tap opened its own box again).
    session = seat_table(store)
    ui = await open_ui(route=f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.CHECK)
    await ui.click("rl-check-slot-0")
    box, card = ui.get("rl-check-slot-1"), ui.get("rl-check-pick-G7")
    await ui._event(box, "click", settle=False)
    await ui._event(card, "click")
    assert tray_codes(ui, "rl-check-g0") == ["G7"] and ui.find("rl-check-picker-1") is not None
