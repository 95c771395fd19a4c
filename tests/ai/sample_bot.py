"""A policy from outside ``game.ai``, loaded by ``tests.ai.sample_bot:FirstLegalPolicy``."""

from __future__ import annotations

import random

from game.engine.actions import Action
from game.engine.view import PlayerView


class FirstLegalPolicy:
    """Always the first legal action: draw from the stock, discard the first card."""

    name = "first-legal"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        return view.legal_actions()[0]
