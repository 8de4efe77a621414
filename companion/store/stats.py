"""Statistics over finished games (history records), the CSV export and the share-as-text line.

Pure: takes history records (the store's shape, see `HistoryRepo`) and returns frozen values; no flet, no
store, no clock. Every number the Statistics screen shows comes from here. Each function takes the records
as a list, or already read once with `read(records)` when several numbers come from the same history
(reading is the costly part: about 0.1 s for 10,000 games).

How a record is read:
- The record's `winner` flags decide who won (the engines apply the tie-breaks); two or more winners is
  a shared win. Shared wins count as wins and are also counted on their own.
- The automated opponents are not players: Max in a Trek 12 Free Solo game (the engine seats him last,
  without a roster id, and its detail says "solo": "max") and in a solo Expedition, Gerry in a solo 14ers
  game (the breakdown marks his line with "gerry": true). A human's game against them is a solo game
  against that opponent.
- A game with one participant and no opponent (a Freunde solo game) is a play but not a contest: it counts
  in plays, best and average, never in wins or the win rate.
- Scores are "higher is better" except where the record says `"lower_is_better": true` (Ridgeline's
  fatigue), which turns best, margins and places around.
"""

from __future__ import annotations

import csv
import gc
import io
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property, wraps
from typing import Any, TypeAlias, TypeVar

from companion.games import GAMES
from companion.games.words import MINUS
from companion.i18n.message import Message, msg, msgn
from companion.store.repos import name_order

__all__ = [
    "ranked_seats",
    "PlayerKey",
    "Outcome",
    "Seat",
    "Games",
    "PlayerLine",
    "SheetLine",
    "SoloLine",
    "Point",
    "Bin",
    "ExpeditionStars",
    "MAX_NAME",
    "FORM_LENGTH",
    "CSV_COLUMNS",
    "read",
    "player_key",
    "lower_is_better",
    "solo_opponent",
    "seats",
    "player_lines",
    "player_line",
    "trek12_sheets",
    "solo_lines",
    "score_series",
    "histogram",
    "expedition_stars",
    "history_csv",
    "share_text",
    "score_unit",
    "score_words",
]

# A player across games: "id:<roster id>" for a roster player, "guest:<name folded>" for a guest typed in
# at the table (guests have no id, so the name is all that ties their games together).
PlayerKey: TypeAlias = str
GameId: TypeAlias = str
_F = TypeVar("_F", bound=Callable[..., Any])

# Max's name as the Trek 12 engine writes it (companion.games.trek12.solo.MAX_NAME); repeated here so that
# reading statistics does not load a game package.
MAX_NAME = "Max"
# A Trek 12 detail without the "solo" marker (saved before the engine wrote it), told apart from "solo": null.
_UNMARKED = object()
# How many games "recent form" looks back over.
FORM_LENGTH = 5
# Games whose score is better when lower, for records written before the flag was in the detail.
_LOWER_IS_BETTER_GAMES = frozenset({"ridgeline"})
# What a score counts, for the shared text and the charts: (one, several), as Messages a screen says in its
# language.
# i18n: what a score counts, said after a number or as a chart's axis ("70 points", "Points")
_POINTS = (msg("point"), msg("points"))
_UNITS = {
    # i18n: Ridgeline's score: the fatigue a player gathered ("12 fatigue"); lower is better
    "ridgeline": (msg("fatigue"), msg("fatigue")),
    # i18n: an Expedition's score: Reputation stars ("1 star", "5 stars")
    "expedition": (msg("star"), msg("stars")),
}


class Outcome(str, Enum):
    """How one game went for one player."""

    WIN = "win"          # the only winner
    SHARED = "shared"    # one of several winners (a tie the rules leave standing)
    LOSS = "loss"
    SOLO = "solo"        # nobody to beat: played alone without an automated opponent

    @property
    def won(self) -> bool:
        """True for an outright or a shared win."""
        return self in (Outcome.WIN, Outcome.SHARED)

    @property
    def letter(self) -> str:
        """One letter for a form guide: W, S (shared), L, or · for a game without an opponent."""
        return {Outcome.WIN: "W", Outcome.SHARED: "S", Outcome.LOSS: "L", Outcome.SOLO: "·"}[self]


