"""`companion build web OUT_DIR`: the whole app as a folder of static files, for any static host.

The folder holds Flet's web client (from the installed flet-web), the Python runtime that runs in the page
(the Pyodide core flet-web ships), every wheel the app needs (packed from this environment by
`companion.browser.wheels` and listed in Pyodide's own lock file, so that Pyodide loads them from the
folder, never from an index), the app's code and game data (`app.tar.gz`), an installable web app manifest
with the companion's icons, and a service worker (`sw.js`) that caches every file of the build so that
the app starts with no network after the first visit.

Nothing in the folder refers to another host: CanvasKit and the fallback fonts come from the folder (Flet's
no-CDN settings), and the one script Flet's client asks a CDN for (Rive's `rive_native.js`, for animations
the companion never shows) is answered by `client/companion-rive.js` (see `client/companion.js`).
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import re
import shutil
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from companion.browser.wheels import BuiltWheel, browser_distributions, browser_environment, build_wheel
from companion.errors import CompanionError
from companion.ui.common.widgets import SEED_COLOUR as THEME_COLOUR

__all__ = ["BuildError", "BuildReport", "build_web", "pyodide_environment", "CLIENT_DIR", "MARKER", "flet_web_dir",
           "inject_client"]

CLIENT_DIR = Path(__file__).resolve().parent / "client"
ICONS_DIR = Path(__file__).resolve().parent.parent / "assets"
# Written last into every build: its presence lets a later build replace the folder.
MARKER = "companion-build.json"
APP_ARCHIVE = "app.tar.gz"
ENTRY_MODULE = "main"

BACKGROUND_COLOUR = "#FFFFFF"

# Files of Flet's web client that a page never requests: Pyodide's command-line launchers and type
# declarations, source maps and debug symbols, and Flutter's service worker (which only unregisters
# itself; sw.js replaces it).
_LEFT_OUT = re.compile(
    r"^(pyodide/(python|python\.bat|python\.exe|python_cli_entry\.mjs|.*\.d\.ts)"
    r"|.*\.map|.*\.symbols|flutter_service_worker\.js|icons/.*)$")
# The package's parts that a page cannot use: the benchmarks that drive a browser or time the server (the
# engine's own, trek12, stays: it measures the engine inside the page), the web server, the build itself.
_APP_LEFT_OUT = re.compile(r"^companion/(bench/(?!__init__\.py$|trek12\.py$).*|server/web\.py"
                           r"|browser/(build|wheels)\.py|browser/client/.*|assets/.*)$|(^|/)__pycache__/|\.pyc$")
_BOOTSTRAP_SW = re.compile(r"\s*serviceWorkerSettings:\s*\{[^{}]*\},")


class BuildError(CompanionError):
    """The build cannot be made (with the reason in one sentence)."""


@dataclass
class BuildReport:
    """What was written: the folder, its size, and what takes the space."""

    out_dir: Path
    version: str
    files: int = 0
    total_bytes: int = 0
    parts: dict[str, int] = field(default_factory=dict)
    wheels: list[BuiltWheel] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The report as printed by the command line."""
        out = [f"built {self.out_dir} ({self.files} files, {_mb(self.total_bytes)}, version {self.version})"]
        for name, size in sorted(self.parts.items(), key=lambda kv: -kv[1]):
            out.append(f"  {_mb(size):>9}  {name}")
        out.append("wheels: " + ", ".join(f"{w.name} {w.version}" for w in self.wheels))
        return out


def flet_web_dir() -> Path:
    """The installed flet-web client folder (or $FLET_WEB_PATH, as Flet's own server takes it)."""
    try:
        from flet_web import get_package_web_dir  # noqa: PLC0415
    except ImportError:
        raise BuildError("flet-web is not installed here; run the build from the companion's environment "
                         "(uv run companion build web OUT_DIR)") from None
    return Path(get_package_web_dir()).resolve()


def pyodide_environment(web: Path | None = None) -> dict[str, str]:
    """The marker values of the Python that flet-web's Pyodide runs, read from its lock file."""
    lock = (web or flet_web_dir()) / "pyodide" / "pyodide-lock.json"
    return browser_environment(json.loads(lock.read_text(encoding="utf-8"))["info"]["python"])


