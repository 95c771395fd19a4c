"""UI tests run the real window on SDL's dummy drivers and drive it with posted events."""

from __future__ import annotations

import os
from collections.abc import Iterator

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest

from game.ui.app import App
from tests.ui.driver import make_app


@pytest.fixture
def app() -> Iterator[App]:
    """A silent 1280×800 window, closed after the test."""
    window = make_app(mute=True)
    yield window
    window.close()
