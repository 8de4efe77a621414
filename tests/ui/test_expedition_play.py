"""Trek 12 Expeditions on the phone: set off, three Ascents typed in from paper, the Assist cards (reveal,
picks in Lead Climber order, the limit of three, a card used, cards cashed), an envelope opened with a note,
undo and redo, the stars drawn as the engine gives them, the winner, History and the Hall of Fame."""

from __future__ import annotations

import re
from datetime import date

import flet as ft
import pytest

import companion.ui.expedition.screens  # noqa: F401 - registers the Expedition screens
from companion.games.expedition.rules import Phase, lead_order
from companion.sessions import SessionKeeper
from companion.store import hall_of_fame
from harness import spoken, walk

from companion.i18n import format_date
from companion.ui.expedition.parts import STAR_KINDS


def drawn_stars(ui, key: str) -> dict[str, int]:
    """The star icons drawn under `key`, counted by kind (by their colour)."""
    colours = {kind.colour: kind.field for kind in STAR_KINDS}
    counts = {kind.field: 0 for kind in STAR_KINDS}
    for control in walk(ui.get(key)):
        colour = getattr(control, "color", None)
        if getattr(control, "icon", None) is not None and colour in colours:
            counts[colours[colour]] += 1
    return counts


def engine_stars(stars) -> dict[str, int]:
    return {kind.field: getattr(stars, kind.field) for kind in STAR_KINDS}


async def set_off(ui, players, *, paper=(), cards="typed", solo=False, lead=None) -> str:
    """Start an Expedition from the new-game screen; the session id."""
    await ui.go("/games/expedition")
    for player in players:
        await ui.click(f"exp-new-seat-{player.id}")
    for player in paper:
        await ui.click(f"exp-new-paper-{player.id}")
    if solo:
        await ui.click("exp-new-solo")
    if lead is not None:
        await ui.click(f"exp-new-lead-{lead.id}")
    await ui.click(f"exp-new-cards-{cards}")
    await ui.click("exp-new-start")
    assert ui.route.startswith("/play/expedition/"), ui.text()
    return ui.route.rsplit("/", 1)[1]


async def on_paper(open_ui, store, *names: str, language: str | None = None):
    """Players of these names on paper, off on an Expedition, Ascent 1's cards revealed: (ui, players)."""
    players = [store.players.add(name) for name in names]
    if language is not None:
        store.settings.set("language", language)
    ui = await open_ui()
    await set_off(ui, players, paper=players)
    await reveal(ui, rope=2, tent=1, compass=1, schnapps=1)
    return ui, players


async def reveal(ui, **counts: int) -> None:
    for card, n in counts.items():
        for _ in range(n):
            await ui.click(f"exp-reveal-{card}-plus")
    await ui.click("exp-reveal")


async def pick(ui, *choices: tuple[int, str], give_back: dict[int, str] | None = None) -> None:
    await ui.click("exp-pick-open")
    for seat, card in choices:
        await ui.click(f"exp-pick-{seat}")
        await ui.click(f"exp-pick-{seat}-{card}")
    for seat, card in (give_back or {}).items():
        await ui.click(f"exp-give-{seat}-{card}")
    await ui.click("exp-pick-submit")


async def score(ui, points: dict[int, int | str], *, cash: dict[int, list[int]] | None = None,
                met: dict[int, list[int]] | None = None) -> None:
    await ui.click("exp-score-open")
    for seat, value in points.items():
        await ui.type(f"exp-score-{seat}-points", str(value), settle=False)
    for seat, indexes in (cash or {}).items():
        for index in indexes:
            await ui.click(f"exp-cash-{seat}-{index}")
    for seat, numbers in (met or {}).items():
        for number in numbers:
            await ui.click(f"exp-met-{seat}-{number}")
    await ui.click("exp-score-submit")


async def open_stars(ui) -> None:
    """Tap Stars on the bottom bar (the client sets the index, then reports the change)."""
    nav = ui.get("exp-nav")
    ui.session.apply_patch(nav._i, {"selected_index": 1})
    await ui.session.dispatch_event(nav._i, "change", "1")
    await ui.settle()


def pool_text(ui, card: str) -> str:
    return " ".join(c.value for c in walk(ui.get(f"exp-pool-{card}")) if isinstance(getattr(c, "value", None), str))


@pytest.mark.parametrize("language", ["en", "pl"])
async def test_where_each_sheet_is_played_shows_whole_names_on_a_phone(open_ui, store, language):
    # Beside its two choices a name had 84 px: "Bartholom…" with the line's room unused.
    from layout_check import layout_problems

    ann, bart = store.players.add("Ann"), store.players.add("Bartholomew Smith")
    store.settings.set("language", language)
    ui = await open_ui(route="/games/expedition")
    for player in (ann, bart):
        await ui.click(f"exp-new-seat-{player.id}")
    await ui.click(f"exp-new-paper-{bart.id}")
    # Every player has the same two choices: each is said with whose sheet it decides.
    said = {n.identifier: n.label for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier}
    assert said[f"exp-new-paper-{bart.id}"].startswith("Bartholomew Smith: ")
    assert said[f"exp-new-app-{ann.id}"] == {"en": "Ann: This device", "pl": "Ann: To urządzenie"}[language]
    assert "Bartholomew Smith" in [c.value for c in walk(ui.get(f"exp-new-where-{bart.id}")) if isinstance(c, ft.Text)]
    # The Lead Climber's choices are the same names as the seats above them: each says what it chooses.
    assert said[f"exp-new-lead-{ann.id}"] == {"en": "Ann as Lead Climber", "pl": "Ann z kartą Prowadzącego"}[language]
    assert layout_problems(ui.top, every_label=True) == []


def merged_above(ui, key: str):
    """The MergeSemantics right above the control `key`: the one node a screen reader hears for it."""
    control = ui.get(key)
    found = [c for c in walk(ui.top) if isinstance(c, ft.MergeSemantics) and c.content is control]
    assert found, f"{key} is not merged into one node"
    return found[0]


