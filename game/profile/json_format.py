"""The one rule for every JSON file the game keeps: an object with an integer ``"format"``,
an earlier format upgraded as it is read.

The mechanism is the engine's (:mod:`game.engine.formats`, which the engine's own match
document uses too); the profile reads through it: :meth:`~game.profile.folder.Profile.read`
brings each file to its kind's ``FORMAT`` with the kind's ``UPGRADES`` before parsing it.
"""

from __future__ import annotations

from game.engine.formats import (
    NO_UPGRADES,
    FormatError,
    Step,
    UpgradeError,
    Upgrades,
    missing_steps,
    upgraded,
)

__all__ = [
    "NO_UPGRADES",
    "FormatError",
    "Step",
    "UpgradeError",
    "Upgrades",
    "missing_steps",
    "upgraded",
]
