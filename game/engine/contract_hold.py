"""What a hand holds of the round's contract: the melds that count toward it, and what is missing.

The solver finds the melds (:func:`~game.engine.solver.contract_arrangement`); this module
only asks it for the largest part of the contract the hand can hold at once (docs/RULES.md,
"Contracts": a meld of wilds only counts as a set or a run, whichever the contract needs).

>>> from game.engine.cards import parse_cards
>>> hold = contract_hold(parse_cards("KS KH KD 5C 9H 5D"), Rank.TWO, RuleSet(), Contract(2, 0))
>>> [meld.describe() for meld in hold.melds], hold.sets_missing, hold.runs_missing
(['K♦ K♥ K♠'], 1, 0)
>>> contract_hold(parse_cards("8D 8H 8S JS QH"), Rank.FOUR, RuleSet(), Contract(0, 1)).melds
()
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.cards import Card, Rank
from game.engine.contracts import Contract
from game.engine.melds import Meld
from game.engine.rules import RuleSet
from game.engine.solver import contract_arrangement


@dataclass(frozen=True, slots=True)
class ContractHold:
    """The part of ``contract`` a hand holds, and the sets and runs it still lacks."""

    contract: Contract
    """The round's contract."""
    melds: tuple[Meld, ...]
    """The hand's melds that count toward the contract (none beyond what it asks)."""
    sets_missing: int
    """How many more sets the contract needs."""
    runs_missing: int
    """How many more runs the contract needs."""

    @property
    def met(self) -> bool:
        """True if the hand holds the whole contract."""
        return not (self.sets_missing or self.runs_missing)

    @property
    def cards(self) -> frozenset[Card]:
        """The cards of :attr:`melds` (the cards of the hand that make the contract so far)."""
        return frozenset(card for meld in self.melds for card in meld.cards)


def contract_hold(
    hand: Sequence[Card], wild_rank: Rank | None, rules: RuleSet, contract: Contract
) -> ContractHold:
    """The most of ``contract`` that ``hand`` holds at once (among equal parts, the one whose
    arrangement leaves the lowest penalty), and what it lacks. Raises ``ValueError`` as
    :func:`~game.engine.solver.best_arrangement` does."""
    for count in range(contract.melds, 0, -1):
        found = [
            arrangement
            for sets in range(min(count, contract.sets), -1, -1)
            if count - sets <= contract.runs
            and (arrangement := contract_arrangement(hand, wild_rank, rules, _part(sets, count)))
            is not None
        ]
        if found:
            best = min(found, key=lambda found: (found.penalty, len(found.leftover)))
            melds, sets, runs = contract.counted(best.melds, wild_rank)
            return ContractHold(contract, melds, sets, runs)
    return ContractHold(contract, (), contract.sets, contract.runs)


def _part(sets: int, melds: int) -> Contract:
    return Contract(sets, melds - sets)
