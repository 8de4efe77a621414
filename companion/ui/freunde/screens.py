"""Freunde's screens: a new game (`/games/freunde`) and the game at the table (`/play/freunde/<id>`).

The play screen has four panels on a bottom navigation bar. Turn walks through the turn one step at a time:
the cards each player reveals (with the hand tracked), the risk token, the climbers' actions on the board
drawing (tap a climber, give it cards, tap a ringed space: its cost is shown, a refusal says why), the
acclimatization check worked out by the app, and the end. Check shows the check's arithmetic now and for
every turn played, Weather the eighteen days tile by tile, Scores the standings. Everything goes through the
session keeper, so undo, redo and resume replay it; a finished game is saved to History and stays readable
at the same address.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import IntEnum
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.games.freunde import rules
from companion.games.freunde import session as engine
from companion.games.freunde.data import CardKind, SpaceId
from companion.games.freunde.rules import TILE_DAYS, Phase, Route, State
from companion.ui.freunde.board import BoardMarks, board_control, board_legend
from companion.ui.freunde.parts import (
    FALLBACK_COLOUR,
    and_list,
    cards_words,
    info_line,
    pawn,
    player_colours,
    weather_words,
)
from companion.ui.freunde.setup import FreundeNewGame
from companion.ui.freunde.turn import (
    CardsDraft, MoveDraft, RiskDraft, actions_section, card_player, cards_section, check_card, end_section,
    given_cards, move_summary, risk_section, scores_section, space_facts, step_header, team_section,
)
from companion.ui.freunde.weather import (
    DayDraft, drafts_docs, drafts_for, drafts_problem, editable_days, forecast_strip, tile_card, tile_days,
    tile_editor,
)
from companion.ui.common.entries import EntriesPanel, entries_button
from companion.ui.common.abandon import use_abandon
from companion.ui.common.registry import register_game_screen
from companion.ui.common.routing import finish_game, in_progress_or_finished
from companion.ui.common.services import use_app
from companion.ui.common.widgets import colour_dot, first_capital, labelled, message_card, screen_view, section_title

__all__ = ["GAME", "Panel", "FreundeNewGame", "FreundePlay", "FreundeTable", "FreundeFinished", "describe_action"]

GAME = engine.GAME_ID
_TITLE = "Freunde"
_BOARD_WIDTH = 358


class Panel(IntEnum):
    """The play screen's panels, in the order of the navigation bar."""

    TURN = 0
    CHECK = 1
    WEATHER = 2
    SCORES = 3


_PANELS = (
    (Panel.TURN, "Turn", ft.Icons.HIKING_OUTLINED, ft.Icons.HIKING_ROUNDED),
    (Panel.CHECK, "Check", ft.Icons.MONITOR_HEART_OUTLINED, ft.Icons.MONITOR_HEART_ROUNDED),
    (Panel.WEATHER, "Weather", ft.Icons.CLOUD_OUTLINED, ft.Icons.CLOUD_ROUNDED),
    (Panel.SCORES, "Scores", ft.Icons.EMOJI_EVENTS_OUTLINED, ft.Icons.EMOJI_EVENTS_ROUNDED),
)


@ft.component
def FreundePlay(session_id: str) -> ft.View:
    """Route `/play/freunde/<id>`: the game in progress, or its final scores once saved to History."""
    return in_progress_or_finished(use_app(), session_id,
                                   table=lambda: FreundeTable(session_id=session_id),
                                   finished=lambda record: FreundeFinished(record=record))


