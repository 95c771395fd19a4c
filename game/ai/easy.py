"""``easy``: plays like a casual human, for beginners.

It always goes out when it can, never throws a wild while it holds a natural
card and never breaks up a meld it has. But it often misses a useful discard
pile card (even a wild), and now and then throws a random loose card instead
of the worst one (under contracts, never one the contract needs more than the
worst one). At the open table it lays down what it holds at once but often lets a
lay-off go by.
"""

from __future__ import annotations

from game.ai.evaluation import legal_discards
from game.ai.greedy import Appeal, discard_appeal, greedy_pick
from game.ai.policy import EvaluatingPolicy
from game.engine.actions import Action, Discard, Draw, DrawSource, LayOffCard, Phase
from game.engine.view import PlayerView

MISSES_USEFUL_DISCARD = 0.5
"""How often a useful discard pile card (wild, or lowering its penalty) is left there."""
THROWS_RANDOM_LOOSE_CARD = 0.4
"""How often it throws a random leftover card rather than the best one."""
MISSES_LAY_OFF = 0.5
"""How often, at the open table, it discards instead of laying off a card that fits."""


class EasyPolicy(EvaluatingPolicy):
    """A casual player: greedy at heart, with a casual player's slips."""

    name = "easy"

    def choose(self, view: PlayerView) -> Action:
        evaluator = self._evaluators.for_view(view)
        if view.phase is Phase.DRAW:
            appeal = discard_appeal(view, evaluator)
            take = appeal is Appeal.GOES_OUT or (
                appeal is not Appeal.NONE and self.rng.random() >= MISSES_USEFUL_DISCARD
            )
            return Draw(DrawSource.DISCARD if take else DrawSource.STOCK)
        move = self.lay_move(view)
        if move is not None and (
            not isinstance(move, LayOffCard) or self.rng.random() >= MISSES_LAY_OFF
        ):
            return move
        options = evaluator.discard_options(view.hand, legal_discards(view))
        best = greedy_pick(options)
        if best.goes_out or self.rng.random() >= THROWS_RANDOM_LOOSE_CARD:
            return Discard(best.card)
        total = evaluator.penalty(view.hand)
        loose = [
            option
            for option in options
            if not option.is_wild
            and option.penalty == total - option.card_penalty
            and option.shortfall <= best.shortfall
        ]
        return Discard(self.rng.choice(loose).card if loose else best.card)
