"""Correcting an old Freunde entry on the play screen: a climber's move with six entries after it entered again by
tapping the climber, its cards and the space, the later entries kept and the climbers and the check those of the
game played right from the start; a move that takes a card a later climber was given, with the engine's reason,
Cancel (the game exactly as it was) and Fix it (the refused climber given its cards again with the same taps)."""

from __future__ import annotations

from functools import partial
import pytest

from corrections_helpers import replay_game, saved
from companion.entries import describe_entries
from companion.games.freunde import session as engine
from companion.games.freunde.scoring import score
from companion.sessions import SessionKeeper
from companion.ui.common.widgets import sentence
from companion.ui.freunde.parts import check_sentence
from companion.ui.freunde.screens import Panel
import flet as ft
from harness import spoken, walk
from test_freunde_play import freunde_screens, start_game

pytestmark = pytest.mark.usefixtures(freunde_screens.__name__)         # the real screens registered

EDITED = 4          # Ann's climber A: six more entries come after it

# Turn 1 on the summer board: Ann plays Move 1, Move 2 and Acclimatize +1 and takes the risk token of 0. Her
# climber A was recorded as moving to S1 with the Move 1 alone, but it went on to S4 with both moves.
ACTIONS = [
    {"type": "weather", "day": 1, "weather": "sun"},
    {"type": "play", "player": "Ann", "cards": ["M1", "M2", "A1"]},
    {"type": "play", "player": "Bob", "cards": ["M1", "A0", "A1"]},
    {"type": "risk", "value": 0},
    {"type": "climber", "player": "Ann", "climber": "A", "cards": ["M1"], "path": ["S1"]},
    {"type": "climber", "player": "Ann", "climber": "B", "cards": ["A1"]},
    {"type": "done", "player": "Ann"},
    {"type": "climber", "player": "Bob", "climber": "A", "cards": ["M1"], "path": ["S1"]},
    {"type": "climber", "player": "Bob", "climber": "B", "cards": ["A1"]},
    {"type": "done", "player": "Bob"},
    {"type": "weather", "day": 2, "weather": "sun"},
]
# The screen writes a move with its tent and risk fields, even when they are nothing.
NOTHING_ELSE = {"tent": False, "risk_move": 0, "risk_accl": 0}
RIGHT = {"type": "climber", "player": "Ann", "climber": "A", "cards": ["M1", "M2"], "path": ["S1", "S2", "S4"],
         **NOTHING_ELSE}
# Entered instead with the Move 1 and the Acclimatize +1: climber B's Acclimatize +1 is gone, so entry 6 is
# refused; it is fixed by giving climber B the Move 2 to S2.
TAKES_B_CARD = {"type": "climber", "player": "Ann", "climber": "A", "cards": ["M1", "A1"], "path": ["S1"],
                **NOTHING_ELSE}
B_FIXED = {"type": "climber", "player": "Ann", "climber": "B", "cards": ["M2"], "path": ["S1", "S2"],
           **NOTHING_ELSE}


replay = partial(replay_game, engine)




def on_screen(ui) -> dict[str, str]:
    """The value of every keyed control on screen, read in one pass (the board makes the screen a big tree)."""
    return {str(key): getattr(control, "value", None) for control in walk(ui.top)
            if (key := getattr(getattr(control, "key", None), "value", getattr(control, "key", None))) is not None}


def assert_climbers_shown(ui, state) -> None:
    """The team on screen and the last check are the engine's."""
    shown = on_screen(ui)
    for index, player in enumerate(state.players):
        for climber in player.climbers:
            where = "base camp" if climber.space == state.board.base_camp else climber.space
            assert shown[f"fr-team-{index}-{climber.label}"].split(" · ")[0] == where
            assert shown[f"fr-team-{index}-{climber.label}-vp"] == str(climber.best_vp)
    if state.log:
        for check in state.log[-1].checks:
            assert shown[f"fr-last-check-{check.player}-{check.climber}-sum"] == check_sentence(check)


async def show_panel(ui, panel: Panel) -> None:
    """Tap a destination of the bottom bar (the client sets the index, then reports the change)."""
    nav = ui.get("fr-nav")
    ui.session.apply_patch(nav._i, {"selected_index": int(panel)})
    await ui.session.dispatch_event(nav._i, "change", str(int(panel)))
    await ui.settle()


