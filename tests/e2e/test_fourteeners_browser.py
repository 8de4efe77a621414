"""A solo game of 14ers against Gerry in a real browser: set up on the new-game screen, the first Climbs
revealed, every turn tapped (your reveal, the gain check and the side to tuck, Gerry's reveal), the final
scores, and the game saved to History on disk."""

from __future__ import annotations

import json

import pytest

from companion.bench.browser import named, open_app, start_app, tap, wait_for, wait_http
from companion.games.fourteeners import rules, scoring, session as engine, solo
from companion.games.fourteeners.catalog import import_catalog
from companion.games.fourteeners.rules import Gain, Phase, Reveal
from companion.store import open_store
from companion.ui.fourteeners.catalog import save_catalog
from companion.ui.fourteeners.forms import side_label
from companion.ui.fourteeners.parts import slug
from taps import focused, tab_to
from test_fourteeners_fixtures import synthetic_catalog_doc

pytestmark = pytest.mark.e2e

# Just the solo deck's Climbs (5/6/6/4 by Class), so each reveal list is short enough for a phone's screen.
_SOLO_DECK = rules.deck_counts(1)
_DECK_SIZE = sum(_SOLO_DECK.values())


def _small_catalog() -> dict:
    """The synthetic catalog cut to the solo deck: every side described, so nothing asks to be described."""
    doc = synthetic_catalog_doc()
    kept = [card for card in doc["cards"] if int(card["name"].rsplit("-", 1)[1]) <= _SOLO_DECK[card["class"]]]
    return {"format": doc["format"], "version": doc["version"], "cards": kept}


def _script(setup: dict) -> list[dict]:
    """A whole solo game as the player would tap it: the first card of each reveal list, and a Climb gained
    without Guides every turn (Training early to meet later requirements, Capstones after), replayed through
    the engine as it is chosen."""
    state = engine.start(setup)
    turns = []
    while state.phase is not Phase.FINISHED:
        if state.phase in (Phase.SETUP, Phase.REVEAL):
            names = sorted((a.card for a in rules.legal_actions(state) if isinstance(a, Reveal)), key=str.casefold)
            action = {"type": "reveal", "card": names[0]}
        else:
            order = ["training", "gear", "capstone", "plans"] if state.round <= 4 else [
                "capstone", "plans", "gear", "training"]
            plain = [a for a in rules.legal_actions(state) if isinstance(a, Gain) and not a.guides]
            assert plain, f"round {state.round}: no Climb can be gained without Guides"
            chosen = min(plain, key=lambda a: (order.index(a.side.value), a.card))
            action = rules.action_to_doc(chosen)
        state = engine.apply(state, action)
        turns.append(action)
    return turns


def test_a_solo_game_against_gerry_tapped_in_the_browser_is_saved(playwright, tmp_path):
    data_dir = tmp_path / "data"
    catalog = _small_catalog()
    store = open_store(data_dir)
    try:
        ann = store.players.add("Ann")
        save_catalog(store, import_catalog(catalog))
    finally:
        store.close()
    # The setup the new-game screen makes for Ann alone (solo: no Accolade, no Weather unless asked).
    setup = {"players": [{"name": "Ann", "id": ann.id, "side": "basic"}], "weather": False, "accolade": None,
             "catalog": catalog}
    turns = _script(setup)
    state = engine.start(setup)

    _FAILURE_SHOT[:] = [str(tmp_path / "failure.png")]
    with start_app(data_dir, log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, url) as page:
            _tap(page, "home-game-fourteeners")
            _tap(page, f"ft-add-{ann.id}")
            # Ann alone makes it a solo game (the hint shown before anyone is picked also says "solo against").
            _wait_for_text(page, f"{solo.gerry_name()} plays Hiker {solo.gerry_hiker()} after you.")
            _tap(page, "ft-start")
            _wait_for_state(page, state)
            for turn in turns:
                before, state = state, engine.apply(state, turn)
                _tap_turn(page, before, turn, state, tmp_path)
            result = scoring.score(state)
            you, gerry = (p.total for p in result.players)
            _wait_for_text(page, solo.outcome(you, gerry, result.winners, "Ann"))
            page.wait_for_timeout(1000)  # the accessibility tree updates before the canvas repaints
            page.screenshot(path=str(tmp_path / "final-score.png"))
            _tap(page, "ft-finish")
            _wait_for_text(page, "Saved in History")
            _scroll_to(page, "go-home")
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "saved.png"))

    for name in ("mid-game.png", "final-score.png", "saved.png"):
        assert (tmp_path / name).stat().st_size > 10_000
    summary = engine.summary(state)
    store = open_store(data_dir)  # the app has stopped: the finished game is in History on disk
    try:
        [record] = store.history.list()
        assert store.sessions.list() == []
        assert record["session"]["actions"] == turns           # every tap, in order, and nothing else
        assert (record["game"], record["title"]) == ("fourteeners", summary["title"])
        assert record["players"] == summary["players"]          # the engine's totals and winner
        assert record["detail"] == summary["detail"]            # and its whole breakdown
        assert [p["score"] for p in record["players"]] == [p.total for p in result.players]
    finally:
        store.close()


