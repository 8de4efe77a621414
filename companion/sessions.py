"""Games in progress: a session is a game's setup plus the list of actions taken; the state is their fold.

Undo, redo, resuming after a crash and the record kept in history all come from that one list. The keeper
saves the session after every action (the store's save is durable when it returns), so stopping the app at
any moment loses at most the action being typed.

A game's engine is the module `companion.games.<package>.session` (see the registry) with:

- `start(setup: dict) -> State`: the state before the first action; InvalidInput for a bad setup
- `apply(state, action: dict) -> State`: pure; InvalidInput for a malformed action, IllegalAction for one
  the rules refuse now
- `summary(state) -> dict`: for a finished game, `{"players": [...], "detail": {...}}`, optionally with
  `"game"` (must be the session's game) and `"title"` (names the history record instead of the session's
  title). Each player is `{"score": int, "winner": bool}` plus optionally `"name"` and `"id"`. Entries
  without `"id"` are the session's players in order (entries beyond them, such as a solo opponent, get id
  None and must have a name); entries without `"name"` take the roster name. IllegalAction when the game
  is not finished.
"""

from __future__ import annotations

import functools
import importlib
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeAlias, TypeVar

from companion.errors import CompanionError, IllegalAction, InvalidInput
from companion.games import find_game
from companion.i18n.message import N_, Message, msg
from companion.store import records
from companion.store.layout import CORRECTIONS_TABLE, DRAFTS_TABLE, REOPENED_TABLE
from companion.store.records import copy_json, describe

__all__ = ["SessionId", "Engine", "Session", "SessionKeeper", "Correction", "CORRECTIONS_TABLE", "REOPENED_TABLE"]

SessionId: TypeAlias = str
_SUMMARY_KEYS = ("game", "title", "players", "detail")
_Method = TypeVar("_Method", bound=Callable[..., Any])


def _locked(method: _Method) -> _Method:
    """Hold the store's mutex across read, apply and save: two taps on two tabs must not both extend the
    same saved action list and lose one of the actions."""

    @functools.wraps(method)
    def locked(self: SessionKeeper, *args: Any, **kwargs: Any) -> Any:
        with self._mutex:
            return method(self, *args, **kwargs)

    return locked  # type: ignore[return-value]
_SUMMARY_PLAYER_KEYS = ("id", "name", "score", "winner")
# Where a correction under way is kept (one document per game, by the session's id): the game itself is not
# touched until the correction is confirmed, and a correction survives the app being stopped mid-review.
# Finished games taken back from History for a correction are marked in REOPENED_TABLE (the record's time).
_CHOICES = ("fix", "drop", "drop_rest", "insert")
# What the keeper refuses while an old entry is being corrected, by the step asked for.
_CHANGED_MEANWHILE = {
    "undo": N_("the game changed meanwhile (on another device, or by a tap made twice); nothing was undone: "
               "see the game as it is now, then undo again if it is still wanted"),
    "redo": N_("the game changed meanwhile (on another device, or by a tap made twice); nothing was redone: "
               "see the game as it is now, then redo again if it is still wanted"),
}
_NOT_WHILE_CORRECTING = {
    "undo": N_("an old entry is being corrected: confirm or cancel the correction before undo"),
    "redo": N_("an old entry is being corrected: confirm or cancel the correction before redo"),
    "finishing the game": N_("an old entry is being corrected: confirm or cancel the correction before finishing "
                             "the game"),
}


