"""Ridgeline's cards and their notation: G7 / S10 (colour letter + rank), R (a Rope), R:G7 (a declared Rope), W."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from enum import Enum
from typing import Any, Iterable, TypeAlias

from companion.errors import InvalidInput
from companion.games.ridgeline.data import load
from companion.i18n.message import N_, Message, msg, reason_of
from companion.inputs import quote

__all__ = [
    "CardCode",
    "Colour",
    "CardKind",
    "Card",
    "ROPE",
    "WHITEOUT",
    "trail",
    "parse_card",
    "parse_cards",
    "card_fatigue",
    "cards_fatigue",
    "supply_problem",
    "NOTATION",
]

CardCode: TypeAlias = str  # "G7", "S10", "R", "R:G7", "W"

NOTATION = msg(
    "a card is a colour letter (G Glacier, P Pine, E Ember, D Dusk, S Sunstone) and a rank 1-10 such as G7 "
    "or S10; R is a Rope, R:G7 a Rope declared as Glacier 7, W a Whiteout"
)


# The colours' names for people (the notation keeps its letters); the same words as `COLOUR_NAMES`.
_COLOUR_WORDS = {
    # i18n: a Ridgeline trail colour, as cards and sentences name it ("Glacier 7")
    "G": msg("Glacier"),
    # i18n: a Ridgeline trail colour, as cards and sentences name it ("Pine 7")
    "P": msg("Pine"),
    # i18n: a Ridgeline trail colour, as cards and sentences name it ("Ember 7")
    "E": msg("Ember"),
    # i18n: a Ridgeline trail colour, as cards and sentences name it ("Dusk 7")
    "D": msg("Dusk"),
    # i18n: a Ridgeline trail colour, as cards and sentences name it ("Sunstone 7")
    "S": msg("Sunstone"),
}


class Colour(Enum):
    """The five trail colours ('The deck'); the value is the notation letter."""

    GLACIER = "G"
    PINE = "P"
    EMBER = "E"
    DUSK = "D"
    SUNSTONE = "S"

    @property
    def full_name(self) -> Message:
        """'Glacier': the colour for people, said in the player's language where a screen shows it (English,
        as `COLOUR_NAMES` has it, on the command line)."""
        return _COLOUR_WORDS[self.value]


class CardKind(Enum):
    """Trail cards, Ropes and Whiteouts ('The deck')."""

    TRAIL = "trail"
    ROPE = "rope"
    WHITEOUT = "whiteout"


@dataclass(frozen=True)
class Card:
    """One card. A Rope carries a colour and rank only once declared as it is staged ('A turn')."""

    kind: CardKind
    colour: Colour | None = None
    rank: int | None = None

    @property
    def is_trail(self) -> bool:
        """A real trail card (not a Rope, not a Whiteout)."""
        return self.kind is CardKind.TRAIL

    @property
    def is_rope(self) -> bool:
        """A Rope, declared or not."""
        return self.kind is CardKind.ROPE

    @property
    def is_whiteout(self) -> bool:
        """A Whiteout."""
        return self.kind is CardKind.WHITEOUT

    @property
    def declared(self) -> bool:
        """A Rope that has been given a colour and rank."""
        return self.kind is CardKind.ROPE and self.colour is not None

    @property
    def plays_as_trail(self) -> bool:
        """Counts as a trail card in a group: a real trail card or a declared Rope."""
        return self.kind is CardKind.TRAIL or self.declared

    @property
    def code(self) -> CardCode:
        """The card in the notation: 'G7', 'R', 'R:G7', 'W'."""
        if self.kind is CardKind.WHITEOUT:
            return "W"
        face = f"{self.colour.value}{self.rank}" if self.colour is not None else ""
        if self.kind is CardKind.ROPE:
            return f"R:{face}" if face else "R"
        return face

    @property
    def title(self) -> str:
        """The card for people: 'Glacier 7', 'Rope as Glacier 7', 'Rope', 'Whiteout' (words a screen says in the
        player's language, English on the command line)."""
        if self.kind is CardKind.WHITEOUT:
            # i18n: a Ridgeline card (the name printed on the card)
            return msg("Whiteout")
        # i18n: a Ridgeline trail card: its colour and rank, such as "Glacier 7"
        face = msg("{colour} {rank}", colour=self.colour.full_name, rank=self.rank) if self.colour is not None else ""
        if self.kind is CardKind.ROPE and face:
            # i18n: a declared Ridgeline Rope; {card} is the card it plays as, such as "Glacier 7"
            return msg("Rope as {card}", card=face)
        if self.kind is CardKind.ROPE:
            # i18n: a Ridgeline card (the name printed on the card)
            return msg("Rope")
        return face

    def undeclared(self) -> "Card":
        """The card as it sits in a hand: a declared Rope goes back to being a plain Rope."""
        return ROPE if self.kind is CardKind.ROPE else self

    def __str__(self) -> str:
        return self.code


ROPE = Card(CardKind.ROPE)
WHITEOUT = Card(CardKind.WHITEOUT)
_CODE = re.compile(r"(R:)?([GPEDS])(10|[1-9])")


def trail(colour: Colour | str, rank: int) -> Card:
    """A trail card of a colour (enum or letter) and rank."""
    return Card(CardKind.TRAIL, Colour(colour), rank)


def parse_card(code: Any) -> Card:
    """Read one card code of the notation; InvalidInput explains the notation otherwise."""
    if not isinstance(code, str):
        raise InvalidInput(msg("{code} is not a card code: {notation}", code=quote(code), notation=NOTATION))
    if code == "R":
        return ROPE
    if code == "W":
        return WHITEOUT
    match = _CODE.fullmatch(code)
    if match is None:
        raise InvalidInput(msg("{code} is not a card code: {notation}", code=quote(code), notation=NOTATION))
    kind = CardKind.ROPE if match.group(1) else CardKind.TRAIL
    return Card(kind, Colour(match.group(2)), int(match.group(3)))


def parse_cards(codes: Any, where: str) -> tuple[Card, ...]:
    """Read a list of card codes; errors name where the list came from and the position in it."""
    if not isinstance(codes, list):
        raise InvalidInput(f"{where} must be a list of card codes such as [\"G7\", \"R\", \"W\"], not {quote(codes)}")
    cards = []
    for index, code in enumerate(codes, start=1):
        try:
            cards.append(parse_card(code))
        except InvalidInput as exc:
            raise InvalidInput(msg("{where}, card {index}: {reason}", where=where, index=index,
                                   reason=reason_of(exc))) from None
    return tuple(cards)


def card_fatigue(card: Card) -> int:
    """Fatigue of one card left in hand: its rank, 20 for a Rope, 10 for a Whiteout ('Fatigue')."""
    if card.kind is CardKind.TRAIL:
        return card.rank  # type: ignore[return-value]
    deck = load().deck
    return deck.rope_fatigue if card.kind is CardKind.ROPE else deck.whiteout_fatigue


def cards_fatigue(cards: Iterable[Card]) -> int:
    """Fatigue of the cards left in a hand ('Fatigue'), before the 25 per camp not cleared."""
    return sum(card_fatigue(card) for card in cards)


def supply_problem(cards: Iterable[Card]) -> str | None:
    """Why these cards cannot all exist at once ('The deck': two of each trail card, six Ropes, five
    Whiteouts), or None. A declared Rope is still a Rope: it uses up no copy of the card it plays as."""
    deck = load().deck
    counts = Counter((card.kind, card.colour, card.rank) if card.is_trail else (card.kind,) for card in cards)
    for key, count in counts.items():
        if key[0] is CardKind.TRAIL and count > deck.copies:
            card = Card(CardKind.TRAIL, key[1], key[2]).title
            # i18n: {amount} is a number in words ("two"); {card} a card such as "Glacier 7"; {count} a number
            return msg("only {amount} {card} cards exist, but {count} are listed", amount=_number(deck.copies),
                       card=card, count=count)
    ropes = counts[(CardKind.ROPE,)]
    if ropes > deck.ropes:
        # i18n: {amount} is a number in words ("six"); {count} a number
        return msg("only {amount} Ropes exist, but {count} are listed", amount=_number(deck.ropes), count=ropes)
    whiteouts = counts[(CardKind.WHITEOUT,)]
    if whiteouts > deck.whiteouts:
        # i18n: {amount} is a number in words ("five"); {count} a number
        return msg("only {amount} Whiteouts exist, but {count} are listed", amount=_number(deck.whiteouts),
                   count=whiteouts)
    return None


# i18n: numbers in words, as in "only two Ropes exist"
_WORDS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
          N_("eight"), N_("nine"), N_("ten"))


def _number(value: int) -> str:
    return msg(_WORDS[value]) if 0 <= value < len(_WORDS) else str(value)
