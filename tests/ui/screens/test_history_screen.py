"""The history through the window: every ended match kept as it happens, the list opened from
the title and the pause menu, paged and filtered, a match replayed, exported and opened from a
file (typed, or dropped on the window)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.actions import Discard
from game.engine.rules import RuleSet
from game.profile import shared_match
from game.profile.folder import Profile
from game.profile.history import History
from game.profile.kept_match import Filters, KeptMatch
from game.sim.match_setup import MatchSetup
from game.ui.app import App
from game.ui.kit.widgets import Button
from game.ui.screens.history_screen import HistoryScene, place_words, row_cells
from game.ui.screens.open_file import OpenFileScene
from game.ui.screens.replay_screen import ReplayScene
from game.ui.screens.title import TitleScene
from game.ui.table.pause_menu import PauseMenuScene
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, click, key, make_app, post, step_until, wait_until
from tests.ui.rigged import crowded_last_round, open_rigged
from tests.ui.table.test_resume import human_table, play
from tools.make_history_fixture import fixture_matches


@pytest.fixture(scope="module")
def matches() -> list[KeptMatch]:
    return fixture_matches()


def profile_with(folder: Path, matches: list[KeptMatch], copies: int) -> Path:
    """A profile whose history holds ``copies`` rounds of ``matches`` (oldest first)."""
    kept = History(Profile(folder))
    for _ in range(copies):
        for match in matches:
            kept.add(match)
    kept.close()
    return folder


@pytest.fixture
def history_app(tmp_path: Path, matches: list[KeptMatch]) -> Iterator[App]:
    """A window at the title whose history holds 40 matches: 30 of yours, 10 autoplay."""
    window = make_app(mute=True, profile=str(profile_with(tmp_path, matches, 10)))
    yield window
    window.close()


def button(scene: object, label: str) -> pygame.Rect:
    buttons: list[Button] = getattr(scene, "buttons")  # noqa: B009  (every screen's row)
    return next(b for b in buttons if b.label == label).rect


def open_history(app: App) -> HistoryScene:
    title = app.stack.top
    assert isinstance(title, TitleScene)
    click(button(title, "History").center)
    app.step(FRAME)
    screen = app.stack.top
    assert isinstance(screen, HistoryScene)
    return screen


def test_the_history_lists_your_matches_newest_first_a_page_at_a_time(history_app: App) -> None:
    screen = open_history(history_app)
    page = screen.page
    assert page.total == 30, "autoplay matches are left out"
    assert [row.id for row in page.rows[:4]] == [39, 38, 37, 35]
    assert not any(row.autoplay for row in page.rows)
    shown = screen.per_page
    assert len(page.rows) == shown >= 5
    assert screen.count_line() == f"Matches 1–{shown} of 30"
    click(button(screen, "Older").center)
    history_app.step(FRAME)
    assert screen.page.offset == shown and screen.page.rows[0].id < page.rows[-1].id
    key(pygame.K_PAGEUP)
    history_app.step(FRAME)
    assert screen.page == page
    seen: list[int] = []
    while True:
        seen += [row.id for row in screen.page.rows]
        if not screen._has_older():
            break
        key(pygame.K_PAGEDOWN)
        history_app.step(FRAME)
    assert sorted(seen, reverse=True) == seen and len(seen) == len(set(seen)) == 30


def test_the_filters_narrow_the_list(history_app: App) -> None:
    screen = open_history(history_app)
    levels = screen.filter_buttons[0]
    for _ in range(3):  # All → easy → normal → hard
        click(levels.rect.center)
        history_app.step(FRAME)
    assert levels.words == "Level: Hard"
    assert screen.page.total == 10 and all(row.players == 2 for row in screen.page.rows)
    sizes = screen.filter_buttons[1]
    for _ in range(3):  # All → 2 → 3 → 4
        click(sizes.rect.center)
        history_app.step(FRAME)
    assert sizes.words == "Players: 4" and screen.page.total == 0
    assert "No match here yet" in screen.count_line()
    for _ in range(len(levels.words)):
        if levels.words == "Level: All":
            break
        click(levels.rect.center)
        history_app.step(FRAME)
    assert screen.page.total == 20
    click(screen.filter_buttons[2].rect.center)
    history_app.step(FRAME)
    assert screen.page.total == 30 and screen.filter_buttons[2].words == "Autoplay: shown"
    assert screen.page.rows[0].autoplay and row_cells(screen.page.rows[0])[0].startswith("⚙ ")
    assert "⚙ played by the AI alone" in screen.count_line()


def test_a_row_says_who_you_played_your_total_and_your_place(
    history_app: App, matches: list[KeptMatch]
) -> None:
    screen = open_history(history_app)
    abandoned, open_two = screen.page.rows[0], screen.page.rows[1]
    assert place_words(abandoned) == "You left it"
    assert row_cells(abandoned)[1] == "Easy, Normal, Hard"
    accuracy = matches[1].summary.review.accuracy  # type: ignore[union-attr]
    assert row_cells(open_two)[1] == "Hard" and row_cells(open_two)[4] == f"{accuracy:.0f}%"
    finished = matches[0].summary
    assert row_cells(screen.page.rows[2])[2] == str(finished.totals[0])
    assert row_cells(screen.page.rows[2])[1] == "3 × Normal"


def test_enter_or_a_double_click_replays_the_match_in_focus(
    history_app: App, matches: list[KeptMatch]
) -> None:
    screen = open_history(history_app)
    key(pygame.K_DOWN)
    key(pygame.K_DOWN)
    key(pygame.K_RETURN)
    history_app.step(FRAME)
    replay = history_app.stack.top
    assert isinstance(replay, ReplayScene)
    assert replay.kept.match == matches[0].match
    key(pygame.K_ESCAPE)
    history_app.step(FRAME)
    assert history_app.stack.top is screen
    row = screen.row_rect(1).center
    post(pygame.MOUSEBUTTONDOWN, pos=row, button=1, clicks=1)
    post(pygame.MOUSEBUTTONDOWN, pos=row, button=1, clicks=2)
    history_app.step(FRAME)
    replay = history_app.stack.top
    assert isinstance(replay, ReplayScene) and replay.kept.match == matches[1].match


@pytest.mark.slow
def test_a_match_exported_opens_again_from_its_file(
    history_app: App, matches: list[KeptMatch], tmp_path: Path
) -> None:
    screen = open_history(history_app)
    key(pygame.K_DOWN)
    click(button(screen, "Export").center)
    history_app.step(FRAME)
    files = list((tmp_path / "shared").glob("match-*.json"))
    assert len(files) == 1 and files[0].stat().st_size < 20_000
    assert shared_match.read(files[0]).match == matches[1].match
    assert screen.notice is not None and files[0].name in screen.notice.text
    assert history_app.toast is None, "said under the list, not over the title"
    click(button(screen, "Open a file").center)
    history_app.step(FRAME)
    asking = history_app.stack.top
    assert isinstance(asking, OpenFileScene)
    assert asking.path == f"{tmp_path / 'shared'}/", "it starts where exports go"
    post(pygame.TEXTINPUT, text=files[0].name)
    key(pygame.K_RETURN)
    history_app.step(FRAME)
    replay = history_app.stack.top
    assert isinstance(replay, ReplayScene) and replay.kept.match == matches[1].match


def test_a_file_that_is_not_a_match_is_said_and_nothing_is_lost(
    history_app: App, tmp_path: Path
) -> None:
    screen = open_history(history_app)
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({"format": 1, "kind": "recipe"}), encoding="utf-8")
    post(pygame.DROPFILE, file=str(odd))
    step_until(history_app, lambda: history_app.toast is not None)
    assert history_app.stack.top is screen
    assert "odd.json" in (history_app.toast or "") and "not a shared match" in (
        history_app.toast or ""
    )
    assert screen.page.total == 30


def test_a_file_dropped_on_the_history_is_replayed(
    history_app: App, matches: list[KeptMatch], tmp_path: Path
) -> None:
    open_history(history_app)
    path = shared_match.export(matches[3], tmp_path / "elsewhere")
    post(pygame.DROPFILE, file=str(path))
    history_app.step(FRAME)
    replay = history_app.stack.top
    assert isinstance(replay, ReplayScene) and replay.kept.match == matches[3].match


def test_the_pause_menu_opens_the_history(history_app: App) -> None:
    table = TableScene(history_app, MatchSetup(seed=3, rules=RuleSet(), move_seconds=0.0))
    history_app.replace(table)
    history_app.step(FRAME)
    key(pygame.K_ESCAPE)
    step_until(history_app, lambda: isinstance(history_app.stack.top, PauseMenuScene))
    menu = history_app.stack.top
    click(button(menu, "History").center)
    history_app.step(FRAME)
    assert isinstance(history_app.stack.top, HistoryScene)
    key(pygame.K_ESCAPE)
    history_app.step(FRAME)
    assert history_app.stack.top is menu


@pytest.mark.slow
def test_the_list_fits_a_small_and_a_large_window(history_app: App) -> None:
    screen = open_history(history_app)
    for size in ((800, 600), (2560, 1440), (640, 400)):
        history_app._screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        history_app.stack.resize()
        history_app.step(FRAME)
        assert screen.per_page >= 3
        last = screen.row_rect(len(screen.page.rows) - 1)
        assert last.bottom <= screen.list_area.bottom
        assert all(b.rect.bottom <= size[1] for b in screen.buttons)


@pytest.mark.slow
def test_a_match_you_finish_is_kept_reviewed_and_listed(app: App) -> None:
    table = human_table(app)
    play(app, table)
    rows = app.memory.history.summaries(Filters())
    assert len(rows) == 1 and rows[0].id == table.keeper.kept_as
    kept = app.memory.history.kept(rows[0].id)
    assert kept is not None and kept.match == table.match
    assert rows[0].totals == table.match.totals and not rows[0].autoplay
    wait_until(app, lambda: app.reviews.waiting == 0, seconds=120)
    assert app.memory.settle(10), "the figures written by the history's writer"
    reviewed = app.memory.history.summaries(Filters())[0].review
    assert reviewed is not None and reviewed.decisions > 20
    app.replace(TitleScene(app))
    screen = open_history(app)
    assert screen.page.total == 1 and row_cells(screen.page.rows[0])[4].endswith("%")


@pytest.mark.slow
def test_an_autoplay_match_is_kept_marked_and_out_of_your_figures(tmp_path: Path) -> None:
    rules = {"players": 2, "schedule": "short"}
    (tmp_path / "settings.json").write_text(json.dumps({"format": 3, "rules": rules}), "utf-8")
    app = make_app(mute=True, autoplay=True, max_speed=True, profile=str(tmp_path), players=2)
    try:
        step_until(app, lambda: app.done, frames=100_000)
        assert app.memory.settle(30), "the history takes the match off the frame loop"
        rows = app.memory.history.summaries(Filters(autoplay=True))
        assert len(rows) == 1 and rows[0].autoplay
        assert app.memory.history.summaries(Filters()) == []
        assert app.memory.stats.overall.played == 0
    finally:
        app.close()


@pytest.mark.slow
def test_a_match_not_dealt_from_its_seed_is_counted_and_said_not_kept(tmp_path: Path) -> None:
    """A rigged last round (no actions lead to it from its seed): at its end it is counted in
    your statistics, the history says in one line that it cannot keep it, and the game goes on."""
    match = crowded_last_round()
    app = open_rigged(tmp_path, match)
    try:
        table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
        table.play(Discard(match.going_out_discards()[0]))
        wait_until(app, lambda: table.match.is_over)
        assert app.memory.stats.overall.played == 1
        assert app.memory.history.summaries(Filters(autoplay=True)) == []
        notices = [*app.memory.profile.notices, app.toast or ""]
        assert any("cannot be kept in the history" in notice for notice in notices)
    finally:
        app.close()


def test_the_key_that_opens_the_file_question_is_not_typed_into_it(
    history_app: App, tmp_path: Path
) -> None:
    """O on the History screen opens the question; its own text (an "o") is not typed."""
    open_history(history_app)
    post(pygame.KEYDOWN, key=pygame.K_o, mod=0, unicode="o", scancode=0)
    post(pygame.TEXTINPUT, text="o")
    post(pygame.KEYUP, key=pygame.K_o, mod=0, unicode="o", scancode=0)
    history_app.step(FRAME)
    asking = history_app.stack.top
    assert isinstance(asking, OpenFileScene) and asking.path == f"{tmp_path / 'shared'}/"
    post(pygame.TEXTINPUT, text="a.json")
    history_app.step(FRAME)
    assert asking.path.endswith("/shared/a.json")
    key(pygame.K_BACKSPACE)
    history_app.step(FRAME)
    assert asking.path.endswith("/shared/a.jso")


def test_open_a_file_lists_the_exported_matches_newest_first(
    history_app: App, matches: list[KeptMatch], tmp_path: Path
) -> None:
    """Two matches exported: the question lists both, the newer first; a click opens it."""
    screen = open_history(history_app)
    for row in (1, 2):
        while screen.chosen != row:
            key(pygame.K_DOWN)
            history_app.step(FRAME)
        click(button(screen, "Export").center)
        history_app.step(FRAME)
    files = sorted((tmp_path / "shared").glob("match-*.json"))
    assert len(files) == 2
    older = next(path for path in files if shared_match.read(path).match == matches[1].match)
    newer = next(path for path in files if path != older)
    os.utime(older, (1_000_000_000, 1_000_000_000))
    click(button(screen, "Open a file").center)
    history_app.step(FRAME)
    asking = history_app.stack.top
    assert isinstance(asking, OpenFileScene)
    assert asking.exported == [newer, older] and len(asking.rows) == 2
    history_app.draw()
    key(pygame.K_DOWN)
    key(pygame.K_DOWN)
    history_app.step(FRAME)
    assert asking.path == str(older), "↓ puts the next one in the line"
    click(asking.rows[0].center)
    history_app.step(FRAME)
    replay = history_app.stack.top
    assert isinstance(replay, ReplayScene)
    assert replay.kept.match == shared_match.read(newer).match
