"""Who may talk to the web server: its own pages only, and on the Wi-Fi only devices that know the code.

Three checks sit in front of every HTTP request and websocket (`Guard`, a plain ASGI middleware):

- **Host.** The `Host` header must name an address the server listens on (with its port). A page on
  another site that points its own host name at 127.0.0.1 (DNS rebinding) sends its own name and is
  refused.
- **Origin.** A browser sends `Origin` with every websocket and with cross-site requests. The websocket
  needs one, and it must be this server's; an HTTP request carrying a foreign one is refused. So a page
  on another site cannot drive the app through the visitor's browser.
- **Join code (LAN mode).** When other devices may connect, a device that is not this computer must
  first give the join code (`/?code=...`, which the QR code on the home screen carries). It then holds
  a cookie for the rest of the server's run. Wrong codes from one address are counted, and after a few
  that address is refused for a while.
"""

from __future__ import annotations

import hmac
import html
import ipaddress
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import parse_qs, quote, urlencode, urlsplit

from companion.i18n import _, match_locales, ngettext, use_language
from companion.i18n.message import msg, msgn

__all__ = [
    "Addresses", "listens_everywhere", "JoinGate", "Guard", "new_code", "normalise_code", "check_code", "format_code",
    "is_loopback", "plain_address", "COOKIE", "SEEN_COOKIE", "MAX_WRONG", "MAX_WRONG_ALL", "WINDOW",
    "LOCKOUT",
]

COOKIE = "companion_join"
# Set by every join page and read with a code: a browser that opened this server's own page. SameSite=Lax, so a
# browser sends it when it opens the address itself (the QR code, a typed or tapped link) but never with a
# picture or a frame of another site's page, which therefore cannot spend a phone's wrong codes.
SEEN_COOKIE = "companion_seen"
_SEEN_MARK = "seen"     # the address's mark of the one redirect that sets it: no loop where cookies are refused
CODE_DIGITS = 8
MIN_CODE_LENGTH = 6
MAX_CODE_LENGTH = 32

# Wrong codes allowed from one device within WINDOW seconds before it is shut out for LOCKOUT seconds. A
# device is its IPv4 address, or its IPv6 network (the /64 a device takes its addresses from, so a new
# address per guess is still one device).
MAX_WRONG = 5
WINDOW = 600.0
LOCKOUT = 600.0
# Wrong codes allowed from the whole network within WINDOW before every code is refused for LOCKOUT: a
# guesser with many addresses gets no more than that. Phones that joined already, and this computer, are
# not affected; a new phone waits, or joins by the QR code once the wait is over.
MAX_WRONG_ALL = 30
_ANYONE = "*"

_LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
_SECURITY_HEADERS = [
    # Our pages are never framed by another site (no clickjacking of the Settings screen).
    (b"content-security-policy", b"frame-ancestors 'self'"),
    (b"x-frame-options", b"SAMEORIGIN"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
]


def plain_address(address: str) -> str:
    """An address as one device has it: an IPv4 address written as IPv6 ("::ffff:192.168.1.20", what a server
    listening on "::" sees) as the IPv4 address, an IPv6 one without its zone; anything else as it is."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


def is_loopback(address: str) -> bool:
    """True for an address of this computer's loopback interface (127.0.0.0/8, ::1; "::ffff:127.0.0.1" too,
    which Python before 3.13 does not count as loopback)."""
    try:
        return ipaddress.ip_address(plain_address(address)).is_loopback
    except ValueError:
        return address == "localhost"


def new_code() -> str:
    """A fresh random join code: eight digits, easy to type on a phone's number pad."""
    return f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"


def normalise_code(text: str) -> str:
    """A typed code as compared: spaces and dashes dropped, letters in upper case."""
    return "".join(ch for ch in (text or "") if ch not in " -\t").upper()


