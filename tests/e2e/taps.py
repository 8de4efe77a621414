"""Tapping and waiting in the browser tests: controls are found by their semantics identifier (`labelled`).

Flutter leaves controls far outside the window out of the page, so `tap` scrolls the screen with the mouse
wheel, as a thumb would, until the control is there. When a wait gives up, the message lists what the
screen did show, and a screenshot is saved where `failure_shot` says.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["failure_shot", "focused", "points", "tab_to", "tap", "wait_for", "wait_for_text", "wait_for_gone"]


def points(total: int) -> str:
    """A sheet's points as its tab says them to a screen reader: "−3 points", "1 point" (a true minus sign)."""
    from companion.games.words import number

    return f"{number(total)} point" if abs(total) == 1 else f"{number(total)} points"

_SHOT: list[str] = []

_FOCUSED = ("() => { const e = document.activeElement; return e && [e.getAttribute('flt-semantics-identifier'), "
            "e.getAttribute('aria-label') || e.textContent]; }")


def focused(page: Any) -> tuple[str | None, str | None]:
    """The control the keyboard's focus is on: (its identifier, its accessible name), (None, None) for none."""
    found = page.evaluate(_FOCUSED)
    return (found[0], found[1]) if found else (None, None)


def tab_to(page: Any, *, words: str | None = None, identifier: str | None = None, presses: int = 150) -> None:
    """Press Tab, as a keyboard user gets there, until the focus is on the control with these `words` (its
    accessible name) or this `identifier`; fails after `presses`."""
    now = focused(page)
    for _ in range(presses):
        before = now
        page.keyboard.press("Tab")
        # Read once the focus has moved: on a busy machine it moves later than a fixed pause, and a check made
        # too soon read the control before, so the Tab after it went past the one looked for.
        for _ in range(50):
            page.wait_for_timeout(40)
            now = focused(page)
            if now != before:
                break
        if (words is None or now[1] == words) and (identifier is None or now[0] == identifier):
            return
    raise AssertionError(f"Tab never reached {words or identifier!r}; the focus is on {focused(page)!r}")



def failure_shot(path: Any) -> None:
    """Where a failed wait saves what the screen showed."""
    _SHOT[:] = [str(path)]


def tap(page: Any, identifier: str) -> None:
    """Tap a control, scrolling to it when it is out of sight."""
    locator = page.locator(f'[flt-semantics-identifier="{identifier}"]').first
    if locator.count() == 0:
        page.mouse.move(195, 420)
        for step in [-500] * 8 + [500] * 16:
            page.mouse.wheel(0, step)
            page.wait_for_timeout(150)
            if locator.count():
                break
    if locator.count() == 0:
        wait_for(page, f'[flt-semantics-identifier="{identifier}"]')
    locator.click(timeout=20_000)


def wait_for_text(page: Any, text: str) -> None:
    """Wait until some text on the screen contains `text`."""
    wait_for(page, f"flt-semantics:has-text({json.dumps(text)})")


def wait_for_gone(page: Any, selector: str) -> None:
    """Wait until nothing matches `selector` (a form closed)."""
    page.locator(selector).first.wait_for(timeout=20_000, state="detached")


def wait_for(page: Any, selector: str) -> None:
    """Wait for an element; on failure, say what the screen did show."""
    try:
        page.locator(selector).first.wait_for(timeout=20_000, state="attached")
    except Exception:
        shown = page.eval_on_selector_all(
            "flt-semantics", "els => els.map(e => e.getAttribute('aria-label') || e.textContent).filter(Boolean)")
        if _SHOT:
            page.screenshot(path=_SHOT[0])
        raise AssertionError(f"nothing matches {selector!r}; labels: {shown[:60]}") from None
