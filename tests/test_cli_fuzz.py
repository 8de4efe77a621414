"""Every command that reads a file, fed hostile files: the contract holds whatever the file holds.

Each of `companion score` / `check` (every game) and `companion import` gets a valid file, or one of the
shapes that once broke it (a number of 5,000 digits, a key given twice, a lone surrogate in a key or a name, a
Freunde weather tile given as a list, a Trek 12 circle id of thousands of digits, three huge Expedition
scores, a time beyond the calendar in a backup, seven Ropes or 100,000 groups staged, 20,000 Ridgeline hands,
a NUL or a 100 kB name, a negative Capstone, a Ridgeline seat left blank), bent further by hypothesis: values
swapped for huge numbers, long or broken text, lists, deep nesting; keys given twice or renamed; lists grown
to thousands of entries; raw bytes. Every run must end with exit status 0, or 2 with exactly one line of at
most 300 characters on stderr and nothing on stdout, within a time bound, and an import must write nowhere
but its data folder. Each shape also has a plain test of its own in tests/test_cli_inputs.py.

The commands run in this process (`companion.cli.main`), a few examples each so that the file takes well
under a minute. `pytest -m slow tests/test_cli_fuzz.py` runs many more (COMPANION_FUZZ_EXAMPLES per
command, 500 by default); without `-m slow` that test is skipped.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.store import open_store
from test_expedition_files import GOOD as EXPEDITION
from test_fourteeners_files import EXAMPLE_CATALOG, example as fourteeners_example
from test_fourteeners_fixtures import synthetic_catalog_doc

REPO = Path(__file__).resolve().parents[1]
MAX_LINE = 300
GROWN_MOST = 5 * 1024 * 1024   # characters a grown list may take in the file
TIME_BOUND = 10.0     # seconds for one command; a real file takes milliseconds, the largest allowed under one
FAST = settings(max_examples=60, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])
SLOW = settings(FAST, max_examples=int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "500")))


# --- JSON text that json.dumps cannot write: raw tokens and repeated keys ------------------------------------


@dataclass(frozen=True)
class Raw:
    """A token written as is: a number of 5,000 digits, NaN, a broken escape, deep nesting."""

    text: str


@dataclass(frozen=True)
class Pairs:
    """An object written pair by pair, so a key may come twice."""

    items: tuple[tuple[Any, Any], ...]


def dump(value: Any) -> str:
    """JSON text for a document that may hold Raw tokens and Pairs objects."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, Pairs):
        return "{" + ", ".join(f"{dump(str(k))}: {dump(v)}" for k, v in value.items) + "}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{dump(str(k))}: {dump(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value)   # escapes lone surrogates as \\udxxx
    return json.dumps(value)


