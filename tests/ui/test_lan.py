"""Playing on the Wi-Fi: the join card on this computer's home screen, the code in Settings, and neither on
a phone that joined."""

from __future__ import annotations

import flet as ft
from harness import UiApp

from companion.server.guard import JoinGate
from companion.server.lan import CODE_SETTING, LanAccess
from companion.ui.shell.lan import qr_modules


class _Lan(LanAccess):
    """LAN mode at a fixed address; whether a tab is on this computer is decided by the test."""

    def __init__(self, local: bool) -> None:
        super().__init__(JoinGate("12345678"), "0.0.0.0", 8550, interfaces=lambda: ["127.0.0.1", "192.168.1.5"])
        self.local = local

    def is_local(self, page) -> bool:
        return self.local


async def _tab(store, hub, local: bool, route: str = "/") -> UiApp:
    from companion.ui.shell.app import build_main

    return await UiApp(build_main(store, lan=_Lan(local)), route=route, hub=hub).start()


async def test_this_computer_shows_the_join_link_and_code(store, hub):
    tab = await _tab(store, hub, local=True)
    try:
        assert tab.get("lan-code").value == "1234 5678"
        assert tab.get("lan-url-0").value == "http://192.168.1.5:8550"
        assert tab.get("lan-qr") is not None
        assert "127.0.0.1" not in " ".join(tab.texts())
    finally:
        await tab.close()


async def test_a_phone_that_joined_sees_no_code(store, hub):
    tab = await _tab(store, hub, local=False)
    try:
        assert "lan-card" not in tab.keys() and "1234 5678" not in " ".join(tab.texts())
        await tab.click("home-settings")
        assert "settings-lan-code" not in tab.keys()
    finally:
        await tab.close()


async def test_without_lan_mode_there_is_no_card(open_ui):
    ui = await open_ui()
    assert "lan-card" not in ui.keys()


async def test_settings_keeps_a_chosen_code_and_refuses_a_bad_one(store, hub):
    tab = await _tab(store, hub, local=True, route="/settings")
    try:
        assert tab.get("settings-lan-code").value == "Join code now: 1234 5678"
        await tab.click("settings-lan-keep")                  # an empty field keeps nothing
        assert "empty" in tab.get("settings-lan-result").value
        assert store.settings.get(CODE_SETTING) is None
        assert tab.get("settings-lan-code").value == "Join code now: 1234 5678"
        assert "A new random code at every start." in tab.texts()
        await tab.type("settings-lan-new-code", "tent")
        await tab.click("settings-lan-keep")
        assert "6 to 32" in tab.get("settings-lan-result").value
        assert store.settings.get(CODE_SETTING) is None
        await tab.type("settings-lan-new-code", "Camp-Four 8000")
        await tab.click("settings-lan-keep")
        assert store.settings.get(CODE_SETTING) == "CAMPFOUR8000"
        assert tab.get("settings-lan-code").value == "Join code now: CAMP FOUR 8000"
        assert "The same code at every start." in tab.texts()
        await tab.click("settings-lan-random")
        assert store.settings.get(CODE_SETTING) is None
        assert tab.get("settings-lan-code").value != "Join code now: CAMP FOUR 8000"
    finally:
        await tab.close()


def test_the_qr_code_is_square_with_a_quiet_zone():
    rows = qr_modules("http://192.168.1.5:8550/?code=12345678")
    assert len(rows) == len(rows[0]) >= 25
    assert not any(rows[0]) and not any(row[0] for row in rows)
    assert rows[2][2] and rows[2][8]      # the finder pattern's corner, inside the two-module quiet zone


async def test_a_long_kept_code_is_shown_whole_on_a_phone_width_screen(store, hub):
    # A kept code may have 32 letters or digits: kept on one line, the card showed "ABCD EFGH IJKL" and cut the
    # rest, the part people were to type from it.
    from layout_check import layout_problems

    tab = await UiApp(_app_with(store, "ABCDEFGHIJKLMNOPQRSTUVWXYZ123456"), route="/", hub=hub).start()
    try:
        assert tab.get("lan-code").value == "ABCD EFGH IJKL MNOP QRST UVWX YZ12 3456"
        assert [p for p in layout_problems(tab.top, every_label=True) if "ABCD" in p] == []
    finally:
        await tab.close()


def _app_with(store, code: str):
    from companion.ui.shell.app import build_main

    lan = _Lan(True)
    lan.gate.set_code(code)
    return build_main(store, lan=lan)


async def test_the_join_code_picture_is_named_in_the_device_language(store, hub):
    """The QR code is drawn only when the link changes; once the device's language is known (after the first
    drawing), its name for a screen reader is said in it too."""
    import asyncio

    from harness import walk

    from companion import i18n
    from companion.ui.shell.app import build_main

    with i18n.use_language("de"):
        german = i18n._("QR code of the join link")
    assert german != "QR code of the join link"
    tab = await UiApp(build_main(store, lan=_Lan(True)), route="/", hub=hub, locales=["de-DE"]).start()
    try:
        def name() -> str | None:
            return next((c.label for c in walk(tab.top) if type(c).__name__ == "Semantics"
                         and getattr(c, "identifier", None) == "lan-qr"), None)
        for _ in range(100):
            if name() == german:
                break
            await asyncio.sleep(0.01)
            await tab.settle()
        assert name() == german
    finally:
        await tab.close()


