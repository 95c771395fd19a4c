"""The scene contract: four hooks, input down the stack, one way to move, draw changes nothing."""

from __future__ import annotations

from collections import deque
from enum import Enum
from pathlib import Path

import pygame
import pytest

from game.engine.events import MatchOver
from game.sim.match_setup import MatchSetup
from game.ui.app import App
from game.ui.scene import Scene, SceneContext, SceneStack
from game.ui.screens.title import TitleScene
from game.ui.table.match_end import MatchEndScene
from game.ui.table.round_summary import RoundSummaryScene
from game.ui.table.score_sheet_scene import ScoreSheetScene
from game.ui.table.table import TableScene
from game.words.seat_words import Seating
from tests.ui.driver import FRAME, key, make_app, step_until
from tests.ui.table.test_table_mouse import start_table, wait_for_my_turn

UI = Path(__file__).resolve().parents[2] / "game" / "ui"


class Recorder(Scene):
    """A scene that notes each hook and consumes the events it is told to."""

    def __init__(self, context: SceneContext, name: str, log: list[str], eats: bool) -> None:
        super().__init__(context)
        self.name, self.log, self.eats = name, log, eats

    def on_enter(self) -> None:
        self.log.append(f"{self.name} entered")

    def on_pause(self) -> None:
        self.log.append(f"{self.name} paused")

    def on_resume(self) -> None:
        self.log.append(f"{self.name} resumed")

    def on_leave(self) -> None:
        self.log.append(f"{self.name} left")

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.log.append(f"{self.name} saw {pygame.event.event_name(event.type)}")
        return self.eats


def test_the_stack_tells_each_scene_its_four_moments(app: App) -> None:
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder(app, "table", log, eats=True))
    stack.push(Recorder(app, "sheet", log, eats=True))
    stack.pop()
    stack.replace(Recorder(app, "title", log, eats=True))
    assert log == [
        "table entered",
        "table paused",
        "sheet entered",
        "sheet left",
        "table resumed",
        "table left",
        "title entered",
    ]


def test_input_passes_down_until_a_scene_consumes_it(app: App) -> None:
    log: list[str] = []
    stack = SceneStack()
    stack.push(Recorder(app, "bottom", log, eats=True))
    stack.push(Recorder(app, "top", log, eats=False))
    assert stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert log[-2:] == ["top saw KeyDown", "bottom saw KeyDown"]
    stack.push(Recorder(app, "lid", log, eats=True))
    stack.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_a))
    assert log[-1] == "lid saw KeyUp" and "top saw KeyUp" not in log


def test_an_uncovered_table_goes_on_and_a_covered_one_waits(app: App) -> None:
    table = start_table(app, seed=12)
    wait_for_my_turn(app, table)
    key(pygame.K_TAB)
    app.step(FRAME)
    assert isinstance(app.stack.top, ScoreSheetScene) and table.covered
    key(pygame.K_TAB)
    app.step(FRAME)
    assert app.stack.scenes == (table,) and not table.covered


def test_no_scene_reaches_the_stack_but_through_the_context() -> None:
    """Scenes move with ``context.push``, ``pop`` and ``replace``, never the stack itself."""
    for path in UI.glob("*.py"):
        if path.name not in ("app.py", "scene.py"):
            assert ".stack" not in path.read_text(encoding="utf-8"), path.name


SKIPPED = {"context", "seats", "match", "_keys"}
"""What a scene holds that is not its own state: the window, the worker, the live match."""


def snapshot(value: object, depth: int = 0) -> object:
    """``value`` as nested plain values, attribute by attribute (for comparing states)."""
    if depth > 6 or isinstance(value, str | int | float | bool | type(None) | Enum):
        return value
    if isinstance(value, pygame.Surface):
        return ("surface", value.get_size())
    if isinstance(value, pygame.Rect):
        return tuple(value)
    if isinstance(value, dict):
        return {repr(k): snapshot(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset | deque):
        items = [snapshot(item, depth + 1) for item in value]
        return sorted(map(repr, items)) if isinstance(value, set | frozenset) else items
    if callable(value) and not hasattr(value, "__slots__"):
        return "callable"
    names = list(getattr(value, "__dict__", {})) + [
        name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())
    ]
    return (
        type(value).__name__,
        {
            name: snapshot(getattr(value, name), depth + 1)
            for name in names
            if name not in SKIPPED and hasattr(value, name)
        },
    )


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 800), (640, 400)], ids=["1280x800", "640x400"])
def test_drawing_changes_nothing(size: tuple[int, int]) -> None:
    app = make_app(mute=True, size=size)
    try:
        title = app.stack.top
        assert isinstance(title, TitleScene)
        scenes: list[Scene] = [title]
        table = start_table(app, seed=13)
        wait_for_my_turn(app, table)
        scenes.append(table)
        policies = dict.fromkeys(range(4), "greedy")
        autoplay = TableScene(app, MatchSetup(seed=3, policies=policies, move_seconds=0.0))
        app.replace(autoplay)
        step_until(app, lambda: isinstance(app.stack.top, RoundSummaryScene))
        scenes += [
            autoplay,
            app.stack.scenes[-1],
            ScoreSheetScene(app, autoplay.shown, Seating(False)),
        ]
        over = MatchOver(winners=(1,), totals=autoplay.shown.totals)
        scenes.append(
            MatchEndScene(app, autoplay.shown, Seating(False), over, new_game=lambda: None)
        )
        heights = (app.art._heights, list(app.art._recent))
        for scene in scenes:
            scene.draw(app.screen)  # a scene may keep what it drew last: drawn once, it is kept
            before = snapshot(scene)
            scene.draw(app.screen)
            assert snapshot(scene) == before, type(scene).__name__
            assert (app.art._heights, app.art._recent) == heights, (
                f"{type(scene).__name__} changed the card heights"
            )
    finally:
        app.close()
