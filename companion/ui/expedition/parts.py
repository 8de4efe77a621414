"""Trek 12 Expeditions' building blocks for the screens: stars drawn as stars, Assist cards, toggles, steppers.

Stars are drawn one icon per Reputation star, coloured by kind (summit, race, record) and always spoken as
words, so the picture is readable at a glance and by a screen reader. Every number shown comes from the
engine (`companion.games.expedition`); these helpers only draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

import flet as ft

from companion.games.expedition.scoring import Stars
from companion.games.expedition.wording import card_count
from companion.games.trek12.rules import Assist
from companion.i18n import N_, _, format_date, ngettext, tr
from companion.ui.common.widgets import and_list, confirm_dialog, labelled

__all__ = [
    "day_words",
    "high_points_dialog",
    "StarKind",
    "STAR_KINDS",
    "CardLook",
    "CARD_LOOKS",
    "FALLBACK_COLOUR",
    "star_icons",
    "kind_count",
    "stars_count",
    "stars_words",
    "star_legend",
    "card_look",
    "card_name",
    "card_chip",
    "card_counts",
    "card_words",
    "stepper",
    "panel",
    "badge",
    ]

FALLBACK_COLOUR = "#78909C"  # a seat with no roster player (Max): slate grey


@dataclass(frozen=True)
class StarKind:
    """One kind of Reputation star: the field of `Stars`, its colour, and its name on screen (marked for the
    catalogs, translated where it is shown)."""

    field: str
    colour: str
    name: str


# Gold for the summit, coral for the race, violet for a record: far apart in hue and in lightness.
STAR_KINDS: tuple[StarKind, ...] = (
    # i18n: the Reputation stars for reaching the summit
    StarKind("summit", "#E8A200", N_("Summit")),
    # i18n: the Reputation stars for the highest score of an Ascent
    StarKind("race", "#E0533D", N_("Race")),
    # i18n: the Reputation stars for beating the Hall of Fame's record
    StarKind("record", "#7E57C2", N_("Record")),
)


@dataclass(frozen=True)
class CardLook:
    """How an Assist card is drawn: its colour, its symbol and its name (in English, marked for the catalogs:
    shown as `_(look.title)`)."""

    colour: str
    icon: ft.IconData
    title: str


CARD_LOOKS: dict[Assist, CardLook] = {
    Assist.COMPASS: CardLook("#1565C0", ft.Icons.EXPLORE_ROUNDED, N_("Compass")),
    Assist.ROPE: CardLook("#8D6E63", ft.Icons.LINK_ROUNDED, N_("Rope")),
    Assist.TENT: CardLook("#2E7D32", ft.Icons.FESTIVAL_ROUNDED, N_("Tent")),
    Assist.SCHNAPPS: CardLook("#AD1457", ft.Icons.LIQUOR_ROUNDED, N_("Schnapps")),
}


def kind_count(field: str, n: int) -> str:
    """A kind of star and its count, as a label: 'summit 3', 'race 1', 'record 2'."""
    if field == "summit":
        # i18n: Reputation stars for reaching the summit, and how many ("summit 3")
        return _("summit {n}").format(n=n)
    if field == "race":
        # i18n: Reputation stars for the highest score of the Ascent, and how many ("race 1")
        return _("race {n}").format(n=n)
    # i18n: Reputation stars for beating the Hall of Fame's record, and how many ("record 2")
    return _("record {n}").format(n=n)


def stars_count(n: int) -> str:
    """'1 star', '4 stars'."""
    return ngettext("{n} star", "{n} stars", n).format(n=n)


def stars_words(stars: Stars) -> str:
    """Stars in words by kind: '4 stars (summit 3, race 1)', or 'no stars'."""
    if stars.total == 0:
        return _("no stars")
    parts = [kind_count(kind.field, getattr(stars, kind.field)) for kind in STAR_KINDS if getattr(stars, kind.field)]
    return ngettext("{n} star ({kinds})", "{n} stars ({kinds})", stars.total).format(n=stars.total,
                                                                                     kinds=", ".join(parts))


def star_icons(stars: Stars, *, size: int = 18, key: str | None = None, empty: str | None = "—") -> ft.Control:
    """One star icon per Reputation star, summit stars first, then race, then record; spoken in words ("4 stars
    (summit 3, race 1)"), without the player's name, which the row they stand in says before them."""
    icons: list[ft.Control] = []
    for kind in STAR_KINDS:
        for _star in range(getattr(stars, kind.field)):
            icons.append(ft.Icon(ft.Icons.STAR_ROUNDED, size=size, color=kind.colour))
    if not icons and empty:
        icons.append(ft.Text(empty, size=size * 0.8, color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Semantics(
        label=stars_words(stars),
        exclude_semantics=True,
        content=ft.Row(icons, key=key, spacing=0, run_spacing=0, wrap=True, tight=True,
                       vertical_alignment=ft.CrossAxisAlignment.CENTER),
    )


def star_legend(*, key: str = "exp-star-legend") -> ft.Control:
    """What the three star colours mean."""
    return ft.Row(key=key, wrap=True, spacing=14, run_spacing=4, controls=[
        ft.Row(tight=True, spacing=4, controls=[ft.Icon(ft.Icons.STAR_ROUNDED, size=16, color=kind.colour),
                                                ft.Text(_(kind.name), size=12, color=ft.Colors.ON_SURFACE_VARIANT)])
        for kind in STAR_KINDS
    ])


def card_look(card: Assist) -> CardLook:
    """The look of an Assist card."""
    return CARD_LOOKS[card]


def card_name(card: Assist) -> str:
    """An Assist card's name in the player's language."""
    return _(CARD_LOOKS[card].title)


def card_words(cards: Iterable[Assist]) -> str:
    """'2 Ropes, 1 Tent' for a set of cards; 'no cards' when empty."""
    counts = Counter(cards)
    if not counts:
        # i18n: no Assist cards (held, in play or left in the deck): "Bob (no cards)"
        return _("no cards")
    return ", ".join(tr(card_count(c, n)) for c, n in sorted(counts.items(), key=lambda kv: list(Assist).index(kv[0])))


def card_counts(cards: Iterable[Assist]) -> list[tuple[Assist, int]]:
    """Each kind with its count, in the deck's order, kinds with none left out."""
    counts = Counter(cards)
    return [(card, counts[card]) for card in Assist if counts[card]]


def card_chip(card: Assist, *, key: str | None = None, count: int | None = None, on_click=None,
              selected: bool = False, disabled: bool = False, small: bool = False, spoken: str | None = None,
              note: str | None = None, choice: bool = False) -> ft.Control:
    """An Assist card as a rounded chip in its colour with its symbol and name (and a count, `×2`).

    Tappable chips are 48 px high (thumb size); `choice`: one of a choice, a tint with the card's edge until
    `selected` fills and rings it; `disabled` fades it. `spoken`: what a
    screen reader says in place of the card's name ("Ann takes Rope"), a whole sentence in the player's
    language.
    """
    look = CARD_LOOKS[card]
    title = _(look.title)
    height = 36 if small else 48
    # A chip to tap that is not chosen is drawn as a tint with its card's edge, a chosen one filled: filled alike,
    # a card not tapped looked cashed already beside one that was (only a tick told them apart).
    unchosen = choice and not selected
    ink = ft.Colors.ON_SURFACE if unchosen else ft.Colors.WHITE
    # The symbol in the text's colour: in the card's own colour, on its tint, it was under 3:1 in the dark theme.
    parts: list[ft.Control] = [ft.Icon(look.icon, size=18 if small else 20, color=ink),
                               ft.Text(title, size=13 if small else 14, weight=ft.FontWeight.W_600, color=ink)]
    if count is not None:
        parts.append(ft.Container(
            padding=ft.Padding.symmetric(horizontal=6, vertical=1), border_radius=ft.BorderRadius.all(8),
            # On the card's colour; on an unchosen chip's tint, in that colour, as its white number needs.
            bgcolor=look.colour if unchosen else ft.Colors.with_opacity(0.28, ft.Colors.BLACK),
            content=ft.Text(f"×{count}", size=12, weight=ft.FontWeight.W_700, color=ft.Colors.WHITE)))
    if selected:
        parts.insert(0, ft.Icon(ft.Icons.CHECK_CIRCLE_ROUNDED, size=18, color=ft.Colors.WHITE))
    if note:
        parts.append(ft.Text(note, size=12, color=ink))
    chip = ft.Container(
        key=key,
        height=height,
        padding=ft.Padding.symmetric(horizontal=12 if small else 14),
        border_radius=ft.BorderRadius.all(height / 2),
        bgcolor=ft.Colors.with_opacity(0.14, look.colour) if unchosen else look.colour,
        border=(ft.Border.all(2, look.colour) if unchosen else ft.Border.all(3, ft.Colors.ON_SURFACE) if selected
                else None),
        opacity=0.38 if disabled else 1.0,
        disabled=disabled,
        ink=on_click is not None,
        on_click=on_click,
        # Its words are the label: not said again after it.
        content=ft.Semantics(exclude_semantics=True, content=ft.Row(
            parts, tight=True, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)),
    )
    # The count said as what it is ("Rope, 2 in play"): a bare ", 2" after the card said nothing.
    # i18n: how many of an Assist card are in play (on the table, to be taken), said after the card's name
    in_play = ngettext("{n} in play", "{n} in play", count).format(n=count) if count is not None else None
    said = (spoken or title) + (f", {in_play}" if in_play else "") + (f", {note}" if note else "")
    # Disabled on the semantics node too: a screen reader otherwise offers a faded chip as a button to tap.
    node = ft.Semantics(identifier=key, label=said, button=on_click is not None, disabled=disabled,
                        selected=selected if on_click is not None else None, content=chip)
    return ft.MergeSemantics(content=node) if on_click is not None else node    # one node with its tap


def stepper(key: str, value: int, on_minus, on_plus, *, minus_disabled: bool = False,
            plus_disabled: bool = False, label: str = "") -> ft.Control:
    """A − value + counter with 48 px buttons (keys `<key>-minus`, `<key>-plus`, `<key>-value`)."""
    return ft.Row(tight=True, spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
        labelled(f"{key}-minus", ft.IconButton(
            ft.Icons.REMOVE_CIRCLE_OUTLINE_ROUNDED, key=f"{key}-minus", on_click=on_minus, disabled=minus_disabled,
            # i18n: a button taking one away from a count; {card} is an Assist card's name
            tooltip=_("One {card} fewer").format(card=label) if label else _("One fewer"))),
        ft.Container(width=34, alignment=ft.Alignment.CENTER,
                     content=ft.Text(str(value), key=f"{key}-value", size=18, weight=ft.FontWeight.W_700)),
        labelled(f"{key}-plus", ft.IconButton(
            ft.Icons.ADD_CIRCLE_OUTLINE_ROUNDED, key=f"{key}-plus", on_click=on_plus, disabled=plus_disabled,
            # i18n: a button adding one to a count; {card} is an Assist card's name
            tooltip=_("One {card} more").format(card=label) if label else _("One more"))),
    ])


def panel(controls: Sequence[ft.Control], *, key: str | None = None, tone: str = "low",
          padding: int = 16) -> ft.Control:
    """A rounded surface grouping one task's controls (`tone` 'high' for the one to act on now)."""
    return ft.Container(
        key=key,
        border_radius=ft.BorderRadius.all(18),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if tone == "high" else ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=padding,
        content=ft.Column(list(controls), spacing=10, tight=True,
                          horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
    )


def badge(text: str, *, icon: ft.IconData | None = None, colour: str | None = None,
          key: str | None = None) -> ft.Control:
    """A small rounded tag (Lead Climber, paper, in the app)."""
    fg = ft.Colors.WHITE if colour else ft.Colors.ON_SECONDARY_CONTAINER
    parts: list[ft.Control] = []
    if icon is not None:
        parts.append(ft.Icon(icon, size=14, color=fg))
    parts.append(ft.Text(text, size=11, weight=ft.FontWeight.W_600, color=fg))
    return ft.Container(
        key=key,
        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
        border_radius=ft.BorderRadius.all(10),
        bgcolor=colour or ft.Colors.SECONDARY_CONTAINER,
        content=ft.Row(parts, tight=True, spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
    )


def day_words(iso: str | None) -> str:
    """A day as Expeditions keep it ("2026-03-03") in the player's words ("3 Mar 2026"); as kept when it is
    not a date, and "" for none."""
    if not iso:
        return ""
    try:
        return format_date(date.fromisoformat(iso))
    except (TypeError, ValueError):
        return iso


def high_points_dialog(prefix: str, names: Sequence[str], summit: int, on_keep, on_change) -> ft.AlertDialog:
    """"Keep these points?" for `names`' points above twice the Summit (`above_twice_summit`)."""
    return confirm_dialog(
        prefix, _("Keep these points?"),
        ngettext("{names}: more than twice the Summit of {summit}. A typing slip would stand in the Hall of Fame.",
                 "{names}: more than twice the Summit of {summit}. A typing slip would stand in the Hall of Fame.",
                 len(names)).format(names=and_list(list(names)), summit=summit),
        _("Keep them"), on_keep, on_change, cancel=_("Change them"))
