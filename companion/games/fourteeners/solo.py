"""Gerry, the simulated Hiker of the solo variant ('Solo Variant'), and the solo row of revealed Climbs.

Your new Climb goes to the far left of the row; after your choice the others slide right. Gerry reveals
(his card also goes far left), takes the rightmost Climb ignoring Weather and requirements, and tucks it by
its Class: I Training, II Plans, III and IV Capstones. He never hires Guides and has no Accolade, but counts
as a rival for abilities. These are pure functions over the row; `rules.apply` calls them on Gerry's turn.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

from companion.errors import IllegalAction

from .data import ClassNumber, HikerLetter, Side, load_data

__all__ = ["gerry_name", "gerry_hiker", "gerry_side", "gerry_pick", "place_reveal", "outcome"]

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
        raise IllegalAction("Gerry takes the rightmost revealed Climb, but no Climb is revealed")
    return len(row) - 1


def place_reveal(row: tuple[T, ...], card: T, *, solo: bool) -> tuple[T, ...]:
    """The row after a reveal: far left in the solo variant; at the right end otherwise (any place will do)."""
    return (card,) + row if solo else row + (card,)


def outcome(you: int, gerry: int, winners: Sequence[str], your_name: str) -> str:
    """The solo verdict in words: "If your score is higher, you win!" ('Solo Variant'), so a tie is not a
    win for the player, and the words say so."""
    if list(winners) == [your_name]:
        return f"You win, {you} to {gerry}."
    if you == gerry:
        return (f"A tie with {gerry_name()} at {you} is not a win: only a higher score beats "
                f"{gerry_name()}.")
    return f"{gerry_name()} wins, {gerry} to {you}."
