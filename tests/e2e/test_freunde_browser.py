"""A solo Freunde climb in a real browser: set up from home (the player, the first weather tile), two whole
turns tapped in (cards, the risk token, each climber's cards and move on the board, the acclimatization
check), the second ending the game when a climber dies, and the result saved to History on disk."""

from __future__ import annotations

import json

import pytest

from companion.bench.browser import named, open_app, start_app, wait_for, wait_http
from companion.games.freunde import rules
from companion.games.freunde import session as engine
from companion.games.freunde.data import CardKind, parse_card
from companion.games.freunde.scoring import score
from companion.store import open_store
from companion.ui.freunde.board import space_name
from companion.sessions import SessionKeeper
from companion.ui.freunde.parts import cards_words, check_sentence
from taps import focused, tab_to

pytestmark = pytest.mark.e2e

# The first weather tile as the new-game screen lays it out from the summer preset "summer-1".
_TILE_1 = [{"label": "cloud", "accl": 1, "move": 0, "zones": [6000, 7000, 8000]},
           {"label": "cloud", "accl": 1, "move": 0, "zones": [7000, 8000]},
           {"label": "cloud", "accl": 1, "move": 0, "zones": [8000]}]

# Each turn as a player taps it: the three cards, the risk token, then per climber the cards it is given,
# where it goes (None: it stays) and the risk points it takes off its acclimatization.
_TURNS = [
    {"cards": ["M3", "M2", "A2"], "risk": 1,
     "climbers": [("A", ["M3", "M2"], "S7", 0), ("B", ["A2"], None, 1)]},
    {"cards": ["M3", "M2", "A0"], "risk": 2,
     "climbers": [("A", ["M3", "M2"], "S14", 2), ("B", ["A0"], None, 0)]},
]


def test_a_solo_climb_set_up_and_tapped_in_the_browser_is_saved_to_history(playwright, tmp_path):
    data_dir = tmp_path / "data"
    store = open_store(data_dir)
    try:
        sol = store.players.add("Sol")
    finally:
        store.close()
    setup = {"players": [{"id": sol.id, "name": "Sol"}], "board": "summer", "weather_season": "summer",
             "start_player": 0, "extra_high_climber": False, "weather": _TILE_1}
    state = engine.start(engine.stamped(setup))  # the game as the app sets it up, kept in step with every tap

    _FAILURE_SHOT[:] = [str(tmp_path / "failure.png")]
    with start_app(data_dir, log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, url) as page:
            # New game: from home, Sol alone (the solo game), the first tile laid out from its preset.
            _tap(page, "home-game-freunde")
            _tap(page, f"fr-new-seat-{sol.id}")
            _wait_for(page, _text("Solo game"))
            _tap(page, "fr-new-tile-1-summer-1")
            _wait_for(page, _text("−1 acclimatization, read as from about 6000 m?"))
            _tap(page, "fr-new-start")
            _wait_for(page, _text("Turn 1 of 18"))
            _wait_for(page, _text("Pick three of your six cards"))

            for number, turn in enumerate(_TURNS, 1):
                state = _tap_turn(page, state, turn, shot=tmp_path / "mid-game.png" if number == 2 else None)
                if not state.over:
                    _wait_for(page, _text(f"Turn {number + 1} of 18"))
                    _wait_for(page, _text(f"Turn {number} checked. Nobody died this turn."))
                    for check in state.log[-1].checks:
                        _wait_for(page, _text(check_sentence(check)))

            # Climber A took both risk points off its marker and stopped on a 0 space: it dies, which ends
            # a solo game at once; the end shows the engine's solo rank.
            assert state.over and state.ended_early
            breakdown = score(state)
            total, rank = breakdown.players[0].total, breakdown.solo_rank
            _wait_for(page, _text("Turn 2 checked. Sol's climber A died."))
            _wait_for(page, _text(f"{rank.name} · {total} points"))
            dead = next(c for c in state.players[0].climbers if not c.alive)
            where = space_name(state.board, dead.died_space)
            _wait_for(page, _text(f"Sol's climber {dead.label} died on {where} on turn 2, which ends a solo game at "
                                  "once."))
            # Done was tapped below the board; the end and its Save button are what the screen shows next.
            _wait_for(page, '[flt-semantics-identifier="fr-finish"]')
            _settle(page)
            box = page.locator('[flt-semantics-identifier="fr-finish"]').first.bounding_box()
            assert box is not None and 56 <= box["y"] and box["y"] + box["height"] <= 844 - 80
            page.screenshot(path=str(tmp_path / "game-over.png"))

            # The Check tab has the check that killed it, in the engine's words, before anything is saved.
            page.get_by_role("tab", name="Check").click()
            _wait_for(page, _text("Sol A on S14 (6000-7000 m)"))
            for record in state.log:
                for check in record.checks:
                    _wait_for(page, _text(check_sentence(check)))
            _settle(page)
            page.screenshot(path=str(tmp_path / "checks.png"))
            page.get_by_role("tab", name="Turn").click()
            _tap(page, "fr-finish")
            _wait_for(page, '[flt-semantics-identifier="fr-final-history"]')
            _wait_for(page, _text("Sol's climber A died on turn 2 on S14."))
            _settle(page)
            page.screenshot(path=str(tmp_path / "saved.png"))

    for name in ("mid-game.png", "game-over.png", "checks.png", "saved.png"):
        assert (tmp_path / name).stat().st_size > 0
    store = open_store(data_dir)  # the app has stopped: the finished climb is in History on disk
    try:
        [record] = [r for r in store.history.list() if r["game"] == "freunde"]
        assert store.sessions.get(record["id"]) is None
        expected = engine.summary(state)
        assert record["players"] == [{"id": sol.id, "name": "Sol", "score": total, "winner": False}]
        assert record["detail"] == json.loads(json.dumps(expected["detail"]))
        assert record["detail"]["solo_rank"]["id"] == rank.id
        # The actions saved are the game tapped in: replayed, they give the engine's final state.
        saved = record["session"]
        assert saved["setup"]["weather"] == _TILE_1
        replayed = engine.start(saved["setup"])
        for action in saved["actions"]:
            replayed = engine.apply(replayed, action)
        assert replayed == state
    finally:
        store.close()