def check_code(text: str) -> str:
    """A code chosen in Settings, normalised; ValueError saying what is wrong."""
    code = normalise_code(text)
    if not code:
        # i18n: after "Not changed: " in Settings, Playing on the Wi-Fi (and in the terminal)
        raise ValueError(msg("the join code is empty"))
    if not code.isascii() or not code.isalnum():
        # i18n: after "Not changed: "; the letters of the English alphabet only (no accents, no umlauts)
        raise ValueError(msg("a join code has only the letters A to Z and digits"))
    if not MIN_CODE_LENGTH <= len(code) <= MAX_CODE_LENGTH:
        # i18n: after "Not changed: "; {least} and {most} are 6 and 32, {n} the letters and digits typed
        raise ValueError(msgn("a join code has {least} to {most} letters or digits, not {n}",
                              "a join code has {least} to {most} letters or digits, not {n}", len(code),
                              least=MIN_CODE_LENGTH, most=MAX_CODE_LENGTH))
    return code


def format_code(code: str) -> str:
    """A code as shown to people: groups of four ("1234 5678")."""
    return " ".join(code[i:i + 4] for i in range(0, len(code), 4))


def _split_host(value: str) -> tuple[str, int | None] | None:
    """`host[:port]` (IPv6 literals in brackets) as (lower-case host, port or None); None if malformed."""
    value = value.strip().lower()
    if not value or any(ch.isspace() for ch in value) or "@" in value or "/" in value:
        return None
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        host, rest = value[1:end], value[end + 1:]
        if rest and not rest.startswith(":"):
            return None
        port_text = rest[1:] if rest else None
    else:
        host, colon, port_text = value.partition(":")
        if not colon:
            port_text = None
    if port_text is None:
        return host, None
    if not (port_text.isascii() and port_text.isdigit()) or len(port_text) > 5:
        return None
    return host, int(port_text)


def _device(address: str) -> str:
    """Whom wrong codes are counted against: the address as one device has it (`plain_address`), an IPv6 one
    by its /64 network."""
    plain = plain_address(address)
    if ":" in plain:
        try:
            return str(ipaddress.ip_network(f"{plain}/64", strict=False))
        except ValueError:
            return plain
    return plain


def listens_everywhere(bound: str) -> bool:
    """The server listens on every interface of this computer (--host 0.0.0.0 or ::, what --lan does)."""
    return bound in ("0.0.0.0", "::", "")


@dataclass(frozen=True)
class Addresses:
    """The names and addresses this server answers to, at its port.

    `bound` is the address given to --host. For a loopback address the names are the loopback ones; for
    0.0.0.0 (or ::) every address `interfaces()` gives now (asked on each request, so a laptop that joins
    another network while it serves is reached at its new address; LanAccess keeps the lookup cheap) and
    this computer's names; for one other address, that address.
    """

    bound: str
    port: int
    interfaces: Callable[[], Iterable[str]] = lambda: ()
    extra_names: tuple[str, ...] = ()

    def names(self) -> set[str]:
        """Every host name or address accepted in Host and Origin (without the port)."""
        if listens_everywhere(self.bound):
            return {*_LOOPBACK_NAMES, *(a.lower() for a in self.interfaces()),
                    *(n.lower() for n in self.extra_names if n)}
        if is_loopback(self.bound):
            return set(_LOOPBACK_NAMES)
        return {self.bound.lower()}

    def allows_host(self, value: str | None) -> bool:
        """The Host header names this server (one of its addresses, at its port)."""
        parsed = _split_host(value or "")
        if parsed is None:
            return False
        host, port = parsed
        return (port if port is not None else 80) == self.port and host in self.names()

    def allows_origin(self, value: str | None) -> bool:
        """The Origin header is one of this server's own pages (http, one of its names, its port)."""
        if not value or value == "null":
            return False
        try:
            parts = urlsplit(value)
        except ValueError:
            return False
        if parts.scheme != "http" or parts.path not in ("", "/") or parts.query or parts.fragment:
            return False
        return self.allows_host(parts.netloc)


