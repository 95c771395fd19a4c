"""Cards: suits, ranks, physical cards and their text notation.

Glossary: a *natural* is any card that is not wild this round; a *wild* is a
printed joker or a card of the round's wild rank. Two or three physical decks
are shuffled together, so two identical 7♥ exist: a :class:`Card` carries the
index of the deck it came from (``copy``) besides its rank and suit.

Notation: ``AS 2H … 10D (also TD) JC QS KH`` and ``JK`` for a printed joker.
``Card.parse`` reads one card as copy 0; :func:`parse_cards` gives repeated
cards successive copies so that a hand like ``7H 7H`` holds two distinct cards.

>>> parse_cards("10D TD JK")
(Card(rank=<Rank.TEN: 10>, suit=<Suit.DIAMONDS: 'D'>, copy=0), \
Card(rank=<Rank.TEN: 10>, suit=<Suit.DIAMONDS: 'D'>, copy=1), \
Card(rank=None, suit=None, copy=0))
>>> str(Card.parse("td"))
'10D'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum


class Suit(Enum):
    """The four suits; the value is the notation letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """The suit glyph: ♣ ♦ ♥ ♠."""
        return _SUIT_SYMBOLS[self]


_SUIT_INDEX = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
_SUITS = tuple(_SUIT_INDEX)
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Rank(IntEnum):
    """The thirteen ranks; the value is the rank's number (Ace is 1)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """The rank's notation: A 2 … 10 J Q K."""
        return _RANK_LABELS.get(self, str(int(self)))

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank label (``A``, ``7``, ``10``/``T``, ``J``, ``Q``, ``K``).

        Raises ``ValueError`` naming the text if it is not a rank.
        """
        label = text.strip().upper()
        rank = _RANKS_BY_LABEL.get(label)
        if rank is None:
            raise ValueError(f"not a rank: {text!r} (expected A, 2-10, T, J, Q or K)")
        return rank

    @property
    def plural(self) -> str:
        """The rank's plural name, as in "Fives are wild"."""
        return _PLURALS[self]


_RANK_LABELS = {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}
_RANKS_BY_LABEL = {rank.label: rank for rank in Rank} | {"T": Rank.TEN}
_PLURALS = dict(
    zip(
        Rank,
        [
            "Aces",
            "Twos",
            "Threes",
            "Fours",
            "Fives",
            "Sixes",
            "Sevens",
            "Eights",
            "Nines",
            "Tens",
            "Jacks",
            "Queens",
            "Kings",
        ],
        strict=True,
    )
)

JOKER_LABEL = "JK"


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One physical card of the shoe."""

    rank: Rank | None
    """The rank, or ``None`` for a printed joker."""
    suit: Suit | None
    """The suit, or ``None`` for a printed joker."""
    copy: int = 0
    """Which deck (or which joker) this physical card is; tells identical cards apart."""
    ordinal: int = field(init=False, repr=False, compare=False)
    """``rank * 4 + suit index`` (suits in C, D, H, S order), or -1 for a joker: a fast key."""

    def __post_init__(self) -> None:
        ordinal = (
            -1
            if self.rank is None or self.suit is None
            else (int(self.rank) * 4 + _SUIT_INDEX[self.suit])
        )
        object.__setattr__(self, "ordinal", ordinal)

    def __hash__(self) -> int:
        return self.ordinal * 8 + self.copy

    @property
    def is_joker(self) -> bool:
        """True for a printed joker."""
        return self.rank is None

    @property
    def code(self) -> str:
        """Notation including the copy, e.g. ``7H.1``; used in save files."""
        return f"{self}.{self.copy}"

    def is_wild(self, wild_rank: Rank | None) -> bool:
        """True if this card is wild in a round whose wild rank is ``wild_rank``."""
        return self.rank is None or self.rank == wild_rank

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return JOKER_LABEL
        return f"{self.rank.label}{self.suit.value}"

    def pretty(self) -> str:
        """Notation with a suit glyph, e.g. ``7♥``; ``Joker`` for a joker."""
        if self.rank is None or self.suit is None:
            return "Joker"
        return f"{self.rank.label}{self.suit.symbol}"

    @classmethod
    def parse(cls, text: str, copy: int = 0) -> Card:
        """Read one card such as ``AS``, ``10D``, ``TD`` or ``JK``.

        Raises ``ValueError`` naming the text if it is not a card.
        """
        label = text.strip().upper()
        if label == JOKER_LABEL:
            return cls(None, None, copy)
        try:
            suit = Suit(label[-1:])
            rank = Rank.parse(label[:-1])
        except ValueError:
            raise ValueError(
                f"not a card: {text!r} (expected rank A, 2-10, T, J, Q, K then suit C, D, H, S; "
                f"or JK)"
            ) from None
        return cls(rank, suit, copy)

    @classmethod
    def from_ordinal(cls, ordinal: int, copy: int = 0) -> Card:
        """The card whose :attr:`ordinal` is ``ordinal`` (``-1`` for a joker)."""
        if ordinal < 0:
            return cls(None, None, copy)
        return cls(Rank(ordinal >> 2), _SUITS[ordinal & 3], copy)

    @classmethod
    def from_code(cls, code: str) -> Card:
        """Read :attr:`code` (``7H.1``); raises ``ValueError`` naming a bad code."""
        label, dot, copy = code.rpartition(".")
        if not dot or not copy.isdigit():
            raise ValueError(f"not a card code: {code!r} (expected e.g. '7H.1')")
        return cls.parse(label, int(copy))


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards separated by spaces (or an iterable of labels).

    Repeated labels get successive copies, so every card in the result is a
    distinct physical card. Raises ``ValueError`` naming the first bad label.
    """
    labels = text.split() if isinstance(text, str) else list(text)
    seen: Counter[str] = Counter()
    cards = []
    for label in labels:
        card = Card.parse(label)
        key = str(card)
        cards.append(Card(card.rank, card.suit, seen[key]))
        seen[key] += 1
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """The notation of ``cards``, space separated."""
    return " ".join(str(card) for card in cards)


def new_shoe(decks: int, jokers: int) -> tuple[Card, ...]:
    """Every card of ``decks`` standard decks plus ``jokers`` printed jokers, unshuffled."""
    naturals = [Card(rank, suit, copy) for copy in range(decks) for suit in Suit for rank in Rank]
    return tuple(naturals + [Card(None, None, copy) for copy in range(jokers)])


def wild_rank_for(hand_size: int) -> Rank:
    """The wild rank of a round dealing ``hand_size`` cards: 3→3s … 13→K, 14→A, 15→2.

    Raises ``ValueError`` for a hand size outside 3–15.
    """
    if not 3 <= hand_size <= 15:
        raise ValueError(f"no wild rank for a hand of {hand_size} cards (3-15)")
    return Rank(hand_size if hand_size <= 13 else hand_size - 13)
