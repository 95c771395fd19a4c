"""Drive the game window from tests: post real pygame events, step frames by hand."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.ui.app import App
from game.ui.command_line import LaunchOptions
from game.ui.table.table import TableScene

FRAME = 1 / 60


def make_app(**options: object) -> App:
    """A window with the given launch options (real process for the AI unless told), its
    profile in a fresh temporary folder unless one is given."""
    options.setdefault("profile", tempfile.mkdtemp(prefix="three-thirteen-test-"))
    return App(LaunchOptions(**options))  # type: ignore[arg-type]


def step_until(app: App, done: Callable[[], bool], frames: int = 20_000, dt: float = FRAME) -> int:
    """Step frames until ``done()``; fails the test if it never happens. Returns frames used."""
    for frame in range(frames):
        if done():
            return frame
        app.step(dt)
    raise AssertionError(f"condition not reached after {frames} frames; {describe(app)}")


def wait_until(app: App, done: Callable[[], bool], seconds: float = 30.0) -> None:
    """Step frames at about 100 a second until ``done()``: for work on a thread, which a
    frame loop at full speed would starve of the interpreter. Fails after ``seconds``."""

    def rested() -> bool:
        time.sleep(0.01)
        return done()

    step_until(app, rested, frames=round(seconds * 100))


def describe(app: App) -> str:
    """The window's state in one line, for a failing test's message."""
    tables = [scene for scene in app.stack.scenes if isinstance(scene, TableScene)]
    top = type(app.stack.top).__name__
    if not tables:
        return f"top scene {top}"
    table = tables[-1]
    match = table.match
    return (
        f"top scene {top}; {match!r}; queue {len(table.playback.queue)}; busy {table.busy}; "
        f"your turn {table.your_turn}; thinking {table.seats.thinking}; "
        f"failures {len(table.seats.failures)}; notice {table.notice}; "
        f"press {table.pointer.drag.press}"
    )


def table_of(app: App) -> TableScene:
    scene = next(s for s in reversed(app.stack.scenes) if isinstance(s, TableScene))
    return scene


def post(kind: int, **attributes: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attributes))


def click(pos: tuple[float, float]) -> None:
    point = (round(pos[0]), round(pos[1]))
    post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    post(pygame.MOUSEBUTTONUP, pos=point, button=1)


def drag(start: tuple[float, float], end: tuple[float, float], steps: int = 6) -> None:
    """Press at ``start``, move in ``steps`` to ``end``, release there."""
    x0, y0 = round(start[0]), round(start[1])
    x1, y1 = round(end[0]), round(end[1])
    post(pygame.MOUSEBUTTONDOWN, pos=(x0, y0), button=1)
    for index in range(1, steps + 1):
        x = x0 + (x1 - x0) * index // steps
        y = y0 + (y1 - y0) * index // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=(x1, y1), button=1)


def key(code: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0)
