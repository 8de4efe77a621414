"""The History screen: finished games, newest first, a page at a time, filtered by game and by player.

Tapping a game opens its full breakdown (`/history/<id>`, companion.ui.shell.record), where it can be
shared or deleted (with undo). Games still in progress are listed on top with a link to carry on.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.errors import CompanionError
from companion.games import GAMES
from companion.i18n import _, format_number, ngettext, tr
from companion.store.records import said_in_place
from companion.store.stats import lower_is_better, player_key, ranked_seats, score_words, seats
from companion.ui.common.services import seated_names, use_app
from companion.ui.common.widgets import (choice_menu, colour_dot, empty_state, format_when, format_when_unbroken,
                                        labelled, screen_view, section_title)
from companion.ui.shell.charts import number
from companion.ui.shell.home import game_look

__all__ = ["HistoryScreen", "PAGE_SIZE", "ALL", "record_card", "record_title", "roster_colours", "roster_names",
           "shown_name", "shown_names", "stats_route"]

# How many finished games one page shows; the list grows by this much on "Show more" so that a long
# history (thousands of games) never has to be drawn at once.
PAGE_SIZE = 20
# The filter value meaning "no filter".
ALL = "all"


def stats_route(key: str | None = None, *, under: str = "") -> str:
    """The Statistics address, for everyone or for one player (a stats.PlayerKey); `under` another screen's
    address (a record's: "/history/<id>"), whose view back returns to."""
    from urllib.parse import quote  # noqa: PLC0415

    return f"{under}/stats" if key is None else f"{under}/stats/{quote(key, safe=':')}"


@ft.component
def HistoryScreen() -> ft.View:
    """Route `/history`: each finished game with its date, game, title, players, scores and winner."""
    app = use_app()
    page = ft.context.page
    shown, set_shown = ft.use_state(PAGE_SIZE)
    game, set_game = ft.use_state(ALL)
    player, set_player = ft.use_state(ALL)

    store = app.store
    roster = _roster(store)
    colours = {p.id: p.colour for p in roster}
    game_filter = None if game == ALL else game
    player_filter = None if player == ALL else player
    try:
        records = store.history.list(game=game_filter, player_id=player_filter, limit=shown + 1)
        total = store.history.count(game=game_filter, player_id=player_filter)
    except CompanionError:
        records, total = [], 0
    more = len(records) > shown
    records = records[:shown]
    anything = total > 0 or game_filter is not None or player_filter is not None

    def choose_game(key: str) -> None:
        set_game(key)
        set_shown(PAGE_SIZE)

    def choose_player(key: str) -> None:
        set_player(key)
        set_shown(PAGE_SIZE)

    body: list[ft.Control] = []
    body.extend(_in_progress(app, page))
    if anything:
        body.append(_filters(game, player, roster, store, choose_game, choose_player))
        body.append(_summary_line(total, len(records), game_filter, player_filter, roster, page))
    if not records:
        if anything:
            body.append(empty_state(ft.Icons.FILTER_ALT_OFF_ROUNDED, _("No games match"),
                                    _("Try another game or player, or show all."), key="history-none-match"))
        else:
            body.append(
                empty_state(
                    ft.Icons.HISTORY_ROUNDED,
                    _("No finished games yet"),
                    _("When a game ends, its scores and winner are kept here."),
                    key="history-empty",
                )
            )
    names = shown_names(app.store)
    body.extend(record_card(record, colours, on_click=_opener(page, record["id"]), names=names) for record in records)
    if more:
        body.append(
            ft.Row(
                alignment=ft.MainAxisAlignment.CENTER,
                controls=[
                    labelled("history-more", ft.OutlinedButton(
                        _("Show more"), key="history-more", icon=ft.Icons.EXPAND_MORE_ROUNDED,
                        on_click=lambda: set_shown(lambda n: n + PAGE_SIZE)))
                ],
            )
        )
    actions = [
        labelled("history-open-stats", ft.IconButton(
            ft.Icons.INSIGHTS_ROUNDED, key="history-open-stats", tooltip=_("Statistics"),
            on_click=lambda: page.navigate(stats_route(under="/history"))))    # back returns to History
    ]
    return screen_view(_("History"), body, actions=actions)


def record_title(record: dict) -> str:
    """A finished game's title as History shows it: a title the app made is said in the player's language
    ("" for a game without one)."""
    return tr(said_in_place(record).get("title") or "")


def record_card(record: dict, colours: dict[str, str], *, on_click: Callable[[], None] | None = None,
                names: dict[str, str] | None = None) -> ft.Control:
    """One finished game: which game and when, its title, then every player's score, winner marked; a roster
    player by the name in `names` (roster ids to current names: a renamed player by the name they go by now)."""
    game = record.get("game", "")
    entry = GAMES.get(game)
    look = game_look(game)
    players = list(record.get("players") or [])
    # Who won as Statistics and the shared text read it: a player alone had nobody to beat, so no trophy.
    won = {seat.index for seat in seats(record) if seat.outcome.won}
    low = lower_is_better(record)
    # Best first, placed as the shared result places them (winners, Ridgeline's camps cleared, then score).
    rows = [_player_line(record["id"], game, seat.index, players[seat.index], colours, seat.index in won, names,
                         shared=len(won) > 1)
            for seat in ranked_seats(record) if seat.index < len(players)]
    title = record_title(record)
    header = [
        ft.Row(
            spacing=8,
            controls=[
                ft.Icon(look.icon, color=look.colour, size=18),
                ft.Text(tr(entry.title) if entry else game, size=13, weight=ft.FontWeight.W_600,
                        color=ft.Colors.ON_SURFACE_VARIANT, expand=True),
                ft.Text(format_when(record.get("finished")), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                *([ft.Icon(ft.Icons.CHEVRON_RIGHT_ROUNDED, size=18, color=ft.Colors.ON_SURFACE_VARIANT)]
                  if on_click else []),
            ],
        )
    ]
    if title:
        header.append(ft.Text(title, size=16, weight=ft.FontWeight.W_600))
    if low and len(players) > 1:
        # i18n: under a finished game's title in History, when its scores are better low (Ridgeline's fatigue)
        header.append(ft.Text(_("Lower is better"), key=f"history-{record['id']}-lower", size=12,
                              color=ft.Colors.ON_SURFACE_VARIANT))
    card = ft.Container(
        key=f"history-{record['id']}",
        on_click=on_click,
        ink=on_click is not None,
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=16,
        content=ft.Column(spacing=8, tight=True, controls=[*header, *rows]),
    )
    # One button to a screen reader, named by the card's words in reading order.
    return labelled(f"history-{record['id']}", card, merge=True) if on_click else card


def roster_colours(store) -> dict[str, str]:
    """Player colours by id, removed players included, so old games keep their colours."""
    return {p.id: p.colour for p in _roster(store)}


def roster_names(store) -> dict[str, str]:
    """Player names by id as they are now, removed players included: a game finished before a rename shows
    the name the player goes by now (a result shared, the CSV export, a rename said beside the breakdown)."""
    return {p.id: p.name for p in _roster(store)}


def shown_name(player) -> str:
    """A roster player's name where the app lists or picks players: "Dieter (removed)" for a removed one, whose
    name a newer player may have taken (History's cards and filter, Statistics)."""
    return _("{name} (removed)").format(name=player.name) if player.removed else player.name


def shown_names(store) -> dict[str, str]:
    """`shown_name` of every roster player, removed ones included, by id."""
    return {p.id: shown_name(p) for p in _roster(store)}


def _opener(page: ft.Page, record_id: str) -> Callable[[], None]:
    return _go(page, f"/history/{record_id}")


def _go(page: ft.Page, route: str) -> Callable[[], None]:
    return lambda: page.navigate(route)


def _player_line(record_id: str, game: str, index: int, player: dict, colours: dict[str, str], winner: bool,
                 names: dict[str, str] | None, *, shared: bool = False) -> ft.Control:
    name = str((names or {}).get(player.get("id") or "", player.get("name", "?")))
    score = player.get("score")
    colour = colours.get(player.get("id") or "", "#78909C")
    # A negative score with the printed minus sign ("−4"), as the breakdown and Statistics write it.
    numeric = isinstance(score, (int, float)) and not isinstance(score, bool)
    shown = number(score) if numeric else "" if score is None else str(score)
    # One node to a screen reader, in the order drawn: the name, "winner" after a winner's name (a tooltip would
    # be said before the whole card), the score with what it counts ("Bob, winner, 61 points"): a bare number
    # after a name said neither what it was nor, merged into the card, whose. A win shared is said so: each of
    # three tied players was "Winner". Both in the small letters of a list's middle.
    said = [name, *([_("shared win") if shared else _("winner")] if winner else []),
            tr(score_words(game, score)) if numeric else shown]
    return ft.Semantics(label=", ".join(w for w in said if w), exclude_semantics=True, content=ft.Row(
        key=f"history-{record_id}-player-{index}",
        spacing=10,
        controls=[
            colour_dot(colour, name, size=28),
            ft.Text(name, expand=True, weight=ft.FontWeight.W_600 if winner else None),
            *([ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, color=ft.Colors.AMBER_700, size=20,
                       key=f"history-{record_id}-winner-{index}")] if winner else []),
            ft.Text(shown, weight=ft.FontWeight.W_600 if winner else None, text_align=ft.TextAlign.RIGHT, width=48),
            # An Expedition's score counts stars: a bare "14" there read as 14 points.
            *([ft.Icon(ft.Icons.STAR_ROUNDED, size=16, color=ft.Colors.ON_SURFACE_VARIANT,
                       key=f"history-{record_id}-stars-{index}")] if game == "expedition" and numeric else []),
        ],
    ))


def _filters(game: str, player: str, roster, store, choose_game, choose_player) -> ft.Control:
    """The game and player pickers, side by side."""
    games = [(ALL, _("All games"))]
    games.extend((entry.id, tr(entry.title)) for entry in GAMES.values())
    people = [(ALL, _("Everyone"))]
    for p in roster:
        # A removed player stays in the filter while their games are in History.
        if p.removed and not _has_games(store, p.id):
            continue
        people.append((p.id, shown_name(p)))
    # One above the other on a phone, with no icon before the words: side by side, each had about 80 pixels
    # for its words between its icon and its arrow, and a game's title or a player's name was cut inside a
    # word; now a name of 40 characters fits. Side by side from a small tablet's width.
    return ft.ResponsiveRow(
        spacing=8,
        run_spacing=8,
        controls=[
            ft.Container(col={"xs": 12, "sm": 6}, content=choice_menu(
                "history-filter-game", _("Game"), game, games, choose_game)),
            ft.Container(col={"xs": 12, "sm": 6}, content=choice_menu(
                "history-filter-player", _("Player"), player, people, choose_player)),
        ],
    )


def _summary_line(total: int, shown: int, game: str | None, player: str | None, roster, page) -> ft.Control:
    """How many games match, and a way to this player's statistics."""
    if shown < total:
        words = ngettext("Newest {shown} of {n} game", "Newest {shown} of {n} games", total).format(
            shown=format_number(shown), n=format_number(total))
    else:
        words = ngettext("{n} game", "{n} games", total).format(n=format_number(total))
    controls: list[ft.Control] = [ft.Text(words, key="history-match-count", size=13, color=ft.Colors.ON_SURFACE_VARIANT)]
    if player is not None and total:
        name = next((p.name for p in roster if p.id == player), "")
        # A long name takes the link to a line of its own, and at most that line: the end is cut, not the screen.
        label = _("{name}'s statistics").format(name=name) if name else _("Statistics")
        # Named once by the label: the words and their tooltip (for a sighted player, when cut) are not said.
        controls.append(labelled("history-player-stats", ft.TextButton(
            ft.Semantics(exclude_semantics=True, content=ft.Text(label, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                                                                 tooltip=label)),
            key="history-player-stats", icon=ft.Icons.INSIGHTS_ROUNDED,
            on_click=lambda: page.navigate(stats_route(player_key(player, name), under="/history"))),
            label=label, button=True))
    return ft.Row(controls, wrap=True, spacing=8, alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _in_progress(app, page: ft.Page) -> list[ft.Control]:
    """Games not finished yet: each one tap away from carrying on, as on home's Resume list."""
    try:
        sessions = app.keeper.in_progress()
    except CompanionError:
        return []
    if not sessions:
        return []
    rows: list[ft.Control] = [section_title(_("In progress"), key="history-resume-title")]
    for session in sessions:
        entry = GAMES.get(session.game)
        look = game_look(session.game)
        names = ", ".join(seated_names(app.store, session))
        title = tr(session.title) if session.title else (tr(entry.title) if entry else session.game)
        # A title made of the names (14ers' own) says who: the names are not said again under it.
        if names == title:
            names = ""
        key = f"history-resume-{session.id}"
        rows.append(labelled(key, ft.Container(
            key=key,
            ink=True,
            on_click=_go(page, f"/play/{session.game}/{session.id}"),
            border_radius=ft.BorderRadius.all(14),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            padding=ft.Padding.symmetric(horizontal=14, vertical=10),
            content=ft.Row(spacing=12, controls=[
                ft.Icon(ft.Icons.PLAY_CIRCLE_FILL_ROUNDED, color=look.colour, size=30),
                ft.Column(expand=True, spacing=0, tight=True, controls=[
                    ft.Text(title, weight=ft.FontWeight.W_600, color=ft.Colors.ON_SECONDARY_CONTAINER),
                    ft.Text(" · ".join(x for x in ((tr(entry.title) if entry else session.game), names) if x),
                            key=f"{key}-what", size=12, color=ft.Colors.ON_SECONDARY_CONTAINER, max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS),
                    # A line of its own: after the game and the players, the time was the part cut off.
                    ft.Text(_("saved {when}").format(when=format_when_unbroken(session.updated)), size=12,
                            color=ft.Colors.ON_SECONDARY_CONTAINER),
                ]),
                ft.Text(_("Resume"), weight=ft.FontWeight.W_600, color=ft.Colors.ON_SECONDARY_CONTAINER),
            ]),
        )))
    # i18n: the heading over the finished games in History, below the games in progress
    rows.append(section_title(_("Finished games")))
    return rows


def _roster(store) -> list:
    try:
        return list(store.players.list(include_removed=True))
    except CompanionError:
        return []


def _has_games(store, player_id: str) -> bool:
    try:
        return bool(store.history.list(player_id=player_id, limit=1))
    except CompanionError:
        return False
