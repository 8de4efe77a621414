"""Score a finished game of 14ers from the tableaus on the table: `/play/fourteeners/<id>` of a final-tableaus game.

The 14ers screen's "Score a finished game" tab sets one up (players, Hikers, the Accolade half in play);
this screen then takes each tableau as it lies: per side the tucked Climbs, each picked from the catalog by
name (search as you type) or entered on the spot with only what end scoring needs, and the Guides apart.
Every change is one `tableau` action of `companion.games.fourteeners.final`, so undo, resuming after a
crash and History work as for any game; the score below is the engine's, live. "Score the game" ends it
into History, where the result shows who won and why, and the cards entered here can join the catalog.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.errors import CompanionError, InvalidInput
from companion.games.fourteeners import final, scoring, solo
from companion.games.fourteeners.abilities import Tucked, describe_ability, describe_category
from companion.games.fourteeners.catalog import AccoladeSide, Card, name_key
from companion.games.fourteeners.data import CLASSES, Icon, Side, load_data
from companion.games.fourteeners.rules import Phase, State, cards_to_save
from companion.games.words import comma_list
from companion.store.records import said_in_place
from companion.i18n import Message, _, ngettext, tr
from companion.ui.common.abandon import use_abandon
from companion.ui.common.drafts import keep_draft, kept_with_state
from companion.ui.common.entries import entries_mark
from companion.ui.common.services import FieldText, focus_soon, use_app, use_field_text, use_latest_state
from companion.ui.common.widgets import bind, labelled, message_card, screen_view, section_title, sentence, undo_redo
from companion.ui.fourteeners.catalog import load_catalog, new_to
from companion.ui.fourteeners.editor import GONE, ability_editor, category_editor, described_part, part_of, readable
from companion.ui.fourteeners.names import AUTO_NAMES, is_auto_name, made_up, shown_name
from companion.ui.fourteeners.forms import (
    GUIDE, PLAN_ITEM, AbilityForm, CategoryForm, TuckForm, form_doc, form_from_doc, half_label, roman, side_label,
)
from companion.ui.fourteeners.play import accolade_words, replay, save_offer, unopened
from companion.ui.fourteeners.parts import (
    ICON_GLYPHS, SIDE_COLOURS, SIDE_ICONS, card_line, card_said, chip_row, choice_chip, panel, points_words,
    problem_text, slug, stepper,
)
from companion.ui.fourteeners.table import score_details, score_table, winner_box

__all__ = ["FinalTableaus", "auto_name", "SEARCH_SHOWN"]

SEARCH_SHOWN = 8            # catalog cards listed at once; typing narrows them
_QUICK_POINTS = range(0, 13)


def auto_name(state: State, seat: int, side: str, index: int | None = None) -> str:
    """A name for a card entered without one: "Ann's Plan 2" in the player's language, unique on the table.
    With the `index` of the card a change replaces (of the seat's tucked cards, or Guides), a name the screen
    gave that card on the same side is kept: changing "Ann's Plan 1", her only one, made it "Ann's Plan 2". It
    is the card's name in the game's saved actions; `is_auto_name` knows it in every language."""
    player = state.players[seat]
    who = player.name
    names = [c.name for p in state.players for c in [t.card for t in p.tucked] + list(p.guides)]
    if index is not None:
        was = player.guides[index].name if side == GUIDE else player.tucked[index].card.name
        same_side = side == GUIDE or player.tucked[index].side.value == side
        if same_side and is_auto_name(state, was):
            return was              # its own name, whatever number is free below it or language is in force
        names.remove(was)
    taken = {name_key(name) for name in names}
    # A number given in another language is taken too: "Exploit 1 de Zoé" made in French and "Zoé's Capstone 1"
    # made later in English would be two cards said alike on every screen (each says the other's words).
    players = [p.name for p in state.players]
    numbered = {made[1:] for name in names if (made := made_up(name, players)) is not None}
    number = 1
    while (name_key(made := _(AUTO_NAMES[side]).format(name=who, number=number)) in taken
           or (side, who, number) in numbered):
        number += 1
    return made


_ENTRY_FORM = "tableau"     # the Climb being added among the forms kept half filled in (common/drafts.py)


@dataclass(frozen=True)
class _Entry:
    """What the screen holds that is not an entry yet: the tableau shown, the Climb being added or changed, the
    texts typed for it, and the catalog search."""

    seat: int = 0
    form: TuckForm | None = None
    name: str = ""
    note: str = ""
    query: str = ""

    def to_doc(self) -> dict[str, Any] | None:
        if self == _Entry():
            return None
        doc: dict[str, Any] = {"seat": self.seat, "name": self.name, "note": self.note, "query": self.query}
        if self.form is not None:
            doc["form"] = form_doc(replace(self.form, base=None)) | {
                "base": self.form.base.name if self.form.base is not None else None}
        return doc

    @classmethod
    def from_doc(cls, doc: Any, state: State) -> _Entry:
        """The entry `to_doc` kept, for this game as it stands; nothing of it when it does not fit."""
        try:
            if not isinstance(doc, dict):
                raise ValueError("not a document")
            seat, name, note, query = doc.get("seat"), doc.get("name"), doc.get("note"), doc.get("query")
            if type(seat) is not int or not 0 <= seat < len(state.players) or not all(
                    isinstance(text, str) and len(text) <= 200 for text in (name, note, query)):
                raise ValueError("no such seat, or no such text")
            form = None
            if doc.get("form") is not None:
                raw = dict(doc["form"])
                base_name = raw.pop("base", None)
                form = form_from_doc(TuckForm, raw)
                if not 0 <= form.seat < len(state.players):
                    raise ValueError("no such seat")
                base = state.setup.catalog.card(base_name) if isinstance(base_name, str) else None
                player = state.players[form.seat]
                entries = player.guides if form.side == GUIDE else player.tucked
                if (base_name is not None and base is None) or (
                        form.side != GUIDE and form.side not in {side.value for side in Side}) or (
                        form.index is not None and not 0 <= form.index < len(entries)):
                    raise ValueError("a card, a side or an entry the game does not have")
                form = replace(form, base=base)
            return cls(seat, form, name, note, query)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            return cls()


def _kept_entry(app, session_id: str) -> _Entry:
    """The Climb being added as it was left after the entries as they stand; nothing when none was kept, the
    game has moved on since, or it does not fit."""
    found = kept_with_state(app, session_id, _ENTRY_FORM)
    return _Entry() if found is None else _Entry.from_doc(*found)


@ft.component
def FinalTableaus(session_id: str) -> ft.View:
    """Enter each tableau as it lies on the table, see the score live, and score the game into History."""
    app = use_app()
    page = ft.context.page
    # The tableau shown and the Climb being added, as left before a reload or a page the phone closed (when the
    # entries have not changed since): kept beside the game as they change, as a game's turn is.
    restored = ft.use_ref(None)
    if restored.current is None:
        restored.current = _kept_entry(app, session_id)
    seat, set_seat = ft.use_state(restored.current.seat)
    # TuckForm while a Climb is being entered; the latest, drawn or not, for the form's Add (a chip tapped just
    # before it was left out).
    held_form, set_held_form, latest_form = use_latest_state(restored.current.form)
    told, set_told = ft.use_state(False)      # a form was dropped for another device's change, and that is said

    def set_form(changed: Any) -> None:
        set_told(False)
        set_held_form(changed)
        # A refusal said of the form as it was ("Choose the card's Class") goes once the form changes: left
        # under the Class just ticked, it read as the tap not taken.
        set_problem(None)
    # The entries a form was opened after: another device's entry, undo or correction since leaves the form
    # behind (a "change entry 2" form would put its card over another); it is dropped, and said.
    mark_now = entries_mark(app, session_id)
    opened_at = ft.use_ref(mark_now)
    was_open = ft.use_ref(held_form is not None)
    if held_form is not None and not was_open.current:
        opened_at.current = mark_now            # opened by this drawing's tap
    overtaken = held_form is not None and opened_at.current != mark_now
    form = None if overtaken else held_form
    was_open.current = form is not None

    def drop_overtaken() -> None:
        if overtaken:
            set_held_form(None)
            set_told(True)

    ft.use_effect(drop_overtaken, dependencies=[overtaken])
    accolade, set_accolade = ft.use_state(None)       # CategoryForm while the Accolade is being corrected
    problem, set_problem = ft.use_state(None)
    query, set_query = ft.use_state(restored.current.query)
    search = use_field_text(restored.current.query)
    name = use_field_text(restored.current.name)
    note = use_field_text(restored.current.note)
    kept_doc = ft.use_ref(restored.current.to_doc())

    def keep_entry() -> None:
        """Keep the tableau shown and the Climb being added as they now are (the typed name and note too)."""
        doc = _Entry(seat, form, name.text, note.text, query).to_doc()
        if doc != kept_doc.current and app.store.sessions.get(session_id) is not None:
            kept_doc.current = doc
            # Under the entries the form was opened after, so that a reload after another device's change does
            # not bring it back.
            keep_draft(app.store, session_id, _ENTRY_FORM, opened_at.current if form is not None else mark_now, doc)

    ft.use_effect(keep_entry, dependencies=[seat, form, query])

    # The catalog's search, focused as the picker opens (after "Add"): typed into at once, where `autofocus`
    # acts only on a field present when the page is first drawn, and each card needed a click in it first.
    picking = (form.seat, form.side, form.index) if form is not None and not form.spot else None

    async def focus_search() -> None:
        if picking is not None:
            await focus_soon(search.field)

    ft.use_effect(focus_search, dependencies=[picking])

    record = app.store.sessions.get(session_id)
    history = None if record is not None else app.store.history.get(session_id)
    session = state = None
    broken: str | None = None
    try:
        if record is not None:
            session = app.keeper.get(session_id)
            state = app.keeper.state(session_id)
        elif history is not None:
            state = replay(history)
    except CompanionError as exc:
        broken = sentence(exc)
    abandon_row = use_abandon(session_id, "play", set_problem, enabled=record is not None,
                              align=ft.MainAxisAlignment.START)
    title = tr(said_in_place(record or history or {}).get("title") or "") or _("14ers")
    if state is None:
        return unopened(title, broken, abandon_row if record is not None else None)

    def close_form() -> None:
        set_form(None)
        set_query("")
        search.set("")
        name.set("")
        note.set("")
        set_problem(None)

    def act(doc: dict[str, Any]) -> bool:
        try:
            app.keeper.act(session_id, doc)
        except CompanionError as exc:
            set_problem(readable(exc))
            return False
        if was_open.current:
            opened_at.current = entries_mark(app, session_id)     # this device's own entry: the form stands
        set_problem(None)
        app.changed()
        return True

    def set_entries(at: int, tucked: tuple[Tucked, ...] | list[Any], guides: list[Any]) -> bool:
        return act(final.tableau_doc(state, at, tucked, guides))

    def put(entry: dict[str, Any], at: int, side: str, index: int | None) -> None:
        player = state.players[at]
        tucked: list[Any] = list(player.tucked)
        guides: list[Any] = list(player.guides)
        target = guides if side == GUIDE else tucked
        if index is None:
            target.append(entry)
        else:
            target[index] = entry
        if set_entries(at, tucked, guides):
            close_form()

    def remove(at: int, side: str, index: int) -> None:
        player = state.players[at]
        tucked: list[Any] = list(player.tucked)
        guides: list[Any] = list(player.guides)
        (guides if side == GUIDE else tucked).pop(index)
        set_entries(at, tucked, guides)

    def history_step(kind: str) -> None:
        try:
            seen = session.actions if session is not None else None     # as this screen showed it
            app.keeper.undo(session_id, seen=seen) if kind == "undo" else app.keeper.redo(session_id, seen=seen)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        close_form()
        app.changed()

    def finish() -> None:
        try:
            app.keeper.finish(session_id)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        set_problem(None)
        app.changed()

    def score_now() -> None:
        try:
            app.keeper.act(session_id, {"type": "score"})
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        finish()

    if state.phase is Phase.FINISHED:
        reopened = record is not None and app.keeper.reopened(session_id)
        return screen_view(title, _result(state, app, set_problem, problem, page, active=record is not None,
                                          finish=finish, abandon_row=abandon_row,
                                          change=bind(history_step, "undo") if reopened else None))

    seat = min(seat, len(state.players) - 1)
    body = [_header(state, accolade, set_accolade, act)]
    body.append(_seats(state, seat, lambda i: (set_seat(i), close_form())))
    if form is not None:
        body.append(_adding(state, form, set_form, put, close_form, search, query, set_query, name, note,
                            problem, refuse=lambda why: set_problem(tr(why)), on_typed=keep_entry,
                            latest=lambda: latest_form.current if latest_form.current is not None else form))
    else:
        if overtaken or told:
            body.append(message_card(
                ft.Icons.SYNC_PROBLEM_ROUNDED, _("Changed on another device"),
                _("Another device changed the game meanwhile: the Climb being entered here was left out; enter "
                  "it again if it is still missing."), key="ftf-changed", tone="warning"))
        body.extend(problem_text(problem, key="ftf-problem"))
    body.extend(_tableau(state, seat, set_form, remove, name, note, editing=form is not None))
    body.extend(_live(state))
    empty = final.empty_tableaus(state)
    body.append(labelled("ftf-score", ft.FilledButton(
        _("Score the game and save it to History"), key="ftf-score", icon=ft.Icons.FLAG_ROUNDED, on_click=score_now,
        disabled=bool(empty) or form is not None,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(vertical=16)))))
    if empty:
        body.append(ft.Text(_("Still to enter: {names}.").format(names=", ".join(empty)), key="ftf-still", size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    short = final.short_tableaus(state)
    if short:
        # Not refused (a player who passed a turn ends with fewer), but a card forgotten changes the result.
        # i18n: a player and the Climb cards entered in their tableau, "Ann 4 Climbs", in a list after a colon
        counts = tr(comma_list(ngettext("{name} {n} Climb", "{name} {n} Climbs", n).format(name=who, n=n)
                               for who, n in short))
        # i18n: under the tableaus of a finished game being scored: {counts} is "Ann 4 Climbs, Bo 1 Climb"
        body.append(ft.Text(_("Fewer Climbs than the {rounds} rounds give: {counts}. Check that no card was left "
                              "out (a passed turn gains none).").format(rounds=load_data().deck.rounds,
                                                                       counts=counts),
                            key="ftf-short", size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    body.append(abandon_row)
    actions = [
        *undo_redo("ft", can_undo=session.can_undo, can_redo=session.can_redo,
                   on_undo=bind(history_step, "undo"), on_redo=bind(history_step, "redo"),
                   undo_words=_("Undo the last entry"), redo_words=_("Redo the entry undone"),
                   correcting=session.correcting),
    ]
    return screen_view(title, body, actions=actions)


# --- the Accolade and the seats ---------------------------------------------------------------------------------

def _header(state: State, editing: CategoryForm | None, set_editing, act) -> ft.Control:
    """What the screen is for, and the Accolade half in play (correctable until the game is scored)."""
    controls: list[ft.Control] = [
        ft.Text(_("Enter each tableau as it lies on the table"), size=17, weight=ft.FontWeight.W_600),
        ft.Text(_("Per side, add the Climbs tucked there: pick them from your catalog or enter them now with "
                  "what scoring needs. The score follows every change."), size=13,
                color=ft.Colors.ON_SURFACE_VARIANT)]
    choice = state.setup.accolade
    if state.setup.solo:
        controls.append(ft.Text(_("Solo against {gerry}: no Accolade; only a higher score than his wins.").format(
                                    gerry=solo.gerry_name()), key="ftf-accolade", size=13))
        return panel(controls, key="ftf-head", padding=12, spacing=6)
    assert choice is not None
    category = tr(describe_category(choice.category))
    if choice.name and choice.side:
        # i18n: the Accolade card in play, its half ("basic" or "advanced") and the category it scores
        words = _("Accolade: {name} ({half}): {category}").format(
            name=choice.name, half=half_label(choice.side, lower=True), category=category)
    else:
        words = _("Accolade: {category}").format(category=category)
    if editing is None:
        controls.append(ft.Row(vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Icon(ft.Icons.EMOJI_EVENTS_OUTLINED, size=18, color=ft.Colors.PRIMARY),
            ft.Text(words, key="ftf-accolade", size=14, weight=ft.FontWeight.W_500, expand=True),
            labelled("ftf-accolade-change", ft.TextButton(
                _("Change"), key="ftf-accolade-change",
                on_click=bind(set_editing, CategoryForm.from_category(choice.category))))]))
        return panel(controls, key="ftf-head", padding=12, spacing=6)

    def use() -> None:
        if act({"type": "accolade", "accolade": {"category": editing.to_doc()}}):
            set_editing(None)

    controls.append(ft.Text(_("The Accolade half in play"), size=14, weight=ft.FontWeight.W_600))
    controls.append(category_editor("ftf-acc", editing, described_part(set_editing)))
    catalog = state.setup.catalog
    described = [(card, side) for card in catalog.accolades for side in AccoladeSide if card.category(side)]
    def pick(card_name: str, half: str) -> None:
        if act({"type": "accolade", "accolade": {"name": card_name, "side": half}}):
            set_editing(None)

    if described:
        controls.append(chip_row([
            choice_chip(f"ftf-acc-pick-{i}", f"{card.name} · {half_label(side, lower=True)}", False,
                        bind(pick, card.name, side.value))
            for i, (card, side) in enumerate(described)], label=_("Or one from your catalog")))
    # Wrapping: "Abbrechen" and "Diese Auszeichnung verwenden" side by side are wider than a phone.
    controls.append(ft.Row(alignment=ft.MainAxisAlignment.END, wrap=True, spacing=8, run_spacing=8, controls=[
        labelled("ftf-acc-cancel", ft.TextButton(_("Cancel"), key="ftf-acc-cancel",
                                                 on_click=bind(set_editing, None))),
        labelled("ftf-acc-use", ft.FilledButton(_("Use this Accolade"), key="ftf-acc-use", on_click=use))]))
    return panel(controls, key="ftf-head", padding=12, spacing=8, tone="raised")


def _seats(state: State, seat: int, choose) -> ft.Control:
    chips = []
    for i, player in enumerate(state.players):
        count = len(player.tucked) + len(player.guides)
        # Said in words: "Ala · A (0)" left a screen reader's listener to guess what the figure counts.
        chips.append(choice_chip(
            f"ftf-seat-{i}", f"{player.name} · {player.hiker} ({count})", i == seat, bind(choose, i),
            icon=ft.Icons.SMART_TOY_ROUNDED if player.gerry else ft.Icons.PERSON_ROUNDED,
            said=ngettext("{name}, Hiker {letter}, {n} card entered", "{name}, Hiker {letter}, {n} cards entered",
                          count).format(name=player.name, letter=player.hiker, n=count)))
    return chip_row(chips, label=_("Whose tableau"))


# --- one tableau ----------------------------------------------------------------------------------------------

def _tableau(state: State, seat: int, set_form, remove, name: FieldText, note: FieldText, *,
             editing: bool) -> list[ft.Control]:
    """The chosen player's tableau by side, each Climb with what it scores now, and the Guides apart."""
    player = state.players[seat]
    points = _points_by_card(state, seat)
    out: list[ft.Control] = [section_title(_("{name}'s tableau · Hiker {letter}").format(
        name=player.name, letter=player.hiker), key="ftf-title")]

    def open_form(new: TuckForm, card_name: str = "", note_text: str = "") -> None:
        name.set(card_name)
        note.set(note_text)
        set_form(new)

    if player.gerry:
        out.append(ft.Text(_("{gerry} tucks by Class: I Training, II Plans, III and IV Capstones. Add each Climb "
                             "he took; its side follows its Class.").format(gerry=solo.gerry_name()), size=12,
                           color=ft.Colors.ON_SURFACE_VARIANT))
        out.append(ft.Row([labelled("ftf-add-gerry", ft.FilledTonalButton(
            _("Add a Climb {name} took").format(name=solo.gerry_name()), key="ftf-add-gerry",
            icon=ft.Icons.ADD_ROUNDED,
            disabled=editing, on_click=bind(open_form, TuckForm(seat=seat, side=Side.TRAINING.value))))]))
    for side in final.tuckable_sides(player.hiker):
        entries = [(i, t) for i, t in enumerate(player.tucked) if t.side is side]
        rows: list[ft.Control] = [ft.Row(vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Icon(SIDE_ICONS[side], size=18, color=SIDE_COLOURS[side]),
            ft.Text(f"{side_label(side)} · {len(entries)}", size=14, weight=ft.FontWeight.W_600, expand=True,
                    color=SIDE_COLOURS[side]),
            # Said with whose side it adds to: every side's button was a bare "Add".
            *([] if player.gerry else [labelled(f"ftf-add-{side.value}", ft.TextButton(
                _("Add"), key=f"ftf-add-{side.value}", icon=ft.Icons.ADD_ROUNDED, disabled=editing,
                on_click=bind(open_form, TuckForm(seat=seat, side=side.value))),
                label=_("Add to {name}'s {side}").format(name=player.name, side=side_label(side)), button=True)])])]
        for i, entry in entries:
            rows.append(_entry_row(state, seat, side.value, i, entry.card, entry, points.get(name_key(entry.card.name)),
                                   open_form, remove, editing))
        out.append(ft.Container(
            key=f"ftf-side-{side.value}", padding=10, border_radius=ft.BorderRadius.all(14),
            border=ft.Border.all(1, ft.Colors.with_opacity(0.5, SIDE_COLOURS[side])),
            content=ft.Column(rows, spacing=6, tight=True)))
    if not player.gerry:
        photos = sum(1 for card in player.guides if Icon.PHOTO in card.icons)
        rows = [ft.Row(vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Icon(ft.Icons.SUPPORT_ROUNDED, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
            # The count kept with its last word: "Angeheuerte Bergführer · 0" left the 0 alone on a line.
            ft.Text(_("Guides hired · {n}").format(n=len(player.guides)).replace(" · ", "\u00a0·\u00a0"), size=14,
                    weight=ft.FontWeight.W_600, expand=True),
            labelled("ftf-add-guide", ft.TextButton(
                _("Add"), key="ftf-add-guide", icon=ft.Icons.ADD_ROUNDED, disabled=editing,
                on_click=bind(open_form, TuckForm(seat=seat, side=GUIDE))),
                label=_("Add a Guide to {name}").format(name=player.name), button=True)])]
        rows.append(ft.Text(_("Discarded to hire: they count for no Accolade; each with a Photo scores 1.")
                            + (" " + _("Photos now: {n}.").format(n=photos) if player.guides else ""), size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT))
        for i, card in enumerate(player.guides):
            rows.append(_entry_row(state, seat, GUIDE, i, card, None, None, open_form, remove, editing))
        out.append(ft.Container(key="ftf-side-guide", padding=10, border_radius=ft.BorderRadius.all(14),
                                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                                content=ft.Column(rows, spacing=6, tight=True)))
    return out


