"""Time ``best_arrangement`` on the hardest round: 14 cards, 2 decks + 4 jokers, Kings wild.

Prints median, p99 and maximum time per hand, each hand solved from scratch
(the solver keeps no cache between calls), for random hands and for meld-rich
hands built from sets and runs; with ``--contracts``, also the least penalty and best
arrangement that include the round's contract (three sets and one run at 14 cards);
then the redemption round's best use of the table (``lay_off="all"`` with
``free_jokers``): 8 players, 3 decks + 4 jokers, the goer's melds from a meld-rich hand,
each of the 7 others making the best use of the table as it stands.
Usage: ``python benchmarks/solver.py [--hands N] [--contracts] [--rounds N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from game.engine.cards import Card, Rank, Suit, new_shoe
from game.engine.contracts import contract_for
from game.engine.layoff import redemption
from game.engine.melds import Arrangement
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement, contract_arrangement, is_complete, min_penalty

RULES = RuleSet(jokers=4)
WILD = Rank.KING
HAND = 14


def random_hands(rng: random.Random, count: int) -> list[tuple[Card, ...]]:
    shoe = new_shoe(RULES.decks, RULES.jokers)
    return [tuple(rng.sample(shoe, HAND)) for _ in range(count)]


def meld_rich_hands(rng: random.Random, count: int) -> list[tuple[Card, ...]]:
    """Hands made mostly of runs and sets (with some wilds and a few stray cards)."""
    hands = []
    for _ in range(count):
        shoe = list(new_shoe(RULES.decks, RULES.jokers))
        rng.shuffle(shoe)
        hand: list[Card] = []
        while len(hand) < HAND - rng.randint(0, 3):
            if rng.random() < 0.5:
                suit = rng.choice(list(Suit))
                start = rng.randint(1, 10)
                wanted = [(r, suit) for r in range(start, start + rng.randint(3, 5)) if r <= 13]
            else:
                rank = rng.randint(1, 12)
                wanted = [(rank, rng.choice(list(Suit))) for _ in range(rng.randint(3, 4))]
            for rank, suit in wanted:
                card = next((c for c in shoe if c.rank == rank and c.suit == suit), None)
                if card is not None and len(hand) < HAND:
                    shoe.remove(card)
                    hand.append(card)
        hand += shoe[: HAND - len(hand)]
        hands.append(tuple(hand))
    return hands


def time_each(
    solve: Callable[[Sequence[Card]], object], hands: list[tuple[Card, ...]]
) -> list[float]:
    times = []
    for hand in hands:
        start = time.perf_counter()
        solve(hand)
        times.append(time.perf_counter() - start)
    return times


def report(name: str, times: list[float]) -> None:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(
        f"{name:<34} n={len(times):>6}  median {statistics.median(ordered) * 1e6:7.1f} µs"
        f"  p99 {p99 * 1e6:8.1f} µs  max {ordered[-1] * 1e3:7.2f} ms"
    )


REDEEM = RuleSet(players=8, jokers=4, lay_off="all", free_jokers=True)


def redemption_rounds(rng: random.Random, count: int) -> list[float]:
    """Seconds per last turn of ``count`` redemption rounds of 14 cards, Kings wild."""
    times = []
    for goer in meld_rich_hands(rng, count):
        shown = best_arrangement(goer, WILD, REDEEM)
        shoe = [card for card in new_shoe(REDEEM.decks, REDEEM.jokers) if card not in goer]
        rng.shuffle(shoe)
        hands = [goer, *(shoe[HAND * i : HAND * (i + 1)] for i in range(REDEEM.players - 1))]
        table = Arrangement(shown.melds, (), 0)
        start = time.perf_counter()
        redemption(hands, 0, table, WILD, REDEEM)
        times.append((time.perf_counter() - start) / (REDEEM.players - 1))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=10_000, help="random hands (default 10000)")
    parser.add_argument("--rich", type=int, default=1_000, help="meld-rich hands (default 1000)")
    parser.add_argument(
        "--rounds", type=int, default=200, help="redemption rounds of 8 players (default 200)"
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--contracts", action="store_true", help="also time the solver under the contract"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    random_set = random_hands(rng, args.hands)
    rich_set = meld_rich_hands(rng, args.rich)
    wilds = [sum(c.is_wild(WILD) for c in hand) for hand in random_set]
    print(
        f"14-card hands, 2 decks + 4 jokers, Kings wild (mean wilds per random hand "
        f"{statistics.mean(wilds):.2f}, max {max(wilds)})"
    )
    solvers: list[tuple[str, Callable[[Sequence[Card]], object]]] = [
        ("best_arrangement", lambda hand: best_arrangement(hand, WILD, RULES)),
        ("min_penalty", lambda hand: min_penalty(hand, WILD, RULES)),
    ]
    if args.contracts:
        contract = contract_for(HAND)
        solvers += [
            (
                "contract_arrangement",
                lambda hand: contract_arrangement(hand, WILD, RULES, contract),
            ),
            ("is_complete, contract", lambda hand: is_complete(hand, WILD, RULES, contract)),
        ]
    for label, solve in solvers:
        report(f"{label}, random", time_each(solve, random_set))
        report(f"{label}, meld-rich", time_each(solve, rich_set))
    if args.rounds:
        report("redemption, per last turn", redemption_rounds(rng, args.rounds))


if __name__ == "__main__":
    main()
