"""``penalty_if_ended``: a seat's end-of-round score if the round ended now, as the round's
own scoring gives it (open and closed table, contracts, free jokers, doubled rounds)."""

from __future__ import annotations

import copy
import random

import pytest

from game.engine.actions import Discard, Phase
from game.engine.events import RoundScored
from game.engine.match import Match
from game.engine.round_log import penalty_if_ended
from game.engine.rules import RuleSet
from game.engine.solver import min_penalty, min_penalty_after_discard
from tests.engine.match_tools import STOCK, random_action, rig

OPEN = RuleSet(players=2, table="open")


def test_the_open_table_counts_a_hand_in_full_even_when_it_melds() -> None:
    match = rig(OPEN, ["KC KD KH 7S", "2C 5D QS JD"], stock_top="9D", round_index=1)
    view = match.view_for(0)
    assert min_penalty(view.hand, view.wild_rank, view.rules) == 7, "the closed table's count"
    assert penalty_if_ended(view) == 37
    assert penalty_if_ended(match.view_for(1)) == 2 + 5 + 10 + 10


def test_after_the_draw_it_is_after_the_best_discard() -> None:
    match = rig(OPEN, ["KC KD KH 7S", "2C 5D QS JD"], stock_top="9D", round_index=1)
    match.apply(STOCK)
    assert penalty_if_ended(match.view_for(0)) == 36, "a King thrown: K K 7 9 in full"


def test_after_the_draw_a_rest_that_goes_out_scores_nothing() -> None:
    match = rig(OPEN, ["KC KD KH 4S", "2C 5D QS JD"], stock_top="KS", round_index=1)
    match.apply(STOCK)
    assert penalty_if_ended(match.view_for(0)) == 0, "K K K K or K K K 4 go out"


def test_with_contracts_a_complete_rest_the_contract_refuses_counts_in_full() -> None:
    rules = RuleSet(players=2, table="open", contracts=True)  # round 2: one run
    match = rig(rules, ["KC KD KH 4S", "2C 5D QS JD"], stock_top="KS", round_index=1)
    match.apply(STOCK)
    assert match.going_out_discards() == ()
    assert penalty_if_ended(match.view_for(0)) == 40, "the fours thrown: K K K K in full"


def test_free_jokers_cost_nothing_once_another_seat_went_out() -> None:
    hands = ["JK 7S 8D", "2C 5D QS"]
    counted = rig(RuleSet(players=2, table="open", jokers=2), hands, stock_top="9D")
    free = rig(RuleSet(players=2, table="open", jokers=2, free_jokers=True), hands)
    assert penalty_if_ended(counted.view_for(0)) == 20 + 7 + 8
    assert penalty_if_ended(free.view_for(0)) == 7 + 8


def test_a_doubled_round_doubles_it() -> None:
    rules = RuleSet(players=2, table="open", double_penalties="last")
    hands = ["AC 2C 3D 4S 5D 6H 7C 8D 9S 10H JC QD 5S", "AD 2D 3C 4C 5H 6D 7S 8S 9D 10D JS QS 6S"]
    match = rig(rules, hands, round_index=rules.rounds - 1)
    full = sum(range(1, 11)) + 10 + 10 + 5
    assert penalty_if_ended(match.view_for(0)) == 2 * full


def test_the_closed_table_keeps_its_best_arrangement_after_the_best_discard() -> None:
    hands = ["2H 3H 4H 8C 8D", "2C 7D KD QC JS", "5C 9C JH 6S 7S", "QS AD 10C 6D 9D"]
    match = rig(RuleSet(), hands, discard="KS", stock_top="8S", round_index=2)
    view = match.view_for(0)
    assert penalty_if_ended(view) == min_penalty(view.hand, view.wild_rank, view.rules) == 16
    match.apply(STOCK)
    view = match.view_for(0)
    assert penalty_if_ended(view) == min_penalty_after_discard(
        view.hand, view.wild_rank, view.rules
    )


def test_the_seat_that_went_out_pays_nothing() -> None:
    match = rig(OPEN, ["7S 8S 9S 10S", "2C 5D QS JD"], stock_top="JS", round_index=1)
    match.apply(STOCK)
    match.apply(Discard(match.hands[0][0]))
    assert match.view_for(1).went_out == 0
    assert penalty_if_ended(match.view_for(0)) == 0


CONFIGS = {
    "open": RuleSet(players=3, table="open"),
    "open-contracts-jokers": RuleSet(
        players=3, table="open", contracts=True, jokers=2, free_jokers=True
    ),
    "closed-lay-off-jokers-doubled": RuleSet(
        players=3, jokers=2, free_jokers=True, lay_off=True, double_penalties="last_three"
    ),
    "closed-contracts": RuleSet(players=4, contracts=True, schedule="short"),
    "redemption-2p": RuleSet(players=2, lay_off="all", jokers=2),
}


def last_discards(rules: RuleSet, seed: int) -> list[tuple[Match, int]]:
    """A match played at random (greedy), and each position where the seat to discard
    plays the round's last turn: every discard of it ends the round."""
    rng, match = random.Random(seed), Match.new(rules, seed)
    found: list[tuple[Match, int]] = []
    while not match.is_over and len(found) < 4:
        view = match.view_for(match.current_seat)
        ending = view.went_out == (view.current_seat + 1) % rules.players
        if match.phase is Phase.DISCARD and ending:
            found.append((copy.deepcopy(match), match.current_seat))
        match.apply(random_action(match, rng, 0.9))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("name", CONFIGS)
def test_it_is_what_the_round_then_scores(name: str) -> None:
    """In the round's last turn, the figure is the lowest score any legal discard gets."""
    rules, checked = CONFIGS[name], 0
    for seed in range(3):
        for match, seat in last_discards(rules, seed):
            scores = []
            for action in match.legal_actions():
                if isinstance(action, Discard):
                    after = copy.deepcopy(match)
                    (scored,) = [e for e in after.apply(action) if isinstance(e, RoundScored)]
                    scores.append(scored.penalties[seat])
            assert penalty_if_ended(match.view_for(seat)) == min(scores), (name, seed)
            checked += 1
    assert checked >= 3
