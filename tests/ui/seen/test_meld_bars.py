"""The bar under the cards of a meld in your hand is thick enough to see and rimmed in dark,
so that it does not blend into the hand's glow."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.actions import Draw, DrawSource
from game.engine.cards import Card
from game.engine.rules import RuleSet
from game.ui.kit.widgets import PANEL
from game.ui.seen.hand_marks import MELD_COLOURS
from game.ui.seen.stage import rect_of
from tests.engine.match_tools import rig
from tests.ui.rigged import at_rest, open_rigged


@pytest.mark.parametrize("size", [(1280, 800), (2560, 1440)], ids=["1280x800", "2560x1440"])
def test_a_melds_bar_is_thick_and_rimmed(tmp_path: Path, size: tuple[int, int]) -> None:
    match = rig(
        RuleSet(),
        ["7H 8H 9H KC", "2C 5D QS JD", "3C 6D 8S 10D", "4C 7D JS QD"],
        stock_top="QC",
        round_index=1,
    )
    match.apply(Draw(DrawSource.STOCK))
    app = open_rigged(tmp_path, match, size)
    try:
        table = at_rest(app)
        app.draw()
        rect = rect_of(table.playback.stage.sprites[Card.parse("9H")])
        column = [
            tuple(app.screen.get_at((rect.centerx, y)))[:3]
            for y in range(rect.bottom - rect.height // 8, rect.bottom + rect.height // 8)
        ]
        bar = [y for y, colour in enumerate(column) if colour in MELD_COLOURS]
        assert len(bar) >= table.layout.hand_height // 16, repr(column)
        assert PANEL in column[: bar[0]], "a dark rim above the bar"
    finally:
        app.close()
