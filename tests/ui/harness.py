"""Run the real app in-process, without a Flutter client: a real flet Session and Page, a fake client.

How it works: `FakeClient` is a `flet` Connection that encodes every outgoing message with msgpack
exactly as the real transports do (Flet records each control's previous state while encoding; without
that nothing mounts), answers the client-side methods the app calls (`push_route` also fires the
`route_change` a browser would send), and records a crashed session so a test fails with the traceback.

Use it from a test (pytest-asyncio, `asyncio_mode = "auto"`); `tests/ui/conftest.py` gives an `open_ui`
fixture that builds the app over an in-memory store and closes it afterwards:

    async def test_something(open_ui, store):
        ui = await open_ui()                      # home at 390x844; open_ui(route="/players") deep-links
        await ui.click("home-players")            # any control with key="home-players"
        await ui.type("player-name", "Ann")       # fill a TextField (fires on_change)
        await ui.click("player-add")
        assert "Ann" in ui.texts()                # every Text/label on the screen on top (and dialogs)
        await ui.back()                           # Android back button / app bar arrow (on_view_pop)
        assert ui.route == "/"

A game's screen tests do the same: import the game's screen module (it registers itself), start a
session in `store` with `SessionKeeper(store).start(...)` (or the `save_session` fixture for a raw saved
record), then `await open_ui(route=f"/play/{game}/{session.id}")` and drive it by keys; `ui.get(key)`
returns the control itself for finer checks. Two `UiApp`s made with the same `hub` are two browser
tabs of one server. Outside pytest, `await UiApp(build_main(store)).start()` and `close()` do the same.

Every action waits (`settle`) until Flet has flushed its updates and effects, so assertions see the
screen as a user would after the tap.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import re
from collections.abc import Callable, Iterator
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    Message,
    MessageAction,
    RegisterClientResponseBody,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

__all__ = ["FakeClient", "UiApp", "walk", "new_hub"]

_encode = configure_encode_object_for_msgpack(BaseControl)


def new_hub(loop: asyncio.AbstractEventLoop | None = None) -> PubSubHub:
    """A pubsub hub shared by the tabs of one simulated server.

    No executor: handlers run inline, so a message one tab sends has reached the others by the time
    `settle()` returns (the real server runs them on a worker thread a moment later).
    """
    return PubSubHub(loop or asyncio.get_running_loop(), None)


class FakeClient(Connection):
    """Stands in for the Flutter client: takes what the server sends and answers like a browser would."""

    def __init__(self, loop: asyncio.AbstractEventLoop, executor: concurrent.futures.Executor, hub: PubSubHub):
        super().__init__()
        self.loop = loop
        self.executor = executor
        self.pubsubhub = hub
        # A real client always reports its URL; None breaks route handling.
        self.page_url = "http://localhost"
        self.session: Session | None = None
        self.sent: list[Message] = []
        self.crashes: list[str] = []
        self.tasks: set[asyncio.Task] = set()
        # The device's languages as a browser reports them (get_device_info), most preferred first.
        self.locales: list[str] = ["en-US"]
        # What the browser keeps for the page (SharedPreferences: the browser's local storage), by key.
        self.kept: dict[str, Any] = {}

    def send_message(self, message: Message) -> None:
        """Encode like the real transports (this mounts controls) and react as a client would."""
        msgpack.packb([message.action, message.body], default=_encode)
        self.sent.append(message)
        if message.action == MessageAction.SESSION_CRASHED:
            self.crashes.append(str(getattr(message.body, "message", message.body)))
        elif message.action == MessageAction.INVOKE_METHOD:
            self._answer(message.body)

    def _answer(self, call: Any) -> None:
        assert self.session is not None
        result = None
        if call.name == "get_device_info":
            result = {
                "browser_name": "chrome",
                "locales": [dict(zip(("language_code", "country_code"), tag.split("-"))) for tag in self.locales],
                "language": self.locales[0] if self.locales else None,
                "languages": list(self.locales),
            }
        elif call.name in ("get", "set", "remove") and isinstance(call.args, dict) and "key" in call.args:
            if call.name == "set":
                self.kept[call.args["key"]] = call.args.get("value")
            elif call.name == "remove":
                self.kept.pop(call.args["key"], None)
            result = self.kept.get(call.args["key"]) if call.name == "get" else True
        self.session.handle_invoke_method_results(call.control_id, call.call_id, result, None)
        if call.name == "push_route":
            self._spawn(self._route_changed(call.args["route"]))

    async def _route_changed(self, route: str) -> None:
        session = self.session
        assert session is not None
        session.apply_page_patch({"route": route})
        await session.dispatch_event(session.page._i, "route_change", {"route": route})

    def _spawn(self, coro) -> None:
        task = self.loop.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


class UiApp:
    """One browser tab of the app, in-process: start it, act on controls by key, read what is shown."""

    def __init__(
        self,
        main: Callable[[ft.Page], Any],
        *,
        route: str = "/",
        width: int = 390,
        height: int = 844,
        brightness: str = "light",
        hub: PubSubHub | None = None,
        locales: list[str] | None = None,
        kept: dict[str, Any] | None = None,
    ):
        self._main = main
        self._locales = list(locales) if locales is not None else ["en-US"]
        self._kept = kept if kept is not None else {}     # the browser's storage: pass one dict to reopen a tab
        self._start = {
            "route": route,
            "width": width,
            "height": height,
            "web": True,
            "platform": "android",
            "platform_brightness": brightness,
        }
        self._hub = hub
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None
        self.client: FakeClient | None = None
        self.session: Session | None = None

    # -- life cycle -------------------------------------------------------------------------------

    async def start(self) -> UiApp:
        """Register with a new session (as a browser does on load) and run the app's main(page)."""
        loop = asyncio.get_running_loop()
        self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=2)
        hub = self._hub or new_hub(loop)
        self.client = FakeClient(loop, self._executor, hub)
        self.client.locales = self._locales
        self.client.kept = self._kept
        self.session = Session(self.client)
        self.client.session = self.session
        self.session.apply_page_patch(self._start)
        self.client.send_message(
            Message(
                MessageAction.REGISTER_CLIENT,
                RegisterClientResponseBody(session_id=self.session.id,
                                           page_patch=self.session.get_page_patch(), error=""),
            )
        )
        _context_page.set(self.session.page)
        result = self._main(self.session.page)
        if asyncio.iscoroutine(result):
            await result
        await self.session.after_event(self.session.page)
        await self.settle()
        return self

    async def close(self) -> None:
        """End the session as when the tab closes."""
        if self.session is not None:
            self.session.close()
            await asyncio.sleep(0)
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)

    async def settle(self, rounds: int = 400) -> None:
        """Let Flet flush pending updates, effects and client round trips; fail on a crashed session."""
        assert self.client is not None and self.session is not None
        ready = self.session._Session__updates_ready  # the scheduler's "work queued" flag
        quiet = 0
        for _ in range(rounds):
            await asyncio.sleep(0)
            if self.client.tasks:
                await asyncio.gather(*list(self.client.tasks))
                quiet = 0
            elif ready.is_set():
                quiet = 0
            else:
                quiet += 1
                if quiet >= 5:
                    break
        if self.client.crashes:
            raise AssertionError("the app crashed:\n" + "\n".join(self.client.crashes))

    # -- what is on screen ------------------------------------------------------------------------

    @property
    def page(self) -> ft.Page:
        assert self.session is not None
        return self.session.page

    @property
    def route(self) -> str:
        return self.page.route

    @property
    def views(self) -> list[ft.View]:
        """The view stack, bottom first, as the client shows it."""
        return [ft.unwrap_component(v) for v in ft.unwrap_component(self.page.views)]

    @property
    def view_routes(self) -> list[str]:
        return [v.route for v in self.views]

    @property
    def top(self) -> ft.View:
        return self.views[-1]

    def dialogs(self) -> list[BaseControl]:
        """Dialogs currently open (use_dialog / show_dialog)."""
        return [d for d in self.page._dialogs.controls if getattr(d, "open", False)]

    def _roots(self) -> list[Any]:
        return [*self.dialogs(), self.top]

    def find(self, key: str) -> BaseControl | None:
        """The control with `key` in an open dialog or on the screen on top, or None."""
        for root in self._roots():
            for control in walk(root):
                if _key_of(control) == key:
                    return control
        return None

    def get(self, key: str) -> BaseControl:
        """The control with `key`; fails listing the keys that are on screen."""
        control = self.find(key)
        if control is None:
            raise AssertionError(f"no control with key {key!r} on {self.route!r}; keys: {sorted(self.keys())}")
        return control

    def keys(self) -> set[str]:
        return {str(k) for root in self._roots() for c in walk(root) if (k := _key_of(c)) is not None}

    def texts(self) -> list[str]:
        """Every piece of text on the top screen and open dialogs: Text values, labels, titles."""
        out: list[str] = []
        for root in self._roots():
            for control in walk(root):
                for attr in ("value", "label", "text", "title", "error"):
                    value = getattr(control, attr, None)
                    if isinstance(value, str) and value:
                        out.append(value)
        return out

    def text(self) -> str:
        """All texts of `texts()` joined by newlines, for `in` checks on sentences."""
        return "\n".join(self.texts())

    # -- acting ------------------------------------------------------------------------------------

    async def _event(self, control: BaseControl, name: str, data: Any = None, *, settle: bool = True) -> None:
        assert self.session is not None
        await self.session.dispatch_event(control._i, name, data)
        if settle:
            await self.settle()

    async def click(self, key: str) -> None:
        """Tap the control with `key` (button, icon button, tappable container)."""
        control = self.get(key)
        if getattr(control, "disabled", False):
            raise AssertionError(f"{key!r} is disabled")
        await self._event(control, "click")

    async def type(self, key: str, text: str, *, settle: bool = True) -> None:
        """Replace a text field's text, as typing does: the client sends the value, then on_change.

        `settle=False` sends the next event before the screen has redrawn, as a fast paste-and-tap
        (or a browser test's `fill` then `click`) does: handlers must not rely on the last drawn state.
        """
        control = self.get(key)
        assert self.session is not None
        text = filtered(control, text)
        self.session.apply_patch(control._i, {"value": text})
        await self._event(control, "change", text, settle=settle)

    async def submit(self, key: str) -> None:
        """Press Enter in a text field."""
        control = self.get(key)
        await self._event(control, "submit", getattr(control, "value", None))

    async def select(self, key: str, *values: str) -> None:
        """Pick segments of a SegmentedButton."""
        control = self.get(key)
        assert self.session is not None
        self.session.apply_patch(control._i, {"selected": list(values)})
        await self._event(control, "change", list(values))

    async def go(self, route: str) -> None:
        """Open an address directly (typed URL, browser back/forward, deep link)."""
        await self.client._route_changed(route)
        await self.settle()

    async def back(self) -> None:
        """The Android back button or the app bar's arrow: the client asks to pop the top view."""
        await self._event(self.page, "view_pop", {"route": self.top.route})


