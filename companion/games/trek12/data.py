"""Trek 12 Ascent sheets as data: load and validate `data/trek12/sheets/*.json` and home-made sheets.

A sheet is circles (id, position, dangerous or not), the links between touching circles, the bonus table
and the number of boxes per dice option. Everything the rules need at speed (neighbour bitmasks, limits,
the bonus for every size) is worked out once here, when the sheet is loaded.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeAlias

from companion.errors import DataError
from companion.i18n.message import msg, msgn
from companion.inputs import quote, text_problem

__all__ = [
    "CircleId",
    "Circle",
    "Stars",
    "Sheet",
    "SHEET_NAMES",
    "NORMAL_MAX",
    "DANGEROUS_MAX",
    "DEFAULT_BONUS",
    "DEFAULT_OP_LIMIT",
    "MAX_CIRCLES",
    "MAX_NAME",
    "data_folder",
    "load_sheet",
    "sheet_from_dict",
    "sheet_warnings",
    "crowded_circles",
    "closest_circles",
    "drawn_positions",
    "drawing_problems",
    "unplaced_circle",
    "LEAST_SPACING",
    "members",
]

CircleId: TypeAlias = int

SHEET_NAMES: tuple[str, ...] = ("dunai", "kagkot", "dhaulagiri")
NORMAL_MAX = 12      # rulebook, Terrain Types: normal terrain takes 0 to 12
DANGEROUS_MAX = 6    # rulebook, Terrain Types: dangerous terrain takes 0 to 6
DEFAULT_BONUS: dict[str, int] = {"3": 1, "4": 3, "5": 6, "6": 10, "7": 15, "8": 20, "9": 25, "per_extra": 5}
DEFAULT_OP_LIMIT = 4  # rulebook: "Each option has 4 boxes"
OPTION_COUNT = 5      # lower, higher, difference, sum, product
DEFAULT_NAME = "Home-made sheet"
# Far above any printed sheet; keeps a hostile file from making the engine crawl.
MAX_CIRCLES = 400
MAX_NAME = 100       # a sheet's name, shown on the setup screen and by `companion check`
# The closest two circles of a sheet the app takes, as a share of the sheet's width or height (the larger).
# A sheet 10 spacings across is drawn on a 360 px phone (336 px for the sheet, with margins 11.1 spacings)
# at 30 px a spacing: circles of 24 px, the least a finger is sure to hit (WCAG 2.2, Target Size). The
# printed sheets are under 7 spacings across.
LEAST_SPACING = 0.1

_SHEET_KEYS = frozenset({"name", "summit", "stars", "circles", "links", "bonus", "op_limit", "source"})
_CIRCLE_KEYS = frozenset({"id", "x", "y", "dangerous"})


@dataclass(frozen=True)
class Circle:
    """One circle of the climbing area; dangerous circles take 0-6 only (rulebook, Terrain Types)."""

    id: CircleId
    x: float
    y: float
    dangerous: bool = False

    @property
    def limit(self) -> int:
        """The largest number the circle takes before it becomes a skull (rulebook, Terrain Types)."""
        return DANGEROUS_MAX if self.dangerous else NORMAL_MAX


@dataclass(frozen=True)
class Stars:
    """Reputation stars printed on an Ascent card: summit, race to the summit, record (Expedition Mode)."""

    summit: int
    race: int
    record: int


@dataclass(frozen=True)
class Sheet:
    """An Ascent sheet: circles, links between touching circles, bonus table and option boxes."""

    key: str
    name: str
    summit: int | None
    stars: Stars | None
    circles: tuple[Circle, ...]
    links: tuple[tuple[CircleId, CircleId], ...]
    bonus: tuple[tuple[int, int], ...]
    per_extra: int
    op_limit: int
    source: str
    # No circle of the file had a position: they stand in a row in file order (x = 0, 1, 2…), as the file's
    # content, and are drawn where `drawn_positions` puts them.
    laid_out: bool = False
    # Derived once at load; excluded from equality so two loads of one file compare equal.
    n: int = field(init=False, repr=False, compare=False)
    ids: tuple[CircleId, ...] = field(init=False, repr=False, compare=False)
    index: dict[CircleId, int] = field(init=False, repr=False, compare=False)
    adj: tuple[int, ...] = field(init=False, repr=False, compare=False)
    adj2: tuple[int, ...] = field(init=False, repr=False, compare=False)
    limits: tuple[int, ...] = field(init=False, repr=False, compare=False)
    full: int = field(init=False, repr=False, compare=False)
    normal_mask: int = field(init=False, repr=False, compare=False)
    bonus_by_size: tuple[int, ...] = field(init=False, repr=False, compare=False)
    ids_are_indices: bool = field(init=False, repr=False, compare=False)
    memo: dict = field(init=False, repr=False, compare=False)
    pickers: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ids = tuple(c.id for c in self.circles)
        index = {cid: i for i, cid in enumerate(ids)}
        n = len(ids)
        adj = [0] * n
        for a, b in self.links:
            ia, ib = index[a], index[b]
            adj[ia] |= 1 << ib
            adj[ib] |= 1 << ia
        # Circles at graph distance exactly 2: the Rope's reach ("separated by one other circle").
        adj2 = []
        for i in range(n):
            reach = 0
            for j in members(adj[i]):
                reach |= adj[j]
            adj2.append(reach & ~adj[i] & ~(1 << i))
        normal = 0
        for i, c in enumerate(self.circles):
            if not c.dangerous:
                normal |= 1 << i
        table = dict(self.bonus)
        top = max(table) if table else 0
        sizes = []
        for size in range(n + 1):
            if size in table:
                sizes.append(table[size])
            elif table and size > top:
                sizes.append(table[top] + self.per_extra * (size - top))
            else:
                sizes.append(0)
        setter = object.__setattr__
        setter(self, "n", n)
        setter(self, "ids", ids)
        setter(self, "ids_are_indices", ids == tuple(range(n)))
        setter(self, "index", index)
        setter(self, "adj", tuple(adj))
        setter(self, "adj2", tuple(adj2))
        setter(self, "limits", tuple(c.limit for c in self.circles))
        setter(self, "full", (1 << n) - 1)
        setter(self, "normal_mask", normal)
        setter(self, "bonus_by_size", tuple(sizes))
        # Per-sheet memo of interned actions; a cache of pure values, never part of a state.
        setter(self, "memo", {})
        setter(self, "pickers", {})

    def bonus_for(self, size: int) -> int:
        """Bonus-table points for a line or zone of `size` circles (rulebook, End of the Game: Bonuses)."""
        if size < len(self.bonus_by_size):
            return self.bonus_by_size[size]
        table = dict(self.bonus)
        if not table:
            return 0
        top = max(table)
        return table[top] + self.per_extra * (size - top) if size > top else table.get(size, 0)

    def circle(self, circle_id: CircleId) -> Circle:
        """The circle with this id (KeyError when it is not on the sheet)."""
        return self.circles[self.index[circle_id]]

    def touching(self, a: CircleId, b: CircleId) -> bool:
        """True when circles a and b are linked on the sheet (rulebook: "touching")."""
        return bool(self.adj[self.index[a]] >> self.index[b] & 1)

    def neighbours(self, circle_id: CircleId) -> tuple[CircleId, ...]:
        """The ids of the circles touching this one."""
        return tuple(self.ids[j] for j in members(self.adj[self.index[circle_id]]))

    def to_dict(self) -> dict[str, Any]:
        """The sheet in its JSON file format (see docs/formats.md)."""
        bonus: dict[str, int] = {str(size): points for size, points in self.bonus}
        bonus["per_extra"] = self.per_extra
        doc: dict[str, Any] = {"name": self.name, "summit": self.summit}
        if self.stars is not None:
            doc["stars"] = {"summit": self.stars.summit, "race": self.stars.race, "record": self.stars.record}
        doc["circles"] = [{"id": c.id, "x": c.x, "y": c.y, "dangerous": c.dangerous} for c in self.circles]
        doc["links"] = [[a, b] for a, b in self.links]
        doc["bonus"] = bonus
        doc["op_limit"] = self.op_limit
        doc["source"] = self.source
        return doc


def record_key(sheet: Sheet) -> str:
    """How a finished game's record names its sheet: a printed sheet by its key ("dunai"); any other by "own-"
    and a digest of the whole sheet. A home-made sheet named "Dunai" (its key is "dunai" too) then never
    shares a line in Statistics with the printed one, nor two home-made sheets of one name with each other,
    while the same sheet file played twice does. A file that copies a printed sheet exactly (its source
    aside) is that sheet."""
    def content(doc: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in doc.items() if k != "source"}

    if sheet.key in SHEET_NAMES and content(sheet.to_dict()) == content(load_sheet(sheet.key).to_dict()):
        return sheet.key
    digest = hashlib.sha256(json.dumps(content(sheet.to_dict()), sort_keys=True).encode()).hexdigest()
    return f"own-{digest[:12]}"


def data_folder() -> Path:
    """The folder holding the Trek 12 data files (`data/trek12` in a checkout)."""
    try:
        from companion.paths import data_root
    except ImportError:  # the shared paths module is not there yet in some checkouts
        return Path(__file__).resolve().parents[3] / "data" / "trek12"
    return data_root() / "trek12"


@cache
def load_sheet(name: str) -> Sheet:
    """Load one of the printed Ascent sheets by name (dunai, kagkot, dhaulagiri) from the data folder."""
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in SHEET_NAMES:
        raise DataError(f"unknown Trek 12 sheet {quote(name)}; known: {', '.join(SHEET_NAMES)}")
    path = data_folder() / "sheets" / f"{key}.json"
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(f"{path}: the sheet file is missing") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"{path}: cannot read the sheet file ({exc})") from None
    sheet = sheet_from_dict(doc, origin=str(path), key=key)
    if not sheet.source.strip():
        raise DataError(f"{path}: field 'source' must say where the sheet comes from")
    return sheet


def sheet_from_dict(doc: Any, *, origin: str = "sheet", key: str | None = None) -> Sheet:
    """Validate a sheet object (file format in docs/formats.md) into a Sheet; DataError names the field."""
    if not isinstance(doc, dict):
        raise DataError(msg("{origin}: a sheet must be a JSON object, not {kind}", origin=origin, kind=_kind(doc)))
    unknown = sorted(k for k in doc if not (isinstance(k, str) and k.startswith("_")) and k not in _SHEET_KEYS)
    if unknown:
        raise DataError(msg("{origin}: unknown field {field}; a sheet has {fields}", origin=origin,
                            field=quote(unknown[0]), fields=", ".join(sorted(_SHEET_KEYS))))
    name = doc.get("name", DEFAULT_NAME)
    if not isinstance(name, str) or not name.strip():
        raise DataError(msg("{origin}: field 'name' must be a non-empty string", origin=origin))
    name = name.strip()
    problem = text_problem(name, max_len=MAX_NAME, what=quote(name))
    if problem:
        raise DataError(msg("{origin}: field 'name': {problem}", origin=origin, problem=problem))
    summit = doc.get("summit")
    if summit is not None and not _is_int(summit, minimum=0):
        raise DataError(msg("{origin}: field 'summit' must be a whole number of points, 0 or more, or null, "
                            "not {value}", origin=origin, value=quote(summit)))
    stars = _parse_stars(doc.get("stars"), origin)
    circles = _parse_circles(doc.get("circles"), origin)
    laid_out = not any("x" in item or "y" in item for item in doc["circles"])
    known = {c.id for c in circles}
    links = _parse_links(doc.get("links", []), known, origin)
    bonus, per_extra = _parse_bonus(doc.get("bonus", DEFAULT_BONUS), origin)
    op_limit = doc.get("op_limit", DEFAULT_OP_LIMIT)
    if not _is_int(op_limit, minimum=1):
        raise DataError(msg("{origin}: field 'op_limit' must be a whole number of boxes, at least 1, not {value}",
                            origin=origin, value=quote(op_limit)))
    source = doc.get("source", "")
    if not isinstance(source, str):
        raise DataError(msg("{origin}: field 'source' must be a string", origin=origin))
    if key is None:
        key = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "sheet"
    return Sheet(key=key, name=name, summit=summit, stars=stars, circles=circles, links=links, bonus=bonus,
                 per_extra=per_extra, op_limit=op_limit, source=source, laid_out=laid_out)


def sheet_warnings(sheet: Sheet) -> list[str]:
    """What would stop a game on this sheet from being finished (a sheet in pieces, too few boxes).

    Such a sheet still loads, since a filled sheet or part of a game on it can be scored.
    """
    warnings = []
    reach = 1
    while True:
        grown = reach
        for i in members(reach):
            grown |= sheet.adj[i]
        if grown == reach:
            break
        reach = grown
    if reach != sheet.full:
        lost = sheet.ids[members(sheet.full & ~reach)[0]]
        warnings.append(msg("circle {circle} cannot be reached from circle {first} along the links, so the sheet "
                            "cannot be filled (each number after the first must touch a filled circle)",
                            circle=lost, first=sheet.ids[0]))
    if OPTION_COUNT * sheet.op_limit < sheet.n:
        warnings.append(msgn("op_limit {limit} gives only {boxes} boxes for {n} circle, so the sheet cannot be "
                             "filled (one box per round)",
                             "op_limit {limit} gives only {boxes} boxes for {n} circles, so the sheet cannot be "
                             "filled (one box per round)",
                             sheet.n, limit=sheet.op_limit, boxes=OPTION_COUNT * sheet.op_limit))
    return warnings


def drawn_positions(sheet: Sheet) -> tuple[tuple[float, float], ...]:
    """Where each circle is drawn (in file order, in the file's units): where the file puts it; for a sheet
    whose file gives no positions, in one row up to 6 circles, else in rows of a square grid (3 rows of up to
    3 for 8 circles), each row turning back under the end of the last, which a phone's screen takes better than
    one long row."""
    if sheet.laid_out and sheet.n > 6:
        # Each row goes back the way the last one came (the fourth of 8 circles under the third): circles next
        # in the file, often linked in a chain, stay side by side, not across the sheet in a long diagonal.
        side = math.ceil(math.sqrt(sheet.n))
        return tuple((float(k % side if k // side % 2 == 0 else side - 1 - k % side), float(k // side))
                     for k in range(sheet.n))
    return tuple((float(c.x), float(c.y)) for c in sheet.circles)


def closest_circles(sheet: Sheet) -> tuple[Circle, Circle, float]:
    """The two circles drawn nearest each other (first in file order first) and their distance."""
    points = drawn_positions(sheet)
    # Swept in order of x: only circles less than the best distance to the left can be nearer.
    order = sorted(range(sheet.n), key=lambda i: (points[i][0], i))
    best: tuple[float, int, int] = (math.inf, 0, 1)
    for k, i in enumerate(order):
        a = points[i]
        for j in order[k + 1:]:
            b = points[j]
            if b[0] - a[0] > best[0]:
                break
            found = (math.dist(a, b), min(i, j), max(i, j))
            if found < best:
                best = found
    distance, i, j = best
    return sheet.circles[i], sheet.circles[j], distance


def drawing_problems(doc: Any, sheet: Sheet) -> list[str]:
    """Why a sheet file that loads cannot be drawn as its author meant, or with its circles apart and large
    enough to tap (`unplaced_circle`, `crowded_circles`): what the app's import refuses and `companion check`
    warns of; a game already saved on such a sheet still loads."""
    return [problem for problem in (unplaced_circle(doc), crowded_circles(sheet)) if problem]


def unplaced_circle(doc: Any) -> str | None:
    """Why a sheet file cannot be drawn as its author meant: positions given for some circles but not this
    one (it would stand anywhere, likely on another); None when every circle has both or none has any. Only a
    file being imported is refused for it: a game saved on such a sheet still loads."""
    raw = doc.get("circles") if isinstance(doc, dict) else None
    if not isinstance(raw, list) or not any(isinstance(c, dict) and ("x" in c or "y" in c) for c in raw):
        return None
    for n, item in enumerate(raw):
        for axis in ("x", "y"):
            if isinstance(item, dict) and axis not in item:
                where = "circles[{n}]".format(n=n)
                return msg("{where} (id {circle}): field {field} is missing; give every circle x and y, or none of "
                           "them (then the circles are laid out in rows)", where=where,
                           circle=quote(item.get("id")), field=quote(axis))
    return None


def crowded_circles(sheet: Sheet) -> str | None:
    """Why the sheet cannot be drawn with every circle apart and large enough to tap on a phone, or None.

    The closest two circles must be at least LEAST_SPACING of the sheet's width or height (the larger) apart.
    A sheet that fails still loads (a game already played on it is still scored); the app refuses to import it.
    """
    a, b, distance = closest_circles(sheet)
    points = drawn_positions(sheet)
    (ax, ay), (bx, by) = points[sheet.index[a.id]], points[sheet.index[b.id]]
    if _number(distance) == "0":      # in one place as the message writes places (to 3 decimals)
        return msg("circles {first} and {second} are both at ({x}, {y}): one would hide the other; give each "
                   "circle a place of its own", first=a.id, second=b.id, x=_number(ax), y=_number(ay))
    xs = [x for x, _y in points]
    ys = [y for _x, y in points]
    size = max(max(xs) - min(xs), max(ys) - min(ys))
    if distance >= LEAST_SPACING * size * (1 - 1e-9):     # a tenth of 3 is 0.30000000000000004
        return None
    if sheet.laid_out:
        # No position in the file: the places are the app's, and only fewer circles would do.
        most = (int(1 / LEAST_SPACING) + 1) ** 2
        # i18n: a sheet file without positions; {most} is 121
        return msgn("{n} circle without positions is too many to draw apart on a phone: give each circle x and y "
                    "(without them, a sheet has at most {most})",
                    "{n} circles without positions are too many to draw apart on a phone: give each circle x and y "
                    "(without them, a sheet has at most {most})", sheet.n, most=most)
    return msg("circles {first} and {second} are too close together to be drawn apart: ({x1}, {y1}) and "
               "({x2}, {y2}) are {distance} apart on a sheet {size} across; no two circles may be closer than a "
               "tenth of that ({least}), or a phone draws them too small to tap",
               first=a.id, second=b.id, x1=_number(ax), y1=_number(ay), x2=_number(bx), y2=_number(by),
               distance=_number(distance), size=_number(size), least=_number(LEAST_SPACING * size))


@cache
def _chunk_table(offset: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(offset + b for b in range(10) if m >> b & 1) for m in range(1024))


_T0 = _chunk_table(0)
_T1 = _chunk_table(10)


def members(mask: int) -> tuple[int, ...]:
    """The circle indices set in a bitmask, lowest first (table lookups: this runs in every move)."""
    if mask < 1024:
        return _T0[mask]
    if mask < 1048576:
        return _T0[mask & 1023] + _T1[mask >> 10]
    out: tuple[int, ...] = ()
    offset = 0
    while mask:
        out += _chunk_table(offset)[mask & 1023]
        mask >>= 10
        offset += 10
    return out


def _kind(value: Any) -> str:
    kinds = {dict: msg("an object"), list: msg("a list"), str: msg("a string"), bool: msg("true/false"),
             type(None): "null"}
    return kinds.get(type(value), type(value).__name__)


def _is_int(value: Any, *, minimum: int | None = None) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and (minimum is None or value >= minimum)


def _parse_stars(raw: Any, origin: str) -> Stars | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) != {"summit", "race", "record"}:
        raise DataError(msg("{origin}: field 'stars' must be an object with 'summit', 'race' and 'record'",
                            origin=origin))
    for part in ("summit", "race", "record"):
        if not _is_int(raw[part], minimum=0):
            field = f"'stars.{part}'"
            raise DataError(msg("{origin}: field {field} must be a whole number 0 or more, not {value}", origin=origin,
                                field=field, value=quote(raw[part])))
    return Stars(raw["summit"], raw["race"], raw["record"])


def _parse_circles(raw: Any, origin: str) -> tuple[Circle, ...]:
    if raw is None or raw == []:
        raise DataError(msg("{origin}: field 'circles' has no circles; a sheet needs at least 2", origin=origin))
    if not isinstance(raw, list):
        raise DataError(msg("{origin}: field 'circles' must be a list of circles, not {kind}", origin=origin,
                            kind=_kind(raw)))
    if len(raw) < 2:
        raise DataError(msg("{origin}: field 'circles' has {count} circle; a sheet needs at least 2", origin=origin,
                            count=len(raw)))
    if len(raw) > MAX_CIRCLES:
        raise DataError(msg("{origin}: field 'circles' has {count} circles; at most {limit} are supported",
                            origin=origin, count=len(raw), limit=MAX_CIRCLES))
    circles: list[Circle] = []
    seen: set[int] = set()
    for n, item in enumerate(raw):
        where = f"{origin}: circles[{n}]"
        if not isinstance(item, dict):
            raise DataError(msg("{where} must be an object with id, x, y, dangerous", where=where))
        extra = sorted(k for k in item if k not in _CIRCLE_KEYS)
        if extra:
            raise DataError(msg("{where}: unknown field {field}; a circle has id, x, y, dangerous", where=where,
                                field=quote(extra[0])))
        if "id" not in item:
            raise DataError(msg("{where}: field 'id' is missing: every circle needs one, a whole number 0 or more",
                                where=where))
        cid = item.get("id")
        if not _is_int(cid, minimum=0):
            raise DataError(msg("{where}: field 'id' must be a whole number 0 or more, not {value}", where=where,
                                value=quote(cid)))
        if cid in seen:
            raise DataError(msg("{where}: duplicate circle id {circle}", where=where, circle=cid))
        seen.add(cid)
        coords = []
        # Without a position, a circle stands in a row in file order (the sheet's content: a game saved on it
        # is named by it in Statistics); the drawing lays a sheet without any position out (`drawn_positions`).
        for axis, default in (("x", n), ("y", 0)):
            value = item.get(axis, default)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise DataError(msg("{where} (id {circle}): field {field} must be a number, not {value}",
                                    where=where, circle=cid, field=quote(axis), value=quote(value)))
            coords.append(value)
        dangerous = item.get("dangerous", False)
        if not isinstance(dangerous, bool):
            raise DataError(msg("{where} (id {circle}): field 'dangerous' must be true or false, not {value}",
                                where=where, circle=cid, value=quote(dangerous)))
        circles.append(Circle(cid, coords[0], coords[1], dangerous))
    return tuple(circles)


def _number(value: float) -> str:
    return f"{round(value, 3):g}"


def _parse_links(raw: Any, known: set[int], origin: str) -> tuple[tuple[int, int], ...]:
    if not isinstance(raw, list):
        raise DataError(msg("{origin}: field 'links' must be a list of [id, id] pairs, not {kind}", origin=origin,
                            kind=_kind(raw)))
    links: list[tuple[int, int]] = []
    seen: set[tuple[int, int]] = set()
    for n, pair in enumerate(raw):
        where = f"{origin}: links[{n}]"
        if not isinstance(pair, list) or len(pair) != 2 or not all(_is_int(x) for x in pair):
            raise DataError(msg("{where} must be a pair of circle ids like [0, 1], not {value}", where=where,
                                value=quote(pair)))
        a, b = pair
        for end in (a, b):
            if end not in known:
                raise DataError(msg("{where}: link {link} names unknown circle {circle}", where=where, link=pair,
                                    circle=end))
        if a == b:
            raise DataError(msg("{where}: link {link} joins circle {circle} to itself", where=where, link=pair,
                                circle=a))
        norm = (min(a, b), max(a, b))
        if norm in seen:  # the same pair listed twice says nothing new
            continue
        seen.add(norm)
        links.append((a, b))
    return tuple(links)


def _parse_bonus(raw: Any, origin: str) -> tuple[tuple[tuple[int, int], ...], int]:
    if not isinstance(raw, dict):
        raise DataError(msg("{origin}: field 'bonus' must be an object like {example}", origin=origin,
                            example='{"3": 1, ..., "per_extra": 5}'))
    per_extra = raw.get("per_extra", 0)
    if not _is_int(per_extra, minimum=0):
        raise DataError(msg("{origin}: field {field} must be a whole number 0 or more, not {value}", origin=origin,
                            field="'bonus.per_extra'", value=quote(per_extra)))
    table: list[tuple[int, int]] = []
    for size_text, points in raw.items():
        if size_text == "per_extra":
            continue
        if not (isinstance(size_text, str) and size_text.isascii() and size_text.isdigit()
                and len(size_text) <= 4 and 1 <= int(size_text) <= MAX_CIRCLES):
            raise DataError(msg("{origin}: field 'bonus' key {key} must be a size such as \"3\", from 1 to {limit} "
                                "circles", origin=origin, key=quote(size_text), limit=MAX_CIRCLES))
        if not _is_int(points, minimum=0):
            field = f"'bonus.{size_text}'"
            raise DataError(msg("{origin}: field {field} must be a whole number 0 or more, not {value}", origin=origin,
                                field=field, value=quote(points)))
        table.append((int(size_text), points))
    table.sort()
    sizes = [s for s, _ in table]
    if sizes and sizes != list(range(sizes[0], sizes[-1] + 1)):
        missing = sorted(set(range(sizes[0], sizes[-1] + 1)) - set(sizes))[0]
        raise DataError(msg("{origin}: field 'bonus' has no entry for size {size}; list every size in between",
                            origin=origin, size=missing))
    return tuple(table), per_extra
