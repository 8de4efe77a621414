"""The Freunde board drawn for a phone: spaces from the schematic layout, links, climbers, tents, highlights.

The positions come from `companion.games.freunde.layout.board_layout` (worked out from the links: no drawing
positions are published), so the drawing is schematic and says so under it. One `flet.canvas` draws the
links, the path of the move being planned and the tents; one tappable circle per space sits on top, with the
space's victory points inside, its entry cost (gold) and acclimatization modifier (blue or red) as badges,
and the climbers standing there beside it. Legal destinations get a ring and their movement cost; a space
where the climber may pass but not stop gets a red ring. Every number is the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import flet as ft
import flet.canvas as cv

from companion.games.freunde.data import Board, SpaceId, board_title
from companion.games.freunde.layout import LAYOUT_NOTE, BoardLayout, board_layout
from companion.games.freunde.rules import (
    ClimberLabel, PlayerIndex, Route, State, Weather, climber_name, space_words, stacking_limit, weather_in_force,
)
from companion.games.words import and_list
from companion.i18n import Message, _, ngettext, tr
from companion.ui.freunde.parts import ACCL_COLOUR, ZONE_COLOURS, ZONE_INK, signed, zone_label

__all__ = ["BoardMarks", "BoardGeometry", "geometry", "board_control", "draw_board", "board_legend", "unverified_note",
           "space_name", "space_title", "entry_cost_words"]

_DIAMETER = 36.0
_ROW = 52.0
_LEFT = 32.0          # room left of the leftmost spaces (for the cost pills)
_RIGHT = 46.0         # room right of the rightmost spaces (for the climbers standing there)
_TOP = 30.0           # room above the summit for its flag
_BOTTOM = 22.0
_PAWN = 17.0
_GOLD = "#F2B705"
_RED = "#C62828"
_MAX_WIDTH = 420.0


@dataclass(frozen=True)
class BoardMarks:
    """What to highlight: the climber being moved, where it can go (the engine's routes), the chosen space."""

    climber: tuple[PlayerIndex, ClimberLabel] | None = None
    routes: Mapping[SpaceId, Route] = field(default_factory=dict)
    target: SpaceId | None = None
    refused: SpaceId | None = None      # a space just tapped that the engine refused
    tapped: SpaceId | None = None       # a space whose facts are shown


@dataclass(frozen=True)
class BoardGeometry:
    """The drawing's size and each space's centre in pixels."""

    width: float
    height: float
    centres: Mapping[SpaceId, tuple[float, float]]
    layout: BoardLayout


def geometry(board: Board, width: float) -> BoardGeometry:
    """Pixel positions for the board in a box `width` px wide (a phone's column is about 358 px)."""
    layout = board_layout(board)
    width = max(280.0, min(width, _MAX_WIDTH))
    height = _TOP + _BOTTOM + (layout.rows - 1) * _ROW + _DIAMETER
    inner = width - _LEFT - _RIGHT
    centres = {space: (_LEFT + layout.x[space] * inner,
                       _TOP + _DIAMETER / 2 + layout.y(space) * (layout.rows - 1) * _ROW)
               for space in board.spaces}
    return BoardGeometry(width, height, centres, layout)


def board_control(
    state: State,
    colours: Sequence[str],
    *,
    width: float = 358,
    marks: BoardMarks = BoardMarks(),
    on_space: Callable[[SpaceId], None] | None = None,
    prefix: str = "fr",
) -> ft.Control:
    """The game's board: climbers, tents, today's costs and the marks; key `<prefix>-board`."""
    tents: dict[SpaceId, list[tuple[str, bool]]] = {}
    # Whose tents are pitched on a space is said with it: a team's tent gives its climbers +1, and "5 tents
    # pitched" said nothing of whose.
    tent_words: dict[SpaceId, list[str]] = {}
    standing: dict[SpaceId, list[tuple[PlayerIndex, ClimberLabel]]] = {}
    for index, player in enumerate(state.players):
        for climber in player.climbers:
            if climber.tent is not None:
                tents.setdefault(climber.tent, []).append((colours[index], climber.label == "B"))
                tent_words.setdefault(climber.tent, []).append(tr(climber_name(state, index, climber.label)))
            if climber.alive and climber.space is not None:
                standing.setdefault(climber.space, []).append((index, climber.label))
    # Who stands on a space is said with it ("…; Ann's climber A"): the pawns beside it were bare letters.
    here_words = {space: [tr(climber_name(state, player, label)) for player, label in here]
                  for space, here in standing.items()}
    start = None
    if marks.climber is not None:
        start = state.players[marks.climber[0]].climber(marks.climber[1]).space
    return draw_board(state.board, state.stacking.labels, width=width, weather=weather_in_force(state),
                      limit=lambda space: stacking_limit(state, space), standing=standing, tents=tents,
                      colours=colours, marks=marks, moving_from=start, on_space=on_space, prefix=prefix,
                      standing_words=here_words, tent_words=tent_words)


def draw_board(
    board: Board,
    labels: Mapping[int, str],
    *,
    width: float = 358,
    weather: Weather | None = None,
    limit: Callable[[SpaceId], int | None] | None = None,
    standing: Mapping[SpaceId, Sequence[tuple[PlayerIndex, ClimberLabel]]] | None = None,
    tents: Mapping[SpaceId, Sequence[tuple[str, bool]]] | None = None,
    colours: Sequence[str] = (),
    marks: BoardMarks = BoardMarks(),
    moving_from: SpaceId | None = None,
    on_space: Callable[[SpaceId], None] | None = None,
    prefix: str = "fr",
    standing_words: Mapping[SpaceId, Sequence[str]] | None = None,
    tent_words: Mapping[SpaceId, Sequence[str]] | None = None,
) -> ft.Control:
    """Any board as a Stack: links on a canvas, one tappable space each, climbers beside their spaces. A
    screen reader hears each space as one node: its facts, its state, whose tents are pitched on it
    (`tent_words`) and the climbers on it (`standing_words`); the badges, names and pawns drawn around it are not said again."""
    geo = geometry(board, width)
    standing = standing or {}
    tents = tents or {}
    shapes: list[cv.Shape] = []
    link = ft.Paint(color=ft.Colors.OUTLINE_VARIANT, stroke_width=3, style=ft.PaintingStyle.STROKE,
                    stroke_cap=ft.StrokeCap.ROUND)
    rows = geo.layout.row
    for a, b in board.edges:
        shapes.append(_link(geo, a, b, rows, link))
    target_route = marks.routes.get(marks.target) if marks.target else None
    if moving_from is not None and target_route is not None:
        path_paint = ft.Paint(color=ft.Colors.PRIMARY, stroke_width=5, style=ft.PaintingStyle.STROKE,
                              stroke_cap=ft.StrokeCap.ROUND)
        here = moving_from
        for step in target_route.path:
            shapes.append(_link(geo, here, step, rows, path_paint))
            here = step
    controls: list[ft.Control] = [cv.Canvas(shapes=shapes, width=geo.width, height=geo.height)]
    for space_id in board.spaces:
        controls.extend(_space(board, labels, geo, space_id, weather, limit, marks, moving_from, prefix, on_space,
                               tents.get(space_id, []), (standing_words or {}).get(space_id, ()),
                               (tent_words or {}).get(space_id, ())))
    for space_id, here in standing.items():
        controls.extend(_pawns(geo, space_id, list(here), colours, marks, space_id == board.base_camp, prefix))
    summit_x, summit_y = geo.centres[board.summit]
    controls.append(ft.Container(left=summit_x - 10, top=summit_y - _DIAMETER / 2 - 24, width=20, height=20,
                                 content=ft.Icon(ft.Icons.FLAG_ROUNDED, size=20, color=_RED)))
    return ft.Container(
        key=f"{prefix}-board",
        alignment=ft.Alignment.TOP_CENTER,
        content=ft.Container(width=geo.width, height=geo.height,
                             content=ft.Stack(controls=controls, width=geo.width, height=geo.height)),
    )


def board_legend(state: State, *, key: str = "fr-legend") -> ft.Control:
    """The zones' colours with the stacking limit each has in this game, and the honest note on the drawing."""
    count = len(state.players)
    items: list[ft.Control] = []
    for zone in sorted(ZONE_COLOURS, reverse=True):
        limit = state.stacking.limit(zone, count, state.setup.extra_high_climber)
        items.append(ft.Row(spacing=6, tight=True, controls=[
            ft.Container(width=14, height=14, border_radius=ft.BorderRadius.all(7), bgcolor=ZONE_COLOURS[zone],
                         border=ft.Border.all(1, ft.Colors.OUTLINE)),
            # i18n: a zone's stacking limit in the board's legend ("7000-8000 m: 2 per space")
            ft.Text(_("{zone}: {n} per space").format(zone=zone_label(state, zone), n=limit), size=12),
        ]))
    badges = ft.Row(wrap=True, spacing=12, run_spacing=4, controls=[
        # i18n: the board's legend: the gold badge is a space's entry cost
        _legend_badge(_GOLD, "2", ZONE_INK, _("entry cost")),
        # i18n: the board's legend: the blue badge is a space's acclimatization modifier
        _legend_badge(ACCL_COLOUR, "+1", "#FFFFFF", _("acclimatization")),
        ft.Row(spacing=4, tight=True, controls=[
            # i18n: the board's legend: a space's number is its victory points, shown with the example "1"
            ft.Text("1", size=13, weight=ft.FontWeight.W_700),
            ft.Text(ngettext("victory point", "victory points", 1), size=12)]),
    ])
    return ft.Container(
        key=key,
        padding=ft.Padding.symmetric(horizontal=12, vertical=10),
        border_radius=ft.BorderRadius.all(14),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        content=ft.Column(spacing=6, tight=True, controls=[
            ft.Text(_("Stacking at the end of a move (solo: 2-player limits); base camp has no limit") if count == 1
                    else ngettext("Stacking at the end of a move ({n} player); base camp has no limit",
                                  "Stacking at the end of a move ({n} players); base camp has no limit",
                                  count).format(n=count), size=12, weight=ft.FontWeight.W_600),
            ft.Row(wrap=True, spacing=12, run_spacing=4, controls=items),
            badges,
            *unverified_note(state, key=f"{key}-unverified"),
            ft.Text(_(LAYOUT_NOTE), key=f"{key}-note", size=11, italic=True, color=ft.Colors.ON_SURFACE_VARIANT),
        ]),
    )


# --- internals ------------------------------------------------------------------------------------------


def _link(geo: BoardGeometry, a: SpaceId, b: SpaceId, rows: Mapping[SpaceId, int], paint: ft.Paint) -> cv.Shape:
    (x1, y1), (x2, y2) = geo.centres[a], geo.centres[b]
    if rows[a] == rows[b] and abs(x1 - x2) > geo.width * 0.3:
        # A long link inside a row would run through the spaces between: bow it upwards instead.
        mid_x, lift = (x1 + x2) / 2, _ROW * 0.55
        return cv.Path([cv.Path.MoveTo(x1, y1), cv.Path.QuadraticTo(mid_x, y1 - lift * 2, x2, y2)], paint=paint)
    return cv.Line(x1, y1, x2, y2, paint=paint)


def _tent(colour: str, squiggly: bool) -> ft.Control:
    """A small tent in the owner's colour (the B climber's tent has a white pole), drawn inside its space."""
    w, h = 11.0, 9.0
    points = [cv.Path.MoveTo(0, h), cv.Path.LineTo(w / 2, 0), cv.Path.LineTo(w, h), cv.Path.Close()]
    shapes: list[cv.Shape] = [
        cv.Path(points, paint=ft.Paint(color=colour, style=ft.PaintingStyle.FILL)),
        cv.Path(points, paint=ft.Paint(color=ZONE_INK, stroke_width=1, style=ft.PaintingStyle.STROKE)),
    ]
    if squiggly:
        shapes.append(cv.Line(w / 2, 2.5, w / 2, h, paint=ft.Paint(color="#FFFFFF", stroke_width=1.6,
                                                                  style=ft.PaintingStyle.STROKE)))
    return cv.Canvas(shapes=shapes, width=w, height=h)


def _space(board: Board, labels: Mapping[int, str], geo: BoardGeometry, space_id: SpaceId, weather,
           limit_of: Callable[[SpaceId], int | None] | None, marks: BoardMarks, moving_from: SpaceId | None,
           prefix: str, on_space: Callable[[SpaceId], None] | None,
           tents: Sequence[tuple[str, bool]], climbers: Sequence[str] = (),
           pitched_by: Sequence[str] = ()) -> list[ft.Control]:
    space = board.space(space_id)
    x, y = geo.centres[space_id]
    d = _DIAMETER + (6 if space_id == board.summit else 0)
    route = marks.routes.get(space_id)
    target = space_id == marks.target
    bgcolor = ZONE_COLOURS.get(space.zone, "#EEEEEE")
    ink = ZONE_INK
    border_colour, border_width = ft.Colors.with_opacity(0.55, ZONE_INK), 1.0
    said = []
    if route is not None and route.stop:
        border_colour, border_width = ft.Colors.PRIMARY, 3.5
        said.append(_("reachable for {cost}").format(cost=route.cost))
    elif route is not None:
        border_colour, border_width = _RED, 3.5
        said.append(_("can be passed for {cost} but not stopped on").format(cost=route.cost))
    if space_id == moving_from:
        border_colour, border_width = ft.Colors.ON_SURFACE, 3.5
        said.append(_("the climber is here"))
    if space_id == marks.refused:
        border_colour, border_width = _RED, 3.5
    if space_id == marks.tapped and route is None and space_id != moving_from:
        border_colour, border_width = ft.Colors.TERTIARY, 3.5
    if target:
        bgcolor, ink = ft.Colors.PRIMARY, ft.Colors.ON_PRIMARY
        # i18n: read aloud: the space chosen as the climber's destination
        said.append(_("chosen"))
    surcharge = weather.surcharge(space.zone) if weather else 0
    # i18n: base camp in two letters, inside its circle on the board
    centre_text = _("BC") if space_id == board.base_camp else str(space.vp)
    body = ft.Container(
        key=f"{prefix}-space-{space_id}",
        width=d,
        height=d,
        shape=ft.BoxShape.CIRCLE,
        bgcolor=bgcolor,
        border=ft.Border.all(border_width, border_colour),
        shadow=ft.BoxShadow(blur_radius=10, color=ft.Colors.PRIMARY) if target else None,
        alignment=ft.Alignment.CENTER,
        on_click=(lambda: on_space(space_id)) if on_space is not None else None,
        ink=on_space is not None,       # focusable by keyboard too
        # Its points and tents are said by the label: not again after it.
        content=ft.Semantics(exclude_semantics=True, content=_space_face(centre_text, ink, tents)),
    )
    if tents and pitched_by:
        # i18n: a space read aloud: the tents on it and whose ("2 tents pitched, by Ann's climber A and Bob's
        # climber B")
        said.append(ngettext("{n} tent pitched, by {climbers}", "{n} tents pitched, by {climbers}",
                             len(tents)).format(n=len(tents), climbers=tr(and_list(pitched_by))))
    elif tents:
        said.append(ngettext("{n} tent pitched", "{n} tents pitched", len(tents)).format(n=len(tents)))
    if climbers:
        said.append(tr(and_list(climbers)))
    limit = limit_of(space_id) if limit_of is not None else None
    # i18n: a space read aloud: "S5: 6000-7000 m, 4 victory points, entry cost 2, acclimatization −1"
    label = ngettext("{space}: {zone}, {n} victory point, entry cost {cost}, acclimatization {modifier}",
                     "{space}: {zone}, {n} victory points, entry cost {cost}, acclimatization {modifier}",
                     space.vp).format(space=space_title(board, space_id),
                                      zone=zone_label(labels, space.zone), n=space.vp,
                                      cost=entry_cost_words(space.cost, surcharge), modifier=signed(space.accl))
    if limit is not None:
        # i18n: a space read aloud, then how many climbers it holds at the end of a move
        label = _("{space}, holds {n}").format(space=label, n=limit)
    if said:
        # i18n: a space read aloud, then its state now ("reachable for 2, 1 tent pitched"); French spaces the ";"
        label = _("{space}; {state}").format(space=label, state=", ".join(said))
    node = ft.Semantics(identifier=f"{prefix}-space-{space_id}", label=label, button=on_space is not None, content=body)
    # A tappable space is one node with its tap (else the tap is a nameless button of its own).
    out: list[ft.Control] = [ft.Container(left=x - d / 2, top=y - d / 2, width=d, height=d,
                                          content=ft.MergeSemantics(content=node) if on_space is not None else node)]
    # Entry cost (gold, top right): with today's surcharge added, in red, when the weather slows this zone.
    cost = space.cost + surcharge
    out.append(_badge(x + d / 2 - 8, y - d / 2 - 5, str(cost), _RED if surcharge else _GOLD,
                      "#FFFFFF" if surcharge else ZONE_INK))
    if space.accl:
        out.append(_badge(x - d / 2 - 6, y + d / 2 - 11, signed(space.accl).replace("±", ""),
                          ACCL_COLOUR if space.accl > 0 else _RED, "#FFFFFF", wide=True))
    # Up to two lines 64 px wide: "camp de base" or "Basislager" under its circle.
    out.append(ft.Container(left=x - 32, top=y + d / 2 - 1, width=64, alignment=ft.Alignment.TOP_CENTER,
                            content=ft.Semantics(exclude_semantics=True, content=ft.Text(
                                _short(space_id), size=9, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=2,
                                text_align=ft.TextAlign.CENTER))))
    if route is not None and not target:
        pill = _RED if not route.stop else ft.Colors.PRIMARY
        text = str(route.cost)
        out.append(ft.Container(
            key=f"{prefix}-cost-{space_id}",
            left=x - d / 2 - 24, top=y - 9, width=22, height=18, border_radius=ft.BorderRadius.all(9),
            bgcolor=pill, alignment=ft.Alignment.CENTER,
            content=ft.Semantics(exclude_semantics=True, content=ft.Text(
                text, size=11, weight=ft.FontWeight.W_700,
                color="#FFFFFF" if not route.stop else ft.Colors.ON_PRIMARY)),
        ))
    return out


def _space_face(text: str, ink, tents: Sequence[tuple[str, bool]]) -> ft.Control:
    """The victory points (or BC) in the circle, with the tents pitched there in a row under them."""
    number = ft.Text(text, size=12 if not text.isdigit() or tents else 15, weight=ft.FontWeight.W_700, color=ink)
    if not tents:
        return number
    return ft.Column(spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER,
                     horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                         number, ft.Row([_tent(c, b) for c, b in tents[:3]], spacing=1, tight=True)])


