"""Trek 12's screens: a new Ascent (`/games/trek12`) and the Ascent being played (`/play/trek12/<id>`).

The play screen is the paper sheet on a phone: the sheet drawn from its data on top, then one line saying
what to do (or why a tap did nothing), the dice (tap the faces, or Roll), the five Dice Options with their
results and boxes, the Assist cards held, and the live score boxes. A turn is entered as taps: dice, option,
circle, and only when the rules leave a choice, the link (the candidates light up on the sheet), Max's link
(on his sheet), a card for a new zone of 0s, 1s or 2s. The turn is written through the session keeper the
moment nothing is left to ask, so undo/redo and resuming after a restart replay exactly what was played.

Every rule and every number shown comes from the engine (`companion.games.trek12`); the turn's flow is in
`trek12_turn`, the drawing in `trek12_sheet`, the panels in `trek12_panels`, the new-game form in
`trek12_setup`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.games.trek12 import review as coach_review, session as engine
from companion.games.trek12.data import SHEET_NAMES, load_sheet
from companion.games.trek12.rules import LINK_QUESTION, MAX_LINK_QUESTION, Assist, LinkChoice, Op
from companion.games.trek12.scoring import score
from companion.games.trek12.solo import MAX_NAME, max_score
from companion.store.records import said_in_place
from companion.i18n import N_, Message, _, current, msg, ngettext, tr
from companion.store import hall_of_fame
from companion.ui.common.abandon import abandon_game, use_abandon
from companion.ui.common.drafts import keep_draft, kept_draft, put_back, set_aside
from companion.ui.common.entries import (EntriesPanel, correction_state, end_hint, entries_button, entries_mark,
                                         entry_words, save_waits, use_entries_shown)
from companion.ui.common.registry import (register_breakdown_words, register_game_progress, register_game_screen,
                                         register_refusal_words)
from companion.ui.common.routing import confirm_ready, damaged_record, finish_game, in_progress_or_finished, replayed
from companion.ui.common.services import use_app, use_latest_state, use_page_size
from companion.ui.expedition.sheets import expedition_of_sheet
from companion.ui.trek12.panels import (
    Tab,
    card_row,
    dice_entry,
    dice_shown,
    link_choice_row,
    number_text,
    option_row,
    score_strip,
    scoring_table,
    sheet_tabs,
    status_line,
    take_row,
)
from companion.ui.trek12.setup import Trek12NewGame
from companion.ui.trek12.source import ExpeditionSource, SheetFacts, SheetSource, TrekSource
from companion.ui.expedition.reviews import ascent_reviews
from companion.ui.expedition.round_picks import RoundPicks
from companion.ui.trek12.sheet import ADVICE_COLOUR, LINE_COLOUR, MAX_LINE_COLOUR, Marks, sheet_control, sheet_layout
from companion.ui.trek12.coaching import (ReviewPanel, entries_digest, for_link, for_option, hint_button, hint_key,
                                         hint_on, hint_seed, needs_thinking, set_hint, shown_hint, think, with_cards)
from companion.ui.trek12.turn import (
    CARD_NAMES,
    OP_NAMES,
    Draft,
    Prompt,
    Step,
    action_of,
    app_roll,
    choose_dice,
    choose_link,
    choose_op,
    choose_take,
    draft_for,
    option_views,
    prompt,
    tap_circle,
    toggle_card,
    turn_doc,
    turn_from_doc,
)
from companion.ui.common.widgets import (and_list, announced, bind, confirm_dialog, dialog_text, first_capital,
                                         format_when, labelled, message_card, screen_view, section_title, sentence,
                                         titled, toggle_pill, undo_redo)

__all__ = ["GAME", "Trek12Play", "Trek12Table", "Trek12Finished", "Trek12NewGame", "use_page_size", "MAX_TAB",
           "record_words", "refusal_words"]

GAME = "trek12"
MAX_TAB = "t12-tab-max"
_WIDE = 900          # from this width the sheet gets the left of the screen and the controls a side panel
_PANEL = 400         # the side panel's width on wide screens
_COLUMN = 640        # the single column's widest on narrower screens
_DIE = 48            # a tappable die face (and the height unit of the roll area)
_OPTIONS = 76        # the Dice Options row when it has a line of its own
_SHEET_LEAST = 160.0  # the sheet's least height on a phone
_LINK_HEADER = 46    # over a link's choices: what was picked (two lines at most) and "Another circle"
_LINK_BUTTON = 40    # a link choice's button, one a row on a phone
_BACK = 40           # the "Back to the Expedition" button above the sheet of an Expedition's Ascent
_BAR = 64            # the app bar: the sheet's name over a round line that may take two lines ("Runde 11 von 19 ·
                     # Gipfel 75+"); at the usual 56 the lines ran under it, over the tops of the sheet tabs
_EXPEDITION_ROUTE = "/play/expedition/"
# The steps of a turn that come after its circle is tapped (Undo takes the tap back).
_AFTER_CIRCLE = frozenset({Step.SKULL, Step.ROPE, Step.LINK, Step.MAX_LINK, Step.TAKE, Step.GIVE_BACK})
_HINT_LINES_WIDE = 6    # the coach's hint in a desktop's side panel: its move and the alternatives after it
_TURN_FORM = "turn"  # the turn being entered, kept beside the game (companion.ui.common.drafts)


@ft.component
def Trek12Play(session_id: str) -> ft.View:
    """Route `/play/trek12/<id>`: the Ascent in progress, or its summary once saved to History; either leads
    back to the Expedition the sheet was started for."""
    app = use_app()
    # The sheet of an Expedition's Ascent is scored on the Expedition's screen, so its way back is shown.
    expedition = expedition_of_sheet(app.store, session_id)
    return in_progress_or_finished(
        app, session_id,
        table=lambda: Trek12Table(session_id=session_id, expedition=expedition),
        finished=lambda record: Trek12Finished(record=record, expedition=expedition))


@ft.component
def Trek12Table(session_id: str, expedition: str | None = None, embedded: bool = False) -> ft.View:
    """The Ascent in progress: sheet, dice, options, cards, score; undo and redo in the app bar; the way back
    to its Expedition (`expedition`, its session id) when the sheet is one of an Expedition's Ascents.
    `embedded`: `session_id` is an Expedition's, and this is the sheet of its current Ascent, kept inside it
    (its cards are the Expedition's; the round's picks are made here when a round ends)."""
    app = use_app()
    source: SheetSource = (ExpeditionSource(app.keeper, session_id) if embedded
                           else TrekSource(app.keeper, session_id, expedition))
    if embedded:
        expedition = session_id
    width, height = use_page_size()
    # The turn being entered: ((the sheet's entries it was begun after, the seat it is for) or -1 for none begun,
    # the draft). A reload finds the one kept beside the game (`_kept_turn`).
    held, set_held, held_now = use_latest_state(lambda: _kept_turn(app, source, session_id))
    turn_of = ft.use_ref(None)          # the seat to play as the handler now running found it (`fresh`)
    kept_turn = ft.use_ref(None)        # (entries mark, document) as last kept: a tap that changes none writes none
    note, set_note = ft.use_state(None)
    tab, set_tab = ft.use_state(None)
    problem, set_problem = ft.use_state(None)
    details, set_details = ft.use_state(False)
    abandoning, set_abandoning = ft.use_state(False)
    entries, set_entries = use_entries_shown(session_id)
    hint_cache = ft.use_ref(None)           # the last hint: (its key, what is known of it: a Hint)
    hint_wanted = ft.use_ref(None)          # the key of the hint the screen shows now (None: none)
    hint_busy = ft.use_ref(set)             # the keys of the hints being worked out
    hint_drawn, set_hint_drawn = ft.use_state(0)   # counts the hints' parts shown as the coach finds them
    cash_pick, set_cash_pick, cash_now = use_latest_state(())
    latest = ft.use_ref({})
    # The last tap found the game changed by another device under what was tapped here: "unsaid", or "said"
    # when the screen had already said so unasked (None: it did not).
    moved_on = ft.use_ref(None)
    overtaken_said = ft.use_ref(None)       # the entries and seat after which the screen said so unasked
    # Whether the turn held was tapped on this screen: one found kept beside the game (entered on another
    # phone, or before a reload) and then written elsewhere is not "changed under" this screen. A computer
    # that only watched a phone play said "Another device changed the game meanwhile" at every turn.
    tapped_here = ft.use_ref(False)
    # The turn kept beside the game when a correction began here (as it was kept), whether it was tapped here,
    # and the game's entries then: a correction cancelled gives it back, dice and all, as Cancel leaves the game
    # as it was.
    before_correction = ft.use_ref(None)

    # A saved Ascent this version cannot replay (a hand-edited backup) stays on home until it is abandoned from
    # here; an Expedition's sheet is the Expedition's, whose own screen offers that.
    broken_abandon = use_abandon(session_id, "t12-broken", lambda text: set_note(first_capital(text)),
                                 enabled=not embedded)

    try:
        facts = source.facts()
        table = source.table()
    except CompanionError as exc:
        return screen_view("Trek 12", [message_card(
            ft.Icons.ERROR_OUTLINE_ROUNDED, _("This Ascent cannot be opened"), first_capital(exc),
            key="t12-broken", tone="warning"),
            *([] if embedded else [broken_abandon]),
            *([ft.Text(note, key="t12-broken-note", color=ft.Colors.ERROR, size=13)] if note else [])])
    seed = facts.dice_seed
    if not facts.correcting:
        # No correction under way (ended here, or confirmed or cancelled on another device): nothing to give back.
        before_correction.current = None

    def waiting(t) -> int | None:
        """The seat that let the others write first this round, to drink its Schnapps after them: kept beside
        the game with the turn's form, so a reload and every other phone on the game find it too."""
        return _waiting_seat(kept_draft(app.store, session_id, _TURN_FORM, entries_mark(app, session_id)), t)

    def playing(t) -> int | None:
        """Whose turn it is: the first seat still to write, after the others for a seat waiting to drink."""
        return engine.current_player(t, waiting(t))

    waiting_now = waiting(table)            # read once a drawing, for whose turn it is and the Schnapps button
    seat = engine.current_player(table, waiting_now)
    basis, kept = held
    start_now = draft_for(table, seed, facts.redo)
    # A turn goes with the entries it was begun after and the seat it is for: another seat to play (one let the
    # others write first, on another phone) starts its own, never the dice and option tapped for the first.
    draft = kept if basis == (facts.actions, seat) else start_now
    # Another device (or tab) changed the game under a turn with something tapped in: said at once, on the status
    # line, rather than at the next tap; that tap then says nothing more of it.
    overtaken = (basis != -1 and basis != (facts.actions, seat) and kept not in (Draft(), start_now)
                 and tapped_here.current)
    due = source.state().due if embedded else ()

    # --- handlers: each reads the saved game afresh (a tap may arrive before the last one was drawn) ---

    def fresh() -> tuple[SheetFacts, Any, int | None, Draft]:
        s = source.facts()
        t = source.table()
        b, d = held_now.current
        who = playing(t)
        turn_of.current = who
        if b != (s.actions, who):
            start = draft_for(t, s.dice_seed, s.redo)
            # Another device (or tab) changed the game since this one was drawn: what was tapped here is
            # gone, and the next words say why (not "Enter the roll first", as if the dice had been lost).
            if b != -1 and d not in (Draft(), start) and tapped_here.current:
                moved_on.current = "said" if overtaken_said.current == (s.actions, who) else "unsaid"
            else:
                moved_on.current = None
            d = start
        return s, t, who, d

    def keep_turn(d: Draft | None) -> None:
        """Keep the turn being entered beside the game, or forget it (None: written, or undone)."""
        mark = entries_mark(app, session_id)
        doc = turn_doc(d) if d is not None else {}
        kept = kept_draft(app.store, session_id, _TURN_FORM, mark)
        if kept is not None and "last" in kept:
            doc["last"] = kept["last"]      # the seat waiting to drink stays with the form (undo takes it away)
        if kept_turn.current != (mark, doc):
            kept_turn.current = (mark, doc)
            keep_draft(app.store, session_id, _TURN_FORM, mark, doc)

    def put(s: SheetFacts, d: Draft, message: str | None = None) -> None:
        keep_turn(d)
        why, moved_on.current = moved_on.current, None
        # A move written, undone or redone, or a correction begun: any of them changed the turn. Said already
        # (on the status line, as it happened), it is not said again, unless this tap is refused: "Enter the roll
        # first" alone reads as if this device's dice were lost.
        if why == "unsaid" or (why == "said" and message):
            message = f"{_overtaken()} {message}" if message else _overtaken()
        tapped_here.current = True
        set_held(((s.actions, turn_of.current), d))
        set_note(message)

    def advance(s, t, who: int, d: Draft, refused: str | None) -> None:
        """Keep the new draft; write the turn as soon as nothing is left to ask."""
        if refused:
            put(s, d, refused)
            return
        now = prompt(t, who, d)
        if now.step is Step.READY:
            write(s, t, who, d)
            return
        put(s, d)
        set_tab(MAX_TAB if now.on_max else None)

    def write(s, t, who: int, d: Draft) -> None:
        doc, refused = action_of(t, who, d)
        if refused:
            put(s, d, refused)
            return
        waits = waiting(t)
        try:
            source.act(doc)
        except CompanionError as exc:
            put(s, d, sentence(exc))
            return
        after = source.facts()
        t_after = source.table()
        if waits is not None and _waiting_seat({"last": [t.round, waits]}, t_after) is not None:
            # Still waiting for the others this round: the choice goes on beside the entries as they now are.
            _keep_waiting(app, session_id, kept_turn, t.round, waits, {})
        else:
            keep_turn(None)
        tapped_here.current = False
        set_held(((after.actions, playing(t_after)), draft_for(t_after, after.dice_seed, after.redo)))
        set_note(None)
        set_tab(None)
        set_problem(None)
        app.changed()

    def on_red(value: int) -> None:
        s, t, who, d = fresh()
        if who is not None:
            advance(s, t, who, choose_dice(d, red=value), None)

    def on_yellow(value: int) -> None:
        s, t, who, d = fresh()
        if who is not None:
            advance(s, t, who, choose_dice(d, yellow=value), None)

    def on_roll() -> None:
        s, t, who, d = fresh()
        dice_seed = s.dice_seed
        if who is None or dice_seed is None:
            return
        again = Assist.SCHNAPPS in d.cards
        advance(s, t, who, choose_dice(d, roll=app_roll(dice_seed, t.round, who if again else None)), None)

    def on_change_dice() -> None:
        s, t, who, d = fresh()
        if who is not None:
            put(s, Draft(cards=d.cards))

    def on_op(op: Op) -> None:
        s, t, who, d = fresh()
        if who is not None:
            new, refused = choose_op(t.states[who], d, op)
            advance(s, t, who, new, refused)

    def on_card(card: Assist) -> None:
        s, t, who, d = fresh()
        if who is None:
            return
        new, refused = toggle_card(t.states[who], d, card)
        if card is Assist.SCHNAPPS and card in new.cards and not refused:
            refused = _schnapps_refusal(t, who, d)
            if refused:
                new = d
        advance(s, t, who, new, refused)

    def on_after_others(asked_for: int) -> None:
        """The seat to write (`asked_for`, whose Schnapps was refused) lets the others write first, to drink its
        Schnapps after them. Only while that still holds: the game may have changed since the button was drawn."""
        s, t, who, d = fresh()
        if who is None or who != asked_for or not _may_wait(t, who) or waiting(t) is not None:
            put(s, d)          # says so when another device changed the game meanwhile
            return
        start = draft_for(t, s.dice_seed, s.redo)
        if t.roll is None and d.roll is not None and Assist.SCHNAPPS not in d.cards:
            start = Draft(red=d.red, yellow=d.yellow, rolled=d.rolled)     # the round's dice, as entered
        _keep_waiting(app, session_id, kept_turn, t.round, who, turn_doc(start))
        tapped_here.current = False         # the others write next, as asked: no turn of this screen's is under way
        set_held(((s.actions, engine.current_player(t, who)), start))
        set_note(None)
        set_tab(None)
        app.changed()            # whose turn it is changed for every phone on the game

    def on_circle(circle: int) -> None:
        s, t, who, d = fresh()
        if who is None:
            return
        new, refused = tap_circle(t, who, d, circle)
        advance(s, t, who, new, refused)

    def on_max_circle(circle: int) -> None:
        s, t, who, d = fresh()
        if who is None:
            return
        new, refused = tap_circle(t, who, d, circle, on_max=True)
        advance(s, t, who, new, refused)

    def on_link(choice: LinkChoice, max_side: bool) -> None:
        s, t, who, d = fresh()
        if who is not None:
            advance(s, t, who, choose_link(d, choice, max_side=max_side), None)

    def on_take(card: Assist | None) -> None:
        s, t, who, d = fresh()
        if who is not None:
            advance(s, t, who, choose_take(d, card), None)

    def on_give_back(card: Assist) -> None:
        s, t, who, d = fresh()
        if who is not None:
            advance(s, t, who, choose_take(d, d.take, give_back=card), None)

    def on_skull(confirmed: bool) -> None:
        s, t, who, d = fresh()
        if who is None:
            return
        if confirmed:
            advance(s, t, who, replace(d, skull_ok=True), None)
        else:
            set_tab(None)           # from Max's sheet, where his link was asked, back to the circle's
            put(s, d.after_circle())

    def step(move: Callable[[], object]) -> None:
        # Undo and redo: the keeper replays the session; a refusal stays on the status line.
        try:
            move()
        except CompanionError as exc:
            set_note(sentence(exc))
            return
        if embedded and source.state().table is None:
            # Undo took back the start of this sheet (an Expedition's last step): there is no sheet to show,
            # and the Expedition's screen is where it starts again, or Redo puts it back.
            app.changed()
            ft.context.page.navigate(_EXPEDITION_ROUTE + session_id)
            return
        # The game changed here, not on another device: the draft starts from it without a word.
        keep_turn(None)
        after = source.facts()
        t_after = source.table()
        tapped_here.current = False
        set_held(((after.actions, playing(t_after)), draft_for(t_after, after.dice_seed, after.redo)))
        set_note(None)
        set_tab(None)
        app.changed()

    # As the screen showed the game: a tap after another device changed it undoes nothing (two phones tapping
    # Undo for one move took back two).
    def undo() -> None:
        step(lambda: source.undo(seen=facts.entries))

    def redo() -> None:
        step(lambda: source.redo(seen=facts.entries))

    def finish() -> None:
        if expedition and not embedded:
            # A sheet an earlier version started for an Expedition: its cards are cashed on the Expedition,
            # so each player keeps them all here.
            try:
                confirm_ready(app, session_id)
                while (who := engine.cashing_seat(source.table())) is not None:
                    source.act({"cash": [], "player": who})
            except CompanionError as exc:
                set_problem(sentence(exc))
                return
        # i18n: what was not saved, in "The Ascent was not saved: …"
        finish_game(app, session_id, set_problem, what=msg("Ascent"))

    def toggle_cash(card_index: int) -> None:
        picked = cash_now.current
        set_cash_pick(tuple(i for i in picked if i != card_index) if card_index in picked
                      else tuple(sorted(picked + (card_index,))))

    def cash_cards() -> None:
        t = source.table()
        who = engine.cashing_seat(t)
        if who is None:
            return
        held = t.states[who].assists or ()
        cards = [held[i].value for i in cash_now.current if i < len(held)]
        try:
            confirm_ready(app, session_id)
            source.act({"cash": cards, "player": who})
        except CompanionError as exc:
            set_note(sentence(exc))
            return
        set_cash_pick(())
        set_note(None)
        app.changed()

    def abandon() -> None:
        set_abandoning(False)
        try:
            abandon_game(app, session_id)
        except CompanionError as exc:
            set_note(_("The Ascent was not abandoned: {reason}").format(reason=first_capital(exc)))
            return
        app.changed()
        ft.context.page.navigate("/")

    # Handlers that keep their identity from one drawing to the next, so the memoized circles and dice
    # (which compare their arguments) are skipped when nothing they show has changed; each call goes to the
    # handler of the latest drawing.
    latest.current = {"circle": on_circle, "max_circle": on_max_circle, "red": on_red, "yellow": on_yellow,
                      "roll": on_roll}
    stable_circle = ft.use_callback(lambda cid: latest.current["circle"](cid), dependencies=[])
    stable_max_circle = ft.use_callback(lambda cid: latest.current["max_circle"](cid), dependencies=[])
    stable_red = ft.use_callback(lambda value: latest.current["red"](value), dependencies=[])
    stable_yellow = ft.use_callback(lambda value: latest.current["yellow"](value), dependencies=[])
    stable_roll = ft.use_callback(lambda: latest.current["roll"](), dependencies=[])

    # --- what to show ---

    now = prompt(table, seat, draft) if seat is not None else prompt(table, 0, draft)
    ft.use_dialog(_skull_dialog(now, draft, on_skull) if now.step is Step.SKULL else None)

    sheet = table.sheet
    solo = table.solo
    many = len(table.seats) > 1
    shown = tab or (MAX_TAB if now.on_max else f"t12-tab-{seat if seat is not None else 0}")
    wide = width >= _WIDE
    strip_w = _PANEL if wide else min(width, _COLUMN) - 24      # the score strip's row: the panel, or the column
    tracked = seat is not None and table.states[seat].assists is not None

    tabs: list[Tab] = []
    if many or solo:
        for index, (who, state) in enumerate(zip(table.seats, table.states)):
            key = f"t12-tab-{index}"
            tabs.append(Tab(key, who.name, score(state).total, shown == key,
                            to_play=index == seat and many, played=table.played[index] and many))
        if solo:
            tabs.append(Tab(MAX_TAB, MAX_NAME, max_score(table.states[0]).total, shown == MAX_TAB, is_max=True))

    # The coach's hint, once asked for in this game: its move for the roll entered, shown on the sheet.
    # It is worked out by a task (`think`), so the dice and options answer at once while the coach thinks.
    # Each player's own: one player's hint never shows on another's turn at the same table.
    hinting = seat is not None and hint_on(app.store, session_id, seat)
    hint_words, hint_circle, hint_expected, hint_schnapps = None, None, (), None
    hint_id, asked = None, None
    if hinting and draft.roll is not None and now.step in (Step.OPTION, Step.CIRCLE, Step.LINK):
        mine = table.states[seat]
        asked = (mine, draft.roll, hint_seed(session_id, facts.actions, mine), Assist.SCHNAPPS in draft.cards,
                 engine.schnapps_refusal(table, seat) is None)
        hint_id = hint_key(asked[2], draft.roll, asked[3], asked[4])
        seen = with_cards(shown_hint(hint_cache, hint_id), sheet, draft.cards)
        # Its move for the option chosen, then, once the circle is tapped and a link is asked, its link there.
        seen = for_link(seen, sheet, draft) if now.step is Step.LINK else \
            for_option(seen, sheet, draft.op)
        hint_words, hint_circle, hint_expected = seen.words, seen.circle, seen.expected
        hint_schnapps = _("Weighing the Schnapps…") if seen.weighing else seen.schnapps
    elif hinting and now.step is Step.ROLL:
        hint_words = _("Enter the roll to see the coach's move.")
    hint_wanted.current = hint_id
    here = ft.context.page

    def start_thinking() -> None:
        if not needs_thinking(hint_id, hint_cache, hint_busy.current):
            return
        mine, roll, hint_at, drunk, may_drink = asked
        here.run_task(think, mine, sheet, roll, hint_at, hint_id, hint_cache, hint_wanted,
                      lambda: set_hint_drawn(lambda n: n + 1), hint_busy.current, drunk=drunk, may_drink=may_drink)

    ft.use_effect(start_thinking, dependencies=[hint_id])

    def follow_hall() -> None:
        """An Expedition's entry corrected from its sheet: the Hall of Fame follows the saved Expedition."""
        try:
            hall_of_fame.sync_expedition(app.store, session_id, app.keeper.saved_state(session_id))
        except CompanionError as exc:
            set_note(sentence(exc))

    def toggle_hint() -> None:
        try:
            set_hint(app.store, session_id, seat, not hinting, len(table.seats))
        except CompanionError as exc:
            set_note(sentence(exc))
            return
        set_note(None)          # what the last tap was refused for stood beside the coach's advice
        app.changed()

    # Heights of the parts under the sheet on a phone; the sheet gets the rest, so nothing scrolls.
    roll_h = 2 * _DIE + 6
    under = 48 + roll_h + (48 if tracked else 0) + 62 + 4 * 8 + (44 if hinting else 0) + (54 if hint_schnapps else 0)
    # Max's cards are said above his sheet, on two lines at most (a Polish phone needs both).
    max_cards = shown == MAX_TAB and solo and table.states[0].max_assists
    above = (48 if tabs else 0) + (_BACK + 8 if expedition else 0) + (34 if max_cards else 0)
    if wide:
        sheet_w = width - _PANEL - 3 * 24
        sheet_h = height - _BAR - above - 40
    else:
        sheet_w = min(width, _COLUMN) - 24
        sheet_h = max(_SHEET_LEAST, height - _BAR - above - under - 28)
    layout = sheet_layout(sheet, sheet_w, sheet_h)
    # When the sheet leaves room (wide sheets on a phone, any desktop), the dice faces and the Dice
    # Options table are both on screen all the time, as on paper; otherwise the options take the dice's
    # place once the roll is entered.
    both = wide or sheet_h - layout.height >= _OPTIONS + 8
    if both and not wide:
        sheet_h -= _OPTIONS + 8
    # A link to choose takes the dice's room, under what was picked, one button a row: two did not fit it, and
    # the second was cut in half with nothing to say it scrolled. The sheet gives up what they need more.
    # Only what the sheet can give: at its smallest, the choices scroll within the dice's room as before.
    choice_h = roll_h
    if not wide and not both and now.step in (Step.LINK, Step.MAX_LINK):
        needed = _LINK_HEADER + len(now.choices) * (_LINK_BUTTON + 6)
        given = max(0.0, min(needed - roll_h, sheet_h - _SHEET_LEAST))
        if given > 0:
            sheet_h -= given
            choice_h = roll_h + given
            layout = sheet_layout(sheet, sheet_w, sheet_h)

    index = 0
    if shown == MAX_TAB and solo:
        state0 = table.states[0]
        roll = draft.roll
        pending = roll is not None and draft.circle is not None
        marks = Marks(candidates=now.candidates if now.on_max else frozenset(), chosen=draft.circle,
                      preview=roll.best if pending else None,
                      preview_skull=pending and roll.best > sheet.circle(draft.circle).limit)
        drawn = sheet_control(sheet, state0.max_board, layout, prefix="t12max", marks=marks, on_tap=stable_max_circle,
                              line_colour=MAX_LINE_COLOUR, max_rules=True)
        shown_score = max_score(state0).to_dict()
        strip = score_strip(shown_score, prefix="t12max-score", max_rules=True, on_details=bind(set_details, True),
                            width=strip_w)
        shown_name, shown_max = MAX_NAME, True
    else:
        tail = shown.rsplit("-", 1)[1]
        index = int(tail) if tail.isdigit() and int(tail) < len(table.states) else 0
        state = table.states[index]
        mine = index == seat
        marks = Marks()
        if mine:
            show_legal = now.step in (Step.OPTION, Step.CIRCLE, Step.SKULL)
            marks = Marks(legal=now.legal if show_legal else frozenset(),
                          candidates=frozenset() if now.on_max else now.candidates, chosen=draft.circle,
                          preview=now.value if draft.circle is not None else None,
                          preview_skull=now.skull and draft.circle is not None,
                          advised=hint_circle if draft.circle is None else None,
                          expected=hint_expected if draft.circle is None else ())
        prefix = "t12" if mine or not many else f"t12-seat{index}"
        drawn = sheet_control(sheet, state.board, layout, prefix=prefix, marks=marks,
                              on_tap=stable_circle if mine else None)
        shown_score = score(state).to_dict()
        strip = score_strip(shown_score, prefix=f"{prefix}-score", on_details=bind(set_details, True), width=strip_w)
        shown_name, shown_max = table.seats[index].name, False
    if abandoning and app.keeper.reopened(session_id):
        # Taken back from History for a correction: abandoning drops the changes, not the Ascent.
        ft.use_dialog(confirm_dialog("t12-abandon", _("Drop the changes?"),
                                     _("The changes made since the Ascent was taken back from History are "
                                       "dropped; History keeps the Ascent as it was."), _("Drop the changes"),
                                     abandon, bind(set_abandoning, False), cancel=_("Keep them")))
    else:
        ft.use_dialog(confirm_dialog("t12-abandon", _("Abandon this Ascent?"),
                                     _("The Ascent in progress is deleted and will not appear in History."),
                                     # i18n: the button that deletes the Ascent in progress
                                     _("Abandon"), abandon, bind(set_abandoning, False), cancel=_("Keep it"))
                      if abandoning else None)
    ft.use_dialog(_details_dialog(shown_name, shown_score, sheet.summit, shown_max, bind(set_details, False),
                                  over=seat is None)
                  if details and now.step is not Step.SKULL else None)

    sheet_block: list[ft.Control] = []
    if expedition:
        sheet_block.append(ft.Container(height=_BACK, content=_expedition_button(expedition, primary=False)))
    if tabs:
        sheet_block.append(sheet_tabs(tabs, on_pick=set_tab))
    if shown_max and max_cards:
        # On the last Ascent Max cashes them when this one is scored (rulebook: at the end of the Expedition).
        held = (ngettext("Max holds {n} Assist card, cashed when this Ascent is scored",
                         "Max holds {n} Assist cards, cashed when this Ascent is scored", max_cards)
                if table.states[0].last_ascent else
                ngettext("Max holds {n} Assist card, cashed at an Expedition's end",
                         "Max holds {n} Assist cards, cashed at an Expedition's end", max_cards))
        sheet_block.append(ft.Text(held.format(n=max_cards), key="t12max-cards", size=12,
                                   max_lines=2, color=ft.Colors.ON_SURFACE_VARIANT))
    sheet_block.append(ft.Container(height=None if wide or seat is None else sheet_h, key="t12-sheet-room",
                                    alignment=ft.Alignment.CENTER, content=drawn))

    # The entries and any correction of an old one come first (nothing is drawn while both are closed).
    def entries_changed() -> None:
        # A correction begun, stepped through or confirmed here changed the game on this device: the turn starts
        # again from it without a word (as after Undo), not as if another device had changed it. Cancelled, the
        # game is as it was before the correction, and so is the turn kept beside it (set aside as it was kept,
        # with the seat waiting to drink; its mark still says whether it fits the game).
        correcting = app.keeper.correction(session_id)
        under_way = correcting is not None and not correcting.done
        saved = app.keeper.saved(session_id).actions    # the game's own entries, not a correction's draft
        if under_way and before_correction.current is None:
            before_correction.current = (set_aside(app.store, session_id), tapped_here.current, saved)
        stashed = None if under_way else before_correction.current
        if not under_way:
            before_correction.current = None
        kept_turn.current = None
        if stashed is not None and stashed[2] == saved:
            put_back(app.store, session_id, stashed[0])
            tapped_here.current = stashed[1]
            set_held(_kept_turn(app, source, session_id))
        else:
            keep_turn(None)
            tapped_here.current = False
            set_held((-1, Draft()))     # no turn begun: the screen starts from the game as it now is
        set_note(None)
        set_tab(None)                   # the sheet of whoever plays now: in a correction, the corrected entry's
        if embedded:
            follow_hall()

    panel: list[ft.Control] = [EntriesPanel(session_id=session_id, opened=entries, on_change=entries_changed)]
    if due:
        # The round is over and new zones were made: the round's picks come before anything else.
        names = [source.state().setup.names[n] for n in due]
        if len(names) == 1:
            over = _("Round {round} is over: {name} made a new zone. Pick the Assist cards, from the Lead Climber "
                     "clockwise.").format(round=table.round - 1, name=names[0])
        else:
            # i18n: {names} are the players, "Ann and Bo", "Ann, Bo and Cy"
            over = _("Round {round} is over: {names} made a new zone. Pick the Assist cards, from the Lead Climber "
                     "clockwise.").format(round=table.round - 1, names=and_list(names))
        panel.append(status_line(over, tone="info"))
        panel.append(RoundPicks(expedition_id=session_id))
    elif seat is None and embedded:
        panel.extend(_sheet_done_panel(table, session_id, wide=wide))
        # The coach's review of each player's choices, as after a Trek 12 Ascent (kept with the Expedition).
        kept = app.keeper.get(session_id)
        panel.extend(ascent_reviews(session_id, kept.setup, kept.actions, app.keeper.state(session_id).ascent,
                                    width=(_PANEL if wide else min(width, _COLUMN) - 24) - 8))
    elif seat is None:
        cashing = None if expedition else engine.cashing_seat(table)
        if cashing is not None:
            panel.append(_cash_panel(table, cashing, cash_pick, on_toggle=toggle_cash, on_cash=cash_cards,
                                     note=note))
        panel.extend(_end_panel(table, on_finish=finish if table.scored or expedition else None, problem=problem,
                                wide=wide, settled=cashing is None,
                                correcting=_correcting(app, session_id) if facts.correcting else None))
    else:
        state = table.states[seat]
        # Another sheet than the one played on is shown (its tab was tapped): the line says so, and a tap on
        # it brings back the sheet of whoever plays, so that the dice and options below are never taken for
        # the shown sheet's.
        away = (shown == MAX_TAB) != now.on_max or (shown != MAX_TAB and index != seat)
        if overtaken:
            # Before any refusal kept from the turn replaced: that turn is gone, and so is what was said of it.
            # Then whose turn it is now, and what to do: without it, only the tabs said who plays.
            status = status_line(f"{_overtaken()} {_guide(now, table, seat, many, draft)}", tone="warning")
            overtaken_said.current = (facts.actions, seat)
        elif note:
            status = status_line(note, tone="warning")
        elif away:
            away_words = _away_words(shown_name, table.seats[seat].name, many, shown_max)
            status = labelled("t12-own-sheet", status_line(away_words, on_click=bind(set_tab, None),
                                                           tap_key="t12-own-sheet"))
        else:
            status = status_line(_guide(now, table, seat, many, draft))
        panel.append(ft.Row(spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Container(expand=True, content=status), hint_button(hinting, toggle_hint)]))
        # Another sheet shown: its line leads back, and nothing of the turn (the hint, the dice, the options, a
        # link to choose) stands under a sheet it is not for.
        if not away:
            # The hint is said as it comes (worked out after the roll is entered), as it is seen.
            # Two lines fit under the sheet on a phone (three for the Schnapps' advice, which must be read to its
            # end); a longer one ends in "…", not cut mid-list as if it were whole (a screen reader reads it
            # whole). A desktop's side panel has room below for the alternatives too.
            if hint_words:
                panel.append(announced(ft.Text(hint_words, key="t12-hint-text", size=13, weight=ft.FontWeight.W_500,
                                               color=ADVICE_COLOUR, max_lines=_HINT_LINES_WIDE if wide else 2,
                                               overflow=ft.TextOverflow.ELLIPSIS)))
            if hint_schnapps:
                panel.append(announced(ft.Text(hint_schnapps, key="t12-hint-schnapps", size=13,
                                               weight=ft.FontWeight.W_500, color=ADVICE_COLOUR, max_lines=3,
                                               overflow=ft.TextOverflow.ELLIPSIS)))
            roll = draft.roll
            panel_w = (_PANEL if wide else min(width, _COLUMN) - 24)
            own_roll = table.roll is None or Assist.SCHNAPPS in draft.cards
            choosing = now.step in (Step.LINK, Step.MAX_LINK, Step.TAKE, Step.GIVE_BACK)
            entry = ft.Container(height=roll_h, content=dice_entry(
                red=draft.red, yellow=draft.yellow, on_red=stable_red, on_yellow=stable_yellow,
                on_roll=stable_roll if seed is not None else None, width=panel_w, language=current()))
            # While a link or a card is chosen, the options are decided: on a phone whose screen shows the dice and
            # the options together, the choices take both their places (two or three rows of buttons need it). On
            # a smaller one the card to take (or to give back) takes the held cards' row too: the cards cannot be
            # played then, and the card to take, named as a held card is, stood right above it (two "Compass"
            # buttons), its second row of choices cut off for want of room. (While a link is chosen a card may
            # still be played, which goes back to the circle: the cards stay.)
            give_room = tracked and now.step in (Step.TAKE, Step.GIVE_BACK) and not wide and not both
            choice = _choice_area(now, state, draft, on_link=on_link, on_take=on_take, on_give_back=on_give_back,
                                  on_cancel=bind(on_skull, False),
                                  height=None if wide else roll_h + 8 + _OPTIONS if both else
                                  choice_h + (40 + 8 if give_room else 0))
            views = option_views(state, draft)
            if both and choosing and not wide:
                panel.append(choice)
            elif both:
                if choosing:
                    panel.append(choice)
                elif own_roll:
                    panel.append(entry)
                fixed = None if own_roll or roll is None else dice_shown(roll.red, roll.yellow, rolled=draft.rolled,
                                                                          on_change=None, size=30)
                panel.append(option_row(views, draft.op, on_pick=on_op, limit=sheet.op_limit, dice=fixed,
                                        height=_OPTIONS, tents=state.tents))
            elif roll is None:
                panel.append(entry)
            elif choosing:
                panel.append(choice)
            else:
                dice = dice_shown(roll.red, roll.yellow, rolled=draft.rolled,
                                  on_change=on_change_dice if own_roll else None, size=_DIE - 8)
                panel.append(option_row(views, draft.op, on_pick=on_op, limit=sheet.op_limit, dice=dice, height=roll_h,
                                        tents=state.tents))
            # While a new zone's card is offered, "No Assist cards held. A new zone … earns one." is not said under
            # the offer it contradicts.
            if tracked and not give_room and (state.assists or now.step is not Step.TAKE):
                panel.append(ft.Container(height=40, content=card_row(
                    state.assists or (), draft.cards, on_toggle=on_card,
                    enabled=now.step not in (Step.TAKE, Step.GIVE_BACK), solo=solo)))
            elif tracked and not give_room:
                panel.append(ft.Container(height=40))
            if (tracked and note and _may_wait(table, seat) and note == _schnapps_refusal(table, seat, draft)
                    and waiting_now is None):
                # The Schnapps was refused for the others still to write: the way to drink it is to write last.
                # One seat a round may (a second would hand the turn back to the first, who waits too).
                others = [table.seats[n].name for n, done in enumerate(table.played) if not done and n != seat]
                panel.append(labelled("t12-after-others", ft.TextButton(
                    # i18n: a button: the player to write lets the others still to write this round go first, to
                    # drink the Schnapps after them; {names}: one or several names joined by "and"
                    _("Let {names} write first").format(names=and_list(others)), key="t12-after-others",
                    icon=ft.Icons.SKIP_NEXT_ROUNDED, on_click=bind(on_after_others, seat))))
        panel.append(strip)
        if wide:
            # A desktop has the room for the paper's whole scoring table beside the sheet.
            panel.append(scoring_table(0, shown_name, shown_score, summit=sheet.summit, winner=False,
                                       max_rules=shown_max, prefix="t12-side", over=False))

    if seat is None:
        round_text = _("Ascent complete")
    else:
        round_text = _("Round {round} of {total}").format(round=min(table.round, sheet.n), total=sheet.n)
    summit = _(" · summit {summit}+").format(summit=sheet.summit) if sheet.summit is not None else ""
    # Where the line must wrap, the summit goes down whole ("summit 65+"), not its number alone.
    lead, dot, rest = summit.rpartition("· ")
    summit = lead + dot + rest.replace(" ", "\u00a0") if dot else summit
    title = ft.Column(spacing=0, tight=True, controls=[
        # The screen's heading, as the other games' titles are: in a column, it was only the app bar's words.
        ft.Semantics(header=True, content=ft.Text(sheet.name, weight=ft.FontWeight.W_600, key="t12-title")),
        # Two lines at most: beside four app bar buttons a phone's title has room for about 22 characters.
        labelled("t12-round", ft.Text(round_text + summit, size=12, color=ft.Colors.ON_SURFACE_VARIANT,
                                      key="t12-round", max_lines=2)),
    ])
    # While a link or a card is chosen for the circle tapped, the last thing done is that tap: Undo takes it back
    # (as "Another circle" does), not the round before, which it did, the turn tapped in lost with it.
    circle_back = seat is not None and draft.circle is not None and now.step in _AFTER_CIRCLE
    actions = [
        *undo_redo("t12", can_undo=facts.can_undo or circle_back, can_redo=facts.can_redo,
                   on_undo=bind(on_skull, False) if circle_back else undo, on_redo=redo,
                   # i18n: Undo's name while a link or a card is chosen for the circle just tapped
                   undo_words=_("Take back the circle tapped") if circle_back else _undo_words(app, source, facts, table),
                   redo_words=_redo_words(app, source, facts, table), correcting=facts.correcting),
    ]
    actions.insert(0, entries_button(entries, set_entries, facts.correcting))
    if not embedded:  # an Expedition's sheet goes with the Expedition, abandoned there if at all
        actions.append(labelled("t12-abandon", ft.IconButton(
            ft.Icons.DELETE_OUTLINE_ROUNDED, key="t12-abandon", tooltip=_("Abandon this Ascent"),
            on_click=bind(set_abandoning, True))))
    if wide:
        content: ft.Control = ft.Row(spacing=24, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
            ft.Column(expand=True, spacing=8, controls=sheet_block,
                      horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Container(width=_PANEL, content=ft.Column(spacing=10, controls=panel,
                                                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)),
        ])
        content = ft.Container(padding=ft.Padding.symmetric(horizontal=24, vertical=12), content=content)
    else:
        content = ft.Row(alignment=ft.MainAxisAlignment.CENTER, controls=[ft.Container(
            width=min(width, _COLUMN), padding=ft.Padding.only(left=12, right=12, top=4, bottom=12),
            content=ft.Column(spacing=8, controls=sheet_block + panel,
                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH))])
    return _view(title, actions, content)


