"""The coach's review of an Expedition's Ascent played on the app's sheet: offered on the full sheet, made with
the cards the player held at each turn (picked between rounds), kept with the Expedition, and shown again at
once under the scored Ascent on the Stars panel and in History."""

from __future__ import annotations

import asyncio
import random
import time

import flet as ft
import pytest

import companion.ui.expedition.screens  # noqa: F401 - registers the Expedition screens
from companion.games.expedition import session as expedition
from companion.games.expedition.rules import reveal_count
from companion.games.trek12 import review as coach_review
from companion.games.trek12.rules import ROLLS, SKULL, legal_actions
from companion.games.trek12.scoring import score
from companion.sessions import SessionKeeper
from companion.store import hall_of_fame
from companion.ui.common import services
from companion.ui.expedition.reviews import review_id
from companion.ui.trek12.coaching import entries_digest, saved_review
from harness import spoken, walk
from test_expedition_play import open_stars


def climbed(store) -> tuple[SessionKeeper, str]:
    """An Expedition of Ann (on the app's sheet) and Bob (on paper) whose first Ascent's sheet is full, with
    cards picked along the way."""
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    setup = hall_of_fame.expedition_setup(store, [{"id": ann.id, "name": "Ann"},
                                                  {"id": bob.id, "name": "Bob", "paper": True}])
    keeper = SessionKeeper(store)
    exp = keeper.start("expedition", setup, [ann.id, bob.id], "Expedition").id
    keeper.act(exp, {"type": "reveal", "cards": ["rope", "tent", "tent", "compass", "schnapps"]})
    keeper.act(exp, {"type": "sheet", "dice_seed": 3})
    rng = random.Random(11)
    state = keeper.state(exp)
    while not state.table.complete or state.due:
        if state.due:
            card = state.pool[0].value if state.pool and len(state.hands[0]) < 3 else None
            keeper.act(exp, {"type": "pick", "picks": [{"player": "Ann", "card": card}]})
        else:
            moves = []
            while not moves:
                moves = [m for m in legal_actions(state.table.states[0], rng.choice(ROLLS)) if not m.assists]
            keeper.act(exp, {"type": "turn", "player": "Ann", **rng.choice(moves).to_dict()})
        state = keeper.state(exp)
    return keeper, exp


async def reviewed(ui, store, game_id: str, keys: str):
    deadline = time.monotonic() + 120          # the review takes about 12 s here; a busy machine, several times
    while time.monotonic() < deadline:
        if saved_review(store, game_id, 0) is not None and ui.find(f"{keys}-total-0") is not None:
            break
        await asyncio.sleep(0.05)
        await ui.settle()
    kept = saved_review(store, game_id, 0)
    assert kept is not None, " | ".join(t for t in ui.texts()[-30:]) + str(sorted(k for k in ui.keys() if "review" in k))
    assert ui.get(f"{keys}-total-0").value == kept.words()
    return kept


