"""Ridgeline's command-line files: `companion score ridgeline FILE` and `companion check ridgeline FILE`.

The formats are documented in docs/formats.md (Ridgeline).
"""

from __future__ import annotations

from typing import Any

from companion.errors import IllegalAction, InvalidInput
from companion.games.ridgeline.cards import Card, cards_fatigue, parse_cards, supply_problem
from companion.games.ridgeline.data import Camp, load
from companion.games.ridgeline.finder import find_pitch
from companion.games.ridgeline.melds import pitch_problem
from companion.games.ridgeline.rules import (
    MAX_HANDS,
    Seat,
    State,
    apply,
    ended_reason,
    make_setup,
    new_game,
    parse_hand,
    parse_route,
)
from companion.games.ridgeline.scoring import hand_table
from companion.inputs import quote

__all__ = ["MAX_FILE_BYTES", "score_file", "format_score", "check_file", "format_check", "play_file"]

# The largest Ridgeline file read (docs/formats.md, Limits): a game of many hands is a few KB.
MAX_FILE_BYTES = 1024 * 1024
_SCORE_KEYS = ("seats", "route", "hands")
_CHECK_KEYS = ("route", "camp", "groups", "kept", "hand")


def play_file(doc: Any) -> State:
    """Replay a score file's hands from the start of the game; errors name the hand and the problem."""
    _object(doc, "a Ridgeline score file", _SCORE_KEYS, ("seats", "hands"))
    seats = doc["seats"]
    if not isinstance(seats, list) or not all(isinstance(name, str) for name in seats):
        raise InvalidInput(f"'seats' must be a list of seat names such as [\"Ann\", \"Ben\"], not {quote(seats)}")
    state = new_game(make_setup([Seat(name) for name in seats], doc.get("route")))
    hands = doc["hands"]
    if not isinstance(hands, list):
        raise InvalidInput(f"'hands' must be a list of hand results, not {quote(hands)}")
    if len(hands) > MAX_HANDS:
        raise InvalidInput(f"'hands' lists {len(hands):,} hands; a game file holds at most {MAX_HANDS:,}")
    for number, hand in enumerate(hands, start=1):
        if state.over:
            raise IllegalAction(f"hand {number}: {ended_reason(state)}")
        try:
            action = parse_hand(hand, state.setup.names)
        except (InvalidInput, IllegalAction) as exc:
            raise type(exc)(f"hand {number}: {exc}") from None
        state = apply(state, action)
    return state


def score_file(doc: Any) -> dict:
    """Per hand each seat's camps cleared and fatigue, then whether the game is over and who won
    ('Fatigue', 'Winning')."""
    state = play_file(doc)
    return {"hands": hand_table(state), "over": state.over, "winner": list(state.winners)}


