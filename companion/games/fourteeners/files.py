"""The command-line file formats of 14ers (docs/formats.md, section 14ers).

`companion score 14ers FILE` scores finished tableaus:

    {"catalog": CATALOG | "path/to/catalog.json",        (optional: where card names are looked up)
     "accolade": {"most": FILTER} | null,
     "players": [{"name", "hiker": "A"-"D", "gerry": false,
                  "tucked": [{"card": CARD | "card name", "side": "capstone"|"gear"|"training"|"plans",
                              "counted": {"points": N, "note": "..."}}],     (counted: a Plan scored by hand)
                  "guides": [{"card": CARD | "card name"}]}]}

and prints `{"players": [{"name", "accolade", "plans", "capstones", "photos", "total"}], "winner": NAME |
[NAMES]}` (a list when the victory is shared). `companion check 14ers FILE` checks a catalog file, or runs
the gain check for Climbs against one tableau.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from companion.errors import IllegalAction, InvalidInput
from companion.inputs import NoSuchFile, quote, read_json, text_problem

from . import final, solo
from .abilities import Attributes, Tableau, class_label, parse_category
from .catalog import EMPTY, Card, Catalog, import_catalog, name_key, parse_card
from .data import CLASSES, Side, load_data
from .rules import GainCheck, check_climb, hiker_letters, weather_named
from .scoring import Entry, score_tableaus

__all__ = ["MAX_FILE_BYTES", "score_file", "format_score", "check_file", "format_check"]

# The largest 14ers file read, and the largest catalog file a path in one names (docs/formats.md, Limits):
# the app's own limit for a catalog file; a whole deck described in full is about 60 KB.
MAX_FILE_BYTES = 4 * 1024 * 1024
NAME_MAX = 40        # a player's name, as the roster's names
_SCORE_KEYS = ("catalog", "accolade", "players")
_PLAYER_KEYS = ("name", "hiker", "gerry", "tucked", "guides")
_CHECK_KEYS = ("catalog", "weather", "hiker", "tucked", "guides", "rivals", "climbs")


def score_file(doc: Any) -> dict[str, Any]:
    """Score a finished game's tableaus ('Game End and Scoring'); InvalidInput/IllegalAction name the problem."""
    top = _object(doc, "the file", _SCORE_KEYS)
    catalog, from_file = _catalog(top.get("catalog"))
    if "players" not in top:
        raise InvalidInput("players: is missing")
    raw_players = top["players"]
    if not isinstance(raw_players, list) or not 1 <= len(raw_players) <= 4:
        raise InvalidInput("players: must be a list of 1-4 players in turn order")
    accolade = None if top.get("accolade") is None else parse_category(top["accolade"], "accolade")
    entries = [_player(raw, index, catalog, from_file) for index, raw in enumerate(raw_players)]
    _check_table(entries, accolade is not None)
    result = score_tableaus(entries, accolade)
    players = [{"name": p.name, "accolade": p.accolade, "plans": p.plans, "capstones": p.capstones,
                "photos": p.photos, "total": p.total} for p in result.players]
    winners = list(result.winners)
    return {"players": players, "winner": winners[0] if len(winners) == 1 else winners}


def format_score(result: dict[str, Any]) -> str:
    """The score as a small table for people."""
    width = max(len(p["name"]) for p in result["players"])
    lines = [f"{'':<{width}}  Accolade  Plans  Capstones  Photos  Total"]
    for p in result["players"]:
        lines.append(f"{p['name']:<{width}}  {p['accolade']:>8}  {p['plans']:>5}  {p['capstones']:>9}  "
                     f"{p['photos']:>6}  {p['total']:>5}")
    winner = result["winner"]
    lines.append(f"Shared victory: {', '.join(winner)}" if isinstance(winner, list) else f"Winner: {winner}")
    return "\n".join(lines)


