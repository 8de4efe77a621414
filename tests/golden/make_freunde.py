"""Write the recorded Freunde games in tests/golden/freunde/ (never edit those files by hand).

    uv run python tests/golden/make_freunde.py

Each game is played by a seeded, simple-minded table of players through the engine's own queries
(destinations, check preview): real shuffled decks with the draws written down, the face-up risk tokens
tracked, weather tiles laid in a shuffled order. The game is written as a game file in the format of
docs/formats.md (<name>.game.json) together with what `companion score freunde FILE --json` printed for it
(<name>.result.json) and the session's action documents with the history summary (<name>.session.json).
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.games.freunde import rules as R  # noqa: E402
from companion.games.freunde import session  # noqa: E402
from companion.games.freunde.data import Card, CardKind, load_data  # noqa: E402
from companion.games.freunde.files import score_file  # noqa: E402

OUT = Path(__file__).resolve().parent / "freunde"

GAMES = {
    # name: (seed, players, board, weather season); seeds picked for what the game shows
    "three_players_summer": (73, ["Ann", "Bob", "Cy"], "summer", "summer"),     # a death, won outright
    "two_players_winter": (5, ["Ann", "Bob"], "winter", "winter"),              # movement surcharges
    "five_players_summer": (3, ["Ann", "Bob", "Cy", "Di", "Ed"], "summer", "summer"),
    "solo_summer_death": (57, ["Sol"], "summer", "summer"),                     # ends at once at a death
    "solo_winter": (9, ["Sol"], "winter", "winter"),                            # an early death, a rank
}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (seed, players, board, season) in GAMES.items():
        game, actions = play(seed, players, board, season)
        result = score_file(game)
        state = session.start(actions["setup"])
        for action in actions["actions"]:
            state = session.apply(state, action)
        actions["summary"] = session.summary(state)
        for suffix, doc in (("game", game), ("result", result), ("session", actions)):
            (OUT / f"{name}.{suffix}.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        winners = ", ".join(result["winners"]) or (result["solo_rank"] or {}).get("name", "-")
        print(f"{name}: {result['turns_played']} turns, deaths {len(result['deaths'])}, "
              f"scores {[p['score'] for p in result['players']]}, {winners}")
    return 0


def weather_days(rng: random.Random, season: str) -> list[Any]:
    """Eighteen days: the summer presets in shuffled order, or winter days drawn at random."""
    days: list[Any] = []
    if season == "summer":
        tiles = [f"summer-{n}" for n in range(1, 7)]
        rng.shuffle(tiles)
        for tile in tiles:
            for day in (1, 2, 3):
                entry: dict[str, Any] = {"tile": tile, "day": day}
                if load_data().weather.day(tile, day).zones is None:
                    entry["zones"] = [7000, 8000]          # the unreadable band, entered at the table
                days.append(entry)
        return days
    for _ in range(18):
        roll = rng.random()
        if roll < 0.35:
            days.append("sun")
        else:
            low = rng.choice([6000, 7000, 8000])
            days.append({"label": rng.choice(["snow", "wind", "cloud"]), "accl": rng.choice([0, 1, 1, 2]),
                         "move": rng.choice([0, 1]), "zones": [z for z in (5000, 6000, 7000, 8000) if z >= low]})
    return days


def play(seed: int, names: list[str], board: str, season: str) -> tuple[dict[str, Any], dict[str, Any]]:
    rng = random.Random(seed)
    data = load_data()
    tokens = [value for value, count in data.risk.counts.items() for _ in range(count)]
    rng.shuffle(tokens)
    face_up, pile = sorted(tokens[:3]), tokens[3:]
    setup: dict[str, Any] = {"players": names, "board": board, "weather_season": season, "rules": R.RULESET,
                             "risk_face_up": face_up, "start_player": names[rng.randrange(len(names))]}
    weather = weather_days(rng, season)
    decks: list[list[Card]] = []
    hands: dict[str, list[str]] = {}
    for name in names:
        deck = list(data.deck.cards)
        rng.shuffle(deck)
        decks.append(deck)
        hands[name] = [c.code for c in deck[:6]]
        del deck[:6]
    game: dict[str, Any] = {"game": "freunde", "setup": {**setup, "hands": hands}, "weather": weather,
                            "turns": []}
    actions: list[dict[str, Any]] = []
    state = R.new_game(R.setup_from_doc({**setup, "weather": weather}))

    def act(action: R.Action) -> None:
        nonlocal state
        actions.append(R.action_to_doc(state, action))
        state = R.apply(state, action)

    for i, name in enumerate(names):
        act(R.Draw(i, tuple(sorted((card_of(c) for c in hands[name]), key=lambda c: c.code))))
    while not state.over:
        turn: dict[str, Any] = {"turn": state.turn, "players": {}}
        for i in R.active_players(state):
            hand = list(R.hand_cards(state, i) or ())
            chosen = choose_cards(rng, state, i, hand)
            turn["players"][state.players[i].name] = {"cards": [c.code for c in chosen], "climbers": []}
            act(R.PlayCards(i, chosen))
        if state.phase is R.Phase.RISK:
            assert state.risk_face_up is not None
            value = min(state.risk_face_up)            # the taker picks the kindest face-up token
            revealed = pile.pop(0) if pile else None
            turn["risk"] = {"value": value} | ({"revealed": revealed} if revealed is not None else {})
            act(R.TakeRisk(value, revealed))
        number = state.turn
        while state.turn == number and not state.over and state.phase is R.Phase.ACTIONS:
            acting = state.acting
            assert acting is not None
            i = acting
            entry = turn["players"][state.players[i].name]
            for action in plan_actions(state, i):
                doc = {k: v for k, v in R.action_to_doc(state, action).items() if k not in ("type", "player")}
                if isinstance(action, R.ClimberAction):
                    entry["climbers"].append(doc)
                else:
                    entry.setdefault("pay_risk", []).append(doc)
                act(action)
            act(R.EndActions(i))
        if not state.over:
            for i, deck in enumerate(decks):
                player = state.players[i]
                if player.hand.unknown == 0:
                    continue
                if not deck:                               # the reshuffle: the whole deck again
                    deck.extend(data.deck.cards)
                    rng.shuffle(deck)
                drawn = deck[:player.hand.unknown]
                del deck[:player.hand.unknown]
                turn["players"].setdefault(player.name, {})["drew"] = [c.code for c in drawn]
                act(R.Draw(i, tuple(drawn)))
        game["turns"].append(turn)
    return game, {"setup": {**setup, "weather": weather}, "actions": actions}


def card_of(code: str) -> Card:
    from companion.games.freunde.data import parse_card

    return parse_card(code)


def choose_cards(rng: random.Random, state: R.State, index: int, hand: list[Card]) -> tuple[Card, ...]:
    """Three cards: acclimatization when a climber runs low, otherwise movement, with a little noise."""
    alive = [c for c in state.players[index].climbers if c.alive]
    lowest = min(c.acclimatization for c in alive)
    best, best_value = None, -1e9
    for combo in sorted(set(itertools.combinations(sorted(hand, key=lambda c: c.code), 3)),
                        key=lambda combo: [c.code for c in combo]):
        move = sum(c.value if c.kind is CardKind.MOVE else (c.down if c.kind is CardKind.ROPE else 0)
                   for c in combo)
        accl = sum(c.value for c in combo if c.kind is CardKind.ACCLIMATIZATION)
        value = (accl * 2 + move * 0.5) if lowest <= 2 else (move + accl * 0.7)
        value += rng.random() * 2
        if value > best_value:
            best, best_value = combo, value
    assert best is not None
    return best


def predicted(state: R.State, index: int, climber: R.Climber, space: str, acclimatization: int, tent: bool) -> int:
    """Acclimatization after tonight's check if the climber ends on this space."""
    target = state.board.space(space)
    weather = R.today_weather(state) or R.Weather()
    own_tent = tent or R.team_tent(state, index, space)
    return min(6, acclimatization + target.accl + (1 if own_tent else 0) - weather.accl_loss(target.zone))


