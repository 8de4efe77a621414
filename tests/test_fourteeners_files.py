"""`companion score 14ers FILE` and `companion check 14ers FILE`: the formats, their output and their errors."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion import cli
from companion.errors import DataError, IllegalAction, InvalidInput
from companion.games.fourteeners.files import check_file, format_check, format_score, score_file
from test_fourteeners_fixtures import card, catalog_doc, synthetic_catalog_doc

HAZARD_PLAN = card("Hazard Plan", 2, icons=("hazard",), plans={"per": {"icon": "hazard"}, "points": 1})
NO_GEAR_PLAN = card("No Gear Plan", 1, plans={"if_none": {"side": "gear"}, "points": 2})
CAP_4 = card("Cap Four", 3, hazard=True, icons=("hazard",), capstone={"points": 4})
CAP_6 = card("Cap Six", 4, icons=("hazard", "alt"), capstone={"points": 6})
TRAIN = card("Trainer", 1, training={"endurance": 1})
PHOTO_GUIDE = card("Photo Guide", 2, icons=("photo",))
PLAIN_GUIDE = card("Plain Guide", 1)
EXAMPLE_CATALOG = catalog_doc([HAZARD_PLAN, NO_GEAR_PLAN, CAP_4, CAP_6, TRAIN, PHOTO_GUIDE, PLAIN_GUIDE])


def example(**changes: Any) -> dict[str, Any]:
    """The rulebook's scoring example: Ann has 18; Bo ties her on the Accolade."""
    doc = {
        "catalog": EXAMPLE_CATALOG,
        "accolade": {"most": {"class": [1, 2]}},
        "players": [
            {"name": "Ann", "hiker": "A",
             "tucked": [{"card": "Hazard Plan", "side": "plans"}, {"card": "no gear plan", "side": "plans"},
                        {"card": "Cap Four", "side": "capstone"}, {"card": "Cap Six", "side": "capstone"},
                        {"card": "Trainer", "side": "training"}],
             "guides": [{"card": "Photo Guide"}, {"card": "Plain Guide"}]},
            {"name": "Bo", "hiker": "C",
             "tucked": [{"card": card("Bo 1", 2, capstone={"points": 3}), "side": "capstone"},
                        {"card": card("Bo 2", 2, gear={"utility": 1}), "side": "gear"},
                        {"card": card("Bo 3", 1, training={"technique": 1}), "side": "training"}]},
        ],
    }
    doc.update(changes)
    return doc


def test_the_scoring_example_on_the_command_line_format() -> None:
    assert score_file(example()) == {
        "players": [
            {"name": "Ann", "accolade": 2, "plans": 5, "capstones": 10, "photos": 1, "total": 18},
            {"name": "Bo", "accolade": 2, "plans": 0, "capstones": 3, "photos": 0, "total": 5},
        ],
        "winner": "Ann",
    }


def test_cards_may_be_given_whole_without_a_catalog() -> None:
    doc = example()
    del doc["catalog"]
    by_name = {c["name"].casefold(): c for c in EXAMPLE_CATALOG["cards"]}
    for player in doc["players"]:
        for item in player.get("tucked", []) + player.get("guides", []):
            if isinstance(item["card"], str):
                item["card"] = by_name[item["card"].casefold()]
    assert score_file(doc)["players"][0]["total"] == 18


def test_the_catalog_may_be_a_file_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cards.json").write_text(json.dumps(EXAMPLE_CATALOG), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert score_file(example(catalog="cards.json"))["players"][0]["total"] == 18
    with pytest.raises(InvalidInput, match="catalog: no such file 'missing.json'"):
        score_file(example(catalog="missing.json"))


def test_a_shared_victory_is_a_list() -> None:
    # With an Accolade nobody meets (no tucked card shows a Photo; Guides do not count) Ann has 5 + 10 + 1 = 16,
    # 10 of it from Capstones.
    doc = example(accolade={"most": {"icon": "photo"}})
    bo = doc["players"][1]
    bo["tucked"] += [{"card": card("Bo 4", 3, capstone={"points": 7}), "side": "capstone"},
                     {"card": card("Bo 5", 2, plans={"points": 5}), "side": "plans"}]
    bo["guides"] = [{"card": card("Bo 6", 4, icons=("photo",))}]
    result = score_file(doc)
    assert [p["total"] for p in result["players"]] == [16, 16]
    assert [p["capstones"] for p in result["players"]] == [10, 10]
    assert result["winner"] == ["Ann", "Bo"]
    bo["tucked"][3]["card"] = card("Bo 4", 3, capstone={"points": 8})
    bo["tucked"][4]["card"] = card("Bo 5", 2, plans={"points": 4})
    result = score_file(doc)
    assert [p["total"] for p in result["players"]] == [16, 16]
    assert result["winner"] == "Ann"             # fewer Capstone points: 10 against 11


