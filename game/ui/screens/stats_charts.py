"""The statistics' charts, one at a time (← and → or the buttons): your total per match with
its moving average, your win rate by level, your average points by hand size, and your
decision accuracy per match with its trend; autoplay matches left out unless asked for."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, replace
from typing import Any

import pygame

from game.i18n import N_, _, decimal
from game.profile.chart_reader import ChartReader
from game.profile.history_figures import (
    AVERAGE_WINDOW,
    LAST_MATCHES,
    ChartFigures,
    moving_average,
)
from game.profile.kept_match import Filters
from game.ui.kit.chart import (
    AVERAGE_COLOUR,
    Axes,
    BarChart,
    Chart,
    LineChart,
    Plotted,
    Series,
    paint_chart,
)
from game.ui.kit.felt import felt
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import GOLD, MUTED, Button, lay_out_row
from game.ui.scene import Scene, SceneContext
from game.ui.screens.level_headings import LEVEL_HEADINGS

AUTOPLAY = N_("Include autoplay matches")
TICKED, UNTICKED = "☑", "☐"
NO_MATCHES = N_("No finished matches yet: play one to the end and it shows here.")
COUNTING = N_("Counting your matches…")
NO_REVIEWS = N_("No reviewed matches yet: the review prices your decisions once a match ends.")
PAGE_FIGURES = ("totals", "win_rates", "points", "accuracy")
"""The figure each chart draws (a field of :class:`ChartFigures`), in the order of the pages."""


@dataclass(frozen=True, slots=True)
class Page:
    """One chart of the screen: its title, what it draws, and what it says with no data."""

    title: str
    chart: Chart
    empty: str


def per_match(title: str, values: Sequence[float], y_title: str, most: float = 0.0) -> Page:
    """A line of ``values`` per match, oldest first, with its moving average."""
    labels = tuple(str(number) for number in range(1, len(values) + 1))
    average = _("Average of {count} matches").format(count=AVERAGE_WINDOW)
    series = (
        Series(title, tuple(values), GOLD),
        Series(average, tuple(moving_average(values)), AVERAGE_COLOUR, marked=False),
    )
    axes = Axes(_("Match (oldest first)"), y_title, labels, (0.0, most))
    return Page(title, LineChart(axes, series), _(NO_MATCHES))


def pages(figures: ChartFigures) -> list[Page]:
    """The four charts of ``figures``."""
    totals = per_match(_("Your total per match"), figures.totals, _("Points"))
    rates = figures.win_rates
    shares = [100 * won / played for won, played in rates.values()]
    levels = tuple(_(LEVEL_HEADINGS[key]) for key in rates)
    win_axes = Axes(_("Opponents' level"), _("Matches won"), levels, (0.0, 100.0), "%")
    won = BarChart(win_axes, tuple(shares), tuple(f"{share:.0f}%" for share in shares))
    points = figures.points
    size_axes = Axes(_("Cards dealt"), _("Your average points a round"), tuple(map(str, points)))
    sizes = BarChart(size_axes, tuple(points.values()), tuple(map(decimal, points.values())))
    accuracy = per_match(_("Decision accuracy"), figures.accuracy, _("Accuracy (100: best)"), 100)
    return [
        totals,
        Page(_("Win rate by level"), won, _(NO_MATCHES)),
        Page(_("Average points by hand size"), sizes, _(NO_MATCHES)),
        Page(accuracy.title, accuracy.chart, _(NO_REVIEWS)),
    ]


class StatsChartsScene(Scene):
    """Your matches charted, one chart at a time."""

    def __init__(self, context: SceneContext) -> None:
        super().__init__(context)
        self.page = 0
        self.autoplay = False
        """Autoplay matches are charted too."""
        self.figures = ChartFigures()
        self.unread: list[str] = []
        """The figures still to count (:data:`PAGE_FIGURES`), the chart on show's first."""
        self.counted: set[str] = set()
        """The figures counted since the charts were last loaded (the others show a note)."""
        self._reader = ChartReader(context.memory.history.profile)
        self._counting: tuple[str, Future[object]] | None = None
        """The figure being counted on the reader's thread."""
        self.pages: list[Page] = []
        """The charts of :attr:`figures`, in the language in use."""
        self.plotted: Plotted | None = None
        """Where the chart was last drawn."""
        self.previous = Button(N_("← Previous"), lambda: self.turn(-1))
        self.next = Button(N_("Next →"), lambda: self.turn(1))
        self.back = Button(N_("Back"), context.pop)
        self.toggle = Button(self._toggle_words, self.toggle_autoplay)
        self.toggle.also = (AUTOPLAY,)
        self.buttons = [self.previous, self.next, self.back, self.toggle]
        self.frame = pygame.Rect(0, 0, 0, 0)
        self.reviewing = 0
        """How many of your latest matches are being reviewed (their accuracy is to come)."""
        self.reviewed = 0
        """How many reviews the history had kept when the accuracy was last read."""
        self.load()

    def load(self) -> None:
        """Count the charts' figures afresh, off the frame loop: the chart on show's first,
        then the others."""
        if self._counting is not None:
            self._counting[1].cancel()
            self._counting = None
        self.counted.clear()
        self.figures = ChartFigures()
        self.pages = pages(self.figures)
        self.unread = list(PAGE_FIGURES)
        self._first(PAGE_FIGURES[self.page])

    def _first(self, name: str) -> None:
        """Count ``name`` before the other figures still to count."""
        if name in self.unread:
            self.unread.remove(name)
            self.unread.insert(0, name)

    def _count(self) -> None:
        """Chart the figure counted, if it is, and ask for the next one still to count."""
        if self._counting is not None:
            name, future = self._counting
            if not future.done():
                return
            self._counting = None
            if not future.cancelled() and future.exception() is None:
                counted: Any = future.result()  # the field ``name``'s type (FIGURES)
                self.figures = replace(self.figures, **{name: counted})
                self.pages = pages(self.figures)
                self.counted.add(name)
        if self.unread:
            name = self.unread.pop(0)
            self._counting = (name, self._reader.read(name, Filters(autoplay=self.autoplay)))

    def _toggle_words(self) -> str:
        return f"{TICKED if self.autoplay else UNTICKED} {_(AUTOPLAY)}"

    def turn(self, by: int) -> None:
        """Show the chart ``by`` pages on (round the four)."""
        self.page = (self.page + by) % len(self.pages)
        self._first(PAGE_FIGURES[self.page])

    def toggle_autoplay(self) -> None:
        self.autoplay = not self.autoplay
        self.load()

    def on_enter(self) -> None:
        self.context.reviews.catch_up(LAST_MATCHES)
        self.reviewing = self.context.reviews.waiting
        self.reviewed = self._reviews_kept()  # charted already: read again as each is kept
        self.on_resize()

    def update(self, dt: float) -> None:
        """Chart each figure as it is counted; count the accuracy again each time the
        history has kept a review of one of your matches."""
        self.reviewing = self.context.reviews.waiting
        kept = self._reviews_kept()
        if kept != self.reviewed:
            self.reviewed = kept
            if "accuracy" not in self.unread:
                self.unread.append("accuracy")
        self._count()

    def on_leave(self) -> None:
        self._reader.close()

    def _reviews_kept(self) -> int:
        return self.context.memory.writer.reviews_kept

    def on_language(self) -> None:
        self.pages = pages(self.figures)
        self.on_resize()

    def on_resize(self) -> None:
        width, height = self.context.screen.get_size()
        size = TypeScale.for_window((width, height)).body
        margin, button_height = size * 2, round(size * 2.2)
        text = self.context.text
        bottom = pygame.Rect(margin, height - size - button_height, width - margin * 2, 0)
        bottom.height = button_height
        lay_out_row([self.previous, self.next, self.back], text, size, bottom, least=size * 9)
        above = bottom.move(0, -button_height - size // 2)
        lay_out_row([self.toggle], text, size, above)
        top = round(size * 3.6)
        self.frame = pygame.Rect(margin, top, width - margin * 2, above.top - size - top)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if any(button.handle_event(event) for button in self.buttons):
            return True
        if event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_LEFT: lambda: self.turn(-1),
                pygame.K_RIGHT: lambda: self.turn(1),
                pygame.K_a: self.toggle_autoplay,
                pygame.K_ESCAPE: self.context.pop,
            }
            if event.key in keys:
                keys[event.key]()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        surface.blit(felt((width, height)), (0, 0))
        text, scale = self.context.text, TypeScale.for_window((width, height))
        title = _("Charts")
        text.blit(surface, title, scale.title, GOLD, True, midtop=(width // 2, scale.body))
        where = _("{number} of {count}").format(number=self.page + 1, count=len(self.pages))
        at = (self.frame.right, scale.body + round(scale.title * 0.3))
        text.blit(surface, where, scale.help, MUTED, topright=at)
        if self.reviewing:
            note = _("Reviewing {count} of your matches…").format(count=self.reviewing)
            text.blit(surface, note, scale.help, MUTED, topleft=(self.frame.left, at[1]))
        page = self.pages[self.page]
        empty = page.empty if PAGE_FIGURES[self.page] in self.counted else _(COUNTING)
        self.plotted = paint_chart(surface, text, self.frame, page.chart, page.title, empty)
        for button in self.buttons:
            button.draw(surface, text)
