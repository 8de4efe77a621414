"""German and Polish in a real browser: chosen in Settings, a Trek 12 round played by taps in each, and
nothing on the 390x844 screen running past its right edge. Screenshots of each language are saved."""

from __future__ import annotations

import pytest

from companion import i18n
from companion.bench.browser import enable_semantics, named, open_app, start_app, wait_http
from companion.games.trek12 import session as engine
from companion.games.trek12.rules import Op, Roll
from companion.sessions import SessionKeeper
from companion.store import open_store
from taps import failure_shot, tap, wait_for

from test_trek12_browser import _script

pytestmark = pytest.mark.e2e


def said(code: str, text: str) -> str:
    """What the app shows for the English `text` in language `code` (from the same catalogs)."""
    with i18n.use_language(code):
        return i18n._(text)


def circle_selector(code: str, circle: int, value) -> str:
    exact = said(code, "Circle {circle}: {description}").format(circle=circle, description=value)
    return named(exact, f"t12-circle-{circle}", then_comma=True)


def past_the_edge(page, width: int = 390) -> list[str]:
    """Labels of the screen whose box runs past the window's right edge (a row that overflows: Flutter
    lays the overflowing part out beyond the screen and clips it)."""
    return page.eval_on_selector_all("flt-semantics", f"""els => els.map(e => {{
        const r = e.getBoundingClientRect();
        const name = e.getAttribute('aria-label') || e.textContent || e.getAttribute('flt-semantics-identifier');
        return (r.width > 0 && r.right > {width} + 1 && r.left < {width}) ? name + ' @' + Math.round(r.right) : null;
    }}).filter(Boolean)""")


def play_round(page, code: str, turn: dict, table) -> None:
    red, yellow = turn["dice"]
    tap(page, f"t12-red-{red}")
    tap(page, f"t12-yellow-{yellow}")
    wait_for(page, f"flt-semantics:has-text({said(code, 'Choose how to use the dice.')!r})")
    tap(page, f"t12-op-{turn['op']}")
    value = Roll.of(red, yellow).value(Op.parse(turn["op"]))
    cell = table.states[0].board.cell(turn["circle"])
    tap(page, f"t12-circle-{turn['circle']}")
    if cell == "skull":
        tap(page, "t12-skull-confirm")
        value = cell
    wait_for(page, circle_selector(code, turn["circle"], value))


def test_german_and_polish_chosen_in_settings_play_a_round_and_fit_the_screen(playwright, tmp_path):
    data_dir = tmp_path / "data"
    store = open_store(data_dir)
    try:
        ann = store.players.add("Ann")
        setup = {"sheet": "dunai", "solo": "max", "players": [{"id": ann.id, "name": "Ann"}], "dice_seed": 11}
        session = SessionKeeper(store).start("trek12", setup, [ann.id], "Dunai")
    finally:
        store.close()
    turns = _script(setup, 4)
    table = engine.start(setup)
    failure_shot(tmp_path / "failure.png")
    with start_app(data_dir, log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, f"{url}/settings") as page:
            for number, code in enumerate(("de", "pl")):
                tap(page, f"settings-language-{code}")
                wait_for(page, f"flt-semantics:has-text({said(code, 'Language')!r})")
                page.wait_for_timeout(800)
                page.screenshot(path=str(tmp_path / f"settings-{code}.png"))
                assert not past_the_edge(page), past_the_edge(page)

                page.goto(f"{url}/play/trek12/{session.id}")
                enable_semantics(page)
                round_text = said(code, "Round {round} of {total}").format(round=number + 1, total=19)
                wait_for(page, f"flt-semantics:has-text({round_text!r})")
                table = engine.apply(table, turns[number])
                play_round(page, code, turns[number], table)
                page.wait_for_timeout(1000)  # the canvas repaints after the accessibility tree
                page.screenshot(path=str(tmp_path / f"trek12-{code}.png"))
                assert not past_the_edge(page), past_the_edge(page)
                page.goto(f"{url}/settings")
                enable_semantics(page)
    for code in ("de", "pl"):
        assert (tmp_path / f"trek12-{code}.png").stat().st_size > 0
    store = open_store(data_dir)
    try:
        assert len(store.sessions.get(session.id)["actions"]) == 2   # both rounds saved, in either language
    finally:
        store.close()
