"""A small scene stack: the top scene gets input first and is the one that runs.

Scenes see the app (window, art, text, sounds) through the context they are
built with; ``draw`` changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """One screen or overlay; subclasses override what they need."""

    opaque = True
    """False for an overlay: the scenes beneath are drawn first."""

    def __init__(self, app: App) -> None:
        self.app = app

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def on_exit(self) -> None:
        """Called when the scene leaves the stack."""

    def on_resize(self) -> None:
        """Called after the window changed size."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one input event; return True if it was used up."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene."""


class SceneStack:
    """Scenes bottom to top; an overlay blocks the input of everything beneath it."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.on_exit()
        if self.scenes:
            self.scenes[-1].on_enter()
        return scene

    def replace_all(self, scene: Scene) -> None:
        """Leave every scene and show ``scene`` alone."""
        self.clear()
        self.push(scene)

    def clear(self) -> None:
        """Leave every scene, top first."""
        while self.scenes:
            self.scenes.pop().on_exit()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.scenes:
            self.scenes[-1].handle_event(event)

    def update(self, dt: float) -> None:
        if self.scenes:
            self.scenes[-1].update(dt)

    def resize(self) -> None:
        for scene in self.scenes:
            scene.on_resize()

    def draw(self, surface: pygame.Surface) -> None:
        start = len(self.scenes) - 1
        while start > 0 and not self.scenes[start].opaque:
            start -= 1
        for scene in self.scenes[max(start, 0) :]:
            scene.draw(surface)
