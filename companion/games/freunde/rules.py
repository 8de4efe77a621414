"""Freunde's rules as pure functions over frozen states (shared/rules/freunde.txt; open questions in
docs/rulings.md, Freunde section).

A turn runs: every player with a living climber plays three cards (PLAY); the highest movement total takes
a risk token, a tie means nobody, solo always takes one (RISK); players act in turn order from the start
player, giving cards to their climbers to move, pitch a tent or acclimatize, and paying any risk penalty
(ACTIONS); then the acclimatization check runs for every living climber, the start player passes left and
hands refill. The game ends after turn 18, or at once in solo when a climber dies (OVER).

Chance is typed in: the weather of each day as it is revealed (SetWeather), optionally the cards drawn
(Draw) and the risk tokens turned face up. Without them the engine still checks every play against the
cards left since the last reshuffle.
"""

from __future__ import annotations

import heapq
import itertools
from collections import Counter
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, ClassVar, Iterable, Sequence, TypeAlias, Union

from companion.errors import DataError, IllegalAction, InvalidInput
from companion.games.freunde.data import (
    ZONES, Board, Card, CardKind, DeckData, GameData, SpaceId, StackingTable, Zone, board_from_doc,
    load_board, load_data, no_space, parse_card,
)
from companion.games.words import comma_list
from companion.i18n.message import Message, N_, msg, msgn
from companion.inputs import quote, text_problem

__all__ = [
    "TURNS", "RULESET", "PRINTED_RULES", "EARLIER_RULES", "RULESETS", "TILE_DAYS", "START_ACCLIMATIZATION", "MAX_ACCLIMATIZATION", "CLIMBERS", "MAX_PLAYERS",
    "PlayerIndex", "ClimberLabel", "Phase", "ActionType", "Weather", "Setup", "Climber", "Hand", "TurnPlay",
    "Player", "ClimberCheck", "TurnRecord", "State", "Route", "ForecastDay",
    "SetWeather", "Draw", "PlayCards", "TakeRisk", "ClimberAction", "PayRisk", "EndActions", "SwitchRules",
    "Action",
    "new_game", "apply", "legal_actions", "why_illegal", "setup_from_doc", "weather_from_doc",
    "action_from_doc", "action_to_doc", "weather_to_doc", "cards_from_doc",
    "entry_cost", "tent_cost", "movement_points", "can_pay", "stacking_limit", "occupants", "destinations", "route_to",
    "movement_totals", "risk_owed", "risk_eligible", "risk_card_points", "risk_uncovered", "team_tent",
    "printed_rules", "space_words", "can_bear_risk",
    "accl_after_cards", "why_no_switch", "check_preview", "forecast", "today_weather", "weather_in_force",
    "active_players", "turn_order", "waiting_for", "hand_cards", "cards_left_to_give", "player_index",
    "climber_name", "WEATHER_WORDS", "weather_name", "ZONE_WORDS", "zone_words",
]

TURNS = 18                      # six weather tiles of three days ('End of Turn', 18 turns)
TILE_DAYS = 3
START_ACCLIMATIZATION = 1       # see docs/rulings.md: every climber starts on 1
MAX_ACCLIMATIZATION = 6         # 'If acclimatization exceeds 6, it is reduced back to 6' (end of the check)
CLIMBERS: tuple[str, str] = ("A", "B")   # the smooth and the squiggly climber of each player
MAX_PLAYERS = 5
# The rulings a game is played under (docs/rulings.md, "Rulesets"): the printed rulebook's, and the
# companion's earlier readings of four rules, kept so that games saved under them replay as they were played.
PRINTED_RULES = "rulebook-2010"
EARLIER_RULES = "companion-2025"
RULESETS = (PRINTED_RULES, EARLIER_RULES)
RULESET = PRINTED_RULES          # what a new setup is marked with

PlayerIndex: TypeAlias = int
ClimberLabel: TypeAlias = str


class Phase(str, Enum):
    """Where a turn stands: card selection, the risk token, the action phase, or the game is over."""

    PLAY = "play"
    RISK = "risk"
    ACTIONS = "actions"
    OVER = "over"


class ActionType(str, Enum):
    """The kinds of action a game is made of, as written in action documents ("type")."""

    WEATHER = "weather"
    DRAW = "draw"
    PLAY = "play"
    RISK = "risk"
    CLIMBER = "climber"
    PAY_RISK = "pay_risk"
    DONE = "done"
    RULES = "rules"


@dataclass(frozen=True)
class Weather:
    """One day's weather: acclimatization lost and movement surcharge in the zones it covers."""

    accl: int = 0
    move: int = 0
    zones: frozenset[Zone] = frozenset()
    label: str = "sun"

    def accl_loss(self, zone: Zone) -> int:
        """Acclimatization lost at the check by a climber in this zone ('if in the affected zone')."""
        return self.accl if zone in self.zones else 0

    def surcharge(self, zone: Zone) -> int:
        """Extra movement points to enter (or pitch a tent on) a space in this zone."""
        return self.move if zone in self.zones else 0

    @property
    def calm(self) -> bool:
        """True for a day without any effect."""
        return not (self.zones and (self.accl or self.move))


# The weather symbols by their stored label, in words a person reads (lower case, inside a sentence); a label
# typed into a game file is shown as it is.
WEATHER_WORDS: dict[str, Message] = {
    # i18n: a weather tile's symbol, lower case inside a sentence ("Day 5's weather: snow (...)")
    "sun": msg("sun"), "cloud": msg("cloud"), "snow": msg("snow"), "storm": msg("storm"), "wind": msg("wind"),
}
# The altitude zones as printed beside the stacking diagrams (data/freunde/stacking.json), for the catalogs.
# i18n: an altitude zone as printed beside the board's stacking diagrams
ZONE_WORDS = (N_("5000-6000 m"), N_("6000-7000 m"), N_("7000-8000 m"), N_("8000 m and above"))


def weather_name(label: str) -> str:
    """A day's weather label in words: a known symbol's name (translatable), any other label as typed."""
    return WEATHER_WORDS.get(label, label)


def zone_words(label: str) -> str:
    """A zone's printed label (stacking.json) in words: translatable when it is one of the shipped labels."""
    return Message(label) if label in ZONE_WORDS else label


@dataclass(frozen=True)
class Setup:
    """Who plays, the board side, the weather season, and the optional rules agreed at the start."""

    players: tuple[str, ...]
    player_ids: tuple[str | None, ...]
    board: Board
    season: str                                  # "summer" or "winter" weather tiles
    extra_high_climber: bool = False             # 5 players: +1 climber per space above 7000 m
    start_player: PlayerIndex = 0
    risk_face_up: tuple[int, ...] | None = None  # the three face-up tokens, when entered
    weather: tuple[Weather | None, ...] = ()     # days already known at the start
    ruleset: str = PRINTED_RULES                 # the rulings the game starts under (RULESETS)

    @property
    def solo(self) -> bool:
        """True for the solo game (one player)."""
        return len(self.players) == 1


@dataclass(frozen=True)
class Climber:
    """One climber: where it stands, its acclimatization, tent, best victory points, alive or dead."""

    label: ClimberLabel
    space: SpaceId | None
    acclimatization: int
    alive: bool = True
    best_vp: int = 1
    tent: SpaceId | None = None
    summit_at: tuple[int, int] | None = None     # (turn, action number) when it first reached the summit
    died_turn: int | None = None
    died_space: SpaceId | None = None


@dataclass(frozen=True)
class Hand:
    """A player's cards: those not played since the last reshuffle, and what is known of the hand."""

    unplayed: tuple[Card, ...]                   # deck plus hand
    known: tuple[Card, ...] = ()                 # hand cards entered with Draw
    unknown: int = 0                             # hand cards not entered

    @property
    def size(self) -> int:
        """Cards in hand."""
        return len(self.known) + self.unknown

    @property
    def deck_size(self) -> int:
        """Cards left in the draw pile."""
        return len(self.unplayed) - self.size


@dataclass(frozen=True)
class TurnPlay:
    """A player's part of the current turn: cards played, given out, climbers acted, risk owed and paid."""

    played: tuple[Card, ...] = ()
    has_played: bool = False
    used: tuple[Card, ...] = ()
    acted: frozenset[ClimberLabel] = frozenset()
    used_card: frozenset[ClimberLabel] = frozenset()
    bearers: frozenset[ClimberLabel] = frozenset()   # moved, or got acclimatization points from cards
    risk: int | None = None
    risk_paid: int = 0
    done: bool = False


@dataclass(frozen=True)
class Player:
    """A player: name, roster id, two climbers, cards and this turn's play."""

    name: str
    id: str | None
    climbers: tuple[Climber, Climber]
    hand: Hand
    turn: TurnPlay = TurnPlay()
    risk_tokens: tuple[int, ...] = ()

    @property
    def active(self) -> bool:
        """True while at least one climber lives (a player without one plays no cards)."""
        return any(c.alive for c in self.climbers)

    def climber(self, label: ClimberLabel) -> Climber:
        """The climber with this label."""
        for climber in self.climbers:
            if climber.label == label:
                return climber
        raise InvalidInput(f"a climber is {' or '.join(CLIMBERS)}, not {quote(label)}")


