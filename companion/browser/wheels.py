"""Wheels for the browser, made from the distributions installed beside the companion.

The static build must carry every Python package the app needs, so that a phone fetches nothing from a
package index. The packages are taken from this environment (the versions `uv.lock` pins), which makes the
build work without a network and ship exactly what the tests ran against. Each is packed back into a wheel
tagged `py3-none-any`; one that holds compiled code is refused, except msgpack, whose C extension is an
optional speed-up: without `_cmsgpack` it imports its own pure-Python implementation (`msgpack.fallback`).
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from companion.errors import CompanionError

__all__ = ["BROWSER_ROOTS", "BuiltWheel", "WheelError", "browser_distributions", "build_wheel"]

# What the app imports in a browser; their dependencies follow from their metadata. Left out on purpose:
# the web server (flet-web, fastapi, uvicorn), the desktop client, and the LAN join (ifaddr, qrcode),
# none of which a page running Python itself can use.
BROWSER_ROOTS = ("flet", "flet-charts", "tinydb", "platformdirs")

# Compiled parts a distribution may drop because it works without them.
_OPTIONAL_COMPILED = {"msgpack": re.compile(r"^msgpack/_cmsgpack\.")}
_COMPILED = re.compile(r"\.(so|pyd|dylib|dll)$|\.cpython-|\.abi3\.")
_SKIPPED = re.compile(r"(^|/)__pycache__/|\.pyc$|\.dist-info/(RECORD|INSTALLER|REQUESTED|direct_url\.json)$")
# Fixed so that the same sources always make the same bytes (the service worker's version hashes them).
_ZIP_TIME = (2020, 1, 1, 0, 0, 0)


class WheelError(CompanionError):
    """A distribution cannot be packed for the browser."""


@dataclass(frozen=True)
class BuiltWheel:
    """One wheel written for the browser build."""

    name: str               # canonical distribution name
    version: str
    file_name: str
    sha256: str
    depends: tuple[str, ...]    # canonical names of what it needs in the browser
    imports: tuple[str, ...]    # its top-level import names
    size: int


def browser_environment(python: str) -> dict[str, str]:
    """PEP 508 marker values of Pyodide running CPython `python` (e.g. "3.14.2", from its lock file's
    info) on Emscripten."""
    env = dict(default_environment())
    env.update(sys_platform="emscripten", platform_system="Emscripten", platform_machine="wasm32",
               os_name="posix", python_version=".".join(python.split(".")[:2]), python_full_version=python,
               implementation_name="cpython", platform_python_implementation="CPython")
    return env


def _needs(dist: metadata.Distribution, env: dict[str, str]) -> list[str]:
    needed = []
    for text in dist.requires or []:
        requirement = Requirement(text)
        if requirement.marker is None or requirement.marker.evaluate({**env, "extra": ""}):
            needed.append(canonicalize_name(requirement.name))
    return needed


def browser_distributions(env: dict[str, str],
                          roots: tuple[str, ...] = BROWSER_ROOTS) -> list[metadata.Distribution]:
    """The installed distributions the browser needs: `roots` and everything they require there (`env`:
    `browser_environment`), in order."""
    seen: dict[str, metadata.Distribution] = {}
    pending = [canonicalize_name(name) for name in roots]
    while pending:
        name = pending.pop(0)
        if name in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            raise WheelError(f"{name} is needed in the browser but is not installed here; "
                             "run the build from the companion's environment (uv run companion build web ...)"
                             ) from None
        seen[name] = dist
        pending.extend(_needs(dist, env))
    return list(seen.values())


def build_wheel(dist: metadata.Distribution, out_dir: Path, env: dict[str, str]) -> BuiltWheel:
    """Pack an installed distribution into a pure-Python wheel in `out_dir` (its dependencies read under
    `env`)."""
    name = canonicalize_name(dist.metadata["Name"])
    version = dist.version
    files = [f for f in (dist.files or []) if not str(f).startswith("..")]
    if not files:
        raise WheelError(f"{name} {version} lists no installed files (RECORD); reinstall it")
    optional = _OPTIONAL_COMPILED.get(name)
    members: list[tuple[str, bytes]] = []
    dist_info = None
    for file in files:
        path = str(file).replace("\\", "/")
        if _SKIPPED.search(path):
            continue
        if _COMPILED.search(path.rsplit("/", 1)[-1]):
            if optional is not None and optional.search(path):
                continue
            raise WheelError(f"{name} {version} contains compiled code ({path}); it cannot run in a browser")
        if path.endswith(".dist-info/METADATA"):
            dist_info = path.rsplit("/", 1)[0]
        if path.endswith(".dist-info/WHEEL"):
            continue                      # rewritten below: the tags must say pure Python
        members.append((path, Path(file.locate()).read_bytes()))
    if dist_info is None:
        raise WheelError(f"{name} {version} has no METADATA")
    wheel_meta = ("Wheel-Version: 1.0\nGenerator: companion build web\nRoot-Is-Purelib: true\n"
                  "Tag: py3-none-any\n").encode()
    members.append((f"{dist_info}/WHEEL", wheel_meta))
    members.sort()
    record_lines = [f"{path},sha256={_digest(data)},{len(data)}" for path, data in members]
    record_lines.append(f"{dist_info}/RECORD,,")
    members.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path, data in members:
            info = zipfile.ZipInfo(path, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    payload = buffer.getvalue()
    file_name = f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / file_name).write_bytes(payload)
    return BuiltWheel(name=name, version=version, file_name=file_name,
                      sha256=hashlib.sha256(payload).hexdigest(),
                      depends=tuple(_needs(dist, env)),
                      imports=_top_level(name, members), size=len(payload))


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _top_level(name: str, members: list[tuple[str, bytes]]) -> tuple[str, ...]:
    tops = set()
    for path, _data in members:
        head = path.split("/", 1)[0]
        if head.endswith((".dist-info", ".data")):
            continue
        if "/" in path:
            tops.add(head)
        elif path.endswith(".py"):
            tops.add(path[:-3])
    return tuple(sorted(tops)) or (name.replace("-", "_"),)
