"""The solo game in-process: set up against Gerry, tap his reveals, watch him take the rightmost Climb, and
score both tableaus at the end."""

from __future__ import annotations

import random

import flet as ft
from harness import spoken, walk

import companion.ui.fourteeners.screens  # noqa: F401  (registers the 14ers screens)
from companion.games.fourteeners import rules, scoring, solo
from companion.games.fourteeners.catalog import import_catalog
from companion.games.fourteeners.data import Side
from companion.games.fourteeners.rules import Phase
from companion.sessions import SessionKeeper
from companion.ui.fourteeners.catalog import load_catalog, save_catalog
from companion.ui.fourteeners.parts import slug
from test_fourteeners_fixtures import synthetic_catalog_doc


def _first_reveal(state) -> str:
    """The first card the reveal list offers (the screen sorts them by name)."""
    names = sorted((a.card for a in rules.legal_actions(state) if isinstance(a, rules.Reveal)), key=str.casefold)
    return names[0]


async def test_a_solo_game_against_gerry_over_three_rounds(open_ui, store):
    save_catalog(store, import_catalog(synthetic_catalog_doc()))
    ann = store.players.add("Ann")
    ui = await open_ui(route="/games/fourteeners")
    await ui.click(f"ft-add-{ann.id}")
    ui.get("ft-setup-solo")
    assert ui.find("ft-setup-accolade") is None              # solo is played without an Accolade
    await ui.click("ft-start")
    keeper = SessionKeeper(store)
    [session] = keeper.in_progress()
    assert session.setup["accolade"] is None and session.title == "Ann vs Gerry"

    for _ in range(3):                                        # the first three Climbs
        await ui.click(f"ft-reveal-{slug(_first_reveal(keeper.state(session.id)))}")
    state = keeper.state(session.id)
    assert [p.name for p in state.players] == ["Ann", solo.gerry_name()]

    for round_number in (1, 2, 3):
        state = keeper.state(session.id)
        assert state.round == round_number and state.turn == 0 and state.phase is Phase.REVEAL
        name = _first_reveal(state)
        # A card to reveal is one button said in the row's order: name first, then Class, requirements, icons.
        card = state.setup.catalog.card(name)
        [node] = [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == f"ft-reveal-{slug(name)}"]
        assert node.label.startswith(f"{name}, Class {'I' * card.klass if card.klass < 4 else 'IV'}, "
                                     f"{card.endurance} Endurance, {card.technique} Technique"), node.label
        assert spoken(node) == [node.label] and node.button          # its drawn words are not said again
        await ui.click(f"ft-reveal-{slug(name)}")
        state = keeper.state(session.id)
        assert state.row[0].name == name                      # your new Climb goes far left
        assert "Gerry's pick" in ui.text()
        # Each tile says its place in the row in words (a bare "3" said nothing), and a Hazard once (its corner
        # icon names it, the requirement chip beside it is not said again).
        for position, card in enumerate(state.row):
            [node] = [c for c in walk(ui.top)
                      if isinstance(c, ft.Semantics) and c.identifier == f"ft-climb-{slug(card.name)}"]
            said = node.label.split(", ")
            assert f"place {position + 1} in the row" in said and str(position + 1) not in said, said
            assert said.count("Hazard") == (1 if card.hazard else 0), said
        gain = next(a for a in rules.legal_actions(state) if isinstance(a, rules.Gain) and not a.guides)
        await ui.click(f"ft-climb-{slug(gain.card)}")
        await ui.click(f"ft-side-{gain.side.value}")
        await ui.click("ft-gain")

        # Gerry's turn: the player only taps which card he revealed.
        state = keeper.state(session.id)
        assert state.turn == 1 and state.phase is Phase.REVEAL
        rightmost = state.row[-1]
        side = solo.gerry_side(rightmost.klass).value.capitalize()
        assert f"takes the rightmost Climb, {rightmost.name}, and tucks it as {side}" in ui.get("ft-reveal-notes").value
        gerry_reveal = _first_reveal(state)
        await ui.click(f"ft-reveal-{slug(gerry_reveal)}")
        state = keeper.state(session.id)
        gerry = state.players[1]
        taken = gerry.tucked[-1]
        assert taken.card.name == rightmost.name               # he takes the rightmost, whatever it needs
        assert taken.side is solo.gerry_side(taken.card.klass)  # and tucks it by its Class
        assert state.row[0].name == gerry_reveal               # his reveal went far left
        assert len(gerry.tucked) == round_number and not gerry.guides

    # Gerry's tableau is drawn like any other, on his Hiker C.
    await ui.click("ft-player-1")
    assert ui.get("ft-tableau-1-name").value == solo.gerry_name()
    counts = {side: sum(1 for t in gerry.tucked if t.side.value == side)
              for side in ("capstone", "gear", "training", "plans")}
    for side, count in counts.items():
        assert ui.get(f"ft-tableau-1-{side}-count").value.endswith(f"·\u00a0{count}")


