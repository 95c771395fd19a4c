"""A message shown for a few seconds: the table's banner and notices, the window's notices."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class TimedText:
    """A message shown for ``seconds`` more."""

    text: str
    seconds: float

    @staticmethod
    def tick(message: TimedText | None, dt: float) -> TimedText | None:
        """``message`` after ``dt`` seconds: None once its time is up."""
        if message is None or message.seconds - dt <= 0:
            return None
        return TimedText(message.text, message.seconds - dt)
