"""Trek 12 Expedition data: the Ascents in summit order, the Assist deck's make-up and the six challenges.

The Ascent sheets (summit, Reputation stars) come from `data/trek12/sheets/`; the Assist deck and the
challenges from `data/expedition/`. How many copies of each Assist card the box holds is not printed in the
rulebook, so the deck is a setting with a documented default (docs/rulings.md, Trek 12 Expeditions).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, TypeAlias

from companion.errors import DataError, InvalidInput
from companion.games.trek12.data import SHEET_NAMES, Sheet, load_sheet
from companion.games.trek12.rules import Assist
from companion.i18n.message import msgn
from companion.inputs import quote

__all__ = [
    "EnvelopeNo",
    "SheetKey",
    "ChallengeKind",
    "Challenge",
    "Deck",
    "DECK_SETTING",
    "ENVELOPES",
    "data_folder",
    "expedition_sheets",
    "sheet_for",
    "load_challenges",
    "default_deck",
    "parse_deck",
]

EnvelopeNo: TypeAlias = int   # 1-6, leftmost first, in the rulebook's order of the challenges
SheetKey: TypeAlias = str     # "dunai", "kagkot", "dhaulagiri"

# The settings key the app keeps a home deck make-up under (Settings screen), as {"rope": 4, ...}.
DECK_SETTING = "expedition_deck"
ENVELOPES = 6  # rulebook, Components: "6 Challenge envelopes"
_DECK_KEYS = frozenset({"source", "size", "copies"})
_CHALLENGE_KEYS = frozenset({"envelope", "kind", "size", "value"})


class ChallengeKind(Enum):
    """What a challenge measures: a Mapped Zone or a Fixed Line (rulebook, The Challenge Envelopes)."""

    ZONE = "zone"
    LINE = "line"


@dataclass(frozen=True)
class Challenge:
    """One envelope's challenge: a zone or line of exactly `size` circles, of number `value` when set."""

    envelope: EnvelopeNo
    kind: ChallengeKind
    size: int
    value: int | None

    @property
    def text(self) -> str:
        """The challenge in words, for lists and messages (a Message: a screen says it with `tr`)."""
        if self.kind is ChallengeKind.LINE:
            return msgn("a Fixed Line of exactly {n} circle", "a Fixed Line of exactly {n} circles", self.size)
        if self.value is None:
            return msgn("a Mapped Zone of exactly {n} circle", "a Mapped Zone of exactly {n} circles", self.size)
        # i18n: {value} is the number written in every circle of the zone ("circles of 7s")
        return msgn("a Mapped Zone of exactly {n} circle of {value}s",
                    "a Mapped Zone of exactly {n} circles of {value}s", self.size, value=self.value)


@dataclass(frozen=True)
class Deck:
    """The Assist deck's make-up: copies of each kind (the rulebook prints only the total, 16)."""

    copies: tuple[tuple[Assist, int], ...]

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return sum(n for _, n in self.copies)

    def cards(self) -> tuple[Assist, ...]:
        """Every card of the deck, kind by kind (the order before shuffling)."""
        return tuple(card for card, n in self.copies for _ in range(n))

    def to_dict(self) -> dict[str, int]:
        """The make-up as the setting and the setup write it: {"compass": 4, ...}."""
        return {card.value: n for card, n in self.copies}


def data_folder() -> Path:
    """The folder holding the Expedition data files (`data/expedition` in a checkout)."""
    from companion.paths import data_root

    return data_root() / "expedition"


@cache
def expedition_sheets() -> tuple[Sheet, ...]:
    """The Ascents of an Expedition, lowest Summit score first (rulebook: 'from the easiest to the hardest')."""
    sheets = []
    for name in SHEET_NAMES:
        sheet = load_sheet(name)
        if sheet.summit is None or sheet.stars is None:
            raise DataError(f"sheet {quote(name)}: an Expedition needs its 'summit' and 'stars'")
        sheets.append(sheet)
    sheets.sort(key=lambda s: s.summit)
    for low, high in zip(sheets, sheets[1:]):
        if low.summit == high.summit:
            raise DataError(f"sheets {quote(low.key)} and {quote(high.key)} have the same summit {low.summit}, so the "
                            "order of the Ascents is not defined")
    return tuple(sheets)


