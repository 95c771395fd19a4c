"""The seats' controller: one AI decision at a time, with patience, one retry and a fall-back.

The table asks for the decision of the seat to play (as early as it can, so
the seat thinks while cards still move) and takes it once it is ready. A
decision that fails — an exception, an illegal answer, a worker that ended or
never answered within :data:`DECISION_PATIENCE` — is logged and asked once
more (of a fresh worker when the old one is stuck or gone); if that fails too,
the seat plays its first legal move. Nothing a bot does reaches the window as
an exception, and nothing freezes it.

Each seat's random stream lives here, not in the worker: it moves on with
every decision the policy made (a failed one included) and not with one the
worker never finished, so a match with a restart is the same match as one
without. A decision thought out ahead counts only once it is handed out, so
:attr:`SeatsController.rng_states` always belongs with the match as played.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import assert_never

from game.ai.hint import Suggestion
from game.engine.actions import Action
from game.engine.view import PlayerView
from game.seats.messages import (
    Advised,
    Decided,
    DecideRequest,
    Failed,
    FailureKind,
    HintRequest,
    Reply,
    RngState,
    seat_rng_state,
)
from game.seats.worker import AiWorker, TransportFactory

log = logging.getLogger(__name__)
DECISION_PATIENCE = 20.0
"""Seconds an AI decision may take before the worker is restarted and asked again."""
_LEAST_WAIT = 0.001
"""Seconds :meth:`SeatsController.decide` waits at least between two looks at the worker."""
_RESTART_ON = (FailureKind.TIMEOUT, FailureKind.WORKER_ENDED)
"""Failures after which the worker is replaced: it is stuck or gone."""


@dataclass(slots=True)
class _Asked:
    """A request in flight: what was asked, when, and how many times already."""

    job: int
    view: PlayerView
    since: float
    attempt: int = 0


class SeatsController:
    """Gets the AI seats' decisions and the player's hints from an :class:`AiWorker`."""

    def __init__(
        self,
        specs: Mapping[int, str],
        seed: int,
        *,
        use_process: bool = True,
        transport: TransportFactory | None = None,
        patience: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        rng_states: Mapping[int, RngState] | None = None,
    ) -> None:
        """``rng_states`` (the :attr:`rng_states` of an earlier controller) go on where a
        saved match stopped; by default each seat's stream starts from ``seed``.
        ``transport`` makes the link to the seats' host (see :class:`AiWorker`); by default a
        worker process, or a thread when ``use_process`` is false or no process can start."""
        self._worker = AiWorker(specs, use_process, transport=transport)
        self._rng_states: dict[int, RngState] = {
            seat: seat_rng_state(seed, seat) for seat in specs
        } | dict(rng_states or {})
        self._patience = DECISION_PATIENCE if patience is None else patience
        """Seconds a decision may take (:data:`DECISION_PATIENCE` unless told)."""
        self._clock = clock
        self._next_job = 0
        self._decision: _Asked | None = None
        self._ready: tuple[PlayerView, Action, RngState | None] | None = None
        """A decision not yet handed out: its view, its action, the seat's stream after it."""
        self._hint: _Asked | None = None
        self._hint_answer: tuple[PlayerView, Suggestion | str] | None = None
        self.failures: list[Failed] = []
        """Every failed request so far, oldest first (for the log and for tests)."""
        self.fallbacks: dict[int, int] = {}
        """Per seat, how many of its decisions failed twice, so it played its first legal move."""

    # --- what the table asks ------------------------------------------------------

    @property
    def pid(self) -> int | None:
        """The worker process's id (None when thinking on a thread)."""
        return self._worker.pid

    @property
    def rng_states(self) -> dict[int, RngState]:
        """Each seat's random stream as of the decisions handed out (what a save keeps)."""
        return dict(self._rng_states)

    @property
    def thinking(self) -> int | None:
        """The seat whose decision is being thought out, if any."""
        return None if self._decision is None else self._decision.view.seat

    def ask(self, view: PlayerView) -> None:
        """Start the decision of ``view``'s seat, unless it is asked already or ready."""
        if self._ready is not None and self._ready[0] == view:
            return
        if self._decision is not None and self._decision.view == view:
            return
        self._ready = None
        self._decision = self._send_decision(view, attempt=0)

    def decision(self, view: PlayerView) -> Action | None:
        """The action for ``view`` once it is ready (handed out once), else None."""
        self._collect()
        if self._ready is None or self._ready[0] != view:
            return None
        _, action, rng_state = self._ready
        if rng_state is not None:
            self._rng_states[view.seat] = rng_state
        self._ready = None
        return action

    def decide(self, view: PlayerView) -> Action:
        """The action for ``view``, waiting for it: for a caller with no frame to draw (the
        tournament runner). As :meth:`decision`, never raised from a bot and never longer
        than about twice the patience (and a worker's restart): at worst the first legal move.
        """
        self.ask(view)
        while (action := self.decision(view)) is None:
            asked = self._decision
            left = 0.0 if asked is None else asked.since + self._patience - self._clock()
            self._worker.wait(max(left, _LEAST_WAIT))
        return action

    def ask_hint(self, view: PlayerView) -> None:
        """Start working out what the strongest seat would do in ``view``."""
        self._hint_answer = None
        self._hint = self._send_hint(view)

    @property
    def hint_pending(self) -> bool:
        return self._hint is not None

    def hint(self) -> tuple[PlayerView, Suggestion | str] | None:
        """The view a hint was asked for and the hint (or why there is none), handed out once."""
        self._collect()
        answer, self._hint_answer = self._hint_answer, None
        return answer

    def close(self) -> None:
        """Stop the worker; what it was thinking is dropped."""
        self._worker.close()

    # --- requests and replies -----------------------------------------------------

    def _job(self) -> int:
        self._next_job += 1
        return self._next_job

    def _send_decision(self, view: PlayerView, attempt: int) -> _Asked:
        asked = _Asked(self._job(), view, self._clock(), attempt)
        state = self._rng_states[view.seat]
        self._worker.submit(DecideRequest(asked.job, view, state))
        return asked

    def _send_hint(self, view: PlayerView) -> _Asked:
        asked = _Asked(self._job(), view, self._clock())
        self._worker.submit(HintRequest(asked.job, view))
        return asked

    def _collect(self) -> None:
        """Take in every reply that has come, and give up on a decision past its patience."""
        for reply in self._worker.replies():
            self._take(reply)
        decision = self._decision
        if decision is not None and self._clock() - decision.since > self._patience:
            waited = self._clock() - decision.since
            self._take(Failed(decision.job, FailureKind.TIMEOUT, f"no answer in {waited:.1f} s"))

    def _take(self, reply: Reply) -> None:
        decision, hint = self._decision, self._hint
        if decision is not None and reply.job == decision.job:
            self._decision = None
            match reply:
                case Decided(_, action, rng_state):
                    self._ready = (decision.view, action, rng_state)
                case Failed():
                    self._decision_failed(decision, reply)
                case Advised():
                    raise AssertionError("the worker checks that a decision gets a Decided")
                case _:
                    assert_never(reply)
        elif hint is not None and reply.job == hint.job:
            self._hint = None
            match reply:
                case Advised(_, suggestion):
                    self._hint_answer = (hint.view, suggestion)
                case Failed(_, kind, detail):
                    self._failed(reply, f"a hint failed ({kind.value})")
                    self._hint_answer = (hint.view, detail.strip().splitlines()[-1])
                case Decided():
                    raise AssertionError("the worker checks that a hint gets an Advised")
                case _:
                    assert_never(reply)

    def _failed(self, failure: Failed, what: str) -> None:
        self.failures.append(failure)
        log.warning("%s: %s", what, failure.detail.strip().splitlines()[-1])
        if failure.kind in _RESTART_ON:
            log.warning("restarting the AI worker")
            self._worker.restart()
            if self._hint is not None:  # the fresh worker owes it now
                self._hint = self._send_hint(self._hint.view)
            if self._decision is not None:
                self._decision = self._send_decision(self._decision.view, self._decision.attempt)

    def _decision_failed(self, asked: _Asked, failure: Failed) -> None:
        seat = asked.view.seat
        if failure.rng_state is not None:  # the policy ran: its stream moves on, as it would
            self._rng_states[seat] = failure.rng_state
        self._failed(failure, f"seat {seat}'s decision failed ({failure.kind.value})")
        if asked.attempt == 0:
            self._decision = self._send_decision(asked.view, attempt=1)
            return
        fallback = asked.view.legal_actions()[0]
        self.fallbacks[seat] = self.fallbacks.get(seat, 0) + 1
        log.warning("seat %s plays its first legal move instead: %s", seat, fallback)
        self._ready = (asked.view, fallback, None)
