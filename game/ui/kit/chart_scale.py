"""A chart's arithmetic, without pygame: "nice" ticks (steps of 1, 2 or 5 times a power of
ten), their labels, and where a value or a point falls between two pixels.

>>> nice_ticks(0, 87)
[0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
>>> nice_ticks(0, 87, most=10)
[0.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0]
>>> nice_ticks(-12, 4)
[-15.0, -10.0, -5.0, 0.0, 5.0]
>>> nice_ticks(3, 3)
[2.0, 2.5, 3.0, 3.5, 4.0]
>>> tick_label(40.0, 20.0), tick_label(2.5, 0.5)
('40', '2.5')
>>> label_every(50, 12, 30)
5
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.i18n import decimal

NICE_STEPS = (1.0, 2.0, 5.0, 10.0)
"""A tick step is one of these times a power of ten."""
MOST_TICKS = 6
"""How many ticks an axis has at most unless told."""


def nice_step(span: float, most: int = MOST_TICKS) -> float:
    """The smallest step of :data:`NICE_STEPS` that cuts ``span`` into at most ``most − 1``
    parts."""
    parts = max(1, most - 1)
    rough = max(span, 1e-9) / parts
    power = 10.0 ** math.floor(math.log10(rough))
    for nice in NICE_STEPS:
        if nice * power >= rough * (1 - 1e-9):
            return nice * power
    return 10 * power  # pragma: no cover - NICE_STEPS ends at 10


def nice_ticks(low: float, high: float, most: int = MOST_TICKS) -> list[float]:
    """Ticks a nice step apart, from one at or under ``low`` to one at or over ``high``,
    at most ``most`` of them where a nice step allows (a span of nothing is widened by one
    around its value)."""
    if high < low:
        low, high = high, low
    if high == low:
        low, high = low - 1, high + 1
    step = nice_step(high - low, most)
    while True:
        first, last = math.floor(low / step + 1e-9), math.ceil(high / step - 1e-9)
        if last - first + 1 <= max(2, most):
            break
        step = nice_step(step * (last - first + 1), most)
    return [round(index * step, 10) + 0.0 for index in range(first, last + 1)]


def tick_label(value: float, step: float) -> str:
    """``value`` written with as many decimals as the ``step`` needs, in the player's
    language."""
    digits = max(0, -math.floor(math.log10(step) + 1e-9)) if step > 0 else 0
    if digits == 0:
        return str(round(value))
    return decimal(value, digits)


def label_every(count: int, spacing: float, widest: float) -> int:
    """Of ``count`` labels ``spacing`` pixels apart, label every how many (1, 2, 5, 10 …)
    so that labels ``widest`` pixels wide stay apart."""
    every = 1
    steps = iter(step * 10**power for power in range(6) for step in (1, 2, 5))
    while every < count and every * spacing < widest:
        every = next(steps)
    return every


@dataclass(frozen=True, slots=True)
class Span:
    """Values from ``low`` to ``high`` drawn from pixel ``start`` to pixel ``end`` (``end``
    below ``start`` for an axis going up the window)."""

    low: float
    high: float
    start: float
    end: float

    def at(self, value: float) -> float:
        """The pixel where ``value`` falls."""
        share = 0.5 if self.high == self.low else (value - self.low) / (self.high - self.low)
        return self.start + (self.end - self.start) * share


def point_spacing(count: int, width: float) -> float:
    """How far apart ``count`` points spread over ``width`` pixels are (one: none)."""
    return width / (count - 1) if count > 1 else width
