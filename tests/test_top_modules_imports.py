"""The game's words (cards, rule options, rules text, hint lines) and the statistics import only
the engine, the languages and the standard library (the hint's words also the hint they word
and the engine's seating they call a seat by, the statistics the AI's levels and the rules' table
sizes they count by): no pygame, no user interface, no seats."""

from __future__ import annotations

import sys

import pytest

from tests.import_graph import game_modules, imports_of
from tests.isolated import run_isolated

MODULES = {
    "game.words.card_words": {"game.engine", "game.i18n"},
    "game.words.rule_options": {"game.engine", "game.i18n", "game.words.card_words"},
    "game.words.rules_text": {
        "game.engine",
        "game.i18n",
        "game.words.card_words",
        "game.words.contract_words",
        "game.words.rule_options",
        "game.words.rules_pictures",
    },
    "game.words.rules_pictures": {
        "game.engine",
        "game.i18n",
        "game.words.card_words",
        "game.words.contract_words",
    },
    "game.words.contract_words": {"game.engine", "game.i18n", "game.words.card_words"},
    "game.words.hint_words": {
        "game.engine",
        "game.i18n",
        "game.words.card_words",
        "game.words.contract_words",
        "game.ai.hint",
    },
    "game.profile.player_stats": {
        "game.ai.levels",
        "game.engine.rules",
        "game.i18n",
        "game.profile.json_format",
        "game.profile.settings",
        "game.files",
    },
}
"""Each module and the parts of game/ it may import."""


def allowed(name: str, parts: set[str]) -> bool:
    return any(name == part or name.startswith(f"{part}.") for part in parts)


@pytest.mark.parametrize("module", list(MODULES), ids=list(MODULES))
def test_a_top_module_imports_only_the_engine_and_the_standard_library(module: str) -> None:
    imported = imports_of(game_modules()[module].read_text("utf-8"))
    tops = {name.split(".")[0] for name in imported}
    assert "pygame" not in tops
    assert not {name for name in imported if name.startswith("game.ui")}
    outside_game = {top for top in tops if top not in {"game", "__future__"}}
    assert outside_game <= sys.stdlib_module_names, f"{module} imports {outside_game}"
    in_game = {name for name in imported if name.split(".")[0] == "game"}
    assert all(allowed(name, MODULES[module]) for name in in_game), f"{module}: {in_game}"


NOT_LOADED = {
    "game.words.card_words, game.words.rule_options, game.words.rules_text": (
        "pygame",
        "game.ui",
        "game.ai",
        "game.seats",
    ),
    "game.profile.player_stats": ("pygame", "game.ui", "game.seats"),
}
"""What importing the modules must not load (the statistics read the AI's levels)."""


@pytest.mark.parametrize("modules", list(NOT_LOADED), ids=["words", "statistics"])
def test_importing_them_loads_neither_pygame_nor_the_ui(modules: str) -> None:
    packages = NOT_LOADED[modules]
    prefixes = tuple(f"{package}." for package in packages)
    result = run_isolated(
        f"import sys, {modules}; "
        f"sys.exit(any(name in {packages!r} or name.startswith({prefixes!r}) "
        "for name in sys.modules))"
    )
    assert result.returncode == 0, result.stderr or f"one of {', '.join(packages)} loaded"
