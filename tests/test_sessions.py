"""Games in progress: setup plus actions, saved after every action, undo/redo, finish into history, crashes."""

from __future__ import annotations

import json
import signal
import threading
import time

import pytest

from companion.errors import IllegalAction, InvalidInput
from companion.games import GAMES, GameEntry
from companion.sessions import Session, SessionKeeper
from companion.store import open_store

GAME = "trek12"  # a registry id; its engine is replaced by the counting game


@pytest.fixture
def keeper(store, counter_engine):
    return SessionKeeper(store, engines={GAME: counter_engine})


@pytest.fixture
def ann(store):
    return store.players.add("Ann")


def test_start_checks_the_setup_and_saves_at_once(store, keeper, ann):
    session = keeper.start(GAME, {"target": 5}, [ann.id], "First climb")
    assert (session.game, session.title, session.players, session.actions) == (GAME, "First climb", (ann.id,), ())
    assert not session.can_undo and not session.can_redo
    assert store.sessions.get(session.id) == session.to_record()
    assert keeper.state(session.id).total == 0


def test_a_bad_setup_or_player_saves_nothing(store, keeper, ann):
    with pytest.raises(InvalidInput, match="target must be a whole number"):
        keeper.start(GAME, {"target": "high"}, [ann.id], "x")
    with pytest.raises(InvalidInput, match="no player with id"):
        keeper.start(GAME, {"target": 5}, ["f" * 32], "x")
    store.players.remove(ann.id)
    with pytest.raises(InvalidInput, match="“Ann” has been removed"):
        keeper.start(GAME, {"target": 5}, [ann.id], "x")
    with pytest.raises(InvalidInput, match="setup"):
        keeper.start(GAME, {"target": 5, "when": object()}, [], "x")
    assert store.sessions.list() == []


def test_act_applies_then_saves(store, keeper, ann):
    session = keeper.start(GAME, {"target": 5}, [ann.id], "x")
    after = keeper.act(session.id, {"add": 2})
    assert after.actions == ({"add": 2},) and after.can_undo
    assert after.updated >= session.updated
    assert store.sessions.get(session.id)["actions"] == [{"add": 2}]
    assert keeper.state(session.id).total == 2


def test_a_refused_action_leaves_everything_as_it_was(store, keeper, ann):
    session = keeper.act(keeper.start(GAME, {"target": 3}, [ann.id], "x").id, {"add": 2})
    saved = store.sessions.get(session.id)
    with pytest.raises(IllegalAction, match="would pass the target 3"):
        keeper.act(session.id, {"add": 2})
    with pytest.raises(InvalidInput, match="add must be 1, 2 or 3"):
        keeper.act(session.id, {"add": 7})
    with pytest.raises(InvalidInput, match="an action must be an object"):
        keeper.act(session.id, ["add", 1])
    assert store.sessions.get(session.id) == saved
    assert keeper.state(session.id).total == 2


def test_the_saved_action_is_a_copy(store, keeper, ann):
    session = keeper.start(GAME, {"target": 5}, [ann.id], "x")
    action = {"add": 1}
    keeper.act(session.id, action)
    action["add"] = 3
    assert store.sessions.get(session.id)["actions"] == [{"add": 1}]


def test_undo_and_redo(store, keeper, ann):
    sid = keeper.start(GAME, {"target": 9}, [ann.id], "x").id
    for add in (1, 2, 3):
        keeper.act(sid, {"add": add})
    undone = keeper.undo(sid)
    assert undone.actions == ({"add": 1}, {"add": 2}) and undone.redo == ({"add": 3},)
    assert keeper.state(sid).total == 3
    keeper.undo(sid)
    assert keeper.state(sid).total == 1
    redone = keeper.redo(sid)
    assert redone.actions == ({"add": 1}, {"add": 2}) and redone.redo == ({"add": 3},)
    assert keeper.state(sid).total == 3
    assert store.sessions.get(sid)["redo"] == [{"add": 3}]
    # a new action forgets what could have been redone
    fresh = keeper.act(sid, {"add": 1})
    assert fresh.redo == () and not fresh.can_redo
    with pytest.raises(IllegalAction, match="nothing to redo"):
        keeper.redo(sid)
    for _ in range(3):
        keeper.undo(sid)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        keeper.undo(sid)
    assert keeper.state(sid).total == 0


