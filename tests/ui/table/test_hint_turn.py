"""A hint answers the decision it was asked for: its line goes when your turn moves on, and
an answer that comes after you have played is dropped."""

from __future__ import annotations

import threading
from pathlib import Path

import pygame
import pytest

import game.seats.host
from game.ai.hint import Suggestion, suggest
from game.engine.actions import Draw, DrawSource
from game.engine.cards import Card
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.view import PlayerView
from game.ui.app import App
from game.ui.table.table import TableScene
from tests.engine.match_tools import rig
from tests.ui.driver import FRAME, click, key, wait_until
from tests.ui.rigged import at_rest, open_rigged


def drawn_match() -> Match:
    """Round 1, you hold 9♠ 6♥ 4♠ and took the 3♥: the hint discards the 9♠."""
    match = rig(RuleSet(), ["9S 6H 4S", "2C 7D KD", "5C 8C JH", "QS AD 10C"], discard="3H")
    match.apply(Draw(DrawSource.DISCARD))
    return match


def hint_lines_until_your_turn(app: App, table: TableScene) -> list[str]:
    """Every line over your hand from now until your next turn, at rest."""
    seen: list[str] = []

    def watch() -> bool:
        if table.notice is not None:
            seen.append(table.notice.text)
        return table.your_turn and not table.busy and not table.drawn

    wait_until(app, watch)
    for _ in range(30):  # a moment into your new turn
        app.step(FRAME)
        watch()
    return seen


def test_the_hints_line_goes_when_you_play(tmp_path: Path) -> None:
    app = open_rigged(tmp_path, drawn_match())
    try:
        table = at_rest(app)
        key(pygame.K_h)
        wait_until(app, lambda: table.hints.hint_playable())
        card = Card.parse("6H")  # not the hint's card
        pose = table.playback.stage.sprites[card].pose
        point = (pose.center[0], pose.center[1] - pose.height * 0.3)
        click(point)
        app.step(FRAME)
        click(point)  # a double-click discards it
        app.step(FRAME)
        assert card not in table.match.hands[0]
        assert table.notice is None or not table.notice.text.startswith("Hint")
        assert table.hints.hint is None
        lines = hint_lines_until_your_turn(app, table)
        assert not [line for line in lines if line.startswith("Hint")], lines
    finally:
        app.close()


def test_a_hint_that_comes_after_you_played_is_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """H, then a discard before the worker answers: the answer never shows."""
    release = threading.Event()

    def slow_suggest(view: PlayerView) -> Suggestion | str:
        release.wait(10)
        return suggest(view)

    monkeypatch.setattr(game.seats.host, "suggest", slow_suggest)
    app = open_rigged(tmp_path, drawn_match())
    try:
        table = at_rest(app)
        key(pygame.K_h)
        app.step(FRAME)
        assert table.notice is not None and table.hints.hint is None  # thinking
        card = Card.parse("6H")
        pose = table.playback.stage.sprites[card].pose
        point = (pose.center[0], pose.center[1] - pose.height * 0.3)
        click(point)
        app.step(FRAME)
        click(point)
        app.step(FRAME)
        assert card not in table.match.hands[0]
        release.set()
        lines = hint_lines_until_your_turn(app, table)
        assert not [line for line in lines if line.startswith("Hint")], lines
        assert table.hints.hint is None
    finally:
        release.set()
        app.close()
