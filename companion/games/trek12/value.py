"""A learned value of a Trek 12 sheet in play: the final score a position can expect, from weight tables
fitted offline by self-play and shipped in `data/trek12/values/` (docs/formats.md, "The coach's learned
values"). The coach plays its playouts greedy on it (`Greedy`), where a table is shipped for the sheet's
layout and reading: only where that made the coach stronger than its fast policy's playouts, on the same
dice (`companion bench coach` against `--no-value`).

The value of a position is its current total (`playout.Pos.total`) plus the sum of one weight from each
table, looked up by a small pattern of the sheet (an n-tuple network):

- every pair of touching circles: what each holds (empty, a skull or its number) and whether they are
  linked in a line;
- every circle: what it holds, whether it is in a line and whether in a zone, and how many of its
  neighbours are still empty (at most 7 counted);
- every option: how many of its boxes are used, by how many circles are still empty (at most 19).

A full sheet is worth its total exactly. The tables belong to one sheet's layout: a file states the
fingerprint of the layout it was fitted on (circles, touching pairs, limits, bonus table, boxes), and a
sheet gets the tables whose fingerprint is its own, so a custom sheet that copies a printed one uses them
and any other custom sheet has none (the coach then does without).

Fitting (`fit`) is TD(0) on afterstates: the program plays itself, each move the one whose position after
it has the highest value (with a small share of random moves), and after every move the weights of the
previous position move a step towards the value of the new one; the last move is pulled towards the final
total. Pure Python like the playouts, so it runs wherever the engines run; randomness only from the
`random.Random` passed in, so a fit is repeatable. The shipped Kagkot table was made by

    python -m companion.games.trek12.value kagkot --games 80000 --seed 7
    python -m companion.games.trek12.value kagkot --resume data/trek12/values/kagkot.json --games 810000 --seed 11

and Dhaulagiri's the same way with 820,000 games in the second run (about half an hour per 100,000 games
on one thread of a small machine; each file's "fit" states its runs).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from pathlib import Path
from random import Random
from typing import Any, Callable

from companion.errors import DataError
from companion.games.trek12 import playout as sim
from companion.games.trek12.data import SHEET_NAMES, Sheet, data_folder, load_sheet, members
from companion.games.trek12.rules import MAX_ASSISTS, ZONE_CARD_VALUES, Ruleset, new_game
from companion.games.trek12.scoring import CARD_POINTS

__all__ = ["ValueTable", "Greedy", "fingerprint", "for_sheet", "fit", "load", "save", "FORMAT"]

FORMAT = 1
_KINDS = 15                       # empty, skull, 0..12
_PAIR = _KINDS * _KINDS * 2       # weights per touching pair: both circles' kinds, linked or not
_CIRCLE = _KINDS * 4 * 8          # weights per circle: its kind, line/zone status, empty neighbours 0..7
_BOXES = 5                        # boxes used 0..4 (4 or more alike)
_STAGES = 20                      # empty circles 0..19 (19 or more alike)
_OPTIONS = 5 * _BOXES * _STAGES   # weights for the five options together
_DECIMALS = 4                     # weights are stored rounded to this many decimals


def _kind(v: int) -> int:
    """0 for an empty circle, 1 for a skull, 2 + the number otherwise (12 at most on a Trek 12 sheet)."""
    if v == sim.EMPTY:
        return 0
    if v < 0:
        return 1
    return 2 + (v if v < 12 else 12)


def fingerprint(sheet: Sheet) -> str:
    """A short digest of what the tables depend on: the circles' order and limits, which touch, the bonus
    table and the boxes per option (not the sheet's name, its drawing or its source)."""
    g = sim.geometry(sheet)
    doc = {"n": g.n, "adj": list(g.adj), "limits": list(g.limits), "bonus": list(sheet.bonus_by_size),
           "op_limit": g.op_limit}
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:16]


