"""A Ridgeline Sprint in a real browser: a table of two set up on the new-game screen, every hand entered by
tapping who went out, who pitched and the coloured cards left, an undo and a redo, the summit, and the game
saved to History on disk with the engine's fatigue."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from companion.bench.browser import named, open_app, start_app, wait_http
from companion.games.ridgeline import session as engine
from companion.games.ridgeline.cards import parse_card
from companion.games.ridgeline.rules import next_hand
from companion.games.ridgeline.scoring import fatigue_preview, score
from companion.store import open_store

pytestmark = pytest.mark.e2e

_NAMES = ("Ann", "Bob")
# Five hands of a Sprint (camps 1, 2, 5, 7, 9): Ann clears a camp every hand and wins the climb on the fifth,
# Bob climbs twice. "pitched" lists only the taps beyond the one that choosing who went out makes for itself.
_HANDS = (
    {"went_out": "Ann", "pitched": [], "left": ["G7", "W"]},
    {"went_out": "Bob", "pitched": ["Ann"], "left": ["R"]},
    {"went_out": "Ann", "pitched": [], "left": ["S3", "S3"]},
    {"went_out": "Ann", "pitched": ["Bob"], "left": ["E2"]},
    {"went_out": "Ann", "pitched": [], "left": ["D9"]},
)


def test_a_sprint_tapped_in_the_browser_reaches_the_summit_and_is_saved(playwright, tmp_path):
    data_dir = tmp_path / "data"
    store = open_store(data_dir)
    try:
        ids = {name: store.players.add(name).id for name in _NAMES}
    finally:
        store.close()
    # The game as the engine plays it, to hold every number the screen shows against.
    table = engine.start({"seats": [{"id": ids[n], "name": n} for n in _NAMES], "route": "sprint",
                          "first_dealer": "Bob"})

    _FAILURE_SHOT[:] = [str(tmp_path / "failure.png")]
    with start_app(data_dir, log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, url) as page:
            # The new-game screen: seats in tapping order, the Sprint route, Bob deals first.
            _tap(page, "home-game-ridgeline")
            _tap(page, f"rl-new-seat-{ids['Ann']}")
            _wait_for_label(page, "Ann, seat 1")
            _tap(page, f"rl-new-seat-{ids['Bob']}")
            _wait_for_label(page, "Bob, seat 2")
            _tap(page, "rl-new-route-sprint")
            _wait_until(page, "Sprint chosen", lambda shown: _selected(page, "rl-new-route-sprint"))
            _tap(page, f"rl-new-dealer-{ids['Bob']}")
            _wait_until(page, "Bob chosen to deal", lambda shown: _selected(page, f"rl-new-dealer-{ids['Bob']}"))
            _wait_for_text(page, "Start the climb")
            _tap(page, "rl-new-start")
            _wait_for_text(page, "Enter the end of hand 1")
            session_id = page.url.rstrip("/").rsplit("/", 1)[-1]
            assert page.url.endswith(f"/play/ridgeline/{session_id}")
            _check_table(page, table)

            for number, hand in enumerate(_HANDS, start=1):
                before, table = table, _tap_hand(page, table, number, hand,
                                  shot=tmp_path / "hand-3-cards.png" if number == 3 else None)
                if number == 3:
                    page.wait_for_timeout(1000)  # the accessibility tree updates before the canvas repaints
                    page.screenshot(path=str(tmp_path / "table-mid-game.png"))
                    # Undo takes the hand off the table, redo puts back exactly what was tapped.
                    _tap(page, "rl-undo")
                    _wait_for_text(page, "Hand 3 undone. Redo puts it back.")
                    _wait_for_text(page, "Enter the end of hand 3")
                    _check_table(page, before)
                    # Redo turns tappable only now; wait until its test id is on the enabled button.
                    _wait_for(page, named("Redo the hand undone", "rl-redo"))
                    _tap(page, "rl-redo")
                    _wait_for_text(page, "Hand 3 redone.")
                    _check_table(page, table)

            # The summit: Ann wins the climb; the game is saved from the table.
            _wait_for_text(page, "Ann wins the climb")
            _check_table(page, table)
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "summit.png"))
            _tap(page, "rl-finish")
            _wait_for_text(page, "Final standings")
            _wait_until(page, "the final standings", lambda shown: _seat_fatigue(shown, "Final standings") == {
                seat.seat: str(seat.fatigue) for seat in score(table).seats})
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "final-standings.png"))
            _tap(page, "rl-final-history")
            _wait_until(page, "History", lambda shown: page.url.endswith("/history"))
            _tap(page, f"history-{session_id}")
            _wait_for_text(page, "Score breakdown")
            _wait_for_text(page, "1. Ann: 0")
            _wait_for_text(page, "2. Bob: 84")

    for name in ("table-mid-game", "hand-3-cards", "summit", "final-standings"):
        assert (tmp_path / f"{name}.png").stat().st_size > 10_000
    store = open_store(data_dir)  # the app has stopped: the finished game is in History on disk
    try:
        record = store.history.get(session_id)
        assert record is not None and store.sessions.get(session_id) is None
        summary = engine.summary(table)
        assert record["game"] == "ridgeline"
        assert [(p["name"], p["score"], p["winner"]) for p in record["players"]] == [
            (p["name"], p["score"], p["winner"]) for p in summary["players"]] == [("Ann", 0, True), ("Bob", 84, False)]
        assert [p["id"] for p in record["players"]] == [ids["Ann"], ids["Bob"]]
        assert record["detail"] == summary["detail"]
        assert record["session"]["actions"] == [_action(hand) for hand in _HANDS]
    finally:
        store.close()


def _tap_hand(page, table, number: int, hand: dict, shot: Path | None = None):
    """Enter one hand on the End hand panel as a player would and record it (with a screenshot of the cards
    entered to `shot`); the engine's state after it."""
    coming = next_hand(table)
    _tap(page, "rl-end-hand")
    _wait_for_text(page, f"Hand {number} · {coming.dealer} dealt {coming.deal_size} cards")
    out = _NAMES.index(hand["went_out"])
    _tap(page, f"rl-out-{out}")
    _wait_until(page, f"{hand['went_out']} going out", lambda shown: any(
        text.startswith(f"{hand['went_out']}. Went out: no cards left") for text in shown))
    for name in hand["pitched"]:
        _tap(page, f"rl-pitched-{_NAMES.index(name)}")
        _wait_until(page, f"{name} pitching", lambda shown, name=name: any(
            text.startswith(f"{name}. ") and "· clears camp" in text for text in shown))
    holder = 1 - out  # with two seats, the cards left are the other seat's
    entered: list[str] = []
    for code in hand["left"]:
        _tap(page, f"rl-hand-pick-{code}")
        entered.append(code)
        _wait_for(page, f'[flt-semantics-identifier="rl-left-{holder}-card-{code}-{entered.count(code)}"]')
    # Each seat's fatigue is previewed by the engine before the hand is recorded.
    pitched = {hand["went_out"], *hand["pitched"]}
    for name in _NAMES:
        cards = [parse_card(code) for code in (hand["left"] if name != hand["went_out"] else [])]
        expected = fatigue_preview(table, name, cards, name in pitched)
        _wait_until(page, f"{name}'s fatigue preview of {expected}", lambda shown, name=name, expected=expected: any(
            text.startswith(f"{name}. ") and text.endswith(f". Fatigue after this hand: {expected}") for text in shown))
    if shot is not None:
        page.wait_for_timeout(1000)
        page.screenshot(path=str(shot))
    _tap(page, "rl-hand-submit")
    _wait_for_text(page, f"Hand {number} recorded.")
    table = engine.apply(table, _action(hand))
    _check_table(page, table)
    return table


