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

import re

from collections.abc import Callable, Mapping
from dataclasses import replace
from enum import IntEnum
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.games.freunde import rules
from companion.games.freunde import session as engine
from companion.games.freunde.data import CardKind, SpaceId, board_title
from companion.games.freunde.rules import TILE_DAYS, Phase, Route, State, Weather
from companion.games.freunde.solo import rank_name
from companion.i18n import N_, _, ngettext, tr
from companion.ui.freunde.board import BoardMarks, board_control, board_legend, space_name, unverified_note
from companion.ui.freunde.parts import (
    FALLBACK_COLOUR,
    PLAYER_ICON,
    cards_words,
    info_line,
    pawn,
    player_colours,
    weather_words,
)
from companion.ui.freunde.setup import FreundeNewGame
from companion.ui.freunde.turn import (
    CardsDraft, MoveDraft, RiskDraft, actions_section, card_player, cards_section, check_card, end_section,
    given_cards, move_summary, risk_section, score_said, scores_section, space_facts, step_header, team_section,
    turn_words,
)
from companion.ui.freunde.weather import (
    DayDraft, asked_weather, days_to_save, drafts_docs, drafts_for, editable_days, forecast_strip, ready_days,
    tile_card, tile_days, tile_editor, tiles_laid,
)
from companion.ui.common.drafts import keep_draft, kept_with_state
from companion.ui.common.entries import (EntriesPanel, correction_state, entries_button, entries_mark, entry_words,
                                         use_entries_shown)
from companion.ui.common.abandon import use_abandon
from companion.ui.common.registry import register_breakdown_words, register_game_progress, register_game_screen
from companion.ui.common.routing import damaged_record, finish_game, in_progress_or_finished
from companion.ui.common.services import use_app, use_latest_state, use_page_size, use_top_on_change
from companion.ui.common.widgets import (
    and_list, announced, bind, colour_dot, first_capital, labelled, labelled_value, message_card, screen_view,
    section_title, undo_redo,
)

__all__ = ["GAME", "Panel", "FreundeNewGame", "FreundePlay", "FreundeTable", "FreundeFinished", "describe_action"]

GAME = engine.GAME_ID
_TITLE = "Freunde"
_MOVE_FORM = "move"     # the climber's action being planned, kept beside the game (companion.ui.common.drafts)
_BOARD_WIDTH = 358
_MARGIN = 16           # the screen's margin on each side (`screen_view`)
_BREAKS = re.compile(r"[ \t\n]+")   # where a line may break: not at a no-break space
_BAR_SHORT_LINE = 23     # the move bar's characters a line on a phone at its larger size (two lines)
_BAR_LINE_CHARS = 20     # ... and a line of its smaller words, with room for wide letters
_BAR_MOST_LINES = 10     # a taller bar would cover the board it is about


class Panel(IntEnum):
    """The play screen's panels, in the order of the navigation bar."""

    TURN = 0
    CHECK = 1
    WEATHER = 2
    SCORES = 3


