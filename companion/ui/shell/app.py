"""The app shell: routes, theme, and the Flet `main(page)` for an open store.

    store = open_store(...)
    ft.run(build_main(store), view=ft.AppView.WEB_BROWSER, port=8550, no_cdn=True)

In web mode every browser tab gets its own `main(page)` call and component tree over the same store;
when one tab writes to the store it tells the others (Flet pubsub) so they redraw with the new data.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable

import flet as ft

from companion import i18n
from companion.ui.common.registry import discover_game_screens
from companion.ui.common.services import (STORE_TOPIC, AppContext, AppServices, OwnChoices, Shell, ThemeChoice,
                                         tab_language, tab_theme)
from companion.ui.common.widgets import SEED_COLOUR
from companion.ui.expedition.hall import HallOfFameScreen
from companion.ui.shell.history import HistoryScreen
from companion.ui.shell.home import APP_TITLE, HomeScreen
from companion.ui.shell.players import PlayersScreen
from companion.ui.shell.record import RecordScreen
from companion.ui.shell.routes import NewGameScreen, NotFound, PlayScreen, RecordGameScreen, SheetScreen
from companion.ui.shell.settings import SettingsScreen
from companion.ui.shell.statistics import PlayerStatsScreen, StatsScreen

__all__ = ["build_main", "App", "ROUTES"]

def _hall() -> ft.Route:
    return ft.Route(path="hall-of-fame", component=HallOfFameScreen)


def _player_stats(path: str) -> ft.Route:
    return ft.Route(path=path, component=PlayerStatsScreen)


# Home is the pathless root, so every other screen sits one level above it in the view stack: the app
# bar shows a back arrow, and Android's back button (page.on_view_pop, handled by the Router) returns
# home. Deep links such as /play/trek12/<id> open with home underneath.
ROUTES = [
    ft.Route(
        component=HomeScreen,
        children=[
            # A player's statistics opened from the roster sits on it: back returns to the roster, not home.
            ft.Route(path="players", component=PlayersScreen, children=[_player_stats("stats/:player")]),
            # A finished game opened from its record sits on the record: back returns there, not home.
            # So does a player's statistics opened from the record, and Statistics opened from History.
            ft.Route(path="history", component=HistoryScreen,
                     children=[ft.Route(path="stats", component=StatsScreen, children=[_player_stats(":player")]),
                               ft.Route(path=":record_id", component=RecordScreen,
                                        children=[ft.Route(path="game", component=RecordGameScreen,
                                                           children=[_hall()]),
                                                  ft.Route(path="stats/:player", component=PlayerStatsScreen)])]),
            ft.Route(path="stats", component=StatsScreen, children=[_player_stats(":player")]),
            ft.Route(path="settings", component=SettingsScreen),
            ft.Route(path="hall-of-fame", component=HallOfFameScreen),
            # The roster opened from a new game's screen (no players yet): back returns to that screen.
            # So is the Hall of Fame opened from an Expedition, new, under way or finished (hall_route).
            ft.Route(path="games/:game", component=NewGameScreen,
                     children=[ft.Route(path="players", component=PlayersScreen,
                                        children=[_player_stats("stats/:player")]), _hall()]),
            ft.Route(path="play/:game/:session_id", component=PlayScreen,
                     children=[ft.Route(path="sheet", component=SheetScreen), _hall()]),
        ],
    )
]


# Where a phone on the Wi-Fi keeps its own choices, in its browser's storage ("companion.own.language").
_OWN_PREFIX = "companion.own."


async def _own_choices_kept() -> dict:
    """The language and theme this tab's browser kept for it, those still valid; a browser can hold anything,
    and a value this version does not know (a language since removed) is left for the computer's setting."""
    found: dict = {}
    for name in ("language", "theme"):
        try:
            value = await ft.SharedPreferences().get(_OWN_PREFIX + name)
        except Exception:  # noqa: BLE001 - a browser that cannot say has kept nothing
            continue
        if name == "language" and value in (i18n.SYSTEM, *i18n.LANGUAGES):
            found[name] = value
        elif name == "theme" and value in tuple(choice.value for choice in ThemeChoice):
            found[name] = value
    return found


def build_main(store, *, desktop: bool = False, lan=None, device: str | None = None,
               storage_kept: bool | None = None, secure_page: bool | None = None,
               language_told: Callable[[str], None] | None = None) -> Callable[[ft.Page], None]:
    """The Flet `main(page)` for an open store; one call per browser tab or window, all sharing `store`.

    `desktop` is True only for a desktop window: then, and only then, screens may read or write files
    chosen on this computer. Served to browsers (the default) every file is a download or an upload.
    `lan` carries the join details when other devices on the network may connect. `device` says the data
    is kept on the device showing the app ("browser": Python in the page; "phone": a native package), and
    `storage_kept` whether that browser promised to keep it (see `Shell.storage_kept`), `secure_page` whether
    the page can keep it safely (see `Shell.secure_page`), and `language_told` hears the language chosen in
    Settings (see `Shell.language_told`).
    """
    from companion.sessions import SessionKeeper  # noqa: PLC0415 - keeps `import companion.ui` light

    shell = Shell(store=store, keeper=SessionKeeper(store), desktop=desktop, lan=lan, device=device,
                  storage_kept=storage_kept, secure_page=secure_page, language_told=language_told)
    discover_game_screens()

    def main(page: ft.Page) -> None:
        # In LAN mode the server has already noted whether this tab is on this computer (`LanAccess.note_tab`,
        # run before the tab's own page properties can reach the page).
        page.title = APP_TITLE
        page.theme = ft.Theme(color_scheme_seed=SEED_COLOUR)
        page.dark_theme = ft.Theme(color_scheme_seed=SEED_COLOUR)
        # Applied before the first frame so a dark-theme user never sees a light flash.
        page.theme_mode = shell.theme().mode
        page.render_views(App, shell)

    return main


