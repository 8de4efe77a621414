"""What a connection may cost the server before it has said what it wants.

The join code (guard.py) is checked once a request's headers have arrived; until then a device on the Wi-Fi
has not been asked for anything. uvicorn's default HTTP parser reads headers of any size and waits for them
for ever, so one phone without the code could stall the server with a header of hundreds of megabytes, or
hold every connection it can open by sending its headers a byte at a time. Here:

- headers are parsed by h11, whose buffer for an incomplete request is bounded: headers still incomplete
  past `HEADER_BYTES` are answered 400 and the connection closed. Headers that arrive whole in one read of
  the socket (asyncio reads up to 256 KiB at a time) are parsed as they are, so a request's headers take at
  most that much memory, and a few hundred KiB from one phone are refused either way;
- a connection must complete a request's headers within `HEADER_SECONDS` of opening, and of the end of
  the answer before (uvicorn's keep-alive timer closes a silent connection sooner; this one closes a
  connection that trickles);
- in LAN mode an address other than this computer's holds at most `PER_DEVICE` connections that are not
  websockets at once; more are closed at once. Each address counts apart, IPv6 ones too: the phones of a
  home Wi-Fi share one /64 network, so counting by network would let a few of them lock the others out.

A websocket is reached only with the join code (or from this computer), and once upgraded it is no longer
counted here: the server's websocket handler counts those apart (`PER_DEVICE_SOCKETS`, companion/server/web.py),
since each may send a message as large as a file a browser may bring in.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from companion.server.guard import plain_address

__all__ = ["HEADER_BYTES", "HEADER_SECONDS", "PER_DEVICE", "PER_DEVICE_SOCKETS", "count_down", "http_protocol",
           "raise_open_files_limit"]

HEADER_BYTES = 16 * 1024        # a browser's request headers are a few hundred bytes to a few KiB
HEADER_SECONDS = 10.0           # a phone's headers arrive in one packet; ten seconds allows a poor Wi-Fi
PER_DEVICE = 32                 # a browser opens about six connections to a server; a few tabs fit
PER_DEVICE_SOCKETS = 8          # websockets: one a tab, and one more for a while as a tab reconnects

log = logging.getLogger("companion.server")


def http_protocol(this_computer: Callable[[str], bool] | None) -> Callable:
    """uvicorn's HTTP protocol (`uvicorn.Config(http=...)`) with the limits above; `this_computer(peer)` says
    which peers are not counted (None: every connection comes from this computer, as with --web)."""
    import h11  # noqa: PLC0415 - only a server needs them
    from uvicorn.protocols.http.h11_impl import H11Protocol  # noqa: PLC0415

    open_by_device: dict[str, int] = {}

    class Protocol(H11Protocol):
        _device: str | None = None
        _deadline = None

        def connection_made(self, transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            peer = self.client[0] if self.client else ""
            if this_computer is not None and not this_computer(peer):
                device = plain_address(peer)
                if open_by_device.get(device, 0) >= PER_DEVICE:
                    transport.abort()
                    return
                open_by_device[device] = open_by_device.get(device, 0) + 1
                self._device = device
            self._wait_for_request()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_waiting()
            self._release()
            super().connection_lost(exc)

        def handle_events(self) -> None:
            cycle = self.cycle
            super().handle_events()
            if self.cycle is not cycle:         # a request's headers have all arrived
                self._stop_waiting()

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            self._stop_waiting()
            self._release()     # the websocket protocol takes the connection over, and its end
            super().handle_websocket_upgrade(event)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            # Not once a pipelined request upgraded the connection to a websocket: it is no longer ours.
            if (not self.transport.is_closing() and self.transport.get_protocol() is self
                    and self.cycle is not None and self.cycle.response_complete):
                self._wait_for_request()

        def _wait_for_request(self) -> None:
            self._stop_waiting()
            self._deadline = self.loop.call_later(HEADER_SECONDS, self._too_slow)

        def _stop_waiting(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                self.transport.abort()

        def _release(self) -> None:
            device, self._device = self._device, None
            if device is not None:
                count_down(open_by_device, device)

    return Protocol


def count_down(counts: dict[str, int], device: str) -> None:
    """One connection of `device` fewer in `counts`; a device with none left is forgotten."""
    left = counts.get(device, 1) - 1
    if left > 0:
        counts[device] = left
    else:
        counts.pop(device, None)


def raise_open_files_limit() -> None:
    """Let the server hold as many connections as the system allows it (many desktops start a program with
    a soft limit of 1024 open files, below the hard limit): a flood of connections then meets the limits
    above before it meets the system's."""
    if sys.platform == "win32":
        return
    import resource  # noqa: PLC0415 - POSIX only

    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):
        return
    if soft == resource.RLIM_INFINITY:
        return
    # macOS refuses more than its own ceiling (10240) even where the hard limit says unlimited: that next.
    for wanted in (65536, 10240):
        wanted = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
        if soft >= wanted:
            return
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            return
        except (OSError, ValueError) as exc:
            log.debug("open files limit %s refused: %s", wanted, exc)
