"""Buttons: a label, a rectangle and what a click does."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.i18n import _
from game.ui.kit.text import Text

FELT = (24, 92, 60)
PANEL = (16, 40, 30)
GOLD = (236, 196, 84)
INK = (240, 240, 230)
MUTED = (170, 190, 175)


@dataclass(slots=True)
class Button:
    """A clickable button; ``enabled`` is asked every frame."""

    label: str | Callable[[], str]
    """The English message, drawn in the language in use; or a function that words it."""
    on_click: Callable[[], None]
    enabled: Callable[[], bool] = field(default=lambda: True)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hovered: bool = False
    also: tuple[str, ...] = ()
    """Other English messages the button may show (its width holds the widest)."""
    progress: Callable[[], float] | None = None
    """A share of time left (0 to 1) shown as a bar along the button's foot, if any."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Track hover; run ``on_click`` on a left click inside. True if the click was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            if self.enabled():
                self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, text: Text) -> pygame.Rect:
        """Paint the button; returns its rectangle."""
        active = self.enabled()
        fill = (52, 120, 86) if active and self.hovered else (34, 84, 60)
        if not active:
            fill = (30, 56, 44)
        radius = max(4, self.rect.height // 4)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(surface, GOLD if active else (70, 90, 80), self.rect, 1, radius)
        size = text.scale_for(surface).body
        inside = self.rect.inflate(-max(4, radius), -2)
        colour = INK if active else MUTED
        text.blit(surface, self.words, size, colour, box=inside, center=self.rect.center)
        left = 0.0 if self.progress is None else min(1.0, self.progress())
        if left > 0:
            bar = pygame.Rect(0, 0, round((self.rect.width - radius * 2) * left), 3)
            bar.bottomleft = (self.rect.left + radius, self.rect.bottom - 3)
            pygame.draw.rect(surface, GOLD, bar)
        if text.buttons is not None:
            text.buttons.append(self.rect.copy())
        return self.rect.copy()

    @property
    def words(self) -> str:
        """The label as drawn now, in the language in use."""
        return _(self.label) if isinstance(self.label, str) else self.label()

    def width_needed(self, text: Text, size: int) -> int:
        """How wide the button must be for its words (any it may show) at ``size``."""
        font = text.font(size)
        return max(font.size(words)[0] for words in (self.words, *map(_, self.also))) + size * 2


def row_widths(
    buttons: Sequence[Button], text: Text, size: int, room: int, least: int = 0
) -> list[int]:
    """The widths of ``buttons`` in a row of ``room`` pixels (their gaps left out): all as
    wide as the widest words need at ``size`` (at least ``least``) where there is room for
    that, else each as wide as its own words, all narrowed alike if that is still too wide."""
    count = len(buttons)
    needed = [max(least, button.width_needed(text, size)) for button in buttons]
    if max(needed) * count <= room:
        return [max(needed)] * count
    if sum(needed) > room:
        return [width * room // sum(needed) for width in needed]
    return needed


def lay_out_row(
    buttons: Sequence[Button],
    text: Text,
    size: int,
    row: pygame.Rect,
    least: int = 0,
    gap: int | None = None,
    at_right: bool = False,
) -> None:
    """Place ``buttons`` side by side in ``row`` (its top and height), centred (or at its
    right), ``gap`` apart (by default ``size``): all as wide as the widest words need at
    ``size`` (at least ``least``) where the row has room for that, else each as wide as
    its own words, all narrowed alike if the row is still too short."""
    if not buttons:
        return
    gap, count = size if gap is None else gap, len(buttons)
    needed = row_widths(buttons, text, size, row.width - gap * (count - 1), least)
    span = sum(needed) + gap * (count - 1)
    left = row.right - span if at_right else row.centerx - span // 2
    for button, width in zip(buttons, needed, strict=True):
        button.rect = pygame.Rect(left, row.top, width, row.height)
        left += width + gap


def dim(surface: pygame.Surface, kept: int, area: pygame.Rect | None = None) -> None:
    """Darken ``surface`` in place (within ``area``, if given), each colour to ``kept`` / 255
    of itself (as black laid over it at 255 − ``kept``): no window-sized shade is made and
    blended, which costs a large window's frame several milliseconds."""
    surface.fill((kept, kept, kept), area, special_flags=pygame.BLEND_RGB_MULT)


def fill_rounded(
    surface: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect, radius: int
) -> None:
    """``rect`` filled with round corners, pixel for pixel as ``pygame.draw.rect`` with
    ``border_radius`` draws it, in two thirds of its time on a large panel: the middle in
    one fill, only the strips holding the corners drawn round."""
    if min(rect.width, rect.height) < 4 * radius:  # small: pygame's own is as quick
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
        return
    surface.fill(colour, rect.inflate(0, -2 * radius))
    top = pygame.Rect(rect.left, rect.top, rect.width, 2 * radius)
    pygame.draw.rect(
        surface, colour, top, border_top_left_radius=radius, border_top_right_radius=radius
    )
    bottom = pygame.Rect(rect.left, rect.bottom - 2 * radius, rect.width, 2 * radius)
    pygame.draw.rect(
        surface, colour, bottom, border_bottom_left_radius=radius, border_bottom_right_radius=radius
    )


@lru_cache(maxsize=16)
def translucent_plate(
    size: tuple[int, int], alpha: int, radius: int, colour: tuple[int, int, int] = PANEL
) -> pygame.Surface:
    """A rounded plate of ``colour`` the table shows through (kept: plates return each frame)."""
    plate = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(plate, (*colour, alpha), plate.get_rect(), border_radius=radius)
    return plate
