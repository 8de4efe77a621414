"""Ridgeline's table tools: the meld checker (settle a dispute over a staged pitch), the pitch finder (can
this hand clear the seat's camp, and how), and the lay-off helper (which cards fit the groups on the table).

The answers are the engine's: `melds.pitch_problem`, `finder.search_pitch`, `melds.lay_off_options`. The
screens only stage cards and show what comes back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

import flet as ft

from companion.errors import CompanionError
from companion.games.ridgeline.cards import CardCode, Colour, cards_fatigue, parse_card
from companion.games.ridgeline.data import Camp, Kind, Requirement, load
from companion.games.ridgeline.finder import search_pitch
from companion.games.ridgeline.melds import TableGroup, group_problem, lay_off_options, pitch_problem
from companion.games.ridgeline.rules import SeatName, State, most_in_hand, next_hand
from companion.i18n import _, ngettext, tr
from companion.ui.ridgeline.parts import (CardPicker, camp_words, card_face, card_tray, laid_out, requirement_hint,
                                         sort_codes)
from companion.ui.common.services import Refused, update_unless_refused
from companion.ui.common.widgets import bind, first_capital, labelled, labelled_value, seat_chip, section_title
from companion.ui.ridgeline.hand import game_over_card
from companion.ui.ridgeline.table import FALLBACK_COLOUR, camp_line

__all__ = ["CheckDraft", "FinderDraft", "LayoffDraft", "checker_panel", "finder_panel", "layoff_panel",
           "group_title", "GROWING_KINDS"]

# The kinds a lay-off can grow ('A turn': spreads and tallies take nothing more).
GROWING_KINDS = tuple(kind for kind in Kind if kind.can_grow)


@dataclass(frozen=True)
class CheckDraft:
    """A pitch being staged for the meld checker: the camp, one group per requirement, the cards kept back,
    and which of those slots the picker fills (the last slot, `len(groups)`, is the kept cards)."""

    camp: int | None = None
    groups: tuple[tuple[CardCode, ...], ...] = ()
    kept: tuple[CardCode, ...] = ()
    active: int = 0

    def for_camp(self, camp: Camp) -> CheckDraft:
        """This draft if it is for `camp`, else an empty one for it."""
        if self.camp == camp.number and len(self.groups) == len(camp.requirements):
            return self
        return CheckDraft(camp.number, ((),) * len(camp.requirements), (), 0)

    def slot(self, index: int) -> tuple[CardCode, ...]:
        """The cards in a slot (a group, or the kept cards)."""
        return self.kept if index == len(self.groups) else self.groups[index]

    def with_slot(self, index: int, codes: tuple[CardCode, ...]) -> CheckDraft:
        """The draft with one slot's cards replaced."""
        if index == len(self.groups):
            return replace(self, kept=codes)
        return replace(self, groups=self.groups[:index] + (codes,) + self.groups[index + 1:])

    @property
    def staged(self) -> bool:
        """Whether any card has been staged or kept."""
        return bool(self.kept) or any(self.groups)


@dataclass(frozen=True)
class FinderDraft:
    """A hand typed in for the pitch finder, and whose camp it is for."""

    seat: SeatName | None = None
    hand: tuple[CardCode, ...] = ()


@dataclass(frozen=True)
class LayoffDraft:
    """Groups on the table (kind and cards), the hand, which box the picker fills (-1: the hand) and whether
    the seat has pitched its camp this hand (lay-offs come only once it has: 'A turn', docs/rulings.md)."""

    groups: tuple[tuple[str, tuple[CardCode, ...]], ...] = ()
    hand: tuple[CardCode, ...] = ()
    active: int = -1
    pitched: bool = False

    def box(self, index: int) -> tuple[CardCode, ...]:
        """The cards in a box: a table group, or the hand for -1."""
        return self.hand if index == -1 else self.groups[index][1]

    def with_box(self, index: int, codes: tuple[CardCode, ...]) -> LayoffDraft:
        """The draft with one box's cards replaced."""
        if index == -1:
            return replace(self, hand=codes)
        kind = self.groups[index][0]
        return replace(self, groups=self.groups[:index] + ((kind, codes),) + self.groups[index + 1:])


# --- the meld checker ------------------------------------------------------------------------------------


