"""A small card shown large: the card under the pointer (a meld's, a revealed hand's, a
summary's) drawn at your hand's size with its name, beside the cards it belongs to.

Pure placement and painting: the table and the round summary say which card is hovered,
where it lies, and what the view must keep clear of.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.engine.cards import Card
from game.ui.kit.art import CardArt, card_width
from game.ui.kit.sprites import Pose
from game.ui.kit.text import Text
from game.ui.kit.widgets import GOLD, INK, PANEL
from game.words.card_words import card_name, card_short

NAME_APART = " — "
"""Between a card's index and its name on the view's plate: ``8♠ — 8 of Spades``."""


def card_under(
    placed: Iterable[tuple[Card, pygame.Rect]], pos: tuple[int, int], largest: int
) -> tuple[Card, pygame.Rect] | None:
    """The card drawn last (on top) of ``placed`` (in the order drawn) under ``pos``, if it is
    drawn smaller than ``largest`` pixels tall: the one to show large."""
    found = None
    for card, rect in placed:
        if rect.collidepoint(pos):
            found = (card, rect)
    if found is None or found[1].height >= largest:
        return None
    return found


def card_words(card: Card) -> str:
    """What the view says of ``card``: its index and its name (``8♠ — 8 of Spades``)."""
    return card_short(card) + NAME_APART + card_name(card)


def view_rect(
    text: Text,
    size: int,
    card: Card,
    height: int,
    hovered: pygame.Rect,
    keep_clear: pygame.Rect,
    room: pygame.Rect,
) -> pygame.Rect:
    """Where the view of ``card`` (``height`` tall, its name under it at ``size``) goes: above
    ``keep_clear`` (the hovered card's meld or row), else below it, else beside it, inside
    ``room``; where none fits, the place that covers the least of it."""
    name_width = text.font(size, True).size(card_words(card))[0] + size
    width = max(card_width(height), name_width) + size
    view = pygame.Rect(0, 0, min(width, room.width), height + round(size * 2.4) + size // 2)
    gap = max(4, size // 3)
    places = [
        {"midbottom": (hovered.centerx, keep_clear.top - gap)},
        {"midtop": (hovered.centerx, keep_clear.bottom + gap)},
        {"midright": (keep_clear.left - gap, hovered.centery)},
        {"midleft": (keep_clear.right + gap, hovered.centery)},
    ]
    tried = []
    for place in places:
        candidate = view.copy()
        setattr(candidate, *next(iter(place.items())))
        moved = candidate.clamp(room)
        covered = moved.clip(keep_clear)
        if moved == candidate and not covered.width * covered.height:
            return moved
        tried.append((covered.width * covered.height, moved != candidate, moved))
    return min(tried, key=lambda entry: (entry[0], entry[1]))[2]


def paint_view(
    surface: pygame.Surface,
    art: CardArt,
    text: Text,
    size: int,
    card: Card,
    height: int,
    where: pygame.Rect,
) -> pygame.Rect:
    """The card ``height`` tall on a plate at ``where``, its name under it; returns the plate."""
    text.covered(where)
    pygame.draw.rect(surface, PANEL, where, border_radius=size // 2)
    pygame.draw.rect(surface, GOLD, where, 2, border_radius=size // 2)
    top = where.top + size // 2
    art.draw(surface, card, Pose((where.centerx, top + height / 2), height))
    label = pygame.Rect(where.left, top + height, where.width, where.bottom - top - height)
    text.blit(surface, card_words(card), size, INK, True, box=label, center=label.center)
    return where
