"""The 14ers card catalog editor in-process: add, check, edit and delete cards and Accolades, and share the
catalog as one JSON file that imports back to the same catalog."""

from __future__ import annotations

import asyncio
import json

import flet as ft
import pytest

import companion.ui.fourteeners.screens  # noqa: F401  (registers the 14ers screens)
from companion.games.fourteeners.catalog import (
    AccoladeSide, export_catalog, import_catalog, parse_card, without_card,
)
from companion.games.fourteeners.data import Side
from companion.errors import StoreError
from companion.sessions import SessionKeeper
from companion.ui.fourteeners.catalog import load_catalog, save_catalog
from file_dialogs import answer_files, save_calls, uploaded
from test_fourteeners_fixtures import catalog_doc, synthetic_catalog_doc
from harness import spoken, walk


async def _cards_tab(open_ui):
    ui = await open_ui(route="/games/fourteeners")
    await ui.click("ft-tab-cards")
    return ui


async def test_add_a_card_with_the_vocabulary_and_the_engines_checks(open_ui, store):
    ui = await _cards_tab(open_ui)
    assert ui.get("ftc-summary").value.startswith("0 of 39 Climb cards")
    await ui.click("ftc-add-card")
    await ui.type("ftc-name", "  Mt.  Elbert ")
    await ui.click("ftc-class-2")
    for _ in range(2):
        await ui.click("ftc-endurance-plus")
    await ui.click("ftc-technique-plus")
    await ui.click("ftc-hazard")
    await ui.click("ftc-icon-photo")
    # Training: +1 Endurance per Climb tucked as Gear (the rulebook's own example).
    await ui.click("ftc-training-on")
    await ui.click("ftc-training-i0-effect-endurance")
    await ui.click("ftc-training-i0-cond-per")
    await ui.click("ftc-training-i0-side-gear")
    assert ui.get("ftc-training-preview").value == "+1 Endurance per Climb tucked as Gear"
    # Plans: 2 points if no Gear is tucked, plus 1 point per card with a Hazard icon, as two items.
    await ui.click("ftc-plans-on")
    await ui.click("ftc-plans-i0-amount-plus")
    await ui.click("ftc-plans-i0-cond-if_none")
    await ui.click("ftc-plans-i0-side-gear")
    await ui.click("ftc-plans-add-item")
    await ui.click("ftc-plans-i1-cond-per")
    await ui.click("ftc-plans-i1-icon-hazard")
    assert ui.get("ftc-plans-preview").value == ("2 points if no Climb tucked as Gear; "
                                                 "1 point per Climb with a Hazard icon")
    # A flag counted per card is refused with the engine's own message, and Save refuses too.
    await ui.click("ftc-gear-on")
    await ui.click("ftc-gear-i0-effect-meets_hazard")
    await ui.click("ftc-gear-i0-cond-per")
    assert "a flag cannot be counted per card" in ui.get("ftc-gear-problem").value
    await ui.click("ftc-save")
    assert ui.get("ftc-error").value == ("Gear side (Meets Hazard): a flag cannot be counted per card; use it alone "
                                         "or with If none, If any or If most.")
    assert load_catalog(store).cards == ()
    await ui.click("ftc-gear-i0-cond-always")
    assert ui.get("ftc-gear-preview").value == "meets Hazard requirements"
    await ui.click("ftc-save")

    [card] = load_catalog(store).cards
    assert card == parse_card({
        "name": "Mt. Elbert", "class": 2, "endurance": 2, "technique": 1, "hazard": True, "icons": ["photo"],
        "sides": {"capstone": None, "gear": {"meets_hazard": True},
                  "training": {"per": {"side": "gear"}, "endurance": 1},
                  "plans": [{"if_none": {"side": "gear"}, "points": 2}, {"per": {"icon": "hazard"}, "points": 1}]}})
    assert ui.get("ftc-summary").value.startswith("1 of 39 Climb cards · 0 fully described")
    ui.get("ftc-card-mt-elbert")
    # The list's card is one button said name first, each number with what it counts.
    [node] = [c for c in walk(ui.top) if isinstance(c, ft.Semantics) and c.identifier == "ftc-card-mt-elbert"]
    assert node.label == ("Mt. Elbert, Class II, 2 Endurance, 1 Technique, Hazard, Photo, "
                          "to describe: Capstone"), node.label
    assert spoken(node) == [node.label] and node.button              # its drawn words are not said again

    # The same name again is refused; editing the card keeps one card.
    await ui.click("ftc-add-card")
    await ui.type("ftc-name", "MT. ELBERT")
    await ui.click("ftc-save")
    assert "already in the catalog" in ui.get("ftc-error").value
    await ui.click("ftc-cancel")
    await ui.click("ftc-card-mt-elbert")
    assert ui.get("ftc-name").value == "Mt. Elbert"
    await ui.click("ftc-capstone-on")
    await ui.click("ftc-capstone-i0-amount-plus")
    await ui.click("ftc-save")
    [card] = load_catalog(store).cards
    assert card.ability(Side.CAPSTONE) == parse_card({
        "name": "x", "class": 1, "endurance": 0, "technique": 0, "hazard": False, "icons": [],
        "sides": {"capstone": {"points": 2}}}).ability(Side.CAPSTONE)
    assert card.described

    await ui.click("ftc-card-mt-elbert")
    await ui.click("ftc-delete")
    await ui.click("ftc-delete-confirm")
    assert load_catalog(store).cards == ()
    assert ui.find("ftc-card-mt-elbert") is None


