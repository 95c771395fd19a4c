"""Learn to play done step by step as a player would, by mouse (the tests and the tour)."""

from __future__ import annotations

from game.ui.app import App
from game.ui.learn.learn_scene import LearnScene
from game.ui.learn.lesson import Wait
from game.ui.screens.title import TitleScene
from game.ui.table.round_summary import RoundSummaryScene
from tests.ui.driver import FRAME, click, step_until, wait_until


def at_rest(app: App, scene: LearnScene) -> None:
    step_until(app, lambda: not scene.busy, frames=3000)
    for _frame in range(20):
        app.step(FRAME)


def double_click(app: App, scene: LearnScene, label: str) -> None:
    card = next(card for card in scene.hand if str(card) == label)
    point = scene.playback.stage.sprites[card].pose.center
    click(point)
    app.step(FRAME)
    click(point)
    app.step(FRAME)


def do_step(app: App, scene: LearnScene) -> None:
    """Do what the step on screen asks, by mouse, until the next step."""
    step = scene.step
    if step.wait not in (Wait.TABLE, Wait.SUMMARY) and not scene.done:
        at_rest(app, scene)
    before = scene.step_index
    match step.wait:
        case Wait.NEXT:
            click(scene.next_button.rect.center)
            app.step(FRAME)
        case Wait.DRAW:
            click(scene.layout.pile_rect(True).center)
            app.step(FRAME)
        case Wait.DISCARD:
            double_click(app, scene, step.card)
        case Wait.TABLE:
            pass
        case Wait.HINT:
            click(next(b for b in scene.buttons if b.label == "Hint").rect.center)
        case Wait.GO_OUT:
            wait_until(app, lambda: scene.hints.hint is not None)
            hint = scene.hints.hint
            assert hint is not None
            double_click(app, scene, str(hint.action.card))  # type: ignore[union-attr]
        case Wait.SUMMARY:
            wait_until(app, lambda: isinstance(app.stack.top, RoundSummaryScene), 60)
            summary = app.stack.top
            assert isinstance(summary, RoundSummaryScene)
            for motion in summary.motions:
                motion.finish()
            click(summary.buttons[0].rect.center)
            app.step(FRAME)
    wait_until(app, lambda: scene.step_index > before or isinstance(app.stack.top, TitleScene))
