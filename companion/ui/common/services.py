"""What every screen can reach: the store, the session keeper, and a way to say the data changed.

One `Shell` exists per process (per open store). Every browser tab (web mode) renders its own component
tree over the same shell; `AppServices` is what one tab's screens get through `use_app()`.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.i18n import LANGUAGES, SYSTEM

__all__ = [
    "use_top_on_change",
    "focus_soon",
    "off_loop",
    "kept",
    "THREADS",
    "ThemeChoice", "Shell", "OwnChoices", "AppServices", "tab_language", "tab_theme", "AppContext", "use_app",
    "use_latest_state", "player_names", "seated_names",
    "STORE_TOPIC", "FieldText", "use_field_text", "use_page_size", "use_step", "Refused", "update_unless_refused",
]

# The pubsub topic on which a tab tells the other tabs that it wrote to the shared store.
STORE_TOPIC = "companion.store-changed"


class ThemeChoice(str, Enum):
    """The "theme" setting: follow the device, or force light or dark."""

    SYSTEM = "system"
    LIGHT = "light"
    DARK = "dark"

    @property
    def mode(self) -> ft.ThemeMode:
        """The Flet theme mode this choice applies."""
        return {
            ThemeChoice.SYSTEM: ft.ThemeMode.SYSTEM,
            ThemeChoice.LIGHT: ft.ThemeMode.LIGHT,
            ThemeChoice.DARK: ft.ThemeMode.DARK,
        }[self]

    @classmethod
    def from_setting(cls, value: Any) -> ThemeChoice:
        """The stored setting as a choice; anything unrecognised follows the system (the default)."""
        try:
            return cls(value)
        except ValueError:
            return cls.SYSTEM


@dataclass
class Shell:
    """Process-wide state shared by every tab: the open store, the keeper, the notices already dismissed."""

    store: Any
    keeper: Any
    dismissed_notices: set[str] = field(default_factory=set)
    # Decided by the process that serves the app, never by what a client says about itself (a browser
    # can claim anything in its page properties): True only for a desktop window, the one case where
    # the person at the screen is the owner of this computer's files.
    desktop: bool = False
    # The Wi-Fi (LAN) server's join details when the app is served to other devices, else None.
    lan: Any = None
    # Where the data lives when it is on the device in the player's hand rather than on a computer that
    # serves it: "browser" (the static build: Python runs in the page) or "phone" (a native package).
    device: str | None = None
    # In a browser that keeps the data ("browser"): whether it has promised to keep it even when space runs
    # low or the site goes unvisited (`navigator.storage.persisted()`); None when it cannot say.
    storage_kept: bool | None = None
    # In a browser that keeps the data: False where the page is not a secure context (plain http at a network
    # address, not localhost), where the browser keeps no copy for use offline and cannot keep two tabs from
    # saving over each other (no service worker, no Web Locks); None when it cannot say.
    secure_page: bool | None = None
    # In the static build: told the language chosen in Settings (a code, or "system") as the app starts and
    # whenever it changes, so that the page's own notices, made before Python starts, can say it too.
    language_told: Callable[[str], None] | None = None

    def open_notices(self) -> list[str]:
        """The store's start-up notices nobody has dismissed yet."""
        return [n for n in self.store.notices if n not in self.dismissed_notices]

    def theme(self) -> ThemeChoice:
        """The saved theme choice; the system's by default."""
        return ThemeChoice.from_setting(self.store.settings.get("theme", ThemeChoice.SYSTEM.value))

    def language_setting(self) -> str:
        """The saved language: a code of `companion.i18n.LANGUAGES`, or "system" (the device's; the default)."""
        value = self.store.settings.get("language", SYSTEM)
        return value if isinstance(value, str) and value in LANGUAGES else SYSTEM


