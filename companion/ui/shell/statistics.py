"""The Statistics screens: everyone at a glance (`/stats`) and one player in depth (`/stats/<player>`).

Every number comes from `companion.store.stats`; this module only lays them out and draws the charts. The
history is read once per change of the saved data and shared by both screens of a tab; a long history
(thousands of games) is read on a worker thread while the screen shows that it is counting.
"""

from __future__ import annotations

import asyncio
import re
import weakref
from collections import Counter
from urllib.parse import unquote

import flet as ft

from companion.errors import CompanionError
from companion.games import GAMES
from companion.i18n import N_, _, format_number, ngettext, npgettext, tr
from companion.store import stats
from companion.store import PALETTE
from companion.store.repos import name_order
from companion.store.stats import Games, PlayerLine, Point, SheetLine, SoloLine
from companion.ui.shell.charts import (
    ScoreSeries, bar_list, figure, figure_row, form_dots, histogram_chart, number, panel, percent, score_chart,
    stars_chart,
)
from companion.ui.common.services import off_loop, use_app
from companion.ui.common.widgets import (
    choice_menu,
    colour_dot,
    empty_state,
    first_capital,
    format_when,
    labelled,
    labelled_value,
    screen_view,
    section_title,
)
from companion.ui.shell.history import ALL, shown_name, stats_route
from companion.ui.shell.home import game_look

__all__ = ["StatsScreen", "PlayerStatsScreen", "READ_IN_BACKGROUND_FROM", "LATEST_ON_LINE", "LATEST_EXPEDITIONS",
           "PLAYERS_ON_LINE"]

# From this many finished games the history is read on a worker thread (about 0.4 s for 10,000 on a
# laptop); below it, reading takes a few tens of milliseconds and the screen is drawn at once.
READ_IN_BACKGROUND_FROM = 1500
# The scores-over-time line shows this many of a player's latest games: enough to see a trend, few enough
# to tell the games apart on a phone (the distribution still counts every game).
LATEST_ON_LINE = 40
# Everyone's scores over time in one game draws a line for each of this many players, those with the most
# games in it: more lines than this tangle on a phone, and each player's own page has their line.
PLAYERS_ON_LINE = 5
# Stars per Expedition shows a column for each of this many latest Expeditions (a column stays wide enough
# to read its number on a phone).
LATEST_EXPEDITIONS = 12
_GUEST_COLOUR = "#78909C"
# In the form guide's legend, a dot's letter and the word after it ("L lost", "D perdue"): kept on one line.
_LETTER_AND_WORD = re.compile(r"(^|· )(\w) ")
# The history as last read, per tab: (revision, number of games, Games). Both statistics screens of a tab
# use it, so opening a player's statistics from the overview does not read the history again.
_READ: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# A read under way per tab: (revision, number of games, task), so two screens drawn at once (a deep link
# to a player's page draws the overview under it) wait for one read instead of starting two.
_READING: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@ft.component
def StatsScreen() -> ft.View:
    """Route `/stats`: every player's plays, wins and form, Trek 12 sheets, solo records, and charts."""
    app = use_app()
    page = ft.context.page
    game, set_game = ft.use_state(ALL)
    games = _use_games(app)
    if games is None:
        return screen_view(_("Statistics"), [_counting()])
    if not len(games):
        return screen_view(_("Statistics"), [empty_state(
            ft.Icons.INSIGHTS_ROUNDED, _("Nothing to count yet"),
            _("Statistics appear once games are finished and kept in History."), key="stats-empty")])

    present = games.games()
    chosen = game if game in present else None
    names, colours = _roster(app.store)
    lines = stats.player_lines(games, game=chosen, names=names)

    body: list[ft.Control] = [_game_picker(chosen, present, set_game)]
    body.append(section_title(_("Players"), key="stats-players-title"))
    body.extend(_player_row(line, colours, page) for line in lines)
    if not lines:
        body.append(ft.Text(_("Only automated opponents played these games."), color=ft.Colors.ON_SURFACE_VARIANT))

    if chosen is None:
        played = Counter(record.get("game") for record, _ in games.entries)
        counts = {g: played[g] for g in present}
        body.append(section_title(_("Games played")))
        body.append(panel([bar_list([(_game_title(g), n, game_look(g).colour, format_number(n))
                                     for g, n in counts.items()],
                                    key="stats-games-played")]))
    else:
        low = stats.lower_is_better(next(r for r in games.records() if r.get("game") == chosen))
        over_time = _everyone_over_time(games, chosen, lines, colours, low)
        if over_time is not None:
            body.append(section_title(_("Scores over time"), key="stats-over-time-title"))
            body.append(over_time)
        scores = [s.score for record, everyone in games.entries if record.get("game") == chosen
                  for s in everyone if not s.automated and s.score is not None]
        if len(scores) >= 3:
            body.append(section_title(_distribution_heading(chosen)))
            everyone = (ngettext("Every player's {unit} in {n} score (lower is better)",
                                 "Every player's {unit} in {n} scores (lower is better)", len(scores)) if low
                        else ngettext("Every player's {unit} in {n} score", "Every player's {unit} in {n} scores",
                                      len(scores)))
            body.append(panel([
                # The unit may open the sentence ("fatigue de chaque joueur…" in French): it starts as one does.
                ft.Text(first_capital(everyone.format(unit=tr(stats.score_unit(chosen)), n=format_number(len(scores)))),
                        size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT),
                histogram_chart(stats.histogram(scores), game_look(chosen).colour, unit=stats.score_unit(chosen),
                                counted="scores", key="stats-distribution", heading=_distribution_heading(chosen),
                                spread=(min(scores), max(scores)) if scores else None),
            ]))

    if chosen in (None, "trek12"):
        sheets = stats.trek12_sheets(games, names=names)
        if sheets:
            body.append(section_title(_("Trek 12 sheets"), key="stats-sheets-title"))
            body.extend(_sheet_card(sheet, "stats") for sheet in sheets)

    solos = [s for s in stats.solo_lines(games, names=names) if chosen is None or s.game == chosen]
    if solos:
        body.append(section_title(_("Solo records"), key="stats-solo-title"))
        groups: dict[tuple[str, str | None], list[SoloLine]] = {}
        for solo in solos:
            groups.setdefault((solo.game, solo.opponent), []).append(solo)
        body.extend(_solo_table(game_id, opponent, rows, colours, page) for (game_id, opponent), rows in groups.items())
    return screen_view(_("Statistics"), body)


