"""Who sits where and how fast the table plays: what a new match is started with."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.rules import RuleSet
from game.profile.settings import CARD_GLIDE_SECONDS, SEATS
from game.words.table_words import Seating

__all__ = ["AUTOPLAY_SEATS", "CARD_GLIDE_SECONDS", "MatchSetup", "level_seats"]
AUTOPLAY_SEATS = ("hard", "normal", "hard", "greedy")
"""Bottom, Left, Top and Right in autoplay unless ``--seats`` says otherwise."""


def level_seats(level: str) -> dict[int, str]:
    """Left, Top and Right all playing ``level``."""
    return {1: level, 2: level, 3: level}


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
    names: tuple[str, ...] = SEATS
    """What Left, Top and Right are called."""
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