@ft.component
def Trek12Finished(record: Mapping, expedition: str | None = None) -> ft.View:
    """An Ascent saved to History: who won, the summit, each sheet's scoring table, and the final sheets;
    for an Expedition's sheet, first the way back to the Expedition, where the Ascent is scored next."""
    width, _height = use_page_size()
    try:
        return _finished_view(record, expedition, width)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as exc:
        # An Expedition's sheet is scored on the Expedition's screen: the way there stays.
        way = [ft.Row(controls=[_expedition_button(expedition, primary=True)])] if expedition else []
        return damaged_record("Trek 12", exc, after=way)


def _finished_view(record: Mapping, expedition: str | None, width: float) -> ft.View:
    detail = record.get("detail") or {}
    scores = detail.get("scores") or []
    players = record.get("players") or []
    summit = detail.get("summit")
    if "solo" in detail:
        solo = detail["solo"] == "max" and len(scores) == 2
    else:
        # Saved before the record said so: Max is the last player, without an id, against one player.
        solo = any(p.get("id") is None and p.get("name") == MAX_NAME for p in players) and len(scores) == 2
    body: list[ft.Control] = [_result_banner([(p.get("name", ""), p.get("score"), bool(p.get("winner")))
                                              for p in players], solo)]
    if expedition:
        body.append(ft.Row(controls=[_expedition_button(expedition, primary=True)]))
    rounds = detail.get("rounds")
    when = format_when(record.get("finished"))
    if isinstance(rounds, int):
        saved = ngettext("{n} round · saved in History {when}", "{n} rounds · saved in History {when}",
                         rounds).format(n=rounds, when=when)
    else:
        saved = _("? rounds · saved in History {when}").format(when=when)
    body.append(ft.Text(saved, size=12, color=ft.Colors.ON_SURFACE_VARIANT, key="t12-final-when"))
    body.append(_tables([
        scoring_table(i, str(entry.get("name", "")), entry, summit=summit,
                      winner=bool(players[i].get("winner")) and len(players) > 1 if i < len(players) else False,
                      max_rules=solo and i == len(scores) - 1)
        for i, entry in enumerate(scores)
    ], False))
    game = replayed(record, coach_review.played)     # the final sheets are drawn from it, the review reads it
    sheets = _final_sheets(game.end) if game is not None else []
    if sheets:
        body.append(section_title(_("The sheets")))
        column = min(width, _COLUMN) - 32
        for name, sheet, board, colour, his in sheets:
            layout = sheet_layout(sheet, column, 320)
            body.append(ft.Text(name, weight=ft.FontWeight.W_600))
            body.append(ft.Row(alignment=ft.MainAxisAlignment.CENTER, controls=[
                sheet_control(sheet, board, layout, prefix=f"t12-final-{len(body)}", line_colour=colour,
                              max_rules=his)]))
    if game is not None:
        # Each player's choices against the coach's, on the same dice (Max plays by his rules: no review),
        # an Expedition's sheet kept as a game of its own (by earlier versions) too: its cards were taken in
        # its turns, so it replays as any Ascent.
        seats = game.end.seats
        digest = entries_digest(list(record["session"].get("actions") or []))
        for seat, person in enumerate(seats):
            body.append(ReviewPanel(game_id=str(record.get("id")), digest=digest, played=game, seat=seat,
                                    width=min(width, _COLUMN) - 32, name=person.name if len(seats) > 1 else None,
                                    key=f"review-{seat}"))
    body.append(ft.Row(alignment=ft.MainAxisAlignment.END, wrap=True, run_spacing=8, controls=[
        labelled("t12-final-history", ft.OutlinedButton(_("History"), key="t12-final-history",
                                                        icon=ft.Icons.HISTORY_ROUNDED,
                                                        on_click=lambda: ft.context.page.navigate("/history"))),
        labelled("t12-final-again", ft.FilledButton(_("New Ascent"), key="t12-final-again",
                                                    icon=ft.Icons.HIKING_ROUNDED,
                                                    on_click=lambda: ft.context.page.navigate(f"/games/{GAME}"))),
    ]))
    return screen_view(tr(said_in_place(record).get("title") or "") or "Trek 12", body)