async def test_the_setup_says_the_fog_moves_only_the_players_reveal_and_a_guide_may_ignore_it(open_ui, store):
    # The setup said "In a Fog round each player reveals at the end of the turn", Gerry included, while he
    # reveals first as in any round, and a hired Guide lets a player reveal first too (docs/rulings.md).
    ann, bo = store.players.add("Ann"), store.players.add("Bo")
    ui = await open_ui(route="/games/fourteeners")
    await ui.click(f"ft-add-{ann.id}")
    await ui.click("ft-setup-weather")
    assert ui.get("ft-setup-fog").value == ("In a Fog round you reveal at the end of your turn, not the start, "
                                            "unless you hire a Guide to ignore it; Gerry reveals first, as in any "
                                            "round.")
    await ui.click(f"ft-add-{bo.id}")
    assert ui.get("ft-setup-fog").value == ("In a Fog round each player reveals at the end of the turn, not the "
                                            "start, unless they hire a Guide to ignore it.")


async def test_in_fog_gerry_ignores_the_weather_and_reveals_before_he_takes(open_ui, store):
    # 'Solo Variant': Gerry takes the rightmost "ignoring all Weather". The screen said "Fog: Gerry took the
    # rightmost Climb first; his reveal goes far left", as if the Fog ruled his turn.
    ann = store.players.add("Ann")
    keeper = SessionKeeper(store)
    session = keeper.start("fourteeners", {"players": [{"name": "Ann", "id": ann.id}], "weather": True,
                                           "catalog": synthetic_catalog_doc()}, [ann.id], "Ann vs Gerry")
    while not ((state := keeper.state(session.id)).round == 3 and state.turn == 1):
        action = next(a for a in rules.legal_actions(state) if not isinstance(a, rules.Gain) or not a.guides)
        keeper.act(session.id, rules.action_to_doc(action))
    assert state.phase is Phase.REVEAL and len(state.players[1].tucked) == 2   # he has not taken this round's
    assert "at the end of the turn" not in rules.prompt(state)
    ui = await open_ui(route=f"/play/fourteeners/{session.id}")
    notes = ui.get("ft-reveal-notes").value
    rightmost = state.row[-1]
    side = solo.gerry_side(rightmost.klass).value.capitalize()
    assert f"It goes far left; then Gerry takes the rightmost Climb, {rightmost.name}, and tucks it as {side}." in notes
    assert "Fog" not in notes and "Fog" in ui.get("ft-weather-now").value
    name = _first_reveal(state)
    await ui.click(f"ft-reveal-{slug(name)}")
    state = keeper.state(session.id)
    assert state.round == 4 and state.turn == 0 and state.row[0].name == name
    assert state.players[1].tucked[-1].card.name == rightmost.name


def solo_played_with_blank_training(store):
    """A solo game played to its end on a catalog whose Class I cards have no Training side described (Gerry
    tucks Class I as Training): (keeper, session, final state)."""
    doc = synthetic_catalog_doc()
    for card in doc["cards"]:
        if card["class"] == 1:
            card["sides"]["training"] = None
    ann = store.players.add("Ann")
    keeper = SessionKeeper(store)
    session = keeper.start("fourteeners", {"players": [{"name": "Ann", "id": ann.id}], "catalog": doc},
                           [ann.id], "Ann vs Gerry")
    rng = random.Random(7)
    while (state := keeper.state(session.id)).phase is not Phase.FINISHED:
        keeper.act(session.id, rules.action_to_doc(rng.choice(rules.legal_actions(state))))
    return keeper, session, state


async def test_the_solo_end_asks_for_the_blank_sides_gerry_tucked_then_scores_both(open_ui, store):
    keeper, session, state = solo_played_with_blank_training(store)
    missing = scoring.missing(state)
    assert missing and all(owner == solo.gerry_name() for owner, _, _ in missing)

    ui = await open_ui(route=f"/play/fourteeners/{session.id}")
    for number, (owner, name, side) in enumerate(missing):
        assert f"Describe the Training side of {name} in {owner}'s tableau" in ui.get("ftd-title").value
        # Training raises attributes ('Climb Cards'): the form starts on Endurance (taken as it came, a
        # Training side scored a point, counted among the Plans).
        assert [c.identifier for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.selected
                and str(c.identifier or "").startswith("ftd-i0-effect-")] == ["ftd-i0-effect-endurance"]
        await ui.click("ftd-save")
        described = keeper.state(session.id).card(name).ability(side)
        assert described is not None and described[0].effect.amount == 1
    result = scoring.score(keeper.state(session.id))
    for index, player in enumerate(result.players):
        assert ui.get(f"ft-score-{index}-total").value == str(player.total)
    you, gerry = (p.total for p in result.players)
    assert ui.get("ft-winner").value.startswith(solo.outcome(you, gerry, result.winners, "Ann"))


