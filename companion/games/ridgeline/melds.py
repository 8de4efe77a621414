"""The meld checker: is a staged pitch legal for a camp, and if not, the first reason; lay-off options.

The order of the checks decides which reason is "first" (docs/rulings.md, Ridgeline): the number of groups,
then whether the cards can all exist, then each group in the camp's requirement order (what the group holds,
then the kind's own rule, then its size), then the cards kept back.
"""

from __future__ import annotations

import itertools

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from companion.games.ridgeline.cards import Card, Colour, supply_problem
from companion.games.ridgeline.data import Camp, Kind, Requirement, load

__all__ = [
    "PitchProblem",
    "TableGroup",
    "LayOff",
    "group_problem",
    "keep_problem",
    "pitch_problem",
    "lay_off_options",
]


@dataclass(frozen=True)
class PitchProblem:
    """Why a staged pitch is not legal; `group` is the 0-based requirement slot at fault, or None."""

    reason: str
    group: int | None = None


@dataclass(frozen=True)
class TableGroup:
    """A group already on the table (anyone's), which later lay-offs may grow."""

    kind: Kind
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class LayOff:
    """A hand card that may be laid onto a table group; a Rope may be declared as any rank x colour listed."""

    card: int  # index in the hand
    group: int  # index in the table groups
    ranks: tuple[int, ...]
    colours: tuple[Colour, ...]


def group_problem(requirement: Requirement, cards: Sequence[Card]) -> str | None:
    """The first reason a staged group does not meet a requirement ('The route': set, run, colour group,
    colour run, spread, tally; every requirement needs at least one real trail card), or None."""
    word = requirement.kind.word
    if not cards:
        return f"{word} has no cards"
    if any(card.is_whiteout for card in cards):
        return f"{word} has a Whiteout; a Whiteout is not a trail card and cannot be pitched"
    if any(card.is_rope and not card.declared for card in cards):
        return f"{word} has an undeclared Rope; declare it as the card it plays as, such as R:G7"
    if not any(card.is_trail for card in cards):
        return f"{word} has only Ropes; every requirement needs at least one real trail card"
    content = _CONTENT[requirement.kind](requirement, cards)
    if content:
        return content
    count = len(cards)
    if requirement.kind is Kind.SPREAD:
        if count != requirement.size:
            return f"{word} has {count} cards; it needs exactly {requirement.size}, one of each colour"
    elif count < requirement.size:
        return f"{word} has {count} card{'s' if count != 1 else ''}; it needs at least {requirement.size}"
    return None


def keep_problem(kept: Sequence[Card]) -> str | None:
    """Why the cards kept back do not allow the discard that must follow a pitch ('A turn': keep one card
    back to discard; 'Whiteouts': a lone Whiteout cannot be discarded), or None."""
    if not kept:
        return "keep at least one card back to discard; you cannot pitch the last card in your hand"
    if any(card.declared for card in kept):
        return "a Rope kept in hand is not declared; write it as R"
    if len(kept) == 1 and kept[0].is_whiteout:
        return ("a lone Whiteout cannot be discarded; keep a trail card or a Rope back to discard as well")
    return None


def pitch_problem(camp: Camp, groups: Sequence[Sequence[Card]], kept: Sequence[Card]) -> PitchProblem | None:
    """The first reason staged groups do not clear a camp this turn ('The route', 'A turn'), or None."""
    requirements = camp.requirements
    if len(groups) != len(requirements):
        labels = ", ".join(req.label for req in requirements)
        return PitchProblem(
            f"{camp.label} needs {len(requirements)} groups ({labels}), not {len(groups)}")
    everything = [card for group in groups for card in group] + list(kept)
    supply = supply_problem(everything)
    if supply:
        return PitchProblem(supply)
    limit = load().deck.max_hand
    if len(everything) > limit:
        return PitchProblem(f"{len(everything)} cards are staged and kept, but a hand holds at most {limit}")
    first = _first_group_problem(requirements, groups)
    if first is not None and not any(
        _first_group_problem(order, groups) is None
        for order in itertools.permutations(requirements)
    ):
        # Staged groups may come in any order; the reason given is the one for the camp's own order.
        return first
    reason = keep_problem(kept)
    return PitchProblem(reason) if reason else None


