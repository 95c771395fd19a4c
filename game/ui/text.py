"""Text in the shipped DejaVu Sans (it has the suit glyphs), rendered once and cached."""

from __future__ import annotations

import pygame

from game.resources import asset_path

Color = tuple[int, int, int]


class Text:
    """Fonts by size and weight, and a cache of rendered strings."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._rendered: dict[tuple[str, int, bool, Color], pygame.Surface] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """DejaVu Sans at ``size`` pixels."""
        key = (max(6, size), bold)
        found = self._fonts.get(key)
        if found is None:
            name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
            found = pygame.font.Font(str(asset_path("fonts", name)), key[0])
            self._fonts[key] = found
        return found

    def render(
        self, text: str, size: int, color: Color = (240, 240, 230), bold: bool = False
    ) -> pygame.Surface:
        """``text`` as an anti-aliased picture."""
        key = (text, size, bold, color)
        found = self._rendered.get(key)
        if found is None:
            if len(self._rendered) > 600:
                self._rendered.clear()
            found = self.font(size, bold).render(text, True, color)
            self._rendered[key] = found
        return found

    def blit(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        color: Color = (240, 240, 230),
        bold: bool = False,
        **anchor: tuple[int, int] | int,
    ) -> pygame.Rect:
        """Draw ``text`` placed by a rect anchor such as ``center=(x, y)`` or ``topleft=…``."""
        picture = self.render(text, size, color, bold)
        rect = picture.get_rect(**anchor)
        surface.blit(picture, rect)
        return rect
