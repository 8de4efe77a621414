"""Write the data folder tests/store_v1/folder with the store of data version 1 (run with that code).

The folder is what a companion of data version 1 left on disk: companion.json, sessions.json, one
history.json with every finished game, a general table, and the .bak of each. `expected.json` is that
store's own export of everything, taken before closing it. The upgrade tests open a copy of the folder with
the current code and compare its export with this one.

It was made with the store as of commit 2689616 (the last with data version 1):

    git archive 2689616 companion | tar -x -C /tmp/v1
    PYTHONPATH=/tmp/v1 uv run python tests/store_v1/make_folder.py tests/store_v1
"""

from __future__ import annotations

import json
import shutil
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from companion.store import open_store
from companion.store.migrations import SCHEMA_VERSION


def main(out: Path) -> None:
    """Fill a fresh folder the way a player would over a year and a half, then export it."""
    assert SCHEMA_VERSION == 1, "run this with the store of data version 1"
    folder = out / "folder"
    shutil.rmtree(folder, ignore_errors=True)
    moments = iter(datetime(2026, 3, 1, 12, tzinfo=timezone.utc) + timedelta(seconds=n) for n in range(10_000))
    with open_store(folder, clock=lambda: next(moments)) as store:
        ann = store.players.add("Ann")
        bob = store.players.add("Bob", colour="#123456")
        zoe = store.players.add("Zoë")
        store.players.remove(zoe.id)
        store.settings.set("theme", "dark")
        store.sessions.save({"id": "5" * 32, "game": "trek12", "title": "Kagkot", "setup": {"sheet": "kagkot"},
                             "players": [ann.id, bob.id], "actions": [{"dice": [3, 5]}], "redo": [],
                             "created": "2026-03-01T17:00:00Z", "updated": "2026-03-01T17:20:00Z"})
        games = ("trek12", "fourteeners", "ridgeline", "freunde")
        # Games across 16 months, several per month, some on the same second, one given in another zone
        # whose UTC month is the next one, and one on the last microsecond of a year.
        times = [f"2024-12-{day:02d}T20:00:00Z" for day in (3, 17, 31)]
        times += [f"2025-{month:02d}-{day:02d}T19:30:00Z" for month in range(1, 13) for day in (5, 19)]
        times += ["2025-06-19T19:30:00Z", "2025-12-31T23:59:59.999999Z", "2026-01-31T23:30:00-02:00",
                  "2026-02-14T21:00:00+01:00", "2026-03-01T09:00:00Z"]
        ids = []
        for n, finished in enumerate(times):
            seated = [ann, bob, zoe][: 1 + n % 3]
            players = [{"id": p.id, "name": p.name, "score": 40 + (n * 7 + i * 5) % 50, "winner": i == 0}
                       for i, p in enumerate(seated)]
            if len(seated) == 1:
                players.append({"id": None, "name": "Max", "score": 50, "winner": False})
            ids.append(store.history.add({
                "game": games[n % 4], "finished": finished, "title": f"Game {n} über dem Grat",
                "players": players, "detail": {"n": n, "lines": [n, n + 1], "note": None},
                "session": {"setup": {"n": n}, "actions": [{"roll": [n % 6, 5]}]} if n % 2 else None,
            }))
        store.history.delete(ids[4])  # deleted, so the .bak holds one more game than the live file
        store.table("hall_of_fame").insert({"id": "dunai-1", "sheet": "dunai", "name": "Ann", "score": 81})
        expected = store.export_all()
    (folder / "companion.lock").unlink()
    (out / "expected.json").write_text(json.dumps(expected, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
