"""Ridgeline's score: the latest hand's fatigue per seat, the camps cleared, and the winners ('Fatigue',
'Winning'). Lower fatigue is better; fatigue is the latest hand's, never a running total."""

from __future__ import annotations

from dataclasses import dataclass

from typing import Iterable

from companion.errors import IllegalAction, InvalidInput
from companion.games.ridgeline.cards import Card, cards_fatigue
from companion.games.ridgeline.data import load
from companion.games.ridgeline.rules import HandRecord, SeatName, State
from companion.inputs import quote

__all__ = ["SeatScore", "ScoreBreakdown", "score", "hand_table", "fatigue_preview"]


@dataclass(frozen=True)
class SeatScore:
    """One seat's standing: camps cleared and, once a hand has been played, that hand's fatigue in parts."""

    seat: SeatName
    camps_cleared: int
    camps_left: int
    cards: tuple[Card, ...]
    card_fatigue: int | None  # None before the first hand: fatigue is only scored when somebody goes out
    camp_fatigue: int | None
    fatigue: int | None
    winner: bool


@dataclass(frozen=True)
class ScoreBreakdown:
    """The table after the latest hand."""

    hand: int  # the latest hand's number, 0 before the first
    seats: tuple[SeatScore, ...]
    over: bool
    winners: tuple[SeatName, ...]


def score(state: State) -> ScoreBreakdown:
    """Each seat's camps and the latest hand's fatigue (cards left plus 25 per camp not cleared: 'Fatigue')."""
    route = state.setup.route
    seats = []
    latest = state.hands[-1] if state.hands else None
    for index, name in enumerate(state.setup.names):
        cleared = state.cleared[index]
        if latest is None:
            seats.append(SeatScore(name, cleared, route.length - cleared, (), None, None, None, False))
            continue
        outcome = latest.seat(name)
        seats.append(SeatScore(name, cleared, outcome.camps_left, outcome.cards, outcome.card_fatigue,
                               outcome.camp_fatigue, outcome.fatigue, name in state.winners))
    return ScoreBreakdown(latest.number if latest else 0, tuple(seats), state.over, state.winners)


def fatigue_preview(state: State, seat: SeatName, cards: Iterable[Card], pitched: bool) -> int:
    """The fatigue a seat would score if the hand ended now with these cards in hand, after its camp
    advances when it pitched ('Fatigue'); for the end-of-hand screen while cards are being entered."""
    if seat not in state.setup.names:
        raise InvalidInput(f"{quote(seat)} is not at the table ({', '.join(state.setup.names)})")
    if state.over:
        raise IllegalAction("the game is over; no hand is being scored")
    cleared = state.camps_cleared(seat) + (1 if pitched else 0)
    return cards_fatigue(cards) + load().camp_fatigue * (state.route.length - cleared)


def hand_table(state: State) -> list[dict]:
    """Per hand, each seat's camps cleared and fatigue: the command line's "hands" list."""
    return [_hand_row(record) for record in state.hands]


def _hand_row(record: HandRecord) -> dict:
    return {
        "hand": record.number,
        "seats": {s.seat: {"camps_cleared": s.camps_cleared, "fatigue": s.fatigue} for s in record.seats},
    }
