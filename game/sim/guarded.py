"""A match's seats that the project did not write, played behind the seats' guard.

A policy named ``package.module:ClassName`` is someone else's code: it may raise, answer
nonsense or an illegal move, sleep for ever, or end its process. Here it thinks as it does
at the table: in a worker process, through a
:class:`~game.seats.controller.SeatsController`, which checks every answer, waits a
limited time, asks once more, then plays the seat's first legal move. Nothing a bot does
reaches the tournament as an exception, and nothing hangs it. Each seat's failures are
kept and told in one line when the match is over.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from game.engine.actions import Action
from game.engine.view import PlayerView
from game.files import shown
from game.seats.controller import SeatsController
from game.seats.messages import Failed


class GuardedSeats:
    """The guarded seats of one match; :meth:`close` them when it ends."""

    def __init__(
        self, specs: Mapping[int, str], streams: Mapping[int, random.Random], patience: float
    ) -> None:
        """``specs``: each guarded seat's policy; ``streams``: each one's random generator as
        the match starts (its policy plays with a copy of it); ``patience``: the seconds a
        decision may take."""
        self._specs = dict(specs)
        states = {seat: streams[seat].getstate() for seat in self._specs}
        self._controller = SeatsController(self._specs, 0, rng_states=states, patience=patience)
        self._failures: dict[int, list[Failed]] = {}

    def policy(self, seat: int) -> GuardedPolicy:
        """The policy playing ``seat`` for the match (the seat must be one of these)."""
        return GuardedPolicy(self, self._specs[seat])

    def decide(self, view: PlayerView) -> Action:
        """A legal action for ``view``'s seat: its policy's, or its first legal move."""
        seen = len(self._controller.failures)
        action = self._controller.decide(view)
        failed = self._controller.failures[seen:]
        if failed:
            self._failures.setdefault(view.seat, []).extend(failed)
        return action

    @property
    def fallbacks(self) -> dict[int, int]:
        """Per seat, how many of its decisions were its first legal move instead."""
        return dict(self._controller.fallbacks)

    def faults(self, match: str) -> list[str]:
        """One line per seat whose policy failed in ``match`` (words naming it): the seat,
        its policy, how often it failed and how first, and how often its first legal move
        was played for it."""
        lines = []
        for seat, failures in sorted(self._failures.items()):
            first = failures[0]
            said = shown((first.detail.strip().splitlines() or [""])[-1])
            played = self._controller.fallbacks.get(seat, 0)
            outcome = (
                f"its first legal move was played {_times(played)}"
                if played
                else "asked again, it answered"
            )
            lines.append(
                f"seat {seat} policy {shown(self._specs[seat])} failed {_times(len(failures))} "
                f"in {match} (first {first.kind.value}: {said}); {outcome}"
            )
        return lines

    def close(self) -> None:
        """Stop the worker."""
        self._controller.close()


class GuardedPolicy:
    """One guarded seat, as the runner asks a policy."""

    def __init__(self, seats: GuardedSeats, name: str) -> None:
        self._seats = seats
        self.name = name

    def choose(self, view: PlayerView) -> Action:
        return self._seats.decide(view)


def _times(count: int) -> str:
    """``once``, ``twice``, ``3 times``."""
    return {1: "once", 2: "twice"}.get(count, f"{count} times")
