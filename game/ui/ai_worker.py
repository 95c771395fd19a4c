"""AI seats think in a separate process, so the window never waits for them.

The worker holds one policy per AI seat (they keep state between calls, such
as their random generator) and answers with futures the table polls each
frame. If a process cannot be started, the same work runs on a thread.
"""

from __future__ import annotations

import logging
import multiprocessing
import random
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from game.ai.hint import Suggestion, suggest
from game.ai.policy import Policy
from game.ai.registry import make_policy
from game.engine.actions import Action
from game.engine.view import PlayerView

log = logging.getLogger(__name__)
T = TypeVar("T")
_policies: dict[int, Policy] = {}


def _set_up(specs: dict[int, str], seed: int) -> None:
    """Build the seats' policies (in the worker)."""
    _policies.clear()
    for seat, spec in specs.items():
        _policies[seat] = make_policy(spec, random.Random(f"{seed}/seat{seat}"))


def _ready() -> bool:
    return True


def _decide(view: PlayerView) -> Action:
    return _policies[view.seat].choose(view)


def _hint(view: PlayerView) -> Suggestion:
    return suggest(view)


class AiWorker:
    """Runs the AI seats' decisions and hints off the frame loop."""

    def __init__(self, specs: dict[int, str], seed: int, use_process: bool = True) -> None:
        self._specs = dict(specs)
        self._seed = seed
        self._use_process = use_process
        self._executor: Executor = self._start(use_process)
        self._executor.submit(_ready)  # start the worker now, not at the first decision

    def _start(self, use_process: bool) -> Executor:
        if use_process:
            try:
                context = multiprocessing.get_context("spawn")
                return ProcessPoolExecutor(
                    1, mp_context=context, initializer=_set_up, initargs=(self._specs, self._seed)
                )
            except (OSError, ValueError) as error:
                log.warning("AI process unavailable, thinking on a thread: %s", error)
        return ThreadPoolExecutor(1, initializer=_set_up, initargs=(self._specs, self._seed))

    def decide(self, view: PlayerView) -> Future[Action]:
        """The action the seat of ``view`` chooses, when ready."""
        return self._submit(_decide, view)

    def hint(self, view: PlayerView) -> Future[Suggestion]:
        """What the strongest seat would do in ``view``, with a reason."""
        return self._submit(_hint, view)

    def _submit(self, function: Callable[[PlayerView], T], view: PlayerView) -> Future[T]:
        try:
            return self._executor.submit(function, view)
        except (BrokenProcessPool, RuntimeError) as error:
            log.warning("AI process failed, thinking on a thread from now on: %s", error)
            self.restart_on_thread()
            return self._executor.submit(function, view)

    def restart(self) -> None:
        """Drop the worker (and whatever it is stuck on) and start a fresh one."""
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._executor = self._start(self._use_process)

    def restart_on_thread(self) -> None:
        """Drop a failed process and think on a thread from now on."""
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._executor = self._start(use_process=False)

    def close(self) -> None:
        """Stop the worker (pending work is dropped)."""
        self._executor.shutdown(wait=False, cancel_futures=True)
