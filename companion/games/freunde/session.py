"""Freunde for the app: a game is its setup plus its list of JSON action documents (shared/DESIGN.md).

`start(setup)` checks the setup and returns the state before turn 1; `apply(state, action)` applies one
action document ({"type": "play" | "risk" | "climber" | "pay_risk" | "done" | "weather" | "draw" |
"rules", ...}, the shapes in docs/formats.md); `summary(state)` gives a finished game's history record fields.
"""

from __future__ import annotations

from typing import Any

from companion.errors import CompanionError, IllegalAction
from companion.games.freunde import rules
from companion.games.freunde.data import Card, CardKind, board_title, load_data
from companion.games.freunde.files import result_from_state
from companion.games.freunde.rules import State
from companion.games.words import UNRECOGNISED, and_list, clauses, safely
from companion.i18n.message import msg, msgn

__all__ = ["GAME_ID", "start", "apply", "summary", "title", "stamped", "older_rules", "switched",
           "switch_to_printed", "why_no_switch", "describe_action", "setup_options", "death_words",
           "with_unused_movement_for_risk"]

GAME_ID = "freunde"


def start(setup: dict[str, Any]) -> State:
    """The state before turn 1 for a setup document (players, board, weather_season ...). A stored setup
    without "rules" is a game saved before the printed rulings: it replays under the earlier readings, so
    its past turns stay as they were played (docs/rulings.md, "Rulesets")."""
    return rules.new_game(rules.setup_from_doc(setup, default_rules=rules.EARLIER_RULES))


def stamped(setup: dict[str, Any]) -> dict[str, Any]:
    """The setup document of a new game, marked with the rulings it is played under."""
    return {**setup, "rules": rules.PRINTED_RULES}


def older_rules(state: State) -> bool:
    """True for a game started under the companion's earlier readings of four rules (team tents, the cap
    after the check, who bears the risk, victory points during a move), switched since or not."""
    return state.setup.ruleset == rules.EARLIER_RULES


def switched(state: State) -> bool:
    """True once a game started under the earlier readings follows the printed rules."""
    return older_rules(state) and rules.printed_rules(state)


def switch_to_printed() -> dict[str, Any]:
    """The action document that plays the rest of an older game by the printed rules (between turns)."""
    return {"type": rules.ActionType.RULES.value, "rules": rules.PRINTED_RULES}


def why_no_switch(state: State) -> str | None:
    """Why the game cannot switch to the printed rules now, or None."""
    return rules.why_no_switch(state)


def apply(state: State, action: dict[str, Any]) -> State:
    """The state after one action document; InvalidInput / IllegalAction say why it is refused."""
    return rules.apply(state, rules.action_from_doc(state, action))


