"""The rules of 14ers as a pure reducer: setup, turns, the gain check with Guides and Weather, and Gerry's row.

A game is its `Setup` plus the actions taken; `apply(state, action)` returns a new `State`. The app sits
beside the physical game, so the players tell it which Climb was revealed (`Reveal`), and which one they
gained and how (`Gain`, with any Guides hired); the app checks it against the rules and keeps the tableaus.
Gerry's turn (solo) needs only his reveal: he takes and tucks on his own.

Turn order ('Round Overview'): reveal a Climb, gain one whose requirements you meet, tuck it under a side.
With Fog the reveal comes at the end of the turn ('Weather'), but not on Gerry's turn: he ignores all Weather
('Solo Variant'), so he reveals and then takes, as in any other round.
"""

from __future__ import annotations

from collections import Counter
from random import Random
from dataclasses import dataclass, replace
from enum import Enum
from itertools import combinations
from typing import Any, Sequence, TypeAlias

from companion.errors import IllegalAction, InvalidInput
from companion.i18n.message import msg, msgn
from companion.inputs import quote

from . import solo
from .abilities import (
    Ability, Attributes, Category, Tableau, Tucked, WeatherEffect, WeatherKind, ability_to_doc,
    attribute_amounts, attributes, class_label, describe_ability, describe_weather, parse_ability, parse_weather,
    weather_to_doc,
)
from .catalog import (
    EMPTY, AccoladeSide, Card, CardName, Catalog, card_to_doc, name_key, parse_card, with_hiker, with_weather,
)
from .data import ClassNumber, HikerLetter, Side, load_data
from .wording import and_words, clauses, half_word, side_word, weather_word

__all__ = [
    "PlayerIndex", "Phase", "Ignore", "ActionType",
    "PlayerSetup", "AccoladeChoice", "Setup", "Player", "State",
    "Reveal", "GuideHire", "Gain", "Pass", "Describe", "Correct", "DescribeHiker", "DescribeWeather", "Action",
    "WeatherNow", "UtilityUse", "GuideOption", "GainCheck",
    "deck_counts", "hiker_letters", "draw_accolade", "new_game", "cards_in_play",
    "current_player", "expected_class", "weather_now", "tableau", "rivals", "player_attributes",
    "gain_check", "check_climb", "weather_named", "can_pass", "early_reveal_stuck", "weather_guide_owed",
    "cards_to_save", "legal_actions", "apply", "revealable", "can_ignore_fog",
    "parse_action", "action_to_doc", "prompt",
]

PlayerIndex: TypeAlias = int


class Phase(str, Enum):
    """Where a game stands: revealing the first Climbs, a turn's reveal, a turn's gain, or over."""

    SETUP = "setup"
    REVEAL = "reveal"
    GAIN = "gain"
    FINISHED = "finished"


class Ignore(str, Enum):
    """What one hired Guide lets you ignore for this gain ('Using a Guide')."""

    REQUIREMENTS = "requirements"      # all Endurance and Technique requirements
    HAZARD = "hazard"
    WEATHER = "weather"


class ActionType(str, Enum):
    """The kinds of action a player can take."""

    REVEAL = "reveal"
    GAIN = "gain"
    PASS = "pass"
    DESCRIBE = "describe"
    CORRECT = "correct"
    HIKER = "hiker"
    WEATHER = "weather"


@dataclass(frozen=True)
class PlayerSetup:
    """One seat in turn order: name, the roster id if any, and whether the Hiker's Advanced side is used."""

    name: str
    player_id: str | None = None
    advanced: bool = False


@dataclass(frozen=True)
class AccoladeChoice:
    """The Accolade of this game: which card and half (when known from the catalog) and its category."""

    category: Category
    name: str | None = None
    side: AccoladeSide | None = None


@dataclass(frozen=True)
class Setup:
    """A game's setup: 1-4 players in turn order (1 = solo against Gerry), Weather, Accolade, catalog."""

    players: tuple[PlayerSetup, ...]
    weather: bool = False
    accolade: AccoladeChoice | None = None
    catalog: Catalog = EMPTY
    final: bool = False          # a finished game scored from its final tableaus (final.py), not turn by turn

    @property
    def solo(self) -> bool:
        """True for the solo variant: one player against Gerry."""
        return len(self.players) == 1


@dataclass(frozen=True)
class Player:
    """One Hiker at the table (Gerry included): tucked Climbs, hired Guides and turns without a Climb."""

    name: str
    hiker: HikerLetter
    player_id: str | None = None
    gerry: bool = False
    tucked: tuple[Tucked, ...] = ()
    guides: tuple[Card, ...] = ()
    passes: int = 0


@dataclass(frozen=True)
class State:
    """The whole game: every card it knows (the catalog's, and those described at the table), the row of
    revealed Climbs (left to right) and each tableau."""

    setup: Setup
    players: tuple[Player, ...]
    cards: tuple[Card, ...]
    row: tuple[Card, ...] = ()
    drawn: int = 0
    round: int = 0
    turn: PlayerIndex = 0
    phase: Phase = Phase.SETUP
    log: tuple[str, ...] = ()
    # In a Fog round, the player revealed at the start of the turn anyway, ignoring the Fog (a Guide hired in
    # the gain, or an ability that ignores the Weather): no reveal at the turn's end.
    fog_ignored: bool = False

    def card(self, name: str) -> Card | None:
        """A card known to this game (catalog or entered on the spot), by name."""
        key = name_key(name)
        return next((card for card in self.cards if name_key(card.name) == key), None)


@dataclass(frozen=True)
class Reveal:
    """The Climb just turned face up: a catalog name, or the card described on the spot."""

    card: CardName | Card


@dataclass(frozen=True)
class GuideHire:
    """A tucked Climb discarded as a Guide, and what it lets you ignore (None: hired without need)."""

    card: CardName
    ignores: Ignore | None = None


@dataclass(frozen=True)
class Gain:
    """Gain a revealed Climb and tuck it under a side, hiring Guides first if wanted."""

    card: CardName
    side: Side
    guides: tuple[GuideHire, ...] = ()
    ability: Ability | None = None       # the side's ability, when the catalog does not describe it yet


@dataclass(frozen=True)
class Pass:
    """End the turn without a Climb, allowed only when no revealed Climb can be gained even with Guides."""


@dataclass(frozen=True)
class Describe:
    """Describe a side of a card met this game that the catalog leaves blank (e.g. a Climb Gerry took)."""

    card: CardName
    side: Side
    ability: Ability


@dataclass(frozen=True)
class Correct:
    """A card met this game described again as printed (its corner and sides): it replaces the earlier
    description wherever the card lies, and scoring follows; the turns played with it stand."""

    card: Card


