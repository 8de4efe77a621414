"""Scoring a finished game from its tableaus as they lie on the table ('Game End and Scoring').

A table that played 14ers with the cards alone still wants the end scoring done right: the Accolade, the
Plans, the Capstones, the Photos and the tie-break. A *final-tableaus* game is a 14ers session whose setup
has `"final": true` (players, Hikers and the Accolade as for any game, `session.parse_setup`); instead of
turns, its actions enter each tableau as it lies:

    {"type": "tableau", "player": 0,                       (the seat, Gerry included, in turn order)
     "tucked": [TUCKED, ...], "guides": [{"card": CARD | "card name"}, ...]}
    {"type": "accolade", "accolade": ACCOLADE}             (correct the Accolade half in play)
    {"type": "score"}                                      (every tableau entered: the game is over)

A TUCKED is `{"card": CARD | "card name", "side": SIDE}` with, for a Plan whose printed text the vocabulary
cannot say, `"counted": {"points": N, "note": "..."}`: the points the players counted by hand, marked so in
the result. A name is looked up in the catalog copied into the setup; a CARD object is a card entered on
the spot. The `hiker` and `correct` actions of any game work here too. The same reading of TUCKED and the
same checks serve `companion score 14ers` (files.py), so the screen and the command line score alike.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Sequence

from companion.errors import IllegalAction, InvalidInput
from companion.i18n.message import msg, msgn
from companion.inputs import quote, text_problem

from . import solo
from .abilities import Counted, Tableau, Tucked, class_label, points_lines
from .catalog import Card, card_to_doc, name_key, parse_card
from .data import CLASSES, HikerLetter, Side, load_data
from .rules import AccoladeChoice, Phase, State, tableau
from .wording import side_word

__all__ = ["ACTIONS", "NOTE_MAX", "POINTS_MAX", "read_tucked", "read_counted", "check_player", "check_cards",
           "repeated_card", "tuckable_sides",
           "apply_doc", "with_tableau", "with_accolade", "finish", "empty_tableaus", "short_tableaus", "tableau_doc",
           "tucked_doc",
           "card_points"]

ACTIONS = ("tableau", "accolade", "score")
NOTE_MAX = 120           # the note beside points counted by hand: one short line
POINTS_MAX = 99          # as the vocabulary's numbers ('abilities._NUMBER_LIMIT')

CardLookup = Callable[[Any, str], Card]


def read_counted(raw: Any, where: str) -> Counted:
    """`{"points": N, "note": "..."}`: a Plan's points counted by the players, with an optional note."""
    if not isinstance(raw, dict):
        raise InvalidInput(f"{where}: must be an object with points (and an optional note)")
    for key in raw:
        if key not in ("points", "note"):
            raise InvalidInput(f"{where}: unknown key {quote(key)}; it has points and note")
    points = raw.get("points")
    if isinstance(points, bool) or not isinstance(points, int) or not -POINTS_MAX <= points <= POINTS_MAX:
        at_field = f"{where}.points"
        raise InvalidInput(msg("{where}: must be a whole number from {low} to {high}, not {value}",
                               where=at_field, low=-POINTS_MAX, high=POINTS_MAX, value=quote(points)))
    note = raw.get("note", "")
    if not isinstance(note, str):
        raise InvalidInput(f"{where}.note: must be text")
    note = " ".join(note.split())
    if note:
        problem = text_problem(note, max_len=NOTE_MAX, what="the note")
        if problem:
            at_field = f"{where}.note"
            raise InvalidInput(msg("{where}: {problem}", where=at_field, problem=problem))
    return Counted(points, note)