def checker_panel(state: State, draft: CheckDraft, set_draft: Callable, colours: Mapping[SeatName, str]
                  ) -> list[ft.Control]:
    """Pick a camp, stage a group per requirement (Ropes declared as a colour and rank), the cards kept back;
    the answer is valid or the first reason it is not ('The route', 'A turn')."""
    data = load()
    route = state.route

    def fitted(d: CheckDraft) -> CheckDraft:
        """A draft for its own camp (a camp tapped just before, not yet drawn, stays chosen); one naming no
        camp of this route yet, for the first seat's camp."""
        return d.for_camp(data.camps[d.camp] if d.camp in route.camps else _default_camp(state))

    draft = fitted(draft)
    camp = data.camps[draft.camp]
    on_it = [name for name in state.setup.names if (c := state.camp_of(name)) is not None and c.number == camp.number]
    body: list[ft.Control] = [
        ft.Text(_("Settle a dispute: stage the pitch as it lies on the table."), color=ft.Colors.ON_SURFACE_VARIANT),
        # i18n: the section choosing which camp the staged pitch is for
        section_title(_("Camp")),
        _camp_row("rl-check-camp", route.camps, camp.number, lambda n: set_draft(lambda d: d.for_camp(data.camps[n]))),
        ft.Text(camp_line(camp.number, camp_words(camp)), key="rl-check-camp-words", size=15,
                weight=ft.FontWeight.W_600),
    ]
    if on_it:
        # i18n: {names} are the players working on this camp, "Ann, Bo"
        body.append(ft.Text(_("On this camp now: {names}").format(names=", ".join(on_it)), size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    held = Counter(code for index in range(len(draft.groups) + 1) for code in draft.slot(index))
    # The answer sits in the box being filled, above its picker: in sight of every card tapped, on a phone as on
    # a desktop, rather than below the last box.
    answer = _verdict(camp, draft)
    for index, requirement in enumerate(camp.requirements):
        body.append(_slot(fitted, draft, set_draft, index, group_title(index, requirement.label),
                          requirement_hint(requirement), declare=True, held=held, answer=answer))
    body.append(_slot(fitted, draft, set_draft, len(draft.groups), _("Kept back to discard"),
                      _("At least one card stays in hand; a Rope kept is a plain Rope."), declare=False, held=held,
                      answer=answer))
    body.append(labelled("rl-check-clear", ft.TextButton(
        _("Clear the staging"), key="rl-check-clear", icon=ft.Icons.DELETE_SWEEP_ROUNDED,
        on_click=lambda: set_draft(lambda d: CheckDraft().for_camp(data.camps[fitted(d).camp])))))
    return body


def _default_camp(state: State) -> Camp:
    """The camp of the first seat still climbing (the route's first camp once everyone is up)."""
    for name in state.setup.names:
        camp = state.camp_of(name)
        if camp is not None:
            return camp
    return load().camps[state.route.camps[0]]


def _slot(fitted: Callable[[CheckDraft], CheckDraft], draft: CheckDraft, set_draft, index: int, title: str,
          hint: str, *, declare: bool, held: Counter, answer: ft.Control) -> ft.Control:
    active = draft.active == index
    codes = draft.slot(index)

    # Updaters start from the saved draft fitted to its camp (the first draft names no camp yet). Where another
    # camp was tapped just before, not yet drawn, the box is that camp's like it: the cards kept back are its
    # kept cards, a group its group of the same place; a group it does not have takes nothing.
    def changed(d: CheckDraft, change: Callable[[CheckDraft, int], CheckDraft]) -> CheckDraft:
        latest = fitted(d)
        if not declare:
            return change(latest, len(latest.groups))
        return change(latest, index) if index < len(latest.groups) else latest

    def add(added: list[CardCode]) -> str | None:
        if not declare and any(parse_card(code).declared for code in added):
            # i18n: R is card notation (a Rope), kept as it is
            return _("a Rope kept in hand is written R: it is not declared")
        # Where a camp chosen meanwhile opened its first box, the box the cards went into is opened instead: its
        # picker takes the next card. A box tapped just before, of the same camp, stays open.
        set_draft(lambda d: changed(d, lambda f, box: replace(
            _change_slot(f, box, lambda codes: codes + tuple(added)),
            active=f.active if f.camp == draft.camp else box)))
        return None

    def remove(code: CardCode) -> None:
        set_draft(lambda d: changed(d, lambda f, box: _change_slot(f, box, lambda codes: _without(codes, code))))

    controls: list[ft.Control] = [
        ft.Semantics(identifier=f"rl-check-slot-{index}", button=True, content=ft.Container(
            key=f"rl-check-slot-{index}",
            ink=True,
            # An updater: a card tapped just before, its change not yet drawn, stays in its box.
            on_click=lambda: set_draft(lambda d: changed(d, lambda f, box: replace(f, active=box))),
            content=ft.Row(spacing=8, controls=[
                ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED_ROUNDED if active else ft.Icons.RADIO_BUTTON_UNCHECKED_ROUNDED,
                        size=20, color=ft.Colors.PRIMARY if active else ft.Colors.OUTLINE),
                ft.Column(expand=True, spacing=0, tight=True, controls=[
                    ft.Text(title, weight=ft.FontWeight.W_600),
                    ft.Text(hint, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                ]),
            ]),
        )),
        card_tray(f"rl-check-g{index}", codes, on_remove=remove, sort=False,
                  empty=_("Tap here, then tap its cards") if not active else _("Tap its cards below")),
    ]
    if active:
        controls.append(answer)
        controls.append(CardPicker(key=f"rl-check-picker-{index}", prefix="rl-check", on_add=add, held=held,
                                   declare=declare))
    return _box(f"rl-check-box-{index}", controls, active)


def _change_slot(draft: CheckDraft, index: int, change: Callable) -> CheckDraft:
    return draft.with_slot(index, change(draft.slot(index)))


def _verdict(camp: Camp, draft: CheckDraft) -> ft.Control:
    if not draft.staged:
        return _answer("rl-check-verdict", ft.Icons.LIGHTBULB_OUTLINE_ROUNDED, _("Stage the groups to check them"),
                       _("The answer appears here as you tap cards."), tone="neutral")
    groups = [[parse_card(code) for code in group] for group in draft.groups]
    kept = [parse_card(code) for code in draft.kept]
    problem = pitch_problem(camp, groups, kept)
    if problem is None:
        # i18n: the meld checker's answer: the staged pitch is legal
        return _answer("rl-check-verdict", ft.Icons.CHECK_CIRCLE_ROUNDED, _("Valid"),
                       _("This pitch clears camp {number}.").format(number=camp.number), tone="good")
    reason = first_capital(problem.reason) + "."
    if problem.group is not None:
        # The group at fault named by its number, as its tray is ("Set has no cards" read as said of the full set
        # beside it); the reason names its kind already.
        # i18n: the meld checker's refusal of one staged group: "Group 3: Set has only Ropes; …"
        reason = _("Group {number}: {reason}").format(number=problem.group + 1, reason=reason)
    # i18n: the meld checker's answer: the staged pitch is not legal
    return _answer("rl-check-verdict", ft.Icons.CANCEL_ROUNDED, _("Not valid"), reason, tone="bad")


# --- the pitch finder ------------------------------------------------------------------------------------


def finder_panel(state: State, draft: FinderDraft, set_draft: Callable, colours: Mapping[SeatName, str]
                 ) -> list[ft.Control]:
    """Enter a hand: whether the seat's camp can be cleared this turn, one way that leaves the least fatigue in
    hand, and that fatigue ('A turn', 'Fatigue')."""
    climbing = [name for name in state.setup.names if state.camp_of(name) is not None]
    if next_hand(state) is None or not climbing:
        # No turn is left to clear a camp in: the finder would work out a pitch for a hand never played.
        return [game_over_card("rl-find-over")]
    seat = draft.seat if draft.seat in climbing else climbing[0]
    camp = state.camp_of(seat)
    assert camp is not None
    limit = most_in_hand(state)          # the hand being played's: 11 on the first hand, 12 after

    def add(added: list[CardCode]) -> str | None:
        if any(parse_card(code).declared for code in added):
            # i18n: R is card notation (a Rope), kept as it is
            return _("a Rope in hand is written R; the finder declares it")
        # The seat chosen last (a chip tapped just before, not yet drawn) keeps the card; the hand's size is
        # counted on the latest hand, not the one drawn.
        def added_to(d: FinderDraft) -> FinderDraft | Refused:
            if len(d.hand) + len(added) > limit:
                return Refused(ngettext("a hand holds at most {n} card", "a hand holds at most {n} cards",
                                        limit).format(n=limit))
            return replace(d, seat=d.seat if d.seat in climbing else seat, hand=d.hand + tuple(added))

        return update_unless_refused(set_draft, added_to)

    def choose_seat(name: SeatName) -> None:
        set_draft(lambda d: replace(d, seat=name))      # the latest draft: a card tapped just before stays

    body: list[ft.Control] = [
        ft.Text(_("Can this hand clear the camp this turn? Enter the cards in hand."),
                color=ft.Colors.ON_SURFACE_VARIANT),
        section_title(_("Whose camp")),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            seat_chip(f"rl-find-seat-{state.setup.names.index(name)}", name, colours.get(name, FALLBACK_COLOUR),
                      name == seat, bind(choose_seat, name),
                      mark=_("camp {number}").format(number=state.camp_of(name).number), one_of=True)
            for name in climbing
        ]),
        ft.Text(camp_line(camp.number, camp_words(camp)), key="rl-find-camp", size=15, weight=ft.FontWeight.W_600),
        _finder_answer(camp, draft.hand),
        # i18n: a section title: the cards entered in the hand, {count} of at most {n}
        section_title(ngettext("Hand · {count} of at most {n} card", "Hand · {count} of at most {n} cards",
                               limit).format(count=len(draft.hand), n=limit)),
        _box("rl-find-hand-box", [
            card_tray("rl-find-card", draft.hand, empty=_("No cards yet: tap them below"),
                      on_remove=lambda code: set_draft(lambda d: replace(d, hand=_without(d.hand, code)))),
            CardPicker(key="rl-find-picker", prefix="rl-find", on_add=add, held=Counter(draft.hand),
                       note=_("Tap a card in the hand to take it out.")),
        ], True),
        labelled("rl-find-clear", ft.TextButton(_("Clear the hand"), key="rl-find-clear",
                                                icon=ft.Icons.DELETE_SWEEP_ROUNDED,
                                                on_click=lambda: set_draft(lambda d: replace(d, hand=())))),
    ]
    return body


