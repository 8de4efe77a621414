"""Trek 12 Expeditions for the app: an Expedition is its setup plus its list of action documents.

`start(setup)` checks the setup (players, solo, records as they stood, cards, envelopes already opened) and
returns the state before the first Ascent; `apply(state, action)` applies one action document ("reveal",
"pick", "use", "score", "open"; docs/formats.md); `summary(state)` gives the history record's fields once
the three Ascents are scored. The session keeper saves the Expedition after every action.
"""

from __future__ import annotations

from collections import Counter
from datetime import date
from typing import Any

from companion.errors import CompanionError, IllegalAction, InvalidInput
from companion.games.expedition import rules
from companion.games.expedition.files import report
from companion.games.expedition.rules import ASCENTS, State
from companion.games.trek12.rules import Assist
from companion.games.expedition.wording import (
    CARD_NAMES,
    and_list,
    card_article,
    card_count,
    comma_list,
    semicolon_list,
)
from companion.games.trek12.review import Played
from companion.games.trek12.session import turn_words
from companion.games.words import UNRECOGNISED, number, safely, short_text
from companion.i18n.message import msg, msgn

__all__ = ["GAME_ID", "start", "apply", "summary", "title", "describe_action", "picks_words", "correction_changes",
           "ascent_played", "setup_options"]

GAME_ID = "expedition"


def start(setup: dict[str, Any]) -> State:
    """The Expedition before Ascent 1 for a setup document (Setup for an Expedition)."""
    return rules.new_expedition(rules.parse_setup(setup))


def apply(state: State, action: dict[str, Any]) -> State:
    """The Expedition after one action document; InvalidInput / IllegalAction say why it is refused."""
    return rules.apply(state, rules.parse_action(state, action))


def setup_options(setup: dict[str, Any]) -> list[dict[str, Any]]:
    """What of an Expedition's setup can be corrected once entries are made: who took the Lead Climber card at
    the start (with several players; never Max). Each option is {"label", "choices": [{"label", "setup",
    "current"}]}; the players, the cards and the Hall of Fame as it stood are the Expedition itself, not
    corrected here. The setup is read by the rules (`parse_setup`), so the lead is the one the game plays with."""
    parsed = rules.parse_setup(setup)
    players = [(n, seat.name) for n, seat in enumerate(parsed.seats) if not seat.is_max]
    if len(players) < 2:
        return []
    return [{"label": msg("Lead Climber · the oldest player"), "choices": [
        {"label": name, "setup": {**setup, "lead": name}, "current": parsed.lead == n} for n, name in players]}]


def ascent_played(setup: dict[str, Any], actions: list[Any], ascent: int) -> tuple[Played, int] | None:
    """The sheet of one Ascent as it was played in the app, for the coach's review: its start, each turn with
    the sheet's table before it (the cards as the Expedition held them then: picks and cards used between
    turns change them), and its end; with how many of the Expedition's actions lead to its last turn (a
    review of fewer or other actions is stale). None when that Ascent's sheet was not played in the app to
    its last circle (or set aside for paper), or the actions do not replay (InvalidInput / IllegalAction
    for a setup that does not start).
    """
    state = start(setup)
    begun = None      # (table at the start, turns so far, entries before each) of the Ascent's sheet in the app
    done = None
    for count, doc in enumerate(actions, 1):
        if state.ascent > ascent or state.over:
            break
        try:
            action = rules.parse_action(state, doc)
            after = rules.apply(state, action)
        except CompanionError:
            return None
        if state.ascent == ascent:
            if isinstance(action, rules.StartSheet):
                # A sheet started afresh, or set aside for paper (its turns gone with it).
                begun = None if after.table is None else (after.table, [], [])
                done = None
            elif isinstance(action, rules.SheetTurn) and begun is not None and state.table is not None:
                seats = rules.sheet_seats(state)
                begun[1].append((state.table, {**action.turn, "player": seats.index(action.player)}))
                begun[2].append(count - 1)
                if after.table is not None and after.table.complete:
                    done = Played(begun[0], tuple(begun[1]), after.table, tuple(begun[2])), count
        state = after
    return done


