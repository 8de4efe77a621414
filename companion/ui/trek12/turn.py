"""One player's turn on the Trek 12 play screen, as a small state machine over the engine's answers.

The screen keeps a `Draft` (the dice, the option, the cards in use, the circle tapped and the choices made
so far); `prompt(table, seat, draft)` says what is still needed and what to highlight, `tap_circle` reacts
to a tap on a sheet, and `action_of` turns a finished draft into the session's action. Every rule comes from
`companion.games.trek12.rules` (`circle_reason`, `link_choices`, `max_link_choices`, `why_not`, `apply`):
nothing here decides what is legal on its own. No flet import, so the flow is tested without a screen.

The app's own dice come from a seeded `random.Random` (the seed is in the session's setup, see
docs/formats.md), so a round always rolls the same dice however often it is undone or reopened.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from companion.errors import CompanionError
from companion.games.trek12.data import CircleId, Sheet
from companion.games.trek12.rules import (
    CARD_NAMES,
    MAX_ASSISTS,
    Action,
    Assist,
    LinkChoice,
    Op,
    Roll,
    State,
    circle_reason,
    compass_reason,
    link_choices,
    max_link_choices,
    options,
    playable_circles,
    why_not,
)
from companion.games.trek12.rules import (
    apply as apply_turn,
)
from companion.games.trek12.session import Table, schnapps_refusal
from companion.i18n import N_, _, msg, ngettext
from companion.ui.common.widgets import sentence

__all__ = [
    "Step",
    "Draft",
    "Prompt",
    "OptionView",
    "app_roll",
    "new_seed",
    "draft_for",
    "turn_doc",
    "turn_from_doc",
    "prompt",
    "option_views",
    "choose_dice",
    "choose_op",
    "toggle_card",
    "tap_circle",
    "choose_link",
    "choose_take",
    "action_of",
    "OP_NAMES",
    "CARD_NAMES",
    "CARD_TEXT",
    "SOLO_SCHNAPPS_TEXT",
    ]

# The Dice Options as the sheet prints them (English words; shown through `_`).
OP_NAMES = {
    # i18n: the dice option printed on the sheet: the lower of the two dice
    Op.LOWER: N_("Lower"),
    # i18n: the dice option printed on the sheet: the higher of the two dice
    Op.HIGHER: N_("Higher"),
    # i18n: the dice option printed on the sheet: the higher die minus the lower one
    Op.DIFFERENCE: N_("Minus"),
    # i18n: the dice option printed on the sheet: the sum of the dice
    Op.SUM: N_("Plus"),
    # i18n: the dice option printed on the sheet: the product of the dice
    Op.PRODUCT: N_("Times"),
}
# What each card does, in the rulebook's words as far as the screen needs them (The Assist cards).
CARD_TEXT = {
    Assist.COMPASS: N_("write in a circle touching no filled circle"),
    Assist.ROPE: N_("link to a number two circles away"),
    Assist.TENT: N_("add the dice even with the + boxes full"),
    Assist.SCHNAPPS: N_("roll again for you alone"),
}
# Against Max the new roll is his too (docs/rulings.md: he writes the best of the dice the player writes with).
SOLO_SCHNAPPS_TEXT = N_("roll again; Max writes from the new roll too")


class Step(Enum):
    """What the turn waits for next."""

    ROLL = "roll"            # both dice faces
    OPTION = "option"        # lower, higher, difference, sum or product
    CIRCLE = "circle"        # where the number goes
    SKULL = "skull"          # confirm a number over the circle's limit
    ROPE = "rope"            # the Rope's far circle
    LINK = "link"            # which touching numbers the new one links to
    MAX_LINK = "max_link"    # the same for Max's number, on his sheet
    TAKE = "take"            # a card for the new zone of 0s, 1s or 2s (or none)
    GIVE_BACK = "give_back"  # the card returned when taking a fourth
    READY = "ready"          # nothing left to ask: the turn can be written
    DONE = "done"            # the Ascent is over


@dataclass(frozen=True)
class Draft:
    """A turn being entered: everything tapped so far (nothing is saved until the turn is written)."""

    red: int | None = None
    yellow: int | None = None
    rolled: bool = False
    op: Op | None = None
    cards: tuple[Assist, ...] = ()
    circle: CircleId | None = None
    skull_ok: bool = False
    rope: CircleId | None = None
    link_taps: tuple[CircleId, ...] = ()
    links: tuple[CircleId, ...] | None = None
    max_taps: tuple[CircleId, ...] = ()
    max_links: tuple[CircleId, ...] | None = None
    take_decided: bool = False
    take: Assist | None = None
    give_back: Assist | None = None
    # The dice entered before a Schnapps was taken (red, yellow, rolled): put back if it is put away again.
    set_aside: tuple[int | None, int | None, bool] | None = None

    @property
    def roll(self) -> Roll | None:
        """The dice entered, once both faces are known."""
        if self.red is None or self.yellow is None:
            return None
        return Roll.of(self.red, self.yellow)

    def after_circle(self) -> Draft:
        """The same draft with the circle and everything chosen after it forgotten."""
        return replace(self, circle=None, skull_ok=False, rope=None, link_taps=(), links=None, max_taps=(),
                       max_links=None, take_decided=False, take=None, give_back=None)


@dataclass(frozen=True)
class Prompt:
    """What the screen shows for a draft: the step, one line of guidance, and what to highlight.

    `legal`: circles a number may go in now (player's sheet). `candidates`: circles to tap for the pending
    choice, on Max's sheet when `on_max`. `choices`: the link choices still open (LINK / MAX_LINK).
    `value`: the number the option gives (None before the option), `skull`: it is over the circle's limit.
    """

    step: Step
    text: str
    legal: frozenset[CircleId] = frozenset()
    candidates: frozenset[CircleId] = frozenset()
    on_max: bool = False
    choices: tuple[LinkChoice, ...] = ()
    value: int | None = None
    skull: bool = False


@dataclass(frozen=True)
class OptionView:
    """One row of the Dice Options table for the entered roll: result, boxes left, and why it is closed."""

    op: Op
    value: int | None
    left: int
    used: int
    reason: str | None
    tent: bool = False


def new_seed() -> int:
    """A fresh seed for a new game's app dice (drawn from the system's randomness, once per game)."""
    return random.SystemRandom().randrange(2**63)


def app_roll(seed: int, round_number: int, schnapps_seat: int | None = None) -> Roll:
    """The app's roll for a round (or a seat's Schnapps re-roll): the same every time (docs/formats.md)."""
    tag = f"trek12/{seed}/{round_number}" + ("" if schnapps_seat is None else f"/schnapps/{schnapps_seat}")
    rng = random.Random(tag)
    red = rng.randint(1, 6)
    yellow = rng.randint(0, 5)
    return Roll.of(red, yellow)


def draft_for(table: Table, seed: int | None, redo: list[dict[str, Any]] | tuple = ()) -> Draft:
    """The draft a seat starts its turn with: the round's roll when a player already wrote with it, else
    the dice of the turn just undone (redo's first action), so undoing does not lose typed-in dice."""
    if table.roll is not None:
        return Draft(red=table.roll.red, yellow=table.roll.yellow)
    if redo:
        dice = redo[0].get("dice") if isinstance(redo[0], dict) else None
        uses = redo[0].get("assist") if isinstance(redo[0], dict) else None
        schnapps = uses == "schnapps" or (isinstance(uses, list) and "schnapps" in uses)
        if isinstance(dice, list) and len(dice) == 2 and not schnapps:
            try:
                roll = Roll.of(*dice)
            except CompanionError:
                return Draft()
            rolled = seed is not None and app_roll(seed, table.round) == roll
            return Draft(red=roll.red, yellow=roll.yellow, rolled=rolled)
    return Draft()


def turn_doc(draft: Draft) -> dict[str, Any]:
    """What of a turn being entered is kept beside the game (a reload, a page the phone closed): the dice, the
    cards in use and the option, as `turn_from_doc` reads them back; empty before the first of them. The
    circle and the choices after it are not kept: they are one tap again, on the sheet in view."""
    doc: dict[str, Any] = {}
    if draft.red is not None:
        doc["red"] = draft.red
    if draft.yellow is not None:
        doc["yellow"] = draft.yellow
    if draft.rolled:
        doc["rolled"] = True
    if draft.cards:
        doc["cards"] = [card.value for card in draft.cards]
    if draft.op is not None:
        doc["op"] = draft.op.label
    if draft.set_aside is not None:
        doc["set_aside"] = list(draft.set_aside)
    return doc


def turn_from_doc(doc: Any, table: Table, seat: int, seed: int | None) -> Draft | None:
    """The turn kept by `turn_doc`, entered again for `seat` as its taps would: the cards (each as a tap on
    it), then the dice, then the option. None when the document is no such turn, or no longer fits the game
    (a card not held, dice other than the round's or the app's roll, an option whose boxes are full)."""
    if not isinstance(doc, dict):
        return None
    state = table.states[seat]
    draft = draft_for(table, seed)
    names = doc.get("cards", [])
    if not isinstance(names, list):
        return None
    for name in names:
        try:
            card = Assist.parse(name)
        except CompanionError:
            return None
        if card is Assist.SCHNAPPS and card not in draft.cards and schnapps_refusal(table, seat) is not None:
            return None
        draft, refused = toggle_card(state, draft, card)
        if refused:
            return None
    drunk = Assist.SCHNAPPS in draft.cards
    aside = doc.get("set_aside")
    if drunk and isinstance(aside, list) and len(aside) == 3:
        # The roll the Schnapps replaced, put back if it is put away again: only the round's or as entered.
        first, second, rolled = aside
        if (_face(first, 1) and _face(second, 0) and isinstance(rolled, bool)
                and (table.roll is None or (first, second) == (table.roll.red, table.roll.yellow))):
            draft = replace(draft, set_aside=(first, second, rolled))
    red, yellow = doc.get("red"), doc.get("yellow")
    if not (_face(red, 1) and _face(yellow, 0)):
        return None
    if doc.get("rolled") is True:
        if seed is None or red is None or yellow is None:
            return None
        roll = app_roll(seed, table.round, seat if drunk else None)
        if (roll.red, roll.yellow) != (red, yellow):
            return None
        draft = choose_dice(draft, roll=roll)
    elif red is not None or yellow is not None:
        draft = choose_dice(draft, red=red, yellow=yellow)
    if not drunk and table.roll is not None and draft.roll != table.roll:
        return None         # the round's dice are the ones every player writes with
    if "op" in doc:
        try:
            op = Op.parse(doc["op"])
        except CompanionError:
            return None
        draft, refused = choose_op(state, draft, op)
        if refused:
            return None
    return draft


def _face(value: Any, low: int) -> bool:
    """A die face kept in a turn's document: none yet, or one of the die's six faces (from `low`)."""
    return value is None or (type(value) is int and low <= value <= low + 5)


def option_views(state: State, draft: Draft) -> tuple[OptionView, ...]:
    """The five options for the draft's roll (engine's `options`), the Tent reopening a full sum; before
    the roll, each option's boxes with no result (value None)."""
    roll = draft.roll
    if roll is None:
        limit = state.sheet.op_limit
        return tuple(OptionView(op, None, max(limit - state.ops[op], 0), state.ops[op], None) for op in Op)
    tent = Assist.TENT in draft.cards
    out = []
    for row in options(state, roll):
        reason = row.reason
        if tent and row.op is not Op.SUM:
            reason = msg("the Tent is for a sum")
        elif tent and row.op is Op.SUM:
            reason = None
        out.append(OptionView(row.op, row.value, row.left, row.used, reason, tent and row.op is Op.SUM))
    return tuple(out)


def prompt(table: Table, seat: int, draft: Draft) -> Prompt:
    """What the turn needs next, with the circles to highlight (every answer from the engine)."""
    if table.complete:
        return Prompt(Step.DONE, _("The Ascent is over: every sheet is full."))
    state = table.states[seat]
    compass = Assist.COMPASS in draft.cards
    legal = frozenset(playable_circles(state, compass=compass))
    roll = draft.roll
    if roll is None:
        if Assist.SCHNAPPS in draft.cards:
            return Prompt(Step.ROLL, _("Schnapps: roll again, tap the new dice faces or Roll."), legal)
        return Prompt(Step.ROLL, _("Tap the red and the yellow dice faces, or Roll."), legal)
    if draft.op is None:
        return Prompt(Step.OPTION, _("Choose how to use the dice."), legal)
    value = roll.value(draft.op)
    if draft.circle is None:
        text = (_("Tap a circle touching no filled circle (Compass) to write {value}.") if compass
                else _("Tap a highlighted circle to write {value}."))
        return Prompt(Step.CIRCLE, text.format(value=value), legal, value=value)
    sheet = state.sheet
    limit = sheet.circle(draft.circle).limit
    skull = value > limit
    if skull and not draft.skull_ok:
        return Prompt(Step.SKULL, _("{value} is more than circle {circle} takes (at most {limit}): it becomes a skull.").format(
            value=value, limit=limit, circle=draft.circle), legal, value=value, skull=True)
    if Assist.ROPE in draft.cards and draft.rope is None:
        far = rope_targets(state, roll, draft.op, draft.circle)
        return Prompt(Step.ROPE, _("Rope: tap the {below} or {above} two circles away to link {value} to.").format(
            below=value - 1, above=value + 1, value=value), legal, frozenset(far), value=value)
    if not skull and draft.links is None:
        choices = link_choices(state, roll, draft.op, draft.circle, rope=draft.rope)
        if len(choices) > 1:
            open_ = _narrow(choices, draft.link_taps)
            candidates = frozenset(c for ch in open_ for c in ch.ends) - set(draft.link_taps) - {draft.rope}
            return Prompt(Step.LINK, _("Your {value} can link more than one way: tap the number it links to.")
                          .format(value=value), legal, candidates, choices=open_, value=value)
    if state.max_board is not None and draft.max_links is None:
        choices = max_link_choices(state, roll, draft.circle)
        if len(choices) > 1:
            open_ = _narrow(choices, draft.max_taps)
            candidates = frozenset(c for ch in open_ for c in ch.ends) - set(draft.max_taps)
            return Prompt(Step.MAX_LINK, _("Max's {value} can link more than one way: tap the number it links to.")
                          .format(value=roll.best), legal, candidates, on_max=True, choices=open_, value=value)
    if state.assists is not None and not table.shared_cards and not draft.take_decided:
        try:
            after = apply_turn(state, _action(draft, None, None))
        except CompanionError:
            after = None
        if after is not None and after.earned:
            # i18n: {value} is the number the zone is made of: "A new zone of 2s"
            return Prompt(Step.TAKE, _("A new zone of {value}s: take an Assist card?").format(value=value), legal,
                          value=value)
    if draft.take is not None and draft.give_back is None and _hand_after_use(state, draft) >= MAX_ASSISTS:
        return Prompt(Step.GIVE_BACK, ngettext("You hold {n} card: give one back to take the {card}.",
                                               "You hold {n} cards: give one back to take the {card}.",
                                               MAX_ASSISTS).format(n=MAX_ASSISTS, card=_(CARD_NAMES[draft.take])),
                      legal, value=value)
    return Prompt(Step.READY, "", legal, value=value, skull=skull)


def rope_targets(state: State, roll: Roll, op: Op, circle: CircleId) -> tuple[CircleId, ...]:
    """Circles two steps from `circle` the Rope may link the new number to (engine's `link_choices`)."""
    sheet = state.sheet
    out = []
    for far in _two_steps(sheet, circle):
        if link_choices(state, roll, op, circle, rope=far):
            out.append(far)
    return tuple(out)


def choose_dice(draft: Draft, *, red: int | None = None, yellow: int | None = None,
                roll: Roll | None = None) -> Draft:
    """Set one die face (a tap on it) or both (the app's roll); anything chosen after the dice is cleared."""
    if roll is not None:
        base = Draft(red=roll.red, yellow=roll.yellow, rolled=True, cards=draft.cards)
        return base
    new_red = draft.red if red is None else red
    new_yellow = draft.yellow if yellow is None else yellow
    return Draft(red=new_red, yellow=new_yellow, rolled=False, cards=draft.cards)


def choose_op(state: State, draft: Draft, op: Op) -> tuple[Draft, str | None]:
    """Pick a dice option; refused (with the engine's reason) when its boxes are full."""
    for view in option_views(state, draft):
        if view.op is op:
            if view.reason:
                return draft, sentence(view.reason)
            return replace(draft.after_circle(), op=op), None
    return draft, _("Enter the roll first.")


def toggle_card(state: State, draft: Draft, card: Assist) -> tuple[Draft, str | None]:
    """Use (or stop using) a held Assist card this turn; the choices it changes are cleared."""
    if state.assists is None or card not in state.assists:
        return draft, _("You do not hold the {card}.").format(card=_(CARD_NAMES[card]))
    if card is Assist.SCHNAPPS and card in draft.cards and draft.red is not None and draft.yellow is not None:
        # The new dice are in: taking the card back would throw the reroll away and bring back the roll it
        # replaced. A die entered wrong is tapped again; Undo takes back a turn written.
        # i18n: the rulebook's "The player using it must accept the new result"
        return draft, _("The Schnapps is drunk: the new result must be accepted.")
    if card in draft.cards:
        cards = tuple(c for c in draft.cards if c is not card)
    elif card is Assist.COMPASS and (reason := compass_reason(state)) is not None:
        # Taken up, it would ask for a tap no circle can answer, and say why only after one.
        return draft, sentence(reason)
    else:
        cards = draft.cards + (card,)
    new = replace(draft.after_circle(), cards=cards)
    if card is Assist.SCHNAPPS and card in cards:
        # A Schnapps replaces this player's roll: new dice are entered; the roll it replaces is kept aside.
        new = replace(new, red=None, yellow=None, rolled=False, op=None, set_aside=(draft.red, draft.yellow,
                                                                                    draft.rolled))
    elif card is Assist.SCHNAPPS:
        # Put away again: the roll it would have replaced comes back as it was entered.
        red, yellow, rolled = draft.set_aside or (None, None, False)
        new = replace(new, red=red, yellow=yellow, rolled=rolled, op=None, set_aside=None)
    if card is Assist.TENT and new.op is not None and new.op is not Op.SUM:
        new = replace(new, op=None)
    return new, None


def tap_circle(table: Table, seat: int, draft: Draft, circle: CircleId, *, on_max: bool = False
               ) -> tuple[Draft, str | None]:
    """A tap on a circle of the player's sheet (or Max's): the next draft, or why nothing happened."""
    now = prompt(table, seat, draft)
    state = table.states[seat]
    if now.step is Step.DONE:
        return draft, _("The Ascent is over.")
    if on_max:
        if now.step is not Step.MAX_LINK:
            return draft, _("Max's sheet fills by itself; tap circles on your own sheet.")
        return _tap_link(draft, now, circle, max_side=True)
    if now.step is Step.ROLL:
        return draft, _("Enter the roll first: tap a red and a yellow die face, or Roll.")
    if now.step is Step.OPTION:
        return draft, _("Choose how to use the dice first (Lower, Higher, Minus, Plus or Times).")
    if now.step is Step.ROPE:
        if circle in now.candidates:
            return replace(draft, rope=circle), None
        if circle in now.legal and circle != draft.circle:
            return _choose_circle(state, draft.after_circle(), circle)
        return draft, _("The Rope links circle {circle} to a circle two steps away holding {below} or {above}; "
                        "tap a highlighted one.").format(circle=draft.circle, below=now.value - 1,
                                                         above=now.value + 1)
    if now.step is Step.LINK:
        if circle in now.candidates:
            return _tap_link(draft, now, circle, max_side=False)
        if circle in now.legal and circle != draft.circle:
            return _choose_circle(state, draft.after_circle(), circle)
        return draft, _("Tap one of the highlighted numbers to say which line the new number joins.")
    if now.step is Step.MAX_LINK:
        return draft, _("Choose Max's link on his sheet first (the highlighted circles there).")
    # CIRCLE, SKULL, TAKE, GIVE_BACK, READY: a tap on a circle (re)chooses where the number goes.
    return _choose_circle(state, draft.after_circle(), circle)


def choose_link(draft: Draft, choice: LinkChoice, *, max_side: bool = False) -> Draft:
    """Pick one of the listed link choices directly (the buttons under the sheet)."""
    if max_side:
        return replace(draft, max_links=choice.links, max_taps=())
    return replace(draft, links=choice.links, link_taps=(), max_taps=(), max_links=None)


def choose_take(draft: Draft, card: Assist | None, *, give_back: Assist | None = None) -> Draft:
    """Take a card for the new zone (None: take none); `give_back` when that makes four."""
    if give_back is not None:
        return replace(draft, give_back=give_back)
    return replace(draft, take_decided=True, take=card, give_back=None)


def action_of(table: Table, seat: int, draft: Draft) -> tuple[dict[str, Any] | None, str | None]:
    """The session action for a finished draft (the turn object plus "player"), or why it is refused."""
    state = table.states[seat]
    action = _action(draft, draft.take, draft.give_back)
    reason = why_not(state, action)
    if reason:
        return None, sentence(reason)
    doc = action.to_dict()
    doc["player"] = seat
    return doc, None


# --- internals ------------------------------------------------------------------------------------------


def _action(draft: Draft, take: Assist | None, give_back: Assist | None) -> Action:
    roll = draft.roll
    assert roll is not None and draft.op is not None and draft.circle is not None
    rope = None
    if Assist.ROPE in draft.cards and draft.rope is not None:
        rope = (draft.circle, draft.rope)
    return Action(roll, draft.op, draft.circle, draft.links, draft.max_links, draft.cards, rope, take, give_back)


def _choose_circle(state: State, draft: Draft, circle: CircleId) -> tuple[Draft, str | None]:
    reason = circle_reason(state, circle, compass=Assist.COMPASS in draft.cards)
    if reason:
        words = sentence(reason)
        if (Assist.COMPASS not in draft.cards and Assist.COMPASS in (state.assists or ())
                and circle_reason(state, circle, compass=True) is None):
            # i18n: after the refusal of a circle touching no filled circle, when the player holds a Compass
            words += " " + _("The Compass in your hand allows it: tap the Compass, then the circle.")
        return draft, words
    roll, op = draft.roll, draft.op
    assert roll is not None and op is not None
    if Assist.ROPE in draft.cards:
        value = roll.value(op)
        if value > state.sheet.circle(circle).limit:
            return draft, _("The Rope links numbers, but {value} in circle {circle} would be a skull; put the Rope "
                            "away or choose another circle.").format(value=value, circle=circle)
        if not rope_targets(state, roll, op, circle):
            return draft, _("The Rope has nothing to link from circle {circle}: no {below} or {above} two circles "
                            "away with that end free.").format(circle=circle, below=value - 1, above=value + 1)
    return replace(draft, circle=circle), None


def _tap_link(draft: Draft, now: Prompt, circle: CircleId, *, max_side: bool) -> tuple[Draft, str | None]:
    if circle not in now.candidates:
        if max_side:
            return draft, _("Tap one of the highlighted numbers to say which line Max's number joins.")
        return draft, _("Tap one of the highlighted numbers to say which line the new number joins.")
    taps = (draft.max_taps if max_side else draft.link_taps) + (circle,)
    open_ = _narrow(now.choices, taps)
    if len(open_) == 1:
        return choose_link(draft, open_[0], max_side=max_side), None
    if max_side:
        return replace(draft, max_taps=taps), None
    return replace(draft, link_taps=taps), None


def _narrow(choices: tuple[LinkChoice, ...], taps: tuple[CircleId, ...]) -> tuple[LinkChoice, ...]:
    return tuple(ch for ch in choices if set(taps) <= set(ch.ends))


def _two_steps(sheet: Sheet, circle: CircleId) -> tuple[CircleId, ...]:
    i = sheet.index[circle]
    mask = sheet.adj2[i]
    return tuple(sheet.ids[j] for j in range(sheet.n) if mask >> j & 1)


def _hand_after_use(state: State, draft: Draft) -> int:
    held = list(state.assists or ())
    for card in draft.cards:
        if card in held:
            held.remove(card)
    return len(held)
