"""Seats that fail in the ways a worker can: stuck on a decision, or raising."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

from game.ai.greedy import GreedyPolicy
from game.engine.actions import Action
from game.engine.view import PlayerView

STUCK_FLAG = "THREE_THIRTEEN_TEST_STUCK_FLAG"
"""Environment variable naming the file where a stuck seat writes its process id."""


class StuckOnceBot:
    """Hangs on its first decision ever (the flag file tells later processes), then plays greedy."""

    def __init__(self, rng: random.Random) -> None:
        self._greedy = GreedyPolicy(rng)

    def choose(self, view: PlayerView) -> Action:
        flag = Path(os.environ[STUCK_FLAG])
        if not flag.exists():
            flag.write_text(str(os.getpid()))
            time.sleep(3600)
        return self._greedy.choose(view)


class StuckBot:
    """Never answers."""

    def __init__(self, rng: random.Random) -> None:
        pass

    def choose(self, view: PlayerView) -> Action:
        time.sleep(3600)
        raise AssertionError("unreachable")


class BrokenBot:
    """Raises on every decision."""

    def __init__(self, rng: random.Random) -> None:
        pass

    def choose(self, view: PlayerView) -> Action:
        raise RuntimeError("this seat is broken")
