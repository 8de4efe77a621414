"""The pitch finder: can this hand clear the camp this turn, and the way that leaves the least fatigue in hand.

Exact, not heuristic. Cards that no requirement of the camp can tell apart (same rank, and same colour when
some requirement cares about colour) are counted rather than listed, and Ropes are counted too, so each
requirement's candidate groups are small multisets of card classes. A candidate needs its real cards plus
the fewest Ropes that make it legal and can absorb up to a most; any mix of candidates whose real cards and
minimum Ropes fit in the hand is a legal pitch that can place min(Ropes held, sum of the mosts) Ropes.
A branch-and-bound search over the candidates then finds the pitch with the most fatigue pitched, which is
the pitch leaving the least fatigue in hand.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Sequence

from companion.errors import InvalidInput
from companion.games.ridgeline.cards import Card, CardKind, Colour, cards_fatigue, supply_problem
from companion.games.ridgeline.data import Camp, Kind, Requirement, load
from companion.i18n.message import msg

__all__ = ["Pitch", "find_pitch", "search_pitch"]

_FIELD = 5  # bits per class count in a packed hand: four for the count, one guard bit against borrows
_GUARD_BIT = 1 << (_FIELD - 1)


@dataclass(frozen=True)
class Pitch:
    """One way to clear a camp: the groups in the camp's requirement order, the cards kept in hand and their
    fatigue (cards only, before the discard and before the 25 per camp not cleared)."""

    groups: tuple[tuple[Card, ...], ...]
    kept: tuple[Card, ...]
    fatigue_left: int


@dataclass(frozen=True)
class _Candidate:
    key: int  # real value + the most Rope value it can take: an upper bound for sorting and pruning
    need: int  # packed real cards per class, plus its minimum Ropes in the Rope field
    value: int  # fatigue of its real cards
    ropes_min: int
    ropes_max: int
    real: int  # how many real cards it uses
    parts: tuple[tuple[int, int], ...]  # (class index, how many)


class _Classes:
    """The hand's real cards grouped into classes the camp cannot tell apart, with the packed layout."""

    def __init__(self, real: Sequence[Card], by_colour: bool) -> None:
        pools: dict[tuple[int, str], list[Card]] = defaultdict(list)
        for card in real:
            pools[(card.rank, card.colour.value if by_colour else "")].append(card)
        self.keys = sorted(pools)
        self.pools = [pools[key] for key in self.keys]
        self.ranks = [key[0] for key in self.keys]
        self.colours = [key[1] for key in self.keys]
        self.counts = [len(pool) for pool in self.pools]
        self.rope_shift = _FIELD * len(self.keys)
        self.guard = sum(_GUARD_BIT << (_FIELD * i) for i in range(len(self.keys) + 1))
        self.full = sum(count << (_FIELD * i) for i, count in enumerate(self.counts))


def find_pitch(camp: Camp, hand: Sequence[Card]) -> Pitch | None:
    """The pitch clearing `camp` from `hand` that leaves the lowest fatigue in hand, keeping a card back to
    discard ('A turn', 'Fatigue'); None when the camp cannot be cleared this turn."""
    return search_pitch(camp, hand)[0]


