"""The oracle seats of the ceilings benchmark know exactly what they are told, and only
through a tournament's ``tip``."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from game.ai.evaluation import Evaluator
from game.ai.planner import HardPolicy
from game.ai.policy import Policy
from game.ai.registry import make_policy
from game.engine.actions import Discard, Draw, DrawSource, Phase
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.sim import oracles, tournament


def greedy_match_states(seed: int) -> Iterator[Match]:
    """Every state of a match of four greedy seats, before each decision."""
    match = Match.new(RuleSet(), seed)
    seats = [make_policy("greedy", random.Random(seat)) for seat in range(4)]
    while not match.is_over:
        yield match
        match.apply(seats[match.current_seat].choose(match.view_for(match.current_seat)))


def test_the_next_card_seer_counts_a_stock_card_that_goes_out_as_zero() -> None:
    found = 0
    for match in greedy_match_states(3):
        seat = match.current_seat
        if match.phase is not Phase.DRAW or not match.stock or match.in_last_turns:
            continue
        view = match.view_for(seat)
        hand = [*view.hand, match.stock[-1]]
        evaluator = Evaluator(view.wild_rank, view.rules)
        if not any(option.goes_out for option in evaluator.discard_options(hand)):
            continue
        seer = oracles.SeesNextCard(random.Random(0))
        untold = seer.expected(view, Draw(DrawSource.STOCK))
        oracles.tell(match, seat, seer)
        assert seer.next_card == match.stock[-1]
        assert seer.expected(view, Draw(DrawSource.STOCK)) == 0.0 < untold
        assert untold == HardPolicy(random.Random(0)).expected(view, Draw(DrawSource.STOCK))
        found += 1
    assert found >= 3


def test_the_next_card_seer_is_told_nothing_in_its_discard_phase() -> None:
    for match in greedy_match_states(4):
        if match.phase is Phase.DISCARD:
            seer = oracles.SeesNextCard(random.Random(0))
            oracles.tell(match, match.current_seat, seer)
            assert seer.next_card is None
            return
    raise AssertionError("no discard phase")


@pytest.mark.slow
def test_the_hand_seer_weighs_draws_from_the_stock_alone() -> None:
    differs = 0
    for turn, match in enumerate(greedy_match_states(5)):
        if match.phase is not Phase.DISCARD or turn % 7:
            continue
        view = match.view_for(match.current_seat)
        seer = oracles.SeesHands(random.Random(0))
        hard = HardPolicy(random.Random(0))
        discards = [Discard(card) for card in view.hand]
        assert [seer.expected(view, a) for a in discards] == [
            hard.expected(view, a) for a in discards
        ]
        seer = oracles.SeesHands(random.Random(0))  # a fresh one: no outlook kept
        oracles.tell(match, match.current_seat, seer)
        assert seer.stock is not None and sum(seer.stock.values()) == len(match.stock)
        told = [seer.expected(view, a) for a in discards]
        differs += told != [hard.expected(view, a) for a in discards]
    assert differs >= 5


def test_a_tip_is_called_before_every_decision_with_the_seat_to_move() -> None:
    calls: list[int] = []

    def tip(match: Match, seat: int, policy: Policy) -> None:
        assert seat == match.current_seat
        calls.append(seat)

    task = tournament.duel_tasks(1, "greedy", "easy", RuleSet(schedule="short"), 9)[0]
    record = tournament.play(task, tip)
    assert len(calls) == sum(len(times) for times in record.decision_ms)
    assert {seat: calls.count(seat) for seat in range(4)} == {
        seat: len(times) for seat, times in enumerate(record.decision_ms)
    }
    untipped = tournament.play(task)
    assert (record.totals, record.round_points) == (untipped.totals, untipped.round_points)


@pytest.mark.slow
def test_oracle_seats_play_in_parallel_runs() -> None:
    schedule = tournament.duel_tasks(
        2, "game.sim.oracles:SeesNextCard", "greedy", RuleSet(schedule="short"), 9
    )
    records = tournament.run(schedule, jobs=2, tip=oracles.tell)
    assert len(records) == 2 and all(record.rounds > 0 for record in records)


@pytest.mark.slow
def test_the_outs_seer_looks_less_far_the_likelier_another_seat_goes_out() -> None:
    readings: list[float] = []
    fed_out = 0
    for turn, match in enumerate(greedy_match_states(6)):
        if turn % 3 or match.in_last_turns:
            continue
        seat = match.current_seat
        view = match.view_for(seat)
        seer = oracles.SeesOuts(random.Random(0))
        assert seer.choose(view) == HardPolicy(random.Random(0)).choose(view)  # untold
        oracles.tell(match, seat, seer)
        seer.choose(view)
        going_on = seer.round_goes_on(view)
        assert seer.style.draws_ahead == pytest.approx(seer.far * going_on)
        readings.append(going_on)
        if match.phase is Phase.DISCARD:
            evaluator = Evaluator(view.wild_rank, view.rules)
            following = match.hands[(seat + 1) % 4]
            for option in evaluator.discard_options(view.hand):
                goes_out = evaluator.best_discard_penalty([*following, option.card]) == 0
                charged = seer._feeding(view, option) - HardPolicy()._feeding(view, option)
                assert charged == (seer.fed_out_cost if goes_out else 0.0)
                fed_out += goes_out
    assert min(readings) < 0.5 and max(readings) == 1.0
    assert fed_out >= 1