@dataclass(frozen=True)
class Seat:
    """One participant of one finished game, read: who, the score, the outcome and against whom."""

    record_id: str
    game: GameId
    finished: str
    title: str
    index: int                 # position in the record's players list
    key: PlayerKey | None      # None for an automated opponent
    player_id: str | None
    name: str
    score: float | None
    winner: bool
    outcome: Outcome
    automated: bool            # Max or Gerry
    opponent: str | None       # for a human in a solo game: "Max" or "Gerry"; else None
    lower_is_better: bool


@dataclass(frozen=True)
class PlayerLine:
    """One player's numbers over one game (or every game when `game` is None)."""

    key: PlayerKey
    name: str
    game: GameId | None
    plays: int
    contested: int             # plays that had someone to beat
    wins: int                  # outright and shared wins
    shared_wins: int
    best: float | None         # None across games (different scales) or without scores
    average: float | None
    lower_is_better: bool
    form: tuple[Outcome, ...]  # the last FORM_LENGTH contested games, newest first

    @property
    def losses(self) -> int:
        """Contested games not won."""
        return self.contested - self.wins

    @property
    def alone(self) -> int:
        """Games played with nobody to beat: in plays, best and average, not in the win rate."""
        return self.plays - self.contested

    @property
    def win_rate(self) -> float | None:
        """Wins (shared ones included) per contested game, 0 to 1; None before any contest."""
        return self.wins / self.contested if self.contested else None


@dataclass(frozen=True)
class SheetLine:
    """Trek 12, one Ascent sheet: how the players' own sheets (never Max's) went on it."""

    sheet: str                 # the sheet key, e.g. "dunai"
    name: str                  # as printed, e.g. "Dunai"
    summit: int | None
    plays: int                 # sheets scored (one per player per game)
    summits: int               # of those, how many reached the summit score
    lines: float               # average number of Fixed Lines per sheet
    zones: float               # average number of Mapped Zones per sheet
    penalty: float             # average penalty points per sheet (skulls and orphans)
    average: float             # average total
    best: float                # the best total on this sheet
    best_by: tuple[str, ...]   # who scored it (several when equal), earliest first

    @property
    def summit_rate(self) -> float | None:
        """Sheets that reached the summit per sheet played (None when the sheet has no summit)."""
        return None if self.summit is None or not self.plays else self.summits / self.plays


@dataclass(frozen=True)
class SoloLine:
    """One player's solo games of one game: against Max or Gerry, or alone (opponent None)."""

    key: PlayerKey
    name: str
    game: GameId
    opponent: str | None
    plays: int
    wins: int                  # shared ones included
    shared_wins: int
    best: float | None
    average: float | None
    best_margin: float | None  # the widest win: own score minus the opponent's (None before a win)
    form: tuple[Outcome, ...]

    @property
    def losses(self) -> int:
        """Solo games lost to the opponent (0 when there is none)."""
        return self.plays - self.wins if self.opponent is not None else 0


@dataclass(frozen=True)
class Point:
    """One game on a scores-over-time chart."""

    record_id: str
    finished: str
    score: float
    outcome: Outcome


@dataclass(frozen=True)
class Bin:
    """One bar of a score distribution: scores from `low` to `high` inclusive."""

    low: int
    high: int
    count: int


@dataclass(frozen=True)
class ExpeditionStars:
    """One player's stars in one finished Expedition, by kind (summed over its three Ascents)."""

    record_id: str
    finished: str
    title: str
    stars: int
    by_kind: Mapping[str, int] = field(default_factory=dict)   # "summit", "race", "record"
    outcome: Outcome = Outcome.LOSS


