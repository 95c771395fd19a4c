"""Oracle seats: ``hard`` told what its view hides, to measure how much knowing it is worth.

They exist only for measurement (``benchmarks/ceilings.py``): a level never is one, and
the table never offers them. Each plays exactly as ``hard`` does, with one more fact
handed to it before each decision by :func:`tell` (a tournament ``tip``):

- :class:`SeesHands` knows every other seat's hand, so the next stock card is one of
  the stock's cards rather than one of all the cards it has not seen;
- :class:`SeesNextCard` knows, when it draws, the card on top of the stock, and weighs
  drawing it exactly as it weighs taking the discard.

What such a seat gains over ``hard`` bounds what reading the others, or guessing the
stock better, could ever bring.
"""

from __future__ import annotations

from collections import Counter

from game.ai.outlook import Outlook
from game.ai.planner import HardPolicy
from game.ai.policy import Policy
from game.engine.actions import Phase
from game.engine.cards import Card
from game.engine.match import Match
from game.engine.view import PlayerView


class SeesHands(HardPolicy):
    """``hard`` that knows which cards the stock holds (every hand is shown to it)."""

    name = "sees-hands"

    stock: Counter[int] | None = None
    """The stock's cards by ordinal, as :func:`tell` last said."""

    def _unseen(self, view: PlayerView) -> Counter[int]:
        return super()._unseen(view) if self.stock is None else self.stock


class SeesNextCard(HardPolicy):
    """``hard`` that knows the top card of the stock when it draws."""

    name = "sees-next-card"

    next_card: Card | None = None
    """The top of the stock at this seat's draw, as :func:`tell` last said (``None``
    in its discard phase)."""

    def _stock_worth(self, view: PlayerView, outlook: Outlook) -> float:
        card = self.next_card
        if card is None:
            return super()._stock_worth(view, outlook)
        unseen = outlook.unseen.copy()
        unseen[card.ordinal] -= 1
        after = Outlook(outlook.evaluator, +unseen)
        hand = [*view.hand, card]
        return self._drawn_worth(view, after, hand, after.evaluator.discard_options(hand))


def tell(match: Match, seat: int, policy: Policy) -> None:
    """Hand the oracle seat about to decide (``seat``, the one to move) the fact it is
    built to know."""
    if isinstance(policy, SeesHands):
        policy.stock = Counter(card.ordinal for card in match.stock)
    elif isinstance(policy, SeesNextCard):
        drawing = match.phase is Phase.DRAW and match.stock
        policy.next_card = match.stock[-1] if drawing else None
