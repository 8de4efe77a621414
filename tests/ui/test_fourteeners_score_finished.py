"""Score a finished 14ers game on the screen: every hand-worked table entered by taps gives the command line's
result; cards picked from the catalog; a Plan counted by hand; corrections, undo, resuming, and keeping the
cards entered on the spot in the catalog with one tap."""

from __future__ import annotations

import copy
from typing import Any

import flet as ft
import pytest
from fourteeners_final_driver import Driver

import companion.ui.fourteeners.screens  # noqa: F401  (registers the 14ers screens)
from companion.games.fourteeners.catalog import export_catalog, import_catalog
from companion.games.fourteeners.data import Side
from companion.games.fourteeners.files import score_file
from companion.sessions import SessionKeeper
from companion.ui.fourteeners.catalog import load_catalog, save_catalog
from fourteeners_tables import TABLES, card
from harness import focused, spoken, walk


def roster(store, table: dict[str, Any]) -> dict[str, str]:
    return {p["name"]: store.players.add(p["name"]).id for p in table["players"] if not p.get("gerry")}


def record_result(store) -> dict[str, Any]:
    [record] = store.history.list()
    players = [{k: p.get(k, 0) for k in ("name", "accolade", "plans", "capstones", "photos", "total")}
               for p in record["detail"]["players"]]
    winners = record["detail"]["winner"]
    return {"players": players, "winner": winners[0] if len(winners) == 1 else winners}


async def set_up(open_ui, store, name: str):
    """The finished-game tab set up for one of the hand-worked tables, nothing entered yet: (ui, driver, table)."""
    table = TABLES[name]["table"]
    ui = await open_ui()
    drive = Driver(ui)
    await drive.set_up(table, roster(store, table))
    return ui, drive, table


async def hand_counted_plan(drive, note: str) -> None:
    """Add Windom Peak (Class II) as a Plan the players counted by hand: 5 points, with `note`."""
    await drive.tap("ftf-add-plans")
    await drive.type("ftf-name", "Windom Peak")
    await drive.tap("ftf-class-2")
    await drive.tap("ftf-plan-count")
    await drive.tap("ftf-count-5")
    await drive.type("ftf-note", note)


async def test_a_climb_entered_on_the_spot_needs_its_class_and_a_capstone_its_points(open_ui, store) -> None:
    # The form began on Class I and 0 points: a Capstone added at once scored nothing and counted for Class I
    # Plans and Accolades, unasked.
    ui, drive, table = await set_up(open_ui, store, "capstone-tiebreak")
    await drive.tap("ftf-add-capstone")
    assert not any(drive.selected(f"ftf-class-{k}") for k in (1, 2, 3, 4))
    assert "ftf-cap-0" not in ui.keys() and not any(drive.selected(f"ftf-cap-{n}") for n in range(1, 13))
    assert ui.get("ftf-preview").value == "Choose the card's Class: Plans and the Accolade count by it."
    await drive.tap("ftf-put")
    assert ui.get("ftf-problem").value == "Choose the card's Class: Plans and the Accolade count by it."
    assert ui.find("ftf-preview") is None           # said once, not over the refusal again
    await drive.tap("ftf-class-3")
    # The refusal goes with the change it asked for: left under the Class just ticked, it read as the tap lost.
    assert ui.find("ftf-problem") is None
    await drive.tap("ftf-put")
    assert ui.get("ftf-problem").value == "Choose the points printed on the Capstone."
    assert SessionKeeper(store).in_progress()[0].actions == ()
    # Each point chip is said with its unit: a screen reader heard a bare "5".
    nodes = {n.identifier: n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier}
    assert spoken(nodes["ftf-cap-5"]) == ["5 points"] and spoken(nodes["ftf-cap-1"]) == ["1 point"]
    await drive.tap("ftf-cap-5")
    assert ui.get("ftf-preview").value == "On Ann's tableau now: 5 points."
    await drive.tap("ftf-put")
    assert ui.find("ftf-problem") is None
    [session] = SessionKeeper(store).in_progress()
    ann = SessionKeeper(store).state(session.id).players[0]
    [tucked] = ann.tucked
    assert tucked.card.klass == 3
    # The seat's chip says what its figure counts: "Ann · A (1)" left it to be guessed.
    nodes = {n.identifier: n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier}
    assert spoken(nodes["ftf-seat-0"]) == [f"Ann, Hiker {ann.hiker}, 1 card entered"]


