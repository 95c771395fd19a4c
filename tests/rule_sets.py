"""Hypothesis strategies for rule sets."""

from __future__ import annotations

from hypothesis import strategies as st

from game.engine.rules import ALLOWED, RuleSet


def rule_sets() -> st.SearchStrategy[RuleSet]:
    """Any valid RuleSet, each field drawn from its :data:`ALLOWED` values."""
    return st.fixed_dictionaries(
        {name: st.sampled_from(values) for name, values in ALLOWED.items()}
    ).map(lambda chosen: RuleSet(**chosen))
