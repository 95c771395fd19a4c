"""A review left before it is ready stops working.

The review is worked out on a thread while its screen is open. Found while looking into
slow frames under the event storm (``test_event_storm.py``, which clicks Review often): a
review closed before it was ready ran on to its end all the same — a second or so of the
hard AI for a whole match, on a thread that holds the interpreter against the frame loop —
so every Review opened and closed again added its second of slower frames, and they
piled up.
"""

from __future__ import annotations

import random
import threading
import time

import pytest

from game.ai.registry import make_policy
from game.engine.actions import Action
from game.engine.match import Match
from game.engine.view import PlayerView
from game.sim.review import Judgement, Reviewer
from game.ui.app import App
from game.ui.screens.review_screen import ReviewScene


def played_match(rounds: int = 6, seed: int = 3) -> tuple[Match, int]:
    """A match ``rounds`` rounds in, played by easy seats, and how many decisions seat 0
    made in it."""
    match = Match.new(seed=seed)
    players = {seat: make_policy("easy", random.Random(seat)) for seat in range(4)}
    yours = 0
    while match.round_index < rounds:
        seat = match.current_seat
        yours += seat == 0
        match.apply(players[seat].choose(match.view_for(seat)))
    return match, yours


def reviews_running() -> int:
    return sum(1 for thread in threading.enumerate() if thread.name.startswith("review"))


def test_a_review_left_before_it_is_ready_judges_no_more(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    match, decisions = played_match()
    judged: list[int] = []
    judge = Reviewer.judge

    def counted(
        reviewer: Reviewer, view: PlayerView, played: Action, rng: random.Random
    ) -> Judgement:
        judged.append(view.round_index)
        return judge(reviewer, view, played, rng)

    monkeypatch.setattr(Reviewer, "judge", counted)
    screen = ReviewScene(app, match, None)
    app.push(screen)
    app.pop()  # closed at once, long before the review of six rounds is ready
    deadline = time.monotonic() + 300  # a crowded machine may hold the process up
    while reviews_running() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not reviews_running(), "the review's thread never ended"
    assert len(judged) < decisions // 4, (
        f"the review left at once went on to judge {len(judged)} of {decisions} decisions"
    )
    assert not screen.ready
