"""Correcting an old entry of a game in progress: the game is replayed on a draft from that entry, later entries
that still apply are kept, the first refused one is reported with the engine's reason and each choice does
what it says; nothing changes until confirmed, cancel leaves the game as it was, one tap undoes it, and a
stop of the app during the review loses nothing."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction, InvalidInput
from companion.sessions import SessionKeeper
from companion.store import open_store

GAME = "trek12"  # a registry id; its engine is replaced by the counting game (target, add 1-3, never past it)


@pytest.fixture
def keeper(store, counter_engine):
    return SessionKeeper(store, engines={GAME: counter_engine})


def played(keeper, store, adds: list[int], target: int = 12) -> str:
    ann = store.players.find("Ann") or store.players.add("Ann")
    session = keeper.start(GAME, {"target": target}, [ann.id], "x")
    for add in adds:
        keeper.act(session.id, {"add": add})
    return session.id


def adds(store, session_id: str) -> list[int]:
    """The game's entries as saved (during a correction, the game untouched by it)."""
    return [a["add"] for a in store.sessions.get(session_id)["actions"]]


def test_an_entry_five_back_is_corrected_and_the_later_ones_kept(store, keeper):
    game = played(keeper, store, [1, 2, 1, 3, 1, 2])          # entry 1 should have been a 3
    correction = keeper.begin_correction(game, 1)
    assert correction.waiting == {"add": 2} and correction.at == 1
    assert keeper.state(game).total == 1                        # the draft, just before the entry
    assert adds(store, game) == [1, 2, 1, 3, 1, 2]             # the game itself is untouched
    keeper.act(game, {"add": 3})                                # entered again, as it should have been
    correction = keeper.correction(game)
    assert correction.ready and correction.kept == 4
    assert keeper.state(game).total == 11
    keeper.confirm_correction(game)
    assert adds(store, game) == [1, 3, 1, 3, 1, 2]
    assert keeper.state(game).total == 11
    assert not keeper.get(game).can_redo
    # One tap undoes the whole correction.
    keeper.undo_correction(game)
    assert adds(store, game) == [1, 2, 1, 3, 1, 2] and keeper.correction(game) is None


def test_a_later_entry_the_correction_makes_illegal_and_each_choice(store, keeper):
    # Fix: the refused entry is entered again as it should be, and the replay goes on.
    game = played(keeper, store, [1, 3, 3, 3, 1], target=12)
    keeper.begin_correction(game, 0)
    keeper.act(game, {"add": 3})                               # 3 + 3 + 3 + 3 = 12: the last "1" passes 12
    correction = keeper.correction(game)
    assert correction.refused == "adding 1 to 12 would pass the target 12"
    assert correction.refused_action == {"add": 1} and correction.kept == 3
    with pytest.raises(IllegalAction, match="decide about the refused later entry"):
        keeper.confirm_correction(game)
    with pytest.raises(IllegalAction, match="decide about the refused later entry"):
        keeper.act(game, {"add": 1})
    keeper.resolve_correction(game, "fix")
    assert keeper.correction(game).waiting == {"add": 1}
    with pytest.raises(IllegalAction, match="would pass the target"):
        keeper.act(game, {"add": 1})                           # the fix itself is checked
    keeper.cancel_correction(game)
    assert adds(store, game) == [1, 3, 3, 3, 1] and keeper.correction(game) is None

    # Drop: the refused entry goes, the replay goes on.
    keeper.begin_correction(game, 0)
    keeper.act(game, {"add": 2})                               # 2 + 3 + 3 + 3 = 11, then 1 = 12: all kept
    assert keeper.correction(game).ready
    keeper.cancel_correction(game)
    keeper.begin_correction(game, 0)
    keeper.act(game, {"add": 3})
    keeper.resolve_correction(game, "drop")
    assert keeper.correction(game).ready and keeper.correction(game).dropped == 1
    keeper.confirm_correction(game)
    assert adds(store, game) == [3, 3, 3, 3]

    # Drop the rest: the refused entry and everything after it.
    other = played(keeper, store, [1, 3, 3, 3, 2, 1], target=13)
    keeper.begin_correction(other, 0)
    keeper.act(other, {"add": 3})                              # 12 after four; +2 passes 13
    assert keeper.correction(other).refused_action == {"add": 2}
    with pytest.raises(InvalidInput, match="choose one of fix, drop, drop_rest, insert"):
        keeper.resolve_correction(other, "keep")
    keeper.resolve_correction(other, "drop_rest")
    assert keeper.correction(other).dropped == 2
    with pytest.raises(IllegalAction, match="no later entry is waiting"):
        keeper.resolve_correction(other, "drop")
    keeper.confirm_correction(other)
    assert adds(store, other) == [3, 3, 3, 3]