def _pawns(geo: BoardGeometry, space_id: SpaceId, here: list[tuple[PlayerIndex, ClimberLabel]],
           colours: Sequence[str], marks: BoardMarks, base: bool, prefix: str) -> list[ft.Control]:
    from companion.ui.freunde.parts import pawn

    x, y = geo.centres[space_id]

    def fits(count: int) -> bool:
        return x + _DIAMETER / 2 + 8 + count * (_PAWN + 1) <= geo.width

    columns = 5 if base else (2 if len(here) <= 4 else 3)
    if not fits(columns):
        columns = 1 if fits(1) else columns    # at the right edge: one column, still on the right
    out = []
    for n, (player, label) in enumerate(here):
        col, row = n % columns, n // columns
        # Right of the space, clear of its cost badge (top right); a space at the right edge takes them left.
        left = x + _DIAMETER / 2 + 8 + col * (_PAWN + 1)
        top = y - _PAWN + 2 + row * (_PAWN + 1)
        if not fits(columns):
            left = x - _DIAMETER / 2 - 8 - (col + 1) * (_PAWN + 1)
        ring = marks.climber == (player, label)
        out.append(ft.Container(key=f"{prefix}-pawn-{player}-{label}", left=left, top=top,
                                content=ft.Semantics(exclude_semantics=True,
                                                     content=pawn(colours[player], label, size=_PAWN, ring=ring))))
    return out


