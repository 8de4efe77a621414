"""The app as it starts inside a browser page, with Python itself running there (Pyodide).

The static build (`companion build web`) runs this instead of the command line: no server, no threads,
no per-user folder. The saved data lives in the browser's IndexedDB (see `companion.browser.storage`),
mounted before the store opens, and every save is copied there as soon as it is made. Which tab owns the
data is settled in the page before Python starts (`client/companion.js` holds a Web Lock), so only one
tab at a time ever opens the store. Everything else (the engines, the store, the screens) is the code a
desktop runs.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.i18n import device_language, tr, use_language
from companion.i18n.message import Message, msg, reason_of

__all__ = ["DATA_PATH", "LANGUAGE_CHANNEL", "run", "main", "language_teller"]

# The BroadcastChannel on which the app tells the page script the language chosen in Settings.
LANGUAGE_CHANNEL = "climbing-companion"
# Where the data folder is mounted in Emscripten's file system (persisted to IndexedDB under this name).
DATA_PATH = "/companion-data"
_STORAGE_ANSWER_SECONDS = 2.0     # how long the start waits for the browser to say whether it keeps the data


def run() -> None:
    """Start the app in the page (the build's entry module calls this)."""
    ft.run(main)


async def main(page: ft.Page) -> None:
    """Open the data kept in this browser, then hand the page to the same screens as everywhere else."""
    from companion.browser.storage import open_browser_store  # noqa: PLC0415 - only inside a browser
    from companion.main import failure_page, print_notices  # noqa: PLC0415
    from companion.ui.shell.app import build_main  # noqa: PLC0415

    fs = _emscripten_fs()
    try:
        store, folder = await open_browser_store(fs, DATA_PATH)
    except CompanionError as exc:
        # No settings can be read: said in the device's language.
        failure_page(await _said_to_device(page, msg("The saved data in this browser cannot be opened: {reason}",
                                                     reason=reason_of(exc))))(page)
        tell_shown()        # the page's start-up cover goes: this page tells no language to take it away
        return
    folder.on_busy = saving_teller()
    build_main(print_notices(store), device="browser", storage_kept=await _kept_by_browser(),
               secure_page=_secure_page(), language_told=language_teller())(page)


async def _said_to_device(page: ft.Page, words: Message) -> str:
    """`words` in the device's language (English when the device does not say which)."""
    with use_language(await device_language(page) or "en"):
        return str(tr(words))


def _secure_page() -> bool | None:
    """Whether the page is a secure context (https, or localhost); None when the browser cannot say. Served over
    plain http at a network address, a browser gives it no service worker (no copy for use offline) and no Web
    Locks (`client/companion.js` cannot keep a second tab from opening the data)."""
    try:
        import js  # noqa: PLC0415 - exists only inside Pyodide

        secure = getattr(js, "isSecureContext", None)       # the worker's own, as its page's
        return None if secure is None else bool(secure)
    except Exception:  # noqa: BLE001 - a browser that cannot say is only "cannot say"
        return None


async def _kept_by_browser() -> bool | None:
    """Whether the browser has promised to keep this site's data (asked for by the page script as it loads,
    `client/companion.js`); None when it cannot say. Python runs in a web worker, where a browser answers
    `persisted()` but asking (`persist()`) is left to the page."""
    try:
        import js  # noqa: PLC0415 - exists only inside Pyodide

        storage = getattr(js.navigator, "storage", None)
        if storage is None or not hasattr(storage, "persisted"):
            return None

        async def ask() -> bool:
            return bool(await storage.persisted())

        # An answer that never comes must not hold the app back: after a moment it is "cannot say".
        return await asyncio.wait_for(ask(), _STORAGE_ANSWER_SECONDS)
    except Exception:  # noqa: BLE001 - any browser's refusal to say (or a late answer) is only "cannot say"
        return None


def language_teller(channel: Any = None) -> Callable[[str], None] | None:
    """What tells the page the language chosen in Settings (a code, or "system"): the page's own notices
    (`client/companion.js`: a tab waiting for another, a new build) are made before Python starts, in a tab
    where it may never start, and would otherwise follow only the browser's language. Python runs in a web
    worker, which has no localStorage: it says the language on a BroadcastChannel every tab's page hears.
    `channel` is the channel to post on (tests pass a stand-in); None makes the page's own, or, outside a
    browser, returns None."""
    channel = channel if channel is not None else _page_channel()
    if channel is None:
        return None         # no such channel in this browser: the notices follow the browser

    def tell(setting: str) -> None:
        try:
            channel.postMessage(json.dumps({"language": setting}))
        except Exception:  # noqa: BLE001 - a closed channel only leaves the notices in the browser's language
            pass

    return tell


def saving_teller(channel: Any = None) -> Callable[[bool], None] | None:
    """What tells the page script whether a save is still being copied into the browser's storage, so that it
    asks before the page is reloaded or closed meanwhile (`client/companion.js`). `channel` as in
    `language_teller`; outside a browser, None."""
    channel = channel if channel is not None else _page_channel()
    if channel is None:
        return None         # no such channel: the page cannot ask, as before

    def tell(busy: bool) -> None:
        try:
            channel.postMessage(json.dumps({"saving": bool(busy)}))
        except Exception:  # noqa: BLE001 - a closed channel only leaves the page not asking
            pass

    return tell


def tell_shown(channel: Any = None) -> None:
    """Tell the page script a screen is drawn that tells it no language (the page saying the data cannot be
    opened), so that its start-up cover (`client/companion.js`) makes way for it at once. `channel` as in
    `language_teller`; outside a browser, nothing."""
    channel = channel if channel is not None else _page_channel()
    if channel is None:
        return              # no such channel: the page shows no cover either
    try:
        channel.postMessage(json.dumps({"shown": True}))
    except Exception:  # noqa: BLE001 - a closed channel: the cover goes by itself a little later
        pass


def _page_channel() -> Any:
    """The channel to the page script (`LANGUAGE_CHANNEL`), or None outside a browser or in one without it."""
    try:
        import js  # noqa: PLC0415 - exists only inside Pyodide

        return js.BroadcastChannel.new(LANGUAGE_CHANNEL)
    except Exception:  # noqa: BLE001 - not in a browser, or no BroadcastChannel in this one
        return None


def _emscripten_fs():
    import pyodide_js  # noqa: PLC0415 - exists only inside Pyodide

    return pyodide_js.FS

