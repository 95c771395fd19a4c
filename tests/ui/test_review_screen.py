"""The review from the round summary: your decisions of that round on a small table, the
costliest marked, stepped through with the keys."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.screens.review_screen import ReviewScene
from game.ui.table.summary import MatchEndScene, RoundSummaryScene
from tests.ui.driver import FRAME, key, make_app, table_of, wait_until
from tests.ui.every_screen import late_saved_match, profile_with


def play_to_the_summary(app: App) -> RoundSummaryScene:
    table = table_of(app)

    def summary_up() -> bool:
        if isinstance(app.stack.top, RoundSummaryScene | MatchEndScene):
            return True
        if table.your_turn and not table.busy:
            table.play(table.match.legal_actions()[-1])
        return False

    wait_until(app, summary_up, seconds=300)  # the AI thinks on a thread: let it run
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    return summary


@pytest.mark.slow
def test_the_round_summary_opens_a_review_of_that_round() -> None:
    profile = profile_with(late_saved_match())
    app = make_app(profile=profile, resume=True, mute=True, ai_process=False)
    try:
        summary = play_to_the_summary(app)
        button = next(b for b in summary.buttons if b.label == "Review")
        button.on_click()
        app.step(FRAME)
        screen = app.stack.top
        assert isinstance(screen, ReviewScene)

        wait_until(app, lambda: screen.ready)
        decisions = screen.decisions or []
        assert decisions and all(d.round == 11 and d.seat == 0 for d in decisions)
        assert screen.costly <= {d.action_index for d in decisions}
        assert all(d.loss > 0 for d in decisions if d.action_index in screen.costly)
        app.text.drawn = []
        app.draw()
        drawn = [text.shown for text in app.text.drawn]
        app.text.drawn = None
        assert "Review of round 11" in drawn
        assert any(line.startswith("The hard AI: ") for line in drawn)
        key(pygame.K_RIGHT)
        app.step(FRAME)
        assert screen.index == min(1, len(decisions) - 1)
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        assert app.stack.top is summary
    finally:
        app.close()