@ft.component
def App(shell: Shell) -> list[ft.View]:
    """The root component: provides the services to every screen and renders the routed view stack."""
    page = ft.context.page
    revision, set_revision = ft.use_state(0)

    def changed() -> None:
        set_revision(lambda r: r + 1)
        page.pubsub.send_others_on_topic(STORE_TOPIC, "changed")

    def subscribe() -> None:
        async def redraw() -> None:
            set_revision(lambda r: r + 1)

        def on_store_changed(_topic: str, _message: object) -> None:
            # Delivered on a worker thread; run_task hops back onto this tab's loop with this tab's page
            # as the context, so the state change schedules this tab's update and nobody else's. It
            # sets that page as the calling thread's context, which would keep the page (and its whole
            # screen) alive in an idle pool thread after the tab closed: run it in a copy instead.
            # A tab whose connection dropped has no loop to run on, and never runs again: a browser that comes
            # back starts a new session (companion/server/web.py). Asked first, as `run_task` makes the coroutine
            # before it finds no loop, and leaves it never awaited.
            try:
                loop = page.session.connection.loop
            except (AttributeError, RuntimeError):
                return
            if loop.is_closed():
                return
            try:
                contextvars.copy_context().run(page.run_task, redraw)
            except (AttributeError, RuntimeError):
                pass    # disconnected in between

        page.pubsub.subscribe_topic(STORE_TOPIC, on_store_changed)

    ft.use_effect(subscribe, dependencies=[], cleanup=lambda: page.pubsub.unsubscribe_topic(STORE_TOPIC))

    # A phone that joined on the Wi-Fi keeps its own language and theme, read back from its browser.
    phone = shell.lan is not None and not shell.lan.is_local(page)
    own, set_own = ft.use_state({})

    def read_own() -> None:
        async def read() -> None:
            found = await _own_choices_kept()
            if found:
                set_own(lambda now: {**found, **now})   # a choice made meanwhile wins

        if phone:
            page.run_task(read)

    ft.use_effect(read_own, dependencies=[])

    def choose_own(name: str, value: str | None) -> None:
        """This phone's own `name` ("language" or "theme") from now on; None: the computer's again (kept as None,
        so that a read of the browser's storage answering late does not bring the old choice back)."""
        set_own(lambda now: {**now, name: value or None})

        async def keep() -> None:
            try:
                if value:
                    await ft.SharedPreferences().set(_OWN_PREFIX + name, value)
                else:
                    await ft.SharedPreferences().remove(_OWN_PREFIX + name)
            except Exception:  # noqa: BLE001 - a browser that keeps nothing: the choice lasts while the page is open
                pass

        page.run_task(keep)

    own_choices = OwnChoices(language=own.get("language"), choose=choose_own,
                             theme=ThemeChoice.from_setting(own["theme"]) if own.get("theme") else None) \
        if phone else None
    theme = tab_theme(shell, own_choices)

    def apply_theme() -> None:
        if page.theme_mode != theme.mode:
            page.theme_mode = theme.mode
            page.update()

    ft.use_effect(apply_theme, dependencies=[theme])

    # The language: the one chosen in Settings, or the device's (asked once, and again when the device's
    # preferences change). Bound to this tab before any screen renders, so every string made for the tab
    # (renders, taps, dialogs) reads it; a change re-renders the whole tree, so nothing in progress is lost.
    device_language, set_device_language = ft.use_state(None)

    def ask_device() -> None:
        async def ask() -> None:
            language = await i18n.device_language(page)
            if language is not None:            # a client that cannot say keeps English
                set_device_language(language)

        def on_locale_change(e: ft.LocaleChangeEvent) -> None:
            set_device_language(i18n.match_locales(i18n.locale_tag(item) for item in (e.locales or [])))

        page.on_locale_change = on_locale_change
        page.run_task(ask)

    ft.use_effect(ask_device, dependencies=[])

    setting = tab_language(shell, own_choices)
    language = setting if setting != i18n.SYSTEM else (device_language or i18n.match_locales([]))
    i18n.bind_page(page, language)

    def apply_locale() -> None:
        # Flutter's own words (a date picker, a text field's menu) follow the same language.
        page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=[ft.Locale(code) for code in i18n.LANGUAGES],
            current_locale=ft.Locale(language),
        )
        page.update()

    ft.use_effect(apply_locale, dependencies=[language])

    def tell_language() -> None:
        if shell.language_told is not None:
            shell.language_told(setting)

    ft.use_effect(tell_language, dependencies=[setting])

    tab = ft.use_ref(None)
    if tab.current is None:
        tab.current = {}
    services = AppServices(shell=shell, revision=revision, changed=changed, language=language, tab=tab.current,
                           own=own_choices)
    return AppContext(services, lambda: ft.Router(ROUTES, not_found=NotFound, manage_views=True))
