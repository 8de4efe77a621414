"""The six Challenge envelopes: which challenges a played sheet meets, read from the Trek 12 engine's score.

A challenge is met by a sheet that has a Mapped Zone (of the given number, when one is named) or a Fixed
Line of exactly the given number of circles -- any of its zones or lines, not only the largest (rulebook,
The Challenge Envelopes; docs/rulings.md, Trek 12 Expeditions).
"""

from __future__ import annotations

from companion.games.expedition.data import Challenge, ChallengeKind, EnvelopeNo, load_challenges
from companion.games.trek12.rules import Board
from companion.games.trek12.scoring import ScoreBreakdown, score_board
from companion.inputs import quote

__all__ = ["challenges_met", "meets", "challenge"]


def challenges_met(played: Board | ScoreBreakdown) -> tuple[EnvelopeNo, ...]:
    """The envelopes (1-6, leftmost first) whose challenge a played sheet meets, from its board or score."""
    breakdown = played if isinstance(played, ScoreBreakdown) else score_board(played)
    return tuple(c.envelope for c in load_challenges() if meets(c, breakdown))


def meets(item: Challenge, breakdown: ScoreBreakdown) -> bool:
    """True when the sheet has a zone (of that number) or a line of exactly the challenge's size."""
    if item.kind is ChallengeKind.LINE:
        return any(len(line.circles) == item.size for line in breakdown.lines)
    return any(len(zone.circles) == item.size and (item.value is None or zone.value == item.value)
               for zone in breakdown.zones)


def challenge(envelope: EnvelopeNo) -> Challenge:
    """The challenge of envelope 1-6 (rulebook order, leftmost first)."""
    items = load_challenges()
    if type(envelope) is not int or not 1 <= envelope <= len(items):
        raise ValueError(f"there are envelopes 1 to {len(items)}, not {quote(envelope)}")
    return items[envelope - 1]
