"""The app's interface: setup dicts, JSON actions, the history summary, and seeded random games to the end."""

from __future__ import annotations

import json
import random

import pytest

from companion.errors import IllegalAction, InvalidInput
from companion.games.fourteeners import rules, scoring, session, solo
from companion.games.fourteeners.data import Side
from companion.games.fourteeners.rules import Phase
from test_fourteeners_fixtures import synthetic_catalog_doc


def setup(**changes: object) -> dict:
    doc = {"players": [{"name": "Ann", "id": "p-ann"}, {"name": "Bo", "side": "advanced"}],
           "accolade": {"name": "Gear Head", "side": "basic"}, "catalog": synthetic_catalog_doc()}
    doc.update(changes)
    return doc


def test_start_from_a_setup_dict() -> None:
    state = session.start(setup())
    assert [(p.name, p.hiker, p.player_id) for p in state.players] == [("Ann", "A", "p-ann"), ("Bo", "D", None)]
    assert state.setup.accolade is not None and state.setup.accolade.name == "Gear Head"
    assert state.phase is Phase.SETUP and not state.setup.weather


def test_random_accolade_is_reproducible_from_the_seed() -> None:
    first = session.start(setup(accolade="random", seed=11)).setup.accolade
    assert first == session.start(setup(accolade="random", seed=11)).setup.accolade
    picks = {session.start(setup(accolade="random", seed=s)).setup.accolade.side for s in range(12)}
    assert len(picks) == 2