def _finder_answer(camp: Camp, codes: Sequence[CardCode]) -> ft.Control:
    if not codes:
        return _answer("rl-find-answer", ft.Icons.TRAVEL_EXPLORE_ROUNDED, _("Enter a hand"),
                       _("The best way to clear the camp appears here."), tone="neutral")
    hand = [parse_card(code) for code in codes]
    try:
        pitch, every_card = search_pitch(camp, hand)
    except CompanionError as exc:
        # i18n: a title: the cards entered cannot all be in one hand (they do not exist in the deck)
        return _answer("rl-find-answer", ft.Icons.ERROR_OUTLINE_ROUNDED, _("This hand cannot be"), first_capital(exc),
                       tone="bad")
    if pitch is None:
        fatigue = cards_fatigue(hand)
        # A hand that lays the camp out with every card still cannot pitch it: said, or the "no" looks wrong.
        why = (_("These cards make the camp only with every one of them, and a card must be kept back to "
                 "discard: nothing is pitched, and the hand holds {fatigue} fatigue.")
               if every_card else _("Nothing is pitched: the hand holds {fatigue} fatigue."))
        return _answer("rl-find-answer", ft.Icons.CANCEL_ROUNDED,
                       _("Camp {number} cannot be cleared this turn").format(number=camp.number),
                       why.format(fatigue=fatigue), tone="bad")
    rows: list[ft.Control] = []
    for index, (requirement, group) in enumerate(zip(camp.requirements, pitch.groups)):
        rows.append(_cards_under(first_capital(tr(requirement.label)), f"rl-find-group-{index}",
                                 laid_out(card.code for card in group), sort=False))
    rows.append(_cards_under(_("Kept in hand"), "rl-find-kept", [card.code for card in pitch.kept]))
    fatigue = _("Fatigue left in hand")
    rows.append(ft.Semantics(label=labelled_value(fatigue, pitch.fatigue_left), exclude_semantics=True,
                             content=ft.Row([
                                 ft.Text(fatigue, expand=True),
                                 ft.Text(str(pitch.fatigue_left), key="rl-find-fatigue", size=20,
                                         weight=ft.FontWeight.W_700),
                             ])))
    return _answer("rl-find-answer", ft.Icons.CHECK_CIRCLE_ROUNDED,
                   _("Camp {number} can be cleared").format(number=camp.number),
                   _("One way, leaving the least fatigue in hand (before the discard):"), tone="good", extra=rows)


