"""The match history in SQLite: kept whole, read back, filtered and paged, the statistics
counted from it, and every bad database set aside rather than a crash."""

from __future__ import annotations

import dataclasses
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from game.profile import history, history_rows
from game.profile.folder import Profile
from game.profile.history import History
from game.profile.kept_match import Filters, KeptMatch, Page, ReviewFigures
from game.profile.memory import STATS_FILE, Memory
from game.profile.player_stats import Stats
from tools.make_history_fixture import fixture_matches

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "formats"


@pytest.fixture(scope="module")
def matches() -> list[KeptMatch]:
    """Four matches: two finished ones of the player's, an abandoned one, an autoplay one."""
    return fixture_matches()


def a_history(folder: Path) -> History:
    return History(Profile(folder))


@pytest.mark.slow
def test_a_match_kept_reads_back_whole(tmp_path: Path, matches: list[KeptMatch]) -> None:
    kept = a_history(tmp_path)
    numbers = [kept.add(match) for match in matches]
    assert numbers == [1, 2, 3, 4]
    for number, match in zip(numbers, matches, strict=True):
        back = kept.kept(number)
        assert back is not None
        assert back.match == match.match
        assert back.summary == dataclasses.replace(match.summary, id=number)
    assert kept.kept(99) is None
    assert kept.profile.notices == []


def test_a_list_is_newest_first_and_leaves_autoplay_out_unless_asked(
    tmp_path: Path, matches: list[KeptMatch]
) -> None:
    kept = a_history(tmp_path)
    for match in matches:
        kept.add(match)
    assert [row.id for row in kept.summaries(Filters())] == [3, 2, 1]
    assert [row.id for row in kept.summaries(Filters(autoplay=True))] == [4, 3, 2, 1]
    assert [row.id for row in kept.summaries(Filters(), limit=2)] == [3, 2]
    assert [row.id for row in kept.summaries(Filters(level="hard"))] == [2]
    assert [row.id for row in kept.summaries(Filters(players=2))] == [2]
    assert [row.id for row in kept.summaries(Filters(level="mixed", players=4))] == [3]
    assert kept.summaries(Filters(level="easy")) == []
    autoplay = kept.summaries(Filters(autoplay=True))[0]
    assert autoplay.autoplay and autoplay.id == 4


def test_pages_cover_every_match_once(tmp_path: Path, matches: list[KeptMatch]) -> None:
    kept = a_history(tmp_path)
    for _ in range(6):
        for match in matches:
            kept.add(match)
    seen: list[int] = []
    offset, total = 0, 24
    while offset < total:
        page = kept.page(Filters(autoplay=True), offset, 5)
        assert page.offset == offset and page.rows
        seen += [row.id for row in page.rows]
        offset, total = offset + 5, page.total
    assert seen == list(range(24, 0, -1))
    beyond = kept.page(Filters(), 1000, 5)
    assert [row.id for row in beyond.rows] == [3, 2, 1] and beyond.offset == 15
    assert beyond.total == 18
    assert kept.page(Filters(level="easy"), 10, 5) == Page((), 0, 0, 0)


def test_the_review_figures_are_kept_and_replaced(tmp_path: Path, matches: list[KeptMatch]) -> None:
    kept = a_history(tmp_path)
    for match in matches:
        kept.add(match)
    assert kept.unreviewed(10) == [3, 1]  # the player's own, newest first; 2 came reviewed
    kept.set_review(3, ReviewFigures(40, 12.5))
    kept.set_review(3, ReviewFigures(41, 10.0))
    assert kept.unreviewed(10) == [1]
    row = kept.summaries(Filters(), limit=1)[0]
    assert row.review == ReviewFigures(41, 10.0)
    assert row.review.accuracy == pytest.approx(100 * 2 ** -(10 / 41))


def played_and_counted(folder: Path, matches: list[KeptMatch]) -> Memory:
    memory = Memory(Profile(folder))
    for match in matches:
        memory.keep(match)
    assert memory.settle(30)
    return memory


def test_the_statistics_count_the_players_matches_as_the_history_does(
    tmp_path: Path, matches: list[KeptMatch]
) -> None:
    memory = played_and_counted(tmp_path, matches + matches[:2])
    counted = memory.stats
    assert counted.overall.played == 5 and counted.overall.abandoned == 1  # autoplay left out
    assert memory.history.stats() == counted
    assert Memory(Profile(tmp_path)).stats == counted  # read from stats.json