def test_a_missed_entry_is_added_before_one_that_no_longer_applies_which_is_then_tried_again(store, keeper):
    # A later entry refused because something is missing before it (in Freunde, a risk point paid before the
    # player's "done"): the missed entry is entered, and the refused one is replayed after it, with the rest.
    game = played(keeper, store, [1, 3, 3, 3, 1, 3], target=14)
    keeper.begin_correction(game, 0)
    keeper.act(game, {"add": 2})                               # 2 + 3 + 3 + 3 + 1 = 12: the last 3 passes 14
    correction = keeper.correction(game)
    assert correction.refused_action == {"add": 3} and correction.number == 6
    correction = keeper.resolve_correction(game, "insert")
    assert correction.inserting and correction.refused is None and correction.rest == ({"add": 3},)
    assert correction.number == 6 and not correction.ready     # still about entry 6, which waits its turn
    with pytest.raises(IllegalAction, match="enter the entry asked for first"):
        keeper.confirm_correction(game)
    with pytest.raises(IllegalAction, match="no later entry is waiting"):
        keeper.resolve_correction(game, "drop")
    # Kept across a restart of the app, as every step of a correction is.
    assert SessionKeeper(store, engines={GAME: keeper.engine(GAME)}).correction(game).inserting
    with pytest.raises(IllegalAction, match="would pass the target"):
        keeper.act(game, {"add": 3})                           # the entry added is checked like any other
    keeper.act(game, {"add": 1})                               # 13; then entry 6 is tried again: 16, refused
    correction = keeper.correction(game)
    assert not correction.inserting and correction.refused_action == {"add": 3} and correction.number == 6
    assert correction.actions == ({"add": 2}, {"add": 3}, {"add": 3}, {"add": 3}, {"add": 1}, {"add": 1})
    keeper.resolve_correction(game, "drop")
    keeper.confirm_correction(game)
    assert adds(store, game) == [2, 3, 3, 3, 1, 1]
    # A correction with entries still to replay is never ready, whatever else it says (a document written
    # without the "inserting" mark would otherwise confirm without them).
    from dataclasses import replace

    assert not replace(correction, refused=None, inserting=False).ready


def test_the_entry_waited_on_keeps_the_number_it_had_in_the_list(store, keeper):
    # The player chose from the game's entries as they were: a later entry keeps its number there even when
    # an entry before it was dropped (the draft then holds one entry fewer before it).
    game = played(keeper, store, [1, 1, 1, 3, 1, 1], target=8)
    assert keeper.begin_correction(game, 0).number == 1
    keeper.act(game, {"add": 3})                               # 3 + 1 + 1 + 3 = 8: the fifth entry passes 8
    correction = keeper.correction(game)
    assert correction.refused_action == {"add": 1} and correction.number == 5
    correction = keeper.resolve_correction(game, "drop")       # and so does the sixth
    assert correction.refused is not None and len(correction.actions) == 4 and correction.number == 6
    correction = keeper.resolve_correction(game, "fix")
    assert correction.waiting == {"add": 1} and correction.number == 6


def test_deleting_an_entry_replays_the_rest_at_once(store, keeper):
    game = played(keeper, store, [2, 1, 3, 3])
    correction = keeper.begin_correction(game, 1, delete=True)
    assert correction.ready and correction.kept == 2 and correction.dropped == 1
    keeper.confirm_correction(game)
    assert adds(store, game) == [2, 3, 3]


