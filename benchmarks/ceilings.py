"""How much better ``hard`` would play if it knew what its view hides.

Plays ``hard`` and the two oracle seats of :mod:`game.sim.oracles` — one shown every
other hand, one told the stock's top card at each draw — against three seats of
``--opponent`` on the same duplicate deals, and prints for each its win rate and mean
total as a multiple of the field's, and each oracle's gain over ``hard`` in points per
match, paired deal by deal. The gains bound what any reading of the others' hands, or
any better guess of the next card, could bring. Usage:
``python benchmarks/ceilings.py [--opponent sampler] [--matches 96] [--seed 20000] [--jobs 2]``.
"""

from __future__ import annotations

import argparse

from game.engine.rules import RuleSet
from game.sim import oracles, stats, tournament

SEATS = ("hard", "game.sim.oracles:SeesHands", "game.sim.oracles:SeesNextCard")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--opponent", default="sampler")
    parser.add_argument("--matches", type=int, default=96)
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.opponent in SEATS:
        parser.error("the opponent must be another spec")
    runs = {}
    for spec in SEATS:
        schedule = tournament.duel_tasks(args.matches, spec, args.opponent, RuleSet(), args.seed)
        try:
            runs[spec] = records = tournament.run(schedule, args.jobs, tip=oracles.tell)
        except ValueError as error:
            parser.error(str(error))
        print(stats.duel_line(records, spec, args.opponent), flush=True)
    base = SEATS[0]
    for spec in SEATS[1:]:
        gain, interval = stats.paired_margin_gain(runs[base], base, runs[spec], spec)
        print(f"{spec} over {base}, paired: {gain:+.2f} ± {interval:.2f} points per match")


if __name__ == "__main__":
    main()
