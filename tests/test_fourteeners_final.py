"""Scoring a finished 14ers game from its tableaus: the hand-worked tables through the command line and through
a final-tableaus session give the same results; a Plan counted by hand; what such a session refuses."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from companion import cli
from companion.errors import IllegalAction, InvalidInput
from companion.games.fourteeners import session
from companion.games.fourteeners.catalog import export_catalog, import_catalog, parse_card
from companion.games.fourteeners.rules import Phase, cards_to_save
from companion.games.fourteeners.data import Side
from companion.games.fourteeners.files import score_file
from fourteeners_tables import TABLES, card, tuck

SIDE_NAMES = {"A": "basic", "B": "advanced", "C": "basic", "D": "advanced"}


def final_setup(table: dict[str, Any], catalog: dict[str, Any] | None = None) -> dict[str, Any]:
    """The setup of a final-tableaus session for a table's players (Gerry comes with one player)."""
    humans = [p for p in table["players"] if not p.get("gerry")]
    accolade = table["accolade"]
    return {"final": True,
            "players": [{"name": p["name"], "side": SIDE_NAMES[p["hiker"]]} for p in humans],
            "accolade": None if accolade is None else {"category": accolade},
            "catalog": catalog}


def play(table: dict[str, Any]) -> Any:
    """Enter each tableau as it is in the table, score the game, and return the state."""
    state = session.start(final_setup(table))
    for seat, p in enumerate(table["players"]):
        state = session.apply(state, {"type": "tableau", "player": seat, "tucked": p["tucked"],
                                      "guides": p["guides"]})
    return session.apply(state, {"type": "score"})


