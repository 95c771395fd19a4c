"""``python -m game``: open the game window (``--help`` lists the options)."""

from __future__ import annotations

import sys

from game.ui.app import main

if __name__ == "__main__":
    sys.exit(main())
