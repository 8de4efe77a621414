"""Charts and number displays for History and Statistics.

The three charts (scores over time, score distribution, stars per Expedition) are flet_charts controls,
`LineChart` and `BarChart`, which the Flutter client draws at whatever width the screen gives them. Their
text, grid and frame take the theme's colour roles, so the same chart reads in light and dark. Read aloud,
a chart would be a string of axis numbers, so each one is wrapped in a spoken summary holding every number
it shows, and small text rows under it give the legend and the headline figures in words.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import flet as ft
import flet_charts as fc

from companion.games.words import MINUS, clauses
from companion.i18n import N_, _, format_number, format_percent, ngettext, tr
from companion.store.stats import Bin, ExpeditionStars, Outcome
from companion.ui.common.widgets import first_capital, labelled_value, surface

__all__ = [
    "WIN_COLOUR",
    "SHARED_COLOUR",
    "LOSS_COLOUR",
    "STAR_KINDS",
    "panel",
    "figure",
    "figure_row",
    "form_dots",
    "percent",
    "number",
    "ScoreSeries",
    "score_chart",
    "histogram_chart",
    "bar_list",
    "stars_chart",
]

# White letters on each read at 4.5:1 at least (a grey of #9E9E9E gave the "L" 2.7:1).
WIN_COLOUR = "#2E7D32"
SHARED_COLOUR = "#00838F"
LOSS_COLOUR = "#707070"
# The kinds of Expedition star in the order they are stacked, bottom up (rulebook, Earn a Reputation).
STAR_KINDS = ("summit", "race", "record")
# i18n: the kinds of Reputation star of an Expedition (rulebook, Earn a Reputation)
_STAR_LABELS = {"summit": N_("Summit"), "race": N_("Race"), "record": N_("Record")}
# Theme roles rather than fixed colours: the client picks the light or dark shade of each.
_STAR_COLOURS = {"summit": ft.Colors.PRIMARY, "race": ft.Colors.TERTIARY, "record": ft.Colors.SECONDARY}
_OTHER_STARS = ft.Colors.OUTLINE
_INK = ft.Colors.ON_SURFACE_VARIANT
_GRID = ft.Colors.OUTLINE_VARIANT
_FRAME = ft.Colors.OUTLINE
_OUTCOME_WORDS = {
    # i18n: the outcome of one game (a dot of the recent form or of a score chart): it was won
    Outcome.WIN: N_("won"),
    Outcome.SHARED: N_("shared win"),
    # i18n: the outcome of one game (a dot of the recent form or of a score chart): it was lost
    Outcome.LOSS: N_("lost"),
    Outcome.SOLO: N_("played alone"),
}
# The letters of the form guide (its legend: "W won · S shared win · L lost").
_OUTCOME_LETTERS = {
    # i18n: one letter in a player's recent form: a game won
    Outcome.WIN: N_("W"),
    # i18n: one letter in a player's recent form: a win shared with another player
    Outcome.SHARED: N_("S"),
    # i18n: one letter in a player's recent form: a game lost
    Outcome.LOSS: N_("L"),
}
# How many of what a histogram counts, by what it counts ("games" or "scores").
_COUNTED = {
    "games": lambda n: ngettext("{n} game", "{n} games", n).format(n=n),
    "scores": lambda n: ngettext("{n} score", "{n} scores", n).format(n=n),
}


def panel(controls: Sequence[ft.Control], *, key: str | None = None, spacing: int = 10) -> ft.Control:
    """The app's rounded panel (as on Settings and History) holding a column of controls."""
    return surface(ft.Column(list(controls), spacing=spacing, tight=True,
                             horizontal_alignment=ft.CrossAxisAlignment.STRETCH), key=key)


def percent(rate: float | None) -> str:
    """A rate from 0 to 1 as a whole percentage, '—' when there is none."""
    return "—" if rate is None else format_percent(rate)


def number(value: float | None, *, places: int = 1) -> str:
    """A count or average for people: whole numbers plain, others to `places` decimals, '—' for none; a negative
    one with the printed minus sign ("−4"), as the sheet and the breakdown write it."""
    if value is None:
        return "—"
    if float(value).is_integer():
        return str(int(value)).replace("-", MINUS)
    return format_number(value, places, group=False).replace("-", MINUS)


