"""Statistics by hand-worked cases: ties and shared wins, solo games against Max and Gerry, games played
alone, lower-is-better fatigue, Trek 12 sheets, the CSV export and the shared text.

Every expected number below was worked out by hand from the records in this file.
"""

from __future__ import annotations

import csv
import io

import pytest

from companion.store.stats import (
    CSV_COLUMNS, Bin, Outcome, expedition_stars, histogram, history_csv, player_line, player_lines, read,
    ranked_seats, score_series, seats, share_text, solo_lines, solo_opponent, trek12_sheets,
)

ANN, BOB = "a" * 32, "b" * 32
W, S, L = Outcome.WIN, Outcome.SHARED, Outcome.LOSS


def _p(name, score, winner, pid=None):
    return {"id": pid, "name": name, "score": score, "winner": winner}


def _t12(name, total, lines, zones, penalty, reached):
    return {"name": name, "total": total, "lines": [{"circles": [1, 2], "points": 3}] * lines,
            "zones": [{"circles": [1, 2], "value": 1, "points": 2}] * zones, "penalty": penalty,
            "summit_reached": reached}


def _rec(rid, day, game, players, detail=None, title="", session=None):
    return {"id": rid, "game": game, "finished": f"2026-03-{day:02d}T18:00:00+00:00", "title": title,
            "players": players, "detail": detail or {}, "session": session}


G1 = _rec("g1", 1, "trek12", [_p("Ann", 70, True, ANN), _p("Bob", 70, True, BOB)], title="Dunai",
          detail={"sheet": "dunai", "summit": 65, "scores": [_t12("Ann", 70, 3, 2, 6, True),
                                                             _t12("Bob", 70, 2, 3, 9, True)]})
G2 = _rec("g2", 2, "trek12", [_p("Ann", 50, False, ANN), _p("Bob", 60, True, BOB)], title="Dunai",
          detail={"sheet": "dunai", "summit": 65, "scores": [_t12("Ann", 50, 1, 1, 12, False),
                                                             _t12("Bob", 60, 2, 2, 3, False)]})
G3 = _rec("g3", 3, "trek12", [_p("Ann", 80, True, ANN), _p("Bob", 40, False, BOB), _p("Cy", 40, False)],
          title="Kagkot",
          detail={"sheet": "kagkot", "summit": 80, "scores": [_t12("Ann", 80, 4, 3, 0, True),
                                                              _t12("Bob", 40, 1, 0, 15, False),
                                                              _t12("Cy", 40, 0, 1, 18, False)]})
G4 = _rec("g4", 4, "ridgeline", [_p("Ann", 12, True, ANN), _p("Bob", 30, False, BOB)], title="Sprint",
          detail={"lower_is_better": True})
G5 = _rec("g5", 5, "ridgeline", [_p("Ann", 40, False, ANN), _p("Bob", 25, True, BOB)], title="Sprint",
          detail={"lower_is_better": True})
# Free Solo against Max: the setup says so (G6, G7); G8 was imported without its session.
SOLO_SETUP = {"setup": {"sheet": "dunai", "solo": "max", "players": [{"id": ANN, "name": "Ann"}]}, "actions": []}
G6 = _rec("g6", 6, "trek12", [_p("Ann", 60, True, ANN), _p("Max", 55, False)], title="Dunai", session=SOLO_SETUP,
          detail={"sheet": "dunai", "summit": 65, "scores": [_t12("Ann", 60, 2, 2, 6, False),
                                                             _t12("Max", 55, 5, 5, 0, False)]})
G7 = _rec("g7", 7, "trek12", [_p("Ann", 50, True, ANN), _p("Max", 50, True)], title="Dunai", session=SOLO_SETUP)
G8 = _rec("g8", 8, "trek12", [_p("Ann", 30, False, ANN), _p("Max", 45, True)], title="Dunai")
G9 = _rec("g9", 9, "fourteeners", [_p("Ann", 27, True, ANN), _p("Gerry", 26, False)], title="Solo against Gerry",
          detail={"players": [{"name": "Ann", "gerry": False, "total": 27},
                              {"name": "Gerry", "gerry": True, "total": 26}], "outcome": "You win, 27 to 26."})