def _first_group_problem(requirements: Sequence[Requirement],
                         groups: Sequence[Sequence[Card]]) -> PitchProblem | None:
    for index, (requirement, group) in enumerate(zip(requirements, groups)):
        reason = group_problem(requirement, group)
        if reason:
            return PitchProblem(reason, index)
    return None


def lay_off_options(hand: Sequence[Card], table: Sequence[TableGroup]) -> tuple[LayOff, ...]:
    """Which hand cards can be laid onto which table groups so the group stays legal ('A turn': lay-offs
    after pitching onto sets, runs, colour groups and colour runs; spreads and tallies take nothing)."""
    deck = load().deck
    options = []
    for group_index, group in enumerate(table):
        if not group.kind.can_grow:
            continue
        # The group is already legal, so only the kind's own rule can break when a card is added.
        probe = Requirement(group.kind, 1)
        for card_index, card in enumerate(hand):
            if card.is_trail:
                if group_problem(probe, (*group.cards, card)) is None:
                    options.append(LayOff(card_index, group_index, (card.rank,), (card.colour,)))
            elif card.is_rope:
                fits = [
                    (rank, colour)
                    for rank in range(deck.rank_min, deck.rank_max + 1)
                    for colour in Colour
                    if group_problem(probe, (*group.cards, Card(card.kind, colour, rank))) is None
                ]
                if fits:
                    # For every growable kind the legal declarations are a full ranks x colours product.
                    ranks = tuple(sorted({rank for rank, _ in fits}))
                    colours = tuple(c for c in Colour if any(c is fit[1] for fit in fits))
                    options.append(LayOff(card_index, group_index, ranks, colours))
    return tuple(options)


# --- the kinds' own rules ------------------------------------------------------------------------------


def _set(requirement: Requirement, cards: Sequence[Card]) -> str | None:
    first = cards[0].rank
    for card in cards[1:]:
        if card.rank != first:
            return f"set mixes ranks {first} and {card.rank}"
    return None


def _one_colour(word: str, cards: Sequence[Card]) -> str | None:
    first = cards[0].colour
    for card in cards[1:]:
        if card.colour is not first:
            return f"{word} mixes {first.full_name} and {card.colour.full_name}"
    return None


def _consecutive(word: str, cards: Sequence[Card]) -> str | None:
    counts = Counter(card.rank for card in cards)
    for rank in sorted(counts):
        if counts[rank] > 1:
            return f"{word} has {_amount(counts[rank])} {rank}s; a run has no duplicate ranks"
    ranks = sorted(counts)
    for low, high in zip(ranks, ranks[1:]):
        if high - low > 1:
            return f"{word} has a gap between {low} and {high}"
    return None


def _run(requirement: Requirement, cards: Sequence[Card]) -> str | None:
    return _consecutive("run", cards)


def _colour_group(requirement: Requirement, cards: Sequence[Card]) -> str | None:
    return _one_colour("colour group", cards)


def _colour_run(requirement: Requirement, cards: Sequence[Card]) -> str | None:
    return _one_colour("colour run", cards) or _consecutive("colour run", cards)


def _spread(requirement: Requirement, cards: Sequence[Card]) -> str | None:
    counts = Counter(card.colour for card in cards)
    for colour in Colour:
        if counts[colour] > 1:
            return f"spread has {_amount(counts[colour])} {colour.full_name} cards"
    return None


def _tally(requirement: Requirement, cards: Sequence[Card]) -> str | None:
    total = sum(card.rank for card in cards)
    if total != requirement.target:
        return f"tally sums to {total}, not {requirement.target}"
    return None


def _amount(count: int) -> str:
    words = ("two", "three", "four", "five")
    return words[count - 2] if 2 <= count < 2 + len(words) else str(count)


_CONTENT = {
    Kind.SET: _set,
    Kind.RUN: _run,
    Kind.COLOUR_GROUP: _colour_group,
    Kind.COLOUR_RUN: _colour_run,
    Kind.SPREAD: _spread,
    Kind.TALLY: _tally,
}
