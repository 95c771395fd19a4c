"""docs/RULES.md options added to the rule set: a tie that nobody wins, the doubled
Jack, Queen and King rounds, and laying off onto a meld made only of wilds (played
out here; the readings of such a meld are tested in ``test_layoff``)."""

from __future__ import annotations

import pytest

from game.engine.actions import Discard
from game.engine.cards import Rank
from game.engine.events import MatchOver, RoundScored, WentOut
from game.engine.rules import SCHEDULES, RuleSet
from tests.engine.match_tools import STOCK, card, rig
from tests.engine.test_match_scenarios import finish_last_round

# -- tie: "nobody" -------------------------------------------------------------


def last_round_ending_level(rules: RuleSet, earlier: list[list[int]]) -> MatchOver:
    """Three seats play the short schedule's last round, each scoring 0 in it."""
    over = finish_last_round(rules, earlier)[-1]
    assert isinstance(over, MatchOver)
    return over


@pytest.mark.parametrize(
    ("earlier", "winners"),
    [
        pytest.param([[5, 0, 40]] * 6 + [[5, 35, 40]], (), id="tied-zero-rounds-do-not-count"),
        pytest.param([[5, 5, 5]] * 7, (), id="all-three-tied"),
        pytest.param([[5, 6, 7]] * 7, (0,), id="no-tie-one-winner"),
    ],
)
def test_a_tie_gives_the_match_to_nobody(earlier: list[list[int]], winners: tuple[int]) -> None:
    nobody = RuleSet(players=3, schedule="short", tie="nobody")
    assert last_round_ending_level(nobody, earlier).winners == winners


# -- double penalties: "jqk" ---------------------------------------------------

JQK_ROUNDS = {
    "3-13": [8, 9, 10],
    "6-14": [5, 6, 7],
    "short": [],
    "3-15": [8, 9, 10],
    "up_down": [8, 9, 10, 11, 12, 13],
}
"""0-based rounds dealing 11, 12 or 13 cards (Jacks, Queens, Kings wild), per schedule."""


@pytest.mark.parametrize("schedule", list(SCHEDULES))
def test_the_jack_queen_and_king_rounds_count_double(schedule: str) -> None:
    rules = RuleSet(schedule=schedule, double_penalties="jqk")
    doubled = [index for index in range(rules.rounds) if rules.multiplier(index) == 2]
    assert doubled == JQK_ROUNDS[schedule]
    assert all(rules.multiplier(index) in (1, 2) for index in range(rules.rounds))
    if schedule == "3-13":
        last_three = RuleSet(double_penalties="last_three")
        assert doubled == [i for i in range(11) if last_three.multiplier(i) == 2]


def test_a_doubled_queen_round_is_scored_double() -> None:
    rules = RuleSet(players=2, double_penalties="jqk")
    match = rig(
        rules,
        ["AC AD AH 2C 2D 2H 5S 6S 7S 9C 9D 9H", "6D KS JC JD JH 3C 3D 3H 4S 5S 6S 8C"],
        stock_top="KD QS",
        round_index=9,
    )
    assert match.wild_rank is Rank.QUEEN and match.multiplier == 2
    match.apply(STOCK)
    match.apply(Discard(card("KD")))
    match.apply(STOCK)
    events = match.apply(Discard(card("QS")))
    (scored,) = [event for event in events if isinstance(event, RoundScored)]
    assert scored.multiplier == 2 and scored.penalties == (0, 2 * (6 + 10 + 8))


# -- laying off onto a meld made only of wilds -----------------------------------

FOURS = Rank.FOUR
LAY_OFF = RuleSet(players=2, lay_off=True)


@pytest.mark.parametrize(("hand", "penalty"), [("7H 7S KC 2D", 12), ("7H QH KC 2D", 12)])
def test_a_match_scores_lay_offs_onto_an_all_wild_meld(hand: str, penalty: int) -> None:
    """Round 2 (Fours wild): seat 0 goes out with four wild 4s; seat 1 lays off two cards
    onto them, as a set of 7s or as the run 8♥-J♥."""
    match = rig(LAY_OFF, ["4C 4D 4H 4S", hand], stock_top="KD QC", round_index=1)
    match.apply(STOCK)
    went_out = [e for e in match.apply(Discard(card("KD"))) if isinstance(e, WentOut)]
    assert went_out and all(
        c.is_wild(FOURS) for m in went_out[0].arrangement.melds for c in m.cards
    )
    match.apply(STOCK)
    (scored,) = [e for e in match.apply(Discard(card("QC"))) if isinstance(e, RoundScored)]
    assert scored.penalties == (0, penalty)
