"""Charts drawn with ``pygame.draw`` at the real size of their rectangle each time (crisp in
any window, no picture scaled): line charts of several series with a legend, bar charts
with their values, axes with nice ticks and their titles.

Every text is drawn in the type scale's help style (the chart's title in its heading
style) through :class:`~game.ui.kit.text.Text`, laid out so that none leaves the chart's
rectangle or covers another; the legend stands above the plot, never over the data. The
arithmetic lives in :mod:`game.ui.kit.chart_scale`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

import pygame

from game.ui.kit.chart_scale import (
    Span,
    label_every,
    nice_ticks,
    point_spacing,
    tick_label,
)
from game.ui.kit.text import Color, Text
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import GOLD, INK, MUTED

SEAT_COLOURS: tuple[Color, ...] = (
    GOLD,
    (110, 190, 255),
    (255, 125, 110),
    (200, 160, 255),
    (240, 240, 230),
    (255, 165, 60),
    (255, 135, 205),
    (120, 235, 215),
)
"""A colour per seat, each distinct from the others and clear on the felt and the panel."""
AVERAGE_COLOUR: Color = (110, 190, 255)
"""A moving average beside its gold series."""
GRID = (60, 92, 76)
"""The faint lines across the plot at each tick."""
LINE_SHARE = 0.18
"""A line's thickness, in help-text sizes."""


@dataclass(frozen=True, slots=True)
class Series:
    """One line of a line chart: its name in the legend, a value per point, its colour."""

    label: str
    values: tuple[float, ...]
    colour: Color
    marked: bool = True
    """Each point marked with a dot."""


@dataclass(frozen=True, slots=True)
class Axes:
    """What the axes say: their titles, a label per point or bar, and the value range the
    y axis must show at least (the data may widen it)."""

    x_title: str
    y_title: str
    x_labels: tuple[str, ...]
    y_least: tuple[float, ...] = (0.0,)
    """Values the y axis always reaches (0: bars and totals stand on the zero line)."""
    y_unit: str = ""
    """After each y tick's number (``%``)."""


@dataclass(frozen=True, slots=True)
class LineChart:
    axes: Axes
    series: tuple[Series, ...]

    @property
    def empty(self) -> bool:
        return not any(series.values for series in self.series)


@dataclass(frozen=True, slots=True)
class BarChart:
    axes: Axes
    values: tuple[float, ...]
    shown: tuple[str, ...]
    """Each bar's value as written over it."""
    colour: Color = GOLD

    @property
    def empty(self) -> bool:
        return not self.values


Chart = LineChart | BarChart


@dataclass(slots=True)
class Plotted:
    """Where a chart was drawn (the tests read it)."""

    frame: pygame.Rect
    """The chart's whole rectangle."""
    plot: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """Inside the axes."""
    points: list[list[tuple[float, float]]] = field(default_factory=list)
    """Per series of a line chart, each point's pixel."""
    bars: list[pygame.Rect] = field(default_factory=list)
    ticks: list[float] = field(default_factory=list)
    """The y axis's tick values."""
    empty: bool = False


def line_width(help_size: int) -> int:
    """A chart line's thickness for text of ``help_size`` (it grows with the window)."""
    return max(2, round(help_size * LINE_SHARE))