def screen_totals(ui, count: int) -> list[int]:
    return [int(ui.get(f"ft-score-{i}-total").value) for i in range(count)]


@pytest.mark.parametrize("name", sorted(TABLES))
async def test_each_hand_worked_table_entered_on_the_spot(name: str, open_ui, store) -> None:
    table = TABLES[name]["table"]
    ui = await open_ui()
    drive = Driver(ui)
    await drive.set_up(table, roster(store, table))
    assert ui.route.startswith("/play/fourteeners/")
    await drive.enter(table, catalog=False, names=name != "accolade-fewest")
    expected = TABLES[name]["expected"]
    # The live score before saving is the result the command line gives for the same table.
    assert screen_totals(ui, len(expected["players"])) == [p["total"] for p in expected["players"]]
    await drive.score()
    assert record_result(store) == expected == score_file(table)
    assert ui.get("ft-winner").value == store.history.list()[0]["detail"]["verdict"]
    # What scored: the Accolade and the Guides' Photos stand in the points column with the lines, which add up
    # to each player's total.
    for i, player in enumerate(expected["players"]):
        for part in ("accolade", "photos"):
            shown = ui.find(f"ft-line-{i}-{part}")
            assert (shown.value if shown is not None else "0") == str(player[part])
        column = [int(ui.get(key).value) for key in ui.keys() if key.startswith(f"ft-line-{i}-")]
        assert sum(column) == player["total"], (name, player)
    assert ui.find("ft-saved") is not None
    # Before the result: the screen stands at its top once saved, and the card at its foot was out of sight.
    keys = [str(c.key) for c in walk(ui.top) if getattr(c, "key", None) in ("ft-saved", "ft-winner")]
    assert keys == ["ft-saved", "ft-winner"], keys


async def test_the_rulebook_example_from_a_catalog_holding_its_cards(open_ui, store) -> None:
    table = TABLES["rulebook-example"]["table"]
    cards = [t["card"] for p in table["players"] for t in p["tucked"] + p["guides"]]
    save_catalog(store, import_catalog({"format": "fourteeners-catalog", "version": 1, "cards": cards}))
    ui = await open_ui()
    drive = Driver(ui)
    await drive.set_up(table, roster(store, table))
    await drive.enter(table, catalog=True)
    assert "ftf-spot" not in ui.keys()
    await drive.score()
    assert record_result(store) == TABLES["rulebook-example"]["expected"]
    assert ui.find("ft-pending") is None            # nothing new to keep: every card came from the catalog


