"""Trek 12 Expeditions' screens: a new Expedition (`/games/expedition`) and one under way
(`/play/expedition/<id>`), plus the picture of the stars so far that home's Resume tile shows.

The play screen has two panels on a bottom bar. Ascent: the three Ascents, then what is due now — reveal the
Assist cards, the Ascent under way (cards in play and held, the round's picks, a card used, the sheet played
in the app), the scoring, the envelope to open, the end. Stars: every player's stars drawn by kind, per
Ascent and in total, and the winner. Every action goes through the session keeper (saved at once, undo and
redo replay it) and then `hall_of_fame.sync_expedition`, so the Hall of Fame and the used-up envelopes
always match the Expedition as it stands.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from datetime import date
from enum import IntEnum
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.games.expedition import session as engine
from companion.games.expedition.rules import (
    ASCENTS,
    DICE_SEEDS,
    CardMode,
    Phase,
    SeatNo,
    State,
    lead_order,
    sealed_envelopes,
    sheet_results,
)
from companion.games.trek12.rules import Assist
from companion.games.words import number
from companion.i18n import N_, _, ngettext, tr
from companion.store import hall_of_fame
from companion.ui.expedition.forms import (
    PickDraft,
    ScoreDraft,
    open_action,
    pick_action,
    reveal_action,
    score_action,
    score_asked_again,
    unusually_high,
    use_action,
)
from companion.ui.expedition.panels import (
    SheetOffer,
    climb_panel,
    envelope_panel,
    notice_card,
    pick_panel,
    problem_card,
    reveal_panel,
    score_panel,
)
from companion.ui.expedition.hall import hall_route
from companion.ui.expedition.reviews import ascent_reviews
from companion.ui.expedition.parts import card_name, card_words, high_points_dialog, stars_count
from companion.ui.expedition.round_picks import with_due
from companion.ui.expedition.setup import ExpeditionNewGame
from companion.ui.expedition.sheets import (
    SeatResult,
    SheetResult,
    SheetStatus,
    app_seats,
    forget_sheets,
    sheet_link,
    sheet_result,
    sheet_status,
)
from companion.ui.trek12.screens import Trek12Table, record_words, refusal_words
from companion.ui.expedition.stars import (
    ascent_card,
    ascent_track,
    resume_picture,
    seat_colours,
    standings_card,
    winner_card,
)
from companion.ui.common.drafts import keep_draft, kept_draft
from companion.ui.common.entries import EntriesPanel, entries_button, entries_mark, entry_words, use_entries_shown
from companion.ui.common.registry import (forget_beside, keep_beside_games, register_breakdown_words,
                                         register_game_progress, register_game_screen, register_refusal_words)
from companion.ui.common.routing import in_progress_or_finished, replay_record
from companion.ui.common.services import FieldText, use_app, use_field_text, use_latest_state, use_top_on_change
from companion.ui.common.widgets import (confirm_dialog, dialog_text, labelled, message_card, screen_view,
                                         section_title, sentence, titled, undo_redo)

__all__ = ["GAME", "Panel", "ExpeditionNewGame", "ExpeditionPlay", "ExpeditionTable", "ExpeditionFinished",
           "resume_stars", "replay"]

GAME = engine.GAME_ID
# i18n: the title of the Expedition's screens (Trek 12's Expedition mode)
_TITLE = N_("Expedition")


class Panel(IntEnum):
    """The play screen's panels, in the order of the navigation bar."""

    ASCENT = 0
    STARS = 1


_SCORE_FORM = "score"    # the scoring form's name among the forms kept half filled in (common/drafts.py)
_NOTE_FORM = "envelope"  # the note of the envelope being opened, kept the same way


class _Form(IntEnum):
    """The form open on the Ascent panel while climbing."""

    NONE = 0
    PICK = 1
    SCORE = 2


@ft.component
def ExpeditionPlay(session_id: str) -> ft.View:
    """Route `/play/expedition/<id>`: the Expedition under way, or its final standings once saved to History."""
    return in_progress_or_finished(
        use_app(), session_id,
        table=lambda: ExpeditionTable(session_id=session_id), finished=lambda record: ExpeditionFinished(record=record))