G10 = _rec("g10", 10, "freunde", [_p("Ann", 10, False, ANN)], title="Winter board, winter weather (solo)",
           detail={"solo": True, "solo_rank": {"name": "Tatra climber", "score": 10}})


def _ascent(ann, max_):
    return {"stars": {"Ann": dict(zip(("summit", "race", "record"), ann), total=sum(ann)),
                      "Max": dict(zip(("summit", "race", "record"), max_), total=sum(max_))}}


G11 = _rec("g11", 11, "expedition", [_p("Ann", 5, True, ANN), _p("Max", 3, False)],
           title="Expedition: Dunai, Kagkot, Dhaulagiri (solo against Max)",
           detail={"solo": True, "ascents": [_ascent((1, 1, 0), (1, 0, 0)), _ascent((1, 0, 1), (0, 1, 0)),
                                              _ascent((0, 1, 0), (1, 0, 0))]})
ALL = [G1, G2, G3, G4, G5, G6, G7, G8, G9, G10, G11]


def _one(lines, name):
    return next(line for line in lines if line.name == name)


def test_shared_wins_count_as_wins_and_are_shown_as_shared():
    lines = player_lines([G1, G2, G3], game="trek12")
    assert [line.name for line in lines] == ["Ann", "Bob", "Cy"]   # 3 plays and 2 wins each, then Cy
    ann, bob, cy = lines
    assert (ann.plays, ann.wins, ann.shared_wins, ann.losses) == (3, 2, 1, 1)
    assert ann.win_rate == pytest.approx(2 / 3)
    assert (ann.best, ann.average) == (80, pytest.approx(200 / 3))
    assert ann.form == (W, L, S)                                     # newest first: G3, G2, G1
    assert (bob.plays, bob.wins, bob.shared_wins, bob.best) == (3, 2, 1, 70)
    assert bob.average == pytest.approx(170 / 3) and bob.form == (L, W, S)
    assert (cy.plays, cy.wins, cy.win_rate, cy.best, cy.key) == (1, 0, 0.0, 40, "guest:cy")


def test_a_tie_for_second_place_is_not_a_shared_win():
    bob, cy = (s for s in seats(G3) if s.name in ("Bob", "Cy"))
    assert bob.outcome is L and cy.outcome is L and bob.score == cy.score == 40


def test_lower_is_better_turns_best_around():
    ann, bob = player_lines([G4, G5], game="ridgeline")
    assert (ann.best, ann.average, ann.lower_is_better) == (12, 26, True)
    assert (bob.best, bob.average, bob.wins) == (25, 27.5, 1)


def test_across_every_game_there_is_no_best_or_average_and_form_spans_games():
    ann = player_line(ALL, f"id:{ANN}")
    # Contested: G1 S, G2 L, G3 W, G4 W, G5 L, G6 W, G7 S, G8 L, G9 W, G11 W; G10 was played alone.
    assert (ann.plays, ann.contested, ann.wins, ann.shared_wins, ann.losses) == (11, 10, 7, 2, 3)
    assert ann.win_rate == pytest.approx(0.7)
    assert ann.best is None and ann.average is None
    assert ann.form == (W, W, L, S, W)                               # G11, G9, G8, G7, G6
    assert player_line(ALL, "guest:nobody") is None


def test_automated_opponents_are_not_players():
    names = [line.name for line in player_lines(ALL)]
    assert names == ["Ann", "Bob", "Cy"]
    assert "Max" not in names and "Gerry" not in names


def test_who_is_an_automated_opponent():
    assert solo_opponent(G6) == (1, "Max") and solo_opponent(G8) == (1, "Max")
    assert solo_opponent(G9) == (1, "Gerry") and solo_opponent(G11) == (1, "Max")
    assert solo_opponent(G1) is None and solo_opponent(G10) is None
    # A guest called Max at a table of three, or in a game whose setup was not solo, is a player.
    three = _rec("x", 1, "trek12", [_p("Ann", 1, True, ANN), _p("Bob", 0, False, BOB), _p("Max", 0, False)])
    table = _rec("y", 1, "trek12", [_p("Ann", 1, True, ANN), _p("Max", 0, False)],
                 session={"setup": {"sheet": "dunai", "players": ["Ann", "Max"]}, "actions": []})
    assert solo_opponent(three) is None and solo_opponent(table) is None
    assert [line.name for line in player_lines([three, table])] == ["Ann", "Max", "Bob"]


