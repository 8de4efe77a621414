"""Older saves: games recorded under the companion's earlier readings replay exactly as they were played, and
can switch to the printed rules between turns (docs/rulings.md, "Rulesets")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import IllegalAction, InvalidInput
from companion.games.freunde import rules, session
from companion.games.freunde.files import result_from_state, score_file
from companion.sessions import SessionKeeper

EARLIER = Path(__file__).parent / "golden" / "freunde" / "earlier"
OLD_GAMES = ("solo_winter", "two_players_winter")


def load(name: str) -> dict:
    return json.loads((EARLIER / name).read_text(encoding="utf-8"))


def replay(setup: dict, actions) -> rules.State:
    state = session.start(setup)
    for action in actions:
        state = session.apply(state, action)
    return state


def turn_starts(actions) -> list[int]:
    """Indices of the first play action of each turn (where a switch is allowed)."""
    starts, seen_done = [], True
    for i, action in enumerate(actions):
        if action["type"] == "play" and seen_done:
            starts.append(i)
            seen_done = False
        if action["type"] == "done":
            seen_done = True
    return starts


@pytest.mark.parametrize("name", OLD_GAMES)
def test_an_old_save_replays_to_the_result_it_had(name):
    recorded = load(f"{name}.session.json")
    assert "rules" not in recorded["setup"]
    state = replay(recorded["setup"], recorded["actions"])
    assert state.setup.ruleset == rules.EARLIER_RULES and session.older_rules(state)
    assert result_from_state(state) == load(f"{name}.result.json")
    assert session.summary(state) == recorded["summary"]


def test_the_old_save_with_an_a0_risk_is_refused_by_the_printed_rules_but_opens():
    recorded = load("solo_winter.session.json")
    with pytest.raises(IllegalAction, match="can bear the risk penalty"):
        replay({**recorded["setup"], "rules": rules.PRINTED_RULES}, recorded["actions"])
    assert replay(recorded["setup"], recorded["actions"]).over


def test_the_keeper_opens_an_old_save_from_the_store(store):
    recorded = load("solo_winter.session.json")
    keeper = SessionKeeper(store)
    started = keeper.start("freunde", recorded["setup"], [], "old solo")
    for action in recorded["actions"][:30]:
        keeper.act(started.id, action)
    keeper._states.clear()                                      # as after a restart: replayed from the store
    state = keeper.state(started.id)
    assert session.older_rules(state) and not session.switched(state)
    assert state.players[0].climber("A").acclimatization == \
        replay(recorded["setup"], recorded["actions"][:30]).players[0].climber("A").acclimatization


def test_switching_between_turns_keeps_the_past_and_scores_the_rest_by_the_printed_rules():
    recorded = load("solo_winter.session.json")
    actions = recorded["actions"]
    turn6 = turn_starts(actions)[5]
    before = replay(recorded["setup"], actions[:turn6])
    assert before.turn == 6 and session.why_no_switch(before) is None
    after = session.apply(before, session.switch_to_printed())
    assert session.switched(after) and after.rules == rules.PRINTED_RULES
    assert after.log == before.log and after.players == before.players     # the past turns stay as played
    # Turn 6's A0-only climber may no longer bear the risk under the printed rules.
    state = after
    with pytest.raises(IllegalAction, match="can bear the risk penalty"):
        for action in actions[turn6:]:
            state = session.apply(state, action)


def test_the_switch_is_refused_mid_turn_twice_after_the_end_and_under_the_printed_rules():
    recorded = load("solo_winter.session.json")
    actions = recorded["actions"]
    turn6 = turn_starts(actions)[5]
    mid = replay(recorded["setup"], actions[:turn6 + 1])
    with pytest.raises(IllegalAction, match="turn 6 is under way: switch to the printed rules at the start"):
        session.apply(mid, session.switch_to_printed())
    switched = session.apply(replay(recorded["setup"], actions[:turn6]), session.switch_to_printed())
    with pytest.raises(IllegalAction, match="already follows the printed rules"):
        session.apply(switched, session.switch_to_printed())
    with pytest.raises(IllegalAction, match="the game is over"):
        session.apply(replay(recorded["setup"], actions), session.switch_to_printed())
    new = session.start(session.stamped({"players": ["Ann"], "board": "summer", "weather_season": "summer"}))
    assert not session.older_rules(new)
    with pytest.raises(IllegalAction, match="already follows the printed rules"):
        session.apply(new, session.switch_to_printed())
    with pytest.raises(InvalidInput, match="rules: 'rulebook-2010', not 'house'"):
        session.apply(new, {"type": "rules", "rules": "house"})


def test_the_switch_is_an_action_of_the_session_and_can_be_undone(store):
    recorded = load("solo_winter.session.json")
    actions = recorded["actions"]
    turn6 = turn_starts(actions)[5]
    keeper = SessionKeeper(store)
    started = keeper.start("freunde", recorded["setup"], [], "old solo")
    for action in actions[:turn6]:
        keeper.act(started.id, action)
    switched = keeper.act(started.id, session.switch_to_printed())
    assert switched.actions[-1] == {"type": "rules", "rules": "rulebook-2010"}
    assert session.switched(keeper.state(started.id))
    keeper.undo(started.id)
    state = keeper.state(started.id)
    assert session.older_rules(state) and not session.switched(state)
    keeper.redo(started.id)
    assert session.switched(keeper.state(started.id))


def test_action_documents_of_the_switch_round_trip():
    state = session.start({"players": ["Ann"], "board": "summer", "weather_season": "summer"})
    action = rules.action_from_doc(state, {"type": "rules", "rules": "rulebook-2010"})
    assert action == rules.SwitchRules(rules.PRINTED_RULES)
    assert rules.action_to_doc(state, action) == {"type": "rules", "rules": "rulebook-2010"}
    with pytest.raises(InvalidInput, match="x: unknown field of a rules action"):
        rules.action_from_doc(state, {"type": "rules", "rules": "rulebook-2010", "x": 1})


def test_a_setup_names_a_known_ruleset():
    with pytest.raises(InvalidInput, match="setup.rules: 'rulebook-2010' .* or 'companion-2025' .*, not 'x'"):
        session.start({"players": ["Ann"], "rules": "x"})
    assert session.start({"players": ["Ann"], "rules": "companion-2025"}).rules == rules.EARLIER_RULES


# --- the command line ------------------------------------------------------------------------------------

def cli(tmp_path, capsys, doc) -> dict:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["score", "freunde", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("name", OLD_GAMES)
def test_cli_scores_a_file_marked_with_the_earlier_readings_as_they_were(tmp_path, capsys, name):
    doc = load(f"{name}.game.json")
    marked = {**doc, "setup": {**doc["setup"], "rules": "companion-2025"}}
    assert cli(tmp_path, capsys, marked) == load(f"{name}.result.json")


def test_cli_reads_a_file_without_the_mark_by_the_printed_rules(tmp_path, capsys):
    doc = load("two_players_winter.game.json")
    printed = {**doc, "setup": {**doc["setup"], "rules": "rulebook-2010"}}
    unmarked = cli(tmp_path, capsys, doc)
    assert unmarked == cli(tmp_path, capsys, printed) == score_file(printed)
    assert unmarked != load("two_players_winter.result.json")     # the printed rulings score it differently
