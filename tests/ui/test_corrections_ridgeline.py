"""Correcting an old Ridgeline hand on the play screen: the entries in words, hand 2, with six hands after it,
entered again with the End hand panel's own taps, the later hands kept and the fatigue that of the game recorded
right from the start; a correction that puts a climber on the summit too early, so the later hands no longer
apply, with the engine's reason, Drop it and Drop it and everything after; deleting a hand."""

from __future__ import annotations

from functools import partial
import pytest

from corrections_helpers import replay_game, saved
from companion.entries import describe_entries
from companion.games.ridgeline import session as engine
from companion.games.ridgeline.scoring import score
from companion.sessions import SessionKeeper
from companion.ui.common.widgets import sentence
from companion.ui.ridgeline.screens import Panel
from test_ridgeline_play import open_panel, ridgeline_screens, seat_table, shown_fatigue, tap_cards

pytestmark = pytest.mark.usefixtures(ridgeline_screens.__name__)     # the real screens registered

EDITED = 1          # hand 2: with 8 hands recorded, six more come after it


def hand(went_out: str, left: list[str], pitched: bool = True) -> dict:
    """A two-seat hand: who went out (and pitched, as a full hand only empties by pitching), the other's cards."""
    other = "Bob" if went_out == "Ann" else "Ann"
    return {"went_out": went_out, "pitched": [went_out] if pitched else [], "left": {other: left}}


# Sprint (camps 1, 2, 5, 7, 9): Ann pitches in hands 1, 3, 4 and 6, Bob in 2, 5, 7 and 8, so nobody has reached
# the summit after eight hands. Hand 2 was recorded as Bob pitching, but Bob went out without pitching and Ann
# was left holding a Whiteout and a Rope.
HANDS = [hand("Ann", ["G2"]), hand("Bob", ["S5"]), hand("Ann", ["W"]), hand("Ann", ["P3"]), hand("Bob", ["E9"]),
         hand("Ann", ["D1"]), hand("Bob", ["G7"]), hand("Bob", ["R"])]
RIGHT = {"went_out": "Bob", "pitched": [], "left": {"Ann": ["W", "R"]}}
# Entered instead as Ann going out and pitching: her fifth camp in hand 6 is the summit, which ends the game,
# so hands 7 and 8 no longer apply.
TOO_FAR = {"went_out": "Ann", "pitched": ["Ann"], "left": {"Bob": ["S5"]}}


def chosen(ui, prefix: str) -> list[str]:
    """The seat chips starting with `prefix` shown as chosen."""
    import flet as ft
    from harness import walk

    return [n.identifier for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.selected
            and str(n.identifier or "").startswith(prefix)]


def seated(store) -> tuple[str, dict]:
    session = seat_table(store, names=("Ann", "Bob"), route="sprint", hands=HANDS)
    return session.id, session.setup


replay = partial(replay_game, engine)




async def enter_hand_2_as_it_was(ui) -> None:
    """In the End hand form opened on hand 2 as entered: Bob did not pitch after all, and Ann held a Whiteout and a
    Rope, not the S5; then Record."""
    await ui.click("rl-pitched-1")
    await ui.click("rl-left-0-card-S5-1")
    await tap_cards(ui, "rl-hand", "W", "R")
    await ui.click("rl-hand-submit")