def with_unused_movement_for_risk(state: State, action: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """A climber's action document with as many more of its movement points off the risk still owed as its
    path leaves unused, and how many that is. The rule sheet's check: "If you use less than the played
    movement, this can reduce the Risk you've incurred"; once the climber has acted, its unused points are
    gone, so they pay before a climber's acclimatization would have to (docs/rulings.md, 'Paying the
    penalty'). The action is unchanged (0) when nothing is owed beyond it, or the rules take no more."""
    try:
        parsed = rules.action_from_doc(state, action)
    except CompanionError:
        return action, 0              # refused as it is: said when it is applied
    if not isinstance(parsed, rules.ClimberAction):
        return action, 0
    for extra in range(rules.risk_owed(state, parsed.player) - parsed.risk_move - parsed.risk_accl, 0, -1):
        trial = {**action, "risk_move": parsed.risk_move + extra}
        try:
            apply(state, trial)
        except CompanionError:
            continue
        return trial, extra
    return action, 0


def setup_options(setup: dict[str, Any]) -> list[dict[str, Any]]:
    """What of a game's setup can be corrected once turns are taken: who starts (with several players), the
    extra climber above 7000 m (where the number of players allows it), the board's side and the season of
    the weather tiles. Each option is {"label", "choices": [{"label", "setup", "current"}]}; the players and
    the risk tokens are the game itself, not corrected here. The setup is read by the rules (`setup_from_doc`),
    so a start player given by name is the one the game plays with."""
    parsed = rules.setup_from_doc(setup)
    data = load_data()
    options = []
    if not parsed.solo:
        # i18n: a part of the setup: the player who holds the starting player marker at the start
        options.append({"label": msg("Starting player"), "choices": [
            {"label": name, "setup": {**setup, "start_player": index}, "current": parsed.start_player == index}
            for index, name in enumerate(parsed.players)]})
    if len(parsed.players) == data.stacking.extra_players:
        # i18n: a choice of the setup: the extra climber above 7000 m is not played
        off = msg("Off")
        # i18n: a choice of the setup: the extra climber above 7000 m is played
        on = msg("On")
        options.append({"label": msg("Extra climber above 7000 m (by agreement)"), "choices": [
            {"label": label, "setup": {**setup, "extra_high_climber": value},
             "current": parsed.extra_high_climber == value} for value, label in ((False, off), (True, on))]})
    edited = isinstance(setup.get("board"), dict)
    sides = [{"label": board_title(name, data.boards[name].title), "setup": {**setup, "board": name},
              "current": not edited and parsed.board.id == name} for name in ("summer", "winter")]
    if edited:
        # A board corrected at the table (or edited): it stays a choice of its own, so a correction can go back.
        sides.append({"label": board_title(parsed.board.id, parsed.board.title), "setup": setup, "current": True})
    options.append({"label": msg("Board side"), "choices": sides})
    options.append({"label": msg("Weather"), "choices": [
        {"label": label, "setup": {**setup, "weather_season": value}, "current": parsed.season == value}
        for value, label in (("summer", msg("Summer tiles")), ("winter", msg("Winter tiles")))]})
    return options


def describe_action(state: State, action: dict[str, Any]) -> str:
    """One entry in words, from the game as it stood before it: "Turn 4, Ann's climber A moved from S2 to S5
    with Move 2 and Move 1; pitched its tent", "Turn 4, Bo took a risk token of 2", "Day 5's weather: snow (−1
    acclimatization in the 7000 m zone)"; never raises (an unreadable entry is "An entry the game does not
    recognise")."""
    return safely(_describe, state, action)


def title(state: State) -> str:
    """A short title for lists: board side and weather season."""
    side = msg("Summer board") if state.board.id == "summer" else (
        msg("Winter board") if state.board.id == "winter" else state.board.title)
    season = state.setup.season
    weather = msg("summer weather") if season == "summer" else msg("winter weather") if season == "winter" \
        else f"{season} weather"
    if state.setup.solo:
        # i18n: a Freunde game's title: the board's side and the weather tiles, played solo
        return msg("{side}, {weather} (solo)", side=side, weather=weather)
    # i18n: a Freunde game's title: the board's side and the weather tiles
    return msg("{side}, {weather}", side=side, weather=weather)


def summary(state: State) -> dict[str, Any]:
    """History record fields of a finished game: game, title, players with score and winner, detail."""
    if not state.over:
        raise IllegalAction(f"turn {state.turn}: the game is not over yet; it ends after turn {rules.TURNS}"
                            " (or when a climber dies in a solo game)")
    result = result_from_state(state)
    detail = {key: value for key, value in result.items() if key != "turns"}
    return {
        "game": GAME_ID,
        "title": title(state),
        # A player without a roster id in the setup is left to the keeper, which maps seats to the
        # session's players in order.
        "players": [
            {**({"id": p["id"]} if p["id"] is not None else {}), "name": p["name"], "score": p["score"],
             "winner": p["winner"]}
            for p in result["players"]
        ],
        "detail": detail,
    }


def _describe(state: State, doc: Any) -> str:
    if not isinstance(doc, dict):
        return UNRECOGNISED
    action = rules.action_from_doc(state, doc)
    turn = state.turn
    if isinstance(action, rules.SetWeather):
        days = (action.weather,) + action.later
        if len(days) == 1:
            return msg("Day {day}'s weather: {weather}", day=action.day, weather=_weather(action.weather))
        last = action.day + len(days) - 1
        return msg("Weather of days {first}\u2013{last}: {days}", first=action.day, last=last,
                   days=clauses([_weather(day) for day in days]))
    if isinstance(action, rules.SwitchRules):
        if action.rules == rules.PRINTED_RULES:
            return msg("From turn {turn} on: the printed rules", turn=turn)
        return msg("From turn {turn} on: the companion's earlier readings", turn=turn)
    if isinstance(action, rules.TakeRisk):
        taker = state.risk_taker
        if taker is not None:
            words = msg("Turn {turn}, {name} took a risk token of {value}", turn=turn,
                        name=state.players[taker].name, value=action.value)
        else:
            words = msg("Turn {turn} took a risk token of {value}", turn=turn, value=action.value)
        if action.revealed is not None:
            # i18n: a risk token taken, then the token turned face up to replace it
            return msg("{entry} (a {revealed} turned face up)", entry=words, revealed=action.revealed)
        return words
    name = state.players[action.player].name
    if isinstance(action, rules.Draw):
        return msg("Turn {turn}, {name} drew {cards}", turn=turn, name=name, cards=_cards(action.cards))
    if isinstance(action, rules.PlayCards):
        return msg("Turn {turn}, {name} played {cards}", turn=turn, name=name, cards=_cards(action.cards))
    if isinstance(action, rules.EndActions):
        words = msg("Turn {turn}, {name} is done", turn=turn, name=name)
        try:
            died = _deaths(state, rules.apply(state, action))
        except CompanionError:
            died = []               # an entry that no longer applies (a correction shows it) ran no check
        if died:
            # i18n: the last player done, whose entry runs the turn's acclimatization check, and the climbers
            # that died in it: "Turn 13, Bob is done; in the check, Alice's climber A died"
            words = msgn("{entry}; in the check, {climbers} died", "{entry}; in the check, {climbers} died",
                         len(died), entry=words, climbers=and_list(died))
        return words
    if isinstance(action, rules.PayRisk):
        return msgn("Turn {turn}, {name} paid {n} risk point off climber {climber}'s acclimatization",
                    "Turn {turn}, {name} paid {n} risk points off climber {climber}'s acclimatization",
                    action.amount, turn=turn, name=name, climber=action.climber)
    return _climber_words(state, action)


def _climber_words(state: State, action: rules.ClimberAction) -> str:
    who = {"turn": state.turn, "name": state.players[action.player].name, "climber": action.climber}
    climber = state.players[action.player].climber(action.climber)
    # A dead climber stands nowhere: an entry for it (one a correction left behind its death) is said where
    # it died, and that it died.
    here = climber.space if climber.alive else climber.died_space
    where = _at(state, here)
    cards = _cards(action.cards) if action.cards else None
    if action.path:
        start, end = _from(state, here), _to(state, action.path[-1])
        words = (msg("Turn {turn}, {name}'s climber {climber} moved {start} {end} with {cards}", start=start,
                     end=end, cards=cards, **who) if cards else
                 msg("Turn {turn}, {name}'s climber {climber} moved {start} {end}", start=start, end=end, **who))
    elif action.tent:
        words = (msg("Turn {turn}, {name}'s climber {climber} pitched its tent {where} with {cards}", where=where,
                     cards=cards, **who) if cards else
                 msg("Turn {turn}, {name}'s climber {climber} pitched its tent {where}", where=where, **who))
    elif any(card.kind is CardKind.ACCLIMATIZATION and card.value > 0 for card in action.cards):
        # (An A+0 gives nothing: a climber given only that, or movement it did not use, stayed where it was.)
        words = (msg("Turn {turn}, {name}'s climber {climber} acclimatized {where} with {cards}", where=where,
                     cards=cards, **who) if cards else
                 msg("Turn {turn}, {name}'s climber {climber} acclimatized {where}", where=where, **who))
    else:
        words = (msg("Turn {turn}, {name}'s climber {climber} stayed {where} with {cards}", where=where,
                     cards=cards, **who) if cards else
                 msg("Turn {turn}, {name}'s climber {climber} stayed {where}", where=where, **who))
    if action.path and action.tent:
        # i18n: a climber's move described, then that it also pitched its tent
        words = msg("{entry}; pitched its tent", entry=words)
    if action.risk_move:
        # i18n: a climber's action described, then the risk points it took off its movement
        words = msgn("{entry}; {n} risk point off its movement", "{entry}; {n} risk points off its movement",
                     action.risk_move, entry=words)
    if action.risk_accl:
        # i18n: a climber's action described, then the risk points it took off its acclimatization
        words = msgn("{entry}; {n} risk point off its acclimatization",
                     "{entry}; {n} risk points off its acclimatization", action.risk_accl, entry=words)
    if not climber.alive and climber.died_turn is not None:
        # i18n: an entry for a climber that is dead by then (a correction replayed it after its death)
        words = msg("{entry}, though the climber died on turn {died}", entry=words, died=climber.died_turn)
    return words


def _cards(cards: tuple[Card, ...]) -> str:
    """Cards as the table says them, in hand order (as the screens list them): 'Move 2', 'Rope 1 or 3 down',
    'Acclimatize +1'."""
    return and_list([rules.card_words(card) for card in sorted(cards, key=lambda c: c.hand_order)]) or msg("no cards")


def _deaths(before: State, after: State) -> list[str]:
    """The climbers that died in the check an entry ran (the last player's Done, which ends the turn), named
    as messages name them ("Alice's climber A"); none when it ran no check."""
    if not after.log or (after.turn == before.turn and not after.over):
        return []
    return [rules.climber_name(after, c.player, c.climber) for c in after.log[-1].checks if c.died]


def death_words(death: Any) -> str:
    """A finished game's record of a death ({"player", "climber", "turn", "space"}) as one sentence, for the
    game's saved view and History: "Bob's climber B died on turn 17 on the summit." Every board side's summit
    and base camp are said in words, by their ids (an edited board keeps those of the side it was made from)."""
    known = list(load_data().boards.values())
    space = death.get("space") if isinstance(death, dict) else None
    who = {"name": death.get("player"), "climber": death.get("climber"), "turn": death.get("turn")} \
        if isinstance(death, dict) else {"name": "?", "climber": "?", "turn": "?"}
    if any(space == b.summit for b in known):
        # i18n: a death in a finished game's record, on the summit
        return msg("{name}'s climber {climber} died on turn {turn} on the summit.", **who)
    if any(space == b.base_camp for b in known):
        # i18n: a death in a finished game's record, in base camp
        return msg("{name}'s climber {climber} died on turn {turn} in base camp.", **who)
    # i18n: a death in a finished game's record, on a space of the board ("S16")
    return msg("{name}'s climber {climber} died on turn {turn} on {space}.", space=str(space), **who)


def _at(state: State, space: Any) -> str:
    """Where a climber stayed, acclimatized or pitched its tent, said after the verb: "at S16", and base camp
    and the summit in words of their own, since languages say "in" or "on" them differently ("stayed on
    base camp" was English for none; "im Basislager", "au camp de base")."""
    if space == state.board.base_camp:
        # i18n: where a climber stayed, acclimatized or pitched its tent: "…'s climber A stayed in base camp"
        return msg("in base camp")
    if space == state.board.summit:
        # i18n: where a climber stayed, acclimatized or pitched its tent: "…'s climber A stayed on the summit"
        return msg("on the summit")
    # i18n: where a climber stayed, acclimatized or pitched its tent: a space of the board, "…stayed at S16"
    return msg("at {space}", space=str(space))


def _from(state: State, space: Any) -> str:
    """Where a move began, with its preposition: "from S6", and base camp and the summit in words of their own
    ("von Basislager" was German for none: "vom Basislager"; "de camp de base": "du camp de base")."""
    if space == state.board.base_camp:
        # i18n: where a climber's move began: "…'s climber A moved from base camp to S6"
        return msg("from base camp")
    if space == state.board.summit:
        # i18n: where a climber's move began: "…'s climber A moved from the summit to S20"
        return msg("from the summit")
    # i18n: where a climber's move began, a space of the board: "…moved from S6 to S9"
    return msg("from {space}", space=str(space))


def _to(state: State, space: Any) -> str:
    """Where a move ended, with its preposition: "to S9", "to the summit" ("nach der Gipfel": "zum Gipfel")."""
    if space == state.board.base_camp:
        # i18n: where a climber's move ended: "…'s climber A moved from S3 to base camp"
        return msg("to base camp")
    if space == state.board.summit:
        # i18n: where a climber's move ended: "…'s climber A moved from S24 to the summit"
        return msg("to the summit")
    # i18n: where a climber's move ended, a space of the board: "…moved from S6 to S9"
    return msg("to {space}", space=str(space))


def _weather(weather: rules.Weather) -> str:
    name = rules.weather_name(weather.label)
    if weather.calm:
        return name
    if weather.accl and weather.move:
        effects = msg("\u2212{accl} acclimatization and +{move} movement per space", accl=weather.accl,
                      move=weather.move)
    elif weather.accl:
        effects = msg("\u2212{accl} acclimatization", accl=weather.accl)
    else:
        effects = msg("+{move} movement per space", move=weather.move)
    zones = sorted(weather.zones)
    # i18n: a day's weather: its symbol, its effects and the altitude zones it covers ("7000 m and 8000 m")
    return msgn("{weather} ({effects} in the {zones} zone)", "{weather} ({effects} in the {zones} zones)", len(zones),
                weather=name, effects=effects, zones=and_list([f"{zone} m" for zone in zones]))
