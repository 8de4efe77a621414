"""Ridgeline's screens: a new table (`/games/ridgeline`) and the game at the table (`/play/ridgeline/<id>`).

The play screen has five panels on a bottom navigation bar, each reachable with one thumb: the Table (the
coming hand, every seat's camp and fatigue, the hands so far, the winners), the End of hand (who went out,
who pitched, the cards left), and three tools for disputes and planning: the meld Checker, the pitch
Finder and the Lay-off helper. Hands go through the session keeper, so undo, redo and resume replay them;
a finished game is saved to History and stays readable at the same address.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum

import flet as ft

from companion.errors import CompanionError
from companion.games.ridgeline import session as engine
from companion.games.ridgeline.data import load
from companion.games.ridgeline.rules import State
from companion.ui.common.abandon import use_abandon
from companion.ui.common.registry import register_game_screen
from companion.ui.ridgeline.hand import HandDraft, hand_panel
from companion.ui.ridgeline.parts import bind, seat_chip, sentence
from companion.ui.ridgeline.table import FALLBACK_COLOUR, hands_table, record_rows, table_panel, winners_card
from companion.ui.ridgeline.tools import (
    CheckDraft,
    FinderDraft,
    LayoffDraft,
    checker_panel,
    finder_panel,
    layoff_panel,
)
from companion.ui.common.services import use_app
from companion.ui.common.widgets import choice_tile, colour_dot, empty_state, labelled, message_card, screen_view, section_title

__all__ = ["GAME", "Panel", "RidgelineNewGame", "RidgelinePlay", "RidgelineTable", "RidgelineFinished",
           "seat_colours"]

GAME = engine.GAME_ID
_TITLE = "Ridgeline"


class Panel(IntEnum):
    """The play screen's panels, in the order of the navigation bar."""

    TABLE = 0
    HAND = 1
    CHECK = 2
    FIND = 3
    LAY_OFF = 4


_PANELS = (
    (Panel.TABLE, "Table", ft.Icons.TABLE_ROWS_OUTLINED, ft.Icons.TABLE_ROWS_ROUNDED),
    (Panel.HAND, "End hand", ft.Icons.FLAG_OUTLINED, ft.Icons.FLAG_ROUNDED),
    (Panel.CHECK, "Checker", ft.Icons.FACT_CHECK_OUTLINED, ft.Icons.FACT_CHECK_ROUNDED),
    (Panel.FIND, "Finder", ft.Icons.TRAVEL_EXPLORE_OUTLINED, ft.Icons.TRAVEL_EXPLORE_ROUNDED),
    (Panel.LAY_OFF, "Lay off", ft.Icons.CALL_MERGE_OUTLINED, ft.Icons.CALL_MERGE_ROUNDED),
)


