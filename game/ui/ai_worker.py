"""AI seats think in a separate process, so the window never waits for them.

The worker process holds one policy per AI seat (they keep state between
calls, such as their random generator) and answers requests sent down a pipe;
a reader thread in the window's process turns the answers into futures the
table polls each frame. If a process cannot be started, the same work runs on
a thread.

Why not ``ProcessPoolExecutor``: before Python 3.14 it cannot stop a worker
that is stuck, and a stuck worker then keeps the program from exiting. Here
:meth:`AiWorker.restart` terminates the process, and the process is a daemon,
so quitting never waits for a decision.
"""

from __future__ import annotations

import logging
import multiprocessing
import random
import threading
import traceback
from concurrent.futures import Future, ThreadPoolExecutor
from multiprocessing.connection import Connection
from typing import Any, Literal

from game.ai.hint import Suggestion, suggest
from game.ai.policy import Policy
from game.ai.registry import make_policy
from game.engine.actions import Action
from game.engine.view import PlayerView

log = logging.getLogger(__name__)
Request = Literal["decide", "hint"]
STOP_SECONDS = 1.0
"""How long a terminated worker process gets to end before it is killed."""


class AiWorkerError(RuntimeError):
    """A request failed inside the worker (the message carries its traceback)."""


class Seats:
    """The AI seats' policies, answering one request at a time."""

    def __init__(self, specs: dict[int, str], seed: int) -> None:
        self._policies: dict[int, Policy] = {
            seat: make_policy(spec, random.Random(f"{seed}/seat{seat}"))
            for seat, spec in specs.items()
        }

    def answer(self, request: Request, view: PlayerView) -> Action | Suggestion:
        """The seat's action (``decide``) or the strongest seat's advice (``hint``)."""
        if request == "decide":
            return self._policies[view.seat].choose(view)
        return suggest(view)


def serve(connection: Connection, specs: dict[int, str], seed: int) -> None:
    """The worker process: answer ``(job, request, view)`` until the pipe closes."""
    seats = Seats(specs, seed)
    while True:
        try:
            job, request, view = connection.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[int, bool, object] = (job, True, seats.answer(request, view))
        except Exception:
            reply = (job, False, traceback.format_exc())
        connection.send(reply)


class _Process:
    """One worker process, its pipe, and the futures of the requests it owes."""

    def __init__(self, specs: dict[int, str], seed: int) -> None:
        context = multiprocessing.get_context("spawn")
        self._connection, theirs = context.Pipe()
        self._process = context.Process(
            target=serve, args=(theirs, specs, seed), name="ai-worker", daemon=True
        )
        self._process.start()
        theirs.close()
        self._jobs: dict[int, Future[Any]] = {}
        self._lock = threading.Lock()
        self._next_job = 0
        self._reader = threading.Thread(target=self._read, name="ai-replies", daemon=True)
        self._reader.start()

    @property
    def pid(self) -> int | None:
        return self._process.pid

    def submit(self, request: Request, view: PlayerView) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            job = self._next_job
            self._next_job += 1
            self._jobs[job] = future
        self._connection.send((job, request, view))
        return future

    def _read(self) -> None:
        """Resolve each future as its answer arrives (runs on the reader thread)."""
        while True:
            try:
                job, ok, value = self._connection.recv()
            except (EOFError, OSError):
                break
            with self._lock:
                future = self._jobs.pop(job, None)
            if future is None or not future.set_running_or_notify_cancel():
                continue
            if ok:
                future.set_result(value)
            else:
                future.set_exception(AiWorkerError(value))
        self._fail_all(AiWorkerError("the AI worker process ended"))

    def _take_owed(self) -> list[Future[Any]]:
        """The futures still waiting for an answer (this object no longer owes them)."""
        with self._lock:
            owed, self._jobs = list(self._jobs.values()), {}
        return owed

    def _fail_all(self, error: Exception) -> None:
        for future in self._take_owed():
            if future.set_running_or_notify_cancel():
                future.set_exception(error)

    def stop(self) -> None:
        """End the process at once, whatever it is doing; what it owes is cancelled."""
        for future in self._take_owed():
            future.cancel()
        self._process.terminate()
        self._process.join(STOP_SECONDS)
        if self._process.is_alive():
            self._process.kill()
            self._process.join(STOP_SECONDS)
        self._connection.close()


class AiWorker:
    """Runs the AI seats' decisions and hints off the frame loop."""

    def __init__(self, specs: dict[int, str], seed: int, use_process: bool = True) -> None:
        self._specs = dict(specs)
        self._seed = seed
        self._use_process = use_process
        self._process: _Process | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._seats: Seats | None = None
        """The policies when thinking on a thread (in the process, the process holds them)."""
        self._start(use_process)

    def _start(self, use_process: bool) -> None:
        if use_process:
            try:
                self._process = _Process(self._specs, self._seed)
                return
            except (OSError, ValueError) as error:
                log.warning("AI process unavailable, thinking on a thread: %s", error)
        self._seats = Seats(self._specs, self._seed)
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="ai")

    @property
    def pid(self) -> int | None:
        """The worker process's id (None when thinking on a thread)."""
        return None if self._process is None else self._process.pid

    def decide(self, view: PlayerView) -> Future[Action]:
        """The action the seat of ``view`` chooses, when ready."""
        return self._submit("decide", view)

    def hint(self, view: PlayerView) -> Future[Suggestion]:
        """What the strongest seat would do in ``view``, with a reason."""
        return self._submit("hint", view)

    def _submit(self, request: Request, view: PlayerView) -> Future[Any]:
        if self._process is not None:
            try:
                return self._process.submit(request, view)
            except (OSError, ValueError) as error:
                log.warning("AI process failed, thinking on a thread from now on: %s", error)
                self.restart_on_thread()
        assert self._thread is not None and self._seats is not None
        return self._thread.submit(self._seats.answer, request, view)

    def restart(self) -> None:
        """Stop the worker (and whatever it is stuck on) and start a fresh one."""
        self._stop()
        self._start(self._use_process)

    def restart_on_thread(self) -> None:
        """Drop a failed process and think on a thread from now on."""
        self._stop()
        self._start(use_process=False)

    def _stop(self) -> None:
        if self._process is not None:
            self._process.stop()
            self._process = None
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
            self._thread = None

    def close(self) -> None:
        """Stop the worker (pending work is dropped)."""
        self._stop()