def search_pitch(camp: Camp, hand: Sequence[Card]) -> tuple[Pitch | None, bool]:
    """`find_pitch`, and whether the camp could be laid out with every card of the hand (but at most one
    Whiteout): with no pitch, True says why ("You must keep one card back to discard"), which a screen tells
    a player whose hand lays the camp out on the table."""
    hand = tuple(card.undeclared() for card in hand)
    problem = supply_problem(hand)
    if problem:
        # i18n: {reason} says which cards cannot all exist, "only two Glacier 7 cards exist, but 3 are listed"
        raise InvalidInput(msg("the hand is impossible: {reason}", reason=problem))
    deck = load().deck
    rope_value = deck.rope_fatigue
    real = [card for card in hand if card.is_trail]
    ropes = sum(card.is_rope for card in hand)
    whiteouts = sum(card.is_whiteout for card in hand)
    classes = _Classes(real, camp.uses_colour)
    requirements = camp.requirements
    lists = [_candidates(req, classes, ropes, rope_value, deck.rank_max - deck.rank_min + 1)
             for req in requirements]
    if any(not cands for cands in lists):
        return None, False
    # Search the requirement with the fewest candidates first; equal requirements sit side by side so the
    # search can take their candidates in non-decreasing order instead of trying every permutation.
    order = sorted(range(len(requirements)),
                   key=lambda i: (len(lists[i]), requirements[i].kind.value, requirements[i].size,
                                  requirements[i].target or 0))
    levels = [lists[i] for i in order]
    same = [False] + [requirements[order[l]] == requirements[order[l - 1]] for l in range(1, len(order))]
    real_value = sum(card.rank for card in real)

    full = classes.full | (ropes << classes.rope_shift)
    found = _search(levels, same, classes.guard, full, ropes, rope_value, real_value + rope_value * ropes)
    if found is None:
        return None, False
    total, chosen = found
    placed = min(ropes, sum(levels[l][c].ropes_max for l, c in enumerate(chosen)))
    everything = sum(levels[l][c].real for l, c in enumerate(chosen)) == len(real) and placed == ropes
    if everything and whiteouts < 2:
        # The best pitch empties the hand of all but at most one Whiteout, which leaves no discard: the
        # answer is then the best pitch of the hand with one card (some class, or a Rope) held back.
        best: tuple[int, tuple[int, ...], int] | None = None
        holds = [(1 << (_FIELD * i), classes.ranks[i], 0) for i in range(len(classes.keys))]
        if ropes:
            holds.append((1 << classes.rope_shift, rope_value, 1))
        for packed, value, rope in holds:
            cap = real_value + rope_value * ropes - value
            if best is not None and cap <= best[0]:
                continue
            again = _search(levels, same, classes.guard, full - packed, ropes - rope, rope_value, cap)
            if again is not None and (best is None or again[0] > best[0]):
                best = (again[0], again[1], ropes - rope)
        if best is None:
            return None, True
        total, chosen, usable = best
        placed = min(usable, sum(levels[l][c].ropes_max for l, c in enumerate(chosen)))
    by_requirement: list[_Candidate] = [None] * len(requirements)  # type: ignore[list-item]
    for level, index in enumerate(chosen):
        by_requirement[order[level]] = levels[level][index]
    return _build(requirements, by_requirement, placed, classes, hand), everything


# --- candidates ------------------------------------------------------------------------------------------


def _candidates(req: Requirement, classes: _Classes, ropes: int, rope_value: int,
                max_length: int) -> list[_Candidate]:
    """Every multiset of real cards that, with some number of Ropes held, meets the requirement."""
    make = _MAKERS[req.kind]
    found: list[_Candidate] = []
    for parts, low, high in make(req, classes, ropes, max_length):
        if low > ropes or low > high:
            continue
        high = min(high, ropes)
        value = sum(classes.ranks[i] * n for i, n in parts)
        need = sum(n << (_FIELD * i) for i, n in parts) | (low << classes.rope_shift)
        found.append(_Candidate(value + rope_value * high, need, value, low, high,
                                sum(n for _, n in parts), parts))
    # Best-first order, so the search meets good pitches early and its bound prunes the rest.
    found.sort(key=lambda c: (-c.key, -c.value, c.need))
    return found


def _by(classes: _Classes, field: str) -> dict[object, list[int]]:
    groups: dict[object, list[int]] = defaultdict(list)
    for i in range(len(classes.keys)):
        groups[classes.ranks[i] if field == "rank" else classes.colours[i]].append(i)
    return groups


def _sub_multisets(indices: list[int], classes: _Classes):
    """Every non-empty choice of how many cards to take from each class."""
    ranges = [range(classes.counts[i] + 1) for i in indices]
    for amounts in itertools.product(*ranges):
        parts = tuple((i, n) for i, n in zip(indices, amounts) if n)
        if parts:
            yield parts


def _same_feature(req: Requirement, classes: _Classes, ropes: int, max_length: int, field: str):
    # Sets and colour groups: any number of cards sharing the rank (or colour), Ropes without limit.
    for indices in _by(classes, field).values():
        for parts in _sub_multisets(indices, classes):
            yield parts, max(0, req.size - sum(n for _, n in parts)), ropes


