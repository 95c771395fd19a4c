"""The statistics follow what happens at the table: a finished match, an abandoned one."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.player_stats import level_key
from game.ui.app import App
from game.ui.question import QuestionScene
from game.ui.screens.stats_screen import StatsScene
from game.ui.screens.title import TitleScene
from tests.ui.driver import FRAME, click
from tests.ui.table.test_resume import SEATS, human_table, play, reopened_with_a_saved_match


@pytest.mark.slow
def test_a_finished_match_is_counted_for_its_level_and_overall(app: App) -> None:
    table = human_table(app)
    play(app, table)
    match = table.match
    stats = app.memory.stats
    level = stats.for_level(level_key(SEATS, 4))
    for figures in (stats.overall, level):
        assert figures.played == 1 and figures.abandoned == 0
        assert figures.won == (1 if 0 in match.winners else 0)
        assert figures.shared == (1 if 0 in match.winners and len(match.winners) > 1 else 0)
        assert figures.best_total == figures.worst_total == match.totals[0]
        assert figures.rounds_at_zero == sum(1 for scores in match.round_scores if scores[0] == 0)
    assert level_key(SEATS, 4) == "custom", "random and easy seats are not one level"


def test_a_match_given_up_for_a_new_one_counts_as_abandoned(tmp_path: Path) -> None:
    again, title = reopened_with_a_saved_match(tmp_path)
    try:
        click(next(b for b in title.buttons if b.label == "New game").rect.center)
        again.step(FRAME)
        assert again.memory.stats.overall.played == 0, "New game asks first"
        question = again.stack.top
        assert isinstance(question, QuestionScene)
        click(next(b for b in question.buttons if b.label == "Abandon it").rect.center)
        again.step(FRAME)
        assert again.memory.settle(10)
        overall = again.memory.stats.overall
        assert (overall.played, overall.abandoned, overall.won, overall.best_total) == (
            1,
            1,
            0,
            None,
        )
        assert Memory(Profile(tmp_path)).stats == again.memory.stats, "kept in the profile"
    finally:
        again.close()


@pytest.mark.slow
def test_the_statistics_reset_only_after_a_second_click(app: App) -> None:
    table = human_table(app)
    play(app, table)
    app.replace(TitleScene(app))
    app.push(StatsScene(app))
    screen = app.stack.top
    assert isinstance(screen, StatsScene)
    assert screen.laid_out[1].cells[1] == "1", "Matches played, overall"
    click(screen.reset_button.rect.center)
    app.step(FRAME)
    assert app.memory.stats.overall.played == 1 and "again" in screen.reset_button.words
    click(screen.reset_button.rect.center)
    app.step(FRAME)
    assert app.memory.stats.overall.played == 0 and screen.laid_out[1].cells[1] == "0"
    click(screen.reset_button.rect.center)
    for _ in range(300):
        app.step(FRAME)
    assert screen.reset_button.label == "Reset statistics", "an unconfirmed reset lapses"
