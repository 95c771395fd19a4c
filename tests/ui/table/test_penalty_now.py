"""Penalty now, once you have drawn: what your hand scores after its best discard (the
engine's solver), not the whole hand with the card you are about to throw."""

from __future__ import annotations

from pathlib import Path

from game.engine.actions import Discard, Draw, DrawSource
from game.engine.rules import RuleSet
from game.engine.solver import min_penalty, min_penalty_after_discard
from tests.engine.match_tools import rig
from tests.ui.driver import step_until, table_of
from tests.ui.rigged import open_rigged


def test_penalty_now_counts_the_hand_after_its_best_discard(tmp_path: Path) -> None:
    hands = ["2H 3H 4H 8C 8D", "2C 7D KD QC JS", "5C 9C JH 6S 7S", "QS AD 10C 6D 9D"]
    match = rig(RuleSet(), hands, discard="KS", stock_top="8S", round_index=2)
    match.apply(Draw(DrawSource.STOCK))
    hand, wild, rules = match.hands[0], match.wild_rank, match.rules
    assert min_penalty(hand, wild, rules) == 0, "all six meld: the old count said 0"
    after = min_penalty_after_discard(hand, wild, rules)
    assert after == 5, "throwing the 4♥ leaves 2♥ 3♥"
    app = open_rigged(tmp_path, match)
    try:
        table = table_of(app)
        step_until(app, lambda: table.your_turn and table.drawn)
        assert table.picture().penalty == after
        app.text.drawn = []
        app.draw()
        assert "Penalty now: 5" in [drawn.shown for drawn in app.text.drawn]
        app.text.drawn = None
        assert table.play(Discard(hand[2]))
        step_until(app, lambda: table.match.current_seat != 0)
        assert table.picture().penalty == table.arrangement.penalty == 5, "once thrown: the hand"
    finally:
        app.close()
