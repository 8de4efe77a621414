"""Freunde's play screen in-process: a turn tapped in (cards, risk token, weather, moves, tents, risk penalty),
the acclimatization check shown against the engine's, refusals with their reason, undo/redo, resume, the solo
end at a death, and a finished game saved to History."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import flet as ft
import pytest
from freunde_cases import DEATH_AT_THE_CHECK
from harness import UiApp, spoken, walk

from companion.games.freunde import rules
from companion.games.freunde.scoring import score
from companion.sessions import SessionKeeper
from companion.ui.common import registry
from companion.ui.freunde.parts import check_sentence
from companion.ui.freunde.screens import FreundeNewGame, FreundePlay, wrapped_lines
from companion.ui.freunde.turn import check_card

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "freunde"


@pytest.fixture(autouse=True)
def freunde_screens():
    """The real screens registered (another test module may have put a stand-in in their place)."""
    registry.register_game_screen("freunde", new_game=FreundeNewGame, play=FreundePlay)
    yield


# Turn 1 under way: sun, Ann's and Bob's cards played, nobody takes a risk token; Ann's climbers to move.
CARDS_PLAYED = (
    {"type": "weather", "day": 1, "weather": "sun"},
    {"type": "play", "player": "Ann", "cards": ["M1", "M1", "A1"]},
    {"type": "play", "player": "Bob", "cards": ["M1", "A0", "A1"]},
    {"type": "risk", "value": 0},
)


def start_game(store, names=("Ann", "Bob"), actions=(), **setup):
    players = [store.players.add(name) for name in names]
    doc = {"players": [{"id": p.id, "name": p.name} for p in players], "board": "summer",
           "weather_season": "summer", "rules": rules.RULESET, **setup}
    if doc["rules"] is None:                            # a save from before the ruleset mark
        del doc["rules"]
    keeper = SessionKeeper(store)
    session = keeper.start("freunde", doc, [p.id for p in players], "test")
    for action in actions:
        keeper.act(session.id, action)
    return session


def engine(store, session_id):
    return SessionKeeper(store).state(session_id)


async def tap_cards(ui, *codes):
    for code in codes:
        await ui.click(f"fr-card-{code}")
    await ui.click("fr-play")


async def test_a_climbers_action_being_planned_is_found_again_after_a_reload(open_ui, store):
    from companion.ui.common.drafts import DRAFTS_TABLE

    session = start_game(store, actions=CARDS_PLAYED)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")
    await ui.click("fr-give-1")                       # Move 1 and Move 1: S1 for 1 and a tent there for 1
    await ui.click("fr-space-S1")
    await ui.click("fr-tent")
    summary = ui.get("fr-move-summary").value
    assert summary == "A: to S1 for 1, tent for 1"
    await ui.close()
    # The page is loaded again (or the phone closed it meanwhile): the plan is still there, ready to confirm.
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    assert ui.get("fr-move-summary").value == summary
    await ui.click("fr-give")
    action = SessionKeeper(store).get(session.id).actions[-1]
    assert (action["climber"], action["cards"], action["path"][-1], action["tent"]) == ("A", ["M1", "M1"], "S1", True)
    assert store.table(DRAFTS_TABLE).all() == []       # given: nothing left to keep


async def test_a_plan_that_could_not_be_confirmed_still_cannot_after_a_reload(open_ui, store):
    # A tent that put the space out of reach left nothing to confirm; after a reload the plan was "stays,
    # tent" and Give pitched the tent where the climber stood.
    session = start_game(store, actions=CARDS_PLAYED)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")
    await ui.click("fr-give-1")                       # Move 1 and Move 1 reach S2, but not with a tent there
    await ui.click("fr-space-S2")
    await ui.click("fr-tent")
    assert ui.get("fr-give").disabled
    await ui.close()
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    assert ui.get("fr-give").disabled
    assert ui.get("fr-move-summary").value.startswith("Turn 1: Ann's climber A cannot afford to reach S2")
    await ui.click("fr-tent")                         # the tent taken back: S2 is the plan again
    assert ui.get("fr-move-summary").value == "A: to S2 for 2" and not ui.get("fr-give").disabled


def test_a_kept_plan_that_no_longer_fits_the_game_keeps_only_what_does(store):
    from companion.ui.freunde.turn import MoveDraft

    session = start_game(store, actions=CARDS_PLAYED)
    state = engine(store, session.id)
    plan = MoveDraft("A", (0, 1), "S2", False, 0, 0)
    assert MoveDraft.from_doc(plan.to_doc(), state) == plan
    # A card that is not left, risk it does not owe: left out; a space it cannot reach stays the one meant.
    assert MoveDraft.from_doc({"climber": "A", "cards": [0, 7, "x"], "target": "S9", "risk_move": 3},
                              state) == MoveDraft("A", (0,), refused="S9")
    assert MoveDraft.from_doc({"climber": "A", "target": "nowhere"}, state) == MoveDraft("A")
    assert MoveDraft.from_doc({"climber": "Z"}, state) == MoveDraft()
    assert MoveDraft.from_doc(["A"], state) == MoveDraft()


async def weather_asked(open_ui, store, **setup):
    """A first turn played up to today's weather (Ann M3 M2 A1, Bob M1 A0 A1, a risk token of 1): (session, ui)."""
    session = start_game(store, **setup)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await tap_cards(ui, "M3", "M2", "A1")
    await tap_cards(ui, "M1", "A0", "A1")
    await ui.click("fr-risk-1")
    await ui.click("fr-risk-take")
    return session, ui


async def snow_today(open_ui, store):
    """A first turn played up to today's weather, with day 1's snow from 8000 m entered: (session, ui)."""
    session, ui = await weather_asked(open_ui, store)
    await ui.click("fr-today-day-1-label-snow")
    await ui.click("fr-today-day-1-zone-8000")
    return session, ui


async def test_days_of_the_tile_left_untouched_are_not_saved_as_sun(open_ui, store):
    # Only today's snow entered: days 2 and 3 were saved as "no effect", and never asked for again.
    session, ui = await snow_today(open_ui, store)
    # Days 2 and 3 show no weather chosen (a sun shown there read as entered, and was left out of the save).
    chosen = {n.identifier for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.selected
              and str(n.identifier or "").startswith("fr-today-day-") and "-label-" in n.identifier}
    assert chosen == {"fr-today-day-1-label-snow"}
    assert ui.find("fr-today-day-2-unset") is not None and ui.find("fr-today-day-1-unset") is None
    await ui.click("fr-today-day-3-label-cloud")          # day 3 without day 2: which weather is day 2?
    await ui.click("fr-today-save")
    assert ui.get("fr-weather-problem").value.startswith("Day 2 is not entered")
    assert engine(store, session.id).weather[0] is None
    await ui.click("fr-today-day-3-label-sun")            # day 3 touched (sun): still a gap at day 2
    await ui.click("fr-today-save")
    assert ui.get("fr-weather-problem").value.startswith("Day 2 is not entered")
    await ui.click("fr-today-day-2-label-sun")
    await ui.click("fr-today-save")
    weather = engine(store, session.id).weather
    assert weather[0].label == "snow" and weather[1].label == weather[2].label == "sun"


async def test_a_later_day_whose_band_could_not_be_read_does_not_hold_up_todays_weather(open_ui, store):
    # Tile 6 laid for days 1-3: its third day's band cannot be read off the tile's picture. Saving today's
    # weather was refused until day 3's zones were chosen, days before its turn.
    session, ui = await weather_asked(open_ui, store)
    await ui.click("fr-today-preset-summer-6")
    await ui.click("fr-today-save")
    assert ui.find("fr-weather-problem") is None
    weather = engine(store, session.id).weather
    assert [w.label for w in weather[:2]] == ["cloud", "sun"] and weather[2] is None
    assert ui.get("fr-notice-text").value == ("Days 1–2 saved. Day 3 is left to enter: choose the zones its snow "
                                              "covers when it comes.")


async def test_a_later_day_chosen_by_hand_without_its_zones_still_refuses_the_save(open_ui, store):
    # Only a preset's unreadable band is left for later: a day the players chose themselves, or one saved
    # before, was left out of the save (kept as it was) while the notice said it was left to enter.
    session, ui = await snow_today(open_ui, store)
    await ui.click("fr-today-day-2-label-sun")
    await ui.click("fr-today-day-3-label-cloud")
    await ui.click("fr-today-save")
    assert ui.get("fr-weather-problem").value == ("Day 3: choose the altitude zones the cloud covers (the tile "
                                                  "shows them).")
    assert engine(store, session.id).weather[0] is None


async def test_a_preset_day_changed_by_hand_or_saved_before_is_not_left_for_later(open_ui, store):
    # Tile 2's third day is a sun, read as "no effect": changed by hand to a cloud with no zones, it was left
    # out of the save as if its band could not be read. Tile 6 laid over days already saved left day 3's sun
    # as it was, while the notice said it was left to enter.
    session, ui = await weather_asked(open_ui, store)
    await ui.click("fr-today-preset-summer-2")
    await ui.click("fr-today-day-3-label-cloud")
    await ui.click("fr-today-save")
    assert ui.get("fr-weather-problem").value.startswith("Day 3: choose the altitude zones the cloud covers")
    assert engine(store, session.id).weather[0] is None
    session = start_game(store, names=("Cy", "Di"), weather=["sun", "sun", "sun"])
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-forecast-1")
    await ui.click("fr-weather-preset-summer-6")
    await ui.click("fr-weather-save")
    assert ui.get("fr-weather-problem").value.startswith("Day 3: choose the altitude zones the snow covers")
    assert [w.label for w in engine(store, session.id).weather[:3]] == ["sun", "sun", "sun"]


async def test_today_s_weather_saved_from_the_forecast_goes_back_to_the_turn(open_ui, store):
    # "Tap today in the forecast": saved there, the screen stayed on the Weather tab, and the player had to find
    # the Turn tab to go on. Days ahead saved from the forecast leave it where it is.
    from companion.ui.freunde.screens import Panel

    session = start_game(store, names=("Cy", "Di"))
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-forecast-1")
    assert ui.get("fr-nav").selected_index == int(Panel.WEATHER)
    await ui.click("fr-weather-save")                  # today as shown (sun), the tile's other days left for later
    assert engine(store, session.id).weather[0] is not None
    assert ui.get("fr-nav").selected_index == int(Panel.TURN) and "Day 1's weather saved." in ui.text()
    await ui.click("fr-forecast-4")
    await ui.click("fr-weather-day-4-label-sun")
    await ui.click("fr-weather-save")
    assert engine(store, session.id).weather[3] is not None
    assert ui.get("fr-nav").selected_index == int(Panel.WEATHER)


async def test_today_without_its_zones_is_not_saved(open_ui, store):
    session, ui = await weather_asked(open_ui, store)
    await ui.click("fr-today-day-1-label-snow")
    await ui.click("fr-today-save")
    assert ui.get("fr-weather-problem").value == "Day 1: choose the altitude zones the snow covers (the tile shows them)."
    assert engine(store, session.id).weather[0] is None


@pytest.mark.parametrize("ruleset, said", [
    (rules.RULESET, "or off the acclimatization of a climber that moved or got acclimatization points this turn; "
                    "cards no climber was given take what is left."),
    (None, "a climber given no card cannot take them.")])
async def test_the_risk_token_is_explained_by_the_rules_the_game_is_played_by(open_ui, store, ruleset, said):
    # Under the printed rules (p.7) a climber given a card it did not use cannot bear the penalty, and unused
    # cards absorb it: the card explained the earlier reading in every game.
    session = start_game(store, rules=ruleset)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await tap_cards(ui, "M3", "M2", "A1")
    await tap_cards(ui, "M1", "A0", "A1")
    text = " ".join(c.value for c in walk(ui.get("fr-risk-taker")) if isinstance(getattr(c, "value", None), str))
    assert text.endswith(said), text


async def test_only_today_entered_saves_only_today(open_ui, store):
    session, ui = await snow_today(open_ui, store)
    await ui.click("fr-today-save")
    weather = engine(store, session.id).weather
    assert weather[0].label == "snow" and weather[1] is None and weather[2] is None
    assert ui.get("fr-notice-text").value == "Day 1's weather saved."


