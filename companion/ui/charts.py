"""Charts and number displays for History and Statistics, drawn with Flet's own controls.

The scores-over-time line is drawn on an `ft.canvas.Canvas` that redraws at its measured width; bars are
plain containers in rows, so they fit any screen width without measuring. Every chart carries a spoken
summary (ft.Semantics label) with the numbers it shows, for screen readers and browser tests.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import flet as ft
import flet.canvas as cv

from companion.stats import Bin, ExpeditionStars, Outcome

__all__ = [
    "WIN_COLOUR",
    "SHARED_COLOUR",
    "LOSS_COLOUR",
    "panel",
    "figure",
    "figure_row",
    "form_dots",
    "percent",
    "number",
    "ScoreLine",
    "histogram_chart",
    "bar_list",
    "stars_chart",
]

WIN_COLOUR = "#2E7D32"
SHARED_COLOUR = "#00838F"
LOSS_COLOUR = "#9E9E9E"
_STAR_COLOURS = {"summit": "#C2571A", "race": "#3F51B5", "record": "#8D6E00"}
_STAR_LABELS = {"summit": "Summit", "race": "Race", "record": "Record"}


def panel(controls: Sequence[ft.Control], *, key: str | None = None, spacing: int = 10) -> ft.Control:
    """The app's rounded panel (as on Settings and History) holding a column of controls."""
    return ft.Container(
        key=key,
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=16,
        content=ft.Column(list(controls), spacing=spacing, tight=True,
                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
    )


def percent(rate: float | None) -> str:
    """A rate from 0 to 1 as a whole percentage, '—' when there is none."""
    return "—" if rate is None else f"{round(rate * 100)}%"


def number(value: float | None, *, places: int = 1) -> str:
    """A count or average for people: whole numbers plain, others to `places` decimals, '—' for none."""
    if value is None:
        return "—"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.{places}f}"


def figure(value: str, caption: str, *, key: str | None = None, emphasis: bool = False) -> ft.Control:
    """One number with its caption underneath, as a small tile (wins, win rate, best ...)."""
    return ft.Container(
        expand=1,
        padding=ft.Padding.symmetric(horizontal=8, vertical=10),
        border_radius=ft.BorderRadius.all(12),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if emphasis else ft.Colors.SURFACE_CONTAINER,
        content=ft.Column(
            spacing=2,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.Text(value, key=key, size=20, weight=ft.FontWeight.W_700, text_align=ft.TextAlign.CENTER,
                        color=ft.Colors.ON_PRIMARY_CONTAINER if emphasis else None),
                ft.Text(caption, size=12, text_align=ft.TextAlign.CENTER, max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        color=ft.Colors.ON_PRIMARY_CONTAINER if emphasis else ft.Colors.ON_SURFACE_VARIANT),
            ],
        ),
    )


def figure_row(figures: Sequence[ft.Control]) -> ft.Control:
    """Tiles side by side, equal widths."""
    return ft.Row(list(figures), spacing=8)


def form_dots(form: Sequence[Outcome], *, key: str | None = None, size: int = 24) -> ft.Control:
    """Recent form as lettered dots, newest on the left: W (won), S (shared win), L (lost)."""
    words = {Outcome.WIN: "won", Outcome.SHARED: "shared win", Outcome.LOSS: "lost", Outcome.SOLO: "played alone"}
    colours = {Outcome.WIN: WIN_COLOUR, Outcome.SHARED: SHARED_COLOUR, Outcome.LOSS: LOSS_COLOUR,
               Outcome.SOLO: LOSS_COLOUR}
    spoken = "Recent form, newest first: " + (", ".join(words[o] for o in form) if form else "no games yet")
    dots = [
        ft.Container(
            width=size, height=size, border_radius=ft.BorderRadius.all(size / 2), bgcolor=colours[o],
            alignment=ft.Alignment.CENTER,
            content=ft.Text(o.letter, size=size * 0.5, weight=ft.FontWeight.W_700, color=ft.Colors.WHITE),
        )
        for o in form
    ]
    if not dots:
        dots = [ft.Text("—", color=ft.Colors.ON_SURFACE_VARIANT)]
    return ft.Semantics(label=spoken, exclude_semantics=True,
                        content=ft.Row(dots, key=key, spacing=4, tight=True))


