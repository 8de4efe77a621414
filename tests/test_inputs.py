"""The reading layer every command and screen uses (companion/inputs.py): what it reads, what it refuses."""

from __future__ import annotations

import io
import json
import os
import sys
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import InvalidInput
from companion.inputs import (
    MAX_DIGITS,
    NoSuchFile,
    loads,
    parse_bytes,
    quote,
    read_bytes,
    read_json,
    read_stream,
    size_text,
    text_problem,
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**18), 10**18) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_valid_json_reads_exactly_as_the_json_module_reads_it(value):
    text = json.dumps(value)
    assert loads(text) == json.loads(text)
    assert parse_bytes(text.encode("utf-8")) == json.loads(text)


@settings(max_examples=200, deadline=None)
@given(st.one_of(json_values, st.text(), st.integers(), st.lists(st.text()), st.binary()))
def test_quote_is_repr_when_short_and_a_cut_prefix_when_long(value):
    text = quote(value)
    full = repr(value)
    if len(full) <= 60:
        assert text == full
    else:
        assert len(text) == 61 and text.endswith("…")
        # A string cut short may take the other quote mark than whole (its ' or " is cut off), alone or in a list.
        assert text[:-1].replace('"', "'") == full[:60].replace('"', "'")


def test_quote_never_turns_a_whole_huge_value_into_text():
    assert quote("A" * 20_000_000) == "'" + "A" * 59 + "…"
    assert quote(10**5000) == "1" + "0" * 59 + "…"
    assert quote(-(10**5000)) == "-1" + "0" * 58 + "…"
    assert quote(["G1"] * 1_000_000).startswith("['G1', 'G1'") and len(quote(["G1"] * 1_000_000)) == 61
    assert quote({"k" * 1000: 1}).startswith("{'kkk")
    nested: list = []
    for _ in range(5000):
        nested = [nested]
    assert quote(nested).startswith("[[[[")
    assert quote("\ud800") == "'\\ud800'" and quote("a\nb") == "'a\\nb'"
    assert quote(12, 1) == "12"[:1] + "…"


@pytest.mark.parametrize("text, words", [
    ('{"Ann": 70, "Ann": 80}', "the key 'Ann' appears twice in one object"),
    ('{"a": [{"x": 1, "y": 2, "x": 3}]}', "the key 'x' appears twice"),
    ("[" + "1" * 5000 + "]", "a whole number of 5,000 digits"),
    ("-" + "9" * (MAX_DIGITS + 1), f"a whole number of {MAX_DIGITS + 1} digits"),
    ("1e999", "the number 1e999 is too large to use"),
    ("[-1E400]", "is too large"),
    ('{"a": NaN}', "NaN is not a number JSON allows"),
    ("Infinity", "Infinity is not a number JSON allows"),
    ('["\\ud800"]', "holds a broken character"),
    ('{"\\udfff": 1}', "holds a broken character"),
    ('{"a": {"b": ["x\\udc80y"]}}', "holds a broken character"),
])
def test_what_json_allows_but_no_companion_file_means_is_refused(text, words):
    with pytest.raises(InvalidInput, match=words):
        loads(text)


