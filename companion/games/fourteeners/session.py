"""The app's JSON interface to 14ers: a setup dict starts a game, action dicts advance it, a summary ends it.

Setup:
    {"players": [{"name": "Ann", "id": "<roster id>" | null, "side": "basic" | "advanced"} | "Ann", ...],
     "weather": false,
     "accolade": null | "random" | {"name": "...", "side": "basic" | "advanced"}
                 | {"category": {"most": FILTER}, "name": "...", "side": "basic" | "advanced"},
     "seed": 12345,                       (required with "random": the Accolade is drawn with it)
     "catalog": CATALOG,                  (a snapshot of the owner's catalog, so replays never change)
     "final": false}                      (true: a finished game scored from its final tableaus, final.py)

One player plays solo against Gerry (no Accolade); 2-4 players need an Accolade. Actions are those of
`rules.parse_action`: reveal, gain (with guides), pass, describe, and the corrections; a final-tableaus
game takes `final.py`'s tableau, accolade and score instead of turns.
"""

from __future__ import annotations

from random import Random
from typing import Any

from companion.errors import CompanionError, IllegalAction, InvalidInput
from companion.games.words import UNRECOGNISED, safely
from companion.i18n.message import Message, N_, msg, msgn
from companion.inputs import quote

from . import final, solo
from .abilities import PointsLine, class_label, describe_category, parse_category
from .data import Side
from .catalog import EMPTY, AccoladeSide, Card, Catalog, import_catalog
from .rules import AccoladeChoice, Phase, PlayerSetup, Setup, State, apply as apply_action, draw_accolade
from .rules import Correct, Describe, DescribeHiker, DescribeWeather, Gain, Ignore, Reveal
from .rules import can_ignore_fog, new_game, parse_action
from .scoring import score, verdict
from .wording import and_words, half_word, weather_word

__all__ = ["GAME_ID", "parse_setup", "start", "apply", "summary", "solo_title", "describe_action", "setup_options"]

GAME_ID = "fourteeners"
_SETUP_KEYS = ("players", "weather", "accolade", "seed", "catalog", "final")


def parse_setup(doc: Any) -> Setup:
    """Read a setup dict ('Setup': players in order, Hiker sides, Weather, the Accolade, the catalog)."""
    if not isinstance(doc, dict):
        raise InvalidInput("setup: must be an object with players")
    for key in doc:
        if key not in _SETUP_KEYS:
            raise InvalidInput(f"setup: unknown key {quote(key)}; the keys are {', '.join(_SETUP_KEYS)}")
    raw_players = doc.get("players")
    if not isinstance(raw_players, list) or not 1 <= len(raw_players) <= 4:
        raise InvalidInput(msg("{where}: must list 1-4 players in turn order (1 plays solo against Gerry)",
                               where="setup.players"))
    players = tuple(_player(raw, f"setup.players[{i}]") for i, raw in enumerate(raw_players))
    weather = doc.get("weather", False)
    if not isinstance(weather, bool):
        raise InvalidInput("setup.weather: must be true or false (the Backcountry Weather option)")
    final = doc.get("final", False)
    if not isinstance(final, bool):
        raise InvalidInput("setup.final: must be true or false (scoring a finished game from its tableaus)")
    if final and doc.get("accolade") == "random":
        raise InvalidInput(msg("{where}: a finished game's Accolade is on the table; choose it or give its "
                               "category", where="setup.accolade"))
    catalog = EMPTY if doc.get("catalog") is None else import_catalog(doc["catalog"])
    accolade = _accolade(doc, catalog)
    return Setup(players=players, weather=weather and not final, accolade=accolade, catalog=catalog, final=final)


def start(setup: dict[str, Any]) -> State:
    """A new game from a setup dict; the first step is revealing the first three Climbs."""
    return new_game(parse_setup(setup))


def apply(state: State, action: dict[str, Any]) -> State:
    """Apply one JSON action (reveal, gain, pass, describe, corrections; tableau, accolade, score) and return
    the new state."""
    if isinstance(action, dict) and action.get("type") in final.ACTIONS:
        catalog = state.setup.catalog
        return final.apply_doc(state, action, lambda raw: _accolade({"accolade": raw}, catalog, where="accolade"))
    return apply_action(state, parse_action(action))


