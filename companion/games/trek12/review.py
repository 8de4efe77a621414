"""What an Ascent's choices cost: each round's move against the coach's, from the same sheet and the same dice.

A finished (or unfinished) Ascent is its setup plus its turns. For one player, every turn is weighed by the
coach (`coach.advise`) on the sheet as it stood: the move played and the coach's best, each with the final
score it could expect, and the difference (what the choice cost, never below 0). When they differ, both are
valued again on dice of their own (`coach.margin`): the ranking's figures favour the move it chose, and
summed over an Ascent that slant alone came to tens of points. Each turn is weighed with the seed its hint
had during play (`hint_seed`), where the caller says which game id the hints used: the coach's choice
between near-equal moves depends on its dice, and a review on other dice called some of the hint's own
moves costly. A cost within the estimates' noise is shown but not marked as one of the costliest. The
coach also plays the whole Ascent on the same dice, round after round, which gives what it would have
scored. Pure like the rules: `rounds` and `rounds_of` are generators, so a screen can show its progress
and stop when it likes; randomness only from the seeds given, so a review of the same Ascent gives the same
figures.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from random import Random
from typing import Any, Iterator

from companion.errors import CompanionError, InvalidInput
from companion.i18n.message import message_doc, message_from_doc, msg, msgn

from . import session
from .coach import Advice, Reroll, advise, after_schnapps, margin, reroll, reroll_steps
from .rules import Action, Assist, Roll, apply as apply_turn
from .scoring import score

__all__ = ["RoundReview", "SchnappsReview", "Review", "Played", "REVIEW_PLAYOUTS", "played", "rounds", "rounds_of",
           "review", "hint", "hint_seed", "schnapps", "schnapps_steps", "finish_of", "to_doc", "from_doc",
           "COSTLIEST"]

REVIEW_PLAYOUTS = 1000       # playouts per decision: a review of 19 rounds takes seconds, not minutes
COSTLIEST = 3                # rounds highlighted on the sheet
EVEN = 0.05                  # points: a cost this small is the estimates' rounding, not a choice that cost


@dataclass(frozen=True)
class SchnappsReview:
    """The Schnapps drunk on the roll on the table (`roll`), weighed as the hint weighs it (`coach.reroll`):
    what a new roll could expect, the card gone, against the roll kept with the card; `error` is the standard
    error of their difference."""

    roll: tuple[int, int]
    again: float
    keep: float
    error: float

    @property
    def cost(self) -> float:
        """Points drinking cost: keeping was better by more than the estimates' noise (else 0)."""
        return self.keep - self.again if self.keep - self.again > self.error else 0.0

    @property
    def worth(self) -> bool:
        """True when a new roll was better by more than the noise (the coach would have drunk too)."""
        return Reroll(self.again, self.keep, self.error).drink


@dataclass(frozen=True)
class RoundReview:
    """One round of one player: the roll, the move played and the coach's, what each could expect, the cost;
    `schnapps` when the player drank it on the roll on the table (known when other players wrote it first)."""

    round: int
    roll: tuple[int, int]
    played: str
    played_circle: int
    best: str
    best_circle: int
    played_expected: float
    best_expected: float
    schnapps: SchnappsReview | None = None
    error: float = 0.0      # the standard error of best_expected - played_expected (0: exact, or the same move)

    @property
    def cost(self) -> float:
        """Points the choices cost against the coach's: the move (0 when it was the coach's), and drinking
        the Schnapps where keeping the roll was better."""
        drink = self.schnapps.cost if self.schnapps is not None else 0.0
        return max(0.0, self.best_expected - self.played_expected) + drink

    @property
    def coachs(self) -> bool:
        """True when the round cost nothing against the coach (within `EVEN`)."""
        return self.cost <= EVEN

    @property
    def moved(self) -> bool:
        """True when the move itself was not the coach's (it expected less, by more than `EVEN`)."""
        return self.best_expected - self.played_expected > EVEN

    @property
    def telling(self) -> bool:
        """True when the round cost more than the estimates' noise: the move expected less than the coach's
        by more than the standard error of the difference, or drinking the Schnapps cost something. A round
        within the noise may still show its small cost, but it is not one of the costliest."""
        gap = self.best_expected - self.played_expected
        return gap > max(EVEN, self.error) or (self.schnapps is not None and self.schnapps.cost > 0)


