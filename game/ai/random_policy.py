"""``random``: any legal action, uniformly. A sanity baseline, not an opponent."""

from __future__ import annotations

import random

from game.engine.actions import Action
from game.engine.view import PlayerView


class RandomPolicy:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal_actions())
