"""The AI imports only the engine: never pygame, never the user interface."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_importing_the_ai_and_the_simulator_does_not_import_pygame() -> None:
    code = (
        "import sys, game.ai, game.ai.hint, game.sim.tournament; "
        "sys.exit(any(name == 'pygame' or name.startswith('game.ui') for name in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r}); {code}"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr or "game.ai imported pygame or game.ui"
