"""The Freunde game file for `companion score freunde FILE` (format in docs/formats.md, Freunde section).

A game file is the setup, the weather of each day, and per turn each player's three cards, what each
climber did with them (move, tent, acclimatization, risk penalty), the risk token taken, and optionally the
cards drawn. It is replayed through the same engine as the app; the result lists every climber's
acclimatization check after every turn, the deaths, the scores, the winner and the solo rank.
"""

from __future__ import annotations

from typing import Any

from companion.errors import IllegalAction, InvalidInput
from companion.games.freunde import rules
from companion.games.freunde.data import load_data
from companion.games.freunde.rules import (
    ClimberAction, Draw, EndActions, Phase, PlayCards, State, TakeRisk, TURNS,
)
from companion.games.freunde.scoring import ScoreBreakdown, score
from companion.games.freunde.solo import rank_name
from companion.inputs import quote

__all__ = ["MAX_FILE_BYTES", "replay_file", "score_file", "format_score", "result_from_state", "GAME_KEYS",
           "TURN_KEYS", "PLAYER_TURN_KEYS"]

# The largest Freunde game file read (docs/formats.md, Limits): five players' whole game, written out
# with indents, is about 40 KB.
MAX_FILE_BYTES = 1024 * 1024
GAME_KEYS = {"game", "setup", "weather", "turns"}
TURN_KEYS = {"turn", "risk", "players"}
PLAYER_TURN_KEYS = {"cards", "climbers", "pay_risk", "drew"}


def score_file(doc: Any) -> dict[str, Any]:
    """Replay a game file and return the checks, deaths, scores, winner and solo rank as a JSON dict."""
    return result_from_state(replay_file(doc))


def replay_file(doc: Any) -> State:
    """The state after every turn of a game file; InvalidInput for a malformed file, IllegalAction
    (naming the turn and the rule) for a move the rules refuse."""
    if not isinstance(doc, dict):
        raise InvalidInput("a Freunde game file is a JSON object with setup, weather and turns")
    unknown = sorted(set(doc) - GAME_KEYS)
    if unknown:
        raise InvalidInput(f"{unknown[0]}: unknown field (known: {', '.join(sorted(GAME_KEYS))})")
    if doc.get("game", "freunde") != "freunde":
        raise InvalidInput(f"game: this is a Freunde scorer, not one for {quote(doc.get('game'))}")
    setup_doc = doc.get("setup")
    if not isinstance(setup_doc, dict):
        raise InvalidInput("setup: must be an object with players, board and weather_season")
    setup_doc = dict(setup_doc)
    hands = setup_doc.pop("hands", None)
    if "weather" in setup_doc:
        raise InvalidInput("setup.weather: give the weather at the top level of the file, next to setup")
    if "weather" in doc:
        setup_doc["weather"] = doc["weather"]
    state = rules.new_game(rules.setup_from_doc(setup_doc))
    if hands is not None:
        if not isinstance(hands, dict):
            raise InvalidInput("setup.hands: an object of player name -> the six cards of the opening hand")
        opening = load_data().deck.hand_size
        for name, cards in hands.items():
            at = f"setup.hands.{name}"
            if isinstance(cards, list) and len(cards) > opening:
                raise InvalidInput(f"{at}: an opening hand is at most {opening} cards, not {len(cards)}")
            try:
                state = _draw(state, name, cards, at)
            except IllegalAction as exc:         # said of the hand dealt, not of turn 1's draw
                raise IllegalAction(f"{at}: {str(exc).removeprefix('turn 1: ')}") from None
    turns = doc.get("turns", [])
    if not isinstance(turns, list):
        raise InvalidInput("turns: a list with one entry per turn, from turn 1")
    if len(turns) > TURNS:
        raise InvalidInput(f"turns: the game has {TURNS} turns, not {len(turns)}")
    for number, turn in enumerate(turns, 1):
        state = _replay_turn(state, number, turn, f"turns[{number - 1}]")
    return state


