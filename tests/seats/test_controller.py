"""The seats' controller: patience, one retry, the fall-back, and matches that stay reproducible.

Most tests hand the controller a scripted transport (no process, answers at once); the
ones about a real worker process say so in their names.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator, Mapping

import pytest

from game.ai.hint import Suggestion, suggest
from game.engine.actions import Action
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.view import PlayerView
from game.seats.controller import SeatsController
from game.seats.messages import DecideRequest, Failed, FailureKind, HintRequest, seat_rng_state
from tests.seats.scripted import Script, Then, raising
from tests.seats.waiting import wait_for

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


def opening(seed: int) -> tuple[Match, int, PlayerView]:
    """A new match dealt from ``seed``, the seat to play first and its view."""
    match = Match.new(seed=seed)
    return match, match.current_seat, match.view_for(match.current_seat)


def decide(controller: SeatsController, view: PlayerView, seconds: float = 60) -> Action:
    """Ask for ``view``'s decision and wait (in real time) until it is ready."""
    controller.ask(view)
    action = wait_for(lambda: controller.decision(view), f"seat {view.seat}'s decision", seconds)
    assert action is not None
    return action


def take(controller: SeatsController, view: PlayerView, frames: int = 10) -> Action | None:
    """Ask for ``view``'s decision and look for it once a frame, ``frames`` times, with no
    wait: a scripted transport answers at once, a retry by the next look."""
    controller.ask(view)
    for _ in range(frames):
        action = controller.decision(view)
        if action is not None:
            return action
    return None


def test_a_seat_that_always_raises_is_asked_twice_then_plays_its_first_legal_move(
    make_controller: Callable[..., SeatsController], caplog: pytest.LogCaptureFixture
) -> None:
    match = Match.new(seed=3)
    seat = match.current_seat
    script = Script()
    for _ in range(2):
        script.expect(DecideRequest, seat=seat)
    controller = make_controller({seat: BOTS + "BrokenBot"}, 3, transport=script)
    view = match.view_for(seat)
    assert take(controller, view) == view.legal_actions()[0]
    script.assert_done()
    assert [failure.kind for failure in controller.failures] == [FailureKind.RAISED] * 2
    assert "this seat is broken" in controller.failures[0].detail
    assert len(script.transports) == 1, "a policy that raises needs no fresh worker"
    assert "plays its first legal move" in caplog.text


def test_an_illegal_answer_is_asked_again_then_falls_back(
    make_controller: Callable[..., SeatsController],
) -> None:
    match = Match.new(seed=4)
    seat = match.current_seat
    script = Script(afterwards=Then.HOST)
    controller = make_controller({seat: BOTS + "IllegalBot"}, 4, transport=script)
    for _ in range(2):  # a draw, then a discard
        view = match.view_for(seat)
        action = take(controller, view)
        assert action == view.legal_actions()[0]
        match.apply(action)
    assert [failure.kind for failure in controller.failures] == [FailureKind.ILLEGAL] * 4
    assert len(script.requests) == 4 and len(script.transports) == 1


def test_an_unreadable_answer_is_asked_again_of_the_same_worker(
    make_controller: Callable[..., SeatsController],
) -> None:
    _match, seat, view = opening(4)
    script = Script()
    script.expect(DecideRequest, Then.UNREADABLE, view=view)
    script.expect(DecideRequest, view=view)
    controller = make_controller({seat: "greedy"}, 4, transport=script)
    action = take(controller, view)
    script.assert_done()
    assert action in view.legal_actions()
    [failure] = controller.failures
    assert failure.kind is FailureKind.ILLEGAL and "could not be read" in failure.detail
    assert len(script.transports) == 1


