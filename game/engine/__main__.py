"""``python -m game.engine``: the engine's command line (see :mod:`game.engine.cli`)."""

from game.engine.cli import main
from game.engine.command_basics import run_command

raise SystemExit(run_command(main))
