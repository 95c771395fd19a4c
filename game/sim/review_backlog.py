"""The reviews the history still lacks, worked out one at a time on a thread.

A match of the player's is reviewed once it ends (about a second of work), and the
statistics' charts ask for the ones still missing among the latest matches (a match
kept before its review was done: the game closed first). The figures are handed to
``keep`` (the history's writing thread) in :meth:`ReviewBacklog.collect`, which the window
calls every frame. :meth:`ReviewBacklog.close` stops the review under way at its next decision.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from game.engine.match import Match
from game.profile.history import History
from game.profile.kept_match import ReviewFigures
from game.sim.review import StoppableReviewer, review, review_figures


class ReviewBacklog:
    """Reviews seat 0's decisions in the matches of ``history`` and hands the figures to
    ``keep``."""

    def __init__(self, history: History, keep: Callable[[int, ReviewFigures], None]) -> None:
        self.history = history
        self._keep = keep
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="reviews")
        self._stop = threading.Event()
        self._work: dict[int, Future[ReviewFigures]] = {}

    @property
    def waiting(self) -> int:
        """How many matches are queued or under review."""
        return len(self._work)

    def add(self, number: int, match: Match) -> None:
        """Review match ``number`` of the history (its ``match``) when the thread is free."""
        if number in self._work or self._stop.is_set():
            return
        self._work[number] = self._pool.submit(self._figures, match.copy())

    def catch_up(self, latest: int) -> None:
        """Queue the player's matches without a review among the ``latest`` of the history
        (each rebuilt on the thread, not in the frame that asks)."""
        for number in self.history.unreviewed(latest):
            if number not in self._work and not self._stop.is_set():
                self._work[number] = self._pool.submit(self._figures_of_kept, number)

    def collect(self) -> int:
        """Keep the figures of every review done since the last call; how many there were.
        A review that failed is left out (its match stays unreviewed)."""
        done = [number for number, work in self._work.items() if work.done()]
        for number in done:
            work = self._work.pop(number)
            if work.exception() is None:
                self._keep(number, work.result())
        return len(done)

    def close(self) -> None:
        """Stop: the review under way ends at its next decision, the queued ones never start."""
        self._stop.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._work.clear()

    def _figures_of_kept(self, number: int) -> ReviewFigures:
        """The figures of match ``number``, rebuilt from the history on this thread (through
        a connection of its own); ``LookupError`` if it cannot be (reported by the history)."""
        history = History(self.history.profile, check=False)
        try:
            kept = history.kept(number)
        finally:
            history.close()
        if kept is None:
            raise LookupError(f"match {number} cannot be rebuilt")
        return self._figures(kept.match)

    def _figures(self, match: Match) -> ReviewFigures:
        return review_figures(review(match, 0, reviewer=StoppableReviewer(self._stop)))
