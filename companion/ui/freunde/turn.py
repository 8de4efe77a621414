"""The sections of a Freunde turn on screen, one per step: cards, the risk token, the climbers' actions, the
acclimatization check, the team at a glance, and the end of the game.

Each builder takes the engine's state, the draft being tapped in and callbacks, and returns controls; the
play screen (`companion.ui.freunde.screens`) owns the drafts and sends the actions through the session keeper. Every
number shown (movement totals, who takes the risk token, costs, reasons, the check's arithmetic, scores) is
the engine's: `rules.destinations`, `rules.check_preview`, `rules.risk_owed`, `scoring.score` ...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from companion.games.freunde import rules
from companion.games.freunde.data import Card, CardKind, SpaceId, parse_card
from companion.games.freunde.rules import (
    MAX_ACCLIMATIZATION, TURNS, ClimberCheck, Phase, Route, State,
)
from companion.games.freunde.scoring import score
from companion.games.freunde.solo import rank_name
from companion.i18n import N_, _, ngettext, tr
from companion.ui.freunde.parts import (
    ACCL_COLOUR,
    MOVE_COLOUR,
    PLAYER_ICON,
    accl_track,
    accl_words,
    card_face,
    card_sort_key,
    cards_words,
    check_sentence,
    chip,
    info_line,
    level,
    pawn,
    signed,
    stepper,
    zone_label,
)
from companion.ui.freunde.board import entry_cost_words, space_name, space_title
from companion.games.words import clauses
from companion.ui.common.entries import end_hint, save_waits
from companion.ui.common.widgets import (and_list, bind, colour_dot, first_capital, labelled, labelled_value,
                                         message_card, section_title)

__all__ = [
    "CardsDraft", "RiskDraft", "MoveDraft", "STEPS", "turn_words", "step_header", "cards_section", "risk_section",
    "actions_section", "move_summary", "card_player", "check_card", "team_section", "scores_section", "end_section",
    "space_facts", "given_cards", "solo_rank_sentence", "score_said",
]

# i18n: the four steps of a turn, on one line at the top of the Turn panel
STEPS = ((N_("Cards"), Phase.PLAY), (N_("Risk"), Phase.RISK), (N_("Actions"), Phase.ACTIONS), (N_("Check"), None))


@dataclass(frozen=True)
class CardsDraft:
    """Cards being tapped in: whose, the three played (codes), or the cards drawn when `drawing`; `kept`: the
    cards other players had tapped in to play, put aside while someone else taps theirs (player, codes)."""

    player: int | None = None
    tray: tuple[str, ...] = ()
    drawing: bool = False
    kept: tuple[tuple[int, tuple[str, ...]], ...] = ()

    def switch(self, current: int | None, index: int) -> CardsDraft:
        """Another player's cards: the current player's chosen cards are put aside (cards drawn are not: they
        are entered at once), and the other player's own, if any, come back."""
        kept = dict(self.kept)
        if current is not None and not self.drawing:
            kept[current] = self.tray
        tray = kept.pop(index, ())
        return CardsDraft(player=index, tray=tray, kept=_aside(kept))

    def draw_mode(self, current: int | None, on: bool) -> CardsDraft:
        """Into entering the cards drawn (the cards chosen to play put aside) or back to choosing (they come
        back); the cards drawn and not saved are dropped either way."""
        kept = dict(self.kept)
        if current is not None and not self.drawing and self.tray:
            kept[current] = self.tray
        tray = () if on or current is None else kept.pop(current, ())
        return CardsDraft(player=current, tray=tray, drawing=on, kept=_aside(kept))

    def without(self, player: int) -> CardsDraft:
        """After `player`'s cards are played: nothing chosen, the others' cards still put aside."""
        return CardsDraft(kept=tuple((n, t) for n, t in self.kept if n != player))


