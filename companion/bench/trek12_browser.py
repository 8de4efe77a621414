"""A Trek 12 Ascent played in a real browser by tapping, as a player would: shared by the browser tests and
the benchmark of the static build (`companion bench static_web`).

The screens are found by their accessibility identifiers (`enable_semantics` first). Turns are chosen with
the engine among the legal ones whose links the rules force, so every circle tap writes a move and the
screen never has to ask which line to join.
"""

from __future__ import annotations

import random
import re
import time

from companion.bench.browser import named, tap, wait_for
from companion.games.trek12 import session as engine
from companion.games.trek12.rules import Op, Roll, legal_actions
from companion.games.trek12.scoring import score

__all__ = ["STEP_MS", "by_id", "wait", "type_into", "add_player", "start_ascent_against_max", "forced_turns",
           "tap_turn", "circle_selector", "round_selector", "sheet_texts"]

STEP_MS = 20_000


def by_id(identifier: str) -> str:
    """The selector of the control with this `ft.Semantics` identifier (or `labelled` key)."""
    return f'[flt-semantics-identifier="{identifier}"]'


def wait(page, selector: str, timeout: float = STEP_MS) -> None:
    """Wait for an element (saying what the screen shows instead, on failure)."""
    wait_for(page, selector, timeout)


def type_into(page, identifier: str, text: str) -> None:
    """Tap a text field, wait for Flutter's editing element, type, and let the change events reach Python."""
    tap(page, identifier, STEP_MS)
    page.wait_for_selector("input, textarea", state="attached", timeout=STEP_MS)
    page.wait_for_timeout(300)             # keys sent before Flutter's editing element takes over are lost
    page.keyboard.type(text, delay=40)
    page.wait_for_function(f"() => [...document.querySelectorAll('input, textarea')].some(e => e.value === {text!r})",
                           timeout=STEP_MS)
    page.wait_for_timeout(500)


def add_player(page, name: str) -> None:
    """From the home screen: Players, type the name, add, back home."""
    tap(page, "home-players", STEP_MS)
    type_into(page, "player-name", name)
    tap(page, "player-add", STEP_MS)
    wait(page, named(f"Rename {name}"))
    page.get_by_role("button", name="Back").first.click(timeout=STEP_MS)


def start_ascent_against_max(page, sheet: str) -> tuple[str, str]:
    """From the home screen with one player on the roster: a new Ascent on `sheet`, that player alone
    against Max. Returns (player id, session id) once round 1 is on screen."""
    tap(page, "home-game-trek12", STEP_MS)
    tap(page, f"t12-new-sheet-{sheet}", STEP_MS)
    seats = '[flt-semantics-identifier^="t12-new-seat-"]'
    wait(page, seats)
    seat = page.locator(seats)
    if seat.count() != 1:
        raise AssertionError(f"expected one player to seat, found {seat.count()}")
    player_id = seat.first.get_attribute("flt-semantics-identifier").removeprefix("t12-new-seat-")
    seat.first.click(timeout=STEP_MS)
    tap(page, "t12-new-solo", STEP_MS)
    tap(page, "t12-new-start", STEP_MS)
    wait(page, round_selector(1))
    found = re.search(r"/play/trek12/([^/?#]+)$", page.url)
    if not found:
        raise AssertionError(f"the Ascent did not open at its own address: {page.url}")
    return player_id, found.group(1)


def forced_turns(table, rounds: int, seed: int) -> list[dict]:
    """`rounds` legal turns for dice of our own choosing, each with its links forced by the rules, writing a
    number (no skull) where it scores best, so that the sheet shows what was played."""
    rng = random.Random(seed)
    turns: list[dict] = []
    while len(turns) < rounds:
        roll = Roll.of(rng.randint(1, 6), rng.randint(0, 5))
        plain = [a.to_dict() for a in legal_actions(table.states[0], roll) if a.links is None and a.max_links is None]
        numbers = [(turn, after) for turn in plain
                   if (after := engine.apply(table, turn)).states[0].board.cell(turn["circle"]) != "skull"]
        if not numbers:
            continue
        best = max(score(after.states[0]).total for _, after in numbers)
        turn, table = rng.choice([(t, a) for t, a in numbers if score(a.states[0]).total == best])
        turns.append(turn)
    return turns


def tap_turn(page, turn: dict, after, *, resumed: bool = False) -> float:
    """Tap one turn in, waiting for the screen to answer each tap as a player looks before the next; returns
    the seconds from the circle's tap to the sheet showing the number written there. `resumed`: the sheet
    was just opened again, and what of this turn was kept half entered (the dice, the option) is not tapped
    again."""
    red, yellow = turn["dice"]
    kept_option = resumed and page.locator(turn_entered(turn)).count() > 0
    kept_dice = kept_option or (resumed and page.locator(by_id(f"t12-red-{red}")).count() == 0)
    if not kept_dice:
        tap(page, f"t12-red-{red}", STEP_MS)
        tap(page, f"t12-yellow-{yellow}", STEP_MS)
    if not kept_option:
        wait(page, 'flt-semantics:has-text("Choose how to use the dice.")')
        tap(page, f"t12-op-{turn['op']}", STEP_MS)
    wait(page, turn_entered(turn))
    circle = page.locator(by_id(f"t12-circle-{turn['circle']}")).first
    circle.wait_for(timeout=STEP_MS, state="attached")
    cell = after.states[0].board.cell(turn["circle"])
    began = time.perf_counter()
    circle.click(timeout=STEP_MS)
    if cell == "skull":
        tap(page, "t12-skull-confirm", STEP_MS)
    wait(page, circle_selector(turn["circle"], cell))
    return time.perf_counter() - began


def turn_entered(turn: dict) -> str:
    """The status line once a turn's dice and option are in: it asks for the circle of the number they make."""
    red, yellow = turn["dice"]
    value = Roll.of(red, yellow).value(Op.parse(turn["op"]))
    return f'flt-semantics:has-text("to write {value}.")'


def circle_selector(circle: int, cell) -> str:
    """A circle showing exactly `cell` ("Circle 1: 1" must not match 12)."""
    exact = f"Circle {circle}: {'empty' if cell is None else cell}"
    return named(exact, f"t12-circle-{circle}", then_comma=True)


def round_selector(number: int, of: int = 19) -> str:
    """The round shown in the sheet's header (not home's Resume card, which says it too)."""
    return f'[flt-semantics-identifier="t12-round"]:has-text("Round {number} of {of}")'


def sheet_texts(page) -> dict[str, str]:
    """What the sheet says: every circle's label, both score tabs and the round."""
    page.wait_for_timeout(500)             # let a repaint in progress settle before reading
    texts = page.eval_on_selector_all(
        '[flt-semantics-identifier^="t12-circle-"], [flt-semantics-identifier^="t12-tab-"]',
        "els => els.map(e => [e.getAttribute('flt-semantics-identifier'),"
        " e.getAttribute('aria-label') || e.textContent])")
    rounds = page.eval_on_selector_all(
        "flt-semantics", "els => els.flatMap(e => (e.getAttribute('aria-label') || e.textContent || '')"
        ".match(/Round \\d+ of \\d+/g) || [])")
    return dict(texts) | {"round": sorted(set(rounds))}
