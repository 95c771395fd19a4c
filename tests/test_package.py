"""Packaging: the wheel carries the assets, and build.spec makes a working executable."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_every_game_package_is_listed_for_packaging() -> None:
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "game").rglob("__init__.py")
    }
    assert found | {"game.assets"} == listed


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The game's wheel, built once from this checkout."""
    wheels = tmp_path_factory.mktemp("wheels")
    subprocess.run(
        [sys.executable, "-m", "pip", "-q", "wheel", "--no-deps", "-w", str(wheels), str(ROOT)],
        check=True,
    )
    return next(wheels.glob("three_thirteen-*.whl"))


@pytest.mark.slow
def test_the_wheel_marks_the_game_as_typed(wheel: Path) -> None:
    """PEP 561: without game/py.typed a bot author's type checker sees game.engine and
    game.ai as untyped."""
    assert (ROOT / "game" / "py.typed").is_file()
    with zipfile.ZipFile(wheel) as archive:
        assert "game/py.typed" in archive.namelist()


@pytest.mark.slow
def test_an_installed_wheel_finds_its_assets(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    pip = [sys.executable, "-m", "pip", "-q"]
    subprocess.run([*pip, "install", "--no-deps", "--target", str(target), str(wheel)], check=True)
    code = (
        "from game.resources import asset_path\n"
        "for parts in [('cards', 'AS.svg'), ('sounds', 'draw.wav'), ('fonts', 'DejaVuSans.ttf'),"
        " ('icon.png',)]:\n"
        "    print(asset_path(*parts))\n"
        "from game import i18n\n"
        "assert all(i18n.has_catalogue(language) for language in i18n.LANGUAGES)\n"
        "i18n.use('fr'); assert i18n._('Discard pile') == 'Défausse', i18n._('Discard pile')\n"
    )
    env = dict(os.environ, PYTHONPATH=str(target))
    result = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(target)!r})\n{code}"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    paths = [Path(line) for line in result.stdout.split()]
    assert len(paths) == 4
    assert all(path.is_file() and target in path.parents for path in paths)


@pytest.mark.slow
def test_the_executable_builds_and_passes_its_smoke_test(tmp_path: Path) -> None:
    build = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    build += ["--distpath", str(tmp_path / "dist"), "--workpath", str(tmp_path / "build")]
    subprocess.run([*build, str(ROOT / "build.spec")], check=True, cwd=tmp_path, timeout=900)
    name = "ThreeThirteen.exe" if sys.platform == "win32" else "ThreeThirteen"
    executable = tmp_path / "dist" / name
    assert executable.is_file()
    bundled = next((tmp_path / "build").rglob("PYZ-00.toc")).read_text()
    for unwanted in ("'numpy", "'tkinter", "'unittest", "'pytest", "'hypothesis", "'asyncio"):
        assert unwanted not in bundled, f"{unwanted[1:]} is in the bundle"
    packaged = next((tmp_path / "build").rglob("PKG-00.toc")).read_text()
    for unwanted in ("libcrypto", "libssl", "pygame/_sdl2", ".po'", ".pot'", "icon.ico"):
        assert unwanted not in packaged, f"{unwanted} is in the bundle"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run(
        [str(executable), "--smoke-test"], cwd=tmp_path, env=env, capture_output=True, timeout=300
    )
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    assert b"one round played" in result.stdout
    assert b"languages: en fr nl it" in result.stdout, "the bundle finds every catalogue"
    assert b"cannot be imported" not in result.stdout, "the bundle left out a module"
