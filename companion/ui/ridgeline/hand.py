"""Ridgeline's end-of-hand panel: who went out, who pitched, and every other seat's cards left in hand,
tapped in as coloured cards, with each seat's fatigue previewed by the engine as the cards go in.

The draft is the screen's, kept beside the game as it changes (`companion.ui.common.drafts`, so that a
reload finds it); it becomes a hand when the keeper accepts it (`SessionKeeper.act`), and the engine's
refusal (InvalidInput, IllegalAction) is shown where the button is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.games.ridgeline.cards import CardCode, cards_fatigue, parse_card, supply_problem
from companion.games.ridgeline.rules import SeatName, State, hand_problem, next_hand, parse_hand
from companion.games.ridgeline.scoring import fatigue_preview
from companion.i18n import _, ngettext, tr
from companion.ui.common.services import Refused, update_unless_refused
from companion.ui.common.widgets import (bind, colour_dot, labelled, labelled_value, message_card,
                                         seat_chip, section_title)
from companion.ui.ridgeline.parts import CardPicker, card_tray
from companion.ui.ridgeline.table import FALLBACK_COLOUR

__all__ = ["HandDraft", "hand_panel", "draft_problem"]


@dataclass(frozen=True)
class HandDraft:
    """A hand's result being entered: who went out, who pitched, the cards left per seat, the seat being edited."""

    went_out: SeatName | None = None
    pitched: tuple[SeatName, ...] = ()
    left: tuple[tuple[SeatName, tuple[CardCode, ...]], ...] = ()
    active: SeatName | None = None
    marked: SeatName | None = None  # the seat marked as pitched only because it was chosen as going out

    @classmethod
    def of_entry(cls, doc: Any, names: tuple[SeatName, ...]) -> HandDraft:
        """A hand entered before (a correction asks for it again), as the form to change: who went out, who
        pitched, each seat's cards; the form of nothing when `doc` is not a hand's entry."""
        if not isinstance(doc, Mapping) or doc.get("went_out") not in names:
            return cls()
        pitched, left = doc.get("pitched"), doc.get("left")
        pitched = pitched if isinstance(pitched, list) else []
        left = left if isinstance(left, Mapping) else {}
        cards = tuple((name, tuple(str(code) for code in left[name])) for name in names
                      if name != doc["went_out"] and isinstance(left.get(name), list))
        # Who went out and pitched reads as chosen with going out (`choose_out`): another seat chosen as going
        # out takes that mark away with it, as on a form filled from nothing.
        return cls(went_out=doc["went_out"], pitched=tuple(name for name in names if name in pitched), left=cards,
                   active=next((name for name in names if name != doc["went_out"]), None),
                   marked=doc["went_out"] if doc["went_out"] in pitched else None)

    def to_doc(self) -> dict[str, Any]:
        """The draft as a document to keep (`from_doc` reads it back); empty when nothing is entered yet."""
        if self == HandDraft():
            return {}
        return {"went_out": self.went_out, "pitched": list(self.pitched),
                "left": [[name, list(codes)] for name, codes in self.left], "active": self.active,
                "marked": self.marked}

    @classmethod
    def from_doc(cls, doc: Any, names: tuple[SeatName, ...]) -> HandDraft:
        """A kept draft (`to_doc`) for a table of `names`: what does not fit the table (another seat's name, a
        card code that is none) is left out, and a document that is no draft gives the empty form."""
        if not isinstance(doc, Mapping):
            return cls()

        def seat(value: Any) -> SeatName | None:
            return value if value in names else None

        pitched = doc.get("pitched") if isinstance(doc.get("pitched"), list) else []
        left = []
        for item in doc.get("left") if isinstance(doc.get("left"), list) else []:
            if isinstance(item, list) and len(item) == 2 and seat(item[0]) and isinstance(item[1], list):
                left.append((item[0], tuple(code for code in item[1] if _is_card(code))))
        return cls(went_out=seat(doc.get("went_out")), pitched=tuple(n for n in names if n in pitched),
                   left=tuple(left), active=seat(doc.get("active")), marked=seat(doc.get("marked")))

    def cards(self, seat: SeatName) -> tuple[CardCode, ...]:
        """The cards entered for a seat so far."""
        return next((codes for name, codes in self.left if name == seat), ())

    def with_cards(self, seat: SeatName, codes: tuple[CardCode, ...]) -> HandDraft:
        """The draft with a seat's cards replaced."""
        others = tuple((name, cards) for name, cards in self.left if name != seat)
        return replace(self, left=others + ((seat, codes),))

    def choose_out(self, seat: SeatName, names: tuple[SeatName, ...]) -> HandDraft:
        """`seat` went out: it most likely pitched too (a full hand only empties by pitching), and the cards
        editor moves to the first seat that still holds cards."""
        chosen = set(self.pitched)
        if self.marked is not None and self.marked != seat:
            chosen.discard(self.marked)  # a corrected choice takes its mark away with it
        marked = seat if seat not in chosen else self.marked if self.marked == seat else None
        chosen.add(seat)
        active = self.active if self.active not in (None, seat) else next((n for n in names if n != seat), None)
        return replace(self, went_out=seat, pitched=tuple(n for n in names if n in chosen), active=active,
                       marked=marked)

    def toggle_pitched(self, seat: SeatName, names: tuple[SeatName, ...]) -> HandDraft:
        """Add or remove a seat from those who pitched (a choice of the user's, so no longer just a mark)."""
        chosen = set(self.pitched) ^ {seat}
        marked = None if self.marked == seat else self.marked
        return replace(self, pitched=tuple(n for n in names if n in chosen), marked=marked)

    def action(self, names: tuple[SeatName, ...]) -> dict[str, Any]:
        """The keeper's action: the score file's hand shape, every seat but the one who went out in 'left'."""
        return {
            "went_out": self.went_out,
            "pitched": list(self.pitched),
            "left": {name: list(self.cards(name)) for name in names if name != self.went_out},
        }