def standing_rows(ui) -> list[str]:
    """The standings card's player rows, top to bottom."""
    return [str(c.key) for c in walk(ui.get("exp-standing")) if re.fullmatch(r"exp-standing-\d+", str(c.key))]


async def test_two_players_on_paper_climb_three_ascents(open_ui, store):
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    # The booklet's Hall of Fame already holds Dunai 68: beating it is worth a star.
    hall_of_fame.add_record(store, "dunai", ["Dora"], 68, "2024-05-01")
    keeper = SessionKeeper(store)
    ui = await open_ui()
    exp = await set_off(ui, [ann, bob], paper=[ann, bob])
    assert "Ascent 1 starts: 5 Assist cards go into play" in ui.text()
    assert "3 for Ascent 1, plus one per player (2)." in ui.text()  # "3 + 2 players." said nothing of why

    await reveal(ui, rope=2, tent=1, compass=1, schnapps=1)
    assert "×2" in pool_text(ui, "rope")
    # Said as what the number is ("Rope, 2 in play"), not a bare ", 2".
    [pool] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "exp-pool-rope"]
    assert pool.label == "Rope, 2 in play", pool.label

    # Both pick in one round: Ann is Lead Climber, so she takes a Rope first and Bob the other one; the last
    # player involved, Bob, takes the Lead Climber card.
    await pick(ui, (1, "rope"), (0, "rope"))
    assert ui.find("exp-pool-rope") is None
    assert ui.get("exp-notice-text").value == "Ann took the Rope; Bob took the Rope. Bob is Lead Climber now."
    await pick(ui, (0, "tent"))
    await pick(ui, (0, "compass"))
    assert ui.get("exp-hand-0-count").value == "3 of 3"
    assert "Ann: 3 of 3; Lead" in spoken(ui.top)      # the name, its count and its tag said as one
    # A fourth card: the form asks for the card given back, then the engine puts it back into play.
    await ui.click("exp-pick-open")
    # Under each name, the cards held, counted as cards (a bare "holds 1" said nothing of what).
    assert "holds 3 cards · lead" in ui.text() and "holds 1 card\n" in ui.text()
    await ui.click("exp-pick-0")
    await ui.click("exp-pick-0-schnapps")
    await ui.click("exp-pick-submit")
    assert "Ann holds 3 cards: choose the one to put back into play." in ui.text()
    await ui.click("exp-give-0-rope")
    await ui.click("exp-pick-submit")
    # As the list of entries says it: the notice said "took a Schnapps and put a Rope back into play".
    assert "Ann took the Schnapps (gave back the Rope)" in ui.get("exp-notice-text").value
    await ui.click("ent-open")
    assert any("Ann took the Schnapps (gave back the Rope)" in t for t in ui.texts())
    await ui.click("ent-open")
    state = keeper.state(exp)
    assert [c.value for c in state.hands[0]] == ["compass", "tent", "schnapps"]
    assert "×1" in pool_text(ui, "rope")

    # Bob uses his Rope during the Ascent, after confirming.
    await ui.click("exp-hand-1-0")
    assert "Bob uses the Rope?" in ui.text()
    await ui.click("exp-use-confirm")
    assert keeper.state(exp).hands[1] == ()

    # Ascent 1 (Dunai 65+, stars 1/1/1, record 68): Ann 70 + a Compass cashed = 73, Bob 75; both met envelope 1.
    await score(ui, {0: 70, 1: 75}, cash={0: [0]}, met={0: [1], 1: [1]})
    state = keeper.state(exp)
    assert state.phase is Phase.ENVELOPE and state.envelopes[-1].opener == 1  # the higher total opens it
    assert ui.get("exp-envelope-title").value == "Envelope 1 opens"
    # Its note not yet saved, the Ascent's results do not call it opened ("opened by Bob (to open now)").
    assert "Envelope 1: Bob opens it now" in ui.text() and "opened by" not in ui.text()
    assert drawn_stars(ui, "exp-ascent-1-0-stars") == {"summit": 1, "race": 0, "record": 1}
    assert drawn_stars(ui, "exp-ascent-1-1-stars") == {"summit": 1, "race": 1, "record": 1}
    assert ui.get("exp-ascent-1-0-total").value == "73"
    # The stars stand under the name, not beside it: beside nine stars and the total a name had 45 px at 360.
    row = ui.get("exp-ascent-1-0")
    beside = [getattr(c, "content", None) for c in row.controls]
    assert all(getattr(c, "key", None) != "exp-ascent-1-0-stars" for c in beside)
    # The Ascent's day in the player's words, not as the file keeps it ("2026-12-04").
    assert ui.get("exp-ascent-1-date").value == format_date(date.today())
    # The cards cashed are said under the player's whole row, not squeezed beside the stars.
    assert ui.get("exp-ascent-1-0-cashed").value == "70 on the sheet + 3 for 1 Compass"
    await ui.type("exp-envelope-note", "Every climber draws one more card", settle=False)
    # The page is loaded again before the note is recorded: the note typed is still there.
    ui = await open_ui(route=f"/play/expedition/{exp}")
    assert ui.get("exp-envelope-note").value == "Every climber draws one more card"
    # Named by its label alone: a running count ("2,000 characters left") was what a screen reader named it by.
    assert ui.get("exp-envelope-note").counter == "" and ui.get("exp-envelope-note").label == "What the envelope held"
    await ui.click("exp-envelope-open")
    opened = hall_of_fame.envelopes(store)
    assert [(e.number, e.opener, e.note) for e in opened] == [(1, "Bob", "Every climber draws one more card")]
    assert store.table("drafts").get(exp) is None                # recorded: the note is no longer kept aside

    # Ascent 2 (Kagkot 70+, stars 3/2/1, no record yet): 2 + 2 cards; Ann 80 writes the first record.
    await reveal(ui, tent=2, schnapps=1, compass=1)
    # With no record there is nothing to beat: no record star is offered ("1 record · no record yet" was).
    assert ui.get("exp-climb-record").value == "no record yet, so no record star"
    assert ui.find("exp-climb-offer-record") is None and ui.find("exp-climb-offer-summit") is not None
    await score(ui, {0: 80, 1: 69})
    assert [line.entry.score for line in hall_of_fame.hall(store).column("kagkot").lines] == [80]
    # Undo takes the scoring and its record back; redo replays both. Each says the entry it acts on.
    said = ui.get("exp-undo").tooltip
    assert said.startswith("Undo: ") and "Ann 80" in said, said
    await ui.click("exp-undo")
    assert ui.get("exp-redo").tooltip == "Redo: " + said.removeprefix("Undo: ")
    assert keeper.state(exp).phase is Phase.CLIMB and keeper.state(exp).ascent == 2
    assert hall_of_fame.hall(store).column("kagkot").lines == ()
    assert "Undone: the scoring of the Ascent" in ui.text()
    await ui.click("exp-redo")
    assert keeper.state(exp).ascent == 3
    assert [line.entry.score for line in hall_of_fame.hall(store).column("kagkot").lines] == [80]

    # Ascent 3 (Dhaulagiri 75+, stars 5/3/1): Ann 74 misses the summit; Bob 76 takes summit and race.
    await reveal(ui, rope=1, compass=1, schnapps=1)
    await score(ui, {0: 74, 1: 76})
    state = keeper.state(exp)
    assert state.over
    # The stars drawn in total: Ann 2 + 5 + 0 = 7, Bob 3 + 0 + 8 = 11.
    assert ui.get("exp-standing-0-count").value == "7"
    assert ui.get("exp-standing-1-count").value == "11"
    assert drawn_stars(ui, "exp-standing-1-stars") == {"summit": 6, "race": 4, "record": 1}
    assert ui.get("exp-winner-names").value == "Bob wins the Expedition"
    # The Expedition over, the players are listed as they finished: Bob (11 stars) above Ann (7).
    assert standing_rows(ui) == ["exp-standing-1", "exp-standing-0"]
    # A screen reader hears each row once, as one node: the name, the tags, the stars in words and the points;
    # neither the name nor the count again beside the stars.
    assert spoken(merged_above(ui, "exp-standing-1")) == [
        "Bob", "paper", "winner", "11 stars (summit 6, race 4, record 1)", "220 pts"]

    await ui.click("exp-finish")
    record = store.history.get(exp)
    assert [(p["name"], p["score"], p["winner"]) for p in record["players"]] == [("Ann", 7, False), ("Bob", 11, True)]
    assert ui.get("exp-winner-names").value == "Bob wins the Expedition"  # the finished view, same address
    assert standing_rows(ui) == ["exp-standing-1", "exp-standing-0"]
    # Every Ascent's stars drawn are the engine's.
    for result in state.results:
        for seat in (0, 1):
            assert drawn_stars(ui, f"exp-ascent-{result.number}-{seat}-stars") == engine_stars(result.stars[seat])
    # So is each Ascent's line.
    assert spoken(merged_above(ui, "exp-ascent-3-0")) == ["Ann", "no stars", "74"]

    # The Hall of Fame: Dora's 68 struck out under Bob's 75; the new sheets' first records.
    await ui.click("exp-final-hall")
    assert ui.route == f"/play/expedition/{exp}/hall-of-fame"        # Back returns to the finished Expedition
    assert [ui.get(f"hall-dunai-{i}").data for i in (0, 1)] == ["struck", "record"]
    assert ui.get("hall-dunai-0-names").value == "Dora" and ui.get("hall-dunai-1-names").value == "Bob"
    # Each line's words are said once, by its label (and an Expedition's flag by its tooltip).
    assert spoken(ui.get("hall-dunai-1")) == [
        f"{format_date(date.today())}, Bob, 75, the standing record", "Written by an Expedition in the app"]
    assert ui.get("hall-dunai-record").value == "75"
    assert ui.get("hall-kagkot-record").value == "80"
    assert ui.get("hall-dhaulagiri-0-names").value == "Bob"
    assert ui.get("hall-envelope-1-0-note").value == "“Every climber draws one more card”"


