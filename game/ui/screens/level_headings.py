"""How the statistics name the opponents' levels: a column's heading, a bar's label."""

from __future__ import annotations

from game.ai.levels import BUILT_IN_LEVELS
from game.i18n import N_
from game.profile.player_stats import CUSTOM, MIXED

LEVEL_HEADINGS = {
    **{level.name: level.label for level in BUILT_IN_LEVELS},
    MIXED: N_("Mixed"),
    CUSTOM: N_("Custom"),
}
"""Per level key: a level as the table names it, or how the seats were mixed (English)."""
