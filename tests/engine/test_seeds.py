"""One rule for seeds, whether a match is new or loaded."""

from __future__ import annotations

import pytest

from game.engine.match import Match
from game.engine.rules import RuleSet


@pytest.mark.parametrize("seed", ["abc", 1.5, True, False, None, [1], "7"])
def test_a_seed_refused_when_loaded_is_refused_for_a_new_match(seed: object) -> None:
    message = f"seed must be int, not {seed!r}"
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        Match.new(RuleSet(players=2), seed)  # type: ignore[arg-type]
    document = Match.new(RuleSet(players=2), 3).to_json()
    document["seed"] = seed
    with pytest.raises(ValueError) as loaded:
        Match.from_json(document)
    assert str(loaded.value) == message


@pytest.mark.parametrize("seed", [0, -5, 2**70])
def test_a_seed_accepted_for_a_new_match_loads(seed: int) -> None:
    match = Match.new(RuleSet(players=2), seed)
    assert match.seed == seed
    assert Match.from_json(match.to_json()) == match


def test_rules_must_be_a_rule_set() -> None:
    with pytest.raises(ValueError, match="rules must be a RuleSet"):
        Match.new({"players": 2}, 1)  # type: ignore[arg-type]
