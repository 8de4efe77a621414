"""Ridgeline's screens: a new table (`/games/ridgeline`) and the game at the table (`/play/ridgeline/<id>`).

The play screen has five panels on a bottom navigation bar, each reachable with one thumb: the Table (the
coming hand, every seat's camp and fatigue, the hands so far, the winners), the End of hand (who went out,
who pitched, the cards left), and three tools for disputes and planning: the meld Checker, the pitch
Finder and the Lay-off helper. Hands go through the session keeper, so undo, redo and resume replay them;
a finished game is saved to History and stays readable at the same address.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from enum import IntEnum
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.games.ridgeline import session as engine
from companion.games.ridgeline.rules import State
from companion.games.ridgeline.cards import parse_card
from companion.games.words import clauses
from companion.i18n import N_, _, ngettext, tr
from companion.ui.common.drafts import keep_draft, kept_draft
from companion.ui.common.entries import (EntriesPanel, Mark, correction_state, entries_button, entries_mark,
                                         settled_mark, use_entries_shown)
from companion.ui.common.abandon import use_abandon
from companion.ui.common.registry import register_breakdown_words, register_game_progress, register_game_screen
from companion.ui.common.routing import damaged_record, finish_game, in_progress_or_finished
from companion.ui.ridgeline.hand import HandDraft, draft_problem, hand_panel
from companion.ui.ridgeline.setup import RidgelineNewGame
from companion.ui.ridgeline.table import (
    FALLBACK_COLOUR,
    camps_cleared,
    hands_table,
    record_rows,
    table_panel,
    winners_card,
)
from companion.ui.ridgeline.tools import (
    CheckDraft,
    FinderDraft,
    LayoffDraft,
    checker_panel,
    finder_panel,
    layoff_panel,
)
from companion.ui.common.services import use_app, use_scroll_into_view, use_top_on_change
from companion.ui.common.widgets import (colour_dot, first_capital, labelled, message_card, screen_view, section_title,
                                         sentence, undo_redo)

__all__ = ["GAME", "Panel", "RidgelineNewGame", "RidgelinePlay", "RidgelineTable", "RidgelineFinished",
           "seat_colours"]

GAME = engine.GAME_ID
_TITLE = "Ridgeline"  # the game's name, the same in every language
_HAND_FORM = "hand"   # the end-of-hand form, as its draft is kept beside the game


class Panel(IntEnum):
    """The play screen's panels, in the order of the navigation bar."""

    TABLE = 0
    HAND = 1
    CHECK = 2
    FIND = 3
    LAY_OFF = 4


# The labels are marked here and said in the player's language where the navigation bar is drawn.
_PANELS = (
    # i18n: a tab of the Ridgeline screen: the table at a glance (seats, camps, fatigue, hands)
    (Panel.TABLE, N_("Table"), ft.Icons.TABLE_ROWS_OUTLINED, ft.Icons.TABLE_ROWS_ROUNDED),
    # i18n: a tab of the Ridgeline screen: enter how the hand ended (keep it short)
    (Panel.HAND, N_("End hand"), ft.Icons.FLAG_OUTLINED, ft.Icons.FLAG_ROUNDED),
    # i18n: a tab of the Ridgeline screen: the meld checker, says whether a pitch is legal
    (Panel.CHECK, N_("Checker"), ft.Icons.FACT_CHECK_OUTLINED, ft.Icons.FACT_CHECK_ROUNDED),
    # i18n: a tab of the Ridgeline screen: the pitch finder, finds how a hand can clear its camp
    (Panel.FIND, N_("Finder"), ft.Icons.TRAVEL_EXPLORE_OUTLINED, ft.Icons.TRAVEL_EXPLORE_ROUNDED),
    # i18n: a tab of the Ridgeline screen: which cards can be laid off onto groups on the table (a verb)
    (Panel.LAY_OFF, N_("Lay off"), ft.Icons.CALL_MERGE_OUTLINED, ft.Icons.CALL_MERGE_ROUNDED),
)


# --- a game at the table ---------------------------------------------------------------------------------


