"""Save and resume: quitting at any moment loses nothing, and the match goes on exactly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.engine.actions import Phase
from game.engine.rules import RuleSet
from game.engine.solver import best_arrangement
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.settings import Settings
from game.sim.match_setup import MatchSetup
from game.ui.app import App
from game.ui.screens.title import TitleScene
from game.ui.table.match_end import MatchEndScene
from game.ui.table.round_summary import RoundSummaryScene
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, make_app, post, step_until
from tests.ui.every_screen import late_saved_match
from tests.ui.players import MousePlayer

ROOT = Path(__file__).resolve().parents[3]
RULES = RuleSet(schedule="short")
SEATS = {1: "easy", 2: "random", 3: "easy"}
"""Seats that draw on their random streams, so a resume that lost them would show."""


def human_table(app: App, pace: float = 0.0) -> TableScene:
    table = TableScene(
        app, MatchSetup(seed=21, rules=RULES, policies=dict(SEATS), move_seconds=pace)
    )
    app.replace(table)
    return table


def play(app: App, table: TableScene, until: object = None, actions: int = 10**9) -> None:
    """The mouse player plays until the match's end (and the history has it) or until the
    match holds ``actions``."""
    player = MousePlayer()

    def done() -> bool:
        top = app.stack.top
        if isinstance(top, RoundSummaryScene):
            top.close()
            return False
        if isinstance(top, MatchEndScene) or len(table.match.actions) >= actions:
            return True
        if table.your_turn:
            player.perform(table, player.choose(table), slot=0)
        return False

    step_until(app, done, frames=200_000)
    if table.match.is_over:
        assert app.memory.settle(30), "the history takes the match off the frame loop"


@pytest.fixture(scope="module")
def uninterrupted() -> str:
    """The whole match played in one go: what every resumed match must end as."""
    app = make_app(mute=True)
    try:
        table = human_table(app)
        play(app, table)
        return json.dumps(table.match.to_json())
    finally:
        app.close()


def resume(profile: str) -> tuple[App, TableScene]:
    app = make_app(mute=True, profile=profile, resume=True)
    table = app.stack.top
    assert isinstance(table, TableScene)
    return app, table


@pytest.mark.slow
@pytest.mark.parametrize("moment", ["mid-turn", "mid-drag", "mid-animation"])
def test_a_match_quit_at_any_moment_goes_on_exactly(
    uninterrupted: str, tmp_path: Path, moment: str
) -> None:
    profile = str(tmp_path)
    app = make_app(mute=True, profile=profile)
    table = human_table(app)
    play(app, table, actions=40)
    step_until(app, lambda: table.your_turn, frames=100_000)
    table.playback.pace = 0.45  # cards glide from here on
    if moment == "mid-turn":  # drawn, and the hand reordered, but not discarded
        post(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="", scancode=0)
        app.step(FRAME)
        assert table.match.phase is Phase.DISCARD
        by_rank = table.buttons[0]
        post(pygame.MOUSEBUTTONDOWN, pos=by_rank.rect.center, button=1)
        app.step(FRAME)
    elif moment == "mid-drag":
        card = table.playback.stage.sprites[table.hand[1]].pose.center
        post(pygame.MOUSEBUTTONDOWN, pos=(round(card[0]), round(card[1])), button=1)
        post(
            pygame.MOUSEMOTION, pos=(round(card[0]), round(card[1]) - 90), rel=(0, 0), buttons=(1,)
        )
        app.step(FRAME)
        assert table.pointer.drag.dragged is not None
    else:  # your draw still gliding into your hand
        MousePlayer().perform(table, MousePlayer().choose(table), slot=2)
        app.step(FRAME)
        assert table.busy
    expected_order = table.shown.ahead(table.playback.queue, table.playback.arrival.index).hands[0]
    before = table.match.to_json()
    app.close()
    Memory(Profile(tmp_path)).save_settings(Settings(speed="instant"))  # the rest at full speed

    again, resumed = resume(profile)
    try:
        assert resumed.match.to_json() == before
        assert resumed.hand == expected_order
        play(again, resumed)
        assert json.dumps(resumed.match.to_json()) == uninterrupted
        assert not (tmp_path / "match.json").exists(), "a finished match leaves no save behind"
    finally:
        again.close()


def reopened_with_a_saved_match(profile: Path) -> tuple[App, TitleScene]:
    """A window whose profile holds a match 12 actions in, back at the title."""
    app = make_app(mute=True, profile=str(profile))
    play(app, human_table(app), actions=12)
    app.close()
    again = make_app(mute=True, profile=str(profile))
    title = again.stack.top
    assert isinstance(title, TitleScene)
    return again, title


def test_the_title_offers_to_continue_the_saved_match(tmp_path: Path) -> None:
    again, title = reopened_with_a_saved_match(tmp_path)
    try:
        labels = [button.label for button in title.buttons]
        assert labels[0] == "Continue" and "New game" in labels
        assert title.saved_line is not None and title.saved_line.startswith("Round 1 of 8")
        post(pygame.MOUSEBUTTONDOWN, pos=title.buttons[0].rect.center, button=1)
        again.step(FRAME)
        resumed = again.stack.top
        assert isinstance(resumed, TableScene) and len(resumed.match.actions) == 12
    finally:
        again.close()


def test_continue_with_nothing_saved_starts_a_new_match_and_says_so(tmp_path: Path) -> None:
    app = make_app(mute=True, profile=str(tmp_path), resume=True)
    try:
        assert isinstance(app.stack.top, TableScene)
        app.step(FRAME)
        assert app.toast is not None and "No saved match" in app.toast
    finally:
        app.close()


@pytest.mark.slow
def test_continue_from_the_command_line_with_autoplay_plays_on(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    base = [sys.executable, "-m", "game", "--profile", str(tmp_path), "--speed", "max"]
    base += ["--quit-when-done", "--mute", "--rounds", "1"]
    first = subprocess.run([*base, "--autoplay", "--seed", "5"], cwd=ROOT, env=env, timeout=120)
    assert first.returncode == 0
    rounds = json.loads((tmp_path / "match.json").read_text())["match"]["state"]["round_scores"]
    assert len(rounds) == 1
    second = subprocess.run([*base, "--autoplay", "--continue"], cwd=ROOT, env=env, timeout=120)
    assert second.returncode == 0
    rounds = json.loads((tmp_path / "match.json").read_text())["match"]["state"]["round_scores"]
    assert len(rounds) == 2, "the second run went on from the first one's save"


def test_a_resumed_hand_shows_its_penalty_from_the_first_frame() -> None:
    saved = late_saved_match()
    app = make_app(ai_process=False)
    table = TableScene.resumed(app, saved)
    expected = best_arrangement(saved.match.hands[0], saved.match.wild_rank, saved.match.rules)
    assert expected.penalty > 0
    assert table.arrangement.penalty == expected.penalty
    app.close()