def test_unknown_names_are_refused_clearly() -> None:
    doc = example()
    doc["players"][0]["tucked"][0]["card"] = "Pikes Peak"
    with pytest.raises(InvalidInput, match=r"players\[0\].tucked\[0\].card: unknown card 'Pikes Peak': it is not "
                                           r"in the file's catalog"):
        score_file(doc)
    del doc["catalog"]
    with pytest.raises(InvalidInput, match="needs a \"catalog\" in the file"):
        score_file(doc)


def test_a_name_and_a_different_card_object_of_the_same_name_conflict() -> None:
    doc = example()
    doc["players"][0]["tucked"][4]["card"] = card("Trainer", 1, training={"endurance": 2})
    with pytest.raises(InvalidInput, match="described differently"):
        score_file(doc)


def test_solo_file_with_gerry() -> None:
    doc = {"players": [
        {"name": "Ann", "hiker": "B",
         "tucked": [{"card": card("Mine", 3, capstone={"points": 5}), "side": "capstone"}]},
        {"name": "Gerry", "hiker": "C", "gerry": True,
         "tucked": [{"card": card("G1", 1, training={"endurance": 1}), "side": "training"},
                    {"card": card("G2", 2, plans={"per": {"side": "training"}, "points": 2}), "side": "plans"},
                    {"card": card("G3", 4, capstone={"points": 3}), "side": "capstone"}]}]}
    assert score_file(doc) == {"players": [
        {"name": "Ann", "accolade": 0, "plans": 0, "capstones": 5, "photos": 0, "total": 5},
        {"name": "Gerry", "accolade": 0, "plans": 2, "capstones": 3, "photos": 0, "total": 5}],
        "winner": "Gerry"}                           # tied at 5: Gerry has fewer Capstone points
    wrong = json.loads(json.dumps(doc))
    wrong["players"][1]["tucked"][0]["side"] = "gear"
    with pytest.raises(IllegalAction, match="Gerry tucks a Class I Climb as Training, not Gear"):
        score_file(wrong)
    guided = json.loads(json.dumps(doc))
    guided["players"][1]["guides"] = [{"card": card("G9", 1)}]
    with pytest.raises(IllegalAction, match="Gerry never hires Guides"):
        score_file(guided)
    with pytest.raises(InvalidInput, match="without an Accolade"):
        score_file({**doc, "accolade": {"most": {"side": "gear"}}})


@pytest.mark.parametrize("change,error,message", [
    (lambda d: d["players"][1].update(hiker="A"), IllegalAction, r"players\[1\].hiker: with 2 players seat 2 plays "
                                                                 r"Hiker C or D"),
    (lambda d: d["players"][1].update(hiker="E"), InvalidInput, "'E' is not a Hiker"),
    (lambda d: d["players"][1].update(hiker="D"), IllegalAction, "Hiker D can never tuck Climbs as Capstones"),
    (lambda d: d["players"][1]["tucked"].append({"card": "Cap Four", "side": "capstone"}), IllegalAction,
     "'Cap Four' is both with Ann and with Bo"),
    (lambda d: d["players"][1]["tucked"].extend(
        {"card": card(f"X{i}", 4, gear={"utility": 0}), "side": "gear"} for i in range(7)), IllegalAction,
     r"players\[1\]: 10 Climbs tucked or hired as Guides"),
    (lambda d: d["players"][1]["tucked"].extend(
        {"card": card(f"X{i}", 4, gear={"utility": 0}), "side": "gear"} for i in range(4)), IllegalAction,
     "5 Class IV Climbs are in play, but the deck for 2 players holds 4"),
    (lambda d: d["players"][0]["tucked"][0].update(side="summit"), InvalidInput, "'summit' is not a side"),
    (lambda d: d["players"][0]["tucked"].append({"card": card("Blank", 1), "side": "gear"}), InvalidInput,
     "Blank's Gear side is not described"),
    (lambda d: d["players"][0].update(score=3), InvalidInput, r"players\[0\]: unknown key 'score'"),
    (lambda d: d.update(players=[]), InvalidInput, "players: must be a list of 1-4 players"),
    (lambda d: d.update(accolade={"most": {"colour": "red"}}), InvalidInput, "accolade.most: unknown filter key"),
    (lambda d: d["players"][1].update(name="ann"), InvalidInput, "two players have the same name"),
    (lambda d: d["catalog"]["cards"][0].update({"class": 0}), DataError, r"catalog: cards\[0\].class"),
    (lambda d: d.update(weather="Rain"), InvalidInput, "the file: unknown key 'weather'"),
])
def test_format_errors_name_the_problem(change: Any, error: type[Exception], message: str) -> None:
    doc = json.loads(json.dumps(example()))
    change(doc)
    with pytest.raises(error, match=message):
        score_file(doc)


