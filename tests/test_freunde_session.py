"""Freunde for the app: start, apply JSON action documents, and the history summary."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import IllegalAction, InvalidInput
from companion.games.freunde.data import load_board
from companion.games.freunde import session

SETUP = {"players": [{"id": "p1", "name": "Ann"}, {"id": None, "name": "Bob"}], "board": "summer",
         "weather_season": "summer"}


def test_start_and_a_turn_of_action_documents():
    state = session.start(SETUP)
    assert state.turn == 1 and [p.id for p in state.players] == ["p1", None]
    state = session.apply(state, {"type": "weather", "day": 1, "weather": {"tile": "summer-1", "day": 1}})
    state = session.apply(state, {"type": "play", "player": "Ann", "cards": ["M3", "M2", "A1"]})
    state = session.apply(state, {"type": "play", "player": "bob", "cards": ["M1", "A0", "A1"]})
    state = session.apply(state, {"type": "risk", "value": 1})
    state = session.apply(state, {"type": "climber", "player": "Ann", "climber": "A", "cards": ["M3", "M2"],
                                  "to": "S6"})
    state = session.apply(state, {"type": "pay_risk", "player": "Ann", "climber": "A", "amount": 1})
    state = session.apply(state, {"type": "done", "player": "Ann"})
    state = session.apply(state, {"type": "done", "player": "Bob"})
    assert state.turn == 2
    ann_a = state.players[0].climber("A")
    assert ann_a.space == "S6" and ann_a.acclimatization == 1       # 1 - 1 risk + 1 on S6


@pytest.mark.parametrize("doc, error, message", [
    ({"type": "jump"}, InvalidInput, "unknown action 'jump'"),
    ({"type": "play", "player": "Zed", "cards": []}, InvalidInput, "'Zed' is not a player"),
    ({"type": "play", "player": "Ann", "cards": ["Q1"]}, InvalidInput, "unknown card 'Q1'"),
    ({"type": "play", "player": "Ann", "cards": ["M1"], "x": 1}, InvalidInput, "x: unknown field"),
    ({"type": "done", "player": "Ann"}, IllegalAction, "turn 1: climbers act after every player"),
    ({"type": "weather", "day": 19, "weather": "sun"}, InvalidInput, "day: a day from 1 to 18"),
    ("play", InvalidInput, "an action is an object"),
])
def test_bad_action_documents(doc, error, message):
    with pytest.raises(error, match=message):
        session.apply(session.start(SETUP), doc)


def test_bad_setup():
    with pytest.raises(InvalidInput, match=r"setup\.players\[0\]\.colour: unknown field"):
        session.start({"players": [{"name": "Ann", "colour": "#ff0000"}]})


def test_summary_only_for_a_finished_game():
    with pytest.raises(IllegalAction, match="not over yet"):
        session.summary(session.start(SETUP))


def test_summary_of_a_finished_solo_game():
    state = session.start({"players": [{"id": "s", "name": "Sol"}], "weather": ["sun"] * 18})
    # A solo climber dies on turn 1: it moves to S1, and a risk token of 2 comes off its acclimatization
    # (1 - 2 + 1 = 0).
    for doc in ({"type": "play", "player": "Sol", "cards": ["M1", "A0", "A1"]}, {"type": "risk", "value": 2},
                {"type": "climber", "player": "Sol", "climber": "A", "cards": ["M1"], "path": ["S1"],
                 "risk_accl": 2},
                {"type": "climber", "player": "Sol", "climber": "B", "cards": ["A0", "A1"]},
                {"type": "done", "player": "Sol"}):
        state = session.apply(state, doc)
    record = session.summary(state)
    assert record["game"] == "freunde" and record["title"] == "Summer board, summer weather (solo)"
    assert record["players"] == [{"id": "s", "name": "Sol", "score": 2, "winner": False}]
    # Without a roster id the keeper maps the seat to the session's player, so no "id" is given.
    anonymous = replace(state, players=tuple(replace(p, id=None) for p in state.players))
    assert "id" not in session.summary(anonymous)["players"][0]
    assert record["detail"]["ended_early"] and record["detail"]["solo_rank"]["id"] == "zeglarz"
    assert record["detail"]["deaths"] == [{"player": "Sol", "climber": "A", "turn": 1, "space": "S1"}]


def test_edited_board_in_the_setup():
    board = load_board("winter").to_doc()
    board["spaces"]["B"]["vp"] = 9
    state = session.start({**SETUP, "board": board})
    assert state.board.space("B").vp == 9 and not state.board.verified
    board["edges"].append(["B", "ZZ"])
    with pytest.raises(InvalidInput, match=r"setup\.board: edges\[35\]: 'ZZ' is not one of the spaces"):
        session.start({**SETUP, "board": board})


def test_a_recorded_game_through_the_keeper_into_history():
    import json
    from pathlib import Path

    from companion.sessions import SessionKeeper
    from companion.store import open_store

    recorded = json.loads((Path(__file__).parent / "golden" / "freunde" / "three_players_summer.session.json")
                          .read_text(encoding="utf-8"))
    store = open_store(memory=True)
    try:
        roster = [store.players.add(name) for name in ("Ann", "Bob", "Cy")]
        keeper = SessionKeeper(store)
        game = keeper.start("freunde", recorded["setup"], [p.id for p in roster], "Friday")
        for action in recorded["actions"]:
            game = keeper.act(game.id, action)
        game = keeper.undo(game.id)
        game = keeper.redo(game.id)
        history_id = keeper.finish(game.id)
        record = store.history.get(history_id)
    finally:
        store.close()
    assert [(p["id"], p["name"], p["score"], p["winner"]) for p in record["players"]] == [
        (roster[0].id, "Ann", 11, False), (roster[1].id, "Bob", 12, True), (roster[2].id, "Cy", 8, False)]
    assert record["detail"]["tie_break"] is None and record["title"] == "Summer board, summer weather"


def test_a_whole_weather_tile_is_one_action():
    state = session.start(SETUP)
    tile = [{"tile": "summer-4", "day": 1}, {"tile": "summer-4", "day": 2},
            {"label": "snow", "accl": 2, "move": 1, "zones": [6000, 7000, 8000]}]
    state = session.apply(state, {"type": "weather", "day": 4, "weather": tile})
    assert [w.label if w else None for w in state.weather[2:7]] == [None, "sun", "cloud", "snow", None]
    assert state.weather[5].move == 1 and state.weather[5].zones == frozenset({6000, 7000, 8000})
    with pytest.raises(InvalidInput, match="weather: a list of 1 to 2 days from day 17, not 3"):
        session.apply(state, {"type": "weather", "day": 17, "weather": tile})
    with pytest.raises(InvalidInput, match=r"weather\[2\] \(day 6\)\.zones"):
        session.apply(state, {"type": "weather", "day": 4, "weather": tile[:2] + [{"tile": "summer-6", "day": 3}]})
    # The document written for the action reads back as the same action.
    from companion.games.freunde import rules
    action = rules.action_from_doc(state, {"type": "weather", "day": 4, "weather": tile})
    assert rules.action_from_doc(state, rules.action_to_doc(state, action)) == action


def test_an_entry_for_a_climber_dead_by_then_says_where_and_when_it_died():
    # A correction that kills a climber earlier replays its later entries, and one read "stayed at None".
    from freunde_cases import DEATH_AT_THE_CHECK
    from companion.games.freunde import rules

    state = session.start({"players": [{"name": "Ann"}, {"name": "Bob"}], "board": "summer",
                           "weather_season": "summer", "rules": rules.RULESET})
    for action in DEATH_AT_THE_CHECK:
        state = session.apply(state, action)
    assert not state.players[0].climbers[0].alive
    words = str(session.describe_action(state, {"type": "climber", "player": "Ann", "climber": "A",
                                                "cards": ["M1"]}))
    assert words == "Turn 2, Ann's climber A stayed at S1 with Move 1, though the climber died on turn 1"


def test_movement_a_climber_leaves_unused_pays_the_risk_still_owed():
    # Rule sheet, the check: "If you use less than the played movement, this can reduce the Risk you've
    # incurred". Ann owes 2; climber A is given 4 points (M3 + M1) and spends 1 on S1.
    state = session.start(SETUP)
    for action in ({"type": "weather", "day": 1, "weather": "sun"},
                   {"type": "play", "player": "Ann", "cards": ["M3", "M1", "A2"]},
                   {"type": "play", "player": "Bob", "cards": ["M1", "A0", "A1"]},
                   {"type": "risk", "value": 2}):
        state = session.apply(state, action)
    to_s1 = {"type": "climber", "player": "ann", "climber": "A", "cards": ["M3", "M1"], "path": ["S1"]}
    assert session.with_unused_movement_for_risk(state, to_s1) == ({**to_s1, "risk_move": 2}, 2)
    # What the player took off already counts; no more is taken than is owed.
    taken = {**to_s1, "risk_accl": 0, "risk_move": 1}
    assert session.with_unused_movement_for_risk(state, taken) == ({**taken, "risk_move": 2}, 1)
    # Only what the path leaves: M1 to S1 leaves nothing; acclimatization cards are not movement.
    assert session.with_unused_movement_for_risk(state, {**to_s1, "cards": ["M1"]})[1] == 0
    assert session.with_unused_movement_for_risk(state, {**to_s1, "cards": ["A2"], "path": []})[1] == 0
    # A document the rules refuse is handed back as it is, to be refused when applied.
    assert session.with_unused_movement_for_risk(state, {**to_s1, "climber": "Q"})[1] == 0
