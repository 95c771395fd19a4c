"""A hand's outlook: what it is expected to score after the next draw.

For a hand ``H`` (after discarding) and the cards the seat has not seen, the
*next-draw penalty* is ``E1(H) = Σ p(x) · best(H + x)``, where ``p(x)`` is the
chance that the next stock card is ``x`` and ``best(H + x)`` is the lowest
penalty after drawing ``x`` and discarding the best card. The *potential* is
``pen(H) - E1(H)``: how much one more draw is expected to help.

Most unseen cards cannot meld with anything in ``H``; drawing one of those at
best replaces the dearest card, and that is worked out without the solver:
``best(H + x) = min(pen(H), R(H) + pen(x))`` with ``R(H)`` the best penalty
after discarding one card of ``H``. The solver runs only for cards that could
meld: a wild; a card of a rank ``H`` holds (with no wild, a rank it holds
twice); a card within two places of a card of its suit in ``H`` (with no wild,
between or beside two of them). With two or more wilds every card could meld.

For a card ``x`` that could meld, ``best(H + x)`` is the least of ``pen(H + x - d)``
over the cards ``d``; most of them need no solver call. Besides the evaluator's
bound ``pen(H + x) - pen(d)`` (exact for a card left over), a wild ``W`` bounds
every draw at once where a wild may stand for any card (no limit of wilds per
meld, all-wild melds allowed, no lay-off): in a best arrangement of ``A + x``
either ``x`` is left over, or a wild could take its place, so
``pen(A + x) >= min(pen(A + W), pen(A) + pen(x))``. With ``A = H - d`` both
terms are worked out once per card of ``H``, for all draws.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.evaluation import Evaluator, without
from game.engine.cards import Card, Rank, Suit


@dataclass(frozen=True, slots=True)
class Prospect:
    """What a hand is and what the next draw is expected to make of it."""

    penalty: int
    """The hand's minimum penalty now."""
    next_draw: float
    """``E1``: the expected penalty after one more stock draw and the best discard."""
    meld_gain: float
    """The part of the expected gain that comes from melding the drawn card, beyond
    what merely swapping it for the dearest card would give: the kind of gain that
    later draws can bring again."""

    @property
    def potential(self) -> float:
        """How much one more draw is expected to lower the penalty."""
        return self.penalty - self.next_draw


class Outlook:
    """Next-draw expectations for hands of one seat at one decision."""

    def __init__(self, evaluator: Evaluator, unseen: Counter[int]) -> None:
        self.evaluator = evaluator
        self.unseen = unseen
        self.unseen_total = sum(unseen.values())
        rules = evaluator.rules
        self.wild_rank = evaluator.wild_rank
        self._examples = {ordinal: Card.from_ordinal(ordinal) for ordinal in unseen}
        self._penalty_of = {
            ordinal: evaluator.card_penalty(card) for ordinal, card in self._examples.items()
        }
        self._aces_high = rules.aces_high
        self._memo: dict[tuple[int, ...], Prospect] = {}
        substitutes = (
            rules.max_wilds_per_meld is None and rules.all_wild_melds and not evaluator.lay_off_onto
        )
        self._wild = Card(self.wild_rank, Suit.SPADES) if substitutes else None
        """A wild that may stand for any card in a meld, if the rules allow it."""

    def prospect_after(self, hand: Sequence[Card], card: Card) -> Prospect:
        """The :class:`Prospect` of ``hand`` less ``card``.

        Weighing several discards from one hand, each draw is first arranged with the
        whole hand: when that arrangement leaves the discard over, it serves the hand
        without it too (see :meth:`Evaluator.leftover_without`). Worth it only for a
        card left over in the hand now: it mostly stays so whatever is drawn.
        """
        _, leftover = self.evaluator.leftover(hand)
        parent = (hand, card) if card.ordinal in leftover else None
        return self.prospect(without(hand, card), parent)

    def prospect(
        self, hand: Sequence[Card], parent: tuple[Sequence[Card], Card] | None = None
    ) -> Prospect:
        """The :class:`Prospect` of ``hand`` (after its discard), given the unseen cards.

        ``parent``, if given, is a hand and a card of it that leave ``hand``: draws are
        arranged with the parent hand first (the answer is the same)."""
        key = Evaluator.key(hand)
        found = self._memo.get(key)
        if found is not None:
            return found
        evaluator = self.evaluator
        penalty = evaluator.penalty(hand)
        if not self.unseen_total:
            return Prospect(penalty, float(penalty), 0.0)
        after_one_out = evaluator.best_discard_penalty(hand)
        could_meld = self._could_meld(hand)
        bounds = _DrawBounds(evaluator, hand, self._wild)
        draws = evaluator.draws
        total = 0.0
        melding = 0.0
        for ordinal, count in self.unseen.items():
            own = self._penalty_of[ordinal]
            swapped = min(penalty, after_one_out + own)
            if ordinal in could_meld:
                best = draws.get((key, ordinal), -1)
                if best < 0:
                    drawn = self._examples[ordinal]
                    if parent is None:
                        arranged = evaluator.leftover([*hand, drawn])
                    else:
                        arranged = evaluator.leftover_without([*parent[0], drawn], parent[1])
                    best = self._best_after(drawn, own, swapped, arranged, bounds)
                    draws[(key, ordinal)] = best
                melding += count * (swapped - best)
            else:
                best = swapped
            total += count * best
        found = Prospect(penalty, total / self.unseen_total, melding / self.unseen_total)
        self._memo[key] = found
        return found

    def _best_after(
        self,
        drawn: Card,
        own: int,
        swapped: int,
        arranged: tuple[int, frozenset[int]],
        bounds: _DrawBounds,
    ) -> int:
        """``best(hand + drawn)`` for the hand of ``bounds``: the lowest penalty after
        drawing ``drawn`` and the best discard, given the :meth:`Evaluator.leftover` of
        ``hand + drawn``. ``swapped`` is a penalty known to be reached (discarding
        ``drawn`` or keeping it over); only discards whose lower bounds beat it go to
        the solver."""
        total, leftover = arranged
        best = swapped
        open_: list[tuple[int, int]] = []
        drawn_ordinal = drawn.ordinal
        for cost, ordinal, index in bounds.distinct:
            if ordinal == drawn_ordinal:
                continue  # discarding it (or a copy) leaves ``hand``: in ``swapped``
            if ordinal in leftover:
                if total - cost < best:
                    best = total - cost
            else:
                open_.append((cost, index))
        hand = bounds.hand
        for cost, index in open_:  # dearest first: the bound rises as it goes
            if best <= 0 or total - cost >= best:
                break
            if bounds.after_swap(index, own, best):
                continue
            found = self.evaluator.penalty([*hand[:index], *hand[index + 1 :], drawn])
            if found < best:
                best = found
        return best

    def next_draw_penalty(self, hand: Sequence[Card]) -> float:
        """``E1(hand)``: the expected penalty after one more stock draw and the best discard."""
        return self.prospect(hand).next_draw

    def _could_meld(self, hand: Sequence[Card]) -> set[int]:
        """Ordinals of unseen cards that might meld with ``hand`` (a superset)."""
        wilds = sum(card.is_wild(self.wild_rank) for card in hand)
        if wilds >= 2:
            return set(self.unseen)
        ranks = Counter(card.rank for card in hand if not card.is_wild(self.wild_rank))
        positions: dict[object, set[int]] = {}
        for card in hand:
            if card.rank is not None and not card.is_wild(self.wild_rank):
                spots = positions.setdefault(card.suit, set())
                spots.add(int(card.rank))
                if card.rank == Rank.ACE and self._aces_high:
                    spots.add(14)
        result = set()
        for ordinal, card in self._examples.items():
            if card.rank is None or card.is_wild(self.wild_rank):
                result.add(ordinal)
                continue
            if ranks[card.rank] >= (1 if wilds else 2):
                result.add(ordinal)
                continue
            spots = positions.get(card.suit, set())
            places = [int(card.rank)] + ([14] if card.rank == Rank.ACE and self._aces_high else [])
            if any(_joins_run(place, spots, wilds) for place in places):
                result.add(ordinal)
        return result


