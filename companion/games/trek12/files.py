"""Trek 12 command-line files: a game (its turns, replayed through the rules) or a filled sheet.

`companion score trek12 FILE` reads either document (docs/formats.md, Trek 12) and prints the score
breakdown; `companion check trek12 FILE` checks a sheet file or either document.
"""

from __future__ import annotations

from random import Random
from typing import Any

from companion.errors import DataError, IllegalAction, InvalidInput
from companion.games.trek12.data import (SHEET_NAMES, Sheet, drawing_problems, load_sheet, sheet_from_dict,
                                         sheet_warnings)
from companion.games.trek12.rules import (
    MAX_ASSISTS,
    SKULL,
    Action,
    Assist,
    Op,
    Roll,
    Ruleset,
    State,
    apply,
    cash,
    fill_board,
    new_game,
    parse_circle_id,
)
from companion.games.trek12.scoring import ScoreBreakdown, score, score_board
from companion.games.trek12.solo import max_score, winner, winner_of
from companion.inputs import quote

__all__ = [
    "MAX_FILE_BYTES",
    "resolve_sheet",
    "parse_solo",
    "parse_cards",
    "play_game",
    "score_file",
    "format_score",
    "check_file",
    "format_check",
    "coach_file",
    "format_coach",
]

# The largest Trek 12 file read (docs/formats.md, Limits): the app's own limit for a sheet file; a game
# on a printed sheet is about 3 KB.
MAX_FILE_BYTES = 1024 * 1024
COACH_MOVES = 10   # moves listed by `companion coach trek12`, best first

_GAME_KEYS = ("sheet", "ruleset", "solo", "turns", "assists", "max_assists", "cash", "last_ascent")
_FILLED_KEYS = ("sheet", "circles", "lines", "ropes", "solo", "max")


def resolve_sheet(raw: Any) -> Sheet:
    """The sheet a document names ("dunai", "kagkot", "dhaulagiri") or describes (a sheet object)."""
    if isinstance(raw, str):
        if raw.strip().lower() not in SHEET_NAMES:
            raise InvalidInput(f"'sheet': unknown sheet {quote(raw)}; use one of {', '.join(SHEET_NAMES)} "
                               "or a sheet object")
        return load_sheet(raw.strip().lower())
    if isinstance(raw, dict):
        try:
            return sheet_from_dict(raw, origin="'sheet'")
        except DataError as exc:
            raise InvalidInput(str(exc)) from None
    raise InvalidInput(f"'sheet' must be a sheet name ({', '.join(SHEET_NAMES)}) or a sheet object, not {quote(raw)}")


def parse_solo(raw: Any) -> bool:
    """`"solo": "max"` plays Free Solo against Max; missing or null plays without him."""
    if raw is None:
        return False
    if isinstance(raw, str) and raw.strip().lower() == "max":
        return True
    raise InvalidInput(f"'solo' must be \"max\" or null, not {quote(raw)}")


def parse_cards(raw: Any, what: str) -> tuple[str, ...] | None:
    """A list of Assist card names held (at most 3), or None when the key is absent."""
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise InvalidInput(f"'{what}' must be a list of Assist card names, not {quote(raw)}")
    if len(raw) > MAX_ASSISTS:
        raise InvalidInput(f"'{what}' lists {len(raw)} cards; a player holds at most {MAX_ASSISTS}")
    return tuple(raw)


