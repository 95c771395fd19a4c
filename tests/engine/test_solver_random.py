"""Seeded random differential test: the solver against brute force on clumped hands.

Hypothesis shrinks well but samples thinly; this sweeps thousands of hands drawn
from a few ranks and suits (where melds, twins and wild choices interact most).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import fields

import pytest

from game.engine import solver
from game.engine.cards import Card, Rank, Suit, format_cards, new_shoe
from game.engine.melds import Meld
from game.engine.rules import ALLOWED, RuleSet
from game.engine.solver import best_arrangement, leftover_ordinals, min_penalty
from tests.engine.brute_force import brute_min_penalty
from tests.engine.test_solver import check_arrangement


def random_case(
    rng: random.Random, max_size: int, with_targets: bool
) -> tuple[RuleSet, Rank, tuple[Card, ...], tuple[Meld, ...]]:
    options = {f.name: rng.choice(ALLOWED[f.name]) for f in fields(RuleSet) if f.name != "players"}
    rules = RuleSet(**options, players=rng.choice([4, 7]))
    shoe = new_shoe(rules.decks, rules.jokers)
    ranks = rng.sample(list(Rank), rng.randint(1, 5))
    suits = rng.sample(list(Suit), rng.randint(1, 4))
    pool = [c for c in shoe if c.rank is None or (c.rank in ranks and c.suit in suits)]
    wild = rng.choice(list(Rank))
    hand = tuple(rng.sample(pool, min(len(pool), rng.randint(1, max_size))))
    targets: tuple[Meld, ...] = ()
    if with_targets:
        goer = tuple(rng.sample(pool, min(len(pool), 7)))
        targets = best_arrangement(goer, wild, rules).melds
    return rules, wild, hand, targets


def assert_agrees_with_brute_force(hand: Sequence[Card], wild: Rank, rules: RuleSet) -> None:
    """The solver's arrangement is legal and its penalty is the brute force's minimum."""
    arrangement = best_arrangement(hand, wild, rules)
    check_arrangement(arrangement, hand, wild, rules)
    expected = brute_min_penalty(hand, wild, rules)
    assert arrangement.penalty == expected, (rules, format_cards(hand), wild)
    assert min_penalty(hand, wild, rules) == expected


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8), ids=lambda seed: f"seed{seed}")
def test_random_hands_match_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(250):
        rules, wild, hand, _ = random_case(rng, max_size=8, with_targets=False)
        assert_agrees_with_brute_force(hand, wild, rules)


@pytest.mark.parametrize("seed", range(4), ids=lambda seed: f"seed{seed}")
def test_random_lay_offs_match_brute_force(seed: int) -> None:
    rng = random.Random(1000 + seed)
    for _ in range(150):
        rules, wild, hand, targets = random_case(rng, max_size=5, with_targets=True)
        arrangement = best_arrangement(hand, wild, rules, targets)
        check_arrangement(arrangement, hand, wild, rules, targets)
        expected = brute_min_penalty(hand, wild, rules, targets)
        assert arrangement.penalty == expected, (rules, format_cards(hand), wild, targets)


@pytest.mark.parametrize("seed", range(2), ids=lambda seed: f"seed{seed}")
def test_leftover_ordinals_match_the_built_arrangement(seed: int) -> None:
    rng = random.Random(2000 + seed)
    for _ in range(300):
        rules, wild, hand, targets = random_case(rng, max_size=14, with_targets=rng.random() < 0.3)
        arrangement = best_arrangement(hand, wild, rules, targets)
        penalty, ordinals = leftover_ordinals(hand, wild, rules, targets)
        assert penalty == arrangement.penalty
        assert sorted(ordinals) == sorted(card.ordinal for card in arrangement.leftover)


@pytest.mark.slow
@pytest.mark.parametrize("max_wilds", [1, 2])
@pytest.mark.parametrize("seed", range(4), ids=lambda seed: f"seed{seed}")
def test_hands_with_few_wilds_match_brute_force(seed: int, max_wilds: int) -> None:
    """Hands with at most one wild take the solver's root-enumeration path; two wilds
    the relaxed search (or the exact one with one wild per meld)."""
    rng = random.Random(3000 + 10 * max_wilds + seed)
    checked = 0
    while checked < 250:
        rules, wild, hand, _ = random_case(rng, max_size=8, with_targets=False)
        if sum(card.is_wild(wild) for card in hand) > max_wilds:
            continue
        checked += 1
        assert_agrees_with_brute_force(hand, wild, rules)


@pytest.mark.parametrize("seed", range(2), ids=lambda seed: f"seed{seed}")
def test_few_wilds_match_brute_force_in_the_relaxed_search(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the root enumeration turned off, hands with at most one wild take the relaxed
    search without singles (a single then gains nothing)."""
    monkeypatch.setattr(solver, "_SMALL_WORK", -1)
    rng = random.Random(4000 + seed)
    checked = 0
    while checked < 250:
        rules, wild, hand, _ = random_case(rng, max_size=9, with_targets=False)
        if sum(card.is_wild(wild) for card in hand) > 1:
            continue
        checked += 1
        assert_agrees_with_brute_force(hand, wild, rules)
