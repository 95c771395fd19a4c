"""Overlays lay out without overlaps from the smallest window to a large one."""

from __future__ import annotations

import pygame
import pytest

from game.ui.summary import overlay_layout, sheet_cells

SIZES = [(640, 400), (800, 500), (1280, 800), (1920, 1080), (2560, 1440)]
ROUNDS = 11


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_round_summary_keeps_its_sheet_above_its_button(size: tuple[int, int]) -> None:
    layout = overlay_layout(size)
    rows, sheet = layout.hand_rows(4, ROUNDS + 2)
    button = layout.button_rects(1)[0]
    line, _, text_size = sheet_cells(sheet, ROUNDS + 2, 5, layout.text_size)
    total_row = pygame.Rect(sheet.left, sheet.top + line * (ROUNDS + 1), sheet.width, line)
    assert total_row.bottom <= button.top, "the Total row runs under the button"
    assert rows[-1].bottom <= sheet.top, "the last hand row runs into the sheet"
    assert all(layout.panel.contains(rect) for rect in [*rows, total_row, button])
    assert rows[0].height >= 21 and text_size >= 8, "still legible"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_match_end_keeps_two_buttons_inside_its_panel(size: tuple[int, int]) -> None:
    layout = overlay_layout(size, 5.0)
    first, second = layout.button_rects(2)
    assert first.right < second.left
    assert layout.panel.contains(first) and layout.panel.contains(second)
    assert layout.content.bottom <= first.top
