"""Melds and arrangements: the vocabulary of a scored hand.

Glossary:

- *set*: 3 or more cards standing for one rank, any suits (a suit may repeat).
- *run*: 3 or more cards of one suit standing for consecutive ranks; Aces are
  low (position 1), and may also be high (position 14) when the rules allow;
  a run never wraps and is at most 13 long.
- *wild*: a printed joker or a card of the round's wild rank; it stands for any
  card in a meld and scores 0 there.
- *meld*: a set or a run. A card belongs to at most one meld.
- *leftover* (deadwood): the cards of a hand in no meld; they score their penalty.
- *arrangement*: a hand split into melds and leftover cards.
- *lay-off*: in the last turn (an option), leftover cards that extend a meld laid
  down by the player who went out.

A meld records what each of its cards stands for as a *position*: the rank
number 1–13, or 14 for an Ace played high.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.engine.cards import Card, Rank, Suit

ACE_HIGH = 14
"""Position of an Ace played above the King."""


class MeldKind(Enum):
    """The two kinds of meld."""

    SET = "set"
    RUN = "run"


def position_label(position: int) -> str:
    """The rank label a position stands for: 1 and 14 are both ``A``."""
    return Rank(1 if position == ACE_HIGH else position).label


@dataclass(frozen=True, slots=True)
class Meld:
    """A legal set or run, with what each card stands for."""

    kind: MeldKind
    """Set or run."""
    cards: tuple[Card, ...]
    """The cards, in the order of :attr:`positions` (a run ascends)."""
    positions: tuple[int, ...]
    """The position (rank number, 14 = high Ace) each card stands for."""
    suit: Suit | None
    """The suit of a run; ``None`` for a set."""

    @property
    def low(self) -> int:
        """Lowest position in the meld."""
        return min(self.positions)

    @property
    def high(self) -> int:
        """Highest position in the meld."""
        return max(self.positions)

    def describe(self) -> str:
        """Human text, e.g. ``7♥ 8♥ Joker(9♥)`` — each wild shows what it stands for."""
        parts = []
        for card, position in zip(self.cards, self.positions, strict=True):
            stands = position_label(position) + (self.suit.symbol if self.suit else "")
            natural = (
                card.rank is not None
                and card.suit is not None
                and (position_label(position) == card.rank.label)
                and (self.suit is None or card.suit == self.suit)
            )
            parts.append(card.pretty() if natural else f"{card.pretty()}({stands})")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class LayOff:
    """Cards added in a last turn to a meld of the player who went out."""

    target: int
    """Index of the extended meld in the melds laid down by who went out."""
    cards: tuple[Card, ...]
    """The cards laid off."""
    positions: tuple[int, ...]
    """The position each laid-off card stands for."""


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand split into melds and leftover cards, with its penalty."""

    melds: tuple[Meld, ...]
    """The melds, each legal under the rules it was made for."""
    leftover: tuple[Card, ...]
    """Cards in no meld (and not laid off)."""
    penalty: int
    """Sum of the leftover cards' penalties (before any doubling of the round)."""
    layoffs: tuple[LayOff, ...] = ()
    """Cards laid off onto the melds of who went out (the lay-off option only)."""

    @property
    def is_complete(self) -> bool:
        """True if every card is in a meld (or laid off): the hand goes out."""
        return not self.leftover
