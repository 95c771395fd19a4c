"""The open table (rule ``table="open"``): melds laid down during the round and built on.

docs/RULES.md, "The open table": after drawing, a seat may lay melds down in front of
it and, once it has laid down this round, lay single cards off onto any meld on the
table; it always keeps one card to discard. A set takes cards of its rank and wilds;
a run takes the next card of its suit (or a wild) at either end, up to 13 long; the
wilds-per-meld limit holds. A meld made only of wilds is laid down as a set and
stands for the rank of the first natural card laid off onto it. Cards on the table
score 0; cards still in a hand at the round's end count in full.

>>> from game.engine.cards import parse_cards
>>> run = readings(parse_cards("7H 8H 3S"), Rank.THREE, RuleSet())[0]
>>> run.describe()
'7♥ 8♥ 3♠(9♥)'
>>> [spot for spot in lay_off_spots(parse_cards("10H")[0], (TableMeld(1, run),), Rank.THREE,
...  RuleSet())]
[(0, 10)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.cards import Card, Rank
from game.engine.melds import ACE_HIGH, Meld, MeldKind, all_wild, meld_fault
from game.engine.rules import RuleSet


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the open table, as it stands (with every card laid off onto it)."""

    owner: int
    """The seat that laid it down."""
    meld: Meld
    """The meld, with what each card stands for."""


def readings(cards: Sequence[Card], wild_rank: Rank | None, rules: RuleSet) -> tuple[Meld, ...]:
    """Every legal meld made of exactly ``cards``: the set first, then the runs, those with
    the wilds placed highest first. A group of wilds only reads as a set of Aces (it takes
    the rank of the first natural card laid off onto it). Empty when no meld fits."""
    cards = tuple(cards)
    naturals = [card for card in cards if not card.is_wild(wild_rank)]
    wilds = [card for card in cards if card.is_wild(wild_rank)]
    found: list[Meld] = []
    if not naturals:
        found.append(Meld(MeldKind.SET, cards, (1,) * len(cards), None))
    elif len({card.rank for card in naturals}) == 1:
        rank = int(naturals[0].rank)  # type: ignore[arg-type]  # naturals have a rank
        found.append(Meld(MeldKind.SET, (*naturals, *wilds), (rank,) * len(cards), None))
    if naturals and len({card.suit for card in naturals}) == 1:
        found += _runs(naturals, wilds, rules)
    return tuple(meld for meld in found if meld_fault(meld, wild_rank, rules) is None)


def _runs(naturals: list[Card], wilds: list[Card], rules: RuleSet) -> list[Meld]:
    size, suit = len(naturals) + len(wilds), naturals[0].suit
    aces = (1, ACE_HIGH) if rules.aces_high else (1,)
    runs = []
    for ace in aces:
        spots = sorted(
            (ace if card.rank is Rank.ACE else int(card.rank), card)  # type: ignore[arg-type]
            for card in naturals
        )
        low, high = spots[0][0], spots[-1][0]
        if len({spot for spot, _ in spots}) != len(spots) or high - low + 1 > size:
            continue
        for start in range(low, high - size, -1):  # the wilds above first
            placed = dict(spots)
            spare = iter(wilds)
            row = [
                placed[spot] if spot in placed else next(spare)
                for spot in range(start, start + size)
            ]
            runs.append(Meld(MeldKind.RUN, tuple(row), tuple(range(start, start + size)), suit))
    return runs


def extended(
    meld: Meld, card: Card, position: int, wild_rank: Rank | None, rules: RuleSet
) -> Meld | None:
    """``meld`` with ``card`` laid off onto it, standing for ``position``, or ``None`` when
    the card does not fit there. A meld of wilds only becomes a set of the first natural
    card's rank."""
    if meld.kind is MeldKind.SET:
        if all_wild(meld, wild_rank) and not card.is_wild(wild_rank):
            if card.rank is None or position != int(card.rank):
                return None
        elif position != meld.positions[0]:
            return None
        grown = Meld(MeldKind.SET, (*meld.cards, card), (position,) * (len(meld.cards) + 1), None)
    elif position == meld.low - 1:
        grown = Meld(MeldKind.RUN, (card, *meld.cards), (position, *meld.positions), meld.suit)
    elif position == meld.high + 1:
        grown = Meld(MeldKind.RUN, (*meld.cards, card), (*meld.positions, position), meld.suit)
    else:
        return None
    return grown if meld_fault(grown, wild_rank, rules) is None else None


def lay_off_spots(
    card: Card, table: Sequence[TableMeld], wild_rank: Rank | None, rules: RuleSet
) -> tuple[tuple[int, int], ...]:
    """Every ``(meld index, position)`` of ``table`` where ``card`` may be laid off."""
    spots = []
    for index, placed in enumerate(table):
        meld = placed.meld
        if meld.kind is MeldKind.RUN:
            tries: tuple[int, ...] = (meld.low - 1, meld.high + 1)
        elif all_wild(meld, wild_rank) and card.rank is not None and not card.is_wild(wild_rank):
            tries = (int(card.rank),)
        else:
            tries = (meld.positions[0],)
        spots += [
            (index, spot)
            for spot in tries
            if extended(meld, card, spot, wild_rank, rules) is not None
        ]
    return tuple(spots)


def laid_down(table: Sequence[TableMeld], seat: int) -> bool:
    """True if ``seat`` has a meld on the table (it has laid down this round)."""
    return any(placed.owner == seat for placed in table)
