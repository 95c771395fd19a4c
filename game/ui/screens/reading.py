"""Screens to read: a title, lines of text and tables that scroll, and a Back button.

A :class:`ReadingScene` lays its content out for the window's width (text is
wrapped, table cells share the width) whenever the window changes size; the
wheel, the arrow keys and Page Up/Down scroll it; Escape or Back return.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.engine.cards import Card
from game.i18n import N_, _
from game.ui.kit.art import card_width
from game.ui.kit.felt import felt
from game.ui.kit.text import Color, Text
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import GOLD, INK, MUTED, Button, lay_out_row
from game.ui.scene import Scene, SceneContext


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a page: text, or table cells spread across the width."""

    cells: tuple[str, ...]
    colour: Color = INK
    bold: bool = False
    heading: bool = False
    """Drawn in the scale's heading style (else in its body style)."""
    cards: tuple[Card, ...] = ()
    """A picture's cards, drawn in a row :data:`PICTURE_LINES` lines tall (no text)."""
    marks: tuple[str, ...] = ()
    """Under each card of a picture, a word or nothing."""


def heading(text: str) -> Line:
    return Line((text,), GOLD, True, True)


def paragraph(text: str, colour: Color = INK) -> Line:
    """A paragraph; :meth:`ReadingScene.layout_lines` wraps it."""
    return Line((text,), colour)


def row(*cells: str, colour: Color = INK, bold: bool = False) -> Line:
    """A table row: the first cell on the left, the others in equal columns."""
    return Line(cells, colour, bold)


def picture(cards: tuple[Card, ...], marks: tuple[str, ...]) -> Line:
    """A row of cards, each with its mark under it."""
    return Line(("",), cards=cards, marks=marks)


BLANK = Line(("",))
PICTURE_LINES = 4
"""How many lines a picture takes: its cards, then their marks."""


class ReadingScene(Scene):
    """A page of lines over the felt; subclasses say what the lines are."""

    title = ""

    def __init__(self, context: SceneContext) -> None:
        super().__init__(context)
        self.buttons = [Button(N_("Back"), self.context.pop)]
        self.scroll = 0
        self.laid_out: list[Line] = []
        self.area = pygame.Rect(0, 0, 0, 0)
        self.size = 16

    def lines(self) -> list[Line]:
        """The page's content, before wrapping."""
        return []

    # --- layout -------------------------------------------------------------------------

    @property
    def type_scale(self) -> TypeScale:
        return TypeScale(self.size)

    def line_size(self, line: Line) -> int:
        """The size ``line`` is drawn at: its style's."""
        return self.type_scale.heading if line.heading else self.size

    @property
    def line_height(self) -> int:
        return round(self.size * 1.45)

    @property
    def visible(self) -> int:
        return max(1, self.area.height // self.line_height)

    def on_enter(self) -> None:
        self.on_resize()

    def on_resize(self) -> None:
        width, height = self.context.screen.get_size()
        self.size = TypeScale.for_window((width, height)).body
        margin = self.size * 2
        button_height = round(self.size * 2.2)
        bottom = height - self.size
        gap = self.size
        row = pygame.Rect(margin, bottom - button_height, width - margin * 2, button_height)
        lay_out_row(self.buttons, self.context.text, self.size, row, least=self.size * 11)
        top = round(self.size * 3.6)
        more = round(self.type_scale.help * 1.3)  # the "more below" line, over the buttons
        room = bottom - button_height - gap - more - top
        self.area = pygame.Rect(margin, top, width - margin * 2, room)
        self.relayout()

    def relayout(self) -> None:
        """Wrap the lines again (the content or the width changed)."""
        self.laid_out = self.layout_lines(self.lines(), self.context.text)
        self._scroll_by(0)

    def layout_lines(self, lines: list[Line], text: Text) -> list[Line]:
        """Paragraphs wrapped to the area's width; table rows kept whole."""
        laid: list[Line] = []
        for line in lines:
            if line.cards:
                laid += [line, *[BLANK] * (PICTURE_LINES - 1)]
                continue
            if len(line.cells) != 1 or not line.cells[0]:
                laid.append(line)
                continue
            size = self.line_size(line)
            laid += [
                Line((part,), line.colour, line.bold, line.heading)
                for part in text.wrap(line.cells[0], size, self.area.width)
            ]
        return laid

    # --- input --------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Everything stops here: the scene beneath gets no input."""
        if any(button.handle_event(event) for button in self.buttons):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * 3)
        elif event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_UP: -1,
                pygame.K_DOWN: 1,
                pygame.K_PAGEUP: -self.visible,
                pygame.K_PAGEDOWN: self.visible,
            }
            if event.key == pygame.K_ESCAPE:
                self.context.pop()
            elif event.key in steps:
                self._scroll_by(steps[event.key])
        return True

    def _scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(len(self.laid_out) - self.visible, self.scroll + lines))

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        surface.blit(felt((width, height)), (0, 0))
        text = self.context.text
        text.blit(
            surface,
            _(self.title),
            self.type_scale.title,
            GOLD,
            True,
            midtop=(width // 2, self.size),
        )
        first = max(0, self.scroll - PICTURE_LINES + 1)  # a picture begun above still shows
        for index in range(first, min(len(self.laid_out), self.scroll + self.visible)):
            line = self.laid_out[index]
            top = self.area.top + (index - self.scroll) * self.line_height
            if line.cards:  # cut where it leaves the page, as the page cuts the text
                surface.set_clip(self.area)
                self._draw_picture(surface, text, line, top)
                surface.set_clip(None)
            elif index >= self.scroll:
                self._draw_line(surface, text, line, top)
        if self.scroll + self.visible < len(self.laid_out):
            more = _("▼ more below (wheel or ↓)")
            text.blit(
                surface, more, self.type_scale.help, MUTED, midtop=(width // 2, self.area.bottom)
            )
        for button in self.buttons:
            button.draw(surface, text)

    def _draw_picture(self, surface: pygame.Surface, text: Text, line: Line, top: int) -> None:
        """A picture's cards in a row, each mark centred under its card."""
        height = self.line_height * (PICTURE_LINES - 1) - self.size // 3
        width = card_width(height)
        gap = max(4, width // 8)
        left = self.area.left + self.size
        size = self.type_scale.help
        for index, (card, mark) in enumerate(zip(line.cards, line.marks, strict=True)):
            x = left + index * (width + gap)
            surface.blit(self.context.art.image(str(card), height), (x, top))
            if mark:
                box = pygame.Rect(0, top + height, width * 3, self.line_height)
                box.centerx = x + width // 2  # a word may be wider than its card
                text.blit(surface, mark, size, GOLD, True, box=box, center=box.center)

    def _draw_line(self, surface: pygame.Surface, text: Text, line: Line, top: int) -> None:
        size = self.line_size(line)
        first, *others = line.cells
        start = self.area.left + round(self.area.width * 0.36)
        first_box = (
            self.area
            if not others
            else pygame.Rect(
                self.area.left, top, start - self.area.left - self.size // 2, self.line_height
            )
        )
        topleft = (self.area.left, top)
        text.blit(surface, first, size, line.colour, line.bold, box=first_box, topleft=topleft)
        if not others:
            return
        column = (self.area.right - start) // len(others)
        for index, cell in enumerate(others):
            center = (start + column * index + column // 2, top + self.line_height // 2 - 2)
            box = pygame.Rect(start + column * index + 2, top, column - 4, self.line_height)
            text.blit(surface, cell, size, line.colour, line.bold, box=box, center=center)
