"""The review of your decisions worked out in a worker process (a whole match takes about a
second; see :mod:`game.sim.review_worker`), so that the window neither waits for it nor
shares its interpreter with the hard AI; it stops once its screen is left."""

from __future__ import annotations

from game.engine.match import Match
from game.seats.messages import Failed
from game.sim.review import Decision
from game.sim.review_worker import Reviewed, ReviewFailed, ReviewReply, ReviewWorker


class ReviewWork:
    """Seat 0's decisions in ``match`` (or in round ``round_number``), reviewed in a worker
    process (on a thread where ``use_process`` is false or no process can start)."""

    def __init__(
        self, match: Match, round_number: int | None = None, use_process: bool = True
    ) -> None:
        self._worker = ReviewWorker(use_process)
        self._job = self._worker.ask(match, 0, round_number)
        self._answer: ReviewReply | None = None

    def done(self) -> bool:
        """True once the decisions are ready (or the review failed); looks without waiting."""
        if self._answer is None:
            for answer in self._worker.answers():
                if answer.job == self._job:
                    self._answer = answer
                    self._worker.close()  # its work is done: the process ends
        return self._answer is not None

    def result(self) -> list[Decision]:
        """The decisions reviewed (once :meth:`done`); raises :class:`ReviewFailed` if the
        review failed."""
        match self._answer:
            case Reviewed(_, decisions):
                return list(decisions)
            case Failed(_, kind, detail):
                raise ReviewFailed(f"{kind.value}: {detail.strip().splitlines()[-1]}")
        raise ReviewFailed("the review is not done")

    def stop(self) -> None:
        """The screen is left: a review under way stops (its process ends; on a thread, it
        stops at its next decision)."""
        self._worker.close()