async def test_a_catalog_card_with_its_side_blank_asks_only_what_it_scores(open_ui, store) -> None:
    table = TABLES["accolade-fewest"]["table"]
    blank = copy.deepcopy(table["players"][0]["tucked"][1]["card"])     # Wetterhorn Peak, a Plan
    blank["sides"] = {}
    save_catalog(store, import_catalog({"format": "fourteeners-catalog", "version": 1, "cards": [blank]}))
    ids = roster(store, table)
    ui = await open_ui()
    drive = Driver(ui)
    await drive.set_up(table, ids)
    await drive.tap("ftf-add-plans")
    # The search takes the keyboard as the picker opens: a name is typed at once, not after a click in it.
    await focused(ui, "ftf-search")
    await drive.type("ftf-search", "wett")
    # Said name first, as the tableau's rows are (its corner icon came first, before the Class and the name).
    pick = next(n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "ftf-pick-wetterhorn-peak")
    assert spoken(pick) == ["Wetterhorn Peak, Class II, Alt route, Plans side not described: you will say what it "
                            "scores"]
    await drive.tap("ftf-pick-wetterhorn-peak")
    assert "ftf-name" not in ui.keys() and "ftf-class-1" not in ui.keys()     # its corner is printed
    # Back to the catalog, then a card not in it: the card left behind lends it neither its Class nor its icons.
    await drive.tap("ftf-back")
    await drive.tap("ftf-spot")
    assert not any(drive.selected(f"ftf-class-{k}") for k in (1, 2, 3, 4)) and not drive.selected("ftf-icon-alt")
    await drive.tap("ftf-back")
    await drive.type("ftf-search", "wett")
    await drive.tap("ftf-pick-wetterhorn-peak")
    await drive.ability({"per": {"icon": "alt"}, "points": 2})
    assert ui.get("ftf-preview").value == "On Ann's tableau now: 2 points."  # its own Alt route
    await drive.tap("ftf-put")
    assert ui.get("ftf-row-0-plans-0-points").value == "2"
    # Changed with a tap: the form shows the side as entered here, not the catalog's blank one.
    await drive.tap("ftf-row-0-plans-0")
    assert ui.get("ftf-preview").value == "On Ann's tableau now: 2 points."
    await drive.tap("ftf-put")
    assert ui.get("ftf-row-0-plans-0-points").value == "2"
    # The rest on the spot; then the described side is offered to the catalog with one tap.
    table = copy.deepcopy(table)
    table["players"][0]["tucked"] = table["players"][0]["tucked"][:1]
    await drive.enter(table, catalog=False)
    await drive.score()
    assert [p["total"] for p in record_result(store)["players"]] == [13, 8]
    await ui.click("ft-save-cards")
    saved = load_catalog(store)
    assert saved.card("Wetterhorn Peak").ability(Side.PLANS) is not None
    assert saved.card("Uncompahgre Peak") is not None and saved.card("Mount Wilson") is not None
    assert ui.find("ft-pending") is None


async def test_cards_entered_without_a_name_score_and_stay_out_of_the_catalog(open_ui, store) -> None:
    table = TABLES["capstone-tiebreak"]["table"]
    ui = await open_ui()
    drive = Driver(ui)
    await drive.set_up(table, roster(store, table))
    await drive.enter(table, catalog=False, names=False)
    assert ui.get("ftf-verdict").value.startswith("Bo wins: Ann and Bo tie at 12")
    await drive.score()
    assert record_result(store) == TABLES["capstone-tiebreak"]["expected"]
    names = [line["source"] for p in store.history.list()[0]["detail"]["players"] for line in p["lines"]]
    assert "Ann's Capstone 1" in names
    assert ui.find("ft-pending") is None


async def test_a_card_entered_without_a_name_is_named_in_the_players_language(open_ui, store) -> None:
    # "Ann's Capstone 1" on a German screen, in its remove button and in the breakdown.
    table = TABLES["capstone-tiebreak"]["table"]
    store.settings.set("language", "de")
    ui = await open_ui()
    drive = Driver(ui)
    await drive.set_up(table, roster(store, table))
    await drive.enter(table, catalog=False, names=False)
    await drive.score()
    assert record_result(store) == TABLES["capstone-tiebreak"]["expected"]
    names = [line["source"] for p in store.history.list()[0]["detail"]["players"] for line in p["lines"]]
    assert "Höhepunkt 1 von Ann" in names and not any("'s " in name for name in names)
    assert ui.find("ft-pending") is None                        # still known as made up: not offered
    # Read in English later, the made-up names are said in English, as every other word of the game is (History
    # showed "What scored: Höhepunkt 1 von Ann" among English words); the game keeps the name it was given.
    from companion.i18n import use_language
    from companion.ui.fourteeners.screens import record_words

    with use_language("en"):
        shown = record_words(store.history.list()[0]["detail"])
        sources = [line["source"] for p in shown["players"] for line in p["scored"]]
        assert "Ann's Capstone 1" in sources and not any(" von " in str(name) for name in sources), sources
    names_after = [line["source"] for p in store.history.list()[0]["detail"]["players"] for line in p["lines"]]
    assert names_after == names


