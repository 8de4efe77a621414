"""Playing 14ers beside the real cards: reveal, the gain check, Guides, tucking, Gerry, and end scoring.

Each turn the player taps which Climb was revealed (from the catalog, or described on the spot), then a
revealed Climb to see the engine's gain check: whether it can be gained now and how, or why not and which
Guides would make it possible. Every change goes through the session keeper, so undo, redo and resuming
after a restart come from the saved action list; nothing here decides a rule or a score.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.games.fourteeners import scoring, solo
from companion.games.fourteeners.abilities import class_label, describe_ability
from companion.games.fourteeners.catalog import Card, Catalog, parse_card
from companion.games.fourteeners.data import Icon, Side, load_data
from companion.games.fourteeners.rules import (
    GainCheck, Ignore, Phase, State, can_ignore_fog, can_pass, cards_in_play, cards_to_save, current_player,
    early_reveal_stuck, expected_class, fog_needs_guide, gain_check, prompt, revealable, weather_guide_owed,
    weather_now,
)
from companion.games.fourteeners.session import apply as apply_doc, start as start_doc
from companion.games.fourteeners.wording import weather_word
from companion.store.records import said_in_place
from companion.i18n import N_, _, ngettext, tr
from companion.ui.common.drafts import keep_draft, kept_draft
from companion.ui.common.entries import (EntriesPanel, entries_button, entries_mark, entry_words,
                                         use_entries_shown)
from companion.ui.common.abandon import use_abandon
from companion.ui.fourteeners.catalog import kept_in, load_catalog, new_to, save_catalog
from companion.ui.fourteeners.editor import (
    GONE, CardEditor, HikerEditor, WeatherEditor, ability_editor, card_fields, part_of, readable,
)
from companion.ui.fourteeners.forms import (
    AbilityForm, CardForm, accolade_title, form_doc, form_from_doc, icon_label, side_form, side_label,
)
from companion.ui.fourteeners.table import forecast_strip, hiker_card, score_details, score_table, winner_box
from companion.ui.fourteeners.parts import (
    SIDE_COLOURS,
    SIDE_ICONS,
    card_line,
    chip_row,
    choice_chip,
    climb_words,
    panel,
    points_words,
    problem_text,
    requirement_chips,
    requirement_mini,
    slug,
)
from companion.ui.common.services import FieldText, use_app, use_field_text, use_latest_state, use_top_on_change
from companion.ui.common.widgets import (and_list, bind, labelled, labelled_value, message_card, screen_view,
                                         section_title, sentence, undo_redo)

__all__ = ["Draft", "FourteenersPlay", "round_words", "replay", "pending_cards", "save_offer", "unopened",
           "accolade_words"]

# What a Guide hired for each reason lets the player ignore, in the words of 'Using a Guide'.
_IGNORE_WORDS = {
    Ignore.REQUIREMENTS: N_("the Endurance and Technique requirements"),
    Ignore.HAZARD: N_("the Hazard requirement"),
    Ignore.WEATHER: N_("the Weather"),
}


@dataclass(frozen=True)
class Draft:
    """A turn being entered: the Climb tapped, the side, the Guides chosen, an ability or card being described."""

    climb: str | None = None
    side: str | None = None
    option: int | None = None                         # index into the gain check's Guide options
    hires: tuple[tuple[str, str], ...] = ()           # (what the Guide ignores, tucked card hired)
    extra: tuple[str, ...] = ()                       # Guides hired without need
    more_guides: bool = False
    ability: AbilityForm | None = None                # the chosen side's ability, when not described yet
    describing: CardForm | None = None                # a revealed card described on the spot
    fog_reveal: bool = False                          # revealing first in a Fog round, a Guide ignoring the Fog
    fog_guide: str | None = None                      # the tucked Climb hired to ignore the Fog

    def to_doc(self) -> dict[str, Any] | None:
        """The turn as entered so far, as JSON to keep beside the game (None: nothing entered yet)."""
        if self == Draft():
            return None
        blank = form_doc(Draft())
        return {key: value for key, value in form_doc(self).items() if value != blank[key]}

    @classmethod
    def from_doc(cls, doc: Any) -> Draft | None:
        """The turn `to_doc` kept; None when the document is not one (names the game does not know included)."""
        try:
            draft = form_from_doc(cls, doc)
        except (ValueError, TypeError):
            return None
        sides = {side.value for side in Side}
        ignores = {ignore.value for ignore in Ignore}
        if (draft.side is not None and draft.side not in sides) or (draft.option is not None and draft.option < 0) \
                or any(ignore not in ignores for ignore, _name in draft.hires):
            return None
        return draft


_TURN_FORM = "turn"       # the turn's name among the forms kept half filled in (common/drafts.py)


def _kept_turn(app, session_id: str) -> Draft:
    """The turn as it was being entered after the entries as they stand; a fresh one when none was kept, the
    game has moved on since, or what was kept cannot be read."""
    doc = kept_draft(app.store, session_id, _TURN_FORM, entries_mark(app, session_id))
    return (Draft.from_doc(doc) if doc is not None else None) or Draft()


def replay(record: dict[str, Any]) -> State:
    """The final state of a finished game from its history record (setup plus actions)."""
    saved = record.get("session") or {}
    state = start_doc(saved.get("setup") or {})
    for action in saved.get("actions") or []:
        state = apply_doc(state, action)
    return state


def _card_entered_again(app, session_id: str) -> tuple[tuple[int, str], CardForm] | None:
    """The card of an old reveal that a correction asks for again, as a form (with a mark of that entry), when
    the card was described in it; None otherwise."""
    try:
        correction = app.keeper.correction(session_id)
    except CompanionError:
        return None
    waiting = correction.waiting if correction is not None and not correction.done else None
    if not isinstance(waiting, dict) or waiting.get("type") != "reveal" or not isinstance(waiting.get("card"), dict):
        return None
    try:
        form = CardForm.from_card(parse_card(waiting["card"]))
    except CompanionError:
        return None
    return (len(correction.actions), json.dumps(waiting, sort_keys=True)), form


def pending_cards(state: State, catalog: Catalog) -> list[Card]:
    """Cards met in this game that would add to the saved catalog: new cards, or sides it lacks."""
    return new_to(catalog, cards_to_save(state))


@ft.component
def FourteenersPlay(session_id: str) -> ft.View:
    """Route `/play/fourteeners/<id>`: the game in progress, or its final scores once finished."""
    app = use_app()
    page = ft.context.page
    # The turn as it was being entered (a reload, a page the phone closed), when the game has not moved on since.
    # Beside the turn, the entries it was begun after: another device's entry, undo or correction leaves it
    # behind, as a Ridgeline hand or a Trek 12 turn is left (common/drafts.py).
    draft_at, set_draft_at, latest_at = use_latest_state(lambda: (_kept_turn(app, session_id),
                                                                  entries_mark(app, session_id)))
    mark_now = entries_mark(app, session_id)
    overtaken = draft_at[1] != mark_now and draft_at[0] != Draft()
    draft = Draft() if draft_at[1] != mark_now else draft_at[0]

    def latest_draft() -> Draft:
        """The turn as the latest taps left it (drawn or not), while it is this game's as shown."""
        return latest_at.current[0] if latest_at.current[1] == mark_now else draft

    def set_draft(changed: Draft | Callable[[Draft], Draft]) -> None:
        """The turn being entered, set anew or changed: a change (a function of the latest turn) counts every tap
        made faster than the screen is redrawn, where a turn made from the one drawn undid the tap before it."""
        mark = entries_mark(app, session_id)
        if isinstance(changed, Draft):
            set_draft_at((changed, mark))
        else:
            set_draft_at(lambda at: (changed(at[0] if at[1] == mark else Draft()), mark))
    # The name of a card described on the spot: drawn from here, never from the draft (see card_fields).
    describe_name = use_field_text(draft.describing.name if draft.describing is not None else "")
    # The name of a card being described when the turn was left behind, with the turn it went with: said as long
    # as that turn stays left behind, so the player knows which card to describe again.
    lost_card = ft.use_ref(None)
    if overtaken:
        if describe_name.text.strip():
            lost_card.current = (describe_name.text.strip(), draft_at)
        describe_name.set("")          # the card's name went with the turn: the field is drawn empty
    lost_name = lost_card.current[0] if overtaken and lost_card.current and lost_card.current[1] is draft_at else None
    viewing, set_viewing = ft.use_state(None)
    problem, set_problem = ft.use_state(None)
    later, set_later = ft.use_state(())                  # cards whose offer to save was put off
    # A correction being entered: ("menu",), ("card", name), ("hiker", letter) or ("weather", name).
    fixing, set_fixing = ft.use_state(None)
    entries, set_entries = use_entries_shown(session_id)
    prefilled = ft.use_ref(None)                         # the corrected entry whose card was filled in

    record = app.store.sessions.get(session_id)
    history = None if record is not None else app.store.history.get(session_id)
    finished_state = ft.use_memo(lambda: _safe_replay(history), dependencies=[session_id, history is not None])
    session = state = None
    broken: str | None = None
    if record is not None:
        try:
            session = app.keeper.get(session_id)
            state = app.keeper.state(session_id)
        except CompanionError as exc:
            broken = sentence(exc)
    elif history is not None:
        state, refusal = finished_state
        if refusal is not None:
            # Worded here, not in the memo, so the reason follows a change of language.
            broken = _("The finished game cannot be replayed: {problem}").format(problem=sentence(refusal))

    # An old reveal being entered again (a correction): its card as it was described, to change rather than
    # to type again from nothing. Filled in once per entry asked for; the player's changes stay theirs.
    refill = _card_entered_again(app, session_id) if session is not None else None
    if refill is not None and prefilled.current != refill[0]:
        prefilled.current = refill[0]
        draft = Draft(describing=refill[1])
        set_draft(draft)
        describe_name.set(refill[1].name)

    # The turn being entered is kept beside the game as it changes; an entry written, undone or redone clears it.
    kept_turn = ft.use_ref(draft.to_doc())

    def keep_turn() -> None:
        doc = draft.to_doc()
        if doc != kept_turn.current and record is not None:
            kept_turn.current = doc
            keep_draft(app.store, session_id, _TURN_FORM, entries_mark(app, session_id), doc)

    ft.use_effect(keep_turn, dependencies=[draft])

    # The view scrolls as a whole: after an entry (made, undone or redone, here or on another device) the next
    # step's prompt and panel are at the top, not where the button tapped had scrolled the page.
    view_ref = use_top_on_change((mark_now, entries) if session is not None else None)

    def done(_event: Any = None) -> None:
        set_draft(Draft())
        describe_name.set("")
        set_problem(None)
        set_viewing(None)
        app.changed()

    def act(doc: dict[str, Any]) -> None:
        try:
            app.keeper.act(session_id, doc)
        except CompanionError as exc:
            set_problem(readable(exc))        # the engine's refusal, with a form's field named as shown
            return
        done()

    seen = session.actions if session is not None else None    # the entries this screen shows

    def undo() -> None:
        try:
            app.keeper.undo(session_id, seen=seen)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        done()

    def redo() -> None:
        try:
            app.keeper.redo(session_id, seen=seen)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        done()


    def finish() -> None:
        try:
            app.keeper.finish(session_id)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        done()

    abandon_row = use_abandon(session_id, "play", set_problem, enabled=record is not None,
                              align=ft.MainAxisAlignment.START)

    title = tr(said_in_place(record or history or {}).get("title") or "") or _("14ers")
    if state is None:
        return unopened(title, broken, abandon_row if record is not None else None)

    active = session is not None
    try:
        catalog = load_catalog(app.store)
    except CompanionError:
        catalog = Catalog()
    # A correction's step taken here changed the game on this device: the turn starts afresh without a word.
    body = ([EntriesPanel(session_id=session_id, opened=entries, on_change=done),
             _status(state, reveal_first=draft.fog_reveal)] if active else [_status(state)])
    if active and overtaken:
        said = _("Another device changed the game meanwhile: the turn starts again from the game as it is now.")
        if lost_name:
            # i18n: after "the turn starts again": the card whose description was dropped with the turn
            said = _("{said} {card} was not entered: describe it again when it is its turn.").format(
                said=said, card=lost_name)
        body.append(message_card(ft.Icons.SYNC_PROBLEM_ROUNDED, _("Changed on another device"), said,
                                 key="ft-changed", tone="warning"))
    # A refusal shows beside the button that caused it: in the panel of the step being entered, when there is one.
    selected = draft.climb is not None and any(c.name == draft.climb for c in state.row)
    in_panel = active and (state.phase in (Phase.SETUP, Phase.REVEAL, Phase.FINISHED)
                           or (state.phase is Phase.GAIN and selected))
    if not in_panel:
        body.extend(problem_text(problem, key="ft-problem"))
    shown = problem if in_panel else None
    if state.phase in (Phase.SETUP, Phase.REVEAL) and active:
        body.append(_reveal_panel(state, draft, set_draft, act, shown, describe_name,
                                  on_edit=bind(set_problem, None), latest=latest_draft))
        body.extend(_row(state, draft, set_draft, act, None, interactive=False))
    elif state.phase is Phase.GAIN and active and draft.fog_reveal and can_ignore_fog(state):
        body.append(_reveal_panel(state, draft, set_draft, act, problem, describe_name,
                                  on_edit=bind(set_problem, None), latest=latest_draft))
        body.append(_whole_width(labelled("ft-fog-cancel", ft.TextButton(
            _("Keep to the Fog: reveal at the end"), key="ft-fog-cancel",
            on_click=bind(set_draft, replace(draft, fog_reveal=False, describing=None))))))
        body.extend(_row(state, draft, set_draft, act, None, interactive=False))
    elif state.phase is Phase.GAIN and active:
        if can_ignore_fog(state):
            # 'Using a Guide' ignores a "Weather limitation", and the Fog limits the options to 3 (docs/rulings.md).
            # A player whose abilities ignore the Weather hires no Guide for it.
            body.append(_whole_width(labelled("ft-fog-reveal", ft.OutlinedButton(
                _("Reveal first: your abilities ignore the Fog") if not fog_needs_guide(state) else
                _("Hire a Guide to ignore the Fog: reveal first"), key="ft-fog-reveal",
                icon=ft.Icons.SUPPORT_ROUNDED,
                on_click=bind(set_draft, replace(draft, fog_reveal=True))))))
        body.extend(_row(state, draft, set_draft, act, shown, interactive=True, latest=latest_draft))
    elif state.phase is Phase.FINISHED:
        body.extend(_end(state, draft, set_draft, act, finish, shown, active=active, page=page))
    # Offered after the game is saved too: a finished game's cards were lost to the catalog when its end was
    # saved before they were kept (from History as well: the record keeps the cards described).
    pending = pending_cards(state, catalog) if active or state.phase is Phase.FINISHED else []
    if pending and not {card.name for card in pending} <= set(later):
        body.append(save_offer(pending, catalog, not_now=lambda: set_later(tuple(card.name for card in pending))))
    if active and fixing is not None:
        close_fix = bind(set_fixing, None)
        if fixing[0] == "card":
            body.append(CardEditor(fixing[1], close_fix, game=session_id))
        elif fixing[0] == "hiker":
            body.append(HikerEditor(fixing[1], close_fix, game=session_id))
        elif fixing[0] == "weather":
            body.append(WeatherEditor(fixing[1], close_fix, game=session_id))
        else:
            body.append(_corrections(state, set_fixing))
    elif active:
        body.append(ft.Row(wrap=True, controls=[labelled("ft-correct", ft.TextButton(
            _("Correct a card, a Hiker or the Weather"), key="ft-correct", icon=ft.Icons.EDIT_NOTE_ROUNDED,
            on_click=bind(set_fixing, ("menu",))))]))
    body.append(section_title(_("Tableaus"), key="ft-tableaus-title"))
    body.extend(_tableaus(state, viewing, set_viewing))
    if state.log:
        body.append(_log(state))
    if active:
        body.append(abandon_row)
    actions: list[ft.Control] = []
    if active:
        actions = [
            entries_button(entries, set_entries, session.correcting),
            # Each says the entry it takes back or puts back ("Undo: Round 4, Gerry: gained Peak 2-1, ..."): a
            # turn with Gerry's is several entries, and "Undo the last move" did not say whose.
            *undo_redo("ft", can_undo=session.can_undo, can_redo=session.can_redo, on_undo=undo, on_redo=redo,
                       # i18n: Undo's name with the entry it takes back: "Undo: Round 4, Ann: gained Longs Peak, ..."
                       undo_words=entry_words(app, session_id, _("Undo: {entry}"), _("Undo the last move"),
                                              correcting=session.correcting),
                       # i18n: Redo's name with the entry it puts back
                       redo_words=entry_words(app, session_id, _("Redo: {entry}"), _("Redo the move undone"),
                                              redo=True, correcting=session.correcting),
                       correcting=session.correcting),
        ]
    view = screen_view(title, body, actions=actions)
    view_ref.current = view
    return view


