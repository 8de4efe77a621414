"""The Ascent sheet drawn from its data: circles at their x,y, links, Fixed Lines, Zones, skulls, orphans.

The sheet is an `ft.Stack` as large as the space given: one `flet.canvas` underneath for everything that is
a line (the map's links, the Fixed Lines, Rope links, the dotted hints of a pending link choice), and one
round tappable `Container` per circle on top, placed at the circle's position scaled to the space. Zones are
shaded per zone with a colour and a stripe pattern, dangerous circles have a thick outline, skulls and the
orphans' skull marks are drawn (the Material icon font has no skull, and an emoji would need a font the
offline web client does not carry).

Only drawing here: what is legal, linked or zoned comes from the engine's Board.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import flet as ft
import flet.canvas as cv

from companion.games.trek12.data import CircleId, Sheet, closest_circles, drawn_positions
from companion.games.trek12.rules import SKULL, Board
from companion.i18n import _

__all__ = [
    "SheetLayout",
    "Marks",
    "sheet_layout",
    "sheet_control",
    "skull_icon",
    "zone_fill",
    "LINE_COLOUR",
    "ZONE_COLOURS",
]

# Fixed Lines are drawn in the game's accent (the home tile's Trek 12 orange): they read as the rope.
LINE_COLOUR = "#C2571A"
MAX_LINE_COLOUR = "#3F51B5"
CANDIDATE_COLOUR = "#F9A825"
ADVICE_COLOUR = "#2E7D32"      # the coach's move: green, unlike a link candidate's amber
COSTLY_COLOUR = "#C62828"      # a review's costliest rounds
# Zone shades, light enough for dark text in both themes; neighbouring zone numbers differ in hue and stripe.
ZONE_COLOURS = ("#8ECAE6", "#FFB4A2", "#B5E48C", "#F7D488", "#CDB4DB", "#90DBC4", "#F4A6C6", "#C9D6A3")
_ZONE_TEXT = "#1B1B1F"
_LEGAL_TINT = ft.Colors.with_opacity(0.12, ft.Colors.PRIMARY)
_MAX_UNIT = 96.0  # px per circle spacing: past this a desktop sheet only gets emptier
_MARGIN = 0.55    # units of empty border around the outermost circles
_DIAMETER = 0.8   # of the closest spacing between two circles: the rest shows the links


@dataclass(frozen=True)
class SheetLayout:
    """Where a sheet's circles go in a box of `width` x `height` px; `unit` px per circle spacing."""

    width: float
    height: float
    unit: float
    diameter: float
    centres: dict[CircleId, tuple[float, float]]


@dataclass(frozen=True)
class Marks:
    """What to highlight on a sheet: circles a number may go in, candidates of a pending choice, the circle
    being written (with the number about to go there), and the last circle written."""

    legal: frozenset[CircleId] = frozenset()
    candidates: frozenset[CircleId] = frozenset()
    chosen: CircleId | None = None
    preview: int | None = None
    preview_skull: bool = False
    last: CircleId | None = None
    advised: CircleId | None = None                  # the coach's move (a hint asked for)
    flagged: frozenset[CircleId] = frozenset()       # circles of the costliest rounds (a review)
    # The final score the coach expects beside its top circles (a hint): its move's and the next best ones'.
    expected: tuple[tuple[CircleId, str], ...] = ()


def sheet_layout(sheet: Sheet, max_width: float, max_height: float) -> SheetLayout:
    """Scale the sheet's positions to fit `max_width` x `max_height` (aspect kept, circles never huge), never
    past either: the play screen gives the sheet a room of its own above the dice, which does not scroll. A
    sheet the app imports keeps its circles large enough to tap across a phone's width (`LEAST_SPACING` in the
    sheet data)."""
    return _layout(sheet, round(max_width), round(max_height))


