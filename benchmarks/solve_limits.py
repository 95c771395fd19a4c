"""Time the slowest lines ``python -m game.engine solve`` accepts, and its refusals.

The hardest legal lines are 16-card hands (the most the command accepts) of one
long suit with duplicates and a few wilds, one wild per meld and aces high: the
exact search then places every wild. The ones below were found by a hill climb
over such hands (``--climb`` runs one more, from the first). Each line is timed
through the command's own path (decoding, checks, solver, answer), best of
``--repeats``, with its peak memory; then lines beyond the limits, which must be
refused at once. Usage: ``python benchmarks/solve_limits.py [--repeats N] [--climb S]``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import tracemalloc
from typing import Any

from game.engine.cards import Rank, format_cards, new_shoe, parse_cards
from game.engine.cli import MAX_HAND, MAX_LINE_BYTES, solve_line
from game.engine.rules import RuleSet

ONE_WILD_ACES_HIGH = {"jokers": 4, "max_wilds_per_meld": 1, "aces": "low_or_high"}

HARDEST: list[tuple[str, str, dict[str, Any]]] = [
    ("AH 2C 3H 3H 4H 4H 5H 6H 6H 7H 8H 9H 10H JH QH KH", "2", ONE_WILD_ACES_HIGH),
    ("JK AH 2C 2S 3H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "2", ONE_WILD_ACES_HIGH),
    ("3H 6H 2S QH KH 2D 2C 7H 5H 4H AH 9H 3H 8H JH 10H", "2", ONE_WILD_ACES_HIGH),
    ("JK AH 2C 3H 3H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "2", {**ONE_WILD_ACES_HIGH, "players": 8}),
    ("AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 3H 2D 2C JK", "2", ONE_WILD_ACES_HIGH),
    (
        "AS 4S 9S JK 3S JK JS 5S 7S KC 10S JK AS 6S KH 8S",
        "K",
        {"players": 8, "jokers": 4, "all_wild_melds": False, "aces": "low_or_high"},
    ),
    ("JS 9H 2D 8S QS AS 10S 2D JH 7H AH 7H JK 2S KH QH", "2", {"jokers": 4, "aces": "low_or_high"}),
    ("3D 9D 4D JK KD KH 5D 6D 8D 10D 4D AD AD 10D JK KD", "K", {"players": 8, "jokers": 4}),
]
"""(hand, wild, rules) of the slowest legal lines found."""

REFUSED = {
    "100,000 nested [": "[" * 100_000,
    f"{MAX_LINE_BYTES} bytes, nested [": "[" * MAX_LINE_BYTES,
    "40 cards": json.dumps({"hand": [f"{r}H" for r in "A23456789TJQK"] * 3 + ["JK"], "wild": 2}),
    "four 7H": json.dumps({"hand": ["7H"] * 4, "wild": 3}),
}


def line_of(hand: str, wild: str, rules: dict[str, Any]) -> str:
    return json.dumps({"hand": hand.split(), "wild": wild, "rules": rules})


def best_time(line: str, repeats: int) -> float:
    """The fastest of ``repeats`` answers to ``line``, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        solve_line(line)
        times.append(time.perf_counter() - start)
    return min(times)


def peak_memory(line: str) -> int:
    """Peak bytes allocated while answering ``line`` once."""
    tracemalloc.start()
    solve_line(line)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def climb(start: tuple[str, str, dict[str, Any]], seconds: float, seed: int) -> tuple[str, float]:
    """Swap one card at a time (from the same suits and the wilds), keeping the slower hand."""
    rng = random.Random(seed)
    hand_text, wild, rules_json = start
    rules, wild_rank = RuleSet.from_json(rules_json), Rank.parse(wild)
    hand = list(parse_cards(hand_text))
    suits = {card.suit for card in hand if not card.is_wild(wild_rank)}
    pool = [
        card
        for card in new_shoe(rules.decks, rules.jokers)
        if card not in hand and (card.suit in suits or card.is_wild(wild_rank))
    ]
    slowest = best_time(line_of(format_cards(hand), wild, rules_json), 2)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        i, j = rng.randrange(len(hand)), rng.randrange(len(pool))
        trial = [*hand[:i], pool[j], *hand[i + 1 :]]
        taken = best_time(line_of(format_cards(trial), wild, rules_json), 2)
        if taken > slowest:
            hand[i], pool[j] = pool[j], hand[i]
            slowest = taken
    return format_cards(sorted(hand)), slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5, help="timings per line (default 5)")
    parser.add_argument("--climb", type=float, default=0, help="seconds of hill climb (default 0)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"legal lines ({MAX_HAND} cards at most), best of {args.repeats}:")
    slowest = 0.0
    for hand, wild, rules in HARDEST:
        line = line_of(hand, wild, rules)
        taken = best_time(line, args.repeats)
        slowest = max(slowest, taken)
        print(f"  {taken * 1e3:7.1f} ms  {peak_memory(line) / 2**20:5.1f} MiB  {hand} / {wild}")
    if args.climb:
        hand, taken = climb(HARDEST[0], args.climb, args.seed)
        slowest = max(slowest, taken)
        print(f"  {taken * 1e3:7.1f} ms  climbed: {hand} / {HARDEST[0][1]}")
    print("refused lines:")
    for name, line in REFUSED.items():
        taken = best_time(line, args.repeats)
        print(f"  {taken * 1e3:7.1f} ms  {name}: {solve_line(line)[:70]}")
    print(f"slowest legal line: {slowest * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