# --- pieces ------------------------------------------------------------------------------------------------


def _view(title: ft.Control, actions: list[ft.Control], content: ft.Control) -> ft.View:
    # The same app bar as every screen (widgets.screen_view), with a layout of its own: the sheet must fill
    # a phone without scrolling and use a desktop's width, which the shared 640 px column would not allow.
    return ft.View(
        route=ft.use_view_path() or "/",
        appbar=ft.AppBar(title=title, actions=actions, center_title=False, bgcolor=ft.Colors.SURFACE,
                         toolbar_height=_BAR),
        scroll=ft.ScrollMode.AUTO,
        padding=0,
        controls=[ft.SafeArea(content=content)],
    )


def _expedition_button(expedition: str, *, primary: bool, text: str | None = None) -> ft.Control:
    """Back to the Expedition this sheet is played for: filled once the sheet is done (scoring the Ascent
    there comes next), tonal during play so it does not compete with the turn's controls."""
    kind = ft.FilledButton if primary else ft.FilledTonalButton
    return labelled("t12-expedition", kind(
        text or _("Back to the Expedition"), key="t12-expedition", icon=ft.Icons.ARROW_BACK_ROUNDED,
        on_click=lambda: ft.context.page.navigate(_EXPEDITION_ROUTE + expedition)))