@lru_cache(maxsize=64)
def _layout(sheet: Sheet, max_width: int, max_height: int) -> SheetLayout:
    points = dict(zip(sheet.ids, drawn_positions(sheet)))
    spacing = _spacing(sheet)
    xs = [p[0] / spacing for p in points.values()]
    ys = [p[1] / spacing for p in points.values()]
    x0, y0 = min(xs), min(ys)
    span_x = max(xs) - x0 + 2 * _MARGIN
    span_y = max(ys) - y0 + 2 * _MARGIN
    unit = min(max_width / span_x, max_height / span_y, _MAX_UNIT)
    centres = {cid: ((x / spacing - x0 + _MARGIN) * unit, (y / spacing - y0 + _MARGIN) * unit)
               for cid, (x, y) in points.items()}
    return SheetLayout(span_x * unit, span_y * unit, unit, _DIAMETER * unit, centres)


def sheet_control(
    sheet: Sheet,
    board: Board,
    layout: SheetLayout,
    *,
    prefix: str,
    marks: Marks = Marks(),
    on_tap: Callable[[CircleId], None] | None = None,
    line_colour: str = LINE_COLOUR,
    max_rules: bool = False,
) -> ft.Control:
    """The sheet as a Stack: canvas of links and lines under one tappable circle per sheet circle. With
    `max_rules` (Max's sheet) an orphan is tagged "+3", his Special Bonus, not with the skull of a penalty.

    Keys: `<prefix>-sheet` for the whole, `<prefix>-circle-<id>` for each circle (also its semantics
    identifier, so browser tests find it).
    """
    d = layout.diameter
    centres = layout.centres
    cells = board.cells()
    zone_of: dict[CircleId, int] = {}
    for index, zone in enumerate(board.zone_list()):
        for cid in zone:
            zone_of[cid] = index
    orphans = set(board.orphans())
    lined = {cid for line in board.fixed_lines() for cid in line}
    shapes: list[cv.Shape] = []
    rope_pairs = {tuple(sorted(p)) for p in board.ropes}
    strong = ft.Paint(color=line_colour, stroke_width=max(4.0, layout.unit * 0.15), stroke_cap=ft.StrokeCap.ROUND,
                      style=ft.PaintingStyle.STROKE)
    roped = ft.Paint(color=line_colour, stroke_width=max(3.0, layout.unit * 0.1), stroke_cap=ft.StrokeCap.ROUND,
                     stroke_dash_pattern=[layout.unit * 0.18, layout.unit * 0.12], style=ft.PaintingStyle.STROKE)
    for line in board.fixed_lines():
        for a, b in zip(line, line[1:]):
            (x1, y1), (x2, y2) = centres[a], centres[b]
            shapes.append(cv.Line(x1, y1, x2, y2, paint=roped if tuple(sorted((a, b))) in rope_pairs else strong))
    if marks.chosen is not None and marks.candidates:
        hint = ft.Paint(color=CANDIDATE_COLOUR, stroke_width=max(3.0, layout.unit * 0.08),
                        stroke_cap=ft.StrokeCap.ROUND, stroke_dash_pattern=[6, 6], style=ft.PaintingStyle.STROKE)
        cx, cy = centres[marks.chosen]
        for cid in sorted(marks.candidates):
            x2, y2 = centres[cid]
            shapes.append(cv.Line(cx, cy, x2, y2, paint=hint))
    controls: list[ft.Control] = [_map_links(sheet=sheet, layout=layout),
                                  cv.Canvas(shapes=shapes, width=layout.width, height=layout.height)]
    for circle in sheet.circles:
        cid = circle.id
        x, y = centres[cid]
        controls.append(_circle(prefix, cid, circle.dangerous, cells.get(cid), zone_of.get(cid), cid in orphans,
                                cid in lined and line_colour, marks, d, x, y, on_tap, max_rules))
    badge = max(14.0, d * 0.36)
    for cid in sorted(orphans):
        x, y = centres[cid]
        width = badge * (1.6 if max_rules else 1)
        left = x + d * 0.5 - badge * 0.75
        if left + width > layout.width:
            # Max's wider "+3" on a circle at the right edge was cut off at 360 px: it goes to the circle's upper
            # left instead (pulled in, it covered the number on a small sheet).
            left = max(0.0, x - d * 0.5 + badge * 0.75 - width)
        controls.append(ft.Container(
            key=f"{prefix}-orphan-{cid}", left=left,
            top=y - d * 0.5 - badge * 0.25, width=width, height=badge, border_radius=badge / 2,
            bgcolor=ADVICE_COLOUR if max_rules else ft.Colors.SURFACE, alignment=ft.Alignment.CENTER,
            # The circle's own name says it ("orphan, +3 for Max"): ten bare "+3" were heard after the sheet.
            content=ft.Semantics(exclude_semantics=True, content=ft.Text(
                "+3", size=badge * 0.6, weight=ft.FontWeight.W_700, color="#FFFFFF", no_wrap=True)
                if max_rules else skull_icon(badge * 0.8, ft.Colors.ERROR, ft.Colors.SURFACE)),
        ))
    for cid, points in marks.expected:
        # A small green tag at the circle's upper left, away from the orphan's skull at its upper right.
        x, y = centres[cid]
        controls.append(ft.Container(
            left=x - d * 0.5 - badge * 0.35, top=y - d * 0.5 - badge * 0.35,
            content=ft.Semantics(exclude_semantics=True, content=ft.Container(
                key=f"{prefix}-expected-{cid}", height=badge, width=badge * 1.6, border_radius=badge / 2,
                bgcolor=ADVICE_COLOUR, border=ft.Border.all(1.5, ft.Colors.SURFACE), alignment=ft.Alignment.CENTER,
                content=ft.Text(points, size=badge * 0.6, weight=ft.FontWeight.W_700, color="#FFFFFF",
                                no_wrap=True)))))
    return ft.Container(
        key=f"{prefix}-sheet",
        width=layout.width,
        height=layout.height,
        content=ft.Stack(controls=controls, width=layout.width, height=layout.height),
    )


