"""No bot stops a tournament: a policy from outside the project plays behind the seats' guard.

Each hostile bot (:mod:`tests.sim.hostile_bots`) misbehaves on one decision of its match:
the match goes on with the first legal move, the failure is told in one line naming the
seat, the policy and the match's seed, and the table counts the moves played for it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.rules import RuleSet
from game.sim import stats, tournament
from game.sim.tournament import MatchRecord
from tests.rule_sets import EVERY_NEW_OPTION

ROOT = Path(__file__).resolve().parents[2]
BOTS = "tests.sim.hostile_bots:"
SHORT = RuleSet(players=2, schedule="short")
SEED = 3
PATIENCE = 0.5
"""Seconds a decision may take in these tests (the runner's default is the window's 20)."""


def hostile_match(bot: str, rules: RuleSet = SHORT, patience: float | None = None) -> MatchRecord:
    """One match of ``bot`` in seat 0 against greedy seats."""
    seats = [BOTS + bot, *["greedy"] * (rules.players - 1)]
    schedule = tournament.tasks(1, seats, rules, seed=SEED)
    extra = {} if patience is None else {"patience": patience}
    [record] = tournament.run(schedule, **extra)  # type: ignore[arg-type]
    return record


def assert_one_fallback(record: MatchRecord, bot: str, words: str) -> None:
    """``bot`` in seat 0 fell back once, told in one line saying ``words``; the match ended."""
    assert record.rounds == RuleSet.from_json(record.task.rules).rounds
    assert record.fallbacks[0] == 1 and not any(record.fallbacks[1:])
    [line] = record.faults
    assert "\n" not in line
    assert "seat 0" in line and BOTS + bot in line and f"seed {SEED}" in line, line
    assert words in line, line
    summary = stats.summarise([record])
    assert summary[BOTS + bot].fallbacks == 1 and summary["greedy"].fallbacks == 0
    assert "fallback" in stats.as_table(summary)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("bot", "words"),
    [
        pytest.param("RaisingBot", "RuntimeError: this bot is broken", id="raises"),
        pytest.param("NoneBot", "None", id="returns-none"),
        pytest.param("WordBot", "draw from the stock", id="returns-a-string"),
        pytest.param("WrongTypeBot", "Discard", id="returns-a-wrong-type"),
        pytest.param("SystemExitBot", "SystemExit", id="system-exit"),
        pytest.param("InterruptingBot", "KeyboardInterrupt", id="keyboard-interrupt"),
    ],
)
def test_a_bot_that_fails_a_decision_gets_the_first_legal_move(bot: str, words: str) -> None:
    assert_one_fallback(hostile_match(bot), bot, words)


@pytest.mark.slow
@pytest.mark.parametrize(
    "bot",
    [
        pytest.param("IllegalLayOffBot", id="lay-off"),
        pytest.param("IllegalLayDownBot", id="lay-down"),
    ],
)
def test_an_illegal_lay_move_under_contracts_at_the_open_table_is_a_failed_decision(
    bot: str,
) -> None:
    assert EVERY_NEW_OPTION.contracts and EVERY_NEW_OPTION.table == "open"
    assert_one_fallback(hostile_match(bot, EVERY_NEW_OPTION), bot, "not a legal action")


@pytest.mark.slow
def test_a_bot_that_sleeps_for_ever_is_ended_by_the_time_limit() -> None:
    record = hostile_match("SleepingBot", patience=PATIENCE)
    assert_one_fallback(record, "SleepingBot", "no answer in")


@pytest.mark.slow
def test_a_bot_that_ends_its_process_is_replaced_by_a_fresh_one() -> None:
    assert_one_fallback(hostile_match("ExitingBot"), "ExitingBot", "ended")


def test_built_in_levels_still_play_in_process() -> None:
    record = tournament.run(tournament.tasks(1, ["greedy", "random"], SHORT, seed=SEED))[0]
    assert not any(record.fallbacks) and record.faults == ()


# --- the command line -----------------------------------------------------------------


def sim(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m game.sim ARGS`` from the checkout, short matches of two."""
    command = [sys.executable, "-m", "game.sim", "--rules", '{"schedule": "short"}', *args]
    return subprocess.run(
        command, cwd=ROOT, env=dict(os.environ), capture_output=True, text=True, timeout=120
    )


def assert_reported(result: subprocess.CompletedProcess[str], bot: str) -> None:
    """Two matches (the bot in seat 0, then seat 1) told in one line each, and the table."""
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 2, lines
    for seat, line in enumerate(lines):
        assert f"seat {seat}" in line and BOTS + bot in line and f"seed {SEED}" in line, line
    table = result.stdout.splitlines()
    assert "fallback" in table[1], result.stdout
    assert any(row.startswith(BOTS + bot) and row.split()[-1] == "2" for row in table)


@pytest.mark.slow
@pytest.mark.parametrize(
    "bot",
    [
        pytest.param("SystemExitBot", id="system-exit"),
        pytest.param("InterruptingBot", id="keyboard-interrupt"),
        pytest.param("RaisingBot", id="raises"),
    ],
)
def test_the_command_line_reports_a_failing_bot_and_plays_on(bot: str) -> None:
    result = sim("--matches", "2", "--seed", str(SEED), "--seats", f"{BOTS}{bot},greedy")
    assert_reported(result, bot)


@pytest.mark.slow
@pytest.mark.parametrize(
    "bot",
    [pytest.param("SleepingBot", id="sleeps"), pytest.param("ExitingBot", id="os-exit")],
)
def test_the_command_line_ends_a_sleeping_or_exiting_bot(bot: str) -> None:
    seats = f"{BOTS}{bot},greedy"
    result = sim("--matches", "2", "--seed", str(SEED), "--seats", seats, "--patience", "0.5")
    assert_reported(result, bot)


def test_a_policy_that_cannot_be_loaded_ends_the_run_in_one_line() -> None:
    result = sim("--matches", "2", "--seats", f"{BOTS}NoSuchBot,greedy")
    assert result.returncode == 2 and result.stdout == ""
    assert "Traceback" not in result.stderr
    [line] = result.stderr.splitlines()
    assert "NoSuchBot" in line
