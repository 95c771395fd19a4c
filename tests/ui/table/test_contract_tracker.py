"""The contract tracker at your hand's left (what your hand holds of the contract, in words and
by a mark over each card that makes it), and a coach and a hint that speak in the contract's
terms: never a first lay-down the contract refuses, and a meld that does not count said so.

Set ``THREE_THIRTEEN_SHOTS`` to a folder to keep a screenshot of each table looked at.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.ai.easy import EasyPolicy
from game.ai.evaluation import open_contract
from game.ai.hint import Suggestion, Why, reason_for, suggest
from game.ai.planner import HardPolicy
from game.engine.actions import Discard, Draw, DrawSource, LayDown, Phase
from game.engine.cards import Card, parse_cards
from game.engine.contract_hold import contract_hold
from game.engine.contracts import Contract
from game.engine.match import Match
from game.engine.open_table import laid_down
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement
from game.engine.view import PlayerView
from game.ui.kit.text import Text
from game.ui.seen.contract_tracker import tracker_lines
from game.ui.table.coach import coach_tip
from game.words.card_words import meld_words
from tests.engine.match_tools import rig
from tests.ui.driver import wait_until
from tests.ui.every_screen import overlaps
from tests.ui.rigged import at_rest, open_rigged
from tests.ui.table.test_contract_table import look

OTHERS = ["2C 9D KD 5S", "5C 8C JH 6D", "QS AD 10C 3S"]
"""The other seats' four cards in the second round (fours wild, a run the contract)."""
OTHERS_6 = ["2C 9D KD 5S 6C 7C", "5C 8C JH 6D 9S 10S", "QS AD 10C 3S 4C 4D"]
"""The other seats' six cards in the fourth round (sixes wild, two sets the contract)."""


def second_round(hand: str, drawn: str, table: str = "closed") -> Match:
    """Round 2 (one run), you holding ``hand`` and having drawn ``drawn``."""
    rules = RuleSet(contracts=True, table=table)
    match = rig(rules, [hand, *OTHERS], discard="KS", stock_top=drawn, round_index=1)
    match.apply(Draw(DrawSource.STOCK))
    return match


def fourth_round(hand: str, drawn: str, table: str = "closed") -> Match:
    """Round 4 (two sets), you holding ``hand`` and having drawn ``drawn``."""
    rules = RuleSet(contracts=True, table=table)
    match = rig(rules, [hand, *OTHERS_6], discard="QC", stock_top=drawn, round_index=3)
    match.apply(Draw(DrawSource.STOCK))
    return match


def cards(codes: str) -> frozenset[Card]:
    return frozenset(parse_cards(codes))


def test_the_tracker_names_the_set_held_and_the_set_missing(tmp_path: Path) -> None:
    """Two sets: K♠ K♥ K♦ held, one more set to make; the three Kings wear the mark."""
    app = open_rigged(tmp_path, fourth_round("KS KH KD 5C 9H 5D", "2S"))
    try:
        table = at_rest(app)
        hold = table.picture().tracker
        assert hold is not None and hold.cards == cards("KS KH KD")
        seen = look(app, "tracker-two-sets-1280")
        said = " ".join(d.message for d in seen.texts)
        assert "Contract: 2 sets" in said
        assert "You have K♦ K♥ K♠; one more set" in said, said
        assert overlaps(seen) == []
    finally:
        app.close()


def test_a_set_does_not_count_toward_a_run(tmp_path: Path) -> None:
    """One run: 7♥ 7♦ 7♣ make a set, which the contract does not take: nothing marked."""
    app = open_rigged(tmp_path, second_round("7H 7D 7C QD", "8H"), (640, 400))
    try:
        table = at_rest(app)
        hold = table.picture().tracker
        assert hold is not None and hold.cards == frozenset()
        seen = look(app, "tracker-no-run-640")
        said = " ".join(d.message for d in seen.texts)
        assert "You have none of it yet" in said
        assert overlaps(seen) == []
    finally:
        app.close()


@pytest.mark.slow
def test_the_tracker_leaves_once_the_contract_is_laid_down(tmp_path: Path) -> None:
    """Open table, one run: 7♥ 8♥ 9♥ 10♥ marked and whole; laid down, the tracker goes."""
    match = second_round("7H 8H 9H QD", "10H", table="open")
    app = open_rigged(tmp_path, match)
    try:
        table = at_rest(app)
        hold = table.picture().tracker
        assert hold is not None and hold.met and hold.cards == cards("7H 8H 9H 10H")
        said = " ".join(d.message for d in look(app, "tracker-met-1280").texts)
        assert "the whole contract" in said, said
        run = hold.melds
        assert table.play(LayDown(run))
        wait_until(app, lambda: not table.busy)
        assert table.picture().tracker is None
        said = " ".join(d.message for d in look(app, "tracker-gone-1280").texts)
        assert "the whole contract" not in said and "You have" not in said
    finally:
        app.close()


