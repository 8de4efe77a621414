"""The History screen: finished games, newest first, a page at a time."""

from __future__ import annotations

import flet as ft

from companion.errors import CompanionError
from companion.games import GAMES
from companion.ui.home import game_look
from companion.ui.services import use_app
from companion.ui.widgets import colour_dot, empty_state, format_when, labelled, screen_view

__all__ = ["HistoryScreen", "PAGE_SIZE"]

# How many finished games one page shows; the list grows by this much on "Show more" so that a long
# history (thousands of games) never has to be drawn at once.
PAGE_SIZE = 20


@ft.component
def HistoryScreen() -> ft.View:
    """Route `/history`: each finished game with its date, game, title, players, scores and winner."""
    app = use_app()
    shown, set_shown = ft.use_state(PAGE_SIZE)

    records = app.store.history.list(limit=shown + 1)
    more = len(records) > shown
    records = records[:shown]
    colours = _roster_colours(app.store)

    body: list[ft.Control] = []
    if not records:
        body.append(
            empty_state(
                ft.Icons.HISTORY_ROUNDED,
                "No finished games yet",
                "When a game ends, its scores and winner are kept here.",
                key="history-empty",
            )
        )
    body.extend(_record_card(record, colours) for record in records)
    if more:
        body.append(
            ft.Row(
                alignment=ft.MainAxisAlignment.CENTER,
                controls=[
                    labelled("history-more", ft.OutlinedButton(
                        "Show more", key="history-more", icon=ft.Icons.EXPAND_MORE_ROUNDED,
                        on_click=lambda: set_shown(lambda n: n + PAGE_SIZE)))
                ],
            )
        )
    return screen_view("History", body)


def _record_card(record: dict, colours: dict[str, str]) -> ft.Control:
    """One finished game: which game and when, its title, then every player's score, winner marked."""
    game = record.get("game", "")
    entry = GAMES.get(game)
    look = game_look(game)
    players = list(record.get("players") or [])
    rows = [_player_line(record["id"], index, player, colours) for index, player in enumerate(players)]
    title = record.get("title") or ""
    header = [
        ft.Row(
            spacing=8,
            controls=[
                ft.Icon(look.icon, color=look.colour, size=18),
                ft.Text(entry.title if entry else game, size=13, weight=ft.FontWeight.W_600,
                        color=ft.Colors.ON_SURFACE_VARIANT, expand=True),
                ft.Text(format_when(record.get("finished")), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            ],
        )
    ]
    if title:
        header.append(ft.Text(title, size=16, weight=ft.FontWeight.W_600))
    return ft.Container(
        key=f"history-{record['id']}",
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=16,
        content=ft.Column(spacing=8, tight=True, controls=[*header, *rows]),
    )


def _player_line(record_id: str, index: int, player: dict, colours: dict[str, str]) -> ft.Control:
    name = str(player.get("name", "?"))
    winner = bool(player.get("winner"))
    score = player.get("score")
    colour = colours.get(player.get("id") or "", "#78909C")
    return ft.Row(
        key=f"history-{record_id}-player-{index}",
        spacing=10,
        controls=[
            colour_dot(colour, name, size=28),
            ft.Text(name, expand=True, weight=ft.FontWeight.W_600 if winner else None),
            *([ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, color=ft.Colors.AMBER_700, size=20,
                       tooltip="Winner", key=f"history-{record_id}-winner-{index}")] if winner else []),
            ft.Text("" if score is None else str(score), weight=ft.FontWeight.W_600 if winner else None,
                    text_align=ft.TextAlign.RIGHT, width=48),
        ],
    )


def _roster_colours(store) -> dict[str, str]:
    """Player colours by id, removed players included, so old games keep their colours."""
    try:
        return {p.id: p.colour for p in store.players.list(include_removed=True)}
    except CompanionError:
        return {}
