"""The AI worker process: same decisions as in process, failures reported, stalls ended."""

from __future__ import annotations

import logging
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

import game.ui.table as table_module
from game.ai.registry import make_policy
from game.engine.match import Match
from game.engine.view import MoveKind
from game.ui.ai_worker import AiWorker, AiWorkerError
from game.ui.app import App
from game.ui.setup import MatchSetup
from game.ui.table import TableScene
from tests.ui.driver import step_until
from tests.ui.faulty_bots import STUCK_FLAG

ROOT = Path(__file__).resolve().parents[2]
BOTS = "tests.ui.faulty_bots:"


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_decisions_in_the_worker_process_match_the_policy_in_process() -> None:
    match = Match.new(seed=8)
    worker = AiWorker({seat: "normal" for seat in range(4)}, seed=8)
    try:
        for _ in range(12):
            seat = match.current_seat
            action = worker.decide(match.view_for(seat)).result(timeout=60)
            assert match.why_illegal(action) is None
            match.apply(action)
    finally:
        worker.close()
    replayed = Match.new(seed=8)
    policies = {seat: make_policy("normal", random.Random(f"8/seat{seat}")) for seat in range(4)}
    for _ in range(12):
        seat = replayed.current_seat
        replayed.apply(policies[seat].choose(replayed.view_for(seat)))
    assert replayed.to_json() == match.to_json()


@pytest.mark.parametrize("use_process", [True, False])
def test_a_failing_policy_is_reported_and_the_worker_goes_on(use_process: bool) -> None:
    match = Match.new(seed=3)
    specs = {seat: BOTS + "BrokenBot" for seat in range(4)} | {match.current_seat: "greedy"}
    worker = AiWorker(specs, seed=3, use_process=use_process)
    try:
        hint = worker.hint(match.view_for(match.current_seat))
        action = worker.decide(match.view_for(match.current_seat)).result(timeout=60)
        assert match.why_illegal(action) is None
        match.apply(action)
        match.apply(worker.decide(match.view_for(match.current_seat)).result(timeout=60))
        assert hint.result(timeout=60).action in Match.new(seed=3).legal_actions()
        broken = worker.decide(match.view_for(match.current_seat))
        with pytest.raises((AiWorkerError, RuntimeError), match="this seat is broken"):
            broken.result(timeout=60)
    finally:
        worker.close()


def test_restart_ends_a_stuck_worker_and_cancels_what_it_owed() -> None:
    match = Match.new(seed=5)
    worker = AiWorker({match.current_seat: BOTS + "StuckBot"}, seed=5)
    try:
        stuck = worker.decide(match.view_for(match.current_seat))
        time.sleep(0.5)
        assert not stuck.done()
        pid = worker.pid
        assert pid is not None and alive(pid)
        worker.restart()
        assert stuck.cancelled()
        assert not alive(pid)
        fresh = worker.pid
        assert fresh is not None and fresh != pid
        assert worker.hint(match.view_for(match.current_seat)).result(timeout=60).reason
    finally:
        worker.close()
    assert not alive(fresh)


def test_quitting_never_waits_for_a_stuck_worker() -> None:
    script = (
        "from game.engine.match import Match\n"
        "from game.ui.ai_worker import AiWorker\n"
        "import time\n"
        "if __name__ == '__main__':\n"
        "    match = Match.new(seed=5)\n"
        f"    worker = AiWorker({{match.current_seat: '{BOTS}StuckBot'}}, seed=5)\n"
        "    worker.decide(match.view_for(match.current_seat))\n"
        "    time.sleep(1.0)\n"
    )
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, timeout=60)
    assert result.returncode == 0
    assert time.monotonic() - started < 20, "exit waited for the stuck decision"


def play_until_left_moved(app: App, spec: str) -> TableScene:
    """Four AI seats, Left playing ``spec``; steps (in real time) until Left has moved."""
    policies = {0: "greedy", 1: spec, 2: "greedy", 3: "greedy"}
    table = TableScene(app, MatchSetup(seed=6, policies=policies, move_seconds=0.0))
    app.stack.replace_all(table)

    def left_moved() -> bool:
        time.sleep(0.002)  # the watchdog counts real seconds
        return any(move.seat == 1 for move in table.match.log)

    step_until(app, left_moved, frames=20_000)
    return table


def test_a_stuck_decision_is_asked_again_of_a_fresh_worker(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    flag = tmp_path / "stuck.pid"
    monkeypatch.setenv(STUCK_FLAG, str(flag))
    monkeypatch.setattr(table_module, "DECISION_PATIENCE", 1.0)
    with caplog.at_level(logging.WARNING):
        table = play_until_left_moved(app, BOTS + "StuckOnceBot")
    assert "an AI decision never came" in caplog.text
    assert not alive(int(flag.read_text())), "the stuck worker was ended"
    assert table.failures == 0, "the fresh worker answered"


def test_a_seat_that_keeps_failing_plays_its_first_legal_move(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        table = play_until_left_moved(app, BOTS + "BrokenBot")
    assert caplog.text.count("an AI decision failed") >= 2
    first = next(move for move in table.match.log if move.seat == 1)
    assert first.kind is MoveKind.DREW_STOCK
