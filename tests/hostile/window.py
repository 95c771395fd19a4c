"""Open the real window on a profile folder and visit every screen that reads it, by posted
events: the title, Statistics, Settings, then Continue (when offered) and a few turns."""

from __future__ import annotations

import os
import weakref

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import dataclass
from pathlib import Path

import pygame

from game.i18n import _
from game.ui.app import App
from game.ui.command_line import LaunchOptions
from game.ui.kit.widgets import Button
from game.ui.screens.title import TitleScene
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, click, post

FRAMES = 4
"""Frames each screen is drawn for before the next step."""


def open_window(profile: Path | str, **options: object) -> App:
    """A silent window on ``profile``, thinking on a thread (no process to start)."""
    chosen: dict[str, object] = {"profile": str(profile), "mute": True, "ai_process": False}
    return App(LaunchOptions(**(chosen | options)))  # type: ignore[arg-type]


def frames(app: App, count: int = FRAMES) -> None:
    """Step ``count`` frames, keeping every notice shown (see :func:`notices_shown`)."""
    for _frame in range(count):
        app.step(FRAME)
        toast = app.toast
        if toast is not None and toast not in _SHOWN.setdefault(app, []):
            _SHOWN[app].append(toast)


_SHOWN: weakref.WeakKeyDictionary[App, list[str]] = weakref.WeakKeyDictionary()
"""The notices each window showed, forgotten with the window (an ``id`` is used again by a
later window, which then seemed to have shown the notices of one long closed)."""


def notices_shown(app: App) -> list[str]:
    """Every notice ``app`` showed while :func:`frames` stepped it, and those still waiting."""
    return _SHOWN.get(app, []) + list(app.memory.profile.notices)


def title_button(app: App, label: str) -> Button | None:
    """The title's button that reads ``label`` (English), if the title shows one."""
    title = app.stack.top
    assert isinstance(title, TitleScene), f"expected the title, found {type(title).__name__}"
    return next((button for button in title.buttons if button.words == _(label)), None)


def press(app: App, label: str) -> bool:
    """Click the title's button ``label`` where it is drawn; False if there is none."""
    button = title_button(app, label)
    if button is None:
        return False
    click(button.rect.center)
    frames(app)
    return True


def leave(app: App) -> None:
    """Escape, back to the title."""
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    frames(app)


@dataclass
class Visit:
    """What a visit of every screen saw."""

    notices: list[str]
    """Every notice the window showed."""
    played: bool
    """True if Continue was offered and opened the saved match."""


def visit_every_screen(profile: Path | str) -> Visit:
    """Open the window on ``profile`` and visit the title, Statistics, Settings and the saved
    match (a few frames of play). Raises whatever the window raises."""
    app = open_window(profile)
    try:
        frames(app)
        for label in ("Statistics", "Settings"):
            assert press(app, label), f"no {label} button"
            assert not isinstance(app.stack.top, TitleScene), f"{label} did not open"
            leave(app)
        played = press(app, "Continue") and isinstance(app.stack.top, TableScene)
        if played:
            frames(app, 30)
        app.memory.profile.flush()
        return Visit(notices_shown(app), played)
    finally:
        app.close()
        _SHOWN.pop(app, None)
