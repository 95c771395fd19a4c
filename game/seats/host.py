"""The AI seats' policies, answering one request at a time (in the worker process or a thread).

A worker process serves any :class:`Host`: the seats' (:class:`SeatHost`) or another of the
same machinery (the reviews', ``game/sim/review_worker.py``).
"""

from __future__ import annotations

import os
import random
import signal
from collections.abc import Callable, Mapping
from multiprocessing.connection import Connection
from typing import Any, Protocol, TypeAlias, assert_never

from game.ai.hint import suggest
from game.ai.policy import Policy
from game.ai.registry import make_policy
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
    error_text,
    packed,
)

_BOT_RAISES = (*BOT_ERRORS, KeyboardInterrupt)
"""What a policy may raise in the host, which only fails its request: the worker process
ignores Ctrl+C and a thread never receives it, so even a ``KeyboardInterrupt`` is the bot's."""


class Host(Protocol):
    """What a worker runs: it answers one request at a time."""

    def answer(self, request: Any) -> Numbered:
        """The reply to ``request`` (never raises: a failure is a reply too)."""
        ...

    def stop(self) -> None:
        """Stop the request under way at its next chance, and every one after it (a host
        on a thread cannot be killed; one in a process is terminated instead)."""
        ...


HostFactory: TypeAlias = Callable[[], Host]
"""Makes the host a worker runs (picklable: a ``spawn`` process is handed it)."""


class SeatHost:
    """One policy per AI seat, each with its own random generator.

    A request carries the seat's random stream and the reply the stream after
    the decision, so a fresh host (after a restart) goes on exactly where the
    old one stopped. A policy is built on its seat's first request, so a seat
    that cannot be built fails its own decisions and no other. The host sets
    and reads each stream through ``random.Random`` itself, so a policy that
    replaces its generator's methods cannot stop it; whether what it reads is a
    stream a save can keep is the worker's to check.
    """

    def __init__(self, specs: Mapping[int, str]) -> None:
        self._specs = dict(specs)
        self._seats: dict[int, tuple[Policy, random.Random]] = {}

    def answer(self, request: Request) -> Reply:
        """The reply to ``request``; whatever a bot raises becomes a :class:`Failed` reply."""
        match request:
            case DecideRequest():
                return self._decide(request)
            case HintRequest(job, view):
                try:
                    return Advised(job, suggest(view))
                except Exception as error:
                    return Failed(job, FailureKind.RAISED, error_text(error))
            case _:
                assert_never(request)

    def stop(self) -> None:
        """Nothing: a policy cannot be told to stop (a thread stuck in one is abandoned)."""

    def _decide(self, request: DecideRequest) -> Reply:
        job = request.job
        try:
            policy, rng = self._seat(request.view.seat)
            random.Random.setstate(rng, request.rng_state)
        except _BOT_RAISES as error:
            return Failed(job, FailureKind.RAISED, error_text(error))
        try:
            action = policy.choose(request.view)
            return Decided(job, action, random.Random.getstate(rng))
        except _BOT_RAISES as error:
            return Failed(job, FailureKind.RAISED, error_text(error), _stream(rng))

    def _seat(self, seat: int) -> tuple[Policy, random.Random]:
        found = self._seats.get(seat)
        if found is None:
            if seat not in self._specs:
                raise ValueError(f"seat {seat} is not an AI seat")
            rng = random.Random()
            found = (make_policy(self._specs[seat], rng), rng)
            self._seats[seat] = found
        return found


def _stream(rng: random.Random) -> RngState | None:
    """``rng``'s state, or None if its policy broke it beyond reading."""
    try:
        return random.Random.getstate(rng)
    except BOT_ERRORS:
        return None


def serve(connection: Connection, make_host: HostFactory, stderr: int | None = None) -> None:
    """The worker process: answer requests from ``connection`` with the host ``make_host``
    makes (the seats' with ``functools.partial(SeatHost, specs)``), until it closes.

    Each reply goes back as ``(job, pickled reply)``, so the window knows which
    request it answers even when it cannot read the reply. Ctrl+C in a terminal reaches
    every process of the game: the worker leaves it to the window, which stops it.
    The process starts with its standard error on the null device, so that it starts
    quietly even if the window is gone before it could be told what to run (see
    :func:`~game.seats.worker.quiet_start`); ``stderr``, the window's standard error, is
    its own from here on.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the window's to handle
    if stderr is not None:
        os.dup2(stderr, 2)
        os.close(stderr)
    host = make_host()
    while True:
        try:
            request = connection.recv()
            connection.send((request.job, packed(host.answer(request))))
        except (EOFError, OSError):
            return
