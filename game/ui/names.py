"""The table's words for seats, winners and rounds: each worked out in one place."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.engine.actions import Phase
from game.engine.cards import Rank

SEAT_NAMES = ("Bottom", "Left", "Top", "Right")
"""Seat 0 sits at the bottom; play passes to the left, round the table."""
YOU = "You"
"""Seat 0's name while a person plays it."""


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where: whether a person plays the bottom seat, and what the others are called."""

    human: bool = True
    """True if a person plays seat 0."""
    names: tuple[str, ...] = SEAT_NAMES[1:]
    """The names of seats 1, 2, 3 (Left, Top, Right unless the player renamed them)."""

    def name(self, seat: int) -> str:
        """``You`` for the person at the bottom (Bottom in autoplay); the others by name."""
        if seat == 0:
            return YOU if self.human else SEAT_NAMES[0]
        return self.names[seat - 1]


def seat_name(seat: int, human: bool) -> str:
    """A seat's name under the default names (``You`` for the person at the bottom)."""
    return Seating(human).name(seat)


def policy_label(spec: str) -> str:
    """How a seat's policy is shown: ``Hard`` for a level, the class for ``module:Class``."""
    return spec.rpartition(":")[2] if ":" in spec else spec.capitalize()


def seat_label(seat: int, seating: Seating, policies: Mapping[int, str]) -> str:
    """The seat's name with its AI level, e.g. ``Left · Hard``."""
    name = seating.name(seat)
    policy = policies.get(seat)
    return f"{name} · {policy_label(policy)}" if policy else name


def winners_line(winners: Sequence[int], seating: Seating) -> str:
    """Who won, in words."""
    names = [seating.name(seat) for seat in winners]
    if len(names) == 1:
        if seating.human and winners[0] == 0:
            return "You win the match!"
        return f"{names[0]} wins the match"
    return f"{', '.join(names[:-1])} and {names[-1]} share the win"


def round_title(round_index: int, rounds: int, wild_rank: Rank) -> str:
    """``Round 3 of 11 — Fives are wild``."""
    return f"Round {round_index + 1} of {rounds} — {wild_rank.plural} are wild"


def status_line(seat: int, phase: Phase | None, seating: Seating, busy: bool) -> str:
    """Whose turn is shown and what the player can do now."""
    if phase is Phase.MATCH_OVER:
        return "The match is over"
    if phase is None:
        return ""
    if seat != 0 or not seating.human:
        return f"{seating.name(seat)} is playing"
    if busy:
        return "Your turn"
    if phase is Phase.DRAW:
        return "Your turn: drag the top card of the stock or the discard pile into your hand"
    return "Now drag a card from your hand onto the discard pile"