async def test_each_sides_switch_says_which_side_it_describes(open_ui, store):
    # Four switches each said only "Describe" (or "Described"); and a switch keeps its name when turned on (it
    # went from "Describe: Plans" to "Described: Plans", on top of its on and off).
    ui = await _cards_tab(open_ui)
    await ui.click("ftc-add-card")
    switches = {n.identifier: n for n in walk(ui.top) if isinstance(n, ft.Semantics)
                and str(n.identifier or "").endswith("-on")}
    assert spoken(switches["ftc-capstone-on"]) == ["Described: Capstone"]
    assert spoken(switches["ftc-plans-on"]) == ["Described: Plans"] and switches["ftc-plans-on"].toggled is False
    await ui.click("ftc-plans-on")
    [switch] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == "ftc-plans-on"]
    assert spoken(switch) == ["Described: Plans"] and switch.toggled is True
    # The word shown is the word said, on or off (a voice command says what it sees; "Beschreiben" was shown
    # where "Beschrieben" was said).
    for key in ("ftc-plans-on", "ftc-capstone-on"):
        [chip] = [n for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.identifier == key]
        assert [t.value for t in walk(chip) if isinstance(t, ft.Text)] == ["Described"], key
    # Each switch is one button with its name: its tap was a second, nameless button inside it ("button"), four
    # to a card and two more in the Accolade editor.
    from harness import nameless_taps

    assert nameless_taps(ui.top) == []
    await ui.click("ftc-back")
    await ui.click("ftc-drop-confirm")
    await ui.click("ftc-add-accolade")
    await ui.click("fta-advanced-on")
    assert nameless_taps(ui.top) == []


async def test_add_and_delete_an_accolade(open_ui, store):
    ui = await _cards_tab(open_ui)
    await ui.click("ftc-add-accolade")
    await ui.type("fta-name", "Trail Boss")
    await ui.click("fta-basic-side-gear")
    assert ui.get("fta-basic-preview").value == "most Climbs tucked as Gear"
    await ui.click("fta-advanced-on")
    await ui.click("fta-advanced-kind-fewest")
    await ui.click("fta-advanced-class-1")
    await ui.click("fta-advanced-class-2")
    assert ui.get("fta-advanced-preview").value == "fewest Class I or II Climbs"
    await ui.click("fta-save")
    [accolade] = load_catalog(store).accolades
    assert accolade.name == "Trail Boss"
    assert accolade.category(AccoladeSide.BASIC).filter.sides == (Side.GEAR,)
    assert accolade.category(AccoladeSide.ADVANCED).filter.classes == (1, 2)
    await ui.click("ftc-accolade-trail-boss")
    await ui.click("fta-delete")
    await ui.click("fta-delete-confirm")
    assert load_catalog(store).accolades == ()


