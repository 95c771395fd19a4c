"""Frame times and memory of the real window over an autoplay match at full animation.

Runs ``--autoplay`` in this process with the real 60 fps clock and prints the
p50/p99/max of each frame's work (events, update, draw, flip) and the peak
resident memory of the window process and of the AI worker. Usage:
``python benchmarks/frames.py [--rounds N] [--size 1280x800] [--seed S]``
(whatever ``SDL_VIDEODRIVER`` says; under ``xvfb-run`` for a real X display).
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import sys
import tempfile
import time

from game.sim.stats import percentile
from game.ui.app import App
from game.ui.command_line import parse_options


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=None, help="rounds to play (default all)")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    argv = [
        "--autoplay",
        "--quit-when-done",
        "--mute",
        "--profile",
        tempfile.mkdtemp(prefix="three-thirteen-frames-"),
        "--size",
        args.size,
        "--seed",
        str(args.seed),
    ]
    if args.rounds:
        argv += ["--rounds", str(args.rounds)]
    app = App(parse_options(argv))
    started = time.perf_counter()
    while app.running:
        app.step(app.clock.tick(60) / 1000)
    elapsed = time.perf_counter() - started
    workers = [child.pid for child in multiprocessing.active_children() if child.pid is not None]
    worker = max(map(peak_kb, workers), default=0)
    app.close()
    frames = [seconds * 1000 for seconds in list(app.frame_seconds)[10:]]  # skip window set-up
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    own_kb = own / 1024 if sys.platform == "darwin" else own  # macOS reports bytes
    print(f"{len(frames)} frames in {elapsed:.0f} s at {args.size}")
    print(
        f"frame work p50 {percentile(frames, 0.5):.2f} ms   p99 {percentile(frames, 0.99):.2f} ms"
        f"   max {max(frames):.1f} ms   (budget at 60 fps: 16.7 ms)"
    )
    print(f"peak memory: window {own_kb / 1024:.0f} MB, AI worker {worker / 1024:.0f} MB")


def peak_kb(pid: int) -> int:
    """A process's peak resident memory in kB (Linux ``/proc``; 0 where unavailable)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


if __name__ == "__main__":
    main()
