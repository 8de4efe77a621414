"""Enter a finished 14ers table on the "Score a finished game" screen by taps, as a player would, counting them.

Used by tests/ui/test_fourteeners_score_finished.py (every hand-worked table of tests/fourteeners_tables.py) and by
tests/ui/bench_final_taps.py (the figure: taps and typed characters for the rulebook's example). Starts on
home; each card is either picked from the catalog (typing the shortest start of its name that finds only
it) or entered on the spot (name optional, Class, icons, and what its side scores).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.games.fourteeners.abilities import parse_ability
from companion.ui.fourteeners.forms import ItemForm
from companion.ui.fourteeners.parts import slug

SIDES = {"A": "basic", "B": "advanced", "C": "basic", "D": "advanced"}


@dataclass
class Counter:
    """Taps and typed characters, as the figure counts them."""

    taps: int = 0
    chars: int = 0


class Driver:
    def __init__(self, ui: Any, counter: Counter | None = None) -> None:
        self.ui = ui
        self.count = counter or Counter()

    async def tap(self, key: str) -> None:
        self.count.taps += 1
        await self.ui.click(key)

    async def type(self, key: str, text: str) -> None:
        self.count.chars += len(text)
        if text:
            await self.ui.type(key, text)

    def selected(self, key: str) -> bool:
        """A choice chip is on when it has the chosen colour (parts.choice_chip)."""
        return getattr(self.ui.get(key), "bgcolor", None) == ft.Colors.SECONDARY_CONTAINER

    async def choose(self, key: str) -> None:
        """Tap a choice chip unless it is already on."""
        if not self.selected(key):
            await self.tap(key)

    # --- the setup ------------------------------------------------------------------------------------------

    async def set_up(self, table: dict[str, Any], ids: dict[str, str]) -> None:
        await self.tap("home-game-fourteeners")
        await self.tap("ft-tab-final")
        humans = [p for p in table["players"] if not p.get("gerry")]
        for seat, player in enumerate(humans):
            await self.tap(f"ft-add-{ids[player['name']]}")
            if SIDES[player["hiker"]] == "advanced":
                await self.tap(f"ft-seat-{seat}-advanced")
        if table["accolade"] is not None:
            (kind, match), = table["accolade"].items()
            if self.ui.find("ft-accolade-type") is not None and not self.selected("ft-accolade-type"):
                await self.tap("ft-accolade-type")
            await self.choose(f"ft-accolade-typed-kind-{kind}")
            await self.filter_chips("ft-accolade-typed", match)
        await self.tap("ft-start")

    async def filter_chips(self, prefix: str, match: dict[str, Any]) -> None:
        for key, raw in match.items():
            for value in raw if isinstance(raw, list) else [raw]:
                await self.choose(f"{prefix}-{key}-{value}")

    # --- the tableaus ---------------------------------------------------------------------------------------

    async def enter(self, table: dict[str, Any], *, catalog: bool, names: bool = True) -> None:
        for seat, player in enumerate(table["players"]):
            await self.choose(f"ftf-seat-{seat}")
            for entry in player["tucked"]:
                add = "ftf-add-gerry" if player.get("gerry") else f"ftf-add-{entry['side']}"
                await self.tap(add)
                if catalog:
                    await self.pick(entry["card"]["name"])
                else:
                    await self.spot(entry, names=names, gerry=bool(player.get("gerry")))
            for guide in player["guides"]:
                await self.tap("ftf-add-guide")
                if catalog:
                    await self.pick(guide["card"]["name"])
                else:
                    await self.spot(guide, names=names, gerry=False)

    async def pick(self, name: str) -> None:
        """Tap the card when the list shows it; else search as a player does: the fewest letters, from the start
        of one of the name's words ("bier" for Mount Bierstadt), that leave only this card in the list."""
        shown = [k for k in self.ui.keys() if k.startswith("ftf-pick-")]
        assert shown, "the catalog list is not shown"
        target = f"ftf-pick-{slug(name)}"
        if target not in shown:
            starts = [0] + [i + 1 for i, c in enumerate(name) if c == " "]
            tries = sorted({name[start:start + n] for start in starts for n in range(1, len(name) - start + 1)},
                           key=lambda t: (len(t), name.index(t)))
            for typed in tries:
                await self.ui.type("ftf-search", typed)
                if [k for k in self.ui.keys() if k.startswith("ftf-pick-")] == [target]:
                    self.count.chars += len(typed)
                    break
            else:
                raise AssertionError(f"no search finds only {name!r}")
        await self.tap(target)

    async def spot(self, entry: dict[str, Any], *, names: bool, gerry: bool) -> None:
        card = entry["card"]
        if self.ui.find("ftf-spot") is not None:
            await self.tap("ftf-spot")
        if names:
            await self.type("ftf-name", card["name"])
        await self.choose(f"ftf-class-{card['class']}")
        for icon in card["icons"]:
            await self.tap(f"ftf-icon-{icon}")
        side = entry.get("side")
        if side == "capstone":
            await self.choose(f"ftf-cap-{card['sides']['capstone']['points']}")
        elif side == "plans" and entry.get("counted"):
            await self.tap("ftf-plan-count")
            await self.tap(f"ftf-count-{entry['counted']['points']}")
            await self.type("ftf-note", entry["counted"].get("note", ""))
        elif side == "plans":
            await self.ability(card["sides"]["plans"])
        elif side in ("gear", "training"):
            ability = card["sides"][side]
            if any("points" in str(item) for item in (ability if isinstance(ability, list) else [ability])):
                await self.tap("ftf-scores-points")
                await self.ability(ability)
        await self.tap("ftf-put")
        problem = self.ui.find("ftf-problem")
        assert problem is None, getattr(problem, "value", problem)

    async def ability(self, doc: Any) -> None:
        """Set the ability editor's one item to this ability (conditions, effect, amount, filter)."""
        [item] = parse_ability(doc, "ability")
        form = ItemForm.from_item(item)
        at = "ftf-ab-i0"
        await self.choose(f"{at}-cond-{form.condition}")
        await self.choose(f"{at}-effect-{form.effect}")
        current = int(self.ui.get(f"{at}-amount-value").value)
        while current < form.amount:
            await self.tap(f"{at}-amount-plus")
            current += 1
        while current > form.amount:
            await self.tap(f"{at}-amount-minus")
            current -= 1
        for domain, key in (("classes", "class"), ("sides", "side"), ("icons", "icon")):
            for value in getattr(form.filter, domain):
                await self.choose(f"{at}-{key}-{value}")

    async def score(self) -> None:
        await self.tap("ftf-score")

