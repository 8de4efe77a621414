"""Playing on the Wi-Fi: this computer's addresses, the join code, and which tabs are this computer's.

`LanAccess` is what the screens see of LAN mode (through `Shell.lan`): the addresses phones can open,
the join link for the QR code, and whether a tab is being shown on this computer (only such tabs show
the code and may change it; a phone that joined does not).
"""

from __future__ import annotations

import ipaddress
import time
import weakref
from typing import Any

from companion.server.guard import JoinGate, check_code, format_code, is_loopback, listens_everywhere, plain_address
from companion.store.layout import LAN_CODE_SETTING

__all__ = ["LanAccess", "interface_addresses", "lan_urls", "CODE_SETTING"]

# The store setting that fixes the join code; absent or empty, every start draws a new one. It is one of the
# store's settings that stay on this device (never exported in a backup, never taken from one).
CODE_SETTING = LAN_CODE_SETTING


def interface_addresses() -> list[str]:
    """Every IP address of this computer's network interfaces (IPv6 without a zone)."""
    try:
        import ifaddr  # noqa: PLC0415 - only a served app needs it
    except ImportError:     # pragma: no cover - a declared dependency
        return []
    found: list[str] = []
    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        return []
    for adapter in adapters:
        for ip in adapter.ips:
            address = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            address = address.split("%", 1)[0]
            if address not in found:
                found.append(address)
    return found


def lan_urls(addresses: list[str], port: int) -> list[str]:
    """The addresses a phone on the same network can open: never loopback, never link-local."""
    urls = []
    for text in addresses:
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            continue
        if address.is_loopback or address.is_link_local or address.is_unspecified or address.is_multicast:
            continue
        host = f"[{address}]" if address.version == 6 else str(address)
        urls.append((address.version, f"http://{host}:{port}" if port != 80 else f"http://{host}"))
    return [url for _, url in sorted(urls, key=lambda item: item[0])]


class LanAccess:
    """LAN mode as the app sees it: the gate, the addresses, and the tabs shown on this computer."""

    def __init__(self, gate: JoinGate, bound: str, port: int, interfaces=interface_addresses, *,
                 kept: bool = False) -> None:
        self.gate = gate
        # The code is the one kept in the settings (the same at every start), not drawn for this run.
        self.kept = kept
        self.bound = bound
        self.port = port
        self._interfaces = interfaces
        self._seen: tuple[float, list[str]] = (0.0, [])
        self._local_tabs: weakref.WeakKeyDictionary[Any, bool] = weakref.WeakKeyDictionary()

    def urls(self) -> list[str]:
        """The addresses to open on a phone (the bound one, or every interface's)."""
        if listens_everywhere(self.bound):
            found = self.interfaces()
            if self.bound == "0.0.0.0":     # IPv4 only (what --lan does): an IPv6 address would not answer
                found = [address for address in found if ":" not in address]
            return lan_urls(found, self.port)
        return lan_urls([self.bound], self.port)

    def interfaces(self) -> list[str]:
        """This computer's addresses, looked up at most every few seconds (every connection asks)."""
        when, found = self._seen
        if not found or time.monotonic() - when > 5.0:
            found = list(self._interfaces())
            self._seen = (time.monotonic(), found)
        return found

    def own_addresses(self) -> set[str]:
        """This computer's own addresses: a browser on this computer may use them instead of 127.0.0.1."""
        return set(self.interfaces())

    def join_url(self, urls: list[str] | None = None) -> str | None:
        """The link that opens the app on a phone and admits it (what the QR code holds), or None; `urls`:
        the addresses when the caller has them already."""
        urls = self.urls() if urls is None else urls
        return self.gate.join_url(urls[0]) if urls else None

    @property
    def shown_code(self) -> str:
        """The code in groups of four, as shown on the screen."""
        return format_code(self.gate.code)

    def keep(self, text: str, settings: Any) -> str:
        """Use `text` as the join code from now on and at every start (saved in `settings`); ValueError if
        it is unusable (empty included), the store's error if it cannot be saved: either way nothing changes."""
        code = check_code(text)
        settings.set(CODE_SETTING, code)
        self.gate.set_code(code)
        self.kept = True
        return code

    def draw_each_start(self, settings: Any) -> str:
        """Forget the kept code (a new one is drawn at every start) and draw one now; nothing changes if the
        setting cannot be saved."""
        settings.set(CODE_SETTING, None)
        self.gate.set_code(None)
        self.kept = False
        return self.gate.code

    def note_tab(self, page: Any) -> None:
        """Remember whether a new tab is on this computer, from the address the server saw it connect from.

        The server calls this as the tab registers (Flet's `before_main`), when `page.client_ip` has just been
        set from the connection: a tab can send page properties of its own, client_ip among them, as soon as
        it has registered, so by the time the app's `main` runs the value may be the tab's own claim.
        """
        self._local_tabs[page] = self.this_computer(str(getattr(page, "client_ip", "") or ""))

    def this_computer(self, peer: str) -> bool:
        """A connection from `peer` comes from this computer (loopback, or one of its own addresses)."""
        return bool(peer) and (is_loopback(peer) or plain_address(peer) in self.own_addresses())

    def is_local(self, page: Any) -> bool:
        """The tab is shown on this computer (not on a phone that joined)."""
        return self._local_tabs.get(page, False)