def figure(value: str, caption: str, *, key: str | None = None, emphasis: bool = False) -> ft.Control:
    """One number with its caption underneath, as a small tile (wins, win rate, best ...). A screen reader hears
    the tile as one "Best (lowest): 12": the number drawn above its caption was heard before it, apart from it,
    a row of tiles as "1, 1, Best (lowest), Average"."""
    return ft.Semantics(label=labelled_value(caption, value), exclude_semantics=True, expand=1, content=ft.Container(
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
                # Up to three lines: a caption may be one long word in German or Polish ("Strafpunkte"), or a
                # phrase in a third of a phone's card ("Victoires, dont 2 ex æquo").
                ft.Text(caption, size=12, text_align=ft.TextAlign.CENTER, max_lines=3,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        color=ft.Colors.ON_PRIMARY_CONTAINER if emphasis else ft.Colors.ON_SURFACE_VARIANT),
            ],
        ),
    ))


def figure_row(figures: Sequence[ft.Control]) -> ft.Control:
    """Tiles side by side, equal widths."""
    return ft.Row(list(figures), spacing=8)


def form_dots(form: Sequence[Outcome], *, key: str | None = None, size: int = 24) -> ft.Control:
    """Recent form as lettered dots, newest on the left: W (won), S (shared win), L (lost)."""
    colours = {Outcome.WIN: WIN_COLOUR, Outcome.SHARED: SHARED_COLOUR, Outcome.LOSS: LOSS_COLOUR,
               Outcome.SOLO: LOSS_COLOUR}
    spoken = (_("Recent form, newest first: {results}").format(results=", ".join(_(_OUTCOME_WORDS[o]) for o in form))
              # Games played alone are not in the form: a player who has played only those has none yet.
              if form else _("Recent form, newest first: no game against anyone yet"))
    dots: list[ft.Control] = [
        ft.Container(
            width=size, height=size, border_radius=ft.BorderRadius.all(size / 2), bgcolor=colours[o],
            alignment=ft.Alignment.CENTER,
            content=ft.Text(_(_OUTCOME_LETTERS[o]) if o in _OUTCOME_LETTERS else o.letter, size=size * 0.5,
                            weight=ft.FontWeight.W_700, color=ft.Colors.WHITE),
        )
        for o in form
    ]
    if not dots:
        dots = [ft.Text("—", color=ft.Colors.ON_SURFACE_VARIANT)]
    return ft.Semantics(label=spoken, exclude_semantics=True,
                        content=ft.Row(dots, key=key, spacing=4, tight=True))




@dataclass(frozen=True)
class ScoreSeries:
    """One line of a scores-over-time chart: whose it is, its colour, and its games as (slot, score, outcome),
    a slot being the game's place on the chart's shared time axis (0 = the oldest game shown)."""

    name: str
    colour: str
    points: tuple[tuple[int, float, Outcome], ...]


