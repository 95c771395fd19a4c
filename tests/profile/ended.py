"""Short matches to end, keep and file, played by the AI (a two-seat short schedule: quick)."""

from __future__ import annotations

import random

from game.engine.match import Match
from game.engine.rules import RuleSet
from game.profile.kept_match import KeptMatch
from game.profile.saved_match import SavedMatch
from game.seats.messages import savable_rng_state
from tools.make_history_fixture import played

SHORT = RuleSet(players=2, schedule="short")
NAMES = ("Top",)
POLICIES = {1: "greedy"}


def almost_over(seed: int) -> Match:
    """A short match of ``seed`` one action from its end."""
    whole = played(SHORT, seed, ("greedy", "greedy"))
    return played(SHORT, seed, ("greedy", "greedy"), actions=len(whole.actions) - 1)


def finished(seed: int) -> KeptMatch:
    """A short match of ``seed`` played to its end, as the table keeps it."""
    return KeptMatch.of(played(SHORT, seed, ("greedy", "greedy")), NAMES, POLICIES)


def saved(match: Match) -> SavedMatch:
    """``match`` (not over) as the table saves it."""
    stream = savable_rng_state(random.Random(1).getstate())
    assert stream is not None
    return SavedMatch(match, dict(POLICIES), NAMES, tuple(match.hands[0]), {1: stream}, 0)
