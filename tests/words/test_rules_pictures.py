"""The rules' pictures hold under the rule set they are shown for, and are left out where
they would not."""

from __future__ import annotations

from game.engine.cards import wild_rank_for
from game.engine.open_table import readings
from game.engine.rules import RuleSet
from game.words.rules_pictures import (
    going_out_pictures,
    meld_pictures,
    open_table_pictures,
    scoring_pictures,
    wild_pictures,
)


def test_the_wild_stands_in_under_every_limit_of_wilds() -> None:
    for rules in (RuleSet(), RuleSet(max_wilds_per_meld=1)):
        (picture,) = wild_pictures(rules)
        assert readings(picture.cards, wild_rank_for(5), rules)
        assert picture.marks == ("", "=10♣", "")


def test_the_pictured_melds_are_melds() -> None:
    for picture in meld_pictures(RuleSet()):
        assert readings(picture.cards, None, RuleSet())


def test_the_scored_hand_counts_by_the_rules_in_force() -> None:
    (base,) = scoring_pictures(RuleSet())
    assert base.marks == ("10", "8") and "= 18" in base.caption
    (by_rank,) = scoring_pictures(RuleSet(face_values="rank"))
    assert by_rank.marks == ("12", "8") and "= 20" in by_rank.caption


def test_contracts_and_the_open_table_only_when_on() -> None:
    assert len(going_out_pictures(RuleSet())) == 1
    assert len(going_out_pictures(RuleSet(contracts=True))) == 2
    assert not open_table_pictures(RuleSet()) and open_table_pictures(RuleSet(table="open"))
