"""A transport to the AI seats with no process behind it, for tests (python-chess's
``MockTransport`` is the model).

A :class:`Script` is told, in order, the requests to expect and what becomes of each:
answered at once by a :class:`SeatHost` of the seats, answered with a reply the test makes,
never answered (a decision that times out), the worker ending instead, or a reply that
cannot be read. Handed to an :class:`AiWorker` or a :class:`SeatsController` as their
``transport``, it makes a :class:`ScriptedTransport` at the start and at each restart, all
reading the one script. A request the script does not expect fails the test where it is
sent; :meth:`Script.assert_done` checks at the end that every expected one came.

>>> from game.engine.match import Match
>>> from game.seats.controller import SeatsController
>>> match = Match.new(seed=1)
>>> seat = match.current_seat
>>> script = Script()
>>> script.expect(DecideRequest, seat=seat)
>>> controller = SeatsController({seat: "greedy"}, 1, transport=script)
>>> controller.ask(match.view_for(seat))
>>> match.is_legal(controller.decision(match.view_for(seat)))
True
>>> script.assert_done()
"""

from __future__ import annotations

import pickle
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

from game.engine.view import PlayerView
from game.seats.host import SeatHost
from game.seats.messages import DecideRequest, Failed, FailureKind, HintRequest, Request
from game.seats.worker import Delivery


class Then(Enum):
    """What becomes of a request, when it is not answered with a reply the test makes."""

    HOST = "answered at once by a SeatHost of the seats"
    SILENT = "never answered (a decision then runs out of patience)"
    ENDS = "not answered: the worker ends instead"
    UNREADABLE = "answered with a reply that cannot be read"


Answer: TypeAlias = Then | Callable[[Request], object]
"""What becomes of a request: a :class:`Then`, or a function giving the reply to it (any
object: the worker checks it as it would a reply from a process)."""


def raising(detail: str) -> Answer:
    """The answer of a seat whose policy raised, saying ``detail``."""
    return lambda request: Failed(request.job, FailureKind.RAISED, detail)


@dataclass(frozen=True, slots=True)
class Expected:
    """A request to come and what becomes of it."""

    kind: type[DecideRequest] | type[HintRequest]
    """The kind of request."""
    answer: Answer
    """What becomes of it."""
    seat: int | None = None
    """The seat it must be about (any seat if None)."""
    view: PlayerView | None = None
    """The view it must carry (any view if None)."""

    def check(self, request: Request) -> None:
        """Fails the test if ``request`` is not the one expected."""
        assert isinstance(request, self.kind), f"expected a {self.kind.__name__}, got {request!r}"
        seat = request.view.seat
        assert self.seat is None or seat == self.seat, f"expected seat {self.seat}, got {seat}"
        assert self.view is None or request.view == self.view, f"not the view expected: {request}"


class Script:
    """The requests a test expects, in order, and what becomes of each (a transport factory)."""

    def __init__(self, afterwards: Answer | None = None) -> None:
        """Once the expected requests have all come, any other is answered ``afterwards``
        (by default it fails the test)."""
        self._expected: deque[Expected] = deque()
        self._afterwards = afterwards
        self.transports: list[ScriptedTransport] = []
        """Every transport made so far, the oldest first (one more at each restart)."""
        self.requests: list[Request] = []
        """Every request sent so far, the oldest first."""

    def expect(
        self,
        kind: type[DecideRequest] | type[HintRequest],
        answer: Answer = Then.HOST,
        *,
        seat: int | None = None,
        view: PlayerView | None = None,
    ) -> None:
        """Expect a request of ``kind`` next (after those expected already)."""
        self._expected.append(Expected(kind, answer, seat, view))

    def __call__(self, specs: Mapping[int, str]) -> ScriptedTransport:
        transport = ScriptedTransport(self, specs)
        self.transports.append(transport)
        return transport

    def next_answer(self, request: Request) -> Answer:
        """What becomes of ``request``; fails the test if it is not expected."""
        self.requests.append(request)
        if self._expected:
            expected = self._expected.popleft()
            expected.check(request)
            return expected.answer
        assert self._afterwards is not None, f"a request not expected: {request!r}"
        return self._afterwards

    def assert_done(self) -> None:
        """Fails the test unless every expected request has come."""
        assert not self._expected, f"requests still expected: {list(self._expected)}"


class ScriptedTransport:
    """A :class:`game.seats.worker.Transport` that plays its :class:`Script`, at once."""

    def __init__(self, script: Script, specs: Mapping[int, str]) -> None:
        self._script = script
        self._host = SeatHost(specs)
        self._arrived: list[Delivery] = []
        self._ended = False
        self.stopped = False
        """True once the worker stopped it (at a restart, or at the close)."""

    pid = None

    @property
    def ended(self) -> bool:
        return self._ended

    def end(self) -> None:
        """The worker ends now (as if its process were killed)."""
        self._ended = True

    def send(self, request: Request) -> None:
        assert not self.stopped, f"sent to a stopped transport: {request!r}"
        if self._ended:
            return
        match self._script.next_answer(request):
            case Then.HOST:
                reply = self._host.answer(request)
                self._arrived.append(Delivery(request.job, lambda: reply))
            case Then.SILENT:
                pass
            case Then.ENDS:
                self._ended = True
            case Then.UNREADABLE:
                self._arrived.append(Delivery(request.job, _unreadable))
            case make_reply:
                made = make_reply(request)
                self._arrived.append(Delivery(request.job, lambda: made))

    def poll(self) -> list[Delivery]:
        arrived, self._arrived = self._arrived, []
        return arrived

    def wait(self, seconds: float) -> None:
        """Returns at once: a scripted reply has arrived by the time it is sent, or never."""

    def stop(self) -> None:
        self.stopped = True
        self._ended = True
        self._arrived = []


def _unreadable() -> object:
    raise pickle.UnpicklingError("scripted: a reply that cannot be read")
