"""History (filters, a game's breakdown, share, delete with undo, resume), Statistics (the numbers shown are
companion.store.stats's) and Settings (backup export and import, the CSV export), in-process."""

from __future__ import annotations

import csv
import io
import json

import pytest

import flet as ft
import flet_charts as fc
from file_dialogs import answer_files, pick_calls, save_calls, uploaded
from harness import spoken, walk

from companion.store import stats
from companion.store import BACKUP_FORMAT, BACKUP_VERSION, open_store
from companion.ui.common.widgets import format_when
from companion.ui.shell.charts import number, percent


async def pick(ui, key: str, value: str) -> None:
    """Choose an option of a filter's menu, as a tap on one of its items does."""
    await ui.click(f"{key}-{value}")


def _t12(name, total, lines, zones, penalty, reached):
    return {"name": name, "total": total, "lines": [{"circles": [1, 2, 3], "points": 4}] * lines,
            "zones": [{"circles": [5, 6], "value": 2, "points": 3}] * zones, "line_bonus": 1, "penalty": penalty,
            "summit_reached": reached}


def seed(store):
    """Ann and Bob's games: Trek 12 (a shared win, a solo loss to Max), Ridgeline (fatigue), 14ers (Gerry)."""
    ann, bob = store.players.add("Ann"), store.players.add("Bob")

    def add(day, game, title, players, detail):
        return store.history.add({"game": game, "finished": f"2026-03-{day:02d}T18:00:00+00:00", "title": title,
                                  "players": players, "detail": detail, "session": None})

    def p(who, score, winner):
        return {"id": None if isinstance(who, str) else who.id, "name": who if isinstance(who, str) else who.name,
                "score": score, "winner": winner}

    ids = {
        "shared": add(1, "trek12", "Dunai", [p(ann, 70, True), p(bob, 70, True)],
                      {"sheet": "dunai", "summit": 65, "rounds": 19,
                       "scores": [_t12("Ann", 70, 3, 2, 6, True), _t12("Bob", 70, 2, 3, 9, True)]}),
        "max": add(2, "trek12", "Dunai", [p(ann, 40, False), p("Max", 52, True)],
                   {"sheet": "dunai", "summit": 65, "rounds": 19,
                    "scores": [_t12("Ann", 40, 1, 1, 18, False), _t12("Max", 52, 4, 2, 3, False)]}),
        "ridge": add(3, "ridgeline", "Sprint", [p(ann, 12, True), p(bob, 30, False)],
                     {"route": "sprint", "lower_is_better": True, "winner": ["Ann"],
                      "standings": [{"name": "Ann", "fatigue": 12}, {"name": "Bob", "fatigue": 30}]}),
        "gerry": add(4, "fourteeners", "Solo against Gerry", [p(bob, 27, True), p("Gerry", 26, False)],
                     {"players": [{"name": "Bob", "gerry": False, "total": 27},
                                  {"name": "Gerry", "gerry": True, "total": 26}], "outcome": "You win, 27 to 26."}),
        "ridge2": add(5, "ridgeline", "Sprint", [p(ann, 40, False), p(bob, 25, True)],
                      {"route": "sprint", "lower_is_better": True}),
    }
    return ann, bob, ids


def lines_shown(chart: fc.LineChart) -> list[list[tuple[float, float]]]:
    """Each line of a LineChart as the (x, y) points the client is sent."""
    assert isinstance(chart, fc.LineChart)
    return [[(point.x, point.y) for point in line.points] for line in chart.data_series]


def bars_shown(chart: fc.BarChart) -> list[float]:
    """Each bar's height in a BarChart, left to right."""
    assert isinstance(chart, fc.BarChart)
    return [rod.to_y for group in chart.groups for rod in group.rods]


def labels_on(axis: fc.ChartAxis) -> list[str]:
    """The texts of an axis's labels, in order."""
    return [label.label.value for label in axis.labels]


def card_ids(ui) -> list[str]:
    return [str(c.key)[len("history-"):] for c in walk(ui.top)
            if str(c.key or "").startswith("history-") and str(c.key).count("-") == 1 and c.key != "history-more"]


# --- History -----------------------------------------------------------------------------------------------------

async def test_filter_history_by_game_and_by_player(open_ui, store):
    _, bob, ids = seed(store)
    ui = await open_ui(route="/history")
    assert card_ids(ui) == [ids["ridge2"], ids["gerry"], ids["ridge"], ids["max"], ids["shared"]]
    assert ui.get("history-match-count").value == "5 games"
    await pick(ui, "history-filter-game", "ridgeline")
    assert card_ids(ui) == [ids["ridge2"], ids["ridge"]]
    await pick(ui, "history-filter-player", bob.id)
    assert card_ids(ui) == [ids["ridge2"], ids["ridge"]]
    await pick(ui, "history-filter-game", "trek12")
    assert card_ids(ui) == [ids["shared"]]                    # Bob was not in the game against Max
    assert ui.get("history-match-count").value == "1 game"
    await pick(ui, "history-filter-game", "freunde")
    assert card_ids(ui) == [] and ui.find("history-none-match") is not None
    await pick(ui, "history-filter-game", "all")
    assert card_ids(ui) == [ids["ridge2"], ids["gerry"], ids["ridge"], ids["shared"]]
    # Said once: the words drawn (cut short if long, with their tooltip) are the button's name.
    [button] = [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == "history-player-stats"]
    assert spoken(button) == ["Bob's statistics"]
    await ui.click("history-player-stats")                     # from the filtered list to Bob's statistics
    assert ui.route == f"/history/stats/id:{bob.id}" and ui.get("pstats-name").value == "Bob"
    # Back returns through everyone's statistics to History, where they were opened, not home.
    assert ui.view_routes == ["/", "/history", "/history/stats", f"/history/stats/id:{bob.id}"]


async def test_a_long_name_chosen_in_the_filter_fits_a_phone(open_ui, store):
    from layout_check import layout_problems

    long = store.players.add("Krzysztof Brzęczyszczykiewicz-Wojciechow")      # 40 characters, the most a name has
    store.history.add({"game": "ridgeline", "finished": "2026-03-01T18:00:00+00:00", "title": "Sprint",
                       "players": [{"id": long.id, "name": long.name, "score": 12, "winner": True}],
                       "detail": {}, "session": None})
    store.settings.set("language", "pl")
    ui = await open_ui(route="/history")
    await pick(ui, "history-filter-player", long.id)
    assert ui.get("history-match-count").value == "1 gra"
    assert layout_problems(ui.top, every_label=True) == []
    await ui.click("history-player-stats")
    assert ui.route.startswith("/history/stats/id:")


async def test_a_renamed_player_goes_by_their_new_name_in_history(open_ui, store):
    # Renamed Annie, Ann was still "Ann" on her History cards, in the shared text and on the link to her
    # statistics, while the filters and Statistics said "Annie".
    ann, bob, ids = seed(store)
    store.players.rename(ann.id, "Annie")
    ui = await open_ui(route="/history")
    line = [t.value for t in walk(ui.get(f"history-{ids['shared']}-player-0")) if isinstance(t, ft.Text)]
    assert "Annie" in line and "Ann" not in line
    # A win shared is said so, as the text shared says it (each was read "Winner").
    row = ui.get(f"history-{ids['shared']}-player-0")
    [said] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.content is row]
    assert said.label == "Annie, shared win, 70 points"
    # A sole winner in the same small letters of a list's middle ("Bob, Winner" beside "Ann, shared win").
    row = ui.get(f"history-{ids['ridge']}-player-0")
    [said] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.content is row]
    assert said.label.startswith("Annie, winner, "), said.label
    await ui.click(f"history-{ids['shared']}")
    assert ui.get("record-share-text").value.splitlines()[2:] == ["1. Annie: 70 points (shared win)",
                                                                  "1. Bob: 70 points (shared win)"]
    assert ui.get("record-stats-0").content == "Annie's statistics"
    assert ui.get("record-renamed").value == "Annie played as Ann."      # the breakdown keeps "Ann"
    await ui.go(f"/history/{ids['ridge']}")
    assert ui.find("record-renamed") is not None


async def test_a_breakdown_says_whether_the_game_had_a_solo_opponent(open_ui, store):
    # "Solo —" read as a value missing from a game played without Max; "Solo: No" then stood on a sheet played
    # alone, which Statistics counts as played alone: it says who was played against.
    def ascent(solo):
        return store.history.add({"game": "trek12", "finished": "2026-03-01T18:00:00+00:00", "title": "Dunai",
                                  "players": [{"id": None, "name": "Ann", "score": 40, "winner": True}],
                                  "detail": {"sheet": "dunai", "solo": solo}, "session": None})

    for solo, words in ((None, "Nobody"), ("max", "Max")):
        ui = await open_ui(route=f"/history/{ascent(solo)}")
        assert [t.value for t in walk(ui.get("record-row-solo")) if isinstance(t, ft.Text)] == [
            "Solo opponent", words]


async def test_open_a_game_to_see_its_full_breakdown(open_ui, store):
    _, _, ids = seed(store)
    ui = await open_ui(route="/history")
    await ui.click(f"history-{ids['max']}")
    assert ui.route == f"/history/{ids['max']}"
    assert ui.view_routes == ["/", "/history", f"/history/{ids['max']}"]
    # Plain facts as labelled rows, the players' breakdowns as titled blocks, short records one per line.
    summit = [t.value for t in walk(ui.get("record-row-summit")) if isinstance(t, ft.Text)]
    assert summit == ["Summit", "65"]
    assert [t.value for t in walk(ui.get("record-row-sheet")) if isinstance(t, ft.Text)] == ["Sheet", "Dunai"]
    ann = [t.value for t in walk(ui.get("record-item-scores.0")) if isinstance(t, ft.Text)]
    assert ann[0] == "Ann" and "Line bonus" in ann and "Summit reached" in ann and "No" in ann
    assert ui.get("record-row-scores.0.lines.0").value == "Circles 1, 2, 3 · Points 4"
    assert ui.get("record-row-scores.1.zones.1").value == "Circles 5, 6 · Value 2 · Points 3"
    assert [t.value for t in walk(ui.get("record-item-scores.1")) if isinstance(t, ft.Text)][0] == "Max"
    assert ui.find("record-stats-1") is None                       # Max has no statistics page of his own
    await ui.click("record-stats-0")
    # The player's statistics sit on the record they were opened from: back returns to it, then to History.
    ann = f"id:{store.players.list()[0].id}"
    assert ui.route == f"/history/{ids['max']}/stats/{ann}" and ui.get("pstats-name").value == "Ann"
    assert ui.view_routes == ["/", "/history", f"/history/{ids['max']}", f"/history/{ids['max']}/stats/{ann}"]
    await ui.back()
    assert ui.route == f"/history/{ids['max']}"
    await ui.back()
    assert ui.route == "/history"