def _by_name(catalog):
    return {c.name: c for c in catalog.cards}, {a.name: a for a in catalog.accolades}


async def test_export_and_import_round_trip(open_ui, store):
    original = import_catalog(synthetic_catalog_doc())
    save_catalog(store, original)
    ui = await _cards_tab(open_ui)
    await ui.click("ftc-export")
    (call,) = save_calls(ui)                              # a download: the file goes to the device
    assert call.args["file_name"] == "14ers-catalog.json"
    shared = call.args["src_bytes"]
    assert json.loads(shared.decode("utf-8")) == export_catalog(original)
    assert ui.get("ftc-share-result").value == ("Exported 39 Climb cards and 2 Accolades, downloaded as "
                                                "14ers-catalog.json.")

    # Lose two cards, then merge the file back (uploaded from the device): the catalog is whole again.
    save_catalog(store, without_card(without_card(original, "Peak 1-1"), "Peak 4-7"))
    answer_files(ui, picked=[uploaded("shared.json", shared)])
    await ui.click("ftc-import")
    assert "Imported 39 Climb cards and 2 Accolades from shared.json" in ui.get("ftc-share-result").value
    assert _by_name(load_catalog(store)) == _by_name(original)
    assert ui.get("ftc-summary").value.startswith("39 of 39 Climb cards · 39 fully described")

    # Replacing takes the file exactly as it is, after confirming.
    save_catalog(store, import_catalog(catalog_doc([])))
    await ui.click("ftc-import-replace")
    await ui.click("ftc-replace-confirm")
    assert load_catalog(store) == original


async def test_a_bad_catalog_file_is_refused_with_the_field_named(open_ui, store, monkeypatch):
    bad = json.dumps(catalog_doc([{"name": "Pikes Peak", "class": 3, "endurance": 3, "technique": 1,
                                   "hazard": False, "icons": ["car"], "sides": {}}])).encode("utf-8")
    ui = await _cards_tab(open_ui)
    answer_files(ui, picked=[uploaded("bad.json", bad)])
    await ui.click("ftc-import")
    assert "cards[0].icons[0]: 'car' is not an icon" in ui.get("ftc-share-result").value
    answer_files(ui, picked=[uploaded("cut.json", bad[:40])])
    await ui.click("ftc-import")
    assert ui.get("ftc-share-result").value.startswith(
        "Not imported: cut.json: it is cut short (its JSON stops before the end, at line")
    monkeypatch.setattr("companion.ui.fourteeners.editor.MAX_CATALOG_BYTES", 100)   # a smaller limit, a new tab
    ui = await _cards_tab(open_ui)
    answer_files(ui, picked=[uploaded("big.json", bad)])
    await ui.click("ftc-import")
    assert ui.get("ftc-share-result").value.startswith("Not imported: the file big.json is ")
    assert load_catalog(store).cards == ()


async def test_a_weather_and_a_card_tapped_faster_than_the_screen_is_redrawn_are_saved_whole(open_ui, store):
    # The Weather editor made each change from the form drawn, so of four quick taps one was kept; and Save read
    # the form drawn, so a card saved right after a chip lost the chip.
    ui = await _cards_tab(open_ui)
    await ui.click("ftc-weather-rain-4")
    for key in ("ftw-e0-endurance-plus", "ftw-e0-technique-plus", "ftw-e0-only-2", "ftw-e0-only-3"):
        await ui._event(ui.get(key), "click", settle=False)
    await ui._event(ui.get("ftw-save"), "click")
    [effect] = load_catalog(store).weather_effects("Rain")
    assert (effect.endurance, effect.technique, effect.only_for_class) == (2, 1, (2, 3))     # from 1 and 0
    await ui.click("ftc-add-card")
    await ui.type("ftc-name", "Pic Quatre")
    await ui._event(ui.get("ftc-class-3"), "click", settle=False)
    await ui._event(ui.get("ftc-save"), "click")
    assert load_catalog(store).card("Pic Quatre").klass == 3