async def test_a_turn_played_by_tapping_shows_the_engines_check(open_ui, store):
    session = start_game(store)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    assert ui.get("fr-turn-title").value == "Turn 1 of 18"

    # Cards: Ann's three, then Bob's; the picker shows how many of each are left.
    assert ui.get("fr-card-M1-count").value == "×5"
    await ui.click("fr-card-M3")
    await ui.click("fr-card-M2")
    await ui.click("fr-card-A1")
    assert ui.get("fr-tray-total").value.startswith("Movement total 5")
    await ui.click("fr-tray-2")                       # tapped by mistake: taken out again
    await ui.click("fr-card-A2")
    await ui.click("fr-play")
    # Listed as the entries list them ("…, Move 3 and Acclimatize +2"), not by commas alone.
    assert "Ann played Move 2, Move 3 and Acclimatize +2." == ui.get("fr-notice-text").value
    await tap_cards(ui, "M1", "A0", "A1")

    # Risk: Ann has the highest movement total and takes a token.
    assert ui.get("fr-total-0").value == "Ann 5" and ui.get("fr-total-1").value == "Bob 1"
    assert "Ann has the highest movement total (5)" in ui.text()
    await ui.click("fr-risk-1")
    await ui.click("fr-risk-take")

    # Today's weather before anyone acts: a cloud costing 1 acclimatization from 6000 m, from the presets.
    await ui.click("fr-today-preset-summer-1")
    await ui.click("fr-today-save")
    state = engine(store, session.id)
    assert rules.today_weather(state).accl == 1 and state.weather[2].zones == frozenset({8000})

    # Ann's climber A: M3 + M2 reach S6 (entry cost 2) along the cheapest path; the cost is on the board.
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")
    await ui.click("fr-give-1")
    routes = rules.destinations(state, 0, "A", (rules.cards_from_doc(state, ["M3", "M2"])))
    assert ui.get("fr-cost-S6").content.content.value == str(routes["S6"].cost) == "5"
    # A screen reader hears each space once, in words, with who stands there: the cost pill, the badges, the
    # space's name under it and the pawns were bare numbers and letters after the space's own words.
    said = spoken(ui.get("fr-board"))
    assert not [w for w in said if len(w) <= 4], said
    assert any(w.startswith("Base camp") and "Ann's climber B" in w for w in said), said
    await ui.click("fr-space-S6")
    assert ui.get("fr-move-summary").value == "A: to S6 for 5"
    # The same choice beside the cards, the board being a scroll away on a phone: each space in reach with its
    # cost, and staying put.
    reach = {c.key for c in walk(ui.get("fr-reach")) if (getattr(c, "key", None) or "").startswith("fr-reach-")}
    assert reach == {"fr-reach-stay"} | {f"fr-reach-{space}" for space, r in routes.items() if r.stop}
    assert "S6 for 5" in [c.value for c in walk(ui.get("fr-reach-S6")) if isinstance(c, ft.Text)]
    await ui.click("fr-reach-stay")
    assert ui.get("fr-move-summary").value == "A: stays"
    assert ui.get("fr-reach-stay").bgcolor == ft.Colors.PRIMARY_CONTAINER        # drawn as chosen
    await ui.click("fr-reach-S6")
    assert ui.get("fr-move-summary").value == "A: to S6 for 5"
    assert ui.get("fr-reach-S6").bgcolor == ft.Colors.PRIMARY_CONTAINER
    await ui.click("fr-tent")                         # a tent there costs 2 more: S6 is now out of reach
    # Refused, S6 is not the plan, and staying is not either: nothing is drawn as chosen.
    assert ui.get("fr-reach-stay").bgcolor != ft.Colors.PRIMARY_CONTAINER
    assert ui.get("fr-move-reason-text").value.startswith("Turn 1: Ann's climber A cannot afford to reach S6")
    # The tent is still the one meant for S6, and nothing can be confirmed: the button would pitch it where
    # the climber stands.
    tent = [c.value for c in walk(ui.get("fr-tent")) if isinstance(getattr(c, "value", None), str)]
    assert tent == ["Pitch its tent on S6 (costs 2 more)"] and ui.get("fr-give").disabled
    await ui.click("fr-tent")                         # the tent taken back: S6 is the plan again
    assert ui.get("fr-move-summary").value == "A: to S6 for 5" and not ui.get("fr-give").disabled
    # The risk point off its movement: the points said are those left, as the spaces ringed are.
    await ui.click("fr-risk-move-plus")
    assert ui.get("fr-move-points").value.startswith("5 movement points \u2212 1 for the risk: ")
    await ui.click("fr-risk-move-minus")
    assert ui.get("fr-move-points").value.startswith("5 movement points: ")
    await ui.click("fr-space-S5")                     # S5 for 4, with the tent on it for 1 more
    await ui.click("fr-tent")
    await ui.click("fr-risk-accl-plus")               # the risk point comes off its acclimatization
    assert ui.get("fr-move-summary").value == "A: to S5 for 4, tent for 1, acclimatization 1 to 0"
    # Each stepper is said with its value: "1" stood apart after its label, with nothing to say what it was.
    assert {"Off its movement: 0", "Off its acclimatization: 1"} <= set(spoken(ui.top))
    await ui.click("fr-give")
    assert ui.get("fr-notice-text").value == "Ann's climber A moved to S5 and pitched its tent."
    # Climber B gets the card left (preselected) and stays.
    await ui.click("fr-climber-B")
    assert ui.get("fr-move-summary").value == "B: acclimatization 1 to 3"
    # Given already, the card says a tap takes it back (it said "Give" and took it away).
    assert ui.get("fr-give-0-tap").label.startswith("Take back ")
    assert ui.get("fr-given-hint").value == "Ringed cards are given to climber B: tap one to take it back."
    await ui.click("fr-give")

    # Before the check runs, the preview is the engine's arithmetic for every climber.
    state = engine(store, session.id)
    for check in rules.check_preview(state):
        assert ui.get(f"fr-preview-{check.player}-{check.climber}-sum").value == check_sentence(check)
    assert ui.get("fr-preview-0-A-sum").value == "0 +1 space +1 tent ±0 weather = 2"
    await ui.click("fr-done")

    # Bob: climber B to S1 with M1, climber A acclimatizes with A0 + A1; then the check runs.
    await ui.click("fr-climber-B")
    await ui.click("fr-give-0")
    await ui.click("fr-space-S1")
    await ui.click("fr-give")
    await ui.click("fr-climber-A")
    await ui.click("fr-give")
    assert ui.get("fr-done").content == "End turn 1: acclimatization check"
    await ui.click("fr-done")

    state = engine(store, session.id)
    assert state.turn == 2 and ui.get("fr-turn-title").value == "Turn 2 of 18"
    assert ui.get("fr-notice-text").value == "Turn 1 checked. Nobody died this turn."
    record = state.log[-1]
    for check in record.checks:
        assert ui.get(f"fr-last-check-{check.player}-{check.climber}-sum").value == check_sentence(check)
    # Where each was checked, base camp said as a place of its own ("im Basislager", not "auf Basislager").
    assert ui.get("fr-last-check-0-A-where").value.startswith("Ann A on S5 (")
    assert ui.get("fr-last-check-1-A-where").value.startswith("Bob A in base camp (")
    # Each climber's line is one sentence to a screen reader: the pawn's letter and the result in its circle
    # were said apart, the result twice.
    for check in record.checks:
        row = f"fr-last-check-{check.player}-{check.climber}"
        node = next(n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == row)
        assert spoken(node) == [f"{ui.get(row + '-where').value}: {check_sentence(check)}"]
    # The team shows what the engine holds: S5 with the tent, acclimatization 2; Bob's A capped at 3.
    assert ui.get("fr-team-0-A").value == "S5 · tent on S5"
    # Each climber of the team is one line to a screen reader: whose, where, acclimatization, points.
    best = state.players[0].climber("A").best_vp
    assert f"Ann's climber A; S5, tent on S5; acclimatization 2 of 6; best VP: {best}" in spoken(ui.top)
    # The board's space says whose tent is on it (a team's tent gives its climbers +1).
    [space] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "fr-space-S5"]
    assert "1 tent pitched, by Ann's climber A" in space.label
    assert [c.acclimatization for p in state.players for c in p.climbers] == [2, 4, 3, 2]
    assert ui.get("fr-last-check-1-A-sum").value == "2 +1 space ±0 weather = 3"


async def test_movement_points_that_reach_no_space_say_so(open_ui, store):
    # A storm adds 2 to every step in 5000-6000 m: Ann's M2 reaches nothing ("0 spaces in reach, ringed on the
    # board" was said, with nothing ringed).
    session, ui = await weather_asked(open_ui, store, weather_season="winter")
    await ui.click("fr-today-day-1-label-storm")
    await ui.click("fr-today-day-1-move-2")
    await ui.click("fr-today-day-1-zone-5000")
    await ui.click("fr-today-save")
    await ui.click("fr-climber-A")
    await ui.click("fr-give-1")
    state = engine(store, session.id)
    assert [c.code for c in rules.cards_left_to_give(state, 0)][1] == "M2"
    assert ui.get("fr-move-points").value == "2 movement points: no space in reach; the climber stays where it is."


async def test_undo_of_the_last_done_says_the_climber_it_brings_back_to_life(open_ui, store):
    # Bob's Done ran the turn's check, in which Ann's climber A died. Undo said only "Undo Bob being done",
    # and "Undone: Bob being done" once tapped, while the climber came back to life unannounced.
    session = start_game(store, actions=DEATH_AT_THE_CHECK)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    died = "Turn 1, Bob is done; in the check, Ann's climber A died"
    assert ui.get("fr-undo").tooltip == f"Undo: {died}"
    await ui.click("fr-undo")
    assert ui.get("fr-notice-text").value == f"Undone: {died}. Redo puts it back."
    assert engine(store, session.id).players[0].climbers[0].alive
    assert ui.get("fr-redo").tooltip == f"Redo: {died}"
    await ui.click("fr-redo")
    assert ui.get("fr-notice-text").value == f"Redone: {died}."
    assert not engine(store, session.id).players[0].climbers[0].alive


async def test_a_refused_stop_says_why_and_the_board_marks_it(open_ui, store):
    session = start_game(store, actions=[
        *CARDS_PLAYED,
        {"type": "climber", "player": "Ann", "climber": "A", "cards": ["M1"], "path": ["S1"]},
        {"type": "climber", "player": "Ann", "climber": "B", "cards": ["M1"], "path": ["S1"]},
        {"type": "done", "player": "Ann"},
    ])
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    # Read aloud, a climber and a space are named as the screen names them, never by their ids in the data.
    said = {c.identifier: c.label for c in walk(ui.top) if type(c).__name__ == "Semantics" and c.identifier}
    assert said["fr-climber-A"] == "Bob's climber A: base camp, acclimatization 1"
    assert said["fr-space-BASE_CAMP"].startswith("Base camp: ") and "BASE_CAMP" not in said["fr-space-BASE_CAMP"]
    await ui.click("fr-space-BASE_CAMP")              # Bob taps his climber on the board
    assert ui.get("fr-move-summary").value == "Climber A: give it cards"
    await ui.click("fr-give-0")
    # S1 holds Ann's two climbers: with two players the limit there is 2, so Bob may pass but not stop.
    assert ui.get("fr-cost-S1").bgcolor == "#C62828"
    await ui.click("fr-space-S1")
    reason = ui.get("fr-move-reason-text").value
    assert reason.startswith("Bob's climber A cannot end its move on S1: the stacking limit in the 5000-6000 m zone "
                             "is 2 climbers per space with 2 players, and S1 already holds 2")
    assert ui.get("fr-move-summary").value == reason   # said in the bar under the thumb too
    assert ui.get("fr-give").content == "Stay"          # what the button would do now: use the card, not move
    # Too far for the cards: the engine's sentence with the cheapest path's cost.
    await ui.click("fr-space-S20")
    assert "cannot afford to reach S20: the cheapest path costs 13" in ui.get("fr-move-reason-text").value
    assert engine(store, session.id).players[1].climber("A").space == "BASE_CAMP"


async def test_undo_and_redo_take_back_and_replay_the_last_action(open_ui, store):
    session = start_game(store)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    assert ui.get("fr-undo").disabled
    await tap_cards(ui, "M1", "M1", "A1")
    assert ui.find("fr-cards-played-0") is not None
    await ui.click("fr-undo")
    assert ui.get("fr-notice-text").value == "Undone: Ann's cards. Redo puts it back."
    assert ui.find("fr-cards-played-0") is None
    assert not engine(store, session.id).players[0].turn.has_played
    await ui.click("fr-redo")
    assert ui.get("fr-notice-text").value == "Redone: Ann's cards."
    assert engine(store, session.id).players[0].turn.played == tuple(rules.cards_from_doc(
        engine(store, session.id), ["M1", "M1", "A1"]))
    assert ui.get("fr-redo").disabled


