"""Who sits where, in words: the seats' names, the person's ``You``, a policy's label, and
the game's own name; light enough for the title (no engine, no AI loaded)."""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.levels import LEVELS_BY_NAME, TEACHER
from game.engine.seating import seat_place
from game.i18n import N_, _

GAME_NAME = N_("Three-Thirteen")
"""The game's name (the window's caption and the title)."""
SEAT_NAMES = (N_("Bottom"), N_("Left"), N_("Top"), N_("Right"))
"""The four-seat table (the default): seat 0 sits at the bottom; play passes to the left,
round the table (English: shown through :func:`~game.i18n._`)."""
YOU = N_("You")
"""Seat 0's name while a person plays it."""


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where: whether a person plays the bottom seat, and what the others are called."""

    human: bool = True
    """True if a person plays seat 0."""
    names: tuple[str, ...] = SEAT_NAMES[1:]
    """The names of seats 1, 2, … (their places, e.g. Left, Top, Right, unless the player
    renamed them): one for each opponent."""

    @property
    def players(self) -> int:
        """How many sit at the table, you included."""
        return len(self.names) + 1

    def is_you(self, seat: int) -> bool:
        """True for the person's own seat (a sentence about it is in the second person)."""
        return seat == 0 and self.human

    def went_out(self, seat: int) -> str:
        """``Left went out!``; ``You went out!`` in the second person, never ``You`` put in
        the third person's sentence (French: ``Vous êtes sorti !``, not ``Vous sort !``)."""
        if self.is_you(seat):
            return _("You went out!")
        return _("{name} went out!").format(name=self.name(seat))

    def name(self, seat: int) -> str:
        """``You`` for the person at the bottom (Bottom in autoplay); the others by name."""
        if seat == 0:
            return _(YOU) if self.human else _(SEAT_NAMES[0])
        name = self.names[seat - 1]
        own = name != seat_place(seat, self.players)
        return name if own else _(name)  # a seat's own name is not translated


def seat_name(seat: int, human: bool) -> str:
    """A seat's name under the default names (``You`` for the person at the bottom)."""
    return Seating(human).name(seat)


def policy_label(spec: str) -> str:
    """How a seat's policy is shown: ``Hard`` for a level, the class for ``module:Class``."""
    if spec in LEVELS_BY_NAME:
        return _(LEVELS_BY_NAME[spec].label)
    if spec == TEACHER.name:
        return _(TEACHER.label)
    return spec.rpartition(":")[2] if ":" in spec else spec