def _is_card(code: Any) -> bool:
    try:
        parse_card(code)
    except CompanionError:
        return False
    return True


def draft_problem(state: State, draft: HandDraft) -> tuple[str, SeatName | None] | None:
    """What the table must be asked before the hand is recorded, or None: a seat whose cards were left blank
    (only the seat who went out holds none) or more cards than a seat that pitched can hold, as the engine
    says it (`hand_problem`: a `Message`, shown with `tr`), with the first blank seat to open for its cards.
    Asked even in a game saved before the engine checked this itself."""
    names = state.setup.names
    if draft.went_out is None:
        return None
    try:
        result = parse_hand(draft.action(names), names)
    except CompanionError:
        return None      # recording it gives the engine's own refusal
    problem = hand_problem(state, result)
    if problem is None:
        return None
    return problem, next((name for name in names if name != draft.went_out and not draft.cards(name)), None)


def hand_panel(
    state: State,
    draft: HandDraft,
    set_draft: Callable[[HandDraft], None],
    colours: Mapping[SeatName, str],
    *,
    on_submit: Callable[[], None],
    problem: str | None,
    changed: str | None = None,
) -> list[ft.Control]:
    """The end of the coming hand: went out, pitched, cards left with live fatigue, and the Record button;
    `changed` says, above the form, that another device's change replaced what was tapped into it."""
    coming = next_hand(state)
    if coming is None:
        return [game_over_card("rl-hand-over")]
    names = state.setup.names
    active = draft.active if draft.active in names and draft.active != draft.went_out else next(
        (name for name in names if name != draft.went_out), None)
    body: list[ft.Control] = [
        # i18n: {number} is the hand's number, {dealer} a player's name, {n} the cards dealt to each player
        ft.Text(ngettext("Hand {number} · {dealer} dealt {n} card", "Hand {number} · {dealer} dealt {n} cards",
                         coming.deal_size).format(number=coming.number, dealer=coming.dealer, n=coming.deal_size),
                key="rl-hand-title", size=18, weight=ft.FontWeight.W_600),
        *([message_card(ft.Icons.SYNC_PROBLEM_ROUNDED, _("Changed on another device"), changed,
                        key="rl-hand-changed", tone="warning")] if changed else []),
        section_title(_("Who went out?")),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            seat_chip(f"rl-out-{index}", name, colours.get(name, FALLBACK_COLOUR), draft.went_out == name,
                      bind(_choose_out, set_draft, name, names), one_of=True)
            for index, name in enumerate(names)
        ]),
        section_title(_("Who pitched? Their camp advances")),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            seat_chip(f"rl-pitched-{index}", name, colours.get(name, FALLBACK_COLOUR), name in draft.pitched,
                      bind(_toggle_pitched, set_draft, name, names),
                      mark=_camp_mark(state, name))
            for index, name in enumerate(names)
        ]),
    ]
    if draft.marked is not None and draft.marked in draft.pitched:
        # Said, since the chip turned on by itself: a player answering the two questions in order would
        # otherwise tap it off again and record a hand gone out without pitching (docs/rulings.md allows that).
        body.append(ft.Text(_("{name} is marked as pitched with going out: a hand empties by pitching. Tap "
                              "{name} above if they did not pitch.").format(name=draft.marked),
                            key="rl-pitched-marked", size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    elif draft.went_out is not None and draft.went_out not in draft.pitched:
        # Allowed (docs/rulings.md: a hand runs down by discards alone only when draws were skipped), but so rare
        # that it is most often the chip turned on by going out, tapped off again by answering the second
        # question: said before Record, not found out hands later from a camp that never moved.
        body.append(ft.Text(_("{name} went out without pitching: a hand empties that way only when draws were "
                              "skipped (nothing legal to draw). Tap {name} above if they pitched.").format(
                                  name=draft.went_out),
                            key="rl-out-unpitched", size=12, color=ft.Colors.ERROR))
    body.append(section_title(_("Cards left in hand")))
    for index, name in enumerate(names):
        body.append(_seat_entry(state, draft, set_draft, index, name, colours.get(name, FALLBACK_COLOUR),
                                active == name))
    if problem:
        body.append(message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, _("This hand cannot be recorded"), problem,
                                 key="rl-hand-problem", tone="warning", scroll_target=True))
    body.append(labelled("rl-hand-submit", ft.FilledButton(
        _("Record hand {number}").format(number=coming.number), key="rl-hand-submit", icon=ft.Icons.CHECK_ROUNDED,
        on_click=on_submit,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=20, vertical=18)))))
    body.append(labelled("rl-hand-clear", ft.TextButton(
        _("Clear this hand"), key="rl-hand-clear", icon=ft.Icons.DELETE_SWEEP_ROUNDED,
        on_click=lambda: set_draft(HandDraft()))))
    return body