async def test_resume_after_reopening_the_store(tmp_path, hub):
    from companion.store import open_store
    from companion.ui.shell.app import build_main

    store = open_store(tmp_path)
    session = start_game(store, actions=[{"type": "weather", "day": 1, "weather": "sun"}])
    tab = await UiApp(build_main(store), route=f"/play/freunde/{session.id}", hub=hub).start()
    await tap_cards(tab, "M3", "M2", "A1")
    await tab.close()
    store.close()

    reopened = open_store(tmp_path)
    try:
        tab = await UiApp(build_main(reopened), hub=hub).start()
        await tab.click(f"home-resume-{session.id}")
        assert tab.route == f"/play/freunde/{session.id}"
        assert tab.get("fr-cards-played-0").value == "Ann played Move 2, Move 3 and Acclimatize +1"
        assert tab.get("fr-forecast-1-text").value == "no effect"
        await tap_cards(tab, "M1", "A0", "A1")       # carries on where it stopped: the risk token is next
        assert "Ann takes a risk token" in tab.text()
        await tab.close()
    finally:
        reopened.close()


async def test_a_plan_set_aside_by_the_end_of_the_game_on_another_device_asks_for_no_new_plan(open_ui, store):
    # "Plan the move again from the game as it is now" was said when the other device's Done had ended the game.
    session = start_game(store, names=("Sol",), weather=["sun"] * 18)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await tap_cards(ui, "M1", "A0", "A1")
    await ui.click("fr-risk-2")
    await ui.click("fr-risk-take")
    await move_to_die(ui)
    other = await open_ui(route=f"/play/freunde/{session.id}")
    await other.click("fr-climber-B")                 # a plan begun on the other phone
    await other.click("fr-give-1")
    await ui.click("fr-done")                         # climber A dies: the solo game ends
    assert engine(store, session.id).over
    await other.settle()
    said = " ".join(c.value for c in walk(other.get("fr-move-changed")) if isinstance(c, ft.Text))
    assert said.endswith("The climber's plan was set aside: the game ended on another device meanwhile."), said


def space_said(ui, space: str) -> str:
    [node] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == f"fr-space-{space}"]
    return node.label


async def test_a_space_s_entry_cost_says_the_weather_s_share_and_not_after_the_game(open_ui, store):
    # Read aloud, a space under today's surcharge said "entry cost 2" where the board prints 1, with nothing of
    # the weather; the game-over board still added the last day's surcharge.
    storm = {"label": "storm", "accl": 3, "move": 1, "zones": [5000]}
    session = start_game(store, names=("Sol",), actions=(
        {"type": "weather", "day": 1, "weather": storm}, {"type": "play", "player": "Sol", "cards": ["M2", "M2", "A0"]},
        {"type": "risk", "value": 0}))
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    state = engine(store, session.id)
    printed = state.board.space("S1").cost
    assert f"entry cost {printed} + 1 weather today," in space_said(ui, "S1")
    keeper = SessionKeeper(store)
    for climber in "AB":
        keeper.act(session.id, {"type": "climber", "player": "Sol", "climber": climber, "cards": ["M2"],
                                "path": ["S1"]})
    keeper.act(session.id, {"type": "done", "player": "Sol"})
    await ui.settle()
    assert engine(store, session.id).over
    assert f"entry cost {printed}," in space_said(ui, "S1")
    await ui.click("fr-space-S1")                     # the tapped space's facts say the same
    facts = [t.value for t in walk(ui.get("fr-space-facts")) if isinstance(t, ft.Text)]
    assert any(line.startswith(f"Entry cost {printed} ·") for line in facts), facts


async def test_a_solo_game_where_both_climbers_die_in_one_check_names_both(open_ui, store):
    # The game-over screen named climber A alone, though B died in the same check (and scored its 1 point).
    storm = {"label": "storm", "accl": 3, "move": 0, "zones": [5000]}
    session = start_game(store, names=("Sol",), actions=(
        {"type": "weather", "day": 1, "weather": storm}, {"type": "play", "player": "Sol", "cards": ["M1", "M1", "A0"]},
        {"type": "risk", "value": 0},
        *({"type": "climber", "player": "Sol", "climber": c, "cards": ["M1"], "path": ["S1"]} for c in "AB"),
        {"type": "done", "player": "Sol"}))
    assert engine(store, session.id).over
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    assert ui.get("fr-winner-why").value.startswith(
        "Sol's climber A died on S1 and Sol's climber B on S1 on turn 1, which ends a solo game at once.")


async def test_a_solo_game_ends_at_a_death_and_is_saved_to_history(open_ui, store):
    session = start_game(store, names=("Sol",), weather=["sun"] * 18)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-card-M1")
    assert ui.get("fr-tray-total").value == "Movement total 1."     # alone: no "highest total" to compare
    await ui.click("fr-tray-0")
    await tap_cards(ui, "M1", "A0", "A1")
    assert "Solo: you take a risk token every turn" in ui.text()
    await ui.click("fr-risk-2")
    await ui.click("fr-risk-take")
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")                       # M1 to S1: it moved, so it can bear the risk
    await ui.click("fr-space-S1")
    await ui.click("fr-risk-accl-plus")               # both risk points off its marker
    await ui.click("fr-risk-accl-plus")
    await ui.click("fr-give")
    assert ui.get("fr-preview-0-A-sum").value == "−1 +1 space ±0 weather = 0: below 1, dies (scores 1)"
    await ui.click("fr-done")

    state = engine(store, session.id)
    assert state.over and state.ended_early
    assert ui.get("fr-winner").value == "Sailor · 2 points"
    # Who died and where, not only that someone did: the game-over screen is the one the table reads.
    assert ui.get("fr-winner-why").value.startswith(
        "Sol's climber A died on S1 on turn 1, which ends a solo game at once.")
    # Alone, nobody to beat: no "the highest total wins; a tie goes to…" under the scores.
    assert ui.get("fr-score-rule").value == "A climber scores the best victory points it reached; 1 if it dies."
    await ui.click("fr-finish")
    record = store.history.get(session.id)
    assert record["players"][0]["score"] == 2 and record["detail"]["solo_rank"]["id"] == "zeglarz"
    assert store.sessions.get(session.id) is None
    # The same address now shows the game from History.
    assert ui.get("fr-final-title").value == "Sailor · 2 points"
    assert ui.get("fr-final-0-score").value == "2"


async def test_a_full_game_ends_with_the_engines_winner_and_lands_in_history(open_ui, store):
    recorded = json.loads((GOLDEN / "five_players_summer.session.json").read_text(encoding="utf-8"))
    names = [p if isinstance(p, str) else p["name"] for p in recorded["setup"]["players"]]
    roster = [store.players.add(name) for name in names]
    keeper = SessionKeeper(store)
    session = keeper.start("freunde", recorded["setup"], [p.id for p in roster], "Five")
    for action in recorded["actions"]:
        keeper.act(session.id, action)
    state = keeper.state(session.id)
    breakdown = score(state)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    # The recorded game ends in a three-way tie on 11 that the summit cannot break (Di's summiteer died).
    assert [names[i] for i in breakdown.winners] == ["Ann", "Bob", "Ed"] and breakdown.tie_break == "shared"
    assert ui.get("fr-winner").value == "Shared win: Ann, Bob and Ed"
    assert ui.get("fr-winner-why").value == ("Tied on points, and no tied player has a living climber that reached "
                                             "the summit.")
    assert ui.get("fr-turn-title").value == "Game over after turn 18"
    for entry in breakdown.players:
        assert ui.get(f"fr-score-{entry.index}-total").value == str(entry.total)
    # Each row is one sentence to a screen reader: the name, the total with its unit, then the climbers. Its
    # parts were said apart, the total a bare number.
    node = next(n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "fr-score-0")
    first = breakdown.players[0]
    climbers = " · ".join(f"{c.label}: {c.score}" if c.alive else f"{c.label}: {c.score} (dead)"
                          for c in first.climbers)
    assert spoken(node) == [f"Ann shares the win, {first.total} points: {climbers}"]     # a three-way tie
    assert ui.get("fr-finish-hint").value == "Check the last turn; undo still works until the game is saved."
    # The last entry corrected (entered again as it was): Undo waits for the correction ("undo still works" stood
    # beside it greyed), and saving confirms it.
    keeper.begin_correction(session.id, len(recorded["actions"]) - 1)
    keeper.act(session.id, recorded["actions"][-1])
    correcting = await open_ui(route=f"/play/freunde/{session.id}")
    assert correcting.get("fr-finish-hint").value == (
        "Check the game as corrected; saving it to History confirms the correction.")
    assert not correcting.get("fr-finish").disabled
    keeper.cancel_correction(session.id)
    await ui.click("fr-finish")
    record = store.history.get(session.id)
    assert [(p["name"], p["score"], p["winner"]) for p in record["players"]] == [
        (e.name, e.total, e.index in breakdown.winners) for e in breakdown.players]
    assert [p["id"] for p in record["players"]] == [p.id for p in roster]
    ui.get("fr-final")
    # Saved, each row is still said as the game's end said it (its total was a bare number, the trophy unnamed).
    saved = next(n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.label
                 and getattr(n.content, "key", None) == "fr-final-0")
    assert spoken(saved) == [f"Ann shares the win, {first.total} points: {climbers}"]


async def test_a_hand_entered_is_what_the_picker_offers(open_ui, store):
    session = start_game(store)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    assert ui.get("fr-hand-0").value == "6 in hand · draw pile 12"
    await ui.click("fr-draw")
    for code in ("M1", "M1", "M2", "R1/3", "A1", "A3"):
        await ui.click(f"fr-card-{code}")
    await ui.click("fr-draw-save")
    assert ui.get("fr-notice-text").value == "6 cards entered in Ann's hand."
    # Only the hand is offered now, with its counts; a card not in hand cannot be tapped.
    assert ui.get("fr-card-M1-count").value == "×2" and ui.find("fr-card-M3") is None
    await tap_cards(ui, "R1/3", "M2", "A3")
    state = engine(store, session.id)
    assert rules.hand_cards(state, 0) == tuple(rules.cards_from_doc(state, ["A1", "M1", "M1"]))


async def test_a_risk_point_left_over_is_paid_off_a_climber_that_can_bear_it(open_ui, store):
    # Every card given (A moves with M3 + M1, B gets A2): nothing absorbs the token of 2.
    session = start_game(store, actions=[
        {"type": "weather", "day": 1, "weather": "sun"},
        {"type": "play", "player": "Ann", "cards": ["M3", "M1", "A2"]},
        {"type": "play", "player": "Bob", "cards": ["M1", "A0", "A1"]},
        {"type": "risk", "value": 2},
        {"type": "climber", "player": "Ann", "climber": "A", "cards": ["M3", "M1"], "path": ["S1"]},
        {"type": "climber", "player": "Ann", "climber": "B", "cards": ["A2"]},
    ])
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    assert ui.get("fr-risk-summary").value == "Ann took a risk token of 2 and still owes 2."
    assert ui.get("fr-done").disabled                  # the points must go somewhere first, and the screen says why
    assert ui.get("fr-not-done").value == (
        "Ann took a risk token of 2 and still owes 2, 2 more than the unused cards hold: take it off the "
        "acclimatization of a climber that moved or got acclimatization points from cards this turn (rulebook p.7).")
    await ui.click("fr-pay-B")
    await ui.click("fr-pay-B")
    state = engine(store, session.id)
    assert state.players[0].climber("B").acclimatization == 1 and rules.risk_owed(state, 0) == 0
    assert ui.get("fr-risk-summary").value == "Ann took a risk token of 2: paid."
    await ui.click("fr-done")
    assert ui.get("fr-notice-text").value == "Bob acts next."


async def test_a_risk_penalty_comes_off_a_played_card_nobody_used(open_ui, store):
    # Hand-worked (rulebook p.7): Ann takes a token of 2, gives only A2 to B (1 + 2 = 3); M3 and M1 go
    # unused and absorb both points, so B keeps 3 and the check makes it 3 + 1 = 4 at base camp.
    session = start_game(store, actions=[
        {"type": "weather", "day": 1, "weather": "sun"},
        {"type": "play", "player": "Ann", "cards": ["M3", "M1", "A2"]},
        {"type": "play", "player": "Bob", "cards": ["M1", "A0", "A1"]},
        {"type": "risk", "value": 2},
        {"type": "climber", "player": "Ann", "climber": "B", "cards": ["A2"]},
    ])
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    assert ui.get("fr-risk-summary").value == ("Ann took a risk token of 2; the 2 risk points still owed come off "
                                               "the cards no climber was given once Ann is done.")
    assert ui.get("fr-risk-cards").value == ("2 risk points come off the cards nobody was given when Ann is done; "
                                             "no climber loses acclimatization.")
    assert ui.find("fr-pay-B") is None and not ui.get("fr-done").disabled
    assert ui.get("fr-unused").value == "Cards not given stay unused: Move 1 and Move 3."
    await ui.click("fr-done")
    assert ui.get("fr-notice-text").value == "Bob acts next."
    state = engine(store, session.id)
    assert rules.risk_owed(state, 0) == 0 and state.players[0].climber("B").acclimatization == 3
    assert [c.after for c in rules.check_preview(state) if c.player == 0] == [2, 4]