def _guide(now: Prompt, table, seat: int, many: bool, draft: Draft) -> str:
    # Alone at the table, the dice are this player's own to enter; a Schnapps drunk says so itself.
    if now.step is Step.ROLL and table.roll is None and not many and Assist.SCHNAPPS not in draft.cards:
        return _("Tap the red and the yellow dice faces as rolled, or Roll.")
    if many:
        # i18n: whose turn it is, then what to do: "Ann: Choose how to use the dice."
        return _("{name}: {text}").format(name=table.seats[seat].name, text=now.text)
    return now.text


def _away_words(shown: str, player: str, many: bool, max_shown: bool) -> str:
    """The status line while another sheet than the one played on is shown."""
    if many:
        # i18n: the sheet shown is not the one played on; a tap on this line shows the player's sheet
        return _("This is {name}'s sheet. It is {player}'s turn: tap here for their sheet.").format(
            name=shown, player=player)
    if max_shown:
        return _("This is Max's sheet. Tap here for your own sheet to play.")
    # i18n: Max's link is chosen on his sheet, while the player's own is shown
    return _("Max's number is linked on his sheet: tap here for it.")


def _choice_area(now: Prompt, state, draft: Draft, *, on_link, on_take, on_give_back, on_cancel,
                 height: float | None) -> ft.Control:
    """In place of the options while a link, Max's link or a card is chosen: what was picked, the choices.

    With a `height` (a phone's screen, where nothing else scrolls), choices that need more room scroll within
    it rather than spill over what comes next."""
    roll = draft.roll
    option = _(OP_NAMES[draft.op]) if draft.op is not None else ""
    number = now.value if draft.op is not None and now.value is not None else None
    if now.step is Step.MAX_LINK and state.max_board is not None:
        option, number = None, roll.best if roll else ""
    if option is None:
        picked = (_("Max writes {value} in circle {circle}") if draft.circle is not None
                  else _("Max writes {value}")).format(value=number, circle=draft.circle)
    elif number is None:
        picked = _("in circle {circle}").format(circle=draft.circle) if draft.circle is not None else ""
    else:
        # i18n: the option chosen, its number, and where it goes: "Plus 7 in circle 4"
        picked = (_("{option} {value} in circle {circle}") if draft.circle is not None
                  else _("{option} {value}")).format(option=option, value=number, circle=draft.circle)
    if now.step is Step.LINK:
        body = link_choice_row(now.choices, state.board.cells(), on_pick=lambda c: on_link(c, False))
    elif now.step is Step.MAX_LINK and state.max_board is not None:
        body = link_choice_row(now.choices, state.max_board.cells(), on_pick=lambda c: on_link(c, True),
                               prefix="t12-maxlink")
    else:
        body = take_row([c for c in (state.assists or ()) if c not in draft.cards],
                        giving_back=now.step is Step.GIVE_BACK, on_take=on_take, on_give_back=on_give_back)
    column = ft.Column(spacing=6, tight=True, key="t12-choices",
                       scroll=ft.ScrollMode.AUTO if height is not None else None, controls=[
                           ft.Row(controls=[
                               ft.Text(picked, weight=ft.FontWeight.W_600, expand=True, key="t12-picked"),
                               labelled("t12-cancel", ft.TextButton(_("Another circle"), key="t12-cancel",
                                                                    icon=ft.Icons.CLOSE_ROUNDED, on_click=on_cancel)),
                           ]),
                           body,
                       ])
    return ft.Container(height=height, content=column, key="t12-choice-area")


