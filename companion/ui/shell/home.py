"""The home screen: start-up notices, games in progress, Players / History / Settings, and the games."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.errors import CompanionError
from companion.games import GAMES, GameEntry
from companion.i18n import N_, _, ngettext, tr
from companion.store.layout import STORAGE_WARNING_SETTING
from companion.ui.common.registry import game_over, game_progress, game_screen
from companion.ui.common.services import seated_names, use_app
from companion.ui.common.widgets import (dialog_text, format_when, format_when_unbroken, labelled, message_card,
                                         said, screen_view, section_title, titled)
from companion.ui.shell.lan import lan_join_card

__all__ = ["HomeScreen", "GameLook", "GAME_LOOKS", "game_look", "HOME_GAMES", "APP_TITLE"]

# The app's name (the browser's tab title as it is; home's app bar in the player's language).
APP_TITLE = N_("Climbing Companion")

# The order of the game tiles on home: the four games, then the Trek 12 campaign.
HOME_GAMES = ("trek12", "fourteeners", "ridgeline", "freunde", "expedition")


@dataclass(frozen=True)
class GameLook:
    """How a game is drawn in lists: an icon and an accent colour."""

    icon: ft.IconData
    colour: str


GAME_LOOKS: dict[str, GameLook] = {
    "trek12": GameLook(ft.Icons.CASINO_ROUNDED, "#C2571A"),
    "fourteeners": GameLook(ft.Icons.FILTER_HDR_ROUNDED, "#3F51B5"),
    "ridgeline": GameLook(ft.Icons.STYLE_ROUNDED, "#2E7D32"),
    "freunde": GameLook(ft.Icons.HIKING_ROUNDED, "#B23A48"),
    "expedition": GameLook(ft.Icons.FLAG_ROUNDED, "#8D6E00"),
}


def game_look(game: str) -> GameLook:
    """The look of a game, with a neutral fallback for a game id this version does not know."""
    return GAME_LOOKS.get(game, GameLook(ft.Icons.EXTENSION_ROUNDED, "#607D8B"))


@ft.component
def HomeScreen() -> ft.View:
    """Route `/`: everything one tap away, games in progress first."""
    app = use_app()
    page = ft.context.page
    notices = app.shell.open_notices()
    in_progress = app.keeper.in_progress()

    body: list[ft.Control] = []
    for index, notice in enumerate(notices):
        body.append(NoticeBanner(notice=notice, index=index))
    if app.shell.device == "browser" and app.shell.secure_page is False:
        body.append(insecure_page_warning())
    if app.shell.storage_kept is False and app.store.settings.get(STORAGE_WARNING_SETTING) != "dismissed":
        body.append(StorageWarning())
    join_card = lan_join_card(app)
    if join_card is not None:
        body.append(join_card)

    if in_progress:
        body.append(section_title(_("Resume"), key="home-resume-title"))
        body.extend(_resume_card(app.store, session, page, app.keeper) for session in in_progress)

    # The roster, history and settings sit above the games: a new table sets up its players first, and
    # the three tiles stay within thumb reach without scrolling past every game.
    body.append(section_title(_("Your table")))
    body.append(
        ft.Row(
            spacing=12,
            controls=[
                _shortcut("players", _("Players"), ft.Icons.GROUPS_ROUNDED, page),
                _shortcut("history", _("History"), ft.Icons.HISTORY_ROUNDED, page),
                _shortcut("settings", _("Settings"), ft.Icons.SETTINGS_ROUNDED, page),
            ],
        )
    )

    body.append(section_title(_("Choose a game")))
    body.extend(_game_tile(GAMES[game], page) for game in HOME_GAMES)
    return screen_view(_(APP_TITLE), body)


@ft.component
def StorageWarning() -> ft.Control:
    """In a browser that has not promised to keep the data: that it may clear it, and the backup that saves it,
    until the player dismisses it for good."""
    app = use_app()
    page = ft.context.page
    failure, set_failure = ft.use_state(None)

    def dismiss() -> None:
        try:
            app.store.settings.set(STORAGE_WARNING_SETTING, "dismissed")
        except CompanionError as exc:
            set_failure(_("This could not be saved: {reason}").format(reason=said(exc)))
            return
        app.changed()

    # i18n: Safari deletes a website's saved data after seven days of use without a visit to it, unless the
    # website was added to the home screen
    words = _("It has not promised to keep the players and games saved here: it may clear them when it runs short "
              "of space, or (Safari) after a week without a visit unless the companion is on the home screen. "
              "Download a backup in Settings now and then.")
    if failure:
        words = f"{words} {failure}"
    return message_card(
        ft.Icons.SD_CARD_ALERT_OUTLINED, _("This browser may clear your games"), words, key="home-storage",
        # Said for what it leads to: beside the home screen's own Settings, two buttons were both "Settings".
        actions=[labelled("home-storage-backup", ft.FilledTonalButton(
                     _("Settings"), key="home-storage-backup", icon=ft.Icons.SETTINGS_ROUNDED,
                     on_click=lambda: page.navigate("/settings")),
                     # i18n: said for the Settings button of the warning that a browser may clear the games
                     label=_("Settings, to download a backup"), button=True),
                 labelled("home-storage-dismiss", ft.TextButton(
                     _("Dismiss"), key="home-storage-dismiss", on_click=dismiss))])


def insecure_page_warning() -> ft.Control:
    """The browser build opened over plain http at a network address: no offline copy, and nothing
    keeps a second tab from saving over the first (they overwrote each other's players without a word).
    Not dismissed: it stays true for as long as the page is opened so."""
    return message_card(
        ft.Icons.TAB_UNSELECTED_ROUNDED, _("Keep the companion in one tab"),
        _("This page was opened over plain http at a network address, so the browser keeps no copy of it for use "
          "without the network, and two tabs open at once save over each other's players and games. Keep it open "
          "in one tab only, or open it over https."), key="home-insecure", tone="warning")


@ft.component
def NoticeBanner(notice: str, index: int) -> ft.Control:
    """One notice from the store (a damaged file set aside, data upgraded), with restore and dismiss.

    A damaged file's notice comes back at every start until the player restores the copy it offers or
    chooses not to: both buttons are that decision, and the store keeps it.
    """
    app = use_app()
    confirming, set_confirming = ft.use_state(False)
    failure, set_failure = ft.use_state(None)
    backup = _offered_backup(app.store, notice)

    def restore() -> None:
        set_confirming(False)
        try:
            app.store.restore_backup(backup.path)
        except CompanionError as exc:
            set_failure(_("The copy could not be restored: {reason}").format(reason=said(exc)))
            return
        app.shell.dismissed_notices.add(notice)
        app.changed()

    def dismiss() -> None:
        try:
            app.store.dismiss_notice(notice)
        except CompanionError as exc:
            set_failure(_("This could not be saved: {reason}").format(reason=said(exc)))
            return
        app.shell.dismissed_notices.add(notice)
        app.changed()

    ft.use_dialog(
        ft.AlertDialog(
            modal=False,  # Escape (or a tap beside it) cancels, as its Cancel button does
            **titled(_("Restore the kept copy?")),
            content=dialog_text(
                _("{file} is replaced by the copy saved {when}. What was saved in it since the damage was found is "
                  "replaced too; the file set aside stays in the data folder.").format(
                    file=backup.file, when=format_when(backup.modified))
            ),
            actions=[
                labelled(f"home-notice-{index}-restore-cancel",
                         ft.TextButton(_("Cancel"), key=f"home-notice-{index}-restore-cancel",
                                       on_click=lambda: set_confirming(False))),
                labelled(f"home-notice-{index}-restore-confirm",
                         ft.FilledButton(_("Restore"), key=f"home-notice-{index}-restore-confirm", on_click=restore)),
            ],
            on_dismiss=lambda: set_confirming(False),
        )
        if confirming and backup is not None
        else None
    )

    # With a copy to restore, not restoring it is a choice the player makes once (the copy stays in the
    # data folder); without one, there is only the notice to acknowledge.
    actions: list[ft.Control] = [
        labelled(f"home-notice-{index}-dismiss",
                 ft.TextButton(_("Don't restore") if backup is not None else _("Dismiss"),
                               key=f"home-notice-{index}-dismiss", on_click=dismiss)),
    ]
    if backup is not None:
        actions.append(
            labelled(
                f"home-notice-{index}-restore",
                ft.FilledButton(_("Restore copy"), icon=ft.Icons.RESTORE_ROUNDED,
                                key=f"home-notice-{index}-restore", on_click=lambda: set_confirming(True)),
            )
        )
    words = tr(notice)
    return message_card(
        ft.Icons.WARNING_AMBER_ROUNDED,
        _("Your saved data needed attention"),
        words if failure is None else f"{words}\n\n{failure}",
        key=f"home-notice-{index}",
        actions=actions,
        tone="warning",
    )


def _resume_card(store, session, page: ft.Page, keeper=None) -> ft.Control:
    """A game in progress: which game, its title, who plays, how far it got; tap to carry on."""
    entry = GAMES.get(session.game)
    look = game_look(session.game)
    names = seated_names(store, session)
    moves = len(session.actions)
    title = tr(session.title) if session.title else (tr(entry.title) if entry else session.game)
    who = ", ".join(names)
    picture = _resume_picture(store, keeper, session)
    progress, over = _progress(keeper, session, ngettext("{n} move", "{n} moves", moves).format(n=moves))
    correcting = _correction_words(keeper, session)
    details = " · ".join(
        part
        for part in (
            # A title made of the names (the default in 14ers) says who, and so does a picture naming each player
            # (an Expedition's stars): the names are not said twice.
            who if who != title and picture is None else "",
            progress,
            _kept_words(keeper, session, over=over, pictured=picture is not None),
            correcting,
        )
        if part
    )
    key = f"home-resume-{session.id}"
    # One node, a button that says all it shows: an Expedition's standings inside (nodes of their own) made the
    # tile a "group" to a screen reader, not something to tap.
    return labelled(
        key,
        _tile(
            key=key,
            icon=ft.Icons.PLAY_ARROW_ROUNDED,
            colour=look.colour,
            overline=tr(entry.title) if entry else session.game,
            title=title,
            subtitle=details,
            # Who plays, how far, and when it was saved: never the time cut in two; then a correction waiting.
            lines=5 if correcting else 3,
            on_click=lambda: page.navigate(f"/play/{session.game}/{session.id}"),
            badge=picture,
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT_ROUNDED, color=ft.Colors.ON_SURFACE_VARIANT),
        ),
        merge=True,
    )


def _kept_words(keeper, session, *, over: bool, pictured: bool) -> str:
    """Where a game in progress is kept, for its Resume card: saved as it goes, or played to its end and not yet
    in History ("saved" alone read as saved there), or taken back from History to be corrected."""
    when = format_when_unbroken(session.updated)
    if keeper is not None and keeper.reopened(session.id):
        # i18n: home's Resume card of a finished game taken back from History to correct an entry (History
        # keeps it as it was until it is finished again)
        return _("taken back from History for a correction")
    if over and not pictured:
        # i18n: home's Resume card of a game played to its end whose result is not yet kept: it goes to History
        # when it is saved there from its screen ("saved" alone read as saved to History)
        return _("ended {when}, not yet in History").format(when=when)
    if over:
        # i18n: home's Resume card of a game played to its end, beside a picture saying it is to be saved to
        # History (an Expedition's: "All three Ascents scored · save it to History")
        return _("ended {when}").format(when=when)
    return _("saved {when}").format(when=when)


def _correction_words(keeper, session) -> str:
    """A correction begun and neither confirmed nor cancelled, for a Resume card: the game waits on it (after a
    restart, nothing on home said so)."""
    try:
        correction = keeper.correction(session.id) if keeper is not None else None
    except CompanionError:
        return ""
    # i18n: home's Resume card of a game with a correction of an old entry begun and not yet confirmed
    return _("correction under way") if correction is not None and not correction.done else ""


def _progress(keeper, session, otherwise: str) -> tuple[str, bool]:
    """How far a game in progress got, in its game's words ("Round 7 of 19"); `otherwise` where its game
    says nothing of it or its entries do not replay (its own screen says why). Empty where the game's Resume
    picture says it (`_resume_picture`). And whether it was played to its end (its result not yet in History)."""
    progress = game_progress(session.game) if game_screen(session.game) is not None else None
    if keeper is None or progress is None:
        return otherwise, False
    over = game_over(session.game)
    try:
        # The game as saved: a correction under way is a draft, and its round is not how far the game got.
        state = keeper.saved_state(session.id)
        return progress(state), over is not None and bool(over(state))
    except CompanionError:
        return otherwise, False


def _resume_picture(store, keeper, session) -> ft.Control | None:
    """A game's own picture of how far it got, where the game offers one (an Expedition: the stars so far)."""
    if session.game != "expedition" or keeper is None:
        return None
    from companion.ui.expedition.screens import resume_stars  # noqa: PLC0415 - a game's screen module loads after home

    return resume_stars(keeper, store, session)


def _game_tile(entry: GameEntry, page: ft.Page) -> ft.Control:
    """A game on home; a game whose screen has not landed says so and opens its honest page."""
    ready = game_screen(entry.id) is not None
    look = game_look(entry.id)
    key = f"home-game-{entry.id}"
    status = None if ready else ft.Container(
        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
        border_radius=ft.BorderRadius.all(8),
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        content=ft.Text(_("Not yet available"), size=11, color=ft.Colors.ON_SURFACE_VARIANT),
    )
    return labelled(
        key,
        _tile(
            key=key,
            icon=look.icon,
            colour=look.colour,
            title=tr(entry.title),
            subtitle=tr(entry.blurb),
            on_click=lambda: page.navigate(f"/games/{entry.id}"),
            badge=status,
            muted=not ready,
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT_ROUNDED, color=ft.Colors.ON_SURFACE_VARIANT),
            # A game's one-sentence description takes two full lines of a phone in English, three or four in
            # French and German ("Unterstützungskarten, Herausforderungen" lost "...Ruhmeshalle" at three).
            lines=4,
        ),
    )