def _make_set(req, classes, ropes, max_length):
    return _same_feature(req, classes, ropes, max_length, "rank")


def _make_colour_group(req, classes, ropes, max_length):
    return _same_feature(req, classes, ropes, max_length, "colour")


def _runs_over(req: Requirement, classes: _Classes, indices: list[int], ropes: int, max_length: int):
    # One card per rank, distinct ranks whose gaps the Ropes can fill; Ropes may also extend either end
    # up to the longest possible run.
    per_rank: dict[int, list[int]] = defaultdict(list)
    for i in indices:
        per_rank[classes.ranks[i]].append(i)
    ranks = sorted(per_rank)

    def extend(chosen: list[int], gaps: int, start: int):
        m = len(chosen)
        low = max(gaps, req.size - m)
        if low <= ropes:
            for picks in itertools.product(*(per_rank[r] for r in chosen)):
                yield tuple((i, 1) for i in picks), low, max_length - m
        for nxt in range(start, len(ranks)):
            gap = gaps + ranks[nxt] - chosen[-1] - 1
            if gap > ropes:
                break
            yield from extend(chosen + [ranks[nxt]], gap, nxt + 1)

    for first in range(len(ranks)):
        yield from extend([ranks[first]], 0, first + 1)


def _make_run(req, classes, ropes, max_length):
    return _runs_over(req, classes, list(range(len(classes.keys))), ropes, max_length)


def _make_colour_run(req, classes, ropes, max_length):
    for indices in _by(classes, "colour").values():
        yield from _runs_over(req, classes, indices, ropes, max_length)


def _make_spread(req, classes, ropes, max_length):
    # At most one card of each colour; Ropes stand in for exactly the missing colours.
    per_colour = _by(classes, "colour")
    options = [[None, *per_colour.get(colour.value, [])] for colour in Colour]
    for picks in itertools.product(*options):
        parts = tuple((i, 1) for i in picks if i is not None)
        if parts:
            missing = req.size - len(parts)
            yield parts, missing, missing


