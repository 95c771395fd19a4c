"""``python -m game.review``: the review's command line (the review is :mod:`game.sim.review`)."""

from __future__ import annotations

import sys

from game.engine.command_basics import run_command
from game.sim.review import main

if __name__ == "__main__":
    sys.exit(run_command(main))
