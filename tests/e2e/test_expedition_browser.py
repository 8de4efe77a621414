"""A Trek 12 Expedition in a real browser: two players on paper set off from the new-game screen, the three
Ascents tapped in (cards revealed from the real deck, a round's picks, typed scores, an envelope opened), the
stars and the winner, the Expedition saved to History, the Hall of Fame showing the new record over the
booklet's, and the history record on disk carrying the engine's stars."""

from __future__ import annotations

from datetime import date

import pytest

from companion.bench.browser import open_app, start_app, wait_http
from companion.games.expedition import session as engine
from companion.games.expedition.rules import State, standing
from companion.i18n import format_date
from companion.store import hall_of_fame
from companion.store import open_store
from companion.ui.expedition.parts import stars_words
from companion.ui.expedition.stars import stars_so_far, winner_words

pytestmark = pytest.mark.e2e

# Three Ascents as the players tap them in, and the same steps as the engine's action documents, so the
# screen's figures are checked against the engine's own (never against numbers worked out here).
_REVEALS = ({"rope": 2, "tent": 1, "compass": 1, "schnapps": 1}, {"tent": 2, "schnapps": 1, "compass": 1},
            {"rope": 1, "compass": 1, "schnapps": 1})
_SCORES = ({"Ann": 70, "Bob": 75}, {"Ann": 80, "Bob": 69}, {"Ann": 74, "Bob": 76})
_NOTE = "Every climber draws one more card"


# A chosen option: a toggle says it by aria-checked, a selected button by aria-current (Flutter's web engine).
_CHOSEN = ':is([aria-checked="true"], [aria-current="true"])'


def _actions(day: str) -> list[dict]:
    """The Expedition's action documents as the screen writes them for the taps below."""
    cards = [[kind for kind in ("compass", "rope", "tent", "schnapps") for _ in range(counts.get(kind, 0))]
             for counts in _REVEALS]
    return [
        {"type": "reveal", "cards": cards[0]},
        {"type": "pick", "picks": [{"player": "Ann", "card": "rope"}]},
        # Ann cashes her Rope (+3); both sheets met envelope 1's challenge, so the higher total opens it.
        {"type": "score", "scores": _SCORES[0], "date": day, "cash": {"Ann": ["rope"]},
         "challenges": {"Ann": [1], "Bob": [1]}},
        {"type": "open", "note": _NOTE},
        {"type": "reveal", "cards": cards[1]},
        {"type": "score", "scores": _SCORES[1], "date": day},
        {"type": "reveal", "cards": cards[2]},
        {"type": "score", "scores": _SCORES[2], "date": day},
    ]