async def test_a_chip_of_an_item_removed_meanwhile_is_dropped_not_given_to_the_next(open_ui, store):
    ui = await _cards_tab(open_ui)
    await ui.click("ftc-add-card")
    await ui.click("ftc-plans-on")
    await ui.click("ftc-plans-add-item")
    await ui.click("ftc-plans-add-item")
    await ui.click("ftc-plans-i2-cond-if_none")

    def conditions() -> list[str]:
        return [str(n.identifier).split("-cond-")[1] for n in walk(ui.top) if isinstance(n, ft.Semantics)
                and n.selected and "-cond-" in str(n.identifier)]

    first, second, third = conditions()
    await ui._event(ui.get("ftc-plans-i1-remove"), "click", settle=False)
    chip = "always" if second != "always" else "per"
    await ui._event(ui.get(f"ftc-plans-i1-cond-{chip}"), "click")   # item 2's chip, item 2 being gone
    assert conditions() == [first, third] == [first, "if_none"]       # not given to item 3, now second
    await ui._event(ui.get("ftc-plans-i1-remove"), "click", settle=False)
    await ui._event(ui.get("ftc-plans-i1-remove"), "click")         # the same cross twice: one item removed
    assert conditions() == [first]


async def test_describe_a_weather_card_and_a_hikers_ability(open_ui, store):
    ui = await _cards_tab(open_ui)
    assert ui.get("ftc-weather-rain-4-words").value == "July · effect not described yet"
    assert ui.get("ftc-weather-fog-3-words").value.endswith("(the rulebook's)")
    await ui.click("ftc-weather-rain-4")
    await ui.click("ftw-e0-technique-plus")
    await ui.click("ftw-e0-only-4")
    assert ui.get("ftw-preview").value == "Climbs cost 1 Endurance and 1 Technique more (Class IV only)"
    await ui.click("ftw-add")
    await ui.click("ftw-e1-kind-block_side")
    await ui.click("ftw-e1-side-plans")
    await ui.click("ftw-save")
    effects = load_catalog(store).weather_effects("Rain")
    assert [(e.kind.value, e.endurance, e.technique, e.only_for_class, e.side) for e in effects] == [
        ("extra", 1, 1, (4,), None), ("block_side", 0, 0, (), Side.PLANS)]
    assert "no Climbs may be tucked as Plans" in ui.get("ftc-weather-rain-4-words").value

    await ui.click("ftc-hiker-b")
    await ui.click("fth-on")
    await ui.click("fth-i0-effect-utility")
    await ui.click("fth-save")
    assert ui.get("ftc-hiker-b-words").value == "Advanced side of A/B · +1 Utility"
    assert dict(load_catalog(store).hikers)["B"][0].effect.amount == 1


async def test_back_in_an_editor_returns_to_the_list(open_ui, store):
    ui = await _cards_tab(open_ui)
    await ui.click("ftc-add-card")
    await ui.type("ftc-name", "Half Dome")
    assert ui.top.can_pop is False                        # Android's back asks first instead of leaving
    await ui._event(ui.top, "confirm_pop")                # ... and, a name typed, whether to drop it
    await ui.click("ftc-drop-cancel")                     # keep editing: nothing lost
    assert ui.get("ftc-name").value == "Half Dome"
    await ui.click("ftc-back")                            # the app bar's arrow asks too
    await ui.click("ftc-drop-confirm")                    # ... and the answer is: back to the list
    assert ui.route == "/games/fourteeners" and ui.find("ftc-summary") is not None
    await ui.click("ftc-add-card")
    await ui.click("ftc-back")                            # nothing changed: back at once
    ui.get("ftc-summary")
    assert load_catalog(store).cards == ()
    # An Accolade edited, likewise.
    await ui.click("ftc-add-accolade")
    await ui.click("ftc-back")
    ui.get("ftc-summary")
    await ui.click("ftc-add-accolade")
    await ui.type("fta-name", "Summit")
    await ui.click("ftc-back")
    await ui.click("fta-drop-confirm")
    ui.get("ftc-summary")
    assert load_catalog(store).accolades == ()


