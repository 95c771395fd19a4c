"""The review of your decisions worked out on a thread (a whole match takes about a
second), so that the window never waits for it; it stops once its screen is left."""

from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor

from game.engine.match import Match
from game.sim.review import Decision, StoppableReviewer, review


class ReviewWork:
    """Seat 0's decisions in ``match`` (or in round ``round_number``), reviewed on a thread."""

    def __init__(self, match: Match, round_number: int | None = None) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
        self._left = threading.Event()
        """Set when the screen is left: the review stops at its next decision."""
        self._work: Future[list[Decision]] = self._pool.submit(
            review,
            match.copy(),
            0,
            round_number=round_number,
            reviewer=StoppableReviewer(self._left),
        )

    def done(self) -> bool:
        """True once the decisions are ready (or the review failed)."""
        return self._work.done()

    def result(self) -> list[Decision]:
        """The decisions reviewed (once :meth:`done`); raises what the review raised."""
        return self._work.result()

    def stop(self) -> None:
        """The screen is left: a review under way stops (it would run on to its end,
        holding the interpreter against the frame loop)."""
        self._left.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