def plan_actions(state: R.State, index: int) -> list[R.Action]:
    """Try each way of sharing the cards between the two climbers; keep the one that climbs best while
    every climber survives the night and the next (risk taken off movement first)."""
    player = state.players[index]
    left = list(R.cards_left_to_give(state, index))
    moves = [c for c in left if c.kind is not CardKind.ACCLIMATIZATION]
    accls = [c for c in left if c.kind is CardKind.ACCLIMATIZATION]
    alive = [c for c in player.climbers if c.alive]
    owed = R.risk_owed(state, index)
    shares: list[dict[str, list[Card]]] = []
    for first in alive:
        others = [c for c in alive if c is not first]
        shares.append({first.label: moves + accls})
        if others:
            shares.append({first.label: moves, others[0].label: accls})
    best_plan: list[R.Action] = []
    best_value = -1e9
    for share in shares:
        plan: list[R.Action] = []
        value, remaining = 0.0, owed
        trial = state
        for climber in sorted(alive, key=lambda c: c.label):
            given = share.get(climber.label, [])
            if not given:
                value += score_option(trial, index, climber, climber.acclimatization, (), False)
                continue
            action, option_value = best_for(trial, index, climber, given, remaining)
            remaining -= action.risk_move + action.risk_accl
            trial = R.apply(trial, action)
            plan.append(action)
            value += option_value
        uncovered = R.risk_uncovered(trial, index)     # what the unused cards cannot absorb
        if uncovered and R.risk_eligible(trial, index):
            target = max((c for c in trial.players[index].climbers
                          if c.alive and c.label in R.risk_eligible(trial, index)),
                         key=lambda c: c.acclimatization)
            plan.append(R.PayRisk(index, target.label, uncovered))
            value -= uncovered * 2
        if value > best_value:
            best_plan, best_value = plan, value
    return best_plan