_PANELS = (
    # i18n: the play screen's panels, on the navigation bar at the bottom
    (Panel.TURN, N_("Turn"), ft.Icons.HIKING_OUTLINED, ft.Icons.HIKING_ROUNDED),
    # i18n: the panel of the acclimatization check, on the navigation bar
    (Panel.CHECK, N_("Check"), ft.Icons.MONITOR_HEART_OUTLINED, ft.Icons.MONITOR_HEART_ROUNDED),
    (Panel.WEATHER, N_("Weather"), ft.Icons.CLOUD_OUTLINED, ft.Icons.CLOUD_ROUNDED),
    (Panel.SCORES, N_("Scores"), ft.Icons.EMOJI_EVENTS_OUTLINED, ft.Icons.EMOJI_EVENTS_ROUNDED),
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
    # The cards being tapped in, with the turn they are for: a turn played to its end elsewhere leaves them behind.
    cards_at, set_cards_at = ft.use_state((CardsDraft(), None))
    # The risk token being chosen, with the entries it was chosen after: another device's token taken meanwhile
    # sets it aside, and says so (its Take button went with the step, the choice without a word).
    risk_at, set_risk_at = ft.use_state((RiskDraft(), None))
    # The climber's plan, with the entries it was made after: another device's change sets it aside, and says so.
    move_at, set_move_at, move_now = use_latest_state(lambda: (_kept_move(app, session_id),
                                                                 entries_mark(app, session_id)))
    weather_edit, set_weather_edit = ft.use_state(None)      # (days, drafts) of the tile being entered
    # The board as wide as the column inside the screen's margins, up to a phone's 358 px: drawn wider on a
    # 360 px phone, its right edge and the climbers standing there were cut off.
    board_width = min(_BOARD_WIDTH, use_page_size()[0] - 2 * _MARGIN)
    # A refusal, like a notice, goes with the entries it was said of: another device's change makes it untrue.
    problem_said, set_problem_said = ft.use_state(None)       # (text, the entries it was said after)

    def set_problem(text: str | None) -> None:
        set_problem_said(None if text is None else (text, entries_mark(app, session_id)))

    shown_mark = entries_mark(app, session_id)         # the entries (and any correction's) this screen shows
    problem = problem_said[0] if problem_said is not None and problem_said[1] == shown_mark else None
    # A notice goes with the entries it was said after: a correction begun, or the entries changed from
    # elsewhere, leaves it behind ("Bob's climber A used its cards." stood over turn 1 of a correction).
    notice_said, set_notice_said = ft.use_state(None)          # (text, the entries it was said after)

    def set_notice(text: str | None) -> None:
        set_notice_said(None if text is None else (text, entries_mark(app, session_id)))

    notice = notice_said[0] if notice_said is not None and notice_said[1] == shown_mark else None
    move = move_at[0] if move_at[1] == shown_mark else MoveDraft()
    move_replaced = _use_set_aside(move_at, MoveDraft(), shown_mark)
    risk = risk_at[0] if risk_at[1] == shown_mark else RiskDraft()
    risk_replaced = _use_set_aside(risk_at, RiskDraft(), shown_mark)

    def set_risk(chosen: RiskDraft) -> None:
        set_risk_at((chosen, entries_mark(app, session_id)))

    def set_move(planned: MoveDraft | Callable[[MoveDraft], MoveDraft]) -> None:
        """A new plan, or a change of the latest one (a function of it): a tap handled before the screen has
        redrawn after the one before (two cards given in quick succession) keeps what that one did."""
        mark = entries_mark(app, session_id)
        if callable(planned):
            set_move_at(lambda at: (planned(at[0] if at[1] == mark else MoveDraft()), mark))
        else:
            set_move_at((planned, mark))
    tapped, set_tapped = ft.use_state(None)
    unfolded, set_unfolded = ft.use_state(None)      # the turn whose check was opened or folded by hand
    entries, set_entries = use_entries_shown(session_id)
    try:
        session = app.keeper.get(session_id)
        state: State | None = app.keeper.state(session_id)
        correction = app.keeper.correction(session_id)
        broken = None
    except CompanionError as exc:
        state, broken, correction = None, first_capital(exc), None
    stage = _stage(state)
    # A panel opened from the middle of another starts at its top; so does the step that follows a Done tapped
    # below the board (the check's result, the next player, the end of the game with its Save button).
    view_ref = use_top_on_change((panel, stage, entries))   # the entries open above everything: seen at once

    # The climber's action being planned is kept beside the game as it changes, so a reload, or a page the
    # phone closed, finds it again (the cards played are not: each player's are secret until all are played).
    kept_move = ft.use_ref(move.to_doc())

    def keep_move(planned: MoveDraft = move) -> None:
        doc = planned.to_doc()
        if doc != kept_move.current:
            kept_move.current = doc
            keep_draft(app.store, session_id, _MOVE_FORM, entries_mark(app, session_id), doc)

    ft.use_effect(keep_move, dependencies=[move])

    abandon_button = use_abandon(session_id, "fr", lambda text: set_problem(first_capital(text)))

    if state is None:
        # A saved game this version cannot replay stays on home until it is abandoned here.
        return screen_view(_TITLE, [message_card(
            ft.Icons.ERROR_OUTLINE_ROUNDED, _("This game cannot be opened"), broken or "",
            key="fr-broken", tone="warning"), abandon_button])
    colours = player_colours(app.store, state)
    turn_now = state.turn
    # A correction asking for a weather entry again: its days start as they were entered, not as sun.
    asked = asked_weather(state, correction.waiting if correction is not None and not correction.done else None)

    def fitted(draft: CardsDraft) -> CardsDraft:
        """The cards being tapped in, fitted to the game as it is now."""
        shown = card_player(state, draft.player)
        if shown is not None and draft.player != shown:
            if draft.player is not None:
                # The player whose cards were being tapped in has played meanwhile (on another device): what was
                # tapped in for them goes, never shown as the next player's.
                draft = draft.without(draft.player)
            if dict(draft.kept).get(shown):
                # The player next in line had cards put aside (another player played meanwhile): they are theirs
                # again.
                draft = draft.switch(None, shown)
        return draft

    def latest(at: tuple[CardsDraft, int | None]) -> CardsDraft:
        return fitted(at[0] if at[1] == turn_now else CardsDraft())

    cards = latest(cards_at)

    def set_cards(change: CardsDraft | Callable[[CardsDraft], CardsDraft]) -> None:
        """New cards, or a change of the latest ones (a function of them): a tap handled before the screen has
        redrawn after the one before (two cards tapped in quick succession) keeps what that one did."""
        set_cards_at(lambda at: (change(latest(at)) if callable(change) else change, turn_now))

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
            if entries_mark(app, session_id) != shown_mark:
                # Another device (or a tap made twice) took this step first, or stepped a correction: not the
                # rule's refusal, as if the player had done something wrong, but what happened. The risk token
                # and the climber's plan start again from the game as it is; the cards tapped in for each player
                # and a weather tile being entered stay, as they may still stand.
                set_risk(RiskDraft())
                set_move(MoveDraft())
                set_tapped(None)
                app.changed()
                return _("The game changed meanwhile (on another device, or by a tap made twice): this step "
                         "starts again from the game as it is now.")
            return first_capital(exc)
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
        set_cards(lambda c: c.switch(card_player(state, c.player), index))

    def add_card(code: str) -> None:
        set_problem(None)
        # The tray is the shown player's from its first card, so a play made for them elsewhere takes it away.
        set_cards(lambda c: replace(c, player=card_player(state, c.player), tray=c.tray + (code,)))

    def remove_card(position: int) -> None:
        set_problem(None)
        set_cards(lambda c: replace(c, tray=c.tray[:position] + c.tray[position + 1:]))

    def play() -> None:
        player = card_player(state, cards.player)
        if player is None:
            return
        name = state.players[player].name
        reason = act({"type": "play", "player": name, "cards": list(cards.tray)},
                     _("{name} played {cards}.").format(name=name, cards=cards_words(cards.tray)))
        if reason:
            set_problem(reason)
        else:
            # The others' cards tapped in meanwhile stay (the step's `clear` has just emptied the draft).
            set_cards(cards.without(player))

    def draw_mode(on: bool) -> None:
        set_problem(None)
        set_cards(lambda c: c.draw_mode(card_player(state, c.player), on))

    def save_draw() -> None:
        player = card_player(state, cards.player)
        if player is None:
            return
        name = state.players[player].name
        count = len(cards.tray)
        reason = act({"type": "draw", "player": name, "cards": list(cards.tray)},
                     ngettext("{n} card entered in {name}'s hand.", "{n} cards entered in {name}'s hand.",
                              count).format(n=count, name=name))
        if reason:
            set_problem(reason)
            return
        set_cards(cards.draw_mode(player, False))      # after the step's `clear`, as in `play`

    # Risk.
    def take_risk() -> None:
        doc: dict[str, Any] = {"type": "risk", "value": risk.value}
        if risk.revealed is not None:
            doc["revealed"] = risk.revealed
        name = state.players[state.risk_taker].name if state.risk_taker is not None else ""
        reason = act(doc, _("{name} took a risk token of {value}.").format(name=name, value=risk.value))
        if reason:
            set_problem(reason)

    # Weather.
    def open_weather(day: int) -> None:
        # A weather entry asked for again is opened whole, even one that ran over into the next tile (a file's).
        days = editable_days(state, sorted(set(tile_days(day)) | (set(asked) if day in asked else set())))
        set_weather_edit((days, drafts_for(state, days, asked)) if days else None)
        set_problem(None)
        show(Panel.WEATHER)

    def save_weather(days: tuple[int, ...], drafts: tuple[DayDraft, ...]) -> None:
        chosen = days_to_save(days, drafts, first_needed=days[0] == state.turn and rules.today_weather(state) is None)
        if isinstance(chosen, str):
            set_problem(chosen)
            return
        ready = ready_days(*chosen, saved=[d for d in chosen[0] if state.weather[d - 1] is not None])
        if isinstance(ready, str):
            set_problem(ready)
            return
        days, drafts, later = ready
        docs = drafts_docs(drafts)
        said = (_("Day {day}'s weather saved.").format(day=days[0]) if len(days) == 1 else
                _("Days {first}–{last} saved.").format(first=days[0], last=days[-1]))
        if later is not None:
            left = chosen[1][len(days)]
            # i18n: after "Day 16's weather saved.": a later day of the tile whose zones were not chosen (a
            # preset's band that could not be read) is not saved; {weather} is its weather ("snow")
            said = _("{saved} Day {day} is left to enter: choose the zones its {weather} covers when it "
                     "comes.").format(saved=said, day=later, weather=tr(rules.weather_name(left.label)))
        reason = act({"type": "weather", "day": days[0], "weather": docs if len(docs) > 1 else docs[0]}, said)
        if reason:
            set_problem(reason)
        elif state.turn in days and panel is Panel.WEATHER:
            # Today's weather was what the turn waited for: back to it (left on the forecast, the player had to
            # find the Turn tab to go on), with the notice of the days saved.
            set_panel(Panel.TURN)

    # A climber's action.
    def routes_for(draft: MoveDraft) -> Mapping[SpaceId, Route]:
        if acting is None or draft.climber is None:
            return {}
        given = given_cards(state, draft)
        if not any(c.kind is not CardKind.ACCLIMATIZATION for c in given):
            return {}
        return rules.destinations(state, acting, draft.climber, given, tent=draft.tent, risk_move=draft.risk_move)

    def revalidated(draft: MoveDraft) -> MoveDraft:
        """Keep the chosen space only while the cards, tent and risk still let the climber stop there; a space
        refused before (`refused`) is chosen again once they do (the tent taken back, a card added)."""
        space = draft.target if draft.target is not None else draft.refused
        if space is None:
            return draft
        route = routes_for(draft).get(space)
        if route is not None and route.stop:
            return MoveDraft(draft.climber, draft.cards, space, draft.tent, draft.risk_move, draft.risk_accl)
        return MoveDraft(draft.climber, draft.cards, None, draft.tent, draft.risk_move, draft.risk_accl,
                         refused=space, reason=_why_not(state, acting, draft, space, route))

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

    # Changes of the latest plan (`set_move`): a card given just before, not yet drawn, stays given.
    def toggle_card(position: int) -> None:
        def toggled(m: MoveDraft) -> MoveDraft:
            if m.climber is None:           # the plan went meanwhile (given, or changed on another device)
                return m
            chosen = (tuple(n for n in m.cards if n != position) if position in m.cards
                      else tuple(sorted(m.cards + (position,))))
            return revalidated(MoveDraft(m.climber, chosen, m.target, m.tent, m.risk_move, m.risk_accl,
                                         refused=m.refused))

        set_move(toggled)

    def toggle_tent() -> None:
        set_move(lambda m: m if m.climber is None else revalidated(MoveDraft(
            m.climber, m.cards, m.target, not m.tent, m.risk_move, m.risk_accl, refused=m.refused)))

    # The split never passes what is owed: each stepper's bound was drawn with the other's value then.
    def set_risk_move(value: int) -> None:
        owed = rules.risk_owed(state, acting) if acting is not None else 0
        set_move(lambda m: m if m.climber is None else revalidated(MoveDraft(
            m.climber, m.cards, m.target, m.tent, max(0, min(value, owed - m.risk_accl)), m.risk_accl,
            refused=m.refused)))

    def set_risk_accl(value: int) -> None:
        owed = rules.risk_owed(state, acting) if acting is not None else 0
        set_move(lambda m: m if m.climber is None else MoveDraft(
            m.climber, m.cards, m.target, m.tent, m.risk_move, max(0, min(value, owed - m.risk_move))))

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
        def chosen(m: MoveDraft) -> MoveDraft:
            if m.climber is None:
                return m
            draft = MoveDraft(m.climber, m.cards, None, m.tent, m.risk_move, m.risk_accl)
            if space == state.players[acting].climber(m.climber).space:
                return draft                      # staying put
            route = routes_for(draft).get(space)
            if route is not None and route.stop:
                return MoveDraft(m.climber, m.cards, space, m.tent, m.risk_move, m.risk_accl)
            return MoveDraft(m.climber, m.cards, None, m.tent, m.risk_move, m.risk_accl, refused=space,
                             reason=_why_not(state, acting, draft, space, route))

        set_move(chosen)

    def give() -> None:
        # The plan as it is latest: a card tapped just before Give, not yet drawn, is given too. A tap that
        # changed what the button said (another climber, another space or one refused, the tent) is drawn first,
        # to be confirmed as it now reads; and a plan the button would not take is not taken.
        at = move_now.current
        m = at[0] if at[1] == entries_mark(app, session_id) else MoveDraft()
        drawn = (move.climber, move.target, move.refused, move.tent)
        if acting is None or m.climber is None or (m.climber, m.target, m.refused, m.tent) != drawn:
            return
        if not move_summary(state, m, routes_for(m))[2] or (m.reason is not None and m.tent):
            return
        name = state.players[acting].name
        given = given_cards(state, m)
        route = routes_for(m).get(m.target) if m.target else None
        doc = {"type": "climber", "player": name, "climber": m.climber, "cards": [c.code for c in given],
               "path": list(route.path) if route else [], "tent": m.tent, "risk_move": m.risk_move,
               "risk_accl": m.risk_accl}
        # Movement the climber leaves unused pays the risk still owed (the engine's rule, said in the notice).
        doc, unused = engine.with_unused_movement_for_risk(state, doc)
        if m.target == state.board.summit:
            # Its own sentence, as the summit has in the bar ("ist nach der Gipfel gezogen" read wrong).
            said = (_("{name}'s climber {climber} reached the summit and pitched its tent.") if m.tent else
                    _("{name}'s climber {climber} reached the summit."))
        elif m.target == state.board.base_camp:
            said = (_("{name}'s climber {climber} went back to base camp and pitched its tent.") if m.tent else
                    _("{name}'s climber {climber} went back to base camp."))
        elif m.target:
            said = (_("{name}'s climber {climber} moved to {space} and pitched its tent.") if m.tent else
                    _("{name}'s climber {climber} moved to {space}."))
        elif m.tent:
            said = _("{name}'s climber {climber} pitched its tent.")
        elif sum(c.value for c in given if c.kind is CardKind.ACCLIMATIZATION) > m.risk_accl:
            # Points left once the risk taken off them is paid (all of an A+1 paying a risk point gives none).
            said = _("{name}'s climber {climber} acclimatized in place.")
        else:
            # Given only movement it did not spend (or an A+0): "used its cards" said it did something with them.
            said = _("{name}'s climber {climber} stayed where it was.")
        said = said.format(name=name, climber=m.climber, space=space_name(state.board, m.target))
        if unused:
            said += " " + ngettext("{n} movement point it did not use paid the risk.",
                                   "{n} movement points it did not use paid the risk.", unused).format(n=unused)
        reason = act(doc, said)
        if reason:
            set_move(MoveDraft(m.climber, m.cards, m.target, m.tent, m.risk_move, m.risk_accl,
                               reason=reason))

    def pay(label: str) -> None:
        if acting is None:
            return
        name = state.players[acting].name
        reason = act({"type": "pay_risk", "player": name, "climber": label, "amount": 1},
                     _("1 risk point taken off {name}'s climber {climber}.").format(name=name, climber=label))
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
            set_problem(first_capital(exc))
            return
        clear()
        if after.turn != turn or after.over:
            record = after.log[-1]
            dead = [tr(rules.climber_name(after, c.player, c.climber)) for c in record.checks if c.died]
            # Capital first: a climber's name may begin the sentence in lower case ("l'alpiniste A de Bruno").
            fate = (first_capital(ngettext("{climbers} died.", "{climbers} died.", len(dead)).format(
                        climbers=and_list(dead)))
                    # i18n: after a turn's check, when no climber died in it (dead ones from earlier turns may be
                    # on the board: not "everyone survived")
                    if dead else _("Nobody died this turn."))
            set_notice(_("Turn {turn} checked.").format(turn=turn) + " " + fate)
        else:
            set_notice(_("{name} acts next.").format(name=after.players[after.acting].name)
                       if after.acting is not None else None)
        app.changed()

    def use_printed_rules() -> None:
        problem = act(engine.switch_to_printed(), _("From turn {turn} on, this game follows the printed rules. "
                                                   "Undo takes it back.").format(turn=state.turn))
        if problem:
            set_problem(problem)

    # --- undo, redo, finish ---------------------------------------------------------------------------------

    def undo() -> None:
        if not session.actions:
            return
        what = _undone_words(app, session_id, session.actions[-1])
        try:
            app.keeper.undo(session_id, seen=session.actions)
        except CompanionError as exc:
            set_problem(first_capital(exc))
            return
        clear()
        set_notice(_("Undone: {what}. Redo puts it back.").format(what=what))
        app.changed()

    def redo() -> None:
        if not session.redo:
            return
        what = _undone_words(app, session_id, session.redo[0], redo=True)
        try:
            app.keeper.redo(session_id, seen=session.actions)
        except CompanionError as exc:
            set_problem(first_capital(exc))
            return
        clear()
        set_notice(_("Redone: {what}.").format(what=what))
        app.changed()

    def finish() -> None:
        finish_game(app, session_id, set_problem)

    # --- the panels ------------------------------------------------------------------------------------------

    routes = routes_for(move)
    marks = BoardMarks(climber=(acting, move.climber) if acting is not None and move.climber else None,
                       routes=routes, target=move.target, refused=move.refused, tapped=tapped)
    board = ft.Column(spacing=8, tight=True, controls=[
        board_control(state, colours, width=board_width, marks=marks, on_space=tap_space),
        *([space_facts(state, tapped, colours)] if tapped else []),
    ])
    # A correction stepped here changes the game on this device: the plan and the risk token chosen start again
    # without a word (not "set aside on another device").
    def restart_steps() -> None:
        set_move(MoveDraft())
        set_risk(RiskDraft())

    body: list[ft.Control] = [EntriesPanel(session_id=session_id, opened=entries, on_change=restart_steps)]
    if risk_replaced and not move_replaced:
        body.append(message_card(ft.Icons.SYNC_PROBLEM_ROUNDED, _("Changed on another device"),
                                 _("The risk token chosen here was set aside: the game changed on another device "
                                   "meanwhile."), key="fr-risk-changed", tone="warning"))
    if move_replaced:
        # A game ended there leaves no move to plan again.
        body.append(message_card(ft.Icons.SYNC_PROBLEM_ROUNDED, _("Changed on another device"),
                                 _("The climber's plan was set aside: the game ended on another device meanwhile.")
                                 if state.over else
                                 _("The climber's plan was set aside: the game changed on another device meanwhile. "
                                   "Plan the move again from the game as it is now."),
                                 key="fr-move-changed", tone="warning"))
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
            "unfolded": unfolded, "set_unfolded": set_unfolded, "tap_space": tap_space, "open_weather": open_weather,
        }
        body.extend(_turn_body(state, colours, cards, risk, move, routes, weather_edit, board, problem, handlers,
                               asked, correcting=correction_state(correction)))
        body.append(board_legend(state))
        body.extend(team_section(state, colours))
        body.append(abandon_button)
    elif panel is Panel.CHECK:
        body.extend(_check_panel(state, colours))
    elif panel is Panel.WEATHER:
        body.extend(_weather_panel(state, weather_edit, set_weather_edit, open_weather, save_weather, problem))
    else:
        body.extend(scores_section(state, colours))
        # The board's victory points are read from it: a board read by eye says so here too (its legend, of a
        # drawing this tab does not show, stays on the turn's tab).
        body.extend(unverified_note(state, key="fr-scores-unverified"))

    actions = [
        entries_button(entries, set_entries, session.correcting),
        *undo_redo("fr", can_undo=session.can_undo, can_redo=session.can_redo, on_undo=undo, on_redo=redo,
                   # i18n: Undo's name with the entry it takes back: "Undo: Turn 13, Bob is done; in the check, …"
                   undo_words=entry_words(app, session_id, _("Undo: {entry}"), _("Undo the last move"),
                                          correcting=session.correcting),
                   # i18n: Redo's name with the entry it puts back
                   redo_words=entry_words(app, session_id, _("Redo: {entry}"), _("Redo the move undone"), redo=True,
                                          correcting=session.correcting),
                   correcting=session.correcting),
    ]
    # i18n: the app bar's title during a game: the game's name, then the turn ("Freunde · turn 4")
    title = _TITLE if state.over else _("{game} · turn {turn}").format(game=_TITLE, turn=state.turn)
    # Where the title must wrap (beside three buttons on a phone), the turn goes down whole, not its number alone.
    lead, dot, rest = title.rpartition("· ")
    title = lead + dot + rest.replace(" ", "\u00a0") if dot else title
    view = screen_view(title, body, actions=actions)
    if panel is Panel.TURN and acting is not None and move.climber is not None:
        view.bottom_appbar = _move_bar(state, move, routes, colours[acting], give, lambda: set_move(MoveDraft()))
    else:
        view.navigation_bar = ft.NavigationBar(
            key="fr-nav",
            selected_index=int(panel),
            # A tab tapped with the entries open shows that tab: the list above would hide it on a phone.
            on_change=lambda e: (set_entries(False), show(Panel(e.control.selected_index))),
            destinations=[ft.NavigationBarDestination(icon=icon, selected_icon=selected, label=_(label))
                          for _panel, label, icon, selected in _PANELS],
        )
    view_ref.current = view
    return view


