"""Correcting an old Trek 12 entry on the play screen: the entries in words, a circle five rounds back entered
again with the sheet's own taps, later turns kept and the score that of the game played right from the
start; a correction that makes a later turn illegal, with the engine's reason and each choice; cancel; a
stop of the app during the review; one tap to undo a confirmed correction."""

from __future__ import annotations

from functools import partial
import random

import pytest
from harness import UiApp
from test_trek12_play import play_turn, table_of, trek12_screens  # noqa: F401  (the fixture, autouse)

from corrections_helpers import replay_game
from companion.games.trek12 import session as engine
from companion.games.trek12.rules import Roll, legal_actions
from companion.games.trek12.scoring import score
from companion.sessions import SessionKeeper
from companion.store import open_store
from companion.ui.shell.app import build_main
from companion.ui.trek12.panels import number_text

EDITED = 2          # the entry corrected: with 8 turns, five more come after it


def game(seed: int = 5, turns: int = 8) -> tuple[dict, list[dict], list]:
    """A seeded Ascent of one player: its setup, the turns as stored, and the Action of each."""
    setup = {"sheet": "dunai", "solo": None, "players": [{"id": None, "name": "Ann"}], "dice_seed": None}
    rng = random.Random(seed)
    table = engine.start(setup)
    docs, actions = [], []
    for _ in range(turns):
        roll = Roll.of(rng.randint(1, 6), rng.randint(0, 5))
        action = rng.choice(legal_actions(table.states[0], roll))
        doc = {**action.to_dict(), "player": 0}
        table = engine.apply(table, doc)
        docs.append(doc)
        actions.append(action)
    return setup, docs, actions


replay = partial(replay_game, engine)


def replacements(setup: dict, docs: list[dict]) -> tuple[object, object]:
    """Another move for the edited turn with the same roll: one that keeps every later turn legal, and one
    that makes a later turn illegal."""
    before = replay(setup, docs[:EDITED])
    original = docs[EDITED]
    keeps = breaks = None
    for action in legal_actions(before.states[0], Roll.of(*original["dice"])):
        doc = {**action.to_dict(), "player": 0}
        if doc == original:
            continue
        try:
            replay(setup, docs[:EDITED] + [doc] + docs[EDITED + 1:])
            keeps = keeps or (action, doc)
        except Exception:
            breaks = breaks or (action, doc)
        if keeps and breaks:
            break
    assert keeps and breaks, "the seed gives no replacement of both kinds"
    return keeps, breaks


def seated(store, setup: dict, docs: list[dict]) -> str:
    ann = store.players.add("Ann")
    setup = {**setup, "players": [{"id": ann.id, "name": "Ann"}]}
    keeper = SessionKeeper(store)
    session = keeper.start("trek12", setup, [ann.id], "Dunai")
    for doc in docs:
        keeper.act(session.id, doc)
    return session.id


async def test_a_circle_five_rounds_back_is_corrected_and_the_later_turns_kept(open_ui, store):
    setup, docs, _ = game()
    (good, good_doc), _ = replacements(setup, docs)
    game_id = seated(store, setup, docs)
    ui = await open_ui(route=f"/play/trek12/{game_id}")
    await ui.click("ent-open")
    words = engine.describe_action(replay(setup, docs[:EDITED]), docs[EDITED])
    assert ui.get(f"ent-text-{EDITED}").value == words
    texts = ui.texts()                                                            # newest first
    assert texts.index(ui.get(f"ent-text-{len(docs) - 1}").value) < texts.index(ui.get("ent-text-0").value)
    await ui.click(f"ent-edit-{EDITED}")
    assert ui.get("ent-title").value == f"Correcting entry {EDITED + 1}"
    assert ui.get("ent-was").value == f"It was: {words}"
    assert ui.get("t12-round").value.startswith(f"Round {EDITED + 1} of")       # the sheet as it was then
    await play_turn(ui, good, table=table_of(store, game_id))
    assert ui.get("ent-ready").value.startswith(f"{len(docs) - EDITED - 1} later entries kept.")
    assert store.sessions.get(game_id)["actions"] == docs                       # nothing saved yet
    await ui.click("ent-confirm")
    right = docs[:EDITED] + [good_doc] + docs[EDITED + 1:]
    assert store.sessions.get(game_id)["actions"] == right
    expected = score(replay(setup, right).states[0]).total
    assert ui.get("t12-score-total").value == number_text(expected)
    assert ui.get(f"ent-text-{EDITED}").value == engine.describe_action(replay(setup, docs[:EDITED]), good_doc)
    # One tap takes the whole correction back.
    await ui.click("ent-undo-correction")
    assert store.sessions.get(game_id)["actions"] == docs


