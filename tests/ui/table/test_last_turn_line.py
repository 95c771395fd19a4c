""" "Your last turn": from the moment another seat goes out until your last turn is played,
the status line and your plate say so; before and after, they do not. At 4 and 8 seats."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.actions import Discard, Draw, DrawSource, Phase
from game.ui.seen.shown import ShownTable
from game.ui.table.table import TableScene
from game.words.seat_words import Seating
from game.words.table_words import status_line
from tests.ui.driver import step_until, table_of
from tests.ui.rigged import goer_of, going_out, open_rigged


def plate_says_last_turn(table: TableScene) -> bool:
    """True if your plate shows "Your last turn" (its words drawn beside your hand)."""
    table.context.text.drawn = []
    try:
        table.draw(table.context.screen)
        drawn = table.context.text.drawn
    finally:
        table.context.text.drawn = None
    words = [text for text in drawn if text.message == "Your last turn"]
    return any(text.rect.right <= table.layout.words_box.right for text in words)


@pytest.mark.parametrize("players", [4, 8], ids=["4-seats", "8-seats"])
def test_your_last_turn_is_said_from_the_going_out_until_it_is_played(
    tmp_path: Path, players: int
) -> None:
    app = open_rigged(tmp_path, going_out(players))
    table = table_of(app)
    goer = goer_of(players)
    name = table.setup.seating.name
    step_until(app, lambda: table.picture().status != "")
    before = table.picture()
    assert before.status == f"{name(goer)} is playing", "before: nobody has gone out"
    assert not plate_says_last_turn(table)

    step_until(app, lambda: table.shown.last_turns and table.shown.current_seat != goer)
    waiting = table.picture()
    assert table.shown.went_out == goer
    assert waiting.status == f"{name(goer + 1)} is playing: your last turn is still to come"
    assert plate_says_last_turn(table), "your plate says it as soon as someone went out"

    step_until(app, lambda: table.your_turn)
    assert table.picture().status == "Your last turn: draw from the stock or the discard pile"
    assert plate_says_last_turn(table)
    assert table.play(Draw(DrawSource.STOCK))
    step_until(app, lambda: table.your_turn and table.drawn)
    assert table.picture().status == "Your last turn: drag a card onto the discard pile"
    assert plate_says_last_turn(table)

    assert table.play(Discard(table.hand[-1]))
    step_until(app, lambda: table.shown.current_seat == 1 and table.shown.phase is not None)
    after = table.picture()
    assert after.status == f"{name(1)} is playing", "after: your last turn is played"
    assert not plate_says_last_turn(table)
    app.close()


def test_the_status_line_words_each_moment_of_a_last_turn() -> None:
    """The words alone (the cheap test of the fast tier): whose turn, and whether yours is
    a last one still to come."""
    seating = Seating()
    open_words = status_line(0, Phase.DISCARD, seating, False, True, last_turn=True)
    assert open_words == "Your last turn: lay down and off what you can, then discard"
    assert status_line(0, Phase.DRAW, seating, True, last_turn=True) == "Your last turn"
    assert status_line(2, Phase.DRAW, seating, False, last_turn=False) == "Top is playing"
    autoplay = status_line(2, Phase.DRAW, Seating(human=False), False, last_turn=True)
    assert autoplay == "Top is playing", "in autoplay nobody's last turn is yours"


def test_the_shown_table_follows_whose_last_turns_are_still_to_come() -> None:
    """Resumed in the last turns, the shown table knows the seats still to play, from the
    engine's count; your discard takes you off."""
    match = going_out(8, played=True)
    shown = ShownTable.of_match(match, True, match.hands[0])
    assert shown.last_turns_due == (0, 1, 2, 3) and shown.your_last_turn
    shown.follow(match.apply(Draw(DrawSource.STOCK))[0])
    events = match.apply(Discard(match.hands[0][-1]))
    for event in events:
        shown.follow(event)
    assert list(shown.last_turns_due) == [1, 2, 3] and not shown.your_last_turn
    assert not ShownTable.of_match(match, False, match.hands[0]).your_last_turn
