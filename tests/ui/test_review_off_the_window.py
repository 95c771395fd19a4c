"""The window's reviews (the round's, the replay's verdicts) are worked out in a worker
process: the window's own interpreter never runs the hard AI's search for them."""

from __future__ import annotations

import pytest

from game.engine.match import Match
from game.engine.rules import RuleSet
from game.profile.kept_match import KeptMatch, ReviewFigures
from game.sim.review import Reviewer, review, review_figures
from game.ui.app import App
from game.ui.screens.replay_screen import ReplayScene
from game.ui.screens.review_screen import ReviewScene
from tests.sim.test_review import played_out
from tests.ui.driver import wait_until


@pytest.fixture(scope="module")
def match() -> Match:
    return played_out(Match.new(RuleSet(players=3, schedule="short"), seed=4), ["easy"] * 3)


def test_the_round_review_is_made_in_another_process(
    app: App, match: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = review(match.copy(), 0, round_number=3)
    refused: list[object] = []
    monkeypatch.setattr(Reviewer, "judge", lambda *args: refused.append(args))
    screen = ReviewScene(app, match, 3)
    app.push(screen)
    wait_until(app, lambda: screen.ready, seconds=120)
    assert screen.decisions == expected and not refused


@pytest.mark.slow  # a whole match reviewed; the round review above keeps the area fast
def test_the_replays_verdicts_are_made_in_another_process(
    app: App, match: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = review(match.copy(), 0)
    refused: list[object] = []
    monkeypatch.setattr(Reviewer, "judge", lambda *args: refused.append(args))
    figures: list[ReviewFigures] = []
    kept = KeptMatch.of(match, ("Ann", "Bob"), dict.fromkeys(range(1, 3), "easy"))
    scene = ReplayScene(app, kept, figures.append)
    app.push(scene)
    wait_until(app, lambda: scene.decisions is not None, seconds=120)
    assert scene.decisions == {decision.action_index: decision for decision in expected}
    assert figures == [review_figures(expected)] and not refused
