"""Overlays lay out without overlaps from the smallest window to a large one."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui.kit.art import CARD_ASPECT
from game.ui.kit.text import Text
from game.ui.kit.widgets import Button, lay_out_row
from game.ui.table.overlay import CARD_STEP, overlay_layout
from game.ui.table.score_sheet import sheet_line

SIZES = [(640, 400), (800, 500), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)]
TABLE_SIZES = [(800, 600), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160)]
"""Where a table of any count is laid out (issue 28: from 800×600)."""
ROUNDS = 11
WIDEST = 13 + 4
"""A 13-card hand in three melds and its leftover cards: 13 cards and 4 gaps."""


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_round_summary_keeps_its_sheet_above_its_button(size: tuple[int, int]) -> None:
    layout = overlay_layout(size)
    parts = layout.hand_rows(4, ROUNDS + 2, WIDEST, layout.text_size * 20)
    rows, sheet = parts.rows, parts.sheet
    button = layout.buttons
    line = sheet_line(sheet, ROUNDS + 2, layout.text_size)
    total_row = pygame.Rect(sheet.left, sheet.top + line * (ROUNDS + 1), sheet.width, line)
    assert total_row.bottom <= button.top, "the Total row runs under the button"
    assert sheet.collidelist(rows) == -1, "a hand row runs into the sheet"
    assert all(layout.panel.contains(rect) for rect in [*rows, total_row, button])
    height = parts.card_height(WIDEST)
    assert height >= 21 and line >= 12, "still legible"
    box = parts.cards_box(rows[0])
    assert rows[0].contains(box)
    assert height * (CARD_STEP * (WIDEST - 1) + CARD_ASPECT) <= box.width, "cards leave the row"
    assert height <= box.height


@pytest.mark.parametrize("size", [(1920, 1080), (2560, 1440), (3840, 2160)])
def test_a_large_round_summary_fills_its_panel(size: tuple[int, int]) -> None:
    """The widest hand and the sheet between them take most of the panel's width."""
    layout = overlay_layout(size)
    parts = layout.hand_rows(4, ROUNDS + 2, WIDEST, layout.text_size * 20)
    box, sheet = parts.cards_box(parts.rows[0]), parts.sheet
    cards_right = box.left + parts.card_height(WIDEST) * (CARD_STEP * (WIDEST - 1) + CARD_ASPECT)
    used = cards_right - layout.content.left + (sheet.width if sheet.left > box.left else 0)
    assert used >= layout.content.width * 0.8


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_match_end_keeps_its_buttons_inside_its_panel(size: tuple[int, int]) -> None:
    """Side by side, apart, each wide enough for its words at the body size."""
    layout, text = overlay_layout(size, 5.0), Text()
    words = ("Main menu", "Review", "Play this deal again", "New match")
    buttons = [Button(label, unpressed) for label in words]
    lay_out_row(buttons, text, layout.text_size, layout.buttons, least=layout.text_size * 9)
    rects = [button.rect for button in buttons]
    assert all(left.right < right.left for left, right in itertools.pairwise(rects))
    assert all(layout.panel.contains(rect) for rect in rects)
    assert layout.content.bottom <= rects[0].top
    for button in buttons:
        assert button.width_needed(text, layout.text_size) <= button.rect.width, button.label


def unpressed() -> None:
    """What the buttons do here: nothing (their places are looked at)."""


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("size", TABLE_SIZES, ids=[f"{w}x{h}" for w, h in TABLE_SIZES])
def test_every_hand_has_a_row_of_its_own_at_every_count(
    size: tuple[int, int], players: int
) -> None:
    """Each seat's row inside the content, clear of the others and of the sheet, its cards
    legible; a long sum of leftover cards may take a second line."""
    layout = overlay_layout(size)
    size_ = layout.text_size
    parts = layout.hand_rows(players, ROUNDS + 2, WIDEST, size_ * 20, size_ * 40, size_ * 12)
    rows = parts.rows
    assert len(rows) == players
    assert all(layout.content.contains(row) for row in [*rows, parts.sheet])
    for index, row in enumerate(rows):
        assert row.collidelist(rows[index + 1 :]) == -1, "two hands share a row"
        assert not row.colliderect(parts.sheet), "a hand runs into the sheet"
    height = parts.card_height(WIDEST)
    box = parts.cards_box(rows[0])
    assert height >= 20 and height <= box.height
    assert height * (CARD_STEP * (WIDEST - 1) + CARD_ASPECT) <= box.width, "cards leave the row"
