"""Scenes and the stack that runs them (after Tuxemon's state stack).

A scene sees the window only through its :class:`SceneContext` (never the
concrete app, so no scene module needs to import the app's) and moves to
another scene only through the context's ``push``, ``pop`` and ``replace``.
The stack tells each scene the four moments of its life: entered (pushed),
paused (covered by another), resumed (uncovered) and left (removed). Input
goes to the top scene first and passes down until one consumes it; only the
top scene is updated; ``draw`` paints and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

if TYPE_CHECKING:  # the context's parts, named for the checker (the title loads few of them)
    from game.engine.cards import Card
    from game.engine.match import Match
    from game.engine.rules import RuleSet
    from game.profile.memory import Memory
    from game.sim.review_backlog import ReviewBacklog
    from game.ui.command_line import LaunchOptions
    from game.ui.kit.art import CardArt
    from game.ui.kit.sound import Sounds
    from game.ui.kit.text import Text


class SceneContext(Protocol):
    """What a scene may use of the window: its parts, and one way to move between scenes."""

    @property
    def screen(self) -> pygame.Surface:
        """The window's surface (its size is the layout's)."""
        ...

    @property
    def art(self) -> CardArt: ...

    @property
    def text(self) -> Text: ...

    @property
    def sounds(self) -> Sounds: ...

    @property
    def options(self) -> LaunchOptions:
        """How the window was started."""
        ...

    @property
    def memory(self) -> Memory:
        """The profile: settings, the saved match."""
        ...

    @property
    def reviews(self) -> ReviewBacklog:
        """The reviews of kept matches still to work out (their figures go to the history)."""
        ...

    def system_language(self) -> str:
        """The language the system prefers, among those the game speaks."""
        ...

    def apply_settings(self) -> None:
        """Make the window follow the settings of :attr:`memory` now (sound, full screen …)."""
        ...

    def push(self, scene: Scene) -> None:
        """Show ``scene`` on top of the current one."""
        ...

    def pop(self) -> None:
        """Close the top scene and go back to the one beneath."""
        ...

    def replace(self, scene: Scene) -> None:
        """Close every scene and show ``scene`` alone."""
        ...

    def quit(self) -> None:
        """Close the window at the end of this frame."""
        ...

    def main_menu(self) -> None:
        """Close every scene and show the title (it offers Continue if a match is saved)."""
        ...

    def autoplay_finished(self) -> None:
        """An autoplay run reached its end: save the screenshot and quit, if asked to."""
        ...

    def open_rules(self, rules: RuleSet | None = None) -> None:
        """Show the rules of a match played under ``rules`` on top of the current scene."""
        ...

    def open_settings(self) -> None:
        """Show the settings on top of the current scene."""
        ...

    def open_statistics(self) -> None:
        """Show the statistics on top of the current scene."""
        ...

    def open_history(self) -> None:
        """Show the history of kept matches on top of the current scene."""
        ...

    def open_review(
        self, match: Match, round_number: int | None, order: Sequence[Card] = ()
    ) -> None:
        """Show the review of ``match`` (of one round, or the whole match for None) on top of
        the current scene; ``order`` is the player's hand order."""
        ...


class Scene:
    """One screen or overlay; subclasses override what they need."""

    opaque = True
    """False for an overlay: the scenes beneath are drawn first."""

    def __init__(self, context: SceneContext) -> None:
        self.context = context

    def on_enter(self) -> None:
        """The scene was pushed onto the stack."""

    def on_pause(self) -> None:
        """Another scene now covers this one."""

    def on_resume(self) -> None:
        """The scene above was popped: this one is on top again."""

    def on_leave(self) -> None:
        """The scene was removed from the stack (release what it holds)."""

    def on_resize(self) -> None:
        """The window changed size."""

    def on_language(self) -> None:
        """The language changed: word and lay out again (by default, as after a resize)."""
        self.on_resize()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one input event; True if it was consumed (scenes beneath never see it)."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (called on the top scene only)."""

    def veil(self, surface: pygame.Surface) -> None:
        """An overlay: dim the scenes beneath it (drawn once, not every frame)."""

    def seen_beneath(self, window: pygame.Rect) -> list[pygame.Rect]:
        """An overlay: where the scenes beneath it show in ``window`` (all of it, unless it
        covers some of it with what it paints whole every time)."""
        return [window]

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene; changes nothing (but what it keeps of the frame it drew)."""

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Paint only what changed since the frame this scene last drew on ``surface``
        (which still holds it) and return where; None if it cannot (the default), and it
        is then drawn whole."""
        return None


