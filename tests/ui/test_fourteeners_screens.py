"""The 14ers screens in-process: setting up a game, describing cards as they are revealed, the gain check,
gaining with a side, undo and redo, resuming after the store is reopened, and the end score."""

from __future__ import annotations

import json
import random
import re

import pytest
import flet as ft
from harness import UiApp, spoken, walk

import companion.ui.fourteeners.screens  # noqa: F401  (registers the 14ers screens)
from companion.games.fourteeners import rules, scoring
from companion.games.fourteeners.catalog import import_catalog
from companion.games.fourteeners.abilities import Counted, PointsLine, describe_ability
from companion.games.fourteeners.data import Side
from companion.games.fourteeners.rules import Phase
from companion.sessions import SessionKeeper
from companion.store import open_store
from companion.ui.fourteeners.catalog import load_catalog, save_catalog
from companion.ui.fourteeners.forms import side_label
from companion.ui.fourteeners.parts import points_words, slug
from companion.ui.shell.app import build_main
from test_fourteeners_fixtures import synthetic_catalog_doc


def _keeper(store) -> SessionKeeper:
    return SessionKeeper(store)


def _start(store, catalog_doc=None, **setup) -> tuple[str, list]:
    ann, bo = store.players.add("Ann"), store.players.add("Bo")
    doc = {"players": [{"name": "Ann", "id": ann.id}, {"name": "Bo", "id": bo.id}],
           "accolade": {"category": {"most": {"side": "gear"}}}, **setup}
    if catalog_doc is not None:
        doc["catalog"] = catalog_doc
    session = _keeper(store).start("fourteeners", doc, [ann.id, bo.id], "Ann, Bo")
    return session.id, [ann, bo]


async def _describe_reveal(ui, name: str, endurance: int = 0, technique: int = 0, *, hazard: bool = False,
                           icons: tuple[str, ...] = ()) -> None:
    """Reveal a card the catalog does not know by describing its corner on the spot (the form is open)."""
    await ui.type("ftr-name", name)
    for _ in range(endurance):
        await ui.click("ftr-endurance-plus")
    for _ in range(technique):
        await ui.click("ftr-technique-plus")
    if hazard:
        await ui.click("ftr-hazard")
    for icon in icons:
        await ui.click(f"ftr-icon-{icon}")
    await ui.click("ftr-reveal")


async def test_set_up_a_two_player_game(open_ui, store):
    save_catalog(store, import_catalog(synthetic_catalog_doc()))
    ann, bo, cy = store.players.add("Ann"), store.players.add("Bo"), store.players.add("Cy")
    ui = await open_ui()
    await ui.click("home-game-fourteeners")
    assert ui.route == "/games/fourteeners"
    await ui.click(f"ft-add-{bo.id}")
    await ui.click(f"ft-add-{ann.id}")
    await ui.click("ft-seat-1-up")                       # Ann first after all
    assert [ui.get(f"ft-seat-{i}-hiker").value for i in (0, 1)] == ["A", "C"]
    await ui.click("ft-seat-1-advanced")                 # Bo plays the Advanced side of C/D
    assert ui.get("ft-seat-1-hiker").value == "D"
    # Each seat's sides are said with whose Hiker they set: every seat's pair read "Basic · A", "Advanced · B".
    said = {n.identifier: spoken(n) for n in walk(ui.top) if isinstance(n, ft.Semantics)
            and str(n.identifier or "").startswith("ft-seat-") and n.identifier.endswith(("-basic", "-advanced"))}
    assert said == {"ft-seat-0-basic": ["Ann: Basic · A"], "ft-seat-0-advanced": ["Ann: Advanced · B"],
                    "ft-seat-1-basic": ["Bo: Basic · C"], "ft-seat-1-advanced": ["Bo: Advanced · D"]}
    # The rulebook's table for two players: 5/6/6/4 Climbs.
    assert [ui.get(f"ft-setup-deck-{k}").value for k in (1, 2, 3, 4)] == ["5", "6", "6", "4"]
    await ui.click(f"ft-add-{cy.id}")
    assert [ui.get(f"ft-seat-{i}-hiker").value for i in (0, 1, 2)] == ["A", "D", "C"]
    assert [ui.get(f"ft-setup-deck-{k}").value for k in (1, 2, 3, 4)] == ["6", "9", "9", "6"]
    await ui.click("ft-seat-2-remove")
    await ui.click("ft-setup-weather")
    await ui.click("ft-accolade-choose")
    await ui.click("ft-start")
    assert "Choose the Accolade card" in ui.get("ft-setup-error").value
    await ui.click("ft-accolade-pick-0")
    await ui.click("ft-start")

    [session] = _keeper(store).in_progress()
    assert ui.route == f"/play/fourteeners/{session.id}"
    assert session.players == (ann.id, bo.id)
    assert session.setup["players"] == [{"name": "Ann", "id": ann.id, "side": "basic"},
                                        {"name": "Bo", "id": bo.id, "side": "advanced"}]
    assert session.setup["weather"] is True
    assert session.setup["accolade"] == {"name": "Gear Head", "side": "basic"}
    # The game keeps its own copy of the catalog, so editing the catalog later changes nothing here.
    assert import_catalog(session.setup["catalog"]) == load_catalog(store)
    assert "Reveal the first Climbs" in ui.get("ft-prompt").value
    assert ui.get("ft-tableau-0-name").value == "Ann"
    # The Hiker's letter is said once, in "Hiker A", not also as a bare "A" twice around it.
    assert [w for w in spoken(ui.get("ft-tableau-0")) if len(w) == 1] == [], spoken(ui.get("ft-tableau-0"))
    # Each edge of the Hiker card is a node of its own, its name before its cards: Gear and Training lie side by
    # side, and read by their place on screen Gear's "Nothing tucked" came before the word Gear.
    for side in ("capstone", "gear", "training", "plans"):
        [edge] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and getattr(n.content, "key", None)
                  == f"ft-tableau-0-{side}"]
        assert edge.container and spoken(edge)[:2] == [f"{side.upper()} ·\u00a00", "Nothing tucked"], spoken(edge)
    # A card missing from the catalog can be described instead of picked.
    await ui.click("ft-describe-new")
    ui.get("ftr-name")
    await ui.click("ftr-cancel")
    ui.get("ft-reveal-peak-1-1")


async def test_french_puts_a_space_before_the_colon_of_the_weather_and_the_accolade(open_ui, store):
    # "juillet · Brouillard: révélez…" and "Shutterbug · Avancée: le plus de Sommets…" were put together in code
    # with the English colon; French writes a space before it.
    session_id, keeper = _to_the_fog(store)
    store.settings.set("language", "fr")
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    now = ui.get("ft-weather-now").value
    assert "Brouillard\u00a0: " in now and not re.search(r"\w:", now), now
    save_catalog(store, import_catalog(synthetic_catalog_doc()))
    ann, bo = store.players.add("Amélie"), store.players.add("Bruno")
    await ui.go("/games/fourteeners")
    await ui.click(f"ft-add-{ann.id}")
    await ui.click(f"ft-add-{bo.id}")
    drawn = ui.get("ft-accolade-drawn").value
    assert "\u00a0: " in drawn and not re.search(r"\w:", drawn), drawn


async def test_a_random_accolade_is_drawn_with_the_seed_kept_in_the_setup(open_ui, store):
    save_catalog(store, import_catalog(synthetic_catalog_doc()))
    ann, bo = store.players.add("Ann"), store.players.add("Bo")
    ui = await open_ui(route="/games/fourteeners")
    await ui.click(f"ft-add-{ann.id}")
    await ui.click(f"ft-add-{bo.id}")
    shown = ui.get("ft-accolade-drawn").value
    await ui.click("ft-start")
    [session] = _keeper(store).in_progress()
    assert session.setup["accolade"] == "random" and isinstance(session.setup["seed"], int)
    drawn = _keeper(store).state(session.id).setup.accolade
    assert shown.startswith(f"{drawn.name} · {drawn.side.value.capitalize()}")
    # The Accolade lies face up on the table all game: the game's screen shows it too, as drawn.
    assert ui.route == f"/play/fourteeners/{session.id}"
    assert ui.get("ft-accolade").value == f"Accolade: {shown}"