@dataclass(frozen=True)
class DescribeHiker:
    """A Hiker side's printed ability described (or corrected, or cleared with None) during the game."""

    hiker: HikerLetter
    ability: Ability | None


@dataclass(frozen=True)
class DescribeWeather:
    """A Weather card's effects described (or corrected, or cleared with None) during the game."""

    weather: str
    effects: tuple[WeatherEffect, ...] | None


Action: TypeAlias = Reveal | Gain | Pass | Describe | Correct | DescribeHiker | DescribeWeather


@dataclass(frozen=True)
class WeatherNow:
    """The round's Weather: its name, forecast card, effects (None = not described yet) and words."""

    round: int
    name: str
    forecast: str
    effects: tuple[WeatherEffect, ...] | None
    text: str

    @property
    def reveal_at_end(self) -> bool:
        """True for Fog: reveal a Climb at the end of the turn, not the start."""
        return any(e.kind is WeatherKind.REVEAL_AT_END for e in self.effects or ())


@dataclass(frozen=True)
class UtilityUse:
    """How Utility covers what Endurance and Technique lack: how much of each, from which pool."""

    endurance: int
    technique: int
    class_utility: int           # Utility usable only towards this Class, spent first
    utility: int

    @property
    def total(self) -> int:
        """All Utility used."""
        return self.class_utility + self.utility


@dataclass(frozen=True)
class GuideOption:
    """A smallest set of Guides (one per thing ignored) that opens the Climb, or another side of it."""

    ignores: tuple[Ignore, ...]
    sides: tuple[Side, ...]
    utility: UtilityUse | None
    affordable: bool
    needed: int = 0         # the tucked Climbs it takes, a Guide owed for the Fog included (0: one per ignore)


@dataclass(frozen=True)
class GainCheck:
    """Whether a revealed Climb can be gained now, how, or which Guides would make it possible."""

    card: CardName
    possible: bool
    reason: str
    endurance: int
    technique: int
    hazard: bool
    attributes: Attributes
    utility: UtilityUse | None
    sides: tuple[Side, ...]
    blocked: tuple[tuple[Side, str], ...]
    guides: tuple[GuideOption, ...]
    guides_available: int
    weather_note: str | None
    # What this round's Weather adds to the printed requirements ('Weather'): `endurance` and `technique` are
    # the printed ones plus these.
    weather_endurance: int = 0
    weather_technique: int = 0


# --- setup ---------------------------------------------------------------------------------------------------

def deck_counts(players: int) -> dict[ClassNumber, int]:
    """How many Climbs of each Class go into the deck for this many players ('Shared Setup' table)."""
    _check_player_count(players)
    counts = load_data().deck.deck_counts(players)
    return {klass: count for klass, count in enumerate(counts, start=1)}


def hiker_letters(advanced: Sequence[bool]) -> tuple[HikerLetter, ...]:
    """Each seat's Hiker: A/B to the first players in round order, C/D to the last ('Player Setup' table)."""
    _check_player_count(len(advanced))
    hikers = load_data().hikers
    groups = hikers.groups(len(advanced))
    return tuple(hikers.letter(group, flag) for group, flag in zip(groups, advanced))


def draw_accolade(catalog: Catalog, rng: Random) -> AccoladeChoice:
    """A random Accolade card and half from the catalog ('Shared Setup' step 3), drawn with a seeded Random."""
    cards = sorted(catalog.accolades, key=lambda card: name_key(card.name))
    if not cards:
        raise InvalidInput(msg("no Accolade card is described in the catalog; describe them first, "
                               "or give the Accolade's category"))
    card = rng.choice(cards)
    side = rng.choice(list(AccoladeSide))
    category = card.category(side)
    if category is None:
        # i18n: {half} is "basic" or "advanced", the half of the Accolade card
        raise InvalidInput(msg("the {half} side of the Accolade {card} is drawn but not described; "
                               "describe it in the catalog first", half=half_word(side), card=quote(card.name)))
    return AccoladeChoice(category=category, name=card.name, side=side)


def new_game(setup: Setup) -> State:
    """The state before the first three Climbs are revealed ('Setup'); Gerry sits second in the solo variant."""
    _check_player_count(len(setup.players))
    names = [name_key(p.name) for p in setup.players]
    if len(set(names)) != len(names):
        raise InvalidInput(msg("two players have the same name; names must differ"))
    if setup.solo and setup.accolade is not None:
        raise InvalidInput(msg("the solo variant is played without an Accolade ('Solo Variant')"))
    if not setup.solo and setup.accolade is None:
        raise InvalidInput(msg("a game of 2-4 players needs an Accolade (draw one, or give its category)"))
    letters = hiker_letters([p.advanced for p in setup.players])
    players = [Player(name=p.name, hiker=letter, player_id=p.player_id)
               for p, letter in zip(setup.players, letters)]
    if setup.solo:
        if name_key(setup.players[0].name) == name_key(solo.gerry_name()):
            # i18n: {gerry} is the solo opponent's name (Gerry)
            raise InvalidInput(msg("{gerry} is the solo opponent's name; choose another name",
                                   gerry=solo.gerry_name()))
        players.append(Player(name=solo.gerry_name(), hiker=solo.gerry_hiker(), gerry=True))
    return State(setup=setup, players=tuple(players), cards=setup.catalog.cards)


# --- questions a screen asks ----------------------------------------------------------------------------------

def current_player(state: State) -> Player | None:
    """Whose turn it is, or None during setup and after the game."""
    if state.phase in (Phase.SETUP, Phase.FINISHED):
        return None
    return state.players[state.turn]


def expected_class(state: State) -> ClassNumber | None:
    """The Class of the next card drawn (the deck is stacked Class I on top to IV at the bottom), None if empty."""
    return load_data().deck.class_of_draw(_deck_players(state), state.drawn)


def weather_now(state: State) -> WeatherNow | None:
    """The current round's Weather when playing with Weather, else None ('Weather')."""
    if not state.setup.weather or state.round < 1:
        return None
    return _weather_of_round(state, state.round)


def tableau(state: State, index: PlayerIndex) -> Tableau:
    """One player's tableau, with the Hiker's printed ability from the catalog."""
    player = state.players[index]
    return Tableau(hiker=player.hiker, tucked=player.tucked, guides=player.guides,
                   hiker_ability=state.setup.catalog.hiker_ability(player.hiker))


def rivals(state: State, index: PlayerIndex) -> tuple[Tableau, ...]:
    """Every other tableau, Gerry's included ('Gerry counts as a rival for abilities')."""
    return tuple(tableau(state, other) for other in range(len(state.players)) if other != index)


def player_attributes(state: State, index: PlayerIndex) -> Attributes:
    """A player's Endurance, Technique and Utility (general and per Class) from the tableau as it stands."""
    return attributes(tableau(state, index), rivals(state, index))