@dataclass(frozen=True)
class OwnChoices:
    """The language and theme a phone that joined on the Wi-Fi chose for itself.

    The store's settings are the household's, shared by every device the computer serves; a guest who reads
    French changing them would turn the computer's screen, and every other phone, to French mid-game. So a
    phone's choices are its own: kept in its browser (`ft.SharedPreferences`), read back when it opens the
    app again, and nothing another device sees. None where a choice was never made there: the computer's
    setting applies.
    """

    language: str | None = None     # a code of `companion.i18n.LANGUAGES`, or "system"
    theme: ThemeChoice | None = None
    # ("language" | "theme", its value; None: follow the computer's again)
    choose: Callable[[str, str | None], None] = lambda _name, _value: None


@dataclass(frozen=True)
class AppServices:
    """One tab's view of the shell, handed to every screen through `use_app()`."""

    shell: Shell
    revision: int
    changed: Callable[[], None]
    # The language this tab reads (the setting, or the device's when the setting follows it).
    language: str = "en"
    # What this tab keeps while its screens come and go (an import that can still be undone), by name.
    tab: dict[str, Any] = field(default_factory=dict, compare=False)
    # On a phone that joined on the Wi-Fi: its own language and theme (None elsewhere: the store's apply).
    own: OwnChoices | None = None

    def theme(self) -> ThemeChoice:
        """The theme chosen for this tab."""
        return tab_theme(self.shell, self.own)

    @property
    def store(self) -> Any:
        """The open store (players, sessions, history, settings)."""
        return self.shell.store

    @property
    def keeper(self) -> Any:
        """The session keeper: start, act, undo, redo, finish games in progress."""
        return self.shell.keeper


def tab_language(shell: Shell, own: OwnChoices | None) -> str:
    """The language chosen for a tab: a phone's own, else the household's (a code, or "system": the device's)."""
    return own.language if own is not None and own.language is not None else shell.language_setting()


def tab_theme(shell: Shell, own: OwnChoices | None) -> ThemeChoice:
    """The theme chosen for a tab: a phone's own, else the household's."""
    return own.theme if own is not None and own.theme is not None else shell.theme()


AppContext = ft.create_context(None)


def use_app() -> AppServices:
    """The services of the app this component is rendered in (call from an @ft.component body)."""
    services = ft.use_context(AppContext)
    if services is None:
        raise RuntimeError("use_app() was called outside the companion app's component tree")
    return services


def use_latest_state(initial: Any) -> tuple[Any, Callable[[Any], None], Any]:
    """`use_state` plus a ref holding the value set last, for handlers to read: (value, set_value, latest).

    A tap can reach the server right after the text it follows and before the screen is redrawn with it
    (paste and tap, a browser test's fill then click); a handler reading the value of the last drawing
    would miss what was just typed, so form handlers read `latest.current` instead.
    """
    value, set_value = ft.use_state(initial)
    latest = ft.use_ref(value)      # `initial` may be a function giving it, called once, by `use_state`

    def set_now(new_value: Any) -> None:
        if callable(new_value):         # a change of the latest value, as `use_state`'s setter takes
            new_value = new_value(latest.current)
        latest.current = new_value
        set_value(new_value)

    return value, set_now, latest


class FieldText:
    """The text of one TextField, kept so that a redraw never sends the field an older text than it shows.

    In the client, each keystroke is two messages: the new value, which the server writes at once into
    its copy of the field, and the `change` event, run later as a task. A redraw in between (another tab
    saved, an error was cleared) draws the field again; if it draws a value other than the one the
    server just received, such as the text of the last `change` event, the difference is sent to the
    client and overwrites what the player is typing. So the field is drawn with the text the server
    holds for the field drawn last (`bind`), and handlers read that same text (`text`). Only `set`
    puts a new text in the field: clearing it after a save, filling it when an edit starts.
    """

    def __init__(self, initial: str = "") -> None:
        self._initial = initial
        self._live: Any = None
        self._forced: str | None = None

    @property
    def text(self) -> str:
        """What the field holds now, as far as the server knows (the latest keystroke that reached it)."""
        if self._forced is not None:
            return self._forced
        value = getattr(self._live, "value", None)
        return value if isinstance(value, str) else self._initial

    @property
    def field(self) -> Any:
        """The field drawn last (to focus it), or None before it is drawn."""
        return self._live

    def set(self, text: str) -> None:
        """Put `text` in the field at the next drawing (the caller redraws)."""
        self._forced = text

    def bind(self, field: Any) -> Any:
        """Give a freshly drawn field its text and remember it as the live one; returns the field."""
        field.value = self.text
        self._forced = None
        self._live = field
        return field