def _action(hand: dict) -> dict:
    """The keeper's action for a hand as tapped: who went out pitched first, then the others in seat order."""
    pitched = {hand["went_out"], *hand["pitched"]}
    holder = next(name for name in _NAMES if name != hand["went_out"])
    return {"went_out": hand["went_out"], "pitched": [n for n in _NAMES if n in pitched],
            "left": {holder: list(hand["left"])}}


def _check_table(page, table) -> None:
    """The Table panel shows the coming hand's dealer and every seat's fatigue as the engine scores them."""
    coming = next_hand(table)
    if coming is not None:
        _wait_for_text(page, f"Enter the end of hand {coming.number}")
    fatigue = {seat.seat: "—" if not table.hands else str(seat.fatigue) for seat in score(table).seats}
    _wait_until(page, f"the seats' fatigue {fatigue}",
                lambda shown: _seat_fatigue(shown, "The climb ·") == fatigue)


def _seat_fatigue(shown: list[str], heading: str) -> dict[str, str]:
    """Each seat's fatigue as the screen reads it below `heading`: in the seat's line (a seat's tile on the table,
    its line of the final standings), "—" for a tile said by the name alone (no hand scored yet), or else the
    first number after the seat's name."""
    start = next((i for i, text in enumerate(shown) if text.startswith(heading)), None)
    if start is None:
        return {}
    found = {}
    for name in _NAMES:
        # The final standings and the table's tiles say a seat in one line: "Ann: 0 fatigue; 5 camps cleared of
        # 5; Winner"; before the first hand a tile starts with the name alone: "Ann; Deals; Camp 1: …".
        line = next((t for t in shown[start:] if t.startswith(f"{name}: ") and " fatigue" in t), None)
        if line is not None:
            found[name] = line[len(name) + 2:].split(" ", 1)[0]
            continue
        if any(t.startswith(f"{name}; ") for t in shown[start:]):
            found[name] = "—"
            continue
        at = next((i for i in range(start, len(shown)) if shown[i] == name), None)
        if at is None:
            continue
        value = next((t for t in shown[at + 1:] if t.isdigit() or t == "—" or t in _NAMES), None)
        if value is not None and value not in _NAMES:
            found[name] = value
    return found


