"""Each game's entries in words (`describe_action` in every session module, `companion.entries`): the exact
wording of every kind of entry, from short games played through the engines, and that describing never fails
and always gives one line, for junk and for every entry of the recorded games."""

from __future__ import annotations

import glob
import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.entries import describe_entries
from companion.games.expedition import session as expedition
from companion.games.expedition.rules import Phase as ExpeditionPhase, sheet_seats
from companion.games.fourteeners import rules as fourteeners_rules, session as fourteeners
from companion.games.fourteeners.catalog import card_to_doc
from companion.games.fourteeners.rules import Phase as FourteenersPhase
from companion.games.freunde import session as freunde
from companion.games.ridgeline import session as ridgeline
from companion.games.trek12 import session as trek12
from companion.games.trek12.rules import ROLLS, legal_actions
from companion.games.words import UNRECOGNISED
from companion.i18n import tr, use_language
from fourteeners_tables import TABLES
from test_fourteeners_fixtures import synthetic_catalog_doc

GOLDEN = Path(__file__).parent / "golden"
ENGINES = (trek12, expedition, fourteeners, ridgeline, freunde)


def one_line(text: str) -> bool:
    return isinstance(text, str) and bool(text.strip()) and "\n" not in text and "\r" not in text


# --- Trek 12 ----------------------------------------------------------------------------------------------