def unopened(title: str, broken: str | None, abandon_row: ft.Control | None) -> ft.View:
    """A game that cannot be shown: why, and (while it is in progress) the way to abandon it."""
    body: list[ft.Control] = [message_card(
        ft.Icons.ERROR_OUTLINE_ROUNDED, _("This game cannot be opened"), broken or _("It is not in progress."),
        key="ft-broken", tone="warning")]
    if abandon_row is not None:
        body.append(abandon_row)
    return screen_view(title, body)


def _safe_replay(history: dict[str, Any] | None) -> tuple[State | None, CompanionError | None]:
    if history is None:
        return None, None
    try:
        return replay(history), None
    except CompanionError as exc:
        return None, exc


# --- the header ----------------------------------------------------------------------------------------------

def round_words(state: State) -> str:
    """Where the game stands: setup, round N of the deck's rounds, or over (the header; home's Resume card). A
    finished game being scored from its tableaus says how many cards are entered: it was 'Setup' throughout."""
    if state.setup.final:
        entered = sum(len(p.tucked) + len(p.guides) for p in state.players)
        # i18n: home's Resume card for a finished 14ers game being scored from its tableaus
        return ngettext("Scoring a finished game: {n} card entered", "Scoring a finished game: {n} cards entered",
                        entered).format(n=entered)
    # i18n: the game's first step, before round 1: revealing the first Climbs
    return (_("Setup") if state.phase is Phase.SETUP else
            _("Game over") if state.phase is Phase.FINISHED else
            _("Round {round} of {total}").format(round=state.round, total=load_data().deck.rounds))


