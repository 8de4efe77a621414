"""A fast, mutable Trek 12 sheet for the coach's simulated games (playouts), and the exact end solver.

The rules engine (`rules.py`) is the authority: every move the coach proposes comes from its
`legal_actions`. This module only plays the imagined rest of a game many times over, so it trades the
engine's frozen values for plain lists changed in place, and keeps per line end its length and other end,
and per circle its zone, so that a move and its evaluation cost a few list look-ups. It follows the same
rules (where a number may go, skulls, forced links, one line per number unless `merge_lines`, boxes) and
its score equals `scoring.total`; tests/test_trek12_coach.py checks both against the engine.

Cards are not played in playouts; each card held is counted at its cash value (+3) when cards are tracked,
and a new zone of 0s, 1s or 2s adds the card it earns while fewer than three are held.
"""

from __future__ import annotations

from collections import Counter
from random import Random

from companion.games.trek12.data import MAX_CIRCLES, Sheet, members
from companion.games.trek12.rules import MAX_ASSISTS, ROLLS, ZONE_CARD_VALUES, Board

__all__ = ["Geometry", "Pos", "geometry", "from_board", "choices", "moves", "playout", "Weights",
           "DEFAULT_WEIGHTS", "ROLL_VALUES", "ROLL_COUNTS", "exact_value"]

EMPTY = -1
SKULL = -2
ROLL_VALUES: tuple[tuple[int, ...], ...] = tuple(r.values for r in ROLLS)
_TIE = 1e-9   # policy scores closer than this are a tie (the same sums, added in another order)
_GEOMS: dict[int, tuple[Sheet, "Geometry"]] = {}


class Geometry:
    """What a sheet's playouts need at speed: neighbours as lists, limits, the bonus for every size."""

    __slots__ = ("sheet", "n", "adj", "adjl", "limits", "bonus", "op_limit", "full")

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.n = sheet.n
        self.adj = sheet.adj
        self.adjl = tuple(members(a) for a in sheet.adj)
        self.limits = sheet.limits
        # Sizes beyond the table (a line cannot be longer than the sheet) are never asked for.
        self.bonus = tuple(sheet.bonus_by_size) + (sheet.bonus_by_size[-1],)
        self.op_limit = sheet.op_limit
        self.full = sheet.full


def geometry(sheet: Sheet) -> Geometry:
    """The sheet's playout tables, worked out once per sheet."""
    hit = _GEOMS.get(id(sheet))
    if hit is not None and hit[0] is sheet:
        return hit[1]
    if len(_GEOMS) > 64:
        _GEOMS.clear()
    geo = Geometry(sheet)
    _GEOMS[id(sheet)] = (sheet, geo)
    return geo


