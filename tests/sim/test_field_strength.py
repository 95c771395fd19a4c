"""The field-strength benchmark's figures: the ratio of totals and its bootstrap interval."""

from __future__ import annotations

import random

import pytest

from benchmarks.field_strength import FAMILIES, by_deal, ratio_interval, seating
from game.engine.rules import RuleSet
from game.sim import tournament


def test_the_ratio_is_of_summed_totals_and_its_interval_holds_it() -> None:
    deals = [[(40.0, 50.0), (60.0, 50.0)], [(30.0, 60.0)], [(50.0, 40.0), (20.0, 50.0)]]
    ratio = ratio_interval(deals, random.Random(1), resamples=500)
    assert ratio.value == pytest.approx(200 / 250)
    assert ratio.low <= ratio.value <= ratio.high
    assert ratio.low >= 30 / 60 and ratio.high <= 110 / 100, "within the deals' own ratios"
    assert ratio == ratio_interval(deals, random.Random(1), resamples=500), "seeded"


def test_identical_deals_leave_no_doubt() -> None:
    ratio = ratio_interval([[(45.0, 50.0)]] * 6, random.Random(0), resamples=100)
    assert ratio.low == ratio.value == ratio.high == pytest.approx(0.9)


def test_the_field_cycles_through_the_seats_and_every_family_is_a_rule_set() -> None:
    seats = seating("hard", ["depth-one", "greedy"], 4)
    assert seats == ["hard", "depth-one", "greedy", "depth-one"]
    for options in FAMILIES.values():
        RuleSet(players=8, **options)


def test_matches_are_grouped_by_deal() -> None:
    rules = RuleSet(players=2, schedule="short")
    records = tournament.run(tournament.duel_tasks(4, "greedy", "easy", rules, seed=3))
    deals = by_deal(records, "greedy")
    assert [len(deal) for deal in deals] == [2, 2]
    first = records[0]
    mine = first.totals[first.task.seats.index("greedy")]
    assert deals[0][0] == (mine, sum(first.totals) - mine)
