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

__all__ = ["AUTO_NAMES", "is_auto_name", "made_up", "shown_name"]

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


_MARK = "\x00"           # stands for the number while a name is made to be matched (no name holds it)


@lru_cache(maxsize=4096)
def _pattern(code: str, side: str, player: str) -> re.Pattern[str]:
    """The names made in one language for one side and player, written as that language writes them
    ("Exploit 1 d'Ann" in French, not "de Ann"), the number to be found; cached by language, since a
    translation's text compares equal whatever rules it writes by."""
    with use_language(code):
        made = _(AUTO_NAMES[side]).format(name=player, number=_MARK)
    # Only a number the screen writes: "Ann's Plan 01" or an Arabic-Indic "٣" typed by a player is a name of
    # its own, not "Ann's Plan 1" said again.
    return re.compile(re.escape(made).replace(re.escape(_MARK), "([1-9][0-9]*)"))


def made_up(name: str, players: Iterable[str]) -> tuple[str, str, str, int] | None:
    """(language, side, player, number) of a name made for a card entered with none, in any of the app's
    languages, or None for any other name."""
    players = tuple(players)
    for code in dict.fromkeys([current(), *LANGUAGES]):
        for side in AUTO_NAMES:
            for player in players:
                found = _pattern(code, side, player).fullmatch(name)
                if found:
                    return code, side, player, int(found.group(1))
    return None


def is_auto_name(state: State, name: str) -> bool:
    """True for a name the screen made up (see `final.auto_name`), in any of the app's languages: such a card
    is not offered to the catalog."""
    return made_up(name, (p.name for p in state.players)) is not None


def shown_name(name: str, players: Iterable[str]) -> str:
    """A card's name as this screen's language says it: one made in another language for a card entered
    without a name, in this one; any other name as it is."""
    made = made_up(name, players)
    if made is None or made[0] == current():
        return name
    _code, side, player, number = made
    return _(AUTO_NAMES[side]).format(name=player, number=number)
