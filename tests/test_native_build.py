"""`flet build apk|ipa|web` from the repository root: what Flet's own build command makes of pyproject.toml,
the app folder and installed package it ships, the icons, and the entry module starting the app.

The build itself needs Flutter, a JDK and the Android SDK (downloaded from the internet), so it cannot run
here. Instead Flet's build command object (`flet_cli.commands.build.Command`) resolves the configuration
for real, and only the step that hands the app to Flutter's packager (`dart run serious_python:main
package ...`) is caught and read instead of run.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import io
import runpy
import shutil
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path
from types import ModuleType, SimpleNamespace

import flet as ft
import pytest
from PIL import Image, ImageChops, ImageStat

REPO = Path(__file__).resolve().parents[1]
APP_FOLDER = REPO / "companion"
ASSETS = APP_FOLDER / "assets"
THEME = (0x2E, 0x5E, 0x4E)


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module     # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


harness = _load("native_build_harness", REPO / "tests" / "ui" / "harness.py")
make_icons = _load("make_icons", REPO / "tests" / "make_icons.py")


def _pyproject() -> dict:
    with (REPO / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)


# -- what `flet build` resolves ---------------------------------------------------------------------


def _flet_build(target: str, build_dir: Path):
    """Flet's build command for `flet build <target>` run in the repository, up to packaging the app.

    Returns the command (its resolved settings) and the serious_python call it would make.
    """
    from flet_cli.commands.build import Command
    from flet_cli.utils.pyproject_toml import load_pyproject_toml
    from flet_cli.utils.python_versions import PythonRelease

    parser = argparse.ArgumentParser()
    command = Command(parser)
    command.options = parser.parse_args([target])      # no other flags: the path defaults to "."
    command.target_platform = target
    platform = command.platforms[target]
    command.package_platform = platform["package_platform"]
    command.config_platform = platform["config_platform"]
    # initialize_command() would also check for Flutter and fetch the Python build manifest; only the
    # paths it derives are needed here, with the app path resolved from the repository as the cwd.
    command.python_app_path = (REPO / command.options.python_app_path).resolve()
    command.get_pyproject = load_pyproject_toml(command.python_app_path)
    command.python_release = PythonRelease("3.12", "", "0.27.7", ("arm64-v8a", "armeabi-v7a", "x86_64"), False)
    command.build_dir = build_dir
    command.flutter_dir = build_dir / "flutter"
    command.flutter_packages_dir = build_dir / "flutter-packages"
    command.flutter_packages_temp_dir = build_dir / "flutter-packages-temp"
    command.dart_exe = "dart"
    command.emojis = {"checkmark": ""}
    command.update_status = lambda status: None

    def cleanup(code, message=None, **kwargs):
        raise AssertionError(f"flet build would stop ({code}): {message}")

    command.cleanup = cleanup
    build_dir.mkdir(parents=True, exist_ok=True)
    calls = []

    def run(args, cwd, env=None, capture_output=True):
        calls.append(SimpleNamespace(args=list(args), env=dict(env or {})))
        if command.package_platform == "Emscripten":
            (command.flutter_dir / "app").mkdir(parents=True, exist_ok=True)
            (command.flutter_dir / "app" / "app.zip").write_bytes(b"")
        else:
            (build_dir / "python-app").mkdir(parents=True, exist_ok=True)
        return SimpleNamespace(returncode=0, stdout="", stderr="")

    command.run = run
    command.validate_entry_point()
    command.setup_template_data()
    if target == "web":
        command.resolve_no_cdn = lambda: False     # bundling Pyodide would download it; not what is checked
    command.package_python_app()
    [package] = calls
    return command, package


def _values_after(args: list[str], flag: str) -> list[str]:
    return [args[i + 1] for i, arg in enumerate(args) if arg == flag]


@pytest.mark.parametrize("target", ["apk", "ipa", "web"])
def test_flet_build_finds_the_entry_module_and_names_the_app(target, tmp_path):
    command, package = _flet_build(target, tmp_path / "build")
    assert command.package_app_path.resolve() == APP_FOLDER
    assert command.python_module_name == "main"
    assert (command.package_app_path / command.python_module_filename).resolve() == APP_FOLDER / "main.py"
    data = command.template_data
    assert data["python_module_name"] == "main"
    assert data["product_name"] == "Climbing Companion"
    assert data["org_name"] == "app.climbingcompanion"
    assert data["bundle_id"] == "app.climbingcompanion.companion"
    assert data["project_description"] == _pyproject()["project"]["description"]
    # The app folder handed to the packager is companion/, as the app's root.
    assert Path(package.args[5]).resolve() == APP_FOLDER


@pytest.mark.parametrize("target", ["apk", "ipa", "web"])
def test_the_companion_package_is_installed_from_this_checkout(target, tmp_path):
    _, package = _flet_build(target, tmp_path / "build")
    requirements = _values_after(package.args, "-r")
    assert f"companion @ {REPO.as_uri()}" in requirements
    assert not any(r == "companion" or r.startswith("companion=") for r in requirements)  # never PyPI's


def test_android_keeps_the_package_unzipped_so_the_game_data_files_can_be_read(tmp_path):
    command, _ = _flet_build("apk", tmp_path / "build")
    assert command.android_extract_packages == ["companion"]


@pytest.mark.parametrize("target", ["apk", "ipa", "web"])
def test_the_app_folder_ships_only_the_entry_module_and_assets(target, tmp_path):
    """Everything else arrives as the installed package: a module added to companion/ must be excluded."""
    _, package = _flet_build(target, tmp_path / "build")
    excluded = set(_values_after(package.args, "--exclude"))
    # serious_python copies the folder's entries except the excluded relative paths.
    shipped = {entry.name for entry in APP_FOLDER.iterdir() if entry.name not in excluded}
    expected = {"main.py"} if target == "web" else {"main.py", "assets"}   # web serves assets/ itself
    assert shipped == expected, (
        f"companion/ would ship {sorted(shipped - expected)} in the app folder besides the installed package; "
        "add them to [tool.flet.app] exclude in pyproject.toml")


def test_the_wheel_carries_the_game_data_where_data_root_looks():
    hatch = _pyproject()["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert "companion" in hatch["packages"]
    assert hatch["force-include"]["data"] == "companion/_data"


def test_installed_beside_the_app_folder_the_package_finds_its_data(tmp_path):
    """The built app's layout: app folder (main.py, assets/) and the installed package with companion/_data."""
    app = tmp_path / "app"
    site = tmp_path / "site-packages"
    app.mkdir()
    shutil.copy2(APP_FOLDER / "main.py", app / "main.py")
    shutil.copytree(ASSETS, app / "assets")
    shutil.copytree(APP_FOLDER, site / "companion", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "data", site / "companion" / "_data")
    code = textwrap.dedent(f"""
        import sys
        sys.path[:0] = [{str(app)!r}, {str(site)!r}]
        import main                      # the built app's entry, as a top-level module
        import companion
        from companion.paths import data_root
        from companion.games.trek12.data import load_sheet
        print(companion.__file__)
        print(data_root())
        print(load_sheet("dunai").name)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    package_file, root, sheet = done.stdout.split("\n")[:3]
    assert Path(package_file).parent == site / "companion"
    assert Path(root) == site / "companion" / "_data"
    assert sheet.lower() == "dunai"


# -- the entry module --------------------------------------------------------------------------------


@pytest.fixture
def phone(monkeypatch, tmp_path):
    """A phone build's environment: the app's private folder, and a per-user folder that must stay empty."""
    storage = tmp_path / "app-storage" / "data"
    elsewhere = tmp_path / "per-user"
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(storage))
    monkeypatch.setenv("XDG_DATA_HOME", str(elsewhere))
    monkeypatch.setenv("FLET_PLATFORM", "android")
    return SimpleNamespace(storage=storage, elsewhere=elsewhere)


def _run_entry_as_built_app(monkeypatch, use_app) -> list[dict]:
    """Run companion/main.py as a built app does (`runpy.run_module("main", run_name="__main__")` with the app
    folder on sys.path); `ft.run(main)` drives the app with `use_app(ui)` in the in-process harness."""
    calls: list[dict] = []

    def fake_run(main, **options):
        calls.append(options)

        async def drive():
            ui = await harness.UiApp(main).start()
            try:
                await use_app(ui)
            finally:
                await ui.close()

        asyncio.run(drive())

    monkeypatch.setattr(ft, "run", fake_run)
    monkeypatch.syspath_prepend(str(APP_FOLDER))
    assert Path(importlib.util.find_spec("main").origin) == APP_FOLDER / "main.py"
    runpy.run_module("main", run_name="__main__")
    return calls


def test_the_built_app_opens_home_and_saves_in_its_private_folder(phone, monkeypatch):
    from companion.store import open_store
    from companion.ui.shell import app as ui_app

    modes = []
    real_build_main = ui_app.build_main

    def recording_build_main(store, **kwargs):
        modes.append(kwargs)
        return real_build_main(store, **kwargs)

    monkeypatch.setattr(ui_app, "build_main", recording_build_main)

    async def add_a_player(ui):
        assert ui.page.title == "Climbing Companion"
        assert ui.route == "/"
        ui.get("home-players")
        await ui.click("home-players")
        await ui.type("player-name", "Ann")
        await ui.click("player-add")
        assert "Ann" in ui.texts()

    calls = _run_entry_as_built_app(monkeypatch, add_a_player)
    assert calls == [{}]                          # Flet's own start-up: no web server, no port, no view
    assert modes == [{"desktop": False, "device": "phone"}]   # a phone's pickers hand files over as bytes
    assert any(phone.storage.iterdir())
    assert not phone.elsewhere.exists()
    store = open_store(phone.storage)             # the first run closed it; the save is on disk
    try:
        assert [p.name for p in store.players.list()] == ["Ann"]
    finally:
        store.close()


def test_a_data_folder_that_cannot_be_opened_is_explained_on_screen(phone, monkeypatch):
    phone.storage.parent.mkdir(parents=True)
    phone.storage.write_text("not a folder", encoding="utf-8")
    seen = []

    async def read(ui):
        seen.append(ui.get("start-failure").value)

    _run_entry_as_built_app(monkeypatch, read)
    [message] = seen
    assert message.startswith("The saved data cannot be opened:")
    assert str(phone.storage) in message


def test_inside_a_browser_the_browser_start_up_takes_over(phone, monkeypatch):
    """`flet build web` runs the entry module in Pyodide, where only the browser's own storage persists."""
    from companion.browser import app as browser_app
    from companion.main import run

    handed_over = []
    monkeypatch.setattr(browser_app, "run", lambda: handed_over.append(True))
    monkeypatch.setattr(ft, "run", lambda *a, **k: pytest.fail("the native start-up ran in a browser"))
    monkeypatch.setattr(sys, "platform", "emscripten")
    run()
    assert handed_over == [True]
    assert not phone.storage.exists()


@pytest.mark.parametrize(("platform", "owns"), [
    ("android", False), ("ios", False), ("", False), ("macos", True), ("windows", True), ("linux", True),
])
def test_only_a_built_desktop_app_reads_and_writes_file_paths_itself(platform, owns, monkeypatch):
    from companion.main import owns_its_files

    monkeypatch.setenv("FLET_PLATFORM", platform)
    assert owns_its_files() is owns


def test_importing_the_entry_module_starts_nothing(monkeypatch, tmp_path):
    monkeypatch.setattr(ft, "run", lambda *a, **k: pytest.fail("importing started the app"))
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "data"))
    monkeypatch.syspath_prepend(str(APP_FOLDER))
    for name in ("companion.main", "main"):
        sys.modules.pop(name, None)
        importlib.import_module(name)
        sys.modules.pop(name, None)
    assert not (tmp_path / "data").exists()


