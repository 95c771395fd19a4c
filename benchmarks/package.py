"""Size and start-up time of the one-file executable built from build.spec.

Builds it into a temporary folder (or times an existing one given with
``--executable``), then prints its size in MB and the median wall time of
several runs from process start to the first frame drawn (the game is started
with ``--frames 1``, so it closes right after that frame). Uses
``SDL_VIDEODRIVER`` as set (dummy if unset). Usage:
``python benchmarks/package.py [--executable PATH] [--runs 7]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build(folder: Path) -> Path:
    """Build the executable from build.spec into ``folder``; returns its path."""
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    command += ["--distpath", str(folder / "dist"), "--workpath", str(folder / "build")]
    subprocess.run([*command, str(ROOT / "build.spec")], check=True, cwd=folder)
    name = "ThreeThirteen.exe" if sys.platform == "win32" else "ThreeThirteen"
    return folder / "dist" / name


def start_up_seconds(executable: Path, runs: int) -> list[float]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([str(executable), "--frames", "1", "--mute"], check=True, env=env)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--executable", type=Path, help="time this build instead of building")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        executable = args.executable or build(Path(folder))
        size_mb = executable.stat().st_size / 1e6
        times = start_up_seconds(executable, args.runs)
    print(f"executable: {size_mb:.1f} MB (bar 40 MB)")
    print(
        f"start-up to first frame: median {statistics.median(times):.2f} s, "
        f"min {min(times):.2f} s, max {max(times):.2f} s over {len(times)} runs (bar 1.5 s)"
    )


if __name__ == "__main__":
    main()
