"""A card in flight passes under the seats' name plates: a plate it crosses is painted again
over it, on a dark backing, so the name stays readable."""

from __future__ import annotations

from pathlib import Path

from game.engine.actions import Discard, Draw, DrawSource
from game.engine.cards import Card
from game.engine.rules import RuleSet
from game.profile.folder import Profile
from game.profile.memory import Memory
from game.profile.settings import Settings
from game.ui.kit.widgets import PANEL
from game.ui.seen.resting_layer import PLATE
from game.ui.seen.stage import rect_of
from game.ui.seen.table_painter import in_flight
from tests.engine.match_tools import rig
from tests.ui.driver import FRAME
from tests.ui.rigged import at_rest, open_rigged


def test_a_plate_a_card_crosses_stays_readable(tmp_path: Path) -> None:
    Memory(Profile(tmp_path)).save_settings(Settings(speed="slow"))
    match = rig(
        RuleSet(), ["7H 8H 2C", "2D 5D QS", "3C 6D 8S", "4C 7D JS"], stock_top="KD QD QC JC"
    )
    match.apply(Draw(DrawSource.STOCK))
    app = open_rigged(tmp_path, match)
    try:
        table = at_rest(app)
        assert table.play(Discard(Card.parse("KD")))
        crossed = []
        for _frame in range(600):
            app.step(FRAME)
            flying = [rect_of(sprite) for sprite in in_flight(table.picture())]
            crossed = [
                line
                for name, (_key, part) in table.resting._parts.items()
                if isinstance(name, tuple) and name[0] == PLATE
                for line in part.covers
                if line.collidelist(flying) != -1
            ]
            if crossed:
                break
        assert crossed, "a card flew across a plate"
        app.draw()
        line = crossed[0]
        colours = {
            tuple(app.screen.get_at((x, y)))[:3]
            for x in range(line.left, line.right)
            for y in range(line.top, line.bottom)
        }
        assert PANEL in colours, "the plate's line is painted over the card, on its backing"
    finally:
        app.close()