@pytest.mark.parametrize("changes,message", [
    ({"players": []}, "setup.players: must list 1-4 players"),
    ({"players": ["A", "B", "C", "D", "E"]}, "setup.players: must list 1-4 players"),
    ({"players": [{"name": "Ann", "side": "expert"}, "Bo"]}, r"setup.players\[0\].side"),
    ({"accolade": "random"}, "setup.seed: a random Accolade needs"),
    ({"accolade": None}, "needs an Accolade"),
    ({"players": ["Ann"]}, "played without an Accolade"),
    ({"accolade": {"name": "Summit Fever", "side": "basic"}}, "no Accolade named 'Summit Fever'"),
    ({"accolade": {"category": {"least": {}}}}, "setup.accolade.category: unknown category 'least'"),
    ({"weather": "yes"}, "setup.weather: must be true or false"),
    ({"mode": "solo"}, "setup: unknown key 'mode'"),
    ({"players": ["Gerry"], "accolade": None}, "Gerry is the solo opponent's name"),
])
def test_bad_setups_name_the_field(changes: dict, message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        session.start(setup(**changes))


def play(doc: dict, seed: int) -> tuple[rules.State, list[dict]]:
    """A seeded random game through legal_actions, as the app would send it: JSON action dicts."""
    rng = random.Random(seed)
    state = session.start(doc)
    actions: list[dict] = []
    while state.phase is not Phase.FINISHED:
        action = json.loads(json.dumps(rules.action_to_doc(rng.choice(rules.legal_actions(state)))))
        actions.append(action)
        state = session.apply(state, action)
        check_invariants(state)
    return state, actions


def check_invariants(state: rules.State) -> None:
    places = [c.name for c in state.row]
    for player in state.players:
        places += [t.card.name for t in player.tucked] + [c.name for c in player.guides]
        if player.gerry:
            assert not player.guides
            assert all(t.side is solo.gerry_side(t.card.klass) for t in player.tucked)
        if player.hiker == "D":
            assert all(t.side is not Side.CAPSTONE for t in player.tucked)
    assert len(places) == len(set(places)) == state.drawn


@pytest.mark.parametrize("players,weather,seed", [(1, False, 1), (1, True, 2), (2, True, 3), (3, False, 4),
                                                  (4, True, 5), (2, False, 6)])
def test_seeded_random_games_reach_the_end_and_replay_identically(players: int, weather: bool, seed: int) -> None:
    names = ["Ann", "Bo", "Cy", "Di"][:players]
    doc = setup(players=[{"name": n, "side": "advanced" if i % 2 else "basic"} for i, n in enumerate(names)],
                weather=weather, accolade=None if players == 1 else "random", seed=seed)
    state, actions = play(doc, seed)
    turns = sum(1 for a in actions if a["type"] in ("gain", "pass"))
    assert turns == 9 * players
    seats = len(state.players)
    assert all(len(p.tucked) + len(p.guides) + p.passes == 9 for p in state.players)
    assert state.drawn == sum(rules.deck_counts(players).values()) and seats == max(players, 2)
    replayed = session.start(doc)
    for action in actions:
        replayed = session.apply(replayed, action)
    assert replayed == state
    result = scoring.score(state)
    for line in result.players:
        assert line.total == line.accolade + line.plans + line.capstones + line.photos
    record = session.summary(state)
    assert record["game"] == "fourteeners"
    assert [p["score"] for p in record["players"]] == [p.total for p in result.players]
    assert [p["name"] for p in record["players"] if p["winner"]] == list(result.winners)
    json.dumps(record)


def test_summary_waits_for_the_end_and_has_the_history_shape() -> None:
    state = session.start(setup())
    with pytest.raises(IllegalAction, match="not over yet"):
        session.summary(state)
    state, _ = play(setup(), 9)
    record = session.summary(state)
    assert set(record) == {"game", "title", "players", "detail"}
    assert record["title"] == "2 players · Gear Head"
    assert record["players"][0]["id"] == "p-ann" and record["players"][1]["id"] is None
    detail = record["detail"]
    assert set(detail) == {"players", "winner", "accolade", "weather", "outcome", "verdict"}
    assert detail["accolade"]["category"] == "most Climbs tucked as Gear"
    assert set(detail["players"][0]) == {"name", "hiker", "gerry", "accolade", "plans", "capstones", "photos",
                                         "total", "lines"}


def test_json_actions_are_checked() -> None:
    state = session.start(setup())
    with pytest.raises(InvalidInput, match="type: 'tuck' is not an action"):
        session.apply(state, {"type": "tuck"})
    state = session.apply(state, {"type": "reveal", "card": "Peak 1-2"})
    assert [c.name for c in state.row] == ["Peak 1-2"]


def test_weather_names_in_the_engines_words_are_said_in_the_players_language():
    # "Runde 3 (Fog)", "Mud sperrt diese Runde die Seite Ausrüstung": the Weather stayed English in every language.
    from companion.games.fourteeners.wording import weather_word
    from companion.i18n import tr, use_language
    from companion.i18n.message import msg

    line = msg("Round {round} ({weather})", round=3, weather=weather_word("Fog"))
    assert str(line) == "Round 3 (Fog)"                              # the English (and the command line) as before
    with use_language("de"):
        assert tr(line) == "Runde 3 (Nebel)"
        assert tr(weather_word("Mud")) == "Schlamm"
    with use_language("fr"):
        assert tr(weather_word("Clear Skies")) == "Ciel dégagé"
    with use_language("pl"):
        assert tr(weather_word("Blizzard")) == "Zamieć"
    assert weather_word("Monsoon") == "Monsoon"                       # a name of no forecast: kept as it is


def test_a_german_shortfall_reads_right_for_one_point_and_for_more():
    # Not "es fehlen 1": the verb agrees with the shortfall ("es fehlt 1", "es fehlen 2"), and the Utility is
    # said as what the player has for this Climb, not as "nutzbar …: 1 zu wenig" (hard to follow).
    from companion.i18n import tr, use_language
    from companion.i18n.message import msgn

    words = ("it needs {endurance} Endurance and {technique} Technique; you have {have_endurance} Endurance, "
             "{have_technique} Technique and {utility} Utility usable on this Climb: {short} short")
    for short in (1, 2):
        reason = msgn(words, words, short, endurance=4, technique=4, have_endurance=2, have_technique=3, utility=2,
                      short=short)
        with use_language("de"):
            verb = "fehlt" if short == 1 else "fehlen"
            assert tr(reason).endswith(f"und 2 Vielseitigkeit für diesen Gipfel; es {verb} {short}"), tr(reason)
