"""What a hand holds of the contract (game.engine.contract_hold): the melds that count toward
it, found by the solver, and the sets and runs still missing."""

from __future__ import annotations

import pytest

from game.engine.cards import Rank, parse_cards
from game.engine.contract_hold import contract_hold
from game.engine.contracts import Contract
from game.engine.open_table import readings
from game.engine.rules import RuleSet

RULES = RuleSet(contracts=True)


def shown(hand: str, wild: Rank, contract: Contract) -> tuple[list[str], int, int]:
    hold = contract_hold(parse_cards(hand), wild, RULES, contract)
    return [meld.describe() for meld in hold.melds], hold.sets_missing, hold.runs_missing


@pytest.mark.parametrize(
    ("hand", "wild", "contract", "expected"),
    [
        ("KS KH KD 5C 9H 5D", Rank.TWO, Contract(2, 0), (["K♦ K♥ K♠"], 1, 0)),
        ("KS KH KD 5C 5H 5D", Rank.TWO, Contract(2, 0), (["5♣ 5♦ 5♥", "K♦ K♥ K♠"], 0, 0)),
        ("8D 8H 8S JS QH", Rank.FOUR, Contract(0, 1), ([], 0, 1)),
        ("7H 8H 9H 7D 7C", Rank.FOUR, Contract(0, 1), (["7♥ 8♥ 9♥"], 0, 0)),
        (
            "7H 8H 9H 7D 7C 7S",
            Rank.SEVEN,
            Contract(1, 1),
            (["8♥ 7♣(8) 7♦(8)", "9♥ 7♥(10♥) 7♠(J♥)"], 0, 0),
        ),
        ("3S 3H 9D", Rank.THREE, Contract(1, 0), (["9♦ 3♥(9) 3♠(9)"], 0, 0)),
        ("2C 9D KD 5S", Rank.FOUR, Contract(0, 1), ([], 0, 1)),
    ],
    ids=[
        "one-set-of-two",
        "two-sets",
        "a-set-for-a-run",
        "the-run-not-the-set",
        "wild-7s",
        "wilds-make-it",
        "nothing",
    ],
)
def test_the_hold_of_a_hand(
    hand: str, wild: Rank, contract: Contract, expected: tuple[list[str], int, int]
) -> None:
    assert shown(hand, wild, contract) == expected


def test_a_set_and_a_run_wanted_counts_the_cheaper_part_when_only_one_fits() -> None:
    """Q♦ Q♥ Q♠ or 2♣ 3♣ 4♣, not both (they share nothing, but the hand cannot hold a
    second meld): both are one meld of the contract; the one leaving fewer points counts."""
    hold = contract_hold(parse_cards("QD QH QS 2C 3C 4C"), Rank.NINE, RULES, Contract(1, 1))
    assert hold.met and len(hold.melds) == 2
    half = contract_hold(parse_cards("QD QH QS 2C 3C 8D"), Rank.NINE, RULES, Contract(1, 1))
    assert [m.describe() for m in half.melds] == ["Q♦ Q♥ Q♠"]
    assert (half.sets_missing, half.runs_missing) == (0, 1)
    assert half.cards == frozenset(parse_cards("QD QH QS"))


def test_a_meld_of_wilds_only_counts_for_what_is_missing() -> None:
    hold = contract_hold(parse_cards("5S 5H 5D 7C 8C 9C"), Rank.FIVE, RULES, Contract(1, 1))
    assert hold.met, hold


def test_counts_toward_is_by_kind() -> None:
    eights = readings(parse_cards("8D 8H 8S"), Rank.FOUR, RULES)[0]
    run = readings(parse_cards("7H 8H 9H"), Rank.FOUR, RULES)[-1]
    wilds = readings(parse_cards("4D 4H 4S"), Rank.FOUR, RULES)[0]
    assert not Contract(0, 2).counts(eights, Rank.FOUR)
    assert Contract(0, 2).counts(run, Rank.FOUR)
    assert not Contract(3, 0).counts(run, Rank.FOUR)
    assert Contract(0, 1).counts(wilds, Rank.FOUR)
