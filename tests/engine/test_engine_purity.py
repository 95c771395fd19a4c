"""The engine is pure: no pygame, no global random, and the public names are exported."""

from __future__ import annotations

import random

import game.engine
from game.engine import Match, RuleSet
from tests.engine.match_tools import random_action
from tests.isolated import run_isolated


def test_importing_the_engine_does_not_import_pygame() -> None:
    result = run_isolated("import sys, game.engine; sys.exit('pygame' in sys.modules)")
    assert result.returncode == 0, result.stderr or "game.engine imported pygame"


def test_the_engine_never_uses_the_global_random() -> None:
    random.seed(99)
    state = random.getstate()
    match = Match.new(RuleSet(players=3, schedule="short"), 5)
    rng = random.Random(5)
    while match.round_index < 2:
        match.apply(random_action(match, rng, greed=1.0))
    Match.from_json(match.to_json(), verify=True)
    assert random.getstate() == state


def test_public_names() -> None:
    expected = {
        "Card",
        "Rank",
        "Suit",
        "parse_cards",
        "RuleSet",
        "Match",
        "PlayerView",
        "Draw",
        "Discard",
        "DrawSource",
        "Phase",
        "IllegalMoveError",
        "Meld",
        "MeldKind",
        "Arrangement",
        "LayOff",
        "best_arrangement",
        "min_penalty",
    }
    assert expected <= set(game.engine.__all__)
    assert all(hasattr(game.engine, name) for name in game.engine.__all__)