async def test_sheet_points_that_are_not_a_whole_number_are_refused_as_typed(open_ui, store):
    # The field once dropped the ".", so "70.5" became 705 points without a word.
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    keeper = SessionKeeper(store)
    ui = await open_ui()
    exp = await set_off(ui, [ann, bob], paper=[ann, bob])
    await reveal(ui, rope=2, tent=1, compass=1, schnapps=1)
    await score(ui, {0: "70.5", 1: "-3"})
    assert ui.get("exp-score-0-points").value == "70.5"
    assert "Ann's sheet points must be a whole number, not “70.5”." in ui.text()
    assert keeper.state(exp).ascent == 1 and keeper.state(exp).phase is Phase.CLIMB
    await ui.type("exp-score-0-points", "1000", settle=False)
    await ui.click("exp-score-submit")
    assert "Ann's sheet points must be between −999 and 999, not 1000." in ui.text()
    await ui.type("exp-score-0-points", "70")
    # The refusal goes once the points are typed again: it no longer stands beside a field that answers it.
    assert ui.find("exp-score-problem") is None and ui.get("exp-score-0-points").value == "70"
    await ui.click("exp-score-submit")
    assert keeper.state(exp).ascent == 2                 # scored: no envelope met, so the next Ascent


async def test_a_solo_expedition_with_max_s_cards_chosen_by_the_player(open_ui, store):
    ann = store.players.add("Ann")
    hall_of_fame.add_record(store, "dhaulagiri", ["Cyrille"], 70, "2025-01-01")
    keeper = SessionKeeper(store)
    ui = await open_ui()
    exp = await set_off(ui, [ann], solo=True)
    # Solo: the 2-player setup, so 3 + 2 cards; Max sits after Ann.
    assert "Ascent 1 starts: 5 Assist cards go into play" in ui.text()
    await reveal(ui, rope=2, tent=2, compass=1)
    # Max's zone of 1s earned him a card: the player chooses it for him, and cannot deny him one ("you choose
    # it for him among those available"), where Ann may go without.
    await ui.click("exp-pick-open")
    await ui.click("exp-pick-1")
    await ui.click("exp-pick-0")
    assert ui.get("exp-pick-1-none").disabled and not ui.get("exp-pick-0-none").disabled
    assert ui.get("exp-pick-1-must").value.startswith("Cards are in play: choose one for Max")
    assert ui.find("exp-pick-0-must") is None
    # Recorded with nothing chosen for him: the form does not offer him "no card" either.
    await ui.click("exp-pick-0")
    await ui.click("exp-pick-submit")
    assert "Choose the card Max takes." in ui.text() and "(or no card)" not in ui.text()
    await ui.click("exp-pick-cancel")
    await pick(ui, (1, "tent"))
    await pick(ui, (1, "tent"), (0, "rope"))
    await pick(ui, (1, "rope"))
    assert [c.value for c in keeper.state(exp).hands[1]] == ["rope", "tent", "tent"]
    await ui.click("exp-pick-open")
    await ui.click("exp-pick-1")
    assert "holds 3: none is taken for him" in ui.text()
    assert ui.get("exp-pick-1-rope").disabled and ui.get("exp-pick-1-tent").disabled  # "don't take a 4th"
    # Still in the round: he takes the Lead Climber card as the last one. "No card" needs no tap: the form
    # already says none is taken for him (it was refused with "Choose the card Max takes").
    await ui.click("exp-pick-submit")
    assert ui.find("exp-pick-problem") is None
    state = keeper.state(exp)
    assert state.lead == 1 and len(state.hands[1]) == 3
    # Max never uses his cards: his chips are not buttons.
    assert ui.get("exp-hand-1-0").on_click is None

    # Max's sheet on paper is scored by his Special Bonus: the form says so beside his points.
    await ui.click("exp-score-open")
    assert ui.get("exp-score-1-max-orphans").value == (
        "Max's sheet: +3 for each orphan circle, not −3 (his Special Bonus)")
    assert ui.find("exp-score-0-max-orphans") is None
    await ui.click("exp-score-cancel")
    await score(ui, {0: 66, 1: 60})
    # Between Ascents (days apart) what each carries into the next one is on the screen before any card is drawn.
    assert ui.get("exp-reveal-held").value == "Cards held: Ann (1 Rope); Max (1 Rope, 2 Tents)."
    # Ascent 2 reveals 2 + 2: the cards go into play only when 4 are tapped in, and no fifth can be
    # ("6 of 5" could be tapped in, and the rules refused it only after the tap).
    for _ in range(3):
        await ui.click("exp-reveal-schnapps-plus")
    assert ui.get("exp-reveal-total").value == "3 of 4 tapped in" and ui.get("exp-reveal").disabled
    await ui.click("exp-reveal-rope-plus")
    assert ui.get("exp-reveal-total").value == "4 of 4 tapped in" and not ui.get("exp-reveal").disabled
    assert ui.get("exp-reveal-schnapps-plus").disabled and ui.get("exp-reveal-tent-plus").disabled
    await ui.click("exp-reveal-rope-minus")
    await reveal(ui, schnapps=1)
    await score(ui, {0: 72, 1: 71})
    await reveal(ui, compass=3)
    await ui.click("exp-score-open")
    assert ui.get("exp-score-1-max-cash").value == "Max cashes his 3 cards on this last Ascent: +9"
    # The player's cards: a card left untapped on the last Ascent scores nothing, and the form says so.
    assert keeper.state(exp).hands[0]
    assert ui.get("exp-cash-0-hint").value == ("Last Ascent: cash your cards for +3 each, as a card kept scores "
                                               "nothing after it")
    # Under his name, what he is: not "Max" again.
    assert ui.get("exp-score-1-where").value == "solo opponent"
    await ui.click("exp-score-cancel")
    await score(ui, {0: 74, 1: 80})
    state = keeper.state(exp)
    last = state.results[-1]
    assert last.totals == (74, 89)  # Max: 80 + 3 x 3 cards
    assert state.hands[1] == ()
    # Max beat the record of 70: a record star, and his name in the Hall of Fame.
    assert last.stars[1].record == 1
    lines = hall_of_fame.hall(store).column("dhaulagiri").lines
    assert [line.entry.names for line in lines] == [("Cyrille",), ("Max",)]
    # Max: Dunai 60 nothing, Kagkot 71 summit 3, Dhaulagiri 89 summit 5 + race 3 + record 1 = 12 stars;
    # Ann: Dunai 66 summit 1 + race 1, Kagkot 72 summit 3 + race 2, Dhaulagiri 74 record 1 (> 70) = 8.
    assert drawn_stars(ui, "exp-standing-1-stars") == {"summit": 8, "race": 3, "record": 1}
    assert drawn_stars(ui, "exp-standing-0-stars") == {"summit": 4, "race": 3, "record": 1}
    assert [ui.get(f"exp-standing-{seat}-count").value for seat in (0, 1)] == ["8", "12"]
    assert ui.get("exp-winner-names").value == "Max wins the Expedition"