def _tap_turn(page, state, turn: dict, shot=None):
    """Tap one whole turn in and return the engine's state after it; `shot` saves the board mid-turn."""
    # Cards: the solo player's three, from the cards not yet played.
    for slot, code in enumerate(turn["cards"]):
        _tap(page, f"fr-card-{code}")
        _wait_for(page, f'[flt-semantics-identifier="fr-tray-{slot}"]')   # in the tray before the next tap
    _wait_for(page, _text("Play Sol's cards"))
    _tap(page, "fr-play")
    state = engine.apply(state, {"type": "play", "player": "Sol", "cards": turn["cards"]})

    # Risk: alone, Sol takes a token every turn.
    _wait_for(page, _text("Solo: you take a risk token every turn"))
    _tap(page, f"fr-risk-{turn['risk']}")
    _wait_for(page, _text(f"Sol takes the {turn['risk']}"))
    _tap(page, "fr-risk-take")
    state = engine.apply(state, {"type": "risk", "value": turn["risk"]})
    _wait_for(page, _text(f"Sol took a risk token of {turn['risk']}"))

    # Each climber: tap it, give it its cards, tap where it goes on the board, take risk points, confirm.
    for label, cards, target, risk_accl in turn["climbers"]:
        _tap(page, f"fr-climber-{label}")
        _wait_for(page, '[flt-semantics-identifier="fr-move-cancel"]')
        left = [c.code for c in rules.cards_left_to_give(state, 0)]
        others = [c for c in state.players[0].climbers if c.label != label and c.label not in
                  state.players[0].turn.acted]
        if others:    # with no other climber left to act, every card left is preselected for this one
            taken: list[int] = []
            for code in cards:
                index = next(i for i, c in enumerate(left) if c == code and i not in taken)
                taken.append(index)
                _tap(page, f"fr-give-{index}")
                points = rules.movement_points(rules.cards_from_doc(state, [left[i] for i in taken]))[0]
                _wait_for(page, _text(f"{points} movement point{'s' if points != 1 else ''}: "))
        else:
            assert sorted(left) == sorted(cards)
        given = rules.cards_from_doc(state, cards)
        path: list[str] = []
        cost = 0
        if target is not None:
            route = rules.destinations(state, 0, label, given)[target]
            path, cost = list(route.path), route.cost
            _wait_for(page, _node(f"fr-space-{target}", f"reachable for {cost}"))
            _tap_space(page, target)
            _wait_for(page, _node(f"fr-space-{target}", "chosen"))
        # Risk points off its marker, one tap each, each waited for in the bar under the thumb.
        climber = state.players[0].climber(label)
        points = sum(c.value for c in given if c.kind is CardKind.ACCLIMATIZATION)
        for taken_off in range(risk_accl + 1):
            if taken_off:
                _tap(page, "fr-risk-accl-plus")
            parts = [f"to {target} for {cost}"] if target else []
            if points or taken_off:
                after = climber.acclimatization + points - taken_off
                parts.append(f"acclimatization {climber.acclimatization} to {after}" + (
                    f" (at most {rules.MAX_ACCLIMATIZATION} after the check)" if after > rules.MAX_ACCLIMATIZATION else ""))
            _wait_for(page, _text(f"{label}: " + (", ".join(parts) or f"uses {cards_words(cards)}")))
        if shot is not None and target is not None:
            # The board from the summit down, the path to the chosen space drawn, the move in the bottom bar.
            _scroll_to_top_of_view(page, '[flt-semantics-identifier="fr-space-SUMMIT"]')
            _settle(page)
            page.screenshot(path=str(shot))
        _tap(page, "fr-give")
        state = engine.apply(state, {"type": "climber", "player": "Sol", "climber": label, "cards": cards,
                                     "path": path, "risk_accl": risk_accl})
        gained = sum(parse_card(c).value for c in cards if parse_card(c).kind is CardKind.ACCLIMATIZATION)
        said = (f"moved to {target}" if target else "acclimatized in place" if gained > (risk_accl or 0) else
                "stayed where it was")
        _wait_for(page, _text(f"Sol's climber {label} {said}."))

    # The check: the preview is the engine's arithmetic before it runs.
    for check in rules.check_preview(state):
        _wait_for(page, _text(check_sentence(check)))
    _wait_for(page, _text(f"End turn {state.turn}: acclimatization check"))
    _tap(page, "fr-done")
    return engine.apply(state, {"type": "done", "player": "Sol"})


