"""The editors' forms: every catalog card, Accolade and Weather reads back unchanged through its form, and
every vocabulary condition and effect the chips offer makes an item the engine accepts."""

from __future__ import annotations

import pytest

from companion.errors import InvalidInput
from companion.games.fourteeners.abilities import describe_ability, vocabulary
from companion.games.fourteeners.catalog import import_catalog
from companion.ui.fourteeners.forms import (
    AbilityForm, AccoladeForm, CardForm, FilterForm, ItemForm, WeatherForm,
)
from test_fourteeners_fixtures import synthetic_catalog_doc


def test_every_card_accolade_and_weather_round_trips_through_its_form():
    catalog = import_catalog(synthetic_catalog_doc())
    for card in catalog.cards:
        assert CardForm.from_card(card).parse() == card
    for accolade in catalog.accolades:
        assert AccoladeForm.from_card(accolade).parse() == accolade
    for name, effects in catalog.weather:
        assert WeatherForm.from_effects(effects).parse() == effects, name


@pytest.mark.parametrize("condition", [spec.name for spec in vocabulary().conditions])
def test_each_condition_with_a_number_effect_is_accepted(condition):
    item = ItemForm(condition=condition, effect="utility", amount=2, only_for_class=(4,),
                    filter=FilterForm(classes=(3,), icons=("photo",)))
    [parsed] = AbilityForm((item,)).parse()
    assert parsed.condition.value == condition and parsed.effect.amount == 2
    assert parsed.effect.only_for_class == (4,)
    assert ItemForm.from_item(parsed).to_doc() == item.to_doc()
    assert "+2 Utility towards Class IV Climbs" in describe_ability((parsed,))


@pytest.mark.parametrize("effect", [spec.name for spec in vocabulary().effects])
def test_each_effect_is_accepted_on_its_own(effect):
    [parsed] = AbilityForm((ItemForm(effect=effect, amount=3),)).parse()
    assert parsed.effect.kind.value == effect


def test_a_flag_counted_per_card_is_refused_by_the_engine():
    with pytest.raises(InvalidInput, match="a flag cannot be counted per card"):
        AbilityForm((ItemForm(condition="per", effect="meets_hazard"),)).parse()


def test_filter_choices_keep_the_printed_order_and_toggle_off():
    chosen = FilterForm().toggled("classes", 4).toggled("classes", 1).toggled("sides", "plans")
    chosen = chosen.toggled("sides", "capstone").toggled("icons", "photo").toggled("icons", "photo")
    assert chosen == FilterForm(classes=(1, 4), sides=("capstone", "plans"))
    assert chosen.to_doc() == {"class": [1, 4], "side": ["capstone", "plans"]}
    # A Guide filter has no sides: they are left out of its document.
    assert chosen.to_doc(guide=True) == {"class": [1, 4]}