def describe_action(state: State, action: dict[str, Any]) -> str:
    """One entry in words, from the game as it stood before it: "Round 3, Ann: gained Longs Peak, tucked as
    Capstone (Guide: Mt. Elbert ignoring the Hazard)", "Round 2, Bo revealed Pikes Peak", "Described Longs
    Peak's Gear side", "Ann's tableau entered: 5 Climbs, 2 Guides", "Scored"; never raises (an unreadable
    entry is "An entry the game does not recognise")."""
    said: list[str] = []

    def describe(state: State, action: Any) -> str:
        said.append(_describe(state, action))
        return said[-1]

    text = safely(describe, state, action)
    # The words as a Message, so a screen can say them in its language, when `safely` kept them as they were.
    return said[0] if said and isinstance(said[0], Message) and str(said[0]) == text else text


def solo_title(you: str) -> str:
    """The name of a solo game against Gerry ('Solo play'), the same while it is played and in History."""
    # A stored value (the session's and the History record's title): English, with its words kept beside it.
    # i18n: the title of a solo game: the player's name against the solo opponent's (Gerry)
    return msg("{you} vs {gerry}", you=you, gerry=solo.gerry_name())


def summary(state: State) -> dict[str, Any]:
    """The history record's fields for a finished game: game, title, players with scores, and the breakdown."""
    if state.phase is not Phase.FINISHED:
        raise IllegalAction(msg("the game is not over yet: nine rounds are played before scoring"))
    result = score(state)
    ids = {p.name: p.player_id for p in state.players}
    totals = {p.name: p.total for p in result.players}
    you = state.players[0].name
    gerry = solo.gerry_name()
    # The record keeps the English words; the store keeps beside them what History needs to say them in the
    # player's language (records.message_words).
    outcome = solo.outcome(totals[you], totals[gerry], result.winners, you) if state.setup.solo else None
    accolade = state.setup.accolade
    if state.setup.solo:
        title = solo_title(you)
    else:
        players = msgn("{n} player", "{n} players", len(state.players))
        title = msg("{players} · {accolade}", players=players, accolade=accolade.name) \
            if accolade and accolade.name else players
    # Solo is played without an Accolade: its record has no Accolade fields, so History shows no empty
    # Accolade row or zero Accolade points beside the scores.
    has_accolade = not state.setup.solo
    detail: dict[str, Any] = {
        "players": [{"name": p.name, "hiker": p.hiker, "gerry": p.gerry,
                     **({"accolade": p.accolade} if has_accolade else {}),
                     "plans": p.plans, "capstones": p.capstones, "photos": p.photos, "total": p.total,
                     "lines": [_line(line) for line in p.lines]} for p in result.players],
        "winner": list(result.winners),
    }
    if has_accolade:
        detail["accolade"] = None if result.accolade is None else {
            "name": accolade.name if accolade else None,
            "side": accolade.side.value if accolade and accolade.side else None,
            "category": result.accolade.text,
            "counts": dict(result.accolade.counts),
            "winners": list(result.accolade.winners),
            "points": result.accolade.points,
        }
    detail["weather"] = state.setup.weather
    detail["outcome"] = outcome
    detail["verdict"] = verdict(result, you if state.setup.solo else None)
    if state.setup.final:
        detail["scored_from_tableaus"] = True      # entered at the end, not played turn by turn here
    return {
        "game": GAME_ID,
        "title": title,
        "players": [{"id": ids[p.name], "name": p.name, "score": p.total, "winner": p.name in result.winners}
                    for p in result.players],
        "detail": detail,
    }


def _player(raw: Any, where: str) -> PlayerSetup:
    if isinstance(raw, str):
        raw = {"name": raw}
    if not isinstance(raw, dict):
        raise InvalidInput(f"{where}: must be a name or an object with name, id and side")
    for key in raw:
        if key not in ("name", "id", "side"):
            raise InvalidInput(f"{where}: unknown key {quote(key)}; a player has name, id and side")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise InvalidInput(f"{where}.name: must be a non-empty name")
    player_id = raw.get("id")
    if player_id is not None and not isinstance(player_id, str):
        raise InvalidInput(f"{where}.id: must be a roster id (text) or null")
    side = raw.get("side", "basic")
    if side not in ("basic", "advanced"):
        raise InvalidInput(f"{where}.side: must be 'basic' (Hiker A or C) or 'advanced' (B or D), not {quote(side)}")
    return PlayerSetup(name=" ".join(name.split()), player_id=player_id, advanced=side == "advanced")