# --- a new table -----------------------------------------------------------------------------------------


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
        }
        try:
            session = app.keeper.start(GAME, setup, [p.id for p in chosen], f"{data.routes[route].name} route")
        except CompanionError as exc:
            set_problem(sentence(str(exc)))
            return
        app.changed()
        ft.context.page.navigate(f"/play/{GAME}/{session.id}")

    if not players:
        body: list[ft.Control] = [
            empty_state(ft.Icons.GROUPS_ROUNDED, "Who is playing?",
                        f"Ridgeline seats {deck.min_seats} to {deck.max_seats} players from your roster. "
                        "Add them first.", key="rl-new-empty"),
            labelled("rl-new-players", ft.FilledButton(
                "Add players", key="rl-new-players", icon=ft.Icons.PERSON_ADD_ALT_1_ROUNDED,
                on_click=lambda: ft.context.page.navigate("/players"))),
        ]
        return screen_view(f"New {_TITLE} game", body)

    body = [
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


# --- a game at the table ---------------------------------------------------------------------------------


@ft.component
def RidgelinePlay(session_id: str) -> ft.View:
    """Route `/play/ridgeline/<id>`: the game in progress, or its final standings once saved to History."""
    app = use_app()
    if app.store.sessions.get(session_id) is None:
        record = app.store.history.get(session_id)
        if record is not None and record.get("game") == GAME:
            return RidgelineFinished(record=record)
        return screen_view(_TITLE, [message_card(
            ft.Icons.SEARCH_OFF_ROUNDED, "This game is not in progress",
            "It may have been finished (see History) or abandoned.", key="rl-missing")])
    return RidgelineTable(session_id=session_id)


@ft.component
def RidgelineTable(session_id: str) -> ft.View:
    """The game in progress: the five panels, undo and redo in the app bar."""
    app = use_app()
    panel, set_panel = ft.use_state(Panel.TABLE)
    draft, set_draft = ft.use_state(HandDraft())
    hand_problem, set_hand_problem = ft.use_state(None)
    table_problem, set_table_problem = ft.use_state(None)
    notice, set_notice = ft.use_state(None)
    check, set_check = ft.use_state(CheckDraft())
    find, set_find = ft.use_state(FinderDraft())
    lay, set_lay = ft.use_state(LayoffDraft())
    view_ref = ft.use_ref(None)
    shown_panel = ft.use_ref(panel)

    async def scroll_to_top() -> None:
        # The view scrolls as a whole, so a panel opened from the middle of another one would start there.
        view = view_ref.current
        if shown_panel.current != panel and view is not None:
            shown_panel.current = panel
            await view.scroll_to(offset=0)

    ft.use_effect(scroll_to_top, dependencies=[panel])
    abandon_button = use_abandon(session_id, "rl", lambda text: set_table_problem(sentence(text)))

    try:
        session = app.keeper.get(session_id)
        state: State = app.keeper.state(session_id)
    except CompanionError as exc:
        # A saved game this version cannot replay stays on home until it is abandoned here.
        return screen_view(_TITLE, [message_card(
            ft.Icons.ERROR_OUTLINE_ROUNDED, "This game cannot be opened", sentence(str(exc)),
            key="rl-broken", tone="warning"), abandon_button])
    colours = seat_colours(app.store, state)
    names = state.setup.names

    def show(target: Panel) -> None:
        set_panel(target)
        set_notice(None)

    def submit() -> None:
        if draft.went_out is None:
            set_hand_problem("Choose who went out first.")
            return
        number = len(state.hands) + 1
        try:
            app.keeper.act(session_id, draft.action(names))
        except CompanionError as exc:
            set_hand_problem(sentence(str(exc)))
            return
        set_draft(HandDraft())
        set_hand_problem(None)
        set_table_problem(None)
        set_notice(f"Hand {number} recorded.")
        set_panel(Panel.TABLE)
        app.changed()

    def undo() -> None:
        number = len(state.hands)
        try:
            app.keeper.undo(session_id)
        except CompanionError as exc:
            set_table_problem(sentence(str(exc)))
            return
        set_table_problem(None)
        set_notice(f"Hand {number} undone; redo puts it back.")
        set_panel(Panel.TABLE)  # where the hands and fatigue that changed are shown
        app.changed()

    def redo() -> None:
        number = len(state.hands) + 1
        try:
            app.keeper.redo(session_id)
        except CompanionError as exc:
            set_table_problem(sentence(str(exc)))
            return
        set_table_problem(None)
        set_notice(f"Hand {number} redone.")
        set_panel(Panel.TABLE)  # where the hands and fatigue that changed are shown
        app.changed()

    def finish() -> None:
        try:
            app.keeper.finish(session_id)
        except CompanionError as exc:
            set_table_problem(f"The game was not saved: {sentence(str(exc))}")
            return
        app.changed()

    if panel is Panel.HAND:
        body = hand_panel(state, draft, set_draft, colours, on_submit=submit, problem=hand_problem)
    elif panel is Panel.CHECK:
        body = checker_panel(state, check, set_check, colours)
    elif panel is Panel.FIND:
        body = finder_panel(state, find, set_find, colours)
    elif panel is Panel.LAY_OFF:
        body = layoff_panel(lay, set_lay)
    else:
        body = table_panel(state, colours, on_end_hand=lambda: show(Panel.HAND), on_finish=finish,
                           problem=table_problem, notice=notice)
        body.append(abandon_button)

    actions = [
        labelled("rl-undo", ft.IconButton(
            ft.Icons.UNDO_ROUNDED, key="rl-undo", disabled=not session.can_undo, on_click=undo,
            tooltip="Undo the last hand" if session.can_undo else "Nothing to undo")),
        labelled("rl-redo", ft.IconButton(
            ft.Icons.REDO_ROUNDED, key="rl-redo", disabled=not session.can_redo, on_click=redo,
            tooltip="Redo the hand undone" if session.can_redo else "Nothing to redo")),
    ]
    view = screen_view(_TITLE, body, actions=actions)
    view.navigation_bar = ft.NavigationBar(
        key="rl-nav",
        selected_index=int(panel),
        on_change=lambda e: show(Panel(e.control.selected_index)),
        destinations=[
            ft.NavigationBarDestination(icon=icon, selected_icon=selected, label=label)
            for _, label, icon, selected in _PANELS
        ],
    )
    view_ref.current = view
    return view


@ft.component
def RidgelineFinished(record: Mapping) -> ft.View:
    """A game saved to History: who took the ridge, the final standings and every hand."""
    app = use_app()
    detail = record.get("detail") or {}
    standings = detail.get("standings") or []
    names = [str(s.get("name", "")) for s in standings]
    players = record.get("players") or []
    colours = _record_colours(app.store, players, names)
    winners = list(detail.get("winner") or [])
    fatigue = [int(s.get("fatigue") or 0) for s in standings if s.get("name") in winners]
    camps = detail.get("camps") or []
    body: list[ft.Control] = [
        winners_card(winners, fatigue, str(detail.get("route_name", "")), on_finish=None),
        section_title("Final standings · lower fatigue is better"),
    ]
    for index, standing in enumerate(sorted(standings, key=_standing_order(winners))):
        name = str(standing.get("name", ""))
        body.append(ft.Container(
            key=f"rl-final-{index}",
            border_radius=ft.BorderRadius.all(14),
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            padding=ft.Padding.symmetric(horizontal=12, vertical=10),
            content=ft.Row(spacing=12, controls=[
                colour_dot(colours.get(name, FALLBACK_COLOUR), name, size=32),
                ft.Column(expand=True, spacing=0, tight=True, controls=[
                    ft.Text(name, size=16, weight=ft.FontWeight.W_600),
                    ft.Text(f"{standing.get('camps_cleared', 0)} of {len(camps)} camps cleared", size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT),
                ]),
                *([ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, color=ft.Colors.AMBER_700)] if name in winners else []),
                ft.Text(str(standing.get("fatigue", "")), size=20, weight=ft.FontWeight.W_700,
                        key=f"rl-final-{index}-fatigue"),
            ]),
        ))
    body.append(section_title("Hands"))
    body.append(hands_table(record_rows(detail, names), names, colours, len(camps)))
    body.append(ft.Row(alignment=ft.MainAxisAlignment.END, controls=[
        labelled("rl-final-history", ft.OutlinedButton(
            "History", key="rl-final-history", icon=ft.Icons.HISTORY_ROUNDED,
            on_click=lambda: ft.context.page.navigate("/history"))),
        labelled("rl-final-home", ft.FilledButton(
            "Home", key="rl-final-home", icon=ft.Icons.HOME_ROUNDED, on_click=lambda: ft.context.page.navigate("/"))),
    ]))
    return screen_view(_TITLE, body)


def seat_colours(store, state: State) -> dict[str, str]:
    """Each seat's roster colour (removed players keep theirs); seats without a roster player get grey."""
    try:
        roster = {p.id: p.colour for p in store.players.list(include_removed=True)}
    except CompanionError:
        roster = {}
    return {seat.name: roster.get(seat.player_id or "", FALLBACK_COLOUR) for seat in state.setup.seats}


def _record_colours(store, players: Sequence[Mapping], names: Sequence[str]) -> dict[str, str]:
    try:
        roster = {p.id: p.colour for p in store.players.list(include_removed=True)}
    except CompanionError:
        roster = {}
    # The summary lists players in seat order, so the nth player is the nth seat.
    return {name: roster.get((players[i].get("id") if i < len(players) else None) or "", FALLBACK_COLOUR)
            for i, name in enumerate(names)}


def _standing_order(winners: Sequence[str]):
    def key(standing: Mapping) -> tuple:
        return (standing.get("name") not in winners, -int(standing.get("camps_cleared") or 0),
                int(standing.get("fatigue") or 0))

    return key


register_game_screen(GAME, new_game=RidgelineNewGame, play=RidgelinePlay)
