"""The card catalog: export and import as JSON documents, merging, and bad files refused with the field named."""

from __future__ import annotations

import json

import pytest

from companion.errors import DataError, InvalidInput
from companion.games.fourteeners.catalog import (
    AccoladeCard, AccoladeSide, Catalog, edited_accolade, edited_card, export_catalog, import_catalog, merge,
    parse_card, with_accolade, with_card, without_card,
)
from companion.games.fourteeners.abilities import WeatherKind, parse_category
from companion.games.fourteeners.data import Icon, Side
from test_fourteeners_fixtures import card, catalog_doc, synthetic_catalog_doc


def test_export_then_import_as_json_gives_the_same_catalog() -> None:
    doc = synthetic_catalog_doc()
    doc["cards"].append(card("Half Known", 1, 2, 1, icons=("photo", "alt"), plans={"per_guide": {"points": 1},
                                                                                     "filter": {"icon": "photo"}}))
    doc["cards"] = [c for c in doc["cards"] if c["name"] != "Peak 1-8"]
    doc["hikers"] = {"B": {"utility": 1}, "D": [{"endurance": 1}, {"meets_hazard": True}], "A": None}
    doc["source"] = "described from my own copy"
    catalog = import_catalog(doc)
    text = json.dumps(export_catalog(catalog))             # the file one owner shares
    again = import_catalog(json.loads(text))
    assert again == catalog
    assert export_catalog(again) == json.loads(text)
    half = again.card("half known")
    assert half is not None and half.icons == (Icon.ALT, Icon.PHOTO)
    assert half.ability(Side.GEAR) is None and half.ability(Side.PLANS) is not None
    assert again.accolade("Gear Head").category(AccoladeSide.ADVANCED) == parse_category(
        {"fewest": {"side": "plans"}}, "x")
    assert [e.kind for e in again.weather_effects("Mud")] == [WeatherKind.BLOCK_SIDE]
    assert again.hiker_ability("D") and again.hiker_ability("A") == ()
    assert again.source == "described from my own copy"


def test_the_rulebooks_own_weather_cannot_be_redescribed() -> None:
    catalog = import_catalog(catalog_doc([]))
    assert catalog.weather_effects("Clear Skies") == ()
    assert [e.kind for e in catalog.weather_effects("Fog")] == [WeatherKind.REVEAL_AT_END]
    assert catalog.weather_effects("Rain") is None
    with pytest.raises(DataError, match="weather.Fog: the rulebook defines Fog"):
        import_catalog(catalog_doc([], weather={"Fog": []}))


@pytest.mark.parametrize("change,field", [
    (lambda d: d.update(format="trek12-sheet"), "catalog: format: must be 'fourteeners-catalog'"),
    (lambda d: d.update(version=2), "catalog: version: this companion reads version 1"),
    (lambda d: d.update(extra=1), "catalog: unknown key 'extra'"),
    (lambda d: d["cards"][2].update({"class": 5}), r"catalog: cards\[2\].class: must be 1, 2, 3 or 4"),
    (lambda d: d["cards"][3].pop("technique"), r"catalog: cards\[3\].technique: is missing"),
    (lambda d: d["cards"][4].update(endurance=-1), r"catalog: cards\[4\].endurance: must be a whole number"),
    (lambda d: d["cards"][5].update(hazard="yes"), r"catalog: cards\[5\].hazard: must be true or false"),
    (lambda d: d["cards"][6].update(icons=["camera"]), r"catalog: cards\[6\].icons\[0\]: 'camera' is not an icon"),
    (lambda d: d["cards"][7]["sides"].update(summit={"points": 1}), r"cards\[7\].sides: unknown side 'summit'"),
    (lambda d: d["cards"][8]["sides"].update(gear={"utilty": 1}),
     r"catalog: cards\[8\].sides.gear: an item has exactly one effect"),
    (lambda d: d["cards"][9]["sides"].update(plans={"per": {"icon": "car"}, "points": 1}),
     r"catalog: cards\[9\].sides.plans.per.icon: 'car' is not an icon"),
    (lambda d: d["cards"][10].update(name="peak 1-1"), r"catalog: cards\[10\].name: “peak 1-1” is already"),
    (lambda d: d["cards"].append(card("Ninth", 1)), "catalog: cards: 9 Class I cards, but the deck has 8"),
    (lambda d: d["accolades"][0].update(basic={"best": {"side": "gear"}}),
     r"catalog: accolades\[0\].basic: unknown category 'best'"),
    (lambda d: d["accolades"].extend([{"name": f"A{i}"} for i in range(3)]), "catalog: accolades: 5 Accolade"),
    (lambda d: d.update(hikers={"E": {"utility": 1}}), "catalog: hikers: 'E' is not a Hiker"),
    (lambda d: d.update(weather={"Hail": []}), "catalog: weather: 'Hail' is on no forecast"),
    (lambda d: d.update(weather={"Rain": [{"extra": {"stamina": 1}}]}), r"catalog: weather.Rain\[0\].extra"),
    (lambda d: d.update(weather={"Rain": [{"block_side": "roof"}]}),
     r"catalog: weather.Rain\[0\].block_side: 'roof' is not a side"),
])
def test_a_bad_catalog_is_refused_with_the_field_named(change: object, field: str) -> None:
    doc = synthetic_catalog_doc()
    change(doc)  # type: ignore[operator]
    with pytest.raises(DataError, match=field):
        import_catalog(doc)


def test_not_a_catalog_at_all() -> None:
    with pytest.raises(DataError, match="must be a JSON object"):
        import_catalog([1, 2])


