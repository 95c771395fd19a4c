"""Hints: the strongest seat's choice with a reason a player understands."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai.hint import Reason, Why, reason_for, suggest
from game.ai.planner import HardPolicy
from game.engine.actions import Action, Discard, Draw, DrawSource, LayDown, LayOffCard
from game.engine.cards import parse_cards
from game.engine.match import Match
from game.engine.open_table import readings
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
    assert hint_line(hint) == "Discard the Q♦ to go out"


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


def _lay_down_of(match: Match, codes: str) -> LayDown:
    """The lay-down of the current seat's cards ``codes`` as one meld (checked legal)."""
    wanted = [card.pretty() for card in parse_cards(codes)]
    cards = [card for card in match.hands[match.current_seat] if card.pretty() in wanted]
    action = LayDown((readings(cards, match.wild_rank, match.rules)[0],))
    assert match.is_legal(action)
    return action


def test_at_the_open_table_a_lay_down_and_a_lay_off_are_suggested_with_reasons(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Whatever lay move the hard AI picks, the hint words it: here it is made to pick the
    moves it may not make yet."""
    match = rig(
        RuleSet(players=2, table="open"),
        ["7H 8H 9H KC 2S", "AC 2D 3H 4S 6D"],
        discard="JD",
        stock_top="10H",
        round_index=2,
    )
    match.apply(Draw(DrawSource.STOCK))
    chosen: list[Action] = [_lay_down_of(match, "7H 8H 9H")]
    monkeypatch.setattr(HardPolicy, "choose", lambda _self, _view: chosen[0])
    hint = suggest(match.view_for(0))
    assert hint.action == chosen[0] and hint.reason.why is Why.LAY_DOWN
    assert hint.reason.points == (24,)
    assert hint_line(hint) == ("Lay down 7♥ 8♥ 9♥: 24 points in your hand, 0 on the table")
    match.apply(chosen[0])
    ten = next(card for card in match.hands[0] if card.pretty() == "10♥")
    chosen[0] = LayOffCard(ten, 0, 10)
    assert match.is_legal(chosen[0])
    hint = suggest(match.view_for(0))
    assert hint.reason == Reason(
        Why.LAY_OFF, ten, match.table[0].meld, points=(10,), owner=0, players=2
    )
    assert hint_line(hint) == (
        "Lay the 10♥ off onto your meld 7♥ 8♥ 9♥: 10 points in your hand, 0 there"
    )


def test_under_contracts_the_first_lay_down_is_the_contract(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = rig(
        RuleSet(players=2, table="open", contracts=True),
        ["7H 8H 9H KC KD", "AC 2D 3H 4S 6D"],
        discard="JD",
        stock_top="KS",
        round_index=2,
    )
    match.apply(Draw(DrawSource.STOCK))
    contract = _lay_down_of(match, "KC KD KS")
    monkeypatch.setattr(HardPolicy, "choose", lambda _self, _view: contract)
    hint = suggest(match.view_for(0))
    assert hint.reason.why is Why.LAY_DOWN_CONTRACT
    assert "this round's contract" in hint_line(hint)


def test_at_the_open_table_a_last_discard_counts_the_rest_in_full() -> None:
    match = rig(
        RuleSet(players=2, table="open"),
        ["7H 8H 9H KC 2S", "AC 2D 3H 4S 6D"],
        discard="JD",
        stock_top="QC",
        round_index=2,
    )
    match.apply(Draw(DrawSource.STOCK))
    view = replace(match.view_for(0), last_turns=True)
    king = next(card for card in view.hand if card.pretty() == "K♣")
    reason = reason_for(view, Discard(king))
    assert reason.why is Why.DISCARD_LAST_TURN
    assert reason.points == (7 + 8 + 9 + 2 + 10,), "nothing is laid down: all in full"


def test_at_the_open_table_a_card_that_fits_a_meld_there_is_not_dead_weight() -> None:
    match = rig(
        RuleSet(players=2, table="open"),
        ["7H 8H 9H KC 2S", "AC 2D 3H 4S 6D"],
        discard="JD",
        stock_top="10H",
        round_index=2,
    )
    match.apply(Draw(DrawSource.STOCK))
    match.apply(_lay_down_of(match, "7H 8H 9H"))
    ten, king = (next(c for c in match.hands[0] if c.pretty() == p) for p in ("10♥", "K♣"))
    view = match.view_for(0)
    assert reason_for(view, Discard(king)).why is Why.DISCARD_DEAD_WEIGHT
    assert reason_for(view, Discard(ten)).why is Why.DISCARD_FOR_CHANCES, "it fits the run"
