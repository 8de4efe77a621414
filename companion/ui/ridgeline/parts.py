"""Ridgeline's building blocks for the screens: coloured cards, the card picker, card trays, camps in words.

Cards are kept in screen state as their codes (G7, R, R:G7, W: `companion.games.ridgeline.cards`) because
codes are hashable and JSON-able; the screens never show a code, only the coloured card it names. Every
card face carries its colour's symbol as well as its colour, so the five colours stay apart for people who
do not see them all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import flet as ft

from companion.errors import InvalidInput
from companion.games.ridgeline.cards import Card, CardCode, CardKind, Colour, parse_card, parse_cards
from companion.games.ridgeline.data import Camp, Kind, Requirement
from companion.i18n import N_, _, msg, ngettext, tr
from companion.ui.common.services import focus_soon, use_field_text
from companion.ui.common.widgets import and_list, bind, field_error, first_capital, labelled

__all__ = [
    "CardLook",
    "CARD_LOOKS",
    "ROPE_LOOK",
    "WHITEOUT_LOOK",
    "card_look",
    "card_sort_key",
    "sort_codes",
    "card_face",
    "card_tray",
    "CardPicker",
    "camp_words",
    "requirement_hint",
    "number_word",
]


@dataclass(frozen=True)
class CardLook:
    """How a card is drawn: its background, the ink on it, and the colour's symbol."""

    colour: str
    ink: str
    icon: ft.IconData


_WHITE = "#FFFFFF"
_DARK = "#1B1B1F"

# One look per trail colour: hues far apart (blue, green, red-orange, violet, gold) and a symbol each.
CARD_LOOKS: dict[Colour, CardLook] = {
    Colour.GLACIER: CardLook("#2F7FC1", _WHITE, ft.Icons.AC_UNIT_ROUNDED),
    Colour.PINE: CardLook("#2E7D32", _WHITE, ft.Icons.PARK_ROUNDED),
    Colour.EMBER: CardLook("#D4461B", _WHITE, ft.Icons.LOCAL_FIRE_DEPARTMENT_ROUNDED),
    Colour.DUSK: CardLook("#6A3FB0", _WHITE, ft.Icons.NIGHTLIGHT_ROUND),
    Colour.SUNSTONE: CardLook("#F2B705", _DARK, ft.Icons.WB_SUNNY_ROUNDED),
}
ROPE_LOOK = CardLook("#8D6E63", _WHITE, ft.Icons.LINK_ROUNDED)
WHITEOUT_LOOK = CardLook("#E4E9ED", "#37474F", ft.Icons.CLOUD_ROUNDED)

_KIND_ORDER = {CardKind.TRAIL: 0, CardKind.ROPE: 1, CardKind.WHITEOUT: 2}
_COLOUR_ORDER = {colour: index for index, colour in enumerate(Colour)}
# i18n: numbers in words, as in "Three sets of 3"
_WORDS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
          N_("eight"), N_("nine"), N_("ten"))


def card_look(card: Card) -> CardLook:
    """The look of a card: its colour's (a declared Rope takes the colour it plays as), else Rope or Whiteout."""
    if card.colour is not None:
        return CARD_LOOKS[card.colour]
    return ROPE_LOOK if card.is_rope else WHITEOUT_LOOK


def card_sort_key(code: CardCode) -> tuple:
    """Trail cards by colour then rank, then declared Ropes, then Ropes, then Whiteouts: how a hand is fanned."""
    card = parse_card(code)
    colour = _COLOUR_ORDER[card.colour] if card.colour is not None else 0
    return (_KIND_ORDER[card.kind], card.colour is None, colour, card.rank or 0)


def laid_out(codes: Iterable[CardCode]) -> list[CardCode]:
    """A group's codes as it is laid down: by rank, a Rope at the rank it plays as (a run reads 2-3-4-5-6), then
    colour; Whiteouts last."""
    def key(code: CardCode) -> tuple:
        card = parse_card(code)
        return (card.rank is None, card.rank or 0, _COLOUR_ORDER[card.colour] if card.colour is not None else 0)
    return sorted(codes, key=key)


