"""Who sits where and how fast the table plays: what a new match is started with."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.rules import RuleSet
from game.engine.seating import default_names
from game.profile.settings import CARD_GLIDE_SECONDS
from game.words.seat_words import Seating

__all__ = [
    "AUTOPLAY_SEATS",
    "CARD_GLIDE_SECONDS",
    "MatchSetup",
    "autoplay_seats",
    "level_seats",
]
AUTOPLAY_SEATS = ("hard", "normal", "hard", "greedy")
"""Bottom, Left, Top and Right in autoplay unless ``--seats`` says otherwise (at other
tables, these four over and over round the table)."""


def level_seats(level: str, players: int = 4) -> dict[int, str]:
    """Every opponent at a table of ``players`` playing ``level``."""
    return dict.fromkeys(range(1, players), level)


def autoplay_seats(players: int) -> tuple[str, ...]:
    """The policies of every seat of an autoplay table of ``players``, Bottom first."""
    return tuple(AUTOPLAY_SEATS[seat % len(AUTOPLAY_SEATS)] for seat in range(players))


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """The rules, the seed and the seats of a match at the table."""

    seed: int
    rules: RuleSet = field(default_factory=RuleSet)
    policies: dict[int, str] = field(default_factory=lambda: level_seats("normal"))
    """Per AI seat, its policy; seat 0 is the human unless it is listed (autoplay)."""
    move_seconds: float = CARD_GLIDE_SECONDS
    """How long one card takes to travel; 0 plays at full speed."""
    rounds: int | None = None
    """Stop after this many rounds (autoplay), or play the whole match."""
    names: tuple[str, ...] = default_names(4)
    """What the opponents are called, seats 1, 2, … (Left, Top and Right at four)."""
    stand_in: bool = False
    """Seat 0's policy plays your seat for this run only (``--continue --autoplay`` on your
    match): what is saved keeps the seat yours."""

    @property
    def kept_policies(self) -> dict[int, str]:
        """The AI seats as a save keeps them (without a stand-in for you)."""
        return {seat: spec for seat, spec in self.policies.items() if seat or not self.stand_in}

    @property
    def seating(self) -> Seating:
        """Who sits where, for the table's words."""
        return Seating(self.human, self.names)

    @property
    def human(self) -> bool:
        """True if seat 0 is played by the person at the screen."""
        return 0 not in self.policies
