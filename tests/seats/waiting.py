"""Waiting in tests for what another process or thread does: on the condition, never a
fixed sleep."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

PAUSE = 0.005
"""Seconds between two looks at the condition."""


def wait_for(condition: Callable[[], T], what: str, seconds: float = 60.0) -> T:
    """Look at ``condition()`` every :data:`PAUSE` until it gives something true, and return
    that; fails the test, saying ``what`` was awaited, after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        result = condition()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:g} s for {what}, in vain")
        time.sleep(PAUSE)
