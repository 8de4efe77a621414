"""A solo Expedition whose three Ascents are all played on the Trek 12 screen, by taps: the sheet draws its
Assist cards from the Expedition's cards in play, the round's picks are made on the sheet when a round ends
(Max's card chosen by the player, none when none is left or he holds three), cards are used from the sheet,
kept from one Ascent to the next and cashed at the scoring; the Expedition's screen and the sheet agree at
every step, and the result equals the one worked out apart: each sheet scored by the command line's game
file (`companion score trek12`) and the stars by the Expedition file (`companion score expedition`)."""

from __future__ import annotations

import random

import pytest

import companion.ui.expedition.screens  # noqa: F401 - registers the Expedition screens
from companion.games.expedition import files as expedition_files
from companion.games.expedition.rules import Phase, sheet_seats, standing
from companion.games.trek12 import files as trek12_files
from companion.games.trek12.rules import ROLLS, Assist, apply as play, legal_actions
from companion.sessions import SessionKeeper
from companion.i18n import tr
from companion.ui.common import registry
from companion.ui.trek12.screens import Trek12NewGame, Trek12Play


@pytest.fixture(autouse=True)
def trek12_screens():
    registry.register_game_screen("trek12", new_game=Trek12NewGame, play=Trek12Play)
    yield


PREFERENCE = (Assist.TENT, Assist.COMPASS, Assist.ROPE, Assist.SCHNAPPS)


def tappable(state, roll):
    """Ann's legal turns for the roll that the screen writes without a further question: links and Max's
    links forced, no skull, no Rope (cards used: the Tent or the Compass when she holds them)."""
    sheet_state = state.table.states[0]
    sheet = sheet_state.sheet
    return [move for move in legal_actions(sheet_state, roll)
            if move.links is None and move.max_links is None and move.rope is None
            and Assist.ROPE not in move.assists
            and roll.value(move.op) <= sheet.circle(move.circle).limit]


async def tap_turn(ui, state, rng) -> None:
    """One round of Ann's on the sheet: the dice faces, a card when one helps, the option, the circle."""
    while True:
        roll = rng.choice(ROLLS)
        moves = tappable(state, roll)
        if moves:
            break
    sheet_state = state.table.states[0]
    with_card = [m for m in moves if m.assists]
    # New zones of low numbers earn cards: play for them most of the time, so the picks come often.
    earning = [m for m in moves if (lambda after: after.earned or after.max_earned)(play(sheet_state, m))]
    if with_card and rng.random() < 0.5:
        move = rng.choice(with_card)
    elif earning and rng.random() < 0.8:
        move = rng.choice(earning)
    else:
        move = rng.choice([m for m in moves if not m.assists] or moves)
    await ui.click(f"t12-red-{roll.red}")
    await ui.click(f"t12-yellow-{roll.yellow}")
    for card in move.assists:
        await ui.click(f"t12-card-{card.value}")
    await ui.click(f"t12-op-{move.op.label}")
    await ui.click(f"t12-circle-{move.circle}")


async def tap_picks(ui, state, log) -> None:
    """The round's picks on the sheet: Ann takes the card she likes best that is still in play, Max the
    first in play; none when none is left (or Max holds three). Checks the refused chips on the way."""
    names = state.setup.names
    pool = list(state.pool)
    for seat in state.due:
        ui.get(f"exp-pick-{seat}")
        full = seat == 1 and len(state.hands[1]) >= 3
        for card in Assist:
            chip = ui.get(f"exp-pick-{seat}-{card.value}")
            assert chip.disabled == (full or card not in state.pool), (seat, card, state.pool)
    for seat in sorted(state.due, key=lambda s: (s - state.lead) % 2):  # the Lead Climber's order
        full = seat == 1 and len(state.hands[1]) >= 3
        wanted = next((c for c in PREFERENCE if c in pool), None)
        if full or wanted is None or (seat == 0 and len(state.hands[0]) >= 3):
            await ui.click(f"exp-pick-{seat}-none")
            log.append((names[seat], None))
        else:
            await ui.click(f"exp-pick-{seat}-{wanted.value}")
            pool.remove(wanted)
            log.append((names[seat], wanted))
    await ui.click("exp-pick-submit")


