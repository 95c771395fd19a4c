"""Undo you can reach: with undo on, the next seat waits a moment after your discard (the time
left a bar on the Undo button, skipped by Space), and U says what it took back."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.app import App
from game.ui.kit.widgets import GOLD
from game.ui.table.undo import UNDO_GRACE_SECONDS
from game.words.card_words import card_short
from tests.ui.driver import FRAME, key, table_of, wait_until
from tests.ui.table.test_undo import discard_one, window


def frames(app: App, seconds: float) -> None:
    for _frame in range(round(seconds / FRAME)):
        app.step(FRAME)


def test_the_next_seat_waits_and_u_takes_the_discard_back(tmp_path: Path) -> None:
    app = window(tmp_path, undo=True)
    try:
        table, before, hand = discard_one(app)
        thrown = table.match.discard_pile[-1]
        count = len(table.match.actions)
        frames(app, UNDO_GRACE_SECONDS * 0.6)
        assert len(table.match.actions) == count, "the next seat waits"
        button = table._undo_button
        assert button.progress is not None and 0 < button.progress() < 1
        app.draw()
        foot = [
            tuple(app.screen.get_at((x, button.rect.bottom - 4)))[:3]
            for x in range(button.rect.left, button.rect.right)
        ]
        assert foot.count(GOLD) > button.rect.width // 4, "the time left, a bar on the button"
        key(pygame.K_u)
        app.step(FRAME)
        again = table_of(app)
        assert again is not table and again.match.to_json() == before and again.hand == hand
        assert again.notice is not None
        assert again.notice.text == f"Undone: your discard of the {card_short(thrown)}"
    finally:
        app.close()


def test_the_next_seat_plays_once_the_moment_is_over(tmp_path: Path) -> None:
    app = window(tmp_path, undo=True)
    try:
        table, _before, _hand = discard_one(app)
        count = len(table.match.actions)
        wait_until(app, lambda: len(table.match.actions) > count, 60)
        assert table.undo.grace == 0 and not table._undo_button.enabled()
    finally:
        app.close()


def test_space_skips_the_wait(tmp_path: Path) -> None:
    app = window(tmp_path, undo=True)
    try:
        table, _before, _hand = discard_one(app)
        assert table.undo.grace > 0
        key(pygame.K_SPACE)
        app.step(FRAME)
        assert table.undo.grace == 0
    finally:
        app.close()


def test_without_undo_nothing_waits(tmp_path: Path) -> None:
    app = window(tmp_path, undo=False)
    try:
        table, _before, _hand = discard_one(app)
        assert table.undo.grace == 0
    finally:
        app.close()
