"""Escape at the table opens the pause menu; each of its entries does what it says."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.actions import Discard, Draw, DrawSource
from game.engine.events import MatchOver
from game.ui.app import App
from game.ui.screens.history_screen import HistoryScene
from game.ui.screens.rules_screen import RulesScene
from game.ui.screens.settings_screen import SettingsScene
from game.ui.screens.stats_screen import StatsScene
from game.ui.screens.title import TitleScene
from game.ui.table.match_end import MatchEndScene
from game.ui.table.pause_menu import PauseMenuScene
from game.ui.table.round_summary import RoundSummaryScene
from tests.ui.driver import FRAME, click, key, make_app, step_until, table_of
from tests.ui.every_screen import late_saved_match, profile_with
from tests.ui.rigged import going_out, open_rigged


@pytest.fixture
def table_app() -> Iterator[App]:
    """A 1280×800 window at the table of a saved match (Continue clicked), your move."""
    window = make_app(mute=True, profile=profile_with(late_saved_match()), ai_process=False)
    title = window.stack.top
    assert isinstance(title, TitleScene) and title.buttons[0].label == "Continue"
    click(title.buttons[0].rect.center)
    window.step(FRAME)
    table = table_of(window)
    step_until(window, lambda: table.your_turn and not table.busy, frames=3000)
    yield window
    window.close()


def press(app: App, label: str) -> None:
    """Click the button ``label`` of the scene on top."""
    buttons = getattr(app.stack.top, "buttons", [])
    click(next(button for button in buttons if button.label == label).rect.center)
    app.step(FRAME)


def escape(app: App) -> None:
    key(pygame.K_ESCAPE)
    app.step(FRAME)


def menu_of(app: App) -> PauseMenuScene:
    top = app.stack.top
    assert isinstance(top, PauseMenuScene), type(top).__name__
    return top


@pytest.mark.slow
def test_the_menu_names_the_deal_and_the_corner_only_the_dealer(table_app: App) -> None:
    """The deal's number (to play it again or share it) is in the menu's heading, not in the
    table's corner."""
    table = table_of(table_app)
    seed = str(table.setup.seed)
    assert seed not in table.picture().dealer and table.picture().dealer.startswith("Dealer: ")
    escape(table_app)
    assert f"deal {seed}" in menu_of(table_app).words


@pytest.mark.slow
def test_escape_opens_the_menu_and_escape_resumes(table_app: App) -> None:
    app = table_app
    table = table_of(app)
    before = table.match.to_json()
    escape(app)
    menu = menu_of(app)
    assert [answer.label for answer in menu.answers] == [
        "Resume",
        "Rules",
        "Settings",
        "Statistics",
        "History",
        "Main menu",
        "Quit",
    ]
    assert menu.answers[menu.focus].label == "Resume"
    assert table.covered
    for _frame in range(30):
        app.step(FRAME)
    escape(app)
    assert app.stack.top is table and not table.covered
    assert table.match.to_json() == before


@pytest.mark.slow
@pytest.mark.parametrize("how", ["click", "Enter"])
def test_resume_returns_to_the_match_untouched(table_app: App, how: str) -> None:
    app = table_app
    table = table_of(app)
    before, hand = table.match.to_json(), list(table.hand)
    escape(app)
    if how == "click":
        press(app, "Resume")
    else:
        key(pygame.K_RETURN)
        app.step(FRAME)
    assert app.stack.top is table and table.match.to_json() == before and table.hand == hand
    assert table.your_turn


@pytest.mark.slow
@pytest.mark.parametrize(
    ("label", "scene"),
    [
        ("Rules", RulesScene),
        ("Settings", SettingsScene),
        ("Statistics", StatsScene),
        ("History", HistoryScene),
    ],
)
def test_a_screen_from_the_menu_comes_back_to_it(table_app: App, label: str, scene: type) -> None:
    app = table_app
    table = table_of(app)
    before = table.match.to_json()
    escape(app)
    menu = menu_of(app)
    press(app, label)
    assert isinstance(app.stack.top, scene)
    escape(app)
    assert app.stack.scenes[-1] is menu
    escape(app)
    assert table in app.stack.scenes[-1:] and table.match.to_json() == before


