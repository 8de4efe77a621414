"""Abandoning a game in progress: the button, the confirmation and the keeper call, shared by game screens."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.errors import CompanionError
from companion.i18n import _
from companion.ui.common.registry import forget_beside
from companion.ui.common.services import use_app
from companion.ui.common.widgets import confirm_dialog, labelled, said

__all__ = ["use_abandon", "abandon_game"]


def abandon_game(app, session_id: str) -> None:
    """Abandon a game in progress (the keeper's refusal is raised). A game never finished takes what was kept
    beside it along (`registry.forget_beside`); one taken back from History keeps it, as History keeps the
    game."""
    reopened = app.keeper.reopened(session_id)
    app.keeper.abandon(session_id)
    if not reopened:
        forget_beside(app.store, session_id)


def use_abandon(session_id: str, prefix: str, report: Callable[[str], None], *, enabled: bool = True,
                align: ft.MainAxisAlignment = ft.MainAxisAlignment.END) -> ft.Control:
    """A hook: the "Abandon game" button for a session, behind a confirmation; abandoning goes home.

    Keys: `<prefix>-abandon`, `<prefix>-abandon-cancel`, `<prefix>-abandon-confirm`. A refusal from the
    keeper is handed to `report` as a sentence, and the game stays as it was.
    """
    app = use_app()
    confirming, set_confirming = ft.use_state(False)

    def abandon() -> None:
        set_confirming(False)
        try:
            abandon_game(app, session_id)
        except CompanionError as exc:
            report(_("The game was not abandoned: {reason}").format(reason=said(exc)))
            return
        app.changed()
        ft.context.page.navigate("/")

    if confirming and enabled and app.keeper.reopened(session_id):
        # Taken back from History for a correction: abandoning drops the changes, not the game.
        dialog = confirm_dialog(f"{prefix}-abandon", _("Drop the changes?"),
                                _("The changes made since the game was taken back from History are dropped; "
                                  "History keeps the game as it was."), _("Drop the changes"),
                                abandon, lambda: set_confirming(False), cancel=_("Keep them"))
    elif confirming and enabled:
        dialog = confirm_dialog(f"{prefix}-abandon", _("Abandon this game?"),
                                _("The game in progress is deleted and will not appear in History."), _("Abandon"),
                                abandon, lambda: set_confirming(False), cancel=_("Keep it"))
    else:
        dialog = None
    ft.use_dialog(dialog)
    return ft.Row(alignment=align, controls=[labelled(f"{prefix}-abandon", ft.TextButton(
        _("Abandon game"), key=f"{prefix}-abandon", icon=ft.Icons.DELETE_OUTLINE_ROUNDED,
        on_click=lambda: set_confirming(True)))])
