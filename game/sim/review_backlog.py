"""The reviews the history still lacks, worked out one at a time in a worker process.

A match of the player's is reviewed once it ends (about a second of work), and the
statistics' charts ask for the ones still missing among the latest matches (a match
kept before its review was done: the game closed first). One thread of the backlog
rebuilds each match from the history (through a connection of its own) and hands it to
a :class:`~game.sim.review_worker.ReviewWorker`, whose process does the hard AI's work,
then waits for the answer (waiting holds no interpreter). The figures are handed to
``keep`` (the history's writing thread) in :meth:`ReviewBacklog.collect`, which the window
calls every frame. :meth:`ReviewBacklog.close` ends the worker, and so the review under way.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from game.engine.match import Match
from game.profile.history import History
from game.profile.kept_match import ReviewFigures
from game.seats.messages import Failed, FailureKind
from game.sim.review import ReviewStopped, review_figures
from game.sim.review_worker import Reviewed, ReviewFailed, ReviewWorker

log = logging.getLogger(__name__)
REVIEW_PATIENCE = 300.0
"""Seconds a review may take before its worker is ended and the review given up."""
_LOOK_EVERY = 0.25
"""Seconds between two looks at the worker (and at whether the backlog was closed)."""


class ReviewBacklog:
    """Reviews seat 0's decisions in the matches of ``history`` and hands the figures to
    ``keep``; the reviews are worked out in a worker process (on a thread where
    ``use_process`` is false or no process can start)."""

    def __init__(
        self,
        history: History,
        keep: Callable[[int, ReviewFigures], None],
        use_process: bool = True,
    ) -> None:
        self.history = history
        self._keep = keep
        self._use_process = use_process
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="reviews")
        self._stop = threading.Event()
        self._work: dict[int, Future[ReviewFigures]] = {}
        self._worker: ReviewWorker | None = None
        """Started by the first review (on the backlog's thread), ended by :meth:`close`."""
        self._worker_lock = threading.Lock()

    @property
    def waiting(self) -> int:
        """How many matches are queued or under review."""
        return len(self._work)

    def add(self, number: int, match: Match) -> None:
        """Review match ``number`` of the history (its ``match``) when the worker is free."""
        if number in self._work or self._stop.is_set():
            return
        self._work[number] = self._pool.submit(self._figures, match.copy())

    def catch_up(self, latest: int) -> None:
        """Queue the player's matches without a review among the ``latest`` of the history
        (each rebuilt on the backlog's thread, not in the frame that asks)."""
        for number in self.history.unreviewed(latest):
            if number not in self._work and not self._stop.is_set():
                self._work[number] = self._pool.submit(self._figures_of_kept, number)

    def collect(self) -> int:
        """Keep the figures of every review done since the last call; how many there were.
        A review that failed is left out (its match stays unreviewed)."""
        done = [number for number, work in self._work.items() if work.done()]
        for number in done:
            work = self._work.pop(number)
            error = work.exception()
            if error is None:
                self._keep(number, work.result())
            elif not isinstance(error, ReviewStopped):
                log.warning("the review of match %s failed: %s", number, error)
        return len(done)

    def close(self) -> None:
        """Stop: the review under way ends with its worker, the queued ones never start."""
        self._stop.set()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._work.clear()
        with self._worker_lock:
            if self._worker is not None:
                self._worker.close()

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
        """The figures of seat 0's review of ``match``, worked out by the worker while this
        thread waits; raises :class:`ReviewFailed` for a failed review (a worker that
        ended or went past :data:`REVIEW_PATIENCE` is replaced for the next one) and
        ``ReviewStopped`` once the backlog is closed."""
        worker = self._started()
        job = worker.ask(match, 0)
        since = time.monotonic()
        while not self._stop.is_set():
            for answer in worker.answers():
                if answer.job != job:
                    continue
                match answer:
                    case Reviewed(_, decisions):
                        return review_figures(decisions)
                    case Failed(_, kind, detail):
                        if kind is FailureKind.WORKER_ENDED:
                            self._drop(worker)
                        raise ReviewFailed(f"{kind.value}: {detail}")
            if time.monotonic() - since > REVIEW_PATIENCE:
                self._drop(worker)
                raise ReviewFailed(f"no review in {REVIEW_PATIENCE:.0f} s")
            worker.wait(_LOOK_EVERY)
        raise ReviewStopped

    def _started(self) -> ReviewWorker:
        """The backlog's worker, started now if it is not yet (or was dropped)."""
        with self._worker_lock:
            if self._stop.is_set():
                raise ReviewStopped
            if self._worker is None:
                self._worker = ReviewWorker(self._use_process)
            return self._worker

    def _drop(self, worker: ReviewWorker) -> None:
        """End ``worker``: the next review starts a fresh one."""
        with self._worker_lock:
            worker.close()
            if self._worker is worker:
                self._worker = None