@dataclass(frozen=True)
class Games:
    """Finished games read once: every record with its participants (`seats`), oldest game first."""

    entries: tuple[tuple[Mapping[str, Any], tuple[Seat, ...]], ...]

    def __len__(self) -> int:
        return len(self.entries)

    def records(self) -> list[Mapping[str, Any]]:
        """The records, oldest first."""
        return [record for record, _ in self.entries]

    def games(self) -> list[GameId]:
        """The games played at least once, in the registry's order (unknown ids last)."""
        present = {record.get("game") for record, _ in self.entries}
        known = [game for game in GAMES if game in present]
        return known + sorted(str(g) for g in present if g not in GAMES)

    def of(self, key: PlayerKey | None) -> tuple[tuple[Mapping[str, Any], tuple[Seat, ...]], ...]:
        """The entries a player took part in (every entry for None), oldest first."""
        if key is None:
            return self.entries
        return self._by_player.get(key, ())

    @cached_property
    def _by_player(self) -> dict[PlayerKey, tuple[tuple[Mapping[str, Any], tuple[Seat, ...]], ...]]:
        # One pass over the history, so each of a player's figures then looks only at their own games.
        index: dict[PlayerKey, list[tuple[Mapping[str, Any], tuple[Seat, ...]]]] = {}
        for entry in self.entries:
            for key in {seat.key for seat in entry[1] if seat.key is not None}:
                index.setdefault(key, []).append(entry)
        return {key: tuple(found) for key, found in index.items()}


Source: TypeAlias = "Games | Iterable[Mapping[str, Any]]"


def _quiet_gc(function: _F) -> _F:
    """Run `function` with the cycle collector paused (see `_gc_paused`)."""

    @wraps(function)
    def quiet(*args: Any, **kwargs: Any) -> Any:
        with _gc_paused():
            return function(*args, **kwargs)

    return quiet  # type: ignore[return-value]


@contextmanager
def _gc_paused() -> Iterator[None]:
    # Reading thousands of records makes many small objects; the cycle collector would run again and
    # again over every record already in memory. JSON records have no cycles, so collect afterwards.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


# --- reading records ------------------------------------------------------------------------------------------

def read(records: Source) -> Games:
    """Read history records once for several statistics: each record's seats, oldest game first."""
    if isinstance(records, Games):
        return records
    with _gc_paused():
        ordered = sorted((r for r in records if isinstance(r, dict)),
                         key=lambda r: (str(r.get("finished", "")), str(r.get("id", ""))))
        return Games(tuple((record, tuple(seats(record))) for record in ordered))


def player_key(player_id: str | None, name: str) -> PlayerKey:
    """The key that ties a player's games together: the roster id, or the folded name of a guest."""
    if player_id:
        return f"id:{player_id}"
    return "guest:" + " ".join(str(name).split()).casefold()


def lower_is_better(record: Mapping[str, Any]) -> bool:
    """True when the record's scores are better low (Ridgeline's fatigue, rulebook: fewest points wins)."""
    detail = record.get("detail")
    if isinstance(detail, dict) and isinstance(detail.get("lower_is_better"), bool):
        return detail["lower_is_better"]
    return record.get("game") in _LOWER_IS_BETTER_GAMES


def solo_opponent(record: Mapping[str, Any]) -> tuple[int, str] | None:
    """The automated opponent of a solo game as (index in players, name), or None.

    Trek 12 Free Solo: the detail says "solo": "max" (older records without it: their setup's "solo", and
    without their session, two players, the last one Max without an id); Expedition: the detail says
    "solo": true and Max has a seat; 14ers: the breakdown line marked "gerry": true.
    """
    players = _players(record)
    game = record.get("game")
    found = record.get("detail")
    detail: Mapping[str, Any] = found if isinstance(found, dict) else {}
    if game == "trek12":
        marker = detail.get("solo", _UNMARKED)
        if marker == "max" or marker is None:
            # The engine's own marker; only records saved before it existed need a guess.
            solo = marker == "max"
        else:
            session = record.get("session")
            setup = session.get("setup") if isinstance(session, dict) else None
            if isinstance(setup, dict):
                solo = setup.get("solo") == "max"
            else:
                solo = len(players) == 2 and _is_max(players[-1])
        if solo and players and _is_max(players[-1]):
            return len(players) - 1, str(players[-1].get("name"))
        return None
    if game == "expedition" and detail.get("solo") is True:
        for index, player in enumerate(players):
            if _is_max(player):
                return index, str(player.get("name"))
        return None
    if game == "fourteeners":
        lines = detail.get("players")
        if isinstance(lines, list):
            for line in lines:
                if isinstance(line, dict) and line.get("gerry") is True:
                    for index, player in enumerate(players):
                        if player.get("name") == line.get("name") and not player.get("id"):
                            return index, str(player.get("name"))
    return None