@ft.component
def RidgelinePlay(session_id: str) -> ft.View:
    """Route `/play/ridgeline/<id>`: the game in progress, or its final standings once saved to History."""
    return in_progress_or_finished(use_app(), session_id,
                                   table=lambda: RidgelineTable(session_id=session_id),
                                   finished=lambda record: RidgelineFinished(record=record))


@ft.component
def RidgelineTable(session_id: str) -> ft.View:
    """The game in progress: the five panels, undo and redo in the app bar."""
    app = use_app()
    # The hand being entered goes with the entries it was begun after: a correction taking the game back to an
    # earlier hand, or the entries changed from elsewhere, starts a fresh form (hand 3's half-entered cards
    # showed as hand 1's, one tap from being recorded there).
    # A form kept from before a reload (or a page the phone closed) comes back, if the game has not moved on,
    # and the screen opens on it.
    draft_at, set_draft_at = ft.use_state(lambda: _kept_hand(app, session_id))
    panel, set_panel = ft.use_state(lambda: Panel.HAND if draft_at[1] is not None else Panel.TABLE)
    hand_problem, set_hand_problem = ft.use_state(None)
    table_problem, set_table_problem = ft.use_state(None)
    # What this device's last change did, with the entries it left: said only while they stand (another
    # device's Undo, Redo or hand made "Hand 3 undone. Redo puts it back." false under the hands it showed).
    notice, set_notice = ft.use_state(None)
    check, set_check = ft.use_state(CheckDraft())
    find, set_find = ft.use_state(FinderDraft())
    lay, set_lay = ft.use_state(LayoffDraft())
    entries, set_entries = use_entries_shown(session_id)
    # A panel opened from the middle of another starts at its top; so do the entries, opened above everything.
    view_ref = use_top_on_change((panel, entries))
    use_scroll_into_view(view_ref, "rl-hand-problem", hand_problem)
    # Hooks come before the early return below, so every drawing calls the same ones in the same order.
    # What the store holds already (the form as opened): opening a game writes nothing, only a change does.
    kept_at = ft.use_ref(draft_at)
    # The form this device was typing in when it tapped Undo, with the entries it was begun after: the Redo that
    # brings those entries back brings it back, even when another form took the store's place meanwhile.
    parked = ft.use_ref(None)

    def keep_hand() -> None:
        if draft_at[1] is not None and draft_at != kept_at.current:
            kept_at.current = draft_at
            keep_draft(app.store, session_id, _HAND_FORM, draft_at[1], draft_at[0].to_doc())

    ft.use_effect(keep_hand, dependencies=[draft_at])

    def say(text: str) -> None:
        set_notice((text, entries_mark(app, session_id)))

    abandon_button = use_abandon(session_id, "rl", lambda text: set_table_problem(first_capital(text)))

    try:
        session = app.keeper.get(session_id)
        state: State = app.keeper.state(session_id)
        correction = app.keeper.correction(session_id)
    except CompanionError as exc:
        # A saved game this version cannot replay stays on home until it is abandoned here.
        return screen_view(_TITLE, [message_card(
            ft.Icons.ERROR_OUTLINE_ROUNDED, _("This game cannot be opened"), first_capital(exc),
            key="rl-broken", tone="warning"), abandon_button])
    colours = seat_colours(app.store, state)
    names = state.setup.names
    correcting = correction is not None and not correction.done

    # A form begun after other entries starts again: from nothing, or, when a correction asks for an old hand
    # again, from that hand as it was entered (changed, not all typed again).
    asked_again = HandDraft.of_entry(correction.waiting if correcting else None, names)

    def set_draft(changed: HandDraft | Callable[[HandDraft], HandDraft]) -> None:
        """A new draft, or a change of the latest one (a function of it), marked with the entries now."""
        mark = entries_mark(app, session_id)

        def update(at: tuple[HandDraft, Mark | None]) -> tuple[HandDraft, Mark]:
            base = at[0] if at[1] == mark else asked_again
            return (changed(base) if callable(changed) else changed, mark)

        set_draft_at(update)

    shown_mark = entries_mark(app, session_id)
    draft = draft_at[0] if draft_at[1] == shown_mark else asked_again
    # The hands changed on another device (or by a tap made twice) under a form with something in it: what was
    # tapped here is gone, and the form says so at once, above it, until the next tap starts it afresh.
    replaced = (draft_at[1] is not None and draft_at[1] != shown_mark
                and draft_at[0] not in (HandDraft(), asked_again))
    overtaken = _overtaken("ready" if correction is not None and correction.ready else correcting,
                           _recorded(draft_at[1], shown_mark, session.actions))

    # Something entered in the form shown (not only what a correction asks for again, nor a seat only chosen).
    typed = replace(draft, active=None) not in (HandDraft(), replace(asked_again, active=None))

    def forget_form() -> None:
        """This device changed the entries (undo, redo, a correction's step): the form starts again from them
        without a word (another device's change is said, `submit`), and the one kept goes too."""
        set_draft_at((HandDraft(), None))
        keep_draft(app.store, session_id, _HAND_FORM, shown_mark, None)

    def follow_correction() -> None:
        """A step of a correction on this device: the form starts again (`forget_form`), unless it holds the
        next hand typed while the correction was ready and the step (Confirm, or Cancel) leaves that hand the
        next one still: it stays, marked with the entries now."""
        now = entries_mark(app, session_id)
        set_hand_problem(None)      # "confirm or cancel the correction first" was said of the entries before it
        if typed and draft_at[1] is not None and now[0] == -1 and draft_at[1][0] == now[1]:
            set_draft_at((draft, now))
            kept_at.current = (draft, now)
            keep_draft(app.store, session_id, _HAND_FORM, now, draft.to_doc())
            return
        forget_form()

    def restore_form() -> str | None:
        """After a Redo: the form of the next hand as it was left, if the entries are back to those it was begun
        after. "own": the one this page was typing when it tapped Undo (`parked`), even if another device typed
        another since; "kept": the store's, which an Undo leaves marked with those entries (a page reloaded since,
        or another device, finds it); None: the form starts again, as after any change."""
        was, parked.current = parked.current, None
        if was is not None and was[1] == entries_mark(app, session_id):
            keep_draft(app.store, session_id, _HAND_FORM, was[1], was[0].to_doc())    # for a reload, as any form
            set_draft_at(was)
            kept_at.current = was
            return "own"
        kept = _kept_hand(app, session_id)
        if kept[1] is not None:
            set_draft_at(kept)
            kept_at.current = kept
            return "kept"
        forget_form()
        return None

    def show(target: Panel) -> None:
        set_panel(target)
        set_notice(None)
        set_hand_problem(None)      # said of the form as it was; a tap made twice may have left one behind

    def edit_draft(change) -> None:
        # A refusal speaks of the hand as it was entered: once the entry changes, it no longer stands.
        set_draft(change)
        set_hand_problem(None)

    def submit() -> None:
        now = entries_mark(app, session_id)
        if now != shown_mark or (draft_at[1] is not None and draft_at[1] != now):
            try:
                recorded = _recorded(draft_at[1] if draft_at[1] is not None else shown_mark, now,
                                     app.keeper.get(session_id).actions)
            except CompanionError:
                recorded = None
            # Another device entered or undid a hand, or began a correction, since this form was filled in (or
            # drawn): the form now shows another hand than the one tapped in. Nothing is entered unseen.
            set_draft_at((HandDraft(), None))
            try:
                now = app.keeper.correction(session_id)
                now_correcting = "ready" if now is not None and now.ready else (
                    now is not None and not now.done)
            except CompanionError:
                now_correcting = correcting
            set_hand_problem(_overtaken(now_correcting, recorded))
            return
        if draft.went_out is None:
            set_hand_problem(_("Choose who went out first."))
            return
        asked = draft_problem(state, draft)
        if asked is not None:
            problem, blank = asked
            if blank is not None:
                set_draft(lambda d: replace(d, active=blank))     # its cards are entered next
            set_hand_problem(sentence(problem))
            return
        number = len(state.hands) + 1
        try:
            app.keeper.act(session_id, draft.action(names))
        except CompanionError as exc:
            set_hand_problem(sentence(exc))     # a sentence of its own under the heading, full stop included
            return
        set_draft(HandDraft())
        set_hand_problem(None)
        set_table_problem(None)
        if correcting:
            # In a correction the hand goes to its draft: nothing is saved before the correction is confirmed.
            say(_("Hand {number} entered in the correction.").format(number=number))
        else:
            say(_("Hand {number} recorded.").format(number=number))
        set_panel(Panel.TABLE)
        app.changed()

    def undo() -> None:
        number = len(state.hands)
        try:
            app.keeper.undo(session_id, seen=session.actions)
        except CompanionError as exc:
            set_table_problem(first_capital(exc))
            return
        # A hand typed in is not lost to a tap on Undo: Redo brings it back with the hand it undid. The store
        # keeps it as it is, marked with the entries it was begun after, which no device shows until that Redo.
        parked.current = draft_at if typed else None
        if typed:
            set_draft_at((HandDraft(), None))
        else:
            forget_form()
        set_table_problem(None)
        say(
            # i18n: Undo tapped while the next hand's form had something in it: Redo brings back both
            _("Hand {number} undone. Redo puts it back, with the hand {next} you were entering.").format(
                number=number, next=number + 1) if typed else
            _("Hand {number} undone. Redo puts it back.").format(number=number))
        set_panel(Panel.TABLE)  # where the hands and fatigue that changed are shown
        app.changed()

    def redo() -> None:
        number = len(state.hands) + 1
        if typed:
            # The hand undone would take the place of the one being typed in, which would be lost.
            set_notice(None)
            set_table_problem(_("Redo waits: it would put back hand {number} as it was entered, in place of the "
                                "one you are entering. Record yours, or clear it under End hand, first.").format(
                                    number=number))
            set_panel(Panel.TABLE)
            return
        try:
            app.keeper.redo(session_id, seen=session.actions)
        except CompanionError as exc:
            set_table_problem(first_capital(exc))
            return
        set_table_problem(None)
        back = restore_form()
        if back == "own":
            # i18n: Redo tapped, and the form of the next hand, begun before the Undo, comes back with it
            said = _("Hand {number} redone, with the hand {next} you were entering.")
        elif back == "kept":
            # i18n: as above, the form having been typed on another device, or on this one before a reload
            said = _("Hand {number} redone, with the form of hand {next} as it was left.")
        else:
            said = _("Hand {number} redone.")
        say(said.format(number=number, next=number + 1))
        set_panel(Panel.TABLE)  # where the hands and fatigue that changed are shown
        app.changed()

    def finish() -> None:
        finish_game(app, session_id, set_table_problem)

    if panel is Panel.HAND:
        body = hand_panel(state, draft, edit_draft, colours, on_submit=submit, problem=hand_problem,
                          changed=overtaken if replaced else None)
    elif panel is Panel.CHECK:
        body = checker_panel(state, check, set_check, colours)
    elif panel is Panel.FIND:
        body = finder_panel(state, find, set_find, colours)
    elif panel is Panel.LAY_OFF:
        body = layoff_panel(lay, set_lay)
    else:
        body = table_panel(state, colours, on_end_hand=lambda: show(Panel.HAND), on_finish=finish,
                           problem=table_problem, correcting=correction_state(correction),
                           notice=notice[0] if notice is not None and notice[1] == shown_mark else None)
        body.append(abandon_button)
    # A step of a correction changes the hands shown: what the last notice said no longer stands.
    body.insert(0, EntriesPanel(session_id=session_id, opened=entries,
                                on_change=lambda: (set_notice(None), follow_correction())))

    actions = [
        entries_button(entries, set_entries, session.correcting),
        *undo_redo("rl", can_undo=session.can_undo, can_redo=session.can_redo, on_undo=undo, on_redo=redo,
                   undo_words=_("Undo the last hand"), redo_words=_("Redo the hand undone"),
                   correcting=session.correcting),
    ]
    view = screen_view(_TITLE, body, actions=actions)
    view.navigation_bar = ft.NavigationBar(
        key="rl-nav",
        selected_index=int(panel),
        # A tab tapped with the entries open shows that tab: the list above would hide it on a phone.
        on_change=lambda e: (set_entries(False), show(Panel(e.control.selected_index))),
        destinations=[
            ft.NavigationBarDestination(icon=icon, selected_icon=selected, label=_(label))
            for _panel, label, icon, selected in _PANELS
        ],
    )
    view_ref.current = view
    return view