def test_nothing_else_happens_during_a_correction(store, keeper):
    game = played(keeper, store, [1, 2])
    with pytest.raises(InvalidInput, match="no entry 5"):
        keeper.begin_correction(game, 5)
    keeper.begin_correction(game, 0)
    with pytest.raises(IllegalAction, match="already under way"):
        keeper.begin_correction(game, 1)
    for step in (keeper.undo, keeper.redo, keeper.finish):
        with pytest.raises(IllegalAction, match="being corrected"):
            step(game)
    keeper.act(game, {"add": 1})
    with pytest.raises(IllegalAction, match="confirm or cancel the correction before entering"):
        keeper.act(game, {"add": 1})
    keeper.cancel_correction(game)
    with pytest.raises(IllegalAction, match="no correction is under way"):
        keeper.cancel_correction(game)
    keeper.act(game, {"add": 1})                               # the game goes on as before
    assert adds(store, game) == [1, 2, 1]


def test_undoing_a_correction_after_new_entries_is_refused(store, keeper):
    game = played(keeper, store, [1, 2])
    keeper.begin_correction(game, 0, delete=True)
    keeper.confirm_correction(game)
    keeper.act(game, {"add": 3})
    with pytest.raises(IllegalAction, match="no confirmed correction to undo"):
        keeper.undo_correction(game)


def test_a_stop_during_the_review_loses_nothing(tmp_data_dir, counter_engine):
    store = open_store(tmp_data_dir)
    keeper = SessionKeeper(store, engines={GAME: counter_engine})
    game = played(keeper, store, [1, 3, 3, 3, 1])
    keeper.begin_correction(game, 0)
    keeper.act(game, {"add": 3})
    store.close()                                              # the app stops mid-review

    store = open_store(tmp_data_dir)
    keeper = SessionKeeper(store, engines={GAME: counter_engine})
    try:
        correction = keeper.correction(game)
        assert correction.refused_action == {"add": 1} and correction.kept == 3
        assert adds(store, game) == [1, 3, 3, 3, 1]           # the game as it was
        assert keeper.state(game).total == 12                  # the draft as far as it went
        keeper.resolve_correction(game, "drop")
        keeper.confirm_correction(game)
        assert adds(store, game) == [3, 3, 3, 3]
    finally:
        store.close()


def test_finishing_or_abandoning_forgets_the_correction(store, keeper):
    game = played(keeper, store, [3, 3], target=6)
    keeper.begin_correction(game, 0, delete=True)
    keeper.cancel_correction(game)
    keeper.begin_correction(game, 1, delete=True)
    keeper.confirm_correction(game)
    keeper.act(game, {"add": 3})
    keeper.finish(game)
    assert store.table("corrections").get(game) is None


def test_the_game_read_during_a_correction_is_the_draft(store, keeper):
    game = played(keeper, store, [1, 2, 3])
    keeper.begin_correction(game, 1)
    assert keeper.get(game).actions == ({"add": 1},) and not keeper.get(game).can_redo
    assert store.sessions.get(game)["actions"] == [{"add": 1}, {"add": 2}, {"add": 3}]
    after = keeper.act(game, {"add": 1})
    assert after.actions == ({"add": 1}, {"add": 1}, {"add": 3})
    keeper.cancel_correction(game)
    assert keeper.get(game).actions == ({"add": 1}, {"add": 2}, {"add": 3})


def test_a_finished_game_is_reopened_corrected_and_its_record_rewritten(store, keeper):
    game = played(keeper, store, [3, 3, 2, 1, 3])                 # 12: finished in 5 moves
    keeper.finish(game)
    before = store.history.get(game)
    assert "corrected" not in before and before["players"][0]["score"] == 5
    reopened = keeper.reopen(game)
    assert reopened.id == game and reopened.actions == tuple(before["session"]["actions"])
    assert keeper.reopened(game) and store.history.get(game) == before   # History keeps it meanwhile
    keeper.begin_correction(game, 2, delete=True)                        # the 2 was a mistake: 3 3 1 3 = 10
    keeper.confirm_correction(game)
    keeper.act(game, {"add": 2})                                          # ... and the game ends again
    assert keeper.finish(game) == game
    after = store.history.get(game)
    assert after["corrected"] >= before["finished"] and after["finished"] == before["finished"]
    assert after["session"]["actions"] == [{"add": a} for a in (3, 3, 1, 3, 2)]
    assert after["players"][0]["score"] == 5 and store.history.count() == 1
    assert not keeper.reopened(game) and store.sessions.get(game) is None


