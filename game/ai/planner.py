"""The thinking seats (``normal`` and ``hard``): weigh each hand by its outlook.

A hand ``H`` kept after a discard is worth ``pen(H) - k · potential(H)``
(see :mod:`game.ai.outlook`): its penalty now, less what the coming draws are
expected to take off it. ``k`` is how many more draws the seat expects before
the round ends — at least the next one, since even after someone goes out every
other seat still draws once more. A card the next seat is known to want costs a
little extra to throw. On its very last turn a seat plays exactly: the lowest
penalty now.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.ai.evaluation import DiscardOption, Evaluator, legal_discards, unseen_cards
from game.ai.greedy import greedy_pick, top_of_discard
from game.ai.outlook import Outlook
from game.ai.policy import EvaluatorCache
from game.engine.actions import Action, Discard, Draw, DrawSource, Phase
from game.engine.cards import Card
from game.engine.view import PlayerView


@dataclass(frozen=True, slots=True)
class Style:
    """How a planning seat weighs its options."""

    draws_ahead: Callable[[PlayerView], float]
    """How many more draws (after the coming one) the seat expects this round."""
    candidates: int
    """How many of the best discards by penalty now are weighed by outlook."""
    feeding_cost: float
    """Points charged for each sign that the next seat wants the discarded card."""


def next_seat_wants(view: PlayerView, card: Card) -> int:
    """How many cards the next seat took from the discard pile that ``card`` fits with."""
    if card.rank is None or card.is_wild(view.wild_rank):
        return 0
    following = (view.seat + 1) % len(view.hand_sizes)
    fits = 0
    for known in view.known_cards[following]:
        if known.rank is None or known.is_wild(view.wild_rank):
            continue
        if known.rank == card.rank or (
            known.suit == card.suit and abs(int(known.rank) - int(card.rank)) <= 2
        ):
            fits += 1
    return fits


class Planner:
    """A seat that plays by outlook; its :class:`Style` makes it ``normal`` or ``hard``."""

    name = "planner"

    def __init__(self, rng: random.Random | None, style: Style) -> None:
        self.rng = rng or random.Random()
        self.style = style
        self._evaluators = EvaluatorCache()

    def choose(self, view: PlayerView) -> Action:
        evaluator = self._evaluators.for_view(view)
        outlook = Outlook(evaluator, unseen_cards(view))
        if view.phase is Phase.DRAW:
            source = DrawSource.DISCARD if self._takes_discard(view, outlook) else DrawSource.STOCK
            return Draw(source)
        return Discard(self._discard(view, outlook))

    def _worth(self, hand: Sequence[Card], draws: float, outlook: Outlook) -> float:
        """What ``hand`` is expected to score after ``draws`` more draws."""
        if draws <= 0:
            return float(outlook.evaluator.penalty(hand))
        return outlook.evaluator.penalty(hand) - draws * outlook.potential(hand)

    def _takes_discard(self, view: PlayerView, outlook: Outlook) -> bool:
        top = top_of_discard(view)
        if top is None:
            return False
        evaluator = outlook.evaluator
        hand = [*view.hand, top]
        allowed = hand if view.rules.discard_taken_card else list(view.hand)
        options = evaluator.discard_options(hand, allowed)
        if any(option.goes_out for option in options):
            return True
        later = 0.0 if view.last_turns else self.style.draws_ahead(view)
        take = min(
            self._worth(_without(hand, option.card), later, outlook) + self._feeding(view, option)
            for option in self._shortlist(options, evaluator)
        )
        stock = self._worth(view.hand, 1 + later, outlook)
        return take < stock

    def _discard(self, view: PlayerView, outlook: Outlook) -> Card:
        evaluator = outlook.evaluator
        options = evaluator.discard_options(view.hand, legal_discards(view))
        best = greedy_pick(options)
        if best.goes_out or view.last_turns:
            return best.card
        draws = 1 + self.style.draws_ahead(view)
        shortlist = self._shortlist(options, evaluator)
        chosen = min(
            shortlist,
            key=lambda option: (
                self._worth(_without(view.hand, option.card), draws, outlook)
                + self._feeding(view, option),
                -option.card_penalty,
            ),
        )
        return chosen.card

    def _shortlist(
        self, options: Sequence[DiscardOption], evaluator: Evaluator
    ) -> list[DiscardOption]:
        """The best few discards by penalty now, one per kind of card, no wild if avoidable."""
        naturals = [option for option in options if not option.is_wild] or list(options)
        seen: set[int] = set()
        distinct = []
        for option in sorted(naturals, key=lambda o: (o.penalty, -o.card_penalty)):
            if option.card.ordinal not in seen:
                seen.add(option.card.ordinal)
                distinct.append(option)
        return distinct[: self.style.candidates]

    def _feeding(self, view: PlayerView, option: DiscardOption) -> float:
        return self.style.feeding_cost * next_seat_wants(view, option.card)


def _without(hand: Sequence[Card], card: Card) -> list[Card]:
    index = list(hand).index(card)
    return [*hand[:index], *hand[index + 1 :]]


def steady_draws(view: PlayerView) -> float:
    """``normal``'s guess of the draws left after the next: one, whatever the round."""
    return 1.0


class NormalPolicy(Planner):
    """Counts outs one draw ahead and keeps flexible partial melds."""

    name = "normal"

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, Style(draws_ahead=steady_draws, candidates=4, feeding_cost=1.0))