@ft.component
def PlayerStatsScreen() -> ft.View:
    """Route `/stats/<player>`: one player's record in every game, with charts, sheets and solo records."""
    app = use_app()
    page = ft.context.page
    key = unquote(ft.use_route_params().get("player") or "")
    games = _use_games(app)
    if games is None:
        return screen_view(_("Statistics"), [_counting()])
    names, colours = _roster(app.store)
    overall = stats.player_line(games, key, names=names)
    if overall is None:
        # A player on the roster is named: the page was opened for them (from Players, before any game).
        known = names.get(stats.roster_id(key) or "")
        return screen_view(known or _("Statistics"), [
            empty_state(ft.Icons.PERSON_SEARCH_ROUNDED, _("No finished games"),
                        _("{name} has no finished games in History yet.").format(name=known) if known else
                        _("This player has no finished games in History yet."), key="pstats-none"),
            ft.Row([labelled("pstats-all", ft.FilledTonalButton(
                _("Everyone's statistics"), key="pstats-all", icon=ft.Icons.INSIGHTS_ROUNDED,
                on_click=lambda: page.navigate(stats_route(under=_under(page)))))],
                   alignment=ft.MainAxisAlignment.CENTER),
        ])
    colour = colours.get(key, _GUEST_COLOUR)
    played = [g for g in games.games() if stats.player_line(games, key, game=g) is not None]

    body: list[ft.Control] = [
        ft.Row(spacing=14, controls=[
            colour_dot(colour, overall.name, size=52),
            ft.Column(expand=True, spacing=2, tight=True, controls=[
                ft.Text(overall.name, key="pstats-name", size=22, weight=ft.FontWeight.W_700),
                ft.Text(_played_words(overall, played), key="pstats-played", size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT),
            ]),
        ]),
        figure_row([
            figure(format_number(overall.plays), _games_caption(overall.plays), key="pstats-plays"),
            figure(format_number(overall.wins), _wins_caption(overall.wins, overall.shared_wins), key="pstats-wins"),
            figure(percent(overall.win_rate), _("Win rate"), key="pstats-rate", emphasis=True),
        ]),
        *_rate_note(overall, "pstats-rate-note"),
        panel([
            ft.Row([ft.Text(_("Recent form"), weight=ft.FontWeight.W_600, expand=True),
                    form_dots(overall.form, key="pstats-form")]),
            # Each dot's letter keeps its word on its line: a phone wrapped French "… · D" / "perdue".
            # i18n: the legend of the form guide; the letters are those of the form guide's dots
            ft.Text(_LETTER_AND_WORD.sub("\\1\\2\u00a0", _("Newest first · W won · S shared win · L lost")),
                    key="pstats-form-legend", size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ]),
    ]
    for game in played:
        line = stats.player_line(games, key, game=game, names=names)
        if line is not None:
            body.append(section_title(_game_title(game), key=f"pstats-{game}-title"))
            body.append(_game_card(games, line, game, colour))

    sheets = stats.trek12_sheets(games, key, names=names)
    if sheets:
        body.append(section_title(_("Trek 12 sheets"), key="pstats-sheets-title"))
        body.extend(_sheet_card(sheet, "pstats", whose=False) for sheet in sheets)
    solos = stats.solo_lines(games, key, names=names)
    if solos:
        body.append(section_title(_("Solo records"), key="pstats-solo-title"))
        body.extend(_solo_card(solo) for solo in solos)
    return screen_view(overall.name, body)


# --- loading ---------------------------------------------------------------------------------------------------

def _use_games(app) -> Games | None:
    """The history read for statistics; None while a long one is still being read."""
    page = ft.context.page
    try:
        count = app.store.history.count()
    except CompanionError:
        count = 0
    stamp = (app.revision, count)
    cached = _READ.get(page)
    fresh = cached[2] if cached is not None and cached[:2] == stamp else None
    _loaded, set_loaded = ft.use_state(0)
    if fresh is None and count < READ_IN_BACKGROUND_FROM:
        fresh = _read(app)
        _READ[page] = (*stamp, fresh)

    async def load() -> None:
        if fresh is not None:
            return
        running = _READING.get(page)
        if running is None or running[:2] != stamp:
            running = (*stamp, asyncio.ensure_future(off_loop(_read, app)))
            _READING[page] = running
        games = await running[2]
        if _READING.get(page) is running:
            del _READING[page]
        _READ[page] = (*stamp, games)
        set_loaded(lambda n: n + 1)

    ft.use_effect(load, dependencies=[stamp, fresh is None])
    return fresh


def _read(app) -> Games:
    try:
        return stats.read(app.store.history.list())
    except CompanionError:
        return stats.read([])


def _counting() -> ft.Control:
    return ft.Container(
        key="stats-counting", padding=40, alignment=ft.Alignment.CENTER,
        content=ft.Column(horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=16, controls=[
            ft.ProgressRing(), ft.Text(_("Counting your games…"), color=ft.Colors.ON_SURFACE_VARIANT)]),
    )


def _roster(store) -> tuple[dict[str, str], dict[str, str]]:
    """Roster names by id (for renamed players; a removed player marked so, as a newer player may have the same
    name) and colours by player key."""
    try:
        roster = store.players.list(include_removed=True)
    except CompanionError:
        return {}, {}
    names = {p.id: shown_name(p) for p in roster}
    return names, {stats.player_key(p.id, p.name): p.colour for p in roster}


# --- pieces -----------------------------------------------------------------------------------------------------

def _game_picker(chosen: str | None, present: list[str], on_pick) -> ft.Control:
    options = [(ALL, _("All games"))]
    options.extend((g, _game_title(g)) for g in present)
    return choice_menu("stats-filter-game", _("Game"), chosen or ALL, options, on_pick, icon=ft.Icons.CASINO_OUTLINED)


def _player_row(line: PlayerLine, colours: dict[str, str], page: ft.Page) -> ft.Control:
    """A player on the overview: games, wins (shared ones told apart), win rate and form; tap for more."""
    words = [_games_words(line), _wins_words(line)]
    if line.best is not None:
        words.append(_("best {score}").format(score=number(line.best)))
    if line.average is not None:
        # i18n: short for "average", on a narrow line of figures
        words.append(_("avg {score}").format(score=number(line.average)))
    key = f"stats-player-{line.key}"
    # One node, a button with the card's words (a "group" to a screen reader otherwise).
    return labelled(key, ft.Container(
        key=key,
        ink=True,
        on_click=lambda: page.navigate(stats_route(line.key, under=_under(page))),
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=ft.Padding.symmetric(horizontal=14, vertical=12),
        content=ft.Row(spacing=12, controls=[
            colour_dot(colours.get(line.key, _GUEST_COLOUR), line.name, size=36),
            ft.Column(expand=True, spacing=4, tight=True, controls=[
                ft.Text(line.name, weight=ft.FontWeight.W_600, size=15),
                # Each figure whole on a line ("· 5" and "Siege (3 geteilt)" were wrapped apart): lines break
                # between figures, and before a figure's brackets: "5 victoires (dont 2 ex æquo)" whole was wider
                # than a phone and broke inside "æquo".
                ft.Text(" · ".join(w.replace(" ", "\u00a0").replace("\u00a0(", " (") for w in words),
                        key=f"{key}-words", size=12,
                        color=ft.Colors.ON_SURFACE_VARIANT),
                form_dots(line.form, size=18),
            ]),
            ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END, controls=[
                ft.Text(percent(line.win_rate), key=f"{key}-rate", size=20, weight=ft.FontWeight.W_700,
                        color=ft.Colors.PRIMARY),
                # i18n: under a win rate ("75%"), read with it: "75% wins", the share of games won
                ft.Text(_("wins"), size=11, color=ft.Colors.ON_SURFACE_VARIANT),
            ]),
            ft.Icon(ft.Icons.CHEVRON_RIGHT_ROUNDED, color=ft.Colors.ON_SURFACE_VARIANT),
        ]),
    ), merge=True)


