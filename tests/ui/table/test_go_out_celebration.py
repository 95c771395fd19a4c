"""Going out yourself is celebrated: a short burst of confetti over the table, at the
animation speed (none at the instant speed), ended by Space."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.actions import Discard, Draw, DrawSource
from game.engine.cards import Card
from game.engine.rules import RuleSet
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.settings import Settings
from game.ui.app import App
from game.ui.kit.celebration import CONFETTI_COLOURS
from game.ui.table.table import TableScene
from tests.engine.match_tools import rig
from tests.ui.driver import FRAME, key
from tests.ui.rigged import at_rest, open_rigged

KING = Card.parse("KD")


def going_out_now(folder: Path, speed: str) -> tuple[App, TableScene]:
    """Round 1, you hold 7♥ 8♥ 9♥ and drew the K♦: its discard goes out."""
    Memory(Profile(folder)).save_settings(Settings(speed=speed))
    match = rig(RuleSet(), ["7H 8H 9H", "2C 5D QS", "3C 6D 8S", "4C 7D JS"], stock_top="KD")
    match.apply(Draw(DrawSource.STOCK))
    app = open_rigged(folder, match)
    return app, at_rest(app)


def confetti_pixels(app: App) -> int:
    """How many pixels of the window's top half wear a confetti colour (the felt wears none)."""
    app.draw()
    width, height = app.screen.get_size()
    return sum(
        tuple(app.screen.get_at((x, y)))[:3] in CONFETTI_COLOURS
        for x in range(0, width, 3)
        for y in range(0, height // 2, 3)
    )


def test_your_going_out_throws_confetti_and_space_ends_it(tmp_path: Path) -> None:
    app, table = going_out_now(tmp_path, "normal")
    try:
        before = confetti_pixels(app)
        assert table.play(Discard(KING))
        for _frame in range(round(1.0 / FRAME)):
            app.step(FRAME)
        assert table.playback.celebration is not None
        assert confetti_pixels(app) > before + 20
        key(pygame.K_SPACE)
        app.step(FRAME)
        assert table.playback.celebration is None
    finally:
        app.close()


@pytest.mark.parametrize("speed", ["instant"])
def test_no_confetti_at_the_instant_speed(tmp_path: Path, speed: str) -> None:
    app, table = going_out_now(tmp_path, speed)
    try:
        assert table.play(Discard(KING))
        app.step(FRAME)
        assert table.playback.celebration is None
    finally:
        app.close()