def _tile(
    *,
    key: str,
    icon: ft.IconData,
    colour: str,
    title: str,
    subtitle: str,
    on_click,
    overline: str | None = None,
    badge: ft.Control | None = None,
    trailing: ft.Control | None = None,
    muted: bool = False,
    lines: int = 2,
) -> ft.Control:
    """A full-width rounded tile with a coloured icon badge: the app's one list-item style (`lines`: of the
    subtitle at most)."""
    text: list[ft.Control] = []
    if overline:
        text.append(ft.Text(overline, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    text.append(ft.Text(title, size=16, weight=ft.FontWeight.W_600))
    text.append(ft.Text(subtitle, size=13, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=lines,
                        overflow=ft.TextOverflow.ELLIPSIS))
    if badge is not None:
        text.append(badge)
    return ft.Container(
        key=key,
        on_click=on_click,
        ink=True,
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=ft.Padding.symmetric(horizontal=16, vertical=14),
        content=ft.Row(
            spacing=14,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
            controls=[
                ft.Container(
                    width=48,
                    height=48,
                    border_radius=ft.BorderRadius.all(14),
                    bgcolor=ft.Colors.with_opacity(0.45, colour) if muted else colour,
                    alignment=ft.Alignment.CENTER,
                    content=ft.Icon(icon, color=ft.Colors.WHITE, size=26),
                ),
                ft.Column(text, spacing=2, expand=True, tight=True),
                *([trailing] if trailing is not None else []),
            ],
        ),
    )


def _shortcut(name: str, label: str, icon: ft.IconData, page: ft.Page) -> ft.Control:
    """One of the three square shortcuts under the games (History, Players, Settings)."""
    key = f"home-{name}"
    return ft.Container(
        expand=1,
        content=labelled(
            key,
            ft.Container(
                key=key,
                on_click=lambda: page.navigate(f"/{name}"),
                ink=True,
                height=92,
                border_radius=ft.BorderRadius.all(16),
                bgcolor=ft.Colors.SECONDARY_CONTAINER,
                alignment=ft.Alignment.CENTER,
                content=ft.Column(
                    spacing=6,
                    tight=True,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    controls=[
                        ft.Icon(icon, color=ft.Colors.ON_SECONDARY_CONTAINER, size=28),
                        ft.Text(label, weight=ft.FontWeight.W_600, color=ft.Colors.ON_SECONDARY_CONTAINER),
                    ],
                ),
            ),
        ),
    )


def _offered_backup(store, notice: str):
    """The good copy a notice offers to restore (the notice names its file), or None."""
    for backup in store.offered_backups():
        if backup.restorable and backup.path.name in notice:
            return backup
    return None
