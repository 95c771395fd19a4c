"""Illegal actions are refused with a message saying what is wrong, and change nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from game.engine.actions import Discard, IllegalMoveError, Phase
from game.engine.cards import Card, parse_cards
from game.engine.match import Match
from game.engine.rules import RuleSet
from tests.engine.match_tools import STOCK, TAKE, rig

TWO = RuleSet(players=2, schedule="short")


def fresh() -> Match:
    return rig(TWO, ["7H 8H KC", "2S 5D 9C"], discard="QD", stock_top="4C 6S")


def after_drawing() -> Match:
    match = fresh()
    match.apply(STOCK)
    return match


def after_taking() -> Match:
    match = fresh()
    match.apply(TAKE)
    return match


def empty_discard() -> Match:
    return rig(TWO, ["7H 8H KC", "2S 5D 9C"], discard="")


def finished() -> Match:
    """Last round of the short schedule; seat 0 goes out at once, seat 1 takes its last turn."""
    match = rig(
        TWO,
        ["7H 8H 9H 10H JH QH KH AS 2S 3S", "2C 4D 6H 8S 10C QD KS AD 4C 5H"],
        stock_top="KC 9D",
        discard="6C",
        round_index=TWO.rounds - 1,
    )
    for action in (STOCK, Discard(card("KC")), STOCK, Discard(card("9D"))):
        match.apply(action)
    assert match.is_over
    return match


def card(code: str) -> Card:
    return Card.parse(code)


CASES: list[Any] = [
    pytest.param(after_drawing, STOCK, "seat 0 has already drawn this turn", id="draw-twice"),
    pytest.param(after_taking, TAKE, "already drawn", id="take-after-taking"),
    pytest.param(fresh, Discard(card("7H")), "seat 0 must draw", id="discard-before-draw"),
    pytest.param(
        after_drawing, Discard(card("2S")), "2S.0 is not in the hand of seat 0", id="not-in-hand"
    ),
    pytest.param(
        after_drawing,
        Discard(Card.parse("7H", copy=1)),
        "7H.1 is not in the hand",
        id="twin-not-in-hand",
    ),
    pytest.param(
        after_taking,
        Discard(card("QD")),
        "QD.0 was just taken from the discard pile and may not be discarded",
        id="discard-taken-card",
    ),
    pytest.param(empty_discard, TAKE, "the discard pile is empty", id="take-from-empty-pile"),
    pytest.param(finished, STOCK, "the match is over", id="match-over"),
    pytest.param(finished, Discard(card("7H")), "the match is over", id="match-over-discard"),
    pytest.param(fresh, "draw", "not an action", id="not-an-action"),
]


@pytest.mark.parametrize(("build", "action", "message"), CASES)
def test_illegal_action_is_refused_and_changes_nothing(
    build: Callable[[], Match], action: Any, message: str
) -> None:
    match = build()
    before, twin = match.to_json(), match.copy()
    assert not match.is_legal(action)
    assert action not in match.legal_actions()
    with pytest.raises(IllegalMoveError, match=message):
        match.apply(action)
    assert match.to_json() == before
    assert match == twin


def test_taken_card_may_be_discarded_when_the_rule_allows() -> None:
    rules = RuleSet(players=2, schedule="short", discard_taken_card=True)
    match = rig(rules, ["7H 8H KC", "2S 5D 9C"], discard="QD")
    match.apply(TAKE)
    assert Discard(card("QD")) in match.legal_actions()
    match.apply(Discard(card("QD")))
    assert match.discard_pile[-1] == card("QD")


def test_the_twin_of_the_taken_card_may_be_discarded() -> None:
    """Two decks: the rule is about the physical card taken, not its identical twin."""
    match = rig(TWO, ["QD 8H KC", "2S 5D 9C"], discard="QD")
    match.apply(TAKE)
    taken = Card.parse("QD", copy=1)
    assert match.taken_card == taken
    assert Discard(card("QD")) in match.legal_actions()
    assert Discard(taken) not in match.legal_actions()


def test_card_drawn_from_stock_may_be_discarded() -> None:
    match = fresh()
    match.apply(STOCK)
    assert match.is_legal(Discard(card("4C")))


def test_legal_actions_order() -> None:
    match = fresh()
    assert match.legal_actions() == (STOCK, TAKE)
    match.apply(STOCK)
    assert match.phase is Phase.DISCARD
    hand = parse_cards("7H 8H KC 4C")
    assert match.legal_actions() == tuple(Discard(c) for c in hand)
    assert empty_discard().legal_actions() == (STOCK,)
    assert finished().legal_actions() == ()


def test_not_your_turn_in_a_view() -> None:
    match = fresh()
    other = match.view_for(1)
    assert not other.is_my_turn
    assert other.legal_actions() == ()
    assert not other.is_legal(STOCK)
    assert match.view_for(0).is_legal(STOCK)


def test_bad_seat_for_a_view() -> None:
    with pytest.raises(ValueError, match=r"no seat 2: seats are 0\.\.1"):
        fresh().view_for(2)
