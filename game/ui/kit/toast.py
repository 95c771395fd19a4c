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
    width, height = surface.get_size()
    size = TypeScale.for_window((width, height)).body
    lines = toast_lines((width, height), text, message)
    plate = toast_plate((width, height), text, lines)
    line_height = text.font(size).get_linesize()
    surface.blit(translucent_plate(plate.size, 235, size // 2), plate)
    pygame.draw.rect(surface, GOLD, plate, 1, border_radius=size // 2)
    for index, line in enumerate(lines):
        center = (width // 2, plate.top + size // 2 + line_height * index + line_height // 2)
        text.blit(surface, line, size, INK, box=plate, center=center)
    return plate


class ToastLayer:
    """Keeps the frame's pixels under the notice, to take the notice off the next frame."""

    def __init__(self) -> None:
        self._under: tuple[pygame.Surface, pygame.Rect, pygame.Surface] | None = None
        """The surface painted on, where, and what was there before the notice."""

    def lift(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Take the last notice off ``surface`` (the frame as the scene drew it is back);
        returns where."""
        under, self._under = self._under, None
        if under is None or under[0] is not surface:
            return []
        _painted_on, rect, pixels = under
        surface.blit(pixels, rect)
        return [rect]

    def lay(self, surface: pygame.Surface, text: Text, message: str) -> list[pygame.Rect]:
        """Paint the notice over ``surface``, keeping what it covers; returns where."""
        lines = toast_lines(surface.get_size(), text, message)
        rect = toast_plate(surface.get_size(), text, lines).clip(surface.get_rect())
        self._under = (surface, rect, surface.subsurface(rect).copy())
        paint_toast(surface, text, message)
        return [rect]