async def test_describe_cards_check_an_impossible_climb_gain_one_undo_and_redo(open_ui, store):
    session_id, _ = _start(store)
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    # No catalog card to pick: the form to describe the revealed card is open at once.
    assert ui.find("ft-describe-new") is None and ui.find("ftr-cancel") is None
    await ui.click("ftr-reveal")
    assert ui.get("ft-problem").value == "Name: empty; every card needs a name."
    await ui.type("ftr-name", "Mt. Elbert")
    assert ui.find("ft-problem") is None                  # the refusal goes once the name is typed
    await _describe_reveal(ui, "Mt. Elbert", 1, 1, icons=("photo",))
    await _describe_reveal(ui, "Longs Peak", 3, 2, hazard=True)
    await _describe_reveal(ui, "Grays Peak")
    assert "Ann, reveal a Class I Climb" in ui.get("ft-prompt").value
    # Its corner tapped in just before Reveal, faster than the screen is redrawn: revealed as tapped (Reveal read
    # the card as last drawn).
    await ui.type("ftr-name", "Torreys Peak")
    await ui._event(ui.get("ftr-endurance-plus"), "click", settle=False)
    await ui._event(ui.get("ftr-technique-plus"), "click", settle=False)
    await ui._event(ui.get("ftr-technique-plus"), "click", settle=False)
    await ui._event(ui.get("ftr-reveal"), "click")
    torreys = _keeper(store).state(session_id).card("Torreys Peak")
    assert (torreys.endurance, torreys.technique) == (1, 2)
    state = _keeper(store).state(session_id)
    assert state.phase is Phase.GAIN and [c.name for c in state.row] == [
        "Mt. Elbert", "Longs Peak", "Grays Peak", "Torreys Peak"]

    # What to tap: the Climb being taken, to see whether it can be gained ("the Climb you gained" read as one
    # gained already).
    assert "Ann: tap the Climb you take to see whether and how it can be gained, then tuck it." in ui.texts()
    # The gain check for a Climb out of reach gives the engine's reason and the Guides it would take.
    await ui.click("ft-climb-longs-peak")
    reason = rules.gain_check(state, 0, "Longs Peak").reason
    assert "3 Endurance" in reason and "Hazard" in reason
    assert ui.get("ft-check-longs-peak").value == f"Cannot be gained now: {reason}."
    option = ui.get("ft-guide-option-0")
    assert option.disabled                                # Ann has no tucked Climb to hire as a Guide
    assert ui.get("ft-side-gear").disabled
    assert ui.get("ft-gain").disabled

    # A Climb within reach: choose a side, describe it as printed, tuck it.
    await ui.click("ft-climb-mt-elbert")
    assert ui.get("ft-check-mt-elbert").value.startswith("Can be gained now: meets the requirements")
    await ui.click("ft-side-gear")
    # A side described wrongly is refused by the engine, and the refusal shows in the gain panel itself.
    await ui.click("ftg-i0-effect-meets_hazard")
    await ui.click("ftg-i0-cond-per")
    await ui.click("ft-gain")
    refusal = [c for c in walk(ui.get("ft-gain-mt-elbert")) if getattr(c, "key", None) == "ft-problem"]
    assert refusal and refusal[0].value == ("Meets Hazard: a flag cannot be counted per card; use it alone or with "
                                            "If none, If any or If most.")                 # as the chips say them
    assert _keeper(store).state(session_id).players[0].tucked == ()
    await ui.click("ftg-i0-cond-always")
    await ui.click("ftg-i0-effect-utility")
    assert ui.get("ftg-preview").value == "+1 Utility"
    await ui.click("ft-gain")
    state = _keeper(store).state(session_id)
    [tucked] = state.players[0].tucked
    assert (tucked.card.name, tucked.side) == ("Mt. Elbert", Side.GEAR)
    assert rules.player_attributes(state, 0).utility == 1
    assert ui.get("ft-turn").value == "Bo"
    await ui.click("ft-player-0")
    assert ui.get("ft-tableau-0-attrs-utility").value == "Utility 1"
    assert ui.get("ft-tableau-0-gear-count").value == "GEAR ·\u00a01"
    # The side's name in the theme's text colour (its own colour on its tint was under 4.5:1), empty edges'
    # words in the secondary text colour (the outline's grey was 3.8:1).
    assert ui.get("ft-tableau-0-gear-count").color == ft.Colors.ON_SURFACE
    assert all(t.color == ft.Colors.ON_SURFACE_VARIANT for t in walk(ui.get("ft-tableau-0"))
               if isinstance(t, ft.Text) and t.value in ("Nothing tucked", "None hired"))

    # The cards described on the spot are offered to the catalog; "Not now" puts the offer off until
    # another card is described.
    assert "Mt. Elbert" in ui.text() and ui.find("ft-save-cards") is not None
    await ui.click("ft-save-later")
    assert ui.find("ft-save-cards") is None
    await _describe_reveal(ui, "Quandary Peak")
    await ui.click("ft-save-cards")
    saved = load_catalog(store)
    assert saved.card("Mt. Elbert").ability(Side.GEAR) == tucked.card.ability(Side.GEAR)
    assert {c.name for c in saved.cards} == {"Mt. Elbert", "Longs Peak", "Grays Peak", "Torreys Peak",
                                             "Quandary Peak"}
    assert ui.find("ft-save-cards") is None

    # Undo and Redo say the entry they act on, in the words of the game's entries (a turn is several entries).
    assert ui.get("ft-redo").tooltip == "Nothing to redo"
    assert ui.get("ft-undo").tooltip == "Undo: Round 1, Bo: revealed Quandary Peak (Class I)"
    said = ui.get("ft-undo").tooltip
    await ui.click("ft-undo")                           # Bo's reveal
    assert ui.get("ft-redo").tooltip == "Redo: " + said.removeprefix("Undo: ")
    await ui.click("ft-undo")                           # Ann's gain
    assert ui.get("ft-redo").tooltip.startswith("Redo: ") and "Mt. Elbert" in ui.get("ft-redo").tooltip
    state = _keeper(store).state(session_id)
    assert state.players[0].tucked == () and state.phase is Phase.GAIN and state.turn == 0
    assert ui.get("ft-turn").value == "Ann"
    await ui.click("ft-redo")
    state = _keeper(store).state(session_id)
    assert [t.card.name for t in state.players[0].tucked] == ["Mt. Elbert"]
    assert state.phase is Phase.REVEAL and state.turn == 1
    await ui.click("ft-redo")
    assert _keeper(store).state(session_id).row[-1].name == "Quandary Peak"
    assert ui.get("ft-redo").disabled


def _peak_2_14_within_a_guide(store) -> tuple[str, SessionKeeper]:
    """Ann's second gain step, with Peak 2-14 revealed: out of her reach but for a Guide (Peak 1-1, tucked)."""
    session_id, _ = _start(store, synthetic_catalog_doc())
    keeper = _keeper(store)
    for name in ("Peak 1-1", "Peak 1-3", "Peak 1-5", "Peak 1-7"):
        keeper.act(session_id, {"type": "reveal", "card": name})
    keeper.act(session_id, {"type": "gain", "card": "Peak 1-1", "side": "training"})
    keeper.act(session_id, {"type": "reveal", "card": "Peak 1-2"})
    keeper.act(session_id, {"type": "gain", "card": "Peak 1-2", "side": "plans"})        # Bo's turn
    keeper.act(session_id, {"type": "reveal", "card": "Peak 2-14"})
    return session_id, keeper


async def test_a_guide_makes_a_climb_possible(open_ui, store):
    session_id, keeper = _peak_2_14_within_a_guide(store)
    state = keeper.state(session_id)
    check = rules.gain_check(state, 0, "Peak 2-14")
    assert not check.possible and check.guides and check.guides[0].affordable

    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    await ui.click("ft-climb-peak-2-14")
    await ui.click("ft-guide-option-0")
    ignore = check.guides[0].ignores[0].value
    # The Guide to hire is named by its Class in words: a bare "I" was said as the word "I".
    assert "Class I · Peak 1-1" in ui.text()
    await ui.click(f"ft-hire-{ignore}-peak-1-1")
    await ui.click("ft-side-capstone")
    # The side tapped is said whole below the tiles, which show three lines of it (a long one was cut there).
    card = next(c for c in state.row if c.name == "Peak 2-14")
    assert ui.get("ft-side-words").value == (
        f"Capstone: {points_words(describe_ability(card.ability(Side.CAPSTONE)))}")
    await ui.click("ft-gain")
    state = keeper.state(session_id)
    assert [c.name for c in state.players[0].guides] == ["Peak 1-1"]
    # The Guide left the tableau; the Climb it opened is tucked.
    assert [(t.card.name, t.side) for t in state.players[0].tucked] == [("Peak 2-14", Side.CAPSTONE)]


