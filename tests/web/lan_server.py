"""Serve the app in LAN mode for the tests, treating every connection as another device.

The tests can only connect from this computer, whose own connections need no join code; this runs the
real server (`companion.server.web`) exactly as `companion --lan` does, except that no real peer counts as
this computer (only the made-up `OWN_ADDRESS`), so what a phone on the Wi-Fi meets can be checked from here.

    python tests/web/lan_server.py PORT DATA_DIR CODE
"""

from __future__ import annotations

import sys
from pathlib import Path

OWN_ADDRESS = "192.0.2.1"


def main(argv: list[str]) -> int:
    port, data_dir, code = int(argv[0]), Path(argv[1]), argv[2]
    from companion.server.web import open_socket, plan_server, serve
    from companion.store import open_store
    from companion.ui.shell.app import build_main

    store = open_store(data_dir)
    try:
        plan = plan_server("0.0.0.0", port, code)
        # Only a made-up address (TEST-NET-1, never a real peer here) counts as this computer's own.
        plan.lan.this_computer = lambda peer: peer == OWN_ADDRESS
        sock = open_socket(plan)
        print(f"LAN test server on {port}", flush=True)
        serve(build_main(store, lan=plan.lan), plan, sock)
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