def filtered(control: Any, text: str) -> str:
    """`text` as a field with an allow-list input filter takes it typed key by key: a key that would make
    the text fail the filter is dropped, as the client drops it."""
    rule = getattr(control, "input_filter", None)
    if rule is None or not rule.allow:
        return text
    kept = ""
    for key in text:
        if re.search(rule.regex_string, kept + key):
            kept += key
    return kept


def walk(root: Any) -> Iterator[BaseControl]:
    """Every control under `root` (components unwrapped), depth first."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        value = stack.pop()
        if value is None or id(value) in seen:
            continue
        if isinstance(value, (list, tuple)):
            stack.extend(reversed(value))
            continue
        if isinstance(value, dict):
            stack.extend(reversed(list(value.values())))
            continue
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            continue
        seen.add(id(value))
        if isinstance(value, BaseControl):
            yield value
        children = []
        for field in dataclasses.fields(value):
            if field.metadata.get("skip", False) or field.name == "_parent":
                continue
            child = getattr(value, field.name, None)
            if isinstance(child, (BaseControl, list, tuple, dict)) or dataclasses.is_dataclass(child):
                children.append(child)
        stack.extend(reversed(children))


def _key_of(control: BaseControl) -> Any:
    key = getattr(control, "key", None)
    return getattr(key, "value", key)


def spoken_enabled_but_disabled(root: Any) -> list[str]:
    """Semantics nodes that speak for a control (a button, or a label of their own) and tell a screen reader
    "enabled" while the control is disabled on screen: Flet's Semantics sets `enabled` from its own `disabled`,
    so a faded chip inside one is still offered as a button to tap (Chromium: role=button without
    aria-disabled). A bare wrapper that only names a control for tests (`labelled`) is left out: the control
    keeps a node of its own, disabled; unless it is merged with it. Each is named by its identifier (or label)."""
    merged = {id(c.content) for c in walk(root) if isinstance(c, ft.MergeSemantics)}
    found = []
    for control in walk(root):
        # A node merged with what it holds (`labelled` icon buttons) speaks for it too.
        if not isinstance(control, ft.Semantics):
            continue
        speaks = control.button or control.label or id(control) in merged
        if not control.disabled and speaks:
            if getattr(control.content, "disabled", False):
                found.append(str(control.identifier or control.label))
    return found


def _merged(root: Any) -> set[int]:
    """The ids of every control under a MergeSemantics (one node with the controls around it)."""
    merged: set[int] = set()
    for control in walk(root):
        if isinstance(control, ft.MergeSemantics):
            merged.update(id(c) for c in walk(control))
    return merged


def nameless_taps(root: Any) -> list[str]:
    """Tappable controls whose name is the label of a Semantics node above them, and which hold a Semantics node
    of their own (the words they show, excluded as said by the label), not merged with it: in the browser the
    label's node is not focusable and does nothing, and the tap is a button of its own that a screen reader hears
    with no name (an empty button inside a labelled one). Each is named by the label's identifier (or label)."""
    merged = _merged(root)
    found = []
    for control in walk(root):
        if not isinstance(control, ft.Semantics) or not control.label or id(control) in merged:
            continue
        if control.exclude_semantics:
            continue
        taps = [c for c in walk(control.content) if getattr(c, "on_click", None) is not None]
        if any(isinstance(d, ft.Semantics) for tap in taps for d in walk(tap.content)):
            found.append(str(control.identifier or control.label))
    return found