def _details_dialog(name: str, shown: Mapping[str, Any], summit: int | None, max_rules: bool,
                    on_close, *, over: bool = True) -> ft.AlertDialog:
    title = _("{name}'s scoring table").format(name=name)
    return ft.AlertDialog(
        **titled(title),
        content=ft.Container(width=360, content=scoring_table(0, name, shown, summit=summit, winner=False,
                                                               max_rules=max_rules, prefix="t12-details",
                                                               named=False, over=over)),
        actions=[labelled("t12-details-close", ft.TextButton(_("Close"), key="t12-details-close",
                                                             on_click=on_close))],
        on_dismiss=on_close,
    )


def _overtaken() -> str:
    """What the status line says when another device's move, undo or correction replaced the turn tapped in."""
    # A move written, undone or redone, or a correction begun: any of them changed the turn.
    return _("Another device changed the game meanwhile: the turn starts again from the game as it is now.")


def _undo_words(app: Any, source: SheetSource, facts: SheetFacts, table: engine.Table) -> str:
    """Undo's name: the circle it empties ("Undo the last move: circle 11"), and with several players on the
    device whose move it takes back ("… Bo, circle 11"), since the phone passes round the table and the last
    move is often another's. On an Expedition's sheet Undo takes back the Expedition's last step, a move or
    not (the cards picked after a round, the sheet's start): said in the Expedition's entries' words."""
    if isinstance(source, ExpeditionSource):
        return entry_words(app, source.expedition, _("Undo: {entry}"), _("Undo the last step"),
                           correcting=facts.correcting)
    last = facts.entries[-1] if facts.entries and isinstance(source, TrekSource) else None
    return _move_named(
        last, table,
        # i18n: the name of Undo in a game of one player (alone, or against Max): the circle it empties
        _("Undo the last move: circle {circle}"),
        # i18n: the name of Undo in a game of several players: whose move it takes back, and its circle
        _("Undo the last move: {name}, circle {circle}")) or _("Undo the last move")


