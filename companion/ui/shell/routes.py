"""The game routes: `/games/<game>` (start one), `/play/<game>/<session_id>` (carry on with one) and
`/history/<record_id>/game` (a finished game on its game's screen, opened from its record).

Both hand over to the game's own screens when its module has registered them (see
`companion.ui.common.registry`); until then they say plainly that the game is not in this version yet, and a
saved game in progress stays saved.
"""

from __future__ import annotations

from urllib.parse import urlparse

import flet as ft

from companion.games import GAMES, GameEntry
from companion.i18n import _, tr
from companion.ui.common.abandon import use_abandon
from companion.ui.common.registry import game_screen
from companion.ui.common.routing import table_opened
from companion.ui.common.services import player_names, use_app
from companion.ui.common.widgets import format_when, labelled, message_card, screen_view
from companion.ui.shell.home import game_look
from companion.ui.shell.record import missing_record

__all__ = ["NewGameScreen", "PlayScreen", "RecordGameScreen", "SheetScreen", "NotFound"]


@ft.component
def NewGameScreen() -> ft.View:
    """Route `/games/<game>`: the game's own new-game screen, or an honest "not yet available" page."""
    params = ft.use_route_params()
    game = params.get("game") or ""
    entry = GAMES.get(game)
    screen = game_screen(game) if entry else None
    if screen is not None:
        return screen.new_game()
    if entry is None:
        return _unknown_game(game)
    return screen_view(tr(entry.title), [_game_header(entry), _not_available(entry), _home_button()])


@ft.component
def SheetScreen() -> ft.View:
    """Route `/play/<game>/<session_id>/sheet`: the sheet a game in progress holds (an Expedition's Ascent),
    drawn over the game's own screen, so going back returns to it."""
    app = use_app()
    params = ft.use_route_params()
    game = params.get("game") or ""
    session_id = params.get("session_id") or ""
    record = app.store.sessions.get(session_id) if session_id else None
    screen = game_screen(game) if game in GAMES else None
    if screen is not None and screen.sheet is not None and record is not None and record.get("game") == game:
        # Keyed by the game, as the play screens are: another game's sheet is a new screen, not this one's state.
        return screen.sheet(session_id=session_id, key=f"sheet-{session_id}")
    return screen_view(_("Sheet"), [
        message_card(ft.Icons.SEARCH_OFF_ROUNDED, _("No sheet is being played here"),
                     _("The game may have moved on to its next step, finished, or been abandoned."),
                     key="sheet-missing"),
        _home_button(),
    ])


@ft.component
def PlayScreen() -> ft.View:
    """Route `/play/<game>/<session_id>`: the game in progress on its own screen, or what we know of it."""
    app = use_app()
    params = ft.use_route_params()
    problem, set_problem = ft.use_state(None)
    game = params.get("game") or ""
    session_id = params.get("session_id") or ""
    entry = GAMES.get(game)
    record = app.store.sessions.get(session_id) if session_id else None
    found = record is not None and record.get("game") == game
    screen = game_screen(game) if entry else None

    abandon_button = use_abandon(session_id, "play", set_problem, enabled=found)

    if entry is None:
        return _unknown_game(game)
    if found:
        table_opened(app, session_id)
    if screen is not None and (found or _finished_here(app.store, session_id, game)):
        # Keyed by the game: another game opened at this place in the same tab starts with its own state,
        # not the last one's words ("Anna played ..." over a game Anna is not in).
        return screen.play(session_id=session_id, key=f"play-{session_id}")
    if not found:
        return screen_view(
            tr(entry.title),
            [
                message_card(
                    ft.Icons.SEARCH_OFF_ROUNDED,
                    _("This game is not in progress"),
                    _("It is not in History either: it was abandoned (perhaps on another device) or deleted, or "
                      "this link is wrong."),
                    key="play-missing",
                ),
                _home_button(),
            ],
        )

    title = record.get("title") or tr(entry.title)
    moves = len(record.get("actions") or [])
    names = player_names(app.store, record.get("players") or [])
    facts = [
        (_("Players"), ", ".join(names) or "—"),
        (_("Moves so far"), str(moves)),
        (_("Started"), format_when(record.get("created"))),
        (_("Last saved"), format_when(record.get("updated"))),
    ]
    return screen_view(
        title,
        [
            _game_header(entry),
            message_card(
                ft.Icons.CONSTRUCTION_ROUNDED,
                _("The {game} screen is not yet available in this version").format(game=tr(entry.title)),
                _("This game is saved as it is and will open here once the game's screen is included."),
                key="play-unavailable",
            ),
            *([message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, _("Something went wrong"), problem,
                            key="play-problem", tone="warning")] if problem else []),
            ft.Container(
                border_radius=ft.BorderRadius.all(16),
                bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                padding=16,
                content=ft.Column(
                    spacing=8,
                    tight=True,
                    controls=[
                        ft.Row([ft.Text(label, color=ft.Colors.ON_SURFACE_VARIANT, expand=True),
                                ft.Text(value, weight=ft.FontWeight.W_500, key=f"play-fact-{i}")])
                        for i, (label, value) in enumerate(facts)
                    ],
                ),
            ),
            ft.Row(
                alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                controls=[
                    *abandon_button.controls,
                    _home_button(),
                ],
            ),
        ],
    )


