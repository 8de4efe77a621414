"""Card-building helpers shared by the 14ers tests, and a synthetic catalog for whole games.

The real cards' texts are not public, so whole-game tests use a made-up catalog with the deck's real
structure (8/14/10/7 cards by Class) and abilities drawn from every part of the vocabulary. It lives in the
tests only; nothing here is shipped as card data.
"""

from __future__ import annotations

from typing import Any

from companion.games.fourteeners.catalog import CATALOG_FORMAT, CATALOG_VERSION, import_catalog

_SIDES = ("capstone", "gear", "training", "plans")


def card(name: str, klass: int, endurance: int = 0, technique: int = 0, *, hazard: bool = False,
         icons: tuple[str, ...] = (), **sides: Any) -> dict[str, Any]:
    """A CARD document in the catalog's format; sides not given are left undescribed."""
    return {"name": name, "class": klass, "endurance": endurance, "technique": technique, "hazard": hazard,
            "icons": list(icons), "sides": {side: sides[side] for side in _SIDES if side in sides}}


def catalog_doc(cards: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A catalog document around some cards."""
    return {"format": CATALOG_FORMAT, "version": CATALOG_VERSION, "cards": cards, **extra}


_CAPSTONES = [{"points": 2}, {"points": 3}, {"points": 4}, {"points": 6}]
_GEAR = [
    {"utility": 1},
    {"per_empty_side": {"utility": 1}},
    {"utility": 2, "only_for_class": [4]},
    [{"utility": 1, "only_for_class": [3, 4]}, {"meets_hazard": True}],
    {"ignores_weather": True},
]
_TRAINING = [
    {"endurance": 1},
    {"technique": 1},
    {"per": {"side": "gear"}, "endurance": 1},
    {"per": {"class": 3}, "technique": 1},
    [{"endurance": 1}, {"technique": 1}],
]
_PLANS = [
    {"per": {"icon": "hazard"}, "points": 1},
    {"if_none": {"side": "gear"}, "points": 2},
    {"per": {"class": [1, 2]}, "points": 1},
    {"if_most": {"side": "capstone"}, "points": 3},
    {"per_guide": {"points": 1}},
    {"if_any": {"icon": "photo"}, "points": 2},
]
_ICONS = [(), ("hazard",), ("photo",), ("alt",), ("hazard", "photo"), ()]


def synthetic_catalog_doc() -> dict[str, Any]:
    """A complete made-up catalog: 39 Climbs (8/14/10/7), two Accolades, Weathers described."""
    cards = []
    serial = 0
    for klass, count in ((1, 8), (2, 14), (3, 10), (4, 7)):
        for number in range(count):
            serial += 1
            cards.append(card(
                f"Peak {klass}-{number + 1}", klass,
                endurance=klass - 1 + number % 2, technique=klass - 1 + (number + 1) % 3 // 2,
                hazard=klass >= 3 and number % 3 == 0,
                # The Hazard icon is the Hazard requirement: it shows exactly on the cards that have one.
                icons=tuple(i for i in _ICONS[serial % len(_ICONS)] if i != "hazard")
                + (("hazard",) if klass >= 3 and number % 3 == 0 else ()),
                capstone=_CAPSTONES[(serial + klass) % len(_CAPSTONES)],
                gear=_GEAR[serial % len(_GEAR)],
                training=_TRAINING[serial % len(_TRAINING)],
                plans=_PLANS[serial % len(_PLANS)],
            ))
    return catalog_doc(
        cards,
        accolades=[{"name": "Gear Head", "basic": {"most": {"side": "gear"}},
                    "advanced": {"fewest": {"side": "plans"}}},
                   {"name": "Shutterbug", "basic": {"most": {"icon": "photo"}},
                    "advanced": {"most": {"class": 4}}}],
        weather={"Rain": [{"extra": {"endurance": 1}}], "Mud": [{"block_side": "gear"}],
                 "Blizzard": [{"extra": {"endurance": 1, "technique": 1}, "only_for_class": [3, 4]}],
                 "Sleet": [{"extra": {"technique": 1}}], "Heat": [{"block_side": "training"}],
                 "Snow": [{"extra": {"endurance": 2}}]},
    )


def test_the_synthetic_catalog_has_the_decks_structure() -> None:
    catalog = import_catalog(synthetic_catalog_doc())
    by_class = [sum(1 for c in catalog.cards if c.klass == k) for k in (1, 2, 3, 4)]
    assert by_class == [8, 14, 10, 7]
    assert all(c.described for c in catalog.cards)
