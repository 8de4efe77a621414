"""History and Statistics in a real browser: a few finished games are in the data folder before the app
starts; open History and a game's breakdown, copy its result to the clipboard, delete it and undo, then
Statistics and one player's page, saving a screenshot of each."""

from __future__ import annotations

import pytest

from companion.bench.browser import open_app, start_app, wait_http
from companion.store import open_store

pytestmark = pytest.mark.e2e


def _seed(data_dir) -> dict:
    """Ann and Bob's finished games in every shape the screens draw: shared win, solo, fatigue, stars."""
    store = open_store(data_dir)
    try:
        ann, bob = store.players.add("Ann"), store.players.add("Bob")

        def p(who, score, winner):
            named = isinstance(who, str)
            return {"id": None if named else who.id, "name": who if named else who.name, "score": score,
                    "winner": winner}

        def sheet(name, total, reached):
            return {"name": name, "total": total, "lines": [{"circles": [3, 4, 5], "points": 7}] * 3,
                    "zones": [{"circles": [8, 9], "value": 2, "points": 3}] * 2, "line_bonus": 1, "zone_bonus": 1,
                    "skulls": 1, "orphans": 2, "penalty": 9, "summit_reached": reached}

        ids = {}
        for day, (ann_score, bob_score) in enumerate([(70, 70), (48, 61), (66, 52), (58, 40)], 1):
            top = max(ann_score, bob_score)
            ids[f"trek{day}"] = store.history.add({
                "game": "trek12", "finished": f"2026-03-{day:02d}T18:00:00+00:00", "title": "Dunai",
                "players": [p(ann, ann_score, ann_score == top), p(bob, bob_score, bob_score == top)],
                "detail": {"sheet": "dunai", "summit": 65, "rounds": 19, "complete": True,
                           "scores": [sheet("Ann", ann_score, ann_score >= 65), sheet("Bob", bob_score, bob_score >= 65)]},
                "session": None})
        store.history.add({
            "game": "trek12", "finished": "2026-03-05T18:00:00+00:00", "title": "Dunai",
            "players": [p(ann, 44, False), p("Max", 51, True)],
            "detail": {"sheet": "dunai", "summit": 65, "scores": [sheet("Ann", 44, False), sheet("Max", 51, False)]},
            "session": None})
        store.history.add({
            "game": "ridgeline", "finished": "2026-03-06T18:00:00+00:00", "title": "Sprint",
            "players": [p(ann, 12, True), p(bob, 30, False)],
            "detail": {"route": "sprint", "lower_is_better": True, "winner": ["Ann"],
                       "standings": [{"name": "Ann", "fatigue": 12}, {"name": "Bob", "fatigue": 30}]},
            "session": None})
        store.history.add({
            "game": "expedition", "finished": "2026-03-07T18:00:00+00:00",
            "title": "Expedition: Dunai, Kagkot, Dhaulagiri (solo against Max)",
            "players": [p(ann, 5, True), p("Max", 3, False)],
            "detail": {"solo": True, "ascents": [
                {"ascent": n, "stars": {"Ann": {"summit": s, "race": r, "record": 0, "total": s + r},
                                        "Max": {"summit": 1, "race": 0, "record": 0, "total": 1}}}
                for n, (s, r) in enumerate([(1, 1), (1, 0), (1, 1)], 1)]},
            "session": None})
        ids["ann"] = ann.id
        return ids
    finally:
        store.close()