class JoinGate:
    """The join code of a LAN server, the cookie that admits a device, and the count of wrong codes."""

    def __init__(self, code: str | None = None, *, now: Callable[[], float] = time.monotonic) -> None:
        self.set_code(code)
        self._token = secrets.token_urlsafe(32)   # this run's admission cookie; a restart asks again
        self._now = now
        self._wrong: dict[str, list[float]] = {}
        self._locked: dict[str, float] = {}

    def set_code(self, code: str | None) -> None:
        """Change the code (devices already admitted stay admitted until the server stops)."""
        self.code = check_code(code) if code else new_code()

    def admitted(self, cookie_header: str | None) -> bool:
        """The request carries this run's admission cookie."""
        morsel = _cookies(cookie_header).get(COOKIE)
        return morsel is not None and hmac.compare_digest(morsel.value.encode(), self._token.encode())

    def locked_for(self, address: str) -> float:
        """Seconds a device at this address must still wait before it may try a code again (0 when it may):
        its own wait, or everyone's after too many wrong codes from the whole network."""
        return max(self._wait(_device(address)), self._wait(_ANYONE))

    def try_code(self, address: str, typed: str) -> bool | None:
        """Check a typed code from `address`: True right, False wrong, None refused (too many wrong)."""
        if self.locked_for(address):
            return None
        device = _device(address)
        if hmac.compare_digest(normalise_code(typed).encode(), self.code.encode()):
            self._wrong.pop(device, None)
            return True
        now = self._now()
        for who, limit in ((device, MAX_WRONG), (_ANYONE, MAX_WRONG_ALL)):
            recent = [t for t in self._wrong.get(who, []) if now - t < WINDOW]
            recent.append(now)
            self._wrong[who] = recent
            if len(recent) >= limit:
                self._locked[who] = now + LOCKOUT
                del self._wrong[who]
        self._forget_old(now)
        return False

    def tries_left(self, address: str) -> int:
        """Wrong codes a device at this address may still type before it must wait (its own count only)."""
        now = self._now()
        recent = [t for t in self._wrong.get(_device(address), []) if now - t < WINDOW]
        return max(0, MAX_WRONG - len(recent))

    def _wait(self, who: str) -> float:
        until = self._locked.get(who)
        if until is None:
            return 0.0
        left = until - self._now()
        if left <= 0:
            del self._locked[who]
            return 0.0
        return left

    def cookie(self) -> str:
        """The Set-Cookie value that admits a device for this run."""
        return f"{COOKIE}={self._token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=86400"

    def join_url(self, base: str) -> str:
        """The link that admits a device in one step (what the QR code holds)."""
        return f"{base.rstrip('/')}/?{urlencode({'code': self.code})}"

    def _forget_old(self, now: float) -> None:
        # Bounded memory whatever a flood of addresses sends: drop counts whose window has passed.
        if len(self._wrong) > 1024:
            self._wrong = {a: ts for a, ts in self._wrong.items() if ts and now - ts[-1] < WINDOW}
        if len(self._locked) > 1024:
            self._locked = {a: until for a, until in self._locked.items() if until > now}


