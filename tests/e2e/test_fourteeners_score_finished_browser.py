"""Score a finished three-player game of 14ers in a real browser, from home, with an empty catalog: the setup on
the "Score a finished game" tab, each tableau entered by taps, the result (a tie broken by the Capstones), and
the game found in History; the result is photographed at 390x844."""

from __future__ import annotations

import re

import pytest

from companion.bench.browser import open_app, start_app, wait_http
from companion.store import open_store
from taps import failure_shot, tap, wait_for, wait_for_gone, wait_for_text

pytestmark = pytest.mark.e2e

VERDICT = "Bo wins: Bo and Cy tie at 10, and the tie goes to the fewest points from Capstones (Bo 6, Cy 9)."

# Each tableau as tapped: the side's Add button, the form's chips, what the preview then says it scores on
# that tableau (a Guide has no preview), and "Add".
TABLEAUS = [
    [("ftf-add-capstone", ["ftf-class-3", "ftf-cap-5"], "On Ann's tableau now: 5 points."),
     ("ftf-add-plans", ["ftf-class-2"], "On Ann's tableau now: 2 points.")],     # 1 per Climb tucked
    [("ftf-add-gear", ["ftf-class-1"], "On Bo's tableau now: 0 points."),                   # the only Gear: the Accolade
     ("ftf-add-capstone", ["ftf-class-4", "ftf-cap-6"], "On Bo's tableau now: 6 points.")],
    [("ftf-add-training", ["ftf-class-2"], "On Cy's tableau now: 0 points."),
     ("ftf-add-capstone", ["ftf-class-3", "ftf-cap-9"], "On Cy's tableau now: 9 points."),
     ("ftf-add-guide", ["ftf-class-1", "ftf-icon-photo"], None)],                            # a Photo: 1
]


def test_a_finished_game_scored_in_the_browser_is_found_in_history(playwright, tmp_path):
    data_dir = tmp_path / "data"
    store = open_store(data_dir)
    try:
        ids = [store.players.add(name).id for name in ("Ann", "Bo", "Cy")]
    finally:
        store.close()

    failure_shot(tmp_path / "failure.png")
    with start_app(data_dir, log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, url) as page:
            tap(page, "home-game-fourteeners")
            tap(page, "ft-tab-final")
            wait_for_text(page, "Score a game finished at the table")
            for seat, player_id in enumerate(ids):
                tap(page, f"ft-add-{player_id}")
                wait_for(page, f'[flt-semantics-identifier="ft-seat-{seat}-remove"]')
            # The empty catalog has no Accolade: the one on the table is described (most Gear).
            tap(page, "ft-accolade-typed-side-gear")
            tap(page, "ft-start")
            wait_for_text(page, "Enter each tableau as it lies on the table")
            session_id = re.search(r"/play/fourteeners/([0-9a-f]{32})", page.url).group(1)
            for seat, entries in enumerate(TABLEAUS):
                tap(page, f"ftf-seat-{seat}")
                # The seat's tableau drawn before its buttons are tapped (a tap during the redraw went astray).
                wait_for_text(page, "{name}'s tableau".format(name=("Ann", "Bo", "Cy")[seat]))
                for add, chips, preview in entries:
                    tap(page, add)
                    wait_for(page, '[flt-semantics-identifier="ftf-put"]')
                    for chip in chips:
                        tap(page, chip)
                    if preview is not None:
                        wait_for_text(page, preview)
                    if add == "ftf-add-plans":      # a Plan on the spot, its preview on Ann's tableau
                        page.wait_for_timeout(1000)
                        page.screenshot(path=str(tmp_path / "plan-form.png"))
                    tap(page, "ftf-put")
                    wait_for_gone(page, '[flt-semantics-identifier="ftf-put"]')
            wait_for_text(page, VERDICT)
            tap(page, "ftf-score")
            wait_for_text(page, "Saved in History")
            wait_for_text(page, VERDICT)
            page.mouse.move(195, 400)
            page.mouse.wheel(0, -4000)           # the top of the result: the verdict and the table
            page.wait_for_timeout(1000)          # the accessibility tree updates before the canvas repaints
            page.screenshot(path=str(tmp_path / "result.png"))

            tap(page, "go-home")
            tap(page, "home-history")
            tap(page, f"history-{session_id}")
            wait_for_text(page, VERDICT)
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "history-record.png"))

    for name in ("plan-form.png", "result.png", "history-record.png"):
        assert (tmp_path / name).stat().st_size > 10_000
    store = open_store(data_dir)
    try:
        [record] = store.history.list()
        assert record["id"] == session_id and store.sessions.list() == []
        assert [(p["name"], p["score"], p["winner"]) for p in record["players"]] == [
            ("Ann", 7, False), ("Bo", 10, True), ("Cy", 10, False)]
        assert record["detail"]["verdict"] == VERDICT
        assert record["detail"]["scored_from_tableaus"] is True
    finally:
        store.close()

