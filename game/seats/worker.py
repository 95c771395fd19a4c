"""The AI worker: the seats think in a separate process, so the window never waits for them.

The window's process sends typed requests down a pipe and collects the
replies by polling it once a frame, on its own thread: no reader thread, so
no lock and no thread that a busy frame loop could starve. If no process can
be started, the same :class:`SeatHost` answers on a thread instead. Each is
a :class:`Transport` that the worker makes with a :data:`TransportFactory`, so a
test can hand it one of its own (a scripted host, with no process).

The worker owns its contract: whatever comes back from a seat is data, read and
checked inside one guard (:func:`_checked`). An answer that cannot be read,
that is not one of its view's legal actions, or whose random stream no save
could keep is reported as a failure, like an exception or a worker that ended;
an answer that passes is handed on as the engine's own action object. What to
do about a failure (wait, ask again, fall back) is the controller's business.

Why not ``ProcessPoolExecutor``: before Python 3.14 it cannot stop a worker
that is stuck, and a stuck worker then keeps the program from exiting. Here
:meth:`AiWorker.restart` terminates the process, and the process is a daemon,
so quitting never waits for a decision.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from functools import partial
from multiprocessing import reduction
from typing import Any, Protocol, TypeAlias, TypeVar

from game.engine.actions import Action, LayDown, action_from_json, action_to_json
from game.engine.view import PlayerView
from game.seats.host import Host, HostFactory, SeatHost, serve
from game.seats.messages import (
    BOT_ERRORS,
    Advised,
    Decided,
    DecideRequest,
    Failed,
    FailureKind,
    HintRequest,
    Numbered,
    Reply,
    Request,
    RngState,
    describe,
    error_text,
    savable_rng_state,
    unpacked,
)

log = logging.getLogger(__name__)
STOP_SECONDS = 1.0
"""How long a terminated worker process gets to end before it is killed."""


@dataclass(frozen=True, slots=True)
class Delivery:
    """A reply as it arrives, not yet opened: opening it may raise, or give anything."""

    job: int
    """The request it answers (known without opening it)."""
    open: Callable[[], object]
    """Gives the reply (unpickles it, or takes it from the thread)."""


Asked = TypeVar("Asked")
Answer = TypeVar("Answer")
Unpack: TypeAlias = Callable[[bytes], object]
"""Reads a reply's bytes back (:func:`~game.seats.messages.unpacked`, for the seats)."""


class Transport(Protocol):
    """Carries requests to a host (the seats' :class:`SeatHost`, or another) and brings its
    replies back."""

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

    def poll(self) -> list[Delivery]:
        """The replies that have arrived, without waiting."""
        ...

    def wait(self, seconds: float) -> None:
        """Return once a reply may have arrived (or the host ended), or after ``seconds``."""
        ...

    def stop(self) -> None:
        """Stop at once, whatever the host is doing."""
        ...


class _Inherited:
    """A file descriptor of this process that a ``spawn`` process started now gets a copy of
    (it arrives there as the copy's number)."""

    def __init__(self, descriptor: int) -> None:
        self.descriptor = descriptor

    def __reduce__(self) -> tuple[Callable[[_Copy], int], tuple[_Copy]]:
        return _detached, (reduction.DupFd(self.descriptor),)


class _Copy(Protocol):
    """What ``multiprocessing.reduction.DupFd`` gives: the copy, to detach in the child."""

    def detach(self) -> int: ...


def _detached(copy: _Copy) -> int:
    return copy.detach()


@contextlib.contextmanager
def quiet_start() -> Iterator[_Inherited | None]:
    """While a process is started, this process's standard error is the null device; gives
    the real one, for the new process to take once it runs (None where that cannot be).

    A ``spawn`` process reads what to run from a pipe its parent writes to just after
    starting it: killed in between, the parent leaves it to print an ``EOFError``
    traceback, in multiprocessing's own code, before any of ours runs. Started this way,
    it has nowhere to print it. Only on POSIX, where a child inherits the descriptor;
    what another thread writes to standard error meanwhile is lost.
    """
    if os.name != "posix" or sys.stderr is None:
        yield None
        return
    try:
        sys.stderr.flush()
        real = os.dup(2)
    except (OSError, ValueError):  # no standard error to speak of
        yield None
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 2)
        yield _Inherited(real)
    finally:
        os.dup2(real, 2)
        os.close(null)
        os.close(real)