class Guard:
    """ASGI middleware: Host and Origin checks for every request, the join code for other devices."""

    def __init__(self, app, addresses: Addresses, gate: JoinGate | None = None,
                 this_computer: Callable[[str], bool] = is_loopback) -> None:
        self.app = app
        self.addresses = addresses
        self.gate = gate
        self._this_computer = this_computer

    async def __call__(self, scope, receive, send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        refusal = self._refusal(kind, headers)
        if refusal is not None:
            await _refuse(kind, scope, receive, send, 403, refusal)
            return
        if self.gate is not None and not self._is_this_computer(scope):
            if not self.gate.admitted(headers.get("cookie")):
                await self._join(kind, scope, receive, send, headers)
                return
        await self.app(scope, receive, _with_headers(send, kind))

    def _refusal(self, kind: str, headers: dict[str, str]) -> str | None:
        if not self.addresses.allows_host(headers.get("host")):
            return "This server answers only at its own address."
        origin = headers.get("origin")
        if kind == "websocket" and origin is None:
            return "Only the companion's own pages may connect."
        if origin is not None and not self.addresses.allows_origin(origin):
            return "Only the companion's own pages may connect."
        return None

    def _is_this_computer(self, scope) -> bool:
        client = scope.get("client")
        return bool(client) and self._this_computer(client[0])

    async def _join(self, kind: str, scope, receive, send, headers: dict[str, str]) -> None:
        """A device without the cookie: the code page, the code checked, or a refusal."""
        if kind == "websocket":
            await _refuse(kind, scope, receive, send, 403, "Give the join code first.")
            return
        peer = (scope.get("client") or ("",))[0]
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        typed = query.get("code", [None])[0]
        marked = _SEEN_MARK in query
        rest = {k: v for k, v in query.items() if k not in ("code", _SEEN_MARK)}
        # Always a path on this server: "//evil.example" or "/\\evil.example" would send a browser (and the
        # code typed into the form) to another site.
        here = "/" + quote((scope.get("path", "/") or "/").lstrip("/\\").replace("\\", "/"),
                           safe="/-._~!$&'()*+,;=:@%")
        language = match_locales(_accepted(headers.get("accept-language")))
        with use_language(language):
            # A code is tried, and counted when wrong, only from a browser that carries the cookie of this
            # server's own pages (`SEEN_COOKIE`): a picture or a frame on any page a phone visits could otherwise
            # spend its wrong codes, and the whole network's, and lock every phone out again and again. A code
            # without it (the QR code's first visit) comes back once with the cookie set.
            if (typed is not None and normalise_code(typed) and not _has_cookie(headers.get("cookie"), SEEN_COOKIE)
                    and not self.gate.locked_for(peer)):
                if not marked:
                    target = here + "?" + urlencode({**rest, "code": typed, _SEEN_MARK: "1"}, doseq=True)
                    await send({"type": "http.response.start", "status": 303, "headers": [
                        (b"location", target.encode("latin-1", "replace")), (b"set-cookie", _SEEN_SET),
                        (b"cache-control", b"no-store"), *_SECURITY_HEADERS]})
                    await send({"type": "http.response.body", "body": b""})
                    return
                await self._join_with_code(send, peer, None, here, rest, language, cookies_refused=True)
                return
            await self._join_with_code(send, peer, typed, here, rest, language)

    async def _join_with_code(self, send, peer: str, typed: str | None, here: str, rest: dict[str, list[str]],
                              language: str, *, cookies_refused: bool = False) -> None:
        def page(message: str | None) -> str:
            return _join_page(message, numeric=self.gate.code.isdigit(), here=here, rest=rest, language=language)

        if self.gate.locked_for(peer):
            await self._locked_out(send, peer, page)
            return
        if typed is None:
            # i18n: the join page, when the browser did not keep the cookie that joining needs
            await _page(send, 401, page(_("This browser did not keep the cookie that joining needs. Allow cookies "
                                          "for this address, then type the code.")
                                        if cookies_refused else None))
            return
        if not normalise_code(typed):
            # Nothing typed (an empty form sent): asked again, not counted as a wrong code.
            await _page(send, 401, page(_("Type the code shown on the computer's screen.")))
            return
        outcome = self.gate.try_code(peer, typed)
        if outcome is True:
            target = here
            if rest:
                target += "?" + urlencode(rest, doseq=True)
            await send({"type": "http.response.start", "status": 303, "headers": [
                (b"location", target.encode("latin-1", "replace")),
                (b"set-cookie", self.gate.cookie().encode()),
                (b"cache-control", b"no-store"),
                *_SECURITY_HEADERS]})
            await send({"type": "http.response.body", "body": b""})
            return
        if self.gate.locked_for(peer):      # that wrong code was one too many
            await self._locked_out(send, peer, page)
            return
        # How many tries are left, so that the last one is not a surprise ("Too many wrong codes" came at once).
        left = self.gate.tries_left(peer)
        minutes = max(1, round(LOCKOUT / 60))
        # i18n: after "That is not the code. Look again at the computer's screen."; {minutes} is 10
        warning = ngettext("{n} more wrong code and this device waits {minutes} minutes.",
                           "{n} more wrong codes and this device waits {minutes} minutes.", left).format(
                               n=left, minutes=minutes)
        await _page(send, 401, page(_("That is not the code. Look again at the computer's screen.") + " " + warning))

    async def _locked_out(self, send, peer: str, page: Callable[[str | None], str]) -> None:
        minutes = max(1, round(self.gate.locked_for(peer) / 60))
        await _page(send, 429, page(ngettext("Too many wrong codes. Try again in {n} minute.",
                                             "Too many wrong codes. Try again in {n} minutes.", minutes).format(
                                                 n=minutes)))


def _headers(scope) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value in scope.get("headers", []):
        key = name.decode("latin-1").lower()
        # A repeated Host or Origin is not what a browser sends: keep the first and let a mismatch refuse.
        out.setdefault(key, value.decode("latin-1"))
    return out


def _with_headers(send, kind: str):
    """`send` that drops Flet's allow-any-origin header and adds ours to every HTTP response."""
    if kind != "http":
        return send

    async def wrapped(message) -> None:
        if message["type"] == "http.response.start":
            headers = [(k, v) for k, v in message.get("headers", [])
                       if k.lower() != b"access-control-allow-origin"]
            headers.extend(_SECURITY_HEADERS)
            message = dict(message, headers=headers)
        await send(message)

    return wrapped


async def _refuse(kind: str, scope, receive, send, status: int, why: str) -> None:
    if kind == "websocket":
        # Closing before accepting makes the server answer the handshake with HTTP 403.
        await receive()    # the websocket.connect event
        await send({"type": "websocket.close", "code": 1008, "reason": why[:100]})
        return
    body = why.encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode()),
        *_SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})


