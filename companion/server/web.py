"""The web server: Flet's web client and websocket behind the guard, served by uvicorn.

Flet's own `ft.run(..., view=WEB_BROWSER)` serves any origin (it even adds `Access-Control-Allow-Origin:
*`), publishes FastAPI's `/docs`, lets `FLET_SERVER_IP` widen the address it listens on, keeps a closed
tab's session for an hour, and sends Python tracebacks to the browser. This module assembles the same
parts (the websocket handler `FletApp`, the static client `FletStaticFiles`) without those, behind
`Guard` (companion/server/guard.py).
"""

from __future__ import annotations

import asyncio
import atexit
import ctypes
import ctypes.util
import gc
import io
import ipaddress
import logging
import os
import shutil
import signal
import socket
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from fastapi import WebSocket  # FastAPI reads the handler's annotation from this module's names

from companion.inputs import WEB_FILE_BYTES
from companion.server.connections import (HEADER_BYTES, PER_DEVICE_SOCKETS, count_down, http_protocol,
                                          raise_open_files_limit)
from companion.server.guard import Addresses, Guard, JoinGate, listens_everywhere, plain_address
from companion.server.lan import LanAccess

__all__ = [
    "build_asgi", "open_socket", "serve", "ServerPlan", "plan_server", "use_system_allocator", "SESSION_TIMEOUT",
    "PUBLIC_ERROR", "forget_session", "UnreadableRegistration", "MOST_VALUES", "values_in",
]

# How long a closed or disconnected tab's session is kept. A tab whose connection comes back never takes
# up its old session (`_FreshSessions`): every move is saved as it is made, and a new session draws the
# same screen from the store. A kept session only holds memory until Flet's next sweep (every 10 s).
SESSION_TIMEOUT = 0

# What a browser is told when something fails on the server; the details go to the server's console.
PUBLIC_ERROR = ("Something went wrong on the computer running the companion. Everything already saved is "
                "kept: reload the page to go on.")

log = logging.getLogger("companion.server")

# The largest websocket message taken from a tab: a file picked on the device at the largest size a browser
# may send (`WEB_FILE_BYTES`), and the message around it. A larger one closes the tab's connection.
WS_MAX_BYTES = WEB_FILE_BYTES + 1024 * 1024


@dataclass(frozen=True)
class ServerPlan:
    """Where the server listens and who may join, decided from the command line and settings."""

    host: str
    port: int
    lan: LanAccess | None

    @property
    def local_url(self) -> str:
        """The address to open on this computer."""
        host = self.host
        if listens_everywhere(host) or ipaddress.ip_address(host).is_loopback:
            host = "127.0.0.1"
        elif ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}"


def plan_server(host: str, port: int, code: str | None, *, lan: bool = False) -> ServerPlan:
    """Check --host and decide LAN mode (any address but loopback); `code` is the join code kept in the
    settings, None for a random one. ValueError with a sentence when the address is unusable, or when
    `lan` (--lan) was asked for with a loopback address."""
    text = (host or "").strip()
    if text == "localhost":
        text = "127.0.0.1"
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        raise ValueError(f"--host must be an IP address of this computer (127.0.0.1, 0.0.0.0 or one of its "
                         f"network addresses), not {host!r}") from None
    bound = str(address)
    if address.is_loopback:
        if lan:
            raise ValueError("--lan serves to the network, so it cannot be combined with a loopback --host")
        return ServerPlan(bound, port, None)
    return ServerPlan(bound, port, LanAccess(JoinGate(code), bound, port, kept=code is not None))