async def test_a_sheet_played_in_the_app_fills_in_the_score(open_ui, store):
    import random

    from companion.games.expedition.challenges import challenges_met
    from companion.games.expedition.rules import sheet_seats
    from companion.games.expedition.scoring import sheet_points
    from companion.games.trek12 import session as trek12
    from companion.games.trek12.rules import ROLLS, legal_actions

    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    keeper = SessionKeeper(store)
    ui = await open_ui()
    exp = await set_off(ui, [ann, bob], paper=[bob])
    await reveal(ui, rope=2, tent=1, compass=1, schnapps=1)
    await pick(ui, (0, "rope"))
    await ui.click("exp-sheet-start")
    # The sheet lives inside the Expedition: Ann alone on this device, on Dunai, holding her Rope.
    assert ui.route == f"/play/expedition/{exp}/sheet"
    state = keeper.state(exp)
    assert state.table.sheet.key == "dunai" and sheet_seats(state) == (0,)
    assert [c.value for c in state.table.states[0].assists] == ["rope"]
    ui.get("t12-title")

    await ui.go(f"/play/expedition/{exp}")
    assert ui.get("exp-sheet-open").content == "Continue the sheet in the app"
    # The greyed scoring button says why.
    assert ui.get("exp-score-open").disabled
    assert ui.get("exp-score-when").value == "Scored once the sheet in the app is full: round 1 of 19."
    rng = random.Random(15)  # a sheet whose zone of 5 meets envelope 1's challenge
    while not state.table.complete:
        if state.due:
            keeper.act(exp, {"type": "pick", "picks": [{"player": "Ann", "card": None}]})
        else:
            turns = [a for a in legal_actions(state.table.states[0], rng.choice(ROLLS))
                     if not a.assists and a.take is None and a.rope is None]
            keeper.act(exp, {"type": "turn", "player": "Ann", **turns[0].to_dict()})
        state = keeper.state(exp)
    if state.due:
        keeper.act(exp, {"type": "pick", "picks": [{"player": "Ann", "card": None}]})
        state = keeper.state(exp)
    breakdown = trek12.breakdowns(state.table)[0][1]
    # The full sheet does not call the summit missed: Ann's cards, cashed on the Expedition, count too.
    await ui.go(f"/play/expedition/{exp}/sheet")
    short = 65 - breakdown.total
    assert short > 0 and ui.get("t12-sum-0-summit").value == (
        f"Summit 65+: {short} points short on the sheet; cards cashed count too")

    await ui.go("/")
    await ui.go(f"/play/expedition/{exp}")
    ui.get("exp-sheet-done")
    assert ui.find("exp-score-when") is None
    assert ui.find("exp-sheet-cards-0") is None  # the sheet and the Expedition hold the same cards
    await ui.click("exp-score-open")
    # Ann's sheet points (held cards count nothing there), and her challenges ticked from the sheet.
    assert breakdown.assists == 0
    assert ui.get("exp-score-0-points").value == str(sheet_points(breakdown)).replace("-", "\u2212")
    assert "from the app's sheet" in ui.get("exp-score-0-where").value
    assert challenges_met(breakdown) == (1,)
    assert ui.get("exp-met-0-1").bgcolor == ft.Colors.PRIMARY_CONTAINER  # ticked
    # Each toggle says whose sheet it is and the challenge whole: every player has the same short "1 · …".
    [met] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "exp-met-0-1"]
    assert met.label.startswith("Ann: 1 · a "), met.label
    assert ui.get("exp-met-0-2").bgcolor != ft.Colors.PRIMARY_CONTAINER
    # The sheet decides both: they are shown, not open to a change the rules would refuse at the scoring.
    assert ui.get("exp-score-0-points").read_only and not ui.get("exp-score-1-points").read_only
    assert ui.get("exp-met-0-2").disabled and not ui.get("exp-met-1-2").disabled
    await ui.type("exp-score-1-points", "60", settle=False)
    await ui.click("exp-cash-0-0")
    await ui.click("exp-score-submit")
    result = keeper.state(exp).results[0]
    assert result.points[0] == breakdown.total
    assert result.totals[0] == breakdown.total + 3  # the Rope cashed at the scoring
    assert result.met[0] == challenges_met(breakdown)