def test_missing_statistics_are_counted_again_from_the_history(
    tmp_path: Path, matches: list[KeptMatch]
) -> None:
    counted = played_and_counted(tmp_path, matches).stats
    (tmp_path / STATS_FILE).unlink()
    again = Memory(Profile(tmp_path))
    assert again.stats == counted
    assert (tmp_path / STATS_FILE).exists(), "written back"
    assert again.profile.notices == []


def test_statistics_set_aside_are_counted_again_from_the_history(
    tmp_path: Path, matches: list[KeptMatch]
) -> None:
    counted = played_and_counted(tmp_path, matches).stats
    (tmp_path / STATS_FILE).write_text("{ not json", encoding="utf-8")
    again = Memory(Profile(tmp_path))
    assert again.stats == counted
    assert any("stats.json" in notice for notice in again.profile.notices)


def test_a_reset_counts_only_the_matches_after_it(tmp_path: Path, matches: list[KeptMatch]) -> None:
    memory = played_and_counted(tmp_path, matches)
    memory.reset_stats()
    assert memory.settle(30)
    assert memory.history.stats() == Stats()
    memory.keep(matches[0])
    assert memory.settle(30)
    assert memory.history.stats() == memory.stats
    assert memory.stats.overall.played == 1
    assert len(memory.history.summaries(Filters(autoplay=True))) == 5, "the history keeps all"


def test_an_upgraded_or_current_schema_reads_every_match(tmp_path: Path) -> None:
    """Every schema the game ever wrote opens through today's code (one fixture a schema)."""
    schemas = sorted(int(path.stem.split("-")[1]) for path in FIXTURES.glob("history-*.sqlite3"))
    assert schemas == list(range(1, history.SCHEMA + 1)), "a fixture for every schema"
    for schema in schemas:
        folder = tmp_path / str(schema)
        folder.mkdir()
        shutil.copy(FIXTURES / f"history-{schema}.sqlite3", folder / history.FILE)
        kept = a_history(folder)
        rows = kept.summaries(Filters(autoplay=True))
        assert [row.id for row in rows] == [4, 3, 2, 1]
        assert [row.abandoned for row in rows] == [False, True, False, False]
        assert rows[0].autoplay and rows[2].players == 2
        for row in rows:
            back = kept.kept(row.id)
            assert back is not None and back.summary == row
        assert (rows[2].review is not None) == (schema >= 2)
        kept.close()
        with sqlite3.connect(folder / history.FILE) as connection:
            assert connection.execute("PRAGMA user_version").fetchone()[0] == history.SCHEMA
        assert kept.profile.notices == []


def set_aside_and_fresh(folder: Path, reason: str) -> History:
    kept = a_history(folder)
    assert kept.summaries(Filters()) == []
    assert kept.add(fixture_matches()[0]) == 1, "a new history is started"
    asides = sorted(path.name for path in folder.glob(f"{history.FILE}.{reason}-*"))
    assert asides and not asides[0].endswith(("-wal", "-shm")), asides
    assert len(kept.profile.notices) == 1 and history.FILE in kept.profile.notices[0]
    return kept


def test_a_file_that_is_not_a_database_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / history.FILE).write_bytes(b"These are not the droids " * 200)
    set_aside_and_fresh(tmp_path, "corrupt")


def twenty_in_one_file(folder: Path, match: KeptMatch) -> Path:
    """A history of twenty copies of ``match``, its WAL folded into the file: the file."""
    kept = a_history(folder)
    for _ in range(20):
        kept.add(match)
    kept.close()
    path = folder / history.FILE
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


def test_a_damaged_database_is_set_aside(tmp_path: Path, matches: list[KeptMatch]) -> None:
    path = twenty_in_one_file(tmp_path, matches[0])
    data = bytearray(path.read_bytes())
    data[4096 * 2 : 4096 * 3] = b"\xff" * 4096  # a page of the table scribbled over
    path.write_bytes(bytes(data))
    set_aside_and_fresh(tmp_path, "corrupt")


def test_a_damaged_databases_notice_is_on_one_line(
    tmp_path: Path, matches: list[KeptMatch]
) -> None:
    """``quick_check`` says where the damage is over two lines: the notice says it on one."""
    path = twenty_in_one_file(tmp_path, matches[0])
    with sqlite3.connect(path) as connection:
        (root,) = connection.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'matches_by_autoplay'"
        ).fetchone()
    data = bytearray(path.read_bytes())
    start = 4096 * (root - 1)
    data[start + 8 : start + 40] = bytes(32)  # an index's cells pointed out of their page
    path.write_bytes(bytes(data))
    (notice,) = set_aside_and_fresh(tmp_path, "corrupt").profile.notices
    assert "*** in database main *** On tree page" in notice, notice
    assert "\ufffd" not in notice and "\n" not in notice