@dataclass(frozen=True)
class ClimberCheck:
    """The acclimatization check of one climber: each term and the result ('Acclimatization Check')."""

    player: PlayerIndex
    climber: ClimberLabel
    space: SpaceId
    zone: Zone
    before: int
    space_mod: int
    tent: int
    weather: int
    after: int
    died: bool

    @property
    def raw(self) -> int:
        """The total before the cap of 6, which comes last (rulebook p.8: 'at the end of this phase')."""
        return self.before + self.space_mod + self.tent + self.weather


@dataclass(frozen=True)
class TurnRecord:
    """What a finished turn did: weather, movement totals, the risk token and every check."""

    turn: int
    weather: Weather
    movement: tuple[int, ...]
    risk_taker: PlayerIndex | None
    risk_value: int | None
    checks: tuple[ClimberCheck, ...]
    positions: tuple[tuple[Climber, Climber], ...]   # every climber after the check


@dataclass(frozen=True)
class State:
    """The whole game at one moment; `apply` returns a new State and never changes this one."""

    setup: Setup
    stacking: StackingTable
    deck: DeckData
    turn: int
    phase: Phase
    start_player: PlayerIndex
    players: tuple[Player, ...]
    weather: tuple[Weather | None, ...]
    risk_supply: tuple[tuple[int, int], ...]          # (value, tokens not yet taken, face up included)
    risk_face_up: tuple[int, ...] | None
    risk_taker: PlayerIndex | None = None
    movement: tuple[int, ...] = ()
    acting: PlayerIndex | None = None
    weather_locked: bool = False                       # today's weather is in use by the action phase
    seq: int = 0
    log: tuple[TurnRecord, ...] = ()
    ended_early: bool = False                          # over before turn 18 (solo death, or nobody alive)
    rules: str = PRINTED_RULES                         # the rulings in force: the setup's, until switched

    @property
    def board(self) -> Board:
        """The board side in play."""
        return self.setup.board

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.phase is Phase.OVER


# --- actions ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SetWeather:
    """Enter a day's weather as its tile is revealed (today's only before anyone acts); `later` holds the
    days after it, so a whole tile of three days is entered (and undone) as one action."""

    type: ClassVar[ActionType] = ActionType.WEATHER
    day: int
    weather: Weather
    later: tuple[Weather, ...] = ()


@dataclass(frozen=True)
class Draw:
    """Record cards a player drew (optional hand tracking)."""

    type: ClassVar[ActionType] = ActionType.DRAW
    player: PlayerIndex
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class PlayCards:
    """A player's three cards for the turn, revealed together ('Card Selection')."""

    type: ClassVar[ActionType] = ActionType.PLAY
    player: PlayerIndex
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class TakeRisk:
    """The risk taker's token (value), and the token turned face up to replace it when tracked."""

    type: ClassVar[ActionType] = ActionType.RISK
    value: int
    revealed: int | None = None


@dataclass(frozen=True)
class ClimberAction:
    """Give cards to one climber: its move (path of spaces entered), tent, and risk penalty taken."""

    type: ClassVar[ActionType] = ActionType.CLIMBER
    player: PlayerIndex
    climber: ClimberLabel
    cards: tuple[Card, ...]
    path: tuple[SpaceId, ...] = ()
    tent: bool = False
    risk_move: int = 0          # risk points taken off this climber's movement points
    risk_accl: int = 0          # risk points taken off its acclimatization card points / acclimatization


@dataclass(frozen=True)
class PayRisk:
    """Take risk points off the acclimatization of a climber that moved or got acclimatization points from
    cards this turn (rulebook p.7)."""

    type: ClassVar[ActionType] = ActionType.PAY_RISK
    player: PlayerIndex
    climber: ClimberLabel
    amount: int


@dataclass(frozen=True)
class SwitchRules:
    """Play the rest of a game started under the earlier readings by the printed rules, from this turn on."""

    type: ClassVar[ActionType] = ActionType.RULES
    rules: str = PRINTED_RULES


@dataclass(frozen=True)
class EndActions:
    """The acting player has finished; the next player acts, or the acclimatization check runs."""

    type: ClassVar[ActionType] = ActionType.DONE
    player: PlayerIndex


Action: TypeAlias = Union[SetWeather, Draw, PlayCards, TakeRisk, ClimberAction, PayRisk, EndActions, SwitchRules]


@dataclass(frozen=True)
class Route:
    """A way for a climber to reach a space: path, movement cost, and whether it may stop there."""

    path: tuple[SpaceId, ...]
    cost: int                  # movement points the path needs, weather surcharge included
    downhill: int              # of which for steps down the mountain (a rope's down value may pay these)
    stop: bool = True
    reason: str | None = None  # why the climber may not end its move there


@dataclass(frozen=True)
class ForecastDay:
    """One day of the forecast strip: its weather when entered, and whether it is today."""

    day: int
    weather: Weather | None
    today: bool


# --- setup -----------------------------------------------------------------------------------------------

def new_game(setup: Setup, data: GameData | None = None) -> State:
    """The state before turn 1: both climbers of every player at base camp on acclimatization 1."""
    data = data or load_data()
    count = len(setup.players)
    if not 1 <= count <= MAX_PLAYERS:
        raise InvalidInput(msg("Freunde is for 1 to {most} players, not {count}", most=MAX_PLAYERS, count=count))
    players = tuple(
        Player(
            name=name, id=pid,
            climbers=tuple(Climber(label, setup.board.base_camp, START_ACCLIMATIZATION,
                                   best_vp=setup.board.space(setup.board.base_camp).vp)
                           for label in CLIMBERS),  # type: ignore[arg-type]
            hand=Hand(unplayed=data.deck.cards, unknown=data.deck.hand_size),
        )
        for name, pid in zip(setup.players, setup.player_ids)
    )
    weather = list(setup.weather) + [None] * (TURNS - len(setup.weather))
    supply = tuple(data.risk.counts.items())
    if setup.risk_face_up is not None:
        if len(setup.risk_face_up) != data.risk.face_up or _take(
                _expand(supply), setup.risk_face_up) is None:
            raise InvalidInput(f"risk_face_up: {data.risk.face_up} tokens from the supply "
                               f"({_supply_text(supply)}), not {list(setup.risk_face_up)}")
    return State(
        setup=setup, stacking=data.stacking, deck=data.deck, turn=1, phase=Phase.PLAY,
        start_player=setup.start_player, players=players, weather=tuple(weather),
        risk_supply=supply, risk_face_up=setup.risk_face_up, rules=setup.ruleset,
    )


def setup_from_doc(doc: Any, data: GameData | None = None, *, default_rules: str = PRINTED_RULES) -> Setup:
    """Check a setup document (players, board, weather_season ...) and build the Setup; a setup without
    "rules" is played under `default_rules` (docs/rulings.md, "Rulesets")."""
    data = data or load_data()
    if not isinstance(doc, dict):
        raise InvalidInput("setup: must be an object with players, board and weather_season")
    known = {"players", "board", "weather_season", "extra_high_climber", "start_player", "risk_face_up",
             "weather", "rules"}
    unknown = sorted(set(doc) - known)
    if unknown:
        raise InvalidInput(f"setup.{unknown[0]}: unknown field (known: {', '.join(sorted(known))})")
    raw_players = doc.get("players")
    if not isinstance(raw_players, list) or not 1 <= len(raw_players) <= MAX_PLAYERS:
        raise InvalidInput(f"setup.players: a list of 1 to {MAX_PLAYERS} players, not {quote(raw_players)}")
    names: list[str] = []
    ids: list[str | None] = []
    for index, entry in enumerate(raw_players):
        where = f"setup.players[{index}]"
        if isinstance(entry, dict):
            extra = sorted(set(entry) - {"id", "name"})
            if extra:
                raise InvalidInput(f"{where}.{extra[0]}: unknown field (known: id, name)")
            name, pid = entry.get("name"), entry.get("id")
            if pid is not None and (not isinstance(pid, str) or not pid):
                raise InvalidInput(f"{where}.id: a player id is a non-empty string or null")
        else:
            name, pid = entry, None
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > 40:
            raise InvalidInput(msg("{where}: a player's name is 1 to 40 characters, not {name}", where=where,
                                   name=quote(name)))
        name = name.strip()
        problem = text_problem(name, max_len=40, what=f"the name {quote(name)}")
        if problem:
            raise InvalidInput(f"{where}: {problem}")
        if name.casefold() in (n.casefold() for n in names):
            raise InvalidInput(msg("{where}: the name {name} is used twice; names must differ", where=where,
                                   name=quote(name)))
        names.append(name)
        ids.append(pid)
    raw_board = doc.get("board", "summer")
    if isinstance(raw_board, str):
        board = load_board(raw_board)
    elif isinstance(raw_board, dict):
        try:
            board = board_from_doc(raw_board, "setup.board", data.stacking)
        except DataError as exc:            # an edited board in a setup is the user's input, not our data
            raise InvalidInput(*exc.args) from None
    else:
        raise InvalidInput(f"setup.board: 'summer', 'winter' or an edited board object, not {quote(raw_board)}")
    season = doc.get("weather_season", "summer")
    if season not in ("summer", "winter"):
        raise InvalidInput(f"setup.weather_season: 'summer' or 'winter', not {quote(season)}")
    extra = doc.get("extra_high_climber", False)
    if not isinstance(extra, bool):
        raise InvalidInput(f"setup.extra_high_climber: true or false, not {quote(extra)}")
    if extra and len(names) != data.stacking.extra_players:
        raise InvalidInput(f"setup.extra_high_climber: the extra climber above 7000 m is a "
                           f"{data.stacking.extra_players}-player option, not for {len(names)}")
    start = doc.get("start_player", 0)
    start_index = _player_ref(start, names, "setup.start_player")
    face_up = doc.get("risk_face_up")
    if face_up is not None:
        if not isinstance(face_up, list) or not all(_is_int(v) for v in face_up):
            raise InvalidInput(f"setup.risk_face_up: a list of the face-up token values, not {quote(face_up)}")
        face_up = tuple(sorted(face_up))
    raw_weather = doc.get("weather", [])
    if not isinstance(raw_weather, list) or len(raw_weather) > TURNS:
        raise InvalidInput(f"weather: a list of at most {TURNS} days, one entry per day from day 1")
    weather = tuple(weather_from_doc(day, f"weather[{i}] (day {i + 1})", data)
                    for i, day in enumerate(raw_weather))
    ruleset = doc.get("rules", default_rules)
    if ruleset not in RULESETS:
        raise InvalidInput(f"setup.rules: {quote(PRINTED_RULES)} (the printed rulebook) or {quote(EARLIER_RULES)} (the "
                           f"companion's earlier readings), not {quote(ruleset)}")
    return Setup(players=tuple(names), player_ids=tuple(ids), board=board, season=season,
                 extra_high_climber=extra, start_player=start_index, risk_face_up=face_up,
                 weather=weather, ruleset=ruleset)


