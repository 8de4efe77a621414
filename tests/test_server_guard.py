"""The web server's guard: Host and Origin checks, the join code and its rate limit, as an ASGI middleware.

These drive `Guard` directly with ASGI messages (no sockets); tests/web/ drive the real server.
"""

from __future__ import annotations

import asyncio
import html

import pytest

from companion.server.guard import (
    COOKIE, LOCKOUT, MAX_WRONG, MAX_WRONG_ALL, SEEN_COOKIE, Addresses, Guard, JoinGate, check_code, format_code,
    new_code, normalise_code, plain_address,
)
from companion.server.lan import LanAccess, lan_urls
from companion.server.web import ServerPlan, describe, plan_server


class _Inner:
    """The app behind the guard: answers 200 "app" and records what reached it."""

    def __init__(self) -> None:
        self.calls: list[dict] = []

    async def __call__(self, scope, receive, send) -> None:
        self.calls.append(scope)
        if scope["type"] == "websocket":
            await receive()
            await send({"type": "websocket.accept"})
            return
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"access-control-allow-origin", b"*"), (b"content-type", b"text/plain")]})
        await send({"type": "http.response.body", "body": b"app"})


def _call(guard, kind="http", path="/", headers=(), client="127.0.0.1", query="", seen=True):
    """One request through `guard`; `seen`: with the cookie of the server's own pages, as a browser that opened
    the join page (or came back through its one redirect) has it."""
    if seen:
        cookie = next((v for k, v in headers if k.lower() == "cookie"), None)
        headers = [(k, v) for k, v in headers if k.lower() != "cookie"]
        headers.append(("Cookie", f"{cookie}; {SEEN_COOKIE}=1" if cookie else f"{SEEN_COOKIE}=1"))
    scope = {"type": kind, "path": path, "query_string": query.encode(), "client": (client, 50000),
             "headers": [(k.lower().encode(), v if isinstance(v, bytes) else v.encode()) for k, v in headers]}
    sent: list[dict] = []
    inbox = [{"type": "websocket.connect"}] if kind == "websocket" else [{"type": "http.request", "body": b""}]

    async def receive():
        return inbox.pop(0) if inbox else {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    asyncio.run(guard(scope, receive, send))
    if kind == "websocket":
        return "accepted" if sent and sent[0]["type"] == "websocket.accept" else "refused"
    start = sent[0]
    body = b"".join(m.get("body", b"") for m in sent[1:])
    return start["status"], dict((k.decode(), v.decode()) for k, v in start["headers"]), body.decode()


PORT = 8550
OWN = {"Host": f"127.0.0.1:{PORT}"}


@pytest.fixture
def local_guard():
    inner = _Inner()
    return Guard(inner, Addresses("127.0.0.1", PORT)), inner


def test_own_pages_are_served_and_lose_the_any_origin_header(local_guard):
    guard, inner = local_guard
    status, headers, body = _call(guard, headers=OWN.items())
    assert (status, body) == (200, "app")
    assert "access-control-allow-origin" not in headers
    assert headers["x-frame-options"] == "SAMEORIGIN"
    status, _, _ = _call(guard, headers=[("Host", f"localhost:{PORT}")])
    assert status == 200


@pytest.mark.parametrize("host", [
    f"evil.example:{PORT}", "127.0.0.1", f"127.0.0.1:{PORT + 1}", "", f"127.0.0.1:{PORT}/x", f"user@127.0.0.1:{PORT}",
    f"192.168.1.7:{PORT}",
])
def test_a_foreign_host_is_refused_dns_rebinding(local_guard, host):
    guard, inner = local_guard
    headers = [("Host", host)] if host else []
    status, _, body = _call(guard, headers=headers)
    assert status == 403 and "own address" in body
    assert _call(guard, kind="websocket", headers=headers + [("Origin", f"http://127.0.0.1:{PORT}")]) == "refused"
    assert inner.calls == []


@pytest.mark.parametrize("origin", [
    "http://evil.example", f"http://evil.example:{PORT}", "null", f"https://127.0.0.1:{PORT}", "http://127.0.0.1",
    f"http://127.0.0.1:{PORT}/page", "file://", "",
])
def test_a_foreign_origin_is_refused(local_guard, origin):
    guard, inner = local_guard
    headers = [*OWN.items(), ("Origin", origin)]
    assert _call(guard, kind="websocket", headers=headers) == "refused"
    assert _call(guard, headers=headers)[0] == 403
    assert inner.calls == []


def test_the_websocket_needs_its_own_origin(local_guard):
    guard, inner = local_guard
    assert _call(guard, kind="websocket", headers=OWN.items()) == "refused"   # no Origin: not a browser page
    for origin in (f"http://127.0.0.1:{PORT}", f"http://localhost:{PORT}"):
        assert _call(guard, kind="websocket", headers=[*OWN.items(), ("Origin", origin)]) == "accepted"


def test_a_loopback_server_never_answers_to_its_lan_addresses():
    addresses = Addresses("127.0.0.1", PORT, interfaces=lambda: ["192.168.1.5"])
    assert not addresses.allows_host(f"192.168.1.5:{PORT}")
    assert addresses.allows_host(f"[::1]:{PORT}")


def test_a_lan_server_answers_to_every_address_of_this_computer_and_sees_new_ones():
    found = ["127.0.0.1", "192.168.1.5"]
    addresses = Addresses("0.0.0.0", PORT, interfaces=lambda: found, extra_names=("laptop", "laptop.local"))
    assert addresses.allows_host(f"192.168.1.5:{PORT}")
    assert addresses.allows_host(f"laptop.local:{PORT}")
    assert addresses.allows_origin(f"http://192.168.1.5:{PORT}")
    assert not addresses.allows_host(f"10.0.0.9:{PORT}")
    found.append("10.0.0.9")         # the laptop joined another network while serving
    assert addresses.allows_host(f"10.0.0.9:{PORT}")
    port80 = Addresses("0.0.0.0", 80, interfaces=lambda: found)
    assert port80.allows_host("192.168.1.5") and port80.allows_origin("http://192.168.1.5")


def _lan_guard(code="12345678"):
    inner = _Inner()
    gate = JoinGate(code)
    addresses = Addresses("0.0.0.0", PORT, interfaces=lambda: ["192.168.1.5"])
    return Guard(inner, addresses, gate), inner, gate


PHONE = "192.168.1.20"
LAN_HOST = [("Host", f"192.168.1.5:{PORT}")]


def test_lan_a_device_without_the_code_gets_the_code_page_and_no_websocket():
    guard, inner, gate = _lan_guard()
    status, headers, body = _call(guard, headers=LAN_HOST, client=PHONE)
    assert status == 401 and "Join the table" in body and 'name="code"' in body
    assert headers["cache-control"] == "no-store"
    origin = [("Origin", f"http://192.168.1.5:{PORT}")]
    assert _call(guard, kind="websocket", headers=LAN_HOST + origin, client=PHONE) == "refused"
    for path in ("/main.dart.js", "/ws", "/canvaskit/canvaskit.wasm"):
        assert _call(guard, path=path, headers=LAN_HOST, client=PHONE)[0] == 401
    assert inner.calls == []


def test_lan_this_computer_needs_no_code():
    guard, inner, gate = _lan_guard()
    assert _call(guard, headers=OWN.items(), client="127.0.0.1")[0] == 200


def test_listening_on_every_ipv6_address_this_computer_is_still_this_computer():
    # With --host ::, an IPv4 browser's address arrives written as IPv6; Python 3.11 does not count
    # "::ffff:127.0.0.1" as loopback, so this computer's own browser was asked for the join code.
    lan = LanAccess(JoinGate(), "::", PORT, lambda: ["192.168.1.5", "fd00::5"])
    assert lan.this_computer("::ffff:127.0.0.1") and lan.this_computer("::ffff:192.168.1.5")
    assert lan.this_computer("::1") and lan.this_computer("fd00::5")
    assert not lan.this_computer("::ffff:192.168.1.20") and not lan.this_computer("fd00::20")
    assert plain_address("::ffff:192.168.1.20") == "192.168.1.20" and plain_address("fe80::1%eth0") == "fe80::1"


def test_lan_the_right_code_admits_the_device_with_a_cookie():
    guard, inner, gate = _lan_guard()
    status, headers, _ = _call(guard, headers=LAN_HOST, client=PHONE, query="code=1234+5678&lang=fr",
                               path="/players")
    assert status == 303
    assert headers["location"] == "/players?lang=fr"       # the code leaves the address bar
    cookie = headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    jar = [("Cookie", cookie.split(";")[0])]
    assert _call(guard, headers=LAN_HOST + jar, client=PHONE)[0] == 200
    origin = [("Origin", f"http://192.168.1.5:{PORT}")]
    assert _call(guard, kind="websocket", headers=LAN_HOST + origin + jar, client=PHONE) == "accepted"
    # A cookie of another run, or a forged one, admits nobody.
    assert _call(guard, headers=LAN_HOST + [("Cookie", f"{COOKIE}=guess")], client=PHONE)[0] == 401
    assert _call(guard, headers=LAN_HOST + [("Cookie", 'bad"cookie')], client=PHONE)[0] == 401


def test_lan_wrong_codes_lock_the_address_out_for_a_while():
    clock = [1000.0]
    inner = _Inner()
    gate = JoinGate("12345678", now=lambda: clock[0])
    guard = Guard(inner, Addresses("0.0.0.0", PORT, interfaces=lambda: ["192.168.1.5"]), gate)
    for attempt in range(MAX_WRONG - 1):
        status, _, body = _call(guard, headers=LAN_HOST, client=PHONE, query=f"code={attempt:08d}")
        assert status == 401 and "not the code" in body
        # How many are left is said, so that the lockout is no surprise.
        left = MAX_WRONG - attempt - 1
        assert f"{left} more wrong code{'s' if left > 1 else ''} and this device waits 10 minutes." in body
    # The wrong code that is one too many says so at once.
    status, _, body = _call(guard, headers=LAN_HOST, client=PHONE, query="code=99999999")
    assert status == 429 and "Too many wrong codes. Try again in 10 minutes." in body
    # Locked now: even the right code is refused, with a wait in minutes.
    status, _, body = _call(guard, headers=LAN_HOST, client=PHONE, query="code=12345678")
    assert status == 429 and "Too many wrong codes" in body
    # Another device is not locked out by this one.
    assert _call(guard, headers=LAN_HOST, client="192.168.1.21", query="code=12345678")[0] == 303
    clock[0] += LOCKOUT + 1
    assert _call(guard, headers=LAN_HOST, client=PHONE, query="code=12345678")[0] == 303


def _timed_lan_guard():
    clock = [1000.0]
    gate = JoinGate("12345678", now=lambda: clock[0])
    guard = Guard(_Inner(), Addresses("::", PORT, interfaces=lambda: ["192.168.1.5", "fd00::5"]), gate)
    return guard, clock


def test_lan_one_ipv6_network_is_one_device_however_many_addresses_it_takes():
    # A device on IPv6 can take a new address from its /64 for every guess: they count as one device.
    guard, _ = _timed_lan_guard()
    for n in range(MAX_WRONG):
        status, _, _ = _call(guard, headers=LAN_HOST, client=f"fd00::1:{n:x}", query=f"code={n:08d}")
    assert status == 429
    assert _call(guard, headers=LAN_HOST, client="fd00::2:ffff", query="code=12345678")[0] == 429
    assert _call(guard, headers=LAN_HOST, client="fd00:0:0:1::9", query="code=12345678")[0] == 303


def test_lan_wrong_codes_from_many_devices_stop_all_guessing_for_a_while():
    # However many addresses a guesser uses, the wrong codes of the whole network are counted too.
    guard, clock = _timed_lan_guard()
    devices = [f"10.0.{n // 200}.{n % 200 + 1}" for n in range(MAX_WRONG_ALL)]
    for n, device in enumerate(devices):
        status, _, _ = _call(guard, headers=LAN_HOST, client=device, query=f"code={n:08d}")
    assert status == 429
    status, _, body = _call(guard, headers=LAN_HOST, client="10.9.9.9", query="code=12345678")
    assert status == 429 and "Too many wrong codes" in body
    clock[0] += LOCKOUT + 1
    assert _call(guard, headers=LAN_HOST, client="10.9.9.9", query="code=12345678")[0] == 303


def test_lan_an_empty_code_is_asked_for_again_not_counted_wrong():
    guard, _ = _timed_lan_guard()
    for _ in range(MAX_WRONG + 1):
        status, _, body = _call(guard, headers=LAN_HOST, client=PHONE, query="code=+")
        assert status == 401 and "Type the code" in body
    assert _call(guard, headers=LAN_HOST, client=PHONE, query="code=12345678")[0] == 303


def test_lan_codes_sent_by_another_sites_page_are_neither_tried_nor_counted():
    # Any page a phone on the Wi-Fi visits could load "http://192.168.1.5:8550/?code=…" as a picture: were those
    # codes counted, it could lock every phone out of joining. Such a request never carries the cookie of the
    # server's own pages (SameSite=Lax); it is sent back once to set it, and a code still without it is not
    # tried.
    guard, _ = _timed_lan_guard()
    for attempt in range(MAX_WRONG_ALL + 1):
        status, headers, _ = _call(guard, headers=LAN_HOST, client=PHONE, query=f"code={attempt:08d}&lang=fr",
                                   path="/players", seen=False)
        assert status == 303 and headers["location"] == f"/players?lang=fr&code={attempt:08d}&seen=1"
        assert headers["set-cookie"].startswith(f"{SEEN_COOKIE}=1;") and "SameSite=Lax" in headers["set-cookie"]
        status, headers, body = _call(guard, headers=LAN_HOST, client=PHONE, query=f"code={attempt:08d}&seen=1",
                                      seen=False)
        assert status == 401 and "Allow cookies for this address" in body and COOKIE + "=" not in str(headers)
    # Not even the right code: it would be a page guessing.
    status, headers, _ = _call(guard, headers=LAN_HOST, client=PHONE, query="code=12345678&seen=1", seen=False)
    assert status == 401 and headers["set-cookie"].startswith(f"{SEEN_COOKIE}=")
    # The phone itself was never locked out: the code from the QR code, back with the cookie, lets it in.
    status, headers, _ = _call(guard, headers=LAN_HOST, client=PHONE, query="code=12345678&seen=1")
    assert status == 303 and headers["location"] == "/" and headers["set-cookie"].startswith(f"{COOKIE}=")
    # Every join page sets the cookie, so a code typed into it is tried at once.
    status, headers, _ = _call(guard, headers=LAN_HOST, client="192.168.1.30", seen=False)
    assert status == 401 and headers["set-cookie"].startswith(f"{SEEN_COOKIE}=1;")


@pytest.mark.parametrize("path", ["//evil.example/", "/\\evil.example", "///evil.example", "/\\/evil.example/x"])
def test_lan_the_code_never_sends_a_device_to_another_site(path):
    guard, inner, gate = _lan_guard()
    status, headers, _ = _call(guard, headers=LAN_HOST, client=PHONE, query="code=12345678", path=path)
    assert status == 303
    location = headers["location"]
    assert location.startswith("/") and not location.startswith(("//", "/\\")) and "\\" not in location


def test_a_port_in_other_digits_is_refused_not_a_crash(local_guard):
    # A header's bytes are read as Latin-1, where a superscript two (0xb2) is a digit to str.isdigit.
    guard, _ = local_guard
    assert _call(guard, headers=[("Host", b"127.0.0.1:855\xb2")])[0] == 403
    assert _call(guard, headers=[("Host", "127.0.0.1:8550"), ("Origin", b"http://127.0.0.1:855\xb2")])[0] == 403


def test_codes():
    for _ in range(50):
        code = new_code()
        assert len(code) == 8 and code.isdigit()
    assert normalise_code(" 1234-5678 ") == "12345678"
    assert format_code("12345678") == "1234 5678"
    assert check_code("tent 42 ab") == "TENT42AB"
    for bad in ("", "12345", "x" * 33, "12345é7", "1234;5678"):
        with pytest.raises(ValueError):
            check_code(bad)


def test_lan_addresses_printed_are_never_loopback_or_link_local():
    urls = lan_urls(["127.0.0.1", "::1", "192.168.1.5", "fe80::1", "169.254.3.3", "fd00::2"], PORT)
    assert urls == [f"http://192.168.1.5:{PORT}", f"http://[fd00::2]:{PORT}"]


def test_lan_addresses_offered_are_those_the_server_listens_on():
    # --lan listens on IPv4 only (0.0.0.0): an IPv6 address would refuse the phone that opens it.
    found = lambda: ["192.168.1.5", "fd00::2"]  # noqa: E731
    assert LanAccess(JoinGate(), "0.0.0.0", PORT, found).urls() == [f"http://192.168.1.5:{PORT}"]
    assert LanAccess(JoinGate(), "::", PORT, found).urls() == [f"http://192.168.1.5:{PORT}", f"http://[fd00::2]:{PORT}"]


def test_plan_lan_mode_and_what_it_prints():
    assert plan_server("127.0.0.1", PORT, None).lan is None
    assert plan_server("localhost", PORT, None).lan is None
    with pytest.raises(ValueError, match="--host"):
        plan_server("example.com", PORT, None)
    plan = plan_server("0.0.0.0", PORT, "tent42ab")
    assert plan.lan is not None and plan.lan.gate.code == "TENT42AB" and plan.lan.kept
    assert not plan_server("0.0.0.0", PORT, None).lan.kept
    plan = ServerPlan("0.0.0.0", PORT, LanAccess(JoinGate("12345678"), "0.0.0.0", PORT,
                                                  interfaces=lambda: ["127.0.0.1", "192.168.1.5"]))
    text = "\n".join(describe(plan))
    assert f"http://192.168.1.5:{PORT}" in text and "1234 5678" in text
    assert f"    http://127.0.0.1:{PORT}" not in text
    assert "can see and change everything" in text
    alone = ServerPlan("0.0.0.0", PORT, LanAccess(JoinGate("12345678"), "0.0.0.0", PORT,
                                                   interfaces=lambda: ["127.0.0.1"]))
    assert "no network address" in "\n".join(describe(alone))


def test_lan_the_typed_code_keeps_the_page_the_phone_asked_for():
    # The form sent the code to "/", so a phone that opened a game's address landed on the home screen.
    guard, inner, gate = _lan_guard()
    status, _, body = _call(guard, headers=LAN_HOST, client=PHONE, path="/play/trek12/abc", query="tab=2")
    assert status == 401
    assert 'action="/play/trek12/abc"' in body and '<input type="hidden" name="tab" value="2">' in body
    # A path that would leave this server is never where the code goes.
    _, _, body = _call(guard, headers=LAN_HOST, client=PHONE, path="//evil.example/x")
    assert 'action="/evil.example/x"' in body and "//evil" not in body


def test_lan_the_join_page_speaks_the_phones_language_and_counts_minutes_right():
    clock = [1000.0]
    gate = JoinGate("12345678", now=lambda: clock[0])
    guard = Guard(_Inner(), Addresses("0.0.0.0", PORT, interfaces=lambda: ["192.168.1.5"]), gate)
    french = [*LAN_HOST, ("Accept-Language", "fr-FR,fr;q=0.9,en;q=0.8")]
    status, _, body = _call(guard, headers=french, client=PHONE)
    assert status == 401 and '<html lang="fr">' in body and "Rejoindre la table" in body
    _, _, body = _call(guard, headers=french, client=PHONE, query="code=00000000")
    assert "Ce n'est pas le code." in html.unescape(body)
    for attempt in range(MAX_WRONG):
        _call(guard, headers=LAN_HOST, client=PHONE, query=f"code={attempt:08d}")
    clock[0] += LOCKOUT - 60                     # a minute left: "1 minute", not "1 minutes"
    status, _, body = _call(guard, headers=LAN_HOST, client=PHONE)
    assert status == 429 and "Try again in 1 minute." in body
    german = [*LAN_HOST, ("Accept-Language", "de-AT")]
    _, _, body = _call(guard, headers=german, client=PHONE)
    assert "Zu viele falsche Codes. Versuche es in 1 Minute noch einmal." in body


def test_the_server_asks_for_as_many_open_files_as_the_system_allows(monkeypatch):
    # A desktop often starts a program with 1024; macOS refuses 65536 where the hard limit says unlimited, and
    # then allows its own ceiling, 10240, rather than nothing more than its default of 256.
    import resource

    from companion.server import connections

    asked = []

    def setrlimit(kind, limits):
        asked.append(limits[0])
        if limits[0] > 10240:
            raise ValueError("not allowed")

    monkeypatch.setattr(resource, "getrlimit", lambda kind: (256, resource.RLIM_INFINITY))
    monkeypatch.setattr(resource, "setrlimit", setrlimit)
    connections.raise_open_files_limit()
    assert asked == [65536, 10240]
    asked.clear()
    monkeypatch.setattr(resource, "getrlimit", lambda kind: (1024, 4096))
    connections.raise_open_files_limit()
    assert asked == [4096]
