"""The notice at the top of the window, painted over whatever scene is on top.

The frame under it is kept (:class:`ToastLayer`), so that the scene beneath may go on drawing
only what changed: the notice is taken off before the scene draws and put on again after,
and a frame with a notice costs the scene's changes and two small blits, not a whole window.
"""

from __future__ import annotations

import pygame

from game.ui.kit.text import Text
from game.ui.kit.type_scale import TypeScale
from game.ui.kit.widgets import GOLD, INK, translucent_plate


def toast_lines(surface_size: tuple[int, int], text: Text, message: str) -> list[str]:
    """The notice's lines, wrapped to the window's width."""
    size = TypeScale.for_window(surface_size).body
    return text.wrap(message, size, round(surface_size[0] * 0.8))


def toast_plate(surface_size: tuple[int, int], text: Text, lines: list[str]) -> pygame.Rect:
    """Where the notice's plate lies: at the top of the window, centred."""
    width, height = surface_size
    size = TypeScale.for_window((width, height)).body
    line_height = text.font(size).get_linesize()
    plate = pygame.Rect(0, 0, round(width * 0.84), line_height * len(lines) + size)
    plate.midtop = (width // 2, size // 2)
    return plate


def paint_toast(surface: pygame.Surface, text: Text, message: str) -> pygame.Rect:
    """A notice on a dark plate at the top of the window, over everything, wrapped to fit;
    returns where."""
    lines = toast_lines(surface.get_size(), text, message)
    plate = toast_plate(surface.get_size(), text, lines)
    _paint(surface, text, lines, plate)
    return plate


def _paint(surface: pygame.Surface, text: Text, lines: list[str], plate: pygame.Rect) -> None:
    """The notice's ``lines`` on its ``plate``."""
    width, height = surface.get_size()
    size = TypeScale.for_window((width, height)).body
    line_height = text.font(size).get_linesize()
    surface.blit(translucent_plate(plate.size, 235, size // 2), plate)
    pygame.draw.rect(surface, GOLD, plate, 1, border_radius=size // 2)
    for index, line in enumerate(lines):
        center = (width // 2, plate.top + size // 2 + line_height * index + line_height // 2)
        text.blit(surface, line, size, INK, box=plate, center=center)


class ToastLayer:
    """Keeps the frame's pixels under the notice, to take the notice off the next frame."""

    def __init__(self) -> None:
        self._under: tuple[pygame.Surface, pygame.Rect] | None = None
        """The surface painted on, and where."""
        self._pixels: pygame.Surface | None = None
        """What was there before the notice (kept from frame to frame while it fits)."""

    def lift(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Take the last notice off ``surface`` (the frame as the scene drew it is back);
        returns where."""
        under, self._under = self._under, None
        if under is None or under[0] is not surface:
            return []
        _painted_on, rect = under
        assert self._pixels is not None
        surface.blit(self._pixels, rect, pygame.Rect((0, 0), rect.size))
        return [rect]

    def lay(self, surface: pygame.Surface, text: Text, message: str) -> list[pygame.Rect]:
        """Paint the notice over ``surface``, keeping what it covers; returns where."""
        lines = toast_lines(surface.get_size(), text, message)
        plate = toast_plate(surface.get_size(), text, lines)
        rect = plate.clip(surface.get_rect())
        if self._pixels is None or self._pixels.get_size() != rect.size:
            self._pixels = pygame.Surface(rect.size, 0, surface)
        self._pixels.blit(surface, (0, 0), rect)
        self._under = (surface, rect)
        _paint(surface, text, lines, plate)
        return [rect]
