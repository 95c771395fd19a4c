"""Playing the hint's discard at once (Enter, or a click on the hint's line), the card the coach
names (Enter, its tip up), and a double-click on a card within the system's double-click time."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from game.engine.actions import Draw, DrawSource
from game.engine.cards import Card
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.ui.app import App
from game.ui.seen.table_painter import notice_box
from game.ui.table.pointer import DOUBLE_CLICK_SECONDS
from game.ui.table.table import TableScene
from tests.engine.match_tools import rig
from tests.ui.driver import FRAME, click, key, step_until, table_of, wait_until
from tests.ui.rigged import at_rest, open_rigged

NINE_OF_SPADES = Card.parse("9S")


def drawn_match() -> Match:
    """Round 1, you hold 9♠ 6♥ 4♠ and took the 3♥: the hint discards the 9♠."""
    match = rig(RuleSet(), ["9S 6H 4S", "2C 7D KD", "5C 8C JH", "QS AD 10C"], discard="3H")
    match.apply(Draw(DrawSource.DISCARD))
    return match


def hinted(app: App) -> TableScene:
    """The table once H has shown the hint's line."""
    table = at_rest(app)
    key(pygame.K_h)
    wait_until(app, lambda: table.hints.hint_playable())
    return table


def test_enter_discards_the_hints_card(tmp_path: Path) -> None:
    app = open_rigged(tmp_path, drawn_match())
    try:
        table = hinted(app)
        assert table.selected is None
        key(pygame.K_RETURN)
        app.step(FRAME)
        assert NINE_OF_SPADES not in table.match.hands[0] and len(table.match.hands[0]) == 3
        assert table.match.discard_pile[-1] == NINE_OF_SPADES
    finally:
        app.close()


def test_enter_discards_the_card_the_coach_names_without_asking_the_hint(tmp_path: Path) -> None:
    """The coach's tip and the hint are one decision: with the tip up, Enter plays its card."""
    app = open_rigged(tmp_path, drawn_match())
    try:
        table = at_rest(app)
        wait_until(app, lambda: table.picture().coach is not None)
        tip = table.hints.coach()
        assert tip is not None and tip.discard == NINE_OF_SPADES and "9♠" in tip.text
        assert table.hints.hint is None and table.selected is None and table.notice is None
        key(pygame.K_RETURN)
        app.step(FRAME)
        assert table.match.discard_pile[-1] == NINE_OF_SPADES
        assert NINE_OF_SPADES not in table.match.hands[0] and len(table.match.hands[0]) == 3
    finally:
        app.close()


def test_enter_without_a_hint_nor_the_coach_discards_nothing(tmp_path: Path) -> None:
    app = open_rigged(tmp_path, drawn_match())
    try:
        app.memory.save_settings(dataclasses.replace(app.memory.settings, coach=False))
        table = at_rest(app)
        for _frame in range(30):
            app.step(FRAME)
        assert table.hints.coach() is None and table.hints.hint is None
        key(pygame.K_RETURN)
        app.step(FRAME)
        assert len(table.match.hands[0]) == 4 and not table.match.discard_pile
    finally:
        app.close()


def test_a_click_on_the_hint_line_discards_its_card(tmp_path: Path) -> None:
    app = open_rigged(tmp_path, drawn_match())
    try:
        table = hinted(app)
        assert table.picture().notice_playable
        notice = table.notice
        assert notice is not None and "9♠" in notice.text
        click(notice_box(table.layout, app.text, notice.text).center)
        app.step(FRAME)
        assert table.match.discard_pile[-1] == NINE_OF_SPADES
    finally:
        app.close()


@pytest.mark.parametrize(
    ("apart", "discards"),
    [(0.07, True), (0.4, True), (0.6, False)],
    ids=["70ms", "400ms", "600ms"],
)
def test_a_double_click_within_the_systems_time_discards(
    tmp_path: Path, apart: float, discards: bool
) -> None:
    assert DOUBLE_CLICK_SECONDS == 0.5
    app = open_rigged(tmp_path, drawn_match())
    try:
        table = at_rest(app)
        card = Card.parse("6H")
        pose = table.playback.stage.sprites[card].pose
        point = (pose.center[0], pose.center[1] - pose.height * 0.3)  # on it, raised or not
        click(point)
        app.step(FRAME)
        assert table.selected == table.hand.index(card), "one click selects"
        waited = FRAME
        while waited < apart - 1e-9:  # the table's clock runs on the frames' time
            step = min(FRAME, apart - waited)
            app.step(step)
            waited += step
        click(point)
        app.step(0.0)
        assert (card not in table.match.hands[0]) is discards
        if not discards:
            assert table.selected == table.hand.index(card), "clicks too far apart only select"
    finally:
        app.close()


def test_a_click_on_a_draw_hints_line_draws(tmp_path: Path) -> None:
    """Before you draw, the hint's line names the pile; a click on it draws from there."""
    match = rig(RuleSet(), ["9S 6H 4S", "2C 7D KD", "5C 8C JH", "QS AD 10C"], discard="KH")
    app = open_rigged(tmp_path, match)
    try:
        table = table_of(app)
        step_until(app, lambda: table.your_turn and not table.busy)
        key(pygame.K_h)
        wait_until(app, lambda: table.hints.hint_playable())
        hint = table.hints.hint
        assert hint is not None and isinstance(hint.action, Draw)
        assert table.picture().notice_playable
        notice = table.notice
        assert notice is not None
        click(notice_box(table.layout, app.text, notice.text).center)
        app.step(FRAME)
        assert table.drawn and table.match.actions[-1] == hint.action
    finally:
        app.close()