def gain_check(state: State, index: PlayerIndex, card_name: str) -> GainCheck:
    """Can this player gain this revealed Climb now, how (which Utility), or which Guides would make it possible."""
    player = state.players[index]
    me = tableau(state, index)
    others = rivals(state, index)
    # Revealed first despite the Fog: a Guide ignoring the Weather is owed with this gain (see `_gain`), so one
    # tucked Climb is spoken for unless the option's own Guides ignore the Weather, or an ability does.
    owed = index == state.turn and weather_guide_owed(state)
    return check_climb(_row_card(state, card_name), me, others, weather_now(state), can_hire=not player.gerry,
                       weather_guide_owed=owed)


def check_climb(card: Card, me: Tableau, others: Sequence[Tableau] = (), weather: WeatherNow | None = None,
                *, can_hire: bool = True, weather_guide_owed: bool = False) -> GainCheck:
    """The gain check for one Climb against one tableau ('Gain a Revealed Climb Card', 'Using a Guide');
    `weather_guide_owed`: a Guide ignoring the Weather must be hired with the gain anyway (the Fog ignored),
    which takes a tucked Climb from those a Guide option may use unless that option ignores the Weather."""
    attrs = attributes(me, others)
    options: dict[frozenset[Ignore], _Outcome] = {}
    for size in range(len(Ignore) + 1):
        for chosen in combinations(list(Ignore), size):
            options[frozenset(chosen)] = _evaluate(card, attrs, weather, me.hiker, frozenset(chosen))
    now = options[frozenset()]
    available = len(me.tucked) if can_hire else 0
    guide_options = []
    for ignored, outcome in options.items():
        if not ignored or not outcome.sides:
            continue
        # Keep only the smallest sets: each must open more sides than every set it contains.
        ordered = tuple(sorted(ignored, key=list(Ignore).index))
        smaller = [options[frozenset(sub)].sides for size in range(len(ordered))
                   for sub in combinations(ordered, size)]
        if all(set(outcome.sides) > set(sides) for sides in smaller):
            owed = 1 if weather_guide_owed and Ignore.WEATHER not in ordered else 0
            guide_options.append(GuideOption(ignores=ordered, sides=outcome.sides, utility=outcome.utility,
                                             affordable=len(ordered) + owed <= available,
                                             needed=len(ordered) + owed))
    guide_options.sort(key=lambda option: (len(option.ignores), [list(Ignore).index(i) for i in option.ignores]))
    note = None
    if weather is not None and weather.effects is None:
        # i18n: {weather} is the name of a Weather card ("Rain")
        note = msg("{weather}'s effect is not described in the catalog; apply it yourself",
                   weather=weather_word(weather.name))
    return GainCheck(
        card=card.name, possible=bool(now.sides), reason=now.reason, endurance=now.endurance,
        technique=now.technique, hazard=card.hazard, attributes=attrs, utility=now.utility,
        sides=now.sides, blocked=now.blocked, guides=tuple(guide_options), guides_available=available,
        weather_note=note, weather_endurance=now.endurance - card.endurance,
        weather_technique=now.technique - card.technique,
    )


def weather_named(catalog: Catalog, name: str) -> WeatherNow:
    """A Weather by its name on the forecasts, with its effects from the rulebook or the catalog."""
    forecasts = load_data().forecasts
    for forecast in forecasts.forecasts:
        for number, weather in forecast.rounds:
            if name_key(weather) == name_key(name):
                effects = catalog.weather_effects(weather)
                # The month is a word of the data marked for the catalogs (data.VOCABULARY_WORDS).
                return WeatherNow(number, weather, msg(forecast.name), effects, describe_weather(effects))
    raise InvalidInput(msg("unknown Weather {name}; the forecasts name {names}", name=quote(name),
                           names=", ".join(forecasts.names)))


def can_pass(state: State) -> bool:
    """True when the player to act can gain no revealed Climb, even hiring every Guide they can. Not after
    revealing first despite the Fog (a Guide ignoring the Weather is owed with a gain: see `early_reveal_stuck`)."""
    player = current_player(state)
    if player is None or state.phase is not Phase.GAIN or weather_guide_owed(state):
        return False
    return not _any_gainable(state)


def early_reveal_stuck(state: State) -> bool:
    """True when the player revealed first despite the Fog and can gain no revealed Climb with the Guide that is
    owed for it: neither a gain nor a pass is possible, and only undoing the reveal goes on."""
    return (current_player(state) is not None and state.phase is Phase.GAIN and weather_guide_owed(state)
            and not _any_gainable(state))


def weather_guide_owed(state: State) -> bool:
    """True when the player to act revealed first despite the Fog and no ability ignores the Weather: a Guide
    ignoring the Weather must go with this turn's gain (unless one of its own Guides ignores it)."""
    return state.fog_ignored and not player_attributes(state, state.turn).ignores_weather


def _any_gainable(state: State) -> bool:
    for card in state.row:
        check = gain_check(state, state.turn, card.name)
        if check.possible or any(option.affordable for option in check.guides):
            return True
    return False


def cards_in_play(state: State) -> tuple[Card, ...]:
    """The Climbs met in this game that still count: the row's, and every tableau's tucked cards and Guides
    (the catalog's other cards were never seen at this table)."""
    met: dict[str, Card] = {}
    for card in (*state.row, *(t.card for p in state.players for t in p.tucked),
                 *(guide for p in state.players for guide in p.guides)):
        met.setdefault(name_key(card.name), card)
    return tuple(met.values())


def cards_to_save(state: State) -> tuple[Card, ...]:
    """Cards met this game that the catalog lacks or describes less fully, to offer saving them to it.

    A game scored from its final tableaus met the cards on its tableaus; a side entered there as scoring
    nothing (Gear or Training entered with no points) is not its printed ability, so it stays undescribed."""
    catalog = state.setup.catalog
    if state.setup.final:
        met = [card for player in state.players for card in [t.card for t in player.tucked] + list(player.guides)]
        met = [replace(card, sides=tuple(None if ability == () else ability for ability in card.sides))
               for card in met]
        return tuple(card for card in met if catalog.card(card.name) != card)
    return tuple(card for card in state.cards if catalog.card(card.name) != card)


