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

from companion.errors import IllegalAction, InvalidInput
from companion.inputs import quote

from . import final, solo
from .abilities import PointsLine, parse_category
from .catalog import EMPTY, AccoladeSide, Catalog, import_catalog
from .rules import AccoladeChoice, Phase, PlayerSetup, Setup, State, apply as apply_action, draw_accolade
from .rules import new_game, parse_action
from .scoring import score, verdict

__all__ = ["GAME_ID", "parse_setup", "start", "apply", "summary", "solo_title"]

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
        raise InvalidInput("setup.players: must list 1-4 players in turn order (1 plays solo against Gerry)")
    players = tuple(_player(raw, f"setup.players[{i}]") for i, raw in enumerate(raw_players))
    weather = doc.get("weather", False)
    if not isinstance(weather, bool):
        raise InvalidInput("setup.weather: must be true or false (the Backcountry Weather option)")
    final = doc.get("final", False)
    if not isinstance(final, bool):
        raise InvalidInput("setup.final: must be true or false (scoring a finished game from its tableaus)")
    if final and doc.get("accolade") == "random":
        raise InvalidInput("setup.accolade: a finished game's Accolade is on the table; choose it or give its "
                           "category")
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


def solo_title(you: str) -> str:
    """The name of a solo game against Gerry ('Solo play'), the same while it is played and in History."""
    return f"{you} vs {solo.gerry_name()}"


def summary(state: State) -> dict[str, Any]:
    """The history record's fields for a finished game: game, title, players with scores, and the breakdown."""
    if state.phase is not Phase.FINISHED:
        raise IllegalAction("the game is not over yet: nine rounds are played before scoring")
    result = score(state)
    ids = {p.name: p.player_id for p in state.players}
    totals = {p.name: p.total for p in result.players}
    you = state.players[0].name
    gerry = solo.gerry_name()
    outcome = solo.outcome(totals[you], totals[gerry], result.winners, you) if state.setup.solo else None
    accolade = state.setup.accolade
    if state.setup.solo:
        title = solo_title(you)
    else:
        title = f"{len(state.players)} players" + (f" · {accolade.name}" if accolade and accolade.name else "")
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
        raise InvalidInput(f"{where}: a drawn Accolade is chosen at setup; give the name and side, or the category")
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
        raise InvalidInput(f"{where}: give the category, or the name and side of a catalog Accolade")
    card = catalog.accolade(name)
    if card is None:
        raise InvalidInput(f"{where}.name: no Accolade named {quote(name)} in the catalog")
    category = card.category(half)
    if category is None:
        raise InvalidInput(f"{where}: the {half.value} side of {quote(card.name)} is not described yet")
    return AccoladeChoice(category, card.name, half)


def _line(line: PointsLine) -> dict[str, Any]:
    return {"source": line.source, "side": None if line.side is None else line.side.value, "text": line.text,
            "points": line.points, **({"by_hand": True} if line.by_hand else {})}