def _game_card(games: Games, line: PlayerLine, game: str, colour: str) -> ft.Control:
    """One game for one player: the numbers, recent form, scores over time and their distribution."""
    prefix = f"pstats-{game}"
    low = line.lower_is_better
    controls: list[ft.Control] = [
        figure_row([
            figure(format_number(line.plays), _games_caption(line.plays), key=f"{prefix}-plays"),
            figure(format_number(line.wins), _wins_caption(line.wins, line.shared_wins), key=f"{prefix}-wins"),
            figure(percent(line.win_rate), _("Win rate"), key=f"{prefix}-rate", emphasis=True),
        ]),
        *_rate_note(line, f"{prefix}-rate-note"),
        figure_row([
            figure(number(line.best), _("Best (lowest)") if low else _("Best"), key=f"{prefix}-best"),
            figure(number(line.average), _("Average"), key=f"{prefix}-average"),
        ]),
        ft.Row([ft.Text(_("Recent form"), size=13, expand=True, color=ft.Colors.ON_SURFACE_VARIANT),
                form_dots(line.form, key=f"{prefix}-form", size=20)]),
    ]
    series = stats.score_series(games, line.key, game)
    if len(series) >= 2:
        latest = series[-LATEST_ON_LINE:]
        heading = _("{unit} over time").format(unit=first_capital(stats.score_unit(game)))
        heading = _lower_better(heading) if low else heading
        if len(latest) < len(series):
            heading = _latest(heading, len(latest), len(series))
        controls.append(ft.Text(heading, weight=ft.FontWeight.W_600, size=13))
        controls.append(score_chart(
            [ScoreSeries(line.name, colour, tuple((n, p.score, p.outcome) for n, p in enumerate(latest)))],
            [_short_date(p.finished) for p in latest], unit=stats.score_unit(game), lower_is_better=low,
            first_game=len(series) - len(latest) + 1, key=f"{prefix}-over-time"))
    if len(series) >= 3:
        controls.append(ft.Text(_distribution_heading(game), weight=ft.FontWeight.W_600, size=13))
        scores = [p.score for p in series]
        controls.append(histogram_chart(stats.histogram(scores), colour,
                                        unit=stats.score_unit(game), key=f"{prefix}-distribution",
                                        heading=_distribution_heading(game), spread=(min(scores), max(scores))))
    if game == "expedition":
        stars = stats.expedition_stars(games, line.key)
        if stars:
            shown = stars[-LATEST_EXPEDITIONS:]
            heading = (_("Stars per Expedition, latest {shown} of {n}").format(shown=len(shown),
                                                                              n=format_number(len(stars)))
                       if len(shown) < len(stars) else _("Stars per Expedition"))
            controls.append(ft.Text(heading, weight=ft.FontWeight.W_600, size=13))
            controls.append(stars_chart(shown, first_number=len(stars) - len(shown) + 1, key=f"{prefix}-stars"))
    return panel(controls, key=f"{prefix}-card", spacing=12)