class Engine(Protocol):
    """What the keeper needs from a game: start, apply and summary over JSON-able setups and actions."""

    def start(self, setup: dict[str, Any]) -> Any: ...

    def apply(self, state: Any, action: dict[str, Any]) -> Any: ...

    def summary(self, state: Any) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Session:
    """A game in progress: setup, player ids, the actions taken and the actions undone (next redo first)."""

    id: SessionId
    game: str
    title: str
    setup: dict[str, Any]
    players: tuple[str, ...]
    actions: tuple[dict[str, Any], ...]
    redo: tuple[dict[str, Any], ...]
    created: str
    updated: str
    # The game as an old entry's correction has it so far (`SessionKeeper.get`): undo and redo wait until
    # the correction is confirmed or cancelled. Never stored.
    correcting: bool = field(default=False, compare=False)

    @property
    def can_undo(self) -> bool:
        """There is an action to take back (and no correction under way)."""
        return bool(self.actions) and not self.correcting

    @property
    def can_redo(self) -> bool:
        """An undone action can be replayed (until a new action is taken)."""
        return bool(self.redo) and not self.correcting

    def to_record(self) -> dict[str, Any]:
        """The stored form (a fresh copy)."""
        return {
            "id": self.id, "game": self.game, "title": self.title, "setup": copy_json(self.setup),
            "players": list(self.players), "actions": [copy_json(a) for a in self.actions],
            "redo": [copy_json(a) for a in self.redo], "created": self.created, "updated": self.updated,
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Session:
        """The session a stored record describes; InvalidInput names the field when the record is malformed."""
        where = f"session {describe(record.get('id'))}" if isinstance(record, dict) else "session"
        doc = records.session_record(record, where)
        # A title made of words (a Message) comes back as one, so screens can say it in any language.
        title = records.said_in_place(doc)["title"]
        return cls(doc["id"], doc["game"], title, doc["setup"], tuple(doc["players"]),
                   tuple(doc["actions"]), tuple(doc["redo"]), doc["created"], doc["updated"])


@dataclass(frozen=True)
class Correction:
    """An old entry being corrected: the game is replayed from entry `at` on a draft, never on the game itself.

    `waiting` is the entry the player is to enter again (the one edited, or a later one the replay refused
    and the player chose to fix), `refused` the later entry the replay stopped at with the engine's reason,
    `kept` how many later entries the replay has applied so far, `rest` the entries not replayed yet.
    `inserting`: the player chose to enter a missed entry before the refused one, which is tried again after
    it (it stays first in `rest`). With none of these, the correction is ready to be confirmed. `done` marks a
    correction already confirmed, kept so that it can be undone in one tap (`original` holds the entries before
    it, and `original_redo` the entries that could be redone then: undoing the correction gives them back).
    """

    session_id: SessionId
    at: int
    original: tuple[dict[str, Any], ...]
    actions: tuple[dict[str, Any], ...]
    rest: tuple[dict[str, Any], ...]
    waiting: dict[str, Any] | None = None
    refused: str | None = None
    kept: int = 0
    dropped: int = 0
    done: bool = False
    setup: dict[str, Any] | None = None          # a corrected setup (None: the game's own)
    original_setup: dict[str, Any] | None = None
    original_redo: tuple[dict[str, Any], ...] = ()
    inserting: bool = False
    deleted: bool = False                        # the entry at `at` deleted (it counts in `dropped`)

    @property
    def ready(self) -> bool:
        """Every later entry replayed or dropped: the corrected game can be confirmed."""
        return (not self.done and self.waiting is None and self.refused is None and not self.inserting
                and not self.rest)

    @property
    def later_dropped(self) -> int:
        """How many later entries were dropped: `dropped` without the entry deleted, which is not a later one."""
        return self.dropped - (1 if self.deleted else 0)

    @property
    def number(self) -> int:
        """The entry it waits on, numbered as in the game's entries before the correction (1 = the first), the
        list the player chose from: the one being entered again, or else the later one the replay refused.
        The entries replayed so far may be fewer (some dropped), so their count does not say it."""
        return len(self.original) - len(self.rest) + (0 if self.waiting is not None else 1)

    @property
    def refused_action(self) -> dict[str, Any] | None:
        """The later entry the replay could not apply (the first of `rest`), when it stopped."""
        return self.rest[0] if self.refused is not None and self.rest else None

    def to_doc(self) -> dict[str, Any]:
        doc = {"id": self.session_id, "at": self.at, "original": list(self.original),
               "actions": list(self.actions), "rest": list(self.rest), "waiting": self.waiting,
               "refused": None if self.refused is None else str(self.refused), "kept": self.kept,
               "dropped": self.dropped, "done": self.done, "setup": self.setup, "original_setup": self.original_setup,
               "original_redo": list(self.original_redo), "inserting": self.inserting, "deleted": self.deleted}
        reason = records.message_doc(self.refused)
        if reason is not None:
            # The engine's reason as its catalog id and arguments, so it is said in the player's language.
            doc["refused_message"] = reason
        return doc

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Correction:
        refused = doc.get("refused")
        if isinstance(refused, str) and doc.get("refused_message") is not None:
            refused = records.message_from_doc(doc["refused_message"], refused)
        try:
            return cls(doc["id"], int(doc["at"]), tuple(doc["original"]), tuple(doc["actions"]), tuple(doc["rest"]),
                       doc.get("waiting"), refused, int(doc.get("kept", 0)), int(doc.get("dropped", 0)),
                       bool(doc.get("done", False)), doc.get("setup"), doc.get("original_setup"),
                       tuple(doc.get("original_redo") or ()), doc.get("inserting") is True,
                       doc.get("deleted") is True)
        except (KeyError, TypeError, ValueError):
            raise InvalidInput(msg("the correction kept for game {game} cannot be read",
                                   game=describe(doc.get("id")))) from None


class SessionKeeper:
    """Starts, advances, undoes, redoes, finishes and abandons games, saving after every change."""

    def __init__(self, store: Any, engines: Mapping[str, Engine] | None = None) -> None:
        self._store = store
        self._mutex = getattr(store, "mutex", None) or threading.RLock()
        self._engines: dict[str, Engine] = dict(engines or {})
        # session id -> (session the state belongs to, state); checked against the saved session on use.
        self._states: dict[SessionId, tuple[Session, Any]] = {}
        # session id -> ((setup, draft actions), state) of a correction's draft.
        self._drafts: dict[SessionId, tuple[tuple[Any, tuple[dict[str, Any], ...]], Any]] = {}
        # session id -> ((setup, actions), state) before the last entry, for its words (`entry_words`): kept as
        # an entry is made or redone (the state it was applied to), else replayed once.
        self._befores: dict[SessionId, tuple[tuple[Any, tuple[dict[str, Any], ...]], Any]] = {}

    @_locked
    def engine(self, game: str) -> Engine:
        """The engine for a game: given to the keeper, else `companion.games.<package>.session`."""
        engine = self._engines.get(game)
        if engine is None:
            engine = self._engines[game] = _load_engine(game)
        return engine

    @_locked
    def start(self, game: str, setup: dict[str, Any], players: list[str] | tuple[str, ...],
              title: str) -> Session:
        """Begin a game: the engine checks the setup, then the session is saved before this returns."""
        if not isinstance(players, (list, tuple)):
            raise InvalidInput(f"players must be a list of player ids, not {describe(players)}")
        for player_id in players:
            player = self._store.players.get(player_id)
            if player.removed:
                raise InvalidInput(msg("“{name}” has been removed from the roster and cannot join a game",
                                       name=player.name))
        now = self._store.now()
        session = Session.from_record({
            "id": records.new_id(), "game": game, "title": title, "setup": setup, "players": list(players),
            "actions": [], "redo": [], "created": now, "updated": now,
        })
        state = self.engine(session.game).start(copy_json(session.setup))
        self._save(session, state)
        return session

    @_locked
    def get(self, session_id: SessionId) -> Session:
        """A game in progress by id; InvalidInput when there is none. While an old entry is being corrected,
        the game as corrected so far (its draft's entries, nothing to redo), which is what screens show."""
        session = self._saved(session_id)
        correction = self.correction(session_id)
        if correction is not None and not correction.done:
            return replace(session, actions=correction.actions, redo=(), correcting=True,
                           setup=correction.setup if correction.setup is not None else session.setup)
        return session

    @_locked
    def saved(self, session_id: SessionId) -> Session:
        """A game in progress by id as saved: while an old entry is being corrected, its entries and setup
        before the correction (what `get` shows is the draft); InvalidInput when there is none."""
        return self._saved(session_id)

    def _saved(self, session_id: SessionId) -> Session:
        record = self._store.sessions.get(session_id)
        if record is None:
            raise InvalidInput(msg("there is no game in progress with id {id}", id=describe(session_id)))
        return Session.from_record(record)

    @_locked
    def act(self, session_id: SessionId, action: dict[str, Any]) -> Session:
        """Apply one action: the engine first (IllegalAction leaves everything as it was), then save.

        While an old entry is being corrected, the action is the entry asked for, and goes to the draft."""
        session = self._saved(session_id)
        if type(action) is not dict:
            raise InvalidInput(f"an action must be an object, not {describe(action)}")
        action = records.check_json(action, f"action for {session.title or session.game}", "action")
        correction = self.correction(session_id)
        if correction is not None and not correction.done:
            self._enter_in_correction(session, correction, action)
            return self.get(session_id)
        before = self._state(session)
        state = self.engine(session.game).apply(before, copy_json(action))
        updated = self._changed(session, actions=session.actions + (action,), redo=())
        self._save(updated, state)
        self._befores[session.id] = ((session.setup, session.actions), before)
        return updated

    @_locked
    def undo(self, session_id: SessionId, *, seen: Sequence[Any] | None = None) -> Session:
        """Take back the last action (it goes to the front of the redo list); saved. `seen`: the actions the
        game had on the screen the player tapped; if they are not the game's now (another device entered,
        undid or corrected something since), nothing is undone: two phones tapping Undo for one move took back
        two."""
        session = self._saved(session_id)
        self._not_correcting(session_id, "undo")
        self._as_seen(session, seen, "undo")
        if not session.can_undo:
            raise IllegalAction(msg("there is nothing to undo: no action has been taken in this game yet"))
        updated = self._changed(session, actions=session.actions[:-1], redo=(session.actions[-1],) + session.redo)
        self._save(updated, None)
        return updated

    @_locked
    def redo(self, session_id: SessionId, *, seen: Sequence[Any] | None = None) -> Session:
        """Replay the most recently undone action through the engine; saved. `seen` as for `undo`."""
        session = self._saved(session_id)
        self._not_correcting(session_id, "redo")
        self._as_seen(session, seen, "redo")
        if not session.can_redo:
            raise IllegalAction(msg("there is nothing to redo: no action has been undone since the last one taken"))
        action = session.redo[0]
        before = self._state(session)
        state = self.engine(session.game).apply(before, copy_json(action))
        updated = self._changed(session, actions=session.actions + (action,), redo=session.redo[1:])
        self._save(updated, state)
        self._befores[session.id] = ((session.setup, session.actions), before)
        return updated

    @_locked
    def state(self, session_id: SessionId) -> Any:
        """The engine state of a game in progress (cached; rebuilt by replaying the actions when needed); while
        an old entry is being corrected, the state of the corrected draft as far as it goes."""
        session = self._saved(session_id)
        correction = self.correction(session_id)
        if correction is not None and not correction.done:
            return self._draft_state(session, correction)
        return self._state(session)

    @_locked
    def entry_words(self, session_id: SessionId, *, redo: bool = False) -> str | None:
        """What Undo would take back (the last entry), or with `redo` what Redo would put back, in the game's
        words from the game as it stood before that entry ("Round 3, Ann: gained Longs Peak, ..."); None when
        there is none, or the game says nothing of its entries."""
        session = self._saved(session_id)
        engine = self.engine(session.game)
        describe = getattr(engine, "describe_action", None)
        if describe is None or not (session.redo if redo else session.actions):
            return None
        if redo:
            return describe(self._state(session), copy_json(session.redo[0]))
        earlier = session.actions[:-1]
        known = self._befores.get(session.id)
        if known is None or known[0] != (session.setup, earlier):
            known = self._befores[session.id] = ((session.setup, earlier), self._fold(session, earlier))
        return describe(known[1], copy_json(session.actions[-1]))

    @_locked
    def saved_state(self, session_id: SessionId) -> Any:
        """The state of the game as saved, whatever correction is under way (for what must follow only the
        saved game, such as the Expedition's Hall of Fame)."""
        return self._state(self._saved(session_id))

    @_locked
    def check_replays(self, record: dict[str, Any]) -> None:
        """InvalidInput, naming the entry, unless a stored game (a record as a backup holds it) replays from its
        setup, as opening it does. Its undone entries are not: one that no longer applies is refused when Redo
        is tapped, and the game opens all the same. The record is untrusted (a file), so whatever the engine
        raises on it is a refusal, not a crash."""
        session = Session.from_record(record)
        label = repr(session.title) if session.title else session.game
        try:
            self._fold(session, session.actions)
        except IllegalAction as exc:
            raise InvalidInput(_reason(exc)) from None
        except InvalidInput:
            raise
        except CompanionError as exc:       # the setup's own data, such as a 14ers card catalog, is bad
            raise InvalidInput(msg("the saved game {game} cannot be replayed: {reason}", game=label,
                                   reason=_reason(exc))) from None
        except Exception as exc:           # an entry of a shape the engine does not expect at all
            raise InvalidInput(msg("the saved game {game} cannot be replayed: an entry is not one this game reads "
                                   "({kind})", game=label, kind=type(exc).__name__)) from None

    # --- correcting an old entry ----------------------------------------------------------------------------

    @_locked
    def reopen(self, record_id: SessionId) -> Session:
        """Take a finished game back from History to correct an entry: a game in progress with the record's
        setup and entries, under the same id. History keeps the record as it is until the game is finished
        again, which rewrites it (with the date of the correction); abandoning it leaves the record alone."""
        record = self._store.history.get(record_id)
        if record is None:
            raise InvalidInput(msg("history holds no game with id {id}", id=describe(record_id)))
        if self._store.sessions.get(record_id) is not None:
            return self._saved(record_id)         # already taken back: carry on with it
        played = record.get("session")
        if not isinstance(played, dict):
            raise IllegalAction(msg("this game was saved without its entries, so it cannot be corrected"))
        players = [p["id"] for p in record["players"] if p.get("id") and self._known(p["id"])]
        # The title's words come along (an Expedition's is a Message), so the game in progress is named in the
        # player's language as its History card is.
        title_words = [w for w in record.get("words") or () if isinstance(w, dict) and w.get("at") == ["title"]]
        session = Session.from_record({
            "id": record_id, "game": record["game"], "title": record["title"], "setup": played["setup"],
            "players": players, "actions": played["actions"], "redo": [], "created": self._store.now(),
            "updated": self._store.now(), **({"words": title_words} if title_words else {})})
        state = self._fold(session, session.actions)      # a game its engine can no longer replay is refused
        self._store.table(REOPENED_TABLE).upsert({"id": record_id, "finished": record["finished"]})
        self._save(session, state)
        return session

    @_locked
    def reopened(self, session_id: SessionId) -> bool:
        """True for a game taken back from History for a correction (finishing it rewrites its record), while
        History still holds its record: once the record is deleted (on another device, say) the game in progress
        is the only copy, and abandoning it loses the game, as any other's."""
        # From History's index (no month file read): screens ask this as they draw.
        return self._store.table(REOPENED_TABLE).get(session_id) is not None and session_id in self._store.history

    def _known(self, player_id: str) -> bool:
        try:
            self._store.players.get(player_id)
        except InvalidInput:
            return False
        return True

    @_locked
    def correction(self, session_id: SessionId) -> Correction | None:
        """The correction under way (or the last one confirmed, which can still be undone), or None. One made
        on another state of the game (a copy brought back by an import, say) is not this game's: ignored."""
        doc = self._corrections().get(session_id)
        if doc is None:
            return None
        correction = Correction.from_doc(doc)
        record = self._store.sessions.get(session_id)
        if record is None:
            return None
        actions = tuple(record["actions"])
        if correction.done:
            current = correction.actions == actions and (correction.setup is None or correction.setup == record["setup"])
        else:
            current = correction.original == actions and (correction.original_setup is None
                                                          or correction.original_setup == record["setup"])
        return correction if current else None

    @_locked
    def begin_correction(self, session_id: SessionId, index: int, *, delete: bool = False) -> Correction:
        """Start correcting entry `index` (0 = the first): the game goes back to just before it on a draft.
        To edit it, the player enters it again (the next `act`); to delete it, the later entries are replayed
        at once. Nothing of the game changes until `confirm_correction`."""
        session = self._saved(session_id)
        current = self.correction(session_id)
        if current is not None and not current.done:
            raise IllegalAction(msg("a correction is already under way: confirm or cancel it first"))
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(session.actions):
            raise InvalidInput(msg("there is no entry {entry} in this game; entries are 0 to {last}",
                                   entry=describe(index), last=len(session.actions) - 1))
        correction = Correction(session_id, index, session.actions, session.actions[:index],
                                session.actions[index + 1:], None if delete else session.actions[index],
                                original_redo=session.redo)
        if delete:
            correction = self._replay(session, replace(correction, dropped=1, deleted=True))
        self._corrections().upsert(correction.to_doc())
        return correction

    @_locked
    def begin_setup_correction(self, session_id: SessionId, setup: dict[str, Any]) -> Correction:
        """Correct the setup itself (a Hiker side, the route, the first dealer...): every entry is replayed on
        the new setup at once, and the review goes on as for an entry (see `begin_correction`)."""
        session = self._saved(session_id)
        current = self.correction(session_id)
        if current is not None and not current.done:
            raise IllegalAction(msg("a correction is already under way: confirm or cancel it first"))
        setup = records.check_json(setup, "corrected setup", "setup")
        if type(setup) is not dict:
            raise InvalidInput(f"a setup must be an object, not {describe(setup)}")
        if setup == session.setup:
            raise IllegalAction(msg("the setup is already so"))
        self.engine(session.game).start(copy_json(setup))          # a setup the game refuses is refused here
        correction = Correction(session_id, 0, session.actions, (), session.actions, setup=setup,
                                original_setup=session.setup, original_redo=session.redo)
        correction = self._replay(session, correction)
        self._corrections().upsert(correction.to_doc())
        return correction

    @_locked
    def resolve_correction(self, session_id: SessionId, choice: str) -> Correction:
        """What to do with the later entry the replay refused: "fix" it (the player enters it again), "drop"
        it (and replay on), "drop_rest" (it and every entry after it), or "insert" an entry missed before it (the
        player enters it, then it is tried again: a risk point paid before the turn's end, say)."""
        session = self._saved(session_id)
        correction = self._open_correction(session_id)
        if correction.refused is None:
            raise IllegalAction(msg("no later entry is waiting for a decision"))
        if choice not in _CHOICES:
            raise InvalidInput(f"choose one of {', '.join(_CHOICES)}, not {describe(choice)}")
        refused = correction.rest[0]
        if choice == "fix":
            correction = replace(correction, waiting=refused, refused=None, rest=correction.rest[1:])
        elif choice == "insert":
            correction = replace(correction, refused=None, inserting=True)
        elif choice == "drop":
            correction = self._replay(session, replace(correction, refused=None, rest=correction.rest[1:],
                                                       dropped=correction.dropped + 1))
        else:
            correction = replace(correction, refused=None, rest=(),
                                 dropped=correction.dropped + len(correction.rest))
        self._corrections().upsert(correction.to_doc())
        return correction

    @_locked
    def confirm_correction(self, session_id: SessionId) -> Session:
        """Make the corrected draft the game (saved); the correction is kept so that one tap can undo it."""
        session = self._saved(session_id)
        correction = self._open_correction(session_id)
        if not correction.ready:
            raise IllegalAction(
                msg("the correction is not finished: enter the entry asked for first")
                if correction.waiting is not None or correction.inserting else
                msg("the correction is not finished: decide about the refused later entry first"))
        state = self._draft_state(session, correction)
        updated = self._changed(session, actions=correction.actions, redo=())
        if correction.setup is not None:
            updated = replace(updated, setup=correction.setup)
        self._save(updated, state)
        self._corrections().upsert(replace(correction, done=True).to_doc())
        return updated

    @_locked
    def cancel_correction(self, session_id: SessionId) -> None:
        """Drop the correction under way: the game is exactly as it was before it began."""
        self._open_correction(session_id)
        self._corrections().delete(session_id)

    @_locked
    def undo_correction(self, session_id: SessionId) -> Session:
        """Take back the last confirmed correction in one step, while nothing was entered since."""
        session = self._saved(session_id)
        correction = self.correction(session_id)
        if correction is None or not correction.done:
            raise IllegalAction(msg("there is no confirmed correction to undo"))
        if session.actions != correction.actions:
            raise IllegalAction(msg("entries were made since the correction; undo them first, or correct again"))
        # The game as it was before the correction, with what could be redone then.
        updated = self._changed(session, actions=correction.original, redo=correction.original_redo)
        if correction.original_setup is not None:
            updated = replace(updated, setup=correction.original_setup)
        self._save(updated, None)
        self._corrections().delete(session_id)
        return updated

    def _open_correction(self, session_id: SessionId) -> Correction:
        correction = self.correction(session_id)
        if correction is None or correction.done:
            raise IllegalAction(msg("no correction is under way in this game"))
        return correction

    @staticmethod
    def _as_seen(session: Session, seen: Sequence[Any] | None, what: str) -> None:
        # The actions themselves, not their number: an undo and another move elsewhere leave the same count.
        if seen is not None and tuple(seen) != session.actions:
            raise IllegalAction(msg(_CHANGED_MEANWHILE[what]))

    def _not_correcting(self, session_id: SessionId, what: str) -> None:
        correction = self.correction(session_id)
        if correction is not None and not correction.done:
            raise IllegalAction(msg(_NOT_WHILE_CORRECTING[what]))

    def _enter_in_correction(self, session: Session, correction: Correction, action: dict[str, Any]) -> None:
        if correction.waiting is None and not correction.inserting:
            raise IllegalAction(
                msg("an old entry is being corrected: decide about the refused later entry first")
                if correction.refused is not None else
                msg("an old entry is being corrected: confirm or cancel the correction before entering anything else"))
        state = self.engine(session.game).apply(self._draft_state(session, correction), copy_json(action))
        drafted = replace(correction, actions=correction.actions + (action,), waiting=None, inserting=False)
        self._remember(_on_setup(session, correction), drafted.actions, state)
        self._corrections().upsert(self._replay(session, drafted).to_doc())

    def _replay(self, session: Session, correction: Correction) -> Correction:
        """Apply the later entries to the draft in order, stopping at the first the engine refuses."""
        engine = self.engine(session.game)
        state = self._draft_state(session, correction)
        session = _on_setup(session, correction)
        actions, rest, kept = correction.actions, correction.rest, correction.kept
        while rest:
            try:
                state = engine.apply(state, copy_json(rest[0]))
            except (InvalidInput, IllegalAction) as exc:
                self._remember(session, actions, state)
                return replace(correction, actions=actions, rest=rest, kept=kept, refused=_reason(exc))
            actions, rest, kept = actions + (rest[0],), rest[1:], kept + 1
        self._remember(session, actions, state)
        return replace(correction, actions=actions, rest=(), kept=kept, refused=None)

    def _draft_state(self, session: Session, correction: Correction,
                     actions: tuple[dict[str, Any], ...] | None = None) -> Any:
        """The state of a correction's draft (its entries, or `actions`), on its corrected setup if any."""
        session = _on_setup(session, correction)
        actions = correction.actions if actions is None else actions
        cached = self._drafts.get(session.id)
        if cached is not None and cached[0] == (session.setup, actions):
            return cached[1]
        state = self._fold(session, actions)
        self._remember(session, actions, state)
        return state

    def _remember(self, session: Session, actions: tuple[dict[str, Any], ...], state: Any) -> None:
        self._drafts[session.id] = ((session.setup, actions), state)

    def _corrections(self) -> Any:
        return self._store.table(CORRECTIONS_TABLE)

    @_locked
    def finish(self, session_id: SessionId) -> str:
        """Record the finished game in history (from the engine's summary) and close the session, in one step;
        the record's id (the session's, unless History already holds another ending of this game)."""
        session = self._saved(session_id)
        self._not_correcting(session_id, "finishing the game")
        summary = self.engine(session.game).summary(self._state(session))
        players = self._summary_players(session, summary)
        record = {
            "id": session.id,  # the same id: the game's address finds it in History once finished
            "game": session.game,
            "finished": self._store.now(),
            "title": summary.get("title", session.title),
            "players": players,
            "detail": summary.get("detail", {}),
            "session": {"setup": session.setup, "actions": list(session.actions)},
        }
        kept = self._store.history.get(session.id)
        reopened = self._store.table(REOPENED_TABLE).get(session.id)
        if reopened is not None and kept is not None and not records.same_play(kept, session.to_record()):
            # Taken back from History for a correction: the record is rewritten in place, with its date.
            record["finished"] = kept["finished"]
            record["corrected"] = self._store.now()
            try:
                self._store.finish_session(session.id, record, replacing=True)
            except InvalidInput as exc:
                raise InvalidInput(msg("the corrected {game} game cannot be kept in history: {reason}",
                                       game=session.game, reason=_reason(exc))) from None
        elif kept is not None and records.same_play(kept, session.to_record()):
            # History has this very game: an older version was stopped between its two saves.
            self._store.sessions.delete(session.id)
        else:
            if kept is not None:
                # Another ending of this game (a copy finished elsewhere came in with an import): a game of its
                # own, never dropped for sharing the id.
                record["id"] = records.new_id()
            try:
                self._store.finish_session(session.id, record)
            except InvalidInput as exc:
                raise InvalidInput(msg("the {game} summary cannot be kept in history: {reason}",
                                       game=session.game, reason=_reason(exc))) from None
        self._states.pop(session.id, None)
        self._befores.pop(session.id, None)
        self._corrections().delete(session.id)
        self._store.table(REOPENED_TABLE).delete(session.id)
        self._store.table(DRAFTS_TABLE).delete(session.id)     # a form left half filled in: nothing to fill now
        return record["id"]

    @_locked
    def abandon(self, session_id: SessionId) -> None:
        """Drop a game in progress without recording it."""
        self._saved(session_id)
        self._store.sessions.delete(session_id)
        self._states.pop(session_id, None)
        self._befores.pop(session_id, None)
        self._corrections().delete(session_id)
        self._store.table(REOPENED_TABLE).delete(session_id)

    @_locked
    def in_progress(self) -> list[Session]:
        """Every game in progress, most recently played first."""
        return [Session.from_record(record) for record in self._store.sessions.list()]

    def _state(self, session: Session) -> Any:
        cached = self._states.get(session.id)
        if cached is not None:
            known, state = cached
            if known.game == session.game and known.setup == session.setup and known.actions == session.actions:
                return state
        state = self._fold(session, session.actions)
        self._states[session.id] = (session, state)
        return state

    def _fold(self, session: Session, actions: tuple[dict[str, Any], ...]) -> Any:
        """The state after these actions from the session's setup; a refusal names the action."""
        engine = self.engine(session.game)
        label = repr(session.title) if session.title else session.game
        number = 0
        try:
            state = engine.start(copy_json(session.setup))
            for number, action in enumerate(actions, start=1):
                state = engine.apply(state, copy_json(action))
        except (InvalidInput, IllegalAction) as exc:
            where = msg("action {number}", number=number) if number else msg("its setup")
            raise type(exc)(msg("the saved game {game} cannot be replayed ({where}): {reason}", game=label,
                                where=where, reason=_reason(exc))) from None
        return state

    def _changed(self, session: Session, *, actions: tuple[dict[str, Any], ...],
                 redo: tuple[dict[str, Any], ...]) -> Session:
        return Session(session.id, session.game, session.title, session.setup, session.players, actions, redo,
                       session.created, self._store.now())

    def _save(self, session: Session, state: Any) -> None:
        self._store.sessions.save(session.to_record())
        if state is None:
            self._states.pop(session.id, None)
        else:
            self._states[session.id] = (session, state)

    def _summary_players(self, session: Session, summary: Any) -> list[dict[str, Any]]:
        source = f"the {session.game} summary"
        if not isinstance(summary, dict):
            raise InvalidInput(f"{source} must be an object with players and detail, not {describe(summary)}")
        unknown = sorted(k for k in summary if k not in _SUMMARY_KEYS)
        if unknown:
            raise InvalidInput(f"{source} has an unknown field {unknown[0]!r} (expected: {', '.join(_SUMMARY_KEYS)})")
        if summary.get("game", session.game) != session.game:
            raise InvalidInput(f"{source} says it is for {describe(summary['game'])}, not {session.game!r}")
        entries = summary.get("players")
        if not isinstance(entries, list) or not entries:
            raise InvalidInput(f"{source} must list the players and their scores")
        players = []
        for index, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise InvalidInput(f"{source}: players[{index}] must be an object, not {describe(entry)}")
            unknown = sorted(k for k in entry if k not in _SUMMARY_PLAYER_KEYS)
            if unknown:
                raise InvalidInput(f"{source}: players[{index}] has an unknown field {unknown[0]!r}")
            if "id" in entry:
                player_id = entry["id"]
            else:
                player_id = session.players[index] if index < len(session.players) else None
            name = entry.get("name")
            if name is None and player_id is not None:
                name = self._store.players.get(player_id).name
            if name is None:
                raise InvalidInput(f"{source}: players[{index}] is not one of the session's players, "
                                   "so it needs a name")
            players.append({"id": player_id, "name": name, "score": entry.get("score"),
                            "winner": entry.get("winner")})
        return players


def _reason(exc: BaseException) -> str:
    """An exception's message: the `Message` it carries (a screen then says it in its language), else its text."""
    args = exc.args
    return args[0] if len(args) == 1 and isinstance(args[0], Message) else str(exc)


def _on_setup(session: Session, correction: Correction) -> Session:
    """The game as a correction sees it: with the corrected setup, when the setup is what is corrected."""
    return replace(session, setup=correction.setup) if correction.setup is not None else session


def _load_engine(game: str) -> Engine:
    entry = find_game(game)
    name = f"{entry.package}.session"
    try:
        return importlib.import_module(name)  # type: ignore[return-value]
    except ModuleNotFoundError as exc:
        if exc.name in (entry.package, name):
            raise InvalidInput(msg("{game} cannot be played in the app yet", game=entry.title)) from None
        raise