def legal_actions(state: State) -> tuple[Action, ...]:
    """The moves now: right-Class reveals, gains with no or the fewest Guides, or a pass when nothing is gainable."""
    if state.phase is Phase.FINISHED or state.setup.final:
        return ()
    if state.phase in (Phase.SETUP, Phase.REVEAL):
        return revealable(state)
    actions: list[Action] = []
    player = state.players[state.turn]
    tucked_names = [t.card.name for t in player.tucked]
    for card in state.row:
        check = gain_check(state, state.turn, card.name)
        for side in check.sides:
            if card.ability(side) is not None:
                actions.append(Gain(card.name, side))
        for option in check.guides:
            if not option.affordable:
                continue
            for chosen in combinations(tucked_names, len(option.ignores)):
                hires = tuple(GuideHire(name, ignore) for name, ignore in zip(chosen, option.ignores))
                for side in option.sides:
                    if card.ability(side) is not None:
                        actions.append(Gain(card.name, side, hires))
    if not actions and can_pass(state):
        actions.append(Pass())
    return tuple(actions)


def revealable(state: State) -> tuple[Reveal, ...]:
    """Reveals of catalog cards of the deck's next Class not yet met this game."""
    klass = expected_class(state)
    seen = _seen(state)
    return tuple(Reveal(card.name) for card in state.cards if card.klass == klass and name_key(card.name) not in seen)


def can_ignore_fog(state: State) -> bool:
    """True when the player to gain may still reveal at the start despite the Fog: 'Using a Guide' lets a
    Guide ignore a "Weather limitation", and Fog is one ("limiting you to 3 revealed Climb options"). Only a
    player who could then ignore it may: one with a tucked Climb to hire as that Guide, or an ability that
    ignores the Weather; anyone else would be left able neither to gain nor to pass."""
    return _in_fog_before_reveal(state) and _could_ignore_weather(state)


def fog_needs_guide(state: State) -> bool:
    """Whether revealing first despite the Fog takes a Guide hired with the gain: unless the player's abilities
    ignore the Weather (`weather_guide_owed` once revealed)."""
    return not player_attributes(state, state.turn).ignores_weather


def _in_fog_before_reveal(state: State) -> bool:
    weather = weather_now(state)
    return (state.phase is Phase.GAIN and weather is not None and weather.reveal_at_end and not state.fog_ignored
            and not state.players[state.turn].gerry and expected_class(state) is not None)


def _could_ignore_weather(state: State) -> bool:
    return bool(state.players[state.turn].tucked) or player_attributes(state, state.turn).ignores_weather


def prompt(state: State, *, reveal_first: bool = False) -> str:
    """What the game waits for, in words (for a screen's header). `reveal_first`: in a Fog round the player
    has chosen to hire a Guide ignoring the Weather and reveal before gaining ('Using a Guide'), and is
    revealing now."""
    if state.phase is Phase.FINISHED:
        return msg("The game is over: score it.")
    if state.setup.final:
        return msg("Enter each tableau as it lies on the table, then score the game.")
    klass = expected_class(state)
    # i18n: the Class of the next Climb, when the deck is empty ("reveal a new Climb")
    which = class_label(klass) if klass is not None else msg("new")
    if state.phase is Phase.SETUP:
        # i18n: {which} is "Class I" (the Class of the next card of the deck)
        return msg("Reveal the first Climbs: {revealed} of {total} revealed ({which}).", revealed=len(state.row),
                   total=load_data().deck.revealed_at_start, which=which)
    player = state.players[state.turn]
    weather = weather_now(state)
    if weather:
        # i18n: the round of the game, and its Weather card's name ("Round 3 (Fog)")
        where = msg("Round {round} ({weather})", round=state.round, weather=weather_word(weather.name))
    else:
        where = msg("Round {round}", round=state.round)
    if state.phase is Phase.REVEAL:
        if _reveal_late(state):
            # i18n: {where} is "Round 3" or "Round 3 (Fog)"; {which} is "Class I"
            return msg("{where}: {player}, reveal a {which} Climb at the end of the turn.", where=where,
                       player=player.name, which=which)
        # i18n: {where} is "Round 3" or "Round 3 (Rain)"; {which} is "Class I"
        return msg("{where}: {player}, reveal a {which} Climb.", where=where, player=player.name, which=which)
    if can_ignore_fog(state) and reveal_first:
        if not fog_needs_guide(state):
            # i18n: {where} is "Round 3 (Fog)"; {which} is "Class I"; the player's abilities ignore the Weather
            return msg("{where}: {player}, reveal a {which} Climb first, then gain a revealed Climb and tuck it; "
                       "your abilities ignore the Fog.", where=where, player=player.name, which=which)
        # i18n: {where} is "Round 3 (Fog)"; {which} is "Class I"; the player chose to reveal before gaining
        return msg("{where}: {player}, reveal a {which} Climb first, then gain a revealed Climb and tuck it; a "
                   "Guide hired with the gain ignores the Fog.", where=where, player=player.name, which=which)
    if weather_guide_owed(state):
        # i18n: {where} is "Round 3 (Fog)"; the player revealed first, so the gain must come with a Guide
        return msg("{where}: {player}, gain a revealed Climb and tuck it, with the Guide who ignores the Fog "
                   "(you revealed first).", where=where, player=player.name)
    if can_ignore_fog(state) and not fog_needs_guide(state):
        # i18n: {where} is "Round 3 (Fog)"; the player's abilities ignore the Weather, so no Guide is needed
        return msg("{where}: {player}, gain a revealed Climb and tuck it; the Fog has you reveal at the end of "
                   "the turn, unless you reveal first: your abilities ignore the Weather.", where=where,
                   player=player.name)
    if can_ignore_fog(state):
        return msg("{where}: {player}, gain a revealed Climb and tuck it; the Fog has you reveal at the end "
                   "of the turn, unless a Guide ignores the Weather and you reveal first.", where=where,
                   player=player.name)
    return msg("{where}: {player}, gain a revealed Climb and tuck it.", where=where, player=player.name)


# --- the reducer ---------------------------------------------------------------------------------------------

def apply(state: State, action: Action) -> State:
    """Apply one action and return the new state; IllegalAction names the rule that refuses it."""
    if isinstance(action, Describe):
        return _describe(state, action)
    if isinstance(action, Correct):
        return _correct(state, action)
    if isinstance(action, DescribeHiker):
        return replace(state, setup=replace(state.setup, catalog=with_hiker(state.setup.catalog, action.hiker,
                                                                              action.ability)),
                       log=state.log + (msg("Hiker {letter}'s ability described", letter=action.hiker),))
    if isinstance(action, DescribeWeather):
        return replace(state, setup=replace(state.setup, catalog=with_weather(state.setup.catalog, action.weather,
                                                                                action.effects)),
                       log=state.log + (msg("{weather}'s effect described", weather=weather_word(action.weather)),))
    if state.phase is Phase.FINISHED:
        raise IllegalAction(msg("the game is over after nine rounds ('Game End and Scoring')"))
    if state.setup.final:
        raise IllegalAction(msg("this game is scored from its final tableaus: enter each tableau whole, with no "
                                "turns"))
    if isinstance(action, Reveal):
        return _reveal(state, action)
    if isinstance(action, Gain):
        return _gain(state, action)
    if isinstance(action, Pass):
        return _pass(state)
    raise InvalidInput(f"not a 14ers action: {quote(action)}")