def result_from_state(state: State) -> dict[str, Any]:
    """The JSON result for a state: per-turn checks, deaths, scores, winners and solo rank."""
    names = [p.name for p in state.players]
    breakdown = score(state)
    turns = []
    for record in state.log:
        turns.append({
            "turn": record.turn,
            "weather": rules.weather_to_doc(record.weather),
            "movement": {names[i]: total for i, total in enumerate(record.movement)},
            "risk": (None if record.risk_taker is None
                     else {"player": names[record.risk_taker], "value": record.risk_value}),
            "climbers": [
                {"player": names[c.player], "climber": c.climber, "space": c.space, "zone": c.zone,
                 "acclimatization": c.after,
                 "check": {"before": c.before, "space": c.space_mod, "tent": c.tent, "weather": c.weather,
                           "total": c.raw, "after": c.after},
                 "died": c.died,
                 "best_vp": _best_after(record, c.player, c.climber)}
                for c in record.checks
            ],
        })
    deaths: list[dict[str, Any]] = [
        {"player": p.name, "climber": c.label, "turn": c.died_turn, "space": c.died_space}
        for p in state.players for c in p.climbers if not c.alive
    ]
    deaths.sort(key=lambda d: (d["turn"], names.index(d["player"]), d["climber"]))
    return {
        "game": "freunde",
        "board": state.board.id,
        "board_title": state.board.title,
        "board_verified": state.board.verified,
        "route": state.board.route,
        "weather_season": state.setup.season,
        "solo": state.setup.solo,
        "turns_played": len(state.log),
        "finished": state.over,
        "ended_early": state.ended_early,
        "turns": turns,
        "deaths": deaths,
        "players": _players(state, breakdown),
        "winners": [names[i] for i in breakdown.winners],
        "tie_break": breakdown.tie_break,
        "solo_rank": (None if breakdown.solo_rank is None else {
            "id": breakdown.solo_rank.id, "name": rank_name(breakdown.solo_rank.id, breakdown.solo_rank.name),
            "printed": breakdown.solo_rank.printed, "score": breakdown.players[0].total}),
    }


def format_score(result: dict[str, Any]) -> str:
    """The score result as plain text: one line per turn, the deaths, the scores and the winner."""
    lines = [f"Freunde: {result['board_title']}{'' if result['board_verified'] else ' (unverified board)'}, "
             f"{result['weather_season']} weather, "
             f"{'solo' if result['solo'] else str(len(result['players'])) + ' players'}"]
    for turn in result["turns"]:
        weather = turn["weather"]
        sky = weather["label"]
        if weather["zones"] and (weather["accl"] or weather["move"]):
            effects = []
            if weather["accl"]:
                effects.append(f"-{weather['accl']} acclimatization")
            if weather["move"]:
                effects.append(f"+{weather['move']} movement")
            sky += f" ({', '.join(effects)} at {'/'.join(str(z) for z in weather['zones'])})"
        risk = turn["risk"]
        risk_text = f"risk {risk['value']} to {risk['player']}" if risk else "no risk token"
        lines.append(f"Turn {turn['turn']:>2}: {sky}; {risk_text}")
        for c in turn["climbers"]:
            check = c["check"]
            terms = f"{check['before']} {check['space']:+d} space"
            if check["tent"]:
                terms += f" {check['tent']:+d} tent"
            if check["weather"]:
                terms += f" {check['weather']:+d} weather"
            fate = "DIES" if c["died"] else f"= {c['acclimatization']}"
            capped = " (capped at 6)" if check["total"] > check["after"] else ""
            lines.append(f"   {c['player']} {c['climber']} on {c['space']}: {terms} {fate}{capped}")
    if result["deaths"]:
        lines.append("Deaths: " + "; ".join(f"{d['player']}'s climber {d['climber']} on turn {d['turn']} "
                                            f"({d['space']})" for d in result["deaths"]))
    if result["finished"]:
        lines.append("Game over" + (" early: a climber died in the solo game" if result["ended_early"] else
                                    f" after turn {result['turns_played']}"))
    else:
        lines.append(f"Game in progress after turn {result['turns_played']} (scores so far)")
    for player in result["players"]:
        parts = ", ".join(f"{c['climber']} {c['score']}" + ("" if c["alive"] else " (died)")
                          for c in player["climbers"])
        star = " - winner" if player["winner"] else ""
        lines.append(f"{player['name']}: {player['score']} ({parts}){star}")
    if result["tie_break"] == "summit":
        lines.append(f"Tie broken: {result['winners'][0]} reached the summit first")
    elif result["tie_break"] == "shared":
        lines.append(f"Shared win: {', '.join(result['winners'])}")
    if result["solo_rank"]:
        rank = result["solo_rank"]
        lines.append(f"Solo rank: {rank['name']} ({rank['printed']}) with {rank['score']} points")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------------

