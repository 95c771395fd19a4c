"""How long the slowest frame takes when a screen of the history opens, with many matches
kept: the History screen and the statistics' Charts, in a real window (dummy video driver).

For each history size, fills a fresh history (:func:`benchmarks.history_paging.fill`), marks
every match of yours reviewed but the ``--unreviewed`` latest (the Charts queue those for
review when they open), then pushes each screen and times every frame until it settles:
no review waiting, no figure still to write or to count, and ``--settle`` frames more.
Prints the slowest frame and the median, in milliseconds, and how many reviews came back
while the screen was open. Usage:
``python benchmarks/history_opening.py [--sizes 1000,10000,50000] [--unreviewed 3]``.
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

from benchmarks.history_paging import fill
from game.ui.app import App
from game.ui.command_line import LaunchOptions
from game.ui.scene import Scene
from game.ui.screens.history_screen import HistoryScene
from game.ui.screens.stats_charts import PAGE_FIGURES, StatsChartsScene

FRAME = 1 / 60
TIMEOUT = 300.0
"""Seconds a screen is given to settle (its reviews back) before it is timed as it is."""


def reviewed_but_latest(folder: Path, matches: int, unreviewed: int) -> None:
    """Keep review figures for every match of yours in ``folder``'s history but the
    ``unreviewed`` latest."""
    kept = fill(folder, matches)
    connection = kept._open()
    connection.execute("BEGIN")
    connection.execute(
        "INSERT OR REPLACE INTO reviews (match_id, decisions, loss) SELECT id, 40, 9.5 "
        "FROM matches WHERE autoplay = 0 AND id NOT IN "
        "(SELECT id FROM matches WHERE autoplay = 0 ORDER BY id DESC LIMIT ?)",
        (unreviewed,),
    )
    connection.execute("COMMIT")
    kept.close()


def opening(folder: Path, screen: Callable[[App], Scene], settle: int) -> tuple[float, float, int]:
    """The slowest and the median frame (ms) from pushing ``screen`` until it settles, and
    how many reviews came back meanwhile."""
    app = App(LaunchOptions(profile=str(folder), mute=True, ai_process=False))
    try:
        app.step(FRAME)
        times: list[float] = []
        reviewed, quiet, started = 0, 0, time.perf_counter()
        while quiet < settle and time.perf_counter() - started < TIMEOUT:
            frame = time.perf_counter()
            if not times:
                app.push(screen(app))  # made and pushed in a frame, as a button does
            waiting = app.reviews.waiting
            app.step(FRAME)
            times.append((time.perf_counter() - frame) * 1000)
            reviewed += waiting - app.reviews.waiting
            top = app.stack.top
            counting = isinstance(top, StatsChartsScene) and len(top.counted) < len(PAGE_FIGURES)
            settled = app.reviews.waiting == 0 and app.memory.writer.idle and not counting
            quiet = quiet + 1 if settled else 0
            time.sleep(0.005)  # the review thread's turn, as between real frames
        return max(times), statistics.median(times), reviewed
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,50000")
    parser.add_argument("--unreviewed", type=int, default=3)
    parser.add_argument("--settle", type=int, default=30)
    args = parser.parse_args()
    screens: dict[str, Callable[[App], Scene]] = {
        "History": HistoryScene,
        "Charts": StatsChartsScene,
    }
    print(f"{'matches':>8}  {'screen':8}{'slowest ms':>12}{'median ms':>11}{'reviews back':>14}")
    for size in (int(part) for part in args.sizes.split(",")):
        with tempfile.TemporaryDirectory() as folder:
            reviewed_but_latest(Path(folder), size, args.unreviewed)
            for name, screen in screens.items():
                slowest, median, reviewed = opening(Path(folder), screen, args.settle)
                print(f"{size:8}  {name:8}{slowest:12.1f}{median:11.1f}{reviewed:14}")


if __name__ == "__main__":
    main()