@ft.component
def RidgelineFinished(record: Mapping) -> ft.View:
    """A game saved to History: who took the ridge, the final standings and every hand."""
    app = use_app()
    try:
        return _finished_view(app, record)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as exc:
        return damaged_record(_TITLE, exc)


def _finished_view(app: Any, record: Mapping) -> ft.View:
    detail = record.get("detail") or {}
    standings = detail.get("standings") or []
    names = [str(s.get("name", "")) for s in standings]
    players = record.get("players") or []
    colours = _record_colours(app.store, players, names)
    winners = list(detail.get("winner") or [])
    fatigue = [int(s.get("fatigue") or 0) for s in standings if s.get("name") in winners]
    camps = detail.get("camps") or []
    # Who else cleared the route in the last hand, as the engine recorded it (a record saved before it kept
    # that has no such line).
    fatigue_of = {s.get("name"): int(s.get("fatigue") or 0) for s in standings}
    also = [(str(name), fatigue_of.get(name, 0)) for name in detail.get("summit") or [] if name not in winners]
    # The route in the player's language, as the game showed it before it was saved ("Ridge" was English).
    route = str(tr(engine.route_words(detail.get("route"), str(detail.get("route_name", "")))))
    body: list[ft.Control] = [
        winners_card(winners, fatigue, route, on_finish=None, also=also),
        # The order the list is in (`_standing_order`): a seat with more camps cleared stands above one with
        # less fatigue, which "lower fatigue is better" alone contradicted.
        # i18n: the heading of a finished Ridgeline game's standings, saying their order
        section_title(_("Final standings · most camps cleared, then least fatigue")),
    ]
    for index, standing in enumerate(sorted(standings, key=_standing_order(winners))):
        name = str(standing.get("name", ""))
        cleared = camps_cleared(standing.get("camps_cleared", 0), len(camps))
        # One node in words for a screen reader, in the order a sighted player reads the row: a long name
        # wrapped in two lines was read after the camps under it.
        # i18n: a player's line of a Ridgeline game's final standings, said by a screen reader; more follows
        said = [_("{name}: {fatigue} fatigue").format(name=name, fatigue=standing.get("fatigue", "")), cleared]
        if name in winners:
            said.append(_("Winner"))
        body.append(ft.Container(
            key=f"rl-final-{index}",
            border_radius=ft.BorderRadius.all(14),
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            padding=ft.Padding.symmetric(horizontal=12, vertical=10),
            content=ft.Semantics(label=tr(clauses(said)), exclude_semantics=True, content=ft.Row(spacing=12, controls=[
                colour_dot(colours.get(name, FALLBACK_COLOUR), name, size=32),
                ft.Column(expand=True, spacing=0, tight=True, controls=[
                    ft.Text(name, size=16, weight=ft.FontWeight.W_600),
                    ft.Text(cleared, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                ]),
                *([ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, color=ft.Colors.AMBER_700)] if name in winners else []),
                ft.Text(str(standing.get("fatigue", "")), size=20, weight=ft.FontWeight.W_700,
                        key=f"rl-final-{index}-fatigue"),
            ])),
        ))
    # i18n: the hands played in a Ridgeline game (a section title)
    body.append(section_title(_("Hands")))
    body.append(hands_table(record_rows(detail, names), names, colours, len(camps)))
    body.append(ft.Row(alignment=ft.MainAxisAlignment.END, controls=[
        labelled("rl-final-history", ft.OutlinedButton(
            _("History"), key="rl-final-history", icon=ft.Icons.HISTORY_ROUNDED,
            on_click=lambda: ft.context.page.navigate("/history"))),
        labelled("rl-final-home", ft.FilledButton(
            _("Home"), key="rl-final-home", icon=ft.Icons.HOME_ROUNDED,
            on_click=lambda: ft.context.page.navigate("/"))),
    ]))
    return screen_view(_TITLE, body)


