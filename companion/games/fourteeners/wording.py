"""How 14ers joins words for people: lists and the words named inside its sentences, as `Message`s.

A list said with "and" or "or", or a run of clauses joined by "; ", is folded into nested messages
("{first} and {last}", "{first}, {next}", "{first}; {rest}": the engines' shared ones, `companion.games.words`)
so each language joins it its own way and every item that is itself a word to translate stays one; the English
reads exactly as before. A side named inside a sentence
is the word the cards print ("tucked as Gear"), an Accolade half the lower-case word ("basic"), a `Message`
too. Nothing here depends on a screen or a language (`companion.i18n.message` only).
"""

from __future__ import annotations

from typing import Iterable

from companion.i18n.message import Message, N_, msg

from companion.games.words import and_list, clauses, comma_list
from companion.i18n.message import reason_of

from .data import Side, load_data

__all__ = ["and_words", "or_words", "clauses", "commas", "side_word", "half_word", "weather_word", "reason"]

# The half of an Accolade card in play, inside a sentence (lower case), by its value ("basic", "advanced").
_HALF_WORDS = {
    # i18n: the Basic half of an Accolade card, inside a sentence (lower case)
    "basic": N_("basic"),
    # i18n: the Advanced half of an Accolade card, inside a sentence (lower case)
    "advanced": N_("advanced"),
}

# The Weather cards of the two forecasts (data/fourteeners/forecasts.json), by their English names; the names
# are the game's own terms (docs/glossary.md).
_WEATHER_WORDS = {
    # i18n: a Weather card's name (14ers forecasts)
    "Clear Skies": N_("Clear Skies"),
    # i18n: a Weather card's name (14ers forecasts)
    "Fog": N_("Fog"),
    # i18n: a Weather card's name (14ers forecasts)
    "Rain": N_("Rain"),
    # i18n: a Weather card's name (14ers forecasts)
    "Mud": N_("Mud"),
    # i18n: the label of the 14ers forecast cards (both July and August say "Temperate")
    "Temperate": N_("Temperate"),
    # i18n: a Weather card's name (14ers forecasts)
    "Blizzard": N_("Blizzard"),
    # i18n: a Weather card's name (14ers forecasts)
    "Sleet": N_("Sleet"),
    # i18n: a Weather card's name (14ers forecasts)
    "Heat": N_("Heat"),
    # i18n: a Weather card's name (14ers forecasts)
    "Snow": N_("Snow"),
}


def _folded(items: list[str], last: str, between: str) -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    out: str = Message(last, first=items[-2], last=items[-1]) if last else items[-1]
    for item in reversed(items[:-2] if last else items[:-1]):
        out = Message(between, first=item, rest=out)
    return out


# Lists in words are the engines' shared ones: 'Ann, Bo and Cy', 'Ann, Bo'.
and_words = and_list
commas = comma_list


def or_words(items: Iterable[str]) -> str:
    """'I', 'I or III', 'I or II or III' (a `Message` from two items on)."""
    # i18n: a choice between items ("Class I or III", "tucked as Gear or Training"); {rest} may be a choice
    return _folded(list(items), "", N_("{first} or {rest}"))


def side_word(side: Side) -> Message:
    """A side inside a sentence, as the cards and the rulebook print it ("tucked as Gear", the word of the
    Tuck as buttons): the vocabulary's word, in every language the same word as on the screens."""
    return load_data().vocabulary.side_name(side)


def half_word(half: str) -> Message:
    """An Accolade half inside a sentence: 'basic' or 'advanced' (by value or `AccoladeSide`)."""
    value = getattr(half, "value", half)
    return msg(_HALF_WORDS[value])


def weather_word(name: str) -> str:
    """A Weather card's name, said in the player's language when shown: a `Message` for the forecasts' own
    names, any other name (a data file's) as it is."""
    word = _WEATHER_WORDS.get(name)
    return name if word is None else msg(word)


# What an exception says, as the `Message` it was raised with when it was one (else its text).
reason = reason_of
