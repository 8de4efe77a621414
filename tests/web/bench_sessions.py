"""Server memory with many browser sessions: prints RSS at start, with N tabs open, after they close,
and after a run of short visits. Figures only; nothing here passes or fails.

    uv run --extra test python tests/web/bench_sessions.py [--tabs 50] [--visits 300] [--settle 5]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from client import connect  # noqa: E402
from conftest import start_server  # noqa: E402
from procstats import format_mb  # noqa: E402


async def _bench(server, tabs: int, visits: int, settle: float) -> list[str]:
    out = [f"start: {format_mb(server.rss_kb())}"]
    started = time.perf_counter()
    opened = await asyncio.gather(*(connect(server.url, route="/players") for _ in range(tabs)))
    await asyncio.gather(*(t.wait_key("player-name", timeout=60) for t in opened))
    out.append(f"{tabs} tabs open on /players ({time.perf_counter() - started:.2f} s): {format_mb(server.rss_kb())}")
    for t in opened:
        await t.close()
    await asyncio.sleep(settle)
    out.append(f"{settle:.0f} s after they closed: {format_mb(server.rss_kb())}")
    started = time.perf_counter()
    for start in range(0, visits, 10):
        batch = await asyncio.gather(*(connect(server.url) for _ in range(min(10, visits - start))))
        await asyncio.gather(*(t.wait_key("home-players", timeout=60) for t in batch))
        for t in batch:
            await t.close()
    out.append(f"{visits} short visits ({time.perf_counter() - started:.2f} s): {format_mb(server.rss_kb())}")
    await asyncio.sleep(settle)
    out.append(f"{settle:.0f} s later: {format_mb(server.rss_kb())}")
    crashes = sum(len(t.crashes) for t in opened)
    out.append(f"server alive: {server.alive()}, crashed sessions among the {tabs} tabs: {crashes}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tabs", type=int, default=50)
    parser.add_argument("--visits", type=int, default=300)
    parser.add_argument("--settle", type=float, default=5.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(Path(tmp))
        try:
            for line in asyncio.run(_bench(server, args.tabs, args.visits, args.settle)):
                print(line)
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