# -- icons ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(make_icons.FILES))
def test_the_icons_are_what_the_script_draws(name):
    design, size = make_icons.FILES[name]
    committed = Image.open(ASSETS / name)
    assert committed.size == (size, size)
    assert (ASSETS / name).stat().st_size < 40_000
    drawn = Image.open(io.BytesIO(make_icons.png_bytes(make_icons.draw(design, size))))
    difference = ImageStat.Stat(ImageChops.difference(committed.convert("RGBA"), drawn.convert("RGBA"))).mean
    assert max(difference) < 1.0, f"{name} differs from tests/make_icons.py; run the script"


def test_the_icons_are_opaque_on_the_theme_colour_and_the_splash_is_the_glyph_alone():
    for name in ("icon.png", "icon_android.png", "icon_web.png", "icon-192.png", "icon-512.png",
                 "icon-maskable-512.png"):
        image = Image.open(ASSETS / name).convert("RGBA")
        assert image.getextrema()[3] == (255, 255), name            # iOS rejects alpha; maskable must fill
        assert image.getpixel((2, 2))[:3] == THEME, name            # full-bleed background
        assert image.getpixel((image.width // 2, image.height // 2))[:3] != THEME, name   # the glyph
    splash = Image.open(ASSETS / "splash.png").convert("RGBA")
    assert splash.getpixel((2, 2))[3] == 0
    assert splash.getpixel((512, 512))[3] == 255


@pytest.mark.parametrize(("platform", "source"), [
    ("android", "icon_android.png"), ("ios", "icon.png"), ("web", "icon_web.png"),
])
def test_flets_icon_generator_takes_the_icons_as_finished(platform, source):
    from flet_platform_assets import IconOptions, load_source, render_icons

    image, pre_rendered = load_source(ASSETS / source)
    result = render_icons(image, IconOptions(background=THEME), platform=platform, pre_rendered=pre_rendered)
    assert result.warnings == []
    assert result.assets


def test_the_glyph_stays_inside_each_platforms_mask():
    """Android's adaptive icon shows a circle ~61% of the layer; a maskable web icon a circle 80% wide."""
    for name, limit in (("icon_android.png", 0.61), ("icon_web.png", 0.80), ("icon-maskable-512.png", 0.80)):
        image = Image.open(ASSETS / name).convert("RGB")
        side = image.width
        radius = limit * side / 2
        for x in range(0, side, max(1, side // 128)):
            for y in range(0, side, max(1, side // 128)):
                if (x - side / 2) ** 2 + (y - side / 2) ** 2 > radius ** 2:
                    assert image.getpixel((x, y)) == THEME, f"{name}: the glyph reaches ({x}, {y})"


def test_the_splash_is_drawn_on_the_theme_colour():
    splash = _pyproject()["tool"]["flet"]["splash"]
    assert splash["color"].upper() == splash["dark_color"].upper() == make_icons.BACKGROUND.upper()
    assert _pyproject()["tool"]["flet"]["icon_background"].upper() == make_icons.BACKGROUND.upper()


def test_what_every_install_needs_is_pure_python_but_msgpacks_optional_speed_up(tmp_path):
    # A phone package installs [project].dependencies from prebuilt wheels for the phone: the web server's
    # uvicorn[standard] (uvloop, httptools, watchfiles) and the desktop client have none, so they sit in
    # the 'computer' extra, never here.
    from packaging.requirements import Requirement

    from companion.browser.build import pyodide_environment
    from companion.browser.wheels import browser_distributions, build_wheel

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    roots = tuple(Requirement(text).name for text in project["dependencies"])
    assert not [text for text in project["dependencies"] if "[" in text], project["dependencies"]
    names = set()
    env = pyodide_environment()
    for dist in browser_distributions(env, roots):
        names.add(build_wheel(dist, tmp_path, env).name)   # raises WheelError on compiled code
    assert not names & {"flet-web", "flet-desktop", "flet-cli", "uvicorn", "fastapi", "uvloop", "httptools"}
    assert "flet[all]==1.0.5" in project["optional-dependencies"]["computer"]
