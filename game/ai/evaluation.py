"""Hand evaluation shared by the AI seats: penalties, discards and unseen cards.

Everything here works from what one seat may know (its :class:`PlayerView`).
The engine's solver gives the minimum penalty of a hand; the :class:`Evaluator`
memoises it per decision (a hand is keyed by its cards' rank and suit only) and
uses one fact to skip most solver calls when weighing discards: if a card is
left over in a best arrangement of a hand, removing it lowers the penalty by
exactly that card's own penalty.

Under contracts (:mod:`game.engine.contracts`) a discard goes out only if the rest melds
completely *and* its melds include the round's contract; and a hand's
:meth:`Evaluator.shortfall` is what the contract costs it over its best arrangement:
the seats weigh it to build toward the contract.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from game.engine.actions import Discard
from game.engine.cards import Card, Rank, new_shoe
from game.engine.contract_gap import contract_gap
from game.engine.contracts import Contract
from game.engine.melds import Arrangement, Meld
from game.engine.open_table import laid_down
from game.engine.rules import RuleSet
from game.engine.solver import (
    best_arrangement,
    contract_arrangement,
    contract_penalty,
    is_complete,
    leftover_ordinals,
    min_penalty,
)
from game.engine.view import PlayerView

MISSING_MELD_POINTS = 10
"""What :meth:`Evaluator.shortfall` counts at the closed table for each meld a hand lacks for
the contract when no arrangement of its cards includes it."""
MISSING_CARD_POINTS = 10
"""What :meth:`Evaluator.shortfall` counts at the open table for each card a hand lacks to
hold the contract (:func:`~game.engine.contract_gap.contract_gap`)."""


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One card a seat could discard, and what its hand is worth afterwards."""

    card: Card
    """The card discarded."""
    penalty: int
    """The minimum penalty of the hand that remains."""
    goes_out: bool
    """True if the remaining hand melds completely (its melds including the round's
    contract, if any): discarding this card goes out."""
    card_penalty: int
    """The penalty the discarded card itself would score if kept as leftover."""
    is_wild: bool
    """True if the card is wild this round."""
    shortfall: int = 0
    """:meth:`Evaluator.shortfall` of the remaining hand: 0 without a contract."""