def weather_from_doc(doc: Any, where: str = "weather", data: GameData | None = None) -> Weather:
    """A day's weather from 'sun', {"accl", "move", "zones"} or a preset {"tile", "day"} with overrides."""
    if isinstance(doc, str):
        if doc.strip().lower() in ("sun", "clear", "none"):
            return Weather()
        raise InvalidInput(f"{where}: 'sun' or an object such as {{\"accl\": 1, \"zones\": [7000, 8000]}}, "
                           f"not {quote(doc)}")
    if not isinstance(doc, dict):
        raise InvalidInput(f"{where}: 'sun' or a weather object, not {quote(doc)}")
    known = {"accl", "move", "zones", "label", "tile", "day"}
    unknown = sorted(set(doc) - known)
    if unknown:
        raise InvalidInput(f"{where}.{unknown[0]}: unknown field (known: {', '.join(sorted(known))})")
    accl, move, zones, label = 0, 0, None, None
    if "tile" in doc or "day" in doc:
        preset = (data or load_data()).weather.day(doc.get("tile"), doc.get("day"))
        accl, move, zones, label = preset.accl, preset.move, preset.zones, preset.symbol
    if "accl" in doc:
        accl = doc["accl"]
    if "move" in doc:
        move = doc["move"]
    if "zones" in doc:
        zones = doc["zones"]
        if not isinstance(zones, list) or not all(z in ZONES and _is_int(z) for z in zones):
            raise InvalidInput(f"{where}.zones: a list of the zones it covers, from "
                               f"{', '.join(map(str, ZONES))}, not {quote(zones)}")
        zones = frozenset(zones)
    for name, value in (("accl", accl), ("move", move)):
        if not _is_int(value) or not 0 <= value <= 6:
            raise InvalidInput(f"{where}.{name}: a whole number from 0 to 6, not {quote(value)}")
    if (accl or move) and zones is not None and not zones:
        raise InvalidInput(f"{where}.zones: a day that costs acclimatization or movement covers at least one "
                           f"zone ({', '.join(map(str, ZONES))}); 'sun' is the day without effect")
    if zones is None:
        if accl or move:
            raise InvalidInput(f"{where}.zones: the preset's altitude band could not be read; "
                               "give the zones it covers")
        zones = frozenset()
    if "label" in doc:
        label = doc["label"]
        if not isinstance(label, str) or len(label) > 40:
            raise InvalidInput(f"{where}.label: a short name such as 'snow', not {quote(label)}")
    if label is None:
        label = "sun" if not (accl or move) else "storm"
    return Weather(accl=accl, move=move, zones=frozenset(zones) if (accl or move) else frozenset(),
                   label=label)


def weather_to_doc(weather: Weather) -> dict[str, Any]:
    """A day's weather as a JSON document (the shape weather_from_doc reads)."""
    return {"label": weather.label, "accl": weather.accl, "move": weather.move,
            "zones": sorted(weather.zones)}


# --- queries for screens -------------------------------------------------------------------------------------

def weather_in_force(state: State) -> Weather | None:
    """Today's weather where it still costs a move something (its surcharge on the board's entry costs): None
    before it is entered, and once the game is over, when nobody moves any more."""
    return None if state.over else today_weather(state)


def today_weather(state: State) -> Weather | None:
    """Today's weather, or None while it has not been entered."""
    return state.weather[state.turn - 1] if state.turn <= TURNS else None


def forecast(state: State) -> tuple[ForecastDay, ...]:
    """Today and the days ahead on the two tiles in view ('Weather': two tiles side by side)."""
    if state.over:
        return ()
    tile = (state.turn - 1) // TILE_DAYS
    last = min(TURNS, TILE_DAYS * (tile + 2))
    return tuple(ForecastDay(day, state.weather[day - 1], day == state.turn)
                 for day in range(state.turn, last + 1))


def entry_cost(state: State, space: SpaceId) -> int:
    """Movement points to enter a space: its gold number plus today's surcharge in an affected zone."""
    target = state.board.space(space)
    weather = today_weather(state) or Weather()
    return target.cost + weather.surcharge(target.zone)


def tent_cost(state: State, space: SpaceId) -> int:
    """Movement points to pitch a tent on a space: its entry cost again ('Tents')."""
    return entry_cost(state, space)


def stacking_limit(state: State, space: SpaceId) -> int | None:
    """Climbers a space may hold at the end of a move; None for base camp (no limit)."""
    if space == state.board.base_camp:
        return None
    zone = state.board.space(space).zone
    return state.stacking.limit(zone, len(state.players), state.setup.extra_high_climber)


def occupants(state: State, space: SpaceId) -> tuple[tuple[PlayerIndex, ClimberLabel], ...]:
    """The living climbers standing on a space."""
    return tuple((i, c.label) for i, p in enumerate(state.players) for c in p.climbers
                 if c.alive and c.space == space)


def active_players(state: State) -> tuple[PlayerIndex, ...]:
    """Players with at least one living climber, in seat order."""
    return tuple(i for i, p in enumerate(state.players) if p.active)


def turn_order(state: State) -> tuple[PlayerIndex, ...]:
    """This turn's order: the start player, then to the left ('End of Turn': the marker passes left)."""
    count = len(state.players)
    return tuple((state.start_player + k) % count for k in range(count))


def movement_totals(state: State) -> tuple[int, ...]:
    """Each player's movement total this turn: move cards plus ropes' up values ('Risk Tokens')."""
    return tuple(sum(c.risk_points for c in p.turn.played) for p in state.players)


def risk_owed(state: State, player: PlayerIndex) -> int:
    """Risk points the player still has to pay this turn."""
    turn = state.players[player].turn
    return 0 if turn.risk is None else turn.risk - turn.risk_paid


def risk_eligible(state: State, player: PlayerIndex) -> tuple[ClimberLabel, ...]:
    """Climbers that may bear the risk penalty: alive, and moved or got acclimatization points from cards
    this turn (rulebook p.7: a climber that did neither cannot suffer the risk token); under the earlier
    readings, given any card this turn."""
    p = state.players[player]
    bearers = p.turn.bearers if printed_rules(state) else p.turn.used_card
    return tuple(c.label for c in p.climbers if c.alive and c.label in bearers)


def bore_words(state: State) -> str:
    """Who may bear the risk penalty, in words, under the ruleset in force."""
    if printed_rules(state):
        return msg("moved or got acclimatization points from cards this turn (rulebook p.7)")
    return msg("used a card this turn")


def why_not_done(state: State, player: PlayerIndex) -> str | None:
    """Why `player` may not end the action phase now (risk points still owed that one of its climbers
    could bear), or None when it may."""
    p = state.players[player]
    uncovered = risk_uncovered(state, player)
    if not (uncovered and risk_eligible(state, player)):
        return None
    if printed_rules(state):
        return msg("{name} took a risk token of {risk} and still owes {owed}, {uncovered} more than the unused "
                   "cards hold: take it off the acclimatization of a climber that moved or got acclimatization "
                   "points from cards this turn (rulebook p.7)", name=p.name, risk=p.turn.risk,
                   owed=risk_owed(state, player), uncovered=uncovered)
    return msg("{name} took a risk token of {risk} and still owes {owed}: take it off the acclimatization of a "
               "climber that used a card this turn", name=p.name, risk=p.turn.risk, owed=risk_owed(state, player))


def space_words(board: Board, space: SpaceId) -> Message | SpaceId:
    """A space as the players say it: "base camp" and "the summit" in words, any other by its printed id
    ("S5"); for reasons and for the screens."""
    if space == board.base_camp:
        # i18n: the board's base camp, in a reason ("cannot step from base camp to S2")
        return msg("base camp")
    if space == board.summit:
        # i18n: the board's summit, in a reason ("the summit already holds 1")
        return msg("the summit")
    return space