def trek12_golden(name: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A golden playthrough as an app session: its game document's setup, one seat, and its turns."""
    doc = json.loads((GOLDEN / "trek12" / f"{name}.json").read_text(encoding="utf-8"))
    setup = {k: v for k, v in doc["setup"].items() if k != "assists"}
    setup["players"] = [{"name": "Ann", **({"assists": doc["setup"]["assists"]} if "assists" in doc["setup"] else {})}]
    return setup, [step["turn"] for step in doc["steps"]]


def test_trek12_turns_name_the_round_the_player_the_dice_the_circle_and_the_links() -> None:
    setup = {"sheet": "dunai", "players": ["Ann", "Bo"]}
    actions = [{"dice": [5, 1], "op": "difference", "circle": 3},
               {"dice": [5, 1], "op": "sum", "circle": 9, "player": 1},
               {"dice": [4, 4], "op": "product", "circle": 4, "player": 0},
               {"dice": [4, 4], "op": "lower", "circle": 10, "player": 1},
               {"dice": [2, 3], "op": "sum", "circle": 2, "links": [3]},
               {"dice": [2, 3], "op": "higher", "circle": 8, "player": 1}]
    assert describe_entries(trek12, setup, actions) == [
        "Round 1, Ann: 4 (5−1) in circle 3",
        "Round 1, Bo: 6 (5+1) in circle 9",
        "Round 2, Ann: 16 (4×4) in circle 4: a skull (over 12)",
        "Round 2, Bo: 4 (the lower of 4 and 4) in circle 10",
        "Round 3, Ann: 5 (2+3) in circle 2, linked to circle 3",
        "Round 3, Bo: 3 (the higher of 2 and 3) in circle 8",
    ]
    # Every turn applied: the round count above is the table's own.
    table = trek12.start(setup)
    for action in actions:
        table = trek12.apply(table, action)
    assert table.round == 4


def test_trek12_cards_and_max_are_in_the_words() -> None:
    setup, turns = trek12_golden("dunai-cards-seed4")
    words = describe_entries(trek12, setup, turns)
    assert words[:7] == [
        "Round 1: 6 (3+3) in circle 6, with the Tent",
        "Round 2: 0 (the lower of 6 and 0) in circle 12, with the Compass",
        "Round 3: 1 (the higher of 1 and 1) in circle 8, with the Rope to circle 12",
        "Round 4: 3 (the higher of 1 and 3) in circle 10",
        "Round 5: 18 (6×3) in circle 4: a skull (over 12)",
        "Round 6: 1 (5−4) in circle 3, took the Rope",
        "Round 7: 0 (the lower of 2 and 0) in circle 7, with the Rope to circle 3",
    ]
    setup, turns = trek12_golden("dhaulagiri-max-seed3")
    assert describe_entries(trek12, setup, turns)[:3] == [
        "Round 1: 6 (3+3) in circle 18; Max: 9",
        "Round 2: 6 (the higher of 6 and 4) in circle 12; Max: 24, a skull",
        "Round 3: 20 (4×5) in circle 11: a skull (over 6); Max: 20, a skull",
    ]
    table = trek12.start({"sheet": "dunai", "players": [{"name": "Ann", "assists": ["rope", "tent"]}, "Bo"]})
    assert trek12.describe_action(table, {"cash": ["rope", "tent"], "player": 0}) == \
        "End of the Ascent, Ann: cashed the Rope and the Tent (+6)"
    assert trek12.describe_action(table, {"cash": [], "player": 0}) == \
        "End of the Ascent, Ann: kept every Assist card (none cashed)"
    assert trek12.describe_action(table, {"dice": [6, 5], "op": "sum", "circle": 2, "assist": "compass",
                                          "take": "schnapps", "give_back": "rope", "player": 1}) == \
        "Round 1, Bo: 11 (6+5) in circle 2, with the Compass, took the Schnapps (gave back the Rope)"
    # In another language one card used reads as well as two: a list of one stays a message to translate.
    with use_language("de"):
        one = tr(trek12.describe_action(table, {"dice": [6, 5], "op": "sum", "circle": 2, "assist": "tent",
                                                "player": 1}))
        two = tr(trek12.describe_action(table, {"dice": [6, 5], "op": "sum", "circle": 2,
                                                "assist": ["compass", "tent"], "player": 1}))
    assert one.endswith(", Zelt eingesetzt") and "Tent" not in one
    assert two.endswith(", Kompass und Zelt eingesetzt")


# --- Expeditions ------------------------------------------------------------------------------------------

ASCENT_1 = [
    {"type": "reveal", "cards": ["rope", "rope", "tent", "compass", "schnapps"]},
    {"type": "pick", "picks": [{"player": "Ann", "card": "rope", "zone": 1}, {"player": "Bob", "card": "tent"}]},
    {"type": "use", "player": "Bob", "card": "tent"},
    {"type": "score", "scores": {"Ann": 63, "Bob": 61}, "cash": {"Ann": ["rope"]},
     "challenges": {"Bob": [1]}, "date": "2026-03-01"},
    {"type": "open", "note": "Bob's envelope:\na new card for the deck"},
]


def test_expedition_entries_name_the_ascent_and_what_the_table_did() -> None:
    assert describe_entries(expedition, {"players": ["Ann", "Bob"]}, ASCENT_1) == [
        "Ascent 1 (Dunai): revealed a Compass, 2 Ropes, a Tent and a Schnapps",
        "Ascent 1 picks: Ann took the Rope for a zone of 1s; Bob took the Tent",
        "Ascent 1, Bob: used the Tent",
        "Ascent 1 (Dunai) scored: Ann 66 (63 + 1 card cashed), Bob 61; challenges met: Bob 1; 1 Mar 2026",
        "Envelope 1 opened by Bob: “Bob's envelope: a new card for the deck”",
    ]


def test_expedition_sheet_entries_and_turns_on_it() -> None:
    actions = [{"type": "sheet", "dice_seed": 7},
               {"type": "turn", "player": "Ann", "dice": [5, 1], "op": "difference", "circle": 3},
               {"type": "turn", "player": "Ann", "dice": [2, 3], "op": "sum", "circle": 4, "links": [3]},
               {"type": "pick", "picks": [{"player": "Max", "card": None}]},
               {"type": "sheet", "drop": True},
               {"type": "score", "scores": {"Ann": 60, "Max": -4}}]
    assert describe_entries(expedition, {"players": ["Ann"], "solo": "max", "cards": "off"}, actions) == [
        "Ascent 1 (Dunai): the sheet is played in the app",
        "Ascent 1, round 1, Ann: 4 (5−1) in circle 3; Max: 6",
        "Ascent 1, round 2, Ann: 5 (2+3) in circle 4, linked to circle 3; Max: 6",
        "Ascent 1, picks after round 2: Max took no card",
        "Ascent 1: the sheet in the app set aside; the Ascent goes on on paper",
        "Ascent 1 (Dunai) scored: Ann 60, Max −4",
    ]


def expedition_game(seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A solo Expedition with drawn cards, every Ascent played on the app's sheet to the end."""
    setup = {"players": ["Ann"], "solo": "max", "cards": "drawn", "seed": seed}
    rng = random.Random(seed)
    state = expedition.start(setup)
    actions: list[dict[str, Any]] = []
    while not state.over:
        if state.phase is ExpeditionPhase.REVEAL:
            action: dict[str, Any] = {"type": "reveal"}
        elif state.phase is ExpeditionPhase.ENVELOPE:
            action = {"type": "open", "note": "A new challenge"}
        elif state.table is None:
            action = {"type": "sheet", "dice_seed": seed}
        elif state.due:
            pool = list(state.pool)
            action = {"type": "pick", "picks": [
                {"player": state.setup.names[n],
                 "card": pool.pop(0).value if pool and len(state.hands[n]) < 3 else None} for n in state.due]}
        elif state.table.complete:
            action = {"type": "score", "scores": {}, "date": "2026-03-01"}
        else:
            table = state.table
            seat = trek12.current_player(table)
            moves = [m for m in legal_actions(table.states[seat], table.roll or rng.choice(ROLLS)) if m.take is None]
            action = {"type": "turn", "player": state.setup.names[sheet_seats(state)[seat]],
                      **rng.choice(moves).to_dict()}
        actions.append(action)
        state = expedition.apply(state, action)
    return setup, actions


# --- 14ers -----------------------------------------------------------------------------------------------

def fourteeners_game(doc: dict[str, Any], seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A seeded game through legal_actions to the end, as the app sends it: JSON action dicts."""
    rng = random.Random(seed)
    state = fourteeners.start(doc)
    actions: list[dict[str, Any]] = []
    while state.phase is not FourteenersPhase.FINISHED:
        action = json.loads(json.dumps(fourteeners_rules.action_to_doc(rng.choice(fourteeners_rules.legal_actions(state)))))
        actions.append(action)
        state = fourteeners.apply(state, action)
    return doc, actions


def fourteeners_setup(**changes: Any) -> dict[str, Any]:
    doc = {"players": ["Ann", {"name": "Bo", "side": "advanced"}], "accolade": {"name": "Gear Head", "side": "basic"},
           "catalog": synthetic_catalog_doc(), "weather": True}
    doc.update(changes)
    return doc


def test_fourteeners_turns_name_the_round_the_player_the_climb_and_the_guides() -> None:
    setup, actions = fourteeners_game(fourteeners_setup(), 5)
    words = describe_entries(fourteeners, setup, actions)
    assert words[:9] == [
        "Setup: revealed Peak 1-5 (Class I)",
        "Setup: revealed Peak 1-7 (Class I)",
        "Setup: revealed Peak 1-3 (Class I)",
        "Round 1, Ann: revealed Peak 1-8 (Class I)",
        "Round 1, Ann: gained Peak 1-5, tucked as Capstone",
        "Round 1, Bo: revealed Peak 1-6 (Class I)",
        "Round 1, Bo: gained Peak 1-3, tucked as Gear",
        "Round 2, Ann: revealed Peak 2-11 (Class II)",
        "Round 2, Ann: gained Peak 1-7, tucked as Gear",
    ]
    # The Fog of round 3 has the gain first and the reveal at the end of the turn.
    assert words[11:13] == ["Round 3, Ann: gained Peak 2-11, tucked as Gear", "Round 3, Ann: revealed Peak 2-9 (Class II)"]
    assert words[20] == ("Round 5, Ann: gained Peak 3-4, tucked as Training (Guides: Peak 1-5 ignoring the "
                         "requirements and Peak 1-7 ignoring the Hazard)")
    assert words[22] == "Round 5, Bo: gained Peak 2-8, tucked as Gear (Guide: Peak 2-9 ignoring the Weather)"


def test_fourteeners_passes_descriptions_and_corrections() -> None:
    setup, actions = fourteeners_game(fourteeners_setup(), 5)
    state = fourteeners.start(setup)
    for action in actions[:4]:
        state = fourteeners.apply(state, action)     # round 1, Ann has revealed: she gains or passes now
    printed = card_to_doc(state.card("Peak 1-5"))
    assert [fourteeners.describe_action(state, action) for action in [
        {"type": "pass"},
        {"type": "gain", "card": "peak 1-5", "side": "plans", "ability": {"points": 2},
         "guides": [{"card": "Peak 1-7", "ignores": None}]},
        {"type": "describe", "card": "peak 1-5", "side": "gear", "ability": {"utility": 1}},
        {"type": "correct", "card": {**printed, "endurance": printed["endurance"] + 1}},
        {"type": "hiker", "hiker": "B", "ability": {"endurance": 1}},
        {"type": "hiker", "hiker": "B", "ability": None},
        {"type": "weather", "weather": "Rain", "effects": [{"extra": {"endurance": 1}}]},
        {"type": "weather", "weather": "Rain", "effects": None},
    ]] == [
        "Round 1, Ann: could gain no Climb",
        "Round 1, Ann: gained Peak 1-5, tucked as Plans (Guide: Peak 1-7), its Plans side described",
        "Described Peak 1-5's Gear side",
        "Corrected Peak 1-5 as printed",
        "Described Hiker B's ability",
        "Cleared Hiker B's ability",
        "Described Rain's effects",
        "Cleared Rain's effects",
    ]


def test_fourteeners_final_tableaus_entries() -> None:
    table = TABLES["rulebook-example"]["table"]
    setup = {"final": True, "players": [{"name": "Ann"}, {"name": "Bo"}], "accolade": {"category": table["accolade"]}}
    actions: list[dict[str, Any]] = [
        {"type": "tableau", "player": seat, "tucked": p["tucked"], "guides": p["guides"]}
        for seat, p in enumerate(table["players"])]
    actions += [{"type": "accolade", "accolade": {"category": {"most": {"side": "gear"}}}}, {"type": "score"}]
    assert describe_entries(fourteeners, setup, actions) == [
        "Ann's tableau entered: 5 Climbs, 2 Guides",
        "Bo's tableau entered: 3 Climbs, 0 Guides",
        "Accolade set: most Climbs tucked as Gear",
        "Scored",
    ]
    state = fourteeners.start(fourteeners_setup(final=True, weather=False))
    assert fourteeners.describe_action(state, {"type": "accolade", "accolade": {"name": "Shutterbug",
                                                                                "side": "advanced"}}) == \
        "Accolade set: Shutterbug (advanced)"


# --- Ridgeline --------------------------------------------------------------------------------------------

RIDGELINE_SETUP = {"seats": ["Ann", "Ben", "Cat"], "route": "sprint", "first_dealer": "Cat", "checked": True}
RIDGELINE_HANDS = [
    {"went_out": "Ann", "pitched": ["Ann"], "left": {"Ben": ["G7", "W"], "Cat": ["R"]}},
    {"went_out": "Ben", "pitched": ["Ann", "Ben"], "left": {"Ann": ["G1"], "Cat": ["R", "P3", "P4"]}},
    {"went_out": "Cat", "pitched": [], "left": {"Ann": ["G1"], "Ben": ["P3"], "Cat": []}},
    {"went_out": "Ann", "pitched": ["Ann"], "left": {"Ben": ["G2"], "Cat": ["P5"]}},
    {"went_out": "Ann", "pitched": ["Ann", "Cat"], "left": {"Ben": ["G2"], "Cat": ["P5"]}},
    {"went_out": "Ann", "pitched": ["Ann"], "left": {"Ben": ["G2"], "Cat": ["P5"]}},
]


def test_ridgeline_hands_name_the_dealer_who_went_out_the_camps_and_the_cards_left() -> None:
    assert describe_entries(ridgeline, RIDGELINE_SETUP, RIDGELINE_HANDS) == [
        "Hand 1 (Cat dealt): Ann went out; Ann pitched camp 1; cards left: Ben 2, Cat 1",
        "Hand 2 (Ann dealt): Ben went out; Ann pitched camp 2, Ben camp 1; cards left: Ann 1, Cat 3",
        "Hand 3 (Ben dealt): Cat went out; nobody pitched; cards left: Ann 1, Ben 1",
        "Hand 4 (Cat dealt): Ann went out; Ann pitched camp 5; cards left: Ben 1, Cat 1",
        "Hand 5 (Ann dealt): Ann went out; Ann pitched camp 7, Cat camp 1; cards left: Ben 1, Cat 1",
        "Hand 6 (Ben dealt): Ann went out; Ann pitched camp 9 (the summit); cards left: Ben 1, Cat 1",
    ]


def test_ridgeline_hands_in_french_say_who_dealt_without_a_gender_and_each_camp_pitched() -> None:
    # "donneur : Amélie" gave Amélie the masculine; "Amélie a posé le camp 5, Bruno camp 5" dropped the article.
    from companion.i18n import tr, use_language

    with use_language("fr"):
        words = [str(tr(w)) for w in describe_entries(ridgeline, RIDGELINE_SETUP, RIDGELINE_HANDS)]
    assert words[1] == ("Donne 2 (distribuée par Ann)\u00a0: Ben a fini sa main\u00a0; Ann a posé le camp 2, "
                        "Ben le camp 1\u00a0; cartes restantes\u00a0: Ann 1, Cat 3"), words[1]


# --- Freunde ----------------------------------------------------------------------------------------------

def freunde_session(name: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    doc = json.loads((GOLDEN / "freunde" / f"{name}.session.json").read_text(encoding="utf-8"))
    return doc["setup"], doc["actions"]


def test_freunde_entries_name_the_turn_the_player_the_climber_and_what_moved_or_paid() -> None:
    setup, actions = freunde_session("three_players_summer")
    words = describe_entries(freunde, setup, actions)
    # Cards in hand order, as the screens list them: movement, ropes, then acclimatization, each by value.
    assert words[:13] == [
        "Turn 1, Ann drew Move 1, Move 2, Move 3, Rope 1 or 2 down, Acclimatize +0 and Acclimatize +1",
        "Turn 1, Bob drew Move 1, Move 2, Move 3, Rope 1 or 2 down, Rope 1 or 3 down and Acclimatize +0",
        "Turn 1, Cy drew Move 1, Move 1, Move 2, Rope 1 or 3 down, Acclimatize +1 and Acclimatize +3",
        "Turn 1, Ann played Move 2, Rope 1 or 2 down and Acclimatize +1",
        "Turn 1, Bob played Move 2, Move 3 and Rope 1 or 3 down",
        "Turn 1, Cy played Rope 1 or 3 down, Acclimatize +1 and Acclimatize +3",
        "Turn 1, Bob took a risk token of 1 (a 0 turned face up)",
        "Turn 1, Bob's climber A moved from base camp to S6 with Move 2, Move 3 and Rope 1 or 3 down; "
        "1 risk point off its movement",
        "Turn 1, Bob is done",
        "Turn 1, Cy's climber A moved from base camp to S1 with Rope 1 or 3 down, Acclimatize +1 and "
        "Acclimatize +3",
        "Turn 1, Cy is done",
        "Turn 1, Ann's climber A moved from base camp to S4 with Move 2, Rope 1 or 2 down and Acclimatize +1",
        "Turn 1, Ann is done",
    ]
    state = freunde.start(setup)
    assert [freunde.describe_action(state, action) for action in [
        {"type": "weather", "day": 1, "weather": {"label": "snow", "accl": 2, "move": 1, "zones": [7000, 8000]}},
        {"type": "weather", "day": 4, "weather": ["sun", {"label": "wind", "accl": 1, "zones": [8000]}]},
        {"type": "pay_risk", "player": "Ann", "climber": "B", "amount": 2},
        {"type": "climber", "player": "Cy", "climber": "B", "cards": ["A2"]},
        {"type": "climber", "player": "Cy", "climber": "B", "cards": ["M1", "A0"]},
        {"type": "climber", "player": "Cy", "climber": "B", "cards": ["M1"], "tent": True, "risk_accl": 1},
        {"type": "rules", "rules": "rulebook-2010"},
    ]] == [
        "Day 1's weather: snow (−2 acclimatization and +1 movement per space in the 7000 m and 8000 m zones)",
        "Weather of days 4–5: sun; wind (−1 acclimatization in the 8000 m zone)",
        "Turn 1, Ann paid 2 risk points off climber B's acclimatization",
        "Turn 1, Cy's climber B acclimatized in base camp with Acclimatize +2",
        # An Acclimatize +0 gains nothing: the climber stayed where it was.
        "Turn 1, Cy's climber B stayed in base camp with Move 1 and Acclimatize +0",
        "Turn 1, Cy's climber B pitched its tent in base camp with Move 1; 1 risk point off its acclimatization",
        "From turn 1 on: the printed rules",
    ]


# --- every engine: never raises, always one line ----------------------------------------------------------

JUNK: list[Any] = [
    {}, {"type": None}, {"type": "gain"}, {"type": "tableau", "player": True}, {"type": "score", "x": 1},
    {"type": "weather", "day": 1}, {"type": "pick", "picks": [{"player": 99}]}, {"cash": "all"},
    {"cash": ["rope"], "player": 9}, {"dice": [7, 9], "op": "sum", "circle": 0}, {"dice": "x", "op": 1},
    {"dice": [1, 1], "op": "sum", "circle": 10**40}, {"went_out": "Nobody", "pitched": [], "left": {}},
    {"type": "climber", "player": "Ann", "climber": "A", "to": "S99"}, {"type": "turn", "player": "Ann"},
    {"type": "reveal", "card": {"name": "x"}}, {"type": "open", "note": 5}, {"type": "score", "scores": []},
    {"type": "risk", "value": -1}, {"type": "draw", "player": 0, "cards": ["Z9"]}, {"player": None},
    {"type": "accolade", "accolade": "random"}, {"type": "sheet", "dice_seed": -1}, {"\ud800": 1},
    [], None, "turn", 5, {"type": ["pass"]}, {"type": {"a": 1}},
]


def random_junk(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON-like value, with the keys every engine reads, to shake the action parsers."""
    keys = ["type", "player", "card", "cards", "side", "dice", "op", "circle", "links", "went_out", "left",
            "pitched", "climber", "path", "to", "picks", "scores", "cash", "hiker", "ability", "weather", "day"]
    leaves: list[Any] = [None, True, 0, 1, -3, 2.5, "", "Ann", "sum", "gain", "pick", "climber", "S1", "rope",
                         "capstone", "A", 10**30]
    if depth > 2 or rng.random() < 0.3:
        return rng.choice(leaves)
    if rng.random() < 0.3:
        return [random_junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(keys): random_junk(rng, depth + 1) for _ in range(rng.randrange(5))}


def starts() -> list[tuple[Any, Any]]:
    return [(trek12, trek12.start({"sheet": "dunai", "solo": "max", "players": ["Ann"]})),
            (expedition, expedition.start({"players": ["Ann", "Bob"]})),
            (fourteeners, fourteeners.start(fourteeners_setup())),
            (ridgeline, ridgeline.start(RIDGELINE_SETUP)),
            (freunde, freunde.start(freunde_session("two_players_winter")[0]))]


def test_describing_junk_never_raises_and_gives_one_line() -> None:
    rng = random.Random(12)
    samples = JUNK + [random_junk(rng) for _ in range(300)]
    for engine, state in starts():
        for junk in samples:
            words = engine.describe_action(state, junk)
            assert one_line(words), (engine.__name__, junk, words)
        assert engine.describe_action(state, {"type": "nonsense"}) == UNRECOGNISED


def recorded_games() -> list[tuple[Any, dict[str, Any], list[dict[str, Any]]]]:
    games: list[tuple[Any, dict[str, Any], list[dict[str, Any]]]] = []
    for name in ("dunai-seed1", "dunai-cards-seed4", "dhaulagiri-max-seed3"):
        games.append((trek12, *trek12_golden(name)))
    games.append((expedition, *expedition_game(3)))
    games.append((expedition, {"players": ["Ann", "Bob"]}, ASCENT_1))
    games.append((fourteeners, *fourteeners_game(fourteeners_setup(), 5)))
    games.append((fourteeners, *fourteeners_game({"players": ["Ann"], "catalog": synthetic_catalog_doc(),
                                                   "weather": True}, 2)))
    games.append((ridgeline, RIDGELINE_SETUP, RIDGELINE_HANDS))
    for path in sorted(glob.glob(str(GOLDEN / "freunde" / "**" / "*.session.json"), recursive=True)):
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
        games.append((freunde, doc["setup"], doc["actions"]))
    return games


def test_every_entry_of_the_recorded_games_is_one_recognised_line() -> None:
    for engine, setup, actions in recorded_games():
        words = describe_entries(engine, setup, actions)
        assert len(words) == len(actions)
        for action, line in zip(actions, words):
            assert one_line(line) and line != UNRECOGNISED, (engine.__name__, action, line)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.__name__.split(".")[2])
def test_entries_after_one_that_no_longer_applies_are_described_from_the_last_state(engine: Any) -> None:
    setup, actions = {
        trek12: lambda: trek12_golden("dunai-seed1"),
        expedition: lambda: ({"players": ["Ann", "Bob"]}, ASCENT_1),
        fourteeners: lambda: fourteeners_game(fourteeners_setup(), 5),
        ridgeline: lambda: (RIDGELINE_SETUP, RIDGELINE_HANDS),
        freunde: lambda: freunde_session("two_players_winter"),
    }[engine]()
    actions = list(actions[:6])
    whole = describe_entries(engine, setup, actions)
    # The second entry edited so it no longer applies: it and those after it are still described, from the
    # state after the first.
    broken = describe_entries(engine, setup, [actions[0], {"type": "nonsense"}, *actions[2:]])
    state = engine.apply(engine.start(setup), actions[0])
    assert broken[0] == whole[0] and broken[1] == UNRECOGNISED
    assert broken[2:] == [engine.describe_action(state, action) for action in actions[2:]]
    assert all(one_line(line) for line in broken)
    assert describe_entries(engine, {"no": "setup"}, actions[:2]) == [UNRECOGNISED] * 2


def test_an_old_trek12_cash_entry_without_a_seat_names_the_player_it_was_for():
    # Games saved when a player holding no card was still asked keep "cash": [] for that player as the default
    # seat: its line named the next player, who holds cards, and theirs named nobody.
    table = trek12.start({"sheet": "dunai", "players": [{"name": "Ann", "assists": []},
                                                         {"name": "Bo", "assists": ["rope"]}]})
    rng = random.Random(3)
    while not table.complete:
        seat = trek12.current_player(table)
        roll = table.roll or rng.choice(ROLLS)
        moves = [m for m in legal_actions(table.states[seat], roll) if not m.assists and m.take is None]
        table = trek12.apply(table, dict(rng.choice(moves).to_dict(), player=seat))
    assert [len(state.assists) for state in table.states] == [0, 1]
    assert trek12.describe_action(table, {"cash": []}) == "End of the Ascent, Ann: kept every Assist card (none cashed)"
    table = trek12.apply(table, {"cash": []})
    assert trek12.describe_action(table, {"cash": ["rope"]}) == "End of the Ascent, Bo: cashed the Rope (+3)"