def test_a_failed_decision_moves_the_seats_stream_on_as_the_policy_did(
    make_controller: Callable[..., SeatsController],
) -> None:
    """The retry carries the stream the failed attempt left; the decision moves it on."""
    _match, seat, view = opening(6)
    moved = seat_rng_state(99, seat)
    script = Script()
    script.expect(
        DecideRequest, lambda asked: Failed(asked.job, FailureKind.RAISED, "tripped", moved)
    )
    script.expect(DecideRequest, view=view)
    controller = make_controller({seat: "random"}, 6, transport=script)
    start = controller.rng_states[seat]
    assert take(controller, view) in view.legal_actions()
    first, again = script.requests
    assert isinstance(first, DecideRequest) and isinstance(again, DecideRequest)
    assert (first.rng_state, again.rng_state) == (start, moved)
    assert controller.rng_states[seat] not in (start, moved)


def test_a_stuck_decision_is_asked_again_of_a_fresh_worker(
    make_controller: Callable[..., SeatsController],
) -> None:
    clock = FakeClock()
    _match, seat, view = opening(5)
    script = Script()
    script.expect(DecideRequest, Then.SILENT, view=view)
    script.expect(DecideRequest, view=view)
    controller = make_controller({seat: "greedy"}, 5, patience=20.0, clock=clock, transport=script)
    controller.ask(view)
    assert controller.decision(view) is None and controller.thinking == seat
    clock.now = 19.0
    assert controller.decision(view) is None, "still within its patience"
    clock.now = 21.0
    action = take(controller, view)
    script.assert_done()
    assert [failure.kind for failure in controller.failures] == [FailureKind.TIMEOUT]
    stuck, fresh = script.transports
    assert stuck.stopped and not fresh.stopped, "the stuck worker was ended"
    assert action in view.legal_actions()


def test_a_hint_owed_by_a_stuck_worker_is_asked_again_of_the_fresh_one(
    make_controller: Callable[..., SeatsController],
) -> None:
    clock = FakeClock()
    match, seat, view = opening(5)
    match.apply(match.legal_actions()[0])
    match.apply(match.legal_actions()[0])
    other = match.view_for(match.current_seat)
    script = Script()
    script.expect(HintRequest, Then.SILENT, view=view)
    script.expect(DecideRequest, Then.SILENT, view=other)
    script.expect(HintRequest, view=view)
    script.expect(DecideRequest, view=other)
    controller = make_controller(
        {ai: "greedy" for ai in range(4) if ai != seat}, 5, clock=clock, transport=script
    )
    controller.ask_hint(view)
    controller.ask(other)
    clock.now = 100.0
    assert take(controller, other) in other.legal_actions()
    answer = controller.hint()
    script.assert_done()
    assert answer is not None and answer[0] == view and answer[1] == suggest(view)
    assert len(script.transports) == 2


def test_a_worker_that_ends_fails_the_decision_and_a_fresh_one_answers(
    make_controller: Callable[..., SeatsController],
) -> None:
    _match, seat, view = opening(7)
    script = Script()
    script.expect(DecideRequest, Then.ENDS, view=view)
    script.expect(DecideRequest, view=view)
    controller = make_controller({seat: "greedy"}, 7, transport=script)
    assert take(controller, view) in view.legal_actions()
    script.assert_done()
    assert [failure.kind for failure in controller.failures] == [FailureKind.WORKER_ENDED]
    assert [transport.stopped for transport in script.transports] == [True, False]


def play_match(
    controller: SeatsController,
    rules: RuleSet,
    seed: int,
    kill_at: frozenset[int] = frozenset(),
    script: Script | None = None,
) -> Match:
    """Four AI seats play a whole match; the worker ends before decisions ``kill_at``.

    With the controller's ``script``, its latest transport ends and each decision comes at
    once; without, the worker's process is killed and each decision is awaited.
    """
    match = Match.new(rules, seed)
    decision = 0
    while not match.is_over:
        if decision in kill_at:
            if script is None:
                assert controller.pid is not None
                os.kill(controller.pid, signal.SIGKILL)
            else:
                script.transports[-1].end()
        view = match.view_for(match.current_seat)
        action = decide(controller, view) if script is None else take(controller, view)
        assert action is not None, f"no decision for seat {view.seat}"
        match.apply(action)
        decision += 1
    return match


SPECS = {0: "random", 1: "easy", 2: "greedy", 3: "normal"}
KILL_AT = frozenset({5, 80, 81})