def seats(record: Mapping[str, Any]) -> list[Seat]:
    """Every participant of one finished game with the outcome for them (record order)."""
    players = _players(record)
    opponent = solo_opponent(record)
    low = lower_is_better(record)
    winners = sum(1 for p in players if p.get("winner") is True)
    contest = len(players) > 1
    out = []
    for index, player in enumerate(players):
        name = str(player.get("name") or "?")
        automated = opponent is not None and index == opponent[0]
        won = player.get("winner") is True
        if not contest:
            outcome = Outcome.SOLO
        elif won:
            outcome = Outcome.SHARED if winners > 1 else Outcome.WIN
        else:
            outcome = Outcome.LOSS
        player_id = player.get("id") if isinstance(player.get("id"), str) else None
        out.append(Seat(
            record_id=str(record.get("id", "")),
            game=str(record.get("game", "")),
            finished=str(record.get("finished", "")),
            title=str(record.get("title") or ""),
            index=index,
            key=None if automated else player_key(player_id, name),
            player_id=player_id,
            name=name,
            score=_number(player.get("score")),
            winner=won,
            outcome=outcome,
            automated=automated,
            opponent=opponent[1] if opponent is not None and not automated else None,
            lower_is_better=low,
        ))
    return out


# --- per player -----------------------------------------------------------------------------------------------

@_quiet_gc
def player_lines(records: Source, *, game: GameId | None = None,
                 names: Mapping[str, str] | None = None) -> list[PlayerLine]:
    """Every human player's plays, wins, win rate, best, average and form, most plays first.

    `game` narrows to one game (best and average are only given then); `names` maps roster ids to their
    current names (a renamed player's old games still count as theirs).
    """
    by_player: dict[PlayerKey, list[Seat]] = {}
    for seat in _human_seats(records, game):
        by_player.setdefault(seat.key or "", []).append(seat)
    lines = [_line(key, played, game, names) for key, played in by_player.items()]
    lines.sort(key=lambda line: (-line.plays, -line.wins, name_order(line.name), line.key))
    return lines


@_quiet_gc
def player_line(records: Source, key: PlayerKey, *, game: GameId | None = None,
                names: Mapping[str, str] | None = None) -> PlayerLine | None:
    """One player's line (see `player_lines`), or None when they have no finished game of that kind."""
    played = [seat for seat in _human_seats(records, game, key) if seat.key == key]
    return _line(key, played, game, names) if played else None


def _line(key: PlayerKey, played: list[Seat], game: GameId | None,
          names: Mapping[str, str] | None) -> PlayerLine:
    played = sorted(played, key=lambda s: (s.finished, s.record_id), reverse=True)   # newest first
    contested = [s for s in played if s.outcome is not Outcome.SOLO]
    scores = [s.score for s in played if s.score is not None]
    low = any(s.lower_is_better for s in played)
    per_game = game is not None
    return PlayerLine(
        key=key,
        name=_name_for(key, played, names),
        game=game,
        plays=len(played),
        contested=len(contested),
        wins=sum(1 for s in contested if s.outcome.won),
        shared_wins=sum(1 for s in contested if s.outcome is Outcome.SHARED),
        best=(min(scores) if low else max(scores)) if per_game and scores else None,
        average=sum(scores) / len(scores) if per_game and scores else None,
        lower_is_better=low if per_game else False,
        form=tuple(s.outcome for s in contested[:FORM_LENGTH]),
    )


# --- Trek 12 sheets -------------------------------------------------------------------------------------------

