"""Correcting an old entry of an Expedition on the play screen: Ascent 1's scoring, with five entries after it,
changed in the scoring form (opened as it was entered, on the day it was), the later entries kept and the stars
those of the Expedition entered right from the start; a scoring that cashes a card used later, with the engine's
reason and Drop it; deleting an entry; and the Hall of Fame, which the screen keeps in step with the
Expedition, after a correction."""

from __future__ import annotations

from functools import partial
import importlib


from corrections_helpers import replay_game, saved
from companion.games.expedition import rules, session as engine
from companion.sessions import SessionKeeper
from companion.store import hall_of_fame
from companion.store.hall_of_fame import expedition_setup
from companion.ui.common.widgets import sentence
from harness import walk
from test_expedition_play import drawn_stars, engine_stars, score

importlib.import_module("companion.ui.expedition.screens")             # registers the Expedition screens

EDITED = 3          # Ascent 1's scoring: five more entries come after it
DAY = "2026-01-01"

# Two players on paper, cards typed. Ascent 1: Ann takes a Rope and the Tent, Bob a Rope; the scoring was
# recorded as Ann 70 when her sheet said 78. Ascent 2: Ann takes the Schnapps, uses her Tent, and it is scored.
ACTIONS = [
    {"type": "reveal", "cards": ["compass", "rope", "rope", "tent", "schnapps"]},
    {"type": "pick", "picks": [{"player": "Ann", "card": "rope"}, {"player": "Bob", "card": "rope"}]},
    {"type": "pick", "picks": [{"player": "Ann", "card": "tent"}]},
    {"type": "score", "scores": {"Ann": 70, "Bob": 75}, "date": DAY, "challenges": {"Bob": [1]}},
    {"type": "open", "note": ""},
    {"type": "reveal", "cards": ["compass", "tent", "tent", "schnapps"]},
    {"type": "pick", "picks": [{"player": "Ann", "card": "schnapps"}]},
    {"type": "use", "player": "Ann", "card": "tent"},
    {"type": "score", "scores": {"Ann": 80, "Bob": 69}, "date": DAY},
]
USE = 7             # Ann's Tent used in Ascent 2


def seated(store) -> tuple[str, dict]:
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    setup = expedition_setup(store, [{"id": ann.id, "name": "Ann", "paper": True},
                                     {"id": bob.id, "name": "Bob", "paper": True}])
    keeper = SessionKeeper(store)
    session = keeper.start("expedition", setup, [ann.id, bob.id], "Expedition")
    for action in ACTIONS:
        keeper.act(session.id, action)
    # What the screen does after every entry: the Hall of Fame follows the Expedition.
    hall_of_fame.sync_expedition(store, session.id, keeper.state(session.id))
    return session.id, setup


replay = partial(replay_game, engine)




async def show_panel(ui, index: int) -> None:
    """Tap a destination of the bottom bar: 0 the Ascent, 1 the Stars."""
    nav = ui.get("exp-nav")
    ui.session.apply_patch(nav._i, {"selected_index": index})
    await ui.session.dispatch_event(nav._i, "change", str(index))
    await ui.settle()


async def assert_stars_shown(ui, state) -> None:
    """On the Stars panel, every scored Ascent's totals and stars and the standing are the engine's; then back
    to the Ascent panel."""
    await show_panel(ui, 1)
    for result in state.results:
        for seat in (0, 1):
            assert ui.get(f"exp-ascent-{result.number}-{seat}-total").value == str(result.totals[seat])
            assert drawn_stars(ui, f"exp-ascent-{result.number}-{seat}-stars") == engine_stars(result.stars[seat])
    for seat, standing in enumerate(rules.standing(state)):
        assert ui.get(f"exp-standing-{seat}-count").value == str(standing.stars)
    await show_panel(ui, 0)


def records(store, sheet: str) -> list[tuple[tuple[str, ...], int]]:
    return [(line.entry.names, line.entry.score) for line in hall_of_fame.hall(store).column(sheet).lines]


