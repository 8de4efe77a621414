"""A Trek 12 Ascent in a real browser: rounds played by tapping dice, options and circles, a reload that finds
the game exactly where it was, the end summary, and the game saved to History on disk."""

from __future__ import annotations

import random

import pytest

from taps import focused, points, tab_to
from trek12_ascents import fill_sheets

from companion.bench.browser import enable_semantics, named, open_app, start_app, wait_http
from companion.games.trek12 import session as engine
from companion.games.trek12.rules import Op, Roll, legal_actions
from companion.games.trek12.scoring import score
from companion.games.trek12.solo import max_score
from companion.sessions import SessionKeeper
from companion.store import open_store

pytestmark = pytest.mark.e2e

_SETUP_SEED = 4


def _script(setup: dict, seed: int) -> list[dict]:
    """A whole Ascent of legal turns whose links the rules force (so the screen asks nothing but dice,
    option, circle and, for a skull, the confirmation), replayed through the engine as it is chosen."""
    rng = random.Random(seed)
    table = engine.start(setup)
    turns = []
    while not table.complete:
        roll = Roll.of(rng.randint(1, 6), rng.randint(0, 5))
        plain = [a for a in legal_actions(table.states[0], roll) if a.links is None and a.max_links is None]
        if not plain:
            continue
        action = rng.choice(plain).to_dict()
        table = engine.apply(table, action)
        turns.append(action)
    return turns


def test_an_ascent_tapped_in_the_browser_resumes_after_a_reload_and_is_saved(playwright, tmp_path):
    data_dir = tmp_path / "data"
    store = open_store(data_dir)
    try:
        ann = store.players.add("Ann")
        setup = {"sheet": "dunai", "solo": "max", "players": [{"id": ann.id, "name": "Ann"}], "dice_seed": 11}
        keeper = SessionKeeper(store)
        session = keeper.start("trek12", setup, [ann.id], "Dunai")
        turns = _script(setup, _SETUP_SEED)
        # The first rounds are already on the sheet (an Ascent under way); the rest are tapped.
        for turn in turns[:10]:
            keeper.act(session.id, turn)
        table = keeper.state(session.id)
    finally:
        store.close()

    _FAILURE_SHOT[:] = [str(tmp_path / "failure.png")]
    with start_app(data_dir, log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, f"{url}/play/trek12/{session.id}") as page:
            _wait_for(page, _round(11))
            # Each die face is said once, as its name: the yellow blank face's drawn "0" is not said again.
            _wait_for(page, named("Yellow die shows 0", "t12-yellow-0"))
            _wait_for(page, named("Red die shows 6", "t12-red-6"))
            for turn in turns[10:15]:  # five rounds by tapping
                table = engine.apply(table, turn)
                _tap_turn(page, turn, table)
            _wait_for(page, _round(16))
            page.wait_for_timeout(1000)  # the accessibility tree updates before the canvas repaints
            page.screenshot(path=str(tmp_path / "sheet-mid-game.png"))
            page.set_viewport_size({"width": 1280, "height": 800})
            page.wait_for_timeout(1500)
            page.screenshot(path=str(tmp_path / "sheet-mid-game-desktop.png"))
            page.set_viewport_size({"width": 390, "height": 844})

            page.reload()
            enable_semantics(page)
            # Resumed exactly: the same round, every circle as it was, the same live scores.
            _wait_for(page, _round(16))
            board = table.states[0].board
            for circle in range(19):
                _wait_for(page, _circle(circle, board.cell(circle)))
            mine, his = score(table.states[0]).total, max_score(table.states[0]).total
            _wait_for(page, named(f"Ann's sheet, {points(mine)}", "t12-tab-0", then_comma=True))
            _wait_for(page, named(f"Max's sheet, {points(his)}", "t12-tab-max", then_comma=True))

            for turn in turns[15:]:
                table = engine.apply(table, turn)
                _tap_turn(page, turn, table)
            _wait_for(page, '[flt-semantics-identifier="t12-finish"]')
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "final-summary.png"))
            page.locator('[flt-semantics-identifier="t12-finish"]').click()
            _wait_for(page, '[flt-semantics-identifier="t12-final-history"]')
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "saved-summary.png"), full_page=True)

    for name in ("sheet-mid-game.png", "sheet-mid-game-desktop.png", "final-summary.png", "saved-summary.png"):
        assert (tmp_path / name).stat().st_size > 0
    store = open_store(data_dir)  # the app has stopped: the finished Ascent is in History on disk
    try:
        record = store.history.get(session.id)
        assert record is not None and store.sessions.get(session.id) is None
        final = table.states[0]
        assert [p["score"] for p in record["players"]] == [score(final).total, max_score(final).total]
        assert len(record["session"]["actions"]) == 19
    finally:
        store.close()


