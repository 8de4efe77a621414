"""The `companion` command: open the app (`companion --help`), or use the same engines from the command
line (`USAGE` lists those commands; `companion --help` prints them too).

Every error is one line on stderr naming the problem, with exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import io
import json
import os
import sys
import traceback
from pathlib import Path
from typing import Any, Sequence

from companion.errors import CompanionError

__all__ = ["main", "print_notices", "one_line", "DEFAULT_PORT", "MAX_ERROR_LINE", "USAGE"]

DEFAULT_PORT = 8550
EXIT_USAGE = 2
MAX_ERROR_LINE = 300
# The coach's simulated games per decision at most: some twenty to fifty times its own (about 25 s for a
# decision early on Dunai); far more only fills the memory (each game's dice are kept while moves are compared).
MAX_PLAYOUTS = 100_000
_COMMANDS = ("score", "check", "coach", "export", "import", "build", "bench")
# The commands beside the app, which `companion --help` lists after its own options (kept out of the docstring,
# which `python -OO` drops).
USAGE = """\
  companion score GAME FILE [--json]      score a game file with the app's own engines
  companion check GAME FILE [--json]      check a sheet, a gain or a meld (trek12, 14ers, ridgeline)
  companion coach trek12 FILE [--json]    the best moves for a game in progress and its roll
  companion coach trek12 --stdio          the same for one JSON document per line, one answer per line
  companion export FILE [--data-dir DIR]  write a full backup of the saved data
  companion import FILE [--data-dir DIR]  merge a backup into the saved data (all or nothing)
  companion build web OUT_DIR [--base-path P]   write the app as static files that run offline in a browser
  companion bench NAME [ARGS...]          print a benchmark's figures
"""


class _Failure(Exception):
    """A command-line failure: printed as one line, exit status 2."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if args and args[0] in _COMMANDS:
            return _run_command(args[0], args[1:])
        return _run_app(args, whole_process=argv is None)
    except (_Failure, CompanionError) as exc:
        _fail(str(exc))
    except RecursionError:
        _fail("the file is nested too deeply to be a game file")
    except BrokenPipeError:
        # Whatever reads the output stopped reading (`| head`): nothing more can reach it, and it needs no
        # traceback. The output is sent nowhere, so that the interpreter's last flush does not fail again.
        _output_gone()
        return 1
    except KeyboardInterrupt:
        return 130
    return EXIT_USAGE


def _output_gone() -> None:
    try:
        sys.stdout.flush()
    except (BrokenPipeError, ValueError, OSError):
        pass
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass        # not a real file (a test's captured output): nothing to redirect


def _fail(message: str) -> None:
    print(one_line(f"companion: error: {message}"), file=sys.stderr)


def one_line(message: str, most: int = MAX_ERROR_LINE) -> str:
    """An error as the command line prints it: one line of at most `most` characters, whitespace runs
    as one space and anything unprintable escaped. Messages quote values short already (`quote`); this
    only guards the contract."""
    text = " ".join(message.split())
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= most else text[:most - 1] + "…"