def _unshared(value: Any) -> Any:
    """A copy in which no list or object appears twice: `[hand] * 20_000` and the samples are shared, and a
    change made through one reference must not reach thousands of places (and gigabytes of file)."""
    if isinstance(value, dict):
        return {key: _unshared(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_unshared(item) for item in value]
    return value     # text, numbers, Raw and Pairs are never changed in place


# --- the seeds: a valid file for each command, and the shapes the issue named --------------------------------

RIDGELINE = {"seats": ["A", "B", "C"], "route": "ridge",
             "hands": [{"went_out": "A", "pitched": ["A", "C"], "left": {"B": ["G7", "W", "R"], "C": ["P3"]}}]}
RIDGELINE_MELD = {"route": "ridge", "camp": 3, "groups": [["G7", "P7", "R:E6"], ["G7", "P7", "E7"]], "kept": ["D2"]}
RIDGELINE_FIND = {"route": "sprint", "camp": 7,
                  "hand": ["G2", "P2", "E2", "G5", "P5", "D5", "E9", "S9", "R", "D1", "W"]}
TREK12_GAME = {"sheet": "dunai", "ruleset": {"merge_lines": False}, "solo": "max", "assists": ["rope"],
               "max_assists": 0,
               "turns": [{"dice": [3, 2], "op": "sum", "circle": 8},
                         {"dice": [4, 0], "op": "higher", "circle": 9, "links": [8]},
                         {"dice": [2, 1], "op": "sum", "circle": 11}]}
TREK12_FILLED = {"sheet": "dunai", "circles": {"8": 5, "9": 4, "10": 6, "7": "skull"}, "lines": [[9, 8, 10]],
                 "ropes": []}
TREK12_SHEET = json.loads((REPO / "data" / "trek12" / "sheets" / "dunai.json").read_text(encoding="utf-8"))
FREUNDE = json.loads((REPO / "tests" / "golden" / "freunde" / "solo_summer_death.game.json").read_text("utf-8"))
FREUNDE_SMALL = {"setup": {"players": ["Ann", "Bob"], "board": "summer"},
                 "weather": ["sun", {"tile": "summer-1", "day": 2}],
                 "turns": [{"turn": 1, "risk": {"value": 1},
                            "players": {"Ann": {"cards": ["M2", "M1", "A0"],
                                                "climbers": [{"climber": "A", "cards": ["M2", "M1"], "to": "S2"}],
                                                "pay_risk": [{"climber": "A", "amount": 1}]},
                                        "Bob": {"cards": ["M1", "A1", "A1"],
                                                "climbers": [{"climber": "B", "cards": ["M1"], "to": "S1"}]}}}]}
FOURTEENERS_CHECK = {"catalog": EXAMPLE_CATALOG, "hiker": "A",
                     "tucked": [{"card": "Trainer", "side": "training"}], "climbs": ["Cap Four", "Cap Six"]}


def _backup() -> dict[str, Any]:
    store = open_store(memory=True)
    try:
        player = store.players.add("Ann", "#d62828")
        store.settings.set("theme", "dark")
        doc = store.export_all()
    finally:
        store.close()
    doc["history"] = [{"id": "0" * 31 + "1", "game": "ridgeline", "finished": "2026-03-01T18:30:00Z",
                       "title": "Ridge", "players": [{"id": player.id, "name": "Ann", "score": 12, "winner": True}],
                       "detail": {"x": 1}, "session": None}]
    return doc


BACKUP = _backup()

SEEDS: dict[tuple[str, str], list[Any]] = {
    ("score", "trek12"): [TREK12_GAME, TREK12_FILLED],
    ("check", "trek12"): [TREK12_SHEET, TREK12_GAME, TREK12_FILLED],
    ("score", "expedition"): [EXPEDITION],
    ("score", "14ers"): [fourteeners_example()],
    ("check", "14ers"): [FOURTEENERS_CHECK, synthetic_catalog_doc()],
    ("score", "ridgeline"): [RIDGELINE],
    ("check", "ridgeline"): [RIDGELINE_MELD, RIDGELINE_FIND],
    ("score", "freunde"): [FREUNDE_SMALL, FREUNDE],
    ("import", ""): [BACKUP],
}
COMMANDS = list(SEEDS)


def _with(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A copy of `doc` with the value at `path` replaced."""
    doc = _unshared(doc)
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


_NEGATIVE_CAPSTONE = _with(fourteeners_example(), ("catalog", "cards", 2, "sides", "capstone"), {"points": -4})
# The shapes the issue named, per command; each is a seed that the fuzzing bends further.
SHAPES: dict[tuple[str, str], list[Any]] = {
    ("score", "trek12"): [_with(TREK12_FILLED, ("circles",), {"9" * 5000: 1}),
                          _with(TREK12_GAME, ("turns", 0, "circle"), "9" * 5000),
                          _with(TREK12_FILLED, ("circles", "8"), Raw("1" * 5000))],
    ("check", "trek12"): [_with(TREK12_SHEET, ("name",), "\ud800"),
                          _with(TREK12_SHEET, ("bonus",), {"3": 1, "99999999999": 2})],
    ("score", "expedition"): [
        {"players": ["Ann"], "ascents": [{"sheet": sheet, "scores": {"Ann": Raw("9" * 4300)}}
                                         for sheet in ("dunai", "kagkot", "dhaulagiri")]},
        {"players": ["Ann"], "ascents": [{"sheet": sheet, "scores": {"Ann": 10**29}}
                                         for sheet in ("dunai", "kagkot", "dhaulagiri")]},
        {"players": ["Ann", "Bob"], "ascents": [{"sheet": "dunai", "scores": Pairs((("Ann", 70), ("Ann", 80),
                                                                                    ("Bob", 60)))}]},
        _with(EXPEDITION, ("players", 0), "A" * 100_000),
        _with(EXPEDITION, ("players", 0), "Ann\x00")],
    ("score", "14ers"): [_NEGATIVE_CAPSTONE,
                         _with(fourteeners_example(), ("catalog",), "/dev/zero"),
                         _with(fourteeners_example(), ("players", 0, "tucked"),
                               fourteeners_example()["players"][0]["tucked"] * 2000),
                         _with(fourteeners_example(), ("players", 0, "name"), "\udfff")],
    ("check", "14ers"): [_with(FOURTEENERS_CHECK, ("climbs",), ["Cap Four"] * 5000)],
    ("score", "ridgeline"): [
        {"seats": ["A", "B"], "hands": [{"went_out": "A", "pitched": [], "left": {"B": ["W"]}}] * 20_000},
        {"seats": ["\ud800", "B"], "hands": []},
        Pairs((("seats", ["A", "B"]), ("hands", []), ("seats", ["C", "D"]))),
        _with(RIDGELINE, ("hands", 0, "left", "C"), []),
        _with(RIDGELINE, ("hands", 0, "left", "C"), ["G1", "G2", "G3", "G4"])],
    ("check", "ridgeline"): [
        {"camp": 7, "groups": [["R:G1"] * 3, ["R:G2"] * 3, ["R:G3", "G3"]], "kept": ["D4"]},
        {"camp": 7, "groups": [["G1"]] * 100_000, "kept": ["D4"]},
        {"camp": 7, "groups": [["G1"] * 100_000], "kept": ["D4"]}],
    ("score", "freunde"): [_with(FREUNDE_SMALL, ("weather", 1, "tile"), ["summer-1"]),
                           _with(FREUNDE_SMALL, ("setup", "players", 0), "An\nn")],
    ("import", ""): [_with(BACKUP, ("players", 0, "created"), "0001-01-01T00:00:00+01:00"),
                     _with(BACKUP, ("settings",), Pairs((("theme", "dark"), ("theme", "light")))),
                     _with(BACKUP, ("settings",), {"\ud800": 1})],
}


# --- hostile values and the ways a file is bent ---------------------------------------------------------------

HUGE = [Raw("1" * 5000), Raw("-" + "9" * 4400), Raw("9" * 31), Raw("1e999"), Raw("-1e400"), Raw("NaN"),
        Raw("Infinity"), Raw("[" * 3000 + "]" * 3000), Raw('"\\ud800"'), Raw('"a\\udfffb"'),
        Raw('{"\\udc80": 1}'), Raw('"\\ud83d\\ude00"'), 2**63, -(2**63), 10**29, -1, -10**6]
TEXTS = ["9" * 5000, "-" + "9" * 40, " 12 ", "\x00", "A" * 100_000, "B" * 300, "x\ny", "\u2028", "", " ", "Ann",
         "💥" * 50, "\ud800",
         "../../etc/passwd", "/dev/zero", "/dev/stdin", "-", "ridge", "summer", "G7", "R:G7", "W"]
LISTS = [["G1"] * 5000, list(range(5000)), [[]] * 5000, [{}] * 3000, [None], [[["x"]]], ["G7", "W", "R"] * 4]
OBJECTS = [{}, {"": 1}, {"a": {"b": {"c": {}}}}, {str(i): i for i in range(3000)}]

hostile = st.one_of(
    st.sampled_from(HUGE),
    st.sampled_from(TEXTS),
    st.sampled_from(LISTS),
    st.sampled_from(OBJECTS),
    st.integers(min_value=-(10**25), max_value=10**25),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.none(),
    st.text(max_size=12),
    st.recursive(st.none() | st.booleans() | st.integers(-100, 100) | st.text(max_size=5),
                 lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                 max_leaves=10),
)


def _places(doc: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) in a document, parents before children."""
    found, stack = [], [doc]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key in node:
                found.append((node, key))
                stack.append(node[key])
        elif isinstance(node, list):
            for index in range(len(node)):
                found.append((node, index))
                stack.append(node[index])
    return found


@st.composite
def bent(draw, command: tuple[str, str]) -> bytes:
    """A seed file for the command with one to three changes, as the bytes of a file."""
    doc = _unshared(draw(st.sampled_from(SEEDS[command] + SHAPES[command])))
    if draw(st.integers(0, 30)) == 0:
        return draw(st.sampled_from([b"", b"\xef\xbb\xbf{}", b"\xff\xfe{", b"{not json", b"[]", b"null", b"1",
                                     b'"x"', b"\x00" * 100, "{\"\\ud800\": 1}".encode()]))
    for _ in range(draw(st.integers(0, 3))):
        places = _places(doc)
        if not places:
            doc = _unshared(draw(hostile))
            continue
        node, key = draw(st.sampled_from(places))
        how = draw(st.sampled_from(["replace", "replace", "replace", "twice", "rename", "grow", "drop"]))
        if how == "replace":
            node[key] = _unshared(draw(hostile))
        elif how == "twice" and isinstance(node, dict):
            again = _unshared(node[key] if draw(st.booleans()) else draw(hostile))
            items = tuple(node.items()) + ((key, again),)
            node.clear()
            node["__pairs__"] = Pairs(items)
        elif how == "rename" and isinstance(node, dict):
            new_key = draw(st.sampled_from(["\ud800", "A" * 10_000, "_note", "", "\x00", "players", "Ann"]))
            node[new_key] = node.pop(key)
        elif how == "grow" and isinstance(node[key], list) and node[key]:
            times = draw(st.sampled_from([2, 50, 3000]))
            # Grown lists stay within a few MB: past the largest limit (4 MB) but never compounding to GBs.
            if len(_text(node[key])) * times <= GROWN_MOST:
                node[key] = _unshared(node[key] * times)
        elif how == "drop":
            del node[key]
    return _text(doc).encode("utf-8", "surrogatepass")


def _text(doc: Any) -> str:
    if isinstance(doc, dict) and set(doc) == {"__pairs__"}:
        return dump(doc["__pairs__"])
    if isinstance(doc, dict):
        return "{" + ", ".join(f"{dump(str(k))}: {_text(v)}" for k, v in doc.items()) + "}"
    if isinstance(doc, list):
        return "[" + ", ".join(_text(v) for v in doc) + "]"
    return dump(doc)


# --- running one command and checking the contract -----------------------------------------------------------


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else b"<dir>"
            for p in sorted(folder.rglob("*"))}


def run_command(capsys, command: tuple[str, str], data: bytes, *flags: str) -> tuple[int, str, str]:
    """Run the command on `data` as a file, in a fresh folder; the contract is checked here."""
    verb, game = command
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        (root / "beside").mkdir()
        (root / "beside" / "keep.txt").write_text("untouched", encoding="utf-8")
        (root / "work").mkdir()
        path = root / "work" / "input.json"
        path.write_bytes(data)
        before = _snapshot(root / "beside"), _snapshot(root / "work")
        argv = [verb, str(path), "--data-dir", str(root / "data")] if verb == "import" else [verb, game, str(path)]
        cwd = os.getcwd()
        os.chdir(root / "work")
        started = time.perf_counter()
        try:
            status = main(argv + list(flags))
        finally:
            os.chdir(cwd)
        took = time.perf_counter() - started
        out, err = capsys.readouterr()
        assert (_snapshot(root / "beside"), _snapshot(root / "work")) == before, "wrote outside the data folder"
        assert {p.name for p in root.iterdir()} <= {"beside", "work", "data"}
    assert took < TIME_BOUND, f"{argv[:2]} took {took:.1f} s"
    assert_contract(status, out, err)
    return status, out, err


def assert_contract(status: int, out: str, err: str) -> None:
    """Exit 0 with the result on stdout, or exit 2 with one short line on stderr and nothing on stdout."""
    if status == 0:
        assert out.endswith("\n")
        out.encode("utf-8")
        return
    assert status == 2, f"exit status {status}"
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, f"not one line: {err[:400]!r}"
    assert err.startswith("companion: error: ")
    assert len(err) - 1 <= MAX_LINE, f"{len(err) - 1} characters: {err[:200]!r}"
    err.encode("utf-8")


def _fuzz(capsys, command: tuple[str, str], data: st.DataObject) -> None:
    raw = data.draw(bent(command), label="file")
    flags = data.draw(st.sampled_from([(), ("--json",)])) if command[0] != "import" else ()
    run_command(capsys, command, raw, *flags)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: "-".join(filter(None, c)))
@FAST
@given(data=st.data())
def test_every_command_keeps_the_contract_on_bent_files(capsys, command, data):
    _fuzz(capsys, command, data)


@pytest.mark.slow
def test_every_command_keeps_the_contract_on_many_bent_files(request, capsys):
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("many examples per command: pytest -m slow tests/test_cli_fuzz.py")
    for command in COMMANDS:
        _many(capsys, command)


def _many(capsys, command: tuple[str, str]) -> None:
    @SLOW
    @given(data=st.data())
    def bent_files(data: st.DataObject) -> None:
        _fuzz(capsys, command, data)

    bent_files()


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: "-".join(filter(None, c)))
def test_the_seeds_are_valid_and_the_shapes_refused(capsys, command):
    for seed in SEEDS[command]:
        status, out, err = run_command(capsys, command, _text(seed).encode("utf-8"))
        assert status == 0, err
    for shape in SHAPES[command]:
        status, out, err = run_command(capsys, command, _text(shape).encode("utf-8", "surrogatepass"))
        assert status == 2, shape
