"""Cards and melds in words, in the language in use: "Dame de cœur", "D♥", "Fives are wild".

The engine names cards in its notation (``QH``, ``Q♥``); everything a player reads goes
through here, so a card is called the same everywhere in the window.

>>> from game.engine.cards import Card, Rank, Suit
>>> card_name(Card(Rank.QUEEN, Suit.HEARTS)), card_short(Card(Rank.TEN, Suit.SPADES))
('Queen of Hearts', '10♠')
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import Card, Rank, Suit
from game.engine.melds import ACE_HIGH, Meld
from game.i18n import LANGUAGES, N_, NC_, _, language, pgettext

COURT_INDICES = {
    "en": {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"},
    "fr": {Rank.ACE: "A", Rank.JACK: "V", Rank.QUEEN: "D", Rank.KING: "R"},
    "nl": {Rank.ACE: "A", Rank.JACK: "B", Rank.QUEEN: "V", Rank.KING: "H"},
    "it": {Rank.ACE: "A", Rank.JACK: "F", Rank.QUEEN: "D", Rank.KING: "R"},
}
"""The index letters of the Ace and the court cards in each language (Valet, Dame, Roi;
Boer, Vrouw, Heer; Fante, Donna, Re). Number cards show their number everywhere."""

RANK = "rank"
"""The context of a rank's plural, as a schedule and the rules name it ("Fives"), apart from
the same word used as a label elsewhere (the "Aces" rule option)."""
RANK_NAMES = {
    Rank.ACE: N_("Ace"),
    Rank.TWO: N_("2"),
    Rank.THREE: N_("3"),
    Rank.FOUR: N_("4"),
    Rank.FIVE: N_("5"),
    Rank.SIX: N_("6"),
    Rank.SEVEN: N_("7"),
    Rank.EIGHT: N_("8"),
    Rank.NINE: N_("9"),
    Rank.TEN: N_("10"),
    Rank.JACK: N_("Jack"),
    Rank.QUEEN: N_("Queen"),
    Rank.KING: N_("King"),
}
"""A rank as in "Queen of Hearts" (numbers stay figures)."""
RANK_PLURALS = {
    Rank.ACE: NC_("rank", "Aces"),
    Rank.TWO: NC_("rank", "Twos"),
    Rank.THREE: NC_("rank", "Threes"),
    Rank.FOUR: NC_("rank", "Fours"),
    Rank.FIVE: NC_("rank", "Fives"),
    Rank.SIX: NC_("rank", "Sixes"),
    Rank.SEVEN: NC_("rank", "Sevens"),
    Rank.EIGHT: NC_("rank", "Eights"),
    Rank.NINE: NC_("rank", "Nines"),
    Rank.TEN: NC_("rank", "Tens"),
    Rank.JACK: NC_("rank", "Jacks"),
    Rank.QUEEN: NC_("rank", "Queens"),
    Rank.KING: NC_("rank", "Kings"),
}
"""A rank in the plural, as a schedule lists it ("Fives")."""
WILD_RANKS = {
    Rank.ACE: N_("Aces are wild"),
    Rank.TWO: N_("Twos are wild"),
    Rank.THREE: N_("Threes are wild"),
    Rank.FOUR: N_("Fours are wild"),
    Rank.FIVE: N_("Fives are wild"),
    Rank.SIX: N_("Sixes are wild"),
    Rank.SEVEN: N_("Sevens are wild"),
    Rank.EIGHT: N_("Eights are wild"),
    Rank.NINE: N_("Nines are wild"),
    Rank.TEN: N_("Tens are wild"),
    Rank.JACK: N_("Jacks are wild"),
    Rank.QUEEN: N_("Queens are wild"),
    Rank.KING: N_("Kings are wild"),
}
"""What each wild rank's round is called (a whole sentence: the grammar differs by language)."""
SUIT_NAMES = {
    Suit.SPADES: N_("Spades"),
    Suit.HEARTS: N_("Hearts"),
    Suit.DIAMONDS: N_("Diamonds"),
    Suit.CLUBS: N_("Clubs"),
}
"""A suit as in "Queen of Hearts"."""
JOKER = N_("Joker")
"""A printed joker's name."""