def printed_rules(state: State) -> bool:
    """True while the printed rulebook's rulings are in force; False under the earlier readings."""
    return state.rules == PRINTED_RULES


def can_bear_risk(state: State, cards: Sequence[Card], moves: bool) -> bool:
    """Whether a climber given these cards (and moving, or not) can lose acclimatization to the risk token:
    it moves or gets acclimatization points (rulebook p.7); under the earlier readings, it is given a card."""
    if not printed_rules(state):
        return bool(cards)
    return moves or any(c.value for c in cards if c.kind is CardKind.ACCLIMATIZATION)


def accl_after_cards(state: State, before: int, card_points: int, risk: int) -> int:
    """A climber's acclimatization right after its action: the cap of 6 waits for the check (rulebook p.8);
    under the earlier readings the marker stopped at 6 at once."""
    after = before + card_points - risk
    return after if printed_rules(state) else min(MAX_ACCLIMATIZATION, after)


def why_no_switch(state: State, ruleset: str = PRINTED_RULES) -> str | None:
    """Why a game cannot switch to the printed rules now, or None: only a game under the earlier readings,
    and only between turns (before anyone plays cards), so that every turn is scored by one ruleset."""
    if ruleset != PRINTED_RULES:
        return msg("rules: a game can switch only to {printed} (the printed rulebook), not {ruleset}",
                   printed=quote(PRINTED_RULES), ruleset=quote(ruleset))
    if state.rules == PRINTED_RULES:
        return msg("this game already follows the printed rules")
    if state.over:
        return msg("the game is over; its turns stay as they were played")
    if state.phase is not Phase.PLAY or any(p.turn.has_played for p in state.players):
        return msg("turn {turn} is under way: switch to the printed rules at the start of a turn, before anyone "
                   "plays cards", turn=state.turn)
    return None


def risk_card_points(state: State, player: PlayerIndex) -> int:
    """Risk points the played cards no climber was given can still absorb: a movement card's points (a
    rope's larger value), an acclimatization card's points (rulebook p.7: off any played card); none under
    the earlier readings, where only climbers bore the penalty."""
    if not printed_rules(state):
        return 0
    return sum(max(c.value, c.down) if c.kind is CardKind.ROPE else c.value
               for c in cards_left_to_give(state, player))


def risk_uncovered(state: State, player: PlayerIndex) -> int:
    """Risk points still owed beyond what the unused played cards absorb when the player ends."""
    return max(0, risk_owed(state, player) - risk_card_points(state, player))


def team_tent(state: State, player: PlayerIndex, space: SpaceId) -> bool:
    """True when one of the player's tents stands on the space, a dead climber's included ('A tent of
    the player's color adds +1'; rulebook p.8: not necessarily the same marking)."""
    return any(c.tent == space for c in state.players[player].climbers)


def cards_left_to_give(state: State, player: PlayerIndex) -> tuple[Card, ...]:
    """The player's played cards not yet given to a climber this turn."""
    turn = state.players[player].turn
    return _take(turn.played, turn.used) or ()


def hand_cards(state: State, player: PlayerIndex) -> tuple[Card, ...] | None:
    """The player's hand when it is known (entered draws, or forced by the cards left); else None."""
    hand = state.players[player].hand
    if hand.unknown == 0:
        return hand.known
    if hand.size == len(hand.unplayed):        # the draw pile is empty: the hand is what is left
        return hand.unplayed
    return None


def climber_name(state: State, player: PlayerIndex, label: ClimberLabel) -> str:
    """How messages name a climber: "Ann's climber A"."""
    # i18n: a climber named in a sentence: "Ann's climber A" (A and B are the player's two climbers)
    return msg("{player}'s climber {label}", player=state.players[player].name, label=label)


def player_index(state: State, ref: Any, where: str = "player") -> PlayerIndex:
    """A player given by name (any case) or seat number, as an index; InvalidInput otherwise."""
    return _player_ref(ref, [p.name for p in state.players], where)


def waiting_for(state: State) -> tuple[ActionType, tuple[PlayerIndex, ...]]:
    """What the game needs next and from whom: today's weather, cards, a risk token, or a player's actions."""
    if state.over:
        return ActionType.DONE, ()
    if state.phase is Phase.PLAY:
        return ActionType.PLAY, tuple(i for i in active_players(state)
                                      if not state.players[i].turn.has_played)
    if state.phase is Phase.RISK:
        return ActionType.RISK, (state.risk_taker,)  # type: ignore[return-value]
    if today_weather(state) is None:
        return ActionType.WEATHER, ()
    return ActionType.CLIMBER, (state.acting,)  # type: ignore[return-value]


def movement_points(cards: Sequence[Card]) -> tuple[int, int]:
    """Points the cards give one climber: (any direction, most when every step goes down) ('Moving')."""
    budgets = _budgets([c for c in cards if c.kind is not CardKind.ACCLIMATIZATION])
    return max(g for g, _ in budgets), max(g + w for g, w in budgets)


def can_pay(cards: Sequence[Card], cost: int, downhill: int = 0, *, tent: int = 0, risk_move: int = 0) -> bool:
    """True when the cards pay a path (cost, of which downhill), a tent and risk points off movement."""
    budgets = _budgets([c for c in cards if c.kind is not CardKind.ACCLIMATIZATION])
    return _affordable(budgets, cost - downhill, downhill, tent, risk_move)


def destinations(state: State, player: PlayerIndex, label: ClimberLabel, cards: Sequence[Card], *,
                 tent: bool = False, risk_move: int = 0) -> dict[SpaceId, Route]:
    """Every space the climber can reach with these cards, its cheapest path and cost, and stop legality."""
    climber = state.players[player].climber(label)
    if not climber.alive or climber.space is None:
        return {}
    moves = [c for c in cards if c.kind is not CardKind.ACCLIMATIZATION]
    budgets = _budgets(moves)
    routes: dict[SpaceId, Route] = {}
    for space, options in _search(state, climber.space, budgets, risk_move).items():
        if space == climber.space:
            continue
        extra = tent_cost(state, space) if tent else 0
        for general, downhill, path in options:
            if _affordable(budgets, general, downhill, extra, risk_move):
                reason = _stop_problem(state, player, label, space)
                routes[space] = Route(path, general + downhill, downhill, reason is None, reason)
                break
    return routes


def route_to(state: State, player: PlayerIndex, label: ClimberLabel, cards: Sequence[Card],
             target: SpaceId, *, tent: bool = False, risk_move: int = 0) -> tuple[SpaceId, ...]:
    """The cheapest affordable path to a space; IllegalAction says why there is none."""
    state.board.space(target)
    climber = state.players[player].climber(label)
    if climber.alive and target == climber.space:
        return ()
    found = destinations(state, player, label, cards, tent=tent, risk_move=risk_move)
    if target in found:
        return found[target].path
    assert climber.space is not None
    # No affordable path: say what the cheapest path costs against what the cards give.
    cheapest = _cheapest(state, climber.space, target)
    any_way, downhill = movement_points(cards)
    given = _named(c for c in cards if c.kind is not CardKind.ACCLIMATIZATION)
    cost: str = str(cheapest)
    if tent and risk_move:
        cost = msgn("{cost} plus the tent plus {n} risk point", "{cost} plus the tent plus {n} risk points",
                    risk_move, cost=cheapest)
    elif tent:
        cost = msg("{cost} plus the tent", cost=cheapest)
    elif risk_move:
        cost = msgn("{cost} plus {n} risk point", "{cost} plus {n} risk points", risk_move, cost=cheapest)
    points: str = str(any_way)
    if downhill > any_way:
        points = msg("{points} (up to {downhill} for steps down)", points=any_way, downhill=downhill)
    raise _illegal(state, msg("{climber} cannot afford to reach {target}: the cheapest path costs {cost}, and the "
                              "movement cards ({cards}) give {points}", climber=climber_name(state, player, label),
                              target=space_words(state.board, target), cost=cost, cards=given, points=points))


def check_preview(state: State) -> tuple[ClimberCheck, ...]:
    """The acclimatization check as it would run now for every living climber (needs today's weather)."""
    weather = today_weather(state)
    if weather is None:
        raise IllegalAction(msg("turn {turn}: enter day {turn}'s weather first: the check subtracts it in the "
                                "zones it covers", turn=state.turn))
    return tuple(_check(state, i, c, weather) for i, p in enumerate(state.players)
                 for c in p.climbers if c.alive)


def why_illegal(state: State, action: Action) -> str | None:
    """The reason an action is refused now, or None when apply would accept it."""
    try:
        apply(state, action)
    except (IllegalAction, InvalidInput) as exc:
        reason = exc.args[0] if exc.args else None
        return reason if isinstance(reason, str) else str(exc)   # a Message stays one, for the screen to say
    return None


# --- apply -----------------------------------------------------------------------------------------------