@_quiet_gc
def trek12_sheets(records: Source, key: PlayerKey | None = None, *,
                  names: Mapping[str, str] | None = None) -> list[SheetLine]:
    """Trek 12 per sheet: summit rate, average Fixed Lines, Mapped Zones and penalties, the best score.

    Counts the players' own sheets from each record's breakdown (`detail.scores`, rulebook: End of the
    Game), never Max's; with `key`, only that player's sheets. Sheets are ordered by name. `names` maps roster
    ids to their current names, for the best score's players (as in `player_lines`).
    """
    found: dict[str, list[tuple[Seat, Mapping[str, Any], Mapping[str, Any]]]] = {}
    for record, everyone in read(records).of(key):
        if record.get("game") != "trek12":
            continue
        detail = record.get("detail")
        if not isinstance(detail, dict) or not isinstance(detail.get("scores"), list):
            continue
        breakdowns = detail["scores"]
        for seat in everyone:
            if seat.automated or (key is not None and seat.key != key):
                continue
            breakdown = _breakdown_for(seat, breakdowns)
            if breakdown is None or _number(breakdown.get("total")) is None:
                continue
            sheet = str(detail.get("sheet") or record.get("title") or "?")
            found.setdefault(sheet, []).append((seat, breakdown, detail))
    out = []
    for sheet, entries in found.items():
        summit = _number(entries[-1][2].get("summit"))
        totals = [_number(b.get("total")) or 0 for _, b, _ in entries]
        best = max(totals)
        best_by: list[str] = []
        for (seat, _, _), total in zip(entries, totals):
            name = _name_for(seat.key, [seat], names) if seat.key is not None else seat.name
            if total == best and name not in best_by:
                best_by.append(name)
        count = len(entries)
        out.append(SheetLine(
            sheet=sheet,
            name=entries[-1][0].title or sheet,
            summit=None if summit is None else int(summit),
            plays=count,
            summits=sum(1 for _, b, d in entries if _reached(b, d)),
            lines=sum(_count(b.get("lines")) for _, b, _ in entries) / count,
            zones=sum(_count(b.get("zones")) for _, b, _ in entries) / count,
            penalty=sum(_number(b.get("penalty")) or 0 for _, b, _ in entries) / count,
            average=sum(totals) / count,
            best=best,
            best_by=tuple(best_by),
        ))
    out.sort(key=lambda line: (name_order(line.name), line.sheet))
    return out


def _breakdown_for(seat: Seat, breakdowns: list[Any]) -> Mapping[str, Any] | None:
    # The engine lists the breakdowns in seat order (Max last), so the record's position is the match;
    # the name confirms it, and is the fallback for a record whose lists differ in length.
    if seat.index < len(breakdowns):
        candidate = breakdowns[seat.index]
        if isinstance(candidate, dict) and candidate.get("name") == seat.name:
            return candidate
    for candidate in breakdowns:
        if isinstance(candidate, dict) and candidate.get("name") == seat.name:
            return candidate
    return None


def _reached(breakdown: Mapping[str, Any], detail: Mapping[str, Any]) -> bool:
    if isinstance(breakdown.get("summit_reached"), bool):
        return breakdown["summit_reached"]
    summit, total = _number(detail.get("summit")), _number(breakdown.get("total"))
    return summit is not None and total is not None and total >= summit


# --- solo games -----------------------------------------------------------------------------------------------