def _tap_turn(page, turn: dict, after) -> None:
    """Tap one turn in: the dice faces, the option, the circle (and confirm a skull); wait until the circle
    shows what the engine wrote there."""
    red, yellow = turn["dice"]
    roll = Roll.of(red, yellow)
    # Each tap waits for the screen to answer it, as a player looks before the next tap: an option tile
    # only takes taps once the dice are in.
    page.locator(f'[flt-semantics-identifier="t12-red-{red}"]').click()
    page.locator(f'[flt-semantics-identifier="t12-yellow-{yellow}"]').click()
    _wait_for(page, 'flt-semantics:has-text("Choose how to use the dice.")')
    page.locator(f'[flt-semantics-identifier="t12-op-{turn["op"]}"]').click()
    value = roll.value(Op.parse(turn["op"]))
    _wait_for(page, f'flt-semantics:has-text("to write {value}.")')
    page.locator(f'[flt-semantics-identifier="t12-circle-{turn["circle"]}"]').click()
    cell = after.states[0].board.cell(turn["circle"])
    if cell == "skull":
        _wait_for(page, '[flt-semantics-identifier="t12-skull-confirm"]')
        page.locator('[flt-semantics-identifier="t12-skull-confirm"]').click()
    _wait_for(page, _circle(turn["circle"], cell))


def _circle(circle: int, cell) -> str:
    shown = "empty" if cell is None else str(cell)
    exact = f"Circle {circle}: {shown}"
    # The label goes on with ", orphan", ", in a line"... after the content; "Circle 1: 1" must not match 12.
    return named(exact, f"t12-circle-{circle}", then_comma=True)


def _round(number: int) -> str:
    return f'flt-semantics:has-text("Round {number} of 19")'


def _wait_for(page, selector: str) -> None:
    """Wait for an element; on failure, say what the screen did show."""
    try:
        # 40 s: on a small machine busy with other work, a reload's first drawing has taken over 20 s.
        page.locator(selector).first.wait_for(timeout=40_000, state="attached")
    except Exception:
        shown = page.eval_on_selector_all(
            "flt-semantics", "els => els.map(e => e.getAttribute('aria-label') || e.textContent).filter(Boolean)")
        if _FAILURE_SHOT:
            page.screenshot(path=_FAILURE_SHOT[0])
        raise AssertionError(f"nothing matches {selector!r}; labels: {shown[:60]}") from None


_FAILURE_SHOT: list[str] = []  # where `_wait_for` saves what the screen showed when it gives up



def test_an_option_chosen_with_the_keyboard_keeps_the_focus(playwright, tmp_path):
    # Enter on "Plus" chose it and moved the focus to the tile beside it, where a second Enter chose that one.
    data_dir = tmp_path / "data"
    store = open_store(data_dir)
    try:
        ann = store.players.add("Ann")
        setup = {"sheet": "dunai", "solo": None, "players": [{"id": ann.id, "name": "Ann"}], "dice_seed": 11}
        session = SessionKeeper(store).start("trek12", setup, [ann.id], "Dunai")
    finally:
        store.close()
    with start_app(data_dir, log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, f"{url}/play/trek12/{session.id}", width=1280, height=800) as page:
            for die in ("t12-red-3", "t12-yellow-3"):
                _wait_for(page, f'[flt-semantics-identifier="{die}"]')
                page.locator(f'[flt-semantics-identifier="{die}"]').click()
            _wait_for(page, named("Plus 6, 4 of 4 boxes left", "t12-op-sum"))
            tab_to(page, identifier="t12-op-sum")
            page.keyboard.press("Enter")
            _wait_for(page, '[flt-semantics-identifier="t12-op-sum"][aria-current="true"]')
            page.wait_for_timeout(500)
            assert focused(page)[0] == "t12-op-sum"


def test_after_a_player_cashes_with_the_keyboard_the_next_players_choice_is_not_in_focus(playwright, tmp_path):
    # Enter on Ann's "Cash 1 card (+3)" left the focus on the same button, now Bo's "Keep every card": a second
    # Enter kept Bo's cards without Bo choosing.
    data_dir = tmp_path / "data"
    store = open_store(data_dir)
    try:
        players = [store.players.add(name) for name in ("Ann", "Bo")]
        setup = {"sheet": "dunai", "solo": None, "dice_seed": 3,
                 "players": [{"id": p.id, "name": p.name, "assists": ["rope", "tent"]} for p in players]}
        keeper = SessionKeeper(store)
        session = keeper.start("trek12", setup, [p.id for p in players], "Dunai")
        fill_sheets(keeper, session.id)
    finally:
        store.close()
    with start_app(data_dir, log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, f"{url}/play/trek12/{session.id}", width=1280, height=800) as page:
            _wait_for(page, named("Cash the Tent (+3)", "t12-cash-0-1"))
            page.locator('[flt-semantics-identifier="t12-cash-0-1"]').click()
            _wait_for(page, named("Cash 1 card (+3)"))
            page.locator(named("Cash 1 card (+3)")).first.focus()
            assert focused(page)[1] == "Cash 1 card (+3)"
            page.keyboard.press("Enter")
            _wait_for(page, 'flt-semantics:has-text("Bo: cash Assist cards?")')
            page.wait_for_timeout(500)
            assert focused(page)[1] != "Keep every card"