def parse_action(doc: Any) -> Action:
    """Read a JSON action: {"type": "reveal"|"gain"|"pass"|"describe", ...}; InvalidInput names the field."""
    if not isinstance(doc, dict):
        raise InvalidInput("an action must be an object with a \"type\"")
    kind = doc.get("type")
    try:
        action_type = ActionType(kind)
    except ValueError:
        raise InvalidInput(f"type: {quote(kind)} is not an action; actions: "
                           f"{', '.join(t.value for t in ActionType)}") from None
    allowed = {ActionType.REVEAL: {"card"}, ActionType.GAIN: {"card", "side", "guides", "ability"},
               ActionType.PASS: set(), ActionType.DESCRIBE: {"card", "side", "ability"},
               ActionType.CORRECT: {"card"}, ActionType.HIKER: {"hiker", "ability"},
               ActionType.WEATHER: {"weather", "effects"}}[action_type]
    for key in doc:
        if key != "type" and key not in allowed:
            raise InvalidInput(f"{key}: not part of a {action_type.value} action; it has "
                               f"{', '.join(sorted(allowed)) or 'nothing else'}")
    if action_type is ActionType.PASS:
        return Pass()
    if action_type is ActionType.REVEAL:
        raw = doc.get("card")
        return Reveal(parse_card(raw, "card") if isinstance(raw, dict) else _name_field(raw, "card"))
    if action_type is ActionType.CORRECT:
        if not isinstance(doc.get("card"), dict):
            raise InvalidInput("card: must be the whole card as printed (a CARD object)")
        return Correct(parse_card(doc["card"], "card"))
    if action_type is ActionType.HIKER:
        letter = doc.get("hiker")
        if letter not in load_data().hikers.letters:
            raise InvalidInput(f"hiker: {letter!r} is not a Hiker; Hikers: {', '.join(load_data().hikers.letters)}")
        raw = doc.get("ability")
        return DescribeHiker(letter, None if raw is None else parse_ability(raw, "ability"))
    if action_type is ActionType.WEATHER:
        name = doc.get("weather")
        if not isinstance(name, str):
            raise InvalidInput("weather: must name a Weather card of the forecasts")
        raw = doc.get("effects")
        return DescribeWeather(name, None if raw is None else parse_weather(raw, "effects"))
    name = _name_field(doc.get("card"), "card")
    side = _side_field(doc.get("side"), "side")
    if action_type is ActionType.DESCRIBE:
        if "ability" not in doc:
            raise InvalidInput("ability: is missing")
        return Describe(name, side, parse_ability(doc["ability"], "ability"))
    guides_raw = doc.get("guides", [])
    if not isinstance(guides_raw, list):
        raise InvalidInput("guides: must be a list of {\"card\": name, \"ignores\": ...}")
    guides = []
    for index, raw in enumerate(guides_raw):
        where = f"guides[{index}]"
        if not isinstance(raw, dict) or set(raw) - {"card", "ignores"}:
            raise InvalidInput(f"{where}: must be an object with card and ignores")
        ignores = raw.get("ignores")
        if ignores is not None:
            try:
                ignores = Ignore(ignores)
            except ValueError:
                raise InvalidInput(f"{where}.ignores: {quote(ignores)} is not something a Guide ignores; "
                                   f"choose {', '.join(i.value for i in Ignore)} or null") from None
        guides.append(GuideHire(_name_field(raw.get("card"), f"{where}.card"), ignores))
    ability = parse_ability(doc["ability"], "ability") if doc.get("ability") is not None else None
    return Gain(name, side, tuple(guides), ability)


def action_to_doc(action: Action) -> dict[str, Any]:
    """An action as the JSON dict `parse_action` reads back."""
    if isinstance(action, Pass):
        return {"type": ActionType.PASS.value}
    if isinstance(action, Reveal):
        card = card_to_doc(action.card) if isinstance(action.card, Card) else action.card
        return {"type": ActionType.REVEAL.value, "card": card}
    if isinstance(action, Describe):
        return {"type": ActionType.DESCRIBE.value, "card": action.card, "side": action.side.value,
                "ability": ability_to_doc(action.ability)}
    if isinstance(action, Correct):
        return {"type": ActionType.CORRECT.value, "card": card_to_doc(action.card)}
    if isinstance(action, DescribeHiker):
        return {"type": ActionType.HIKER.value, "hiker": action.hiker,
                "ability": None if action.ability is None else ability_to_doc(action.ability)}
    if isinstance(action, DescribeWeather):
        return {"type": ActionType.WEATHER.value, "weather": action.weather,
                "effects": None if action.effects is None else weather_to_doc(action.effects)}
    doc: dict[str, Any] = {"type": ActionType.GAIN.value, "card": action.card, "side": action.side.value}
    if action.guides:
        doc["guides"] = [{"card": g.card, "ignores": None if g.ignores is None else g.ignores.value}
                         for g in action.guides]
    if action.ability is not None:
        doc["ability"] = ability_to_doc(action.ability)
    return doc


# --- private: turns ------------------------------------------------------------------------------------------

# Two Guides hired to ignore the same thing ('Using a Guide': each Guide ignores one thing).
_TWO_GUIDES = {
    Ignore.REQUIREMENTS: msg("two Guides ignore the requirements; each Guide ignores one thing"),
    Ignore.HAZARD: msg("two Guides ignore the hazard; each Guide ignores one thing"),
    Ignore.WEATHER: msg("two Guides ignore the weather; each Guide ignores one thing"),
}

@dataclass(frozen=True)
class _Outcome:
    endurance: int
    technique: int
    utility: UtilityUse | None
    requirements_met: bool
    hazard_met: bool
    sides: tuple[Side, ...]
    blocked: tuple[tuple[Side, str], ...]
    reason: str


