"""Confetti: over the final sheet for the match's winner, and a short burst over the table
when you go out.

Pure motion: seeded, driven by ``dt``, over in a few seconds or at once when skipped.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.ui.kit.widgets import GOLD

CONFETTI_COLOURS = (GOLD, (240, 120, 160), (110, 190, 255), (140, 220, 130), (250, 250, 250))
PIECES = 140
"""Confetti pieces in one shower."""
SHOWER_SECONDS = 3.5
"""How long the shower lasts."""
GO_OUT_PACES = 4.0
"""How long the burst when you go out lasts, in card glides of the animation speed (none
at the instant speed)."""
GO_OUT_PIECES = 70
"""Confetti pieces in the burst when you go out."""
GRAVITY = 0.35
"""Downward pull, in window heights per second squared."""


@dataclass(slots=True)
class Piece:
    """One piece of confetti: where it is (in window shares), how it moves and turns."""

    x: float
    y: float
    dx: float
    dy: float
    angle: float
    spin: float
    colour: tuple[int, int, int]
    born: float
    """Seconds after the start at which it appears."""


class Confetti:
    """A shower of confetti falling over the window for :data:`SHOWER_SECONDS`."""

    def __init__(
        self, seed: int = 0, seconds: float = SHOWER_SECONDS, pieces: int = PIECES
    ) -> None:
        chance = random.Random(seed)
        self.seconds = seconds
        self.elapsed = 0.0
        self.pieces = [
            Piece(
                x=chance.random(),
                y=-0.05 - chance.random() * 0.1,
                dx=chance.uniform(-0.08, 0.08),
                dy=chance.uniform(0.05, 0.25),
                angle=chance.uniform(0, math.tau),
                spin=chance.uniform(-9, 9),
                colour=chance.choice(CONFETTI_COLOURS),
                born=chance.random() * seconds * 0.45,
            )
            for _ in range(pieces if seconds > 0 else 0)
        ]

    @property
    def done(self) -> bool:
        """True once the shower is over (at once if it lasts no time)."""
        return self.elapsed >= self.seconds

    def update(self, dt: float) -> None:
        """Let the pieces fall for ``dt`` seconds."""
        if self.done:
            return
        self.elapsed += dt
        for piece in self.pieces:
            if self.elapsed < piece.born:
                continue
            piece.dy += GRAVITY * dt
            piece.x += piece.dx * dt
            piece.y += piece.dy * dt
            piece.angle += piece.spin * dt

    def finish(self) -> None:
        """End the shower now."""
        self.elapsed = max(self.elapsed, self.seconds)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Paint the pieces in the air (none once the shower is over); returns where."""
        if self.done:
            return []
        painted = []
        width, height = surface.get_size()
        size = max(3.0, height * 0.009)
        for piece in self.pieces:
            if self.elapsed < piece.born or piece.y > 1.05:
                continue
            cx, cy = piece.x * width, piece.y * height
            along = (math.cos(piece.angle) * size, math.sin(piece.angle) * size)
            across = (-along[1] * 0.45, along[0] * 0.45)
            corners = [
                (cx + along[0] + across[0], cy + along[1] + across[1]),
                (cx + along[0] - across[0], cy + along[1] - across[1]),
                (cx - along[0] - across[0], cy - along[1] - across[1]),
                (cx - along[0] + across[0], cy - along[1] + across[1]),
            ]
            painted.append(pygame.draw.polygon(surface, piece.colour, corners))
        return painted
