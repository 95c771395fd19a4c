"""Card sprites: where one physical card is drawn, and where it is heading.

A sprite is a view of an engine card and nothing more: the table moves it to
the place its layout gives, and the art draws it there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.cards import Card
from game.ui.kit.tween import Point, Tween


@dataclass(slots=True)
class Pose:
    """Where and how a card lies: its centre, height in pixels, angle and face."""

    center: Point
    height: float
    angle: float = 0.0
    face_up: bool = True
    turn: float = 1.0
    """The share of its width seen: below 1 while the card flips over."""


@dataclass(slots=True)
class CardSprite:
    """One card on the table, gliding towards its target pose."""

    card: Card
    pose: Pose
    target: Pose = field(init=False)
    _motion: Tween | None = field(default=None, init=False)
    _shape: Tween | None = field(default=None, init=False)
    _start_face: bool = field(default=True, init=False)

    def __post_init__(self) -> None:
        self.target = self.pose

    def move_to(self, target: Pose, duration: float, delay: float = 0.0) -> None:
        """Glide to ``target`` (a new move replaces the one under way)."""
        if target == self.target and self._motion is None:
            return
        current = self.pose
        self.target = target
        self._start_face = current.face_up
        if duration <= 0 and delay <= 0:
            self.pose = Pose(target.center, target.height, target.angle, target.face_up)
            self._motion = self._shape = None
            return
        self._motion = Tween(duration, delay, start=current.center, end=target.center)
        self._shape = Tween(
            duration,
            delay,
            start=(current.height, current.angle),
            end=(target.height, target.angle),
        )

    def update(self, dt: float) -> None:
        """Advance the glide by ``dt`` seconds."""
        if self._motion is None or self._shape is None:
            return
        self._motion.update(dt)
        self._shape.update(dt)
        height, angle = self._shape.position
        progress = self._motion.progress
        face_up = self.target.face_up if progress >= 0.5 else self._start_face
        flips = self.target.face_up != self._start_face
        turn = abs(1.0 - 2.0 * progress) if flips else 1.0  # edge-on half way, face changing
        self.pose = Pose(self._motion.position, height, angle, face_up, turn)
        if self._motion.done:
            self.pose = Pose(
                self.target.center, self.target.height, self.target.angle, self.target.face_up
            )
            self._motion = self._shape = None

    def finish(self) -> None:
        """Jump to the target."""
        if self._motion is not None:
            self._motion.finish()
            self.update(0.0)

    @property
    def moving(self) -> bool:
        """True while the card is gliding (or waiting to)."""
        return self._motion is not None

    @property
    def airborne(self) -> bool:
        """True while the card is actually travelling (its delay is over)."""
        return self._motion is not None and self._motion.started
