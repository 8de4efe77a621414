"""Expedition stars and winner, worked by hand from the rulebook (Earn a Reputation, Building Up the Ascents).

Sheets' data: Dunai summit 65, stars summit 1 / race 1 / record 1; Kagkot 70, 3 / 2 / 1; Dhaulagiri 75,
5 / 3 / 1.
"""

from __future__ import annotations

import pytest

from companion.games.expedition.data import expedition_sheets, sheet_for
from companion.games.expedition.files import score_file
from companion.games.expedition.scoring import (
    Stars,
    Standing,
    TieBreak,
    ascent_stars,
    best_indices,
    new_record,
    ranked,
    winners,
)

DUNAI, KAGKOT, DHAULAGIRI = (sheet_for(k) for k in ("dunai", "kagkot", "dhaulagiri"))


def test_the_ascents_go_by_summit_from_the_sheets_data():
    assert [(s.key, s.summit) for s in expedition_sheets()] == [("dunai", 65), ("kagkot", 70), ("dhaulagiri", 75)]
    assert (KAGKOT.stars.summit, KAGKOT.stars.race, KAGKOT.stars.record) == (3, 2, 1)


def test_summit_stars_at_or_above_the_summit_only():
    stars = ascent_stars(DUNAI, [65, 64, 66], record_before=100)
    assert [s.summit for s in stars] == [1, 0, 1]


def test_race_stars_to_the_highest_even_below_the_summit():
    # Nobody reaches Dhaulagiri's 75: the best, 60, still wins the 3 race stars and nothing else.
    stars = ascent_stars(DHAULAGIRI, [60, 52], record_before=None)
    assert stars == (Stars(summit=0, race=3, record=0), Stars())


def test_tied_highest_scores_all_win_the_race():
    stars = ascent_stars(KAGKOT, [68, 68, 60], record_before=90)
    assert stars == (Stars(race=2), Stars(race=2), Stars())
    assert [s.total for s in stars] == [2, 2, 0]


def test_every_player_above_the_old_record_gets_a_record_star_but_only_the_best_writes():
    # Dunai record 70 when the Expedition began: 75 and 72 beat it, 70 only equals it.
    stars = ascent_stars(DUNAI, [75, 72, 70], record_before=70)
    assert stars == (Stars(1, 1, 1), Stars(1, 0, 1), Stars(1, 0, 0))
    assert new_record([75, 72, 70], 70) == 75
    assert best_indices([75, 72, 70]) == (0,)


def test_no_record_yet_nothing_to_beat_the_best_writes_the_first():
    stars = ascent_stars(DHAULAGIRI, [80, 74], record_before=None)
    assert stars == (Stars(5, 3, 0), Stars(0, 0, 0))
    assert new_record([80, 74], None) == 80


def test_no_new_record_when_nobody_beats_it():
    assert new_record([70, 69], 70) is None
    assert new_record([71, 69], 70) == 71


def test_winner_most_stars_then_total_then_shared():
    assert winners([Standing(9, 200), Standing(8, 230)]) == ((0,), TieBreak.STARS)
    assert winners([Standing(9, 200), Standing(9, 230), Standing(3, 250)]) == ((1,), TieBreak.SCORE)
    assert winners([Standing(9, 230), Standing(9, 230), Standing(8, 230)]) == ((0, 1), TieBreak.SHARED)


def test_players_are_ranked_as_the_winner_is_found():
    # Stars first, the total only between equal stars, seat order only where both are tied.
    assert ranked([Standing(3, 250), Standing(9, 200), Standing(9, 230), Standing(3, 250)]) == (2, 1, 0, 3)
    assert ranked([Standing(5, 100)]) == (0,)
    assert ranked([]) == ()


def _file(ascents, records=None, players=("Ann", "Bob")):
    sheets = ("dunai", "kagkot", "dhaulagiri")
    return {"players": list(players), "records": records or {},
            "ascents": [{"sheet": sheets[n], "scores": scores} for n, scores in enumerate(ascents)]}