def score_chart(series: Sequence[ScoreSeries], dates: Sequence[str], *, unit: str, lower_is_better: bool = False,
                first_game: int = 1, key: str | None = None, height: int = 210) -> ft.Control:
    """Scores over time: a line per player across the games shown, oldest on the left, wins as larger filled
    dots; `dates[slot]` is the date of each game shown and `first_game` the number of the oldest one. `unit` is
    what the scores count (`stats.score_unit`), said in the language in force."""
    unit = str(tr(unit))
    slots = max(len(dates), 1)
    low, high, step = _axis([score for line in series for _, score, _ in line.points])
    lines = []
    for line in series:
        runs = _runs(line.points)
        # A player's games next to each other on the axis are joined by a line; across games they did not play
        # (another player's, on a chart of several) by a thin dashed one: joined as the others, the line ran
        # through the other player's dot there, read as a score of theirs.
        for run in runs:
            lines.append(fc.LineChartData(
                color=line.colour, stroke_width=2.5, rounded_stroke_cap=True, rounded_stroke_join=True,
                points=[fc.LineChartDataPoint(
                    x, score, point=_dot(line.colour, outcome),
                    tooltip=fc.LineChartDataPointTooltip(
                        text=_("{name}: {score}").format(name=line.name, score=number(score))
                        + f"\n{_at(dates, x)} · {_(_OUTCOME_WORDS[outcome])}",
                        text_style=_tip_style()))
                    for x, score, outcome in run],
            ))
        for before, after in zip(runs, runs[1:]):
            lines.append(fc.LineChartData(
                color=line.colour, stroke_width=1.5, dash_pattern=[4, 4],
                points=[fc.LineChartDataPoint(x, score, point=False, show_tooltip=False)
                        for x, score, _ in (before[-1], after[0])]))
    # A label on every game would collide on a phone: about six numbers, always the first and the last.
    every = max(1, math.ceil(slots / 6))
    numbered = [x for x in range(0, slots, every) if slots - 1 - x >= every / 2 or x == slots - 1]
    if slots - 1 not in numbered:
        numbered.append(slots - 1)
    span = (dates[0] if len(dates) < 2 or dates[0] == dates[-1]
            else _("{first} to {last}").format(first=dates[0], last=dates[-1]))
    chart = fc.LineChart(
        key=key, height=height, data_series=lines,
        # A quarter step beyond the round numbers: a game's dot at the lowest score was drawn on the frame,
        # over the games' numbers under it (and one at the highest on the top edge).
        min_x=0, max_x=max(slots - 1, 1), min_y=low - step / 4, max_y=high + step / 4,
        horizontal_grid_lines=fc.ChartGridLines(interval=step, color=_GRID, width=1),
        border=_frame(),
        left_axis=_value_axis(low, high, step, unit[:1].upper() + unit[1:]),
        bottom_axis=fc.ChartAxis(
            title=_axis_title(_("Game · {span}").format(span=span) if span else _("Game")), title_size=20,
            label_spacing=1, label_size=20,
            labels=[fc.ChartAxisLabel(value=x, label=_axis_text(str(first_game + x))) for x in numbered]),
        tooltip=fc.LineChartTooltip(bgcolor=ft.Colors.INVERSE_SURFACE, border_radius=ft.BorderRadius.all(8),
                                    fit_inside_horizontally=True, fit_inside_vertically=True, max_width=200),
    )

    def facts(line: ScoreSeries) -> str:
        scores = [score for _, score, _ in line.points]
        best = min(scores) if lower_is_better else max(scores)
        return ngettext("{n} game, best {best}, latest {latest}", "{n} games, best {best}, latest {latest}",
                        len(scores)).format(n=len(scores), best=number(best), latest=number(scores[-1]))

    rows: list[ft.Control] = []
    if len(series) == 1:
        rows.append(_legend_text(first_capital(facts(series[0])), key=f"{key}-summary" if key else None))
    else:
        rows.extend(_legend_row(line.colour, _("{name}: {facts}").format(name=line.name, facts=facts(line)),
                                key=f"{key}-legend-{n}" if key else None) for n, line in enumerate(series))
    outcomes = {outcome for line in series for _x, _s, outcome in line.points}
    alone = Outcome.SOLO in outcomes
    legend = []
    if not alone or outcomes & {Outcome.WIN, Outcome.SHARED}:
        legend.append(_legend_item(_dot_swatch(Outcome.WIN), _("won")))
    if not alone or Outcome.LOSS in outcomes:
        legend.append(_legend_item(_dot_swatch(Outcome.LOSS), _("not won")))
    if alone:
        # A game with nobody to beat is neither won nor lost (a solo Trek 12 Ascent): not drawn as "not won".
        legend.append(_legend_item(_dot_swatch(Outcome.SOLO), _(_OUTCOME_WORDS[Outcome.SOLO])))
    rows.append(ft.Row(wrap=True, spacing=12, controls=legend))
    # Named as the chart's heading names what it counts ("Fatigue over time"), not "Scores" whatever it counts.
    said_unit = first_capital(unit)
    if len(series) == 1:
        scores = ", ".join(number(score) for _x, score, _o in series[0].points)
        if span:
            spoken = (_("{unit} over time (lower is better), oldest first: {scores}. {span}.") if lower_is_better
                      else _("{unit} over time, oldest first: {scores}. {span}.")).format(
                unit=said_unit, scores=scores, span=first_capital(span))       # it starts a sentence
        else:
            spoken = (_("{unit} over time (lower is better), oldest first: {scores}.") if lower_is_better
                      else _("{unit} over time, oldest first: {scores}.")).format(unit=said_unit, scores=scores)
    else:
        lines_read = tr(clauses(_("{name}: {scores}").format(
            name=line.name, scores=", ".join(number(score) for _x, score, _o in line.points)) for line in series))
        if span:
            spoken = (_("{unit} over time (lower is better), oldest first, {span}. {lines}.") if lower_is_better
                      else _("{unit} over time, oldest first, {span}. {lines}.")).format(
                unit=said_unit, span=span, lines=lines_read)
        else:
            spoken = (_("{unit} over time (lower is better), oldest first. {lines}.") if lower_is_better
                      else _("{unit} over time, oldest first. {lines}.")).format(unit=said_unit, lines=lines_read)
    return _chart_with_legend(chart, spoken, rows)