def test_a_reopened_game_abandoned_or_finished_unchanged_leaves_the_record(store, keeper):
    game = played(keeper, store, [3, 3], target=6)
    keeper.finish(game)
    before = store.history.get(game)
    keeper.reopen(game)
    keeper.abandon(game)
    assert store.history.get(game) == before and not keeper.reopened(game)
    keeper.reopen(game)
    keeper.finish(game)                                                   # nothing corrected
    assert store.history.get(game) == before and store.history.count() == 1
    with pytest.raises(InvalidInput, match="history holds no game"):
        keeper.reopen("f" * 32)


def test_a_game_whose_record_is_deleted_while_it_is_corrected_is_a_game_in_progress_like_any(store, keeper):
    # The record deleted on one device while another corrected the game: abandoning was still offered as
    # "History keeps the game as it was", and the game was then in neither History nor in progress.
    game = played(keeper, store, [3, 3], target=6)
    keeper.finish(game)
    keeper.reopen(game)
    store.history.delete(game)
    assert not keeper.reopened(game)          # the only copy now: its screens say abandoning deletes it
    keeper.begin_correction(game, 1, delete=True)
    keeper.confirm_correction(game)
    keeper.act(game, {"add": 2})
    keeper.act(game, {"add": 1})
    keeper.finish(game)                       # ... and finishing it puts it back in History
    assert store.history.get(game)["session"]["actions"] == [{"add": 3}, {"add": 2}, {"add": 1}]


def test_a_game_taken_back_from_history_stays_in_progress_when_the_app_is_stopped(tmp_data_dir, counter_engine):
    # A correction of a finished game left to be confirmed later vanished from Home on the next start: opening
    # the folder closed every game in progress whose entries History held as they are, and a correction under
    # way does not touch the game's entries until it is confirmed.
    with open_store(tmp_data_dir) as store:
        keeper = SessionKeeper(store, engines={GAME: counter_engine})
        game = played(keeper, store, [3, 3, 2, 1, 3])
        keeper.finish(game)
        keeper.reopen(game)
        keeper.begin_correction(game, 2, delete=True)
        reopened_only = played(keeper, store, [3, 3], target=6)
        keeper.finish(reopened_only)
        keeper.reopen(reopened_only)                                   # taken back, nothing changed yet
    with open_store(tmp_data_dir) as store:
        keeper = SessionKeeper(store, engines={GAME: counter_engine})
        assert {s.id for s in keeper.in_progress()} == {game, reopened_only}
        assert keeper.reopened(game) and keeper.reopened(reopened_only)
        assert keeper.correction(game) is not None
        keeper.confirm_correction(game)
        keeper.act(game, {"add": 2})
        assert keeper.finish(game) == game and store.history.count() == 2
        assert [a["add"] for a in store.history.get(game)["session"]["actions"]] == [3, 3, 1, 3, 2]


def test_the_setup_is_corrected_and_every_entry_replayed_on_it(store, keeper):
    game = played(keeper, store, [3, 3, 2, 1])                     # target 12, at 9
    correction = keeper.begin_setup_correction(game, {"target": 8})
    assert correction.refused == "adding 1 to 8 would pass the target 8" and correction.kept == 3
    assert keeper.get(game).setup == {"target": 8} and keeper.state(game).total == 8
    assert store.sessions.get(game)["setup"] == {"target": 12}     # nothing saved yet
    keeper.resolve_correction(game, "drop")
    keeper.confirm_correction(game)
    assert store.sessions.get(game)["setup"] == {"target": 8} and adds(store, game) == [3, 3, 2]
    keeper.undo_correction(game)
    assert store.sessions.get(game)["setup"] == {"target": 12} and adds(store, game) == [3, 3, 2, 1]
    with pytest.raises(InvalidInput, match="target must be a whole number"):
        keeper.begin_setup_correction(game, {"target": "eight"})
    with pytest.raises(IllegalAction, match="already so"):
        keeper.begin_setup_correction(game, {"target": 12})
    assert keeper.correction(game) is None