async def test_an_unreadable_saved_catalog_is_reported_and_can_be_replaced(open_ui, store):
    store.table("fourteeners_catalog").upsert({"id": "catalog", "catalog": {"format": "something else"}})
    good = json.dumps(synthetic_catalog_doc()).encode("utf-8")
    ui = await _cards_tab(open_ui)
    ui.get("ftc-broken")
    assert ui.get("ftc-add-card").disabled
    answer_files(ui, picked=[uploaded("good.json", good)])
    await ui.click("ftc-import-replace")
    await ui.click("ftc-replace-confirm")
    assert ui.find("ftc-broken") is None
    assert load_catalog(store) == import_catalog(synthetic_catalog_doc())


async def test_android_back_in_an_editor_cancels_it_and_keeps_the_cards_tab(open_ui, store):
    ui = await open_ui(route="/")
    await ui.go("/games/fourteeners")
    await ui.click("ft-tab-cards")
    await ui.click("ftc-add-card")
    await ui.type("ftc-name", "Half Dome")
    await ui.click("ftc-class-3")
    # Android's back reaches the page (page.on_view_pop) without asking the view: it is Cancel, not "go home"
    # (once the changes are dropped: it asks first).
    await ui.back()
    await ui.click("ftc-drop-confirm")
    assert ui.route == "/games/fourteeners" and ui.find("ftc-name") is None
    ui.get("ftc-summary")                                 # still on the Cards tab's list
    assert load_catalog(store).cards == ()
    # Every editor on the tab answers back the same way.
    await ui.click("ftc-add-accolade")
    await ui.type("fta-name", "Trail Boss")
    await ui.back()
    await ui.click("fta-drop-confirm")
    assert ui.route == "/games/fourteeners" and ui.find("fta-name") is None
    assert load_catalog(store).accolades == ()
    # With the editor closed, back leaves the screen as it does everywhere else.
    await ui.back()
    assert ui.route == "/"


async def test_the_first_catalog_imported_says_so(open_ui, store):
    # Nothing described yet: the import brings every card's row in above the Share panel, whose message
    # must still be there.
    shared = json.dumps(export_catalog(import_catalog(synthetic_catalog_doc()))).encode("utf-8")
    ui = await _cards_tab(open_ui)
    answer_files(ui, picked=[uploaded("first.json", shared)])
    await ui.click("ftc-import")
    assert "Imported 39 Climb cards and 2 Accolades from first.json" in ui.get("ftc-share-result").value
    assert len(load_catalog(store).cards) == 39

async def test_an_import_in_the_browser_is_said_only_once_kept_and_a_failed_copy_is_said(open_ui, store):
    # In the browser the store copies its saves into IndexedDB a moment later (`Store.persisted`): the
    # message waits for that copy, so a reload right after it cannot lose the import.
    original = import_catalog(synthetic_catalog_doc())
    shared = json.dumps(export_catalog(original)).encode("utf-8")
    copies = []
    screen = []

    async def copied() -> None:
        await asyncio.sleep(0.2)
        # What the copy holds, and whether the screen had already said it was imported.
        copies.append((len(load_catalog(store).cards), screen[0].find("ftc-share-result") is not None))

    store.persisted = copied
    ui = await _cards_tab(open_ui)
    screen.append(ui)
    answer_files(ui, picked=[uploaded("shared.json", shared)])
    await ui.click("ftc-import")
    for _ in range(100):
        if ui.find("ftc-share-result") is not None:
            break
        await asyncio.sleep(0.05)
        await ui.settle()
    assert copies == [(39, False)]                                # kept before it was said
    assert "Imported 39 Climb cards and 2 Accolades from shared.json" in ui.get("ftc-share-result").value

    async def failed() -> None:
        raise StoreError("the change is in this page, but saving it into this browser's storage failed "
                         "(QuotaExceededError): it may be lost when the page closes, so download a backup now")

    store.persisted = failed
    answer_files(ui, picked=[uploaded("shared.json", shared)])
    await ui.click("ftc-import")
    await ui.settle()
    result = ui.get("ftc-share-result").value
    assert "QuotaExceededError" in result and "download a backup now" in result and "Imported" not in result