def _accolade(doc: dict[str, Any], catalog: Catalog, where: str = "setup.accolade") -> AccoladeChoice | None:
    raw = doc.get("accolade")
    if raw is None:
        return None
    if raw == "random" and where != "setup.accolade":
        raise InvalidInput(msg("{where}: a drawn Accolade is chosen at setup; give the name and side, or the "
                               "category", where=where))
    if raw == "random":
        seed = doc.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidInput("setup.seed: a random Accolade needs a whole-number seed")
        return draw_accolade(catalog, Random(seed))
    if not isinstance(raw, dict):
        raise InvalidInput(f"{where}: must be null, \"random\", {{\"name\", \"side\"}} or {{\"category\", ...}}")
    for key in raw:
        if key not in ("name", "side", "category"):
            raise InvalidInput(f"{where}: unknown key {quote(key)}; it has name, side and category")
    side = raw.get("side")
    if side is not None and side not in ("basic", "advanced"):
        raise InvalidInput(f"{where}.side: must be 'basic' or 'advanced', not {quote(side)}")
    half = AccoladeSide(side) if side is not None else None
    name = raw.get("name")
    if name is not None and (not isinstance(name, str) or not name.strip()):
        raise InvalidInput(f"{where}.name: must be a non-empty name")
    if "category" in raw:
        return AccoladeChoice(parse_category(raw["category"], f"{where}.category"), name, half)
    if name is None or half is None:
        raise InvalidInput(msg("{where}: give the category, or the name and side of a catalog Accolade",
                               where=where))
    card = catalog.accolade(name)
    if card is None:
        at_field = f"{where}.name"
        raise InvalidInput(msg("{where}: no Accolade named {name} in the catalog", where=at_field,
                               name=quote(name)))
    category = card.category(half)
    if category is None:
        # i18n: {half} is "basic" or "advanced", the half of the Accolade card
        raise InvalidInput(msg("{where}: the {half} side of {card} is not described yet", where=where,
                               half=half_word(half), card=quote(card.name)))
    return AccoladeChoice(category, card.name, half)


def _line(line: PointsLine) -> dict[str, Any]:
    return {"source": str(line.source), "side": None if line.side is None else line.side.value, "text": line.text,
            "points": line.points, **({"by_hand": True} if line.by_hand else {})}


# A hired Guide and what it lets the player ignore, as 'Using a Guide' lists it.
_IGNORES = {
    # i18n: a Guide hired, by its card's name
    Ignore.REQUIREMENTS: N_("{card} ignoring the requirements"),
    # i18n: a Guide hired, by its card's name
    Ignore.HAZARD: N_("{card} ignoring the Hazard"),
    # i18n: a Guide hired, by its card's name
    Ignore.WEATHER: N_("{card} ignoring the Weather"),
}


