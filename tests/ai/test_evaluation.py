"""The AI's hand evaluation shortcuts agree with plain solver calls."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.ai.evaluation import Evaluator
from game.ai.outlook import Outlook
from game.engine.cards import Card, Rank, Suit, new_shoe, parse_cards
from game.engine.contracts import Contract
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement, contract_penalty, min_penalty

RULE_SETS = [
    pytest.param(RuleSet(), id="default"),
    pytest.param(RuleSet(jokers=4, aces="low_or_high"), id="jokers-aces-high"),
    pytest.param(RuleSet(max_wilds_per_meld=1, wild_penalty=0), id="one-wild"),
]


def random_hand(rng: random.Random, rules: RuleSet, size: int) -> list[Card]:
    return rng.sample(new_shoe(rules.decks, rules.jokers), size)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_discard_options_match_solver(rules: RuleSet) -> None:
    rng = random.Random(1)
    for _ in range(60):
        wild = Rank(rng.randint(3, 13))
        hand = random_hand(rng, rules, rng.randint(3, 14))
        evaluator = Evaluator(wild, rules)
        options = evaluator.discard_options(hand)
        for option in options:
            rest = list(hand)
            rest.remove(option.card)
            assert option.penalty == min_penalty(rest, wild, rules)
            assert option.goes_out == best_arrangement(rest, wild, rules).is_complete
        assert evaluator.best_discard_penalty(hand) == min(o.penalty for o in options)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_next_draw_penalty_matches_every_draw(rules: RuleSet) -> None:
    rng = random.Random(2)
    shoe = new_shoe(rules.decks, rules.jokers)
    for _ in range(12):
        wild = Rank(rng.randint(3, 13))
        hand = random_hand(rng, rules, rng.randint(3, 10))
        unseen = Counter(card.ordinal for card in shoe)
        unseen.subtract(card.ordinal for card in hand)
        unseen = +unseen
        evaluator = Evaluator(wild, rules)
        outlook = Outlook(evaluator, unseen)
        expected = 0.0
        for ordinal, count in unseen.items():
            drawn = [*hand, Card.from_ordinal(ordinal, copy=9)]
            best = min(
                min_penalty(drawn[:i] + drawn[i + 1 :], wild, rules) for i in range(len(drawn))
            )
            expected += count * best
        expected /= sum(unseen.values())
        assert outlook.next_draw_penalty(hand) == pytest.approx(expected)


def plain_prospect(
    hand: list[Card], unseen: Counter[int], wild: Rank, rules: RuleSet
) -> tuple[int, float, float]:
    """Penalty, E1 and meld gain of ``hand`` with a solver call for every draw and discard."""
    penalty = min_penalty(hand, wild, rules)
    after_one_out = min(
        min_penalty(hand[:i] + hand[i + 1 :], wild, rules) for i in range(len(hand))
    )
    total = melding = 0.0
    for ordinal, count in unseen.items():
        drawn = [*hand, Card.from_ordinal(ordinal, copy=9)]
        best = min(min_penalty(drawn[:i] + drawn[i + 1 :], wild, rules) for i in range(len(drawn)))
        swapped = min(penalty, after_one_out + rules.penalty(drawn[-1], wild))
        total += count * best
        melding += count * (swapped - best)
    size = sum(unseen.values())
    return penalty, total / size, melding / size


@pytest.mark.parametrize("rules", RULE_SETS)
def test_prospect_of_wild_hands_matches_every_draw(rules: RuleSet) -> None:
    """Big hands holding wilds, where the wild bound skips most solver calls."""
    rng = random.Random(3)
    shoe = new_shoe(rules.decks, rules.jokers)
    for _ in range(4):
        wild = Rank(rng.randint(3, 13))
        wilds = [card for card in shoe if card.is_wild(wild)]
        naturals = [card for card in shoe if not card.is_wild(wild)]
        hand = rng.sample(wilds, rng.randint(1, 3)) + rng.sample(naturals, 10)
        unseen = Counter(card.ordinal for card in shoe)
        unseen.subtract(card.ordinal for card in hand)
        unseen = +unseen
        prospect = Outlook(Evaluator(wild, rules), unseen).prospect(hand)
        penalty, next_draw, meld_gain = plain_prospect(hand, unseen, wild, rules)
        assert prospect.penalty == penalty
        assert prospect.next_draw == pytest.approx(next_draw)
        assert prospect.meld_gain == pytest.approx(meld_gain)


@pytest.mark.parametrize("rules", RULE_SETS[:2])
def test_a_wild_does_at_least_what_any_card_does(rules: RuleSet) -> None:
    """The outlook's bound: a drawn card is left over, or a wild could stand in its place."""
    rng = random.Random(4)
    for _ in range(300):
        wild = Rank(rng.randint(3, 13))
        *hand, drawn = random_hand(rng, rules, rng.randint(3, 13))
        with_drawn = min_penalty([*hand, drawn], wild, rules)
        with_wild = min_penalty([*hand, Card(wild, Suit.SPADES, copy=9)], wild, rules)
        kept_over = min_penalty(hand, wild, rules) + rules.penalty(drawn, wild)
        assert with_drawn >= min(with_wild, kept_over)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_leftover_without_a_card_matches_solver(rules: RuleSet) -> None:
    rng = random.Random(5)
    for _ in range(60):
        wild = Rank(rng.randint(3, 13))
        hand = random_hand(rng, rules, rng.randint(4, 15))
        evaluator = Evaluator(wild, rules)
        evaluator.leftover(hand)
        card = rng.choice(hand)
        rest = list(hand)
        rest.remove(card)
        penalty, leftover = evaluator.leftover_without(hand, card)
        assert penalty == min_penalty(rest, wild, rules)
        for ordinal in leftover:  # each is left over in one best arrangement
            assert ordinal in {other.ordinal for other in rest}
            smaller = list(rest)
            smaller.remove(next(c for c in rest if c.ordinal == ordinal))
            assert min_penalty(smaller, wild, rules) == penalty - rules.penalty(
                Card.from_ordinal(ordinal), wild
            )


