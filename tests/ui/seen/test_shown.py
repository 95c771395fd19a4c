"""The table's picture, built from events alone, always agrees with the engine."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.engine.cards import Card, Rank, Suit
from game.engine.events import Discarded, TookDiscard
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.engine.view import public_card
from game.ui.seen.shown import ShownTable


@pytest.mark.parametrize(
    "rules",
    [
        pytest.param(RuleSet(), marks=pytest.mark.slow),
        RuleSet(jokers=2, schedule="short"),
        pytest.param(RuleSet(lay_off=True, discard_taken_card=True), marks=pytest.mark.slow),
    ],
    ids=["default", "jokers-short", "lay-off"],
)
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_events_rebuild_the_table(rules: RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    match = Match.new(rules, seed)
    shown = ShownTable(rules)
    for event in match.opening_events():
        shown.follow(event)
    while not match.is_over:
        round_before = match.round_index
        for event in match.apply(rng.choice(match.legal_actions())):
            shown.follow(event)
        if match.is_over or match.round_index != round_before:
            assert list(shown.totals) == list(match.totals)
            continue
        assert [Counter(hand) for hand in shown.hands] == [Counter(h) for h in match.hands]
        assert shown.discard == list(match.discard_pile)
        assert shown.stock_count == len(match.stock)
        public = match.view_for(0).known_cards  # what the table may know of the others
        assert [Counter(map(public_card, k)) for k in shown.known[1:]] == [
            Counter(map(public_card, k)) for k in public[1:]
        ]
        assert shown.round_index == match.round_index
        assert shown.wild_rank == match.wild_rank
        assert (shown.current_seat, shown.phase) == (match.current_seat, match.phase)
    assert shown.round_scores == list(match.round_scores)


def test_throwing_the_twin_of_a_taken_card_is_no_longer_known() -> None:
    """Two 7♥ cannot be told apart: after throwing either, Left is not known to hold one."""
    taken, twin = Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.SEVEN, Suit.HEARTS, copy=1)
    shown = ShownTable(RuleSet())
    shown.discard, shown.hands[1] = [taken], [twin, Card(Rank.TWO, Suit.CLUBS)]
    shown.follow(TookDiscard(1, taken))
    assert shown.known[1] == [taken]
    shown.follow(Discarded(1, twin))
    assert shown.known[1] == [] and sorted(shown.hands[1]) == sorted(
        [taken, Card(Rank.TWO, Suit.CLUBS)]
    )
