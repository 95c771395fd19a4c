"""The statistics' charts' figures, counted on a thread of their own: over a long history
(the points by hand size take a few hundred milliseconds at 50,000 matches) the counting
never holds a frame, however long the history grows.

The thread opens a :class:`~game.profile.history.History` of its own (a connection is used
only by the thread that opened it) and reads one figure at a time, in the order asked.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

from game.profile.folder import Profile
from game.profile.history import History
from game.profile.history_figures import FIGURES, ChartFigures
from game.profile.kept_match import Filters


class ChartReader:
    """Reads the charts' figures (:data:`~game.profile.history_figures.FIGURES`) off the
    frame loop."""

    def __init__(self, profile: Profile) -> None:
        self._history = History(profile, check=False)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="charts")
        self._asked: list[Future[object]] = []

    def read(self, name: str, filters: Filters) -> Future[object]:
        """Count the figure ``name`` (a field of :class:`ChartFigures`) of the matches
        ``filters`` let through; its value, once counted, is the future's."""
        future = self._pool.submit(self._read, name, filters)
        self._asked = [asked for asked in self._asked if not asked.done()] + [future]
        return future

    def _read(self, name: str, filters: Filters) -> object:
        otherwise = getattr(ChartFigures(), name)
        return self._history.chart_figures(filters, FIGURES[name], otherwise)

    def close(self) -> None:
        """Stop: what is not counted yet never is, and the thread's database is closed."""
        for asked in self._asked:
            asked.cancel()
        self._pool.submit(self._history.close)
        self._pool.shutdown(wait=False)