async def test_a_card_picked_earlier_in_the_round_is_not_offered_again(open_ui, store):
    # One Rope in play: once Ann (Lead Climber, picking first) takes it, Bob's Rope showed ×1 and was refused.
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui()
    await set_off(ui, [ann, bob], paper=[ann, bob])
    await reveal(ui, rope=1, tent=2, compass=1, schnapps=1)
    await ui.click("exp-pick-open")
    await ui.click("exp-pick-1")
    assert "×1" in chip_text(ui, "exp-pick-1-rope") and not ui.get("exp-pick-1-rope").disabled
    await ui.click("exp-pick-0")
    await ui.click("exp-pick-0-rope")
    assert "×0" in chip_text(ui, "exp-pick-1-rope") and ui.get("exp-pick-1-rope").disabled
    assert "×1" in chip_text(ui, "exp-pick-0-rope")             # Ann's own choice still shows what she had
    await ui.click("exp-pick-0-tent")
    assert "×1" in chip_text(ui, "exp-pick-1-tent") and not ui.get("exp-pick-1-rope").disabled
    # Each player's "No card" says whose it is, as the cards beside it do ("Bob takes Rope, ...").
    said = {n.identifier: n.label for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier}
    assert (said["exp-pick-0-none"], said["exp-pick-1-none"]) == ("Ann takes no card", "Bob takes no card")


def chip_text(ui, key: str) -> str:
    return " ".join(c.value for c in walk(ui.get(key)) if isinstance(getattr(c, "value", None), str))


async def test_a_notice_goes_once_the_sheet_changes_the_expedition(open_ui, store):
    # "Revealed for Ascent 1: ..." stayed up after the sheet's round and its picks had changed what is in play.
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui()
    exp = await set_off(ui, [ann, bob], paper=[bob])
    await reveal(ui, rope=2, tent=1, compass=1, schnapps=1)
    assert ui.get("exp-notice-text").value.startswith("Revealed for Ascent 1:")
    await ui.click("exp-sheet-start")
    assert ui.route == f"/play/expedition/{exp}/sheet"
    for circle in (8, 9):                                # two 2s side by side: a new zone, a pick after the round
        await ui.click("t12-red-2")
        await ui.click("t12-yellow-0")
        await ui.click("t12-op-higher")
        await ui.click(f"t12-circle-{circle}")
    await ui.click("exp-pick-0-rope")                   # Ann made the zone: she is in the picks already
    await ui.click("exp-pick-submit")
    assert [c.value for c in SessionKeeper(store).state(exp).hands[0]] == ["rope"]
    await ui.back()
    assert ui.route == f"/play/expedition/{exp}"
    assert ui.find("exp-notice-text") is None


async def test_the_deck_make_up_is_edited_where_an_expedition_is_set_up(open_ui, store):
    from companion.games.expedition.data import DECK_SETTING

    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    keeper = SessionKeeper(store)
    ui = await open_ui(route="/games/expedition")
    await ui.click("exp-deck-edit")
    for _ in range(4):
        await ui.click("exp-deck-compass-minus")
    assert ui.get("exp-deck-total").value == "12 of 16 cards: 4 short"
    assert ui.get("exp-deck-save").disabled
    for _ in range(4):
        await ui.click("exp-deck-rope-plus")
    await ui.click("exp-deck-save")
    assert store.settings.get(DECK_SETTING) == {"compass": 0, "rope": 8, "tent": 4, "schnapps": 4}
    assert "0 Compass" not in ui.get("exp-deck-summary").value
    exp = await set_off(ui, [ann, bob], cards="drawn")
    await ui.click("exp-reveal")
    state = keeper.state(exp)
    assert len(state.pool) == 5 and all(card.value != "compass" for card in state.pool)
    assert ui.get("exp-notice-text").value.startswith("Revealed for Ascent 1: ")


