"""Ridgeline's table panel: the coming hand (dealer, leader, deal), every seat's camp and latest fatigue, the
camps cleared, the history of hands, and the winners when the summit is reached.

Everything shown comes from the engine (`rules.next_hand`, `scoring.score`, the state's hand records) or,
for a finished game, from the history record the engine's `session.summary` wrote.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import flet as ft

from companion.games.ridgeline.data import load
from companion.games.ridgeline.session import route_words
from companion.games.ridgeline.rules import State, next_hand
from companion.games.ridgeline.scoring import score
from companion.games.words import clauses
from companion.i18n import _, ngettext, tr
from companion.ui.common.entries import end_hint, save_waits
from companion.ui.common.widgets import (and_list, announced, colour_dot, labelled, labelled_value, message_card,
                                        section_title)
from companion.ui.ridgeline.parts import camp_words

__all__ = ["HandRow", "SeatCell", "table_panel", "hands_table", "winners_card", "state_rows", "record_rows",
           "camp_line", "camps_cleared", "FALLBACK_COLOUR"]

FALLBACK_COLOUR = "#78909C"


@dataclass(frozen=True)
class SeatCell:
    """One seat's line in one hand of the history: the hand's fatigue and the camps cleared after it."""

    fatigue: int
    camps_cleared: int
    pitched: bool
    went_out: bool


@dataclass(frozen=True)
class HandRow:
    """One played hand in the history table."""

    number: int
    dealer: str
    cells: tuple[SeatCell, ...]  # in seat order


def state_rows(state: State) -> list[HandRow]:
    """The history of hands of a game in progress, from the engine's hand records."""
    rows = []
    for record in state.hands:
        cells = tuple(SeatCell(s.fatigue, s.camps_cleared, s.pitched, s.went_out) for s in record.seats)
        rows.append(HandRow(record.number, record.dealer, cells))
    return rows


def record_rows(detail: Mapping, names: Sequence[str]) -> list[HandRow]:
    """The history of hands of a finished game, from its history record's detail (`session.summary`)."""
    rows = []
    for hand in detail.get("hands") or []:
        seats = hand.get("seats") or {}
        pitched = set(hand.get("pitched") or [])
        cells = tuple(
            SeatCell(int(seats.get(name, {}).get("fatigue", 0)), int(seats.get(name, {}).get("camps_cleared", 0)),
                     name in pitched, name == hand.get("went_out"))
            for name in names
        )
        rows.append(HandRow(int(hand.get("hand", len(rows) + 1)), str(hand.get("dealer", "")), cells))
    return rows