def _badge(left: float, top: float, text: str, colour: str, ink: str, *, wide: bool = False) -> ft.Control:
    return ft.Container(left=left, top=top, width=20 if wide else 16, height=16,
                        border_radius=ft.BorderRadius.all(8), bgcolor=colour, alignment=ft.Alignment.CENTER,
                        border=ft.Border.all(1, "#FFFFFF"),
                        content=ft.Semantics(exclude_semantics=True,
                                             content=ft.Text(text, size=10, weight=ft.FontWeight.W_700, color=ink)))


def unverified_note(state: State, *, key: str) -> list[ft.Control]:
    """The warning that the game's board was read by eye from an image (nothing for a verified board)."""
    if state.board.verified:
        return []
    return [ft.Text(_("{board}: unverified, read by eye from a board image; where your board differs, trust your "
                      "board.").format(board=tr(board_title(state.board.id, state.board.title))),
                    key=key, size=12, color=ft.Colors.ERROR)]


def _legend_badge(colour: str, text: str, ink: str, meaning: str) -> ft.Control:
    return ft.Row(spacing=4, tight=True, controls=[
        ft.Container(width=20, height=16, border_radius=ft.BorderRadius.all(8), bgcolor=colour,
                     alignment=ft.Alignment.CENTER,
                     content=ft.Text(text, size=10, weight=ft.FontWeight.W_700, color=ink)),
        ft.Text(meaning, size=12),
    ])


