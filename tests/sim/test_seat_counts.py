"""Tournaments and the decision benchmark at every table size, not only at four."""

from __future__ import annotations

import pytest

from benchmarks.decisions import positions
from game.engine.rules import RuleSet
from game.sim import tournament


@pytest.mark.parametrize("players", [2, 6])
def test_each_seat_plays_each_policy_once_per_deal(players: int) -> None:
    specs = [f"p{seat}" for seat in range(players)]
    rules = RuleSet(players=players)
    all_tasks = tournament.tasks(3 * players, specs, rules, seed=50)
    assert len(all_tasks) == 3 * players
    for deal in range(3):
        played = all_tasks[deal * players : (deal + 1) * players]
        assert {task.seed for task in played} == {50 + deal}
        assert sorted(task.rotation for task in played) == list(range(players))
        for seat in range(players):
            assert sorted(task.seats[seat] for task in played) == sorted(specs)
        for spec in specs:  # each policy holds each seat's cards once
            assert sorted(task.seats.index(spec) for task in played) == list(range(players))
        assert all(RuleSet.from_json(task.rules) == rules for task in played)


@pytest.mark.parametrize("players", [2, 6])
def test_a_duel_gives_the_level_each_seat_once_per_deal(players: int) -> None:
    duel = tournament.duel_tasks(2 * players, "hard", "normal", RuleSet(players=players), 9)
    for deal in (duel[:players], duel[players:]):
        assert sorted(task.seats.index("hard") for task in deal) == list(range(players))
        assert all(task.seats.count("normal") == players - 1 for task in deal)


@pytest.mark.parametrize("players", [2, 8])
def test_the_decision_benchmark_gathers_positions_at_every_table_size(players: int) -> None:
    views = positions(1, {3, 4}, players)
    assert views
    assert {view.hand_size for view in views} == {3, 4}
    assert all(len(view.hand_sizes) == players for view in views)
    assert {view.seat for view in views} == set(range(players))
    assert all(view.rules.decks == (3 if players >= 7 else 2) for view in views)
