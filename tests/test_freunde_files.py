"""`companion score freunde FILE`: the recorded games replay to their recorded results, the text format,
illegal moves name the turn and the rule, and malformed files name the field (exit status 2)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import IllegalAction, InvalidInput
from companion.games.freunde import session
from companion.games.freunde.files import format_score, replay_file, score_file

GOLDEN = Path(__file__).parent / "golden" / "freunde"
NAMES = sorted(p.name.removesuffix(".game.json") for p in GOLDEN.glob("*.game.json"))


def load(name: str) -> dict:
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))


def test_recorded_games_exist():
    assert {"three_players_summer", "solo_summer_death", "solo_winter"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_recorded_game_replays_to_its_recorded_result(name):
    assert score_file(load(f"{name}.game.json")) == load(f"{name}.result.json")


@pytest.mark.parametrize("name", NAMES)
def test_session_actions_reach_the_same_game(name):
    recorded = load(f"{name}.session.json")
    state = session.start(recorded["setup"])
    for action in recorded["actions"]:
        state = session.apply(state, action)
    assert state == replay_file(load(f"{name}.game.json"))
    assert session.summary(state) == recorded["summary"]


def test_recorded_three_player_game_is_won_outright():
    result = load("three_players_summer.result.json")
    scores = {p["name"]: p["score"] for p in result["players"]}
    assert scores == {"Ann": 11, "Bob": 12, "Cy": 8}
    assert result["winners"] == ["Bob"] and result["tie_break"] is None


def test_recorded_solo_game_ends_at_the_death():
    result = load("solo_summer_death.result.json")
    assert result["finished"] and result["ended_early"] and result["turns_played"] == 12
    assert len(result["deaths"]) == 1 and result["deaths"][0]["turn"] == 12
    sol = result["players"][0]
    survivor = next(c for c in sol["climbers"] if c["alive"])
    assert sol["score"] == survivor["best_vp"] + 1
    assert result["solo_rank"]["score"] == sol["score"]


def test_every_check_is_in_the_result():
    result = load("three_players_summer.result.json")
    turn = result["turns"][0]
    assert len(turn["climbers"]) == 6
    for climber in turn["climbers"]:
        check = climber["check"]
        assert check["total"] == check["before"] + check["space"] + check["tent"] + check["weather"]
        assert check["after"] == min(6, check["total"]) == climber["acclimatization"]


def test_text_format_names_checks_deaths_scores_and_winner():
    text = format_score(score_file(load("three_players_summer.game.json")))
    assert text.startswith("Freunde: Summer board (easier route), summer weather, 3 players")
    assert "Deaths: " in text and "Tie broken" not in text
    assert "Bob: 12 (A 6, B 6) - winner" in text
    solo = format_score(score_file(load("solo_winter.game.json")))
    assert "Solo rank: " in solo and "(unverified board)" in solo


# --- the command line ------------------------------------------------------------------------------------

def run(tmp_path, doc, *extra):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return main(["score", "freunde", str(path), *extra])


def test_cli_json_output(tmp_path, capsys):
    assert run(tmp_path, load("solo_winter.game.json"), "--json") == 0
    assert json.loads(capsys.readouterr().out) == load("solo_winter.result.json")


def base_game() -> dict:
    return {"setup": {"players": ["Ann", "Bob"], "board": "summer", "weather_season": "summer"},
            "weather": ["sun"] * 18, "turns": []}


def with_turns(*turns) -> dict:
    doc = base_game()
    doc["turns"] = list(turns)
    return doc


QUIET_BOB = {"cards": ["A0", "A1", "A1"]}


@pytest.mark.parametrize("doc, message", [
    (with_turns({"players": {"Ann": {"cards": ["M1", "A0", "A1"],
                                     "climbers": [{"climber": "A", "cards": ["M1"], "path": ["S1", "S2"]}]},
                             "Bob": QUIET_BOB}, "risk": {"value": 1}}),
     r"turn 1: Ann's climber A cannot afford it: the path S1 > S2 costs 2"),
    (with_turns({"players": {"Ann": {"cards": ["M1", "M1", "A0"],
                                     "climbers": [{"climber": "A", "cards": ["M1"], "path": ["S1"]},
                                                  {"climber": "B", "cards": ["M1"], "path": ["S1"]}]},
                             "Bob": {"cards": ["M1", "M1", "A1"],
                                     "climbers": [{"climber": "A", "cards": ["M1"], "path": ["S1"]}]}}}),
     r"turn 1: Bob's climber A cannot end its move on S1: the stacking limit in the 5000-6000 m zone is 2"),
    (with_turns({"players": {"Ann": {"cards": ["M3", "M2", "A1"],
                                     "climbers": [{"climber": "A", "cards": ["M3"], "path": ["S1"], "risk_accl": 2}]},
                             "Bob": QUIET_BOB}, "risk": {"value": 2}},
                {"players": {"Ann": {"cards": ["M1", "M1", "A0"],
                                     "climbers": [{"climber": "A", "cards": ["M1"], "path": ["S1"]}]},
                             "Bob": {"cards": ["M1", "A2", "A3"]}}, "risk": {"value": 1}}),
     r"turn 2: Ann's climber A died on turn 1 and can no longer move"),
    (with_turns({"players": {"Ann": {"cards": ["M1", "M1", "A0"]}, "Bob": {"cards": ["M1", "M1", "A1"]}},
                 "risk": {"value": 1}}),
     r"turn 1: nobody takes a risk token: the highest movement total is tied \(Ann 2, Bob 2\)"),
    (with_turns({"players": {"Ann": {"cards": ["M3", "M3", "A0"]}, "Bob": QUIET_BOB}, "risk": {"value": 0}},
                {"players": {"Ann": {"cards": ["M3", "M1", "A1"]}, "Bob": {"cards": ["A2", "A3", "M1"]}}}),
     r"turn 2: Ann cannot play Move 3, Move 1, Acclimatize \+1: only these cards are left"),
])
def test_illegal_moves_exit_2_naming_turn_and_rule(tmp_path, capsys, doc, message):
    with pytest.raises(IllegalAction, match=message):
        score_file(doc)
    assert run(tmp_path, doc, "--json") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("companion: error: turn ")


def _set(path, value):
    def change(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


# The same cards for both players each turn of a deck cycle: always a tie, so no risk token.
CYCLE = [("A0", "A1", "A1"), ("A2", "A3", "M1"), ("M1", "M1", "M1"), ("M1", "M2", "M2"), ("M2", "M3", "M3"),
         ("R1/2", "R1/3", "R2/3")]

ONE_TURN = with_turns({"players": {"Ann": {"cards": ["M3", "M2", "A1"],
                                           "climbers": [{"climber": "A", "cards": ["M3"], "path": ["S1"],
                                                         "risk_move": 1}]},
                                   "Bob": QUIET_BOB},
                       "risk": {"value": 1}})


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(extra=1), r"^extra: unknown field"),
    (lambda d: d.update(game="trek12"), r"game: this is a Freunde scorer"),
    (lambda d: d.pop("setup"), r"^setup: must be an object"),
    (_set(["setup", "players"], []), r"setup\.players: a list of 1 to 5 players"),
    (_set(["setup", "players"], ["Ann", "ann"]), r"setup\.players\[1\]: the name 'ann' is used twice"),
    (_set(["setup", "board"], "autumn"), r"unknown board 'autumn'"),
    (_set(["setup", "weather_season"], "spring"), r"setup\.weather_season: 'summer' or 'winter'"),
    (_set(["setup", "colour"], "red"), r"setup\.colour: unknown field"),
    (_set(["setup", "risk_face_up"], [2, 2, 2, 2]), r"risk_face_up: 3 tokens from the supply"),
    (_set(["weather", 2], "rain"), r"weather\[2\] \(day 3\): 'sun' or an object"),
    (_set(["weather", 0], {"accl": 1, "zones": [6500]}), r"weather\[0\] \(day 1\)\.zones: a list of the zones"),
    (_set(["weather", 0], {"accl": 9, "zones": [8000]}), r"weather\[0\] \(day 1\)\.accl: a whole number from 0"),
    (_set(["weather"], ["sun"] * 19), r"weather: a list of at most 18 days"),
    (lambda d: d.update(weather=[]), r"weather: day 1's weather is missing"),
    (_set(["turns"], {}), r"turns: a list with one entry per turn"),
    (_set(["turns", 0, "turn"], 2), r"turns\[0\]\.turn: this is turn 1, not 2"),
    (_set(["turns", 0, "players", "Bob"], {}), r"turns\[0\]\.players\.Bob\.cards: Bob has a living climber"),
    (_set(["turns", 0, "players", "Zed"], QUIET_BOB), r"turns\[0\]\.players\.Zed: 'Zed' is not a player"),
    (_set(["turns", 0, "players", "Ann", "cards"], ["M4", "M2", "A1"]),
     r"turns\[0\]\.players\.Ann\.cards: M4 is not a card of the Freunde deck"),
    (_set(["turns", 0, "players", "Ann", "cards"], ["M3", "M2"]), r"turn 1: each player plays exactly 3 cards"),
    (lambda d: d["turns"][0].pop("risk"), r"turns\[0\]\.risk: Ann takes a risk token \(the highest movement"),
    (_set(["turns", 0, "risk"], {"value": "one"}), r"turns\[0\]\.risk: value: the risk token's value"),
    (_set(["turns", 0, "players", "Ann", "climbers", 0, "climber"], "C"),
     r"turns\[0\]\.players\.Ann\.climbers\[0\]: climber: A or B"),
    (_set(["turns", 0, "players", "Ann", "climbers", 0, "path"], "S1"),
     r"turns\[0\]\.players\.Ann\.climbers\[0\]: path: the list of spaces entered"),
    (_set(["turns", 0, "players", "Ann", "climbers", 0, "path"], ["S99"]),
     r"^turns\[0\]\.players\.Ann\.climbers\[0\]: path: there is no space 'S99'"),
    (_set(["turns", 0, "players", "Ann", "climbers", 0, "tent"], "yes"),
     r"turns\[0\]\.players\.Ann\.climbers\[0\]: tent: true or false"),
    (_set(["turns", 0, "players", "Ann", "climbers", 0, "speed"], 2),
     r"turns\[0\]\.players\.Ann\.climbers\[0\]: speed: unknown field"),
    (_set(["turns", 0, "players", "Ann", "drew"], ["M3", "M3", "M3"]), r"turn 2: Ann cannot have drawn"),
    # An opening hand's fault is said of the hand dealt, not of "turn 1"'s draw.
    (_set(["setup", "hands"], {"Ann": ["M1"] * 7}), r"^setup\.hands\.Ann: an opening hand is at most 6 cards, not 7$"),
    (_set(["setup", "hands"], {"Ann": ["M1"] * 6}), r"^setup\.hands\.Ann: Ann cannot have drawn"),
    (_set(["turns", 0, "turn"], True), r"^turns\[0\]\.turn: this is turn 1, not True"),
    (_set(["turns", 0, "turn"], 1.0), r"^turns\[0\]\.turn: this is turn 1, not 1\.0"),
    (_set(["turns", 0, "players", "Ann", "drew"], ["M1", "M1", "M1", "M2"]),
     r"^turns\[0\]\.players\.Ann\.drew: Ann drew 3 cards at the end of turn 1, not 4$"),
    (_set(["weather", 0], {"accl": 1, "zones": []}),
     r"^weather\[0\] \(day 1\)\.zones: a day that costs acclimatization or movement covers at least one"),
    (lambda d: d.update(turns=[{"players": {"Ann": {"cards": list(hand)}, "Bob": {"cards": list(hand)}}}
                               for hand in CYCLE[:4]]
                        + [{"players": {"Ann": {"cards": list(CYCLE[4]), "drew": ["M1"]},
                                        "Bob": {"cards": list(CYCLE[4])}}}]),
     r"^turns\[4\]\.players\.Ann\.drew: Ann drew no card at the end of turn 5 \(the draw pile is empty\)"),
])
def test_malformed_files_name_the_field(tmp_path, capsys, change, message):
    doc = copy.deepcopy(ONE_TURN)
    change(doc)
    with pytest.raises((InvalidInput, IllegalAction), match=message):
        score_file(doc)
    assert run(tmp_path, doc) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_one_turn_file_itself_is_fine():
    result = score_file(ONE_TURN)
    assert result["turns_played"] == 1 and not result["finished"] and result["winners"] == []
    assert result["turns"][0]["risk"] == {"player": "Ann", "value": 1}


def test_not_an_object(tmp_path, capsys):
    assert run(tmp_path, [1, 2]) == 2
    assert "a Freunde game file is a JSON object" in capsys.readouterr().err


def test_to_shorthand_takes_the_cheapest_path():
    doc = copy.deepcopy(ONE_TURN)
    doc["turns"][0]["players"]["Ann"]["climbers"][0] = {"climber": "A", "cards": ["M3", "M2"], "to": "S6",
                                                         "risk_move": 0, "risk_accl": 1}
    state = replay_file(doc)
    assert state.players[0].climber("A").space == "S6"


def test_documented_example_replays():
    import re

    text = (Path(__file__).parents[1] / "docs" / "formats.md").read_text(encoding="utf-8")
    section = text[text.index("## Freunde"):]
    section = section[:section.index("\n## ", 1)]
    example = json.loads(re.findall(r"```json\n(.*?)```", section, re.S)[0])
    result = score_file(example)
    documented = json.loads(re.findall(r"```json\n(.*?)```", section, re.S)[1])
    assert result["turns"][0]["climbers"][0] == documented["turns"][0]["climbers"][0]
    assert result["turns"][0]["movement"] == documented["turns"][0]["movement"]
    assert result["turns"][0]["risk"] == documented["turns"][0]["risk"]


# --- the printed rulings through the command line --------------------------------------------------------------

def test_cli_a_climber_given_only_a0_cannot_bear_the_risk(tmp_path, capsys):
    doc = with_turns({"players": {"Ann": {"cards": ["M3", "M2", "A0"],
                                          "climbers": [{"climber": "A", "cards": ["M3", "M2"], "path": ["S1"]},
                                                       {"climber": "B", "cards": ["A0"], "risk_accl": 1}]},
                                  "Bob": QUIET_BOB}, "risk": {"value": 1}})
    assert run(tmp_path, doc) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Ann's climber B does neither" in err and "rulebook p.7" in err


def test_cli_a_risk_penalty_off_an_unused_played_card(tmp_path, capsys):
    # Token of 2; A moves S1 > S2 with M3, B gets A1 (1 to 2), M2 goes unused and absorbs both points.
    # Check: A on S2 1 + 1 = 2, B at base camp 2 + 1 = 3.
    doc = with_turns({"players": {"Ann": {"cards": ["M3", "M2", "A1"],
                                          "climbers": [{"climber": "A", "cards": ["M3"], "path": ["S1", "S2"]},
                                                       {"climber": "B", "cards": ["A1"]}]},
                                  "Bob": QUIET_BOB}, "risk": {"value": 2}})
    assert run(tmp_path, doc, "--json") == 0
    checks = {(c["player"], c["climber"]): c["check"] for c in json.loads(capsys.readouterr().out)["turns"][0]["climbers"]}
    assert checks[("Ann", "A")] == {"before": 1, "space": 1, "tent": 0, "weather": 0, "total": 2, "after": 2}
    assert checks[("Ann", "B")] == {"before": 2, "space": 1, "tent": 0, "weather": 0, "total": 3, "after": 3}


# --- hand-worked cases of the printed rulings, through the command line ---------------------------------------

CASES = Path(__file__).parent / "freunde_cases"


def case(tmp_path, capsys, name: str) -> dict:
    assert main(["score", "freunde", str(CASES / name), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def checks_of(result: dict, turn: int) -> dict:
    return {(c["player"], c["climber"]): c["check"] for c in result["turns"][turn - 1]["climbers"]}


def test_cli_a_tent_shelters_both_climbers_of_its_colour_even_after_a_death(tmp_path, capsys):
    # T: -1. Turn 1: A pitches its tent on T, B joins it: 1 - 1 + 1 = 1 each (the earlier own-tent reading
    # killed B). Turn 2: A takes the token of 2 with A1 (1 + 1 - 2 = 0) and dies at 0 - 1 + 1; B 1 - 1 + 1.
    # Turn 3: the dead A's tent still shelters B: 1 - 1 + 1 = 1.
    result = case(tmp_path, capsys, "team_tent.game.json")
    assert checks_of(result, 1)[("Ann", "B")] == {"before": 1, "space": -1, "tent": 1, "weather": 0, "total": 1,
                                                  "after": 1}
    assert checks_of(result, 2)[("Ann", "A")] == {"before": 0, "space": -1, "tent": 1, "weather": 0, "total": 0,
                                                  "after": 0}
    assert checks_of(result, 3)[("Ann", "B")] == {"before": 1, "space": -1, "tent": 1, "weather": 0, "total": 1,
                                                  "after": 1}
    assert result["deaths"] == [{"player": "Ann", "climber": "A", "turn": 2, "space": "T"}]
    assert [p["score"] for p in result["players"]] == [3, 2]


def test_cli_the_cap_of_six_comes_after_the_check(tmp_path, capsys):
    # BASE +2: 1 -> 3 -> 5. Turn 3: A3 and a move to H (-2) with a tent: 5 + 3 = 8, then 8 - 2 + 1 = 7 -> 6.
    result = case(tmp_path, capsys, "cap_after_check.game.json")
    assert checks_of(result, 3)[("Sol", "A")] == {"before": 8, "space": -2, "tent": 1, "weather": 0, "total": 7,
                                                  "after": 6}


@pytest.mark.parametrize("name", ["risk_with_the_action.game.json", "risk_paid_later.game.json"])
def test_cli_a_risk_payment_with_the_action_or_later_gives_the_same_check(tmp_path, capsys, name):
    # The same turn with a token of 2 off A: 5 + 3 - 2 = 6, then 6 - 2 + 1 = 5 either way.
    result = case(tmp_path, capsys, name)
    assert checks_of(result, 3)[("Sol", "A")] == {"before": 6, "space": -2, "tent": 1, "weather": 0, "total": 5,
                                                  "after": 5}


def test_cli_the_summit_touched_during_a_move_counts(tmp_path, capsys):
    # A steps P > SUMMIT > P with M3: best 10 and on the summit in turn 1, though it ends on P (5).
    result = case(tmp_path, capsys, "summit_touched.game.json")
    ann = result["players"][0]
    a = ann["climbers"][0]
    assert (a["best_vp"], a["score"], a["summit_turn"]) == (10, 10, 1) and ann["score"] == 11
