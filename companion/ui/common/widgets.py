"""Small building blocks shared by the screens, so every screen has the same phone-first look.

Layout rules: one centred column that fills a phone (390 px) and stops growing at about 640 px on a
desktop; tap targets at least 48 px high; an app bar on every screen, with a back arrow whenever there
is somewhere to go back to.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import flet as ft

from companion.games.words import and_list as _listed
from companion.i18n import _, format_datetime, ngettext, reason_of, tr
from companion.i18n.message import Message

__all__ = [
    "tell",
    "NOTICE_WIDTH",
    "star_points",
    "SEED_COLOUR",
    "choice_tile",
    "confirm_dialog",
    "dialog_text",
    "DIALOG_WIDTH",
    "screen_view",
    "section_title",
    "surface",
    "empty_state",
    "field_error",
    "message_card",
    "colour_dot",
    "labelled",
    "format_when", "format_when_unbroken",
    "bind",
    "and_list",
    "first_capital",
    "longest_word",
    "sentence",
    "seat_chip",
    "toggle_pill",
    "roster_needed",
    "players_route",
    "labelled_value",
    "said",
]

# Glacier teal: the whole colour scheme (light and dark) is derived from it.
SEED_COLOUR = "#1F6F78"

# Responsive column widths: full width on a phone, narrower on tablets and desktops.
_COLUMN_SPAN = {"xs": 12, "md": 10, "lg": 8, "xl": 6}


def screen_view(
    title: str,
    body: Sequence[ft.Control],
    *,
    actions: Sequence[ft.Control] | None = None,
    floating_action_button: ft.FloatingActionButton | None = None,
) -> ft.View:
    """A screen: app bar with `title` (and the back arrow Flutter adds when the view can pop) over `body`."""
    return ft.View(
        route=ft.use_view_path() or "/",
        appbar=ft.AppBar(
            # Two lines at a smaller size for a long title ("Freunde · Runde 12", "Nowa gra: Trek 12: Himalaje"),
            # rather than a title cut short.
            title=ft.Text(title, weight=ft.FontWeight.W_600, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS,
                          size=18 if len(title) > 20 else None),
            actions=list(actions or []),
            center_title=False,
            bgcolor=ft.Colors.SURFACE,
        ),
        floating_action_button=floating_action_button,
        scroll=ft.ScrollMode.AUTO,
        padding=0,
        controls=[
            ft.SafeArea(
                content=ft.ResponsiveRow(
                    alignment=ft.MainAxisAlignment.CENTER,
                    controls=[
                        ft.Container(
                            col=_COLUMN_SPAN,
                            padding=ft.Padding.only(left=16, right=16, top=8, bottom=32),
                            content=ft.Column(list(body), spacing=12, tight=True,
                                              horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                        )
                    ],
                )
            )
        ],
    )


def section_title(text: str, *, key: str | None = None) -> ft.Control:
    """A section heading inside a screen (marked as a heading for screen readers)."""
    return ft.Semantics(
        header=True,
        content=ft.Container(
            padding=ft.Padding.only(top=12, bottom=0, left=4),
            content=ft.Text(
                text,
                key=key,
                size=14,
                weight=ft.FontWeight.W_600,
                color=ft.Colors.PRIMARY,
            ),
        ),
    )


def surface(content: ft.Control, *, key: str | None = None) -> ft.Control:
    """The app's rounded panel around one control (a settings group, a card on home)."""
    return ft.Container(
        key=key,
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=16,
        content=content,
    )


def empty_state(icon: ft.IconData, title: str, text: str, *, key: str) -> ft.Control:
    """What a list shows when it has nothing in it: an icon, a short title, one sentence of help."""
    return ft.Container(
        key=key,
        padding=ft.Padding.symmetric(vertical=40, horizontal=24),
        alignment=ft.Alignment.CENTER,
        content=ft.Column(
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=8,
            controls=[
                ft.Icon(icon, size=48, color=ft.Colors.OUTLINE),
                ft.Text(title, size=18, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER),
                ft.Text(text, color=ft.Colors.ON_SURFACE_VARIANT, text_align=ft.TextAlign.CENTER),
            ],
        ),
    )