async def test_a_scoring_five_entries_back_is_typed_again_and_the_later_entries_kept(open_ui, store):
    game_id, setup = seated(store)
    ui = await open_ui(route=f"/play/expedition/{game_id}")
    await assert_stars_shown(ui, replay(setup, ACTIONS))
    await ui.click("ent-open")
    for index in range(len(ACTIONS)):
        assert ui.get(f"ent-text-{index}").value == engine.describe_action(replay(setup, ACTIONS[:index]),
                                                                           ACTIONS[index])
    words = ui.get(f"ent-text-{EDITED}").value
    assert words == "Ascent 1 (Dunai) scored: Ann 70, Bob 75; challenges met: Bob 1; 1 Jan 2026"
    await ui.click(f"ent-edit-{EDITED}")
    assert ui.get("ent-title").value == f"Correcting entry {EDITED + 1}"
    assert ui.get("ent-was").value == f"It was: {words}"
    assert ui.find("exp-ascent-1") is None                                   # Ascent 1 not scored yet

    # The scoring form opens as the scoring was entered (Ann 70, Bob 75, Bob met envelope 1's challenge): only
    # Ann's 70 is typed again, as 78. It keeps the day the Ascent was scored.
    await ui.click("exp-score-open")
    assert (ui.get("exp-score-0-points").value, ui.get("exp-score-1-points").value) == ("70", "75")
    assert [n.selected for n in walk(ui.top) if getattr(n, "identifier", None) == "exp-met-1-1"] == [True]
    await ui.type("exp-score-0-points", "78", settle=False)
    await ui.click("exp-score-submit")
    assert ui.get("ent-title").value == "The correction is ready"
    assert ui.get("ent-ready").value.startswith(f"{len(ACTIONS) - EDITED - 1} later entries kept.")
    # The banner says where the correction stands: "Ascent 1 scored." stood over the preview of Ascent 2.
    assert ui.find("exp-notice-text") is None
    assert saved(store, game_id) == ACTIONS                                  # nothing saved yet
    right_score = {"type": "score", "scores": {"Ann": 78, "Bob": 75}, "date": DAY, "challenges": {"Bob": [1]}}
    right = ACTIONS[:EDITED] + [right_score] + ACTIONS[EDITED + 1:]
    await assert_stars_shown(ui, replay(setup, right))

    await ui.click("ent-confirm")
    assert saved(store, game_id) == right
    state = replay(setup, right)
    await assert_stars_shown(ui, state)
    assert state.results[0].totals == (78, 75)
    assert [s.race for s in state.results[0].stars] == [1, 0]                # the race star goes to Ann now
    await ui.click("ent-open")                     # a tab tapped above closed the entries
    assert ui.get(f"ent-text-{EDITED}").value == engine.describe_action(replay(setup, ACTIONS[:EDITED]),
                                                                        right_score)
    await ui.click("ent-undo-correction")
    assert saved(store, game_id) == ACTIONS
    await assert_stars_shown(ui, replay(setup, ACTIONS))


async def test_a_card_cashed_then_used_later_is_refused_and_dropped(open_ui, store):
    game_id, setup = seated(store)
    ui = await open_ui(route=f"/play/expedition/{game_id}")
    await ui.click("ent-open")
    await ui.click(f"ent-edit-{EDITED}")
    # The same scoring, but Ann's Tent (her second card, after the Rope) cashed.
    assert [card.value for card in replay(setup, ACTIONS[:EDITED]).hands[0]] == ["rope", "tent"]
    await score(ui, {}, cash={0: [1]})                  # the rest as it was entered
    cashed = {**ACTIONS[EDITED], "cash": {"Ann": ["tent"]}}
    drafted = ACTIONS[:EDITED] + [cashed] + ACTIONS[EDITED + 1:USE]
    try:
        engine.apply(replay(setup, drafted), ACTIONS[USE])
    except Exception as exc:  # noqa: BLE001 - the engine's refusal, whatever its kind
        reason = str(exc)
    else:
        raise AssertionError("the Tent used in Ascent 2 should no longer apply")
    assert reason == "Ann does not hold a tent (holds 1 rope, 1 schnapps)"
    assert ui.get("ent-title").value == f"Entry {USE + 1} no longer applies"
    assert ui.get("ent-reason").value == f"Why: {sentence(reason)}"
    assert ui.get("ent-refused").value == "Ascent 2, Ann: used the Tent"
    assert SessionKeeper(store).correction(game_id).kept == USE - EDITED - 1

    # Drop it: the last scoring still applies, so the correction is ready with one entry dropped.
    await ui.click("ent-drop")
    correction = SessionKeeper(store).correction(game_id)
    assert correction.ready and (correction.kept, correction.dropped) == (len(ACTIONS) - EDITED - 2, 1)
    assert ui.get("ent-ready").value.startswith(f"{len(ACTIONS) - EDITED - 2} later entries kept, 1 dropped.")
    assert saved(store, game_id) == ACTIONS
    await ui.click("ent-confirm")
    right = drafted + ACTIONS[USE + 1:]
    assert saved(store, game_id) == right
    state = replay(setup, right)
    await assert_stars_shown(ui, state)
    assert state.results[0].totals == (73, 75)                               # 70 + the Tent cashed


