"""Seats whose answers hurt whoever handles them: objects that raise when compared, shown,
pickled or unpickled, and random streams that no save could keep."""

from __future__ import annotations

import random
import sys
from abc import ABC, abstractmethod
from typing import NoReturn

from game.ai.greedy import GreedyPolicy
from game.engine.actions import Action
from game.engine.cards import Rank
from game.engine.view import PlayerView


def _refuse(*_: object) -> NoReturn:
    raise RuntimeError("this object refuses")


def _leave(*_: object) -> NoReturn:
    sys.exit("this object ends whoever reads it")


class Rude:
    """Raises when compared, hashed or shown."""

    __eq__ = _refuse
    __hash__ = _refuse
    __repr__ = _refuse
    __str__ = _refuse


class Flatterer:
    """Equal to anything; raises when hashed or shown."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = _refuse
    __repr__ = _refuse


class Unreadable:
    """Pickles, but unpickling it ends the reader (``SystemExit``)."""

    def __reduce__(self) -> tuple[object, tuple[()]]:
        return _leave, ()


class WrongRank:
    """Pickles as a rank the engine does not have: the game's own type refuses it when read."""

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return Rank, (99,)


class Unsendable:
    """Cannot be pickled: pickling it raises a ``RuntimeError``."""

    __reduce__ = _refuse


class _Answering:
    """Answers an instance of ``ANSWER`` instead of an action."""

    ANSWER: type

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        return self.ANSWER()  # type: ignore[no-any-return]


class RudeBot(_Answering):
    ANSWER = Rude


class FlatteringBot(_Answering):
    ANSWER = Flatterer


class UnreadableBot(_Answering):
    ANSWER = Unreadable


class WrongRankBot(_Answering):
    ANSWER = WrongRank


class UnsendableBot(_Answering):
    ANSWER = Unsendable


class ExitingBot:
    """Ends whoever asks it (``sys.exit`` in ``choose``)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Action:
        sys.exit("this seat leaves the game")


class _Tampering(ABC):
    """Plays greedy, then does something to its random stream after every decision."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._greedy = GreedyPolicy(rng)

    def choose(self, view: PlayerView) -> Action:
        action = self._greedy.choose(view)
        self.tamper()
        return action

    @abstractmethod
    def tamper(self) -> None:
        """Spoil ``self.rng`` one way."""


class ForeignStateBot(_Tampering):
    """Its generator's ``getstate`` gives a string."""

    def tamper(self) -> None:
        setattr(self.rng, "getstate", lambda: "not a random state")  # noqa: B010


class WrongVersionBot(_Tampering):
    """Its generator claims a version of state that ``random`` does not know."""

    def tamper(self) -> None:
        setattr(self.rng, "VERSION", 99)  # noqa: B010


class TextGaussBot(_Tampering):
    """Its generator keeps a string where the next Gaussian number belongs."""

    def tamper(self) -> None:
        setattr(self.rng, "gauss_next", "not a float")  # noqa: B010


class UnpicklableGaussBot(_Tampering):
    """Its generator keeps a function where the next Gaussian number belongs."""

    def tamper(self) -> None:
        setattr(self.rng, "gauss_next", lambda: 0.5)  # noqa: B010


class LostGaussBot(_Tampering):
    """Its generator loses an attribute, so its state cannot even be read."""

    def tamper(self) -> None:
        delattr(self.rng, "gauss_next")


class BrokenSetstateBot(_Tampering):
    """Its generator's ``setstate`` raises."""

    def tamper(self) -> None:
        setattr(self.rng, "setstate", _refuse)  # noqa: B010