class ValueTable:
    """The fitted weights for one sheet layout, and the value they give a position."""

    __slots__ = ("sheet", "print", "weights", "pairs", "circle_base", "option_base", "n", "fit_info", "_greedy")

    def __init__(self, sheet: Sheet, weights: list[float] | None = None, fit_info: dict | None = None) -> None:
        g = sim.geometry(sheet)
        self.sheet = sheet
        self.print = fingerprint(sheet)
        self.n = g.n
        pairs = [(i, j) for i in range(g.n) for j in g.adjl[i] if i < j]
        self.pairs = tuple((e * _PAIR, i, j) for e, (i, j) in enumerate(pairs))
        self.circle_base = len(pairs) * _PAIR
        self.option_base = self.circle_base + g.n * _CIRCLE
        size = self.option_base + _OPTIONS
        if weights is None:
            weights = [0.0] * size
        elif len(weights) != size:
            raise ValueError(f"{len(weights)} weights for a layout that needs {size}")
        self.weights = weights
        self.fit_info = dict(fit_info or {})
        self._greedy: Greedy | None = None

    def greedy(self) -> "Greedy":
        """The table's greedy player for playouts (made once; it reads the weights as they are)."""
        if self._greedy is None:
            self._greedy = Greedy(self)
        return self._greedy

    def features(self, p: sim.Pos) -> list[int]:
        """The index of the one weight each table contributes for p, in a fixed order."""
        vals = p.vals
        up = p.up
        dn = p.dn
        zid = p.zid
        zsize = p.zsize
        nempty = p.nempty
        kinds = [_kind(v) for v in vals]
        out = [base + (kinds[i] * _KINDS + kinds[j]) * 2 + (1 if up[i] == j or dn[i] == j else 0)
               for base, i, j in self.pairs]
        base = self.circle_base
        for i in range(self.n):
            status = (1 if up[i] >= 0 or dn[i] >= 0 else 0) + (2 if zsize[zid[i]] > 1 else 0)
            ne = nempty[i]
            out.append(base + i * _CIRCLE + (kinds[i] * 4 + status) * 8 + (ne if ne < 7 else 7))
        empty = p.empty
        stage = empty if empty < _STAGES else _STAGES - 1
        ops = p.ops
        base = self.option_base
        for k in range(5):
            used = ops[k] if ops[k] < _BOXES else _BOXES - 1
            out.append(base + (k * _BOXES + used) * _STAGES + stage)
        return out

    def value(self, p: sim.Pos) -> float:
        """The final score p can expect: its total when the sheet is full, else the total plus the weights."""
        total = p.total()
        if p.filled == p.g.full:
            return float(total)
        w = self.weights
        s = 0.0
        for x in self.features(p):
            s += w[x]
        return total + s

    def to_dict(self) -> dict[str, Any]:
        """The file's JSON: the layout's fingerprint, how it was fitted, and the weights that are not 0."""
        scale = 10 ** _DECIMALS
        nonzero = {}
        for x, w in enumerate(self.weights):
            r = round(w * scale)
            if r:
                nonzero[x] = r
        return {"format": FORMAT, "sheet": self.sheet.key, "fingerprint": self.print, "size": len(self.weights),
                "scale": scale, "fit": self.fit_info,
                "index": list(nonzero), "weight": list(nonzero.values())}