async def test_a_later_turn_made_illegal_is_reported_and_each_choice(open_ui, store):
    setup, docs, _ = game()
    _, (bad, bad_doc) = replacements(setup, docs)
    game_id = seated(store, setup, docs)
    ui = await open_ui(route=f"/play/trek12/{game_id}")
    await ui.click("ent-open")
    await ui.click(f"ent-edit-{EDITED}")
    await play_turn(ui, bad, table=table_of(store, game_id))
    correction = SessionKeeper(store).correction(game_id)
    assert correction.refused is not None
    assert ui.get("ent-reason").value.startswith("Why: ")
    assert correction.refused.split(",")[-1].strip()[:20] in ui.get("ent-reason").value
    # Drop it: the replay goes on past it (or stops at the next refused turn).
    await ui.click("ent-drop")
    after = SessionKeeper(store).correction(game_id)
    assert after.dropped == 1
    # Drop the rest, then cancel: the game is exactly as it was.
    if after.refused is not None:
        await ui.click("ent-drop_rest")
    assert ui.find("ent-confirm") is not None
    await ui.click("ent-cancel")
    assert store.sessions.get(game_id)["actions"] == docs
    assert SessionKeeper(store).correction(game_id) is None
    assert ui.find("ent-banner") is None
    # Fix it: the refused turn is entered again, as it should be.
    await ui.click(f"ent-edit-{EDITED}")
    await play_turn(ui, bad, table=table_of(store, game_id))
    refused_at = len(SessionKeeper(store).correction(game_id).actions)
    await ui.click("ent-fix")
    assert ui.get("ent-title").value == f"Correcting entry {refused_at + 1}"
    assert store.sessions.get(game_id)["actions"] == docs


async def test_a_stop_of_the_app_during_the_review_loses_nothing(tmp_path):
    setup, docs, _ = game()
    (good, good_doc), _ = replacements(setup, docs)
    store = open_store(tmp_path / "data")
    game_id = seated(store, setup, docs)
    ui = await UiApp(build_main(store), route=f"/play/trek12/{game_id}").start()
    await ui.click("ent-open")
    await ui.click(f"ent-edit-{EDITED}")
    await play_turn(ui, good, table=table_of(store, game_id))
    await ui.close()
    store.close()                                           # the app is stopped mid-review

    store = open_store(tmp_path / "data")
    try:
        ui = await UiApp(build_main(store), route=f"/play/trek12/{game_id}").start()
        assert ui.get("ent-title").value == "The correction is ready"
        assert store.sessions.get(game_id)["actions"] == docs
        await ui.click("ent-confirm")
        assert store.sessions.get(game_id)["actions"] == docs[:EDITED] + [good_doc] + docs[EDITED + 1:]
        await ui.close()
    finally:
        store.close()


async def test_undo_and_redo_wait_for_a_correction_and_say_why(open_ui, store):
    setup, docs, _ = game()
    game_id = seated(store, setup, docs)
    SessionKeeper(store).undo(game_id)                     # something to redo, too
    ui = await open_ui(route=f"/play/trek12/{game_id}")
    assert not ui.get("t12-undo").disabled and not ui.get("t12-redo").disabled
    await ui.click("ent-open")
    await ui.click(f"ent-edit-{EDITED}")
    # The entries button too: the correction stands where the entries were ("Hide the entries" over nothing).
    # Each still says which button it is: a screen reader heard three buttons of the same name.
    for button, name in (("t12-undo", "Undo"), ("t12-redo", "Redo"), ("ent-open", "Entries")):
        assert ui.get(button).disabled, button
        assert ui.get(button).tooltip.startswith(name) and "confirm or cancel the correction first" in \
            ui.get(button).tooltip
    await ui.click("ent-cancel")
    assert not ui.get("t12-undo").disabled and not ui.get("t12-redo").disabled
    assert store.sessions.get(game_id)["actions"] == docs[:-1]