def format_score(result: dict) -> str:
    """The score result as a plain-text table, one block per hand."""
    lines = []
    for hand in result["hands"]:
        lines.append(f"Hand {hand['hand']}")
        width = max(len(name) for name in hand["seats"])
        for name, seat in hand["seats"].items():
            lines.append(f"  {name:<{width}}  camps {seat['camps_cleared']:>2}  fatigue {seat['fatigue']:>4}")
    if not result["hands"]:
        lines.append("No hands played yet.")
    if result["over"]:
        winners = result["winner"]
        lines.append(("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners))
    else:
        lines.append("The game goes on: nobody has cleared the summit yet.")
    return "\n".join(lines)


def check_file(doc: Any) -> dict:
    """With "groups" and "kept": whether the staged pitch clears the camp, or the first reason it does not
    (the meld checker). With "hand": whether the camp can be cleared this turn and the way leaving the
    lowest fatigue in hand (the pitch finder)."""
    _object(doc, "a Ridgeline check file", _CHECK_KEYS, ("camp",))
    camp = _camp(doc)
    if ("groups" in doc) == ("hand" in doc):
        raise InvalidInput("give either 'groups' and 'kept' to check a pitch, or 'hand' to find one")
    if "hand" in doc:
        if "kept" in doc:
            raise InvalidInput("'kept' goes with 'groups'; the pitch finder chooses what to keep from 'hand'")
        return _find(camp, _hand(doc["hand"]))
    groups = doc["groups"]
    if not isinstance(groups, list) or not all(isinstance(group, list) for group in groups):
        raise InvalidInput(f"'groups' must be a list of groups, each a list of card codes, not {quote(groups)}")
    if "kept" not in doc:
        raise InvalidInput("'kept' is missing: list the cards kept back to discard")
    _fits_a_hand(groups, doc["kept"])
    staged = [parse_cards(group, f"groups[{index}]") for index, group in enumerate(groups)]
    kept = parse_cards(doc["kept"], "kept")
    _no_declared(kept, "kept")
    supply = supply_problem([card for group in staged for card in group] + list(kept))
    if supply:
        raise InvalidInput(f"the cards staged and kept are impossible: {supply}")
    problem = pitch_problem(camp, staged, kept)
    return {"valid": True} if problem is None else {"valid": False, "reason": problem.reason}


def format_check(result: dict) -> str:
    """A check result as one or more plain lines."""
    if "valid" in result:
        return "Valid: the pitch clears the camp." if result["valid"] else f"Not valid: {result['reason']}."
    if not result["possible"]:
        return f"The camp cannot be cleared this turn (the hand holds {result['fatigue_left']} fatigue)."
    lines = ["The camp can be cleared:"]
    lines += ["  " + " ".join(group) for group in result["groups"]]
    lines.append(f"Fatigue left in hand: {result['fatigue_left']}")
    return "\n".join(lines)


# --- private helpers -------------------------------------------------------------------------------------


def _object(doc: Any, what: str, allowed: tuple[str, ...], required: tuple[str, ...]) -> None:
    if not isinstance(doc, dict):
        raise InvalidInput(f"{what} must be a JSON object with {', '.join(allowed)}")
    unknown = [key for key in doc if key not in allowed]
    if unknown:
        raise InvalidInput(f"unknown key {quote(unknown[0])} in {what}; it may have {', '.join(allowed)}")
    for key in required:
        if key not in doc:
            raise InvalidInput(f"{what} needs {quote(key)}")


def _camp(doc: dict) -> Camp:
    route = parse_route(doc.get("route"))
    number = doc["camp"]
    listed = ", ".join(str(n) for n in route.camps)
    if isinstance(number, bool) or not isinstance(number, int) or number not in route.camps:
        raise InvalidInput(f"camp {quote(number)} is not on the {route.name} route (camps {listed})")
    return load().camps[number]


def _no_declared(cards: tuple[Card, ...], where: str) -> None:
    for index, card in enumerate(cards, start=1):
        if card.declared:
            raise InvalidInput(f"{where}, card {index}: {card.code} is a declared Rope; a Rope in hand is written R")


def _fits_a_hand(groups: list, kept: Any) -> None:
    """Staged groups and the cards kept back come from one hand: refuse more than it can hold before reading
    them ('A hand': eleven dealt and one drawn; so no more groups than that either)."""
    limit = load().deck.max_hand
    if len(groups) > limit:
        raise InvalidInput(f"'groups' has {len(groups):,} groups; they are staged from one hand, which holds at "
                           f"most {limit} cards")
    count = sum(len(group) for group in groups) + (len(kept) if isinstance(kept, list) else 0)
    if count > limit:
        raise InvalidInput(f"{count:,} cards are staged and kept, but a hand holds at most {limit}")


def _hand(codes: Any) -> tuple[Card, ...]:
    limit = load().deck.max_hand
    if isinstance(codes, list) and len(codes) > limit:
        raise InvalidInput(f"the hand has {len(codes):,} cards; a hand holds at most {limit}")
    hand = parse_cards(codes, "hand")
    _no_declared(hand, "hand")
    problem = supply_problem(hand)
    if problem:
        raise InvalidInput(f"the hand is impossible: {problem}")
    return hand


def _find(camp: Camp, hand: tuple[Card, ...]) -> dict:
    pitch = find_pitch(camp, hand)
    if pitch is None:
        return {"possible": False, "groups": [], "fatigue_left": cards_fatigue(hand)}
    return {
        "possible": True,
        "groups": [[card.code for card in group] for group in pitch.groups],
        "fatigue_left": pitch.fatigue_left,
    }
