"""Settings → Language: the device's language or one chosen here, applied at once to every screen."""

from __future__ import annotations

import flet as ft

from companion import i18n
from companion.errors import CompanionError
from companion.i18n import _
from companion.ui.common.services import use_app
from companion.ui.common.widgets import labelled, surface

__all__ = ["LanguagePanel", "own_choice_note"]


def own_choice_note(key: str) -> ft.Control:
    """Under a choice a phone on the Wi-Fi makes for itself (its language, its theme): that it is its own."""
    # i18n: under the language and theme choices on a phone that joined the computer's companion on the Wi-Fi
    return ft.Text(_("A choice made here is for this phone only: the computer and the other phones keep theirs."),
                   key=key, size=13, color=ft.Colors.ON_SURFACE_VARIANT)


# What a phone on the Wi-Fi chooses to follow the computer's language again (`OwnChoices`: None).
COMPUTER = "computer"


@ft.component
def LanguagePanel() -> ft.Control:
    """One button per language (named in that language) and "As the device"; the choice is saved and the
    whole app redraws in it, keeping everything in progress (games are in the store, not in the screen). On a
    phone on the Wi-Fi the choice is the phone's own, and "As the computer" follows the household's again."""
    app = use_app()
    phone = app.own is not None
    # The choice in force here: on a phone, its own (COMPUTER when it has none); elsewhere the saved setting.
    setting = (app.own.language or COMPUTER) if phone else app.shell.language_setting()
    problem, set_problem = ft.use_state(None)

    def choose(code: str) -> None:
        if code == setting:
            return
        if phone:        # its own choice, not the household's
            app.own.choose("language", None if code == COMPUTER else code)
            return
        try:
            app.store.settings.set("language", code)
        except CompanionError as exc:
            set_problem(_("The language was not saved: {reason}").format(reason=i18n.tr(str(exc))))
            return
        set_problem(None)
        app.changed()

    def button(code: str, label: str) -> ft.Control:
        chosen = code == setting
        key = f"settings-language-{code}"
        make = ft.FilledButton if chosen else ft.OutlinedButton
        return labelled(key, make(
            label, key=key, icon=ft.Icons.CHECK_ROUNDED if chosen else None,
            on_click=lambda _e, c=code: choose(c),
        ), merge=True, selected=chosen)

    in_use = i18n.language_name(app.language)
    household = app.shell.language_setting()
    # The language a device's own setting gives, named where it is the one in force: here, or on a phone following
    # a household that follows each device (the computer's then names none: it is the phone's own).
    device_words = _("As the device ({language})").format(language=in_use) \
        if setting == i18n.SYSTEM or (setting == COMPUTER and household == i18n.SYSTEM) else _("As the device")
    # The household's language, named when it is one.
    # i18n: on a phone on the Wi-Fi: the language the computer's companion is set to
    computer_words = _("As the computer ({language})").format(language=i18n.language_name(household)) \
        if household != i18n.SYSTEM else _("As the computer")
    return surface(ft.Column(spacing=12, tight=True, controls=[
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            *([button(COMPUTER, computer_words)] if phone else []),
            button(i18n.SYSTEM, device_words),
            *(button(code, name) for code, name in i18n.LANGUAGES.items()),
        ]),
        ft.Text(_("Games keep their progress when the language changes. Game terms are the ones printed "
                  "in that language's edition where one exists."),
                size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        *([own_choice_note("settings-language-own")] if phone else []),
        *([ft.Text(problem, key="settings-language-problem", color=ft.Colors.ERROR)] if problem else []),
    ]))