def _aside(kept: dict[int, tuple[str, ...]]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Players' chosen cards put aside, as `CardsDraft.kept` holds them (by player, none left empty)."""
    return tuple(sorted((n, t) for n, t in kept.items() if t))


@dataclass(frozen=True)
class RiskDraft:
    """The risk token being chosen, and (when the face-up row is tracked) the one turned up to replace it."""

    value: int | None = None
    revealed: int | None = None


@dataclass(frozen=True)
class MoveDraft:
    """One climber's action being planned: the cards given (indices into the cards left), where it goes,
    its tent, the risk points it takes, and the reason the last tap was refused."""

    climber: str | None = None
    cards: tuple[int, ...] = ()
    target: SpaceId | None = None
    tent: bool = False
    risk_move: int = 0
    risk_accl: int = 0
    refused: SpaceId | None = None
    reason: str | None = None
    tapped: SpaceId | None = None

    def to_doc(self) -> dict[str, Any]:
        """The plan as a document to keep beside the game (`from_doc` reads it back): the climber, the cards
        given, where it goes (or the space it was meant for and cannot reach now, `refused`), its tent and the
        risk points it takes; empty when no climber is being planned. The refusal's words are said afresh."""
        if self.climber is None:
            return {}
        return {"climber": self.climber, "cards": list(self.cards), "target": self.target, "refused": self.refused,
                "tent": self.tent, "risk_move": self.risk_move, "risk_accl": self.risk_accl}

    @classmethod
    def from_doc(cls, doc: Any, state: State) -> MoveDraft:
        """A kept plan (`to_doc`) for the climber of the acting player it names, if that climber may still act;
        what does not fit the game now (a card given that is not left, a space it cannot stop on, more risk
        than is owed) is left out; a space it cannot stop on now stays the one it was meant for (`refused`: a
        tent meant for it is not pitched where the climber stands). Anything else gives no plan."""
        index = state.acting
        if not isinstance(doc, Mapping) or index is None:
            return cls()
        player = state.players[index]
        label = doc.get("climber")
        climber = next((c for c in player.climbers if c.label == label), None)
        if climber is None or not climber.alive or climber.label in player.turn.acted:
            return cls()
        left = rules.cards_left_to_give(state, index)
        given = doc.get("cards") if isinstance(doc.get("cards"), list) else []
        cards = tuple(sorted({n for n in given if type(n) is int and 0 <= n < len(left)}))
        owed = rules.risk_owed(state, index)

        def points(value: Any, most: int) -> int:
            return value if type(value) is int and 0 <= value <= most else 0

        risk_move = points(doc.get("risk_move"), owed)
        risk_accl = points(doc.get("risk_accl"), owed - risk_move)
        tent = doc.get("tent") is True
        meant = doc.get("target") if doc.get("target") is not None else doc.get("refused")
        plan = cls(climber.label, cards, None, tent, risk_move, risk_accl)
        if isinstance(meant, str) and meant in state.board.spaces and meant != climber.space:
            route = rules.destinations(state, index, climber.label, given_cards(state, plan), tent=tent,
                                       risk_move=risk_move).get(meant)
            plan = replace(plan, target=meant) if route is not None and route.stop else replace(plan, refused=meant)
        return plan


def given_cards(state: State, draft: MoveDraft) -> tuple[Card, ...]:
    """The cards the draft gives its climber, from the acting player's cards left to give."""
    if state.acting is None:
        return ()
    left = rules.cards_left_to_give(state, state.acting)
    return tuple(left[i] for i in draft.cards if i < len(left))


def turn_words(state: State) -> str:
    """Turn n of 18, or when the game ended (the step header; home's Resume card)."""
    if state.over:
        played = len(state.log)
        return (_("Game over after turn {turn}") if played >= TURNS else _("Game over on turn {turn}")).format(
            turn=played)
    return _("Turn {turn} of {turns}").format(turn=state.turn, turns=TURNS)


def step_header(state: State, colours: Sequence[str]) -> ft.Control:
    """Turn n of 18, the start player, and the four steps of a turn with the current one lit."""
    current = {Phase.PLAY: 0, Phase.RISK: 1, Phase.ACTIONS: 2}.get(state.phase, 3)
    start = state.players[state.start_player]
    steps: list[ft.Control] = []
    for index, (name, _phase) in enumerate(STEPS):
        done = index < current
        now = index == current and not state.over
        # The step being played is said to be the selected one: its fill alone told a screen reader nothing.
        steps.append(ft.Semantics(key=f"fr-step-{index}", selected=now, expand=1, content=ft.Container(
            height=30,
            border_radius=ft.BorderRadius.all(15),
            bgcolor=ft.Colors.PRIMARY if now else (ft.Colors.PRIMARY_CONTAINER if done else None),
            border=None if (now or done) else ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            alignment=ft.Alignment.CENTER,
            # A quarter of a phone: 11 points hold "Vérification" or "Sprawdzenie".
            content=ft.Text(_(name), size=11, weight=ft.FontWeight.W_600,
                            color=ft.Colors.ON_PRIMARY if now else ft.Colors.ON_SURFACE_VARIANT),
        )))
    # "starts" and the name said as one ("starts, Ann"), not two fragments.
    starts = ft.MergeSemantics(content=ft.Row(spacing=6, tight=True, controls=[
        # i18n: beside the start player's name: who starts this turn
        ft.Text(_("starts"), size=12, color=ft.Colors.ON_SECONDARY_CONTAINER),
        colour_dot(colours[state.start_player], start.name, size=22, icon=PLAYER_ICON),
        ft.Text(start.name, key="fr-start-player", weight=ft.FontWeight.W_600, color=ft.Colors.ON_SECONDARY_CONTAINER),
    ]))
    title = turn_words(state)
    return ft.Container(
        key="fr-step-header",
        padding=ft.Padding.only(left=16, right=16, top=12, bottom=14),
        border_radius=ft.BorderRadius.all(20),
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        content=ft.Column(spacing=10, tight=True, controls=[
            ft.Row(controls=[
                ft.Text(title, key="fr-turn-title", size=22, weight=ft.FontWeight.W_700,
                        color=ft.Colors.ON_SECONDARY_CONTAINER, expand=True),
                *([] if state.over or state.setup.solo else [starts]),
            ]),
            *([] if state.over else [ft.Row(steps, spacing=6)]),
        ]),
    )


# --- cards ------------------------------------------------------------------------------------------------

def _tray_total(solo: bool, rope: bool) -> str:
    """The line under the cards played: their movement total, and what it decides (alone, a risk token is
    taken every turn whatever the total: 'Solo')."""
    if solo:
        return _("Movement total {total} (a rope counts its smaller value).") if rope else _("Movement total {total}.")
    if rope:
        return _("Movement total {total} (a rope counts its smaller value): the highest total takes a risk token.")
    return _("Movement total {total}: the highest total takes a risk token.")


def cards_section(
    state: State,
    colours: Sequence[str],
    draft: CardsDraft,
    *,
    on_player: Callable[[int], None],
    on_add: Callable[[str], None],
    on_remove: Callable[[int], None],
    on_play: Callable[[], None],
    on_draw_mode: Callable[[bool], None],
    on_save_draw: Callable[[], None],
    problem: str | None,
) -> list[ft.Control]:
    """Card selection: each player's three cards as revealed, from the hand (or the cards not yet played)."""
    active = rules.active_players(state)
    order = [i for i in rules.turn_order(state) if i in active]
    player = card_player(state, draft.player)
    body: list[ft.Control] = [section_title(_("Cards · turn {turn}").format(turn=state.turn))]
    # With only three cards left in hand (before a reshuffle, and the game's last turn) there is nothing to pick.
    last = all(state.players[i].hand.size <= state.deck.play_per_turn for i in active)
    if len(active) > 1:
        intro = (_("Everyone plays the three cards left in hand, face down and revealed together; tap in each "
                   "player's three.") if last else
                 _("Everyone picks three of their six cards face down and reveals them together; tap in each "
                   "player's three."))
    else:
        intro = (_("Play the three cards left in your hand, then tap them in here.") if last else
                 _("Pick three of your six cards, then tap them in here."))
    body.append(ft.Text(intro, key="fr-cards-intro", size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if len(order) > 1:
        chips = []
        for index in order:
            p = state.players[index]
            played = p.turn.has_played
            chips.append(chip(f"fr-cards-player-{index}", p.name, index == player, bind(on_player, index),
                              colour=colours[index], icon=ft.Icons.CHECK_CIRCLE_ROUNDED if played else None,
                              disabled=played,
                              spoken=(_("{name}: cards in") if played else _("{name}: to play")).format(
                                  name=p.name)))
        body.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=6))
    for index in order:
        p = state.players[index]
        if p.turn.has_played:
            body.append(info_line(ft.Icons.CHECK_CIRCLE_ROUNDED,
                                  _("{name} played {cards}").format(
                                      name=p.name, cards=cards_words(c.code for c in p.turn.played)),
                                  key=f"fr-cards-played-{index}"))
    if player is None:
        return body
    p = state.players[player]
    hand = p.hand
    known = rules.hand_cards(state, player)
    drawing = draft.drawing and hand.unknown > 0
    if drawing:
        pool = Counter(c.code for c in (_take(hand.unplayed, hand.known)))
        limit = hand.unknown
        heading = _("Cards {name} drew (up to {limit} not entered yet)").format(name=p.name, limit=limit)
    else:
        pool = Counter(c.code for c in (known if known is not None else hand.unplayed))
        limit = state.deck.play_per_turn
        if known is not None:
            heading = _("{name}'s hand").format(name=p.name)
        elif hand.known:
            heading = _("{name}'s cards not yet played since the last shuffle ({entered} of the hand entered: Enter "
                        "hand adds the rest)").format(name=p.name, entered=len(hand.known))
        else:
            heading = _("{name}'s cards not yet played since the last shuffle (hand not entered)").format(name=p.name)
    body.append(_hand_facts(state, player))
    chosen = Counter(draft.tray)
    faces = []
    for code in sorted(pool, key=card_sort_key):
        left = pool[code] - chosen[code]
        faces.append(card_face(code, key=f"fr-card-{code}", count=left, dim=left <= 0, width=46, height=62,
                               on_click=bind(on_add, code) if left > 0 and len(draft.tray) < limit else None,
                               # i18n: read aloud before a card: tapping it adds it to the cards played
                               action=_("Add")))
    body.append(ft.Text(heading, size=13, weight=ft.FontWeight.W_600))
    body.append(ft.Row(faces, wrap=True, spacing=6, run_spacing=6, key="fr-card-picker"))
    slots: list[ft.Control] = []
    for n in range(limit):
        if n < len(draft.tray):
            slots.append(card_face(draft.tray[n], key=f"fr-tray-{n}", on_click=bind(on_remove, n), width=54,
                                   # i18n: read aloud before a card: tapping it takes it back out
                                   height=72, action=_("Remove")))
        else:
            slots.append(ft.Container(width=54, height=72, border_radius=ft.BorderRadius.all(8),
                                      border=ft.Border.all(1.5, ft.Colors.OUTLINE_VARIANT),
                                      alignment=ft.Alignment.CENTER,
                                      # An empty place's number is only drawn: read aloud it was a bare "2".
                                      content=ft.Semantics(exclude_semantics=True,
                                                           content=ft.Text(str(n + 1), color=ft.Colors.OUTLINE))))
    tray_cards = [parse_card(c) for c in draft.tray]
    movement = sum(c.risk_points for c in tray_cards)
    body.append(ft.Container(
        key="fr-tray",
        padding=12,
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        content=ft.Column(spacing=8, tight=True, controls=[
            ft.Row(slots, spacing=8, wrap=True),
            *([] if drawing else [ft.Text(
                _tray_total(state.setup.solo, any(c.kind is CardKind.ROPE for c in tray_cards)).format(
                    total=movement),
                key="fr-tray-total", size=12, color=ft.Colors.ON_SURFACE_VARIANT)]),
        ]),
    ))
    if problem:
        body.append(ft.Text(problem, key="fr-cards-problem", color=ft.Colors.ERROR, size=13))
    if drawing:
        # Wrapping: both buttons on one line when they fit, the main one under the other when the words are long.
        body.append(ft.Row(spacing=8, run_spacing=8, wrap=True, alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                           controls=[
            labelled("fr-draw-cancel", ft.TextButton(_("Back to playing"), key="fr-draw-cancel",
                                                     on_click=bind(on_draw_mode, False))),
            labelled("fr-draw-save", ft.FilledButton(
                ngettext("Save {n} card in hand", "Save {n} cards in hand", len(draft.tray)).format(
                    n=len(draft.tray)), key="fr-draw-save",
                icon=ft.Icons.SAVE_ROUNDED, disabled=not draft.tray, on_click=on_save_draw)),
        ]))
    else:
        actions: list[ft.Control] = []
        if hand.unknown:
            actions.append(labelled("fr-draw", ft.TextButton(
                _("Enter hand"), key="fr-draw", icon=ft.Icons.STYLE_ROUNDED, on_click=bind(on_draw_mode, True),
                tooltip=_("Optional: enter the cards in hand so only they are offered"))))
        ready = len(draft.tray) == limit
        actions.append(labelled("fr-play", ft.FilledButton(
            _("Play {name}'s cards").format(name=p.name) if ready else
            _("Choose {n} more").format(n=limit - len(draft.tray)),
            key="fr-play", icon=ft.Icons.DONE_ALL_ROUNDED, disabled=not ready, on_click=on_play,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=18, vertical=14)))))
        body.append(ft.Row(actions, spacing=8, run_spacing=8, wrap=True, alignment=ft.MainAxisAlignment.SPACE_BETWEEN
                           if len(actions) > 1 else ft.MainAxisAlignment.END))
    return body


