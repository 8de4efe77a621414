"""Correcting a Trek 12 circle from five rounds back in a real browser: the entries opened from the app bar,
the old turn entered again by tapping dice, option and circle, the later turns replayed, and the sheet and
the score after Confirm those of the Ascent played right from the start."""

from __future__ import annotations

import random

import pytest
from taps import failure_shot, points, tap, wait_for, wait_for_text
from test_trek12_browser import _circle, _round, _tap_turn

from companion.bench.browser import named, open_app, start_app, wait_http
from companion.games.trek12 import session as engine
from companion.games.trek12.rules import Roll, legal_actions
from companion.games.trek12.scoring import score
from companion.games.trek12.solo import max_score
from companion.sessions import SessionKeeper
from companion.store import open_store

pytestmark = pytest.mark.e2e

EDITED = 2            # of 8 turns: five come after it


def _plain(table, roll: Roll) -> list:
    return [a for a in legal_actions(table.states[0], roll) if a.links is None and a.max_links is None]


def _game(setup: dict, seed: int = 3) -> tuple[list[dict], dict]:
    """Eight plain turns (no link to choose), and another move for the third with the same dice that keeps
    every later turn legal and puts a different number or circle on the sheet."""
    rng = random.Random(seed)
    table = engine.start(setup)
    turns: list[dict] = []
    while len(turns) < 8:
        roll = Roll.of(rng.randint(1, 6), rng.randint(0, 5))
        plain = _plain(table, roll)
        if plain:
            turns.append(rng.choice(plain).to_dict())
            table = engine.apply(table, turns[-1])
    before = _replay(setup, turns[:EDITED])
    for action in _plain(before, Roll.of(*turns[EDITED]["dice"])):
        doc = action.to_dict()
        if doc == turns[EDITED]:
            continue
        try:
            _replay(setup, turns[:EDITED] + [doc] + turns[EDITED + 1:])
        except Exception:
            continue
        return turns, doc
    raise AssertionError("no replacement keeps the later turns")


def _replay(setup: dict, turns: list[dict]):
    table = engine.start(setup)
    for turn in turns:
        table = engine.apply(table, turn)
    return table


def test_a_circle_from_five_rounds_back_corrected_in_the_browser(playwright, tmp_path):
    data_dir = tmp_path / "data"
    store = open_store(data_dir)
    try:
        ann = store.players.add("Ann")
        setup = {"sheet": "dunai", "solo": "max", "players": [{"id": ann.id, "name": "Ann"}], "dice_seed": None}
        turns, fixed = _game(setup)
        keeper = SessionKeeper(store)
        session = keeper.start("trek12", setup, [ann.id], "Dunai")
        for turn in turns:
            keeper.act(session.id, turn)
    finally:
        store.close()
    right = turns[:EDITED] + [fixed] + turns[EDITED + 1:]
    corrected = _replay(setup, right)

    failure_shot(tmp_path / "failure.png")
    with start_app(data_dir, log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, f"{url}/play/trek12/{session.id}") as page:
            wait_for(page, _round(9))
            tap(page, "ent-open")
            tap(page, f"ent-edit-{EDITED}")
            wait_for_text(page, f"Correcting entry {EDITED + 1}")
            wait_for(page, _round(EDITED + 1))                    # the sheet as it was before that turn
            _tap_turn(page, fixed, _replay(setup, turns[:EDITED] + [fixed]))
            wait_for_text(page, f"{len(turns) - EDITED - 1} later entries kept.")
            page.wait_for_timeout(1000)                            # the canvas repaints after the tree
            page.screenshot(path=str(tmp_path / "correction-ready.png"))
            tap(page, "ent-confirm")
            wait_for(page, _round(9))
            board = corrected.states[0].board
            for circle in range(19):
                wait_for(page, _circle(circle, board.cell(circle)))
            mine, his = score(corrected.states[0]).total, max_score(corrected.states[0]).total
            wait_for(page, named(f"Ann's sheet, {points(mine)}", "t12-tab-0", then_comma=True))
            wait_for(page, named(f"Max's sheet, {points(his)}", "t12-tab-max", then_comma=True))
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "corrected.png"))

    assert (tmp_path / "correction-ready.png").stat().st_size > 10_000
    store = open_store(data_dir)
    try:
        saved = store.sessions.get(session.id)["actions"]
        # The screen names the seat ("player": 0) in what it writes; the turns are the same.
        assert [{k: v for k, v in turn.items() if k != "player"} for turn in saved] == right
    finally:
        store.close()
