"""``python -m game.sim``: a tournament between AI policies, in duplicate form.

Example: ``python -m game.sim --matches 400 --seats hard,greedy,greedy,greedy --jobs 2``.
A seat may be a built-in policy name or ``package.module:ClassName``. A policy of the
second kind plays in a worker process, as at the table: a decision it fails (it raises,
answers what is not a legal action, takes longer than --patience, or ends its process) is
asked once more, then played as its first legal move, and each match it failed in is told
in one line on standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from game.engine.cli import parse_rules
from game.engine.command_basics import OneLineParser, run_command
from game.engine.rules import RuleSet
from game.seats.controller import DECISION_PATIENCE
from game.sim import stats, tournament
from game.sim.tournament import MatchRecord

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
    parser.add_argument(
        "--patience",
        type=float,
        default=DECISION_PATIENCE,
        metavar="SECONDS",
        help="longest decision of a policy from outside the game "
        f"(default {DECISION_PATIENCE:g}; then it is asked once more)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser.parse_args(argv)


class Progress:
    """What each match played tells on standard error: a line per seat whose policy failed
    in it, and a progress bar, drawn only on a terminal."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled

    def __call__(self, record: MatchRecord, done: int) -> None:
        for fault in record.faults:
            start = "\r\033[K" if self.enabled else ""  # over the bar, which is drawn again
            print(f"{start}{PROGRAM}: {fault}", file=sys.stderr, flush=True)
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
        if not args.patience > 0:
            raise ValueError("--patience must be more than 0 seconds")
        all_tasks = tournament.tasks(args.matches, seats, rules, args.seed)
        progress = Progress(len(all_tasks), sys.stderr.isatty())
        records = tournament.run(all_tasks, args.jobs, progress, patience=args.patience)
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