async def test_back_from_the_hall_of_fame_returns_to_the_screen_it_was_opened_from(open_ui, store):
    # It went home: a new Expedition's choices were lost, and a running one had to be found again.
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui(route="/games/expedition")
    await ui.click(f"exp-new-seat-{ann.id}")
    await ui.click(f"exp-new-seat-{bob.id}")
    for button in ("exp-new-hall", "exp-new-hall-open"):
        await ui.click(button)
        assert ui.view_routes == ["/", "/games/expedition", "/games/expedition/hall-of-fame"]
        ui.get("hall-dunai-empty")
        await ui.back()
        assert ui.route == "/games/expedition"
        assert ui.get("exp-new-start").disabled is False              # Ann and Bob are still chosen
    await ui.click("exp-new-start")
    exp = ui.route.rsplit("/", 1)[1]
    await ui.click("exp-hall")
    assert ui.view_routes == ["/", f"/play/expedition/{exp}", f"/play/expedition/{exp}/hall-of-fame"]
    await ui.back()
    assert ui.route == f"/play/expedition/{exp}"
    ui.get("exp-hall")
    # Opened by itself (a link, a reload), the Hall of Fame is still one level above home.
    await ui.go("/hall-of-fame")
    assert ui.view_routes == ["/", "/hall-of-fame"]


async def test_each_players_total_follows_the_points_as_they_are_typed(open_ui, store):
    # The "= total" was worked out when the form was drawn: typing 76 left "= 78" from an earlier text, or
    # nothing, until some other tap redrew the form; players check it against the paper before scoring.
    ui, _ = await on_paper(open_ui, store, "Ann", "Bob")
    await pick(ui, (0, "rope"))
    await ui.click("exp-score-open")
    assert ui.get("exp-score-0-total").value == ""
    await ui.type("exp-score-0-points", "75")
    assert ui.get("exp-score-0-total").value == "= 75"
    await ui.type("exp-score-0-points", "76")
    assert ui.get("exp-score-0-total").value == "= 76"
    await ui.type("exp-score-1-points", "-4")
    assert ui.get("exp-score-1-total").value == "= −4"
    assert "Total: −4" in spoken(ui.top)        # said as what it is, not a bare "= −4"
    await ui.type("exp-score-1-points", "")
    assert ui.get("exp-score-1-total").value == ""
    assert ui.get("exp-score-0-points").value == "76"
    # A card cashed adds its +3 to what was typed; typing again goes on from there.
    await ui.click("exp-cash-0-0")
    assert ui.get("exp-score-0-total").value == "= 79"
    await ui.type("exp-score-0-points", "77")
    assert ui.get("exp-score-0-total").value == "= 80"


async def test_who_opens_the_envelope_is_said_whole_on_a_phone(open_ui, store):
    # "Christopher Featherstonehaugh opens it" ran past the panel's edge, its last word lost.
    from layout_check import layout_problems

    ui, _ = await on_paper(open_ui, store, "Ann", "Christopher Featherstonehaugh")
    await score(ui, {0: 70, 1: 75}, met={0: [1], 1: [1]})
    ui.get("exp-envelope-title")
    assert [p for p in layout_problems(ui.top, every_label=True) if "opens it" in p] == []


@pytest.mark.parametrize("language, words", [
    ("en", ["1 · zone of 5 circles", "2 · 3×7s", "3 · line of 9 circles", "4 · zone of 7 circles", "5 · 2×11s",
            "6 · line of 13 circles"]),
    ("pl", ["1 · obszar z 5 pól", "2 · 3×7", "3 · szereg z 9 pól", "4 · obszar z 7 pól", "5 · 2×11",
            "6 · szereg z 13 pól"]),
])
async def test_the_challenges_to_tick_say_how_many_circles(open_ui, store, language, words):
    # "zone of 5" beside "3×7s" read as a zone of 5s; the challenge is a zone of exactly 5 circles.
    ui, _ = await on_paper(open_ui, store, "Ann", "Bob", language=language)
    await ui.click("exp-score-open")
    shown = [" ".join(t.value for t in walk(ui.get(f"exp-met-0-{n}")) if isinstance(t, ft.Text)) for n in range(1, 7)]
    assert shown == words


async def test_the_round_s_picks_are_said_with_french_punctuation(open_ui, store):
    # "Amélie a pris une Boussole; Benoît a pris une Corde": the picks were joined with an English "; ".
    ui, _players = await on_paper(open_ui, store, "Amélie", "Benoît", language="fr")
    await pick(ui, (0, "compass"), (1, "rope"))
    text = ui.get("exp-notice-text").value
    assert "\xa0; " in text and "; " not in text.replace("\xa0; ", ""), text


async def test_points_no_sheet_can_score_are_refused_and_very_high_ones_asked_about(open_ui, store):
    # 999 and -100 went straight into the Hall of Fame: -100 cannot be (Dunai's 19 circles all skulls lose 57),
    # and 999 is far more often a slip than a score.
    keeper = SessionKeeper(store)
    ui, _players = await on_paper(open_ui, store, "Ann", "Bob")
    exp = ui.route.rsplit("/", 1)[1]
    await score(ui, {0: "70", 1: "-100"})
    # Negative points with the sheet's own minus sign, as its penalties and totals are written.
    assert ("Bob's sheet points cannot be −100: a sheet of 19 circles scores at least −57, every circle a skull."
            in ui.text())
    assert ui.get("exp-score-1-total").value == "= −100"
    await ui.type("exp-score-1-points", "-57", settle=False)
    await ui.type("exp-score-0-points", "999", settle=False)
    await ui.click("exp-score-submit")
    [dialog] = ui.dialogs()
    assert dialog.semantics_label == "Keep these points?"
    assert "Ann: more than twice the Summit of 65." in ui.text()
    await ui.click("exp-high-cancel")                    # a slip: changed before anything is scored
    assert keeper.state(exp).ascent == 1 and ui.dialogs() == []
    await ui.type("exp-score-0-points", "131", settle=False)
    await ui.click("exp-score-submit")
    await ui.click("exp-high-confirm")                   # a great game after all: kept as typed
    assert keeper.state(exp).ascent == 2
    assert keeper.state(exp).results[0].points == (131, -57)


