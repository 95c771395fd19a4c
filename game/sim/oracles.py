"""Oracle seats: ``hard`` told what its view hides, to measure how much knowing it is worth.

They exist only for measurement (``benchmarks/ceilings.py``): a level never is one, and
the table never offers them. Each plays exactly as ``hard`` does, with one more fact
handed to it before each decision by :func:`tell` (a tournament ``tip``):

- :class:`SeesHands` knows every other seat's hand, so the next stock card is one of
  the stock's cards rather than one of all the cards it has not seen;
- :class:`SeesNextCard` knows, when it draws, the card on top of the stock, and weighs
  drawing it exactly as it weighs taking the discard;
- :class:`SeesOuts` knows every other hand and the stock, but only to tell how close
  the round is to its end: it expects fewer draws of its own the likelier another seat
  is to go out on its next draw, and never throws the next seat the card it goes out
  with.

What such a seat gains over ``hard`` bounds what reading the others, guessing the
stock better, or timing the round's end could ever bring.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

from game.ai.evaluation import DiscardOption, Evaluator
from game.ai.outlook import Outlook
from game.ai.planner import HARD, HardPolicy, Style
from game.ai.policy import Policy
from game.engine.actions import Action, Phase
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


class SeesOuts(HardPolicy):
    """``hard`` that knows which cards would let each other seat go out on its next draw.

    Before each decision it works out ``q``, the chance that no other seat goes out by
    drawing from the stock on its next turn, and looks ``far · q`` draws past the next
    one, where its style looks a fixed ``draws_ahead``. A discard that would let the
    next seat go out costs ``fed_out_cost`` points more.
    """

    name = "sees-outs"

    far: ClassVar[float] = 0.6
    """Draws looked past the next one when no other seat can go out next."""
    fed_out_cost: ClassVar[float] = 15.0
    """Points charged for throwing the next seat the card it goes out with."""

    def __init__(self, rng: random.Random | None = None, style: Style = HARD) -> None:
        super().__init__(rng, style)
        self._base_style = style
        self.hands: tuple[tuple[Card, ...], ...] = ()
        """Every seat's hand, as :func:`tell` last said."""
        self.stock: Counter[int] = Counter()
        """The stock's cards by ordinal, as :func:`tell` last said."""
        self._next_seat_outs: frozenset[int] = frozenset()

    def choose(self, view: PlayerView) -> Action:
        self._read_the_table(view)
        return super().choose(view)

    def round_goes_on(self, view: PlayerView) -> float:
        """The chance that no other seat goes out by its next draw from the stock."""
        evaluator = self._evaluators.for_view(view)
        drawable = sum(self.stock.values())
        chance = 1.0
        for seat, hand in enumerate(self.hands if drawable else ()):
            if seat == view.seat:
                continue
            outs = sum(
                count
                for ordinal, count in self.stock.items()
                if self._goes_out_with(evaluator, hand, ordinal)
            )
            chance *= 1 - outs / drawable
        return chance

    def _read_the_table(self, view: PlayerView) -> None:
        if not self.hands:
            return
        evaluator = self._evaluators.for_view(view)
        following = self.hands[(view.seat + 1) % len(self.hands)]
        self._next_seat_outs = frozenset(
            card.ordinal
            for card in view.hand
            if self._goes_out_with(evaluator, following, card.ordinal)
        )
        ahead = self.far * self.round_goes_on(view)
        self.style = dataclasses.replace(self._base_style, draws_ahead=ahead)

    @staticmethod
    def _goes_out_with(evaluator: Evaluator, hand: Sequence[Card], ordinal: int) -> bool:
        """Whether ``hand`` goes out once it draws the card ``ordinal`` (the evaluator
        remembers the penalties it has solved, so asking again is cheap)."""
        return evaluator.best_discard_penalty([*hand, Card.from_ordinal(ordinal)]) == 0

    def _feeding(self, view: PlayerView, option: DiscardOption) -> float:
        fed_out = option.card.ordinal in self._next_seat_outs
        return super()._feeding(view, option) + (self.fed_out_cost if fed_out else 0.0)


def tell(match: Match, seat: int, policy: Policy) -> None:
    """Hand the oracle seat about to decide (``seat``, the one to move) the fact it is
    built to know."""
    if isinstance(policy, SeesHands):
        policy.stock = stock_counts(match)
    elif isinstance(policy, SeesNextCard):
        drawing = match.phase is Phase.DRAW and match.stock
        policy.next_card = match.stock[-1] if drawing else None
    elif isinstance(policy, SeesOuts):
        policy.hands = match.hands
        policy.stock = stock_counts(match)


def stock_counts(match: Match) -> Counter[int]:
    """The stock's cards by ordinal."""
    return Counter(card.ordinal for card in match.stock)
