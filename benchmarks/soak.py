"""The soak: thousands of matches of mixed seats, every invariant checked after every action.

Each match samples a rule set over every option value, a lineup of random,
greedy, easy, normal and hard seats, and seats that try illegal actions; what
is checked is :mod:`game.sim.soak` (the CI sample, ``tests/engine/test_soak_sample.py``,
runs the same code). Prints a summary: matches, actions, illegal attempts
refused, the values seen of every option, failures (each with what reproduces
it, and the first traceback), time and matches per second. Exits 1 on a
failure.

Usage: ``python benchmarks/soak.py [--matches 10000] [--workers 2] [--seed 0]``;
``--index I`` plays match ``I`` of the campaign alone and prints what broke.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence

from game.engine.rules import ALLOWED
from game.sim.soak import SoakResult, SoakTask, make_task, make_tasks, run_task

SHOWN_FAILURES = 10
"""Failures listed one by one in the summary (all are counted)."""


def played(tasks: Sequence[SoakTask], workers: int) -> Iterator[SoakResult]:
    """Every task's result, in the order they finish, on ``workers`` processes."""
    if workers <= 1:
        yield from map(run_task, tasks)
        return
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap_unordered(run_task, tasks, chunksize=4)


def _literal(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class Summary:
    """The figures of a soak, added up match by match."""

    def __init__(self) -> None:
        self.matches = 0
        self.actions = 0
        self.rounds = 0
        self.refused: Counter[str] = Counter()
        self.happened: Counter[str] = Counter()
        self.options: dict[str, Counter[object]] = {name: Counter() for name in ALLOWED}
        self.seats: Counter[str] = Counter()
        self.bogus_seats = 0
        self.failures: list[SoakResult] = []
        self.cpu_seconds = 0.0
        self.lineups: dict[str, list[float]] = {}  # matches, processor seconds, actions
        self.slowest: SoakResult | None = None

    def add(self, result: SoakResult) -> None:
        task = result.task
        self.matches += 1
        self.actions += result.actions
        self.rounds += result.rounds
        self.refused.update(result.refused)
        self.happened.update(result.happened)
        for name, value in task.rules.items():
            self.options[name][value] += 1
        self.seats.update(task.seats)
        self.bogus_seats += sum(task.bogus)
        self.cpu_seconds += result.cpu_seconds
        quick = task.rules["schedule"] == "short" and task.rules["players"] <= 4
        kind = f"{task.lineup}, {'quick' if quick else 'full'} table"
        self.lineups.setdefault(kind, [0, 0.0, 0])
        self.lineups[kind][0] += 1
        self.lineups[kind][1] += result.cpu_seconds
        self.lineups[kind][2] += result.actions
        if self.slowest is None or result.seconds > self.slowest.seconds:
            self.slowest = result
        if result.failure is not None:
            self.failures.append(result)

    def uncovered(self) -> list[str]:
        """Every option value that no match drew, as ``option=value``."""
        return [
            f"{name}={_literal(value)}"
            for name, allowed in ALLOWED.items()
            for value in allowed
            if not self.options[name][value]
        ]

    def report(self, seconds: float, workers: int) -> str:
        refused = sum(self.refused.values())
        lines = [
            f"matches            {self.matches}",
            f"rounds             {self.rounds}",
            f"actions            {self.actions}",
            f"illegal refused    {refused}  "
            + ", ".join(f"{kind} {count}" for kind, count in self.refused.most_common()),
            "events             "
            + ", ".join(f"{what} {count}" for what, count in sorted(self.happened.items())),
            "seats              "
            + ", ".join(f"{spec} {count}" for spec, count in self.seats.most_common())
            + f"; trying illegal actions {self.bogus_seats}",
            "options covered    (matches per value)",
        ]
        for name, allowed in ALLOWED.items():
            seen = self.options[name]
            values = ", ".join(f"{_literal(value)}: {seen[value]}" for value in allowed)
            lines.append(f"  {name:<20} {values}")
        uncovered = self.uncovered()
        lines.append(f"values never drawn {', '.join(uncovered) or 'none'}")
        lines.append(f"failures           {len(self.failures)}")
        for result in self.failures[:SHOWN_FAILURES]:
            task = result.task
            lines.append(f"  {task.describe()}, at action {result.at_action}")
            lines.append(
                f"    reproduce: python benchmarks/soak.py --seed {task.campaign} "
                f"--index {task.index}"
            )
        if self.failures:
            first = min(self.failures, key=lambda result: result.task.index)
            lines.append(f"first failure's traceback (match {first.task.index}):")
            lines.append(first.failure or "")
        rate = self.matches / seconds if seconds else 0.0
        lines.append(
            f"time               {seconds:.1f} s on {workers} worker(s), "
            f"{self.cpu_seconds:.1f} processor seconds in matches; {rate:.2f} matches per second"
        )
        lines.append("lineups            matches, processor s per match, share, actions per match")
        for kind, (count, cpu, actions) in sorted(self.lineups.items()):
            share = cpu / self.cpu_seconds if self.cpu_seconds else 0.0
            lines.append(
                f"  {kind:<22} {int(count):>6} {cpu / count:>7.2f} s {share:>6.1%} "
                f"{actions / count:>7.0f}"
            )
        if self.slowest is not None:
            lines.append(
                f"slowest match      {self.slowest.seconds:.1f} s: {self.slowest.task.describe()}"
            )
        return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10_000, help="matches (default 10000)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="the campaign's seed (default 0)")
    parser.add_argument("--index", type=int, help="play only this match of the campaign")
    parser.add_argument("--quiet", action="store_true", help="no progress on standard error")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.index is not None:
        task = make_task(args.seed, args.index)
        result = run_task(task)
        print(task.describe())
        print(f"{result.actions} actions, {result.seconds:.1f} s")
        print(result.failure or "no failure")
        return 0 if result.failure is None else 1
    tasks = make_tasks(args.matches, args.seed)
    summary = Summary()
    start = time.perf_counter()
    step = max(1, args.matches // 50)
    for result in played(tasks, args.workers):
        summary.add(result)
        if not args.quiet and summary.matches % step == 0:
            elapsed = time.perf_counter() - start
            print(
                f"{summary.matches}/{args.matches} matches, {summary.actions} actions, "
                f"{len(summary.failures)} failures, {elapsed:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    print(summary.report(time.perf_counter() - start, args.workers))
    return 1 if summary.failures else 0


if __name__ == "__main__":
    sys.exit(main())
