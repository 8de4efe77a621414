"""Correcting an old 14ers turn on the play screen: a whole seeded game, a Climb gained seven entries before the
end entered again by tapping the Climb, its side and Gain, the later turns kept and the end score that of the
game played right from the start; a gain that leaves a later Climb out of the row, with the engine's reason,
Fix it (the refused turn entered again with the same taps) and Cancel."""

from __future__ import annotations

from functools import partial
import importlib
import json
import random

from corrections_helpers import replay_game
from companion.games.fourteeners import rules, session as engine
from companion.games.fourteeners.rules import Gain, Phase
from companion.games.fourteeners.scoring import score
from companion.sessions import SessionKeeper
from companion.ui.common.widgets import sentence
from test_fourteeners_fixtures import synthetic_catalog_doc

importlib.import_module("companion.ui.fourteeners.screens")            # registers the 14ers screens

SEED = 6
BACK = 7            # the gain corrected is the seventh entry from the end: six more come after it


def as_doc(action) -> dict:
    return json.loads(json.dumps(rules.action_to_doc(action)))


def seated(store) -> tuple[str, dict, list[dict]]:
    """A whole two-player game played with the seed's random legal moves, through the keeper."""
    ann, bo = store.players.add("Ann"), store.players.add("Bo")
    setup = {"players": [{"name": "Ann", "id": ann.id}, {"name": "Bo", "id": bo.id}],
             "accolade": {"category": {"most": {"side": "gear"}}}, "catalog": synthetic_catalog_doc()}
    keeper = SessionKeeper(store)
    session = keeper.start("fourteeners", setup, [ann.id, bo.id], "Ann, Bo")
    rng = random.Random(SEED)
    while (state := keeper.state(session.id)).phase is not Phase.FINISHED:
        keeper.act(session.id, as_doc(rng.choice(rules.legal_actions(state))))
    return session.id, keeper.get(session.id).setup, list(keeper.get(session.id).actions)


replay = partial(replay_game, engine)


def refusal(setup: dict, docs: list[dict]) -> tuple[int, str] | None:
    """Where the replay of these entries stops and the engine's reason, or None when all of them apply."""
    state = engine.start(setup)
    for index, doc in enumerate(docs):
        try:
            state = engine.apply(state, doc)
        except Exception as exc:  # noqa: BLE001 - the engine's refusal, whatever its kind
            return index, str(exc)
    return None


def gains(state) -> list[dict]:
    """The gains open now without hiring a Guide (each is a tap on the Climb, one on its side and Gain)."""
    return [as_doc(a) for a in rules.legal_actions(state) if isinstance(a, Gain) and not a.guides]


def replacements(setup: dict, docs: list[dict], at: int) -> tuple[dict, tuple[dict, int, str, dict]]:
    """Another gain for entry `at`: one of another Climb that keeps every later turn legal; and one that makes a
    later turn illegal, with where and why it is refused and a gain that fixes that turn."""
    keeps = breaks = None
    for doc in gains(replay(setup, docs[:at])):
        if doc == docs[at]:
            continue
        changed = docs[:at] + [doc] + docs[at + 1:]
        stop = refusal(setup, changed)
        if stop is None:
            if keeps is None or (keeps["card"] == docs[at]["card"] and doc["card"] != docs[at]["card"]):
                keeps = doc
        elif breaks is None:
            where, reason = stop
            for fix in gains(replay(setup, changed[:where])):
                if refusal(setup, changed[:where] + [fix] + changed[where + 1:]) is None:
                    breaks = (doc, where, reason, fix)
                    break
    assert keeps and breaks, "the seed gives no replacement of both kinds"
    return keeps, breaks


def slug(name: str) -> str:
    return name.lower().replace(" ", "-")


async def gain_by_taps(ui, doc: dict) -> None:
    """Gain a Climb as at the table: tap it in the row, tap the side, tap Gain."""
    await ui.click(f"ft-climb-{slug(doc['card'])}")
    await ui.click(f"ft-side-{doc['side']}")
    await ui.click("ft-gain")


