"""When an opponent goes out, their hand is shown large for a moment (about 1.8 s at the
normal pace, none at the instant one) before the last turns."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from game.engine.actions import Discard, Draw, DrawSource
from game.engine.events import WentOut
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.profile.settings import SPEEDS
from game.ui.seen.shown import ShownTable
from game.ui.seen.table_painter import goer_places
from tests.engine.match_tools import rig
from tests.ui.driver import FRAME, step_until, table_of
from tests.ui.rigged import open_rigged
from tests.ui.seen.test_meld_reading import cards_drawn
from tests.ui.table.test_contract_table import look
from tests.ui.table.test_playback import make_playback

HANDS = (
    "2H 5D 9H QC KD JS 3C",
    "4H 5H 6H 9C 9D 9S KD",
    "2C 5C 9D QH KS JD 3D",
    "2S 5S 10D QS KH JH 3S",
)
"""Round 5 (sevens wild): Left holds two melds and the K♦, draws a wild and goes out."""


def left_to_go_out() -> Match:
    return rig(RuleSet(), HANDS, discard="8C", stock_top="7C", round_index=4, current_seat=1)


def shown_for(pace: float) -> float:
    """Seconds Left's hand stays shown large after its going out, at ``pace``."""
    playback = make_playback(pace, [])
    match = left_to_go_out()
    playback.resume(ShownTable.of_match(match, True, match.hands[0]))
    match.apply(Draw(DrawSource.STOCK))
    king = next(card for card in match.hands[1] if str(card) == "KD")
    events = match.apply(Discard(king))
    assert any(isinstance(event, WentOut) for event in events)
    playback.extend(events)
    seconds = 0.0
    while playback.queue and playback.goer is None:
        playback.show_next()
        if playback.goer is None:
            playback.update(FRAME)
    while playback.goer is not None:
        playback.update(FRAME)
        seconds += FRAME
    return seconds


@pytest.mark.parametrize("speed", ["slow", "normal", "fast", "instant"])
def test_the_goers_hand_stays_shown_a_moment_at_each_pace(speed: str) -> None:
    seconds = shown_for(SPEEDS[speed])
    if speed == "instant":
        assert seconds == 0
    else:
        assert seconds == pytest.approx(SPEEDS[speed] * 4, abs=0.05)
    if speed == "normal":
        assert 1.5 <= seconds <= 2.0


def test_at_the_table_the_goers_hand_is_drawn_at_your_hands_size() -> None:
    app = open_rigged(Path(tempfile.mkdtemp()), left_to_go_out(), (1280, 800))
    try:
        table = table_of(app)
        step_until(app, lambda: table.playback.goer == 1, frames=3000)
        hand = table.shown.hands[1]
        with cards_drawn(app) as drawn:
            look(app, "goer-shown-large")
        height = table.layout.hand_height
        large = {card for card, rect in drawn if rect.height == height}
        assert set(hand) <= large, "each of Left's cards drawn at your hand's size"
        plate, places = goer_places(table.layout, len(hand))
        assert table.layout.table_rect.contains(plate)
        assert all(plate.contains(rect) for rect in places)
        step_until(app, lambda: table.playback.goer is None, frames=600)
    finally:
        app.close()