def agree(ui, state) -> None:
    """The sheet on screen and the Expedition hold the same cards."""
    sheet_state = state.table.states[0]
    assert sheet_state.assists == state.hands[0]
    assert sheet_state.max_assists == len(state.hands[1])
    if state.table.complete or state.due:
        return  # the card row is shown while a turn is being entered
    for card in Assist:
        shown = ui.find(f"t12-card-{card.value}")
        assert (shown is not None) == (card in state.hands[0]), (card, state.hands[0])


async def solo_expedition(open_ui, store):
    """A solo Expedition of Ann's started on screen, its cards typed in from the deck: the screen and its id."""
    ann = store.players.add("Ann")
    ui = await open_ui(width=390, height=844)
    await ui.go("/games/expedition")
    await ui.click(f"exp-new-seat-{ann.id}")
    await ui.click("exp-new-solo")
    await ui.click("exp-new-cards-typed")
    await ui.click("exp-new-start")
    return ui, ui.route.rsplit("/", 1)[1]


async def sheet_started(ui, exp: str, counts: dict[str, int]) -> None:
    """The Ascent's cards revealed (`counts` of each) and its sheet started in the app."""
    for card, n in counts.items():
        for _ in range(n):
            await ui.click(f"exp-reveal-{card}-plus")
    await ui.click("exp-reveal")
    await ui.click("exp-sheet-start")
    assert ui.route == f"/play/expedition/{exp}/sheet"


async def test_three_ascents_on_the_sheet_with_the_expeditions_cards(open_ui, store):
    keeper = SessionKeeper(store)
    ui, exp = await solo_expedition(open_ui, store)
    rng = random.Random(2026)
    reveals = [dict(rope=1, tent=2, compass=1, schnapps=1), dict(tent=1, compass=2, schnapps=1),
               dict(tent=1, compass=1, rope=1)]
    cash_plan = [1, 0, None]  # Ann cashes her first card after Ascent 1, none after 2, all after 3
    documents = []
    picks_log: list = []
    passes_with_nothing = 0
    for number, counts in enumerate(reveals, 1):
        await sheet_started(ui, exp, counts)
        state = keeper.state(exp)
        held_at_start = state.hands[0]
        max_at_start = len(state.hands[1])
        while not state.table.complete or state.due:
            agree(ui, state)
            if state.due:
                before = len(picks_log)
                await tap_picks(ui, state, picks_log)
                passes_with_nothing += sum(1 for _, card in picks_log[before:] if card is None)
                after = keeper.state(exp)
                # The picks are recorded, and the last of them from the Lead Climber clockwise leads now.
                last = sorted(state.due, key=lambda s: (s - state.lead) % 2)[-1]
                assert after.due == () and after.lead == last
            else:
                rounds = state.table.round
                await tap_turn(ui, state, rng)
                after = keeper.state(exp)
                assert after.table.round == rounds + 1, ui.get("t12-status").value
            state = keeper.state(exp)
        agree(ui, state)
        ui.get("t12-sheet-done")
        # Cards still to cash count towards Ann's summit; Max cashes none (his last Ascent's sheet counts them).
        for index, holds in ((0, bool(state.hands[0])), (1, False)):
            said = ui.get(f"t12-sum-{index}-summit").value
            assert ("cards cashed count too" in said) is (holds and "reached" not in said), (index, said)
        # The independent score of this sheet: the Ascent as a command-line game file, Ann's picks written
        # as the card taken after the turn that earned it.
        turns = []
        for doc in keeper.get(exp).actions:
            if doc.get("type") == "reveal":
                turns = []
            elif doc.get("type") == "turn":
                turns.append({k: v for k, v in doc.items() if k not in ("type", "player")})
            elif doc.get("type") == "pick" and turns:
                for pick in doc["picks"]:
                    if pick["player"] == "Ann" and pick.get("card"):
                        turns[-1]["take"] = pick["card"]
        assert len(turns) == 19
        documents.append({"sheet": state.sheet.key, "solo": "max", "turns": turns,
                          "assists": [c.value for c in held_at_start], "max_assists": max_at_start})
        await ui.click("t12-expedition")
        assert ui.route == f"/play/expedition/{exp}"
        await ui.click("exp-score-open")
        held = state.hands[0]
        plan = cash_plan[number - 1]
        chosen = list(range(len(held))) if plan is None else list(range(min(plan, len(held))))
        for index in chosen:
            await ui.click(f"exp-cash-0-{index}")
        documents[-1]["cash"] = [held[i].value for i in chosen]
        await ui.click("exp-score-submit")
        state = keeper.state(exp)
        if state.phase is Phase.ENVELOPE:
            await ui.click("exp-envelope-open")
            state = keeper.state(exp)

    assert state.over
    results = state.results
    # Each Ascent's totals equal the command line's score of the same sheet, cards cashed included.
    # Max's cards come from the Expedition's picks (one per new zone of 1s or 2s while any is left and he
    # holds fewer than three), all cashed on the last Ascent.
    max_cards = sum(1 for name, card in picks_log if name == "Max" and card is not None)
    totals = []
    for result, document in zip(results, documents):
        scored = trek12_files.score_file(document)
        his = scored["max"]["total"] + (3 * max_cards if result.number == 3 else 0)
        assert result.points[1] == scored["max"]["total"] and result.totals == (scored["total"], his), result.number
        totals.append((scored["total"], his))
    # The stars, records and winner equal the Expedition file's answer for those totals.
    independent = expedition_files.score_file({"players": ["Ann", "Max"], "ascents": [
        {"sheet": r.sheet.key, "scores": {"Ann": a, "Max": m}} for r, (a, m) in zip(results, totals)]})
    for result, ascent in zip(results, independent["ascents"]):
        for seat, name in enumerate(("Ann", "Max")):
            assert result.stars[seat].total == ascent["stars"][name]["total"]
    assert [s.stars for s in standing(state)] == [independent["totals"][n]["stars"] for n in ("Ann", "Max")]
    # Cards were taken, used, passed on with nothing and cashed along the way.
    assert any(card is not None for _, card in picks_log)
    assert passes_with_nothing >= 1
    # Worked by hand from the totals of this seeded play (no summit reached, no record to beat):
    # Dunai 11 vs 31 and Kagkot -7 vs 21 give Max the race stars (1, then 2); Dhaulagiri 37 vs -5 (Max's
    # sheet -8 plus his one Compass cashed, +3) gives Ann the race's 3. Stars tied 3-3, so the higher sum
    # of totals wins: Ann 11 - 7 + 37 = 41, Max 31 + 21 - 5 = 47: Max.
    assert [r.totals for r in results] == [(11, 31), (-7, 21), (37, -5)]
    assert [(r.stars[0].total, r.stars[1].total) for r in results] == [(0, 1), (0, 2), (3, 0)]
    assert independent["winner"] == "Max" and independent["decided_by"] == "score"
    assert ui.get("exp-winner-names").value == "Max wins the Expedition"
    assert state.box, "cards used or cashed go back in the box"
    assert sheet_seats(state) == (0,)


