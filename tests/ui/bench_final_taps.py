"""Figure: taps and typed characters to score the rulebook's 14ers example on "Score a finished game".

    uv run --extra test python tests/ui/bench_final_taps.py

Runs the real app in-process (the UI harness) from home, as tests/ui/fourteeners_final_driver.py enters
a table: the setup (two players, the Accolade described on the spot), then each card of both tableaus
(Ann's 5 tucked Climbs and 2 Guides, Bo's 3 Climbs), then "Score". Prints, for an empty catalog (with the
cards' names typed, and without names) and for a catalog of every table's cards the deck's Classes allow, holding them (each tapped in the list when
shown, else found by typing the fewest letters from the start of one of its name's words), the taps and the characters typed,
and checks the score is the rulebook's 18.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from fourteeners_final_driver import Counter, Driver  # noqa: E402
from fourteeners_tables import TABLES  # noqa: E402
from harness import UiApp  # noqa: E402

import companion.ui.fourteeners.screens  # noqa: E402,F401  (registers the 14ers screens)
from companion.games.fourteeners.catalog import import_catalog  # noqa: E402
from companion.games.fourteeners.data import load_data  # noqa: E402
from companion.store import open_store  # noqa: E402
from companion.ui.fourteeners.catalog import save_catalog  # noqa: E402
from companion.ui.shell.app import build_main  # noqa: E402


def catalog_cards() -> list[dict]:
    """A catalog as large as the tables allow within the deck's Classes, the example's 10 cards first."""
    room = list(load_data().deck.class_counts)         # the deck's 8/14/10/7 by Class
    cards: dict[str, dict] = {}
    for name in ["rulebook-example"] + sorted(set(TABLES) - {"rulebook-example"}):
        for player in TABLES[name]["table"]["players"]:
            for entry in player["tucked"] + player["guides"]:
                card = entry["card"]
                if card["name"] not in cards and room[card["class"] - 1] > 0:
                    room[card["class"] - 1] -= 1
                    cards[card["name"]] = card
    return list(cards.values())


async def run(catalog: bool, names: bool) -> tuple[Counter, Counter, int]:
    table = TABLES["rulebook-example"]["table"]
    store = open_store(memory=True)
    try:
        if catalog:
            save_catalog(store, import_catalog({"format": "fourteeners-catalog", "version": 1,
                                                "cards": catalog_cards()}))
        ids = {p["name"]: store.players.add(p["name"]).id for p in table["players"]}
        ui = UiApp(build_main(store))
        await ui.start()
        try:
            setup = Counter()
            await Driver(ui, setup).set_up(table, ids)
            cards_count = Counter()
            drive = Driver(ui, cards_count)
            await drive.enter(table, catalog=catalog, names=names)
            await drive.score()
            [record] = store.history.list()
            total = record["detail"]["players"][0]["total"]
        finally:
            await ui.close()
    finally:
        store.close()
    return setup, cards_count, total


async def main() -> None:
    print("Scoring the rulebook's example (Ann 18, Bo 5): 10 cards, from home to the result in History")
    print(f"{'catalog':<34} {'setup taps':>10} {'card taps':>9} {'typed':>6} {'all taps':>8}")
    for label, catalog, names in (("empty, names typed", False, True), ("empty, no names", False, False),
                                  ("", True, True)):
        setup, cards, total = await run(catalog, names)
        if catalog:
            label = f"{len(catalog_cards())} cards, the example's among them"
        assert total == 18, total
        print(f"{label:<34} {setup.taps:>10} {cards.taps:>9} {setup.chars + cards.chars:>6} "
              f"{setup.taps + cards.taps:>8}")


if __name__ == "__main__":
    asyncio.run(main())
