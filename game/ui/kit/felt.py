"""The green baize every screen is drawn on, and the shade behind a panel on it."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.kit.widgets import PANEL


@lru_cache(maxsize=4)
def felt(size: tuple[int, int], panel: tuple[int, int, int, int] | None = None) -> pygame.Surface:
    """A green baize with a soft light in the middle (``panel``: the log's column shaded)."""
    width, height = size
    screen = pygame.display.get_surface()
    surface = pygame.Surface(size) if screen is None else pygame.Surface(size, 0, screen)
    surface.fill((18, 74, 48))
    steps = 12
    for step in range(steps):
        shade = 18 + step * 2, 74 + step * 3, 48 + step * 2
        inset = step / steps / 2
        rect = pygame.Rect(0, 0, round(width * (1 - inset)), round(height * (1 - inset)))
        rect.center = (width // 2, round(height * 0.45))
        pygame.draw.ellipse(surface, shade, rect)
    if panel is not None:
        shade_panel(surface, pygame.Rect(panel))
    return surface  # made in the screen's format: blitted as fast as a converted copy


def shade_panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Darken the log's column of ``surface`` so that its lines stand out from the felt."""
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((*PANEL, 170))
    surface.blit(shade, rect)