def _kept_move(app, session_id: str) -> MoveDraft:
    """The climber's action as it was being planned after the entries as they stand (a reload, a page the
    phone closed); none when none was kept, or the game has moved on since."""
    found = kept_with_state(app, session_id, _MOVE_FORM)
    if found is None:
        return MoveDraft()
    doc, state = found
    plan = MoveDraft.from_doc(doc, state)
    if plan.refused is not None and state.acting is not None:
        # The space it was meant for, out of reach: said why, as the tap that chose it did.
        route = rules.destinations(state, state.acting, plan.climber, given_cards(state, plan), tent=plan.tent,
                                   risk_move=plan.risk_move).get(plan.refused)
        plan = replace(plan, reason=_why_not(state, state.acting, plan, plan.refused, route))
    return plan


def _stage(state: State | None) -> tuple | None:
    """Where the game is: the turn, its step, who acts, whether it is over; a new stage starts at the top."""
    if state is None:
        return None
    return (state.turn, state.phase, state.acting, state.over)


def _use_set_aside(draft_at: tuple[Any, Any], empty: Any, shown_mark: Any) -> bool:
    """True while a draft begun on other entries than those shown (another device's change since) is to be said
    set aside: over the entries it was first found so, and not once the game moves on again (the news is old)."""
    told = ft.use_ref(None)            # (the draft set aside, the entries it was said over)
    if draft_at[1] == shown_mark:
        told.current = None            # the draft is in force (again): a later change is news again
    elif draft_at[0] != empty and (told.current is None or told.current[0] is not draft_at):
        told.current = (draft_at, shown_mark)
    return told.current is not None and told.current[0] is draft_at and told.current[1] == shown_mark


