"""The AI seats' policies, answering one request at a time (in the worker process or a thread)."""

from __future__ import annotations

import pickle
import random
import traceback
from collections.abc import Mapping
from multiprocessing.connection import Connection
from typing import assert_never

from game.ai.hint import suggest
from game.ai.policy import Policy
from game.ai.registry import make_policy
from game.seats.messages import (
    Advised,
    Decided,
    DecideRequest,
    Failed,
    FailureKind,
    HintRequest,
    Reply,
    Request,
)


class SeatHost:
    """One policy per AI seat, each with its own random generator.

    A request carries the seat's random stream and the reply the stream after
    the decision, so a fresh host (after a restart) goes on exactly where the
    old one stopped. A policy is built on its seat's first request, so a seat
    that cannot be built fails its own decisions and no other.
    """

    def __init__(self, specs: Mapping[int, str]) -> None:
        self._specs = dict(specs)
        self._seats: dict[int, tuple[Policy, random.Random]] = {}

    def answer(self, request: Request) -> Reply:
        """The reply to ``request``; an exception becomes a :class:`Failed` reply."""
        match request:
            case DecideRequest():
                return self._decide(request)
            case HintRequest(job, view):
                try:
                    return Advised(job, suggest(view))
                except Exception:
                    return Failed(job, FailureKind.RAISED, traceback.format_exc())
            case _:
                assert_never(request)

    def _decide(self, request: DecideRequest) -> Reply:
        try:
            policy, rng = self._seat(request.view.seat)
        except Exception:
            return Failed(request.job, FailureKind.RAISED, traceback.format_exc())
        rng.setstate(request.rng_state)
        try:
            action = policy.choose(request.view)
        except Exception:
            detail = traceback.format_exc()
            return Failed(request.job, FailureKind.RAISED, detail, rng.getstate())
        return Decided(request.job, action, rng.getstate())

    def _seat(self, seat: int) -> tuple[Policy, random.Random]:
        found = self._seats.get(seat)
        if found is None:
            if seat not in self._specs:
                raise ValueError(f"seat {seat} is not an AI seat")
            rng = random.Random()
            found = (make_policy(self._specs[seat], rng), rng)
            self._seats[seat] = found
        return found


def serve(connection: Connection, specs: Mapping[int, str]) -> None:
    """The worker process: answer requests from ``connection`` until it closes."""
    host = SeatHost(specs)
    while True:
        try:
            request = connection.recv()
        except (EOFError, OSError):
            return
        reply = host.answer(request)
        try:
            connection.send(reply)
        except (pickle.PicklingError, TypeError, AttributeError) as error:
            detail = f"the answer could not be sent back: {error}"
            state = reply.rng_state if isinstance(reply, Decided) else None
            connection.send(Failed(request.job, FailureKind.ILLEGAL, detail, state))
        except (EOFError, OSError):
            return
