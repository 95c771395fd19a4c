"""The shipped files and modules: how the smoke test finds what a bundle left out."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.resources import unimportable_modules


@pytest.fixture
def package(tmp_path: Path) -> Iterator[str]:
    """A package ``bundled`` of three modules, one needing a module that is not there, and a
    ``__main__`` that would end the run if it were imported."""
    folder = tmp_path / "bundled"
    (folder / "inner").mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    (folder / "fine.py").write_text("import json\n")
    (folder / "inner" / "__init__.py").write_text("")
    (folder / "inner" / "needy.py").write_text("import left_out_of_the_bundle\n")
    (folder / "__main__.py").write_text("raise SystemExit(3)\n")
    sys.path.insert(0, str(tmp_path))
    yield "bundled"
    sys.path.remove(str(tmp_path))
    for name in [name for name in sys.modules if name.split(".")[0] == "bundled"]:
        del sys.modules[name]


def test_a_module_that_cannot_be_imported_is_named_with_why(package: str) -> None:
    assert unimportable_modules(package) == [
        "bundled.inner.needy (ModuleNotFoundError: No module named 'left_out_of_the_bundle')"
    ]


def test_every_module_of_the_game_can_be_imported() -> None:
    assert unimportable_modules() == []
