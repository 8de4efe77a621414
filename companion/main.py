"""The app as a built package starts it: `flet build apk|ipa|web|...` runs this module (see pyproject.toml).

A built app runs it as the top-level module `main` of its app folder (Flet's start-up script calls
`runpy.run_module("main", run_name="__main__")`), with the companion package, game data included,
installed beside it like any dependency; `flet run` in a checkout runs the same file as a script. So
everything here is imported absolutely from `companion`, and importing the module starts nothing.

The saved data lives in the folder the built app names in $FLET_APP_STORAGE_DATA: the app's private
storage, kept across updates (`companion.paths.default_data_dir`). Nothing is served to other devices:
Flet connects the app's own screen to this process, in-process on a phone. In a browser (`flet build
web`: Python inside the page) there is no such folder, so the browser start-up takes over
(`companion.browser.app`: the data kept in the browser's IndexedDB).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

import flet as ft

__all__ = ["run", "open_app_store", "print_notices", "failure_page", "owns_its_files", "NATIVE_DESKTOPS"]

# $FLET_PLATFORM, set by a built app's host for the Python it embeds, on desktop systems.
NATIVE_DESKTOPS = frozenset({"windows", "macos", "linux"})


def run() -> None:
    """Open the saved data and show the app until the system closes it."""
    if sys.platform == "emscripten":
        from companion.browser.app import run as run_in_browser  # noqa: PLC0415

        run_in_browser()
        return
    from companion.errors import CompanionError  # noqa: PLC0415 - imported when the app starts, not before
    from companion.ui.shell.app import build_main  # noqa: PLC0415

    try:
        store = open_app_store()
    except CompanionError as exc:
        print(f"companion: error: {exc}", file=sys.stderr)
        ft.run(failure_page(f"The saved data cannot be opened: {exc}"))
        return
    try:
        desktop = owns_its_files()
        ft.run(build_main(store, desktop=desktop, device=None if desktop else "phone"))
    finally:
        store.close()


def open_app_store():
    """The store in the app's data folder, its start-up notices printed as the command line prints them
    (a built app's console log keeps them; the home screen shows them too)."""
    from companion.paths import default_data_dir  # noqa: PLC0415
    from companion.store import open_store  # noqa: PLC0415

    return print_notices(open_store(default_data_dir()))


def print_notices(store):
    """Print the store's start-up notices as the command line does (a built app's console keeps them; the
    home screen shows them too); returns the store."""
    from companion.cli import print_notices as print_as_the_command_line  # noqa: PLC0415

    return print_as_the_command_line(store)


def owns_its_files() -> bool:
    """True for a built desktop app: its file dialogs give paths on this computer that Python reads and writes.

    On a phone the system's pickers hand files over as bytes: the save dialog writes the bytes it is given
    itself (Android's document provider, iOS's document picker), and the path it answers with may not be
    writable afterwards by the app; the open dialog sends the chosen file's bytes. That is the mode the
    screens use for a browser, so phones get it too.
    """
    return os.environ.get("FLET_PLATFORM", "").strip().lower() in NATIVE_DESKTOPS


def failure_page(message: str) -> Callable[[ft.Page], None]:
    """A page saying why the app cannot start, instead of a bare traceback on Flet's error screen."""

    def main(page: ft.Page) -> None:
        page.title = "Climbing Companion"
        page.add(ft.SafeArea(ft.Container(ft.Text(message, key="start-failure", selectable=True), padding=24)))

    return main


if __name__ == "__main__":
    run()
