"""Overlays lay out without overlaps from the smallest window to a large one."""

from __future__ import annotations

import pygame
import pytest

from game.ui.kit.art import CARD_ASPECT
from game.ui.table.summary import CARD_STEP, overlay_layout, sheet_cells

SIZES = [(640, 400), (800, 500), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)]
ROUNDS = 11
WIDEST = 13 + 4
"""A 13-card hand in three melds and its leftover cards: 13 cards and 4 gaps."""


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_round_summary_keeps_its_sheet_above_its_button(size: tuple[int, int]) -> None:
    layout = overlay_layout(size)
    parts = layout.hand_rows(4, ROUNDS + 2, WIDEST)
    rows, sheet = parts.rows, parts.sheet
    button = layout.button_rects(1)[0]
    line, _, text_size = sheet_cells(sheet, ROUNDS + 2, 5, layout.text_size)
    total_row = pygame.Rect(sheet.left, sheet.top + line * (ROUNDS + 1), sheet.width, line)
    assert total_row.bottom <= button.top, "the Total row runs under the button"
    assert sheet.collidelist(rows) == -1, "a hand row runs into the sheet"
    assert all(layout.panel.contains(rect) for rect in [*rows, total_row, button])
    height = parts.card_height(WIDEST)
    assert height >= 21 and text_size >= 8, "still legible"
    box = parts.cards_box(rows[0])
    assert rows[0].contains(box)
    assert height * (CARD_STEP * (WIDEST - 1) + CARD_ASPECT) <= box.width, "cards leave the row"
    assert height <= box.height


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440), (3840, 2160)])
def test_a_large_round_summary_fills_its_panel(size: tuple[int, int]) -> None:
    """The widest hand and the sheet between them take most of the panel's width."""
    layout = overlay_layout(size)
    parts = layout.hand_rows(4, ROUNDS + 2, WIDEST)
    box, sheet = parts.cards_box(parts.rows[0]), parts.sheet
    cards_right = box.left + parts.card_height(WIDEST) * (CARD_STEP * (WIDEST - 1) + CARD_ASPECT)
    used = cards_right - layout.content.left + (sheet.width if sheet.left > box.left else 0)
    assert used >= layout.content.width * 0.8


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_match_end_keeps_two_buttons_inside_its_panel(size: tuple[int, int]) -> None:
    layout = overlay_layout(size, 5.0)
    first, second = layout.button_rects(2)
    assert first.right < second.left
    assert layout.panel.contains(first) and layout.panel.contains(second)
    assert layout.content.bottom <= first.top
