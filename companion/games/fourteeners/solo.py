"""Gerry, the simulated Hiker of the solo variant ('Solo Variant'), and the solo row of revealed Climbs.

Your new Climb goes to the far left of the row; after your choice the others slide right. Gerry reveals
(his card also goes far left), takes the rightmost Climb ignoring Weather and requirements, and tucks it by
its Class: I Training, II Plans, III and IV Capstones. He never hires Guides and has no Accolade, but counts
as a rival for abilities. These are pure functions over the row; `rules.apply` calls them on Gerry's turn.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

from companion.errors import IllegalAction
from companion.i18n.message import msg

from .data import ClassNumber, HikerLetter, Side, load_data

__all__ = ["gerry_name", "gerry_hiker", "gerry_side", "gerry_pick", "place_reveal", "won", "outcome"]

T = TypeVar("T")


def gerry_name() -> str:
    """Gerry's name as the rulebook gives it."""
    return load_data().solo.name


def gerry_hiker() -> HikerLetter:
    """The Hiker Gerry plays ('Gerry will go second, using Hiker C')."""
    return load_data().solo.hiker


def gerry_side(klass: ClassNumber) -> Side:
    """Where Gerry tucks a Climb of this Class: I Training, II Plans, III and IV Capstones."""
    return load_data().solo.tuck_by_class[klass - 1]


def gerry_pick(row: Sequence[T]) -> int:
    """The index of the Climb Gerry takes: the rightmost one, whatever its requirements and the Weather."""
    if not row:
        raise IllegalAction(msg("{gerry} takes the rightmost revealed Climb, but no Climb is revealed",
                                gerry=gerry_name()))
    return len(row) - 1


def place_reveal(row: tuple[T, ...], card: T, *, solo: bool) -> tuple[T, ...]:
    """The row after a reveal: far left in the solo variant; at the right end otherwise (any place will do)."""
    return (card,) + row if solo else row + (card,)


def won(winners: Sequence[str], your_name: str) -> bool:
    """Whether the player alone beat Gerry: "If your score is higher, you win!" ('Solo Variant'); a tie is not
    a win (docs/rulings.md)."""
    return list(winners) == [your_name]


def outcome(you: int, gerry: int, winners: Sequence[str], your_name: str) -> str:
    """The solo verdict in words: "If your score is higher, you win!" ('Solo Variant'), so a tie is not a
    win for the player, and the words say so."""
    if won(winners, your_name):
        # i18n: the solo verdict; {you} is your score, {gerry} the solo opponent's
        return msg("You win, {you} to {gerry}.", you=you, gerry=gerry)
    if you == gerry:
        # i18n: the solo verdict; {gerry} is the solo opponent's name (Gerry), {points} the score of both
        return msg("A tie with {gerry} at {points} is not a win: only a higher score beats {gerry}.",
                   gerry=gerry_name(), points=you)
    # i18n: the solo verdict; {gerry} is the solo opponent's name (Gerry); {his} his score, {you} yours
    return msg("{gerry} wins, {his} to {you}.", gerry=gerry_name(), his=gerry, you=you)