@ft.component
def ScoreLine(values: list[float], outcomes: list[Outcome], first: str, last: str, colour: str,
              lower_is_better: bool = False, key: str | None = None, height: int = 170) -> ft.Control:
    """Scores over time: one point per game, oldest on the left, wins drawn as larger filled dots."""
    width, set_width = ft.use_state(300.0)
    page = ft.context.page
    dark = page.theme_mode == ft.ThemeMode.DARK or (
        page.theme_mode in (None, ft.ThemeMode.SYSTEM) and page.platform_brightness == ft.Brightness.DARK)
    ink = "#B0BEC5" if dark else "#607D8B"
    grid = "#37474F" if dark else "#E0E6EA"
    left, right, top, bottom = 34.0, 10.0, 10.0, 22.0
    low, high, step = _axis(values)
    plot_w, plot_h = max(width - left - right, 10.0), height - top - bottom

    def x_at(n: int) -> float:
        return left + (plot_w / 2 if len(values) == 1 else plot_w * n / (len(values) - 1))

    def y_at(v: float) -> float:
        return top + plot_h * (1 - (v - low) / (high - low))

    shapes: list[cv.Shape] = []
    for tick in _ticks(low, high, step):
        y = y_at(tick)
        shapes.append(cv.Line(left, y, left + plot_w, y, paint=ft.Paint(color=grid, stroke_width=1)))
        shapes.append(cv.Text(left - 6, y, number(tick), alignment=ft.Alignment.CENTER_RIGHT,
                              style=ft.TextStyle(size=10, color=ink)))
    if len(values) > 1:
        shapes.append(cv.Path(
            [cv.Path.MoveTo(x_at(0), y_at(values[0])),
             *(cv.Path.LineTo(x_at(n), y_at(v)) for n, v in enumerate(values[1:], 1))],
            paint=ft.Paint(color=colour, stroke_width=2.5, style=ft.PaintingStyle.STROKE,
                           stroke_join=ft.StrokeJoin.ROUND, stroke_cap=ft.StrokeCap.ROUND),
        ))
    for n, (v, o) in enumerate(zip(values, outcomes)):
        won = o.won
        shapes.append(cv.Circle(x_at(n), y_at(v), 5 if won else 3.5,
                                paint=ft.Paint(color=colour if won else ft.Colors.SURFACE,
                                               style=ft.PaintingStyle.FILL)))
        if not won:
            shapes.append(cv.Circle(x_at(n), y_at(v), 3.5,
                                    paint=ft.Paint(color=colour, stroke_width=2, style=ft.PaintingStyle.STROKE)))
    shapes.append(cv.Text(left, height - 4, first, alignment=ft.Alignment.BOTTOM_LEFT,
                          style=ft.TextStyle(size=10, color=ink)))
    if len(values) > 1:
        shapes.append(cv.Text(left + plot_w, height - 4, last, alignment=ft.Alignment.BOTTOM_RIGHT,
                              style=ft.TextStyle(size=10, color=ink)))

    def resized(e: cv.CanvasResizeEvent) -> None:
        if e.width and abs(e.width - width) >= 1:
            set_width(e.width)

    direction = " (lower is better)" if lower_is_better else ""
    spoken = (f"Scores over time{direction}, oldest first: " + ", ".join(number(v) for v in values)
              + f". From {first} to {last}.")
    return ft.Semantics(
        label=spoken,
        exclude_semantics=True,
        content=ft.Container(
            key=key,
            height=height,
            content=cv.Canvas(shapes=shapes, expand=True, on_resize=resized, resize_interval=50),
        ),
    )


def histogram_chart(bins: Sequence[Bin], colour: str, *, key: str | None = None, height: int = 120) -> ft.Control:
    """A score distribution: one bar per score range, its count on top and the range underneath."""
    tallest = max((b.count for b in bins), default=0) or 1
    columns = []
    for b in bins:
        label = str(b.low) if b.low == b.high else f"{b.low}–{b.high}"
        bar_height = max(2, round(height * b.count / tallest)) if b.count else 2
        columns.append(ft.Column(
            expand=1,
            spacing=2,
            alignment=ft.MainAxisAlignment.END,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.Text(str(b.count) if b.count else "", size=11, color=ft.Colors.ON_SURFACE_VARIANT),
                ft.Container(height=bar_height, bgcolor=colour if b.count else ft.Colors.OUTLINE_VARIANT,
                             border_radius=ft.BorderRadius.only(top_left=4, top_right=4)),
                ft.Text(label, size=9, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1, no_wrap=True,
                        overflow=ft.TextOverflow.VISIBLE),
            ],
        ))
    spoken = "Score distribution: " + "; ".join(
        f"{b.count} game{'s' if b.count != 1 else ''} from {b.low} to {b.high}" for b in bins if b.count)
    return ft.Semantics(label=spoken, exclude_semantics=True,
                        content=ft.Container(key=key, height=height + 36,
                                             content=ft.Row(columns, spacing=4,
                                                            vertical_alignment=ft.CrossAxisAlignment.END)))