def test_each_game_offers_its_setup_corrections_as_setups_it_accepts() -> None:
    from companion.games.expedition import session as expedition
    from companion.games.fourteeners import session as fourteeners
    from companion.games.freunde import session as freunde
    from companion.games.ridgeline import session as ridgeline
    from companion.games.trek12 import session as trek12

    setups = [
        (trek12, {"sheet": "dunai", "solo": None, "players": [{"id": None, "name": "Ann"}]}),
        (ridgeline, {"seats": ["Ann", "Bob", "Cy"], "route": "sprint", "first_dealer": "Bob", "checked": True}),
        (fourteeners, {"players": [{"name": "Ann", "side": "advanced"}, "Bo"], "weather": False,
                       "accolade": {"category": {"most": {"side": "gear"}}}}),
        (freunde, {"players": ["Ann", "Bo", "Cy", "Di", "Ed"], "board": "summer", "weather_season": "winter",
                   "start_player": "cy", "extra_high_climber": True}),
        (expedition, {"players": [{"name": "Ann", "paper": True}, "Bo"], "lead": "bo", "cards": "off"}),
    ]
    for engine, setup in setups:
        options = engine.setup_options(setup)
        assert options
        for option in options:
            assert sum(choice["current"] for choice in option["choices"]) == 1, option["label"]
            for choice in option["choices"]:
                engine.start(choice["setup"])                       # every choice is a setup the game takes
                assert (choice["setup"] == setup) == choice["current"] or choice["current"]
    labels = [o["label"] for o in fourteeners.setup_options(setups[2][1])]
    assert labels == ["Ann's Hiker side", "Bo's Hiker side", "Weather"]
    first = ridgeline.setup_options(setups[1][1])[1]
    assert [(c["label"], c["current"]) for c in first["choices"]] == [("Ann", False), ("Bob", True), ("Cy", False)]
    starts, extra, sides, tiles = freunde.setup_options(setups[3][1])
    assert [c["current"] for c in starts["choices"]] == [False, False, True, False, False]
    assert [(c["label"], c["current"]) for c in extra["choices"]] == [("Off", False), ("On", True)]
    assert [c["current"] for c in sides["choices"]] == [True, False]
    assert [(c["label"], c["current"]) for c in tiles["choices"]] == [("Summer tiles", False), ("Winter tiles", True)]
    solo = {**setups[3][1], "players": ["Ann"], "start_player": 0, "extra_high_climber": False}
    assert [o["label"] for o in freunde.setup_options(solo)] == ["Board side", "Weather"]
    # A winter board corrected at the table stays a choice of its own, in force, beside the shipped sides.
    from companion.games.freunde.data import CORRECTED, load_data
    winter = load_data().boards["winter"]
    edited = {**solo, "board": {**winter.to_doc(), "title": winter.title + CORRECTED}}
    sides = freunde.setup_options(edited)[0]
    freunde.start(sides["choices"][2]["setup"])
    assert [(str(c["label"]), c["current"]) for c in sides["choices"]] == [
        ("Summer board (easier route)", False), ("Winter board (harder route)", False),
        ("Winter board (harder route), corrected at the table", True)]
    (lead,) = expedition.setup_options(setups[4][1])
    assert [(c["label"], c["current"]) for c in lead["choices"]] == [("Ann", False), ("Bo", True)]
    assert expedition.setup_options({"players": ["Ann"], "solo": "max"}) == []      # Max never leads


def test_a_backup_brings_a_correction_only_with_its_game(store, keeper):
    game = played(keeper, store, [1, 2, 3])
    keeper.begin_correction(game, 0)
    backup = store.export_all()
    keeper.cancel_correction(game)
    keeper.act(game, {"add": 3})
    keeper.act(game, {"add": 3})
    store.import_all(backup)                                   # the game is here already, and has moved on
    assert keeper.correction(game) is None and store.table("corrections").get(game) is None
    assert keeper.get(game).actions == tuple({"add": a} for a in (1, 2, 3, 3, 3))


