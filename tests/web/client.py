"""A Flet web client for tests: speaks the same websocket protocol as a browser tab, without Flutter.

The Flutter web client and the Python server exchange msgpack frames `[action, body]` over
`ws://host:port/ws`, each frame prefixed by a packet type byte (0x00 for protocol frames). This client:

- opens the websocket with whatever `Origin`, `Host` and `Cookie` headers a test asks for; a refused
  handshake raises `Refused(status)`, a connection that drops later raises `Closed`;
- registers (REGISTER_CLIENT with a page patch like the web client's: route, size, web, platform...);
- keeps a model of the control tree, a tree of plain dicts, by applying every PATCH_CONTROL;
- finds controls by `key`, reads their props, sends events (`click`, `change`, `submit`), types into
  text fields the way Flutter does (UPDATE_CONTROL_PROPS for `value`, then the `change` event),
  navigates (`route` prop, then `route_change` on the page, as the browser does on a URL change);
- answers INVOKE_METHOD calls (`push_route` also fires the route change a browser would send);
- records every SESSION_CRASHED message in `crashes`.

    async with await connect("http://127.0.0.1:8550", route="/players") as tab:
        await tab.type("player-name", "Ann")
        await tab.click("player-add")
        await tab.wait_for(lambda t: "Ann" in t.texts())

The patch format (flet/controls/object_patch.py `ObjectPatch.to_message`): `[tree, op, op, ...]`, where
`tree` is a path table `[node_index, {part: [node_index, {...}], ...}]` rooted at the control whose `_i`
is the message's `id`, and each op is `[0 replace | 1 add | 2 remove, node, key, value]` or
`[3 move, from_node, from_key, to_node, to_key]`; `node` names the object at that path in the table.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import msgpack
import websockets
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidStatus

__all__ = [
    "Refused", "Closed", "Crashed", "Control", "WebClient", "connect",
    "REGISTER_CLIENT", "PATCH_CONTROL", "CONTROL_EVENT", "UPDATE_CONTROL_PROPS", "INVOKE_METHOD",
    "SESSION_CRASHED",
]

# flet.messaging.protocol.MessageAction
REGISTER_CLIENT = 1
PATCH_CONTROL = 2
CONTROL_EVENT = 3
UPDATE_CONTROL_PROPS = 4
INVOKE_METHOD = 5
SESSION_CRASHED = 6
PYTHON_OUTPUT = 7

_REPLACE, _ADD, _REMOVE, _MOVE = 0, 1, 2, 3
_DEFAULT = object()


class Refused(Exception):
    """The server refused the websocket handshake with an HTTP status."""

    def __init__(self, status: int, body: bytes = b""):
        super().__init__(f"websocket handshake refused: HTTP {status}")
        self.status = status
        self.body = body


class Closed(Exception):
    """The connection closed (or was never registered) while the test was waiting on it."""


class Crashed(AssertionError):
    """The server sent SESSION_CRASHED to this client."""


class Control:
    """A read-only view of one control of the client's model: its id, type, key and props."""

    def __init__(self, node: dict):
        self.node = node

    @property
    def id(self) -> int:
        return self.node["_i"]

    @property
    def type(self) -> str:
        return self.node.get("_c", "")

    @property
    def key(self) -> Any:
        return _key_of(self.node)

    def __getitem__(self, name: str) -> Any:
        return self.node[name]

    def get(self, name: str, default: Any = None) -> Any:
        return self.node.get(name, default)

    @property
    def value(self) -> Any:
        return self.node.get("value")

    @property
    def disabled(self) -> bool:
        return bool(self.node.get("disabled", False))

    def texts(self) -> list[str]:
        return _texts(self.node)

    def __repr__(self) -> str:
        props = {k: v for k, v in self.node.items() if not isinstance(v, (dict, list))}
        return f"Control({props})"