def announced(control: ft.Control, *, key: str | None = None) -> ft.Control:
    """`control` as a live region: a screen reader says what it holds when it appears or changes (a notice of
    what a tap did, a refusal), as a sighted player sees it without looking for it.

    The region has a key of its own (`key`, or one made from the control's): unkeyed, a redrawing matched
    Semantics nodes by position, so a refusal taken away above a button turned its live region into the
    button's node, and a refusal brought back turned that node into a live region again, which Chromium then
    drew empty (the card showed, a screen reader found no words in it)."""
    if key is None and isinstance(control.key, str):
        key = f"{control.key}-announced"
    return ft.Semantics(key=key, live_region=True, content=control)


def field_error(text: str | None, key: str) -> ft.Control | None:
    """What a text field refused, for its `error=`: drawn under the field as a plain error text is (the field
    turns red), and said as it appears, as a sighted player sees it appear; a plain error text is only a
    description the field gives when it is reached again. The text has `key`."""
    if not text:
        return None
    return announced(ft.Text(text, key=key, size=12, color=ft.Colors.ERROR))


def message_card(
    icon: ft.IconData,
    title: str,
    text: str,
    *,
    key: str,
    actions: Sequence[ft.Control] = (),
    tone: str = "info",
    scroll_target: bool = False,
) -> ft.Control:
    """A rounded panel with an icon, a title, a sentence and optional buttons; `tone` 'warning' for trouble,
    which a screen reader is told of as it appears (`announced`). A `scroll_target` card can be scrolled to
    (`use_scroll_into_view` with the same key)."""
    warning = tone == "warning"
    card = ft.Container(
        key=ft.ScrollKey(key) if scroll_target else key,
        bgcolor=ft.Colors.ERROR_CONTAINER if warning else ft.Colors.SECONDARY_CONTAINER,
        border_radius=ft.BorderRadius.all(16),
        padding=16,
        content=ft.Column(
            spacing=8,
            tight=True,
            controls=[
                ft.Row(
                    spacing=12,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                    controls=[
                        ft.Icon(icon, color=ft.Colors.ON_ERROR_CONTAINER if warning
                                else ft.Colors.ON_SECONDARY_CONTAINER),
                        ft.Column(
                            expand=True,
                            spacing=4,
                            tight=True,
                            controls=[
                                ft.Text(title, weight=ft.FontWeight.W_600,
                                        color=ft.Colors.ON_ERROR_CONTAINER if warning
                                        else ft.Colors.ON_SECONDARY_CONTAINER),
                                ft.Text(text, color=ft.Colors.ON_ERROR_CONTAINER if warning
                                        else ft.Colors.ON_SECONDARY_CONTAINER),
                            ],
                        ),
                    ],
                ),
                *([ft.Row(list(actions), alignment=ft.MainAxisAlignment.END, wrap=True)] if actions else []),
            ],
        ),
    )
    return announced(card, key=f"{key}-announced") if warning else card


def colour_dot(colour: str, label: str, *, size: int = 40, icon: ft.IconData | None = None) -> ft.Control:
    """A round avatar in a player's colour with their initial, readable on any colour; with `icon`, that icon
    instead (where letters on the table mean something else, as Freunde's climbers A and B)."""
    initial = (label.strip()[:1] or "?").upper()
    mark = (ft.Icon(icon, size=size * 0.6, color=readable_on(colour)) if icon is not None
            else ft.Text(initial, weight=ft.FontWeight.W_600, color=readable_on(colour)))
    # Decoration only: the name beside it is what a screen reader should say, not the initial again.
    return ft.Semantics(
        exclude_semantics=True,
        content=ft.CircleAvatar(content=mark, bgcolor=colour, radius=size / 2),
    )


_STAR = re.compile(r"(-?\d+) ★")


def star_points(text: str) -> str:
    """'3 ★' (the engines' and the cards' points) as '3 points' in the player's language: the app's offline
    font has no star glyph, so a star would show as an empty box."""
    return _STAR.sub(lambda m: ngettext("{n} point", "{n} points", abs(int(m.group(1)))).format(n=m.group(1)), text)


