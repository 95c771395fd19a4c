"""How long rounds last in 4 × greedy play: turns per seat until someone goes out.

Prints, per hand size, the number of rounds seen and the mean, median, 10th and
90th percentile of turns per seat: how few draws a seat can count on.
Usage: ``python benchmarks/round_lengths.py [--matches 60]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict

from game.ai.registry import make_policy
from game.engine.actions import Discard
from game.engine.events import RoundScored, WentOut
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.sim.stats import percentile


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=60)
    args = parser.parse_args()
    lengths: dict[int, list[float]] = defaultdict(list)
    for seed in range(args.matches):
        match = Match.new(RuleSet(), seed)
        seats = [make_policy("greedy", random.Random(seed * 10 + seat)) for seat in range(4)]
        discards = 0
        while not match.is_over:
            seat, hand_size = match.current_seat, match.hand_size
            action = seats[seat].choose(match.view_for(seat))
            discards += isinstance(action, Discard)
            for event in match.apply(action):
                if isinstance(event, WentOut):
                    lengths[hand_size].append(discards / match.players)
                if isinstance(event, RoundScored):
                    discards = 0
    print("hand size  rounds   mean  median   p10   p90  (turns per seat until someone goes out)")
    for size in sorted(lengths):
        values = lengths[size]
        print(
            f"{size:>9} {len(values):>7} {statistics.fmean(values):>6.2f} "
            f"{statistics.median(values):>7.2f} {percentile(values, 0.1):>5.2f} "
            f"{percentile(values, 0.9):>5.2f}"
        )


if __name__ == "__main__":
    main()