def use_top_on_change(key: Any) -> Any:
    """A ref for the screen's view (set `.current` to the view drawn): the view, which scrolls as a whole, goes
    back to its top whenever `key` changes (a panel opened, a step of the game done), not at the first drawing.
    Without it, what follows a button tapped low on the page starts where that button was."""
    view_ref = ft.use_ref(None)
    shown = ft.use_ref(key)

    async def scroll_to_top() -> None:
        view = view_ref.current
        if shown.current != key and view is not None:
            shown.current = key
            try:
                await view.scroll_to(offset=0)
            except (RuntimeError, TimeoutError):
                # The page was left or reloaded just after the change, or a phone put the tab to sleep: there is
                # nothing to scroll any more, or nobody to see it.
                pass

    ft.use_effect(scroll_to_top, dependencies=[key])
    return view_ref


async def focus_soon(control: Any) -> None:
    """Give `control` the keyboard's focus once the client has drawn it (a field opened by the tap just
    made): asked for at once, the focus goes to nothing. A page left or put to sleep meanwhile is let be."""
    if control is None:
        return
    await asyncio.sleep(0.2)
    try:
        await control.focus()
    except (RuntimeError, TimeoutError):
        pass                     # drawn no more (left, or taken away from another device), or the tab asleep


def use_scroll_into_view(view_ref: Any, scroll_key: str, shown: Any) -> None:
    """Scroll the screen's view (`view_ref`, as `use_top_on_change` gives it) to the control keyed
    `ft.ScrollKey(scroll_key)` whenever `shown` changes to something (a refusal said beside a form's button):
    what a tap brought up may have pushed it below the fold, and a refusal no one sees reads as a tap lost."""

    async def scroll() -> None:
        view = view_ref.current
        if shown and view is not None:
            try:
                # The card is drawn by the client after this drawing's changes arrive: a scroll asked for at once
                # finds no such card yet, and does nothing.
                await asyncio.sleep(0.2)
                await view.scroll_to(scroll_key=scroll_key, duration=250)
            except (RuntimeError, TimeoutError):
                pass                     # the page was left or put to sleep meanwhile: nobody to show it to

    ft.use_effect(scroll, dependencies=[shown])


def use_field_text(initial: str = "") -> FieldText:
    """A `FieldText` that lives as long as the component (see FieldText)."""
    holder = ft.use_ref(None)
    if holder.current is None:
        holder.current = FieldText(initial)
    return holder.current


def player_names(store: Any, player_ids: Any) -> list[str]:
    """Names for a list of player ids (removed players included); ids the roster never knew are skipped."""
    names = []
    for player_id in player_ids:
        try:
            names.append(store.players.get(player_id).name)
        except CompanionError:
            continue
    return names


def seated_names(store: Any, session: Any) -> list[str]:
    """The names a game in progress is played under, in seat order: each player's as the game's setup seated
    them (its "players" or "seats", each {"id", "name"}), which a rename since leaves as it is in the game;
    the roster's name for a player the setup keeps no name for (ids the roster never knew are skipped)."""
    setup = session.setup if isinstance(session.setup, dict) else {}
    seated: dict[str, str] = {}
    for key in ("players", "seats"):
        seats = setup.get(key)
        for seat in seats if isinstance(seats, list) else []:
            if isinstance(seat, dict) and isinstance(seat.get("id"), str) and isinstance(seat.get("name"), str):
                seated.setdefault(seat["id"], seat["name"])
    names = []
    for player_id in session.players:
        if player_id in seated:
            names.append(seated[player_id])
        else:
            names.extend(player_names(store, [player_id]))
    return names