def test_a_made_up_name_is_said_in_the_screens_language_and_any_other_name_as_it_is() -> None:
    from companion.i18n import use_language
    from companion.ui.fourteeners.names import made_up, shown_name

    players = ("Zoé d'Arc", "Ann", "A{number}")
    with use_language("fr"):
        assert shown_name("Zoé d'Arc's Capstone 1", players) == "Exploit 1 de Zoé d'Arc"   # made in English
        assert shown_name("Exploit 1 de Zoé d'Arc", players) == "Exploit 1 de Zoé d'Arc"   # made here: as it is
    with use_language("en"):
        assert shown_name("Exploit 1 de Zoé d'Arc", players) == "Zoé d'Arc's Capstone 1"
        # French writes "d'Ann" before a vowel: the name made so is known too (it was offered to the catalog).
        assert shown_name("Exploit 3 d'Ann", players) == "Ann's Capstone 3"
        assert made_up("A{number}'s Plan 12", players) == ("en", "plans", "A{number}", 12)
        assert made_up("Ann's Plan 01", players) is None and made_up("Ann's Plan \u0663", players) is None
        assert shown_name("Bo's Guide 12", players) == "Bo's Guide 12"                 # not a player of this game
        assert shown_name("Longs Peak", players) == "Longs Peak"


def test_a_number_given_in_another_language_is_not_given_again() -> None:
    # "Exploit 1 de Zoé" made in French, then a Capstone entered in English: it was "Zoé's Capstone 1" too, two
    # cards said alike on every screen.
    from companion.i18n import use_language
    from companion.ui.fourteeners.final import auto_name
    from companion.ui.fourteeners.names import is_auto_name

    class Card:
        def __init__(self, name):
            self.name = name

    class Tucked:
        def __init__(self, name, side):
            self.card, self.side = Card(name), side

    class Player:
        def __init__(self, name, tucked):
            self.name, self.tucked, self.guides = name, tucked, []

    class State:
        players = [Player("Ann", [Tucked("Exploit 1 d'Ann", Side.CAPSTONE)])]

    state = State()
    with use_language("en"):
        assert auto_name(state, 0, "capstone") == "Ann's Capstone 2"
        assert auto_name(state, 0, "gear") == "Ann's Gear 1"
        assert is_auto_name(state, "Exploit 1 d'Ann")                  # not offered to the catalog



async def test_a_plan_counted_by_hand_is_marked_and_previewed(open_ui, store) -> None:
    ui, drive, table = await set_up(open_ui, store, "hand-counted-plan")
    await hand_counted_plan(drive, "1 per pair of Class I and Class II")
    assert ui.get("ftf-preview").value == "On Ann's tableau now: 5 points."
    await drive.tap("ftf-put")
    assert "5 points, as counted by the players (1 per pair of Class I and Class II) · counted by hand" \
        in ui.texts()
    # Said once, its points among the words counted: not "…· counted by hand, 5 points" again.
    [row] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and str(n.identifier).startswith("ftf-row-0-plans-")
             and not str(n.identifier).endswith("-remove")]
    assert spoken(row) == ["Windom Peak, Class II, 5 points, as counted by the players (1 per pair of Class I and "
                           "Class II) · counted by hand"]
    rest = copy.deepcopy(table)
    rest["players"][0]["tucked"] = rest["players"][0]["tucked"][1:]
    await drive.enter(rest, catalog=False)
    await drive.score()
    assert record_result(store) == TABLES["hand-counted-plan"]["expected"]
    assert "5 points, as counted by the players (1 per pair of Class I and Class II)" in " ".join(ui.texts())


async def test_no_winner_is_named_before_every_tableau_is_entered(open_ui, store) -> None:
    ui, drive, table = await set_up(open_ui, store, "capstone-tiebreak")
    await drive.tap("ftf-add-capstone")
    await drive.tap("ftf-class-1")
    await drive.tap("ftf-cap-5")
    await drive.tap("ftf-put")
    assert ui.get("ftf-still").value == "Still to enter: Bo."
    # Not refused (a passed turn gains nothing), but said: Bob holding 1 card and Ann 4 were scored unnoticed.
    assert ui.get("ftf-short").value == ("Fewer Climbs than the 9 rounds give: Ann 1 Climb. Check that no card was "
                                         "left out (a passed turn gains none).")
    assert ui.find("ftf-verdict") is None
    await drive.enter(table, catalog=False, names=False)
    assert ui.find("ftf-still") is None and ui.get("ftf-verdict").value
    # Several players short: listed as the language lists things (French puts no space before its comma, where
    # a plain "; " lacked the non-breaking space French puts before a semicolon).
    assert ui.get("ftf-short").value.startswith("Fewer Climbs than the 9 rounds give: Ann 4 Climbs, Bo 4 Climbs.")


