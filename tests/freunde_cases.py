"""Freunde games as the entries a table makes, shared by the screen tests and the browser tests."""

from __future__ import annotations

# Ann and Bob's first turn on the summer board (rules.RULESET): Ann takes the risk token of 2 off her climber
# A's acclimatization, and A dies in the check that Bob's Done runs at the end of the turn.
DEATH_AT_THE_CHECK = [
    {"type": "weather", "day": 1, "weather": "sun"},
    {"type": "play", "player": "Ann", "cards": ["M1", "M1", "A1"]},
    {"type": "play", "player": "Bob", "cards": ["M1", "A0", "A1"]},
    {"type": "risk", "value": 2},
    {"type": "climber", "player": "Ann", "climber": "A", "cards": ["M1"], "path": ["S1"], "risk_accl": 2},
    {"type": "done", "player": "Ann"},
    {"type": "done", "player": "Bob"},
]
