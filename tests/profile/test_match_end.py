"""A match's end: the match is durable before the save goes, the history takes it off the
frame loop, and whatever stopped the history at that moment (a lock, a read-only file, a
folder where its ``-wal`` goes, a kill) loses nothing once the obstacle is gone."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from game.profile import saved_match, waiting
from game.profile.folder import Profile
from game.profile.history import FILE, History
from game.profile.history_writer import HistoryWriter
from game.profile.kept_match import Filters, KeptMatch
from game.profile.memory import Memory
from tests.profile.ended import finished

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ended() -> KeptMatch:
    return finished(3)


def quick_memory(folder: Path) -> Memory:
    """A memory whose writer waits little for a lock and tries again soon."""
    profile = Profile(folder)
    return Memory(profile, HistoryWriter(profile, retry=0.05, wait=0.05))


def waiting_files(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.glob("ended-*.json"))


def in_history(folder: Path) -> list[KeptMatch]:
    history = History(Profile(folder))
    found = [history.kept(row.id) for row in history.summaries(Filters(autoplay=True))]
    history.close()
    return [kept for kept in found if kept is not None]


def test_a_match_is_durable_before_its_save_goes_and_filed_once(
    tmp_path: Path, ended: KeptMatch
) -> None:
    memory = quick_memory(tmp_path)
    memory.profile.write(saved_match.FILE, {"format": 3})  # the save of the match before its end
    memory.keep(ended)
    assert not (tmp_path / saved_match.FILE).exists()
    assert len(waiting_files(tmp_path)) == 1 or memory.writer.idle
    assert memory.settle(10)
    assert waiting_files(tmp_path) == []
    assert [kept.match for kept in in_history(tmp_path)] == [ended.match]
    assert memory.stats.overall.played == 1
    assert memory.profile.notices == []


@pytest.mark.slow
def test_a_history_held_by_another_program_delays_the_filing_and_loses_nothing(
    tmp_path: Path, ended: KeptMatch
) -> None:
    quick_memory(tmp_path).settle(1)
    History(Profile(tmp_path)).stats()  # nothing there yet: the file is made by the writer
    holder = sqlite3.connect(tmp_path / FILE, isolation_level=None)
    holder.execute("PRAGMA journal_mode = WAL")
    holder.execute("BEGIN EXCLUSIVE")
    numbers: list[int] = []
    memory = quick_memory(tmp_path)
    memory.keep(ended, numbers.append)
    assert not memory.settle(0.5), "still waiting for the lock"
    assert len(waiting_files(tmp_path)) == 1 and numbers == []
    assert memory.stats.overall.played == 0
    holder.execute("ROLLBACK")
    holder.close()
    assert memory.settle(10)
    assert numbers == [1] and waiting_files(tmp_path) == []
    assert memory.stats.overall.played == 1
    assert memory.profile.notices == [], "busy is not a failure"


def test_a_match_the_history_could_not_take_is_filed_at_the_next_start(
    tmp_path: Path, ended: KeptMatch
) -> None:
    holder = sqlite3.connect(tmp_path / FILE, isolation_level=None)
    holder.execute("PRAGMA journal_mode = WAL")
    holder.execute("BEGIN EXCLUSIVE")
    memory = quick_memory(tmp_path)
    memory.keep(ended)
    memory.close(timeout=0.3)  # the game closes while the history is held
    assert len(waiting_files(tmp_path)) == 1
    holder.execute("ROLLBACK")
    holder.close()
    again = quick_memory(tmp_path)
    assert again.settle(10)
    assert waiting_files(tmp_path) == []
    assert [kept.match for kept in in_history(tmp_path)] == [ended.match]
    assert again.stats.overall.played == 1


def test_a_folder_where_the_wal_file_goes_sets_the_history_aside_not_the_match(
    tmp_path: Path, ended: KeptMatch
) -> None:
    (tmp_path / f"{FILE}-wal").mkdir()
    memory = quick_memory(tmp_path)
    memory.keep(ended)
    assert memory.settle(10)
    assert [kept.match for kept in in_history(tmp_path)] == [ended.match]
    assert any(path.name.startswith(f"{FILE}.corrupt-") for path in tmp_path.iterdir())
    assert len(memory.profile.notices) == 1 and FILE in memory.profile.notices[0]


def test_a_waiting_match_left_in_the_save_is_filed_and_never_offered_to_continue(
    tmp_path: Path, ended: KeptMatch
) -> None:
    """A kill between writing the waiting document over ``match.json`` and renaming it."""
    document = waiting.Waiting("20261205-011500-0123abcd", ended).to_json()
    (tmp_path / saved_match.FILE).write_text(json.dumps(document), encoding="utf-8")
    memory = quick_memory(tmp_path)
    assert memory.saved_match() is None
    assert memory.settle(10)
    assert [kept.match for kept in in_history(tmp_path)] == [ended.match]
    assert sorted(path.name for path in tmp_path.iterdir() if path.suffix == ".json") == [
        "stats.json"
    ]
    assert memory.profile.notices == []


def test_a_match_filed_but_not_counted_before_a_kill_is_counted_once(
    tmp_path: Path, ended: KeptMatch
) -> None:
    held = waiting.Waiting("20261205-011500-0123abcd", ended)
    History(Profile(tmp_path)).add(ended, held.token)  # the history took it, then a kill
    Profile(tmp_path).write(held.file_name, held.to_json())
    memory = quick_memory(tmp_path)
    assert memory.settle(10)
    assert memory.stats.overall.played == 1 and waiting_files(tmp_path) == []
    assert len(in_history(tmp_path)) == 1, "never added twice"
    Profile(tmp_path).write(held.file_name, held.to_json())  # counted, then a kill
    again = quick_memory(tmp_path)
    assert again.settle(10)
    assert again.stats.overall.played == 1, "never counted twice"
    assert len(in_history(tmp_path)) == 1 and waiting_files(tmp_path) == []


def test_an_unreadable_waiting_file_is_set_aside_and_reported(tmp_path: Path) -> None:
    (tmp_path / "ended-20261205-011500-0123abcd.json").write_text("{oops", encoding="utf-8")
    memory = quick_memory(tmp_path)
    assert memory.settle(5)
    assert waiting_files(tmp_path) == []
    assert len(memory.profile.notices) == 1 and "ended-" in memory.profile.notices[0]


def test_a_folder_that_cannot_be_changed_is_a_notice_and_the_match_is_still_filed(
    tmp_path: Path, ended: KeptMatch, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``match.json`` cannot be removed nor renamed (a read-only folder): no exception."""
    memory = quick_memory(tmp_path)

    def refused(*_: object, **__: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "unlink", refused)
    monkeypatch.setattr(os, "replace", refused)
    memory.keep(ended)
    memory.forget_match()
    assert memory.settle(10)
    assert [kept.match for kept in in_history(tmp_path)] == [ended.match]
    assert len(memory.profile.notices) == 1 and "cannot save" in memory.profile.notices[0]