async def test_a_climb_added_right_after_its_chips_are_tapped_is_added_as_tapped(open_ui, store) -> None:
    # Add read the form as last drawn: the Class and points tapped just before it were refused as missing, or
    # an earlier number was entered.
    ui, drive, _table = await set_up(open_ui, store, "capstone-tiebreak")
    await drive.tap("ftf-add-capstone")
    await ui._event(ui.get("ftf-class-3"), "click", settle=False)
    await ui._event(ui.get("ftf-cap-5"), "click", settle=False)
    await ui._event(ui.get("ftf-put"), "click")
    [key] = [k for k in ui.keys() if k.startswith("ftf-row-0-capstone-") and k.count("-") == 4]
    assert "5" in " ".join(c.value for c in walk(ui.get(key)) if isinstance(c, ft.Text)), key
    assert ui.find("ftf-problem") is None


async def test_a_card_named_by_the_screen_keeps_its_name_when_changed(open_ui, store) -> None:
    # A Capstone entered without a name is "Ann's Capstone 1"; changed, it became "Ann's Capstone 2", as if
    # it were another card and the first were missing.
    ui, drive, table = await set_up(open_ui, store, "accolade-fewest")
    await drive.tap("ftf-add-capstone")
    await drive.tap("ftf-class-4")
    await drive.tap("ftf-cap-7")
    await drive.tap("ftf-put")
    [key] = [k for k in ui.keys() if k.startswith("ftf-row-0-capstone-") and k.count("-") == 4]
    await drive.tap(key)
    assert ui.get("ftf-name").hint_text == "Ann's Capstone 1"
    await drive.tap("ftf-cap-6")
    await drive.tap("ftf-put")
    names = [c.value for c in walk(ui.get(key)) if isinstance(c, ft.Text)]
    assert "Ann's Capstone 1" in names and "Ann's Capstone 2" not in names, names
    # A second one, then the first taken off: the second, changed, stays "Ann's Capstone 2" (the lowest number
    # free is not its name).
    await drive.tap("ftf-add-capstone")
    await drive.tap("ftf-class-4")
    await drive.tap("ftf-cap-5")
    await drive.tap("ftf-put")
    await drive.tap(f"{key}-remove")
    [key] = [k for k in ui.keys() if k.startswith("ftf-row-0-capstone-") and k.count("-") == 4]
    await drive.tap(key)
    await drive.tap("ftf-cap-4")
    await drive.tap("ftf-put")
    names = [c.value for c in walk(ui.get(key)) if isinstance(c, ft.Text)]
    assert "Ann's Capstone 2" in names, names