@ft.component
def ExpeditionTable(session_id: str) -> ft.View:
    """The Expedition under way: the Ascent panel and the Stars panel; undo, redo and the Hall of Fame above."""
    app = use_app()
    panel, set_panel = ft.use_state(Panel.ASCENT)
    # The scoring form as it was left (a reload, a page the phone closed): it opens again, half filled in.
    kept, _set_kept = ft.use_state(lambda: _kept_score(app, session_id))
    form, set_form = ft.use_state(_Form.SCORE if kept is not None else _Form.NONE)
    reveal, set_reveal, reveal_now = use_latest_state({})
    picks, set_picks, picks_now = use_latest_state(PickDraft())
    score, set_score, score_now = use_latest_state(kept[0] if kept is not None else ScoreDraft())
    # Typed texts are never state: a redraw must not send a field an older text than it shows (FieldText).
    # seat -> FieldText of the sheet points; a new dict empties every field
    points = ft.use_ref({seat: FieldText(text) for seat, text in kept[1].items()} if kept is not None else {})
    # The scoring form as the store holds it (the document kept, or None): only a change is written.
    kept_doc = ft.use_ref(kept[2] if kept is not None else None)
    # The envelope's note as it was left (a reload): typed again into its field.
    kept_note, _set_kept_note = ft.use_state(lambda: _kept_note(app, session_id))
    note = use_field_text(kept_note)
    note_doc = ft.use_ref({"note": kept_note} if kept_note else None)
    problem, set_problem = ft.use_state(None)
    # What the last tap did, with the entries it was said after: once anything else changes the Expedition
    # (the picks after a round on the app's sheet, a correction), the words are stale and go.
    told, set_told = ft.use_state(None)
    using, set_using = ft.use_state(None)
    confirming, set_confirming = ft.use_state(False)
    dropping, set_dropping = ft.use_state(False)
    doubting, set_doubting = ft.use_state(None)     # the names whose points are asked about before scoring
    entries, set_entries = use_entries_shown(session_id)

    def leave_abandoned() -> None:
        set_confirming(False)
        try:
            reopened = app.keeper.reopened(session_id)
            app.keeper.abandon(session_id)
            record = app.store.history.get(session_id) if reopened else None
            kept = replay_record(engine, record) if record is not None else None
            if kept is not None:
                # Taken back from History and abandoned: History keeps the Expedition as it was, and so does
                # the Hall of Fame (a correction confirmed meanwhile may have changed its lines).
                hall_of_fame.sync_expedition(app.store, session_id, kept)
            else:
                hall_of_fame.withdraw_expedition(app.store, session_id)
            forget_sheets(app.store, session_id)
            if not reopened:
                forget_beside(app.store, session_id)     # its sheets' hints and reviews
        except CompanionError as exc:
            set_problem(_("The Expedition was not abandoned: {reason}").format(reason=sentence(exc)))
            return
        app.changed()
        ft.context.page.navigate("/")

    # Taken back from History for a correction, abandoning drops the changes: History and the Hall of Fame
    # keep the Expedition as it was.
    taken_back = confirming and app.keeper.reopened(session_id)
    ft.use_dialog(ft.AlertDialog(
        modal=False,  # Escape (or a tap beside it) cancels, as its Cancel button does
        **titled(_("Drop the changes?") if taken_back else _("Abandon this Expedition?")),
        content=dialog_text(
            _("The changes made since the Expedition was taken back from History are dropped; History and the "
              "Hall of Fame keep it as it was.") if taken_back else
            _("It is deleted and will not appear in History; the records it wrote are taken back from the Hall "
              "of Fame. The envelopes it opened stay used up.")),
        actions=[
            labelled("exp-abandon-cancel", ft.TextButton(_("Keep them") if taken_back else _("Keep it"),
                                                         key="exp-abandon-cancel",
                                                         on_click=lambda: set_confirming(False))),
            labelled("exp-abandon-confirm", ft.FilledButton(
                _("Drop the changes") if taken_back else _("Abandon"), key="exp-abandon-confirm",
                on_click=leave_abandoned,
                style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR))),
        ],
        on_dismiss=lambda: set_confirming(False),
    ) if confirming else None)
    abandon_row = ft.Row(alignment=ft.MainAxisAlignment.END, controls=[labelled("exp-abandon", ft.TextButton(
        _("Abandon Expedition"), key="exp-abandon", icon=ft.Icons.DELETE_OUTLINE_ROUNDED,
        on_click=lambda: set_confirming(True)))])

    try:
        session = app.keeper.get(session_id)
        state: State | None = app.keeper.state(session_id)
        broken = None
    except CompanionError as exc:
        state, broken = None, sentence(exc)
    # A panel opened from the middle of another, or the next step of the Expedition (an Ascent scored, its cards
    # revealed, an envelope opened), starts at its top: what follows a button tapped low on the page started where
    # that button was, the new Ascent's first lines out of sight.
    view_ref = use_top_on_change((panel, entries, None if state is None else (state.phase, state.ascent)))
    # The dialogs' hooks come before the early return below, so every drawing calls the same ones in order.
    ft.use_dialog(_use_dialog(state, using, on_cancel=lambda: set_using(None),
                              on_confirm=lambda: use_card()) if using is not None and state is not None else None)

    def drop_sheet() -> None:
        set_dropping(False)
        act({"type": "sheet", "drop": True},
            _("The sheet in the app is set aside: type each sheet's score from paper when the Ascent ends."))

    ft.use_dialog(high_points_dialog("exp-high", doubting, state.sheet.summit, lambda: submit_score(True),
                                     lambda: set_doubting(None)) if doubting and state is not None else None)

    ft.use_dialog(confirm_dialog(
        "exp-drop", _("Go on on paper?"),
        _("The turns written on the app's sheet for this Ascent are set aside (undo brings them back); the cards "
          "picked and used stay as they are."), _("Go on on paper"), drop_sheet, lambda: set_dropping(False),
        cancel=_("Keep the sheet")) if dropping and state is not None else None)

    if state is None:
        # A saved Expedition this version cannot replay stays on home until it is abandoned here.
        return screen_view(_(_TITLE), [message_card(
            ft.Icons.ERROR_OUTLINE_ROUNDED, _("This Expedition cannot be opened"), broken or "",
            key="exp-broken", tone="warning"), abandon_row])
    colours = seat_colours(app.store, state)
    names = state.setup.names
    notice = told[0] if told is not None and told[1] == entries_mark(app, session_id) else None

    def set_notice(text: str | None) -> None:
        set_told(None if text is None else (text, entries_mark(app, session_id)))


    # -- writing through the keeper -----------------------------------------------------------------

    def follow_hall() -> None:
        """After a correction is confirmed, cancelled or undone: the Hall of Fame follows the saved Expedition."""
        try:
            hall_of_fame.sync_expedition(app.store, session_id, app.keeper.saved_state(session_id))
        except CompanionError as exc:
            set_problem(_("The Hall of Fame could not be brought up to date: {reason}").format(reason=sentence(exc)))

    def entries_step() -> None:
        """After a step of a correction (begun, decided, confirmed, cancelled, undone): the Hall of Fame follows,
        and a scoring form left open closes. It was filled in for the game shown before the step: submitted,
        one tap would score the Ascent now shown with another Ascent's points (a correction's scoring, once it
        was cancelled, as the current Ascent's)."""
        follow_hall()
        if form is _Form.SCORE:
            points.current = {}
            set_score(ScoreDraft())
            close_form()

    def settle(after: str | None) -> None:
        """After any change: the Hall of Fame and envelopes follow the Expedition, the forms are cleared."""
        try:
            # The saved Expedition: a correction under way shows its draft, which is not the Expedition yet.
            hall_of_fame.sync_expedition(app.store, session_id, app.keeper.saved_state(session_id))
        except CompanionError as exc:
            set_problem(_("The Hall of Fame could not be brought up to date: {reason}").format(reason=sentence(exc)))
        set_reveal({})
        set_picks(PickDraft())
        set_score(ScoreDraft())
        points.current = {}
        note.set("")
        keep_note()
        set_form(_Form.NONE)
        keep_score(None)
        set_notice(after)
        app.changed()

    def act(doc: dict, after: str) -> bool:
        try:
            app.keeper.act(session_id, doc)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return False
        set_problem(None)
        settle(after)
        return True

    def undo() -> None:
        taken = session.actions[-1] if session.actions else None
        try:
            app.keeper.undo(session_id, seen=session.actions)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        set_problem(None)
        # i18n: {what} is a step in a few words ("the round's picks")
        settle(_("Undone: {what}. Redo puts it back.").format(what=_what(taken)))

    def redo() -> None:
        again = session.redo[0] if session.redo else None
        try:
            app.keeper.redo(session_id, seen=session.actions)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        set_problem(None)
        # i18n: {what} is a step in a few words ("the round's picks")
        settle(_("Redone: {what}.").format(what=_what(again)))

    def finish() -> None:
        try:
            hall_of_fame.sync_expedition(app.store, session_id, app.keeper.saved_state(session_id))
            app.keeper.finish(session_id)
            forget_sheets(app.store, session_id)
        except CompanionError as exc:
            set_problem(_("The Expedition was not saved: {reason}").format(reason=sentence(exc)))
            return
        app.changed()

    # -- the forms ------------------------------------------------------------------------------------

    def change_reveal(card: Assist, delta: int) -> None:
        current = dict(reveal_now.current)
        current[card.value] = max(0, current.get(card.value, 0) + delta)
        set_reveal(current)

    def do_reveal() -> None:
        drawn = state.setup.cards is CardMode.DRAWN
        doc = reveal_action(None if drawn else reveal_now.current)
        if act(doc, ""):
            after = app.keeper.state(session_id)
            shown = after.reveals[-1]
            # i18n: the cards just revealed for the Ascent (those already in play are listed below it)
            words = (_("Revealed for Ascent {number}: {cards} (the played cards were shuffled back in first).")
                     if shown.reshuffled else _("Revealed for Ascent {number}: {cards}."))
            set_notice(words.format(number=shown.ascent, cards=card_words(shown.cards)))

    def close_form() -> None:
        set_problem(None)
        set_form(_Form.NONE)
        keep_score(None)

    def keep_score(draft: ScoreDraft | None) -> None:
        """Keep the scoring form beside the Expedition as it now is (None: closed, nothing kept)."""
        doc = draft.to_doc(typed_points()) if draft is not None else None
        if doc != kept_doc.current:
            kept_doc.current = doc
            keep_draft(app.store, session_id, _SCORE_FORM, entries_mark(app, session_id), doc)

    def keep_note() -> None:
        """Keep the envelope's note beside the Expedition as it now reads (none once it is empty)."""
        doc = {"note": note.text} if note.text.strip() else None
        if doc != note_doc.current:
            note_doc.current = doc
            keep_draft(app.store, session_id, _NOTE_FORM, entries_mark(app, session_id), doc)

    def change_score(draft: ScoreDraft) -> None:
        set_score(draft)
        keep_score(draft)

    def open_pick() -> None:
        set_problem(None)
        set_picks(with_due(state, PickDraft()))  # who made a new zone on the app's sheet is already in
        set_form(_Form.PICK)

    def submit_picks() -> None:
        doc = pick_action(state, picks_now.current)
        if isinstance(doc, str):
            set_problem(doc)
            return
        before = state.lead
        if act(doc, ""):
            # Said as the list of entries says them (the notice and "It was:" in a correction said it two ways),
            # of the Expedition as it stood before them.
            taken = tr(engine.picks_words(state, doc))
            after = app.keeper.state(session_id)
            lead = (_("{name} is Lead Climber now") if after.lead != before
                    else _("{name} stays Lead Climber")).format(name=names[after.lead])
            # i18n: {picks} is each player's pick, separated by semicolons; {lead} who is Lead Climber now
            set_notice(_("{picks}. {lead}.").format(picks=taken, lead=lead))

    def use_card() -> None:
        if using is None:
            return
        seat, card = using
        set_using(None)
        # i18n: {card} is an Assist card's name (Compass, Rope, Tent, Schnapps)
        act(use_action(state, seat, card), _("{name} used a {card}; it goes back in the box.").format(
            name=names[seat], card=card_name(card)))

    def open_score() -> None:
        """The scoring form; a sheet finished in the app fills in its seats' points and challenges at once (the
        rules take no others at the scoring)."""
        set_problem(None)
        points.current = {}
        set_score(ScoreDraft())
        set_form(_Form.SCORE)
        fill_from_sheet()
        fill_from_correction()
        keep_score(score_now.current)

    def fill_from_correction() -> None:
        """A correction asking for an old scoring again opens it as it was entered: a slip in one field is
        fixed there, not the whole form typed again (and a new slip made)."""
        asked = _score_asked_again(app, session_id)
        if asked is None:
            return
        draft, typed = score_asked_again(asked, state)
        # A sheet played in the app gives its seats' points and challenges itself (fill_from_sheet).
        sheet, now = score_now.current.from_sheet, score_now.current
        for seat, text in typed.items():
            if seat not in sheet:
                point_text(seat).set(text)
        met = {**{seat: ticked for seat, ticked in draft.met.items() if seat not in sheet},
               **{seat: now.met[seat] for seat in sheet if seat in now.met}}
        change_score(ScoreDraft(cash=draft.cash, met=met, from_sheet=sheet))

    def point_text(seat: SeatNo) -> FieldText:
        text = points.current.get(seat)
        if text is None:
            text = points.current[seat] = FieldText()
        return text

    def typed_points() -> dict[SeatNo, str]:
        return {seat: text.text for seat, text in points.current.items()}

    def fill_from_sheet() -> None:
        if offer is None or offer.status is not SheetStatus.FINISHED or offer.result is None:
            return
        sealed = set(sealed_envelopes(state))
        met = dict(score_now.current.met)
        for item in offer.result.seats:
            point_text(item.seat).set(number(item.points))     # "−14", as the sheet writes it
            met[item.seat] = tuple(n for n in item.met if n in sealed)
        change_score(ScoreDraft(cash=score_now.current.cash, met=met,
                                from_sheet=tuple(item.seat for item in offer.result.seats)))

    def submit_score(sure: bool = False) -> None:
        set_doubting(None)
        number = state.ascent
        # A scoring entered again for a correction keeps the day it was played (the Hall of Fame's date).
        asked = _score_asked_again(app, session_id)
        day = asked.get("date") if asked is not None and isinstance(asked.get("date"), str) else None
        doc = score_action(state, typed_points(), score_now.current, day or date.today().isoformat())
        if isinstance(doc, str):
            set_problem(doc)
            return
        typed = [seat for seat in lead_order(state) if seat not in score_now.current.from_sheet]
        high = unusually_high(state, doc, typed)
        if high and not sure:
            set_doubting(tuple(high))
            return
        if act(doc, ""):
            after = app.keeper.state(session_id)
            correction = app.keeper.correction(session_id)
            if correction is not None and not correction.done:
                # A scoring typed again in a correction: the later entries replay after it, and the banner says
                # where that stands ("Ascent 1 scored." stood over the preview of Ascent 3).
                set_notice(None)
                set_panel(Panel.ASCENT)
                return
            text = _("Ascent {number} scored.").format(number=number)
            if after.phase is Phase.ENVELOPE:
                text += " " + _("Envelope {number} opens.").format(number=after.envelopes[-1].number)
            elif after.over:
                text += " " + _("The Expedition is over.")
            set_notice(text)
            set_panel(Panel.ASCENT)

    def open_envelope() -> None:
        number = state.envelopes[-1].number if state.envelopes else 0
        act(open_action(note.text), _("Envelope {number} recorded; it stays used up for later Expeditions.").format(
            number=number))

    def play_sheet() -> None:
        link = sheet_link(app.store, session_id, state.ascent)
        if link is not None and sheet_status(app.store, link) is SheetStatus.PLAYING:
            # A sheet started as a Trek 12 game of its own by an earlier version is played to its end there.
            ft.context.page.navigate(f"/play/trek12/{link.session_id}")
            return
        now = app.keeper.state(session_id)
        if now.table is None:
            # The sheet lives inside the Expedition: the Trek 12 screen rolls the app's dice from this seed,
            # so its rolls replay after undo or a restart.
            seed = random.SystemRandom().randrange(DICE_SEEDS)
            try:
                app.keeper.act(session_id, {"type": "sheet", "dice_seed": seed})
            except CompanionError as exc:
                set_problem(_("The sheet was not started: {reason}").format(reason=sentence(exc)))
                return
            app.changed()
        ft.context.page.navigate(f"/play/{GAME}/{session_id}/sheet")

    # -- what is shown --------------------------------------------------------------------------------

    offer = _sheet_offer(app.store, session_id, state)
    body: list[ft.Control] = [EntriesPanel(session_id=session_id, opened=entries, on_change=entries_step)]
    if panel is Panel.STARS:
        body.extend(_stars_body(state, colours,
                                lambda n: ascent_reviews(session_id, session.setup, session.actions, n)))
    else:
        body.append(ascent_track(state))
        if notice:
            body.append(notice_card(notice, on_dismiss=lambda: set_notice(None)))
        if problem and not (form is not _Form.NONE and state.phase is Phase.CLIMB):
            body.append(problem_card(problem, key="exp-problem"))
        if state.phase is Phase.REVEAL:
            body.append(reveal_panel(state, reveal, on_change=change_reveal, on_reveal=do_reveal))
        elif state.phase is Phase.CLIMB and form is _Form.PICK:
            def edit_picks(changed: PickDraft) -> None:
                # A refusal speaks of the picks as they were submitted: once they change, it no longer stands.
                set_picks(changed)
                set_problem(None)

            body.append(pick_panel(
                state, colours, picks,
                on_toggle=lambda seat: None if seat in state.due else edit_picks(picks_now.current.toggled(seat)),
                on_card=lambda seat, card: edit_picks(picks_now.current.with_choice(seat, card=card)),
                on_give_back=lambda seat, card: edit_picks(picks_now.current.with_choice(seat, give_back=card)),
                on_submit=submit_picks, on_cancel=close_form,
                problem=problem, fixed=state.due))
        elif state.phase is Phase.CLIMB and form is _Form.SCORE:
            body.append(score_panel(
                state, colours, point_text, score, offer,
                on_cash=lambda seat, index: change_score(score_now.current.toggle_cash(seat, index)),
                on_met=lambda seat, number: change_score(score_now.current.toggle_met(seat, number)),
                on_fill=fill_from_sheet, on_submit=lambda: submit_score(),
                on_cancel=close_form, problem=problem,
                # Every keystroke is kept; a refusal stays until the points are typed again, then goes (one
                # drawing of the form).
                on_typed=(lambda: (set_problem(None), keep_score(score_now.current))) if problem
                else lambda: keep_score(score_now.current)))
        elif state.phase is Phase.CLIMB:
            body.extend(climb_panel(state, colours, offer, on_pick=open_pick,
                                    on_use=lambda seat, card: set_using((seat, card)),
                                    on_score=open_score, on_sheet=play_sheet,
                                    on_drop=lambda: set_dropping(True)))
        elif state.phase is Phase.ENVELOPE:
            body.append(envelope_panel(state, colours, note, on_open=open_envelope, on_change=keep_note))
        if state.over:
            body.extend(_over_body(state, colours, on_finish=finish))
        elif state.results and form is _Form.NONE:
            body.append(section_title(_("Ascent {number} results").format(number=len(state.results))))
            body.append(ascent_card(state, state.results[-1], colours))
        body.append(abandon_row)

    actions = [
        entries_button(entries, set_entries, session.correcting),
        # Each says the step it acts on, in the entries' words ("Undo: Ascent 1: Ann takes the Rope").
        *undo_redo("exp", can_undo=session.can_undo, can_redo=session.can_redo, on_undo=undo, on_redo=redo,
                   undo_words=entry_words(app, session_id, _("Undo: {entry}"), _("Undo the last step"),
                                          correcting=session.correcting),
                   redo_words=entry_words(app, session_id, _("Redo: {entry}"), _("Redo the step undone"), redo=True,
                                          correcting=session.correcting),
                   correcting=session.correcting),
        labelled("exp-hall", ft.IconButton(
            ft.Icons.WORKSPACE_PREMIUM_ROUNDED, key="exp-hall", tooltip=_("Hall of Fame"),
            on_click=lambda: ft.context.page.navigate(hall_route(ft.context.page.route)))),
    ]
    view = screen_view(_(_TITLE), body, actions=actions)
    view_ref.current = view
    view.navigation_bar = ft.NavigationBar(
        key="exp-nav",
        selected_index=int(panel),
        # A tab tapped with the entries open shows that tab: the list above would hide it on a phone.
        on_change=lambda e: (set_entries(False), set_panel(Panel(e.control.selected_index)), set_notice(None)),
        destinations=[
            ft.NavigationBarDestination(icon=ft.Icons.TERRAIN_OUTLINED, selected_icon=ft.Icons.TERRAIN_ROUNDED,
                                        label=_("Ascent {number}").format(number=min(state.ascent, ASCENTS))),
            ft.NavigationBarDestination(icon=ft.Icons.STAR_OUTLINE_ROUNDED, selected_icon=ft.Icons.STAR_ROUNDED,
                                        label=_("Stars")),
        ],
    )
    return view