def play_game(doc: dict[str, Any]) -> State:
    """Replay a game document's turns through the rules; the message of an error names the turn."""
    _check_keys(doc, _GAME_KEYS, "a game")
    sheet = resolve_sheet(doc.get("sheet"))
    ruleset = Ruleset.from_dict(doc.get("ruleset"))
    solo = parse_solo(doc.get("solo"))
    max_assists = doc.get("max_assists", 0)
    if max_assists and not solo:
        raise InvalidInput("'max_assists' is given but the game has no Max (\"solo\": \"max\")")
    last_ascent = doc.get("last_ascent", False)
    if not isinstance(last_ascent, bool):
        raise InvalidInput(f"'last_ascent' must be true or false, not {last_ascent!r}")
    state = new_game(sheet, ruleset, solo=solo, assists=parse_cards(doc.get("assists"), "assists"),
                     max_assists=max_assists, last_ascent=last_ascent)
    turns = doc.get("turns")
    if not isinstance(turns, list):
        raise InvalidInput(f"'turns' must be a list of turns, not {quote(turns)}")
    for n, raw in enumerate(turns, 1):
        try:
            action = Action.from_dict(raw)
        except InvalidInput as exc:
            raise InvalidInput(f"turn {n}: {exc}") from None
        state = apply(state, action)
    if doc.get("cash") is not None:
        raw = doc["cash"]
        if not isinstance(raw, list):
            raise InvalidInput(f"'cash' must be a list of the Assist cards cashed at the end, not {raw!r}")
        cards = tuple(Assist.parse(card) for card in raw)
        try:
            state = cash(state, cards)
        except IllegalAction as exc:
            raise IllegalAction(f"'cash': {exc}") from None
    return state


def score_file(doc: Any) -> dict[str, Any]:
    """Score a game document or a filled-sheet document (docs/formats.md, Trek 12)."""
    kind = _kind_of(doc)
    if kind == "game":
        state = play_game(doc)
        result = score(state).to_dict()
        if state.max_board is not None:
            result["max"] = max_score(state).to_dict()
            result["winner"] = winner(state).value
        return result
    mine, his = _filled(doc)
    result = mine.to_dict()
    if his is not None:
        result["max"] = his.to_dict()
        result["winner"] = winner_of(mine.total, his.total).value
    return result


def format_score(result: dict[str, Any]) -> str:
    """The score as the paper scoring table reads, for people."""
    out = _format_part(result, "", False)
    if "max" in result:
        out += ["", "Max:"] + _format_part(result["max"], "  ", True)
        out.append("")
        out.append({"player": "Winner: you", "max": "Winner: Max", "tie": "A tie"}[result["winner"]])
    return "\n".join(out)


def check_file(doc: Any) -> dict[str, Any]:
    """Check a sheet file, a game document or a filled-sheet document without scoring it."""
    if isinstance(doc, dict) and isinstance(doc.get("circles"), list):  # a sheet lists its circles
        try:
            sheet = sheet_from_dict(doc, origin="sheet file")
        except DataError as exc:
            raise InvalidInput(str(exc)) from None
        return {"ok": True, "kind": "sheet", "name": sheet.name, "circles": sheet.n, "links": len(sheet.links),
                "dangerous": [c.id for c in sheet.circles if c.dangerous], "summit": sheet.summit,
                "warnings": sheet_warnings(sheet) + drawing_problems(doc, sheet)}
    kind = _kind_of(doc)
    if kind == "game":
        state = play_game(doc)
        return {"ok": True, "kind": "game", "turns": state.turn, "complete": state.complete}
    mine, _ = _filled(doc)
    return {"ok": True, "kind": "filled", "complete": mine.complete}


def format_check(result: dict[str, Any]) -> str:
    """A one-line verdict for `companion check trek12`."""
    if result["kind"] == "sheet":
        text = (f"Sheet {result['name']}: {result['circles']} circles, {result['links']} links, "
                f"{len(result['dangerous'])} dangerous; valid")
        return "\n".join([text] + [f"warning: {w}" for w in result["warnings"]])
    if result["kind"] == "game":
        state = "complete" if result["complete"] else "in progress"
        return f"Game: {result['turns']} legal turns, {state}"
    return f"Filled sheet: lines valid, {'complete' if result['complete'] else 'not complete'}"