def _reveal(state: State, action: Reveal) -> State:
    early = can_ignore_fog(state)
    if _in_fog_before_reveal(state) and not early:
        raise IllegalAction(msg("{who} has no tucked Climb to hire as a Guide against the Fog, so reveals at the end "
                                "of the turn: gain a revealed Climb first", who=_who(state)))
    if state.phase not in (Phase.SETUP, Phase.REVEAL) and not early:
        # Fog is named only where the game plays the Weather: without it, the Fog said nothing to the players.
        if not state.setup.weather:
            # i18n: {who} is the player's name, or "the game"
            raise IllegalAction(msg("{who} reveals at the start of the turn, not now: gain a revealed Climb first",
                                    who=_who(state)))
        # i18n: {who} is the player's name, or "the game"
        raise IllegalAction(msg("{who} reveals at the start of the turn (with Fog, at its end), not now: gain a "
                                "revealed Climb first", who=_who(state)))
    klass = expected_class(state)
    if klass is None:
        raise IllegalAction(msg("the Climb deck is empty"))
    # A Climb on the table already is said to be one first, however the player described it this time.
    name = action.card.name if isinstance(action.card, Card) else action.card
    if name_key(name) in _seen(state):
        known = state.card(name)
        # i18n: {card} is a Climb card's name, inside the language's quotation marks
        raise IllegalAction(msg("“{card}” has already been revealed this game (each Climb card is unique)",
                                card=known.name if known is not None else name))
    if isinstance(action.card, Card):
        card = action.card
        known = state.card(card.name)
        if known is not None and known != card:
            if known.klass != klass or _as_printed(card, known):
                # Of another Class in the catalog: that is why it cannot be this draw, whatever the form said (by
                # name it is not offered either). Or described as the catalog prints it, its sides left to the
                # catalog (the reveal form describes the corner): it is the catalog's card.
                card = known
            else:
                raise IllegalAction(msg("{card} is described differently in the catalog; reveal it by name, or "
                                        "change it in the card editor", card=quote(card.name)))
    else:
        known = state.card(action.card)
        if known is None:
            raise InvalidInput(msg("unknown card {card}: it is not in the catalog; reveal it with its class, "
                                   "requirements and icons instead", card=quote(action.card)))
        card = known
    if card.klass != klass:
        players = _deck_players(state)
        # i18n: {klass} and {expected} are "Class II"; {draw} counts the cards drawn; {n} is the player count
        raise IllegalAction(msgn("{card} is {klass}, but card {draw} of the deck for {n} player is {expected} (the "
                                 "deck is stacked Class I on top to Class IV at the bottom)",
                                 "{card} is {klass}, but card {draw} of the deck for {n} players is {expected} (the "
                                 "deck is stacked Class I on top to Class IV at the bottom)", players,
                                 card=quote(card.name), klass=class_label(card.klass), draw=state.drawn + 1,
                                 expected=class_label(klass)))
    cards = state.cards if state.card(card.name) is not None else state.cards + (card,)
    row = solo.place_reveal(state.row, card, solo=state.setup.solo)
    # Before the first turn the setup reveals: "Setup: revealed Longs Peak" beside "Ann: revealed Mt. Elbert".
    who = msg("Setup") if state.phase is Phase.SETUP else state.players[state.turn].name
    state = replace(state, cards=cards, row=row, drawn=state.drawn + 1,
                    log=state.log + (msg("{who}: revealed {card} ({klass})", who=who, card=card.name,
                                         klass=class_label(card.klass)),))
    if state.phase is Phase.SETUP:
        if len(state.row) < load_data().deck.revealed_at_start:
            return state
        return _settle(_start_turn(replace(state, round=1, turn=0)))
    if early:
        # Revealed at the start despite the Fog: the gain must then ignore the Weather.
        # i18n: the game's log: a Climb revealed at the start of the turn despite the Fog
        return replace(state, fog_ignored=True, log=state.log[:-1] + (
            msg("{who}: revealed {card} ({klass}), ignoring the Fog", who=state.players[state.turn].name,
                card=card.name, klass=class_label(card.klass)),))
    return _settle(_finish_step(state))


def _gain(state: State, action: Gain) -> State:
    if state.phase is not Phase.GAIN:
        raise IllegalAction(msg("{who} must reveal a Climb first ('Reveal a New Climb Card')", who=_who(state)))
    index = state.turn
    player = state.players[index]
    card = _row_card(state, action.card)
    ability = card.ability(action.side)
    if ability is None:
        if action.ability is None:
            # i18n: {side} is the side as the cards print it ("Gear")
            raise InvalidInput(msg("{card}'s {side} side is not described yet; give its ability", card=card.name,
                                   side=side_word(action.side)))
        card = card.with_side(action.side, action.ability)
        state = _replace_card(state, card)
    elif action.ability is not None and action.ability != ability:
        # i18n: {ability} is the side's ability in words, in quotes (in English)
        raise IllegalAction(msg("{card}'s {side} side is described as {ability}; change it in the card editor",
                                card=card.name, side=side_word(action.side),
                                ability=quote(str(describe_ability(ability)))))
    ignores: set[Ignore] = set()
    hired: list[Card] = []
    for hire in action.guides:
        tucked = next((t for t in player.tucked if name_key(t.card.name) == name_key(hire.card)), None)
        if tucked is None:
            raise IllegalAction(msg("{card} is not tucked under {player}'s Hiker; a Guide is a tucked Climb "
                                    "removed from the tableau ('Using a Guide')", card=quote(hire.card),
                                    player=player.name))
        if tucked.card in hired:
            raise IllegalAction(msg("{card} is hired as a Guide twice", card=quote(hire.card)))
        if hire.ignores is not None:
            if hire.ignores in ignores:
                raise IllegalAction(_TWO_GUIDES[hire.ignores])
            ignores.add(hire.ignores)
        hired.append(tucked.card)
    # The check uses the tableau from before the Guides leave it: changes take effect next turn.
    attrs = player_attributes(state, index)
    if state.fog_ignored and Ignore.WEATHER not in ignores and not attrs.ignores_weather:
        raise IllegalAction(msg("{player} revealed at the start despite the Fog: hire a Guide to ignore the "
                                "Weather with this gain (or undo the reveal)", player=player.name))
    outcome = _evaluate(card, attrs, weather_now(state), player.hiker, frozenset(ignores))
    if not outcome.requirements_met or not outcome.hazard_met:
        # i18n: {reason} says what is missing ("it needs 3 Endurance and 2 Technique; you have ...")
        raise IllegalAction(msg("{player} cannot gain {card}: {reason}", player=player.name, card=card.name,
                                reason=outcome.reason))
    if action.side not in outcome.sides:
        why = dict(outcome.blocked).get(action.side, "")
        # i18n: {side} is the side as the cards print it ("Capstone"); {reason} says why it is blocked
        raise IllegalAction(msg("{player} cannot tuck {card} as {side}: {reason}", player=player.name,
                                card=card.name, side=side_word(action.side), reason=why))
    tucked_now = tuple(t for t in player.tucked if t.card not in hired) + (Tucked(card, action.side),)
    updated = replace(player, tucked=tucked_now, guides=player.guides + tuple(hired))
    if hired:
        # i18n: the game's log; {side} is the side as the cards print it ("Gear"), {guides} the Guides' card names
        note = msgn("{player}: gained {card} as {side} with Guide {guides}",
                    "{player}: gained {card} as {side} with Guides {guides}", len(hired), player=player.name,
                    card=card.name, side=side_word(action.side), guides=", ".join(c.name for c in hired))
    else:
        # i18n: the game's log; {side} is the side as the cards print it ("Gear")
        note = msg("{player}: gained {card} as {side}", player=player.name, card=card.name,
                   side=side_word(action.side))
    state = replace(state, players=_with_player(state, index, updated),
                    row=tuple(c for c in state.row if name_key(c.name) != name_key(card.name)),
                    log=state.log + (note,))
    return _settle(_finish_step(state))