def histogram_chart(bins: Sequence[Bin], colour: str, *, unit: str, counted: str = "games",
                    key: str | None = None, height: int = 180, heading: str | None = None,
                    spread: tuple[int, int] | None = None) -> ft.Control:
    """A score distribution: one bar per score range, as tall as the number of scores in it (`counted` says
    what those are: the player's "games", or everyone's "scores"; `unit` what a score counts; `heading` the
    chart's name, said first: "Score distribution" unless given; `spread` the lowest and highest score, which
    the words say where no range stands out: the bars' ends are not scores anyone made)."""
    unit = str(tr(unit))
    tallest = max((b.count for b in bins), default=0)
    top, step = _count_axis(tallest)
    # Negative scores with the printed minus sign, as everywhere else ("−57–−40", not "-57–-40").
    ranges = [number(b.low) if b.low == b.high else f"{number(b.low)}–{number(b.high)}" for b in bins]
    # In words, a chart with a minus sign in its ranges says "to": "−12––4" read as two dashes in a row (and
    # every range alike: "−20 to −1 and 0–19" mixed two ways of saying one thing).
    negative = any(b.low < 0 for b in bins)
    # i18n: a range of scores in a sentence, where some are negative: "−57 to −40 points"
    in_words = [text if b.low == b.high or not negative else _("{low} to {high}").format(low=number(b.low),
                                                                                        high=number(b.high))
                for b, text in zip(bins, ranges)]
    # Three-digit ranges ("100–119") are wider than a bar's share of a phone: one number per line then.
    stacked = any(len(text) > 5 for text in ranges)
    groups = [
        fc.BarChartGroup(x=n, rods=[fc.BarChartRod(
            from_y=0, to_y=b.count, width=_bar_width(len(bins)), color=colour,
            border_radius=ft.BorderRadius.only(top_left=4, top_right=4),
            show_tooltip=b.count > 0,
            tooltip=fc.BarChartRodTooltip(text=_counted(b.count, counted) + "\n"
                                          + _("{range} {unit}").format(range=text, unit=unit),
                                          text_style=_tip_style()))])
        for n, (b, text) in enumerate(zip(bins, in_words))
    ]
    chart = fc.BarChart(
        key=key, height=height, groups=groups, min_y=0, max_y=top,
        group_alignment=ft.MainAxisAlignment.SPACE_AROUND,
        horizontal_grid_lines=fc.ChartGridLines(interval=step, color=_GRID, width=1),
        border=_frame(),
        left_axis=_value_axis(0, top, step, _("Scores") if counted == "scores" else _("Games")),
        bottom_axis=fc.ChartAxis(
            title=_axis_title(first_capital(unit)), title_size=20, label_size=30 if stacked else 18,
            labels=[fc.ChartAxisLabel(value=n, label=_axis_text(text.replace("–", "–\n") if stacked else text))
                    for n, text in enumerate(ranges)]),
        tooltip=fc.BarChartTooltip(bgcolor=ft.Colors.INVERSE_SURFACE, border_radius=ft.BorderRadius.all(8),
                                   fit_inside_horizontally=True, fit_inside_vertically=True),
    )
    total = sum(b.count for b in bins)
    commonest = [text for b, text in zip(bins, in_words) if b.count == tallest]
    rows: list[ft.Control] = []
    if bins:
        # "Most often" only says something when one or two ranges stand out; otherwise give the spread.
        if tallest > 1 and len(commonest) <= 2:
            ranges = (_("{first} and {last}").format(first=commonest[0], last=commonest[1]) if len(commonest) == 2
                      else commonest[0])
            # i18n: {count} of {total} scores fall in the commonest range(s); the form follows {total}
            words = (ngettext("Most often {ranges} {unit}: {count} of {total} score",
                              "Most often {ranges} {unit}: {count} of {total} scores", total) if counted == "scores"
                     else ngettext("Most often {ranges} {unit}: {count} of {total} game",
                                   "Most often {ranges} {unit}: {count} of {total} games", total)).format(
                ranges=ranges, unit=unit, count=tallest, total=total)
        else:
            words = (ngettext("{n} score, all between {low} and {high} {unit}",
                              "{n} scores, all between {low} and {high} {unit}", total) if counted == "scores"
                     else ngettext("{n} game, all between {low} and {high} {unit}",
                                   "{n} games, all between {low} and {high} {unit}", total)).format(
                n=total, low=number(spread[0] if spread else bins[0].low),
                high=number(spread[1] if spread else bins[-1].high), unit=unit)
        rows.append(_legend_text(words, key=f"{key}-summary" if key else None))
    # A range of one score is said as that score: "1 game from 3 to 3" was heard for steps of one point.
    # i18n: what a screen reader says for a distribution chart: its name ("Score distribution"), then each
    # range with its count ("2 games from 40 to 59; 1 game at 70")
    spoken = _("{heading}: {bins}.").format(heading=heading or _("Score distribution"), bins=tr(clauses(
        (ngettext("{n} score of {low}", "{n} scores of {low}", b.count) if counted == "scores"
         else ngettext("{n} game at {low}", "{n} games at {low}", b.count)).format(n=b.count, low=number(b.low))
        if b.low == b.high else
        (ngettext("{n} score from {low} to {high}", "{n} scores from {low} to {high}", b.count) if counted == "scores"
         else ngettext("{n} game from {low} to {high}", "{n} games from {low} to {high}", b.count)).format(
            n=b.count, low=number(b.low), high=number(b.high)) for b in bins if b.count)))
    return _chart_with_legend(chart, spoken, rows)


