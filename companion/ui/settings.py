"""The Settings screen: light or dark theme, and where the saved data lives."""

from __future__ import annotations

import flet as ft

from companion import __version__
from companion.errors import CompanionError
from companion.ui.services import ThemeChoice, use_app
from companion.ui.widgets import labelled, screen_view, section_title

__all__ = ["SettingsScreen"]

_THEME_LABELS = {
    ThemeChoice.SYSTEM: ("System", ft.Icons.BRIGHTNESS_AUTO_ROUNDED),
    ThemeChoice.LIGHT: ("Light", ft.Icons.LIGHT_MODE_ROUNDED),
    ThemeChoice.DARK: ("Dark", ft.Icons.DARK_MODE_ROUNDED),
}


@ft.component
def SettingsScreen() -> ft.View:
    """Route `/settings`: the theme applies at once and is remembered; the data folder is shown."""
    app = use_app()
    theme = app.shell.theme()
    problem, set_problem = ft.use_state(None)

    def choose_theme(e: ft.Event) -> None:
        selected = e.data if isinstance(e.data, list) and e.data else e.control.selected
        choice = ThemeChoice.from_setting(selected[0] if selected else None)
        if choice == app.shell.theme():
            return
        try:
            app.store.settings.set("theme", choice.value)
        except CompanionError as exc:
            set_problem(f"The theme was not saved: {exc}")
            return
        set_problem(None)
        app.changed()

    folder = app.store.data_dir
    body: list[ft.Control] = [
        section_title("Appearance"),
        _panel(
            ft.Column(
                spacing=12,
                tight=True,
                controls=[
                    ft.Text("Theme", weight=ft.FontWeight.W_600),
                    labelled(
                        "settings-theme",
                        ft.SegmentedButton(
                            key="settings-theme",
                            selected=[theme.value],
                            show_selected_icon=False,
                            segments=[
                                ft.Segment(value=choice.value, label=ft.Text(label), icon=ft.Icon(icon))
                                for choice, (label, icon) in _THEME_LABELS.items()
                            ],
                            on_change=choose_theme,
                        ),
                    ),
                    ft.Text(
                        "System follows your device's light or dark setting.",
                        size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                    ),
                    *([ft.Text(problem, key="settings-problem", color=ft.Colors.ERROR)] if problem else []),
                ],
            )
        ),
        section_title("Your data"),
        _panel(
            ft.Row(
                spacing=12,
                vertical_alignment=ft.CrossAxisAlignment.START,
                controls=[
                    ft.Icon(ft.Icons.FOLDER_OUTLINED, color=ft.Colors.ON_SURFACE_VARIANT),
                    ft.Column(
                        expand=True,
                        spacing=4,
                        tight=True,
                        controls=[
                            ft.Text("Saved in", weight=ft.FontWeight.W_600),
                            ft.Text(
                                str(folder) if folder else "Memory only: nothing is written to disk.",
                                key="settings-data-dir",
                                selectable=True,
                                size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            ),
                        ],
                    ),
                ],
            )
        ),
        section_title("About"),
        _panel(
            ft.Text(f"Climbing Companion {__version__}", key="settings-version",
                    color=ft.Colors.ON_SURFACE_VARIANT)
        ),
    ]
    return screen_view("Settings", body)


def _panel(content: ft.Control) -> ft.Control:
    return ft.Container(
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=16,
        content=content,
    )