async def test_hand_2_of_8_is_entered_again_and_the_later_hands_kept(open_ui, store):
    game_id, setup = seated(store)
    SessionKeeper(store).undo(game_id)
    ui = await open_ui(route=f"/play/ridgeline/{game_id}")
    await ui.click("rl-redo")
    assert ui.get("rl-notice-text").value == f"Hand {len(HANDS)} redone."
    await ui.click("ent-open")
    assert ui.get("ent-title").value == f"Entries ({len(HANDS)}), newest first"
    for index in range(len(HANDS)):
        assert ui.get(f"ent-text-{index}").value == engine.describe_action(replay(setup, HANDS[:index]),
                                                                           HANDS[index])
    words = ui.get(f"ent-text-{EDITED}").value
    assert words == "Hand 2 (Bob dealt): Bob went out; Bob pitched camp 1; cards left: Ann 1"
    await ui.click(f"ent-edit-{EDITED}")
    assert ui.get("ent-title").value == f"Correcting entry {EDITED + 1}"
    assert ui.get("ent-was").value == f"It was: {words}"
    assert ui.find("rl-notice") is None                               # the redo spoke of the game before
    assert ui.get("rl-hand-number").value == "Hand 2"                 # the table as it was before that hand
    assert shown_fatigue(ui, 2) == [str(s.fatigue) for s in score(replay(setup, HANDS[:EDITED])).seats]

    # The End hand panel opens on hand 2 as it was entered (Bob went out and pitched, Ann held S5), to be
    # changed rather than typed again: Bob did not pitch after all, and Ann held a Whiteout and a Rope.
    await open_panel(ui, Panel.HAND)
    assert ui.get("rl-hand-title").value == "Hand 2 · Bob dealt 11 cards"
    assert chosen(ui, "rl-out-") == ["rl-out-1"] and chosen(ui, "rl-pitched-") == ["rl-pitched-1"]
    assert ui.find("rl-left-0-card-S5-1") is not None
    await enter_hand_2_as_it_was(ui)
    assert ui.get("ent-title").value == "The correction is ready"
    assert ui.get("ent-ready").value.startswith(f"{len(HANDS) - EDITED - 1} later entries kept.")
    # Not "Hand 2 recorded.": the hand went to the correction, which saves nothing before Confirm.
    assert ui.get("rl-notice-text").value == "Hand 2 entered in the correction."
    right = HANDS[:EDITED] + [RIGHT] + HANDS[EDITED + 1:]
    assert SessionKeeper(store).get(game_id).actions == tuple(right)  # the draft, shown below the banner
    assert saved(store, game_id) == HANDS                             # nothing saved before Confirm
    assert shown_fatigue(ui, 2) == [str(s.fatigue) for s in score(replay(setup, right)).seats]

    await ui.click("ent-confirm")
    assert saved(store, game_id) == right
    expected = score(replay(setup, right)).seats
    assert shown_fatigue(ui, 2) == [str(s.fatigue) for s in expected] == ["45", "50"]
    assert [ui.get(f"rl-history-{len(HANDS)}-{i}").value for i in (0, 1)] == [str(s.fatigue) for s in expected]
    assert ui.get("rl-hand-number").value == f"Hand {len(HANDS) + 1}"
    await ui.click("ent-open")                     # a tab tapped above closed the entries
    assert ui.get(f"ent-text-{EDITED}").value == engine.describe_action(replay(setup, HANDS[:EDITED]), RIGHT)
    assert ui.get(f"ent-text-{EDITED}").value == "Hand 2 (Bob dealt): Bob went out; nobody pitched; cards left: Ann 2"
    # Undo the correction in one tap: the hands as they were recorded.
    await ui.click("ent-undo-correction")
    assert saved(store, game_id) == HANDS
    assert shown_fatigue(ui, 2) == [str(s.fatigue) for s in score(replay(setup, HANDS)).seats]


async def correcting(open_ui, store, step: str = f"ent-edit-{EDITED}"):
    """A seated game opened with a correction begun by tapping `step` in its entries (by default, hand 2
    entered again), on the End hand form: (screen, game id, setup)."""
    game_id, setup = seated(store)
    ui = await open_ui(route=f"/play/ridgeline/{game_id}")
    await ui.click("ent-open")
    await ui.click(step)
    await open_panel(ui, Panel.HAND)
    return ui, game_id, setup


