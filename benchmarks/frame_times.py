"""Frame times of the table at rest, during AI turns, and as a round's summary opens.

A window on SDL's dummy drivers (the AI in its worker process, the normal speed, sixty
frames a second in real time) opens the last round with thirteen cards each, you to
discard a card that goes out (``tests.ui.rigged.crowded_last_round``). Past its first half
second, it rests for two seconds, you go out, the AI seats play their last turns, every
hand turns face up and the round's summary opens and stays a second. Each frame's work
(events, update, draw) is noted, and per window size the benchmark prints the worst and
the 99th percentile, in milliseconds, of the frames at rest, of those while the AI turns
play, of the summary's opening (from the hands turning face up to a second after it
opened), and of the opening frame itself, each with its goal: p99 within 2 ms at rest and
8 ms otherwise, no frame over the 16.7 ms budget of sixty frames a second.

Usage: ``python benchmarks/frame_times.py [--sizes 1280x800,2560x1440]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' rigged match

from game.engine.actions import Discard
from game.sim.stats import percentile
from game.ui.app import FPS
from game.ui.table.round_summary import RoundSummaryScene
from game.ui.table.table import TableScene
from tests.ui.rigged import crowded_last_round, open_rigged

WARM_UP = FPS // 2
"""Frames not counted as the window opens (the table's first pictures are rendered)."""
REST_FRAMES = 2 * FPS
"""Frames the table rests before you go out."""
OPEN_FRAMES = FPS
"""Frames the summary stays open after its opening frame."""
BUDGET = 1000 / FPS
"""A frame's whole time at sixty frames a second, in milliseconds."""
GOALS = {"at rest": 2.0, "AI turn": 8.0, "summary opening": 8.0}
"""The most each kind of frame may take at p99, in milliseconds, and none over
:data:`BUDGET` (issue 42)."""


def frame_times(size: tuple[int, int]) -> dict[str, list[float]]:
    """Milliseconds of work per frame, by what the window was doing."""
    match = crowded_last_round()
    going_out = match.going_out_discards()[0]
    app = open_rigged(Path(tempfile.mkdtemp(prefix="three-thirteen-frames-")), match, size, True)
    table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
    times: dict[str, list[float]] = {"at rest": [], "AI turn": [], "summary opening": []}

    def step() -> float:
        app.step(app.clock.tick(FPS) / 1000)
        return app.frame_seconds[-1] * 1000

    def run(until: Callable[[], bool], kind: str | None) -> None:
        while not until():
            spent = step()
            if kind is not None:
                times[kind].append(spent)

    try:
        run(lambda: len(app.frame_seconds) >= WARM_UP and table.your_turn, None)
        for _frame in range(REST_FRAMES):
            times["at rest"].append(step())
        table.play(Discard(going_out))
        run(lambda: table.playback.at_rest is not None, "AI turn")
        run(lambda: isinstance(app.stack.top, RoundSummaryScene), "summary opening")
        times["opening frame"] = [times["summary opening"][-1]]
        for _frame in range(OPEN_FRAMES):
            times["summary opening"].append(step())
    finally:
        app.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1280x800,2560x1440")
    options = parser.parse_args()
    for size in options.sizes.split(","):
        width, height = (int(side) for side in size.split("x"))
        for kind, spent in frame_times((width, height)).items():
            worst, p99 = max(spent), percentile(spent, 0.99)
            goal = GOALS.get(kind)
            verdict = (
                ""
                if goal is None
                else f"   goal p99 ≤ {goal:.1f} ms: "
                + ("within" if p99 <= goal and worst <= BUDGET else "over")
            )
            print(
                f"{size:>9} {kind:<16} worst {worst:6.1f} ms   p99 {p99:6.1f} ms"
                f"   ({len(spent)} frames; budget {BUDGET:.1f} ms){verdict}"
            )


if __name__ == "__main__":
    main()
