"""The tournament runner: duplicate schedule, statistics, command line."""

from __future__ import annotations

import json
import math

import pytest

from game.engine.rules import RuleSet
from game.sim import stats, tournament
from game.sim.__main__ import main
from game.sim.tournament import MatchRecord, MatchTask


def test_duplicate_schedule_rotates_every_policy_through_every_seat() -> None:
    all_tasks = tournament.tasks(8, ["hard", "a", "b", "c"], RuleSet(), seed=100)
    assert [task.seed for task in all_tasks] == [100] * 4 + [101] * 4
    for deal in (all_tasks[:4], all_tasks[4:]):
        for seat in range(4):
            assert sorted(task.seats[seat] for task in deal) == ["a", "b", "c", "hard"]
    assert all_tasks[1].seats == ("c", "hard", "a", "b")


def test_a_duel_seats_one_spec_against_every_other_seat() -> None:
    duel = tournament.duel_tasks(8, "hard", "greedy", RuleSet(), seed=7)
    assert duel == tournament.tasks(8, ["hard", "greedy", "greedy", "greedy"], RuleSet(), 7)
    three = tournament.duel_tasks(3, "hard", "easy", RuleSet(players=3), seed=7)
    assert [task.seats.count("easy") for task in three] == [2, 2, 2]


def record(
    seats: tuple[str, ...],
    totals: tuple[int, ...],
    winners: tuple[int, ...],
    went_out: tuple[int, ...],
    times: tuple[tuple[float, ...], ...],
) -> MatchRecord:
    return MatchRecord(MatchTask({}, 0, 0, seats), totals, winners, 10, went_out, times)


def test_statistics_on_a_tiny_fixed_case() -> None:
    records = [
        record(("x", "y"), (10, 30), (0,), (4, 1), ((1.0, 2.0), (5.0,))),
        record(("y", "x"), (20, 20), (0, 1), (2, 2), ((7.0,), (3.0, 4.0))),
    ]
    summary = stats.summarise(records)
    x, y = summary["x"], summary["y"]
    assert x.seats_played == y.seats_played == 2
    assert x.mean_total == 15 and y.mean_total == 25
    assert x.mean_total_ci == pytest.approx(1.959964 * math.sqrt(50) / math.sqrt(2))
    assert x.win_rate == pytest.approx(0.75) and y.win_rate == pytest.approx(0.25)
    assert x.mean_round_penalty == pytest.approx(30 / 20)
    assert x.go_out_rate == pytest.approx(6 / 20) and y.go_out_rate == pytest.approx(3 / 20)
    assert x.decision_ms_p50 == 2.0 and y.decision_ms_p50 == 5.0
    assert x.decision_ms_p99 == 4.0 and y.decision_ms_p99 == 7.0
    assert set(stats.as_json(summary)["x"]) >= {
        "mean_total",
        "win_rate",
        "decision_ms_p50",
        "decision_ms_p99",
    }
    assert "x" in stats.as_table(summary)


def duel_record(
    seed: int, rotation: int, seats: tuple[str, ...], points: list[tuple[int, ...]]
) -> MatchRecord:
    totals = tuple(map(sum, zip(*points, strict=True)))
    task = MatchTask({}, seed, rotation, seats)
    return MatchRecord(
        task, totals, (totals.index(min(totals)),), len(points), (0,) * 3, (), tuple(points)
    )


def test_a_paired_comparison_weighs_each_deal_against_its_twin() -> None:
    base = [
        duel_record(1, 0, ("a", "f", "f"), [(4, 2, 6), (6, 8, 10)]),  # margin 10 - 13 = -3
        duel_record(1, 1, ("f", "a", "f"), [(0, 9, 3), (3, 6, 0)]),  # margin 15 - 3 = 12
    ]
    candidate = [
        duel_record(1, 1, ("f", "b", "f"), [(0, 5, 3), (3, 6, 0)]),  # margin 11 - 3 = 8
        duel_record(1, 0, ("b", "f", "f"), [(2, 2, 6), (5, 8, 10)]),  # margin 7 - 13 = -6
    ]
    assert stats.margin(base[1], "a") == 12
    gain, interval = stats.paired_margin_gain(base, "a", candidate, "b")
    assert gain == pytest.approx(3.5)  # (12 - 8 + -3 - -6) / 2
    assert interval == pytest.approx(1.959964 * math.sqrt(0.5) / math.sqrt(2))
    with pytest.raises(ValueError, match="same deals"):
        stats.paired_margin_gain(base, "a", candidate[:1], "b")
    assert stats.points_by_round(base, "a") == [(6.5, 2.75), (6.0, 5.25)]