async def test_the_cards_described_in_a_game_are_still_offered_to_the_catalog_once_it_is_saved(open_ui, store):
    # Finishing the game took the offer away, and the cards described during it never reached the catalog.
    keeper, session, state = solo_played_with_blank_training(store)
    described = []
    for _owner, name, side in scoring.missing(state):
        keeper.act(session.id, {"type": "describe", "card": name, "side": side.value,
                                "ability": {"endurance": 1}})
        described.append(name)
    ui = await open_ui(route=f"/play/fourteeners/{session.id}")
    assert ui.find("ft-save-cards") is not None
    await ui.click("ft-finish")
    assert store.history.get(session.id) is not None and ui.find("ft-saved") is not None
    # Said before the scores, where the screen stands after saving: at its foot it was some 1,200 px down.
    keys = [str(c.key) for c in walk(ui.top) if getattr(c, "key", None) in ("ft-saved", "ft-final-title")]
    assert keys == ["ft-saved", "ft-final-title"], keys
    await ui.click("ft-save-cards")
    kept = load_catalog(store)
    for name in described:
        assert kept.card(name).ability(Side.TRAINING) is not None
    assert ui.find("ft-save-cards") is None


async def test_a_finished_solo_game_shows_no_accolade_and_keeps_its_name_in_history(open_ui, store):
    save_catalog(store, import_catalog(synthetic_catalog_doc()))
    ann = store.players.add("Ann")
    setup_screen = await open_ui(route="/games/fourteeners")
    await setup_screen.click(f"ft-add-{ann.id}")
    await setup_screen.click("ft-start")
    keeper = SessionKeeper(store)
    [session] = keeper.in_progress()
    rng = random.Random(5)
    while (state := keeper.state(session.id)).phase is not Phase.FINISHED:
        keeper.act(session.id, rules.action_to_doc(rng.choice(rules.legal_actions(state))))
    assert not scoring.missing(state)                      # every side described: the score shows at once

    ui = await open_ui(route=f"/play/fourteeners/{session.id}")
    assert "Ann vs Gerry" in ui.texts()                    # the screen's title while it is played
    result = scoring.score(state)
    for index, player in enumerate(result.players):
        assert ui.find(f"ft-score-{index}-accolade") is None     # solo has no Accolade: no row of zeros
        assert ui.get(f"ft-score-{index}-plans").value == str(player.plans)
    assert not any("Accolade" in text for text in ui.texts())
    assert [ui.get(f"ft-lines-{i}-name").value for i in (0, 1)] == ["Ann", solo.gerry_name()]

    await ui.click("ft-finish")
    record = store.history.get(session.id)
    assert record["title"] == session.title == "Ann vs Gerry"
    assert not any("accolade" in player for player in record["detail"]["players"])
    assert "accolade" not in record["detail"]
    ui.get("ft-saved")                                     # the same screen, now from History
    assert ui.find("ft-score-0-accolade") is None and "Ann vs Gerry" in ui.texts()

    history = await open_ui(route=f"/history/{session.id}")
    shown = history.texts()
    assert "Ann vs Gerry" in shown
    assert not any("Accolade" in text for text in shown)
    assert any(str(result.players[1].plans) == text for text in shown)   # the breakdown itself is there


async def test_a_tie_with_gerry_is_not_said_to_be_broken_by_capstones(open_ui, store):
    # Gerry is beaten only by a higher score (docs/rulings.md): the screen added "Tied at 11, broken by the
    # fewest points from Capstones." under "A tie with Gerry at 11 is not a win".
    import json

    from companion.games.fourteeners import session as engine

    catalog = synthetic_catalog_doc()
    setup = {"players": [{"name": "Ann"}], "accolade": None, "catalog": catalog}
    for seed in range(400):                      # the first seeded random game that ends level with Gerry
        state, docs, rng = engine.start(setup), [], random.Random(seed)
        while state.phase is not Phase.FINISHED:
            docs.append(json.loads(json.dumps(rules.action_to_doc(rng.choice(rules.legal_actions(state))))))
            state = engine.apply(state, docs[-1])
        result = scoring.score(state) if not scoring.missing(state) else None
        if result is not None and result.players[0].total == result.players[1].total:
            break
    else:
        raise AssertionError("no tie with Gerry in 400 games")
    ann = store.players.add("Ann")
    keeper = SessionKeeper(store)
    session = keeper.start("fourteeners", {**setup, "players": [{"name": "Ann", "id": ann.id}]}, [ann.id], "Solo")
    for doc in docs:
        keeper.act(session.id, doc)
    ui = await open_ui(route=f"/play/fourteeners/{session.id}")
    total = result.players[0].total
    assert ui.get("ft-winner").value == f"A tie with Gerry at {total} is not a win: only a higher score beats Gerry."
    # Nor is the trophy drawn beside it, as beside a win.
    assert ui.get("ft-winner-icon").icon != ft.Icons.EMOJI_EVENTS_ROUNDED