def card_player(state: State, chosen: int | None) -> int | None:
    """Whose cards are being tapped in: the one chosen, else the first still to play in turn order."""
    waiting = rules.waiting_for(state)[1]
    if chosen in waiting:
        return chosen
    return next((i for i in rules.turn_order(state) if i in waiting), None)


def _hand_facts(state: State, player: int) -> ft.Control:
    """The hand and the draw pile, and what the reshuffle rule does next ('End of Turn')."""
    hand = state.players[player].hand
    play = state.deck.play_per_turn
    entered = len(hand.known)
    parts = [_("{n} in hand ({entered} entered)").format(n=hand.size, entered=entered) if entered and hand.unknown
             else _("{n} in hand").format(n=hand.size)]
    if hand.deck_size:
        parts.append(_("draw pile {n}").format(n=hand.deck_size))
    elif hand.size > play:
        parts.append(_("draw pile empty: nothing is drawn after this turn, the last three are played next turn"))
    elif state.turn >= rules.TURNS:
        # i18n: the hand on the game's last turn: nothing is shuffled or drawn after it
        parts.append(_("the last three of the game"))
    else:
        parts.append(_("the last three: after this turn all 18 are shuffled and six drawn"))
    return info_line(ft.Icons.STYLE_ROUNDED, " · ".join(parts), key=f"fr-hand-{player}")


# --- risk -------------------------------------------------------------------------------------------------

def risk_section(state: State, colours: Sequence[str], draft: RiskDraft, *, on_value: Callable[[int], None],
                 on_revealed: Callable[[int], None], on_take: Callable[[], None],
                 problem: str | None) -> list[ft.Control]:
    """The risk token: the movement totals, who takes it, the token chosen (and the one turned up)."""
    taker = state.risk_taker
    assert taker is not None
    name = state.players[taker].name
    body: list[ft.Control] = [section_title(_("Risk token"))]
    body.append(_totals(state, colours))
    if state.setup.solo:
        why = _("Solo: you take a risk token every turn, whatever you played.")
    else:
        why = _("{name} has the highest movement total ({total}) and takes a risk token.").format(
            name=name, total=state.movement[taker])
    if rules.printed_rules(state):
        # i18n: follows the sentence that says who takes the risk token (the printed rules, p.7)
        how = _("Its points come off the cards played (movement or acclimatization), or off the acclimatization "
                "of a climber that moved or got acclimatization points this turn; cards no climber was given take "
                "what is left.")
    else:
        # i18n: follows the sentence that says who takes the risk token
        how = _("Its points come off the movement or the acclimatization of a climber that uses a card this turn; "
                "a climber given no card cannot take them.")
    body.append(message_card(ft.Icons.WARNING_AMBER_ROUNDED, _("{name} takes a risk token").format(name=name),
                             f"{why} {how}", key="fr-risk-taker"))
    options = rules.legal_actions(state)
    values = sorted({a.value for a in options})
    supply = dict(state.risk_supply)
    tracked = state.risk_face_up is not None
    body.append(ft.Text(_("Face-up tokens: pick the one taken") if tracked else _("The token taken"), size=13,
                        weight=ft.FontWeight.W_600))
    body.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        _token(f"fr-risk-{v}", v, draft.value == v, bind(on_value, v),
               # i18n: under a risk token's value: how many tokens of it are left in the supply
               None if tracked else ngettext("{n} left", "{n} left", supply.get(v, 0)).format(n=supply.get(v, 0)))
        for v in values
    ]))
    needs_reveal = draft.value is not None and any(a.revealed is not None for a in options if a.value == draft.value)
    if needs_reveal:
        revealed = sorted({a.revealed for a in options if a.value == draft.value and a.revealed is not None})
        body.append(ft.Text(_("The token turned face up to replace it"), size=13, weight=ft.FontWeight.W_600))
        body.append(ft.Row(wrap=True, spacing=8, controls=[
            _token(f"fr-risk-revealed-{v}", v, draft.revealed == v, bind(on_revealed, v), None) for v in revealed
        ]))
    if problem:
        body.append(ft.Text(problem, key="fr-risk-problem", color=ft.Colors.ERROR, size=13))
    ready = draft.value is not None and (not needs_reveal or draft.revealed is not None)
    body.append(ft.Row(alignment=ft.MainAxisAlignment.END, controls=[labelled("fr-risk-take", ft.FilledButton(
        # i18n: the button that takes the risk token chosen: "Ann takes the 2"
        _("{name} takes the {value}").format(name=name, value=draft.value) if ready else
        # i18n: the same button while the token taken is chosen but not the one turned face up to replace it
        _("Choose the token turned face up") if draft.value is not None else _("Choose the token"),
        key="fr-risk-take",
        icon=ft.Icons.CHECK_ROUNDED, disabled=not ready, on_click=on_take,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=18, vertical=14))))]))
    return body


def _totals(state: State, colours: Sequence[str]) -> ft.Control:
    items = []
    for index, total in enumerate(state.movement):
        p = state.players[index]
        if not p.active:
            continue
        items.append(ft.Row(spacing=6, tight=True, controls=[
            colour_dot(colours[index], p.name, size=20, icon=PLAYER_ICON),
            ft.Text(f"{p.name} {total}", key=f"fr-total-{index}", weight=ft.FontWeight.W_600),
        ]))
    return ft.Row([ft.Text(_("Movement totals:"), size=13, color=ft.Colors.ON_SURFACE_VARIANT), *items],
                  wrap=True, spacing=12, run_spacing=4)


def _token(key: str, value: int, selected: bool, on_click, note: str | None) -> ft.Control:
    said = (_("Risk token {value}, {note}").format(value=value, note=note) if note else
            _("Risk token {value}").format(value=value))
    words = ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                      alignment=ft.MainAxisAlignment.CENTER, controls=[
        ft.Text(str(value), size=22, weight=ft.FontWeight.W_700, color="#FFFFFF" if selected else ft.Colors.ON_SURFACE),
        *([ft.Text(note, size=9, color="#FFFFFF" if selected else ft.Colors.ON_SURFACE_VARIANT)] if note else []),
    ])
    # One node with its tap, named once: the value and the note drawn are said by its label.
    return labelled(key, ft.Container(
        key=key, width=64, height=64, shape=ft.BoxShape.CIRCLE, ink=True, on_click=on_click,
        bgcolor="#C62828" if selected else ft.Colors.SURFACE_CONTAINER_HIGH,
        border=ft.Border.all(3 if selected else 1, ft.Colors.ON_SURFACE if selected else ft.Colors.OUTLINE_VARIANT),
        alignment=ft.Alignment.CENTER, content=ft.Semantics(exclude_semantics=True, content=words)),
        label=said, button=True, selected=selected)


# --- actions ----------------------------------------------------------------------------------------------