def test_undo_and_redo_as_seen_refuse_when_another_device_changed_the_game(store, keeper, ann):
    # Two phones tapped Undo at once to take back the same move: the second took back the one before it too.
    sid = keeper.start(GAME, {"target": 9}, [ann.id], "x").id
    for add in (1, 2, 3):
        keeper.act(sid, {"add": add})
    shown = keeper.get(sid).actions
    keeper.undo(sid, seen=shown)
    with pytest.raises(IllegalAction, match=r"changed meanwhile \(on another device, or by a tap made twice\); "
                                            r"nothing was undone"):
        keeper.undo(sid, seen=shown)
    assert keeper.get(sid).actions == ({"add": 1}, {"add": 2})
    shown = keeper.get(sid).actions
    keeper.redo(sid, seen=shown)
    with pytest.raises(IllegalAction, match="nothing was redone"):
        keeper.redo(sid, seen=shown)
    assert keeper.state(sid).total == 6
    # An undo and another move elsewhere leave as many entries as the screen showed, not the same ones.
    shown = keeper.get(sid).actions
    keeper.undo(sid)
    keeper.act(sid, {"add": 1})
    with pytest.raises(IllegalAction, match="nothing was undone"):
        keeper.undo(sid, seen=shown)
    assert keeper.state(sid).total == 4


def test_state_is_rebuilt_by_replay_in_a_new_keeper(store, keeper, counter_engine, ann):
    sid = keeper.start(GAME, {"target": 9}, [ann.id], "x").id
    for add in (3, 3, 1):
        keeper.act(sid, {"add": add})
    other = SessionKeeper(store, engines={GAME: counter_engine})
    assert other.state(sid) == keeper.state(sid)
    assert other.state(sid).moves == (3, 3, 1)


def test_finish_records_history_and_closes_the_session(store, keeper, ann):
    session = keeper.start(GAME, {"target": 4}, [ann.id], "Dunai")
    for add in (3, 1):
        keeper.act(session.id, {"add": add})
    history_id = keeper.finish(session.id)
    assert history_id == session.id
    record = store.history.get(history_id)
    assert record["game"] == GAME and record["title"] == "Dunai"
    assert record["players"] == [{"id": ann.id, "name": "Ann", "score": 2, "winner": True}]
    assert record["detail"] == {"moves": [3, 1]}
    assert record["session"] == {"setup": {"target": 4}, "actions": [{"add": 3}, {"add": 1}]}
    assert store.sessions.get(session.id) is None
    assert keeper.in_progress() == []


def test_a_finished_game_takes_its_half_filled_form_along(store, keeper, ann):
    # A form left half filled in at the game's end (a tableau's seat, a typed search) stayed in the store, went
    # into every backup, and was said "kept as it is here" by an import on a device that never had it.
    from companion.store.layout import DRAFTS_TABLE

    session = keeper.start(GAME, {"target": 1}, [ann.id], "x")
    keeper.act(session.id, {"add": 1})
    store.table(DRAFTS_TABLE).upsert({"id": session.id, "form": "tableau", "mark": [-1, 1], "draft": {"seat": 0}})
    keeper.finish(session.id)
    assert store.table(DRAFTS_TABLE).get(session.id) is None


def test_an_unfinished_game_cannot_be_finished(store, keeper, ann):
    sid = keeper.start(GAME, {"target": 4}, [ann.id], "x").id
    with pytest.raises(IllegalAction, match="not finished"):
        keeper.finish(sid)
    assert store.sessions.get(sid) is not None and store.history.count() == 0


def finished_apart(store, sid, actions, ann):
    """What an older version left when stopped between saving a finished game and closing it: both."""
    store.history.add({"id": sid, "game": GAME, "title": "x", "detail": {},
                       "session": {"setup": {"target": 3}, "actions": actions},
                       "players": [{"id": ann.id, "name": "Ann", "score": len(actions), "winner": True}]})


def test_finishing_again_after_a_crash_does_not_record_the_game_twice(store, keeper, ann):
    sid = keeper.start(GAME, {"target": 3}, [ann.id], "x").id
    keeper.act(sid, {"add": 3})
    finished_apart(store, sid, [{"add": 3}], ann)
    assert keeper.finish(sid) == sid
    assert store.history.count() == 1 and store.sessions.list() == []


def test_finishing_another_ending_of_a_game_history_holds_keeps_both(store, keeper, ann):
    sid = keeper.start(GAME, {"target": 3}, [ann.id], "x").id
    for add in (1, 2):
        keeper.act(sid, {"add": add})
    # History holds this game's id with a different play (finished elsewhere, then imported)
    finished_apart(store, sid, [{"add": 3}], ann)
    other = keeper.finish(sid)
    assert other != sid and store.sessions.list() == []
    assert store.history.get(sid)["session"]["actions"] == [{"add": 3}]
    assert store.history.get(other)["session"]["actions"] == [{"add": 1}, {"add": 2}]