class Pos:
    """A sheet in play: numbers, links up and down, line ends, zones, boxes used, cards held."""

    __slots__ = ("g", "vals", "up", "dn", "other", "llen", "zid", "zsize", "ops", "filled", "frontier",
                 "cards", "earn", "longest", "largest", "nempty")

    def copy(self) -> "Pos":
        """An independent copy (playouts change positions in place)."""
        p = Pos.__new__(Pos)
        p.g = self.g
        p.vals = self.vals[:]
        p.up = self.up[:]
        p.dn = self.dn[:]
        p.other = self.other[:]
        p.llen = self.llen[:]
        p.zid = self.zid[:]
        p.zsize = self.zsize[:]
        p.ops = self.ops[:]
        p.filled = self.filled
        p.frontier = self.frontier
        p.cards = self.cards
        p.earn = self.earn
        p.longest = self.longest
        p.largest = self.largest
        p.nempty = self.nempty[:]
        return p

    @property
    def empty(self) -> int:
        """How many circles are still empty."""
        return self.g.n - self.filled.bit_count()

    def candidates(self) -> int:
        """The mask of circles a number may go in now (touching a filled one; any at the start)."""
        return self.frontier if self.filled else self.g.full

    def put(self, i: int, v: int, d: int = -1, u: int = -1, k: int = -1) -> None:
        """Write v at index i (a skull when over the circle's limit), linking d below and u above; tick k."""
        g = self.g
        if k >= 0:
            self.ops[k] += 1
        bit = 1 << i
        filled = self.filled | bit
        self.filled = filled
        self.frontier = (self.frontier | g.adj[i]) & ~filled
        nempty = self.nempty
        for j in g.adjl[i]:
            nempty[j] -= 1
        if v > g.limits[i]:
            self.vals[i] = SKULL
            return
        vals = self.vals
        vals[i] = v
        other = self.other
        llen = self.llen
        if d >= 0 or u >= 0:
            up = self.up
            dn = self.dn
            bottom = top = i
            size = 1
            if d >= 0:
                up[d] = i
                dn[i] = d
                bottom = other[d]
                size += llen[d]
            if u >= 0:
                dn[u] = i
                up[i] = u
                top = other[u]
                size += llen[u]
            other[bottom] = top
            other[top] = bottom
            llen[bottom] = llen[top] = size
            if size > self.longest:
                self.longest = size
        zid = self.zid
        zsize = self.zsize
        size = 1
        roots = None
        for j in g.adjl[i]:
            if vals[j] == v:
                r = zid[j]
                if roots is None:
                    roots = [r]
                    size += zsize[r]
                elif r not in roots:
                    roots.append(r)
                    size += zsize[r]
        zid[i] = i
        zsize[i] = size
        if roots is not None and self.earn and v in ZONE_CARD_VALUES and size == len(roots) + 1 \
                and self.cards < MAX_ASSISTS:
            self.cards += 1     # a new zone (only lone equal numbers joined) of 0s, 1s or 2s earns a card
        if roots is not None:
            for j in range(g.n):
                if zid[j] in roots and vals[j] == v:
                    zid[j] = i
            if size > self.largest:
                self.largest = size

    def total(self, max_rules: bool = False) -> int:
        """The sheet's score as `scoring.total` counts it, plus 3 per card held (their cash value)."""
        vals = self.vals
        up = self.up
        dn = self.dn
        zid = self.zid
        zsize = self.zsize
        points = 0
        orphans = 0
        skulls = 0
        for i in range(self.g.n):
            v = vals[i]
            if v < 0:
                if v == SKULL:
                    skulls += 1
                continue
            if dn[i] < 0:
                if up[i] >= 0:
                    points += vals[self.other[i]] + self.llen[i] - 1
                elif zsize[zid[i]] < 2:
                    orphans += 1
            if zid[i] == i and zsize[i] > 1:
                points += v + zsize[i] - 1
        bonus = self.g.bonus
        points += bonus[self.longest] + bonus[self.largest] - 3 * skulls
        points += 3 * orphans if max_rules else -3 * orphans
        return points + 3 * self.cards


def from_board(board: Board, ops, cards: int = 0, earn: bool = False) -> Pos:
    """A playout position from an engine Board, the boxes used per option and the cards held (`earn`: cards
    are tracked, so a new zone of 0s, 1s or 2s earns one)."""
    sheet = board.sheet
    g = geometry(sheet)
    n = g.n
    p = Pos.__new__(Pos)
    p.g = g
    p.vals = list(board.values)
    p.up = [-1] * n
    p.dn = [-1] * n
    p.other = list(range(n))
    p.llen = [1] * n
    p.zid = list(range(n))
    p.zsize = [1] * n
    p.ops = list(ops)
    p.filled = board.filled
    p.frontier = board.frontier
    p.cards = cards
    p.earn = earn
    longest = 0
    for line in board.lines:
        for a, b in zip(line, line[1:]):
            p.up[a] = b
            p.dn[b] = a
        lo, hi = line[0], line[-1]
        p.other[lo], p.other[hi] = hi, lo
        p.llen[lo] = p.llen[hi] = len(line)
        longest = max(longest, len(line))
    largest = 0
    for mask in board.zones:
        idx = members(mask)
        root = idx[0]
        for j in idx:
            p.zid[j] = root
        p.zsize[root] = len(idx)
        largest = max(largest, len(idx))
    p.longest = longest
    p.largest = largest
    filled = board.filled
    p.nempty = [sum(1 for j in g.adjl[i] if not filled >> j & 1) for i in range(n)]
    return p