def _turn_body(state: State, colours, cards: CardsDraft, risk: RiskDraft, move: MoveDraft, routes, weather_edit,
               board: ft.Control, problem: str | None, handlers: Mapping[str, Any],
               asked: Mapping[int, Weather], *, correcting: str | None = None) -> list[ft.Control]:
    """The Turn panel below the forecast: the step the game is waiting for. `asked`: the days of a weather entry
    a correction asks for again; `correcting`: a correction under way, "ready" or "waiting" (`end_hint`)."""
    h = handlers
    if state.over:
        return end_section(state, colours, on_finish=h["finish"], problem=problem, correcting=correcting) + [board]
    body: list[ft.Control] = []
    if state.phase is Phase.PLAY:
        if state.log:
            last = state.log[-1]
            # Up to four climbers the check is shown in full; more are folded to a line until opened.
            toggled = h["unfolded"] == last.turn
            folded = (len(last.checks) > 4) != toggled
            body.append(check_card(state, last.checks, colours,
                                   title=_("Turn {turn}: acclimatization check").format(turn=last.turn),
                                   note=_("Weather: {weather}.").format(
                                       weather=weather_words(last.weather, state.stacking.labels)),
                                   key="fr-last-check", folded=folded,
                                   on_fold=lambda: h["set_unfolded"](None if toggled else last.turn)))
        if asked:
            # The entry to enter again is the weather: its editor, not the cards, is what the correction waits for.
            first, last = min(asked), max(asked)
            body.append(labelled("fr-correct-weather", ft.FilledTonalButton(
                _("Correct the weather of day {day}").format(day=first) if first == last else
                _("Correct the weather of days {first}–{last}").format(first=first, last=last),
                key="fr-correct-weather", icon=ft.Icons.CLOUD_QUEUE_ROUNDED,
                on_click=bind(h["open_weather"], first))))
        elif rules.today_weather(state) is None:
            body.append(info_line(ft.Icons.CLOUD_QUEUE_ROUNDED, _("Day {day}'s weather is not entered yet: tap "
                                  "today in the forecast, or enter it before the climbers act.").format(
                                      day=state.turn),
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
        edit = weather_edit if weather_edit and weather_edit[0] == days else (days, drafts_for(state, days, asked))
        body.append(section_title(_("Day {day}'s weather").format(day=state.turn)))
        body.append(ft.Text(_("Enter today's weather as the tile shows it before the climbers act: it sets the "
                              "movement costs and the acclimatization check. The rest of the tile can be entered "
                              "with it."), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        body.append(tile_editor(prefix="fr-today", days=edit[0], drafts=edit[1],
                                on_change=lambda change: h["set_weather_edit"](lambda kept: (
                                    edit[0], change(kept[1] if kept and kept[0] == edit[0] else edit[1]))),
                                season=state.setup.season, labels=state.stacking.labels,
                                laid=tiles_laid(state.weather, state.setup.season, besides=edit[0]),
                                first_as_shown=edit[0][0] == state.turn))
        if problem:
            body.append(ft.Text(problem, key="fr-weather-problem", color=ft.Colors.ERROR, size=13))
        body.append(ft.Row(alignment=ft.MainAxisAlignment.END, controls=[labelled("fr-today-save", ft.FilledButton(
            _("Save the weather"), key="fr-today-save", icon=ft.Icons.SAVE_ROUNDED,
            on_click=lambda: h["save_weather"](edit[0], edit[1])))]))
        body.append(board)
        return body
    body.extend(actions_section(
        state, colours, move, routes, on_climber=h["choose_climber"], on_card=h["toggle_card"],
        on_tent=h["toggle_tent"], on_risk_move=h["set_risk_move"], on_risk_accl=h["set_risk_accl"],
        on_pay=h["pay"], on_done=h["done"], board=board, problem=problem, on_space=h["tap_space"]))
    body.append(check_card(state, rules.check_preview(state), colours,
                           title=_("Acclimatization check at the end of turn {turn}").format(turn=state.turn),
                           note=_("As things stand now; it runs by itself when the last player is done."),
                           key="fr-preview"))
    return body


def _check_panel(state: State, colours) -> list[ft.Control]:
    body: list[ft.Control] = [section_title(_("The acclimatization check"))]
    if rules.printed_rules(state):
        how = _("At the end of every turn each living climber adds its space's modifier, +1 if a tent of its colour "
                "(either climber's) is on its space, and subtracts the day's weather penalty if its zone is covered; "
                "then the result is capped at 6, and below 1 the climber dies and scores 1.")
    else:
        how = _("At the end of every turn each living climber adds its space's modifier, +1 if its own tent (the "
                "earlier readings this game follows) is on its space, and subtracts the day's weather penalty if its "
                "zone is covered; then the result is capped at 6, and below 1 the climber dies and scores 1.")
    body.append(ft.Text(how, size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if not state.over and rules.today_weather(state) is not None:
        body.append(check_card(state, rules.check_preview(state), colours,
                               title=_("If turn {turn}'s check ran now").format(turn=state.turn),
                               note=_("Today: {weather}.").format(
                                   weather=weather_words(rules.today_weather(state), state.stacking.labels)),
                               key="fr-check-now"))
    elif not state.over:
        body.append(info_line(ft.Icons.CLOUD_QUEUE_ROUNDED, _("Enter day {day}'s weather to see this turn's "
                              "check.").format(day=state.turn), key="fr-check-needs-weather"))
    for record in reversed(state.log):
        weather = weather_words(record.weather, state.stacking.labels)
        if record.risk_taker is None:
            note = _("Weather: {weather}.").format(weather=weather)
        else:
            note = _("Weather: {weather} · {name} took a risk token of {value}.").format(
                weather=weather, name=state.players[record.risk_taker].name, value=record.risk_value)
        body.append(check_card(state, record.checks, colours, title=_("Turn {turn}").format(turn=record.turn),
                               note=note, key=f"fr-check-turn-{record.turn}"))
    if not state.log:
        body.append(ft.Text(_("No turn has been checked yet."), color=ft.Colors.ON_SURFACE_VARIANT))
    return body


def _weather_panel(state: State, weather_edit, set_weather_edit, open_weather, save_weather,
                   problem: str | None) -> list[ft.Control]:
    body: list[ft.Control] = [section_title(_("Forecast"))]
    body.append(ft.Text(_("Enter each day as its tile is revealed: no effect, or an acclimatization loss and/or a "
                          "movement surcharge for the zones it covers. Today can change until a climber acts; days "
                          "ahead at any time."), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if weather_edit:
        days, drafts = weather_edit
        body.append(ft.Container(
            key="fr-weather-edit",
            padding=12,
            border_radius=ft.BorderRadius.all(16),
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            border=ft.Border.all(2, ft.Colors.PRIMARY),
            content=ft.Column(spacing=10, tight=True, controls=[
                ft.Text(_("Days {first}–{last}").format(first=days[0], last=days[-1]) if len(days) > 1 else
                        _("Day {day}").format(day=days[0]),
                        weight=ft.FontWeight.W_600, size=16),
                tile_editor(prefix="fr-weather", days=days, drafts=drafts,
                            on_change=lambda change: set_weather_edit(
                                lambda kept: (days, change(kept[1] if kept and kept[0] == days else drafts))),
                            season=state.setup.season,
                            labels=state.stacking.labels,
                            laid=tiles_laid(state.weather, state.setup.season, besides=days),
                            first_as_shown=days[0] == state.turn and rules.today_weather(state) is None),
                *([ft.Text(problem, key="fr-weather-problem", color=ft.Colors.ERROR, size=13)] if problem else []),
                ft.Row(alignment=ft.MainAxisAlignment.END, controls=[
                    labelled("fr-weather-cancel", ft.TextButton(_("Cancel"), key="fr-weather-cancel",
                                                                on_click=lambda: set_weather_edit(None))),
                    labelled("fr-weather-save", ft.FilledButton(
                        _("Save"), key="fr-weather-save", icon=ft.Icons.SAVE_ROUNDED,
                        on_click=lambda: save_weather(days, drafts))),
                ]),
            ]),
        ))
    laid = tiles_laid(state.weather, state.setup.season)
    for tile in range(rules.TURNS // TILE_DAYS):
        body.append(tile_card(state, tile, laid, on_edit=open_weather))
    return body


def wrapped_lines(text: str, chars: int) -> int:
    """The lines `text` takes wrapped at word breaks in lines of about `chars` characters; a word longer than a
    line is broken inside it."""
    lines, used = 1, 0
    for word in _BREAKS.split(text.strip()):     # a no-break space (French "5\u00a0pts") holds its words together
        if used and used + 1 + len(word) > chars:
            lines, used = lines + 1, 0
        used += len(word) + (1 if used else 0)
        while used > chars:
            lines, used = lines + 1, used - chars
    return lines


def _move_bar(state: State, move: MoveDraft, routes, colour: str, on_give, on_cancel) -> ft.BottomAppBar:
    text, label, ready = move_summary(state, move, routes)
    refused = move.reason is not None
    if refused:
        # The refusal is said where the thumb is, not only above the board where it may be scrolled away.
        text = move.reason
    # Beside the two buttons a 360 px phone leaves the words about 23 characters a line: a long plan or refusal
    # ("A : vers S5 pour 4 (3 + 1 météo), tente pour 1, risque −1 mouvement") gets a taller bar, not an ellipsis,
    # as tall as its lines need (a refusal naming the path's cost and the cards ran to seven or eight).
    # Lines counted word by word: "A: nach k für 2, Akklimatisierung von 1 auf −1" is only 46 characters, but
    # its long word wraps early and took a third line, cut with its "−1" (the climber dies unless sheltered).
    long = refused or wrapped_lines(text, _BAR_SHORT_LINE) > 2
    needed = max(5, wrapped_lines(text, _BAR_LINE_CHARS)) if long else 2
    lines = min(_BAR_MOST_LINES, needed)
    # Longer still (three cards, the tent and risk points named in a French refusal), the words scroll within
    # the bar, whole: its end says what the cards give.
    scrolls = needed > lines
    summary = ft.Text(text, key="fr-move-summary", expand=not scrolls, size=12 if long else 13,
                      max_lines=None if scrolls else lines, overflow=None if scrolls else ft.TextOverflow.ELLIPSIS,
                      weight=ft.FontWeight.W_500, color=ft.Colors.ERROR if refused else None)
    return ft.BottomAppBar(
        key="fr-move-bar",
        height=max(100, 16 * lines + 24) if long else 76,
        padding=ft.Padding.symmetric(horizontal=8, vertical=8),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        content=ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            labelled("fr-move-cancel", ft.IconButton(ft.Icons.CLOSE_ROUNDED, key="fr-move-cancel",
                                                     tooltip=_("Stop planning this climber"), on_click=on_cancel)),
            pawn(colour, move.climber or "", size=28),
            ft.Column([summary], key="fr-move-words", expand=True, tight=True, scroll=ft.ScrollMode.AUTO)
            if scrolls else summary,
            # A tent refused with the space it was for would be pitched where the climber stands: not what the
            # player planned, so nothing to confirm until the plan changes. A space refused alone leaves the
            # button saying what it does (Stay: the cards used where the climber is).
            labelled("fr-give", ft.FilledButton(label, key="fr-give", icon=ft.Icons.CHECK_ROUNDED,
                                                disabled=not ready or (refused and move.tent), on_click=on_give)),
        ]),
    )


def _notice(text: str) -> ft.Control:
    return announced(ft.Container(
        key="fr-notice",
        padding=ft.Padding.symmetric(horizontal=14, vertical=10),
        border_radius=ft.BorderRadius.all(12),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        content=ft.Row([ft.Icon(ft.Icons.INFO_OUTLINE_ROUNDED, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
                        ft.Text(text, key="fr-notice-text", expand=True)], spacing=10),
    ))


def _why_not(state: State, player: int | None, draft: MoveDraft, space: SpaceId, route: Route | None) -> str:
    """The engine's reason a climber cannot end its move on a space (stacking, or the cards cannot pay)."""
    if player is None or draft.climber is None:
        return ""
    if route is not None and route.reason:
        return first_capital(_("{climber} cannot end its move on {space}: {reason}").format(
            climber=tr(rules.climber_name(state, player, draft.climber)), space=space_name(state.board, space),
            reason=tr(route.reason)))
    given = given_cards(state, draft)
    if not any(c.kind is not CardKind.ACCLIMATIZATION for c in given):
        if given:
            return _("Give climber {label} movement cards first: it has none (only {cards}).").format(
                label=draft.climber, cards=cards_words(c.code for c in given))
        return _("Give climber {label} movement cards first: it has none.").format(label=draft.climber)
    try:
        rules.route_to(state, player, draft.climber, given, space, tent=draft.tent, risk_move=draft.risk_move)
    except CompanionError as exc:
        return first_capital(exc)
    return _("{space} cannot be reached now.").format(space=space)


_EARLIER_READINGS = N_("a tent sheltered only its own climber, acclimatization cards stopped at 6 at once, the "
                       "risk penalty could fall on any climber given a card, and victory points counted only "
                       "where a move ended")
_PRINTED_READINGS = N_("a tent shelters both climbers of its colour, acclimatization is capped at 6 only at the "
                       "end of the check, only a climber that moved or got acclimatization points bears the risk "
                       "penalty, and victory points count every space reached during a move")


def _older_rules_card(state: State, on_switch: Callable[[], None]) -> ft.Control:
    """The warning on a game started under the companion's earlier readings: what differs, that the past
    turns stay as played, and the switch to the printed rules (an action like any other, so undo takes it
    back)."""
    if engine.switched(state):
        return message_card(
            ft.Icons.GAVEL_ROUNDED, _("The remaining turns follow the printed rules"),
            _("This game was started under the companion's earlier readings of four rules; its past turns stay as "
              "they were played. Since the switch, {readings}. Undo the switch to go back.").format(
                readings=_(_PRINTED_READINGS)),
            key="fr-older-rules")
    why_not = engine.why_no_switch(state)
    button = ft.FilledButton(_("Use the printed rules from now on"), key="fr-use-printed-rules",
                             icon=ft.Icons.GAVEL_ROUNDED, disabled=why_not is not None, on_click=on_switch)
    actions: list[ft.Control] = [labelled("fr-use-printed-rules", button)]
    if why_not:
        actions.append(ft.Text(f"{first_capital(tr(why_not))}.", key="fr-use-printed-why", size=12))
    return message_card(
        ft.Icons.GAVEL_ROUNDED, _("This game was started under the companion's earlier readings"),
        _("It was saved before the companion followed the printed rulebook on four rules: {readings}. Its past "
          "turns stay as they were played, and games in History keep their results. Unless you switch, the rest of "
          "the game goes on under the earlier readings too; the printed rules can take over at the start of a "
          "turn.").format(readings=_(_EARLIER_READINGS)), key="fr-older-rules", tone="warning", actions=actions)


def _undone_words(app: Any, session_id: str, doc: Mapping[str, Any], *, redo: bool = False) -> str:
    """What the notice after Undo (or Redo) says was taken back: in a few words (`describe_action`: the entries'
    words of a tile's weather run to three days' effects), but a Done in the entries' words, since the last
    one runs the turn's check, whose deaths come and go with it."""
    if doc.get("type") == "done":
        return entry_words(app, session_id, "{entry}", describe_action(doc), redo=redo)
    return describe_action(doc)


def describe_action(doc: Mapping[str, Any]) -> str:
    """A saved action in a few words, for undo and redo: "Ann's cards", "day 4's weather"."""
    # Each is what Undo took back or Redo put back, said in their notices: "Undone: {what}. Redo puts it back.",
    # "Redone: {what}."
    kind = doc.get("type")
    player = doc.get("player")
    if kind == "weather":
        weather = doc.get("weather")
        count = len(weather) if isinstance(weather, list) else 1
        day = doc.get("day")
        # i18n: what Undo took back ("Undone: day 4's weather")
        return (_("day {day}'s weather").format(day=day) if count == 1 else
                # i18n: what Undo took back ("Undone: the weather of days 4-6")
                _("the weather of days {first}–{last}").format(first=day, last=day + count - 1))
    if kind == "play":
        # i18n: what Undo took back ("Undone: Ann's cards")
        return _("{name}'s cards").format(name=player)
    if kind == "draw":
        # i18n: what Undo took back ("Undone: the cards entered in Ann's hand")
        return _("the cards entered in {name}'s hand").format(name=player)
    if kind == "risk":
        # i18n: what Undo took back ("Undone: the risk token of 2")
        return _("the risk token of {value}").format(value=doc.get("value"))
    if kind == "climber":
        # i18n: what Undo took back ("Undone: Ann's climber A's action")
        return _("{name}'s climber {climber}'s action").format(name=player, climber=doc.get("climber"))
    if kind == "pay_risk":
        # i18n: what Undo took back ("Undone: the risk point off Ann's climber A")
        return _("the risk point off {name}'s climber {climber}").format(name=player, climber=doc.get("climber"))
    if kind == "done":
        # i18n: what Undo took back ("Undone: Ann being done")
        return _("{name} being done").format(name=player)
    if kind == "rules":
        # i18n: what Undo took back ("Undone: the switch to the printed rules")
        return _("the switch to the printed rules")
    # i18n: what Undo took back, for an entry of an unknown kind
    return _("the last action")


@ft.component
def FreundeFinished(record: Mapping) -> ft.View:
    """A game saved to History: the winner (or solo rank), each player's climbers and score, the deaths."""
    app = use_app()
    try:
        return _finished_view(app, record)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as exc:
        return damaged_record(_TITLE, exc)


def _finished_view(app: Any, record: Mapping) -> ft.View:
    detail = record.get("detail") or {}
    players = detail.get("players") or []
    try:
        roster = {p.id: p.colour for p in app.store.players.list(include_removed=True)}
    except CompanionError:
        roster = {}
    winners = list(detail.get("winners") or [])
    rank = detail.get("solo_rank")
    if rank:
        points = rank.get("score")
        count = points if isinstance(points, int) else 0
        # i18n: the solo result's title: the rank, then the score ("Alpinist · 15 points")
        title = ngettext("{rank} · {n} points", "{rank} · {n} points", count).format(
            rank=tr(rank_name(rank.get("id"), rank.get("name"))), n=points)
        template = _FINISHED_RANK.get((detail.get("route"), detail.get("weather_season")))
        text = (_(template).format(printed=rank.get("printed")) if template else
                _("Solo rank {printed} ({route} route, {season} weather).").format(
                    printed=rank.get("printed"), route=detail.get("route"), season=detail.get("weather_season")))
    elif len(winners) == 1:
        title = _("{name} wins").format(name=winners[0])
        text = (_("Tie broken: first to the summit.") if detail.get("tie_break") == "summit"
                else _("Highest total of both climbers' best victory points."))
    else:
        title = _("Shared win: {names}").format(names=and_list(winners))
        text = _("Tied on points; nobody's living climber reached the summit.")
    season = detail.get("weather_season", "")
    played = detail.get("turns_played", 0)
    board = tr(board_title(detail.get("board"), detail.get("board_title", "")))
    count = played if isinstance(played, int) else 0
    if season == "summer":
        summary = ngettext("{board}, summer weather, {n} turns. {result}",
                           "{board}, summer weather, {n} turns. {result}", count)
    elif season == "winter":
        summary = ngettext("{board}, winter weather, {n} turns. {result}",
                           "{board}, winter weather, {n} turns. {result}", count)
    else:
        summary = ngettext("{board}, {season} weather, {n} turns. {result}",
                           "{board}, {season} weather, {n} turns. {result}", count)
    summary = summary.format(board=board, season=season, n=played, result=text)
    body: list[ft.Control] = [
        ft.Container(key="fr-final", bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=ft.BorderRadius.all(20),
                     padding=18, content=ft.Row(spacing=14, controls=[
                         ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, size=40, color=ft.Colors.AMBER_700),
                         ft.Column(expand=True, spacing=2, tight=True, controls=[
                             ft.Text(title, key="fr-final-title", size=20, weight=ft.FontWeight.W_700,
                                     color=ft.Colors.ON_TERTIARY_CONTAINER),
                             ft.Text(summary, color=ft.Colors.ON_TERTIARY_CONTAINER),
                         ]),
                     ])),
        section_title(_("Final scores")),
    ]
    # The record's players carry the roster ids (the keeper fills in seats the setup left without one).
    ids = [p.get("id") for p in record.get("players") or []]
    seats = [(player, ids[i] if i < len(ids) else None) for i, player in enumerate(players)]
    shared = sum(1 for player in players if player.get("winner")) > 1
    for index, (player, player_id) in enumerate(sorted(seats, key=lambda seat: -int(seat[0].get("score") or 0))):
        colour = roster.get(player_id or player.get("id") or "", FALLBACK_COLOUR)
        climbers = " · ".join(_finished_climber(c) for c in player.get("climbers") or [])
        total = player.get("score")
        # One node, said as the game's end said it ("Ann shares the win, 2 points: …"): its parts were the
        # name, the climbers and a bare "2", the trophy unnamed.
        said = score_said(str(player.get("name", "")), total if isinstance(total, int) else 0, climbers,
                          winner=bool(player.get("winner")), shared=shared)
        body.append(ft.Semantics(label=said, exclude_semantics=True, content=ft.Container(
            key=f"fr-final-{index}",
            padding=ft.Padding.symmetric(horizontal=12, vertical=10),
            border_radius=ft.BorderRadius.all(14),
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            content=ft.Row(spacing=12, controls=[
                colour_dot(colour, str(player.get("name", "")), size=32, icon=PLAYER_ICON),
                ft.Column(expand=True, spacing=0, tight=True, controls=[
                    ft.Text(str(player.get("name", "")), size=16, weight=ft.FontWeight.W_600),
                    ft.Text(climbers, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                ]),
                *([ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, color=ft.Colors.AMBER_700)] if player.get("winner") else []),
                ft.Text(str(player.get("score", "")), key=f"fr-final-{index}-score", size=22,
                        weight=ft.FontWeight.W_700),
            ]),
        )))
    deaths = detail.get("deaths") or []
    if deaths:
        body.append(section_title(_("Deaths")))
        for death in deaths:
            body.append(info_line(ft.Icons.HEART_BROKEN_ROUNDED, tr(engine.death_words(death))))
    body.append(ft.Row(alignment=ft.MainAxisAlignment.END, controls=[
        labelled("fr-final-history", ft.OutlinedButton(
            _("History"), key="fr-final-history", icon=ft.Icons.HISTORY_ROUNDED,
            on_click=lambda: ft.context.page.navigate("/history"))),
        labelled("fr-final-home", ft.FilledButton(
            _("Home"), key="fr-final-home", icon=ft.Icons.HOME_ROUNDED,
            on_click=lambda: ft.context.page.navigate("/"))),
    ]))
    return screen_view(_TITLE, body)


# A finished solo game's rank in words, by the board's route and the weather season (whole sentences).
_FINISHED_RANK = {
    ("easy", "summer"): N_("Solo rank {printed} (easy route, summer weather)."),
    ("easy", "winter"): N_("Solo rank {printed} (easy route, winter weather)."),
    ("hard", "summer"): N_("Solo rank {printed} (hard route, summer weather)."),
    ("hard", "winter"): N_("Solo rank {printed} (hard route, winter weather)."),
}


def _finished_climber(climber: Mapping[str, Any]) -> str:
    """A climber's part of a finished game's score: "A: 12 (summit turn 9)", "B: 1 (died turn 7)"."""
    label, points = climber.get("climber"), climber.get("score")
    if not climber.get("alive"):
        return _("{climber}: {score} (died turn {turn})").format(climber=label, score=points,
                                                                 turn=climber.get("died_turn"))
    if climber.get("summit_turn"):
        return _("{climber}: {score} (summit turn {turn})").format(climber=label, score=points,
                                                                   turn=climber.get("summit_turn"))
    return labelled_value(label, points)


# What a finished game's record keeps as ids (see `files.score_result`), said in words in its breakdown.
_RECORD_WORDS = {
    # i18n: the side of Freunde's board a game was played on, in a finished game's breakdown
    ("route", "easy"): N_("easy route"),
    # i18n: the side of Freunde's board a game was played on, in a finished game's breakdown
    ("route", "hard"): N_("hard route"),
    # i18n: the season of Freunde's weather tiles in a game, in a finished game's breakdown
    ("weather_season", "summer"): N_("summer"),
    # i18n: the season of Freunde's weather tiles in a game, in a finished game's breakdown
    ("weather_season", "winter"): N_("winter"),
    # i18n: how a tie on points ended (Freunde), in a finished game's breakdown: as the end of the game says it
    ("tie_break", "shared"): N_("shared win"),
    # i18n: how a tie on points ended (Freunde): the first living climber to reach the summit won it
    ("tie_break", "summit"): N_("first to the summit"),
}


def record_words(detail: Any) -> Any:
    """A Freunde breakdown as History shows it: a shipped board's title in the player's language (an edited
    board's as the players wrote it), that the board was not checked against the printed one only when it was
    not (an edited board, or the winter board's data), and the route, the weather season and the tie-break in
    words."""
    if not isinstance(detail, dict):
        return detail
    out = dict(detail)
    if out.get("board_verified") is True:
        del out["board_verified"]      # said only of a board not checked, as the shared result does
    if isinstance(out.get("board_title"), str):
        out["board_title"] = board_title(out.get("board"), out["board_title"])
    for key in ("route", "weather_season", "tie_break"):
        value = out.get(key)
        if isinstance(value, str) and (key, value) in _RECORD_WORDS:
            out[key] = _(_RECORD_WORDS[key, value])
    if isinstance(out.get("deaths"), list) and out["deaths"]:       # none: said "none", as any empty list
        # Each death a sentence, as the game's end says it: its fields apart ("Space: SUMMIT") gave the board's id.
        # One after another as sentences (in a list, the second one's capital stood after a comma in French).
        out["deaths"] = " ".join(str(tr(engine.death_words(death))) if isinstance(death, dict)
                                 else str(death) for death in out["deaths"])
    return out


register_game_screen(GAME, new_game=FreundeNewGame, play=FreundePlay)
register_game_progress(GAME, turn_words, over=lambda state: state.over)
register_breakdown_words(GAME, record_words)