async def test_a_finished_ascent_is_corrected_from_history_and_its_record_rewritten(open_ui, store):
    setup, docs, _ = game(turns=19)                       # a whole Ascent of Dunai
    (good, good_doc), _ = replacements(setup, docs)
    game_id = seated(store, setup, docs)
    SessionKeeper(store).finish(game_id)
    before = store.history.get(game_id)
    ui = await open_ui(route=f"/history/{game_id}")
    await ui.click("record-correct")
    assert ui.route == f"/play/trek12/{game_id}"
    assert ui.find("ent-reopened") is not None and ui.find(f"ent-edit-{EDITED}") is not None
    # Shown at first, the entries can still be put away (they could not: the list was forced open).
    await ui.click("ent-open")
    assert ui.find(f"ent-edit-{EDITED}") is None and ui.find("ent-reopened") is not None
    await ui.click("ent-open")
    await ui.click(f"ent-edit-{EDITED}")
    await play_turn(ui, good, table=table_of(store, game_id))
    assert ui.get("ent-title").value == "The correction is ready"
    assert ui.get("ent-ready-save").value == ("Once the game is over, saving it to History confirms the correction "
                                              "as well.")
    assert store.history.get(game_id) == before           # History changes only when the game is saved again
    # Saved before its Confirm, the corrected Ascent is saved: it was refused, "An old entry is being corrected".
    await ui.click("t12-finish")
    assert ui.find("t12-finish-problem") is None
    after = store.history.get(game_id)
    right = docs[:EDITED] + [good_doc] + docs[EDITED + 1:]
    assert after["session"]["actions"] == right and "corrected" in after
    assert after["players"][0]["score"] == score(replay(setup, right).states[0]).total
    assert store.history.count() == 1 and store.sessions.get(game_id) is None
    ui2 = await open_ui(route=f"/history/{game_id}")
    assert ui2.get("record-corrected").value.startswith("Corrected ")


async def test_abandoning_an_ascent_taken_back_from_history_keeps_its_record(open_ui, store):
    setup, docs, _ = game(turns=19)
    game_id = seated(store, setup, docs)
    SessionKeeper(store).finish(game_id)
    before = store.history.get(game_id)
    ui = await open_ui(route=f"/history/{game_id}")
    await ui.click("record-correct")
    await ui.click("t12-abandon")
    assert "History keeps the Ascent as it was" in ui.text() and "will not appear in History" not in ui.text()
    await ui.click("t12-abandon-confirm")
    assert store.history.get(game_id) == before and store.sessions.get(game_id) is None


async def test_a_correction_shows_the_sheet_of_the_player_whose_entry_it_is(open_ui, store):
    """A sheet's tab tapped before the correction began stayed shown: correcting Ann's entry showed Bob's sheet
    under "Enter it below as it should have been", with "It is Ann's turn: tap here for their sheet"."""
    from test_trek12_play import start

    session = start(store, names=("Ann", "Bob", "Cy"), seed=None)
    keeper = SessionKeeper(store)
    rng = random.Random(3)
    for roll in (Roll.of(4, 1), Roll.of(2, 3)):
        for player in range(3):
            action = rng.choice(legal_actions(keeper.state(session.id).states[player], roll))
            keeper.act(session.id, {**action.to_dict(), "player": player})
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await ui.click("t12-tab-1")                     # a look at Bob's sheet
    await ui.click("ent-open")
    await ui.click("ent-edit-3")                    # Ann's turn of round 2
    assert ui.get("ent-title").value == "Correcting entry 4"
    assert ui.find("t12-own-sheet") is None         # her sheet is the one shown, not Bob's
    assert any(text.startswith("Ann's sheet") and text.endswith("to play") for text in ui.texts())