# --- the lay-off helper ----------------------------------------------------------------------------------


def layoff_panel(draft: LayoffDraft, set_draft: Callable) -> list[ft.Control]:
    """Groups on the table and a hand: which cards may be laid off onto which group, and as what a Rope may be
    declared ('A turn': after pitching, onto sets, runs, colour groups and colour runs)."""
    body: list[ft.Control] = [
        ft.Text(_("After pitching, a trail card or a Rope may be laid onto any set, run, colour group or colour "
                  "run on the table, anyone's, if the group stays legal."), color=ft.Colors.ON_SURFACE_VARIANT),
        seat_chip("rl-lay-pitched", _("I have pitched this hand"), ft.Colors.PRIMARY, draft.pitched,
                  lambda: set_draft(lambda d: replace(d, pitched=not d.pitched))),
        section_title(_("Groups on the table")),
    ]
    for index, (kind_value, codes) in enumerate(draft.groups):
        body.append(_layoff_group(draft, set_draft, index, Kind(kind_value), codes))
    body.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        labelled(f"rl-lay-add-{kind.value}", ft.OutlinedButton(
            first_capital(tr(kind.word)), key=f"rl-lay-add-{kind.value}", icon=ft.Icons.ADD_ROUNDED,
            # What the button does, beside the kind it names ("Set" alone said neither)
            # i18n: a button's tooltip: add a group of this kind ("set", "run") to those on the table
            tooltip=_("Add a group on the table: {kind}").format(kind=tr(kind.word)),
            on_click=bind(_add_group, set_draft, kind)))
        for kind in GROWING_KINDS
    ]))
    # i18n: a section title: the cards in the player's hand
    body.append(section_title(_("Hand")))
    body.append(_layoff_box(draft, set_draft, -1, _("Cards in hand"), None))
    body.append(_layoff_answer(draft))
    return body


