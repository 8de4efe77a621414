"""`companion build web`: the static folder holds everything the app needs and names no other host.

The browser test (tests/e2e/test_static_browser.py) runs the folder in Chromium; these check what it is
made of, and, where Node.js is present, that Pyodide imports the app from it with nothing else.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import tarfile
import zipfile
from pathlib import Path

import pytest

from companion.browser import build
from companion.browser.build import MARKER, BuildError, build_web
from companion.browser.wheels import BROWSER_ROOTS, browser_distributions
from companion.cli import main as cli_main

URL = re.compile(r"\b(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}")


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("static") / "site"
    build_web(out)
    return out


def _files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def test_the_folder_has_the_client_the_runtime_the_app_and_the_offline_parts(folder):
    files = _files(folder)
    for needed in ("index.html", "manifest.json", "sw.js", "companion.js", "companion-rive.js", "app.tar.gz",
                   "python-worker.js", "python.js", "flutter_bootstrap.js", "main.dart.wasm", "main.dart.js",
                   "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip",
                   "pyodide/pyodide-lock.json", "icons/icon-192.png", "icons/icon-512.png",
                   "icons/icon-maskable-512.png", "assets/fonts/roboto.woff2", MARKER):
        assert needed in files, needed
    # Nothing a page never asks for: debug symbols, source maps, Pyodide's command-line launchers,
    # Flutter's self-unregistering service worker.
    assert not [f for f in files if f.endswith((".symbols", ".map", ".d.ts"))]
    assert "pyodide/python" not in files and "flutter_service_worker.js" not in files
    # While it loads, the page shows the app's icon (the page's picture, kept by that name).
    assert (folder / "icons" / "loading-animation.png").read_bytes() == (folder / "icons" / "icon-512.png").read_bytes()


def test_every_wheel_is_pure_python_listed_in_the_lock_and_checked_by_its_hash(folder):
    lock = json.loads((folder / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    wheels = sorted((folder / "pyodide").glob("*.whl"))
    env = build.pyodide_environment()
    names = {d.metadata["Name"].lower().replace("_", "-") for d in browser_distributions(env)}
    assert {"flet", "flet-charts", "tinydb", "msgpack", "platformdirs"} <= names
    shipped = {}
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            members = archive.namelist()
            assert not [m for m in members if m.endswith((".so", ".pyd", ".dylib"))], wheel.name
            tags = [line for name in members if name.endswith(".dist-info/WHEEL")
                    for line in archive.read(name).decode().splitlines() if line.startswith("Tag:")]
            assert tags == ["Tag: py3-none-any"], wheel.name
        entry = next(e for e in lock.values() if e["file_name"] == wheel.name)
        assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
        shipped[entry["name"]] = entry
    assert set(shipped) == {n.replace("_", "-") for n in names} | {"micropip", "packaging"}  # Pyodide's own
    # msgpack's entry no longer names the compiled Pyodide wheel the folder does not hold.
    assert lock["msgpack"]["file_name"].endswith("py3-none-any.whl")
    for entry in shipped.values():
        assert set(entry["depends"]) <= set(lock), entry["name"]
    # Every file the lock names for these packages is in the folder (micropip and loadPackage read it).
    for name in ["micropip", "packaging", *shipped]:
        assert (folder / "pyodide" / lock[name]["file_name"]).is_file(), name


def test_the_app_archive_holds_the_code_the_data_and_the_entry_module(folder):
    with tarfile.open(folder / "app.tar.gz") as tar:
        names = set(tar.getnames())
        requirements = tar.extractfile("requirements.txt").read().decode().split()
        entry = tar.extractfile("main.py").read().decode()
    assert "from companion.main import run" in entry
    for needed in ("companion/ui/shell/app.py", "companion/store/folder.py", "companion/browser/storage.py",
                   "companion/games/trek12/rules.py", "companion/bench/trek12.py",
                   "companion/_data/trek12/sheets/dunai.json"):
        assert needed in names, needed
    data_files = {p.relative_to(build.Path(__file__).parent.parent / "data").as_posix()
                  for p in (Path(__file__).parent.parent / "data").rglob("*.json")}
    assert {f"companion/_data/{f}" for f in data_files} <= names
    # The compiled catalogs go with the page, their translators' sources do not.
    catalogs = {f"companion/_data/locale/{code}/LC_MESSAGES/companion.mo" for code in ("fr", "de", "pl")}
    assert catalogs <= names
    assert not [n for n in names if n.endswith((".po", ".pot"))]
    for left_out in ("companion/server/web.py", "companion/bench/browser.py", "companion/browser/build.py"):
        assert left_out not in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    lock = json.loads((folder / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    assert sorted(r.split("==")[0] for r in requirements) == sorted(
        e["name"] for e in lock.values() if e["file_name"].endswith("py3-none-any.whl")
        and (folder / "pyodide" / e["file_name"]).is_file() and e["name"] not in ("micropip", "packaging"))


def test_no_file_the_page_reads_names_another_host(folder):
    # (flutter_bootstrap.js names Flutter's CanvasKit CDN as a default, which flet.canvasKitBaseUrl replaces.)
    for name in ("index.html", "manifest.json", "sw.js", "companion.js", "python.js", "python-worker.js"):
        text = (folder / name).read_text(encoding="utf-8")
        if name == "companion.js":     # the CDN address it redirects appears there as a pattern only
            text = text.replace("cdn\\.jsdelivr\\.net", "")
        if name == "python-worker.js":   # Flet's comments mention its CDN fallback; no code uses it
            text = "\n".join(line for line in text.splitlines() if not line.strip().startswith("//"))
        assert not URL.findall(text), (name, URL.findall(text))
    index = (folder / "index.html").read_text()
    assert "flet.pyodide = true;" in index and 'flet.routeUrlStrategy="hash";' in index
    assert 'flet.canvasKitBaseUrl="/canvaskit/";' in index and "flet.noCdn=true;" in index
    assert index.index('src="python.js"') < index.index('src="companion.js"') < index.index("flutter_bootstrap.js")
    # Flutter's loader is asked to register no service worker of its own (sw.js is registered instead).
    assert "serviceWorkerSettings" not in (folder / "flutter_bootstrap.js").read_text().split("_flutter.loader.load(")[-1]


def test_the_rive_request_of_flets_client_is_the_one_companion_js_redirects(folder):
    client = (folder / "main.dart.js").read_text(encoding="latin-1")
    cdn = re.search(r'"(https://cdn\.jsdelivr\.net/npm/@rive-app/flutter-native-wasm@[^"]+/)"', client)
    assert cdn, "Flet's client no longer asks that CDN for Rive: companion.js and this test can go"
    script = (folder / "companion.js").read_text()
    pattern = re.search(r"var RIVE_CDN = /(.+)/;", script).group(1).replace("\\/", "/")
    assert re.match(pattern, cdn.group(1) + "wasm/rive_native.js")
    assert "globalThis.RiveNative" in (folder / "companion-rive.js").read_text()


def test_the_manifest_makes_an_installable_standalone_app(folder):
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["name"] == "Climbing Companion" and manifest["short_name"]
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    assert re.fullmatch(r"#[0-9A-F]{6}", manifest["theme_color"])
    sizes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        data = (folder / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert f"{width}x{height}" == icon["sizes"]


def test_the_service_worker_caches_every_file_of_the_build(folder):
    text = (folder / "sw.js").read_text()
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", text, re.S).group(1))
    assert set(listed) == (_files(folder) - {"sw.js"}) | {"./"}
    version = re.search(r'const VERSION = "([0-9a-f]{16})";', text).group(1)
    assert json.loads((folder / MARKER).read_text())["version"] == version


def test_a_build_is_reproducible_and_any_change_gives_a_new_version(folder, tmp_path):
    again = tmp_path / "again"
    report = build_web(again)
    assert report.version == json.loads((folder / MARKER).read_text())["version"]
    assert (again / "app.tar.gz").read_bytes() == (folder / "app.tar.gz").read_bytes()
    changed = tmp_path / "changed"
    shutil.copytree(again, changed)
    files = sorted(_files(changed))
    before = build._version(changed, files)
    (changed / "companion.js").write_text((changed / "companion.js").read_text() + "\n")
    assert build._version(changed, files) != before


def test_a_new_build_replaces_an_earlier_one_but_never_a_folder_of_something_else(tmp_path):
    out = tmp_path / "site"
    build_web(out)
    (out / "stale.txt").write_text("from an older build")
    build_web(out)
    assert not (out / "stale.txt").exists() and (out / MARKER).is_file()
    other = tmp_path / "documents"
    other.mkdir()
    (other / "letter.txt").write_text("keep me")
    with pytest.raises(BuildError, match="not empty"):
        build_web(other)
    assert (other / "letter.txt").read_text() == "keep me" and len(list(other.iterdir())) == 1
    assert not list(tmp_path.glob(".*building"))


def test_the_base_path_is_written_into_the_page_and_checked(tmp_path):
    build_web(tmp_path / "sub", base_path="companion")
    index = (tmp_path / "sub" / "index.html").read_text()
    assert '<base href="/companion/">' in index and 'flet.entrypointBaseUrl="/companion/";' in index
    for bad in ("../up", "/a b/", "http://elsewhere/", "/x/../y"):
        with pytest.raises(BuildError, match="--base-path"):
            build_web(tmp_path / "bad", base_path=bad)


def test_the_command_line_builds_and_refuses_in_one_line(tmp_path, capsys):
    assert cli_main(["build", "web", str(tmp_path / "site")]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"built {tmp_path / 'site'} (") and "pyodide/ (wheels)" in out
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x")
    for argv in (["build", "web", str(tmp_path / "full")], ["build", "apk", str(tmp_path / "a")], ["build", "web"]):
        assert cli_main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("companion: error:") and err.count("\n") == 1


def test_roots_of_the_browser_set_are_what_the_app_imports():
    assert BROWSER_ROOTS == ("flet", "flet-charts", "tinydb", "platformdirs")


NODE_SCRIPT = """
import { loadPyodide } from "%(folder)s/pyodide/pyodide.mjs";
import { readFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: "%(folder)s/pyodide/" });
py.unpackArchive(new Uint8Array(readFileSync("%(folder)s/app.tar.gz")), "gztar");
const reqs = py.runPython("open('requirements.txt').read().split()").toJs();
await py.loadPackage("micropip");
const micropip = py.pyimport("micropip");
await micropip.install(reqs);
console.log(py.runPython(`
import sys, json
import flet, msgpack, tinydb
import companion.ui.shell.app, companion.browser.app, companion.browser.storage
from companion.ui.common.registry import discover_game_screens
discover_game_screens()
from companion.bench.trek12 import measure
figures = measure("dunai", games=20, samples=5)
from companion import i18n
with i18n.use_language("pl"):
    polish = i18n.ngettext("{n} game", "{n} games", 5).format(n=5) + " " + i18n.format_number(1234.5, 1)
json.dumps({"platform": sys.platform, "msgpack": msgpack.Packer.__module__, "games": figures["games_per_s"] > 0,
            "polish": polish})
`));
"""


def test_pyodide_installs_and_imports_the_whole_app_from_the_folder_alone(folder, tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed; the browser test covers this too")
    script = tmp_path / "check.mjs"
    script.write_text(NODE_SCRIPT % {"folder": folder.as_posix()})
    # No network: the wheels come from the folder's lock file or the install fails.
    result = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=300, cwd=tmp_path,
                            env={"PATH": str(Path(node).parent) + ":/usr/bin:/bin", "HTTP_PROXY": "http://127.0.0.1:9",
                                 "HTTPS_PROXY": "http://127.0.0.1:9", "NO_PROXY": ""})
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    # The catalogs and the number conventions work in the page's Python too.
    assert report == {"platform": "emscripten", "msgpack": "msgpack.fallback", "games": True,
                      "polish": "5 gier 1234,5"}


def test_a_report_names_what_takes_the_space(folder):
    report = build.BuildReport(out_dir=folder, version="x")
    report.parts = {"canvaskit/ (Flutter's renderer)": 30_000_000, "app.tar.gz": 400_000}
    lines = report.lines()
    assert lines[1].strip().startswith("30.0 MB") and "canvaskit" in lines[1]


def test_the_page_script_refuses_files_over_the_size_the_server_takes_from_a_browser():
    # The page keeps a file from being sent when the server's cap on a websocket message would close the tab's
    # connection over it: its limit is the one the app states beside the button (`WEB_FILE_BYTES`).
    from companion.browser.build import CLIENT_DIR
    from companion.inputs import WEB_FILE_BYTES
    from companion.server.web import WS_MAX_BYTES

    script = (CLIENT_DIR / "companion.js").read_text(encoding="utf-8")
    [limit] = re.findall(r"var FILE_AT_MOST = ([0-9 *]+);", script)
    assert eval(limit, {"__builtins__": {}}) == WEB_FILE_BYTES < WS_MAX_BYTES


def test_the_page_scripts_notices_write_sizes_as_the_app_does():
    # A French refusal said "32 MB" under the app's own "32 Mo".
    from companion.browser.build import CLIENT_DIR
    from companion.i18n import _, use_language

    script = (CLIENT_DIR / "companion.js").read_text(encoding="utf-8")
    units = dict(re.findall(r'\n    (\w\w): \{\n      lang: "\1",.*?megabytes: "([^"]+)"', script, re.S))
    assert set(units) == {"en", "de", "fr", "pl"}
    for language, unit in units.items():
        with use_language(language):
            assert _("{size} MB").format(size="").strip() == unit, language
