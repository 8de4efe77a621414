"""The round's picks on the sheet of an Expedition's Ascent: when a round played in the app ends with new
zones of 0s, 1s or 2s (Max: 1s or 2s), the players who made them pick from the Expedition's cards in play,
from the Lead Climber clockwise, before anyone writes again. The players on paper may pick in the same round.

The engine (`companion.games.expedition.rules`) says who must pick (`State.due`) and judges the picks; this
panel only collects the taps (`forms.PickDraft`) and shows what the engine answers.
"""

from __future__ import annotations

import flet as ft

from companion.errors import CompanionError
from companion.games.expedition.rules import State
from companion.ui.common.widgets import sentence
from companion.ui.common.services import use_app, use_latest_state
from companion.ui.expedition.forms import PickDraft, pick_action
from companion.ui.expedition.panels import pick_panel
from companion.ui.expedition.stars import seat_colours

__all__ = ["RoundPicks", "with_due"]


def with_due(state: State, draft: PickDraft) -> PickDraft:
    """The draft with every seat that must pick in it (nothing chosen for them yet)."""
    for seat in state.due:
        if draft.get(seat) is None:
            draft = draft.with_choice(seat)
    return draft


@ft.component
def RoundPicks(expedition_id: str) -> ft.Control:
    """The picks due after the round just played on the sheet; recorded as one Expedition "pick" action."""
    app = use_app()
    draft, set_draft, draft_now = use_latest_state(PickDraft())
    problem, set_problem = ft.use_state(None)
    state: State = app.keeper.state(expedition_id)
    shown = with_due(state, draft)

    def toggle(seat: int) -> None:
        if seat not in state.due:
            set_draft(with_due(state, draft_now.current).toggled(seat))

    def choose(seat: int, **changes: str | None) -> None:
        set_draft(with_due(state, draft_now.current).with_choice(seat, **changes))

    def submit() -> None:
        now: State = app.keeper.state(expedition_id)
        doc = pick_action(now, with_due(now, draft_now.current))
        if isinstance(doc, str):
            set_problem(doc)
            return
        try:
            app.keeper.act(expedition_id, doc)
        except CompanionError as exc:
            set_problem(sentence(exc))
            return
        set_problem(None)
        set_draft(PickDraft())
        app.changed()

    return pick_panel(state, seat_colours(app.store, state), shown, on_toggle=toggle,
                      on_card=lambda seat, card: choose(seat, card=card),
                      on_give_back=lambda seat, card: choose(seat, give_back=card),
                      on_submit=submit, on_cancel=None, problem=problem, fixed=state.due)