def _recorded(before: Mark | None, now: Mark, actions) -> int | None:
    """The first hand recorded since the entries `before`, where the change since is hands recorded after them
    (no correction under way then or now, the hands before unchanged: `actions` are the game's now); else None."""
    if before is None or before[0] != -1 or now[0] != -1 or now[1] <= before[1]:
        return None
    return before[1] + 1 if settled_mark(actions[:before[1]]) == before else None


def _overtaken(correcting: bool | str, recorded: int | None = None) -> str:
    """What the hand form says when another device's change (or a tap made twice) replaced what was tapped in;
    `correcting` "ready" when a correction is ready to be confirmed, asking for no hand; `recorded`, the hand
    recorded meanwhile (`_recorded`): the one typed here may be the same, or not, and is not to be typed again
    as the next."""
    if recorded is not None and not correcting:
        return _("Hand {number} was recorded meanwhile (on another device, or by a tap made twice): check it on "
                 "the Table; if it is not the hand entered here, correct it from the entries. The form now shows "
                 "the next hand.").format(number=recorded)
    if correcting == "ready":
        return _("The hands changed meanwhile (on another device, or by a tap made twice): an old entry's "
                 "correction is ready. Confirm or cancel it before entering a hand.")
    if correcting:
        return _("The hands changed meanwhile (on another device, or by a tap made twice): the form now shows the "
                 "hand the correction asks for. Check it, then enter it.")
    return _("The hands changed meanwhile (on another device, or by a tap made twice): the form now shows the hand "
             "to enter next. Check it, then enter it.")


