"""Title, buttons, hints, screenshots, sounds and the autoplay command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.engine.actions import Phase
from game.engine.cards import Card
from game.profile import saved_match
from game.sim.match_setup import MatchSetup
from game.ui.app import App
from game.ui.kit.sprites import Pose
from game.ui.screens.title import TitleScene
from game.ui.seen import hand_order
from game.ui.table.round_summary import RoundSummaryScene
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, click, key, make_app, step_until
from tests.ui.players import MousePlayer
from tests.ui.table.test_table_mouse import settle, start_table, wait_for_my_turn

ROOT = Path(__file__).resolve().parents[2]


def test_the_title_starts_a_match_at_the_chosen_level(app: App) -> None:
    title = app.stack.top
    assert isinstance(title, TitleScene)
    click(title.buttons[1].rect.center)
    app.step(FRAME)
    assert app.memory.settings.levels == ("hard",) * 3 and "Hard" in title.buttons[1].words
    click(title.buttons[0].rect.center)
    app.step(FRAME)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.setup.policies == {1: "hard", 2: "hard", 3: "hard"}


def test_quit_on_the_title_closes_the_window(app: App) -> None:
    title = app.stack.top
    assert isinstance(title, TitleScene)
    click(next(b for b in title.buttons if b.label == "Quit").rect.center)
    app.step(FRAME)
    assert not app.running


def test_sort_and_arrange_buttons_order_the_hand(app: App) -> None:
    table = start_table(app, seed=31)
    wait_for_my_turn(app, table)
    by_rank, by_suit, arrange = table.buttons[:3]
    click(by_rank.rect.center)
    app.step(FRAME)
    assert table.hand == hand_order.by_rank(table.match.hands[0])
    click(by_suit.rect.center)
    app.step(FRAME)
    assert table.hand == hand_order.by_suit(table.match.hands[0])
    click(arrange.rect.center)
    app.step(FRAME)
    groups = hand_order.meld_groups(table.arrangement, table.hand)
    melded = [card for group in groups for card in group]
    assert table.hand[: len(melded)] == melded


def test_the_hint_button_shows_what_hard_would_do(app: App) -> None:
    table = start_table(app, seed=32)
    wait_for_my_turn(app, table)
    click(table.buttons[3].rect.center)
    step_until(app, lambda: table.hints.hint is not None, frames=100_000)
    assert table.hints.hint is not None and table.hints.hint.action in table.match.legal_actions()
    assert table.notice is not None and table.notice.text.startswith("Hint: ")


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 800), (800, 500)], ids=["1280x800", "800x500"])
def test_screenshots_of_a_mid_round_table_and_a_round_summary(
    size: tuple[int, int], tmp_path: Path
) -> None:
    app = make_app(mute=True, size=size)
    try:
        table = start_table(app, seed=5)
        player = MousePlayer()

        def summary_open() -> bool:
            if table.your_turn:
                player.perform(table, player.choose(table))
            return isinstance(app.stack.top, RoundSummaryScene)

        step_until(app, summary_open)
        summary_png = tmp_path / "summary.png"
        app.save_screenshot(str(summary_png))
        summary = app.stack.top
        assert isinstance(summary, RoundSummaryScene)
        summary.close()
        wait_for_my_turn(app, table)
        key(pygame.K_s)
        app.step(FRAME)
        settle(app, table)
        assert table.match.phase is Phase.DISCARD
        table_png = tmp_path / "table.png"
        app.save_screenshot(str(table_png))
        for path in (summary_png, table_png):
            picture = pygame.image.load(str(path))
            assert picture.get_size() == size
            grid = [(x, y) for x in range(0, size[0], 7) for y in range(0, size[1], 7)]
            assert len({tuple(picture.get_at(point))[:3] for point in grid}) > 100
    finally:
        app.close()


@pytest.mark.slow
def test_autoplay_from_the_command_line(tmp_path: Path) -> None:
    shot = tmp_path / "autoplay.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [sys.executable, "-m", "game", "--autoplay", "--speed", "max", "--rounds", "1"]
    command += ["--quit-when-done", "--screenshot", str(shot), "--seed", "2", "--mute"]
    command += ["--profile", str(tmp_path / "profile")]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr.decode()
    assert pygame.image.load(str(shot)).get_size() == (1280, 800)
    saved = json.loads((tmp_path / "profile" / "match.json").read_text())
    assert saved["format"] == saved_match.FORMAT
    assert len(saved["match"]["state"]["round_scores"]) == 1


def test_no_audio_device_means_silence() -> None:
    code = (
        "from game.ui.kit.sound import Sounds\n"
        "sounds = Sounds()\n"
        "assert not sounds.enabled\n"
        "sounds.play('draw')\n"
        "print('silent')\n"
    )
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-driver")
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, timeout=60
    )
    assert result.returncode == 0, result.stderr.decode()
    assert b"silent" in result.stdout


def test_every_sound_loads_on_a_working_device() -> None:
    from game.ui.kit.sound import NAMES, Sounds

    sounds = Sounds()
    assert sounds.enabled
    assert sorted(sounds._sounds) == sorted(NAMES)
    sounds.play("go_out")
    pygame.mixer.quit()


def test_the_table_behind_a_round_summary_still_shows_that_round(app: App) -> None:
    policies = {seat: "greedy" for seat in range(4)}
    table = TableScene(app, MatchSetup(seed=9, policies=policies, move_seconds=0.0))
    app.replace(table)
    step_until(app, lambda: isinstance(app.stack.top, RoundSummaryScene))
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    for _ in range(30):
        app.step(FRAME)
    assert table.shown.round_index == summary.event.round_index == 0
    assert table.picture().title.startswith("Round 1 of 11")
    summary.close()
    step_until(app, lambda: table.shown.round_index == 1)


@pytest.mark.parametrize("jokers", [0, 2])
def test_the_titles_fan_shows_a_printed_joker_only_when_the_rules_deal_them(
    app: App, jokers: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = app.memory
    rules = replace(memory.settings.rules, jokers=jokers)
    memory.save_settings(memory.settings.changed(rules=rules))
    drawn: list[Card] = []
    draw = app.art.draw

    def recorded(surface: pygame.Surface, card: Card, pose: Pose) -> pygame.Rect:
        drawn.append(card)
        return draw(surface, card, pose)

    monkeypatch.setattr(app.art, "draw", recorded)
    app.replace(TitleScene(app))
    app.draw()
    assert len(drawn) == 5
    assert any(card.is_joker for card in drawn) == bool(jokers)