def correction_changes(before: State, after: State) -> list[str]:
    """What a corrected Expedition changes of what was done at the table, in words for the players to check
    before they confirm: an envelope now opened by another player (the highest score of its Ascent opens it:
    a corrected score can make someone else that player), or no longer opened, or opened where it was not."""
    said: list[str] = []
    was = {e.number: e for e in before.envelopes}
    now = {e.number: e for e in after.envelopes}
    for no, envelope in now.items():
        old = was.get(no)
        name = after.setup.names[envelope.opener]
        if old is None:
            # i18n: a correction's consequence; {name} now has the highest score of Ascent {ascent}
            said.append(msg("Envelope {number} is now opened after Ascent {ascent}, by {name}.", number=no,
                            ascent=envelope.ascent, name=name))
        elif old.opener != envelope.opener:
            # i18n: a correction's consequence: {name} now has the highest score of the Ascent; {was} opened it
            said.append(msg("Envelope {number} is now opened by {name}, not {was}: the highest score of Ascent "
                            "{ascent} opens it.", number=no, name=name, was=before.setup.names[old.opener],
                            ascent=envelope.ascent))
    for no, envelope in was.items():
        if no not in now:
            # i18n: a correction's consequence: nobody meets the envelope's challenge any more, or another first
            said.append(msg("Envelope {number} is no longer opened after Ascent {ascent}.", number=no,
                            ascent=envelope.ascent))
    return said


def describe_action(state: State, action: dict[str, Any]) -> str:
    """One entry in words, from the Expedition as it stood before it: "Ascent 1 (Dunai): revealed 2 Ropes,
    a Tent ...", "Ascent 2, picks after round 6: Ann took the Rope", "Ascent 1 (Dunai) scored: Ann 70, Bo 85
    (82 + 1 card cashed)"; never raises (an unreadable entry is "An entry the game does not recognise")."""
    return safely(_describe, state, action)


def title(state: State) -> str:
    """A short title for lists: the Ascents, and Max in solo. Kept in the history record in English, with its
    words (a Message) so History says it in the player's language."""
    route = ", ".join(sheet.name for sheet in state.setup.sheets)
    if state.setup.solo:
        return msg("Expedition: {route} (solo against Max)", route=route)
    return msg("Expedition: {route}", route=route)


def summary(state: State) -> dict[str, Any]:
    """History record fields of a finished Expedition: each player's stars as the score, the winner(s), detail."""
    if not state.over:
        done = len(state.results)
        if done == ASCENTS:
            raise IllegalAction(msg("the Expedition is not over: an envelope is still to be opened"))
        raise IllegalAction(msg("the Expedition is not over: {done} of {total} Ascents are scored", done=done,
                                total=ASCENTS))
    won, _ = rules.winner(state)
    table = rules.standing(state)
    players = [{"id": seat.id, "name": seat.name, "score": s.stars, "winner": n in won}
               for n, (seat, s) in enumerate(zip(state.setup.seats, table))]
    return {"game": GAME_ID, "title": title(state), "players": players, "detail": report(state, detail=True)}


def _describe(state: State, doc: Any) -> str:
    if not isinstance(doc, dict):
        return UNRECOGNISED
    action = rules.parse_action(state, doc)
    names = state.setup.names
    ascent = state.ascent
    sheet = state.sheet.name
    if isinstance(action, rules.Reveal):
        cards = action.cards
        if cards is None:
            # The app draws from its seeded deck: the cards are known once the draw is made.
            after = _after(state, action)
            if after is None or not after.reveals:
                return msg("Ascent {ascent} ({sheet}): the app reveals the Assist cards", ascent=ascent, sheet=sheet)
            cards = after.reveals[-1].cards
        return msg("Ascent {ascent} ({sheet}): revealed {cards}", ascent=ascent, sheet=sheet, cards=_cards(cards))
    if isinstance(action, rules.Picks):
        table = state.table
        picks = _picks_words(names, action)
        if table is not None and table.round > 1:
            return msg("Ascent {ascent}, picks after round {round}: {picks}", ascent=ascent, round=table.round - 1,
                       picks=picks)
        return msg("Ascent {ascent} picks: {picks}", ascent=ascent, picks=picks)
    if isinstance(action, rules.Use):
        return msg("Ascent {ascent}, {name}: used the {card}", ascent=ascent, name=names[action.player],
                   card=CARD_NAMES[action.card])
    if isinstance(action, rules.ScoreAscent):
        return _score(state, action)
    if isinstance(action, rules.OpenEnvelope):
        pending = state.envelopes[-1] if state.phase is rules.Phase.ENVELOPE and state.envelopes else None
        note = short_text(action.note) if action.note else None
        if pending is None:
            return msg("An envelope opened: \u201c{note}\u201d", note=note) if note else msg("An envelope opened")
        if note:
            return msg("Envelope {number} opened by {name}: \u201c{note}\u201d", number=pending.number,
                       name=names[pending.opener], note=note)
        return msg("Envelope {number} opened by {name}", number=pending.number, name=names[pending.opener])
    if isinstance(action, rules.StartSheet):
        if action.drop:
            return msg("Ascent {ascent}: the sheet in the app set aside; the Ascent goes on on paper", ascent=ascent)
        merge = isinstance(action.ruleset, dict) and action.ruleset.get("merge_lines") is True
        if merge:
            return msg("Ascent {ascent} ({sheet}): the sheet is played in the app, a number may join two Fixed "
                       "Lines", ascent=ascent, sheet=sheet)
        return msg("Ascent {ascent} ({sheet}): the sheet is played in the app", ascent=ascent, sheet=sheet)
    # A turn written on the app's sheet: the Trek 12 turn in words, with the round and the player.
    table = state.table
    turn = turn_words(state.sheet, action.turn, solo=state.setup.solo)
    if table is not None:
        return msg("Ascent {ascent}, round {round}, {name}: {turn}", ascent=ascent, round=table.round,
                   name=names[action.player], turn=turn)
    return msg("Ascent {ascent}, {name}: {turn}", ascent=ascent, name=names[action.player], turn=turn)


