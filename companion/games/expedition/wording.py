"""The Expedition engine's small pieces of wording, as `Message`s: lists, Assist cards by name and by count.

A list or a count built into a refusal keeps every part translatable: each is a `Message` passed as an
argument of the sentence it goes in (`companion.i18n.tr` says the arguments in the player's language too),
and the English reads exactly as the plain strings did ("Ann and Bo", "2 rope, 1 tent", "2 Ropes").
"""

from __future__ import annotations

# The cards' names and ids are the Trek 12 rules' own (re-exported for the Expedition's engine and screens).
from companion.games.trek12.rules import CARD_IDS, CARD_NAMES, Assist
from companion.games.words import and_list, clauses, comma_list
from companion.i18n.message import msg, msgn

__all__ = ["comma_list", "semicolon_list", "and_list", "CARD_NAMES", "CARD_IDS", "card_id_count",
           "card_count", "card_article"]


# The parts of one entry in words (each round's pick), "a; b; c": the engines' shared clauses.
semicolon_list = clauses


def card_id_count(card: Assist, n: int) -> str:
    """'2 rope': a count of one kind as the rules' refusals write it (the card's id, never a plural)."""
    if card is Assist.COMPASS:
        # i18n: a count of Assist cards in a rules message (English keeps the lowercase name, without plural)
        return msgn("{n} compass", "{n} compass", n)
    if card is Assist.ROPE:
        # i18n: a count of Assist cards in a rules message (English keeps the lowercase name, without plural)
        return msgn("{n} rope", "{n} rope", n)
    if card is Assist.TENT:
        # i18n: a count of Assist cards in a rules message (English keeps the lowercase name, without plural)
        return msgn("{n} tent", "{n} tent", n)
    # i18n: a count of Assist cards in a rules message (English keeps the lowercase name, without plural)
    return msgn("{n} schnapps", "{n} schnapps", n)


def card_count(card: Assist, n: int) -> str:
    """'1 Rope', '2 Ropes': a count of one kind of Assist card."""
    if card is Assist.COMPASS:
        return msgn("{n} Compass", "{n} Compasses", n)
    if card is Assist.ROPE:
        return msgn("{n} Rope", "{n} Ropes", n)
    if card is Assist.TENT:
        return msgn("{n} Tent", "{n} Tents", n)
    return msgn("{n} Schnapps", "{n} Schnapps", n)


def card_article(card: Assist) -> str:
    """'a Rope': one Assist card."""
    if card is Assist.COMPASS:
        return msg("a Compass")
    if card is Assist.ROPE:
        return msg("a Rope")
    if card is Assist.TENT:
        return msg("a Tent")
    return msg("a Schnapps")