class Greedy:
    """The table's greedy player at playout speed: the move whose position after it has the highest value,
    worked out from the few weights that move changes instead of every weight of the sheet.

    A move at circle i changes only the tables that look at i: the pairs i makes with its neighbours, i
    itself, its neighbours (one empty neighbour fewer; a line or a zone joined) and the option whose box it
    uses. The score's own change is counted as `Pos.total` counts it (zones joined, lines linked, bonuses,
    orphans, a skull, a card earned). The sum of the weights the move leaves as they are is the same for every
    move, so the moves compare on the changes alone: `move` picks the move with the highest value, and
    tests/test_trek12_value.py checks every move's score against `ValueTable.value` of its position. The
    last circle is played for the final total alone (a full sheet is worth its total).
    """

    __slots__ = ("weights", "zero", "circle", "pairs", "option_base")

    def __init__(self, table: ValueTable) -> None:
        self.weights = table.weights
        self.zero = [0.0] * len(table.weights)
        self.circle = tuple(table.circle_base + i * _CIRCLE for i in range(table.n))
        # Per circle i, its pairs as (base, j, by j's kind, by i's kind): the pair's weight for kinds ki, kj
        # is at base + kj * (by j's kind) + ki * (by i's kind) + linked. A pair's index puts the lower
        # circle's kind first (times _KINDS), then the other's, then whether the two are linked.
        near: list[list[tuple[int, int, int, int]]] = [[] for _ in range(table.n)]
        for base, i, j in table.pairs:          # i < j
            near[i].append((base, j, 2, 2 * _KINDS))
            near[j].append((base, i, 2 * _KINDS, 2))
        self.pairs = tuple(tuple(x) for x in near)
        self.option_base = table.option_base

    def move(self, p: sim.Pos, values, merge: bool, rng: Random | None = None,
             scores: list | None = None) -> tuple[int, int, int, int, int] | None:
        """The best (option, circle, down, up, number) for a roll's five results, or None when nothing is
        legal. Moves of equal value are chosen between uniformly with `rng` (without one, the first found).
        `scores` (for tests) receives (score, move) for every move weighed: the value of the position after
        it, less the same amount for every move."""
        g = p.g
        ops = p.ops
        limit = g.op_limit
        empty = g.n - p.filled.bit_count()
        w = self.weights if empty > 1 else self.zero
        stage = empty - 1 if empty - 1 < _STAGES else _STAGES - 1
        # One option per distinct result: the one whose box costs least by the option tables.
        options: dict[int, tuple[int, float]] = {}
        for k in range(5):
            used = ops[k]
            if used < limit:
                at = self.option_base + k * _BOXES * _STAGES + stage
                cost = w[at + (used + 1 if used + 1 < _BOXES else _BOXES - 1) * _STAGES] \
                    - w[at + (used if used < _BOXES else _BOXES - 1) * _STAGES]
                held = options.get(values[k])
                if held is None or cost > held[1]:
                    options[values[k]] = (k, cost)
        if not options:
            return None
        vals = p.vals
        up = p.up
        dn = p.dn
        zid = p.zid
        zsize = p.zsize
        nempty = p.nempty
        circle = self.circle
        card = p.earn and p.cards < MAX_ASSISTS
        best = None
        best_s = -math.inf
        ties = 1
        for i in members(p.candidates()):
            ci = circle[i]
            ne = nempty[i]
            ne7 = ne if ne < 7 else 7
            # What every number at i changes alike: i's pairs and i itself lose their "empty" weights, and
            # every neighbour has one empty neighbour fewer. Each neighbour is kept as (j, its number, its
            # pair's weights for i's kinds from `at` by `step`, its status, its circle weight after the move).
            common = -w[ci + ne7]
            near = []
            for base, j, by_j, step in self.pairs[i]:
                x = vals[j]
                kj = x + 2 if x >= 0 else (0 if x == sim.EMPTY else 1)
                at = base + kj * by_j
                common -= w[at]
                status = (1 if up[j] >= 0 or dn[j] >= 0 else 0) + (2 if zsize[zid[j]] > 1 else 0)
                nj = nempty[j]
                mine = circle[j] + (kj * 4 + status) * 8
                after = mine + (nj - 1 if nj < 8 else 7)
                common += w[after] - w[mine + (nj if nj < 7 else 7)]
                near.append((j, x, at, step, status, after))
            lim = g.limits[i]
            for v, (k, cost) in options.items():
                if v > lim:
                    # A skull (kind 1): -3, no line, no zone.
                    s = common + cost - 3.0 + w[ci + 32 + ne7]
                    for _, _, at, step, _, _ in near:
                        s += w[at + step]
                    weighed = ((s, (k, i, -1, -1, v)),)
                else:
                    weighed = self._number(p, i, v, k, cost + common, near, merge, w, ci + ne7, card)
                for s, mv in weighed:
                    if scores is not None:
                        scores.append((s, mv))
                    if s > best_s + sim._TIE:
                        best_s = s
                        best = mv
                        ties = 1
                    elif rng is not None and s >= best_s - sim._TIE:
                        ties += 1
                        if rng.random() * ties < 1.0:
                            best = mv
        return best

    @staticmethod
    def _number(p, i, v, k, base_s, near, merge, w, self_at, card):
        """(score, move) for number v (within i's limit) at i, one per legal link choice.

        What the neighbours add is worked out once for every link choice: each pair's weight unlinked, and
        an equal neighbour joining a zone; a link choice then adds only what linking its one or two
        neighbours changes."""
        vals = p.vals
        up = p.up
        dn = p.dn
        zid = p.zid
        zsize = p.zsize
        kv = 2 + (v if v < 12 else 12)
        roots: list[int] = []
        joined = 0
        before = 0
        ds = []
        us = []
        pairs = 0.0
        for j, x, at, step, was, after in near:
            at += kv * step
            pairs += w[at]
            if x == v:
                if not was & 2:
                    pairs += w[after + 16] - w[after]
                r = zid[j]
                if r not in roots:
                    roots.append(r)
                    size = zsize[r]
                    joined += size
                    if size > 1:
                        before += v + size - 1          # that zone's points, counted already
                    elif up[j] < 0 and dn[j] < 0:
                        before -= 3                     # a lone equal number stops being an orphan
            elif (x == v - 1 and v > 0 and up[j] < 0) or (x == v + 1 and dn[j] < 0):
                # A line end the number may link to (below it: its line's top; above: its bottom), as
                # (circle, the weights linking it changes, its line's length, the points its line or its
                # being an orphan counts already, its line's top number).
                length = p.llen[j]
                top = x if x < v else vals[p.other[j]]
                end = (j, w[at + 1] - w[at] + (0.0 if was & 1 else w[after + 8] - w[after]), length,
                       top + length - 1 if length > 1 else (-3 if zsize[zid[j]] < 2 else 0), top)
                (ds if x < v else us).append(end)
        zone = 0
        if roots:
            size = joined + 1
            zone = v + size - 1 - before
            largest = p.largest
            if size > largest:
                bonus = p.g.bonus
                zone += bonus[size] - bonus[largest]
            if card and v in ZONE_CARD_VALUES and size == len(roots) + 1:
                zone += CARD_POINTS              # a new zone of 0s, 1s or 2s earns a card
        base_s += pairs
        if not ds and not us:
            # No line to join: a lone number is an orphan.
            return ((base_s + zone + (-3 if not roots else 0) + w[self_at + (kv * 4 + (2 if roots else 0)) * 8],
                     (k, i, -1, -1, v)),)
        if len(ds) > 1 or len(us) > 1 or (ds and us):
            ends = {e[0]: e for e in ds}
            ends.update((e[0], e) for e in us)
            links = [(ends.get(d), ends.get(u)) for d, u in sim.choices(p, i, v, merge)]
        else:
            links = [(ds[0] if ds else None, us[0] if us else None)]
        longest = p.longest
        bonus = p.g.bonus
        out = []
        for de, ue in links:
            s = base_s
            gain = zone
            size = 1
            top = v
            d = u = -1
            if de is not None:
                d, linked, length, counted, _ = de
                s += linked
                gain -= counted
                size += length
            if ue is not None:
                u, linked, length, counted, top = ue
                s += linked
                gain -= counted
                size += length
            if de is not None or ue is not None:
                gain += top + size - 1
                if size > longest:
                    gain += bonus[size] - bonus[longest]
                status = 1 + (2 if roots else 0)
            else:
                if not roots:
                    gain -= 3                        # a lone number: an orphan
                status = 2 if roots else 0
            out.append((s + gain + w[self_at + (kv * 4 + status) * 8], (k, i, d, u, v)))
        return out

    def playout(self, p: sim.Pos, rng: Random, merge: bool, dice: list[int] | None = None) -> int:
        """Play p to the end in place, every move `move`'s, on the given (or drawn) dice; the final total
        (cards held counted +3 each, as `sim.playout` counts them)."""
        full = p.g.full
        step = 0
        rolls = sim.ROLL_VALUES
        while p.filled != full:
            code = dice[step] if dice is not None else int(rng.random() * 36)
            step += 1
            best = self.move(p, rolls[code], merge, rng)
            if best is None:
                break
            k, i, d, u, v = best
            p.put(i, v, d, u, k)
        return p.total()


