"""A review is worked out in a worker process (or, where none can start, on a thread), gives
what ``review`` gives, stops when told, and a wrong or missing answer is a failed review."""

from __future__ import annotations

import multiprocessing
import os
import pickle
import random
import signal
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any, cast

import pytest

from game.engine.actions import Action
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.view import PlayerView
from game.profile.history import History
from game.profile.kept_match import ReviewFigures
from game.seats.messages import Failed, FailureKind, packed
from game.seats.worker import Delivery
from game.sim.review import Decision, Judgement, Reviewer, review, review_figures
from game.sim.review_backlog import ReviewBacklog
from game.sim.review_worker import (
    NAME,
    Reviewed,
    ReviewReply,
    ReviewRequest,
    ReviewWorker,
    _checked,
    _unpacked,
)
from tests.sim.test_review import played_out


@pytest.fixture(scope="module")
def match() -> Match:
    return played_out(Match.new(RuleSet(players=2, schedule="short"), seed=8), ["easy"] * 2)


@pytest.fixture(scope="module")
def reviewed(match: Match) -> list[Decision]:
    """What ``review`` gives of seat 0's decisions in ``match``, worked out here."""
    return review(match.copy(), 0)


def no_search_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, the hard AI judging a decision in this process fails the test."""

    def refused(*_args: object) -> Judgement:
        raise AssertionError("the window's process judged a decision")

    monkeypatch.setattr(Reviewer, "judge", refused)


def answer_of(worker: ReviewWorker, job: int, seconds: float = 120.0) -> ReviewReply:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for answer in worker.answers():
            if answer.job == job:
                return answer
        worker.wait(0.05)
    raise AssertionError("no answer from the review worker")


def test_a_review_runs_in_another_process_and_gives_what_review_gives(
    match: Match, reviewed: list[Decision], monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = reviewed
    no_search_here(monkeypatch)
    worker = ReviewWorker()
    try:
        assert worker.pid is not None and worker.pid != os.getpid()
        whole = answer_of(worker, worker.ask(match, 0))
        one_round = answer_of(worker, worker.ask(match, 0, round_number=2))
    finally:
        worker.close()
    assert isinstance(whole, Reviewed) and list(whole.decisions) == expected
    assert review_figures(whole.decisions) == review_figures(expected)
    assert isinstance(one_round, Reviewed)
    assert list(one_round.decisions) == [d for d in expected if d.round == 2]


def test_where_no_process_starts_the_same_review_is_made_on_a_thread(
    match: Match, reviewed: list[Decision]
) -> None:
    worker = ReviewWorker(use_process=False)
    try:
        assert worker.pid is None
        answer = answer_of(worker, worker.ask(match, 0))
    finally:
        worker.close()
    assert isinstance(answer, Reviewed) and list(answer.decisions) == reviewed


def test_a_review_on_a_thread_stops_at_its_next_decision_once_closed(
    match: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    judged: list[int] = []
    started = threading.Event()
    judge = Reviewer.judge

    def slow(reviewer: Reviewer, view: PlayerView, played: Action, rng: random.Random) -> Any:
        judged.append(view.round_index)
        started.set()
        time.sleep(0.05)
        return judge(reviewer, view, played, rng)

    monkeypatch.setattr(Reviewer, "judge", slow)
    worker = ReviewWorker(use_process=False)
    job = worker.ask(match, 0)
    assert started.wait(30)
    worker.close()
    deadline = time.monotonic() + 30
    while any(t.name.startswith("review") for t in threading.enumerate()):
        assert time.monotonic() < deadline, "the review's thread never ended"
        time.sleep(0.01)
    assert len(judged) <= 3, f"judged {len(judged)} decisions after it was told to stop"
    assert all(answer.job != job for answer in worker.answers())


def test_a_worker_that_ends_fails_its_review(match: Match) -> None:
    worker = ReviewWorker()
    try:
        job = worker.ask(match, 0)
        assert worker.pid is not None
        os.kill(worker.pid, signal.SIGKILL)
        answer = answer_of(worker, job)
    finally:
        worker.close()
    assert isinstance(answer, Failed) and answer.kind is FailureKind.WORKER_ENDED


class Stranger:
    """A class of no game package: reading it must not look it up."""


def sent(reply: object) -> Delivery:
    return Delivery(1, partial(_unpacked, pickle.dumps(reply)))


def moved(decision: Decision, **changes: Any) -> Decision:
    fields = {name: getattr(decision, name) for name in Decision.__slots__}
    return Decision(**(fields | changes))


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda ds: sent(Stranger()), id="a-stranger"),
        pytest.param(lambda ds: sent(Reviewed(1, cast(Any, (Stranger(),)))), id="strangers"),
        pytest.param(lambda ds: sent(Reviewed(1, cast(Any, list(ds)))), id="a-list"),
        pytest.param(lambda ds: sent(Reviewed(1, (moved(ds[0], seat=1),))), id="another-seat"),
        pytest.param(lambda ds: sent(Reviewed(1, (moved(ds[0], action_index=10**6),))), id="far"),
        pytest.param(lambda ds: sent(Reviewed(1, (moved(ds[0], played=ds[1].played),))), id="lie"),
        pytest.param(lambda ds: sent(Reviewed(1, (moved(ds[0], loss=float("nan")),))), id="nan"),
        pytest.param(lambda ds: sent(Reviewed(1, (moved(ds[0], loss=-1.0),))), id="negative"),
        pytest.param(lambda ds: Delivery(1, partial(_unpacked, b"not a pickle")), id="bytes"),
    ],
)
def test_an_answer_that_is_no_review_of_the_match_is_a_failed_review(
    match: Match, reviewed: list[Decision], make: Callable[[list[Decision]], Delivery]
) -> None:
    decisions = reviewed
    request = ReviewRequest(1, match, 0)
    answer = _checked(make(decisions), request)
    assert isinstance(answer, Failed) and answer.kind is FailureKind.ILLEGAL
    whole = Reviewed(1, tuple(decisions))
    assert _checked(Delivery(1, partial(_unpacked, packed(whole))), request) == whole
    failed = Failed(1, FailureKind.RAISED, "boom")
    assert _checked(Delivery(1, partial(_unpacked, packed(failed))), request) == failed


@pytest.mark.parametrize("use_process", [True, False], ids=["process", "thread"])
def test_the_backlog_hands_on_the_figures_of_a_review_made_off_the_window(
    match: Match, reviewed: list[Decision], monkeypatch: pytest.MonkeyPatch, use_process: bool
) -> None:
    expected = review_figures(reviewed)
    if use_process:
        no_search_here(monkeypatch)
    kept: list[tuple[int, ReviewFigures]] = []
    backlog = ReviewBacklog(cast(History, None), lambda n, f: kept.append((n, f)), use_process)
    try:
        backlog.add(7, match)
        deadline = time.monotonic() + 120
        while backlog.waiting:
            assert time.monotonic() < deadline, "the review never came back"
            backlog.collect()
            time.sleep(0.02)
        worker = backlog._worker
        assert worker is not None and (worker.pid is not None) is use_process
    finally:
        backlog.close()
    assert kept == [(7, expected)]


def test_closing_the_backlog_ends_the_review_under_way_with_its_process(match: Match) -> None:
    kept: list[tuple[int, ReviewFigures]] = []
    backlog = ReviewBacklog(cast(History, None), lambda n, f: kept.append((n, f)))
    try:
        backlog.add(7, match)
        deadline = time.monotonic() + 60
        while backlog._worker is None:
            assert time.monotonic() < deadline, "the review never started"
            time.sleep(0.01)
    finally:
        backlog.close()
    assert backlog.waiting == 0 and backlog.collect() == 0 and kept == []
    assert not [child for child in multiprocessing.active_children() if child.name == NAME]
