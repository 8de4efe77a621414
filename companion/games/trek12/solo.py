"""Max, the Free Solo opponent: he fills the player's circle with the roll's best result.

His moves are made by `rules.apply` together with the player's (he keeps no option table; his link
choices are the player's to make, through a turn's `max_links`). This module scores him and names the
winner.
"""

from __future__ import annotations

from enum import Enum

from companion.games.trek12.rules import MAX_ASSISTS, MAX_CARD_VALUES, Roll, State, max_link_choices
from companion.games.trek12.scoring import ScoreBreakdown, score, score_board

__all__ = [
    "MAX_NAME",
    "takes_max_name",
    "MAX_ASSISTS",
    "MAX_CARD_VALUES",
    "Winner",
    "max_value",
    "max_score",
    "winner",
    "winner_of",
    "max_link_choices",
]

MAX_NAME = "Max"


def takes_max_name(name: str) -> bool:
    """True when a player's name is Max's (in any case, spaces around it aside): against Max it would make
    two sheets, two score lines and a winner that all say "Max"."""
    return name.strip().casefold() == MAX_NAME.casefold()


class Winner(Enum):
    """Who won an Express Ascent against Max; equal totals are a tie (the rulebook names no tie-break)."""

    PLAYER = "player"
    MAX = "max"
    TIE = "tie"


def max_value(roll: Roll) -> int:
    """The number Max writes: the highest of the five option results of the roll (Free Solo Mode)."""
    return roll.best


def max_score(state: State) -> ScoreBreakdown:
    """Max's score for one Ascent: as normal, but +3 per orphan instead of -3 ('Max's Special Bonus').

    His Assist cards count +3 each only on an Expedition's last Ascent ('Solo Expeditions': "During the last
    Ascent, Max discards all the Assist cards he collected"), when the game says so (`last_ascent`); before,
    he keeps them and `state.max_assists` says how many he holds.
    """
    if state.max_board is None:
        raise ValueError("there is no Max in this game")
    return score_board(state.max_board, max_rules=True, assists=state.max_assists if state.last_ascent else 0)


def winner(state: State) -> Winner:
    """The player wins with the higher total, Max with his; equal totals tie (Free Solo Mode)."""
    mine = score(state).total
    his = max_score(state).total
    return Winner.PLAYER if mine > his else Winner.MAX if his > mine else Winner.TIE


def winner_of(player_total: int, max_total: int) -> Winner:
    """The winner for two totals (used when the sheets were scored separately)."""
    return Winner.PLAYER if player_total > max_total else Winner.MAX if max_total > player_total else Winner.TIE