def test_a_backup_of_the_whole_app_is_sent_where_it_imports() -> None:
    # The two JSON files a player keeps are easy to mix up: say which file it is and where it goes.
    from companion.store import open_store

    with open_store(memory=True) as store:
        backup = store.export_all()
    with pytest.raises(DataError, match="this is a backup of the whole companion, not a 14ers catalog: "
                                        "import it in Settings, under Backup"):
        import_catalog(backup)


def test_the_editors_save_adds_renames_and_refuses_another_cards_name() -> None:
    mine = import_catalog(catalog_doc([card("Alpha", 1), card("Beta", 2)]))
    added = edited_card(mine, None, parse_card(card("Gamma", 3)))
    assert [c.name for c in added.cards] == ["Alpha", "Beta", "Gamma"]
    renamed = edited_card(added, "alpha", parse_card(card("Alpine", 1)))
    assert [c.name for c in renamed.cards] == ["Beta", "Gamma", "Alpine"]
    assert edited_card(mine, "Beta", parse_card(card("BETA", 3))).card("beta").klass == 3   # same card, new case
    with pytest.raises(InvalidInput, match="a card named “Beta” is already in the catalog"):
        edited_card(mine, None, parse_card(card("beta", 1)))
    with pytest.raises(InvalidInput, match="a card named “Beta” is already in the catalog"):
        edited_card(mine, "Alpha", parse_card(card("Beta", 1)))
    accolades = edited_accolade(Catalog(), None, AccoladeCard("Summit", None, None))
    with pytest.raises(InvalidInput, match="an Accolade named “Summit” is already in the catalog"):
        edited_accolade(accolades, None, AccoladeCard("summit", None, None))
    assert [a.name for a in edited_accolade(accolades, "Summit", AccoladeCard("Peak", None, None)).accolades] == [
        "Peak"]


def test_editing_and_merging() -> None:
    mine = import_catalog(catalog_doc([card("Alpha", 1, plans={"points": 1}), card("Beta", 2)]))
    shared = import_catalog(catalog_doc([card("beta", 2, 1, 1, gear={"utility": 1}), card("Gamma", 3)],
                                        hikers={"B": {"utility": 1}}))
    merged = merge(mine, shared)
    assert [c.name for c in merged.cards] == ["Alpha", "beta", "Gamma"]
    assert merged.card("BETA").ability(Side.GEAR) is not None
    assert merged.hiker_ability("B")
    assert [c.name for c in without_card(merged, "alpha").cards] == ["beta", "Gamma"]
    with pytest.raises(InvalidInput, match="no card named"):
        without_card(merged, "Delta")
    full = Catalog()
    for number in range(8):
        full = with_card(full, parse_card(card(f"I-{number}", 1)))
    with pytest.raises(InvalidInput, match="9 Class I cards"):
        with_card(full, parse_card(card("I-extra", 1)))
    accolades = Catalog()
    for number in range(4):
        accolades = with_accolade(accolades, AccoladeCard(f"Acc {number}", None, None))
    with pytest.raises(InvalidInput, match="4 Accolade cards"):
        with_accolade(accolades, AccoladeCard("Fifth", None, None))
    assert len(with_accolade(accolades, AccoladeCard("acc 0", None, None)).accolades) == 4
    # A merge says how many the two catalogs would hold together (8 + 3 = 11), not the first card too many.
    three = import_catalog(catalog_doc([card(f"New {n}", 1) for n in range(3)]))
    with pytest.raises(InvalidInput, match=r"^cards: merged with yours, 11 Class I cards, but the deck has 8$"):
        merge(full, three)
    assert len(merge(full, import_catalog(catalog_doc([card("i-0", 1, 2)]))).cards) == 8    # one replaced
    two = Catalog(accolades=(AccoladeCard("Acc 9", None, None), AccoladeCard("acc 1", None, None)))
    with pytest.raises(InvalidInput, match=r"^accolades: merged with yours, 5 Accolade cards, but the game has 4$"):
        merge(accolades, two)


def test_the_hazard_requirement_and_the_hazard_icon_are_one_fact():
    # 'Climb Cards': "Hazard (triangle icon)"; 'Gain a Revealed Climb Card': "Hazard is a third requirement".
    from companion.games.fourteeners.catalog import card_to_doc, parse_card
    from companion.games.fourteeners.data import Icon

    base = {"name": "Cross", "class": 3, "endurance": 2, "technique": 2, "sides": {}}
    old_flag_only = parse_card(dict(base, hazard=True, icons=["photo"]), "card")
    old_icon_only = parse_card(dict(base, hazard=False, icons=["hazard"]), "card")
    new_style = parse_card(dict(base, icons=["hazard"]), "card")
    for card in (old_flag_only, old_icon_only, new_style):
        assert card.hazard and Icon.HAZARD in card.icons
        doc = card_to_doc(card)
        assert doc["hazard"] is True and "hazard" in doc["icons"]
    assert old_flag_only.icons == (Icon.HAZARD, Icon.PHOTO) or set(old_flag_only.icons) == {Icon.HAZARD, Icon.PHOTO}
    plain = parse_card(dict(base, hazard=False, icons=[]), "card")
    assert not plain.hazard and card_to_doc(plain)["hazard"] is False


def test_the_card_form_sets_the_hazard_with_one_chip():
    from companion.ui.fourteeners.forms import CardForm

    form = CardForm(name="Cross", klass=3).toggled_icon("hazard")
    card = form.parse()
    assert form.hazard and card.hazard and Icon.HAZARD in card.icons
    assert not form.toggled_icon("hazard").parse().hazard
    assert CardForm.from_card(card).hazard