async def test_undo_on_a_sheet_just_started_goes_back_to_the_expedition(open_ui, store):
    # Undo on the sheet takes back the Expedition's last step; on a sheet with no move yet that is starting
    # the sheet itself, and the screen failed ("no sheet of this Ascent is being played in the app").
    keeper = SessionKeeper(store)
    ui, exp = await solo_expedition(open_ui, store)
    await sheet_started(ui, exp, dict(rope=1, tent=2, compass=1, schnapps=1))
    assert ui.get("t12-undo").disabled is not True
    # Its name says the step it takes back, in the Expedition's entries' words (it said "Undo the last move",
    # with no move on the sheet).
    step = str(tr(keeper.entry_words(exp)))
    assert step and ui.get("t12-undo").tooltip == f"Undo: {step}"
    await ui.click("t12-undo")
    # Back on the Expedition's screen, the sheet not started, the step there to redo; nothing else lost.
    assert ui.route == f"/play/expedition/{exp}"
    assert keeper.state(exp).table is None and keeper.get(exp).can_redo
    ui.get("exp-sheet-start")
    await ui.click("exp-redo")
    assert keeper.state(exp).table is not None


async def test_a_sheet_set_aside_for_paper_is_scored_as_paper(open_ui, store):
    # After "Go on on paper instead" the scoring form still said Ann's sheet was on "this device", while her
    # points had to be typed from paper.
    keeper = SessionKeeper(store)
    ui, exp = await solo_expedition(open_ui, store)
    await sheet_started(ui, exp, dict(rope=1, tent=2, compass=1, schnapps=1))
    await ui.go(f"/play/expedition/{exp}")
    await ui.click("exp-sheet-drop")
    await ui.click("exp-drop-confirm")
    assert keeper.state(exp).table is None
    await ui.click("exp-score-open")
    assert ui.get("exp-score-0-where").value == "paper"
    assert ui.get("exp-score-1-where").value == "solo opponent"
