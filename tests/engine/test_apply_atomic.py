"""``apply`` is all or nothing: whatever it raises, the match is as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import game.engine.match as match_module
from game.engine.actions import Action, Discard
from game.engine.cards import parse_cards
from game.engine.match import Match
from game.engine.melds import Arrangement, Meld, MeldKind
from game.engine.rules import RuleSet
from tests.engine.match_tools import STOCK, TAKE, card, rig


def in_last_turn() -> Match:
    """Two seats, one wild a meld, lay-off on: seat 0 went out, seat 1 (holding a wild
    3) has drawn its last card; its discard ends the round."""
    rules = RuleSet(players=2, max_wilds_per_meld=1, lay_off=True)
    match = rig(rules, ["7H 8H 9H", "3S 9D 10H"], stock_top="KD QC")
    match.apply(STOCK)
    match.apply(Discard(card("KD")))
    assert match.in_last_turns
    match.apply(STOCK)
    return match


def three_wilds_shown(match: Match) -> Action:
    """Corrupt: who went out shows three wild 3s (more than one wild a meld): scoring
    seat 1's lay-offs then fails inside the solver."""
    wilds = Meld(MeldKind.SET, parse_cards("3C 3D 3H"), (3, 3, 3), None)
    match._went_out_arrangement = Arrangement((wilds,), (), 0)
    return Discard(card("QC"))


def empty_discard_pile(match: Match) -> Action:
    """Corrupt: the discard pile is gone, and the draw from it is not checked."""
    match._discard.clear()
    return TAKE


def frozen_known_cards(match: Match) -> Action:
    """Corrupt: the seat's known cards are a tuple, which the discard cannot remove from."""
    seat = match.current_seat
    match._known[seat] = tuple(match._hands[seat])  # type: ignore[call-overload]
    return Discard(match._hands[seat][0])


CORRUPTIONS: list[Callable[[Match], Action]] = [
    three_wilds_shown,
    empty_discard_pile,
    frozen_known_cards,
]


@pytest.mark.parametrize("corrupt", CORRUPTIONS, ids=lambda corrupt: corrupt.__name__)
def test_any_exception_leaves_the_match_unchanged(corrupt: Callable[[Match], Action]) -> None:
    match = in_last_turn()
    action = corrupt(match)
    before = match.to_json()
    with pytest.raises(Exception):  # noqa: B017 - whatever it raises
        match.apply(action, validate=False)
    assert match.to_json() == before


class Interrupted(BaseException):
    """Not even an ``Exception``: as a Ctrl-C in the middle of a move."""


def test_an_interrupted_apply_leaves_the_match_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver is asked whether the seat goes out after its discard has been made."""
    match = in_last_turn()
    match.apply(Discard(card("QC")))  # the round ends; round 2 is dealt
    match.apply(STOCK)
    before, twin = match.to_json(), match.copy()

    def interrupted(*args: object) -> Arrangement:
        raise Interrupted

    monkeypatch.setattr(match_module, "contract_arrangement", interrupted)
    with pytest.raises(Interrupted):
        match.apply(Discard(match.hands[match.current_seat][0]))
    assert match.to_json() == before and match == twin
    monkeypatch.undo()
    assert match.apply(Discard(match.hands[match.current_seat][0])) == twin.apply(
        Discard(twin.hands[twin.current_seat][0])
    )
