"""What a screen reader is told besides the names: which die and which language are chosen, what a dialog is
called, and the answers of a tap (a notice, a refusal, the next step) as they come, in a live region."""

from __future__ import annotations

import flet as ft
import pytest
from harness import spoken, walk
from test_freunde_play import freunde_screens

from companion.sessions import SessionKeeper


def semantics_over(ui, key: str) -> list[ft.Semantics]:
    """The Semantics nodes holding the control with `key` (its own identifier node included), outermost first."""
    target = ui.get(key)
    return [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and any(d is target for d in walk(c))]


def live(ui, key: str) -> bool:
    return any(node.live_region for node in semantics_over(ui, key))


def trek12_game(store) -> str:
    ann = store.players.add("Ann")
    setup = {"sheet": "dunai", "solo": "max", "players": [{"id": ann.id, "name": "Ann"}], "dice_seed": 3}
    return SessionKeeper(store).start("trek12", setup, [ann.id], "Dunai").id


async def test_trek12_says_the_die_chosen_and_each_answer_as_it_comes(open_ui, store):
    ui = await open_ui(route=f"/play/trek12/{trek12_game(store)}")
    assert live(ui, "t12-status")                     # "Tap the red and the yellow dice…", then each next step
    await ui.click("t12-red-3")
    chosen = {n.identifier: n.selected for n in walk(ui.top) if isinstance(n, ft.Semantics)
              and str(n.identifier or "").startswith("t12-red-")}
    assert chosen == {f"t12-red-{v}": v == 3 for v in range(1, 7)}
    await ui.click("t12-circle-3")                    # a circle before the yellow die: refused, and said so
    assert live(ui, "t12-status")


async def test_a_dialog_is_called_by_its_title_not_alert(open_ui, store):
    ann = store.players.add("Ann")
    ui = await open_ui(route="/players")
    await ui.click(f"player-{ann.id}-remove")
    [dialog] = ui.dialogs()
    assert dialog.semantics_label == "Remove Ann?"
    # Drawn, but said only as the dialog's name: the node so named holds the title, and it was said twice.
    assert [t.value for t in walk(dialog.title) if isinstance(t, ft.Text)] == ["Remove Ann?"]
    assert spoken(dialog.title) == []


async def test_the_language_chosen_is_said_to_be_chosen(open_ui, store):
    ui = await open_ui(route="/settings")
    await ui.click("settings-language-fr")
    flags = {n.identifier: n.selected for n in walk(ui.top) if isinstance(n, ft.Semantics)
             and str(n.identifier or "").startswith("settings-language-") and n.identifier.count("-") == 2}
    assert flags["settings-language-fr"] is True and flags["settings-language-en"] is False


async def test_a_refusal_and_a_notice_are_live_regions(open_ui, store):
    from test_expedition_play import on_paper, pick

    ui, _players = await on_paper(open_ui, store, "Ann", "Bob")
    await ui.click("exp-pick-open")
    await ui.click("exp-pick-submit")                 # nobody chosen: refused
    assert live(ui, "exp-pick-problem")
    await ui.click("exp-pick-cancel")
    await pick(ui, (0, "rope"))
    assert live(ui, "exp-notice-text")


async def test_a_game_to_resume_is_one_button_that_says_what_it_shows(open_ui, store):
    # An Expedition's standings inside the tile (nodes of their own) made it a "group", not a button.
    from companion.store.hall_of_fame import expedition_setup

    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    setup = expedition_setup(store, [{"id": ann.id, "name": "Ann", "paper": True},
                                     {"id": bob.id, "name": "Bob", "paper": True}])
    session = SessionKeeper(store).start("expedition", setup, [ann.id, bob.id], "Expedition")
    ui = await open_ui(route="/")
    tile = ui.get(f"home-resume-{session.id}")
    assert any(isinstance(c, ft.MergeSemantics) and any(d is tile for d in walk(c)) for c in walk(ui.top))


def merged(ui, key: str) -> bool:
    """The control with `key` is one node with what holds it (ft.MergeSemantics): its name, state and tap."""
    target = ui.get(key)
    return any(isinstance(c, ft.MergeSemantics) and any(d is target for d in walk(c)) for c in walk(ui.top))