def best_for(state: R.State, index: int, climber: R.Climber, given: list[Card],
             owed: int) -> tuple[R.ClimberAction, float]:
    """The best move (or stay), tent and risk share for one climber given these cards."""
    given_moves = [c for c in given if c.kind is not CardKind.ACCLIMATIZATION]
    gain = sum(c.value for c in given if c.kind is CardKind.ACCLIMATIZATION)
    assert climber.space is not None
    points = R.movement_points(given_moves)[1]
    best: tuple[R.ClimberAction, float] | None = None
    for risk_move, risk_accl in sorted({(m, a) for m in range(0, min(owed, points) + 1)
                                        for a in (owed - m, 0)}):
        start_acc = climber.acclimatization + gain - risk_accl      # the cap of 6 comes after the check
        options: list[tuple[tuple[str, ...], bool]] = [((), False)]
        for tent in (False, True) if climber.tent is None and given_moves else (False,):
            for route in R.destinations(state, index, climber.label, given_moves, tent=tent,
                                        risk_move=risk_move).values():
                if route.stop:
                    options.append((route.path, tent))
            if tent and R.can_pay(given_moves, 0, tent=R.tent_cost(state, climber.space), risk_move=risk_move):
                options.append(((), True))
        for path, tent in options:
            if not path and not tent and risk_move and not given_moves:
                continue
            unpaid = owed - risk_move - risk_accl          # left to the unused cards or another climber
            value = score_option(state, index, climber, start_acc, path, tent) - risk_accl - unpaid * 2
            action = R.ClimberAction(index, climber.label, tuple(given), path, tent, risk_move, risk_accl)
            if R.why_illegal(state, action) is None and (best is None or value > best[1]):
                best = (action, value)
    assert best is not None
    return best


def score_option(state: R.State, index: int, climber: R.Climber, start_acc: int, path: tuple[str, ...],
                 tent: bool) -> float:
    """How good it is for a climber to end the turn here: new victory points, closeness, safety."""
    end = path[-1] if path else climber.space
    assert end is not None
    target = state.board.space(end)
    after = predicted(state, index, climber, end, start_acc, tent)
    tomorrow = state.weather[state.turn] if state.turn < R.TURNS else None
    loss = tomorrow.accl_loss(target.zone) if tomorrow else 0
    own_tent = 1 if (tent or R.team_tent(state, index, end)) else 0
    if after < 2 or after + target.accl + own_tent - loss < 1:     # must survive a night more
        return -100.0 + after
    vp, closeness = state.board.height[end]          # closeness: minus the steps to the summit
    vp = max([vp] + [state.board.space(s).vp for s in path])      # points count as soon as a space is reached
    gain_vp = max(0, vp - climber.best_vp)
    tent_bonus = 1.0 if tent and target.accl < 0 else (-1.0 if tent else 0.0)
    if climber.best_vp >= state.board.space(state.board.summit).vp:
        return after * 2.0 + tent_bonus            # the summit is banked: stay alive
    return gain_vp * 3 + closeness * 0.4 + min(after, 4) + tent_bonus - len(path) * 0.01


if __name__ == "__main__":
    raise SystemExit(main())
