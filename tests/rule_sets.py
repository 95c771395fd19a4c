"""Hypothesis strategies for rule sets."""

from __future__ import annotations

from hypothesis import strategies as st

from game.engine.rules import ALLOWED, RuleSet


def rule_sets() -> st.SearchStrategy[RuleSet]:
    """Any valid RuleSet, each field drawn from its :data:`ALLOWED` values."""
    return st.fixed_dictionaries(
        {name: st.sampled_from(values) for name, values in ALLOWED.items()}
    ).map(lambda chosen: RuleSet(**chosen))


EVERYTHING_CHANGED = RuleSet(
    players=7,
    jokers=2,
    joker_penalty=25,
    wild_penalty=0,
    max_wilds_per_meld=1,
    all_wild_melds=False,
    aces="low_or_high",
    ace_high_penalty=1,
    face_values="rank",
    discard_taken_card=True,
    schedule="6-14",
    double_penalties="last_three",
    tie="shared",
    lay_off=True,
    contracts=True,
    free_jokers=True,
    table="open",
)
"""Every option away from its default."""

EVERY_NEW_OPTION = RuleSet(
    players=3,
    schedule="short",
    table="open",
    contracts=True,
    lay_off="all",
    free_jokers=True,
    jokers=2,
)
"""The seeds' other games all at once (the open table, contracts, the redemption round, jokers
thrown onto melds), in a short match of three."""
