"""Two specs against one field, deal by deal: is the candidate better, and by how much?

Plays ``BASE`` and then ``CANDIDATE`` against three seats of ``--opponent`` on the same
duplicate deals, and prints for each its win rate and mean total as a multiple of the
field's; then the candidate's gain in points per match over the base, paired deal by
deal, with its 95 % interval (the interval that says whether a change is real: for a
small change of style it is several times narrower than two separate runs would give,
for a new way of playing hardly narrower); and per hand size the mean
points of each and of the field. Specs are those of ``python -m game.sim`` (a level,
``hard/stock_share=0.4``, or ``package.module:ClassName``). Usage:
``python benchmarks/compare.py BASE CANDIDATE [--opponent sampler] [--matches 96]
[--seed 20000] [--jobs 2] [--rules '{"contracts": true}']`` (rule options as JSON).
"""

from __future__ import annotations

import argparse

from game.engine.cli import parse_rules
from game.sim import stats, tournament


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("base")
    parser.add_argument("candidate")
    parser.add_argument("--opponent", default="sampler")
    parser.add_argument("--matches", type=int, default=96)
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rules", default="{}", help="rule options as a JSON object")
    args = parser.parse_args()
    if args.base == args.candidate or args.opponent in (args.base, args.candidate):
        parser.error("the base, the candidate and the opponent must be three different specs")
    try:
        rules = parse_rules(args.rules)
    except ValueError as error:
        parser.error(f"--rules: {error}")
    runs = {}
    for spec in (args.base, args.candidate):
        schedule = tournament.duel_tasks(args.matches, spec, args.opponent, rules, args.seed)
        try:
            runs[spec] = records = tournament.run(schedule, args.jobs)
        except ValueError as error:
            parser.error(str(error))
        print(stats.duel_line(records, spec, args.opponent))
    gain, interval = stats.paired_margin_gain(
        runs[args.base], args.base, runs[args.candidate], args.candidate
    )
    print(f"candidate's gain, paired: {gain:+.2f} ± {interval:.2f} points per match")
    base_rounds = stats.points_by_round(runs[args.base], args.base)
    candidate_rounds = stats.points_by_round(runs[args.candidate], args.candidate)
    print(f"{'cards':>5} {'base':>7} {'field':>7} {'candidate':>10} {'field':>7}")
    for size, (base, base_field), (candidate, candidate_field) in zip(
        rules.hand_sizes, base_rounds, candidate_rounds, strict=False
    ):
        print(
            f"{size:>5} {base:>7.2f} {base_field:>7.2f} {candidate:>10.2f} {candidate_field:>7.2f}"
        )


if __name__ == "__main__":
    main()