def test_the_trek12_records_solo_marker_comes_before_any_guess():
    def dunai(solo, players, session=None):
        detail = {"sheet": "dunai", "summit": 65, "solo": solo,
                  "scores": [_t12(p["name"], p["score"], 1, 1, 0, False) for p in players]}
        return _rec("m", 1, "trek12", players, detail=detail, title="Dunai", session=session)

    ann_max = [_p("Ann", 40, False, ANN), _p("Max", 50, True)]
    # Imported without its session: the marker says Free Solo, or says this Max is a guest at the table
    # (which the two-players guess of older records would take for the opponent).
    assert solo_opponent(dunai("max", ann_max)) == (1, "Max")
    assert solo_opponent(dunai(None, ann_max)) is None
    assert [line.name for line in player_lines([dunai(None, ann_max)])] == ["Max", "Ann"]
    # The marker is the record's own word, over a setup that disagrees with it.
    assert solo_opponent(dunai(None, ann_max, session=SOLO_SETUP)) is None
    # Only a well-formed marker counts; anything else falls back to the setup as for older records.
    assert solo_opponent(dunai("yes", ann_max, session=SOLO_SETUP)) == (1, "Max")


def test_the_engines_own_records_read_as_solo_or_a_table():
    from companion.games.trek12 import session

    def finished(setup):
        table = session.start(setup)
        for seat in range(len(table.seats)):
            table = session.apply(table, {"dice": [3, 2], "op": "sum", "circle": 8, "player": seat})
        return {**session.summary(table), "id": "e", "finished": "2026-03-01T18:00:00+00:00", "session": None}

    solo = finished({"sheet": "dunai", "solo": "max", "players": [{"id": ANN, "name": "Ann"}]})
    table = finished({"sheet": "dunai", "players": [{"id": ANN, "name": "Ann"}, "Max"]})
    assert solo_opponent(solo) == (1, "Max")
    assert solo_opponent(table) is None
    assert [s.automated for s in seats(table)] == [False, False]


def test_solo_records_against_max_gerry_and_alone():
    lines = solo_lines(ALL, f"id:{ANN}")
    assert [(line.game, line.opponent) for line in lines] == [
        ("trek12", "Max"), ("expedition", "Max"), ("fourteeners", "Gerry"), ("freunde", None)]
    trek, expedition, gerry, alone = lines
    assert (trek.plays, trek.wins, trek.shared_wins, trek.losses) == (3, 2, 1, 1)
    assert (trek.best, trek.best_margin) == (60, 5)                  # G6: 60 against 55; G7's tie is 0
    assert trek.average == pytest.approx(140 / 3)
    assert trek.form == (L, S, W)                                    # G8, G7, G6
    assert (expedition.plays, expedition.wins, expedition.best, expedition.best_margin) == (1, 1, 5, 2)
    assert (gerry.plays, gerry.wins, gerry.best_margin, gerry.name) == (1, 1, 1, "Ann")
    assert (alone.plays, alone.wins, alone.losses, alone.best, alone.form) == (1, 0, 0, 10, (Outcome.SOLO,))


def test_a_game_played_alone_counts_as_a_play_but_not_a_contest():
    (line,) = player_lines([G10], game="freunde")
    assert (line.plays, line.contested, line.wins, line.win_rate, line.best, line.form) == (1, 0, 0, None, 10, ())


def test_tables_of_people_are_not_solo_records():
    assert solo_lines([G1, G2, G3, G4, G5]) == []