def bar_list(rows: Sequence[tuple[str, float, str, str]], *, key: str | None = None) -> ft.Control:
    """Horizontal bars, one per row of (label, value, colour, value as text), longest value full width."""
    longest = max((value for _, value, _, _ in rows), default=0) or 1
    lines = []
    for label, value, colour, text in rows:
        share = max(0.0, value / longest)
        filled = round(share * 1000)
        lines.append(ft.Column(spacing=4, tight=True, controls=[
            ft.Row([ft.Text(label, size=13, expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                    ft.Text(text, size=13, weight=ft.FontWeight.W_600)]),
            ft.Container(
                height=10, border_radius=ft.BorderRadius.all(5), bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                content=ft.Row(spacing=0, controls=[
                    *([ft.Container(expand=filled, bgcolor=colour, border_radius=ft.BorderRadius.all(5))]
                      if filled else []),
                    *([ft.Container(expand=1000 - filled)] if filled < 1000 else []),
                ]),
            ),
        ]))
    spoken = "; ".join(f"{label}: {text}" for label, _, _, text in rows)
    return ft.Semantics(label=spoken, exclude_semantics=True, content=ft.Column(lines, key=key, spacing=10))


def stars_chart(entries: Sequence[ExpeditionStars], *, key: str | None = None, height: int = 120) -> ft.Control:
    """Stars per Expedition: one stacked column per Expedition (Summit, Race and Record stars), oldest left."""
    totals = [max(e.stars, sum(e.by_kind.values())) for e in entries]
    tallest = max(totals, default=0) or 1
    unit = height / tallest
    columns = []
    for n, (entry, total) in enumerate(zip(entries, totals), 1):
        parts = [(kind, entry.by_kind.get(kind, 0)) for kind in ("record", "race", "summit")]
        other = total - sum(count for _, count in parts)
        segments = [ft.Container(height=max(1, round(count * unit)), bgcolor=_STAR_COLOURS[kind])
                    for kind, count in parts if count > 0]
        if other > 0:
            segments.insert(0, ft.Container(height=round(other * unit), bgcolor=ft.Colors.OUTLINE))
        columns.append(ft.Column(
            expand=1, spacing=2, alignment=ft.MainAxisAlignment.END,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.Text(str(entry.stars), size=11, weight=ft.FontWeight.W_600),
                ft.Container(
                    width=28, border_radius=ft.BorderRadius.only(top_left=6, top_right=6),
                    clip_behavior=ft.ClipBehavior.ANTI_ALIAS,
                    content=ft.Column(segments or [ft.Container(height=2, bgcolor=ft.Colors.OUTLINE_VARIANT)],
                                      spacing=0, tight=True),
                ),
                ft.Text(f"#{n}", size=10, color=ft.Colors.ON_SURFACE_VARIANT),
            ],
        ))
    legend = ft.Row(wrap=True, spacing=12, controls=[
        ft.Row(tight=True, spacing=4, controls=[
            ft.Container(width=10, height=10, border_radius=ft.BorderRadius.all(2), bgcolor=_STAR_COLOURS[kind]),
            ft.Text(_STAR_LABELS[kind], size=12, color=ft.Colors.ON_SURFACE_VARIANT)])
        for kind in ("summit", "race", "record")
    ])
    spoken = "Stars per Expedition, oldest first: " + "; ".join(
        f"Expedition {n}: {e.stars} stars ({', '.join(f'{c} {k}' for k, c in e.by_kind.items())})"
        for n, e in enumerate(entries, 1))
    return ft.Semantics(label=spoken, exclude_semantics=True, content=ft.Column(key=key, spacing=8, controls=[
        ft.Container(height=height + 36, content=ft.Row(columns, spacing=6,
                                                        vertical_alignment=ft.CrossAxisAlignment.END)),
        legend,
    ]))


def _axis(values: Sequence[float]) -> tuple[float, float, float]:
    """A y range on round numbers that holds every value, and its grid step: (low, high, step)."""
    if not values:
        return 0.0, 1.0, 1.0
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 5, high + 5
    step = _step(low, high)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def _step(low: float, high: float) -> float:
    raw = (high - low) / 4
    magnitude = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return max(1.0, factor * magnitude)
    return 10 * magnitude


def _ticks(low: float, high: float, step: float) -> list[float]:
    count = round((high - low) / step)
    return [low + n * step for n in range(count + 1)]
