"""Card pictures from the shipped SVG art, rendered sharp at the sizes the layout asks for."""

from __future__ import annotations

import pygame

from game.engine.cards import Card
from game.resources import asset_path
from game.ui.sprites import Pose

CARD_ASPECT = 5 / 7
"""Card width over height."""
BACK = "back"


def card_height(wanted: float) -> int:
    """The nearest height the art renders exactly: a multiple of 7 (width a multiple of 5)."""
    return max(21, round(wanted / 7) * 7)


def card_width(height: float) -> int:
    """The width of a card ``height`` pixels tall."""
    return round(height * CARD_ASPECT)


class CardArt:
    """Renders and caches card faces and the back.

    Scenes declare the heights they use (:meth:`use_heights`); those are
    rendered from the vector art, and a card caught between two heights (in
    flight) is scaled from the nearest larger one. The last few declared
    heights are kept, so an overlay's cards do not evict the table's.
    """

    KEPT_HEIGHTS = 6

    def __init__(self) -> None:
        self._heights: tuple[int, ...] = ()
        self._recent: list[int] = []
        self._cache: dict[tuple[str, int, int], pygame.Surface] = {}

    def use_heights(self, heights: tuple[int, ...]) -> None:
        """Declare card heights in use; the oldest beyond :attr:`KEPT_HEIGHTS` are forgotten."""
        for height in heights:
            height = max(8, round(height))
            if height in self._recent:
                self._recent.remove(height)
            self._recent.append(height)
        del self._recent[: -self.KEPT_HEIGHTS]
        wanted = tuple(sorted(self._recent))
        if wanted != self._heights:
            dropped = set(self._heights) - set(wanted)
            self._heights = wanted
            if dropped:
                self._cache.clear()

    def image(self, name: str, height: int, angle: int = 0) -> pygame.Surface:
        """The picture ``name`` (a card label such as ``10H`` or ``back``) at ``height``."""
        key = (name, height, angle)
        found = self._cache.get(key)
        if found is None:
            if angle:
                found = pygame.transform.rotate(self.image(name, height), angle)
            elif height in self._heights:
                found = self._render(name, height)
            else:
                source = self.image(name, self._nearest_height(height))
                found = pygame.transform.smoothscale(source, (card_width(height), height))
                if len(self._cache) > 400:
                    self._cache.clear()
            self._cache[key] = found
        return found

    def draw(self, surface: pygame.Surface, card: Card, pose: Pose) -> pygame.Rect:
        """Draw ``card`` in ``pose``; returns the rectangle covered."""
        name = str(card) if pose.face_up else BACK
        height = max(8, round(pose.height))
        angle = round(pose.angle)
        if angle % 90 == 0:
            picture = self.image(name, height, angle % 360)
        else:
            picture = pygame.transform.rotate(self.image(name, height), angle)
        rect = picture.get_rect(center=(round(pose.center[0]), round(pose.center[1])))
        surface.blit(picture, rect)
        return rect

    def _nearest_height(self, height: int) -> int:
        larger = [h for h in self._heights if h >= height]
        if larger:
            return larger[0]
        return self._heights[-1] if self._heights else height

    def _render(self, name: str, height: int) -> pygame.Surface:
        path = asset_path("cards", f"{name}.svg")
        picture = pygame.image.load_sized_svg(str(path), (card_width(height), height))
        return picture.convert_alpha() if pygame.display.get_surface() else picture