async def test_a_tile_ahead_is_entered_from_the_forecast_and_undone_as_one(open_ui, store):
    session = start_game(store, weather=["sun", "sun", "sun"])
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-forecast-5")                   # a day of the next tile: the Weather panel opens on it
    ui.get("fr-weather-edit")
    # Days 1-3 are Tile 3's three suns: a tile is laid once a game, so it is not offered for days 4-6.
    assert ui.get("fr-weather-preset-summer-3").disabled and not ui.get("fr-weather-preset-summer-4").disabled
    assert ui.get("fr-weather-laid").value == "Already laid out: Tile 3 (days 1–3)."
    await ui.click("fr-weather-preset-summer-4")
    # Each number is named with its row: a screen reader heard "0", "−1", … then "0" again, with no row named.
    named = {c.identifier: c.label for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier}
    # ... and with its day: the three days' choices are the same words ("Snow" three times).
    assert named["fr-weather-day-6-accl-0"] == "Day 6, Acclimatization lost: 0"
    assert named["fr-weather-day-6-move-1"] == "Day 6, Extra movement per space: +1"
    assert named["fr-weather-day-5-label-snow"] == "Day 5, Snow"
    assert named["fr-weather-day-6-zone-7000"].startswith("Day 6, 7000")
    await ui.click("fr-weather-day-6-move-1")         # the preset is a starting point: add a surcharge
    await ui.click("fr-weather-save")
    state = engine(store, session.id)
    assert [w.label for w in state.weather[3:6]] == ["sun", "cloud", "snow"]
    assert state.weather[5].move == 1 and state.weather[5].zones == frozenset({7000, 8000})
    assert ui.get("fr-tile-day-6").value == ("Snow: −2 acclimatization, +1 movement per space in 7000\u00a0m and "
                                             "above")
    # A card is headed by its days, and by the known tile entered there: the third slot's "Tile 3" read as the
    # known tile 3 when another tile was laid there.
    assert ui.get("fr-tile-1-title").value == "Days 1–3 · Tile 3"
    assert ui.get("fr-tile-2-title").value == "Days 4–6"       # tile 4 with a surcharge of its own is not tile 4
    # Each card's button says which days it is for: there were six "Enter" buttons.
    named = {c.identifier: c.label for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier}
    assert named["fr-tile-2-edit"] == "Edit the weather of days 4–6"
    assert named["fr-tile-3-edit"] == "Enter the weather of days 7–9"
    assert all(spoken(n) == [n.label] for n in walk(ui.top) if isinstance(n, ft.Semantics)
               and str(n.identifier or "").startswith("fr-tile-") and str(n.identifier).endswith("-edit"))
    await ui.click("fr-undo")
    assert ui.get("fr-notice-text").value == "Undone: the weather of days 4–6. Redo puts it back."
    assert engine(store, session.id).weather[3:6] == (None, None, None)


async def test_a_preset_day_whose_band_could_not_be_read_asks_for_its_zones_before_save(open_ui, store):
    # Tile 6's third day is a snow whose altitude band is unreadable on the tile's picture: the preset looks
    # complete, so the day itself says its zones are to be chosen, in sight as the preset is tapped, not only
    # as a refusal beside Save.
    session = start_game(store, weather=["sun", "sun", "sun"])
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-forecast-5")
    await ui.click("fr-weather-preset-summer-6")
    needed = ui.get("fr-weather-day-6-zones")
    assert needed.value.startswith("Choose the zones it covers") and needed.color == ft.Colors.ERROR
    assert ui.get("fr-weather-day-4-zones").color != ft.Colors.ERROR
    await ui.click("fr-weather-day-6-zone-8000")
    assert ui.get("fr-weather-day-6-zones").color != ft.Colors.ERROR
    await ui.click("fr-weather-save")
    assert engine(store, session.id).weather[5].zones == frozenset({8000})


@pytest.mark.parametrize("language", ["en", "de", "fr", "pl"])
async def test_a_day_of_weather_fits_a_phone_in_every_language(open_ui, store, language):
    # Four weather choices in one row left each word about 30 px ("Clo|ud"), and "Akklimatisierungsverlust"
    # beside its choices broke in the middle.
    from layout_check import layout_problems

    session = start_game(store, weather=["sun", "sun", "sun"])
    store.settings.set("language", language)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-forecast-5")
    await ui.click("fr-weather-day-4-label-cloud")      # a day with an effect shows its loss and surcharge too
    assert ui.find("fr-weather-day-4-accl-1") is not None
    assert layout_problems(ui.top, every_label=True) == []


async def test_tracked_face_up_tokens_ask_for_the_one_turned_up(open_ui, store):
    session = start_game(store, names=("Sol",), weather=["sun"], risk_face_up=[0, 1, 2])
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await tap_cards(ui, "M1", "M2", "A1")
    assert ui.find("fr-risk-revealed-0") is None
    await ui.click("fr-risk-2")
    assert ui.get("fr-risk-take").disabled            # the replacement token is still to be entered
    assert ui.get("fr-risk-take").content == "Choose the token turned face up"    # not "Choose the token" again
    await ui.click("fr-risk-revealed-1")
    await ui.click("fr-risk-take")
    state = engine(store, session.id)
    assert state.players[0].turn.risk == 2 and state.risk_face_up == (0, 1, 1)


@pytest.mark.parametrize("turn, words", [
    (5, "6 in hand (3 entered) · draw pile empty: nothing is drawn after this turn, the last three are played "
        "next turn"),
    (6, "3 in hand · the last three: after this turn all 18 are shuffled and six drawn"),
    (7, "6 in hand · draw pile 12"),
    (18, "3 in hand · the last three of the game"),      # nothing is drawn after turn 18
])
async def test_the_hand_facts_follow_the_reshuffle_rule(open_ui, store, turn, words):
    recorded = json.loads((GOLDEN / "five_players_summer.session.json").read_text(encoding="utf-8"))
    roster = [store.players.add(name) for name in recorded["setup"]["players"]]
    keeper = SessionKeeper(store)
    session = keeper.start("freunde", recorded["setup"], [p.id for p in roster], "Five")
    for action in recorded["actions"]:
        if keeper.state(session.id).turn == turn:
            break
        keeper.act(session.id, action)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    state = keeper.state(session.id)
    # The first player still to play in turn order is the one offered first.
    first = next(i for i in rules.turn_order(state) if i in rules.waiting_for(state)[1])
    assert ui.get(f"fr-cards-player-{first}").bgcolor == ft.Colors.PRIMARY_CONTAINER
    assert ui.get(f"fr-hand-{first}").value == words


async def test_a_five_player_check_is_folded_to_a_line_until_opened(open_ui, store):
    recorded = json.loads((GOLDEN / "five_players_summer.session.json").read_text(encoding="utf-8"))
    roster = [store.players.add(name) for name in recorded["setup"]["players"]]
    keeper = SessionKeeper(store)
    session = keeper.start("freunde", recorded["setup"], [p.id for p in roster], "Five")
    for action in recorded["actions"][:41]:           # up to the start of turn 3: three climbers lowest, at 3
        keeper.act(session.id, action)
    last = keeper.state(session.id).log[-1]
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    low = min(c.after for c in last.checks)
    tied = sorted((c.player, c.climber) for c in last.checks if c.after == low)
    names = [f"{names_of(keeper, session)[player]} {climber}" for player, climber in tied]
    assert len(names) > 1          # every climber as low is named, not the first alone ("Ann B and Cat A at 2")
    words = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    assert ui.get("fr-last-check-summary").value == f"Nobody died; lowest: {words} at {low}."
    assert ui.find("fr-last-check-0-A-sum") is None
    # Every climber alike (all at the cap): said once, not ten names.
    alike = [dataclasses.replace(c, after=6) for c in last.checks]
    card = check_card(keeper.state(session.id), alike, [p.colour for p in roster], title="Check", note="",
                      key="alike", folded=True)
    [summary] = [c for c in walk(card) if isinstance(c, ft.Text) and c.key == "alike-summary"]
    assert summary.value == "Nobody died; every living climber at 6."   # a climber dead before is not checked
    named = {c.identifier: c.label for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier}
    assert named["fr-last-check-fold"] == f"Show all of Turn {last.turn}: acclimatization check"
    [fold] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "fr-last-check-fold"]
    assert spoken(fold) == [fold.label]
    await ui.click("fr-last-check-fold")
    for check in last.checks:
        assert ui.get(f"fr-last-check-{check.player}-{check.climber}-sum").value == check_sentence(check)


def names_of(keeper, session):
    return [p.name for p in keeper.state(session.id).players]


async def move_to_die(ui) -> None:
    """Climber A of the one player acting, with M1 among its cards and a risk token of 2 to pay: M1 to S1, and
    both risk points off its acclimatization marker, so it dies at the check."""
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")
    await ui.click("fr-space-S1")
    await ui.click("fr-risk-accl-plus")
    await ui.click("fr-risk-accl-plus")
    await ui.click("fr-give")


def scrolls_to_top(ui) -> int:
    """How many times the screen was scrolled back to its top (the view's scroll_to(offset=0))."""
    from flet.messaging.protocol import MessageAction

    return sum(1 for m in ui.client.sent if m.action == MessageAction.INVOKE_METHOD
               and m.body.name == "scroll_to" and m.body.args.get("offset") == 0)


async def test_the_step_after_done_starts_at_the_top_of_the_screen(open_ui, store):
    # Done sits below the board: what follows it (the check's result and the next cards, or the end of the
    # game with its Save button) is at the top, so the screen goes there instead of staying on the board.
    session = start_game(store, names=("Sol",), weather=["sun"] * 18, actions=[
        {"type": "play", "player": "Sol", "cards": ["M1", "A0", "A1"]},
        {"type": "risk", "value": 0},
        {"type": "climber", "player": "Sol", "climber": "A", "cards": ["M1"], "path": ["S1"]},
    ])
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    before = scrolls_to_top(ui)
    await ui.click("fr-climber-B")                    # planning and giving within the step: it stays put
    await ui.click("fr-give")
    assert scrolls_to_top(ui) == before
    # The entries open above everything: the screen goes up to them (they opened out of sight).
    await ui.click("ent-open")
    assert scrolls_to_top(ui) == before + 1
    await ui.click("ent-open")
    before = scrolls_to_top(ui)
    await ui.click("fr-done")
    assert ui.get("fr-notice-text").value == "Turn 1 checked. Nobody died this turn."
    assert scrolls_to_top(ui) == before + 1

    # A climber's death on the solo player's check ends the game: the screen goes up to the Save button.
    ended = start_game(store, names=("Uma",), weather=["sun"] * 18, actions=[
        {"type": "play", "player": "Uma", "cards": ["M1", "A0", "A1"]},
        {"type": "risk", "value": 2},
    ])
    ui = await open_ui(route=f"/play/freunde/{ended.id}")
    await move_to_die(ui)
    before = scrolls_to_top(ui)
    await ui.click("fr-done")
    ui.get("fr-finish")
    assert scrolls_to_top(ui) == before + 1


async def test_a_card_that_changes_nothing_is_still_named_in_the_move_bar(open_ui, store):
    session = start_game(store, names=("Sol",), weather=["sun"] * 18, actions=[
        {"type": "play", "player": "Sol", "cards": ["M1", "A0", "A1"]},
        {"type": "risk", "value": 0},
    ])
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-A")
    await ui.click("fr-give-1")                       # Acclimatize +0 alone: no move, no change to the marker
    assert ui.get("fr-move-summary").value == "A: uses Acclimatize +0"
    assert ui.get("fr-give").content == "Give"


async def test_a_game_saved_under_the_older_rulings_offers_the_printed_rules_between_turns(open_ui, store):
    # A save from before the ruleset mark, at the start of turn 1.
    old = start_game(store, rules=None, weather=["sun"] * 18)
    ui = await open_ui(route=f"/play/freunde/{old.id}")
    assert "This game was started under the companion's earlier readings" in ui.text()
    assert "Its past turns stay as they were played" in ui.text()
    assert "Unless you switch, the rest of the game goes on under the earlier readings" in ui.text()
    assert not ui.get("fr-use-printed-rules").disabled
    await ui.click("fr-use-printed-rules")
    assert SessionKeeper(store).get(old.id).actions[-1] == {"type": "rules", "rules": "rulebook-2010"}
    assert rules.printed_rules(engine(store, old.id))
    assert "The remaining turns follow the printed rules" in ui.text()
    assert ui.find("fr-use-printed-rules") is None
    await ui.click("fr-undo")                         # an action like any other
    assert "Undone: the switch to the printed rules." in ui.get("fr-notice-text").value
    assert not rules.printed_rules(engine(store, old.id))
    assert ui.find("fr-use-printed-rules") is not None
    # A game set up now carries the mark and shows nothing of the kind.
    new = start_game(store, names=("Cy", "Di"), weather=["sun"] * 18)
    ui = await open_ui(route=f"/play/freunde/{new.id}")
    assert ui.find("fr-older-rules") is None