@_quiet_gc
def solo_lines(records: Source, key: PlayerKey | None = None,
               names: Mapping[str, str] | None = None) -> list[SoloLine]:
    """Solo records: each player's games against Max (Trek 12, Expeditions) and Gerry (14ers), and games
    played alone (Freunde solo): plays, wins, best, average, widest winning margin and form."""
    grouped: dict[tuple[PlayerKey, GameId, str | None], list[tuple[Seat, float | None]]] = {}
    for _, everyone in read(records).of(key):
        bot = next((s for s in everyone if s.automated), None)
        humans = [s for s in everyone if not s.automated]
        if bot is None and not (len(humans) == 1 and humans[0].outcome is Outcome.SOLO):
            continue   # a table of people, not a solo game
        for seat in humans:
            if key is not None and seat.key != key:
                continue
            margin = None
            if bot is not None and seat.score is not None and bot.score is not None:
                margin = bot.score - seat.score if seat.lower_is_better else seat.score - bot.score
            grouped.setdefault((seat.key or "", seat.game, seat.opponent), []).append((seat, margin))
    out = []
    for (who, game, opponent), entries in grouped.items():
        entries.sort(key=lambda e: (e[0].finished, e[0].record_id), reverse=True)
        played = [seat for seat, _ in entries]
        scores = [s.score for s in played if s.score is not None]
        low = any(s.lower_is_better for s in played)
        won = [(seat, margin) for seat, margin in entries if seat.outcome.won]
        margins = [m for _, m in won if m is not None]
        out.append(SoloLine(
            key=who,
            name=_name_for(who, played, names),
            game=game,
            opponent=opponent,
            plays=len(played),
            wins=len(won),
            shared_wins=sum(1 for seat, _ in won if seat.outcome is Outcome.SHARED),
            best=(min(scores) if low else max(scores)) if scores else None,
            average=sum(scores) / len(scores) if scores else None,
            best_margin=max(margins) if margins else None,
            form=tuple(s.outcome for s in played[:FORM_LENGTH]),
        ))
    order = list(GAMES)
    out.sort(key=lambda line: (order.index(line.game) if line.game in order else len(order),
                               line.opponent or "~", line.name.casefold(), line.key))
    return out


# --- charts ---------------------------------------------------------------------------------------------------

@_quiet_gc
def score_series(records: Source, key: PlayerKey, game: GameId) -> list[Point]:
    """A player's scores in one game, oldest first: the points of a scores-over-time chart."""
    points = [Point(s.record_id, s.finished, s.score, s.outcome)
              for s in _human_seats(records, game, key) if s.key == key and s.score is not None]
    points.sort(key=lambda p: (p.finished, p.record_id))
    return points


