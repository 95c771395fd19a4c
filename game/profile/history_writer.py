"""The history's writes, done on a thread of their own: a locked database slows the filing of
a match, never a frame.

:class:`HistoryWriter` owns a :class:`~game.profile.history.History` of its own (opened on
its thread, waiting :data:`~game.profile.history.WRITING_WAIT` for a lock) and does each
write handed to it in turn. A database another program holds is tried again every
:attr:`HistoryWriter.retry` seconds for as long as the game runs (what waits is in a file,
so the next start tries again too); one that cannot be written is reported once by the
history. What an added match became (its number in the history, 0 if it could not be kept)
comes back through :meth:`HistoryWriter.done`, read on the frame loop.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from game.profile.folder import Profile
from game.profile.history import WRITING_WAIT, History, HistoryBusy
from game.profile.kept_match import KeptMatch, ReviewFigures

log = logging.getLogger(__name__)
RETRY_SECONDS = 1.0
"""How long the writer waits before trying a busy database again."""


@dataclass(frozen=True, slots=True)
class Filed:
    """What became of a match handed to :meth:`HistoryWriter.add`."""

    token: str
    kept: KeptMatch
    number: int
    """Its number in the history; 0 if the history could not take it (it stays waiting)."""


@dataclass(frozen=True, slots=True)
class _Job:
    work: Callable[[History], int | None]
    filing: tuple[str, KeptMatch] | None = None
    """The token and match of an added match (its result is a :class:`Filed`)."""
    review: bool = False
    """A review's figures (counted in :attr:`HistoryWriter.reviews_kept` once done)."""


class HistoryWriter:
    """One daemon thread that writes to the history, a job at a time, in the order given."""

    def __init__(
        self, profile: Profile, retry: float = RETRY_SECONDS, wait: float = WRITING_WAIT
    ) -> None:
        self.profile = profile
        self.retry = retry
        self.wait = wait
        self._jobs: deque[_Job] = deque()
        self._done: deque[Filed] = deque()
        self._busy = False
        self._closed = False
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self.reviews_kept = 0
        """How many reviews' figures the history has taken (a chart reads them again)."""

    # --- handed over on the frame loop ------------------------------------------------

    def add(self, kept: KeptMatch, token: str) -> None:
        """Add ``kept`` (filed under ``token``) to the history; :meth:`done` says when."""
        self._submit(_Job(lambda history: history.add(kept, token), (token, kept)))

    def set_review(self, number: int, review: ReviewFigures) -> None:
        self._submit(_Job(lambda history: history.set_review(number, review), review=True))

    def open_checked(self) -> None:
        """Open the history on the thread: upgraded, checked whole, set aside if damaged
        (the window's readers do not check it: at 50,000 matches that takes 50 ms)."""
        self._submit(_Job(lambda history: history.open_checked()))

    def start_counting(self) -> None:
        self._submit(_Job(lambda history: history.start_counting()))

    def done(self) -> list[Filed]:
        """The matches filed (or given up for now) since the last call, in the order given."""
        with self._changed:
            filed = list(self._done)
            self._done.clear()
        return filed

    @property
    def idle(self) -> bool:
        """True when nothing handed over is still to be written."""
        with self._changed:
            return not self._jobs and not self._busy

    def settle(self, timeout: float | None = None) -> bool:
        """Wait until every job handed over is done (at most ``timeout`` seconds); True if so."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._jobs and not self._busy, timeout)

    def close(self, timeout: float = 2.0) -> None:
        """Finish what was handed over within ``timeout`` seconds, then stop (what is left
        waits in its file for the next start)."""
        self.settle(timeout)
        with self._changed:
            self._closed = True
            self._changed.notify_all()

    def _submit(self, job: _Job) -> None:
        with self._changed:
            if self._closed:
                return
            self._jobs.append(job)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="history", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    # --- on the writing thread ------------------------------------------------------

    def _run(self) -> None:
        history = History(self.profile, wait=self.wait)
        try:
            while True:
                with self._changed:
                    self._changed.wait_for(lambda: bool(self._jobs) or self._closed)
                    if self._closed:
                        return
                    job = self._jobs.popleft()
                    self._busy = True
                result = self._do(history, job)
                with self._changed:
                    if job.filing is not None:
                        token, kept = job.filing
                        self._done.append(Filed(token, kept, result or 0))
                    self.reviews_kept += job.review
                    self._busy = False
                    self._changed.notify_all()
        finally:
            history.close()

    def _do(self, history: History, job: _Job) -> int | None:
        """``job`` done, tried again while the database is busy (until the writer closes)."""
        while True:
            try:
                return job.work(history)
            except HistoryBusy:
                with self._changed:
                    if self._changed.wait_for(lambda: self._closed, self.retry):
                        return 0
            except Exception:  # the history reports its own failures; the thread lives on
                log.exception("writing to the history failed")
                return 0