def table_panel(
    state: State,
    colours: Mapping[str, str],
    *,
    on_end_hand: Callable[[], None],
    on_finish: Callable[[], None],
    problem: str | None,
    notice: str | None,
    correcting: str | None = None,
) -> list[ft.Control]:
    """The table at a glance: coming hand (or the winners), seats with camps and fatigue, the hands so far."""
    body: list[ft.Control] = []
    if notice:
        body.append(announced(ft.Container(
            key="rl-notice",
            padding=ft.Padding.symmetric(horizontal=14, vertical=10),
            border_radius=ft.BorderRadius.all(12),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
            content=ft.Row([ft.Icon(ft.Icons.INFO_OUTLINE_ROUNDED, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
                            ft.Text(notice, key="rl-notice-text", expand=True)], spacing=10),
        )))
    if problem:
        body.append(message_card(ft.Icons.ERROR_OUTLINE_ROUNDED, _("That did not work"), problem,
                                 key="rl-table-problem", tone="warning"))
    coming = next_hand(state)
    if coming is None:
        last = state.hands[-1]
        body.append(winners_card(state.winners, [last.seat(name).fatigue for name in state.winners],
                                 _route_name(state), on_finish=on_finish, correcting=correcting,
                                 also=[(name, last.seat(name).fatigue) for name in last.summit
                                       if name not in state.winners]))
    else:
        body.append(_coming_hand(coming.number, coming.dealer, coming.leader, coming.deal_size, colours,
                                 on_end_hand))
    # i18n: {route} is the route's name (Ridge or Sprint), {n} its number of camps
    body.append(section_title(ngettext("The climb · {route}, {n} camp", "The climb · {route}, {n} camps",
                                       state.route.length).format(route=_route_name(state), n=state.route.length)))
    standings = score(state)
    data = load()
    deal = (coming.dealer, coming.leader) if coming else (None, None)
    for index, (name, seat) in enumerate(zip(state.setup.names, standings.seats)):
        camp = state.camp_of(name)
        body.append(_seat_card(index, name, colours.get(name, FALLBACK_COLOUR), seat.fatigue,
                               seat.camps_cleared, state.route.camps,
                               None if camp is None else camp_line(camp.number, camp_words(camp)),
                               dealer=name == deal[0], leader=name == deal[1], winner=seat.winner))
    # i18n: the hands played so far in a Ridgeline game (a section title)
    body.append(section_title(_("Hands")))
    body.append(hands_table(state_rows(state), state.setup.names, colours, state.route.length))
    body.append(ft.Text(_("Fatigue is the latest hand's: cards left in hand plus {fatigue} per camp not cleared. "
                          "Lower is better.").format(fatigue=data.camp_fatigue),
                        size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    return body


def camp_line(number: int, words: str) -> str:
    """'Camp 3: Tally of 20 and a set of 3'."""
    # i18n: {number} is a camp's number; {requirements} what pitching it takes, "Tally of 20 and a set of 3"
    return _("Camp {number}: {requirements}").format(number=number, requirements=words)


def camps_cleared(cleared: int, total: int) -> str:
    """'3 camps cleared of 10' (French and Polish say one camp in the singular)."""
    return ngettext("{cleared} camp cleared of {total}", "{cleared} camps cleared of {total}", cleared).format(
        cleared=cleared, total=total)


def winners_card(winners: Sequence[str], fatigue: Sequence[int], route: str, *,
                 on_finish: Callable[[], None] | None, also: Sequence[tuple[str, int]] = (),
                 correcting: str | None = None) -> ft.Control:
    """The end of the climb: who wins it (a shared win names everyone who shares it), and who else cleared the
    summit in that hand, with their fatigue (`also`: they reached it too, but the lowest fatigue wins)."""
    if len(winners) == 1:
        # i18n: {name} is the winner's name; not "takes the ridge", which read as the Ridge route after a Sprint
        title = _("{name} wins the climb").format(name=winners[0])
    else:
        # i18n: {names} are the winners' names, "Ann and Bo"
        title = _("Shared win: {names}").format(names=and_list(list(winners)))
    lowest = min(fatigue) if fatigue else None
    if lowest is None:
        # i18n: {route} is the route's name (Ridge or Sprint)
        text = _("Summit of the {route} route cleared.").format(route=route)
    else:
        # i18n: {route} is the route's name (Ridge or Sprint); {fatigue} the winner's fatigue points
        text = _("Summit of the {route} route cleared with {fatigue} fatigue.").format(route=route, fatigue=lowest)
    if also:
        # i18n: after the winner's line: the others who cleared the summit in the same hand, with their fatigue
        # in brackets, "Bo (7) and Cy (9)" ('Winning': the lowest fatigue among them takes the ridge)
        text += " " + _("Also on the summit, with more fatigue: {names}.").format(
            names=and_list([f"{name} ({points})" for name, points in also]))
    controls: list[ft.Control] = [
        ft.Row(spacing=14, controls=[
            ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, size=40, color=ft.Colors.AMBER_700),
            ft.Column(expand=True, spacing=2, tight=True, controls=[
                ft.Text(title, key="rl-winners", size=20, weight=ft.FontWeight.W_700,
                        color=ft.Colors.ON_TERTIARY_CONTAINER),
                ft.Text(text, key="rl-winners-why", color=ft.Colors.ON_TERTIARY_CONTAINER),
            ]),
        ]),
    ]
    if on_finish is not None:
        controls.append(ft.Text(end_hint(correcting, _("Check the last hand; undo still works until the game is "
                                                       "saved.")),
                                key="rl-finish-hint", size=13, color=ft.Colors.ON_TERTIARY_CONTAINER))
        controls.append(labelled("rl-finish", ft.FilledButton(
            _("Save to History"), key="rl-finish", icon=ft.Icons.SAVE_ROUNDED, on_click=on_finish,
            disabled=correcting == "waiting", tooltip=save_waits(correcting),
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=20, vertical=16)))))
    return ft.Container(
        key="rl-game-over",
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        border_radius=ft.BorderRadius.all(20),
        padding=18,
        content=ft.Column(controls, spacing=12, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
    )


def hands_table(rows: Sequence[HandRow], names: Sequence[str], colours: Mapping[str, str],
                route_length: int) -> ft.Control:
    """Every hand so far: one row per hand, one column per seat, fatigue over camps cleared; marks for who
    went out and who pitched."""
    if not rows:
        return ft.Container(
            key="rl-history-empty",
            padding=ft.Padding.symmetric(vertical=12, horizontal=4),
            content=ft.Text(_("No hands yet. After each hand, enter who went out, who pitched and the cards left."),
                            color=ft.Colors.ON_SURFACE_VARIANT),
        )
    # The headings and each row's number are said by every cell's own words ("Hand 3, Ann: 45 fatigue; …"):
    # left out, a screen reader no longer hears "#", the names, then a bare "3" before each row.
    header = ft.Semantics(exclude_semantics=True, content=ft.Row(
        spacing=2,
        controls=[ft.Container(width=30, content=ft.Text("#", size=12, color=ft.Colors.ON_SURFACE_VARIANT))] + [
            ft.Container(
                expand=1,
                content=ft.Column(spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                                  controls=[
                                      ft.Container(width=10, height=10, border_radius=ft.BorderRadius.all(5),
                                                   bgcolor=colours.get(name, FALLBACK_COLOUR)),
                                      ft.Text(name, size=12, weight=ft.FontWeight.W_600, max_lines=1,
                                              overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
                                  ]),
            )
            for name in names
        ],
    ))
    lines: list[ft.Control] = [header, ft.Divider(height=1)]
    for position, row in enumerate(reversed(rows)):  # newest first: the hand just entered is on top
        lines.append(ft.Container(
            key=f"rl-history-{row.number}",
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if position == 0 else None,
            border_radius=ft.BorderRadius.all(8),
            padding=ft.Padding.symmetric(vertical=6),
            content=ft.Row(
                spacing=2,
                controls=[ft.Container(width=30, alignment=ft.Alignment.CENTER, content=ft.Semantics(
                    exclude_semantics=True, content=ft.Text(str(row.number), weight=ft.FontWeight.W_600)))]
                + [_hand_cell(row.number, index, cell, route_length, names[index] if index < len(names) else "")
                   for index, cell in enumerate(row.cells)],
            ),
        ))
    lines.append(ft.Row(spacing=12, wrap=True, controls=[
        # i18n: the legend of a mark in the table of hands: this seat went out
        _legend(ft.Icons.FLAG_ROUNDED, _("went out")),
        # i18n: the legend of a mark in the table of hands: this seat pitched (and climbed a camp)
        _legend(ft.Icons.ARROW_UPWARD_ROUNDED, _("pitched")),
        # i18n: the legend of the table of hands: the small number under each fatigue is the camps cleared of {total}
        ft.Text(_("small number: camps cleared of {total}").format(total=route_length), size=12,
                color=ft.Colors.ON_SURFACE_VARIANT),
    ]))
    return ft.Container(
        key="rl-history",
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=ft.Padding.symmetric(horizontal=8, vertical=10),
        content=ft.Column(lines, spacing=4, tight=True),
    )


# --- private helpers -------------------------------------------------------------------------------------


def _coming_hand(number: int, dealer: str, leader: str, deal: int, colours: Mapping[str, str],
                 on_end_hand: Callable[[], None]) -> ft.Control:
    def fact(label: str, value: str, key: str, colour: str | None = None) -> ft.Control:
        # Said as one ("Deals: Ann"): the three labels, then the three values, told nobody who dealt.
        return ft.Semantics(label=labelled_value(label, value), exclude_semantics=True, expand=1, content=ft.Column(
            expand=1, spacing=2, tight=True, controls=[
            ft.Text(label, size=12, color=ft.Colors.ON_PRIMARY_CONTAINER),
            ft.Row(spacing=6, tight=True, controls=[
                *([ft.Container(width=10, height=10, border_radius=ft.BorderRadius.all(5), bgcolor=colour)]
                  if colour else []),
                ft.Text(value, key=key, size=17, weight=ft.FontWeight.W_700, color=ft.Colors.ON_PRIMARY_CONTAINER,
                        # A name (with its colour) keeps one line; the deal's words may take two.
                        max_lines=1 if colour else 2, overflow=ft.TextOverflow.ELLIPSIS, expand=True),
            ]),
        ]))

    return ft.Container(
        key="rl-coming",
        bgcolor=ft.Colors.PRIMARY_CONTAINER,
        border_radius=ft.BorderRadius.all(20),
        padding=ft.Padding.only(left=18, right=18, top=14, bottom=16),
        content=ft.Column(spacing=12, tight=True, controls=[
            ft.Text(_("Hand {number}").format(number=number), key="rl-hand-number", size=22, weight=ft.FontWeight.W_700,
                    color=ft.Colors.ON_PRIMARY_CONTAINER),
            ft.Row(spacing=8, controls=[
                # i18n: above the name of the player who deals the coming hand
                fact(_("Deals"), dealer, "rl-dealer", colours.get(dealer, FALLBACK_COLOUR)),
                # i18n: above the name of the player who leads (plays first in) the coming hand
                fact(_("Leads"), leader, "rl-leader", colours.get(leader, FALLBACK_COLOUR)),
                # i18n: above the number of cards dealt to each player for the coming hand (a noun)
                fact(_("Deal"), ngettext("{n} card", "{n} cards", deal).format(n=deal), "rl-deal-size"),
            ]),
            labelled("rl-end-hand", ft.FilledButton(
                _("Enter the end of hand {number}").format(number=number), key="rl-end-hand",
                icon=ft.Icons.FLAG_ROUNDED,
                on_click=on_end_hand,
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=20, vertical=16)))),
        ], horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
    )


def _seat_card(index: int, name: str, colour: str, fatigue: int | None, cleared: int, camps: Sequence[int],
               camp_text: str | None, *, dealer: bool, leader: bool, winner: bool) -> ft.Control:
    badges: list[ft.Control] = []
    # A screen reader hears the tile as one, in the order it is read: name and fatigue, its badges, the camp
    # being worked on, the camps cleared. Node by node it heard "—", then "fatigue", and a long name's camp
    # before the name.
    said = [_("{name}: {fatigue} fatigue").format(name=name, fatigue=fatigue) if fatigue is not None else name]
    if dealer:
        # i18n: a badge by the name of the player who deals the coming hand
        badges.append(_badge(_("Deals")))
        said.append(_("Deals"))
    if leader:
        # i18n: a badge by the name of the player who leads (plays first in) the coming hand
        badges.append(_badge(_("Leads")))
        said.append(_("Leads"))
    if winner:
        # i18n: the name of the trophy by a winner's name, said by a screen reader
        badges.append(ft.Icon(ft.Icons.EMOJI_EVENTS_ROUNDED, size=18, color=ft.Colors.AMBER_700,
                              semantics_label=_("Winner")))
        said.append(_("Winner"))
    camp = camp_text or _("Route cleared: on the summit")
    said += [camp, camps_cleared(cleared, len(camps))]
    return ft.Container(
        key=f"rl-seat-{index}",
        border_radius=ft.BorderRadius.all(16),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        padding=ft.Padding.only(left=12, right=12, top=10, bottom=12),
        content=ft.Semantics(label=tr(clauses(said)), exclude_semantics=True, content=ft.Row(
            spacing=12, vertical_alignment=ft.CrossAxisAlignment.START, controls=[
            colour_dot(colour, name, size=36),
            ft.Column(expand=True, spacing=6, tight=True, controls=[
                ft.Row(spacing=8, controls=[
                    # Flexible (loose: no wider than it needs, the badges beside it), so a long name is cut with
                    # "…" instead of running over the fatigue.
                    ft.Text(name, size=16, weight=ft.FontWeight.W_600, max_lines=1, key=f"rl-seat-{index}-name",
                            overflow=ft.TextOverflow.ELLIPSIS, expand=True, expand_loose=True),
                    *badges,
                ]),
                ft.Text(camp, key=f"rl-seat-{index}-camp", size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                _route_strip(index, colour, cleared, camps),
            ]),
            ft.Column(spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END, controls=[
                ft.Text("—" if fatigue is None else str(fatigue), key=f"rl-seat-{index}-fatigue", size=22,
                        weight=ft.FontWeight.W_700),
                # i18n: under a player's fatigue points (lower is better)
                ft.Text(_("fatigue"), size=11, color=ft.Colors.ON_SURFACE_VARIANT),
            ]),
        ])),
    )


def _route_strip(index: int, colour: str, cleared: int, camps: Sequence[int]) -> ft.Control:
    """The route's camps as small numbered beads: filled once cleared, ringed for the camp being worked on."""
    beads = []
    for position, number in enumerate(camps):
        done = position < cleared
        current = position == cleared
        beads.append(ft.Container(
            width=19,
            height=19,
            border_radius=ft.BorderRadius.all(10),
            bgcolor=colour if done else None,
            border=ft.Border.all(2 if current else 1, ft.Colors.ON_SURFACE if current else ft.Colors.OUTLINE_VARIANT),
            alignment=ft.Alignment.CENTER,
            content=ft.Text(str(number), size=10, weight=ft.FontWeight.W_600,
                            color=ft.Colors.WHITE if done else ft.Colors.ON_SURFACE_VARIANT),
        ))
    return ft.Semantics(
        label=camps_cleared(cleared, len(camps)),
        exclude_semantics=True,
        content=ft.Row(beads, key=f"rl-seat-{index}-route", spacing=2, wrap=True, run_spacing=3),
    )


def _hand_cell(number: int, index: int, cell: SeatCell, route_length: int, name: str) -> ft.Control:
    """One seat's fatigue in one hand, its camps cleared under it, marked if it went out or pitched. A screen
    reader hears it all in words, with the seat's name ("Hand 3, Ann: 45 fatigue; 2 camps cleared of 5;
    pitched"): the drawn cell was "45", "2/5" and two nameless icons."""
    marks: list[ft.Control] = []
    # i18n: a cell of the table of hands, said by a screen reader; more follows it ("; 2 camps cleared of 5")
    words = [_("Hand {number}, {name}: {fatigue} fatigue").format(number=number, name=name, fatigue=cell.fatigue),
             camps_cleared(cell.camps_cleared, route_length)]
    if cell.went_out:
        marks.append(ft.Icon(ft.Icons.FLAG_ROUNDED, size=12, color=ft.Colors.PRIMARY))
        words.append(_("went out"))
    if cell.pitched:
        marks.append(ft.Icon(ft.Icons.ARROW_UPWARD_ROUNDED, size=12, color=ft.Colors.PRIMARY))
        words.append(_("pitched"))
    marks.append(ft.Text(f"{cell.camps_cleared}/{route_length}", size=11, color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.Container(
        expand=1,
        content=ft.Semantics(label=tr(clauses(words)), exclude_semantics=True, content=ft.Column(
            spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                ft.Text(str(cell.fatigue), key=f"rl-history-{number}-{index}", size=15, weight=ft.FontWeight.W_600),
                # Wrapped: six seats leave a cell about 45 px at 360, and "⚑ ↑ 3/10" lost its 0 on one line.
                ft.Row(marks, spacing=1, run_spacing=0, wrap=True, tight=True, alignment=ft.MainAxisAlignment.CENTER),
            ])),
    )


def _badge(text: str) -> ft.Control:
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
        border_radius=ft.BorderRadius.all(8),
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        content=ft.Text(text, size=11, weight=ft.FontWeight.W_600, color=ft.Colors.ON_SECONDARY_CONTAINER),
    )


def _legend(icon: ft.IconData, text: str) -> ft.Control:
    return ft.Row([ft.Icon(icon, size=12, color=ft.Colors.PRIMARY),
                   ft.Text(text, size=12, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=2, tight=True)


def _route_name(state: State) -> str:
    return tr(route_words(state.route.id, state.route.name))
