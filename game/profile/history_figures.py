"""The series the statistics' charts draw, counted by SQLite in the history's database.

Each reader takes the history's connection and the ``WHERE`` clause (with its values) of
the matches the chart's filters let through (:meth:`~game.profile.history.History.
chart_figures` gives both), so that no chart reads every match into Python: the win rate
and the points by hand size are counted over the whole history in SQL (``json_each`` over
the rows' JSON columns), the per-match series read only the latest :data:`LAST_MATCHES`.
Matches are in the order they ended (by number where they ended together); abandoned
matches are left out of totals and averages, and count as played and lost in the win rate
(as :mod:`game.profile.player_stats` counts them). A row that is not one of ours (JSON that
is not JSON, a figure that is not a number) is left out of the figure it spoils, as every
reader of the history leaves it out (:mod:`game.profile.history_rows`); it never stops a
chart nor sets the history aside. Only ``json_extract`` and ``json_each`` are used (SQLite's
JSON functions, built in everywhere Python 3.11 runs, older than the ``->>`` operator).

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
"""The counts over every match read nearly every row: a scan of the table beats a walk of an
index (and a look-up of each row it names) by about half. The latest matches are read by
the index in the order they ended."""
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
        f"SELECT {_item('totals', '0')} FROM matches {_finished(where)} {LATEST}",
        (*values, last),
    )
    return tuple(total for (total,) in rows if type(total) is int)[::-1]


def win_rate_by_level(
    connection: sqlite3.Connection, where: str, values: Sequence[object]
) -> dict[str, tuple[int, int]]:
    """Per level key played (in :data:`LEVEL_KEYS` order), ``(won, played)``: a match
    abandoned is played and lost."""
    won = f"abandoned = 0 AND EXISTS (SELECT 1 FROM {_each('winners')} WHERE value = 0)"
    rows = connection.execute(
        f"SELECT level, SUM({won}), COUNT(*) FROM {SCAN} {where} GROUP BY level", values
    )
    counts = {level: (wins, played) for level, wins, played in rows}
    return {key: counts[key] for key in LEVEL_KEYS if key in counts}


def points_by_hand_size(
    connection: sqlite3.Connection, where: str, values: Sequence[object]
) -> dict[int, float]:
    """Per hand size dealt, smallest first, your average points in a round of that size
    (over the finished matches)."""
    points = "json_extract(scores.value, '$[0]')"
    rows = connection.execute(
        f"SELECT sizes.value AS size, SUM({points}), COUNT(*) "
        f"FROM {SCAN}, {_each('round_scores')} AS scores, {_each('hand_sizes')} AS sizes "
        f"{_finished(where)} AND sizes.key = scores.key AND scores.type = 'array' "
        "AND json_type(scores.value, '$[0]') = 'integer' GROUP BY size ORDER BY size",
        values,
    )
    return {size: points / count for size, points, count in rows if type(size) is int}


def accuracy_per_match(
    connection: sqlite3.Connection, where: str, values: Sequence[object], last: int = LAST_MATCHES
) -> tuple[float, ...]:
    """Your decision accuracy (0 to 100) in each of the ``last`` finished matches the
    review has priced, oldest first."""
    rows = connection.execute(
        f"SELECT decisions, loss FROM matches JOIN reviews ON reviews.match_id = matches.id "
        f"{_finished(where)} AND decisions > 0 {LATEST}",
        (*values, last),
    )
    priced = (_accuracy(decisions, loss) for decisions, loss in rows)
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


def _item(column: str, index: str) -> str:
    """SQL for item ``index`` of the JSON list in ``column`` (NULL where it is not JSON)."""
    return f"CASE WHEN json_valid({column}) THEN json_extract({column}, '$[{index}]') END"


def _each(column: str) -> str:
    """SQL for the items of the JSON list in ``column`` (none where it is not JSON)."""
    return f"json_each(CASE WHEN json_valid({column}) THEN {column} ELSE '[]' END)"


def _accuracy(decisions: object, loss: object) -> float | None:
    """The accuracy of a review's figures read from a row (``None``: not figures at all)."""
    if type(decisions) is not int or not isinstance(loss, int | float):
        return None
    try:
        return ReviewFigures(decisions, float(loss)).accuracy
    except ValueError:  # a loss that is not a finite number ≥ 0
        return None