def _entry_row(state: State, seat: int, side: str, index: int, card: Card, entry: Tucked | None,
               points: int | None, open_form, remove, editing: bool) -> ft.Control:
    key = f"ftf-row-{seat}-{side}-{index}"
    # A name made up for a card entered without one is said in this screen's language ("Exploit 1 de Zoé",
    # entered in French, is "Zoé's Capstone 1" in English); the card keeps its name in the game.
    named = replace(card, name=shown_name(card.name, (p.name for p in state.players)))
    if entry is None:
        words = _("Guide")
    elif entry.counted is not None:
        words = points_words(entry.counted.text) + " · " + _("counted by hand")
    else:
        words = points_words(describe_ability(entry.ability)) if entry.ability else _("scores nothing at the end")
    trailing: list[ft.Control] = []
    if points is not None:
        trailing.append(ft.Text(f"{points}", key=f"{key}-points", size=15, weight=ft.FontWeight.W_700))
    # Beside the row, a button of its own: merged into the row, it was the row's only tap where the row has
    # none (a catalog card), so a screen reader's tap on the card took it off, and where the row opens its
    # form it could not be reached at all.
    take_off = labelled(f"{key}-remove", ft.IconButton(
        ft.Icons.CLOSE_ROUNDED, key=f"{key}-remove", tooltip=_("Take {name} off").format(name=named.name),
        disabled=editing,
        on_click=bind(remove, seat, side, index)))
    said = card_said(named, words)
    # A Capstone's words are its points already, and a Plan counted by hand says what was counted.
    counted_here = entry is not None and entry.counted is not None
    if points is not None and not counted_here and (
            scored := ngettext("{n} point", "{n} points", points).format(n=points)) != words:
        said.append(scored)
    from_catalog = state.setup.catalog.card(card.name) == card
    counted = (entry.counted.points, entry.counted.note) if entry is not None and entry.counted else None
    catalog_card = state.setup.catalog.card(card.name)
    # What the tableau holds (its side as entered here); a card of the catalog keeps the catalog's corner.
    shown = TuckForm.for_card(seat, side, card, index, counted=counted)
    if catalog_card is not None:
        shown = replace(shown, base=catalog_card, klass=catalog_card.klass,
                        icons=tuple(i.value for i in catalog_card.icons))
    change = None if editing or from_catalog else bind(
        open_form, shown,
        "" if is_auto_name(state, card.name) or catalog_card is not None else card.name,
        counted[1] if counted else "")
    row = labelled(key, ft.Container(                  # one node named by the card
        key=key, ink=change is not None, on_click=change, border_radius=ft.BorderRadius.all(10),
        padding=ft.Padding.only(left=10, right=2, top=4, bottom=4),
        content=ft.Semantics(exclude_semantics=True, content=card_line(named, trailing=trailing, subtitle=words,
                                                                        size=14))),
        label=", ".join(said), button=change is not None)
    return ft.Container(bgcolor=ft.Colors.SURFACE, border_radius=ft.BorderRadius.all(10), content=ft.Row(
        spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[ft.Container(expand=True, content=row), take_off]))


