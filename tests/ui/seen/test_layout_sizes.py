"""The table lays out inside the window from the smallest size to a 4K screen."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from game.ui.kit.art import card_width
from game.ui.seen.layout import SEAT_ANGLES, TableLayout

SIZES = [(640, 400), (800, 500), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)]
MOST_CARDS = 16
"""A 15-card hand (the 3→15 schedule) and the card just drawn."""


def card_rect(center: tuple[float, float], height: int, angle: int) -> pygame.Rect:
    width, tall = card_width(height), height
    if angle % 180:
        width, tall = tall, width
    rect = pygame.Rect(0, 0, width, tall)
    rect.center = (round(center[0]), round(center[1]))
    return rect


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_hand_stays_in_the_window_and_clear_of_the_piles(size: tuple[int, int]) -> None:
    layout = TableLayout(*size)
    window = pygame.Rect(0, 0, *size)
    piles = [layout.pile_rect(True), layout.pile_rect(False)]
    for seat in range(4):
        height = layout.hand_height if seat == 0 else layout.seat_height
        rects = [
            card_rect(center, height, SEAT_ANGLES[seat])
            for center in layout.seat_slots(seat, MOST_CARDS)
        ]
        assert all(window.contains(rect) for rect in rects), f"seat {seat} leaves the window"
        assert not any(rect.collidelist(piles) != -1 for rect in rects), f"seat {seat} on a pile"


def test_cards_and_text_grow_with_the_window() -> None:
    layouts = [TableLayout(*size) for size in SIZES]
    for smaller, larger in pairwise(layouts):
        assert larger.hand_height > smaller.hand_height
        assert larger.seat_height > smaller.seat_height
        assert larger.text_size > smaller.text_size
    assert layouts[-1].hand_height >= layouts[0].hand_height * 4
