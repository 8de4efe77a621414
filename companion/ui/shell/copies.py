"""Settings' list of the copies the store keeps in the data folder, each good one restorable.

Every save keeps the file's version before it (`<file>.bak`); an upgrade and a damaged file set aside keep
copies too (see `companion.store.folder`). The list is what `Store.backups` finds, newest first. A copy is
restored by the store from its own list (`Store.restore_backup`), never from a name a client sends: the
button holds the copy the player was shown, and the store refuses it when the file was written again since
then, so a save in another tab between the list and the tap cannot swap in a version nobody chose.
Restoring replaces the live file, which becomes the previous version in the list, so a restore can itself
be undone here.
"""

from __future__ import annotations

import flet as ft

from companion.errors import CompanionError
from companion.i18n import _, tr
from companion.store.folder import BackupInfo, BackupKind
from companion.ui.common.files import file_size
from companion.ui.common.services import use_app
from companion.ui.common.widgets import first_capital, format_when, labelled, said, surface, titled

__all__ = ["KeptCopiesPanel", "copy_line"]

_DIALOG_WIDTH = 400     # the restore dialog's widest (a phone's is narrower and takes what it has)


def copy_line(copy: BackupInfo) -> str:
    """What kind of copy it is, when its content was saved, and its size, in the language in force."""
    when = format_when(copy.modified)
    size = file_size(copy.size)
    if copy.kind is BackupKind.PREVIOUS:
        # i18n: a file's version before its last save; {when} is a date and time, {size} e.g. "12 KB"
        return _("Previous version, saved {when} ({size})").format(when=when, size=size)
    if copy.kind is BackupKind.KEPT:
        # i18n: a copy kept before an upgrade, or when a damaged file was set aside
        return _("Copy kept {when} ({size})").format(when=when, size=size)
    # i18n: a file that could not be read, moved aside and kept
    return _("Unreadable, set aside {when} ({size}): kept so that nothing is thrown away").format(
        when=when, size=size)


@ft.component
def KeptCopiesPanel() -> ft.Control:
    """The kept copies, newest first, with a confirmed Restore for each one that can be read."""
    app = use_app()
    store = app.store
    chosen, set_chosen = ft.use_state(None)      # the BackupInfo waiting for the player's confirmation
    outcome, set_outcome = ft.use_state(None)    # (good, message)
    copies = store.backups()

    def restore() -> None:
        copy = chosen
        set_chosen(None)
        if copy is None:
            return
        try:
            store.restore_backup(copy.path, listed=copy.modified)
        except CompanionError as exc:
            set_outcome((False, _("Nothing was restored: {reason}.").format(reason=said(exc).rstrip("."))))
            return
        # The file's words stand inside the sentence (a plural among them: "the games finished in May"), and
        # keep their small letter; the sentence's first letter is made a capital.
        set_outcome((True, first_capital(_("Restored: {what}, as it was saved {when}. The version it replaced is "
                                           "now its previous version in this list.").format(
            what=tr(copy.holds), when=format_when(copy.modified)))))
        app.changed()

    # The two buttons are stacked, full width: side by side, their words do not fit a phone in every language.
    ft.use_dialog(
        ft.AlertDialog(
            modal=False,  # Escape (or a tap beside it) cancels, as its Cancel button does
            **titled(_("Restore this copy?")),
            # A dialog's width, not a desktop window's: its stretched buttons would run across the whole screen.
            content=ft.Container(width=_DIALOG_WIDTH, key="settings-copy-restore-box", content=ft.Column(
                tight=True, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, controls=[
                    ft.Text(first_capital(_("This replaces {what} with the copy saved {when}: whatever was saved "
                                            "there since is replaced too. The version replaced stays in this list, so "
                                            "this can be undone.").format(what=tr(chosen.holds),
                                                                     when=format_when(chosen.modified))),
                            key="settings-copy-restore-text"),
                    labelled("settings-copy-restore-confirm", ft.FilledButton(
                        _("Restore"), key="settings-copy-restore-confirm", on_click=restore)),
                    labelled("settings-copy-restore-cancel", ft.TextButton(
                        _("Cancel"), key="settings-copy-restore-cancel", on_click=lambda: set_chosen(None))),
                ])),
            on_dismiss=lambda: set_chosen(None),
        )
        if chosen is not None
        else None
    )

    controls: list[ft.Control] = [
        ft.Text(_("Each save keeps the file's version before it; copies are also kept before an upgrade of the "
                  "saved data and when a damaged file is set aside. Restoring one puts it back in place."),
                size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    if not copies:
        controls.append(ft.Text(_("No copies yet: a file's previous version is kept from its second save on."),
                                key="settings-copies-none", size=13))
    for n, copy in enumerate(copies):
        controls.append(_copy_row(n, copy, lambda c=copy: (set_outcome(None), set_chosen(c))))
    if outcome is not None:
        good, message = outcome
        controls.append(ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
            ft.Icon(ft.Icons.CHECK_CIRCLE_ROUNDED if good else ft.Icons.ERROR_OUTLINE_ROUNDED,
                    color="#2F855A" if good else ft.Colors.ERROR, size=18),
            ft.Text(message, key="settings-copies-result", size=13, expand=True,
                    color=None if good else ft.Colors.ERROR),
        ]))
    return surface(ft.Column(controls, spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))


def _copy_row(n: int, copy: BackupInfo, ask) -> ft.Control:
    """One copy: what it holds, its kind, time and size, and Restore when it can be read."""
    words = ft.Column(expand=True, spacing=2, tight=True, controls=[
        ft.Text(first_capital(copy.holds), weight=ft.FontWeight.W_600),
        ft.Text(copy_line(copy), size=13,
                color=ft.Colors.ERROR if not copy.restorable else ft.Colors.ON_SURFACE_VARIANT),
    ])
    row: list[ft.Control] = [words]
    if copy.restorable:
        # Said whole, so that one of several is told from the others when tabbed to ("Restore…" each).
        row.append(labelled(f"settings-copy-{n}-restore", ft.OutlinedButton(
            _("Restore…"), key=f"settings-copy-{n}-restore", on_click=lambda: ask()),
            # i18n: said by a screen reader for a kept copy's Restore button; {what} is what the file holds, as
            # "the list of games in progress" (the object of the verb: Polish wants it in the accusative)
            label=first_capital(_("Restore {what}…").format(what=tr(copy.holds)))))
    return ft.Row(row, key=f"settings-copy-{n}", spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
