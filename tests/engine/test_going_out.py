"""Which discards go out, and what a hand scores after its best discard: the engine's
answers agree with playing each discard and with the solver card by card."""

from __future__ import annotations

import random

import pytest

from game.engine.actions import Discard, Draw, DrawSource
from game.engine.events import WentOut
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.solver import min_penalty, min_penalty_after_discard
from tests.engine.match_tools import rig

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def after_a_draw(seed: int) -> Match:
    rules = RuleSet()
    round_index = seed % len(rules.hand_sizes)
    size = rules.hand_sizes[round_index]
    chance = random.Random(seed)
    shoe = [rank + suit for rank in RANKS for suit in "CDHS"] * 2
    chance.shuffle(shoe)
    run = chance.randrange(max(1, 14 - size))
    if seed % 2:
        for place in range(min(size - 1, 13)):  # a run of hearts: close to going out
            found = shoe.index(RANKS[run + place] + "H", place)
            shoe[place], shoe[found] = shoe[found], shoe[place]
    hands = [" ".join(shoe[seat * size : (seat + 1) * size]) for seat in range(rules.players)]
    top = shoe[rules.players * size]
    match = rig(rules, hands, discard=top, round_index=round_index, seed=seed)
    match.apply(Draw(DrawSource.DISCARD if seed % 3 else DrawSource.STOCK))
    return match


@pytest.mark.parametrize("seed", range(40), ids=lambda seed: f"seed{seed}")
def test_going_out_discards_are_the_discards_that_go_out(seed: int) -> None:
    match = after_a_draw(seed)
    played = set()
    for action in match.legal_actions():
        trial = match.copy()
        if any(isinstance(event, WentOut) for event in trial.apply(action)):
            assert isinstance(action, Discard)
            played.add(action.card)
    assert set(match.going_out_discards()) == played


@pytest.mark.parametrize("seed", range(40), ids=lambda seed: f"seed{seed}")
def test_the_penalty_after_the_best_discard(seed: int) -> None:
    match = after_a_draw(seed)
    hand, wild, rules = match.hands[0], match.wild_rank, match.rules
    allowed = [action.card for action in match.legal_actions() if isinstance(action, Discard)]
    each = []
    for card in allowed:
        rest = list(hand)
        rest.remove(card)
        each.append(min_penalty(rest, wild, rules))
    assert min_penalty_after_discard(hand, wild, rules, allowed) == min(each)


def test_no_discard_goes_out_before_the_draw_or_once_someone_went_out() -> None:
    match = rig(RuleSet(players=2), ["7H 8H 9H", "2C 7D KD"], discard="KS", stock_top="10H")
    assert match.going_out_discards() == ()
    match.apply(Draw(DrawSource.STOCK))
    assert {str(card) for card in match.going_out_discards()} == {"7H", "10H"}
    with pytest.raises(ValueError, match="no card"):
        min_penalty_after_discard(match.hands[0], match.wild_rank, match.rules, [])
