"""How a level does against a field, per rule family and table size, in duplicate matches.

For each family (a few options of the rule set) and each table size, ``--level`` holds one
seat and the ``--field`` policies the others (a comma list: the seats cycle through it), in
duplicate matches (:mod:`game.sim.tournament`: each deal once per rotation). Prints per cell
the matches, the level's win rate with its 95 % interval and parity (1 / seats), and the
level's mean total ÷ the field's mean total with a 95 % interval: a bootstrap over the deals
(each deal's rotations resampled together, so the duplicate pairing holds), seeded. Below 1
the level scores fewer points than the field. Decks are the rule set's own (a third at 7–8
seats). Usage::

    python benchmarks/field_strength.py [--level hard] [--field depth-one]
        [--families base,contracts,...] [--seats 2,4,8] [--matches 40] [--jobs 2]
        [--seed 40000] [--resamples 2000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

from game.engine.rules import RuleSet
from game.sim import stats, tournament

FAMILIES: dict[str, dict[str, Any]] = {
    "base": {},
    "contracts": {"contracts": True},
    "lay-off-all": {"lay_off": "all"},
    "free-jokers": {"jokers": 2, "free_jokers": True},
    "open": {"table": "open"},
    "open-contracts": {"table": "open", "contracts": True},
    "all-four": {
        "contracts": True,
        "lay_off": "all",
        "jokers": 2,
        "free_jokers": True,
        "table": "open",
    },
}
"""The rule families, by name: the options each changes from the base game."""


class Ratio(NamedTuple):
    """A ratio of totals and its 95 % interval."""

    value: float
    low: float
    high: float


def ratio_interval(
    deals: Sequence[Sequence[tuple[float, float]]], rng: random.Random, resamples: int = 2000
) -> Ratio:
    """The ratio of the summed first numbers to the summed second ones over ``deals`` (each a
    list of matches, each ``(mine, the field's mean)``), and its 95 % percentile bootstrap
    interval, resampling whole deals ``resamples`` times with ``rng``."""
    value = _ratio(deals)
    draws = sorted(_ratio(rng.choices(deals, k=len(deals))) for _ in range(resamples))
    return Ratio(value, _quantile(draws, 0.025), _quantile(draws, 0.975))


def _ratio(deals: Sequence[Sequence[tuple[float, float]]]) -> float:
    mine = sum(pair[0] for deal in deals for pair in deal)
    theirs = sum(pair[1] for deal in deals for pair in deal)
    return mine / theirs if theirs else float("inf")


def _quantile(ordered: Sequence[float], fraction: float) -> float:
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


Deal = list[tuple[float, float]]
"""The matches of one deal, each as a level's total and the field's mean total."""


def by_deal(records: Sequence[tournament.MatchRecord], level: str) -> list[Deal]:
    """Per deal, per match: ``level``'s total and the other seats' mean total."""
    deals: dict[int, Deal] = {}
    for record in records:
        seat = record.task.seats.index(level)
        others = [total for other, total in enumerate(record.totals) if other != seat]
        deals.setdefault(record.task.seed, []).append(
            (record.totals[seat], statistics.fmean(others))
        )
    return list(deals.values())


def seating(level: str, field: Sequence[str], players: int) -> list[str]:
    """``level`` then ``players`` − 1 seats cycling through ``field``."""
    return [level, *(field[index % len(field)] for index in range(players - 1))]


def cell(
    family: str, players: int, level: str, field: Sequence[str], args: argparse.Namespace
) -> str:
    """Play one family at one table size and say how ``level`` did, in one line."""
    rules = RuleSet(players=players, **FAMILIES[family])
    start = time.perf_counter()
    all_tasks = tournament.tasks(args.matches, seating(level, field, players), rules, args.seed)
    records = tournament.run(all_tasks, args.jobs)
    mine = stats.summarise(records)[level]
    ratio = ratio_interval(by_deal(records, level), random.Random(args.seed), args.resamples)
    return (
        f"{family:<15}{players:>6}{len(records):>8}"
        f"{mine.win_rate:>9.1%} ±{mine.win_rate_ci:>6.1%} ({1 / players:>4.0%})"
        f"{ratio.value:>9.2f} [{ratio.low:.2f}, {ratio.high:.2f}]"
        f"{mine.decision_ms_p99:>9.0f}{time.perf_counter() - start:>7.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--level", default="hard")
    parser.add_argument("--field", default="depth-one", help="policies, comma separated")
    parser.add_argument("--families", default=",".join(FAMILIES))
    parser.add_argument("--seats", default="2,4,8")
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=40_000)
    parser.add_argument("--resamples", type=int, default=2000)
    args = parser.parse_args()
    families = args.families.split(",")
    unknown = [name for name in families if name not in FAMILIES]
    if unknown:
        parser.error(f"unknown family {unknown[0]!r}: use {', '.join(FAMILIES)}")
    field = args.field.split(",")
    if args.level in field:
        parser.error("the level cannot also be in the field")
    seats = [int(count) for count in args.seats.split(",")]
    print(f"{args.level} vs {', '.join(field)}: seed {args.seed}, {args.matches} matches a cell")
    print(
        f"{'family':<15}{'seats':>6}{'matches':>8}{'win rate (parity)':>26}"
        f"{'total ÷ field [95 %]':>24}{'p99 ms':>9}{'time':>9}"
    )
    for family in families:
        for players in seats:
            print(cell(family, players, args.level, field, args), flush=True)


if __name__ == "__main__":
    main()