def _redo_words(app: Any, source: SheetSource, facts: SheetFacts, table: engine.Table) -> str:
    """Redo's name: the move it puts back, whose and in which circle, as Undo names the move it takes back; on
    an Expedition's sheet the step it puts back, in the Expedition's entries' words."""
    if isinstance(source, ExpeditionSource):
        return entry_words(app, source.expedition, _("Redo: {entry}"), _("Redo the step undone"), redo=True,
                           correcting=facts.correcting)
    undone = facts.redo[0] if facts.redo and isinstance(source, TrekSource) else None
    return _move_named(
        undone, table,
        # i18n: the name of Redo in a game of one player (alone, or against Max): the circle it fills again
        _("Redo the move undone: circle {circle}"),
        # i18n: the name of Redo in a game of several players: whose move it puts back, and its circle
        _("Redo the move undone: {name}, circle {circle}")) or _("Redo the move undone")


def _move_named(doc: Any, table: engine.Table, alone: str, several: str) -> str | None:
    """A move's entry in words, by `alone` (its circle) or with several players `several` (whose, and its
    circle); None when the entry is not a move of a seat at the table."""
    seat = doc.get("player", 0) if isinstance(doc, Mapping) else None
    if type(seat) is int and 0 <= seat < len(table.seats) and type(doc.get("circle")) is int:
        if len(table.seats) == 1:
            return alone.format(circle=doc["circle"])
        return several.format(name=table.seats[seat].name, circle=doc["circle"])
    return None