async def test_a_refused_pick_is_taken_away_once_the_picks_change(open_ui, store):
    # "The picks were not recorded … tap each player" stayed on screen after the players were tapped.
    ui, _players = await on_paper(open_ui, store, "Ann", "Bob")
    await ui.click("exp-pick-open")
    await ui.click("exp-pick-submit")                     # nobody chosen: refused
    ui.get("exp-pick-problem")
    await ui.click("exp-pick-0")
    assert ui.find("exp-pick-problem") is None


async def test_enter_in_the_last_points_field_scores_the_ascent(open_ui, store):
    ui, _ = await on_paper(open_ui, store, "Ann", "Bob")
    keeper = SessionKeeper(store)
    exp = ui.route.rsplit("/", 1)[1]
    await ui.click("exp-score-open")
    first, last = lead_order(keeper.state(exp))
    await ui.type(f"exp-score-{first}-points", "70")
    await ui.submit(f"exp-score-{first}-points")          # the next field is still to fill: nothing scored
    assert keeper.state(exp).ascent == 1
    await ui.type(f"exp-score-{last}-points", "64")
    await ui.submit(f"exp-score-{last}-points")           # Enter, or a phone keyboard's Done, scores it
    assert keeper.state(exp).ascent == 2


async def test_a_scoring_half_entered_is_found_again_after_a_reload(open_ui, store):
    from companion.ui.common.drafts import DRAFTS_TABLE

    ui, _ = await on_paper(open_ui, store, "Ann", "Bob")
    exp = ui.route.rsplit("/", 1)[1]
    await pick(ui, (0, "compass"))
    await ui.click("exp-score-open")
    await ui.type("exp-score-0-points", "70")
    await ui.click("exp-cash-0-0")
    await ui.click("exp-met-1-1")
    await ui.close()
    # The page is loaded again (or the phone closed it meanwhile): the form is open as it was left.
    ui = await open_ui(route=f"/play/expedition/{exp}")
    assert ui.get("exp-score-0-points").value == "70"
    assert ui.get("exp-score-1-points").value == ""
    assert ui.get("exp-score-0-total").value == "= 73"         # the Compass cashed, +3
    await ui.type("exp-score-1-points", "64")
    await ui.click("exp-score-submit")
    result = SessionKeeper(store).state(exp).results[-1]
    assert (result.points, result.totals, result.met) == ((70, 64), (73, 64), ((), (1,)))
    # Scored: nothing is kept any more, and the next scoring form starts empty.
    assert store.table(DRAFTS_TABLE).all() == []


async def test_a_scoring_form_cancelled_or_left_behind_is_not_brought_back(open_ui, store):
    from companion.ui.common.drafts import DRAFTS_TABLE

    ui, _ = await on_paper(open_ui, store, "Ann", "Bob")
    exp = ui.route.rsplit("/", 1)[1]
    await ui.click("exp-score-open")
    await ui.type("exp-score-0-points", "70")
    await ui.click("exp-score-cancel")
    assert store.table(DRAFTS_TABLE).all() == []
    await ui.close()
    ui = await open_ui(route=f"/play/expedition/{exp}")
    assert ui.find("exp-score-0-points") is None
    # Kept, then another device recorded a pick meanwhile: the form was begun before it, and is not reopened.
    await ui.click("exp-score-open")
    await ui.type("exp-score-0-points", "70")
    await ui.close()
    SessionKeeper(store).act(exp, {"type": "pick", "picks": [{"player": "Ann", "card": "rope"}]})
    ui = await open_ui(route=f"/play/expedition/{exp}")
    assert ui.find("exp-score-0-points") is None


def test_a_kept_scoring_form_that_does_not_fit_the_table_brings_back_only_what_does():
    from companion.ui.expedition.forms import ScoreDraft

    draft = ScoreDraft(cash={0: (0, 2)}, met={1: (1,)}, from_sheet=(1,))
    assert ScoreDraft.from_doc(draft.to_doc({0: "70", 1: ""}), 2) == (draft, {0: "70"})
    doc = {"points": {"0": "7a", "1": "−3", "5": "60", "x": "1"}, "cash": {"0": [1, "2", True, -1], "1": 3},
           "met": [1], "from_sheet": [0, 4]}
    assert ScoreDraft.from_doc(doc, 2) == (ScoreDraft(cash={0: (1,)}, from_sheet=(0,)), {1: "−3"})
    assert ScoreDraft.from_doc(["70"], 2) == (ScoreDraft(), {})
    assert ScoreDraft.from_doc({"points": {"²": "70", "1": "5"}}, 2) == (ScoreDraft(), {1: "5"})  # a digit, not 0-9


async def test_a_scored_ascent_says_its_record_and_negative_totals_as_the_sheet_does(open_ui, store):
    # "No record yet: the best total writes the first one" stood above "New record 60 by Bob", said after the
    # fact; and a sheet's −4 was written "-4".
    ui, _ = await on_paper(open_ui, store, "Ann", "Bob")
    await score(ui, {0: -4, 1: 60})
    assert ui.get("exp-ascent-1-0-total").value == "−4"
    assert "No record before this Ascent" in ui.text()
    said = " ".join(c.value for c in walk(ui.get("exp-ascent-1-record")) if isinstance(c, ft.Text))
    assert "New record 60 by Bob" in said, said