def test_an_expedition_on_paper_tapped_through_to_history_and_the_hall_of_fame(playwright, tmp_path):
    data_dir = tmp_path / "data"
    store = open_store(data_dir)
    try:
        ann, bob = store.players.add("Ann"), store.players.add("Bob")
        # The booklet's Hall of Fame already holds Dunai 68: the Expedition must beat it and strike it out.
        hall_of_fame.add_record(store, "dunai", ["Dora"], 68, "2024-05-01")
    finally:
        store.close()

    _FAILURE_SHOT[:] = [str(tmp_path / "failure.png")]
    with start_app(data_dir, log=tmp_path / "app.log") as (url, proc):
        wait_http(url, proc)
        with open_app(playwright, url) as page:
            _tap(page, "home-game-expedition")
            # Seats clockwise, both sheets on paper, the cards turned over from the real deck.
            for player in (ann, bob):
                _tap(page, f"exp-new-seat-{player.id}")
                _wait_for(page, _id(f"exp-new-paper-{player.id}"))
            for player in (ann, bob):
                _tap(page, f"exp-new-paper-{player.id}")
                _wait_for(page, _id(f"exp-new-paper-{player.id}") + _CHOSEN)
            _tap(page, "exp-new-start")
            _wait_text(page, "Ascent 1 starts: 5 Assist cards go into play")
            session_id = page.url.rstrip("/").rsplit("/", 1)[1]
            assert f"/play/expedition/{session_id}" in page.url

            # Ascent 1, Dunai: the reveal, Ann's pick, the scores with a card cashed and a challenge met.
            _reveal(page, 1, _REVEALS[0])
            _tap(page, "exp-pick-open")
            _tap(page, "exp-pick-0")
            _wait_for(page, _id("exp-pick-0-rope"))
            _tap(page, "exp-pick-0-rope")
            _wait_for(page, _id("exp-pick-0-rope") + _CHOSEN)
            _tap(page, "exp-pick-submit")
            _wait_text(page, "Ann took the Rope. Ann stays Lead Climber.")
            _wait_for(page, _id("exp-hand-0-0"))
            page.wait_for_timeout(1000)  # the accessibility tree updates before the canvas repaints
            page.screenshot(path=str(tmp_path / "expedition-mid-game.png"))

            _open_score(page, 1)
            _type_points(page, _SCORES[0])
            _tap(page, "exp-cash-0-0")
            _wait_for(page, _id("exp-cash-0-0") + _CHOSEN)
            for seat in (0, 1):
                _tap(page, f"exp-met-{seat}-1")
                _wait_for(page, _id(f"exp-met-{seat}-1") + _CHOSEN)
            _tap(page, "exp-score-submit")
            _wait_text(page, "Envelope 1 opens")
            _type(page, "exp-envelope-note", _NOTE)
            _tap(page, "exp-envelope-open")

            # Ascents 2 and 3: the reveal and the typed scores.
            for number in (2, 3):
                _reveal(page, number, _REVEALS[number - 1])
                _open_score(page, number)
                _type_points(page, _SCORES[number - 1])
                _tap(page, "exp-score-submit")
                _wait_text(page, f"Ascent {number} scored.")

            # The end: the engine's stars for each player (spoken in words), the winner, then History.
            day = date.today().isoformat()  # the app dates each Ascent's scoring by the same clock
            expected = _engine_expedition(day, ann.id, bob.id)
            won = winner_words(expected)
            _wait_text(page, won)
            for stars in stars_so_far(expected):
                _wait_text(page, stars_words(stars))  # the stars drawn, as a screen reader says them
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "expedition-final.png"))
            _tap(page, "exp-finish")
            _wait_for(page, _id("exp-final-hall"))
            _wait_text(page, won)
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "expedition-saved.png"), full_page=True)

            # The Hall of Fame: Bob's 75 stands on Dunai over the booklet's 68, now struck out.
            _tap(page, "exp-final-hall")
            _wait_text(page, "Challenge envelopes")
            # Read aloud with the day in words, as it is shown ("1 May 2024", not "2024-05-01").
            today = format_date(date.fromisoformat(day))
            _wait_text(page, f"{format_date(date(2024, 5, 1))}, Dora, 68, struck out")
            _wait_text(page, f"{today}, Bob, 75, the standing record")
            _wait_text(page, f"{today}, Ann, 80, the standing record")
            _wait_text(page, f"“{_NOTE}”")
            page.wait_for_timeout(1000)
            page.screenshot(path=str(tmp_path / "hall-of-fame.png"), full_page=True)

    for name in ("expedition-mid-game", "expedition-final", "expedition-saved", "hall-of-fame"):
        assert (tmp_path / f"{name}.png").stat().st_size > 10_000
    store = open_store(data_dir)  # the app has stopped: the finished Expedition is in History on disk
    try:
        record = store.history.get(session_id)
        assert record is not None and store.sessions.get(session_id) is None
        # The new-game screen set off with both sheets on paper and the booklet's record; every tap made the
        # engine's action; the record holds the engine's stars as scores, its winner and its breakdown.
        assert engine.start(record["session"]["setup"]).setup == expected.setup
        assert record["session"]["actions"] == _actions(day)
        summary = engine.summary(expected)
        assert (record["game"], record["title"]) == (summary["game"], summary["title"])
        assert record["players"] == summary["players"]
        assert [p["score"] for p in record["players"]] == [s.stars for s in standing(expected)]
        assert record["detail"] == summary["detail"]
        assert [line.entry.score for line in hall_of_fame.hall(store).column("dunai").lines] == [68, 75]
    finally:
        store.close()


def _engine_expedition(day: str, ann_id: str, bob_id: str) -> State:
    """The engine's Expedition for the steps tapped in: two roster players on paper, Ann leading, the booklet's
    Dunai record standing, cards from the real deck; then the action documents."""
    state = engine.start({"players": [{"id": ann_id, "name": "Ann", "paper": True},
                                      {"id": bob_id, "name": "Bob", "paper": True}],
                          "records": {"dunai": {"score": 68, "names": ["Dora"], "date": "2024-05-01"}},
                          "cards": "typed"})
    for action in _actions(day):
        state = engine.apply(state, action)
    return state


