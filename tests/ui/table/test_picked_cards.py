"""Selection you can see: a card put back drops back into line, a picked card and the
focused card look different, and Enter plays the card the keys' line names."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.actions import Draw, DrawSource
from game.engine.cards import Card, parse_cards
from game.engine.rules import RuleSet
from game.ui.app import App
from game.ui.seen.stage import rect_of
from game.ui.seen.table_marks import FOCUS, SELECTED
from game.ui.table.pointer import DOUBLE_CLICK_SECONDS
from game.ui.table.table import TableScene
from tests.engine.match_tools import rig
from tests.ui.driver import FRAME, click, key, step_until
from tests.ui.key_help import drawn_help_line
from tests.ui.rigged import at_rest, open_rigged

OPEN = RuleSet(players=2, table="open")
KING = Card.parse("KC")


def yours_to_lay(folder: Path) -> App:
    """Round 2 at the open table: you hold 7♥ 8♥ 9♥ K♣ and have drawn the Q♦."""
    match = rig(OPEN, ["7H 8H 9H KC", "2C 5D QS JD"], stock_top="QD", round_index=1)
    match.apply(Draw(DrawSource.STOCK))
    return open_rigged(folder, match)


def click_card(app: App, table: TableScene, card: Card) -> None:
    """One click on ``card``, then time enough that the next is no double-click."""
    click(table.playback.stage.sprites[card].pose.center)
    app.step(FRAME)
    for _frame in range(round(2 * DOUBLE_CLICK_SECONDS / FRAME)):  # the cards settle too
        app.step(FRAME)


def edge_colour(app: App, table: TableScene, card: Card) -> tuple[int, int, int]:
    """The colour drawn one pixel inside the top edge of ``card`` in your hand, mid-way."""
    app.draw()
    rect = rect_of(table.playback.stage.sprites[card])
    colour = app.screen.get_at((rect.centerx, rect.top + 1))
    return (colour.r, colour.g, colour.b)


def test_a_card_put_back_drops_into_line_and_enter_leaves_it(tmp_path: Path) -> None:
    app = yours_to_lay(tmp_path)
    try:
        table = at_rest(app)
        seven = Card.parse("7H")
        line_y = table.playback.stage.sprites[seven].pose.center[1]
        click_card(app, table, seven)
        assert table.laying_desk.picked == [seven]
        assert table.playback.stage.sprites[seven].pose.center[1] < line_y, "picked: raised"
        click_card(app, table, seven)
        assert table.laying_desk.picked == [] and table.selected is None
        assert abs(table.playback.stage.sprites[seven].pose.center[1] - line_y) < 1, "in line"
        assert table.enter_card() != seven
        key(pygame.K_RETURN)
        app.step(FRAME)
        assert seven in table.match.hands[0], "Enter does not discard a card put back"
    finally:
        app.close()


def test_a_picked_card_and_the_focused_card_look_different(tmp_path: Path) -> None:
    app = yours_to_lay(tmp_path)
    try:
        table = at_rest(app)
        seven = parse_cards("7H")[0]
        click_card(app, table, seven)
        key(pygame.K_LEFT)  # the focus goes to the last card of the hand
        for _frame in range(60):
            app.step(FRAME)
        assert table.selected is not None
        focused = table.hand[table.selected]
        assert focused != seven and table.laying_desk.picked == [seven]
        assert edge_colour(app, table, seven) == SELECTED
        assert edge_colour(app, table, focused) == FOCUS
    finally:
        app.close()


def test_the_keys_line_names_the_card_enter_plays(tmp_path: Path) -> None:
    app = yours_to_lay(tmp_path)
    try:
        table = at_rest(app)
        click_card(app, table, KING)
        line = drawn_help_line(app)
        assert "Enter discard K♣" in line, line
        key(pygame.K_RETURN)
        app.step(FRAME)
        assert KING not in table.match.hands[0] and table.match.discard_pile[-1] == KING
    finally:
        app.close()


def test_enter_follows_the_hint_when_nothing_is_picked_or_focused(tmp_path: Path) -> None:
    match = rig(RuleSet(), ["9S 6H 4S", "2C 7D KD", "5C 8C JH", "QS AD 10C"], discard="3H")
    match.apply(Draw(DrawSource.DISCARD))
    app = open_rigged(tmp_path, match)
    try:
        table = at_rest(app)
        key(pygame.K_h)
        step_until(app, lambda: table.hints.hint_playable(), frames=3000)
        nine = Card.parse("9S")
        assert table.enter_card() == nine
        assert "Enter discard 9♠" in drawn_help_line(app)
        key(pygame.K_RIGHT)  # a card focused: Enter plays it, and the line says so
        app.step(FRAME)
        assert table.selected is not None
        focused = table.hand[table.selected]
        assert table.enter_card() == focused
    finally:
        app.close()