def result_of(summary: dict[str, Any]) -> dict[str, Any]:
    """A history record's detail in the command line's `--json` form."""
    players = [{k: p.get(k, 0) for k in ("name", "accolade", "plans", "capstones", "photos", "total")}
               for p in summary["detail"]["players"]]
    winners = summary["detail"]["winner"]
    return {"players": players, "winner": winners[0] if len(winners) == 1 else winners}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_each_hand_worked_table_on_the_command_line(name: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(TABLES[name]["table"]), encoding="utf-8")
    assert cli.main(["score", "14ers", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == TABLES[name]["expected"]


@pytest.mark.parametrize("name", sorted(TABLES))
def test_each_hand_worked_table_through_a_final_tableaus_session(name: str) -> None:
    state = play(TABLES[name]["table"])
    assert state.phase is Phase.FINISHED
    summary = session.summary(state)
    assert result_of(summary) == TABLES[name]["expected"]
    assert summary["detail"]["scored_from_tableaus"] is True


def test_the_verdict_says_the_tie_break() -> None:
    tie = session.summary(play(TABLES["capstone-tiebreak"]["table"]))["detail"]["verdict"]
    assert tie == "Bo wins: Ann and Bo tie at 12, and the tie goes to the fewest points from Capstones (Ann 6, Bo 3)."
    shared = session.summary(play(TABLES["shared-victory"]["table"]))["detail"]["verdict"]
    assert shared.startswith("Shared victory: Ann and Bo tie at 7") and "(Ann 5, Bo 5)" in shared
    solo_tie = session.summary(play(TABLES["solo-tie"]["table"]))["detail"]["verdict"]
    assert solo_tie == "A tie with Gerry at 8 is not a win: only a higher score beats Gerry."
    plain = session.summary(play(TABLES["rulebook-example"]["table"]))["detail"]["verdict"]
    assert plain == "Ann wins with 18."


def test_a_plan_counted_by_hand_is_marked_so_in_the_result() -> None:
    summary = session.summary(play(TABLES["hand-counted-plan"]["table"]))
    ann = summary["detail"]["players"][0]
    by_hand = [line for line in ann["lines"] if line.get("by_hand")]
    assert [(line["source"], line["points"]) for line in by_hand] == [("Windom Peak", 5)]
    assert by_hand[0]["text"] == "5 ★, as counted by the players (1 per pair of Class I and Class II)"
    assert all(not line.get("by_hand") for line in summary["detail"]["players"][1]["lines"][1:])


def test_the_same_table_from_a_catalog_by_name() -> None:
    # The cards picked from the owner's catalog are named in the actions; the result does not change.
    table = TABLES["rulebook-example"]["table"]
    cards = [t["card"] for p in table["players"] for t in p["tucked"] + p["guides"]]
    catalog = export_catalog(import_catalog({"format": "fourteeners-catalog", "version": 1, "cards": cards}))
    state = session.start(final_setup(table, catalog))
    for seat, p in enumerate(table["players"]):
        state = session.apply(state, {
            "type": "tableau", "player": seat,
            "tucked": [{"card": t["card"]["name"].upper(), "side": t["side"]} for t in p["tucked"]],
            "guides": [{"card": g["card"]["name"]} for g in p["guides"]]})
    state = session.apply(state, {"type": "score"})
    assert result_of(session.summary(state)) == TABLES["rulebook-example"]["expected"]
    assert cards_to_save(state) == ()          # nothing new to keep: every card came from the catalog


def test_cards_entered_on_the_spot_are_offered_to_the_catalog_without_invented_sides() -> None:
    state = play(TABLES["rulebook-example"]["table"])
    offered = {c.name: c for c in cards_to_save(state)}
    assert len(offered) == 10
    assert offered["Longs Peak"].ability(Side.CAPSTONE) is not None
    # Entered at the end with only what scoring needs: the other sides stay undescribed.
    assert offered["Longs Peak"].ability(Side.GEAR) is None
    assert all(ability is None for ability in offered["Quandary Peak"].sides)


def test_replacing_a_tableau_and_undoing_the_score() -> None:
    table = copy.deepcopy(TABLES["accolade-fewest"]["table"])
    state = session.start(final_setup(table))
    state = session.apply(state, {"type": "tableau", "player": 0, "tucked": table["players"][0]["tucked"][:1]})
    state = session.apply(state, {"type": "tableau", "player": 0, "tucked": table["players"][0]["tucked"]})
    assert [t.card.name for t in state.players[0].tucked] == ["Uncompahgre Peak", "Wetterhorn Peak"]
    with pytest.raises(IllegalAction, match="nothing is entered for Bo"):
        session.apply(state, {"type": "score"})
    state = session.apply(state, {"type": "tableau", "player": 1, "tucked": table["players"][1]["tucked"]})
    done = session.apply(state, {"type": "score"})
    with pytest.raises(IllegalAction, match="undo the scoring"):
        session.apply(done, {"type": "tableau", "player": 1, "tucked": []})


def test_the_accolade_can_be_corrected_before_scoring() -> None:
    table = TABLES["accolade-fewest"]["table"]
    state = session.start(final_setup(table))
    for seat, p in enumerate(table["players"]):
        state = session.apply(state, {"type": "tableau", "player": seat, "tucked": p["tucked"]})
    state = session.apply(state, {"type": "accolade", "accolade": {"category": {"most": {"class": 4}}}})
    summary = session.summary(session.apply(state, {"type": "score"}))
    assert [p["accolade"] for p in summary["detail"]["players"]] == [0, 4]
    with pytest.raises(InvalidInput, match="scored with its Accolade"):
        session.apply(state, {"type": "accolade", "accolade": None})
    with pytest.raises(InvalidInput, match="chosen at setup"):
        session.apply(state, {"type": "accolade", "accolade": "random"})


@pytest.mark.parametrize("tucked,message", [
    ([tuck("Plan X", 2, "plans", None)], "Plan X's Plans side is not described; give its ability, or the points"),
    ([tuck("Gear X", 2, "gear", {"utility": 1}, counted={"points": 2})], "only a Plan's points are counted by hand"),
    ([tuck("Plan X", 2, "plans", None, counted={"points": 100})], "from -99 to 99"),
    ([tuck("Plan X", 2, "plans", None, counted={"points": 2, "note": "x" * 121})], "the note"),
    ([tuck("Plan X", 2, "plans", None, counted={"points": 2, "why": "x"})], "unknown key 'why'"),
    ([tuck("Plan X", 2, "plans", {"points": 1})] * 2, "'Plan X' is twice on Ann's tableau"),
    ([tuck(f"Cap {i}", 4, "capstone", {"points": 1}) for i in range(5)], "5 Class IV Climbs are in play"),
    ([tuck(f"Cap {i}", 1, "training", {"endurance": 1}) for i in range(10)], "one Climb a turn for 9 rounds"),
    ([{"card": "Nowhere Peak", "side": "plans"}], "not in this game's catalog"),
    ([{"card": card("Plan X", 2, "plans", {"points": 1}), "side": "summit"}], "'summit' is not a side"),
])
def test_a_tableau_the_rules_refuse_is_refused_with_the_reason(tucked: list[Any], message: str) -> None:
    state = session.start(final_setup(TABLES["accolade-fewest"]["table"]))
    with pytest.raises((InvalidInput, IllegalAction), match=message.replace("(", r"\(").replace(")", r"\)")):
        session.apply(state, {"type": "tableau", "player": 0, "tucked": tucked})


def test_seat_rules_hold_gerry_and_hiker_d() -> None:
    solo = session.start(final_setup(TABLES["solo-tie"]["table"]))
    with pytest.raises(IllegalAction, match="Gerry tucks a Class II Climb as Plans, not Capstone"):
        session.apply(solo, {"type": "tableau", "player": 1,
                             "tucked": [tuck("Peak", 2, "capstone", {"points": 1})]})
    with pytest.raises(IllegalAction, match="never hires Guides"):
        session.apply(solo, {"type": "tableau", "player": 1, "guides": [{"card": card("G", 1, "gear", None)}]})
    with pytest.raises(IllegalAction, match="without an Accolade"):
        session.apply(solo, {"type": "accolade", "accolade": {"category": {"most": {"class": 1}}}})
    four = session.start(final_setup(TABLES["accolade-four-tied"]["table"]))
    with pytest.raises(IllegalAction, match="Hiker D can never tuck Climbs as Capstones"):
        session.apply(four, {"type": "tableau", "player": 3, "tucked": [tuck("Peak", 2, "capstone", {"points": 1})]})
    with pytest.raises(InvalidInput, match="player: must be a seat from 0 to 3"):
        session.apply(four, {"type": "tableau", "player": 4, "tucked": []})


def test_a_final_tableaus_game_has_no_turns_and_a_turn_by_turn_game_no_tableau_entry() -> None:
    state = session.start(final_setup(TABLES["accolade-fewest"]["table"]))
    with pytest.raises(IllegalAction, match="scored from its final tableaus"):
        session.apply(state, {"type": "reveal", "card": card("Peak", 1, "gear", None)})
    played = session.start({"players": ["Ann", "Bo"], "accolade": {"category": {"most": {"class": 1}}}})
    with pytest.raises(IllegalAction, match="played turn by turn"):
        session.apply(played, {"type": "tableau", "player": 0, "tucked": []})


def test_a_final_setup_takes_no_drawn_accolade_and_keeps_the_roster_rules() -> None:
    with pytest.raises(InvalidInput, match="on the table"):
        session.start({"final": True, "players": ["Ann", "Bo"], "accolade": "random", "seed": 3})
    with pytest.raises(InvalidInput, match="needs an Accolade"):
        session.start({"final": True, "players": ["Ann", "Bo"], "accolade": None})
    with pytest.raises(InvalidInput, match="setup.final: must be true or false"):
        session.start({"final": "yes", "players": ["Ann"]})


def test_the_command_line_reads_counted_plans_as_the_screen_does() -> None:
    doc = copy.deepcopy(TABLES["hand-counted-plan"]["table"])
    doc["players"][0]["tucked"][0]["counted"] = {"points": 5, "note": "a\nb"}
    assert score_file(doc)["players"][0]["plans"] == 7        # the note's line break is folded to a space
    doc["players"][0]["tucked"][0]["counted"] = {"points": "5"}
    with pytest.raises(InvalidInput, match=r"players\[0\].tucked\[0\].counted.points: must be a whole number"):
        score_file(doc)
    assert parse_card(doc["players"][0]["tucked"][0]["card"]).ability(Side.PLANS) is None