def zone_fill(index: int) -> tuple[str, ft.Gradient | None]:
    """The colour and (every other zone) stripe pattern of the zone drawn `index`-th."""
    colour = ZONE_COLOURS[index % len(ZONE_COLOURS)]
    pattern = index % 3
    if pattern == 0:
        return colour, None
    light = _mix(colour, "#FFFFFF", 0.55)
    if pattern == 1:  # diagonal stripes
        begin, end = ft.Alignment(-1, -1), ft.Alignment(-0.72, -0.72)
    else:  # vertical stripes
        begin, end = ft.Alignment(-1, 0), ft.Alignment(-0.78, 0)
    return colour, ft.LinearGradient(begin=begin, end=end, colors=[colour, colour, light, light],
                                     stops=[0.0, 0.55, 0.55, 1.0], tile_mode=ft.GradientTileMode.REPEATED)


def skull_icon(size: float, colour: str, hole: str) -> ft.Control:
    """A small skull (head, eye holes, nose, teeth) drawn in `colour`, holes in `hole`."""
    s = size
    ink = ft.Paint(color=colour, style=ft.PaintingStyle.FILL)
    gap = ft.Paint(color=hole, style=ft.PaintingStyle.FILL)
    thin = ft.Paint(color=hole, stroke_width=max(1.0, s * 0.05), style=ft.PaintingStyle.STROKE)
    shapes: list[cv.Shape] = [
        cv.Circle(s * 0.5, s * 0.42, s * 0.36, paint=ink),
        cv.Rect(s * 0.3, s * 0.55, s * 0.4, s * 0.3, border_radius=s * 0.08, paint=ink),
        cv.Circle(s * 0.36, s * 0.43, s * 0.1, paint=gap),
        cv.Circle(s * 0.64, s * 0.43, s * 0.1, paint=gap),
        cv.Path([cv.Path.MoveTo(s * 0.5, s * 0.55), cv.Path.LineTo(s * 0.45, s * 0.64),
                 cv.Path.LineTo(s * 0.55, s * 0.64), cv.Path.Close()], paint=gap),
        cv.Line(s * 0.43, s * 0.73, s * 0.43, s * 0.85, paint=thin),
        cv.Line(s * 0.5, s * 0.73, s * 0.5, s * 0.85, paint=thin),
        cv.Line(s * 0.57, s * 0.73, s * 0.57, s * 0.85, paint=thin),
    ]
    return ft.Semantics(exclude_semantics=True, content=cv.Canvas(shapes=shapes, width=s, height=s))


# --- internals ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Look:
    """Everything a circle's face shows; equal looks draw the same, so an unchanged circle is skipped."""

    key: str
    label: str
    d: float
    bgcolor: str | None
    zone: int | None
    border_colour: str
    border_width: float
    glow: str | None
    kind: str          # "empty", "number", "skull", "preview_skull"
    text: str
    text_colour: str
    strike: bool