def check_file(doc: Any) -> dict[str, Any]:
    """Check a catalog file (with "format"), or run the gain check for Climbs against one tableau."""
    if isinstance(doc, dict) and "format" in doc:
        return {"catalog": _catalog_report(import_catalog(doc))}
    top = _object(doc, "the file", _CHECK_KEYS)
    catalog, from_file = _catalog(top.get("catalog"))
    me = _player({k: top[k] for k in ("hiker", "tucked", "guides") if k in top} | {"name": "you"},
                 None, catalog, from_file)
    rivals_raw = top.get("rivals", [])
    if not isinstance(rivals_raw, list) or len(rivals_raw) > 3:
        raise InvalidInput("rivals: must be a list of up to 3 tableaus")
    rivals = [_player({"name": f"rival {i + 1}"} | raw if isinstance(raw, dict) else raw, i, catalog, from_file,
                      where=f"rivals[{i}]") for i, raw in enumerate(rivals_raw)]
    weather = None if top.get("weather") is None else weather_named(catalog, _text(top["weather"], "weather"))
    climbs_raw = top.get("climbs")
    if not isinstance(climbs_raw, list) or not climbs_raw:
        raise InvalidInput("climbs: must list the revealed Climbs to check (cards or card names)")
    deck = sum(load_data().deck.class_counts)
    if len(climbs_raw) > deck:
        raise InvalidInput(f"climbs: {len(climbs_raw):,} Climbs listed, but the deck has {deck}")
    climbs = [_card(raw, catalog, from_file, f"climbs[{i}]") for i, raw in enumerate(climbs_raw)]
    _each_card_once([("your tableau", me)] + [(f"rivals[{i}]", r) for i, r in enumerate(rivals)], climbs)
    checks = [check_climb(card, me.tableau, [r.tableau for r in rivals], weather) for card in climbs]
    return {
        "attributes": _attributes_doc(checks[0].attributes),
        "weather": None if weather is None else {"name": weather.name, "effects": weather.text},
        "climbs": [_check_doc(check) for check in checks],
    }


def _each_card_once(tables: list[tuple[str, Entry]], climbs: list[Card]) -> None:
    """Each Climb card is unique: a revealed Climb is on no tableau, and no card is listed twice."""
    places = [(owner, [t.card for t in entry.tableau.tucked] + list(entry.tableau.guides)) for owner, entry in tables]
    repeated = final.repeated_card(places + [("climbs", climbs)])
    if repeated is not None:
        card, first, again = repeated
        where = f"twice in {first}" if first == again else f"both in {first} and in {again}"
        raise IllegalAction(f"{quote(card.name)} is {where}; each Climb card is unique")


def format_check(result: dict[str, Any]) -> str:
    """A check's result in words."""
    if "catalog" in result:
        report = result["catalog"]
        by_class = ", ".join(f"{class_label(int(k))}: {v}" for k, v in report["by_class"].items())
        lines = [f"Catalog: {report['cards']} cards ({by_class}), {report['complete_cards']} fully described, "
                 f"{report['accolades']} Accolades"]
        lines += [f"  {gap['card']}: {', '.join(gap['sides'])} not described" for gap in report["undescribed"]]
        return "\n".join(lines)
    a = result["attributes"]
    extra = "".join(f", +{n} Utility for {class_label(int(k))}" for k, n in a["class_utility"].items())
    lines = [f"Endurance {a['endurance']}, Technique {a['technique']}, Utility {a['utility']}{extra}"]
    if result["weather"]:
        lines.append(f"Weather: {result['weather']['name']} ({result['weather']['effects']})")
    for climb in result["climbs"]:
        if climb["possible"]:
            lines.append(f"{climb['card']}: can be gained ({climb['reason']}); sides: {', '.join(climb['sides'])}")
        else:
            lines.append(f"{climb['card']}: cannot be gained now ({climb['reason']})")
        for option in climb["guides"]:
            count = len(option["ignores"])
            lines.append(f"  {count} Guide{'s' if count > 1 else ''} ignoring {' + '.join(option['ignores'])}"
                         f" -> {', '.join(option['sides'])}" + ("" if option["affordable"] else " (not enough"
                                                                  " tucked Climbs to hire them)"))
    return "\n".join(lines)


# --- private helpers --------------------------------------------------------------------------------------------