async def test_a_phone_chooses_its_own_language_and_theme_and_keeps_them(store, hub):
    from companion.ui.shell.app import build_main

    kept: dict = {}
    computer = await _tab(store, hub, local=True)
    phone = await UiApp(build_main(store, lan=_Lan(False)), route="/settings", hub=hub, kept=kept).start()
    try:
        # Following the computer until it chooses: no theme of its own, "As the computer" in force.
        assert phone.get("settings-theme").selected == [] and "As the computer: System" in phone.texts()
        # The household follows each device: the computer's language is no one language to name; the phone's
        # device's is the one in force.
        assert phone.get("settings-language-computer").content == "As the computer"
        assert phone.get("settings-language-system").content == "As the device (English)"
        await phone.click("settings-language-fr")
        await phone.select("settings-theme", "dark")
        await computer.settle()
        assert "Réglages" in phone.texts() and phone.session.page.theme_mode == ft.ThemeMode.DARK
        assert ("Un choix fait ici vaut pour ce téléphone seulement\u00a0: l'ordinateur et les autres téléphones "
                "gardent les leurs.") in phone.texts()
        # The household's settings, and the computer's screen, are as they were.
        assert store.settings.get("language") is None and store.settings.get("theme") is None
        assert "History" in computer.texts() and "Historique" not in computer.texts()
        assert computer.session.page.theme_mode != ft.ThemeMode.DARK
    finally:
        await phone.close()
    assert kept == {"companion.own.language": "fr", "companion.own.theme": "dark"}
    again = await UiApp(build_main(store, lan=_Lan(False)), route="/settings", hub=hub, kept=kept).start()
    try:                                        # the phone opens the app again: its choices are still its own
        assert "Réglages" in again.texts() and again.session.page.theme_mode == ft.ThemeMode.DARK
        # And back to the computer's, both.
        await again.click("settings-language-computer")
        await again.click("settings-theme-computer")
        assert "Settings" in again.texts() and again.get("settings-theme").selected == []
        assert kept == {}
    finally:
        await again.close()
        await computer.close()


async def test_a_phone_keeps_the_language_it_shows_when_it_chooses_it(store, hub):
    # The household's language tapped on a phone was taken as no change: the computer's next change turned it.
    from companion.ui.shell.app import build_main

    store.settings.set("language", "de")
    kept: dict = {}
    phone = await UiApp(build_main(store, lan=_Lan(False)), route="/settings", hub=hub, kept=kept).start()
    try:
        await phone.click("settings-language-de")
    finally:
        await phone.close()
    store.settings.set("language", "fr")
    phone = await UiApp(build_main(store, lan=_Lan(False)), route="/settings", hub=hub, kept=kept).start()
    try:
        assert "Einstellungen" in phone.texts() and phone.get("settings-language-de").content == "Deutsch"
        assert phone.get("settings-language-computer").content == "Wie der Computer (Français)"
    finally:
        await phone.close()


async def test_the_computer_still_sets_the_language_for_everyone(store, hub):
    computer = await _tab(store, hub, local=True, route="/settings")
    try:
        await computer.click("settings-language-de")
        assert store.settings.get("language") == "de"
        assert "settings-language-own" not in computer.keys()
    finally:
        await computer.close()


async def test_a_refused_code_is_said_in_the_app_language(store, hub):
    store.settings.set("language", "de")
    tab = await _tab(store, hub, local=True, route="/settings")
    try:
        await tab.type("settings-lan-new-code", "abc")
        await tab.click("settings-lan-keep")
        assert tab.get("settings-lan-result").value == \
            "Nicht geändert: ein Beitrittscode hat 6 bis 32 Buchstaben oder Ziffern, nicht 3."
        await tab.type("settings-lan-new-code", "ÄÖÜ12345")
        await tab.click("settings-lan-keep")
        assert "Buchstaben A bis Z (ohne Umlaute)" in tab.get("settings-lan-result").value
        assert store.settings.get(CODE_SETTING) is None
        await tab.click("settings-lan-random")
        assert "Bereits verbundene Handys bleiben verbunden, bis die App beendet wird." in \
            tab.get("settings-lan-result").value
    finally:
        await tab.close()


async def test_a_theme_deselected_on_a_phone_follows_the_computer_as_the_buttons_show(store, hub):
    # While following the computer a segment may be deselected (a quick second tap): the phone kept its dark
    # theme with no segment shown as chosen.
    from companion.ui.shell.app import build_main

    kept: dict = {}
    phone = await UiApp(build_main(store, lan=_Lan(False)), route="/settings", hub=hub, kept=kept).start()
    try:
        await phone.select("settings-theme", "dark")
        assert phone.session.page.theme_mode == ft.ThemeMode.DARK
        await phone.select("settings-theme")
        assert phone.session.page.theme_mode != ft.ThemeMode.DARK and kept == {}
        assert phone.get("settings-theme").selected == [] and "As the computer: System" in phone.texts()
    finally:
        await phone.close()