def build_asgi(main: Callable, plan: ServerPlan):
    """The whole server as one ASGI app: the guard in front of the websocket and the web client.

    In LAN mode `plan.lan.this_computer(peer)` says which connections need no join code (loopback and this
    computer's own addresses).
    """
    from flet_web.fastapi import FastAPI, app_manager  # noqa: PLC0415 - heavy; only a server needs it
    from flet_web.fastapi.flet_static_files import FletStaticFiles  # noqa: PLC0415

    from companion.ui.shell.home import APP_TITLE  # noqa: PLC0415

    flet_app_class = _quiet_flet_app()

    housekeeping: set[asyncio.Task] = set()     # held here: the loop keeps only a weak reference to a task

    async def start_housekeeping() -> None:
        housekeeping.add(asyncio.get_running_loop().create_task(_release_memory(app_manager)))

    inner = FastAPI(docs_url=None, redoc_url=None, openapi_url=None, swagger_ui_oauth2_redirect_url=None,
                    on_startup=[start_housekeeping])

    # Whether a new tab is on this computer is decided before anything the tab sends after registering is
    # applied: `before_main` runs while the page's client_ip is still the address the connection came from.
    # By the time `main` runs, the tab may have sent page properties of its own, client_ip among them.
    before_main = plan.lan.note_tab if plan.lan is not None else None

    # A phone's tabs each hold one websocket, and each may send a file as large as `WS_MAX_BYTES`, which the
    # server holds whole, several times over, while it reads it: a device other than this computer gets at
    # most `PER_DEVICE_SOCKETS` at once (`connections.py` counts its other connections).
    sockets_by_device: dict[str, int] = {}
    counted = plan.lan.this_computer if plan.lan is not None else None

    @inner.websocket("/ws")
    async def websocket_handler(websocket: WebSocket) -> None:
        peer = websocket.client.host if websocket.client else ""
        device = plain_address(peer) if counted is not None and not counted(peer) else None
        if device is not None:
            if sockets_by_device.get(device, 0) >= PER_DEVICE_SOCKETS:
                await websocket.close(code=1008)        # before the handshake is accepted: a 403 answer
                return
            sockets_by_device[device] = sockets_by_device.get(device, 0) + 1
        try:
            await _handle(flet_app_class(
                loop=asyncio.get_running_loop(), executor=app_manager.executor, main=main, before_main=before_main,
                session_timeout_seconds=SESSION_TIMEOUT,
            ), _FreshSessions(websocket))
        finally:
            if device is not None:
                count_down(sockets_by_device, device)

    inner.mount("/", FletStaticFiles(app_name=APP_TITLE, app_short_name="Companion",
                                     app_description="Score sheets, rules and solo opponents for climbing games",
                                     no_cdn=True, websocket_endpoint_path="ws", assets_dir=_client_files()))
    if plan.lan is not None:
        lan = plan.lan
        addresses = Addresses(plan.host, plan.port, interfaces=lan.own_addresses,
                              extra_names=_host_names())
        return Guard(inner, addresses, lan.gate, this_computer=lan.this_computer)
    return Guard(inner, Addresses(plan.host, plan.port))


def _client_files() -> str:
    """A folder laid over Flet's web client: its index.html with the companion's page script, which sends
    the client's one request for a CDN (Rive's runtime) to this server instead, and that script's files."""
    from companion.browser.build import CLIENT_DIR, flet_web_dir, inject_client  # noqa: PLC0415

    folder = Path(tempfile.mkdtemp(prefix="companion-web-"))
    atexit.register(shutil.rmtree, folder, True)
    index = (flet_web_dir() / "index.html").read_text(encoding="utf-8")
    (folder / "index.html").write_text(inject_client(index), encoding="utf-8")
    for name in ("companion.js", "companion-rive.js"):
        shutil.copyfile(CLIENT_DIR / name, folder / name)
    return str(folder)


