"""Learn to play, driven by the mouse: the whole guided round to its end, Escape at every
step back to the title with nothing kept, and a move the step does not ask for refused."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.saved_match import SavedMatch
from game.profile.settings import Settings
from game.ui.app import App
from game.ui.learn.learn_scene import LearnScene
from game.ui.learn.lesson import STEPS, Wait
from game.ui.screens.title import TitleScene
from game.ui.table.round_summary import RoundSummaryScene
from tests.ui.driver import FRAME, click, key, make_app
from tests.ui.every_screen import late_saved_match
from tests.ui.learn_walk import do_step


def started(folder: Path) -> tuple[App, LearnScene]:
    """A window on the title, Learn to play clicked."""
    app = make_app(profile=str(folder), mute=True, ai_process=False)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    click(next(b for b in title.buttons if b.label == "Learn to play").rect.center)
    app.step(FRAME)
    scene = app.stack.top
    assert isinstance(scene, LearnScene)
    return app, scene


def a_saved_match(folder: Path, settings: Settings | None = None) -> SavedMatch:
    """A profile in ``folder`` holding a match late in its last round (and ``settings``):
    the match as it reads back from the disk."""
    memory = Memory(Profile(folder))
    if settings is not None:
        memory.save_settings(settings)
    memory.save_match(late_saved_match())
    memory.profile.flush()
    saved = Memory(Profile(folder)).saved_match()
    assert saved is not None
    return saved


def test_the_whole_guided_round_by_mouse(tmp_path: Path) -> None:
    app, scene = started(tmp_path)
    try:
        for _step in STEPS:
            assert isinstance(app.stack.top, LearnScene | RoundSummaryScene)
            do_step(app, scene)
        assert isinstance(app.stack.top, TitleScene)
        app.memory.profile.flush()
        memory = Memory(Profile(tmp_path))
        assert memory.saved_match() is None, "the lesson is never saved"
        assert memory.stats.overall.played == 0, "nor counted"
    finally:
        app.close()


FAST_STEPS = {1, 9}
"""The steps whose Escape the fast tier tries (a draw, the round's summary); the full run tries
every step."""


@pytest.mark.parametrize(
    "at",
    [
        pytest.param(n, marks=() if n in FAST_STEPS else pytest.mark.slow, id=f"step{n}")
        for n in range(len(STEPS))
    ],
)
def test_escape_at_any_step_goes_back_with_nothing_kept(tmp_path: Path, at: int) -> None:
    saved = a_saved_match(tmp_path)
    app, scene = started(tmp_path)
    try:
        while scene.step_index < at:
            do_step(app, scene)
        if isinstance(app.stack.top, RoundSummaryScene):
            app.pop()
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        assert isinstance(app.stack.top, TitleScene)
        app.memory.profile.flush()
        after = Memory(Profile(tmp_path))
        kept = after.saved_match()
        assert kept is not None and kept.match.to_json() == saved.match.to_json()
        assert after.stats.overall.played == 0
    finally:
        app.close()


def test_a_move_the_step_does_not_ask_for_is_refused(tmp_path: Path) -> None:
    app, scene = started(tmp_path)
    try:
        do_step(app, scene)  # the welcome
        assert scene.step.wait is Wait.DRAW
        before = scene.match.to_json()
        click(scene.layout.pile_rect(False).center)  # the discard pile, not the stock
        app.step(FRAME)
        assert scene.match.to_json() == before and scene.step.wait is Wait.DRAW
        assert scene.notice is not None and scene.notice.text.startswith("Your turn starts")
    finally:
        app.close()


def test_there_is_no_undo_in_the_guided_round(tmp_path: Path) -> None:
    """With the undo setting on, U after the lesson's discard takes nothing back and saves
    nothing over your own saved match."""
    saved = a_saved_match(tmp_path, Settings(undo=True))
    app, scene = started(tmp_path)
    try:
        while scene.step.wait is not Wait.TABLE:
            do_step(app, scene)
        assert scene._undo_button not in scene.buttons
        key(pygame.K_u)
        app.step(FRAME)
        assert app.stack.top is scene
        app.memory.profile.flush()
        kept = Memory(Profile(tmp_path)).saved_match()
        assert kept is not None and kept.match.to_json() == saved.match.to_json()
    finally:
        app.close()
