"""``collector``: a seat of another style, kept to measure the levels against.

It hoards sets. It takes the discard pile's top card when that goes out, is wild,
lowers its penalty, or matches the rank of a natural card it holds; and it keeps
the cards that share a rank with another of its cards, throwing the card whose
going leaves the lowest penalty with a charge of :data:`PAIR_CHARGE` points for each
card of its rank it would leave alone. At the open table it lays down and off as
``normal`` does. It is not offered at the table, and no level
is tuned against it alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.ai.evaluation import DiscardOption, legal_discards
from game.ai.greedy import Appeal, discard_appeal, greedy_pick, top_of_discard
from game.ai.policy import EvaluatingPolicy
from game.engine.actions import Action, Discard, Draw, DrawSource, Phase
from game.engine.cards import Card, Rank
from game.engine.view import PlayerView

PAIR_CHARGE = 4
"""Points the collector charges itself for breaking up cards of one rank."""


class CollectorPolicy(EvaluatingPolicy):
    """The set hoarder."""

    name = "collector"

    def choose(self, view: PlayerView) -> Action:
        evaluator = self._evaluators.for_view(view)
        ranks = natural_ranks(view.hand, view.wild_rank)
        if view.phase is Phase.DRAW:
            top = top_of_discard(view)
            matches = top is not None and top.rank is not None and ranks[top.rank] > 0
            takes = matches or discard_appeal(view, evaluator) is not Appeal.NONE
            return Draw(DrawSource.DISCARD if takes else DrawSource.STOCK)
        move = self.lay_move(view)
        if move is not None:
            return move
        options = evaluator.discard_options(view.hand, legal_discards(view))
        if any(option.goes_out for option in options) or view.last_turns:
            return Discard(greedy_pick(options).card)
        naturals = [option for option in options if not option.is_wild] or options

        def cost(option: DiscardOption) -> tuple[int, int]:
            rank = option.card.rank
            companions = ranks[rank] - 1 if rank is not None and not option.is_wild else 0
            return (option.penalty + PAIR_CHARGE * companions, -option.card_penalty)

        return Discard(min(naturals, key=cost).card)


def natural_ranks(hand: Sequence[Card], wild_rank: Rank) -> Counter[Rank]:
    """How many natural (not wild) cards of each rank ``hand`` holds."""
    return Counter(
        card.rank for card in hand if card.rank is not None and not card.is_wild(wild_rank)
    )
