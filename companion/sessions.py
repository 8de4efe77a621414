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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias, TypeVar

from companion.errors import IllegalAction, InvalidInput
from companion.games import find_game
from companion.store import records
from companion.store.records import copy_json, describe

__all__ = ["SessionId", "Engine", "Session", "SessionKeeper"]

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

    @property
    def can_undo(self) -> bool:
        """There is an action to take back."""
        return bool(self.actions)

    @property
    def can_redo(self) -> bool:
        """An undone action can be replayed (until a new action is taken)."""
        return bool(self.redo)

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
        return cls(doc["id"], doc["game"], doc["title"], doc["setup"], tuple(doc["players"]),
                   tuple(doc["actions"]), tuple(doc["redo"]), doc["created"], doc["updated"])


class SessionKeeper:
    """Starts, advances, undoes, redoes, finishes and abandons games, saving after every change."""

    def __init__(self, store: Any, engines: Mapping[str, Engine] | None = None) -> None:
        self._store = store
        self._mutex = getattr(store, "mutex", None) or threading.RLock()
        self._engines: dict[str, Engine] = dict(engines or {})
        # session id -> (session the state belongs to, state); checked against the saved session on use.
        self._states: dict[SessionId, tuple[Session, Any]] = {}

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
                raise InvalidInput(f"{player.name!r} has been removed from the roster and cannot join a game")
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
        """A game in progress by id; InvalidInput when there is none."""
        record = self._store.sessions.get(session_id)
        if record is None:
            raise InvalidInput(f"there is no game in progress with id {describe(session_id)}")
        return Session.from_record(record)

    @_locked
    def act(self, session_id: SessionId, action: dict[str, Any]) -> Session:
        """Apply one action: the engine first (IllegalAction leaves everything as it was), then save."""
        session = self.get(session_id)
        if type(action) is not dict:
            raise InvalidInput(f"an action must be an object, not {describe(action)}")
        action = records.check_json(action, f"action for {session.title or session.game}", "action")
        state = self.engine(session.game).apply(self._state(session), copy_json(action))
        updated = self._changed(session, actions=session.actions + (action,), redo=())
        self._save(updated, state)
        return updated

    @_locked
    def undo(self, session_id: SessionId) -> Session:
        """Take back the last action (it goes to the front of the redo list); saved."""
        session = self.get(session_id)
        if not session.can_undo:
            raise IllegalAction("there is nothing to undo: no action has been taken in this game yet")
        updated = self._changed(session, actions=session.actions[:-1], redo=(session.actions[-1],) + session.redo)
        self._save(updated, None)
        return updated

    @_locked
    def redo(self, session_id: SessionId) -> Session:
        """Replay the most recently undone action through the engine; saved."""
        session = self.get(session_id)
        if not session.can_redo:
            raise IllegalAction("there is nothing to redo: no action has been undone since the last one taken")
        action = session.redo[0]
        state = self.engine(session.game).apply(self._state(session), copy_json(action))
        updated = self._changed(session, actions=session.actions + (action,), redo=session.redo[1:])
        self._save(updated, state)
        return updated

    @_locked
    def state(self, session_id: SessionId) -> Any:
        """The engine state of a game in progress (cached; rebuilt by replaying the actions when needed)."""
        return self._state(self.get(session_id))

    @_locked
    def finish(self, session_id: SessionId) -> str:
        """Record the finished game in history (from the engine's summary) and close the session, in one step;
        the record's id (the session's, unless History already holds another ending of this game)."""
        session = self.get(session_id)
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
        if kept is not None and records.same_play(kept, session.to_record()):
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
                raise InvalidInput(f"the {session.game} summary cannot be kept in history: {exc}") from None
        self._states.pop(session.id, None)
        return record["id"]

    @_locked
    def abandon(self, session_id: SessionId) -> None:
        """Drop a game in progress without recording it."""
        self.get(session_id)
        self._store.sessions.delete(session_id)
        self._states.pop(session_id, None)

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
        engine = self.engine(session.game)
        label = repr(session.title) if session.title else session.game
        number = 0
        try:
            state = engine.start(copy_json(session.setup))
            for number, action in enumerate(session.actions, start=1):
                state = engine.apply(state, copy_json(action))
        except (InvalidInput, IllegalAction) as exc:
            where = f"action {number}" if number else "its setup"
            raise type(exc)(f"the saved game {label} cannot be replayed ({where}): {exc}") from None
        self._states[session.id] = (session, state)
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


def _load_engine(game: str) -> Engine:
    entry = find_game(game)
    name = f"{entry.package}.session"
    try:
        return importlib.import_module(name)  # type: ignore[return-value]
    except ModuleNotFoundError as exc:
        if exc.name in (entry.package, name):
            raise InvalidInput(f"{entry.title} cannot be played in the app yet") from None
        raise