READ_ONLY = """
import json, sys
from pathlib import Path
from game.profile.folder import Profile
from game.profile.memory import Memory
from tests.profile.ended import finished
memory = Memory(Profile(Path(sys.argv[1])))
memory.keep(finished(3))
memory.close(timeout=10)
print(json.dumps(memory.profile.notices))
"""


def test_a_read_only_history_keeps_the_match_waiting_until_it_can_be_written(
    tmp_path: Path, ended: KeptMatch
) -> None:
    """The history file read-only (as another user, since root may write anything)."""
    folder = tmp_path / "profile"
    folder.mkdir()
    History(Profile(folder)).start_counting()  # a history, then made read-only
    (folder / FILE).chmod(0o444)
    # root writes any file: without the capability to, it is held to the file's mode
    as_other = ["setpriv", "--bounding-set", "-dac_override"] if os.geteuid() == 0 else []
    shown = subprocess.run(
        [*as_other, sys.executable, "-c", READ_ONLY, str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    notices = json.loads(shown.stdout)
    assert len(notices) == 1 and "history" in notices[0], shown.stderr
    assert len(waiting_files(folder)) == 1
    (folder / FILE).chmod(0o644)
    again = quick_memory(folder)
    assert again.settle(10)
    assert [kept.match for kept in in_history(folder)] == [ended.match]
    assert waiting_files(folder) == []
