"""Orders for your hand: by rank, by suit, melds first — and the meld groups to draw.

Everything comes from the engine's solver; this module only arranges cards
the player holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import Card, Rank, Suit
from game.engine.melds import Arrangement
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement

HAND_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The order suits are shown in a sorted hand: black and red alternate (not the engine's
order, which numbers the suits for its own tables)."""
_HAND_SUIT_PLACE = {suit: place for place, suit in enumerate(HAND_SUITS)}


def _rank_key(card: Card) -> tuple[int, int]:
    rank = 99 if card.rank is None else int(card.rank)
    suit = 9 if card.suit is None else _HAND_SUIT_PLACE[card.suit]
    return (rank, suit)


def by_rank(cards: Sequence[Card]) -> list[Card]:
    """Ace to King, jokers last; suits alternate colours within a rank."""
    return sorted(cards, key=_rank_key)


def by_suit(cards: Sequence[Card]) -> list[Card]:
    """Grouped by suit (♠ ♥ ♣ ♦, colours alternating), Ace to King within; jokers last."""
    return sorted(cards, key=lambda card: (_rank_key(card)[1], _rank_key(card)[0]))


def meld_groups(arrangement: Arrangement, hand: Sequence[Card]) -> list[list[Card]]:
    """The hand's physical cards per meld of ``arrangement`` (melds may name twin copies)."""
    free = list(hand)
    groups = []
    for meld in arrangement.melds:
        group = []
        for card in meld.cards:
            if card not in free:
                card = next(c for c in free if (c.rank, c.suit) == (card.rank, card.suit))
            free.remove(card)
            group.append(card)
        groups.append(group)
    return groups


def melds_first(cards: Sequence[Card], wild_rank: Rank, rules: RuleSet) -> list[Card]:
    """Each meld of a best arrangement in order, then the leftover cards by rank."""
    groups = meld_groups(best_arrangement(cards, wild_rank, rules), cards)
    placed = [card for group in groups for card in group]
    chosen = set(placed)
    return placed + by_rank([card for card in cards if card not in chosen])