async def test_a_card_used_is_deleted(open_ui, store):
    game_id, setup = seated(store)
    ui = await open_ui(route=f"/play/expedition/{game_id}")
    await ui.click("ent-open")
    assert ui.get(f"ent-text-{USE}").value == "Ascent 2, Ann: used the Tent"
    await ui.click(f"ent-delete-{USE}")
    assert ui.get("ent-title").value == "The correction is ready"
    assert ui.get("ent-ready").value.startswith("1 later entry kept. Check the game")
    assert saved(store, game_id) == ACTIONS
    await ui.click("ent-confirm")
    left = ACTIONS[:USE] + ACTIONS[USE + 1:]
    assert saved(store, game_id) == left
    state = replay(setup, left)
    assert [card.value for card in state.hands[0]] == ["rope", "tent", "schnapps"]
    await assert_stars_shown(ui, state)
    await ui.click("ent-open")                     # a tab tapped above closed the entries
    assert ui.get(f"ent-text-{USE}").value == engine.describe_action(replay(setup, left[:USE]), left[USE])


async def test_the_hall_of_fame_follows_only_a_confirmed_correction(open_ui, store):
    game_id, _ = seated(store)
    assert records(store, "dunai") == [(("Bob",), 75)]
    ui = await open_ui(route=f"/play/expedition/{game_id}")
    await ui.click("ent-open")
    await ui.click(f"ent-edit-{EDITED}")
    await score(ui, {0: 78})
    before_confirm = records(store, "dunai")
    await ui.click("ent-cancel")
    after_cancel = records(store, "dunai")
    # Nothing changes until Confirm, and Cancel leaves everything as it was.
    assert (before_confirm, after_cancel) == ([(("Bob",), 75)], [(("Bob",), 75)])


async def test_a_deleted_scoring_takes_its_record_out_of_the_hall_of_fame(open_ui, store):
    game_id, _ = seated(store)
    assert records(store, "kagkot") == [(("Ann",), 80)]
    ui = await open_ui(route=f"/play/expedition/{game_id}")
    await ui.click("ent-open")
    await ui.click(f"ent-delete-{len(ACTIONS) - 1}")                         # Ascent 2's scoring
    await ui.click("ent-confirm")
    assert saved(store, game_id) == ACTIONS[:-1]
    assert records(store, "kagkot") == []


async def test_abandoning_an_expedition_taken_back_from_history_keeps_its_hall_of_fame(open_ui, store):
    from test_expedition_play import reveal, set_off
    from test_expedition_play import score as score_ascent

    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui()
    exp = await set_off(ui, [ann, bob], paper=[ann, bob])
    for cards, points in (({"rope": 2, "tent": 1, "compass": 1, "schnapps": 1}, {0: 70, 1: 75}),
                          ({"tent": 2, "schnapps": 1, "compass": 1}, {0: 80, 1: 69}),
                          ({"rope": 1, "compass": 1, "schnapps": 1}, {0: 74, 1: 76})):
        await reveal(ui, **cards)
        await score_ascent(ui, points)
        if ui.find("exp-envelope-open") is not None:
            await ui.click("exp-envelope-open")
    await ui.click("exp-finish")
    before = store.table("hall_of_fame").find(expedition=exp)
    assert before and store.history.get(exp) is not None
    await ui.go(f"/history/{exp}")
    await ui.click("record-correct")
    await ui.click("exp-abandon")
    # The dialog says what abandoning does here: the changes go, the Expedition stays in History.
    assert "History and the Hall of Fame keep it as it was" in ui.text()
    assert ui.get("exp-abandon-confirm").content == "Drop the changes"
    await ui.click("exp-abandon-confirm")
    assert store.sessions.get(exp) is None and store.history.get(exp) is not None
    assert store.table("hall_of_fame").find(expedition=exp) == before



async def test_the_lead_climber_at_the_start_is_corrected_and_every_entry_replayed(open_ui, store):
    # Bob is the older and took the Lead Climber card: after Ascent 1's reveal the picks go from him.
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    setup = expedition_setup(store, [{"id": ann.id, "name": "Ann", "paper": True},
                                     {"id": bob.id, "name": "Bob", "paper": True}])
    keeper = SessionKeeper(store)
    game_id = keeper.start("expedition", setup, [ann.id, bob.id], "Expedition").id
    keeper.act(game_id, ACTIONS[0])
    ui = await open_ui(route=f"/play/expedition/{game_id}")
    assert ui.find("exp-hand-0-lead") is not None and ui.find("exp-hand-1-lead") is None
    await ui.click("exp-pick-open")
    assert shown(ui, "Picks go from the Lead Climber (Ann) clockwise")
    await ui.click("ent-open")
    assert ui.get("ent-setup-0-0-label").value == "Ann"                  # the Lead Climber in force: not a button
    await ui.click("ent-setup-0-1")
    assert ui.get("ent-title").value == "The corrected setup is ready"
    assert store.sessions.get(game_id)["setup"] == setup                 # nothing saved yet
    await ui.click("ent-confirm")
    corrected = {**setup, "lead": "Bob"}
    assert store.sessions.get(game_id)["setup"] == corrected and saved(store, game_id) == ACTIONS[:1]
    assert replay(corrected, ACTIONS[:1]).lead == 1
    assert shown(ui, "Picks go from the Lead Climber (Bob) clockwise")          # the picks still open
    assert ui.get("ent-setup-0-1-label").value == "Bob"
    await ui.click("ent-undo-correction")
    assert store.sessions.get(game_id)["setup"] == setup


