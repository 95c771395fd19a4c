"""The marks on the cards of your hand: its melds' bars, the wild star, the contract's mark,
the picked tick, the focus ring and the hint's glow."""

from __future__ import annotations

import pygame

from game.engine.actions import Discard
from game.ui.kit.text import Text
from game.ui.kit.widgets import GOLD, PANEL
from game.ui.seen.contract_tracker import contract_mark
from game.ui.seen.layout import TableLayout
from game.ui.seen.picture import TablePicture
from game.ui.seen.table_marks import FOCUS, SELECTED, glow

MELD_COLOURS = ((236, 196, 84), (110, 190, 255), (240, 120, 160), (140, 220, 130), (200, 150, 255))


def meld_bar_height(layout: TableLayout) -> int:
    """How thick the bar under the cards of one meld of your hand is."""
    return max(5, layout.hand_height // 12)


def paint_card_marks(
    picture: TablePicture,
    surface: pygame.Surface,
    text: Text,
    rect: pygame.Rect,
    index: int,
    group: int | None,
) -> None:
    """A card of your hand's helpers: its meld's bar, the wild star, the contract's mark,
    selection, the hint."""
    layout = picture.layout
    card = picture.shown.hands[0][index]
    if group is not None:
        bar = meld_bar_height(layout)
        strip = pygame.Rect(0, 0, round(rect.width * 0.6), bar)  # clear of the indices
        strip.midtop = (rect.centerx, rect.bottom - bar // 2)  # astride the card's foot
        edge = strip.inflate(4, 4)  # a dark rim: the bar stands out of the hand's glow
        pygame.draw.rect(surface, PANEL, edge, border_radius=edge.height // 2)
        pygame.draw.rect(
            surface, MELD_COLOURS[group % len(MELD_COLOURS)], strip, border_radius=bar // 2
        )
    if card.is_wild(picture.shown.wild_rank):
        _wild_badge(surface, rect, layout, text)
    if picture.tracker is not None and card in picture.tracker.cards:
        contract_mark(surface, rect, layout)
    if card in picture.picked:
        pygame.draw.rect(surface, SELECTED, rect, 3, border_radius=6)
        _picked_badge(surface, rect, layout, text)
    if index == picture.selected:
        pygame.draw.rect(surface, FOCUS, rect, 4, border_radius=6)
        pygame.draw.rect(surface, PANEL, rect.inflate(-8, -8), 1, border_radius=4)
    if isinstance(picture.hinted, Discard) and card == picture.hinted.card:
        glow(surface, rect, GOLD)


def _picked_badge(
    surface: pygame.Surface, rect: pygame.Rect, layout: TableLayout, text: Text
) -> None:
    """A tick at the top right of a card picked to lay down."""
    radius = max(6, layout.hand_height // 14)
    center = (rect.right - radius - 3, rect.top + radius + 3)
    pygame.draw.circle(surface, SELECTED, center, radius)
    text.blit(surface, "✓", max(8, round(radius * 1.5)), PANEL, mark=True, center=center)


def _wild_badge(
    surface: pygame.Surface, rect: pygame.Rect, layout: TableLayout, text: Text
) -> None:
    radius = max(6, layout.hand_height // 14)
    center = (rect.left + radius + 3, round(rect.top + rect.height * 0.4))
    pygame.draw.circle(surface, GOLD, center, radius)
    pygame.draw.circle(surface, (120, 80, 10), center, radius, 1)
    text.blit(surface, "★", max(8, round(radius * 1.4)), (110, 60, 0), mark=True, center=center)