@pytest.mark.parametrize("threads", [True, False], ids=["threads", "browser"])
async def test_an_expeditions_ascent_is_reviewed_on_its_full_sheet_and_again_from_its_stars(open_ui, store, monkeypatch,
                                                                                            threads):
    # "browser": no worker threads, as in the browser's Python: the review works between the screen's turns.
    monkeypatch.setattr(services, "THREADS", threads)
    keeper, exp = climbed(store)
    session = keeper.get(exp)
    played, upto = expedition.ascent_played(session.setup, list(session.actions), 1)
    assert any(table.states[0].assists for table, _turn in played.turns)    # cards held at some turns
    ui = await open_ui(route=f"/play/expedition/{exp}/sheet")
    ui.get("t12-sheet-done")
    # Said with its Ascent: the Stars panel shows one review an Ascent. Named with its player, Bob playing on
    # paper beside her: "Review my choices" on the table's shared device did not say whose sheet it was.
    [node] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "exp-review-1-0"]
    assert node.label == "Review Ann's choices: Ascent 1" and spoken(node) == [node.label]
    await ui.click("exp-review-1-0")
    kept = await reviewed(ui, store, review_id(exp, 1), "exp-review-1")
    # The figures are the review of the sheet as played, the cards held at each turn included.
    expected = coach_review.rounds_of(played, 0, seed=review_id(exp, 1), hints=exp)     # weighed as its hints were
    assert [round(r.cost, 6) for r in kept.rounds] == [round(r.cost, 6) for r in expected]
    assert len(kept.rounds) == 19 and kept.final == score(played.end.states[0]).total
    assert store.table("coach").get(f"{review_id(exp, 1)}:review:0")["entries"] == \
        entries_digest(list(session.actions[:upto]))

    # Scored, the Ascent keeps its review: the Stars panel shows it under the Ascent at once.
    keeper.act(exp, {"type": "score", "scores": {"Bob": 60}})
    ui = await open_ui(route=f"/play/expedition/{exp}")
    await open_stars(ui)
    assert ui.get("exp-review-1-total-0").value == kept.words()
    assert ui.get("exp-review-1-title-0").value == "Review: Ann"         # whose, as in an Ascent of several

    # The other Ascents on paper have none; in History the first one's review is there at once.
    state = keeper.state(exp)
    while not state.over:
        if state.phase.value == "reveal":
            need = reveal_count(state.setup, state.ascent)
            keeper.act(exp, {"type": "reveal", "cards": [card.value for card in state.deck[:need]]})
        elif state.phase.value == "envelope":
            keeper.act(exp, {"type": "open", "note": ""})
        else:
            keeper.act(exp, {"type": "sheet", "drop": True} if state.table is not None else
                       {"type": "score", "scores": {"Ann": 50, "Bob": 60}})
        state = keeper.state(exp)
    keeper.finish(exp)
    ui = await open_ui(route=f"/play/expedition/{exp}")
    assert ui.get("exp-review-1-total-0").value == kept.words()
    assert ui.find("exp-review-2-0") is None and ui.find("exp-review-3-0") is None
    # Its last round tapped: the sheet as it stood before it, the last circle holding what was written there.
    last = kept.rounds[-1]
    await ui.click(f"exp-review-1-round-0-{last.round}")
    assert ui.get(f"exp-review-1-shown-0-{last.round}").value.startswith(f"The sheet before round {last.round}:")
    written = played.end.states[0].board.cells()[last.played_circle]
    label = next(c.label for c in walk(ui.top) if getattr(c, "identifier", None) ==
                 f"exp-review-1-round-sheet-0-circle-{last.played_circle}")
    assert ("about to get a skull" if written == SKULL else f"about to get {written}") in label


async def test_a_review_made_of_other_entries_is_not_shown_for_the_sheet(open_ui, store):
    keeper, exp = climbed(store)
    session = keeper.get(exp)
    _played, upto = expedition.ascent_played(session.setup, list(session.actions), 1)
    review = {"seat": 0, "name": "Ann", "final": 1, "coach_final": 2, "rounds": []}
    coach = store.table("coach")
    coach.upsert({"id": f"{review_id(exp, 1)}:review:0", "entries": entries_digest(list(session.actions[:upto])),
                  "review": review})
    ui = await open_ui(route=f"/play/expedition/{exp}/sheet")
    assert ui.get("exp-review-1-total-0").value == ("Round by round, your choices cost less than one point of "
                                                    "expected score against the coach's moves. You scored 1; the "
                                                    "coach, playing the same dice from the first round, scored 2.")
    # Made before a correction of the sheet's entries: offered again, not shown for them.
    coach.upsert({"id": f"{review_id(exp, 1)}:review:0", "entries": "0123456789abcdef", "review": review})
    ui = await open_ui(route=f"/play/expedition/{exp}/sheet")
    assert ui.find("exp-review-1-total-0") is None
    assert ui.get("exp-review-1-0").disabled is False
