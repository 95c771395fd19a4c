"""Cards: their order and their equality."""

from __future__ import annotations

import operator
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.cards import (
    SUIT_INDEX,
    SUITS,
    Card,
    Rank,
    Suit,
    check_shoe,
    new_shoe,
    parse_cards,
)

cards = st.sampled_from(new_shoe(3, 4))


def test_a_mixed_hand_sorts_by_ordinal_then_copy() -> None:
    # Jokers (two copies), one rank in two suits, two copies of one card.
    hand = list(parse_cards("7S JK 7H KC 7H 2D JK AS 7C"))
    random.Random(7).shuffle(hand)
    assert [card.code for card in sorted(hand)] == [
        "JK.0",
        "JK.1",
        "AS.0",
        "2D.0",
        "7C.0",
        "7H.0",
        "7H.1",
        "7S.0",
        "KC.0",
    ]


def test_suits_order_clubs_diamonds_hearts_spades() -> None:
    seven = [Card(Rank.SEVEN, suit) for suit in (Suit.SPADES, Suit.CLUBS, Suit.HEARTS)]
    assert sorted(seven) == [Card(Rank.SEVEN, s) for s in (Suit.CLUBS, Suit.HEARTS, Suit.SPADES)]
    assert Card(Rank.SEVEN, Suit.DIAMONDS) < Card(Rank.SEVEN, Suit.HEARTS)
    assert Card(Rank.SIX, Suit.SPADES) < Card(Rank.SEVEN, Suit.CLUBS)


def test_a_joker_is_below_every_natural() -> None:
    joker = Card(None, None, copy=3)
    ace = Card(Rank.ACE, Suit.CLUBS)
    assert joker < ace and joker <= ace and ace > joker and ace >= joker
    assert min(ace, joker) is joker


@given(cards, cards)
def test_comparisons_agree_with_equality(a: Card, b: Card) -> None:
    assert (a == b) == (a <= b and a >= b) == (not a < b and not a > b)
    assert (a < b) == (b > a) == (not a >= b)
    assert (a <= b) == (b >= a) == (not a > b)
    assert (a < b) + (a == b) + (a > b) == 1
    assert (a < b) == ((a.ordinal, a.copy) < (b.ordinal, b.copy))


@given(st.lists(cards, unique=True))
def test_sorting_is_by_ordinal_then_copy(hand: list[Card]) -> None:
    assert sorted(hand) == sorted(hand, key=lambda card: (card.ordinal, card.copy))


@pytest.mark.parametrize("name", ["lt", "le", "gt", "ge"])
def test_a_card_does_not_compare_with_other_types(name: str) -> None:
    card = Card(Rank.TWO, Suit.HEARTS)
    assert getattr(card, f"__{name}__")((8, 0)) is NotImplemented
    with pytest.raises(TypeError):
        getattr(operator, name)(card, (8, 0))


@pytest.mark.parametrize(
    ("rank", "suit"), [(None, Suit.HEARTS), (Rank.TWO, None)], ids=["no rank", "no suit"]
)
def test_a_card_is_a_joker_or_has_both_rank_and_suit(rank: Rank | None, suit: Suit | None) -> None:
    # A half joker would sort beside the jokers yet equal none of them.
    with pytest.raises(ValueError, match="both"):
        Card(rank, suit)


def test_one_suit_order_for_ordinals() -> None:
    assert SUITS == (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    assert {suit: SUITS.index(suit) for suit in Suit} == SUIT_INDEX
    for card in new_shoe(1, 0):
        assert card.suit is not None and card.rank is not None
        assert card.ordinal == int(card.rank) * 4 + SUIT_INDEX[card.suit]
        assert Card.from_ordinal(card.ordinal) == card


@pytest.mark.parametrize(("decks", "jokers"), [(2, 0), (2, 4), (3, 2)])
def test_a_whole_shoe_is_in_the_shoe(decks: int, jokers: int) -> None:
    check_shoe(new_shoe(decks, jokers), decks, jokers)


@pytest.mark.parametrize(
    ("hand", "decks", "jokers", "message"),
    [
        pytest.param(
            "7H 2C 7H 7H",
            2,
            0,
            "the hand holds 3 copies of 7H but the shoe has 2, one per deck",
            id="natural",
        ),
        pytest.param(
            "JK JK JK", 2, 2, "the hand holds 3 printed jokers but the shoe has 2", id="jokers"
        ),
        pytest.param("JK", 3, 0, "the hand holds 1 printed joker but the shoe has 0", id="joker"),
    ],
)
def test_a_card_beyond_the_shoe_is_named(hand: str, decks: int, jokers: int, message: str) -> None:
    with pytest.raises(ValueError) as error:
        check_shoe(parse_cards(hand), decks, jokers)
    assert str(error.value) == message


def test_cards_of_the_wild_rank_are_not_checked_when_named() -> None:
    hand = parse_cards("7H 7H 7H 7H")
    check_shoe(hand, 2, 0, wild_rank=Rank.SEVEN)
    with pytest.raises(ValueError, match="4 copies"):
        check_shoe(hand, 2, 0, wild_rank=Rank.EIGHT)
