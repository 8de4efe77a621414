"""The project's small error tree: every message names the value and the rule it breaks."""

from __future__ import annotations

__all__ = ["CompanionError", "InvalidInput", "IllegalAction", "DataError", "StoreError"]


class CompanionError(Exception):
    """Base of every error the companion raises on purpose."""


class InvalidInput(CompanionError, ValueError):
    """Malformed input: a value that cannot mean anything (bad JSON shape, unknown id, out-of-range die)."""


class IllegalAction(CompanionError, ValueError):
    """A well-formed action the rules do not allow now; the message names the rule."""


class DataError(CompanionError, ValueError):
    """A game data file (shipped or imported) that fails validation; the message names the file and field."""


class StoreError(CompanionError):
    """The saved data cannot be read or written as asked; the message says what to do."""
