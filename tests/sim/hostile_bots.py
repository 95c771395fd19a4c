"""Policies that misbehave in a tournament, each one way, on one decision of the match.

Each plays as greedy does, except on its first decision of the match (the draw
of its first turn, or for the open table's bots the first decision after that draw),
where it misbehaves on every attempt: the runner asks again once, then plays the first
legal move for it. What it misbehaves on is read from the view alone, so a fresh worker
process (after a bot ended one) misbehaves on the same decision.
"""

from __future__ import annotations

import os
import random
import time

from game.ai.greedy import GreedyPolicy
from game.engine.actions import Action, Discard, LayDown, LayOffCard, Phase
from game.engine.view import PlayerView


def _own_moves(view: PlayerView) -> int:
    """How many moves the view's seat has made in this round."""
    return sum(1 for move in view.log if move.seat == view.seat)


class _Hostile:
    """Greedy, but :meth:`misbehave` on the seat's first decision."""

    name = "hostile"
    MOVES_BEFORE = 0
    """The seat's moves in the first round before the decision it misbehaves on."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._greedy = GreedyPolicy(rng)

    def choose(self, view: PlayerView) -> Action:
        if view.round_index == 0 and _own_moves(view) == self.MOVES_BEFORE:
            return self.misbehave(view)
        return self._greedy.choose(view)

    def misbehave(self, view: PlayerView) -> Action:
        raise NotImplementedError


class RaisingBot(_Hostile):
    def misbehave(self, view: PlayerView) -> Action:
        raise RuntimeError("this bot is broken")


class NoneBot(_Hostile):
    def misbehave(self, view: PlayerView) -> Action:
        return None  # type: ignore[return-value]


class WordBot(_Hostile):
    def misbehave(self, view: PlayerView) -> Action:
        return "draw from the stock"  # type: ignore[return-value]


class WrongTypeBot(_Hostile):
    """A discard of a card written as a string (which cannot even print itself today)."""

    def misbehave(self, view: PlayerView) -> Action:
        return Discard("7H")  # type: ignore[arg-type]


class IllegalLayOffBot(_Hostile):
    """After its first draw, lays a card off onto a meld the table does not have."""

    MOVES_BEFORE = 1

    def misbehave(self, view: PlayerView) -> Action:
        assert view.phase is Phase.DISCARD
        return LayOffCard(view.hand[0], meld=99, position=5)


class IllegalLayDownBot(_Hostile):
    """After its first draw, lays down "melds" that are strings, not melds."""

    MOVES_BEFORE = 1

    def misbehave(self, view: PlayerView) -> Action:
        assert view.phase is Phase.DISCARD
        return LayDown(("7H 8H 9H",))  # type: ignore[arg-type]


class SleepingBot(_Hostile):
    def misbehave(self, view: PlayerView) -> Action:
        time.sleep(3600)
        raise AssertionError("woke up")


class ExitingBot(_Hostile):
    """Ends the process it runs in, at once (no clean-up, status 7)."""

    def misbehave(self, view: PlayerView) -> Action:
        os._exit(7)


class SystemExitBot(_Hostile):
    def misbehave(self, view: PlayerView) -> Action:
        raise SystemExit(0)


class InterruptingBot(_Hostile):
    def misbehave(self, view: PlayerView) -> Action:
        raise KeyboardInterrupt