def _everyone_over_time(games: Games, game: str, lines: list[PlayerLine], colours: dict[str, str],
                        low: bool) -> ft.Control | None:
    """Scores over time in one game, a line per player (those with the most games in it), on one time axis
    of the latest games any of them played; None when there are fewer than two such games."""
    shown = lines[:PLAYERS_ON_LINE]                     # player_lines puts the most played first
    series: dict[str, list[Point]] = {line.key: stats.score_series(games, line.key, game) for line in shown}
    played = sorted({(p.finished, p.record_id) for points in series.values() for p in points})
    if len(played) < 2:
        return None
    window = played[-LATEST_ON_LINE:]
    slot = {record_id: n for n, (_, record_id) in enumerate(window)}
    used: set[str] = set()
    drawn = []
    for line in shown:
        points = tuple((slot[p.record_id], p.score, p.outcome) for p in series[line.key] if p.record_id in slot)
        if not points:
            continue
        colour = colours.get(line.key, _GUEST_COLOUR)
        if colour in used:
            # Two lines in one colour could not be told apart: the later one takes a free roster colour.
            colour = next((c for c in PALETTE if c not in used), colour)
        used.add(colour)
        drawn.append(ScoreSeries(line.name, colour, points))
    unit = first_capital(stats.score_unit(game))
    if len(lines) <= len(shown):
        heading = _("{unit} of every player").format(unit=unit)
    elif lines[len(shown)].plays < shown[-1].plays:
        heading = ngettext("{unit} of the {n} player with the most games",
                           "{unit} of the {n} players with the most games", len(shown)).format(unit=unit, n=len(shown))
    else:
        # Those left out played as often as one shown: "the most games" would not say why they are missing.
        # i18n: a chart's heading: the scores of {n} of the {total} players, those left out for want of room
        heading = ngettext("{unit} of {n} of the {total} players", "{unit} of {n} of the {total} players",
                           len(lines)).format(unit=unit, n=len(shown), total=len(lines))
    heading = _lower_better(heading) if low else heading
    if len(window) < len(played):
        heading = _latest(heading, len(window), len(played))
    return panel([
        ft.Text(heading, size=13, color=ft.Colors.ON_SURFACE_VARIANT, key="stats-over-time-heading"),
        score_chart(drawn, [_short_date(finished) for finished, _ in window], unit=stats.score_unit(game),
                    lower_is_better=low, first_game=len(played) - len(window) + 1, key="stats-over-time"),
    ])