def test_finishing_is_one_step_for_the_store(store, keeper, ann, monkeypatch):
    sid = keeper.start(GAME, {"target": 3}, [ann.id], "x").id
    keeper.act(sid, {"add": 3})
    monkeypatch.setattr(store.history, "add", lambda record: pytest.fail("finish saved History on its own"))
    monkeypatch.setattr(store.sessions, "delete", lambda session_id: pytest.fail("finish saved sessions on its own"))
    assert keeper.finish(sid) == sid
    monkeypatch.undo()
    assert store.history.get(sid)["session"]["actions"] == [{"add": 3}]
    assert sid not in store.sessions and keeper.in_progress() == []
    with pytest.raises(InvalidInput, match="no game in progress"):
        store.finish_session(sid, store.history.get(sid))


def test_a_summary_with_a_solo_opponent(store, counter_engine, ann):
    class WithOpponent:
        start, apply = staticmethod(counter_engine.start), staticmethod(counter_engine.apply)

        @staticmethod
        def summary(state):
            return {"players": [{"score": 10, "winner": True}, {"name": "Max", "score": 8, "winner": False}],
                    "detail": {}}

    keeper = SessionKeeper(store, engines={GAME: WithOpponent})
    sid = keeper.start(GAME, {"target": 2}, [ann.id], "Solo").id
    keeper.finish(sid)
    assert [(p["id"], p["name"]) for p in store.history.get(sid)["players"]] == [(ann.id, "Ann"), (None, "Max")]


def test_a_summary_may_name_its_game_and_title(store, counter_engine, ann):
    class Titled:
        start, apply = staticmethod(counter_engine.start), staticmethod(counter_engine.apply)

        @staticmethod
        def summary(state):
            return {"game": GAME, "title": "Dunai", "players": [{"score": 1, "winner": True}], "detail": {}}

    keeper = SessionKeeper(store, engines={GAME: Titled, "freunde": Titled})
    sid = keeper.start(GAME, {"target": 2}, [ann.id], "Trek 12").id
    keeper.finish(sid)
    assert store.history.get(sid)["title"] == "Dunai"
    other = keeper.start("freunde", {"target": 2}, [ann.id], "x").id
    with pytest.raises(InvalidInput, match="says it is for 'trek12', not 'freunde'"):
        keeper.finish(other)


def test_a_malformed_summary_is_refused_and_the_game_kept(store, counter_engine, ann):
    class Broken:
        start, apply = staticmethod(counter_engine.start), staticmethod(counter_engine.apply)

        @staticmethod
        def summary(state):
            return {"players": [{"score": "lots", "winner": True}], "detail": {}}

    keeper = SessionKeeper(store, engines={GAME: Broken})
    sid = keeper.start(GAME, {"target": 2}, [ann.id], "x").id
    with pytest.raises(InvalidInput, match=r"trek12 summary .*score' must be a whole number"):
        keeper.finish(sid)
    assert store.sessions.get(sid) is not None and store.history.count() == 0


def test_abandon_and_in_progress_order(store, keeper, ann):
    first = keeper.start(GAME, {"target": 9}, [ann.id], "first").id
    second = keeper.start(GAME, {"target": 9}, [ann.id], "second").id
    assert [s.id for s in keeper.in_progress()] == [second, first]
    keeper.act(first, {"add": 1})
    assert [s.title for s in keeper.in_progress()] == ["first", "second"]
    keeper.abandon(first)
    assert [s.id for s in keeper.in_progress()] == [second]
    with pytest.raises(InvalidInput, match="no game in progress"):
        keeper.abandon(first)
    assert store.history.count() == 0


def test_session_records_round_trip_and_are_checked(store, keeper, ann):
    session = keeper.start(GAME, {"target": 9}, [ann.id], "x")
    assert Session.from_record(session.to_record()) == session
    with pytest.raises(InvalidInput, match="'actions' must be a list"):
        Session.from_record(session.to_record() | {"actions": "many"})


def test_engines_come_from_the_registry(store, monkeypatch, tmp_path, counter_engine, ann):
    package = tmp_path / "counting_game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "session.py").write_text(open(counter_engine.__file__).read())
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(GAMES, "counting", GameEntry("counting", "counting", "Counting", "", "counting_game"))
    monkeypatch.setitem(GAMES, "missing", GameEntry("missing", "missing", "Missing Game", "", "no_such_package"))
    keeper = SessionKeeper(store)
    assert keeper.engine("counting").__name__ == "counting_game.session"
    with pytest.raises(InvalidInput, match="Missing Game cannot be played in the app yet"):
        keeper.engine("missing")
    with pytest.raises(InvalidInput, match="unknown game 'chess'"):
        keeper.engine("chess")


def test_a_game_that_no_longer_replays_says_where(store, keeper, ann):
    store.sessions.save({"id": "7" * 32, "game": GAME, "title": "Old", "setup": {"target": 3}, "players": [],
                         "actions": [{"add": 2}, {"add": 2}], "redo": [], "created": "2026-01-01T00:00:00Z",
                         "updated": "2026-01-01T00:00:00Z"})
    with pytest.raises(IllegalAction, match=r"saved game 'Old' cannot be replayed \(action 2\)"):
        keeper.state("7" * 32)


