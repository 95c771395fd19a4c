"""Each level is one record: every level offered plays, and every part of the game that names
levels reads the record (a level added without words or a factory fails here)."""

from __future__ import annotations

import random

import pytest

from game.ai.levels import BUILT_IN_LEVELS, LEVELS_BY_NAME, OFFERED_LEVELS, Level
from game.ai.registry import POLICIES, policy_factory
from game.engine.match import Match
from game.engine.rules import RuleSet
from game.profile.player_stats import LEVEL_KEYS, level_key
from game.profile.settings import Settings
from game.ui.command_line import parse_options
from game.words.seat_words import policy_label

OFFERED = [LEVELS_BY_NAME[name] for name in OFFERED_LEVELS]


@pytest.mark.parametrize("level", OFFERED, ids=OFFERED_LEVELS)
def test_every_offered_level_plays_a_round(level: Level) -> None:
    """Its factory at every seat plays the first round through the engine, legally."""
    match = Match.new(RuleSet(), seed=5)
    seats = [level.factory(random.Random(f"{level.name}/{seat}")) for seat in range(4)]
    while match.round_index == 0 and not match.is_over:
        seat = match.current_seat
        action = seats[seat].choose(match.view_for(seat))
        assert match.why_illegal(action) is None, f"{level.name} chose {action}"
        match.apply(action)
    assert match.round_scores, f"{level.name} did not finish a round"


def test_only_the_yardsticks_go_unexplained() -> None:
    """A level is offered when the settings can explain it: one added without its words is
    not offered, and this list says so."""
    assert [level.name for level in BUILT_IN_LEVELS if not level.offered] == ["random", "greedy"]
    assert OFFERED_LEVELS == ("easy", "normal", "hard")
    assert all(level.label and level.explanation for level in OFFERED)


@pytest.mark.parametrize("level", BUILT_IN_LEVELS, ids=[level.name for level in BUILT_IN_LEVELS])
def test_the_registry_and_the_table_read_the_record(level: Level) -> None:
    assert POLICIES[level.name] is level.factory is policy_factory(level.name)
    assert level.factory(random.Random(0)).name == level.name
    assert policy_label(level.name) == level.label


def test_the_offered_levels_are_the_ones_settings_statistics_and_the_command_line_take() -> None:
    for name in OFFERED_LEVELS:
        assert Settings(levels=(name,) * 3).levels == (name,) * 3
        assert parse_options(["--level", name]).level == name
        assert level_key(dict.fromkeys((1, 2, 3), name), 4) == name
    assert LEVEL_KEYS[: len(OFFERED_LEVELS)] == OFFERED_LEVELS
    for name in set(POLICIES) - set(OFFERED_LEVELS):
        with pytest.raises(ValueError, match="level must be one of"):
            Settings(levels=(name,) * 3)
        assert level_key(dict.fromkeys((1, 2, 3), name), 4) == "custom"
