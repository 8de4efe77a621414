"""Ridgeline's new-table screen (`/games/ridgeline`): the seats in order from the roster, the first dealer,
the route of camps."""

from __future__ import annotations

import flet as ft

from companion.games.ridgeline import session as engine
from companion.games.ridgeline.data import load
from companion.i18n import _, msg, ngettext, tr
from companion.ui.common.routing import left_the_roster, start_game
from companion.ui.common.services import Refused, update_unless_refused, use_app
from companion.ui.common.widgets import (
    and_list,
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
_TITLE = "Ridgeline"  # the game's name, the same in every language


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
        # A change of the latest seats: two players tapped faster than the screen is redrawn both sit down.
        def toggled(latest: tuple[str, ...]) -> tuple[str, ...] | Refused:
            if player_id in latest:
                return tuple(p for p in latest if p != player_id)
            if len(latest) >= deck.max_seats:
                return Refused(ngettext("A table has at most {n} seat.", "A table has at most {n} seats.",
                                        deck.max_seats).format(n=deck.max_seats))
            return latest + (player_id,)

        set_problem(update_unless_refused(set_seats, toggled))

    def start() -> None:
        kept, gone = left_the_roster(app, seats)
        if gone:
            set_seats(kept)
            set_problem(gone)
            return
        setup = {
            "seats": [{"id": p.id, "name": p.name} for p in chosen],
            "route": route,
            "first_dealer": by_id[first].name if first else None,
            "checked": True,       # hands are checked against what a hand can hold (rules.hand_problem)
        }
        # The title is stored with the game in English ("Ridge route"), with its words, so home and History say
        # it in the player's language.
        game_title = msg("{route} route", route=engine.route_words(route, data.routes[route].name))
        start_game(app, GAME, lambda: (setup, [p.id for p in chosen], game_title),
                   set_problem)

    # i18n: a screen's title; {game} is the game's name
    title = _("New {game} game").format(game=_TITLE)
    if not players:
        return screen_view(title, roster_needed(
            "rl", _("Ridgeline seats {min} to {max} players from your roster. Add them first.").format(
                min=deck.min_seats, max=deck.max_seats),
            heading=_("Who is playing?")))

    body: list[ft.Control] = [
        # i18n: {chosen} players chosen of the {min} to {max} a table seats
        section_title(_("Seats · {chosen} of {min}–{max}").format(chosen=len(chosen), min=deck.min_seats,
                                                                  max=deck.max_seats)),
        ft.Text(_("Tap players in seating order; the deal passes to the left."), size=13,
                color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            seat_chip(f"rl-new-seat-{player.id}", player.name, player.colour, player.id in seats,
                      bind(toggle, player.id),
                      mark=_("seat {number}").format(number=seats.index(player.id) + 1) if player.id in seats else None)
            for player in players
        ]),
    ]
    if chosen:
        # i18n: {seats} lists the players in seating order, "1. Ann, 2. Bo"
        body.append(ft.Text(_("Seating: {seats}").format(
            seats=", ".join(f"{i}. {p.name}" for i, p in enumerate(chosen, start=1))), key="rl-new-order", size=13))
    # i18n: the section choosing the Ridgeline route climbed (Ridge or Sprint)
    body.append(section_title(_("Route")))
    body.append(ft.Column(spacing=8, tight=True, controls=[
        choice_tile(f"rl-new-route-{route_id}", tr(engine.route_words(route_id, data.routes[route_id].name)),
                    _route_text(data, route_id),
                    route == route_id, bind(set_route, route_id))
        for route_id in data.routes
    ]))
    body.append(section_title(_("Who deals first?")))
    if chosen:
        body.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            seat_chip(f"rl-new-dealer-{player.id}", player.name, player.colour, player.id == first,
                      bind(set_dealer, player.id), one_of=True)
            for player in chosen
        ]))
    else:
        body.append(ft.Text(_("Seat 1 deals first unless you choose someone else."), size=13,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    if problem:
        body.append(message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, _("The game was not started"), problem,
                                 key="rl-new-problem", tone="warning"))
    ready = len(chosen) >= deck.min_seats
    body.append(labelled("rl-new-start", ft.FilledButton(
        _("Start the climb") if ready else ngettext("Choose at least {n} player", "Choose at least {n} players",
                                                    deck.min_seats).format(n=deck.min_seats),
        key="rl-new-start", icon=ft.Icons.HIKING_ROUNDED, disabled=not ready, on_click=start,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=20, vertical=18)))))
    return screen_view(title, body)


def _route_text(data, route_id: str) -> str:
    route = data.routes[route_id]
    if route.length == len(data.camps):
        return ngettext("All {n} camp to the Summit", "All {n} camps to the Summit", route.length).format(
            n=route.length)
    camps = and_list([str(n) for n in route.camps])
    # i18n: a route's camps, "5 camps (1, 2, 5, 7 and 9)"; said after the route's name, as a sentence of its own
    return ngettext("{n} camp ({camps})", "{n} camps ({camps})", route.length).format(n=route.length, camps=camps)
