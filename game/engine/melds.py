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
  down by the player who went out (in the redemption round, any meld on the table).

A meld records what each of its cards stands for as a *position*: the rank
number 1–13, or 14 for an Ace played high.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.engine.cards import Card, Rank, Suit
from game.engine.rules import RuleSet

ACE_HIGH = 14
"""Position of an Ace played above the King."""

MAX_RUN = 13
"""The longest run: one card of each rank."""


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


def all_wild(meld: Meld, wild_rank: Rank | None) -> bool:
    """True if every card of ``meld`` is a wild (a meld of wilds only: a set or a run,
    whichever a rule or a contract needs)."""
    return all(card.is_wild(wild_rank) for card in meld.cards)


@dataclass(frozen=True, slots=True)
class LayOff:
    """Cards added in a last turn to a meld of the player who went out (or, in the
    redemption round, to any meld on the table)."""

    target: int
    """Index of the extended meld in the melds laid down by who went out (by
    :attr:`owner` when it is set)."""
    cards: tuple[Card, ...]
    """The cards laid off."""
    positions: tuple[int, ...]
    """The position each laid-off card stands for."""
    owner: int | None = None
    """In the redemption round, the seat that laid the meld down (:attr:`target` indexes
    the melds of its arrangement); ``None`` for the melds of who went out."""


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


def meld_fault(meld: Meld, wild_rank: Rank | None, rules: RuleSet) -> str | None:
    """``None`` if ``meld`` is a legal set or run under ``rules`` in a round whose wild
    rank is ``wild_rank``, with each natural card standing for itself; otherwise
    what is wrong, in words.

    >>> from game.engine.cards import parse_cards
    >>> run = Meld(MeldKind.RUN, parse_cards("5S 8S 2C"), (5, 6, 7), Suit.HEARTS)
    >>> meld_fault(run, Rank.THREE, RuleSet())
    'the run of hearts 5S 8S 2C: 5S cannot stand for 5H'
    """
    cards, positions = meld.cards, meld.positions
    name = f"the {meld.kind.value}{f' of {meld.suit.name.lower()}' if meld.suit else ''}"
    what = f"{name} {' '.join(str(card) for card in cards)}"
    wilds = sum(card.is_wild(wild_rank) for card in cards)
    if len(cards) < 3 or len(cards) != len(positions):
        return f"{what}: a meld has 3 cards or more, each with one position"
    if rules.max_wilds_per_meld is not None and wilds > rules.max_wilds_per_meld:
        return f"{what}: {wilds} wilds, but the rules allow {rules.max_wilds_per_meld} a meld"
    if wilds == len(cards) and not rules.all_wild_melds:
        return f"{what}: the rules allow no meld made only of wilds"
    shape = _set_fault(meld) if meld.kind is MeldKind.SET else _run_fault(meld, rules)
    if shape is not None:
        return f"{what}: {shape}"
    for card, position in zip(cards, positions, strict=True):
        if card.is_wild(wild_rank) or card.rank is None:
            continue
        stands = Rank(1 if position == ACE_HIGH else position)
        if card.rank != stands or (meld.suit is not None and card.suit != meld.suit):
            suit = meld.suit.value if meld.suit else ""
            return f"{what}: {card} cannot stand for {stands.label}{suit}"
    return None


def _set_fault(meld: Meld) -> str | None:
    if meld.suit is not None or len(set(meld.positions)) != 1:
        return "a set has no suit and one rank for every card"
    if not 1 <= meld.positions[0] <= MAX_RUN:
        return f"no rank at position {meld.positions[0]}"
    return None


def _run_fault(meld: Meld, rules: RuleSet) -> str | None:
    low, count = meld.positions[0], len(meld.positions)
    if meld.suit is None:
        return "a run has a suit"
    if meld.positions != tuple(range(low, low + count)) or count > MAX_RUN:
        return f"positions {list(meld.positions)} are not at most {MAX_RUN} ranks in a row"
    top = ACE_HIGH if rules.aces_high else MAX_RUN
    if low < 1 or low + count - 1 > top:
        return f"positions {list(meld.positions)} are outside 1..{top} (aces {rules.aces})"
    return None
