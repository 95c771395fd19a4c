"""The AI imports only the engine (never its Match): no pygame, no user interface."""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil

import pytest

import game.ai
from tests.import_graph import imports_of
from tests.isolated import run_isolated

AI_MODULES = [
    "game.ai",
    *(f"game.ai.{info.name}" for info in pkgutil.iter_modules(game.ai.__path__)),
]
"""The package and every module of game.ai."""


def test_importing_the_ai_and_the_simulator_does_not_import_pygame() -> None:
    result = run_isolated(
        "import sys, game.ai, game.ai.hint, game.sim.tournament; "
        "sys.exit(any(name == 'pygame' or name.startswith('game.ui') for name in sys.modules))"
    )
    assert result.returncode == 0, result.stderr or "game.ai imported pygame or game.ui"


@pytest.mark.parametrize("module_name", AI_MODULES)
def test_the_ai_marks_words_but_never_translates_them(module_name: str) -> None:
    """Of the languages, the AI takes only the marker ``N_`` (its levels' names and
    explanations are translated where they are shown)."""
    imported = imports_of(inspect.getsource(importlib.import_module(module_name)))
    languages = {name for name in imported if name.startswith("game.i18n")}
    assert languages <= {"game.i18n", "game.i18n.N_"}
    assert "game.i18n" not in languages or "game.i18n.N_" in languages, "import N_ by name"


@pytest.mark.parametrize("module_name", AI_MODULES)
def test_the_ai_never_imports_the_match(module_name: str) -> None:
    """A seat plays from its view: no game.ai module, nor any of its doctests, reaches
    for :class:`~game.engine.match.Match` (importing game.engine itself is unavoidable)."""
    module = importlib.import_module(module_name)
    sources = [inspect.getsource(module)]
    for test in doctest.DocTestFinder().find(module):
        sources += [example.source for example in test.examples]
    imported = set().union(*map(imports_of, sources))
    assert not {
        name
        for name in imported
        if name in {"game.engine.match", "game.engine.Match"}
        or name.startswith("game.engine.match.")
    }