def _status(state: State, *, reveal_first: bool = False) -> ft.Control:
    """Round, whose turn and what to do, the deck's next Class, and the Weather when it is played;
    `reveal_first`: this device's player chose to reveal first in a Fog round (see `prompt`)."""
    deck = load_data().deck
    size = deck.deck_size(len(state.setup.players))
    klass = expected_class(state)
    round_text = round_words(state)
    player = current_player(state)
    facts = [ngettext("{n} of {size} Climbs drawn", "{n} of {size} Climbs drawn", state.drawn).format(
        n=state.drawn, size=size)]
    if klass is not None and state.phase is not Phase.FINISHED:
        facts.append(_("next is {klass}").format(klass=tr(class_label(klass))))
    controls: list[ft.Control] = [
        ft.Row(spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Text(round_text, key="ft-round", size=22, weight=ft.FontWeight.W_700, expand=True),
            *([ft.Container(
                padding=ft.Padding.symmetric(horizontal=10, vertical=4), border_radius=ft.BorderRadius.all(12),
                bgcolor=ft.Colors.PRIMARY_CONTAINER,
                content=ft.Text(player.name, key="ft-turn", size=13, weight=ft.FontWeight.W_600,
                                color=ft.Colors.ON_PRIMARY_CONTAINER))] if player else []),
        ]),
        ft.Text(tr(prompt(state, reveal_first=reveal_first)) if state.phase is not Phase.FINISHED else
                _("All {n} rounds are played: the scores are below.").format(n=deck.rounds), key="ft-prompt",
                size=14),
        ft.Text(" · ".join(facts), key="ft-deck", size=12, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    accolade = state.setup.accolade
    if accolade is not None and state.phase is not Phase.FINISHED:
        # Face up on the table all game ('Setup'): the players tuck with it in mind.
        controls.append(ft.Row(spacing=8, controls=[
            ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, color="#B7791F", size=18),
            # i18n: the game's Accolade card, shown all game ("Accolade: Gear Head · Basic: most Climbs tucked …")
            ft.Text(_("Accolade: {accolade}").format(accolade=accolade_title(accolade.category, accolade.name,
                                                                           accolade.side)),
                    key="ft-accolade", size=13, expand=True)]))
    weather = weather_now(state)
    if weather is not None and state.phase is not Phase.FINISHED:
        controls.append(forecast_strip(state, weather))
    return panel(controls, key="ft-status", tone="raised", spacing=6)


# --- revealing ------------------------------------------------------------------------------------------------