def entry_cost_words(cost: int, surcharge: int) -> str:
    """A space's entry cost today: "3", or "3 + 1 weather today" while the weather slows its zone (the board's
    red badge shows the sum)."""
    # i18n: a space's entry cost with today's weather surcharge: "3 + 1 weather today"
    return _("{cost} + {surcharge} weather today").format(cost=cost, surcharge=surcharge) if surcharge else str(cost)


def space_name(board: Board, space: SpaceId | None) -> str:
    """A space as the players say it (the engine's `space_words`), in the player's language; "—" for none.
    A printed id is said as printed: looked up in the catalogs, the winter board's "L" was said "P" in Polish
    (the letter of a game lost), the name of another space."""
    if space is None:
        return "—"
    words = space_words(board, space)
    return str(tr(words)) if isinstance(words, Message) else str(words)


def space_title(board: Board, space: SpaceId) -> str:
    """`space_name` at the start of a label: base camp and the summit with a capital ("Base camp"); a printed
    id exactly as printed, for the winter board's "j" and "J" are two spaces (and looked up as words, its "L"
    was read as the French "D" of a game lost)."""
    words = space_words(board, space)
    if isinstance(words, Message):
        text = str(tr(words))
        return text[:1].upper() + text[1:]
    return str(words)


def _short(space_id: SpaceId) -> str:
    if space_id == "BASE_CAMP":
        return _("base camp")
    if space_id in ("SUMMIT", "A_SUMMIT"):
        # i18n: the summit's name under its circle on the board
        return _("summit")
    return space_id