async def test_tiles_that_were_two_nested_buttons_are_one(open_ui, store):
    # The named outer node of a sheet tile did nothing when activated; only a nameless inner one did.
    store.players.add("Ann")
    ui = await open_ui(route="/games/trek12")
    assert merged(ui, "t12-new-sheet-dunai")
    ann, bob = store.players.list()[0], store.players.add("Bob")
    session = SessionKeeper(store).start("ridgeline", {"seats": [{"id": ann.id, "name": "Ann"},
                                                                 {"id": bob.id, "name": "Bob"}], "route": "sprint"},
                                         [ann.id, bob.id], "Ridgeline")
    await ui.go(f"/play/ridgeline/{session.id}")
    from test_ridgeline_play import Panel, open_panel

    await open_panel(ui, Panel.HAND)
    assert merged(ui, "rl-left-0") and merged(ui, "rl-left-1")
    # Said in sentences, the fatigue with its number ("250, fatigue" as drawn; Polish says "zmęczenie 250").
    [node] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "rl-left-1"]
    assert node.label == "Bob. Tap to enter cards · on camp\u00a01", node.label     # no figure before his cards
    await ui.click("rl-left-1")
    await ui.type("rl-hand-codes", "G5")
    await ui.submit("rl-hand-codes")
    [node] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "rl-left-1"]
    assert node.label == ("Bob. 1 card in hand · 5 fatigue · on camp\u00a01. Fatigue after this hand: 130"), node.label


async def test_each_expedition_score_field_says_whose_it_is(open_ui, store):
    from test_expedition_play import on_paper

    ui, _players = await on_paper(open_ui, store, "Ann", "Bob")
    await ui.click("exp-score-open")
    # The label is a one-line text, cut where a long name needs it: its words are whole to a screen reader.
    labels = [ui.get(f"exp-score-{seat}-points").label for seat in (0, 1)]
    assert [label.value for label in labels] == ["Ann's sheet points", "Bob's sheet points"]
    assert all(label.max_lines == 1 and label.overflow == ft.TextOverflow.ELLIPSIS for label in labels)


async def test_the_hint_and_the_result_are_said_as_they_come(open_ui, store):
    import random

    from test_trek12_coach_ui import hinted_turn

    from companion.games.trek12 import session as trek12
    from companion.games.trek12.rules import ROLLS, legal_actions

    session, ui = await hinted_turn(open_ui, store)
    assert live(ui, "t12-hint-text")
    # The last circle written, the result takes the dice's place: said, not only shown.
    keeper, rng = SessionKeeper(store), random.Random(2)
    table = keeper.state(session.id)
    while not table.complete:
        seat = trek12.current_player(table)
        roll = table.roll or rng.choice(ROLLS)
        keeper.act(session.id, dict(rng.choice(legal_actions(table.states[seat], roll)).to_dict(), player=seat))
        table = keeper.state(session.id)
    ui = await open_ui(route=f"/play/trek12/{session.id}")
    assert live(ui, "t12-result")


def test_a_freunde_card_that_cannot_be_added_is_a_disabled_button():
    # With none left, the card said "Add Move 2, 0 available" and was no button at all: neither tappable nor
    # said to be unavailable.
    from companion.ui.freunde.parts import card_face

    spent = card_face("M2", key="fr-card-M2", count=0, dim=True, on_click=None, action="Add").content
    assert spent.button is True and spent.disabled is True
    offered = card_face("M2", key="fr-card-M2", count=2, on_click=lambda: None, action="Add").content
    assert offered.button is True and not offered.disabled
    shown = card_face("M2").content                           # a card only shown (a hand, a log) is no button
    assert not shown.button


def test_a_freunde_space_keeps_its_printed_name_in_every_language():
    # The winter board's space "L" was said "P" in Polish (the catalog's letter of a game lost): the name of
    # another space of the same board.
    from companion.games.freunde.data import load_data
    from companion.i18n import use_language
    from companion.ui.freunde.board import space_name

    winter = next(b for b in load_data().boards.values() if "L" in b.spaces)
    with use_language("pl"):
        assert space_name(winter, "L") == "L" and space_name(winter, "P") == "P"
        assert space_name(winter, winter.summit) != winter.summit            # words are still translated


def test_a_freunde_chip_and_card_are_read_once_by_their_label():
    # "At the table At the table", "Add Move 1, 5 available 1 ×5": the label, then the words on the control again.
    from companion.ui.freunde.parts import card_face, chip

    def read_besides_label(node) -> list[str]:
        if isinstance(node, ft.Semantics) and node.exclude_semantics:
            return []
        out = [node.value] if isinstance(node, ft.Text) and node.value else []
        for child in (getattr(node, "content", None), *(getattr(node, "controls", None) or [])):
            if child is not None:
                out.extend(read_besides_label(child))
        return out

    for control in (chip("fr-new-tile-1-none", "At the table", True, lambda: None),
                    card_face("M1", key="fr-card-M1", count=5, on_click=lambda: None, action="Add")):
        assert isinstance(control, ft.MergeSemantics)
        labelled_node = control.content
        assert labelled_node.label and read_besides_label(labelled_node.content) == [], labelled_node.label