def _reveal_panel(state: State, draft: Draft, set_draft, act, problem: str | None, name: FieldText, *,
                  on_edit: Callable[[], None], latest: Callable[[], Draft] | None = None) -> ft.Control:
    """Which Climb was just turned face up: a catalog card of the deck's next Class, or one described now;
    `latest` gives the turn as the latest taps left it (a chip tapped just before Reveal is in it)."""
    player = current_player(state)
    klass = expected_class(state)
    start = load_data().deck.revealed_at_start
    if klass is None:
        return panel([ft.Text(_("The Climb deck is empty."))])
    if player is None:
        # i18n: the heading while the first Climbs are revealed: which card is being entered ("card 1 of 3"),
        # under the setup's count of those revealed so far ("0 of 3 revealed")
        heading = _("Reveal the first Climbs: card {n} of {total}").format(n=len(state.row) + 1, total=start)
    else:
        heading = _("Which Climb did {name} reveal?").format(name=player.name)
    notes: list[str] = [_("Card {n} of the deck: {klass}.").format(n=state.drawn + 1, klass=tr(class_label(klass)))]
    if state.setup.solo and player is not None and player.gerry:
        # Gerry ignores all Weather ('Solo Variant'): in a Fog round too he reveals first, then takes.
        target = state.row[-1] if state.row else None
        side = side_label(solo.gerry_side(target.klass)) if target else None
        if target:
            notes.append(_("It goes far left; then {gerry} takes the rightmost Climb, {card}, and tucks it as "
                           "{side}.").format(gerry=player.name, card=target.name, side=side))
        else:
            notes.append(_("It goes far left; then {gerry} takes the rightmost Climb.").format(gerry=player.name))
    elif state.setup.solo and player is not None:
        notes.append(_("Your new Climb goes far left of the row."))
    elif state.setup.solo:
        notes.append(_("In the solo game each Climb goes far left, so enter them from the rightmost to the "
                       "leftmost as they lie on the table."))
    controls: list[ft.Control] = [
        ft.Text(heading, key="ft-reveal-title", size=17, weight=ft.FontWeight.W_600),
        ft.Text(" ".join(notes), key="ft-reveal-notes", size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    names = [a.card for a in revealable(state) if isinstance(a.card, str)]
    cards = [card for name in names if (card := state.card(name)) is not None]
    # With nothing in the catalog to pick, the form to describe the card is the only way: open it at once.
    describing = draft.describing if draft.describing is not None or cards else CardForm(klass=klass)
    if describing is not None:
        form = replace(describing, klass=klass)
        controls.append(ft.Text(_("Describe the card as printed; its sides can wait until it is tucked."), size=13))
        def edited(change: Callable[[CardForm], CardForm]) -> None:
            def changed(latest: Draft) -> Draft:
                # Made to the card as the latest taps left it (`card_fields`), unless it was put away since.
                if latest.describing is None and cards:
                    return latest
                return replace(latest, describing=change(latest.describing if latest.describing is not None
                                                         else form))

            set_draft(changed)
            # A refusal of the card ("Name: empty…") goes once the player changes what it was about.
            on_edit()

        def reveal() -> None:
            now = latest().describing if latest is not None else None
            card = replace(now, klass=klass) if now is not None else form
            act({"type": "reveal", "card": replace(card, name=name.text).to_doc()})

        controls.extend(card_fields("ftr", form, edited, name, fixed_class=klass, on_submit=reveal))
        controls.extend(problem_text(problem, key="ft-problem"))
        controls.append(ft.Row(alignment=ft.MainAxisAlignment.END, wrap=True, run_spacing=8, controls=[
            *([labelled("ftr-cancel", ft.TextButton(_("Back to the list"), key="ftr-cancel",
                                                    on_click=bind(set_draft, replace(draft, describing=None))))]
              if cards else []),
            labelled("ftr-reveal", ft.FilledButton(
                _("Reveal this card"), key="ftr-reveal", icon=ft.Icons.CHECK_ROUNDED,
                on_click=reveal)),
        ]))
        return panel(controls, key="ft-reveal", tone="raised")
    if cards:
        for card in sorted(cards, key=lambda c: c.name.casefold()):
            key = f"ft-reveal-{slug(card.name)}"
            # Merged: the card's words sit in nodes of their own (its Class badge), which made the tile a
            # "group" with a nameless tap beside it, not a button named by the card.
            controls.append(labelled(key, ft.Container(
                key=key, ink=True, border_radius=ft.BorderRadius.all(12), bgcolor=ft.Colors.SURFACE,
                padding=ft.Padding.symmetric(horizontal=12, vertical=12),
                on_click=bind(act, {"type": "reveal", "card": card.name}),
                content=ft.Semantics(exclude_semantics=True, content=card_line(
                    card, trailing=[ft.Container(width=4), *requirement_mini(card)])),
            ), label=", ".join(climb_words(card)), button=True))
    else:
        controls.append(ft.Text(_("No {klass} card of your catalog is left to reveal.").format(
                                    klass=tr(class_label(klass))), size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT))
    controls.extend(problem_text(problem, key="ft-problem"))

    def describe_new() -> None:
        name.set("")
        set_draft(replace(draft, describing=CardForm(klass=klass)))

    controls.append(ft.Row(wrap=True, controls=[labelled("ft-describe-new", ft.OutlinedButton(
        _("A card not in the list"), key="ft-describe-new", icon=ft.Icons.EDIT_NOTE_ROUNDED,
        on_click=describe_new))]))
    return panel(controls, key="ft-reveal", tone="raised")


# --- the row and gaining --------------------------------------------------------------------------------------

def _row(state: State, draft: Draft, set_draft, act, problem: str | None, *,
         interactive: bool, latest: Callable[[], Draft] | None = None) -> list[ft.Control]:
    """The revealed Climbs left to right; on a turn's gain step each shows the gain check and opens on a tap."""
    player = current_player(state)
    title = _("Revealed Climbs · left to right") if state.setup.solo else _("Revealed Climbs")
    out: list[ft.Control] = [section_title(title, key="ft-row-title")]
    if interactive and player is not None:
        # "the Climb you gained" read as one gained already, where the tap shows whether it can be.
        out.append(ft.Text(_("{name}: tap the Climb you take to see whether and how it can be gained, then tuck "
                             "it.").format(name=player.name), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if not state.row:
        out.append(ft.Text(_("No Climb is revealed yet."), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    for position, card in enumerate(state.row):
        check = gain_check(state, state.turn, card.name) if interactive else None
        selected = interactive and draft.climb is not None and draft.climb.casefold() == card.name.casefold()
        out.append(_climb_tile(state, card, position, check, selected, set_draft, draft))
        if selected and check is not None:
            out.append(_gain_panel(state, card, check, draft, set_draft, act, problem, latest=latest))
    if interactive and early_reveal_stuck(state):
        out.append(message_card(
            ft.Icons.BLOCK_ROUNDED, _("No revealed Climb can be gained"),
            _("Not with the Guide owed for the Fog: undo the early reveal to keep to the Fog this turn."),
            key="ft-fog-stuck", tone="warning"))
    if interactive and can_pass(state):
        out.append(message_card(
            ft.Icons.BLOCK_ROUNDED, _("No revealed Climb can be gained"),
            _("Not even with Guides: {name} tucks nothing this turn.").format(name=player.name) if player
            else _("Not even with Guides: the player tucks nothing this turn."),
            key="ft-pass-card",
            actions=[labelled("ft-pass", ft.FilledTonalButton(_("End the turn without a Climb"), key="ft-pass",
                                                              on_click=bind(act, {"type": "pass"})))]))
    return out


def _climb_tile(state: State, card: Card, position: int, check: GainCheck | None, selected: bool, set_draft,
                draft: Draft) -> ft.Control:
    key = f"ft-climb-{slug(card.name)}"
    badges: list[ft.Control] = []
    verdicts: list[str] = []

    def badge(text: str, icon: ft.IconData, colour: str) -> None:
        badges.append(_badge(text, icon, colour))
        verdicts.append(text)

    if state.setup.solo and position == len(state.row) - 1:
        badge(_("{gerry}'s pick").format(gerry=solo.gerry_name()), ft.Icons.SMART_TOY_ROUNDED, "#5A6B7B")
    if check is not None:
        if check.possible:
            badge(_("Can gain"), ft.Icons.CHECK_CIRCLE_ROUNDED, "#2F855A")
        elif any(option.affordable for option in check.guides):
            # As many Guides as the fewest the gain panel offers ("2 Guides to ignore ...").
            count = min(len(option.ignores) for option in check.guides if option.affordable)
            # i18n: a badge on a revealed Climb the player can gain by hiring {n} Guides
            badge(ngettext("With {n} Guide", "With {n} Guides", count).format(n=count), ft.Icons.SUPPORT_ROUNDED,
                  "#B7791F")
        else:
            badge(_("Out of reach"), ft.Icons.BLOCK_ROUNDED, "#C53030")
    weather = weather_now(state) if check is not None else None
    weather_name = tr(weather_word(weather.name)) if weather is not None else None
    chips = requirement_chips(card, check, weather_name)
    # One node to a screen reader, a button when it can be tapped, its words in one order for every card: name,
    # Class, requirements, corner icons, place in the row, verdict. Node by node, a card with a Hazard was read
    # with its Class last, apart from the rest, and the tile was a "group" with no tap said.
    said = [*climb_words(card, check, weather_name),
            # i18n: a revealed Climb's place in the row, counted from the left (solo, said with the card)
            *([_("place {n} in the row").format(n=position + 1)] if state.setup.solo else []), *verdicts]
    tile = ft.Container(
        key=key,
        ink=check is not None,
        on_click=(bind(set_draft, Draft() if selected else Draft(climb=card.name)) if check is not None else None),
        border_radius=ft.BorderRadius.all(14),
        bgcolor=ft.Colors.SECONDARY_CONTAINER if selected else ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(2 if selected else 1, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT),
        padding=ft.Padding.symmetric(horizontal=12, vertical=10),
        content=ft.Semantics(exclude_semantics=True, content=ft.Column(spacing=6, tight=True, controls=[
            # Solo: the place in the row, where Gerry's picks are counted from.
            card_line(card, trailing=[ft.Text(str(position + 1), size=11, color=ft.Colors.ON_SURFACE_VARIANT)]
                      if state.setup.solo else []),
            ft.Row([*chips, *badges], spacing=6, run_spacing=6, wrap=True),
        ])),
    )
    return labelled(key, tile, label=", ".join(said), button=True if check is not None else None,
                    selected=selected if check is not None else None)


def _badge(text: str, icon: ft.IconData, colour: str) -> ft.Control:
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=8, vertical=4), border_radius=ft.BorderRadius.all(12),
        bgcolor=colour,
        content=ft.Row(spacing=4, tight=True, controls=[
            ft.Icon(icon, size=14, color=ft.Colors.WHITE),
            ft.Text(text, size=12, weight=ft.FontWeight.W_600, color=ft.Colors.WHITE)]))


def _gain_panel(state: State, card: Card, check: GainCheck, draft: Draft, set_draft, act,
                problem: str | None, *, latest: Callable[[], Draft] | None = None) -> ft.Control:
    """The gain check for one Climb, the Guides that would open it, the side to tuck it under, and Confirm (of
    the turn as `latest` gives it: a side or Guide tapped just before it is in it)."""
    player = state.players[state.turn]
    at = slug(card.name)
    option = check.guides[draft.option] if draft.option is not None and draft.option < len(check.guides) else None

    def tap(change: Callable[[Draft], Draft], *, same_option: bool = True) -> Callable[[], None]:
        """A chip of this panel: `change` made to the latest turn (so quick taps all count), unless another Climb,
        or another choice of Guides, was tapped since: the chips drawn were this one's."""
        def changed(latest: Draft) -> Draft:
            if latest.climb != draft.climb or (same_option and latest.option != draft.option):
                return latest
            return change(latest)
        return lambda: set_draft(changed)
    open_sides = option.sides if option is not None else check.sides
    controls: list[ft.Control] = []
    if check.possible:
        verdict = _("Can be gained now: {reason}.").format(reason=tr(check.reason))
        icon, colour = ft.Icons.CHECK_CIRCLE_ROUNDED, "#2F855A"
    else:
        verdict = _("Cannot be gained now: {reason}.").format(reason=tr(check.reason))
        icon, colour = ft.Icons.BLOCK_ROUNDED, "#C53030"
    controls.append(ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
        ft.Icon(icon, color=colour), ft.Text(verdict, key=f"ft-check-{at}", size=14, expand=True)]))
    if check.weather_note:
        controls.append(ft.Text(sentence(tr(check.weather_note)), key=f"ft-check-{at}-weather", size=12,
                                color=ft.Colors.ON_SURFACE_VARIANT))
    if check.guides:
        lead = _("Guides would make it possible:") if not check.possible else _("Guides could open other sides:")
        rows: list[ft.Control] = [ft.Text(lead, size=13, weight=ft.FontWeight.W_600)]
        for index, guide_option in enumerate(check.guides):
            count = len(guide_option.ignores)
            words = and_list([_(_IGNORE_WORDS[i]) for i in guide_option.ignores])
            if guide_option.affordable:
                label = ngettext("{n} Guide to ignore {what}", "{n} Guides to ignore {what}", count).format(
                    n=count, what=words)
            elif guide_option.needed > count:
                guides = ngettext("{n} Guide to ignore {what}", "{n} Guides to ignore {what}", count).format(
                    n=count, what=words)
                # i18n: after "1 Guide to ignore the Hazard requirement": out of reach once the Guide owed for the
                # Fog (the player revealed first) is counted too
                label = guides + " " + ngettext(
                    "(with the Fog's Guide: needs {needed} tucked Climb; {name} has {available})",
                    "(with the Fog's Guide: needs {needed} tucked Climbs; {name} has {available})",
                    guide_option.needed).format(needed=guide_option.needed, name=player.name,
                                                available=check.guides_available)
            else:
                label = ngettext("{n} Guide to ignore {what} (needs {n} tucked Climb; {name} has {available})",
                                 "{n} Guides to ignore {what} (needs {n} tucked Climbs; {name} has {available})",
                                 count).format(n=count, what=words, name=player.name,
                                               available=check.guides_available)
            chosen = draft.option == index
            rows.append(choice_chip(
                f"ft-guide-option-{index}", label, chosen,
                tap(partial(_with_option, index), same_option=False),
                icon=ft.Icons.SUPPORT_ROUNDED, disabled=not guide_option.affordable, wide=True))
        controls.append(ft.Column(rows, spacing=6, tight=True, key=f"ft-guides-{at}"))
    if option is not None:
        taken = {name for _ignore, name in draft.hires}
        for ignore in option.ignores:
            mine = next((name for ig, name in draft.hires if ig == ignore.value), None)
            chips = []
            for tucked in player.tucked:
                name = tucked.card.name
                picked = mine == name
                chips.append(choice_chip(
                    f"ft-hire-{ignore.value}-{slug(name)}", _guide_words(tucked), picked,
                    tap(partial(_with_hire, ignore.value, name)),
                    disabled=name in taken and not picked, colour=SIDE_COLOURS[tucked.side],
                    icon=SIDE_ICONS[tucked.side], wraps=True))
            controls.append(chip_row(chips, label=_("Which tucked Climb is the Guide ignoring {what}? It leaves the "
                                                    "tableau; changes count from next turn.").format(
                                                        what=_(_IGNORE_WORDS[ignore]))))
    if player.tucked:
        if draft.more_guides:
            hired = {name for _ignore, name in draft.hires}
            chips = [choice_chip(f"ft-extra-{slug(t.card.name)}", _guide_words(t),
                                 t.card.name in draft.extra,
                                 tap(partial(_with_extra, t.card.name)),
                                 disabled=t.card.name in hired, colour=SIDE_COLOURS[t.side], icon=SIDE_ICONS[t.side],
                                 toggle=True, wraps=True)
                     for t in player.tucked]
            controls.append(chip_row(chips, label=_("Also hire as a Guide without need (a Guide with a Photo "
                                                    "scores 1 at the end)")))
        else:
            controls.append(ft.Row([labelled("ft-more-guides", ft.TextButton(
                _("Hire a Guide without need"), key="ft-more-guides", icon=ft.Icons.SUPPORT_ROUNDED,
                on_click=tap(partial(replace, more_guides=True))))]))
    blocked = dict(check.blocked)
    side_buttons: list[ft.Control] = []
    for side in Side:
        ability = card.ability(side)
        enabled = side in open_sides
        why = tr(blocked.get(side)) or ("" if enabled else _needs_guides(check, side))
        side_buttons.append(_side_button(side, ability, enabled, draft.side == side.value, why,
                                         tap(partial(replace, side=side.value, ability=None))))
    controls.append(ft.Text(_("Tuck it as"), size=13, weight=ft.FontWeight.W_600))
    controls.append(ft.Column([ft.Row(side_buttons[:2], spacing=8), ft.Row(side_buttons[2:], spacing=8)],
                              spacing=8, tight=True))
    chosen_side = Side(draft.side) if draft.side else None
    needs_description = chosen_side is not None and card.ability(chosen_side) is None
    if chosen_side is not None and not needs_description:
        # A tile shows three lines of its side's ability, and a long one (in Polish, most) was cut there: the
        # side tapped is said whole below them, to read before tucking it. Its tile already says it to a screen
        # reader.
        controls.append(ft.Semantics(exclude_semantics=True, content=ft.Text(labelled_value(
            side_label(chosen_side), points_words(describe_ability(card.ability(chosen_side)))),
            key="ft-side-words", size=13)))
    if chosen_side is not None and needs_description:
        controls.append(ft.Text(_("The {side} side of {card} is not described yet: describe it as printed.").format(
                                    side=side_label(chosen_side), card=card.name), size=13))
        # Changes of the latest turn's ability, dropped once another Climb or side was tapped since.
        controls.append(ability_editor("ftg", draft.ability or side_form(chosen_side), part_of(
            set_draft, partial(_ability_for, draft.climb, draft.side, side_form(chosen_side)), _with_ability),
            side=chosen_side))
    # Revealed first despite the Fog: a Guide ignoring the Weather goes with this gain (unless one is already
    # chosen for it, or an ability ignores the Weather).
    fog_needed = weather_guide_owed(state) and not (option is not None and Ignore.WEATHER in option.ignores)
    if fog_needed:
        hired = {name for _ignore, name in draft.hires} | set(draft.extra)
        chips = [choice_chip(f"ft-fog-guide-{slug(t.card.name)}", _guide_words(t),
                             draft.fog_guide == t.card.name,
                             tap(partial(_with_fog_guide, t.card.name)),
                             disabled=t.card.name in hired, colour=SIDE_COLOURS[t.side], icon=SIDE_ICONS[t.side],
                             wraps=True)
                 for t in player.tucked]
        controls.append(chip_row(chips, label=_("You revealed first despite the Fog: which tucked Climb is the "
                                                "Guide ignoring it?")))
    ready = chosen_side is not None and chosen_side in open_sides and (
        option is None or len(draft.hires) == len(option.ignores)) and (not fog_needed or draft.fog_guide is not None)

    def confirm() -> None:
        now = latest() if latest is not None else draft
        if (now.climb, now.option) != (draft.climb, draft.option):
            now = draft             # another Climb or choice of Guides tapped since: what was drawn
        side = Side(now.side) if now.side else None
        if side is None:
            return
        doc: dict[str, Any] = {"type": "gain", "card": card.name, "side": side.value}
        guides = [{"card": name, "ignores": ignore} for ignore, name in now.hires]
        guides += [{"card": name, "ignores": None} for name in now.extra]
        if fog_needed and now.fog_guide is not None:
            guides.append({"card": now.fog_guide, "ignores": Ignore.WEATHER.value})
        if guides:
            doc["guides"] = guides
        if card.ability(side) is None:
            doc["ability"] = (now.ability or side_form(side)).to_doc()
        act(doc)

    controls.extend(problem_text(problem, key="ft-problem"))
    label = (_("Tuck as {side}").format(side=side_label(chosen_side)) if chosen_side is not None
             else _("Choose a side"))
    controls.append(ft.Row(alignment=ft.MainAxisAlignment.END, controls=[
        labelled("ft-gain", ft.FilledButton(label, key="ft-gain", icon=ft.Icons.CHECK_ROUNDED, disabled=not ready,
                                            on_click=confirm))]))
    return panel(controls, key=f"ft-gain-{at}", tone="raised")


def _needs_guides(check: GainCheck, side: Side) -> str:
    """Why a side of the Climb is closed when no Weather closes it: the fewest Guides that open it, or that it
    cannot be gained at all."""
    counts = [len(option.ignores) for option in check.guides if side in option.sides]
    if not counts:
        return _("cannot be gained")
    # i18n: under a side of a Climb that only hiring Guides opens
    return ngettext("needs {n} Guide first", "needs {n} Guides first", min(counts)).format(n=min(counts))

def _side_button(side: Side, ability, enabled: bool, selected: bool, why: str, on_click) -> ft.Control:
    colour = SIDE_COLOURS[side]
    words = points_words(describe_ability(ability)) if ability is not None else _("not described yet")
    key = f"ft-side-{side.value}"
    return ft.Container(
        expand=True,
        content=ft.Semantics(identifier=key, button=True, selected=selected, disabled=not enabled, content=ft.Container(
            key=key,
            on_click=on_click if enabled else None,
            disabled=not enabled,
            ink=enabled,
            height=96,
            border_radius=ft.BorderRadius.all(12),
            bgcolor=colour if selected else ft.Colors.with_opacity(0.08 if enabled else 0.03, colour),
            border=ft.Border.all(2 if selected else 1, colour if enabled else ft.Colors.OUTLINE_VARIANT),
            opacity=1.0 if enabled else 0.55,
            padding=10,
            content=ft.Column(spacing=2, tight=True, controls=[
                ft.Row(spacing=4, controls=[
                    ft.Icon(SIDE_ICONS[side], size=16, color=ft.Colors.WHITE if selected else colour),
                    ft.Text(side_label(side), size=14, weight=ft.FontWeight.W_700,
                            color=ft.Colors.WHITE if selected else colour)]),
                ft.Text(words if enabled else why, size=11, max_lines=3, overflow=ft.TextOverflow.ELLIPSIS,
                        color=ft.Colors.WHITE if selected else ft.Colors.ON_SURFACE_VARIANT),
            ]),
        )),
    )


def _toggle(values: tuple[str, ...], value: str) -> tuple[str, ...]:
    return tuple(v for v in values if v != value) if value in values else values + (value,)


# The gain panel's taps, each a change of the latest turn being entered (see `_gain_panel`'s `tap`).

def _ability_or(blank: AbilityForm, draft: Draft) -> AbilityForm:
    """The ability being described in the latest turn, or `blank` before anything was tapped."""
    return draft.ability if draft.ability is not None else blank


def _ability_for(climb: str | None, side: str | None, blank: AbilityForm, draft: Draft) -> Any:
    """`_ability_or` for the side of the Climb drawn; `GONE` once another was tapped since."""
    return GONE if (draft.climb, draft.side) != (climb, side) else _ability_or(blank, draft)


def _with_ability(draft: Draft, ability: AbilityForm) -> Draft:
    return replace(draft, ability=ability)


def _hired(draft: Draft) -> set[str]:
    return {name for _ignore, name in draft.hires}


def _with_option(index: int, draft: Draft) -> Draft:
    """A choice of Guides tapped: chosen (its Guides and the side to choose anew), or let go if it was chosen."""
    return replace(draft, option=None if draft.option == index else index, hires=(), side=None)


def _with_hire(ignore: str, name: str, draft: Draft) -> Draft:
    """The tucked Climb `name` hired as the Guide ignoring `ignore`, or let go if it was; unchanged while it is
    the Guide ignoring something else."""
    if any(hired == name and what != ignore for what, hired in draft.hires):
        return draft
    others = tuple((what, hired) for what, hired in draft.hires if what != ignore)
    picked = (ignore, name) in draft.hires
    return replace(draft, hires=others + (() if picked else ((ignore, name),)),
                   extra=tuple(n for n in draft.extra if n != name))


def _with_extra(name: str, draft: Draft) -> Draft:
    """A Guide hired without need, or let go; unchanged while `name` is hired for a requirement."""
    return draft if name in _hired(draft) else replace(draft, extra=_toggle(draft.extra, name))


def _with_fog_guide(name: str, draft: Draft) -> Draft:
    """The Guide ignoring the Fog, or let go; unchanged while `name` is hired otherwise."""
    if name in _hired(draft) or name in draft.extra:
        return draft
    return replace(draft, fog_guide=None if draft.fog_guide == name else name)


# --- end of the game ------------------------------------------------------------------------------------------

def _end(state: State, draft: Draft, set_draft, act, finish, problem: str | None, *, active: bool,
         page) -> list[ft.Control]:
    """Describe any tucked side still blank, then the score breakdown, the winner, and Finish into History."""
    missing = scoring.missing(state)
    if missing:
        if not active:
            return [message_card(ft.Icons.INFO_OUTLINE_ROUNDED, _("Not scored"),
                                 _("Some tucked sides were never described."), key="ft-unscored")]
        owner, name, side = missing[0]
        form = draft.ability or side_form(side)
        return [panel([
            ft.Text(_("Before scoring"), size=17, weight=ft.FontWeight.W_600),
            ft.Text(ngettext("Describe the {side} side of {card} in {owner}'s tableau, as printed ({n} side left).",
                             "Describe the {side} side of {card} in {owner}'s tableau, as printed ({n} sides left).",
                             len(missing)).format(side=side_label(side), card=name, owner=owner, n=len(missing)),
                    key="ftd-title", size=14),
            ability_editor("ftd", form, part_of(set_draft, partial(_ability_or, side_form(side)), _with_ability),
                           side=side),
            *problem_text(problem, key="ft-problem"),
            ft.Row(alignment=ft.MainAxisAlignment.END, controls=[labelled("ftd-save", ft.FilledButton(
                _("Save this side"), key="ftd-save", icon=ft.Icons.CHECK_ROUNDED,
                on_click=bind(act, {"type": "describe", "card": name, "side": side.value,
                                    "ability": form.to_doc()})))]),
        ], key="ftd", tone="raised")]
    result = scoring.score(state)
    out: list[ft.Control] = [section_title(_("Final score"), key="ft-final-title"),
                             _winner(state, result), score_table(result)]
    if result.accolade is not None:
        out.append(ft.Text(accolade_words(result.accolade), key="ft-accolade-result",
                           size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    out.append(section_title(_("What scored"), key="ft-lines-title"))
    out.append(panel(score_details(result), padding=12, spacing=10))
    if active:
        out.extend(problem_text(problem, key="ft-problem"))
        out.append(labelled("ft-finish", ft.FilledButton(
            _("Finish and save to History"), key="ft-finish", icon=ft.Icons.FLAG_ROUNDED, on_click=finish,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(vertical=16)))))
    else:
        # First: saving puts the screen back at its top, and the card at the foot of the scores (some 1,200 px
        # down on a phone) was the only word that the tap had worked.
        out.insert(0, message_card(ft.Icons.CHECK_CIRCLE_ROUNDED, _("Saved in History"),
                                   _("This game is over and kept in History."), key="ft-saved",
                                   actions=[labelled("go-home", ft.OutlinedButton(
                                       _("Back to home"), key="go-home", icon=ft.Icons.HOME_ROUNDED,
                                       on_click=lambda: page.navigate("/")))]))
    return out


def accolade_words(accolade) -> str:
    """The Accolade's line under the scores: its category, each player's count, and who scores it."""
    counts = ", ".join(f"{name} {count}" for name, count in accolade.counts)
    category = tr(accolade.text)
    if len(accolade.winners) > 1:
        return _("Accolade, {category}: {counts}; {names} score {points} each.").format(
            category=category, counts=counts, names=and_list(list(accolade.winners)), points=accolade.points)
    if accolade.winners:
        return _("Accolade, {category}: {counts}; {name} scores {points}.").format(
            category=category, counts=counts, name=accolade.winners[0], points=accolade.points)
    # Nobody scores "most" of nothing (docs/rulings.md, Accolades): said, as the counts alone looked like a tie.
    return _("Accolade, {category}: {counts}; nobody has any, so nobody scores.").format(category=category,
                                                                                         counts=counts)


def _whole_width(button: ft.Control) -> ft.Control:
    """A button across the screen's width, its words wrapping there: in a Row of its own at its natural width,
    "Hire a Guide to ignore the Fog: reveal first" ran past a phone's edge, in English too."""
    return ft.Row([ft.Container(expand=True, content=button)])


def _winner(state: State, result) -> ft.Control:
    """The winner in the rules' words (`scoring.verdict`), as the result of a finished game scored from its
    tableaus says it: who tied, and each one's points from Capstones where they broke the tie ("Tied at 7,
    broken by the fewest points from Capstones" said neither)."""
    you = state.players[0].name if state.setup.solo else None
    # The trophy beside the words: not beside a solo game that was not won.
    won = solo.won(result.winners, you) if you is not None else True
    return winner_box(tr(scoring.verdict(result, you)), trophy=won)


# --- around the table -----------------------------------------------------------------------------------------

def save_offer(pending: list[Card], catalog: Catalog, *, not_now=None, where: str = "during this game",
               caveat: str = "") -> ft.Control:
    """Offer to keep cards met in a game in the catalog with one tap, so later games know them."""
    # Keyed by the cards: a refusal said of some cards does not stay beside others.
    return SaveOffer(pending=pending, catalog=catalog, not_now=not_now, where=where, caveat=caveat,
                     key="ft-pending-" + "|".join(card.name for card in pending))


@ft.component
def SaveOffer(pending: list[Card], catalog: Catalog, not_now=None, where: str = "during this game",
              caveat: str = "") -> ft.Control:
    """`save_offer`'s card: a refusal of the cards is said in it, beside its button, not far up the screen."""
    app = use_app()
    failure, set_failure = ft.use_state(None)

    def keep() -> None:
        try:
            save_catalog(app.store, kept_in(catalog, pending))
        except CompanionError as exc:
            set_failure(_("The cards were not saved: {problem}").format(problem=readable(exc)))
            return
        set_failure(None)
        app.changed()

    names = ", ".join(card.name for card in pending)
    actions = [labelled("ft-save-later", ft.TextButton(_("Not now"), key="ft-save-later", on_click=not_now))
               ] if not_now is not None else []
    # `where` says where the cards were described: "during this game" (played turn by turn) or "here".
    words = (_("Described here: {names}. Saved, they can be picked in every game.") if where == "here" else
             _("Described during this game: {names}. Saved, they can be picked in every game."))
    return message_card(
        ft.Icons.STYLE_ROUNDED, _("Keep these cards in your catalog?"),
        words.format(names=names) + caveat + (f" {failure}" if failure else ""),
        key="ft-pending", tone="warning" if failure else "info",
        actions=[*actions, labelled("ft-save-cards", ft.FilledTonalButton(
            _("Save to catalog"), key="ft-save-cards", icon=ft.Icons.SAVE_ROUNDED, on_click=keep))])


def _tableaus(state: State, viewing: int | None, set_viewing) -> list[ft.Control]:
    """A chip per player, and the chosen player's Hiker card (the player to act by default)."""
    turn = state.turn if state.phase in (Phase.REVEAL, Phase.GAIN) else None
    shown = viewing if viewing is not None and viewing < len(state.players) else (turn or 0)
    chips = [choice_chip(f"ft-player-{i}", f"{p.name} · {p.hiker}", i == shown, bind(set_viewing, i),
                         icon=ft.Icons.PLAY_ARROW_ROUNDED if i == turn else
                         ft.Icons.SMART_TOY_ROUNDED if p.gerry else ft.Icons.PERSON_ROUNDED)
             for i, p in enumerate(state.players)]
    return [ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
            hiker_card(state, shown, key=f"ft-tableau-{shown}", current=shown == turn)]


def _corrections(state: State, set_fixing) -> ft.Control:
    """What can be described again during the game: every card met (revealed, tucked, hired as a Guide), the
    Hikers at the table, and the Weather cards when the Weather is played."""
    cards = sorted(cards_in_play(state), key=lambda card: (card.klass, card.name.casefold()))
    controls: list[ft.Control] = [
        ft.Row([ft.Text(_("Correct what was described wrongly"), size=16, weight=ft.FontWeight.W_600, expand=True),
                labelled("ft-correct-close", ft.IconButton(ft.Icons.CLOSE_ROUNDED, key="ft-correct-close",
                                                           tooltip=_("Close"), on_click=bind(set_fixing, None)))]),
        ft.Text(_("A correction replaces the description in this game and the scores follow; no turn is undone."),
                size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    if cards:
        # A long name wraps inside its chip (it ran past the screen's edge, cut).
        controls.append(chip_row([choice_chip(f"ft-fix-card-{slug(card.name)}", _class_and_name(card.klass, card.name),
                                              False, bind(set_fixing, ("card", card.name)), wide=True)
                                  for card in cards],
                                 label=_("Climbs met this game")))
    hikers = sorted({player.hiker for player in state.players})
    controls.append(chip_row([choice_chip(f"ft-fix-hiker-{letter}", _("Hiker {letter}").format(letter=letter),
                                          False, bind(set_fixing, ("hiker", letter))) for letter in hikers],
                             label=_("Hikers")))
    if state.setup.weather:
        # Clear Skies and Fog are the rulebook's own and are not described by the players.
        rulebook = {name for name, _effects in load_data().forecasts.rulebook_effects}
        names = [n for n in load_data().forecasts.names if n not in rulebook]
        controls.append(chip_row([choice_chip(f"ft-fix-weather-{slug(name)}", tr(name), False,
                                              bind(set_fixing, ("weather", name))) for name in names],
                                 label=_("Weather cards")))
    return panel(controls, key="ft-corrections", tone="raised")


def _log(state: State) -> ft.Control:
    entries = list(reversed(state.log[-5:]))
    # i18n: the heading of the game's last few moves
    return panel([ft.Text(_("Recent"), size=13, weight=ft.FontWeight.W_600),
                  *[ft.Text(tr(line), size=12, color=ft.Colors.ON_SURFACE_VARIANT, key=f"ft-log-{i}")
                    for i, line in enumerate(entries)]], key="ft-log", padding=12, spacing=4)


def _guide_words(tucked) -> str:
    """A tucked Climb to hire as a Guide: its Class and name, the side it leaves and its Photo if it has one
    ("Class I · Mount Bierstadt · Gear · Photo"), what the choice weighs: the side loses what it gave, and a
    Guide with a Photo scores 1 at the end."""
    words = [_class_and_name(tucked.card.klass, tucked.card.name), side_label(tucked.side)]
    if Icon.PHOTO in tucked.card.icons:
        words.append(icon_label(Icon.PHOTO))
    return " · ".join(words)


def _class_and_name(klass: int, name: str) -> str:
    """A card to choose, by its Class and name: "Class II · Longs Peak" (a bare "II" was said as the word "I"
    by a screen reader, and means little to a new player)."""
    return f"{tr(class_label(klass))} · {name}"
