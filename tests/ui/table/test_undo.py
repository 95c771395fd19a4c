"""Undo of your last discard: the exact match before it, refused once an AI seat has acted,
and only with the setting on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine.actions import Discard, Draw, DrawSource
from game.engine.cards import Card
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.settings import Settings
from game.ui.app import App
from game.ui.table.table import TableScene
from tests.ui.driver import FRAME, key, make_app, step_until, table_of, wait_until
from tests.ui.every_screen import late_saved_match


def window(tmp_path: Path, undo: bool) -> App:
    memory = Memory(Profile(tmp_path))
    memory.save_settings(Settings(undo=undo))
    memory.save_match(late_saved_match())
    memory.profile.flush()  # written before the window looks for it
    return make_app(profile=str(tmp_path), resume=True, mute=True, ai_process=False)


def discard_one(app: App) -> tuple[TableScene, dict[str, Any], list[Card]]:
    """Draw from the stock and discard the first card; the match and hand before the discard."""
    table = table_of(app)
    # the AI seats before you think on a thread: waited for at a pace that lets it run
    wait_until(app, lambda: table.your_turn and not table.busy, 60)
    assert table.play(Draw(DrawSource.STOCK))
    step_until(app, lambda: not table.busy)
    before, hand = table.match.to_json(), list(table.hand)
    assert table.play(Discard(table.hand[0]))
    return table, before, hand


@pytest.mark.slow
def test_undo_restores_the_match_exactly_before_anyone_plays(tmp_path: Path) -> None:
    app = window(tmp_path, undo=True)
    try:
        table, before, hand = discard_one(app)
        assert table._undo_button in table.buttons and table._undo_button.enabled()
        key(pygame.K_u)
        app.step(FRAME)
        again = table_of(app)
        assert again is not table
        assert again.match.to_json() == before and again.hand == hand
        app.memory.profile.flush()  # the save is written on its own thread
        saved = Memory(Profile(tmp_path)).saved_match()
        assert saved is not None and saved.match.to_json() == before
    finally:
        app.close()


@pytest.mark.slow
def test_undo_is_refused_once_an_ai_seat_has_acted(tmp_path: Path) -> None:
    app = window(tmp_path, undo=True)
    try:
        table, _before, _hand = discard_one(app)
        count = len(table.match.actions)
        wait_until(app, lambda: len(table.match.actions) > count, 60)  # the AI seat acts
        assert not table._undo_button.enabled()
        now = table.match.to_json()
        key(pygame.K_u)
        app.step(FRAME)
        assert table_of(app) is table and table.match.to_json() == now
        assert table.notice is not None and table.notice.text.startswith("Nothing to undo")
    finally:
        app.close()


def test_without_the_setting_there_is_no_undo(tmp_path: Path) -> None:
    app = window(tmp_path, undo=False)
    try:
        table, _before, _hand = discard_one(app)
        assert table._undo_button not in table.buttons
        key(pygame.K_u)
        app.step(FRAME)
        assert table_of(app) is table
    finally:
        app.close()