async def test_share_a_result_as_text_and_copy_it(open_ui, store):
    _, _, ids = seed(store)
    record = store.history.get(ids["max"])
    ui = await open_ui(route=f"/history/{ids['max']}")
    expected = stats.share_text(record, when=format_when(record["finished"]))
    assert ui.get("record-share-text").value == expected
    assert expected.splitlines()[2:] == ["1. Max: 52 points (winner)", "2. Ann: 40 points"]
    copy = ui.get("record-copy")
    # The browser only lets a page write to the clipboard inside the tap itself, so the copy is the
    # button's client action, not a round trip through the server.
    assert isinstance(copy.action, ft.CopyToClipboard) and copy.action.data == expected
    await ui.click("record-copy")
    assert "Result copied" in ui.text()


async def test_a_negative_score_has_the_printed_minus_sign_on_history_and_in_the_text_shared(open_ui, store):
    ann = store.players.add("Ann")
    record = store.history.add({"game": "trek12", "finished": "2026-03-09T18:00:00+00:00", "title": "Kagkot",
                                "players": [{"id": ann.id, "name": "Ann", "score": -4, "winner": True}],
                                "detail": {"sheet": "kagkot", "rounds": 19, "solo": None,
                                           "scores": [_t12("Ann", -4, 0, 0, 30, False)]}, "session": None})
    ui = await open_ui(route="/history")
    assert "\u22124" in [t.value for t in walk(ui.get(f"history-{record}-player-0")) if isinstance(t, ft.Text)]
    # A screen reader hears the score with what it counts, and the figures of Statistics with their captions.
    row = ui.get(f"history-{record}-player-0")
    [line] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.content is row]
    assert line.label == "Ann, \u22124 points" and line.exclude_semantics      # alone: nobody to beat, no trophy
    await ui.go(f"/history/{record}")
    assert ui.get("record-share-text").value.splitlines()[2] == "Ann: \u22124 points"
    await ui.go(f"/stats/id:{ann.id}")                      # and in the statistics' figures
    assert ui.get("pstats-trek12-best").value == ui.get("pstats-trek12-average").value == "\u22124"
    assert "Best: \u22124" in spoken(ui.top) and "Average: \u22124" in spoken(ui.top)


async def test_delete_a_game_then_undo(open_ui, store):
    _, _, ids = seed(store)
    ui = await open_ui(route="/history")
    await ui.click(f"history-{ids['ridge']}")
    await ui.click("record-delete")
    assert ui.route == "/history"
    assert store.history.get(ids["ridge"]) is None and ids["ridge"] not in card_ids(ui)
    assert "Deleted Sprint" in ui.get("history-deleted").value
    # The Undo is offered for its seconds, then goes (a bar with an action stayed until tapped).
    [bar] = [d for d in ui.dialogs() if isinstance(d, ft.SnackBar) and ui.get("history-deleted") in walk(d)]
    assert bar.persist is False
    await ui.click("history-undo")
    restored = store.history.get(ids["ridge"])
    assert restored is not None and restored["players"][0]["score"] == 12      # the same record, same id
    assert card_ids(ui) == [ids["ridge2"], ids["gerry"], ids["ridge"], ids["max"], ids["shared"]]
    assert ui.get("history-restored").value == "Sprint is back in History."


async def test_a_notice_in_a_wide_window_floats_at_the_columns_width(open_ui, store):
    # Across a desktop's whole width it covered the record's buttons at the foot of the window.
    _, _, ids = seed(store)
    ui = await open_ui(route=f"/history/{ids['ridge']}", width=1280)
    await ui.click("record-delete")
    [bar] = [d for d in ui.dialogs() if isinstance(d, ft.SnackBar)]
    assert bar.behavior == ft.SnackBarBehavior.FLOATING and bar.width <= 600
    ui = await open_ui(route=f"/history/{ids['ridge2']}", width=390)      # a phone's: the whole width, as ever
    await ui.click("record-delete")
    [bar] = [d for d in ui.dialogs() if isinstance(d, ft.SnackBar)]
    assert bar.width is None


async def test_undo_of_a_deletion_undone_meanwhile_says_so(open_ui, store):
    # A backup imported after the deletion brought the game back; the notice's Undo then did nothing, silently.
    _, _, ids = seed(store)
    ui = await open_ui(route=f"/history/{ids['ridge']}")
    record = store.history.get(ids["ridge"])
    await ui.click("record-delete")
    store.history.restore(record)
    await ui.click("history-undo")
    assert ui.get("history-restored").value == "Sprint was already back in History."
    assert store.history.count() == 5


async def test_a_deleted_or_unknown_game_says_so(open_ui, store):
    ui = await open_ui(route="/history/0123456789abcdef0123456789abcdef")
    ui.get("record-missing")
    await ui.click("record-back")
    assert ui.route == "/history"


async def test_games_in_progress_are_listed_with_a_way_to_resume(open_ui, store, save_session):
    ann = store.players.add("Ann")
    session_id = save_session("ridgeline", "Long ridge", players=[ann.id])
    ui = await open_ui(route="/history")
    ui.get("history-resume-title")
    assert "Long ridge" in ui.text()
    await ui.click(f"history-resume-{session_id}")
    assert ui.route == f"/play/ridgeline/{session_id}"



async def test_a_game_in_progress_titled_by_its_players_names_them_once(open_ui, store, save_session):
    # A 14ers game is titled with its players' names: History said "Ann, Bob" and then "14ers · Ann, Bob".
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    session_id = save_session("fourteeners", "Ann, Bob", players=[ann.id, bob.id])
    ui = await open_ui(route="/history")
    assert ui.get(f"history-resume-{session_id}-what").value == "14ers"
    other = save_session("ridgeline", "Long ridge", players=[ann.id])
    ui = await open_ui(route="/history")
    assert ui.get(f"history-resume-{other}-what").value == "Ridgeline · Ann"


# --- Statistics --------------------------------------------------------------------------------------------------

async def test_statistics_overview_shows_what_stats_computes(open_ui, store):
    ann, bob, _ = seed(store)
    ui = await open_ui(route="/history")
    await ui.click("history-open-stats")
    assert ui.route == "/history/stats" and ui.view_routes == ["/", "/history", "/history/stats"]
    records = store.history.list()
    for line in stats.player_lines(records):
        key = f"stats-player-{line.key}"
        assert ui.get(f"{key}-rate").value == percent(line.win_rate)
        assert f"{line.plays}\u00a0games" in ui.get(f"{key}-words").value
    ann_line = stats.player_line(records, f"id:{ann.id}")
    assert (ann_line.plays, ann_line.wins, ann_line.shared_wins) == (4, 2, 1)
    # Each figure whole on a line (no-break spaces): lines break between figures, and before a figure's
    # brackets, which were one block too wide for a phone in French ("5 victoires (dont 2 ex æquo)").
    assert ui.get(f"stats-player-id:{ann.id}-words").value == "4\u00a0games · 2\u00a0wins (1\u00a0shared)"
    assert "Max" not in [line.name for line in stats.player_lines(records)]
    (dunai,) = stats.trek12_sheets(records)
    assert ui.get("stats-sheet-dunai-summit-rate").value == f"{percent(dunai.summit_rate)} (2 of 3)" == "67% (2 of 3)"
    # The target as every Trek 12 screen writes it, to reach or beat: "Summit 65+" (it said "Summit 65").
    assert "Summit 65+" in [c.value for c in walk(ui.get("stats-sheet-dunai")) if isinstance(c, ft.Text)]
    assert ui.get("stats-sheet-dunai-lines").value == number(dunai.lines)
    assert ui.get("stats-sheet-dunai-penalty").value == number(dunai.penalty) == "11"
    # Points of skulls and orphans: "11 Penalties" read as eleven penalised circles.
    assert "Penalty points" in ui.text() and "Penalties" not in ui.text()
    assert ui.get("stats-sheet-dunai-per-sheet").value == "On average per sheet"     # not totals
    assert ui.get("stats-sheet-dunai-best").value == (
        f"Best {number(dunai.best)} by {', '.join(dunai.best_by)} · average {number(dunai.average)} · 3 sheets scored")
    assert ui.get(f"stats-solo-trek12-max-id:{ann.id}-lost").value == "1"
    assert ui.get(f"stats-solo-fourteeners-gerry-id:{bob.id}-won").value == "1"
    # A row is one button saying each number with its column's name (it was "Ann, 1, 0, 1, 40").
    [row] = [c for c in walk(ui.top)
             if isinstance(c, ft.Semantics) and c.identifier == f"stats-solo-trek12-max-id:{ann.id}"]
    assert spoken(row) == ["Ann, Games: 1, Won: 0, Lost: 1, Best: 40"]
    # One game at a time: best and average appear, and the distribution of that game's scores.
    await pick(ui, "stats-filter-game", "ridgeline")
    ridge = {line.name: line for line in stats.player_lines(records, game="ridgeline")}
    assert ui.get(f"stats-player-id:{ann.id}-words").value.replace("\u00a0", " ") == (
        f"2 games · 1 win · best {number(ridge['Ann'].best)} · avg {number(ridge['Ann'].average)}")
    assert ridge["Ann"].best == 12                               # fatigue: lower is better
    assert ui.find("stats-sheets-title") is None
    # Both players' fatigue over time on one time axis (Ann's and Bob's first Ridgeline was the same game),
    # and every player's fatigue counted into the distribution.
    over_time = ui.get("stats-over-time")
    both = [stats.score_series(records, key, "ridgeline") for key in (f"id:{ann.id}", f"id:{bob.id}")]
    assert lines_shown(over_time) == [[(n, p.score) for n, p in enumerate(series)] for series in both]
    assert lines_shown(over_time) == [[(0, 12), (1, 40)], [(0, 30), (1, 25)]]
    assert [line.color for line in over_time.data_series] == [ann.colour, bob.colour]
    assert ui.get("stats-over-time-legend-0").value == "Ann: 2 games, best 12, latest 40"   # lowest fatigue is best
    scores = [12, 30, 40, 25]
    assert bars_shown(ui.get("stats-distribution")) == [b.count for b in stats.histogram(scores)]
    assert labels_on(ui.get("stats-distribution").bottom_axis) == [
        str(b.low) if b.low == b.high else f"{b.low}–{b.high}" for b in stats.histogram(scores)]
    # Between the lowest and the highest fatigue made: 43 was the last bar's end, which nobody scored.
    assert ui.get("stats-distribution-summary").value == "4 scores, all between 12 and 40 fatigue"
    await ui.click(f"stats-player-id:{ann.id}")             # a player opened from there sits on it, over History
    assert ui.view_routes == ["/", "/history", "/history/stats", f"/history/stats/id:{ann.id}"]