@pytest.mark.slow
def test_a_worker_ended_mid_match_leaves_the_same_match(
    make_controller: Callable[..., SeatsController],
) -> None:
    rules = RuleSet(schedule="short")
    calm_script = Script(Then.HOST)
    calm_controller = make_controller(SPECS, 11, transport=calm_script)
    calm = play_match(calm_controller, rules, 11, script=calm_script)
    script = Script(Then.HOST)
    troubled = make_controller(SPECS, 11, transport=script)
    played = play_match(troubled, rules, 11, KILL_AT, script)
    assert [failure.kind for failure in troubled.failures] == [FailureKind.WORKER_ENDED] * 3
    assert len(script.transports) == 4
    assert played.to_json() == calm.to_json()
    assert Match.replay(rules, 11, played.actions) == played


@pytest.mark.slow
def test_a_worker_process_killed_mid_match_leaves_the_same_match(
    make_controller: Callable[..., SeatsController],
) -> None:
    rules = RuleSet(schedule="short")
    calm = play_match(make_controller(SPECS, 11), rules, 11)
    troubled = make_controller(SPECS, 11)
    played = play_match(troubled, rules, 11, kill_at=KILL_AT)
    kinds = {failure.kind for failure in troubled.failures}
    assert kinds == {FailureKind.WORKER_ENDED} and len(troubled.failures) == 3
    assert played.to_json() == calm.to_json()
    assert Match.replay(rules, 11, played.actions) == played


def test_a_hint_comes_with_the_view_it_answers(
    make_controller: Callable[..., SeatsController],
) -> None:
    match = Match.new(seed=9)
    view = match.view_for(match.current_seat)
    script = Script()
    script.expect(HintRequest, view=view)
    controller = make_controller({1: "greedy", 2: "greedy", 3: "greedy"}, 9, transport=script)
    controller.ask_hint(view)
    assert controller.hint_pending
    answer = controller.hint()
    script.assert_done()
    assert answer is not None
    asked, hint = answer
    assert asked == view and isinstance(hint, Suggestion)
    assert hint == suggest(view)
    assert not controller.hint_pending and controller.hint() is None


def test_a_hint_that_fails_says_why_in_one_line(
    make_controller: Callable[..., SeatsController], caplog: pytest.LogCaptureFixture
) -> None:
    match = Match.new(seed=9)
    view = match.view_for(match.current_seat)
    script = Script()
    script.expect(HintRequest, raising("Traceback (most recent call last):\nno hint today\n"))
    controller = make_controller({1: "greedy"}, 9, transport=script)
    controller.ask_hint(view)
    assert controller.hint() == (view, "no hint today")
    assert [failure.kind for failure in controller.failures] == [FailureKind.RAISED]
    assert len(script.transports) == 1 and "a hint failed" in caplog.text


def test_a_hint_in_a_worker_process_comes_with_the_view_it_answers(
    make_controller: Callable[..., SeatsController],
) -> None:
    match = Match.new(seed=9)
    controller = make_controller({1: "greedy", 2: "greedy", 3: "greedy"}, 9)
    view = match.view_for(match.current_seat)
    controller.ask_hint(view)
    answer = wait_for(controller.hint, "the hint from the worker process")
    assert answer is not None
    asked, hint = answer
    assert asked == view and hint == suggest(view)
    assert not controller.hint_pending and controller.hint() is None


def test_decide_waits_for_the_decision_and_counts_each_fallback() -> None:
    """For a caller with no frame to draw: the retry and the fallback happen inside decide."""
    _, seat, view = opening(4)
    script = Script()
    script.expect(DecideRequest, raising("first"), seat=seat)
    script.expect(DecideRequest, raising("again"), seat=seat)
    script.expect(DecideRequest, seat=seat)
    controller = SeatsController({seat: "greedy"}, 4, transport=script)
    assert controller.decide(view) == view.legal_actions()[0]
    assert controller.fallbacks == {seat: 1} and len(controller.failures) == 2
    assert view.is_legal(controller.decide(view)) and controller.fallbacks == {seat: 1}
    script.assert_done()