async def test_an_ascent_taken_back_from_history_says_so_on_home(open_ui, store):
    """Its Resume card said "ended ..., not yet in History" of a game History still holds as it was."""
    from harness import walk

    setup, docs, _ = game(turns=19)
    game_id = seated(store, setup, docs)
    SessionKeeper(store).finish(game_id)
    ui = await open_ui(route=f"/history/{game_id}")
    await ui.click("record-correct")
    ui = await open_ui()
    card = " ".join(str(c.value) for c in walk(ui.get(f"home-resume-{game_id}"))
                    if isinstance(getattr(c, "value", None), str))
    assert "taken back from History for a correction" in card
    assert "not yet in History" not in card
    assert "correction under way" not in card                # taken back, but no entry corrected yet


async def test_a_finished_ascent_with_a_correction_begun_is_still_said_to_be_over_on_home(open_ui, store):
    """The Resume card read the correction's draft: a full sheet with entry 4 being corrected was "Round 4 of 19"."""
    from harness import walk

    setup, docs, _ = game(turns=19)
    game_id = seated(store, setup, docs)
    SessionKeeper(store).begin_correction(game_id, 3)
    ui = await open_ui()
    card = " ".join(str(c.value) for c in walk(ui.get(f"home-resume-{game_id}"))
                    if isinstance(getattr(c, "value", None), str))
    assert "Round 19 of 19" in card and "not yet in History" in card
    # ... and that a correction waits on it (after a restart, nothing on home said so).
    assert "correction under way" in card
    from layout_check import layout_problems

    for language in ("en", "pl", "de", "fr"):             # said whole, not cut at the card's third line
        store.settings.set("language", language)
        assert layout_problems((await open_ui()).top, 360, every_label=True) == []
    store.settings.set("language", "en")


# Played under the designer's reading: the last entry's 4 in circle 7 joins the lines of both its neighbours,
# which the rulebook's reading allows only one of. No entry names a link: each had one way to be written.
MERGED = [{"dice": [2, 5], "op": "product", "circle": 4}, {"dice": [5, 2], "op": "sum", "circle": 5},
          {"dice": [1, 0], "op": "higher", "circle": 12}, {"dice": [1, 2], "op": "sum", "circle": 3},
          {"dice": [4, 5], "op": "higher", "circle": 11}, {"dice": [3, 0], "op": "product", "circle": 14},
          {"dice": [2, 4], "op": "lower", "circle": 2}, {"dice": [6, 1], "op": "lower", "circle": 15},
          {"dice": [3, 0], "op": "sum", "circle": 0}, {"dice": [2, 1], "op": "lower", "circle": 1},
          {"dice": [2, 4], "op": "difference", "circle": 10}, {"dice": [3, 1], "op": "difference", "circle": 13},
          {"dice": [6, 2], "op": "higher", "circle": 6}, {"dice": [4, 2], "op": "difference", "circle": 17},
          {"dice": [3, 5], "op": "higher", "circle": 8}, {"dice": [6, 3], "op": "difference", "circle": 9},
          {"dice": [3, 3], "op": "product", "circle": 16}, {"dice": [6, 4], "op": "lower", "circle": 7}]


async def test_an_entry_left_free_to_link_two_ways_by_a_corrected_reading_asks_to_be_entered_again(open_ui, store):
    game_id = seated(store, {"sheet": "dunai", "ruleset": {"merge_lines": True}}, MERGED)
    ui = await open_ui(route=f"/play/trek12/{game_id}")
    await ui.click("ent-open")
    await ui.click("ent-setup-0-0")                                       # the rulebook's reading
    assert ui.get("ent-title").value == "Entry 18 no longer applies"
    # The engine's wording names the game file's field ("say which in 'links'"); the app's says what to tap.
    assert ui.get("ent-reason").value == ("Why: Ann, turn 18: the 4 in circle 7 may now be linked to [9] or [8]: "
                                          "tap Fix it to say which.")
    await ui.click("ent-fix")
    assert ui.get("ent-title").value == "Correcting entry 18"
    await play_turn(ui, engine.Action.from_dict({**MERGED[-1], "links": [9]}), table=table_of(store, game_id))
    assert ui.get("ent-title").value == "The corrected setup is ready"
    await ui.click("ent-confirm")
    saved = store.sessions.get(game_id)
    assert "ruleset" not in saved["setup"] and saved["actions"][:-1] == MERGED[:-1]
    assert saved["actions"][-1]["circle"] == 7 and saved["actions"][-1]["links"] == [9]


