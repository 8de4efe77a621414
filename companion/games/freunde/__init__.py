"""Freunde (K2): both climbers of every player, acclimatization, tents, weather by altitude and risk.

Modules: `data` (boards, stacking limits, deck, risk tokens, weather presets, solo ranks), `rules` (State,
actions, apply, legal_actions and the queries a screen needs), `scoring`, `solo`, `files` (the game file
of `companion score freunde`) and `session` (start/apply/summary for the app).
"""

__all__ = ["data", "rules", "scoring", "solo", "files", "session"]