def assert_end_score(ui, state) -> None:
    result = score(state)
    assert ui.get("ft-round").value == "Game over"
    for index, player in enumerate(result.players):
        for part in ("accolade", "plans", "capstones", "photos", "total"):
            assert ui.get(f"ft-score-{index}-{part}").value == str(getattr(player, part)), (player.name, part)
    assert all(name in ui.get("ft-winner").value for name in result.winners)


async def test_a_climb_gained_seven_entries_back_is_corrected_and_the_later_turns_kept(open_ui, store):
    game_id, setup, docs = seated(store)
    at = len(docs) - BACK
    good, _ = replacements(setup, docs, at)
    ui = await open_ui(route=f"/play/fourteeners/{game_id}")
    assert_end_score(ui, replay(setup, docs))
    await ui.click("ent-open")
    before = replay(setup, docs[:at])
    words = engine.describe_action(before, docs[at])
    assert ui.get(f"ent-text-{at}").value == words
    assert words.startswith(f"Round {before.round}, {before.players[before.turn].name}: gained {docs[at]['card']}")
    await ui.click(f"ent-edit-{at}")
    assert ui.get("ent-title").value == f"Correcting entry {at + 1}"
    assert ui.get("ent-was").value == f"It was: {words}"
    assert ui.get("ft-round").value == f"Round {before.round} of 9"               # the game as it was then
    assert ui.get("ft-turn").value == before.players[before.turn].name

    await gain_by_taps(ui, good)
    assert ui.get("ent-title").value == "The correction is ready"
    assert ui.get("ent-ready").value.startswith(f"{BACK - 1} later entries kept.")
    assert store.sessions.get(game_id)["actions"] == docs                        # nothing saved yet
    right = docs[:at] + [good] + docs[at + 1:]
    assert_end_score(ui, replay(setup, right))                                   # the draft, already scored

    await ui.click("ent-confirm")
    assert store.sessions.get(game_id)["actions"] == right
    assert_end_score(ui, replay(setup, right))
    assert ui.get(f"ent-text-{at}").value == engine.describe_action(before, good)
    # One tap takes the whole correction back.
    await ui.click("ent-undo-correction")
    assert store.sessions.get(game_id)["actions"] == docs
    assert_end_score(ui, replay(setup, docs))


async def test_a_later_climb_left_out_of_the_row_is_refused_cancel_and_fix(open_ui, store):
    game_id, setup, docs = seated(store)
    at = len(docs) - BACK
    _, (bad, where, reason, fix) = replacements(setup, docs, at)
    ui = await open_ui(route=f"/play/fourteeners/{game_id}")
    await ui.click("ent-open")
    await ui.click(f"ent-edit-{at}")
    await gain_by_taps(ui, bad)
    assert ui.get("ent-title").value == f"Entry {where + 1} no longer applies"
    assert ui.get("ent-reason").value == f"Why: {sentence(reason)}"
    drafted = docs[:at] + [bad] + docs[at + 1:where]
    assert ui.get("ent-refused").value == engine.describe_action(replay(setup, drafted), docs[where])
    correction = SessionKeeper(store).correction(game_id)
    assert (correction.kept, correction.refused_action) == (where - at - 1, docs[where])

    # Cancel: the game exactly as it was, its end score shown again.
    await ui.click("ent-cancel")
    assert store.sessions.get(game_id)["actions"] == docs
    assert SessionKeeper(store).correction(game_id) is None and ui.find("ent-banner") is None
    assert_end_score(ui, replay(setup, docs))

    # Again, and Fix it: the refused turn is asked for, on the game as corrected up to it.
    await ui.click(f"ent-edit-{at}")
    await gain_by_taps(ui, bad)
    await ui.click("ent-fix")
    assert ui.get("ent-title").value == f"Correcting entry {where + 1}"
    assert ui.get("ent-was").value == f"It was: {engine.describe_action(replay(setup, drafted), docs[where])}"
    shown = replay(setup, drafted)
    assert ui.get("ft-turn").value == shown.players[shown.turn].name
    assert SessionKeeper(store).correction(game_id).waiting == docs[where]
    await gain_by_taps(ui, fix)
    assert ui.get("ent-ready").value.startswith(f"{len(docs) - at - 2} later entries kept.")
    assert store.sessions.get(game_id)["actions"] == docs
    await ui.click("ent-confirm")
    right = drafted + [fix] + docs[where + 1:]
    assert store.sessions.get(game_id)["actions"] == right
    assert_end_score(ui, replay(setup, right))


