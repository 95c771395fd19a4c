"""The series of the statistics' charts, from the history's match summaries."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from game.engine.match import Match
from game.engine.rules import RuleSet
from game.profile.history_figures import (
    accuracy_per_match,
    moving_average,
    points_by_hand_size,
    totals_per_match,
    win_rate_by_level,
)
from game.profile.kept_match import KeptMatch, MatchSummary, ReviewFigures

START = datetime(2026, 1, 1, tzinfo=UTC)


def summary(
    number: int,
    total: int,
    *,
    won: bool = False,
    abandoned: bool = False,
    level: str = "easy",
    sizes: tuple[int, ...] = (3, 4),
    review: ReviewFigures | None = None,
) -> MatchSummary:
    """Match ``number`` (later numbers ended later), heads-up against ``level``."""
    first = total // 2
    return MatchSummary(
        id=number,
        ended=START + timedelta(hours=number),
        players=2,
        names=("Left",),
        policies={1: level},
        totals=(total, 40),
        winners=() if abandoned else ((0,) if won else (1,)),
        round_scores=((first, 20), (total - first, 20))[: len(sizes)],
        hand_sizes=sizes,
        goers=(None,) * len(sizes),
        abandoned=abandoned,
        review=review,
    )


def test_totals_are_the_finished_matches_oldest_first_and_the_last_fifty() -> None:
    newest_first = [summary(number, 10 + number) for number in range(60, 0, -1)]
    newest_first.insert(3, summary(100, 999, abandoned=True))
    totals = totals_per_match(newest_first)
    assert totals == [10 + number for number in range(11, 61)]
    assert totals_per_match(newest_first, last=3) == [68, 69, 70]
    assert totals_per_match([]) == []


def test_the_moving_average_spans_its_window_and_fewer_at_the_start() -> None:
    assert moving_average([4, 8, 0, 4], window=3) == [4.0, 6.0, 4.0, 4.0]
    assert moving_average([7], window=5) == [7.0]
    assert moving_average([]) == []
    with pytest.raises(ValueError):
        moving_average([1], window=0)


def test_a_match_left_counts_as_played_and_lost_in_the_win_rate() -> None:
    matches = [
        summary(1, 30, won=True, level="hard"),
        summary(2, 30, won=True, level="easy"),
        summary(3, 90, level="easy"),
        summary(4, 10, abandoned=True, level="easy"),
    ]
    rates = win_rate_by_level(matches)
    assert rates == {"easy": (1, 3), "hard": (1, 1)}
    assert list(rates) == ["easy", "hard"], "in the levels' order, weakest first"
    assert win_rate_by_level([]) == {}


def test_points_by_hand_size_average_your_rounds_of_each_size() -> None:
    matches = [
        summary(1, 10, sizes=(3, 4)),  # 5 at 3 cards, 5 at 4
        summary(2, 30, sizes=(3, 4)),  # 15, 15
        summary(3, 0, sizes=(3,)),
        summary(4, 99, abandoned=True, sizes=(3, 4)),
    ]
    assert points_by_hand_size(matches) == {3: pytest.approx(20 / 3), 4: 10.0}
    assert points_by_hand_size([]) == {}


def test_accuracy_is_charted_for_the_reviewed_matches_only() -> None:
    perfect, one_point = ReviewFigures(10, 0.0), ReviewFigures(4, 4.0)
    matches = [
        summary(3, 10, review=one_point),
        summary(2, 10),
        summary(1, 10, review=perfect),
        summary(4, 10, review=ReviewFigures(0, 0.0)),
    ]
    assert accuracy_per_match(matches) == [100.0, 50.0]


def test_figures_of_a_match_played_to_its_end() -> None:
    match = Match.new(RuleSet(players=3), seed=8)
    while not match.is_over:
        match.apply(match.legal_actions()[0])
    kept = KeptMatch.of(match, ("Left", "Right"), {1: "easy", 2: "easy"}, START).summary
    assert totals_per_match([kept]) == [match.totals[0]]
    sizes = points_by_hand_size([kept])
    assert list(sizes) == list(match.rules.hand_sizes)
    assert sum(sizes.values()) == match.totals[0]
    assert win_rate_by_level([kept]) == {"easy": (int(kept.won), 1)}