async def test_an_older_save_refused_by_the_printed_rules_still_opens_as_played(open_ui, store):
    # Recorded before the printed rulings: turn 6 puts the risk on a climber given only A0.
    recorded = json.loads((GOLDEN / "earlier" / "solo_winter.session.json").read_text(encoding="utf-8"))
    keeper = SessionKeeper(store)
    sol = store.players.add("Sol")
    session = keeper.start("freunde", recorded["setup"], [sol.id], "old solo")
    for action in recorded["actions"][:28]:
        keeper.act(session.id, action)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    assert ui.get("fr-turn-title").value == "Turn 6 of 18"
    state = engine(store, session.id)
    assert state.players[0].climber("A").acclimatization == 4           # 6 less the 2 risk points, as played
    assert ui.get("fr-use-printed-rules").disabled                     # mid-turn: only between turns
    assert "Turn 6 is under way: switch to the printed rules at the start of a turn" in ui.text()


async def test_a_climber_given_only_a0_is_not_offered_the_risk(open_ui, store):
    session = start_game(store, actions=[
        {"type": "weather", "day": 1, "weather": "sun"},
        {"type": "play", "player": "Ann", "cards": ["M3", "M2", "A0"]},
        {"type": "play", "player": "Bob", "cards": ["M1", "A0", "A1"]},
        {"type": "risk", "value": 1},
    ])
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-B")
    await ui.click("fr-give-2")                       # A0 alone: no move, no acclimatization points
    assert ui.find("fr-risk-accl-plus") is None
    assert ui.get("fr-risk-not-eligible").value == ("A climber that neither moves nor gets acclimatization "
                                                    "points cannot bear the risk penalty (rulebook p.7).")


# --- the hand-worked cases of the printed rulings, tapped to the end on screen ----------------------------

CASES = Path(__file__).resolve().parents[1] / "freunde_cases"


def case_session(store, name):
    """The case file as a session: every action through the keeper but the last player's Done."""
    doc = json.loads((CASES / name).read_text(encoding="utf-8"))
    players = [store.players.add(n) for n in doc["setup"]["players"]]
    setup = {**doc["setup"], "players": [{"id": p.id, "name": p.name} for p in players],
             "weather": doc["weather"]}
    keeper = SessionKeeper(store)
    session = keeper.start("freunde", setup, [p.id for p in players], "case")
    actions = []
    for turn in doc["turns"]:
        for name_, entry in turn["players"].items():
            actions.append({"type": "play", "player": name_, "cards": entry["cards"]})
        if "risk" in turn:
            actions.append({"type": "risk", **turn["risk"]})
        for action in actions:
            keeper.act(session.id, action)
        actions = []
        state = keeper.state(session.id)
        for index in rules.turn_order(state):
            player = state.players[index].name
            entry = turn["players"].get(player, {})
            if not state.players[index].active:
                continue
            for move in entry.get("climbers", []):
                actions.append({"type": "climber", "player": player, **move})
            for pay in entry.get("pay_risk", []):
                actions.append({"type": "pay_risk", "player": player, **pay})
            actions.append({"type": "done", "player": player})
        last = actions.pop()                           # the turn's last Done is tapped on screen
        for action in actions:
            keeper.act(session.id, action)
        actions = [last]
    return session


async def finish_on_screen(open_ui, store, name):
    session = case_session(store, name)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-done")
    return ui, engine(store, session.id)


async def test_case_a_dead_climbers_tent_shelters_its_team_mate(open_ui, store):
    ui, state = await finish_on_screen(open_ui, store, "team_tent.game.json")
    check = next(c for c in state.log[-1].checks if (c.player, c.climber) == (0, "B"))
    assert (check.before, check.space_mod, check.tent, check.after) == (1, -1, 1, 1)
    assert not state.players[0].climber("A").alive and state.players[0].climber("B").alive
    assert check_sentence(check) in ui.text() and "+1 tent" in check_sentence(check)
    # The team panel says the dead climber once, with the 1 point it keeps (not "dead; dead: 1").
    from companion.ui.freunde.turn import team_section

    dead = state.players[0].climber("A")
    said = spoken(ft.Column(team_section(state, ["#C62828"] * len(state.players))))
    name = state.players[0].name
    assert f"{name}'s climber A; died on turn {dead.died_turn}, tent on T; victory point: 1" in said, said


async def test_case_the_cap_comes_after_the_check(open_ui, store):
    ui, state = await finish_on_screen(open_ui, store, "cap_after_check.game.json")
    check = state.log[-1].checks[0]
    assert (check.before, check.raw, check.after) == (8, 7, 6)
    assert check_sentence(check) in ui.text() and "capped at 6" in check_sentence(check)


@pytest.mark.parametrize("name", ["risk_with_the_action.game.json", "risk_paid_later.game.json"])
async def test_case_a_risk_payment_now_or_later_gives_the_same_check(open_ui, store, name):
    ui, state = await finish_on_screen(open_ui, store, name)
    check = state.log[-1].checks[0]
    assert (check.before, check.after) == (6, 5)
    assert check_sentence(check) in ui.text()


async def test_case_the_summit_touched_during_a_move_counts(open_ui, store):
    ui, state = await finish_on_screen(open_ui, store, "summit_touched.game.json")
    a = state.players[0].climber("A")
    assert (a.space, a.best_vp, a.summit_at) == ("P", 10, (1, 1))
    assert score(state).players[0].total == 11


def test_a_long_solo_game_s_risk_tokens_leave_the_name_its_room():
    # Seventeen tokens beside the name in one row left "Sol" no room at all on a phone.
    from dataclasses import replace

    import flet as ft
    from layout_check import layout_problems

    from companion.games.freunde import session as freunde
    from companion.ui.freunde.turn import team_section

    state = freunde.start({"players": [{"name": "Sol"}], "board": "summer", "weather_season": "summer",
                           "rules": rules.RULESET})
    state = replace(state, players=(replace(state.players[0], risk_tokens=(2, 2, 1) * 5 + (1, 0)),))
    view = ft.View(route="/", controls=team_section(state, ["#2F7FC1"]))
    assert layout_problems(view, every_label=True) == []
    shown = [c.value for c in walk(view) if isinstance(c, ft.Text)]
    assert "Sol" in shown and "17 risk tokens, worth 2, 2, 1, 2, 2, 1, 2, 2, 1, 2, 2, 1, 2, 2, 1, 1, 0" in shown


async def test_a_risk_nobody_can_bear_is_said_to_have_no_effect(open_ui, store):
    # Risk 2: climber A was given M3 and M1 and stayed, B only A0; every card is given, and under the printed
    # rules neither can bear it (p.7). The screen said, in red, "still owes 2 ... until one does".
    day = {"label": "sun", "accl": 0, "move": 0, "zones": []}
    session = start_game(store, actions=[
        {"type": "play", "player": "Ann", "cards": ["M3", "M1", "A0"]},
        {"type": "play", "player": "Bob", "cards": ["M1", "A0", "A1"]},
        {"type": "risk", "value": 2},
        {"type": "weather", "day": 1, "weather": day},
        {"type": "climber", "player": "Ann", "climber": "A", "cards": ["M3", "M1"], "path": [], "tent": False,
         "risk_move": 0, "risk_accl": 0},
        {"type": "climber", "player": "Ann", "climber": "B", "cards": ["A0"], "path": [], "tent": False,
         "risk_move": 0, "risk_accl": 0}])
    assert rules.risk_uncovered(engine(store, session.id), 0) == 2
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    summary = [c.value for c in walk(ui.get("fr-risk-summary")) if isinstance(getattr(c, "value", None), str)]
    assert summary == ["Ann took a risk token of 2; 2 of its risk points have no effect, as no climber can bear "
                       "them."]
    assert "until one does" not in ui.text()
    assert "No climber of Ann's can bear the last 2 risk points: they have no effect." in ui.text()


@pytest.mark.parametrize("language", ["de", "fr", "pl"])
async def test_the_tent_chip_and_a_climber_done_fit_a_phone(open_ui, store, language):
    # "Sein Zelt auf Basislager aufstellen (kostet 1 mehr)" ran off the chip; "Gotowe · pole startowe" was cut.
    from layout_check import layout_problems

    session = start_game(store, actions=[
        {"type": "weather", "day": 1, "weather": "sun"},
        {"type": "play", "player": "Ann", "cards": ["M3", "M1", "A2"]},
        {"type": "play", "player": "Bob", "cards": ["M1", "A0", "A1"]},
        {"type": "risk", "value": 0},
        {"type": "climber", "player": "Ann", "climber": "B", "cards": ["A2"]}])
    store.settings.set("language", language)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")
    ui.get("fr-tent")
    assert layout_problems(ui.top, every_label=True) == []


async def test_the_boards_legend_says_one_victory_point_in_the_singular(open_ui, store):
    session = start_game(store)
    store.settings.set("language", "fr")
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    legend = [c.value for c in walk(ui.get("fr-legend")) if isinstance(c, ft.Text)]
    assert "point de victoire" in legend and "points de victoire" not in legend


async def test_another_game_opened_in_the_same_tab_does_not_inherit_the_last_games_words(open_ui, store):
    # "Anna played Move 2, ..." stood over a game Anna was not in, opened right after in the same tab.
    first = start_game(store)
    other = start_game(store, names=("Cy", "Di"))
    ui = await open_ui(route=f"/play/freunde/{first.id}")
    await ui.click("fr-card-M3")
    await ui.click("fr-card-M2")
    await ui.click("fr-card-A2")
    await ui.click("fr-play")
    assert ui.get("fr-notice-text").value == "Ann played Move 2, Move 3 and Acclimatize +2."
    await ui.go(f"/play/freunde/{other.id}")
    assert ui.find("fr-notice-text") is None
    assert ui.get("fr-turn-title").value == "Turn 1 of 18"


def test_a_solo_rank_printed_in_the_players_language_is_named_once():
    # Polish read "Poziom solo: Żeglarz (Żeglarz) ...": the printed name and the translated one are the same.
    from companion import i18n
    from companion.ui.freunde.turn import solo_rank_sentence

    with i18n.use_language("pl"):
        assert solo_rank_sentence("Żeglarz", "Żeglarz", "easy", "summer") == (
            "Poziom solo: Żeglarz na łatwym szlaku przy pogodzie letniej.")
    with i18n.use_language("de"):
        assert solo_rank_sentence("Żeglarz", "Seemann", "easy", "summer") == (
            "Solo-Rang Żeglarz (Seemann) für die leichte Seite mit Sommerwetter.")


def test_the_risk_left_over_is_counted_in_the_players_grammar():
    # German said "die restlichen 1 gehen ... ab" and Polish "pozostałe 1 schodzi": a count needs its forms.
    from companion import i18n

    one = ("{name} took a risk token of {value}; the {owed} risk point still owed comes off the cards no climber was "
           "given once {name} is done.")
    many = ("{name} took a risk token of {value}; the {owed} risk points still owed come off the cards no climber was "
            "given once {name} is done.")
    said = {}
    for code in ("de", "pl"):
        with i18n.use_language(code):
            said[code] = [i18n.ngettext(one, many, n).format(name="Anna", value=2, owed=n) for n in (1, 3, 5)]
    assert said["de"][0] == ("Anna hat einen Risikomarker mit 2 genommen; der noch offene 1 Risikopunkt geht, sobald "
                             "Anna fertig ist, von den Karten ab, die kein Bergsteiger bekommen hat.")
    assert "die noch offenen 3 Risikopunkte gehen" in said["de"][1]
    assert [text.split("; ")[1].split(" z kart")[0] for text in said["pl"]] == [
        "pozostały 1 punkt ryzyka zejdzie", "pozostałe 3 punkty ryzyka zejdą", "pozostałe 5 punktów ryzyka zejdzie"]


def test_german_and_polish_write_a_range_of_days_with_a_dash_and_heights_alike():
    # "in 6000 m und darüber" stood beside "8000 m und höher"; both follow "in" in a weather sentence.
    from companion import i18n

    with i18n.use_language("de"):
        assert i18n._("Days {first}–{last}").format(first=1, last=3) == "Tage 1–3"
        assert i18n._("{zone} m and above").format(zone=6000) == "6000 m und darüber"
        assert i18n._("8000 m and above") == "8000 m und darüber"
    with i18n.use_language("pl"):
        assert i18n._("Days {first}–{last} saved.").format(first=1, last=3) == "Zapisano dni 1–3."