def tiles_split_in_nodes(root: Any) -> list[str]:
    """Tappable tiles (a Semantics wrapper with an identifier over a control that takes taps) whose words include
    a node of their own (a Semantics with a label, not excluded), not merged: in the browser the tile is a
    "group" holding the words, beside its tap, a button with no name. Each is named by its identifier."""
    merged = _merged(root)
    found = []
    for control in walk(root):
        if not isinstance(control, ft.Semantics) or not control.identifier or id(control) in merged:
            continue
        tap = control.content
        if getattr(tap, "on_click", None) is None or isinstance(tap, (ft.IconButton, ft.Semantics)):
            continue
        inner = [c for c in walk(getattr(tap, "content", None)) if isinstance(c, ft.Semantics)
                 and isinstance(c.label, str) and c.label.strip() and not c.exclude_semantics] \
            if isinstance(getattr(tap, "content", None), BaseControl) else []
        if inner:
            found.append(str(control.identifier))
    return found


def names_said_twice(root: Any) -> list[str]:
    """Semantics nodes with a label of their own (or controls with a tooltip, which names them as a label does)
    over words that say it again, not excluded: Flutter joins the words under a node to its label, so a screen
    reader hears "Ann, Ann" (in Chromium the label reads "Ann\nAnn"); and icons whose own label their tooltip
    says again; and words whose own tooltip says them again (words cut short, with the whole in a tooltip),
    unless a node above leaves them out. Each is named by its identifier or key (or label)."""
    found = []
    left_out = {id(c) for s in walk(root) if isinstance(s, ft.Semantics) and s.exclude_semantics
                for c in walk(s.content)}
    for control in walk(root):
        # A tooltip names its control for a screen reader as a label does ("Round 3: Fog" over a drawn "3").
        label = control.label if isinstance(control, ft.Semantics) else tooltip_said(control)
        if not isinstance(label, str) or not label.strip():
            continue
        if isinstance(control, ft.Text) and isinstance(control.value, str) and control.value.strip() \
                and control.value.casefold() in label.casefold() and id(control) not in left_out:
            found.append(str(control.key or label))          # words and their tooltip: "Ann's statistics" twice
            continue
        if isinstance(control, ft.Icon) and isinstance(control.semantics_label, str) \
                and control.semantics_label.strip() and control.semantics_label.casefold() in label.casefold():
            found.append(str(control.key or label))          # an icon's own label and its tooltip: said twice
            continue
        if getattr(control, "exclude_semantics", False):
            continue
        content = getattr(control, "content", None)
        if isinstance(content, str):            # a button's words given as a string
            if content.strip() and content.casefold() in label.casefold():
                found.append(str(getattr(control, "identifier", None) or control.key or label))
            continue
        stack = [content] if isinstance(content, BaseControl) else []
        while stack:
            node = stack.pop()
            if node is None:
                continue
            if isinstance(node, ft.Semantics) and node.exclude_semantics:
                continue
            if isinstance(node, ft.Text) and isinstance(node.value, str) and node.value.strip() \
                    and node.value.casefold() in label.casefold():
                found.append(str(getattr(control, "identifier", None) or control.key or label))
                break
            stack.extend(child for child in walk_children(node))
    return found


