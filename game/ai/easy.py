"""``easy``: plays like a casual human, for beginners.

It always goes out when it can, never throws a wild while it holds a natural
card and never breaks up a meld it has. But it often misses a useful discard
pile card, and now and then throws a random loose card instead of the worst one.
"""

from __future__ import annotations

import random

from game.ai.evaluation import legal_discards
from game.ai.greedy import greedy_pick, options_after_taking, top_of_discard
from game.ai.policy import EvaluatorCache
from game.engine.actions import Action, Discard, Draw, DrawSource, Phase
from game.engine.view import PlayerView

MISSES_USEFUL_DISCARD = 0.5
"""How often a card that would lower its penalty is left on the discard pile."""
THROWS_RANDOM_LOOSE_CARD = 0.4
"""How often it throws a random leftover card rather than the best one."""


class EasyPolicy:
    """A casual player: greedy at heart, with a casual player's slips."""

    name = "easy"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()
        self._evaluators = EvaluatorCache()

    def choose(self, view: PlayerView) -> Action:
        evaluator = self._evaluators.for_view(view)
        if view.phase is Phase.DRAW:
            top = top_of_discard(view)
            take = False
            if top is not None:
                options = options_after_taking(view, evaluator, top)
                if any(option.goes_out for option in options):
                    take = True
                elif min(o.penalty for o in options) < evaluator.penalty(view.hand):
                    take = self.rng.random() >= MISSES_USEFUL_DISCARD
            return Draw(DrawSource.DISCARD if take else DrawSource.STOCK)
        options = evaluator.discard_options(view.hand, legal_discards(view))
        best = greedy_pick(options)
        if best.goes_out or self.rng.random() >= THROWS_RANDOM_LOOSE_CARD:
            return Discard(best.card)
        total = evaluator.penalty(view.hand)
        loose = [
            option
            for option in options
            if not option.is_wild and option.penalty == total - option.card_penalty
        ]
        return Discard(self.rng.choice(loose).card if loose else best.card)
