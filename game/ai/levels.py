"""The AI levels, each said once: its name, its words and the policy that plays it.

Settings, saves, statistics and ``--level`` know a level by its :attr:`Level.name`; the
table shows its :attr:`Level.label`, the settings screen its :attr:`Level.explanation`;
the registry makes its seat with :attr:`Level.factory`. The words are English, marked for
the catalogues (``N_``): whoever shows them passes them through ``game.i18n._``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.i18n import N_

if TYPE_CHECKING:  # each level's class, imported when a seat is made (named for bundlers)
    import game.ai.easy
    import game.ai.greedy
    import game.ai.planner
    import game.ai.random_policy  # noqa: F401
    from game.ai.policy import PolicyFactory


@dataclass(frozen=True, slots=True)
class Level:
    """One built-in policy, as every part of the game names and plays it."""

    name: str
    """What the settings, saves, statistics and the command line call it."""
    label: str
    """What the table calls it, e.g. ``Hard`` (marked for translation)."""
    policy: str
    """Where its policy class is, ``module:ClassName`` (imported when a seat is made, so
    that naming the levels, as the settings and the title do, loads no AI)."""
    explanation: str = ""
    """What the settings screen says of it (marked for translation); only the levels offered
    to the player have one."""

    @property
    def factory(self) -> PolicyFactory:
        """Makes a seat that plays at this level."""
        module, _, name = self.policy.partition(":")
        factory: PolicyFactory = getattr(importlib.import_module(module), name)
        return factory

    @property
    def offered(self) -> bool:
        """True if a player may choose this level for a seat (it is explained)."""
        return bool(self.explanation)


BUILT_IN_LEVELS = (
    Level("random", N_("Random"), "game.ai.random_policy:RandomPolicy"),
    Level(
        "easy",
        N_("Easy"),
        "game.ai.easy:EasyPolicy",
        N_("A casual player: goes out when it can, misses a useful card now and then"),
    ),
    Level("greedy", N_("Greedy"), "game.ai.greedy:GreedyPolicy"),
    Level(
        "normal",
        N_("Normal"),
        "game.ai.planner:NormalPolicy",
        N_("Counts its outs, keeps flexible melds, avoids feeding the next seat"),
    ),
    Level(
        "hard",
        N_("Hard"),
        "game.ai.planner:HardPolicy",
        N_("Weighs more discards and every chance to meld: the strongest seat"),
    ),
)
"""Every built-in policy, weakest first; the unexplained ones (random, greedy) are
yardsticks for the tests and the tournaments, not offered at the table."""
LEVELS_BY_NAME = {level.name: level for level in BUILT_IN_LEVELS}
"""Each built-in level by its name."""
OFFERED_LEVELS = tuple(level.name for level in BUILT_IN_LEVELS if level.offered)
"""The names of the levels a player can choose, weakest first."""
TEACHER = Level("teacher", N_("Teacher"), "game.ai.teacher:TeacherPolicy")
"""The other seat of Learn to play: named like a level, never offered, never in a tournament."""
