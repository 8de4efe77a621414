"""Two tabs on the same screen share no style, padding or other value object: a tab's client may patch any
property of the controls it is shown (over the websocket, a nested value is changed in place), so an object
shared between tabs would let one browser change what every other one sees."""

from __future__ import annotations

import dataclasses
import importlib
from enum import Enum

from harness import walk

from companion.sessions import SessionKeeper
from companion.store.hall_of_fame import expedition_setup
from flet.controls.base_control import BaseControl

importlib.import_module("companion.ui.expedition.screens")             # registers the Expedition screens


def _values(ui) -> dict[int, object]:
    """Every value object (a style, a padding, a border...) the tab's controls hold, by its identity."""
    found: dict[int, object] = {}
    stack = []
    for control in walk(ui.top):
        for field in dataclasses.fields(control):
            stack.append(getattr(control, field.name, None))
    while stack:
        value = stack.pop()
        if isinstance(value, (list, tuple)):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif (dataclasses.is_dataclass(value) and not isinstance(value, (type, BaseControl, Enum))
              and id(value) not in found):
            found[id(value)] = value
            stack.extend(getattr(value, f.name, None) for f in dataclasses.fields(value))
    return found


async def _two_tabs_share_nothing(open_ui, route: str, key: str, expected: type) -> None:
    first = await open_ui(route=route)
    second = await open_ui(route=route)
    for tab in (first, second):
        await tab.settle()
        assert tab.find(key) is not None
    mine, theirs = _values(first), _values(second)
    assert any(isinstance(v, expected) for v in mine.values())      # the screen holds what is checked
    # Flet's own value types (a game's frozen data, such as a sheet, may be shared: nothing patches it).
    shared = [type(v).__name__ for k, v in mine.items() if k in theirs and type(v).__module__.startswith("flet")]
    assert shared == [], sorted(set(shared))


async def test_two_tabs_on_a_trek12_sheet_share_no_style(open_ui, store):
    import flet as ft

    ann = store.players.add("Ann")
    session = SessionKeeper(store).start("trek12", {"sheet": "dunai", "players": [{"id": ann.id, "name": "Ann"}],
                                                     "dice_seed": 7}, [ann.id], "Dunai")
    await _two_tabs_share_nothing(open_ui, f"/play/trek12/{session.id}", "t12-round", ft.TextStyle)


async def test_two_tabs_on_an_expedition_share_no_button_style(open_ui, store):
    import flet as ft

    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    setup = expedition_setup(store, [{"id": ann.id, "name": "Ann", "paper": True},
                                     {"id": bob.id, "name": "Bob", "paper": True}])
    session = SessionKeeper(store).start("expedition", setup, [ann.id, bob.id], "Expedition")
    await _two_tabs_share_nothing(open_ui, f"/play/expedition/{session.id}", "exp-reveal", ft.ButtonStyle)


async def test_two_tabs_on_statistics_share_no_chart_style(open_ui, store):
    import flet as ft
    from test_history_stats import seed

    ann, _, _ = seed(store)
    await _two_tabs_share_nothing(open_ui, f"/stats/id:{ann.id}", "pstats-name", ft.TextStyle)