def stars_chart(entries: Sequence[ExpeditionStars], *, first_number: int = 1, key: str | None = None,
                height: int = 180) -> ft.Control:
    """Stars per Expedition: one column per Expedition, oldest left, stacked from its Summit, Race and Record
    stars (rulebook, Earn a Reputation); `first_number` is the number of the oldest Expedition shown."""
    totals = [max(e.stars, sum(e.by_kind.values())) for e in entries]
    top, step = _count_axis(max(totals, default=0))
    groups = []
    unexplained = False
    for n, (entry, total) in enumerate(zip(entries, totals)):
        items, height_so_far = [], 0
        for kind in STAR_KINDS:
            count = entry.by_kind.get(kind, 0)
            if count > 0:
                items.append(fc.BarChartRodStackItem(from_y=height_so_far, to_y=height_so_far + count,
                                                     color=_STAR_COLOURS[kind]))
                height_so_far += count
        if total > height_so_far:
            # Stars the record's breakdown does not explain (an older record without one) stay visible.
            unexplained = True
            items.append(fc.BarChartRodStackItem(from_y=height_so_far, to_y=total, color=_OTHER_STARS))
        groups.append(fc.BarChartGroup(x=n, rods=[fc.BarChartRod(
            from_y=0, to_y=total, width=_bar_width(len(entries)), color=_OTHER_STARS, stack_items=items,
            border_radius=ft.BorderRadius.only(top_left=4, top_right=4),
            tooltip=fc.BarChartRodTooltip(text=f"#{first_number + n}: {_stars_words(entry, total)}",
                                          text_style=_tip_style()))]))
    chart = fc.BarChart(
        key=key, height=height, groups=groups, min_y=0, max_y=top,
        group_alignment=ft.MainAxisAlignment.SPACE_AROUND,
        horizontal_grid_lines=fc.ChartGridLines(interval=step, color=_GRID, width=1),
        border=_frame(),
        left_axis=_value_axis(0, top, step, _("Stars")),
        bottom_axis=fc.ChartAxis(
            title=_axis_title(_("Expedition, oldest to newest")), title_size=20, label_size=18,
            labels=[fc.ChartAxisLabel(value=n, label=_axis_text(f"#{first_number + n}"))
                    for n in range(len(entries))]),
        tooltip=fc.BarChartTooltip(bgcolor=ft.Colors.INVERSE_SURFACE, border_radius=ft.BorderRadius.all(8),
                                   fit_inside_horizontally=True, fit_inside_vertically=True),
    )
    legend = [_legend_item(_swatch(_STAR_COLOURS[kind]), _(_STAR_LABELS[kind])) for kind in STAR_KINDS]
    if unexplained:
        legend.append(_legend_item(_swatch(_OTHER_STARS), _("Not broken down")))
    rows: list[ft.Control] = [ft.Row(wrap=True, spacing=12, controls=legend)]
    if entries:
        best = max(range(len(entries)), key=lambda n: (totals[n], n))
        rows.append(_legend_text(
            ngettext("{stars} stars in {n} Expedition, most {most} in #{number}",
                     "{stars} stars in {n} Expeditions, most {most} in #{number}", len(entries)).format(
                stars=sum(totals), n=len(entries), most=totals[best], number=first_number + best),
            key=f"{key}-summary" if key else None))
    spoken = _("Stars per Expedition, oldest first: {expeditions}.").format(expeditions=tr(clauses(
        _("Expedition {number}: {stars}").format(number=first_number + n, stars=_stars_words(e, total))
        for n, (e, total) in enumerate(zip(entries, totals)))))
    return _chart_with_legend(chart, spoken, rows)