def test_a_whole_expedition_by_hand():
    result = score_file(_file(
        [{"Ann": 70, "Bob": 82}, {"Ann": 75, "Bob": 60}, {"Ann": 70, "Bob": 77}],
        records={"dunai": 80, "kagkot": None, "dhaulagiri": 76},
    ))
    dunai, kagkot, dhaulagiri = result["ascents"]
    # Dunai: both summit (>= 65); Bob races (82) and beats the 80 record.
    assert dunai["stars"] == {"Ann": {"summit": 1, "race": 0, "record": 0, "total": 1},
                              "Bob": {"summit": 1, "race": 1, "record": 1, "total": 3}}
    assert dunai["new_record"] == {"score": 82, "names": ["Bob"]}
    # Kagkot: no record yet, so Ann's 75 earns no record star but writes the first record.
    assert kagkot["stars"]["Ann"] == {"summit": 3, "race": 2, "record": 0, "total": 5}
    assert kagkot["stars"]["Bob"]["total"] == 0
    assert kagkot["record_before"] is None and kagkot["new_record"] == {"score": 75, "names": ["Ann"]}
    # Dhaulagiri: Bob's 77 is above the summit and the 76 record.
    assert dhaulagiri["stars"]["Bob"] == {"summit": 5, "race": 3, "record": 1, "total": 9}
    assert result["totals"] == {"Ann": {"stars": 6, "score": 215}, "Bob": {"stars": 12, "score": 219}}
    assert result["records"] == {"dunai": 82, "kagkot": 75, "dhaulagiri": 77}
    assert (result["winner"], result["decided_by"], result["complete"]) == ("Bob", "stars", True)


def test_stars_tied_the_total_decides():
    # Dunai 66 v 60: Ann summit 1 + race 1 = 2, Bob 0.  Kagkot 50 v 55: Bob race 2.
    # Dhaulagiri 40 v 40: both race 3.  Stars 5 each; totals Ann 156, Bob 155.
    result = score_file(_file([{"Ann": 66, "Bob": 60}, {"Ann": 50, "Bob": 55}, {"Ann": 40, "Bob": 40}],
                              records={"dunai": 99, "kagkot": 99, "dhaulagiri": 99}))
    assert result["totals"] == {"Ann": {"stars": 5, "score": 156}, "Bob": {"stars": 5, "score": 155}}
    assert (result["winner"], result["decided_by"]) == ("Ann", "score")


def test_a_full_tie_is_shared_and_the_winner_is_a_list():
    result = score_file(_file([{"Ann": 66, "Bob": 60}, {"Ann": 50, "Bob": 56}, {"Ann": 40, "Bob": 40}],
                              records={"dunai": 99, "kagkot": 99, "dhaulagiri": 99}))
    assert result["totals"]["Ann"] == result["totals"]["Bob"] == {"stars": 5, "score": 156}
    assert (result["winner"], result["decided_by"]) == (["Ann", "Bob"], "shared")


def test_tied_best_score_writes_a_shared_record():
    result = score_file(_file([{"Ann": 70, "Bob": 70}]))
    assert result["ascents"][0]["new_record"] == {"score": 70, "names": ["Ann", "Bob"]}
    assert result["records"] == {"dunai": 70, "kagkot": None, "dhaulagiri": None}


def test_record_stars_judge_against_the_record_at_the_start_not_a_record_set_later():
    # Two players beat the old 60; both get the record star though only Bob's 90 is written.
    result = score_file(_file([{"Ann": 80, "Bob": 90}], records={"dunai": 60}))
    stars = result["ascents"][0]["stars"]
    assert stars["Ann"]["record"] == 1 and stars["Bob"]["record"] == 1


@pytest.mark.parametrize("scores", [{"Ann": -12, "Bob": -15}])
def test_negative_totals_still_race(scores):
    result = score_file(_file([scores]))
    assert result["ascents"][0]["stars"]["Ann"] == {"summit": 0, "race": 1, "record": 0, "total": 1}
    assert result["records"]["dunai"] == -12
