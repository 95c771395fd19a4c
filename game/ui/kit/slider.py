"""A slider by stages: a bar cut into equal stretches, one per stage (a round), each
labelled under it, and a knob at the current place; a click or a drag on it picks the
stage under the pointer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.ui.kit.text import Text
from game.ui.kit.widgets import GOLD, INK, MUTED, PANEL


@dataclass(slots=True)
class StageSlider:
    """The bar in :attr:`rect` (its labels included); ``on_pick(stage)`` on a click or a
    drag onto a stage."""

    labels: Sequence[str]
    """Each stage's label, in order."""
    on_pick: Callable[[int], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    dragging: bool = False
    _picked: int | None = None

    @property
    def bar(self) -> pygame.Rect:
        """The bar itself: a thin band in the upper half of :attr:`rect`."""
        thick = max(4, self.rect.height // 8)
        bar = pygame.Rect(self.rect.left, 0, self.rect.width, thick)
        bar.centery = self.rect.top + self.rect.height // 3
        return bar

    def stretch(self, stage: int) -> pygame.Rect:
        """The part of the bar (and of its labels below) that stands for ``stage``."""
        count = max(1, len(self.labels))
        left = self.rect.left + self.rect.width * stage // count
        right = self.rect.left + self.rect.width * (stage + 1) // count
        return pygame.Rect(left, self.rect.top, right - left, self.rect.height)

    def stage_at(self, x: int) -> int:
        """The stage whose stretch holds ``x`` (the first or last beyond the ends)."""
        count = max(1, len(self.labels))
        share = (x - self.rect.left) / max(1, self.rect.width)
        return max(0, min(count - 1, int(share * count)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A press on the slider picks a stage and starts a drag; moves while dragging pick
        the stage under the pointer; the release ends it. True if the event was used."""
        if not self.labels:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.rect.collidepoint(event.pos):
                return False
            self.dragging, self._picked = True, None
            self._pick(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._pick(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def _pick(self, x: int) -> None:
        """Pick the stage under ``x``, once while the pointer stays over it."""
        stage = self.stage_at(x)
        if stage != self._picked:
            self._picked = stage
            self.on_pick(stage)

    def draw(self, surface: pygame.Surface, text: Text, size: int, at: float) -> pygame.Rect:
        """Paint the slider, its knob ``at`` a stage and a share of it (2.5: halfway through
        the third); returns where."""
        bar = self.bar
        radius = bar.height // 2
        pygame.draw.rect(surface, PANEL, bar, border_radius=radius)
        count = max(1, len(self.labels))
        current = max(0, min(count - 1, int(at)))
        done = pygame.Rect(bar.left, bar.top, round(bar.width * min(at, count) / count), bar.height)
        pygame.draw.rect(surface, GOLD, done, border_radius=radius)
        notch = max(6, round(size * 0.6))
        painted = [self.rect.copy()]
        for stage, label in enumerate(self.labels):
            part = self.stretch(stage)
            tick = pygame.Rect(part.left, bar.centery - notch // 2, max(1, size // 8), notch)
            pygame.draw.rect(surface, INK, tick)
            colour = GOLD if stage == current else MUTED
            box = pygame.Rect(part.left, bar.bottom + notch // 2, part.width, size * 2)
            bold = stage == current
            painted.append(
                text.blit(surface, label, size, colour, bold, box=box, midtop=box.midtop)
            )
        knob = (round(bar.left + bar.width * min(at, count) / count), bar.centery)
        knob_radius = max(5, round(size * 0.55))
        painted.append(pygame.draw.circle(surface, GOLD, knob, knob_radius))
        pygame.draw.circle(surface, PANEL, knob, knob_radius, max(1, knob_radius // 4))
        return painted[0].unionall(painted[1:])