def test_trek12_per_sheet_from_the_breakdowns_without_max():
    dunai, kagkot = trek12_sheets(ALL)
    assert (dunai.sheet, dunai.name, dunai.summit) == ("dunai", "Dunai", 65)
    # Ann G1, Bob G1, Ann G2, Bob G2, Ann G6 (Max's sheet in G6 left out; G7 and G8 have no breakdown).
    assert (dunai.plays, dunai.summits, dunai.summit_rate) == (5, 2, 0.4)
    assert (dunai.lines, dunai.zones, dunai.penalty, dunai.average) == (2.0, 2.0, 7.2, 62.0)
    assert (dunai.best, dunai.best_by) == (70, ("Ann", "Bob"))
    assert (kagkot.plays, kagkot.summits, kagkot.best, kagkot.best_by) == (3, 1, 80, ("Ann",))
    assert kagkot.lines == pytest.approx(5 / 3) and kagkot.zones == pytest.approx(4 / 3)
    assert kagkot.penalty == 11 and kagkot.average == pytest.approx(160 / 3)


def test_trek12_sheets_of_one_player():
    dunai, kagkot = trek12_sheets(ALL, f"id:{ANN}")
    assert (dunai.plays, dunai.summits, dunai.penalty, dunai.average, dunai.best) == (3, 1, 8.0, 60.0, 70)
    assert dunai.zones == pytest.approx(5 / 3)
    assert (kagkot.plays, kagkot.summit_rate) == (1, 1.0)
    assert trek12_sheets(ALL, "guest:cy")[0].best_by == ("Cy",)


def test_a_renamed_players_best_sheet_is_given_their_name_now():
    # Ann renamed Annie: her statistics say "Best 70 by Annie, Bob", as her other lines do, not "by Ann".
    dunai, _kagkot = trek12_sheets(ALL, names={ANN: "Annie"})
    assert dunai.best_by == ("Annie", "Bob")
    assert trek12_sheets(ALL, f"id:{ANN}", names={ANN: "Annie"})[1].best_by == ("Annie",)


def test_scores_over_time_and_their_distribution():
    points = score_series(ALL, f"id:{ANN}", "trek12")
    assert [(p.record_id, p.score, p.outcome) for p in points] == [
        ("g1", 70, S), ("g2", 50, L), ("g3", 80, W), ("g6", 60, W), ("g7", 50, S), ("g8", 30, L)]
    assert histogram([12, 30, 40, 25], bins=3) == [Bin(12, 21, 1), Bin(22, 31, 2), Bin(32, 41, 1)]
    negative = histogram([-22, 6], bins=8)
    assert negative[0] == Bin(-22, -19, 1) and negative[-1] == Bin(6, 9, 1) and len(negative) == 8
    assert sum(b.count for b in negative) == 2
    assert histogram([7, 7, 7]) == [Bin(7, 7, 3)]
    assert histogram([]) == []
    with pytest.raises(ValueError, match="at least 1 bin"):
        histogram([1], bins=0)


def test_stars_per_expedition_by_kind():
    (entry,) = expedition_stars(ALL, f"id:{ANN}")
    assert (entry.record_id, entry.stars, entry.outcome) == ("g11", 5, W)
    assert dict(entry.by_kind) == {"summit": 2, "race": 2, "record": 1}
    assert expedition_stars(ALL, f"id:{BOB}") == []


def test_a_renamed_player_keeps_their_games_under_the_current_name():
    (ann, *_) = player_lines([G1], names={ANN: "Annapurna"})
    assert ann.name == "Annapurna" and ann.key == f"id:{ANN}"


def test_csv_has_one_row_per_player_per_game_oldest_first():
    rows = list(csv.reader(io.StringIO(history_csv([G2, G1, G6]))))
    assert tuple(rows[0]) == CSV_COLUMNS
    body = [dict(zip(CSV_COLUMNS, row)) for row in rows[1:]]
    assert [(r["record_id"], r["player"]) for r in body] == [
        ("g1", "Ann"), ("g1", "Bob"), ("g2", "Ann"), ("g2", "Bob"), ("g6", "Ann"), ("g6", "Max")]
    first = body[0]
    assert first == {"record_id": "g1", "finished": "2026-03-01T18:00:00+00:00", "game": "trek12",
                     "game_name": "Trek 12: Himalaya", "title": "Dunai", "player": "Ann", "player_id": ANN,
                     "automated": "0", "score": "70", "winner": "1", "shared_win": "1", "lower_is_better": "0"}
    assert (body[5]["automated"], body[5]["player_id"], body[5]["winner"]) == ("1", "", "0")