async def test_a_players_statistics_show_what_stats_computes(open_ui, store):
    ann, _, _ = seed(store)
    ui = await open_ui(route="/stats")
    await ui.click(f"stats-player-id:{ann.id}")
    assert ui.route == f"/stats/id:{ann.id}"
    assert ui.view_routes == ["/", "/stats", f"/stats/id:{ann.id}"]
    records = store.history.list()
    overall = stats.player_line(records, f"id:{ann.id}")
    assert ui.get("pstats-plays").value == str(overall.plays)
    assert ui.get("pstats-played").value == "4 finished games of 2 kinds"
    assert ui.get("pstats-wins").value == "2" and "Wins, 1 shared" in ui.texts()
    assert ui.get("pstats-rate").value == percent(overall.win_rate) == "50%"
    for game in ("trek12", "ridgeline"):
        line = stats.player_line(records, f"id:{ann.id}", game=game)
        assert ui.get(f"pstats-{game}-best").value == number(line.best)
        assert ui.get(f"pstats-{game}-average").value == number(line.average)
        assert ui.get(f"pstats-{game}-rate").value == percent(line.win_rate)
    assert ui.get("pstats-ridgeline-best").value == "12"
    assert ui.find("pstats-fourteeners-title") is None                    # Ann never played 14ers
    (dunai,) = stats.trek12_sheets(records, f"id:{ann.id}")
    assert ui.get("pstats-sheet-dunai-summit-rate").value == "50% (1 of 2)" and dunai.summits == 1
    assert "Reached the summit: 50% (1 of 2)" in spoken(ui.top)          # its bar was a bare "0.5" apart
    # Her own best on her own page: "Best 40 by Ann" named her again.
    assert ui.get("pstats-sheet-dunai-best").value == (
        f"Best {number(dunai.best)} · average {number(dunai.average)} · 2 sheets scored")
    # The form guide's letters keep their words on their line ("… · L" / "lost" on a phone).
    assert ui.get("pstats-form-legend").value == "Newest first · W\u00a0won · S\u00a0shared win · L\u00a0lost"
    assert ui.get("pstats-solo-trek12-max-best").value == "40"
    # Scores over time, read back from the chart: Ann's two Trek 12 games, the shared win as a filled dot.
    series = stats.score_series(records, f"id:{ann.id}", "trek12")
    over_time = ui.get("pstats-trek12-over-time")
    assert lines_shown(over_time) == [[(n, p.score) for n, p in enumerate(series)]] == [[(0, 70), (1, 40)]]
    assert [p.point.radius for p in over_time.data_series[0].points] == [5, 3.5]
    assert ui.get("pstats-trek12-over-time-summary").value == "2 games, best 70, latest 40"
    assert ui.find("pstats-trek12-distribution") is None                  # two games are no distribution yet
    # Each chart is named for what it counts, as its heading is: Ridgeline's fatigue was said to be "Scores".
    said = spoken(ui.top)
    assert "Points over time, oldest first: 70, 40. 1 Mar 2026 to 2 Mar 2026." in said
    assert "Fatigue over time (lower is better), oldest first: 12, 40. 3 Mar 2026 to 5 Mar 2026." in said
    # The span starts its sentence with a capital in every language (French "du 1 mars …", Polish "od …").
    store.settings.set("language", "fr")
    ui = await open_ui(route=f"/stats/id:{ann.id}")
    assert any(s.startswith("Points au fil du temps, du plus ancien\u00a0: 70, 40. Du 1") for s in spoken(ui.top))


def _expeditions(store, stars):
    """Ann's solo Expeditions against Max, one a day: each Ascent's (summit, race, record) stars for Ann."""
    ann = store.players.add("Ann")
    for day, ascents in enumerate(stars, 1):
        total = sum(sum(a) for a in ascents)
        store.history.add({
            "game": "expedition", "finished": f"2026-04-{day:02d}T18:00:00+00:00", "title": "Expedition",
            "players": [{"id": ann.id, "name": "Ann", "score": total, "winner": True},
                        {"id": None, "name": "Max", "score": 1, "winner": False}],
            "detail": {"solo": True, "ascents": [
                {"ascent": n, "stars": {"Ann": {"summit": s, "race": r, "record": c, "total": s + r + c}}}
                for n, (s, r, c) in enumerate(ascents, 1)]},
            "session": None})
    return ann


async def test_expedition_charts_show_what_stats_computes(open_ui, store, monkeypatch):
    from companion.ui.shell import statistics as screen

    stars = [[(1, day % 3, 0), (1, 0, day % 2)] for day in range(13)]
    ann = _expeditions(store, stars)
    monkeypatch.setattr(screen, "LATEST_ON_LINE", 5)
    ui = await open_ui(route=f"/stats/id:{ann.id}")
    records = store.history.list()
    key = f"id:{ann.id}"
    # Stars per Expedition: the latest twelve of thirteen, numbered from the second, each column stacked
    # from the Summit, Race and Record stars of its breakdown.
    expected = stats.expedition_stars(records, key)[-screen.LATEST_EXPEDITIONS:]
    chart = ui.get("pstats-expedition-stars")
    assert bars_shown(chart) == [e.stars for e in expected]
    assert labels_on(chart.bottom_axis) == [f"#{n}" for n in range(2, 14)]
    for entry, group in zip(expected, chart.groups):
        (rod,) = group.rods
        assert [item.to_y - item.from_y for item in rod.stack_items] == [
            entry.by_kind[kind] for kind in ("summit", "race", "record") if entry.by_kind[kind]]
    assert expected[0].by_kind == {"summit": 2, "race": 1, "record": 1}       # the second Expedition's stars
    assert "Stars per Expedition, latest 12 of 13" in ui.texts()
    totals = [e.stars for e in expected]
    assert ui.get("pstats-expedition-stars-summary").value == (
        f"{sum(totals)} stars in 12 Expeditions, most {max(totals)} in #{13 - totals[::-1].index(max(totals))}")
    # Stars over time: the latest five games, numbered 9 to 13; the distribution counts all thirteen.
    series = stats.score_series(records, key, "expedition")
    over_time = ui.get("pstats-expedition-over-time")
    assert lines_shown(over_time) == [[(n, p.score) for n, p in enumerate(series[-5:])]]
    assert labels_on(over_time.bottom_axis)[0] == "9" and labels_on(over_time.bottom_axis)[-1] == "13"
    assert bars_shown(ui.get("pstats-expedition-distribution")) == [
        b.count for b in stats.histogram([p.score for p in series])]
    assert ui.get("pstats-expedition-distribution-summary").value == "Most often 3 and 4 stars: 4 of 13 games"


async def test_unknown_player_statistics_say_so(open_ui, store):
    seed(store)
    ui = await open_ui(route="/stats/guest:nobody")
    ui.get("pstats-none")
    await ui.click("pstats-all")
    assert ui.route == "/stats"


async def test_a_roster_player_without_games_is_named_on_their_statistics(open_ui, store):
    # Gustav's page said "Statistics" and "This player has no finished games …", never his name.
    gustav = store.players.add("Gustav")
    ui = await open_ui(route=f"/stats/id:{gustav.id}")
    assert "Gustav has no finished games in History yet." in ui.text()
    assert ui.top.appbar.title.value == "Gustav"


async def test_statistics_with_no_games(open_ui):
    ui = await open_ui(route="/stats")
    ui.get("stats-empty")


# --- Settings: backup and CSV ------------------------------------------------------------------------------------
# Served to browsers (the default here), a backup is a download and an import an upload; what a desktop
# window does with its dialogs' paths, and what a hostile client's paths do not do, is in test_files.py.

async def test_backup_downloaded_from_settings_is_the_full_export(open_ui, store):
    seed(store)
    ui = await open_ui(route="/settings")
    await ui.click("settings-backup-download")
    (call,) = save_calls(ui)
    assert call.args["file_name"].startswith("climbing-companion-backup-") and call.args["file_name"].endswith(".json")
    assert json.loads(call.args["src_bytes"].decode("utf-8")) == store.export_all()
    assert ui.get("settings-backup-result").value.startswith(f"Backup downloaded as {call.args['file_name']} (")


async def test_backup_uploaded_in_settings_merges_into_another_device(open_ui, store):
    seed(store)
    data = json.dumps(store.export_all()).encode("utf-8")
    other = open_store(memory=True)
    try:
        from harness import UiApp

        from companion.ui.shell.app import build_main
        ui = await UiApp(build_main(other), route="/settings").start()
        try:
            answer_files(ui, picked=[uploaded("backup.json", data)])
            await ui.click("settings-backup-pick")
            assert pick_calls(ui)[0].args["with_data"] is True
            assert other.history.count() == 5 and len(other.players.list()) == 2
            assert "Imported backup.json: added" in ui.get("settings-backup-result").value
            await ui.click("settings-backup-pick")                          # again: nothing new, no duplicates
            assert other.history.count() == 5 and "nothing new to add" in ui.get("settings-backup-result").value
        finally:
            await ui.close()
    finally:
        other.close()