def test_a_narrow_tracker_drops_the_cards_before_it_overflows() -> None:
    """Where the cards do not fit, the tracker says only what is missing."""
    pygame.font.init()
    hold = contract_hold(parse_cards("KS KH KD 5C 9H 5D"), None, RuleSet(), Contract(2, 0))
    text = Text()
    wide = tracker_lines(hold, text, pygame.Rect(0, 0, 400, 200), 14)
    assert wide[1:] == ["You have K♦ K♥ K♠; one more set"]
    narrow = tracker_lines(hold, text, pygame.Rect(0, 0, 120, 60), 14)
    assert "K♦" not in " ".join(narrow) and len(narrow) * 17 <= 60 + 17


def test_the_coach_says_a_set_drawn_does_not_count_toward_a_run() -> None:
    """One run to make: the 8♠ drawn makes 8♦ 8♥ 8♠, a set; the coach no longer says it
    "completes" a meld as if it helped."""
    match = second_round("8D 8H JS QH", "8S")
    view = match.view_for(0)
    advice = suggest(view)
    tip = coach_tip(view, advice)
    assert tip is not None
    assert "completes" not in tip.text, tip.text
    if advice.reason.why is not Why.DISCARD_UNCOUNTED:
        assert "does not count toward 1 run" in tip.text or "fits no meld" in tip.text, tip.text


def test_the_hint_never_calls_a_card_of_the_contract_dead_weight() -> None:
    """Two sets: 7♥ 7♠ 7♦ is a set of the contract even where the best arrangement (the run
    7♥ 8♥ 9♥) leaves the 7♠ and the 7♦ over."""
    match = fourth_round("7H 8H 9H 7S KS KH", "7D")
    view = match.view_for(0)
    hold = contract_hold(view.hand, view.wild_rank, view.rules, Contract(2, 0))
    assert hold.cards == cards("7H 7S 7D")
    for card in view.hand:
        reason = reason_for(view, Discard(card))
        if card in hold.cards:
            assert reason.why is not Why.DISCARD_DEAD_WEIGHT, card


def advice_positions(table: str, seeds: range) -> int:
    """Play matches with contracts at ``table`` (you as the hint says, the others easy)
    through their first rounds; at each of your moves check the hint's, the coach's and
    ``hard``'s choice against the engine. Returns how many first lay-downs the hint
    proposed."""
    first_lay_downs = 0
    for seed in seeds:
        match = Match.new(RuleSet(contracts=True, table=table), seed)
        others = {seat: EasyPolicy(random.Random(seed * 10 + seat)) for seat in range(1, 4)}
        hard = HardPolicy(random.Random(seed))
        while not match.is_over and match.round_index < 4:
            seat, view = match.current_seat, match.view_for(match.current_seat)
            if seat:
                match.apply(others[seat].choose(view))
                continue
            advice = suggest(view)
            first = view.contract is not None and not laid_down(view.table, 0)
            for action in (advice.action, hard.choose(view)):
                assert match.is_legal(action), (seed, action)
                if isinstance(action, LayDown) and first:
                    assert view.contract is not None
                    assert view.contract.met_by(action.melds, view.wild_rank)
            first_lay_downs += isinstance(advice.action, LayDown) and first
            if view.phase is Phase.DISCARD:
                _check_coach(view, advice)
            match.apply(advice.action)
    return first_lay_downs


def _check_coach(view: PlayerView, advice: Suggestion) -> None:
    """The coach's tip words the hint's move; a meld it says the drawn card completes counts
    toward the contract still to make."""
    tip = coach_tip(view, advice)
    if tip is None:
        return
    if isinstance(advice.action, Discard):
        assert tip.discard in (None, advice.action.card)
    contract = open_contract(view)
    if contract is None or "completes" not in tip.text:
        return
    assert isinstance(advice.action, Discard)
    rest = list(view.hand)
    rest.remove(advice.action.card)
    named = tip.text.split("completes ")[1].split(":")[0]
    melds = best_arrangement(rest, view.wild_rank, view.rules).melds
    meld = next(m for m in melds if meld_words(m) == named)
    assert contract.counts(meld, view.wild_rank), tip.text


@pytest.mark.parametrize("table", ["closed", "open"])
def test_a_few_positions_of_advice_are_legal_under_the_contract(table: str) -> None:
    advice_positions(table, range(1))


@pytest.mark.slow
@pytest.mark.parametrize("table", ["closed", "open"])
def test_hundreds_of_positions_of_advice_are_legal_under_the_contract(table: str) -> None:
    laid = advice_positions(table, range(1, 16))
    if table == "open":
        assert laid > 0, "the hint proposed no first lay-down: the test proves nothing"