async def test_resume_after_reopening_the_store(tmp_path):
    data = tmp_path / "data"
    store = open_store(data)
    save_catalog(store, import_catalog(synthetic_catalog_doc()))
    session_id, _ = _start(store, synthetic_catalog_doc())
    ui = await UiApp(build_main(store), route=f"/play/fourteeners/{session_id}").start()
    for name in ("peak-1-2", "peak-1-4", "peak-1-6", "peak-1-8"):
        await ui.click(f"ft-reveal-{name}")
    await ui.click("ft-climb-peak-1-4")
    await ui.click("ft-side-training")
    await ui.click("ft-gain")
    before = _keeper(store).state(session_id)
    await ui.close()
    store.close()

    store = open_store(data)
    try:
        ui = await UiApp(build_main(store)).start()
        await ui.click(f"home-resume-{session_id}")
        assert ui.route == f"/play/fourteeners/{session_id}"
        assert ui.get("ft-turn").value == "Bo"
        assert "Bo, reveal a Class I Climb" in ui.get("ft-prompt").value
        await ui.click("ft-player-0")
        assert ui.get("ft-tableau-0-training-count").value == "TRAINING ·\u00a01"
        after = _keeper(store).state(session_id)
        assert after == before
        await ui.click("ft-undo")                         # the undo history survives the restart too
        assert _keeper(store).state(session_id).players[0].tucked == ()
        await ui.close()
    finally:
        store.close()


def _play_to_the_end(store, seed: int) -> str:
    """A whole seeded game through the keeper, as taps would make it."""
    session_id, _ = _start(store, synthetic_catalog_doc(), weather=True)
    keeper = _keeper(store)
    rng = random.Random(seed)
    while (state := keeper.state(session_id)).phase is not Phase.FINISHED:
        action = rng.choice(rules.legal_actions(state))
        keeper.act(session_id, json.loads(json.dumps(rules.action_to_doc(action))))
    return session_id


def test_a_tie_broken_by_capstones_says_who_tied_and_their_capstones_as_a_scored_table_does():
    # "Cy wins with 7. Tied at 7, broken by the fewest points from Capstones." said neither who tied nor how.
    from types import SimpleNamespace
    from companion.ui.fourteeners.play import _winner

    def player(name, capstones, total=7):
        return scoring.PlayerScore(name=name, hiker="A", gerry=False, accolade=0, plans=total - capstones,
                                   capstones=capstones, photos=0, total=total, lines=())

    result = scoring.ScoreBreakdown(players=(player("Cy", 5), player("Dee", 6), player("Ann", 1, total=6)),
                                    winners=("Cy",), accolade=None)
    state = SimpleNamespace(setup=SimpleNamespace(solo=False), players=())
    words = [c.value for c in walk(_winner(state, result)) if isinstance(c, ft.Text) and c.key == "ft-winner"]
    assert words == ["Cy wins: Cy and Dee tie at 7, and the tie goes to the fewest points from Capstones "
                     "(Cy 5, Dee 6)."]


def test_the_score_tables_long_names_wrap_whole_and_stand_apart():
    """Each column's heading shows its player's whole name, on up to three lines: cut to one line, a 390 px
    phone showed "Bernd Cem-Max…", the two names run together and the second one lost."""
    from companion.ui.fourteeners.table import score_table
    names = ("Anna", "Bernd", "Cem-Maximilian Großhuber")
    result = scoring.ScoreBreakdown(players=tuple(
        scoring.PlayerScore(name=name, hiker="A", gerry=False, accolade=0, plans=0, capstones=6, photos=0, total=6,
                            lines=()) for name in names), winners=names[1:], accolade=None)
    table = score_table(result)
    headings = {c.key: c for c in walk(table) if isinstance(c, ft.Text) and str(c.key).startswith("ft-score-name-")}
    assert [headings[f"ft-score-name-{i}"].value for i in range(3)] == list(names)
    for heading in headings.values():
        assert heading.max_lines is None or heading.max_lines >= 3
        assert heading.text_align == ft.TextAlign.RIGHT     # each name sits over its own column's numbers
    rows = [c for c in walk(table) if isinstance(c, ft.Row)]
    assert rows and all(row.spacing >= 8 for row in rows)  # a name ending at a column's edge is apart from the next


def test_the_score_tables_names_are_not_broken_inside_a_word_on_a_phone():
    """Three players leave each name about 60 px on a 360 px phone: "Agnieszka" was broken "Agnieszk" / "a"."""
    from layout_check import layout_problems

    from companion.ui.fourteeners.table import score_table
    for names, size in ((("Zofia", "Łukasz", "Agnieszka"), 12), (("Ann", "Bo", "Cy", "Łukasz"), 12),
                        (("Ann", "Bo", "Cy"), 14), (("Anna", "Agnieszka"), 14)):
        result = scoring.ScoreBreakdown(players=tuple(
            scoring.PlayerScore(name=name, hiker="A", gerry=False, accolade=0, plans=0, capstones=6, photos=0,
                                total=6, lines=()) for name in names), winners=names[:1], accolade=None)
        view = ft.View(route="/", controls=[ft.Container(padding=16, content=score_table(result))])
        assert layout_problems(view, 360, every_label=True) == [], names
        # Smaller only where a word would not fit, and one size for every name.
        sizes = {c.size for c in walk(view) if isinstance(c, ft.Text) and str(c.key).startswith("ft-score-name-")}
        assert sizes == {size}, names


@pytest.mark.parametrize("seed", [3])
async def test_end_scoring_shows_the_engines_score_and_finishes_into_history(open_ui, store, seed):
    session_id = _play_to_the_end(store, seed)
    state = _keeper(store).state(session_id)
    result = scoring.score(state)
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    assert ui.get("ft-round").value == "Game over"
    for index, player in enumerate(result.players):
        for part in ("accolade", "plans", "capstones", "photos", "total"):
            assert ui.get(f"ft-score-{index}-{part}").value == str(getattr(player, part)), (player.name, part)
    winner = ui.get("ft-winner").value
    assert all(name in winner for name in result.winners)
    # Each number of the table says whose it is and what it counts; none is said bare.
    said = spoken(ui.get("ft-score-table"))
    assert f"{result.players[0].name}, Plans: {result.players[0].plans}" in said
    assert f"{result.players[1].name}, Total: {result.players[1].total}" in said
    # Step 4 scores Guides with a Photo, not the Photos in a tableau: the row says which.
    assert f"{result.players[0].name}, Guides with a Photo: {result.players[0].photos}" in said
    assert not [piece for piece in said if piece.lstrip("-").isdigit()], said
    # What scored: each line (a Plan, a Capstone, the Accolade, the Guides with a Photo) is one sentence with
    # its points, the bare number in its column not said again.
    numbers = [c for c in walk(ui.top) if isinstance(c, ft.Text) and str(c.key or "").startswith("ft-line-")]
    assert len(numbers) >= 3, [c.key for c in numbers]
    for number in numbers:
        [node] = [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.label
                  and any(d is number for d in walk(c))]
        assert spoken(node) == [node.label], node.label
        points = int(number.value)
        assert node.label.count(f"{points} point{'' if points == 1 else 's'}") == 1, node.label
    # A tableau's tucked Climbs and Guides: each one node, said name first, its points after it (Capstones lie
    # side by side, and the row's names were said before any of their points).
    from companion.ui.fourteeners.table import hiker_card
    tableau = hiker_card(state, 0, key="t")
    tiles = [c for c in walk(tableau) if isinstance(c, ft.Semantics) and c.label and c.exclude_semantics
             and isinstance(c.content, ft.Container) and str(c.content.key or "").startswith("t-")]
    me = state.players[0]
    assert sorted(tile.label.split(", ")[0] for tile in tiles) == sorted(
        [t.card.name for t in me.tucked] + [card.name for card in me.guides])
    for tile in tiles:
        assert spoken(tile) == [tile.label]
    await ui.click("ft-finish")
    assert store.sessions.get(session_id) is None
    record = store.history.get(session_id)
    assert [(p["name"], p["score"], p["winner"]) for p in record["players"]] == [
        (p.name, p.total, p.name in result.winners) for p in result.players]
    # The same address now shows the finished game from History.
    assert ui.route == f"/play/fourteeners/{session_id}"
    ui.get("ft-saved")
    assert ui.get("ft-score-0-total").value == str(result.players[0].total)
    assert ui.find("ft-undo") is None


