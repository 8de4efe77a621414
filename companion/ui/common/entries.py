"""The entries of a game in progress, newest first, each in words; edit or delete any of them.

Every game in progress is its setup plus its entries (`companion.sessions`). Editing an old entry takes the
game back to just before it on a draft (`SessionKeeper.begin_correction`): the game's own screen, drawn
under this panel, shows the draft, and the player enters the entry again with the same controls that
entered it. The later entries are then replayed; the first one that no longer applies is shown with the
engine's reason and the choices fix it, add an entry missed before it (it is then tried again), drop it, or
drop it and everything after. Nothing changes in the
game until Confirm; Cancel leaves it exactly as it was; a confirmed correction is undone in one tap. The
words come from each engine's `describe_action` (`companion.entries`).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.entries import describe_entries
from companion.errors import CompanionError
from companion.i18n import _, ngettext, tr
from companion.ui.common.registry import game_closed, refusal_words
from companion.ui.common.services import use_app
from companion.ui.common.widgets import bind, labelled, labelled_value, sentence

__all__ = ["EntriesPanel", "correction_state", "end_hint", "entries_button", "entries_mark", "entry_words",
           "save_waits", "settled_mark", "use_entries_shown", "Mark", "SHOWN"]

SHOWN = 30              # entries listed at once, newest first; "Show more" adds as many again


Mark = tuple[int, ...]


def entries_mark(app: Any, session_id: str) -> Mark:
    """The game's entries as they stand, as a mark to compare: the entries of a correction under way (-1 when
    none is), the game's own, and a checksum of both. Something said or begun after some entries (a notice, a
    half-entered form) goes with that mark: a correction begun or confirmed, or entries changed from
    elsewhere, leaves it behind, even when as many entries stand as before (an entry undone and another
    made in its place, an old one corrected)."""
    try:
        correction = app.keeper.correction(session_id)
        actions = app.keeper.get(session_id).actions
    except CompanionError:
        return (-1, -1, 0)
    under_way = correction is not None and not correction.done
    return _mark(actions, correction.actions if under_way else None)


def settled_mark(actions: Sequence[dict[str, Any]]) -> Mark:
    """The mark `entries_mark` gives these entries with no correction under way: whether a mark was taken after
    some of the entries now standing (the hands before them unchanged)."""
    return _mark(actions, None)


def _mark(actions: Sequence[dict[str, Any]], drafted: Sequence[dict[str, Any]] | None) -> Mark:
    entries = [list(actions), list(drafted) if drafted is not None else None]
    text = json.dumps(entries, sort_keys=True, separators=(",", ":"), default=str)
    return (len(drafted) if drafted is not None else -1, len(actions), zlib.crc32(text.encode("utf-8")))


def correction_state(correction: Any) -> str | None:
    """A correction as a game's end speaks of it (`end_hint`): "ready" (saving confirms it), "waiting" (an entry
    or a decision is still asked for), or None (none under way)."""
    if correction is None or correction.done:
        return None
    return "ready" if correction.ready else "waiting"


def use_entries_shown(session_id: str) -> tuple[bool, Callable[[bool], None]]:
    """Whether a game screen shows its entries, and how to say so: hidden at first, but shown from the start
    for a finished game taken back from History (correcting an entry is what it is there for), and hidden
    by the entries button or a tab tapped in either case."""
    app = use_app()

    def first() -> bool:
        try:
            return bool(app.keeper.reopened(session_id))
        except CompanionError:
            return False

    return ft.use_state(first)


def entries_button(opened: bool, set_opened: Callable[[bool], None], correcting: bool = False) -> ft.Control:
    """The app bar button that shows or hides a game's entries (one tap from any game screen). While an old
    entry is being corrected the correction stands in the entries' place, and the button waits for it, as
    Undo and Redo do: it said "Hide the entries" over no entries, and a tap only changed its name."""
    # i18n: the name of the greyed-out entries button while an old entry is being corrected
    waiting = _("Entries wait: confirm or cancel the correction first")
    return labelled("ent-open", ft.IconButton(
        ft.Icons.HISTORY_ROUNDED, key="ent-open", selected=opened and not correcting, disabled=correcting,
        tooltip=waiting if correcting else _("Hide the entries") if opened else _("Entries: fix an old one"),
        on_click=bind(set_opened, not opened)))


def entry_words(app: Any, session_id: str, template: str, otherwise: str, *, redo: bool = False,
                correcting: bool = False) -> str:
    """Undo's (or with `redo`, Redo's) name with the entry it acts on, in the words of the game's entries
    (`template` has an {entry}: "Undo: Round 4, Ann: gained Longs Peak, ..."); `otherwise` where there is none
    or it cannot be said, and while an old entry is being corrected (the button then says why it waits)."""
    if correcting:
        return otherwise
    try:
        entry = app.keeper.entry_words(session_id, redo=redo)
    except CompanionError:
        entry = None
    return template.format(entry=tr(entry)) if entry else otherwise


@ft.component
def EntriesPanel(session_id: str, opened: bool = False, on_change: Callable[[], None] | None = None) -> ft.Control:
    """The game's entries when `opened` (see entries_button), and the correction under way whenever there is
    one; nothing at all otherwise, so a game's own layout keeps its room. `on_change` runs after each step
    taken here (begin, decide, confirm, cancel, undo), for what follows the saved game outside it."""
    app = use_app()
    shown, set_shown = ft.use_state(SHOWN)
    problem, set_problem = ft.use_state(None)
    described = ft.use_ref(None)        # ((setup, entries), their words): a tap elsewhere replays nothing
    try:
        session = app.keeper.get(session_id)
        correction = app.keeper.correction(session_id)
        engine = app.keeper.engine(session.game)
        reopened = app.keeper.reopened(session_id)
    except CompanionError:
        return ft.Container()

    def run(step: Callable[[], Any]) -> None:
        try:
            step()
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        set_problem(None)
        if on_change is not None:
            on_change()
        app.changed()

    def words(action: dict[str, Any]) -> str:
        """An entry in words from the correction's draft as it stands (the keeper's state of it)."""
        return tr(engine.describe_action(app.keeper.state(session_id), action))

    def listed(number: int) -> str:
        """Entry `number` (1 = the first) in the words of the list the player chose from: the game's entries
        before the correction. The draft's words for it may differ (the refused hand 8 was "Hand 7" there)."""
        # The setup the list was drawn on: the draft's is another only while the setup itself is corrected.
        setup = session.setup if correction.setup is None else app.keeper.saved(session_id).setup
        key = (setup, correction.original)             # the saved game: the list's own words, kept
        if described.current is None or described.current[0] != key:
            described.current = (key, describe_entries(engine, setup, list(correction.original)))
        return tr(described.current[1][number - 1])

    notes = [ft.Text(problem, key="ent-problem", size=13, color=ft.Colors.ERROR)] if problem else []
    if correction is not None and not correction.done:
        # Ready: what the corrected game changes of what was done at the table, where the game says (an
        # Expedition's envelope now opened by another player), before the players confirm it.
        changes = getattr(engine, "correction_changes", None)
        if correction.ready and changes is not None:
            try:
                notes = [ft.Text(tr(text), key=f"ent-change-{i}", size=13, weight=ft.FontWeight.W_600)
                         for i, text in enumerate(changes(app.keeper.saved_state(session_id),
                                                          app.keeper.state(session_id)))] + notes
            except CompanionError:
                pass            # a game that cannot be replayed says so itself
        return _under_way(session_id, app, correction, words, listed, run, notes, game=session.game,
                          ended=_ended(app, session))

    controls: list[ft.Control] = []
    if reopened:
        # Taken back from History: its entries are what there is to do here (shown at first: use_entries_shown).
        controls.append(ft.Text(_("Taken back from History to correct an entry. Finish the game again to save "
                                  "the corrected result there; abandoning it leaves History as it was."),
                                key="ent-reopened", size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if correction is not None and correction.done and session.actions == correction.actions:
        controls.append(ft.Row(vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE_ROUNDED, size=18, color=ft.Colors.PRIMARY),
            ft.Text(_("An old entry was corrected."), size=13, expand=True),
            labelled("ent-undo-correction", ft.TextButton(
                _("Undo the correction"), key="ent-undo-correction", icon=ft.Icons.UNDO_ROUNDED,
                on_click=lambda: run(lambda: app.keeper.undo_correction(session_id)))),
        ]))
    count = len(session.actions)
    if opened:
        controls.append(ft.Text(_("Entries ({count}), newest first").format(count=count), key="ent-title", size=15,
                                weight=ft.FontWeight.W_600))
    if opened and not count:
        controls.append(ft.Text(_("Nothing entered yet."), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    options = getattr(engine, "setup_options", None)
    if opened and count and options is not None:
        controls.extend(_setup_rows(options(session.setup), run, app, session_id))
    if opened and count:
        key = (session.setup, session.actions)
        if described.current is None or described.current[0] != key:
            described.current = (key, describe_entries(engine, session.setup, list(session.actions)))
        lines = described.current[1]
        controls.append(ft.Text(_("Tap an entry's pencil to enter it again as it should have been; the later "
                                  "entries are replayed on it."), size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        for index in range(count - 1, max(-1, count - 1 - shown), -1):
            controls.append(_entry_row(index, tr(lines[index]), run, app, session_id))
        if count > shown:
            controls.append(ft.Row([labelled("ent-more", ft.TextButton(
                _("Show {n} more").format(n=min(SHOWN, count - shown)), key="ent-more",
                on_click=bind(set_shown, shown + SHOWN)))]))
    controls.extend(notes)
    if not controls:
        return ft.Container(key="ent")
    return ft.Container(key="ent", padding=ft.Padding.only(bottom=6),
                        content=ft.Column(controls, spacing=4, tight=True))


def end_hint(correcting: str | None, otherwise: str) -> str:
    """What a finished game's screen says beside its Save to History button: `otherwise` ("Check the last hand;
    undo still works …"), or, while a correction is under way (`correcting`, "ready" or "waiting"), what saving
    does then: Undo waits for the correction (greyed), and so does saving until the correction is ready."""
    if correcting == "ready":
        return _("Check the game as corrected; saving it to History confirms the correction.")
    if correcting:
        return _("Check the game as corrected; undo and saving wait until the correction is confirmed or "
                 "cancelled.")
    return otherwise


def save_waits(correcting: str | None) -> str | None:
    """The reason a game's Save to History is greyed while a correction waits (a screen reader heard only
    "dimmed"), as Undo's says it; None when saving does not wait."""
    return _("Saving waits: confirm or cancel the correction first") if correcting == "waiting" else None


def _entry_row(index: int, text: str, run, app, session_id: str) -> ft.Control:
    return ft.Container(
        key=f"ent-row-{index}", padding=ft.Padding.only(left=10, right=2, top=2, bottom=2),
        border_radius=ft.BorderRadius.all(10), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        content=ft.Row(spacing=2, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Text(f"{index + 1}.", size=12, color=ft.Colors.ON_SURFACE_VARIANT, width=30),
            ft.Text(text, key=f"ent-text-{index}", size=13, expand=True),
            labelled(f"ent-edit-{index}", ft.IconButton(
                ft.Icons.EDIT_ROUNDED, key=f"ent-edit-{index}",
                tooltip=_("Edit entry {number}").format(number=index + 1),
                on_click=lambda: run(lambda: app.keeper.begin_correction(session_id, index)))),
            labelled(f"ent-delete-{index}", ft.IconButton(
                ft.Icons.DELETE_OUTLINE_ROUNDED, key=f"ent-delete-{index}",
                tooltip=_("Delete entry {number}").format(number=index + 1),
                on_click=lambda: run(lambda: app.keeper.begin_correction(session_id, index, delete=True)))),
        ]))


def _setup_rows(options: list[dict[str, Any]], run, app, session_id: str) -> list[ft.Control]:
    """The parts of the setup that can be corrected (the engine's `setup_options`): tap another choice to
    replay every entry on it."""
    rows: list[ft.Control] = [ft.Text(_("The setup"), size=14, weight=ft.FontWeight.W_600)]
    for i, option in enumerate(options):
        buttons: list[ft.Control] = []
        for j, choice in enumerate(option["choices"]):
            key = f"ent-setup-{i}-{j}"
            # Each said with what it sets ("Weather: Off"): a choice alone ("Off", "Advanced") said nothing of
            # which part of the setup it changes, nor that the one in force is another.
            said = labelled_value(tr(option["label"]), tr(choice["label"]))
            if choice["current"]:
                # The choice in force: a tick drawn as an icon (the app's offline font has no tick glyph).
                buttons.append(ft.Semantics(selected=True, label=said, exclude_semantics=True, content=ft.Container(
                    key=key, padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                    border_radius=ft.BorderRadius.all(16), bgcolor=ft.Colors.SECONDARY_CONTAINER,
                    content=ft.Row(spacing=4, tight=True, controls=[
                        ft.Icon(ft.Icons.CHECK_ROUNDED, size=16, color=ft.Colors.ON_SECONDARY_CONTAINER),
                        # A loose flex: a long choice (an Accolade's category) wraps within the row.
                        ft.Text(tr(choice["label"]), key=f"{key}-label", size=13, expand=True,
                                expand_loose=True)]))))
            else:
                buttons.append(labelled(key, ft.OutlinedButton(
                    tr(choice["label"]), key=key,
                    on_click=bind(run, bind(app.keeper.begin_setup_correction, session_id, choice["setup"]))),
                    label=said, button=True))
        # Drawn over its choices, not said: each choice says it ("Weather: Off"), and it was heard three times.
        rows.append(ft.Semantics(exclude_semantics=True, content=ft.Text(tr(option["label"]), size=12,
                                                                         color=ft.Colors.ON_SURFACE_VARIANT)))
        rows.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
    return rows


def _ended(app, session) -> bool:
    """Whether the correction's draft is a game played to its end that takes no more entries (`game_closed`:
    a finished 14ers game still takes cards described and corrected)."""
    closed = game_closed(session.game)
    try:
        return closed is not None and bool(closed(app.keeper.state(session.id)))
    except CompanionError:
        return False


def _under_way(session_id: str, app, correction, words, listed, run, notes: list[ft.Control], *,
               game: str, ended: bool = False) -> ft.Control:
    """What the correction waits for: the entry entered again, a decision on a refused one, or Confirm; a
    replay's refusal is said in the `game`'s words for the app (`registry.refusal_words`). The entry it waits
    on is said as the list said it (`listed`), under the number in its title; where the draft has moved it
    (a hand dropped before it), what it would be there (`words`) follows."""
    keeper = app.keeper
    cancel = labelled("ent-cancel", ft.TextButton(
        _("Cancel the correction"), key="ent-cancel",
        on_click=lambda: run(lambda: keeper.cancel_correction(session_id))))
    lines: list[ft.Control] = []
    buttons: list[ft.Control] = []
    if correction.waiting is not None:
        title = _("Correcting entry {number}").format(number=correction.number)
        lines.append(ft.Text(_("Enter it below as it should have been; the later entries follow it."), size=13))
        lines.append(ft.Text(_("It was: {entry}").format(entry=listed(correction.number)), key="ent-was", size=13,
                             italic=True))
        buttons = [cancel]
    elif correction.inserting and correction.rest:
        # i18n: a correction's title: a missed entry is being added before entry {number} of the list
        title = _("Adding an entry before entry {number}").format(number=correction.number)
        lines.append(ft.Text(_("Enter below the entry that was missed; entry {number} is tried again after it.").format(
            number=correction.number), size=13))
        lines.append(ft.Text(listed(correction.number), key="ent-next", size=13, italic=True))
        buttons = [cancel]
    elif correction.refused is not None:
        title = _("Entry {number} no longer applies").format(number=correction.number)
        if correction.setup is not None:
            lines.append(ft.Text(_("Every entry is replayed on the corrected setup."), size=13))
        was = listed(correction.number)
        lines.append(ft.Text(was, key="ent-refused", size=13, weight=ft.FontWeight.W_600))
        now = words(correction.refused_action)
        if now != was:
            # i18n: the refused entry as the corrected game would take it (another hand number, another dealer)
            lines.append(ft.Text(_("In the corrected game: {entry}").format(entry=now), key="ent-refused-now",
                                 size=13))
        reason = refusal_words(game, correction.refused)
        lines.append(ft.Text(_("Why: {reason}").format(reason=sentence(reason)), key="ent-reason",
                             size=13))
        # Two counts, each with its own plural (Polish "zostało 2" wants "zostały 2").
        # i18n: {kept} is "3 later entries kept so far", {rest} "2 still to replay" (entries)
        lines.append(ft.Text(_("{kept}; {rest}, this one included.").format(
            kept=ngettext("{n} later entry kept so far", "{n} later entries kept so far", correction.kept).format(
                n=correction.kept),
            # i18n: later entries not replayed yet; follows "3 later entries kept so far; "
            rest=ngettext("{n} still to replay", "{n} still to replay", len(correction.rest)).format(
                n=len(correction.rest))),
            key="ent-counts", size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        choices = [("fix", _("Fix it"), ft.Icons.EDIT_ROUNDED),
                   # i18n: a later entry no longer applies: enter a missed one before it first
                   ("insert", _("Add an entry before it"), ft.Icons.PLAYLIST_ADD_ROUNDED),
                   ("drop", _("Drop it"), ft.Icons.REMOVE_CIRCLE_OUTLINE_ROUNDED),
                   ("drop_rest", _("Drop it and everything after"), ft.Icons.CLEAR_ALL_ROUNDED)]
        if ended:
            # The corrected game is over before it: no entry can be made there, and "Fix it" left the game
            # waiting for one, its Save greyed, with Cancel (the whole correction) the only way out.
            lines.append(ft.Text(_("The corrected game ends before this entry: drop it, with the entries after it, "
                                   "or cancel the correction."), key="ent-ended", size=13))
            choices = choices[2:]
        for choice, label, icon in choices:
            buttons.append(labelled(f"ent-{choice}", ft.OutlinedButton(
                label, key=f"ent-{choice}", icon=icon,
                on_click=bind(run, bind(keeper.resolve_correction, session_id, choice)))))
        buttons.append(cancel)
    else:
        title = _("The corrected setup is ready") if correction.setup is not None else _("The correction is ready")
        if correction.later_dropped:
            # Two counts, each with its own plural ("0 entrée suivante gardée, 6 retirées"); an entry deleted is
            # not a later one dropped ("3 later entries kept, 1 dropped" after a delete named nothing dropped).
            # i18n: {kept} is "3 later entries kept", {dropped} "2 dropped" (entries)
            ready = _("{kept}, {dropped}. Check the game below, then confirm; nothing is saved before.").format(
                kept=ngettext("{n} later entry kept", "{n} later entries kept", correction.kept).format(
                    n=correction.kept),
                # i18n: entries taken out by a correction; follows "3 later entries kept, "
                dropped=ngettext("{n} dropped", "{n} dropped", correction.later_dropped).format(
                    n=correction.later_dropped))
        elif not correction.kept:
            # The newest entry corrected: "0 later entries kept" counted what never was.
            ready = _("Check the game below, then confirm; nothing is saved before.")
        else:
            ready = ngettext("{n} later entry kept. Check the game below, then confirm; nothing is saved before.",
                             "{n} later entries kept. Check the game below, then confirm; nothing is saved before.",
                             correction.kept).format(n=correction.kept)
        lines.append(ft.Text(ready, key="ent-ready", size=13))
        # Saving a finished game confirms the correction first (routing.finish_game): said, not found out; and
        # said so that it is true mid-game too (the banner does not know whether the game is over).
        lines.append(ft.Text(_("Once the game is over, saving it to History confirms the correction as well."),
                             key="ent-ready-save",
                             size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        buttons = [cancel, labelled("ent-confirm", ft.FilledButton(
            _("Confirm the correction"), key="ent-confirm", icon=ft.Icons.CHECK_ROUNDED,
            on_click=lambda: run(lambda: keeper.confirm_correction(session_id))))]
    return ft.Container(
        key="ent-banner", padding=12, border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        content=ft.Column(spacing=6, tight=True, controls=[
            ft.Row(spacing=8, controls=[ft.Icon(ft.Icons.EDIT_NOTE_ROUNDED, color=ft.Colors.ON_TERTIARY_CONTAINER),
                                        ft.Text(title, key="ent-title", size=16, weight=ft.FontWeight.W_600,
                                                color=ft.Colors.ON_TERTIARY_CONTAINER, expand=True)]),
            *lines, *notes,
            ft.Row(buttons, wrap=True, spacing=8, run_spacing=8, alignment=ft.MainAxisAlignment.END)]))
