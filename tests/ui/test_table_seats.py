"""AI seats at the real table: a bot that misbehaves, sticks or loses its worker cannot hurt it."""

from __future__ import annotations

import logging
import os
import signal
import time
from pathlib import Path

import pytest

import game.seats.controller as controller_module
from game.engine.match import Match
from game.engine.view import MoveKind
from game.seats.messages import FailureKind
from game.ui.app import App
from game.ui.table.match_setup import MatchSetup
from game.ui.table.summary import MatchEndScene, RoundSummaryScene
from game.ui.table.table import TableScene
from tests.seats.faulty_bots import STUCK_FLAG
from tests.seats.test_worker import alive
from tests.ui.driver import step_until, wait_until

BOTS = "tests.seats.faulty_bots:"
HOSTILE = "tests.hostile.hostile_bots:"


def seat_table(app: App, seed: int, policies: dict[int, str]) -> TableScene:
    table = TableScene(app, MatchSetup(seed=seed, policies=policies, move_seconds=0.0))
    app.replace(table)
    return table


def play_to_the_end(app: App, table: TableScene, kill_after: tuple[int, ...] = ()) -> None:
    """Step until the match's end, closing each round summary; kill the worker once the match
    has as many actions as each number in ``kill_after``."""
    waiting = list(kill_after)

    def over() -> bool:
        time.sleep(0.0005)  # let the worker process have the other core now and then
        top = app.stack.top
        if isinstance(top, RoundSummaryScene):
            top.close()
        if waiting and len(table.match.actions) >= waiting[0] and table.seats.pid is not None:
            waiting.pop(0)
            os.kill(table.seats.pid, signal.SIGKILL)
        return isinstance(top, MatchEndScene)

    step_until(app, over, frames=200_000)


@pytest.mark.slow
def test_a_whole_match_with_a_seat_that_raises_and_answers_nonsense(app: App) -> None:
    policies = {0: "greedy", 1: BOTS + "ErraticBot", 2: "greedy", 3: BOTS + "ErraticBot"}
    table = seat_table(app, 14, policies)
    play_to_the_end(app, table)
    assert table.match.is_over
    kinds = {failure.kind for failure in table.seats.failures}
    assert kinds == {FailureKind.RAISED, FailureKind.ILLEGAL}
    assert table.shown.totals == table.match.totals


@pytest.mark.slow
def test_a_worker_killed_mid_match_leaves_the_match_its_seed_gives(app: App) -> None:
    policies = {0: "random", 1: "easy", 2: "greedy", 3: "normal"}
    calm = seat_table(app, 15, dict(policies))
    play_to_the_end(app, calm)
    troubled = seat_table(app, 15, dict(policies))
    play_to_the_end(app, troubled, kill_after=(3, 90, 400))
    assert [failure.kind for failure in troubled.seats.failures] == [FailureKind.WORKER_ENDED] * 3
    assert troubled.match.to_json() == calm.match.to_json()
    match = troubled.match
    assert Match.replay(match.rules, match.seed, match.actions) == match


@pytest.mark.slow
def test_a_round_with_hostile_seats_ends_with_the_match_saved_and_loadable(app: App) -> None:
    """Left's answers raise when compared, Top spoils its random stream, Right's answers
    cannot be read by the window: the round is played out and saved all the same."""
    hostile = {1: "RudeBot", 2: "WrongVersionBot", 3: "UnreadableBot"}
    policies = {0: "greedy"} | {seat: HOSTILE + bot for seat, bot in hostile.items()}
    table = TableScene(app, MatchSetup(seed=16, policies=policies, move_seconds=0.0, rounds=1))
    app.replace(table)
    wait_until(app, lambda: table.finished, seconds=120)
    assert {failure.kind for failure in table.seats.failures} == {FailureKind.ILLEGAL}
    app.memory.profile.flush()
    saved = app.memory.saved_match()
    assert saved is not None and saved.match.to_json() == table.match.to_json()
    assert saved.rng_states == table.seats.rng_states


def play_until_left_moved(app: App, spec: str) -> TableScene:
    """Four AI seats, Left playing ``spec``; steps (in real time) until Left has moved."""
    table = seat_table(app, 6, {0: "greedy", 1: spec, 2: "greedy", 3: "greedy"})

    def left_moved() -> bool:
        time.sleep(0.002)  # the watchdog counts real seconds
        return any(move.seat == 1 for move in table.match.log)

    step_until(app, left_moved, frames=20_000)
    return table


@pytest.mark.slow
def test_a_stuck_decision_is_asked_again_of_a_fresh_worker(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    flag = tmp_path / "stuck.pid"
    monkeypatch.setenv(STUCK_FLAG, str(flag))
    monkeypatch.setattr(controller_module, "DECISION_PATIENCE", 1.0)
    with caplog.at_level(logging.WARNING):
        table = play_until_left_moved(app, BOTS + "StuckOnceBot")
    assert "(timeout)" in caplog.text and "restarting the AI worker" in caplog.text
    assert not alive(int(flag.read_text())), "the stuck worker was ended"
    assert [failure.kind for failure in table.seats.failures] == [FailureKind.TIMEOUT]


def test_a_seat_that_keeps_failing_plays_its_first_legal_move(app: App) -> None:
    table = play_until_left_moved(app, BOTS + "BrokenBot")
    assert len(table.seats.failures) >= 2
    first = next(move for move in table.match.log if move.seat == 1)
    assert first.kind is MoveKind.DREW_STOCK