def test_a_weather_over_several_zones_keeps_its_altitude_with_its_unit():
    # "in 6000 m and above" could break between "6000" and "m", while "8000\u00a0m and above" could not.
    from companion.games.freunde.rules import Weather
    from companion.ui.freunde.parts import weather_words

    cloud = Weather(accl=1, zones=frozenset({6000, 7000, 8000}), label="cloud")
    assert weather_words(cloud).endswith("in 6000\u00a0m and above")
    assert weather_words(Weather(accl=1, zones=frozenset({8000}), label="cloud")).endswith("in 8000\u00a0m")


async def test_cards_tapped_in_for_one_player_are_kept_while_another_taps_theirs(open_ui, store):
    # Amélie's three cards were dropped without a word when Benoît's chip was tapped, and had to be found again.
    session = start_game(store, names=("Ann", "Bob", "Cy"))
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-card-M3")
    await ui.click("fr-card-M2")
    await ui.click("fr-card-A1")
    await ui.click("fr-cards-player-1")              # Bob taps his in before Ann has played
    assert ui.find("fr-tray-0") is None
    await ui.click("fr-card-M1")
    await ui.click("fr-cards-player-0")
    assert [ui.get(f"fr-tray-{n}").key for n in range(3)] == ["fr-tray-0", "fr-tray-1", "fr-tray-2"]
    assert ui.get("fr-play").content == "Play Ann's cards"
    await ui.click("fr-play")
    assert engine(store, session.id).players[0].turn.has_played
    # Ann played: Bob's one card is still there, and Cy's tray is empty.
    await ui.click("fr-cards-player-1")
    assert ui.find("fr-tray-0") is not None and ui.find("fr-tray-1") is None
    assert ui.get("fr-card-M1-count").value == "×4"
    await ui.click("fr-cards-player-2")
    assert ui.find("fr-tray-0") is None


def test_an_acclimatization_below_zero_has_a_real_minus_sign():
    # "acclimatization 0 to -1" used a hyphen where every other figure shows "−".
    from companion.ui.freunde.parts import level

    assert [level(-1), level(0), level(3)] == ["\u22121", "0", "3"]


def test_a_band_read_off_a_tile_keeps_its_altitude_with_its_unit():
    # "odczytano: od ok. 6000" over "m?" on the new-game screen.
    from companion.i18n import use_language
    from companion.ui.freunde.weather import band_read

    with use_language("pl"):
        assert band_read("from about 6000 m?") == "od ok. 6000\u00a0m?"
    assert band_read("from 7000 m?") == "from 7000\u00a0m?"


async def test_a_space_read_aloud_in_french_spaces_its_semicolon(open_ui, store):
    # "Camp de base : … acclimatation +1; l'alpiniste est ici": the ";" had no space before it in French.
    session = start_game(store, actions=CARDS_PLAYED)
    store.settings.set("language", "fr")
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-space-BASE_CAMP")              # Ann's climber chosen: the spaces say where it can go
    said = [c.label for c in walk(ui.top) if type(c).__name__ == "Semantics"
            and str(c.identifier or "").startswith("fr-space-") and ";" in (c.label or "")]
    assert said and all("\u00a0;" in label and not re.search(r"\S;", label) for label in said), said


async def test_the_title_wraps_before_the_turn_never_inside_it(open_ui, store):
    session = start_game(store)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    view = ui.top
    # "Freunde · Runde 14" beside three buttons wraps: "Runde 14" goes down whole, not "14" alone.
    assert view.appbar.title.value == "Freunde · turn\u00a01"


async def test_with_three_cards_left_in_hand_nobody_is_told_to_pick_three_of_six(open_ui, store):
    golden_file = Path(__file__).parents[1] / "golden/freunde/two_players_winter.session.json"
    golden = json.loads(golden_file.read_text())
    players = [store.players.add(name) for name in golden["setup"]["players"]]
    setup = {**golden["setup"], "players": [{"id": p.id, "name": p.name} for p in players]}
    keeper = SessionKeeper(store)
    session = keeper.start("freunde", setup, [p.id for p in players], "test")
    intros = {}
    for action in golden["actions"]:
        state = keeper.state(session.id)
        if state.turn not in intros and not any(p.turn.has_played for p in state.players) and state.turn <= 6:
            ui = await open_ui(route=f"/play/freunde/{session.id}")
            if ui.find("fr-cards-intro") is not None:
                intros[state.turn] = ui.get("fr-cards-intro").value
            await ui.close()
        keeper.act(session.id, action)
    # Turn 5 empties the draw pile: turn 6 plays the three cards left, with no choice to make.
    assert intros[5].startswith("Everyone picks three of their six cards")
    assert intros[6].startswith("Everyone plays the three cards left in hand")


@pytest.mark.parametrize("language, words", [
    ("en", "Pitch its tent at base camp (costs {cost} more)"),
    # "na pole startowe" is where one goes, not where a tent stands.
    ("pl", "Postaw namiot na polu startowym (kosztuje o {cost} więcej)")])
async def test_a_tent_at_base_camp_is_said_as_a_place(open_ui, store, language, words):
    store.settings.set("language", language)
    session = start_game(store, actions=CARDS_PLAYED)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")
    state = engine(store, session.id)
    tent = [c.value for c in walk(ui.get("fr-tent")) if isinstance(getattr(c, "value", None), str)]
    assert tent == [words.format(cost=rules.tent_cost(state, state.board.base_camp))]


@pytest.mark.parametrize("language, words", [("en", "tent at base camp"), ("pl", "namiot na polu startowym")])
def test_a_tent_at_base_camp_is_said_as_a_place_in_the_team_list(language, words):
    from dataclasses import replace

    import flet as ft

    from companion.games.freunde import session as freunde
    from companion.i18n import use_language
    from companion.ui.freunde.turn import team_section

    state = freunde.start({"players": [{"name": "Sol"}], "board": "summer", "weather_season": "summer",
                           "rules": rules.RULESET})
    player = state.players[0]
    pitched = replace(player.climbers[0], tent=state.board.base_camp)
    state = replace(state, players=(replace(player, climbers=(pitched, *player.climbers[1:])),))
    with use_language(language):
        view = ft.View(route="/", controls=team_section(state, ["#2F7FC1"]))
    shown = [c.value for c in walk(view) if isinstance(c, ft.Text)]
    assert any(words in text for text in shown), shown


async def test_a_death_at_the_check_is_said_as_a_sentence_in_french(open_ui, store):
    store.settings.set("language", "fr")
    ended = start_game(store, names=("Uma",), weather=["sun"] * 18, actions=[
        {"type": "play", "player": "Uma", "cards": ["M1", "A0", "A1"]},
        {"type": "risk", "value": 2},
    ])
    ui = await open_ui(route=f"/play/freunde/{ended.id}")
    await move_to_die(ui)
    await ui.click("fr-done")
    # The climber's name begins the sentence: with a capital, though the name alone is "l'alpiniste A d'Uma".
    assert ui.get("fr-notice-text").value == "Tour 1 contrôlé. L'alpiniste A d'Uma est mort."


async def test_a_step_another_device_took_first_is_said_so_and_a_refusal_goes_with_the_game_it_was_about(
        open_ui, store):
    # Both phones tapped Take for the risk token: the second was refused with the rule ("a risk token is taken
    # only after the cards are revealed ..."), as if it had done something wrong, below the fold; and a refusal
    # stayed on screen after the other phone's undo made it untrue.
    session = start_game(store)
    a = await open_ui(route=f"/play/freunde/{session.id}")
    await tap_cards(a, "M3", "M2", "A1")
    await tap_cards(a, "M1", "A0", "A1")
    b = await open_ui(route=f"/play/freunde/{session.id}")
    await a.click("fr-risk-1")
    SessionKeeper(store).act(session.id, {"type": "risk", "value": 1})     # the other phone, first
    await a.click("fr-risk-take")
    said = a.text()
    assert "changed meanwhile (on another device, or by a tap made twice)" in said, said
    assert "only after the cards are revealed" not in said
    assert len(SessionKeeper(store).get(session.id).actions) == 3
    # A refusal is said of the game as it was: once another device changes the game, it is gone.
    await b.click("fr-undo")
    await a.settle()
    assert "changed meanwhile" not in a.text()


async def test_cards_tapped_in_for_the_next_player_stay_when_another_device_played_first(open_ui, store):
    # Both phones entered Ann's cards; the second was told the game changed, and the cards it had tapped in for
    # Bob meanwhile were thrown away with the refused step, to be tapped in again from his face-down pile.
    session = start_game(store, names=("Ann", "Bob", "Cy"))
    a = await open_ui(route=f"/play/freunde/{session.id}")
    for key in ("fr-cards-player-1", "fr-card-M3", "fr-card-M2", "fr-cards-player-0"):
        await a.click(key)                           # two of Bob's cards, then Ann's chip
    for code in ("M1", "A0", "A1"):
        await a.click(f"fr-card-{code}")
    SessionKeeper(store).act(session.id, {"type": "play", "player": "Ann", "cards": ["M3", "M2", "A1"]})
    await a.click("fr-play")
    said = a.text()
    assert "changed meanwhile (on another device, or by a tap made twice)" in said, said
    # Bob is next, with the two cards tapped in for him: one more and his three are in.
    assert a.find("fr-tray-1") is not None and a.find("fr-tray-2") is None
    await a.click("fr-card-A1")
    await a.click("fr-play")
    played = engine(store, session.id).players[1].turn.played
    assert [card.code for card in played] == ["M3", "M2", "A1"]


async def test_cards_being_tapped_in_for_a_player_who_played_elsewhere_are_not_shown_as_the_next_players(
        open_ui, store):
    # Ann's cards half tapped in on one phone, and played on another: the first phone showed them as Bob's,
    # under his name, and Play would have sent them as his.
    session = start_game(store)
    a = await open_ui(route=f"/play/freunde/{session.id}")
    b = await open_ui(route=f"/play/freunde/{session.id}")
    await a.click("fr-card-M1")
    await a.click("fr-card-A0")
    await tap_cards(b, "M3", "M2", "A1")
    await a.settle()
    assert "Bob's cards not yet played" in a.text()
    assert a.find("fr-tray-0") is None


async def test_cards_tapped_in_for_a_turn_played_elsewhere_do_not_come_back_the_next_turn(open_ui, store):
    # Sol's Move 1 tapped in on one phone, the turn played to its end on another: on turn 2 the first phone still
    # offered "Remove Move 1", and Play would have sent it.
    session = start_game(store, names=("Sol",), actions=[{"type": "weather", "day": 1, "weather": "sun"}])
    a = await open_ui(route=f"/play/freunde/{session.id}")
    await a.click("fr-card-M1")
    assert a.find("fr-tray-0") is not None
    keeper = SessionKeeper(store)
    for action in ({"type": "play", "player": "Sol", "cards": ["M3", "M2", "A1"]}, {"type": "risk", "value": 0},
                   {"type": "done", "player": "Sol"}, {"type": "weather", "day": 2, "weather": "sun"}):
        keeper.act(session.id, action)
    assert engine(store, session.id).turn == 2
    b = await open_ui(route=f"/play/freunde/{session.id}")
    await b.click("fr-undo")                          # the other phone's taps reach this one
    await b.click("fr-redo")
    await a.settle()
    assert a.find("fr-card-picker") is not None and a.find("fr-tray-0") is None


async def plan_on_a_second_phone(open_ui, store, *taps: str):
    """Two phones on a game whose cards are played: phone B taps a climber's plan in. (session, a, b)."""
    session = start_game(store, actions=CARDS_PLAYED)
    a = await open_ui(route=f"/play/freunde/{session.id}")
    b = await open_ui(route=f"/play/freunde/{session.id}")
    for key in taps:
        await b.click(key)
    return session, a, b


async def test_a_risk_token_chosen_when_another_device_takes_one_is_said_set_aside(open_ui, store):
    # Two phones chose a token each; the first Take moved the game on, and the other phone's choice went with the
    # step without a word (its Take button was gone before its tap).
    session = start_game(store, actions=CARDS_PLAYED[:-1])
    a = await open_ui(route=f"/play/freunde/{session.id}")
    b = await open_ui(route=f"/play/freunde/{session.id}")
    await a.click("fr-risk-1")
    await b.click("fr-risk-2")
    await a.click("fr-risk-take")
    await b.settle()
    said = " ".join(c.value for c in walk(b.get("fr-risk-changed")) if isinstance(c, ft.Text))
    assert "The risk token chosen here was set aside: the game changed on another device meanwhile." in said
    assert a.find("fr-risk-changed") is None
    # Said once: the game moving on again makes the news old.
    await a.click("fr-climber-A")
    await a.click("fr-give-0")
    await a.click("fr-space-S1")
    await a.click("fr-give")
    await b.settle()
    assert b.find("fr-risk-changed") is None