def _describe(state: State, doc: Any) -> str:
    if not isinstance(doc, dict):
        return UNRECOGNISED
    kind = doc.get("type")
    if kind in final.ACTIONS:
        return _final_words(state, doc)
    action = parse_action(doc)
    if isinstance(action, Describe):
        # i18n: an entry of the game; {side} is a side of the Hiker card ("Gear")
        return msg("Described {card}'s {side} side", card=_card_name(state, action.card), side=_side(action.side))
    if isinstance(action, Correct):
        return msg("Corrected {card} as printed", card=_card_name(state, action.card.name))
    if isinstance(action, DescribeHiker):
        if action.ability is not None:
            return msg("Described Hiker {letter}'s ability", letter=action.hiker)
        return msg("Cleared Hiker {letter}'s ability", letter=action.hiker)
    if isinstance(action, DescribeWeather):
        if action.effects is not None:
            # i18n: {weather} is a Weather card's name ("Rain")
            return msg("Described {weather}'s effects", weather=weather_word(action.weather))
        # i18n: {weather} is a Weather card's name ("Rain")
        return msg("Cleared {weather}'s effects", weather=weather_word(action.weather))
    if state.phase is Phase.SETUP:
        # i18n: when an entry was made: before the first turn
        when = msg("Setup")
    elif state.phase is Phase.FINISHED or not state.players:
        # i18n: when an entry was made: once the game was over
        when = msg("After the game")
    else:
        # i18n: when an entry was made: the round and the player whose turn it was
        when = msg("Round {round}, {player}", round=state.round, player=state.players[state.turn].name)
    if isinstance(action, Reveal):
        card = action.card
        name = card.name if isinstance(card, Card) else _card_name(state, card)
        known = card if isinstance(card, Card) else state.card(card)
        if known is not None and can_ignore_fog(state):
            # Revealed at the start despite the Fog, as the game's log says it: a Guide ignoring it is owed.
            # i18n: an entry of the game; {when} is "Round 3, Ann"; {klass} is "Class II"
            return msg("{when}: revealed {card} ({klass}), ignoring the Fog", when=when, card=name,
                       klass=class_label(known.klass))
        if known is not None:
            # i18n: an entry of the game; {when} is "Setup" or "Round 3, Ann"; {klass} is "Class II"
            return msg("{when}: revealed {card} ({klass})", when=when, card=name, klass=class_label(known.klass))
        # i18n: an entry of the game; {when} is "Setup" or "Round 3, Ann"
        return msg("{when}: revealed {card}", when=when, card=name)
    if isinstance(action, Gain):
        card, side = _card_name(state, action.card), _side(action.side)
        if action.guides:
            hired = and_words(msg(_IGNORES[g.ignores], card=_card_name(state, g.card)) if g.ignores is not None
                              else _card_name(state, g.card) for g in action.guides)
            if action.ability is not None:
                # i18n: an entry of the game; {when} is "Round 3, Ann"; {side} is "Gear"; {guides} lists the Guides
                return msgn("{when}: gained {card}, tucked as {side} (Guide: {guides}), its {side} side described",
                            "{when}: gained {card}, tucked as {side} (Guides: {guides}), its {side} side described",
                            len(action.guides), when=when, card=card, side=side, guides=hired)
            # i18n: an entry of the game; {when} is "Round 3, Ann"; {side} is "Gear"; {guides} lists the Guides
            return msgn("{when}: gained {card}, tucked as {side} (Guide: {guides})",
                        "{when}: gained {card}, tucked as {side} (Guides: {guides})", len(action.guides),
                        when=when, card=card, side=side, guides=hired)
        if action.ability is not None:
            # i18n: an entry of the game; {when} is "Round 3, Ann"; {side} is "Gear"
            return msg("{when}: gained {card}, tucked as {side}, its {side} side described", when=when, card=card,
                       side=side)
        # i18n: an entry of the game; {when} is "Round 3, Ann"; {side} is "Gear"
        return msg("{when}: gained {card}, tucked as {side}", when=when, card=card, side=side)
    return msg("{when}: could gain no Climb", when=when)


def _final_words(state: State, doc: dict[str, Any]) -> str:
    kind = doc["type"]
    allowed = {"tableau": {"type", "player", "tucked", "guides"}, "accolade": {"type", "accolade"},
               "score": {"type"}}[kind]
    if set(doc) - allowed:
        return UNRECOGNISED
    if kind == "score":
        # i18n: an entry of a game scored from its final tableaus: the scoring itself
        return msg("Scored")
    if kind == "accolade":
        choice = _accolade({"accolade": doc.get("accolade")}, state.setup.catalog, where="accolade")
        if choice is None:
            return UNRECOGNISED
        if choice.name and choice.side is not None:
            # i18n: an Accolade card by its name and the half in play ("basic", "advanced")
            named = msg("{name} ({half})", name=choice.name, half=half_word(choice.side))
        else:
            named = choice.name or describe_category(choice.category)
        # i18n: {accolade} is the Accolade card's name, or its category ("most Climbs tucked as Gear")
        return msg("Accolade set: {accolade}", accolade=named)
    seat = doc.get("player")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.players):
        return UNRECOGNISED
    tucked, guides = doc.get("tucked", []), doc.get("guides", [])
    if not isinstance(tucked, list) or not isinstance(guides, list):
        return UNRECOGNISED
    # i18n: an entry of a game scored from its final tableaus; {climbs} is "5 Climbs", {guides} "2 Guides"
    return msg("{player}'s tableau entered: {climbs}, {guides}", player=state.players[seat].name,
               climbs=msgn("{n} Climb", "{n} Climbs", len(tucked)), guides=msgn("{n} Guide", "{n} Guides", len(guides)))


