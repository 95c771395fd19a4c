"""The series the statistics' charts draw, worked out from the history's match summaries.

Every function takes the summaries as the history gives them (newest first, any order
will do: they are sorted by :attr:`~game.profile.kept_match.MatchSummary.ended`) and
leaves out what the charts leave out: autoplay matches (unless the history was asked for
them, they are not given), and abandoned matches from totals and averages (a match left
counts as played and lost in the win rate, as :mod:`game.profile.player_stats` counts it).

>>> from datetime import UTC, datetime
>>> def kept(total, won=False, abandoned=False, level="easy"):
...     return MatchSummary(0, datetime(2026, 1, 1, tzinfo=UTC), 2, ("Left",),
...         {1: level}, (total, 50), (0,) if won else (1,), ((total, 50),), (3,), (0,),
...         abandoned)
>>> matches = [kept(40, True), kept(70), kept(20, abandoned=True)]
>>> totals_per_match(matches)
[40, 70]
>>> moving_average([10, 20, 30, 40], window=2)
[10.0, 15.0, 25.0, 35.0]
>>> win_rate_by_level(matches)
{'easy': (1, 3)}
"""

from __future__ import annotations

from collections.abc import Sequence

from game.profile.kept_match import MatchSummary
from game.profile.player_stats import LEVEL_KEYS

LAST_MATCHES = 50
"""How many of the latest matches the per-match charts show."""
AVERAGE_WINDOW = 5
"""How many matches a moving average spans."""


def oldest_first(summaries: Sequence[MatchSummary]) -> list[MatchSummary]:
    """``summaries`` in the order they ended (by number where they ended together)."""
    return sorted(summaries, key=lambda summary: (summary.ended, summary.id))


def finished(summaries: Sequence[MatchSummary]) -> list[MatchSummary]:
    """The matches played to the end, oldest first."""
    return [summary for summary in oldest_first(summaries) if not summary.abandoned]


def totals_per_match(summaries: Sequence[MatchSummary], last: int = LAST_MATCHES) -> list[int]:
    """Your total in each of the ``last`` finished matches, oldest first."""
    return [summary.your_total for summary in finished(summaries)[-last:]]


def moving_average(values: Sequence[float], window: int = AVERAGE_WINDOW) -> list[float]:
    """Per value, the average of it and the ``window − 1`` before it (fewer at the start)."""
    if window < 1:
        raise ValueError(f"the window must be at least 1, not {window}")
    averages = []
    for index in range(len(values)):
        span = values[max(0, index - window + 1) : index + 1]
        averages.append(sum(span) / len(span))
    return averages


def win_rate_by_level(summaries: Sequence[MatchSummary]) -> dict[str, tuple[int, int]]:
    """Per level key played (in :data:`LEVEL_KEYS` order), ``(won, played)``: a match
    abandoned is played and lost."""
    counts = {key: [0, 0] for key in LEVEL_KEYS}
    for summary in summaries:
        count = counts[summary.level]
        count[0] += summary.won and not summary.abandoned
        count[1] += 1
    return {key: (won, played) for key, (won, played) in counts.items() if played}


def points_by_hand_size(summaries: Sequence[MatchSummary]) -> dict[int, float]:
    """Per hand size dealt, smallest first, your average points in a round of that size
    (over the finished matches)."""
    points: dict[int, list[int]] = {}
    for summary in finished(summaries):
        for size, scores in zip(summary.hand_sizes, summary.round_scores, strict=True):
            points.setdefault(size, []).append(scores[0])
    return {size: sum(each) / len(each) for size, each in sorted(points.items())}


def accuracy_per_match(summaries: Sequence[MatchSummary], last: int = LAST_MATCHES) -> list[float]:
    """Your decision accuracy (0 to 100) in each of the ``last`` finished matches the
    review has priced, oldest first."""
    accuracies = [
        summary.review.accuracy
        for summary in finished(summaries)
        if summary.review is not None and summary.review.accuracy is not None
    ]
    return accuracies[-last:]
