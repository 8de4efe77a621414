"""The order a keystroke reaches the server in, replayed exactly: value, then another tab's redraw, then change.

The client sends each keystroke as UPDATE_CONTROL_PROPS (applied at once) and then a `change` event (run
later as a task). When another tab saves in between, this tab redraws and its text field is replaced on
the server by one holding the value drawn last. The form must still add the name that was typed.
Runs in-process on the UI harness (tests/ui/harness.py), so the interleaving is deterministic.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from harness import UiApp, new_hub  # noqa: E402

from companion.store import open_store  # noqa: E402
from companion.ui.app import build_main  # noqa: E402


async def test_a_save_in_another_tab_between_value_and_change_keeps_the_typed_name():
    store = open_store(memory=True)
    hub = new_hub()
    main = build_main(store)
    typing = await UiApp(main, route="/players", hub=hub).start()
    saving = await UiApp(main, route="/players", hub=hub).start()
    try:
        field = typing.get("player-name")
        typing.session.apply_patch(field._i, {"value": "Ann"})    # the keystroke's value arrives...
        await saving.type("player-name", "Zed")                    # ...another tab saves...
        await saving.click("player-add")
        await typing.settle()                                      # ...this tab redraws...
        await typing.session.dispatch_event(field._i, "change", "Ann")  # ...then the change event runs
        await typing.settle()
        await typing.click("player-add")
        assert sorted(p.name for p in store.players.list()) == ["Ann", "Zed"]
        assert "Ann" in typing.texts() and "Zed" in typing.texts()
    finally:
        await typing.close()
        await saving.close()
        store.close()
