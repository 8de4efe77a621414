"""The Trek 12 play screen's panels: dice faces, the Dice Options row, Assist cards, the live score strip,
the sheet tabs and the scoring table of the end summary.

Plain functions building controls from values the engine computed (option results and reasons, score
breakdowns): no rule is decided here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft
import flet.canvas as cv

from companion.games.trek12.rules import Assist, LinkChoice, Op
from companion.games.trek12.scoring import penalty_parts
from companion.games.words import number
from companion.i18n import _, ngettext
from companion.ui.common.widgets import announced, bind, first_capital, labelled, labelled_value, longest_word, said
from companion.ui.trek12.turn import CARD_NAMES, CARD_TEXT, OP_NAMES, SOLO_SCHNAPPS_TEXT, OptionView

__all__ = [
    "RED",
    "YELLOW",
    "Tab",
    "die",
    "dice_entry",
    "dice_shown",
    "option_row",
    "card_row",
    "take_row",
    "link_choice_row",
    "number_text",
    "status_line",
    "score_strip",
    "sheet_tabs",
    "scoring_table",
]

RED = "#D32F2F"
YELLOW = "#F9C22E"
_PIP_ON_RED = "#FFFFFF"
_PIP_ON_YELLOW = "#3E2723"
# Pip positions on a 3 x 3 grid (column, row) for each face.
_PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}



@dataclass(frozen=True)
class Tab:
    """One sheet tab: whose sheet, their live total, and marks for the turn order."""

    key: str
    name: str
    total: int
    selected: bool
    to_play: bool = False
    played: bool = False
    is_max: bool = False


def die(value: int, colour: str, size: float) -> ft.Control:
    """A die face: pips for 1 to 6, a small 0 for the yellow die's blank face."""
    pip = _PIP_ON_RED if colour == RED else _PIP_ON_YELLOW
    if value == 0:
        # Drawn, as the pips are: the face is named by what holds it ("Yellow die shows 0"), so a drawn "0"
        # is not said a second time.
        face: ft.Control = cv.Canvas(width=size, height=size, shapes=[cv.Text(
            size * 0.5, size * 0.5, "0", alignment=ft.Alignment.CENTER,
            style=ft.TextStyle(size=size * 0.42, weight=ft.FontWeight.W_700, color=pip))])
    else:
        r = size * 0.09
        step = size * 0.27
        shapes = [cv.Circle(size * 0.5 + (c - 1) * step, size * 0.5 + (row - 1) * step, r,
                            paint=ft.Paint(color=pip, style=ft.PaintingStyle.FILL))
                  for c, row in _PIPS[value]]
        face = cv.Canvas(shapes=shapes, width=size, height=size)
    return ft.Container(width=size, height=size, bgcolor=colour, border_radius=size * 0.2,
                        alignment=ft.Alignment.CENTER, content=face,
                        shadow=ft.BoxShadow(blur_radius=3, offset=ft.Offset(0, 1), color="#33000000"))


@ft.component
def _DiceEntry(red: int | None, yellow: int | None, on_red: Callable[[int], None],
               on_yellow: Callable[[int], None], on_roll: Callable[[], None] | None, width: float,
               language: str = "") -> ft.Control:
    """Two rows of die faces to tap (red 1-6, yellow 0-5) beside the Roll button. `language` is the one they
    are drawn in (`i18n.current()`): it is passed only so that they are drawn again when it changes."""
    roll_w = 68.0 if on_roll is not None else 0.0
    size = max(34.0, min(48.0, (width - roll_w - 8 - 5 * 6) / 6))

    def face(kind: str, value: int, chosen: int | None, colour: str, pick: Callable[[int], None]) -> ft.Control:
        key = f"t12-{kind}-{value}"
        selected = chosen == value
        faded = chosen is not None and not selected
        # Its state said too ("selected"), not only drawn as a border.
        return ft.Semantics(identifier=key, selected=selected, button=True, content=ft.Container(
            key=key, on_click=bind(pick, value), opacity=0.45 if faded else 1.0, ink=True,    # ink: focusable
            border=ft.Border.all(3, ft.Colors.ON_SURFACE if selected else ft.Colors.TRANSPARENT),
            border_radius=size * 0.26, padding=2,
            tooltip=(_("Red die shows {value}") if kind == "red" else _("Yellow die shows {value}")).format(
                value=value),
            content=die(value, colour, size - 10),
        ))

    rows = ft.Column(spacing=6, tight=True, controls=[
        ft.Row(spacing=6, controls=[face("red", v, red, RED, on_red) for v in range(1, 7)]),
        ft.Row(spacing=6, controls=[face("yellow", v, yellow, YELLOW, on_yellow) for v in range(0, 6)]),
    ])
    controls: list[ft.Control] = [rows]
    if on_roll is not None:
        controls.append(labelled("t12-roll", ft.Container(
            key="t12-roll", on_click=on_roll, width=roll_w, height=size * 2 + 6, border_radius=16,
            bgcolor=ft.Colors.PRIMARY, alignment=ft.Alignment.CENTER, ink=True,
            content=ft.Column(tight=True, spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                ft.Icon(ft.Icons.CASINO_ROUNDED, color=ft.Colors.ON_PRIMARY, size=26),
                # i18n: the button that rolls the two dice (a verb)
                ft.Text(_("Roll"), color=ft.Colors.ON_PRIMARY, weight=ft.FontWeight.W_600),
            ]),
        )))
    return ft.Row(spacing=8, alignment=ft.MainAxisAlignment.CENTER, controls=controls)