def use_back_cancels(cancel: Callable[[], None]) -> None:
    """While an editor drawn over a screen is shown, Android's back (page.on_view_pop) cancels it.

    Such an editor replaces its screen's view at the same address, so the Router would pop past it to
    home and the screen's unsaved choices would be lost; a view's can_pop=False does not stop a pop that
    reaches the page. The Router's handler is put back when the editor closes, so back from the screen
    itself still leaves it.
    """
    latest = ft.use_ref(None)           # not use_ref(cancel): a callable initial value is called
    latest.current = cancel             # the screen passes a new callback on every redraw
    router_pop = ft.use_ref(None)
    page = ft.context.page

    def take_back() -> None:
        router_pop.current = page.on_view_pop
        # Nothing sits above the editor, so any pop asked for while it is mounted is the editor's.
        page.on_view_pop = lambda _e: latest.current()

    def give_back() -> None:
        page.on_view_pop = router_pop.current

    ft.use_effect(take_back, dependencies=[], cleanup=give_back)


# False inside a browser, where Python has no threads (tests set it to run the browser's way).
THREADS = sys.platform != "emscripten"


async def kept(store: Any) -> None:
    """Wait until the store's changes are kept where it copies them on (a browser's storage: `Store.persisted`)
    before a screen says a large change (an import) is done, so that a reload right after the message cannot
    lose it; StoreError when that copy failed (the change is then in the page only)."""
    if store.persisted is not None:
        await store.persisted()


async def off_loop(fn: Callable[..., Any], *args: Any) -> Any:
    """Run blocking work (reading the whole history, a backup) where it does not stall the screens: on a
    worker thread, or in place inside a browser, where Python has no threads (`THREADS`)."""
    if not THREADS:
        return fn(*args)
    return await asyncio.to_thread(fn, *args)


def use_page_size() -> tuple[float, float]:
    """The page's width and height, redrawn when the window is resized (call from a component body). A
    reload, or a connection that comes back, starts a new session (companion/server/web.py), which takes the
    size the browser reported as it registered."""
    page = ft.context.page
    size, set_size = ft.use_state((float(page.width or 390), float(page.height or 844)))

    def subscribe() -> None:
        def resized(e: ft.PageResizeEvent) -> None:
            set_size((float(e.width), float(e.height)))

        page.on_resize = resized
        page.update()

    def unsubscribe() -> None:
        page.on_resize = None

    ft.use_effect(subscribe, dependencies=[], cleanup=unsubscribe)
    return size


def use_step(value: int, low: int, high: int, on_change: Callable[[int], Any]) -> Callable[[int], None]:
    """A − / + pair's tap for a number drawn as `value` (call from a component body): `step(+1)` asks
    `on_change` for the number one above the last one asked for since this drawing, so that taps made faster
    than the screen is redrawn all count (+ + + from 0 gives 3, where each tap asked for the drawn 0 plus 1),
    kept within `low` and `high`."""
    drawings = ft.use_ref(0)
    asked = ft.use_ref(None)        # (drawing, number) of the last tap
    drawings.current += 1
    drawing = drawings.current

    def step(delta: int) -> None:
        base = asked.current[1] if asked.current is not None and asked.current[0] == drawing else value
        number = min(high, max(low, base + delta))
        if number != base:
            asked.current = (drawing, number)
            on_change(number)

    return step


@dataclass(frozen=True)
class Refused:
    """What a change of the latest value gives instead of one (`update_unless_refused`): why not."""

    reason: Any


def update_unless_refused(set_value: Callable[[Any], None], change: Callable[[Any], Any]) -> Any:
    """Change the latest value through `set_value` (as an updater, so taps faster than the screen is redrawn
    all count) unless `change` refuses: it gives the new value, or `Refused(reason)`, checked against the
    latest value rather than the one drawn. The reason is returned (None once changed)."""
    refused: list[Any] = []

    def update(latest: Any) -> Any:
        new = change(latest)
        if isinstance(new, Refused):
            refused.append(new.reason)
            return latest
        return new

    set_value(update)
    return refused[0] if refused else None