@ft.component
def FreundeTable(session_id: str) -> ft.View:
    """The game in progress: the four panels, undo and redo in the app bar, the planned move in a bottom bar."""
    app = use_app()
    panel, set_panel = ft.use_state(Panel.TURN)
    cards, set_cards = ft.use_state(CardsDraft())
    risk, set_risk = ft.use_state(RiskDraft())
    move, set_move = ft.use_state(MoveDraft())
    weather_edit, set_weather_edit = ft.use_state(None)      # (days, drafts) of the tile being entered
    problem, set_problem = ft.use_state(None)
    notice, set_notice = ft.use_state(None)
    tapped, set_tapped = ft.use_state(None)
    unfolded, set_unfolded = ft.use_state(None)      # the turn whose check was opened or folded by hand
    entries, set_entries = ft.use_state(False)
    view_ref = ft.use_ref(None)
    shown_panel = ft.use_ref(panel)
    try:
        session = app.keeper.get(session_id)
        state: State | None = app.keeper.state(session_id)
        broken = None
    except CompanionError as exc:
        state, broken = None, first_capital(str(exc))
    stage = _stage(state)
    shown_stage = ft.use_ref(stage)

    async def scroll_to_top() -> None:
        # The view scrolls as a whole, so a panel opened from the middle of another would start there; and
        # the step that follows a Done tapped below the board (the check's result, the next player, the end
        # of the game with its Save button) starts at the top, not where the board was.
        view = view_ref.current
        if (shown_panel.current != panel or shown_stage.current != stage) and view is not None:
            shown_panel.current, shown_stage.current = panel, stage
            await view.scroll_to(offset=0)

    ft.use_effect(scroll_to_top, dependencies=[panel, stage])

    abandon_button = use_abandon(session_id, "fr", lambda text: set_problem(first_capital(text)))

    if state is None:
        # A saved game this version cannot replay stays on home until it is abandoned here.
        return screen_view(_TITLE, [message_card(
            ft.Icons.ERROR_OUTLINE_ROUNDED, "This game cannot be opened", broken or "",
            key="fr-broken", tone="warning"), abandon_button])
    colours = player_colours(app.store, state)
    acting = state.acting if state.phase is Phase.ACTIONS and rules.today_weather(state) is not None else None

    # --- drafts and actions -----------------------------------------------------------------------------

    def clear() -> None:
        set_cards(CardsDraft())
        set_risk(RiskDraft())
        set_move(MoveDraft())
        set_weather_edit(None)
        set_problem(None)
        set_tapped(None)

    def act(doc: dict[str, Any], said: str) -> str | None:
        """Send one action through the keeper; the engine's refusal comes back as words for the screen."""
        try:
            app.keeper.act(session_id, doc)
        except CompanionError as exc:
            return first_capital(str(exc))
        clear()
        set_notice(said)
        app.changed()
        return None

    def show(target: Panel) -> None:
        set_panel(target)
        set_notice(None)

    # Cards.
    def pick_player(index: int) -> None:
        set_problem(None)
        set_cards(CardsDraft(player=index))

    def add_card(code: str) -> None:
        set_problem(None)
        set_cards(CardsDraft(cards.player, cards.tray + (code,), cards.drawing))

    def remove_card(position: int) -> None:
        set_problem(None)
        set_cards(CardsDraft(cards.player, cards.tray[:position] + cards.tray[position + 1:], cards.drawing))

    def play() -> None:
        player = card_player(state, cards.player)
        if player is None:
            return
        name = state.players[player].name
        reason = act({"type": "play", "player": name, "cards": list(cards.tray)},
                     f"{name} played {cards_words(cards.tray)}.")
        if reason:
            set_problem(reason)

    def draw_mode(on: bool) -> None:
        set_problem(None)
        set_cards(CardsDraft(card_player(state, cards.player), (), on))

    def save_draw() -> None:
        player = card_player(state, cards.player)
        if player is None:
            return
        name = state.players[player].name
        count = len(cards.tray)
        reason = act({"type": "draw", "player": name, "cards": list(cards.tray)},
                     f"{count} card{'s' if count != 1 else ''} entered in {name}'s hand.")
        if reason:
            set_problem(reason)
            return
        set_cards(CardsDraft(player=player))

    # Risk.
    def take_risk() -> None:
        doc: dict[str, Any] = {"type": "risk", "value": risk.value}
        if risk.revealed is not None:
            doc["revealed"] = risk.revealed
        name = state.players[state.risk_taker].name if state.risk_taker is not None else ""
        reason = act(doc, f"{name} took a risk token of {risk.value}.")
        if reason:
            set_problem(reason)

    # Weather.
    def open_weather(day: int) -> None:
        days = editable_days(state, tile_days(day))
        set_weather_edit((days, drafts_for(state, days)) if days else None)
        set_problem(None)
        show(Panel.WEATHER)

    def save_weather(days: tuple[int, ...], drafts: tuple[DayDraft, ...]) -> None:
        reason = drafts_problem(days, drafts)
        if reason:
            set_problem(reason)
            return
        docs = drafts_docs(drafts)
        said = f"Day {days[0]}'s weather saved." if len(days) == 1 else f"Days {days[0]}-{days[-1]} saved."
        reason = act({"type": "weather", "day": days[0], "weather": docs if len(docs) > 1 else docs[0]}, said)
        if reason:
            set_problem(reason)

    # A climber's action.
    def routes_for(draft: MoveDraft) -> Mapping[SpaceId, Route]:
        if acting is None or draft.climber is None:
            return {}
        given = given_cards(state, draft)
        if not any(c.kind is not CardKind.ACCLIMATIZATION for c in given):
            return {}
        return rules.destinations(state, acting, draft.climber, given, tent=draft.tent, risk_move=draft.risk_move)

    def revalidated(draft: MoveDraft) -> MoveDraft:
        """Keep the chosen space only while the cards, tent and risk still let the climber stop there."""
        if draft.target is None:
            return draft
        route = routes_for(draft).get(draft.target)
        if route is not None and route.stop:
            return draft
        return MoveDraft(draft.climber, draft.cards, None, draft.tent, draft.risk_move, draft.risk_accl,
                         refused=draft.target, reason=_why_not(state, acting, draft, draft.target, route))

    def choose_climber(label: str) -> None:
        set_problem(None)
        set_tapped(None)
        if move.climber == label or acting is None:
            set_move(MoveDraft())
            return
        player = state.players[acting]
        others = [c for c in player.climbers if c.label != label and c.alive and c.label not in player.turn.acted]
        left = rules.cards_left_to_give(state, acting)
        # With no other climber to give cards to, every card left is this climber's: preselect them.
        set_move(MoveDraft(label, tuple(range(len(left))) if not others else ()))

    def toggle_card(position: int) -> None:
        chosen = move.cards
        if position in chosen:
            chosen = tuple(n for n in chosen if n != position)
        else:
            chosen = tuple(sorted(chosen + (position,)))
        set_move(revalidated(MoveDraft(move.climber, chosen, move.target, move.tent, move.risk_move, move.risk_accl)))

    def toggle_tent() -> None:
        set_move(revalidated(MoveDraft(move.climber, move.cards, move.target, not move.tent, move.risk_move,
                                       move.risk_accl)))

    def set_risk_move(value: int) -> None:
        set_move(revalidated(MoveDraft(move.climber, move.cards, move.target, move.tent, value, move.risk_accl)))

    def set_risk_accl(value: int) -> None:
        set_move(MoveDraft(move.climber, move.cards, move.target, move.tent, move.risk_move, value))

    def tap_space(space: SpaceId) -> None:
        set_problem(None)
        if acting is None or move.climber is None:
            if acting is not None:
                player = state.players[acting]
                mine = [c.label for c in player.climbers
                        if c.alive and c.space == space and c.label not in player.turn.acted]
                if mine:
                    choose_climber(mine[0])
                    return
            set_tapped(None if tapped == space else space)
            return
        climber = state.players[acting].climber(move.climber)
        draft = MoveDraft(move.climber, move.cards, None, move.tent, move.risk_move, move.risk_accl)
        if space == climber.space:
            set_move(draft)                       # staying put
            return
        route = routes_for(draft).get(space)
        if route is not None and route.stop:
            set_move(MoveDraft(move.climber, move.cards, space, move.tent, move.risk_move, move.risk_accl))
            return
        set_move(MoveDraft(move.climber, move.cards, None, move.tent, move.risk_move, move.risk_accl,
                           refused=space, reason=_why_not(state, acting, draft, space, route)))

    def give() -> None:
        if acting is None or move.climber is None:
            return
        name = state.players[acting].name
        given = given_cards(state, move)
        route = routes_for(move).get(move.target) if move.target else None
        doc = {"type": "climber", "player": name, "climber": move.climber, "cards": [c.code for c in given],
               "path": list(route.path) if route else [], "tent": move.tent, "risk_move": move.risk_move,
               "risk_accl": move.risk_accl}
        where = f" to {_space_words(state, move.target)}" if move.target else ""
        said = f"{name}'s climber {move.climber} " + (f"moved{where}" if move.target else "used its cards") + (
            " and pitched its tent" if move.tent else "") + "."
        reason = act(doc, said)
        if reason:
            set_move(MoveDraft(move.climber, move.cards, move.target, move.tent, move.risk_move, move.risk_accl,
                               reason=reason))

    def pay(label: str) -> None:
        if acting is None:
            return
        name = state.players[acting].name
        reason = act({"type": "pay_risk", "player": name, "climber": label, "amount": 1},
                     f"1 risk point taken off {name}'s climber {label}.")
        if reason:
            set_problem(reason)

    def done() -> None:
        if acting is None:
            return
        name = state.players[acting].name
        turn = state.turn
        try:
            app.keeper.act(session_id, {"type": "done", "player": name})
            after = app.keeper.state(session_id)
        except CompanionError as exc:
            set_problem(first_capital(str(exc)))
            return
        clear()
        if after.turn != turn or after.over:
            record = after.log[-1]
            dead = [f"{after.players[c.player].name}'s climber {c.climber}" for c in record.checks if c.died]
            set_notice(f"Turn {turn} checked." + (f" {', '.join(dead)} died." if dead else " Everyone survived."))
        else:
            set_notice(f"{after.players[after.acting].name} acts next." if after.acting is not None else None)
        app.changed()

    def use_printed_rules() -> None:
        problem = act(engine.switch_to_printed(), f"From turn {state.turn} on, this game follows the printed "
                                                 "rules. Undo takes it back.")
        if problem:
            set_problem(problem)

    # --- undo, redo, finish ---------------------------------------------------------------------------------

    def undo() -> None:
        if not session.actions:
            return
        what = describe_action(session.actions[-1])
        try:
            app.keeper.undo(session_id)
        except CompanionError as exc:
            set_problem(first_capital(str(exc)))
            return
        clear()
        set_notice(f"Undone: {what}. Redo puts it back.")
        app.changed()

    def redo() -> None:
        if not session.redo:
            return
        what = describe_action(session.redo[0])
        try:
            app.keeper.redo(session_id)
        except CompanionError as exc:
            set_problem(first_capital(str(exc)))
            return
        clear()
        set_notice(f"Redone: {what}.")
        app.changed()

    def finish() -> None:
        finish_game(app, session_id, set_problem)

    # --- the panels ------------------------------------------------------------------------------------------

    routes = routes_for(move)
    marks = BoardMarks(climber=(acting, move.climber) if acting is not None and move.climber else None,
                       routes=routes, target=move.target, refused=move.refused, tapped=tapped)
    board = ft.Column(spacing=8, tight=True, controls=[
        board_control(state, colours, width=_BOARD_WIDTH, marks=marks, on_space=tap_space),
        *([space_facts(state, tapped, colours)] if tapped else []),
    ])
    body: list[ft.Control] = [EntriesPanel(session_id=session_id, opened=entries)]
    if notice:
        body.append(_notice(notice))
    if engine.older_rules(state) and not state.over:
        body.append(_older_rules_card(state, use_printed_rules))
    if panel is Panel.TURN:
        body.append(step_header(state, colours))
        if not state.over:
            body.append(forecast_strip(state, open_weather))
        handlers = {
            "pick_player": pick_player, "add_card": add_card, "remove_card": remove_card, "play": play,
            "draw_mode": draw_mode, "save_draw": save_draw, "set_risk": set_risk, "take_risk": take_risk,
            "set_weather_edit": set_weather_edit, "save_weather": save_weather, "choose_climber": choose_climber,
            "toggle_card": toggle_card, "toggle_tent": toggle_tent, "set_risk_move": set_risk_move,
            "set_risk_accl": set_risk_accl, "pay": pay, "done": done, "finish": finish,
            "unfolded": unfolded, "set_unfolded": set_unfolded,
        }
        body.extend(_turn_body(state, colours, cards, risk, move, routes, weather_edit, board, problem, handlers))
        body.append(board_legend(state))
        body.extend(team_section(state, colours))
        body.append(abandon_button)
    elif panel is Panel.CHECK:
        body.extend(_check_panel(state, colours))
    elif panel is Panel.WEATHER:
        body.extend(_weather_panel(state, weather_edit, set_weather_edit, open_weather, save_weather, problem))
    else:
        body.extend(scores_section(state, colours))
        body.append(board_legend(state, key="fr-scores-legend"))

    actions = [
        entries_button(entries, set_entries),
        labelled("fr-undo", ft.IconButton(
            ft.Icons.UNDO_ROUNDED, key="fr-undo", disabled=not session.can_undo, on_click=undo,
            tooltip=f"Undo {describe_action(session.actions[-1])}" if session.can_undo else "Nothing to undo")),
        labelled("fr-redo", ft.IconButton(
            ft.Icons.REDO_ROUNDED, key="fr-redo", disabled=not session.can_redo, on_click=redo,
            tooltip=f"Redo {describe_action(session.redo[0])}" if session.can_redo else "Nothing to redo")),
    ]
    title = _TITLE if state.over else f"{_TITLE} · turn {state.turn}"
    view = screen_view(title, body, actions=actions)
    if panel is Panel.TURN and acting is not None and move.climber is not None:
        view.bottom_appbar = _move_bar(state, move, routes, colours[acting], give, lambda: set_move(MoveDraft()))
    else:
        view.navigation_bar = ft.NavigationBar(
            key="fr-nav",
            selected_index=int(panel),
            on_change=lambda e: show(Panel(e.control.selected_index)),
            destinations=[ft.NavigationBarDestination(icon=icon, selected_icon=selected, label=label)
                          for _, label, icon, selected in _PANELS],
        )
    view_ref.current = view
    return view


