"""``--size`` as the display can hold it: a size too large for the screen (or, where the
driver cannot say, for any screen) opens as large as it holds, and a size too small as small
as the screens are laid out for, each with a one-line notice; a size that fits, as given."""

from __future__ import annotations

import tempfile
from dataclasses import replace

import pygame
import pytest

from game.ui import app as window
from game.ui.app import App
from game.ui.command_line import LARGEST_WINDOW, SMALLEST_WINDOW, parse_options

TOO_LARGE = "99999x99999"


def opened(size: str) -> App:
    """The window the command line ``--size size`` opens."""
    options = parse_options(["--size", size, "--mute"])
    return App(replace(options, profile=tempfile.mkdtemp(prefix="three-thirteen-size-")))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "expected"),
    [
        pytest.param(TOO_LARGE, LARGEST_WINDOW, id="too-large"),
        pytest.param("7000x300", (7000, SMALLEST_WINDOW[1]), id="too-low"),
        pytest.param("100x50", SMALLEST_WINDOW, id="too-small"),
    ],
)
def test_a_size_the_screen_cannot_show_opens_as_near_as_it_can_and_says_so(
    size: str, expected: tuple[int, int]
) -> None:
    app = opened(size)
    try:
        assert app.screen.get_size() == expected
        app.step(1 / 60)
        notice = app.toast
        assert notice is not None and f"--size {size}" in notice and "\n" not in notice
        assert "{}x{}".format(*expected) in notice
    finally:
        app.close()


def test_a_size_that_fits_opens_as_given_without_a_word() -> None:
    app = opened("1000x700")
    try:
        assert app.screen.get_size() == (1000, 700)
        app.step(1 / 60)
        assert app.toast is None
    finally:
        app.close()


def test_the_largest_display_bounds_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the driver knows its displays, the largest of them bounds the window, and
    leaving full screen goes back to the window as it opened."""
    monkeypatch.setattr(window, "SIZELESS_DRIVERS", ())
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 1024), (1920, 1080)])
    app = opened(TOO_LARGE)
    try:
        assert app.screen.get_size() == (1920, 1080)
        app.toggle_fullscreen()
        app.toggle_fullscreen()
        assert app.screen.get_size() == (1920, 1080)
    finally:
        app.close()
