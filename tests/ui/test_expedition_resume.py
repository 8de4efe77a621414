"""Expeditions kept between sittings: home lists each one with the stars so far drawn as stars, and an
Expedition opened again after the store was closed shows every star, card and envelope as it was."""

from __future__ import annotations

import companion.ui.expedition.screens  # noqa: F401 - registers the Expedition screens
from companion.games.expedition.rules import Phase
from companion.games.trek12.rules import Assist
from companion.sessions import SessionKeeper
from companion.store import hall_of_fame
from companion.store import open_store
from companion.ui.shell.app import build_main
import flet as ft
from harness import UiApp, walk
from test_expedition_play import drawn_stars, engine_stars, open_stars, pick, reveal, score, set_off


async def test_resume_after_reopening_the_store(tmp_path):
    folder = tmp_path / "data"
    store = open_store(folder)
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ui = await UiApp(build_main(store)).start()
    exp = await set_off(ui, [ann, bob], paper=[bob])
    await reveal(ui, rope=2, tent=1, compass=1, schnapps=1)
    await pick(ui, (0, "rope"), (1, "tent"))
    await score(ui, {0: 70, 1: 66}, met={1: [1]})
    await ui.type("exp-envelope-note", "Swap sheets with your left neighbour", settle=False)
    await ui.click("exp-envelope-open")
    await reveal(ui, schnapps=2, compass=2)
    await pick(ui, (1, "schnapps"))
    before = SessionKeeper(store).state(exp)
    await ui.close()
    store.close()

    store = open_store(folder)
    try:
        ui = await UiApp(build_main(store)).start()
        # Home: the Expedition under Resume, with the stars so far drawn by kind (Ann 2, Bob 1 summit).
        ui.get(f"home-resume-{exp}")
        assert drawn_stars(ui, f"home-resume-{exp}-stars-0") == {"summit": 1, "race": 1, "record": 0}
        assert drawn_stars(ui, f"home-resume-{exp}-stars-1") == {"summit": 1, "race": 0, "record": 0}
        assert "Ascent 2 of 3 · Kagkot" in ui.text()
        # Each player's stars are said with their name, one player after the other (all the names came first).
        lines = [n.label for n in walk(ui.get(f"home-resume-{exp}-stars")) if isinstance(n, ft.Semantics)
                 and n.exclude_semantics and n.label and n.label.startswith(("Ann: ", "Bob: "))]
        assert lines == ["Ann: 2 stars (summit 1, race 1)", "Bob: 1 star (summit 1)"], lines
        await ui.click(f"home-resume-{exp}")
        assert ui.route == f"/play/expedition/{exp}"
        after = SessionKeeper(store).state(exp)
        assert after == before
        assert after.phase is Phase.CLIMB and after.ascent == 2 and after.lead == 1
        assert ui.get("exp-hand-0-count").value == "1 of 3" and ui.get("exp-hand-1-count").value == "2 of 3"
        assert [e.note for e in hall_of_fame.envelopes(store)] == ["Swap sheets with your left neighbour"]
        ui.get("exp-pool-compass")
        # The stars panel after reopening: the engine's stars, drawn.
        await open_stars(ui)
        for seat in (0, 1):
            assert drawn_stars(ui, f"exp-ascent-1-{seat}-stars") == engine_stars(after.results[0].stars[seat])
        # Undo and redo still work on the reopened Expedition: Bob's Schnapps goes back into play and returns.
        await ui.click("exp-undo")
        undone = SessionKeeper(store).state(exp)
        assert [c.value for c in undone.hands[1]] == ["tent"]
        assert undone.pool.count(Assist.SCHNAPPS) == before.pool.count(Assist.SCHNAPPS) + 1
        await ui.click("exp-redo")
        assert SessionKeeper(store).state(exp) == before
        await ui.close()
    finally:
        store.close()
