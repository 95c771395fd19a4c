"""The action log's panel beside the table: this round's lines, the newest at the bottom in
gold, scrolled with the wheel over it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.ui.kit.text import Color, Text
from game.ui.kit.widgets import GOLD, INK

NARROWEST_WINDOW = 960
"""Below this width the table keeps the whole window and the log is not shown."""


def log_width(width: int, text_size: int, shown: bool) -> int:
    """How wide the log's column is in a window ``width`` pixels wide (0: no column)."""
    if not shown or width < NARROWEST_WINDOW:
        return 0
    return min(round(width * 0.2), text_size * 18)


class LogPanel:
    """Where the log goes and how far it is scrolled back (in lines from the newest)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.back = 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the panel scrolls it; True if used."""
        if event.type != pygame.MOUSEWHEEL or not self.rect.w:
            return False
        if not self.rect.collidepoint(pygame.mouse.get_pos()):
            return False
        self.back = max(0, self.back + event.y)
        return True

    def follow_newest(self) -> None:
        """Back to the newest line (a new round)."""
        self.back = 0


@dataclass(frozen=True, slots=True)
class LogRow:
    """One line of the panel as drawn: the heading, or a line (or part of one) of the log."""

    words: str
    size: int
    colour: Color
    bold: bool
    box: pygame.Rect


def log_rows(
    text: Text, rect: pygame.Rect, lines: Sequence[str], back: int, size: int
) -> list[LogRow]:
    """The panel's rows: a heading, then as many of ``lines`` as fit (wrapped), ``back``
    lines up from the end, the newest in gold (none if the panel is not shown)."""
    if not rect.w:
        return []
    pad = size // 2
    inner = rect.inflate(-pad * 2, -pad * 2)
    heading = pygame.Rect(inner.left, inner.top, inner.width, round(size * 1.8))
    shown = [LogRow(_("This round"), size, GOLD, True, heading)]
    line_height = round(size * 1.3)
    rows: list[tuple[str, bool]] = []
    for index, line in enumerate(lines):
        newest = index == len(lines) - 1
        rows += [(part, newest) for part in text.wrap(line, size, inner.width, newest)]
    room = max(1, (inner.bottom - heading.bottom) // line_height)
    back = min(back, max(0, len(rows) - room))
    end = len(rows) - back
    top = heading.bottom
    for part, newest in rows[max(0, end - room) : end]:
        box = pygame.Rect(inner.left, top, inner.width, line_height)
        shown.append(LogRow(part, size, GOLD if newest else INK, newest, box))
        top += line_height
    return shown


def paint_log(
    surface: pygame.Surface, text: Text, rect: pygame.Rect, rows: Sequence[LogRow]
) -> None:
    """The panel in ``rect``: its edge and its ``rows`` (from :func:`log_rows`).

    The panel's shade is in the felt beneath (:func:`shade_panel`), drawn once.
    """
    if not rect.w:
        return
    pygame.draw.line(surface, GOLD, rect.topleft, rect.bottomleft)
    clip = surface.get_clip()
    for row in rows:
        box = row.box
        if box.colliderect(clip):
            text.blit(
                surface, row.words, row.size, row.colour, row.bold, box=box, topleft=box.topleft
            )