@ft.component
def ExpeditionFinished(record: Mapping) -> ft.View:
    """An Expedition saved to History: the winner, the stars by kind, and every Ascent."""
    app = use_app()
    state = replay(record)
    body: list[ft.Control] = []
    if state is None:
        body.append(message_card(ft.Icons.INFO_OUTLINE_ROUNDED, _("Saved to History"),
                                 _("The Ascents of this Expedition cannot be shown again here; its stars are in "
                                   "History."), key="exp-final-unreadable"))
        for index, player in enumerate(record.get("players") or []):
            words = _("{name}: {stars} · winner") if player.get("winner") else _("{name}: {stars}")
            body.append(ft.Text(words.format(name=player.get("name"), stars=stars_count(int(player.get("score") or 0))),
                                key=f"exp-final-{index}"))
    else:
        kept = record.get("session") or {}
        body.extend(_stars_body(state, seat_colours(app.store, state), lambda n: ascent_reviews(
            str(record.get("id")), kept.get("setup") or {}, list(kept.get("actions") or []), n)))
    body.append(ft.Row(alignment=ft.MainAxisAlignment.END, wrap=True, controls=[
        labelled("exp-final-hall", ft.OutlinedButton(_("Hall of Fame"), key="exp-final-hall",
                                                     icon=ft.Icons.WORKSPACE_PREMIUM_ROUNDED,
                                                     on_click=lambda: ft.context.page.navigate(hall_route(ft.context.page.route)))),
        labelled("exp-final-history", ft.OutlinedButton(_("History"), key="exp-final-history",
                                                        icon=ft.Icons.HISTORY_ROUNDED,
                                                        on_click=lambda: ft.context.page.navigate("/history"))),
        labelled("exp-final-new", ft.FilledButton(_("New Expedition"), key="exp-final-new", icon=ft.Icons.FLAG_ROUNDED,
                                                  on_click=lambda: ft.context.page.navigate(f"/games/{GAME}"))),
    ]))
    return screen_view(_(_TITLE), body)