def _fit_move(table: ValueTable, p: sim.Pos, values, merge: bool, rng: Random, explore: float) -> sim.Pos | None:
    """The position after the move whose afterstate value is highest (the first such in `sim.moves`
    order), or after a random move with probability `explore`; None when no move is legal.

    Fitting weighs every move's whole position, not `Greedy.move`'s changes: the two pick different moves
    among moves of equal value (which are many while the weights are still zero), and the shipped tables
    are what these moves made of them, game after game."""
    ms = sim.moves(p, values, merge)
    if not ms:
        return None
    if explore and rng.random() < explore:
        k, i, d, u = ms[rng.randrange(len(ms))]
        q = p.copy()
        q.put(i, values[k], d, u, k)
        return q
    best = None
    top = -math.inf
    for k, i, d, u in ms:
        q = p.copy()
        q.put(i, values[k], d, u, k)
        v = table.value(q)
        if v > top:
            top = v
            best = q
    return best


def self_play(table: ValueTable, rng: Random, *, merge: bool = True, learn: bool = False,
              alpha: float = 0.002, explore: float = 0.0) -> int:
    """One game on random dice, every move greedy on the table's value; with `learn` each afterstate's
    weights move `alpha` of the way towards the next one's value (TD(0)). The final total."""
    state = new_game(table.sheet, Ruleset(merge_lines=merge))
    p = sim.from_board(state.board, state.ops)
    full = p.g.full
    w = table.weights
    prev = None
    while p.filled != full:
        q = _fit_move(table, p, sim.ROLL_VALUES[rng.randrange(36)], merge, rng, explore)
        if q is None:
            break
        if learn and prev is not None:
            target = table.value(q)
            feats = table.features(prev)
            s = 0.0
            for x in feats:
                s += w[x]
            step = alpha * (target - (prev.total() + s))
            for x in feats:
                w[x] += step
        prev = p = q
    return p.total()


