"""Trek 12 for the app: a table of one or more sheets sharing each round's roll, or one sheet against Max.

`start(setup)` builds the table, `apply(table, action)` plays one player's turn from a JSON-able action
(the game file's turn object plus an optional "player"), `summary(table)` gives the history record's
fields once the Ascent is over. All pure: the session keeper stores the setup and the action list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.errors import IllegalAction, InvalidInput
from companion.games.trek12.data import SHEET_NAMES, Sheet, record_key, sheet_warnings
from companion.games.trek12.files import parse_cards, parse_solo, resolve_sheet
from companion.games.trek12.rules import Action, Assist, Roll, Ruleset, State, apply as apply_turn, cash, new_game
from companion.games.trek12.scoring import ORPHAN_POINTS, ScoreBreakdown, score
from companion.games.trek12.solo import MAX_NAME, max_score
from companion.games.words import MINUS, UNRECOGNISED, safely
from companion.i18n.message import Message, msg, msgn
from companion.inputs import quote

__all__ = ["Seat", "Table", "start", "apply", "summary", "current_player", "cashing_seat", "schnapps_refusal", "breakdowns",
           "linked_words",
           "describe_action", "turn_words", "CARD_WORDS", "setup_options"]

_SETUP_KEYS = ("sheet", "ruleset", "solo", "players", "max_assists", "last_ascent", "dice_seed")
# The app rolls its dice from this seed (see companion/ui/trek12/turn.py); the rules never roll, they only
# check that it is a whole number so that a saved game's rolls can be made again.
_MAX_SEED = 2**63


@dataclass(frozen=True)
class Seat:
    """A player at the table: a saved player's id (None for a guest) and the name shown."""

    id: str | None
    name: str


@dataclass(frozen=True)
class Table:
    """The Ascent at the table: one State per player, the round number and the round's shared roll."""

    sheet: Sheet
    ruleset: Ruleset
    seats: tuple[Seat, ...]
    states: tuple[State, ...]
    round: int
    roll: Roll | None
    played: tuple[bool, ...]
    # True for an Expedition's sheet: the cards come from the Expedition's cards in play, taken with the
    # round's picks in Lead Climber order, so a turn takes none itself.
    shared_cards: bool = False

    @property
    def solo(self) -> bool:
        """True in Free Solo Mode (one player against Max)."""
        return self.states[0].max_board is not None

    @property
    def complete(self) -> bool:
        """True when every player's sheet is full (rulebook, End of the Game)."""
        return all(s.complete for s in self.states)

    @property
    def scored(self) -> bool:
        """True once the sheets are full and every player who tracks cards and holds any has said which ones
        they cash."""
        return self.complete and cashing_seat(self) is None