async def test_a_bad_backup_changes_nothing_and_says_why(open_ui, store, monkeypatch):
    from companion.ui.shell import settings

    seed(store)
    before = store.export_all()
    ui = await open_ui(route="/settings")

    async def upload(name: str, data: bytes) -> str:
        answer_files(ui, picked=[uploaded(name, data)])
        await ui.click("settings-backup-pick")
        message = ui.get("settings-backup-result").value
        assert "\n" not in message and message.endswith("Nothing was changed.")
        return message

    text = json.dumps(before)
    message = await upload("cut.json", text[:500].encode("utf-8"))
    assert "cut.json was not imported: it is cut short (its JSON stops before the end, at line 1, column" in message
    assert "empty.json was not imported: the file is empty." in await upload("empty.json", b"")
    message = await upload("note.txt", b"Remember the tent")
    assert "note.txt was not imported: it is not a JSON file (it does not start as one)." in message
    message = await upload("edited.json", b'{"format": "companion-backup",, "version": 1}')
    assert "edited.json was not imported: it is not valid JSON (line 1, column 31)." in message
    assert "photo.json was not imported: it is not a UTF-8 text file" in await upload("photo.json", b"\xff\xd8\xff\xe0")
    # A text in another encoding is a text file too (it was "not a text file"): UTF-8 is what it is not.
    message = await upload("latin1.json", json.dumps({"format": BACKUP_FORMAT, "players": ["Zoë"]},
                                                     ensure_ascii=False).encode("latin-1"))
    assert "latin1.json was not imported: it is not a UTF-8 text file" in message
    # UTF-32's mark begins as UTF-16's: not read as UTF-16 (a text of nulls, "not a JSON file").
    message = await upload("utf32.json", json.dumps({"format": BACKUP_FORMAT}).encode("utf-32"))
    assert "utf32.json was not imported: it is not a UTF-8 text file" in message
    message = await upload("future.json", json.dumps({**before, "version": BACKUP_VERSION + 1}).encode("utf-8"))
    assert "future.json was not imported" in message and "version" in message
    doc = json.loads(text)
    doc["history"].append({**doc["history"][0], "id": "f" * 32, "players": "everyone", "surprise": 1})
    assert "hostile.json was not imported" in await upload("hostile.json", json.dumps(doc).encode("utf-8"))
    other = {"format": "something-else", "version": BACKUP_VERSION}
    assert "other.json was not imported" in await upload("other.json", json.dumps(other).encode("utf-8"))
    assert BACKUP_FORMAT != "something-else"

    monkeypatch.setattr(settings, "MAX_BACKUP_BYTES", 1000)   # a server with a smaller limit, in a new tab
    ui = await open_ui(route="/settings")
    answer_files(ui, picked=[uploaded("huge.json", text.encode("utf-8"))])
    await ui.click("settings-backup-pick")
    assert ui.get("settings-backup-result").value.startswith("The file huge.json is ")
    assert ui.get("settings-backup-result").value.endswith("; a backup is at most 1000\u00a0bytes.")
    assert store.export_all() == before


async def test_a_backup_saved_again_as_utf16_by_a_text_editor_is_imported(open_ui, store):
    # Windows Notepad's "Unicode" saves UTF-16 with a byte order mark: the same backup, once called "not a text
    # file".
    with open_store(memory=True) as other:
        other.players.add("Zoë")
        text = json.dumps(other.export_all(), ensure_ascii=False)
    ui = await open_ui(route="/settings")
    answer_files(ui, picked=[uploaded("notepad.json", text.encode("utf-16"))])
    await ui.click("settings-backup-pick")
    assert "Imported notepad.json: added" in ui.get("settings-backup-result").value
    assert store.players.find("Zoë") is not None


async def test_backup_download_and_import_through_the_file_dialogs(open_ui, store):
    _, _, ids = seed(store)
    ui = await open_ui(route="/settings")
    await ui.click("settings-backup-download")
    (call,) = save_calls(ui)
    data = call.args["src_bytes"]

    # The player picks that file back after deleting a game: the device's picker hands over its bytes.
    removed = store.history.delete(ids["ridge"])
    answer_files(ui, picked=[uploaded("mine.json", data)])
    await ui.click("settings-backup-pick")
    assert store.history.get(ids["ridge"]) == removed
    assert "Imported mine.json: added 1 finished game" in ui.get("settings-backup-result").value


async def test_history_as_csv_from_settings(open_ui, store):
    ann = store.players.add('Ann "the axe", Jr.')
    store.history.add({"game": "ridgeline", "finished": "2026-03-01T18:00:00+00:00", "title": "Camp 2,\nnight",
                       "players": [{"id": ann.id, "name": ann.name, "score": 12, "winner": True},
                                   {"id": None, "name": "=cmd()", "score": 30, "winner": False}],
                       "detail": {"lower_is_better": True}, "session": None})
    # Renamed after the game: the spreadsheet names her as History and Statistics do now.
    store.players.rename(ann.id, 'Ann "the axe", Sr.')
    ui = await open_ui(route="/settings")
    await ui.click("settings-csv-download")
    (call,) = save_calls(ui)
    raw = call.args["src_bytes"]
    assert call.args["file_name"].endswith(".csv")
    assert raw.startswith(b"\xef\xbb\xbf")                                # UTF-8 marked for spreadsheets
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert tuple(rows[0]) == stats.CSV_COLUMNS
    first, second = (dict(zip(stats.CSV_COLUMNS, row)) for row in rows[1:])
    assert (first["player"], first["title"], first["score"], first["winner"]) == (
        'Ann "the axe", Sr.', "Camp 2,\nnight", "12", "1")
    assert (second["player"], second["lower_is_better"]) == ("'=cmd()", "1")
    assert ui.get("settings-csv-result").value == f"2 rows downloaded as {call.args['file_name']}."
    # A change of language on the same screen says it again in the new one, as it says the rest.
    await ui.click("settings-backup-download")
    await ui.click("settings-language-de")
    assert ui.get("settings-csv-result").value == f"2 Zeilen heruntergeladen als {call.args['file_name']}."
    assert "heruntergeladen als" in ui.get("settings-backup-result").value


async def test_a_long_history_is_counted_on_a_worker_thread(open_ui, store, monkeypatch):
    import asyncio
    import threading

    from companion.ui.shell import statistics as screen

    ann, _, _ = seed(store)
    monkeypatch.setattr(screen, "READ_IN_BACKGROUND_FROM", 0)      # every history counts as long here
    threads = []
    read = screen._read

    def watched(app):
        threads.append(threading.current_thread())
        return read(app)

    monkeypatch.setattr(screen, "_read", watched)
    ui = await open_ui(route=f"/stats/id:{ann.id}")
    for _ in range(200):                                              # the read finishes on its own thread
        if ui.find("pstats-plays") is not None:
            break
        assert ui.find("stats-counting") is not None
        await asyncio.sleep(0.01)
        await ui.settle()
    assert ui.get("pstats-plays").value == "4"
    # Read once for both screens drawn (the overview lies under the deep-linked page), off the UI thread.
    assert len(threads) == 1 and threads[0] is not threading.main_thread()
    await ui.back()                                                  # the overview reuses the tab's read
    assert ui.route == "/stats" and ui.find("stats-counting") is None
    assert ui.get(f"stats-player-id:{ann.id}-rate").value == "50%"


async def test_a_game_finished_through_the_keeper_shows_its_engine_breakdown(open_ui, store):
    from companion.sessions import SessionKeeper

    ann, ben = store.players.add("Ann"), store.players.add("Ben")
    keeper = SessionKeeper(store)
    game = keeper.start("ridgeline", {"seats": [{"id": ann.id, "name": "Ann"}, {"id": ben.id, "name": "Ben"}],
                                      "route": "sprint"}, [ann.id, ben.id], "Sprint")
    for _ in range(5):
        keeper.act(game.id, {"went_out": "Ann", "pitched": ["Ann"], "left": {"Ben": ["S3"]}})
    record_id = keeper.finish(game.id)
    ui = await open_ui(route="/history")
    await ui.click(f"history-{record_id}")
    # Ridgeline's own detail: the route as facts, a titled block per standing and per hand, and each
    # hand's seats as a small table (camps cleared, fatigue, cards left).
    assert [t.value for t in walk(ui.get("record-row-lower_is_better")) if isinstance(t, ft.Text)] == [
        "Lower is better", "Yes"]
    hand = [t.value for t in walk(ui.get("record-item-hands.0")) if isinstance(t, ft.Text)]
    assert hand[0] == "Hand 1" and "Seats" in hand
    assert [t.value for t in walk(ui.get("record-row-hands.0.seats.Ben")) if isinstance(t, ft.Text)] == [
        "Ben", "0", "128", "Sunstone 3"]     # the card by its name, never its code
    assert ui.get("record-share-text").value.splitlines()[2:] == [
        "1. Ann: 0 fatigue (winner)", "2. Ben: 128 fatigue",
        "(most camps cleared first, then the lowest fatigue)"]
    # The route is said once, by its name (its id "sprint" beside it said nothing more).
    assert ui.find("record-row-route") is None
    assert [t.value for t in walk(ui.get("record-row-route_name")) if isinstance(t, ft.Text)] == ["Route name", "Sprint"]


async def test_a_freunde_breakdown_speaks_the_players_language_not_the_files(open_ui, store):
    import json
    from pathlib import Path

    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    golden = json.loads((Path(__file__).parents[1] / "golden/freunde/two_players_winter.session.json").read_text())
    setup = {**golden["setup"], "players": [{"id": ann.id, "name": "Ann"}, {"id": bob.id, "name": "Bob"}]}
    ui, record_id = await finished_in_german(open_ui, store, "freunde", setup, [ann.id, bob.id], golden["actions"])

    def row(key: str) -> list[str]:
        return breakdown_row(ui, key)

    assert ui.find("record-row-board") is None                   # the board's id: its title says it
    assert row("board_title") == ["Spielplanname", "Winter-Spielplan (schwierigere Route)"]
    assert row("weather_season")[1] == ("Winter" if setup["weather_season"] == "winter" else "Sommer")
    detail = store.history.get(record_id)["detail"]
    assert row("tie_break")[1] == {"shared": "geteilter Sieg", "summit": "zuerst auf dem Gipfel", None: "—"}[
        detail["tie_break"]]

    # A board corrected at the table, and one the players edited, as Freunde's own screens say them.
    for title, shown_title in (("Winter board (harder route), corrected at the table",
                                "Winter-Spielplan (schwierigere Route), am Tisch korrigiert"),
                               ("Our own board", "Our own board")):
        kept = store.history.get(record_id)
        edited = store.history.add({k: v for k, v in kept.items() if k not in ("id", "finished")}
                                   | {"detail": {**detail, "board_title": title}})
        ui = await open_ui(route=f"/history/{edited}")
        assert row("board_title") == ["Spielplanname", shown_title]