def replay(record: Mapping) -> State | None:
    """The final state of a finished Expedition from its history record's setup and actions (None when the
    record has none, or they no longer replay)."""
    return replay_record(engine, record)


def resume_stars(keeper: Any, store: Any, session: Any) -> ft.Control | None:
    """For home's Resume tile: which Ascent the Expedition is at and every player's stars so far, drawn as
    stars (None when the saved Expedition cannot be replayed; the tile then shows its text alone). The
    Expedition as saved: a correction under way is a draft, and its Ascent is not how far the Expedition got."""
    try:
        state = keeper.saved_state(session.id)
    except CompanionError:
        return None
    return resume_picture(state, seat_colours(store, state), key=f"home-resume-{session.id}-stars")


# -- pieces -------------------------------------------------------------------------------------------------


def _sheet_offer(store: Any, session_id: str, state: State) -> SheetOffer | None:
    """The sheet of the current Ascent on this device, when some sheet is played here."""
    seats = app_seats(state)
    if not seats or state.phase is not Phase.CLIMB:
        return None
    players = tuple(state.setup.names[s] for s in seats if not state.setup.seats[s].is_max)
    if state.table is not None:
        if not state.table.complete:
            return SheetOffer(SheetStatus.PLAYING, None, players, embedded=True)
        results = sheet_results(state)
        return SheetOffer(SheetStatus.FINISHED, SheetResult(tuple(
            SeatResult(seat, points, met, len(state.hands[seat]), points)
            for seat, (points, met) in sorted(results.items())), True), players, embedded=True)
    link = sheet_link(store, session_id, state.ascent)
    status = sheet_status(store, link)
    if status is SheetStatus.NONE or status is SheetStatus.GONE:
        return SheetOffer(status, None, players, embedded=True)  # a new sheet is played inside the Expedition
    result = sheet_result(store, link, state) if status is SheetStatus.FINISHED and link is not None else None
    return SheetOffer(status, result, players)


