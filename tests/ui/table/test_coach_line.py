"""The open table's long coach tip (the round's wild and contract, and what the open table
lets you do) is drawn at the messages' size, on two lines, not shrunk into one."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.rules import RuleSet
from tests.engine.match_tools import rig
from tests.ui.driver import table_of, wait_until
from tests.ui.rigged import open_rigged

OPEN_CONTRACTS = RuleSet(table="open", contracts=True)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)], ids=["1280x800", "800x600"])
def test_the_rounds_coach_tip_keeps_its_size(tmp_path: Path, size: tuple[int, int]) -> None:
    hands = ["7H 8H 9H KC 2S 5D", "AC 2D 3H 4S 6D 9C", "5C 8C JH QD 4D 10S", "QS AD 10C 6S 9D 3S"]
    match = rig(OPEN_CONTRACTS, hands, discard="JD", round_index=3)
    app = open_rigged(tmp_path, match, size)
    try:
        table = table_of(app)
        wait_until(app, lambda: not table.busy and table.picture().coach is not None)
        tip = table.picture().coach
        assert tip is not None and "open table" in tip
        app.text.drawn = []
        app.draw()
        drawn, app.text.drawn = app.text.drawn, None
        labels = table.layout.pile_label_box(True).bottom
        parts = [text for text in drawn if text.message in tip and text.rect.top > labels]
        assert "".join(part.message for part in parts).replace(" ", "") == tip.replace(" ", "")
        assert all(part.fitted == part.size == table.layout.text_size for part in parts), [
            (part.message, part.size, part.fitted) for part in parts
        ]
    finally:
        app.close()