async def test_a_game_that_cannot_be_replayed_can_be_abandoned(open_ui, store, save_session):
    session_id = save_session("fourteeners", "Broken")
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    ui.get("ft-broken")
    assert "cannot be replayed (its setup)" in ui.text()
    await ui.click("play-abandon")
    await ui.click("play-abandon-confirm")
    assert store.sessions.get(session_id) is None
    assert ui.route == "/"


async def test_a_turn_with_no_climb_within_reach_passes(open_ui, store):
    session_id, _ = _start(store)
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    for name in ("Capitol Peak", "Snowmass", "Pyramid Peak", "Maroon Peak"):
        await _describe_reveal(ui, name, 6, 6)
    state = _keeper(store).state(session_id)
    assert rules.can_pass(state)                          # nothing tucked to hire as a Guide, all out of reach
    await ui.click("ft-climb-snowmass")
    assert "6 Endurance and 6 Technique" in ui.get("ft-check-snowmass").value
    await ui.click("ft-pass")
    state = _keeper(store).state(session_id)
    assert state.players[0].passes == 1 and state.turn == 1 and len(state.row) == 4


async def test_without_accolades_in_the_catalog_the_players_describe_the_one_on_the_table(open_ui, store):
    ann, bo = store.players.add("Ann"), store.players.add("Bo")
    ui = await open_ui(route="/games/fourteeners")
    await ui.click(f"ft-add-{ann.id}")
    await ui.click(f"ft-add-{bo.id}")
    assert ui.get("ft-accolade-random").disabled and ui.get("ft-accolade-choose").disabled
    # Nothing tapped: no Accolade is assumed. It began as "most Climbs", which nobody described, and every
    # player with as many Climbs tied for it.
    assert ui.get("ft-accolade-typed-preview").value == "Tap who scores and which tucked cards count."
    assert not any(n.selected for n in walk(ui.top) if isinstance(n, ft.Semantics)
                   and n.identifier in ("ft-accolade-typed-kind-most", "ft-accolade-typed-kind-fewest"))
    await ui.click("ft-start")
    assert ui.get("ft-setup-error").value == ("Describe the Accolade on the table: who scores, counting which "
                                              "tucked cards.")
    assert _keeper(store).in_progress() == []
    # Tapped faster than the screen is redrawn, both count (each made its change to the choices drawn).
    await ui._event(ui.get("ft-accolade-typed-class-1"), "click", settle=False)
    await ui._event(ui.get("ft-accolade-typed-class-2"), "click")
    assert ui.get("ft-accolade-typed-preview").value == "most Class I or II Climbs"
    # Each Class's chip is said as a Class ("II" alone said nothing of what it was).
    chip = next(n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "ft-accolade-typed-class-2")
    assert chip.label == "Class II" and chip.selected
    await ui.click("ft-start")
    [session] = _keeper(store).in_progress()
    assert session.setup["accolade"] == {"category": {"most": {"class": [1, 2]}}}
    assert session.setup["catalog"]["cards"] == []


def _to_the_fog(store, *, long_names: bool = False) -> tuple[str, SessionKeeper]:
    """A two-player game with the Weather played at random (seeded) up to round 3, the Fog's; `long_names`
    gives the cards names as long as Colorado's longest ("Mount of the Holy Cross 3")."""
    doc = synthetic_catalog_doc()
    if long_names:
        for i, card in enumerate(doc["cards"]):
            card["name"] = f"{('Mount of the Holy Cross', 'North Maroon Peak')[i % 2]} {i}"
    session_id, _ = _start(store, doc, weather=True)
    keeper = _keeper(store)
    rng = random.Random(3)
    while (state := keeper.state(session_id)).round < 3:
        keeper.act(session_id, json.loads(json.dumps(rules.action_to_doc(rng.choice(rules.legal_actions(state))))))
    return session_id, keeper


async def test_guides_and_a_side_tapped_faster_than_the_screen_is_redrawn_all_count(open_ui, store):
    # Each chip set the turn drawn plus its own choice: of two Guides hired without need before a redraw, one
    # was kept, and the side tapped just after them undid both.
    session_id, keeper = _to_the_fog(store)
    state = keeper.state(session_id)
    target = next(a for a in rules.legal_actions(state) if isinstance(a, rules.Gain) and not a.guides)
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    await ui.click(f"ft-climb-{slug(target.card)}")
    await ui.click("ft-more-guides")
    others = [t.card.name for t in state.players[0].tucked if t.card.name != target.card]
    assert len(others) >= 2
    for name in others[:2]:
        await ui._event(ui.get(f"ft-extra-{slug(name)}"), "click", settle=False)
    await ui._event(ui.get(f"ft-side-{target.side.value}"), "click")
    ticked = {n.identifier for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.selected}
    assert {f"ft-extra-{slug(name)}" for name in others[:2]} | {f"ft-side-{target.side.value}"} <= ticked
    await ui.click("ft-gain")
    assert [g.name for g in keeper.state(session_id).players[0].guides] == others[:2]


async def test_a_side_tapped_just_before_tuck_is_the_side_tucked(open_ui, store):
    # Tuck took the turn as last drawn: the side tapped just before it was not the one tucked.
    session_id, keeper = _to_the_fog(store)
    state = keeper.state(session_id)
    gains = [a for a in rules.legal_actions(state) if isinstance(a, rules.Gain) and not a.guides]
    card = next(a.card for a in gains if sum(g.card == a.card for g in gains) >= 2)
    first, second = [a.side for a in gains if a.card == card][:2]
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    await ui.click(f"ft-climb-{slug(card)}")
    await ui.click(f"ft-side-{first.value}")
    await ui._event(ui.get(f"ft-side-{second.value}"), "click", settle=False)
    await ui._event(ui.get("ft-gain"), "click")
    tucked = keeper.state(session_id).players[0].tucked
    assert (tucked[-1].card.name, tucked[-1].side) == (card, second)


async def test_in_fog_a_guide_lets_the_player_reveal_first(open_ui, store):
    # 'Using a Guide' ignores a "Weather limitation"; Fog limits the round to 3 revealed options.
    session_id, keeper = _to_the_fog(store)
    state = keeper.state(session_id)
    assert rules.can_ignore_fog(state) and state.players[0].tucked
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    assert "unless a Guide ignores the Weather" in ui.get("ft-prompt").value
    await ui.click("ft-fog-reveal")
    # The header follows the choice: it said "gain a revealed Climb" over the form asking for the reveal.
    assert ui.get("ft-prompt").value.startswith("Round 3 (Fog): Ann, reveal a Class ")
    assert "Climb first, then gain a revealed Climb" in ui.get("ft-prompt").value
    await ui.click("ft-fog-cancel")
    assert "unless a Guide ignores the Weather" in ui.get("ft-prompt").value
    await ui.click("ft-fog-reveal")
    card = rules.revealable(state)[0].card
    await ui.click(f"ft-reveal-{card.lower().replace(' ', '-')}")
    after = keeper.state(session_id)
    assert after.fog_ignored and len(after.row) == 4 and after.phase is Phase.GAIN
    # The entries say it as the game's log does ("Round 3, Ann: revealed Peak 2-12 (Class II)" left it out).
    from companion.games.fourteeners import session as fourteeners_session
    from companion.games.fourteeners.abilities import class_label

    klass = class_label(after.card(card).klass)
    assert str(fourteeners_session.describe_action(state, keeper.get(session_id).actions[-1])) == (
        f"Round 3, Ann: revealed {card} ({klass}), ignoring the Fog")
    # Revealed first: the header says the gain comes with the Guide (it fell back to "gain a revealed Climb").
    assert ui.get("ft-prompt").value == ("Round 3 (Fog): Ann, gain a revealed Climb and tuck it, with the Guide who "
                                         "ignores the Fog (you revealed first).")
    target = next(a for a in rules.legal_actions(after) if isinstance(a, rules.Gain) and not a.guides)
    slug = target.card.lower().replace(" ", "-")
    await ui.click(f"ft-climb-{slug}")
    await ui.click(f"ft-side-{target.side.value}")
    assert ui.get("ft-gain").disabled  # the Guide ignoring the Fog comes with the gain
    tucked = next(t for t in after.players[0].tucked if t.card.name != target.card)
    guide = tucked.card.name
    # Said as the other Guide choices are, with the side it leaves (and a Photo, which scores): only the Class
    # and the name hid what it cost.
    [chip] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics)
              and n.identifier == f"ft-fog-guide-{guide.lower().replace(' ', '-')}"]
    assert side_label(tucked.side) in " ".join(spoken(chip)), spoken(chip)
    await ui.click(f"ft-fog-guide-{guide.lower().replace(' ', '-')}")
    await ui.click("ft-gain")
    done = keeper.state(session_id)
    assert done.players[0].guides[-1].name == guide and done.turn == 1 and len(done.row) == 3
    assert not done.fog_ignored


