"""The AI ladder: every level against three seats of each opponent, in duplicate matches.

For each level and each opponent of the field (by default ``greedy``, the depth-1
Monte Carlo ``sampler`` and the set-hoarding ``collector``, none of which a level is
tuned on alone), prints the level's win rate (parity 25 %) with its 95 % interval,
and its mean total as a share of the opponents' mean total; then each step of the
ladder: a level against three seats of the level below. Usage:
``python benchmarks/ladder.py [--matches 100] [--seed 20000] [--jobs 2]
[--levels easy,greedy,normal,hard] [--field greedy,sampler,collector] [--no-steps]``.
"""

from __future__ import annotations

import argparse
import itertools
import time

from game.engine.rules import RuleSet
from game.sim import stats, tournament


def duel(level: str, opponent: str, matches: int, seed: int, jobs: int) -> str:
    """One line: ``level`` against three ``opponent`` seats."""
    started = time.perf_counter()
    records = tournament.run(tournament.duel_tasks(matches, level, opponent, RuleSet(), seed), jobs)
    summary = stats.summarise(records)
    mine, theirs = summary[level], summary[opponent]
    return (
        f"{level:>9} vs 3 × {opponent:<9} win {mine.win_rate:6.1%} ± {mine.win_rate_ci:5.1%}"
        f"   mean total {mine.mean_total / theirs.mean_total:.3f}×"
        f"   decisions p99 {mine.decision_ms_p99:6.1f} ms   ({time.perf_counter() - started:.0f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--levels", default="easy,greedy,normal,hard")
    parser.add_argument("--field", default="greedy,sampler,collector")
    parser.add_argument("--no-steps", action="store_true", help="skip the ladder's steps")
    args = parser.parse_args()
    levels, field = args.levels.split(","), args.field.split(",")
    print(f"{args.matches} duplicate matches each, seed {args.seed}, default rules")
    for level in levels:
        for opponent in field:
            if opponent != level:
                print(duel(level, opponent, args.matches, args.seed, args.jobs), flush=True)
    if not args.no_steps:
        for lower, level in itertools.pairwise(levels):
            print(duel(level, lower, args.matches, args.seed, args.jobs), flush=True)


if __name__ == "__main__":
    main()