async def test_a_summit_reached_early_refuses_the_later_hands_drop_and_drop_the_rest(open_ui, store):
    ui, game_id, setup = await correcting(open_ui, store)
    await ui.click("rl-out-0")                                       # Ann went out, and is marked as pitching
    await tap_cards(ui, "rl-hand", "S5")
    await ui.click("rl-hand-submit")

    # Hand 6 puts Ann on the summit: hand 7 is refused with the engine's reason.
    drafted = HANDS[:EDITED] + [TOO_FAR] + HANDS[EDITED + 1:6]
    at_summit = replay(setup, drafted)
    assert at_summit.over
    try:
        engine.apply(at_summit, HANDS[6])
    except Exception as exc:  # noqa: BLE001 - the engine's refusal, whatever its kind
        reason = str(exc)
    else:
        raise AssertionError("hand 7 should no longer apply")
    assert reason == "hand 7: the game ended in hand 6 when Ann cleared the summit; no more hands can be played"
    assert ui.get("ent-title").value == "Entry 7 no longer applies"
    assert ui.get("ent-counts").value == "4 later entries kept so far; 2 still to replay, this one included."
    # The corrected game is over before it: no hand can be entered there, so only dropping it is offered ("Fix it"
    # left the game waiting for a hand it refused, Save greyed, Cancel the only way out).
    assert ui.get("ent-ended").value == ("The corrected game ends before this entry: drop it, with the entries after "
                                         "it, or cancel the correction.")
    assert ui.find("ent-fix") is None and ui.find("ent-insert") is None
    assert ui.find("ent-drop") is not None and ui.find("ent-drop_rest") is not None
    assert ui.get("ent-reason").value == f"Why: {sentence(reason)}"
    listed = describe_entries(engine, setup, HANDS)          # the entries' list, before the correction
    assert ui.get("ent-refused").value == listed[6]
    # What it would be in the corrected game follows, where that differs (another camp pitched).
    assert ui.get("ent-refused-now").value == f"In the corrected game: {engine.describe_action(at_summit, HANDS[6])}"
    correction = SessionKeeper(store).correction(game_id)
    assert (correction.kept, correction.dropped, correction.refused_action) == (4, 0, HANDS[6])
    assert ui.get("rl-winners").value == "Ann wins the climb"       # the draft: the game as corrected so far
    # Undo waits for the correction (below), and so does saving while a hand is refused: the end says so ("undo
    # still works" stood beside it greyed), and Save to History is greyed too (a tap was refused after it).
    assert ui.get("rl-finish-hint").value == (
        "Check the game as corrected; undo and saving wait until the correction is confirmed or cancelled.")
    assert ui.get("rl-finish").disabled
    assert ui.get("rl-finish").tooltip == "Saving waits: confirm or cancel the correction first"   # said, not only dimmed
    # The game's own undo and redo wait for the correction, greyed out, and say so (a tap was refused only
    # after it was made).
    for button, name in (("rl-undo", "Undo"), ("rl-redo", "Redo")):
        assert ui.get(button).disabled
        assert ui.get(button).tooltip == f"{name} waits: confirm or cancel the correction first"
    assert SessionKeeper(store).correction(game_id).refused_action == HANDS[6]

    # Drop it: the replay goes on to hand 8, which no longer applies either.
    await ui.click("ent-drop")
    correction = SessionKeeper(store).correction(game_id)
    assert (correction.kept, correction.dropped, correction.refused_action) == (4, 1, HANDS[7])
    # Hand 8 is the seventh entry of the draft now, but the player chose from the list where it is the eighth:
    # it is said as the list says it, under its number there ("Entry 8" over "Hand 7 (Ann dealt)" was another
    # hand, another dealer), then as the draft would take it.
    assert ui.get("ent-title").value == "Entry 8 no longer applies"
    assert ui.get("ent-refused").value == listed[7] and listed[7].startswith("Hand 8 (Bob dealt): ")
    assert ui.get("ent-refused-now").value == f"In the corrected game: {engine.describe_action(at_summit, HANDS[7])}"
    assert "Hand 7 (Ann dealt): " in ui.get("ent-refused-now").value
    assert ui.get("ent-counts").value == "4 later entries kept so far; 1 still to replay, this one included."
    # Each count with its own plural in Polish ("zostało 1" for "został 1").
    store.settings.set("language", "pl")
    polish = await open_ui(route=f"/play/ridgeline/{game_id}")
    assert polish.get("ent-counts").value == (
        "Na razie zachowano 4 późniejsze wpisy; do odtworzenia został 1, łącznie z tym.")
    store.settings.set("language", "en")
    # Drop it and everything after: nothing is left to replay.
    await ui.click("ent-drop_rest")
    correction = SessionKeeper(store).correction(game_id)
    assert correction.ready and (correction.kept, correction.dropped) == (4, 2)
    assert ui.get("ent-ready").value.startswith("4 later entries kept, 2 dropped.")
    # Ready, saving the game confirms the correction (routing.finish_game).
    assert ui.get("rl-finish-hint").value == (
        "Check the game as corrected; saving it to History confirms the correction.")
    assert not ui.get("rl-finish").disabled
    # Each count with its own plural, in French too (it said "2 retirée(s)").
    store.settings.set("language", "fr")
    french = await open_ui(route=f"/play/ridgeline/{game_id}")
    assert french.get("ent-ready").value.startswith("4 entrées suivantes gardées, 2 retirées.")
    store.settings.set("language", "en")
    assert saved(store, game_id) == HANDS
    await ui.click("ent-confirm")
    assert saved(store, game_id) == drafted
    assert shown_fatigue(ui, 2) == [str(s.fatigue) for s in score(at_summit).seats]
    assert ui.get("rl-winners").value == "Ann wins the climb"
    assert ui.get("rl-finish-hint").value == "Check the last hand; undo still works until the game is saved."