def choices(p: Pos, i: int, v: int, merge: bool) -> list[tuple[int, int]]:
    """The legal (down, up) link pairs for number v at index i, as the rules allow (-1: no link)."""
    g = p.g
    if v > g.limits[i]:
        return [(-1, -1)]
    vals = p.vals
    up = p.up
    dn = p.dn
    ds = []
    us = []
    for j in g.adjl[i]:
        w = vals[j]
        if w == v - 1 and v > 0 and up[j] < 0:
            ds.append(j)
        elif w == v + 1 and dn[j] < 0:
            us.append(j)
    if len(ds) <= 1 and len(us) <= 1:
        if not ds:
            return [(-1, us[0])] if us else [(-1, -1)]
        d = ds[0]
        if not us:
            return [(d, -1)]
        u = us[0]
        if merge or (up[d] < 0 and dn[d] < 0) or (up[u] < 0 and dn[u] < 0):
            return [(d, u)]
        return [(d, -1), (-1, u)]
    out = []
    d_ok = set()
    u_ok = set()
    for d in ds or (-1,):
        for u in us or (-1,):
            if d < 0 or u < 0 or merge or (up[d] < 0 and dn[d] < 0) or (up[u] < 0 and dn[u] < 0):
                out.append((d, u))
                d_ok.add(d)
                u_ok.add(u)
    if us:
        out.extend((d, -1) for d in ds if d not in d_ok)
    if ds:
        out.extend((-1, u) for u in us if u not in u_ok)
    return out


def moves(p: Pos, values, merge: bool) -> list[tuple[int, int, int, int]]:
    """Every legal (option, index, down, up) for a roll's five results, without cards."""
    out = []
    limit = p.g.op_limit
    ops = p.ops
    cand = members(p.candidates())
    for k in range(5):
        if ops[k] >= limit:
            continue
        v = values[k]
        for i in cand:
            for d, u in choices(p, i, v, merge):
                out.append((k, i, d, u))
    return out


# The 36 rolls as their distinct results (21: the order of the two dice changes none of them), with how
# many rolls give each; for the player only the results count, not which die is red.
ROLL_COUNTS: tuple[tuple[tuple[int, ...], int], ...] = tuple(Counter(ROLL_VALUES).items())


def exact_value(p: Pos, merge: bool, max_rules: bool = False) -> float:
    """The exact expected final total under best play, for a position with at most two circles empty.

    The last circle: for every roll, the best of its results that has a box left, each result valued once
    (the final total does not depend on the box it comes from, and every number over the circle's limit is
    the same skull). Two circles: for every roll, the best first move by the exact value of the last
    circle after it; positions after a first move are valued once each, keyed by what they depend on
    (circle, number, links, and the option whose boxes it used up).
    """
    empty = p.empty
    if empty == 0:
        return p.total(max_rules)
    if empty == 1:
        return _last_circle(p, merge, max_rules)
    if empty > 2:
        raise ValueError("exact_value solves the last two circles only")
    limit = p.g.op_limit
    lims = p.g.limits
    ops = p.ops
    cand = members(p.candidates())
    known: dict[tuple[int, int, int, int, int], float] = {}
    total = 0.0
    for values, count in ROLL_COUNTS:
        best = None
        for k, v in _open(values, ops, limit):
            spent = k if ops[k] + 1 >= limit else -1
            for i in cand:
                for d, u in choices(p, i, v, merge):
                    key = (i, v if v <= lims[i] else -1, d, u, spent)    # every skull alike
                    value = known.get(key)
                    if value is None:
                        q = p.copy()
                        q.put(i, v, d, u, k)
                        value = known[key] = _last_circle(q, merge, max_rules)
                    if best is None or value > best:
                        best = value
        total += count * (best if best is not None else p.total(max_rules))
    return total / len(ROLL_VALUES)


def _open(values, ops, limit: int) -> list[tuple[int, int]]:
    """A roll's (option, number) pairs whose option still has a box."""
    return [(k, values[k]) for k in range(5) if ops[k] < limit]