def labelled(identifier: str, control: ft.Control, *, merge: bool = False, selected: bool | None = None,
             label: str | None = None, button: bool | None = None, toggled: bool | None = None) -> ft.Control:
    """Wrap a control so browser tests find it by `[flt-semantics-identifier=identifier]`.

    No label of its own: a tappable tile is already a button whose accessible name is its text, and an
    extra label would either repeat that text or (excluding the children) drop the tap action.

    With `merge` (always for an icon button) the wrapper and the control are one node to a screen reader:
    its name, role, state and tap together. An icon button needs it, since Flutter puts its name (the
    tooltip) on the node above it; so does a tile whose words sit in nodes of their own (it would be a
    "group", not a button). `selected` says the control is the one chosen, not only by its look.

    With a `label` (merged then too) the node is named by it: a tile whose drawn words the label says, those
    words excluded inside it (`ft.Semantics(exclude_semantics=True)`), so each is said once (a button's words
    given as a string are excluded here); `button` and `toggled` say what the tap is.
    """
    if label is not None and isinstance(getattr(control, "content", None), str):
        # A button named by more than its words ("Restore…" said as "Restore the list of games in progress…"):
        # its words are drawn but not said, or the merged node said both.
        control.content = ft.Semantics(exclude_semantics=True, content=ft.Text(control.content))
    if merge or label is not None or isinstance(control, ft.IconButton):
        # The wrapper states the control's disabled state: Flet's Semantics says "enabled" unless it is disabled
        # itself, and merged, that would hide it.
        return ft.MergeSemantics(content=ft.Semantics(identifier=identifier, label=label, button=button,
                                                      selected=selected, toggled=toggled,
                                                      disabled=bool(control.disabled), content=control))
    return ft.Semantics(identifier=identifier, selected=selected, content=control)


