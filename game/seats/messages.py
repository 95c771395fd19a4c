"""What the table's process and the AI worker say to each other: typed, picklable messages.

A reply crosses from the worker process as :func:`packed` bytes, and the
window reads it with :func:`unpacked`, which knows the game's types only.
"""

from __future__ import annotations

import io
import pickle
import random
import traceback
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, TypeAlias

from game.ai.hint import Suggestion
from game.engine.actions import Action
from game.engine.view import PlayerView

RngState: TypeAlias = tuple[Any, ...]
"""A seat's random stream, as ``random.Random.getstate()`` gives it."""
BOT_ERRORS = (Exception, SystemExit)
"""What a bot's code may raise that only fails its request (Ctrl+C still stops the program)."""
_STATE_WORDS = 625
"""How many numbers a ``random.Random`` state holds (the generator's 624 and its position)."""
_SHOWN = 200
"""The most characters :func:`describe` gives."""


def seat_rng_state(seed: int, seat: int) -> RngState:
    """Where seat ``seat``'s random stream starts in a match dealt from ``seed``."""
    return random.Random(f"{seed}/seat{seat}").getstate()


def savable_rng_state(state: object) -> RngState | None:
    """``state`` if it is a random stream a save can keep, else None.

    It must be ``(version, words, gauss)`` of plain values: an int, a tuple of
    625 ints in 0..2**32-1, and None or a float, and ``random.Random`` must
    accept it. Types are checked exactly, so no object of a bot's own class
    (which could raise or lie) passes.
    """
    if not (type(state) is tuple and len(state) == 3):
        return None
    version, words, gauss = state
    if not (
        type(version) is int
        and type(words) is tuple
        and len(words) == _STATE_WORDS
        and all(type(word) is int and 0 <= word < 2**32 for word in words)
        and (gauss is None or type(gauss) is float)
    ):
        return None
    try:
        random.Random().setstate(state)
    except (TypeError, ValueError, OverflowError):
        return None
    return state


def describe(thing: object) -> str:
    """``repr(thing)`` on one short line, or a stand-in when a bot's object refuses even that."""
    try:
        text = " ".join(repr(thing).split())
    except BOT_ERRORS:
        return "(an object that cannot be shown)"
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def error_text(error: BaseException) -> str:
    """The traceback of ``error``, or what can be said of it when a bot's error refuses that."""
    try:
        return "".join(traceback.format_exception(error))
    except BOT_ERRORS:
        return f"an error that cannot be shown: {describe(error)}"


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
"""Anything the seats' worker is asked."""


class Numbered(Protocol):
    """A request or a reply of any worker: numbered, the reply carrying its request's number."""

    @property
    def job(self) -> int:
        """The request's number."""
        ...


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
    """The answer is not one of the view's legal actions, or could not be sent, read or checked."""
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


def packed(reply: Numbered) -> bytes:
    """``reply`` pickled; if a bot's object in it cannot be, a :class:`Failed` reply saying so
    (with the random stream, if that can be sent)."""
    try:
        return pickle.dumps(reply)
    except BOT_ERRORS as error:
        detail = f"the answer could not be sent back: {describe(error)}"
        state = reply.rng_state if isinstance(reply, Decided) else None
        return packed(Failed(reply.job, FailureKind.ILLEGAL, detail, state))


READABLE = ("game.engine", "game.ai", "game.seats")
"""The packages whose classes a seat's reply may hold."""


def unpacked(data: bytes, readable: tuple[str, ...] = READABLE) -> object:
    """What :func:`packed` made of a reply, read back with the game's own types only.

    No function and no class from outside the packages ``readable`` (by default the
    engine, the AI and the seats) is ever looked up, so reading a bot's answer runs
    none of its code (an object of its own class is refused). Raises
    ``pickle.UnpicklingError`` for that; a game type refusing its pickled arguments
    raises what it raises.
    """
    return _ReplyUnpickler(io.BytesIO(data), readable).load()


class _ReplyUnpickler(pickle.Unpickler):
    """An unpickler that finds nothing but classes of the ``readable`` packages."""

    def __init__(self, file: io.BytesIO, readable: tuple[str, ...]) -> None:
        super().__init__(file)
        self._readable = readable

    def find_class(self, module: str, name: str) -> Any:
        package = ".".join(module.split(".")[:2])
        found = None
        if package in self._readable and "." not in name:
            found = super().find_class(module, name)
        if not isinstance(found, type):
            raise pickle.UnpicklingError(f"{module}.{name} is not one of the game's types")
        return found
