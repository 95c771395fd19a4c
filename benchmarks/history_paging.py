"""How fast the history answers with many matches kept: a page of the list (first, middle,
last; unfiltered and filtered), the charts' latest 50, one match rebuilt for its replay, the
statistics counted again, every match of yours read for the charts, and the History
screen turning a page in the window.

Fills a fresh history with ``--matches`` matches (the four of the history fixture over and
over, written in one transaction, then read as the game reads them) and prints the median
and the 99th percentile of each, in milliseconds, and the file's size. Usage:
``python benchmarks/history_paging.py [--matches 10000] [--repeat 200]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.profile import history, history_rows
from game.profile.folder import Profile
from game.profile.history import History
from game.profile.kept_match import Filters
from tools.make_history_fixture import fixture_matches

PAGE = 12
"""Rows on a page of the History screen in a 1280×800 window, about."""


def timed(work: Callable[[], object], repeat: int) -> tuple[float, float]:
    """The median and 99th percentile of ``work``'s time, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, round(len(times) * 0.99))]


def fill(folder: Path, matches: int) -> History:
    """A history of ``matches`` matches, written as :meth:`History.add` writes them."""
    kept = History(Profile(folder))
    kept.add(fixture_matches()[0])  # made, with its schema
    rows = [history_rows.row_of(match) for match in fixture_matches()]
    connection = kept._open()
    names = ", ".join(rows[0])
    places = ", ".join("?" * len(rows[0]))
    connection.execute("BEGIN")
    connection.executemany(
        f"INSERT INTO matches ({names}) VALUES ({places})",
        (tuple(rows[index % len(rows)].values()) for index in range(matches - 1)),
    )
    connection.execute("COMMIT")
    return kept


def window_turns(folder: Path, repeat: int) -> tuple[float, float]:
    """The History screen in a 1280×800 window: one frame after Older is pressed."""
    from game.ui.app import App
    from game.ui.command_line import LaunchOptions
    from game.ui.screens.history_screen import HistoryScene

    app = App(LaunchOptions(profile=str(folder), mute=True, ai_process=False))
    screen = HistoryScene(app)
    app.push(screen)
    app.step(1 / 60)

    def turn() -> None:
        screen.turn(1 if screen._has_older() else -screen.page.offset // screen.per_page)
        app.step(1 / 60)

    try:
        return timed(turn, repeat)
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        kept = fill(Path(folder), args.matches)
        total = kept.page(Filters(autoplay=True), 0, 1).total
        mine = kept.page(Filters(), 0, 1).total
        size = sum(path.stat().st_size for path in Path(folder).glob(f"{history.FILE}*"))
        print(f"{total} matches kept ({mine} yours), {size / 1e6:.1f} MB on disk")
        middle, last = mine // 2, mine - 1
        cases: list[tuple[str, Callable[[], object]]] = [
            ("first page", lambda: kept.page(Filters(), 0, PAGE)),
            ("middle page", lambda: kept.page(Filters(), middle, PAGE)),
            ("last page", lambda: kept.page(Filters(), last, PAGE)),
            ("level 'hard', middle", lambda: kept.page(Filters(level="hard"), middle // 4, PAGE)),
            ("2 players, last page", lambda: kept.page(Filters(players=2), last, PAGE)),
            ("with autoplay, middle", lambda: kept.page(Filters(autoplay=True), middle, PAGE)),
            ("the charts' latest 50", lambda: kept.summaries(Filters(), limit=50)),
            ("one match rebuilt", lambda: kept.kept(total // 2)),
        ]
        print(f"{'':28}{'median ms':>10}{'p99 ms':>10}")
        for name, work in cases:
            median, p99 = timed(work, args.repeat)
            print(f"{name:28}{median:10.2f}{p99:10.2f}")
        for name, slow in (
            ("every match of yours (charts)", lambda: kept.summaries(Filters())),
            ("statistics counted again", kept.stats),
        ):
            median, p99 = timed(slow, max(3, args.repeat // 50))
            print(f"{name:28}{median:10.2f}{p99:10.2f}")
        kept.close()
        median, p99 = window_turns(Path(folder), max(10, args.repeat // 4))
        print(f"{'History screen, Older':28}{median:10.2f}{p99:10.2f}")


if __name__ == "__main__":
    main()
