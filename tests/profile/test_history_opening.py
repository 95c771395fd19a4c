"""Opening the history: a database that cannot be opened as this game's history is set aside
and a new one started (never "cannot keep its history" at every start); one that is only
busy is waited for, never given up."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from game.profile.folder import Profile
from game.profile.history import FILE, History, HistoryBusy
from game.profile.kept_match import Filters, KeptMatch
from tests.profile.ended import finished


@pytest.fixture(scope="module")
def ended() -> KeptMatch:
    return finished(4)


def a_history_with_one_match(folder: Path, ended: KeptMatch) -> None:
    history = History(Profile(folder))
    assert history.add(ended) == 1
    history.close()


def set_aside(folder: Path) -> list[str]:
    """The histories set aside (without their companion files)."""
    return sorted(
        path.name
        for path in folder.iterdir()
        if ".corrupt-" in path.name and not path.name.endswith(("-wal", "-shm"))
    )


def test_a_negative_schema_version_is_set_aside_once_and_a_new_history_started(
    tmp_path: Path, ended: KeptMatch
) -> None:
    a_history_with_one_match(tmp_path, ended)
    with sqlite3.connect(tmp_path / FILE) as connection:
        connection.execute("PRAGMA user_version = -3")
    history = History(Profile(tmp_path))
    assert history.add(ended) == 1, "a new history"
    assert len(set_aside(tmp_path)) == 1
    assert len(history.profile.notices) == 1 and "makes no sense" in history.profile.notices[0]
    again = History(Profile(tmp_path))
    assert len(again.summaries(Filters())) == 1 and again.profile.notices == []


@pytest.mark.parametrize("companion", ["-wal", "-shm"])
def test_a_folder_where_a_companion_file_goes_is_set_aside_with_the_history(
    tmp_path: Path, ended: KeptMatch, companion: str
) -> None:
    a_history_with_one_match(tmp_path, ended)
    (tmp_path / f"{FILE}{companion}").mkdir(exist_ok=True)
    history = History(Profile(tmp_path))
    assert history.add(ended) == 1
    assert (tmp_path / f"{set_aside(tmp_path)[0]}{companion}").is_dir(), "moved with it"
    assert len(history.profile.notices) == 1 and FILE in history.profile.notices[0]
    assert "cannot keep" not in history.profile.notices[0]
    history.close()
    again = History(Profile(tmp_path))
    assert len(again.summaries(Filters())) == 1 and again.profile.notices == []


def test_a_history_held_by_another_program_is_read_and_its_writes_wait(
    tmp_path: Path, ended: KeptMatch
) -> None:
    a_history_with_one_match(tmp_path, ended)
    holder = sqlite3.connect(tmp_path / FILE, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        history = History(Profile(tmp_path), wait=0.05)
        assert len(history.summaries(Filters())) == 1, "WAL: the reader is not blocked"
        with pytest.raises(HistoryBusy):
            history.add(ended)
        assert history.profile.notices == [] and set_aside(tmp_path) == []
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert history.add(ended) == 2


def test_a_history_locked_in_another_journal_mode_is_not_given_up(
    tmp_path: Path, ended: KeptMatch
) -> None:
    """Another program switched it out of WAL and holds it: reads give nothing this time,
    writes wait; nothing is set aside, nothing reported, and it opens once let go."""
    a_history_with_one_match(tmp_path, ended)
    holder = sqlite3.connect(tmp_path / FILE, isolation_level=None)
    holder.execute("PRAGMA journal_mode = DELETE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE counting SET value = value")
    try:
        history = History(Profile(tmp_path), wait=0.05)
        assert history.summaries(Filters()) == []
        with pytest.raises(HistoryBusy):
            history.add(ended)
        assert history.profile.notices == [] and set_aside(tmp_path) == []
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert len(history.summaries(Filters())) == 1
    assert history.add(ended) == 2


def test_a_history_moved_away_while_open_is_not_written_behind_its_back(
    tmp_path: Path, ended: KeptMatch
) -> None:
    """Another connection set the file aside: the next write opens the new file."""
    history = History(Profile(tmp_path))
    assert history.add(ended) == 1
    (tmp_path / FILE).rename(tmp_path / "elsewhere.sqlite3")
    assert history.summaries(Filters()) == [], "nothing there now"
    assert history.add(ended) == 1, "a new history, in the file's place"
    assert (tmp_path / FILE).exists()
