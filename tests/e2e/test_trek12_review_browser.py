"""A finished Ascent's review opened in a real browser: the coach's verdict, the costliest rounds marked on the
sheet, each round against the coach's move, a round opened on its own sheet; photographed at 390x844."""

from __future__ import annotations

import pytest
from taps import failure_shot, wait_for, wait_for_text
from trek12_ascents import random_ascent

from companion.bench.browser import open_app, start_app, wait_http
from companion.games.trek12 import review as coach_review
from companion.sessions import SessionKeeper
from companion.store import open_store
from companion.ui.trek12.coaching import COACH_TABLE, entries_digest

pytestmark = pytest.mark.e2e


def test_a_finished_ascents_review_opens_in_the_browser(playwright, tmp_path):
    data_dir = tmp_path / "data"
    store = open_store(data_dir)
    try:
        ann = store.players.add("Ann")
        setup = {"sheet": "kagkot", "solo": None, "players": [{"id": ann.id, "name": "Ann"}]}
        docs = random_ascent(setup, 12)
        keeper = SessionKeeper(store)
        session = keeper.start("trek12", setup, [ann.id], "Kagkot")
        for doc in docs:
            keeper.act(session.id, doc)
        keeper.finish(session.id)
        # Reviewed when it was saved: opening it again only reads the review kept with the game.
        review = coach_review.review(setup, docs, 0, seed=session.id, playouts=300)
        store.table(COACH_TABLE).upsert({"id": f"{session.id}:review:0", "entries": entries_digest(docs),
                                         "review": coach_review.to_doc(review)})
    finally:
        store.close()

    failure_shot(tmp_path / "failure.png")
    with start_app(data_dir, log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, f"{url}/history/{session.id}") as page:
            page.locator('[flt-semantics-identifier="record-open-game"]').first.click(timeout=20_000)
            wait_for_text(page, review.words())
            worst = review.costliest()[0]
            wait_for(page, f'[flt-semantics-identifier="t12-review-sheet-0-circle-{worst.played_circle}"]'
                           f'[aria-label$="one of the costliest rounds"]')
            page.mouse.move(195, 420)
            for _ in range(30):
                box = page.locator('[flt-semantics-identifier="t12-review-sheet-0-sheet"], '
                                   '[flt-semantics-identifier="t12-review-sheet-0-circle-0"]').first.bounding_box()
                if box is not None and 0 <= box["y"] < 500:
                    break
                page.mouse.wheel(0, 300)
                page.wait_for_timeout(150)
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "review.png"))
            # The costliest round tapped: its own sheet opens under it, the coach's circle glowing.
            row = f'[flt-semantics-identifier="t12-review-round-0-{worst.round}"]'
            for _ in range(60):
                box = page.locator(row).first.bounding_box() if page.locator(row).count() else None
                if box is not None and 80 <= box["y"] < 500:
                    break
                page.mouse.wheel(0, 200)
                page.wait_for_timeout(150)
            page.locator(row).first.click(timeout=20_000)
            coachs = worst.best_circle if worst.best_circle != worst.played_circle else worst.played_circle
            wait_for(page, f'[flt-semantics-identifier="t12-review-round-sheet-0-circle-{coachs}"]')
            wait_for(page, f'flt-semantics[aria-label*="The sheet before round {worst.round}:"]')
            page.screenshot(path=str(tmp_path / "round.png"))
    assert (tmp_path / "review.png").stat().st_size > 10_000
