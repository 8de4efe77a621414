"""Expedition command-line file: `companion score expedition FILE [--json]` (docs/formats.md).

The file gives the players, the Hall of Fame records as they stood and each Ascent's final scores; the
result is each Ascent's stars by kind, the totals, the records after the Expedition and the winner. The same
report (with cards and envelopes added) is the detail of a finished Expedition in the app's history.
"""

from __future__ import annotations

from typing import Any

from companion.errors import InvalidInput
from companion.games.expedition.data import expedition_sheets, sheet_for
from companion.games.expedition.rules import (
    ASCENTS,
    CardMode,
    Phase,
    State,
    apply,
    current_records,
    new_expedition,
    parse_action,
    parse_setup,
    standing,
    winner,
)
from companion.inputs import quote

__all__ = ["MAX_FILE_BYTES", "score_file", "format_score", "play_file", "report"]

# The largest Expedition file read (docs/formats.md, Limits); a real one is well under 1 KB.
MAX_FILE_BYTES = 1024 * 1024
_FILE_KEYS = ("players", "records", "ascents")
_ASCENT_KEYS = ("sheet", "scores")


def play_file(doc: Any) -> State:
    """The Expedition a score file describes, its Ascents scored in order; errors name the Ascent."""
    if not isinstance(doc, dict):
        raise InvalidInput("an Expedition file must be an object with \"players\", \"records\" and \"ascents\"")
    for key in doc:
        if not (isinstance(key, str) and key.startswith("_")) and key not in _FILE_KEYS:
            raise InvalidInput(f"unknown field {quote(key)} in an Expedition file; known: {', '.join(_FILE_KEYS)}")
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise InvalidInput(f"'players' must be a list of names, like [\"Ann\", \"Bob\"], not {quote(players)}")
    if len(players) == 1:
        # Solo play is against Max (Free Solo Mode); in this file he is a player like the others.
        raise InvalidInput("one player alone plays the Expedition against Max: list \"Max\" as the second "
                           "player, with his scores")
    state = new_expedition(parse_setup({"players": players, "records": doc.get("records"),
                                        "cards": CardMode.OFF.value}))
    ascents = doc.get("ascents")
    if not isinstance(ascents, list):
        raise InvalidInput(f"'ascents' must be a list of {{\"sheet\", \"scores\"}}, not {quote(ascents)}")
    if len(ascents) > ASCENTS:
        raise InvalidInput(f"an Expedition has {ASCENTS} Ascents, not {len(ascents)}")
    sheets = expedition_sheets()
    for n, ascent in enumerate(ascents):
        where = f"ascents[{n}]"
        if not isinstance(ascent, dict):
            raise InvalidInput(f"{where} must be an object {{\"sheet\", \"scores\"}}, not {quote(ascent)}")
        for key in ascent:
            if key not in _ASCENT_KEYS:
                raise InvalidInput(f"{where}: unknown field {quote(key)}; known: {', '.join(_ASCENT_KEYS)}")
        try:
            sheet = sheet_for(ascent.get("sheet"))
        except InvalidInput as exc:
            raise InvalidInput(f"{where}: {exc}") from None
        expected = sheets[n]
        if sheet.key != expected.key:
            raise InvalidInput(f"{where}: Ascent {n + 1} is out of order: it must be {expected.name} (summit "
                               f"{expected.summit}+), not {sheet.name} ({sheet.summit}+); the Ascents go from "
                               f"the easiest to the hardest, by their Summit: "
                               f"{', '.join(f'{s.name} {s.summit}+' for s in sheets)}")
        try:
            state = apply(state, parse_action(state, {"type": "score", "scores": ascent.get("scores")}))
        except InvalidInput as exc:
            raise InvalidInput(f"{where}: {exc}") from None
    return state


def score_file(doc: Any) -> dict[str, Any]:
    """Stars per Ascent and player by kind, totals, updated records and the winner (Expedition Mode)."""
    return report(play_file(doc))