def _stars_body(state: State, colours: list[str], reviews: Callable[[int], list[ft.Control]] | None = None) \
        -> list[ft.Control]:
    """The winner, the stars so far, and each Ascent scored, with the coach's `reviews` of its sheet when it was
    played in the app."""
    out: list[ft.Control] = []
    won = winner_card(state, colours)
    if won is not None:
        out.append(won)
    out.append(section_title(_("Stars so far") if not state.over else _("Final stars")))
    out.append(standings_card(state, colours))
    if state.results:
        out.append(section_title(_("The Ascents")))
        for result in reversed(state.results):
            out.append(ascent_card(state, result, colours))
            if reviews is not None:
                out.extend(reviews(result.number))
    else:
        out.append(ft.Text(_("No Ascent has been scored yet: stars appear here after each one."), size=13,
                           key="exp-stars-none", color=ft.Colors.ON_SURFACE_VARIANT))
    return out


def _over_body(state: State, colours: list[str], *, on_finish) -> list[ft.Control]:
    out: list[ft.Control] = []
    won = winner_card(state, colours)
    if won is not None:
        out.append(won)
    out.append(standings_card(state, colours))
    out.append(labelled("exp-finish", ft.FilledButton(
        _("Save to History"), key="exp-finish", icon=ft.Icons.SAVE_ROUNDED, on_click=on_finish,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=20, vertical=16)))))
    return out