async def test_editing_a_card_a_game_in_progress_began_with_says_where_that_game_changes_it(open_ui, store):
    # A misprint fixed in the catalog mid-game was taken for fixed in the game too, which keeps its own copy: the
    # Capstone still scored its old points, and nothing said so.
    save_catalog(store, import_catalog(synthetic_catalog_doc()))
    ann, bob = store.players.add("Ann"), store.players.add("Bob")
    ui = await open_ui(route="/games/fourteeners")
    for player in (ann, bob):
        await ui.click(f"ft-add-{player.id}")
    await ui.click("ft-start")
    ui = await _cards_tab(open_ui)
    await ui.click("ftc-card-peak-2-1")
    assert ui.get("ftc-begun").value == (
        "A game in progress keeps this card as it was when the game began: to change it there, use \u201cCorrect "
        "a card, a Hiker or the Weather\u201d on the game's screen.")
    # A new card is in no game yet: nothing to say.
    await ui.click("ftc-back")
    await ui.click("ftc-add-card")
    assert ui.find("ftc-begun") is None
    # A finished game being scored from its tableaus has no card to correct: it is not counted.
    ui = await open_ui(route="/games/fourteeners")
    await ui.click("ft-tab-final")
    for player in (ann, bob):
        await ui.click(f"ft-add-{player.id}")
    await ui.click("ft-accolade-pick-0")
    await ui.click("ft-start")
    assert len(SessionKeeper(store).in_progress()) == 2
    ui = await _cards_tab(open_ui)
    await ui.click("ftc-card-peak-2-1")
    assert ui.get("ftc-begun").value.startswith("A game in progress keeps this card")


def _latest(ui, key):
    """The newest notice's control with `key` (the harness keeps earlier notices open: no time passes)."""
    return [c for d in ui.dialogs() for c in walk(d) if getattr(c, "key", None) == key][-1]


async def test_a_card_saved_over_or_deleted_by_mistake_comes_back_with_one_tap(open_ui, store):
    # A saved edit wrote over the description for good: the only way back was to type it again from the card.
    save_catalog(store, import_catalog(synthetic_catalog_doc()))
    before = load_catalog(store)
    ui = await _cards_tab(open_ui)
    await ui.click("ftc-card-peak-2-1")
    await ui.click("ftc-endurance-plus")
    await ui.click("ftc-save")
    assert load_catalog(store) != before
    assert _latest(ui, "ftc-saved").value == "Peak 2-1 is saved in your catalog."
    # Offered for its ten seconds, then gone (a bar with an action stays until tapped unless told not to).
    [bar] = [d for d in ui.dialogs() if isinstance(d, ft.SnackBar) and _latest(ui, "ftc-saved") in walk(d)]
    assert bar.persist is False and bar.duration.seconds == 10
    await ui._event(_latest(ui, "ftc-undo"), "click")
    assert load_catalog(store) == before
    assert _latest(ui, "ftc-undone").value == "Undone: your catalog is as it was before that change."
    # Deleted, likewise; but not once the catalog changed since (that change would be lost).
    await ui.click("ftc-card-peak-2-1")
    await ui.click("ftc-delete")
    await ui.click("ftc-delete-confirm")
    assert load_catalog(store).card("Peak 2-1") is None
    assert _latest(ui, "ftc-saved").value == "Peak 2-1 is taken out of your catalog."
    changed = without_card(load_catalog(store), "Peak 1-1")
    save_catalog(store, changed)
    await ui._event(_latest(ui, "ftc-undo"), "click")
    assert load_catalog(store) == changed
    assert _latest(ui, "ftc-undo-problem").value == "Not undone: the catalog was changed since."
    # A Hiker's ability likewise, said by the Hiker's name.
    await ui.click("ftc-hiker-b")
    await ui.click("fth-on")
    await ui.click("fth-i0-effect-utility")
    await ui.click("fth-save")
    assert _latest(ui, "ftc-saved").value == "Hiker B is saved in your catalog."
    await ui._event(_latest(ui, "ftc-undo"), "click")
    assert load_catalog(store) == changed


