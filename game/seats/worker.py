"""The AI worker: the seats think in a separate process, so the window never waits for them.

The window's process sends typed requests down a pipe and collects the
replies by polling it once a frame, on its own thread: no reader thread, so
no lock and no thread that a busy frame loop could starve. If no process can
be started, the same :class:`SeatHost` answers on a thread instead.

The worker owns its contract: every answer is checked against the view it was
asked about, and an answer that is not one of that view's legal actions is
reported as a failure, like an exception or a worker that ended. What to do
about a failure (wait, ask again, fall back) is the controller's business.

Why not ``ProcessPoolExecutor``: before Python 3.14 it cannot stop a worker
that is stuck, and a stuck worker then keeps the program from exiting. Here
:meth:`AiWorker.restart` terminates the process, and the process is a daemon,
so quitting never waits for a decision.
"""

from __future__ import annotations

import logging
import multiprocessing
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Protocol, assert_never

from game.seats.host import SeatHost, serve
from game.seats.messages import (
    Advised,
    Decided,
    DecideRequest,
    Failed,
    FailureKind,
    Reply,
    Request,
)

log = logging.getLogger(__name__)
STOP_SECONDS = 1.0
"""How long a terminated worker process gets to end before it is killed."""


class Transport(Protocol):
    """Carries requests to a :class:`SeatHost` and brings its replies back."""

    @property
    def pid(self) -> int | None:
        """The host's process id (None on a thread)."""
        ...

    @property
    def ended(self) -> bool:
        """True once the host can no longer answer (its process ended)."""
        ...

    def send(self, request: Request) -> None:
        """Pass ``request`` on; never raises (a broken link sets :attr:`ended`)."""
        ...

    def poll(self) -> list[Reply]:
        """The replies that have arrived, without waiting."""
        ...

    def stop(self) -> None:
        """Stop at once, whatever the host is doing."""
        ...


class ProcessTransport:
    """A daemon ``spawn`` process running :func:`serve`, and the pipe to it."""

    def __init__(self, specs: Mapping[int, str]) -> None:
        context = multiprocessing.get_context("spawn")
        self._connection, theirs = context.Pipe()
        self._process = context.Process(
            target=serve, args=(theirs, dict(specs)), name="ai-worker", daemon=True
        )
        self._process.start()
        theirs.close()
        self._ended = False

    @property
    def pid(self) -> int | None:
        return self._process.pid

    @property
    def ended(self) -> bool:
        return self._ended

    def send(self, request: Request) -> None:
        if self._ended:
            return
        try:
            self._connection.send(request)
        except (OSError, ValueError):
            self._ended = True

    def poll(self) -> list[Reply]:
        replies: list[Reply] = []
        try:
            while not self._ended and self._connection.poll(0):
                replies.append(self._connection.recv())
        except (EOFError, OSError, ValueError):
            self._ended = True
        return replies

    def stop(self) -> None:
        self._ended = True
        self._process.terminate()
        self._process.join(STOP_SECONDS)
        if self._process.is_alive():
            self._process.kill()
            self._process.join(STOP_SECONDS)
        self._connection.close()


class ThreadTransport:
    """The fall-back where no process can start: the host answers on one thread.

    A thread stuck in a policy cannot be stopped; :meth:`stop` abandons it.
    """

    def __init__(self, specs: Mapping[int, str]) -> None:
        self._host = SeatHost(specs)
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="ai")
        self._futures: list[Future[Reply]] = []

    pid = None
    ended = False

    def send(self, request: Request) -> None:
        self._futures.append(self._pool.submit(self._host.answer, request))

    def poll(self) -> list[Reply]:
        done: list[Future[Reply]] = []
        waiting: list[Future[Reply]] = []
        for future in self._futures:  # asked once each: one may finish while we look
            (done if future.done() else waiting).append(future)
        self._futures = waiting
        return [future.result() for future in done]

    def stop(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._futures = []


class AiWorker:
    """Runs the AI seats' decisions and hints off the frame loop, and checks what they answer."""

    def __init__(self, specs: Mapping[int, str], use_process: bool = True) -> None:
        self._specs = dict(specs)
        self._use_process = use_process
        self._pending: dict[int, Request] = {}
        self._transport: Transport = self._start()

    def _start(self) -> Transport:
        if self._use_process:
            try:
                return ProcessTransport(self._specs)
            except (OSError, ValueError, RuntimeError) as error:
                log.warning("AI process unavailable, thinking on a thread: %s", error)
                self._use_process = False
        return ThreadTransport(self._specs)

    @property
    def pid(self) -> int | None:
        """The worker process's id (None when thinking on a thread)."""
        return self._transport.pid

    def submit(self, request: Request) -> None:
        """Send ``request``; its reply comes from a later :meth:`replies`."""
        self._pending[request.job] = request
        self._transport.send(request)

    def replies(self) -> list[Reply]:
        """Every reply that has arrived, each checked against its request.

        An answer that is not legal in its view becomes a :class:`Failed`
        reply; if the worker process has ended, every request it still owed
        fails with :attr:`FailureKind.WORKER_ENDED`.
        """
        checked = []
        for reply in self._transport.poll():
            request = self._pending.pop(reply.job, None)
            if request is not None:
                checked.append(_checked(reply, request))
        if self._transport.ended:
            for job in list(self._pending):
                del self._pending[job]
                checked.append(Failed(job, FailureKind.WORKER_ENDED, "the AI worker ended"))
        return checked

    def restart(self) -> None:
        """Stop the worker (and whatever it is stuck on) and start a fresh one.

        Requests still owed are dropped without a reply: ask them again.
        """
        self._transport.stop()
        self._pending.clear()
        self._transport = self._start()

    def close(self) -> None:
        """Stop the worker; pending requests are dropped."""
        self._transport.stop()
        self._pending.clear()


def _checked(reply: Reply, request: Request) -> Reply:
    """``reply`` if it answers ``request`` with a legal action, else a :class:`Failed` reply."""
    match reply:
        case Failed():
            return reply
        case Decided(job, action):
            chosen: object = action
        case Advised(job, suggestion):
            chosen = getattr(suggestion, "action", None)
        case _:
            assert_never(reply)
    expected = Decided if isinstance(request, DecideRequest) else Advised
    if not isinstance(reply, expected):
        return Failed(
            job,
            FailureKind.ILLEGAL,
            f"a {type(reply).__name__} reply to a {type(request).__name__}",
        )
    try:
        legal = chosen in request.view.legal_actions()
    except Exception as error:  # a bot's object whose comparison raises
        legal = False
        chosen = f"{chosen!r} ({error})"
    if not legal:
        state = reply.rng_state if isinstance(reply, Decided) else None
        return Failed(job, FailureKind.ILLEGAL, f"not a legal action now: {chosen!r}", state)
    return reply