def _last_circle(p: Pos, merge: bool, max_rules: bool) -> float:
    """exact_value for a position with exactly one circle empty."""
    limit = p.g.op_limit
    ops = p.ops
    cand = members(p.candidates())
    if not cand:
        return float(p.total(max_rules))
    i = cand[0]
    lim = p.g.limits[i]
    worth: dict[int, int] = {}
    total = 0
    for values, count in ROLL_COUNTS:
        best = None
        for k, v in _open(values, ops, limit):
            if v > lim:
                v = lim + 1         # every number over the limit is the same skull
            t = worth.get(v)
            if t is None:
                for d, u in choices(p, i, v, merge):
                    q = p.copy()
                    q.put(i, v, d, u, k)
                    x = q.total(max_rules)
                    if t is None or x > t:
                        t = x
                worth[v] = t
            if best is None or t > best:
                best = t
        # No box left for this roll cannot happen on a playable sheet (5 x op_limit >= circles).
        total += count * (best if best is not None else p.total(max_rules))
    return total / len(ROLL_VALUES)


class Weights:
    """The playout policy's weights (see `_policy_move`), chosen by paired games of the coach (bench coach)."""

    __slots__ = ("orphan", "rescue", "skull", "line", "zone", "box", "open_line", "open_zone", "high",
                 "strand", "block", "op_cost")

    def __init__(self, orphan=3.0, rescue=(0.0, 0.4, 0.6, 0.75, 0.85), skull=5.0, line=1.0, zone=1.0,
                 box=3.0, open_line=0.0, open_zone=0.0, high=0.25, strand=1.0, block=1.0,
                 op_cost=(0.0, 0.0, 0.0, 0.0, 0.0)) -> None:
        self.orphan = orphan
        # Indexed by a circle's empty neighbours: on a custom sheet a circle may touch every other one.
        self.rescue = tuple(rescue) + (rescue[-1],) * max(0, MAX_CIRCLES - len(rescue))
        self.skull = skull
        self.line = line
        self.zone = zone
        self.box = box
        self.open_line = open_line
        self.open_zone = open_zone
        self.high = high
        self.strand = strand
        self.block = block
        self.op_cost = tuple(op_cost)


DEFAULT_WEIGHTS = Weights()


def playout(p: Pos, rng: Random, merge: bool, w: Weights = DEFAULT_WEIGHTS, dice: list[int] | None = None) -> int:
    """Play p to the end in place with the greedy policy on the given (or drawn) dice; the final total.

    `rng` draws the dice when none are given and breaks the policy's ties (see `_policy_move`).
    """
    full = p.g.full
    step = 0
    while p.filled != full:
        code = dice[step] if dice is not None else int(rng.random() * 36)
        step += 1
        best = _policy_move(p, ROLL_VALUES[code], merge, w, rng)
        if best is None:
            break
        k, i, d, u, v = best
        p.put(i, v, d, u, k)
    return p.total()