def read_tucked(raw: Any, where: str, lookup: CardLookup) -> Tucked:
    """One TUCKED entry: its card (looked up or given whole), its side and any points counted by hand."""
    if not isinstance(raw, dict):
        raise InvalidInput(f"{where}: must be an object with card and side (and counted for a Plan)")
    for key in raw:
        if key not in ("card", "side", "counted"):
            raise InvalidInput(f"{where}: unknown key {quote(key)}; a tucked Climb has card, side and counted")
    card = lookup(raw.get("card"), f"{where}.card")
    try:
        side = Side(raw.get("side"))
    except ValueError:
        raise InvalidInput(f"{where}.side: {quote(raw.get('side'))} is not a side; sides: "
                           f"{', '.join(s.value for s in Side)}") from None
    counted = None
    if raw.get("counted") is not None:
        if side is not Side.PLANS:
            at_field = f"{where}.counted"
            # i18n: {side} is the side as the cards print it ("Gear")
            raise InvalidInput(msg("{where}: only a Plan's points are counted by hand; a {side} side scores as "
                                   "described", where=at_field, side=side_word(side)))
        counted = read_counted(raw["counted"], f"{where}.counted")
    return Tucked(card, side, counted)


def check_player(tucked: Sequence[Tucked], guides: Sequence[Card], hiker: HikerLetter, gerry: bool,
                 where: str) -> None:
    """One tableau keeps the rules: Hiker D has no Capstone, Gerry tucks by Class and hires no Guide, at most
    one Climb a round, and every tucked side scored is described (or counted by hand)."""
    rounds = load_data().deck.rounds
    if len(tucked) + len(guides) > rounds:
        # i18n: {where} is the player's name
        raise IllegalAction(msg("{where}: {count:,} Climbs tucked or hired as Guides, but a player gains one Climb "
                                "a turn for {rounds} rounds", where=where, count=len(tucked) + len(guides),
                                rounds=rounds))
    for index, entry in enumerate(tucked):
        at = f"{where}.tucked[{index}]"
        if entry.side is Side.CAPSTONE and hiker in load_data().hikers.no_capstones:
            raise IllegalAction(msg("{where}: Hiker {letter} can never tuck Climbs as Capstones", where=at,
                                    letter=hiker))
        if gerry and entry.side is not solo.gerry_side(entry.card.klass):
            # i18n: {klass} is "Class III"; {side} and {shown} are sides as the cards print them ("Capstone")
            raise IllegalAction(msg("{where}: Gerry tucks a {klass} Climb as {side}, not {shown}", where=at,
                                    klass=class_label(entry.card.klass),
                                    side=side_word(solo.gerry_side(entry.card.klass)), shown=side_word(entry.side)))
        if entry.ability is None:
            if entry.side is Side.PLANS:
                raise InvalidInput(msg("{where}: {card}'s {side} side is not described; give its ability, or the "
                                       "points counted by hand", where=at, card=entry.card.name,
                                       side=side_word(entry.side)))
            raise InvalidInput(msg("{where}: {card}'s {side} side is not described; give its ability", where=at,
                                   card=entry.card.name, side=side_word(entry.side)))
    if gerry and guides:
        at_field = f"{where}.guides"
        raise IllegalAction(msg("{where}: Gerry never hires Guides ('Solo Variant')", where=at_field))


def repeated_card(tables: Sequence[tuple[str, Sequence[Card]]]) -> tuple[Card, str, str] | None:
    """The first Climb card listed twice among `tables` (whose they are, and the cards), with where it was
    first and where again (the same owner when listed twice there), or None: each Climb card is unique."""
    seen: dict[str, str] = {}
    for owner, cards in tables:
        for card in cards:
            key = name_key(card.name)
            if key in seen:
                return card, seen[key], owner
            seen[key] = owner
    return None


def check_cards(tables: Sequence[tuple[str, Sequence[Card]]], humans: int) -> None:
    """The cards of the whole table fit one deck: each card once, and no more of a Class than the deck holds."""
    repeated = repeated_card(tables)
    if repeated is not None:
        card, first, second = repeated
        if first == second:
            # i18n: {name} is a player's name
            raise IllegalAction(msg("{card} is twice on {name}'s tableau; each Climb card is unique",
                                    card=quote(card.name), name=first))
        # i18n: {first} and {second} are players' names
        raise IllegalAction(msg("{card} is both with {first} and with {second}; each Climb card is unique",
                                card=quote(card.name), first=first, second=second))
    counts = load_data().deck.deck_counts(humans)
    for klass in CLASSES:
        used = sum(1 for _, cards in tables for card in cards if card.klass == klass)
        if used > counts[klass - 1]:
            # i18n: {klass} is "Class III"; {n} is the number of players
            raise IllegalAction(msgn("{used} {klass} Climbs are in play, but the deck for {n} player holds {deck}",
                                     "{used} {klass} Climbs are in play, but the deck for {n} players holds {deck}",
                                     humans, used=used, klass=class_label(klass), deck=counts[klass - 1]))