def shown(ui, text: str) -> bool:
    """True when a text on screen contains `text`."""
    return any(text in str(getattr(control, "value", "")) for control in walk(ui.top))


async def test_a_scoring_form_left_open_closes_when_a_correction_begins_or_is_cancelled(open_ui, store):
    # Ascent 2's form open with 80 and 69 typed, then Ascent 1's scoring corrected: the form stayed open with
    # Ascent 2's points; and the corrected scoring's form, left open when the correction was cancelled, was one
    # tap from scoring Ascent 2 with Ascent 1's points.
    game_id, _ = seated(store)
    keeper = SessionKeeper(store)
    keeper.undo(game_id)                                                     # Ascent 2 not scored yet
    played = saved(store, game_id)
    ui = await open_ui(route=f"/play/expedition/{game_id}")
    await ui.click("exp-score-open")
    await ui.type("exp-score-0-points", "80", settle=False)
    await ui.click("ent-open")
    await ui.click(f"ent-edit-{EDITED}")
    assert ui.find("exp-score-0-points") is None
    await ui.click("exp-score-open")                                         # the old scoring, as entered
    assert ui.get("exp-score-0-points").value == "70"
    await ui.click("ent-cancel")
    assert ui.find("exp-score-0-points") is None and saved(store, game_id) == played
    await ui.click("exp-score-open")                                         # Ascent 2's, empty
    assert ui.get("exp-score-0-points").value in ("", None)


async def test_a_correction_that_gives_an_envelope_to_another_player_says_so_before_it_is_confirmed(open_ui, store):
    # Ann's 78 with challenge 1 met too makes her the one to open envelope 1 ("the highest-scoring one for that
    # Ascent opens it"), which Bob opened at the table: the replay moved it to her without a word.
    game_id, setup = seated(store)
    ui = await open_ui(route=f"/play/expedition/{game_id}")
    await ui.click("ent-open")
    await ui.click(f"ent-edit-{EDITED}")
    await ui.click("exp-score-open")
    await ui.type("exp-score-0-points", "78", settle=False)
    await ui.click("exp-met-0-1")
    await ui.click("exp-score-submit")
    assert ui.get("ent-title").value == "The correction is ready"
    assert ui.get("ent-change-0").value == ("Envelope 1 is now opened by Ann, not Bob: the highest score of Ascent 1 "
                                            "opens it.")
    assert ui.find("ent-change-1") is None
    # A correction that leaves the envelope with Bob says nothing of it.
    await ui.click("ent-cancel")                   # the entries stay open
    await ui.click(f"ent-edit-{EDITED}")
    await ui.click("exp-score-open")
    await ui.type("exp-score-0-points", "78", settle=False)
    await ui.click("exp-score-submit")
    assert ui.get("ent-title").value == "The correction is ready" and ui.find("ent-change-0") is None


async def test_the_resume_card_shows_the_expedition_as_saved_while_an_entry_is_corrected(open_ui, store):
    """Its picture read the correction's draft: "Ascent 1 of 3 · Dunai" and no stars, of an Expedition
    further on."""
    from harness import walk

    def picture(ui) -> list[str]:
        return [str(c.value) for c in walk(ui.get(f"home-resume-{game_id}-stars"))
                if isinstance(getattr(c, "value", None), str)]

    game_id, _ = seated(store)
    before = picture(await open_ui())
    SessionKeeper(store).begin_correction(game_id, 1)
    assert picture(await open_ui()) == before


async def test_an_expedition_played_to_its_end_is_said_to_be_over_on_home(open_ui, store):
    """Its card said "saved 7 Dec, 11:53" beside "All three Ascents scored · save it to History"."""
    from harness import walk

    def card(ui) -> list[str]:
        return [str(c.value) for c in walk(ui.get(f"home-resume-{game_id}"))
                if isinstance(getattr(c, "value", None), str)]

    game_id, _ = seated(store)
    keeper = SessionKeeper(store)
    assert any(text.startswith("saved ") for text in card(await open_ui()))        # Ascent 3 to come
    keeper.act(game_id, {"type": "reveal", "cards": ["compass", "rope", "tent"]})
    keeper.act(game_id, {"type": "score", "scores": {"Ann": 74, "Bob": 76}, "date": DAY})
    assert keeper.saved_state(game_id).over
    shown = card(await open_ui())
    assert any(text.startswith("ended ") for text in shown) and not any(text.startswith("saved ") for text in shown)
    assert not any("not yet in History" in text for text in shown)       # its picture says it
