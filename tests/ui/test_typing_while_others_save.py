"""Typing in one tab while another tab saves: the redraw the save causes never overwrites what is typed.

The client sends each keystroke as two messages, the new value (written at once into the server's copy of
the field) and then the `change` event (run later). Here tab A gets only the first of them, tab B saves
something, which redraws A; A's field must still hold the typed text on the server, the copy every later
diff is taken from (a field drawn with an older text, or with none, sends the client that text and wipes
what is being typed). Then the late `change` event arrives and the text must still be there.
"""

from __future__ import annotations

import pytest
from harness import UiApp

import companion.ui.expedition.screens  # noqa: F401 - registers the Expedition screens
import companion.ui.fourteeners.screens  # noqa: F401 - registers the 14ers screens
from companion.ui.common import registry
from companion.ui.ridgeline.screens import Panel, RidgelineNewGame, RidgelinePlay
from test_expedition_play import reveal, set_off
from test_fourteeners_screens import _start as start_fourteeners
from test_lan import _Lan
from test_ridgeline_play import open_panel, seat_table


@pytest.fixture(autouse=True)
def ridgeline_screens():
    """The real Ridgeline screens registered (another test module may have put a stand-in in their place)."""
    registry.register_game_screen("ridgeline", new_game=RidgelineNewGame, play=RidgelinePlay)
    yield


# -- how each screen is opened with its field showing --------------------------------------------------------

async def _players(ui, store):
    await ui.go("/players")


async def _hall_record(ui, store):
    await ui.go("/hall-of-fame")
    await ui.click("hall-add-record")


async def _hall_envelope(ui, store):
    await ui.go("/hall-of-fame")
    await ui.click("hall-add-envelope")


async def _expedition_score(ui, store):
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    await set_off(ui, [ann, bob], paper=[ann, bob])
    await reveal(ui, rope=2, tent=1, compass=1, schnapps=1)
    await ui.click("exp-score-open")


async def _expedition_envelope(ui, store):
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    await set_off(ui, [ann, bob], paper=[ann, bob])
    await reveal(ui, rope=2, tent=1, compass=1, schnapps=1)
    await ui.click("exp-score-open")
    await ui.type("exp-score-0-points", "70", settle=False)
    await ui.type("exp-score-1-points", "75", settle=False)
    await ui.click("exp-met-1-1")
    await ui.click("exp-score-submit")
    ui.get("exp-envelope-note")


async def _fourteeners_card(ui, store):
    await ui.go("/games/fourteeners")
    await ui.click("ft-tab-cards")
    await ui.click("ftc-add-card")


async def _fourteeners_accolade(ui, store):
    await ui.go("/games/fourteeners")
    await ui.click("ft-tab-cards")
    await ui.click("ftc-add-accolade")


async def _fourteeners_reveal(ui, store):
    session_id, _ = start_fourteeners(store)
    await ui.go(f"/play/fourteeners/{session_id}")
    if ui.find("ftr-name") is None:          # with no catalog card to pick, the form is open already
        await ui.click("ft-describe-new")


async def _ridgeline_hand(ui, store):
    session = seat_table(store)
    await ui.go(f"/play/ridgeline/{session.id}")
    await ui.click("rl-end-hand")


async def _ridgeline_check(ui, store):
    session = seat_table(store)
    await ui.go(f"/play/ridgeline/{session.id}")
    await open_panel(ui, Panel.CHECK)