async def assert_scores_shown(ui, state) -> None:
    """The Scores panel's totals are the engine's; then back to the turn."""
    await show_panel(ui, Panel.SCORES)
    for entry in score(state).players:
        assert ui.get(f"fr-score-{entry.index}-total").value == str(entry.total)
    await show_panel(ui, Panel.TURN)


async def move(ui, climber: str, cards: list[int], space: str) -> None:
    """A climber given cards (by their place among the cards still to give) and moved, as at the table."""
    await ui.click(f"fr-climber-{climber}")
    for card in cards:
        await ui.click(f"fr-give-{card}")
    await ui.click(f"fr-space-{space}")
    await ui.click("fr-give")


async def test_a_tab_tapped_with_the_entries_open_shows_that_tab(open_ui, store):
    # The entries list sits above the panel and fills a phone: the Scores tab lit up under it, unseen.
    session = start_game(store, actions=ACTIONS)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("ent-open")
    assert ui.find("ent-title") is not None
    await show_panel(ui, Panel.SCORES)
    assert ui.find("ent-title") is None and ui.find("fr-score-0-total") is not None


async def test_a_move_with_six_entries_after_it_is_entered_again_and_the_later_entries_kept(open_ui, store):
    session = start_game(store, actions=ACTIONS)
    setup = session.setup
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    assert_climbers_shown(ui, replay(setup, ACTIONS))
    await ui.click("ent-open")
    for index in range(len(ACTIONS)):
        assert ui.get(f"ent-text-{index}").value == engine.describe_action(replay(setup, ACTIONS[:index]),
                                                                           ACTIONS[index])
    words = ui.get(f"ent-text-{EDITED}").value
    assert words == "Turn 1, Ann's climber A moved from base camp to S1 with Move 1"
    await ui.click(f"ent-edit-{EDITED}")
    assert ui.get("ent-title").value == f"Correcting entry {EDITED + 1}"
    assert ui.get("ent-was").value == f"It was: {words}"
    assert ui.get("fr-turn-title").value == "Turn 1 of 18"                    # the turn as it was then
    assert_climbers_shown(ui, replay(setup, ACTIONS[:EDITED]))

    # Climber A, the Move 1 and the Move 2, then S4 on the board.
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")
    await ui.click("fr-give-1")
    await ui.click("fr-space-S4")
    assert ui.get("fr-move-summary").value == "A: to S4 for 3"
    await ui.click("fr-give")
    assert ui.get("ent-title").value == "The correction is ready"
    assert ui.get("ent-ready").value.startswith(f"{len(ACTIONS) - EDITED - 1} later entries kept.")
    right = ACTIONS[:EDITED] + [RIGHT] + ACTIONS[EDITED + 1:]
    assert saved(store, session.id) == ACTIONS                                 # nothing saved yet
    assert_climbers_shown(ui, replay(setup, right))

    await ui.click("ent-confirm")
    assert saved(store, session.id) == right
    state = replay(setup, right)
    assert_climbers_shown(ui, state)
    await assert_scores_shown(ui, state)
    assert ui.get("fr-team-0-A").value == "S4"
    assert ui.get("fr-turn-title").value == "Turn 2 of 18"
    await ui.click("ent-open")                     # a tab tapped above closed the entries
    assert ui.get(f"ent-text-{EDITED}").value == engine.describe_action(replay(setup, ACTIONS[:EDITED]), RIGHT)
    await ui.click("ent-undo-correction")
    assert saved(store, session.id) == ACTIONS
    assert_climbers_shown(ui, replay(setup, ACTIONS))


