"""Trek 12 Expeditions' forms as data: what the players have tapped so far, turned into the engine's actions.

The play screen keeps these drafts in its state; `*_action` turns a draft into the action document of
docs/formats.md (Trek 12 Expeditions, In the app), or returns the sentence saying what is still missing.
The engine then judges the action itself (lead order, cards left in play, the limit of three).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any
from dataclasses import dataclass, field, replace
from datetime import date

from companion.games.expedition.rules import (NAME_MAX, SCORE_MAX, SCORE_MIN, SeatNo, State, in_play_at_turns,
                                              lead_order, max_takes_none, max_takes_one)
from companion.games.trek12.rules import MAX_ASSISTS, Assist
from companion.games.trek12.scoring import lowest_score
from companion.games.words import number
from companion.i18n import _

__all__ = [
    "NO_CARD",
    "PickChoice",
    "PickDraft",
    "ScoreDraft",
    "reveal_action",
    "pick_action",
    "unusually_high",
    "above_twice_summit",
    "use_action",
    "score_action",
    "score_asked_again",
    "open_action",
    "parse_points",
    "POINTS_TYPED",
    "points_problem",
    "day_problem",
    "names_problem",
]

NO_CARD = "none"  # a player involved in the round who takes no card (still passes the Lead Climber card on)


@dataclass(frozen=True)
class PickChoice:
    """One player's pick being entered: the card (a card value, NO_CARD, or None until chosen), and the card
    given back when the hand is full."""

    card: str | None = None
    give_back: str | None = None


@dataclass(frozen=True)
class PickDraft:
    """The players picking this round (a new zone of 0s, 1s or 2s each) and their choices."""

    choices: tuple[tuple[SeatNo, PickChoice], ...] = ()

    def get(self, seat: SeatNo) -> PickChoice | None:
        """The seat's choice, or None when the seat is not picking."""
        return next((c for s, c in self.choices if s == seat), None)

    def toggled(self, seat: SeatNo) -> PickDraft:
        """The seat added to the round (nothing chosen yet) or taken out of it."""
        if self.get(seat) is not None:
            return PickDraft(tuple((s, c) for s, c in self.choices if s != seat))
        return PickDraft(tuple(sorted(self.choices + ((seat, PickChoice()),))))

    def taken(self) -> dict[SeatNo, tuple[Assist | None, Assist | None]]:
        """Each picker's card taken and card given back, as the engine names them (None: not chosen, or no card)."""
        def card(value: str | None) -> Assist | None:
            return None if value in (None, NO_CARD) else Assist(value)
        return {seat: (card(choice.card), card(choice.give_back)) for seat, choice in self.choices}

    def with_choice(self, seat: SeatNo, **changes: str | None) -> PickDraft:
        """The seat's choice changed (it joins the round if it was not in it)."""
        current = self.get(seat) or PickChoice()
        updated = replace(current, **changes)
        others = tuple((s, c) for s, c in self.choices if s != seat)
        return PickDraft(tuple(sorted(others + ((seat, updated),))))


@dataclass(frozen=True)
class ScoreDraft:
    """An Ascent's scoring being entered: cards cashed (indexes into the hand), challenges met, and the seats
    whose points came from the sheet played in the app. The typed points live in the screen's ref."""

    cash: Mapping[SeatNo, tuple[int, ...]] = field(default_factory=dict)
    met: Mapping[SeatNo, tuple[int, ...]] = field(default_factory=dict)
    from_sheet: tuple[SeatNo, ...] = ()

    def toggle_cash(self, seat: SeatNo, index: int) -> ScoreDraft:
        """Cash one more held card of the seat, or keep it after all."""
        held = self.cash.get(seat, ())
        new = tuple(i for i in held if i != index) if index in held else tuple(sorted(held + (index,)))
        return replace(self, cash={**self.cash, seat: new})

    def toggle_met(self, seat: SeatNo, envelope: int) -> ScoreDraft:
        """Tick or untick a challenge met by the seat's sheet."""
        met = self.met.get(seat, ())
        new = tuple(n for n in met if n != envelope) if envelope in met else tuple(sorted(met + (envelope,)))
        return replace(self, met={**self.met, seat: new})

    def to_doc(self, typed: Mapping[SeatNo, str]) -> dict:
        """The form as a JSON document, with the points typed for each seat (kept while it is half filled in)."""
        return {"points": {str(seat): text for seat, text in typed.items() if text},
                "cash": {str(seat): list(held) for seat, held in self.cash.items() if held},
                "met": {str(seat): list(ticked) for seat, ticked in self.met.items() if ticked},
                "from_sheet": list(self.from_sheet)}

    @classmethod
    def from_doc(cls, doc: object, seats: int) -> tuple[ScoreDraft, dict[SeatNo, str]]:
        """The form and the typed points of a kept document, for a table of `seats` seats: what does not fit
        (another table's seat, a text the points field would not take, a document of another shape) is left
        out, never an error."""
        doc = doc if isinstance(doc, Mapping) else {}

        def per_seat(key: str) -> dict[SeatNo, object]:
            part = doc.get(key)
            if not isinstance(part, Mapping):
                return {}
            return {int(seat): value for seat, value in part.items()
                    if isinstance(seat, str) and seat.isascii() and seat.isdigit() and int(seat) < seats}

        def numbers(value: object) -> tuple[int, ...]:
            items = value if isinstance(value, list) else []
            return tuple(sorted({n for n in items if isinstance(n, int) and not isinstance(n, bool) and n >= 0}))

        typed = {seat: text for seat, text in per_seat("points").items()
                 if isinstance(text, str) and len(text) <= 12 and re.match(POINTS_TYPED, text)}
        sheet = doc.get("from_sheet")
        draft = cls(cash={seat: n for seat, value in per_seat("cash").items() if (n := numbers(value))},
                    met={seat: n for seat, value in per_seat("met").items() if (n := numbers(value))},
                    from_sheet=tuple(seat for seat in numbers(sheet) if seat < seats))
        return draft, typed


