"""Ridgeline's new-table screen (`/games/ridgeline`): the seats in order from the roster, the first dealer,
the route of camps."""

from __future__ import annotations

import flet as ft

from companion.games.ridgeline import session as engine
from companion.games.ridgeline.data import load
from companion.ui.common.routing import start_game
from companion.ui.common.services import use_app
from companion.ui.common.widgets import (
    bind,
    choice_tile,
    labelled,
    message_card,
    roster_needed,
    screen_view,
    seat_chip,
    section_title,
)

__all__ = ["RidgelineNewGame"]

GAME = engine.GAME_ID
_TITLE = "Ridgeline"


@ft.component
def RidgelineNewGame() -> ft.View:
    """Route `/games/ridgeline`: two to six seats from the roster in seating order, the route, the first dealer."""
    app = use_app()
    seats, set_seats = ft.use_state(())
    route, set_route = ft.use_state(load().default_route.id)
    dealer, set_dealer = ft.use_state(None)
    problem, set_problem = ft.use_state(None)
    data = load()
    deck = data.deck
    players = app.store.players.list()
    by_id = {player.id: player for player in players}
    chosen = [by_id[player_id] for player_id in seats if player_id in by_id]
    first = dealer if dealer in [p.id for p in chosen] else (chosen[0].id if chosen else None)

    def toggle(player_id: str) -> None:
        set_problem(None)
        if player_id in seats:
            set_seats(tuple(p for p in seats if p != player_id))
        elif len(seats) >= deck.max_seats:
            set_problem(f"A table has at most {deck.max_seats} seats.")
        else:
            set_seats(seats + (player_id,))

    def start() -> None:
        setup = {
            "seats": [{"id": p.id, "name": p.name} for p in chosen],
            "route": route,
            "first_dealer": by_id[first].name if first else None,
            "checked": True,       # hands are checked against what a hand can hold (rules.hand_problem)
        }
        start_game(app, GAME, lambda: (setup, [p.id for p in chosen], f"{data.routes[route].name} route"),
                   set_problem)

    if not players:
        return screen_view(f"New {_TITLE} game", roster_needed(
            "rl", f"Ridgeline seats {deck.min_seats} to {deck.max_seats} players from your roster. Add them first.",
            heading="Who is playing?"))

    body: list[ft.Control] = [
        section_title(f"Seats · {len(chosen)} of {deck.min_seats}-{deck.max_seats}"),
        ft.Text("Tap players in seating order; the deal passes to the left.", size=13,
                color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            seat_chip(f"rl-new-seat-{player.id}", player.name, player.colour, player.id in seats,
                      bind(toggle, player.id),
                      mark=f"seat {seats.index(player.id) + 1}" if player.id in seats else None)
            for player in players
        ]),
    ]
    if chosen:
        body.append(ft.Text("Seating: " + ", ".join(f"{i}. {p.name}" for i, p in enumerate(chosen, start=1)),
                            key="rl-new-order", size=13))
    body.append(section_title("Route"))
    body.append(ft.Column(spacing=8, tight=True, controls=[
        choice_tile(f"rl-new-route-{route_id}", data.routes[route_id].name, _route_text(data, route_id),
                    route == route_id, bind(set_route, route_id))
        for route_id in data.routes
    ]))
    body.append(section_title("Who deals first?"))
    if chosen:
        body.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            seat_chip(f"rl-new-dealer-{player.id}", player.name, player.colour, player.id == first,
                      bind(set_dealer, player.id))
            for player in chosen
        ]))
    else:
        body.append(ft.Text("Seat 1 deals first unless you choose someone else.", size=13,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    if problem:
        body.append(message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, "The game was not started", problem,
                                 key="rl-new-problem", tone="warning"))
    ready = len(chosen) >= deck.min_seats
    body.append(labelled("rl-new-start", ft.FilledButton(
        "Start the climb" if ready else f"Choose at least {deck.min_seats} players",
        key="rl-new-start", icon=ft.Icons.HIKING_ROUNDED, disabled=not ready, on_click=start,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=20, vertical=18)))))
    return screen_view(f"New {_TITLE} game", body)


def _route_text(data, route_id: str) -> str:
    route = data.routes[route_id]
    if route.length == len(data.camps):
        return f"All {route.length} camps to the Summit"
    camps = ", ".join(str(n) for n in route.camps[:-1]) + f" and {route.camps[-1]}"
    return f"{route.length} camps: {camps}"
