"""A form half filled in is kept beside its game while the game is in progress, and only then."""

from __future__ import annotations

from companion.sessions import SessionKeeper
from companion.store import open_store
from companion.store.layout import DRAFTS_TABLE
from companion.ui.common.drafts import keep_draft, kept_draft


def test_a_form_is_kept_for_a_game_in_progress_and_not_after_its_end():
    with open_store(memory=True) as store:
        ann = store.players.add("Ann")
        keeper = SessionKeeper(store)
        game = keeper.start("ridgeline", {"seats": [{"id": ann.id, "name": "Ann"}, "Ben"], "route": "sprint"},
                            [ann.id], "Sprint").id
        keep_draft(store, game, "hand", [-1, 0], {"cards": [1]})
        assert kept_draft(store, game, "hand", [-1, 0]) == {"cards": [1]}
        # The screen's last drawing after the game ended (here, or on another device) keeps nothing: a form
        # left behind a finished game went into every backup.
        keeper.abandon(game)
        store.table(DRAFTS_TABLE).delete(game)
        keep_draft(store, game, "hand", [-1, 0], {"cards": [1, 2]})
        assert store.table(DRAFTS_TABLE).get(game) is None