def coach_file(doc: Any, rng: Random, *, playouts: int | None = None, most: int = COACH_MOVES) -> dict[str, Any]:
    """The coach's advice for a game document plus `"roll": [red, yellow]` (docs/formats.md, Trek 12 coach):
    `{"best": turn, "moves": [{"turn", "expected"}, ...]}`, best first, at most `most` moves. Each turn is
    in the game document's form, ready to be appended to its `turns`. With a Schnapps held, also
    `"schnapps": {"drink", "again", "keep", "error"}`: whether a new roll is worth more than this one and the
    card."""
    from companion.games.trek12.coach import advise, reroll

    if not isinstance(doc, dict):
        raise InvalidInput("a Trek 12 coach document must be a JSON object: a game with \"turns\" and \"roll\"")
    if "roll" not in doc:
        raise InvalidInput("the coach needs \"roll\": [red, yellow], the dice to play")
    raw = doc["roll"]
    if not isinstance(raw, list) or len(raw) != 2:
        raise InvalidInput(f"'roll' must be [red, yellow], not {quote(raw)}")
    try:
        roll = Roll.of(*raw)
    except InvalidInput as exc:
        raise InvalidInput(f"'roll': {exc}") from None
    if doc.get("cash") is not None:
        raise InvalidInput("'cash' is for a finished game; the coach advises a game in progress")
    # The game's own fields and the roll ('cash' ends a game: it has no place here, but null says no cash).
    fields = tuple(k for k in _GAME_KEYS if k != "cash") + ("roll",)
    _check_keys({k: v for k, v in doc.items() if k != "cash"}, fields, "a Trek 12 coach")
    game = {k: v for k, v in doc.items() if k != "roll"}
    if "turns" not in game:
        raise InvalidInput("a Trek 12 coach document needs \"turns\" (the turns so far, [] at the start)")
    state = play_game(game)
    if state.complete:
        raise IllegalAction("the sheet is full: there is no move left to advise")
    advice = advise(state, roll, rng, playouts=playouts)
    # Figures are always JSON numbers with a point: an exact value at the end can be a whole number.
    moves = [{"turn": r.action.to_dict(), "expected": round(float(r.expected), 2)} for r in advice.moves[:most]]
    result: dict[str, Any] = {"best": moves[0]["turn"], "moves": moves}
    again = reroll(state, roll, rng, playouts=playouts)
    if again is not None:
        result["schnapps"] = {"drink": again.drink, "again": round(float(again.again), 2),
                              "keep": round(float(again.keep), 2), "error": round(float(again.error), 2)}
    return result


def format_coach(result: dict[str, Any]) -> str:
    """The advice for people: the best turn in words, then the other moves with their expected scores."""
    out = []
    for n, move in enumerate(result["moves"], 1):
        turn = move["turn"]
        text = f"{turn['op']} ({_op_value(turn)}) in circle {turn['circle']}"
        if turn.get("links"):
            text += f", linked to {', '.join(map(str, turn['links']))}"
        if turn.get("max_links"):
            text += f", Max linked to {', '.join(map(str, turn['max_links']))}"
        if turn.get("assist"):
            cards = turn["assist"] if isinstance(turn["assist"], list) else [turn["assist"]]
            text += f", using the {' and the '.join(cards)}"
        if turn.get("rope"):
            text += f" (Rope {turn['rope'][0]}-{turn['rope'][1]})"
        out.append(f"{'Best: ' if n == 1 else f'{n:>4}. '}{text}: expects {move['expected']:.1f}")
    schnapps = result.get("schnapps")
    if schnapps is not None:
        verdict = "drink it" if schnapps["drink"] else "keep this roll"
        out.append(f"Schnapps: {verdict} (a new roll expects {schnapps['again']:.1f}, this one with the card kept "
                   f"{schnapps['keep']:.1f})")
    if "ms" in result:
        out.append(f"({result['ms']:.0f} ms)")
    return "\n".join(out)


def _op_value(turn: dict[str, Any]) -> int:
    return Roll.of(*turn["dice"]).value(Op.parse(turn["op"]))


def _kind_of(doc: Any) -> str:
    if not isinstance(doc, dict):
        raise InvalidInput("a Trek 12 file must be a JSON object with \"turns\" (a game) or \"circles\" "
                           "(a filled sheet)")
    if "turns" in doc and "circles" in doc:
        raise InvalidInput("the file has both \"turns\" and \"circles\"; give a game or a filled sheet, not both")
    if "turns" in doc:
        return "game"
    if "circles" in doc:
        return "filled"
    raise InvalidInput("a Trek 12 file needs \"turns\" (a game) or \"circles\" (a filled sheet)")


