"""Penalty now at the open table: what the hand would pay if the round ended now (the
engine's end-of-round scoring: every card in hand in full, free jokers for 0), drawn beside
your plate at every step of a turn played in the window."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.actions import Discard, Draw, DrawSource, LayOffCard
from game.engine.cards import parse_cards
from game.engine.match import Match
from game.engine.round_log import open_table_scores, penalty_if_ended
from game.engine.rules import RuleSet
from game.ui.app import App
from game.ui.table.table import TableScene
from tests.engine.match_tools import rig
from tests.ui.driver import FRAME, click, step_until, table_of
from tests.ui.rigged import open_rigged
from tests.ui.table.test_open_table import pick, settle


def penalty_drawn(app: App) -> int:
    """The figure of the "Penalty now" line the window draws."""
    app.text.drawn = []
    app.draw()
    lines = {drawn.shown for drawn in app.text.drawn if drawn.shown.startswith("Penalty now: ")}
    app.text.drawn = None
    assert len(lines) == 1, lines
    return int(lines.pop().removeprefix("Penalty now: "))


def scored_in_full(match: Match) -> int:
    """Your hand as the open table scores it at the round's end, the next seat gone out."""
    scored, _ = open_table_scores(match.log, match.hands, 1, match.wild_rank, match.rules)
    return scored[0].penalty * match.multiplier


def check(app: App, table: TableScene, expected: int) -> None:
    settle(app, table)
    assert penalty_drawn(app) == expected == penalty_if_ended(table.match.view_for(0))


def test_a_turn_at_the_open_table_step_by_step(tmp_path: Path) -> None:
    rules = RuleSet(players=2, table="open")  # round 4: six cards, sixes wild
    match = rig(rules, ["7H 8H 9H KC KD 2S", "2C 5D QS JD 3C 4D"], stock_top="10H", round_index=3)
    app = open_rigged(tmp_path, match)
    try:
        table = table_of(app)
        step_until(app, lambda: table.your_turn)
        check(app, table, 46)  # the closed table's best arrangement said 22
        assert scored_in_full(table.match) == 46
        assert table.play(Draw(DrawSource.STOCK))
        check(app, table, 46)  # a King to throw: 7 8 9 10 K 2 in full
        pick(app, table, "7H 8H 9H")
        click(table.picture().buttons[0].rect.center)
        app.step(FRAME)
        check(app, table, 22)  # 10♥ K♣ K♦ 2♠, a King to throw
        assert [placed.owner for placed in table.match.table] == [0]
        (ten,) = parse_cards("10H")
        assert table.play(LayOffCard(ten, 0, 10))
        check(app, table, 12)  # K♣ K♦ 2♠, a King to throw
        assert table.play(Discard(parse_cards("KC")[0]))
        check(app, table, 12)
        assert scored_in_full(table.match) == 12
    finally:
        app.close()


@pytest.mark.parametrize(("contracts", "after_draw"), [(False, 0), (True, 39)])
def test_complete_melds_the_contract_refuses_count_in_full(
    tmp_path: Path, contracts: bool, after_draw: int
) -> None:
    """Four Kings in round 2 (one run to lay down first, with contracts): in hand, they count;
    once the 9♦ is drawn, throwing it goes out without a contract, not with one."""
    rules = RuleSet(players=4, table="open", contracts=contracts)
    hands = ["KC KD KH KS", "2C 5D QS JD", "3C 7D 8S JH", "2H 5H QD JC"]
    app = open_rigged(tmp_path, rig(rules, hands, stock_top="9D", round_index=1))
    try:
        table = table_of(app)
        step_until(app, lambda: table.your_turn)
        check(app, table, 40)
        assert table.play(Draw(DrawSource.STOCK))
        check(app, table, after_draw)
    finally:
        app.close()


@pytest.mark.parametrize(("free_jokers", "expected"), [(False, 45), (True, 25)])
def test_a_joker_in_hand_is_free_with_free_jokers(
    tmp_path: Path, free_jokers: bool, expected: int
) -> None:
    rules = RuleSet(players=2, table="open", jokers=2, free_jokers=free_jokers)
    match = rig(rules, ["JK 7S 8D KC", "2C 5D QS JD"], stock_top="9D", round_index=1)
    app = open_rigged(tmp_path, match)
    try:
        table = table_of(app)
        step_until(app, lambda: table.your_turn)
        check(app, table, expected)
    finally:
        app.close()