async def test_an_expedition_breakdown_says_its_ids_in_words(open_ui, store):
    # The record keeps ids ("dunai", "typed", "stars", "rope"): the breakdown says the sheet's name, how the
    # cards were drawn, how the winner was found and each card's printed name, in the player's language.
    from companion.store.hall_of_fame import expedition_setup

    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    setup = expedition_setup(store, [{"id": ann.id, "name": "Ann", "paper": True},
                                     {"id": bob.id, "name": "Bob", "paper": True}])
    ui, _record = await finished_in_german(open_ui, store, "expedition", setup, [ann.id, bob.id], [
        {"type": "reveal", "cards": ["compass", "rope", "rope", "tent", "schnapps"]},
        {"type": "pick", "picks": [{"player": "Ann", "card": "rope"}, {"player": "Bob", "card": "rope"}]},
        {"type": "score", "scores": {"Ann": 70, "Bob": 75}, "date": "2026-01-01", "cash": {"Ann": ["rope"]}},
        {"type": "reveal", "cards": ["compass", "tent", "tent", "schnapps"]},
        {"type": "score", "scores": {"Ann": 80, "Bob": 69}, "date": "2026-01-02"},
        {"type": "reveal", "cards": ["compass", "tent", "schnapps"]},
        {"type": "score", "scores": {"Ann": 74, "Bob": 76}, "date": "2026-01-03"}])

    def row(key: str) -> list[str]:
        return breakdown_row(ui, key)

    assert row("cards") == ["Karten", "aus dem Stapel eingetippt"]
    assert row("decided_by") == ["Entschieden durch", "die meisten Sterne"]
    # Where an Expedition in progress stands is not said of one that is over ("Phase: vorbei", "Vorbei: Ja").
    assert ui.find("record-row-phase") is None and ui.find("record-row-over") is None
    assert ui.find("record-row-in_play") is None and ui.find("record-row-deck_left") is None
    assert row("ascents.0.sheet")[1] == "Dunai" and row("ascents.2.sheet")[1] == "Dhaulagiri"
    assert row("ascents.0.cashed.Ann")[1] == "Seil"
    assert row("cards_held.Bob")[1] == "Seil"
    # The Ascent's scores (cards cashed included) and its sheet points are told apart, and said so ("Ergebnisse"
    # and "Punkte" alone left the reader to guess why 81 and 78 stood for the same player).
    titles = [t.value for t in walk(ui.get("record-item-ascents.0")) if isinstance(t, ft.Text)]
    assert "Ergebnisse mit eingelösten Karten" in titles and "Punkte auf der Aufstiegskarte" in titles


async def finished_in_german(open_ui, store, game: str, setup: dict, players: list[str], actions: list[dict]):
    """A game played through `actions` and finished, its History page opened in German: (ui, record id)."""
    from companion.sessions import SessionKeeper

    keeper = SessionKeeper(store)
    session = keeper.start(game, setup, players, game.title())
    for action in actions:
        keeper.act(session.id, action)
    record_id = keeper.finish(session.id)
    store.settings.set("language", "de")
    return await open_ui(route=f"/history/{record_id}"), record_id


def breakdown_row(ui, key: str) -> list[str]:
    """A breakdown row's texts: its label and its value."""
    return [t.value for t in walk(ui.get(f"record-row-{key}")) if isinstance(t, ft.Text)]


async def test_a_breakdown_says_points_where_the_engine_wrote_stars(open_ui, store):
    # The app's offline font has no star glyph: "2 ★ per Class III Climb" showed an empty box.
    ann = store.players.add("Ann")
    record_id = store.history.add({
        "game": "fourteeners", "finished": "2026-03-01T18:00:00+00:00", "title": "Ann vs Gerry",
        "players": [{"id": ann.id, "name": "Ann", "score": 4, "winner": True}], "session": None,
        "detail": {"players": [{"name": "Ann", "lines": [
            {"source": "Longs Peak", "what": "2 ★ per Class III Climb", "points": 4},
            {"source": "Pikes Peak", "what": "1 ★", "points": 1}]}]}})
    ui = await open_ui(route=f"/history/{record_id}")
    assert "★" not in ui.text()
    assert "2 points per Class III Climb" in ui.text() and "1 point" in ui.text()


async def test_a_ridgeline_breakdown_names_the_cards(open_ui, store):
    # "Cards: E9", "Left: G2, W, R": the Ridgeline screens never show the notation's codes, and neither does
    # History.
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    record_id = store.history.add({
        "game": "ridgeline", "finished": "2026-03-01T18:00:00+00:00", "title": "Sprint", "session": None,
        "players": [{"id": ann.id, "name": "Ann", "score": 0, "winner": True},
                    {"id": bob.id, "name": "Bob", "score": 5, "winner": False}],
        "detail": {"hands": [{"hand": 1, "seats": [{"name": "Ann", "camps_cleared": 1, "cards": ["E9"]},
                                                   {"name": "Bob", "camps_cleared": 0, "cards": ["R:G7"]}],
                              "left": {"Bob": ["G2", "W", "R"]}}]}})
    store.settings.set("language", "de")
    ui = await open_ui(route=f"/history/{record_id}")
    text = ui.text()
    for code in ("E9", "G2", "R:G7"):
        assert code not in text
    assert "Glut 9" in text and "Seil als Gletscher 7" in text and "Gletscher 2" in text


async def test_a_line_across_a_game_its_player_did_not_play_is_dashed(open_ui, store):
    # Ann's line ran solid through the game between her two, where Cleo's dot stood on it: read as Ann's score.
    ann, bob, _ = seed(store)
    cleo = store.players.add("Cleo")
    store.history.add({"game": "ridgeline", "finished": "2026-03-04T18:00:00+00:00", "title": "Sprint",
                       "players": [{"id": bob.id, "name": "Bob", "score": 50, "winner": False},
                                   {"id": cleo.id, "name": "Cleo", "score": 20, "winner": True}],
                       "detail": {"route": "sprint", "lower_is_better": True}, "session": None})
    ui = await open_ui(route="/stats")
    await pick(ui, "stats-filter-game", "ridgeline")
    over_time = ui.get("stats-over-time")
    solid = [line for line in over_time.data_series if not line.dash_pattern]
    dashed = [line for line in over_time.data_series if line.dash_pattern]
    assert sorted((line.color, [(p.x, p.y) for p in line.points]) for line in solid) == sorted([
        (ann.colour, [(0, 12)]), (ann.colour, [(2, 40)]), (bob.colour, [(0, 30), (1, 50), (2, 25)]),
        (cleo.colour, [(1, 20)])])
    assert [(line.color, [(p.x, p.y) for p in line.points]) for line in dashed] == [(ann.colour, [(0, 12), (2, 40)])]
    # The dashes have no dots nor tooltips of their own: each game is said once.
    assert all(p.point is False and not p.show_tooltip for p in dashed[0].points)


async def test_a_flat_fatigue_line_is_drawn_without_negative_fatigue(open_ui, store):
    ann = store.players.add("Ann")
    for day in (1, 2):
        store.history.add({"game": "ridgeline", "finished": f"2026-03-0{day}T18:00:00+00:00", "title": "Sprint",
                           "players": [{"id": ann.id, "name": "Ann", "score": 0, "winner": True}],
                           "detail": {"route": "sprint", "lower_is_better": True}, "session": None})
    ui = await open_ui(route=f"/stats/id:{ann.id}")
    over_time = ui.get("pstats-ridgeline-over-time")
    assert labels_on(over_time.left_axis)[0] == "0"
    assert all(not label.startswith("-") for label in labels_on(over_time.left_axis))
    # The dots at 0 stand clear of the frame: on it, they covered the games' numbers under it.
    step = over_time.horizontal_grid_lines.interval
    assert over_time.min_y == -step / 4 and over_time.max_y > 0


@pytest.mark.parametrize("language, missing", [("fr", "manque"), ("de", "fehlt"), ("pl", "nie istnieje")])
async def test_a_bad_backups_reason_is_said_in_the_players_language(open_ui, store, language, missing):
    store.settings.set("language", language)
    ui = await open_ui(route="/settings")
    bad = {"format": BACKUP_FORMAT, "version": BACKUP_VERSION,
           "players": [{"id": "a" * 32, "name": "Ann", "removed": False, "created": "2026-03-01T17:00:00Z"}]}
    answer_files(ui, picked=[uploaded("bad.json", json.dumps(bad).encode())])
    await ui.click("settings-backup-pick")
    message = ui.get("settings-backup-result").value
    assert "'colour'" in message and missing in message and "is missing" not in message
    bad["players"][0].update(colour="#123456", removed="no")
    answer_files(ui, picked=[uploaded("bad.json", json.dumps(bad).encode())])
    await ui.click("settings-backup-pick")
    assert "true or false" not in ui.get("settings-backup-result").value
    answer_files(ui, picked=[uploaded("old.json", json.dumps({"format": BACKUP_FORMAT}).encode())])
    await ui.click("settings-backup-pick")
    assert "None" not in ui.get("settings-backup-result").value


async def test_an_import_carrying_a_language_leaves_the_devices_language(open_ui, store):
    # A friend's backup in French turned the whole app French: the language is the device's own.
    ui = await open_ui(route="/settings")
    doc = {"format": BACKUP_FORMAT, "version": BACKUP_VERSION, "settings": {"language": "fr"}}
    answer_files(ui, picked=[uploaded("b1.json", json.dumps(doc).encode())])
    await ui.click("settings-backup-pick")
    await ui.settle()
    assert ui.get("settings-backup-result").value == "Imported b1.json: nothing new to add."
    assert store.settings.get("language") is None


async def test_french_statistics_say_each_games_outcome_in_the_singular_and_the_win_rate_as_victories(open_ui,
                                                                                                       store):
    ann, _, _ = seed(store)
    store.settings.set("language", "fr")
    ui = await open_ui(route="/stats")
    row = ui.get(f"stats-player-id:{ann.id}")
    assert "de victoires" in [t.value for t in walk(row) if isinstance(t, ft.Text)]   # "50 %" then "de victoires"
    await ui.click(f"stats-player-id:{ann.id}")
    (form,) = [c for c in walk(ui.top)
               if isinstance(c, ft.Semantics) and getattr(c.content, "key", None) == "pstats-form"]
    words = {stats.Outcome.WIN: "gagnée", stats.Outcome.LOSS: "perdue", stats.Outcome.SHARED: "victoire partagée"}
    said = ", ".join(words[o] for o in stats.player_line(store.history.list(), f"id:{ann.id}").form)
    heading, results = form.label.split(":")
    assert heading.startswith("Forme récente") and results.strip() == said and "gagnée" in said and "perdue" in said