async def test_a_card_taken_from_a_later_climber_is_refused_cancel_and_fix(open_ui, store):
    session = start_game(store, actions=ACTIONS)
    setup = session.setup
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("ent-open")
    await ui.click(f"ent-edit-{EDITED}")
    await move(ui, "A", [0, 2], "S1")                                          # the Move 1 and the Acclimatize +1
    drafted = ACTIONS[:EDITED] + [TAKES_B_CARD]
    try:
        engine.apply(replay(setup, drafted), ACTIONS[EDITED + 1])
    except Exception as exc:  # noqa: BLE001 - the engine's refusal, whatever its kind
        reason = str(exc)
    else:
        raise AssertionError("climber B's entry should no longer apply")
    # The cards by the names the rest of the screen gives them (it said "M2" and "A1", a file's codes).
    assert reason == "turn 1: Ann has Move 2 left of this turn's cards, not Acclimatize +1"
    assert ui.get("ent-title").value == f"Entry {EDITED + 2} no longer applies"
    assert ui.get("ent-reason").value == f"Why: {sentence(reason)}"
    assert ui.get("ent-refused").value == "Turn 1, Ann's climber B acclimatized in base camp with Acclimatize +1"
    assert SessionKeeper(store).correction(session.id).kept == 0

    # Cancel: the game exactly as it was, nothing left of the correction.
    await ui.click("ent-cancel")
    assert saved(store, session.id) == ACTIONS
    assert SessionKeeper(store).get(session.id).actions == tuple(ACTIONS)
    assert SessionKeeper(store).correction(session.id) is None and ui.find("ent-banner") is None
    assert_climbers_shown(ui, replay(setup, ACTIONS))

    # The same again, then Fix it: climber B's entry is asked for, and given the Move 2 that is left.
    await ui.click(f"ent-edit-{EDITED}")
    await move(ui, "A", [0, 2], "S1")
    await ui.click("ent-fix")
    assert ui.get("ent-title").value == f"Correcting entry {EDITED + 2}"
    assert ui.get("ent-was").value == ("It was: Turn 1, Ann's climber B acclimatized in base camp with "
                                       "Acclimatize +1")
    assert SessionKeeper(store).correction(session.id).waiting == ACTIONS[EDITED + 1]
    await ui.click("fr-climber-B")
    assert ui.get("fr-move-summary").value == "B: stays"                     # the card left comes preselected
    await ui.click("fr-space-S2")
    assert ui.get("fr-move-summary").value == "B: to S2 for 2"
    await ui.click("fr-give")
    assert ui.get("ent-ready").value.startswith(f"{len(ACTIONS) - EDITED - 2} later entries kept.")
    assert saved(store, session.id) == ACTIONS
    await ui.click("ent-confirm")
    right = drafted + [B_FIXED] + ACTIONS[EDITED + 2:]
    assert saved(store, session.id) == right
    assert_climbers_shown(ui, replay(setup, right))
    await assert_scores_shown(ui, replay(setup, right))


async def test_a_risk_token_corrected_upwards_gets_its_payment_added_before_the_players_done(open_ui, store):
    # Ann's token was entered as 0 but was 1. Her turn's "done" then no longer applies: she owes 1, and her
    # climbers used every card. Fixing the "done" would replace it (the next entries refused in turn, one
    # after another); the payment is added before it instead, and the "done" and everything after are kept.
    played = ACTIONS[:EDITED] + [RIGHT] + ACTIONS[EDITED + 1:]
    session = start_game(store, actions=played)
    keeper = SessionKeeper(store)
    keeper.begin_correction(session.id, 3)
    keeper.act(session.id, {"type": "risk", "value": 1})
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    assert ui.get("ent-title").value == "Entry 7 no longer applies"
    await ui.click("ent-insert")
    assert ui.get("ent-title").value == "Adding an entry before entry 7"
    assert ui.get("ent-next").value == "Turn 1, Ann is done"
    await ui.click("fr-pay-B")                                  # climber B got +1 from its card: it pays
    assert ui.get("ent-ready").value.startswith(f"{len(played) - 4} later entries kept.")
    await ui.click("ent-confirm")
    paid = {"type": "pay_risk", "player": "Ann", "climber": "B", "amount": 1}
    right = played[:3] + [{"type": "risk", "value": 1}] + played[4:6] + [paid] + played[6:]
    assert saved(store, session.id) == right
    assert_climbers_shown(ui, replay(session.setup, right))