class WebClient:
    """One browser tab connected to a served app. Build it with `connect()`."""

    def __init__(self, ws: ClientConnection, base_url: str, page_props: dict):
        self.ws = ws
        self.base_url = base_url
        self.page_props = page_props
        self.first_patch: dict | None = None
        self.page: dict = {}
        self.session_id: str | None = None
        self.claimed_session: str | None = None     # the session id sent when registering
        self.register_error: str | None = None
        self.crashes: list[str] = []
        self.messages = 0                       # frames received
        self.invoked: list[tuple[str, Any]] = []  # (method name, args) of every INVOKE_METHOD
        # What this tab answers to a method the server calls on it (e.g. "save_file", "pick_files"):
        # a function of the call's args giving the result; any other method is answered with None.
        # A hostile tab answers whatever it likes, which is what the security tests do.
        self.answers: dict[str, Callable[[Any], Any]] = {}
        self.patch_errors: list[str] = []
        self.closed: BaseException | None = None
        self._index: dict[int, dict] = {}
        self._changed = asyncio.Event()
        self._last_message = time.monotonic()
        self._registered = asyncio.Event()
        self._reader: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()

    # -- life cycle -------------------------------------------------------------------------------

    async def _start(self, timeout: float) -> None:
        await self._send(REGISTER_CLIENT, {"session_id": self.claimed_session, "page_name": "",
                                           "page": self.page_props})
        if self.first_patch:
            # A hostile tab's page properties of its own, sent before the server has answered (the page is
            # control 1), so they arrive before the app's main has run.
            await self._send(UPDATE_CONTROL_PROPS, {"id": 1, "props": self.first_patch})
        self._reader = asyncio.create_task(self._read())
        waiter = asyncio.create_task(self._registered.wait())
        done, _ = await asyncio.wait({waiter, self._reader}, timeout=timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        if waiter not in done:
            waiter.cancel()
            raise Closed(f"no REGISTER_CLIENT answer within {timeout} s ({self.closed!r})")

    async def close(self) -> None:
        """Close the tab (the server then treats the session as disconnected)."""
        await self.ws.close()
        if self._reader is not None:
            try:
                await asyncio.wait_for(self._reader, 5)
            except (asyncio.TimeoutError, Exception):
                self._reader.cancel()
        for task in list(self._tasks):
            task.cancel()

    async def __aenter__(self) -> WebClient:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    # -- reading the model ------------------------------------------------------------------------

    @property
    def route(self) -> str:
        return self.page.get("route", "")

    def views(self) -> list[dict]:
        """The page's views, bottom first (components unwrapped)."""
        return [v for v in _unwrap(self.page.get("views")) if isinstance(v, dict) and v.get("_c") == "View"]

    def top(self) -> dict | None:
        views = self.views()
        return views[-1] if views else None

    def dialogs(self) -> list[dict]:
        """Open dialogs (use_dialog / show_dialog)."""
        holder = self.page.get("_dialogs") or {}
        return [d for d in _unwrap(holder.get("controls")) if isinstance(d, dict) and d.get("open")]

    def _roots(self, everywhere: bool) -> list[Any]:
        if everywhere:
            return [self.page]
        return [*self.dialogs(), self.top()]

    def controls(self, *, everywhere: bool = False) -> Iterator[dict]:
        """Every control on the top screen and open dialogs (or in the whole page)."""
        for root in self._roots(everywhere):
            yield from _walk(root)

    def find(self, key: Any, *, everywhere: bool = False) -> Control | None:
        """The control with `key` on the top screen or an open dialog (or anywhere), or None."""
        for node in self.controls(everywhere=everywhere):
            if _key_of(node) == key:
                return Control(node)
        return None

    def get(self, key: Any, *, everywhere: bool = False) -> Control:
        control = self.find(key, everywhere=everywhere)
        if control is None:
            raise AssertionError(f"no control with key {key!r} on {self.route!r}; keys: {sorted(self.keys())}")
        return control

    def by_id(self, control_id: int) -> Control | None:
        node = self._index.get(control_id)
        return Control(node) if node is not None else None

    def keys(self) -> set[str]:
        return {str(k) for n in self.controls() if (k := _key_of(n)) is not None}

    def texts(self) -> list[str]:
        """Every Text value, label, title and error on the top screen and open dialogs."""
        out: list[str] = []
        for root in self._roots(False):
            out.extend(_texts(root))
        return out

    # -- acting ------------------------------------------------------------------------------------

    async def event(self, target: int, name: str, data: Any = None) -> None:
        """Send a CONTROL_EVENT as the client does (the server runs the `on_<name>` handler)."""
        await self._send(CONTROL_EVENT, {"target": target, "name": name, "data": data})

    async def pick_files(self, key: Any, files: list[dict]) -> None:
        """Tap a button that carries a client-side file pick (Flet's PickFiles action) and answer it as the
        browser does once the person has chosen: the click, then the picker's `result` event with `files`
        (each `{"id", "name", "size", "bytes"}`, or whatever a hostile client cares to send)."""
        control = self.get(key)
        action = control.get("action")
        if not isinstance(action, dict) or action.get("method") != "pick_files":
            raise AssertionError(f"{key!r} carries no file pick: {action!r}")
        await self.click(key)
        await self.event(action["service_id"], "result", {"files": files})

    async def update_props(self, target: int, props: dict) -> None:
        """Send UPDATE_CONTROL_PROPS and keep the local model in step, as Flutter does."""
        node = self._index.get(target)
        if node is not None:
            node.update(props)
        await self._send(UPDATE_CONTROL_PROPS, {"id": target, "props": props})

    async def click(self, key: Any) -> None:
        control = self.get(key)
        if control.disabled:
            raise AssertionError(f"{key!r} is disabled")
        await self.event(control.id, "click")

    async def change(self, key: Any, data: Any) -> None:
        await self.event(self.get(key).id, "change", data)

    async def submit(self, key: Any) -> None:
        control = self.get(key)
        await self.event(control.id, "submit", control.value)

    async def type(self, key: Any, text: str, *, per_char: bool = False, delay: float = 0.0) -> None:
        """Set a TextField's text as Flutter does: `value` goes up first, then the `change` event.

        By default the field's text is replaced at once (a paste, or a browser test's `fill`). With
        `per_char`, each character is appended to what the field shows *now*, one keystroke at a time,
        `delay` seconds apart, as a keyboard does: if the server overwrites the field meanwhile, the
        next keystroke builds on the overwritten text, exactly as in a browser.
        """
        control = self.get(key)
        if not per_char:
            await self.update_props(control.id, {"value": text})
            await self.event(control.id, "change", text)
            return
        for ch in text:
            node = self._index.get(control.id, control.node)
            current = (node.get("value") or "") + ch
            await self.update_props(control.id, {"value": current})
            await self.event(control.id, "change", current)
            if delay:
                await asyncio.sleep(delay)

    async def navigate(self, route: str) -> None:
        """Open an address as the browser does on a URL change: page `route`, then `route_change`."""
        page_id = self.page["_i"]
        await self.update_props(page_id, {"route": route})
        await self.event(page_id, "route_change", {"route": route})

    async def back(self) -> None:
        """Android back / the app bar arrow: ask the page to pop the top view."""
        top = self.top()
        await self.event(self.page["_i"], "view_pop", {"route": top.get("route") if top else None})

    # -- waiting -----------------------------------------------------------------------------------

    async def wait_for(self, condition: Callable[[WebClient], Any], timeout: float = 10.0,
                       message: str = "") -> Any:
        """Wait until `condition(self)` is truthy (re-checked after every frame); returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            self._changed.clear()
            result = condition(self)
            if result:
                return result
            if self.closed is not None:
                raise Closed(f"connection closed while waiting ({self.closed!r}) {message}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"condition not met within {timeout} s on {self.route!r} {message}".strip())
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except asyncio.TimeoutError:
                pass

    async def wait_key(self, key: Any, timeout: float = 10.0) -> Control:
        return await self.wait_for(lambda c: c.find(key), timeout, f"for key {key!r}")

    async def settle(self, quiet: float = 0.15, timeout: float = 10.0) -> None:
        """Wait until no frame has arrived for `quiet` seconds (the server has finished redrawing)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() - self._last_message < quiet:
            if time.monotonic() > deadline:
                raise TimeoutError(f"the server kept sending for {timeout} s")
            await asyncio.sleep(quiet / 3)

    def assert_no_crash(self) -> None:
        if self.crashes:
            raise Crashed("the session crashed:\n" + "\n".join(self.crashes))

    # -- the wire ----------------------------------------------------------------------------------

    async def _send(self, action: int, body: Any) -> None:
        if self.closed is not None:
            raise Closed(f"the connection is closed ({self.closed!r})")
        try:
            await self.ws.send(b"\x00" + msgpack.packb([action, body]))
        except ConnectionClosed as exc:
            self.closed = exc
            raise Closed(str(exc)) from exc

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                if not isinstance(frame, bytes) or not frame or frame[0] != 0x00:
                    continue  # data-channel frames (0x01) carry no protocol messages
                action, body = msgpack.unpackb(frame[1:], ext_hook=_ext, strict_map_key=False)
                self.messages += 1
                self._last_message = time.monotonic()
                self._on_message(action, body)
                self._changed.set()
            self.closed = ConnectionClosed(None, None)
        except ConnectionClosed as exc:
            self.closed = exc
        except Exception as exc:  # a bug in this client: surface it to the waiting test
            self.closed = exc
            raise
        finally:
            self._changed.set()

    def _on_message(self, action: int, body: Any) -> None:
        if action == REGISTER_CLIENT:
            self.session_id = body.get("session_id")
            self.register_error = body.get("error") or None
            self.page = body.get("page_patch") or {}
            self._reindex()
            self._registered.set()
        elif action == PATCH_CONTROL:
            try:
                self._apply_patch(body["id"], body["patch"])
            except Exception as exc:  # keep reading; a test can assert on patch_errors
                self.patch_errors.append(f"{type(exc).__name__}: {exc} in {body!r:.500}")
        elif action == SESSION_CRASHED:
            self.crashes.append(str(body.get("message") if isinstance(body, dict) else body))
        elif action == INVOKE_METHOD:
            self._answer(body)

    def _answer(self, call: dict) -> None:
        name, args = call.get("name"), call.get("args") or {}
        self.invoked.append((name, args))
        answer = self.answers.get(name)
        result = answer(args) if answer is not None else None
        reply = {"control_id": call["control_id"], "call_id": call["call_id"], "result": result, "error": None}

        async def respond() -> None:
            await self._send(INVOKE_METHOD, reply)
            if name == "push_route" and isinstance(args, dict) and "route" in args:
                await self.navigate(args["route"])

        self._spawn(respond())

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- applying patches ------------------------------------------------------------------------

    def _apply_patch(self, target_id: int, patch: list) -> None:
        root = self._index.get(target_id)
        if root is None:
            raise KeyError(f"patch for unknown control {target_id}")
        table, ops = patch[0], patch[1:]
        paths: dict[int, list] = {}

        def collect(node: list, path: list) -> None:
            paths[node[0]] = path
            if len(node) > 1:
                for part, child in node[1].items():
                    collect(child, [*path, part])

        collect(table, [])

        def resolve(node_index: int) -> Any:
            obj = root
            for part in paths[node_index]:
                obj = obj[part]
            return obj

        for op in ops:
            kind = op[0]
            if kind == _REPLACE:
                container = resolve(op[1])
                container[op[2]] = op[3]
            elif kind == _ADD:
                container = resolve(op[1])
                if isinstance(container, list):
                    container.insert(op[2], op[3])
                else:
                    container[op[2]] = op[3]
            elif kind == _REMOVE:
                container = resolve(op[1])
                if isinstance(container, list):
                    del container[op[2]]
                else:
                    container.pop(op[2], None)
            elif kind == _MOVE:
                source = resolve(op[1])
                value = source.pop(op[2])
                dest = resolve(op[3])
                if isinstance(dest, list):
                    dest.insert(op[4], value)
                else:
                    dest[op[4]] = value
            else:
                raise ValueError(f"unknown patch operation {op!r}")
        self._reindex()

    def _reindex(self) -> None:
        index: dict[int, dict] = {}
        for node in _walk(self.page):
            index[node["_i"]] = node
        self._index = index


async def connect(
    base_url: str,
    *,
    origin: Any = _DEFAULT,
    host_header: str | None = None,
    cookies: dict[str, str] | str | None = None,
    route: str = "/",
    width: int = 390,
    height: int = 844,
    platform: str = "android",
    brightness: str = "light",
    user_agent: str = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile",
    headers: dict[str, str] | None = None,
    path: str = "/ws",
    timeout: float = 15.0,
    first_patch: dict | None = None,
    session_id: str | None = None,
) -> WebClient:
    """Open a tab on the app served at `base_url` (http://host:port) and register it at `route`.

    `origin` defaults to the server's own `http://host:port` (as a browser sends it); None sends no
    Origin header. `host_header` replaces the Host header; `cookies` is a dict or a raw header value.
    `first_patch`: page properties sent right after registering, before the server answers (a hostile tab).
    `session_id`: the session the tab claims as it registers (a browser whose connection came back sends its
    last one).
    Raises `Refused(status)` when the handshake is refused, `Closed` when the server hangs up.
    """
    parts = urlsplit(base_url)
    ws_url = f"{'wss' if parts.scheme == 'https' else 'ws'}://{parts.netloc}{path}"
    if origin is _DEFAULT:
        origin = f"{parts.scheme}://{parts.netloc}"
    overrides: dict[str, str] = dict(headers or {})
    if origin is not None:
        overrides["Origin"] = origin
    if host_header is not None:
        overrides["Host"] = host_header
    if cookies:
        overrides["Cookie"] = cookies if isinstance(cookies, str) else "; ".join(f"{k}={v}" for k, v in cookies.items())
    try:
        ws = await websockets.connect(
            ws_url,
            create_connection=_connection_with(overrides),
            user_agent_header=user_agent,
            open_timeout=timeout,
            max_size=None,
            compression=None,
        )
    except InvalidStatus as exc:
        raise Refused(exc.response.status_code, bytes(exc.response.body or b"")) from exc
    except (ConnectionClosed, EOFError, OSError) as exc:
        raise Closed(f"handshake failed: {exc!r}") from exc
    page_props = {
        "route": route,
        "width": width,
        "height": height,
        "web": True,
        "pwa": False,
        "debug": False,
        "wasm": False,
        "test": False,
        "multi_view": False,
        "pyodide": False,
        "platform": platform,
        "platform_brightness": brightness,
        "media": {
            "padding": {"left": 0, "top": 24, "right": 0, "bottom": 0},
            "view_padding": {"left": 0, "top": 24, "right": 0, "bottom": 0},
            "view_insets": {"left": 0, "top": 0, "right": 0, "bottom": 0},
            "device_pixel_ratio": 2.625,
            "orientation": "portrait" if height >= width else "landscape",
            "always_use_24_hour_format": False,
        },
    }
    client = WebClient(ws, base_url, page_props)
    client.first_patch = first_patch
    client.claimed_session = session_id
    try:
        await client._start(timeout)
    except BaseException:
        await ws.close()
        raise
    return client


def _connection_with(overrides: dict[str, str]) -> type[ClientConnection]:
    """A ClientConnection whose handshake request carries exactly these headers (Host included)."""

    class _Connection(ClientConnection):
        async def handshake(self, *args: Any, **kwargs: Any) -> None:
            build = self.protocol.connect

            def connect_with_headers():
                request = build()
                for name, value in overrides.items():
                    if name in request.headers:
                        del request.headers[name]
                    request.headers[name] = value
                return request

            self.protocol.connect = connect_with_headers  # type: ignore[method-assign]
            await super().handshake(*args, **kwargs)

    return _Connection


def _ext(code: int, data: bytes) -> Any:
    """Flet's msgpack extension types (flet.messaging.protocol.decode_ext_from_msgpack), as plain values."""
    if code in (1, 2, 4):
        return data.decode("utf-8")
    if code == 3:
        return int.from_bytes(data, "big", signed=True) if isinstance(data, bytes) else data
    return msgpack.ExtType(code, data)


def _unwrap(value: Any) -> list:
    """A list of controls from a value that may be a component (`_c == "C"`, body in `_b`) or nested ones."""
    out: list = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            stack.extend(reversed(v))
        elif isinstance(v, dict) and v.get("_c") == "C":
            stack.append(v.get("_b"))
        elif v is not None:
            out.append(v)
    return out


def _walk(root: Any) -> Iterator[dict]:
    """Every control dict (one with `_i`) under `root`, depth first."""
    stack = [root]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if "_i" in v:
                yield v
            stack.extend(reversed([x for x in v.values() if isinstance(x, (dict, list))]))
        elif isinstance(v, list):
            stack.extend(reversed([x for x in v if isinstance(x, (dict, list))]))


def _key_of(node: dict) -> Any:
    key = node.get("key")
    if isinstance(key, dict):
        return key.get("value")
    return key


def _texts(root: Any) -> list[str]:
    out: list[str] = []
    for node in _walk(root):
        for attr in ("value", "label", "text", "title", "error", "content"):
            value = node.get(attr)
            if isinstance(value, str) and value:
                out.append(value)
    return out