def _make_tally(req, classes, ropes, max_length):
    # Real cards summing to at most the target; Ropes (each 1-10) make up the rest, three cards at least.
    target = req.target
    order = sorted(range(len(classes.keys)), key=lambda i: classes.ranks[i])
    top = max_length  # a Rope plays as one rank, at most the highest

    def walk(position: int, parts: tuple[tuple[int, int], ...], total: int, count: int):
        if position == len(order):
            if not count:
                return
            short = target - total
            if short == 0:
                if count >= 3:
                    yield parts, 0, 0
                return
            low = max(1, -(-short // top), 3 - count)
            yield parts, low, short
            return
        i = order[position]
        rank = classes.ranks[i]
        for n in range(classes.counts[i] + 1):
            if total + n * rank > target:
                break
            yield from walk(position + 1, parts + ((i, n),) if n else parts, total + n * rank, count + n)

    return walk(0, (), 0, 0)


_MAKERS = {
    Kind.SET: _make_set,
    Kind.RUN: _make_run,
    Kind.COLOUR_GROUP: _make_colour_group,
    Kind.COLOUR_RUN: _make_colour_run,
    Kind.SPREAD: _make_spread,
    Kind.TALLY: _make_tally,
}


# --- search ----------------------------------------------------------------------------------------------


class _Done(Exception):
    """Raised inside the search once a pitch reaches the most fatigue that could possibly be pitched."""


def _search(levels: list[list[_Candidate]], same: list[bool], guard: int, full: int, ropes: int,
            rope_value: int, cap: int) -> tuple[int, tuple[int, ...]] | None:
    """The most fatigue a choice of one candidate per level can pitch from `full`, and that choice."""
    depth = len(levels)
    rows = [[(c.key, c.need, c.value, c.ropes_max) for c in level] for level in levels]
    suffix = [0] * (depth + 1)
    for level in range(depth - 1, -1, -1):
        suffix[level] = suffix[level + 1] + rows[level][0][0]
    best_total = -1
    best_choice: tuple[int, ...] | None = None

    def descend(level: int, avail: int, real: int, ropes_max: int, chosen: tuple[int, ...], start: int):
        nonlocal best_total, best_choice
        row = rows[level]
        rest = suffix[level + 1]
        base = real + rope_value * ropes_max
        last = level == depth - 1
        for index in range(start, len(row)):
            key, need, value, high = row[index]
            if base + key + rest <= best_total:
                break  # rows are sorted by key, so no later candidate can do better
            if ((avail | guard) - need) & guard != guard:
                continue  # some class (or the Ropes' minimum) is short
            if last:
                placed = ropes_max + high
                total = real + value + rope_value * (ropes if placed > ropes else placed)
                if total > best_total:
                    best_total, best_choice = total, chosen + (index,)
                    if total >= cap:
                        raise _Done
            else:
                following = index if same[level + 1] else 0
                descend(level + 1, avail - need, real + value, ropes_max + high, chosen + (index,), following)

    try:
        descend(0, full, 0, 0, (), 0)
    except _Done:
        pass
    return None if best_choice is None else (best_total, best_choice)


# --- turning the choice back into cards ------------------------------------------------------------------


def _build(requirements: Sequence[Requirement], chosen: Sequence[_Candidate], placed: int,
           classes: _Classes, hand: tuple[Card, ...]) -> Pitch:
    pools = [list(pool) for pool in classes.pools]
    extra = placed - sum(c.ropes_min for c in chosen)
    groups = []
    used: Counter[Card] = Counter()
    for req, cand in zip(requirements, chosen):
        cards = [pools[i].pop() for i, n in cand.parts for _ in range(n)]
        used.update(cards)
        more = min(extra, cand.ropes_max - cand.ropes_min)
        extra -= more
        ropes = _declare(req, cards, cand.ropes_min + more)
        used[Card(CardKind.ROPE)] += len(ropes)
        groups.append(tuple(sorted(cards, key=_order) + ropes))
    kept = []
    for card in hand:
        if used[card]:
            used[card] -= 1
        else:
            kept.append(card)
    return Pitch(tuple(groups), tuple(kept), cards_fatigue(kept))


def _order(card: Card) -> tuple[int, str]:
    return card.rank, card.colour.value


def _declare(req: Requirement, real: list[Card], count: int) -> list[Card]:
    """Declarations for `count` Ropes that keep the group legal."""
    if not count:
        return []
    deck = load().deck
    colours = list(Colour)
    kind = req.kind
    if kind is Kind.SET:
        rank = real[0].rank
        seen = Counter(card.colour for card in real)
        out = []
        for _ in range(count):
            colour = min(colours, key=lambda c: seen[c])
            seen[colour] += 1
            out.append(Card(CardKind.ROPE, colour, rank))
        return out
    if kind is Kind.COLOUR_GROUP:
        colour = real[0].colour
        seen = Counter(card.rank for card in real)
        out = []
        for _ in range(count):
            rank = min(range(deck.rank_max, deck.rank_min - 1, -1), key=lambda r: seen[r])
            seen[rank] += 1
            out.append(Card(CardKind.ROPE, colour, rank))
        return out
    if kind in (Kind.RUN, Kind.COLOUR_RUN):
        colour = real[0].colour if kind is Kind.COLOUR_RUN else None
        have = {card.rank for card in real}
        low, high = min(have), max(have)
        ranks = [r for r in range(low, high + 1) if r not in have]
        top, bottom = high, low
        while len(ranks) < count:
            if top < deck.rank_max:
                top += 1
                ranks.append(top)
            else:
                bottom -= 1
                ranks.append(bottom)
        return [Card(CardKind.ROPE, colour or colours[i % len(colours)], rank) for i, rank in enumerate(ranks)]
    if kind is Kind.SPREAD:
        present = {card.colour for card in real}
        rank = real[0].rank
        return [Card(CardKind.ROPE, colour, rank) for colour in colours if colour not in present][:count]
    # A tally: share the shortfall so each Rope plays as a rank from 1 to 10.
    short = req.target - sum(card.rank for card in real)
    ranks = [deck.rank_min] * count
    left = short - deck.rank_min * count
    for i in range(count):
        add = min(left, deck.rank_max - ranks[i])
        ranks[i] += add
        left -= add
    return [Card(CardKind.ROPE, colours[i % len(colours)], rank) for i, rank in enumerate(ranks)]