def apply(state: State, action: Action) -> State:
    """The state after one action; IllegalAction names the turn and the rule when it is not allowed."""
    if isinstance(action, SetWeather):
        return _set_weather(state, action)
    if isinstance(action, SwitchRules):
        problem = why_no_switch(state, action.rules)
        if problem:
            raise IllegalAction(problem)
        return replace(state, rules=action.rules)
    if state.over:
        raise IllegalAction(msg("the game is over (after turn {turn}); nothing more can be played",
                                turn=state.log[-1].turn if state.log else 0))
    if isinstance(action, Draw):
        return _draw(state, action)
    if isinstance(action, PlayCards):
        return _play(state, action)
    if isinstance(action, TakeRisk):
        return _take_risk(state, action)
    if isinstance(action, (ClimberAction, PayRisk, EndActions)):
        _check_player(state, action.player)
        if state.phase is not Phase.ACTIONS:
            raise _illegal(state, msg("climbers act after every player has played cards and the risk token is "
                                      "taken") if state.phase is Phase.RISK else
                           msg("climbers act after every player has played cards"))
        if action.player != state.acting:
            raise _illegal(state, msg("it is {acting}'s turn to act (turn order from the start player), not "
                                      "{player}'s", acting=state.players[state.acting].name,  # type: ignore[index]
                                      player=state.players[action.player].name))
        if today_weather(state) is None:
            raise _illegal(state, msg("enter day {day}'s weather before the climbers act: it sets movement costs "
                                      "and the acclimatization check", day=state.turn))
        if isinstance(action, ClimberAction):
            return _climber_action(state, action)
        if isinstance(action, PayRisk):
            return _pay_risk(state, action)
        return _end_actions(state, action)
    raise InvalidInput(f"not a Freunde action: {quote(action)}")


def legal_actions(state: State) -> list[Action]:
    """Every action a player may take now, one cheapest path per destination (weather and draws, the
    chance inputs, are typed in and not listed)."""
    if state.over:
        return []
    if state.phase is Phase.PLAY:
        actions: list[Action] = []
        for index in active_players(state):
            if not state.players[index].turn.has_played:
                for combo in _playable_combos(state.players[index].hand, state.deck.play_per_turn):
                    actions.append(PlayCards(index, combo))
        return actions
    if state.phase is Phase.RISK:
        return list(_risk_options(state))
    if today_weather(state) is None or state.acting is None:
        return []
    return _action_phase_options(state, state.acting)


# --- action documents ----------------------------------------------------------------------------------------

def cards_from_doc(state: State, raw: Any, where: str = "cards") -> tuple[Card, ...]:
    """A list of card codes as cards of the deck; InvalidInput names the place and the bad code."""
    if not isinstance(raw, list):
        raise InvalidInput(f"{where}: a list of card codes such as [\"M2\", \"A1\"], not {quote(raw)}")
    try:
        return tuple(state.deck.check_card(parse_card(code)) for code in raw)
    except InvalidInput as exc:
        raise InvalidInput(f"{where}: {exc}") from None


def action_from_doc(state: State, doc: Any) -> Action:
    """Parse a JSON action document ({"type": "play", ...}); InvalidInput names the bad field."""
    if not isinstance(doc, dict):
        raise InvalidInput(f"an action is an object with a \"type\", not {quote(doc)}")
    kind = doc.get("type")
    try:
        action_type = ActionType(kind)
    except ValueError:
        known = ", ".join(t.value for t in ActionType)
        raise InvalidInput(f"type: unknown action {quote(kind)}; known: {known}") from None
    fields = {
        ActionType.WEATHER: {"day", "weather"},
        ActionType.DRAW: {"player", "cards"},
        ActionType.PLAY: {"player", "cards"},
        ActionType.RISK: {"value", "revealed"},
        ActionType.CLIMBER: {"player", "climber", "cards", "path", "to", "tent", "risk_move", "risk_accl"},
        ActionType.PAY_RISK: {"player", "climber", "amount"},
        ActionType.DONE: {"player"},
        ActionType.RULES: {"rules"},
    }[action_type] | {"type"}
    unknown = sorted(set(doc) - fields)
    if unknown:
        raise InvalidInput(f"{unknown[0]}: unknown field of a {kind} action (known: {', '.join(sorted(fields))})")
    if action_type is ActionType.WEATHER:
        day = _whole(doc.get("day"), f"day: a day from 1 to {TURNS}", 1, TURNS)
        raw = doc.get("weather")
        if isinstance(raw, list):
            # Several days at once (a tile as it is revealed): day, day + 1, ...
            if not raw or day + len(raw) - 1 > TURNS:
                raise InvalidInput(f"weather: a list of 1 to {TURNS - day + 1} days from day {day}, "
                                   f"not {len(raw)}")
            days = [weather_from_doc(entry, f"weather[{i}] (day {day + i})") for i, entry in enumerate(raw)]
            return SetWeather(day, days[0], tuple(days[1:]))
        return SetWeather(day, weather_from_doc(raw, "weather"))
    if action_type is ActionType.RULES:
        ruleset = doc.get("rules")
        if ruleset not in RULESETS:
            raise InvalidInput(f"rules: {quote(PRINTED_RULES)}, not {quote(ruleset)}")
        return SwitchRules(ruleset)
    if action_type is ActionType.RISK:
        value = _whole(doc.get("value"), "value: the risk token's value (0, 1, 2 ...)", 0)
        revealed = doc.get("revealed")
        if revealed is not None:
            revealed = _whole(revealed, "revealed: the value of the token turned face up", 0)
        return TakeRisk(value, revealed)
    player = player_index(state, doc.get("player"))
    if action_type is ActionType.DONE:
        return EndActions(player)
    if action_type in (ActionType.DRAW, ActionType.PLAY):
        cards = cards_from_doc(state, doc.get("cards"))
        return (Draw if action_type is ActionType.DRAW else PlayCards)(player, cards)
    label = doc.get("climber")
    if label not in CLIMBERS:
        raise InvalidInput(f"climber: {' or '.join(CLIMBERS)}, not {quote(label)}")
    if action_type is ActionType.PAY_RISK:
        amount = _whole(doc.get("amount"), "amount: risk points, at least 1", 1)
        return PayRisk(player, label, amount)
    cards = cards_from_doc(state, doc.get("cards", []))
    tent = doc.get("tent", False)
    if not isinstance(tent, bool):
        raise InvalidInput(f"tent: true or false, not {quote(tent)}")
    risk = {name: _whole(doc.get(name, 0), f"{name}: risk points, 0 or more", 0)
            for name in ("risk_move", "risk_accl")}
    if "path" in doc and "to" in doc:
        raise InvalidInput("give either path (the spaces entered) or to (the destination), not both")
    if "to" in doc:
        target = doc["to"]
        if not isinstance(target, str):
            raise InvalidInput(f"to: a space id, not {quote(target)}")
        path = route_to(state, player, label, cards, target, tent=tent, risk_move=risk["risk_move"])
    else:
        raw_path = doc.get("path", [])
        if not isinstance(raw_path, list) or not all(isinstance(s, str) for s in raw_path):
            raise InvalidInput(f"path: the list of spaces entered, in order, not {quote(raw_path)}")
        path = tuple(raw_path)
    return ClimberAction(player, label, cards, tuple(path), tent, risk["risk_move"], risk["risk_accl"])


def action_to_doc(state: State, action: Action) -> dict[str, Any]:
    """An action as a JSON document that action_from_doc reads back to the same action."""
    doc: dict[str, Any] = {"type": action.type.value}
    if isinstance(action, SetWeather):
        doc["day"] = action.day
        doc["weather"] = ([weather_to_doc(w) for w in (action.weather,) + action.later] if action.later
                          else weather_to_doc(action.weather))
    elif isinstance(action, SwitchRules):
        doc["rules"] = action.rules
    elif isinstance(action, TakeRisk):
        doc["value"] = action.value
        if action.revealed is not None:
            doc["revealed"] = action.revealed
    else:
        doc["player"] = state.players[action.player].name
        if isinstance(action, (Draw, PlayCards)):
            doc["cards"] = [c.code for c in action.cards]
        elif isinstance(action, PayRisk):
            doc.update(climber=action.climber, amount=action.amount)
        elif isinstance(action, ClimberAction):
            doc.update(climber=action.climber, cards=[c.code for c in action.cards], path=list(action.path),
                       tent=action.tent, risk_move=action.risk_move, risk_accl=action.risk_accl)
    return doc


# ---------------------------------------------------------------------------------------------------------
# private helpers

def _illegal(state: State, rule: str) -> IllegalAction:
    # i18n: a refusal: the turn, then the rule it breaks
    return IllegalAction(msg("turn {turn}: {rule}", turn=state.turn, rule=rule))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


is_whole = _is_int     # for the file reader: true and 1.0 are not whole numbers here


def _whole(value: Any, meaning: str, low: int, high: int | None = None) -> int:
    """The value as a whole number within bounds; InvalidInput reads "<field>: <meaning>, not <value>"."""
    if not _is_int(value) or value < low or (high is not None and value > high):
        raise InvalidInput(f"{meaning}, not {quote(value)}")
    return int(value)


def _player_ref(ref: Any, names: Sequence[str], where: str) -> PlayerIndex:
    if _is_int(ref):
        if 0 <= ref < len(names):
            return ref
        raise InvalidInput(f"{where}: seat {ref} does not exist (seats 0-{len(names) - 1})")
    if isinstance(ref, str):
        for index, name in enumerate(names):
            if name.casefold() == ref.strip().casefold():
                return index
    raise InvalidInput(f"{where}: {quote(ref)} is not a player of this game ({', '.join(names)})")


