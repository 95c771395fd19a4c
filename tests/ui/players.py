"""A test player that sits at seat 0 and plays by mouse: it asks greedy what to do."""

from __future__ import annotations

import random

from game.ai.registry import make_policy
from game.engine.actions import Action, Discard, Draw, DrawSource
from game.ui.table.table import TableScene
from tests.ui.driver import drag


class MousePlayer:
    """Turns greedy's choices into drags on the real table."""

    def __init__(self, seed: int = 0) -> None:
        self.policy = make_policy("greedy", random.Random(seed))

    def choose(self, table: TableScene) -> Action:
        return self.policy.choose(table.match.view_for(0))

    def perform(self, table: TableScene, action: Action, slot: int | None = None) -> None:
        """Post the drag that plays ``action``; a draw lands before hand card ``slot``."""
        layout = table.layout
        if isinstance(action, Draw):
            pile = layout.pile_rect(action.source is DrawSource.STOCK).center
            slots = layout.hand_slots(len(table.hand) + 1)
            target = slots[len(slots) - 1 if slot is None else slot]
            drag(pile, (target[0] - 2, target[1]))
        else:
            assert isinstance(action, Discard)
            center = table.playback.stage.sprites[action.card].pose.center
            drag(center, layout.pile_rect(False).center)