@pytest.mark.parametrize("deleted, ready", [
    (EDITED, f"{len(HANDS) - EDITED - 1} later entries kept. Check the game below, then confirm; nothing is saved "
             "before."),
    (len(HANDS) - 1, "Check the game below, then confirm; nothing is saved before.")])
async def test_a_hand_deleted_replays_the_later_ones_at_once(open_ui, store, deleted, ready):
    game_id, setup = seated(store)
    ui = await open_ui(route=f"/play/ridgeline/{game_id}")
    await ui.click("ent-open")
    await ui.click(f"ent-delete-{deleted}")
    assert ui.get("ent-title").value == "The correction is ready"
    # The hand deleted is not a later one dropped: only the later hands are counted ("5 later entries kept,
    # 1 dropped", and "0 later entries kept, 1 dropped" for the newest hand).
    assert ui.get("ent-ready").value == ready
    assert saved(store, game_id) == HANDS
    await ui.click("ent-confirm")
    left = HANDS[:deleted] + HANDS[deleted + 1:]
    assert saved(store, game_id) == left
    assert shown_fatigue(ui, 2) == [str(s.fatigue) for s in score(replay(setup, left)).seats]
    assert ui.get("rl-hand-number").value == f"Hand {len(left) + 1}"
    assert ui.find(f"ent-text-{len(left)}") is None and ui.find(f"ent-text-{len(left) - 1}") is not None


async def test_a_hand_entered_while_a_correction_is_ready_is_refused_in_a_whole_sentence(open_ui, store):
    import flet as ft
    from harness import walk

    ui, game_id, _setup = await correcting(open_ui, store, f"ent-delete-{EDITED}")
    await ui.click("rl-out-0")
    await tap_cards(ui, "rl-hand", "W")
    await ui.click("rl-hand-submit")
    said = [c.value for c in walk(ui.get("rl-hand-problem")) if isinstance(c, ft.Text)]
    # It ended without a full stop under its heading.
    assert "An old entry is being corrected: confirm or cancel the correction before entering anything else." in said
    assert saved(store, game_id) == HANDS


async def test_a_hand_typed_while_a_correction_is_ready_stays_when_it_is_confirmed(open_ui, store):
    # Hand 9 filled in whole, refused until the correction was confirmed, and then gone from the form.
    ui, game_id, _setup = await correcting(open_ui, store, "ent-setup-0-0")     # Ridge: every hand stays
    await ui.click("rl-out-0")
    await tap_cards(ui, "rl-hand", "W")
    await ui.click("rl-hand-submit")
    assert ui.find("rl-hand-problem") is not None and saved(store, game_id) == HANDS
    await ui.click("ent-confirm")
    assert ui.find("rl-hand-problem") is None                        # the refusal no longer stands
    await open_panel(ui, Panel.HAND)
    assert ui.get("rl-hand-title").value.startswith("Hand 9") and chosen(ui, "rl-out-") == ["rl-out-0"]
    await ui.click("rl-hand-submit")
    assert saved(store, game_id) == HANDS + [{"went_out": "Ann", "pitched": ["Ann"], "left": {"Bob": ["W"]}}]