def test_history_and_statistics_in_the_browser(playwright, tmp_path):
    data_dir = tmp_path / "data"
    ids = _seed(data_dir)
    with start_app(data_dir, log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, url) as page:
            page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
            _tap(page, "home-history")
            _wait_for_text(page, "7 games")
            page.wait_for_timeout(1000)  # the accessibility tree updates before the canvas repaints
            page.screenshot(path=str(tmp_path / "history.png"))
            # The filters as a screen reader has them: a button named by its label and its choice, that opens
            # a menu of the choices.
            page.get_by_role("button", name="Game All games").click()
            page.get_by_role("menuitem", name="Ridgeline").click()
            _wait_for_text(page, "1 game")
            page.get_by_role("button", name="Game Ridgeline").click()
            page.get_by_role("menuitem", name="All games").click()
            _wait_for_text(page, "7 games")

            # A card is one button to a screen reader, its words in reading order, "winner" after the winner, who
            # comes first (best first, as the game's own standings), each score with what it counts.
            page.get_by_role("button", name="Trek 12: Himalaya 2 Mar 2026, 18:00 Dunai Bob, winner, 61 points Ann, "
                                             "48 points").click()
            _wait_for_text(page, "Score breakdown")
            _wait_for_text(page, "1. Bob: 61 points (winner)")
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "history-breakdown.png"))
            _tap(page, "record-copy")
            _wait_for_text(page, "Result copied")
            assert page.evaluate("navigator.clipboard.readText()") == (
                "Trek 12: Himalaya · Dunai\n2 Mar 2026, 18:00\n1. Bob: 61 points (winner)\n2. Ann: 48 points")

            _tap(page, "record-delete")
            _wait_for_text(page, "Deleted Dunai")
            card = page.locator(f'[flt-semantics-identifier="history-{ids["trek2"]}"]')
            assert card.count() == 0
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "history-deleted.png"))
            page.get_by_role("button", name="Undo").click()
            card.first.wait_for(timeout=30_000, state="attached")

            _tap(page, "history-open-stats")
            _wait_for_text(page, "Trek 12 sheets")
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "statistics.png"))

            _tap(page, f"stats-player-id:{ids['ann']}")
            _wait_for_text(page, "Recent form")
            # The charts' spoken summaries: what a screen reader says for each chart, with its numbers.
            _wait_for_text(page, "Points over time, oldest first: 70, 48, 66, 58, 44")
            _wait_for_text(page, "Stars per Expedition, oldest first: Expedition 1: 5 stars (3 summit, 2 race)")
            _wait_for_text(page, "Score distribution: ")
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "statistics-ann.png"))
            assert page.url.endswith(f"/stats/id:{ids['ann']}")
            page.mouse.move(195, 500)
            page.mouse.wheel(0, 500)                                   # down to the charts
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "statistics-ann-charts.png"))
    for name in ("history", "history-breakdown", "history-deleted", "statistics", "statistics-ann",
                 "statistics-ann-charts"):
        assert (tmp_path / f"{name}.png").stat().st_size > 10_000
    store = open_store(data_dir)  # the app has stopped: the undone deletion is on disk
    try:
        assert store.history.count() == 7 and store.history.get(ids["trek2"]) is not None
    finally:
        store.close()


def test_a_second_deletion_is_undone_after_the_first_ones_notice_ran_out(playwright, tmp_path):
    # Each deletion's notice is a new bar: one that had run out once made the next one's Undo fail the tab
    # ("Error running app") while the deletion stayed.
    data_dir = tmp_path / "data"
    ids = _seed(data_dir)
    log = tmp_path / "app.log"
    with start_app(data_dir, log=log) as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, f"{url}/history") as page:
            _tap(page, f"history-{ids['trek2']}")
            _tap(page, "record-delete")
            _wait_for_text(page, "Deleted Dunai")
            undo = page.get_by_role("button", name="Undo")
            undo.first.wait_for(timeout=30_000, state="attached")
            page.wait_for_timeout(14_000)                # left alone, the notice runs out (it stands 10 s)
            _tap(page, f"history-{ids['trek3']}")
            _tap(page, "record-delete")
            _wait_for_text(page, "Deleted Dunai (3 Mar")
            page.wait_for_timeout(1_000)                 # the bar slides in before it takes a tap
            undo.last.click(timeout=30_000)
            page.locator(f'[flt-semantics-identifier="history-{ids["trek3"]}"]').first.wait_for(
                timeout=30_000, state="attached")
            page.wait_for_timeout(1_000)
            _tap(page, f"history-{ids['trek3']}")                        # the tab still answers
            _wait_for_text(page, "Score breakdown")
    assert "a session failed" not in log.read_text()
    store = open_store(data_dir)
    try:
        assert store.history.get(ids["trek2"]) is None and store.history.get(ids["trek3"]) is not None
    finally:
        store.close()


def _tap(page, identifier: str) -> None:
    page.locator(f'[flt-semantics-identifier="{identifier}"]').first.click(timeout=30_000)


def _wait_for_text(page, text: str) -> None:
    """Wait for text on screen (a label or a text node); on failure, say what the screen did show."""
    try:
        page.locator("flt-semantics", has_text=text).or_(page.locator(f'[aria-label*="{text}"]')).first.wait_for(
            timeout=30_000, state="attached")
    except Exception:
        shown = page.eval_on_selector_all(
            "flt-semantics", "els => els.map(e => e.getAttribute('aria-label') || e.textContent).filter(Boolean)")
        raise AssertionError(f"no {text!r} on screen; shown: {shown[:40]}") from None