class Evaluator:
    """Memoised hand evaluation for one round's wild rank and rules.

    ``lay_off_onto`` are the melds of who went out, when a last turn is scored
    with the lay-off option: penalties then count what can be laid off. ``contract`` is
    the round's (:attr:`PlayerView.contract`): going out must include it.
    """

    def __init__(
        self,
        wild_rank: Rank,
        rules: RuleSet,
        lay_off_onto: Sequence[Meld] = (),
        contract: Contract | None = None,
        in_full: bool = False,
    ) -> None:
        self.wild_rank = wild_rank
        self.rules = rules
        self.lay_off_onto = tuple(lay_off_onto)
        self.contract = contract
        self.in_full = in_full and rules.table == "open" and contract is not None
        """True at the open table while the contract is due, where the seat weighs so
        (``in_full``: the planning levels): a hand is worth what it would pay if the round
        ended now, its last turn laying down the contract's arrangement (every card in full
        where none holds the contract)."""
        self.free_jokers = rules.free_jokers and rules.jokers > 0
        """True where printed jokers left over cost nothing once someone goes out (rule
        ``free_jokers``): a joker left in a hand is worth 0."""
        self._shortfalls: dict[tuple[int, ...], int] = {}
        self._penalties: dict[tuple[int, ...], int] = {}
        self._arrangements: dict[tuple[int, ...], Arrangement] = {}
        self._leftovers: dict[tuple[int, ...], tuple[int, frozenset[int]]] = {}
        self._leftover_lists: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._card_penalties: dict[int, int] = {}
        self.draws: dict[tuple[tuple[int, ...], int], int] = {}
        """For the outlook: the lowest penalty of a hand (by key) after drawing a card (by
        ordinal) and the best discard; unlike an expectation it holds all round long."""

    @staticmethod
    def key(cards: Iterable[Card]) -> tuple[int, ...]:
        """A hand's memo key: its cards' rank and suit, sorted (copies do not matter)."""
        return tuple(sorted([card.ordinal for card in cards]))

    def penalty(self, cards: Sequence[Card]) -> int:
        """The minimum penalty of ``cards``."""
        key = self.key(cards)
        found = self._penalties.get(key)
        if found is None:
            if self._arranged(cards):
                return self.arrangement(cards).penalty
            found = min_penalty(cards, self.wild_rank, self.rules, self.lay_off_onto)
            self._penalties[key] = found
        return found

    def arrangement(self, cards: Sequence[Card]) -> Arrangement:
        """A best arrangement of ``cards``; it may hold an identical copy of a card."""
        key = self.key(cards)
        found = self._arrangements.get(key)
        if found is None:
            if self.in_full:
                found = self._contract_or_full(cards)
            else:
                found = best_arrangement(cards, self.wild_rank, self.rules, self.lay_off_onto)
            if self.free_jokers:
                free = sum(
                    self.rules.penalty(card, self.wild_rank)
                    for card in found.leftover
                    if card.rank is None
                )
                found = replace(found, penalty=found.penalty - free)
            self._arrangements[key] = found
            self._penalties[key] = found.penalty
        return found

    def leftover(self, cards: Sequence[Card]) -> tuple[int, frozenset[int]]:
        """The minimum penalty of ``cards`` and the ordinals left over in a best arrangement."""
        key = self.key(cards)
        found = self._leftovers.get(key)
        if found is None:
            if self._arranged(cards):
                arrangement = self.arrangement(cards)
                penalty = arrangement.penalty
                ordinals: Sequence[int] = [card.ordinal for card in arrangement.leftover]
            else:
                penalty, ordinals = leftover_ordinals(
                    cards, self.wild_rank, self.rules, self.lay_off_onto
                )
            found = self._remember_leftover(key, penalty, ordinals)
        return found

    def _arranged(self, cards: Sequence[Card]) -> bool:
        """True where the penalty of ``cards`` is their arrangement's as :meth:`arrangement`
        weighs it (:attr:`in_full`, or a printed joker held with :attr:`free_jokers`), not
        the solver's plain minimum."""
        return self.in_full or (self.free_jokers and any(card.rank is None for card in cards))

    def _contract_or_full(self, cards: Sequence[Card]) -> Arrangement:
        """A best arrangement of ``cards`` that holds the contract, else every card left
        over (:attr:`in_full`), scored as the solver scores them."""
        found = contract_arrangement(cards, self.wild_rank, self.rules, self.contract)
        if found is not None:
            return found
        full = sum(self.rules.penalty(card, self.wild_rank) for card in cards)
        return Arrangement((), tuple(cards), full, ())

    def leftover_without(self, cards: Sequence[Card], card: Card) -> tuple[int, frozenset[int]]:
        """:meth:`leftover` of ``cards`` less ``card`` (one of them).

        If ``card`` is left over in the best arrangement found for ``cards``, that
        arrangement less the card is a best one of the rest (removing a card lowers
        the penalty by at most its own): no solver call.
        """
        rest = without(cards, card)
        key = self.key(rest)
        found = self._leftovers.get(key)
        if found is not None:
            return found
        total, _ = self.leftover(cards)
        over = list(self._leftover_lists[self.key(cards)])
        if card.ordinal not in over:
            return self.leftover(rest)
        over.remove(card.ordinal)
        return self._remember_leftover(key, total - self.card_penalty(card), over)

    def _remember_leftover(
        self, key: tuple[int, ...], penalty: int, ordinals: Sequence[int]
    ) -> tuple[int, frozenset[int]]:
        found = (penalty, frozenset(ordinals))
        self._leftovers[key] = found
        self._leftover_lists[key] = tuple(ordinals)
        self._penalties[key] = penalty
        return found

    def goes_out(self, cards: Sequence[Card]) -> bool:
        """True if ``cards`` (a hand after its discard) go out: they meld completely, the
        melds including the contract if there is one."""
        if self.contract is None:
            return self.arrangement(cards).is_complete
        return self.penalty(cards) == 0 and is_complete(
            cards, self.wild_rank, self.rules, self.contract
        )

    def shortfall(self, cards: Sequence[Card]) -> int:
        """How far ``cards`` are from the contract: the penalty of their best arrangement
        that includes it less their minimum penalty; when none does,
        :data:`MISSING_MELD_POINTS` for each meld their best arrangement lacks for it (at
        least one). While :attr:`in_full`, where their penalty is already the contract's
        arrangement's: 0 if one holds it, else :data:`MISSING_CARD_POINTS` for each card they
        lack to hold it. 0 without a contract (no solver call)."""
        if self.contract is None:
            return 0
        key = self.key(cards)
        found = self._shortfalls.get(key)
        if found is None and self.in_full:
            held = self.arrangement(cards).melds or not cards
            gap = 0 if held else contract_gap(cards, self.wild_rank, self.rules, self.contract)
            found = self._shortfalls[key] = MISSING_CARD_POINTS * gap
        if found is None:
            best = self.arrangement(cards)
            missing = self.contract.missing(best.melds, self.wild_rank)
            with_contract = (
                best.penalty
                if not missing
                else contract_penalty(cards, self.wild_rank, self.rules, self.contract)
            )
            if with_contract is None:
                found = MISSING_MELD_POINTS * max(missing, 1)
            else:
                found = with_contract - best.penalty
            self._shortfalls[key] = found
        return found

    def card_penalty(self, card: Card) -> int:
        """What ``card`` scores when left over this round (a printed joker nothing, with
        :attr:`free_jokers`)."""
        found = self._card_penalties.get(card.ordinal)
        if found is None:
            found = (
                0
                if self.free_jokers and card.rank is None
                else self.rules.penalty(card, self.wild_rank)
            )
            self._card_penalties[card.ordinal] = found
        return found

    def discard_options(
        self, hand: Sequence[Card], allowed: Iterable[Card] | None = None
    ) -> list[DiscardOption]:
        """For each card of ``hand`` (or of ``allowed``), the hand left after discarding it.

        Identical cards (same rank and suit) are weighed once.
        """
        total, leftover = self.leftover(hand)
        options: list[DiscardOption] = []
        weighed: dict[int, tuple[int, bool, int]] = {}
        for card in hand if allowed is None else allowed:
            if card.ordinal not in weighed:
                index = hand.index(card)
                rest = [*hand[:index], *hand[index + 1 :]]
                own = self.card_penalty(card)
                if card.ordinal in leftover:
                    penalty = total - own
                    self._penalties.setdefault(self.key(rest), penalty)
                else:
                    penalty = self.penalty(rest)
                goes_out = penalty == 0 and self.goes_out(rest)
                weighed[card.ordinal] = (penalty, goes_out, self.shortfall(rest))
            penalty, goes_out, short = weighed[card.ordinal]
            options.append(
                DiscardOption(
                    card,
                    penalty,
                    goes_out,
                    self.card_penalty(card),
                    card.is_wild(self.wild_rank),
                    short,
                )
            )
        return options

    def best_discard_penalty(
        self, hand: Sequence[Card], allowed: Iterable[Card] | None = None
    ) -> int:
        """The lowest penalty left after discarding one card of ``hand`` (or of ``allowed``).

        Removing card ``d`` leaves at least ``penalty(hand) - penalty of d``, and exactly
        that for a card left over in a best arrangement; so only melded cards worth
        more than the dearest leftover card need the solver: dearest first, until the
        bound cannot beat the best found.
        """
        total, leftover = self.leftover(hand)
        best = 1 << 30
        melded: list[tuple[int, Card]] = []
        weighed: set[int] = set()
        for card in hand if allowed is None else allowed:
            ordinal = card.ordinal
            if ordinal in weighed:
                continue
            weighed.add(ordinal)
            own = self.card_penalty(card)
            if ordinal in leftover:
                best = min(best, total - own)
            else:
                melded.append((own, card))
        melded.sort(key=dearest_first)
        for own, card in melded:
            if best <= 0 or total - own >= best:
                break
            index = hand.index(card)
            best = min(best, self.penalty([*hand[:index], *hand[index + 1 :]]))
        return best