def test_a_paired_comparison_over_a_field_pairs_each_match_with_the_same_opponents() -> None:
    base = [
        duel_record(1, 0, ("a", "f", "f"), [(4, 2, 6)]),  # margin 0
        duel_record(1, 0, ("a", "g", "g"), [(4, 2, 2)]),  # margin 2
    ]
    candidate = [
        duel_record(1, 0, ("b", "g", "g"), [(1, 2, 2)]),  # margin -1: gains 3
        duel_record(1, 0, ("b", "f", "f"), [(3, 2, 6)]),  # margin -1: gains 1
    ]
    gain, _interval = stats.paired_margin_gain(base, "a", candidate, "b")
    assert gain == pytest.approx(2.0)


def test_played_match_records_are_consistent() -> None:
    rules = RuleSet(players=2, schedule="short")
    records = tournament.run(tournament.tasks(2, ["greedy", "random"], rules, seed=5))
    assert [r.task.seats for r in records] == [("greedy", "random"), ("random", "greedy")]
    for match_record in records:
        assert match_record.rounds == rules.rounds
        assert min(match_record.totals) == min(match_record.totals[s] for s in match_record.winners)
        assert all(len(times) > 0 for times in match_record.decision_ms)
        assert len(match_record.round_points) == rules.rounds
        assert tuple(map(sum, zip(*match_record.round_points, strict=True))) == match_record.totals


@pytest.mark.slow
def test_parallel_jobs_give_the_same_results() -> None:
    rules = RuleSet(players=2, schedule="short")
    all_tasks = tournament.tasks(4, ["greedy", "easy"], rules, seed=9)
    one = [(r.totals, r.winners) for r in tournament.run(all_tasks, jobs=1)]
    two = [(r.totals, r.winners) for r in tournament.run(all_tasks, jobs=2)]
    assert one == two


@pytest.mark.slow
def test_command_line_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "--matches",
            "2",
            "--seats",
            "greedy,tests.ai.sample_bot:FirstLegalPolicy",
            "--rules",
            '{"schedule": "short"}',
            "--json",
        ]
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"greedy", "tests.ai.sample_bot:FirstLegalPolicy"}
    assert 0 <= report["greedy"]["win_rate"] <= 1


@pytest.mark.parametrize(
    ("args", "words"),
    [
        pytest.param(["--seats", "greedy,wizard"], "unknown policy", id="unknown-policy"),
        pytest.param(["--rules", '{"aces": "high"}'], "'aces'", id="bad-rules"),
        pytest.param(["--rules", "{oops"], "Expecting", id="rules-not-json"),
        pytest.param(["--matches", "0"], "at least 1", id="no-matches"),
    ],
)
def test_command_line_errors(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert words in capsys.readouterr().err


def test_a_duel_line_names_the_duel_and_its_figures() -> None:
    schedule = tournament.duel_tasks(2, "x", "y", RuleSet(players=3), seed=40)
    records = [
        MatchRecord(schedule[0], (10, 30, 20), (0,), 10, (1, 0, 0), ((4.0,), (1.0,), (1.0,))),
        MatchRecord(schedule[1], (30, 20, 30), (1,), 10, (0, 1, 0), ((2.0,), (1.0,), (1.0,))),
    ]
    assert records[1].task.seats == ("y", "x", "y")  # x won both, with 10 and 20
    line = stats.duel_line(records, "x", "y")
    assert line == (
        "x vs 2 × y, 2 matches, seed 40: win rate 100.0% ± 0.0%, mean total 15.0 vs 27.5 = "
        "0.545×, decisions p99 4 ms"
    )