def _check_keys(doc: dict[str, Any], known: tuple[str, ...], what: str) -> None:
    for key in doc:
        if not (isinstance(key, str) and key.startswith("_")) and key not in known:
            raise InvalidInput(f"unknown field {quote(key)} in {what} document; known: {', '.join(known)}")


def _filled(doc: dict[str, Any]) -> tuple[ScoreBreakdown, ScoreBreakdown | None]:
    _check_keys(doc, _FILLED_KEYS, "a filled-sheet")
    sheet = resolve_sheet(doc.get("sheet"))
    solo = parse_solo(doc.get("solo"))
    mine = score_board(_fill(sheet, doc, "the sheet"))
    his = None
    if "max" in doc and doc["max"] is not None:
        raw = doc["max"]
        if not isinstance(raw, dict):
            raise InvalidInput("'max' must be an object with Max's \"circles\" and \"lines\"")
        _check_keys(raw, ("circles", "lines"), "Max's filled-sheet")  # Max never uses a Rope
        his = score_board(_fill(sheet, raw, "Max's sheet"), max_rules=True)
    elif solo:
        raise InvalidInput("\"solo\": \"max\" needs Max's filled sheet under \"max\"")
    return mine, his


def _fill(sheet: Sheet, doc: dict[str, Any], what: str):
    raw = doc.get("circles")
    if not isinstance(raw, dict):
        raise InvalidInput(f"{what}: 'circles' must map circle ids to a number or \"skull\", like {{\"7\": 5}}")
    cells: dict[int, Any] = {}
    for key, value in raw.items():
        cid = parse_circle_id(key, f"{what}: 'circles' key")
        if cid in cells:
            raise InvalidInput(f"{what}: circle {cid} is listed twice in 'circles'")
        if isinstance(value, str) and value.strip().lower() == SKULL:
            value = SKULL
        elif value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 12):
            raise InvalidInput(f"{what}: circle {cid} holds {quote(value)}; a number 0-12 or \"skull\" is expected")
        cells[cid] = value
    lines = doc.get("lines", [])
    raw_ropes = doc.get("ropes", [])
    if not isinstance(raw_ropes, list) or not all(isinstance(p, list) and len(p) == 2 for p in raw_ropes):
        raise InvalidInput(f"{what}: 'ropes' must be a list of [id, id] pairs, not {quote(raw_ropes)}")
    ropes = [(parse_circle_id(a, "rope"), parse_circle_id(b, "rope")) for a, b in raw_ropes]
    try:
        return fill_board(sheet, cells, lines, ropes)
    except (InvalidInput, IllegalAction) as exc:
        raise type(exc)(f"{what}: {exc}") from None


def _format_part(result: dict[str, Any], indent: str, is_max: bool) -> list[str]:
    out = []
    for line in result["lines"]:
        out.append(f"{indent}Fixed Line {'-'.join(map(str, line['circles']))}: {line['points']}")
    for zone in result["zones"]:
        out.append(f"{indent}Zone of {zone['value']}s {'-'.join(map(str, zone['circles']))}: {zone['points']}")
    out.append(f"{indent}Longest line bonus: {result['line_bonus']}")
    out.append(f"{indent}Largest zone bonus: {result['zone_bonus']}")
    if is_max:  # Max's orphans are a bonus (Free Solo Mode)
        out.append(f"{indent}Skulls: {result['skulls']}, penalty: -{result['penalty']}")
        out.append(f"{indent}Orphans: {result['orphans']}, +{3 * result['orphans']} for Max")
    else:
        out.append(f"{indent}Skulls: {result['skulls']}, orphans: {result['orphans']}, "
                   f"penalty: -{result['penalty']}")
    if result.get("assists"):
        out.append(f"{indent}Assist cards cashed: {result['assists']} (+{3 * result['assists']})")
    out.append(f"{indent}Total: {result['total']}{'' if result['complete'] else ' (sheet not complete)'}")
    return out