def _use_dialog(state: State, using: tuple[SeatNo, Assist], *, on_cancel, on_confirm) -> ft.AlertDialog:
    seat, card = using
    name = state.setup.names[seat]
    title = card_name(card)
    return ft.AlertDialog(
        modal=False,  # Escape (or a tap beside it) cancels, as its Cancel button does
        # i18n: {card} is an Assist card's name (Compass, Rope, Tent, Schnapps)
        **titled(_("{name} uses the {card}?").format(name=name, card=title)),
        # i18n: {card} is an Assist card's name (Compass, Rope, Tent, Schnapps)
        content=dialog_text(_("The {card} is discarded for its effect now and goes back in the box; it cannot be "
                          "cashed for +3 any more.").format(card=title)),
        actions=[
            labelled("exp-use-cancel", ft.TextButton(_("Keep it"), key="exp-use-cancel", on_click=on_cancel)),
            # i18n: {card} is an Assist card's name (Compass, Rope, Tent, Schnapps)
            labelled("exp-use-confirm", ft.FilledButton(_("Use the {card}").format(card=title), key="exp-use-confirm",
                                                        on_click=on_confirm)),
        ],
        on_dismiss=on_cancel,
    )


def _what(doc: Mapping | None) -> str:
    """An action document in a few words, for the undo and redo notices."""
    if not isinstance(doc, Mapping):
        return _("the last step")
    kind = doc.get("type")
    if kind == "reveal":
        return _("the cards put into play")
    if kind == "pick":
        return _("the round's picks")
    if kind == "use":
        raw = str(doc.get("card", "card"))
        card = card_name(Assist(raw)) if raw in {c.value for c in Assist} else raw.capitalize()
        # i18n: an Assist card used, in a few words: "Ann's Rope used"
        return _("{name}'s {card} used").format(name=doc.get("player"), card=card)
    if kind == "score":
        return _("the scoring of the Ascent")
    if kind == "open":
        return _("the envelope's note")
    if kind == "turn":
        return _("{name}'s turn on the sheet").format(name=doc.get("player"))
    if kind == "sheet":
        return _("setting the sheet aside") if doc.get("drop") else _("the start of the sheet in the app")
    return _("the last step")