async def test_the_guide_choices_of_a_gain_fit_a_phone_with_long_names_in_german(open_ui, store):
    # A Guide chip says the Class, the name and the side it leaves, on one line: "Klasse I · North Maroon Peak 5
    # · Höhepunkt" ran past a 390-pixel screen.
    from layout_check import layout_problems

    session_id, keeper = _to_the_fog(store, long_names=True)
    store.settings.set("language", "de")
    state = keeper.state(session_id)
    assert rules.can_ignore_fog(state) and state.players[0].tucked
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    await ui.click("ft-fog-reveal")
    await ui.click(f"ft-reveal-{slug(rules.revealable(state)[0].card)}")
    after = keeper.state(session_id)
    target = next(a for a in rules.legal_actions(after) if isinstance(a, rules.Gain) and not a.guides)
    await ui.click(f"ft-climb-{slug(target.card)}")
    await ui.click(f"ft-side-{target.side.value}")
    assert any(str(k).startswith("ft-fog-guide-") for k in ui.keys())
    await ui.click("ft-more-guides")
    assert any(str(k).startswith("ft-extra-") for k in ui.keys())
    assert layout_problems(ui.top, every_label=True) == []


async def test_the_month_of_the_weather_starts_its_line_with_a_capital_in_polish(open_ui, store):
    # Polish writes a month in small letters within a sentence: "lipiec · Mgła" started the line.
    session_id, keeper = _to_the_fog(store)
    store.settings.set("language", "pl")
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    month = str(rules.weather_now(keeper.state(session_id)).forecast.msgid)
    assert ui.get("ft-weather-now").value.startswith({"July": "Lipiec · ", "August": "Sierpień · "}[month])


async def test_a_fog_round_in_german_fits_a_phone_and_names_its_month_and_weather(open_ui, store):
    # The Fog's buttons ran past a 390-pixel screen (English too), the month stayed English ("July"), and so
    # did every Weather's name ("Juli · Fog", "Nächste Runde: Rain").
    from layout_check import layout_problems

    session_id, keeper = _to_the_fog(store)
    store.settings.set("language", "de")
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    month = rules.weather_now(keeper.state(session_id)).forecast
    assert ui.get("ft-weather-now").value.startswith({"July": "Juli", "August": "August", "June": "Juni"}.get(
        str(month.msgid), "?") + " · Nebel")
    # The effect follows a dash: it may end in brackets of its own ("(nur Klasse III oder IV)").
    assert ui.get("ft-weather-next").value.startswith("Nächste Runde: Regen – ")
    assert ui.get("ft-forecast-9").tooltip == "Runde 9: Schnee"
    # Which round is now and which are played, as the colours show (a screen reader heard nine alike).
    assert ui.get("ft-forecast-3").tooltip == "Runde 3 (jetzt): Nebel"
    assert ui.get("ft-forecast-1").tooltip.startswith("Runde 1 (gespielt): ")
    for english in ("Fog", "Rain", "Clear Skies", "Snow"):
        assert english not in ui.text(), english
    assert layout_problems(ui.top, every_label=True) == []
    await ui.click("ft-fog-reveal")
    assert layout_problems(ui.top, every_label=True) == []


async def test_a_tucked_card_the_hiker_and_the_weather_are_corrected_during_the_game(open_ui, store):
    session_id, _ = _start(store, synthetic_catalog_doc(), weather=True)
    keeper = _keeper(store)
    for name in ("Peak 1-1", "Peak 1-3", "Peak 1-5", "Peak 1-7"):
        keeper.act(session_id, {"type": "reveal", "card": name})
    keeper.act(session_id, {"type": "gain", "card": "Peak 1-1", "side": "plans"})
    keeper.act(session_id, {"type": "reveal", "card": "Peak 1-2"})
    before = keeper.state(session_id)
    plans_before = scoring.score_tableaus([scoring.Entry("Ann", rules.tableau(before, 0))], None).player("Ann")
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    await ui.click("ft-correct")
    # The Climbs met in this game (in the row, tucked): not every card of the catalog.
    assert sorted(k for k in ui.keys() if k.startswith("ft-fix-card-")) == [
        f"ft-fix-card-peak-1-{n}" for n in (1, 2, 3, 5, 7)]
    await ui.click("ft-fix-card-peak-1-1")
    assert "Correct Peak 1-1" in ui.get("ftc-title").value
    # The Photo in the corner was missed when the card was entered.
    await ui.click("ftc-icon-photo")
    await ui.click("ftc-save")
    after = keeper.state(session_id)
    card = after.players[0].tucked[0].card
    assert card.name == "Peak 1-1" and any(i.value == "photo" for i in card.icons)
    assert (after.round, after.turn, after.phase) == (before.round, before.turn, before.phase)  # nothing undone
    assert keeper.get(session_id).actions[-1]["type"] == "correct"
    assert load_catalog(store).card("Peak 1-1") is None  # the game's own copy, not the owner's catalog
    # Hiker A's printed ability and the Rain, described during the game, in this game.
    await ui.click("ft-correct")
    await ui.click("ft-fix-hiker-A")
    await ui.click("fth-on")
    await ui.click("fth-i0-effect-utility")
    await ui.click("fth-save")
    assert rules.player_attributes(keeper.state(session_id), 0).utility == \
        rules.player_attributes(after, 0).utility + 1
    await ui.click("ft-correct")
    await ui.click("ft-fix-weather-rain")
    await ui.click("ftw-add")                       # the game's Rain costs 1 Endurance; it also blocks Plans
    await ui.click("ftw-e1-kind-block_side")
    await ui.click("ftw-e1-side-plans")
    await ui.click("ftw-save")
    rain = keeper.state(session_id).setup.catalog.weather_effects("Rain")
    assert [(e.kind.value, e.side) for e in rain] == [("extra", None), ("block_side", Side.PLANS)]
    assert [a["type"] for a in keeper.get(session_id).actions[-3:]] == ["correct", "hiker", "weather"]


async def test_a_long_card_name_to_correct_wraps_in_its_chip(open_ui, store):
    from layout_check import layout_problems

    session_id, _ = _start(store)
    name = "Mount Massive der unglaublich lange Gipfelname mit sehr viel"
    _keeper(store).act(session_id, {"type": "reveal", "card": {
        "name": name, "class": 1, "endurance": 1, "technique": 1, "icons": [],
        "sides": {"capstone": None, "gear": None, "training": None, "plans": None}}})
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    await ui.click("ft-correct")
    assert [p for p in layout_problems(ui.top, every_label=True) if name in p] == []


async def test_the_weather_cards_to_correct_are_named_in_the_players_language(open_ui, store):
    # The corrections listed "Rain", "Mud"… on a German screen, and the editor was headed "Rain".
    session_id, _ = _start(store, synthetic_catalog_doc(), weather=True)
    store.settings.set("language", "de")
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    await ui.click("ft-correct")
    chips = [t for t in ui.texts() if t in ("Rain", "Regen", "Snow", "Schnee")]
    assert chips == ["Regen", "Schnee"]
    await ui.click("ft-fix-weather-rain")
    assert "Regen" in ui.texts() and "Rain" not in ui.texts()


async def test_a_refused_card_name_says_the_field_as_the_form_does(open_ui, store):
    session_id, _ = _start(store)
    store.settings.set("language", "fr")
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    await ui.click("ftr-reveal")
    assert ui.get("ft-problem").value.startswith("Nom\xa0: vide")


async def test_the_hiker_badges_fit_their_word_in_french(open_ui, store):
    # "RANDONNEUR" broke in two inside a badge sized for "HIKER".
    from layout_check import layout_problems, text_width

    ann, bo = store.players.add("Ann"), store.players.add("Bo")
    store.settings.set("language", "fr")
    ui = await open_ui(route="/games/fourteeners")
    await ui.click(f"ft-add-{ann.id}")
    await ui.click(f"ft-add-{bo.id}")
    badges = [c for c in walk(ui.top) if isinstance(c, ft.Container) and c.width
              and any(getattr(t, "value", None) == "RANDONNEUR" for t in walk(c.content))]
    assert len(badges) == 2
    for badge in badges:
        assert badge.width >= text_width("RANDONNEUR", 8, bold=True)
    assert [p for p in layout_problems(ui.top, every_label=True) if "RANDONNEUR" in p] == []


