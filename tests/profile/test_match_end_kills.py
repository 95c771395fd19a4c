"""SIGKILL at many moments around a match's end, then a normal start: the finished match is in
the history, once, and counted once, and the database is sound — every time."""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.profile.folder import Profile
from game.profile.history import FILE
from game.profile.kept_match import Filters, KeptMatch
from game.profile.memory import Memory
from tests.profile.ended import NAMES, POLICIES, almost_over, finished

ROOT = Path(__file__).resolve().parents[2]
END_A_MATCH = """
import contextlib, os, signal, sys
from pathlib import Path
from game.profile import history
from game.profile.folder import Profile
from game.profile.history import History
from game.profile.kept_match import KeptMatch
from game.profile.memory import Memory
from tests.profile.ended import NAMES, POLICIES, almost_over, finished, saved

folder, point, seed = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])

def kill():
    os.kill(os.getpid(), signal.SIGKILL)

def kill_after(owner, name, here, wanted=lambda *args: True):
    original = getattr(owner, name)
    def wrapped(*args, **kwargs):
        result = original(*args, **kwargs)
        if point == here and wanted(*args):
            kill()
        return result
    setattr(owner, name, wrapped)

kill_after(Profile, "write", "waiting written", lambda _, name, *rest: name == "match.json")
kill_after(Profile, "rename", "renamed")
kill_after(History, "add", "history added")
kill_after(Profile, "write", "counted", lambda _, name, *rest: name == "stats.json")
kill_after(Profile, "remove", "waiting removed", lambda _, name: name.startswith("ended-"))
committing = history._transaction

@contextlib.contextmanager
def killed_before_commit(connection):
    with committing(connection):
        yield
        if point == "before commit":
            kill()

history._transaction = killed_before_commit
memory = Memory(Profile(folder))
match = almost_over(seed)
memory.save_match(saved(match))
memory.profile.flush()
last = finished(seed).match.actions[-1]
print("ready", flush=True)
match.apply(last)
memory.keep(KeptMatch.of(match, NAMES, POLICIES))
memory.settle(30)
print("done", flush=True)
"""
POINTS = (
    "waiting written",
    "renamed",
    "before commit",
    "history added",
    "counted",
    "waiting removed",
)


def end_a_match(folder: Path, point: str, seed: int, delay: float | None = None) -> bool:
    """Run a match's end in a process of its own, killed at ``point`` (or after ``delay``
    seconds); True if it was killed."""
    process = subprocess.Popen(
        [sys.executable, "-c", END_A_MATCH, str(folder), point, str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    if delay is not None:
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
    process.wait(timeout=60)
    return process.returncode == -signal.SIGKILL


def seeds_kept(folder: Path) -> list[int]:
    memory = Memory(Profile(folder))
    assert memory.settle(30)
    seeds = []
    for row in memory.history.summaries(Filters()):
        kept = memory.history.kept(row.id)
        assert kept is not None
        seeds.append(kept.match.seed)
    memory.close()
    return sorted(seeds)


def finish_what_was_saved(folder: Path, seed: int) -> None:
    """The player continues the match the kill left one move from its end, and ends it."""
    memory = Memory(Profile(folder))
    saved = memory.saved_match()
    assert saved is not None and saved.match == almost_over(seed), "resumable as it was"
    saved.match.apply(finished(seed).match.actions[-1])
    memory.keep(KeptMatch.of(saved.match, NAMES, POLICIES))
    memory.close(timeout=30)


@pytest.mark.slow
def test_a_kill_at_any_moment_of_a_matchs_end_loses_nothing(tmp_path: Path) -> None:
    expected: list[int] = []
    for seed, point in enumerate(POINTS, start=1):
        assert end_a_match(tmp_path, point, seed), f"killed at {point}"
        expected.append(seed)
        assert seeds_kept(tmp_path) == expected, point
    rng = random.Random(37)
    for seed in range(len(POINTS) + 1, len(POINTS) + 7):
        killed = end_a_match(tmp_path, "never", seed, delay=rng.uniform(0.0, 0.05))
        expected.append(seed)
        if seed not in seeds_kept(tmp_path):
            assert killed
            finish_what_was_saved(tmp_path, seed)
        assert seeds_kept(tmp_path) == expected
    memory = Memory(Profile(tmp_path))
    assert memory.stats.overall.played == len(expected), "each match counted once"
    assert memory.profile.notices == []
    assert sorted(path.name for path in tmp_path.glob("*.json")) == ["stats.json"]
    with sqlite3.connect(tmp_path / FILE) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