FIELDS = [
    pytest.param(_players, "player-name", "Ann", id="player-name"),
    pytest.param(_hall_record, "hall-form-names", "Dora, Eli", id="hall-names"),
    pytest.param(_hall_record, "hall-form-score", "77", id="hall-score"),
    pytest.param(_hall_record, "hall-form-date", "2024-08-02", id="hall-record-date"),
    pytest.param(_hall_envelope, "hall-form-note", "Draw two cards", id="hall-note"),
    pytest.param(_hall_envelope, "hall-form-date", "2024-08-03", id="hall-envelope-date"),
    pytest.param(_expedition_score, "exp-score-0-points", "70", id="exp-points-0"),
    pytest.param(_expedition_score, "exp-score-1-points", "65", id="exp-points-1"),
    pytest.param(_expedition_envelope, "exp-envelope-note", "Every climber draws one more", id="exp-note"),
    pytest.param(_fourteeners_card, "ftc-name", "Mt. Elbert", id="ftc-name"),
    pytest.param(_fourteeners_accolade, "fta-name", "Trail Boss", id="fta-name"),
    pytest.param(_fourteeners_reveal, "ftr-name", "Pikes Peak", id="ftr-name"),
    pytest.param(_ridgeline_hand, "rl-hand-codes", "G7 S10", id="rl-hand-codes"),
    pytest.param(_ridgeline_check, "rl-check-codes", "D1 D2", id="rl-check-codes"),
]


async def _race(a: UiApp, b: UiApp, key: str, text: str) -> None:
    """A keystroke's value reaches tab A, B saves before A's change event runs, then the event runs."""
    field = a.get(key)
    a.session.apply_patch(field._i, {"value": text})
    await b.type("player-name", "Zed")
    await b.click("player-add")
    await a.settle()
    assert a.get(key).value == text, f"{key}: the redraw after another tab's save overwrote the typed text"
    # The change event the client sent with that keystroke runs now; the text stays.
    await a.session.dispatch_event(field._i, "change", text)
    await a.settle()
    assert a.get(key).value == text, f"{key}: the late change event put an older text in the field"
    # And one more save elsewhere still leaves it alone.
    await b.type("player-name", "Zoe")
    await b.click("player-add")
    await a.settle()
    assert a.get(key).value == text


@pytest.mark.parametrize(("setup", "key", "text"), FIELDS)
async def test_a_save_in_another_tab_keeps_the_text_being_typed(open_ui, store, setup, key, text):
    a = await open_ui()
    await setup(a, store)
    b = await open_ui(route="/players")
    await _race(a, b, key, text)


async def test_the_lan_code_being_typed_survives_another_tabs_save(store, hub):
    from companion.ui.shell.app import build_main

    main = build_main(store, lan=_Lan(True))
    a = await UiApp(main, route="/settings", hub=hub).start()
    b = await UiApp(main, route="/players", hub=hub).start()
    try:
        await _race(a, b, "settings-lan-new-code", "CampFour8000")
        # What was typed is what is kept, and the field is emptied for the next one.
        await a.click("settings-lan-keep")
        assert a.get("settings-lan-code").value == "Join code now: CAMP FOUR 8000"
        assert not a.get("settings-lan-new-code").value
    finally:
        await a.close()
        await b.close()


async def test_a_name_overtaken_by_another_tabs_save_is_added_as_typed(open_ui, store):
    """Players: the add reads the name the server holds, after the value, a save elsewhere and a late event."""
    a = await open_ui(route="/players")
    b = await open_ui(route="/players")
    await _race(a, b, "player-name", "Ann")
    await a.click("player-add")
    assert sorted(p.name for p in store.players.list()) == ["Ann", "Zed", "Zoe"]
    assert "Ann" in b.texts()


async def test_the_typed_text_is_what_gets_saved_after_a_race(open_ui, store):
    """The save reads the text the server holds, even when the change event was overtaken by a redraw."""
    a = await open_ui()
    await _hall_record(a, store)
    b = await open_ui(route="/players")
    await a.click("hall-form-sheet-kagkot")
    await _race(a, b, "hall-form-names", "Dora")
    field = a.get("hall-form-score")
    a.session.apply_patch(field._i, {"value": "81"})      # its change event has not run yet
    await a.click("hall-form-save")
    assert a.get("hall-kagkot-record").value == "81"
    # The form is empty when it opens again.
    await a.click("hall-add-record")
    assert not a.get("hall-form-names").value and not a.get("hall-form-score").value
