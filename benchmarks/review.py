"""Time the round review of seat 0 over whole matches.

Each match (default rules, 11 rounds, 4 seats) is played by AI policies, seat 0
first (default: ``easy``, which slips like a casual player, against three
``hard``); then :func:`game.sim.review.review` reviews seat 0's every decision. Prints
per match the time to build and to review it, and over all decisions the p50, p99
and max time per decision. ``--clock cpu`` times with the process's CPU time.
Usage: ``python benchmarks/review.py [--seats easy,hard,hard,hard] [--matches 3]
[--seed 0] [--clock wall|cpu]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from game.ai.registry import make_policy
from game.engine.actions import Action
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.view import PlayerView
from game.sim.review import Judgement, Reviewer, costliest, review
from game.sim.stats import percentile


class TimedReviewer(Reviewer):
    """A reviewer that notes how long each decision took to judge."""

    def __init__(self, clock: Callable[[], float]) -> None:
        super().__init__()
        self.clock = clock
        self.times: list[float] = []

    def judge(self, view: PlayerView, played: Action, rng: random.Random) -> Judgement:
        start = self.clock()
        judgement = super().judge(view, played, rng)
        self.times.append((self.clock() - start) * 1000)
        return judgement


def play(seed: int, specs: list[str]) -> Match:
    """A whole match of default rules, each seat played by its policy."""
    match = Match.new(RuleSet(), seed)
    seats = [make_policy(spec, random.Random(seed * 10 + i)) for i, spec in enumerate(specs)]
    while not match.is_over:
        seat = match.current_seat
        match.apply(seats[seat].choose(match.view_for(seat)))
    return match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seats", default="easy,hard,hard,hard")
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args()
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    specs = args.seats.split(",")
    times: list[float] = []
    for seed in range(args.seed, args.seed + args.matches):
        start = clock()
        match = play(seed, specs)
        built = clock() - start
        reviewer = TimedReviewer(clock)
        start = clock()
        decisions = review(match, 0, reviewer=reviewer)
        took = clock() - start
        times += reviewer.times
        lost = sum(decision.loss for decision in decisions)
        dearest = costliest(decisions, 1)
        worst = f"{dearest[0].loss:.1f}" if dearest else "-"
        print(
            f"seed {seed}: {len(match.actions)} actions, {len(decisions)} decisions of seat 0; "
            f"played in {built:.1f} s, reviewed in {took:.2f} s; "
            f"loss {lost:.1f} points in all, dearest {worst}"
        )
    p50, p99 = percentile(times, 0.5), percentile(times, 0.99)
    print(
        f"{len(times)} decisions: p50 {p50:.1f} ms   p99 {p99:.1f} ms   max {max(times):.1f} ms "
        f"per decision"
    )


if __name__ == "__main__":
    main()