def histogram(scores: Sequence[float], bins: int = 8) -> list[Bin]:
    """Scores counted into at most `bins` equal whole-number ranges from the lowest to the highest score."""
    if bins < 1:
        raise ValueError(f"a histogram needs at least 1 bin, not {bins}")
    if not scores:
        return []
    low, high = math.floor(min(scores)), math.floor(max(scores))
    width = max(1, math.ceil((high - low + 1) / bins))
    count = (high - low) // width + 1
    counts = [0] * count
    for score in scores:
        counts[(math.floor(score) - low) // width] += 1
    return [Bin(low + n * width, low + (n + 1) * width - 1, c) for n, c in enumerate(counts)]


@_quiet_gc
def expedition_stars(records: Source, key: PlayerKey) -> list[ExpeditionStars]:
    """A player's stars in each finished Expedition, oldest first, with the Summit, Race and Record stars
    summed over its Ascents from the breakdown (rulebook, Earn a Reputation)."""
    out = []
    for record, everyone in read(records).of(key):
        if record.get("game") != "expedition":
            continue
        for seat in everyone:
            if seat.automated or seat.key != key:
                continue
            kinds: dict[str, int] = {}
            detail = record.get("detail")
            ascents = detail.get("ascents") if isinstance(detail, dict) else None
            for ascent in ascents if isinstance(ascents, list) else []:
                stars = ascent.get("stars") if isinstance(ascent, dict) else None
                mine = stars.get(seat.name) if isinstance(stars, dict) else None
                if isinstance(mine, dict):
                    for kind in ("summit", "race", "record"):
                        kinds[kind] = kinds.get(kind, 0) + int(_number(mine.get(kind)) or 0)
            out.append(ExpeditionStars(seat.record_id, seat.finished, seat.title, int(seat.score or 0),
                                       kinds, seat.outcome))
    return out


# --- export and sharing ---------------------------------------------------------------------------------------

CSV_COLUMNS = ("record_id", "finished", "game", "game_name", "title", "player", "player_id", "automated",
               "score", "winner", "shared_win", "lower_is_better")


@_quiet_gc
def history_csv(records: Source, names: Mapping[str, str] | None = None) -> str:
    """The play history for spreadsheets: a header, then one row per player per game, oldest game first.
    `names` gives roster players their names as they are now, by id (a game finished before a rename has the
    name the player goes by now, as History and Statistics show it).

    Quoting is the csv module's (RFC 4180: fields with commas, quotes or line breaks are quoted, quotes
    doubled). Names and titles that a spreadsheet would run as a formula (starting with = + - @ or a tab)
    get a leading apostrophe, so opening the file never runs anything. Yes/no columns are 1 or 0.
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for record, everyone in read(records).entries:
        game = str(record.get("game", ""))
        entry = GAMES.get(game)
        for seat in everyone:
            writer.writerow([
                seat.record_id,
                seat.finished,
                game,
                entry.title if entry else game,
                _cell(seat.title),
                _cell((names or {}).get(seat.player_id or "", seat.name)),
                seat.player_id or "",
                int(seat.automated),
                "" if seat.score is None else _plain(seat.score),
                # As History and Statistics count it: a game played alone had nobody to beat.
                int(seat.outcome.won),
                int(seat.outcome is Outcome.SHARED),
                int(seat.lower_is_better),
            ])
    return buffer.getvalue()


def score_unit(game: GameId, score: float | None = None) -> str:
    """What a game's score counts: 'fatigue' for Ridgeline, 'stars' for Expeditions, else 'points' (a Message:
    a screen says it with `tr`); 'point' and 'star' for a score of one."""
    one, several = _UNITS.get(game, _POINTS)
    return one if score is not None and abs(score) == 1 else several


def score_words(game: GameId, score: float) -> Message:
    """A score with what it counts, '70 points', '1 star', '12 fatigue', '2.5 points', '−4 points' (a Message,
    a negative score with the printed minus sign, as the sheet and the breakdown write it)."""
    text = _plain(score).replace("-", MINUS)
    if game == "ridgeline":
        return msg("{score} fatigue", score=text)
    whole = float(score).is_integer()
    count = abs(int(score)) if whole and abs(score) < 2**31 else 2
    if game == "expedition":
        # {score} is the number as written, {n} only chooses the form
        return msgn("{score} star", "{score} stars", count, score=text) if whole else msg("{score} stars", score=text)
    return msgn("{score} point", "{score} points", count, score=text) if whole else msg("{score} points", score=text)


def share_text(record: Mapping[str, Any], *, when: str | None = None,
               say: Callable[[Message], str] = str, names: Mapping[str, str] | None = None) -> str:
    """One finished game as a few lines of plain text to paste into a chat: game, title, date, then each
    player's place and score, winners first, with the winner(s) marked. `say` turns each line's words into
    text: as they are (English) by default, `companion.i18n.tr` on a screen. `names` maps roster ids to their
    current names (a renamed player is given the name they go by now)."""
    game = str(record.get("game", ""))
    entry = GAMES.get(game)
    heading = say(entry.title) if entry else game
    title = record.get("title") or ""
    # A title kept as text is said as History shows it (`record_title`): looked up in the catalogs as it is.
    title = say(title) if isinstance(title, (Message, str)) else str(title)
    everyone = seats(record)
    opponent = next((s.name for s in everyone if s.automated), None)
    if title and title != heading:
        heading += f" · {title}"
    if opponent and opponent.casefold() not in heading.casefold():
        heading = say(msg("{game} (solo against {opponent})", game=heading, opponent=opponent))
    lines = [heading]
    when = when if when is not None else str(record.get("finished") or "")[:10]
    if when:
        lines.append(when)
    standing_of = _standing(record)
    ranked = ranked_seats(record)
    place = 0
    previous: tuple[bool, int, float, int] | None = None
    for position, seat in enumerate(ranked, 1):
        standing = standing_of(seat)
        if standing != previous:
            place, previous = position, standing
        score = msg("no score") if seat.score is None else score_words(game, seat.score)
        name = (names or {}).get(seat.player_id or "", seat.name)
        if seat.outcome is Outcome.WIN:
            line = msg("{name}: {score} (winner)", name=name, score=score)
        elif seat.outcome is Outcome.SHARED:
            line = msg("{name}: {score} (shared win)", name=name, score=score)
        else:
            line = msg("{name}: {score}", name=name, score=score)
        prefix = "" if seat.outcome is Outcome.SOLO else f"{place}. "
        lines.append(prefix + say(line))
    if _camps_cleared(record):
        lines.append(say(msg("(most camps cleared first, then the lowest {unit})", unit=score_unit(game))))
    elif lower_is_better(record):
        lines.append(say(msg("(lowest {unit} wins)", unit=score_unit(game))))
    return "\n".join(lines)


def ranked_seats(record: Mapping[str, Any]) -> list[Seat]:
    """The record's participants best first, as its share text places them (seat order among equals)."""
    standing_of = _standing(record)
    return sorted(seats(record), key=lambda s: (*standing_of(s), s.index))