def fit(sheet: Sheet, games: int, rng: Random, *, alpha: float = 0.002, explore: float = 0.02,
        merge: bool = True, report: Callable[[int, ValueTable], None] | None = None,
        every: int = 500, info: dict | None = None, start: ValueTable | None = None) -> ValueTable:
    """Fit a sheet's tables by `games` games of self-play (see the module docstring): from zeros, or on from
    the weights of `start` (a table of the same layout, left unchanged); `report` is called with the games
    played and the table after every `every` games.

    The table's `fit_info` says how it came to be, so that the same commands write the same file: `stages`,
    one {"games", "seed", "alpha", "explore"} per run (`info` adds to this run's), and `games` in all."""
    if games < 1:
        raise ValueError("fit needs at least one game")
    ruleset = "merge" if merge else "rulebook"
    stage = {"games": games, "alpha": alpha, "explore": explore, **(info or {})}
    if start is None:
        table = ValueTable(sheet, fit_info={"games": games, "ruleset": ruleset, "stages": [stage]})
    else:
        if start.print != fingerprint(sheet):
            raise ValueError("the table to go on from was fitted on another layout")
        before = start.fit_info
        if before.get("ruleset", ruleset) != ruleset:
            raise ValueError(f"the table to go on from was fitted under the {before.get('ruleset')} reading")
        stages = [s for s in before.get("stages", ()) if isinstance(s, dict)]
        done = sum(s.get("games", 0) for s in stages if isinstance(s.get("games"), int))
        table = ValueTable(sheet, list(start.weights),
                           fit_info={"games": done + games, "ruleset": ruleset, "stages": [*stages, stage]})
    for n in range(1, games + 1):
        self_play(table, rng, merge=merge, learn=True, alpha=alpha, explore=explore)
        if report is not None and (n % every == 0 or n == games):
            report(n, table)
    return table