def score_asked_again(doc: object, state: State) -> tuple[ScoreDraft, dict[SeatNo, str]]:
    """An Ascent's scoring entry (`score_action`'s document) as the form that entered it, for a correction that
    asks for it again: each seat's points as typed, the cards it cashed (their places in the hand it held, in
    `state`, the game just before the scoring) and the challenges ticked. What does not fit is left out."""
    doc = doc if isinstance(doc, Mapping) else {}

    def by_name(key: str) -> Mapping[str, Any]:
        part = doc.get(key)
        return part if isinstance(part, Mapping) else {}

    scores, cashed, met = by_name("scores"), by_name("cash"), by_name("challenges")
    typed: dict[SeatNo, str] = {}
    cash: dict[SeatNo, tuple[int, ...]] = {}
    ticked: dict[SeatNo, tuple[int, ...]] = {}
    for seat, name in enumerate(state.setup.names):
        value = scores.get(name)
        if isinstance(value, int) and not isinstance(value, bool):
            typed[seat] = number(value)   # "−14", as the results write it; parse_points reads it back
        cards = cashed.get(name)
        if isinstance(cards, list) and seat < len(state.hands):
            places: list[int] = []
            for card in cards:
                place = next((i for i, held in enumerate(state.hands[seat]) if held.value == card and i not in places),
                             None)
                if place is not None:
                    places.append(place)
            if places:
                cash[seat] = tuple(sorted(places))
        numbers = met.get(name)
        if isinstance(numbers, list):
            kept = tuple(sorted({n for n in numbers if isinstance(n, int) and not isinstance(n, bool)}))
            if kept:
                ticked[seat] = kept
    return ScoreDraft(cash=cash, met=ticked), typed


def reveal_action(counts: Mapping[str, int] | None) -> dict:
    """The reveal of an Ascent's cards: drawn by the app (None) or typed from the real deck (copies per kind)."""
    if counts is None:
        return {"type": "reveal"}
    cards = [card.value for card in Assist for _copy in range(max(0, int(counts.get(card.value, 0))))]
    return {"type": "reveal", "cards": cards}


def pick_action(state: State, draft: PickDraft) -> dict | str:
    """One round's picks in the engine's shape, listed from the Lead Climber clockwise (rulebook, How to get
    an Assist card), or what is still to choose."""
    if not draft.choices:
        return _("Tap each player who made a new zone of 0s, 1s or 2s this round.")
    names = state.setup.names
    picks = []
    in_play = in_play_at_turns(state, draft.taken())
    for seat in lead_order(state, [s for s, _choice in draft.choices]):
        choice = draft.get(seat)
        assert choice is not None
        max_full = max_takes_none(state, seat)
        if choice.card is None and not max_full:
            if max_takes_one(state, seat, in_play[seat]):
                return _("Choose the card {name} takes.").format(name=names[seat])
            return _("Choose the card {name} takes (or no card).").format(name=names[seat])
        # Max holding three takes none ("don't take a 4th for him"); the form says so and offers no card.
        card = None if choice.card in (None, NO_CARD) or max_full else choice.card
        full = len(state.hands[seat]) >= MAX_ASSISTS and not state.setup.seats[seat].is_max
        if card is not None and full and choice.give_back is None:
            return _("{name} holds {limit} cards: choose the one to put back into play.").format(name=names[seat],
                                                                                               limit=MAX_ASSISTS)
        entry: dict = {"player": names[seat], "card": card}
        if card is not None and full:
            entry["give_back"] = choice.give_back
        picks.append(entry)
    return {"type": "pick", "picks": picks}


def use_action(state: State, seat: SeatNo, card: Assist) -> dict:
    """A card discarded during the Ascent for its effect."""
    return {"type": "use", "player": state.setup.names[seat], "card": card.value}