# Memoized: the twelve faces are redrawn only when the chosen faces or the language change (give it stable
# handlers). A reload on a game's screen draws it before the device's language is known.
dice_entry = ft.memo(_DiceEntry)


def dice_shown(red: int, yellow: int, *, rolled: bool, on_change: Callable[[], None] | None,
               size: float = 36) -> ft.Control:
    """The round's dice, one above the other; a tap on them clears them to be entered again (while the
    roll is still this player's to change)."""
    shown = (_("Red {red}, yellow {yellow}, rolled in the app") if rolled
             else _("Red {red}, yellow {yellow}")).format(red=red, yellow=yellow)
    column = ft.Column(spacing=6, tight=True, controls=[die(red, RED, size), die(yellow, YELLOW, size)])
    if on_change is None:
        return ft.Semantics(label=shown, content=ft.Container(key="t12-dice", content=column))
    return ft.Semantics(identifier="t12-dice-change", label=_("{dice}, tap to change").format(dice=shown),
                        button=True,
                        content=ft.Container(key="t12-dice-change", on_click=on_change, ink=True, border_radius=10,
                                             # Shown to a finger held on it; the label says it already.
                                             tooltip=ft.Tooltip(message=_("Change the dice"),
                                                                exclude_from_semantics=True), content=column))


# A Dice Option's tile holds a name of up to two lines, its result and its boxes in the height it is given
# (76 px at the least): lines set close, as the theme's 1.43 would leave the boxes no room. A new style for
# each text: a tab's client can change a control's style in place, so no two tabs may hold the same one.
def _tight() -> ft.TextStyle:
    return ft.TextStyle(height=1.15)


_TILE_PAD = 4
_MOST_BOXES = 5     # an option's boxes drawn one by one up to this many (the printed sheets have 4), else counted