# --- adding a Climb -------------------------------------------------------------------------------------------

def _adding(state: State, form: TuckForm, set_form, put, close, search: FieldText, query: str, set_query,
            name: FieldText, note: FieldText, problem: str | None, *, refuse: Callable[[Message], None],
            on_typed=None, latest: Callable[[], TuckForm] | None = None) -> ft.Control:
    """Pick the Climb from the catalog (search as you type), or enter it now with what scoring needs; `refuse`
    says what the form still lacks where a refusal is said."""
    player = state.players[form.seat]
    who = player.name
    if form.index is not None:
        # i18n: the heading of the form changing one of the Guides on {name}'s tableau
        heading = (_("Change a Guide of {name}'s").format(name=who) if form.side == GUIDE else
                   # i18n: the heading of the form changing a Climb Gerry (the solo opponent, {name}) took
                   _("Change a Climb {name} took").format(name=who) if player.gerry else
                   _("Change {name}'s {side}").format(name=who, side=side_label(form.side)))
    elif form.side != GUIDE and not player.gerry:
        heading = _("Add to {name}'s {side}").format(name=who, side=side_label(form.side))
    elif form.side == GUIDE:
        heading = _("Add a Guide") if player.gerry else _("Add a Guide to {name}").format(name=who)
    else:
        heading = _("Add a Climb {name} took").format(name=who)
    controls: list[ft.Control] = [ft.Text(heading, key="ftf-form-title", size=17, weight=ft.FontWeight.W_600)]
    pickable = _pickable(state)
    if not form.spot and pickable:
        search_field, *listed = _picker(state, form, set_form, put, search, query, set_query, name, pickable)
        # A refusal of a picked card stands under the search, above the list: below eight cards it was out of view.
        controls.extend([search_field, *problem_text(problem, key="ftf-problem"), *listed])
        controls.append(ft.Row(alignment=ft.MainAxisAlignment.END, controls=[
            labelled("ftf-cancel", ft.TextButton(_("Cancel"), key="ftf-cancel", on_click=close))]))
        return panel(controls, key="ftf-form", tone="raised")
    controls.extend(_spot_fields(state, form, set_form, name, note, on_typed=on_typed, said_below=problem))
    controls.extend(problem_text(problem, key="ftf-problem"))

    def save() -> None:
        current = latest() if latest is not None else form
        text = name.text.strip() or (current.base.name if current.base else auto_name(state, current.seat,
                                                                                       current.side, current.index))
        missing = current.missing()
        if missing is not None:
            refuse(missing)
            return
        put(current.entry_doc(text, note.text), current.seat, current.side, current.index)

    # Back to the catalog forgets the card left: its Class and icons are not the next card's.
    back = ([labelled("ftf-back", ft.TextButton(_("Back to the catalog"), key="ftf-back",
                                                on_click=bind(set_form, TuckForm(seat=form.seat, side=form.side))))]
            if pickable and form.index is None else [])
    controls.append(ft.Row(alignment=ft.MainAxisAlignment.END, wrap=True, controls=[
        *back,
        labelled("ftf-cancel", ft.TextButton(_("Cancel"), key="ftf-cancel", on_click=close)),
        labelled("ftf-put", ft.FilledButton(_("Save") if form.index is not None else _("Add"), key="ftf-put",
                                            icon=ft.Icons.CHECK_ROUNDED, on_click=save))]))
    return panel(controls, key="ftf-form", tone="raised")