@ft.component
def ExpeditionSheet(session_id: str) -> ft.View:
    """Route `/play/expedition/<id>/sheet`: the current Ascent's sheet on the Trek 12 screen, its cards the
    Expedition's own (the round's picks are made on it when a round ends)."""
    app = use_app()
    try:
        state: State = app.keeper.state(session_id)
    except CompanionError as exc:
        return screen_view(_(_TITLE), [message_card(ft.Icons.ERROR_OUTLINE_ROUNDED,
                                                    _("This Expedition cannot be opened"), sentence(exc),
                                                    key="exp-broken", tone="warning")])
    if state.table is None:
        return screen_view(_(_TITLE), [
            message_card(ft.Icons.INFO_OUTLINE_ROUNDED, _("No sheet is being played"),
                         _("Ascent {number} has no sheet in the app: start it from the Expedition's screen.").format(
                             number=min(state.ascent, ASCENTS)), key="exp-sheet-none"),
            ft.Row(controls=[labelled("exp-sheet-back", ft.FilledButton(
                _("Back to the Expedition"), key="exp-sheet-back", icon=ft.Icons.ARROW_BACK_ROUNDED,
                on_click=lambda: ft.context.page.navigate(f"/play/{GAME}/{session_id}")))]),
        ])
    return Trek12Table(session_id=session_id, embedded=True)


def _progress(state: Any) -> str:
    """Nothing in words: the Resume card's picture says which Ascent and shows the stars so far."""
    return ""


# Stored ids an Expedition's breakdown shows as words, by field and value.
_BREAKDOWN_WORDS = {
    # i18n: how an Expedition's winner was found, in a finished game's breakdown
    ("decided_by", "stars"): N_("most Reputation stars"),
    # i18n: how an Expedition's winner was found, in a finished game's breakdown
    ("decided_by", "score"): N_("stars tied, highest total score"),
    # i18n: how an Expedition's winner was found, in a finished game's breakdown
    ("decided_by", "shared"): N_("stars and totals tied: shared"),
    # i18n: who drew an Expedition's Assist cards, in a finished game's breakdown
    ("cards", "drawn"): N_("drawn by the app"),
    # i18n: who drew an Expedition's Assist cards, in a finished game's breakdown
    ("cards", "typed"): N_("typed in from the deck"),
    # i18n: an Expedition played without Assist cards, in a finished game's breakdown
    ("cards", "off"): N_("not tracked"),
    # i18n: where an Expedition stands, in a finished game's breakdown
    ("phase", "reveal"): N_("cards to reveal"),
    # i18n: where an Expedition stands, in a finished game's breakdown
    ("phase", "climb"): N_("climbing"),
    # i18n: where an Expedition stands, in a finished game's breakdown
    ("phase", "envelope"): N_("an envelope to open"),
    # i18n: where an Expedition stands, in a finished game's breakdown
    ("phase", "over"): N_("over"),
}
# Fields whose lists hold Assist cards by their ids ("rope"), also under a player's name ("hands": {"Ann": [...]}).
_CARD_FIELDS = frozenset({"in_play", "hands", "cashed"})
_CARDS = {card.value: card for card in Assist}
# Fields headed otherwise than the field of the same name in other games: an Expedition's "hands" are the
# Assist cards each player holds, not Ridgeline's hands of a game ("Rozdania" in Polish).
_RENAMED = {"hands": "cards_held"}


