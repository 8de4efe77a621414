"""Which games have a screen: each game's screen module registers itself here.

A game's screens live in its package `companion/ui/<game_id>/`, whose module `screens.py` (for example
`companion/ui/trek12/screens.py`), when imported, calls `register_game_screen` once:

    import flet as ft
    from companion.ui.common.registry import register_game_screen
    from companion.ui.common.services import use_app

    @ft.component
    def Trek12NewGame() -> ft.View: ...                   # route /games/trek12

    @ft.component
    def Trek12Play(session_id: str) -> ft.View: ...       # route /play/trek12/<session_id>

    register_game_screen("trek12", new_game=Trek12NewGame, play=Trek12Play)

`play` is also given the id of a game it has just finished (`SessionKeeper.finish` keeps the session's id
as the history record's id), so it can show the final scores at the same address. Both are
`@ft.component` functions returning an `ft.View` (build it with `companion.ui.common.widgets.screen_view`
so the app bar, back button and phone-first layout match the rest of the app). `use_app()` gives the
store, the session keeper and `changed()`. The shell imports every game's module on start
(`discover_game_screens`); a game with no module keeps its honest "not yet available" page.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeAlias

from companion.errors import InvalidInput
from companion.games import GAMES

__all__ = [
    "GameId",
    "ScreenFactory",
    "GameScreen",
    "register_game_screen",
    "game_screen",
    "registered_games",
    "discover_game_screens",
    "unregister_game_screen",
    "register_game_progress",
    "game_progress",
    "game_closed",
    "register_breakdown_words",
    "breakdown_words",
    "register_refusal_words",
    "refusal_words",
    "keep_beside_games",
    "told_beside",
    "forget_beside",
    "put_back_beside",
]

GameId: TypeAlias = str
# An @ft.component function; calling it builds the component that renders the screen's ft.View.
ScreenFactory: TypeAlias = Callable[..., Any]


@dataclass(frozen=True)
class GameScreen:
    """A game's two screens: starting a new game, and playing a game in progress; and, for a game that holds
    a sheet of another game (an Expedition's Ascent), the screen of that sheet at `/play/<game>/<id>/sheet`."""

    game: GameId
    new_game: ScreenFactory
    play: ScreenFactory
    sheet: ScreenFactory | None = None


_SCREENS: dict[GameId, GameScreen] = {}
_discovered = False


def register_game_screen(game: GameId, *, new_game: ScreenFactory, play: ScreenFactory,
                         sheet: ScreenFactory | None = None) -> GameScreen:
    """Make a game's screens reachable from home and from Resume; the game must be in the registry."""
    if game not in GAMES:
        raise InvalidInput(f"cannot register a screen for unknown game {game!r}; known: {', '.join(GAMES)}")
    if not callable(new_game) or not callable(play) or (sheet is not None and not callable(sheet)):
        raise InvalidInput(f"the screens registered for {game!r} must be @ft.component functions")
    screen = GameScreen(game, new_game, play, sheet)
    _SCREENS[game] = screen
    return screen


def unregister_game_screen(game: GameId) -> None:
    """Forget a game's screens (tests use it to put the registry back as it was)."""
    _SCREENS.pop(game, None)


def game_screen(game: GameId) -> GameScreen | None:
    """The screens registered for a game, or None while its screen has not landed."""
    discover_game_screens()
    return _SCREENS.get(game)


def registered_games() -> list[GameId]:
    """The ids of the games that have screens, in the registry's order."""
    discover_game_screens()
    return [game for game in GAMES if game in _SCREENS]


def discover_game_screens() -> None:
    """Import `companion.ui.<game_id>.screens` for every known game once, so present modules register
    themselves."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for game in GAMES:
        package = f"companion.ui.{game}"
        name = f"{package}.screens"
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            # Only a missing screen package or module means "not yet"; a screen module that fails to
            # import because something inside it is missing is a bug and must surface.
            if exc.name not in (package, name):
                raise


# How far a game in progress got, in words, from its engine state ("Round 7 of 19"), for its Resume card on
# home; registered by the game's screen module beside its screens, with whether the state is a game played to
# its end (still under Resume until it is finished into History).
_PROGRESS: dict[GameId, tuple[Callable[[Any], str], Callable[[Any], bool] | None]] = {}
_CLOSED: set[GameId] = set()     # games whose state over takes no more entries (`register_game_progress`)


def register_game_progress(game: GameId, progress: Callable[[Any], str],
                           over: Callable[[Any], bool] | None = None, *, closed_when_over: bool = True) -> None:
    """Say how a game in progress is summed up on home: `progress(state)` gives the words ("" for none),
    `over(state)` whether it was played to its end and waits only to be finished into History.
    `closed_when_over`: a game over takes no more entries (14ers still takes cards described and corrected)."""
    if game not in GAMES or not callable(progress) or (over is not None and not callable(over)):
        raise InvalidInput(f"cannot register how far a game of {game!r} got")
    _PROGRESS[game] = (progress, over)
    if closed_when_over:
        _CLOSED.add(game)
    else:
        _CLOSED.discard(game)


def game_progress(game: GameId) -> Callable[[Any], str] | None:
    """How a game in progress is summed up on home, or None where its screen module says nothing of it."""
    discover_game_screens()
    return _PROGRESS.get(game, (None, None))[0]


def game_closed(game: GameId) -> Callable[[Any], bool] | None:
    """Whether a game's state takes no more entries (played to its end, for a game that then takes none), or None
    where its screen module says nothing of it."""
    discover_game_screens()
    over = _PROGRESS.get(game, (None, None))[1]
    return over if over is not None and game in _CLOSED else None


def game_over(game: GameId) -> Callable[[Any], bool] | None:
    """Whether a game's state is played to its end (see `register_game_progress`), or None where its screen
    module says nothing of it."""
    discover_game_screens()
    return _PROGRESS.get(game, (None, None))[1]


# What a game's screens say in their own words, by kind: "breakdown", a finished game's breakdown (its history
# record's detail) with what the record keeps as ids (sheet keys, card codes) in words; "refusal", a
# correction's refusal of a later entry, an engine's wording made for game files ("say which in 'links'") in
# words of the app. Each is `words(value) -> value`; a game that registers none says the value as it is.
_WORDS: dict[str, dict[GameId, Callable[[Any], Any]]] = {"breakdown": {}, "refusal": {}}


def _register_words(kind: str, game: GameId, words: Callable[[Any], Any]) -> None:
    if game not in GAMES or not callable(words):
        raise InvalidInput(f"cannot register the {kind} words of {game!r}")
    _WORDS[kind][game] = words


def _in_words(kind: str, game: Any, value: Any) -> Any:
    discover_game_screens()
    words = _WORDS[kind].get(game) if isinstance(game, str) else None
    return words(value) if words is not None else value


def register_breakdown_words(game: GameId, words: Callable[[Any], Any]) -> None:
    """Say how a finished game's breakdown names what its record keeps as ids (see `breakdown_words`)."""
    _register_words("breakdown", game, words)


def breakdown_words(game: Any, detail: Any) -> Any:
    """A record's detail with its ids in words, by its game's module; as it is where the game says nothing."""
    return _in_words("breakdown", game, detail)


def register_refusal_words(game: GameId, words: Callable[[Any], Any]) -> None:
    """Say how a replay's refusal of a later entry is put in the app's words (see `refusal_words`)."""
    _register_words("refusal", game, words)


def refusal_words(game: Any, reason: Any) -> Any:
    """A replay's refusal in the app's words, by its game's screens; as it is where the game says nothing."""
    return _in_words("refusal", game, reason)


# General tables whose documents each belong to one game: by their id, "GAME_ID" or "GAME_ID:..." for several
# (the coach's hint setting and reviews), or by a field holding the game's id (an Expedition's Hall of Fame
# lines). A game deleted from History, or abandoned, takes them with it; `told` says so where the player
# should hear of it (n documents gone -> a sentence), None for what only the app keeps. A table kept `detach`
# holds what outlives the game (an envelope opened stays opened): its documents stay, their `field` emptied.
@dataclass(frozen=True)
class _Beside:
    table: str
    field: str | None
    told: Callable[[int], str] | None
    detach: bool = False


_BESIDE: list[_Beside] = []


def keep_beside_games(table: str, *, field: str | None = None, told: Callable[[int], str] | None = None,
                      detach: bool = False) -> None:
    """Declare a general table whose documents belong to games, by their ids or by `field` (see
    `forget_beside`); `detach` (with a `field`): they stay when the game goes, no longer tied to it."""
    if detach and field is None:
        raise ValueError("only documents tied to a game by a field can be detached from it")
    if all(kept.table != table for kept in _BESIDE):
        _BESIDE.append(_Beside(table, field, told, detach))


def _belongs(kept: _Beside, doc: dict[str, Any], game_id: str) -> bool:
    if kept.field is not None:
        return doc.get(kept.field) == game_id
    doc_id = doc.get("id")
    return isinstance(doc_id, str) and (doc_id == game_id or doc_id.startswith(game_id + ":"))


def forget_beside(store: Any, game_id: str) -> list[tuple[str, dict[str, Any]]]:
    """Delete the documents that belong to one game from the tables declared with `keep_beside_games` (those
    kept `detach` stay, no longer tied to it), and return them as they were, as (table, document), so that an
    Undo can put them back (`put_back_beside`)."""
    gone: list[tuple[str, dict[str, Any]]] = []
    if not isinstance(game_id, str) or not game_id:
        return gone
    discover_game_screens()             # the screens declare their tables when imported
    for kept in _BESIDE:
        table = store.table(kept.table)
        for doc in table.all():
            if _belongs(kept, doc, game_id):
                if kept.detach:
                    table.upsert({**doc, kept.field: None})
                else:
                    table.delete(doc["id"])
                gone.append((kept.table, doc))
    return gone


def told_beside(gone: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """What the player should hear of the documents `forget_beside` took: a sentence per table that says."""
    out = []
    for kept in _BESIDE:
        n = sum(1 for name, _doc in gone if name == kept.table)
        if n and kept.told is not None:
            out.append(kept.told(n))
    return out


def put_back_beside(store: Any, gone: list[tuple[str, dict[str, Any]]]) -> None:
    """Put back what `forget_beside` deleted, or tie again what it detached (a document written again since,
    or tied to another game since, is left as it is)."""
    detached = {kept.table: kept.field for kept in _BESIDE if kept.detach}
    for name, doc in gone:
        table = store.table(name)
        now = table.get(doc["id"])
        if now is None or (name in detached and now.get(detached[name]) is None):
            table.upsert(doc)