def build_web(out_dir: Path | str, *, base_path: str = "/") -> BuildReport:
    """Write the static build to `out_dir` (a new or empty folder, or an earlier build, which is replaced)."""
    out = Path(out_dir).expanduser().absolute()
    base = _base_href(base_path)
    _check_target(out)
    web = flet_web_dir()
    staging = out.with_name(f".{out.name}.building")
    if staging.exists():
        shutil.rmtree(staging)
    try:
        report = _build(staging, web, base)
        _replace_dir(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    report.out_dir = out
    return report


def _build(out: Path, web: Path, base: str) -> BuildReport:
    out.mkdir(parents=True)
    for rel in _walk(web):
        if _LEFT_OUT.match(rel):
            continue
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(web / rel, target)

    env = pyodide_environment(web)
    wheels = [build_wheel(dist, out / "pyodide", env) for dist in browser_distributions(env)]
    _lock_wheels(out / "pyodide" / "pyodide-lock.json", wheels)
    (out / APP_ARCHIVE).write_bytes(_app_archive(wheels))

    pyodide_version = json.loads((web / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"]
    _write_index(out / "index.html", base, pyodide_version)
    _drop_flutter_service_worker(out / "flutter_bootstrap.js")
    from flet_web.patch_index import patch_font_manifest_json  # noqa: PLC0415

    # Roboto from the folder, as Flet's no-CDN server does; otherwise Flutter asks for it by a CDN path.
    patch_font_manifest_json(str(out / "assets" / "FontManifest.json"))
    _write_icons_and_manifest(out)
    for name in ("companion.js", "companion-rive.js"):
        shutil.copyfile(CLIENT_DIR / name, out / name)

    files = sorted(_walk(out))
    version = _version(out, files)
    (out / "sw.js").write_text(_service_worker(files + [MARKER], version), encoding="utf-8")
    (out / MARKER).write_text(json.dumps({"version": version, "files": len(files) + 2}) + "\n",
                              encoding="utf-8")

    report = BuildReport(out_dir=out, version=version, wheels=wheels)
    for rel in _walk(out):
        size = (out / rel).stat().st_size
        report.files += 1
        report.total_bytes += size
        report.parts[_part(rel)] = report.parts.get(_part(rel), 0) + size
    return report


def _part(rel: str) -> str:
    if rel.startswith("pyodide/") and rel.endswith(".whl"):
        return "pyodide/ (wheels)"
    if rel.startswith("pyodide/"):
        return "pyodide/ (Python runtime)"
    if rel.startswith("canvaskit/"):
        return "canvaskit/ (Flutter's renderer)"
    if rel.startswith("main.dart."):
        return "main.dart.* (Flet's client)"
    if "/" in rel:
        return rel.split("/", 1)[0] + "/"
    return rel if rel == APP_ARCHIVE else "other files"


def _walk(root: Path) -> Iterator[str]:
    for folder, _dirs, names in os.walk(root):
        for name in names:
            yield (Path(folder) / name).relative_to(root).as_posix()


def _base_href(base_path: str) -> str:
    text = (base_path or "/").strip()
    if not re.fullmatch(r"/?([A-Za-z0-9._~-]+/?)*", text) or ".." in text.split("/"):
        raise BuildError(f"--base-path must be the URL path the folder is served at, such as / or /companion/, "
                         f"not {base_path!r}")
    text = text.strip("/")
    return "/" if not text else f"/{text}/"


def _check_target(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise BuildError(f"{out} exists and is not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise BuildError(f"{out} is not empty and holds no earlier build; choose a new or empty folder")


def _replace_dir(staging: Path, out: Path) -> None:
    if out.exists():
        old = out.with_name(f".{out.name}.old")
        if old.exists():
            shutil.rmtree(old)
        out.rename(old)
        staging.rename(out)
        shutil.rmtree(old, ignore_errors=True)
    else:
        staging.rename(out)


def _lock_wheels(lock_path: Path, wheels: list[BuiltWheel]) -> None:
    """List the wheels in Pyodide's lock file, so that `loadPackage` (and micropip) take them from the
    folder; an entry of the same name (msgpack, built for Pyodide but not shipped) is replaced."""
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    for wheel in wheels:
        lock["packages"][wheel.name] = {
            "name": wheel.name, "version": wheel.version, "file_name": wheel.file_name,
            "install_dir": "site", "sha256": wheel.sha256, "package_type": "package",
            "imports": list(wheel.imports), "depends": list(wheel.depends), "unvendored_tests": False,
            "shared_library": False,
        }
    lock_path.write_text(json.dumps(lock, sort_keys=True), encoding="utf-8")


def _app_archive(wheels: list[BuiltWheel]) -> bytes:
    """The app's code and game data, unpacked by Flet's worker into Python's working folder."""
    from companion.paths import data_root  # noqa: PLC0415

    package = Path(__file__).resolve().parent.parent
    members: dict[str, bytes] = {}
    for rel in _walk(package):
        name = f"companion/{rel}"
        if _APP_LEFT_OUT.search(name) or not rel.endswith(".py"):
            continue
        members[name] = (package / rel).read_bytes()
    data = data_root()
    for rel in _walk(data):
        # The game data, and the compiled catalogs the app speaks French, German and Polish from (their .po
        # sources are for translators, not for the page).
        if rel.endswith((".json", ".mo")):
            members[f"companion/_data/{rel}"] = (data / rel).read_bytes()
    # The same entry as `flet build` runs: in a page it hands over to companion.browser.app.
    members[f"{ENTRY_MODULE}.py"] = (b'"""Entry module of the static build: start the companion in this page."""\n\n'
                                     b"from companion.main import run\n\nrun()\n")
    # Flet's worker installs these with micropip, which finds each in the folder's Pyodide lock file.
    members["requirements.txt"] = "".join(f"{w.name}=={w.version}\n" for w in wheels).encode()
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name in sorted(members):
            info = tarfile.TarInfo(name)
            info.size = len(members[name])
            info.mtime = 1577836800
            info.mode = 0o644
            tar.addfile(info, io.BytesIO(members[name]))
    return gzip.compress(raw.getvalue(), compresslevel=9, mtime=0)


def _write_index(index: Path, base: str, pyodide_version: str) -> None:
    from flet.controls.types import RouteUrlStrategy  # noqa: PLC0415
    from flet_web.patch_index import patch_index_html  # noqa: PLC0415

    from companion.ui.shell.home import APP_TITLE  # noqa: PLC0415

    # Hash routes: a static host knows only the files, so a reload of "#/players" must still load index.html.
    patch_index_html(str(index), base_href=base, app_name=APP_TITLE,
                     app_description="Score sheets, rules and solo opponents for climbing games",
                     pyodide=True, pyodide_script_path=f"{ENTRY_MODULE}.py", pyodide_version=pyodide_version,
                     app_package_url=APP_ARCHIVE, route_url_strategy=RouteUrlStrategy.HASH, no_cdn=True)
    text = index.read_text(encoding="utf-8")
    text = inject_client(text)
    # Flet's worker loads the runtime with import(), which takes no bare relative path: make it absolute.
    relative = 'flet.pyodideUrl="pyodide/pyodide.mjs";'
    if relative not in text:
        raise BuildError("flet-web's index.html has changed: the Pyodide URL is not where the build expects it")
    text = text.replace(relative, 'flet.pyodideUrl=new URL("pyodide/pyodide.mjs", document.baseURI).href;')
    text = text.replace('<link rel="apple-touch-icon" href="icons/apple-touch-icon-192.png">',
                        '<link rel="apple-touch-icon" href="icons/apple-touch-icon-192.png">\n'
                        f'  <meta name="theme-color" content="{THEME_COLOUR}">')
    index.write_text(text, encoding="utf-8")


def inject_client(index_html: str) -> str:
    """Add `companion.js` right after Flet's `python.js` (it wraps what that defines)."""
    tag = '<script src="python.js"></script>'
    if tag not in index_html:
        raise BuildError("flet-web's index.html has changed: it no longer loads python.js; update the build")
    return index_html.replace(tag, tag + '\n  <script src="companion.js"></script>', 1)


def _drop_flutter_service_worker(bootstrap: Path) -> None:
    text = bootstrap.read_text(encoding="utf-8")
    patched, count = _BOOTSTRAP_SW.subn("", text)
    if count != 1:
        raise BuildError("flet-web's flutter_bootstrap.js has changed: it no longer names Flutter's service "
                         "worker where the build expects it; update the build")
    bootstrap.write_text(patched, encoding="utf-8")


def _write_icons_and_manifest(out: Path) -> None:
    icons = out / "icons"
    icons.mkdir(exist_ok=True)
    wanted = {"icon-192.png": "icon-192.png", "icon-512.png": "icon-512.png",
              "icon-maskable-512.png": "icon-maskable-512.png", "apple-touch-icon-192.png": "icon-192.png"}
    for target, source in wanted.items():
        path = ICONS_DIR / source
        if not path.is_file():
            raise BuildError(f"the app icon {path} is missing")
        shutil.copyfile(path, icons / target)
    shutil.copyfile(ICONS_DIR / "icon-192.png", out / "favicon.png")
    # The picture the page shows while the app loads (a first start takes a while): the app's own icon, so
    # that the page is seen to be the companion's, not a framework's logo.
    shutil.copyfile(ICONS_DIR / "icon-512.png", icons / "loading-animation.png")
    from companion.ui.shell.home import APP_TITLE  # noqa: PLC0415

    manifest = {
        "name": APP_TITLE, "short_name": "Companion", "id": "./", "start_url": "./", "scope": "./",
        "display": "standalone", "orientation": "any", "background_color": BACKGROUND_COLOUR,
        "theme_color": THEME_COLOUR,
        "description": "Score sheets, rules and solo opponents for Trek 12, 14ers, Ridgeline and Freunde. "
                       "Works offline.",
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
        ],
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


def _version(out: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0")
        digest.update(hashlib.sha256((out / rel).read_bytes()).digest())
    return digest.hexdigest()[:16]


def _service_worker(files: list[str], version: str) -> str:
    template = (CLIENT_DIR / "sw.js").read_text(encoding="utf-8")
    listed = json.dumps(["./"] + sorted(files), indent=0)
    return template.replace('"__VERSION__"', json.dumps(version)).replace("[/*__FILES__*/]", listed)


def _mb(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"