async def test_a_correction_begun_here_drops_the_risk_token_chosen_without_blaming_another_device(open_ui, store):
    session = start_game(store, actions=CARDS_PLAYED[:-1])
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-risk-2")
    await ui.click("ent-open")
    await ui.click("ent-edit-1")
    assert ui.find("fr-risk-changed") is None


async def test_a_plan_another_device_set_aside_is_said_so(open_ui, store):
    # Phone B's plan for climber A went without a word when phone A undid the risk token: the screen jumped to the
    # risk step, the plan gone.
    _session, a, b = await plan_on_a_second_phone(open_ui, store, "fr-climber-A", "fr-give-0", "fr-space-S1")
    await a.click("fr-undo")
    await b.settle()
    said = " ".join(c.value for c in walk(b.get("fr-move-changed")) if isinstance(c, ft.Text))
    assert "The climber's plan was set aside: the game changed on another device meanwhile." in said, said
    # Said once: when the game moves on again (another risk token taken there), the news is old.
    await a.click("fr-risk-1")
    await a.click("fr-risk-take")
    await b.settle()
    assert b.find("fr-move-changed") is None
    # The phone's own undo starts the plan again without a word.
    await a.click("fr-climber-A")
    await a.click("fr-undo")
    assert a.find("fr-move-changed") is None


async def test_a_plan_back_in_force_and_set_aside_again_is_said_again(open_ui, store):
    # Undone and redone on phone A, phone B's plan came back; set aside again by another change, it went without
    # a word, the note of the first time having been said already.
    session, a, b = await plan_on_a_second_phone(open_ui, store, "fr-climber-A", "fr-give-0")
    await a.click("fr-undo")
    await b.settle()
    assert b.find("fr-move-changed") is not None
    await a.click("fr-redo")
    await b.settle()
    assert b.find("fr-move-changed") is None and b.find("fr-give-0") is not None      # the plan is back
    for key in ("fr-climber-A", "fr-give-0", "fr-space-S1", "fr-give"):
        await a.click(key)                                  # phone A moves climber A itself
    assert len(SessionKeeper(store).get(session.id).actions) == len(CARDS_PLAYED) + 1
    await b.settle()
    assert b.find("fr-move-changed") is not None


async def planning_in_french(open_ui, store, actions=CARDS_PLAYED, cards: int = 1):
    """Climber A of Ann planned in French, given her first `cards` cards: the screen."""
    store.settings.set("language", "fr")
    session = start_game(store, actions=actions)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-A")
    for n in range(cards):
        await ui.click(f"fr-give-{n}")
    return ui


