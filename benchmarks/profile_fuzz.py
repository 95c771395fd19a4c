"""Open the real window on many hostile profile folders: how many ever raise?

Each mutant is the good profile of :mod:`game.sim.profile_mutants` with one file changed
(bytes flipped, inserted, deleted or cut; or one JSON value at any key path replaced by a
value of another type or out of range, or removed). On each, the window (SDL's dummy
drivers) reaches the title, opens Statistics and Settings, then Continue when it is
offered and plays a few frames; the folder it leaves must read back without a notice.
It prints the mutants tried, the failures (each with what was changed and the error),
how many were set aside, how many went on to play, and the time taken.

Usage: ``python benchmarks/profile_fuzz.py [--mutants 2000] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.profile.folder import Profile  # noqa: E402
from game.profile.memory import Memory  # noqa: E402
from game.sim.profile_mutants import Mutant, mutants  # noqa: E402
from tests.hostile.window import visit_every_screen  # noqa: E402


def try_one(mutant: Mutant) -> tuple[str | None, bool, bool]:
    """The error the window raised on ``mutant`` (None if none), whether a file was set
    aside, and whether the saved match was played."""
    with tempfile.TemporaryDirectory(prefix="three-thirteen-fuzz-") as folder:
        for name, data in mutant.files.items():
            (Path(folder) / name).write_bytes(data)
        try:
            visit = visit_every_screen(folder)
            again = Memory(Profile(Path(folder)))
            again.saved_match()
            if again.profile.notices:
                return f"left a file it cannot read back: {again.profile.notices[0]}", True, False
        except Exception:
            return traceback.format_exc().strip().splitlines()[-1], False, False
        aside = any(".json." in name for name in os.listdir(folder))
        return None, aside, visit.played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    started = time.perf_counter()
    failures: list[tuple[str, str]] = []
    set_aside = played = 0
    for mutant in mutants(options.seed, options.mutants):
        error, aside, went_on = try_one(mutant)
        if error is not None:
            failures.append((mutant.what, error))
        set_aside += aside
        played += went_on
    seconds = time.perf_counter() - started
    print(f"mutants: {options.mutants} (seed {options.seed}) in {seconds:.0f} s")
    print(f"set aside: {set_aside}; saved match played on: {played}")
    print(f"failures: {len(failures)}")
    for what, error in failures[:20]:
        print(f"  {what}: {error}")


if __name__ == "__main__":
    main()