def game_over_card(key: str) -> ft.Control:
    """What a panel for the hands still to play shows once the summit is reached."""
    return message_card(ft.Icons.EMOJI_EVENTS_ROUNDED, _("The game is over"),
                        _("The summit has been reached, so no more hands are played. See the Table for the "
                          "winners and save the game to History."), key=key)


def _choose_out(set_draft, name: SeatName, names: tuple[SeatName, ...]) -> None:
    set_draft(lambda d: d.choose_out(name, names))


def _toggle_pitched(set_draft, name: SeatName, names: tuple[SeatName, ...]) -> None:
    set_draft(lambda d: d.toggle_pitched(name, names))


def _camp_mark(state: State, name: SeatName) -> str | None:
    camp = state.camp_of(name)
    return None if camp is None else _("camp {number}").format(number=camp.number)


def _seat_entry(state: State, draft: HandDraft, set_draft, index: int, name: SeatName, colour: str,
                active: bool) -> ft.Control:
    went_out = draft.went_out == name
    codes = () if went_out else draft.cards(name)
    pitched = name in draft.pitched
    cards = [parse_card(code) for code in codes]
    try:
        # A seat still to be entered has no figure yet: "0" (the winning figure, on the summit) read as done.
        fatigue: str = str(fatigue_preview(state, name, cards, pitched)) if went_out or codes else "—"
    except CompanionError:
        fatigue = "—"
    climb = _climb_text(state, name, pitched)
    if went_out:
        status = _("Went out: no cards left")
    elif codes:
        # i18n: how many cards a player was left holding, and the fatigue points they are worth ("2 cards · 17 in
        # hand" read as 17 cards)
        status = ngettext("{n} card in hand · {fatigue} fatigue", "{n} cards in hand · {fatigue} fatigue",
                          len(codes)).format(n=len(codes), fatigue=cards_fatigue(cards))
    else:
        status = _("No cards entered") if active else _("Tap to enter cards")
    header = ft.Container(
        key=f"rl-left-{index}",
        ink=not went_out,
        # An updater: a card tapped just before, its change not yet drawn, stays with its seat.
        on_click=None if went_out else (lambda: set_draft(lambda d: replace(d, active=name))),
        border_radius=ft.BorderRadius.all(12),
        # The rounded corners clip, and the word under the fatigue points sits in one: clear of it, the foot of
        # "Erschöpfung"'s g is not cut off.
        padding=ft.Padding.symmetric(vertical=4),
        content=ft.Semantics(exclude_semantics=True, content=ft.Row(spacing=12, controls=[
            colour_dot(colour, name, size=32),
            ft.Column(expand=True, spacing=0, tight=True, controls=[
                ft.Text(name, size=16, weight=ft.FontWeight.W_600),
                ft.Text(f"{status} · {climb}", size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            ]),
            ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END, controls=[
                ft.Text(fatigue, key=f"rl-hand-fatigue-{index}", size=22, weight=ft.FontWeight.W_700),
                # i18n: under a player's fatigue points (lower is better)
                ft.Text(_("fatigue"), size=11, color=ft.Colors.ON_SURFACE_VARIANT),
            ]),
        ])),
    )
    # One node with the header's words and its tap (two nested buttons, the outer one doing nothing, otherwise),
    # its parts said as sentences: read as drawn, the fatigue came as "250, fatigue", which Polish words as
    # "zmęczenie 250", and it is said last, as the sum the rest makes.
    parts = [name, f"{status} · {climb}"]
    if fatigue != "—":
        # Said as what it is: beside the cards' own fatigue ("2 cards in hand · 14 fatigue"), "Fatigue: 264"
        # read as a second figure for the same thing.
        # i18n: a player's fatigue once this hand is recorded (the cards left and the camps not cleared), said
        # before the figure
        parts.append(labelled_value(_("Fatigue after this hand"), fatigue))
    said = ". ".join(parts)
    row = labelled(f"rl-left-{index}", header, label=said, button=not went_out)
    # Built afresh (a key of its own) when it turns from a button into words or back: patched in place, the
    # browser's accessibility tree lost the node's identifier.
    row.key = f"rl-left-{index}@{'still' if went_out else 'tap'}"
    if isinstance(row, ft.MergeSemantics):
        row.content.key = f"rl-left-{index}-{'still' if went_out else 'tap'}"
    controls: list[ft.Control] = [row]
    if not went_out and (codes or active):
        controls.append(card_tray(f"rl-left-{index}-card", codes, empty=_("No cards: tap them below"),
                                  on_remove=lambda code: _remove(set_draft, name, code)))
    if active and not went_out:
        controls.append(CardPicker(
            key=f"rl-hand-picker-{index}",
            prefix="rl-hand",
            on_add=lambda added: _add(set_draft, name, added),
            held=Counter(codes),
            note=_("Tap a card in the row above to take it out."),
        ))
    return ft.Container(
        key=f"rl-left-box-{index}",
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if active and not went_out else ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(2 if active and not went_out else 1,
                             ft.Colors.PRIMARY if active and not went_out else ft.Colors.OUTLINE_VARIANT),
        padding=10,
        content=ft.Column(controls, spacing=8, tight=True),
    )