def _tap_turn(page, before, turn: dict, after, shots) -> None:
    """Tap one action in and wait until the screen shows the state the engine reached."""
    player = rules.current_player(before)
    if turn["type"] == "reveal":
        if player is not None and player.gerry:
            # What Gerry will do is said before his card is tapped: the rightmost Climb, tucked by its Class.
            taken = before.row[-1]
            side = side_label(solo.gerry_side(taken.klass))
            _wait_for_text(page, f"takes the rightmost Climb, {taken.name}, and tucks it as {side}.")
        _tap(page, f"ft-reveal-{slug(turn['card'])}")
    else:
        _tap(page, f"ft-climb-{slug(turn['card'])}")
        # The engine's gain check for the tapped Climb, then the side, then the button naming it.
        _wait_for_text(page, f"Can be gained now: {rules.gain_check(before, before.turn, turn['card']).reason}.")
        _tap(page, f"ft-side-{turn['side']}")
        _wait_for(page, f'[flt-semantics-identifier="ft-gain"] [role="button"]:has-text('
                        f'"Tuck as {side_label(turn["side"])}")')
        if before.round == 5:  # the gain check open beside the row, a side chosen: the mid-game picture
            page.wait_for_timeout(1000)  # the accessibility tree updates before the canvas repaints
            page.screenshot(path=str(shots / "mid-game.png"))
        _tap(page, "ft-gain")
    _wait_for_state(page, after)


def _wait_for_state(page, state) -> None:
    """The header shows this state: its prompt (round, who, what) and how many Climbs are drawn."""
    _wait_for_text(page, rules.prompt(state) if state.phase is not Phase.FINISHED else "Game over")
    _wait_for(page, f'text=/^{state.drawn} of {_DECK_SIZE} Climbs drawn/')


def _scroll_to(page, identifier: str) -> None:
    """Scroll the screen with the mouse wheel (as Flutter scrolls) until the control is inside the window."""
    page.mouse.move(195, 400)
    for _ in range(20):
        box = page.locator(f'[flt-semantics-identifier="{identifier}"]').first.bounding_box()
        if box is not None and 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"]:
            return
        page.mouse.wheel(0, 400)
        page.wait_for_timeout(200)
    raise AssertionError(f"{identifier} never scrolled into view")


def _tap(page, identifier: str) -> None:
    page.locator(f'[flt-semantics-identifier="{identifier}"]').first.click(timeout=20_000)


def _wait_for_text(page, text: str) -> None:
    _wait_for(page, f"flt-semantics:has-text({json.dumps(text)})")


def _wait_for(page, selector: str) -> None:
    """Wait for an element; on failure, say what the screen did show."""
    try:
        page.locator(selector).first.wait_for(timeout=20_000, state="attached")
    except Exception:
        shown = page.eval_on_selector_all(
            "flt-semantics", "els => els.map(e => e.getAttribute('aria-label') || e.textContent).filter(Boolean)")
        if _FAILURE_SHOT:
            page.screenshot(path=_FAILURE_SHOT[0])
        raise AssertionError(f"nothing matches {selector!r}; labels: {shown[:60]}") from None


_FAILURE_SHOT: list[str] = []  # where `_wait_for` saves what the screen showed when it gives up


def test_a_player_taken_off_the_table_by_keyboard_leaves_the_next_one_alone(playwright, tmp_path):
    # Enter on "Bob does not play" (seat 1) left the focus on seat 1's button, now "Ann does not play": a second
    # Enter took Ann off the table too.

    store = open_store(tmp_path / "data")
    try:
        ann, bob = store.players.add("Ann"), store.players.add("Bob")
    finally:
        store.close()
    with start_app(tmp_path / "data", log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, f"{url}/games/fourteeners", width=1280, height=800) as page:
            tap(page, f"ft-add-{bob.id}")
            wait_for(page, named("Ann", f"ft-add-{ann.id}"))
            tap(page, f"ft-add-{ann.id}")
            wait_for(page, named("Ann does not play"))
            tab_to(page, words="Bob does not play")
            page.keyboard.press("Enter")
            page.wait_for_timeout(1000)
            assert page.locator(named("Bob does not play")).count() == 0
            assert focused(page)[1] != "Ann does not play"