def test_a_chip_or_a_tile_with_a_name_of_its_own_says_its_words_once():
    """Flutter joins the words under a node to its label: a seat chip named "Ann, 1" over the drawn "Ann" was read
    "Ann, 1, Ann". The words drawn are left out, and the node keeps its tap (merged with it)."""
    from harness import names_said_twice, nameless_taps

    from companion.ui.common.widgets import choice_tile, seat_chip, toggle_pill
    from companion.ui.ridgeline.parts import card_face

    controls = [seat_chip("seat-ann", "Ann", "#E91E63", True, lambda: None, mark="1"),
                toggle_pill("pill", "Rope", False, lambda: None, sub="held by Bob"),
                choice_tile("tile", "Sprint", "a short route", True, lambda: None),
                card_face("G7", key="card", on_click=lambda: None)]
    for control in controls:
        assert names_said_twice(control) == [] and nameless_taps(control) == [], control


def test_a_toggle_pill_says_whether_it_is_on():
    """A chosen seat ("Who pitched?") was told only by its look and a "selected" state, which a browser's reader
    said as "current", or not at all: a toggle says on or off."""
    from companion.ui.common.widgets import seat_chip

    for chosen in (True, False):
        [node] = [n for n in walk(seat_chip("seat-ann", "Ann", "#E91E63", chosen, lambda: None, mark="1"))
                  if isinstance(n, ft.Semantics) and n.identifier == "seat-ann"]
        assert node.toggled is chosen and node.button, node
        # One choice of several (who went out): a switch that does not go off when tapped again would mislead.
        [node] = [n for n in walk(seat_chip("seat-ann", "Ann", "#E91E63", chosen, lambda: None, one_of=True))
                  if isinstance(n, ft.Semantics) and n.identifier == "seat-ann"]
        assert node.toggled is None and node.selected is chosen, node


@pytest.mark.usefixtures(freunde_screens.__name__)         # the real screens registered
async def test_what_a_tile_no_longer_says_by_its_drawn_words_its_name_says(open_ui, store):
    """With the drawn words left out, the name says all they said: a climber done says where it stands ("Done ·
    S1" on the tile), the Expedition's track every Ascent's sheet and summit, a choice tile its warning tag."""
    from test_expedition_play import on_paper
    from test_freunde_play import CARDS_PLAYED, start_game

    from companion.ui.common.widgets import choice_tile

    session = start_game(store, actions=CARDS_PLAYED)
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    for key in ("fr-climber-A", "fr-give-0", "fr-space-S1", "fr-give"):
        await ui.click(key)
    [climber] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "fr-climber-A"]
    assert climber.label.startswith("Ann's climber A: done, S1, acclimatization"), climber.label

    expedition, _players = await on_paper(open_ui, store, "Cat", "Dan")
    [track] = [n for n in walk(expedition.top) if isinstance(n, ft.Semantics) and isinstance(n.label, str)
               and n.label.startswith("Ascent 1 of 3")]
    for sheet in ("Dunai 65+", "Kagkot", "Dhaulagiri"):
        assert sheet in track.label, track.label

    [tile] = [n for n in walk(choice_tile("t", "Winter", "A harder board.", False, lambda: None, tag="new"))
              if isinstance(n, ft.Semantics) and n.label]
    assert tile.label == "Winter (new). A harder board."


@pytest.mark.usefixtures(freunde_screens.__name__)         # the real screens registered
async def test_freunde_forecast_days_and_risk_tokens_say_their_words_once(open_ui, store):
    # "Day 2 (today): Sun: no effect" then "Today", "no effect"; "Risk token 1, 11 left" then "1", "11 left".
    from harness import names_said_twice, nameless_taps
    from test_freunde_play import CARDS_PLAYED, start_game

    session = start_game(store, actions=CARDS_PLAYED[:3])          # the risk token is to be taken
    ui = await open_ui(route=f"/play/freunde/{session.id}")
    assert ui.find("fr-forecast") is not None
    assert [k for k in ui.keys() if k.startswith("fr-risk-")], ui.keys()
    assert names_said_twice(ui.top) == [] and nameless_taps(ui.top) == []


def test_a_card_named_after_a_verb_in_polish_keeps_its_name_whole():
    # "Dodaj Sosna 1", "Usuń Lina": a card's name after a verb wants another case in Polish, which a name made
    # of its colour and rank cannot take; said after a colon, it stays as printed.
    from companion.i18n import _, use_language
    from companion.ui.ridgeline.parts import card_face

    with use_language("pl"):
        labels = [n.label for n in walk(card_face("P1", key="k", on_click=lambda: None, action=_("Add {card}")))
                  if isinstance(n, ft.Semantics) and n.label]
    assert labels == ["Dodaj kartę: Sosna 1"], labels