def _pass(state: State) -> State:
    if state.phase is not Phase.GAIN:
        raise IllegalAction(msg("{who} must reveal a Climb first", who=_who(state)))
    if state.fog_ignored and not player_attributes(state, state.turn).ignores_weather:
        raise IllegalAction(msg("{who} revealed at the start despite the Fog, which needs a Guide hired with a "
                                "gain; undo the reveal to pass", who=_who(state)))
    if not can_pass(state):
        raise IllegalAction(msg("{who} can gain a revealed Climb (with Guides if need be), so the turn must tuck "
                                "one ('Tuck the Gained Climb Card')", who=_who(state)))
    player = state.players[state.turn]
    state = replace(state, players=_with_player(state, state.turn, replace(player, passes=player.passes + 1)),
                    log=state.log + (msg("{player}: could gain no Climb", player=player.name),))
    return _settle(_finish_step(state))


def _describe(state: State, action: Describe) -> State:
    card = state.card(action.card)
    if card is None:
        raise InvalidInput(msg("unknown card {card}: it has not been revealed this game", card=quote(action.card)))
    current = card.ability(action.side)
    if current == action.ability:
        return state
    # A side described wrongly is described again: the new words replace the old wherever the card lies
    # (a tucked side included), and scoring follows; the turns already played stand.
    state = _replace_card(state, card.with_side(action.side, action.ability))
    if current is not None:
        state = replace(state, log=state.log + (msg("{card}'s {side} side described again", card=card.name,
                                                    side=side_word(action.side)),))
    return state


def _correct(state: State, action: Correct) -> State:
    card = state.card(action.card.name)
    if card is None:
        raise InvalidInput(msg("unknown card {card}: it has not been revealed this game",
                               card=repr(action.card.name)))
    if action.card.klass != card.klass:
        raise IllegalAction(msg("{card} was revealed as {klass}, the Class the deck gave at that draw; its Class "
                                "cannot change (undo the reveal to enter another card)", card=card.name,
                                klass=class_label(card.klass)))
    if action.card == card:
        return state
    return replace(_replace_card(state, action.card),
                   log=state.log + (msg("{card} described again as printed", card=card.name),))


def _gerry_take(state: State) -> State:
    index = state.turn
    player = state.players[index]
    card = state.row[solo.gerry_pick(state.row)]
    side = solo.gerry_side(card.klass)
    updated = replace(player, tucked=player.tucked + (Tucked(card, side),))
    return replace(state, players=_with_player(state, index, updated), row=state.row[:-1],
                   log=state.log + (msg("{player}: took {card}, the rightmost Climb, and tucked it as {side}",
                                        player=player.name, card=card.name, side=side_word(side)),))


def _turn_steps(state: State) -> tuple[Phase, Phase]:
    if _reveal_late(state):
        return (Phase.GAIN, Phase.REVEAL)
    return (Phase.REVEAL, Phase.GAIN)


def _reveal_late(state: State) -> bool:
    """True when this turn's reveal comes at its end: a Fog round ('Weather'), unless it is Gerry's turn, who
    takes the rightmost Climb "ignoring all Weather" ('Solo Variant') and so reveals first as in any round."""
    weather = weather_now(state)
    return weather is not None and weather.reveal_at_end and not state.players[state.turn].gerry


def _start_turn(state: State) -> State:
    return replace(state, phase=_turn_steps(state)[0])


def _finish_step(state: State) -> State:
    steps = _turn_steps(state)
    position = steps.index(state.phase)
    if state.fog_ignored:
        state = replace(state, fog_ignored=False)  # the reveal was made first: the turn ends with the gain
    elif position + 1 < len(steps):
        return replace(state, phase=steps[position + 1])
    turn, round_number = state.turn + 1, state.round
    if turn == len(state.players):
        turn, round_number = 0, round_number + 1
    if round_number > load_data().deck.rounds:
        return replace(state, phase=Phase.FINISHED, turn=0)
    return _start_turn(replace(state, turn=turn, round=round_number))


def _settle(state: State) -> State:
    """Run what needs no input: Gerry's take, and a reveal step when the deck is empty."""
    while state.phase is not Phase.FINISHED:
        if state.phase is Phase.REVEAL and expected_class(state) is None:
            state = _finish_step(state)
        elif state.phase is Phase.GAIN and state.players[state.turn].gerry:
            state = _finish_step(_gerry_take(state)) if state.row else _finish_step(state)
        else:
            break
    return state


# --- private: the gain check ---------------------------------------------------------------------------------