class ProcessTransport:
    """A daemon ``spawn`` process running :func:`serve`, and the pipe to it.

    The process serves the seats ``specs``, or the host that ``host`` makes (then ``specs``
    are not read): its replies are read with ``unpack``, and it is called ``name``.
    """

    def __init__(
        self,
        specs: Mapping[int, str],
        *,
        host: HostFactory | None = None,
        unpack: Unpack = unpacked,
        name: str = "ai-worker",
    ) -> None:
        context = multiprocessing.get_context("spawn")
        self._connection, theirs = context.Pipe()
        make_host = partial(SeatHost, dict(specs)) if host is None else host
        self._unpack = unpack
        with quiet_start() as stderr:
            self._process = context.Process(
                target=serve, args=(theirs, make_host, stderr), name=name, daemon=True
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

    def send(self, request: Numbered) -> None:
        if self._ended:
            return
        try:
            self._connection.send(request)
        except (OSError, ValueError):
            self._ended = True

    def poll(self) -> list[Delivery]:
        deliveries: list[Delivery] = []
        try:
            while not self._ended and self._connection.poll(0):
                match self._connection.recv():
                    case (int() as job, bytes() as data):
                        deliveries.append(Delivery(job, partial(self._unpack, data)))
                    case _:
                        raise ValueError("not a reply from serve()")
        except BOT_ERRORS:  # the link is broken, or carries what serve() never sends
            self._ended = True
        return deliveries

    def wait(self, seconds: float) -> None:
        if self._ended:
            return
        try:
            self._connection.poll(seconds)
        except (OSError, ValueError):
            self._ended = True

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

    The host serves the seats ``specs``, or is the one ``host`` makes (then ``specs`` are not
    read); its thread's name starts with ``name``; its replies are handed over as they are,
    unpickled by no one. A thread cannot be killed: :meth:`stop`
    tells the host to stop (a review stops at its next decision) and abandons the thread (a
    thread stuck in a policy runs on).
    """

    def __init__(
        self,
        specs: Mapping[int, str],
        *,
        host: HostFactory | None = None,
        name: str = "ai",
    ) -> None:
        self._host: Host = SeatHost(specs) if host is None else host()
        self._pool = ThreadPoolExecutor(1, thread_name_prefix=name)
        self._futures: list[tuple[int, Future[Any]]] = []
        """Each request's job and its reply to come (the host's kind of reply)."""

    pid = None
    ended = False

    def send(self, request: Numbered) -> None:
        self._futures.append((request.job, self._pool.submit(self._host.answer, request)))

    def poll(self) -> list[Delivery]:
        done: list[Delivery] = []
        waiting: list[tuple[int, Future[Any]]] = []
        for job, future in self._futures:  # asked once each: one may finish while we look
            if future.done():
                done.append(Delivery(job, future.result))
            else:
                waiting.append((job, future))
        self._futures = waiting
        return done

    def wait(self, seconds: float) -> None:
        if self._futures:
            wait([future for _, future in self._futures], seconds, FIRST_COMPLETED)
        else:
            time.sleep(seconds)

    def stop(self) -> None:
        self._host.stop()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._futures = []


TransportFactory: TypeAlias = Callable[[Mapping[int, str]], Transport]
"""Makes a fresh :class:`Transport` to a host of the given AI seats (at the start, and at
each restart)."""


class LocalTransports:
    """The game's :data:`TransportFactory`: a worker process, or a thread where no process
    can start (and, once one could not, a thread from then on)."""

    def __init__(self, use_process: bool = True) -> None:
        self.use_process = use_process
        """Whether the next transport tries a process first."""

    def __call__(self, specs: Mapping[int, str]) -> Transport:
        if self.use_process:
            try:
                return ProcessTransport(specs)
            except (OSError, ValueError, RuntimeError) as error:
                log.warning("AI process unavailable, thinking on a thread: %s", error)
                self.use_process = False
        return ThreadTransport(specs)

    def to(
        self, host: HostFactory, unpack: Unpack, name: str
    ) -> ProcessTransport | ThreadTransport:
        """A transport to the host ``host`` makes (not the seats'), in a process called
        ``name`` or on a thread of that name, its replies read with ``unpack``."""
        if self.use_process:
            try:
                return ProcessTransport({}, host=host, unpack=unpack, name=name)
            except (OSError, ValueError, RuntimeError) as error:
                log.warning("%s process unavailable, working on a thread: %s", name, error)
                self.use_process = False
        return ThreadTransport({}, host=host, name=name)


class AiWorker:
    """Runs the AI seats' decisions and hints off the frame loop, and checks what they answer."""

    def __init__(
        self,
        specs: Mapping[int, str],
        use_process: bool = True,
        *,
        transport: TransportFactory | None = None,
    ) -> None:
        """The seats ``specs`` think behind a transport that ``transport`` makes (again at
        each :meth:`restart`); by default :class:`LocalTransports` of ``use_process``."""
        self._specs = dict(specs)
        self._make_transport = LocalTransports(use_process) if transport is None else transport
        self._pending: dict[int, Request] = {}
        self._transport: Transport = self._start()

    def _start(self) -> Transport:
        return self._make_transport(self._specs)

    @property
    def pid(self) -> int | None:
        """The worker process's id (None when thinking on a thread)."""
        return self._transport.pid

    def submit(self, request: Request) -> None:
        """Send ``request``; its reply comes from a later :meth:`replies`."""
        self._pending[request.job] = request
        self._transport.send(request)

    def replies(self) -> list[Reply]:
        """Every reply that has arrived, each checked against its request (see :func:`_checked`).

        If the worker process has ended, every request it still owed fails with
        :attr:`FailureKind.WORKER_ENDED`.
        """
        return answered(self._transport, self._pending, _checked, "the AI worker ended")

    def wait(self, seconds: float) -> None:
        """Return once a reply may have arrived, or after ``seconds``: for a caller with
        nothing else to do meanwhile (the tournament runner; the window polls instead)."""
        self._transport.wait(seconds)

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


def answered(
    transport: Transport,
    pending: dict[int, Asked],
    check: Callable[[Delivery, Asked], Answer],
    ended: str,
) -> list[Answer | Failed]:
    """Every answer that has arrived on ``transport``, each checked (``check``) against its
    request, taken from ``pending``; if the worker process has ended, every request it still
    owed fails with :attr:`FailureKind.WORKER_ENDED`, ``ended`` saying so. The seats' and the
    reviews' workers both collect their answers here."""
    checked: list[Answer | Failed] = []
    for delivery in transport.poll():
        request = pending.pop(delivery.job, None)
        if request is not None:
            checked.append(check(delivery, request))
    if transport.ended:
        for job in list(pending):
            del pending[job]
            checked.append(Failed(job, FailureKind.WORKER_ENDED, ended))
    return checked


def _checked(delivery: Delivery, request: Request) -> Reply:
    """The reply ``delivery`` brings to ``request`` if it is sound, else a :class:`Failed` one.

    The one guard between a seat and the window: the reply is opened, its
    action matched with the view's legal actions and its random stream checked
    here, and anything raised on the way fails the request.
    """
    try:
        return _vetted(delivery.open(), request)
    except BOT_ERRORS as error:
        detail = f"the answer could not be read or checked: {error_text(error)}"
        return Failed(request.job, FailureKind.ILLEGAL, detail)


def _vetted(reply: object, request: Request) -> Reply:
    """``reply`` made sound for ``request``, or a :class:`Failed` reply saying what is wrong."""
    job = request.job
    match reply, request:
        case Failed(_, FailureKind() as kind, str() as detail, state), _:
            return Failed(job, kind, detail, savable_rng_state(state))
        case Decided(_, action, state), DecideRequest(_, view):
            return _decided(job, action, state, view)
        case Advised(_, suggestion), HintRequest(_, view):
            if _legal(suggestion.action, view) is None:
                return _illegal(job, suggestion.action)
            return Advised(job, suggestion)
    what = f"{describe(reply)} in reply to a {type(request).__name__}"
    return Failed(job, FailureKind.ILLEGAL, f"not an answer: {what}")


def _decided(job: int, action: object, state: object, view: PlayerView) -> Reply:
    """The decision ``action`` with the stream ``state``, if both are sound, as the view's own
    action; else a :class:`Failed` reply (which keeps the stream if it is sound)."""
    legal = _legal(action, view)
    stream = savable_rng_state(state)
    if legal is None:
        return _illegal(job, action, stream)
    if stream is None:
        detail = f"not a random stream a save can keep: {describe(state)}"
        return Failed(job, FailureKind.ILLEGAL, detail)
    return Decided(job, legal, stream)


def _illegal(job: int, action: object, stream: RngState | None = None) -> Failed:
    return Failed(job, FailureKind.ILLEGAL, f"not a legal action now: {describe(action)}", stream)


def _legal(chosen: object, view: PlayerView) -> Action | None:
    """The legal action of ``view`` equal to ``chosen`` (the engine's object, never the bot's):
    one the view lists, or a lay-down of the open table it does not list (it lists only some)
    made again from its JSON form and legal in the view."""
    listed = next((action for action in view.legal_actions() if action == chosen), None)
    if listed is not None or type(chosen) is not LayDown:
        return listed
    try:
        made = action_from_json(action_to_json(chosen))
    except Exception:  # the bot's melds are not the engine's: not an action
        return None
    return made if made == chosen and view.is_legal(made) else None