@dataclass(frozen=True)
class Review:
    """A player's whole Ascent reviewed: each round, the final score, and the coach's own on the same dice."""

    seat: int
    name: str
    rounds: tuple[RoundReview, ...]
    final: int
    coach_final: int

    @property
    def cost(self) -> float:
        """What the choices cost in all, against the coach's at each round."""
        return sum(r.cost for r in self.rounds)

    def costliest(self, count: int = COSTLIEST) -> tuple[RoundReview, ...]:
        """The rounds whose choice cost most (those that cost more than the estimates' noise), costliest first."""
        ranked = sorted((r for r in self.rounds if r.telling), key=lambda r: (-r.cost, r.round))
        return tuple(ranked[:count])

    def words(self) -> str:
        """The review as the screen says it. The two figures measure different things and are said so: the
        cost is summed round by round in expected points, each round from the sheet as it stood; the coach's
        final is one game, played on the same dice from the first round, where the dice fall for it or not.
        Read side by side as one gap, "cost about 53 points; final 49, the coach's 72" seemed to contradict
        itself."""
        if round(self.cost) == 0:
            # "About 0 points" read oddly beside rounds that each cost a few tenths.
            if self.rounds and all(r.coachs for r in self.rounds):
                # i18n: the review's summary when every move the player made was the coach's
                return msg("Every round, your choice was the coach's. You scored {final}; the coach, playing the "
                           "same dice from the first round, scored {coach}.", final=self.final, coach=self.coach_final)
            # i18n: the review's summary when the expected points lost, summed over the rounds, are under one half
            return msg("Round by round, your choices cost less than one point of expected score against the coach's "
                       "moves. You scored {final}; the coach, playing the same dice from the first round, scored "
                       "{coach}.", final=self.final, coach=self.coach_final)
        # i18n: the review's summary; {n} is a sum of the expected points lost at each round
        return msgn("Round by round, your choices cost about {n} point of expected score against the coach's moves. "
                    "You scored {final}; the coach, playing the same dice from the first round, scored {coach}.",
                    "Round by round, your choices cost about {n} points of expected score against the coach's moves. "
                    "You scored {final}; the coach, playing the same dice from the first round, scored {coach}.",
                    round(self.cost), final=self.final, coach=self.coach_final)


def hint_seed(game_id: str, entries: int, state: Any) -> str:
    """The seed of a hint's playouts: the game, how many of its entries are saved, and the sheet as it stands
    with its reading of lines (a corrected game gets a fresh hint, the same game the same one). The review
    weighs each turn with the seed its hint had, so a move the hint showed is the review's coach's move."""
    return f"{game_id}:{entries}:{state.ruleset.merge_lines}:{sorted(state.board.cells().items())}"


def hint(state: Any, roll: Roll, seed: str, playouts: int = REVIEW_PLAYOUTS, *, drunk: bool = False) -> Advice:
    """The coach's moves for this roll, best first (a hint asked for during play), seeded by `seed`;
    `drunk`: the player drank the Schnapps this turn and `roll` is its new roll."""
    return advise(after_schnapps(state) if drunk else state, roll, Random(seed), playouts=playouts)


def schnapps(state: Any, roll: Roll, seed: str, playouts: int = REVIEW_PLAYOUTS, *,
             drunk: bool = False) -> Reroll | None:
    """The Schnapps weighed against this roll for a hint (None unless the player holds one not yet drunk this
    turn), seeded by `seed`."""
    return None if drunk else reroll(state, roll, _schnapps_rng(seed), playouts=playouts)


def schnapps_steps(state: Any, roll: Roll, seed: str, playouts: int = REVIEW_PLAYOUTS, *,
                   drunk: bool = False) -> Iterator[Reroll | None]:
    """`schnapps` a roll at a time (`coach.reroll_steps`): None after each distinct roll weighed, then the
    `Reroll`; nothing at all where `schnapps` gives None."""
    if drunk:
        return iter(())
    return reroll_steps(state, roll, _schnapps_rng(seed), playouts=playouts)


def _schnapps_rng(seed: str) -> Random:
    return Random(f"{seed}/schnapps")


@dataclass(frozen=True)
class Played:
    """An Ascent as a review reads it: the table at its start, each turn with the table as it stood before it
    (the turn as a game document's turn, "player" its seat index), and the table after the last one. A Trek 12
    game replays into one (`played`); an Expedition's Ascent makes its own, since cards come and go between its
    turns with the round's picks (`companion.games.expedition.session.ascent_played`)."""

    start: session.Table
    turns: tuple[tuple[session.Table, dict[str, Any]], ...]
    end: session.Table
    # How many of the game's entries were saved before each turn (empty: not known), for the hints' seeds.
    entries: tuple[int, ...] = ()

    def seat_turns(self, seat: int) -> int:
        """How many turns the player in `seat` wrote."""
        return sum(1 for _, turn in self.turns if turn.get("player", 0) == seat)


