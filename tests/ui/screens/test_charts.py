"""The chart kit and the statistics' charts in a real window: nice ticks, empty data, one
point, values below zero, every text inside its chart and clear of the others; the charts
scene paged by keys and buttons, its autoplay toggle, and a redraw at each window size."""

from __future__ import annotations

import os
import tempfile
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import i18n
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.profile import history_rows
from game.profile.history import History
from game.profile.history_figures import FIGURES
from game.profile.history_writer import HistoryWriter
from game.profile.kept_match import Filters, KeptMatch, MatchSummary, ReviewFigures
from game.sim.review_backlog import ReviewBacklog
from game.ui.app import App
from game.ui.kit.chart import Axes, BarChart, LineChart, Plotted, Series, paint_chart
from game.ui.kit.chart_scale import label_every, nice_ticks
from game.ui.kit.text import Drawn, Text
from game.ui.kit.type_scale import TypeScale
from game.ui.screens.stats_charts import PAGE_FIGURES, StatsChartsScene
from game.ui.screens.stats_screen import StatsScene
from tests.ui.driver import FRAME, click, key, make_app, post, wait_until
from tests.ui.every_screen import Seen, overlaps, scale_problems, window
from tests.ui.fake_history import START, FakeHistory

SHOTS = Path(__file__).resolve().parents[3] / "build" / "shots" / "i30"
PAGES = ("totals", "win-rate", "hand-size", "accuracy")


# --- the kit -------------------------------------------------------------------------------


def test_ticks_are_nice_and_cover_the_values() -> None:
    for low, high in ((0, 87), (0, 1), (-12, 4), (3, 3), (0, 0), (0.2, 0.9), (0, 1000), (5, 6)):
        ticks = nice_ticks(low, high)
        assert ticks[0] <= low and ticks[-1] >= high and 2 <= len(ticks) <= 6
        step = ticks[1] - ticks[0]
        mantissa = step / 10 ** int(f"{step:e}".split("e")[1])
        assert round(mantissa, 6) in (1.0, 2.0, 5.0), (low, high, ticks)
    assert label_every(13, 40, 30) == 1 and label_every(50, 8, 30) == 5


def paint(
    chart: LineChart | BarChart, size: tuple[int, int] = (800, 600)
) -> tuple[Plotted, list[Drawn]]:
    surface = pygame.Surface(size)
    text = Text()
    text.drawn = []
    frame = pygame.Rect(20, 30, size[0] - 60, size[1] - 80)
    plotted = paint_chart(surface, text, frame, chart, "A chart", "Nothing to chart yet.")
    texts = text.drawn
    for drawn in texts:
        assert frame.contains(drawn.rect), f"{drawn.message!r} at {drawn.rect} leaves {frame}"
        assert drawn.fitted == drawn.size, f"{drawn.message!r} shrunk to fit"
    assert not overlaps(Seen("chart", texts, surface))
    return plotted, texts


def line(*values: float, label: str = "You") -> Series:
    return Series(label, values, (255, 255, 255))


def axes(count: int) -> Axes:
    return Axes("Match", "Points", tuple(str(number) for number in range(1, count + 1)))


def test_no_data_says_so_instead_of_a_chart() -> None:
    plotted, texts = paint(LineChart(axes(0), (line(),)))
    assert plotted.empty and "Nothing to chart yet." in [drawn.message for drawn in texts]
    plotted, _texts = paint(BarChart(axes(0), (), ()))
    assert plotted.empty


def test_one_point_stands_in_the_middle() -> None:
    plotted, _texts = paint(LineChart(axes(1), (line(42),)))
    (point,) = plotted.points[0]
    assert point[0] == plotted.plot.centerx and plotted.plot.collidepoint(point)


def test_values_below_and_at_zero_stay_inside_the_plot() -> None:
    chart = LineChart(axes(4), (line(-30, 0, 12, -5), line(0, 0, 0, 0, label="Left")))
    plotted, texts = paint(chart)
    assert plotted.ticks[0] <= -30 and plotted.ticks[-1] >= 12
    assert all(plotted.plot.inflate(2, 2).collidepoint(p) for ps in plotted.points for p in ps)
    assert {"You", "Left"} <= {drawn.message for drawn in texts}, "a legend entry per series"
    bars, _texts = paint(BarChart(axes(3), (-4.0, 0.0, 7.5), ("-4", "0", "7.5")))
    zero = bars.bars[1]
    assert bars.bars[0].top == zero.top == bars.bars[2].bottom, "bars stand on the zero line"


