"""A test player that sits at seat 0 and plays by mouse: it asks greedy what to do."""

from __future__ import annotations

import random

from game.ai.registry import make_policy
from game.engine.actions import Action, Discard, Draw, DrawSource
from game.ui.kit.art import card_width
from game.ui.table.table import TableScene
from tests.ui.driver import drag


class MousePlayer:
    """Turns greedy's choices into drags on the real table."""

    def __init__(self, seed: int = 0) -> None:
        self.policy = make_policy("greedy", random.Random(seed))

    def choose(self, table: TableScene) -> Action:
        return self.policy.choose(table.match.view_for(0))

    def perform(self, table: TableScene, action: Action, slot: int | None = None) -> None:
        """Post the drag that plays ``action``; a draw is dropped before hand card ``slot``
        (between it and the one before), or after the last card."""
        layout = table.layout
        if isinstance(action, Draw):
            pile = layout.pile_rect(action.source is DrawSource.STOCK).center
            xs = [x for x, _y in layout.hand_slots(len(table.hand))]
            quarter = card_width(layout.hand_height) / 4
            if slot is None or slot >= len(xs):
                x = xs[-1] + quarter
            else:
                x = xs[0] - quarter if slot == 0 else (xs[slot - 1] + xs[slot]) / 2
            drag(pile, (x, layout.hand_center_y))
        else:
            assert isinstance(action, Discard)
            center = table.playback.stage.sprites[action.card].pose.center
            drag(center, layout.pile_rect(False).center)