def bar_lines(ui, spacings: int) -> int:
    """The lines the move bar's words take beside its buttons on a 360 px phone (`spacings` gaps of 8 px)."""
    from layout_check import text_width

    summary = ui.get("fr-move-summary")
    room = 360 - 16 - 48 - 28 - spacings * 8 - text_width(ui.get("fr-give").content, 14) - 48
    return -(-text_width(summary.value, summary.size) // room)


async def tap_the_farthest_space(ui) -> None:
    far = max((k for k in ui.keys() if k.startswith("fr-space-S") and k[10:].isdigit()), key=lambda k: int(k[10:]))
    await ui.click(far)


async def test_a_long_plan_in_french_gets_the_room_it_needs_in_the_move_bar(open_ui, store):
    # "A : vers S5 pour 4, risque −1 mouveme…": beside the two buttons a phone leaves the words about 22
    # characters a line, and two lines cut a plan with a tent and acclimatization short.
    ui = await planning_in_french(open_ui, store)
    assert ui.get("fr-move-summary").max_lines == 2            # a short plan keeps the low bar
    await ui.click("fr-give-1")
    await ui.click("fr-give-2")
    await ui.click("fr-space-S1")
    await ui.click("fr-tent")
    summary, lines = ui.get("fr-move-summary"), bar_lines(ui, 2)
    assert lines > 2 and summary.max_lines >= lines, (summary.value, lines)
    assert ui.get("fr-move-bar").height >= 16 + 16 * summary.max_lines


async def test_a_long_refusal_in_french_is_read_whole_in_the_move_bar(open_ui, store):
    # "Tour 1 : l'alpiniste A d'Ann n'a pas de quoi atteindre S26 : le chemin le moins cher coûte 13, et les
    # cartes de déplacement (…) donnent 1": five lines at most cut the reason, the part the player needs.
    ui = await planning_in_french(open_ui, store)
    await tap_the_farthest_space(ui)
    summary = ui.get("fr-move-summary")
    assert summary.color == ft.Colors.ERROR and "pas de quoi atteindre" in summary.value, summary.value
    # Out of reach by itself: no tent is offered for it ("Planter sa tente en S26"); the button stays "Stay".
    assert ui.find("fr-tent") is None and ui.get("fr-give").disabled is False
    lines = bar_lines(ui, 3)
    assert lines > 5 and summary.max_lines >= lines, (summary.value, lines)
    assert ui.get("fr-move-bar").height >= 16 + 16 * summary.max_lines


async def test_a_refusal_longer_than_the_bars_ten_lines_scrolls_whole_within_it(open_ui, store):
    # Three cards named in words, the tent and two risk points: about 250 characters in French, more than ten
    # lines of the bar; the end ("donnent 3 (jusqu'à 5 en descente)") was cut off.
    ui = await planning_in_french(open_ui, store, cards=3, actions=(
        {"type": "weather", "day": 1, "weather": "sun"},
        {"type": "play", "player": "Ann", "cards": ["M1", "R1/3", "M1"]},
        {"type": "play", "player": "Bob", "cards": ["M1", "A0", "A1"]},
        {"type": "risk", "value": 2}))
    for key in ("fr-tent", "fr-risk-move-plus", "fr-risk-move-plus"):
        await ui.click(key)
    await tap_the_farthest_space(ui)
    summary = ui.get("fr-move-summary")
    assert summary.color == ft.Colors.ERROR and len(summary.value) > 200, summary.value
    assert summary.value.endswith("en descente)") and summary.max_lines is None, summary.value
    words = ui.get("fr-move-words")
    assert words.scroll is not None and summary in words.controls


async def test_winter_spaces_are_named_as_printed_on_the_board_chips_and_aloud(open_ui, store):
    # The winter board has "j" at 5000 m and "J" higher up: the reach chips said "J pour 3" for j, and in
    # French the board read its "L" aloud as "D" (the catalogs' letter of a game lost).
    store.settings.set("language", "fr")
    session = start_game(store, actions=CARDS_PLAYED, board="winter", weather_season="winter")
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    said = {c.identifier: c.label for c in walk(ui.top) if type(c).__name__ == "Semantics" and c.identifier}
    assert said["fr-space-L"].startswith("L\u00a0: ") and said["fr-space-l"].startswith("l\u00a0: ")
    assert said["fr-space-BASE_CAMP"].startswith("Camp de base")
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")
    state = engine(store, session.id)
    routes = rules.destinations(state, 0, "A", rules.cards_from_doc(state, ["M1"]))
    stops = [space for space, r in routes.items() if r.stop]
    assert stops and all(space.islower() for space in stops), stops
    for space in stops:
        texts = [c.value for c in walk(ui.get(f"fr-reach-{space}")) if isinstance(c, ft.Text)]
        assert texts == [f"{space} pour {routes[space].cost}"], texts


def test_an_altitude_keeps_its_unit_on_the_line_of_its_number():
    # "(5000-6000" stood over "m)" in the acclimatization check at 390 px.
    from companion.games.freunde.data import load_data
    from companion.ui.freunde.parts import zone_label

    labels = load_data().stacking.labels
    assert [zone_label(labels, zone) for zone in sorted(labels)][0] == "5000-6000\u00a0m"
    assert zone_label({}, 7000) == "7000\u00a0m"


def test_an_acclimatization_below_zero_is_said_with_a_true_minus_sign():
    # A risk penalty can take the marker below 0 before the check: it was read "acclimatization -1 of 6", with
    # the hyphen the rest of the app never uses for a minus.
    from companion.ui.freunde.parts import accl_words

    assert accl_words(-1) == "acclimatization −1 of 6"
    assert accl_words(3) == "acclimatization 3 of 6"


async def test_a_players_avatar_is_not_a_letter_the_climbers_wear(open_ui, store):
    # Bartek's avatar was a "B" in his colour, beside "A: 3 · B: 1", as his climber B is drawn on the board:
    # the table read it as the climber. A player's avatar is a figure.
    from test_corrections_freunde import show_panel

    from companion.ui.freunde.screens import Panel

    session = start_game(store, names=("Anna", "Bartek"))
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    for panel in (Panel.TURN, Panel.SCORES):
        await show_panel(ui, panel)
        avatars = [c for c in walk(ui.top) if isinstance(c, ft.CircleAvatar)]
        assert avatars and all(isinstance(a.content, ft.Icon) for a in avatars), [a.content for a in avatars]


async def test_a_climber_that_stays_is_said_to_stay_or_acclimatize_not_to_use_its_cards(open_ui, store):
    # "Ann's climber A used its cards." was said of a climber given a movement card it did not spend: it stayed,
    # and its card did nothing.
    session = start_game(store, actions=CARDS_PLAYED)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-B")
    await ui.click("fr-give-2")                       # Acclimatization +1
    await ui.click("fr-give")
    assert ui.get("fr-notice-text").value == "Ann's climber B acclimatized in place."
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")                       # Move 1, not spent
    await ui.click("fr-give")
    assert ui.get("fr-notice-text").value == "Ann's climber A stayed where it was."
    actions = SessionKeeper(store).get(session.id).actions
    assert [(a["climber"], a["cards"], a["path"]) for a in actions[-2:]] == [("B", ["A1"], []), ("A", ["M1"], [])]


async def test_an_acclimatization_card_that_pays_the_risk_leaves_the_climber_where_it_was(open_ui, store):
    # Its one point taken off for the risk token, an A+1 gives the climber nothing: "acclimatized" said it did.
    session = start_game(store, actions=(
        {"type": "weather", "day": 1, "weather": "sun"},
        {"type": "play", "player": "Ann", "cards": ["M1", "M1", "A1"]},
        {"type": "play", "player": "Bob", "cards": ["M1", "A0", "A1"]},
        {"type": "risk", "value": 1}))
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-B")
    await ui.click("fr-give-2")                       # Acclimatization +1
    await ui.click("fr-risk-accl-plus")               # its point pays the risk
    await ui.click("fr-give")
    assert ui.get("fr-notice-text").value == "Ann's climber B stayed where it was."
    assert SessionKeeper(store).get(session.id).actions[-1]["risk_accl"] == 1


async def test_a_finished_game_not_yet_saved_says_so_on_home(open_ui, store):
    """The Resume card of a game over but not yet finished into History says it is not there yet, where it
    said "saved" and the time."""
    recorded = json.loads((GOLDEN / "five_players_summer.session.json").read_text(encoding="utf-8"))
    names = [p if isinstance(p, str) else p["name"] for p in recorded["setup"]["players"]]
    roster = [store.players.add(name) for name in names]
    keeper = SessionKeeper(store)
    session = keeper.start("freunde", recorded["setup"], [p.id for p in roster], "Five")
    for action in recorded["actions"][:-1]:
        keeper.act(session.id, action)
    ui = await open_ui()
    assert "saved" in _resume_words(ui, session.id)              # in progress: when it was last saved
    keeper.act(session.id, recorded["actions"][-1])
    ui = await open_ui()
    card = _resume_words(ui, session.id)
    assert "Game over after turn 18" in card and "not yet in History" in card and "saved" not in card


def _resume_words(ui, session_id: str) -> str:
    return " ".join(str(c.value) for c in walk(ui.get(f"home-resume-{session_id}"))
                    if isinstance(getattr(c, "value", None), str))


@pytest.mark.parametrize("board", ["summer", "winter"])
async def test_the_scores_tab_shows_no_legend_of_a_board_it_does_not_draw(open_ui, store, board):
    # The Scores tab ended with the board's legend (stacking limits, badges, "Schematic drawing: ...") under no
    # board. A board read by eye still says so there: its victory points are the scores'.
    from test_corrections_freunde import show_panel

    from companion.ui.freunde.screens import Panel

    session = start_game(store, board=board, weather_season=board)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await show_panel(ui, Panel.SCORES)
    assert ui.find("fr-scores-legend") is None and not any(t.startswith("Schematic drawing") for t in ui.texts())
    assert (ui.find("fr-scores-unverified") is not None) == (board == "winter")


async def test_two_cards_tapped_in_quick_succession_both_land_in_the_tray(open_ui, store):
    # A tap handled before the screen had redrawn after the one before added its card to the tray as last drawn:
    # the card before it went without a word.
    session = start_game(store)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    first, second = ui.get("fr-card-M3"), ui.get("fr-card-M2")
    await ui._event(first, "click", settle=False)
    await ui._event(second, "click")
    assert ui.get("fr-tray-total").value.startswith("Movement total 5")
    third = ui.get("fr-card-A1")
    taken_out = ui.get("fr-tray-0")
    await ui._event(third, "click", settle=False)
    await ui._event(taken_out, "click")
    assert ui.get("fr-tray-total").value.startswith("Movement total 2")
    assert ui.find("fr-tray-1") is not None                 # Move 2 and Acclimatize +1 stay


@pytest.mark.parametrize("width, board", [(360, 328), (390, 358), (1280, 358)])
async def test_the_board_is_as_wide_as_the_phones_column(open_ui, store, width, board):
    # Drawn 358 px wide in the 328 px a 360 px phone has inside its margins: its right edge, and the climbers
    # standing there (two on S17), were cut off, and the board cannot be scrolled sideways.
    session = start_game(store, names=("Ann", "Bob", "Cy", "Dee", "Eve"))
    ui = await open_ui(route=f"/play/freunde/{session.id}", width=width)
    drawn = ui.get("fr-board").content
    assert drawn.width == board
    pawns = [c for c in walk(ui.get("fr-board")) if str(c.key or "").startswith("fr-pawn-")]
    assert len(pawns) == 10 and all(0 <= p.left and p.left + 17 <= board for p in pawns)


async def test_movement_a_climber_leaves_unused_pays_the_risk_still_owed(open_ui, store):
    # Rule sheet, the check: "If you use less than the played movement, this can reduce the Risk you've
    # incurred". A climber given 4 points that spent 1 had 3 left, but unless "Off its movement" was set before
    # Give they were lost: the token of 2 then came off a climber's acclimatization.
    session = start_game(store, actions=[
        {"type": "weather", "day": 1, "weather": "sun"},
        {"type": "play", "player": "Ann", "cards": ["M3", "M1", "A2"]},
        {"type": "play", "player": "Bob", "cards": ["M1", "A0", "A1"]},
        {"type": "risk", "value": 2},
    ])
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")
    await ui.click("fr-give-1")
    await ui.click("fr-space-S1")
    await ui.click("fr-give")
    action = SessionKeeper(store).get(session.id).actions[-1]
    assert (action["path"][-1], action["risk_move"]) == ("S1", 2)
    assert rules.risk_owed(engine(store, session.id), 0) == 0
    assert ui.get("fr-notice-text").value == ("Ann's climber A moved to S1. 2 movement points it did not use paid "
                                              "the risk.")


async def test_the_step_being_played_is_said_to_be_the_selected_one(open_ui, store):
    # "Cards Risk Actions Check" were four words to a screen reader: the step being played was lit by its fill
    # alone. And "starts" and the start player's name were two fragments.
    session = start_game(store, actions=CARDS_PLAYED)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    assert [ui.get(f"fr-step-{n}").selected for n in range(4)] == [False, False, True, False]
    header = ui.get("fr-step-header")
    assert any(isinstance(c, ft.MergeSemantics) and ui.get("fr-start-player") in list(walk(c)) for c in walk(header))


async def test_cards_given_to_a_climber_in_quick_succession_are_all_given(open_ui, store):
    # The second of two quick taps built the plan from the one drawn before the first: one card stayed given,
    # and the plan read "cannot afford to reach S1" for a tent the two cards pay for. A space tapped just after
    # a card kept the card too.
    session = start_game(store, actions=CARDS_PLAYED)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-A")
    first, second = ui.get("fr-give-0"), ui.get("fr-give-1")
    await ui._event(first, "click", settle=False)
    await ui._event(second, "click")
    await ui.click("fr-tent")
    card, space = ui.get("fr-give-1"), ui.get("fr-space-S1")
    await ui._event(card, "click", settle=False)          # taken back ...
    await ui._event(card, "click", settle=False)          # ... and given again, then the space at once
    await ui._event(space, "click")
    assert ui.get("fr-move-summary").value == "A: to S1 for 1, tent for 1"


async def test_zones_of_a_days_weather_tapped_in_quick_succession_are_both_chosen(open_ui, store):
    # Each zone's tap set the day drawn plus that zone: of two tapped before a redraw, one was chosen.
    session, ui = await weather_asked(open_ui, store)
    await ui.click("fr-today-day-1-label-snow")
    first, second = ui.get("fr-today-day-1-zone-7000"), ui.get("fr-today-day-1-zone-8000")
    await ui._event(first, "click", settle=False)
    await ui._event(second, "click")
    await ui.click("fr-today-save")
    assert engine(store, session.id).weather[0].zones == frozenset({7000, 8000})


RISK_OF_2 = (
    {"type": "weather", "day": 1, "weather": "sun"},
    {"type": "play", "player": "Ann", "cards": ["M3", "M1", "A2"]},
    {"type": "play", "player": "Bob", "cards": ["M1", "A0", "A1"]},
    {"type": "risk", "value": 2},
)


async def test_a_risk_split_tapped_quickly_never_passes_what_is_owed(open_ui, store):
    # Each stepper's bound was drawn with the other's value then: "+ +" on both before a redraw split 2 + 2
    # of a token of 2, which Give then refused.
    session = start_game(store, actions=RISK_OF_2)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")
    await ui.click("fr-give-2")
    accl, move = ui.get("fr-risk-accl-plus"), ui.get("fr-risk-move-plus")
    for plus in (accl, accl, move, move):
        await ui._event(plus, "click", settle=False)
    await ui.settle()
    assert int(ui.get("fr-risk-move").value) + int(ui.get("fr-risk-accl").value) == 2


async def test_give_tapped_just_after_a_card_gives_that_card_too(open_ui, store):
    # Give acted on the plan as drawn: the card tapped just before it was left out, then cleared.
    session = start_game(store, actions=RISK_OF_2)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")
    card, give = ui.get("fr-give-1"), ui.get("fr-give")
    await ui._event(card, "click", settle=False)
    await ui._event(give, "click")
    assert SessionKeeper(store).get(session.id).actions[-1]["cards"] == ["M3", "M1"]


async def test_give_does_not_confirm_a_plan_changed_just_before_it(open_ui, store):
    # Give reads the latest plan; a tent tapped just before it (the space then out of reach) had the tent
    # pitched where the climber stood, which the button, drawn for "to S2", never offered.
    session = start_game(store, actions=CARDS_PLAYED)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")
    await ui.click("fr-give-1")
    await ui.click("fr-space-S2")
    entries = len(SessionKeeper(store).get(session.id).actions)
    tent, give = ui.get("fr-tent"), ui.get("fr-give")
    await ui._event(tent, "click", settle=False)
    await ui._event(give, "click")
    assert len(SessionKeeper(store).get(session.id).actions) == entries     # nothing given: the plan is redrawn
    assert ui.get("fr-give").disabled                  # a tent refused with its space: nothing to confirm


async def test_a_space_out_of_reach_tapped_just_before_stay_is_not_taken_for_staying(open_ui, store):
    session = start_game(store, actions=CARDS_PLAYED)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-A")
    await ui.click("fr-give-0")
    await ui.click("fr-give-1")                        # no space chosen: the button says Stay
    entries = len(SessionKeeper(store).get(session.id).actions)
    far, give = ui.get("fr-space-S6"), ui.get("fr-give")
    await ui._event(far, "click", settle=False)
    await ui._event(give, "click")
    assert len(SessionKeeper(store).get(session.id).actions) == entries     # the refusal is drawn first
    assert "S6" in ui.get("fr-move-summary").value


async def test_a_move_to_the_summit_is_said_in_the_words_for_the_summit(open_ui, store):
    # German said "nach der Gipfel für 6" in the bar and "ist nach der Gipfel gezogen" after it, where it is
    # "zum Gipfel": the summit (and base camp) have sentences of their own.
    import json
    from pathlib import Path

    golden = json.loads((Path(__file__).parent.parent / "golden" / "freunde" / "five_players_summer.session.json")
                        .read_text(encoding="utf-8"))
    keeper = SessionKeeper(store)
    session = keeper.start("freunde", golden["setup"], [], "five")
    for action in golden["actions"][:156]:                 # Di's climber A is about to reach the summit
        keeper.act(session.id, action)
    store.settings.set("language", "de")
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("fr-climber-A")
    state = keeper.state(session.id)
    for n, card in enumerate(rules.cards_left_to_give(state, state.acting)):
        if card.code == "M2":
            await ui.click(f"fr-give-{n}")
    await ui.click("fr-space-SUMMIT")
    assert ui.get("fr-move-summary").value.startswith("A: zum Gipfel für "), ui.get("fr-move-summary").value
    await ui.click("fr-give")
    assert ui.get("fr-notice-text").value.startswith("Bergsteiger A von Di hat den Gipfel erreicht."), \
        ui.get("fr-notice-text").value


async def test_a_weather_entry_corrected_starts_from_the_days_it_recorded(open_ui, store):
    # Correcting a winter tile's three days showed the card step under "Enter it below", and the weather
    # editor, once found in the forecast, showed today as sun and the other days as not entered: saved as
    # shown, the storm became sun and the two days after it were lost.
    storm = {"label": "storm", "accl": 1, "move": 0, "zones": [6000]}
    snow = {"label": "snow", "accl": 1, "move": 2, "zones": [7000, 8000]}
    tile = {"type": "weather", "day": 1, "weather": [storm, "sun", snow]}
    session = start_game(store, actions=(tile, *CARDS_PLAYED[1:]), board="winter", weather_season="winter")
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("ent-open")
    await ui.click("ent-edit-0")
    assert ui.find("fr-weather-hint") is None
    assert ui.get("fr-correct-weather").content == "Correct the weather of days 1–3"
    await ui.click("fr-correct-weather")
    chosen = {n.identifier for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.selected
              and str(n.identifier or "").startswith("fr-weather-day-")}
    assert {"fr-weather-day-1-label-storm", "fr-weather-day-2-label-sun", "fr-weather-day-3-label-snow",
            "fr-weather-day-1-zone-6000", "fr-weather-day-3-zone-7000", "fr-weather-day-3-zone-8000"} <= chosen
    # Only day 2 was wrong: changed alone, the others are saved as they were.
    await ui.click("fr-weather-day-2-label-cloud")
    await ui.click("fr-weather-day-2-accl-1")
    await ui.click("fr-weather-day-2-zone-5000")
    await ui.click("fr-weather-save")
    await ui.click("ent-confirm")
    entry = SessionKeeper(store).get(session.id).actions[0]
    assert entry["weather"] == [storm, {"label": "cloud", "accl": 1, "move": 0, "zones": [5000]}, snow], entry
    assert len(SessionKeeper(store).get(session.id).actions) == len(CARDS_PLAYED)


async def test_days_entered_twice_are_corrected_from_the_entry_asked_for(open_ui, store):
    # The days ahead were entered, then entered again: correcting the second entry showed the first one's days
    # (the game as it stood before it), and saved as shown, the storm became sun.
    sun3 = ["sun", "sun", "sun"]
    storm = {"label": "storm", "accl": 1, "move": 0, "zones": [6000]}
    snow = {"label": "snow", "accl": 1, "move": 2, "zones": [7000, 8000]}
    session = start_game(store, actions=(
        {"type": "weather", "day": 1, "weather": sun3}, {"type": "weather", "day": 4, "weather": sun3},
        {"type": "weather", "day": 4, "weather": [storm, "sun", snow]}), board="winter", weather_season="winter")
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    await ui.click("ent-open")
    await ui.click("ent-edit-2")
    await ui.click("fr-correct-weather")
    chosen = {n.identifier for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.selected
              and str(n.identifier or "").startswith("fr-weather-day-")}
    assert {"fr-weather-day-4-label-storm", "fr-weather-day-5-label-sun", "fr-weather-day-6-label-snow"} <= chosen


def test_the_move_bar_counts_its_lines_word_by_word():
    # 46 characters, as many as two lines hold, but its long word wraps early: three lines, so the bar grows
    # (it was cut at two, with the "−1" that says the climber dies unless sheltered).
    german = "A: nach k für 2, Akklimatisierung von 1 auf −1"
    assert wrapped_lines(german, 23) == 3
    assert wrapped_lines("A: to S4 for 3", 23) == 1
    assert wrapped_lines("a " * 11 + "b", 23) == 1 and wrapped_lines("a " * 12 + "b", 23) == 2
    assert wrapped_lines("x" * 50, 20) == 3                       # a word longer than a line breaks inside it
    assert wrapped_lines("xx yy\u00a0zzz", 5) == 3                 # not broken at a no-break space (2 if it were)