def sort_codes(codes: Iterable[CardCode]) -> list[CardCode]:
    """Codes in the order a hand is shown."""
    return sorted(codes, key=card_sort_key)


def code_key() -> str:
    """The letters of the card codes, each with its card: "G Glacier · P Pine · ... · R Rope · W Whiteout"."""
    cards = [(c.value, str(tr(c.full_name))) for c in Colour] + [("R", _("Rope")), ("W", _("Whiteout"))]
    # Each letter with its whole card on one line ("S\u00a0Pierre\u00a0de\u00a0soleil"): the line wraps between them.
    return " · ".join(f"{letter}\u00a0{card}".replace(" ", "\u00a0") for letter, card in cards)


def card_face(
    code: CardCode,
    *,
    key: str | None = None,
    width: float | None = 36,
    height: float = 50,
    on_click: Callable[[], None] | None = None,
    ring: bool = False,
    action: str | None = None,
    expand: bool = False,
) -> ft.Control:
    """A card as people see it: its colour, its symbol and its rank; a Rope shows a link, a Whiteout a cloud.

    `action` is the spoken label with the card in it, already in the player's language (`_("Remove {card}")`
    reads "Remove Glacier 7"); `ring` outlines a card already chosen.
    """
    card = parse_card(code)
    look = card_look(card)
    small = max(11, round(height * 0.26))
    big = max(14, round(height * 0.36))
    if card.is_whiteout:
        inner: list[ft.Control] = [ft.Icon(look.icon, size=big + 4, color=look.ink)]
    elif card.is_rope and not card.declared:
        inner = [ft.Icon(look.icon, size=big + 2, color=look.ink)]
    else:
        symbol = ROPE_LOOK.icon if card.is_rope else look.icon
        inner = [
            ft.Icon(symbol, size=small, color=look.ink),
            ft.Text(str(card.rank), size=big, weight=ft.FontWeight.W_700, color=look.ink,
                    text_align=ft.TextAlign.CENTER),
        ]
    if card.declared:
        border = ft.Border.all(3, ROPE_LOOK.colour)
    elif ring:
        border = ft.Border.all(3, ft.Colors.ON_SURFACE)
    elif card.is_whiteout:
        border = ft.Border.all(1, "#90A4AE")
    else:
        border = None
    face = ft.Container(
        key=key,
        width=None if expand else width,
        height=height,
        expand=1 if expand else None,
        bgcolor=look.colour,
        border=border,
        border_radius=ft.BorderRadius.all(7),
        alignment=ft.Alignment.CENTER,
        padding=0,
        ink=on_click is not None,
        on_click=on_click,
        # Its rank is said by the label ("Glacier 7"): not again after it.
        content=ft.Semantics(exclude_semantics=True, content=ft.Column(
            inner, spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER)),
    )
    title = tr(card.title)
    label = title if action is None else action.format(card=title)
    semantics = ft.Semantics(
        identifier=key,
        label=label,
        button=on_click is not None,
        selected=ring if on_click is not None else None,
        content=face,
    )
    if on_click is not None:
        semantics = ft.MergeSemantics(content=semantics)    # one node with its tap, named
    return ft.Container(content=semantics, expand=1) if expand else semantics