def save(table: ValueTable, path: Path) -> None:
    """Write the table's file (replacing any, through a temporary file beside it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(table.to_dict(), separators=(",", ":")) + "\n", encoding="utf-8")
    tmp.replace(path)


def load(doc: Any, sheet: Sheet, origin: str = "value table") -> ValueTable:
    """A table from a file's JSON for `sheet`; DataError when the file is damaged or for another layout."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise DataError(f"{origin}: not a Trek 12 value table of format {FORMAT}")
    if doc.get("fingerprint") != fingerprint(sheet):
        raise DataError(f"{origin}: fitted on another sheet layout")
    table = ValueTable(sheet, fit_info=doc.get("fit") if isinstance(doc.get("fit"), dict) else None)
    index, weight, scale = doc.get("index"), doc.get("weight"), doc.get("scale")
    size = len(table.weights)
    if doc.get("size") != size or not isinstance(index, list) or not isinstance(weight, list) \
            or len(index) != len(weight) or not isinstance(scale, int) or isinstance(scale, bool) or scale < 1:
        raise DataError(f"{origin}: the weights do not match the sheet's layout")
    w = table.weights
    for x, r in zip(index, weight):
        if not (isinstance(x, int) and isinstance(r, int)) or isinstance(x, bool) or not 0 <= x < size:
            raise DataError(f"{origin}: weight entry {x!r} is not an index of the layout with a whole number")
        w[x] = r / scale
    return table


def folder() -> Path:
    """Where the shipped tables are: `data/trek12/values`."""
    return data_folder() / "values"


_CACHE: dict[tuple[str, str], "ValueTable | None"] = {}
_FILES: dict[tuple[str, str], tuple[str, Any]] | None = None


def for_sheet(sheet: Sheet, merge: bool = True) -> ValueTable | None:
    """The shipped table fitted on this sheet's layout under this reading of joining lines (`merge`), or None
    when there is none (or it cannot be read: the coach then plays without it, as for a custom sheet)."""
    global _FILES
    key = (fingerprint(sheet), "merge" if merge else "rulebook")
    if key in _CACHE:
        return _CACHE[key]
    if _FILES is None:
        _FILES = {}
        try:
            paths = sorted(folder().glob("*.json"))
        except OSError:
            paths = []
        for path in paths:
            try:
                doc = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError):
                continue
            if isinstance(doc, dict) and isinstance(doc.get("fingerprint"), str):
                fit = doc.get("fit") if isinstance(doc.get("fit"), dict) else {}
                _FILES[(doc["fingerprint"], fit.get("ruleset", "merge"))] = (str(path), doc)
    found = _FILES.get(key)
    table = None
    if found is not None:
        try:
            table = load(found[1], sheet, found[0])
        except DataError:
            table = None
    _CACHE[key] = table
    return table


def main(argv: list[str] | None = None) -> int:
    """Fit one printed sheet's table and write it (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m companion.games.trek12.value",
                                     description="Fit a Trek 12 sheet's value table by self-play.")
    parser.add_argument("sheet", choices=SHEET_NAMES)
    parser.add_argument("--games", type=int, default=90500, help="self-play games (default 90500)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the dice and the random moves (default 7)")
    parser.add_argument("--alpha", type=float, default=0.002, help="learning step (default 0.002)")
    parser.add_argument("--explore", type=float, default=0.02, help="share of random moves (default 0.02)")
    parser.add_argument("--resume", type=Path, metavar="FILE",
                        help="go on from the table in FILE (written by this command) instead of from zeros")
    parser.add_argument("--out", type=Path, help="file to write (default data/trek12/values/SHEET.json)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    sheet = load_sheet(args.sheet)
    begin = None
    if args.resume is not None:
        try:
            begin = load(json.loads(args.resume.read_text(encoding="utf-8")), sheet, str(args.resume))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            parser.error(f"--resume: cannot read {args.resume}: {getattr(exc, 'strerror', None) or exc}")
        except DataError as exc:
            parser.error(f"--resume: {exc}")
    out = args.out or folder() / f"{args.sheet}.json"
    start = time.monotonic()

    def report(n: int, table: ValueTable) -> None:
        scores = [self_play(table, Random(f"value-check/{k}")) for k in range(50)]
        print(f"{n} games, {time.monotonic() - start:.0f} s: greedy mean {sum(scores) / len(scores):.1f} "
              "on 50 check games", flush=True)
        save(table, out)

    try:
        table = fit(sheet, args.games, Random(args.seed), alpha=args.alpha, explore=args.explore,
                    report=report, every=5000, info={"seed": args.seed}, start=begin)
    except ValueError as exc:
        parser.error(str(exc))
    save(table, out)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
