"""The served app as an attacker meets it, over the websocket protocol itself (no browser).

- A page on another site (a foreign Origin) or a rebound host name (a foreign Host) is refused.
- A client that is let in (a player's own phone, or a hostile device that has the join code) cannot make
  the server read or write a path: backups and CSVs are downloads, imports are uploads, whatever the
  client answers to the file dialogs; no screen shows the data folder.
- A crash caused by a client reaches it as one plain sentence, never a traceback.
- In LAN mode a device without the code gets the code page and no websocket; the code lets it in;
  repeated wrong codes lock its address out. Before it has given the code, it cannot stall the server with
  huge or slow headers, nor hold more than its share of connections.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import socket
import time
from urllib.parse import urlsplit

import pytest
import websockets
from client import Refused, connect
from lan_server import OWN_ADDRESS

from companion.server.connections import HEADER_SECONDS, PER_DEVICE, PER_DEVICE_SOCKETS
from companion.server.web import MOST_VALUES, PUBLIC_ERROR, WS_MAX_BYTES

CODE = "12345678"
# The cookie every join page sets: a phone that opened the join page (or came back through its one redirect).
SEEN = {"Cookie": "companion_seen=1"}


def _get(base_url: str, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One HTTP GET, redirects not followed: (status, lower-case headers, body)."""
    parts = urlsplit(base_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def _text(tab, key: str) -> str:
    """The value of the control with `key` on the tab's screen, or "" while it is not there."""
    control = tab.find(key)
    return str(control.value or "") if control is not None else ""


def _backup_with(name: str) -> str:
    """A valid backup file holding one player, so importing it would show."""
    from companion.store import open_store

    store = open_store(memory=True)
    try:
        store.players.add(name)
        return json.dumps(store.export_all())
    finally:
        store.close()


async def test_only_the_servers_own_pages_get_in(server):
    port = urlsplit(server.url).port
    for headers in ({"Origin": "http://evil.example"}, {"Host": f"evil.example:{port}"},
                    {"Host": f"attacker.example:{port}", "Origin": f"http://attacker.example:{port}"}):
        status, _, _ = _get(server.url, "/", headers)
        assert status == 403, headers
    for kwargs in ({"origin": "http://evil.example"}, {"origin": "null"}, {"origin": None},
                   {"host_header": f"rebound.example:{port}", "origin": f"http://rebound.example:{port}"}):
        with pytest.raises(Refused) as refused:
            await connect(server.url, **kwargs)
        assert refused.value.status == 403, kwargs
    status, headers, _ = _get(server.url, "/")
    assert status == 200
    assert "access-control-allow-origin" not in headers          # no other site may read our answers
    assert headers.get("x-frame-options") == "SAMEORIGIN"
    for path in ("/docs", "/redoc", "/openapi.json"):
        _, _, body = _get(server.url, path)
        assert b"swagger" not in body.lower() and b"redoc" not in body.lower() and b'"openapi"' not in body
    assert server.alive()


async def test_the_backup_attack_leaves_the_server_files_untouched(server, tmp_path):
    bashrc = tmp_path / "bashrc"
    bashrc.write_text("# the user's shell start-up\n")
    planted = tmp_path / "planted-backup.json"
    planted.write_text(_backup_with("Mallory"))
    async with await connect(server.url, route="/players") as tab:
        await tab.wait_key("player-name")
        await tab.type("player-name", "$(id>~/owned)")
        await tab.click("player-add")
        await tab.wait_for(lambda t: "$(id>~/owned)" in t.texts())
        # The hostile tab answers every file dialog with a path on the server.
        tab.answers["save_file"] = lambda args: str(bashrc)
        tab.answers["pick_files"] = lambda args: [{"id": 1, "name": "planted-backup.json", "size": 10,
                                                   "path": str(planted)}]
        planted_pick = [{"id": 1, "name": "planted-backup.json", "size": 10, "path": str(planted)}]
        await tab.navigate("/settings")
        await tab.wait_key("settings-backup-download")
        assert not [key for key in tab.keys() if "path" in str(key)]
        assert str(server.data_dir) not in " ".join(tab.texts())
        await tab.click("settings-backup-download")
        await tab.wait_for(lambda t: "downloaded" in _text(t, "settings-backup-result"))
        await tab.click("settings-csv-download")
        await tab.wait_key("settings-csv-result")
        await tab.pick_files("settings-backup-pick", planted_pick)
        await tab.wait_for(lambda t: "did not arrive" in _text(t, "settings-backup-result"))
        assert "save_file" in {name for name, _ in tab.invoked}
        await tab.navigate("/games/trek12")
        await tab.wait_key("t12-new-start")
        assert not [key for key in tab.keys() if "path" in str(key)]
        await tab.click("t12-new-sheet-file")
        await tab.wait_key("t12-new-pick")
        await tab.pick_files("t12-new-pick", [{"id": 1, "name": "sheet.json", "size": 10, "path": str(planted)}])
        await tab.wait_for(lambda t: "did not arrive" in _text(t, "t12-new-file-error"))
        tab.assert_no_crash()
    assert bashrc.read_text() == "# the user's shell start-up\n"
    assert server.alive()
    assert server.stop_and_read_players() == ["$(id>~/owned)"]      # Mallory's backup was never read


async def test_a_crash_a_client_causes_shows_no_traceback(server):
    async with await connect(server.url, route="/settings") as tab:
        await tab.wait_key("settings-backup-pick")
        # A file dialog answer that Flet cannot even read: the handler fails on the server.
        await tab.pick_files("settings-backup-pick", [{"no such field": "x"}])
        await tab.wait_for(lambda t: t.crashes, timeout=10)
        assert tab.crashes == [PUBLIC_ERROR]
    log = server.log_text()
    assert "Traceback" in log                # the details are on the server's console
    assert server.alive()


@pytest.fixture
def lan_server(tmp_path):
    from conftest import start_server

    running = start_server(tmp_path, name="lan", lan_code=CODE)
    try:
        yield running
    finally:
        running.stop()
        print(running.log_text()[-4000:])


async def test_lan_without_the_code_a_device_gets_the_code_page_and_no_websocket(lan_server):
    for path in ("/", "/players", "/main.dart.js", "/ws"):
        status, headers, body = _get(lan_server.url, path)
        assert status == 401 and b"Join the table" in body, path
    for cookies in (None, {"companion_join": "guessed"}):
        with pytest.raises(Refused) as refused:
            await connect(lan_server.url, cookies=cookies)
        assert refused.value.status == 403


async def test_lan_the_code_lets_a_device_in(lan_server):
    status, headers, _ = _get(lan_server.url, "/?code=1234%205678")       # the QR code's first visit
    assert status == 303 and headers["location"] == "/?code=1234+5678&seen=1"
    assert headers["set-cookie"].startswith("companion_seen=1;")
    status, headers, _ = _get(lan_server.url, headers["location"], SEEN)
    assert status == 303 and headers["location"] == "/"
    cookie = headers["set-cookie"].split(";")[0]
    status, _, body = _get(lan_server.url, "/", {"Cookie": cookie})
    assert status == 200 and b"flutter" in body.lower()
    async with await connect(lan_server.url, cookies=cookie, route="/players") as phone:
        await phone.wait_key("player-name")
        await phone.type("player-name", "Ann")
        await phone.click("player-add")
        await phone.wait_for(lambda t: "Ann" in t.texts())
        await phone.navigate("/")
        await phone.wait_key("home-players")
        assert "lan-card" not in phone.keys()         # a phone that joined is not shown the code
        assert CODE not in " ".join(phone.texts()).replace(" ", "")
        phone.assert_no_crash()
    assert lan_server.stop_and_read_players() == ["Ann"]


async def test_lan_a_phone_that_says_it_is_this_computer_is_still_a_phone(lan_server):
    # The page's client_ip is a property the tab can set like any other: sent before the app has started,
    # it must not make the server take the phone for this computer (which sees and keeps the join code).
    _, headers, _ = _get(lan_server.url, f"/?code={CODE}", SEEN)
    cookie = headers["set-cookie"].split(";")[0]
    async with await connect(lan_server.url, cookies=cookie, route="/settings",
                             first_patch={"client_ip": OWN_ADDRESS}) as phone:
        await phone.wait_key("settings-language-title")
        assert not {"settings-lan-code", "settings-lan-new-code", "settings-lan-keep"} & phone.keys()
        await phone.navigate("/")
        await phone.wait_key("home-players")
        assert not {"lan-card", "settings-lan-code", "settings-lan-new-code"} & phone.keys()
        assert CODE not in " ".join(phone.texts()).replace(" ", "")
        phone.assert_no_crash()


async def test_lan_a_device_holds_at_most_its_share_of_websockets(lan_server):
    # Each tab may send a file of up to 32 MB, which the server holds whole while reading it: a device with the
    # code gets PER_DEVICE_SOCKETS tabs at once, not hundreds.
    _, headers, _ = _get(lan_server.url, f"/?code={CODE}", SEEN)
    cookie = headers["set-cookie"].split(";")[0]
    tabs = [await connect(lan_server.url, cookies=cookie, route="/players") for _ in range(PER_DEVICE_SOCKETS)]
    try:
        with pytest.raises(Refused) as refused:
            await connect(lan_server.url, cookies=cookie)
        assert refused.value.status == 403
        await tabs[0].wait_key("player-name")                # the tabs held still work
        await tabs.pop().close()
        for _ in range(50):                                  # a closed tab frees its place
            try:
                tabs.append(await connect(lan_server.url, cookies=cookie, route="/players"))
                break
            except Refused:
                await asyncio.sleep(0.1)
        await tabs[-1].wait_key("player-name")
    finally:
        for tab in tabs:
            await tab.close()


async def test_lan_tabs_closed_before_registering_give_back_their_places(lan_server):
    # A tab that closed before it registered (or sent a registration that cannot be read) kept its place
    # among the device's PER_DEVICE_SOCKETS for good: the server waited for ever on the tab's sends. After as
    # many, the phone could open no tab until the server was restarted.
    import msgpack

    from client import _connection_with

    _, headers, _ = _get(lan_server.url, f"/?code={CODE}", SEEN)
    cookie = headers["set-cookie"].split(";")[0]
    ws_url = lan_server.url.replace("http://", "ws://") + "/ws"
    unreadable = b"\x00" + msgpack.packb([1, {msgpack.ExtType(4, b"\xff"): "abc"}], use_bin_type=True)
    for attempt in range(PER_DEVICE_SOCKETS + 2):
        overrides = {"Origin": lan_server.url, "Cookie": cookie}
        async with websockets.connect(ws_url, create_connection=_connection_with(overrides)) as raw:
            if attempt % 2:
                await raw.send(unreadable)
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await asyncio.wait_for(raw.recv(), 10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    for _ in range(100):
        try:
            tab = await connect(lan_server.url, cookies=cookie, route="/players")
            break
        except Refused:
            await asyncio.sleep(0.1)
    else:
        pytest.fail("the device got no tab: the closed ones kept their places")
    try:
        await tab.wait_key("player-name")
    finally:
        await tab.close()
    assert lan_server.alive()


@pytest.mark.parametrize("first", ["not msgpack", "a key in bytes", "a field Flet does not know", "not a registration",
                                   "a duration Flet cannot read"])
async def test_lan_tabs_whose_first_message_flet_cannot_read_give_back_their_places(lan_server, first):
    # Flet reads a tab's frames until one fails; before the tab had a session its handler then waited for
    # ever. A phone that sent eight such first frames could open no tab until the server was restarted.
    import msgpack

    from client import _connection_with

    frame = {
        "not msgpack": b"\x00\xc1",
        "a key in bytes": b"\x00" + msgpack.packb([1, {b"session_id": None, b"page_name": "", b"page": {}}],
                                                  use_bin_type=True),
        "a field Flet does not know": b"\x00" + msgpack.packb(
            [1, {"session_id": None, "page_name": "", "page": {}, "extra": 1}], use_bin_type=True),
        "not a registration": b"\x00" + msgpack.packb([3, {"target": 1, "name": "click", "data": ""}]),
        "a duration Flet cannot read": b"\x00" + msgpack.packb(
            [1, {"session_id": None, "page_name": "", "page": {"route": "/", "x": msgpack.ExtType(3, b"zz")}}]),
    }[first]
    _, headers, _ = _get(lan_server.url, f"/?code={CODE}", SEEN)
    cookie = headers["set-cookie"].split(";")[0]
    ws_url = lan_server.url.replace("http://", "ws://") + "/ws"
    for _ in range(PER_DEVICE_SOCKETS + 2):
        overrides = {"Origin": lan_server.url, "Cookie": cookie}
        async with websockets.connect(ws_url, create_connection=_connection_with(overrides)) as raw:
            await raw.send(frame)
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(raw.recv(), 10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    tab = await connect(lan_server.url, cookies=cookie, route="/players")
    try:
        await tab.wait_key("player-name")
    finally:
        await tab.close()
    assert lan_server.alive()


async def _still_works(tab) -> None:
    """A tab of the same server adds a player: the server is not held up by what another tab sent."""
    await tab.wait_key("player-name")
    await tab.type("player-name", "Ann")
    await tab.click("player-add")
    await tab.wait_for(lambda t: "Ann" in t.texts())
    tab.assert_no_crash()


async def test_a_message_of_too_many_values_closes_only_its_tab(server):
    # Flet decodes a frame whole: 34 million empty lists, one byte each, held 2.7 GB and stopped every tab for
    # 25 s. Such a frame is counted, not decoded, and its tab closed.
    import msgpack

    tab = await connect(server.url, route="/players")
    other = await connect(server.url, route="/players")
    try:
        lists = b"\xdd" + (MOST_VALUES + 1).to_bytes(4, "big") + b"\x90" * (MOST_VALUES + 1)
        body = msgpack.packb({"target": 1, "name": "click"})         # a fixmap of two: made one of three
        frame = b"\x00\x92\x03" + bytes([body[0] + 1]) + body[1:] + msgpack.packb("data") + lists
        assert msgpack.unpackb(frame[1:])[1]["data"] == [[]] * (MOST_VALUES + 1)
        await tab.ws.send(frame)
        await asyncio.wait_for(tab.ws.wait_closed(), 30)
        assert tab.ws.close_code == 1009
        await _still_works(other)
    finally:
        with contextlib.suppress(websockets.ConnectionClosed, ConnectionResetError):
            await tab.close()
        await other.close()


async def test_a_message_larger_than_a_file_a_browser_may_send_closes_only_its_tab(server):
    tab = await connect(server.url, route="/players")
    other = await connect(server.url, route="/players")
    try:
        with pytest.raises((websockets.ConnectionClosed, ConnectionResetError)):
            await tab.ws.send(b"\x00" + b"A" * WS_MAX_BYTES)
            async with asyncio.timeout(30):
                while True:                                  # whatever the server had sent, then the close
                    await tab.ws.recv()
        await _still_works(other)
    finally:
        with contextlib.suppress(websockets.ConnectionClosed, ConnectionResetError):
            await tab.close()
        await other.close()


async def test_lan_wrong_codes_lock_the_address_out(lan_server):
    for attempt in range(4):
        status, _, body = _get(lan_server.url, f"/?code={attempt:08d}", SEEN)
        assert status == 401 and b"not the code" in body
    status, _, body = _get(lan_server.url, "/?code=99999999", SEEN)   # one too many: said at once
    assert status == 429 and b"Too many wrong codes" in body
    status, _, body = _get(lan_server.url, f"/?code={CODE}", SEEN)
    assert status == 429 and b"Too many wrong codes" in body
    status, _, _ = _get(lan_server.url, "/")
    assert status == 429


async def test_a_backup_larger_than_a_websocket_message_usually_is_imported(server):
    # A browser sends a picked file's bytes in one websocket message: a backup the app itself downloads (a few
    # thousand games make more than 16 MB) must come back in, up to the backup limit.
    notes = [{"id": f"note-{n}", "text": "x" * 2000} for n in range(9000)]
    data = json.dumps({"format": "companion-backup", "version": 1, "tables": {"notes": notes}}).encode()
    assert len(data) > 17 * 1024 * 1024
    async with await connect(server.url, route="/settings", timeout=60) as tab:
        await tab.wait_key("settings-backup-pick")
        await tab.pick_files("settings-backup-pick", [{"id": 1, "name": "big.json", "size": len(data), "bytes": data}])
        await tab.wait_for(lambda t: "Imported" in _text(t, "settings-backup-result"), timeout=120)
        tab.assert_no_crash()
    assert server.alive()


def _raw(base_url: str) -> socket.socket:
    parts = urlsplit(base_url)
    return socket.create_connection((parts.hostname, parts.port), timeout=HEADER_SECONDS + 10)


def _closed(sock: socket.socket) -> bool:
    """The server closed the connection (reads to its end)."""
    try:
        while sock.recv(65536):
            pass
        return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


def test_lan_a_device_without_the_code_cannot_send_huge_headers(lan_server):
    host = urlsplit(lan_server.url).netloc
    with _raw(lan_server.url) as sock:
        sock.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\nX-Big: ".encode())
        sent = 0
        try:
            while sent < 64 * 1024 * 1024:
                sock.sendall(b"a" * 65536)
                sent += 65536
        except (ConnectionResetError, BrokenPipeError):
            pass
        # Cut off long before the 64 MB were sent (what is sent before then sat in the system's buffers).
        assert sent < 16 * 1024 * 1024, "the server read 64 MB of headers"
        try:
            answer = sock.recv(65536)
        except ConnectionResetError:
            answer = b""
        assert not answer or answer.startswith(b"HTTP/1.1 400"), answer[:200]
    status, _, body = _get(lan_server.url, "/")          # and it still answers
    assert status == 401 and b"Join the table" in body


def test_lan_a_device_that_trickles_its_headers_is_cut_off(lan_server):
    host = urlsplit(lan_server.url).netloc
    with _raw(lan_server.url) as sock:
        sock.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\n".encode())
        began = time.monotonic()
        sock.settimeout(1)
        cut = False
        while time.monotonic() - began < HEADER_SECONDS + 8:
            try:
                sock.sendall(b"X-Slow: 1\r\n")
                if sock.recv(65536) == b"":
                    cut = True
                    break
            except TimeoutError:
                continue
            except (ConnectionResetError, BrokenPipeError):
                cut = True
                break
        waited = time.monotonic() - began
    assert cut and HEADER_SECONDS - 1 <= waited <= HEADER_SECONDS + 5, waited


def test_lan_a_device_without_the_code_holds_only_its_share_of_connections(lan_server):
    held = [_raw(lan_server.url) for _ in range(PER_DEVICE)]
    try:
        time.sleep(0.5)
        with _raw(lan_server.url) as extra:
            extra.settimeout(3)
            assert _closed(extra)                         # one too many: closed at once
        # The ones held are still open, and the device gets its page on one of them.
        host = urlsplit(lan_server.url).netloc
        held[0].sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        held[0].settimeout(5)
        assert held[0].recv(65536).startswith(b"HTTP/1.1 401")
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.5)
    status, _, _ = _get(lan_server.url, "/")              # once they are closed, it may connect again
    assert status == 401


def test_a_websocket_asked_for_behind_a_request_on_one_connection_is_not_cut_off(server):
    # A request pipelined behind another on one connection, and upgraded to a websocket, was closed once the
    # time for a request's headers ran out, as if the connection were still waiting for one.
    parts = urlsplit(server.url)
    host = parts.netloc
    with _raw(server.url) as sock:
        sock.sendall((f"GET / HTTP/1.1\r\nHost: {host}\r\n\r\n"
                      f"GET /ws HTTP/1.1\r\nHost: {host}\r\nOrigin: {server.url}\r\nUpgrade: websocket\r\n"
                      "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                      "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        sock.settimeout(5)
        seen = b""
        while b"HTTP/1.1 101" not in seen:
            chunk = sock.recv(65536)
            assert chunk, seen[-300:]
            seen += chunk
        time.sleep(HEADER_SECONDS + 2)
        sock.settimeout(0.5)
        try:
            assert sock.recv(65536) != b"", "the websocket was closed"
        except TimeoutError:
            pass                                          # open, and nothing to say: as it should be


async def test_a_tab_that_comes_back_starts_a_new_session_on_the_same_screen(server):
    # A browser whose connection dropped (a phone's Wi-Fi, a screen that slept) registers again with its last
    # session's id. Flet sent it that session's whole page to merge into the screen it still showed, which
    # froze the screen for a minute and more (tests/e2e/test_reconnect_browser.py); and any tab that named a
    # session took it up. It gets a new session at its address, drawn from what is saved.
    async with await connect(server.url, route="/players") as tab:
        await tab.wait_key("player-name")
        await tab.type("player-name", "Ann")
        await tab.click("player-add")
        await tab.wait_for(lambda t: "Ann" in t.texts() and not _text(t, "player-name"), timeout=10)
        await tab.type("player-name", "Bo")                  # typed, never added
        await tab.wait_for(lambda t: _text(t, "player-name") == "Bo", timeout=10)
        earlier = tab.session_id
    async with await connect(server.url, route="/players", session_id=earlier) as back:
        assert back.session_id and back.session_id != earlier
        await back.wait_for(lambda t: "Ann" in t.texts(), timeout=10)        # the saved player is listed
        assert _text(back, "player-name") == ""
        back.assert_no_crash()
    assert server.alive()


def test_only_a_registration_loses_its_session_id():
    import msgpack
    from flet.messaging.protocol import decode_ext_from_msgpack

    from companion.server.web import UnreadableRegistration, forget_session

    def frame(message) -> bytes:
        return b"\x00" + msgpack.packb(message, use_bin_type=True)

    def as_flet_reads(data: bytes):
        return msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)

    page = {"route": "/players", "width": 390, "blob": msgpack.ExtType(5, b"\x01\x02")}
    out = forget_session(frame([1, {"session_id": "abc", "page_name": "", "page": page}]))
    assert msgpack.unpackb(out[1:], ext_hook=msgpack.ExtType) == [1, {"session_id": None, "page_name": "",
                                                                      "page": page}]
    # Flet reads its extension type 4 as a string, a map's key too: a session id under such a key is taken out.
    out = forget_session(frame([1, {msgpack.ExtType(4, b"session_id"): "abc", "page_name": "", "page": {"route": "/"}}]))
    assert as_flet_reads(out) == [1, {"session_id": None, "page_name": "", "page": {"route": "/"}}]
    # A registration that cannot be read whole, or that Flet could not make its registration of (its handler
    # then waited for ever), is not passed on: the connection is closed.
    for unreadable in (frame([1, {msgpack.ExtType(4, b"\xff"): "abc"}]),       # not UTF-8
                       frame([1, {"session_id": "abc"}]) + b"\x01",           # more after the message
                       frame([1, {"session_id": None, "page": page}]),          # a field missing
                       frame([1, {"session_id": None, "page_name": "", "page": page, "x": 1}]),  # one too many
                       frame([1, {b"session_id": None, b"page_name": "", b"page": page}]),      # keys in bytes
                       frame([1, ["session_id", None]])):                       # not a map
        with pytest.raises(UnreadableRegistration):
            forget_session(unreadable)
    for unchanged in (frame([3, {"session_id": "abc", "target": 1}]),     # an event, not a registration
                      frame([1, {"session_id": None, "page_name": "", "page": page}]),     # a new tab
                      b"\x00\x92",                                        # cut short
                      b"\x01\x00\x00\x00\x00raw bytes",                   # a data channel's frame
                      b""):
        assert forget_session(unchanged) == unchanged


def test_values_are_counted_as_msgpack_reads_them():
    import random

    import msgpack

    from companion.server.web import values_in

    def count(value) -> int:
        if isinstance(value, dict):
            return 1 + sum(count(k) + count(v) for k, v in value.items())
        if isinstance(value, list):
            return 1 + sum(count(v) for v in value)
        return 1

    rng = random.Random(5)
    scalars = [None, True, False, 0, 127, 128, 255, 256, 65535, 65536, 2**32, 2**63, -1, -32, -33, -129, -2**15 - 1,
               -2**31 - 1, -2**63, 0.5, 1e300, "", "é" * 40, "x" * 300, "y" * 70000, b"", b"z" * 300, b"w" * 70000,
               msgpack.ExtType(4, b"abc"), msgpack.ExtType(5, b"1234567890123456"), msgpack.ExtType(6, b"x" * 300)]

    def value(depth: int):
        kind = rng.random()
        if depth < 3 and kind < 0.2:
            return [value(depth + 1) for _ in range(rng.choice([0, 3, 15, 16, 17]))]
        if depth < 3 and kind < 0.3:
            return {f"k{n}": value(depth + 1) for n in range(rng.choice([0, 2, 15, 16, 17]))}
        return rng.choice(scalars)

    for _ in range(60):
        message = [value(0) for _ in range(3)] + [[None] * 70000, {f"k{n}": n for n in range(70000)}]
        data = b"\x00" + msgpack.packb(message, use_bin_type=True)
        assert values_in(data, 10**7) == count(message)
    many = b"\x00\xdd" + (10**6).to_bytes(4, "big") + b"\x90" * 10**6
    assert values_in(many, 1000) == 1001          # counted only as far as needed
    # Flet parses a date, time or duration's text: one longer than the web client's costs a frame's worth.
    for code, size, counted in ((2, 64, 2), (2, 65, 11), (1, 300, 11), (3, 70000, 11), (4, 300, 2), (6, 70000, 2)):
        data = b"\x00" + msgpack.packb([msgpack.ExtType(code, b"1" * size)])
        assert values_in(data, 10) == counted, (code, size)
    assert values_in(b"\x00\xc1\x90\x90", 10) == 1


async def test_a_tab_that_leaves_while_flet_sends_to_it_is_no_error_and_lets_its_session_go():
    # A reload after a restart logged "ERROR: Exception in ASGI application" with three tracebacks: Flet's
    # sending to a tab that had just gone raised Starlette's WebSocketDisconnect, which was raised again; and
    # past the end of Flet's handler, the session was never let go (redrawn at every change, for no one).
    import asyncio

    import msgpack
    from flet_web.fastapi import app_manager
    from starlette.websockets import WebSocketDisconnect

    import flet as ft
    from companion.server.web import _FreshSessions, _handle, _quiet_flet_app

    class Url:
        path = "/ws"

        def __str__(self) -> str:
            return "http://127.0.0.1:8550/ws"

    class GoneTab:
        """A tab that registers, then is gone when the first answer is sent to it."""
        client = type("Client", (), {"host": "127.0.0.1"})()
        headers: dict = {}
        cookies: dict = {}
        url = Url()

        def __init__(self) -> None:
            self.left = asyncio.Event()
            self.frames = [b"\x00" + msgpack.packb([1, {"session_id": None, "page_name": "", "page": {
                "route": "/", "width": 400, "height": 800, "web": True, "platform": "android"}}])]

        async def accept(self) -> None:
            pass

        async def close(self, code: int = 1000) -> None:
            pass

        async def receive_bytes(self) -> bytes:
            if self.frames:
                return self.frames.pop(0)
            await self.left.wait()
            raise WebSocketDisconnect(code=1001)

        async def send_bytes(self, _data: bytes) -> None:
            self.left.set()
            raise WebSocketDisconnect(code=1006)

    def sessions() -> dict:
        return dict(getattr(app_manager, "_FletAppManager__sessions"))

    before = set(sessions())
    app = _quiet_flet_app()(loop=asyncio.get_running_loop(), executor=app_manager.executor,
                            main=lambda page: page.add(ft.Text("hi")), before_main=None, session_timeout_seconds=60)
    await asyncio.wait_for(_handle(app, _FreshSessions(GoneTab())), 10)       # an ordinary end: nothing raised
    await asyncio.sleep(0.2)
    new = [session for key, session in sessions().items() if key not in before]
    assert new and all(session.expires_at is not None for session in new)     # let go, as a closed tab's is

    class Faulty:
        async def handle(self, _tab) -> None:
            raise RuntimeError("a real fault")

    tab = GoneTab()
    tab.registered, tab.gone = True, asyncio.Event()
    with pytest.raises(RuntimeError, match="a real fault"):                    # anything else still is raised
        await _handle(Faulty(), tab)
