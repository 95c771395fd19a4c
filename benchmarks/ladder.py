"""The AI ladder: every level against the other seats of each opponent, in duplicate matches.

For each level and each opponent of the field (by default ``greedy``, the depth-1
Monte Carlo ``sampler`` and the set-hoarding ``collector``, none of which a level is
tuned on alone), prints the level's win rate (parity 1/N at N players: 25 % at four)
with its 95 % interval, and its mean total as a share of the opponents' mean total
(and its margin: its total less the mean of the others', per match, with its interval
taken over matches and over whole deals, each deal's rotations averaged, which cancels
the luck of the cards);
then each step of the ladder: a level against the other seats all played by the level
below. ``--players`` seats 2–8 (default 4); each deal is played once per rotation of
the seats, so a deal takes N matches. Usage: ``python benchmarks/ladder.py [--matches
100] [--seed 20000] [--jobs 2] [--players 4] [--levels easy,greedy,normal,hard]
[--field greedy,sampler,collector] [--no-steps] [--rules '{"contracts": true}']``.
``--field ''`` plays the steps alone; ``--rules`` changes rule options (JSON, as
``python -m game.sim`` takes them).
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import time

from game.engine.cli import parse_rules
from game.engine.rules import RuleSet
from game.sim import stats, tournament


def duel(level: str, opponent: str, matches: int, seed: int, jobs: int, rules: RuleSet) -> str:
    """One line: ``level`` against every other seat played by ``opponent``."""
    started = time.perf_counter()
    records = tournament.run(tournament.duel_tasks(matches, level, opponent, rules, seed), jobs)
    summary = stats.summarise(records)
    mine, theirs = summary[level], summary[opponent]
    low, high = mine.win_rate - mine.win_rate_ci, mine.win_rate + mine.win_rate_ci
    parity = 1 / rules.players
    verdict = "above parity" if low > parity else "below parity" if high < parity else "not shown"
    margin, margin_ci = stats.mean_and_ci([stats.margin(record, level) for record in records])
    by_deal: dict[int, list[float]] = {}
    for record in records:
        by_deal.setdefault(record.task.seed, []).append(stats.margin(record, level))
    whole = [statistics.fmean(deal) for deal in by_deal.values() if len(deal) == rules.players]
    _, deal_ci = stats.mean_and_ci(whole) if whole else (0.0, math.inf)
    return (
        f"{level:>9} vs {rules.players - 1} × {opponent:<9} win {mine.win_rate:6.1%}"
        f" ± {mine.win_rate_ci:5.1%} ({verdict})"
        f"   mean total {mine.mean_total / theirs.mean_total:.3f}×"
        f" (margin {margin:+.1f} ± {margin_ci:.1f} points a match,"
        f" ± {deal_ci:.1f} over the {len(whole)} whole deals)"
        f"   decisions p99 {mine.decision_ms_p99:6.1f} ms"
        f"   ({len(records)} matches, {time.perf_counter() - started:.0f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--players", type=int, choices=range(2, 9), default=4)
    parser.add_argument("--levels", default="easy,greedy,normal,hard")
    parser.add_argument("--field", default="greedy,sampler,collector")
    parser.add_argument("--no-steps", action="store_true", help="skip the ladder's steps")
    parser.add_argument("--rules", default="{}", help="rule options as a JSON object")
    args = parser.parse_args()
    try:
        rules = parse_rules(args.rules, players=args.players)
    except ValueError as error:
        parser.error(f"--rules: {error}")
    levels, field = args.levels.split(","), [spec for spec in args.field.split(",") if spec]
    print(
        f"{args.matches} duplicate matches each, seed {args.seed}, rules {args.rules} at"
        f" {rules.players} players (parity {1 / rules.players:.1%})",
        flush=True,
    )
    for level in levels:
        for opponent in field:
            if opponent != level:
                line = duel(level, opponent, args.matches, args.seed, args.jobs, rules)
                print(line, flush=True)
    if not args.no_steps:
        for lower, level in itertools.pairwise(levels):
            print(duel(level, lower, args.matches, args.seed, args.jobs, rules), flush=True)


if __name__ == "__main__":
    main()
