"""Hints: the strongest seat's choice with a reason a player understands."""

from __future__ import annotations

import pytest

from game.ai.hint import Reason, Why, suggest
from game.engine.actions import Discard, Draw, DrawSource
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.words.hint_words import hint_line
from tests.engine.match_tools import rig


def test_a_first_hint_draws_from_the_stock_or_takes_the_top_card() -> None:
    match = Match.new(RuleSet(players=2), seed=3)
    hint = suggest(match.view_for(match.current_seat))
    top = match.discard_pile[-1].pretty()
    assert hint_line(hint).split(":")[0] in {"Draw from the stock", f"Take the {top}"}
    assert match.is_legal(hint.action)


def test_hint_takes_a_card_that_completes_a_run() -> None:
    match = rig(
        RuleSet(players=2), ["7H 8H KC QD 2S", "AC 2D 3H 4S 6D"], discard="9H", round_index=2
    )
    hint = suggest(match.view_for(0))
    assert hint.action == Draw(DrawSource.DISCARD)
    assert hint.reason.why is Why.TAKE_TO_COMPLETE and hint.reason.meld is not None
    assert hint_line(hint) == "Take the 9♥: it completes 7♥ 8♥ 9♥"


def test_hint_goes_out() -> None:
    match = rig(
        RuleSet(players=2),
        ["7H 8H 9H QD", "AC 2D 3H 4S"],
        discard="QC",
        stock_top="4S",
        round_index=1,
    )
    match.apply(Draw(DrawSource.STOCK))
    hint = suggest(match.view_for(0))
    assert isinstance(hint.action, Discard) and str(hint.action.card) == "QD"
    assert hint.reason == Reason(Why.DISCARD_TO_GO_OUT, hint.action.card)
    assert hint_line(hint) == "Discard the Q♦ and go out!"


def test_hint_explains_a_loose_card() -> None:
    match = rig(
        RuleSet(players=2),
        ["7H 8H 9H KC 2S", "AC 2D 3H 4S 6D"],
        discard="JD",
        stock_top="3C",
        round_index=2,
    )
    match.apply(Draw(DrawSource.STOCK))
    hint = suggest(match.view_for(0))
    assert isinstance(hint.action, Discard) and str(hint.action.card) == "KC"
    assert hint.reason == Reason(Why.DISCARD_DEAD_WEIGHT, hint.action.card, points=(10,))
    assert hint_line(hint) == "Discard the K♣: it fits no meld and would cost 10 points"


def test_no_hint_out_of_turn() -> None:
    match = rig(
        RuleSet(players=2), ["7H 8H 9H KC 2S", "AC 2D 3H 4S 6D"], discard="JD", round_index=2
    )
    with pytest.raises(ValueError, match="not seat 1's turn"):
        suggest(match.view_for(1))