def apply_doc(state: State, doc: dict[str, Any], accolade: Callable[[Any], AccoladeChoice | None]) -> State:
    """Apply a final-tableaus action (`tableau`, `accolade`, `score`); `accolade` reads an ACCOLADE."""
    if not state.setup.final:
        raise IllegalAction(msg("this game is played turn by turn; tableaus are entered whole only when a "
                                "finished game is scored"))
    kind = doc.get("type")
    allowed = {"tableau": {"player", "tucked", "guides"}, "accolade": {"accolade"}, "score": set()}[kind]
    for key in doc:
        if key != "type" and key not in allowed:
            raise InvalidInput(f"{key}: not part of a {kind} action; it has {', '.join(sorted(allowed)) or 'nothing else'}")
    if state.phase is Phase.FINISHED:
        raise IllegalAction(msg("the game is scored; undo the scoring to change a tableau"))
    if kind == "score":
        return finish(state)
    if kind == "accolade":
        if state.setup.solo:
            raise IllegalAction(msg("the solo variant is played without an Accolade ('Solo Variant')"))
        choice = accolade(doc.get("accolade"))
        if choice is None:
            raise InvalidInput(msg("{where}: a game of 2-4 players is scored with its Accolade; give its "
                                   "category, or its name and side", where="accolade"))
        return with_accolade(state, choice)
    seat = doc.get("player")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.players):
        raise InvalidInput(f"player: must be a seat from 0 to {len(state.players) - 1}, not {quote(seat)}")
    lookup = _lookup(state)
    tucked_raw, guides_raw = doc.get("tucked", []), doc.get("guides", [])
    if not isinstance(tucked_raw, list) or not isinstance(guides_raw, list):
        raise InvalidInput("tucked and guides: must be lists")
    if len(tucked_raw) + len(guides_raw) > load_data().deck.rounds:     # counted before any card is read
        raise IllegalAction(msg("{count:,} Climbs tucked or hired as Guides, but a player gains one Climb a turn "
                                "for {rounds} rounds", count=len(tucked_raw) + len(guides_raw),
                                rounds=load_data().deck.rounds))
    tucked = tuple(read_tucked(raw, f"tucked[{i}]", lookup) for i, raw in enumerate(tucked_raw))
    guides = []
    for i, raw in enumerate(guides_raw):
        if not isinstance(raw, dict) or set(raw) - {"card"}:
            raise InvalidInput(f"guides[{i}]: must be an object with card")
        guides.append(lookup(raw.get("card"), f"guides[{i}].card"))
    return with_tableau(state, seat, tucked, tuple(guides))


def with_tableau(state: State, seat: int, tucked: tuple[Tucked, ...], guides: tuple[Card, ...]) -> State:
    """The game with one player's tableau replaced, checked against the rules and the rest of the table."""
    player = state.players[seat]
    check_player(tucked, guides, player.hiker, player.gerry, player.name)
    players = state.players[:seat] + (replace(player, tucked=tucked, guides=guides),) + state.players[seat + 1:]
    humans = sum(1 for p in players if not p.gerry)
    check_cards([(p.name, [t.card for t in p.tucked] + list(p.guides)) for p in players], humans)
    return replace(state, players=players, log=state.log + (msg("{player}'s tableau entered", player=player.name),))


def with_accolade(state: State, choice: AccoladeChoice) -> State:
    """The game with the Accolade half in play corrected."""
    return replace(state, setup=replace(state.setup, accolade=choice),
                   log=state.log + (msg("Accolade corrected"),))


def empty_tableaus(state: State) -> tuple[str, ...]:
    """Players with nothing entered yet: every player gains a Climb each round, so none ends empty."""
    return tuple(p.name for p in state.players if not p.tucked and not p.guides)


