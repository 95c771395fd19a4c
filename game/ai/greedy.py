"""``greedy``: the yardstick, played as the best open-source peer describes its bot.

Draw: take the discard if it lets the seat go out, lowers its minimum penalty,
or is a wild; otherwise draw from the stock. Discard: among discards that go
out, the highest-scoring card; otherwise the card whose removal leaves the
lowest penalty (ties: the one that keeps the round's contract cheapest, then the
highest card); never a wild while a non-wild can go. At the open table it lays down
every meld and lays off every card it can before discarding.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from game.ai.evaluation import DiscardOption, Evaluator, legal_discards
from game.ai.open_table import EAGER
from game.ai.policy import EvaluatingPolicy
from game.engine.actions import Action, Discard, Draw, DrawSource, Phase
from game.engine.cards import Card
from game.engine.view import PlayerView


def top_of_discard(view: PlayerView) -> Card | None:
    """The card this seat could take from the discard pile now, if any."""
    if view.discard_pile and view.is_legal(Draw(DrawSource.DISCARD)):
        return view.discard_pile[-1]
    return None


def options_after_taking(view: PlayerView, evaluator: Evaluator, top: Card) -> list[DiscardOption]:
    """The discards open to the seat if it takes ``top`` from the discard pile."""
    hand = [*view.hand, top]
    allowed = hand if view.rules.discard_taken_card else list(view.hand)
    return evaluator.discard_options(hand, allowed)


def greedy_pick(options: Sequence[DiscardOption]) -> DiscardOption:
    """The greedy discard among ``options`` (see the module docstring)."""
    naturals = [option for option in options if not option.is_wild] or list(options)
    going_out = [option for option in options if option.goes_out]
    if going_out:
        natural_outs = [option for option in going_out if not option.is_wild] or going_out
        return max(natural_outs, key=lambda option: option.card_penalty)
    return min(
        naturals, key=lambda option: (option.penalty, option.shortfall, -option.card_penalty)
    )


class Appeal(Enum):
    """Why the top of the discard pile is worth taking, by the greedy reading."""

    NONE = "none"
    """It is not: draw from the stock."""
    GOES_OUT = "goes out"
    """With it the seat can go out."""
    WILD = "wild"
    """It is wild."""
    LOWERS = "lowers"
    """It lowers the seat's minimum penalty."""


def discard_appeal(view: PlayerView, evaluator: Evaluator) -> Appeal:
    """Whether, and why, the greedy reading takes the top of the discard pile."""
    top = top_of_discard(view)
    if top is None:
        return Appeal.NONE
    options = options_after_taking(view, evaluator, top)
    if any(option.goes_out for option in options):
        return Appeal.GOES_OUT
    if top.is_wild(view.wild_rank):
        return Appeal.WILD
    if min(option.penalty for option in options) < evaluator.penalty(view.hand):
        return Appeal.LOWERS
    return Appeal.NONE


class GreedyPolicy(EvaluatingPolicy):
    """The greedy one-ply bot."""

    name = "greedy"
    table_play = EAGER

    def choose(self, view: PlayerView) -> Action:
        evaluator = self._evaluators.for_view(view)
        if view.phase is Phase.DRAW:
            return Draw(
                DrawSource.DISCARD if self.wants_discard(view, evaluator) else DrawSource.STOCK
            )
        move = self.lay_move(view)
        if move is not None:
            return move
        options = evaluator.discard_options(view.hand, legal_discards(view))
        return Discard(greedy_pick(options).card)

    def wants_discard(self, view: PlayerView, evaluator: Evaluator) -> bool:
        """Take the top of the discard pile: it is wild, goes out or lowers the penalty."""
        return discard_appeal(view, evaluator) is not Appeal.NONE
