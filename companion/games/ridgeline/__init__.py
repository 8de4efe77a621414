"""Ridgeline: camps and fatigue hand by hand, the meld checker, the pitch finder and the winner.

Modules: `data` (deck, camps, routes from data/ridgeline/), `cards` (the notation G7, R, R:G7, W),
`melds` (the meld checker and lay-offs), `finder` (the pitch finder), `rules` (seats, hands, the climb),
`scoring` (fatigue and winners), `files` (command-line formats), `session` (the app's setup/action/summary).
"""

from companion.games.ridgeline.cards import Card, Colour, parse_card, parse_cards
from companion.games.ridgeline.data import Camp, Kind, Requirement, Route, load
from companion.games.ridgeline.finder import Pitch, find_pitch
from companion.games.ridgeline.melds import PitchProblem, group_problem, lay_off_options, pitch_problem

__all__ = [
    "Card",
    "Colour",
    "parse_card",
    "parse_cards",
    "Camp",
    "Kind",
    "Requirement",
    "Route",
    "load",
    "Pitch",
    "find_pitch",
    "PitchProblem",
    "group_problem",
    "lay_off_options",
    "pitch_problem",
]