@pytest.mark.parametrize("rules", RULE_SETS)
def test_prospect_after_a_discard_matches_a_fresh_prospect(rules: RuleSet) -> None:
    """Arranging draws with the whole hand first gives the same outlook for each discard."""
    rng = random.Random(6)
    shoe = new_shoe(rules.decks, rules.jokers)
    for _ in range(3):
        wild = Rank(rng.randint(3, 13))
        hand = random_hand(rng, rules, 10)
        unseen = Counter(card.ordinal for card in shoe)
        unseen.subtract(card.ordinal for card in hand)
        unseen = +unseen
        shared = Outlook(Evaluator(wild, rules), unseen)
        for card in hand:
            rest = list(hand)
            rest.remove(card)
            fresh = Outlook(Evaluator(wild, rules), unseen).prospect(rest)
            after = shared.prospect_after(hand, card)
            assert after.penalty == fresh.penalty
            assert after.next_draw == pytest.approx(fresh.next_draw)
            assert after.meld_gain == pytest.approx(fresh.meld_gain)


def in_full(cards: list[Card], wild: Rank, rules: RuleSet, contract: Contract) -> int:
    """What ``cards`` pay at the open table while ``contract`` is due: its arrangement's
    penalty, else every card in full."""
    found = contract_penalty(cards, wild, rules, contract)
    return sum(rules.penalty(card, wild) for card in cards) if found is None else found


@pytest.mark.parametrize("contract", [Contract(2, 0), Contract(0, 1), Contract(1, 1)])
def test_at_the_open_table_a_hand_short_of_its_contract_counts_in_full(
    contract: Contract,
) -> None:
    """Discard options and the next draw's outlook, with the evaluator's shortcuts, agree with
    a plain count of what each hand would pay if the round ended now."""
    rules = RuleSet(contracts=True, table="open")
    rng = random.Random(6)
    shoe = new_shoe(rules.decks, rules.jokers)
    held = short = 0
    for _ in range(10):
        wild = Rank(rng.randint(3, 13))
        hand = random_hand(rng, rules, rng.randint(6, 9))
        evaluator = Evaluator(wild, rules, contract=contract, in_full=True)
        assert evaluator.in_full
        for option in evaluator.discard_options(hand):
            rest = list(hand)
            rest.remove(option.card)
            assert option.penalty == in_full(rest, wild, rules, contract)
            assert (option.shortfall == 0) == (
                contract_penalty(rest, wild, rules, contract) is not None
            )
            held += option.shortfall == 0
            short += option.shortfall > 0
        unseen = Counter(card.ordinal for card in shoe)
        unseen.subtract(card.ordinal for card in hand)
        unseen = +unseen
        expected = 0.0
        for ordinal, count in unseen.items():
            drawn = [*hand, Card.from_ordinal(ordinal, copy=9)]
            after = [drawn[:i] + drawn[i + 1 :] for i in range(len(drawn))]
            expected += count * min(in_full(rest, wild, rules, contract) for rest in after)
        expected /= sum(unseen.values())
        assert Outlook(evaluator, unseen).next_draw_penalty(hand) == pytest.approx(expected)
    assert held and short, "both kinds of hand were weighed"


def test_with_free_jokers_a_joker_left_in_the_hand_costs_nothing() -> None:
    """(Rule ``free_jokers``: when another seat goes out, it is thrown onto a meld for 0.) A
    joker that melds still melds."""
    joker = next(card for card in new_shoe(1, 2) if card.rank is None)
    loose = [*parse_cards("KS QD 5C"), joker]
    pair = [*parse_cards("9S 9H 5C"), joker]
    free = Evaluator(Rank.THREE, RuleSet(jokers=2, free_jokers=True))
    counted = Evaluator(Rank.THREE, RuleSet(jokers=2))
    assert (counted.penalty(loose), free.penalty(loose)) == (45, 25)
    assert (counted.penalty(pair), free.penalty(pair)) == (5, 5)
    assert [option.penalty for option in free.discard_options(loose)] == [15, 15, 20, 25]


def test_at_the_open_table_with_free_jokers_a_joker_short_of_the_contract_costs_nothing() -> None:
    """Weighed in full (no arrangement holds two runs), the joker still counts 0: once."""
    joker = next(card for card in new_shoe(1, 2) if card.rank is None)
    hand = [*parse_cards("KS QD 5C"), joker]
    rules = RuleSet(jokers=2, free_jokers=True, contracts=True, table="open")
    evaluator = Evaluator(Rank.THREE, rules, contract=Contract(0, 2), in_full=True)
    assert evaluator.arrangement(hand).melds == ()
    assert evaluator.penalty(hand) == 25
    assert evaluator.leftover(hand)[0] == 25