def _finished_ascent(store, seed: int):
    """A whole Dunai Ascent played alone by Ann (random legal turns) and saved to History: its session."""
    from trek12_ascents import random_ascent

    from companion.sessions import SessionKeeper
    ann = store.players.add("Ann")
    setup = {"sheet": "dunai", "solo": None, "players": [{"id": ann.id, "name": "Ann"}]}
    keeper = SessionKeeper(store)
    session = keeper.start("trek12", setup, [ann.id], "Dunai")
    for doc in random_ascent(setup, seed):
        keeper.act(session.id, doc)
    keeper.finish(session.id)
    return session


async def test_a_record_deleted_while_its_game_is_corrected_leaves_the_game_in_progress_and_says_so(open_ui, store):
    # Deleted on one device while another corrected the game, then "Drop the changes" there ("History keeps the
    # game as it was"): the game was in neither History nor in progress.
    from companion.sessions import SessionKeeper

    from companion.ui.common.drafts import DRAFTS_TABLE, keep_draft
    from companion.ui.common.entries import entries_mark

    session = _finished_ascent(store, 3)
    keeper = SessionKeeper(store)
    keeper.reopen(session.id)                                    # on another device, with a form half filled in
    keep_draft(store, session.id, "t12-turn", entries_mark(type("App", (), {"keeper": keeper, "store": store}),
                                                           session.id), {"dice": [3, 4]})
    ui = await open_ui(route=f"/history/{session.id}")
    await ui.click("record-delete")
    # What was kept beside the game stays with it.
    assert store.table(DRAFTS_TABLE).get(session.id) is not None
    assert "The game being corrected stays in progress: finishing it puts it back in History, abandoning it " \
           "deletes it." in ui.get("history-deleted").value
    await ui.go(f"/play/trek12/{session.id}")
    await ui.click("t12-abandon")
    assert ui.get("t12-abandon-words").value == "The Ascent in progress is deleted and will not appear in History."
    await ui.click("t12-abandon-cancel")
    assert store.sessions.get(session.id) is not None


async def test_a_game_opened_from_its_record_goes_back_to_the_record(open_ui, store):
    session = _finished_ascent(store, 3)
    ui = await open_ui(route="/history")
    await ui.click(f"history-{session.id}")
    await ui.click("record-open-game")
    assert ui.view_routes == ["/", "/history", f"/history/{session.id}", f"/history/{session.id}/game"]
    ui.get("t12-final-when")                     # the finished Ascent on the game's own screen
    # Ann played alone: a flag for her Ascent, no trophy (History shows none and Statistics count no win).
    assert ui.get("t12-result-icon").icon == ft.Icons.FLAG_ROUNDED and ui.find("t12-sum-0-winner") is None
    await ui.back()
    assert ui.route == f"/history/{session.id}" and ui.find("record-open-game") is not None
    # The address opened by itself (a reload) shows the same screen, and a game no longer kept says so.
    await ui.go(f"/history/{session.id}/game")
    ui.get("t12-final-when")
    await ui.go(f"/history/{'0' * 32}/game")
    ui.get("record-missing")
    assert ui.find("t12-final-when") is None


async def test_games_played_alone_are_said_to_be_left_out_of_the_win_rate(open_ui, store):
    ann, _, _ = seed(store)
    store.history.add({"game": "trek12", "finished": "2026-03-09T18:00:00+00:00", "title": "Dunai",
                       "players": [{"id": ann.id, "name": "Ann", "score": 81, "winner": True}],
                       "detail": {"sheet": "dunai", "summit": 65, "rounds": 19, "solo": None,
                                  "scores": [_t12("Ann", 81, 3, 2, 0, True)]}, "session": None})
    line = stats.player_line(store.history.list(), f"id:{ann.id}")
    assert (line.plays, line.contested, line.alone, line.wins) == (5, 4, 1, 2)
    ui = await open_ui(route="/stats")
    assert ui.get(f"stats-player-id:{ann.id}-words").value.replace("\u00a0", " ") == (
        "5 games (1 alone) · 2 wins (1 shared)")
    assert ui.get(f"stats-player-id:{ann.id}-rate").value == "50%"
    await ui.click(f"stats-player-id:{ann.id}")
    assert ui.get("pstats-rate-note").value == ("The win rate counts the 4 games with an opponent, "
                                                "not the 1 played alone.")
    assert ui.get("pstats-trek12-rate-note").value == ("The win rate counts the 2 games with an opponent, "
                                                       "not the 1 played alone.")
    assert ui.find("pstats-ridgeline-rate-note") is None       # every Ridgeline game had an opponent
    cleo = store.players.add("Cleo")
    store.history.add({"game": "trek12", "finished": "2026-03-10T18:00:00+00:00", "title": "Dunai",
                       "players": [{"id": cleo.id, "name": "Cleo", "score": 60, "winner": True}],
                       "detail": {"sheet": "dunai", "summit": 65, "rounds": 19, "solo": None,
                                  "scores": [_t12("Cleo", 60, 3, 2, 0, False)]}, "session": None})
    # On the chart, the game played alone is neither a win nor a game "not won": a square of its own.
    points = [p.point for p in ui.get("pstats-trek12-over-time").data_series[0].points]
    assert [(type(p).__name__, getattr(p, "radius", None)) for p in points] == [
        ("ChartCirclePoint", 5), ("ChartCirclePoint", 3.5), ("ChartSquarePoint", None)]
    assert {"won", "not won", "played alone"} <= set(ui.texts())
    await ui.go(f"/stats/id:{cleo.id}")
    assert ui.get("pstats-rate-note").value == "The game was played alone: there was nobody to win against."
    await ui.go("/stats")
    store.history.add({"game": "trek12", "finished": "2026-03-11T18:00:00+00:00", "title": "Dunai",
                       "players": [{"id": cleo.id, "name": "Cleo", "score": 64, "winner": True}],
                       "detail": {"sheet": "dunai", "summit": 65, "rounds": 19, "solo": None,
                                  "scores": [_t12("Cleo", 64, 3, 2, 0, False)]}, "session": None})
    await ui.go(f"/stats/id:{cleo.id}")
    assert ui.get("pstats-rate").value == percent(None)
    assert ui.get("pstats-rate-note").value == "Every game was played alone: there was nobody to win against."
    assert "played alone" in ui.texts() and not {"won", "not won"} & set(ui.texts())
    # A screen reader was told Cleo had no games yet, beside "1 game".
    spoken = [c.label for c in walk(ui.top) if isinstance(c, ft.Semantics) and str(c.label).startswith("Recent form")]
    assert spoken and set(spoken) == {"Recent form, newest first: no game against anyone yet"}


async def test_french_says_on_which_day_a_game_was_saved_or_corrected(open_ui, store):
    session = _finished_ascent(store, 4)
    ann = store.players.list()[0]
    store.settings.set("language", "fr")
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    record = store.history.get(session.id)
    when = format_when(record["finished"])
    assert ui.get("t12-final-when").value == f"19 manches · enregistrée dans l'Historique le {when}"
    corrected = store.history.add({"game": "ridgeline", "finished": "2026-03-04T18:00:00+00:00", "title": "Sprint",
                                   "corrected": "2026-03-05T09:30:00+00:00", "detail": {},
                                   "players": [{"id": ann.id, "name": "Ann", "score": 9, "winner": True}],
                                   "session": None})
    await ui.go(f"/history/{corrected}")
    assert ui.get("record-corrected").value == f"Corrigée le {format_when('2026-03-05T09:30:00+00:00')}"


async def test_a_removed_player_is_marked_in_statistics_beside_a_new_one_of_the_same_name(open_ui, store):
    old = store.players.add("Anna")
    bob = store.players.add("Bob")

    def game(day, anna, score):
        store.history.add({"game": "ridgeline", "finished": f"2026-03-{day:02d}T18:00:00+00:00", "title": "Sprint",
                           "players": [{"id": anna.id, "name": "Anna", "score": score, "winner": True},
                                       {"id": bob.id, "name": "Bob", "score": 40, "winner": False}],
                           "detail": {"lower_is_better": True}, "session": None})

    game(1, old, 10)
    store.players.remove(old.id)
    new = store.players.add("Anna")            # a new player of the same name (an import can bring one too)
    game(2, new, 12)
    ui = await open_ui(route="/stats")
    names = {key: ui.get(f"stats-player-id:{p.id}").content for key, p in (("old", old), ("new", new))}
    shown = {key: [t.value for t in walk(row) if isinstance(t, ft.Text)][1] for key, row in names.items()}
    assert shown == {"old": "Anna (removed)", "new": "Anna"}
    await ui.go(f"/stats/id:{old.id}")
    assert ui.get("pstats-name").value == "Anna (removed)"
    # History said "Anna" on both games, and the shared result too: two people, nothing to tell them apart.
    await ui.go("/history")
    first, second = [r["id"] for r in sorted(store.history.list(), key=lambda r: r["finished"])]

    def name_on(record_id, index):
        return [t.value for t in walk(ui.get(f"history-{record_id}-player-{index}")) if isinstance(t, ft.Text)][1]

    assert (name_on(first, 0), name_on(second, 0)) == ("Anna (removed)", "Anna")
    await ui.go(f"/history/{first}")
    assert name_on(first, 0) == "Anna (removed)"
    assert ui.get("record-stats-0").content == "Anna (removed)'s statistics"
    # As the filters and Statistics say it: every removed player is marked, not only one whose name is taken.
    store.players.remove(bob.id)
    await ui.go("/history")
    assert name_on(second, 1) == "Bob (removed)"


@pytest.mark.parametrize("language", ["de", "pl", "fr"])
async def test_the_solo_records_column_headings_fit_a_phone_without_breaking_a_word(open_ui, store, language):
    # German "Durchschnitt" and "Gewonnen", Polish "Przegrane" and "Najlepszy" are far longer than the English
    # headings: in columns of a fixed share they broke inside the word ("Durchschni / tt").
    from layout_check import layout_problems

    ann, _, _ = seed(store)
    store.history.add({"game": "trek12", "finished": "2026-03-09T18:00:00+00:00", "title": "Dunai",
                       "players": [{"id": ann.id, "name": "Ann", "score": 81, "winner": True}],
                       "detail": {"sheet": "dunai", "summit": 65, "rounds": 19, "solo": None,
                                  "scores": [_t12("Ann", 81, 3, 2, 0, True)]}, "session": None})
    store.settings.set("language", language)
    ui = await open_ui(route="/stats")
    for table in ("stats-solo-trek12-max", "stats-solo-trek12-alone", "stats-solo-fourteeners-gerry"):
        ui.get(table)
    assert [p for p in layout_problems(ui.top, every_label=True) if "stats-solo" in p] == []