def _card_name(state: State, name: str) -> str:
    # The card's own spelling when the game knows it ("Mt. Elbert" for "mt.  elbert").
    known = state.card(name)
    return known.name if known is not None else " ".join(name.split())


def _side(side: Side) -> str:
    # The printed word ("Gear"), a word of the data marked for the catalogs (data.VOCABULARY_WORDS).
    return msg(side.value.capitalize())


def setup_options(setup: dict[str, Any]) -> list[dict[str, Any]]:
    """What of a game's setup can be corrected once turns are taken: each player's Hiker side (Basic or
    Advanced) and, for a game played turn by turn, the Weather option and the Accolade (any half of the
    catalog's Accolade cards: a table that set out the wrong one plays on). Each option is {"label",
    "choices": [{"label", "setup", "current"}]}; the players and their order are the game itself."""
    players = setup.get("players") if isinstance(setup.get("players"), list) else []
    options = []
    # i18n: the Basic side of a Hiker card (A or C)
    basic = msg("Basic")
    # i18n: the Advanced side of a Hiker card (B or D)
    advanced = msg("Advanced")
    for index, raw in enumerate(players):
        entry = raw if isinstance(raw, dict) else {"name": raw}
        name = entry.get("name")
        if not isinstance(name, str):
            continue
        side = entry.get("side", "basic")
        choices = []
        for value, label in (("basic", basic), ("advanced", advanced)):
            changed = [dict(p) if isinstance(p, dict) else {"name": p} for p in players]
            changed[index] = {**entry, "side": value}
            choices.append({"label": label, "setup": {**setup, "players": changed}, "current": side == value})
        options.append({"label": msg("{player}'s Hiker side", player=name), "choices": choices})
    if not setup.get("final"):
        weather = bool(setup.get("weather", False))
        # i18n: the Backcountry Weather option of a game's setup
        title = msg("Weather")
        # i18n: a choice of the Weather option: played without Weather
        off = msg("Off")
        # i18n: a choice of the Weather option: played with Weather
        on = msg("On")
        options.append({"label": title, "choices": [
            {"label": label, "setup": {**setup, "weather": value}, "current": weather == value}
            for value, label in ((False, off), (True, on))]})
        options.extend(_accolade_options(setup))
    return options


def _accolade_options(setup: dict[str, Any]) -> list[dict[str, Any]]:
    """The Accolade as an option of the setup: every described half of the catalog's Accolade cards, the one in
    play current (drawn at setup, it is the one the seed drew; one typed at setup, its category only, is a
    choice of its own). None for a solo game (Gerry plays without one), fewer than two choices, or a setup that
    cannot be read."""
    try:
        parsed = parse_setup(setup)
    except CompanionError:
        return []
    now = parsed.accolade
    if parsed.solo or now is None:
        return []
    choices = [
        # i18n: an Accolade card by its name and the half in play ("basic", "advanced")
        {"label": msg("{name} ({half})", name=card.name, half=half_word(half)),
         "setup": {**setup, "accolade": {"name": card.name, "side": half.value}},
         "current": now.name == card.name and now.side is half}
        for card in parsed.catalog.accolades for half in AccoladeSide if card.category(half) is not None]
    if not any(choice["current"] for choice in choices):
        choices.insert(0, {"label": describe_category(now.category), "setup": setup, "current": True})
    if len(choices) < 2:
        return []
    # i18n: the Accolade option of a game's setup (the Accolade card and half in play)
    return [{"label": msg("Accolade"), "choices": choices}]
