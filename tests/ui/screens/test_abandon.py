"""New game with a match saved asks first; the safe answer keeps the match, Escape too."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui.app import App
from game.ui.question import QuestionScene
from game.ui.screens.title import TitleScene
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, click, key, make_app
from tests.ui.every_screen import late_saved_match, profile_with


@pytest.fixture
def saved_app() -> Iterator[App]:
    """A 1280×800 window whose profile holds a match in its last round."""
    window = make_app(mute=True, profile=profile_with(late_saved_match()), ai_process=False)
    yield window
    window.close()


def title_of(app: App) -> TitleScene:
    top = app.stack.top
    assert isinstance(top, TitleScene), type(top).__name__
    return top


def press(app: App, label: str) -> None:
    """Click the button ``label`` of the scene on top."""
    top = app.stack.top
    buttons = getattr(top, "buttons", [])
    click(next(button for button in buttons if button.label == label).rect.center)
    app.step(FRAME)


def question_of(app: App) -> QuestionScene:
    top = app.stack.top
    assert isinstance(top, QuestionScene), type(top).__name__
    return top


def ask(app: App) -> QuestionScene:
    press(app, "New game")
    question = question_of(app)
    assert "round 11" in question.words and "loss" in question.words
    assert question.answers[question.focus].label == "Keep the match"
    return question


@pytest.mark.slow
@pytest.mark.parametrize("how", ["Enter", "Escape", "click"])
def test_the_safe_answer_keeps_the_match(saved_app: App, how: str) -> None:
    app = saved_app
    before = app.memory.saved_match()
    assert before is not None
    played = app.memory.stats.overall.played
    ask(app)
    if how == "click":
        press(app, "Keep the match")
    else:
        key(pygame.K_RETURN if how == "Enter" else pygame.K_ESCAPE)
        app.step(FRAME)
    title = title_of(app)
    kept = app.memory.saved_match()
    assert kept is not None and kept.match.to_json() == before.match.to_json()
    assert app.memory.stats.overall.played == played
    assert title.buttons[0].label == "Continue"


@pytest.mark.slow
def test_abandoning_counts_a_loss_and_deals_a_new_match(saved_app: App) -> None:
    app = saved_app
    before = app.memory.saved_match()
    assert before is not None
    stats = app.memory.stats.overall
    question = ask(app)
    key(pygame.K_TAB)  # the focus moves to "Abandon it"
    app.step(FRAME)
    assert question.answers[question.focus].label == "Abandon it"
    key(pygame.K_RETURN)
    app.step(FRAME)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.match.round_index == 0
    assert app.memory.settle(10), "filed in the history off the frame loop"
    after = app.memory.stats.overall
    assert (after.played, after.abandoned, after.won) == (
        stats.played + 1,
        stats.abandoned + 1,
        stats.won,
    )


@pytest.mark.slow
def test_the_arrows_move_the_focus_and_a_click_answers(saved_app: App) -> None:
    app = saved_app
    question = ask(app)
    key(pygame.K_RIGHT)
    app.step(FRAME)
    assert question.focus == 1
    key(pygame.K_LEFT)
    app.step(FRAME)
    assert question.focus == 0
    press(app, "Abandon it")
    assert isinstance(app.stack.top, TableScene)
    assert app.memory.settle(10)
    assert app.memory.stats.overall.abandoned == 1


def test_without_a_saved_match_new_game_asks_nothing(app: App) -> None:
    assert app.memory.saved_match() is None
    press(app, "New game")
    assert isinstance(app.stack.top, TableScene)
    assert app.memory.stats.overall.played == 0


def test_escape_on_the_title_asks_to_quit(app: App) -> None:
    title_of(app)
    key(pygame.K_ESCAPE)
    app.step(FRAME)
    question = question_of(app)
    assert question.words == "Quit the game?"
    assert question.answers[question.focus].label == "Stay"
    key(pygame.K_ESCAPE)  # Escape again: stay
    app.step(FRAME)
    title_of(app)
    assert app.running
    key(pygame.K_ESCAPE)
    app.step(FRAME)
    press(app, "Stay")
    title_of(app)
    assert app.running
    key(pygame.K_ESCAPE)
    app.step(FRAME)
    key(pygame.K_RETURN)  # Enter gives the answer in focus: Stay
    app.step(FRAME)
    title_of(app)
    assert app.running
    key(pygame.K_ESCAPE)
    app.step(FRAME)
    press(app, "Quit")
    assert not app.running