@pytest.mark.parametrize("size", [(640, 400), (1280, 800), (2560, 1440)])
def test_fifty_long_labels_never_overflow_or_overlap(size: tuple[int, int]) -> None:
    labels = tuple(f"Match {number}" for number in range(1, 51))
    values = tuple(float(number * 7 % 90) for number in range(50))
    names = [f"Player number {seat}" for seat in range(8)]
    chart = LineChart(
        Axes("Match", "Points", labels), tuple(line(*values, label=name) for name in names)
    )
    plotted, texts = paint(chart, size)
    shown = [drawn.message for drawn in texts if drawn.message.startswith("Match ")]
    assert 2 <= len(shown) < 50, "labelled every few points"
    assert len(plotted.points) == 8
    bars = BarChart(
        Axes("Level", "Won", labels[:6], (0, 100), "%"), (0, 20, 40, 60, 80, 100), ("0%",) * 6
    )
    paint(bars, size)


# --- the statistics' charts ------------------------------------------------------------------


def charts_window(size: tuple[int, int], history: FakeHistory | None = None) -> App:
    app = make_app(mute=True, size=size, max_speed=True)
    filing = app.memory.open_history()
    filing.history = FakeHistory() if history is None else history
    filing.writer = HistoryWriter(filing.history.profile)  # writes where it reads
    app.reviews.history = app.memory.history
    return app


def open_charts(app: App) -> StatsChartsScene:
    stats = StatsScene(app)
    app.push(stats)
    app.step(FRAME)
    click(stats.charts_button.rect.center)
    app.step(FRAME)
    scene = app.stack.top
    assert isinstance(scene, StatsChartsScene)
    wait_until(app, lambda: len(scene.counted) == len(PAGE_FIGURES))
    return scene


def frame_texts(app: App) -> list[Drawn]:
    app.text.drawn = []
    app.draw()
    texts = app.text.drawn
    app.text.drawn = None
    return texts


def shoot(app: App, name: str) -> None:
    if os.environ.get("THREE_THIRTEEN_SHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        width, height = app.screen.get_size()
        pygame.image.save(app.screen, str(SHOTS / f"stats-{name}-{width}x{height}.png"))


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 800), (2560, 1440)], ids=["1280x800", "2560x1440"])
def test_the_four_charts_page_by_keys_and_buttons(size: tuple[int, int]) -> None:
    app = charts_window(size)
    try:
        scene = open_charts(app)
        titles = []
        for name in PAGES:
            texts = frame_texts(app)
            plotted = scene.plotted
            assert plotted is not None and not plotted.empty, name
            assert all(app.screen.get_rect().contains(drawn.rect) for drawn in texts)
            titles.append(scene.pages[scene.page].title)
            shoot(app, name)
            key(pygame.K_RIGHT)
            app.step(FRAME)
        assert scene.page == 0 and len(set(titles)) == 4, "round the four and back"
        app.draw()
        totals = scene.plotted
        assert totals is not None and len(totals.points) == 2, "the totals and their average"
        assert len(totals.points[0]) == 30
        click(scene.next.rect.center)
        app.step(FRAME)
        app.draw()
        assert scene.page == 1 and scene.plotted is not None and len(scene.plotted.bars) == 3
        click(scene.previous.rect.center)
        key(pygame.K_LEFT)
        app.step(FRAME)
        assert scene.page == 3
        app.draw()
        assert scene.plotted is not None and len(scene.plotted.points[0]) == 30
    finally:
        app.close()