def report(state: State, *, detail: bool = False) -> dict[str, Any]:
    """The Expedition so far as JSON (docs/formats.md); `detail` adds cards, challenges and envelopes."""
    seats = state.setup.seats
    names = [seat.name for seat in seats]
    ascents = []
    for result in state.results:
        entry: dict[str, Any] = {
            "ascent": result.number,
            "sheet": result.sheet.key,
            "summit": result.sheet.summit,
            "record_before": None if result.record_before is None else result.record_before.score,
            "scores": dict(zip(names, result.totals)),
            "stars": {name: stars.to_dict() for name, stars in zip(names, result.stars)},
            "new_record": None if result.record is None else {"score": result.record.score,
                                                              "names": list(result.record.names)},
        }
        if detail:
            entry["points"] = dict(zip(names, result.points))
            entry["cashed"] = {name: [c.value for c in cards] for name, cards in zip(names, result.cashed)}
            entry["challenges"] = {name: list(met) for name, met in zip(names, result.met) if met}
            entry["date"] = result.date
            opened = next((e for e in state.envelopes if e.ascent == result.number), None)
            entry["envelope"] = None if opened is None else {
                "number": opened.number, "opener": names[opened.opener], "note": opened.note}
        ascents.append(entry)
    table = standing(state)
    won, how = winner(state)
    out: dict[str, Any] = {
        "players": names,
        "ascents": ascents,
        "totals": {name: {"stars": s.stars, "score": s.score} for name, s in zip(names, table)},
        "records": {sheet.key: None if record is None else record.score
                    for sheet, record in zip(state.setup.sheets, current_records(state))},
        "complete": len(state.results) == ASCENTS,
        "winner": None if not won else names[won[0]] if len(won) == 1 else [names[i] for i in won],
        "decided_by": None if how is None else how.value,
    }
    if detail:
        out["solo"] = state.setup.solo
        out["cards"] = state.setup.cards.value
        out["phase"] = state.phase.value
        out["ascent"] = state.ascent
        out["lead"] = names[state.lead]
        out["hands"] = {name: [c.value for c in hand] for name, hand in zip(names, state.hands)}
        out["in_play"] = [c.value for c in state.pool]
        out["deck_left"] = len(state.deck)
        out["envelopes"] = [{"number": e.number, "ascent": e.ascent, "opener": names[e.opener], "note": e.note}
                            for e in state.envelopes]
        out["over"] = state.phase is Phase.OVER
    return out


def format_score(result: dict[str, Any]) -> str:
    """The result as text: per Ascent each player's stars by kind, then totals, records and the winner."""
    names = result["players"]
    width = max([len(n) for n in names] + [6])
    sheets = {s.key: s for s in expedition_sheets()}
    lines: list[str] = []
    for ascent in result["ascents"]:
        sheet = sheets[ascent["sheet"]]
        before = ascent["record_before"]
        lines.append(f"Ascent {ascent['ascent']}: {sheet.name} (summit {ascent['summit']}+, record "
                     f"{'none yet' if before is None else before})")
        for name in names:
            stars = ascent["stars"][name]
            lines.append(f"  {name:<{width}} {ascent['scores'][name]:>4}   summit {stars['summit']}  race "
                         f"{stars['race']}  record {stars['record']}  = {_stars(stars['total'])}")
        record = ascent["new_record"]
        if record is not None:
            lines.append(f"  new record: {record['score']} by {' & '.join(record['names'])}")
    lines.append("Totals")
    for name in names:
        total = result["totals"][name]
        lines.append(f"  {name:<{width}} {_stars(total['stars'])}, {total['score']} points")
    lines.append("Records: " + ", ".join(f"{sheets[key].name} {'none' if score is None else score}"
                                         for key, score in result["records"].items()))
    won = result["winner"]
    if won is None:
        done = len(result["ascents"])
        lines.append(f"Winner: not yet ({done} of {ASCENTS} Ascents scored)")
    else:
        how = {"stars": "most stars", "score": "stars tied, highest total",
               "shared": "stars and totals tied: shared"}[result["decided_by"]]
        who = won if isinstance(won, str) else " & ".join(won)
        lines.append(f"Winner: {who} ({how})")
    return "\n".join(lines)


def _stars(n: int) -> str:
    return f"{n} star" if n == 1 else f"{n} stars"