def test_a_refusal_for_maxs_link_is_said_in_the_apps_words_in_each_language():
    from companion.games.trek12.rules import MAX_LINK_QUESTION
    from companion.i18n import msg, tr, use_language
    from companion.ui.trek12.screens import refusal_words

    asked = msg("turn {turn}: {reason}", turn=6,
                reason=msg(MAX_LINK_QUESTION, value=6, circle=7, choices=msg("{choices} or {choice}", choices="[5]",
                                                                               choice="[9]")))
    said = {}
    for code in ("en", "fr"):
        with use_language(code):
            said[code] = tr(refusal_words(asked))
    # An Expedition's sheets refuse as Trek 12's do: the same words in its entries.
    from companion.games.trek12.rules import LINK_QUESTION
    from companion.ui.common.registry import refusal_words as registered
    asked_in_expedition = msg(LINK_QUESTION, value=4, circle=7, choices="[9]")
    assert tr(registered("expedition", asked_in_expedition)) == \
        "the 4 in circle 7 may now be linked to [9]: tap Fix it to say which"
    assert said == {"en": "turn 6: Max's 6 in circle 7 may now be linked to [5] or [9]: tap Fix it to say which",
                    "fr": "manche 6\u00a0: le 6 de Max dans la case 7 peut maintenant être relié à [5] ou [9]\u00a0: "
                          "touchez «\u00a0La corriger\u00a0» pour choisir"}


async def test_a_full_sheet_being_corrected_says_what_saving_does(open_ui, store):
    # The last turn entered again: "Undo stays possible until the Ascent is saved." stood beside a greyed Undo;
    # saving confirms a correction that is ready.
    setup, docs, _ = game(turns=19)
    game_id = seated(store, setup, docs)
    keeper = SessionKeeper(store)
    ui = await open_ui(route=f"/play/trek12/{game_id}")
    assert ui.get("t12-finish-hint").value == "Undo stays possible until the Ascent is saved."
    keeper.begin_correction(game_id, len(docs) - 1)
    keeper.act(game_id, docs[-1])
    ui = await open_ui(route=f"/play/trek12/{game_id}")
    assert ui.get("t12-finish-hint").value == "Check the game as corrected; saving it to History confirms the correction."
    assert not ui.get("t12-finish").disabled
    await ui.click("t12-finish")
    assert store.history.get(game_id) is not None                        # saved, the correction confirmed


async def test_cards_cashed_while_a_correction_is_ready_confirm_it_first(open_ui, store):
    # The last turn entered again, the correction ready: the cash choice was refused ("An old entry is being
    # corrected…"); like saving, it confirms the correction first, whose end is the one on screen.
    from trek12_ascents import fill_sheets

    ann = store.players.add("Ann")
    keeper = SessionKeeper(store)
    session = keeper.start("trek12", {"sheet": "dunai", "dice_seed": 11,
                                      "players": [{"id": ann.id, "name": "Ann", "assists": ["rope"]}]},
                           [ann.id], "Dunai")
    fill_sheets(keeper, session.id)
    docs = keeper.get(session.id).actions
    keeper.begin_correction(session.id, len(docs) - 1)
    keeper.act(session.id, docs[-1])
    assert keeper.correction(session.id).ready
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    await ui.click("t12-cash-done")                          # Ann keeps her Rope
    assert ui.find("t12-cash-problem") is None and ui.find("t12-cash") is None
    correction = keeper.correction(session.id)
    assert (correction is None or correction.done) and keeper.get(session.id).actions[-1]["cash"] == []