def _check_player(state: State, player: Any) -> None:
    if not _is_int(player) or not 0 <= player < len(state.players):
        raise InvalidInput(f"player: seat {quote(player)} does not exist")




def _take(pool: Sequence[Card] | Sequence[int], items: Iterable[Any]) -> tuple[Any, ...] | None:
    """The pool with the items removed (as multisets), or None when the pool lacks one."""
    remaining = list(pool)
    for item in items:
        try:
            remaining.remove(item)
        except ValueError:
            return None
    return tuple(remaining)


def _expand(supply: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    return tuple(value for value, count in supply for _ in range(count))


def _supply_text(supply: Iterable[tuple[int, int]]) -> str:
    # i18n: risk tokens left in the supply: "4 of value 0"
    return comma_list([msgn("{n} of value {value}", "{n} of value {value}", count, value=value)
                        for value, count in supply])


def card_words(card: Card) -> str:
    """A card as the table says it: 'Move 2', 'Rope 1 or 3 down', 'Acclimatize +1' (a Message)."""
    if card.kind is CardKind.MOVE:
        # i18n: a movement card, as printed on the card
        return msg("Move {value}", value=card.value)
    if card.kind is CardKind.ROPE:
        # i18n: a rope card: its value in any direction, or its larger value going down
        return msg("Rope {value} or {down} down", value=card.value, down=card.down)
    # i18n: an acclimatization card, as printed on the card
    return msg("Acclimatize +{value}", value=card.value)


def _named(cards: Iterable[Card]) -> str:
    """Cards in words, for a refusal a player reads ("Move 2, Acclimatize +1"; the codes are what a game file
    holds: "M2, A1" was said on screen where every other line names the cards)."""
    # i18n: no cards at all, where a list of cards would be
    return comma_list([card_words(c) for c in cards]) or msg("none")


def _replace_player(state: State, index: PlayerIndex, player: Player) -> tuple[Player, ...]:
    return state.players[:index] + (player,) + state.players[index + 1:]


def _replace_climber(player: Player, climber: Climber) -> Player:
    climbers = tuple(climber if c.label == climber.label else c for c in player.climbers)
    return replace(player, climbers=climbers)  # type: ignore[arg-type]


def _set_weather(state: State, action: SetWeather) -> State:
    day = action.day
    if not _is_int(day) or not 1 <= day <= TURNS:
        raise InvalidInput(f"day: a day from 1 to {TURNS}, not {quote(day)}")
    if state.over:
        raise IllegalAction(msg("the game is over; day {day}'s weather can no longer change anything", day=day))
    if day < state.turn or (day == state.turn and state.weather_locked):
        raise _illegal(state, msg("day {day}'s weather is already in play; enter today's weather before the "
                                  "climbers act, and days ahead at any time", day=day))
    days = (action.weather,) + tuple(action.later)
    last = day + len(days) - 1
    if last > TURNS:
        raise InvalidInput(f"weather: {len(days)} days from day {day} run past day {TURNS}, the last day")
    weather = state.weather[:day - 1] + days + state.weather[last:]
    return replace(state, weather=weather)


def _draw(state: State, action: Draw) -> State:
    _check_player(state, action.player)
    player = state.players[action.player]
    hand = player.hand
    if not action.cards:
        raise InvalidInput("cards: name at least one card drawn")
    if len(action.cards) > hand.unknown:
        raise _illegal(state, msgn("{name} has {n} card in hand not yet entered, so {drawn} drawn cards "
                                   "cannot be right", "{name} has {n} cards in hand not yet entered, so {drawn} "
                                   "drawn cards cannot be right", hand.unknown, name=player.name,
                                   drawn=len(action.cards)))
    outside = _take(hand.unplayed, hand.known) or ()
    if _take(outside, action.cards) is None:
        raise _illegal(state, msg("{name} cannot have drawn {cards}: the draw pile holds only cards not yet "
                                  "played or in hand since the last reshuffle ({outside})", name=player.name,
                                  cards=_named(action.cards), outside=_named(outside)))
    new_hand = replace(hand, known=tuple(sorted(hand.known + action.cards, key=lambda c: c.code)),
                       unknown=hand.unknown - len(action.cards))
    return replace(state, players=_replace_player(state, action.player, replace(player, hand=new_hand)))


def _after_play(hand: Hand, cards: Sequence[Card]) -> Hand | str:
    """The hand after playing these cards, or the reason they cannot be played from it."""
    unplayed = _take(hand.unplayed, cards)
    if unplayed is None:
        return msg("only these cards are left to play before the next reshuffle: {cards}",
                   cards=_named(hand.unplayed))
    known = list(hand.known)
    rest: list[Card] = []
    for card in cards:
        if card in known:
            known.remove(card)
        else:
            rest.append(card)
    outside = _take(hand.unplayed, hand.known) or ()
    if len(rest) > hand.unknown or _take(outside, rest) is None:
        if hand.unknown:
            return msgn("the hand holds {cards} and {n} card not entered",
                        "the hand holds {cards} and {n} cards not entered", hand.unknown, cards=_named(hand.known))
        return msg("the hand holds {cards}", cards=_named(hand.known))
    return Hand(unplayed=unplayed, known=tuple(known), unknown=hand.unknown - len(rest))


def _play(state: State, action: PlayCards) -> State:
    _check_player(state, action.player)
    player = state.players[action.player]
    if state.phase is not Phase.PLAY:
        raise _illegal(state, msg("cards are chosen at the start of the turn, before the risk token and the "
                                  "action phase"))
    if not player.active:
        raise _illegal(state, msg("{name} has no living climber and plays no more cards", name=player.name))
    if player.turn.has_played:
        raise _illegal(state, msg("{name} has already played three cards this turn", name=player.name))
    if len(action.cards) != state.deck.play_per_turn:
        raise _illegal(state, msgn("each player plays exactly {n} cards a turn, not {played}",
                                   "each player plays exactly {n} cards a turn, not {played}",
                                   state.deck.play_per_turn, played=len(action.cards)))
    hand = _after_play(player.hand, action.cards)
    if isinstance(hand, str):
        raise _illegal(state, msg("{name} cannot play {cards}: {reason}", name=player.name,
                                  cards=_named(action.cards), reason=hand))
    turn = replace(player.turn, played=action.cards, has_played=True)
    state = replace(state, players=_replace_player(state, action.player,
                                                   replace(player, hand=hand, turn=turn)))
    if all(state.players[i].turn.has_played for i in active_players(state)):
        return _reveal(state)
    return state


def _reveal(state: State) -> State:
    """All cards are down: work out who takes a risk token ('Risk Tokens': highest total, tie = nobody)."""
    totals = movement_totals(state)
    taker: PlayerIndex | None
    if state.setup.solo:
        taker = 0                  # solo: a risk token every turn, whatever was played
    else:
        best = max(totals)
        leaders = [i for i, total in enumerate(totals) if total == best]
        taker = leaders[0] if len(leaders) == 1 else None
    if taker is not None and not _expand(state.risk_supply):
        taker = None               # cannot happen in 18 turns with 20 tokens; kept for edited data
    state = replace(state, movement=totals, risk_taker=taker)
    if taker is not None:
        return replace(state, phase=Phase.RISK)
    return _start_actions(state)


def _start_actions(state: State) -> State:
    acting = next((i for i in turn_order(state) if state.players[i].active), None)
    return replace(state, phase=Phase.ACTIONS, acting=acting)


def _risk_options(state: State) -> Iterable[TakeRisk]:
    supply = dict(state.risk_supply)
    if state.risk_face_up is None:
        for value, count in supply.items():
            if count:
                yield TakeRisk(value)
        return
    for value in sorted(set(state.risk_face_up)):
        face_up = list(_take(state.risk_face_up, [value]) or ())
        after = dict(supply)
        after[value] -= 1
        hidden = Counter(_expand(after.items()))
        hidden.subtract(face_up)
        options = sorted(v for v, n in hidden.items() if n > 0)
        if not options:
            yield TakeRisk(value)
        for revealed in options:
            yield TakeRisk(value, revealed)


def _take_risk(state: State, action: TakeRisk) -> State:
    if state.phase is not Phase.RISK:
        raise _illegal(state, msg("a risk token is taken only after the cards are revealed, by the player with "
                                  "the highest movement total"))
    supply = dict(state.risk_supply)
    value = action.value
    if supply.get(value, 0) == 0:
        raise _illegal(state, msg("no risk token of value {value} is left ({supply})", value=value,
                                  supply=_supply_text(supply.items())))
    face_up = state.risk_face_up
    supply[value] -= 1
    if face_up is not None:
        if value not in face_up:
            raise _illegal(state, msg("the face-up risk tokens are {tokens}: the taker chooses one of them, not "
                                      "{value}", tokens=", ".join(map(str, face_up)), value=value))
        remaining = list(_take(face_up, [value]) or ())
        hidden = Counter(_expand(supply.items()))
        hidden.subtract(remaining)
        if sum(n for n in hidden.values() if n > 0):
            if action.revealed is None:
                raise _illegal(state, msg("enter the risk token turned face up to replace the one taken"))
            if hidden.get(action.revealed, 0) <= 0:
                raise _illegal(state, msg("no face-down risk token of value {value} is left", value=action.revealed))
            remaining.append(action.revealed)
        elif action.revealed is not None:
            raise _illegal(state, msg("no face-down risk token is left to turn face up"))
        face_up = tuple(sorted(remaining))
    elif action.revealed is not None:
        raise _illegal(state, msg("the face-up risk tokens were not entered at setup, so the one turned up cannot "
                                  "be tracked"))
    taker = state.risk_taker
    assert taker is not None
    player = state.players[taker]
    player = replace(player, turn=replace(player.turn, risk=value), risk_tokens=player.risk_tokens + (value,))
    state = replace(state, risk_supply=tuple(sorted(supply.items())), risk_face_up=face_up,
                    players=_replace_player(state, taker, player))
    return _start_actions(state)


def _budgets(moves: Sequence[Card]) -> list[tuple[int, int]]:
    """(any-direction points, down-only points) for each way of using the ropes ('Moving': ropes)."""
    base = sum(c.value for c in moves if c.kind is CardKind.MOVE)
    ropes = [c for c in moves if c.kind is CardKind.ROPE]
    options = set()
    for choice in itertools.product((False, True), repeat=len(ropes)):
        general = base + sum(r.value for r, down in zip(ropes, choice) if not down)
        only_down = sum(r.down for r, down in zip(ropes, choice) if down)
        options.add((general, only_down))
    return sorted(options)


def _affordable(budgets: Sequence[tuple[int, int]], general: int, downhill: int, tent: int,
                risk_move: int) -> bool:
    """Down-only points pay only downhill steps; risk points may come off any card points."""
    return any(g >= general + tent and g + w >= general + downhill + tent + risk_move for g, w in budgets)


def _search(state: State, start: SpaceId, budgets: Sequence[tuple[int, int]],
            risk_move: int) -> dict[SpaceId, list[tuple[int, int, tuple[SpaceId, ...]]]]:
    """Cheapest paths from start by (non-downhill cost, downhill cost), within what the cards can pay."""
    if not budgets:
        return {}
    max_general = max(g for g, _ in budgets)
    max_total = max(g + w for g, w in budgets) - risk_move
    board = state.board
    found: dict[SpaceId, list[tuple[int, int, tuple[SpaceId, ...]]]] = {}
    seen: set[tuple[SpaceId, int, int]] = set()
    queue: list[tuple[int, int, int, tuple[SpaceId, ...], SpaceId]] = [(0, 0, 0, (), start)]
    while queue:
        total, general, downhill, path, space = heapq.heappop(queue)
        if (space, general, downhill) in seen:
            continue
        seen.add((space, general, downhill))
        if path:
            found.setdefault(space, []).append((general, downhill, path))
        for step in board.neighbours[space]:
            cost = entry_cost(state, step)
            g, d = (general, downhill + cost) if board.is_down(space, step) else (general + cost, downhill)
            if g <= max_general and g + d <= max_total and (step, g, d) not in seen:
                heapq.heappush(queue, (g + d, g, d, path + (step,), step))
    return found


def _cheapest(state: State, start: SpaceId, target: SpaceId) -> int:
    """The movement cost of the cheapest path between two spaces, whatever the cards (Dijkstra)."""
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, space = heapq.heappop(queue)
        if space == target:
            return cost
        if cost > best[space]:
            continue
        for step in state.board.neighbours[space]:
            total = cost + entry_cost(state, step)
            if total < best.get(step, total + 1):
                best[step] = total
                heapq.heappush(queue, (total, step))
    raise InvalidInput(f"{target} cannot be reached from {start} on the {state.board.id} board")


def _path_cost(state: State, player: PlayerIndex, label: ClimberLabel, start: SpaceId,
               path: Sequence[SpaceId]) -> tuple[int, int]:
    board = state.board
    general = downhill = 0
    here = start
    for step in path:
        if step not in board.spaces:
            raise InvalidInput(no_space(board.id, step, where="path"))
        if step not in board.neighbours[here]:
            raise _illegal(state, msg("{climber} cannot step from {here} to {step}: the spaces are not linked",
                                      climber=climber_name(state, player, label), here=space_words(state.board, here),
                                      step=space_words(state.board, step)))
        cost = entry_cost(state, step)
        if board.is_down(here, step):
            downhill += cost
        else:
            general += cost
        here = step
    return general, downhill


def _stop_problem(state: State, player: PlayerIndex, label: ClimberLabel, space: SpaceId) -> str | None:
    limit = stacking_limit(state, space)
    if limit is None:
        return None
    others = [o for o in occupants(state, space) if o != (player, label)]
    if len(others) < limit:
        return None
    zone = state.board.space(space).zone
    count = len(state.players)
    who = msg("solo (2-player limits)") if count == 1 else msgn("{n} player", "{n} players", count)
    return msgn("the stacking limit in the {zone} zone is {n} climber per space with {who}, and {space} already "
                "holds {held}; a full space can be passed through but not stopped on",
                "the stacking limit in the {zone} zone is {n} climbers per space with {who}, and {space} already "
                "holds {held}; a full space can be passed through but not stopped on",
                limit, zone=zone_words(state.stacking.labels[zone]), who=who, space=space_words(state.board, space),
                held=len(others))


def _climber_action(state: State, action: ClimberAction) -> State:
    index = action.player
    player = state.players[index]
    climber = player.climber(action.climber)
    who = climber_name(state, index, action.climber)
    if not climber.alive:
        raise _illegal(state, msg("{climber} died on turn {turn} and can no longer move or use cards", climber=who,
                                  turn=climber.died_turn))
    if action.climber in player.turn.acted:
        raise _illegal(state, msg("{climber} has already been given its cards this turn; give a climber all its "
                                  "cards at once", climber=who))
    left = cards_left_to_give(state, index)
    if _take(left, action.cards) is None:
        raise _illegal(state, msg("{name} has {left} left of this turn's cards, not {given}", name=player.name,
                                  left=_named(left), given=_named(action.cards)))
    if not action.cards and (action.path or action.tent):
        raise _illegal(state, msg("{climber} needs movement cards to move or pitch a tent", climber=who))
    if not action.cards and not (action.risk_move or action.risk_accl):
        raise _illegal(state, msg("{climber} is given no card: a climber acts by using the cards it is given",
                                  climber=who))
    owed = risk_owed(state, index)
    penalty = action.risk_move + action.risk_accl
    if penalty > owed:
        raise _illegal(state, msgn("{name} owes {n} risk point this turn, so {penalty} cannot be taken off",
                                   "{name} owes {n} risk points this turn, so {penalty} cannot be taken off",
                                   owed, name=player.name, penalty=penalty))
    moves = [c for c in action.cards if c.kind is not CardKind.ACCLIMATIZATION]
    accl = sum(c.value for c in action.cards if c.kind is CardKind.ACCLIMATIZATION)
    if action.risk_move and not moves:
        raise _illegal(state, msg("risk points come off movement only for a climber given movement cards; "
                                  "{climber} is given {cards}", climber=who, cards=_named(action.cards)))
    if not printed_rules(state):
        if penalty and not action.cards:
            raise _illegal(state, msg("the risk penalty falls only on a climber that used a card this turn, and "
                                      "{climber} is given none", climber=who))
    elif action.risk_accl and not (action.path or accl):
        if moves:
            raise _illegal(state, msg("only a climber that moves or gets acclimatization points from cards this "
                                      "turn can bear the risk penalty (rulebook p.7), and {climber} does neither; "
                                      "take the points off its movement cards instead", climber=who))
        raise _illegal(state, msg("only a climber that moves or gets acclimatization points from cards this turn "
                                  "can bear the risk penalty (rulebook p.7), and {climber} does neither",
                                  climber=who))
    assert climber.space is not None
    general, downhill = _path_cost(state, index, action.climber, climber.space, action.path)
    end = action.path[-1] if action.path else climber.space
    pitch = 0
    if action.tent:
        if climber.tent is not None:
            raise _illegal(state, msg("{climber} has already pitched its tent (on {tent}); each climber has one "
                                      "tent", climber=who, tent=climber.tent))
        pitch = tent_cost(state, end)
    budgets = _budgets(moves)
    if (general + downhill + pitch + action.risk_move) and not _affordable(
            budgets, general, downhill, pitch, action.risk_move):
        raise _illegal(state, _too_expensive(state, who, action, general, downhill, pitch, budgets))
    if action.path:
        problem = _stop_problem(state, index, action.climber, end)
        if problem:
            raise _illegal(state, msg("{climber} cannot end its move on {space}: {reason}", climber=who,
                                      space=space_words(state.board, end), reason=problem))
    seq = state.seq + 1
    moved = bool(action.path)
    board = state.board
    # Victory points move at once (rulebook p.6): every space stepped on during the move counts, the summit
    # included, even if the climber comes back down before the move ends.
    # (Under the earlier readings only the space where the move ends counted.)
    counted = action.path if printed_rules(state) else action.path[-1:]
    summit_at = climber.summit_at
    if board.summit in counted and summit_at is None:
        summit_at = (state.turn, seq)
    reached = max((board.space(s).vp for s in counted), default=climber.best_vp)
    # Acclimatization cards raise the marker at once on the 1-10 track; the cap of 6 waits for the end of
    # the check (rulebook p.8), so risk taken now or later (PayRisk) gives the same result.
    acclimatization = accl_after_cards(state, climber.acclimatization, accl, action.risk_accl)
    new_climber = replace(
        climber, space=end, acclimatization=acclimatization,
        best_vp=max(climber.best_vp, reached),
        tent=end if action.tent else climber.tent, summit_at=summit_at,
    )
    turn = replace(
        player.turn, used=player.turn.used + action.cards, acted=player.turn.acted | {action.climber},
        used_card=player.turn.used_card | ({action.climber} if action.cards else set()),
        bearers=player.turn.bearers | ({action.climber} if (moved or accl) else set()),
        risk_paid=player.turn.risk_paid + penalty,
    )
    player = replace(_replace_climber(player, new_climber), turn=turn)
    return replace(state, players=_replace_player(state, index, player), seq=seq, weather_locked=True)


def _too_expensive(state: State, who: str, action: ClimberAction, general: int, downhill: int, pitch: int,
                   budgets: Sequence[tuple[int, int]]) -> str:
    parts: list[str] = []
    if action.path:
        parts.append(msg("the path {path} costs {cost}", path=" > ".join(action.path), cost=general + downhill))
    if pitch:
        parts.append(msg("the tent costs {cost}", cost=pitch))
    if action.risk_move:
        parts.append(msgn("{n} risk point comes off the movement", "{n} risk points come off the movement",
                          action.risk_move))
    best_any = max((g for g, _ in budgets), default=0)
    best_total = max((g + w for g, w in budgets), default=0)
    given = _named(c for c in action.cards if c.kind is not CardKind.ACCLIMATIZATION)
    if best_total > best_any:
        return msg("{climber} cannot afford it: {costs}, and the movement cards ({cards}) give {points} (or up to "
                   "{total} with a rope's larger value, which pays only for steps down the mountain; {flat} of the "
                   "cost is not downhill)", climber=who, costs=comma_list(parts), cards=given, points=best_any,
                   total=best_total, flat=general + pitch)
    return msg("{climber} cannot afford it: {costs}, and the movement cards ({cards}) give {points}", climber=who,
               costs=comma_list(parts), cards=given, points=best_any)


def _pay_risk(state: State, action: PayRisk) -> State:
    index = action.player
    player = state.players[index]
    climber = player.climber(action.climber)
    who = climber_name(state, index, action.climber)
    owed = risk_owed(state, index)
    if owed <= 0:
        raise _illegal(state, msg("{name} owes no risk points this turn", name=player.name))
    if not _is_int(action.amount) or not 1 <= action.amount <= owed:
        raise _illegal(state, msgn("{name} owes {n} risk point, so {amount} cannot be paid",
                                   "{name} owes {n} risk points, so {amount} cannot be paid", owed,
                                   name=player.name, amount=action.amount))
    if action.climber not in risk_eligible(state, index):
        if printed_rules(state):
            raise _illegal(state, msg("the risk penalty falls only on a living climber that moved or got "
                                      "acclimatization points from cards this turn (rulebook p.7), and {climber} "
                                      "did not", climber=who))
        raise _illegal(state, msg("the risk penalty falls only on a living climber that used a card this turn, and "
                                  "{climber} did not", climber=who))
    new_climber = replace(climber, acclimatization=climber.acclimatization - action.amount)
    player = _replace_climber(player, new_climber)
    player = replace(player, turn=replace(player.turn, risk_paid=player.turn.risk_paid + action.amount))
    return replace(state, players=_replace_player(state, index, player), weather_locked=True)


def _end_actions(state: State, action: EndActions) -> State:
    index = action.player
    player = state.players[index]
    owed = risk_owed(state, index)
    reason = why_not_done(state, index)
    if reason:
        raise _illegal(state, reason)
    # What is still owed comes off the played cards no climber was given (they lose nothing by it); the rest,
    # with no climber able to bear it, has no effect (rulebook p.7).
    player = replace(player, turn=replace(player.turn, done=True, risk_paid=player.turn.risk_paid
                                          + min(owed, risk_card_points(state, index))))
    state = replace(state, players=_replace_player(state, index, player), weather_locked=True)
    order = turn_order(state)
    following = [i for i in order[order.index(index) + 1:] if state.players[i].active]
    if following:
        return replace(state, acting=following[0])
    return _end_turn(state)


def _check(state: State, index: PlayerIndex, climber: Climber, weather: Weather) -> ClimberCheck:
    """One climber's acclimatization check ('Acclimatization Check'; cap 6, below 1 dies); a tent of the
    player's colour on the space adds 1, whichever of the two climbers pitched it (rulebook p.8)."""
    assert climber.space is not None
    space = state.board.space(climber.space)
    # (Under the earlier readings only the climber's own tent counted.)
    own = team_tent(state, index, climber.space) if printed_rules(state) else climber.tent == climber.space
    tent = 1 if own else 0
    loss = weather.accl_loss(space.zone)
    raw = climber.acclimatization + space.accl + tent - loss
    after = min(MAX_ACCLIMATIZATION, raw)
    return ClimberCheck(index, climber.label, climber.space, space.zone, climber.acclimatization, space.accl,
                        tent, -loss, after, after < 1)


def _end_turn(state: State) -> State:
    """Acclimatization check, then the end of the turn ('End of Turn'), or the end of the game."""
    weather = today_weather(state) or Weather()
    checks = []
    players = list(state.players)
    for index, player in enumerate(players):
        for climber in player.climbers:
            if not climber.alive:
                continue
            check = _check(state, index, climber, weather)
            checks.append(check)
            if check.died:
                climber = replace(climber, alive=False, acclimatization=check.after, died_turn=state.turn,
                                  died_space=climber.space, space=None)
            else:
                climber = replace(climber, acclimatization=check.after)
            player = _replace_climber(player, climber)
        players[index] = player
    record = TurnRecord(
        turn=state.turn, weather=weather, movement=state.movement, risk_taker=state.risk_taker,
        risk_value=state.players[state.risk_taker].turn.risk if state.risk_taker is not None else None,
        checks=tuple(checks), positions=tuple(p.climbers for p in players),
    )
    state = replace(state, players=tuple(players), log=state.log + (record,), acting=None)
    died = any(c.died for c in checks)
    if (state.setup.solo and died) or not active_players(state):
        # Solo: 'the game ends at once' when a climber dies. With every climber dead nothing can change.
        return replace(state, phase=Phase.OVER, ended_early=state.turn < TURNS)
    if state.turn >= TURNS:
        return replace(state, phase=Phase.OVER)
    refilled = tuple(replace(p, hand=_refill(p.hand, state.deck), turn=TurnPlay())
                     if p.turn.has_played else replace(p, turn=TurnPlay()) for p in state.players)
    return replace(state, players=refilled, turn=state.turn + 1, phase=Phase.PLAY,
                   start_player=(state.start_player + 1) % len(state.players), risk_taker=None,
                   movement=(), weather_locked=False)


def _refill(hand: Hand, deck: DeckData) -> Hand:
    """Draw back to six; with the draw pile empty play the last cards, then reshuffle ('End of Turn')."""
    if not hand.unplayed:
        return Hand(unplayed=deck.cards, known=(), unknown=deck.hand_size)
    draw = min(deck.hand_size - hand.size, hand.deck_size)
    return replace(hand, unknown=hand.unknown + max(0, draw))


def _playable_combos(hand: Hand, count: int) -> list[tuple[Card, ...]]:
    combos = []
    for combo in sorted(set(itertools.combinations(hand.unplayed, count)), key=lambda c: [x.code for x in c]):
        if not isinstance(_after_play(hand, combo), str):
            combos.append(combo)
    return combos


def _sub_multisets(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    found: set[tuple[Card, ...]] = set()
    for size in range(1, len(cards) + 1):
        found.update(itertools.combinations(sorted(cards, key=lambda c: c.code), size))
    return sorted(found, key=lambda combo: [c.code for c in combo])


def _action_phase_options(state: State, index: PlayerIndex) -> list[Action]:
    player = state.players[index]
    options: list[Action] = []
    owed = risk_owed(state, index)
    if why_not_done(state, index) is None:
        options.append(EndActions(index))
    if owed:
        for label in risk_eligible(state, index):
            options.extend(PayRisk(index, label, amount) for amount in range(1, owed + 1))
    left = cards_left_to_give(state, index)
    for climber in player.climbers:
        if not climber.alive or climber.label in player.turn.acted:
            continue
        assert climber.space is not None
        for cards in _sub_multisets(left):
            moves = [c for c in cards if c.kind is not CardKind.ACCLIMATIZATION]
            for risk_move in range(0, owed + 1 if moves else 1):
                for risk_accl in range(0, owed - risk_move + 1):
                    for tent in ((False, True) if moves and climber.tent is None else (False,)):
                        base = ClimberAction(index, climber.label, cards, (), tent, risk_move, risk_accl)
                        stays = not risk_accl or can_bear_risk(state, cards, False)
                        if not moves:
                            if stays:
                                options.append(base)
                            continue
                        stay = tent_cost(state, climber.space) if tent else 0
                        if stays and _affordable(_budgets(moves), 0, 0, stay, risk_move):
                            options.append(base)
                        for route in destinations(state, index, climber.label, cards, tent=tent,
                                                  risk_move=risk_move).values():
                            if route.stop:
                                options.append(replace(base, path=route.path))
    return options