def test_the_command_line_prints_json_and_fails_with_status_2(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "game.json"
    good.write_text(json.dumps(example()), encoding="utf-8")
    assert cli.main(["score", "14ers", str(good), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == "Ann"
    assert cli.main(["score", "14ers", str(good)]) == 0
    text = capsys.readouterr().out
    assert "Ann" in text and "18" in text and "Winner: Ann" in text
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(example(players="Ann")), encoding="utf-8")
    assert cli.main(["score", "14ers", str(bad), "--json"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "players: must be a list of 1-4 players" in err[0]


def test_format_score_text() -> None:
    text = format_score({"players": [{"name": "Ann", "accolade": 2, "plans": 5, "capstones": 10, "photos": 1,
                                      "total": 18}, {"name": "Bo", "accolade": 2, "plans": 5, "capstones": 10,
                                                     "photos": 1, "total": 18}], "winner": ["Ann", "Bo"]})
    assert text.splitlines()[-1] == "Shared victory: Ann, Bo"


def test_check_a_catalog_file() -> None:
    doc = synthetic_catalog_doc()
    doc["cards"][0]["sides"] = {"plans": {"points": 1}}
    result = check_file(doc)
    report = result["catalog"]
    assert report["cards"] == 39 and report["by_class"] == {"1": 8, "2": 14, "3": 10, "4": 7}
    assert report["complete_cards"] == 38
    assert report["undescribed"] == [{"card": "Peak 1-1", "sides": ["capstone", "gear", "training"]}]
    assert "39 cards" in format_check(result)
    with pytest.raises(DataError, match=r"cards\[1\].class"):
        check_file({**doc, "cards": [doc["cards"][0], {**doc["cards"][1], "class": 7}]})


def test_check_gain_against_a_tableau() -> None:
    doc = {
        "hiker": "A",
        "tucked": [{"card": card("Pack", 2, gear={"utility": 2, "only_for_class": [4]}), "side": "gear"}],
        "weather": "Rain",
        "catalog": catalog_doc([], weather={"Rain": [{"extra": {"endurance": 1}}]}),
        "climbs": [card("High", 4, 2, 2), card("Mid", 3, 2, 2), card("Cross", 3, 2, 2, hazard=True)],
    }
    result = check_file(doc)
    assert result["attributes"]["class_utility"] == {"4": 2}
    assert result["weather"] == {"name": "Rain", "effects": "Climbs cost 1 Endurance more"}
    high, mid, cross = result["climbs"]
    assert high["possible"] and high["endurance"] == 3
    assert high["utility"] == {"endurance": 2, "technique": 0, "class_utility": 2, "utility": 0}
    assert not mid["possible"] and [g["ignores"] for g in mid["guides"]] == [["requirements"]]
    assert [g["ignores"] for g in cross["guides"]] == [["requirements", "hazard"]]
    assert cross["guides"][0]["affordable"] is False
    assert "cannot be gained now" in format_check(result)
    with pytest.raises(InvalidInput, match="unknown Weather 'Hail'"):
        check_file({**doc, "weather": "Hail"})
    # Each Climb card is unique: listed twice, or revealed while on a tableau, it was checked as if possible.
    with pytest.raises(IllegalAction, match="'Mid' is twice in climbs; each Climb card is unique"):
        check_file({**doc, "climbs": doc["climbs"] + [card("Mid", 3, 2, 2)]})
    with pytest.raises(IllegalAction, match="'Pack' is both in your tableau and in climbs"):
        check_file({**doc, "climbs": doc["climbs"] + [card("Pack", 2, 1, 1)]})


@pytest.mark.parametrize("changes, message", [
    ({"accolade": None}, "accolade: a game of 2-4 players is scored with its Accolade"),
    ({"accolade": None, "players": [{"name": "Ann", "hiker": "A", "tucked": []}]},
     "players: one player plays the solo variant against Gerry; add Gerry"),
])
def test_a_table_without_its_accolade_or_its_gerry_is_refused(changes, message) -> None:
    with pytest.raises(InvalidInput, match=re.escape(message)):
        score_file(example(**changes))