def _evaluate(card: Card, attrs: Attributes, weather: WeatherNow | None, hiker: HikerLetter,
              ignores: frozenset[Ignore]) -> _Outcome:
    weather_on = (weather is not None and bool(weather.effects) and not attrs.ignores_weather
                  and Ignore.WEATHER not in ignores)
    extra_e = extra_t = 0
    blocked_by_weather: list[Side] = []  # a Weather that blocks two sides blocks both
    if weather_on and weather is not None:
        for effect in weather.effects or ():
            if effect.kind is WeatherKind.EXTRA and (not effect.only_for_class or card.klass in effect.only_for_class):
                extra_e += effect.endurance
                extra_t += effect.technique
            elif effect.kind is WeatherKind.BLOCK_SIDE and effect.side not in blocked_by_weather:
                blocked_by_weather.append(effect.side)
    need_e, need_t = card.endurance + extra_e, card.technique + extra_t
    reasons = []
    utility: UtilityUse | None = None
    if Ignore.REQUIREMENTS in ignores:
        met = True
    else:
        short_e = max(0, need_e - attrs.endurance)
        short_t = max(0, need_t - attrs.technique)
        pool_class = max(0, attrs.class_utility[card.klass - 1])
        pool = max(0, attrs.utility)
        short = short_e + short_t
        met = short <= pool_class + pool
        if met:
            from_class = min(short, pool_class)
            utility = UtilityUse(short_e, short_t, from_class, short - from_class)
        else:
            # The words need, have and the shortfall, and any Weather's extra cost. The Utility is all that may
            # be spent on this Climb, a Gear's Utility for every Climb with any for its Class only: not said
            # "towards Class IV", as if it all were for that Class.
            missing = short - pool_class - pool
            words = dict(endurance=need_e, technique=need_t, have_endurance=attrs.endurance,
                         have_technique=attrs.technique, utility=attrs.utility_towards(card.klass), short=missing)
            if extra_e or extra_t:
                assert weather is not None
                # i18n: {weather} is a Weather card's name; {extra} is "1 Endurance" or "1 Endurance and 1
                # Technique"; {utility} is all the Utility the player may spend on this Climb; {short} is how many
                # Endurance or Technique are still missing once that Utility is spent
                reasons.append(msgn(
                    "it needs {endurance} Endurance and {technique} Technique ({weather} adds {extra}); you have "
                    "{have_endurance} Endurance, {have_technique} Technique and {utility} Utility usable on this "
                    "Climb: {short} short",
                    "it needs {endurance} Endurance and {technique} Technique ({weather} adds {extra}); you have "
                    "{have_endurance} Endurance, {have_technique} Technique and {utility} Utility usable on this "
                    "Climb: {short} short", missing, weather=weather_word(weather.name),
                    extra=and_words(attribute_amounts(extra_e, extra_t)), **words))
            else:
                # i18n: {utility} is all the Utility the player may spend on this Climb; {short} is how many
                # Endurance or Technique are still missing once that Utility is spent
                reasons.append(msgn(
                    "it needs {endurance} Endurance and {technique} Technique; you have {have_endurance} Endurance, "
                    "{have_technique} Technique and {utility} Utility usable on this Climb: {short} short",
                    "it needs {endurance} Endurance and {technique} Technique; you have {have_endurance} Endurance, "
                    "{have_technique} Technique and {utility} Utility usable on this Climb: {short} short",
                    missing, **words))
    hazard_met = not card.hazard or attrs.meets_hazard or Ignore.HAZARD in ignores
    if not hazard_met:
        reasons.append(msg("it has a Hazard requirement you do not meet"))
    blocked: list[tuple[Side, str]] = []
    if hiker in load_data().hikers.no_capstones:
        blocked.append((Side.CAPSTONE, msg("Hiker {letter} can never tuck Climbs as Capstones; hiring a Guide "
                                           "does not change this", letter=hiker)))
    for side in blocked_by_weather:
        if weather is not None and all(s is not side for s, _ in blocked):
            # i18n: {weather} is a Weather card's name; {side} is the side as the cards print it ("Gear")
            blocked.append((side, msg("{weather} blocks the {side} side this round", weather=weather_word(weather.name),
                                      side=side_word(side))))
    open_sides = tuple(s for s in Side if all(s is not b for b, _ in blocked))
    ok = met and hazard_met
    if ok:
        used = [] if utility is None or not utility.total else [
            # i18n: Utility used in place of an attribute
            msgn("{n} Utility as {attribute}", "{n} Utility as {attribute}", n, attribute=what)
            for n, what in ((utility.endurance, msg("Endurance")), (utility.technique, msg("Technique"))) if n]
        if used and utility is not None and utility.class_utility:
            # i18n: {utility} is "1 Utility as Endurance and 1 Utility as Technique"; {klass} is "Class IV"
            reason = msgn("meets the requirements using {utility} ({n} of it Utility only for {klass})",
                          "meets the requirements using {utility} ({n} of it Utility only for {klass})",
                          utility.class_utility, utility=and_words(used), klass=class_label(card.klass))
        elif used:
            # i18n: {utility} is "1 Utility as Endurance and 1 Utility as Technique"
            reason = msg("meets the requirements using {utility}", utility=and_words(used))
        else:
            reason = msg("meets the requirements")
    else:
        reason = clauses(reasons)
    return _Outcome(need_e, need_t, utility, met, hazard_met, open_sides if ok else (), tuple(blocked), reason)


# --- private: helpers ----------------------------------------------------------------------------------------

def _check_player_count(players: int) -> None:
    if not 1 <= players <= 4:
        raise InvalidInput(msg("14ers is for 1-4 players (1 plays solo against Gerry), not {players}",
                               players=players))


def _deck_players(state: State) -> int:
    # The solo game is set up as a two-player game; the table's "1 or 2 Players" row is the same.
    return len(state.setup.players)


def _weather_of_round(state: State, round_number: int) -> WeatherNow:
    name = load_data().forecasts.weather(round_number)
    return replace(weather_named(state.setup.catalog, name), round=round_number)


def _row_card(state: State, name: str) -> Card:
    key = name_key(name)
    for card in state.row:
        if name_key(card.name) == key:
            return card
    if state.row:
        raise IllegalAction(msg("{card} is not among the revealed Climbs ({revealed})", card=quote(name),
                                revealed=", ".join(c.name for c in state.row)))
    raise IllegalAction(msg("{card} is not among the revealed Climbs", card=quote(name)))


def _seen(state: State) -> set[str]:
    names = {name_key(card.name) for card in state.row}
    for player in state.players:
        names.update(name_key(t.card.name) for t in player.tucked)
        names.update(name_key(card.name) for card in player.guides)
    return names


def _replace_card(state: State, card: Card) -> State:
    key = name_key(card.name)

    def swap(old: Card) -> Card:
        return card if name_key(old.name) == key else old

    players = tuple(replace(p, tucked=tuple(replace(t, card=swap(t.card)) for t in p.tucked),
                            guides=tuple(swap(c) for c in p.guides)) for p in state.players)
    return replace(state, cards=tuple(swap(c) for c in state.cards), row=tuple(swap(c) for c in state.row),
                   players=players)


def _with_player(state: State, index: PlayerIndex, player: Player) -> tuple[Player, ...]:
    return state.players[:index] + (player,) + state.players[index + 1:]


def _as_printed(form: Card, known: Card) -> bool:
    """Whether a card described on the spot says what the catalog's card of its name prints: the same Class,
    requirements and corner icons (in any order), and no side described otherwise."""
    return ((form.klass, form.endurance, form.technique) == (known.klass, known.endurance, known.technique)
            and Counter(form.icons) == Counter(known.icons)
            and all(mine is None or mine == theirs for mine, theirs in zip(form.sides, known.sides)))


def _who(state: State) -> str:
    player = current_player(state)
    # i18n: who is refused an action when no player's turn is on ("the game must reveal a Climb first")
    return player.name if player is not None else msg("the game")


def _name_field(raw: Any, where: str) -> str:
    if not isinstance(raw, str) or not raw.strip():
        raise InvalidInput(f"{where}: must be a card name, not {quote(raw)}")
    return raw


def _side_field(raw: Any, where: str) -> Side:
    try:
        return Side(raw)
    except ValueError:
        raise InvalidInput(f"{where}: {quote(raw)} is not a side; sides: {', '.join(s.value for s in Side)}") from None