async def test_a_solo_records_name_is_not_broken_inside_the_word_on_a_phone(open_ui, store):
    # Beside the four French number columns a phone left a name about 55 px: "Bérénice" broke as "Béréni / ce".
    from layout_check import layout_problems

    berenice = store.players.add("Bérénice")
    store.history.add({"game": "trek12", "finished": "2026-03-09T18:00:00+00:00", "title": "Dunai",
                       "players": [{"id": berenice.id, "name": "Bérénice", "score": 13, "winner": False},
                                   {"id": None, "name": "Max", "score": 30, "winner": True}],
                       "detail": {"sheet": "dunai", "summit": 65, "rounds": 19, "solo": "max",
                                  "scores": [_t12("Bérénice", 13, 1, 1, 9, False), _t12("Max", 30, 2, 1, 3, False)]},
                       "session": None})
    store.settings.set("language", "fr")
    ui = await open_ui(route="/stats")
    row = f"stats-solo-trek12-max-id:{berenice.id}"
    assert ui.get(f"{row}-name").value == "Bérénice" and ui.get(f"{row}-won").value == "0"
    assert [p for p in layout_problems(ui.top, every_label=True) if "stats-solo" in p] == []
    # On a phone the name has a line of its own, the numbers under it; a desktop keeps them on one line.
    name_line, numbers_line = ui.get(row).content.content.controls
    assert ui.get(f"{row}-name") in walk(name_line) and ui.get(f"{row}-won") in walk(numbers_line)
    wide = await open_ui(route="/stats", width=1280)
    drawn = wide.get(row).content.content            # under the Semantics that leaves it to the row's name
    assert isinstance(drawn, ft.Row) and wide.get(f"{row}-won") in drawn.controls
    store.players.rename(berenice.id, "Ola")
    # In French a phone leaves about 40 px beside the numbers: even a short name goes above them, as every
    # name of the table does (German left 33 px, where "Ömer" broke inside the word).
    short = await open_ui(route="/stats")
    assert isinstance(short.get(row).content.content, ft.Column)
    store.settings.set("language", "en")                    # English leaves about 90 px: "Ola" fits beside them
    english = await open_ui(route="/stats")
    assert isinstance(english.get(row).content.content, ft.Row)


async def test_a_solo_records_table_stacks_every_row_or_none(open_ui, store):
    # "Ömer" broke as "Öme / r" in German on a phone, and the longer names stood above their numbers while the
    # shorter ones did not: the table read as staggered rows.
    from layout_check import layout_problems

    names = ("Ömer", "Jürgen-Maximilian von Hohenstein", "Ann")
    players = [store.players.add(name) for name in names]
    for n, player in enumerate(players):
        store.history.add({"game": "trek12", "finished": f"2026-03-0{n + 1}T18:00:00+00:00", "title": "Dunai",
                           "players": [{"id": player.id, "name": player.name, "score": 13, "winner": False},
                                       {"id": None, "name": "Max", "score": 30, "winner": True}],
                           "detail": {"sheet": "dunai", "summit": 65, "rounds": 19, "solo": "max",
                                      "scores": [_t12(player.name, 13, 1, 1, 9, False),
                                                 _t12("Max", 30, 2, 1, 3, False)]}, "session": None})
    for language in ("de", "en"):
        store.settings.set("language", language)
        ui = await open_ui(route="/stats")
        kinds = {type(ui.get(f"stats-solo-trek12-max-id:{p.id}").content.content).__name__ for p in players}
        assert kinds == {"Column"}, (language, kinds)          # the long name stacks them all, in English too
        assert [p for p in layout_problems(ui.top, every_label=True) if "stats-solo" in p] == []


@pytest.mark.parametrize("language", ["de", "pl"])
async def test_a_game_in_progress_says_when_it_was_saved_whole_on_a_phone(open_ui, store, save_session, language):
    # One line for the game, the players and the time cut the time off: "Trek 12: Himalaja · Anna · gespeich…".
    from layout_check import layout_problems

    anna, bartosz = store.players.add("Anna"), store.players.add("Bartosz")
    session_id = save_session("ridgeline", "Sprint", players=[anna.id, bartosz.id])
    store.settings.set("language", language)
    ui = await open_ui(route="/history")
    shown = [t.value for t in walk(ui.get(f"history-resume-{session_id}")) if isinstance(t, ft.Text)]
    when = format_when(store.sessions.get(session_id)["updated"])
    assert any(when in text.replace("\u00a0", " ") for text in shown)
    assert [p for p in layout_problems(ui.top, every_label=True) if "history-resume" in p] == []


async def test_a_history_card_lists_the_players_best_first_and_says_when_lower_is_better(open_ui, store):
    # Ridgeline's fatigue in seat order ("Ann 40, Bob 25") read as Ann ahead of the winner.
    store.players.add("Cy")
    ann, bob, ids = seed(store)
    three = store.history.add({"game": "ridgeline", "finished": "2026-03-06T18:00:00+00:00", "title": "Ridge",
                               "players": [{"id": ann.id, "name": "Ann", "score": 26, "winner": False},
                                           {"id": bob.id, "name": "Bob", "score": 7, "winner": True},
                                           {"id": None, "name": "Dee", "score": 5, "winner": False}],
                               "detail": {"route": "ridge", "lower_is_better": True}, "session": None})
    # Dee's 5 fatigue is behind Ann's 26 when Ann cleared more camps ('Winning'), as the shared result places them.
    camps = store.history.add({"game": "ridgeline", "finished": "2026-03-07T18:00:00+00:00", "title": "Ridge",
                               "players": [{"id": ann.id, "name": "Ann", "score": 26, "winner": False},
                                           {"id": bob.id, "name": "Bob", "score": 7, "winner": True},
                                           {"id": None, "name": "Dee", "score": 5, "winner": False}],
                               "detail": {"route": "ridge", "lower_is_better": True, "standings": [
                                   {"name": "Ann", "fatigue": 26, "camps_cleared": 9},
                                   {"name": "Bob", "fatigue": 7, "camps_cleared": 10},
                                   {"name": "Dee", "fatigue": 5, "camps_cleared": 4}]}, "session": None})
    ui = await open_ui(route="/history")

    def rows(record_id: str) -> list[int]:
        prefix = f"history-{record_id}-player-"
        return [int(str(c.key)[len(prefix):]) for c in walk(ui.get(f"history-{record_id}"))
                if str(c.key or "").startswith(prefix) and str(c.key)[len(prefix):].isdigit()]

    assert rows(ids["ridge2"]) == [1, 0]                 # Bob won with 25, then Ann's 40
    assert rows(three) == [1, 2, 0]                      # the winner, then the lower fatigue first
    assert rows(camps) == [1, 0, 2]                      # the winner, then the most camps cleared
    assert rows(ids["max"]) == [1, 0]                    # Max's 52 won over Ann's 40
    assert ui.get(f"history-{three}-lower").value == "Lower is better"
    assert ui.find(f"history-{ids['max']}-lower") is None


def test_a_column_of_long_texts_in_a_breakdown_table_gets_the_room_the_numbers_do_not_need():
    # A Ridgeline hand's cards left took a fifth of a phone, beside two short numbers: "Kamień / słoneczny / 4,"
    # a word or two a line down a narrow strip.
    from companion.ui.shell.record import _table

    rows = [("Zofia", {"camps_cleared": 2, "fatigue": 105, "left": ["Sunstone 10", "Rope"]}, "h.Zofia"),
            ("Łukasz", {"camps_cleared": 1, "fatigue": 157,
                        "left": ["Sunstone 6", "Sunstone 8", "Pine 1", "Pine 2", "Fire 2", "Fire 5"]}, "h.Łukasz")]
    table = _table(rows, None)
    row = next(c for c in walk(table) if getattr(c, "key", None) == "record-row-h.Łukasz")
    name, camps, fatigue, left = row.controls
    assert left.expand > camps.expand == fatigue.expand and left.content.value.startswith("Sunstone 6, Sunstone 8")
    # A screen reader hears whose each cell is and what it holds, not "Łukasz, 1, 157, …" after the headings.
    assert spoken(table) == ["Zofia, Camps cleared: 2", "Zofia, Fatigue: 105", "Zofia, Left: Sunstone 10, Rope",
                             "Łukasz, Camps cleared: 1", "Łukasz, Fatigue: 157",
                             "Łukasz, Left: Sunstone 6, Sunstone 8, Pine 1, Pine 2, Fire 2, Fire 5"]


def test_a_14ers_breakdown_table_gives_the_climbs_names_the_room_they_need():
    # "What scored" at 390 px: "Mont Princet…" cut short over two lines while the Text column beside it had room.
    from companion.ui.shell.record import _table

    rows = [("Mont Princeton", {"text": "Exploits · 5 points", "points": 5}, "s.0"),
            ("Mont Yale", {"text": "Projets · 2 points par Sommet glissé côté Exploits", "points": 8}, "s.1")]
    row = next(c for c in walk(_table(rows, None)) if getattr(c, "key", None) == "record-row-s.1")
    name, text, points = row.controls
    assert text.expand > name.expand > points.expand
    assert name.expand / (name.expand + text.expand + points.expand) > 1 / 3      # "Mont Princeton" on a line
    # Beside four numbers, a long name ("Jean-Baptiste") takes no room from their headings ("Capstones").
    rows = [(name, {"plans": 3, "capstones": 12, "photos": 1, "total": 16}, f"p.{n}")
            for n, name in enumerate(("Jean-Baptiste", "Bo"))]
    row = next(c for c in walk(_table(rows, None)) if getattr(c, "key", None) == "record-row-p.0")
    assert [c.expand for c in row.controls] == [2, 2, 2, 2, 2]


@pytest.mark.parametrize("game", ["trek12", "ridgeline", "freunde"])
async def test_a_finished_game_with_a_damaged_breakdown_says_so_and_the_tab_goes_on(open_ui, store, game):
    # A backup may bring a finished game whose breakdown is of the wrong shape: its game screen failed half
    # drawn, and the tab showed stale screens until a reload.
    ann = store.players.add("Ann")
    record_id = "d" * 32
    store.history.add({"id": record_id, "game": game, "finished": "2026-03-10T20:00:00Z", "title": "Damaged",
                       "players": [{"id": ann.id, "name": "Ann", "score": 5, "winner": True}],
                       "detail": {"scores": 5, "players": 5, "standings": 5, "hands": 5}, "session": None})
    ui = await open_ui(route=f"/history/{record_id}/game")
    assert "This game cannot be opened" in ui.text()
    ui.get("record-broken")
    await ui.go("/players")
    ui.get("player-name")


