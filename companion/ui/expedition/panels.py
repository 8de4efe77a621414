"""Trek 12 Expeditions' play panels: reveal the cards, the Ascent under way (cards, picks, uses, the sheet in
the app), the scoring form, the envelope to open, and the end.

Each panel is a function of the engine's `State`, the form's draft and the screen's callbacks; it draws and
never decides a rule: what is allowed, in which order, and every refusal come from the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import flet as ft

from companion.games.expedition.challenges import challenge
from companion.games.expedition.rules import (
    ASCENTS,
    CardMode,
    SeatNo,
    State,
    in_play_at_turns,
    lead_order,
    max_takes_none,
    max_takes_one,
    reveal_count,
    sealed_envelopes,
    sheet_seats,
)
from companion.games.expedition.scoring import CARD_POINTS
from companion.games.expedition.wording import and_list
from companion.games.trek12.rules import MAX_ASSISTS, Assist
from companion.games.words import clauses, number
from companion.i18n import _, ngettext, tr
from companion.ui.expedition.forms import NO_CARD, PickDraft, ScoreDraft, POINTS_TYPED, parse_points
from companion.ui.expedition.parts import (
    STAR_KINDS,
    badge,
    card_chip,
    card_counts,
    card_name,
    card_words,
    panel,
    stepper,
)
from companion.ui.common.services import FieldText
from companion.ui.common.widgets import (announced, bind, colour_dot, labelled, labelled_value, message_card,
                                        toggle_pill)
from companion.ui.expedition.sheets import SheetResult, SheetStatus

__all__ = ["SheetOffer", "reveal_panel", "climb_panel", "pick_panel", "score_panel", "envelope_panel",
           "problem_card", "notice_card"]

def _big() -> ft.ButtonStyle:
    """A large button's style, new for each button: a tab's client can change a control's style in place, so
    no two tabs may hold the same one."""
    return ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=20, vertical=16))


@dataclass(frozen=True)
class SheetOffer:
    """The sheet of this Ascent on this device: where it stands and, once finished, its scores."""

    status: SheetStatus
    result: SheetResult | None
    players: tuple[str, ...]
    embedded: bool = False  # the sheet is kept inside the Expedition (its cards are the Expedition's)


def reveal_panel(state: State, counts: Mapping[str, int], *, on_change: Callable[[Assist, int], None],
                 on_reveal: Callable[[], None]) -> ft.Control:
    """An Ascent's start: 3/2/1 + players cards go into play, drawn by the app or tapped in from the deck."""
    setup = state.setup
    need = reveal_count(setup, state.ascent)
    base = (3, 2, 1)[state.ascent - 1]
    # i18n: why so many Assist cards are revealed (the rulebook's 3, 2, 1 by Ascent, plus one per player):
    # "3 for Ascent 1, plus one per player (2)."
    why = (_("{base} for Ascent {ascent}, plus one per player (solo counts as 2 players).") if setup.solo
           else _("{base} for Ascent {ascent}, plus one per player ({players}).")).format(
               base=base, ascent=state.ascent, players=setup.table_size)
    if state.pool:
        why += " " + ngettext("{n} card still in play from the last Ascent: {cards}.",
                              "{n} cards still in play from the last Ascent: {cards}.", len(state.pool)).format(
            n=len(state.pool), cards=card_words(state.pool))
    head = [
        ft.Row(spacing=10, controls=[
            ft.Icon(ft.Icons.STYLE_ROUNDED, color=ft.Colors.PRIMARY),
            ft.Text(ngettext("Ascent {ascent} starts: {n} Assist card go into play",
                             "Ascent {ascent} starts: {n} Assist cards go into play", need).format(
                                 ascent=state.ascent, n=need), size=16,
                    weight=ft.FontWeight.W_700, expand=True, key="exp-reveal-title"),
        ]),
        ft.Text(why, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    if state.ascent > 1 or any(state.hands):
        # What each player carries into this Ascent ("you start the next Ascent with the Assist cards you did
        # not use"): between Ascents, days apart, it was nowhere on the screen until the cards were drawn.
        head.append(ft.Text(
            # "Ann (1 Rope); Max (1 Rope, 2 Tents)": a colon after each name stood after the first one's.
            _("Cards held: {hands}.").format(hands=tr(clauses(
                # i18n: a player and the Assist cards they hold, in a list ("Ann (1 Rope, 2 Tents)")
                _("{name} ({cards})").format(name=setup.seats[seat].name, cards=card_words(state.hands[seat]))
                for seat in range(len(setup.seats))))),
            size=13, key="exp-reveal-held"))
    if setup.cards is CardMode.DRAWN:
        in_deck = len(state.deck)
        return panel([
            *head,
            ft.Text((ngettext("{n} card left in the app's deck; the played cards are shuffled back in first",
                              "{n} cards left in the app's deck; the played cards are shuffled back in first", in_deck)
                     if in_deck < need else
                     ngettext("{n} card left in the app's deck.", "{n} cards left in the app's deck.", in_deck)
                     ).format(n=in_deck), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            labelled("exp-reveal", ft.FilledButton(ngettext("Draw {n} card", "Draw {n} cards", need).format(n=need),
                                                   key="exp-reveal",
                                                   icon=ft.Icons.SHUFFLE_ROUNDED, on_click=on_reveal, style=_big())),
        ], key="exp-reveal-panel", tone="high")
    left = {card: 0 for card in Assist}
    # Too few cards left: the played ones are shuffled back in before this reveal (Assist Cards), so they
    # can come up too.
    reshuffle = len(state.deck) < need and bool(state.box)
    for card in state.deck + (state.box if reshuffle else ()):
        left[card] += 1
    # As many as the rules reveal, or as the deck still holds: no more can be tapped in, and the cards go
    # into play only when that many are (the rules refuse any other count).
    due = min(need, sum(left.values()))
    total = sum(counts.values())
    rows: list[ft.Control] = []
    for card in Assist:
        n = counts.get(card.value, 0)
        rows.append(ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            # The card over its count left: side by side they do not fit beside the stepper in every language.
            ft.Container(expand=True, content=ft.Column(spacing=2, tight=True, controls=[
                card_chip(card, small=True),
                # i18n: how many cards of this kind are left in the deck
                ft.Text(_("{n} in the deck").format(n=left[card]), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            ])),
            stepper(f"exp-reveal-{card.value}", n, bind(on_change, card, -1), bind(on_change, card, 1),
                    minus_disabled=n == 0, plus_disabled=n >= left[card] or total >= due,
                    label=card_name(card)),
        ]))
    return panel([
        *head,
        ft.Text(_("Turn the cards over from the real deck and count them in by kind.")
                + (" " + _("Shuffle the played cards back into the deck first: too few are left.") if reshuffle
                   else ""),
                size=13, key="exp-reveal-how"),
        *rows,
        ft.Text(_("{total} of {need} tapped in").format(total=total, need=due), key="exp-reveal-total",
                weight=ft.FontWeight.W_600, color=None if total == due else ft.Colors.ON_SURFACE_VARIANT),
        labelled("exp-reveal", ft.FilledButton(_("Put them into play"), key="exp-reveal",
                                               icon=ft.Icons.CHECK_ROUNDED, on_click=on_reveal, disabled=total != due,
                                               style=_big())),
    ], key="exp-reveal-panel", tone="high")


def climb_panel(state: State, colours: Sequence[str], offer: SheetOffer | None, *,
                on_pick: Callable[[], None], on_use: Callable[[SeatNo, Assist], None],
                on_score: Callable[[], None], on_sheet: Callable[[], None],
                on_drop: Callable[[], None] | None = None) -> list[ft.Control]:
    """The Ascent under way: cards in play and in hand (tap a held card to use it), the round's picks, the sheet
    on this device, and scoring (`on_score` opens the form, filled in from the app's sheet once it is finished)."""
    setup = state.setup
    out: list[ft.Control] = []
    sheet = state.sheet
    filling = state.table is not None and not state.table.complete
    out.append(panel([
        ft.Row(spacing=10, controls=[
            ft.Icon(ft.Icons.HIKING_ROUNDED, color=ft.Colors.PRIMARY),
            ft.Column(expand=True, spacing=0, tight=True, controls=[
                ft.Text(_("Climbing {sheet}").format(sheet=sheet.name), key="exp-climb-title", size=17,
                        weight=ft.FontWeight.W_700),
                _offer_row(state),
            ]),
        ]),
        *(_sheet_block(state, offer, on_sheet=on_sheet, on_drop=on_drop)
          if offer is not None else []),
        # While the app's sheet is being filled, the Ascent is scored from it once it is full.
        labelled("exp-score-open", ft.FilledButton(_("Score Ascent {number}").format(number=state.ascent),
                                                   key="exp-score-open",
                                                   icon=ft.Icons.SCOREBOARD_ROUNDED, on_click=on_score,
                                                   disabled=filling, style=_big())),
        # A greyed button says why.
        *([ft.Text(_("Scored once the sheet in the app is full: round {round} of {total}.").format(
            round=min(state.table.round, sheet.n), total=sheet.n), key="exp-score-when", size=12,
            color=ft.Colors.ON_SURFACE_VARIANT)] if filling and state.table is not None else []),
    ], key="exp-climb", tone="high"))
    if setup.cards is CardMode.OFF:
        out.append(ft.Text(_("Assist cards are kept on the table in this Expedition: include the cards cashed in "
                             "each score."), size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        if setup.solo and state.table is None:
            # Max's cards are still counted: his +3 each on the last Ascent and his limit of 3 depend on them
            # (on the app's sheet, his picks come with the round's picks there).
            max_seat = next(n for n, seat in enumerate(setup.seats) if seat.is_max)
            out.append(panel([
                ft.Text(ngettext("Max holds {n} Assist card of {limit}", "Max holds {n} Assist cards of {limit}",
                                 len(state.hands[max_seat])).format(n=len(state.hands[max_seat]), limit=MAX_ASSISTS),
                        key="exp-max-cards", weight=ft.FontWeight.W_600),
                labelled("exp-pick-open", ft.FilledTonalButton(
                    _("Max made a new zone of 1s or 2s"), key="exp-pick-open", icon=ft.Icons.PAN_TOOL_ALT_ROUNDED,
                    on_click=on_pick, style=_big())),
            ], key="exp-cards"))
        return out
    pool = card_counts(state.pool)
    in_play: list[ft.Control] = [card_chip(card, count=n, small=True, key=f"exp-pool-{card.value}")
                                 for card, n in pool]
    if not in_play:
        in_play = [ft.Text(_("No card left in play."), key="exp-pool-empty", color=ft.Colors.ON_SURFACE_VARIANT)]
    out.append(panel([
        ft.Row(spacing=8, controls=[
            # i18n: the Assist cards in play (face up, to be picked)
            ft.Text(_("In play"), weight=ft.FontWeight.W_600, expand=True),
            # i18n: cards left in the deck, and cards played (back in the box)
            ft.Text(_("deck {deck} · played {played}").format(deck=len(state.deck), played=len(state.box)), size=12,
                    color=ft.Colors.ON_SURFACE_VARIANT, key="exp-deck-left"),
        ]),
        ft.Row(in_play, wrap=True, spacing=8, run_spacing=8),
        labelled("exp-pick-open", ft.FilledTonalButton(
            _("New zone of 0s, 1s or 2s: pick cards"), key="exp-pick-open", icon=ft.Icons.PAN_TOOL_ALT_ROUNDED,
            # Also with no card left: "you still take the Lead Climber card if you're the last player involved".
            on_click=on_pick, style=_big())),
    ], key="exp-cards"))
    hands: list[ft.Control] = [ft.Row(controls=[
        ft.Text(_("Held cards"), weight=ft.FontWeight.W_600, expand=True),
        ft.Text(_("tap a card to use it"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
    ])]
    order = lead_order(state)
    for seat in order:
        info = setup.seats[seat]
        held = state.hands[seat]
        chips: list[ft.Control] = []
        for index, card in enumerate(held):
            # Max never uses his cards; a player on the app's sheet uses them there, in the turn they help.
            usable = not info.is_max and not (state.table is not None and seat in sheet_seats(state))
            chips.append(card_chip(card, small=True, key=f"exp-hand-{seat}-{index}",
                                   on_click=bind(on_use, seat, card) if usable else None,
                                   spoken=_("{name} uses {card}").format(name=info.name, card=card_name(card))
                                   if usable else None))
        if not chips:
            chips.append(ft.Text(_("no cards"), size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        tags: list[ft.Control] = []
        tag_words: list[str] = []
        if seat == state.lead:
            # i18n: a short tag for the Lead Climber
            tags.append(badge(_("Lead"), icon=ft.Icons.FLAG_ROUNDED, key=f"exp-hand-{seat}-lead"))
            tag_words.append(_("Lead"))
        # i18n: Assist cards held, of the most a player may hold ("2 of 3")
        count_words = _("{held} of {limit}").format(held=len(held), limit=MAX_ASSISTS)
        hands.append(ft.Row(key=f"exp-hand-{seat}", spacing=10, vertical_alignment=ft.CrossAxisAlignment.START,
                            controls=[
            ft.Container(padding=ft.Padding.only(top=4), content=colour_dot(colours[seat], info.name, size=28)),
            ft.Column(expand=True, spacing=4, tight=True, controls=[
                # One node: the name with its count and tags ("Zofia: 1 of 3; Lead"), not three apart.
                ft.Semantics(label=tr(clauses([labelled_value(info.name, count_words), *tag_words])),
                             exclude_semantics=True, content=ft.Row(spacing=6, wrap=True, controls=[
                    ft.Text(info.name, weight=ft.FontWeight.W_600),
                    ft.Text(count_words, size=12, color=ft.Colors.ON_SURFACE_VARIANT, key=f"exp-hand-{seat}-count"),
                    *tags,
                ])),
                ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
                *([ft.Text(_("Max keeps his cards and cashes them all on the last Ascent."), size=11,
                           color=ft.Colors.ON_SURFACE_VARIANT)] if info.is_max else []),
            ]),
        ]))
    out.append(panel(hands, key="exp-hands"))
    return out


def pick_panel(state: State, colours: Sequence[str], draft: PickDraft, *,
               on_toggle: Callable[[SeatNo], None], on_card: Callable[[SeatNo, str], None],
               on_give_back: Callable[[SeatNo, str], None], on_submit: Callable[[], None],
               on_cancel: Callable[[], None] | None, problem: str | None,
               fixed: tuple[SeatNo, ...] = ()) -> ft.Control:
    """One round's picks: who made a new zone of 0s, 1s or 2s, which card each takes (the Lead Climber's
    order decides), the card given back on a fourth; the last of them becomes Lead Climber. `fixed`: the
    seats the sheet in the app says made a new zone (they pick, and cannot be taken out of the round);
    without `on_cancel` the round's picks cannot be put off (a sheet waits for them)."""
    setup = state.setup
    names = setup.names
    # What is left in play for each player in turn: the picks before theirs (in the Lead Climber's order) have
    # taken their cards and put back any card given back.
    in_play = in_play_at_turns(state, draft.taken())
    rows: list[ft.Control] = [
        ft.Row(spacing=10, controls=[
            ft.Icon(ft.Icons.PAN_TOOL_ALT_ROUNDED, color=ft.Colors.PRIMARY),
            ft.Text(_("Who made a new zone of 0s, 1s or 2s?"), size=16, weight=ft.FontWeight.W_700, expand=True),
        ]),
        ft.Text(_("Picks go from the Lead Climber ({name}) clockwise; the last player picking becomes Lead "
                  "Climber.").format(name=names[state.lead])
                + (" " + _("Max's card is yours to choose, from a zone of 1s or 2s.") if setup.solo else ""),
                size=12, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    on_sheet = set(sheet_seats(state)) | {n for n, s in enumerate(setup.seats) if s.is_max} \
        if state.table is not None else set()
    for seat in lead_order(state):
        info = setup.seats[seat]
        if setup.cards is CardMode.OFF and not info.is_max:
            continue  # with cards off, only Max's picks are recorded
        if seat in on_sheet and seat not in fixed:
            continue  # the sheet says who made a new zone this round
        choice = draft.get(seat)
        held = state.hands[seat]
        max_full = max_takes_none(state, seat)
        pool = in_play.get(seat, Counter())
        # i18n: under a player's name: the Assist cards held; "lead" marks the Lead Climber
        sub = (_("holds {limit}: none is taken for him").format(limit=MAX_ASSISTS) if max_full
               else (ngettext("holds {n} card · lead", "holds {n} cards · lead", len(held)) if seat == state.lead
                     # i18n: under a player's name: the Assist cards held
                     else ngettext("holds {n} card", "holds {n} cards", len(held))).format(n=len(held)))
        if seat in fixed:
            sub = _("new zone on the sheet · {holds}").format(holds=sub)
        off = setup.cards is CardMode.OFF  # only Max's cards are counted: the kinds on the table are unknown
        block: list[ft.Control] = [toggle_pill(f"exp-pick-{seat}", info.name, choice is not None,
                                               bind(on_toggle, seat), colour=colours[seat], sub=sub,
                                               disabled=seat in fixed)]
        if choice is not None:
            # Max at three is still in the round (he takes nothing, and may become Lead Climber).
            options: list[ft.Control] = [
                card_chip(card, small=True, count=None if off else pool.get(card, 0),
                          key=f"exp-pick-{seat}-{card.value}", selected=choice.card == card.value, choice=True,
                          disabled=max_full or not (off or pool.get(card) or choice.card == card.value),
                          on_click=bind(on_card, seat, card.value),
                          spoken=_("{name} takes {card}").format(name=info.name, card=card_name(card)))
                for card in Assist
            ]
            # Max is given a card while one is in play at his turn (the player may go without; he may not).
            must_take = max_takes_one(state, seat, pool)
            options.append(toggle_pill(f"exp-pick-{seat}-none", _("No card"), choice.card == NO_CARD,
                                       bind(on_card, seat, NO_CARD), disabled=choice.card != NO_CARD and must_take,
                                       said=_("{name} takes no card").format(name=info.name), one_of=True))
            block.append(ft.Row(options, wrap=True, spacing=6, run_spacing=6))
            if must_take:
                # Why "No card" is off: said, not left to be found out.
                # i18n: under Max's cards in a round's picks (Solo Expeditions: "you choose it for him")
                block.append(ft.Text(_("Cards are in play: choose one for Max (he takes none only at three, or "
                                       "when none is left)."), key=f"exp-pick-{seat}-must", size=12,
                                     color=ft.Colors.ON_SURFACE_VARIANT))
            if not info.is_max and len(held) >= MAX_ASSISTS and choice.card not in (None, NO_CARD):
                block.append(ft.Text(_("{name} holds {limit}: put one back into play").format(
                    name=info.name, limit=MAX_ASSISTS), size=12,
                                     weight=ft.FontWeight.W_600))
                block.append(ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
                    card_chip(card, small=True, key=f"exp-give-{seat}-{card.value}", choice=True,
                              selected=choice.give_back == card.value, on_click=bind(on_give_back, seat, card.value),
                              spoken=_("{name} gives back {card}").format(name=info.name, card=card_name(card)))
                    for card, _count in card_counts(held)
                ]))
        rows.append(ft.Container(padding=ft.Padding.only(top=6),
                                 content=ft.Column(block, spacing=8, tight=True)))
    if problem:
        rows.append(problem_card(problem, key="exp-pick-problem", title=_("The picks were not recorded")))
    rows.append(ft.Row(alignment=ft.MainAxisAlignment.END, spacing=8, controls=[
        *([labelled("exp-pick-cancel", ft.TextButton(_("Cancel"), key="exp-pick-cancel", on_click=on_cancel))]
          if on_cancel is not None else []),
        labelled("exp-pick-submit", ft.FilledButton(_("Record the picks"), key="exp-pick-submit",
                                                    icon=ft.Icons.CHECK_ROUNDED, on_click=on_submit, style=_big())),
    ]))
    return panel(rows, key="exp-pick-panel", tone="high")


def score_panel(state: State, colours: Sequence[str], points: Callable[[SeatNo], FieldText],
                draft: ScoreDraft, offer: SheetOffer | None, *, on_cash: Callable[[SeatNo, int], None], on_met: Callable[[SeatNo, int], None],
                on_fill: Callable[[], None], on_submit: Callable[[], None], on_cancel: Callable[[], None],
                problem: str | None, on_typed: Callable[[], None] | None = None) -> ft.Control:
    """The Ascent's scoring, from the Lead Climber clockwise: each sheet's points (typed, or from the sheet
    played in the app), the cards cashed for +3 each, and the challenges met. `points(seat)` holds the text
    typed for a seat's sheet (a FieldText, so a redraw never puts an older text in the field). Each player's
    total beside the name follows the keystrokes (`LiveTotal`) without the form being drawn again; `on_typed`
    is told of a keystroke too (to take away a refusal that the points typed since have answered)."""
    setup = state.setup
    last = state.ascent == ASCENTS
    sealed = sealed_envelopes(state)
    tracked = setup.cards is not CardMode.OFF
    rows: list[ft.Control] = [
        ft.Row(spacing=10, controls=[
            ft.Icon(ft.Icons.SCOREBOARD_ROUNDED, color=ft.Colors.PRIMARY),
            ft.Text(_("Score Ascent {number} · {sheet}").format(number=state.ascent, sheet=state.sheet.name),
                    size=16, weight=ft.FontWeight.W_700, expand=True),
        ]),
        ft.Text(_("Type each sheet's final score without the cards; tap the cards each player cashes (+3 each).")
                if tracked else
                _("Type each sheet's final score, cards cashed included (Max's without his cards: the app counts "
                  "those).") if setup.solo else
                _("Type each sheet's final score, cards cashed included."), size=12,
                color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    if offer is not None and offer.status is SheetStatus.FINISHED and offer.result is not None:
        rows.append(labelled("exp-score-fill", ft.FilledTonalButton(
            _("Fill in from the sheet played in the app"), key="exp-score-fill", icon=ft.Icons.AUTO_FIX_HIGH_ROUNDED,
            on_click=on_fill)))
    # A sheet set up to be played here but not played in the app this Ascent (never started, set aside for
    # paper, or abandoned) was played on paper.
    played_here = offer is not None and offer.status in (SheetStatus.PLAYING, SheetStatus.FINISHED)
    order = lead_order(state)
    for seat in order:
        info = setup.seats[seat]
        held = state.hands[seat]
        typed_points = points(seat)
        cashed = [i for i in draft.cash.get(seat, ()) if 0 <= i < len(held)]
        bonus = CARD_POINTS * (len(held) if info.is_max and last else len(cashed))
        follow = _TotalFollower()
        # i18n: under a player's name in the scoring form: the solo opponent (Max, whose name is just above),
        # or where the player's sheet is: "paper" or "this device"
        where = (_("solo opponent") if info.is_max else _("paper") if info.paper or not played_here
                 else _("this device"))
        # Filled in from the sheet played in the app: its points and challenges are the sheet's, shown only
        # (the rules refuse any other at the scoring).
        fixed = seat in draft.from_sheet
        block: list[ft.Control] = [
            ft.Row(spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                colour_dot(colours[seat], info.name, size=30),
                ft.Column(expand=True, spacing=0, tight=True, controls=[
                    ft.Text(info.name, size=16, weight=ft.FontWeight.W_600),
                    ft.Text(_("{where} · from the app's sheet").format(where=where) if seat in draft.from_sheet
                            else where, size=11,
                            color=ft.Colors.ON_SURFACE_VARIANT, key=f"exp-score-{seat}-where"),
                ]),
                LiveTotal(control_key=f"exp-score-{seat}-total", typed=typed_points, bonus=bonus, follower=follow),
            ]),
            labelled(f"exp-score-{seat}-points", typed_points.bind(ft.TextField(
                key=f"exp-score-{seat}-points",
                # i18n: a player's score field in the Expedition's scoring form, named for whom: a screen reader
                # reads the fields one after another, without the names above them
                # One line, cut if need be: a long name wrapped the label onto a second line, which the
                # typed points then ran into ("Points de la fiche d'Annegret Müller- / Lüdenscheidt" over "70").
                label=ft.Text(_("{name}'s sheet points").format(name=info.name), max_lines=1,
                              overflow=ft.TextOverflow.ELLIPSIS),
                keyboard_type=ft.KeyboardType.NUMBER, dense=True, read_only=fixed,
                on_change=follow.typed if on_typed is None else _both(follow.typed, on_typed),
                # Enter (or a phone keyboard's Done) in the last field scores the Ascent, as its button does.
                on_submit=(lambda: on_submit()) if seat == order[-1] else None,
                input_filter=ft.InputFilter(regex_string=POINTS_TYPED, allow=True, replacement_string="")))),
        ]
        if info.is_max and not fixed:
            # Rulebook, Max's Special Bonus: +3 for each Orphan Circle after each Ascent, instead of the -3.
            block.append(ft.Text(_("Max's sheet: +3 for each orphan circle, not −3 (his Special Bonus)"), size=12,
                                 key=f"exp-score-{seat}-max-orphans"))
        if info.is_max:
            if last and held:
                block.append(ft.Text(ngettext("Max cashes his card on this last Ascent: +{bonus}",
                                              "Max cashes his {n} cards on this last Ascent: +{bonus}",
                                              len(held)).format(n=len(held), bonus=CARD_POINTS * len(held)),
                                     size=12, key=f"exp-score-{seat}-max-cash"))
            elif held:
                block.append(ft.Text(ngettext("Max keeps his card until the last Ascent",
                                              "Max keeps his {n} cards until the last Ascent", len(held)).format(
                                                  n=len(held)), size=12,
                                     color=ft.Colors.ON_SURFACE_VARIANT, key=f"exp-score-{seat}-max-cash"))
        elif tracked and held:
            # On the last Ascent a card kept is worth nothing afterwards: said, or a card left untapped is lost.
            block.append(ft.Text(_("Last Ascent: cash your cards for +3 each, as a card kept scores nothing "
                                   "after it") if last else _("Cash cards for +3 each"), size=12,
                                 color=ft.Colors.ON_SURFACE_VARIANT, key=f"exp-cash-{seat}-hint"))
            block.append(ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
                card_chip(card, small=True, key=f"exp-cash-{seat}-{index}", selected=index in cashed, choice=True,
                          on_click=bind(on_cash, seat, index),
                          spoken=_("{name} cashes {card}").format(name=info.name, card=card_name(card)))
                for index, card in enumerate(held)
            ]))
        if sealed:
            # Max's sheet is checked like anyone's: no rule of his exempts him (docs/rulings.md).
            ticked = draft.met.get(seat, ())
            block.append(ft.Text(_("Challenges met (sealed envelopes)"), size=12,
                                 color=ft.Colors.ON_SURFACE_VARIANT))
            block.append(ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
                # Said whole, with whose sheet: every player has the same toggles, and "2 · 3×7s" is short.
                toggle_pill(f"exp-met-{seat}-{number}", f"{number} · {_short_challenge(number)}", number in ticked,
                            bind(on_met, seat, number), icon=ft.Icons.MAIL_OUTLINE_ROUNDED, disabled=fixed,
                            said=labelled_value(info.name, f"{number} · {tr(challenge(number).text)}"))
                for number in sealed
            ]))
        rows.append(ft.Container(
            key=f"exp-score-{seat}",
            padding=ft.Padding.only(top=10, bottom=6),
            border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
            content=ft.Column(block, spacing=8, tight=True)))
    if problem:
        rows.append(problem_card(problem, key="exp-score-problem", title=_("The Ascent was not scored")))
    rows.append(ft.Row(alignment=ft.MainAxisAlignment.END, spacing=8, controls=[
        labelled("exp-score-cancel", ft.TextButton(_("Cancel"), key="exp-score-cancel", on_click=on_cancel)),
        labelled("exp-score-submit", ft.FilledButton(_("Score Ascent {number}").format(number=state.ascent),
                                                     key="exp-score-submit",
                                                     icon=ft.Icons.CHECK_ROUNDED, on_click=on_submit, style=_big())),
    ]))
    return panel(rows, key="exp-score-panel", tone="high")


def _both(first: Callable[[], None], second: Callable[[], None]) -> Callable[[], None]:
    def run() -> None:
        first()
        second()
    return run


class _TotalFollower:
    """Carries a keystroke in a player's points to their total beside the name (`LiveTotal`), which then
    draws itself again alone: the field being typed in is never drawn again for it."""

    def __init__(self) -> None:
        self.redraw: Callable[[Callable[[int], int]], None] | None = None

    def typed(self) -> None:
        if self.redraw is not None:
            self.redraw(lambda n: n + 1)


@ft.component
def LiveTotal(control_key: str, typed: FieldText, bonus: int, follower: _TotalFollower) -> ft.Control:
    """"= 79" beside a player in the scoring form: the points typed so far plus the cards cashed, worked out
    from the field's text at every drawing (the form's, or this text's own after a keystroke)."""
    _keystrokes, follower.redraw = ft.use_state(0)
    points = parse_points(typed.text)
    # Said as what it is ("Total: 79"), not a bare "= 79".
    return ft.Semantics(label=labelled_value(_("Total"), number(points + bonus)) if points is not None else None,
                        exclude_semantics=True, content=ft.Text(
                            "" if points is None else f"= {number(points + bonus)}", key=control_key, size=18,
                            weight=ft.FontWeight.W_700))


def envelope_panel(state: State, colours: Sequence[str], note: FieldText, *,
                   on_open: Callable[[], None], on_change: Callable[[], None] | None = None) -> ft.Control:
    """The envelope this Ascent opens: who opens it and why; the players type what it held (into `note`,
    `on_change` told at each change)."""
    envelope = state.envelopes[-1]
    name = state.setup.names[envelope.opener]
    item = challenge(envelope.number)
    return panel([
        ft.Row(spacing=12, controls=[
            ft.Container(width=52, height=52, border_radius=ft.BorderRadius.all(14), bgcolor="#00796B",
                         alignment=ft.Alignment.CENTER,
                         content=ft.Icon(ft.Icons.MARK_EMAIL_UNREAD_ROUNDED, color=ft.Colors.WHITE, size=30)),
            ft.Column(expand=True, spacing=2, tight=True, controls=[
                ft.Text(_("Envelope {number} opens").format(number=envelope.number), key="exp-envelope-title", size=18,
                        weight=ft.FontWeight.W_700),
                ft.Row(spacing=6, controls=[colour_dot(colours[envelope.opener], name, size=20),
                                            ft.Text(_("{name} opens it").format(name=name),
                                                    weight=ft.FontWeight.W_600, expand=True)]),
            ]),
        ]),
        ft.Text(_("{name} met its challenge: {challenge}. Open the envelope, follow what it says, and note here "
                  "what it held: the envelope is used up for every later Expedition.").format(
                      name=name, challenge=tr(item.text)), size=13),
        labelled("exp-envelope-note", note.bind(ft.TextField(
            key="exp-envelope-note", label=_("What the envelope held"), multiline=True,
            min_lines=2, max_lines=6, max_length=2000,
            counter="",       # no running count: a screen reader named the field by it ("2,000 characters left")
            on_change=(lambda: on_change()) if on_change else None))),
        labelled("exp-envelope-open", ft.FilledButton(_("Record the envelope"), key="exp-envelope-open",
                                                      icon=ft.Icons.DRAFTS_ROUNDED, on_click=on_open, style=_big())),
    ], key="exp-envelope-panel", tone="high")


def problem_card(text: str, *, key: str, title: str | None = None) -> ft.Control:
    """The engine's refusal, beside the button that caused it (`title`: "Not recorded" unless given)."""
    return message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, title or _("Not recorded"), text, key=key, tone="warning")


def notice_card(text: str, *, key: str = "exp-notice", on_dismiss: Callable[[], None] | None = None) -> ft.Control:
    """What the last tap did (and that undo takes it back), told to a screen reader as it appears."""
    return announced(ft.Container(
        key=key,
        border_radius=ft.BorderRadius.all(14),
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        padding=ft.Padding.only(left=14, right=4, top=6, bottom=6),
        content=ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Icon(ft.Icons.CHECK_CIRCLE_ROUNDED, color=ft.Colors.ON_TERTIARY_CONTAINER, size=20),
            ft.Text(text, expand=True, color=ft.Colors.ON_TERTIARY_CONTAINER, key=f"{key}-text"),
            *([labelled(f"{key}-close", ft.IconButton(
                ft.Icons.CLOSE_ROUNDED, icon_color=ft.Colors.ON_TERTIARY_CONTAINER, tooltip=_("Dismiss"),
                on_click=on_dismiss, key=f"{key}-close"))] if on_dismiss else []),
        ]),
    ))


def _sheet_block(state: State, offer: SheetOffer, *, on_sheet: Callable[[], None],
                 on_drop: Callable[[], None] | None = None) -> list[ft.Control]:
    who = tr(and_list(offer.players))
    if offer.status is SheetStatus.PLAYING:
        waiting: list[ft.Control] = []
        if state.due:
            names = tr(and_list(state.setup.names[n] for n in state.due))
            waiting.append(ft.Text(_("{names} made a new zone on the sheet: the round's picks come next (here or "
                                     "on the sheet).").format(names=names), key="exp-sheet-due", size=12,
                                   weight=ft.FontWeight.W_600))
        drop: list[ft.Control] = []
        if offer.embedded and on_drop is not None:
            drop.append(labelled("exp-sheet-drop", ft.TextButton(
                _("Go on on paper instead"), key="exp-sheet-drop", icon=ft.Icons.EDIT_OFF_ROUNDED, on_click=on_drop,
                tooltip=_("Stop the sheet in the app; the cards picked and used stay as they are"))))
        return waiting + [ft.Row(wrap=True, spacing=8, controls=[labelled("exp-sheet-open", ft.OutlinedButton(
            _("Continue the sheet in the app"), key="exp-sheet-open", icon=ft.Icons.EDIT_ROUNDED, on_click=on_sheet)),
            *drop])]
    if offer.status is SheetStatus.FINISHED:
        result = offer.result
        if result is None:
            return [ft.Text(_("The sheet played in the app is in History, but its scores cannot be read: type them "
                              "in."), key="exp-sheet-unreadable", size=12, color=ft.Colors.ERROR)]
        return [ft.Container(
            key="exp-sheet-done",
            border_radius=ft.BorderRadius.all(14),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            padding=12,
            content=ft.Column(spacing=6, tight=True, controls=[
                ft.Row(spacing=8, controls=[
                    ft.Icon(ft.Icons.TASK_ALT_ROUNDED, color=ft.Colors.ON_SECONDARY_CONTAINER),
                    ft.Text(_sheet_finished(offer.players, who, complete=result.complete), key="exp-sheet-done-text",
                            weight=ft.FontWeight.W_600, expand=True, color=ft.Colors.ON_SECONDARY_CONTAINER),
                ]),
                ft.Text(_("Scoring fills in the points and challenges played in the app."), size=12,
                        color=ft.Colors.ON_SECONDARY_CONTAINER),
                *_card_check(state, result),
            ]))]
    label = (_("Play this Ascent's sheet in the app") if offer.status is SheetStatus.NONE
             else _("Play the sheet in the app again"))
    out: list[ft.Control] = []
    if offer.status is SheetStatus.GONE:
        out.append(ft.Text(_("The sheet started in the app was abandoned."), size=12, key="exp-sheet-gone",
                           color=ft.Colors.ON_SURFACE_VARIANT))
    out.append(labelled("exp-sheet-start", ft.OutlinedButton(
        label, key="exp-sheet-start", icon=ft.Icons.PHONE_ANDROID_ROUNDED, on_click=on_sheet,
        tooltip=_("{who}: the sheet on the Trek 12 screen, with the cards held").format(who=who))))
    return out


def _sheet_finished(players: Sequence[str], who: str, *, complete: bool) -> str:
    """'Ann's sheet is finished'; with several players on the app's sheet (each with a sheet of their own),
    'The sheets of Ann and Bob are finished'. `who`: the players' names joined in words."""
    if complete:
        # i18n: {who} is the players whose sheets were played in the app, joined by "and"
        return ngettext("{who}'s sheet is finished", "The sheets of {who} are finished", len(players)).format(who=who)
    # i18n: {who} is the players whose sheets were played in the app, joined by "and"; the game was saved unfinished
    return ngettext("{who}'s sheet is finished (saved before the end)",
                    "The sheets of {who} are finished (saved before the end)", len(players)).format(who=who)


def _card_check(state: State, result: SheetResult) -> list[ft.Control]:
    """Where a sheet ended with another number of cards than the Expedition holds for its player: cards picked
    or used on the Trek 12 screen are not copied here by themselves, and cashing must count the right ones."""
    if state.setup.cards is CardMode.OFF:
        return []
    out: list[ft.Control] = []
    for item in result.seats:
        info = state.setup.seats[item.seat]
        if info.is_max:
            continue
        held = len(state.hands[item.seat])
        if item.kept != held:
            out.append(ft.Text(
                ngettext("{name} ended the sheet with {n} card but holds {held} here: record the cards picked and "
                         "used on the sheet below before scoring.",
                         "{name} ended the sheet with {n} cards but holds {held} here: record the cards picked and "
                         "used on the sheet below before scoring.", item.kept).format(
                             name=info.name, n=item.kept, held=held), size=12,
                key=f"exp-sheet-cards-{item.seat}", color=ft.Colors.ON_SECONDARY_CONTAINER,
                weight=ft.FontWeight.W_600))
    return out


def _offer_row(state: State) -> ft.Control:
    """The summit and the stars on offer (drawn by kind), and the record to beat."""
    sheet = state.sheet
    record = state.setup.records[state.ascent - 1]
    parts: list[ft.Control] = [ft.Text(_("Summit {summit}+").format(summit=sheet.summit), size=12,
                                       color=ft.Colors.ON_SURFACE_VARIANT)]
    if sheet.stars is not None:
        for kind in STAR_KINDS:
            if kind.field == "record" and record is None:
                continue        # nothing to beat: the best total only writes the first record (docs/rulings.md)
            shown, heard = _stars_on_offer(kind.field, getattr(sheet.stars, kind.field))
            # The star is the only sign that these are stars: a screen reader heard "3 summit, 2 race".
            parts.append(ft.Semantics(label=heard, exclude_semantics=True, content=ft.Row(
                tight=True, spacing=1, key=f"exp-climb-offer-{kind.field}", controls=[
                    ft.Icon(ft.Icons.STAR_ROUNDED, size=14, color=kind.colour),
                    ft.Text(shown, size=12, color=ft.Colors.ON_SURFACE_VARIANT)])))
    parts.append(ft.Text(_("record to beat {score}").format(score=record.score) if record is not None
                         # i18n: an Ascent's offer when its sheet has no record in the Hall of Fame
                         else _("no record yet, so no record star"), size=12,
                         key="exp-climb-record", color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Row(parts, wrap=True, spacing=10, run_spacing=2)


def _stars_on_offer(field: str, n: int) -> tuple[str, str]:
    """The stars of one kind an Ascent offers, as drawn beside a star ('3 summit': English keeps the kind's name
    without a plural) and as a screen reader says them ('3 stars for the summit')."""
    if field == "summit":
        # i18n: Reputation stars on offer for reaching the summit ("3 summit"), then as a screen reader says them
        words = (ngettext("{n} summit", "{n} summit", n),
                 ngettext("{n} star for the summit", "{n} stars for the summit", n))
    elif field == "race":
        # i18n: Reputation stars on offer for the highest score of the Ascent ("1 race"), then as a screen reader
        # says them
        words = (ngettext("{n} race", "{n} race", n), ngettext("{n} star for the race", "{n} stars for the race", n))
    else:
        # i18n: Reputation stars on offer for beating the Hall of Fame's record ("2 record"), then as a screen
        # reader says them
        words = (ngettext("{n} record", "{n} record", n),
                 ngettext("{n} star for the record", "{n} stars for the record", n))
    return words[0].format(n=n), words[1].format(n=n)


def _short_challenge(number: int) -> str:
    item = challenge(number)
    # The circles are said: "zone of 5" beside "3×7s" read as a zone of 5s.
    if item.kind.value == "line":
        # i18n: a challenge in short: a Fixed Line of exactly {size} circles
        return ngettext("line of {size} circle", "line of {size} circles", item.size).format(size=item.size)
    if item.value is None:
        # i18n: a challenge in short: a Mapped Zone of exactly {size} circles
        return ngettext("zone of {size} circle", "zone of {size} circles", item.size).format(size=item.size)
    # i18n: a challenge in short: a Mapped Zone of exactly {size} circles of {value}s ("3×7s")
    return _("{size}×{value}s").format(size=item.size, value=item.value)