def _kept_turn(app, source: SheetSource, session_id: str) -> tuple[tuple[int, int] | int, Draft]:
    """The turn as it was left after the entries as they stand (a reload, a page the phone closed): its dice,
    cards and option entered again, with the sheet's entries and the seat it goes with; (-1, an empty draft)
    when none was kept, or what was kept no longer fits the game."""
    doc = kept_draft(app.store, session_id, _TURN_FORM, entries_mark(app, session_id))
    if doc is None:
        return -1, Draft()
    try:
        facts = source.facts()
        table = source.table()
    except CompanionError:
        return -1, Draft()
    seat = engine.current_player(table, _waiting_seat(doc, table))
    draft = turn_from_doc(dict(doc), table, seat, facts.dice_seed) if seat is not None else None
    return (-1, Draft()) if draft is None else ((facts.actions, seat), draft)


def _waiting_seat(doc: Any, table) -> int | None:
    """The seat a kept turn's form says writes after the others this round ("last": [round, seat]), while it is
    still to write and others are too; else None."""
    waits = doc.get("last") if isinstance(doc, Mapping) else None
    if (isinstance(waits, list) and len(waits) == 2 and all(type(v) is int for v in waits)
            and waits[0] == table.round and 0 <= waits[1] < len(table.seats) and not table.played[waits[1]]
            and sum(1 for done in table.played if not done) > 1):
        return waits[1]
    return None


def _may_wait(table, seat: int | None) -> bool:
    """True when `seat` holds a Schnapps it may not drink yet for the others still to write this round."""
    if seat is None or len(table.seats) < 2:
        return False
    return (Assist.SCHNAPPS in (table.states[seat].assists or ())
            and engine.schnapps_refusal(table, seat) is not None)


def _keep_waiting(app, session_id: str, kept_turn, round_number: int, seat: int, doc: dict[str, Any]) -> None:
    """Keep, with the turn's form, that `seat` writes after the others in round `round_number`."""
    mark = entries_mark(app, session_id)
    doc = {**doc, "last": [round_number, seat]}
    kept_turn.current = (mark, doc)
    keep_draft(app.store, session_id, _TURN_FORM, mark, doc)


def _schnapps_refusal(table, seat: int, draft: Draft) -> str | None:
    """Why the Schnapps cannot be drunk now: it re-rolls "after all the other players have filled one of
    their circles" (docs/rulings.md), so at a table of several only the last to write this round may; alone,
    once the round's dice are entered."""
    refused = engine.schnapps_refusal(table, seat)
    if refused:
        return first_capital(tr(refused)) + "."
    if len(table.seats) == 1 and draft.roll is None:
        return _("Enter this round's dice first; the Schnapps then rolls them again.")
    return None



def _skull_dialog(now: Prompt, draft: Draft, on_skull) -> ft.AlertDialog:
    return ft.AlertDialog(
        modal=False,  # Escape (or a tap beside it) cancels, as its Cancel button does
        **titled(_("Draw a skull?")),
        # i18n: {prompt} is the sentence before: "9 is more than circle 4 takes (at most 6): it becomes a skull."
        content=dialog_text(_("{prompt} A skull costs 3 points at the end and never joins a line or a zone.").format(
            prompt=now.text)),
        actions=[
            labelled("t12-skull-cancel", ft.TextButton(_("Choose another circle"), key="t12-skull-cancel",
                                                       on_click=bind(on_skull, False))),
            labelled("t12-skull-confirm", ft.FilledButton(_("Draw the skull"), key="t12-skull-confirm",
                                                          on_click=bind(on_skull, True),
                                                          style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR,
                                                                               color=ft.Colors.ON_ERROR))),
        ],
        on_dismiss=bind(on_skull, False),
    )


def _cash_panel(table, seat: int, picked: tuple[int, ...], *, on_toggle, on_cash, note: str | None) -> ft.Control:
    """The end of the Ascent for a player who holds Assist cards: tap the cards to discard for +3 each; the
    others are kept for the next Ascent (rulebook, How to use Assist cards)."""
    held = table.states[seat].assists or ()
    name = table.seats[seat].name
    # Said as what the tap chooses ("Cash the Tent (+3)"): "Tent +3" did not say it is given up for the points.
    chips = [toggle_pill(f"t12-cash-{seat}-{i}", f"{_(CARD_NAMES[card])} +3", i in picked, bind(on_toggle, i),
                         # i18n: said by a screen reader for a held card at the end of an Ascent: discard it for
                         # 3 points
                         said=_("Cash the {card} (+3)").format(card=_(CARD_NAMES[card])))
             for i, card in enumerate(held)]
    count = len(picked)
    label = (ngettext("Cash {n} card (+{points})", "Cash {n} cards (+{points})", count).format(n=count,
                                                                                            points=3 * count)
             if count else _("Keep every card"))
    return ft.Container(
        key="t12-cash", border_radius=16, padding=14, bgcolor=ft.Colors.SECONDARY_CONTAINER,
        # Keyed by the seat: the next player's panel is built afresh. Updated in place, the keyboard's focus
        # stayed on the button just pressed, now the next player's "Keep every card", and a second Enter
        # decided for them.
        content=ft.Column(key=f"t12-cash-seat-{seat}", spacing=8, tight=True, controls=[
            ft.Text(_("{name}: cash Assist cards?").format(name=name), size=16, weight=ft.FontWeight.W_700,
                    color=ft.Colors.ON_SECONDARY_CONTAINER),
            ft.Text(_("Each card discarded now is worth 3 points; the cards kept start the next Ascent with you."),
                    size=12, color=ft.Colors.ON_SECONDARY_CONTAINER),
            *([ft.Text(note, size=12, color=ft.Colors.ERROR, key="t12-cash-problem")] if note else []),
            ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
            ft.Row(alignment=ft.MainAxisAlignment.END, controls=[labelled("t12-cash-done", ft.FilledButton(
                label, key="t12-cash-done", icon=ft.Icons.CHECK_ROUNDED, on_click=on_cash))]),
        ]))


def _sheet_done_panel(table, expedition: str, *, wide: bool) -> list[ft.Control]:
    """An Expedition's sheet is full: the Ascent is scored on the Expedition (cards cashed, stars, records)."""
    scored = engine.breakdowns(table)
    out: list[ft.Control] = [message_card(
        ft.Icons.TASK_ALT_ROUNDED, _("Every circle is filled"),
        _("Score the Ascent on the Expedition: each player says there which Assist cards they cash (+3 each), "
          "from the Lead Climber clockwise."), key="t12-sheet-done")]
    out.append(ft.Row(controls=[_expedition_button(expedition, primary=True, text=_("Score the Ascent"))]))
    # A player's cards held may still be cashed (+3 each); Max never cashes his, and on the last Ascent his
    # sheet's total counts them already.
    out.append(_tables([scoring_table(i, name, b.to_dict(), summit=table.sheet.summit, winner=False,
                                      max_rules=(is_max := table.solo and i == len(scored) - 1),
                                      cards_to_come=not is_max and bool(table.states[i].assists))
                        for i, (name, b) in enumerate(scored)], wide))
    return out