async def test_change_remove_undo_and_a_refusal_on_the_screen(open_ui, store) -> None:
    table = TABLES["accolade-fewest"]["table"]
    ui = await open_ui()
    drive = Driver(ui)
    await drive.set_up(table, roster(store, table))
    await drive.enter(table, catalog=False)
    assert screen_totals(ui, 2) == [13, 8]
    # Bo's Capstone was 8 on paper, but the card says 7: tap it, change it.
    await drive.tap("ftf-seat-1")
    await drive.tap("ftf-row-1-capstone-0")
    assert ui.get("ftf-name").value == "Mount Wilson"
    await drive.tap("ftf-cap-7")
    await drive.tap("ftf-put")
    assert screen_totals(ui, 2) == [13, 7]
    # Each side's button says whose side it adds to: every one was a bare "Add".
    nodes = {n.identifier: n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier}
    assert spoken(nodes["ftf-add-plans"]) == ["Add to Bo's Plans"]
    assert spoken(nodes["ftf-add-guide"]) == ["Add a Guide to Bo"]
    # The card and its button to take it off are two nodes: merged, the button was the row's only tap where it
    # has none (a catalog card), and a screen reader's tap on the card took it off.
    nodes = {n.identifier: n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier}
    row = nodes["ftf-row-1-capstone-0"]
    assert "ftf-row-1-capstone-0-remove" not in {n.identifier for n in walk(row) if isinstance(n, ft.Semantics)}
    assert spoken(row) == ["Mount Wilson, Class IV, 7 points"]
    assert spoken(nodes["ftf-row-1-capstone-0-remove"]) == ["Take Mount Wilson off"]
    # Taking a card off, and undo.
    await drive.tap("ftf-row-1-gear-1-remove")
    assert "ftf-row-1-gear-1" not in ui.keys()
    await ui.click("ft-undo")
    assert "ftf-row-1-gear-1" in ui.keys()
    # The deck for two holds 4 Class IV: Bo has one; three more fit, a fifth is refused with the rule named.
    for _ in range(4):
        await drive.tap("ftf-add-capstone")
        await drive.tap("ftf-class-4")
        await drive.tap("ftf-cap-6")
        await drive.tap("ftf-put")
    assert "5 Class IV Climbs are in play, but the deck for 2 players holds 4" in ui.get("ftf-problem").value
    # Said as it appears (a live region): a screen reader heard nothing after "Add".
    assert any(n.live_region for n in walk(ui.top) if isinstance(n, ft.Semantics)
               and any(d is ui.get("ftf-problem") for d in walk(n)))
    await drive.tap("ftf-cancel")
    assert len([k for k in ui.keys() if k.startswith("ftf-row-1-capstone-") and k.count("-") == 4]) == 4
    assert store.history.list() == []
    # Resuming: the session is kept after every change.
    [session] = SessionKeeper(store).in_progress()
    assert session.setup["final"] is True
    # Home's Resume card says how far the entry is: it said "Setup" throughout.
    await ui.go("/")
    entered = sum(len(p.tucked) + len(p.guides) for p in SessionKeeper(store).state(session.id).players)
    shown = " ".join(t.value for t in walk(ui.get(f"home-resume-{session.id}")) if isinstance(t, ft.Text))
    assert f"Scoring a finished game: {entered} cards entered" in shown and "Setup" not in shown, shown


async def test_a_catalog_card_refused_says_why_above_the_list_it_was_picked_from(open_ui, store) -> None:
    # Five Class IV Capstones in the catalog; the deck for two holds four. The fifth, picked from a list of
    # eight cards, is refused where the eye is: above the list, not under the eight cards and out of view.
    peaks = ["Mount Eolus", "Sunlight Peak", "Windom Peak", "Maroon Peak", "Pyramid Peak"]
    others = ["Mount Princeton", "Mount Yale", "Mount Harvard", "Mount Columbia", "Mount Antero", "Mount Shavano",
              "Tabeguache Peak", "Mount Massive"]
    cards = [card(n, 4, "capstone", {"points": 6}) for n in peaks] + [card(n, 2, "capstone", {"points": 2})
                                                                       for n in others]
    save_catalog(store, import_catalog({"format": "fourteeners-catalog", "version": 1, "cards": cards}))
    table = TABLES["accolade-fewest"]["table"]
    ui = await open_ui()
    drive = Driver(ui)
    await drive.set_up(table, roster(store, table))
    for name in peaks:
        await drive.tap("ftf-add-capstone")
        await drive.pick(name)
    assert "deck for 2 players holds 4" in ui.get("ftf-problem").value
    order = [str(k) for c in walk(ui.get("ftf-form")) if (k := getattr(c, "key", None)) is not None]
    picks = [i for i, k in enumerate(order) if k.startswith("ftf-pick-")]
    assert len(picks) >= 8 and order.index("ftf-problem") < picks[0]


async def test_the_accolade_can_be_corrected_on_the_screen(open_ui, store) -> None:
    table = TABLES["accolade-fewest"]["table"]
    ui = await open_ui()
    drive = Driver(ui)
    await drive.set_up(table, roster(store, table))
    await drive.enter(table, catalog=False)
    await drive.tap("ftf-accolade-change")
    await drive.tap("ftf-acc-kind-most")
    await drive.tap("ftf-acc-use")
    assert ui.get("ftf-accolade").value == "Accolade: most Class IV Climbs"
    assert screen_totals(ui, 2) == [9, 12]
    await drive.score()
    assert record_result(store)["winner"] == "Bo"