async def test_a_hand_typed_while_a_correction_is_ready_goes_when_it_is_no_longer_the_next(open_ui, store):
    # Hand 2 deleted: the next hand is hand 8 in the correction.
    ui, _game_id, _setup = await correcting(open_ui, store, f"ent-delete-{EDITED}")
    assert ui.get("rl-hand-title").value.startswith("Hand 8")
    await ui.click("rl-out-0")
    await ui.click("ent-cancel")                                     # hand 9 again: hand 8's form is not it
    await open_panel(ui, Panel.HAND)
    assert ui.get("rl-hand-title").value.startswith("Hand 9") and chosen(ui, "rl-out-") == []


async def test_the_route_of_the_setup_corrected_replays_every_hand(open_ui, store):
    # The table was set up as Sprint but plays the Ridge: on the Ridge nobody reaches the summit in 8 hands,
    # so every hand stays; the first dealer is corrected the same way.
    game_id, setup = seated(store)
    ui = await open_ui(route=f"/play/ridgeline/{game_id}")
    await ui.click("ent-open")
    assert ui.get("ent-setup-0-1-label").value == "Sprint"              # the route in force, not a button
    assert ui.find("ent-setup-0-0-label") is None
    await ui.click("ent-setup-0-0")                               # Ridge
    assert ui.get("ent-title").value == "The corrected setup is ready"
    assert saved(store, game_id) == HANDS and store.sessions.get(game_id)["setup"]["route"] == "sprint"
    await ui.click("ent-confirm")
    ridge = {**setup, "route": "ridge"}
    assert store.sessions.get(game_id)["setup"] == ridge and saved(store, game_id) == HANDS
    assert shown_fatigue(ui, 2) == [str(s.fatigue) for s in score(replay(ridge, HANDS)).seats]
    await ui.click("ent-undo-correction")
    assert store.sessions.get(game_id)["setup"] == setup


async def test_a_hand_half_entered_is_not_carried_into_the_hand_corrected(open_ui, store):
    # Hand 9's draft (Ann went out) showed as hand 2's when a correction took the game back there: one tap on
    # Record and hand 2 was recorded wrong.
    import flet as ft
    from harness import walk

    game_id, _setup = seated(store)
    ui = await open_ui(route=f"/play/ridgeline/{game_id}")
    await open_panel(ui, Panel.HAND)
    await ui.click("rl-out-0")

    def went_out() -> list[str]:
        return [n.identifier for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.selected
                and str(n.identifier or "").startswith("rl-out-")]

    assert went_out() == ["rl-out-0"]
    await ui.click("ent-open")
    await ui.click(f"ent-edit-{EDITED}")
    await open_panel(ui, Panel.HAND)
    # Hand 2 as it was entered (Bob went out), not hand 9's draft.
    assert ui.get("rl-hand-title").value == "Hand 2 · Bob dealt 11 cards" and went_out() == ["rl-out-1"]


async def test_a_correction_notice_goes_once_another_device_confirms_it(open_ui, store):
    # "Hand 2 entered in the correction." stayed after a phone confirmed the correction: the entries then equal
    # the correction's, which the notice had been said after.
    ui, game_id, _setup = await correcting(open_ui, store)
    await enter_hand_2_as_it_was(ui)
    assert ui.get("rl-notice-text").value == "Hand 2 entered in the correction."
    phone = await open_ui(route=f"/play/ridgeline/{game_id}")
    await phone.click("ent-confirm")
    await ui.settle()
    assert ui.find("rl-notice-text") is None


async def test_the_newest_hand_entered_again_counts_no_later_entries(open_ui, store):
    # The last hand corrected: nothing comes after it, and the banner says only what to do ("0 later entries
    # kept" counted entries that never were).
    game_id, _setup = seated(store)
    ui = await open_ui(route=f"/play/ridgeline/{game_id}")
    await ui.click("ent-open")
    await ui.click(f"ent-edit-{len(HANDS) - 1}")
    await open_panel(ui, Panel.HAND)
    await ui.click("rl-hand-submit")                                 # entered again as it was
    assert ui.get("ent-title").value == "The correction is ready"
    assert ui.get("ent-ready").value == "Check the game below, then confirm; nothing is saved before."

