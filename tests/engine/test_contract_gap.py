"""The contract gap: how many cards a hand lacks to hold its contract."""

from __future__ import annotations

from game.engine.cards import Rank, parse_cards
from game.engine.contract_gap import contract_gap
from game.engine.contracts import Contract
from game.engine.rules import RuleSet


def test_the_contract_gap_counts_the_cards_it_lacks() -> None:
    rules = RuleSet()
    hand = parse_cards("9S 9H 7D 8D KC")
    assert contract_gap(hand, Rank.TWO, rules, Contract(1, 0)) == 1
    assert contract_gap(hand, Rank.TWO, rules, Contract(1, 1)) == 2
    assert (
        contract_gap(hand, Rank.TWO, rules, Contract(0, 3)) == 5
    )  # 7D 8D, 9S and 9H each grow into a run
    assert contract_gap(parse_cards("9S 9H 9D"), Rank.TWO, rules, Contract(1, 0)) == 0
