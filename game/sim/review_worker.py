"""Reviews worked out in a worker process, so that no hard-AI search runs in the window's.

A review goes the way a seat's decision does (``game/seats/``): a :class:`ReviewRequest`
down a pipe to a daemon ``spawn`` process, where a :class:`ReviewHost` answers it with
:func:`~game.sim.review.review`'s decisions (:class:`Reviewed`) or a
:class:`~game.seats.messages.Failed`; where no process can start, the same host answers on
a thread. The window polls :meth:`ReviewWorker.answers` (a frame never waits) and each
answer is opened and checked in one guard: a reply that cannot be read, or whose decisions
are not the seat's moves of the match asked about, is a failed review, never a crash.

Why a worker of its own rather than the seats': the seats' worker belongs to a table and
ends with it, while a review outlives the table (the backlog runs as long as the window, a
replay opens from the history); a worker answers one request at a time, so a match's
review queued before a seat's decision would hold the seat up; and a review is stopped by
ending its process, which must not end a seat's thinking.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from typing import TypeAlias

from game.engine.match import Match
from game.seats.messages import (
    READABLE,
    Failed,
    FailureKind,
    describe,
    error_text,
    unpacked,
)
from game.seats.worker import Delivery, LocalTransports, answered
from game.sim.review import Decision, ReviewStopped, StoppableReviewer, review

NAME = "review"
"""What a review's process and thread are called."""
_READABLE = (*READABLE, "game.sim")
"""The packages whose classes a review's reply may hold (a :class:`Decision` is the sim's)."""


@dataclass(frozen=True, slots=True)
class ReviewRequest:
    """Review ``seat``'s decisions in ``match`` (only round ``round_number``, 1-based, if
    given)."""

    job: int
    """Numbers the request; the reply carries it back."""
    match: Match
    """The match, played as far as it goes."""
    seat: int
    """The seat whose decisions are judged."""
    round_number: int | None = None
    """Only this round's decisions (1-based), or every round's."""


@dataclass(frozen=True, slots=True)
class Reviewed:
    """The answer to a :class:`ReviewRequest` (checked against the match on arrival)."""

    job: int
    """The request answered."""
    decisions: tuple[Decision, ...]
    """What :func:`~game.sim.review.review` gives, in the match's order."""


ReviewReply: TypeAlias = Reviewed | Failed
"""Anything a review worker answers."""


class ReviewFailed(Exception):
    """A review that could not be made (its worker failed, or answered what no review is):
    its match stays unreviewed."""


class ReviewHost:
    """Answers review requests one at a time; :meth:`stop` stops the review under way at its
    next decision (on a thread: in a process, the process is ended instead)."""

    def __init__(self) -> None:
        self._stop = threading.Event()

    def answer(self, request: ReviewRequest) -> ReviewReply:
        """The review asked for; anything raised (a stop included) is a :class:`Failed` one."""
        job = request.job
        try:
            reviewer = StoppableReviewer(self._stop)
            found = review(
                request.match, request.seat, round_number=request.round_number, reviewer=reviewer
            )
        except ReviewStopped:
            return Failed(job, FailureKind.RAISED, "the review was stopped")
        except Exception as error:
            return Failed(job, FailureKind.RAISED, error_text(error))
        return Reviewed(job, tuple(found))

    def stop(self) -> None:
        self._stop.set()


class ReviewWorker:
    """Reviews off the window's process: ask, then poll the answers (or wait for them)."""

    def __init__(self, use_process: bool = True) -> None:
        """A worker process, or a thread where ``use_process`` is false or no process can
        start."""
        self._transport = LocalTransports(use_process).to(ReviewHost, _unpacked, NAME)
        self._pending: dict[int, ReviewRequest] = {}
        self._next_job = 0

    @property
    def pid(self) -> int | None:
        """The worker process's id (None when reviewing on a thread)."""
        return self._transport.pid

    def ask(self, match: Match, seat: int = 0, round_number: int | None = None) -> int:
        """Start the review of ``seat``'s decisions in ``match`` (a copy is sent); its number,
        which its answer carries."""
        self._next_job += 1
        request = ReviewRequest(self._next_job, match.copy(), seat, round_number)
        self._pending[request.job] = request
        self._transport.send(request)
        return request.job

    def answers(self) -> list[ReviewReply]:
        """Every answer that has arrived, each checked against its request; if the worker
        process has ended, every review it still owed fails (:attr:`FailureKind.WORKER_ENDED`)."""
        return answered(self._transport, self._pending, _checked, "the review worker ended")

    def wait(self, seconds: float) -> None:
        """Return once an answer may have arrived, or after ``seconds`` (for a thread with
        nothing else to do; the window polls instead)."""
        self._transport.wait(seconds)

    def close(self) -> None:
        """Stop at once: a process ends, a review on a thread stops at its next decision."""
        self._transport.stop()
        self._pending.clear()


def _unpacked(data: bytes) -> object:
    return unpacked(data, _READABLE)


def _checked(delivery: Delivery, request: ReviewRequest) -> ReviewReply:
    """The answer ``delivery`` brings to ``request`` if it is sound, else a :class:`Failed`
    one: the one guard between the review's process and the window."""
    try:
        return _vetted(delivery.open(), request)
    except Exception as error:
        detail = f"the review could not be read or checked: {error_text(error)}"
        return Failed(request.job, FailureKind.ILLEGAL, detail)


def _vetted(reply: object, request: ReviewRequest) -> ReviewReply:
    job = request.job
    match reply:
        case Failed(_, FailureKind() as kind, str() as detail):
            return Failed(job, kind, detail)
        case Reviewed(_, tuple() as decisions) if all(_sound(d, request) for d in decisions):
            return Reviewed(job, decisions)
    return Failed(job, FailureKind.ILLEGAL, f"not a review of the match: {describe(reply)}")


def _sound(decision: object, request: ReviewRequest) -> bool:
    """True if ``decision`` is one of the seat's moves in the match, in the round asked
    about, with a loss a review can give."""
    if type(decision) is not Decision:
        return False
    actions = request.match.actions
    return (
        decision.seat == request.seat
        and 0 <= decision.action_index < len(actions)
        and decision.played == actions[decision.action_index]
        and request.round_number in (None, decision.round)
        and type(decision.loss) is float
        and math.isfinite(decision.loss)
        and decision.loss >= 0
    )