def _pickable(state: State) -> list[Card]:
    """Catalog cards not on the table yet, by name."""
    used = {name_key(c.name) for p in state.players for c in [t.card for t in p.tucked] + list(p.guides)}
    return sorted((c for c in state.setup.catalog.cards if name_key(c.name) not in used),
                  key=lambda c: c.name.casefold())


def _picker(state: State, form: TuckForm, set_form, put, search: FieldText, query: str, set_query,
            name: FieldText, pickable: list[Card]) -> list[ft.Control]:
    player = state.players[form.seat]
    words = name_key(query)
    found = [c for c in pickable if words in name_key(c.name)] if words else pickable
    controls: list[ft.Control] = [labelled("ftf-search", search.bind(ft.TextField(
        key="ftf-search", label=_("Search your catalog by name"), prefix_icon=ft.Icons.SEARCH_ROUNDED, max_length=60,
        counter="", autofocus=True, on_change=lambda: set_query(search.text))))]

    def pick(card: Card) -> None:
        side = solo.gerry_side(card.klass).value if player.gerry else form.side
        if side == GUIDE or card.ability(Side(side)) is not None:
            entry = {"card": card.name} if side == GUIDE else {"card": card.name, "side": side}
            put(entry, form.seat, side, form.index)
            return
        # The catalog has the card, not this side yet: ask only for what it scores.
        name.set("")
        set_form(replace(TuckForm.for_card(form.seat, side, card, form.index, from_catalog=True),
                         ability=None if side != Side.PLANS.value else AbilityForm(items=(PLAN_ITEM,))))

    for card in found[:SEARCH_SHOWN]:
        key = f"ftf-pick-{slug(card.name)}"
        side = solo.gerry_side(card.klass) if player.gerry else None
        if form.side == GUIDE:
            note = _("as a Guide")
        else:
            shown = side or Side(form.side)
            ability = card.ability(shown)
            note = (points_words(describe_ability(ability)) if ability is not None
                    else _("{side} side not described: you will say what it scores").format(side=side_label(shown)))
        controls.append(labelled(key, ft.Container(       # one button named by the card
            key=key, ink=True, border_radius=ft.BorderRadius.all(12), bgcolor=ft.Colors.SURFACE,
            padding=ft.Padding.symmetric(horizontal=12, vertical=10), on_click=bind(pick, card),
            content=ft.Semantics(exclude_semantics=True, content=card_line(card, subtitle=note, size=14))),
            label=", ".join(card_said(card, note)), button=True))
    if len(found) > SEARCH_SHOWN:
        more = len(found) - SEARCH_SHOWN
        controls.append(ft.Text(ngettext("{n} more: type more of the name.", "{n} more: type more of the name.",
                                         more).format(n=more), size=12,
                                color=ft.Colors.ON_SURFACE_VARIANT))
    if not found:
        controls.append(ft.Text(_("No card of your catalog by that name is left."), key="ftf-none", size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT))

    def spot() -> None:
        name.set(search.text.strip())
        set_form(replace(form, spot=True, ability=AbilityForm(items=(PLAN_ITEM,))
                         if form.side == Side.PLANS.value else None))

    controls.append(ft.Row([ft.Container(expand=True, content=labelled("ftf-spot", ft.OutlinedButton(
        _("A card not in the catalog"), key="ftf-spot", icon=ft.Icons.EDIT_NOTE_ROUNDED, on_click=spot)))]))
    return controls


