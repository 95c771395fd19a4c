"""``python -m game.sim``: a tournament between AI policies, in duplicate form.

Example: ``python -m game.sim --matches 400 --seats hard,greedy,greedy,greedy --jobs 2``.
A seat may be a built-in policy name or ``package.module:ClassName``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from game.engine.rules import RuleSet
from game.sim import stats, tournament


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m game.sim", description=__doc__)
    parser.add_argument("--matches", type=int, default=40, help="matches to play (default 40)")
    parser.add_argument(
        "--seats",
        default="greedy,greedy,greedy,greedy",
        help="comma-separated policy per seat (default four greedy)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal (default 0)")
    parser.add_argument("--rules", default="{}", help="rule options as a JSON object")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play on (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser.parse_args(argv)


class Progress:
    """A progress bar on standard error, drawn only on a terminal."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        width = 30
        filled = width * done // max(self.total, 1)
        bar = "#" * filled + "." * (width - filled)
        end = "\n" if done >= self.total else ""
        print(f"\r[{bar}] {done}/{self.total} matches", end=end, file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        rules_json = json.loads(args.rules)
        seats = [seat.strip() for seat in args.seats.split(",") if seat.strip()]
        rules = RuleSet.from_json({"players": len(seats), **rules_json})
        if args.matches < 1:
            raise ValueError("--matches must be at least 1")
        all_tasks = tournament.tasks(args.matches, seats, rules, args.seed)
        progress = Progress(len(all_tasks), sys.stderr.isatty())
        records = tournament.run(all_tasks, args.jobs, progress)
    except (ValueError, json.JSONDecodeError) as error:
        print(f"python -m game.sim: {error}", file=sys.stderr)
        return 2
    summary = stats.summarise(records)
    if args.json:
        print(json.dumps(stats.as_json(summary)))
    else:
        print(f"{len(records)} matches, seats {','.join(seats)}, rules {rules_json or 'default'}")
        print(stats.as_table(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