def test_the_autoplay_toggle_charts_autoplay_matches_too(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = asked_of_the_history(monkeypatch)
    app = charts_window((1280, 800))
    try:
        scene = open_charts(app)
        assert asked[-1][0] == Filters(autoplay=False)
        app.draw()
        assert scene.plotted is not None and len(scene.plotted.points[0]) == 30
        click(scene.toggle.rect.center)
        app.step(FRAME)
        wait_until(app, lambda: len(scene.counted) == len(PAGE_FIGURES))
        app.draw()
        assert asked[-1][0] == Filters(autoplay=True)
        assert len(scene.plotted.points[0]) == 40
        assert scene.pages[0].chart.series[0].values[-1] == 5  # type: ignore[union-attr]
        click(scene.toggle.rect.center)
        app.step(FRAME)
        wait_until(app, lambda: len(scene.counted) == len(PAGE_FIGURES))
        app.draw()
        assert len(scene.plotted.points[0]) == 30
    finally:
        app.close()


def test_no_matches_says_so_on_every_chart() -> None:
    history = FakeHistory(yours=0)
    app = charts_window((640, 400), history)
    try:
        scene = open_charts(app)
        for _page in PAGES:
            app.draw()
            assert scene.plotted is not None and scene.plotted.empty
            key(pygame.K_RIGHT)
            app.step(FRAME)
    finally:
        app.close()


@pytest.mark.slow
def test_the_charts_redraw_inside_their_frame_after_a_resize() -> None:
    app = charts_window((1280, 800))
    try:
        scene = open_charts(app)
        for size in ((640, 400), (2560, 1440), (1000, 900)):
            post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            app.step(FRAME)
            for _page in PAGES:
                texts = frame_texts(app)
                plotted = scene.plotted
                assert plotted is not None and plotted.frame == scene.frame
                assert plotted.frame.contains(plotted.plot)
                inside = [drawn for drawn in texts if drawn.rect.colliderect(plotted.frame)]
                assert inside and all(plotted.frame.contains(drawn.rect) for drawn in inside)
                assert not overlaps(Seen("charts", texts, app.screen))
                key(pygame.K_RIGHT)
                app.step(FRAME)
    finally:
        app.close()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(640, 400), (1280, 800)], ids=["640x400", "1280x800"])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_chart_reads_in_every_language(language: str, size: tuple[int, int]) -> None:
    """Each text at its style's size, never shrunk, clear of the others and of the buttons."""
    app = window(tempfile.mkdtemp(prefix="three-thirteen-charts-"), size, language=language)
    app.memory.open_history().history = FakeHistory()
    problems: list[str] = []
    try:
        open_charts(app)
        for name in PAGES:
            app.text.drawn, app.text.buttons = [], []
            app.draw()
            seen = Seen(name, app.text.drawn, app.screen, app.text.buttons)
            problems += overlaps(seen) + scale_problems(seen, TypeScale.for_window(size))
            app.text.drawn = app.text.buttons = None
            key(pygame.K_RIGHT)
            app.step(FRAME)
    finally:
        app.close()
    assert not problems, "\n".join(dict.fromkeys(problems))


def asked_of_the_history(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Filters, object, str]]:
    """Each chart figure asked of any history from now on: its filters, its reader, and the
    thread that asked."""
    asked: list[tuple[Filters, object, str]] = []
    counted = History.chart_figures

    def noted(history: History, filters: Filters, read: Any, otherwise: Any) -> Any:
        asked.append((filters, read, threading.current_thread().name))
        return counted(history, filters, read, otherwise)

    monkeypatch.setattr(History, "chart_figures", noted)
    return asked


@pytest.mark.slow
def test_the_charts_read_no_match_whole_and_a_review_back_reads_the_accuracy_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """However long the history, opening the charts and a review coming back read figures
    counted by the database on a thread of their own (no frame waits for them), the chart
    on show's first, never every match (only the one queued for its review, rebuilt on the
    review's thread); a review back counts the accuracy alone again. The review is made at
    once when let go: its figures, not its work, are what the charts read."""
    whole: list[int] = []
    summary_of = history_rows.summary_of

    def read_whole(row: tuple[Any, ...]) -> MatchSummary:
        whole.append(row[0])
        return summary_of(row)

    released = threading.Event()

    def reviewed(_backlog: ReviewBacklog, _match: Match) -> ReviewFigures:
        released.wait(10)
        return ReviewFigures(9, 9.0)

    monkeypatch.setattr("game.profile.history.summary_of", read_whole)
    monkeypatch.setattr(ReviewBacklog, "_figures", reviewed)
    asked = asked_of_the_history(monkeypatch)
    kept = FakeHistory()
    match = Match.new(RuleSet(players=2, schedule="short"), seed=5)
    while not match.is_over:
        match.apply(match.legal_actions()[0])
    latest = kept.add(KeptMatch.of(match, ("Left",), {1: "easy"}, START + timedelta(days=30)))
    app = charts_window((1280, 800), kept)
    try:
        scene = open_charts(app)
        assert [read for _filters, read, _thread in asked] == list(FIGURES.values())
        assert threading.main_thread().name not in {thread for _, _, thread in asked}
        assert len(scene.figures.accuracy) == 30, "the latest match is not reviewed yet"
        released.set()
        wait_until(app, lambda: app.reviews.waiting == 0)
        assert app.memory.settle(10), "the figures are in the history"
        wait_until(app, lambda: len(scene.figures.accuracy) == 31)
        assert scene.figures.accuracy[-1] == 50.0, "charted once its review is back"
        assert [read for _filters, read, _thread in asked[4:]] == [FIGURES["accuracy"]]
        assert whole == [latest], f"{len(whole)} matches read whole"
    finally:
        released.set()
        app.close()
