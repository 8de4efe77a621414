"""A control's long name for screen readers stays within the control in a real browser.

Flutter writes a control's name as words in its semantics node, drawn transparent and allowed to overflow.
Undo's name says the entry it takes back ("Undo: Turn 1, Bob is done; in the check, Ann's climber A
died"): on a 40 px button it wrapped into a column 250 px tall over the turn's controls, and a click on one
of them undid the last entry. The page script keeps each name within its control's box."""

from __future__ import annotations

import pytest

from companion.bench.browser import open_app, start_app, tap, wait_for, wait_http
from companion.games.freunde import rules
from companion.sessions import SessionKeeper
from companion.store import open_store
from freunde_cases import DEATH_AT_THE_CHECK

pytestmark = pytest.mark.e2e


def test_a_click_below_a_long_named_button_is_not_the_buttons(playwright, tmp_path):
    data_dir = tmp_path / "data"
    with open_store(data_dir) as store:
        players = [store.players.add(name) for name in ("Ann", "Bob")]
        keeper = SessionKeeper(store)
        session = keeper.start("freunde", {"players": [{"id": p.id, "name": p.name} for p in players],
                                           "board": "summer", "weather_season": "summer", "rules": rules.RULESET},
                               [p.id for p in players], "Ann, Bob")
        for action in DEATH_AT_THE_CHECK:
            keeper.act(session.id, action)
    undo = '[flt-semantics-identifier="fr-undo"]'
    with start_app(data_dir, log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, f"{url}/play/freunde/{session.id}") as page:
            wait_for(page, undo, 60_000)
            name = page.locator(undo).first.text_content()
            assert name == "Undo: Turn 1, Bob is done; in the check, Ann's climber A died"
            # Where the words would have run: below the button, over the turn's controls.
            found = page.evaluate("""(selector) => {
                const button = document.querySelector(selector);
                const box = button.getBoundingClientRect();
                const words = document.createRange();
                words.selectNodeContents(button);
                const drawn = words.getBoundingClientRect();
                const below = [];
                for (let y = box.bottom + 10; y < drawn.bottom; y += 20) {
                    const at = document.elementFromPoint(box.left + box.width / 2, y);
                    below.push(at === button || button.contains(at));
                }
                return {tall: drawn.height > box.height, below};
            }""", undo)
            assert found["tall"], found               # the name is longer than the button: the case at stake
            assert found["below"] and not any(found["below"]), found
            # The button itself still takes its own taps.
            tap(page, "fr-undo")
            wait_for(page, 'flt-semantics:has-text("Undone: Turn 1, Bob is done")', 30_000)