def spoken(root: Any) -> list[str]:
    """The words a screen reader is given under `root`, in order: each Semantics label, each tooltip (it names
    its control as a label does), an icon's own label, each text; nothing under a Semantics that excludes what
    is under it."""
    pieces: list[str] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if not isinstance(node, BaseControl):
            continue
        words = [node.label if isinstance(node, ft.Semantics) else tooltip_said(node),
                 node.semantics_label if isinstance(node, ft.Icon) else None,
                 # A text's own label is said in place of its drawn words ("points lost: 8.4" for "−8.4").
                 (node.semantics_label or node.value) if isinstance(node, ft.Text) else None]
        pieces.extend(w for w in words if isinstance(w, str) and w.strip())
        if isinstance(node, ft.Semantics) and node.exclude_semantics:
            continue
        content = getattr(node, "content", None)
        if isinstance(content, str) and content.strip():
            pieces.append(content)
        stack.extend(reversed(walk_children(node)))
    return pieces


def tooltip_said(control: Any) -> str | None:
    """The words a control's tooltip gives a screen reader: its text, or a Tooltip's message unless the
    Tooltip is excluded from semantics (shown to a finger held on it, said by a label instead)."""
    tip = getattr(control, "tooltip", None)
    if isinstance(tip, ft.Tooltip):
        return None if tip.exclude_from_semantics else tip.message
    return tip if isinstance(tip, str) else None