def _spot_fields(state: State, form: TuckForm, set_form, name: FieldText, note: FieldText, *,
                 on_typed=None, said_below: str | None = None) -> list[ft.Control]:
    """The corner (unless a catalog card's) and what the shown side scores, with a live preview (unless it
    would say again the refusal `said_below` it).

    Each chip changes one field of the form as it is then (an updater, not a copy of the form drawn): two
    quick taps both count even when the second comes from a drawing older than the first one's effect."""
    player = state.players[form.seat]

    def field(**changes: Any) -> None:
        set_form(lambda current: replace(current, **changes) if current is not None else None)

    def setter(**changes: Any):
        return lambda: field(**changes)

    def icon_toggled(icon: str) -> None:
        set_form(lambda current: current.toggled_icon(icon) if current is not None else None)
    controls: list[ft.Control] = []
    if form.base is not None:
        controls.append(card_line(form.base, subtitle=_("From your catalog: say what this side scores."), size=14))
    else:
        controls.append(labelled("ftf-name", name.bind(ft.TextField(
            key="ftf-name", label=_("Name (optional)"), max_length=60, counter="",
            hint_text=shown_name(auto_name(state, form.seat, form.side, form.index), (p.name for p in state.players)),
            on_change=on_typed))))

        def set_class(k: int) -> None:
            def update(current: TuckForm | None) -> TuckForm | None:
                if current is None:
                    return None
                new = replace(current, klass=k)
                side = solo.gerry_side(k).value
                if player.gerry and side != current.side:
                    new = replace(new, side=side, points=0, counted=False,
                                  ability=AbilityForm(items=(PLAN_ITEM,)) if side == Side.PLANS.value else None)
                return new
            set_form(update)

        controls.append(chip_row([
            choice_chip(f"ftf-class-{k}", roman(k), form.klass == k, bind(set_class, k),
                        tooltip=_("Class {numeral}").format(numeral=roman(k)))
            for k in (1, 2, 3, 4)], label=_("Class (it decides the side)") if player.gerry else _("Class")))
        icon_words = {"hazard": _("Hazard"), "alt": _("Alt route"), "photo": _("Photo")}
        controls.append(chip_row([
            choice_chip(f"ftf-icon-{icon.value}", icon_words[icon.value], icon.value in form.icons,
                        bind(icon_toggled, icon.value), icon=ICON_GLYPHS[icon], toggle=True)
            for icon in Icon], label=_("Corner icons")))
    side = form.side
    if side == GUIDE:
        controls.append(ft.Text(_("A Guide scores 1 with a Photo; nothing else of it counts at the end."), size=12,
                                color=ft.Colors.ON_SURFACE_VARIANT))
        return controls
    if player.gerry and form.base is None and form.klass not in CLASSES:
        # His side follows the Class: none is shown (nor its fields) before the Class is chosen.
        controls.extend(_preview(state, form, name, said_below))
        return controls
    if player.gerry and form.base is None:
        controls.append(ft.Text(_("{gerry} tucks it as {side}.").format(gerry=solo.gerry_name(),
                                                                        side=side_label(side)), key="ftf-gerry-side",
                                size=13, weight=ft.FontWeight.W_500))
    if side == Side.CAPSTONE.value:
        # None chosen at first (a Capstone never scores 0); each chip said with its unit, not as a bare figure.
        controls.append(chip_row([
            choice_chip(f"ftf-cap-{n}", str(n), form.points == n, setter(points=n),
                        tooltip=ngettext("{n} point", "{n} points", n).format(n=n))
            for n in _QUICK_POINTS if n > 0], label=_("The Capstone's points")))
        if form.points not in _QUICK_POINTS:
            controls.append(stepper("ftf-cap", _("Points"), form.points, lambda n: field(points=n), high=99))
    elif side == Side.PLANS.value:
        controls.append(chip_row([
            choice_chip("ftf-plan-rule", _("Its rule"), not form.counted,
                        setter(counted=False)),
            choice_chip("ftf-plan-count", _("Counted by hand"), form.counted,
                        setter(counted=True), icon=ft.Icons.PAN_TOOL_ROUNDED)],
            label=_("What the Plan scores")))
        if form.counted:
            controls.append(ft.Text(_("For printed text the choices cannot say: enter the points the players "
                                      "counted; the result marks them as counted by hand."), size=12,
                                    color=ft.Colors.ON_SURFACE_VARIANT))
            controls.append(stepper("ftf-count", _("Points counted"), form.points,
                                    lambda n: field(points=n), low=-final.POINTS_MAX,
                                    high=final.POINTS_MAX))
            controls.append(chip_row([
                choice_chip(f"ftf-count-{n}", str(n), form.points == n, setter(points=n),
                            tooltip=ngettext("{n} point", "{n} points", n).format(n=n))
                for n in _QUICK_POINTS]))
            controls.append(labelled("ftf-note", note.bind(ft.TextField(
                key="ftf-note", label=_("Note (what was counted)"), max_length=final.NOTE_MAX,
                on_change=on_typed))))
        else:
            controls.append(ability_editor("ftf-ab", form.ability or AbilityForm(items=(PLAN_ITEM,)),
                                           part_of(set_form, _plan_ability, _with_ability)))
    else:
        controls.append(chip_row([
            choice_chip("ftf-scores-nothing", _("Scores nothing at the end"), form.ability is None,
                        setter(ability=None)),
            choice_chip("ftf-scores-points", _("It scores points"), form.ability is not None,
                        bind(set_form, _scoring_points))],
            label=_("The {side} side's ability").format(side=side_label(side))))
        if form.ability is not None:
            controls.append(ability_editor("ftf-ab", form.ability, part_of(set_form, _side_ability, _with_ability),
                                           side=side))
    controls.extend(_preview(state, form, name, said_below))
    return controls