def _policy_move(p: Pos, values, merge: bool, w: Weights, rng: Random | None = None):
    """The policy's pick for a roll: the best-scored (option, circle, links), or None when nothing is legal.

    A move scores the points it gains now (a zone joined or grown, the best line it can join, a bonus
    for a new longest line or largest zone), minus the risk it leaves: a lone number may end an orphan
    (less so with more empty circles around it), a number over the circle's limit is a skull, an
    option's boxes get scarce, and the filled circles around it that it does not join lose a chance to
    be rescued from being an orphan or room for a line to grow. That last cost does not depend on the
    number written, so it is worked out once per circle. tests/test_trek12_coach.py keeps a one-move-at-
    a-time statement of the same score and checks the pick against it.

    Moves scored alike (a third of the picks have such ties: a lone number fits several circles just as
    well) are chosen between uniformly with `rng`; without one, the first found (the lowest circle index).
    Always taking the first skews the playouts towards one corner of the sheet, and the coach's values with
    them: on the same dice, breaking ties at random scored 1 to 2 points more on Dhaulagiri.
    """
    g = p.g
    ops = p.ops
    limit = g.op_limit
    # One option per distinct result: the one with the most boxes left (the others stay free for later).
    seen = {}
    for k in range(5):
        if ops[k] < limit:
            v = values[k]
            kk = seen.get(v)
            if kk is None or ops[k] < ops[kk]:
                seen[v] = k
    if not seen:
        return None
    items = [(v, k, w.box * ops[k] / limit + w.op_cost[k]) for v, k in seen.items()]
    vals = p.vals
    up = p.up
    dn = p.dn
    zid = p.zid
    zsize = p.zsize
    llen = p.llen
    other = p.other
    nempty = p.nempty
    limits = g.limits
    bonus = g.bonus
    largest = p.largest
    longest = p.longest
    orphan = w.orphan
    rescue = w.rescue
    strand = w.strand * orphan
    block = w.block
    wzone = w.zone
    wline = w.line
    open_zone = w.open_zone
    open_line = w.open_line
    high = w.high
    skull = w.skull
    best = None
    best_s = -1e9
    ties = 1
    for i in members(p.candidates()):
        near = []
        empties = 0
        base = 0.0
        seen_vals = 0                   # bit x set: a neighbour holds x
        for j in g.adjl[i]:
            x = vals[j]
            if x < 0:
                if x == EMPTY:
                    empties += 1
                continue
            seen_vals |= 1 << x
            c = 0.0
            if up[j] < 0 and dn[j] < 0:
                if zsize[zid[j]] < 2:
                    e = nempty[j]
                    c = strand * (rescue[e] - rescue[e - 1])
            elif nempty[j] == 1 and (up[j] < 0 or dn[j] < 0):
                c = block * llen[j]
            base += c
            near.append((j, x, c))
        lim = limits[i]
        for v, k, box_cost in items:
            d = u = -1
            if v > lim:
                s = -skull - base - box_cost
            elif not (seen_vals << 1) >> v & 7:
                # A lone number (no neighbour holds v - 1, v or v + 1): the same score as below, found at once.
                s = -(orphan * (1.0 - rescue[empties])) + high * v - base - box_cost
            else:
                roots = ()
                zsum = 0
                before = 0.0
                spared = 0.0
                ds = []
                us = []
                for j, x, c in near:
                    if x == v:
                        spared += c
                        r = zid[j]
                        if r not in roots:
                            roots += (r,)
                            s = zsize[r]
                            zsum += s
                            if s > 1:
                                before += v + s - 1      # that zone's points, counted already
                            elif up[j] < 0 and dn[j] < 0:
                                before -= orphan         # a lone equal number stops being an orphan
                    elif x == v - 1 and v > 0 and up[j] < 0:
                        ds.append(j)
                    elif x == v + 1 and dn[j] < 0:
                        us.append(j)
                score = 0.0
                if roots:
                    size = zsum + 1
                    zone_gain = v + size - 1 - before
                    if size > largest:
                        zone_gain += bonus[size] - bonus[largest]
                    score += wzone * zone_gain + open_zone * empties
                if ds or us:
                    best_line = -1e9
                    for dd, uu in (choices(p, i, v, merge) if len(ds) > 1 or len(us) > 1 or (ds and us) else
                                   [(ds[0] if ds else -1, us[0] if us else -1)]):
                        gain = 0.0
                        size = 1
                        top = v
                        if dd >= 0:
                            ld = llen[dd]
                            if ld == 1:
                                if zsize[zid[dd]] < 2:
                                    gain += orphan
                            else:
                                gain -= (v - 1) + ld - 1
                            size += ld
                        if uu >= 0:
                            lu = llen[uu]
                            top = vals[other[uu]]
                            if lu == 1:
                                if zsize[zid[uu]] < 2:
                                    gain += orphan
                            else:
                                gain -= top + lu - 1
                            size += lu
                        gain += top + size - 1
                        if size > longest:
                            gain += bonus[size] - bonus[longest]
                        if gain > best_line:
                            best_line = gain
                            d, u = dd, uu
                    score += wline * best_line + open_line * empties
                    for j, x, c in near:
                        if j == d or j == u:
                            spared += c
                elif not roots:
                    # A lone number: an orphan unless a later number next to it rescues it.
                    score -= orphan * (1.0 - rescue[empties])
                s = score + high * v - (base - spared) - box_cost
            if s > best_s + _TIE:
                best_s = s
                best = (k, i, d, u, v)
                ties = 1
            elif rng is not None and s >= best_s - _TIE:
                ties += 1
                if rng.random() * ties < 1.0:
                    best = (k, i, d, u, v)
    return best