def _correcting(app, session_id: str) -> str | None:
    try:
        return correction_state(app.keeper.correction(session_id))
    except CompanionError:
        return None


def _end_panel(table, *, on_finish, problem: str | None, wide: bool, settled: bool = True,
               correcting: str | None = None) -> list[ft.Control]:
    """The Ascent is over: who won, Save (first, within reach; once every card is cashed or kept), then
    every sheet's scoring table. Until the cards are `settled` (cashed or kept) the totals may still change,
    so nobody is named the winner yet. `correcting`: a correction under way (`end_hint`)."""
    scored = engine.breakdowns(table)
    best = max(b.total for _name, b in scored) if settled else None
    entries = [(name, b.total, b.total == best) for name, b in scored]
    out: list[ft.Control] = [_result_banner(entries, table.solo)] if settled else []
    if problem:
        out.append(message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, _("Not saved"), problem, key="t12-finish-problem",
                                tone="warning"))
    # Wrapping: the note goes under the button when the button's words leave it too little room.
    out.append(ft.Row(spacing=12, run_spacing=8, wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        labelled("t12-finish", ft.FilledButton(
            _("Save to History"), key="t12-finish", icon=ft.Icons.SAVE_ROUNDED, on_click=on_finish,
            disabled=on_finish is None or correcting == "waiting", tooltip=save_waits(correcting),
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=20, vertical=16)))),
        ft.Text(end_hint(correcting, _("Undo stays possible until the Ascent is saved.")) if on_finish is not None
                else _("Say which cards are cashed first."), key="t12-finish-hint", size=12,
                color=ft.Colors.ON_SURFACE_VARIANT),
    ]))
    out.append(_tables([scoring_table(i, name, b.to_dict(), summit=table.sheet.summit,
                                      winner=b.total == best and len(scored) > 1,
                                      max_rules=table.solo and i == len(scored) - 1)
                        for i, (name, b) in enumerate(scored)], wide))
    return out


def _tables(tables: list[ft.Control], wide: bool) -> ft.Control:
    """The sheets' scoring tables: two abreast on a wide enough page in one column, one under the other in
    a desktop's side panel (a ResponsiveRow's breakpoints follow the page's width, not the panel's, and
    would put two tables in its 400 pixels)."""
    if wide:
        return ft.Column(spacing=12, controls=tables, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return ft.ResponsiveRow(spacing=12, run_spacing=12, controls=tables)


def _result_banner(entries: list[tuple[str, Any, bool]], solo: bool) -> ft.Control:
    winners = [name for name, _score, won in entries if won]
    if solo and len(entries) == 2:
        you, him = entries
        mine, his = number_text(you[1]), number_text(him[1])
        if you[2] and him[2]:
            text = _("A tie with Max at {score}").format(score=mine)
        elif you[2]:
            text = _("{name} beats Max, {score} to {max_score}").format(name=you[0], score=mine, max_score=his)
        else:
            text = _("Max wins, {max_score} to {score}").format(max_score=his, score=mine)
    elif len(winners) > 1:
        # i18n: {names} are the winners, "Ann and Bo"
        text = _("{names} share the win with {points}").format(
            names=and_list(winners), points=_points(max(e[1] for e in entries if e[2])))
    elif winners:
        top = next(e for e in entries if e[2])
        text = (_("{name} wins with {points}") if len(entries) > 1 else _("{name} scores {points}")).format(
            name=top[0], points=_points(top[1]))
    else:
        text = _("No scores")
    # Said when it appears: the last circle written, the result takes the place of the dice.
    return announced(ft.Container(
        key="t12-result", border_radius=16, padding=16, bgcolor=ft.Colors.PRIMARY_CONTAINER,
        content=ft.Row(spacing=12, controls=[
            # A player alone had nobody to beat: a flag for the Ascent, not a trophy (History shows none either).
            ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED if len(entries) > 1 else ft.Icons.FLAG_ROUNDED,
                    color=ft.Colors.AMBER_700, size=32, key="t12-result-icon"),
            ft.Text(text, key="t12-result-text", size=18, weight=ft.FontWeight.W_700, expand=True,
                    color=ft.Colors.ON_PRIMARY_CONTAINER),
        ])))


def _points(score: Any) -> str:
    """A final score with its unit: "55 points", "1 point", "−4 points" (a record's score as it is, if not a
    number)."""
    if isinstance(score, int) and not isinstance(score, bool):
        return ngettext("{n} point", "{n} points", abs(score)).format(n=number_text(score))
    return str(score)


def _final_sheets(table: Any) -> list[tuple[str, Any, Any, str, bool]]:
    """The final sheets of a saved Ascent to draw (Max's last, marked True: his rules score his orphans)."""
    out = [(seat.name, table.sheet, state.board, LINE_COLOUR, False) for seat, state in zip(table.seats, table.states)]
    if table.solo and table.states[0].max_board is not None:
        out.append((MAX_NAME, table.sheet, table.states[0].max_board, MAX_LINE_COLOUR, True))
    return out


def _progress(table: Any) -> str:
    """How far an Ascent in progress got, as its header says it (home's Resume card)."""
    return _("Round {round} of {total}").format(round=min(table.round, table.sheet.n), total=table.sheet.n)


def record_words(detail: Any) -> Any:
    """A breakdown as History shows it: each printed sheet by its name ("dunai" is "Dunai") wherever a "sheet"
    field holds one (an Ascent's record, each Ascent of an Expedition's), a home-made sheet by the name its
    record keeps beside the key ("sheet_name", said once, in the key's place; an older record shows its key),
    the solo opponent by his name ("solo": "max" is Max, the same in every language), and a sheet's penalty
    as the scoring table shows it, taken off ("Penalty −24", as the other parts add up to the total). An
    Ascent's "complete" (and each sheet's), true of every Ascent saved (only a full sheet is), is not shown.
    Only a sheet's own score (its name and total beside the penalty) and the record's top are read so: an
    Expedition keys some groups by the players' names, and a player may be called anything, "penalty" too."""
    return _record_words(detail, top=True)


def _record_words(detail: Any, *, top: bool = False) -> Any:
    if isinstance(detail, dict):
        score = "name" in detail and "total" in detail
        own_sheet = detail.get("sheet_name") if top and isinstance(detail.get("sheet_name"), str) else None
        return {k: load_sheet(v).name if k == "sheet" and v in SHEET_NAMES
                else own_sheet if k == "sheet" and own_sheet is not None
                else MAX_NAME if k == "solo" and v == "max"
                else -v if score and k == "penalty" and type(v) is int and v > 0 else _record_words(v)
                for k, v in detail.items() if not ((top or score) and k == "complete" and v is True)
                and not (own_sheet is not None and k == "sheet_name")}
    if isinstance(detail, list):
        return [_record_words(v) for v in detail]
    return detail


# The engine's questions of a link (LINK_QUESTION, MAX_LINK_QUESTION) as a correction's banner asks them.
_LINK_QUESTIONS = {
    # i18n: a later entry no longer applies after a correction; {button} is the button beside this ("Fix it")
    LINK_QUESTION: N_("the {value} in circle {circle} may now be linked to {choices}: tap {button} to say which"),
    # i18n: as above, for Max's number; {button} is the button beside this ("Fix it")
    MAX_LINK_QUESTION: N_("Max's {value} in circle {circle} may now be linked to {choices}: tap {button} to say "
                          "which"),
}


def refusal_words(reason: Any) -> Any:
    """A later entry's refusal in a correction, in the app's words: an entry that the corrected game leaves
    free to link to more than one Fixed Line (its number now meets two, or the lines reading was switched)
    is entered again ("Fix it"), where the sheet asks which; the engine's question names the game file's
    field ("say which in 'links'"). Found inside the refusal's wrapping ("Ann, turn 18: ...")."""
    if not isinstance(reason, Message):
        return reason
    asked = _LINK_QUESTIONS.get(reason.msgid)
    if asked is not None:
        return msg(asked, button=_("Fix it"), **reason.args)
    inner = {key: refusal_words(value) for key, value in reason.args.items()}
    if all(inner[key] is value for key, value in reason.args.items()):
        return reason
    return Message(reason.msgid, _plural=reason.plural, _n=reason.n, **inner)


register_game_screen(GAME, new_game=Trek12NewGame, play=Trek12Play)
register_breakdown_words(GAME, record_words)
register_refusal_words(GAME, refusal_words)
register_game_progress(GAME, _progress, over=lambda table: table.scored)
