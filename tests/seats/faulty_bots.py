"""Seats that fail in the ways a bot can: stuck on a decision, raising, or answering nonsense."""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

from game.ai.greedy import GreedyPolicy
from game.engine.actions import Action, Discard, Draw, DrawSource, Phase
from game.engine.cards import new_shoe
from game.engine.view import PlayerView

STUCK_FLAG = "THREE_THIRTEEN_TEST_STUCK_FLAG"
"""Environment variable naming the file where a stuck seat writes its process id."""


class StuckOnceBot:
    """Hangs on its first decision ever (the flag file tells later processes), then plays greedy."""

    def __init__(self, rng: random.Random) -> None:
        self._greedy = GreedyPolicy(rng)

    def choose(self, view: PlayerView) -> Action:
        flag = Path(os.environ[STUCK_FLAG])
        if not flag.exists():
            flag.write_text(str(os.getpid()))
            time.sleep(3600)
        return self._greedy.choose(view)


class StuckBot:
    """Never answers."""

    def __init__(self, rng: random.Random) -> None:
        pass

    def choose(self, view: PlayerView) -> Action:
        time.sleep(3600)
        raise AssertionError("unreachable")


class BrokenBot:
    """Raises on every decision."""

    def __init__(self, rng: random.Random) -> None:
        pass

    def choose(self, view: PlayerView) -> Action:
        raise RuntimeError("this seat is broken")


def bogus_answers(view: PlayerView) -> list[object]:
    """Things a careless bot might return instead of a legal action."""
    stranger = next(card for card in new_shoe(2, 0) if card not in view.hand)
    return [
        Draw("stock"),  # type: ignore[arg-type]  # a string where a DrawSource belongs
        Discard("7C"),  # type: ignore[arg-type]  # a string where a Card belongs
        Discard(stranger),
        None,
        "discard 7H",
        Discard(view.hand[0]) if view.phase is Phase.DRAW else Draw(DrawSource.STOCK),
        lambda: None,  # cannot even be sent back from the worker process
    ]


class IllegalBot:
    """Answers something that is never a legal action."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(bogus_answers(view))  # type: ignore[return-value]


class ErraticBot:
    """Plays greedy, but one decision in ten raises and one in ten answers nonsense.

    Its failures come from its own random stream, so a match it plays is the
    same every time it is played from the same seed.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._greedy = GreedyPolicy(rng)

    def choose(self, view: PlayerView) -> Action:
        roll = self.rng.random()
        if roll < 0.1:
            raise RuntimeError("this seat trips now and then")
        if roll < 0.2:
            return self.rng.choice(bogus_answers(view))  # type: ignore[return-value]
        return self._greedy.choose(view)