def _circle(prefix: str, cid: CircleId, dangerous: bool, cell, zone: int | None, orphan: bool, line: str | bool,
            marks: Marks, d: float, x: float, y: float, on_tap: Callable[[CircleId], None] | None,
            max_rules: bool = False) -> ft.Control:
    key = f"{prefix}-circle-{cid}"
    legal = cid in marks.legal and cell is None
    candidate = cid in marks.candidates
    chosen = cid == marks.chosen
    bgcolor: str | None = ft.Colors.SURFACE
    shade = zone
    text_colour = ft.Colors.ON_SURFACE
    border_colour = ft.Colors.OUTLINE
    border_width = max(3.5, d * 0.1) if dangerous else 1.5
    if dangerous:
        border_colour = ft.Colors.ON_SURFACE
    if zone is not None:
        text_colour = _ZONE_TEXT
    if line:
        # A number in a Fixed Line wears the line's colour, so the line reads as one rope from afar; a
        # dangerous circle keeps its thick outline, only recoloured.
        border_colour = str(line)
        border_width = max(border_width, 3.0)
    if legal:
        # A faint tint and a ring: unlike any zone's shade. A dangerous circle keeps its own dark, thick ring
        # ('Dangerous terrain: circles marked by a thick outline'): in the same ring as the others, it was not
        # told apart just when a number over 6 would make it a skull.
        bgcolor = _LEGAL_TINT
        if not dangerous:
            border_colour = ft.Colors.PRIMARY
            border_width = max(border_width, 2.5)
    if chosen:
        bgcolor, shade = ft.Colors.PRIMARY, None
        text_colour = ft.Colors.ON_PRIMARY
        border_colour = ft.Colors.PRIMARY
    if candidate:
        border_colour = CANDIDATE_COLOUR
        border_width = max(border_width, 4.0)
    advised = cid == marks.advised
    flagged = cid in marks.flagged
    expects = dict(marks.expected).get(cid)
    if advised:
        border_colour = ADVICE_COLOUR
        border_width = max(border_width, 4.5)
    if flagged:
        border_colour = COSTLY_COLOUR
        border_width = max(border_width, 4.5)
    # What a screen reader says of the circle: what it holds, then each thing that marks it, a comma apart.
    kind, text = "empty", ""
    if chosen and marks.preview_skull:
        kind, said = "preview_skull", [_("about to get a skull")]
    elif chosen and marks.preview is not None:
        kind, text, said = "number", str(marks.preview), [_("about to get {number}").format(number=marks.preview)]
    elif cell == SKULL:
        # i18n: what a circle holds, read aloud: a skull
        bgcolor, shade, kind, said = ft.Colors.SURFACE_CONTAINER_HIGHEST, None, "skull", [_("skull")]
    elif cell is not None:
        kind, text = "number", str(cell)
        said = [str(cell)]
        if orphan and max_rules:
            # i18n: on Max's sheet, a number linked to no line and in no zone: his Special Bonus
            said.append(_("orphan, +3 for Max"))
        elif orphan:
            # i18n: a number linked to no line and in no zone (it costs points at the end)
            said.append(_("orphan"))
        if line:
            said.append(_("in a line"))
        if zone is not None:
            said.append(_("in a zone"))
    else:
        # i18n: a circle with nothing written in it, read aloud
        said = [_("empty")]
    if dangerous:
        said.append(_("dangerous (0 to 6)"))
    if legal:
        # i18n: a circle the number may be written in now
        said.append(_("playable"))
    if candidate:
        said.append(_("tap to link"))
    if advised:
        said.append(_("the coach's move"))
    elif expects is not None:
        # i18n: a circle read aloud during a hint: one of the coach's next best circles and the final score
        # it expects there
        said.append(_("the coach's next choice, expecting {points}").format(points=expects))
    if flagged:
        said.append(_("one of the costliest rounds"))
    glow = (CANDIDATE_COLOUR if candidate else ft.Colors.PRIMARY if chosen else ADVICE_COLOUR if advised
            else COSTLY_COLOUR if flagged else None)
    # i18n: a circle read aloud: its id, then what it holds and what marks it ("5, in a line, playable")
    label = _("Circle {circle}: {description}").format(circle=cid, description=", ".join(said))
    look = _Look(key, label, d, bgcolor, shade, border_colour, border_width, glow, kind, text,
                 text_colour, orphan and kind == "number" and not chosen)
    # The Stack places the outer box; the face inside is a memoized component, so a redraw after a move only
    # rebuilds the circles whose look changed.
    # An opaque disc under the face, so a tinted face never shows the links drawn beneath it.
    return ft.Container(left=x - d / 2, top=y - d / 2, width=d, height=d, shape=ft.BoxShape.CIRCLE,
                        bgcolor=ft.Colors.SURFACE, content=_face(look=look, on_tap=on_tap, cid=cid))