async def test_a_card_saved_over_a_catalog_broken_meanwhile_is_said_without_an_undo(open_ui, store):
    # Nothing to go back to: the save is said, and no Undo offers to bring back what cannot be read.
    save_catalog(store, import_catalog(synthetic_catalog_doc()))
    ui = await _cards_tab(open_ui)
    await ui.click("ftc-card-peak-2-1")
    await ui.click("ftc-endurance-plus")
    store.table("fourteeners_catalog").upsert({"id": "catalog", "catalog": {"format": "something else"}})
    await ui.click("ftc-save")
    assert _latest(ui, "ftc-saved").value == "Peak 2-1 is saved in your catalog."
    assert not [c for d in ui.dialogs() for c in walk(d) if getattr(c, "key", None) == "ftc-undo"]
    assert load_catalog(store).card("Peak 2-1") is not None


async def test_plus_tapped_faster_than_the_screen_is_redrawn_counts_every_tap(open_ui, store):
    # Each tap asked for the number drawn plus one: "+ + +" before a redraw gave 1, not 3.
    ui = await _cards_tab(open_ui)
    await ui.click("ftc-add-card")
    plus = ui.get("ftc-endurance-plus")
    for n in range(3):
        await ui._event(plus, "click", settle=n == 2)
    assert ui.get("ftc-endurance-value").value == "3"
    minus = ui.get("ftc-endurance-minus")
    for n in range(5):                                  # kept at 0, the least
        await ui._event(minus, "click", settle=n == 4)
    assert ui.get("ftc-endurance-value").value == "0"


async def test_a_cards_corner_tapped_faster_than_the_screen_is_redrawn_keeps_every_tap(open_ui, store):
    # Each control made its form from the one drawn: Endurance then Technique, or two icons, tapped before a
    # redraw kept only the last.
    ui = await _cards_tab(open_ui)
    await ui.click("ftc-add-card")
    for key in ("ftc-class-3", "ftc-endurance-plus", "ftc-technique-plus", "ftc-hazard", "ftc-icon-photo"):
        await ui._event(ui.get(key), "click", settle=False)
    await ui._event(ui.get("ftc-icon-photo"), "click", settle=False)          # and off again
    await ui._event(ui.get("ftc-technique-plus"), "click")
    assert (ui.get("ftc-endurance-value").value, ui.get("ftc-technique-value").value) == ("1", "2")
    ticked = {n.identifier for n in walk(ui.top) if isinstance(n, ft.Semantics) and n.selected}
    assert {"ftc-class-3", "ftc-hazard"} <= ticked and "ftc-icon-photo" not in ticked


async def test_an_abilitys_chips_tapped_faster_than_the_screen_is_redrawn_all_count(open_ui, store):
    # Each chip of an ability made its form from the one drawn: two Classes of a filter tapped before a redraw
    # kept one, and the item's effect tapped just before them was undone.
    ui = await _cards_tab(open_ui)
    await ui.click("ftc-add-card")
    await ui.click("ftc-plans-on")
    await ui.click("ftc-plans-i0-cond-per")
    for key in ("ftc-plans-i0-class-1", "ftc-plans-i0-class-2", "ftc-plans-i0-side-gear"):
        await ui._event(ui.get(key), "click", settle=False)
    await ui._event(ui.get("ftc-plans-i0-amount-plus"), "click")
    assert ui.get("ftc-plans-preview").value == "2 points per Class I or II Climb tucked as Gear"


@pytest.mark.parametrize(("side", "lowest"), [("capstone", 0), ("gear", -9)])
async def test_a_capstones_points_stop_at_0_and_every_stepper_says_its_value(open_ui, store, side, lowest):
    # A Capstone scores a fixed number of points, 0 or more ('Climb Cards'): its stepper went on to -1, refused
    # only once the card was tucked. Its label is said with the value ("Amount: 0"), not a bare "0" after it.
    ui = await _cards_tab(open_ui)
    await ui.click("ftc-add-card")
    await ui.click(f"ftc-{side}-on")
    await ui.click(f"ftc-{side}-i0-effect-points")
    while not ui.get(f"ftc-{side}-i0-amount-minus").disabled:
        await ui.click(f"ftc-{side}-i0-amount-minus")
    assert ui.get(f"ftc-{side}-i0-amount-value").value == str(lowest)
    said = spoken(ui.top)
    assert f"Amount: {lowest}" in said and str(lowest) not in said