def start(setup: dict[str, Any]) -> Table:
    """A new Ascent from {"sheet", "ruleset", "solo": "max" | None, "players": [...], "max_assists",
    "dice_seed"} (the seed of the app's dice, checked and kept, never rolled here)."""
    if not isinstance(setup, dict):
        raise InvalidInput("a Trek 12 setup must be an object with at least \"sheet\"")
    for key in setup:
        if key not in _SETUP_KEYS:
            raise InvalidInput(f"unknown Trek 12 setup field {quote(key)}; known: {', '.join(_SETUP_KEYS)}")
    sheet = resolve_sheet(setup.get("sheet"))
    problems = sheet_warnings(sheet)
    if problems:
        raise InvalidInput(f"the sheet {sheet.name} cannot be played to the end: {problems[0]}")
    ruleset = Ruleset.from_dict(setup.get("ruleset"))
    solo = parse_solo(setup.get("solo"))
    seats, cards = _parse_players(setup.get("players"))
    if solo and len(seats) != 1:
        raise InvalidInput(f"Free Solo is one player against Max, not {len(seats)} players")
    max_assists = setup.get("max_assists", 0)
    seed = setup.get("dice_seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < _MAX_SEED):
        raise InvalidInput(f"'dice_seed' must be a whole number from 0 to 2**63 - 1, not {quote(seed)}")
    if max_assists and not solo:
        raise InvalidInput("'max_assists' is given but the game has no Max (\"solo\": \"max\")")
    last_ascent = setup.get("last_ascent", False)
    if not isinstance(last_ascent, bool):
        raise InvalidInput(f"'last_ascent' must be true or false, not {last_ascent!r}")
    states = tuple(new_game(sheet, ruleset, solo=solo, assists=held, max_assists=max_assists,
                            last_ascent=last_ascent) for held in cards)
    return Table(sheet, ruleset, seats, states, 1, None, (False,) * len(seats))


def apply(table: Table, action: dict[str, Any]) -> Table:
    """Play one player's turn (the game file's turn object, plus "player": seat index when several)."""
    if not isinstance(action, dict):
        raise InvalidInput(f"a Trek 12 action must be a turn object, not {quote(action)}")
    if "cash" in action:
        return _cash(table, action)
    if table.complete:
        raise IllegalAction(msg("the Ascent is over: every sheet is full"))
    body = {k: v for k, v in action.items() if k != "player"}
    seat = _seat_of(table, action.get("player"))
    turn = Action.from_dict(body)
    if table.played[seat]:
        raise IllegalAction(msg("{name} has already written a number in round {round}; everyone plays once per "
                                "roll", name=table.seats[seat].name, round=table.round))
    if table.shared_cards and (turn.take is not None or turn.give_back is not None):
        raise IllegalAction(msg("on an Expedition's sheet a card is not taken in the turn: the players who made a "
                                "new zone pick together when the round is over, from the Lead Climber clockwise"))
    schnapps = Assist.SCHNAPPS in turn.assists
    if schnapps:
        refused = schnapps_refusal(table, seat)
        if refused:
            raise IllegalAction(_whose(table.seats[seat].name, refused))
    if table.roll is not None and not schnapps and turn.roll != table.roll:
        raise IllegalAction(msg("round {round} was rolled {red} (red) and {yellow} (yellow); every player uses that "
                                "roll (only the Schnapps re-rolls)", round=table.round, red=table.roll.red,
                                yellow=table.roll.yellow))
    try:
        new_state = apply_turn(table.states[seat], turn)
    except IllegalAction as exc:
        raise IllegalAction(_whose(table.seats[seat].name, _reason(exc))) from None
    states = table.states[:seat] + (new_state,) + table.states[seat + 1:]
    played = table.played[:seat] + (True,) + table.played[seat + 1:]
    roll = table.roll if table.roll is not None or schnapps else turn.roll
    if all(played):
        return Table(table.sheet, table.ruleset, table.seats, states, table.round + 1, None,
                     (False,) * len(played), table.shared_cards)
    return Table(table.sheet, table.ruleset, table.seats, states, table.round, roll, played, table.shared_cards)


def describe_action(table: Table, action: dict[str, Any]) -> str:
    """One entry in words, from the table as it stood before it: "Round 7, Ann: 4 (5−1) in circle 3, linked
    to circle 2", "End of the Ascent, Ann: cashed the Rope (+3)"; never raises (an unreadable entry is
    "An entry the game does not recognise")."""
    return safely(_describe, table, action)


def turn_words(sheet: Sheet, turn: dict[str, Any], *, solo: bool = False) -> str:
    """What a turn object says, without the round or the player: the number and how the dice made it
    (rulebook, How to Play step a), the circle, the links chosen, the cards used or taken, and Max's number
    in Free Solo. InvalidInput when the turn object cannot be read."""
    # Each part adds to the words so far as one message ("{words}, {links}"), so a screen can say every part
    # in the player's language and in that language's order.
    move = Action.from_dict(turn)
    roll, circle = move.roll, move.circle
    value = roll.value(move.op)
    # i18n: a turn in words: "4 (5−1) in circle 3"; {how} says how the dice made the number
    words: Message = msg("{value} ({how}) in circle {circle}", value=value, how=_how(roll, move.op.label),
                         circle=circle)
    limit = sheet.limits[sheet.index[circle]] if circle in sheet.index else None
    if limit is not None and value > limit:
        words = msg("{words}: a skull (over {limit})", words=words, limit=limit)
    # Links are written when given (an empty list: nothing to link, as a Fixed Line is never optional).
    if move.links:
        words = _then(words, linked_words(move.links))
    used = [card for card in move.assists if card is not Assist.ROPE]
    if used:
        # i18n: Assist cards used in a turn: "…, with the Compass and the Tent"
        words = msg("{words}, with {cards}", words=words, cards=_and([_the(card) for card in used]))
    if Assist.ROPE in move.assists:
        far = [c for c in (move.rope or ()) if c != circle]
        if far:
            words = msg("{words}, with the Rope to circle {circle}", words=words, circle=far[0])
        else:
            words = msg("{words}, with the Rope", words=words)
    if move.take is not None:
        words = msg("{words}, took the {card}", words=words, card=CARD_WORDS[move.take])
        if move.give_back is not None:
            words = msg("{words} (gave back the {card})", words=words, card=CARD_WORDS[move.give_back])
    if solo:
        best = roll.best
        if limit is not None and best > limit:
            # i18n: Max's number in Free Solo, over the circle's limit: "…; Max: 10, a skull"
            words = msg("{words}; {max}: {value}, a skull", words=words, max=MAX_NAME, value=best)
        else:
            # i18n: Max's number in Free Solo: "…; Max: 10"
            words = msg("{words}; {max}: {value}", words=words, max=MAX_NAME, value=best)
        if move.max_links:
            words = _then(words, linked_words(move.max_links))
    return words


# The Assist cards as the rulebook names them (The Assist cards).
CARD_WORDS: dict[Assist, Message] = {
    # i18n: the Assist card (the name printed on it)
    Assist.COMPASS: msg("Compass"),
    # i18n: the Assist card (the name printed on it)
    Assist.ROPE: msg("Rope"),
    # i18n: the Assist card (the name printed on it)
    Assist.TENT: msg("Tent"),
    # i18n: the Assist card (the name printed on it)
    Assist.SCHNAPPS: msg("Schnapps"),
}


def schnapps_refusal(table: Table, seat: int) -> str | None:
    """Why the seat may not drink the Schnapps now, or None: it re-rolls "after all the other players have
    filled one of their circles" (rulebook, The Assist cards), so only the last to write in a round may."""
    waiting = [table.seats[i].name for i in range(len(table.seats)) if i != seat and not table.played[i]]
    if waiting:
        return msg("the Schnapps re-rolls only after all the other players have filled a circle this round "
                   "({names} still to write)", names=", ".join(waiting))
    return None


def cashing_seat(table: Table) -> int | None:
    """The first seat still to say which cards it cashes at the end of the Ascent: one that tracks its cards
    and holds any (a hand with none has nothing to decide); None while sheets are being filled, or when
    everyone has decided."""
    return _undecided(table, holding=True)


def _undecided(table: Table, *, holding: bool) -> int | None:
    """The first seat tracking its cards that has not cashed (`holding`: only one holding cards); None before
    the sheets are full."""
    if not table.complete:
        return None
    for n, state in enumerate(table.states):
        if state.assists is not None and state.cashed is None and (state.assists or not holding):
            return n
    return None


def _cash(table: Table, action: dict[str, Any]) -> Table:
    # {"cash": [cards], "player": seat}: "each player may discard some or all of their remaining Assist
    # cards", in turn (seat order here; an Expedition's sheet is cashed on the Expedition in Lead Climber order).
    for key in action:
        if key not in ("cash", "player"):
            raise InvalidInput(f"unknown field {key!r} in a cash action; it has \"cash\" and \"player\"")
    raw = action["cash"]
    if not isinstance(raw, list):
        raise InvalidInput(f"'cash' must be a list of the Assist cards cashed, not {raw!r}")
    cards = tuple(Assist.parse(card) for card in raw)
    # The default seat counts a hand with no card too: a game saved when such a player was still asked
    # replays as it was.
    due = _undecided(table, holding=False)
    seat = due if action.get("player") is None else _seat_of(table, action["player"])
    if seat is None:
        raise IllegalAction(msg("no cards to cash: the sheets are not full yet") if not table.complete
                            else msg("no cards to cash: every player has cashed their cards"))
    try:
        new_state = cash(table.states[seat], cards)
    except IllegalAction as exc:
        # i18n: a player's name and why their cards cannot be cashed
        raise IllegalAction(msg("{name}: {reason}", name=table.seats[seat].name, reason=_reason(exc))) from None
    states = table.states[:seat] + (new_state,) + table.states[seat + 1:]
    return Table(table.sheet, table.ruleset, table.seats, states, table.round, table.roll, table.played,
                 table.shared_cards)


def current_player(table: Table, last: int | None = None) -> int | None:
    """The first seat that has not yet written a number this round (None when the Ascent is over). `last`, a
    seat still to write that waits for the others (to drink the Schnapps, which re-rolls only after all the
    others have filled a circle), comes after every other seat still to write."""
    if table.complete:
        return None
    waiting = [n for n, done in enumerate(table.played) if not done]
    if last in waiting and len(waiting) > 1:
        waiting.remove(last)
    return waiting[0]


def breakdowns(table: Table) -> list[tuple[str, ScoreBreakdown]]:
    """Every sheet's score with its owner's name, Max last in Free Solo."""
    out = [(seat.name, score(state)) for seat, state in zip(table.seats, table.states)]
    if table.solo:
        out.append((MAX_NAME, max_score(table.states[0])))
    return out


def summary(table: Table) -> dict[str, Any]:
    """History record fields: game, title (the sheet's name), players with score and winner, detail (with
    "solo": "max" in Free Solo, None otherwise, so a record says who Max is without its setup)."""
    waiting = cashing_seat(table)
    if waiting is not None:
        raise IllegalAction(msg("{name} has still to say which Assist cards they cash (an empty list keeps them "
                                "all) before the Ascent is saved", name=table.seats[waiting].name))
    scored = breakdowns(table)
    best = max(b.total for _, b in scored)
    players = [{"id": seat.id, "name": seat.name, "score": b.total, "winner": b.total == best}
               for seat, (_, b) in zip(table.seats, scored)]
    if table.solo:
        players.append({"id": None, "name": MAX_NAME, "score": scored[-1][1].total,
                        "winner": scored[-1][1].total == best})
    sheet_key = record_key(table.sheet)
    detail = {
        "sheet": sheet_key,
        # A home-made sheet's name, which its key does not say (History shows it in the key's place).
        **({"sheet_name": table.sheet.name} if sheet_key not in SHEET_NAMES else {}),
        "summit": table.sheet.summit,
        # Which reading of joining Fixed Lines the Ascent was played under: the same sheet scores differently.
        "merge_lines": table.ruleset.merge_lines,
        "rounds": max(s.turn for s in table.states),
        "complete": table.complete,
        # The setup's own value: Free Solo is read from the record itself, so a guest named Max at a table of
        # two is never taken for the automated opponent when the record travels without its session.
        "solo": "max" if table.solo else None,
        "scores": [_record_score(name, b, table.sheet.summit) for name, b in scored],
    }
    return {"game": "trek12", "title": table.sheet.name, "players": players, "detail": detail}


def _record_score(name: str, b: ScoreBreakdown, summit: int | None) -> dict[str, Any]:
    """One sheet's score as History keeps it: the command line's breakdown, with the summit reached, and for
    Max the points his orphans earn him (+3 each, his Special Bonus) after his penalty, so that the parts
    History lists add up to his total."""
    doc = dict(name=name, summit_reached=summit is not None and b.total >= summit, **b.to_dict())
    if not b.max_rules:
        return doc
    parts = list(doc.items())
    at = [key for key, _ in parts].index("penalty") + 1
    parts.insert(at, ("orphan_bonus", ORPHAN_POINTS * b.orphans))
    return dict(parts)


def _describe(table: Table, action: Any) -> str:
    if not isinstance(action, dict):
        return UNRECOGNISED
    several = len(table.seats) > 1
    if "cash" in action:
        if set(action) - {"cash", "player"} or not isinstance(action["cash"], list):
            return UNRECOGNISED
        cards = [Assist.parse(card) for card in action["cash"]]
        # The seat `_cash` applies it to (an old game's default seat may hold no card).
        seat = _undecided(table, holding=False) if action.get("player") is None else _seat_of(table, action["player"])
        name = table.seats[seat].name if seat is not None and several else None
        if not cards:
            if name is None:
                return msg("End of the Ascent: kept every Assist card (none cashed)")
            return msg("End of the Ascent, {name}: kept every Assist card (none cashed)", name=name)
        listed = _and([_the(card) for card in cards])
        if name is None:
            return msg("End of the Ascent: cashed {cards} (+{points})", cards=listed, points=3 * len(cards))
        return msg("End of the Ascent, {name}: cashed {cards} (+{points})", name=name, cards=listed,
                   points=3 * len(cards))
    seat = _seat_of(table, action.get("player"))
    body = {k: v for k, v in action.items() if k != "player"}
    words = turn_words(table.sheet, body, solo=table.solo)
    if several:
        # i18n: an entry: the round, the player, then the turn in words
        return msg("Round {round}, {name}: {turn}", round=table.round, name=table.seats[seat].name, turn=words)
    # i18n: an entry: the round, then the turn in words
    return msg("Round {round}: {turn}", round=table.round, turn=words)


def _how(roll: Roll, op: str) -> str:
    red, yellow = roll.red, roll.yellow
    high, low = max(red, yellow), min(red, yellow)
    if op == "lower":
        return msg("the lower of {red} and {yellow}", red=red, yellow=yellow)
    if op == "higher":
        return msg("the higher of {red} and {yellow}", red=red, yellow=yellow)
    if op == "difference":
        return f"{high}{MINUS}{low}"
    if op == "sum":
        return f"{red}+{yellow}"
    return f"{red}×{yellow}"


def linked_words(ids: tuple[Any, ...]) -> Message:
    """The circles a new number is linked to, as an entry says them: "linked to circle 3"."""
    # i18n: the circles a new number is linked to: "linked to circle 3", "linked to circles 3 and 5"
    return msgn("linked to circle {circles}", "linked to circles {circles}", len(ids),
                circles=_and([str(c) for c in ids]))


def _then(words: str, more: str) -> Message:
    # i18n: a turn in words, then one more thing about it: "4 (5−1) in circle 3, linked to circle 2"
    return msg("{words}, {more}", words=words, more=more)


def _the(card: Assist) -> Message:
    # i18n: an Assist card in a list: "the Compass"
    return msg("the {card}", card=CARD_WORDS[card])


def _and(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' (as `words.and_list`), each joint a message, so a list of cards or circles
    reads in the player's language too."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]          # as it is: joined into a new string, a message would lose its translation
    head: str = items[0]
    for item in items[1:-1]:
        # i18n: a list being written: "the Compass, the Tent"
        head = msg("{items}, {item}", items=head, item=item)
    # i18n: the last of a list: "the Compass and the Tent", "3, 5 and 8"
    return msg("{items} and {last}", items=head, last=items[-1])


def _whose(name: str, reason: str) -> Message:
    # i18n: a player's name and why their turn is not allowed: "Ann, circle 3 is already filled"
    return msg("{name}, {reason}", name=name, reason=reason)


def _reason(exc: Exception) -> str:
    """What an exception says, as the Message it was raised with when it was (its words stay translatable)."""
    said = exc.args[0] if len(exc.args) == 1 else None
    return said if isinstance(said, Message) else str(exc)


def _parse_players(raw: Any) -> tuple[tuple[Seat, ...], list[tuple[str, ...] | None]]:
    if raw is None:
        return (Seat(None, "Player 1"),), [None]
    if not isinstance(raw, list) or not raw:
        raise InvalidInput("'players' must be a non-empty list of players ({\"id\", \"name\"} or names)")
    seats, cards = [], []
    for n, item in enumerate(raw, 1):
        if isinstance(item, str):
            item = {"id": None, "name": item}
        if not isinstance(item, dict):
            raise InvalidInput(f"player {n} must be an object with \"id\" and \"name\", or a name")
        for key in item:
            if key not in ("id", "name", "assists"):
                raise InvalidInput(f"player {n}: unknown field {quote(key)}; known: id, name, assists")
        pid = item.get("id")
        if pid is not None and not isinstance(pid, str):
            raise InvalidInput(f"player {n}: 'id' must be a string or null, not {quote(pid)}")
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InvalidInput(f"player {n}: 'name' must be a non-empty string")
        seats.append(Seat(pid, name.strip()))
        cards.append(parse_cards(item.get("assists"), f"player {n} assists"))
    return tuple(seats), cards


def _seat_of(table: Table, raw: Any) -> int:
    if raw is None:
        return table.played.index(False)
    if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < len(table.seats):
        return raw
    raise InvalidInput(f"'player' must be a seat number 0 to {len(table.seats) - 1}, not {quote(raw)}")


def setup_options(setup: dict[str, Any]) -> list[dict[str, Any]]:
    """What of a game's setup can be corrected once turns are written: the reading of joining Fixed Lines
    (the rulebook's, or merging lines as the designer's FAQ allows). Each option is {"label", "choices":
    [{"label", "setup", "current"}]}; the sheet and the players are the game itself, not corrected here."""
    merge = bool((setup.get("ruleset") or {}).get("merge_lines", False))
    choices = []
    for value, label in ((False, msg("The rulebook's reading")), (True, msg("Merge Fixed Lines (designer's FAQ)"))):
        changed = {**setup, "ruleset": {"merge_lines": True}} if value else \
            {k: v for k, v in setup.items() if k != "ruleset"}
        choices.append({"label": label, "setup": changed, "current": value == merge})
    return [{"label": msg("Joining Fixed Lines"), "choices": choices}]
