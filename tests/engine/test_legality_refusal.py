"""Every refusal the engine gives has its kind as data, and the English sentence says the same."""

from __future__ import annotations

from game.engine.actions import Discard, Draw, DrawSource
from game.engine.legality import Refusal
from game.engine.match import Match
from game.engine.rules import RuleSet
from tests.engine.match_tools import rig


def test_each_refusal_kind_with_its_sentence() -> None:
    match = rig(RuleSet(players=2), ["7H 8H 9H", "AC 2D 3H"], discard="QC", round_index=0)
    card = match.hands[0][0]
    assert match.refusal(Discard(card)) is Refusal.MUST_DRAW
    assert "must draw" in (match.why_illegal(Discard(card)) or "")
    assert match.refusal("draw") is Refusal.NOT_AN_ACTION
    assert match.refusal(Draw(DrawSource.STOCK)) is None
    match.apply(Draw(DrawSource.DISCARD))
    taken = match.hands[0][-1]
    assert match.refusal(Draw(DrawSource.STOCK)) is Refusal.ALREADY_DREW
    assert match.refusal(Discard(taken)) is Refusal.TAKEN_CARD
    assert "was just taken" in (match.why_illegal(Discard(taken)) or "")
    other = match.hands[1][0]
    assert match.refusal(Discard(other)) is Refusal.NOT_IN_HAND
    assert match.why_illegal(Discard(other)) == f"{other.code} is not in the hand of seat 0"


def test_an_empty_discard_pile_and_a_finished_match() -> None:
    match = Match.new(RuleSet(players=2), seed=1)
    while not match.is_over:
        match.apply(match.legal_actions()[0])
    assert match.refusal(Draw(DrawSource.STOCK)) is Refusal.MATCH_OVER
    assert match.legal_actions() == ()


def test_what_forbids_any_lay_move_of_some_cards_now() -> None:
    """``Match.lay_refusal``: the closed table, no draw yet, cards not held, no card left to
    discard, in that order; then nothing (the melds are the lay move's own affair)."""
    closed = rig(RuleSet(players=2), ["7H 8H 9H", "AC 2D 3H"], round_index=0)
    assert closed.lay_refusal(closed.hands[0]) is Refusal.CLOSED_TABLE
    match = rig(RuleSet(players=2, table="open"), ["7H 8H 9H", "AC 2D 3H"], stock_top="KC")
    hand = match.hands[0]
    assert match.lay_refusal(hand) is Refusal.MUST_DRAW_FIRST
    match.apply(Draw(DrawSource.STOCK))
    assert match.lay_refusal(match.hands[1][:1]) is Refusal.CARDS_NOT_HELD
    assert match.lay_refusal(match.hands[0]) is Refusal.KEEP_ONE_CARD
    assert match.lay_refusal(hand) is None
    assert match.lay_refusal(match.hands[0][-1:]) is None, "a single card: not this question"
