"""What the table's process and the AI worker say to each other: typed, picklable messages."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeAlias

from game.ai.hint import Suggestion
from game.engine.actions import Action
from game.engine.view import PlayerView

RngState: TypeAlias = tuple[Any, ...]
"""A seat's random stream, as ``random.Random.getstate()`` gives it."""


def seat_rng_state(seed: int, seat: int) -> RngState:
    """Where seat ``seat``'s random stream starts in a match dealt from ``seed``."""
    return random.Random(f"{seed}/seat{seat}").getstate()


@dataclass(frozen=True, slots=True)
class DecideRequest:
    """Ask the seat of ``view`` for its action, its random stream set to ``rng_state``."""

    job: int
    """Numbers the request; the reply carries it back."""
    view: PlayerView
    """All the seat may know."""
    rng_state: RngState
    """The seat's random stream before this decision."""


@dataclass(frozen=True, slots=True)
class HintRequest:
    """Ask what the strongest seat would do in ``view``, and why."""

    job: int
    """Numbers the request; the reply carries it back."""
    view: PlayerView
    """The player's view."""


Request: TypeAlias = DecideRequest | HintRequest
"""Anything the worker is asked."""


@dataclass(frozen=True, slots=True)
class Decided:
    """The seat's answer to a :class:`DecideRequest` (checked against the view on arrival)."""

    job: int
    """The request answered."""
    action: Action
    """The action chosen."""
    rng_state: RngState
    """The seat's random stream after the decision."""


@dataclass(frozen=True, slots=True)
class Advised:
    """The answer to a :class:`HintRequest`."""

    job: int
    """The request answered."""
    suggestion: Suggestion
    """What to do, and why."""


class FailureKind(Enum):
    """Why a request got no usable answer."""

    RAISED = "raised"
    """The policy (or the hint) raised an exception."""
    ILLEGAL = "illegal"
    """The answer is not one of the view's legal actions."""
    TIMEOUT = "timeout"
    """No answer came within the patience allowed."""
    WORKER_ENDED = "worker_ended"
    """The worker process ended (or could not be reached) before it answered."""


@dataclass(frozen=True, slots=True)
class Failed:
    """A request that failed, and what happened."""

    job: int
    """The request that failed."""
    kind: FailureKind
    """Which way it failed."""
    detail: str
    """What went wrong (for an exception: its traceback)."""
    rng_state: RngState | None = None
    """The seat's random stream after the failed attempt, when the policy ran at all."""


Reply: TypeAlias = Decided | Advised | Failed
"""Anything the worker answers."""