def _reveal(page, number: int, counts: dict[str, int]) -> None:
    """Tap in the cards turned over from the deck, kind by kind, and put them into play."""
    _wait_text(page, f"Ascent {number} starts")
    need, tapped = sum(counts.values()), 0
    for card, n in counts.items():
        for _ in range(n):
            _tap(page, f"exp-reveal-{card}-plus")
            tapped += 1
            _wait_text(page, f"{tapped} of {need} tapped in")
    _tap(page, "exp-reveal")
    _wait_text(page, f"Revealed for Ascent {number}: ")


def _open_score(page, number: int) -> None:
    _tap(page, "exp-score-open")
    _wait_text(page, f"Score Ascent {number} · ")
    _wait_for(page, _id("exp-score-1-points"))


def _type_points(page, scores: dict[str, int]) -> None:
    for seat, name in enumerate(("Ann", "Bob")):
        _type(page, f"exp-score-{seat}-points", str(scores[name]))


def _type(page, identifier: str, text: str) -> None:
    """Type into a text field: tap it, wait until Flutter edits it, type, and wait for the text to be there."""
    _into_view(page, identifier)
    _tap(page, identifier)
    field = page.locator(f"{_id(identifier)} input, {_id(identifier)} textarea").first.element_handle()
    # Flutter takes the focused element over for editing (setting its typing attributes, autocorrect among
    # them) a frame or more after the tap; keys typed before then, or faster than a loaded machine draws, can
    # be overwritten by the text it starts from. The server never sends a field's text back while it is typed.
    _wait_js(page, "f => f === document.activeElement && f.getAttribute('autocorrect') === 'on'",
             f"editing element focused after tapping {identifier}", field)
    page.wait_for_timeout(300)
    page.keyboard.type(text, delay=60)  # a quick thumb, not a paste
    _wait_js(page, f"f => f.value === {text!r}", f"{text!r} typed into {identifier}", field)
    page.wait_for_timeout(300)  # the text reaches the server as change events; let them land


def _into_view(page, identifier: str) -> None:
    """Scroll the screen with the mouse wheel, as a thumb would, until the control is inside the window: a tap
    on a field below the window's edge does not reach it (the scoring form is taller than a phone)."""
    _wait_for(page, _id(identifier))
    locator = page.locator(_id(identifier)).first
    page.mouse.move(195, 420)
    for _ in range(12):
        box = locator.bounding_box()
        if box is not None and box["y"] >= 60 and box["y"] + box["height"] <= page.viewport_size["height"] - 90:
            return
        page.mouse.wheel(0, 250 if box is None or box["y"] > 60 else -250)
        page.wait_for_timeout(250)


def _wait_js(page, condition: str, what: str, arg=None) -> None:
    try:
        page.wait_for_function(condition, arg=arg, timeout=20_000)
    except Exception:
        focused = page.evaluate("() => { const e = document.activeElement;"
                                " return e ? e.outerHTML.slice(0, 300) + ' value=' + e.value : 'nothing'; }")
        _fail(page, f"no {what}; focused: {focused}")


def _id(identifier: str) -> str:
    return f'[flt-semantics-identifier="{identifier}"]'


def _tap(page, identifier: str) -> None:
    _wait_for(page, _id(identifier))
    page.locator(_id(identifier)).first.click(timeout=20_000)


def _wait_text(page, text: str) -> None:
    _wait_for(page, f'flt-semantics:has-text("{text}"), [aria-label*="{text}"]')


def _wait_for(page, selector: str) -> None:
    """Wait for an element; on failure, say what the screen did show."""
    try:
        page.locator(selector).first.wait_for(timeout=20_000, state="attached")
    except Exception:
        _fail(page, f"nothing matches {selector!r}")


def _fail(page, why: str) -> None:
    """Fail naming what the screen showed (identifiers, labels and texts), with a screenshot."""
    shown = page.eval_on_selector_all("flt-semantics", """els => els.map(e => [
        e.getAttribute('flt-semantics-identifier'), e.getAttribute('aria-label'),
        e.getAttribute('aria-current') === 'true' || e.getAttribute('aria-checked') === 'true' ? 'selected' : '',
        [...e.childNodes].filter(n => n.nodeType !== 1 || !n.tagName.startsWith('FLT-SEMANTICS'))
            .map(n => n.textContent).join(' ')].filter(Boolean).join(' | ')).filter(Boolean)""")
    if _FAILURE_SHOT:
        page.screenshot(path=_FAILURE_SHOT[0])
    raise AssertionError(f"{why}; shown: {shown[:80]}") from None


_FAILURE_SHOT: list[str] = []  # where `_wait_for` saves what the screen showed when it gives up