def _shown(page) -> list[str]:
    """Every accessible label or text on screen, in reading order."""
    return page.eval_on_selector_all(
        "[id^='flt-semantic-node']",
        """els => els.map(e => e.getAttribute('aria-label')
                 || (e.querySelector("[id^='flt-semantic-node']") ? '' : e.textContent)).filter(Boolean)""")


def _selected(page, identifier: str) -> bool:
    # Flutter's web engine tells a toggle that is on by aria-checked, a selected button by aria-current.
    return page.locator(f'[flt-semantics-identifier="{identifier}"]'
                        ':is([aria-checked="true"], [aria-current="true"])').count() > 0


def _tap(page, identifier: str) -> None:
    _wait_for(page, f'[flt-semantics-identifier="{identifier}"]')
    page.locator(f'[flt-semantics-identifier="{identifier}"]').first.click(timeout=20_000)


def _wait_for_text(page, text: str) -> None:
    _wait_until(page, repr(text), lambda shown: any(text in item for item in shown))


def _wait_for_label(page, label: str) -> None:
    # A tile's accessible name is its own label followed by the texts inside it, one a line.
    _wait_until(page, repr(label), lambda shown: label in [text.split("\n")[0] for text in shown])


def _wait_until(page, what: str, check, timeout: float = 20.0) -> None:
    """Poll the screen until `check(labels)` holds; on failure, say what the screen did show."""
    deadline = time.monotonic() + timeout
    while True:
        shown = _shown(page)
        if check(shown):
            return
        if time.monotonic() > deadline:
            _fail(page, what, shown)
        page.wait_for_timeout(100)


def _wait_for(page, selector: str) -> None:
    try:
        page.locator(selector).first.wait_for(timeout=20_000, state="attached")
    except Exception:
        _fail(page, selector, _shown(page))


def _fail(page, what: str, shown: list[str]) -> None:
    if _FAILURE_SHOT:
        page.screenshot(path=_FAILURE_SHOT[0])
    raise AssertionError(f"the screen never showed {what}; it shows: {shown[:80]}")


_FAILURE_SHOT: list[str] = []  # where a failed wait saves what the screen showed
