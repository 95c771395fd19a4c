"""The one rule for every JSON file the game keeps: an object with an integer ``"format"``."""

from __future__ import annotations

from typing import Any


class FormatError(ValueError):
    """A file's content is not what this version of the game reads; says why."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        """``corrupt``, ``newer`` or ``foreign``: the word in the set-aside file's name."""


def check_format(data: Any, current: int) -> dict[str, Any]:
    """``data`` as a dict if it is an object with an integer ``format`` this version reads.

    Raises :class:`FormatError` otherwise (``newer`` for a format above ``current``).
    """
    if not isinstance(data, dict):
        raise FormatError("foreign", f"expected a JSON object, found {type(data).__name__}")
    number = data.get("format")
    if type(number) is not int:
        raise FormatError("foreign", f"no integer 'format' (found {number!r})")
    if number > current:
        newer = f"format {number} comes from a newer version of the game (this reads {current})"
        raise FormatError("newer", newer)
    if number < 1:
        raise FormatError("foreign", f"unknown format {number}")
    return data
