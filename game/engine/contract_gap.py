"""How far a hand is from a contract: how many cards it still lacks to hold it.

The count is the fewest stand-ins (imagined wilds: any card the contract needs) that, added
to the hand, let its melds include the contract. The AI weighs a hand by it: a hand one card
short of its contract is nearer than one three cards short, where "a meld missing" says the
same of both.

>>> from game.engine.cards import Rank, parse_cards
>>> from game.engine.rules import RuleSet
>>> contract_gap(parse_cards("9S 9H 4D 5D"), Rank.TWO, RuleSet(contracts=True), Contract(1, 1))
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.engine.cards import SUITS, Card, Rank
from game.engine.contracts import Contract
from game.engine.rules import RuleSet
from game.engine.solver import contract_arrangement

STAND_IN_COPY = 7
"""The copy index of a stand-in: no card of a shoe has it, so a stand-in never equals a
card held."""


def contract_gap(
    hand: Sequence[Card],
    wild_rank: Rank,
    rules: RuleSet,
    contract: Contract,
    floor: int = 0,
    ceiling: int | None = None,
) -> int:
    """How many cards ``hand`` lacks to hold ``contract``: the fewest stand-in wilds that,
    added, let its melds include the contract (the wilds-per-meld limits are lifted, since a
    stand-in is any card the contract needs). Only counts from ``floor`` up to ``ceiling``
    (a known bound; by default three cards a meld) are tried."""
    relaxed = replace(rules, max_wilds_per_meld=None, all_wild_melds=True)
    top = 3 * contract.melds if ceiling is None else ceiling
    for count in range(floor, top):
        cards = (*hand, *stand_ins(wild_rank, count))
        if contract_arrangement(cards, wild_rank, relaxed, contract) is not None:
            return count
    return top


def stand_ins(wild_rank: Rank, count: int) -> tuple[Card, ...]:
    """``count`` imagined cards of the wild rank."""
    return tuple(Card(wild_rank, SUITS[i % 4], STAND_IN_COPY + i // 4) for i in range(count))