def short_tableaus(state: State) -> tuple[tuple[str, int], ...]:
    """Players with fewer Climbs entered (tucked or hired) than the rounds of a game, each with their count:
    one Climb is gained each round ('Round Overview'), so fewer is a card not yet entered, or turns passed."""
    rounds = load_data().deck.rounds
    counts = ((p.name, len(p.tucked) + len(p.guides)) for p in state.players)
    return tuple((name, n) for name, n in counts if 0 < n < rounds)


def finish(state: State) -> State:
    """Every tableau is entered and every scored side described: the game is over and can be scored."""
    empty = empty_tableaus(state)
    if empty:
        # i18n: {players} are the names of the players with nothing entered
        raise IllegalAction(msg("enter every tableau before scoring: nothing is entered for {players}",
                                players=", ".join(empty)))
    for player in state.players:
        check_player(player.tucked, player.guides, player.hiker, player.gerry, player.name)
    return replace(state, phase=Phase.FINISHED, log=state.log + (msg("Scored from the final tableaus"),))


def tucked_doc(state: State, entry: Tucked) -> dict[str, Any]:
    """A TUCKED entry: by name when the setup's catalog holds the card as it is, else the whole CARD."""
    doc: dict[str, Any] = {"card": _card_ref(state, entry.card), "side": entry.side.value}
    if entry.counted is not None:
        doc["counted"] = {"points": entry.counted.points, **({"note": entry.counted.note}
                                                               if entry.counted.note else {})}
    return doc


def tableau_doc(state: State, seat: int, tucked: Sequence[Tucked | dict[str, Any]],
                guides: Sequence[Card | dict[str, Any]]) -> dict[str, Any]:
    """The `tableau` action setting one player's tableau to these cards: Tucked entries and Cards as they lie,
    or entries already in the action's form (a card just entered)."""
    return {"type": "tableau", "player": seat,
            "tucked": [t if isinstance(t, dict) else tucked_doc(state, t) for t in tucked],
            "guides": [g if isinstance(g, dict) else {"card": _card_ref(state, g)} for g in guides]}


def tuckable_sides(hiker: str) -> tuple[Side, ...]:
    """The sides a Hiker's tableau has, as a table lays them out: Hiker D has no Capstones ('Advanced Hiker
    Sides')."""
    order = (Side.CAPSTONE, Side.PLANS, Side.GEAR, Side.TRAINING)
    return tuple(s for s in order if not (s is Side.CAPSTONE and hiker in load_data().hikers.no_capstones))


def _card_ref(state: State, card: Card) -> Any:
    """A card in an action: its name when the setup's catalog holds it as it is, else the whole CARD."""
    return card.name if state.setup.catalog.card(card.name) == card else card_to_doc(card)


def card_points(state: State, seat: int, entry: Tucked, index: int | None = None) -> int | None:
    """What one tucked Climb scores on a player's tableau with it added (or put at `index` in place of the card
    there), the rest of the table as it stands: a Plan looks at the whole tableau and at the rivals. None
    while its side is not described."""
    if entry.ability is None:
        return None
    player = state.players[seat]
    tucked = list(player.tucked)
    if index is None:
        tucked.append(entry)
    else:
        tucked[index] = entry
    me = Tableau(hiker=player.hiker, tucked=tuple(tucked), guides=player.guides,
                 hiker_ability=state.setup.catalog.hiker_ability(player.hiker))
    rivals = [tableau(state, i) for i in range(len(state.players)) if i != seat]
    key = name_key(entry.card.name)
    return sum(line.points for line in points_lines(me, rivals) if name_key(line.source) == key)


def _lookup(state: State) -> CardLookup:
    catalog = state.setup.catalog

    def lookup(raw: Any, where: str) -> Card:
        if isinstance(raw, dict):
            return parse_card(raw, where)
        if not isinstance(raw, str) or not raw.strip():
            raise InvalidInput(msg("{where}: must be a card object or a card name, not {value}", where=where,
                                   value=quote(raw)))
        card = catalog.card(raw)
        if card is None:
            raise InvalidInput(msg("{where}: unknown card {card}: it is not in this game's catalog; give the whole "
                                   "card", where=where, card=quote(raw)))
        return card

    return lookup