def rank_index(rank: Rank) -> str:
    """The rank as its card index shows it in the language in use: ``D`` for a French Queen."""
    letters = COURT_INDICES.get(language(), COURT_INDICES[LANGUAGES[0]])
    return letters.get(rank, rank.label)


def rank_plural(rank: Rank) -> str:
    """``Fives``."""
    return pgettext(RANK, RANK_PLURALS[rank])


def wild_sentence(rank: Rank) -> str:
    """``Fives are wild``."""
    return _(WILD_RANKS[rank])


def capitalized(sentence: str) -> str:
    """``sentence`` with a capital first letter, for a line of its own ("les neuf sont
    jokers" → "Les neuf sont jokers")."""
    return sentence[:1].upper() + sentence[1:]


def card_name(card: Card) -> str:
    """The card in words: ``Queen of Hearts``, ``7 of Spades``, ``Joker``."""
    if card.rank is None or card.suit is None:
        return _(JOKER)
    named = RANK_NAMES.get(card.rank)
    rank = _(named) if named is not None else card.rank.label
    # TRANSLATORS: a card's name, e.g. "Queen of Hearts" (French: "Dame de cœur").
    return _("{rank} of {suit}").format(rank=rank, suit=_(SUIT_NAMES[card.suit]))


def card_short(card: Card) -> str:
    """The card where space is short: its index and suit, ``Q♥`` (``D♥`` in French)."""
    if card.rank is None or card.suit is None:
        return _(JOKER)
    return rank_index(card.rank) + card.suit.symbol


def meld_words(meld: Meld) -> str:
    """A meld as its cards, each wild with what it stands for: ``7♥ 8♥ Joker(9♥)``."""
    parts = []
    for card, position in zip(meld.cards, meld.positions, strict=True):
        stands = Rank(1 if position == ACE_HIGH else position)
        natural = card.rank is stands and (meld.suit is None or card.suit == meld.suit)
        if natural:
            parts.append(card_short(card))
        else:
            parts.append(f"{card_short(card)}({stands_short(position, meld.suit)})")
    return " ".join(parts)


def stands_short(position: int, suit: Suit | None) -> str:
    """What a card of a meld stands for, where space is short: ``6♠`` in a run of spades,
    ``6`` in a set (any suit), ``A`` for a high Ace."""
    stands = Rank(1 if position == ACE_HIGH else position)
    return rank_index(stands) + (suit.symbol if suit else "")


def leftover_sum(values: Sequence[tuple[Card, int]], multiplier: int = 1) -> str:
    """The leftover cards with their values and their sum, doubled if the round is:
    ``Q♥ 10 + 8♦ 8 = 18``, ``Q♥ 10 + 8♦ 8 = 18 ×2 = 36``."""
    total = sum(value for _card, value in values)
    cards = " + ".join(f"{card_short(card)} {value}" for card, value in values)
    # TRANSLATORS: the leftover cards with their values, then their sum: "Q♥ 10 + 8♦ 8 = 18".
    line = _("{cards} = {sum}").format(cards=cards, sum=total)
    return doubled_sum(line, total, multiplier)


def doubled_sum(line: str, total: int, multiplier: int) -> str:
    """``line`` followed by the doubling of ``total`` in a doubled round: ``… = 18 ×2 = 36``."""
    if multiplier == 1:
        return line
    # TRANSLATORS: a doubled round's penalty: "Q♥ 10 + 8♦ 8 = 18 ×2 = 36".
    return _("{line} ×{factor} = {total}").format(
        line=line, factor=multiplier, total=total * multiplier
    )
