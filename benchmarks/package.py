"""The one-file executable against the thinnest pygame-ce program built the same way.

Builds the game from build.spec and a *bare* one-file build of a script that opens a
1280×800 window, fills it, flips once and quits (or times existing builds given with
``--game`` and ``--bare``), then starts each ``--runs`` times, the two in turn, and prints
per figure the game's, the bare build's and their ratio with the goal beside it:

- the executable's size;
- start to first frame (the game with ``--frames 1``: it closes right after its first
  frame), median wall time;
- CPU time to first frame (user and system, the process and what it starts), median;
- peak memory to first frame (the largest resident set of the process and what it
  starts), median;

and the machine's load as the runs began. Uses ``SDL_VIDEODRIVER`` as set (dummy if
unset). Usage: ``python benchmarks/package.py [--runs 9] [--game PATH --bare PATH]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "ThreeThirteen.exe" if sys.platform == "win32" else "ThreeThirteen"
BARE_SCRIPT = """\
import pygame

pygame.init()
screen = pygame.display.set_mode((1280, 800))
screen.fill((18, 74, 48))
pygame.display.flip()
pygame.quit()
"""
"""The bare program: a window opened, filled and shown once."""
GOALS = {"size": 1.05, "wall": 1.15, "cpu": 1.15, "memory": 1.4}
"""The most the game may cost, as a multiple of the bare build (issue 42)."""


@dataclass(frozen=True)
class Run:
    """One start to the first frame: wall and CPU seconds, peak resident memory in MiB."""

    wall: float
    cpu: float
    memory: float


def build_game(folder: Path) -> Path:
    """Build the executable from build.spec into ``folder``; returns its path."""
    _pyinstaller(folder, [str(ROOT / "build.spec")])
    return folder / "dist" / NAME


def build_bare(folder: Path) -> Path:
    """Build the bare program, one file and windowed as the game is; returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    script = folder / "bare.py"
    script.write_text(BARE_SCRIPT, encoding="utf-8")
    options = ["--onefile", "--windowed", "--specpath", str(folder), "--name", "bare"]
    _pyinstaller(folder, [*options, str(script)])
    return folder / "dist" / ("bare.exe" if sys.platform == "win32" else "bare")


def _pyinstaller(folder: Path, arguments: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    command += ["--distpath", str(folder / "dist"), "--workpath", str(folder / "build")]
    subprocess.run([*command, *arguments], check=True, cwd=folder)


def start(command: list[str]) -> Run:
    """Start ``command`` and wait for it (with everything it starts) to end."""
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env)
    _pid, status, usage = os.wait4(process.pid, 0)  # the child's use and its children's
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{command[0]} exited with {process.returncode}")
    mib = usage.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)  # bytes; KiB
    return Run(wall, usage.ru_utime + usage.ru_stime, mib)


def paired_runs(game: Path, bare: Path, runs: int) -> tuple[list[Run], list[Run]]:
    """``runs`` starts of each, the bare build and the game in turn (the first of each pair
    alternating, so that neither always starts on a machine the other just warmed)."""
    games: list[Run] = []
    bares: list[Run] = []
    start([str(bare)])  # both files read once from the disk before anything is counted
    start([str(game), "--frames", "1", "--mute"])
    for index in range(runs):
        pair = [(bares, [str(bare)]), (games, [str(game), "--frames", "1", "--mute"])]
        for kept, command in pair if index % 2 == 0 else reversed(pair):
            kept.append(start(command))
    return games, bares


def line(what: str, game: float, bare: float, unit: str, goal: float) -> str:
    ratio = game / bare
    verdict = "within" if ratio <= goal else "over"
    return (
        f"{what:<28} game {game:7.2f} {unit:<3}  bare {bare:7.2f} {unit:<3}  "
        f"{ratio:4.2f}× ({verdict} the goal of {goal:.2f}×)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=Path, help="time this build of the game")
    parser.add_argument("--bare", type=Path, help="time this bare build")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        game = args.game or build_game(Path(folder) / "game")
        bare = args.bare or build_bare(Path(folder) / "bare")
        load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
        games, bares = paired_runs(game, bare, args.runs)
        sizes = game.stat().st_size / 1e6, bare.stat().st_size / 1e6
    print(f"{args.runs} paired runs; load average as they began {load[0]:.2f} {load[1]:.2f}")
    print(line("one-file executable", *sizes, "MB", GOALS["size"]))
    for key, what, unit in (
        ("wall", "start to first frame (wall)", "s"),
        ("cpu", "CPU to first frame", "s"),
        ("memory", "peak memory at start", "MiB"),
    ):
        medians = [statistics.median(getattr(run, key) for run in kept) for kept in (games, bares)]
        print(line(what, medians[0], medians[1], unit, GOALS[key]))


if __name__ == "__main__":
    main()