def test_a_surrogate_pair_is_one_character_and_fine():
    assert loads('"\\ud83d\\ude00"') == "😀"
    assert loads('"\\\\ud800"') == "\\ud800"       # an escaped backslash, not a surrogate
    assert loads("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)


def test_syntax_errors_and_deep_nesting_stay_the_json_modules_own():
    with pytest.raises(json.JSONDecodeError):
        loads("{not json")
    with pytest.raises(RecursionError):
        loads("[" * 100_000 + "]" * 100_000)


def test_read_bytes_reads_a_regular_file_up_to_its_limit(tmp_path):
    path = tmp_path / "a.json"
    path.write_bytes(b"x" * 100)
    assert read_bytes(path, 100, "a file") == b"x" * 100
    with pytest.raises(InvalidInput, match=r"a.json is 100 bytes; a game file is at most 99 bytes"):
        read_bytes(path, 99, "a game file")


def test_read_bytes_refuses_what_is_not_a_regular_file(tmp_path):
    with pytest.raises(NoSuchFile, match="no such file"):
        read_bytes(tmp_path / "missing.json", 10, "a file")
    with pytest.raises(NoSuchFile):
        read_bytes("bad\x00name", 10, "a file")
    with pytest.raises(InvalidInput, match="is a folder, not a file"):
        read_bytes(tmp_path, 10, "a file")
    with pytest.raises(InvalidInput, match="is a device, not a file; a backup is read only from a regular file"):
        read_bytes("/dev/zero", 10, "a backup")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    outcome: list = []
    reader = threading.Thread(target=lambda: outcome.append(_refusal(fifo)), daemon=True)
    reader.start()
    reader.join(timeout=10)
    assert outcome and "is a FIFO (named pipe), not a file" in outcome[0]


def _refusal(path) -> str:
    try:
        read_bytes(path, 10, "a file")
    except InvalidInput as exc:
        return str(exc)
    return "read"


def test_read_stream_and_read_json_refuse_more_than_the_limit(tmp_path):
    assert read_stream(io.BytesIO(b"12345"), 5, "x") == b"12345"
    with pytest.raises(InvalidInput, match="standard input holds more than 4 bytes; a game file is at most 4 bytes"):
        read_stream(io.BytesIO(b"12345"), 4, "a game file")
    assert read_json("-", 100, "x", stdin=io.BytesIO(b'{"a": 1}')) == {"a": 1}
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff\xfe{}")
    with pytest.raises(InvalidInput, match="bad.json is not a UTF-8 text file"):
        read_json(path, 100, "x")
    path.write_bytes(b"{nope")
    with pytest.raises(InvalidInput, match="not valid JSON: Expecting property name enclosed in double quotes"):
        read_json(path, 100, "x")
    path.write_bytes(b"[" * 50_000 + b"]" * 50_000)
    with pytest.raises(InvalidInput, match="the file is nested too deeply to be a Ridgeline file"):
        read_json(path, 1_000_000, "a Ridgeline file")


def test_a_long_or_odd_path_is_quoted_short_in_messages(tmp_path):
    with pytest.raises(NoSuchFile) as caught:
        read_bytes(str(tmp_path / ("x" * 200)), 10, "a file")
    assert len(str(caught.value)) < 150 and str(caught.value).endswith("…")
    with pytest.raises(NoSuchFile, match=r"no such file: 'a\\nb'"):
        read_bytes("a\nb", 10, "a file")


@pytest.mark.parametrize("text, problem", [
    ("Ann", None),
    ("", "it is empty"),
    ("A" * 41, "it is 41 characters long; at most 40 are allowed"),
    ("A\x00", "it holds a line break or control character"),
    ("A\nB", "it holds a line break or control character"),
    ("A\u2028B", "it holds a line break or control character"),
    ("A\ud800", "it holds a broken character (an unpaired surrogate)"),
    ("Zoë 😀", None),
])
def test_text_problem_names_what_a_name_cannot_hold(text, problem):
    assert text_problem(text, max_len=40) == problem


def test_sizes_read_as_words():
    assert [size_text(n) for n in (512, 64 * 1024, 1024 * 1024, 3 * 1024 * 1024 // 2)] == [
        "512 bytes", "64 KB", "1 MB", "1.5 MB"]


def test_the_int_limit_of_the_interpreter_is_never_reached():
    assert MAX_DIGITS < sys.get_int_max_str_digits() or sys.get_int_max_str_digits() == 0


def test_a_list_cut_inside_a_string_may_change_its_quote_mark():
    # The case found by the property above: the cut "00000'" shows as '000, the whole one as "000...
    value = ["\U000105bd\U00018cd6", "\U000105bd\U00018cd6", "000", "00000'"]
    assert quote(value) == "['\\U000105bd\\U00018cd6', '\\U000105bd\\U00018cd6', '000', '000…"