async def test_players_opened_from_a_new_game_come_back_to_it(open_ui, store):
    ui = await open_ui(route="/games/fourteeners")
    await ui.click("ft-setup-go-players")
    assert ui.route == "/games/fourteeners/players"
    await ui.type("player-name", "Ann")
    await ui.click("player-add")
    await ui.back()
    assert ui.route == "/games/fourteeners" and ui.find("ft-setup-no-players") is None


async def test_a_setup_begun_is_kept_while_the_cards_are_described(open_ui, store):
    # "Describe them" (or the Cards tab) in the middle of a setup, then back to it: the players picked and the
    # Weather chosen were gone.
    ann, bo = store.players.add("Ann"), store.players.add("Bo")
    ui = await open_ui(route="/games/fourteeners")
    await ui.click(f"ft-add-{bo.id}")
    await ui.click(f"ft-add-{ann.id}")
    await ui.click("ft-seat-1-advanced")
    await ui.click("ft-setup-weather")
    assert chosen(ui, "ft-setup-weather")
    await ui.click("ft-tab-cards")
    await ui.click("ftc-add-card")                       # a card described, then back to the list
    await ui.click("ftc-back")
    await ui.click("ft-tab-final")
    assert ui.find("ft-seat-0-hiker") is None              # the finished game's form is a form of its own
    await ui.click("ft-tab-setup")
    assert [ui.get(f"ft-seat-{i}-hiker").value for i in (0, 1)] == ["A", "D"]
    assert chosen(ui, "ft-setup-weather")


def chosen(ui, identifier: str) -> bool:
    import flet as ft
    from harness import walk

    return any(isinstance(n, ft.Semantics) and n.identifier == identifier and n.selected for n in walk(ui.top))


async def test_a_full_table_says_why_no_one_else_can_be_added(open_ui, store):
    players = [store.players.add(name) for name in ("Ann", "Bo", "Cy", "Di", "Ed")]
    ui = await open_ui(route="/games/fourteeners")
    for player in players[:4]:
        assert ui.find("ft-setup-full") is None
        await ui.click(f"ft-add-{player.id}")
    assert ui.find(f"ft-add-{players[4].id}") is None
    assert ui.get("ft-setup-full").value == ("The table is full: 14ers is for 1 to 4 players. Remove a player to "
                                             "seat another.")
    await ui.click("ft-seat-3-remove")
    assert ui.find("ft-setup-full") is None and ui.find(f"ft-add-{players[4].id}") is not None


async def test_a_card_half_described_is_found_again_after_a_reload(open_ui, store):
    from companion.ui.common.drafts import DRAFTS_TABLE

    session_id, _ = _start(store)
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    await ui.type("ftr-name", "Mt. Elbert")
    await ui.click("ftr-endurance-plus")
    await ui.click("ftr-hazard")
    await ui.click("ftr-icon-photo")
    await ui.close()
    # The page is loaded again (or the phone closed it): the card is as it was left, and one tap reveals it.
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    assert ui.get("ftr-name").value == "Mt. Elbert"
    assert ui.get("ftr-endurance-value").value == "1"
    assert chosen(ui, "ftr-hazard") and chosen(ui, "ftr-icon-photo")
    await ui.click("ftr-reveal")
    [card] = _keeper(store).state(session_id).row
    assert (card.name, card.endurance, card.hazard) == ("Mt. Elbert", 1, True)
    assert store.table(DRAFTS_TABLE).all() == []          # revealed: nothing is kept any more
    await ui.close()
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    assert ui.get("ftr-name").value == ""


async def test_a_gain_half_entered_is_found_again_and_dropped_once_the_game_moved_on(open_ui, store):
    session_id, keeper = _peak_2_14_within_a_guide(store)
    ignore = rules.gain_check(keeper.state(session_id), 0, "Peak 2-14").guides[0].ignores[0].value

    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    await ui.click("ft-climb-peak-2-14")
    await ui.click("ft-guide-option-0")
    await ui.click(f"ft-hire-{ignore}-peak-1-1")
    # The Guide to hire is named with the side it leaves and its Photo, what the choice weighs.
    tucked = next(t for t in keeper.state(session_id).players[0].tucked if t.card.name == "Peak 1-1")
    expected = f"Class I · Peak 1-1 · {tucked.side.value.capitalize()}" + (
        " · Photo" if "photo" in {icon.value for icon in tucked.card.icons} else "")
    assert expected in spoken(ui.get(f"ft-hire-{ignore}-peak-1-1")), spoken(ui.get(f"ft-hire-{ignore}-peak-1-1"))
    await ui.click("ft-side-capstone")
    await ui.close()
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    assert chosen(ui, "ft-guide-option-0") and chosen(ui, f"ft-hire-{ignore}-peak-1-1")
    assert not ui.get("ft-gain").disabled
    await ui.close()

    # Another device entered Ann's gain meanwhile (and undid it, and entered another): not brought back here.
    keeper.act(session_id, {"type": "gain", "card": "Peak 1-3", "side": "gear"})
    keeper.undo(session_id)
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    assert chosen(ui, "ft-guide-option-0")          # the same entries: still the half-entered gain
    await ui.close()
    keeper.act(session_id, {"type": "gain", "card": "Peak 1-3", "side": "gear"})
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    assert ui.find("ft-guide-option-0") is None and ui.find("ft-gain") is None


def test_a_kept_turn_that_cannot_be_read_is_not_brought_back():
    from companion.ui.fourteeners.forms import AbilityForm, CardForm, ItemForm
    from companion.ui.fourteeners.play import Draft

    draft = Draft(climb="Peak 2-14", side="gear", option=0, hires=(("requirements", "Peak 1-1"),), extra=("X",),
                  more_guides=True, ability=AbilityForm((ItemForm(condition="per", effect="points", amount=2),)),
                  describing=CardForm(name="Mt. Elbert", klass=2, endurance=1, icons=("hazard",),
                                      sides=(None, AbilityForm(), None, None)),
                  fog_reveal=True, fog_guide="Peak 1-1")
    doc = draft.to_doc()
    assert json.loads(json.dumps(doc)) == doc and Draft.from_doc(doc) == draft
    assert Draft().to_doc() is None
    for bad in ({"climb": 3}, {"side": "roof"}, {"option": "0"}, {"option": True}, {"hires": [["x", "Peak"]]},
                {"hires": [["requirements"]]}, {"describing": {"klass": 9}}, {"describing": {"icons": ["moon"]}},
                {"describing": {"sides": [None]}}, {"ability": {"items": [{"condition": "whenever"}]}},
                {"ability": {"items": [{"effect": "points", "amount": 10 ** 9}]}},
                {"ability": {"items": [{"filter": {"sides": ["roof"]}}]}}, {"describing": {"name": "x" * 500}},
                {"more_guides": 1}, ["climb"], "climb", None):
        assert Draft.from_doc(bad) is None, bad


async def test_an_entry_starts_the_next_step_at_the_top_and_enter_reveals_the_card_described(open_ui, store):
    from test_freunde_play import scrolls_to_top

    session_id, _ = _start(store)
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    before = scrolls_to_top(ui)
    await ui.type("ftr-name", "Mt. Elbert")
    await ui.click("ftr-endurance-plus")              # filling the form in: the screen stays where it is
    assert scrolls_to_top(ui) == before
    await ui.submit("ftr-name")                       # Enter in the name reveals the card, as its button does
    assert [c.name for c in _keeper(store).state(session_id).row] == ["Mt. Elbert"]
    assert ui.get("ftr-name").value == ""
    # The next step (here the next reveal; after a tuck, the next player's) starts at the top of the screen,
    # where the prompt is, instead of where the button tapped left the page.
    assert scrolls_to_top(ui) == before + 1
    await ui.click("ft-undo")
    assert scrolls_to_top(ui) == before + 2