def played(setup: dict[str, Any], actions: list[dict[str, Any]]) -> Played:
    """A Trek 12 game's setup and entries replayed for its review (InvalidInput / IllegalAction when they do
    not replay)."""
    table = start = session.start(setup)
    turns = []
    entries = []
    for count, action in enumerate(actions):
        if isinstance(action, dict) and "cash" not in action:
            turns.append((table, action))
            entries.append(count)
        table = session.apply(table, action)
    return Played(start, tuple(turns), table, tuple(entries))


def rounds(setup: dict[str, Any], actions: list[dict[str, Any]], seat: int, *, seed: str = "review",
           playouts: int = REVIEW_PLAYOUTS, hints: str | None = None) -> Iterator[RoundReview]:
    """Each of the player's turns weighed by the coach, one round at a time (see the module docstring)."""
    return rounds_of(played(setup, actions), seat, seed=seed, playouts=playouts, hints=hints)


def rounds_of(game: Played, seat: int, *, seed: str = "review", playouts: int = REVIEW_PLAYOUTS,
              hints: str | None = None) -> Iterator[RoundReview]:
    """`rounds` for an Ascent already replayed. `hints`: the game id its hints were seeded with (`hint_seed`);
    each turn is then weighed with the seed of the hint shown for it (where `game` knows its entries), so a
    move the hint showed is the coach's move here too, with the same figures. Else each round has a seed of
    its own, from `seed`."""
    if not 0 <= seat < len(game.start.seats):
        raise InvalidInput(f"there is no seat {seat} at this table")
    for index, (table, action) in enumerate(game.turns):
        if action.get("player", 0) != seat:
            continue
        state = table.states[seat]
        at = _hinted(game, hints, index, state) or f"{seed}:{table.round}"
        turn = move = Action.from_dict({k: v for k, v in action.items() if k != "player"})
        drunk = Assist.SCHNAPPS in move.assists
        drink = None
        if drunk:
            # The Schnapps drunk: its new roll is the one played, on the sheet without the card (the coach's
            # move for that roll is weighed the same way). The roll it replaced is the table's when other
            # players wrote it first (the Schnapps comes after them); alone at the table it is not kept.
            if table.roll is not None:
                weighed = schnapps(state, table.roll, at, playouts)
                if weighed is not None:
                    drink = SchnappsReview((table.roll.red, table.roll.yellow), weighed.again, weighed.keep,
                                           weighed.error)
            move = replace(move, assists=tuple(card for card in move.assists if card is not Assist.SCHNAPPS))
        advice = hint(state, move.roll, at, playouts, drunk=drunk)
        before = after_schnapps(state) if drunk else state
        mine = _matching(before, advice, move)
        best = advice.moves[0]
        best_expected = played_expected = best.expected
        error = 0.0
        if mine is not best:
            # What the move cost is measured afresh, both moves on the same new dice (`coach.margin`); half
            # the playouts, as the two are paired: about as long again as the ranking. A move the coach did
            # not rank is measured as it was played (taken for the coach's, it cost nothing), unless the
            # sheet refuses it there: then nothing is said of its cost.
            try:
                best_expected, played_expected, error = margin(
                    before, best.action, mine.action if mine is not None else move,
                    Random(f"{at}:cost"), playouts=max(1, playouts // 2))
            except CompanionError:
                pass
        yield RoundReview(
            round=table.round, roll=(move.roll.red, move.roll.yellow),
            played=session.turn_words(table.sheet, turn.to_dict()), played_circle=move.circle,
            best=session.turn_words(table.sheet, best.action.to_dict()), best_circle=best.action.circle,
            played_expected=played_expected, best_expected=best_expected, schnapps=drink, error=error)


def review(setup: dict[str, Any], actions: list[dict[str, Any]], seat: int, *, seed: str = "review",
           playouts: int = REVIEW_PLAYOUTS, hints: str | None = None) -> Review:
    """The whole review at once (`rounds`, the final score, and the coach's game on the same dice)."""
    game = played(setup, actions)
    reviewed = tuple(rounds_of(game, seat, seed=seed, playouts=playouts, hints=hints))
    return finish_of(game, seat, reviewed, seed=seed, playouts=playouts, hints=hints)


def finish_of(game: Played, seat: int, reviewed: tuple[RoundReview, ...], *, seed: str = "review",
              playouts: int = REVIEW_PLAYOUTS, hints: str | None = None) -> Review:
    """The review from its rounds: the final score, and the coach playing the same dice from the start (from
    the player's sheet and cards at the start, on the rolls the player had; a card it would earn is not
    picked up: which one it would get is the table's business). With `hints` (as `rounds_of`), each of the
    coach's turns is seeded as a hint on its sheet would have been: while its sheet is the player's, it plays
    the hint's move, so a player who followed every hint finds the coach's game to be their own.

    While every round so far was the coach's move (`RoundReview.coachs`), the coach's game is the player's,
    sheet and cards as they were before the player's next turn (an Expedition's picks between rounds
    included): the summary "every round, your choice was the coach's" then never stands beside another
    score for the coach. From the first round that was not, the coach plays on by itself."""
    final = score(game.end.states[seat]).total
    coach_state = game.start.states[seat]
    mine = [turn for turn, (_table, action) in enumerate(game.turns) if action.get("player", 0) == seat]
    following = True
    for index, r in enumerate(reviewed):
        if coach_state.complete:
            break
        red, yellow = r.roll
        if following and index < len(mine) and r.coachs and coach_state == game.turns[mine[index]][0].states[seat]:
            after = mine[index + 1] if index + 1 < len(mine) else None
            coach_state = (game.turns[after][0] if after is not None else game.end).states[seat]
            continue
        following = False
        at = (_hinted(game, hints, mine[index], coach_state) if index < len(mine) else None) or \
            f"{seed}:coach:{index}"
        try:
            advice = advise(coach_state, Roll.of(red, yellow), Random(at), playouts=playouts)
        except CompanionError:
            break
        coach_state = apply_turn(coach_state, advice.best)
    return Review(seat, game.start.seats[seat].name, reviewed, final, score(coach_state).total)


def _hinted(game: Played, hints: str | None, turn: int, state: Any) -> str | None:
    """The seed a hint on `state` had for the game's turn number `turn` (`hint_seed`), or None when the game
    does not know its entries or its hints' id."""
    if hints is None or len(game.entries) != len(game.turns):
        return None
    return hint_seed(hints, game.entries[turn], state)


def to_doc(result: Review) -> dict[str, Any]:
    """The review as kept with the game (JSON: the moves' words as English text, with their words beside them
    so they are said in the player's language when the review is opened again)."""
    def words(text: str) -> dict[str, Any]:
        doc = message_doc(text)
        return {} if doc is None else {"words": doc}

    return {"seat": result.seat, "name": result.name, "final": result.final, "coach_final": result.coach_final,
            "rounds": [{"round": r.round, "roll": list(r.roll), "played": str(r.played),
                        **{f"played_{k}": v for k, v in words(r.played).items()},
                        "played_circle": r.played_circle, "best": str(r.best),
                        **{f"best_{k}": v for k, v in words(r.best).items()}, "best_circle": r.best_circle,
                        "played_expected": r.played_expected, "best_expected": r.best_expected, "error": r.error,
                        **({} if r.schnapps is None else {"schnapps": {
                            "roll": list(r.schnapps.roll), "again": r.schnapps.again, "keep": r.schnapps.keep,
                            "error": r.schnapps.error}})}
                       for r in result.rounds]}


def from_doc(doc: dict[str, Any]) -> Review:
    """A review kept with the game; InvalidInput when it cannot be read."""
    try:
        return Review(int(doc["seat"]), str(doc["name"]), tuple(
            RoundReview(int(r["round"]), (int(r["roll"][0]), int(r["roll"][1])),
                        message_from_doc(r.get("played_words"), str(r["played"])),
                        int(r["played_circle"]), message_from_doc(r.get("best_words"), str(r["best"])),
                        int(r["best_circle"]), float(r["played_expected"]),
                        float(r["best_expected"]), _schnapps_from(r.get("schnapps")),
                        float(r.get("error", 0.0))) for r in doc["rounds"]),
                      int(doc["final"]), int(doc["coach_final"]))
    except (KeyError, TypeError, ValueError, IndexError):
        raise InvalidInput("the review kept with this game cannot be read; review it again") from None


def _schnapps_from(doc: Any) -> SchnappsReview | None:
    if doc is None:
        return None
    return SchnappsReview((int(doc["roll"][0]), int(doc["roll"][1])), float(doc["again"]), float(doc["keep"]),
                          float(doc["error"]))


def _matching(state: Any, advice: Advice, move: Action) -> Any:
    """The ranked entry of the move played (Max's links aside: the coach picks those for him): the one of the
    same fields, else the one with the same cards that leaves the player's sheet and boxes as the move did (a
    Tent turn written without "links", none being there to choose, is the coach's with none chosen). None
    when the coach did not rank it."""
    key = (move.op, move.circle, move.links, move.assists, move.rope)
    for ranked in advice.moves:
        action = ranked.action
        if (action.op, action.circle, action.links, action.assists, action.rope) == key:
            return ranked

    def left(action: Action) -> tuple[Any, ...]:
        after = apply_turn(state, action)
        return after.board, after.ops, after.tents

    try:
        played = left(move)
    except CompanionError:
        return None
    for ranked in advice.moves:
        if ranked.action.assists == move.assists and ranked.action.circle == move.circle and \
                left(ranked.action) == played:
            return ranked
    return None
