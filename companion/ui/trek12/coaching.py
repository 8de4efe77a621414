"""The coach on the Trek 12 screens: a hint on demand during an Ascent, and the review of a finished one.

The hint is off until a player asks for it, per game and per player, so it never spoils a game, nor the turn
of a player at the same table, that did not ask; it is kept in the store's general table `coach`
(`{"id": GAME_ID, "seats": [0, 2]}`, the seats that asked; `"hint": true`, kept by earlier versions, is every
seat). Once on, each roll entered
shows the coach's move on the sheet and the expected final score of its top choices. It is worked out by a
task (`think`), not while the screen is drawn, so the dice and options answer at once: the move first, then
the Schnapps held (seconds of work), each shown as it comes.

The review weighs every turn of a player against the coach's move (`companion.games.trek12.review`) off the
screen's drawing: a task that yields after each round, so the screen shows its progress (in the browser's
Python, which has no threads, as on a computer). Leaving the screen does not stop it; coming back while it
runs shows its progress rather than starting another. It is kept in the same table
(`{"id": "GAME_ID:review:SEAT", "entries": DIGEST, "review": ...}`), so opening it again from History is
instant; a game whose entries were corrected since (DIGEST differs) is reviewed again.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.games.trek12 import review as coach_review, session as engine
from companion.games.trek12.review import hint_seed
from companion.games.trek12.rules import CARD_NAMES, SKULL, Assist, Roll
from companion.i18n import _, current, format_number, ngettext, tr
from companion.ui.common import services
from companion.ui.common.registry import keep_beside_games
from companion.ui.common.services import off_loop, use_app
from companion.ui.common.widgets import and_list, bind, labelled, labelled_value, section_title, sentence
from companion.ui.trek12.sheet import COSTLY_COLOUR, Marks, sheet_control, sheet_layout
from companion.ui.trek12.turn import OP_NAMES

__all__ = ["COACH_TABLE", "Hint", "hint_on", "set_hint", "hint_button", "hint_key", "hint_words", "hint_marks",
           "schnapps_words", "shown_hint", "with_cards", "for_option", "for_link", "think", "needs_thinking", "hint_seed",
           "other_circles",
           "ReviewPanel",
           "round_sheet", "saved_review",
           "entries_digest", "expectations"]

COACH_TABLE = "coach"
_log = logging.getLogger(__name__)
keep_beside_games(COACH_TABLE)      # a game deleted from History or abandoned takes its hints and reviews along
# Reviews under way, per tab (its page) and game, seat and entries: (rounds done, rounds in all). A review
# goes on when its screen is left; a panel opened again meanwhile follows its progress from here (a screen
# is redrawn only from its own tab's tasks) instead of starting a second one.
_RUNNING: dict[tuple, tuple[int, int]] = {}
_FOLLOW_EVERY = 0.25     # seconds between two looks at the progress of a review started by another panel


def hint_on(store: Any, game_id: str, seat: int) -> bool:
    """True once the player in `seat` of this game asked for hints."""
    return seat in _hinted(store.table(COACH_TABLE).get(game_id), seat + 1)


def set_hint(store: Any, game_id: str, seat: int, on: bool, seats: int) -> None:
    """Turn the hints of the player in `seat` (of `seats`) of one game on or off (kept with the game's id)."""
    table = store.table(COACH_TABLE)
    hinted = _hinted(table.get(game_id), seats)
    hinted = hinted | {seat} if on else hinted - {seat}
    if hinted:
        table.upsert({"id": game_id, "seats": sorted(hinted)})
    else:
        table.delete(game_id)


def _hinted(doc: Any, seats: int) -> set[int]:
    """The seats a game's kept setting gives hints to (of `seats`): those listed, or every one for the
    setting of earlier versions, one switch for the whole table."""
    if not isinstance(doc, dict):
        return set()
    if doc.get("hint") is True:
        return set(range(seats))
    listed = doc.get("seats")
    return {s for s in listed if type(s) is int and s >= 0} if isinstance(listed, list) else set()


def hint_button(on: bool, toggle) -> ft.Control:
    """The bulb beside the turn's line: the coach's hint on or off for the player to play in this game."""
    return labelled("t12-hint", ft.IconButton(
        ft.Icons.LIGHTBULB_ROUNDED if on else ft.Icons.LIGHTBULB_OUTLINE_ROUNDED, key="t12-hint", selected=on,
        tooltip=_("Hide the coach's hint") if on else _("Hint: the coach's move for this roll"), on_click=toggle))


def other_circles(advice: Any, count: int = 2) -> list[Any]:
    """The best move in each of the next best circles after the coach's own (other options, links or cards
    in the same circle would read as the same circle twice)."""
    seen = {advice.moves[0].action.circle}
    picked = []
    for ranked in advice.moves[1:]:
        if ranked.action.circle not in seen and len(picked) < count:
            seen.add(ranked.action.circle)
            picked.append(ranked)
    return picked


@dataclass(frozen=True)
class Hint:
    """What the hint shows for a roll: the coach's words and circle (None while it thinks), and its advice on
    the Schnapps (None when not weighed; `weighing` while it is)."""

    words: str | None = None
    circle: int | None = None
    expected: tuple[tuple[int, str], ...] = ()      # the coach's circle and its next ones, with their points
    schnapps: str | None = None
    weighing: bool = False
    advice: Any = None          # every move ranked, whence the hint for the cards chosen (`with_cards`)


def with_cards(hint: Hint, sheet: Any, cards: Iterable[Assist]) -> Hint:
    """The hint for the cards the player has chosen for this turn (the Schnapps aside, weighed apart): the
    coach's best moves that play exactly those cards, so that a hint never names a circle the cards chosen
    refuse (a Compass is for a circle touching no filled one). With no card chosen, or no move ranked that
    plays them, the coach's own moves."""
    chosen = {card for card in cards if card is not Assist.SCHNAPPS}
    if hint.advice is None or not chosen:
        return hint
    moves = tuple(m for m in hint.advice.moves
                  if {card for card in m.action.assists if card is not Assist.SCHNAPPS} == chosen)
    if not moves:
        return hint
    advice = replace(hint.advice, moves=moves)
    words, circle = hint_words(advice, sheet)
    return replace(hint, words=words, circle=circle, expected=hint_marks(advice), advice=advice)


def for_option(hint: Hint, sheet: Any, op: Any) -> Hint:
    """The hint once the player has chosen the dice option `op` (None: not yet): when the coach's move is with
    another option, its circle is not lit, since a tap there would write the chosen option's number, not the
    coach's, and the words say first which option to choose to follow it."""
    if op is None or hint.advice is None or not hint.advice.moves or hint.advice.moves[0].action.op == op:
        return hint
    best = hint.advice.moves[0]
    # The points come before the move, whose words can be long (links, cards): two lines under the sheet show
    # what the move is worth, and nothing is lit on the sheet to say it.
    # i18n: the coach's hint when the player chose another dice option than the coach's: {option} is the
    # coach's option ("Lower"), {move} its move ("4 (lower of 5 and 4) in circle 0"), {points} its expected score
    words = _("Choose {option} to follow the coach (expecting {points}): {move}.").format(
        option=_(OP_NAMES[best.action.op]), move=tr(engine.turn_words(sheet, best.action.to_dict())),
        points=format_number(best.expected, 0))
    return replace(hint, words=words, circle=None, expected=())


def for_link(hint: Hint, sheet: Any, draft: Any) -> Hint:
    """The hint while the screen asks which touching numbers the new one links to: the coach's best move with
    what the turn has chosen so far (`draft`: option, circle, cards, the Rope's far circle, the circles
    tapped towards a link), which says its link, and the other links still open with what each expects.
    Nothing is lit on the sheet: the circle is chosen already."""
    if hint.advice is None:
        return replace(hint, circle=None, expected=())          # still thinking: it says so
    cards = {card for card in draft.cards if card is not Assist.SCHNAPPS}
    rope = None if draft.rope is None else (draft.circle, draft.rope)
    moves = [m for m in hint.advice.moves
             if m.action.op == draft.op and m.action.circle == draft.circle and m.action.rope == rope
             and {card for card in m.action.assists if card is not Assist.SCHNAPPS} == cards
             and set(draft.link_taps) <= set(m.action.links or ())]
    if not moves:
        return replace(hint, words=None, circle=None, expected=())
    best, points = moves[0], format_number(moves[0].expected, 0)
    move = tr(engine.turn_words(sheet, best.action.to_dict()))
    others: list[str] = []
    said = {best.action.links}
    for m in moves[1:]:
        if m.action.links and m.action.links not in said and len(others) < 2:
            said.add(m.action.links)
            # i18n: one of the other links the hint weighs: "linked to circle 8 (80)", {points} its expected score
            others.append(_("{links} ({points})").format(links=tr(engine.linked_words(m.action.links)),
                                                         points=format_number(m.expected, 0)))
    if others:
        words = _("Coach (expecting {points}): {move}; next best: {others}.").format(
            move=move, points=points, others=", ".join(others))
    else:
        words = _("Coach (expecting {points}): {move}.").format(move=move, points=points)
    return replace(hint, words=words, circle=None, expected=())


def hint_key(seed: str, roll: Roll, drunk: bool, may_drink: bool) -> tuple:
    """What a hint depends on: the game and sheet (`seed`), the roll, the Schnapps, and the language of the
    moment (its words are made in it)."""
    return (seed, roll.red, roll.yellow, drunk, may_drink, current())


def hint_words(advice: Any, sheet: Any) -> tuple[str, int]:
    """The hint's sentence for the coach's advice, and the circle of its move. The final score it expects comes
    first: the move's words can be long (links, cards) and the sentence is cut to two lines under the sheet."""
    best = advice.moves[0]
    move = tr(engine.turn_words(sheet, best.action.to_dict()))
    expected = format_number(best.expected, 0)
    others = [_other_words(m) for m in other_circles(advice)]
    if others:
        # i18n: the coach's hint: the final score it expects, its move, then the next best circles, which are
        # other choices, not moves that follow
        words = _("Coach (expecting {points}): {move}; next best: {others}.").format(
            move=move, points=expected, others=", ".join(others))
    else:
        words = _("Coach (expecting {points}): {move}.").format(move=move, points=expected)
    return words, best.action.circle


def _other_words(ranked: Any) -> str:
    """One of the hint's next best circles with its points, and the cards its move needs: "circle 12 with the
    Compass (57)" (a circle named alone, that only the Compass reaches, was refused when tapped)."""
    points = format_number(ranked.expected, 0)
    cards = [card for card in ranked.action.assists if card is not Assist.SCHNAPPS]
    if not cards:
        return _("circle {circle} ({points})").format(circle=ranked.action.circle, points=points)
    # i18n: one of the hint's next best circles when its move needs a card: "circle 12 with the Compass (57)"
    return _("circle {circle} with {cards} ({points})").format(
        circle=ranked.action.circle, points=points,
        cards=and_list([_("the {card}").format(card=tr(CARD_NAMES[card])) for card in cards]))


def hint_marks(advice: Any) -> tuple[tuple[int, str], ...]:
    """The circles the hint names, the coach's first then its next ones (`other_circles`), each with the final
    score it expects there, as the sheet tags them."""
    return tuple((m.action.circle, format_number(m.expected, 0)) for m in (advice.moves[0], *other_circles(advice)))


def schnapps_words(drink: Any) -> str:
    """The hint's advice on the Schnapps, from its weighing (`coach.Reroll`): what drinking gains or loses.

    The weighing values both choices afresh, on a tenth of a decision's games each (`coach.reroll`), so its
    figure for this roll with the card kept is not the move's expectation shown above it, and the two read
    as a contradiction ('expecting 73', then 'this one 71 with the card kept'). The difference between the
    two choices is what decides, so that is what is said."""
    gap = drink.again - drink.keep
    if drink.drink:
        # i18n: the hint's advice on the Schnapps card (a new roll); {gap} is "about 3 points" or "less than a
        # point": how much more a new roll expects than this roll with the card kept (worth 3 points)
        return _("Drink the Schnapps: a new roll expects {gap} more than this roll with the card "
                 "kept.").format(gap=_points_about(gap))
    if -gap > drink.error:
        # i18n: as above, when keeping this roll and the card is better by more than the estimates' noise
        return _("Keep the Schnapps: this roll with the card kept expects {gap} more than a new "
                 "roll.").format(gap=_points_about(-gap))
    # i18n: as above, when the two are too close to tell apart
    return _("Keep the Schnapps: a new roll expects about as much as this roll with the card kept.")


def _points_about(points: float) -> str:
    """A difference of expected points in words: 'about 3 points', 'less than a point'."""
    whole = round(points)
    if whole < 1:
        # i18n: a difference of expected points under half a point
        return _("less than a point")
    return ngettext("about {n} point", "about {n} points", whole).format(n=whole)


def shown_hint(cache: Any, key: tuple) -> Hint:
    """The hint to show for `key`: what is known of it so far (`cache`, a ref to (key, Hint)), else that
    the coach is thinking."""
    if cache.current is not None and cache.current[0] == key:
        return cache.current[1]
    return Hint(_("The coach is weighing this roll…"))


async def think(state: Any, sheet: Any, roll: Roll, seed: str, key: tuple, cache: Any, wanted: Any,
                redraw: Any, busy: set, *, drunk: bool = False, may_drink: bool = True) -> None:
    """Work out the hint for `key` off the screen's drawing, so that the screen answers while the coach
    thinks: its move first, shown at once, then the Schnapps held, a roll at a time. Each part runs on a
    worker thread where there are threads, else here, yielding to the screen between the Schnapps' rolls
    (the browser's Python). It stops as soon as `wanted` (a ref) holds another key: a new roll, a turn
    written. What is known goes into `cache` (a ref to (key, Hint)); `redraw()` shows it; `busy` holds the
    keys being worked out (one task per key: `needs_thinking`). `drunk`: the
    Schnapps was drunk this turn, so `roll` is its new one and the card is gone; `may_drink` False: the
    table does not allow it now (other players still to write), so it is not weighed."""
    busy.add(key)
    try:
        await _think(state, sheet, roll, seed, key, cache, wanted, redraw, drunk, may_drink)
    finally:
        busy.discard(key)


def needs_thinking(key: tuple | None, cache: Any, busy: set) -> bool:
    """True when the hint for `key` is neither known in full (`cache`) nor being worked out (`busy`)."""
    if key is None or key in busy:
        return False
    return cache.current is None or cache.current[0] != key or cache.current[1].weighing


async def _think(state, sheet, roll, seed, key, cache, wanted, redraw, drunk, may_drink) -> None:
    await asyncio.sleep(0 if services.THREADS else _DRAW_FIRST)   # the screen drawn as it is before the work
    if wanted.current != key:
        return
    try:
        advice = await off_loop(lambda: coach_review.hint(state, roll, seed, drunk=drunk))
    except CompanionError as exc:
        hint = Hint(sentence(exc))
    except Exception:       # a fault of the coach's own: said, logged, and the game goes on without it
        _log.exception("the coach failed on a roll")
        # i18n: the hint when the coach itself failed (a bug); the player's game is untouched
        hint = Hint(_("The coach could not weigh this roll: a fault in the app. The Ascent is not affected."))
    else:
        words, circle = hint_words(advice, sheet)
        held = state.assists is not None and Assist.SCHNAPPS in state.assists
        hint = Hint(words, circle, hint_marks(advice), weighing=may_drink and not drunk and held and not state.complete,
                    advice=advice)
    if wanted.current != key:
        return
    cache.current = (key, hint)
    redraw()
    if not hint.weighing:
        return
    steps = coach_review.schnapps_steps(state, roll, seed, drunk=drunk)
    step = None
    try:
        while step is None:
            await asyncio.sleep(0 if services.THREADS else _BETWEEN_STEPS)
            if wanted.current != key:
                return
            step = await off_loop(next, steps, _DONE)
    except CompanionError:
        step = _DONE
    except Exception:
        _log.exception("the coach failed weighing the Schnapps")
        step = _DONE
    if wanted.current == key:
        cache.current = (key, replace(hint, schnapps=None if step is _DONE else schnapps_words(step),
                                      weighing=False))
        redraw()


_DONE = object()        # what `next` gives once the Schnapps' weighing has ended
_DRAW_FIRST = 0.05      # seconds for the browser to draw the screen before the coach takes its Python
# Seconds the browser's Python rests between two steps of the coach's work. A tap is answered in several turns
# of the event loop (the handler, the redraw, each message to the page); yielding for no time at all let a step
# of the coach run before each of those turns, so a tap took up to 1.5 s to show while the Schnapps was weighed.
_BETWEEN_STEPS = 0.005


def entries_digest(actions: list) -> str:
    """A short fingerprint of a game's entries: a review made of other entries (before a correction) is stale."""
    return hashlib.sha256(json.dumps(actions, sort_keys=True).encode("utf-8")).hexdigest()[:16]


def saved_review(store: Any, game_id: str, seat: int, *, digest: str | None = None) -> coach_review.Review | None:
    """A review kept with the game, or None (also when the game's entries were corrected since: the `digest`
    of its entries, `entries_digest`, is not the review's)."""
    doc = store.table(COACH_TABLE).get(f"{game_id}:review:{seat}")
    if not isinstance(doc, dict) or not isinstance(doc.get("review"), dict):
        return None     # none kept, or a kept one of another shape (an edited backup may bring one): made again
    if digest is not None and doc.get("entries") != digest:
        return None
    try:
        return coach_review.from_doc(doc["review"])
    except CompanionError:
        return None


@ft.component
def ReviewPanel(game_id: str, digest: str, played: coach_review.Played, seat: int, width: float,
                name: str | None = None, keys: str = "t12-review", hints: str | None = None,
                about: str | None = None) -> ft.Control:
    """After an Ascent: "Review my choices", its progress while it runs, then each round against the coach's,
    the three costliest rounds marked on the sheet, and what the choices cost in all.

    `played` is the Ascent as the review reads it and `digest` names its entries (`entries_digest`: a review
    kept for other entries is stale). `name` heads the panel when the Ascent had several players; `keys`
    begins its controls' keys (several Ascents' panels on one screen). `hints`: the id the game's hints were
    seeded with (`hint_seed`; None: `game_id`), so that the review weighs each turn as its hint did."""
    app = use_app()
    page = ft.context.page
    key = (id(page), game_id, seat, digest)
    progress, set_progress = ft.use_state(lambda: _RUNNING.get(key))   # (rounds done, rounds in all) while it runs
    problem, set_problem = ft.use_state(None)
    opened, set_opened = ft.use_state(None)     # the round shown on a sheet of its own (tapped), or None
    kept = saved_review(app.store, game_id, seat, digest=digest)
    turns = played.seat_turns(seat)

    followed = ft.use_ref(True)      # False once this panel is gone: its follower stops

    async def follow() -> None:
        while followed.current and key in _RUNNING:
            set_progress(_RUNNING.get(key))
            await asyncio.sleep(_FOLLOW_EVERY)
        set_progress(None)

    def watch() -> None:
        followed.current = True
        if key in _RUNNING:
            # Started by this panel before it was left (or before a correction): follow it from this one.
            page.run_task(follow)

    def unwatch() -> None:
        followed.current = False

    ft.use_effect(watch, dependencies=[key], cleanup=unwatch)

    def tell(value: tuple[int, int] | None) -> None:
        if value is None:
            _RUNNING.pop(key, None)
        else:
            _RUNNING[key] = value
        set_progress(value)

    async def run() -> None:
        if key in _RUNNING:
            return
        tell((0, turns))
        try:
            done: list[coach_review.RoundReview] = []
            seeded = game_id if hints is None else hints
            pending = coach_review.rounds_of(played, seat, seed=game_id, hints=seeded)
            while True:
                # Each round on a worker thread where there are threads (the server's other tabs go on),
                # else here, yielding between rounds so the screen draws the progress.
                reviewed = await off_loop(next, pending, None)
                if reviewed is None:
                    break
                done.append(reviewed)
                tell((len(done), turns))
                await asyncio.sleep(0 if services.THREADS else _BETWEEN_STEPS)
            finish = (lambda: coach_review.finish_of(played, seat, tuple(done), seed=game_id, hints=seeded))
            result = await off_loop(finish)
            app.store.table(COACH_TABLE).upsert({"id": f"{game_id}:review:{seat}", "entries": digest,
                                                 "review": coach_review.to_doc(result)})
            set_problem(None)
        except CompanionError as exc:
            set_problem(_("The review could not be made: {reason}").format(reason=sentence(exc)))
        except Exception:   # a fault of the coach's own: said and logged, not a review that never ends
            _log.exception("the coach failed reviewing an Ascent")
            # i18n: the review's message when the coach itself failed (a bug)
            set_problem(_("The review could not be made: a fault in the app."))
        finally:
            tell(None)
            app.changed()

    def start() -> None:
        if key not in _RUNNING:
            page.run_task(run)

    # i18n: a heading: the coach's review of a finished Ascent
    title = _("Review")
    if name:
        # i18n: a heading: the coach's review of one player's choices, when the Ascent had several players
        title = _("Review: {name}").format(name=name)
    controls: list[ft.Control] = [section_title(title, key=f"{keys}-title-{seat}")]
    if kept is None:
        if progress is not None:
            done, total = progress
            controls.append(ft.Text(_("Reviewing round {round} of {total}…").format(round=min(done + 1, total),
                                                                                  total=total),
                                    key=f"{keys}-progress-{seat}", size=13))
            controls.append(ft.ProgressBar(value=done / total if total else None))
        else:
            controls.append(ft.Text(_("The coach weighs each of your turns against its own move on the same dice: "
                                      "what each choice cost, and where."), size=13,
                                    color=ft.Colors.ON_SURFACE_VARIANT))
            # With several players each has a button: named, so two "Review my choices" are told apart.
            # i18n: the review's button for one player of several: "Review Ann's choices"
            words = _("Review {name}'s choices").format(name=name) if name else _("Review my choices")
            controls.append(ft.Row([labelled(f"{keys}-{seat}", ft.FilledTonalButton(
                words, key=f"{keys}-{seat}", icon=ft.Icons.INSIGHTS_ROUNDED,
                on_click=start, disabled=turns == 0), label=labelled_value(words, about) if about else None)]))
        if problem:
            controls.append(ft.Text(problem, key=f"{keys}-problem-{seat}", color=ft.Colors.ERROR, size=13))
        return ft.Column(controls, spacing=8, tight=True)

    costly = kept.costliest()
    worst = {r.round for r in costly}
    controls.append(ft.Text(tr(kept.words()), key=f"{keys}-total-{seat}", size=15, weight=ft.FontWeight.W_600))
    if costly:
        rounds = ", ".join(_("round {round} (−{cost})").format(round=r.round, cost=format_number(r.cost, 1))
                           for r in costly)
        # i18n: {rounds} lists the costliest rounds, "round 12 (−10.6), round 3 (−4.2)"; one or more
        controls.append(ft.Text(ngettext("Costliest round, marked on the sheet: {rounds}.",
                                         "Costliest rounds, marked on the sheet: {rounds}.", len(costly)).format(
                                    rounds=rounds),
                                key=f"{keys}-costliest-{seat}", size=13, color=COSTLY_COLOUR))
    # What "expected" means, said once above the rounds: "expected 64" beside a final of 31 read as a mistake.
    controls.append(ft.Text(_("Expected: the final score the coach expects after that move, playing the rounds "
                              "left itself. A cost in grey is within the estimates' margin."),
                            key=f"{keys}-expected-{seat}", size=12, color=ft.Colors.ON_SURFACE_VARIANT))
    sheet = played.end.sheet
    layout = sheet_layout(sheet, width, 300)
    controls.append(ft.Row(alignment=ft.MainAxisAlignment.CENTER, controls=[sheet_control(
        sheet, played.end.states[seat].board, layout, prefix=f"{keys}-sheet-{seat}",
        marks=Marks(flagged=frozenset(r.played_circle for r in costly)))]))
    for r in kept.rounds:
        yours, coachs = expectations(r)
        shown = opened == r.round
        at_round = round_sheet(played, seat, r, width - 20, keys=keys) if shown else []
        controls.append(labelled(f"{keys}-round-{seat}-{r.round}", ft.Container(
            key=f"{keys}-round-{seat}-{r.round}", padding=ft.Padding.symmetric(horizontal=10, vertical=6),
            border_radius=ft.BorderRadius.all(10), ink=True,
            on_click=bind(set_opened, None if shown else r.round),
            bgcolor=ft.Colors.with_opacity(0.10, COSTLY_COLOUR) if r.round in worst else ft.Colors.SURFACE_CONTAINER_LOW,
            content=ft.Column(spacing=2, tight=True, controls=[
                ft.Row([ft.Text(_("Round {round} · rolled {red} and {yellow}").format(
                            round=r.round, red=r.roll[0], yellow=r.roll[1]), size=13,
                                weight=ft.FontWeight.W_600, expand=True),
                        ft.Text(_("the coach's move") if r.coachs else f"−{format_number(r.cost, 1)}", size=13,
                                key=f"{keys}-cost-{seat}-{r.round}",
                                # i18n: a reviewed round's cost read aloud, where "−8.4" is drawn
                                semantics_label=None if r.coachs else _("points lost: {cost}").format(
                                    cost=format_number(r.cost, 1)),
                                # Within the estimates' margin, a cost is drawn plain, not as a mistake.
                                color=ft.Colors.PRIMARY if r.coachs else COSTLY_COLOUR if r.telling
                                else ft.Colors.ON_SURFACE_VARIANT),
                        ft.Icon(ft.Icons.EXPAND_LESS_ROUNDED if shown else ft.Icons.EXPAND_MORE_ROUNDED, size=18,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                                # i18n: what tapping a reviewed round does (read aloud)
                                tooltip=_("Hide this round's sheet") if shown else _("Show this round on the sheet"))]),
                # The moves' words were kept in English with the review (a plain string in its JSON).
                ft.Text(_("You: {move} (expected {points})").format(
                    move=tr(r.played), points=yours), size=12, key=f"{keys}-you-{seat}-{r.round}"),
                *([] if not r.moved else [ft.Text(_("Coach: {move} (expected {points})").format(
                    move=tr(r.best), points=coachs), size=12, key=f"{keys}-coach-{seat}-{r.round}",
                    color=ft.Colors.ON_SURFACE_VARIANT)]),
                *([] if r.schnapps is None else [ft.Text(
                    _schnapps_verdict(r.schnapps), key=f"{keys}-schnapps-{seat}-{r.round}", size=12,
                    color=COSTLY_COLOUR if r.schnapps.cost > 0 else ft.Colors.ON_SURFACE_VARIANT)]),
                *at_round,
            ]))))
    controls.append(ft.Row([labelled(f"{keys}-again-{seat}", ft.TextButton(
        _("Review again"), key=f"{keys}-again-{seat}", icon=ft.Icons.REFRESH_ROUNDED,
        on_click=bind(_forget_and_run, app, game_id, seat, start)))]))
    return ft.Column(controls, spacing=8, tight=True)


def round_sheet(played: coach_review.Played, seat: int, r: coach_review.RoundReview, width: float, *,
                keys: str = "t12-review") -> list[ft.Control]:
    """A reviewed round on a sheet of its own: the sheet as it stood before the round, the player's move
    written in (as the rules wrote it: a number or a skull) and the coach's circle glowing; a line says which
    is which. Nothing when the round is not among the Ascent's turns."""
    turns = [index for index, (table, action) in enumerate(played.turns)
             if action.get("player", 0) == seat and table.round == r.round]
    if not turns:
        return []
    index = turns[0]
    before = played.turns[index][0].states[seat].board
    after = (played.turns[index + 1][0] if index + 1 < len(played.turns) else played.end).states[seat].board
    written = after.cells().get(r.played_circle)
    marks = Marks(chosen=r.played_circle, preview=None if written in (None, SKULL) else written,
                  preview_skull=written == SKULL, advised=r.best_circle if r.moved else None)
    sheet = played.end.sheet
    if r.moved and r.best_circle != r.played_circle:
        # i18n: under a reviewed round's own sheet: how the two moves are marked on it
        said = _("The sheet before round {round}: your move filled in, the coach's circle glowing.")
    elif r.moved:
        # i18n: as above, when the coach would have used the same circle another way (the same number from another
        # option, another link, a card played or taken)
        said = _("The sheet before round {round}: your move filled in; the coach would use the same circle another "
                 "way (its move above).")
    else:
        # i18n: as above, when the player's move was the coach's
        said = _("The sheet before round {round}: your move filled in, the coach's too.")
    layout = sheet_layout(sheet, width, 260)
    return [ft.Text(said.format(round=r.round), key=f"{keys}-shown-{seat}-{r.round}", size=12,
                    color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Row(alignment=ft.MainAxisAlignment.CENTER, controls=[sheet_control(
                sheet, before, layout, prefix=f"{keys}-round-sheet-{seat}", marks=marks)])]


def expectations(r: coach_review.RoundReview) -> tuple[str, str]:
    """A round's two expected final scores as the review shows them, the player's and the coach's: whole points,
    or to a tenth where whole points would show a move that cost something as expecting the same."""
    digits = 0
    if r.moved and format_number(r.played_expected, 0) == format_number(r.best_expected, 0):
        digits = 1
    return format_number(r.played_expected, digits), format_number(r.best_expected, digits)


def _schnapps_verdict(drink: coach_review.SchnappsReview) -> str:
    """A reviewed round's words on the Schnapps drunk on the table's roll."""
    values = {"red": drink.roll[0], "yellow": drink.roll[1], "again": format_number(drink.again, 0),
              "keep": format_number(drink.keep, 0)}
    if drink.worth:
        # i18n: the review of a Schnapps card drunk on a roll: the final scores expected after a new roll and
        # with that roll kept (the card kept is worth 3 points)
        return _("Schnapps on {red} and {yellow}: worth it (a new roll expected {again}, that roll {keep} with "
                 "the card kept).").format(**values)
    if drink.cost > 0:
        # i18n: as above, when keeping the roll (and the card) was better
        return _("Schnapps on {red} and {yellow}: better kept (a new roll expected {again}, that roll {keep} "
                 "with the card kept).").format(**values)
    # i18n: as above, when the two were too close to tell apart
    return _("Schnapps on {red} and {yellow}: a close call (a new roll expected {again}, that roll {keep} with "
             "the card kept).").format(**values)


def _forget_and_run(app: Any, game_id: str, seat: int, start) -> None:
    app.store.table(COACH_TABLE).delete(f"{game_id}:review:{seat}")
    start()