def _kept_hand(app, session_id: str) -> tuple[HandDraft, Mark | None]:
    """The hand form as it was left after the entries as they stand (a reload, a page the phone closed), with
    their mark; the empty form, unmarked, when none was kept."""
    mark = entries_mark(app, session_id)
    doc = kept_draft(app.store, session_id, _HAND_FORM, mark)
    if doc is None:
        return HandDraft(), None
    try:
        names = app.keeper.state(session_id).setup.names
    except CompanionError:
        return HandDraft(), None
    return HandDraft.from_doc(doc, names), mark


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


def _progress(state: State) -> str:
    """How many hands the table recorded (home's Resume card)."""
    if state.over:
        return _("Game over")
    if not state.hands:
        # i18n: a Ridgeline game in progress on the home screen, before its first hand is recorded
        return _("No hand recorded yet")
    return ngettext("{n} hand recorded", "{n} hands recorded", len(state.hands)).format(n=len(state.hands))


# Fields of a Ridgeline breakdown that list cards by their codes ("E9", "R:G7", "W").
_CARD_FIELDS = frozenset({"cards", "left"})


def _record_words(detail):
    """A Ridgeline breakdown as History shows it: the route by its name in the player's language, and the
    cards by theirs (`_cards_in_words`)."""
    if isinstance(detail, dict) and isinstance(detail.get("route_name"), str):
        detail = {**detail, "route_name": tr(engine.route_words(detail.get("route"), detail["route_name"]))}
    return _cards_in_words(detail)


def _cards_in_words(detail, key: str | None = None):
    """A Ridgeline breakdown with its cards by their names ("Ember 9", "Rope as Glacier 7", "Whiteout"), as the
    game's screens say them: never the codes of its notation."""
    if isinstance(detail, dict):
        return {k: _cards_in_words(v, k if k in _CARD_FIELDS else key) for k, v in detail.items()}
    if isinstance(detail, list):
        return [_cards_in_words(v, key) for v in detail]
    if key is not None and isinstance(detail, str):
        try:
            return tr(parse_card(detail).title)
        except CompanionError:
            return detail
    return detail


register_game_screen(GAME, new_game=RidgelineNewGame, play=RidgelinePlay)
register_game_progress(GAME, _progress, over=lambda state: state.over)
register_breakdown_words(GAME, _record_words)