def card_tray(
    prefix: str,
    codes: Sequence[CardCode],
    *,
    on_remove: Callable[[CardCode], None] | None = None,
    empty: str | None = None,
    sort: bool = True,
    height: float = 50,
) -> ft.Control:
    """A row of cards (wrapping); tapping one removes it when `on_remove` is given. Keys: `<prefix>-<code>-<n>`."""
    shown = sort_codes(codes) if sort else list(codes)
    if not shown:
        return ft.Container(
            key=f"{prefix}-empty",
            height=height,
            alignment=ft.Alignment.CENTER_LEFT,
            content=ft.Text(_("No cards") if empty is None else empty, color=ft.Colors.ON_SURFACE_VARIANT,
                            italic=True),
        )
    seen: Counter[str] = Counter()
    faces = []
    for code in shown:
        seen[code] += 1
        faces.append(card_face(
            code,
            key=f"{prefix}-{code}-{seen[code]}",
            height=height,
            width=round(height * 0.72),
            on_click=bind(on_remove, code) if on_remove else None,
            # i18n: spoken for a card that is taken out when tapped; {card} is the card, "Glacier 7"
            action=_("Remove {card}") if on_remove else None,
        ))
    return ft.Row(faces, wrap=True, spacing=4, run_spacing=4)


@ft.component
def CardPicker(
    prefix: str,
    on_add: Callable[[list[CardCode]], str | None],
    held: Mapping[CardCode, int] | None = None,
    declare: bool = False,
    note: str | None = None,
) -> ft.Control:
    """Tap coloured cards (five colours x 1-10), a Rope or a Whiteout, or type codes, to add cards. Give it a
    `key` where what stands before it may change (a tray filled, a refusal said): unkeyed, it was drawn anew,
    and what it held (the codes typed, a Rope being declared, the keyboard's focus) was lost.

    With `declare`, Rope asks for the card it plays as: tap Rope, then the card (staged groups, 'A turn').
    `on_add` returns a reason when the cards cannot be added (already in the player's language), else None:
    shown under the picker for a tap, and under the field for typed codes, where the eyes and the keyboard
    are (under the picker it was below the fold, behind the keyboard).
    """
    declaring, set_declaring = ft.use_state(False)
    # The typed codes are never state: a redraw must not send the field an older text than it shows
    # (FieldText). The field is only given a text to clear it.
    typed = use_field_text()
    problem, set_problem = ft.use_state(None)
    typed_problem, set_typed_problem = ft.use_state(None)
    held = held or {}
    field = ft.use_ref(None)
    entered, set_entered = ft.use_state(0)      # Enter pressed in the codes field, counted

    async def refocus() -> None:
        # Enter lets the focus go to the page (the next Tab starts again at the app bar): it comes back to the
        # field, so the next codes, or the refused ones corrected, are typed at once.
        if entered:
            await focus_soon(field.current)

    ft.use_effect(refocus, [entered])

    def add(codes: list[CardCode], *, typed_codes: bool = False) -> bool:
        reason = on_add(codes)
        said = first_capital(reason) if reason else None
        set_problem(None if typed_codes else said)
        set_typed_problem(said if typed_codes else None)
        return reason is None

    def tap(code: CardCode) -> None:
        if declaring:
            set_declaring(False)
            add([f"R:{code}"])
        else:
            add([code])

    def rope() -> None:
        if declare:
            set_declaring(not declaring)
            set_problem(None)
        else:
            add(["R"])

    def submit_typed() -> None:
        text = typed.text.replace(",", " ").upper().split()
        if not text:
            set_typed_problem(None)     # nothing typed: nothing refused (an older complaint goes)
            return
        try:
            # i18n: where cards that cannot be read came from, as in "the typed cards, card 2: ..."
            cards = parse_cards(text, msg("the typed cards"))
        except InvalidInput as exc:
            set_problem(None)
            set_typed_problem(first_capital(exc))
            return
        if not declare:
            bad = next((card for card in cards if card.declared), None)
            if bad is not None:
                set_problem(None)
                # i18n: R is card notation (a Rope); {code} is a declared Rope such as R:G7
                set_typed_problem(_("A Rope in hand is written R, not {code}").format(code=bad.code))
                return
        if add([card.code for card in cards], typed_codes=True):
            typed.set("")

    def type_codes() -> None:
        if typed_problem is not None:  # redraw only to take an old complaint away
            set_typed_problem(None)

    # i18n: spoken for a card of the picker; {card} is the card, "Glacier 7"
    tap_words = _("Rope as {card}") if declaring else _("Add {card}")
    rows: list[ft.Control] = []
    for colour in Colour:
        rows.append(ft.Row(
            spacing=3,
            controls=[
                card_face(f"{colour.value}{rank}", key=f"{prefix}-pick-{colour.value}{rank}", height=48,
                          expand=True, ring=held.get(f"{colour.value}{rank}", 0) > 0,
                          on_click=bind(tap, f"{colour.value}{rank}"),
                          action=tap_words)
                for rank in range(1, 11)
            ],
        ))
    # i18n: the Rope button of the card picker (Rope is a Ridgeline card, named as printed on the cards)
    rope_label = _("Rope: now tap its card") if declaring else _("Rope")
    rows.append(ft.Row(
        spacing=6,
        controls=[
            _wide_button(f"{prefix}-pick-R", rope_label, ROPE_LOOK, rope, active=declaring,
                         spoken=_("Rope: choose the card it plays as") if declare else _("Add Rope")),
            # i18n: a Ridgeline card (the name printed on the card)
            _wide_button(f"{prefix}-pick-W", _("Whiteout"), WHITEOUT_LOOK, lambda: tap("W"), active=False,
                         spoken=_("Add Whiteout"), disabled=declaring),
        ],
    ))
    if declaring:
        rows.append(ft.Text(_("Tap the colour and rank this Rope plays as."), key=f"{prefix}-declaring",
                            size=13, color=ft.Colors.PRIMARY))
    field.current = typed.bind(ft.TextField(
        key=f"{prefix}-codes",
        dense=True,
        # i18n: G7 S10 R W R:G7 are card codes, typed as they are in every language
        label=_("Or type codes: G7 S10 R W R:G7") if declare else _("Or type codes: G7 S10 R W"),
        capitalization=ft.TextCapitalization.CHARACTERS,
        border=ft.OutlineInputBorder(border_radius=12),
        # What each letter is: the card faces show a colour and a number, and a colour's name in another
        # language starts with another letter (the codes are the same in every language).
        helper=code_key(), helper_max_lines=3,
        on_change=lambda: type_codes(),
        on_submit=lambda: (submit_typed(), set_entered(entered + 1)),
        # Every code it could not read is named, on as many lines as it takes.
        error=field_error(typed_problem, f"{prefix}-codes-error"),
        suffix_icon=labelled(f"{prefix}-codes-add", ft.IconButton(
            ft.Icons.KEYBOARD_RETURN_ROUNDED, key=f"{prefix}-codes-add", tooltip=_("Add typed cards"),
            on_click=lambda: submit_typed())),
    ))
    rows.append(ft.Semantics(identifier=f"{prefix}-codes", content=field.current))
    if note:
        rows.append(ft.Text(note, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    if problem:
        rows.append(ft.Text(problem, key=f"{prefix}-pick-problem", color=ft.Colors.ERROR, size=13))
    return ft.Container(
        key=f"{prefix}-picker",
        padding=ft.Padding.only(top=4),
        content=ft.Column(rows, spacing=4, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
    )


def _wide_button(key: str, label: str, look: CardLook, on_click, *, active: bool, spoken: str,
                 disabled: bool = False) -> ft.Control:
    return ft.Container(
        expand=1,
        content=labelled(                                   # one node with its tap, named by `spoken`
            key,
            label=spoken,
            button=True,
            selected=active,
            control=ft.Container(
                key=key,
                height=48,
                bgcolor=look.colour,
                opacity=0.4 if disabled else 1.0,
                border=ft.Border.all(3, ft.Colors.ON_SURFACE) if active else (
                    ft.Border.all(1, "#90A4AE") if look is WHITEOUT_LOOK else None),
                border_radius=ft.BorderRadius.all(8),
                ink=True,
                disabled=disabled,
                on_click=on_click,
                alignment=ft.Alignment.CENTER,
                # `spoken` says all the drawn words say ("Add Rope" over "Rope"): they are not said again.
                content=ft.Semantics(exclude_semantics=True, content=ft.Row(
                    tight=True,
                    spacing=6,
                    alignment=ft.MainAxisAlignment.CENTER,
                    # A long label ("Lina: teraz dotknij jej karty") wraps in two lines, not cut at the edge.
                    controls=[ft.Icon(look.icon, color=look.ink, size=20),
                              ft.Text(label, color=look.ink, weight=ft.FontWeight.W_600, max_lines=2,
                                      size=13 if len(label) > 16 else None, text_align=ft.TextAlign.CENTER,
                                      expand=True, expand_loose=True)],
                )),
            ),
        ),
    )


def camp_words(camp: Camp) -> str:
    """A camp's requirements as the rulebook says them: 'Tally of 20 and a set of 3', 'Three sets of 3'."""
    counts: Counter[Requirement] = Counter(camp.requirements)
    parts = []
    for requirement in dict.fromkeys(camp.requirements):
        count = counts[requirement]
        if count == 1 and not parts:
            parts.append(tr(requirement.label))      # the first one opens the sentence: "Tally of 20"
        else:
            amount = requirement.target if requirement.kind is Kind.TALLY else requirement.size
            parts.append(_requirements(requirement.kind, count).format(count=number_word(count), amount=amount))
    return first_capital(and_list(parts))


def _requirements(kind: Kind, count: int) -> str:
    """'a set of {amount}' or '{count} sets of {amount}' ({count} in words): requirements of one kind, in a
    list of a camp's requirements."""
    if kind is Kind.SET:
        # i18n: in a list of a camp's requirements; {count} is a number in words ("three"), {amount} a number
        return ngettext("a set of {amount}", "{count} sets of {amount}", count)
    if kind is Kind.RUN:
        # i18n: in a list of a camp's requirements; {count} is a number in words ("two"), {amount} a number
        return ngettext("a run of {amount}", "{count} runs of {amount}", count)
    if kind is Kind.COLOUR_GROUP:
        # i18n: in a list of a camp's requirements; {count} is a number in words ("two"), {amount} a number
        return ngettext("a colour group of {amount}", "{count} colour groups of {amount}", count)
    if kind is Kind.COLOUR_RUN:
        # i18n: in a list of a camp's requirements; {count} is a number in words ("two"), {amount} a number
        return ngettext("a colour run of {amount}", "{count} colour runs of {amount}", count)
    if kind is Kind.SPREAD:
        # i18n: in a list of a camp's requirements; {count} is a number in words ("two"), {amount} a number
        return ngettext("a spread of {amount}", "{count} spreads of {amount}", count)
    # i18n: in a list of a camp's requirements; {count} is a number in words ("two"), {amount} the sum to reach
    return ngettext("a tally of {amount}", "{count} tallies of {amount}", count)


def requirement_hint(requirement: Requirement) -> str:
    """What a requirement's group must look like, in a few words ('The route')."""
    size = requirement.size
    kind = requirement.kind
    if kind is Kind.SET:
        return _("{size} or more cards of one rank").format(size=size)
    if kind is Kind.RUN:
        return _("{size} or more consecutive ranks").format(size=size)
    if kind is Kind.COLOUR_GROUP:
        return _("{size} or more cards of one colour").format(size=size)
    if kind is Kind.COLOUR_RUN:
        return _("{size} or more consecutive ranks in one colour").format(size=size)
    if kind is Kind.SPREAD:
        return _("exactly one card of each colour")
    return _("3 or more cards summing to exactly {target}").format(target=requirement.target)


def number_word(value: int) -> str:
    """'two' for 2 (up to ten), digits beyond; in the player's language."""
    return _(_WORDS[value]) if 0 <= value < len(_WORDS) else str(value)