@ft.component
def _Face(look: _Look, on_tap: Callable[[CircleId], None] | None, cid: CircleId) -> ft.Control:
    """One circle: the semantics node (id and description for browser tests and screen readers) over the
    tappable disc."""
    d = look.d
    size = d * 0.46
    if look.kind == "preview_skull":
        content: ft.Control = skull_icon(d * 0.62, ft.Colors.ON_PRIMARY, ft.Colors.PRIMARY)
    elif look.kind == "skull":
        content = skull_icon(d * 0.62, ft.Colors.ON_SURFACE, ft.Colors.SURFACE_CONTAINER_HIGHEST)
    elif look.kind == "number":
        style = ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH, decoration_thickness=2.5,
                             decoration_color=ft.Colors.ERROR) if look.strike else None
        content = ft.Text(look.text, size=size, weight=ft.FontWeight.W_700, color=look.text_colour, style=style)
    else:
        content = ft.Container()
    bgcolor, gradient = (zone_fill(look.zone) if look.zone is not None else (look.bgcolor, None))
    shadow = None if look.glow is None else ft.BoxShadow(blur_radius=d * 0.3, spread_radius=d * 0.04,
                                                         color=look.glow)
    body = ft.Container(
        key=look.key,
        width=d,
        height=d,
        shape=ft.BoxShape.CIRCLE,
        bgcolor=bgcolor,
        gradient=gradient,
        border=ft.Border.all(look.border_width, look.border_colour),
        shadow=shadow,
        alignment=ft.Alignment.CENTER,
        content=ft.Semantics(exclude_semantics=True, content=content),
        on_click=(lambda: on_tap(cid)) if on_tap is not None else None,
        # With ink a tappable circle takes the keyboard's focus too (Tab to it, Enter or Space writes there).
        ink=on_tap is not None,
    )
    node = ft.Semantics(identifier=look.key, label=look.label, button=on_tap is not None, content=body)
    # A tappable circle is one node: merged with the tap area under it, its name is the button's, and a screen
    # reader's double tap writes the number (two nodes: a named one that did nothing, a nameless button).
    return ft.MergeSemantics(content=node) if on_tap is not None else node


_face = ft.memo(_Face)


@ft.component
def _MapLinks(sheet: Sheet, layout: SheetLayout) -> ft.Control:
    """The sheet's links, faint, under everything: the same for the whole game."""
    faint = ft.Paint(color=ft.Colors.OUTLINE_VARIANT, stroke_width=max(2.0, layout.unit * 0.05),
                     style=ft.PaintingStyle.STROKE)
    shapes = []
    for a, b in sheet.links:
        (x1, y1), (x2, y2) = layout.centres[a], layout.centres[b]
        shapes.append(cv.Line(x1, y1, x2, y2, paint=faint))
    return cv.Canvas(shapes=shapes, width=layout.width, height=layout.height)


_map_links = ft.memo(_MapLinks)


def _spacing(sheet: Sheet) -> float:
    """The distance drawn as one unit: the closest two circles' (so no circle covers another), or, where
    circles share a place (a sheet the app does not import, from an older game), the closest link's."""
    distance = closest_circles(sheet)[2]
    if distance > 1e-9:
        return distance
    points = drawn_positions(sheet)
    links = [math.dist(points[sheet.index[a]], points[sheet.index[b]]) for a, b in sheet.links]
    return min((d for d in links if d > 1e-9), default=1.0)


def _mix(colour: str, other: str, amount: float) -> str:
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02X}" for x, y in zip(a, b))