def _climb_text(state: State, name: SeatName, pitched: bool) -> str:
    camp = state.camp_of(name)
    if camp is None:
        return _("route cleared")
    # The camp's number stays with its word at the end of a line ("au camp / 1" left the number alone).
    words = _("clears camp {number}") if pitched else _("on camp {number}")
    return words.replace(" {number}", "\u00a0{number}").format(number=camp.number)


def _add(set_draft, name: SeatName, added: list[CardCode]) -> str | None:
    if any(parse_card(code).declared for code in added):
        # i18n: R is card notation (a Rope), kept as it is
        return _("a Rope in hand is written R; it is declared only when it is staged")
    # A card the deck has no more of is refused at the tap, beside the picker ('The deck': two of each trail
    # card): a third Sunstone 10 was taken, and refused only on Record, below the fold.
    # Two quick taps must both land even if the screen has not redrawn between them, and the deck's supply is
    # checked against the cards they leave, not those drawn.
    def added_to(d: HandDraft) -> HandDraft | Refused:
        every = [parse_card(code) for _seat, codes in d.left for code in codes] + [parse_card(c) for c in added]
        supply = supply_problem(every)
        return Refused(supply) if supply else d.with_cards(name, d.cards(name) + tuple(added))

    refused = update_unless_refused(set_draft, added_to)
    return None if refused is None else str(tr(refused))


def _remove(set_draft, name: SeatName, code: CardCode) -> None:
    set_draft(lambda d: d.with_cards(name, _without(d.cards(name), code)))


def _without(codes: tuple[CardCode, ...], code: CardCode) -> tuple[CardCode, ...]:
    if code not in codes:  # a second tap on a card already taken out
        return codes
    position = codes.index(code)
    return codes[:position] + codes[position + 1:]