async def test_solo_against_gerry(open_ui, store) -> None:
    table = TABLES["solo-tie"]["table"]
    ui = await open_ui()
    drive = Driver(ui)
    await drive.set_up(table, roster(store, table))
    assert "ftf-accolade-change" not in ui.keys()
    await drive.tap("ftf-seat-1")
    await drive.tap("ftf-add-gerry")
    # His side follows the Class: none is said, nor asked for, before the Class is chosen (it began on Class I,
    # "tucks it as Training", and Add saved that unasked).
    assert ui.find("ftf-gerry-side") is None and not drive.selected("ftf-class-1")
    await drive.tap("ftf-put")
    assert ui.get("ftf-problem").value == "Choose the card's Class: Plans and the Accolade count by it."
    await drive.tap("ftf-class-3")
    assert ui.get("ftf-gerry-side").value == "Gerry tucks it as Capstone."
    await drive.tap("ftf-cancel")
    await drive.enter(table, catalog=False)
    await drive.score()
    assert ui.get("ft-winner").value == "A tie with Gerry at 8 is not a win: only a higher score beats Gerry."
    assert ui.get("ft-winner-icon").icon != ft.Icons.EMOJI_EVENTS_ROUNDED      # no trophy beside it


async def test_the_tab_sets_up_without_weather_or_a_drawn_accolade(open_ui, store) -> None:
    catalog = {"format": "fourteeners-catalog", "version": 1, "cards": [],
               "accolades": [{"name": "Gear Head", "basic": {"most": {"side": "gear"}}, "advanced": None}]}
    save_catalog(store, import_catalog(catalog))
    ann, bo = store.players.add("Ann"), store.players.add("Bo")
    ui = await open_ui(route="/games/fourteeners")
    await ui.click("ft-tab-final")
    assert "ft-setup-weather" not in ui.keys() and "ft-accolade-random" not in ui.keys()
    await ui.click(f"ft-add-{ann.id}")
    await ui.click(f"ft-add-{bo.id}")
    await ui.click("ft-accolade-pick-0")
    await ui.click("ft-start")
    assert ui.get("ftf-accolade").value == "Accolade: Gear Head (basic): most Climbs tucked as Gear"
    [session] = SessionKeeper(store).in_progress()
    assert session.setup["final"] is True and session.setup["weather"] is False
    assert export_catalog(load_catalog(store))["accolades"][0]["name"] == "Gear Head"


async def taken_back(open_ui, store):
    """A game scored by taps, then taken back from History for a correction: (its record, the screen)."""
    table = TABLES["accolade-fewest"]["table"]
    drive = Driver(await open_ui())
    await drive.set_up(table, roster(store, table))
    await drive.enter(table, catalog=False)
    await drive.score()
    [record] = store.history.list()
    ui = await open_ui(route=f"/history/{record['id']}")
    await ui.click("record-correct")
    return record, ui


async def test_a_finished_game_taken_back_from_history_is_changed_and_scored_again(open_ui, store):
    record, ui2 = await taken_back(open_ui, store)
    before = record["players"]
    assert ui2.get("ftf-reopened") is not None
    await ui2.click("ftf-change")                              # back to the tableaus, the score undone
    await ui2.click("ftf-seat-1")
    await ui2.click("ftf-row-1-capstone-0")                    # Bo's Capstone was 7, not 8
    await ui2.click("ftf-cap-7")
    await ui2.click("ftf-put")
    await ui2.click("ftf-score")
    after = store.history.get(record["id"])
    assert [p["score"] for p in after["players"]] == [13, 7] != [p["score"] for p in before]
    assert "corrected" in after and store.history.count() == 1 and store.sessions.list() == []


async def test_abandoning_a_game_taken_back_from_history_drops_only_the_changes(open_ui, store):
    record, ui2 = await taken_back(open_ui, store)
    await ui2.click("play-abandon")
    # Not "deleted and will not appear in History": the record stays as it was.
    assert "History keeps the game as it was" in ui2.text() and "will not appear in History" not in ui2.text()
    assert ui2.get("play-abandon-confirm").content == "Drop the changes"
    await ui2.click("play-abandon-confirm")
    assert store.history.get(record["id"]) == record and store.sessions.list() == []


