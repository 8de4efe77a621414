"""Playing on the Wi-Fi: the join card on this computer's home screen, and the join code in Settings.

Both are shown only in a tab on the computer that runs the companion (`LanAccess.is_local`); a phone that
joined sees neither the code nor the way to change it.
"""

from __future__ import annotations

from functools import lru_cache

import flet as ft
import flet.canvas as cv

from companion.errors import CompanionError
from companion.i18n import _, current
from companion.ui.common.services import use_app, use_field_text
from companion.ui.common.widgets import labelled, said, surface

__all__ = ["lan_join_card", "LanCodePanel", "qr_modules", "lan_for_this_tab"]


def lan_for_this_tab(app):
    """The LAN details when the app is open to the network and this tab is on the serving computer."""
    lan = app.shell.lan
    if lan is None or not lan.is_local(ft.context.page):
        return None
    return lan


@lru_cache(maxsize=4)
def qr_modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of `text` as rows of dark (True) and light modules, with a quiet zone of two.

    Kept for the few links a server shows: home is redrawn on every change any tab saves.
    """
    import qrcode  # noqa: PLC0415 - only LAN mode draws one

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(text)
    code.make(fit=True)
    return tuple(tuple(row) for row in code.get_matrix())


@lru_cache(maxsize=4)
def _dark_runs(text: str) -> tuple[tuple[int, int, int], ...]:
    """The QR code's dark modules as runs along its rows: (row, first column, length)."""
    runs = []
    for y, row in enumerate(qr_modules(text)):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            runs.append((y, start, x - start))
    return tuple(runs)


@ft.component
def _QrCanvas(text: str, size: float, ident: str, language: str = "") -> ft.Control:
    """The QR code drawn as one rectangle per run of dark modules (memoised below: home is redrawn on every
    save of any tab, the link seldom changes). `language` (`i18n.current()`) is passed only so that its name is
    said again in another language."""
    cell = size / len(qr_modules(text))
    ink = ft.Paint(color="#000000", style=ft.PaintingStyle.FILL)
    shapes: list[cv.Shape] = [cv.Rect(0, 0, size, size, paint=ft.Paint(color="#FFFFFF"))]
    # One rectangle per run of dark modules; a hair wider so no seam shows between runs.
    shapes.extend(cv.Rect(x * cell, y * cell, length * cell + 0.5, cell + 0.5, paint=ink)
                  for y, x, length in _dark_runs(text))
    return ft.Semantics(
        label=_("QR code of the join link"), identifier=ident,
        content=ft.Container(key=ident, width=size, height=size, content=cv.Canvas(shapes, width=size, height=size)),
    )


_qr_canvas = ft.memo(_QrCanvas)


def lan_join_card(app) -> ft.Control | None:
    """Home, on the serving computer in LAN mode: the QR code, the addresses and the join code; else None."""
    lan = lan_for_this_tab(app)
    if lan is None:
        return None
    urls = lan.urls()
    link = lan.join_url(urls)
    texts: list[ft.Control] = [
        ft.Text(_("Play on your phones"), weight=ft.FontWeight.W_600, size=16),
    ]
    if urls:
        # i18n: followed by the addresses to open, one per line
        texts.append(ft.Text(_("Scan the code with a phone on the same Wi-Fi, or open"), size=13))
        texts.extend(ft.Text(url, key=f"lan-url-{i}", weight=ft.FontWeight.W_600, size=13)
                     for i, url in enumerate(urls))
    else:
        texts.append(ft.Text(_("This computer is on no network yet. Join the Wi-Fi; the address appears here."),
                             size=13))
    texts.append(ft.Text(_("Join code"), size=13))
    # Wraps between its groups of four: a kept code may have 32 letters or digits, all to be typed from here.
    texts.append(ft.Text(lan.shown_code, key="lan-code", size=22, weight=ft.FontWeight.W_700))
    texts.append(ft.Text(_("Anyone on this network who has the code can see and change everything here."),
                         size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    content: list[ft.Control] = []
    if link:
        content.append(_qr_canvas(text=link, size=132, ident="lan-qr", language=current()))
    content.append(ft.Column(texts, spacing=4, tight=True, expand=True))
    return surface(ft.Row(content, spacing=16, vertical_alignment=ft.CrossAxisAlignment.START), key="lan-card")


@ft.component
def LanCodePanel() -> ft.Control:
    """Settings, on the serving computer in LAN mode (check `lan_for_this_tab` first): keep one join code
    across starts, or draw a new one at each start."""
    app = use_app()
    lan = app.shell.lan
    # Drawn with the text the server holds: a field drawn with no text would be emptied by any redraw,
    # such as another tab's save, while the code is being typed (FieldText).
    typed = use_field_text()
    outcome, set_outcome = ft.use_state(None)     # (good, message)

    def keep() -> None:
        try:
            lan.keep(typed.text, app.store.settings)
        except (ValueError, CompanionError) as exc:
            set_outcome((False, _("Not changed: {reason}.").format(reason=said(exc))))
            return
        typed.set("")
        set_outcome((True, _("Saved. Phones that already joined stay in; new ones need this code.")))
        app.changed()

    def draw_new() -> None:
        try:
            lan.draw_each_start(app.store.settings)
        except CompanionError as exc:
            set_outcome((False, _("Not changed: {reason}").format(reason=said(exc))))
            return
        set_outcome((True, _("A new code is drawn now and at every start. Phones that already joined stay in "
                             "until the companion is stopped.")))
        app.changed()

    how = _("The same code at every start.") if lan.kept else _("A new random code at every start.")
    controls: list[ft.Control] = [
        ft.Text(_("Join code now: {code}").format(code=lan.shown_code), key="settings-lan-code",
                weight=ft.FontWeight.W_600),
        ft.Text(how, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        labelled("settings-lan-new-code", typed.bind(ft.TextField(
            key="settings-lan-new-code", label=_("A code to keep"), dense=True,
            helper=_("{least} to {most} letters A to Z or digits").format(least=6, most=32),
            capitalization=ft.TextCapitalization.CHARACTERS, on_submit=lambda: keep()))),
        ft.Row(wrap=True, spacing=8, controls=[
            labelled("settings-lan-keep", ft.OutlinedButton(_("Keep this code"), key="settings-lan-keep",
                                                            on_click=keep)),
            # Kept code: go back to drawing one per start; drawn code: draw another one now.
            labelled("settings-lan-random", ft.TextButton(
                _("Draw a new one at every start") if lan.kept else _("Draw another code now"),
                key="settings-lan-random",
                on_click=draw_new)),
        ]),
    ]
    if outcome is not None:
        good, message = outcome
        controls.append(ft.Text(message, key="settings-lan-result", size=13,
                                color=None if good else ft.Colors.ERROR))
    return surface(ft.Column(controls, spacing=10, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
