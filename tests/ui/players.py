"""A test player that sits at seat 0 and plays by mouse: it asks greedy what to do."""

from __future__ import annotations

import random

from game.ai.registry import make_policy
from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard
from game.engine.melds import MeldKind
from game.ui.app import App
from game.ui.kit.art import card_width
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, click, drag, step_until


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

    def lay(self, app: App, table: TableScene) -> bool:
        """At the open table, after the draw: lay one card off by a drag onto its meld, else
        pick the cards of a lay-down and press Lay down, whichever the engine allows first.
        True if the match changed (the table is at rest again)."""
        match = table.match
        legal = match.legal_actions()
        before = len(match.actions)
        offs = [action for action in legal if isinstance(action, LayOffCard)]
        downs = [action for action in legal if isinstance(action, LayDown)]
        stage = table.playback.stage
        if offs:
            off = offs[0]
            box = stage.meld_boxes()[off.meld]
            meld = match.table[off.meld].meld
            high = meld.kind is MeldKind.RUN and off.position > meld.high
            drop = (box.right - 2, box.centery) if high else (box.left + 2, box.centery)
            drag(stage.sprites[off.card].pose.center, drop)
        elif downs:
            for card in (card for meld in downs[0].melds for card in meld.cards):
                click(stage.sprites[card].pose.center)
                settled(app, table)
            button = next(b for b in table.shown_buttons() if b.label == "Lay down")
            click(button.rect.center)
        else:
            return False
        settled(app, table)
        return len(match.actions) > before

    def discard(self, table: TableScene) -> Discard:
        """Greedy's discard, or the first legal one where greedy would do something else."""
        choice = self.choose(table)
        if isinstance(choice, Discard):
            return choice
        return next(a for a in table.match.legal_actions() if isinstance(a, Discard))


def settled(app: App, table: TableScene) -> None:
    """Step until the table is at rest (then one frame more)."""
    step_until(app, lambda: not table.busy, frames=3000)
    app.step(FRAME)