async def test_an_old_reveal_of_a_card_described_there_comes_back_filled_in(open_ui, store):
    # Editing the reveal of a card described on the spot opened an empty form: every field typed again.
    ann, bo = store.players.add("Ann"), store.players.add("Bo")
    keeper = SessionKeeper(store)
    session = keeper.start("fourteeners", {"players": [{"name": "Ann", "id": ann.id}, {"name": "Bo", "id": bo.id}],
                                           "accolade": {"category": {"most": {"side": "gear"}}}},
                           [ann.id, bo.id], "Ann, Bo")
    for name, endurance in (("Mt. Elbert", 1), ("Longs Peak", 3), ("Grays Peak", 0), ("Torreys Peak", 2)):
        keeper.act(session.id, {"type": "reveal", "card": {"name": name, "class": 1, "endurance": endurance,
                                                           "technique": 1, "icons": ["photo"] if endurance else [],
                                                           "sides": {"capstone": None, "gear": None, "training": None,
                                                                     "plans": None}}})
    ui = await open_ui(route=f"/play/fourteeners/{session.id}")
    await ui.click("ent-open")
    await ui.click("ent-edit-1")
    assert ui.get("ftr-name").value == "Longs Peak"
    assert ui.get("ftr-endurance-value").value == "3"
    await ui.type("ftr-name", "Longs Peak II")                       # the one thing that was wrong
    await ui.click("ftr-reveal")
    await ui.click("ent-confirm")
    assert [c.name for c in keeper.state(session.id).row] == ["Mt. Elbert", "Longs Peak II", "Grays Peak",
                                                              "Torreys Peak"]
    assert keeper.state(session.id).card("Longs Peak II").endurance == 3


async def test_an_entry_refused_after_a_finished_game_can_still_be_fixed(open_ui, store):
    # A finished 14ers game still takes cards described: a description refused on the corrected (finished) draft
    # can be entered again, and the banner offers "Fix it", not "the corrected game ends before this entry".
    from companion.games.fourteeners.catalog import card_to_doc

    game_id, setup, docs = seated(store)
    keeper = SessionKeeper(store)
    end = keeper.state(game_id)
    assert end.phase is Phase.FINISHED
    # A card left in the row, revealed once: entered on the spot as "Zed", described after the end.
    text = [json.dumps(d) for d in docs]
    name = next(c.name for c in end.row if sum(json.dumps(c.name) in t for t in text) == 1)
    at = next(i for i, t in enumerate(text) if json.dumps(name) in t)
    spot = {**card_to_doc(end.card(name)), "name": "Zed"}
    ann, bo = [p["id"] for p in setup["players"]]
    session = keeper.start("fourteeners", setup, [ann, bo], "Ann, Bo")
    for doc in docs[:at] + [{"type": "reveal", "card": spot}] + docs[at + 1:]:
        keeper.act(session.id, doc)
    keeper.act(session.id, {"type": "describe", "card": "Zed", "side": "gear", "ability": {"utility": 1}})
    keeper.begin_correction(session.id, at)                     # the reveal's name was a typo: "Zed II"
    keeper.act(session.id, {"type": "reveal", "card": {**spot, "name": "Zed II"}})
    assert keeper.correction(session.id).refused is not None and keeper.state(session.id).phase is Phase.FINISHED
    ui = await open_ui(route=f"/play/fourteeners/{session.id}")
    assert ui.find("ent-ended") is None and ui.find("ent-fix") is not None
