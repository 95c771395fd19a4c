"""The seats' controller: patience, one retry, the fall-back, and matches that stay reproducible."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import pytest

from game.ai.hint import Suggestion, suggest
from game.engine.actions import Action
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.view import PlayerView
from game.seats.controller import SeatsController
from game.seats.messages import FailureKind
from tests.seats.faulty_bots import STUCK_FLAG
from tests.seats.test_worker import alive

BOTS = "tests.seats.faulty_bots:"


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def make_controller() -> Iterator[Callable[..., SeatsController]]:
    """Builds controllers and closes them after the test."""
    made: list[SeatsController] = []

    def make(specs: Mapping[int, str], seed: int = 0, **options: object) -> SeatsController:
        controller = SeatsController(specs, seed, **options)  # type: ignore[arg-type]
        made.append(controller)
        return controller

    yield make
    for controller in made:
        controller.close()


def decide(controller: SeatsController, view: PlayerView, seconds: float = 60) -> Action:
    """Ask for ``view``'s decision and wait (in real time) until it is ready."""
    controller.ask(view)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        action = controller.decision(view)
        if action is not None:
            return action
        time.sleep(0.002)
    raise AssertionError(f"no decision for seat {view.seat} in {seconds} s")


def test_a_seat_that_always_raises_is_asked_twice_then_plays_its_first_legal_move(
    make_controller: Callable[..., SeatsController], caplog: pytest.LogCaptureFixture
) -> None:
    match = Match.new(seed=3)
    seat = match.current_seat
    controller = make_controller({seat: BOTS + "BrokenBot"}, 3)
    pid = controller.pid
    view = match.view_for(seat)
    assert decide(controller, view) == view.legal_actions()[0]
    assert [failure.kind for failure in controller.failures] == [FailureKind.RAISED] * 2
    assert controller.pid == pid, "a policy that raises needs no fresh worker"
    assert "plays its first legal move" in caplog.text


def test_an_illegal_answer_is_asked_again_then_falls_back(
    make_controller: Callable[..., SeatsController],
) -> None:
    match = Match.new(seed=4)
    seat = match.current_seat
    controller = make_controller({seat: BOTS + "IllegalBot"}, 4)
    for _ in range(2):  # a draw, then a discard
        view = match.view_for(seat)
        action = decide(controller, view)
        assert action == view.legal_actions()[0]
        match.apply(action)
    assert [failure.kind for failure in controller.failures] == [FailureKind.ILLEGAL] * 4


def test_a_stuck_decision_is_asked_again_of_a_fresh_worker(
    make_controller: Callable[..., SeatsController],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    flag = tmp_path / "stuck.pid"
    monkeypatch.setenv(STUCK_FLAG, str(flag))
    clock = FakeClock()
    match = Match.new(seed=5)
    seat = match.current_seat
    controller = make_controller({seat: BOTS + "StuckOnceBot"}, 5, patience=20.0, clock=clock)
    view = match.view_for(seat)
    controller.ask(view)
    deadline = time.monotonic() + 60
    while not flag.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert controller.decision(view) is None and controller.thinking == seat
    clock.now = 19.0
    assert controller.decision(view) is None, "still within its patience"
    clock.now = 21.0
    action = decide(controller, view)
    assert [failure.kind for failure in controller.failures] == [FailureKind.TIMEOUT]
    assert not alive(int(flag.read_text())), "the stuck worker was ended"
    assert action in view.legal_actions()


def play_match(
    controller: SeatsController, rules: RuleSet, seed: int, kill_at: frozenset[int] = frozenset()
) -> Match:
    """Four AI seats play a whole match; the worker is killed before decisions ``kill_at``."""
    match = Match.new(rules, seed)
    decision = 0
    while not match.is_over:
        if decision in kill_at:
            assert controller.pid is not None
            os.kill(controller.pid, signal.SIGKILL)
        match.apply(decide(controller, match.view_for(match.current_seat)))
        decision += 1
    return match


def test_a_worker_killed_mid_match_leaves_the_same_match(
    make_controller: Callable[..., SeatsController],
) -> None:
    rules = RuleSet(schedule="short")
    specs = {0: "random", 1: "easy", 2: "greedy", 3: "normal"}
    calm = play_match(make_controller(specs, 11), rules, 11)
    troubled = make_controller(specs, 11)
    played = play_match(troubled, rules, 11, kill_at=frozenset({5, 80, 81}))
    kinds = {failure.kind for failure in troubled.failures}
    assert kinds == {FailureKind.WORKER_ENDED} and len(troubled.failures) == 3
    assert played.to_json() == calm.to_json()
    assert Match.replay(rules, 11, played.actions) == played


def test_a_hint_comes_with_the_view_it_answers(
    make_controller: Callable[..., SeatsController],
) -> None:
    match = Match.new(seed=9)
    controller = make_controller({1: "greedy", 2: "greedy", 3: "greedy"}, 9)
    view = match.view_for(match.current_seat)
    controller.ask_hint(view)
    assert controller.hint_pending
    deadline = time.monotonic() + 60
    answer = None
    while answer is None and time.monotonic() < deadline:
        answer = controller.hint()
        time.sleep(0.002)
    assert answer is not None
    asked, hint = answer
    assert asked == view and isinstance(hint, Suggestion)
    assert hint == suggest(view)
    assert not controller.hint_pending and controller.hint() is None
