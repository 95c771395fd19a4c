"""The running totals chart in a real window: on the score sheet (beside it where there is
room, else a toggle away by button and key C) and at the match end, a line per seat ending
at its total, redrawn inside its frame at every window size."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.engine.events import Event, MatchOver
from game.ui.app import App
from game.ui.kit.chart import Plotted
from game.ui.table.match_end import MatchEndScene
from game.ui.table.running_totals import TotalsView
from game.ui.table.score_sheet_scene import ScoreSheetScene
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, click, key, post, step_until, table_of
from tests.ui.every_screen import late_saved_match, profile_with, unpressed, window

pytestmark = pytest.mark.slow  # a window and a match

SHOTS = Path(__file__).resolve().parents[3] / "build" / "shots" / "i30"


def shoot(app: App, name: str) -> None:
    """Keep the window as a picture, if asked (``THREE_THIRTEEN_SHOTS=1``)."""
    if os.environ.get("THREE_THIRTEEN_SHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        width, height = app.screen.get_size()
        pygame.image.save(app.screen, str(SHOTS / f"{name}-{width}x{height}.png"))


def open_table(size: tuple[int, int], players: int = 4) -> tuple[App, TableScene]:
    app = window(profile_with(late_saved_match(players=players)), size)
    saved = app.memory.saved_match()
    assert saved is not None
    app.replace(TableScene.resumed(app, saved))
    table = table_of(app)
    step_until(app, lambda: not table.busy and table.your_turn, frames=3000)
    return app, table


def drawn(app: App) -> list[pygame.Rect]:
    """Draw a frame; where each text went."""
    app.text.drawn = []
    app.draw()
    rects = [each.rect for each in app.text.drawn]
    app.text.drawn = None
    return rects


def value_at(plotted: Plotted, y: float) -> float:
    """The value a pixel row of the plot stands for."""
    low, high = plotted.ticks[0], plotted.ticks[-1]
    return low + (plotted.plot.bottom - y) / plotted.plot.height * (high - low)


def check_lines(view: TotalsView, totals: tuple[int, ...]) -> Plotted:
    """A line per seat, inside the plot, its last point at the seat's total."""
    plotted = view.plotted
    assert plotted is not None and not plotted.empty
    assert len(plotted.points) == len(totals)
    step = (plotted.ticks[-1] - plotted.ticks[0]) / plotted.plot.height
    for points, total in zip(plotted.points, totals, strict=True):
        assert all(plotted.plot.inflate(2, 2).collidepoint(point) for point in points)
        assert abs(value_at(plotted, points[-1][1]) - total) <= step
    return plotted


@pytest.mark.parametrize("size", [(1280, 800), (2560, 1440)], ids=["1280x800", "2560x1440"])
def test_the_score_sheet_shows_the_running_totals_beside_it(size: tuple[int, int]) -> None:
    app, table = open_table(size)
    try:
        sheet = ScoreSheetScene(app, table.shown, table.setup.seating)
        app.push(sheet)
        app.step(FRAME)
        texts = drawn(app)
        plotted = check_lines(sheet.totals, table.shown.totals)
        assert sheet.totals.button not in sheet.buttons, "both fit: no toggle"
        assert all(sheet.layout.panel.contains(rect) for rect in texts)
        assert len(plotted.points[0]) == len(table.shown.round_scores)
        shoot(app, "sheet-chart")
    finally:
        app.close()


def test_a_small_window_switches_between_sheet_and_chart_by_button_and_key() -> None:
    app, table = open_table((640, 400), players=6)
    try:
        sheet = ScoreSheetScene(app, table.shown, table.setup.seating)
        app.push(sheet)
        app.step(FRAME)
        app.draw()
        assert sheet.totals.button in sheet.buttons and sheet.totals.plotted is None
        click(sheet.totals.button.rect.center)
        app.step(FRAME)
        app.draw()
        check_lines(sheet.totals, table.shown.totals)
        assert sheet.totals.button.words == "Score sheet"
        key(pygame.K_c)
        app.step(FRAME)
        app.draw()
        assert sheet.totals.plotted is None, "back to the sheet"
    finally:
        app.close()


def test_the_chart_redraws_inside_its_frame_after_a_resize() -> None:
    app, table = open_table((640, 400), players=6)
    try:
        sheet = ScoreSheetScene(app, table.shown, table.setup.seating)
        app.push(sheet)
        key(pygame.K_c)
        app.step(FRAME)
        for size in ((1280, 800), (900, 700), (2560, 1440)):
            post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            app.step(FRAME)
            assert app.screen.get_size() == size
            texts = drawn(app)
            plotted = check_lines(sheet.totals, table.shown.totals)
            frame = plotted.frame
            assert frame.contains(plotted.plot)
            chart_texts = [rect for rect in texts if frame.colliderect(rect)]
            assert chart_texts and all(frame.contains(rect) for rect in chart_texts)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 800), (2560, 1440)], ids=["1280x800", "2560x1440"])
def test_the_match_end_shows_the_running_totals(size: tuple[int, int]) -> None:
    app, table = open_table(size)
    try:
        match = table.match.copy()
        events: list[Event] = []
        while not match.is_over:
            events += match.apply(match.legal_actions()[0])
        over = next(event for event in events if isinstance(event, MatchOver))
        shown = table.shown.ahead(events, None)
        end = MatchEndScene(app, shown, table.setup.seating, over, unpressed, unpressed, unpressed)
        app.push(end)
        step_until(app, lambda: not end.moving, frames=600)
        app.draw()
        plotted = check_lines(end.totals, over.totals)
        assert len(plotted.points[0]) == len(shown.rules.hand_sizes)
        shoot(app, "match-end-chart")
    finally:
        app.close()