def _object(doc: Any, where: str, keys: Sequence[str]) -> dict[str, Any]:
    if not isinstance(doc, dict):
        raise InvalidInput(f"{where}: must be a JSON object with {', '.join(keys)}")
    for key in doc:
        if key not in keys:
            raise InvalidInput(f"{where}: unknown key {quote(key)}; the keys are {', '.join(keys)}")
    return doc


def _catalog(raw: Any) -> tuple[Catalog, bool]:
    """The catalog card names resolve against: inline, or a file path (relative to the current folder)."""
    if raw is None:
        return EMPTY, False
    if isinstance(raw, str):
        try:
            path = Path(raw).expanduser()
        except RuntimeError:     # "~someone" names no known home folder: taken as written
            path = Path(raw)
        try:
            doc = read_json(path, MAX_FILE_BYTES, "a catalog file")
        except NoSuchFile:
            raise InvalidInput(f"catalog: no such file {quote(raw)} (a relative path starts at the current "
                               f"folder)") from None
        except InvalidInput as exc:
            raise InvalidInput(f"catalog: {exc}") from None
        return import_catalog(doc), True
    if isinstance(raw, dict):
        return import_catalog(raw), True
    raise InvalidInput("catalog: must be a catalog object or the path of a catalog file")


def _card(raw: Any, catalog: Catalog, from_file: bool, where: str) -> Card:
    if isinstance(raw, dict):
        card = parse_card(raw, where)
        known = catalog.card(card.name)
        if known is not None and known != card:
            raise InvalidInput(f"{where}: {quote(card.name)} is in the catalog, described differently; give its name "
                               f"only, or fix one of the two")
        return card
    if not isinstance(raw, str) or not raw.strip():
        raise InvalidInput(f"{where}: must be a card object or a card name, not {quote(raw)}")
    named = catalog.card(raw)
    if named is None:
        if not from_file:
            raise InvalidInput(f"{where}: the card name {quote(raw)} needs a \"catalog\" in the file to look it up "
                               f"in; or give the whole card object")
        raise InvalidInput(f"{where}: unknown card {quote(raw)}: it is not in the file's catalog")
    return named


def _player(raw: Any, index: int | None, catalog: Catalog, from_file: bool, *,
            where: str | None = None) -> Entry:
    where = where or (f"players[{index}]" if index is not None else "the file")
    player = _object(raw, where, _PLAYER_KEYS)
    name = _text(player.get("name"), f"{where}.name")
    problem = text_problem(name, max_len=NAME_MAX, what=f"the name {quote(name)}")
    if problem:
        raise InvalidInput(f"{where}.name: {problem}")
    hiker = player.get("hiker")
    letters = load_data().hikers.letters
    if hiker not in letters:
        raise InvalidInput(f"{where}.hiker: {quote(hiker)} is not a Hiker; Hikers: {', '.join(letters)}")
    gerry = player.get("gerry", False)
    if not isinstance(gerry, bool):
        raise InvalidInput(f"{where}.gerry: must be true or false")
    rounds = load_data().deck.rounds
    gained = len(_list(player.get("tucked", []), f"{where}.tucked")) + len(_list(player.get("guides", []),
                                                                                f"{where}.guides"))
    if gained > rounds:     # counted before any card is read
        raise IllegalAction(f"{where}: {gained:,} Climbs tucked or hired as Guides, but a player gains one Climb "
                            f"a turn for {rounds} rounds")

    def lookup(raw: Any, at: str) -> Card:
        return _card(raw, catalog, from_file, at)

    tucked = tuple(final.read_tucked(entry, f"{where}.tucked[{i}]", lookup)
                   for i, entry in enumerate(_list(player.get("tucked", []), f"{where}.tucked")))
    guides = []
    for i, entry in enumerate(_list(player.get("guides", []), f"{where}.guides")):
        item = _object(entry, f"{where}.guides[{i}]", ("card",))
        guides.append(_card(item.get("card"), catalog, from_file, f"{where}.guides[{i}].card"))
    final.check_player(tucked, guides, hiker, gerry, where)
    return Entry(name, Tableau(hiker=hiker, tucked=tucked, guides=tuple(guides),
                               hiker_ability=catalog.hiker_ability(hiker)), gerry)