def actions_section(
    state: State,
    colours: Sequence[str],
    draft: MoveDraft,
    routes: Mapping[SpaceId, Route],
    *,
    on_climber: Callable[[str], None],
    on_card: Callable[[int], None],
    on_tent: Callable[[], None],
    on_risk_move: Callable[[int], None],
    on_risk_accl: Callable[[int], None],
    on_pay: Callable[[str], None],
    on_done: Callable[[], None],
    board: ft.Control,
    problem: str | None,
    on_space: Callable[[SpaceId], None] | None = None,
) -> list[ft.Control]:
    """The acting player's climbers, the cards to give, the board with where they can go, risk and Done."""
    index = state.acting
    assert index is not None
    p = state.players[index]
    colour = colours[index]
    owed = rules.risk_owed(state, index)
    left = rules.cards_left_to_give(state, index)
    order = [i for i in rules.turn_order(state) if state.players[i].active]
    body: list[ft.Control] = [section_title(_("{name} acts").format(name=p.name))]
    body.append(_risk_summary(state))
    if len(order) > 1:
        names = [_("{name} (done)").format(name=state.players[i].name) if state.players[i].turn.done
                 else state.players[i].name for i in order]
        sequence = names[0]
        for name in names[1:]:
            # i18n: the turn order so far, then the next player: "Ann, then Bob"
            sequence = _("{first}, then {next}").format(first=sequence, next=name)
        body.append(info_line(ft.Icons.LOW_PRIORITY_ROUNDED, _("Turn order: {players}").format(players=sequence),
                              key="fr-order"))
    climbers: list[ft.Control] = []
    for climber in p.climbers:
        acted = climber.label in p.turn.acted
        selected = draft.climber == climber.label
        where = _short_space(state, climber.space)
        # Done, it is said where it stands too, as the tile draws it ("Done · S5"), the words drawn being left out.
        status = _("dead") if not climber.alive else ", ".join((_("done"), where)) if acted else where
        # Whose climber it is, not only its letter: a player moving straight to the buttons heard "Climber A".
        # i18n: a climber's button read aloud: "Ann's climber A: base camp, acclimatization 1"
        spoken = _("{climber}: {status}, acclimatization {value}").format(
            climber=first_capital(tr(rules.climber_name(state, index, climber.label))), status=status,
            value=climber.acclimatization)
        # One node for a screen reader: the label, the state and the tap (unmerged, the tap was a nameless button).
        climbers.append(ft.Container(expand=1, content=labelled(
            f"fr-climber-{climber.label}", label=spoken, button=True, selected=selected,
            control=ft.Container(
                key=f"fr-climber-{climber.label}",
                height=64,
                padding=ft.Padding.symmetric(horizontal=10),
                border_radius=ft.BorderRadius.all(16),
                bgcolor=ft.Colors.PRIMARY_CONTAINER if selected else ft.Colors.SURFACE_CONTAINER_LOW,
                border=ft.Border.all(2 if selected else 1,
                                     ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT),
                opacity=0.5 if acted or not climber.alive else 1.0,
                disabled=acted or not climber.alive,
                ink=True,
                on_click=bind(on_climber, climber.label),
                content=ft.Semantics(exclude_semantics=True, content=ft.Row(spacing=8, controls=[
                    pawn(colour, climber.label, size=26, dead=not climber.alive, ring=selected),
                    ft.Column(expand=True, spacing=3, tight=True, controls=[
                        ft.Text(f"{_short_space(state, climber.space)}" if climber.alive and not acted else
                                (_("Dead") if not climber.alive else
                                 _("Done · {space}").format(space=_short_space(state, climber.space))),
                                # Two lines: "Gotowe · pole startowe" is wider than half a phone.
                                size=13, weight=ft.FontWeight.W_600, max_lines=2),
                        accl_track(climber.acclimatization, alive=climber.alive, size=9),
                    ]),
                ])),
            ))))
    body.append(ft.Row(climbers, spacing=8))
    if left:
        body.append(ft.Text(_("Cards to give climber {label}").format(label=draft.climber) if draft.climber else
                            _("Cards to give: tap a climber first"), size=13, weight=ft.FontWeight.W_600))
        faces = []
        for n, card in enumerate(left):
            given = n in draft.cards
            faces.append(card_face(card.code, key=f"fr-give-{n}", width=46, height=62, selected=given,
                                   on_click=bind(on_card, n) if draft.climber else None,
                                   dim=draft.climber is None,
                                   # i18n: read aloud before a card: tapping it takes it back from the climber
                                   action=_("Take back") if given else
                                   # i18n: read aloud before a card: tapping it gives it to the climber chosen
                                   _("Give")))
        body.append(ft.Row(faces, spacing=6, wrap=True, key="fr-give-row"))
        if draft.climber and draft.cards:
            # The last climber to act is given every card left at once: said, or a tap meant to give takes away.
            body.append(ft.Text(_("Ringed cards are given to climber {label}: tap one to take it back.").format(
                label=draft.climber), key="fr-given-hint", size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    else:
        body.append(info_line(ft.Icons.CHECK_ROUNDED, _("Every card played this turn has been given."),
                              key="fr-no-cards"))
    if draft.climber is not None:
        body.extend(_move_details(state, index, draft, routes, on_tent, on_risk_move, on_risk_accl, owed, on_space))
    elif left:
        body.append(ft.Text(_("Tap a climber (here or on the board), give it cards, then tap where it goes."),
                            size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    body.append(board)
    if draft.climber is None:
        body.extend(_after_actions(state, index, colours, owed, on_pay, on_done, problem))
    return body


def _risk_summary(state: State) -> ft.Control:
    taker = state.risk_taker
    if taker is None:
        active = rules.active_players(state)
        if len(active) > 1:
            best = max(state.movement) if state.movement else 0
            tied = [state.players[i].name for i, t in enumerate(state.movement) if t == best and i in active]
            text = (_("Nobody takes a risk token: {players} tied on {total}.").format(players=and_list(tied),
                                                                                        total=best)
                    if len(tied) > 1 else _("Nobody takes a risk token this turn."))
        else:
            text = _("Nobody takes a risk token this turn.")
        return info_line(ft.Icons.SHIELD_ROUNDED, text, key="fr-risk-summary")
    p = state.players[taker]
    owed = rules.risk_owed(state, taker)
    uncovered = rules.risk_uncovered(state, taker)
    settled = bool(owed) and rules.why_not_done(state, taker) is None
    if settled and not uncovered:
        # Said as what happens when the taker is done: before then a climber may still bear it (the taker may
        # not have given any card yet).
        text = ngettext("{name} took a risk token of {value}; the {owed} risk point still owed comes off the cards "
                        "no climber was given once {name} is done.",
                        "{name} took a risk token of {value}; the {owed} risk points still owed come off the cards "
                        "no climber was given once {name} is done.", owed)
    elif settled and not rules.cards_left_to_give(state, taker):
        # Every card given and no climber of the taker's can bear the rest: it has no effect (docs/rulings.md).
        text = ngettext("{name} took a risk token of {value}; {uncovered} of its risk points has no effect, as no "
                        "climber can bear it.",
                        "{name} took a risk token of {value}; {uncovered} of its risk points have no effect, as no "
                        "climber can bear them.", uncovered)
    elif owed:
        text = _("{name} took a risk token of {value} and still owes {owed}.")
    elif p.turn.risk:
        text = _("{name} took a risk token of {value}: paid.")
    else:
        text = _("{name} took a risk token of {value}: nothing to pay.")
    text = text.format(name=p.name, value=p.turn.risk, owed=owed, uncovered=uncovered)
    return info_line(ft.Icons.WARNING_AMBER_ROUNDED, text, key="fr-risk-summary",
                     colour=ft.Colors.ERROR if owed and not settled else None)


def _move_details(state: State, index: int, draft: MoveDraft, routes: Mapping[SpaceId, Route],
                  on_tent, on_risk_move, on_risk_accl, owed: int, on_space=None) -> list[ft.Control]:
    p = state.players[index]
    climber = p.climber(draft.climber)
    cards = given_cards(state, draft)
    moves = [c for c in cards if c.kind is not CardKind.ACCLIMATIZATION]
    out: list[ft.Control] = []
    if moves:
        any_way, downhill = rules.movement_points(cards)
        if downhill > any_way:
            points = ngettext("{n} movement point (up to {downhill} for steps down)",
                              "{n} movement points (up to {downhill} for steps down)", any_way).format(
                n=any_way, downhill=downhill)
        else:
            points = ngettext("{n} movement point", "{n} movement points", any_way).format(n=any_way)
        if draft.risk_move:
            # The spaces ringed are those the points left reach: said, or "5 movement points" stood over
            # spaces that 4 reach.
            # i18n: the cards' movement points less those a risk token takes: "5 movement points − 1 for the risk"
            points = _("{points} \u2212 {risk} for the risk").format(points=points, risk=draft.risk_move)
        reachable = sum(1 for r in routes.values() if r.stop)
        out.append(info_line(ft.Icons.HIKING_ROUNDED, ngettext(
            "{points}: {n} space in reach, ringed on the board with their cost.",
            "{points}: {n} spaces in reach, ringed on the board with their cost.", reachable).format(
                points=points, n=reachable) if reachable else
            # i18n: the movement points given reach no space (nothing is ringed on the board)
            _("{points}: no space in reach; the climber stays where it is.").format(points=points),
            key="fr-move-points", colour=MOVE_COLOUR))
        if on_space is not None and reachable and climber.space is not None:
            # The same choice as a tap on the board, beside the cards: on a phone the board is a scroll away.
            stops = sorted(((r.cost, space_title(state.board, space), space) for space, r in routes.items() if r.stop))
            out.append(ft.Row(key="fr-reach", wrap=True, spacing=6, run_spacing=6, controls=[
                # Staying is chosen when no space is, not when the space tapped is refused.
                chip("fr-reach-stay", _("Stay"), draft.target is None and draft.refused is None,
                     bind(on_space, climber.space), compact=True),
                # i18n: a space in reach and its cost in movement points: "S6 for 5"
                *[chip(f"fr-reach-{space}", _("{space} for {cost}").format(space=name, cost=cost),
                       draft.target == space, bind(on_space, space), compact=True)
                  for cost, name, space in stops]]))
    if draft.reason:
        out.append(ft.Container(
            key="fr-move-reason",
            padding=ft.Padding.symmetric(horizontal=12, vertical=10),
            border_radius=ft.BorderRadius.all(12),
            bgcolor=ft.Colors.ERROR_CONTAINER,
            content=ft.Row(spacing=8, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
                ft.Icon(ft.Icons.BLOCK_ROUNDED, size=18, color=ft.Colors.ON_ERROR_CONTAINER),
                ft.Text(draft.reason, key="fr-move-reason-text", size=13, expand=True,
                        color=ft.Colors.ON_ERROR_CONTAINER),
            ]),
        ))
    if moves:
        here = draft.target or draft.refused or climber.space     # a refused space: the one the tent was for
        cost = rules.tent_cost(state, here) if here else 0
        # Base camp is a place, said as one ("at base camp", Polish "na polu startowym"), not as a space's name.
        # A space refused by itself (out of reach, full) is offered no tent: the tent waits for a space chosen.
        if climber.tent is None and (draft.refused is None or draft.tent):
            words = (_("Pitch its tent at base camp (costs {cost} more)") if here == state.board.base_camp else
                     _("Pitch its tent on {space} (costs {cost} more)"))
            out.append(chip("fr-tent", words.format(space=_short_space(state, here), cost=cost),
                            draft.tent, on_tent, icon=ft.Icons.FESTIVAL_ROUNDED, fill=True))
        elif climber.tent is not None:
            words = (_("Its tent is pitched at base camp (one tent per climber).")
                     if climber.tent == state.board.base_camp else
                     _("Its tent is pitched on {space} (one tent per climber)."))
            out.append(info_line(ft.Icons.FESTIVAL_ROUNDED, words.format(space=_short_space(state, climber.tent)),
                                 key="fr-tent-pitched"))
    bears = rules.can_bear_risk(state, cards, bool(draft.target))
    if owed and cards:
        if rules.printed_rules(state):
            said = ngettext("Risk: {n} point to pay, off this climber's cards, or its acclimatization if it moves or "
                            "gets acclimatization points; cards nobody uses absorb what is left",
                            "Risk: {n} points to pay, off this climber's cards, or its acclimatization if it moves "
                            "or gets acclimatization points; cards nobody uses absorb what is left", owed)
        else:
            said = ngettext("Risk: {n} point to pay, off this climber's movement or acclimatization (or later off any "
                            "climber that used a card)",
                            "Risk: {n} points to pay, off this climber's movement or acclimatization (or later off "
                            "any climber that used a card)", owed)
        out.append(ft.Text(said.format(n=owed), size=13, weight=ft.FontWeight.W_600))
        if moves:
            out.append(stepper("fr-risk-move", _("Off its movement"), draft.risk_move, 0, owed - draft.risk_accl,
                               on_risk_move))
        if bears or draft.risk_accl:
            out.append(stepper("fr-risk-accl", _("Off its acclimatization"), draft.risk_accl, 0,
                               owed - draft.risk_move, on_risk_accl, note=_("card points first")))
        else:
            out.append(info_line(ft.Icons.INFO_OUTLINE_ROUNDED, _("A climber that neither moves nor gets "
                                 "acclimatization points cannot bear the risk penalty (rulebook p.7)."),
                                 key="fr-risk-not-eligible"))
    return out


def move_summary(state: State, draft: MoveDraft, routes: Mapping[SpaceId, Route]) -> tuple[str, str, bool]:
    """The sticky bar's text for the action being planned: (what happens, button label, ready)."""
    index = state.acting
    if index is None or draft.climber is None:
        return "", "", False
    p = state.players[index]
    climber = p.climber(draft.climber)
    cards = given_cards(state, draft)
    if not cards:
        return _("Climber {label}: give it cards").format(label=draft.climber), _("Give"), False
    accl_points = sum(c.value for c in cards if c.kind is CardKind.ACCLIMATIZATION)
    parts = []
    if draft.target is not None and draft.target in routes:
        route = routes[draft.target]
        base = sum(state.board.space(s).cost for s in route.path)
        weather = route.cost - base
        where = _short_space(state, draft.target)
        # The summit and base camp have sentences of their own: a space's name after the word for "to" read
        # "nach der Gipfel" in German, where it is "zum Gipfel" ("au sommet", not "vers le sommet").
        if draft.target == state.board.summit:
            # i18n: the move being planned, in the bar at the bottom, ending on the summit
            text = (_("to the summit for {cost} ({base} + {weather} weather)") if weather else
                    _("to the summit for {cost}"))
        elif draft.target == state.board.base_camp:
            # i18n: the move being planned, in the bar at the bottom, ending at base camp
            text = (_("back to base camp for {cost} ({base} + {weather} weather)") if weather else
                    _("back to base camp for {cost}"))
        else:
            # i18n: the move being planned, in the bar at the bottom: "to S5 for 4 (3 + 1 weather)"
            text = (_("to {space} for {cost} ({base} + {weather} weather)") if weather else
                    _("to {space} for {cost}"))
        parts.append(text.format(space=where, cost=route.cost, base=base, weather=weather))
    elif any(c.kind is not CardKind.ACCLIMATIZATION for c in cards):
        # i18n: the climber being planned stays on its space
        parts.append(_("stays"))
    if draft.tent:
        # Pitching costs the space's entry again ('Tents'), on top of the way there.
        pitched_at = draft.target if draft.target is not None and draft.target in routes else climber.space
        # i18n: the climber being planned pitches its tent, for {cost} movement points more
        parts.append(_("tent for {cost}").format(cost=rules.tent_cost(state, pitched_at)) if pitched_at is not None
                     else _("tent"))
    if accl_points or draft.risk_accl:
        after = rules.accl_after_cards(state, climber.acclimatization, accl_points, draft.risk_accl)
        parts.append((_("acclimatization {before} to {after} (at most {most} after the check)")
                      if after > MAX_ACCLIMATIZATION else _("acclimatization {before} to {after}")).format(
            before=level(climber.acclimatization), after=level(after), most=MAX_ACCLIMATIZATION))
    if draft.risk_move:
        parts.append(_("risk −{n} movement").format(n=draft.risk_move))
    if not parts:
        # An Acclimatize +0 alone changes nothing, but the card is still used: say so, not an empty "A: ".
        parts.append(_("uses {cards}").format(cards=cards_words(c.code for c in cards)))
    moving = any(c.kind is not CardKind.ACCLIMATIZATION for c in cards)
    # i18n: the button that confirms the climber's action: it moves, stays, or is given its cards
    label = _("Move") if draft.target else (_("Stay") if moving and not draft.tent else _("Give"))
    return labelled_value(draft.climber, ", ".join(parts)), label, True


def _after_actions(state: State, index: int, colours, owed: int, on_pay, on_done, problem) -> list[ft.Control]:
    p = state.players[index]
    out: list[ft.Control] = []
    eligible = rules.risk_eligible(state, index)
    uncovered = rules.risk_uncovered(state, index)
    not_done = rules.why_not_done(state, index)
    if not_done:
        out.append(ft.Text(f"{first_capital(tr(not_done))}.", key="fr-not-done", size=13,
                           weight=ft.FontWeight.W_600, color=ft.Colors.ERROR))
        out.append(ft.Row(spacing=8, wrap=True, controls=[
            chip(f"fr-pay-{label}", _("−1 off {label} (acclimatization {before} to {after})").format(
                label=label, before=level(p.climber(label).acclimatization),
                after=level(p.climber(label).acclimatization - 1)),
                 False, bind(on_pay, label),
                 icon=ft.Icons.REMOVE_CIRCLE_OUTLINE_ROUNDED)
            for label in eligible
        ]))
    if owed and rules.risk_card_points(state, index):
        absorbed = min(owed, rules.risk_card_points(state, index))
        out.append(info_line(ft.Icons.INFO_OUTLINE_ROUNDED,
                             ngettext("{n} risk point comes off the cards nobody was given when {name} is done; no "
                                      "climber loses acclimatization.",
                                      "{n} risk points come off the cards nobody was given when {name} is done; no "
                                      "climber loses acclimatization.", absorbed).format(n=absorbed, name=p.name),
                             key="fr-risk-cards"))
    if uncovered and not eligible and not rules.cards_left_to_give(state, index):
        out.append(info_line(ft.Icons.INFO_OUTLINE_ROUNDED, ngettext(
            "No climber of {name}'s can bear the last {n} risk point: it has no effect.",
            "No climber of {name}'s can bear the last {n} risk points: they have no effect.", uncovered).format(
                name=p.name, n=uncovered), key="fr-risk-lapse"))
    elif uncovered and not eligible:
        lapse = (_("No climber of {name}'s moved or got acclimatization points from cards this turn (rulebook p.7) "
                   "yet, so the rest of the risk penalty has nowhere to go until one does (or it lapses).")
                 if rules.printed_rules(state) else
                 _("No climber of {name}'s used a card this turn yet, so the rest of the risk penalty has nowhere to "
                   "go until one does (or it lapses)."))
        out.append(info_line(ft.Icons.INFO_OUTLINE_ROUNDED, lapse.format(name=p.name), key="fr-risk-lapse"))
    if problem:
        out.append(ft.Text(problem, key="fr-actions-problem", color=ft.Colors.ERROR, size=13))
    following = [i for i in rules.turn_order(state)[rules.turn_order(state).index(index) + 1:]
                 if state.players[i].active]
    blocked = not_done is not None
    label = (_("{name} is done").format(name=p.name) if following else
             _("End turn {turn}: acclimatization check").format(turn=state.turn))
    unused = rules.cards_left_to_give(state, index)
    if unused and not blocked:
        out.append(info_line(ft.Icons.INFO_OUTLINE_ROUNDED,
                             _("Cards not given stay unused: {cards}.").format(
                                 cards=cards_words(c.code for c in unused)),
                             key="fr-unused"))
    # Keyed by the player: the next player's button is built afresh. Updated in place, the keyboard's focus stayed
    # on it, now "Bob is done", and a second Enter ended Bob's actions unchosen (a third, the turn).
    out.append(ft.Row(key=f"fr-done-{index}", alignment=ft.MainAxisAlignment.END, wrap=True,
                      controls=[labelled("fr-done", ft.FilledButton(
        label, key="fr-done", icon=ft.Icons.DONE_ROUNDED if following else ft.Icons.NIGHTLIGHT_ROUNDED,
        disabled=blocked, on_click=on_done,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=18, vertical=14))))]))
    return out


# --- the check -----------------------------------------------------------------------------------------------

def check_card(state: State, checks: Sequence[ClimberCheck], colours: Sequence[str], *, title: str, note: str,
               key: str, folded: bool = False, on_fold: Callable[[], None] | None = None) -> ft.Control:
    """Every climber's acclimatization check written out: marker, space, tent, weather, the cap, death.

    `folded` shows a one-line summary instead (the lowest marker, the deaths) with a button to open it, so a
    five-player check does not push the next step off the screen; a death is never folded away.
    """
    rows: list[ft.Control] = []
    if folded and checks and not any(c.died for c in checks):
        low = min(c.after for c in checks)
        # Every climber at the lowest marker, in seat order: one named alone hid the others as low.
        tied = [c for c in sorted(checks, key=lambda c: (c.player, c.climber)) if c.after == low]
        if len(tied) == len(checks) > 1:
            # All alike (ten climbers at the cap of 6 with five players): each named was a wall of names.
            # i18n: a folded check where every living climber's marker is the same (a dead one is not checked)
            summary = _("Nobody died; every living climber at {value}.").format(value=low)
        else:
            # i18n: one climber in a folded check's lowest: "Ann B"
            climbers = and_list([_("{name} {climber}").format(name=state.players[c.player].name, climber=c.climber)
                                 for c in tied])
            # i18n: a folded check: the lowest marker, "Nobody died; lowest: Ann B at 2." ("Ann B and Bob A at 2")
            summary = _("Nobody died; lowest: {climbers} at {value}.").format(climbers=climbers, value=low)
        rows.append(ft.Text(summary, key=f"{key}-summary", size=13))
        checks = ()
    for check in checks:
        p = state.players[check.player]
        zone = zone_label(state, check.zone)
        died = check.died
        where, worked = _where(state, p.name, check.climber, check.space, zone), check_sentence(check)
        # One node, said as "Ann A on S4 (5000–6000 m): 2 ±0 space ±0 weather = 2": the pawn's letter and the
        # result in its circle were said apart, the result twice.
        rows.append(labelled(f"{key}-{check.player}-{check.climber}", ft.Container(
            key=f"{key}-{check.player}-{check.climber}",
            padding=ft.Padding.symmetric(horizontal=10, vertical=8),
            border_radius=ft.BorderRadius.all(12),
            bgcolor=ft.Colors.ERROR_CONTAINER if died else ft.Colors.SURFACE,
            content=ft.Semantics(exclude_semantics=True, content=ft.Row(spacing=10, controls=[
                pawn(colours[check.player], check.climber, size=24),
                ft.Column(expand=True, spacing=2, tight=True, controls=[
                    ft.Text(where, key=f"{key}-{check.player}-{check.climber}-where", size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT),
                    ft.Text(worked, key=f"{key}-{check.player}-{check.climber}-sum", size=14,
                            weight=ft.FontWeight.W_600,
                            color=ft.Colors.ON_ERROR_CONTAINER if died else ft.Colors.ON_SURFACE),
                ]),
                ft.Container(width=40, height=40, shape=ft.BoxShape.CIRCLE,
                             bgcolor=ft.Colors.ERROR if died else ("#E65100" if check.after == 1 else ACCL_COLOUR),
                             alignment=ft.Alignment.CENTER,
                             content=ft.Icon(ft.Icons.HEART_BROKEN_ROUNDED, size=20, color="#FFFFFF") if died else
                             ft.Text(str(check.after), size=17, weight=ft.FontWeight.W_700, color="#FFFFFF")),
            ])),
        ), label=labelled_value(where, worked)))
    if not rows:
        rows.append(ft.Text(_("No climber is alive."), color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Container(
        key=key,
        padding=12,
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        content=ft.Column(spacing=6, tight=True, controls=[
            ft.Row(spacing=4, controls=[
                ft.Text(title, weight=ft.FontWeight.W_600, expand=True),
                # Said with what it folds ("Fold Turn 3: acclimatization check"), not a bare "Fold" among the
                # climbers' lines.
                *([labelled(f"{key}-fold", ft.TextButton(
                    _("Show all") if folded else _("Fold"), key=f"{key}-fold", on_click=on_fold,
                    icon=ft.Icons.UNFOLD_MORE_ROUNDED if folded else ft.Icons.UNFOLD_LESS_ROUNDED),
                    # i18n: said by a screen reader for the button that opens or folds a check; {check} is its
                    # heading ("Turn 3: acclimatization check")
                    label=(_("Show all of {check}") if folded else _("Fold {check}")).format(check=title))]
                  if on_fold is not None else []),
            ]),
            ft.Text(note, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            *rows,
        ]),
    )


# --- the team -----------------------------------------------------------------------------------------------

def team_section(state: State, colours: Sequence[str]) -> list[ft.Control]:
    """Every player's two climbers: where, acclimatization 1-6, tent, best victory points, alive or dead."""
    body: list[ft.Control] = [section_title(_("Climbers"))]
    for index, p in enumerate(state.players):
        lines: list[ft.Control] = []
        for climber in p.climbers:
            facts = []
            if climber.alive:
                facts.append(_short_space(state, climber.space))
            else:
                facts.append(_("died on turn {turn}").format(turn=climber.died_turn))
            if climber.tent is not None:
                facts.append(_("tent at base camp") if climber.tent == state.board.base_camp else
                             _("tent on {space}").format(space=_short_space(state, climber.tent)))
            # One line to a screen reader: whose climber, where, its acclimatization and its points. Node by
            # node it heard a bare "A", and the points before their caption ("1", "best VP").
            # A dead climber: where it died and the 1 point it keeps ("dead" once, not three times over).
            said = [first_capital(tr(rules.climber_name(state, index, climber.label))), ", ".join(facts),
                    *([accl_words(climber.acclimatization), labelled_value(_("best VP"), climber.best_vp)]
                      if climber.alive else [labelled_value(ngettext("victory point", "victory points", 1), 1)])]
            lines.append(ft.Semantics(label=tr(clauses(said)), exclude_semantics=True, content=ft.Row(
                spacing=8, controls=[
                pawn(colours[index], climber.label, size=22, dead=not climber.alive),
                ft.Column(expand=True, spacing=2, tight=True, controls=[
                    ft.Text(" · ".join(facts), key=f"fr-team-{index}-{climber.label}", size=13, no_wrap=True),
                    accl_track(climber.acclimatization, key=f"fr-team-{index}-{climber.label}-accl",
                               alive=climber.alive, size=10),
                ]),
                ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END, controls=[
                    ft.Text(str(climber.best_vp if climber.alive else 1), key=f"fr-team-{index}-{climber.label}-vp",
                            size=18, weight=ft.FontWeight.W_700),
                    # i18n: under a climber's number: its best victory points, or the 1 a dead climber scores
                    ft.Text(_("best VP") if climber.alive else _("dead: 1"), size=10,
                            color=ft.Colors.ON_SURFACE_VARIANT),
                ]),
            ])))
        body.append(ft.Container(
            key=f"fr-team-{index}",
            padding=ft.Padding.only(left=12, right=12, top=8, bottom=10),
            border_radius=ft.BorderRadius.all(16),
            bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            border=ft.Border.all(2 if index == state.acting else 1,
                                 ft.Colors.PRIMARY if index == state.acting else ft.Colors.OUTLINE_VARIANT),
            content=ft.Column(spacing=6, tight=True, controls=[
                ft.Row(spacing=8, controls=[colour_dot(colours[index], p.name, size=22, icon=PLAYER_ICON),
                                            ft.Text(p.name, weight=ft.FontWeight.W_600, expand=True)]),
                # A line of its own: beside the name, a solo game's 17 tokens left the name no room at all.
                # i18n: the risk tokens a player took and the value of each, "3 risk tokens, worth 2, 1, 1" (a bare
                # "risk tokens: 0" was heard as none)
                *([ft.Text(ngettext("{n} risk token, worth {values}", "{n} risk tokens, worth {values}",
                                    len(p.risk_tokens)).format(n=len(p.risk_tokens),
                                                               values=", ".join(map(str, p.risk_tokens))),
                           size=11, color=ft.Colors.ON_SURFACE_VARIANT, key=f"fr-team-{index}-risk")]
                  if p.risk_tokens else []),
                *lines,
            ]),
        ))
    return body


def score_said(name: str, total: int, climbers: str, *, winner: bool, shared: bool) -> str:
    """A player's score as one sentence for a screen reader, the win said with it: "Ann shares the win, 12
    points: A: 7 · B: 5" (`climbers` is each climber's score, as drawn under the name)."""
    if winner and shared:
        # i18n: a player's final score read aloud, a win shared with others: "Ann shares the win, 12 points:
        # A: 7 · B: 5"
        read = ngettext("{name} shares the win, {n} point: {climbers}",
                        "{name} shares the win, {n} points: {climbers}", total)
    elif winner:
        # i18n: a player's final score read aloud: "Ann wins, 12 points: A: 7 · B: 5"
        read = ngettext("{name} wins, {n} point: {climbers}", "{name} wins, {n} points: {climbers}", total)
    else:
        # i18n: a player's score read aloud: "Ann, 12 points: A: 7 · B: 5"
        read = ngettext("{name}, {n} point: {climbers}", "{name}, {n} points: {climbers}", total)
    return read.format(name=name, n=total, climbers=climbers)


def scores_section(state: State, colours: Sequence[str]) -> list[ft.Control]:
    """The score so far: each climber's best victory points (1 if dead) and each player's total."""
    breakdown = score(state)
    body: list[ft.Control] = [section_title(_("Scores so far") if not state.over else _("Final scores"))]
    ranked = sorted(breakdown.players, key=lambda ps: -ps.total)
    for entry in ranked:
        winner = entry.index in breakdown.winners
        parts = [labelled_value(c.label, c.score) if c.alive else _("{climber}: {score} (dead)").format(climber=c.label,
                                                                                              score=c.score)
                 for c in entry.climbers]
        climbers = " · ".join(parts)
        # One node, said as a sentence: its parts were the name, the climbers, then a bare total ("2").
        # (The engine names winners only once the game is over.)
        read = score_said(entry.name, entry.total, climbers, winner=winner, shared=len(breakdown.winners) > 1)
        body.append(labelled(f"fr-score-{entry.index}", ft.Container(
            key=f"fr-score-{entry.index}",
            padding=ft.Padding.symmetric(horizontal=12, vertical=10),
            border_radius=ft.BorderRadius.all(14),
            bgcolor=ft.Colors.TERTIARY_CONTAINER if winner else ft.Colors.SURFACE_CONTAINER_LOW,
            content=ft.Semantics(exclude_semantics=True, content=ft.Row(spacing=12, controls=[   # said by its label
                colour_dot(colours[entry.index], entry.name, size=30, icon=PLAYER_ICON),
                ft.Column(expand=True, spacing=0, tight=True, controls=[
                    ft.Text(entry.name, size=16, weight=ft.FontWeight.W_600),
                    ft.Text(climbers, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                ]),
                *([ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, color=ft.Colors.AMBER_700)] if winner else []),
                ft.Text(str(entry.total), key=f"fr-score-{entry.index}-total", size=22, weight=ft.FontWeight.W_700),
            ])),
        ), label=read))
    # Alone, there is no one to beat: the solo result is a rank (end_section), and the tie-break means nothing.
    rule = (_("A climber scores the best victory points it reached; 1 if it dies.") if state.setup.solo else
            _("A climber scores the best victory points it reached; 1 if it dies. The highest total wins; a tie goes "
              "to the tied player whose living climber reached the summit first."))
    body.append(ft.Text(rule, key="fr-score-rule", size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    return body


def end_section(state: State, colours: Sequence[str], *, on_finish: Callable[[], None] | None,
                problem: str | None, correcting: str | None = None) -> list[ft.Control]:
    """The end: why it ended, the winner and how the tie was broken, or the solo rank; then save to History."""
    breakdown = score(state)
    names = [p.name for p in state.players]
    if state.setup.solo:
        rank = breakdown.solo_rank
        total = breakdown.players[0].total
        name = tr(rank_name(rank.id, rank.name)) if rank else ""
        # i18n: the solo result's title: the rank, then the score ("Alpinist · 15 points")
        title = (ngettext("{rank} · {n} points", "{rank} · {n} points", total).format(rank=name, n=total) if rank
                 else ngettext("{n} points", "{n} points", total).format(n=total))
        text = solo_rank_sentence(rank.printed, name, state.board.route, state.setup.season) if rank else ""
        if state.ended_early:
            dead = [c for c in state.players[0].climbers if not c.alive]
            if len(dead) > 1:
                # Both in the same check: the first death ends the game.
                # i18n: why a solo game ended early: "Sol's climber A died on S12 and Sol's climber B on S9 on
                # turn 11, which ends …"
                why = _("{first} died on {first_space} and {second} on {second_space} on turn {turn}, which ends a "
                        "solo game at once.").format(
                    first=tr(rules.climber_name(state, 0, dead[0].label)),
                    first_space=space_name(state.board, dead[0].died_space),
                    second=tr(rules.climber_name(state, 0, dead[1].label)),
                    second_space=space_name(state.board, dead[1].died_space), turn=dead[0].died_turn)
            elif dead:
                # i18n: why a solo game ended early: "Sol's climber A died on S12 on turn 11, which ends …"
                why = _("{climber} died on {space} on turn {turn}, which ends a solo game at once.").format(
                    climber=tr(rules.climber_name(state, 0, dead[0].label)),
                    space=space_name(state.board, dead[0].died_space), turn=dead[0].died_turn)
            if dead:
                # A capital where the sentence opens with a word ("L'alpiniste A de Sol"), a name as typed.
                name = state.players[0].name
                text = (why if why.startswith(name) else first_capital(why)) + " " + text
    else:
        winners = [names[i] for i in breakdown.winners]
        if len(winners) == 1:
            title = _("{name} wins").format(name=winners[0])
        else:
            title = _("Shared win: {names}").format(names=and_list(winners))
        if breakdown.tie_break == "summit":
            text = _("Tied on points: {name}'s climber reached the summit first.").format(name=winners[0])
        elif breakdown.tie_break == "shared":
            text = _("Tied on points, and no tied player has a living climber that reached the summit.")
        else:
            best = max(p.total for p in breakdown.players)
            text = ngettext("Highest total: {n} points.", "Highest total: {n} points.", best).format(n=best)
        if state.ended_early:
            text = _("No climber is left alive.") + " " + text
    controls: list[ft.Control] = [ft.Row(spacing=14, controls=[
        ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED if not state.setup.solo else ft.Icons.MILITARY_TECH_ROUNDED, size=40,
                color=ft.Colors.AMBER_700),
        ft.Column(expand=True, spacing=2, tight=True, controls=[
            ft.Text(title, key="fr-winner", size=20, weight=ft.FontWeight.W_700, color=ft.Colors.ON_TERTIARY_CONTAINER),
            ft.Text(text, key="fr-winner-why", color=ft.Colors.ON_TERTIARY_CONTAINER),
        ]),
    ])]
    if on_finish is not None:
        controls.append(ft.Text(end_hint(correcting, _("Check the last turn; undo still works until the game is "
                                                       "saved.")),
                                key="fr-finish-hint", size=13, color=ft.Colors.ON_TERTIARY_CONTAINER))
        controls.append(labelled("fr-finish", ft.FilledButton(
            _("Save to History"), key="fr-finish", icon=ft.Icons.SAVE_ROUNDED, on_click=on_finish,
            disabled=correcting == "waiting", tooltip=save_waits(correcting),
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=20, vertical=16)))))
    body: list[ft.Control] = [ft.Container(
        key="fr-game-over", bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=ft.BorderRadius.all(20), padding=18,
        content=ft.Column(controls, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))]
    if problem:
        body.append(message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, _("The game was not saved"), problem,
                                 key="fr-finish-problem", tone="warning"))
    body.extend(scores_section(state, colours))
    return body


def space_facts(state: State, space_id: SpaceId, colours: Sequence[str]) -> ft.Control:
    """A tapped space in words: zone, points, entry cost today, modifier, stacking limit, who stands there."""
    space = state.board.space(space_id)
    weather = rules.weather_in_force(state)
    surcharge = weather.surcharge(space.zone) if weather else 0
    limit = rules.stacking_limit(state, space_id)
    here = rules.occupants(state, space_id)
    who = ", ".join(f"{state.players[i].name} {label}" for i, label in here) or _("nobody")
    cost = entry_cost_words(space.cost, surcharge)
    lines = [
        ngettext("{zone} · {n} victory point", "{zone} · {n} victory points", space.vp).format(
            zone=zone_label(state, space.zone), n=space.vp),
        _("Entry cost {cost} · acclimatization {modifier} at each check").format(cost=cost,
                                                                                modifier=signed(space.accl)),
        _("No stacking limit · here: {who}").format(who=who) if limit is None else
        ngettext("Holds {n} climber at the end of a move · here: {who}",
                 "Holds {n} climbers at the end of a move · here: {who}", limit).format(n=limit, who=who),
    ]
    return ft.Container(
        key="fr-space-facts",
        padding=ft.Padding.symmetric(horizontal=12, vertical=10),
        border_radius=ft.BorderRadius.all(12),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        content=ft.Column(spacing=2, tight=True, controls=[
            ft.Text(_short_space(state, space_id).capitalize()
                    if space_id in (state.board.base_camp, state.board.summit) else space_id,
                    weight=ft.FontWeight.W_600),
            *[ft.Text(line, size=13) for line in lines],
        ]),
    )


def _where(state: State, name: str, climber: str, space: SpaceId | None, zone: str) -> str:
    """"Ann B on S5 (6000-7000 m)": base camp and the summit have sentences of their own, since languages say
    "in" or "on" them differently ("im Basislager", "na polu startowym")."""
    if space is not None and space == state.board.base_camp:
        # i18n: whose climber is checked and where: {name} the player, {climber} A or B, {zone} the altitude band
        return _("{name} {climber} in base camp ({zone})").format(name=name, climber=climber, zone=zone)
    if space is not None and space == state.board.summit:
        # i18n: whose climber is checked and where: {name} the player, {climber} A or B, {zone} the altitude band
        return _("{name} {climber} on the summit ({zone})").format(name=name, climber=climber, zone=zone)
    return _("{name} {climber} on {space} ({zone})").format(name=name, climber=climber,
                                                            space=_short_space(state, space), zone=zone)


def _short_space(state: State, space: SpaceId | None) -> str:
    return space_name(state.board, space)


# The solo result in words, by the board's route and the weather season (each a whole sentence: the words agree).
_SOLO_RANK_SENTENCES = {
    ("easy", "summer"): N_("Solo rank {printed} ({name}) for the easy route with summer weather."),
    ("easy", "winter"): N_("Solo rank {printed} ({name}) for the easy route with winter weather."),
    ("hard", "summer"): N_("Solo rank {printed} ({name}) for the hard route with summer weather."),
    ("hard", "winter"): N_("Solo rank {printed} ({name}) for the hard route with winter weather."),
}


def solo_rank_sentence(printed: str, name: str, route: str, season: str) -> str:
    """'Solo rank Alpinista (Alpinist) for the easy route with summer weather.' (the rank's name already said in
    the player's language; the printed name as the rulebook prints it)."""
    # A board's route is easy or hard and the season summer or winter (both checked when the game is set up).
    sentence = _(_SOLO_RANK_SENTENCES[(route, season)])
    if printed.casefold() == name.casefold():
        # The printed name is the player's language's own ("Żeglarz (Żeglarz)"): said once.
        sentence = sentence.replace(" ({name})", "")
    return sentence.format(printed=printed, name=name)


def _take(pool, items):
    remaining = list(pool)
    for item in items:
        if item in remaining:
            remaining.remove(item)
    return remaining

