"""``python -m game.sim``: a tournament between AI policies, in duplicate form.

Example: ``python -m game.sim --matches 400 --seats hard,greedy,greedy,greedy --jobs 2``.
A seat may be a built-in policy name or ``package.module:ClassName``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from game.engine.cli import OneLineParser, parse_rules, run_command
from game.engine.rules import RuleSet
from game.sim import stats, tournament

PROGRAM = "python -m game.sim"


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = OneLineParser(prog=PROGRAM, description=__doc__)
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
    seats = [seat.strip() for seat in args.seats.split(",") if seat.strip()]
    try:
        rules = parse_rules(args.rules, players=len(seats))
    except ValueError as error:
        print(f"{PROGRAM}: --rules: {error}", file=sys.stderr)
        return 2
    try:
        if args.matches < 1:
            raise ValueError("--matches must be at least 1")
        all_tasks = tournament.tasks(args.matches, seats, rules, args.seed)
        progress = Progress(len(all_tasks), sys.stderr.isatty())
        records = tournament.run(all_tasks, args.jobs, progress)
    except ValueError as error:
        print(f"{PROGRAM}: {error}", file=sys.stderr)
        return 2
    summary = stats.summarise(records)
    if args.json:
        print(json.dumps(stats.as_json(summary)))
    else:
        print(f"{len(records)} matches, seats {','.join(seats)}, rules {_changed(rules)}")
        print(stats.as_table(summary))
    return 0


def _changed(rules: RuleSet) -> str:
    """The rules that differ from the defaults (the players aside: the seats tell them)."""
    default = RuleSet(players=rules.players).to_json()
    changed = {key: value for key, value in rules.to_json().items() if value != default[key]}
    return str(changed) if changed else "default"


if __name__ == "__main__":
    raise SystemExit(run_command(main))