def test_csv_names_a_renamed_player_as_they_are_now():
    # Every screen said "Annapurna" after the rename while the spreadsheet kept "Ann" on her old games: a table
    # grouped by name split her in two. Guests and Max keep the names the game recorded.
    rows = list(csv.reader(io.StringIO(history_csv([G6], names={ANN: "Annapurna"}))))[1:]
    assert [(row[CSV_COLUMNS.index("player")], row[CSV_COLUMNS.index("player_id")]) for row in rows] == [
        ("Annapurna", ANN), ("Max", "")]


def test_csv_counts_no_win_for_a_game_played_alone():
    # A Trek 12 sheet played alone is kept with its one player marked winner; History shows no trophy and
    # Statistics counts no win, but the spreadsheet said "winner 1", and a tally of wins came out too high.
    alone = _rec("g9", 9, "trek12", [_p("Ann", 19, True, ANN)], title="Dunai")
    [row] = [dict(zip(CSV_COLUMNS, r)) for r in list(csv.reader(io.StringIO(history_csv([alone]))))[1:]]
    assert (row["winner"], row["shared_win"], row["score"]) == ("0", "0", "19")


def test_csv_escapes_commas_quotes_line_breaks_and_formulas():
    awkward = _rec("g;1", 1, "ridgeline", [_p('Ann "the axe", Jr.', -3, True, ANN), _p("=SUM(A1:A9)", 7, False),
                                           _p("+1", None, False)],
                   title="Camp 2,\nnight", detail={"lower_is_better": True})
    text = history_csv([awkward])
    assert text.endswith("\r\n") and text.count("\r\n") == 4          # header and three rows
    assert '"Ann ""the axe"", Jr."' in text                          # quotes doubled, field quoted
    rows = list(csv.reader(io.StringIO(text)))
    assert len(rows) == 4 and all(len(row) == len(CSV_COLUMNS) for row in rows)
    ann, formula, plus = (dict(zip(CSV_COLUMNS, row)) for row in rows[1:])
    assert ann["player"] == 'Ann "the axe", Jr.' and ann["title"] == "Camp 2,\nnight"
    assert ann["score"] == "-3" and ann["lower_is_better"] == "1"     # numbers are never altered
    assert formula["player"] == "'=SUM(A1:A9)" and plus["player"] == "'+1" and plus["score"] == ""


def test_share_text_of_a_shared_win():
    assert share_text(G1, when="1 Mar 2026") == (
        "Trek 12: Himalaya · Dunai\n1 Mar 2026\n"
        "1. Ann: 70 points (shared win)\n1. Bob: 70 points (shared win)")


def test_share_text_places_winners_first_and_ties_together():
    assert share_text(G3) == (
        "Trek 12: Himalaya · Kagkot\n2026-03-03\n"
        "1. Ann: 80 points (winner)\n2. Bob: 40 points\n2. Cy: 40 points")


def test_share_text_of_solo_games_and_of_fatigue():
    assert share_text(G8, when="") == (
        "Trek 12: Himalaya · Dunai (solo against Max)\n1. Max: 45 points (winner)\n2. Ann: 30 points")
    assert share_text(G9, when="") == (
        "14ers · Solo against Gerry\n1. Ann: 27 points (winner)\n2. Gerry: 26 points")
    assert share_text(G4, when="") == (
        "Ridgeline · Sprint\n1. Ann: 12 fatigue (winner)\n2. Bob: 30 fatigue\n(lowest fatigue wins)")
    assert share_text(G10, when="") == "Freunde · Winter board, winter weather (solo)\nAnn: 10 points"
    one_star = _rec("e", 1, "expedition", [_p("Ann", 1, True, ANN), _p("Bob", 0, False, BOB)])
    assert share_text(one_star, when="").splitlines()[1:] == ["1. Ann: 1 star (winner)", "2. Bob: 0 stars"]