# What a points field lets through as it is typed: a sign, digits, and the separators of a decimal or
# grouped number. Those must reach parse_points, which refuses them in words; a filter that dropped a "."
# would turn "12.5" into 125 without a word.
POINTS_TYPED = r"^[-−]?[0-9.,]*$"


def parse_points(text: str | None) -> int | None:
    """A typed score as a whole number (a leading minus allowed), or None when it is not one."""
    raw = (text or "").strip().replace("−", "-")
    if not raw or not raw.lstrip("-").isdigit() or raw.count("-") > 1 or ("-" in raw and not raw.startswith("-")):
        return None
    return int(raw)


def points_problem(value: int, whose: str | None = None) -> str | None:
    """What is wrong with typed points outside the range a sheet can score (`whose`: the player's name, or
    None for a Hall of Fame record), or None."""
    if SCORE_MIN <= value <= SCORE_MAX:
        return None
    if whose is None:
        return _("A record's score is between {low} and {high}, not {value}.").format(
            low=number(SCORE_MIN), high=number(SCORE_MAX), value=number(value))
    return _("{name}'s sheet points must be between {low} and {high}, not {value}.").format(
        name=whose, low=number(SCORE_MIN), high=number(SCORE_MAX), value=number(value))


def day_problem(text: str | None, today: date) -> str | None:
    """What is wrong with a typed date (empty: today, which is fine): not a day written year-month-day; None
    when it will do. (A day still to come is the Hall of Fame's to refuse.)"""
    raw = (text or "").strip()
    if not raw:
        return None
    try:
        day = date.fromisoformat(raw) if len(raw) == 10 else None
    except ValueError:
        day = None
    if day is None:
        return _("Type the date as year-month-day, like {example}, not “{typed}”.").format(
            example=today.isoformat(), typed=raw)
    return None


def names_problem(names: list[str]) -> str | None:
    """What is wrong with the names typed for a Hall of Fame line (too long for the booklet's line), or None."""
    for name in names:
        if len(name) > NAME_MAX:
            return _("A name has at most {limit} characters; “{name}” has {n}.").format(limit=NAME_MAX, name=name,
                                                                                       n=len(name))
    return None


def score_action(state: State, points: Mapping[SeatNo, str], draft: ScoreDraft, day: str) -> dict | str:
    """The Ascent's scoring: each sheet's points (before cards), the cards cashed, the challenges ticked and
    the date; or the sentence naming the first score still missing."""
    names = state.setup.names
    scores: dict[str, int] = {}
    cash: dict[str, list[str]] = {}
    met: dict[str, list[int]] = {}
    for seat in lead_order(state):
        value = parse_points(points.get(seat))
        if value is None:
            typed = (points.get(seat) or "").strip()
            if typed:
                return _("{name}'s sheet points must be a whole number, not “{typed}”.").format(name=names[seat],
                                                                                                typed=typed)
            return _("Type {name}'s sheet points.").format(name=names[seat])
        wrong = points_problem(value, names[seat]) or _below_every_skull(state, value, names[seat])
        if wrong is not None:
            return wrong
        scores[names[seat]] = value
        if not state.setup.seats[seat].is_max:  # Max never cashes himself (the last Ascent does it for him)
            hand = state.hands[seat]
            cashed = [hand[i].value for i in draft.cash.get(seat, ()) if 0 <= i < len(hand)]
            if cashed:
                cash[names[seat]] = cashed
        ticked = list(draft.met.get(seat, ()))
        if ticked:
            met[names[seat]] = ticked
    doc: dict = {"type": "score", "scores": scores, "date": day}
    if cash:
        doc["cash"] = cash
    if met:
        doc["challenges"] = met
    return doc


def _below_every_skull(state: State, value: int, whose: str) -> str | None:
    """A sheet's points below the least it can score (`scoring.lowest_score`) cannot be: said so, or None."""
    circles = len(state.sheet.circles)
    low = lowest_score(state.sheet)
    if value >= low:
        return None
    return _("{name}'s sheet points cannot be {value}: a sheet of {n} circles scores at least {low}, every circle "
             "a skull.").format(name=whose, value=number(value), n=circles, low=number(low))


def unusually_high(state: State, doc: Mapping, typed: Iterable[SeatNo]) -> list[str]:
    """The players among `typed` (sheets scored on paper) whose points are above twice the sheet's Summit
    (`above_twice_summit`), to be confirmed before they reach the Hall of Fame."""
    names = state.setup.names
    scores = doc.get("scores", {})
    return [names[seat] for seat in typed if above_twice_summit(scores.get(names[seat], 0), state.sheet.summit)]


def above_twice_summit(points: int, summit: int | None) -> bool:
    """Points above twice a sheet's Summit: not impossible, but more often a typing slip ("999") than a score,
    which would stand in the Hall of Fame (an Ascent's scoring, a line copied from the booklet)."""
    return summit is not None and points > 2 * summit


def open_action(note: str | None) -> dict:
    """The envelope due, opened, with the note of what it held."""
    return {"type": "open", "note": (note or "").strip()}