def paint_chart(
    surface: pygame.Surface,
    text: Text,
    frame: pygame.Rect,
    chart: Chart,
    title: str = "",
    empty: str = "",
) -> Plotted:
    """Draw ``chart`` in ``frame`` under its ``title``; with no data, the ``empty``
    message instead."""
    scale = TypeScale.for_window(surface.get_size())
    small, plotted = scale.help, Plotted(frame.copy())
    top = frame.top
    if title:
        size = scale.heading
        text.blit(surface, title, size, GOLD, True, box=frame, midtop=(frame.centerx, top))
        top += round(size * 1.5)
    if chart.empty:
        plotted.empty = True
        box = pygame.Rect(frame.left, top, frame.width, frame.bottom - top)
        lines = text.wrap(empty, scale.body, frame.width)
        line = round(scale.body * 1.4)
        first = box.centery - line * len(lines) // 2
        for index, words in enumerate(lines):
            middle = (box.centerx, first + line * index + line // 2)
            text.blit(surface, words, scale.body, MUTED, box=box, center=middle)
        return plotted
    row = round(small * 1.5)
    if isinstance(chart, LineChart) and len(chart.series) > 1:
        top = _paint_legend(surface, text, frame, top, chart.series, small)
    axes = chart.axes
    text.blit(surface, axes.y_title, small, MUTED, box=frame, topleft=(frame.left, top))
    top += row + small // 2 + (row if isinstance(chart, BarChart) else 0)  # bars' values
    values = (
        [value for series in chart.series for value in series.values]
        if isinstance(chart, LineChart)
        else list(chart.values)
    )
    low, high = min(*values, *axes.y_least), max(*values, *axes.y_least)
    under = round(small * 0.7)  # the lowest tick's label clear of the first point's
    bottom = frame.bottom - row * 2 - under
    most = max(2, min(8, (bottom - top) // (small * 3)))
    ticks = nice_ticks(low, high, most)
    step = ticks[1] - ticks[0]
    labels = [tick_label(tick, step) + axes.y_unit for tick in ticks]
    font = text.font(small)
    left = frame.left + max(font.size(label)[0] for label in labels) + small // 2
    widest_x = max((font.size(label)[0] for label in axes.x_labels), default=0)
    margin = max(small, widest_x // 2 + 2) if isinstance(chart, LineChart) else small // 2
    plot = pygame.Rect(left, top, frame.right - margin - left, bottom - top)
    plotted.plot, plotted.ticks = plot, ticks
    span = Span(ticks[0], ticks[-1], plot.bottom, plot.top)
    for tick, label in zip(ticks, labels, strict=True):
        y = round(span.at(tick))
        colour = MUTED if tick == 0 else GRID
        pygame.draw.line(surface, colour, (plot.left, y), (plot.right, y))
        box = pygame.Rect(frame.left, y - row // 2, plot.left - frame.left - 4, row)
        text.blit(surface, label, small, MUTED, box=box, midright=(box.right, y))
    pygame.draw.line(surface, MUTED, plot.topleft, plot.bottomleft)
    x_row = pygame.Rect(frame.left, plot.bottom + under, frame.width, row)
    if isinstance(chart, LineChart):
        _paint_lines(surface, text, chart, plot, span, x_row, small, plotted)
    else:
        _paint_bars(surface, text, chart, plot, span, x_row, small, plotted)
    title_at = (plot.centerx, frame.bottom - row + (row - small) // 2)
    text.blit(surface, axes.x_title, small, MUTED, box=frame, midtop=title_at)
    return plotted


def _paint_legend(
    surface: pygame.Surface,
    text: Text,
    frame: pygame.Rect,
    top: int,
    series: tuple[Series, ...],
    size: int,
) -> int:
    """Each series' colour and name, in rows across the top of ``frame`` from ``top``;
    returns where the rows end."""
    row, gap, swatch = round(size * 1.5), size, round(size * 1.6)
    font = text.font(size)
    widths = [swatch + size // 2 + font.size(each.label)[0] for each in series]
    rows: list[list[int]] = [[]]
    used = 0
    for index, width in enumerate(widths):
        if rows[-1] and used + gap + width > frame.width:
            rows.append([])
            used = 0
        used += (gap if rows[-1] else 0) + width
        rows[-1].append(index)
    thickness = line_width(size)
    for number, indices in enumerate(rows):
        span = sum(widths[index] for index in indices) + gap * (len(indices) - 1)
        x = frame.centerx - span // 2
        middle = top + row * number + row // 2
        for index in indices:
            colour = series[index].colour
            pygame.draw.line(surface, colour, (x, middle), (x + swatch, middle), thickness)
            box = pygame.Rect(x + swatch + size // 2, middle - row // 2, widths[index], row)
            box.width = min(box.width, frame.right - box.left)
            text.blit(surface, series[index].label, size, INK, box=box, midleft=box.midleft)
            x += widths[index] + gap
    return top + row * len(rows)


def _x_labels(
    surface: pygame.Surface,
    text: Text,
    labels: tuple[str, ...],
    centres: list[float],
    row: pygame.Rect,
    size: int,
) -> None:
    """The labels under the points or bars at ``centres``, as many as stay apart."""
    if not labels:
        return
    font = text.font(size)
    widest = max(font.size(label)[0] for label in labels) + size // 2
    spacing = centres[1] - centres[0] if len(centres) > 1 else row.width
    every = label_every(len(labels), spacing, widest)
    for index, (label, x) in enumerate(zip(labels, centres, strict=True)):
        if index % every == 0:
            box = pygame.Rect(round(x - widest / 2), row.top, widest, row.height)
            text.blit(surface, label, size, MUTED, box=box.clamp(row), midtop=(round(x), row.top))


def _paint_lines(
    surface: pygame.Surface,
    text: Text,
    chart: LineChart,
    plot: pygame.Rect,
    span: Span,
    x_row: pygame.Rect,
    size: int,
    plotted: Plotted,
) -> None:
    count = max(len(series.values) for series in chart.series)
    spacing = point_spacing(count, plot.width)
    centres = [plot.centerx if count == 1 else plot.left + spacing * i for i in range(count)]
    width = line_width(size)
    for series in chart.series:
        points = [(centres[i], span.at(value)) for i, value in enumerate(series.values)]
        plotted.points.append(points)
        for start, end in pairwise(points):
            pygame.draw.aaline(surface, series.colour, start, end, width)
        if series.marked:
            radius = width + 1 if spacing >= width * 4 else width
            for point in points:
                pygame.draw.aacircle(surface, series.colour, point, radius, 0)
    _x_labels(surface, text, chart.axes.x_labels[:count], centres, x_row, size)


def _paint_bars(
    surface: pygame.Surface,
    text: Text,
    chart: BarChart,
    plot: pygame.Rect,
    span: Span,
    x_row: pygame.Rect,
    size: int,
    plotted: Plotted,
) -> None:
    slot = plot.width / len(chart.values)
    centres = [plot.left + slot * (index + 0.5) for index in range(len(chart.values))]
    zero = round(span.at(0.0))
    row = round(size * 1.5)
    for value, shown, x in zip(chart.values, chart.shown, centres, strict=True):
        y = round(span.at(value))
        width = max(2, min(round(slot * 0.6), size * 8))
        bar = pygame.Rect(0, min(y, zero), width, max(1, abs(zero - y)))
        bar.centerx = round(x)
        plotted.bars.append(bar)
        pygame.draw.rect(surface, chart.colour, bar, border_radius=max(1, size // 5))
        box = pygame.Rect(round(x - slot / 2), plot.top - row, round(slot), plot.height + row * 2)
        above = (round(x), bar.top - 2 if value >= 0 else zero - 2)  # a bar under 0: over 0
        text.blit(surface, shown, size, INK, box=box, midbottom=above)
    _x_labels(surface, text, chart.axes.x_labels, centres, x_row, size)