def bar_list(rows: Sequence[tuple[str, float, str, str]], *, key: str | None = None) -> ft.Control:
    """Horizontal bars, one per row of (label, value, colour, value as text), longest value full width."""
    longest = max((value for _, value, _, _ in rows), default=0) or 1
    lines: list[ft.Control] = []
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
    spoken = tr(clauses(labelled_value(label, text) for label, _, _, text in rows))
    return ft.Semantics(label=spoken, exclude_semantics=True, content=ft.Column(lines, key=key, spacing=10))


# --- chart parts --------------------------------------------------------------------------------------------------

def _chart_with_legend(chart: ft.Control, spoken: str, rows: Sequence[ft.Control]) -> ft.Control:
    """The chart, read to a screen reader as its summary (its axis numbers alone say little), and the
    legend and summary rows under it, which are plain text for everyone."""
    return ft.Column(spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, controls=[
        ft.Semantics(label=spoken, exclude_semantics=True, content=chart),
        *rows,
    ])


def _frame() -> ft.Border:
    return ft.Border(left=ft.BorderSide(1, _FRAME), bottom=ft.BorderSide(1, _FRAME))


def _value_axis(low: float, high: float, step: float, title: str) -> fc.ChartAxis:
    """The left axis: a number at every grid line, sized to the widest one, with a title along it."""
    ticks = _ticks(low, high, step)
    widest = max((len(number(t)) for t in ticks), default=1)
    return fc.ChartAxis(
        title=_axis_title(title), title_size=20, label_spacing=step, label_size=8 + 7 * widest,
        labels=[fc.ChartAxisLabel(value=t, label=_axis_text(number(t))) for t in ticks])


def _axis_text(text: str) -> ft.Text:
    return ft.Text(text, size=10, color=_INK, text_align=ft.TextAlign.CENTER, no_wrap=True)


def _axis_title(text: str) -> ft.Text:
    return ft.Text(text, size=11, color=_INK, weight=ft.FontWeight.W_500, max_lines=1,
                   overflow=ft.TextOverflow.ELLIPSIS)


def _dot(colour: str, outcome: Outcome) -> fc.ChartCirclePoint | fc.ChartSquarePoint:
    """A game on the line: a win filled and larger, a game not won a ring, a game played alone (nobody to beat:
    neither) a square, so results show without colour."""
    if outcome.won:
        return fc.ChartCirclePoint(radius=5, color=colour, stroke_width=0)
    if outcome is Outcome.SOLO:
        return fc.ChartSquarePoint(size=7, color=ft.Colors.SURFACE, stroke_color=colour, stroke_width=2)
    return fc.ChartCirclePoint(radius=3.5, color=ft.Colors.SURFACE, stroke_color=colour, stroke_width=2)


