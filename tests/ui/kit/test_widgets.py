"""Widgets' drawing helpers."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.ui.kit.widgets import fill_rounded


@pytest.mark.parametrize(
    ("size", "radius"),
    [((3302, 1901), 14), ((200, 57), 14), ((200, 29), 14), ((41, 300), 6), ((9, 9), 4)],
)
def test_a_rounded_fill_is_pygames_rounded_rectangle_pixel_for_pixel(
    size: tuple[int, int], radius: int
) -> None:
    rect = pygame.Rect((3, 5), size)
    ours, theirs = (pygame.Surface((size[0] + 10, size[1] + 10)) for _ in range(2))
    for surface in (ours, theirs):
        surface.fill((200, 0, 0))
    fill_rounded(ours, (16, 40, 30), rect, radius)
    pygame.draw.rect(theirs, (16, 40, 30), rect, border_radius=radius)
    assert pygame.image.tobytes(ours, "RGB") == pygame.image.tobytes(theirs, "RGB")
