"""A seat that thinks for a while before playing greedy's move (for responsiveness tests)."""

from __future__ import annotations

import random
import time

from game.ai.greedy import GreedyPolicy
from game.engine.actions import Action
from game.engine.view import PlayerView


class SlowBot:
    """Greedy, after a pause of ``SECONDS``."""

    SECONDS = 1.5

    def __init__(self, rng: random.Random) -> None:
        self._greedy = GreedyPolicy(rng)

    def choose(self, view: PlayerView) -> Action:
        time.sleep(self.SECONDS)
        return self._greedy.choose(view)