def test_ridgeline_share_text_places_by_camps_cleared_before_fatigue_as_its_end_screen_does():
    # 'Winning': whoever has not finished the climb is behind, however low their fatigue. Celina's 55 is lower
    # than Anna's 85, but Anna cleared four camps and Celina three.
    standings = [{"name": "Anna", "camps_cleared": 4, "fatigue": 85}, {"name": "Bartek", "camps_cleared": 5,
                 "fatigue": 0}, {"name": "Celina", "camps_cleared": 3, "fatigue": 55}]
    record = _rec("r3", 3, "ridgeline", [_p("Anna", 85, False, ANN), _p("Bartek", 0, True, BOB),
                                         _p("Celina", 55, False)], title="Sprint",
                  detail={"lower_is_better": True, "standings": standings})
    assert share_text(record, when="").splitlines()[1:] == [
        "1. Bartek: 0 fatigue (winner)", "2. Anna: 85 fatigue", "3. Celina: 55 fatigue",
        "(most camps cleared first, then the lowest fatigue)"]
    # Equal camps: the lower fatigue first; equal both: the same place.
    standings[2] = {"name": "Celina", "camps_cleared": 4, "fatigue": 55}
    assert share_text(record, when="").splitlines()[2:4] == ["2. Celina: 55 fatigue", "3. Anna: 85 fatigue"]
    standings[2] = {"name": "Celina", "camps_cleared": 4, "fatigue": 85}
    record["players"][2]["score"] = 85
    assert share_text(record, when="").splitlines()[2:4] == ["2. Anna: 85 fatigue", "2. Celina: 85 fatigue"]


def test_expedition_players_with_as_many_stars_are_placed_by_their_total_as_its_end_screen_does():
    # Building Up the Ascents: most stars, then the highest total. Bob and Cleo both have 2 stars; Cleo's
    # total is the higher, so she is second, as on the Expedition's end screen.
    totals = {"Ann": {"stars": 5, "score": 180}, "Bob": {"stars": 2, "score": 150}, "Cleo": {"stars": 2, "score": 210}}
    record = _rec("e3", 3, "expedition", [_p("Ann", 5, True, ANN), _p("Bob", 2, False, BOB), _p("Cleo", 2, False)],
                  detail={"totals": totals})
    assert [seat.name for seat in ranked_seats(record)] == ["Ann", "Cleo", "Bob"]
    assert share_text(record, when="").splitlines()[1:] == [
        "1. Ann: 5 stars (winner)", "2. Cleo: 2 stars", "3. Bob: 2 stars"]
    # Equal totals too: the same place, in seat order.
    totals["Cleo"]["score"] = 150
    assert share_text(record, when="").splitlines()[2:] == ["2. Bob: 2 stars", "2. Cleo: 2 stars"]
    # A record without totals (or with unreadable ones) is placed by stars alone.
    record["detail"] = {"totals": {"Cleo": {"score": "many"}}}
    assert [seat.name for seat in ranked_seats(record)] == ["Ann", "Bob", "Cleo"]


def test_malformed_players_do_not_break_reading():
    odd = {"id": "z", "game": "trek12", "finished": "2026-03-01T00:00:00+00:00", "title": "",
           "players": [{"name": "Ann", "score": "lots", "winner": True}, "not a player"], "detail": None}
    (seat,) = seats(odd)
    assert seat.score is None and seat.outcome is Outcome.SOLO
    assert player_lines([odd], game="trek12")[0].best is None


def test_reading_once_gives_the_same_numbers_as_reading_each_time():
    games = read(list(reversed(ALL)))
    assert [record["id"] for record in games.records()] == [r["id"] for r in ALL]      # oldest first
    assert games.games() == ["trek12", "expedition", "fourteeners", "ridgeline", "freunde"]
    assert player_lines(games, game="trek12") == player_lines(ALL, game="trek12")
    assert solo_lines(games) == solo_lines(ALL) and trek12_sheets(games) == trek12_sheets(ALL)
    assert history_csv(games) == history_csv(ALL)
    ann = f"id:{ANN}"
    for game in (None, "trek12", "ridgeline", "freunde"):
        assert player_line(games, ann, game=game) == player_line(ALL, ann, game=game)
    assert trek12_sheets(games, ann) == trek12_sheets(ALL, ann) and solo_lines(games, ann) == solo_lines(ALL, ann)
    assert score_series(games, ann, "trek12") == score_series(ALL, ann, "trek12")
    assert expedition_stars(games, ann) == expedition_stars(ALL, ann) and games.of("guest:nobody") == ()