class _Parser(argparse.ArgumentParser):
    """argparse whose usage errors follow the one-line, exit-2 contract."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Failure(f"{self.prog}: {message}")


def _run_command(command: str, rest: list[str]) -> int:
    parser = _Parser(prog=f"companion {command}")
    if command in ("score", "check"):
        parser.add_argument("game", help="game name, e.g. trek12, 14ers, ridgeline, freunde, expedition")
        parser.add_argument("file", help="the JSON file to read ('-' for standard input)")
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")
        args = parser.parse_args(rest)
        return _score_or_check(command, args.game, args.file, args.json)
    if command == "coach":
        parser.add_argument("game", help="game name: trek12")
        parser.add_argument("file", nargs="?", help="the JSON game document with its roll ('-' for standard input)")
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")
        parser.add_argument("--stdio", action="store_true",
                            help="read one document per line on standard input, answer one JSON line each")
        parser.add_argument("--seed", type=int, default=0, help="seed of the coach's simulated games (default 0)")
        parser.add_argument("--playouts", type=int, default=None,
                            help="simulated games per decision (default: the coach's own)")
        args = parser.parse_args(rest)
        return _coach(args)
    if command in ("export", "import"):
        parser.add_argument("file", help="the backup file")
        parser.add_argument("--data-dir", help="the folder the app keeps its data in")
        args = parser.parse_args(rest)
        return _export(args) if command == "export" else _import(args)
    if command == "build":
        parser.add_argument("target", choices=["web"], help="what to build: web (a static offline folder)")
        parser.add_argument("out_dir", help="the folder to write (new, empty, or an earlier build)")
        parser.add_argument("--base-path", default="/",
                            help="the URL path the folder will be served at (default /), e.g. /companion/")
        args = parser.parse_args(rest)
        return _build_web(args.out_dir, args.base_path)
    parser.add_argument("name", help="which benchmark: trek12, store, ridgeline ...")
    args, extra = parser.parse_known_args(rest)
    return _bench(args.name, extra)


def _build_web(out_dir: str, base_path: str) -> int:
    from companion.browser.build import build_web

    try:
        report = build_web(out_dir, base_path=base_path)
    except OSError as exc:
        raise _Failure(f"cannot write {out_dir}: {exc.strerror or exc}") from None
    print("\n".join(report.lines()))
    return 0


def _score_or_check(command: str, game: str, file: str, as_json: bool) -> int:
    from companion.games import find_by_cli_name, load_files

    module = load_files(game)
    if command == "check" and getattr(module, "check_file", None) is None:
        raise _Failure(f"there is no check for {game!r}; only scoring")     # said before its file is read
    doc = _read_json(file, module.MAX_FILE_BYTES, f"a {find_by_cli_name(game).title} file")
    if command == "score":
        result = module.score_file(doc)
        text = json.dumps(result) if as_json else module.format_score(result)
    else:
        result = module.check_file(doc)
        formatter = getattr(module, "format_check", None)
        text = json.dumps(result) if as_json or formatter is None else formatter(result)
    print(text)
    return 0


def _coach(args: argparse.Namespace) -> int:
    from companion.games import find_by_cli_name, load_files

    module = load_files(args.game)
    advise = getattr(module, "coach_file", None)
    if advise is None:
        raise _Failure(f"there is no coach for {args.game!r}; only for trek12")
    if args.playouts is not None and not 1 <= args.playouts <= MAX_PLAYOUTS:
        raise _Failure(f"--playouts must be from 1 to {MAX_PLAYOUTS:,}, not {args.playouts}")
    if args.stdio == (args.file is not None):
        raise _Failure("give either a FILE or --stdio")
    what = f"a {find_by_cli_name(args.game).title} file"
    if not args.stdio:
        doc = _read_json(args.file, module.MAX_FILE_BYTES, what)
        result = _timed_advice(advise, doc, args)
        print(json.dumps(result) if args.json else module.format_coach(result))
        return 0
    # One answer per line, flushed at once, so a program can hold a conversation; a bad line gets its
    # error as that line's answer and the next line is read.
    stdin = getattr(sys.stdin, "buffer", None) or sys.stdin
    limit = module.MAX_FILE_BYTES
    while True:
        raw = stdin.readline(limit + 1)
        if not raw:
            return 0
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogatepass")
        if len(raw) > limit and not raw.endswith(b"\n"):
            while True:  # the rest of an overlong line is skipped, not read as the next document
                more = stdin.readline(limit + 1)
                if not more or more.endswith(b"\n") or (isinstance(more, str) and more.endswith("\n")):
                    break
            answer: dict[str, Any] = {"error": one_line(f"the line is longer than {limit} bytes; {what} is at most that")}
        elif not raw.strip():
            continue
        else:
            try:
                answer = _timed_advice(advise, _line_json(raw, what), args)
            except CompanionError as exc:
                answer = {"error": one_line(str(exc))}
            except RecursionError:
                answer = {"error": "the document is nested too deeply to be a game file"}
            except Exception as exc:    # a fault of the program's own: this line's error, and the next one read
                traceback.print_exc(file=sys.stderr)
                answer = {"error": one_line(f"the coach failed on this document (a fault in the program: "
                                            f"{type(exc).__name__}: {exc}); the next lines are still read")}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


def _line_json(raw: bytes, what: str) -> Any:
    from companion.errors import InvalidInput
    from companion.inputs import BOM, parse_bytes

    try:
        if raw.startswith(BOM):
            raise InvalidInput("the line begins with a byte-order mark; JSON text is plain UTF-8, without one")
        # Without its line break: a line cut short is then said to end where it does ("at column 41"), not
        # at "column 1" of the next line, which the position left out of this line's error would be.
        return parse_bytes(raw.rstrip(b"\r\n"))
    except UnicodeDecodeError:
        raise InvalidInput("the line is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise InvalidInput(f"not valid JSON: {exc.msg} at column {exc.colno}") from None


def _timed_advice(advise, doc: Any, args: argparse.Namespace) -> dict[str, Any]:
    import random
    import time

    # The same document and seed always get the same advice: a fresh generator per document.
    start = time.perf_counter()
    result = advise(doc, random.Random(args.seed), playouts=args.playouts)
    result["ms"] = round((time.perf_counter() - start) * 1e3, 1)
    return result


def _read_json(file: str, limit: int, what: str, *, bom: bool = False) -> Any:
    """The file's JSON document ('-': standard input), read at the door (companion/inputs.py); `bom`: a UTF-8
    byte-order mark at the start is skipped."""
    from companion.inputs import read_json

    return read_json(file, limit, what, stdin=getattr(sys.stdin, "buffer", None) if file == "-" else None, bom=bom)


def print_notices(store):
    """Print the store's notices on stderr, one line each; returns the store.

    Every way in prints them so (each command here, the app, a built app's console): a damaged file's notice
    is given at every start until the player decides about it in the app, so a command that only exports
    cannot make it pass unseen.
    """
    for notice in store.notices:
        print(f"companion: {' '.join(notice.split())}", file=sys.stderr)
    return store


def _open_store(data_dir: str | None):
    from companion.store import open_store

    return print_notices(open_store(Path(data_dir) if data_dir else None))


def _export(args: argparse.Namespace) -> int:
    from companion.store import data_folder, holds_saved_data
    from companion.store.atomic import write_json_atomic

    # A backup of a folder mistyped would be an empty one, said to be written: nothing is made of nothing.
    # Only a folder holding the app's own files is read (one of another kind would be given them).
    if not holds_saved_data(args.data_dir):
        raise _Failure(f"there is no saved data in {data_folder(args.data_dir)}: check --data-dir "
                       "(nothing was written)")
    store = _open_store(args.data_dir)
    try:
        doc = store.export_all()
    finally:
        store.close()
    try:
        write_json_atomic(Path(args.file), doc)
    except OSError as exc:
        raise _Failure(f"cannot write {args.file}: {exc.strerror}") from None
    print(f"Backup written to {args.file}: {_counted(len(doc['players']), 'player')}, "
          f"{_counted(len(doc['history']), 'finished game')}, {_counted(len(doc['sessions']), 'game')} in progress")
    return 0


def _counted(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def _import(args: argparse.Namespace) -> int:
    from companion.inputs import BACKUP_BYTES

    # A backup opened and saved in a text editor may start with a byte-order mark; Settings takes it too.
    doc = _read_json(args.file, BACKUP_BYTES, "a backup", bom=True)
    store = _open_store(args.data_dir)
    try:
        report = store.import_all(doc)
    finally:
        store.close()
    print(f"Imported {args.file}: {report}")
    return 0


def _bench(name: str, extra: list[str]) -> int:
    if not name.isidentifier():
        raise _Failure(f"unknown benchmark {name!r}")
    try:
        module = importlib.import_module(f"companion.bench.{name}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("companion.bench"):
            known = _known_benchmarks()
            raise _Failure(f"unknown benchmark {name!r}; known: {', '.join(known) or 'none'}") from None
        raise
    if not callable(getattr(module, "main", None)):
        raise _Failure(f"{name!r} is not a benchmark; known: {', '.join(_known_benchmarks())}")
    return int(module.main(extra) or 0)


def _known_benchmarks() -> list[str]:
    folder = Path(__file__).parent / "bench"
    return sorted(p.stem for p in folder.glob("*.py")
                  if not p.stem.startswith("_") and "\ndef main(" in p.read_text(encoding="utf-8"))


def _run_app(rest: list[str], whole_process: bool = False) -> int:
    # The commands beside the app, which `companion --help` would otherwise never mention.
    parser = _Parser(prog="companion", description="Open the climbing companion.",
                     formatter_class=argparse.RawDescriptionHelpFormatter,
                     epilog="the same engines from the command line (each has --help):\n"
                            + USAGE)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--web", action="store_true", help="serve the app to a browser instead of a window")
    mode.add_argument("--desktop", action="store_true",
                      help="open a desktop window (fetches the desktop client once if it is missing)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"web port (default {DEFAULT_PORT})")
    parser.add_argument("--host", default=None,
                        help="address to serve on (default 127.0.0.1: this computer only); 0.0.0.0 is --lan")
    parser.add_argument("--lan", action="store_true",
                        help="let phones on the same Wi-Fi join with a code (serves on every address)")
    parser.add_argument("--data-dir", help="the folder to keep saved data in")
    args = parser.parse_args(rest)
    if not 0 < args.port < 65536:
        raise _Failure(f"--port must be between 1 and 65535, not {args.port}")
    host = args.host if args.host is not None else ("0.0.0.0" if args.lan else "127.0.0.1")
    if args.desktop and (args.lan or args.host is not None):
        raise _Failure("--desktop opens a window on this computer; --host and --lan serve the app to browsers")
    web = args.web or args.lan or args.host is not None or not (args.desktop or _desktop_available())
    _require("flet_web" if web else "flet_desktop",
             "serving the app to browsers" if web else "a desktop window")
    # A window talks to this process over a local socket; Flet would turn it into an open web server (at
    # an address from its environment) on a machine without a display.
    if not web and _no_display():
        raise _Failure("there is no display for a window here; --web serves the app to a browser")
    if web and whole_process:      # the process is ours (not a caller's that passed argv) to restart
        from companion.server.web import use_system_allocator

        use_system_allocator(rest)
    store = _open_store(args.data_dir)
    try:
        if web:
            return _serve(store, host, args.port, args.lan)
        import flet as ft

        from companion.ui.shell.app import build_main

        for name in ("FLET_FORCE_WEB_SERVER", "FLET_SERVER_IP", "FLET_SERVER_PORT"):
            os.environ.pop(name, None)
        ft.run(build_main(store, desktop=True), view=ft.AppView.FLET_APP)
    finally:
        store.close()
    return 0


def _serve(store, host: str, port: int, lan: bool) -> int:
    """Serve the app to browsers at `host`:`port` until Ctrl+C (see companion/server/)."""
    import errno

    from companion.server.lan import CODE_SETTING
    from companion.server.web import describe, open_socket, plan_server, serve
    from companion.ui.shell.app import build_main

    try:
        plan = plan_server(host, port, _kept_code(store.settings.get(CODE_SETTING)), lan=lan)
    except ValueError as exc:
        raise _Failure(str(exc)) from None
    try:
        sock = open_socket(plan)
    except OSError as exc:
        why = exc.strerror or str(exc)
        if exc.errno == errno.EADDRINUSE:
            why = "the port is in use (is the companion already running? --port chooses another)"
        elif exc.errno == errno.EADDRNOTAVAIL:
            why = "that address is not one of this computer's"
        raise _Failure(f"cannot serve on {host} port {port}: {why}") from None
    for line in describe(plan):
        print(line, flush=True)
    serve(build_main(store, desktop=False, lan=plan.lan), plan, sock)
    return 0


def _kept_code(saved) -> str | None:
    """The join code kept in the settings, or None (a random one) when there is none or it is unusable."""
    from companion.server.guard import check_code

    if not saved:
        return None
    try:
        return check_code(str(saved))
    except ValueError as exc:
        print(f"companion: the saved join code is not usable ({exc}); a new one is drawn", file=sys.stderr)
        return None


def _no_display() -> bool:
    """Linux with neither X11 nor Wayland: no window can open."""
    return sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _require(module: str, what: str) -> None:
    """Refuse, in one line, a way of showing the app whose part is not installed (a phone's install has none)."""
    if importlib.util.find_spec(module) is None:
        raise _Failure(f"{what} needs {module.replace('_', '-')}, which is not installed here: install the "
                       "companion with its 'computer' extra (pip install 'companion[computer]'), or run it with uv")


def _desktop_available() -> bool:
    """A window is possible: a display, and a desktop client already on this machine (no download)."""
    if _no_display():
        return False
    if os.environ.get("FLET_VIEW_PATH"):
        return True
    return any((Path.home() / ".flet" / "client").glob("flet-desktop-*"))
