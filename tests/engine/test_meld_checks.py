"""Which melds are legal (``meld_fault``) and what a round's log says (``round_log``)."""

from __future__ import annotations

import pytest

from game.engine.cards import Rank, Suit, parse_cards
from game.engine.melds import Meld, MeldKind, meld_fault
from game.engine.round_log import still_held, turn_due, turns_played
from game.engine.rules import RuleSet
from game.engine.view import MoveKind, PublicMove, public_card

BASE = RuleSet()
HIGH = RuleSet(aces="low_or_high")
ONE_WILD = RuleSet(max_wilds_per_meld=1)
NO_ALL_WILD = RuleSet(all_wild_melds=False)
H, S = Suit.HEARTS, Suit.SPADES


def run(cards: str, low: int, suit: Suit = H) -> Meld:
    held = parse_cards(cards)
    return Meld(MeldKind.RUN, held, tuple(range(low, low + len(held))), suit)


def a_set(cards: str, rank: int) -> Meld:
    held = parse_cards(cards)
    return Meld(MeldKind.SET, held, (rank,) * len(held), None)


@pytest.mark.parametrize(
    ("meld", "rules"),
    [
        pytest.param(run("7H 8H 9H", 7), BASE, id="run"),
        pytest.param(run("7H 3S 9H", 7), BASE, id="run-with-a-wild"),
        pytest.param(run("AH 2H 3C", 1), BASE, id="ace-low"),
        pytest.param(run("QH KH AH", 12), HIGH, id="ace-high"),
        pytest.param(a_set("7H 7S 7H", 7), BASE, id="set-suit-repeats"),
        pytest.param(a_set("3C 3D 3H", 1), BASE, id="all-wild-set"),
        pytest.param(run("3C 3D 3H", 11), HIGH, id="all-wild-run"),
        pytest.param(a_set("7H 7S 3D", 7), ONE_WILD, id="one-wild"),
        pytest.param(run("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 1), BASE, id="thirteen"),
    ],
)
def test_legal_melds(meld: Meld, rules: RuleSet) -> None:
    assert meld_fault(meld, Rank.THREE, rules) is None


@pytest.mark.parametrize(
    ("meld", "rules", "fault"),
    [
        pytest.param(run("5S 8S 2C", 5), BASE, "5S cannot stand for 5H", id="wrong-suit"),
        pytest.param(run("7H 9H 10H", 7), BASE, "9H cannot stand for 8H", id="wrong-rank"),
        pytest.param(a_set("7H 7S 8D", 7), BASE, "8D cannot stand for 7", id="set-rank"),
        pytest.param(run("QH KH AH", 12), BASE, "outside 1..13", id="ace-high-not-allowed"),
        pytest.param(run("7H 8H", 7), BASE, "3 cards or more", id="two-cards"),
        pytest.param(a_set("3C 3D 3H", 3), ONE_WILD, "3 wilds", id="three-wilds-one-allowed"),
        pytest.param(a_set("3C 3D 3H", 3), NO_ALL_WILD, "only of wilds", id="all-wild-refused"),
        pytest.param(
            Meld(MeldKind.RUN, parse_cards("7H 8H 9H"), (7, 9, 10), H),
            BASE,
            "not at most 13 ranks in a row",
            id="gap",
        ),
        pytest.param(
            Meld(MeldKind.RUN, parse_cards("7H 8H 9H"), (7, 8, 9), None), BASE, "has a suit", id="x"
        ),
        pytest.param(
            Meld(MeldKind.SET, parse_cards("7H 7S 7D"), (7, 7, 7), S), BASE, "no suit", id="suit"
        ),
        pytest.param(a_set("3C 3D 3H", 14), BASE, "no rank at position 14", id="set-at-14"),
        pytest.param(
            run("3C 3D 3H AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH", 1),
            HIGH,
            "not at most 13",
            id="fourteen",
        ),
    ],
)
def test_illegal_melds_say_why(meld: Meld, rules: RuleSet, fault: str) -> None:
    found = meld_fault(meld, Rank.THREE, rules)
    assert found is not None and fault in found


SEVEN, TWIN = parse_cards("7H 7H")


def moves(*entries: tuple[int, MoveKind, int | None]) -> list[PublicMove]:
    cards = {0: SEVEN, 1: TWIN}
    return [PublicMove(seat, kind, None if c is None else cards[c]) for seat, kind, c in entries]


TAKES_THEN_THROWS_TWIN = moves(
    (0, MoveKind.TOOK_DISCARD, 0),
    (0, MoveKind.DISCARDED, 1),
    (1, MoveKind.STOCK_REBUILT, None),
    (1, MoveKind.DREW_STOCK, None),
)


def test_what_the_log_says() -> None:
    log = TAKES_THEN_THROWS_TWIN
    assert turns_played(log) == 1 and turn_due(log, 2, 0) == (1, True)
    assert still_held(log, 2) == ((SEVEN,), ())  # the engine's truth: which 7♥ is which
    assert still_held(log, 2, public_card) == ((), ())  # the table's: a 7♥ went back


@pytest.mark.parametrize(
    ("log", "fault"),
    [
        pytest.param(moves((1, MoveKind.DREW_STOCK, None)), "seat 1 moved in the turn", id="seat"),
        pytest.param(moves((0, MoveKind.DISCARDED, 0)), "where a draw was due", id="no-draw"),
        pytest.param(
            moves((0, MoveKind.STOCK_REBUILT, None), (0, MoveKind.TOOK_DISCARD, 0)),
            "'took_discard' where a stock draw was due",
            id="rebuilt-then-took",
        ),
        pytest.param(
            moves((0, MoveKind.STOCK_REBUILT, None)), "nobody drew from", id="rebuilt-at-end"
        ),
        pytest.param(
            moves((0, MoveKind.DREW_STOCK, None), (0, MoveKind.DREW_STOCK, None)),
            "where a discard was due",
            id="two-draws",
        ),
    ],
)
def test_a_log_out_of_order_is_refused(log: list[PublicMove], fault: str) -> None:
    with pytest.raises(ValueError, match=fault):
        turn_due(log, 2, 0)
