"""The names the finished-game screen gives a 14ers card entered without one ("Ann's Plan 2"), in every
language the app speaks, and how a screen shows one made in another language than its own.

The name is the card's in the game's saved entries (a card is known by its name, unique on the table), so
it stays as it was made; a screen in another language says it in its own ("Zoé's Capstone 1" where
"Exploit 1 de Zoé" was made in French), as it says every other word of the game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from companion.games.fourteeners.rules import State
from companion.i18n import LANGUAGES, N_, _, current, use_language
from companion.ui.fourteeners.forms import GUIDE

__all__ = ["AUTO_NAMES", "is_auto_name", "shown_name"]

# The name given to a card entered with none, unique on the table, by the side it is tucked as (or a Guide):
# {name} is the player, {number} counts them.
AUTO_NAMES = {
    # i18n: the name given to a card entered with none: the player's first Capstone, "Ann's Capstone 1"
    "capstone": N_("{name}'s Capstone {number}"),
    # i18n: the name given to a card entered with none: the player's first Gear, "Ann's Gear 1"
    "gear": N_("{name}'s Gear {number}"),
    # i18n: the name given to a card entered with none: the player's first Training, "Ann's Training 1"
    "training": N_("{name}'s Training {number}"),
    # i18n: the name given to a card entered with none: the player's first Plan, "Ann's Plan 1"
    "plans": N_("{name}'s Plan {number}"),
    # i18n: the name given to a card entered with none: the player's first Guide, "Ann's Guide 1"
    GUIDE: N_("{name}'s Guide {number}"),
}


@lru_cache(maxsize=None)
def _templates(code: str) -> tuple[str, ...]:
    """The names made, in one language (a catalog does not change while the app runs)."""
    with use_language(code):
        return tuple(_(t) for t in AUTO_NAMES.values())


@lru_cache(maxsize=4096)
def _pattern(template: str, player: str) -> re.Pattern[str]:
    return re.compile(re.escape(template).replace(re.escape("{name}"), re.escape(player)).replace(
        re.escape("{number}"), r"(\d+)"))


def _made(name: str, players: Iterable[str]) -> tuple[str, str, str, str] | None:
    """(language, side, player, number) of a name made for a card entered with none, or None."""
    players = tuple(players)
    for code in dict.fromkeys([current(), *LANGUAGES]):
        for side, template in zip(AUTO_NAMES, _templates(code)):
            for player in players:
                found = _pattern(template, player).fullmatch(name)
                if found:
                    return code, side, player, found.group(1)
    return None


def is_auto_name(state: State, name: str) -> bool:
    """True for a name the screen made up (see `final.auto_name`), in any of the app's languages: such a card
    is not offered to the catalog."""
    return _made(name, (p.name for p in state.players)) is not None


def shown_name(name: str, players: Iterable[str]) -> str:
    """A card's name as this screen's language says it: one made in another language for a card entered
    without a name, in this one; any other name as it is."""
    made = _made(name, players)
    if made is None or made[0] == current():
        return name
    _code, side, player, number = made
    return _(AUTO_NAMES[side]).format(name=player, number=number)