def test_actions_from_several_threads_are_all_kept(store, keeper, ann):
    sid = keeper.start(GAME, {"target": 1000}, [ann.id], "x").id
    players = [store.players.add(f"P{n}") for n in range(4)]

    def tap(times):
        for _ in range(times):
            keeper.act(sid, {"add": 1})
            store.players.rename(players[0].id, f"P{threading.get_ident() % 1000}")

    threads = [threading.Thread(target=tap, args=(25,)) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(keeper.get(sid).actions) == 100
    assert keeper.state(sid).total == 100


# -- killing the app mid-game -------------------------------------------------------------------------------

PLAY = """
    import os, sys
    import counter_engine
    from companion.sessions import SessionKeeper
    from companion.store import open_store
    store = open_store({folder!r})
    keeper = SessionKeeper(store, engines={{{game!r}: counter_engine}})
    ann = store.players.add("Ann")
    sid = keeper.start({game!r}, {{"target": 100000}}, [ann.id], "Long climb").id
    print("started", sid, flush=True)
    for n in range(1, {actions} + 1):
        keeper.act(sid, {{"add": 1 + n % 3}})
        print("done", n, flush=True)
    {then}
"""


def test_a_process_that_dies_mid_game_loses_nothing_it_had_saved(tmp_data_dir, run_python, counter_engine):
    result = run_python(PLAY.format(folder=str(tmp_data_dir), game=GAME, actions=25, then="os._exit(9)"))
    assert result.returncode == 9, result.stderr
    sid = result.stdout.split()[1]
    with open_store(tmp_data_dir) as store:
        assert store.notices == []
        keeper = SessionKeeper(store, engines={GAME: counter_engine})
        [session] = keeper.in_progress()
        assert session.id == sid and len(session.actions) == 25
        assert keeper.state(sid).total == sum(1 + n % 3 for n in range(1, 26))


def test_a_process_killed_at_a_random_moment_keeps_every_completed_action(tmp_data_dir, spawn_python,
                                                                          counter_engine):
    child = spawn_python(PLAY.format(folder=str(tmp_data_dir), game=GAME, actions=100_000, then=""))
    deadline = time.monotonic() + 300
    for line in child.stdout:
        if line.startswith("done") and int(line.split()[1]) >= 40 or time.monotonic() > deadline:
            break
    child.send_signal(signal.SIGKILL)  # somewhere inside whatever the next action was doing
    child.wait(timeout=30)
    # The child prints after each action returns; its last line is the last action it knew was saved.
    rest = [line for line in child.stdout.read().splitlines() if line.startswith("done")]
    completed = int(rest[-1].split()[1]) if rest else int(line.split()[1])
    assert completed >= 40, child.stderr.read()
    with open_store(tmp_data_dir) as store:
        assert store.notices == []  # no file was left broken
        keeper = SessionKeeper(store, engines={GAME: counter_engine})
        [session] = keeper.in_progress()
        # every action reported done is there; at most the one in flight when killed is there too
        assert completed <= len(session.actions) <= completed + 1
        total = sum(1 + n % 3 for n in range(1, len(session.actions) + 1))
        assert keeper.state(session.id).total == total
        assert json.loads((tmp_data_dir / "sessions.json").read_text())  # whole and readable


def test_the_last_entry_is_said_from_the_game_before_it_without_replaying_after_each_entry(store, monkeypatch):
    """Undo's name says the last entry from the game as it stood before it; the keeper keeps that state as an
    entry is made (or redone), so saying it after each tap replays nothing."""
    keeper = SessionKeeper(store)
    from companion.games.fourteeners import rules, session as fourteeners_session
    from test_fourteeners_fixtures import synthetic_catalog_doc

    setup = {"players": [{"name": "Ann"}, {"name": "Bo"}], "accolade": {"category": {"most": {"side": "gear"}}},
             "catalog": synthetic_catalog_doc()}
    session = keeper.start("fourteeners", setup, [], "Ann, Bo")
    assert keeper.entry_words(session.id) is None and keeper.entry_words(session.id, redo=True) is None
    state = keeper.state(session.id)
    first = rules.action_to_doc(rules.legal_actions(state)[0])
    keeper.act(session.id, first)
    folds = []
    real = keeper._fold
    monkeypatch.setattr(keeper, "_fold", lambda s, actions: folds.append(len(actions)) or real(s, actions))
    said = keeper.entry_words(session.id)
    assert said == fourteeners_session.describe_action(state, first) and folds == []
    keeper.undo(session.id)
    assert keeper.entry_words(session.id, redo=True) == said
