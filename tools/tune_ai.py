"""Tune a planning level's style by coordinate descent, in duplicate matches against a
varied field.

A trial plays the style against three seats of each opponent of the field (by default
``greedy``, the depth-1 Monte Carlo ``sampler``, the set-hoarding ``collector`` and
``normal``), on the same deals for every trial (the seed is fixed: common random
numbers), and scores it by its mean total as a share of the opponents' mean total,
averaged over the field: lower is better. From the level's own style (or ``--start``, a
spec such as ``hard/draws_ahead=0.3``), each number in turn is moved up, then down, by
its step; a move is kept only if its gain in points per match, paired match by match
with the best style's (``stats.paired_margin_gain``), is clear of zero: the low end of
its 95 % interval above ``--margin`` points. Unpaired, 96 matches a trial cannot tell
apart styles 2 points a match apart; paired, a small step mostly can. After a
sweep with no move kept, the steps are halved. Every trial is printed, and at the end
the best style as a policy spec that ``python -m game.sim`` and ``benchmarks/ladder.py``
take (``hard/stock_share=0.4/…``).

Measure the result on other seeds than the tuning seed (the ladder's default is
20 000). Usage: ``python tools/tune_ai.py [--level hard] [--start SPEC] [--matches 48]
[--seed 31000] [--sweeps 4] [--jobs 2] [--field greedy,sampler,collector,normal]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import asdict, replace

from game.ai.planner import Style
from game.ai.registry import parse_style
from game.engine.rules import RuleSet
from game.sim import stats, tournament

STEPS = {
    "draws_ahead": 0.2,
    "draws_ahead_growth": 0.04,
    "stock_share": 0.15,
    "candidates": 2,
    "feeding_cost": 0.5,
}
"""The first step of each number of a :class:`Style`."""


def spec_of(level: str, style: Style) -> str:
    """The policy spec of ``level`` playing ``style``."""
    return "/".join([level, *(f"{name}={value:g}" for name, value in asdict(style).items())])


def score(
    spec: str, field: list[str], matches: int, seed: int, jobs: int
) -> tuple[float, str, list[tournament.MatchRecord]]:
    """The trial's score (see the module docstring), its figures per opponent and its
    matches."""
    all_tasks = []
    for opponent in field:
        all_tasks += tournament.duel_tasks(matches, spec, opponent, RuleSet(), seed)
    records = tournament.run(all_tasks, jobs)
    shares, words = [], []
    for opponent in field:
        played = [record for record in records if opponent in record.task.seats]
        summary = stats.summarise(played)
        share = summary[spec].mean_total / summary[opponent].mean_total
        shares.append(share)
        words.append(f"{opponent} {share:.3f}× win {summary[spec].win_rate:.0%}")
    return statistics.fmean(shares), ", ".join(words), records


def moved(style: Style, name: str, step: float) -> Style | None:
    """``style`` with ``name`` moved by ``step``; None if that leaves its range."""
    value = getattr(style, name) + step
    if value < 0 or (name == "candidates" and value < 1):
        return None
    return replace(style, **{name: type(getattr(style, name))(value)})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", choices=("normal", "hard"), default="hard")
    parser.add_argument(
        "--start", help="the style to start from, as a spec (default: the level's own style)"
    )
    parser.add_argument("--matches", type=int, default=48, help="matches per opponent")
    parser.add_argument("--seed", type=int, default=31_000)
    parser.add_argument("--sweeps", type=int, default=4)
    parser.add_argument(
        "--margin", type=float, default=0.0, help="points per match a kept move must clear"
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--field", default="greedy,sampler,collector,normal")
    args = parser.parse_args()
    field = [name for name in args.field.split(",") if name != args.level]
    try:
        level, best = parse_style(args.start or args.level)
    except ValueError as error:
        parser.error(str(error))
    if level != args.level:
        parser.error(f"--start {args.start} is not a style of {args.level}")
    steps = dict(STEPS)
    started = time.perf_counter()

    def trial(style: Style) -> tuple[float, list[tournament.MatchRecord]]:
        spec = spec_of(args.level, style)
        value, words, records = score(spec, field, args.matches, args.seed, args.jobs)
        print(f"{value:.4f}  {spec}  ({words}; {time.perf_counter() - started:.0f} s)", flush=True)
        return value, records

    print(f"tuning {args.level}, seed {args.seed}, {args.matches} matches per opponent of {field}")
    best_score, best_records = trial(best)
    for _sweep in range(args.sweeps):
        kept = False
        for name, step in steps.items():
            for signed in (step, -step):
                candidate = moved(best, name, signed)
                if candidate is None:
                    continue
                value, records = trial(candidate)
                gain, interval = stats.paired_margin_gain(
                    best_records, spec_of(args.level, best), records, spec_of(args.level, candidate)
                )
                print(f"        paired gain {gain:+.2f} ± {interval:.2f} points per match")
                if gain - interval > args.margin:
                    best, best_score, best_records, kept = candidate, value, records, True
                    break
        if not kept:
            steps = {
                name: max(1, step // 2) if name == "candidates" else step / 2
                for name, step in steps.items()
            }
    print(f"best {best_score:.4f}: {spec_of(args.level, best)}")


if __name__ == "__main__":
    main()