def _check_table(entries: Sequence[Entry], has_accolade: bool) -> None:
    """The seats, Hikers and cards fit one game: unique names and cards, Hikers by order, deck size by Class."""
    names = [name_key(e.name) for e in entries]
    if len(set(names)) != len(names):
        raise InvalidInput("players: two players have the same name")
    gerries = [i for i, e in enumerate(entries) if e.gerry]
    if gerries:
        if len(entries) != 2 or gerries != [1]:
            raise InvalidInput("players: Gerry plays the solo variant: exactly two players, Gerry second")
        if has_accolade:
            raise InvalidInput("accolade: the solo variant is played without an Accolade; use null")
        if entries[1].tableau.hiker != solo.gerry_hiker():
            raise IllegalAction(f"players[1].hiker: Gerry uses Hiker {solo.gerry_hiker()}")
    humans = [e for e in entries if not e.gerry]
    if not gerries and len(entries) == 1:
        # 'Solo Variant': one player plays against Gerry ("Your opponent is a simulated Hiker named Gerry").
        raise InvalidInput("players: one player plays the solo variant against Gerry; add Gerry as the second "
                           "player (\"gerry\": true)")
    if not gerries and not has_accolade:
        # 'Accolades': "During setup, randomly choose an Accolade as a scoring goal" -- only solo goes without.
        raise InvalidInput("accolade: a game of 2-4 players is scored with its Accolade; give its category "
                           "(null is only for the solo variant)")
    for index, entry in enumerate(humans):
        expected = {hiker_letters([False] * len(humans))[index], hiker_letters([True] * len(humans))[index]}
        if entry.tableau.hiker not in expected:
            raise IllegalAction(f"players[{index}].hiker: with {len(humans)} player{'s' if len(humans) > 1 else ''}"
                                f" seat {index + 1} plays Hiker {' or '.join(sorted(expected))} (A/B go to the "
                                f"first players in round order, C/D to the last)")
    final.check_cards([(entry.name, [t.card for t in entry.tableau.tucked] + list(entry.tableau.guides))
                       for entry in entries], len(humans))


def _catalog_report(catalog: Catalog) -> dict[str, Any]:
    return {
        "cards": len(catalog.cards),
        "by_class": {str(k): sum(1 for c in catalog.cards if c.klass == k) for k in CLASSES},
        "complete_cards": sum(1 for c in catalog.cards if c.described),
        "undescribed": [{"card": c.name, "sides": [s.value for s in Side if c.ability(s) is None]}
                        for c in catalog.cards if not c.described],
        "accolades": len(catalog.accolades),
        "hikers": [letter for letter, ability in catalog.hikers if ability is not None],
        "weather": [name for name, effects in catalog.weather if effects is not None],
    }


def _attributes_doc(attrs: Attributes) -> dict[str, Any]:
    return {"endurance": attrs.endurance, "technique": attrs.technique, "utility": attrs.utility,
            "class_utility": {str(k): n for k, n in zip(CLASSES, attrs.class_utility) if n},
            "meets_hazard": attrs.meets_hazard, "ignores_weather": attrs.ignores_weather}


def _check_doc(check: GainCheck) -> dict[str, Any]:
    use = check.utility
    return {
        "card": check.card,
        "possible": check.possible,
        "reason": check.reason,
        "endurance": check.endurance,
        "technique": check.technique,
        "hazard": check.hazard,
        "utility": None if use is None else {"endurance": use.endurance, "technique": use.technique,
                                             "class_utility": use.class_utility, "utility": use.utility},
        "sides": [s.value for s in check.sides],
        "blocked": [{"side": s.value, "reason": why} for s, why in check.blocked],
        "guides": [{"ignores": [i.value for i in o.ignores], "sides": [s.value for s in o.sides],
                    "affordable": o.affordable} for o in check.guides],
        "note": check.weather_note,
    }


def _list(raw: Any, where: str) -> list[Any]:
    if not isinstance(raw, list):
        raise InvalidInput(f"{where}: must be a list")
    return raw


def _text(raw: Any, where: str) -> str:
    if not isinstance(raw, str) or not raw.strip():
        raise InvalidInput(f"{where}: must be a non-empty string, not {quote(raw)}")
    return raw.strip()
