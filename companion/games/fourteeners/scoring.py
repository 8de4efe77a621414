"""End scoring of 14ers ('Game End and Scoring'): Accolade, Plans, Capstones, Guides with a Photo, the winner.

1. The Accolade first: whoever best meets its category scores 4; two tied score 2 each; three or four tied
   score 1 each. Only tucked cards count (Guides do not); Gerry has no Accolade.
2. Plans, counted on the whole tableau: every tucked card shows its Class and icons whatever its side.
3. Capstones. 4. One point per hired Guide with a Photo. 5. The most points wins; a tie goes to the fewest
   points from Capstones, and is shared if still tied. Solo: only a score higher than Gerry's wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from companion.errors import IllegalAction
from companion.i18n.message import msg

from .abilities import Category, CategoryKind, PointsLine, Tableau, category_count, describe_category, points_lines
from .data import HikerLetter, Icon, Side, load_data
from . import solo
from .rules import State, tableau
from .wording import and_words, commas, side_word

__all__ = ["Entry", "AccoladeResult", "PlayerScore", "ScoreBreakdown", "score", "score_tableaus",
           "accolade_result", "missing", "verdict"]


@dataclass(frozen=True)
class Entry:
    """One tableau to score, with its player's name; Gerry takes no part in the Accolade."""

    name: str
    tableau: Tableau
    gerry: bool = False


@dataclass(frozen=True)
class AccoladeResult:
    """Who best met the Accolade's category: every count, the winners and the points each scores."""

    category: Category
    text: str
    counts: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]
    points: int


@dataclass(frozen=True)
class PlayerScore:
    """One player's end score, part by part, with every ability line that scored."""

    name: str
    hiker: HikerLetter
    gerry: bool
    accolade: int
    plans: int
    capstones: int
    photos: int
    total: int
    lines: tuple[PointsLine, ...]


@dataclass(frozen=True)
class ScoreBreakdown:
    """Every player's score, the Accolade result and the winner(s) after the tie-breaks."""

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    accolade: AccoladeResult | None

    def player(self, name: str) -> PlayerScore:
        """One player's score by name."""
        return next(p for p in self.players if p.name == name)


def score(state: State) -> ScoreBreakdown:
    """Score a game's tableaus as they stand ('Game End and Scoring'); refuses undescribed tucked sides."""
    accolade = state.setup.accolade.category if state.setup.accolade is not None else None
    entries = [Entry(player.name, tableau(state, index), player.gerry) for index, player in enumerate(state.players)]
    return score_tableaus(entries, accolade)


def score_tableaus(entries: Sequence[Entry], accolade: Category | None) -> ScoreBreakdown:
    """Score tableaus: Accolade, Plans, Capstones, Photos of Guides, total, and the winner(s)."""
    # i18n: a tucked Climb: its player, its card and the side it is tucked under, as printed ("Ann's Longs Peak (Gear)")
    gaps = [msg("{player}'s {card} ({side})", player=entry.name, card=t.card.name, side=side_word(t.side))
            for entry in entries for t in entry.tableau.tucked if t.ability is None]
    if gaps:
        # i18n: {climbs} lists tucked Climbs: "Ann's Longs Peak (gear), Bo's Pikes Peak (plans)"
        raise IllegalAction(msg("describe the shown side of every tucked Climb before scoring: {climbs}",
                                climbs=commas(gaps)))
    deck = load_data().deck
    result = accolade_result([e for e in entries if not e.gerry], accolade) if accolade is not None else None
    scores = []
    for index, entry in enumerate(entries):
        others = [e.tableau for i, e in enumerate(entries) if i != index]
        lines = points_lines(entry.tableau, others)
        capstones = sum(line.points for line in lines if line.side is Side.CAPSTONE)
        # Points printed anywhere but a Capstone are variable points counted with Plans (docs/rulings.md).
        plans = sum(line.points for line in lines if line.side is not Side.CAPSTONE)
        photos = deck.guide_photo_points * sum(1 for card in entry.tableau.guides if Icon.PHOTO in card.icons)
        won = result.points if result is not None and entry.name in result.winners else 0
        scores.append(PlayerScore(entry.name, entry.tableau.hiker, entry.gerry, won, plans, capstones, photos,
                                  won + plans + capstones + photos, lines))
    return ScoreBreakdown(tuple(scores), _winners(scores), result)