# The ability editor's changes of the latest form (`editor.part_of`), dropped once the form was closed.

def _scoring_points(form: TuckForm | None) -> TuckForm | None:
    """"It scores points" tapped: the side's ability described from a blank one, unless it is already."""
    if form is None:
        return None
    return form if form.ability is not None else replace(form, ability=AbilityForm())


def _plan_ability(form: TuckForm | None) -> Any:
    if form is None:
        return GONE
    return form.ability if form.ability is not None else AbilityForm(items=(PLAN_ITEM,))


def _side_ability(form: TuckForm | None) -> Any:
    return GONE if form is None or form.ability is None else form.ability


def _with_ability(form: TuckForm, ability: AbilityForm) -> TuckForm:
    return replace(form, ability=ability)


def _preview(state: State, form: TuckForm, name: FieldText, said_below: str | None = None) -> list[ft.Control]:
    """What this Climb scores on this tableau as it stands (Plans count the whole tableau and the rivals), or
    what the form lacks; nothing when the refusal under it (`said_below`) says the same ("Choose the card's
    Class" stood twice, one over the other)."""
    player = state.players[form.seat]
    text = name.text.strip() or (form.base.name if form.base else auto_name(state, form.seat, form.side, form.index))
    missing = form.missing()
    try:
        if missing is not None:
            raise InvalidInput(missing)
        entry = final.read_tucked(form.entry_doc(text), "card", lambda raw, where: form.parse(text))
        points = final.card_points(state, form.seat, entry, form.index)
        words = (ngettext("On {name}'s tableau now: {n} point.", "On {name}'s tableau now: {n} points.",
                          points).format(name=player.name, n=points)
                 if points is not None else _("Say what this side scores."))
    except (InvalidInput, CompanionError) as exc:
        words = readable(exc)
    if words == said_below:
        return []
    return [ft.Container(
        padding=ft.Padding.symmetric(horizontal=12, vertical=8), border_radius=ft.BorderRadius.all(10),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        content=ft.Row(spacing=8, controls=[
            ft.Icon(ft.Icons.CALCULATE_ROUNDED, size=18, color=ft.Colors.PRIMARY),
            ft.Text(words, key="ftf-preview", size=13, expand=True)]))]