def sheet_for(key: Any) -> Sheet:
    """The Ascent sheet named `key`; InvalidInput lists the Expedition's sheets otherwise."""
    for sheet in expedition_sheets():
        if isinstance(key, str) and key.strip().lower() == sheet.key:
            return sheet
    known = ", ".join(s.key for s in expedition_sheets())
    raise InvalidInput(f"unknown Ascent sheet {quote(key)}; an Expedition climbs {known}")


@cache
def load_challenges() -> tuple[Challenge, ...]:
    """The six challenges, envelope 1 (leftmost) first (rulebook, The Challenge Envelopes)."""
    path = data_folder() / "challenges.json"
    doc = _read(path)
    items = doc.get("challenges")
    if not isinstance(items, list) or len(items) != ENVELOPES:
        raise DataError(f"{path}: field 'challenges' must list the {ENVELOPES} challenges")
    out = []
    for n, item in enumerate(items, 1):
        where = f"{path}: challenges[{n - 1}]"
        if not isinstance(item, dict) or set(item) != _CHALLENGE_KEYS:
            raise DataError(f"{where} must have exactly the fields {', '.join(sorted(_CHALLENGE_KEYS))}")
        if item["envelope"] != n:
            raise DataError(f"{where}: field 'envelope' must be {n} (envelopes are listed left to right)")
        try:
            kind = ChallengeKind(item["kind"])
        except ValueError:
            raise DataError(f"{where}: field 'kind' must be 'zone' or 'line', not {quote(item['kind'])}") from None
        size, value = item["size"], item["value"]
        if type(size) is not int or size < 1:
            raise DataError(f"{where}: field 'size' must be a whole number of circles, not {quote(size)}")
        if value is not None and (type(value) is not int or kind is ChallengeKind.LINE):
            raise DataError(f"{where}: field 'value' must be a number for a zone, or null")
        out.append(Challenge(n, kind, size, value))
    return tuple(out)


@cache
def default_deck() -> Deck:
    """The deck make-up used when Settings has none: data/expedition/deck.json."""
    path = data_folder() / "deck.json"
    doc = _read(path)
    unknown = sorted(set(doc) - _DECK_KEYS)
    if unknown:
        raise DataError(f"{path}: unknown field {quote(unknown[0])}; known: {', '.join(sorted(_DECK_KEYS))}")
    size = doc.get("size")
    try:
        deck = parse_deck(doc.get("copies"), "'copies'", size=size)
    except InvalidInput as exc:
        raise DataError(f"{path}: {exc}") from None
    return deck


def parse_deck(raw: Any, where: str = "'deck'", *, size: int | None = None) -> Deck:
    """A deck make-up {"compass": n, "rope": n, "tent": n, "schnapps": n} totalling 16 (rulebook, Components)."""
    total_needed = size if size is not None else default_deck().size
    if type(total_needed) is not int or total_needed < 1:
        raise InvalidInput(f"the deck size must be a whole number, not {quote(total_needed)}")
    if not isinstance(raw, dict):
        raise InvalidInput(f"{where} must give the copies of each Assist card, like "
                           f"{{\"compass\": 4, \"rope\": 4, \"tent\": 4, \"schnapps\": 4}}, not {quote(raw)}")
    copies = []
    for card in Assist:
        n = raw.get(card.value, 0)
        if type(n) is not int or n < 0:
            raise InvalidInput(f"{where}: the copies of {card.value} must be a whole number 0 or more, not {quote(n)}")
        copies.append((card, n))
    for key in raw:
        if not isinstance(key, str) or key not in {c.value for c in Assist}:
            raise InvalidInput(f"{where}: unknown Assist card {quote(key)}; use {', '.join(c.value for c in Assist)}")
    deck = Deck(tuple(copies))
    if deck.size != total_needed:
        raise InvalidInput(f"{where} holds {deck.size} cards; the box has {total_needed} Assist cards")
    return deck


def _read(path: Path) -> dict[str, Any]:
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(f"{path}: the data file is missing") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"{path}: cannot read the data file ({exc})") from None
    if not isinstance(doc, dict):
        raise DataError(f"{path}: must be a JSON object")
    if not isinstance(doc.get("source"), str) or not doc["source"].strip():
        raise DataError(f"{path}: field 'source' must say where the facts come from")
    return doc
