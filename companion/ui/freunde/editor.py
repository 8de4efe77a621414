"""Correcting the unverified winter board before a game: its spaces' numbers and its links, checked as you go.

The winter side was read by eye from a board image, so the players may find a number or a link that differs
from the board in front of them. Here they tap a space to change its altitude zone, victory points, entry
cost or acclimatization modifier, or switch to links and tap two spaces to add or remove the link between
them. Every change goes through the same check as a board file (`data.board_from_doc`): a change that would
leave the board unplayable (a space cut off, the summit not the highest) is refused with the reason. The
corrected board travels in the game's setup, so the game, its replay and its history all use it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.games.freunde.data import ZONES, Board, board_from_doc, load_data
from companion.i18n import Message, _, ngettext, tr
from companion.ui.common.services import Refused, update_unless_refused, use_back_cancels, use_latest_state
from companion.ui.common.widgets import bind, first_capital, labelled, screen_view, section_title
from companion.ui.freunde.board import BoardMarks, draw_board, space_name, space_title
from companion.ui.freunde.parts import chip, signed, stepper, zone_label

__all__ = ["BoardEditor", "board_changes"]

_ORIGIN = "the corrected board"


def board_changes(original: Board, doc: dict[str, Any]) -> int:
    """How many spaces and links differ from the board as shipped (for the setup to say so)."""
    before = original.to_doc()
    spaces = sum(1 for sid, space in doc["spaces"].items() if before["spaces"].get(sid) != space)
    links_before = {frozenset(e) for e in before["edges"]}
    links_after = {frozenset(e) for e in doc["edges"]}
    return spaces + len(links_before ^ links_after)


@ft.component
def BoardEditor(board_doc: dict[str, Any], original: Board, on_save: Callable[[dict[str, Any]], None],
                on_cancel: Callable[[], None]) -> ft.View:
    """The winter board drawn with its numbers: tap a space to edit it, or two spaces to toggle a link."""
    # The latest board and space, for taps made faster than the screen is redrawn: each change is made to the
    # board as the taps before it left it, not as it was drawn (VP then cost on one space kept only the cost).
    doc, set_doc, latest = use_latest_state(lambda: copy.deepcopy(board_doc))
    mode, set_mode, latest_mode = use_latest_state("spaces")
    selected, set_selected, latest_selected = use_latest_state(None)
    message, set_message = ft.use_state(None)
    problem, set_problem = ft.use_state(None)
    stacking = load_data().stacking
    board = board_from_doc(doc, _ORIGIN, stacking)
    use_back_cancels(on_cancel)

    def apply(change: Callable[[dict[str, Any]], None]) -> bool:
        """Make `change` to a copy of the latest board, unless the board check refuses the result."""
        def changed(current: dict[str, Any]) -> dict[str, Any] | Refused:
            new_doc = copy.deepcopy(current)
            change(new_doc)
            try:
                board_from_doc(new_doc, _ORIGIN, stacking)
            except CompanionError as exc:
                return Refused(_problem(exc))
            return new_doc

        refused = update_unless_refused(set_doc, changed)
        set_problem(refused)
        return refused is None

    def change_space(field: str, value: int) -> None:
        space = selected           # the space whose sheet was tapped

        def set_field(new_doc: dict[str, Any]) -> None:
            new_doc["spaces"][space][field] = value

        if apply(set_field):
            set_message(None)

    def tap(space: str) -> None:
        set_problem(None)
        # The latest mode and space chosen: a space tapped right after Links (or after the first space) was
        # taken for the mode, or the choice, drawn before it.
        first, linking = latest_selected.current, latest_mode.current == "links"
        if not linking or first is None or first == space:
            set_selected(None if first == space else space)
            # The space by its name alone, in any language's case: "link with {space}" said "A_SUMMIT", and "the
            # summit" in it would take another case in French, German or Polish.
            set_message(None if not linking or first == space else _(
                "Space chosen: {space}. Now tap the space to link with it, or the same space again to let "
                "go.").format(space=space_name(original, space)))
            return
        pair = {first, space}
        said: list[str] = []

        def toggle_link(new_doc: dict[str, Any]) -> None:
            kept = [e for e in new_doc["edges"] if set(e) != pair]
            if len(kept) == len(new_doc["edges"]):
                new_doc["edges"].append([first, space])
                said.append(_("Linked {first} and {second}.").format(first=space_name(original, first),
                                                                     second=space_name(original, space)))
            else:
                new_doc["edges"] = kept
                said.append(_("Removed the link between {first} and {second}.").format(
                    first=space_name(original, first), second=space_name(original, space)))

        if apply(toggle_link):
            set_selected(None)
            set_message(said[-1])

    def switch(to: str) -> None:
        set_mode(to)
        set_selected(None)
        set_message(_("Tap the first space of the link.") if to == "links" else None)
        set_problem(None)

    def reset() -> None:
        set_doc(original.to_doc())
        set_selected(None)
        set_problem(None)
        set_message(_("Back to the board as it was read."))

    # The space's numbers open in a sheet at the bottom, under the thumb that tapped the space.
    ft.use_dialog(ft.BottomSheet(
        show_drag_handle=True,
        on_dismiss=lambda: set_selected(None),
        content=ft.Container(padding=ft.Padding.only(left=16, right=16, bottom=20),
                             content=_space_panel(doc, original, selected, stacking.labels, change_space,
                                                  problem)),
    ) if mode == "spaces" and selected is not None else None)

    changes = board_changes(original, doc)
    body: list[ft.Control] = [
        ft.Text(_("Compare the drawing with your board. Tap a space to change its numbers, or switch to Links and "
                  "tap two spaces to add or remove the link between them. The drawing is schematic: positions are "
                  "worked out from the links."), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row(spacing=8, controls=[
            # i18n: the editor's mode: change the spaces' numbers
            chip("fr-edit-mode-spaces", _("Spaces"), mode == "spaces", bind(switch, "spaces"),
                 icon=ft.Icons.TUNE_ROUNDED, expand=True),
            # i18n: the editor's mode: add or remove the links between spaces
            chip("fr-edit-mode-links", _("Links"), mode == "links", bind(switch, "links"),
                 icon=ft.Icons.LINK_ROUNDED, expand=True),
        ]),
    ]
    if message:
        body.append(ft.Text(message, key="fr-edit-message", size=13, color=ft.Colors.PRIMARY))
    if problem:
        body.append(ft.Text(problem, key="fr-edit-problem", size=13, color=ft.Colors.ERROR))
    body.append(draw_board(board, stacking.labels, marks=BoardMarks(tapped=selected), on_space=tap,
                           prefix="fr-edit"))
    body.append(ft.Text(ngettext("{n} change from the board as read.", "{n} changes from the board as read.",
                                 changes).format(n=changes) if changes else
                        _("No change from the board as read."), key="fr-edit-changes", size=13))
    body.append(ft.Row(alignment=ft.MainAxisAlignment.END, wrap=True, controls=[
        labelled("fr-edit-reset", ft.TextButton(_("Undo all changes"), key="fr-edit-reset",
                                                icon=ft.Icons.RESTART_ALT_ROUNDED, on_click=reset,
                                                disabled=changes == 0)),
        labelled("fr-edit-cancel", ft.TextButton(_("Cancel"), key="fr-edit-cancel", on_click=on_cancel)),
        labelled("fr-edit-save", ft.FilledButton(_("Use this board"), key="fr-edit-save", icon=ft.Icons.CHECK_ROUNDED,
                                                 on_click=lambda: on_save(latest.current))),
    ]))
    view = screen_view(_("Correct the winter board"), body)
    # The editor shares the new-game address: its arrow returns to the new game, not past it to home.
    view.appbar.automatically_imply_leading = False
    view.appbar.leading = labelled("fr-edit-back", ft.IconButton(ft.Icons.ARROW_BACK_ROUNDED, key="fr-edit-back",
                                                                 tooltip=_("Back to the new game"),
                                                                 on_click=on_cancel))

    async def back_pressed(e: ft.Event) -> None:
        on_cancel()
        await e.control.confirm_pop(False)

    # Android's back button must do what the arrow does. A client that honours can_pop asks first
    # (on_confirm_pop); a pop that reaches the page anyway is caught by `use_back_cancels`.
    view.can_pop = False
    view.on_confirm_pop = back_pressed
    return view


def _problem(exc: CompanionError) -> str:
    """Why a change was refused, without the board's name in front: "Summit: S20 must carry the most ..."."""
    reason = exc.args[0] if exc.args else None
    if isinstance(reason, Message) and reason.msgid == "{origin}: {problem}" and reason.args.get("origin") == _ORIGIN:
        return first_capital(tr(reason.args["problem"]))
    return first_capital(str(exc).removeprefix(f"{_ORIGIN}: "))