async def test_the_setup_corrected_who_starts_and_the_weather_tiles(open_ui, store):
    # Bob started, not Ann: Ann's first climber moved before Bob's turn, so that entry no longer applies, with
    # the engine's reason. The weather tiles were winter ones: every entry stays, and the game is saved so.
    session = start_game(store, actions=ACTIONS)
    setup = session.setup
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("ent-open")
    assert ui.get("ent-setup-0-0-label").value == "Ann"                  # who starts, in force: not a button
    # Who starts, the board's side and the weather tiles: no extra climber with two players.
    assert ui.get("ent-setup-1-0-label").value == "Summer board (easier route)"
    assert ui.get("ent-setup-2-0-label").value == "Summer tiles"
    assert ui.find("ent-setup-3-0") is None
    # Each choice is said with the part of the setup it sets, the one in force as chosen ("Summer tiles" or
    # "Winter tiles" alone said nothing of which part they change).
    nodes = {c.identifier or c.content.key: c for c in walk(ui.top) if isinstance(c, ft.Semantics)
             and str(c.identifier or getattr(c.content, "key", "") or "").startswith("ent-setup-2-")}
    current, other = nodes["ent-setup-2-0"], nodes["ent-setup-2-1"]
    assert current.selected and spoken(current) == ["Weather: Summer tiles"]
    assert other.button and spoken(other) == ["Weather: Winter tiles"]
    # Named as a thing, not asked: "Who starts?: Ann" read with two marks in a row ("Qui commence ? : Ann").
    starter = next(c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.label and c.selected
                   and getattr(c.content, "key", None) == "ent-setup-0-0")
    assert spoken(starter) == ["Starting player: Ann"]
    # The part's name drawn over its choices is not said a third time.
    assert "Starting player" not in spoken(ui.get("ent"))
    await ui.click("ent-setup-0-1")                                      # Bob starts
    assert ui.get("ent-title").value == f"Entry {EDITED + 1} no longer applies"
    assert ui.get("ent-reason").value == ("Why: Turn 1: it is Bob's turn to act (turn order from the start "
                                          "player), not Ann's.")
    await ui.click("ent-cancel")
    assert store.sessions.get(session.id)["setup"] == setup and saved(store, session.id) == ACTIONS

    await ui.click("ent-setup-2-1")                                      # winter tiles
    assert ui.get("ent-title").value == "The corrected setup is ready"
    assert store.sessions.get(session.id)["setup"]["weather_season"] == "summer"     # nothing saved yet
    await ui.click("ent-confirm")
    assert store.sessions.get(session.id)["setup"] == {**setup, "weather_season": "winter"}
    assert saved(store, session.id) == ACTIONS
    assert_climbers_shown(ui, replay({**setup, "weather_season": "winter"}, ACTIONS))
    await ui.click("ent-undo-correction")
    assert store.sessions.get(session.id)["setup"] == setup


async def test_the_board_side_corrected_drops_the_moves_it_has_no_spaces_for(open_ui, store):
    # The winter side has no space S1: Ann's first move no longer applies; dropped with everything after it,
    # the cards played and the risk token stay.
    session = start_game(store, actions=ACTIONS)
    setup = session.setup
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("ent-open")
    await ui.click("ent-setup-1-1")                                      # the winter side
    assert ui.get("ent-title").value == f"Entry {EDITED + 1} no longer applies"
    assert ui.get("ent-reason").value == "Why: Path: there is no space 'S1' on the winter board."
    # Said as the list said it, on the side it was played on; then as the winter side would take it.
    assert ui.get("ent-refused").value == describe_entries(engine, setup, list(ACTIONS))[EDITED]
    store.settings.set("language", "pl")                                  # it was English on a Polish screen
    ui_pl = await open_ui(route=f"/play/freunde/{session.id}")
    assert ui_pl.get("ent-reason").value.endswith("Ścieżka: na planszy zimowej nie ma pola 'S1'.")
    store.settings.set("language", "en")
    await ui.click("ent-drop_rest")
    assert ui.get("ent-title").value == "The corrected setup is ready"
    await ui.click("ent-confirm")
    winter = {**setup, "board": "winter"}
    assert store.sessions.get(session.id)["setup"] == winter and saved(store, session.id) == ACTIONS[:EDITED]
    assert_climbers_shown(ui, replay(winter, ACTIONS[:EDITED]))
    await ui.click("ent-undo-correction")
    assert store.sessions.get(session.id)["setup"] == setup and saved(store, session.id) == ACTIONS


async def test_a_notice_of_later_play_goes_when_a_correction_begins(open_ui, store):
    # "Bob's climber A used its cards." stood over turn 1 when a correction took the game back there.
    session = start_game(store, actions=ACTIONS)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-undo")
    assert ui.get("fr-notice") is not None                        # "Undone: …"
    await ui.click("ent-open")
    await ui.click("ent-edit-1")
    assert ui.find("fr-notice") is None
