"""Time-driven motion: a value glides from one point to another over a duration.

Every motion is advanced by the frame's ``dt`` and can be finished at once (a click or
Space skips it); one of no duration is over as soon as its delay is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

Point = tuple[float, float]


def ease_out_cubic(progress: float) -> float:
    """Fast start, gentle landing; ``progress`` and the result run from 0 to 1."""
    return 1.0 - (1.0 - progress) ** 3


def lerp(start: float, end: float, amount: float) -> float:
    """The value ``amount`` of the way from ``start`` to ``end``."""
    return start + (end - start) * amount


@dataclass(slots=True)
class Ramp:
    """Eased progress from 0 to 1 over ``duration`` seconds after ``delay`` seconds."""

    duration: float
    delay: float = 0.0
    elapsed: float = 0.0

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""
        self.elapsed += dt

    def finish(self) -> None:
        """Jump to the end."""
        self.elapsed = max(self.elapsed, self.delay + self.duration)

    @property
    def done(self) -> bool:
        """True once the motion has ended."""
        return self.elapsed >= self.delay + self.duration

    @property
    def started(self) -> bool:
        """True once the delay is over."""
        return self.elapsed >= self.delay

    @property
    def linear(self) -> float:
        """Progress from 0 to 1, not eased."""
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def progress(self) -> float:
        """Eased progress from 0 to 1."""
        return ease_out_cubic(self.linear)


@dataclass(slots=True)
class Tween(Ramp):
    """A point gliding from ``start`` to ``end``."""

    start: Point = (0.0, 0.0)
    end: Point = (0.0, 0.0)

    @property
    def position(self) -> Point:
        """Where the value is now."""
        amount = self.progress
        return (lerp(self.start[0], self.end[0], amount), lerp(self.start[1], self.end[1], amount))


class Motion(Protocol):
    """Anything that moves with time and can be finished at once."""

    elapsed: float
    """Seconds it has run (what it shows follows from them)."""

    @property
    def done(self) -> bool: ...

    def update(self, dt: float) -> None: ...

    def finish(self) -> None: ...