def _space_panel(doc: dict[str, Any], original: Board, space_id: str, labels, change: Callable[[str, int], None],
                 problem: str | None) -> ft.Control:
    space = doc["spaces"][space_id]
    return ft.Container(
        key="fr-edit-panel",
        content=ft.Column(spacing=6, tight=True, controls=[
            # Base camp and the summit by their names, any other space by its printed id.
            section_title(space_title(original, space_id) if space_id in (original.base_camp,
                                                                                         original.summit)
                          else _("Space {space}").format(space=space_id)),
            *([ft.Text(problem, key="fr-edit-sheet-problem", size=13, color=ft.Colors.ERROR)] if problem else []),
            ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
                chip(f"fr-edit-zone-{zone}", zone_label(labels, zone) if zone in labels else str(zone),
                     space["zone"] == zone,
                     bind(change, "zone", zone), height=40)
                for zone in ZONES
            ]),
            stepper("fr-edit-vp", _("Victory points"), space["vp"], 1, 10, lambda v: change("vp", v)),
            stepper("fr-edit-cost", _("Entry cost (gold)"), space["cost"], 1, 4, lambda v: change("cost", v)),
            stepper("fr-edit-accl", _("Acclimatization (blue/red)"), space["accl"], -3, 3,
                    lambda v: change("accl", v),
                    note=_("now {modifier} at each check").format(modifier=signed(space["accl"]))),
        ]),
    )