def test_another_programs_database_is_set_aside(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / history.FILE) as connection:
        connection.execute("CREATE TABLE songs (title TEXT)")
    set_aside_and_fresh(tmp_path, "foreign")


def test_a_newer_schema_is_set_aside(tmp_path: Path) -> None:
    a_history(tmp_path).close()
    kept = a_history(tmp_path)
    kept.add(fixture_matches()[0])
    kept.close()
    with sqlite3.connect(tmp_path / history.FILE) as connection:
        connection.execute(f"PRAGMA user_version = {history.SCHEMA + 1}")
    kept = set_aside_and_fresh(tmp_path, "newer")
    assert "newer version" in kept.profile.notices[0]


def test_a_row_that_does_not_replay_is_reported_not_raised(
    tmp_path: Path, matches: list[KeptMatch]
) -> None:
    kept = a_history(tmp_path)
    kept.add(matches[0])
    kept.close()
    tampered = history_rows.row_of(matches[1])["actions"]  # another match's moves
    with sqlite3.connect(tmp_path / history.FILE) as connection:
        connection.execute("UPDATE matches SET actions = ? WHERE id = 1", (tampered,))
    kept = a_history(tmp_path)
    assert kept.kept(1) is None
    assert len(kept.profile.notices) == 1 and "cannot be replayed" in kept.profile.notices[0]
    assert [row.id for row in kept.summaries(Filters())] == [1], "the list still shows it"


def test_a_folder_that_cannot_be_written_is_reported_once(
    tmp_path: Path, matches: list[KeptMatch]
) -> None:
    folder = tmp_path / "blocked"
    folder.write_text("a file where the folder should be", encoding="utf-8")
    kept = a_history(folder)
    assert kept.add(matches[0]) == 0
    assert kept.add(matches[1]) == 0
    assert kept.summaries(Filters()) == []
    assert len(kept.profile.notices) == 1 and "history" in kept.profile.notices[0]


def test_dates_are_kept_to_the_second_in_utc(tmp_path: Path, matches: list[KeptMatch]) -> None:
    kept = a_history(tmp_path)
    there = datetime(2026, 12, 3, 23, 30, 15, 999, tzinfo=UTC).astimezone(
        timezone(timedelta(hours=-5))
    )
    match = matches[0]
    kept.add(dataclasses.replace(match, summary=dataclasses.replace(match.summary, ended=there)))
    row = kept.summaries(Filters())[0]
    assert row.ended == datetime(2026, 12, 3, 23, 30, 15, tzinfo=UTC)


ROOT = Path(__file__).resolve().parents[2]
ADD_LOOP = """
import sys
from pathlib import Path
from game.profile.folder import Profile
from game.profile.history import History
from tools.make_history_fixture import fixture_matches
matches = fixture_matches()
kept = History(Profile(Path(sys.argv[1])))
print("ready", flush=True)
while True:
    for match in matches:
        print(kept.add(match), flush=True)
"""


@pytest.mark.slow
def test_a_kill_at_any_moment_loses_no_match_kept(tmp_path: Path) -> None:
    """SIGKILL while matches are being added: every match whose adding had returned is
    there, whole, and the database is sound; the one in flight is there whole or not at all."""
    rng = random.Random(30)
    told: list[int] = []
    for kills in range(1, 5):
        process = subprocess.Popen(
            [sys.executable, "-c", ADD_LOOP, str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE
        )
        assert process.stdout is not None and process.stdout.readline().strip() == b"ready"
        time.sleep(rng.uniform(0.05, 0.4))
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
        told += [int(line) for line in process.stdout.read().split()]
        kept = a_history(tmp_path)
        numbers = [row.id for row in kept.summaries(Filters(autoplay=True))]
        assert set(told) <= set(numbers) and numbers == sorted(numbers, reverse=True)
        assert len(numbers) <= len(told) + kills, "at most one match in flight a kill"
        for number in {numbers[0], *told[-1:]}:
            assert kept.kept(number) is not None
        assert kept.profile.notices == []
        kept.close()
        with sqlite3.connect(tmp_path / history.FILE) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert len(told) > 8, "the kills came while matches were being added"
