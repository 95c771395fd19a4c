"""``sampler``: a plain depth-1 Monte Carlo seat, kept to measure the levels against.

It plays as a careful player who has not studied the game might. For each discard
it could make, it tries ten of the cards it has not seen as the next draw (the same
ten for every discard) and keeps the discard whose hand is lowest on average after
that draw and the best discard then; never a wild while a natural card can go. It
takes the discard pile's top card when that goes out, or when the hand it leaves is
no worse than the stock's sampled average. It is not offered at the table, and no
level is tuned against it alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import fmean

from game.ai.evaluation import Evaluator, legal_discards, unseen_cards, without
from game.ai.greedy import greedy_pick, options_after_taking, top_of_discard
from game.ai.policy import EvaluatingPolicy
from game.engine.actions import Action, Discard, Draw, DrawSource, Phase
from game.engine.cards import Card
from game.engine.view import PlayerView

SAMPLES = 10
"""How many possible next draws the sampler tries per decision."""


class SamplerPolicy(EvaluatingPolicy):
    """The depth-1 Monte Carlo seat."""

    name = "sampler"

    def choose(self, view: PlayerView) -> Action:
        evaluator = self._evaluators.for_view(view)
        draws = self.sample_draws(view)
        if view.phase is Phase.DRAW:
            takes = self._takes_discard(view, evaluator, draws)
            return Draw(DrawSource.DISCARD if takes else DrawSource.STOCK)
        move = self.lay_move(view)
        if move is not None:
            return move
        options = evaluator.discard_options(view.hand, legal_discards(view))
        if any(option.goes_out for option in options) or not draws:
            return Discard(greedy_pick(options).card)
        naturals = [option for option in options if not option.is_wild] or options
        best = min(
            naturals,
            key=lambda option: (
                after_draw(evaluator, without(view.hand, option.card), draws),
                option.penalty,
                -option.card_penalty,
            ),
        )
        return Discard(best.card)

    def sample_draws(self, view: PlayerView) -> list[Card]:
        """Up to :data:`SAMPLES` cards this seat has not seen, drawn at random."""
        unseen = [
            Card.from_ordinal(ordinal)
            for ordinal, count in sorted(unseen_cards(view).items())
            for _ in range(count)
        ]
        return self.rng.sample(unseen, min(SAMPLES, len(unseen)))

    def _takes_discard(self, view: PlayerView, evaluator: Evaluator, draws: list[Card]) -> bool:
        top = top_of_discard(view)
        if top is None:
            return False
        options = options_after_taking(view, evaluator, top)
        if any(option.goes_out for option in options):
            return True
        taken = min(option.penalty for option in options)
        return not draws or taken <= after_draw(evaluator, view.hand, draws)


def after_draw(evaluator: Evaluator, hand: Sequence[Card], draws: Sequence[Card]) -> float:
    """The mean lowest penalty of ``hand`` after drawing each of ``draws`` and the best
    discard."""
    return fmean(evaluator.best_discard_penalty([*hand, drawn]) for drawn in draws)
