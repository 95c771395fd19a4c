"""Unreadable rows through the window: History lists the others, Replay refuses the one that
does not rebuild in a notice, Charts and Statistics open, and nothing is set aside."""

from __future__ import annotations

import sqlite3
import zlib
from pathlib import Path

import pygame
import pytest

from game.profile.folder import Profile
from game.profile.history import FILE, History
from game.ui.screens.history_screen import HistoryScene
from game.ui.screens.stats_charts import StatsChartsScene
from game.ui.screens.stats_screen import StatsScene
from tests.profile.ended import finished
from tests.ui.driver import FRAME, click, key, make_app
from tests.ui.screens.test_history_screen import open_history


def hostile_history(folder: Path) -> None:
    """Four matches: the second's names too few for its seats, the third's date without its
    time zone, the fourth's moves a bomb; the first sound."""
    history = History(Profile(folder))
    for seed in (8, 9, 10, 11):
        history.add(finished(seed))
    history.close()
    bomb = zlib.compress(b"[" + b" " * (64 * 1024 * 1024), 9)
    with sqlite3.connect(folder / FILE) as connection:
        connection.execute("UPDATE matches SET names = '[]' WHERE id = 2")
        connection.execute("UPDATE matches SET ended = '2026-12-03T09:00:00' WHERE id = 3")
        connection.execute("UPDATE matches SET actions = ? WHERE id = 4", (bomb,))


@pytest.mark.parametrize("size", [(1280, 800)])
def test_unreadable_rows_are_skipped_and_said_on_every_screen(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    hostile_history(tmp_path)
    app = make_app(mute=True, size=size, profile=str(tmp_path))
    try:
        screen = open_history(app)
        assert [row.id for row in screen.page.rows] == [4, 1]
        older = next(button for button in screen.buttons if button.label == "Older")
        assert screen.page.end == 4 and not older.enabled(), "no page of them left"
        assert app.memory.profile.notices or app.toast, "said"
        key(pygame.K_RETURN)  # the bomb, in focus first
        app.step(FRAME)
        assert app.stack.top is screen, "not replayed"
        key(pygame.K_DOWN)
        key(pygame.K_RETURN)
        app.step(FRAME)
        assert not isinstance(app.stack.top, HistoryScene), "the sound one replays"
        key(pygame.K_ESCAPE)
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        stats = StatsScene(app)
        app.push(stats)
        app.step(FRAME)
        click(stats.charts_button.rect.center)
        for _ in range(5):
            app.step(FRAME)
        assert isinstance(app.stack.top, StatsChartsScene)
        said = [*app.memory.profile.notices, app.toast or ""]
        for _ in range(2000):
            app.step(FRAME)
            said += [app.toast or "", *app.memory.profile.notices]
            if app.toast is None and not app.memory.profile.notices:
                break
        words = " ".join(said)
        assert "Match 2 of the history" in words and "Match 3 of the history" in words
        assert "Match 4 of the history cannot be replayed" in words
        assert not any(".corrupt-" in path.name for path in tmp_path.iterdir())
    finally:
        app.close()
