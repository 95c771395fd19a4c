"""``teacher``: the other seat of Learn to play, as plain as a seat can be.

It always draws from the stock and throws its dearest card (the higher card of a tie), so
the guided round on its fixed deal plays the same every time: the teacher never takes
your discard and, on that deal, never goes out.
"""

from __future__ import annotations

import random

from game.ai.levels import TEACHER
from game.engine.actions import Action, Discard, Draw, DrawSource, Phase
from game.engine.view import PlayerView


class TeacherPolicy:
    """Draws from the stock, throws its dearest card."""

    name = TEACHER.name

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def choose(self, view: PlayerView) -> Action:
        if view.phase is Phase.DRAW:
            return Draw(DrawSource.STOCK)
        throws = [action.card for action in view.legal_actions() if isinstance(action, Discard)]
        return Discard(
            max(throws, key=lambda card: (view.rules.penalty(card, view.wild_rank), card.ordinal))
        )