def _players(state: State, breakdown: ScoreBreakdown) -> list[dict[str, Any]]:
    players = []
    for entry in breakdown.players:
        players.append({
            "name": entry.name, "id": entry.id, "score": entry.total,
            "winner": entry.index in breakdown.winners,
            "climbers": [
                {"climber": c.label, "best_vp": c.best_vp, "alive": c.alive, "score": c.score,
                 "summit_turn": c.summit_at[0] if c.summit_at else None, "died_turn": c.died_turn,
                 "acclimatization": state.players[entry.index].climber(c.label).acclimatization}
                for c in entry.climbers
            ],
        })
    return players


def _best_after(record: rules.TurnRecord, player: int, label: str) -> int:
    """A climber's best victory points as they stood after a recorded turn."""
    return next(c.best_vp for c in record.positions[player] if c.label == label)


def _located(where: str, exc: InvalidInput) -> InvalidInput:
    return InvalidInput(f"{where}: {exc}")


def _draw(state: State, name: Any, cards: Any, where: str) -> State:
    index = rules.player_index(state, name, where)
    parsed = rules.cards_from_doc(state, cards, where)
    if not parsed:
        return state
    return rules.apply(state, Draw(index, parsed))


def _replay_turn(state: State, number: int, turn: Any, where: str) -> State:
    if state.over:
        why = "a climber died in the solo game" if state.ended_early else f"turn {TURNS} was the last"
        raise IllegalAction(f"turn {number}: the game is already over ({why})")
    if not isinstance(turn, dict):
        raise InvalidInput(f"{where}: a turn is an object with players (and risk when a token is taken)")
    unknown = sorted(set(turn) - TURN_KEYS)
    if unknown:
        raise InvalidInput(f"{where}.{unknown[0]}: unknown field (known: {', '.join(sorted(TURN_KEYS))})")
    if "turn" in turn and (not rules.is_whole(turn["turn"]) or turn["turn"] != number):
        raise InvalidInput(f"{where}.turn: this is turn {number}, not {quote(turn['turn'])}; list turns in order")
    raw_players = turn.get("players")
    if not isinstance(raw_players, dict):
        raise InvalidInput(f"{where}.players: an object of player name -> cards and climbers")
    entries: dict[int, dict[str, Any]] = {}
    for name, entry in raw_players.items():
        at = f"{where}.players.{name}"
        index = rules.player_index(state, name, at)
        if index in entries:
            raise InvalidInput(f"{at}: {state.players[index].name} is listed twice in this turn")
        if not isinstance(entry, dict):
            raise InvalidInput(f"{at}: an object with cards, climbers and optionally drew")
        extra = sorted(set(entry) - PLAYER_TURN_KEYS)
        if extra:
            raise InvalidInput(f"{at}.{extra[0]}: unknown field (known: {', '.join(sorted(PLAYER_TURN_KEYS))})")
        entries[index] = entry
    # Card selection: every player with a living climber plays three cards.
    for index in range(len(state.players)):
        at = f"{where}.players.{state.players[index].name}"
        entry = entries.get(index)
        if not state.players[index].active:
            if entry and (entry.get("cards") or entry.get("climbers")):
                raise IllegalAction(f"turn {number}: {state.players[index].name} has no living climber "
                                    "and plays no more cards")
            continue
        if entry is None or "cards" not in entry:
            raise InvalidInput(f"{at}.cards: {state.players[index].name} has a living climber and must play "
                               f"{state.deck.play_per_turn} cards this turn")
        cards = rules.cards_from_doc(state, entry["cards"], f"{at}.cards")
        state = rules.apply(state, PlayCards(index, cards))
    in_hand = [p.hand.size for p in state.players]       # after playing: the end of the turn refills from here
    # The risk token.
    risk = turn.get("risk")
    if state.phase is Phase.RISK:
        taker = state.players[state.risk_taker].name  # type: ignore[index]
        if not isinstance(risk, dict) or set(risk) - {"value", "revealed"} or "value" not in risk:
            reason = "solo always takes one" if state.setup.solo else \
                f"the highest movement total ({state.movement[state.risk_taker]})"  # type: ignore[index]
            raise InvalidInput(f"{where}.risk: {taker} takes a risk token ({reason}): give "
                               "{\"value\": N} (and \"revealed\" when the face-up tokens are tracked)")
        try:
            action = rules.action_from_doc(state, {"type": "risk", **risk})
        except InvalidInput as exc:
            raise _located(f"{where}.risk", exc) from None
        assert isinstance(action, TakeRisk)
        state = rules.apply(state, action)
    elif risk is not None:
        totals = ", ".join(f"{p.name} {t}" for p, t in zip(state.players, state.movement))
        raise IllegalAction(f"turn {number}: nobody takes a risk token: the highest movement total is tied "
                            f"({totals})")
    # The action phase, in turn order.
    if rules.today_weather(state) is None:
        raise InvalidInput(f"weather: day {number}'s weather is missing; the weather list needs an entry for "
                           "every day played")
    order = [i for i in rules.turn_order(state) if state.players[i].active]
    for index in order:
        player = state.players[index]
        at = f"{where}.players.{player.name}.climbers"
        climbers = entries.get(index, {}).get("climbers", [])
        if not isinstance(climbers, list):
            raise InvalidInput(f"{at}: a list of what each climber did, in the order it happened")
        for position, climber_doc in enumerate(climbers):
            spot = f"{at}[{position}]"
            if not isinstance(climber_doc, dict):
                raise InvalidInput(f"{spot}: an object with climber, cards, path or to, tent and risk")
            if "type" in climber_doc or "player" in climber_doc:
                raise InvalidInput(f"{spot}: give climber, cards, path/to, tent, risk_move and risk_accl only")
            try:
                action = rules.action_from_doc(state, {"type": "climber", "player": index, **climber_doc})
                assert isinstance(action, ClimberAction)
                # A space of the path the board lacks is found as the path is walked: said where it was given.
                state = rules.apply(state, action)
            except InvalidInput as exc:
                raise _located(spot, exc) from None
        payments = entries.get(index, {}).get("pay_risk", [])
        if not isinstance(payments, list):
            raise InvalidInput(f"{where}.players.{player.name}.pay_risk: a list of {{\"climber\", \"amount\"}}")
        for position, payment in enumerate(payments):
            spot = f"{where}.players.{player.name}.pay_risk[{position}]"
            if not isinstance(payment, dict) or set(payment) - {"climber", "amount"}:
                raise InvalidInput(f"{spot}: an object with climber and amount")
            try:
                action = rules.action_from_doc(state, {"type": "pay_risk", "player": index, **payment})
            except InvalidInput as exc:
                raise _located(spot, exc) from None
            state = rules.apply(state, action)
        state = rules.apply(state, EndActions(index))
    # Cards drawn at the end of the turn.
    for index, entry in sorted(entries.items()):
        if "drew" in entry:
            at = f"{where}.players.{state.players[index].name}.drew"
            if state.over:
                raise IllegalAction(f"turn {number}: the game is over; no cards are drawn after it ({at})")
            drawn = state.players[index].hand.size - in_hand[index]
            raw = entry["drew"]
            if isinstance(raw, list) and len(raw) > drawn:
                raise InvalidInput(f"{at}: {state.players[index].name} drew "
                                   + (f"{drawn} card{'s' if drawn > 1 else ''} at the end of turn {number}, not {len(raw)}" if drawn else
                                      f"no card at the end of turn {number} (the draw pile is empty), not {len(raw)}"))
            state = _draw(state, index, raw, at)
    return state