def _after(state: State, action: rules.Action) -> State | None:
    try:
        return rules.apply(state, action)
    except CompanionError:
        return None


def picks_words(state: State, doc: dict[str, Any]) -> str:
    """A round's picks (a "pick" action, not yet applied to `state`) in words: "Ann took no card; Bob took the
    Schnapps (gave back the Rope)", as the list of entries says them."""
    action = rules.parse_action(state, doc)
    if not isinstance(action, rules.Picks):
        raise InvalidInput(f"not a round's picks: {doc.get('type')!r}")
    return _picks_words(state.setup.names, action)


def _picks_words(names: tuple[str, ...], action: rules.Picks) -> str:
    return semicolon_list(_pick(names, pick) for pick in action.picks)


def _pick(names: tuple[str, ...], pick: rules.Pick) -> str:
    name = names[pick.player]
    if pick.card is None:
        if pick.zone is not None:
            return msg("{name} took no card for a zone of {zone}s", name=name, zone=pick.zone)
        return msg("{name} took no card", name=name)
    card = CARD_NAMES[pick.card]
    if pick.zone is not None:
        words = msg("{name} took the {card} for a zone of {zone}s", name=name, card=card, zone=pick.zone)
    else:
        words = msg("{name} took the {card}", name=name, card=card)
    if pick.give_back is not None:
        # i18n: {pick} is "Ann took the Rope" (or "... for a zone of 2s"); {card} an Assist card's name
        words = msg("{pick} (gave back the {card})", pick=words, card=CARD_NAMES[pick.give_back])
    return words


def _score(state: State, action: rules.ScoreAscent) -> str:
    names = state.setup.names
    after = _after(state, action)
    ascent, sheet = state.ascent, state.sheet.name
    if after is None or not after.results:
        # Not scorable from here: what was typed, the sheets' own points left out.
        parts = [f"{name} {number(points)}" for name, points in zip(names, action.points) if points is not None]
        return msg("Ascent {ascent} ({sheet}) scored: {scores}", ascent=ascent, sheet=sheet,
                   scores=comma_list(parts) or msg("the sheets' points"))
    result = after.results[-1]
    parts = []
    for name, points, cashed, total in zip(names, result.points, result.cashed, result.totals):
        if cashed:
            # i18n: one player's Ascent total: the sheet's points plus the Assist cards cashed (+3 each)
            parts.append(msgn("{name} {total} ({points} + {n} card cashed)", "{name} {total} ({points} + {n} cards "
                              "cashed)", len(cashed), name=name, total=number(total), points=number(points)))
        else:
            parts.append(f"{name} {number(total)}")
    words = msg("Ascent {ascent} ({sheet}) scored: {scores}", ascent=ascent, sheet=sheet, scores=comma_list(parts))
    met = [(name, envelopes) for name, envelopes in zip(names, result.met) if envelopes]
    if met:
        # i18n: {name} is a player, {envelopes} the numbers of the envelopes whose challenge the sheet met ("1 and 3")
        who = comma_list(msg("{name} {envelopes}", name=name, envelopes=and_list(str(e) for e in envelopes))
                         for name, envelopes in met)
        words = msg("{scored}; challenges met: {met}", scored=words, met=who)
    if result.date:
        # A day is said as the language writes one ("6 gru 2026"), not as the file keeps it (2026-12-06).
        try:
            day: Any = date.fromisoformat(result.date)
        except (TypeError, ValueError):
            day = result.date
        words = msg("{scored}; {date}", scored=words, date=day)
    return words


def _cards(cards: tuple[Assist, ...]) -> str:
    counts = Counter(cards)
    return and_list(card_count(card, n) if n > 1 else card_article(card)
                    for card, n in sorted(counts.items(), key=lambda kv: list(Assist).index(kv[0]))) or msg("no cards")