def test_a_correction_made_on_another_state_of_the_game_is_ignored(store, keeper):
    game = played(keeper, store, [1, 2, 3])
    keeper.begin_correction(game, 0)
    doc = store.table("corrections").get(game)
    keeper.cancel_correction(game)
    keeper.act(game, {"add": 1})
    store.table("corrections").upsert(doc)                     # left from before the game moved on
    assert keeper.correction(game) is None
    assert keeper.get(game).actions == tuple({"add": a} for a in (1, 2, 3, 1))
    keeper.act(game, {"add": 1})                               # and the game goes on as saved
    assert adds(store, game) == [1, 2, 3, 1, 1]


def test_undoing_a_correction_gives_back_what_could_be_redone_before_it(store, keeper):
    game = played(keeper, store, [1, 2, 1, 3, 2])
    keeper.undo(game)
    keeper.undo(game)                                          # 3 and 2 could be redone
    keeper.begin_correction(game, 0)
    keeper.act(game, {"add": 2})
    keeper.confirm_correction(game)
    assert not keeper.get(game).can_redo                       # the corrected game has nothing to redo
    keeper.undo_correction(game)
    assert adds(store, game) == [1, 2, 1]
    keeper.redo(game)
    keeper.redo(game)
    assert adds(store, game) == [1, 2, 1, 3, 2]
    # A correction kept by an earlier version (no "original_redo") still reads, with nothing to redo.
    game2 = played(keeper, store, [1, 1])
    keeper.begin_correction(game2, 0)
    doc = store.table("corrections").get(game2)
    del doc["original_redo"]
    store.table("corrections").upsert(doc)
    assert keeper.correction(game2).original_redo == ()


def test_a_fourteeners_accolade_set_out_wrong_can_be_corrected() -> None:
    # The entries offered the Hiker sides and the Weather, not the Accolade: a table that set out the wrong
    # card (or half) had to abandon the game to score the right one.
    from companion.games.fourteeners import session as fourteeners
    from test_fourteeners_fixtures import synthetic_catalog_doc

    base = {"players": ["Ann", "Bo", "Cy"], "weather": True, "catalog": synthetic_catalog_doc()}
    for accolade in ("random", {"name": "Gear Head", "side": "advanced"}, {"category": {"most": {"side": "gear"}}}):
        setup = {**base, "accolade": accolade, "seed": 4}
        [option] = [o for o in fourteeners.setup_options(setup) if str(o["label"]) == "Accolade"]
        assert sum(choice["current"] for choice in option["choices"]) == 1
        drawn = fourteeners.start(setup).setup.accolade
        [current] = [c for c in option["choices"] if c["current"]]
        assert fourteeners.start(current["setup"]).setup.accolade == drawn      # the one in play is current
        for choice in option["choices"]:
            chosen = fourteeners.start(choice["setup"]).setup.accolade
            assert choice["current"] or chosen != drawn
    named = [str(c["label"]) for c in option["choices"]]
    assert named[0] == "most Climbs tucked as Gear" and "Gear Head (advanced)" in named, named
    # A category typed at setup and one half described in the catalog: two choices, still an option.
    one_half = {**base["catalog"], "accolades": [{"name": "Gear Head", "basic": {"most": {"side": "gear"}}}]}
    setup = {**base, "catalog": one_half, "accolade": {"category": {"most": {"side": "plans"}}}}
    [option] = [o for o in fourteeners.setup_options(setup) if str(o["label"]) == "Accolade"]
    assert [(str(c["label"]), c["current"]) for c in option["choices"]] == [
        ("most Climbs tucked as Plans", True), ("Gear Head (basic)", False)]
    # Gerry plays without an Accolade: nothing to correct there.
    assert [str(o["label"]) for o in fourteeners.setup_options({**base, "players": ["Ann"], "accolade": None})] \
        == ["Ann's Hiker side", "Weather"]


def test_a_deleted_entry_is_not_counted_as_a_later_one_dropped_and_is_remembered(store, keeper):
    game = played(keeper, store, [2, 1, 3, 3])
    correction = keeper.begin_correction(game, 1, delete=True)
    assert correction.deleted and correction.later_dropped == 0
    assert keeper.correction(game).later_dropped == 0                    # as kept in the store
    keeper.cancel_correction(game)
    correction = keeper.begin_correction(game, 1)
    assert not correction.deleted and correction.later_dropped == 0
