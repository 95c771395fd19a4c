"""A shown hand's cards in a row beside its plate, where the plate is too short for its
"Holds …" lines (the side seats' plates at eight seats, in the replay's every hand)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine.cards import Card
from game.ui.kit.art import CardArt, card_width
from game.ui.kit.sprites import Pose
from game.ui.seen.layout import TableLayout
from game.ui.seen.meld_layout import READABLE, STEPS

LEAST_SHOWN = 0.22
"""The least share of a card's width the row shows beside the next (its corner index)."""


def held_row(
    layout: TableLayout, seat: int, lines: Sequence[pygame.Rect], count: int
) -> tuple[pygame.Rect, ...] | None:
    """Where each of ``count`` held cards goes, as large as fits and at least
    :data:`READABLE` tall, level with ``seat``'s plate, in its box beside its ``lines``
    (toward the piles); None where the box has no room for them."""
    box = layout.plate_box(seat)
    column = lines[0].unionall(lines[1:])
    gap = layout.margin
    if layout.side(seat) == "R":
        left, right = box.left, column.left - gap
    else:
        left, right = column.right + gap, box.right
    fits = [size for size in layout.card_heights if READABLE <= size <= box.height]
    for height in sorted(fits, reverse=True):  # heights the art renders ahead
        width = card_width(height)
        step = min(width * STEPS[0], (right - left - width) / max(1, count - 1))
        if count and step >= width * LEAST_SHOWN:
            long = round(width + step * (count - 1))
            start = right - long if layout.side(seat) == "R" else left
            top = box.top + (box.height - height) // 2
            return tuple(
                pygame.Rect(round(start + step * index), top, width, height)
                for index in range(count)
            )
    return None


def paint_held_row(
    surface: pygame.Surface, art: CardArt, cards: Sequence[Card], places: Sequence[pygame.Rect]
) -> None:
    """The cards face up at their places, left to right."""
    for card, place in zip(cards, places, strict=True):
        art.draw(surface, card, Pose(place.center, place.height))