def _tap(page, identifier: str) -> None:
    selector = f'[flt-semantics-identifier="{identifier}"]'
    _wait_for(page, selector)
    page.locator(selector).first.click()


def _scroll_to_top_of_view(page, selector: str) -> None:
    """Scroll the screen with the mouse wheel, as a player would, until `selector` is just below the app bar."""
    page.mouse.move(200, 400)
    for _ in range(20):
        box = page.locator(selector).first.bounding_box()
        if box is not None and 56 <= box["y"] <= 120:
            return
        page.mouse.wheel(0, (box["y"] - 90) if box is not None else 300)
        page.wait_for_timeout(150)
    raise AssertionError(f"scrolling never brought {selector!r} to the top of the screen")


def _settle(page) -> None:
    """Before a screenshot: the pointer off the controls (no hover tooltip), and a second for the canvas,
    which repaints after the accessibility tree has already changed."""
    page.mouse.move(2, 400)
    page.wait_for_timeout(1000)


def _tap_space(page, space: str) -> None:
    """Tap a space on the board drawing through its accessibility node.

    A board space is a 36 px node whose spoken label (zone, points, cost, stacking) is a long sentence; Flutter
    writes it into the node as invisible text that overflows downwards, so a pointer click at a space's centre
    lands on the label of the space above it. The node's own click is the tap a screen reader sends.
    """
    selector = f'[flt-semantics-identifier="fr-space-{space}"]'
    _wait_for(page, selector)
    page.locator(selector).first.dispatch_event("click")


def _text(words: str) -> str:
    """A semantics node whose text or label holds `words` (Flutter puts text in one or the other)."""
    quoted = json.dumps(words, ensure_ascii=False)
    return f'flt-semantics:has-text({quoted}), flt-semantics[aria-label*={quoted}]'


def _node(identifier: str, words: str) -> str:
    """The node with a test id whose text (a button's label is its text) holds `words`."""
    return f'[flt-semantics-identifier="{identifier}"]:has-text({json.dumps(words, ensure_ascii=False)})'


def _wait_for(page, selector: str) -> None:
    """Wait for an element; on failure, say what the screen did show."""
    try:
        page.locator(selector).first.wait_for(timeout=20_000, state="attached")
    except Exception:
        shown = page.eval_on_selector_all(
            "flt-semantics", "els => els.filter(e => !e.querySelector('flt-semantics'))"
                             ".map(e => e.getAttribute('aria-label') || e.textContent).filter(Boolean)")
        if _FAILURE_SHOT:
            page.screenshot(path=_FAILURE_SHOT[0])
        raise AssertionError(f"nothing matches {selector!r}; labels: {shown[:80]}") from None


_FAILURE_SHOT: list[str] = []  # where `_wait_for` saves what the screen showed when it gives up


def test_after_a_player_is_done_by_keyboard_the_next_players_done_is_not_in_focus(playwright, tmp_path):
    # Enter on "Ann is done" left the focus on the same button, now "Bob is done": a second Enter ended Bob's
    # actions without any of his cards given (and a third, the turn).

    store = open_store(tmp_path / "data")
    try:
        roster = [store.players.add(name) for name in ("Ann", "Bob", "Cat")]
        setup = {"players": [{"id": p.id, "name": p.name} for p in roster], "board": "summer",
                 "weather_season": "summer", "start_player": 0, "weather": [], "rules": "rulebook-2010"}
        keeper = SessionKeeper(store)
        session = keeper.start("freunde", setup, [p.id for p in roster], "Three")
        cloud = [{"label": "cloud", "accl": 1, "move": 0, "zones": zones}
                 for zones in ([6000, 7000, 8000], [7000, 8000], [8000])]
        for action in ({"type": "play", "player": "Ann", "cards": ["M2", "M2", "M2"]},
                       {"type": "play", "player": "Bob", "cards": ["M1", "M3", "M1"]},
                       {"type": "play", "player": "Cat", "cards": ["A1", "A1", "M3"]},
                       {"type": "risk", "value": 1}, {"type": "weather", "day": 1, "weather": cloud},
                       {"type": "climber", "player": "Ann", "climber": "A", "cards": ["M2"], "path": ["S1"],
                        "tent": False, "risk_move": 1, "risk_accl": 0}):
            keeper.act(session.id, action)
    finally:
        store.close()
    with start_app(tmp_path / "data", log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, f"{url}/play/freunde/{session.id}", width=1280, height=800) as page:
            wait_for(page, named("Ann is done"))
            tab_to(page, words="Ann is done")
            page.keyboard.press("Enter")
            wait_for(page, named("Bob is done"))
            page.wait_for_timeout(500)
            assert focused(page)[1] != "Bob is done"