def without(hand: Sequence[Card], card: Card) -> list[Card]:
    """``hand`` less one ``card``."""
    index = list(hand).index(card)
    return [*hand[:index], *hand[index + 1 :]]


def dearest_first(item: tuple[int, Card]) -> int:
    """Sort key of (penalty, card) pairs: the dearest card first."""
    return -item[0]


def open_contract(view: PlayerView) -> Contract | None:
    """The contract this seat's going out must include: the round's, until someone has
    gone out (no one else can then); ``None`` without contracts. At the open table the
    round's until the seat has laid it down (its first lay-down, last turns included)."""
    if view.rules.table == "open":
        return None if laid_down(view.table, view.seat) else view.contract
    return None if view.last_turns else view.contract


def lay_off_targets(view: PlayerView) -> tuple[Meld, ...]:
    """The melds this seat's hand will be scored against: those of who went out, when
    the lay-off option is on and the round is in its last turns; otherwise none. At the
    open table, every meld on the table once the seat has laid down (it may lay off): a
    card that fits one is then as good as melded. (Before, the seat weighs the table only
    to see whether it can empty its hand: with the table, each solver call costs about
    three times as much.)"""
    if view.rules.table == "open":
        return table_melds(view) if laid_down(view.table, view.seat) else ()
    if view.rules.lay_off and view.last_turns:
        return view.went_out_melds
    return ()


def table_melds(view: PlayerView) -> tuple[Meld, ...]:
    """The melds on the table (open table), as they stand."""
    return tuple(placed.meld for placed in view.table)


@lru_cache(maxsize=16)
def _shoe_counts(decks: int, jokers: int) -> dict[int, int]:
    """How many cards of each ordinal a shoe holds (a table per shoe size)."""
    return dict(Counter(card.ordinal for card in new_shoe(decks, jokers)))


def unseen_cards(view: PlayerView) -> Counter[int]:
    """Cards this seat has not seen, by ordinal: the shoe less its hand, the discard
    pile and the cards it knows other seats hold. They are in the stock or in
    other hands, each equally likely to be anywhere as far as the seat can tell."""
    counts = Counter(_shoe_counts(view.rules.decks, view.rules.jokers))
    seen: list[Card] = [*view.hand, *view.discard_pile]
    for seat, cards in enumerate(view.known_cards):
        if seat != view.seat:
            seen.extend(cards)
    counts.subtract(card.ordinal for card in seen)
    return +counts


def legal_discards(view: PlayerView) -> list[Card]:
    """The cards this seat may discard now, in hand order, as the engine's rules say."""
    return [card for card in view.hand if view.is_legal(Discard(card))]