# Where an Expedition in progress stands: nothing to say of one that is over (History's "Phase: over",
# "Over: Yes", "Ascent 3", the cards still in play and the deck left).
_LIVE_FIELDS = frozenset({"phase", "over", "ascent", "in_play", "deck_left"})
# An Ascent's two lines of points, told apart: the sheet's points, and its score with the cards cashed.
_ASCENT_RENAMED = {"points": "sheet_points", "scores": "ascent_scores"}


def _finished_detail(detail: Any) -> Any:
    """A finished Expedition's breakdown without the fields of one in progress, its Ascents' points named."""
    if not isinstance(detail, dict) or detail.get("over") is not True:
        return detail
    out = {k: v for k, v in detail.items() if k not in _LIVE_FIELDS and not (k == "complete" and v is True)}
    if isinstance(out.get("ascents"), list):
        out["ascents"] = [_finished_ascent(a) if isinstance(a, dict) else a for a in out["ascents"]]
    return out


def _finished_ascent(ascent: dict[str, Any]) -> dict[str, Any]:
    """One Ascent of a finished Expedition's breakdown: its points named, and its envelope's note left out when
    none was typed (an empty "Note:" row was read out with nothing after it)."""
    out = {_ASCENT_RENAMED.get(k, k): v for k, v in ascent.items()}
    envelope = out.get("envelope")
    if isinstance(envelope, dict) and not envelope.get("note"):
        out["envelope"] = {k: v for k, v in envelope.items() if k != "note"}
    return out


def _breakdown_words(detail: Any, cards: bool = False) -> Any:
    """An Expedition's breakdown with its ids in words: the sheets by name, how the winner was found, the card
    mode, the phase, and the Assist cards by the names printed on them."""
    if isinstance(detail, dict):
        return {_RENAMED.get(k, k): _(_BREAKDOWN_WORDS[k, v]) if isinstance(v, str) and (k, v) in _BREAKDOWN_WORDS
                else _breakdown_words(v, cards or k in _CARD_FIELDS) for k, v in detail.items()}
    if isinstance(detail, list):
        return [_breakdown_words(v, cards) for v in detail]
    return card_name(_CARDS[detail]) if cards and isinstance(detail, str) and detail in _CARDS else detail


def _score_asked_again(app, session_id: str) -> dict | None:
    """The old scoring a correction under way asks for again, or None."""
    try:
        correction = app.keeper.correction(session_id)
    except CompanionError:
        return None
    waiting = correction.waiting if correction is not None and not correction.done else None
    return waiting if isinstance(waiting, dict) and waiting.get("type") == "score" else None


def _kept_score(app, session_id: str) -> tuple[ScoreDraft, dict[SeatNo, str], dict] | None:
    """The scoring form as it was left after the entries as they stand, with the typed points and the document
    kept; None when none was kept, or the Ascent is no longer being climbed."""
    doc = kept_draft(app.store, session_id, _SCORE_FORM, entries_mark(app, session_id))
    if doc is None:
        return None
    try:
        state = app.keeper.state(session_id)
    except CompanionError:
        return None
    if state.phase is not Phase.CLIMB:
        return None
    draft, typed = ScoreDraft.from_doc(doc, len(state.setup.seats))
    return draft, typed, dict(doc)


def _kept_note(app, session_id: str) -> str:
    """The envelope's note as it was left after the entries as they stand; empty when none was kept, or no
    envelope is being opened."""
    doc = kept_draft(app.store, session_id, _NOTE_FORM, entries_mark(app, session_id))
    try:
        if doc is None or app.keeper.state(session_id).phase is not Phase.ENVELOPE:
            return ""
    except CompanionError:
        return ""
    note = doc.get("note")
    return note[:2000] if isinstance(note, str) else ""


def _records_gone(n: int) -> str:
    return ngettext("Its Hall of Fame line went with it.", "Its {n} Hall of Fame lines went with it.", n).format(n=n)


def _envelopes_kept(n: int) -> str:
    return ngettext("The envelope it opened stays used up.", "The {n} envelopes it opened stay used up.",
                    n).format(n=n)


register_game_screen(GAME, new_game=ExpeditionNewGame, play=ExpeditionPlay, sheet=ExpeditionSheet)
register_game_progress(GAME, _progress, over=lambda state: state.over)
# An Expedition deleted from History takes back the Hall of Fame lines it wrote, as abandoning it does; the
# envelopes it opened stay used up ("Once opened, an envelope is used up"). The Undo that follows ties them
# to it again.
register_breakdown_words(GAME, lambda detail: _breakdown_words(record_words(_finished_detail(detail))))
register_refusal_words(GAME, refusal_words)        # its Ascents' sheets refuse as Trek 12's do
keep_beside_games(hall_of_fame.HALL_TABLE, field="expedition", told=_records_gone)
keep_beside_games(hall_of_fame.ENVELOPE_TABLE, field="expedition", told=_envelopes_kept, detach=True)
