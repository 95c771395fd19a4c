"""Painting the melds on the open table: each seat's rows of small cards, every wild tagged
with what it stands for ("9♥")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from game.engine.cards import Card, Rank
from game.engine.open_table import TableMeld
from game.ui.kit.art import CardArt
from game.ui.kit.sprites import CardSprite
from game.ui.kit.text import Text
from game.ui.kit.widgets import GOLD
from game.words.card_words import stands_short

TAG_INK = (70, 40, 0)
"""The words of a wild's tag, on its gold plate."""


def seat_melds(table: Sequence[TableMeld], seat: int) -> list[TableMeld]:
    """The melds ``seat`` laid down, in the order laid down."""
    return [placed for placed in table if placed.owner == seat]


def wild_tags(meld: TableMeld, wild_rank: Rank | None) -> dict[Card, str]:
    """What each wild of a meld stands for, in short: ``9♥`` in a run, ``9`` in a set."""
    found = {}
    for card, position in zip(meld.meld.cards, meld.meld.positions, strict=True):
        if card.is_wild(wild_rank):
            found[card] = stands_short(position, meld.meld.suit)
    return found


def paint_melds(
    surface: pygame.Surface,
    art: CardArt,
    text: Text,
    melds: Sequence[TableMeld],
    sprites: Mapping[Card, CardSprite],
    wild_rank: Rank | None,
    resting: frozenset[Card],
) -> None:
    """The ``resting`` cards of ``melds`` where their sprites lie, then the wilds' tags."""
    tags: list[tuple[pygame.Rect, str]] = []
    for placed in melds:
        tagged = wild_tags(placed, wild_rank)
        for card in placed.meld.cards:
            sprite = sprites.get(card)
            if sprite is None or card not in resting:
                continue
            rect = art.draw(surface, card, sprite.pose)
            if card in tagged:
                tags.append((rect, tagged[card]))
    for rect, words in tags:  # over the card beside, so that each tag shows whole
        wild_tag(surface, text, rect, words)


def wild_tag(surface: pygame.Surface, text: Text, rect: pygame.Rect, words: str) -> pygame.Rect:
    """A small gold tag low on a wild's left edge: what it stands for."""
    size = max(10, round(rect.height * 0.3))
    width, height = text.font(size, True).size(words)
    plate = pygame.Rect(0, 0, width + size // 2, height)
    plate.bottomleft = (rect.left + 1, rect.bottom - max(2, rect.height // 12))
    pygame.draw.rect(surface, GOLD, plate, border_radius=plate.height // 3)
    pygame.draw.rect(surface, TAG_INK, plate, 1, border_radius=plate.height // 3)
    text.blit(surface, words, size, TAG_INK, True, plate, True, center=plate.center)
    return plate