def _add_group(set_draft, kind: Kind) -> None:
    set_draft(lambda d: replace(d, groups=d.groups + ((kind.value, ()),), active=len(d.groups)))


def _layoff_group(draft: LayoffDraft, set_draft, index: int, kind: Kind, codes) -> ft.Control:
    problem = group_problem(Requirement(kind, 1), [parse_card(code) for code in codes]) if codes else None
    remove = labelled(f"rl-lay-remove-{index}", ft.IconButton(
        ft.Icons.CLOSE_ROUNDED, key=f"rl-lay-remove-{index}",
        tooltip=_("Remove group {number}").format(number=index + 1), on_click=bind(_remove_group, set_draft, index)))
    return _layoff_box(draft, set_draft, index, group_title(index, kind.word), remove, problem)


def _remove_group(set_draft, index: int) -> None:
    set_draft(lambda d: replace(d, groups=d.groups[:index] + d.groups[index + 1:], active=-1))


def _layoff_box(draft: LayoffDraft, set_draft, index: int, title: str, trailing: ft.Control | None,
                problem: str | None = None) -> ft.Control:
    active = draft.active == index
    prefix = "rl-lay-hand" if index == -1 else f"rl-lay-g{index}"

    def add(added: list[CardCode]) -> str | None:
        # A Rope in hand is plain (the helper says what it may be played as); one in a group on the table
        # already plays as a card, so there it is declared, as in the Checker.
        if index == -1 and any(parse_card(code).declared for code in added):
            # i18n: R is card notation (a Rope), kept as it is
            return _("enter a Rope as R: the helper says what it may be declared as")
        set_draft(lambda d: d.with_box(index, d.box(index) + tuple(added)))
        return None

    controls: list[ft.Control] = [
        ft.Semantics(identifier=f"{prefix}-box", button=True, content=ft.Container(
            key=f"{prefix}-box",
            ink=True,
            on_click=lambda: set_draft(lambda d: replace(d, active=index)),
            content=ft.Row(spacing=8, controls=[
                ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED_ROUNDED if active else ft.Icons.RADIO_BUTTON_UNCHECKED_ROUNDED,
                        size=20, color=ft.Colors.PRIMARY if active else ft.Colors.OUTLINE),
                ft.Text(title, weight=ft.FontWeight.W_600, expand=True),
                *([trailing] if trailing is not None else []),
            ]),
        )),
        card_tray(f"{prefix}-card", draft.box(index), sort=index == -1,
                  empty=_("Tap here, then tap its cards") if not active else _("Tap its cards below"),
                  on_remove=lambda code: set_draft(lambda d: d.with_box(index, _without(d.box(index), code)))),
    ]
    if problem:
        # i18n: {reason} says why the cards are not a legal group, "set mixes ranks 4 and 5"
        controls.append(ft.Text(_("Not a legal group: {reason}.").format(reason=tr(problem)), key=f"{prefix}-problem",
                                color=ft.Colors.ERROR, size=13))
    if active:
        controls.append(CardPicker(key=f"rl-lay-picker-{index}", prefix="rl-lay", on_add=add,
                                   held=Counter(draft.box(index)), declare=index != -1))
    return _box(f"{prefix}-container", controls, active)