def test_a_pill_with_a_long_line_under_its_name_keeps_it_inside():
    # "nouvelle zone sur la fiche · 0 en main · 1er de cordée" ran through the pick pill's right edge.
    from layout_check import layout_problems

    from companion.ui.common.widgets import toggle_pill

    sub = "nouvelle zone sur la fiche · 0 en main · 1er de cordée"
    # In the pick panel, inside the screen's and the panel's paddings, a phone leaves the pill about 330 px.
    view = ft.View(route="/", controls=[ft.Column([toggle_pill("exp-pick-1", "Bruno", True, None, colour="#1d70b8",
                                                               sub=sub)])])
    assert layout_problems(view, width=330, every_label=True) == []
    assert sub in [c.value for c in walk(view) if isinstance(c, ft.Text)]


async def test_the_next_ascent_starts_at_the_top_of_the_screen(open_ui, store):
    # Scored from the button at the foot of the form, the next Ascent's card ("Ascent 2 starts ...") began where
    # that button was, its first lines above the fold.
    from flet.messaging.protocol import MessageAction

    def to_top() -> int:
        return sum(1 for m in ui.client.sent if m.action == MessageAction.INVOKE_METHOD
                   and m.body.name == "scroll_to" and m.body.args.get("offset") == 0)

    ui, _players = await on_paper(open_ui, store, "Ann", "Bob")
    before = to_top()
    await score(ui, {0: 70, 1: 75})
    assert "Ascent 2 starts" in ui.text()
    assert to_top() > before


async def test_a_player_named_max_cannot_set_off_against_max(open_ui, store):
    """A solo Expedition's other climber is Max: a player of that name (in any case) is asked to rename first."""
    player = store.players.add("MAX")
    ui = await open_ui(route="/games/expedition")
    await ui.click(f"exp-new-seat-{player.id}")
    await ui.click("exp-new-solo")
    await ui.click("exp-new-start")
    assert "In a solo Expedition the name Max is taken by Max; rename the player first." in ui.text()
    assert ui.route == "/games/expedition" and SessionKeeper(store).in_progress() == []


async def test_deck_counts_tapped_faster_than_the_screen_is_redrawn_all_count(open_ui, store):
    # Each tap changed the counts as last drawn: two quick taps on − took one card off, not two.
    store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui(route="/games/expedition")
    await ui.click("exp-deck-edit")
    minus = ui.get("exp-deck-compass-minus")
    await ui._event(minus, "click", settle=False)
    await ui._event(minus, "click")
    assert ui.get("exp-deck-total").value == "14 of 16 cards: 2 short"


async def test_a_deck_count_tapped_just_before_save_is_saved_with_the_rest(open_ui, store):
    # Save took the counts drawn: the last − or +, not yet drawn, was dropped, and a deck short of 16 saved.
    from companion.games.expedition.data import DECK_SETTING

    store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui(route="/games/expedition")
    await ui.click("exp-deck-edit")
    await ui.click("exp-deck-compass-minus")
    await ui.click("exp-deck-rope-plus")                 # 16 again: Save is offered
    minus, save = ui.get("exp-deck-compass-minus"), ui.get("exp-deck-save")
    await ui._event(minus, "click", settle=False)        # 15 ...
    await ui._event(save, "click")                       # ... saved at once: refused, as 15 is no deck
    assert store.settings.get(DECK_SETTING) is None
    assert "16" in ui.get("exp-deck-problem").value


def test_points_put_in_the_form_write_a_negative_score_as_the_results_do():
    # A correction asking for an Ascent's scores again put "-14" in the field, where the sheet and the results
    # write "−14".
    from companion.games.expedition import session
    from companion.ui.expedition.forms import parse_points, score_asked_again

    state = session.start({"players": ["Ann", "Bob"]})
    _draft, typed = score_asked_again({"type": "score", "scores": {"Ann": -14, "Bob": 70}}, state)
    assert typed == {0: "\u221214", 1: "70"}
    assert [parse_points(text) for text in typed.values()] == [-14, 70]


async def test_the_ascents_order_and_the_stars_on_offer_are_said_in_french(open_ui, store):
    # "du plus bas sommet au plus haut" read as the mountains' height; the rulebook orders the Ascents by their
    # Summit score. The stars on offer were "3 de sommet", and a screen reader heard no star at all.
    ann = store.players.add("Ann")
    store.settings.set("language", "fr")
    ui = await open_ui()
    await ui.go("/games/expedition")
    assert ui.get("exp-new-intro").value.startswith(
        "Trois Ascensions, de la plus facile à la plus difficile\xa0: Dunai (65+), Kagkot (70+), Dhaulagiri (75+).")
    # An option is said as two sentences: "Titre : Une phrase" put a capital after a colon.
    options = [n.label for n in walk(ui.top) if isinstance(n, ft.Semantics)
               and str(n.identifier).startswith("exp-new-cards-")]
    assert len(options) == 3 and all(re.fullmatch(r"[^:]+\. [A-Z].*", label) for label in options), options
    await set_off(ui, [ann, store.players.add("Bob")])
    await reveal(ui, rope=2, tent=1, compass=1, schnapps=1)
    said = spoken(ui.top)
    assert "1 étoile pour le sommet" in said and "1 étoile pour la course" in said, said
    assert " ".join(t.value for t in walk(ui.get("exp-climb-offer-summit")) if isinstance(t, ft.Text)) == "1 au sommet"



async def test_a_card_to_cash_looks_chosen_only_once_tapped(open_ui, store):
    # Every card to cash was drawn filled in its colour: one not tapped looked cashed already beside one that
    # was, a small tick the only difference.
    from companion.ui.expedition.parts import CARD_LOOKS
    from companion.games.trek12.rules import Assist

    ui, _ = await on_paper(open_ui, store, "Ann", "Bob")
    await pick(ui, (0, "rope"))
    await ui.click("exp-score-open")
    colour = CARD_LOOKS[Assist.ROPE].colour

    def chip():
        [node] = [n for n in walk(ui.top) if getattr(n, "key", None) == "exp-cash-0-0" and isinstance(n, ft.Container)]
        return node

    assert chip().bgcolor != colour
    await ui.click("exp-cash-0-0")
    assert chip().bgcolor == colour
    await ui.click("exp-cash-0-0")
    assert chip().bgcolor != colour