@ft.component
def RecordGameScreen() -> ft.View:
    """Route `/history/<record_id>/game`: a finished game on its game's own screen, as at
    `/play/<game>/<record_id>`, but opened from its History record, so that Back returns to the record."""
    app = use_app()
    record_id = ft.use_route_params().get("record_id") or ""
    record = app.store.history.get(record_id) if record_id else None
    entry = GAMES.get(str(record.get("game", ""))) if record is not None else None
    screen = game_screen(entry.id) if entry is not None else None
    if screen is not None:
        return screen.play(session_id=record_id, key=f"play-{record_id}")
    if entry is not None:
        return screen_view(tr(entry.title), [_game_header(entry), _not_available(entry)])
    return missing_record()


@ft.component
def NotFound() -> ft.Control:
    """Any other address: say so and offer the way home."""
    # The Router renders this outside its location context, so the address comes from the page.
    location = urlparse(ft.context.page.route or "").path
    return ft.SafeArea(
        content=ft.Container(
            padding=24,
            content=ft.Column(
                spacing=16,
                controls=[
                    ft.Text(_("Page not found"), size=22, weight=ft.FontWeight.W_600, key="not-found"),
                    ft.Text(_("There is nothing at {address}.").format(address=location) if location
                            else _("There is nothing at this address."),
                            color=ft.Colors.ON_SURFACE_VARIANT),
                    _home_button(),
                ],
            ),
        )
    )


def _game_header(entry: GameEntry) -> ft.Control:
    look = game_look(entry.id)
    return ft.Row(
        spacing=16,
        controls=[
            ft.Container(
                width=64,
                height=64,
                border_radius=ft.BorderRadius.all(18),
                bgcolor=look.colour,
                alignment=ft.Alignment.CENTER,
                content=ft.Icon(look.icon, color=ft.Colors.WHITE, size=34),
            ),
            ft.Column(
                expand=True,
                spacing=4,
                tight=True,
                controls=[
                    ft.Text(tr(entry.title), size=20, weight=ft.FontWeight.W_600),
                    ft.Text(tr(entry.blurb), color=ft.Colors.ON_SURFACE_VARIANT),
                ],
            ),
        ],
    )


def _not_available(entry: GameEntry) -> ft.Control:
    """Say exactly what this version has of the game: its rules engine or nothing yet."""
    if entry.available:
        detail = _("Its rules are already in the companion, but the screen to play it here is not yet.")
    else:
        detail = _("Neither its rules nor its screen are included yet. A later version adds them.")
    return message_card(
        ft.Icons.CONSTRUCTION_ROUNDED,
        _("{game} is not yet available in this version").format(game=tr(entry.title)),
        detail,
        key="game-unavailable",
    )


def _unknown_game(game: str) -> ft.View:
    return screen_view(
        _("Unknown game"),
        [
            message_card(
                ft.Icons.HELP_OUTLINE_ROUNDED,
                _("There is no game called {game}").format(game=repr(game)),
                _("This version knows {games}.").format(games=", ".join(tr(e.title) for e in GAMES.values())),
                key="game-unknown",
            ),
            _home_button(),
        ],
    )


def _home_button() -> ft.Control:
    return ft.Row(
        alignment=ft.MainAxisAlignment.END,
        controls=[
            labelled("go-home", ft.OutlinedButton(_("Back to home"), key="go-home", icon=ft.Icons.HOME_ROUNDED,
                                                  on_click=lambda: ft.context.page.navigate("/")))
        ],
    )


def _finished_here(store, session_id: str, game: str) -> bool:
    """A game finished from this screen: its history record keeps the session's id."""
    record = store.history.get(session_id) if session_id else None
    return record is not None and record.get("game") == game