# --- the score ------------------------------------------------------------------------------------------------

def _points_by_card(state: State, seat: int) -> dict[str, int]:
    try:
        result = scoring.score(state)
    except CompanionError:
        return {}
    points: dict[str, int] = {}
    for line in result.players[seat].lines:
        points[name_key(line.source)] = points.get(name_key(line.source), 0) + line.points
    return points


def _live(state: State) -> list[ft.Control]:
    """The score as entered so far, part by part, and who would win."""
    try:
        result = scoring.score(state)
    except CompanionError as exc:
        return problem_text(sentence(exc), key="ftf-live-problem")
    you = state.players[0].name if state.setup.solo else None
    shown: list[ft.Control] = [section_title(_("Score so far"), key="ftf-live-title"), score_table(result)]
    if not final.empty_tableaus(state):
        # Who wins only once every tableau is in: before, "Ann wins with 5" stood over "Still to enter: Bo".
        shown.append(ft.Text(tr(scoring.verdict(result, you)), key="ftf-verdict", size=14,
                             weight=ft.FontWeight.W_500))
    return shown


def _result(state: State, app, set_problem, problem: str | None, page, *, active: bool, finish,
            abandon_row, change=None) -> list[ft.Control]:
    """The final result: the winner and why, the parts, the Accolade, what scored; the cards to keep."""
    result = scoring.score(state)
    you = state.players[0].name if state.setup.solo else None
    out: list[ft.Control] = [
        winner_box(tr(scoring.verdict(result, you)), trophy=you is None or solo.won(result.winners, you)),
        score_table(result)]
    if result.accolade is not None:
        out.append(ft.Text(accolade_words(result.accolade), key="ft-accolade-result",
                           size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    out.append(section_title(_("What scored"), key="ft-lines-title"))
    out.append(panel(score_details(result), padding=12, spacing=10))
    out.extend(problem_text(problem, key="ft-problem"))
    if active:
        if change is not None:
            # Taken back from History to be corrected: the tableaus are entered again from the score.
            out.append(message_card(
                ft.Icons.EDIT_NOTE_ROUNDED, _("Taken back from History"),
                _("Change the tableaus, then score again: History gets the corrected result. Abandoning it leaves "
                  "History as it was."), key="ftf-reopened",
                actions=[labelled("ftf-change", ft.FilledTonalButton(
                    _("Change the tableaus"), key="ftf-change", icon=ft.Icons.EDIT_ROUNDED, on_click=change))]))
        # Scored, not yet in History: saving finishes it (again, when the save failed after scoring).
        out.append(labelled("ft-finish", ft.FilledButton(_("Save to History"), key="ft-finish",
                                                         icon=ft.Icons.FLAG_ROUNDED, on_click=finish)))
        out.append(abandon_row)
        return out
    offer = _save_offer(state, app)
    if offer is not None:
        out.append(offer)
    # First, as a game played turn by turn says it: the screen stands at its top once saved.
    out.insert(0, message_card(ft.Icons.CHECK_CIRCLE_ROUNDED, _("Saved in History"),
                               _("This game is scored and kept in History."), key="ft-saved",
                               actions=[labelled("go-home", ft.OutlinedButton(
                                   _("Back to home"), key="go-home", icon=ft.Icons.HOME_ROUNDED,
                                   on_click=lambda: page.navigate("/")))]))
    return out


def _save_offer(state: State, app) -> ft.Control | None:
    """One tap keeps the cards entered here in the catalog (those given a name), for the next game."""
    try:
        catalog = load_catalog(app.store)
    except CompanionError:
        return None
    pending = new_to(catalog, [card for card in cards_to_save(state) if not is_auto_name(state, card.name)])
    if not pending:
        return None
    new = any(catalog.card(card.name) is None for card in pending)
    caveat = (" " + _("Cards entered here have no Endurance or Technique yet (0): set them on the Cards tab "
                      "before a game played turn by turn.") if new else "")
    return save_offer(pending, catalog, where="here", caveat=caveat)