class _DrawBounds:
    """Lower bounds on ``pen(hand - d + x)`` for the cards ``d`` of one hand and any
    drawn card ``x``: ``min(pen(hand - d + W), pen(hand - d) + pen(x))`` with ``W`` a
    wild that may stand for any card (no bound without one). Each term is worked
    out once per ``d``, the first time it could rule ``d`` out."""

    def __init__(self, evaluator: Evaluator, hand: Sequence[Card], wild: Card | None) -> None:
        self.evaluator = evaluator
        self.hand = hand
        self.wild = wild
        seen: set[int] = set()
        distinct = []
        for index, card in enumerate(hand):
            if card.ordinal not in seen:
                seen.add(card.ordinal)
                distinct.append((evaluator.card_penalty(card), card.ordinal, index))
        distinct.sort(key=lambda item: -item[0])
        self.distinct = distinct
        """(penalty, ordinal, index) of each kind of card in the hand, dearest first."""
        self._with_wild: dict[int, int] = {}
        self._without: dict[int, int] = {}

    def after_swap(self, index: int, drawn_penalty: int, best: int) -> bool:
        """Whether swapping the hand's card at ``index`` for a drawn card worth
        ``drawn_penalty`` surely leaves no less than ``best``."""
        if self.wild is None:
            return False
        with_wild = self._with_wild.get(index)
        if with_wild is None:
            with_wild = self._with_wild[index] = self.evaluator.penalty(
                [*without_index(self.hand, index), self.wild]
            )
        if with_wild < best:
            return False
        kept = self._without.get(index)
        if kept is None:
            evaluator = self.evaluator
            total, leftover = evaluator.leftover(self.hand)
            card = self.hand[index]
            if card.ordinal in leftover:
                kept = total - evaluator.card_penalty(card)
            else:
                kept = evaluator.penalty(without_index(self.hand, index))
            self._without[index] = kept
        return kept + drawn_penalty >= best


def without_index(hand: Sequence[Card], index: int) -> list[Card]:
    """``hand`` less its card at ``index``."""
    return [*hand[:index], *hand[index + 1 :]]


def _joins_run(place: int, spots: set[int], wilds: int) -> bool:
    """Whether a card at ``place`` could make a run with cards of its suit at ``spots``."""
    if wilds:
        return any(0 < abs(place - spot) <= 2 for spot in spots)
    return (
        {place - 2, place - 1} <= spots
        or {place - 1, place + 1} <= spots
        or {place + 1, place + 2} <= spots
    )
