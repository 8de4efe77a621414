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
from companion.i18n.message import N_, msg, msgn

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
    # The reasons are sentences for people (`Message`s); {kind} is the kind's own word, "colour group".
    word = requirement.kind.word
    if not cards:
        # i18n: {kind} is a meld kind such as "colour group"
        return msg("{kind} has no cards", kind=word)
    if any(card.is_whiteout for card in cards):
        # i18n: {kind} is a meld kind such as "colour group"
        return msg("{kind} has a Whiteout; a Whiteout is not a trail card and cannot be pitched", kind=word)
    if any(card.is_rope and not card.declared for card in cards):
        # i18n: {kind} is a meld kind such as "colour group"; R:G7 is card notation, kept as it is
        return msg("{kind} has an undeclared Rope; declare it as the card it plays as, such as R:G7", kind=word)
    if not any(card.is_trail for card in cards):
        # i18n: {kind} is a meld kind such as "colour group"
        return msg("{kind} has only Ropes; every requirement needs at least one real trail card", kind=word)
    content = _CONTENT[requirement.kind](requirement, cards)
    if content:
        return content
    count = len(cards)
    if requirement.kind is Kind.SPREAD:
        if count != requirement.size:
            # i18n: {kind} is "spread"; {count} and {size} are numbers of cards
            return msg("{kind} has {count} cards; it needs exactly {size}, one of each colour", kind=word,
                       count=count, size=requirement.size)
    elif count < requirement.size:
        # i18n: {kind} is a meld kind such as "colour group"; {size} is a number of cards
        return msgn("{kind} has {n} card; it needs at least {size}", "{kind} has {n} cards; it needs at least {size}",
                    count, kind=word, size=requirement.size)
    return None


def keep_problem(kept: Sequence[Card]) -> str | None:
    """Why the cards kept back do not allow the discard that must follow a pitch ('A turn': keep one card
    back to discard; 'Whiteouts': a lone Whiteout cannot be discarded), or None."""
    if not kept:
        return msg("keep at least one card back to discard; you cannot pitch the last card in your hand")
    if any(card.declared for card in kept):
        # i18n: R is card notation (a Rope), kept as it is
        return msg("a Rope kept in hand is not declared; write it as R")
    if len(kept) == 1 and kept[0].is_whiteout:
        return msg("a lone Whiteout cannot be discarded; keep a trail card or a Rope back to discard as well")
    return None


def pitch_problem(camp: Camp, groups: Sequence[Sequence[Card]], kept: Sequence[Card]) -> PitchProblem | None:
    """The first reason staged groups do not clear a camp this turn ('The route', 'A turn'), or None."""
    requirements = camp.requirements
    if len(groups) != len(requirements):
        # i18n: {camp} is "camp 3"; {labels} lists the requirements, "set of 3, run of 4"; the rest are numbers
        return PitchProblem(msg("{camp} needs {count} groups ({labels}), not {given}", camp=camp.label,
                                count=len(requirements), labels=_listed([req.label for req in requirements]),
                                given=len(groups)))
    everything = [card for group in groups for card in group] + list(kept)
    supply = supply_problem(everything)
    if supply:
        return PitchProblem(supply)
    limit = load().deck.max_hand
    if len(everything) > limit:
        return PitchProblem(msg("{count} cards are staged and kept, but a hand holds at most {limit}",
                                count=len(everything), limit=limit))
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
            # i18n: {first} and {second} are card ranks (numbers)
            return msg("set mixes ranks {first} and {second}", first=first, second=card.rank)
    return None


def _one_colour(kind: Kind, cards: Sequence[Card]) -> str | None:
    first = cards[0].colour
    for card in cards[1:]:
        if card.colour is not first:
            # i18n: {kind} is "colour group" or "colour run"; {first} and {second} are colours of the deck, "Glacier"
            return msg("{kind} mixes {first} and {second}", kind=kind.word, first=first.full_name,
                       second=card.colour.full_name)
    return None


def _consecutive(kind: Kind, cards: Sequence[Card]) -> str | None:
    counts = Counter(card.rank for card in cards)
    for rank in sorted(counts):
        if counts[rank] > 1:
            # i18n: {kind} is "run" or "colour run"; {amount} a number in words ("two"); {rank} a card rank: "two 7s"
            return msg("{kind} has {amount} {rank}s; a run has no duplicate ranks", kind=kind.word,
                       amount=_amount(counts[rank]), rank=rank)
    ranks = sorted(counts)
    for low, high in zip(ranks, ranks[1:]):
        if high - low > 1:
            # i18n: {kind} is "run" or "colour run"; {low} and {high} are card ranks (numbers)
            return msg("{kind} has a gap between {low} and {high}", kind=kind.word, low=low, high=high)
    return None


def _run(requirement: Requirement, cards: Sequence[Card]) -> str | None:
    return _consecutive(Kind.RUN, cards)


def _colour_group(requirement: Requirement, cards: Sequence[Card]) -> str | None:
    return _one_colour(Kind.COLOUR_GROUP, cards)


def _colour_run(requirement: Requirement, cards: Sequence[Card]) -> str | None:
    return _one_colour(Kind.COLOUR_RUN, cards) or _consecutive(Kind.COLOUR_RUN, cards)


def _spread(requirement: Requirement, cards: Sequence[Card]) -> str | None:
    counts = Counter(card.colour for card in cards)
    for colour in Colour:
        if counts[colour] > 1:
            # i18n: {amount} is a number in words ("two"); {colour} a colour of the deck, "Glacier"
            return msg("spread has {amount} {colour} cards", amount=_amount(counts[colour]), colour=colour.full_name)
    return None


def _tally(requirement: Requirement, cards: Sequence[Card]) -> str | None:
    total = sum(card.rank for card in cards)
    if total != requirement.target:
        # i18n: "tally" is the meld kind; {total} and {target} are sums of card ranks
        return msg("tally sums to {total}, not {target}", total=total, target=requirement.target)
    return None


# i18n: numbers in words, as in "run has two 7s"
_AMOUNTS = (N_("two"), N_("three"), N_("four"), N_("five"))


def _amount(count: int) -> str:
    return msg(_AMOUNTS[count - 2]) if 2 <= count < 2 + len(_AMOUNTS) else str(count)


def _listed(items: Sequence[str]) -> str:
    """Items one after another, "set of 3, run of 4", each said in the player's language where it is shown."""
    said = items[0]
    for item in items[1:]:
        # i18n: a list going on by one more item: "set of 3, run of 4"
        said = msg("{items}, {item}", items=said, item=item)
    return said


_CONTENT = {
    Kind.SET: _set,
    Kind.RUN: _run,
    Kind.COLOUR_GROUP: _colour_group,
    Kind.COLOUR_RUN: _colour_run,
    Kind.SPREAD: _spread,
    Kind.TALLY: _tally,
}