def _stage(state: State | None) -> tuple | None:
    """Where the game is: the turn, its step, who acts, whether it is over; a new stage starts at the top."""
    if state is None:
        return None
    return (state.turn, state.phase, state.acting, state.over)


def _turn_body(state: State, colours, cards: CardsDraft, risk: RiskDraft, move: MoveDraft, routes, weather_edit,
               board: ft.Control, problem: str | None, handlers: Mapping[str, Any]) -> list[ft.Control]:
    """The Turn panel below the forecast: the step the game is waiting for."""
    h = handlers
    if state.over:
        return end_section(state, colours, on_finish=h["finish"], problem=problem) + [board]
    body: list[ft.Control] = []
    if state.phase is Phase.PLAY:
        if state.log:
            last = state.log[-1]
            # Up to four climbers the check is shown in full; more are folded to a line until opened.
            toggled = h["unfolded"] == last.turn
            folded = (len(last.checks) > 4) != toggled
            body.append(check_card(state, last.checks, colours, title=f"Turn {last.turn}: acclimatization check",
                                   note=f"Weather: {weather_words(last.weather, state.stacking.labels)}.",
                                   key="fr-last-check", folded=folded,
                                   on_fold=lambda: h["set_unfolded"](None if toggled else last.turn)))
        if rules.today_weather(state) is None:
            body.append(info_line(ft.Icons.CLOUD_QUEUE_ROUNDED, f"Day {state.turn}'s weather is not entered yet: "
                                  "tap today in the forecast, or enter it before the climbers act.",
                                  key="fr-weather-hint"))
        body.extend(cards_section(state, colours, cards, on_player=h["pick_player"], on_add=h["add_card"],
                                  on_remove=h["remove_card"], on_play=h["play"], on_draw_mode=h["draw_mode"],
                                  on_save_draw=h["save_draw"], problem=problem))
        body.append(board)
        return body
    if state.phase is Phase.RISK:
        body.extend(risk_section(state, colours, risk, on_value=lambda v: h["set_risk"](RiskDraft(v)),
                                 on_revealed=lambda v: h["set_risk"](RiskDraft(risk.value, v)),
                                 on_take=h["take_risk"], problem=problem))
        body.append(board)
        return body
    if rules.today_weather(state) is None:
        days = editable_days(state, tile_days(state.turn))
        edit = weather_edit if weather_edit and weather_edit[0] == days else (days, drafts_for(state, days))
        body.append(section_title(f"Day {state.turn}'s weather"))
        body.append(ft.Text("Enter today's weather as the tile shows it before the climbers act: it sets the "
                            "movement costs and the acclimatization check. The rest of the tile can be entered "
                            "with it.", size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        body.append(tile_editor(prefix="fr-today", days=edit[0], drafts=edit[1],
                                on_change=lambda d: h["set_weather_edit"]((edit[0], d)),
                                season=state.setup.season, labels=state.stacking.labels))
        if problem:
            body.append(ft.Text(problem, key="fr-weather-problem", color=ft.Colors.ERROR, size=13))
        body.append(ft.Row(alignment=ft.MainAxisAlignment.END, controls=[labelled("fr-today-save", ft.FilledButton(
            "Save the weather", key="fr-today-save", icon=ft.Icons.SAVE_ROUNDED,
            on_click=lambda: h["save_weather"](edit[0], edit[1])))]))
        body.append(board)
        return body
    body.extend(actions_section(
        state, colours, move, routes, on_climber=h["choose_climber"], on_card=h["toggle_card"],
        on_tent=h["toggle_tent"], on_risk_move=h["set_risk_move"], on_risk_accl=h["set_risk_accl"],
        on_pay=h["pay"], on_done=h["done"], board=board, problem=problem))
    body.append(check_card(state, rules.check_preview(state), colours,
                           title=f"Acclimatization check at the end of turn {state.turn}",
                           note="As things stand now; it runs by itself when the last player is done.",
                           key="fr-preview"))
    return body


def _check_panel(state: State, colours) -> list[ft.Control]:
    body: list[ft.Control] = [section_title("The acclimatization check")]
    tent = ("a tent of its colour (either climber's)" if rules.printed_rules(state) else
            "its own tent (the earlier readings this game follows)")
    body.append(ft.Text(
        f"At the end of every turn each living climber adds its space's modifier, +1 if {tent} is on its "
        "space, and loses the day's weather if its zone is covered; then the result is capped at 6, and below "
        "1 the climber dies and scores 1.", size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if not state.over and rules.today_weather(state) is not None:
        body.append(check_card(state, rules.check_preview(state), colours,
                               title=f"If turn {state.turn}'s check ran now",
                               note=f"Today: {weather_words(rules.today_weather(state), state.stacking.labels)}.",
                               key="fr-check-now"))
    elif not state.over:
        body.append(info_line(ft.Icons.CLOUD_QUEUE_ROUNDED, f"Enter day {state.turn}'s weather to see this "
                              "turn's check.", key="fr-check-needs-weather"))
    for record in reversed(state.log):
        risk = ("" if record.risk_taker is None else
                f" · {state.players[record.risk_taker].name} took a risk token of {record.risk_value}")
        body.append(check_card(state, record.checks, colours, title=f"Turn {record.turn}",
                               note=f"Weather: {weather_words(record.weather, state.stacking.labels)}{risk}.",
                               key=f"fr-check-turn-{record.turn}"))
    if not state.log:
        body.append(ft.Text("No turn has been checked yet.", color=ft.Colors.ON_SURFACE_VARIANT))
    return body


def _weather_panel(state: State, weather_edit, set_weather_edit, open_weather, save_weather,
                   problem: str | None) -> list[ft.Control]:
    body: list[ft.Control] = [section_title("Forecast")]
    body.append(ft.Text("Enter each day as its tile is revealed: no effect, or an acclimatization loss and/or a "
                        "movement surcharge for the zones it covers. Today can change until a climber acts; days "
                        "ahead at any time.", size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if weather_edit:
        days, drafts = weather_edit
        body.append(ft.Container(
            key="fr-weather-edit",
            padding=12,
            border_radius=ft.BorderRadius.all(16),
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            border=ft.Border.all(2, ft.Colors.PRIMARY),
            content=ft.Column(spacing=10, tight=True, controls=[
                ft.Text(f"Days {days[0]}-{days[-1]}" if len(days) > 1 else f"Day {days[0]}",
                        weight=ft.FontWeight.W_600, size=16),
                tile_editor(prefix="fr-weather", days=days, drafts=drafts,
                            on_change=lambda d: set_weather_edit((days, d)), season=state.setup.season,
                            labels=state.stacking.labels),
                *([ft.Text(problem, key="fr-weather-problem", color=ft.Colors.ERROR, size=13)] if problem else []),
                ft.Row(alignment=ft.MainAxisAlignment.END, controls=[
                    labelled("fr-weather-cancel", ft.TextButton("Cancel", key="fr-weather-cancel",
                                                                on_click=lambda: set_weather_edit(None))),
                    labelled("fr-weather-save", ft.FilledButton(
                        "Save", key="fr-weather-save", icon=ft.Icons.SAVE_ROUNDED,
                        on_click=lambda: save_weather(days, drafts))),
                ]),
            ]),
        ))
    for tile in range(rules.TURNS // TILE_DAYS):
        body.append(tile_card(state, tile, on_edit=open_weather))
    return body


def _move_bar(state: State, move: MoveDraft, routes, colour: str, on_give, on_cancel) -> ft.BottomAppBar:
    text, label, ready = move_summary(state, move, routes)
    refused = move.reason is not None
    if refused:
        # The refusal is said where the thumb is, not only above the board where it may be scrolled away.
        text = move.reason
    return ft.BottomAppBar(
        key="fr-move-bar",
        height=92 if refused else 76,
        padding=ft.Padding.symmetric(horizontal=8, vertical=8),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        content=ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            labelled("fr-move-cancel", ft.IconButton(ft.Icons.CLOSE_ROUNDED, key="fr-move-cancel",
                                                     tooltip="Stop planning this climber", on_click=on_cancel)),
            pawn(colour, move.climber or "", size=28),
            ft.Text(text, key="fr-move-summary", expand=True, size=12 if refused else 13, max_lines=4 if refused else 2,
                    overflow=ft.TextOverflow.ELLIPSIS, weight=ft.FontWeight.W_500,
                    color=ft.Colors.ERROR if refused else None),
            labelled("fr-give", ft.FilledButton(label, key="fr-give", icon=ft.Icons.CHECK_ROUNDED,
                                                disabled=not ready, on_click=on_give)),
        ]),
    )


def _notice(text: str) -> ft.Control:
    return ft.Container(
        key="fr-notice",
        padding=ft.Padding.symmetric(horizontal=14, vertical=10),
        border_radius=ft.BorderRadius.all(12),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        content=ft.Row([ft.Icon(ft.Icons.INFO_OUTLINE_ROUNDED, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
                        ft.Text(text, key="fr-notice-text", expand=True)], spacing=10),
    )


def _why_not(state: State, player: int | None, draft: MoveDraft, space: SpaceId, route: Route | None) -> str:
    """The engine's reason a climber cannot end its move on a space (stacking, or the cards cannot pay)."""
    if player is None or draft.climber is None:
        return ""
    if route is not None and route.reason:
        return first_capital(f"{rules.climber_name(state, player, draft.climber)} cannot end its move on {space}: "
                        f"{route.reason}")
    given = given_cards(state, draft)
    if not any(c.kind is not CardKind.ACCLIMATIZATION for c in given):
        return (f"Give climber {draft.climber} movement cards first: it has none"
                + (f" (only {cards_words(c.code for c in given)})" if given else "") + ".")
    try:
        rules.route_to(state, player, draft.climber, given, space, tent=draft.tent, risk_move=draft.risk_move)
    except CompanionError as exc:
        return first_capital(str(exc))
    return f"{space} cannot be reached now."


def _space_words(state: State, space: SpaceId | None) -> str:
    if space == state.board.base_camp:
        return "base camp"
    if space == state.board.summit:
        return "the summit"
    return str(space)


_EARLIER_READINGS = ("a tent sheltered only its own climber, acclimatization cards stopped at 6 at once, the "
                     "risk penalty could fall on any climber given a card, and victory points counted only "
                     "where a move ended")
_PRINTED_READINGS = ("a tent shelters both climbers of its colour, acclimatization is capped at 6 only at the "
                     "end of the check, only a climber that moved or got acclimatization points bears the risk "
                     "penalty, and victory points count every space reached during a move")


def _older_rules_card(state: State, on_switch: Callable[[], None]) -> ft.Control:
    """The warning on a game started under the companion's earlier readings: what differs, that the past
    turns stay as played, and the switch to the printed rules (an action like any other, so undo takes it
    back)."""
    if engine.switched(state):
        return message_card(
            ft.Icons.GAVEL_ROUNDED, "The remaining turns follow the printed rules",
            "This game was started under the companion's earlier readings of four rules; its past turns stay as "
            f"they were played. Since the switch, {_PRINTED_READINGS}. Undo the switch to go back.",
            key="fr-older-rules")
    why_not = engine.why_no_switch(state)
    button = ft.FilledButton("Use the printed rules from now on", key="fr-use-printed-rules",
                             icon=ft.Icons.GAVEL_ROUNDED, disabled=why_not is not None, on_click=on_switch)
    actions: list[ft.Control] = [labelled("fr-use-printed-rules", button)]
    if why_not:
        actions.append(ft.Text(f"{first_capital(why_not)}.", key="fr-use-printed-why", size=12))
    return message_card(
        ft.Icons.GAVEL_ROUNDED, "This game was started under the companion's earlier readings",
        f"It was saved before the companion followed the printed rulebook on four rules: {_EARLIER_READINGS}. "
        "Its past turns stay as they were played, and games in History keep their results. Unless you switch, "
        "the rest of the game goes on under the earlier readings too; the printed rules can take over at the "
        "start of a turn.", key="fr-older-rules", tone="warning", actions=actions)


def describe_action(doc: Mapping[str, Any]) -> str:
    """A saved action in a few words, for undo and redo: "Ann's cards", "day 4's weather"."""
    kind = doc.get("type")
    player = doc.get("player")
    if kind == "weather":
        weather = doc.get("weather")
        count = len(weather) if isinstance(weather, list) else 1
        day = doc.get("day")
        return f"day {day}'s weather" if count == 1 else f"the weather of days {day}-{day + count - 1}"
    if kind == "play":
        return f"{player}'s cards"
    if kind == "draw":
        return f"the cards entered in {player}'s hand"
    if kind == "risk":
        return f"the risk token of {doc.get('value')}"
    if kind == "climber":
        return f"{player}'s climber {doc.get('climber')}'s action"
    if kind == "pay_risk":
        return f"the risk point off {player}'s climber {doc.get('climber')}"
    if kind == "done":
        return f"{player} being done"
    if kind == "rules":
        return "the switch to the printed rules"
    return "the last action"


@ft.component
def FreundeFinished(record: Mapping) -> ft.View:
    """A game saved to History: the winner (or solo rank), each player's climbers and score, the deaths."""
    app = use_app()
    detail = record.get("detail") or {}
    players = detail.get("players") or []
    try:
        roster = {p.id: p.colour for p in app.store.players.list(include_removed=True)}
    except CompanionError:
        roster = {}
    winners = list(detail.get("winners") or [])
    rank = detail.get("solo_rank")
    if rank:
        title = f"{rank.get('name')} · {rank.get('score')} points"
        text = f"Solo rank {rank.get('printed')} ({detail.get('route')} route, {detail.get('weather_season')} weather)."
    elif len(winners) == 1:
        title, text = f"{winners[0]} wins", ("Tie broken: first to the summit." if detail.get("tie_break") == "summit"
                                             else "Highest total of both climbers' best victory points.")
    else:
        title, text = "Shared win: " + and_list(winners), "Tied on points; nobody's living climber reached the summit."
    body: list[ft.Control] = [
        ft.Container(key="fr-final", bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=ft.BorderRadius.all(20),
                     padding=18, content=ft.Row(spacing=14, controls=[
                         ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, size=40, color=ft.Colors.AMBER_700),
                         ft.Column(expand=True, spacing=2, tight=True, controls=[
                             ft.Text(title, key="fr-final-title", size=20, weight=ft.FontWeight.W_700,
                                     color=ft.Colors.ON_TERTIARY_CONTAINER),
                             ft.Text(f"{detail.get('board_title', '')}, {detail.get('weather_season', '')} weather, "
                                     f"{detail.get('turns_played', 0)} turns. {text}",
                                     color=ft.Colors.ON_TERTIARY_CONTAINER),
                         ]),
                     ])),
        section_title("Final scores"),
    ]
    # The record's players carry the roster ids (the keeper fills in seats the setup left without one).
    ids = [p.get("id") for p in record.get("players") or []]
    seats = [(player, ids[i] if i < len(ids) else None) for i, player in enumerate(players)]
    for index, (player, player_id) in enumerate(sorted(seats, key=lambda seat: -int(seat[0].get("score") or 0))):
        colour = roster.get(player_id or player.get("id") or "", FALLBACK_COLOUR)
        climbers = " · ".join(
            f"{c.get('climber')}: {c.get('score')}" + (" (died turn %s)" % c.get("died_turn") if not c.get("alive")
                                                       else (" (summit turn %s)" % c.get("summit_turn")
                                                             if c.get("summit_turn") else ""))
            for c in player.get("climbers") or [])
        body.append(ft.Container(
            key=f"fr-final-{index}",
            padding=ft.Padding.symmetric(horizontal=12, vertical=10),
            border_radius=ft.BorderRadius.all(14),
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            content=ft.Row(spacing=12, controls=[
                colour_dot(colour, str(player.get("name", "")), size=32),
                ft.Column(expand=True, spacing=0, tight=True, controls=[
                    ft.Text(str(player.get("name", "")), size=16, weight=ft.FontWeight.W_600),
                    ft.Text(climbers, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                ]),
                *([ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, color=ft.Colors.AMBER_700)] if player.get("winner") else []),
                ft.Text(str(player.get("score", "")), key=f"fr-final-{index}-score", size=22,
                        weight=ft.FontWeight.W_700),
            ]),
        ))
    deaths = detail.get("deaths") or []
    if deaths:
        body.append(section_title("Deaths"))
        for death in deaths:
            where = {"SUMMIT": "the summit", "A_SUMMIT": "the summit", "BASE_CAMP": "base camp"}.get(
                str(death.get("space")), death.get("space"))
            body.append(info_line(ft.Icons.HEART_BROKEN_ROUNDED,
                                  f"{death.get('player')}'s climber {death.get('climber')} died on turn "
                                  f"{death.get('turn')} on {where}."))
    body.append(ft.Row(alignment=ft.MainAxisAlignment.END, controls=[
        labelled("fr-final-history", ft.OutlinedButton(
            "History", key="fr-final-history", icon=ft.Icons.HISTORY_ROUNDED,
            on_click=lambda: ft.context.page.navigate("/history"))),
        labelled("fr-final-home", ft.FilledButton(
            "Home", key="fr-final-home", icon=ft.Icons.HOME_ROUNDED, on_click=lambda: ft.context.page.navigate("/"))),
    ]))
    return screen_view(_TITLE, body)


register_game_screen(GAME, new_game=FreundeNewGame, play=FreundePlay)
