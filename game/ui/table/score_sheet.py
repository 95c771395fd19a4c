"""The score sheet: rounds down, players across, the totals in the last row.

It is drawn in one style of the type scale throughout, with columns as wide as their words:
the body's where it has the room, else the help style's, else (in a narrow sheet beside
the round summary's hands) with the rounds by their number only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.ui.kit.text import Text
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import GOLD, INK, MUTED, translucent_plate
from game.ui.seen.shown import ShownTable
from game.words.seat_words import Seating

WENT_OUT_MARK = "✓"
"""Beside a round's points on the score sheet: this seat went out."""
LEADER_MARK = "★"
"""Before a name on the score sheet: the lowest total so far."""
LINE_SPACING = 1.6
"""A line of the sheet is at most this many times its text's size."""
ROOMY_LINE = 1.3
"""A line at least this many times the body's size has room for the body style."""


@dataclass(frozen=True, slots=True)
class SheetStyle:
    """How a sheet is drawn: its text's size, and whether rounds go by number only."""

    size: int
    compact: bool


def sheet_line(area: pygame.Rect, rows: int, body: int) -> int:
    """The height of a line of a sheet of ``rows`` in ``area``: as tall as the body text
    allows, never taller, and never so tall that the sheet leaves ``area``."""
    return max(1, min(area.height // rows, round(body * LINE_SPACING)))


def sheet_styles(body: int, line: int) -> list[SheetStyle]:
    """The styles a sheet may take, the largest first: the body's (where its lines have
    room for it), the help style's, the help style's with the rounds by number."""
    small = TypeScale(body).help
    styles = [SheetStyle(small, False), SheetStyle(small, True)]
    return [SheetStyle(body, False), *styles] if line >= round(body * ROOMY_LINE) else styles


def column_widths(text: Text, style: SheetStyle, shown: ShownTable, seating: Seating) -> list[int]:
    """How wide each column must be for its words in ``style``: the rounds', then each
    player's."""
    bold = text.font(style.size, True)
    pad = style.size

    def widest(words: Sequence[str]) -> int:
        return max(bold.size(each)[0] for each in words) + pad

    rounds = [
        round_label(shown, number, style.compact) for number in range(len(shown.rules.hand_sizes))
    ]
    first = widest((_("Round"), *rounds))
    points = f"{max(888, *shown.totals)} {WENT_OUT_MARK}"
    players = [
        widest((f"{LEADER_MARK} {seating.name(seat)}", points)) for seat in range(len(shown.hands))
    ]
    return [first, *players]


def sheet_fit(
    text: Text, area: pygame.Rect, body: int, line: int, shown: ShownTable, seating: Seating
) -> tuple[SheetStyle, list[int]]:
    """The largest style whose columns fit ``area``'s width (with lines ``line`` pixels
    high), and the columns' widths there (the room to spare shared among them)."""
    styles = sheet_styles(body, line)
    for style in styles:
        widths = column_widths(text, style, shown, seating)
        if sum(widths) <= area.width:
            break
    spare = (area.width - sum(widths)) // len(widths)
    return style, [width + spare for width in widths]


def narrowest(text: Text, body: int, shown: ShownTable, seating: Seating) -> int:
    """The narrowest a sheet may be (in its smallest style)."""
    return sum(column_widths(text, SheetStyle(TypeScale(body).help, True), shown, seating))


def round_label(shown: ShownTable, number: int, compact: bool = False) -> str:
    """A round's row on the sheet: ``10 (12 cards)`` (``compact``: ``10``), ``×2`` after
    it if the round counts double."""
    label = str(number + 1)
    if not compact:
        count = shown.rules.hand_sizes[number]
        label = _("{number} ({count} cards)").format(number=number + 1, count=count)
    multiplier = shown.rules.multiplier(number)
    return f"{label} ×{multiplier}" if multiplier > 1 else label


def paint_score_sheet(
    surface: pygame.Surface,
    text: Text,
    area: pygame.Rect,
    shown: ShownTable,
    seating: Seating,
    highlight: Sequence[int] = (),
    counted: float = 1.0,
    current: int | None = None,
    only: int | None = None,
) -> None:
    """Rounds down (``only`` that round, if given), players across, with the totals in the
    last row; ``counted`` is the share of the last round's points
    shown so far (the summary counts them up).

    The marks: the ``current`` round's row on a plate, ``×2`` after a doubled round,
    :data:`WENT_OUT_MARK` beside the points of who went out, :data:`LEADER_MARK` before
    the name of the leader (the lowest total, once a round is scored)."""
    rounds, players = len(shown.rules.hand_sizes), len(shown.hands)
    body = text.scale_for(surface).body
    listed = range(rounds) if only is None else range(only, only + 1)
    line = sheet_line(area, len(listed) + 2, body)
    style, widths = sheet_fit(text, area, body, line, shown, seating)
    lefts = [area.left + sum(widths[:column]) for column in range(len(widths))]

    def cell(column: int, row: int, value: str, colour: tuple[int, int, int], bold: bool) -> None:
        box = pygame.Rect(lefts[column] + 2, area.top + line * row, widths[column] - 4, line)
        text.blit(surface, value, style.size, colour, bold, box=box, center=box.center)

    if current is not None and current in listed:
        row = listed.index(current) + 1
        plate = pygame.Rect(area.left, area.top + line * row, area.width, line)
        surface.blit(translucent_plate(plate.size, 50, 4, GOLD), plate)
    leaders = sheet_leaders(shown)
    cell(0, 0, _("Round"), MUTED, True)
    for seat in range(players):
        colour = GOLD if seat in highlight or seat in leaders else INK
        name = seating.name(seat)
        cell(seat + 1, 0, f"{LEADER_MARK} {name}" if seat in leaders else name, colour, True)
    for row, number in enumerate(listed, start=1):
        dealt = round_label(shown, number, style.compact)
        cell(0, row, dealt, GOLD if number == current else MUTED, False)
        if number < len(shown.round_scores):
            last = number == len(shown.round_scores) - 1
            goer = shown.goers[number] if number < len(shown.goers) else None
            for seat, points in enumerate(shown.round_scores[number]):
                value = str(counted_up(points, counted) if last else points)
                if seat == goer:
                    value = f"{value} {WENT_OUT_MARK}"
                cell(seat + 1, row, value, INK if points else GOLD, False)
    totals_row = len(listed) + 1
    top = area.top + line * totals_row
    pygame.draw.line(surface, MUTED, (area.left, top), (area.right, top))
    cell(0, totals_row, _("Total"), MUTED, True)
    latest = shown.round_scores[-1] if shown.round_scores else [0] * players
    for seat, total in enumerate(shown.totals):
        total = total - latest[seat] + counted_up(latest[seat], counted)
        cell(seat + 1, totals_row, str(total), GOLD if seat in highlight else INK, True)


def sheet_leaders(shown: ShownTable) -> tuple[int, ...]:
    """The seats with the lowest total once a round is scored (none before)."""
    if not shown.round_scores:
        return ()
    lowest = min(shown.totals)
    return tuple(seat for seat, total in enumerate(shown.totals) if total == lowest)


def counted_up(points: int, share: float) -> int:
    """``points`` as far as a count from 0 has gone (``share`` from 0 to 1)."""
    return round(points * share)
