"""How much better ``hard`` would play if it knew what its view hides.

Plays ``hard`` and the oracle seats of :mod:`game.sim.oracles` — one shown every other
hand, one told the stock's top card at each draw, one told which cards would let each
other seat go out — against three seats of ``--opponent`` on the same duplicate deals,
and prints for each its win rate and mean total as a multiple of the field's, and each
oracle's gain over ``hard`` in points per match, paired deal by deal. The gains bound
what any reading of the others' hands, any better guess of the next card, or any
timing of the round's end could bring. Usage:
``python benchmarks/ceilings.py [--opponent sampler] [--matches 96] [--seed 20000]
[--jobs 2] [--oracle sees-outs ...]`` (every oracle unless ``--oracle`` names some).
"""

from __future__ import annotations

import argparse

from game.engine.rules import RuleSet
from game.sim import oracles, stats, tournament

BASE = "hard"
ORACLES = {
    oracle.name: f"game.sim.oracles:{oracle.__name__}"
    for oracle in (oracles.SeesHands, oracles.SeesNextCard, oracles.SeesOuts)
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--opponent", default="sampler")
    parser.add_argument("--matches", type=int, default=96)
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--oracle", action="append", choices=sorted(ORACLES), help="an oracle to play"
    )
    args = parser.parse_args()
    seats = [BASE, *(ORACLES[name] for name in args.oracle or ORACLES)]
    if args.opponent in seats:
        parser.error("the opponent must be another spec")
    runs = {}
    for spec in seats:
        schedule = tournament.duel_tasks(args.matches, spec, args.opponent, RuleSet(), args.seed)
        try:
            runs[spec] = records = tournament.run(schedule, args.jobs, tip=oracles.tell)
        except ValueError as error:
            parser.error(str(error))
        print(stats.duel_line(records, spec, args.opponent), flush=True)
    for spec in seats[1:]:
        gain, interval = stats.paired_margin_gain(runs[BASE], BASE, runs[spec], spec)
        print(f"{spec} over {BASE}, paired: {gain:+.2f} ± {interval:.2f} points per match")


if __name__ == "__main__":
    main()
