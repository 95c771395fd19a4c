"""The series the statistics' charts draw, counted by SQLite in the history's database.

Each reader takes the history's connection and the ``WHERE`` clause (with its values) of
the matches the chart's filters let through (:meth:`~game.profile.history.History.
chart_figures` gives both), so that no chart reads every match into Python: the win rate
and the points by hand size are counted over the whole history in SQL (``json_each`` over
the rows' JSON columns), the per-match series read only the latest :data:`LAST_MATCHES`.
Matches are in the order they ended (by number where they ended together); abandoned
matches are left out of totals and averages, and count as played and lost in the win rate
(as :mod:`game.profile.player_stats` counts them). A row that is not one of ours raises
``ValueError`` (the history sets the database aside, as for any damaged row).

>>> moving_average([10, 20, 30, 40], window=2)
[10.0, 15.0, 25.0, 35.0]
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from game.profile.kept_match import ReviewFigures
from game.profile.player_stats import LEVEL_KEYS

LAST_MATCHES = 50
"""How many of the latest matches the per-match charts show."""
AVERAGE_WINDOW = 5
"""How many matches a moving average spans."""
SCAN = "matches NOT INDEXED"
"""The charts read nearly every match: a scan of the table beats a walk of an index (and a
look-up of each row it names) by about half."""
LATEST = "ORDER BY ended DESC, matches.id DESC LIMIT ?"


@dataclass(frozen=True, slots=True)
class ChartFigures:
    """Everything the statistics' charts draw (empty: no match, or no history)."""

    totals: tuple[int, ...] = ()
    """Your total in each of the latest :data:`LAST_MATCHES` finished matches, oldest first."""
    win_rates: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """Per level key played (in :data:`LEVEL_KEYS` order), ``(won, played)``."""
    points: Mapping[int, float] = field(default_factory=dict)
    """Per hand size dealt, smallest first, your average points in a round of that size."""
    accuracy: tuple[float, ...] = ()
    """Your decision accuracy in each of the latest finished matches the review priced."""


def chart_figures(
    connection: sqlite3.Connection, where: str, values: Sequence[object]
) -> ChartFigures:
    """Every chart's figures of the matches ``where`` picks."""
    return ChartFigures(
        totals_per_match(connection, where, values),
        win_rate_by_level(connection, where, values),
        points_by_hand_size(connection, where, values),
        accuracy_per_match(connection, where, values),
    )


def totals_per_match(
    connection: sqlite3.Connection, where: str, values: Sequence[object], last: int = LAST_MATCHES
) -> tuple[int, ...]:
    """Your total in each of the ``last`` finished matches, oldest first."""
    rows = connection.execute(
        f"SELECT totals ->> 0 FROM {SCAN} {_finished(where)} {LATEST}", (*values, last)
    )
    return tuple(_whole(total) for (total,) in rows)[::-1]


def win_rate_by_level(
    connection: sqlite3.Connection, where: str, values: Sequence[object]
) -> dict[str, tuple[int, int]]:
    """Per level key played (in :data:`LEVEL_KEYS` order), ``(won, played)``: a match
    abandoned is played and lost."""
    won = "abandoned = 0 AND EXISTS (SELECT 1 FROM json_each(winners) WHERE value = 0)"
    rows = connection.execute(
        f"SELECT level, SUM({won}), COUNT(*) FROM {SCAN} {where} GROUP BY level", values
    )
    counts = {level: (_whole(wins), _whole(played)) for level, wins, played in rows}
    return {key: counts[key] for key in LEVEL_KEYS if key in counts}


def points_by_hand_size(
    connection: sqlite3.Connection, where: str, values: Sequence[object]
) -> dict[int, float]:
    """Per hand size dealt, smallest first, your average points in a round of that size
    (over the finished matches)."""
    rows = connection.execute(
        "SELECT hand_sizes ->> scores.key AS size, SUM(scores.value ->> 0), COUNT(*) "
        f"FROM {SCAN}, json_each(round_scores) AS scores {_finished(where)} "
        "GROUP BY size ORDER BY size",
        values,
    )
    return {_whole(size): _whole(points) / count for size, points, count in rows}


def accuracy_per_match(
    connection: sqlite3.Connection, where: str, values: Sequence[object], last: int = LAST_MATCHES
) -> tuple[float, ...]:
    """Your decision accuracy (0 to 100) in each of the ``last`` finished matches the
    review has priced, oldest first."""
    rows = connection.execute(
        f"SELECT decisions, loss FROM {SCAN} JOIN reviews ON reviews.match_id = matches.id "
        f"{_finished(where)} AND decisions > 0 {LATEST}",
        (*values, last),
    )
    priced = (ReviewFigures(decisions, loss).accuracy for decisions, loss in rows)
    return tuple(accuracy for accuracy in priced if accuracy is not None)[::-1]


FIGURES: dict[str, Callable[[sqlite3.Connection, str, Sequence[object]], object]] = {
    "totals": totals_per_match,
    "win_rates": win_rate_by_level,
    "points": points_by_hand_size,
    "accuracy": accuracy_per_match,
}
"""Each field of :class:`ChartFigures` and the reader that counts it."""


def moving_average(values: Sequence[float], window: int = AVERAGE_WINDOW) -> list[float]:
    """Per value, the average of it and the ``window − 1`` before it (fewer at the start)."""
    if window < 1:
        raise ValueError(f"the window must be at least 1, not {window}")
    averages = []
    for index in range(len(values)):
        span = values[max(0, index - window + 1) : index + 1]
        averages.append(sum(span) / len(span))
    return averages


def _finished(where: str) -> str:
    """``where`` narrowed to the matches played to the end."""
    return f"{where} AND abandoned = 0" if where else "WHERE abandoned = 0"


def _whole(value: object) -> int:
    """``value`` read from a row, a whole number; ``ValueError`` if it is not one."""
    if type(value) is not int:
        raise ValueError(f"a chart's figure must be a whole number, not {value!r}")
    return value
