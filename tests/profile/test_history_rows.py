"""Rows of the history read with a save's checks: a row that fails them is reported once and
skipped by every reader (lists, the statistics, the replay), never a crash, and never the
reason the whole history is set aside."""

from __future__ import annotations

import sqlite3
import time
import zlib
from pathlib import Path

import pytest

from game.profile.folder import Profile
from game.profile.history import FILE, History
from game.profile.history_figures import ChartFigures, chart_figures
from game.profile.history_rows import MOST_ACTION_BYTES, RowError, inflated
from game.profile.kept_match import Filters, KeptMatch
from tests.profile.ended import finished

BAD_ROWS = {
    "date-as-bytes": ("ended", b"2026-12-03T09:00:00+00:00"),
    "date-without-zone": ("ended", "2026-12-03T09:00:00"),
    "date-not-a-date": ("ended", "yesterday"),
    "goers-a-dict": ("goers", '{"0": 1}'),
    "goers-too-few": ("goers", "[0]"),
    "names-too-few": ("names", "[]"),
    "names-not-text": ("names", "[7]"),
    "policies-a-list": ("policies", '["hard"]'),
    "policy-unknown": ("policies", '{"1": "no such:thing"}'),
    "players-99": ("players", 99),
    "totals-too-few": ("totals", "[1]"),
    "totals-text": ("totals", '["1", "2"]'),
    "winners-not-seats": ("winners", "[5]"),
    "scores-not-json": ("round_scores", "[[1, 2]"),
    "scores-deep": ("round_scores", "[" * 100_000 + "]" * 100_000),
    "abandoned-2": ("abandoned", 2),
}


@pytest.fixture(scope="module")
def three() -> list[KeptMatch]:
    return [finished(seed) for seed in (5, 6, 7)]


def with_a_bad_row(folder: Path, three: list[KeptMatch], column: str, value: object) -> History:
    history = History(Profile(folder))
    for kept in three:
        history.add(kept)
    history.close()
    with sqlite3.connect(folder / FILE) as connection:
        connection.execute(f"UPDATE matches SET {column} = ? WHERE id = 2", (value,))
    return History(Profile(folder))


def check_skipped(history: History, folder: Path) -> None:
    """Every reader skips row 2, says so once, and keeps the rest."""
    assert [row.id for row in history.summaries(Filters())] == [3, 1]
    page = history.page(Filters(), 0, 10)
    assert [row.id for row in page.rows] == [3, 1] and page.total == 3 and page.end == 3
    assert history.stats().overall.played == 2
    assert history.kept(2) is None and history.kept(1) is not None
    assert len(history.profile.notices) <= 2
    assert all("Match 2 of the history" in notice for notice in history.profile.notices)
    assert not any(".corrupt-" in path.name for path in folder.iterdir()), "nothing set aside"


@pytest.mark.slow
@pytest.mark.parametrize(("column", "value"), BAD_ROWS.values(), ids=BAD_ROWS.keys())
def test_a_row_that_fails_a_saves_checks_is_skipped_and_said(
    tmp_path: Path, three: list[KeptMatch], column: str, value: object
) -> None:
    history = with_a_bad_row(tmp_path, three, column, value)
    check_skipped(history, tmp_path)
    assert len(history.profile.notices) >= 1


def test_a_review_that_is_not_a_number_hides_only_its_match(
    tmp_path: Path, three: list[KeptMatch]
) -> None:
    history = with_a_bad_row(tmp_path, three, "seed", "7")  # any column: the row stays sound
    with sqlite3.connect(tmp_path / FILE) as connection:
        connection.execute("INSERT INTO reviews (match_id, decisions, loss) VALUES (2, 5, 'NaN')")
    history = History(Profile(tmp_path))
    check_skipped(history, tmp_path)


@pytest.mark.slow
def test_moves_that_inflate_past_the_cap_are_refused_before_they_are_inflated(
    tmp_path: Path, three: list[KeptMatch]
) -> None:
    bomb = zlib.compress(b"[" + b" " * (256 * 1024 * 1024), 9)  # 256 MB of spaces, ~250 KB
    history = with_a_bad_row(tmp_path, three, "actions", bomb)
    started = time.perf_counter()
    assert history.kept(2) is None
    assert time.perf_counter() - started < 5, "not inflated whole"
    assert "inflate" in history.profile.notices[0]
    assert [row.id for row in history.summaries(Filters())] == [3, 2, 1], "its figures are fine"


def test_inflating_stops_at_the_cap() -> None:
    assert inflated(zlib.compress(b"x" * 1000)) == b"x" * 1000
    with pytest.raises(RowError, match="inflate"):
        inflated(zlib.compress(b"x" * (MOST_ACTION_BYTES + 1)))


CHART_SPOILERS = {
    "totals-not-json": ("totals", "[1,"),
    "totals-text": ("totals", '["a", 2]'),
    "winners-not-json": ("winners", "{"),
    "scores-not-json": ("round_scores", "[[1, 2]"),
    "scores-not-lists": ("round_scores", '[7, "x", {"a": 1}]'),
    "scores-text": ("round_scores", '[["a", 2]]'),
    "sizes-not-json": ("hand_sizes", "]"),
    "sizes-text": ("hand_sizes", '["three"]'),
}


@pytest.mark.parametrize(("column", "value"), CHART_SPOILERS.values(), ids=CHART_SPOILERS.keys())
def test_the_charts_figures_leave_out_what_a_bad_row_spoils(
    tmp_path: Path, three: list[KeptMatch], column: str, value: object
) -> None:
    history = with_a_bad_row(tmp_path, three, column, value)
    with sqlite3.connect(tmp_path / FILE) as connection:
        connection.execute("INSERT INTO reviews (match_id, decisions, loss) VALUES (2, 5, 'NaN')")
        connection.execute("INSERT INTO reviews (match_id, decisions, loss) VALUES (3, 5, 2.5)")
    figures = history.chart_figures(Filters(), chart_figures, ChartFigures())
    assert len(figures.totals) >= 2 and figures.win_rates and figures.points
    assert figures.accuracy == (100 * 2**-0.5,), "the NaN review left out"
    assert history.profile.notices == []
    assert not any(".corrupt-" in path.name for path in tmp_path.iterdir()), "nothing set aside"
