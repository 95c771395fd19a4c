"""The hint of a lay move at the open table, shown in the real window: its line says what to
lay down or off and onto whose meld (the table marks no card for it: the words do)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.planner import HardPolicy
from game.engine.actions import Action, Draw, DrawSource, LayDown
from game.engine.open_table import readings
from game.engine.rules import RuleSet
from tests.engine.match_tools import rig
from tests.ui.driver import key, wait_until
from tests.ui.rigged import at_rest, open_rigged


def test_the_hints_line_words_a_lay_down(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    match = rig(
        RuleSet(table="open"),
        ["7H 8H 9H KC 2S", "AC 2D 3H 4S 6D", "5C 8C JH QD 4D", "QS AD 10C 6S 9C"],
        discard="JD",
        stock_top="10H",
        round_index=2,
    )
    match.apply(Draw(DrawSource.STOCK))
    run = [card for card in match.hands[0] if card.pretty() in ("7♥", "8♥", "9♥")]
    down = LayDown((readings(run, match.wild_rank, match.rules)[0],))
    assert match.is_legal(down)
    chosen: Action = down
    monkeypatch.setattr(HardPolicy, "choose", lambda _self, _view: chosen)
    app = open_rigged(tmp_path, match)
    try:
        table = at_rest(app)
        key(pygame.K_h)
        expected = "Hint: Lay down 7♥ 8♥ 9♥: 24 points in your hand, 0 on the table"
        wait_until(app, lambda: table.notice is not None and table.notice.text == expected)
        assert table.hints.hint is not None and table.hints.hint.action == down
        assert not table.hints.hint_playable(), "a click plays a hinted draw or discard only"
    finally:
        app.close()
