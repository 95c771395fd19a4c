"""Text in the shipped DejaVu Sans (it has the suit glyphs), rendered once and cached.

If that font is missing or damaged, pygame's own font stands in (a missing piece).

Every text is drawn into a box (a button, a plate, a panel's column, else the window):
it shrinks to fit the box's width, down to :data:`SMALLEST`, and only then is cut
short with "…". Languages run to different lengths; nothing leaves its box.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.files import printable
from game.resources import PieceKind
from game.ui.kit.pieces import load_piece
from game.ui.kit.type_scale import TypeScale

Color = tuple[int, int, int]
SMALLEST = 8
"""The smallest size (pixels) a text shrinks to so as to fit its box."""
ELLIPSIS = "…"


@dataclass(frozen=True, slots=True)
class Drawn:
    """One text as it was drawn (kept while :attr:`Text.drawn` records)."""

    message: str
    """What was asked for."""
    shown: str
    """What was drawn: the message, or its start and "…" if even the smallest size was too wide."""
    rect: pygame.Rect
    box: pygame.Rect
    size: int
    """The size asked for."""
    fitted: int
    """The size drawn at."""
    mark: bool = False
    """A mark on or under a card, sized with the card rather than by the type scale."""


def opened(path: str, size: int) -> pygame.font.Font:
    """The font file at ``path`` at ``size`` pixels, tried once: pygame opens a damaged file
    without complaint and fails (or crashes) only when it is used."""
    font = pygame.font.Font(path, size)
    font.size(ELLIPSIS)  # raises pygame.error for a file that is not a font
    return font


class Text:
    """Fonts by size and weight, and a cache of rendered strings."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._rendered: dict[tuple[str, int, bool, Color], pygame.Surface] = {}
        self._fits: dict[tuple[str, int, int, bool], tuple[str, int]] = {}
        self._wraps: dict[tuple[str, int, int, bool, str | None], list[str]] = {}
        self._opened: TypeScale | None = None
        self.drawn: list[Drawn] | None = None
        """Set to a list to record every text drawn (the layout tests read it)."""
        self.buttons: list[pygame.Rect] | None = None
        """Set to a list to record where every button is drawn (the layout tests read it)."""

    def covered(self, plate: pygame.Rect) -> None:
        """An opaque ``plate`` (a card shown large over the others) now hides what lies
        under it: the texts recorded there are no longer shown."""
        if self.drawn is not None:
            self.drawn[:] = [drawn for drawn in self.drawn if not drawn.rect.colliderect(plate)]

    def scale_for(self, surface: pygame.Surface) -> TypeScale:
        """The window's type scale, as last opened (:meth:`open_scale`), even for a surface
        of another size (a summary's words rendered ahead, on a surface of one pixel);
        ``surface``'s own before any was opened."""
        return self._opened or TypeScale.for_window(surface.get_size())

    def open_scale(self, scale: TypeScale) -> None:
        """Open the fonts of every style of ``scale`` (once: a screen opening later does
        not wait for them)."""
        if scale != self._opened:
            self._opened = scale
            for size in scale.sizes:
                self.font(size)
                self.font(size, True)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """DejaVu Sans at ``size`` pixels (pygame's own font if it cannot be read)."""
        key = (max(6, size), bold)
        found = self._fonts.get(key)
        if found is None:
            pygame.font.init()  # once more does nothing; a card drawn plain may come first
            name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
            found = load_piece(PieceKind.FONT, ("fonts", name), lambda path: opened(path, key[0]))
            if found is None:
                found = pygame.font.Font(None, key[0])
            self._fonts[key] = found
        return found

    def render(
        self, text: str, size: int, color: Color = (240, 240, 230), bold: bool = False
    ) -> pygame.Surface:
        """``text`` as an anti-aliased picture (a character no font can draw, such as a NUL
        or a lone surrogate from an odd file name, drawn as U+FFFD)."""
        key = (text, size, bold, color)
        found = self._rendered.get(key)
        if found is None:
            if len(self._rendered) > 600:
                self._rendered.clear()
            found = self.font(size, bold).render(printable(text), True, color)
            self._rendered[key] = found
        return found

    def wrap(
        self,
        message: str,
        size: int,
        width: int,
        bold: bool = False,
        separator: str | None = None,
    ) -> list[str]:
        """``message`` broken into lines no wider than ``width`` pixels, between its words
        (or, given a ``separator``, between the parts it separates: a help line's
        shortcuts), each kept whole."""
        key = (message, size, width, bold, separator)
        found = self._wraps.get(key)
        if found is None:
            if len(self._wraps) > 600:
                self._wraps.clear()
            found = self._wraps[key] = self._wrap(printable(message), size, width, bold, separator)
        return list(found)

    def _wrap(
        self, message: str, size: int, width: int, bold: bool, separator: str | None
    ) -> list[str]:
        font, joint = self.font(size, bold), separator or " "
        lines: list[str] = []
        for part in message.split(separator):
            if lines and font.size(f"{lines[-1]}{joint}{part}")[0] <= width:
                lines[-1] = f"{lines[-1]}{joint}{part}"
            else:
                lines.append(part)
        return lines or [""]

    def fit(self, message: str, size: int, width: int, bold: bool = False) -> tuple[str, int]:
        """The text and size that fit ``width`` pixels: ``size`` if it fits, else smaller down
        to :data:`SMALLEST`, else the message cut short with "…" at that size (what no font
        draws replaced, as :meth:`render` does)."""
        key = (message, size, width, bold)
        found = self._fits.get(key)
        if found is None:
            if len(self._fits) > 600:
                self._fits.clear()
            found = self._fits[key] = self._fit(printable(message), size, width, bold)
        return found

    def _fit(self, message: str, size: int, width: int, bold: bool) -> tuple[str, int]:
        fitted = max(6, size)
        while fitted > SMALLEST and self.font(fitted, bold).size(message)[0] > width:
            fitted -= 1
        font = self.font(fitted, bold)
        if font.size(message)[0] <= width:
            return message, fitted
        kept, beyond = 0, len(message)  # the longest start that fits, found by halving
        while beyond - kept > 1:
            middle = (kept + beyond) // 2
            if font.size(message[:middle] + ELLIPSIS)[0] <= width:
                kept = middle
            else:
                beyond = middle
        return message[:kept].rstrip() + ELLIPSIS, fitted

    def blit(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        color: Color = (240, 240, 230),
        bold: bool = False,
        box: pygame.Rect | None = None,
        mark: bool = False,
        **anchor: tuple[int, int] | int,
    ) -> pygame.Rect:
        """Draw ``text`` placed by a rect anchor such as ``center=(x, y)`` or ``topleft=…``,
        fitted into ``box`` (by default the window): shrunk to its width, moved inside it.
        A ``mark`` is drawn on or under a card, at a size that follows the card's."""
        bounds = box if box is not None else surface.get_rect()
        shown, fitted = self.fit(text, size, bounds.width, bold)
        picture = self.render(shown, fitted, color, bold)
        rect = picture.get_rect(**anchor).clamp(bounds)
        surface.blit(picture, rect)
        if self.drawn is not None:
            self.drawn.append(Drawn(text, shown, rect, pygame.Rect(bounds), size, fitted, mark))
        return rect

    def where(
        self, text: str, size: int, box: pygame.Rect, bold: bool = False, **anchor: tuple[int, int]
    ) -> pygame.Rect:
        """Where :meth:`blit` would draw ``text`` (fitted into ``box``), without drawing it."""
        shown, fitted = self.fit(text, size, box.width, bold)
        rect = pygame.Rect((0, 0), self.font(fitted, bold).size(shown))
        for name, value in anchor.items():
            setattr(rect, name, value)
        return rect.clamp(box)
