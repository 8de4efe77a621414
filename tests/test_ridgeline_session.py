"""Ridgeline in the app: setup dicts, hand results as action dicts, undo by replay, and the history record."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction, InvalidInput
from companion.games.ridgeline import session
from companion.games.ridgeline.rules import next_hand
from companion.sessions import SessionKeeper
from companion.store import open_store

CLIMB = {"went_out": "Ann", "pitched": ["Ann"], "left": {"Ben": ["G7", "W"], "Cat": ["R"]}}


def test_start_takes_names_or_roster_entries_the_route_and_the_first_dealer():
    state = session.start({"seats": [{"id": "p1", "name": "Ann"}, "Ben", "Cat"], "route": "sprint",
                           "first_dealer": "Cat"})
    assert state.setup.names == ("Ann", "Ben", "Cat")
    assert state.setup.seats[0].player_id == "p1" and state.setup.seats[1].player_id is None
    assert state.route.id == "sprint"
    coming = next_hand(state)
    assert (coming.dealer, coming.leader, coming.deal_size) == ("Cat", "Ann", 10)
    default = session.start({"seats": ["Ann", "Ben"]})
    assert default.route.id == "ridge" and next_hand(default).dealer == "Ann"


@pytest.mark.parametrize("setup, message", [
    ({"seats": "Ann, Ben"}, "'seats' must be a list of players"),
    ({"seats": ["Ann", "Ben"], "house_rules": True}, "unknown setup key 'house_rules'"),
    ({"seats": ["Ann", {"name": "Ben", "colour": "red"}]}, "a seat is a name or"),
    ({"seats": [{"id": "p1", "name": "Ann"}, {"id": "p1", "name": "Ben"}]}, "a player can take only one seat"),
    ({"seats": ["Ann", "Ben"], "route": "sprint", "first_dealer": "Dan"}, "first dealer 'Dan' is not at the table"),
    ({"seats": ["Ann", "Ben"], "checked": "yes"}, "'checked' must be true or false, not 'yes'"),
    ([], "must be an object"),
])
def test_bad_setups_are_refused(setup, message):
    with pytest.raises(InvalidInput, match=message):
        session.start(setup)


def test_the_apps_setups_check_each_hands_cards_and_older_saves_replay_as_recorded():
    blank = {"went_out": "Ann", "pitched": ["Ann"], "left": {"Ben": []}}
    checked = session.start({"seats": ["Ann", "Ben"], "checked": True})
    with pytest.raises(IllegalAction, match="hand 1: Ben did not go out, so Ben still holds at least one card"):
        session.apply(checked, blank)
    older = session.start({"seats": ["Ann", "Ben"]})      # saved before the check: no "checked"
    assert session.apply(older, blank).hands[0].seat("Ben").fatigue == 10 * 25


def test_apply_takes_the_score_files_hand_shape_and_names_the_hand_in_errors():
    state = session.start({"seats": ["Ann", "Ben", "Cat"]})
    state = session.apply(state, CLIMB)
    assert state.camps_cleared("Ann") == 1 and state.hands[0].seat("Ben").fatigue == 17 + 250
    with pytest.raises(InvalidInput, match="hand 2: went_out names 'Dan', who is not at the table"):
        session.apply(state, {**CLIMB, "went_out": "Dan"})
    assert session.apply(state, CLIMB) != state  # the state passed in is untouched: apply is pure
    assert len(state.hands) == 1


def test_summary_refuses_an_unfinished_game():
    state = session.apply(session.start({"seats": ["Ann", "Ben", "Cat"]}), CLIMB)
    with pytest.raises(IllegalAction, match="the game is not over"):
        session.summary(state)


def test_summary_gives_fatigue_as_the_score_and_the_hands_as_detail():
    state = session.start({"seats": [{"id": "p1", "name": "Ann"}, "Ben"], "route": "sprint"})
    for _ in range(5):
        state = session.apply(state, {"went_out": "Ann", "pitched": ["Ann"], "left": {"Ben": ["S3"]}})
    record = session.summary(state)
    assert set(record) == {"players", "detail"}
    assert record["players"] == [{"id": "p1", "name": "Ann", "score": 0, "winner": True},
                                 {"name": "Ben", "score": 3 + 125, "winner": False}]
    detail = record["detail"]
    assert detail["route"] == "sprint" and detail["winner"] == ["Ann"] and detail["lower_is_better"] is True
    assert detail["summit"] == ["Ann"]                  # who cleared the route in the last hand
    assert len(detail["hands"]) == 5
    assert detail["hands"][0] == {"hand": 1, "dealer": "Ann", "went_out": "Ann", "pitched": ["Ann"],
                                  "seats": {"Ann": {"camps_cleared": 1, "fatigue": 100, "left": []},
                                            "Ben": {"camps_cleared": 0, "fatigue": 128, "left": ["S3"]}}}
    assert detail["standings"][1] == {"name": "Ben", "camps_cleared": 0, "cards": ["S3"], "card_fatigue": 3,
                                      "camp_fatigue": 125, "fatigue": 128}


def test_a_game_through_the_session_keeper_with_undo_and_history():
    store = open_store(memory=True)
    try:
        ann, ben = store.players.add("Ann"), store.players.add("Ben")
        keeper = SessionKeeper(store)
        game = keeper.start("ridgeline", {"seats": [{"id": ann.id, "name": "Ann"}, "Ben"], "route": "sprint"},
                            [ann.id, ben.id], "Sprint")
        mistake = {"went_out": "Ben", "pitched": ["Ben"], "left": {"Ann": ["G9"]}}
        keeper.act(game.id, mistake)
        keeper.undo(game.id)
        assert keeper.state(game.id).hands == ()
        for _ in range(5):
            keeper.act(game.id, {"went_out": "Ann", "pitched": ["Ann"], "left": {"Ben": ["S3"]}})
        with pytest.raises(IllegalAction, match="hand 6: the game ended in hand 5"):
            keeper.act(game.id, mistake)
        history_id = keeper.finish(game.id)
        record = store.history.get(history_id)
        assert record["game"] == "ridgeline"
        assert [(p["id"], p["name"], p["score"], p["winner"]) for p in record["players"]] == [
            (ann.id, "Ann", 0, True), (ben.id, "Ben", 128, False)]
    finally:
        store.close()
