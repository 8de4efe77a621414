"""Serving from the command line: the address asked for is the address used, and mistakes are one line."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.bench.browser import free_port, wait_http
from companion.cli import main


def _error(capsys, *argv: str) -> str:
    status = main(list(argv))
    _, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert status == 2 and len(lines) == 1 and lines[0].startswith("companion: error: "), err
    return lines[0]


def test_an_address_that_is_not_an_ip_of_this_computer_is_refused(capsys, tmp_path):
    assert "--host must be an IP address" in _error(capsys, "--host", "example.com", "--data-dir", str(tmp_path))
    assert "cannot be combined" in _error(capsys, "--lan", "--host", "127.0.0.1", "--data-dir", str(tmp_path))
    assert "--desktop" in _error(capsys, "--desktop", "--lan", "--data-dir", str(tmp_path))


@pytest.mark.parametrize("argv, missing", [(["--web"], "flet_web"), (["--desktop"], "flet_desktop")])
def test_a_way_of_showing_the_app_that_is_not_installed_is_one_line(capsys, tmp_path, monkeypatch, argv, missing):
    # As installed on a phone, or by pip without the 'computer' extra: no web server, no desktop window.
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == missing else real(name, *a))
    line = _error(capsys, *argv, "--data-dir", str(tmp_path / "data"))
    assert missing.replace("_", "-") in line and "companion[computer]" in line
    assert not (tmp_path / "data").exists()          # refused before the data folder was opened


def test_a_port_in_use_is_one_line(capsys, tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        line = _error(capsys, "--web", "--port", str(port), "--data-dir", str(tmp_path))
    assert "port is in use" in line


def _listening_addresses(port: int) -> set[str]:
    """The IPv4 addresses with a socket listening on `port`, from /proc/net/tcp (Linux)."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        address, hex_port = fields[1].split(":")
        if int(hex_port, 16) == port and fields[3] == "0A":       # 0A: LISTEN
            found.add(socket.inet_ntoa(bytes.fromhex(address)[::-1]))
    return found


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's socket table")
def test_flet_environment_variables_never_widen_the_address(tmp_path):
    port = free_port()
    env = dict(os.environ, FLET_SERVER_IP="0.0.0.0", FLET_SERVER_PORT=str(free_port()), FLET_FORCE_WEB_SERVER="1")
    env.pop("FLET_APP_STORAGE_DATA", None)
    proc = subprocess.Popen([sys.executable, "-m", "companion", "--web", "--port", str(port), "--data-dir",
                             str(tmp_path / "data")], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        wait_http(f"http://127.0.0.1:{port}/", proc, timeout=60)
        assert _listening_addresses(port) == {"127.0.0.1"}
        assert _listening_addresses(int(env["FLET_SERVER_PORT"])) == set()
    finally:
        proc.send_signal(signal.SIGINT)          # Ctrl+C
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0
    assert b"Traceback" not in err and err.strip() == b""
    assert b"Only this computer can open it" in out


def test_ctrl_c_while_starting_exits_quietly(tmp_path):
    for delay in (0.2, 0.6, 1.2):
        proc = subprocess.Popen([sys.executable, "-m", "companion", "--web", "--port", str(free_port()),
                                 "--data-dir", str(tmp_path / f"data-{delay}")],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
        assert proc.returncode in (0, 130, -signal.SIGINT), (delay, proc.returncode)
        assert b"Traceback" not in err and b"KeyboardInterrupt" not in err, err.decode()[-500:]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the restart under the C allocator is Linux's")
def test_ctrl_c_while_the_server_restarts_under_the_system_allocator_exits_quietly(tmp_path):
    # `--web` replaces its process with a fresh interpreter once (use_system_allocator). A Ctrl+C that
    # lands while that interpreter is still starting must still be a quiet stop, not a traceback.
    for attempt in range(3):
        proc = subprocess.Popen([sys.executable, "-m", "companion", "--web", "--port", str(free_port()),
                                 "--data-dir", str(tmp_path / f"data-{attempt}")],
                                env={k: v for k, v in os.environ.items() if k != "PYTHONMALLOC"},
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        environ = Path(f"/proc/{proc.pid}/environ")
        deadline = time.monotonic() + 30
        while b"PYTHONMALLOC=malloc" not in environ.read_bytes() and time.monotonic() < deadline:
            time.sleep(0.0005)           # the new interpreter's environment shows the restart
        assert b"PYTHONMALLOC=malloc" in environ.read_bytes(), "the server did not restart"
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
        assert proc.returncode in (0, 130), (attempt, proc.returncode, err.decode()[-500:])
        assert b"Traceback" not in err and b"KeyboardInterrupt" not in err, err.decode()[-500:]