def said_again(pieces: list[str]) -> list[str]:
    """The pieces of words (as `spoken` gives them) that a longer piece says again: "Ann" beside "Ann: 4 stars".
    The same words twice are not counted (two players with 70 each), nor numbers alone (a score of 12 beside
    "Trek 12")."""
    found = []
    for piece in pieces:
        words = piece.strip().casefold()
        if words.isdigit():
            continue
        alone = re.compile(r"(?<!\w)" + re.escape(words) + r"(?!\w)")
        if any(other.strip().casefold() != words and alone.search(other.casefold()) for other in pieces):
            found.append(piece)
    return found


def merged_words_said_twice(root: Any) -> list[str]:
    """Nodes merged into one (`ft.MergeSemantics`) whose words say a piece twice, as a screen reader hears them
    joined ("Ann, Ann: 4 stars (summit 3, race 1), 4"). Each is named by its identifier or key (or first words)."""
    found = []
    for control in walk(root):
        if not isinstance(control, ft.MergeSemantics):
            continue
        pieces = spoken(control.content)
        if said_again(pieces):
            inner = control.content
            name = getattr(inner, "identifier", None) or _key_of(inner) or _key_of(control) or pieces[0]
            found.append(f"{name}: {pieces}")
    return found


def walk_children(value: Any) -> list[Any]:
    """The controls directly under `value` (its fields' controls, lists unpacked)."""
    out: list[Any] = []
    for field in dataclasses.fields(value):
        if field.metadata.get("skip", False) or field.name == "_parent":
            continue
        child = getattr(value, field.name, None)
        items = child if isinstance(child, (list, tuple)) else list(child.values()) if isinstance(child, dict) \
            else [child]
        out.extend(c for c in items if isinstance(c, BaseControl))
    return out


def nameless_icon_buttons(root: Any) -> list[str]:
    """Icon buttons with no tooltip: a tooltip is an icon button's name, so a screen reader hears only "button"
    (with no name above it either). Each is named by its key."""
    return [str(c.key) for c in walk(root) if isinstance(c, ft.IconButton)
            and not (isinstance(c.tooltip, str) and c.tooltip.strip() or isinstance(c.tooltip, ft.Tooltip))]


def unmerged_icon_buttons(root: Any) -> list[str]:
    """Icon buttons not merged with the node above them (`ft.MergeSemantics`, as `labelled` does): an icon
    button's name is its tooltip, which Flutter puts on the node above the button, so a screen reader hears
    a nameless "button" unless the two are merged. Each is named by its key (or tooltip)."""
    merged = _merged(root)
    return [str(c.key or c.tooltip) for c in walk(root) if isinstance(c, ft.IconButton) and id(c) not in merged]


async def focused(ui: Any, key: str) -> None:
    """Wait until the control `key` (as drawn now) is asked to take the keyboard's focus."""
    for _ in range(40):
        control = ui.get(key)
        if any(getattr(m.body, "name", None) == "focus" and getattr(m.body, "control_id", None) == control._i
               for m in ui.client.sent):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{key} was never focused")


async def abandon_through_the_dialog(ui: Any, store: Any, prefix: str, session_id: str) -> None:
    """Abandon a game as a player does: `<prefix>-abandon`, Keep it (the game stays), then again and confirm;
    the game is then in neither the games in progress nor History, and the screen is home."""
    await ui.click(f"{prefix}-abandon")
    await ui.click(f"{prefix}-abandon-cancel")
    assert store.sessions.get(session_id) is not None
    await ui.click(f"{prefix}-abandon")
    await ui.click(f"{prefix}-abandon-confirm")
    assert store.sessions.get(session_id) is None and store.history.get(session_id) is None
    assert ui.route == "/"
