"""The command line's contract: results on stdout, one-line errors on stderr with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.cli import main
from companion.store import open_store

COMMANDS = ("score", "check", "coach", "export", "import", "build", "bench")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def assert_one_line_error(status: int, err: str, *words: str) -> None:
    assert status == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("companion: error: ")
    for word in words:
        assert word in lines[0]


def test_scoring_a_file_prints_json_with_the_engines_result(capsys, tmp_path):
    game = tmp_path / "game.json"
    game.write_text(json.dumps({"seats": ["A", "B"], "route": "sprint", "hands": [
        {"went_out": "A", "pitched": ["A"], "left": {"B": ["G7", "W"]}}]}))
    status, out, err = run(capsys, "score", "ridgeline", str(game), "--json")
    assert status == 0 and err == ""
    result = json.loads(out)
    assert result["hands"][0]["seats"]["B"] == {"camps_cleared": 0, "fatigue": 7 + 10 + 5 * 25}


@pytest.mark.parametrize("content, words", [
    ("{not json", ["not valid JSON", "line 1"]),
    ("[]", []),
    ('{"seats": ["A"], "route": "ridge", "hands": []}', []),
])
def test_a_bad_file_is_one_line_on_stderr_and_exit_2(capsys, tmp_path, content, words):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    status, out, err = run(capsys, "score", "ridgeline", str(bad), "--json")
    assert out == ""
    assert_one_line_error(status, err, *words)


def test_missing_file_unknown_game_and_unknown_benchmark_are_refused(capsys, tmp_path):
    assert_one_line_error(*run(capsys, "score", "trek12", str(tmp_path / "nope.json"))[::2], "no such file")
    assert_one_line_error(*run(capsys, "score", "chess", str(tmp_path / "x.json"))[::2], "unknown game 'chess'")
    assert_one_line_error(*run(capsys, "bench", "nope")[::2], "unknown benchmark 'nope'", "trek12")
    assert_one_line_error(*run(capsys, "score", "trek12")[::2], "file")


def test_the_app_refuses_a_port_out_of_range_before_starting(capsys):
    assert_one_line_error(*run(capsys, "--port", "70000")[::2], "--port")


def test_import_takes_a_backup_saved_with_a_byte_order_mark_as_settings_does(capsys, tmp_path):
    source = open_store(tmp_path / "a")
    source.players.add("Pasang")
    backup = tmp_path / "backup.json"
    backup.write_bytes(b"\xef\xbb\xbf" + json.dumps(source.export_all()).encode())
    source.close()
    status, out, err = run(capsys, "import", str(backup), "--data-dir", str(tmp_path / "b"))
    assert status == 0 and "added 1 player" in out, err
    # A game file for `score` is still read strictly, and the refusal says what to do.
    status, _, err = run(capsys, "score", "ridgeline", str(backup))
    assert status == 2 and "begins with a byte-order mark; save it as plain UTF-8, without one" in err


def test_a_cut_file_is_said_once_where_it_breaks(capsys, tmp_path):
    cut = tmp_path / "cut.json"
    cut.write_text('{"format": "companion-backup", "players": [{"name": "Pas')
    status, _, err = run(capsys, "import", str(cut), "--data-dir", str(tmp_path / "b"))
    assert status == 2 and "Unterminated string starting at line 1 column" in err and "at at" not in err


def test_export_then_import_into_another_folder_carries_everything(capsys, tmp_path):
    source = open_store(tmp_path / "a")
    source.players.add("Pasang", "#d62828")
    source.settings.set("theme", "dark")
    source.close()
    backup = tmp_path / "backup.json"
    status, out, _ = run(capsys, "export", str(backup), "--data-dir", str(tmp_path / "a"))
    assert status == 0 and out.strip() == f"Backup written to {backup}: 1 player, 0 finished games, 0 games in progress"
    status, out, _ = run(capsys, "import", str(backup), "--data-dir", str(tmp_path / "b"))
    assert status == 0
    target = open_store(tmp_path / "b")
    try:
        assert [(p.name, p.colour) for p in target.players.list()] == [("Pasang", "#d62828")]
        assert target.settings.get("theme") == "dark"
    finally:
        target.close()


def test_the_apps_help_names_the_commands_beside_it(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    for command in COMMANDS:
        assert f"\n  companion {command} " in out, command


def test_a_backup_of_a_mistyped_data_folder_is_refused_not_written_empty(capsys, tmp_path):
    # It wrote a backup of nothing, said "Backup written", and made the mistyped folder.
    backup = tmp_path / "backup.json"
    status, out, err = run(capsys, "export", str(backup), "--data-dir", str(tmp_path / "dta"))
    assert_one_line_error(status, err, f"there is no saved data in {tmp_path / 'dta'}")
    assert not backup.exists() and not (tmp_path / "dta").exists()
    # A folder of another kind (a home folder, one holding only a .DS_Store) is not given the app's files.
    other = tmp_path / "home"
    other.mkdir()
    (other / ".DS_Store").write_bytes(b"")
    status, _, err = run(capsys, "export", str(backup), "--data-dir", str(other))
    assert_one_line_error(status, err, "there is no saved data in")
    assert sorted(p.name for p in other.iterdir()) == [".DS_Store"] and not backup.exists()


def test_a_backup_of_a_folder_given_with_a_tilde_is_written(capsys, tmp_path, monkeypatch):
    # The store opens "~/games" in the home folder; the check before it looked for a folder named "~".
    monkeypatch.setenv("HOME", str(tmp_path))
    store = open_store(tmp_path / "games")
    store.players.add("Pasang")
    store.close()
    backup = tmp_path / "backup.json"
    status, out, err = run(capsys, "export", str(backup), "--data-dir", "~/games")
    assert status == 0, err
    assert out.startswith(f"Backup written to {backup}: 1 player,") and backup.exists()
    # An empty one (`--data-dir "$DATA"` with DATA unset) is the default folder, for the check as for the store.
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "games"))
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "export", str(backup), "--data-dir", "")
    assert status == 0 and out.startswith(f"Backup written to {backup}: 1 player,"), err


def test_the_app_opens_without_its_docstrings(tmp_path):
    # Under `python -OO` the module has no docstring: the help opened, and still lists the commands.
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-OO", "-m", "companion", "--help"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and "--data-dir" in done.stdout, done.stderr
    for command in COMMANDS:
        assert f"\n  companion {command} " in done.stdout, command


def test_a_foreign_backup_is_refused_and_changes_nothing(capsys, tmp_path):
    store = open_store(tmp_path / "data")
    store.players.add("Mingma")
    store.close()
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps({"format": "something-else", "version": 1}))
    assert_one_line_error(*run(capsys, "import", str(foreign), "--data-dir", str(tmp_path / "data"))[::2],
                          "not a companion backup")
    store = open_store(tmp_path / "data")
    try:
        assert [p.name for p in store.players.list()] == ["Mingma"]
    finally:
        store.close()


def test_python_dash_m_runs_the_same_command_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    done = subprocess.run([sys.executable, "-m", "companion", "score", "freunde", str(bad), "--json"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("companion: error: ") and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("content", ["", "  \n\n"])
def test_an_empty_file_is_said_to_be_empty(capsys, tmp_path, content):
    # It said "not valid JSON: Expecting value at line 1 column 1".
    empty = tmp_path / "game.json"
    empty.write_text(content)
    status, _, err = run(capsys, "score", "trek12", str(empty))
    assert_one_line_error(status, err, f"{empty} is empty")
