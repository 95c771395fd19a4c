"""Time AI decisions on positions from real play, by hand size.

Positions come from N × greedy matches (seeded; ``--players`` seats, 2–8, default 4,
with the rule set's shoe: a third deck at 7–8); each policy is asked for its
decision in every position of the chosen hand sizes. Prints p50/p99/max per
policy. ``--clock cpu`` times with the process's CPU time, steadier than the wall
clock on a shared machine. Usage: ``python benchmarks/decisions.py [--policies
hard,normal] [--hand-sizes 13] [--matches 4] [--players 4] [--clock wall|cpu] [--rules
'{"contracts": true}']`` (``--rules``: rule options as JSON; ``--players`` wins).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time

from game.ai.registry import make_policy
from game.engine.cli import parse_rules
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.view import PlayerView
from game.sim.stats import percentile


def positions(
    matches: int, hand_sizes: set[int], players: int = 4, rules: RuleSet | None = None
) -> list[PlayerView]:
    """Every view of a seat to move, with a hand of one of ``hand_sizes``, in ``matches``
    seeded matches of ``players`` greedy seats (under ``rules``, default the defaults)."""
    rules = dataclasses.replace(rules or RuleSet(), players=players)
    views = []
    for seed in range(matches):
        match = Match.new(rules, seed)
        seats = [make_policy("greedy", random.Random(seed * 10 + seat)) for seat in range(players)]
        while not match.is_over:
            seat = match.current_seat
            view = match.view_for(seat)
            if view.hand_size in hand_sizes:
                views.append(view)
            match.apply(seats[seat].choose(view))
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--policies", default="greedy,normal,hard")
    parser.add_argument("--hand-sizes", default="13")
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--players", type=int, choices=range(2, 9), default=4)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--rules", default="{}", help="rule options as a JSON object")
    args = parser.parse_args()
    try:
        rules = parse_rules(args.rules, players=args.players)
    except ValueError as error:
        parser.error(f"--rules: {error}")
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    sizes = {int(size) for size in args.hand_sizes.split(",")}
    views = positions(args.matches, sizes, args.players, rules)
    print(
        f"{len(views)} positions with hand sizes {sorted(sizes)} from {args.matches} matches"
        f" of {args.players} players ({rules.decks} decks, rules {args.rules})"
    )
    for spec in args.policies.split(","):
        policy = make_policy(spec, random.Random(0))
        times = []
        for view in views:
            start = clock()
            policy.choose(view)
            times.append((clock() - start) * 1000)
        p50, p99 = percentile(times, 0.5), percentile(times, 0.99)
        print(f"{spec:<8} p50 {p50:7.1f} ms   p99 {p99:7.1f} ms   max {max(times):7.1f} ms")


if __name__ == "__main__":
    main()
