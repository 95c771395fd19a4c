"""Views follow docs/RULES.md "Identical cards": no copy index a seat could not know."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.engine.actions import Discard
from game.engine.cards import Card
from game.engine.match import Match
from game.engine.rules import RuleSet
from tests.engine.match_tools import TAKE, card, random_action, rig


def test_throwing_the_twin_of_a_taken_card_is_no_longer_known() -> None:
    """Seat 0 holds one 7♥, takes the other from the discard pile and throws the first."""
    match = rig(RuleSet(players=2), ["7H KC 9D", "2C 5D QS"], discard="7H")
    held, taken = card("7H", 0), card("7H", 1)
    assert held in match.hands[0] and match.discard_pile[-1] == taken
    match.apply(TAKE)
    assert all(list(map(str, match.view_for(seat).known_cards[0])) == ["7H"] for seat in (0, 1))
    match.apply(Discard(held))  # legal: not the card just taken
    assert taken in match.hands[0]  # true, but nobody at the table can tell
    assert [match.view_for(seat).known_cards[0] for seat in (0, 1)] == [(), ()]


def swap_copies(document: dict[str, Any], seat: int) -> dict[str, Any]:
    """The same state with the two copies of every card that ``seat`` does not hold
    swapped wherever they are: a seat cannot tell the two worlds apart."""
    mine = set(document["state"]["hands"][seat])

    def swapped(code: str) -> str:
        label, copy = code.rsplit(".", 1)
        twin = f"{label}.{1 - int(copy)}"
        return code if label == "JK" or code in mine or twin in mine else twin

    def walk(value: Any) -> Any:
        if isinstance(value, str) and value.count(".") == 1 and value[-1].isdigit():
            return swapped(value)
        if isinstance(value, list):
            return [walk(item) for item in value]
        if isinstance(value, dict):
            return {key: walk(item) for key, item in value.items()}
        return value

    state = walk(document["state"])
    state["hands"][seat] = document["state"]["hands"][seat]
    return {**document, "state": state}


@pytest.mark.parametrize("rules", [RuleSet(players=3), RuleSet(players=4, lay_off=True)])
def test_a_view_is_blind_to_which_copy_is_where(rules: RuleSet) -> None:
    match = Match.new(rules, 8)
    rng = random.Random(8)
    checked = 0
    while not match.is_over and checked < 60:
        for _ in range(5):
            match.apply(random_action(match, rng, greed=0.9))
        document = match.to_json()
        for seat in range(rules.players):
            twin = Match.from_json(swap_copies(document, seat), verify=False)
            assert twin.view_for(seat) == match.view_for(seat)
        checked += 1
    assert checked == 60


def test_the_views_own_cards_keep_their_identity() -> None:
    """The seat's hand (and the card it just took) name physical cards: its actions do."""
    match = rig(RuleSet(players=2), ["7H KC 9D", "2C 5D QS"], discard="7H")
    match.apply(TAKE)
    view = match.view_for(0)
    assert view.hand == match.hands[0] and view.taken_card == card("7H", 1)
    assert view.legal_actions() == match.legal_actions()
    assert Discard(card("7H", 0)) in view.legal_actions()
    assert match.view_for(1).taken_card == Card.parse("7H")