def _layoff_answer(draft: LayoffDraft) -> ft.Control:
    if not draft.pitched:
        return _answer("rl-lay-answer", ft.Icons.PAN_TOOL_ROUNDED, _("Pitch first"),
                       _("Lay-offs come only once you have pitched your own camp this hand: on that turn, after "
                         "pitching, or on a later turn instead of pitching."), tone="neutral")
    legal = [(index, TableGroup(Kind(kind), tuple(parse_card(code) for code in codes)))
             for index, (kind, codes) in enumerate(draft.groups)
             if codes and group_problem(Requirement(Kind(kind), 1), [parse_card(c) for c in codes]) is None]
    hand = [parse_card(code) for code in draft.hand]
    if not legal or not hand:
        return _answer("rl-lay-answer", ft.Icons.LIGHTBULB_OUTLINE_ROUNDED, _("Enter the groups and the hand"),
                       _("Each card that fits a group is listed here."), tone="neutral")
    options = lay_off_options(hand, [group for _index, group in legal])
    if not options:
        return _answer("rl-lay-answer", ft.Icons.CANCEL_ROUNDED, _("Nothing can be laid off"),
                       _("No card in hand fits a legal group on the table."), tone="bad")
    rows: list[ft.Control] = []
    for number, option in enumerate(options):
        card = hand[option.card]
        group_index, group = legal[option.group]
        if card.is_rope:
            # i18n: where a Rope may be laid off: {number} is a group's number, {kind} its meld kind ("run"),
            # {choices} what the Rope may be declared as, "a 5 or 9, any colour"
            where = _("onto group {number} ({kind}) as {choices}").format(
                number=group_index + 1, kind=tr(group.kind.word), choices=_rope_choices(option.ranks, option.colours))
        else:
            # i18n: where a card may be laid off: {number} is a group's number, {kind} its meld kind ("run")
            where = _("onto group {number} ({kind})").format(number=group_index + 1, kind=tr(group.kind.word))
        # Said as one, the card then where it goes ("Dusk 7: onto group 1 (run)"): node by node a listener
        # heard every "onto group 1" together and the cards after them.
        rows.append(ft.Semantics(label=labelled_value(tr(card.title), where), exclude_semantics=True,
                                 content=ft.Row(key=f"rl-lay-option-{number}", spacing=10, controls=[
                                     card_face(card.code, height=40, width=29),
                                     ft.Icon(ft.Icons.ARROW_FORWARD_ROUNDED, size=18,
                                             color=ft.Colors.ON_SURFACE_VARIANT),
                                     ft.Text(where, expand=True),
                                 ])))
    return _answer("rl-lay-answer", ft.Icons.CHECK_CIRCLE_ROUNDED,
                   ngettext("{n} lay-off possible", "{n} lay-offs possible", len(options)).format(n=len(options)),
                   _("Each listed card may be laid off; after one, the groups change, so enter them again."),
                   tone="good", extra=rows)


def group_title(index: int, kind: str) -> str:
    """'Group 2 · run of 4': a staged group's title, `kind` as the engine says it (a `Message`)."""
    # i18n: a staged group's title; {kind} is a meld kind or a requirement, "run" or "run of 4"
    return _("Group {number} · {kind}").format(number=index + 1, kind=tr(kind))


def _rope_choices(ranks: Sequence[int], colours: Sequence[Colour]) -> str:
    if len(ranks) <= 3:
        rank_text = _either([str(rank) for rank in ranks])
    else:
        # i18n: what a Rope may be declared as: any rank from {low} to {high}
        rank_text = _("any rank {low}-{high}").format(low=ranks[0], high=ranks[-1])
    if len(colours) == len(Colour):
        # i18n: what a Rope may be declared as: a card of any colour
        colour_text = _("any colour")
    else:
        colour_text = _either([tr(colour.full_name) for colour in colours])
    # i18n: what a Rope may be declared as: {rank} is "5 or 6" or "any rank 1-10", {colour} "Glacier" or "any colour"
    return _("a {rank}, {colour}").format(rank=rank_text, colour=colour_text)


