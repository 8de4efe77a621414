"""The registry of games: one entry per game, each a pure rules package of the same shape.

Every game package `companion.games.<package>` has `data.py`, `rules.py`, `scoring.py`, `solo.py` (where
the game has an automated opponent) and `files.py`, the command-line file formats:

- `score_file(doc) -> dict`: score a parsed JSON document (`companion score <cli_name> FILE`); raises
  `InvalidInput` for a malformed document and `IllegalAction` for a move the rules refuse.
- `format_score(result) -> str`: the same result as plain text for people.
- `check_file(doc) -> dict` (optional): `companion check <cli_name> FILE`.
- `MAX_FILE_BYTES`: the largest file the command line reads for the game (docs/formats.md, Limits).

Game packages import neither flet nor tinydb, read no clock and call no module-level random.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from companion.errors import InvalidInput
from companion.i18n.message import msg

__all__ = ["GameEntry", "GAMES", "find_game", "find_by_cli_name", "load_files"]


@dataclass(frozen=True)
class GameEntry:
    """One game (or game mode) the companion knows, and where its rules live. The title and blurb are the
    English words (a screen says them with `companion.i18n.tr`: editions print their own titles)."""

    id: str
    cli_name: str
    title: str
    blurb: str
    package: str

    def files_module(self) -> ModuleType | None:
        """The game's `files` module, or None while the game's rules have not landed."""
        try:
            return importlib.import_module(f"{self.package}.files")
        except ModuleNotFoundError as exc:
            if exc.name and (exc.name == self.package or exc.name.startswith(self.package + ".")):
                return None
            raise

    @property
    def available(self) -> bool:
        """True when the game's rules package is installed."""
        return self.files_module() is not None


GAMES: dict[str, GameEntry] = {
    entry.id: entry
    for entry in (
        GameEntry("trek12", "trek12", msg("Trek 12: Himalaya"),
                  msg("Ascent sheets, Fixed Lines and Mapped Zones, live score, solo against Max."),
                  "companion.games.trek12"),
        GameEntry("expedition", "expedition", msg("Trek 12 Expeditions"),
                  msg("Three Ascents, Reputation stars, Assist cards, Challenges and the Hall of Fame."),
                  "companion.games.expedition"),
        GameEntry("fourteeners", msg("14ers"), "14ers",
                  msg("Tableaus, Guides, Weather, Accolades and the solo opponent Gerry."),
                  "companion.games.fourteeners"),
        GameEntry("ridgeline", "ridgeline", msg("Ridgeline"),
                  msg("Camps and fatigue hand by hand, a meld checker and the winner."),
                  "companion.games.ridgeline"),
        GameEntry("freunde", "freunde", msg("Freunde"),
                  msg("Both climbers of every player: acclimatization, tents, weather and risk."),
                  "companion.games.freunde"),
    )
}


def find_game(game_id: str) -> GameEntry:
    """The registry entry for a game id; InvalidInput names the known ids otherwise."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise InvalidInput(f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None


def find_by_cli_name(name: str) -> GameEntry:
    """The registry entry for a command-line game name such as '14ers'."""
    for entry in GAMES.values():
        if entry.cli_name == name.lower():
            return entry
    known = ", ".join(e.cli_name for e in GAMES.values())
    raise InvalidInput(f"unknown game {name!r}; known: {known}")


def load_files(name: str) -> ModuleType:
    """The `files` module for a command-line game name, refusing games whose rules have not landed."""
    entry = find_by_cli_name(name)
    module = entry.files_module()
    if module is None:
        raise InvalidInput(f"{entry.title} is not available yet in this version")
    return module