def _sheet_card(sheet: SheetLine, prefix: str, *, whose: bool = True) -> ft.Control:
    """A Trek 12 sheet: how often the summit was reached, average lines, zones and penalties, the best (and
    `whose` best it was, where the card is of more than one player)."""
    key = f"{prefix}-sheet-{sheet.sheet}"
    rate = sheet.summit_rate
    summit = ft.Container(
        padding=ft.Padding.symmetric(horizontal=8, vertical=2), border_radius=ft.BorderRadius.all(8),
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        content=ft.Text(_("No summit") if sheet.summit is None else _("Summit {summit}+").format(summit=sheet.summit),
                        size=12,
                        color=ft.Colors.ON_TERTIARY_CONTAINER),
    )
    controls: list[ft.Control] = [
        ft.Row([ft.Icon(ft.Icons.LANDSCAPE_ROUNDED, color=game_look("trek12").colour),
                ft.Text(sheet.name, weight=ft.FontWeight.W_600, size=16, expand=True), summit]),
    ]
    if rate is not None:
        reached = _("{percent} ({n} of {total})").format(percent=percent(rate), n=sheet.summits, total=sheet.plays)
        # One node, its words and its bar: the bar alone was heard as a bare "0".
        controls.append(ft.Semantics(label=labelled_value(_("Reached the summit"), reached), exclude_semantics=True,
                                     content=ft.Column(spacing=4, tight=True, controls=[
            ft.Row([ft.Text(_("Reached the summit"), size=13, expand=True),
                    ft.Text(reached, key=f"{key}-summit-rate", size=13, weight=ft.FontWeight.W_600)]),
            ft.ProgressBar(value=rate, bar_height=8, border_radius=ft.BorderRadius.all(4),
                           color=game_look("trek12").colour, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST),
        ])))
    # The three figures are averages: "27 Penalties" for two sheets of 21 and 33 read as a total.
    controls.append(ft.Text(_("On average per sheet"), key=f"{key}-per-sheet", size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    controls.append(figure_row([
        # i18n: Trek 12's Fixed Lines, on average per sheet
        figure(number(sheet.lines), _("Lines"), key=f"{key}-lines"),
        # i18n: Trek 12's Mapped Zones, on average per sheet
        figure(number(sheet.zones), _("Zones"), key=f"{key}-zones"),
        # i18n: Trek 12's penalty points (skulls and orphan circles), on average per sheet: points, not a count
        figure(number(sheet.penalty), _("Penalty points"), key=f"{key}-penalty"),
    ]))
    if whose:
        best = ngettext("Best {best} by {names} · average {average} · {n} sheet scored",
                        "Best {best} by {names} · average {average} · {n} sheets scored", sheet.plays)
    else:       # one player's own page: "Best 40 by Ann" named her again
        best = ngettext("Best {best} · average {average} · {n} sheet scored",
                        "Best {best} · average {average} · {n} sheets scored", sheet.plays)
    controls.append(ft.Text(
        best.format(best=number(sheet.best), names=", ".join(sheet.best_by), average=number(sheet.average),
                    n=sheet.plays),
        key=f"{key}-best", size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    return panel(controls, key=key)


def _solo_card(solo: SoloLine) -> ft.Control:
    """One player's solo games of one game: against Max or Gerry (won, shared, lost), or alone."""
    key = f"pstats-solo-{solo.game}-{(solo.opponent or 'alone').lower()}"
    look = game_look(solo.game)
    # i18n: {opponent} is the automated opponent's name (Max, Gerry)
    title = _("Against {opponent}").format(opponent=solo.opponent) if solo.opponent else _("Played alone")
    figures = [figure(format_number(solo.plays), _games_caption(solo.plays), key=f"{key}-plays")]
    if solo.opponent:
        figures.append(figure(format_number(solo.wins), _wins_caption(solo.wins, solo.shared_wins, won=True),
                              key=f"{key}-wins"))
        # i18n: the caption under a count of games lost to Max or Gerry
        figures.append(figure(format_number(solo.losses), npgettext("count of games", "Lost", "Lost", solo.losses),
                              key=f"{key}-losses"))
    figures.append(figure(number(solo.best), _("Best"), key=f"{key}-best", emphasis=True))
    details = [_("average {score}").format(score=number(solo.average))]
    if solo.best_margin is not None:
        details.append(_("widest win by {margin}").format(margin=number(solo.best_margin)))
    return panel(key=key, controls=[
        ft.Row([ft.Icon(look.icon, color=look.colour, size=20),
                ft.Text(title, weight=ft.FontWeight.W_600, expand=True),
                ft.Text(_game_title(solo.game), size=12, color=ft.Colors.ON_SURFACE_VARIANT)]),
        figure_row(figures),
        ft.Row([ft.Text(first_capital(" · ".join(details)), size=13, color=ft.Colors.ON_SURFACE_VARIANT, expand=True),
                *([form_dots(solo.form, size=18)] if solo.opponent else [])]),
    ])


def _solo_table(game: str, opponent: str | None, rows: list[SoloLine], colours: dict[str, str],
                page: ft.Page) -> ft.Control:
    """Everyone's solo games of one game against one opponent (or alone): a row per player, most played first."""
    look = game_look(game)
    key = f"stats-solo-{game}-{(opponent or 'alone').lower()}"
    rows = sorted(rows, key=lambda r: (-r.plays, -r.wins, name_order(r.name)))
    # The columns' names (their keys stay these English words).
    columns = ((N_("Games"), N_("Won"), N_("Lost"), N_("Best")) if opponent
               else (N_("Games"), N_("Best"), N_("Average")))
    headings = [_(c) for c in columns]
    widths = [_column_width(h) for h in headings]
    # The columns' names are said with each number of a row ("Ann, Games: 3, Won: 1, …"): read alone, a row
    # was "Ann, 3, 1, 2, 18" and the names above it separate nodes.
    header = ft.Semantics(exclude_semantics=True, content=ft.Row(spacing=8, controls=[
        ft.Container(expand=True),
        *(ft.Text(h, size=11, color=ft.Colors.ON_SURFACE_VARIANT, width=w, text_align=ft.TextAlign.RIGHT)
          for h, w in zip(headings, widths)),
    ]))
    lines: list[ft.Control] = [
        ft.Row([ft.Icon(look.icon, color=look.colour, size=20),
                ft.Text(_("Against {opponent}").format(opponent=opponent) if opponent else _("Played alone"),
                        weight=ft.FontWeight.W_600,
                        expand=True),
                ft.Text(_game_title(game), size=12, color=ft.Colors.ON_SURFACE_VARIANT)]),
        header,
    ]
    # Beside four number columns a phone leaves a name about 55 px, where "Bérénice" broke inside the word, and
    # in German about 33, where "Ömer" did. Where a name is longer than its room, or the room is too narrow for
    # names at all, every name has a line of its own above its numbers: the whole table, not some rows only
    # (mixed, the rows were staggered). A wider screen keeps each player on one line.
    room = float(page.width or 390) - _SOLO_FRAME - sum(widths) - 8 * len(widths)
    stacked = room < _SOLO_NAME_ROOM or any(
        max((len(word) for word in row.name.split()), default=0) * 13 * _SOLO_EM > room for row in rows)
    for row in rows:
        values = ((format_number(row.plays), format_number(row.wins), format_number(row.losses), number(row.best))
                  if opponent else (format_number(row.plays), number(row.best), number(row.average)))
        cell = f"{key}-{row.key}"
        who = ft.Row(expand=True, spacing=6, controls=[
            colour_dot(colours.get(row.key, _GUEST_COLOUR), row.name, size=22),
            ft.Text(row.name, key=f"{cell}-name", size=13, weight=ft.FontWeight.W_600, expand=True, max_lines=2,
                    overflow=ft.TextOverflow.ELLIPSIS)])
        numbers = [ft.Text(v, key=f"{cell}-{c.lower()}", size=13, width=w, text_align=ft.TextAlign.RIGHT)
                   for c, v, w in zip(columns, values, widths)]
        content = (ft.Column(spacing=2, tight=True, controls=[
                       ft.Row(controls=[who]), ft.Row(spacing=8, controls=[ft.Container(expand=True), *numbers])])
                   if stacked else ft.Row(spacing=8, controls=[who, *numbers]))
        said = ", ".join([row.name, *(labelled_value(h, v) for h, v in zip(headings, values))])
        lines.append(labelled(cell, ft.Container(
            key=cell, ink=True, on_click=_go(page, stats_route(row.key, under=_under(page))),
            border_radius=ft.BorderRadius.all(8),
            padding=ft.Padding.symmetric(vertical=4), content=ft.Semantics(exclude_semantics=True, content=content),
        ), label=said, button=True))
    return panel(lines, key=key, spacing=6)


_SOLO_FRAME = 92     # a solo table row's width besides its name and numbers: the page's and panel's padding, the dot
_SOLO_EM = 0.72      # a name's letters at 13 px, bold, measured generously (a word is never broken: "m" is wide)
_SOLO_NAME_ROOM = 72  # less room than this beside the numbers, and the names go above them


def _column_width(heading: str) -> int:
    """The width of a solo table's number column: its heading on one line at 11 px, measured generously
    (Roboto runs at 0.53 to 0.63 em a letter: "Gewonnen" is wider than "Durchschnitt" a letter), and room
    for a number such as -12.5 at 13 px. A heading in a share of the row broke inside the word in German
    and Polish ("Durchschni" over "tt")."""
    return max(44, round(len(heading) * 11 * 0.64) + 4)


def _under(page: ft.Page) -> str:
    """Where Statistics was opened from, for a player's statistics opened from it to sit on it (back returns
    to the overview, then to that screen): History's address, or none (home)."""
    return "/history" if (page.route or "").startswith("/history/stats") else ""


def _go(page: ft.Page, route: str):
    return lambda: page.navigate(route)


def _distribution_heading(game: str | None) -> str:
    """A distribution chart's name for what the game's scores count: Ridgeline's fatigue is not points."""
    if game == "ridgeline":
        # i18n: a chart of how Ridgeline's fatigue totals spread (fatigue: lower is better)
        return _("Fatigue distribution")
    if game == "expedition":
        # i18n: a chart of how an Expedition's Reputation star totals spread
        return _("Star distribution")
    return _("Score distribution")


def _games_caption(plays: int) -> str:
    """The caption under a count of games, in the form the count takes ("1 / Game", not "1 / Games")."""
    # i18n: the caption under a count of games played, shown above it as a large figure
    return npgettext("count of games", "Game", "Games", plays)


def _wins_caption(wins: int, shared: int, *, won: bool = False) -> str:
    """'Wins' ('Won' for a solo record), or 'Wins, 1 shared' when some of them were shared (the tile is too
    narrow for both), in the form the count of wins takes."""
    if won:
        # i18n: the caption under a count of games won against Max or Gerry; {n} of them were shared
        return (npgettext("count of games", "Won, {n} shared", "Won, {n} shared", wins).format(
            n=format_number(shared)) if shared
            # i18n: the caption under a count of games won against Max or Gerry
            else npgettext("count of games", "Won", "Won", wins))
    # i18n: the caption under a count of wins, shown above it as a large figure; {n} of them were shared
    return (ngettext("Win, {n} shared", "Wins, {n} shared", wins).format(n=format_number(shared)) if shared
            # i18n: the caption under a count of wins, shown above it as a large figure
            else ngettext("Win", "Wins", wins))


def _games_words(line: PlayerLine) -> str:
    """'7 games', or '7 games (2 alone)' when some had no opponent: those count in plays, not in the win rate."""
    if line.alone:
        # i18n: a player's games, some of them played alone (no opponent: not counted in the win rate)
        return ngettext("{n} game ({alone} alone)", "{n} games ({alone} alone)", line.plays).format(
            n=format_number(line.plays), alone=format_number(line.alone))
    return ngettext("{n} game", "{n} games", line.plays).format(n=format_number(line.plays))


def _rate_note(line: PlayerLine, key: str) -> list[ft.Control]:
    """Under the figures, when some games were played alone: which games the win rate counts."""
    if not line.alone:
        return []
    if line.contested:
        words = ngettext("The win rate counts the {n} game with an opponent, not the {alone} played alone.",
                         "The win rate counts the {n} games with an opponent, not the {alone} played alone.",
                         line.contested).format(n=format_number(line.contested), alone=format_number(line.alone))
    else:
        words = ngettext("The game was played alone: there was nobody to win against.",
                         "Every game was played alone: there was nobody to win against.", line.plays)
    return [ft.Text(words, key=key, size=12, color=ft.Colors.ON_SURFACE_VARIANT)]


def _wins_words(line: PlayerLine) -> str:
    if line.shared_wins:
        return ngettext("{n} win ({shared} shared)", "{n} wins ({shared} shared)", line.wins).format(
            n=format_number(line.wins), shared=line.shared_wins)
    return ngettext("{n} win", "{n} wins", line.wins).format(n=format_number(line.wins))


def _played_words(line: PlayerLine, played: list[str]) -> str:
    kinds = len(played)
    if kinds == 1:
        # One game, named ("1 finished game of 1 kind" said nothing of which).
        # i18n: a player's games, all of one game: "3 finished games of Ridgeline"
        return ngettext("{n} finished game of {game}", "{n} finished games of {game}", line.plays).format(
            n=format_number(line.plays), game=_game_title(played[0]))
    # i18n: {kinds} is "1 kind" or "3 kinds" (of game)
    return ngettext("{n} finished game of {kinds}", "{n} finished games of {kinds}", line.plays).format(
        n=format_number(line.plays), kinds=ngettext("{n} kind", "{n} kinds", kinds).format(n=kinds))


def _lower_better(heading: str) -> str:
    # i18n: a chart's heading, said to be about scores where the lowest is best
    return _("{heading} (lower is better)").format(heading=heading)


def _latest(heading: str, shown: int, total: int) -> str:
    # i18n: a chart's heading, then how many of a player's games it shows
    return ngettext("{heading}, latest {shown} of {n} game", "{heading}, latest {shown} of {n} games", total).format(
        heading=heading, shown=shown, n=format_number(total))


def _game_title(game: str) -> str:
    entry = GAMES.get(game)
    return tr(entry.title) if entry else game


def _short_date(iso: str) -> str:
    text = format_when(iso)
    return text.split(",")[0] if text else ""