def option_row(views: Sequence[OptionView], selected: Op | None, *, on_pick: Callable[[Op], None],
               limit: int, dice: ft.Control | None = None, height: float = 82, tents: int = 0) -> ft.Control:
    """The Dice Options table as one row: each option's result and its boxes (filled = used); closed ones
    greyed with their reason. Before the roll the results are blank and nothing can be picked. `tents`: the
    Tents played so far, each a cross beside the sum's boxes ("Draw a cross outside the table, on the same
    line", The Assist cards)."""
    tiles: list[ft.Control] = [dice] if dice is not None else []
    for view in views:
        key = f"t12-op-{view.op.label}"
        chosen = view.op is selected
        idle = view.value is None
        closed = view.reason is not None
        crosses = tents if view.op is Op.SUM and not view.tent else 0
        # With the Tents' crosses beside them, the boxes (or "full") are drawn smaller: the foot keeps within the
        # 48 px a tile has inside on a 360 px phone, the dice beside it (5 boxes, a cross and its count: 47 px).
        box, gap = ((5 if limit >= _MOST_BOXES else 6), 1) if crosses else (8, 2)
        if limit > _MOST_BOXES:
            # A home-made sheet's many boxes ran off the tile's edge: counted instead ("3/10").
            boxes: ft.Control = ft.Text(f"{view.used}/{limit}", size=11, weight=ft.FontWeight.W_600,
                                        color=ft.Colors.ON_PRIMARY if chosen else ft.Colors.ON_SURFACE_VARIANT)
        else:
            boxes = ft.Row(spacing=gap, tight=True, alignment=ft.MainAxisAlignment.CENTER, controls=[
                ft.Container(width=box, height=box, border_radius=2,
                             bgcolor=(ft.Colors.ON_PRIMARY if chosen else ft.Colors.ON_SURFACE_VARIANT)
                             if n < view.used else None,
                             border=ft.Border.all(1, ft.Colors.ON_PRIMARY if chosen else ft.Colors.ON_SURFACE_VARIANT))
                for n in range(limit)
            ])
        if view.tent:
            foot: ft.Control = ft.Text(_(CARD_NAMES[Assist.TENT]), size=11, weight=ft.FontWeight.W_700,
                                       color=ft.Colors.ON_PRIMARY if chosen else ft.Colors.TERTIARY)
        elif closed:
            # Full when its boxes are used up (the engine's own count), else closed for the reason on the tooltip.
            # i18n: under a Dice Option whose boxes are all used / which cannot be chosen now
            foot = ft.Text(_("full") if view.left == 0 else _("closed"), size=11,
                           color=ft.Colors.ERROR)
        else:
            foot = boxes
        if crosses:
            if isinstance(foot, ft.Text):
                foot.size = 9           # "full" (the Tent's time) or "closed", beside the crosses
            # In the text's own colour, full strength: a light 9 px cross on a closed tile was hard to see.
            ink = ft.Colors.ON_PRIMARY if chosen else ft.Colors.ON_SURFACE
            foot = ft.Row(spacing=1, tight=True, alignment=ft.MainAxisAlignment.CENTER, controls=[
                foot, ft.Icon(ft.Icons.CLOSE_ROUNDED, size=11, color=ink),
                *([ft.Text(str(crosses), size=9, weight=ft.FontWeight.W_700, color=ink)] if crosses > 1 else [])])
        fg = ft.Colors.ON_PRIMARY if chosen else (ft.Colors.OUTLINE if closed or idle else ft.Colors.ON_SURFACE)
        name = _(OP_NAMES[view.op])
        reason = said(view.reason) if view.reason else None
        if idle:
            described = ngettext("{op}: {left} of {n} box left", "{op}: {left} of {n} boxes left", limit).format(
                op=name, left=view.left, n=limit)
        elif closed:
            described = _("{op} {value}, closed: {reason}").format(op=name, value=view.value, reason=reason)
        else:
            described = ngettext("{op} {value}, {left} of {n} box left", "{op} {value}, {left} of {n} boxes left",
                                 limit).format(op=name, value=view.value, left=view.left, n=limit)
        if crosses:
            # i18n: after an option's words ("Sum 7, 0 of 4 boxes left"): the Tents played beside its boxes
            described = ngettext("{described}; {n} Tent played", "{described}; {n} Tents played", crosses).format(
                described=described, n=crosses)
        tile = ft.Container(
            key=key, expand=True, height=height, border_radius=14, ink=not (closed or idle),
            disabled=closed or idle, on_click=None if closed or idle else bind(on_pick, view.op),
            # Its label says the reason already ("Plus 11, closed: …"): the tooltip is not said again.
            tooltip=ft.Tooltip(message=first_capital(reason), exclude_from_semantics=True) if closed and reason
            else None,
            bgcolor=ft.Colors.PRIMARY if chosen else (ft.Colors.SURFACE_CONTAINER_LOW if closed or idle
                                                      else ft.Colors.SURFACE_CONTAINER_HIGHEST),
            border=ft.Border.all(2 if chosen else 1, ft.Colors.PRIMARY if chosen else ft.Colors.OUTLINE_VARIANT),
            # No padding at the sides: beside the round's dice on a phone of 360 a tile is 56 px wide, and every
            # pixel counts for "Plus grande" on one line. The chosen tile's border is a pixel thicker: a pixel less
            # padding above and below keeps its height.
            padding=ft.Padding.symmetric(vertical=_TILE_PAD - 1 if chosen else _TILE_PAD, horizontal=0),
            # What the tile shows is said by its label: read once, not the label and then the same words again.
            content=ft.Semantics(exclude_semantics=True, content=ft.Column(
                spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                alignment=ft.MainAxisAlignment.CENTER, controls=[
                                  # Two lines for a long name ("Niedrige Zahl"); smaller still for the
                                  # longest, and for a long word: beside the round's dice a tile has about
                                  # 54 px inside, where "Plus grande" did not fit on a line ("Plus / grande
                                  # va…") nor "Différence" at 10 ("Différenc / e").
                                  ft.Text(name, size=_name_size(name), color=fg,
                                          weight=ft.FontWeight.W_500, max_lines=2, style=_tight(),
                                          overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
                                  ft.Text("–" if idle else str(view.value), size=24, weight=ft.FontWeight.W_700,
                                          color=fg, key=f"{key}-value", style=_tight()),
                                  foot,
                              ])),
        )
        # The semantics node is keyed by whether the tile takes taps, so that Flutter builds it afresh when the tile
        # opens: updated in place, the web client dropped its identifier once the tile became tappable. Chosen or
        # not, an open tile keeps its node: rebuilt when chosen, it lost the keyboard's focus to its neighbour,
        # where a second Enter chose that option instead.
        state_key = "off" if idle or closed else "on"
        # Merged, the label, the state and the tap are one node; apart, the tap was a button with no name. Keyed
        # by the tile's state as the node inside is, so it too is built afresh when the tile opens.
        tiles.append(ft.MergeSemantics(key=f"{key}@{state_key}", expand=True, content=ft.Semantics(
            key=f"{key}@{state_key}", identifier=key, label=described, button=True, selected=chosen,
            disabled=closed or idle, expand=True, content=tile)))
    return ft.Row(spacing=5, controls=tiles, key="t12-options", vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _name_size(name: str) -> int:
    """The size of a dice option's name on its tile: smaller for a long name, or one with a long word."""
    if len(name) > 14 or longest_word(name) >= 10:
        return 9
    return 11 if len(name) <= 9 else 10


def card_row(held: Sequence[Assist], in_use: Sequence[Assist], *, on_toggle: Callable[[Assist], None],
             enabled: bool, solo: bool = False) -> ft.Control:
    """The Assist cards held, each a toggle: tap to use it this turn (tap again to put it away); `solo`: against
    Max, whose number comes from the Schnapps' new roll too."""
    if not held:
        return ft.Text(_("No Assist cards held. A new zone of 0s, 1s or 2s earns one."), size=12,
                       color=ft.Colors.ON_SURFACE_VARIANT, key="t12-cards-none")
    chips = []
    counted: dict[Assist, int] = {}
    for card in held:
        counted[card] = counted.get(card, 0) + 1
    for card, count in counted.items():
        key = f"t12-card-{card.value}"
        using = card in in_use
        label = _(CARD_NAMES[card]) + (f" ×{count}" if count > 1 else "")
        shown = _("{card} · in use").format(card=label) if using else label
        does = _(SOLO_SCHNAPPS_TEXT if solo and card is Assist.SCHNAPPS else CARD_TEXT[card])
        # One node, said once: its name, then what it does, and whether it is in use (its toggled state, drawn
        # as "· in use"); tapping toggles it. The tooltip shows the same words to a finger held on it, and is not
        # said again.
        # Keyed by whether it takes taps, for the same reason as the option tiles (a fresh semantics node).
        state_key = f"{key}@{'on' if enabled else 'off'}"
        # i18n: an Assist card held: its name, then what it does ("Compass: write in a circle …")
        words = _("{card}: {does}").format(card=label, does=does)
        chips.append(ft.MergeSemantics(key=state_key, content=ft.Semantics(
            key=state_key, identifier=key, disabled=not enabled, button=True, toggled=using, label=words,
            content=ft.Container(
                key=key, on_click=bind(on_toggle, card) if enabled else None, disabled=not enabled, ink=True,
                tooltip=ft.Tooltip(message=words, exclude_from_semantics=True),
                padding=ft.Padding.symmetric(horizontal=12, vertical=8), border_radius=20,
                bgcolor=ft.Colors.TERTIARY if using else ft.Colors.TERTIARY_CONTAINER,
                content=ft.Semantics(exclude_semantics=True, content=ft.Row(spacing=6, tight=True, controls=[
                    ft.Icon(_CARD_ICONS[card], size=18,
                            color=ft.Colors.ON_TERTIARY if using else ft.Colors.ON_TERTIARY_CONTAINER),
                    ft.Text(shown, size=13, weight=ft.FontWeight.W_600, key=f"{key}-name",
                            color=ft.Colors.ON_TERTIARY if using else ft.Colors.ON_TERTIARY_CONTAINER),
                ])),
            ))))
    return ft.Row(wrap=True, spacing=8, run_spacing=6, controls=chips, key="t12-cards")


def take_row(held: Sequence[Assist], *, giving_back: bool, on_take: Callable[[Assist | None], None],
             on_give_back: Callable[[Assist], None]) -> ft.Control:
    """Choose the Assist card the new zone earns (or none); then, holding three, the one returned."""
    if giving_back:
        buttons = [labelled(f"t12-giveback-{card.value}", ft.OutlinedButton(
            _("Give back {card}").format(card=_(CARD_NAMES[card])), key=f"t12-giveback-{card.value}",
            on_click=bind(on_give_back, card)))
            for card in dict.fromkeys(held)]
    else:
        # Said "Take the Compass", not "Compass": beside the held cards' switches, named by the card too, a
        # screen reader heard one word for two taps. Drawn as the card's name under the question ("A new zone
        # of 1s: take an Assist card?"): "Prendre la Boussole" and the rest took a line each at 360 px, and
        # "No card" fell out of sight below the area's edge.
        buttons = [labelled(f"t12-take-{card.value}", ft.FilledTonalButton(
            _(CARD_NAMES[card]), key=f"t12-take-{card.value}", icon=_CARD_ICONS[card], on_click=bind(on_take, card)),
            # i18n: a button: take this Assist card for the new zone just made
            label=_("Take the {card}").format(card=_(CARD_NAMES[card])), button=True)
            for card in Assist]
        buttons.append(labelled("t12-take-none", ft.TextButton(_("No card"), key="t12-take-none",
                                                               on_click=bind(on_take, None))))
    return ft.Row(wrap=True, spacing=8, run_spacing=6, controls=buttons, key="t12-take")


def link_choice_row(choices: Sequence[LinkChoice], cells: Mapping[int, Any], *,
                    on_pick: Callable[[LinkChoice], None], prefix: str = "t12-link") -> ft.Control:
    """The open link choices as buttons too, for whoever prefers reading to tapping the sheet."""
    buttons = []
    for index, choice in enumerate(choices):
        text = _link_words([(cells.get(c), c) for c in choice.ends])
        key = f"{prefix}-{index}"
        buttons.append(labelled(key, ft.OutlinedButton(text, key=key, on_click=bind(on_pick, choice))))
    return ft.Row(wrap=True, spacing=8, run_spacing=6, controls=buttons, key=prefix)


def _link_words(ends: Sequence[tuple[Any, int]]) -> str:
    """A link choice's button: "Link to 4 in circle 3 and 6 in circle 9", or "No link"."""
    if not ends:
        return _("No link")
    if len(ends) == 1:
        (number, circle), = ends
        return _("Link to {number} in circle {circle}").format(number=number, circle=circle)
    (low, low_circle), (high, high_circle) = ends[0], ends[-1]
    return _("Link to {number} in circle {circle} and {number2} in circle {circle2}").format(
        number=low, circle=low_circle, number2=high, circle2=high_circle)


def status_line(text: str, *, tone: str = "info", key: str = "t12-status",
                on_click: Callable[[], None] | None = None, tap_key: str | None = None) -> ft.Control:
    """One line under the sheet: what to do next, or (tone 'warning') why the last tap did nothing; with
    `on_click`, a line to tap (it says what the tap does), keyed `tap_key`."""
    warning = tone == "warning"
    # Said as it changes: it is where a tap's answer comes (what to do next, or why nothing happened).
    return announced(ft.Container(
        key=tap_key, padding=ft.Padding.symmetric(horizontal=12, vertical=8), border_radius=12, on_click=on_click,
        ink=on_click is not None,
        bgcolor=(ft.Colors.ERROR_CONTAINER if warning else ft.Colors.SECONDARY_CONTAINER if on_click
                 else ft.Colors.SURFACE_CONTAINER_HIGH),
        content=ft.Row(spacing=8, controls=[
            ft.Icon(ft.Icons.ERROR_OUTLINE_ROUNDED if warning else ft.Icons.SWAP_HORIZ_ROUNDED if on_click
                    else ft.Icons.TOUCH_APP_ROUNDED, size=18,
                    color=ft.Colors.ON_ERROR_CONTAINER if warning else ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(text, key=key, expand=True, size=13,
                    color=ft.Colors.ON_ERROR_CONTAINER if warning else ft.Colors.ON_SURFACE),
        ]),
    ), key=f"{key}-announced")


def score_strip(score: Mapping[str, Any], *, prefix: str = "t12-score", max_rules: bool = False,
                on_details: Callable[[], None] | None = None, width: float = 366) -> ft.Control:
    """The paper sheet's scoring boxes in one row `width` wide: lines, zones, bonuses, penalties, total (live);
    a tap opens the full scoring table."""
    lines = sum(x["points"] for x in score["lines"])
    zones = sum(x["points"] for x in score["zones"])
    bonus = score["line_bonus"] + score["zone_bonus"]
    parts = penalty_parts(score, max_rules=max_rules)
    penalty = parts["skulls"] + parts["orphans"] + parts["cards"]

    # A phone narrower than 380 px gives the total's box less room (a score is three digits at most) and the
    # captions' boxes less padding: "Kletterzonen (2)" and "Bonuspunkte" broke inside the word at 360 px.
    narrow = width < 380
    total_w, pad = (60, 2) if narrow else (76, 4)
    inner = (width - total_w - 4 * 4) / 4 - 2 * pad

    def caption_size(caption: str) -> int:
        """10 px, or smaller as far as 8 px when the caption's longest word would not fit its box (measured at
        0.56 em a letter: "Bonuspunkte" at 10 px needs 62 px, more than the 53 px estimated at 0.52)."""
        longest = max(map(len, caption.split()), default=0)
        return next((size for size in (10, 9) if longest * size * 0.56 <= inner), 8)

    def box(key: str, caption: str, value: str, *, strong: bool = False) -> ft.Control:
        return ft.Container(
            expand=1 if not strong else 0, width=total_w if strong else None,
            padding=ft.Padding.symmetric(vertical=6, horizontal=pad), border_radius=10,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if strong else ft.Colors.SURFACE_CONTAINER_HIGH,
            content=ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                # Up to four lines: "Seilrouten (3)" is wider than a fifth of a phone, skulls, orphans and cards
                # more ("1 Totenkopf, 5 einsame Kreise" takes four).
                ft.Text(caption, size=caption_size(caption), color=ft.Colors.ON_SURFACE_VARIANT, max_lines=4,
                        text_align=ft.TextAlign.CENTER),
                ft.Text(value, key=f"{prefix}-{key}", size=20 if strong else 16, weight=ft.FontWeight.W_700,
                        color=ft.Colors.ON_PRIMARY_CONTAINER if strong else ft.Colors.ON_SURFACE),
            ]),
        )

    skulls, orphans, cards = score["skulls"], score["orphans"], score.get("assists") or 0
    # The box adds up more than skulls: each other thing in it is named, or "1 skull" would stand over a 0
    # or a +3, and the orphans (which the paper sheet marks with skulls only at the end) would be counted as
    # skulls that are not drawn. No skulls are named only when nothing else is (a phone's box is narrow).
    # Each count with its own points: drawn, the box shows one sum under the counts; read aloud, each count
    # says its points ("1 skull (−3), 5 orphans (+15)"), as one sum after them all, Max's "1 skull,
    # 5 orphans (+12)", was heard as what the orphans alone gave.
    counts = [(ngettext("{n} skull", "{n} skulls", skulls).format(n=skulls), parts["skulls"])] if skulls else []
    if orphans:
        # A player's orphans cost 3 points each; Max's earn him 3 (his Special Bonus).
        # i18n: numbers in no line and no zone, counted in a scoring box (-3 each for a player, +3 for Max)
        counts.append((ngettext("{n} orphan", "{n} orphans", orphans).format(n=orphans), parts["orphans"]))
    if cards:
        # Assist cards cashed at the end, +3 each.
        counts.append((ngettext("{n} card", "{n} cards", cards).format(n=cards), parts["cards"]))
    if not counts:
        counts = [(ngettext("{n} skull", "{n} skulls", 0).format(n=0), 0)]

    def listed(items: Sequence[str]) -> str:
        out = items[0]
        for item in items[1:]:
            out = _("{first}, {next}").format(first=out, next=item)
        return out

    penalty_caption = listed([words for words, _points in counts])
    penalties = listed([f"{words} ({_signed(points) if points else '0'})" for words, points in counts])
    row = ft.Row(spacing=4, controls=[
        # i18n: a scoring box: the points of the Fixed Lines, and how many lines there are
        box("lines", _("Lines ({count})").format(count=len(score["lines"])), str(lines)),
        # i18n: a scoring box: the points of the Mapped Zones, and how many zones there are
        box("zones", _("Zones ({count})").format(count=len(score["zones"])), str(zones)),
        box("bonus", _("Bonuses"), f"+{bonus}"),
        box("penalty", penalty_caption, _signed(penalty) if penalty else "0"),
        box("total", _("Score"), number_text(score["total"]), strong=True),
    ])
    if on_details:
        # i18n: the live score read aloud; {penalties} is each count of the penalty box with its points,
        # "1 skull (−3), 2 orphans (−6)"
        read = _("Score {total}: lines {lines}, zones {zones}, bonuses {bonus}, {penalties}, tap for the scoring "
                 "table")
    else:
        # i18n: the live score read aloud; {penalties} is each count of the penalty box with its points
        read = _("Score {total}: lines {lines}, zones {zones}, bonuses {bonus}, {penalties}")
    read = read.format(total=number_text(score["total"]), lines=lines, zones=zones, bonus=bonus, penalties=penalties)
    # Merged: the label and the tap are one node (apart, the tap was a button with no name).
    return labelled(prefix, ft.Container(
        key=prefix, on_click=on_details, ink=on_details is not None, border_radius=10,
        content=ft.Semantics(exclude_semantics=True, content=row)),     # said by the label, once
        label=read, button=on_details is not None)


def _tab_words(tab: Tab) -> str:
    """A sheet tab read aloud: whose sheet, its points, and whether its player is the one to play now or has
    played this round (what the pencil and the tick show)."""
    # −1 is one point, said as 1 is ("−1 point", "−1 Punkt").
    words = ngettext("{name}'s sheet, {n} point", "{name}'s sheet, {n} points", abs(tab.total)).format(
        name=tab.name, n=number(tab.total))
    if tab.to_play:
        # i18n: a sheet tab read aloud, whose player is the one to play now (its pencil): "Ann's sheet, 4 points,
        # to play"
        return _("{sheet}, to play").format(sheet=words)
    if tab.played:
        # i18n: a sheet tab read aloud, whose player has played this round: "Ann's sheet, 4 points, played"
        return _("{sheet}, played").format(sheet=words)
    return words


def sheet_tabs(tabs: Sequence[Tab], *, on_pick: Callable[[str], None]) -> ft.Control:
    """Whose sheet is shown: one tab per player on this device, and Max's in Free Solo, with live totals."""
    items = []
    for tab in tabs:
        colour = ft.Colors.ON_SECONDARY_CONTAINER if tab.selected else ft.Colors.ON_SURFACE
        marks: list[ft.Control] = []
        if tab.to_play:
            marks.append(ft.Icon(ft.Icons.EDIT_ROUNDED, size=14, color=colour))
        elif tab.played:
            marks.append(ft.Icon(ft.Icons.CHECK_ROUNDED, size=14, color=colour))
        if tab.is_max:
            marks.append(ft.Icon(ft.Icons.SMART_TOY_OUTLINED, size=14, color=colour))
        # Merged: the label, the state and the tap are one node (apart, the tap was a button with no name).
        items.append(ft.MergeSemantics(expand=True, content=ft.Semantics(
                                  identifier=tab.key, selected=tab.selected, button=True, expand=True,
                                  label=_tab_words(tab),
                                  content=ft.Container(
            key=tab.key, expand=True, on_click=bind(on_pick, tab.key), ink=True, height=40,
            border_radius=20, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if tab.selected else None,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            # The label says the name and the points: the tab's text is not read a second time.
            content=ft.Semantics(exclude_semantics=True, content=ft.Row(
                spacing=6, tight=True, alignment=ft.MainAxisAlignment.CENTER, controls=[
                *marks,
                # Flexible but loose: a short name keeps the tab's content centred, a long one is cut so
                # that the score beside it stays in sight.
                ft.Text(tab.name, weight=ft.FontWeight.W_600, color=colour, no_wrap=True,
                        overflow=ft.TextOverflow.ELLIPSIS, expand=True, expand_loose=True),
                ft.Text(number_text(tab.total), key=f"{tab.key}-total", color=colour, weight=ft.FontWeight.W_700),
            ])),
        ))))
    return ft.Row(spacing=6, controls=items, key="t12-tabs")


def scoring_table(index: int, name: str, score: Mapping[str, Any], *, summit: int | None, winner: bool,
                  max_rules: bool, prefix: str = "t12-sum", named: bool = True, over: bool = True,
                  cards_to_come: bool = False) -> ft.Control:
    """One sheet's scoring table as on paper: a box per Fixed Line and per Zone, bonuses, penalties, final
    score, and the summit reached or not. Keys `<prefix>-<index>-<row>`. Not `named` where a title names
    the player already (the dialog "Ann's scoring table" was followed by "Ann"). Not `over` during the Ascent:
    the summit is still to reach, not missed. `cards_to_come`: an Expedition's sheet, whose cards are cashed
    on the Expedition's scoring, where they count towards the summit too."""
    k = f"{prefix}-{index}"

    def boxes(values: Sequence[int], key: str) -> ft.Control:
        if not values:
            return ft.Text("—", color=ft.Colors.ON_SURFACE_VARIANT, key=key)
        return ft.Row(wrap=True, spacing=4, run_spacing=4, key=key, controls=[
            ft.Container(width=34, height=30, border_radius=6, alignment=ft.Alignment.CENTER,
                         border=ft.Border.all(1, ft.Colors.OUTLINE),
                         content=ft.Text(str(v), weight=ft.FontWeight.W_600))
            for v in values
        ])

    def row(label: str, middle: ft.Control, points: str, key: str) -> ft.Control:
        # Said as one line, label first ("Fixed Lines: 8, 5, 5, 7, 7; 32"): boxes that wrap onto a second line
        # were read by their place on screen, half of them before the row's own label.
        if isinstance(middle, ft.Row):
            detail = ", ".join(str(box.content.value) for box in middle.controls)
        else:
            detail = str(middle.value) if middle.value != "—" else ""
        if detail == points or (not detail and points in ("0", "+0")):
            # One Fixed Line of 13 was "Fixed Lines: 13; 13", no Zone "Mapped Zones: none; 0" (and its bonus
            # "Largest zone: none; +0"): said once.
            spoken = labelled_value(label, points)
        else:
            # i18n: a row of the scoring table read aloud: its label, what it counts, its points ("Skulls: 2 × −3; −6")
            spoken = _("{row}: {detail}; {points}").format(row=label, detail=detail or _("none"), points=points)
        return ft.Semantics(label=spoken, exclude_semantics=True, content=ft.Container(
            padding=ft.Padding.symmetric(vertical=6),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
            content=ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                ft.Text(label, width=104, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                ft.Container(expand=True, content=middle),
                ft.Text(points, key=key, width=44, text_align=ft.TextAlign.RIGHT, weight=ft.FontWeight.W_700),
            ])))

    line_points = [x["points"] for x in score["lines"]]
    zone_points = [x["points"] for x in score["zones"]]
    longest = max((len(x["circles"]) for x in score["lines"]), default=0)
    largest = max((len(x["circles"]) for x in score["zones"]), default=0)
    parts = penalty_parts(score, max_rules=max_rules)
    orphan_points = parts["orphans"]
    cards = score.get("assists", 0)
    total = score["total"]
    orphans = f"{score['orphans']} × {_signed(parts['per_orphan'])}"
    rows = [
        row(_("Fixed Lines"), boxes(line_points, f"{k}-lines"), str(sum(line_points)), f"{k}-lines-points"),
        row(_("Mapped Zones"), boxes(zone_points, f"{k}-zones"), str(sum(zone_points)), f"{k}-zones-points"),
        row(_("Longest line"), ft.Text(_circles(longest), size=13), f"+{score['line_bonus']}", f"{k}-line-bonus"),
        row(_("Largest zone"), ft.Text(_circles(largest), size=13), f"+{score['zone_bonus']}", f"{k}-zone-bonus"),
        row(_("Skulls"), ft.Text(f"{score['skulls']} × {_signed(parts['per_skull'])}", size=13),
            _signed(parts['skulls']) if score["skulls"] else "0", f"{k}-skulls"),
        # i18n: Max's orphans count for him (+3 each) instead of against him: "2 × +3 (Max)"
        row(_("Orphans"), ft.Text(_("{orphans} (Max)").format(orphans=orphans) if max_rules else orphans, size=13),
            _signed(orphan_points) if orphan_points else "0", f"{k}-orphans"),
    ]
    if cards:
        rows.append(row(_("Cards cashed"), ft.Text(f"{cards} × {_signed(parts['per_card'])}", size=13),
                        _signed(parts['cards']), f"{k}-cards"))
    reached = summit is not None and total >= summit
    if summit is None:
        summit_text = _("No summit on this sheet")
    elif reached:
        # i18n: the sheet's summit score, reached: "Summit 60+ reached"
        summit_text = _("Summit {summit}+ reached").format(summit=summit)
    elif not over:
        # i18n: during the Ascent, the points still to score to reach the sheet's summit score
        summit_text = ngettext("Summit {summit}+: {n} point to go", "Summit {summit}+: {n} points to go",
                               summit - total).format(summit=summit, n=summit - total)
    elif cards_to_come:
        # i18n: an Expedition's sheet is full: its points short of the summit before the cards cashed (+3 each)
        summit_text = ngettext("Summit {summit}+: {n} point short on the sheet; cards cashed count too",
                               "Summit {summit}+: {n} points short on the sheet; cards cashed count too",
                               summit - total).format(summit=summit, n=summit - total)
    else:
        summit_text = ngettext("Summit {summit}+ not reached ({n} short)", "Summit {summit}+ not reached ({n} short)",
                               summit - total).format(summit=summit, n=summit - total)
    return ft.Container(
        key=k, border_radius=16, padding=14, bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(2 if winner else 1, ft.Colors.PRIMARY if winner else ft.Colors.OUTLINE_VARIANT),
        col={"xs": 12, "md": 6},
        # A node of its own: two tables abreast were read row by row across both (Ann's penalties and final
        # score after all of Max's table), as a screen reader orders what stands side by side.
        content=ft.Semantics(container=True, content=ft.Column(spacing=0, tight=True, controls=[
            *([ft.Row(controls=[
                ft.Text(name, size=18, weight=ft.FontWeight.W_700, expand=True, key=f"{k}-name"),
                *([ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, color=ft.Colors.AMBER_700, key=f"{k}-winner")]
                  if winner else []),
            ])] if named or winner else []),
            *rows,
            # Said as one line, as the rows above are ("Final score: 44"): apart, the number was heard bare.
            ft.Semantics(label=labelled_value(_("Final score"), number_text(total)), exclude_semantics=True,
                         content=ft.Container(padding=ft.Padding.only(top=10), content=ft.Row(controls=[
                             ft.Text(_("Final score"), size=15, weight=ft.FontWeight.W_600, expand=True),
                             ft.Text(number_text(total), key=f"{k}-total", size=26, weight=ft.FontWeight.W_800,
                                     color=ft.Colors.PRIMARY),
                         ]))),
            ft.Row(spacing=6, controls=[
                ft.Icon(ft.Icons.FLAG_ROUNDED if reached else ft.Icons.OUTLINED_FLAG_ROUNDED, size=18,
                        color=ft.Colors.GREEN_700 if reached else ft.Colors.ON_SURFACE_VARIANT),
                ft.Text(summit_text, key=f"{k}-summit", size=13, expand=True),  # wraps in a narrow dialog
            ]),
        ])),
    )


_CARD_ICONS = {
    Assist.COMPASS: ft.Icons.EXPLORE_ROUNDED,
    Assist.ROPE: ft.Icons.ROUTE_ROUNDED,
    Assist.TENT: ft.Icons.CABIN_ROUNDED,
    Assist.SCHNAPPS: ft.Icons.LOCAL_BAR_ROUNDED,
}


def _circles(count: int) -> str:
    """A line's or a zone's size in the scoring table ("5 circles"), or a dash when there is none."""
    return ngettext("{n} circle", "{n} circles", count).format(n=count) if count else "—"


def number_text(points: Any) -> str:
    """A score as the sheet writes it: a negative one with a true minus sign (−4, `words.number`), as its
    penalties are; a record's value that is no number as it is."""
    return number(points) if isinstance(points, int) else str(points)


def _signed(points: int) -> str:
    """Points per item as printed on the sheet: +3 or −3 (a true minus sign)."""
    return f"+{points}" if points >= 0 else f"−{-points}"