async def test_a_turn_half_entered_that_another_device_overtook_is_dropped_and_said(open_ui, store):
    from companion.ui.common.drafts import DRAFTS_TABLE

    session_id, _ = _start(store)
    a = await open_ui(route=f"/play/fourteeners/{session_id}")
    b = await open_ui(route=f"/play/fourteeners/{session_id}")
    await a.type("ftr-name", "Mt. Elbert")
    await a.click("ftr-endurance-plus")
    await _describe_reveal(b, "Pikes Peak")                        # the other phone reveals first
    await a.settle()
    assert a.get("ftr-name").value == "" and a.get("ftr-endurance-value").value == "0"
    assert "Another device changed the game meanwhile" in a.text()
    # The card dropped is named, so the player knows which to describe again.
    assert "Mt. Elbert was not entered: describe it again when it is its turn." in a.text()
    await _describe_reveal(b, "Longs Peak")                        # another change before a tap here
    await a.settle()
    assert "Mt. Elbert was not entered: describe it again when it is its turn." in a.text()
    await a.type("ftr-name", "Grays Peak")                         # the next entry: said no more
    assert "Another device changed the game meanwhile" not in a.text()
    await a.close()
    await b.close()
    kept = store.table(DRAFTS_TABLE).get(session_id)
    assert kept is not None and kept["draft"]["describing"]["name"] == "Grays Peak"
    assert [c.name for c in _keeper(store).state(session_id).row] == ["Pikes Peak", "Longs Peak"]


async def test_a_correction_begun_here_drops_the_turn_without_blaming_another_device(open_ui, store):
    session_id, _ = _start(store, synthetic_catalog_doc())
    _keeper(store).act(session_id, {"type": "reveal", "card": "Peak 1-1"})
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    await ui.click("ft-describe-new")
    await ui.type("ftr-name", "Longs Peak")
    await ui.click("ent-open")
    await ui.click("ent-edit-0")
    assert "Another device" not in ui.text()


async def test_cards_the_catalog_cannot_take_are_refused_beside_the_button_in_words(open_ui, store):
    # A ninth Class I card described on the spot, with the catalog's eight saved: "Save to catalog" seemed to do
    # nothing, its refusal far up the screen and naming the field as the code does ("Cards: ...").
    save_catalog(store, import_catalog(synthetic_catalog_doc()))
    session_id, _ = _start(store)
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    await _describe_reveal(ui, "Mt. Elbert")
    await ui.click("ft-save-cards")
    said = " ".join(c.value for c in walk(ui.get("ft-pending")) if isinstance(getattr(c, "value", None), str))
    assert "The cards were not saved: The catalog: 9 Class I cards, but the deck has 8." in said, said
    assert load_catalog(store).card("Mt. Elbert") is None


async def test_a_climb_that_needs_two_guides_says_so_on_its_badge(open_ui, store):
    # The badge said "With a Guide" on a Climb whose gain panel offered "2 Guides to ignore ...".
    session_id, _ = _start(store, synthetic_catalog_doc())
    keeper = _keeper(store)
    rng = random.Random(0)
    while (state := keeper.state(session_id)).phase is not Phase.FINISHED:
        needing = {card.name: min(len(o.ignores) for o in check.guides if o.affordable)
                   for card in state.row if state.phase is Phase.GAIN
                   for check in [rules.gain_check(state, state.turn, card.name)]
                   if not check.possible and any(o.affordable for o in check.guides)}
        if 2 in needing.values():
            break
        keeper.act(session_id, rules.action_to_doc(rng.choice(rules.legal_actions(state))))
    else:
        raise AssertionError("no Climb needing two Guides in the seeded game")
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    for name, count in needing.items():
        tile = ui.get(f"ft-climb-{name.lower().replace(' ', '-')}")
        texts = [t.value for t in walk(tile) if isinstance(t, ft.Text)]
        assert ("With 1 Guide" if count == 1 else f"With {count} Guides") in texts, texts
    await ui.click(f"ft-climb-{next(n for n, c in needing.items() if c == 2).lower().replace(' ', '-')}")
    assert any(text.startswith("2 Guides to ignore") for text in ui.texts())   # as the gain panel offers them
    # Each side closed until Guides are hired says how many ("needs Guides first" read as a plural for one).
    name = next(n for n, c in needing.items() if c == 2)
    check = rules.gain_check(state, state.turn, name)
    closed = 0
    for side in Side:
        text = " ".join(t.value for t in walk(ui.get(f"ft-side-{side.value}")) if isinstance(t, ft.Text))
        counts = [len(o.ignores) for o in check.guides if side in o.sides]
        if side in check.sides or dict(check.blocked).get(side):
            continue
        fewest = min(counts) if counts else None
        wanted = ("cannot be gained" if fewest is None else
                  "needs 1 Guide first" if fewest == 1 else f"needs {fewest} Guides first")
        assert wanted in text, (side, text)
        closed += fewest is not None
    assert closed, "no side of the Climb waits on Guides"


@pytest.mark.parametrize("language, empty, one", [
    ("fr", "0 carte Sommet (0 entièrement décrite)", "1 carte Sommet (1 entièrement décrite)"),
    ("pl", "0 kart Szczytów (w pełni opisane: 0)", "1 karta Szczytu (w pełni opisane: 1)"),
])
async def test_the_catalog_count_on_the_setup_screen_agrees_with_each_number(open_ui, store, language, empty, one):
    # "Votre catalogue : 0 carte Sommet (0 entièrement décrites)": the count of cards described had the plural
    # of the count of cards.
    store.settings.set("language", language)
    ui = await open_ui(route="/games/fourteeners")
    assert empty in ui.get("ft-setup-catalog").value
    doc = synthetic_catalog_doc()
    save_catalog(store, import_catalog({**doc, "cards": doc["cards"][:1]}))
    await ui.go("/")
    await ui.go("/games/fourteeners")
    assert one in ui.get("ft-setup-catalog").value


async def test_the_setup_s_lines_in_the_recent_moves_start_with_a_capital(open_ui, store):
    # "setup: revealed Peak 1-2 (Class I)": the setup's lines read lower-case beside "Ann: gained …"; a player's
    # name is kept as typed.
    session_id, _ = _start(store, synthetic_catalog_doc())
    keeper = _keeper(store)
    rng = random.Random(0)
    while len((state := keeper.state(session_id)).log) < 2:
        keeper.act(session_id, rules.action_to_doc(rng.choice(rules.legal_actions(state))))
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    lines = [c.value for c in walk(ui.get("ft-log")) if isinstance(c, ft.Text) and (c.key or "").startswith("ft-log-")]
    assert lines and any(line.startswith("Setup: revealed ") for line in lines), lines
    assert all(line.startswith("Setup: ") for line in lines), lines


def test_an_accolade_nobody_has_any_of_says_why_nobody_scores():
    # "If 3-4 players tie, they all score 1": a tie at none looked like one, with no word of why nobody scored.
    from companion.games.fourteeners.scoring import AccoladeResult
    from companion.ui.fourteeners.play import accolade_words

    nobody = AccoladeResult(category=None, text="most Climbs tucked as Gear", counts=(("Ann", 0), ("Bo", 0), ("Cy", 0)),
                            winners=(), points=0)
    assert accolade_words(nobody) == ("Accolade, most Climbs tucked as Gear: Ann 0, Bo 0, Cy 0; nobody has any, so "
                                      "nobody scores.")


def test_a_chip_named_by_its_tooltip_is_one_button_saying_it_once():
    # In the browser a Class chip was a button "Class I" inside a button "Class I", its drawn "I" said again.
    from harness import names_said_twice

    from companion.ui.fourteeners.parts import choice_chip

    chip = choice_chip("ftf-class-1", "I", False, lambda: None, tooltip="Class I")
    assert isinstance(chip, ft.MergeSemantics)          # the chip's node and its tap's node, one
    assert names_said_twice(chip) == []
    # A chip on or off by itself is said as a switch (a browser's reader said "selected" as "current", or not at
    # all); one choice of several (a tab, a side) as the one chosen.
    for on in (True, False):
        [node] = [n for n in walk(choice_chip("c", "I", on, lambda: None, toggle=True)) if isinstance(n, ft.Semantics)
                  and n.identifier == "c"]
        assert node.toggled is on
        [node] = [n for n in walk(choice_chip("c", "I", on, lambda: None)) if isinstance(n, ft.Semantics)
                  and n.identifier == "c"]
        assert node.toggled is None and node.selected is on
    # A filter's Classes, sides and icons are each on or off by themselves ("any chosen value").
    from companion.ui.fourteeners.editor import filter_editor
    from companion.ui.fourteeners.forms import FilterForm

    chips = [n for n in walk(ft.Column(filter_editor("f", FilterForm(), lambda _form: None)))
             if isinstance(n, ft.Semantics) and (n.identifier or "").startswith("f-")]
    assert chips and all(n.toggled is False for n in chips), [(n.identifier, n.toggled) for n in chips]