async def test_the_text_shared_titles_the_game_as_the_screen_does(open_ui, store):
    # A record whose title is kept as text (an older one, or one imported) showed "Grat" on the screen and
    # "Ridgeline · Ridge" in the text to share, in German.
    from companion.i18n import _ as translated, use_language

    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    record_id = store.history.add({
        "game": "ridgeline", "finished": "2026-03-09T18:00:00+00:00", "title": "Ridge",
        "players": [{"id": ann.id, "name": "Ann", "score": 12, "winner": True},
                    {"id": bob.id, "name": "Bob", "score": 30, "winner": False}],
        "detail": {"lower_is_better": True}, "session": None})
    store.settings.set("language", "de")
    ui = await open_ui(route=f"/history/{record_id}")
    with use_language("de"):
        ridge = translated("Ridge")
    assert ridge != "Ridge"
    assert ui.get("record-share-text").value.splitlines()[0] == f"Ridgeline · {ridge}"


def test_a_distribution_of_negative_scores_writes_the_minus_sign():
    # Trek 12 scores can be negative: the ranges read "-57–1200", a hyphen running into the range's dash, where
    # every other number of the app has the printed minus sign.
    from companion.ui.shell.charts import histogram_chart

    bins = [stats.Bin(-57, -40, 2), stats.Bin(-39, -20, 0), stats.Bin(-19, 0, 1)]
    shown = histogram_chart(bins, "#3366AA", unit="points", key="dist")
    chart = shown.controls[0]
    assert chart.label == "Score distribution: 2 games from −57 to −40; 1 game from −19 to 0."
    assert labels_on(chart.content.bottom_axis) == ["−57–\n−40", "−39–\n−20", "−19–\n0"]
    # In words, "to": "Most often −12––4 points" read as two dashes in a row.
    assert shown.controls[1].value == "Most often −57 to −40 points: 2 of 3 games"
    # Every range of such a chart alike: "−20 to −1 and 0–19" said one thing two ways.
    bins = [stats.Bin(-20, -1, 2), stats.Bin(0, 19, 2), stats.Bin(20, 39, 1)]
    shown = histogram_chart(bins, "#3366AA", unit="points", key="dist")
    assert shown.controls[1].value.startswith("Most often −20 to −1 and 0 to 19 points")


def test_a_distribution_says_a_range_of_one_score_as_that_score_and_names_what_it_counts():
    # "1 Partie von 3 bis 3": steps of one point were heard as ranges; and Ridgeline's fatigue was called
    # "Punkteverteilung" (points).
    from companion.i18n import use_language
    from companion.ui.shell.charts import histogram_chart
    from companion.ui.shell.statistics import _distribution_heading

    bins = [stats.Bin(3, 3, 1), stats.Bin(4, 5, 0), stats.Bin(6, 6, 2)]
    chart = histogram_chart(bins, "#3366AA", unit="points").controls[0]
    assert chart.label == "Score distribution: 1 game at 3; 2 games at 6."
    with use_language("de"):
        chart = histogram_chart(bins, "#3366AA", unit="fatigue", counted="scores",
                                heading=_distribution_heading("ridgeline")).controls[0]
        assert chart.label == "Verteilung der Erschöpfung: 1 Ergebnis mit 3; 2 Ergebnisse mit 6."


async def test_a_game_in_progress_names_its_players_as_it_seated_them_after_a_rename(open_ui, store):
    # The game keeps the names it began with (as the rename form says); home and History named the players
    # by their new names, which the game's own screen does not show.
    from companion.sessions import SessionKeeper

    anna, ben = store.players.add("Anna"), store.players.add("Ben")
    session = SessionKeeper(store).start("ridgeline", {"seats": [{"id": p.id, "name": p.name} for p in (anna, ben)],
                                                       "route": "sprint"}, [anna.id, ben.id], "Sprint")
    store.players.rename(anna.id, "Jörg")
    ui = await open_ui(route="/")
    said = " ".join(t.value for t in walk(ui.get(f"home-resume-{session.id}")) if isinstance(t, ft.Text))
    assert "Anna, Ben" in said and "Jörg" not in said
    ui = await open_ui(route="/history")
    said = " ".join(t.value for t in walk(ui.get(f"history-resume-{session.id}")) if isinstance(t, ft.Text))
    assert "Anna, Ben" in said and "Jörg" not in said


async def test_players_left_out_of_the_chart_for_want_of_room_are_not_said_to_have_fewer_games(open_ui, store):
    # Seven players with one game each: "Fatigue of the 5 players with the most games" left two out, no reason.
    people = [store.players.add(name) for name in ("Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus")]
    for day in (1, 2):
        store.history.add({"game": "ridgeline", "finished": f"2026-03-0{day}T18:00:00+00:00", "title": "Sprint",
                           "players": [{"id": p.id, "name": p.name, "score": 10 * n, "winner": n == 0}
                                       for n, p in enumerate(people)],
                           "detail": {"route": "sprint", "lower_is_better": True}, "session": None})
    ui = await open_ui(route="/stats")
    await pick(ui, "stats-filter-game", "ridgeline")
    assert ui.get("stats-over-time-heading").value == "Fatigue of 5 of the 7 players (lower is better)"


async def test_a_players_tiles_name_one_game_and_one_win_in_the_singular(open_ui, store):
    # "1 / Partien", "1 / Siege" on a German player page: a tile's caption takes the form of its count.
    store.settings.set("language", "de")
    ed, bo = store.players.add("Ed"), store.players.add("Bo")
    store.history.add({"game": "ridgeline", "finished": "2026-03-01T18:00:00+00:00", "title": "Sprint",
                       "players": [{"id": ed.id, "name": "Ed", "score": 12, "winner": True},
                                   {"id": bo.id, "name": "Bo", "score": 30, "winner": False}],
                       "detail": {"route": "sprint", "lower_is_better": True}, "session": None})
    ui = await open_ui(route=f"/stats/id:{ed.id}")
    tiles = [spoken(n) for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.label
             and any(getattr(c, "key", None) in ("pstats-plays", "pstats-wins") for c in walk(n))]
    assert tiles == [["Partie: 1"], ["Sieg: 1"]], tiles


async def test_a_solo_records_tiles_take_the_form_of_their_counts_in_polish(open_ui, store):
    # "1 / Wygrane", "1 / Przegrane": the solo card's captions ignored their counts.
    store.settings.set("language", "pl")
    ann = store.players.add("Ann")
    store.history.add({"game": "trek12", "finished": "2026-03-01T18:00:00+00:00", "title": "Dunai",
                       "players": [{"id": ann.id, "name": "Ann", "score": 40, "winner": False},
                                   {"id": None, "name": "Max", "score": 52, "winner": True}],
                       "detail": {"sheet": "dunai", "solo": "max"}, "session": None})
    ui = await open_ui(route=f"/stats/id:{ann.id}")
    key = "pstats-solo-trek12-max"
    tiles = [spoken(n) for n in walk(ui.get(key)) if isinstance(n, ft.Semantics) and n.label
             and any(str(getattr(c, "key", "")).startswith(f"{key}-") for c in walk(n))]
    assert ["Gra: 1"] in tiles and ["Wygranych: 0"] in tiles and ["Przegrana: 1"] in tiles, tiles
    # In English a count of games is "Games" again, kept apart from "Game" (which of the games) by a context.
    store.settings.set("language", "en")
    ui = await open_ui(route=f"/stats/id:{ann.id}")
    assert any(spoken(n) == ["Game: 1"] for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.label)


async def test_an_expeditions_score_in_history_is_shown_as_stars(open_ui, store):
    # "Bob 14" under an Expedition's title read as 14 points: its score counts stars (221 points besides).
    ann, bob, ids = seed(store)
    trip = store.history.add({"game": "expedition", "finished": "2026-03-08T18:00:00+00:00", "title": "Expedition",
                              "players": [{"id": ann.id, "name": "Ann", "score": 7, "winner": False},
                                          {"id": bob.id, "name": "Bob", "score": 14, "winner": True}],
                              "detail": {}, "session": None})
    ui = await open_ui(route="/history")
    star = ui.get(f"history-{trip}-stars-1")
    assert isinstance(star, ft.Icon) and star.icon == ft.Icons.STAR_ROUNDED
    assert ui.find(f"history-{trip}-stars-0") is not None
    assert "Bob, winner, 14 stars" in spoken(ui.get(f"history-{trip}"))
    assert ui.find(f"history-{ids['max']}-stars-0") is None       # a Trek 12 Ascent counts points


def test_the_recent_form_letters_read_at_4_5_to_1_on_their_dots():
    # A white "L" on #9E9E9E was 2.7:1, under WCAG's 4.5:1 for small text.
    from companion.ui.shell.charts import LOSS_COLOUR, SHARED_COLOUR, WIN_COLOUR

    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    assert all(1.05 / (luminance(c) + 0.05) >= 4.5 for c in (WIN_COLOUR, SHARED_COLOUR, LOSS_COLOUR))


async def test_a_players_shared_wins_caption_fits_each_games_card_on_a_phone(open_ui, store):
    # "Victoire, dont 1 ex æquo" needs three lines in a third of a 360 px card: its tile cut it after two,
    # "Victoire, dont 1 ex æ…".
    from layout_check import layout_problems

    ann, _, _ = seed(store)
    store.settings.set("language", "fr")
    ui = await open_ui(route=f"/stats/id:{ann.id}")
    assert "Victoire, dont 1 ex æquo" in ui.texts()
    assert [p for p in layout_problems(ui.top, 360, every_label=True) if "æquo" in p] == []


async def test_a_player_of_one_game_has_it_named_on_their_page(open_ui, store):
    # "1 finished game of 1 kind" said nothing of which game.
    _, _, _ = seed(store)
    cy = store.players.add("Cy")
    store.history.add({"game": "ridgeline", "finished": "2026-03-09T18:00:00+00:00", "title": "Sprint",
                       "players": [{"id": cy.id, "name": "Cy", "score": 20, "winner": True},
                                   {"id": None, "name": "Dot", "score": 31, "winner": False}],
                       "detail": {"route": "sprint", "lower_is_better": True}, "session": None})
    ui = await open_ui(route=f"/stats/id:{cy.id}")
    assert ui.get("pstats-played").value == "1 finished game of Ridgeline"