def _standing(record: Mapping[str, Any]) -> Callable[[Seat], tuple[bool, int, float, int]]:
    """How a record places a participant: winners first, then (Ridgeline) by camps cleared, then by score, then
    (Expedition) by the total of its three Ascents."""
    low = lower_is_better(record)
    cleared = _camps_cleared(record)
    totals = _expedition_totals(record)

    def standing_of(seat: Seat) -> tuple[bool, int, float, int]:
        # Ridgeline places by camps cleared before fatigue, as its end screen does ('Winning': whoever has not
        # finished the climb is behind, however low their fatigue). An Expedition's score is its stars, and
        # players with as many stars are placed by their total, as its end screen and its winner are.
        return (not seat.winner, -cleared.get(seat.name, 0), _order_score(seat.score, low),
                -totals.get(seat.name, 0))

    return standing_of


def _expedition_totals(record: Mapping[str, Any]) -> dict[str, int]:
    """Each player's total over the three Ascents by name, from an Expedition record; empty for any other."""
    detail = record.get("detail")
    totals = detail.get("totals") if isinstance(detail, dict) else None
    if record.get("game") != "expedition" or not isinstance(totals, dict):
        return {}
    return {str(name): t["score"] for name, t in totals.items()
            if isinstance(t, dict) and isinstance(t.get("score"), int) and not isinstance(t["score"], bool)}


def _camps_cleared(record: Mapping[str, Any]) -> dict[str, int]:
    """Camps cleared by name, from a Ridgeline record's standings; empty for any other record."""
    detail = record.get("detail")
    standings = detail.get("standings") if isinstance(detail, dict) else None
    if record.get("game") != "ridgeline" or not isinstance(standings, list):
        return {}
    return {str(s["name"]): s["camps_cleared"] for s in standings
            if isinstance(s, dict) and isinstance(s.get("camps_cleared"), int) and "name" in s}


# --- helpers --------------------------------------------------------------------------------------------------

def _players(record: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    players = record.get("players")
    return [p for p in players if isinstance(p, dict)] if isinstance(players, list) else []


def _is_max(player: Mapping[str, Any]) -> bool:
    return player.get("name") == MAX_NAME and not player.get("id")


def _human_seats(records: Source, game: GameId | None, key: PlayerKey | None = None) -> Iterator[Seat]:
    for record, everyone in read(records).of(key):
        if game is not None and record.get("game") != game:
            continue
        for seat in everyone:
            if not seat.automated:
                yield seat


def roster_id(key: PlayerKey) -> str | None:
    """The roster id a player key was made from (`player_key`), or None for a guest's."""
    return key[3:] if key.startswith("id:") else None


def _name_for(key: PlayerKey, played: Sequence[Seat], names: Mapping[str, str] | None) -> str:
    if names and roster_id(key) in names:
        return names[roster_id(key)]
    newest = max(played, key=lambda s: (s.finished, s.record_id))
    return newest.name


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _count(value: Any) -> int:
    return len(value) if isinstance(value, list) else 0


def _plain(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _order_score(score: float | None, low: bool) -> float:
    if score is None:
        return math.inf
    return score if low else -score


def _cell(text: str) -> str:
    # Spreadsheet formula injection: a cell starting with one of these is run as a formula by Excel,
    # LibreOffice and Google Sheets; the apostrophe makes it plain text there.
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