def _dot_swatch(outcome: Outcome) -> ft.Control:
    if outcome.won:
        return ft.Container(width=10, height=10, border_radius=ft.BorderRadius.all(5), bgcolor=_INK)
    corner = 1 if outcome is Outcome.SOLO else 4
    return ft.Container(width=8, height=8, border_radius=ft.BorderRadius.all(corner), border=ft.Border.all(2, _INK))


def _swatch(colour: str) -> ft.Control:
    return ft.Container(width=10, height=10, border_radius=ft.BorderRadius.all(2), bgcolor=colour)


def _legend_item(swatch: ft.Control, text: str) -> ft.Control:
    return ft.Row(tight=True, spacing=4, controls=[swatch, ft.Text(text, size=12, color=_INK)])


def _legend_row(colour: str, text: str, *, key: str | None = None) -> ft.Control:
    return ft.Row(spacing=6, controls=[
        _swatch(colour), ft.Text(text, key=key, size=12, color=_INK, expand=True)])


def _legend_text(text: str, *, key: str | None = None) -> ft.Control:
    return ft.Text(text, key=key, size=12, color=_INK)


def _bar_width(bars: int) -> int:
    """Bars thin out as there are more of them, so eight or twelve still fit a phone's width with gaps."""
    return 22 if bars <= 6 else 16 if bars <= 9 else 12


def _count_axis(tallest: int) -> tuple[int, int]:
    """A count axis from zero: (top, step) with whole-number steps and room for the tallest bar."""
    step = int(_step(0, max(tallest, 1)))
    return max(step, math.ceil(tallest / step) * step), step


# How many stars of one kind, in words ("2 summit", as a part of "5 stars (2 summit, 3 race)").
_KIND_COUNTS = {
    # i18n: stars of one kind inside "5 stars (2 summit, 3 race)"
    "summit": lambda n: ngettext("{n} summit", "{n} summit", n).format(n=n),
    "race": lambda n: ngettext("{n} race", "{n} race", n).format(n=n),
    "record": lambda n: ngettext("{n} record", "{n} record", n).format(n=n),
}


def _stars_words(entry: ExpeditionStars, total: int) -> str:
    parts = [_KIND_COUNTS[kind](entry.by_kind[kind]) for kind in STAR_KINDS if entry.by_kind.get(kind)]
    if parts:
        return ngettext("{n} star ({kinds})", "{n} stars ({kinds})", total).format(n=total, kinds=", ".join(parts))
    return ngettext("{n} star", "{n} stars", total).format(n=total)


def _counted(count: int, counted: str) -> str:
    """'1 game', '3 games' ('counted' is "games" or "scores")."""
    say = _COUNTED.get(counted)
    return say(count) if say is not None else f"{count} {counted if count != 1 else counted[:-1]}"


def _at(dates: Sequence[str], slot: int) -> str:
    return dates[slot] if 0 <= slot < len(dates) else ""


def _runs(points: Sequence[tuple[int, float, Outcome]]) -> list[list[tuple[int, float, Outcome]]]:
    """A line's games split where it skips a game of the chart (slots not next to each other)."""
    runs: list[list[tuple[int, float, Outcome]]] = []
    for point in points:
        if runs and point[0] == runs[-1][-1][0] + 1:
            runs[-1].append(point)
        else:
            runs.append([point])
    return runs


def _axis(values: Sequence[float]) -> tuple[float, float, float]:
    """A y range on round numbers that holds every value, and its grid step: (low, high, step)."""
    if not values:
        return 0.0, 1.0, 1.0
    low, high = min(values), max(values)
    if low == high:
        # Room around a flat line, but never below 0 for values that cannot be (fatigue, a count).
        low, high = (low - 5 if low < 0 else max(0.0, low - 5)), high + 5
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


def _tip_style() -> ft.TextStyle:
    """A chart tooltip's text style, new for each chart: a tab's client can change a control's style in place,
    so no two tabs may hold the same one."""
    return ft.TextStyle(size=12, color=ft.Colors.ON_INVERSE_SURFACE)
