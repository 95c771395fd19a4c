"""The turn marker: a ring on the name plate of the seat to move and a soft glow around its
cards (your hand, when it is your turn), so that the turn is seen at a glance."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.seen.shown import ShownTable

TURN = (255, 226, 140)
"""The marker's colour: a warm light gold, brighter than the plates' gold."""
GLOW_STEPS = 6
"""How many rings of fading light make the glow."""
GLOW_ALPHA = 160
"""The innermost ring's opacity (of 255)."""


def to_move(shown: ShownTable) -> int | None:
    """The seat whose turn the table shows (None between rounds and at the match's end, and
    once the last turns are played: the seat that went out does not move again)."""
    if shown.phase is None:
        return None
    if shown.last_turns and shown.current_seat not in shown.last_turns_due:
        return None
    return shown.current_seat


def ring_rect(around: pygame.Rect, size: int) -> pygame.Rect:
    """The ring around a plate's lines of text ``size`` pixels high."""
    return around.inflate(size, max(4, size // 2))


def paint_ring(surface: pygame.Surface, ring: pygame.Rect, size: int) -> None:
    """The plate's ring: a faint wash of the marker's colour and a line around it."""
    radius = max(4, size // 2)
    surface.blit(_wash(ring.size, radius), ring)
    pygame.draw.rect(surface, TURN, ring, max(2, size // 8), border_radius=radius)


@lru_cache(maxsize=8)
def _wash(size: tuple[int, int], radius: int) -> pygame.Surface:
    """The ring's faint wash (kept: the ring returns with every turn)."""
    wash = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(wash, (*TURN, 36), wash.get_rect(), border_radius=radius)
    return wash


def paint_glow(surface: pygame.Surface, cards: pygame.Rect, reach: int) -> pygame.Rect:
    """A soft light ``reach`` pixels wide around the rectangle ``cards`` (drawn under
    them); returns where it lies."""
    whole = cards.inflate(reach * 2, reach * 2)
    light = _light(whole.size, reach)
    for strip in _lit_strips(light.get_rect(), reach):  # within them it is clear
        surface.blit(light, strip.move(whole.topleft), strip)
    return whole


def glow_strips(cards: pygame.Rect, reach: int) -> list[pygame.Rect]:
    """Where the glow around ``cards`` (:func:`paint_glow`) may light the surface."""
    whole = cards.inflate(reach * 2, reach * 2)
    return [
        strip.move(whole.topleft) for strip in _lit_strips(pygame.Rect((0, 0), whole.size), reach)
    ]


@lru_cache(maxsize=8)
def _light(size: tuple[int, int], reach: int) -> pygame.Surface:
    """The glow's rings of fading light, clear within (kept: a seat's glow returns with
    each of its turns, at the same size)."""
    light = pygame.Surface(size, pygame.SRCALPHA)
    for step in range(GLOW_STEPS):
        inset = round(reach * step / GLOW_STEPS)
        alpha = round(GLOW_ALPHA * ((step + 1) / GLOW_STEPS) ** 2)
        band = light.get_rect().inflate(-inset * 2, -inset * 2)
        width = max(1, round(reach / GLOW_STEPS))
        pygame.draw.rect(light, (*TURN, alpha), band, width, border_radius=reach)
    return light


def _lit_strips(whole: pygame.Rect, reach: int) -> list[pygame.Rect]:
    """The edges of ``whole`` that the rings may light: everything but its middle, which
    lies more than twice ``reach`` inside (the rounded corners included)."""
    edge = reach * 2 + 2
    inner = whole.inflate(-edge * 2, -edge * 2)
    if inner.w <= 0 or inner.h <= 0:
        return [whole]
    return [
        pygame.Rect(whole.left, whole.top, whole.width, edge),
        pygame.Rect(whole.left, inner.bottom, whole.width, whole.bottom - inner.bottom),
        pygame.Rect(whole.left, inner.top, edge, inner.height),
        pygame.Rect(inner.right, inner.top, whole.right - inner.right, inner.height),
    ]