@pytest.mark.slow
def test_the_keys_reach_every_entry(table_app: App) -> None:
    app = table_app
    escape(app)
    menu = menu_of(app)
    key(pygame.K_DOWN)
    key(pygame.K_TAB)
    app.step(FRAME)
    assert menu.answers[menu.focus].label == "Settings"
    key(pygame.K_RETURN)
    app.step(FRAME)
    assert isinstance(app.stack.top, SettingsScene)


@pytest.mark.slow
def test_main_menu_saves_and_the_title_continues_the_same_match(table_app: App) -> None:
    app = table_app
    table = table_of(app)
    table._reorder(list(reversed(table.hand)))  # an order of your own, kept too
    match, hand = table.match.to_json(), list(table.hand)
    escape(app)
    press(app, "Main menu")
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert title.buttons[0].label == "Continue" and title.saved_line is not None
    saved = app.memory.saved_match()
    assert saved is not None and saved.match.to_json() == match
    click(title.buttons[0].rect.center)
    app.step(FRAME)
    again = table_of(app)
    assert again is not table and again.match.to_json() == match and again.hand == hand


@pytest.mark.slow
def test_quit_ends_the_window_with_the_match_saved(table_app: App) -> None:
    app = table_app
    match = table_of(app).match.to_json()
    escape(app)
    press(app, "Quit")
    assert not app.running
    app.memory.profile.flush()
    saved = app.memory.saved_match()
    assert saved is not None and saved.match.to_json() == match


@pytest.mark.slow
def test_the_match_end_goes_to_the_main_menu(table_app: App) -> None:
    app = table_app
    table = table_of(app)
    over = MatchOver(winners=(1,), totals=table.shown.totals)
    app.push(MatchEndScene(app, table.shown, table.setup.seating, over, new_game=lambda: None))
    app.step(FRAME)
    assert "Main menu" in [button.label for button in app.stack.top.buttons]  # type: ignore[union-attr]
    press(app, "Main menu")
    assert isinstance(app.stack.top, TitleScene)
    assert app.stack.scenes == (app.stack.top,)


def test_escape_opens_the_menu_in_the_smallest_window_too() -> None:
    """At 640×400 the help line has no room to name Escape; the key works all the same."""
    app = make_app(mute=True, size=(640, 400), profile=profile_with(late_saved_match()))
    try:
        click(app.stack.scenes[-1].buttons[0].rect.center)  # type: ignore[attr-defined]
        app.step(FRAME)
        table = table_of(app)
        step_until(app, lambda: table.your_turn and not table.busy, frames=3000)
        escape(app)
        menu_of(app)
    finally:
        app.close()


def test_escape_on_the_rounds_summary_opens_the_pause_menu(tmp_path: Path) -> None:
    """Escape over the round's summary pauses (it no longer starts the next round); Escape
    again comes back to the summary."""
    app = open_rigged(tmp_path, going_out(4, played=True))
    try:
        table = table_of(app)
        step_until(app, lambda: table.your_turn and not table.busy, frames=3000)
        assert table.play(Draw(DrawSource.STOCK))
        step_until(app, lambda: not table.busy, frames=3000)
        assert table.play(Discard(table.hand[0]))
        step_until(app, lambda: isinstance(app.stack.top, RoundSummaryScene), frames=20_000)
        summary = app.stack.top
        shown_round = table.shown.round_index
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        assert isinstance(app.stack.top, PauseMenuScene)
        assert summary in app.stack.scenes and table.shown.round_index == shown_round
        key(pygame.K_ESCAPE)
        app.step(FRAME)
        assert app.stack.top is summary
    finally:
        app.close()