def accolade_result(entries: Sequence[Entry], category: Category) -> AccoladeResult:
    """Who best meets the category among these tableaus ('Accolades'); nobody scores 'most' with none at all."""
    counts = tuple((entry.name, category_count(category, entry.tableau)) for entry in entries)
    winners: tuple[str, ...] = ()
    if counts:
        values = [count for _, count in counts]
        best = max(values) if category.kind is CategoryKind.MOST else min(values)
        if not (category.kind is CategoryKind.MOST and best == 0):
            winners = tuple(name for name, count in counts if count == best)
    points = load_data().deck.accolade_points(len(winners)) if winners else 0
    return AccoladeResult(category, describe_category(category), counts, winners, points)


def missing(state: State) -> tuple[tuple[str, str, Side], ...]:
    """(player, card, side) for every tucked Climb whose shown side still needs describing before scoring."""
    return tuple((player.name, t.card.name, t.side) for player in state.players for t in player.tucked
                 if t.ability is None)


def verdict(result: ScoreBreakdown, you: str | None = None) -> str:
    """The winner in words, with the tie-break said when it was needed; `you` names the player of a solo game."""
    if you is not None:
        gerry = next(p for p in result.players if p.gerry)
        return solo.outcome(result.player(you).total, gerry.total, result.winners, you)
    best = max(p.total for p in result.players)
    leaders = [p for p in result.players if p.total == best]
    if len(leaders) == 1:
        return msg("{player} wins with {points}.", player=leaders[0].name, points=best)
    # i18n: a player's name and points from Capstones, in a list ("Ann 3, Bo 5")
    capstones = commas(msg("{player} {points}", player=p.name, points=p.capstones) for p in leaders)
    tied = and_words(p.name for p in leaders)
    if len(result.winners) == 1:
        # i18n: {tied} names the players tied ("Ann and Bo"); {capstones} is "Ann 3, Bo 5"
        return msg("{winner} wins: {tied} tie at {points}, and the tie goes to the fewest points from Capstones "
                   "({capstones}).", winner=result.winners[0], tied=tied, points=best, capstones=capstones)
    if len(result.winners) == len(leaders):
        # i18n: {tied} names the players tied ("Ann and Bo"); {capstones} is "Ann 3, Bo 5"
        return msg("Shared victory: {tied} tie at {points}, and are still tied on the fewest points from "
                   "Capstones ({capstones}).", tied=tied, points=best, capstones=capstones)
    # i18n: {winners} and {tied} name players ("Ann and Bo"); {capstones} is "Ann 3, Bo 5, Cy 3"
    return msg("Shared victory for {winners}: {tied} tie at {points}, and the fewest points from Capstones "
               "({capstones}) leave two or more still tied.", winners=and_words(result.winners), tied=tied,
               points=best, capstones=capstones)


def _winners(scores: Sequence[PlayerScore]) -> tuple[str, ...]:
    if not scores:
        return ()
    gerry = [s for s in scores if s.gerry]
    if gerry and len(scores) == 2:
        # 'Solo Variant': "Score your tableau and Gerry's. If your score is higher, you win!" Only a higher
        # score wins; an equal one is not a win, and no tie-break makes it one (docs/rulings.md).
        you = next(s for s in scores if not s.gerry)
        return (you.name,) if you.total > gerry[0].total else (gerry[0].name,)
    best = max(s.total for s in scores)
    leaders = [s for s in scores if s.total == best]
    fewest = min(s.capstones for s in leaders)
    return tuple(s.name for s in leaders if s.capstones == fewest)