class SceneStack:
    """Scenes bottom to top: the navigation API behind every scene's context."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self._backdrop: tuple[Scene, pygame.Surface] | None = None
        """The scenes under the top overlay as last drawn, for that overlay."""
        self._canvas: pygame.Surface | None = None
        """Where the backdrop is drawn: made once per window size, with the second frame drawn
        at that size (making a surface a 4K window's size takes longer than a frame; drawing
        on one already made does not), so that the first frame does not wait for it."""
        self._painted: tuple[Scene, pygame.Surface] | None = None
        """The top scene when the last frame was drawn, and the surface that holds it."""
        self._last_frame: tuple[Scene, pygame.Surface] | None = None
        """The scene that drew the last frame alone (no overlay over it), and the surface that
        holds it: an overlay opening over that scene takes its backdrop from there instead of
        drawing the scene again (a whole 4K table costs a third of a frame)."""

    @property
    def scenes(self) -> tuple[Scene, ...]:
        """The scenes, bottom first."""
        return tuple(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top: the old top is paused, ``scene`` entered."""
        self.redraw()
        if self._scenes:
            self._scenes[-1].on_pause()
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> None:
        """Remove the top scene: it is left, the one beneath resumed."""
        if not self._scenes:
            return
        self.redraw()
        self._scenes.pop().on_leave()
        if self._scenes:
            self._scenes[-1].on_resume()

    def replace(self, scene: Scene) -> None:
        """Leave every scene (top first) and show ``scene`` alone."""
        self.clear()
        self.push(scene)

    def clear(self) -> None:
        """Leave every scene, top first."""
        self.redraw()
        while self._scenes:
            self._scenes.pop().on_leave()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Offer ``event`` to each scene from the top down until one consumes it."""
        return any(scene.handle_event(event) for scene in reversed(self._scenes))

    def update(self, dt: float) -> None:
        if self._scenes:
            self._scenes[-1].update(dt)

    def resize(self) -> None:
        self.redraw()
        self._last_frame = None
        for scene in self._scenes:
            scene.on_resize()

    def relabel(self) -> None:
        """Tell every scene that the language changed."""
        self.redraw()
        self._last_frame = None
        for scene in self._scenes:
            scene.on_language()

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw from the topmost opaque scene up; returns where the surface changed since
        the last frame drawn on it (None: anywhere).

        Only the top scene moves (only it is updated), so what lies under an overlay is
        drawn once, veiled, and kept until the stack or the window changes. The top scene,
        if it drew the last frame on ``surface``, may draw only what changed since.
        """
        start = len(self._scenes) - 1
        while start > 0 and not self._scenes[start].opaque:
            start -= 1
        shown = self._scenes[max(start, 0) :]
        if not shown:
            self._painted = None
            return None
        top = shown[-1]
        continuing = self._painted is not None and self._painted == (top, surface)
        if continuing:
            self._canvas_for(surface)  # made ahead of any overlay, but not in the first frame
        self._painted = (top, surface)
        backdrop = None
        if len(shown) > 1:
            canvas = self._canvas_for(surface)
            kept = self._backdrop
            if kept is None or kept[0] is not top or kept[1] is not canvas:
                kept = (top, canvas)
                if self._shows_alone(shown[:-1], surface):  # the scene beneath, as just shown:
                    top.veil(surface)  # veiled where it lies, then kept
                    for area in top.seen_beneath(surface.get_rect()):
                        canvas.blit(surface, area, area)
                else:
                    for scene in shown[:-1]:
                        scene.draw(canvas)
                    backdrop = canvas
                    top.veil(canvas)
                self._backdrop = kept
                continuing = False
            else:
                backdrop = canvas
        changed = top.draw_changes(surface) if continuing else None
        if changed is None:
            if backdrop is not None:
                for area in top.seen_beneath(surface.get_rect()):
                    surface.blit(backdrop, area, area)
            top.draw(surface)
        self._last_frame = (top, surface) if len(shown) == 1 else None
        return changed

    def _shows_alone(self, scenes: list[Scene], surface: pygame.Surface) -> bool:
        """True if ``surface`` holds the last frame, drawn by ``scenes`` (one scene) alone."""
        last = self._last_frame
        return len(scenes) == 1 and last is not None and last[0] is scenes[0] and last[1] is surface

    def _canvas_for(self, surface: pygame.Surface) -> pygame.Surface:
        """A surface of ``surface``'s size and kind for the backdrop (the one kept, if it
        still fits)."""
        if self._canvas is None or self._canvas.get_size() != surface.get_size():
            self._canvas = surface.copy()
            self._backdrop = None
        return self._canvas

    def redraw(self) -> None:
        """Forget what was kept of the scenes under an overlay: it is drawn afresh."""
        self._backdrop = None
        self.repaint()

    def repaint(self) -> None:
        """Something else painted over the window, or it was uncovered: the next frame is
        drawn whole."""
        self._painted = None
