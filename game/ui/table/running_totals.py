"""The running totals of every seat across the rounds scored so far, as a line chart beside
the score sheet (where the window has room for both) or in its place (a toggle, key C)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import accumulate

import pygame

from game.i18n import N_, _
from game.ui.kit.chart import SEAT_COLOURS, Axes, LineChart, Plotted, Series, paint_chart
from game.ui.kit.text import Text
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import Button
from game.ui.seen.shown import ShownTable
from game.ui.table.score_sheet import SheetStyle, column_widths
from game.words.seat_words import Seating

CHART = N_("Chart")
"""The toggle's words while the sheet shows."""
SHEET = N_("Score sheet")
"""The toggle's words while the chart shows."""
CHART_SHARE = 0.3
"""The chart stands beside the sheet only with at least this share of the content's width."""
CHART_LEAST = 22
"""… and at least this many text sizes wide."""


def running_totals(round_scores: Sequence[Sequence[int]], players: int) -> list[list[int]]:
    """Per seat, its total after each round scored.

    >>> running_totals([(5, 0), (3, 7)], 2)
    [[5, 8], [0, 7]]
    """
    return [list(accumulate(scores[seat] for scores in round_scores)) for seat in range(players)]


def totals_chart(shown: ShownTable, seating: Seating) -> LineChart:
    """The running totals of every seat, a coloured line each, by round."""
    players = len(shown.hands)
    lines = running_totals(shown.round_scores, players)
    series = tuple(
        Series(seating.name(seat), tuple(map(float, line)), SEAT_COLOURS[seat % 8])
        for seat, line in enumerate(lines)
    )
    labels = tuple(str(number) for number in range(1, len(shown.round_scores) + 1))
    return LineChart(Axes(_("Round"), _("Total points"), labels), series)


def chart_beside(
    text: Text, area: pygame.Rect, body: int, shown: ShownTable, seating: Seating
) -> tuple[pygame.Rect, pygame.Rect] | None:
    """The sheet's and the chart's rectangles side by side in ``area`` (the sheet as wide
    as its words at the ``body`` size); None if that leaves the chart too narrow."""
    needed = sum(column_widths(text, SheetStyle(body, False), shown, seating))
    gap = body * 2
    room = area.width - needed - gap
    if room < max(area.width * CHART_SHARE, body * CHART_LEAST):
        return None
    sheet = pygame.Rect(area.left, area.top, needed, area.height)
    chart = pygame.Rect(sheet.right + gap, area.top, room, min(area.height, room))
    chart.centery = area.centery
    return sheet, chart


def paint_running_totals(
    surface: pygame.Surface,
    text: Text,
    area: pygame.Rect,
    shown: ShownTable,
    seating: Seating,
) -> Plotted:
    """The running totals chart in ``area``."""
    chart = totals_chart(shown, seating)
    return paint_chart(surface, text, area, chart, _("Running totals"), _("No round scored yet."))


class TotalsView:
    """The score sheet with the running totals chart: side by side where they fit, else one
    at a time, :attr:`button` (or key C) switching between them."""

    def __init__(self) -> None:
        self.charted = False
        """The chart shows in place of the sheet (when they do not fit side by side)."""
        self.button = Button(lambda: _(SHEET) if self.charted else _(CHART), self.toggle)
        self.button.also = (CHART, SHEET)
        self.plotted: Plotted | None = None
        """Where the chart was last drawn (None: it was not)."""

    def toggle(self) -> None:
        self.charted = not self.charted

    def side_by_side(
        self, text: Text, area: pygame.Rect, body: int, shown: ShownTable, seating: Seating
    ) -> bool:
        """Whether the sheet and the chart both fit ``area`` (then no toggle is needed)."""
        return chart_beside(text, area, body, shown, seating) is not None

    def paint(
        self,
        surface: pygame.Surface,
        text: Text,
        area: pygame.Rect,
        shown: ShownTable,
        seating: Seating,
        paint_sheet: Callable[[pygame.Rect], None],
    ) -> None:
        """The sheet (by ``paint_sheet``) and the chart in ``area``, or the one chosen."""
        body = TypeScale.for_window(surface.get_size()).body
        split = chart_beside(text, area, body, shown, seating)
        self.plotted = None
        if split is not None:
            paint_sheet(split[0])
            self.plotted = paint_running_totals(surface, text, split[1], shown, seating)
        elif self.charted:
            self.plotted = paint_running_totals(surface, text, area, shown, seating)
        else:
            paint_sheet(area)