_SEEN_SET = f"{SEEN_COOKIE}=1; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400".encode()


def _cookies(header: str | None) -> SimpleCookie:
    """The cookies of a Cookie header; none from a malformed one (which admits nobody)."""
    jar = SimpleCookie()
    if header:
        try:
            jar.load(header)
        except Exception:  # noqa: BLE001 - a malformed Cookie header carries nothing
            return SimpleCookie()
    return jar


def _has_cookie(header: str | None, name: str) -> bool:
    return name in _cookies(header)


async def _page(send, status: int, text: str) -> None:
    """A join page: it sets the cookie with which the code typed into it is tried (`SEEN_COOKIE`)."""
    body = text.encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"text/html; charset=utf-8"), (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"), (b"set-cookie", _SEEN_SET), *_SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})


def _accepted(header: str | None) -> list[str]:
    """The languages of an Accept-Language header, most wanted first ("fr-FR,fr;q=0.9,en;q=0.8")."""
    ranked = []
    for position, item in enumerate((header or "").split(",")[:20]):
        tag, _sep, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        if tag and weight > 0:
            ranked.append((-weight, position, tag.strip()))
    return [tag for _w, _p, tag in sorted(ranked)]


def _join_page(message: str | None, numeric: bool = True, *, here: str = "/",
               rest: dict[str, list[str]] | None = None, language: str = "en") -> str:
    """The join page in the phone's language: the code form, sent back to the page the phone asked for."""
    note = f'<p class="note" role="alert">{html.escape(message)}</p>' if message else ""
    kept = "".join(f'<input type="hidden" name="{html.escape(k)}" value="{html.escape(v)}">'
                   for k, values in (rest or {}).items() for v in values)
    # i18n: the title of the page a phone sees before it has joined (the app's name after the dot)
    title = _("Join the table · Climbing Companion")
    # i18n: the heading of the page a phone sees before it has joined the table on the Wi-Fi
    heading = _("Join the table")
    intro = _("Type the join code shown on the home screen of the computer running the Climbing Companion, "
              "or scan its QR code.")
    # i18n: the label of the field for the join code, and its button
    label, button = _("Join code"), _("Join")
    return f"""<!doctype html>
<html lang="{html.escape(language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 0; padding: 24px; background: #f4f6fb; color: #1b1f2a; }}
main {{ max-width: 420px; margin: 10vh auto; background: #fff; border-radius: 16px; padding: 24px;
        box-shadow: 0 2px 12px rgba(0,0,0,.08); }}
h1 {{ font-size: 1.4rem; margin: 0 0 8px; }}
p {{ line-height: 1.45; }}
input {{ font-size: 1.6rem; letter-spacing: .15em; width: 100%; box-sizing: border-box; padding: 12px;
         border: 1px solid #8a93a8; border-radius: 10px; margin: 8px 0 16px; }}
button {{ font-size: 1.1rem; width: 100%; padding: 14px; border: 0; border-radius: 24px; background: #2b5bb5;
          color: #fff; }}
.note {{ color: #b3261e; font-weight: 600; }}
</style></head>
<body><main>
<h1>{html.escape(heading)}</h1>
<p>{html.escape(intro)}</p>
{note}
<form method="get" action="{html.escape(here)}">
{kept}
<label for="code">{html.escape(label)}</label>
<input id="code" name="code" inputmode="{'numeric' if numeric else 'text'}" autocapitalize="characters" autocomplete="one-time-code" autofocus required
       maxlength="{MAX_CODE_LENGTH + 8}">
<button type="submit">{html.escape(button)}</button>
</form>
</main></body></html>
"""