def _either(items: Sequence[str]) -> str:
    """'5', '5 or 6', '5 or 6 or 7'."""
    said = items[0] if items else ""
    for item in items[1:]:
        # i18n: one more choice in a list of choices: "5 or 6"
        said = _("{choices} or {choice}").format(choices=said, choice=item)
    return said


# --- shared pieces ---------------------------------------------------------------------------------------


def _camp_row(prefix: str, camps: Sequence[int], selected: int, choose: Callable[[int], None]) -> ft.Control:
    # Each a node with its tap, named "Camp 3" once (the number drawn is not said again after it).
    return ft.Row(wrap=True, spacing=4, run_spacing=4, controls=[ft.MergeSemantics(content=
        ft.Semantics(identifier=f"{prefix}-{number}", label=_("Camp {number}").format(number=number), button=True,
                     selected=number == selected, content=ft.Container(
                         key=f"{prefix}-{number}",
                         width=32,
                         height=44,
                         border_radius=ft.BorderRadius.all(10),
                         bgcolor=ft.Colors.PRIMARY if number == selected else ft.Colors.SURFACE_CONTAINER_HIGH,
                         alignment=ft.Alignment.CENTER,
                         ink=True,
                         on_click=bind(choose, number),
                         content=ft.Semantics(exclude_semantics=True, content=ft.Text(
                             str(number), weight=ft.FontWeight.W_700,
                             color=ft.Colors.ON_PRIMARY if number == selected else ft.Colors.ON_SURFACE)),
                     )))
        for number in camps
    ])


def _box(key: str, controls: list[ft.Control], active: bool) -> ft.Control:
    return ft.Container(
        key=key,
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if active else ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(2 if active else 1, ft.Colors.PRIMARY if active else ft.Colors.OUTLINE_VARIANT),
        padding=10,
        content=ft.Column(controls, spacing=8, tight=True),
    )


def _answer(key: str, icon: ft.IconData, title: str, text: str, *, tone: str,
            extra: Sequence[ft.Control] = ()) -> ft.Control:
    """The tool's answer, in a panel whose colour says good, bad or not yet."""
    if tone == "good":
        bgcolor, ink = ft.Colors.with_opacity(0.14, ft.Colors.GREEN), ft.Colors.ON_SURFACE
        icon_colour = ft.Colors.GREEN_700
    elif tone == "bad":
        bgcolor, ink, icon_colour = ft.Colors.ERROR_CONTAINER, ft.Colors.ON_ERROR_CONTAINER, ft.Colors.ERROR
    else:
        bgcolor, ink = ft.Colors.SURFACE_CONTAINER_HIGHEST, ft.Colors.ON_SURFACE
        icon_colour = ft.Colors.ON_SURFACE_VARIANT
    return ft.Semantics(live_region=True, content=ft.Container(
        key=key,
        bgcolor=bgcolor,
        border_radius=ft.BorderRadius.all(16),
        padding=14,
        content=ft.Column(spacing=8, tight=True, controls=[
            ft.Row(spacing=12, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
                ft.Icon(icon, color=icon_colour, size=26),
                ft.Column(expand=True, spacing=2, tight=True, controls=[
                    ft.Text(title, key=f"{key}-title", size=17, weight=ft.FontWeight.W_700, color=ink),
                    ft.Text(text, key=f"{key}-text", color=ink),
                ]),
            ]),
            *extra,
        ]),
    ))


def _cards_under(heading: str, prefix: str, codes: Sequence[CardCode], *, sort: bool = True) -> ft.Control:
    """A group of the answer: its heading over its cards, said as one ("Run of 3: Pine 5, Pine 6, Pine 7"); node
    by node a listener heard the headings together and the cards after them, under none."""
    shown = list(codes) if not sort else sort_codes(codes)
    cards = ", ".join(str(tr(parse_card(code).title)) for code in shown) or _("no cards")
    return ft.Semantics(label=labelled_value(heading, cards), exclude_semantics=True, content=ft.Column(
        spacing=8, tight=True, controls=[
            ft.Text(heading, size=13, weight=ft.FontWeight.W_600),
            card_tray(prefix, shown, sort=False, height=44),
        ]))


def _without(codes: tuple[CardCode, ...], code: CardCode) -> tuple[CardCode, ...]:
    if code not in codes:
        return codes
    position = codes.index(code)
    return codes[:position] + codes[position + 1:]
