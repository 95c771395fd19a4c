"""The AI imports only the engine: never pygame, never the user interface."""

from __future__ import annotations

from tests.isolated import run_isolated


def test_importing_the_ai_and_the_simulator_does_not_import_pygame() -> None:
    result = run_isolated(
        "import sys, game.ai, game.ai.hint, game.sim.tournament; "
        "sys.exit(any(name == 'pygame' or name.startswith('game.ui') for name in sys.modules))"
    )
    assert result.returncode == 0, result.stderr or "game.ai imported pygame or game.ui"