async def test_a_revealed_climb_s_hazard_is_said_once(open_ui, store):
    # A screen reader heard "Hazard" twice on such a tile: from the icon in the card's corner and from the
    # requirement chip beside the Endurance and Technique, which say the same printed fact.
    session_id, _ = _start(store, synthetic_catalog_doc())
    keeper = _keeper(store)
    rng = random.Random(0)
    state = keeper.state(session_id)
    while not any(card.hazard for card in state.row):
        keeper.act(session_id, rules.action_to_doc(rng.choice(rules.legal_actions(state))))
        state = keeper.state(session_id)
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    for card in state.row:
        key = f"ft-climb-{card.name.lower().replace(' ', '-')}"
        [node] = [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == key]
        said = node.label.split(", ")
        assert said.count("Hazard") == (1 if card.hazard else 0), said
        # One node, a button, its words in one order for every card: name, Class, then the rest (a Hazard card
        # was read with its Class last, apart).
        assert node.button and said[:2] == [card.name, f"Class {'I' * card.klass if card.klass < 4 else 'IV'}"]
        assert spoken(ui.get(key)) == [], spoken(ui.get(key))


async def test_a_climb_raised_by_the_weather_says_so_on_its_tile(open_ui, store):
    """A tile shows what a Climb asks this round; where the Weather asks more than the card prints, the tile says
    by how much and why ("2 Endurance (Rain +1)"), so the number is never one the card on the table does not
    show. The other requirement, unchanged, is said as printed."""
    session_id, _ = _start(store, synthetic_catalog_doc(), weather=True)
    keeper = _keeper(store)
    rng = random.Random(5)
    while True:
        state = keeper.state(session_id)
        assert state.phase is not Phase.FINISHED, "no Weather raised a revealed Climb in this game"
        if state.phase is Phase.GAIN and not state.players[state.turn].gerry:
            raised = [(card, rules.gain_check(state, state.turn, card.name)) for card in state.row]
            raised = [(card, check) for card, check in raised if check.endurance != card.endurance]
            if raised:
                break
        keeper.act(session_id, json.loads(json.dumps(rules.action_to_doc(rng.choice(rules.legal_actions(state))))))
    card, check = raised[0]
    weather = rules.weather_now(state).name
    ui = await open_ui(route=f"/play/fourteeners/{session_id}")
    tile = ui.get(f"ft-climb-{slug(card.name)}")
    shown = [c.value for c in walk(tile) if isinstance(c, ft.Text)]
    extra = check.weather_endurance                  # the engine's: what the round's Weather adds
    assert extra > 0 and check.endurance == card.endurance + extra
    raised_words = f"{check.endurance} Endurance ({weather} {extra:+d})"
    assert raised_words in shown
    assert f"{card.endurance} Endurance" not in shown
    if check.technique == card.technique:
        assert f"{card.technique} Technique" in shown
    [node] = [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == f"ft-climb-{slug(card.name)}"]
    assert node.label.startswith(f"{card.name}, ") and f", {raised_words}, " in node.label


def test_a_line_of_what_scored_says_its_points_once_and_always():
    """A Plan's words say how it scores, then what it scored follows; a Capstone's words are its points, said
    once. Compared by their words, "1 point per Climb tucked as Gear" scoring 1 (or "10 points if …" scoring 0)
    read as if they said the total, which was then left out."""
    from companion.ui.fourteeners.table import score_details

    def said(side, text, points, by_hand=False):
        line = PointsLine("Lake", side, text, points, by_hand=by_hand)
        player = scoring.PlayerScore(name="Ann", hiker="A", gerry=False, accolade=0, plans=points, capstones=0,
                                     photos=0, total=points, lines=(line,))
        [block] = score_details(scoring.ScoreBreakdown(players=(player,), winners=("Ann",), accolade=None))
        [node] = [c for c in walk(block) if isinstance(c, ft.Semantics) and c.label]
        assert spoken(node) == [node.label]
        return node.label

    assert said(Side.PLANS, "1 ★ per Climb tucked as Gear", 1) == (
        "Lake (Plans): 1 point per Climb tucked as Gear, 1 point")
    assert said(Side.PLANS, "10 ★ if no rival has more Class IV Climbs", 0).endswith("Climbs, 0 points")
    assert said(Side.CAPSTONE, "6 ★", 6) == "Lake (Capstone): 6 points"
    # A Plan counted by hand says its points, and that they were counted, in its words: neither again.
    assert said(Side.PLANS, Counted(3).text, 3, by_hand=True) == "Lake (Plans): 3 points, as counted by the players"


def test_a_plan_counted_by_hand_is_said_in_points_not_stars():
    # Said as one node now, the tile's words were the engine's "3 ★, …": a screen reader said "black star".
    from companion.games.fourteeners.abilities import Counted, Tucked
    from companion.ui.fourteeners.table import _tucked

    card = import_catalog(synthetic_catalog_doc()).cards[0]
    tile = _tucked(Tucked(card, Side.PLANS, Counted(3)), "t")
    assert "★" not in tile.label and "3 points, as counted by the players" in tile.label, tile.label


async def test_a_finished_game_not_yet_saved_says_so_on_home(open_ui, store):
    """A game played to its end stays under Resume until "Finish and save to History" is tapped; its card said
    "Game over · saved 7 Dec, 10:48", which read as saved to History, while History and Statistics had none
    of it."""
    session_id = _play_to_the_end(store, 3)
    ui = await open_ui()
    card = " ".join(str(c.value) for c in walk(ui.get(f"home-resume-{session_id}"))
                    if isinstance(getattr(c, "value", None), str))
    assert "Game over" in card and "not yet in History" in card
    assert "saved" not in card


@pytest.mark.parametrize("names", [("Amélie", "Benoît", "Chloé", "Dominique-Alexandre"),
                                   ("Alexandre", "Charlotte", "Christian", "Ann")])
def test_four_players_names_too_long_for_their_columns_are_listed_whole_on_a_phone(names):
    """Four players leave each name about 43 px on a 360 px phone: "Dominique-Alexandre" showed as "Dominiq" /
    "ue-" / "Alexan…" over its column. Each player then has a row of their own, every number still said."""
    from layout_check import layout_problems

    from companion.ui.fourteeners.table import score_table
    result = scoring.ScoreBreakdown(players=tuple(
        scoring.PlayerScore(name=name, hiker="A", gerry=False, accolade=2, plans=1, capstones=6, photos=0,
                            total=9 + i, lines=()) for i, name in enumerate(names)), winners=names[-1:], accolade=None)
    view = ft.View(route="/", controls=[ft.Container(padding=16, content=score_table(result))])
    assert layout_problems(view, 360, every_label=True) == [], names
    texts = {c.key: c.value for c in walk(view) if isinstance(c, ft.Text) and c.key}
    assert [texts[f"ft-score-name-{i}"] for i in range(4)] == list(names)
    assert [texts[f"ft-score-{i}-total"] for i in range(4)] == ["9", "10", "11", "12"]
    said = spoken(view)
    assert f"{names[3]}, Total: 12" in said and f"{names[3]}, Plans: 1" in said
    assert "Plans" not in said and "Total" not in said          # said once, with whose number it is


def test_a_tucked_climb_with_two_icons_keeps_its_name_readable_in_a_column_on_a_phone():
    """A Gear column at 360 px left "Peak 4-7" beside two icons about 11 px: "Pe" / "a…". French "ENTRAÎNEMENT"
    broke inside the word over its column."""
    from layout_check import layout_problems

    from companion.games.fourteeners.abilities import Tucked
    from companion.games.fourteeners.catalog import Card
    from companion.games.fourteeners.data import Icon
    from companion.i18n import use_language
    from companion.ui.fourteeners.table import _edge, _tucked

    card = Card(name="Peak 4-7", klass=4, endurance=3, technique=2, icons=(Icon.ALT, Icon.HAZARD),
                sides=(None, None, None, None))
    tile = _tucked(Tucked(card=card, side=Side.GEAR), "t")
    view = ft.View(route="/", controls=[ft.Container(width=104, content=tile)])
    assert [p for p in layout_problems(view, 360, every_label=True) if "Peak" in p] == []
    with use_language("fr"):
        heading = [c for c in walk(_edge(Side.TRAINING, [], "t", expand=True)) if isinstance(c, ft.Text)][0]
        assert heading.value == "ENTRAÎNEMENT ·\xa00" and heading.size == 10