async def test_a_climb_half_entered_is_found_again_after_a_reload(open_ui, store) -> None:
    from companion.ui.common.drafts import DRAFTS_TABLE

    ui, drive, table = await set_up(open_ui, store, "hand-counted-plan")
    route = ui.route
    await drive.tap("ftf-seat-1")
    await hand_counted_plan(drive, "1 per pair")
    await ui.close()
    # The page is loaded again (or the phone closed it): the second seat's Plan is as it was left.
    ui = await open_ui(route=route)
    assert ui.get("ftf-name").value == "Windom Peak" and ui.get("ftf-note").value == "1 per pair"
    assert "On Bo's tableau now: 5 points." == ui.get("ftf-preview").value
    await ui.click("ftf-put")
    session_id = route.rsplit("/", 1)[1]
    [entry] = SessionKeeper(store).state(session_id).players[1].tucked
    assert entry.card.name == "Windom Peak"
    assert (store.table(DRAFTS_TABLE).get(session_id) or {}).get("draft", {}).get("form") is None


async def test_a_climb_half_entered_that_another_device_overtook_is_dropped_and_said(open_ui, store) -> None:
    ui, drive, table = await set_up(open_ui, store, "hand-counted-plan")
    other = await open_ui(route=ui.route)
    await drive.tap("ftf-add-plans")
    await drive.type("ftf-name", "Windom Peak")
    await other.click("ftf-add-capstone")                    # the other phone enters a Climb first
    await other.click("ftf-class-4")
    await other.click("ftf-cap-6")
    await other.click("ftf-put")
    await ui.settle()
    assert ui.find("ftf-name") is None and ui.find("ftf-changed") is not None
    await ui.click("ftf-add-plans")                          # a new form stands
    assert ui.find("ftf-name") is not None and ui.find("ftf-changed") is None


async def test_a_kept_climb_that_does_not_fit_the_game_is_not_brought_back(open_ui, store) -> None:
    from companion.ui.fourteeners.final import _Entry

    ui, drive, table = await set_up(open_ui, store, "hand-counted-plan")
    state = SessionKeeper(store).state(ui.route.rsplit("/", 1)[1])
    good = {"seat": 1, "name": "W", "note": "", "query": "",
            "form": {"seat": 1, "side": "plans", "spot": True, "klass": 2, "base": None}}
    assert _Entry.from_doc(good, state).form.side == "plans"
    for bad in ({**good, "seat": 5}, {**good, "seat": -1}, {**good, "form": {**good["form"], "seat": 5}},
                {**good, "form": {**good["form"], "seat": -5}}, {**good, "form": {**good["form"], "side": "roof"}},
                {**good, "form": {**good["form"], "index": 7}}, {**good, "form": {**good["form"], "base": "Nowhere"}},
                {**good, "form": {"side": "plans"}}, {**good, "form": "plans"}, {**good, "name": 5},
                {**good, "form": {**good["form"], "klass": 9}}, ["seat"], None):
        assert _Entry.from_doc(bad, state) == _Entry(), repr(bad)[-80:]


async def test_what_scored_in_history_adds_up_to_the_total_with_the_accolade_and_the_photos(open_ui, store):
    # History's "What scored" listed the lines alone: 24 under a total of 25 when a hired Guide had a Photo.
    # Like the end screen, it ends with the Accolade's points and the Guides with a Photo.
    ui, drive, table = await set_up(open_ui, store, "rulebook-example")
    await drive.enter(table, catalog=False)
    await drive.score()
    [record] = store.history.list()
    history = await open_ui(route=f"/history/{record['id']}")
    for index, player in enumerate(TABLES["rulebook-example"]["expected"]["players"]):
        rows = [[t.value for t in walk(history.get(key)) if isinstance(t, ft.Text)] for key in history.keys()
                if key.startswith(f"record-row-players.{index}.scored.")]
        assert sum(int(row[-1]) for row in rows) == player["total"], rows
        named = {row[0]: int(row[-1]) for row in rows}
        assert named.get("Accolade") == player["accolade"]
        assert named.get("Guides", 0) == player["photos"]
    ann = [[t.value for t in walk(history.get(f"record-row-players.0.scored.{n}")) if isinstance(t, ft.Text)]
           for n in (2, 5)]
    assert ann == [["Longs Peak", "Capstone · 4 points", "4"], ["Guides", "1 point per hired Guide with a Photo", "1"]]