def choice_menu(identifier: str, label: str, value: str, options: Sequence[tuple[str, str]],
                on_pick: Callable[[str], object], *, icon: ft.IconData | None = None) -> ft.Control:
    """A choice among a list (a filter's game or player) that looks like an outlined field: `label` above the
    option chosen, an arrow after it. A tap opens the options, the chosen one checked; `on_pick(key)` is
    called with the key of the one tapped. `options` are (key, words) pairs; each item's key is
    `<identifier>-<key>`.

    A menu button, not a Dropdown: to a screen reader a Dropdown is a button with no name, and its tap opens
    nothing; this one is the button "Game, All games", and its options are the items of a menu.
    """
    shown = next((words for key, words in options if key == value), "")
    words = ft.Column(spacing=0, tight=True, expand=True, controls=[
        ft.Text(label, size=12, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        ft.Text(shown, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
    ])
    return labelled(identifier, ft.PopupMenuButton(
        key=identifier,
        tooltip="",
        menu_position=ft.PopupMenuPosition.UNDER,
        padding=0,
        content=ft.Container(
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            border_radius=12,
            padding=ft.Padding(12, 6, 8, 6),
            content=ft.Row(spacing=8, controls=[
                *([ft.Icon(icon, color=ft.Colors.ON_SURFACE_VARIANT)] if icon else []),
                words,
                ft.Icon(ft.Icons.ARROW_DROP_DOWN, color=ft.Colors.ON_SURFACE_VARIANT),
            ]),
        ),
        # The chosen item is checked to the eye and "current" to a screen reader.
        items=[ft.PopupMenuItem(key=f"{identifier}-{key}", icon=ft.Icons.CHECK if key == value else None,
                                content=ft.Semantics(selected=key == value, content=ft.Text(option)),
                                on_click=lambda _e, key=key: on_pick(key)) for key, option in options],
    ))


def undo_redo(prefix: str, *, can_undo: bool, can_redo: bool, on_undo, on_redo, undo_words: str | None,
              redo_words: str | None, correcting: bool = False) -> list[ft.Control]:
    """A game's Undo and Redo for its app bar (keys `<prefix>-undo`, `<prefix>-redo`). Each is named by what a
    tap does (`undo_words`, `redo_words`: "Undo the last move"), or, when it can do nothing, says why: nothing
    to take back, or (`correcting`) an old entry's correction under way, which must be confirmed or cancelled
    first ("Undo waits: ...")."""
    # The buttons' names while an old entry is being corrected (they are greyed out): each still says which
    # button it is, as a screen reader reads the name alone.
    # i18n: the name of the greyed-out Undo button while an old entry is being corrected
    undo_waiting = _("Undo waits: confirm or cancel the correction first") if correcting else None
    # i18n: the name of the greyed-out Redo button while an old entry is being corrected
    redo_waiting = _("Redo waits: confirm or cancel the correction first") if correcting else None
    return [
        labelled(f"{prefix}-undo", ft.IconButton(
            ft.Icons.UNDO_ROUNDED, key=f"{prefix}-undo", disabled=correcting or not can_undo, on_click=on_undo,
            tooltip=undo_waiting or (undo_words if can_undo and undo_words else _("Nothing to undo")))),
        labelled(f"{prefix}-redo", ft.IconButton(
            ft.Icons.REDO_ROUNDED, key=f"{prefix}-redo", disabled=correcting or not can_redo, on_click=on_redo,
            tooltip=redo_waiting or (redo_words if can_redo and redo_words else _("Nothing to redo")))),
    ]


def format_when(iso: str | None) -> str:
    """An ISO 8601 time as a short local date and time, e.g. '3 Mar 2026, 14:05'; '' when absent."""
    if not iso:
        return ""
    try:
        moment = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return iso
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return format_datetime(moment)


def format_when_unbroken(iso: str | None) -> str:
    """`format_when` with its date kept on one line ("4 gru 2026, 22:35" never breaks as "4" over "gru 2026"):
    no-break spaces inside the date and the time, an ordinary one after the comma between them."""
    return format_when(iso).replace(" ", "\u00a0").replace(",\u00a0", ", ")


def readable_on(colour: str, dark: str = ft.Colors.BLACK) -> str:
    """`dark` (black unless said) or white, whichever reads better on `colour` (WCAG relative luminance)."""
    try:
        r, g, b = (int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return ft.Colors.WHITE

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    return dark if luminance > 0.4 else ft.Colors.WHITE


def choice_tile(key: str, title: str, text: str, selected: bool, on_click, *,
                tag: str | None = None) -> ft.Control:
    """One option of a single choice (a route, a board side, a card mode): a radio tile with a line of text.

    Read by screen readers as "title. text", selected or not; `tag` adds a warning chip after the title.
    """
    title_row: ft.Control = ft.Text(title, size=16, weight=ft.FontWeight.W_600)
    if tag:
        title_row = ft.Row(spacing=8, run_spacing=4, wrap=True, controls=[title_row, ft.Container(
            padding=ft.Padding.symmetric(horizontal=8, vertical=2), border_radius=ft.BorderRadius.all(8),
            bgcolor=ft.Colors.ERROR_CONTAINER,
            content=ft.Text(tag, size=11, weight=ft.FontWeight.W_600, color=ft.Colors.ON_ERROR_CONTAINER))])
    # Two sentences, not "title: Text": the line of text starts with a capital, wrong after a colon in French.
    # i18n: what a screen reader says for one option of a choice: its title, then its line of text (a sentence)
    spoken = _("{title}. {text}").format(title=f"{title} ({tag})" if tag else title, text=text)
    words = ft.Row(spacing=12, controls=[
        ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED_ROUNDED if selected else ft.Icons.RADIO_BUTTON_UNCHECKED_ROUNDED,
                color=ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE),
        ft.Column(expand=True, spacing=2, tight=True, controls=[
            title_row,
            ft.Text(text, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ]),
    ])
    tile = ft.Container(
        key=key,
        ink=True,
        on_click=on_click,
        border_radius=ft.BorderRadius.all(16),
        padding=ft.Padding.symmetric(horizontal=16, vertical=12),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(2 if selected else 1, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT),
        content=ft.Semantics(exclude_semantics=True, content=words),    # the label says them: not said again
    )
    # One node with its tap (else the tap is a nameless button of its own).
    return labelled(key, tile, label=spoken, button=True, selected=selected)


def titled(title: str) -> dict[str, Any]:
    """A dialog's title and its name for a screen reader, from one string: `ft.AlertDialog(**titled(words), ...)`.
    The name (its `semantics_label`, else the dialog is "Alert") goes on the node holding the title, which
    Flutter reads and then the words under it: the title is drawn with its words left out, so said once."""
    return {"title": ft.Semantics(exclude_semantics=True, content=ft.Text(title)), "semantics_label": title}


DIALOG_WIDTH = 560          # a dialog's widest, in pixels (Material's guidance for a basic dialog)


def dialog_text(words: str, **text: Any) -> ft.Control:
    """A dialog's words, wrapped to a readable width: a dialog is as wide as its words, up to the window less
    40 px a side, which on a desktop put one sentence on a line 1,100 px long. Asked for `DIALOG_WIDTH` less
    the dialog's padding, the words get that much at the most, and all a narrower window has."""
    return ft.Container(width=DIALOG_WIDTH - 48, content=ft.Text(words, **text))


def confirm_dialog(prefix: str, title: str, text: str, action: str, on_confirm, on_cancel, *,
                   cancel: str | None = None) -> ft.AlertDialog:
    """A modal "are you sure" for a destructive action; keys `<prefix>-words`, `<prefix>-cancel` and
    `<prefix>-confirm` (`cancel` is the cancel button's label, "Cancel" by default)."""
    cancel = _("Cancel") if cancel is None else cancel
    return ft.AlertDialog(
        modal=False,  # Escape (or a tap beside it) cancels, as its Cancel button does
        **titled(title),
        content=dialog_text(text, key=f"{prefix}-words"),
        actions=[
            labelled(f"{prefix}-cancel", ft.TextButton(cancel, key=f"{prefix}-cancel", on_click=on_cancel)),
            labelled(f"{prefix}-confirm", ft.FilledButton(
                action, key=f"{prefix}-confirm", on_click=on_confirm,
                style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR))),
        ],
        on_dismiss=on_cancel,
    )


def bind(action: Callable[..., object], *args: object) -> Callable[[], None]:
    """A click handler with no parameters calling `action(*args)`: Flet hands an event to any handler that
    declares a parameter, so a `lambda x=value:` handler would receive the event instead of its value."""
    return lambda: action(*args)


def said(value: object) -> str:
    """What an engine or the store said (a message, or the exception carrying it) in the language in force:
    a `Message` by its catalog id and arguments, any other text looked up in the catalogs as it is."""
    if isinstance(value, BaseException):
        value = reason_of(value)
    return "" if value is None else str(tr(value)) if isinstance(value, str) else str(value)


def sentence(text: object) -> str:
    """An engine message (or the exception carrying it) as a sentence for a screen, in the language in force:
    capital first letter, full stop at the end."""
    out = said(text).strip()
    if not out:
        return _("That is not allowed.")
    out = out[:1].upper() + out[1:]
    # A bracket closes a sentence only when the sentence ended inside it ("(see above.)"); "(a skull counts as
    # filled)" still needs its full stop.
    return out if out.rstrip(")»\"'”’").endswith((".", "!", "?", "…")) else out + "."


def and_list(items: Sequence[str]) -> str:
    """'Ann', 'Ann and Bo', 'Ann, Bo and Cy', joined the way the language in force joins a list; names and
    words already translated are kept as they are, a `Message` among them is said in the language."""
    listed = _listed(items)
    return tr(listed) if isinstance(listed, Message) else listed


def longest_word(text: str) -> int:
    """The length of the longest word in `text`: a word wider than its box breaks inside it. A line may also
    break after a hyphen, so "Dominique-Alexandre" is two words, "Dominique-" and "Alexandre"."""
    return max((len(word) for word in re.findall(r"[^\s-]*-|[^\s-]+", text)), default=0)


def first_capital(text: object) -> str:
    """An engine message (or the exception carrying it) for a screen, in the language in force, as it is but
    with a capital first letter (no full stop added)."""
    text = said(text).strip()
    return text[:1].upper() + text[1:]


def toggle_pill(key: str, label: str, selected: bool, on_click, *, colour: str | None = None,
                disabled: bool = False, icon: ft.IconData | None = None, sub: str | None = None,
                mark: str | None = None, said: str | None = None, one_of: bool = False) -> ft.Control:
    """A rounded toggle, 48 px high (56 with `sub`): a tick when selected (else `icon`, when given), a dot in
    `colour`, the label with `sub` in small type under it and `mark` in small type after it. `said` is what a
    screen reader hears instead of those words, when they need more to say whose or what the toggle is (a
    row of players' identical toggles). `one_of`: one choice of several (who went out, the dealer), said as the
    one chosen; else a toggle, each on or off by itself, said as a switch."""
    parts: list[ft.Control] = []
    if selected:
        parts.append(ft.Icon(ft.Icons.CHECK_ROUNDED, size=18, color=ft.Colors.ON_PRIMARY_CONTAINER))
    elif icon is not None:
        parts.append(ft.Icon(icon, size=18, color=ft.Colors.ON_SURFACE_VARIANT))
    if colour is not None:
        parts.append(ft.Container(width=14, height=14, border_radius=ft.BorderRadius.all(7), bgcolor=colour))
    # A long label (a name of 40 characters) is cut with "…" inside the pill, its mark still beside it: drawn
    # whole, it ran through the pill's edge and off a phone's screen, the mark with it. It is said whole.
    text = [ft.Text(label, weight=ft.FontWeight.W_600 if selected else ft.FontWeight.W_500, max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    color=ft.Colors.ON_PRIMARY_CONTAINER if selected else ft.Colors.ON_SURFACE)]
    if sub:
        # Two lines at most within the pill's width (a long one in French ran through its edge); the pill still
        # hugs a short one (a loose fit takes no more room than the text needs).
        text.append(ft.Text(sub, size=11, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS,
                            color=ft.Colors.ON_PRIMARY_CONTAINER if selected else ft.Colors.ON_SURFACE_VARIANT))
    if sub:
        parts.append(ft.Column(text, spacing=0, tight=True, expand=True, expand_loose=True))
    else:
        text[0].expand, text[0].expand_loose = True, True
        parts.append(text[0])
    if mark:
        parts.append(ft.Text(mark, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    # One node, named once: its words are its label (the words drawn are not said again after it, "Ann, Ann"),
    # merged with the tap under it (else the tap is a nameless button of its own).
    pill = ft.Container(
        key=key,
        height=48 if not sub else 56,
        padding=ft.Padding.symmetric(horizontal=14),
        border_radius=ft.BorderRadius.all(24),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT),
        opacity=0.45 if disabled else 1.0,
        disabled=disabled,      # said to a screen reader too, not only faded (labelled reads it)
        ink=True,
        on_click=on_click,
        # No alignment: an aligned Container grows to fill its row, and a chip should hug its label.
        content=ft.Semantics(exclude_semantics=True, content=ft.Row(
            parts, tight=True, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)),
    )
    # A toggle's state is said as on or off: `selected` alone reached a browser's reader as "current". One choice
    # of several keeps `selected`: a switch that does not go off when tapped again would mislead.
    return labelled(key, pill, label=said or label + "".join(f", {extra}" for extra in (sub, mark) if extra),
                    button=True, selected=selected, toggled=None if one_of else selected)


def seat_chip(key: str, label: str, colour: str, selected: bool, on_click, *, mark: str | None = None,
              disabled: bool = False, one_of: bool = False) -> ft.Control:
    """A player's seat as a toggle: their colour, their name, and a small mark (their seat number); `one_of` as
    in `toggle_pill`."""
    return toggle_pill(key, label, selected, on_click, colour=colour, mark=mark, disabled=disabled, one_of=one_of)


def roster_needed(prefix: str, words: str, *, heading: str | None = None) -> list[ft.Control]:
    """A new game's screen when the roster is empty: why players are needed, and the way to add them
    (keys `<prefix>-new-empty` and `<prefix>-new-players`; `heading` "Who is climbing?" by default)."""
    heading = _("Who is climbing?") if heading is None else heading
    return [
        empty_state(ft.Icons.GROUPS_ROUNDED, heading, words, key=f"{prefix}-new-empty"),
        labelled(f"{prefix}-new-players", ft.FilledButton(
            _("Add players"), key=f"{prefix}-new-players", icon=ft.Icons.PERSON_ADD_ALT_1_ROUNDED,
            on_click=lambda: ft.context.page.navigate(players_route(ft.context.page.route)))),
    ]


def players_route(route: str | None) -> str:
    """The roster opened from a new game's screen sits above it, so back returns there; else above home."""
    route = (route or "").split("?", 1)[0].rstrip("/")
    return f"{route}/players" if route.startswith("/games/") and route.count("/") == 2 else "/players"


def labelled_value(label: Any, value: Any) -> str:
    """'A: 12', a label and its value, as the language writes them (French puts a space before the colon)."""
    # i18n: a label and its value, such as a climber and its score ("A: 12"); French writes "A : 12"
    return _("{label}: {value}").format(label=label, value=value)


NOTICE_WIDTH = 560     # a notice at the foot of a wide window: about the screens' column


def tell(page: ft.Page, words: str, key: str, **options: Any) -> None:
    """A short notice at the foot of the screen (a SnackBar with `options`); `key` is its text's. In a wide
    window it floats, as wide as the screens' column: across a desktop's whole width it covered the buttons at
    the foot of the record (Delete among them) for its seconds on screen.

    The bar itself has no key: each is new, and Flet's diff took a bar under the key of one that had run out
    for that one, so the new bar's Undo (or its running out) failed the tab."""
    if (page.width or 0) > NOTICE_WIDTH + 32:
        options.update(behavior=ft.SnackBarBehavior.FLOATING, width=NOTICE_WIDTH)
    if "action" in options:
        # A bar with an action (Undo) stays until it is tapped unless told otherwise: its `duration` is what it
        # offers the action for (an Undo found a minute later took back what had been built on since).
        options.setdefault("persist", False)
    page.show_dialog(ft.SnackBar(ft.Text(words, key=key), **options))
