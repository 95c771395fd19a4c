"""The AI strength bars: each level against three greedy seats, in duplicate matches.

Prints, for ``hard``, ``normal`` and ``easy`` each against 3 × ``greedy``: win
rate (parity 25 %) with its 95 % interval and mean total as a fraction of the
greedy seats' mean total; the mean winning total of 4 × ``hard``; and the time
of a full 4 × ``greedy`` match. Usage:
``python benchmarks/strength.py [--matches 400] [--jobs 2] [--levels hard,normal,easy]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from game.engine.rules import RuleSet
from game.sim import stats, tournament


def against_greedy(level: str, matches: int, jobs: int, seed: int) -> None:
    start = time.perf_counter()
    records = tournament.run(tournament.duel_tasks(matches, level, "greedy", RuleSet(), seed), jobs)
    summary = stats.summarise(records)
    mine, greedy = summary[level], summary["greedy"]
    print(
        f"{level:<7} vs 3 greedy, {matches} matches: win rate {mine.win_rate:.1%} "
        f"± {mine.win_rate_ci:.1%}, mean total {mine.mean_total:.1f} vs greedy "
        f"{greedy.mean_total:.1f} = {mine.mean_total / greedy.mean_total:.3f}×, "
        f"decisions p50 {mine.decision_ms_p50:.1f} ms p99 {mine.decision_ms_p99:.1f} ms "
        f"({time.perf_counter() - start:.0f} s)"
    )


def winning_totals(level: str, matches: int, jobs: int, seed: int) -> None:
    records = tournament.run(tournament.tasks(matches, [level] * 4, RuleSet(), seed), jobs)
    winners = [min(record.totals) for record in records]
    print(
        f"4 × {level}, {matches} matches: mean winning total {statistics.fmean(winners):.1f}, "
        f"median {statistics.median(winners):.1f}"
    )


def greedy_match_time(matches: int) -> None:
    all_tasks = tournament.tasks(matches, ["greedy"] * 4, RuleSet(), seed=0)
    start = time.perf_counter()
    tournament.run(all_tasks)
    print(f"4 × greedy: {(time.perf_counter() - start) / matches:.2f} s per match")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--levels", default="hard,normal,easy")
    parser.add_argument("--hard-table", type=int, default=40, help="matches of 4 × hard")
    args = parser.parse_args()
    greedy_match_time(10)
    for level in args.levels.split(","):
        against_greedy(level, args.matches, args.jobs, args.seed)
    if args.hard_table:
        winning_totals("hard", args.hard_table, args.jobs, args.seed)


if __name__ == "__main__":
    main()