def open_socket(plan: ServerPlan) -> socket.socket:
    """Bind the listening socket first, so a port in use is one clear sentence (OSError), not a log."""
    family = socket.AF_INET6 if ":" in plan.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        if sys.platform != "win32":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((plan.host, plan.port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def serve(main: Callable, plan: ServerPlan, sock: socket.socket) -> None:
    """Run the server until Ctrl+C (or SIGTERM); returns quietly."""
    import uvicorn  # noqa: PLC0415

    # The client is always served from this computer (no CDN): the app must work in a tent.
    os.environ["FLET_WEB_NO_CDN"] = "1"
    # A picked file's bytes reach the server in one websocket message: room for the largest file a browser
    # may send (uvicorn's own limit, 16 MiB, is what a few thousand finished games make).
    # Headers bounded in size and in time, and a phone's connections counted (companion/server/connections.py).
    raise_open_files_limit()
    protocol = http_protocol(plan.lan.this_computer if plan.lan is not None else None)
    config = uvicorn.Config(build_asgi(main, plan), log_level="warning", http=protocol, ws="websockets-sansio",
                            h11_max_incomplete_event_size=HEADER_BYTES, ws_max_size=WS_MAX_BYTES,
                            timeout_graceful_shutdown=3, server_header=False, proxy_headers=False)
    server = uvicorn.Server(config)

    def stop(_signum, _frame) -> None:
        # Set before the loop starts: a Ctrl+C during start-up would otherwise cancel a task that Flet's
        # start-up swallows, and the server would go on running. A second Ctrl+C stops at once.
        if server.should_exit:
            server.force_exit = True
        server.should_exit = True

    signals = [signal.SIGINT] + ([signal.SIGTERM] if hasattr(signal, "SIGTERM") else [])
    previous = {number: signal.signal(number, stop) for number in signals}
    try:
        asyncio.run(server.serve(sockets=[sock]))
    except (KeyboardInterrupt, asyncio.CancelledError):
        pass
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def use_system_allocator(argv: list[str]) -> None:
    """On Linux, run the server under the C allocator so memory freed by closed tabs goes back to the system.

    Python's own small-object allocator keeps an arena as long as one object in it lives, and a few
    long-lived objects made while hundreds of tabs came and went pin most of them: 300 short visits
    left the server 35 MB larger for good. Under `PYTHONMALLOC=malloc`, glibc's `malloc_trim` (called
    after closed sessions are dropped) hands the pages back. The allocator is chosen when the
    interpreter starts, so this replaces the process with a fresh interpreter (same process id) set up
    that way, once; elsewhere, or when it is set already, it returns at once.

    Ctrl+C and SIGTERM are held (blocked, a mask that survives the exec) while the new interpreter
    starts, and let through once it is back here, inside the command line's own handling: one that
    arrived meanwhile then stops the server quietly instead of interrupting the interpreter's start.
    """
    if not sys.platform.startswith("linux"):
        return
    restarted = os.environ.pop(_RESTARTED, None)
    if restarted is not None:
        # Only the signals held for the restart: one the caller had blocked itself stays blocked.
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {s for s in _HELD if str(int(s)) in restarted.split(",")})
        return
    if os.environ.get("PYTHONMALLOC") == "malloc" or os.environ.get("COMPANION_KEEP_ALLOCATOR") or not sys.executable:
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    env = dict(os.environ, PYTHONMALLOC="malloc", **{_RESTARTED: ",".join(str(int(s)) for s in _HELD - held)})
    try:
        os.execve(sys.executable, [sys.executable, "-m", "companion", *argv], env)
    except OSError:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        return      # could not start the interpreter again: serve as we are


_RESTARTED = "COMPANION_RESTARTED"
_HELD = {signal.SIGINT, signal.SIGTERM}


def describe(plan: ServerPlan) -> list[str]:
    """The lines printed at start: where to open the app and, on the Wi-Fi, who can and how."""
    if plan.lan is None:
        return [f"The companion is running at {plan.local_url} (Ctrl+C to stop)",
                "Only this computer can open it; --lan opens it to phones on the same Wi-Fi."]
    urls = plan.lan.urls()
    lines = []
    if urls:
        lines.append("The companion is open to this network. On a phone on the same Wi-Fi, open")
        lines.extend(f"    {url}" for url in urls)
    else:
        lines.append("This computer has no network address yet (is it on the Wi-Fi?). The companion "
                     f"listens on {plan.host}:{plan.port} and the addresses appear on its home screen once "
                     "it joins a network.")
    lines.append(f"Join code: {plan.lan.shown_code} (the home screen at {plan.local_url} shows it as a "
                 "QR code)")
    lines.append("Anyone on this network who has the code can see and change everything the companion keeps: "
                 "players, games, history, settings and backups. Ctrl+C stops it.")
    return lines


def _host_names() -> tuple[str, ...]:
    try:
        name = socket.gethostname().lower()
    except OSError:
        return ()
    return (name, f"{name}.local") if name and "." not in name else (name,)


async def _handle(flet_app, tab: "_FreshSessions") -> None:
    """Flet's handler for one tab, ended when the tab closes before it has registered. Flet stops sending to a
    tab when its reading ends only once it has a session: a tab that closed first (or whose registration could
    not be read) left the handler waiting for ever, and the tab's place among its device's websockets taken."""
    handler = asyncio.ensure_future(flet_app.handle(tab))
    gone = asyncio.ensure_future(tab.gone.wait())
    try:
        await asyncio.wait({handler, gone}, return_when=asyncio.FIRST_COMPLETED)
        if not handler.done() and not tab.registered:
            handler.cancel()
        await asyncio.wait({handler})
        if not handler.cancelled() and handler.exception() is not None:
            if _disconnected(handler.exception()):
                # A tab that left (reloaded, closed, a phone that slept) while Flet was sending to it: the end
                # of an ordinary visit, not an error to log with a traceback.
                return
            raise handler.exception()
    finally:
        gone.cancel()
        if not handler.done():          # this task itself cancelled (the server stopping)
            handler.cancel()


def _disconnected(error: BaseException) -> bool:
    """The error a websocket's end raises in the code sending to it (Starlette's, or uvicorn's under it)."""
    from starlette.websockets import WebSocketDisconnect  # noqa: PLC0415
    from uvicorn.protocols.utils import ClientDisconnected  # noqa: PLC0415

    return isinstance(error, (WebSocketDisconnect, ClientDisconnected))


class _FreshSessions:
    """A tab's websocket as Flet's handler reads it, with the claim to an earlier session taken out of the
    tab's registration, so every connection starts a new session.

    A browser whose connection dropped (a phone's Wi-Fi, a screen that slept) registers again with its old
    session's id, and Flet sends it that session's whole page to merge into the screen it still shows. Flet's
    web client took over a minute to merge a Trek 12 sheet in a busy browser, the screen frozen meanwhile;
    a new session's screen is drawn as fast as a new tab's. It also means no client can take up a session
    it names, whatever it sends: a registration this cannot read closes the connection."""

    def __init__(self, websocket: WebSocket) -> None:
        self._websocket = websocket
        self.registered = False             # a registration was passed on to Flet
        self.gone = asyncio.Event()         # the tab closed (or was closed): nothing more comes from it

    def __getattr__(self, name: str):
        return getattr(self._websocket, name)

    async def receive_bytes(self) -> bytes:
        try:
            frame = await self._websocket.receive_bytes()
            if len(frame) > MOST_VALUES and frame[:1] == b"\x00" and values_in(frame, MOST_VALUES) > MOST_VALUES:
                raise _Refused(1009, "a message of more values, or longer dates, than the web client sends")
            if not self.registered and frame:
                # Flet reads a tab's frames until one fails; before the tab has a session its handler then
                # waits for ever, and the tab's place among its device's websockets stays taken: the first
                # frame must be a registration Flet can read, or the tab is closed.
                frame = forget_session(frame)
                if not is_registration(frame):
                    raise _Refused(1008, "a first message that is not a registration")
                self.registered = True
            else:
                frame = forget_session(frame)
        except (UnreadableRegistration, _Refused) as exc:
            from starlette.websockets import WebSocketDisconnect  # noqa: PLC0415

            code = exc.code if isinstance(exc, _Refused) else 1008
            log.warning("A tab's connection was closed: %s", exc)
            self.gone.set()
            await self._websocket.close(code=code)
            raise WebSocketDisconnect(code=code) from None
        except BaseException:
            self.gone.set()
            raise
        return frame


class _Refused(Exception):
    """A frame the server does not pass on to Flet: the tab's connection is closed with `code`."""

    def __init__(self, code: int, why: str) -> None:
        super().__init__(why)
        self.code = code


# The most values (numbers, strings, lists, maps...) one websocket frame may hold. Flet decodes a frame whole
# before it looks at it, and each value costs the server far more than its byte: a frame of 34 million empty
# lists (one byte each) held 2.7 GB and stopped the server for 25 s. What the web client sends holds a few
# hundred values at most; a file picked on the device comes as one value, its bytes.
MOST_VALUES = 100_000
# Flet reads its extension types 1 to 3 as a date, a time of day and a duration, parsing their text: one
# "time" of thousands of long numbers took seconds. The web client's are a few dozen bytes; a longer one in a
# frame of more than `MOST_VALUES` bytes refuses the frame (a smaller frame's take a millisecond or two).
_DATE_CODES = (b"\x01", b"\x02", b"\x03")
_DATE_BYTES = 64


class UnreadableRegistration(ValueError):
    """A frame that says it is a registration but cannot be read whole."""


def is_registration(frame: bytes) -> bool:
    """Whether a tab's websocket frame is a registration (Flet's REGISTER_CLIENT), from its first bytes."""
    return _action(frame) == _register_action()


def _register_action() -> int:
    from flet.messaging.protocol import MessageAction  # noqa: PLC0415

    return MessageAction.REGISTER_CLIENT.value


def _action(frame: bytes):
    """The action of a protocol frame (a type byte 0, then msgpack `[action, body]`), read without decoding the
    body; None for any other frame or one that does not start as a message."""
    import msgpack  # noqa: PLC0415

    if frame[:1] != b"\x00":
        return None
    stream = io.BytesIO(frame)
    stream.seek(1)
    try:
        header = msgpack.Unpacker(stream, read_size=64)
        return header.unpack() if header.read_array_header() >= 1 else None
    except Exception:  # noqa: BLE001 - a frame Flet cannot read either
        return None


# msgpack's one-byte headers of a fixed size: how many bytes follow the header byte (str, bin and ext add
# their length, read from the bytes after it).
_FIXED = {0xc0: 0, 0xc2: 0, 0xc3: 0, 0xca: 4, 0xcb: 8, 0xcc: 1, 0xcd: 2, 0xce: 4, 0xcf: 8, 0xd0: 1, 0xd1: 2,
          0xd2: 4, 0xd3: 8, 0xd4: 2, 0xd5: 3, 0xd6: 5, 0xd7: 9, 0xd8: 17, 0xdc: 2, 0xdd: 4, 0xde: 2, 0xdf: 4}
# Headers followed by a length of n bytes, then that many bytes (ext: and a type byte).
_SIZED = {0xc4: (1, 0), 0xc5: (2, 0), 0xc6: (4, 0), 0xc7: (1, 1), 0xc8: (2, 1), 0xc9: (4, 1), 0xd9: (1, 0),
          0xda: (2, 0), 0xdb: (4, 0)}


def values_in(frame: bytes, most: int) -> int:
    """How many msgpack values a protocol frame (a type byte, then msgpack) holds, counted up to `most` + 1:
    each value's header is read and a string's or bytes' contents skipped, without building anything. A list
    or map counts one, and its members each count; a date, time or duration (Flet's extension types 1 to 3)
    longer than any the web client sends counts as `most` + 1 by itself. Bytes that are not msgpack end the
    count. About 10 ms for 100,000 one-byte values, 75 ms for as many strings."""
    count = 0
    at, end = 1, len(frame)
    while at < end and count <= most:
        head = frame[at]
        count += 1
        if head <= 0x9f or head >= 0xe0:          # fixint, fixmap, fixarray (members follow), negative fixint
            at += 1
        elif head <= 0xbf:                          # fixstr
            at += 1 + (head & 0x1f)
        elif head in _FIXED:
            at += 1 + _FIXED[head]
        elif head in _SIZED:
            width, extra = _SIZED[head]
            size = int.from_bytes(frame[at + 1:at + 1 + width], "big")
            if extra and size > _DATE_BYTES and frame[at + 1 + width:at + 2 + width] in _DATE_CODES:
                return most + 1
            at += 1 + width + extra + size
        else:                                       # 0xc1, never used
            break
    return count


def forget_session(frame: bytes) -> bytes:
    """A websocket frame from a tab, with the session id taken out if it is a registration: Flet's protocol
    frame is a type byte (0 for a msgpack message) and `[action, body]`. Only a registration is decoded
    whole, as Flet decodes it (its extension type 4 is a string, so a key may be one); one that does not
    decode raises `UnreadableRegistration`. Any other frame is passed on unchanged."""
    import msgpack  # noqa: PLC0415 - Flet's own dependency; only a server needs it

    if _action(frame) != _register_action():
        return frame
    from flet.messaging.protocol import decode_ext_from_msgpack  # noqa: PLC0415

    try:
        msgpack.unpackb(frame[1:], ext_hook=decode_ext_from_msgpack)     # as Flet reads it (dates and all)
        message = msgpack.unpackb(frame[1:], ext_hook=_flet_strings)     # and as it is sent on
    except Exception as exc:  # noqa: BLE001
        raise UnreadableRegistration(str(exc)) from None
    body = message[1] if isinstance(message, list) and len(message) > 1 else None
    if not isinstance(body, dict) or not all(isinstance(k, str) for k in body) or not _registers(body):
        raise UnreadableRegistration("a registration Flet cannot read")
    if not body.get("session_id"):
        return frame
    body["session_id"] = None
    return b"\x00" + msgpack.packb(message, use_bin_type=True)


def _registers(body: dict) -> bool:
    """Whether Flet can make its registration out of `body` (its fields, no others), as it does first."""
    from flet.messaging.protocol import RegisterClientRequestBody  # noqa: PLC0415

    try:
        RegisterClientRequestBody(**body)
    except TypeError:
        return False
    return True


def _flet_strings(code: int, data: bytes):
    """Flet's reading of msgpack extension types, as far as it makes strings (type 4); the others are kept
    as they came, to be sent on as they were."""
    import msgpack  # noqa: PLC0415

    return data.decode("utf-8") if code == 4 else msgpack.ExtType(code, data)


def _quiet_flet_app():
    """Flet's websocket handler, changed so a crash report never carries a traceback to the browser, and so a
    tab that leaves while a message is sent to it lets its session go."""
    from flet.messaging.protocol import Message, MessageAction, SessionCrashedBody  # noqa: PLC0415
    from flet_web.fastapi import app_manager  # noqa: PLC0415
    from flet_web.fastapi.flet_app import FletApp  # noqa: PLC0415

    class QuietFletApp(FletApp):
        async def handle(self, websocket) -> None:
            try:
                await super().handle(websocket)
            except Exception as error:
                if not _disconnected(error):
                    raise
                # The send that found the tab gone raised past the end of Flet's handler, which lets the
                # session go (it is dropped once its timeout passes): it is let go here instead, or it would
                # stay for good, its page redrawn at every change any tab saves, for no one.
                session = getattr(self, "_FletApp__session", None)
                unique = getattr(self, "_FletApp__get_unique_session_id", None)
                if session is not None and unique is not None:
                    await app_manager.disconnect_session(unique(session.id), SESSION_TIMEOUT)
                raise

        def send_message(self, message: Message) -> None:
            if message.action == MessageAction.SESSION_CRASHED:
                log.error("a session failed: %s", getattr(message.body, "message", message.body))
                message = Message(MessageAction.SESSION_CRASHED, SessionCrashedBody(PUBLIC_ERROR))
            elif message.action == MessageAction.REGISTER_CLIENT and getattr(message.body, "error", ""):
                log.error("a session could not start: %s", message.body.error)
                message.body.error = PUBLIC_ERROR
            super().send_message(message)

    return QuietFletApp


def _session_count(manager) -> int:
    # Flet's app manager has no public count of its sessions; its private table is read, and a Flet
    # without one reads as 0 (the memory is then simply not handed back early).
    sessions = getattr(manager, "_FletAppManager__sessions", None)
    return len(sessions) if isinstance(sessions, dict) else 0


async def _release_memory(manager, every: float = 10.0) -> None:
    """After closed tabs' sessions are dropped, collect them and hand the freed memory back to the system."""
    trim = _malloc_trim()
    last = _session_count(manager)
    rounds_left = 0
    while True:
        await asyncio.sleep(every)
        now = _session_count(manager)
        if now < last:
            # Closing a session finishes in tasks of its own (effects cleaned up, views unmounted), so
            # its screens become garbage over the next moments: collect for a few rounds, not one.
            rounds_left = 3
        if rounds_left:
            rounds_left -= 1
            gc.collect()
            if trim is not None:
                trim(0)
        last = now


def _malloc_trim():
    """glibc's malloc_trim, which returns freed heap pages to the system; None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return libc.malloc_trim
    except (OSError, AttributeError):
        return None
